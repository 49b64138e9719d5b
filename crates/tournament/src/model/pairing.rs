//! What pairing engines read besides players and results.

use std::collections::BTreeMap;

use super::{Colour, Points, StartNumber};

/// Options pairing engines read from TRF extensions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PairingOptions {
    /// The colour of the top-ranked player in round 1 (`XXC white1/black1`,
    /// TRF-2026 `152`); `None` means the engine's default (white).
    pub initial_colour: Option<Colour>,
    /// `XXC rank`: pair by the TRF rank column instead of the start number.
    pub use_rank: bool,
    /// `XXP` / `260`: groups of players who must not meet (every pair within a group).
    pub forbidden_pairs: Vec<Vec<StartNumber>>,
    /// TRF-2026 `260`: groups who must not meet within a range of rounds.
    pub forbidden_pairs_in_rounds: Vec<ForbiddenInRounds>,
    /// `XXA` / `250`: per player, acceleration points for rounds 1, 2, …
    /// (TRF import keeps it canonical: rounds past the list and players not
    /// in the map have no acceleration.)
    pub accelerations: BTreeMap<StartNumber, Vec<Points>>,
    /// Baku acceleration (C.04.5) requested (TRF-2026 `192 …_BAKU`).
    pub baku: bool,
}

/// Players who must not meet each other from `first_round` to `last_round`
/// (inclusive; TRF-2026 record `260`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ForbiddenInRounds {
    pub first_round: u32,
    pub last_round: u32,
    pub players: Vec<StartNumber>,
}
