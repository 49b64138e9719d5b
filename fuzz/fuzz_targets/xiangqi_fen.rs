//! Xiangqi FEN input. Invariants: parsing never panics; a well-formed FEN's
//! `Setup` writes a FEN that reads back as the same setup; a FEN that gives
//! a legal `Position` round-trips through `to_fen` and `to_setup`, and the
//! position passes `check_position` (hash, legal moves, and the ICCS, WXF
//! and Chinese round trip of every legal move).
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::{Position, Setup};

#[path = "xiangqi_common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pos = Position::from_fen(text);
    let Ok(setup) = Setup::from_fen(text) else {
        assert!(pos.is_err(), "a malformed FEN gives no position");
        return;
    };
    let fen = setup.to_fen();
    let again = Setup::from_fen(&fen).expect("Setup::to_fen output parses");
    assert_eq!(again, setup, "Setup FEN round trip: {fen}");
    assert_eq!(again.to_fen(), fen);
    assert_eq!(Position::from_setup(&setup).ok(), pos.clone().ok());
    let Ok(pos) = pos else {
        return;
    };
    let fen = pos.to_fen();
    let back = Position::from_fen(&fen).expect("Position::to_fen output is a legal position");
    assert_eq!(back, pos, "FEN round trip: {fen}");
    assert_eq!(back.to_fen(), fen);
    assert_eq!(Position::from_setup(&pos.to_setup()), Ok(pos));
    common::check_position(&pos);
});
