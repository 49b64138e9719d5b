//! The registry of people as operations keep it (issue 37): a person is one
//! player across events — names in every form given, FIDE and national
//! ids, federation, sex, year of birth, title, club, the club ladder's
//! grade points — with the ratings the imported lists give them.
//!
//! - Registering a person who looks like one already registered (a name
//!   within a typing error, across orders and scripts: `registry::names`)
//!   is 409 `possible_duplicate` with the candidates, unless the request
//!   says it is someone else (`not_a_duplicate`); a FIDE id or national id
//!   registered already is 409 `person_exists`.
//! - A field set by hand is recorded in `local_edits`; a later list leaves
//!   it be ([`refresh_from_list`]).
//! - Search ([`search`]) reads the people and the latest ready list of each
//!   name, by FIDE id or by name.

use serde::Serialize;
use sqlx::AnyConnection;
use uuid::Uuid;

use registry::names::{NameKeys, is_han, pinyin_name};
use registry::{ListEntry, RatingKind};

use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::model::players::{check_federation, check_sex, check_title};
use crate::model::settings::check_name;
use crate::state::AppState;
use crate::store;
use crate::store::people::{PersonEventRow, PersonRow};
use crate::store::rating_lists::{EntryRow, ListRow};
use crate::time::now_text;

/// A person's fields as a request gives them (`None`: not given).
#[derive(Debug, Clone, Default)]
pub(crate) struct PersonInput {
    pub name: Option<String>,
    pub latin_name: Option<String>,
    pub chinese_name: Option<String>,
    pub pinyin: Option<String>,
    pub fide_id: Option<u64>,
    pub national_id: Option<String>,
    pub national_federation: Option<String>,
    pub federation: Option<String>,
    pub sex: Option<String>,
    pub birth_year: Option<u16>,
    pub title: Option<String>,
    pub club: Option<String>,
    pub grade_points: Option<u32>,
}

impl PersonInput {
    fn check(&self) -> Result<(), ApiError> {
        for (field, value) in [
            ("name", &self.name),
            ("latin_name", &self.latin_name),
            ("chinese_name", &self.chinese_name),
            ("pinyin", &self.pinyin),
            ("club", &self.club),
        ] {
            if let Some(v) = value {
                check_name(field, v)?;
            }
        }
        if let Some(id) = self.fide_id {
            crate::model::players::check_fide_id(id)?;
        }
        if let Some(id) = &self.national_id
            && (id.is_empty()
                || id.len() > 32
                || id.chars().any(char::is_control)
                || crate::engine::check_visible("national_id", id).is_err())
        {
            return Err(ApiError::invalid_field(
                "national_id",
                "1 to 32 printable characters",
            ));
        }
        for (field, value) in [
            ("national_federation", &self.national_federation),
            ("federation", &self.federation),
        ] {
            if let Some(v) = value {
                check_federation(field, v)?;
            }
        }
        if self.national_id.is_some() != self.national_federation.is_some()
            && self.national_id.is_some()
        {
            return Err(ApiError::invalid_field(
                "national_federation",
                "a national id needs the federation that gave it",
            ));
        }
        if let Some(sex) = &self.sex {
            check_sex("sex", sex)?;
        }
        if self.birth_year.is_some_and(|y| !(1850..=2100).contains(&y)) {
            return Err(ApiError::invalid_field(
                "birth_year",
                "a year from 1850 to 2100",
            ));
        }
        if let Some(t) = &self.title {
            check_title("title", t)?;
        }
        if self.grade_points.is_some_and(|p| p > 100_000) {
            return Err(ApiError::invalid_field(
                "grade_points",
                "must be between 0 and 100000",
            ));
        }
        Ok(())
    }
}

