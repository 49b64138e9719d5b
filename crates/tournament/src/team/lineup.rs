//! A team's line-up for one round, submitted before the pairing and
//! checked against the roster.
//!
//! The roster is the team's board order, fixed for the event (Olympiad
//! Pairing Rules 3.1 and the regulations of most team events: "players
//! must be listed in board order"). A line-up names who plays on each board
//! this round; by default the players must keep their roster order (a
//! reserve moves up, nobody jumps over a team-mate) and empty boards, when
//! a team cannot field everybody, are the last ones. The organiser may
//! relax either rule ([`LineupRules`]).

use std::collections::BTreeSet;
use std::fmt;

use super::{TeamEvent, TeamNumber};
use crate::model::StartNumber;

/// Who plays on each board this round; `None` leaves the board empty (the
/// opponent wins it by forfeit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lineup {
    pub team: TeamNumber,
    pub players: Vec<Option<StartNumber>>,
}

impl Lineup {
    /// The first `boards` players of the roster (the default line-up).
    pub fn default_for(event: &TeamEvent, team: TeamNumber) -> Option<Lineup> {
        Lineup::default_among(event, team, |_| true)
    }

    /// The first `boards` players of the roster who can play (`available`:
    /// not withdrawn from the round), in roster order, the boards they
    /// cannot fill left empty at the end (C.04.6: a team plays its players
    /// in the board order fixed for the event).
    pub fn default_among(
        event: &TeamEvent,
        team: TeamNumber,
        available: impl Fn(StartNumber) -> bool,
    ) -> Option<Lineup> {
        let mut playing = event
            .team(team)?
            .roster
            .iter()
            .copied()
            .filter(|&p| available(p));
        let players = (0..event.boards).map(|_| playing.next()).collect();
        Some(Lineup { team, players })
    }
}

/// The organiser's rules on line-ups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineupRules {
    /// Players must appear in roster order (default: yes).
    pub roster_order: bool,
    /// Empty boards may only be the last ones (default: yes).
    pub empty_boards_last: bool,
    /// At most this many empty boards (default: no limit).
    pub max_empty_boards: Option<u32>,
}

impl Default for LineupRules {
    fn default() -> LineupRules {
        LineupRules {
            roster_order: true,
            empty_boards_last: true,
            max_empty_boards: None,
        }
    }
}

/// Why a line-up was refused. Boards are 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineupError {
    /// No team has this number.
    UnknownTeam(TeamNumber),
    /// More or fewer boards than a match has.
    WrongBoardCount { given: usize, expected: u32 },
    /// The player is not on the team's roster.
    NotOnRoster { board: u32, player: StartNumber },
    /// The player is on another team's roster (a player in two teams).
    OtherTeam {
        board: u32,
        player: StartNumber,
        team: TeamNumber,
    },
    /// The same player on two boards.
    PlayerTwice { player: StartNumber },
    /// The player comes before `above` on the roster but plays below him.
    OutOfRosterOrder {
        board: u32,
        player: StartNumber,
        above: StartNumber,
    },
    /// An empty board above an occupied one.
    EmptyBoardNotLast { board: u32 },
    /// More empty boards than the regulations allow.
    TooManyEmptyBoards { empty: u32, allowed: u32 },
}

impl fmt::Display for LineupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineupError::UnknownTeam(t) => write!(f, "no team has number {t}"),
            LineupError::WrongBoardCount { given, expected } => {
                write!(f, "the line-up has {given} boards; a match has {expected}")
            }
            LineupError::NotOnRoster { board, player } => {
                write!(f, "board {board}: player {player} is not on the roster")
            }
            LineupError::OtherTeam {
                board,
                player,
                team,
            } => write!(
                f,
                "board {board}: player {player} is on the roster of team {team}"
            ),
            LineupError::PlayerTwice { player } => {
                write!(f, "player {player} is on two boards")
            }
            LineupError::OutOfRosterOrder {
                board,
                player,
                above,
            } => write!(
                f,
                "board {board}: player {player} comes before {above} on the roster and may not play below him"
            ),
            LineupError::EmptyBoardNotLast { board } => {
                write!(f, "board {board} is empty but a lower board is not")
            }
            LineupError::TooManyEmptyBoards { empty, allowed } => {
                write!(f, "{empty} empty boards; at most {allowed} allowed")
            }
        }
    }
}

impl std::error::Error for LineupError {}

/// Checks a line-up against the team's roster and the rules.
pub fn check_lineup(
    event: &TeamEvent,
    lineup: &Lineup,
    rules: &LineupRules,
) -> Result<(), LineupError> {
    let team = event
        .team(lineup.team)
        .ok_or(LineupError::UnknownTeam(lineup.team))?;
    if lineup.players.len() != event.boards as usize {
        return Err(LineupError::WrongBoardCount {
            given: lineup.players.len(),
            expected: event.boards,
        });
    }
    let mut seen = BTreeSet::new();
    let mut last_position: Option<(usize, StartNumber)> = None;
    let mut empty_seen: Option<u32> = None;
    let mut empty = 0u32;
    for (board, player) in (1u32..).zip(&lineup.players) {
        let Some(player) = *player else {
            empty += 1;
            empty_seen.get_or_insert(board);
            continue;
        };
        if let (true, Some(first_empty)) = (rules.empty_boards_last, empty_seen) {
            return Err(LineupError::EmptyBoardNotLast { board: first_empty });
        }
        let Some(position) = team.roster.iter().position(|&p| p == player) else {
            if let Some(other) = event.team_of(player) {
                return Err(LineupError::OtherTeam {
                    board,
                    player,
                    team: other,
                });
            }
            return Err(LineupError::NotOnRoster { board, player });
        };
        if !seen.insert(player) {
            return Err(LineupError::PlayerTwice { player });
        }
        if let (true, Some((before, above))) = (rules.roster_order, last_position)
            && position < before
        {
            return Err(LineupError::OutOfRosterOrder {
                board,
                player,
                above,
            });
        }
        last_position = Some((position, player));
    }
    if let Some(allowed) = rules.max_empty_boards
        && empty > allowed
    {
        return Err(LineupError::TooManyEmptyBoards { empty, allowed });
    }
    Ok(())
}
