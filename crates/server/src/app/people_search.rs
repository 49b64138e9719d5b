//! Searching the registry and the imported lists (issue 37): by FIDE id,
//! or by name in any order, script or spelling (`registry::names`): the
//! registered people first, then the latest ready list of each name, whose
//! players are read by the ends of their names' keys (`key3`, `rev3`) and
//! measured one by one.

use registry::names::{NameKeys, as_fide_id, ends};

use crate::app::people::keys_of;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::people::PersonRow;
use crate::store::rating_lists::{EntryRow, ListRow};

/// One search result: a registered person or a list's player.
#[derive(Debug, Clone)]
pub(crate) enum Found {
    Person {
        person: Box<PersonRow>,
        distance: usize,
    },
    Listed {
        list: Box<ListRow>,
        entry: Box<EntryRow>,
        distance: usize,
        /// The registered person with this FIDE id, if any.
        person_id: Option<String>,
    },
}

impl Found {
    fn distance(&self) -> usize {
        match self {
            Found::Person { distance, .. } | Found::Listed { distance, .. } => *distance,
        }
    }

    fn rating(&self) -> i64 {
        match self {
            Found::Person { .. } => i64::MAX,
            Found::Listed { entry, .. } => entry.std_rating.unwrap_or(0),
        }
    }
}

/// People and lists' players by FIDE id or name (an organiser, a chief
/// arbiter or the administrator): the people first, then each list's
/// closest players, best rated first among equals.
pub(crate) async fn search(
    state: &AppState,
    actor: &Actor,
    query: &str,
    limit: usize,
) -> Result<Vec<Found>, ApiError> {
    if !actor.registers_players() {
        actor.require(Permission::Registry, "", None)?;
    }
    let query = query.trim();
    if query.is_empty() || query.chars().count() > 200 {
        return Err(ApiError::invalid_field(
            "q",
            "1 to 200 characters: a FIDE id or a name",
        ));
    }
    let limit = limit.clamp(1, 100);
    let mut conn = state.db().pool().acquire().await?;
    let mut found: Vec<Found> = Vec::new();
    let fide_id = as_fide_id(query).and_then(|i| i64::try_from(i).ok());
    let keys = NameKeys::of(query);
    for person in store::people::list(&mut *conn).await? {
        let distance = match fide_id {
            Some(id) => (person.fide_id == Some(id)).then_some(0),
            None => keys.prefix_distance(&keys_of(&person)),
        };
        if let Some(distance) = distance {
            found.push(Found::Person {
                person: Box::new(person),
                distance,
            });
        }
    }
    for list in store::rating_lists::latest_ready(&mut *conn).await? {
        let mut rows: Vec<(EntryRow, usize)> = Vec::new();
        if let Some(id) = fide_id {
            if let Some(e) = store::rating_lists::by_fide_id(&mut *conn, &list.id, id).await? {
                rows.push((e, 0));
            }
        } else if !keys.is_empty() {
            let (mut key3s, mut rev3s) = (Vec::new(), Vec::new());
            for k in keys.all() {
                let (a, b) = ends(k);
                if !key3s.contains(&a) {
                    key3s.push(a);
                }
                if !rev3s.contains(&b) {
                    rev3s.push(b);
                }
            }
            let candidates =
                store::rating_lists::candidates(&mut conn, &list.id, &key3s, &rev3s, 20_000)
                    .await?;
            for e in candidates {
                if let Some(d) = keys.prefix_distance(&NameKeys::of(&e.name)) {
                    rows.push((e, d));
                }
            }
        }
        for (entry, distance) in rows {
            let person_id = found.iter().find_map(|f| match f {
                Found::Person { person, .. }
                    if person.fide_id.is_some() && person.fide_id == entry.fide_id =>
                {
                    Some(person.id.clone())
                }
                _ => None,
            });
            found.push(Found::Listed {
                list: Box::new(list.clone()),
                entry: Box::new(entry),
                distance,
                person_id,
            });
        }
    }
    found.sort_by(|a, b| {
        let kind = |f: &Found| matches!(f, Found::Listed { .. });
        kind(a)
            .cmp(&kind(b))
            .then(a.distance().cmp(&b.distance()))
            .then(b.rating().cmp(&a.rating()))
    });
    found.truncate(limit);
    Ok(found)
}
