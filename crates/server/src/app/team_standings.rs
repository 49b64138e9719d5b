//! Team standings (issue 22): `GET /tournaments/{id}/team-standings`, ranked
//! by `tournament::team::compute_team_standings` — match points (the FIDE
//! default) or game points (the event's `teams.ranking`; `china-national`:
//! "team events are ranked by game points only"), then the C.07 team
//! tie-breaks of the profile's preset (`tournament::team::team_preset`:
//! `china-national`, else `fide-team`), each value with the rounds that make
//! it. Players' own standings stay at `…/standings` (every board is an
//! ordinary game of the round).

use std::collections::BTreeMap;

use serde::Serialize;
use tournament::standings::Value;
use tournament::team::{
    PrimaryScore, TeamRoundKind, TeamStandingsError, TeamStandingsOptions, compute_team_standings,
    explain_team, team_preset,
};
use utoipa::ToSchema;

use crate::app::team_rounds::{TeamData, bye_text};
use crate::error::ApiError;
use crate::store::model::Loaded;

/// One round's part in a tie-break's value.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct ContributionJson {
    pub round: u32,
    /// The opponent team, if there was one.
    pub opponent: Option<u32>,
    pub value: f64,
    /// A dummy or virtual opponent stands in for a missing one.
    pub substitute: bool,
    /// A voluntary unplayed round.
    pub vur: bool,
    /// Removed by a cut.
    pub cut: bool,
}

/// One round of a team as the tie-breaks saw it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct TeamRoundJson {
    pub round: u32,
    /// The opponent team; `null` for a bye or an absence.
    pub opponent: Option<u32>,
    /// `match`, `forfeit`, `bye` or `absent`.
    pub kind: String,
    pub match_points: f64,
    pub game_points: f64,
    /// A board of the match still has no result (the points so far).
    pub pending: bool,
    /// A bye's kind: `pairing_allocated`, `full`, `half` or `zero`.
    pub bye: Option<String>,
}

/// One team's line of the table.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct TeamStandingJson {
    pub rank: u32,
    /// The place as printed (`3-4` for a shared place).
    pub place: String,
    pub team: u32,
    pub name: String,
    pub match_points: f64,
    pub game_points: f64,
    /// Each tie-break's value by its label (`null`: not applicable).
    pub tiebreaks: BTreeMap<String, Option<f64>>,
    /// Each tie-break's working: the rounds that make its value.
    pub working: BTreeMap<String, Vec<ContributionJson>>,
    pub rounds: Vec<TeamRoundJson>,
    /// The whole standing in words (rounds, then each tie-break).
    pub explanation: String,
    /// The first round the team no longer plays (it withdrew).
    pub withdrawn_from: Option<u32>,
}

/// The ranked teams.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct TeamStandingsJson {
    /// The rounds the table counts.
    pub rounds: u32,
    /// What ranks the teams first: `match_points` or `game_points`.
    pub ranking: String,
    /// The tie-breaks' labels, in order (C.07 team tie-breaks).
    pub tiebreaks: Vec<String>,
    pub standings: Vec<TeamStandingJson>,
    /// Boards of the counted rounds whose result is not in (or whose game
    /// is adjourned).
    pub results_missing: usize,
    /// Whether the table is provisional: a result of a counted round is
    /// missing (VCL: never shown as final while results are missing).
    pub provisional: bool,
    /// The last round up to which every result is in: `?after=` it gives
    /// the final standings of the complete rounds.
    pub complete_rounds: u32,
}

/// The team tie-breaks of an event: those its settings list, else its
/// regulations profile's preset (`china-national`, else `fide-team`) for
/// its system.
pub(crate) fn team_tiebreaks(
    loaded: &Loaded,
    system: tournament::team::TeamSystem,
) -> Result<Vec<tournament::team::TeamTiebreak>, ApiError> {
    if let Some(list) = loaded
        .tournament
        .teams
        .as_ref()
        .and_then(|t| t.tiebreaks.as_ref())
    {
        return tournament::team::parse_team_tiebreaks(&list.join(","))
            .map_err(|e| ApiError::unprocessable("bad_tiebreaks", e.to_string()));
    }
    let preset = if loaded.tournament.regulations == "china-national" {
        "china-national"
    } else {
        "fide-team"
    };
    team_preset(preset, system)
        .map(|(_, tiebreaks)| tiebreaks)
        .map_err(|e| ApiError::unprocessable("bad_tiebreaks", e.to_string()))
}

