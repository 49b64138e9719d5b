//! Setup validation (every problem named) and FEN.

use xiangqi::{
    Color, FenError, Piece, Position, PositionError, Role, STARTING_FEN, Setup, SetupProblem,
    Square,
};

fn sq(s: &str) -> Square {
    let b = s.as_bytes();
    Square::from_coords(b[0] - b'a', b[1] - b'0').expect("a square")
}

fn problems(fen: &str) -> Vec<SetupProblem> {
    let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    match Position::from_setup(&setup) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems,
    }
}

/// (what, FEN, every problem expected)
fn problem_table() -> Vec<(&'static str, &'static str, Vec<SetupProblem>)> {
    use Color::{Black, Red};
    use SetupProblem as P;
    vec![
        ("a legal position has no problem", STARTING_FEN, vec![]),
        (
            "each side needs its general",
            "9/9/9/9/9/9/9/9/9/4K4 w",
            vec![P::MissingGeneral(Black)],
        ),
        (
            "a side has only one general",
            "3k5/9/9/9/9/9/9/9/3K5/5K3 w",
            vec![P::TooMany(Red, Role::General, 2)],
        ),
        (
            "the general stands inside the palace",
            "3k5/9/9/9/9/9/9/9/9/2K6 w",
            vec![P::GeneralOutsidePalace(Red, sq("c0"))],
        ),
        (
            "advisors stand only on the palace diagonals",
            "3k5/9/9/9/9/9/9/9/3A5/4K4 w",
            vec![P::AdvisorOffPoint(Red, sq("d1"))],
        ),
        (
            "elephants stand only on their seven points",
            "3k5/9/9/9/9/9/9/9/9/1B2K4 w",
            vec![P::ElephantOffPoint(Red, sq("b0"))],
        ),
        (
            "an elephant across the river is impossible",
            "3k5/9/9/9/2B6/9/9/9/9/4K4 w",
            vec![P::ElephantOffPoint(Red, sq("c5"))],
        ),
        (
            "a soldier cannot stand behind its starting rank",
            "3k5/9/9/9/9/9/9/P8/9/4K4 w",
            vec![P::SoldierBehindStart(Red, sq("a2"))],
        ),
        (
            "a black soldier cannot stand behind its starting rank",
            "3k5/9/p8/9/9/9/9/9/9/4K4 w",
            vec![P::SoldierBehindStart(Black, sq("a7"))],
        ),
        (
            "a soldier that has not crossed the river stays on its file",
            "3k5/9/9/9/9/9/1P7/9/9/4K4 w",
            vec![P::SoldierOffStartFile(Red, sq("b3"))],
        ),
        (
            "a soldier across the river may stand on any file",
            "3k5/9/9/9/1P7/9/9/9/9/4K4 w",
            vec![],
        ),
        (
            "at most two chariots a side",
            "3k5/9/9/9/9/9/9/9/9/RRR1K4 w",
            vec![P::TooMany(Red, Role::Chariot, 3)],
        ),
        (
            "at most five soldiers a side",
            "3k5/9/9/9/PPPPPP3/9/9/9/9/4K4 w",
            vec![P::TooMany(Red, Role::Soldier, 6)],
        ),
        (
            "the side not to move may not be in check",
            "3k5/9/9/9/9/9/9/9/9/3RK4 w",
            vec![P::OppositeCheck(Black)],
        ),
        (
            "the generals may not face each other (xq 4.1.2)",
            "4k4/9/9/9/9/9/9/9/9/4K4 w",
            vec![P::GeneralsFacing],
        ),
        (
            "facing generals and a check on the side not to move are both named",
            "4k4/9/5N3/9/9/9/9/9/9/4K4 w",
            vec![P::GeneralsFacing, P::OppositeCheck(Black)],
        ),
        (
            "the side to move may be in check",
            "3k5/9/9/9/9/9/9/9/9/3RK4 b",
            vec![],
        ),
        (
            "every problem is named at once",
            "4k4/3a5/9/9/9/9/1P7/9/9/2K6 w",
            vec![
                P::GeneralOutsidePalace(Red, sq("c0")),
                P::SoldierOffStartFile(Red, sq("b3")),
                P::AdvisorOffPoint(Black, sq("d8")),
            ],
        ),
        (
            "an empty board lacks both generals",
            "9/9/9/9/9/9/9/9/9/9 w",
            vec![P::MissingGeneral(Red), P::MissingGeneral(Black)],
        ),
    ]
}

