//! Team rounds (issue 22): pairing a team event's round through
//! `POST /tournaments/{id}/rounds`, and its matches as the API shows them.
//!
//! The pairing is the `tournament` crate's: a team round robin by the Berger
//! tables (`tournament::team::pair_round`) or a team Swiss by C.04.6
//! (`tournament::team_swiss::pair_next_round`). Each team plays the line-up
//! submitted for the round or, without one, the first `boards` players of
//! its roster (`Lineup::default_for`); a line-up entered once the round is
//! paired seats the team's match again while none of its boards has begun
//! (`reseat_match`; an earlier round's are locked, 409 `round_paired`). Every board
//! with two players is an ordinary board of the round, numbered
//! `(match - 1) * boards + board`, with its own game; a player whose
//! opponent's seat is empty wins the board by forfeit and has a full-point
//! bye in his own record (as `TeamEvent::individual_rounds` says); a board
//! empty on both sides is a double forfeit with no row. Matches and team
//! byes are `team_matches` rows; un-pairing the round deletes them with it.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::AnyConnection;
use tournament::model::{Colour, GameResult, Points};
use tournament::team::{
    LineupRules, Match, MatchBoard, TeamBye, TeamByeKind, TeamEvent, TeamNumber, TeamRound,
    TeamSystem, match_result,
};
use utoipa::ToSchema;

use crate::app::rounds::{PlayerRef, RoundJson, RoundStart, insert_board_game, player_ref};
use crate::app::teams::{round_lineups, settings};
use crate::app::tournaments::{commit_change, load_all};
use crate::auth::Actor;
use crate::auth::audit;
use crate::error::ApiError;
use crate::model::teams::TeamSettings;
use crate::state::AppState;
use crate::store;
use crate::store::model::{Loaded, parse_result};
use crate::store::team_rounds::MatchRow;
use crate::store::teams::TeamRow;

/// A team event as stored, with its rounds as the `tournament` crate's
/// [`TeamEvent`]: the one conversion the pairing, the match views, the
/// standings and the exports share.
pub(crate) struct TeamData {
    pub settings: TeamSettings,
    pub teams: Vec<TeamRow>,
    pub event: TeamEvent,
    /// The stored matches and team byes, by round and number.
    pub matches: Vec<MatchRow>,
    /// Each paired round's line-ups (submitted or the roster's first
    /// players): round → team → start numbers by board.
    pub lineups: BTreeMap<i64, BTreeMap<i64, Vec<Option<i64>>>>,
}

/// The stored spelling of a team bye kind (the `team_matches.bye` values).
pub(crate) fn bye_text(kind: TeamByeKind) -> &'static str {
    match kind {
        TeamByeKind::PairingAllocated => "pairing_allocated",
        TeamByeKind::FullPoint => "full",
        TeamByeKind::HalfPoint => "half",
        TeamByeKind::ZeroPoint => "zero",
    }
}

fn bye_kind(text: &str) -> Result<TeamByeKind, ApiError> {
    Ok(match text {
        "pairing_allocated" => TeamByeKind::PairingAllocated,
        "full" => TeamByeKind::FullPoint,
        "half" => TeamByeKind::HalfPoint,
        "zero" => TeamByeKind::ZeroPoint,
        other => {
            return Err(ApiError::Internal(format!(
                "stored team bye kind {other:?} is unknown"
            )));
        }
    })
}

/// The team system of a tournament's `system`.
pub(crate) fn team_system(system: &str) -> TeamSystem {
    match system {
        "swiss-dutch" => TeamSystem::Swiss,
        "double-round-robin" => TeamSystem::DoubleRoundRobin,
        _ => TeamSystem::RoundRobin,
    }
}

/// A round's board number of board `board` (1-based) of match `number`.
fn round_board(settings: &TeamSettings, number: i64, board: i64) -> i64 {
    (number - 1) * i64::from(settings.boards) + board
}

