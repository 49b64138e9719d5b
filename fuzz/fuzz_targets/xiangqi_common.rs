//! The bodies of the Xiangqi fuzz targets (each target is one call to a
//! function here; this file is included with `#[path]` and is not a target
//! itself): fixed positions to parse moves against, and the checks every
//! legal position must pass. `crates/xiangqi/tests/fuzz_bodies.rs` includes
//! it too and runs every body on random and mutated inputs in the normal
//! test run, so the bodies keep compiling and holding without cargo-fuzz.
#![allow(dead_code)]

use xiangqi::pgn::{GameResult, read_game, read_games, write_game};
use xiangqi::{IccsError, Move, NotationError, Outcome, Position, Setup};

/// Start positions for the notation targets (chosen by the input's first
/// byte): the opening, both sides to move, two published perft positions
/// and the tandem cases of WXF and Chinese notation (two chariots and
/// cannons on a file, horses, advisors and elephants, three, four and five
/// soldiers on a file, soldiers in tandem on two files, Black's soldiers).
pub const POSITIONS: [&str; 12] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "3k5/9/9/9/7C1/1R7/9/7C1/1R7/4K4 w - - 0 1",
    "3k5/9/9/9/6N2/2B6/6N2/3A5/9/2BAK4 w - - 0 1",
    "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1",
    "3k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1",
    "P3k4/P8/P8/P8/P8/9/9/9/9/5K3 w - - 0 1",
    "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/9/9/4p4/4p4/9/9/4K4 b - - 0 1",
    "4k4/4a4/4ba3/9/2p1p1p2/2p1p4/9/4B4/9/3K5 b - - 0 1",
];

/// The position the first byte of the input chooses.
pub fn position(choice: u8) -> Position {
    let fen = POSITIONS[usize::from(choice) % POSITIONS.len()];
    Position::from_fen(fen).expect("the fixed positions are legal")
}

/// Invariants of a legal position: the incremental hash equals a fresh one;
/// its FEN reads back as the same position; every legal move is legal by
/// `why_illegal`, is among the pseudo-legal moves, plays, and writes in
/// each notation (ICCS, WXF, Chinese) to text that reads back as the same
/// move; no legal move means the position is lost (checkmate or stalemate).
pub fn check_position(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.to_fen());
    let fen = pos.to_fen();
    assert_eq!(Position::from_fen(&fen), Ok(*pos), "FEN round trip: {fen}");
    let legal = pos.legal_moves();
    let pseudo = pos.pseudo_legal_moves();
    assert_eq!(legal.is_empty(), !pos.has_legal_moves(), "{fen}");
    assert_eq!(
        legal.is_empty(),
        matches!(pos.outcome(), Some(Outcome::Win { .. })),
        "{fen}"
    );
    for &m in &legal {
        assert!(pseudo.contains(&m), "{fen}: legal {m} is pseudo-legal");
        assert_eq!(pos.why_illegal(m), None, "{fen}: generated {m}");
        let iccs = m.to_iccs();
        assert_eq!(pos.parse_iccs(&iccs), Ok(m), "{fen}: {m} -> {iccs}");
        let wxf = pos
            .to_wxf(m)
            .expect("a piece stands on a legal move's from-point");
        assert_eq!(pos.parse_wxf(&wxf), Ok(m), "{fen}: {m} -> {wxf}");
        let chinese = pos
            .to_chinese(m)
            .expect("a piece stands on a legal move's from-point");
        assert_eq!(
            pos.parse_chinese(&chinese),
            Ok(m),
            "{fen}: {m} -> {chinese}"
        );
        let next = pos.play(m).expect("a generated move plays");
        assert_eq!(next.hash(), next.compute_hash(), "{fen} after {m}");
    }
}