/// The search keys of every form of a person's name, space-separated.
pub(crate) fn name_keys(p: &PersonRow) -> String {
    let mut keys: Vec<String> = Vec::new();
    for form in [
        Some(&p.name),
        p.latin_name.as_ref(),
        p.chinese_name.as_ref(),
        p.pinyin.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        for k in NameKeys::of(form).all() {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    keys.join(" ")
}

pub(crate) fn keys_of(p: &PersonRow) -> NameKeys {
    NameKeys::from_keys(
        p.name_keys
            .split(' ')
            .filter(|k| !k.is_empty())
            .map(str::to_owned),
    )
}

/// Applies `input` onto `p`; `by_hand` records each field given in
/// `local_edits`.
fn apply(p: &mut PersonRow, input: &PersonInput, by_hand: bool) {
    let mut edited: Vec<String> = p
        .local_edits
        .split(',')
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
        .collect();
    let mut mark = |field: &str| {
        if by_hand && !edited.iter().any(|f| f == field) {
            edited.push(field.to_owned());
        }
    };
    macro_rules! set {
        ($field:ident, $value:expr) => {
            if let Some(v) = &input.$field {
                p.$field = $value(v);
                mark(stringify!($field));
            }
        };
    }
    if let Some(name) = &input.name {
        p.name = name.clone();
        mark("name");
    }
    set!(latin_name, |v: &String| Some(v.clone()));
    set!(chinese_name, |v: &String| Some(v.clone()));
    set!(pinyin, |v: &String| Some(v.clone()));
    set!(fide_id, |v: &u64| i64::try_from(*v).ok());
    set!(national_id, |v: &String| Some(v.clone()));
    set!(national_federation, |v: &String| Some(v.clone()));
    set!(federation, |v: &String| Some(v.clone()));
    set!(sex, |v: &String| Some(v.clone()));
    set!(birth_year, |v: &u16| Some(i64::from(*v)));
    set!(title, |v: &String| Some(v.clone()));
    set!(club, |v: &String| Some(v.clone()));
    if let Some(points) = input.grade_points {
        p.grade_points = Some(i64::from(points));
    }
    // A Chinese name given without its pinyin gets it (and the reverse
    // form: a name written in characters is the Chinese name).
    if p.chinese_name.is_none() && p.name.chars().any(is_han) {
        p.chinese_name = Some(p.name.clone());
    }
    if p.pinyin.is_none()
        && let Some(py) = p.chinese_name.as_deref().and_then(pinyin_name)
    {
        p.pinyin = Some(py);
    }
    p.local_edits = edited.join(",");
    p.name_keys = name_keys(p);
}

fn blank(id: String, now: &str) -> PersonRow {
    PersonRow {
        id,
        name: String::new(),
        latin_name: None,
        chinese_name: None,
        pinyin: None,
        name_keys: String::new(),
        fide_id: None,
        national_id: None,
        national_federation: None,
        federation: None,
        sex: None,
        birth_year: None,
        title: None,
        club: None,
        grade_points: None,
        local_edits: String::new(),
        created_at: now.to_owned(),
        updated_at: now.to_owned(),
    }
}

/// A registered person who looks like the one being added.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Candidate {
    pub person_id: String,
    pub name: String,
    pub fide_id: Option<i64>,
    pub federation: Option<String>,
    pub birth_year: Option<i64>,
    /// Edits between the names (0: the same name in another order or script).
    pub distance: usize,
}

/// The registered people whose name is within a typing error of `name`
/// (closest first), or who carry `fide_id`.
pub(crate) async fn lookalikes(
    conn: &mut AnyConnection,
    name: &str,
    fide_id: Option<u64>,
) -> Result<Vec<Candidate>, ApiError> {
    let query = NameKeys::of(name);
    let mut out: Vec<Candidate> = Vec::new();
    for p in store::people::list(&mut *conn).await? {
        let same_id = fide_id.is_some_and(|id| p.fide_id == i64::try_from(id).ok());
        let distance = if same_id {
            Some(0)
        } else {
            query.distance(&keys_of(&p))
        };
        if let Some(distance) = distance {
            out.push(Candidate {
                person_id: p.id,
                name: p.name,
                fide_id: p.fide_id,
                federation: p.federation,
                birth_year: p.birth_year,
                distance,
            });
        }
    }
    out.sort_by(|a, b| {
        a.distance
            .cmp(&b.distance)
            .then_with(|| a.name.cmp(&b.name))
    });
    out.truncate(10);
    Ok(out)
}

/// 409 `possible_duplicate` with the candidates.
pub(crate) fn duplicate_error(name: &str, candidates: &[Candidate]) -> ApiError {
    let mut details = serde_json::Map::new();
    details.insert(
        "candidates".into(),
        serde_json::to_value(candidates).unwrap_or_default(),
    );
    ApiError::Detailed {
        status: axum::http::StatusCode::CONFLICT,
        code: "possible_duplicate".into(),
        message: format!(
            "'{name}' looks like {} registered already ({}): link to one (person_id) or say it \
             is someone else (not_a_duplicate: true)",
            if candidates.len() == 1 {
                "a person"
            } else {
                "people"
            },
            candidates
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        article: None,
        details,
    }
}

async fn check_ids_free(conn: &mut AnyConnection, p: &PersonRow) -> Result<(), ApiError> {
    if let Some(id) = p.fide_id
        && let Some(other) = store::people::by_fide_id(&mut *conn, id).await?
        && other.id != p.id
    {
        return Err(ApiError::conflict(
            "person_exists",
            format!(
                "FIDE id {id} is registered already: {} ({})",
                other.name, other.id
            ),
        ));
    }
    if let (Some(fed), Some(nid)) = (&p.national_federation, &p.national_id)
        && let Some(other) = store::people::by_national_id(&mut *conn, fed, nid).await?
        && other.id != p.id
    {
        return Err(ApiError::conflict(
            "person_exists",
            format!(
                "{fed} id {nid} is registered already: {} ({})",
                other.name, other.id
            ),
        ));
    }
    Ok(())
}

/// Registers a person (an organiser or the administrator), audited.
pub(crate) async fn create(
    state: &AppState,
    actor: &Actor,
    input: PersonInput,
    not_a_duplicate: bool,
) -> Result<PersonRow, ApiError> {
    actor.require(Permission::Registry, "", None)?;
    input.check()?;
    let Some(name) = input.name.clone() else {
        return Err(ApiError::invalid_field("name", "a person needs a name"));
    };
    let (_write, mut tx) = state.db().begin().await?;
    let now = now_text();
    let mut person = blank(Uuid::new_v4().to_string(), &now);
    apply(&mut person, &input, true);
    check_ids_free(&mut tx, &person).await?;
    if !not_a_duplicate {
        let candidates = lookalikes(&mut tx, &name, None).await?;
        if !candidates.is_empty() {
            return Err(duplicate_error(&name, &candidates));
        }
    }
    insert(&mut tx, actor, &person).await?;
    tx.commit().await?;
    Ok(person)
}

async fn insert(
    conn: &mut AnyConnection,
    actor: &Actor,
    person: &PersonRow,
) -> Result<(), ApiError> {
    store::people::insert(&mut *conn, person)
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict(
                    "person_exists",
                    "that FIDE id or national id is registered already",
                )
            } else {
                e.into()
            }
        })?;
    audit::record(
        conn,
        actor,
        None,
        "create",
        "person",
        &person.id,
        None,
        Some(&serde_json::to_value(person)?),
    )
    .await?;
    Ok(())
}