/// Whether a board still waits for its result (none entered, or its game
/// adjourned).
fn result_missing(board: &crate::store::rounds::BoardRow) -> bool {
    board
        .result
        .as_deref()
        .is_none_or(|r| r == crate::store::model::ADJOURNED)
}

/// The answer to `?after=n` for a round not paired (or 0): 400
/// `invalid_field` at `after`.
pub(crate) fn not_a_paired_round(paired: impl std::fmt::Display) -> ApiError {
    ApiError::invalid_field(
        "after",
        format!("must be a round paired so far (1 to {paired})"),
    )
}

/// The team standings of a loaded team event after round `after` (every
/// round paired when `None`; a round not paired is 400 `invalid_field` at
/// `after`).
pub(crate) fn team_standings_json(
    loaded: &Loaded,
    data: &TeamData,
    after: Option<u32>,
) -> Result<TeamStandingsJson, ApiError> {
    let tiebreaks = team_tiebreaks(loaded, data.event.system)?;
    if after == Some(0) {
        return Err(not_a_paired_round(data.event.rounds.len()));
    }
    let options = TeamStandingsOptions {
        tiebreaks,
        after_round: after,
    };
    let standings = compute_team_standings(&data.event, &options).map_err(|e| match e {
        TeamStandingsError::NoSuchRound { recorded, .. } => not_a_paired_round(recorded),
        e => ApiError::unprocessable("cannot_rank", e.to_string()),
    })?;
    let rows = standings
        .rows
        .iter()
        .map(|row| {
            let mut values = BTreeMap::new();
            let mut working = BTreeMap::new();
            for (spec, score) in standings.tiebreaks.iter().zip(&row.tiebreaks) {
                values.insert(spec.label.clone(), score.value.map(Value::as_f64));
                working.insert(
                    spec.label.clone(),
                    score
                        .contributions
                        .iter()
                        .map(|c| ContributionJson {
                            round: c.round,
                            opponent: c.opponent,
                            value: c.value.as_f64(),
                            substitute: c.substitute,
                            vur: c.vur,
                            cut: c.cut,
                        })
                        .collect(),
                );
            }
            let rounds = standings
                .entries
                .get(&row.team)
                .map(|entries| {
                    entries
                        .iter()
                        .map(|e| TeamRoundJson {
                            round: e.round,
                            opponent: e.kind.opponent(),
                            kind: match e.kind {
                                TeamRoundKind::Match { played: true, .. } => "match",
                                TeamRoundKind::Match { .. } => "forfeit",
                                TeamRoundKind::Bye(_) => "bye",
                                TeamRoundKind::Absent => "absent",
                            }
                            .to_owned(),
                            match_points: e.match_points.as_f64(),
                            game_points: e.game_points.as_f64(),
                            pending: matches!(e.kind, TeamRoundKind::Match { pending: true, .. }),
                            bye: match e.kind {
                                TeamRoundKind::Bye(kind) => Some(bye_text(kind).to_owned()),
                                _ => None,
                            },
                        })
                        .collect()
                })
                .unwrap_or_default();
            TeamStandingJson {
                rank: row.rank,
                place: row.place_label(),
                team: row.team,
                name: row.name.clone(),
                match_points: row.match_points.as_f64(),
                game_points: row.game_points.as_f64(),
                tiebreaks: values,
                working,
                rounds,
                explanation: explain_team(&standings, row.team).unwrap_or_default(),
                withdrawn_from: data.event.withdrawn.get(&row.team).copied(),
            }
        })
        .collect();
    let results_missing = loaded
        .boards
        .iter()
        .filter(|b| b.round <= i64::from(standings.rounds) && result_missing(b))
        .count();
    let first_incomplete = loaded
        .boards
        .iter()
        .filter(|b| result_missing(b))
        .map(|b| b.round)
        .min();
    let paired = data.event.rounds_paired();
    let complete_rounds = first_incomplete
        .and_then(|r| u32::try_from(r - 1).ok())
        .map_or(paired, |r| r.min(paired));
    Ok(TeamStandingsJson {
        results_missing,
        provisional: results_missing > 0,
        complete_rounds,
        rounds: standings.rounds,
        ranking: match standings.primary {
            PrimaryScore::MatchPoints => "match_points",
            PrimaryScore::GamePoints => "game_points",
        }
        .to_owned(),
        tiebreaks: standings
            .tiebreaks
            .iter()
            .map(|t| t.label.clone())
            .collect(),
        standings: rows,
    })
}