/// The body of the WXF and Chinese notation targets: `data`'s first byte
/// chooses a position, the rest is text read with `parse` (the whole text,
/// then each token). A move read is legal and reads back from `write`'s
/// form; a move refused as illegal is refused for `why_illegal`'s reason;
/// moves read are played and each position reached passes
/// [`check_position`].
pub fn notation_target(
    data: &[u8],
    parse: fn(&Position, &str) -> Result<Move, NotationError>,
    write: fn(&Position, Move) -> Option<String>,
) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut pos = position(first);
    for token in std::iter::once(text).chain(text.split_whitespace().take(64)) {
        match parse(&pos, token) {
            Ok(m) => {
                assert!(pos.legal_moves().contains(&m), "{token} -> {m} is legal");
                let written = write(&pos, m).expect("a piece stands on a legal move's from-point");
                assert_eq!(parse(&pos, &written), Ok(m), "{token} -> {m} -> {written}");
                pos = pos.play(m).expect("a parsed move plays");
                check_position(&pos);
            }
            Err(NotationError::Illegal { mv, reason }) => {
                assert_eq!(pos.why_illegal(mv), Some(reason), "{token} -> {mv}");
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// The body of `xiangqi_fen`: `data` as FEN text.
pub fn fen_target(data: &[u8]) {
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
    check_position(&pos);
}

/// The body of `xiangqi_iccs`: `data`'s first byte chooses a position, the
/// rest is text read as coordinate moves.
pub fn iccs_target(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut pos = position(first);
    // The whole text (spaces inside a move are read), then each token.
    for token in std::iter::once(text).chain(text.split_whitespace().take(64)) {
        let syntax = Move::from_iccs(token);
        let parsed = pos.parse_iccs(token);
        let Ok(m) = syntax else {
            assert_eq!(parsed, syntax, "{token}: the syntax's refusal");
            assert!(
                matches!(
                    parsed,
                    Err(IccsError::Malformed(_) | IccsError::SamePoint(_))
                ),
                "{token}: {parsed:?}"
            );
            continue;
        };
        let written = m.to_iccs();
        assert_eq!(written.len(), 4, "{token} -> {written}");
        assert_eq!(Move::from_iccs(&written), Ok(m), "{token} -> {written}");
        match parsed {
            Ok(p) => {
                assert_eq!(p, m, "{token}");
                assert!(pos.legal_moves().contains(&m), "{token} is legal");
                pos = pos.play(m).expect("a parsed move plays");
                check_position(&pos);
            }
            Err(IccsError::Illegal { mv, reason }) => {
                assert_eq!(mv, m, "{token}");
                assert_eq!(pos.why_illegal(m), Some(reason), "{token}");
                assert!(!pos.legal_moves().contains(&m), "{token} is illegal");
            }
            Err(IccsError::Malformed(_) | IccsError::SamePoint(_)) => {
                panic!("{token}: read by from_iccs, refused by parse_iccs")
            }
        }
    }
}

/// The body of `xiangqi_pgn`: `data` as PGN text. Every error has a line
/// and column from 1 and a message; each game's moves are legal in turn from
/// its start and lead to the position reported; a game read without error
/// writes to text that reads back as the same start, moves and result (no
/// result reads back as `*`, unknown).
pub fn pgn_target(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for read in read_games(&text) {
        if let Some(e) = &read.error {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            assert!(!e.message().is_empty());
        }
        let mut pos = read.game.start;
        for &m in &read.game.moves {
            pos = pos.play(m).expect("a move read is legal");
        }
        assert_eq!(read.notations.len(), read.game.moves.len());
        if let Some(reached) = read.position {
            assert_eq!(reached, pos);
            check_position(&pos);
        }
        if read.error.is_none() {
            let written = write_game(&read.game).expect("legal moves write");
            let back = read_game(&written).expect("written text reads back");
            assert_eq!(back.start, read.game.start);
            assert_eq!(back.moves, read.game.moves);
            // A game read without a termination marker (`None`) is
            // written with `*`, the marker PGN requires for an unknown
            // result, and reads back as `Unknown`.
            let unknown = Some(GameResult::Unknown);
            assert_eq!(
                back.result.or(unknown),
                read.game.result.or(unknown),
                "{written}"
            );
        }
    }
}