/// Reads a team event with every paired round.
pub(crate) async fn load_team_data(
    conn: &mut AnyConnection,
    loaded: &Loaded,
) -> Result<TeamData, ApiError> {
    let settings = settings(&loaded.tournament)?;
    let id = &loaded.tournament.id;
    let teams = store::teams::list(&mut *conn, id).await?;
    let matches = store::team_rounds::list(&mut *conn, id).await?;
    let mut lineups = BTreeMap::new();
    // Every round here is paired.
    for round in 1..=loaded.rounds {
        let list = round_lineups(&mut *conn, id, &settings, round, None).await?;
        lineups.insert(
            round,
            list.into_iter().map(|l| (l.team, l.players)).collect(),
        );
    }
    let mut event =
        store::model::to_team_event(&settings, &teams, loaded.tournament.scoring.to_model());
    event.system = team_system(&loaded.tournament.system);
    // The colour drawn (or set) for round 1 (C.04.6 Art. 4.1).
    if let Some(colour) = loaded.tournament.pairing.to_model().initial_colour {
        event.initial_colour = colour;
    }
    let mut data = TeamData {
        settings,
        teams,
        event,
        matches,
        lineups,
    };
    for round in 1..=loaded.rounds {
        let r = team_round(&data, loaded, round)?;
        data.event.rounds.push(r);
    }
    Ok(data)
}

/// Round `round` as the crate's [`TeamRound`], from its matches, boards and
/// line-ups.
fn team_round(data: &TeamData, loaded: &Loaded, round: i64) -> Result<TeamRound, ApiError> {
    let mut out = TeamRound::default();
    for row in data.matches.iter().filter(|m| m.round == round) {
        let first = team_number(row.first_team)?;
        match (row.second_team, row.bye.as_deref()) {
            (Some(second), _) => out.matches.push(Match {
                first,
                second: team_number(second)?,
                boards: match_boards(data, loaded, row)?
                    .into_iter()
                    .map(|(b, _)| b)
                    .collect(),
                forfeit: None,
            }),
            (None, Some(kind)) => out.byes.push(TeamBye {
                team: first,
                kind: bye_kind(kind)?,
            }),
            (None, None) => {
                return Err(ApiError::Internal(format!(
                    "round {round} match {} has neither an opponent nor a bye",
                    row.number
                )));
            }
        }
    }
    Ok(out)
}

fn team_number(n: i64) -> Result<TeamNumber, ApiError> {
    u32::try_from(n).map_err(|_| ApiError::Internal(format!("team number {n} out of range")))
}

fn start_number(n: Option<i64>) -> Option<u32> {
    n.and_then(|n| u32::try_from(n).ok())
}

/// The boards of a stored match, each with its board row (if a game was
/// set up): the players and colours of the row when there is one, else the
/// line-ups' players with the event's colours (an empty seat).
fn match_boards<'a>(
    data: &TeamData,
    loaded: &'a Loaded,
    row: &MatchRow,
) -> Result<Vec<(MatchBoard, Option<&'a store::rounds::BoardRow>)>, ApiError> {
    let Some(second) = row.second_team else {
        return Ok(Vec::new());
    };
    let empty = BTreeMap::new();
    let lineups = data.lineups.get(&row.round).unwrap_or(&empty);
    let seat = |team: i64, board: i64| -> Option<u32> {
        let i = usize::try_from(board - 1).ok()?;
        start_number(lineups.get(&team)?.get(i).copied().flatten())
    };
    let first_roster: Vec<i64> = data
        .teams
        .iter()
        .find(|t| t.number == row.first_team)
        .map(|t| t.roster.clone())
        .unwrap_or_default();
    let mut boards = Vec::new();
    for board in 1..=i64::from(data.settings.boards) {
        let number = round_board(&data.settings, row.number, board);
        let stored = loaded
            .boards
            .iter()
            .find(|b| b.round == row.round && b.board == number);
        let b = match stored {
            Some(b) => {
                let white = loaded.start_number(&b.white_id);
                let black = loaded.start_number(&b.black_id);
                let result = match b.result.as_deref() {
                    None => GameResult::NotPlayed,
                    Some(text) => parse_result(text).ok_or_else(|| {
                        ApiError::Internal(format!("stored result {text:?} is unknown"))
                    })?,
                };
                let first_white = first_roster.contains(&i64::from(white));
                MatchBoard {
                    first: Some(if first_white { white } else { black }),
                    second: Some(if first_white { black } else { white }),
                    first_colour: if first_white {
                        Colour::White
                    } else {
                        Colour::Black
                    },
                    result,
                }
            }
            None => MatchBoard {
                first: seat(row.first_team, board),
                second: seat(second, board),
                first_colour: data.event.first_colour(u32::try_from(board).unwrap_or(1)),
                result: GameResult::NotPlayed,
            },
        };
        boards.push((b, stored));
    }
    Ok(boards)
}

