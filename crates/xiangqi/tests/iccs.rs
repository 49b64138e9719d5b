//! Coordinate notation (ICCS/UCCI).

use xiangqi::{IccsError, IllegalReason, Move, Position, Square};

#[test]
fn coordinate_moves_are_read_leniently_and_written_in_lower_case() {
    let h2e2 = Move::new(
        Square::from_coords(7, 2).expect("h2"),
        Square::from_coords(4, 2).expect("e2"),
    );
    for text in [
        "h2e2",
        "H2E2",
        "h2-e2",
        " h2e2 ",
        "ｈ２ｅ２",
        "Ｈ２－Ｅ２",
        "h2 e2",
    ] {
        assert_eq!(Move::from_iccs(text), Ok(h2e2), "{text}");
        assert_eq!(Position::startpos().parse_iccs(text), Ok(h2e2), "{text}");
    }
    assert_eq!(h2e2.to_iccs(), "h2e2");
}

#[test]
fn malformed_coordinate_moves_are_refused_as_malformed() {
    for text in [
        "", "h2", "h2e", "j2e2", "h2e10", "h2xe2", "2h2e", "h2e2e", "h-2e2",
    ] {
        assert_eq!(
            Move::from_iccs(text),
            Err(IccsError::Malformed(text.to_string())),
            "{text}"
        );
    }
}

#[test]
fn a_coordinate_move_naming_one_point_twice_is_a_slip_not_a_move() {
    for text in ["e1e1", "H2H2", "e0-e0"] {
        assert_eq!(
            Move::from_iccs(text),
            Err(IccsError::SamePoint(text.to_string())),
            "{text}"
        );
    }
    assert_eq!(
        Position::startpos().parse_iccs("h2h2"),
        Err(IccsError::SamePoint("h2h2".to_string()))
    );
}

#[test]
fn an_illegal_coordinate_move_says_which_rule_it_breaks() {
    let p = Position::startpos();
    let cases = [
        ("h2h7", IllegalReason::CannonScreen(0)),
        (
            "e3e5",
            IllegalReason::CannotMoveThere(xiangqi::Role::Soldier),
        ),
        ("b0b2", IllegalReason::CannotMoveThere(xiangqi::Role::Horse)),
        (
            "i0i3",
            IllegalReason::OwnPieceOnTarget(Square::from_coords(8, 3).expect("i3")),
        ),
        (
            "b0d1",
            IllegalReason::HorseLegBlocked(Square::from_coords(2, 0).expect("c0")),
        ),
    ];
    for (text, reason) in cases {
        match p.parse_iccs(text) {
            Err(IccsError::Illegal { reason: r, .. }) => assert_eq!(r, reason, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let e = p.parse_iccs("d0d1").expect_err("illegal");
    assert_eq!(
        e.to_string(),
        "illegal move d0d1: an advisor does not move that way (xq 4.1.6)"
    );
    let e = p.parse_iccs("h2h7").expect_err("illegal");
    assert_eq!(
        e.to_string(),
        "illegal move h2h7: a cannon captures by jumping exactly one piece, and there are 0 in between (xq 4.1.6)"
    );
}
