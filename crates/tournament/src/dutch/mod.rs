//! The FIDE Dutch Swiss system (C.04.3, 2025 edition), with the general
//! handling rules of C.04.1/C.04.2 and Baku acceleration (C.04.5).
//!
//! [`pair_round`] pairs the next round of a [`Swiss`] tournament;
//! [`swiss_for_next_round`] builds that view from a [`crate::model::Tournament`]
//! (the one adapter, used by the CLI and the server alike) and [`read_trf`]
//! from a TRF file read by [`crate::trf`] (with the extensions pairing
//! programs share: `XXR`, `XXC rank|white1|black1`, `XXP`, `XXA`, `240`,
//! `250`, `260`);
//! [`check`] re-pairs every round of a finished file and lists the rounds
//! whose pairings differ; [`generate`] plays a random tournament (the three
//! functions C.04.A asks of an endorsed pairing program).
//!
//! The pairing is computed as in the endorsed engines: for each score bracket
//! a maximum-weight matching, with the criteria of C.04.3 packed, in their
//! order of priority, into the bits of each edge weight (see `engine`).
//! Unlike them, the matching is never solved from scratch, and a bracket is
//! matched on a graph of its own players only (the players below it
//! contracted), falling back to the whole field when that cannot be proven
//! optimal; [`pair_round_traced`] says when that happens.

pub(crate) mod engine;
pub mod generator;
mod input;
pub(crate) mod matching;
pub mod state;
pub(crate) mod wide;

pub use generator::{Amount, GeneratorConfig, PerRound, generate, generate_tournament};
pub use input::{
    InputError, acceleration_schedule, read_trf, swiss_for_next_round, swiss_history, swiss_of_trf,
    tournament_of,
};
pub use state::{Colour, Entrant, ForbiddenGroup, Outcome, PointSystem, Round, Swiss};

/// One board of a round: white and black by player index (pairing number −
/// 1); `black = None` is the pairing-allocated bye.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Pairing {
    /// White (or the bye's receiver).
    pub white: usize,
    /// Black, or `None` for the bye.
    pub black: Option<usize>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DutchError {
    /// No pairing satisfies the absolute criteria (C.04.3 C.1–C.3) and the
    /// completion criterion (C.4).
    NoValidPairing,
    /// The request cannot be served (for example no initial colour known).
    InvalidRequest(String),
    /// The event is too large for the weight arithmetic.
    TooLarge,
}

impl std::fmt::Display for DutchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DutchError::NoValidPairing => {
                write!(
                    f,
                    "no valid pairing exists: the absolute criteria cannot all be met"
                )
            }
            DutchError::InvalidRequest(s) => write!(f, "invalid request: {s}"),
            DutchError::TooLarge => write!(f, "the tournament is too large for this build"),
        }
    }
}

impl std::error::Error for DutchError {}

/// Pair the next round (`t.played_rounds + 1`) by the Dutch system.
///
/// `t` must have had [`Swiss::update_ranks`] and
/// [`Swiss::compute_player_data`] applied ([`swiss_for_next_round`] does both). Players
/// with an entry for the round being paired (requested byes, withdrawals)
/// are left out; the result lists the boards in publication order, the bye
/// last.
pub fn pair_round(t: &Swiss) -> Result<Vec<Pairing>, DutchError> {
    pair_with(t, true, &mut Vec::new())
}

/// [`pair_round`], and notes on the path the round took: why a contracted
/// bracket gave up, a retry with wider weights, the fall-back to the whole
/// field (none when the first path held). The pairing is the same.
pub fn pair_round_traced(t: &Swiss) -> (Result<Vec<Pairing>, DutchError>, Vec<String>) {
    let mut notes = Vec::new();
    let r = pair_with(t, true, &mut notes);
    (r, notes)
}

/// [`pair_round`] on the whole-field matcher only, the path the engine falls
/// back to when a contracted bracket cannot be proven optimal (for tests).
#[doc(hidden)]
pub fn pair_round_whole_field(t: &Swiss) -> Result<Vec<Pairing>, DutchError> {
    pair_with(t, false, &mut Vec::new())
}

/// Call `engine::$f::<L>($t)` with the fewest limbs `L` that hold `$bits`
/// bits, or give `$none`.
macro_rules! with_limbs {
    ($bits:expr, $f:ident($t:expr), $none:expr) => {{
        let bits = $bits;
        with_limbs!(@ bits, $f, $t, $none; 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 48, 64, 96, 128)
    }};
    (@ $bits:ident, $f:ident, $t:expr, $none:expr; $($l:literal),*) => {
        $(if $bits <= 64 * $l { engine::$f::<$l>($t) } else)* { $none }
    };
}

