//! SAN input against a fixed set of positions: parsing never panics; a
//! parsed move is legal and its standard SAN parses back to the same move.
//! Tokens are played one after another, so the positions go deeper.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::Position;

const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // Promotions with and without capture, several knights and rooks.
    "r1n1k2r/1P4P1/8/3N1N2/8/1N3N2/6p1/R3K2R w KQkq - 0 1",
    // En passant available (and one that would expose the king).
    "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut pos = Position::from_fen(POSITIONS[usize::from(first) % POSITIONS.len()])
        .expect("fixed positions are legal");
    for token in text.split_whitespace().take(64) {
        let Ok(m) = pos.parse_san(token) else {
            continue;
        };
        assert!(pos.is_legal(m), "{token} parsed to an illegal move {m}");
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "{token} -> {m} -> {san}");
        pos = pos.play(m).expect("a parsed move plays");
    }
});
