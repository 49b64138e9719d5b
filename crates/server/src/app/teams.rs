//! Teams as operations read them: a tournament's team settings (or 422),
//! and every team's line-up for a round.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::model::teams::TeamSettings;
use crate::store;
use crate::store::tournaments::TournamentRow;

/// A team's line-up for a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct LineupJson {
    pub team: i64,
    /// Start numbers board by board (`null`: an empty board).
    pub players: Vec<Option<i64>>,
    /// `false`: nobody submitted one; the roster's first players in order.
    pub submitted: bool,
}

/// The line-ups of a round.
#[derive(Serialize, ToSchema)]
pub(crate) struct LineupList {
    /// By team number.
    pub lineups: Vec<LineupJson>,
}

/// Every team's line-up for `round`: the one submitted, else the default
/// (the roster's first `boards` players, `Lineup::default_for`).
pub(crate) async fn round_lineups(
    conn: &mut AnyConnection,
    id: &str,
    settings: &TeamSettings,
    round: i64,
) -> Result<Vec<LineupJson>, ApiError> {
    let teams = store::teams::list(&mut *conn, id).await?;
    let mut submitted = store::teams::lineups(&mut *conn, id, round).await?;
    let event = store::model::to_team_event(settings, &teams);
    Ok(teams
        .iter()
        .map(|t| match submitted.remove(&t.number) {
            Some(players) => LineupJson {
                team: t.number,
                players,
                submitted: true,
            },
            None => LineupJson {
                team: t.number,
                players: u32::try_from(t.number)
                    .ok()
                    .and_then(|n| tournament::team::Lineup::default_for(&event, n))
                    .map(|l| l.players.iter().map(|p| p.map(i64::from)).collect())
                    .unwrap_or_default(),
                submitted: false,
            },
        })
        .collect())
}

/// The tournament's team settings, or 422 `not_a_team_event`.
pub(crate) fn settings(tournament: &TournamentRow) -> Result<TeamSettings, ApiError> {
    tournament.teams.clone().ok_or_else(|| {
        ApiError::unprocessable(
            "not_a_team_event",
            "this tournament has no teams (set `teams` on it first)",
        )
    })
}
