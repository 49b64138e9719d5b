//! Xiangqi PGN text (any bytes, read as UTF-8 with replacement).
//! Invariants: reading never panics; every error has a line and column
//! from 1 and a message; each game's moves are legal in turn from its start
//! position and lead to the position reported; a game read without error
//! writes (`write_game`) to text that reads back as the same start, moves
//! and result (a game without a result marker reads back as `*`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "xiangqi_common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::pgn_target(data);
});
