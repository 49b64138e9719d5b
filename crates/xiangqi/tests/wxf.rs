//! WXF notation, both directions, table-driven.

use xiangqi::{IllegalReason, Move, NotationError, Position};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const AFTER_C2_5: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
const TANDEM_CHARIOTS_CANNONS: &str = "3k5/9/9/9/7C1/1R7/9/7C1/1R7/4K4 w";
const TANDEM_HORSES_ADVISORS_ELEPHANTS: &str = "3k5/9/9/9/6N2/2B6/6N2/3A5/9/2BAK4 w";
const THREE_SOLDIERS: &str = "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w";
const FIVE_SOLDIERS: &str = "P3k4/P8/P8/P8/P8/9/9/9/9/5K3 w";
const FOUR_SOLDIERS: &str = "3k5/P8/P8/P8/P8/9/9/9/9/4K4 w";
const SOLDIERS_ON_TWO_FILES: &str = "3k5/9/P8/P1P6/P1P6/9/9/9/9/4K4 w";
const BLACK_SOLDIERS: &str = "3k5/9/9/9/9/4p4/4p4/9/9/4K4 b";

/// (position, move, WXF as written, other spellings read)
const TABLE: &[(&str, &str, &str, &[&str])] = &[
    (
        START,
        "h2e2",
        "C2.5",
        &["C2=5", "c2.5", "Ｃ２．５", "C2 . 5"],
    ),
    (START, "b2e2", "C8.5", &["C8=5"]),
    (START, "h0g2", "H2+3", &["N2+3", "h2+3"]),
    (START, "b0c2", "H8+7", &["N8+7"]),
    (START, "i0i1", "R1+1", &[]),
    (START, "a0a2", "R9+2", &[]),
    (START, "c0e2", "E7+5", &["B7+5"]),
    (START, "g0e2", "E3+5", &["B3+5"]),
    (START, "d0e1", "A6+5", &[]),
    (START, "f0e1", "A4+5", &[]),
    (START, "e0e1", "K5+1", &["G5+1"]),
    (START, "e3e4", "P5+1", &["S5+1"]),
    (START, "g3g4", "P3+1", &[]),
    (START, "c3c4", "P7+1", &[]),
    (START, "h2h9", "C2+7", &[]),
    (START, "h2h6", "C2+4", &[]),
    (START, "b2b1", "C8-1", &[]),
    (AFTER_C2_5, "h7e7", "C8.5", &[]),
    (AFTER_C2_5, "b7e7", "C2.5", &[]),
    (AFTER_C2_5, "h9g7", "H8+7", &[]),
    (AFTER_C2_5, "b9c7", "H2+3", &[]),
    (AFTER_C2_5, "c9e7", "E3+5", &[]),
    (AFTER_C2_5, "g9e7", "E7+5", &[]),
    (AFTER_C2_5, "e9e8", "K5+1", &[]),
    (AFTER_C2_5, "f9e8", "A6+5", &[]),
    (AFTER_C2_5, "d9e8", "A4+5", &[]),
    (AFTER_C2_5, "a9a8", "R1+1", &[]),
    (AFTER_C2_5, "i9i7", "R9+2", &[]),
    (AFTER_C2_5, "e6e5", "P5+1", &[]),
    (AFTER_C2_5, "c6c5", "P3+1", &[]),
    (AFTER_C2_5, "b7b0", "C2+7", &[]),
    (TANDEM_CHARIOTS_CANNONS, "b4b7", "R++3", &["+R+3", "R8+3"]),
    (TANDEM_CHARIOTS_CANNONS, "b1b3", "R-+2", &["-R+2"]),
    (
        TANDEM_CHARIOTS_CANNONS,
        "b4e4",
        "R+.5",
        &["+R.5", "R+=5", "r+.5"],
    ),
    (TANDEM_CHARIOTS_CANNONS, "b1a1", "R-.9", &["-R=9"]),
    (TANDEM_CHARIOTS_CANNONS, "b1b0", "R--1", &["-R-1"]),
    (TANDEM_CHARIOTS_CANNONS, "h5h9", "C++4", &["+C+4"]),
    (TANDEM_CHARIOTS_CANNONS, "h2e2", "C-.5", &["-C.5"]),
    (TANDEM_CHARIOTS_CANNONS, "h5h3", "C+-2", &["+C-2"]),
    (
        TANDEM_HORSES_ADVISORS_ELEPHANTS,
        "d0e1",
        "A6+5",
        &["A-+5", "-A+5"],
    ),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "d2e1", "A6-5", &[]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "c0e2", "E7+5", &[]),
    (
        TANDEM_HORSES_ADVISORS_ELEPHANTS,
        "c4e2",
        "E7-5",
        &["E+-5", "B+-5"],
    ),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "c4a2", "E7-9", &[]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "c0a2", "E7+9", &[]),
    (
        TANDEM_HORSES_ADVISORS_ELEPHANTS,
        "g5h7",
        "H++2",
        &["+H+2", "N++2"],
    ),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "g3h1", "H--2", &["-H-2"]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "g3e4", "H-+5", &["-H+5"]),
    (TANDEM_HORSES_ADVISORS_ELEPHANTS, "g5f7", "H++4", &["+H+4"]),
    (THREE_SOLDIERS, "e7d7", "P+.6", &["+P.6", "P+=6"]),
    (THREE_SOLDIERS, "e6d6", "P5.6", &["P5=6"]),
    (THREE_SOLDIERS, "e5d5", "P-.6", &["-P.6"]),
    (THREE_SOLDIERS, "e7e8", "P++1", &[]),
    (THREE_SOLDIERS, "e5f5", "P-.4", &[]),
    (FIVE_SOLDIERS, "a9b9", "++.8", &["++=8"]),
    (FIVE_SOLDIERS, "a8b8", "P+.8", &[]),
    (FIVE_SOLDIERS, "a7b7", "P9.8", &[]),
    (FIVE_SOLDIERS, "a6b6", "P-.8", &[]),
    (FIVE_SOLDIERS, "a5b5", "--.8", &[]),
    (FOUR_SOLDIERS, "a8b8", "++.8", &[]),
    (FOUR_SOLDIERS, "a7b7", "P+.8", &[]),
    (FOUR_SOLDIERS, "a6b6", "P-.8", &[]),
    (FOUR_SOLDIERS, "a5b5", "--.8", &[]),
    (FOUR_SOLDIERS, "a8a9", "+++1", &[]),
    (SOLDIERS_ON_TWO_FILES, "a7b7", "9+.8", &[]),
    (SOLDIERS_ON_TWO_FILES, "a6b6", "99.8", &[]),
    (SOLDIERS_ON_TWO_FILES, "a5b5", "9-.8", &[]),
    (SOLDIERS_ON_TWO_FILES, "c6d6", "7+.6", &[]),
    (SOLDIERS_ON_TWO_FILES, "c5d5", "7-.6", &[]),
    (SOLDIERS_ON_TWO_FILES, "c6b6", "7+.8", &[]),
    (SOLDIERS_ON_TWO_FILES, "a7a8", "9++1", &[]),
    (BLACK_SOLDIERS, "e3d3", "P+.4", &[]),
    (BLACK_SOLDIERS, "e4f4", "P-.6", &[]),
    (BLACK_SOLDIERS, "e3e2", "P++1", &[]),
];

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn wxf_is_written_and_read_for_every_row_of_the_table() {
    assert!(TABLE.len() >= 50);
    for &(fen, iccs, wxf, others) in TABLE {
        let p = pos(fen);
        let m = Move::from_iccs(iccs).expect("coordinates");
        assert!(p.is_legal(m), "{fen} {iccs} must be legal");
        assert_eq!(p.to_wxf(m).as_deref(), Some(wxf), "{fen} {iccs}");
        assert_eq!(p.parse_wxf(wxf), Ok(m), "{fen} {wxf}");
        for other in others {
            assert_eq!(p.parse_wxf(other), Ok(m), "{fen} {other}");
        }
    }
}