/// A person made from a list's line (registering a player found in a
/// list); the list's fields are not local edits.
pub(crate) async fn create_from_entry(
    conn: &mut AnyConnection,
    actor: &Actor,
    list: &ListRow,
    entry: &ListEntry,
) -> Result<PersonRow, ApiError> {
    let now = now_text();
    let mut person = blank(Uuid::new_v4().to_string(), &now);
    person.name = entry.name.clone();
    apply(&mut person, &from_entry(list, entry), false);
    check_ids_free(conn, &person).await?;
    insert(conn, actor, &person).await?;
    Ok(person)
}

/// A new person from a player's data (a player registered with
/// `register: true`); a lookalike was ruled out by the caller.
pub(crate) async fn create_for_player(
    conn: &mut AnyConnection,
    actor: &Actor,
    name: &str,
    details: &crate::model::players::PlayerDetails,
) -> Result<PersonRow, ApiError> {
    let now = now_text();
    let mut person = blank(Uuid::new_v4().to_string(), &now);
    let input = PersonInput {
        name: Some(name.to_owned()),
        fide_id: details.fide_id,
        federation: details.federation.clone(),
        sex: details.sex.clone(),
        birth_year: details
            .birth_date
            .as_deref()
            .and_then(|d| d.get(..4))
            .and_then(|y| y.parse().ok()),
        title: details.title.clone(),
        club: details.club.clone(),
        grade_points: details.grade_points,
        ..PersonInput::default()
    };
    input.check()?;
    apply(&mut person, &input, false);
    check_ids_free(conn, &person).await?;
    insert(conn, actor, &person).await?;
    Ok(person)
}

