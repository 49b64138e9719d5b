//! Round robin by the Berger tables (FIDE C.05, Annex 1).
//!
//! With `n` players (one more, a dummy, when `n` is odd — whoever meets the
//! dummy has a bye), a cycle has `m = n − 1` rounds (`n` even). In round `r`
//! the player `x` with `2x ≡ r + 1 (mod m)` meets player `n`: `x` has White
//! in odd rounds, `n` in even rounds. The other boards pair `x + k` (White)
//! with `x − k` (Black), `k = 1 … n/2 − 1`, counted cyclically in `1 … m`.
//! This reproduces the published tables board by board (tests compare them
//! for 3–16 players) and extends them to any size.
//!
//! A double round robin plays the first cycle with its last two rounds
//! exchanged, then the whole cycle again with colours reversed, as C.05
//! Annex 1 recommends, so nobody has the same colour three times running.

use std::fmt;

use crate::model::{Board, Bye, ByeKind, GameResult, Round, StartNumber, System, Tournament};

/// One line of a round's pairing: a game or a bye (the opponent was the dummy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    Game { white: u32, black: u32 },
    Bye(u32),
}

/// Why a round-robin round cannot be produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A round robin needs at least two players.
    TooFewPlayers { players: u32 },
    /// The schedule has no such round (rounds are 1-based).
    NoSuchRound { round: u32, rounds: u32 },
    /// The tournament is a Swiss, not a round robin.
    NotRoundRobin,
    /// A game already played is not in the table for its round (by table
    /// number, i.e. position in start-number order).
    OffTable {
        round: u32,
        white: StartNumber,
        black: StartNumber,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TooFewPlayers { players } => {
                write!(f, "a round robin needs at least 2 players, not {players}")
            }
            Error::NoSuchRound { round, rounds } => {
                write!(
                    f,
                    "round {round} does not exist: the schedule has {rounds} rounds"
                )
            }
            Error::NotRoundRobin => write!(f, "the tournament is not a round robin"),
            Error::OffTable {
                round,
                white,
                black,
            } => write!(
                f,
                "round {round}: {white}-{black} is not a pairing of the Berger table for that round"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// Number of rounds for `players` players (single cycle, or both cycles).
pub fn rounds(players: u32, double: bool) -> u32 {
    let even = players + players % 2;
    let cycle = even.saturating_sub(1);
    if double { 2 * cycle } else { cycle }
}

/// Wraps `v` (any integer) into `1 ..= m`.
fn cyclic(v: i64, m: i64) -> u32 {
    (v - 1).rem_euclid(m) as u32 + 1
}

/// Round `round` (1-based) of the single-cycle Berger table for `players`
/// players, in the published board order. Player numbers are 1 … players.
pub fn berger_round(players: u32, round: u32) -> Result<Vec<Line>, Error> {
    if players < 2 {
        return Err(Error::TooFewPlayers { players });
    }
    let n = players + players % 2;
    let m = n - 1;
    if round == 0 || round > m {
        return Err(Error::NoSuchRound { round, rounds: m });
    }
    let (n64, m64) = (i64::from(n), i64::from(m));
    // 2x ≡ r + 1 (mod m): odd rounds x = (r + 1) / 2, even rounds x = r/2 + n/2.
    let x = if round % 2 == 1 {
        round.div_ceil(2)
    } else {
        round / 2 + n / 2
    };
    let x = i64::from(x);
    let mut pairs = Vec::with_capacity((n / 2) as usize);
    pairs.push(if round % 2 == 1 {
        (x as u32, n)
    } else {
        (n, x as u32)
    });
    for k in 1..n64 / 2 {
        pairs.push((cyclic(x + k, m64), cyclic(x - k, m64)));
    }
    // With an odd number of players, table number n is the dummy: a bye.
    let dummy = (n != players).then_some(n);
    Ok(pairs
        .into_iter()
        .map(|(white, black)| {
            if Some(white) == dummy {
                Line::Bye(black)
            } else if Some(black) == dummy {
                Line::Bye(white)
            } else {
                Line::Game { white, black }
            }
        })
        .collect())
}

/// Round `round` of a single or double round robin (see the module doc).
pub fn round(players: u32, double: bool, round: u32) -> Result<Vec<Line>, Error> {
    round_of_schedule(players, double, true, round)
}

/// Round `round` of a single or double round robin; `swap_last_two` says
/// whether a double round robin's first cycle plays its last two rounds
/// exchanged (C.05 Annex 1 recommends it; [`round`] does it). A single round
/// robin ignores it.
pub fn round_of_schedule(
    players: u32,
    double: bool,
    swap_last_two: bool,
    round: u32,
) -> Result<Vec<Line>, Error> {
    if players < 2 {
        return Err(Error::TooFewPlayers { players });
    }
    let total = rounds(players, double);
    if round == 0 || round > total {
        return Err(Error::NoSuchRound {
            round,
            rounds: total,
        });
    }
    if !double {
        return berger_round(players, round);
    }
    let cycle = total / 2;
    if round > cycle {
        let first = berger_round(players, round - cycle)?;
        return Ok(first
            .into_iter()
            .map(|p| match p {
                Line::Game { white, black } => Line::Game {
                    white: black,
                    black: white,
                },
                bye => bye,
            })
            .collect());
    }
    // First cycle: the last two rounds exchanged (when there are two).
    let source = if !swap_last_two {
        round
    } else if cycle >= 2 && round == cycle - 1 {
        cycle
    } else if cycle >= 2 && round == cycle {
        cycle - 1
    } else {
        round
    };
    berger_round(players, source)
}

/// The whole schedule: `schedule(n, double)[r - 1]` is round `r`.
pub fn schedule(players: u32, double: bool) -> Result<Vec<Vec<Line>>, Error> {
    (1..=rounds(players, double))
        .map(|r| round(players, double, r))
        .collect()
}

fn is_double(tournament: &Tournament) -> Result<bool, Error> {
    match tournament.system {
        System::RoundRobin => Ok(false),
        System::DoubleRoundRobin => Ok(true),
        System::Swiss => Err(Error::NotRoundRobin),
    }
}

/// Checks that every game recorded so far is a pairing of the table for its
/// round (colours may differ: arbiters sometimes swap them). Pairing the next
/// round from the table only makes sense if the history followed it.
pub fn check_history(tournament: &Tournament) -> Result<(), Error> {
    let double = is_double(tournament)?;
    let count = u32::try_from(tournament.players.len()).unwrap_or(u32::MAX);
    let table_number = |p: StartNumber| -> Option<u32> {
        let i = tournament
            .players
            .binary_search_by_key(&p, |x| x.start_number)
            .ok()?;
        u32::try_from(i + 1).ok()
    };
    for (r, recorded) in (1..).zip(&tournament.rounds) {
        let table = round(count, double, r)?;
        for board in &recorded.boards {
            let (a, b) = (table_number(board.white), table_number(board.black));
            let listed = table.iter().any(|p| match *p {
                Line::Game { white, black } => {
                    (Some(white), Some(black)) == (a, b) || (Some(black), Some(white)) == (a, b)
                }
                Line::Bye(_) => false,
            });
            if !listed {
                return Err(Error::OffTable {
                    round: r,
                    white: board.white,
                    black: board.black,
                });
            }
        }
    }
    Ok(())
}

/// Pairs the next round of a round-robin tournament from the table, by start
/// number: the i-th player in start-number order is table number i. Games
/// first in table order, then the bye. Results are `NotPlayed`. The player
/// the table pairs with the dummy (an odd number of players) sits the round
/// out: no game and no points, a [`ByeKind::Absent`] round — everyone sits
/// out once a cycle, so no point is owed for it (C.05 Annex 1; C.07 treats
/// a round robin's unplayed rounds as forfeits only, never as a bye).
pub fn pair_next_round(tournament: &Tournament) -> Result<Round, Error> {
    let double = is_double(tournament)?;
    let count = u32::try_from(tournament.players.len()).unwrap_or(u32::MAX);
    let next = tournament.rounds_paired() + 1;
    let table = round(count, double, next)?;
    let number = |i: u32| -> StartNumber { tournament.players[i as usize - 1].start_number };
    let mut paired = Round::default();
    for p in table {
        match p {
            Line::Game { white, black } => paired.boards.push(Board::new(
                number(white),
                number(black),
                GameResult::NotPlayed,
            )),
            Line::Bye(p) => paired.byes.push(Bye {
                player: number(p),
                kind: ByeKind::Absent,
            }),
        }
    }
    Ok(paired)
}