#[test]
fn every_legal_move_is_written_so_that_it_reads_back() {
    for &(fen, ..) in TABLE {
        let p = pos(fen);
        for &m in &p.legal_moves() {
            let w = p.to_wxf(m).expect("a piece moves");
            assert_eq!(p.parse_wxf(&w), Ok(m), "{fen} {m} {w}");
        }
    }
}

#[test]
fn wxf_errors_say_what_is_wrong() {
    let start = pos(START);
    for text in ["", "C2.", "X2.5", "C2*5", "C2.0", "C2.55", "C0.5"] {
        assert!(
            matches!(start.parse_wxf(text), Err(NotationError::Malformed { .. })),
            "{text}"
        );
    }
    assert_eq!(
        start.parse_wxf("C2+9"),
        Err(NotationError::NoSuchPiece("C2+9".into()))
    );
    assert!(matches!(
        start.parse_wxf("C2+5"),
        Err(NotationError::Illegal {
            reason: IllegalReason::CannonScreen(0),
            ..
        })
    ));
    assert!(matches!(
        start.parse_wxf("R1+3"),
        Err(NotationError::Illegal {
            reason: IllegalReason::OwnPieceOnTarget(_),
            ..
        })
    ));
    let horses = pos(TANDEM_HORSES_ADVISORS_ELEPHANTS);
    assert_eq!(
        horses.parse_wxf("H3+2"),
        Err(NotationError::Ambiguous("H3+2".into()))
    );
}

/// A piece that moves along lines has one destination for a description,
/// so a description its kind cannot make is still one attempted move (xq
/// 4.1.6: under a strict profile it loses, whatever the notation); a horse
/// names only its destination's file, and a horse "forward to its own file"
/// names no point at all.
#[test]
fn a_line_movers_impossible_step_is_read_as_the_move_attempted_xq_4_1_6() {
    let start = pos(START);
    let general_two_points = Move::from_iccs("e0e2").unwrap();
    assert_eq!(
        start.parse_wxf("K5+2"),
        Err(NotationError::Illegal {
            mv: general_two_points,
            reason: IllegalReason::CannotMoveThere(xiangqi::Role::General),
        })
    );
    // Sideways two files: one point too (an elephant stands on it).
    assert!(matches!(
        start.parse_wxf("K5.3"),
        Err(NotationError::Illegal { .. })
    ));
    assert_eq!(
        start.parse_wxf("H8+8"),
        Err(NotationError::NoSuchPiece("H8+8".into()))
    );
}