/// Pairs the next round of a team event and writes it: matches, team byes,
/// the boards with two players (each with its game), a full-point bye for
/// a player whose opponent's seat is empty. One write transaction: team
/// pairings are small (teams, not players).
pub(crate) async fn pair(
    state: &AppState,
    actor: &Actor,
    id: &str,
    starts: Option<&RoundStart>,
    confirmation: &crate::app::confirm::Confirmation,
) -> Result<RoundJson, ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    store::tournaments::lock_for_pairing(&mut tx, id).await?;
    let mut loaded = load_all(&mut tx, id).await?;
    settings(&loaded.tournament)?;
    let next = crate::app::rounds::check_pairable(&loaded)?;
    // Adjourned boards count as draws for this pairing: acknowledged, as
    // in an event of individuals (VCL4THP.13 Q157, Q160).
    crate::app::rounds::acknowledge_adjourned(state, actor, &loaded, next, &[], confirmation)
        .await?;
    let teams = store::teams::list(&mut tx, id).await?;
    let playing = teams
        .iter()
        .filter(|t| t.withdrawn_from.is_none_or(|k| k > next))
        .count();
    if playing < 2 {
        return Err(ApiError::conflict(
            "too_few_teams",
            "a team round needs at least two teams that have not withdrawn",
        ));
    }
    if next == 1 && !crate::app::rounds::is_imported(&loaded) {
        crate::app::rounds::renumber_fide(&mut tx, actor, &mut loaded).await?;
    }
    if next == 1 {
        fit_rounds_to_schedule(&mut tx, actor, &mut loaded, teams.len()).await?;
    }
    let data = load_team_data(&mut tx, &loaded).await?;
    let lineups = lineups_to_pair(&mut tx, &loaded, &data, next).await?;
    let round = pair_event(&data.event, &loaded, next, &lineups)?;
    let json = write_team_round(&mut tx, actor, &loaded, &data, next, &round, starts).await?;
    commit_change(tx, id).await?;
    Ok(json)
}