#[test]
fn a_setup_becomes_a_position_only_if_it_is_legal_and_every_problem_is_named() {
    for (what, fen, expected) in problem_table() {
        assert_eq!(problems(fen), expected, "{what}: {fen}");
    }
}

#[test]
fn setup_errors_read_as_sentences() {
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").expect_err("facing");
    assert_eq!(
        err.to_string(),
        "illegal position: the generals face each other on an open file (xq 4.1.2)"
    );
    assert!(matches!(err, PositionError::Setup(_)));
}

#[test]
fn too_many_pieces_of_a_kind_reads_as_a_sentence() {
    let err = Position::from_fen("3k5/9/9/9/9/9/9/9/9/RRR1K4 w").expect_err("three chariots");
    assert_eq!(
        err.to_string(),
        "illegal position: Red has 3 of kind chariot, more than the 2 a side has"
    );
}

#[test]
fn the_start_position_is_written_in_the_standard_form() {
    assert_eq!(Position::startpos().to_fen(), STARTING_FEN);
    assert_eq!(
        STARTING_FEN,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
}

/// (FEN as read, FEN as written)
const ROUND_TRIPS: &[(&str, &str)] = &[
    (
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 17 42",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 17 42",
    ),
    (
        "3k5/9/9/9/9/9/9/9/9/5K3 b 7 12",
        "3k5/9/9/9/9/9/9/9/9/5K3 b - - 7 12",
    ),
    (
        "  3k5/9/9/9/9/9/9/9/9/5K3   w  -  -  3  9 ",
        "3k5/9/9/9/9/9/9/9/9/5K3 w - - 3 9",
    ),
];

#[test]
fn fen_is_read_in_both_letter_conventions_and_written_in_one() {
    for &(input, output) in ROUND_TRIPS {
        let p = Position::from_fen(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(p.to_fen(), output, "{input}");
        assert_eq!(Position::from_fen(output).expect("reads back"), p);
    }
}

#[test]
fn points_are_read_in_iccs_coordinates() {
    assert_eq!("e0".parse::<Square>(), Ok(sq("e0")));
    assert_eq!("I9".parse::<Square>(), Ok(sq("i9")));
    for bad in ["", "e", "j0", "e10", "0e", "é0"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
}

#[test]
fn fen_counters_are_kept() {
    let p = Position::from_fen("3k5/9/9/9/9/9/9/9/9/5K3 b - - 12 34").expect("valid");
    assert_eq!(p.halfmove_clock(), 12);
    assert_eq!(p.fullmove_number(), 34);
    assert_eq!(p.turn(), Color::Black);
}

#[test]
fn fen_reads_e_for_elephant_and_h_for_horse() {
    let s = Setup::from_fen("3k5/9/9/9/9/9/9/9/4H4/3EK4 w").expect("valid");
    assert_eq!(
        s.piece_at(sq("e1")),
        Some(Piece::new(Color::Red, Role::Horse))
    );
    assert_eq!(
        s.piece_at(sq("d0")),
        Some(Piece::new(Color::Red, Role::Elephant))
    );
    assert_eq!(
        s.piece_at(sq("d9")),
        Some(Piece::new(Color::Black, Role::General))
    );
}

/// (FEN, error)
fn fen_errors() -> Vec<(&'static str, FenError)> {
    vec![
        ("", FenError::FieldCount(0)),
        ("rnbakabnr/9", FenError::FieldCount(1)),
        ("9/9/9 w", FenError::RankCount(3)),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            FenError::RankLength { rank: 0, points: 8 },
        ),
        (
            "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            FenError::RankLength {
                rank: 9,
                points: 10,
            },
        ),
        (
            "rnbqkabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            FenError::BadPlacementChar {
                rank: 9,
                found: 'q',
            },
        ),
        (
            "rnbakabnr/0/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            FenError::BadPlacementChar {
                rank: 8,
                found: '0',
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            FenError::BadTurn("x".into()),
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
            FenError::BadCounter {
                field: "half-move clock",
                found: "x".into(),
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - +5 1",
            FenError::BadCounter {
                field: "half-move clock",
                found: "+5".into(),
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1",
            FenError::BadCounter {
                field: "half-move clock",
                found: "-1".into(),
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 4294967296",
            FenError::CounterTooLarge {
                field: "move number",
                found: "4294967296".into(),
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 99999999999999999999999 1",
            FenError::CounterTooLarge {
                field: "half-move clock",
                found: "99999999999999999999999".into(),
            },
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra",
            FenError::FieldCount(7),
        ),
    ]
}

#[test]
fn malformed_fen_is_refused_with_a_typed_error() {
    for (fen, expected) in fen_errors() {
        assert_eq!(Setup::from_fen(fen), Err(expected.clone()), "{fen}");
        assert!(
            expected.to_string().starts_with("invalid FEN: "),
            "{expected}"
        );
    }
}

#[test]
fn hostile_fen_is_refused_without_panicking() {
    for fen in [
        "９/9/9/9/9/9/9/9/9/9 w",
        "99999999999/9/9/9/9/9/9/9/9/9 w",
        "k/k/k/k/k/k/k/k/k/k w",
        "KKKKKKKKK/9/9/9/9/9/9/9/9/kkkkkkkkk w",
        "////////// w",
        "\u{0}\u{0} w",
    ] {
        let _ = Position::from_fen(fen);
    }
}

#[test]
fn a_counter_too_large_for_the_position_is_refused_with_a_clear_error() {
    let fen = "3k5/9/9/9/9/9/9/9/9/5K3 b - - 0 4294967296";
    let err = Position::from_fen(fen).expect_err("does not fit");
    assert_eq!(
        err.to_string(),
        "invalid FEN: move number 4294967296 is larger than the largest counter, 4294967295"
    );
    let err = Setup::from_fen("3k5/9/9/9/9/9/9/9/9/5K3 b - - x1 2").expect_err("not a number");
    assert_eq!(
        err.to_string(),
        "invalid FEN: half-move clock must be a whole number (digits 0-9), found 'x1'"
    );
}

#[test]
fn every_counter_a_position_can_hold_round_trips_exactly() {
    let max = xiangqi::MAX_FEN_COUNTER;
    assert_eq!(max, u32::MAX);
    for (half, full) in [(0, 1), (59, 1_000_000), (1_000_001, 1_000_001), (max, max)] {
        let fen = format!("3k5/9/9/9/9/9/9/9/9/5K3 b - - {half} {full}");
        let p = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.halfmove_clock(), half, "{fen}");
        assert_eq!(p.fullmove_number(), full, "{fen}");
        assert_eq!(p.to_fen(), fen);
        assert_eq!(Setup::from_fen(&fen).expect("reads").to_fen(), fen);
    }
    let leading_zeros =
        Position::from_fen("3k5/9/9/9/9/9/9/9/9/5K3 b - - 007 0042").expect("reads");
    assert_eq!(leading_zeros.to_fen(), "3k5/9/9/9/9/9/9/9/9/5K3 b - - 7 42");
}

#[test]
fn playing_on_from_the_largest_counters_stops_them_there_and_the_fen_still_reads_back() {
    let max = xiangqi::MAX_FEN_COUNTER;
    let mut p = Position::from_fen(&format!("3k5/9/9/9/9/9/9/9/9/5K3 b - - {max} {max}"))
        .expect("the largest counters are read");
    for iccs in ["d9d8", "f0f1", "d8d9", "f1f0"] {
        p = p
            .play(xiangqi::Move::from_iccs(iccs).expect("coordinates"))
            .expect(iccs);
        assert_eq!(p.halfmove_clock(), max, "{iccs}");
        assert_eq!(p.fullmove_number(), max, "{iccs}");
        assert_eq!(Position::from_fen(&p.to_fen()), Ok(p), "{iccs}");
    }
}
