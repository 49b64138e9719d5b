//! Closing an event and the club's grade-points ladder (issue 37).
//!
//! Closing stores, on every registered person who played, what the event
//! did to them (`person_events`: score, games, the FIDE rating change, the
//! grade points before and after by the source texts' formulas,
//! `tournament::rating::grade_report`) and sets their current grade points;
//! a closed event refuses every change (409 `event_closed`) until it is
//! reopened. The ladder is a chain: each closed event starts a person from
//! the points the event closed before it left them. So closing or reopening
//! an event recomputes every event closed at or after it, in the order they
//! were closed — their players' starting points, their exchanges and the
//! people's current points — in the same transaction.

use std::collections::HashMap;

use serde_json::json;
use sqlx::AnyConnection;

use crate::app::reports::rating_reports;
use crate::app::tournaments::{begin_close, commit_change};
use crate::auth::Actor;
use crate::auth::audit;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::model::{ADJOURNED, load_all, to_model};
use crate::store::people::PersonEventRow;
use crate::store::tournaments::TournamentRow;
use crate::time::now_text;

/// Closes an event (an organiser or chief arbiter): every result must be
/// in; audited.
pub(crate) async fn close(
    state: &AppState,
    actor: &Actor,
    id: &str,
) -> Result<TournamentRow, ApiError> {
    let (_write, mut tx, mut tournament) = begin_close(state, actor, id).await?;
    if tournament.closed_at.is_some() {
        return Err(ApiError::conflict(
            "already_closed",
            "the event is closed already",
        ));
    }
    let loaded = load_all(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))?;
    if loaded.rounds == 0 {
        return Err(ApiError::conflict(
            "not_started",
            "no round is paired: there is nothing to close",
        ));
    }
    if let Some(b) = loaded
        .boards
        .iter()
        .find(|b| b.result.is_none() || b.result.as_deref() == Some(ADJOURNED))
    {
        return Err(ApiError::conflict(
            "results_missing",
            format!(
                "round {} board {} has no final result yet",
                b.round, b.board
            ),
        ));
    }
    let now = now_text();
    let place = store::tournaments::set_closed(&mut tx, id, Some(&now))
        .await?
        .unwrap_or_else(|| now.clone());
    recompute_from(&mut tx, &place).await?;
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "close",
        "tournament",
        id,
        None,
        Some(&json!({"closed_at": now})),
    )
    .await?;
    commit_change(tx, id).await?;
    tournament.closed_at = Some(now);
    Ok(tournament)
}

/// Reopens a closed event (an organiser or chief arbiter): what it stored
/// on the people is taken back and every event closed after it is
/// recomputed; audited.
pub(crate) async fn reopen(
    state: &AppState,
    actor: &Actor,
    id: &str,
) -> Result<TournamentRow, ApiError> {
    let (_write, mut tx, mut tournament) = begin_close(state, actor, id).await?;
    let Some(closed_at) = tournament.closed_at.clone() else {
        return Err(ApiError::conflict("not_closed", "the event is open"));
    };
    let removed = store::people::events_of_tournament(&mut *tx, id).await?;
    store::people::delete_events_of(&mut tx, id).await?;
    let place = store::tournaments::set_closed(&mut tx, id, None)
        .await?
        .unwrap_or_else(|| closed_at.clone());
    let carried = recompute_from(&mut tx, &place).await?;
    // People the reopened event was the last word on go back to the
    // points it started them from.
    for row in removed {
        if !carried.contains_key(&row.person_id) {
            store::people::set_grade_points(&mut tx, &row.person_id, row.grade_before).await?;
        }
    }
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "reopen",
        "tournament",
        id,
        Some(&json!({"closed_at": closed_at})),
        None,
    )
    .await?;
    commit_change(tx, id).await?;
    tournament.closed_at = None;
    Ok(tournament)
}