/// Every team's line-up for round `next`: the one submitted — refused
/// (422 `invalid_lineup`) if it names a player who has since withdrawn —
/// else the roster's first players who have not withdrawn (none for a team
/// that withdrew; a Swiss leaves it out). The defaults
/// are stored with the round, so that the round keeps the line-ups it was
/// paired with whatever later happens to a withdrawal.
async fn lineups_to_pair(
    tx: &mut AnyConnection,
    loaded: &Loaded,
    data: &TeamData,
    next: i64,
) -> Result<Vec<tournament::team::Lineup>, ApiError> {
    let id = &loaded.tournament.id;
    let mut submitted = store::teams::lineups(&mut *tx, id, next).await?;
    let mut lineups = Vec::new();
    for team in &data.teams {
        let Ok(number) = u32::try_from(team.number) else {
            continue;
        };
        // A team that withdrew: a Swiss pairs it no more; in a round robin
        // it has no line-up (its boards are lost by forfeit), whatever was
        // submitted before it withdrew.
        let plays = u32::try_from(next).is_ok_and(|r| data.event.plays_in(number, r));
        if !plays && data.event.system == TeamSystem::Swiss {
            continue;
        }
        if let Some(stored) = submitted.remove(&team.number).filter(|_| plays) {
            let players: Vec<Option<u32>> = stored.players.into_iter().map(start_number).collect();
            // Entered before the number of boards changed: the team enters
            // it again rather than lose a board by an empty seat.
            if players.len() != data.settings.boards as usize {
                return Err(ApiError::Unprocessable {
                    code: "invalid_lineup".into(),
                    message: format!(
                        "team {}'s line-up for round {next} has {} board(s), and a match now has {}: enter it again",
                        team.number,
                        players.len(),
                        data.settings.boards
                    ),
                    article: None,
                    at: Some(format!("lineups[team {}]", team.number)),
                });
            }
            crate::app::teams::refuse_withdrawn(&loaded.players, team.number, next, &players)?;
            lineups.push(tournament::team::Lineup {
                team: number,
                players,
            });
            continue;
        }
        let Some(lineup) =
            crate::app::teams::default_lineup(&data.event, number, &loaded.players, next)
        else {
            continue;
        };
        let ids: Vec<Option<String>> = lineup
            .players
            .iter()
            .map(|sn| {
                sn.and_then(|sn| {
                    loaded
                        .players
                        .iter()
                        .find(|p| p.start_number == i64::from(sn))
                        .map(|p| p.id.clone())
                })
            })
            .collect();
        store::teams::set_lineup(&mut *tx, id, next, team.number, &ids, true).await?;
        lineups.push(lineup);
    }
    Ok(lineups)
}

/// A team round robin set to more rounds than its Berger schedule has
/// (five for four teams, which play three), or created without a number of
/// rounds, plays its schedule: the number of rounds becomes the schedule's
/// when round 1 is paired, audited, so the event is finished when its
/// schedule is and its line-ups stop at its last round.
async fn fit_rounds_to_schedule(
    tx: &mut AnyConnection,
    actor: &Actor,
    loaded: &mut Loaded,
    teams: usize,
) -> Result<(), ApiError> {
    let double = match loaded.tournament.system.as_str() {
        "round-robin" => false,
        "double-round-robin" => true,
        _ => return Ok(()),
    };
    let schedule = i64::from(tournament::round_robin::rounds(
        u32::try_from(teams).unwrap_or(u32::MAX),
        double,
    ));
    let set = loaded.tournament.rounds;
    if (1..=schedule).contains(&set) {
        return Ok(());
    }
    loaded.tournament.rounds = schedule;
    store::tournaments::update(&mut *tx, &loaded.tournament).await?;
    let id = loaded.tournament.id.clone();
    audit::record(
        tx,
        actor,
        Some(&id),
        "update",
        "tournament",
        &id,
        Some(&serde_json::json!({ "rounds": set })),
        Some(&serde_json::json!({
            "rounds": schedule,
            "reason": format!("a round robin of {teams} teams plays {schedule} rounds"),
        })),
    )
    .await?;
    Ok(())
}

/// The crate's pairing of the next round.
fn pair_event(
    event: &TeamEvent,
    loaded: &Loaded,
    next: i64,
    lineups: &[tournament::team::Lineup],
) -> Result<TeamRound, ApiError> {
    use tournament::team::ScheduleError;
    use tournament::team_swiss::PairingError;
    match event.system {
        TeamSystem::Swiss => {
            let planned = u32::try_from(loaded.tournament.rounds.max(next)).unwrap_or(u32::MAX);
            tournament::team_swiss::pair_next_round(event, planned, lineups).map_err(|e| match e {
                PairingError::NoValidPairing => ApiError::Unprocessable {
                    code: "no_valid_pairing".into(),
                    message: e.to_string(),
                    article: Some("C.04.6 3.3.3".into()),
                    at: None,
                },
                other => ApiError::unprocessable("cannot_pair", other.to_string()),
            })
        }
        TeamSystem::RoundRobin | TeamSystem::DoubleRoundRobin => {
            tournament::team::pair_round(event, lineups, &LineupRules::default()).map_err(|e| {
                match e {
                    ScheduleError::Lineup { .. } | ScheduleError::DuplicateLineup(_) => {
                        ApiError::unprocessable("invalid_lineup", e.to_string())
                    }
                    ScheduleError::Table(tournament::round_robin::Error::NoSuchRound {
                        ..
                    }) => ApiError::conflict("all_rounds_paired", e.to_string()),
                    other => ApiError::conflict("cannot_pair", other.to_string()),
                }
            })
        }
    }
}

