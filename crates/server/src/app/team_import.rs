//! A TRF-2026 team file through `POST /tournaments/import` (issue 22): the
//! team records, read by `tournament::trf::read_team_tournament`, become the
//! event's team settings, teams with their rosters, each round's line-ups
//! (as submitted line-ups of the round) and its matches, written as a
//! paired team round is (`team_rounds::write_team_round`), with the boards'
//! results.

use std::collections::HashMap;

use sqlx::AnyConnection;
use tournament::model::{GameResult, StartNumber};
use tournament::team::{PrimaryScore, TeamEvent, TeamSystem};

use crate::auth::Actor;
use crate::error::ApiError;
use crate::model::settings::PointsValue;
use crate::model::teams::{MatchPointsSpec, Ranking, TeamByeSpec, TeamSettings};
use crate::store;
use crate::store::model::Loaded;
use crate::store::players::PlayerRow;
use crate::store::teams::TeamRow;

/// The tournament's `system` and `teams` settings of a team event, with
/// the team tie-breaks the file's `202` lists (`listed`), where this
/// server reads every one of them (else the profile's preset).
pub(crate) fn settings_of(event: &TeamEvent, listed: &[String]) -> (&'static str, TeamSettings) {
    let system = match event.system {
        TeamSystem::RoundRobin => "round-robin",
        TeamSystem::DoubleRoundRobin => "double-round-robin",
        TeamSystem::Swiss => "swiss-dutch",
    };
    let points = |p: tournament::model::Points| PointsValue(p.as_f64());
    let settings = TeamSettings {
        boards: event.boards,
        ranking: Some(match event.scoring.primary {
            PrimaryScore::MatchPoints => Ranking::MatchPoints,
            PrimaryScore::GamePoints => Ranking::GamePoints,
        }),
        match_points: Some(MatchPointsSpec {
            win: points(event.scoring.win),
            draw: points(event.scoring.draw),
            loss: points(event.scoring.loss),
        }),
        // The file's `352` (the reader keeps it only when it is not the
        // default alternation).
        colours: (!event.colours.is_empty())
            .then(|| tournament::team::colours_text(&event.colours)),
        pairing_allocated_bye: None,
        tiebreaks: None,
    };
    // The file's `320`, where it is not the default (a drawn match).
    let bye = event.scoring.pairing_allocated_bye;
    let default = store::model::to_team_event(&settings, &[], event.scoring.games)
        .scoring
        .pairing_allocated_bye;
    let settings = TeamSettings {
        pairing_allocated_bye: (bye != default).then(|| TeamByeSpec {
            match_points: points(bye.match_points),
            game_points: points(bye.game_points),
        }),
        tiebreaks: (!listed.is_empty()
            && tournament::team::parse_team_tiebreaks(&listed.join(",")).is_ok())
        .then(|| listed.to_vec()),
        ..settings
    };
    (system, settings)
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest {
        code: "invalid_trf",
        message: message.into(),
        at: None,
    }
}

/// Writes the teams, rosters, line-ups, matches and results of `event` into
/// the imported tournament `loaded` (its players inserted, no round yet).
pub(crate) async fn write_team_event(
    tx: &mut AnyConnection,
    actor: &Actor,
    loaded: &Loaded,
    ids: &HashMap<StartNumber, PlayerRow>,
    event: &TeamEvent,
    settings: TeamSettings,
) -> Result<(), ApiError> {
    event
        .validate()
        .map_err(|e| invalid(format!("team records: {e}")))?;
    let id = &loaded.tournament.id;
    let player_id = |sn: StartNumber| -> Result<String, ApiError> {
        ids.get(&sn)
            .map(|p| p.id.clone())
            .ok_or_else(|| invalid(format!("a team record names unknown player {sn}")))
    };
    let mut teams = Vec::new();
    for team in &event.teams {
        // Held to the checks of `POST …/teams` (no invisible or direction
        // characters).
        if !team.name.trim().is_empty()
            && let Err(ApiError::BadRequest { message, .. }) =
                crate::model::settings::check_name("name", &team.name)
        {
            return Err(invalid(format!(
                "the name of team {} {message}",
                team.number
            )));
        }
        let row = TeamRow {
            number: i64::from(team.number),
            name: if team.name.trim().is_empty() {
                format!("Team {}", team.number)
            } else {
                team.name.clone()
            },
            short_name: team.short_name.clone(),
            federation: team.federation.clone(),
            roster: team.roster.iter().map(|&p| i64::from(p)).collect(),
            withdrawn_from: None,
            withdrawn_players: Vec::new(),
        };
        store::teams::insert(tx, id, &row).await?;
        let roster = team
            .roster
            .iter()
            .map(|&p| player_id(p))
            .collect::<Result<Vec<_>, _>>()?;
        store::teams::set_roster(tx, id, row.number, &roster).await?;
        teams.push(row);
    }
    let data = crate::app::team_rounds::TeamData {
        event: store::model::to_team_event(&settings, &teams, loaded.tournament.scoring.to_model()),
        settings,
        teams,
        matches: Vec::new(),
        lineups: std::collections::BTreeMap::new(),
    };
    for (number, round) in (1_i64..).zip(&event.rounds) {
        for m in &round.matches {
            if m.forfeit.is_some() && m.boards.is_empty() {
                return Err(invalid(format!(
                    "round {number}: the forfeited match of teams {} and {} has no line-ups; it cannot be stored as boards",
                    m.first, m.second
                )));
            }
            for (team, side) in [(m.first, true), (m.second, false)] {
                let players = m
                    .boards
                    .iter()
                    .map(|b| {
                        let p = if side { b.first } else { b.second };
                        p.map(player_id).transpose()
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                store::teams::set_lineup(tx, id, number, i64::from(team), &players, false).await?;
            }
        }
        crate::app::team_rounds::write_team_round(tx, actor, loaded, &data, number, round, None)
            .await?;
        // The boards' results (a forfeited match's are its forfeits).
        for (m, matched) in (1_i64..).zip(&round.matches) {
            for (board, b) in (1_i64..).zip(&matched.boards) {
                if b.white().is_none() || b.black().is_none() {
                    continue;
                }
                let result = matched.board_result(b);
                if result == GameResult::NotPlayed {
                    continue;
                }
                let board_number = (m - 1) * i64::from(data.settings.boards) + board;
                store::rounds::set_imported_result(
                    tx,
                    id,
                    number,
                    board_number,
                    result.notation(),
                    true,
                )
                .await?;
            }
        }
    }
    Ok(())
}
