//! Property tests over random playouts (randomness from proptest only).

mod common;

use proptest::prelude::*;
use xiangqi::{Move, Position, Setup};

const STARTS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "C1hHk4/9/9/9/9/9/h1pp5/E3C4/9/3A1K3 w - - 0 1",
    "1C2ka3/9/C1Hae1h2/p3p3p/6p2/9/P3P3P/3AE4/3p2c2/c1EAK4 w - - 0 1",
];

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn legal_generation_equals_the_reference_generator_along_random_playouts(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let mut pos = Position::from_fen(STARTS[start]).expect("valid");
        for c in choices {
            let setup = pos.to_setup();
            let legal = sorted(pos.legal_moves().to_vec());
            prop_assert_eq!(&legal, &sorted(common::ref_legal(&setup)), "{}", pos.to_fen());
            prop_assert!(pos.pseudo_legal_moves().len() <= xiangqi::MAX_MOVES);
            if legal.is_empty() {
                prop_assert!(pos.outcome().is_some());
                break;
            }
            let m = legal[usize::from(c) % legal.len()];
            pos = pos.play(m).expect("a generated move is legal");
        }
    }

    #[test]
    fn the_incremental_key_equals_a_fresh_key_and_fen_and_every_notation_round_trip(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let mut pos = Position::from_fen(STARTS[start]).expect("valid");
        for c in choices {
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            let fen = pos.to_fen();
            let back = Position::from_fen(&fen).expect("written FEN reads back");
            prop_assert_eq!(back, pos);
            prop_assert_eq!(Position::from_setup(&pos.to_setup()).expect("valid"), pos);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[usize::from(c) % legal.len()];
            let wxf = pos.to_wxf(m).expect("a piece moves");
            prop_assert_eq!(pos.parse_wxf(&wxf), Ok(m), "{} {}", pos.to_fen(), wxf);
            let chinese = pos.to_chinese(m).expect("a piece moves");
            prop_assert_eq!(pos.parse_chinese(&chinese), Ok(m), "{} {}", pos.to_fen(), chinese);
            prop_assert_eq!(pos.parse_iccs(&m.to_iccs()), Ok(m));
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn any_text_as_fen_or_coordinates_never_panics(s in "\\PC{0,120}") {
        let _ = Setup::from_fen(&s);
        let _ = Position::from_fen(&s);
        let _ = Position::startpos().parse_iccs(&s);
        let _ = Position::startpos().parse_wxf(&s);
        let _ = Position::startpos().parse_chinese(&s);
    }

    #[test]
    fn any_move_tried_is_either_legal_or_refused_with_a_reason(
        from in 0u8..90, to in 0u8..90, start in 0..STARTS.len(),
    ) {
        let pos = Position::from_fen(STARTS[start]).expect("valid");
        let m = Move::new(
            xiangqi::Square::new(from).expect("in range"),
            xiangqi::Square::new(to).expect("in range"),
        );
        prop_assert_eq!(pos.play(m).is_ok(), pos.legal_moves().contains(&m));
    }
}
