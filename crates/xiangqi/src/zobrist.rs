//! Zobrist keys: fixed constants generated at compile time by SplitMix64
//! from a fixed seed, so keys are the same on every run and platform.

use crate::types::SQUARES;

/// The keys: one per (piece code, square) and one for Black to move.
#[derive(Debug)]
pub(crate) struct Keys {
    /// Indexed by the internal piece code (1–7 Red, 9–15 Black) and square.
    pub(crate) piece: [[u64; SQUARES]; 16],
    /// XORed in when Black is to move.
    pub(crate) black_to_move: u64,
}

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub(crate) static KEYS: Keys = {
    let mut state = 0x5869_616E_6771_6921; // "Xiangqi!"
    let mut piece = [[0u64; SQUARES]; 16];
    let mut p = 0;
    while p < 16 {
        let mut s = 0;
        while s < SQUARES {
            let (next, value) = splitmix64(state);
            state = next;
            // Codes 0 and 8 are not pieces; their keys stay 0.
            if p != 0 && p != 8 {
                piece[p][s] = value;
            }
            s += 1;
        }
        p += 1;
    }
    let (_, black_to_move) = splitmix64(state);
    Keys {
        piece,
        black_to_move,
    }
};