/// Writes a paired team round; the round as `GET …/rounds/{n}` shows it.
pub(crate) async fn write_team_round(
    tx: &mut AnyConnection,
    actor: &Actor,
    loaded: &Loaded,
    data: &TeamData,
    number: i64,
    round: &TeamRound,
    starts: Option<&RoundStart>,
) -> Result<RoundJson, ApiError> {
    let id = &loaded.tournament.id;
    crate::app::rounds::insert_round(tx, id, number, starts).await?;
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    for (m, matched) in (1_i64..).zip(&round.matches) {
        store::team_rounds::insert(
            tx,
            id,
            &MatchRow {
                round: number,
                number: m,
                first_team: i64::from(matched.first),
                second_team: Some(i64::from(matched.second)),
                bye: None,
            },
        )
        .await?;
        let seat = Seat {
            loaded,
            settings: &data.settings,
            round: number,
            number: m,
            starts,
        };
        seat_match(tx, &seat, matched, &mut boards, &mut byes).await?;
    }
    let matches = i64::try_from(round.matches.len()).unwrap_or(0);
    for (n, bye) in (matches + 1..).zip(&round.byes) {
        store::team_rounds::insert(
            tx,
            id,
            &MatchRow {
                round: number,
                number: n,
                first_team: i64::from(bye.team),
                second_team: None,
                bye: Some(bye_text(bye.kind).to_owned()),
            },
        )
        .await?;
    }
    let json = RoundJson {
        round: number,
        starts_at: starts.map(|s| s.text.clone()),
        boards,
        byes,
    };
    let matches_json: Vec<serde_json::Value> = round
        .matches
        .iter()
        .map(|m| serde_json::json!({ "first": m.first, "second": m.second }))
        .chain(
            round
                .byes
                .iter()
                .map(|b| serde_json::json!({ "team": b.team, "bye": bye_text(b.kind) })),
        )
        .collect();
    let mut audited = serde_json::to_value(&json)?;
    audited["matches"] = serde_json::Value::Array(matches_json);
    audit::record(
        tx,
        actor,
        Some(id),
        "pair",
        "round",
        &format!("{id}/{number}"),
        None,
        Some(&audited),
    )
    .await?;
    Ok(json)
}

/// Where a match's boards are written: the event, the round, the match's
/// number in it and the round's start.
struct Seat<'a> {
    loaded: &'a Loaded,
    settings: &'a TeamSettings,
    round: i64,
    number: i64,
    starts: Option<&'a RoundStart>,
}

