//! Movement, legality and outcomes, table-driven.

use xiangqi::{Color, DrawReason, IllegalReason, Move, Outcome, Position, Square, WinReason};

fn sq(s: &str) -> Square {
    let b = s.as_bytes();
    Square::from_coords(b[0] - b'a', b[1] - b'0').expect("a square")
}

fn mv(s: &str) -> Move {
    Move::new(sq(&s[0..2]), sq(&s[2..4]))
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn destinations(p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

/// (what the arbiter checks, FEN, piece's point, every legal destination)
const MOVEMENT: &[(&str, &str, &str, &str)] = &[
    (
        "a horse in the open reaches eight points",
        "3k5/9/9/9/9/4N4/9/9/9/4K4 w",
        "e4",
        "c3 c5 d2 d6 f2 f6 g3 g5",
    ),
    (
        "a horse whose leg is blocked cannot go that way",
        "3k5/9/9/9/4P4/4N4/9/9/9/4K4 w",
        "e4",
        "c3 c5 d2 f2 g3 g5",
    ),
    (
        "a horse's leg blocked by an enemy piece also stops it",
        "3k5/9/9/9/9/3nN4/9/9/9/4K4 w",
        "e4",
        "d2 d6 f2 f6 g3 g5",
    ),
    (
        "an elephant whose eye is blocked cannot go that way",
        "3k5/9/9/9/9/9/3N5/4B4/9/4K4 w",
        "e2",
        "c0 g0 g4",
    ),
    (
        "an elephant may not cross the river",
        "3k5/9/9/9/9/2B6/9/9/9/4K4 w",
        "c4",
        "a2 e2",
    ),
    (
        "a black elephant may not cross the river either",
        "3k5/9/9/9/2b6/9/9/9/9/4K4 b",
        "c5",
        "a7 e7",
    ),
    (
        "a cannon moves like a chariot and captures only over one screen",
        "1r1k5/9/1n7/9/9/9/9/1C2p4/9/4K4 w",
        "b2",
        "a2 b0 b1 b3 b4 b5 b6 b9 c2 d2",
    ),
    (
        "a cannon captures the first piece beyond its screen and no further",
        "1r1k5/1n7/1n7/9/9/9/9/1C7/9/4K4 w",
        "b2",
        "a2 b0 b1 b3 b4 b5 b6 b8 c2 d2 e2 f2 g2 h2 i2",
    ),
    (
        "a chariot stops at the first piece and captures it if it is an enemy",
        "3k5/9/9/9/9/9/9/1R2p4/1N7/4K4 w",
        "b2",
        "a2 b3 b4 b5 b6 b7 b8 b9 c2 d2 e2",
    ),
    (
        "a soldier before the river moves only forward",
        "3k5/9/9/9/9/9/4P4/9/9/4K4 w",
        "e3",
        "e4",
    ),
    (
        "a soldier across the river also moves sideways",
        "3k5/9/9/9/4P4/9/9/9/9/4K4 w",
        "e5",
        "d5 e6 f5",
    ),
    (
        "a soldier on the last rank moves only sideways",
        "P2k5/9/9/9/9/9/9/9/9/4K4 w",
        "a9",
        "b9",
    ),
    (
        "a black soldier moves down the board",
        "3k5/9/9/9/4p4/9/9/9/9/5K3 b",
        "e5",
        "e4",
    ),
    (
        "a black soldier across the river moves sideways too",
        "3k5/9/9/9/9/4p4/9/9/9/5K3 b",
        "e4",
        "d4 e3 f4",
    ),
    (
        "the general stays inside the palace",
        "5k3/9/9/9/9/9/9/9/9/3K5 w",
        "d0",
        "d1 e0",
    ),
    (
        "an advisor moves diagonally inside the palace",
        "3k5/9/9/9/9/9/9/9/4A4/5K3 w",
        "e1",
        "d0 d2 f2",
    ),
    (
        "the general may not step onto the file of the other general",
        "5k3/9/9/9/9/9/9/9/9/4K4 w",
        "e0",
        "d0 e1",
    ),
    (
        "a piece between the generals may not leave the file",
        "4k4/9/9/9/9/9/9/9/4A4/4K4 w",
        "e1",
        "",
    ),
    (
        "a piece pinned against the general by a chariot stays on the line",
        "3k5/9/9/4r4/9/9/9/9/4R4/4K4 w",
        "e1",
        "e2 e3 e4 e5 e6",
    ),
    (
        "a piece may not become the screen of an enemy cannon aimed at its general",
        "3k5/9/9/4c4/9/9/9/2R6/9/4K4 w",
        "c2",
        "a2 b2 c0 c1 c3 c4 c5 c6 c7 c8 c9 d2 f2 g2 h2 i2",
    ),
];

#[test]
fn each_piece_moves_by_its_own_rule_and_no_move_may_expose_the_general() {
    for &(what, fen, from, expected) in MOVEMENT {
        let p = pos(fen);
        let expected: Vec<String> = expected.split_whitespace().map(String::from).collect();
        assert_eq!(destinations(&p, from), expected, "{what}: {fen}");
    }
}

/// (what, FEN, move, reason)
const ILLEGAL: &[(&str, &str, &str, IllegalReason)] = &[
    (
        "no piece on the from-point",
        "3k5/9/9/9/9/9/9/9/9/4K4 w",
        "a0a1",
        IllegalReason::NoPiece(Square::from_coords(0, 0).unwrap()),
    ),
    (
        "moving the opponent's piece",
        "3k5/9/9/9/9/9/9/9/9/4K4 w",
        "d9d8",
        IllegalReason::NotYourPiece(Square::from_coords(3, 9).unwrap()),
    ),
    (
        "a horse moving like a chariot",
        "3k5/9/9/9/9/4N4/9/9/9/4K4 w",
        "e4e6",
        IllegalReason::CannotMoveThere(xiangqi::Role::Horse),
    ),
    (
        "a blocked horse leg",
        "3k5/9/9/9/4P4/4N4/9/9/9/4K4 w",
        "e4d6",
        IllegalReason::HorseLegBlocked(Square::from_coords(4, 5).unwrap()),
    ),
    (
        "a blocked elephant eye",
        "3k5/9/9/9/9/9/3N5/4B4/9/4K4 w",
        "e2c4",
        IllegalReason::ElephantEyeBlocked(Square::from_coords(3, 3).unwrap()),
    ),
    (
        "an elephant crossing the river",
        "3k5/9/9/9/9/2B6/9/9/9/4K4 w",
        "c4e6",
        IllegalReason::ElephantCrossesRiver,
    ),
    (
        "an advisor leaving the palace",
        "3k5/9/9/9/9/9/9/5A3/9/4K4 w",
        "f2g3",
        IllegalReason::LeavesPalace(xiangqi::Role::Advisor),
    ),
    (
        "a general leaving the palace",
        "5k3/9/9/9/9/9/9/9/9/3K5 w",
        "d0c0",
        IllegalReason::LeavesPalace(xiangqi::Role::General),
    ),
    (
        "a cannon capturing without a screen",
        "1r1k5/9/1n7/9/9/9/9/1C2p4/9/4K4 w",
        "b2e2",
        IllegalReason::CannonScreen(0),
    ),
    (
        "a cannon capturing over two screens",
        "1r1k5/1n7/1n7/9/9/9/9/1C7/9/4K4 w",
        "b2b9",
        IllegalReason::CannonScreen(2),
    ),
    (
        "a chariot jumping",
        "3k5/9/9/9/9/9/9/1R2p4/1N7/4K4 w",
        "b2b0",
        IllegalReason::PathBlocked(Square::from_coords(1, 1).unwrap()),
    ),
    (
        "a soldier moving backward",
        "3k5/9/9/9/4P4/9/9/9/9/4K4 w",
        "e5e4",
        IllegalReason::SoldierBackward,
    ),
    (
        "a soldier moving sideways before the river",
        "3k5/9/9/9/9/9/4P4/9/9/4K4 w",
        "e3d3",
        IllegalReason::SoldierSidewaysBeforeRiver,
    ),
    (
        "capturing one's own piece",
        "3k5/9/9/9/9/9/9/1R2p4/1N7/4K4 w",
        "b2b1",
        IllegalReason::OwnPieceOnTarget(Square::from_coords(1, 1).unwrap()),
    ),
    (
        "leaving the general to a chariot",
        "3k5/9/9/4r4/9/9/9/9/4R4/4K4 w",
        "e1d1",
        IllegalReason::GeneralAttacked,
    ),
];

#[test]
fn an_illegal_move_is_refused_with_the_rule_it_breaks_xq_4_1_6() {
    for &(what, fen, m, reason) in ILLEGAL {
        let p = pos(fen);
        assert_eq!(p.why_illegal(mv(m)), Some(reason), "{what}: {fen} {m}");
        assert_eq!(reason.article(), "4.1.6", "{what}");
        let err = p.play(mv(m)).expect_err(what);
        assert_eq!(err.reason, reason);
        assert!(!p.legal_moves().contains(&mv(m)), "{what}");
    }
}

#[test]
fn a_move_that_leaves_the_generals_facing_is_illegal_xq_4_1_2() {
    let p = pos("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
    let r = p.why_illegal(mv("e1d2")).expect("illegal");
    assert_eq!(r, IllegalReason::GeneralsFacing);
    assert_eq!(r.article(), "4.1.2");
    assert!(r.to_string().contains("facing"), "{r}");
    assert!(r.to_string().contains("xq 4.1.2"), "{r}");
    // The general itself may not step onto the open file either.
    let p = pos("5k3/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(
        p.why_illegal(mv("e0f0")),
        Some(IllegalReason::GeneralsFacing)
    );
}

#[test]
fn legal_moves_are_exactly_the_moves_why_illegal_accepts() {
    let p = pos("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w");
    let legal = p.legal_moves();
    for from in Square::all() {
        for to in Square::all() {
            let m = Move::new(from, to);
            assert_eq!(p.why_illegal(m).is_none(), legal.contains(&m), "{m}");
        }
    }
}

/// (what, FEN, outcome)
const OUTCOMES: &[(&str, &str, Option<Outcome>)] = &[
    (
        "checkmate loses for the side to move (xq 4.1.1)",
        "R3k4/1R7/9/9/9/9/9/9/9/3K5 b",
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::Checkmate,
        }),
    ),
    (
        "checkmate by a cannon with the general's own advisors as walls",
        "3akab2/9/9/9/9/9/9/4C4/4C4/4K4 b",
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::Checkmate,
        }),
    ),
    (
        "stalemate (困毙) loses for the side to move (xq 4.1.3)",
        "4k4/5R3/9/9/9/9/9/9/9/3K5 b",
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::Stalemate,
        }),
    ),
    (
        "no attacking piece on either side is a dead position (xq 4.2.1)",
        "4k4/4a4/9/9/9/9/9/9/4A4/4K4 w",
        Some(Outcome::Draw(DrawReason::DeadPosition)),
    ),
    (
        "bare generals are a dead position (xq 4.2.1)",
        "3k5/9/9/9/9/9/9/9/9/4K4 w",
        Some(Outcome::Draw(DrawReason::DeadPosition)),
    ),
    (
        "one soldier left is not a dead position",
        "3k5/9/9/9/9/9/4P4/9/9/4K4 b",
        None,
    ),
    (
        "the start position is not decided",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        None,
    ),
    (
        "a check that can be answered is not checkmate",
        "4k4/4R4/9/9/9/9/9/9/9/3K5 b",
        None,
    ),
];