fn pair_with(
    t: &Swiss,
    contract: bool,
    notes: &mut Vec<String>,
) -> Result<Vec<Pairing>, DutchError> {
    let Some(bits) = engine::needed_bits(t) else {
        return Ok(Vec::new());
    };
    if contract {
        // A bracket's weights count only its own score groups: start as
        // narrow as three adjacent groups need, and widen when a bracket
        // holds moved-down players from further up.
        let mut want = engine::bracket_bits(t).unwrap_or(bits);
        loop {
            let too_wide = || engine::Abort::GiveUp(format!("{want} bits are too wide"));
            match with_limbs!(want, pair_contracted(t), Err(too_wide())) {
                Ok(pairs) => return Ok(pairs),
                Err(engine::Abort::Wider(more)) if more > want => {
                    notes.push(format!(
                        "a bracket needs {more} bits, not {want}: retrying wider"
                    ));
                    want = more;
                }
                Err(engine::Abort::Wider(more)) => {
                    notes.push(format!("a bracket needs {more} bits again"));
                    break;
                }
                Err(engine::Abort::GiveUp(why)) => {
                    notes.push(why);
                    break;
                }
            }
        }
        notes.push("contracted brackets gave up; solving the whole field".into());
    }
    with_limbs!(bits, pair_whole(t), Err(DutchError::TooLarge))
}

/// A round whose recorded pairing differs from the one the engine makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundDifference {
    /// Round number (1-based).
    pub round: usize,
    /// The engine's pairing (or the error it gave).
    pub expected: Result<Vec<Pairing>, DutchError>,
    /// The pairing recorded in the file.
    pub recorded: Vec<Pairing>,
}

/// The boards of round `round` (0-based) as recorded in the tournament.
/// A colourless board (a forfeit recorded without colours) is listed with
/// the lower index as white.
pub fn recorded_round(full: &Swiss, round: usize) -> Vec<Pairing> {
    let mut out = Vec::new();
    for p in full.players.iter().filter(|p| p.valid) {
        let Some(r) = p.rounds.get(round) else {
            continue;
        };
        if !r.paired {
            continue;
        }
        if r.opponent == p.id {
            out.push(Pairing {
                white: p.id,
                black: None,
            });
        } else if r.colour == Some(Colour::White) || (r.colour.is_none() && p.id < r.opponent) {
            out.push(Pairing {
                white: p.id,
                black: Some(r.opponent),
            });
        }
    }
    out
}

/// Whether the engine's board `b` is the one recorded for round `round`.
pub(crate) fn board_recorded(full: &Swiss, round: usize, b: &Pairing) -> bool {
    let Some(r) = full.players.get(b.white).and_then(|p| p.rounds.get(round)) else {
        return false;
    };
    r.opponent == b.black.unwrap_or(b.white) && r.colour != Some(Colour::Black)
}

/// Re-pair every round of `full` from its history and report the rounds
/// whose recorded pairing differs from the engine's (the checker of C.04.A).
pub fn check(full: &Swiss) -> Vec<RoundDifference> {
    let mut diffs = Vec::new();
    replay(full, |round, _, expected| {
        let same = match &expected {
            Ok(boards) => boards.iter().all(|b| board_recorded(full, round, b)),
            Err(_) => false,
        };
        if !same {
            diffs.push(RoundDifference {
                round: round + 1,
                expected,
                recorded: recorded_round(full, round),
            });
        }
    });
    diffs
}

/// Replays `full` round by round: for each round (0-based) calls `each`
/// with the engine's view just before it (the recorded history of the
/// earlier rounds, absences and requested byes of this one) and the
/// engine's pairing of it, then plays the recorded round.
pub(crate) fn replay(
    full: &Swiss,
    mut each: impl FnMut(usize, &Swiss, Result<Vec<Pairing>, DutchError>),
) {
    let mut t = full.clone();
    for p in &mut t.players {
        p.rounds.clear();
        p.score = 0;
    }
    for round in 0..full.played_rounds {
        t.played_rounds = round;
        // Players not paired this round (absences, requested byes) get their
        // entry now so the engine leaves them out.
        for &id in &full.by_rank {
            if let Some(r) = full.players[id].rounds.get(round).filter(|r| !r.paired) {
                t.players[id].rounds.push(*r);
            }
        }
        t.update_ranks();
        t.compute_player_data();
        let expected = pair_round(&t);
        each(round, &t, expected);
        // Play the recorded round.
        for &id in &full.by_rank {
            let Some(r) = full.players[id].rounds.get(round) else {
                continue;
            };
            let pts = full.points_for(&full.players[id], r);
            let p = &mut t.players[id];
            if r.paired {
                p.rounds.push(*r);
            }
            p.score += pts;
        }
    }
}
