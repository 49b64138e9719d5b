//! Shared by the Xiangqi fuzz targets (included with `#[path]`; not a
//! target itself): fixed positions to parse moves against, and the checks
//! every legal position must pass.
#![allow(dead_code)]

use xiangqi::{Move, NotationError, Outcome, Position};

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
    if pos.halfmove_clock() <= xiangqi::MAX_FEN_COUNTER
        && pos.fullmove_number() <= xiangqi::MAX_FEN_COUNTER
    {
        assert_eq!(Position::from_fen(&fen), Ok(*pos), "FEN round trip: {fen}");
    }
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
