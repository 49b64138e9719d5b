//! Property tests over random playouts (randomness from proptest only).

mod common;

use proptest::prelude::*;
use xiangqi::{Color, Move, Piece, Position, Role, Setup, Square};

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

/// Points a piece of that kind may stand on (from Red's side; mirrored for Black).
fn allowed(role: Role, color: Color) -> Vec<Square> {
    Square::all()
        .filter(|&sq| match role {
            Role::General => sq.in_palace(color),
            Role::Advisor => xiangqi::is_advisor_point(color, sq),
            Role::Elephant => xiangqi::is_elephant_point(color, sq),
            Role::Soldier => {
                let r = sq.relative_rank(color);
                r >= 5 || (r >= 3 && sq.file() % 2 == 0)
            }
            Role::Horse | Role::Chariot | Role::Cannon => true,
        })
        .collect()
}

/// A random placement of at most the initial set of pieces, each kind on
/// points it may stand on; the generals are placed last so they are present.
fn random_setup(picks: &[(u8, u8, u16)], black_to_move: bool) -> Setup {
    let mut setup = Setup::empty();
    let kinds = [
        (Role::Advisor, 2),
        (Role::Elephant, 2),
        (Role::Horse, 2),
        (Role::Chariot, 2),
        (Role::Cannon, 2),
        (Role::Soldier, 5),
    ];
    let mut i = 0;
    for color in Color::ALL {
        for (role, max) in kinds {
            let points = allowed(role, color);
            for _ in 0..max {
                let (present, _, at) = picks[i % picks.len()];
                i += 1;
                if present % 3 == 0 {
                    let sq = points[usize::from(at) % points.len()];
                    setup.set(sq, Some(Piece::new(color, role)));
                }
            }
        }
    }
    for color in Color::ALL {
        let points = allowed(Role::General, color);
        let (_, g, _) = picks[i % picks.len()];
        i += 1;
        setup.set(
            points[usize::from(g) % points.len()],
            Some(Piece::new(color, Role::General)),
        );
    }
    setup.turn = if black_to_move {
        Color::Black
    } else {
        Color::Red
    };
    setup
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn legal_generation_equals_the_reference_generator_in_random_positions(
        picks in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u16>()), 40),
        black_to_move in any::<bool>(),
    ) {
        let setup = random_setup(&picks, black_to_move);
        // About 60% of these placements are legal (the rest leave the side
        // not to move in check or the generals facing).
        if let Ok(pos) = Position::from_setup(&setup) {
            let legal = sorted(pos.legal_moves().to_vec());
            prop_assert_eq!(&legal, &sorted(common::ref_legal(&setup)), "{}", pos.to_fen());
            prop_assert_eq!(pos.count_legal_moves(), legal.len(), "{}", pos.to_fen());
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            for &m in &legal {
                let next = pos.play(m).expect("legal");
                prop_assert_eq!(
                    sorted(next.legal_moves().to_vec()),
                    sorted(common::ref_legal(&next.to_setup())),
                    "{} after {}", pos.to_fen(), m
                );
                let wxf = pos.to_wxf(m).expect("a piece moves");
                prop_assert_eq!(pos.parse_wxf(&wxf), Ok(m), "{} {}", pos.to_fen(), wxf);
                let chinese = pos.to_chinese(m).expect("a piece moves");
                prop_assert_eq!(pos.parse_chinese(&chinese), Ok(m), "{} {}", pos.to_fen(), chinese);
            }
        }
    }

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
            prop_assert_eq!(pos.count_legal_moves(), legal.len(), "{}", pos.to_fen());
            prop_assert_eq!(pos.is_check(), !pos.attackers(pos.general(pos.turn()), pos.turn().opposite()).is_empty(), "{}", pos.to_fen());
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
            Square::new(from).expect("in range"),
            Square::new(to).expect("in range"),
        );
        prop_assert_eq!(pos.play(m).is_ok(), pos.legal_moves().contains(&m));
    }
}

/// Whether the side to move has a check after which the other side has no
/// legal move, by the reference generator.
fn ref_mates_in_one(s: &Setup) -> bool {
    common::ref_legal(s).into_iter().any(|m| {
        let next = common::ref_apply(s, m);
        common::ref_attacked(&next, next.turn) && common::ref_legal(&next).is_empty()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Each new attack reported is a capture the reference generator allows
    /// on the next move, and "protected" means the reference generator then
    /// allows a recapture on that point that is not mated at once (or the
    /// capturer's side could mate at once anyway, or the move gives check).
    #[test]
    fn reported_attacks_and_protection_agree_with_the_reference_generator(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        let mut pos = Position::from_fen(STARTS[start]).expect("valid");
        for c in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[usize::from(c) % legal.len()];
            let facts = pos.move_facts(m).expect("legal");
            let after = pos.play(m).expect("legal");
            prop_assert_eq!(facts.gives_check, after.is_check());
            // The same side moves again, as if the opponent passed.
            let mut again = after.to_setup();
            again.turn = pos.turn();
            for a in &facts.new_attacks {
                prop_assert_eq!(a.attacker_piece.color, pos.turn());
                prop_assert_eq!(a.target_piece.color, pos.turn().opposite());
                prop_assert!(a.target_piece.role != Role::General);
                let capture = Move::new(a.attacker, a.target);
                prop_assert!(common::ref_legal(&again).contains(&capture), "{} {}", after.to_fen(), capture);
                let taken = common::ref_apply(&again, capture);
                // A recapture counts when the capturer's side cannot mate at
                // once after it (a recapture mated on the spot is 假根) —
                // unless that side could mate at once anyway.
                // After a check, any legal recapture (the opponent cannot
                // pass, so nothing is refined).
                let recaptures = common::ref_legal(&taken)
                    .into_iter()
                    .filter(|r| r.to == a.target)
                    .any(|r| {
                        facts.gives_check
                            || ref_mates_in_one(&again)
                            || !ref_mates_in_one(&common::ref_apply(&taken, r))
                    });
                prop_assert_eq!(a.protected, recaptures, "{} {}", after.to_fen(), capture);
            }
            pos = after;
        }
    }
}