#[test]
fn checkmate_xq_4_1_1_and_stalemate_xq_4_1_3_lose_and_a_dead_position_xq_4_2_1_is_drawn() {
    for &(what, fen, expected) in OUTCOMES {
        assert_eq!(pos(fen).outcome(), expected, "{what}: {fen}");
    }
}

#[test]
fn outcomes_are_displayed_with_their_article() {
    let o = pos("4k4/5R3/9/9/9/9/9/9/9/3K5 b")
        .outcome()
        .expect("decided");
    assert_eq!(
        o.to_string(),
        "Red wins by stalemate (no legal move) (xq 4.1.3)"
    );
}

#[test]
fn check_is_detected_from_every_kind_of_attacker() {
    let cases = [
        ("chariot", "3k5/9/9/9/9/9/9/9/9/3RK4 b", true),
        (
            "cannon over a screen",
            "3k5/9/9/9/9/3N5/9/3C5/9/4K4 b",
            true,
        ),
        (
            "cannon without a screen",
            "3k5/9/9/9/9/9/9/3C5/9/4K4 b",
            false,
        ),
        ("horse", "3k5/9/2N6/9/9/9/9/9/9/4K4 b", true),
        (
            "horse with its leg blocked",
            "3k5/4a4/4N4/9/9/9/9/9/9/4K4 b",
            false,
        ),
        ("soldier in front", "3k5/3P5/9/9/9/9/9/9/9/4K4 b", true),
        ("soldier beside", "3kP4/9/9/9/9/9/9/9/9/5K3 b", true),
    ];
    for (what, fen, check) in cases {
        assert_eq!(pos(fen).is_check(), check, "{what}: {fen}");
    }
}

#[test]
fn a_move_passes_the_turn_and_only_a_capture_resets_the_clock_xq_4_2_4() {
    let p = Position::startpos();
    let q = p.play(mv("h2e2")).expect("legal");
    assert_eq!(q.turn(), Color::Black);
    assert_eq!(q.fullmove_number(), 1);
    assert_eq!(q.halfmove_clock(), 1);
    let r = q.play(mv("h9g7")).expect("legal");
    assert_eq!(r.fullmove_number(), 2);
    assert_eq!(r.halfmove_clock(), 2);
    // A capture resets the clock (the natural move limit counts moves without capture, xq 4.2.4).
    let s = r.play(mv("e2e6")).expect("legal");
    assert_eq!(s.halfmove_clock(), 0);
    assert_eq!(
        s.to_fen(),
        "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    );
    assert_eq!(s.hash(), s.compute_hash());
}