/// Writes a match's boards: each with two players is a board of the round
/// with its game; a player whose opponent's seat is empty has a full-point
/// bye (the forfeit the match counts); an empty board on both sides has no
/// row.
async fn seat_match(
    tx: &mut AnyConnection,
    at: &Seat<'_>,
    matched: &Match,
    boards: &mut Vec<crate::app::rounds::BoardJson>,
    byes: &mut Vec<crate::app::rounds::ByeJson>,
) -> Result<(), ApiError> {
    let (loaded, number) = (at.loaded, at.round);
    let id = &loaded.tournament.id;
    let player = |sn: u32| {
        loaded
            .players
            .iter()
            .find(|p| p.start_number == i64::from(sn))
            .ok_or_else(|| ApiError::Internal(format!("line-up names unknown player {sn}")))
    };
    for (board, b) in (1_i64..).zip(&matched.boards) {
        match (b.white(), b.black()) {
            (Some(white), Some(black)) => {
                let board_number = round_board(at.settings, at.number, board);
                let (white, black) = (player(white)?, player(black)?);
                boards.push(
                    insert_board_game(tx, loaded, number, board_number, white, black, at.starts)
                        .await?,
                );
            }
            (Some(alone), None) | (None, Some(alone)) => {
                let p = player(alone)?;
                store::rounds::insert_bye(tx, id, number, &p.id, "full").await?;
                crate::app::rounds::claim_slot(tx, id, number, &p.id).await?;
                byes.push(crate::app::rounds::ByeJson {
                    player: Some(player_ref(p)),
                    kind: "full".to_owned(),
                });
            }
            (None, None) => {}
        }
    }
    Ok(())
}

/// A line-up entered after its round was paired (captains name their
/// line-ups once the pairing is published): team `team`'s match of the
/// round, the last paired, is seated again from the two line-ups as they
/// now stand — its boards, their games and the empty seats' forfeits
/// replaced — as long as no board of it has a result or a game that has
/// started (409 `match_started`). A board keeps what was set on it (its
/// game's mode, position and announced settings, its own start) for the
/// game that replaces its game. Answers the match's new boards and its
/// empty seats' forfeits (full-point byes of the players facing them).
pub(crate) async fn reseat_match(
    tx: &mut AnyConnection,
    id: &str,
    round: i64,
    team: i64,
) -> Result<
    (
        Vec<crate::app::rounds::BoardJson>,
        Vec<crate::app::rounds::ByeJson>,
    ),
    ApiError,
> {
    // The round's games locked first: a board result or a game's first
    // event waits for the seats, or the seats see what it committed.
    store::games::lock_round(&mut *tx, id, round).await?;
    let loaded = load_all(&mut *tx, id).await?;
    let data = load_team_data(&mut *tx, &loaded).await?;
    let row = data
        .matches
        .iter()
        .find(|m| {
            m.round == round
                && m.second_team.is_some()
                && (m.first_team == team || m.second_team == Some(team))
        })
        .ok_or_else(|| {
            ApiError::conflict(
                "round_paired",
                format!("team {team} has no match in round {round}, which is paired: its line-up is not needed"),
            )
        })?;
    let first_board = round_board(&data.settings, row.number, 1);
    let last_board = round_board(&data.settings, row.number, i64::from(data.settings.boards));
    let old: Vec<_> = loaded
        .boards
        .iter()
        .filter(|b| b.round == round && (first_board..=last_board).contains(&b.board))
        .collect();
    let started = |board: i64| {
        ApiError::conflict(
            "match_started",
            format!(
                "board {board} of the match has a result or a game under way: the line-ups of a match that has begun stand"
            ),
        )
    };
    let mut kept = Vec::new();
    for b in &old {
        if b.result.is_some() {
            return Err(started(b.board));
        }
        let game = store::games::load(&mut *tx, &b.game_id).await?;
        if game.as_ref().is_some_and(|g| g.seq > 0) {
            return Err(started(b.board));
        }
        kept.push((*b, game.map(|g| g.laws)));
    }
    // Both teams' players leave the round's slots and byes; their boards
    // and the games nobody has started go.
    let teams = [Some(row.first_team), row.second_team];
    let players: Vec<&str> = data
        .teams
        .iter()
        .filter(|t| teams.contains(&Some(t.number)))
        .flat_map(|t| t.roster.iter())
        .filter_map(|&sn| loaded.players.iter().find(|p| p.start_number == sn))
        .map(|p| p.id.as_str())
        .collect();
    let games: Vec<&str> = old.iter().map(|b| b.game_id.as_str()).collect();
    store::rounds::unseat(
        &mut *tx,
        id,
        round,
        (first_board, last_board),
        &players,
        &games,
    )
    .await
    .map_err(|e| match e {
        store::rounds::Unseat::Started => started(first_board),
        store::rounds::Unseat::Db(e) => e.into(),
    })?;
    let lineup = |team: i64| -> Result<tournament::team::Lineup, ApiError> {
        let players = data
            .lineups
            .get(&round)
            .and_then(|r| r.get(&team))
            .cloned()
            .unwrap_or_default();
        Ok(tournament::team::Lineup {
            team: team_number(team)?,
            players: players.into_iter().map(start_number).collect(),
        })
    };
    let matched = tournament::team::match_from_lineups(
        &data.event,
        &lineup(row.first_team)?,
        &lineup(row.second_team.unwrap_or(0))?,
    );
    let starts = match loaded.starts.get(&round).cloned().flatten() {
        Some(text) => Some(crate::app::rounds::round_start("starts_at", &text)?),
        None => None,
    };
    let seat = Seat {
        loaded: &loaded,
        settings: &data.settings,
        round,
        number: row.number,
        starts: starts.as_ref(),
    };
    let (mut boards, mut byes) = (Vec::new(), Vec::new());
    seat_match(tx, &seat, &matched, &mut boards, &mut byes).await?;
    for new in &mut boards {
        let Some((old, laws)) = kept.iter().find(|(b, _)| b.board == new.board) else {
            continue;
        };
        keep_board_settings(tx, &loaded, old, laws.as_ref(), new).await?;
    }
    Ok((boards, byes))
}

