//! The rating a tournament uses (issue 37, item 4): a FIDE list's
//! standard, rapid or blitz rating (of a month, or the latest), a national
//! list's rating, or — nothing chosen — the ratings as entered by hand.
//!
//! Kept in the tournament's `details` under `rating_list`. A player
//! registered from the registry takes the chosen list's rating: a FIDE
//! list's into `rating` (the FIDE rating the pairing and the rating report
//! read), a national list's into `national_rating`. Choosing (or changing)
//! the list re-rates the players linked to people; once round 1 is paired
//! the ratings are the event's and the choice is fixed (409
//! `ratings_fixed`). The TRF's `172` stays `FIDON` — the FIDE rating if
//! defined, else the national one — which is what the pairing applies.

use registry::RatingKind;
use serde_json::{Value, json};
use sqlx::AnyConnection;

use crate::app::people;
use crate::app::tournaments::{begin_change, commit_change};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::tournaments::TournamentRow;

/// The list a tournament's ratings come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RatingSource {
    /// `fide`, or a national list's name.
    pub list: String,
    pub kind: RatingKind,
    /// `YYYY-MM`; `None`: the latest ready list of that name.
    pub month: Option<String>,
}

impl RatingSource {
    fn to_json(&self) -> Value {
        json!({"list": self.list, "kind": self.kind.name(), "month": self.month})
    }
}

/// The tournament's chosen list, if any.
pub(crate) fn of(t: &TournamentRow) -> Option<RatingSource> {
    let v = t.details.get("rating_list")?;
    Some(RatingSource {
        list: v.get("list")?.as_str()?.to_owned(),
        kind: RatingKind::parse(v.get("kind")?.as_str()?)?,
        month: v.get("month").and_then(Value::as_str).map(str::to_owned),
    })
}

/// The rating a person brings into tournament `t`: the chosen list's
/// (into `rating` for a FIDE list, `national_rating` for a national one),
/// else the latest FIDE standard rating. `(rating, national)`.
pub(crate) async fn rating_of(
    conn: &mut AnyConnection,
    t: &TournamentRow,
    person: &store::people::PersonRow,
) -> Result<(Option<u16>, Option<u16>), ApiError> {
    let source = of(t);
    let found = people::rating_for(
        conn,
        person,
        source
            .as_ref()
            .map(|s| (s.list.as_str(), s.month.as_deref(), s.kind)),
    )
    .await?;
    Ok(match found {
        Some((r, "national")) => (None, Some(r)),
        Some((r, _)) => (Some(r), None),
        None => (None, None),
    })
}

/// Chooses the list (or none: `None`) for tournament `tournament_id` (an
/// organiser or chief arbiter) and re-rates its registered players;
/// answers how many were re-rated. Audited.
pub(crate) async fn set(
    state: &AppState,
    actor: &Actor,
    tournament_id: &str,
    source: Option<RatingSource>,
) -> Result<(Option<RatingSource>, usize), ApiError> {
    if let Some(s) = &source {
        crate::app::rating_lists::check_list_name("list", &s.list)?;
        if let Some(m) = &s.month {
            crate::app::rating_lists::check_month("month", m)?;
        }
    }
    let (_write, mut tx, mut t) =
        begin_change(state, actor, Permission::Manage, tournament_id).await?;
    if store::rounds::last_paired(&mut *tx, tournament_id).await? > 0 {
        return Err(ApiError::conflict(
            "ratings_fixed",
            "round 1 is paired: the event's ratings are fixed",
        ));
    }
    if let Some(s) = &source {
        let list = store::rating_lists::ready(&mut *tx, &s.list, s.month.as_deref()).await?;
        if list.is_none() {
            return Err(ApiError::unprocessable(
                "unknown_rating_list",
                format!(
                    "no imported list '{}'{} is ready",
                    s.list,
                    s.month
                        .as_deref()
                        .map(|m| format!(" of {m}"))
                        .unwrap_or_default()
                ),
            ));
        }
    }
    let before = t.details.get("rating_list").cloned();
    if let Some(details) = t.details.as_object_mut() {
        match &source {
            Some(s) => details.insert("rating_list".into(), s.to_json()),
            None => details.remove("rating_list"),
        };
    } else {
        return Err(ApiError::Internal(format!(
            "tournament {tournament_id}: details"
        )));
    }
    t.updated_at = crate::time::now_text();
    store::tournaments::update(&mut tx, &t).await?;
    let mut rerated = 0;
    for mut player in store::players::list(&mut tx, tournament_id).await? {
        let Some(person_id) = player.person_id.clone() else {
            continue;
        };
        let Some(person) = store::people::load(&mut *tx, &person_id).await? else {
            continue;
        };
        let (rating, national) = rating_of(&mut tx, &t, &person).await?;
        let old = (player.details.rating, player.details.national_rating);
        if rating.is_some() {
            player.details.rating = rating;
        }
        if national.is_some() {
            player.details.national_rating = national;
        }
        let changed = old != (player.details.rating, player.details.national_rating);
        if changed {
            store::players::update(&mut tx, &player).await?;
            rerated += 1;
        }
    }
    audit::record(
        &mut tx,
        actor,
        Some(tournament_id),
        "rating-list",
        "tournament",
        tournament_id,
        before.as_ref(),
        source.as_ref().map(RatingSource::to_json).as_ref(),
    )
    .await?;
    commit_change(tx, tournament_id).await?;
    Ok((source, rerated))
}
