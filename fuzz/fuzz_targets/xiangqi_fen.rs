//! Xiangqi FEN input. Invariants: parsing never panics; a well-formed FEN's
//! `Setup` writes a FEN that reads back as the same setup; a FEN that gives
//! a legal `Position` round-trips through `to_fen` and `to_setup`, and the
//! position passes `check_position` (hash, legal moves, and the ICCS, WXF
//! and Chinese round trip of every legal move).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "xiangqi_common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::fen_target(data);
});