/// Recomputes every closed event whose place in the ladder is `from` or
/// later, in order; answers
/// the points each person carries out of the last of them (people of those
/// events only).
async fn recompute_from(
    conn: &mut AnyConnection,
    from: &str,
) -> Result<HashMap<String, Option<i64>>, ApiError> {
    let mut carried: HashMap<String, Option<i64>> = HashMap::new();
    for e in store::people::events_before(&mut *conn, from).await? {
        carried.insert(e.person_id, e.grade_after);
    }
    let mut touched: HashMap<String, Option<i64>> = HashMap::new();
    for (tournament_id, closed_at) in store::people::closed_since(&mut *conn, from).await? {
        let earlier: HashMap<String, Option<i64>> =
            store::people::events_of_tournament(&mut *conn, &tournament_id)
                .await?
                .into_iter()
                .map(|e| (e.person_id, e.grade_before))
                .collect();
        store::people::delete_events_of(conn, &tournament_id).await?;
        let Some(mut loaded) = load_all(conn, &tournament_id).await? else {
            continue;
        };
        // Each registered player starts from what the ladder carries.
        for player in &mut loaded.players {
            let Some(person_id) = &player.person_id else {
                continue;
            };
            let start = match carried.get(person_id) {
                Some(points) => *points,
                None => match earlier.get(person_id) {
                    Some(points) => *points,
                    None => player.details.grade_points.map(i64::from),
                },
            };
            let start = start.and_then(|p| u32::try_from(p).ok());
            if player.details.grade_points != start {
                player.details.grade_points = start;
                store::players::update(conn, player).await?;
            }
        }
        let model = to_model(&loaded)?;
        let (fide, grades) = rating_reports(&loaded, &model)?;
        let scores = model.scores_after(model.rounds_paired());
        for player in &loaded.players {
            let Some(person_id) = &player.person_id else {
                continue;
            };
            let sn = tournament::model::StartNumber::try_from(player.start_number)
                .map_err(|_| ApiError::Internal(format!("start number {}", player.start_number)))?;
            let games = model
                .rounds
                .iter()
                .flat_map(|r| &r.boards)
                .filter(|b| (b.white == sn || b.black == sn) && b.result.is_played())
                .count();
            let rating = fide.iter().find(|r| r.start_number == sn);
            let grade = grades.iter().find(|g| g.start_number == sn);
            let (grade_before, grade_after) = match (grade, player.details.grade_points) {
                (Some(g), Some(_)) => (Some(i64::from(g.before)), Some(i64::from(g.after))),
                _ => (None, None),
            };
            store::people::insert_event(
                conn,
                &PersonEventRow {
                    person_id: person_id.clone(),
                    tournament_id: tournament_id.clone(),
                    closed_at: closed_at.clone(),
                    start_number: player.start_number,
                    score: scores
                        .get(&sn)
                        .map(ToString::to_string)
                        .unwrap_or_else(|| "0".into()),
                    games: games as i64,
                    rating: rating.and_then(|r| r.rating).map(i64::from),
                    rating_change: rating
                        .and_then(|r| r.change.as_ref())
                        .map(|c| format!("{:+.2}", c.change_hundredths as f64 / 100.0)),
                    grade_before,
                    grade_after,
                },
            )
            .await?;
            if grade_after.is_some() {
                carried.insert(person_id.clone(), grade_after);
                touched.insert(person_id.clone(), grade_after);
            }
        }
        store::tournaments::bump_version(conn, &tournament_id).await?;
    }
    for (person, points) in &touched {
        store::people::set_grade_points(conn, person, *points).await?;
    }
    Ok(touched)
}

/// One rung of the ladder.
#[derive(Debug, Clone)]
pub(crate) struct Rung {
    pub rank: usize,
    pub person: store::people::PersonRow,
    pub grade: tournament::rating::grade::Grade,
    /// Closed events that moved their points, in order: (event, before, after).
    pub history: Vec<(String, i64, i64)>,
}

/// The club ladder: every registered person with grade points, most
/// points first (equal points share a rank), with their history.
pub(crate) async fn ladder(state: &AppState) -> Result<Vec<Rung>, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let mut people: Vec<_> = store::people::list(&mut *conn)
        .await?
        .into_iter()
        .filter(|p| p.grade_points.is_some())
        .collect();
    people.sort_by(|a, b| {
        b.grade_points
            .cmp(&a.grade_points)
            .then(a.name.cmp(&b.name))
    });
    let mut out: Vec<Rung> = Vec::with_capacity(people.len());
    for (i, person) in people.into_iter().enumerate() {
        let points = person.grade_points.unwrap_or(0);
        let rank = match out.last() {
            Some(last) if last.person.grade_points == person.grade_points => last.rank,
            _ => i + 1,
        };
        let history = store::people::events_of(&mut *conn, &person.id)
            .await?
            .into_iter()
            .filter_map(|(e, name)| Some((name, e.grade_before?, e.grade_after?)))
            .collect();
        out.push(Rung {
            rank,
            grade: tournament::rating::grade::Grade::of(u32::try_from(points).unwrap_or(0)),
            person,
            history,
        });
    }
    Ok(out)
}