/// What was set on a board before its match was seated again, given to
/// the game that replaces its game: the mode and position, the settings
/// announced for it, the board's own start (lateness counts from it).
async fn keep_board_settings(
    tx: &mut AnyConnection,
    loaded: &Loaded,
    old: &store::rounds::BoardRow,
    laws: Option<&crate::engine::laws::Laws>,
    new: &mut crate::app::rounds::BoardJson,
) -> Result<(), ApiError> {
    let id = &loaded.tournament.id;
    if old.mode != loaded.tournament.recording || old.fen.is_some() {
        store::games::set_setup(&mut *tx, &new.game_id, &old.mode, old.fen.as_deref()).await?;
        new.mode.clone_from(&old.mode);
        new.fen.clone_from(&old.fen);
    }
    if let Some(laws) = laws.filter(|l| **l != loaded.tournament.laws) {
        store::games::set_laws(&mut *tx, &new.game_id, laws).await?;
    }
    if let Some(text) = &old.starts_at {
        let start = crate::app::rounds::round_start("starts_at", text)?;
        store::rounds::set_board_start(&mut *tx, id, old.round, old.board, Some(text)).await?;
        store::games::set_start(&mut *tx, &new.game_id, Some(start.ms)).await?;
        new.starts_at = Some(text.clone());
    }
    Ok(())
}

/// A team as a match names it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct TeamRef {
    pub number: i64,
    pub name: String,
}

/// One board of a match.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = MatchBoard)]
pub(crate) struct MatchBoardJson {
    /// The board in the match (1 = top board).
    pub board: i64,
    /// The board's number in the round (`…/rounds/{n}/boards/{board}`):
    /// `(match - 1) * boards + board`; `null` when no game was set up (an
    /// empty seat).
    pub round_board: Option<i64>,
    /// The first-named team's player (`null`: an empty seat).
    pub first: Option<PlayerRef>,
    pub second: Option<PlayerRef>,
    /// The first-named team's colour on this board (`white` or `black`).
    pub first_colour: String,
    /// The result that counts, White–Black (`1-0`, `0-1`, `1/2-1/2`, `+-`,
    /// `-+`, `--`, `0-0`, `1/2-0`, `0-1/2`; an empty seat loses by forfeit);
    /// `null` until entered.
    pub result: Option<String>,
    /// The board's game (`/games/{id}`), if it has one.
    pub game_id: Option<String>,
}

