//! FEN input: parsing never panics; a FEN that gives a legal `Position`
//! round-trips through `to_fen`, and its generated moves are all legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::{Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = Setup::from_fen(text) {
        let fen = setup.to_fen();
        let again = Setup::from_fen(&fen).expect("Setup::to_fen output parses");
        assert_eq!(again.to_fen(), fen, "Setup FEN round trip");
    }
    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let fen = pos.to_fen();
    let back = Position::from_fen(&fen).expect("Position::to_fen output is a legal position");
    assert_eq!(back.to_fen(), fen, "FEN round trip");
    assert!(back.same_position(&pos));
    assert_eq!(back.repetition_key(), pos.repetition_key());
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.count_legal_moves());
    for &m in &moves {
        assert!(pos.is_legal(m), "generated move {m} is legal");
        let next = pos.play(m).expect("a generated move plays");
        Position::from_fen(&next.to_fen()).expect("the position after a legal move is legal");
    }
});