/// What the registry says of an imported player: linked to the person with
/// their FIDE id, or people who look alike (the importer links by hand).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RegistryNote {
    pub start_number: i64,
    pub name: String,
    /// The person the player was linked to (the same FIDE id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linked_person_id: Option<String>,
    /// Registered people who look alike (not linked).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
}

/// Links an imported player to the person with their FIDE id, or names the
/// people who look alike.
pub(crate) async fn match_player(
    conn: &mut AnyConnection,
    player: &mut store::players::PlayerRow,
) -> Result<Option<RegistryNote>, ApiError> {
    if let Some(id) = player.details.fide_id.and_then(|i| i64::try_from(i).ok())
        && let Some(person) = store::people::by_fide_id(&mut *conn, id).await?
    {
        store::players::set_person(conn, &player.id, Some(&person.id)).await?;
        player.person_id = Some(person.id.clone());
        return Ok(Some(RegistryNote {
            start_number: player.start_number,
            name: player.name.clone(),
            linked_person_id: Some(person.id),
            candidates: Vec::new(),
        }));
    }
    let candidates = lookalikes(conn, &player.name, None).await?;
    Ok((!candidates.is_empty()).then(|| RegistryNote {
        start_number: player.start_number,
        name: player.name.clone(),
        linked_person_id: None,
        candidates,
    }))
}

/// What a list's line says of a person.
fn from_entry(list: &ListRow, entry: &ListEntry) -> PersonInput {
    let han = entry.name.chars().any(is_han);
    PersonInput {
        name: Some(entry.name.clone()),
        latin_name: (!han).then(|| entry.name.clone()),
        chinese_name: han.then(|| entry.name.clone()),
        pinyin: None,
        fide_id: entry.fide_id,
        national_id: entry.national_id.clone(),
        national_federation: entry.national_id.as_ref().and(list.federation.clone()),
        federation: entry.federation.clone().or_else(|| list.federation.clone()),
        sex: entry.sex.map(String::from),
        birth_year: entry.birth_year,
        title: entry.title.clone(),
        club: None,
        grade_points: None,
    }
}