/// A match of a team round, or a team bye.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = TeamMatch)]
pub(crate) struct MatchJson {
    /// 1, 2, … in the round (team byes after the matches).
    pub number: i64,
    /// The first-named team (its colour on board 1 is the event's: White).
    pub first: TeamRef,
    /// `null` for a team bye.
    pub second: Option<TeamRef>,
    /// A team bye's kind (`pairing_allocated`, `full`, `half`, `zero`).
    pub bye: Option<String>,
    /// Game points as `2.5-1.5`, once every board has a result.
    pub result: Option<String>,
    pub first_game_points: f64,
    pub second_game_points: Option<f64>,
    /// Match points (win, draw, loss as the event's `teams.match_points`);
    /// `null` while a board has no result.
    pub first_match_points: Option<f64>,
    pub second_match_points: Option<f64>,
    /// Board by board (empty for a bye).
    pub boards: Vec<MatchBoardJson>,
}

/// A round's matches.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(crate) struct RoundMatches {
    pub round: i64,
    pub matches: Vec<MatchJson>,
}

fn colour_text(c: Colour) -> String {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
    .to_owned()
}

/// Round `round`'s matches as the API shows them.
pub(crate) fn round_matches(
    data: &TeamData,
    loaded: &Loaded,
    round: i64,
) -> Result<RoundMatches, ApiError> {
    let team_ref = |n: i64| TeamRef {
        number: n,
        name: data
            .teams
            .iter()
            .find(|t| t.number == n)
            .map(|t| t.name.clone())
            .unwrap_or_default(),
    };
    let person = |sn: Option<u32>| {
        sn.and_then(|sn| {
            loaded
                .players
                .iter()
                .find(|p| p.start_number == i64::from(sn))
        })
        .map(player_ref)
    };
    let scoring = &data.event.scoring;
    let mut matches = Vec::new();
    for row in data.matches.iter().filter(|m| m.round == round) {
        if let (None, Some(kind)) = (row.second_team, row.bye.as_deref()) {
            let score = scoring.bye(bye_kind(kind)?);
            matches.push(MatchJson {
                number: row.number,
                first: team_ref(row.first_team),
                second: None,
                bye: Some(kind.to_owned()),
                result: None,
                first_game_points: score.game_points.as_f64(),
                second_game_points: None,
                first_match_points: Some(score.match_points.as_f64()),
                second_match_points: None,
                boards: Vec::new(),
            });
            continue;
        }
        let boards = match_boards(data, loaded, row)?;
        let m = Match {
            first: team_number(row.first_team)?,
            second: team_number(row.second_team.unwrap_or(0))?,
            boards: boards.iter().map(|(b, _)| *b).collect(),
            forfeit: None,
        };
        let result = match_result(scoring, &m, data.settings.boards);
        let pending = m.is_pending();
        let board_json = (1_i64..)
            .zip(&boards)
            .map(|(n, (b, stored))| {
                let counted = m.board_result(b);
                MatchBoardJson {
                    board: n,
                    round_board: stored.map(|s| s.board),
                    first: person(b.first),
                    second: person(b.second),
                    first_colour: colour_text(b.first_colour),
                    result: (counted != GameResult::NotPlayed)
                        .then(|| counted.notation().to_owned()),
                    game_id: stored.map(|s| s.game_id.clone()),
                }
            })
            .collect();
        let points = Points::as_f64;
        matches.push(MatchJson {
            number: row.number,
            first: team_ref(row.first_team),
            second: row.second_team.map(team_ref),
            bye: None,
            result: (!pending).then(|| {
                format!(
                    "{}-{}",
                    points(result.first_game_points),
                    points(result.second_game_points)
                )
            }),
            first_game_points: points(result.first_game_points),
            second_game_points: Some(points(result.second_game_points)),
            first_match_points: result.first_match_points.map(points),
            second_match_points: result.second_match_points.map(points),
            boards: board_json,
        });
    }
    Ok(RoundMatches { round, matches })
}
