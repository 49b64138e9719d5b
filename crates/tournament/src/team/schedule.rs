//! Team round robins: the Berger tables of C.05 Annex 1 (the very tables of
//! [`crate::round_robin`], with teams for players) and the colours of each
//! board.
//!
//! # Colours by board
//! In a team match the colours alternate by board: the first-named team has
//! White on board 1, Black on board 2, White on board 3, … so that a team of
//! an even number of players has as many Whites as Blacks in every match.
//! The C.04.6 Preface (Swiss Team Pairing System, 2026) gives that as the
//! reason colours matter less for teams ("teams are often composed of an
//! even number of players, resulting in each team having an equal number of
//! players playing with White and Black"); the TRF-2026 team record `352`
//! ("colour sequence (W or B) for boards in team competitions", example
//! `WBWBWB`) records it, and an organiser may give another sequence
//! ([`super::TeamEvent::colours`]). The table's "White" is the first-named
//! team: White on board 1. In a double round robin the second cycle
//! reverses the table's colours, so each team is first-named once against
//! each opponent.

use std::fmt;

use super::lineup::{Lineup, LineupError, LineupRules, check_lineup};
use super::{
    Match, MatchBoard, TeamBye, TeamByeKind, TeamEvent, TeamNumber, TeamRound, TeamSystem,
};
use crate::model::GameResult;
use crate::round_robin::{self, Line};

/// Why a team round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScheduleError {
    /// The event is a team Swiss, paired by C.04.6.
    NotRoundRobin,
    /// The Berger table has no such round, or too few teams.
    Table(round_robin::Error),
    /// A submitted line-up was refused.
    Lineup {
        team: TeamNumber,
        error: LineupError,
    },
    /// Two line-ups for the same team.
    DuplicateLineup(TeamNumber),
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleError::NotRoundRobin => write!(f, "the team event is not a round robin"),
            ScheduleError::Table(e) => write!(f, "{e}"),
            ScheduleError::Lineup { team, error } => write!(f, "team {team}: {error}"),
            ScheduleError::DuplicateLineup(team) => {
                write!(f, "team {team} submitted two line-ups")
            }
        }
    }
}

impl std::error::Error for ScheduleError {}

fn is_double(event: &TeamEvent) -> Result<bool, ScheduleError> {
    match event.system {
        TeamSystem::RoundRobin => Ok(false),
        TeamSystem::DoubleRoundRobin => Ok(true),
        TeamSystem::Swiss => Err(ScheduleError::NotRoundRobin),
    }
}

/// Number of rounds of the event's round robin.
pub fn rounds(event: &TeamEvent) -> Result<u32, ScheduleError> {
    let count = u32::try_from(event.teams.len()).unwrap_or(u32::MAX);
    Ok(round_robin::rounds(count, is_double(event)?))
}

/// The team pairings of a round (1-based) by table number: the i-th team in
/// number order is table number i. `(first, second)` or a bye.
pub fn table_round(event: &TeamEvent, round: u32) -> Result<Vec<Line>, ScheduleError> {
    let count = u32::try_from(event.teams.len()).unwrap_or(u32::MAX);
    round_robin::round(count, is_double(event)?, round).map_err(ScheduleError::Table)
}

/// The boards of a match from the two line-ups, with the event's colours;
/// results are [`GameResult::NotPlayed`] (empty boards are forfeits).
pub fn match_from_lineups(event: &TeamEvent, first: &Lineup, second: &Lineup) -> Match {
    let boards = (1..=event.boards)
        .map(|board| {
            let i = board as usize - 1;
            MatchBoard {
                first: first.players.get(i).copied().flatten(),
                second: second.players.get(i).copied().flatten(),
                first_colour: event.first_colour(board),
                result: GameResult::NotPlayed,
            }
        })
        .collect();
    Match {
        first: first.team,
        second: second.team,
        boards,
        forfeit: None,
    }
}

/// Pairs the next round of a team round robin from the Berger table. Each
/// team plays the line-up it submitted (checked against its roster and the
/// rules) or, without one, the first players of its roster. A team meeting
/// the dummy of an odd-numbered round robin has a pairing-allocated bye.
pub fn pair_round(
    event: &TeamEvent,
    lineups: &[Lineup],
    rules: &LineupRules,
) -> Result<TeamRound, ScheduleError> {
    let next = event.rounds_paired() + 1;
    let table = table_round(event, next)?;
    for (i, lineup) in lineups.iter().enumerate() {
        if lineups[..i].iter().any(|l| l.team == lineup.team) {
            return Err(ScheduleError::DuplicateLineup(lineup.team));
        }
        check_lineup(event, lineup, rules).map_err(|error| ScheduleError::Lineup {
            team: lineup.team,
            error,
        })?;
    }
    let team = |table_number: u32| event.teams[table_number as usize - 1].number;
    // A team that withdrew has no line-up: its boards are lost by forfeit.
    let plays = |number: TeamNumber| event.plays_in(number, next);
    let lineup_of = |number: TeamNumber| -> Lineup {
        lineups
            .iter()
            .find(|l| l.team == number)
            .filter(|_| plays(number))
            .cloned()
            .or_else(|| Lineup::default_for(event, number).filter(|_| plays(number)))
            .unwrap_or(Lineup {
                team: number,
                players: Vec::new(),
            })
    };
    let mut round = TeamRound::default();
    for line in table {
        match line {
            Line::Game { white, black } => {
                let (first, second) = (lineup_of(team(white)), lineup_of(team(black)));
                round
                    .matches
                    .push(match_from_lineups(event, &first, &second));
            }
            // The team the table gives the dummy sits the round out: no
            // match and no points (every team sits out once a cycle; C.05
            // Annex 1 — the pairing-allocated bye is the Swiss's, C.04.6).
            Line::Bye(t) => round.byes.push(TeamBye {
                team: team(t),
                kind: TeamByeKind::ZeroPoint,
            }),
        }
    }
    Ok(round)
}