/// Brings the registered people found in a newly ready list up to date,
/// leaving every field set by hand; how many changed.
pub(crate) async fn refresh_from_list(
    conn: &mut AnyConnection,
    list: &ListRow,
) -> Result<usize, ApiError> {
    let people = match &list.federation {
        None => store::people::with_fide_ids_in(&mut *conn, &list.id).await?,
        Some(fed) => store::people::with_national_ids(&mut *conn, fed).await?,
    };
    let mut changed = 0;
    for mut p in people {
        let entry = match (&list.federation, p.fide_id, &p.national_id) {
            (None, Some(id), _) => {
                store::rating_lists::by_fide_id(&mut *conn, &list.id, id).await?
            }
            (Some(_), _, Some(nid)) => {
                store::rating_lists::by_national_id(&mut *conn, &list.id, nid).await?
            }
            _ => None,
        };
        let Some(entry) = entry else { continue };
        let mut input = from_entry(list, &entry.entry());
        // Leave what was set by hand, and never rename a person to a
        // list's spelling once named in another script.
        for field in p.local_edits.split(',') {
            match field {
                "name" => input.name = None,
                "latin_name" => input.latin_name = None,
                "chinese_name" => input.chinese_name = None,
                "federation" => input.federation = None,
                "sex" => input.sex = None,
                "birth_year" => input.birth_year = None,
                "title" => input.title = None,
                _ => {}
            }
        }
        if input.chinese_name.is_some() && p.chinese_name.is_some() {
            input.chinese_name = None;
        }
        input.fide_id = None;
        input.national_id = None;
        input.national_federation = None;
        let before = p.clone();
        apply(&mut p, &input, false);
        if before.name != p.name
            || before.federation != p.federation
            || before.title != p.title
            || before.birth_year != p.birth_year
            || before.sex != p.sex
            || before.latin_name != p.latin_name
        {
            p.updated_at = now_text();
            store::people::update(&mut *conn, &p).await?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// Corrects a person (an organiser or the administrator), audited; every
/// field given becomes a local edit.
pub(crate) async fn update(
    state: &AppState,
    actor: &Actor,
    id: &str,
    input: PersonInput,
) -> Result<PersonRow, ApiError> {
    actor.require(Permission::Registry, "", None)?;
    input.check()?;
    let (_write, mut tx) = state.db().begin().await?;
    let mut person = store::people::load(&mut *tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("person"))?;
    let before = person.clone();
    apply(&mut person, &input, true);
    person.updated_at = now_text();
    check_ids_free(&mut tx, &person).await?;
    store::people::update(&mut tx, &person).await.map_err(|e| {
        if e.is_unique_violation() {
            ApiError::conflict(
                "person_exists",
                "that FIDE id or national id is registered already",
            )
        } else {
            ApiError::from(e)
        }
    })?;
    audit::record(
        &mut tx,
        actor,
        None,
        "update",
        "person",
        id,
        Some(&serde_json::to_value(&before)?),
        Some(&serde_json::to_value(&person)?),
    )
    .await?;
    tx.commit().await?;
    Ok(person)
}

/// Removes a person from the registry (their events' players stay,
/// unlinked), audited.
pub(crate) async fn delete(state: &AppState, actor: &Actor, id: &str) -> Result<(), ApiError> {
    actor.require(Permission::Registry, "", None)?;
    let (_write, mut tx) = state.db().begin().await?;
    let person = store::people::load(&mut *tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("person"))?;
    store::people::delete(&mut tx, id).await?;
    audit::record(
        &mut tx,
        actor,
        None,
        "delete",
        "person",
        id,
        Some(&serde_json::to_value(&person)?),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// One rating of a person, from one list.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ListedRating {
    pub list: String,
    pub month: String,
    /// `standard`, `rapid` or `blitz`.
    pub kind: &'static str,
    pub rating: u16,
    pub games: u16,
    pub k: Option<u8>,
    pub inactive: bool,
}

fn ratings_of(list: &ListRow, entry: &EntryRow) -> Vec<ListedRating> {
    let e = entry.entry();
    RatingKind::ALL
        .into_iter()
        .filter_map(|kind| {
            e.rating(kind).map(|c| ListedRating {
                list: list.name.clone(),
                month: list.month.clone(),
                kind: kind.name(),
                rating: c.rating,
                games: c.games,
                k: c.k,
                inactive: e.inactive,
            })
        })
        .collect()
}

/// A person with what the lists and the closed events say of them.
#[derive(Debug, Clone)]
pub(crate) struct PersonRecord {
    pub person: PersonRow,
    /// The latest ready list of each name that has them.
    pub ratings: Vec<ListedRating>,
    /// Every list month that has them, oldest first.
    pub history: Vec<ListedRating>,
    /// Closed events, in the order they were closed, with each event's name.
    pub events: Vec<(PersonEventRow, String)>,
    /// Every event they are a player of: (id, name, created at, start number).
    pub tournaments: Vec<(String, String, String, i64)>,
}

/// Person `id` with their ratings, history and events (anyone may read).
pub(crate) async fn record(state: &AppState, id: &str) -> Result<PersonRecord, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let person = store::people::load(&mut *conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("person"))?;
    let national = person
        .national_federation
        .as_deref()
        .zip(person.national_id.as_deref());
    let lines = store::rating_lists::history(&mut conn, person.fide_id, national).await?;
    let mut latest: Vec<(String, String)> = Vec::new();
    for (list, _) in &lines {
        match latest.iter_mut().find(|(n, _)| *n == list.name) {
            Some(l) if l.1 < list.month => l.1 = list.month.clone(),
            Some(_) => {}
            None => latest.push((list.name.clone(), list.month.clone())),
        }
    }
    let history: Vec<ListedRating> = lines.iter().flat_map(|(l, e)| ratings_of(l, e)).collect();
    let ratings = history
        .iter()
        .filter(|r| latest.iter().any(|(n, m)| *n == r.list && *m == r.month))
        .cloned()
        .collect();
    let events = store::people::events_of(&mut *conn, id).await?;
    let tournaments = store::people::tournaments_of(&mut *conn, id).await?;
    Ok(PersonRecord {
        person,
        ratings,
        history,
        events,
        tournaments,
    })
}

/// Every registered person, by name.
pub(crate) async fn list(state: &AppState) -> Result<Vec<PersonRow>, ApiError> {
    Ok(store::people::list(state.db().pool()).await?)
}

/// The person a player is registered as: person `id`, or the person with
/// FIDE id `fide_id`, else one made from the latest FIDE list's line.
pub(crate) async fn resolve(
    conn: &mut AnyConnection,
    actor: &Actor,
    person_id: Option<&str>,
    fide_id: Option<u64>,
) -> Result<Option<PersonRow>, ApiError> {
    if let Some(id) = person_id {
        return store::people::load(&mut *conn, id)
            .await?
            .map(Some)
            .ok_or_else(|| ApiError::unprocessable("unknown_person", format!("no person {id}")));
    }
    let Some(fide_id) = fide_id.and_then(|i| i64::try_from(i).ok()) else {
        return Ok(None);
    };
    if let Some(p) = store::people::by_fide_id(&mut *conn, fide_id).await? {
        return Ok(Some(p));
    }
    for list in store::rating_lists::latest_ready(&mut *conn).await? {
        if list.federation.is_some() {
            continue;
        }
        if let Some(entry) = store::rating_lists::by_fide_id(&mut *conn, &list.id, fide_id).await? {
            return Ok(Some(
                create_from_entry(conn, actor, &list, &entry.entry()).await?,
            ));
        }
    }
    Err(ApiError::unprocessable(
        "unknown_fide_id",
        format!("FIDE id {fide_id} is neither registered nor in an imported FIDE list"),
    ))
}

/// The rating a tournament's player takes from their person: from the
/// tournament's chosen list (its name, month and kind), else the latest
/// FIDE standard rating.
pub(crate) async fn rating_for(
    conn: &mut AnyConnection,
    person: &PersonRow,
    source: Option<(&str, Option<&str>, RatingKind)>,
) -> Result<Option<(u16, &'static str)>, ApiError> {
    let (name, month, kind) = source.unwrap_or(("fide", None, RatingKind::Standard));
    let Some(list) = store::rating_lists::ready(&mut *conn, name, month).await? else {
        return Ok(None);
    };
    let entry = match (&list.federation, person.fide_id, &person.national_id) {
        (Some(fed), _, Some(nid)) if person.national_federation.as_deref() == Some(fed) => {
            store::rating_lists::by_national_id(&mut *conn, &list.id, nid).await?
        }
        (_, Some(id), _) => store::rating_lists::by_fide_id(&mut *conn, &list.id, id).await?,
        _ => None,
    };
    Ok(entry.and_then(|e| e.entry().rating(kind)).map(|c| {
        (
            c.rating,
            if list.federation.is_some() {
                "national"
            } else {
                "fide"
            },
        )
    }))
}
