//! The facts perpetual check and perpetual chase are judged on (xq 4.1.7,
//! 4.2.3): check, newly attacked pieces and their protection.

use xiangqi::{Color, Move, Piece, Position, Role};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(s: &str) -> Move {
    Move::from_iccs(s).expect("coordinates")
}

/// (attacker, target, protected)
type Attack = (&'static str, &'static str, bool);

/// (what, FEN, move, gives check, new attacks)
const CASES: &[(&str, &str, &str, bool, &[Attack])] = &[
    (
        "a chariot that newly attacks an unprotected horse chases it",
        "3k5/9/9/9/7n1/9/9/9/9/1R2K4 w",
        "b0b5",
        false,
        &[("b5", "h5", false)],
    ),
    (
        "a horse guarded by its chariot is protected",
        "3k3r1/9/9/9/7n1/9/9/9/9/1R2K4 w",
        "b0b5",
        false,
        &[("b5", "h5", true)],
    ),
    (
        "a guard pinned against its own general does not protect",
        "5k1rR/9/9/9/7n1/9/9/9/9/1R2K4 w",
        "b0b5",
        false,
        &[("b5", "h5", false)],
    ),
    (
        "an attack kept while moving along the line is not new",
        "3k5/9/9/9/1R5n1/9/9/9/9/4K4 w",
        "b5c5",
        false,
        &[],
    ),
    (
        "a piece that moves away uncovers its chariot's attack",
        "3k5/9/1c7/9/9/9/1N7/9/9/1R2K4 w",
        "b3d4",
        false,
        &[("b0", "b7", false)],
    ),
    (
        "a pinned chariot cannot capture, so it does not chase",
        "3k5/4r4/9/9/n8/9/4R4/9/9/4K4 w",
        "e3e5",
        false,
        &[],
    ),
    (
        "a chariot on the general's rank gives check",
        "3k5/9/9/9/7n1/9/9/9/9/1R2K4 w",
        "b0b9",
        true,
        &[],
    ),
    (
        "a cannon that lines up behind a screen gives check",
        "3k5/9/9/3n5/9/9/9/9/9/1C2K4 w",
        "b0d0",
        true,
        &[],
    ),
    (
        "a horse that newly attacks a chariot",
        "3k5/9/9/9/9/6r2/9/9/9/4K1N2 w",
        "g0f2",
        false,
        &[("f2", "g4", false)],
    ),
    (
        "a piece that becomes its cannon's screen lets the cannon attack",
        "3k5/9/1n7/9/9/9/9/2N6/9/1C2K4 w",
        "c2b4",
        false,
        &[("b0", "b7", false)],
    ),
    (
        "a horse next to its general in the palace is protected",
        "3k5/3n5/9/9/9/9/9/9/9/R3K4 w",
        "a0a8",
        false,
        &[("a8", "d8", true)],
    ),
];

#[test]
fn each_move_reports_check_and_the_pieces_it_newly_attacks() {
    for &(what, fen, m, check, attacks) in CASES {
        let p = pos(fen);
        let facts = p
            .move_facts(mv(m))
            .unwrap_or_else(|| panic!("{what}: {m} is legal"));
        assert_eq!(facts.gives_check, check, "{what}");
        assert_eq!(p.gives_check(mv(m)), check, "{what}");
        let got: Vec<(String, String, bool)> = facts
            .new_attacks
            .iter()
            .map(|a| (a.attacker.to_string(), a.target.to_string(), a.protected))
            .collect();
        let want: Vec<(String, String, bool)> = attacks
            .iter()
            .map(|&(a, t, p)| (a.to_string(), t.to_string(), p))
            .collect();
        assert_eq!(got, want, "{what}: {fen} {m}");
    }
}

#[test]
fn the_attack_names_both_pieces() {
    let p = pos("3k5/9/9/9/7n1/9/9/9/9/1R2K4 w");
    let facts = p.move_facts(mv("b0b5")).expect("legal");
    let a = facts.new_attacks[0];
    assert_eq!(a.attacker_piece, Piece::new(Color::Red, Role::Chariot));
    assert_eq!(a.target_piece, Piece::new(Color::Black, Role::Horse));
}

#[test]
fn an_illegal_move_has_no_facts() {
    let p = Position::startpos();
    assert_eq!(p.move_facts(mv("h2h7")), None);
    assert!(!p.gives_check(mv("h2h7")));
}

#[test]
fn a_move_that_lets_its_side_mate_by_checks_next_threatens_mate() {
    // The horse steps to e5: were Black to pass, the chariot and horse
    // would mate by checks; the general's step to f9 parries it.
    let p = pos("3a5/4ak3/5N3/9/9/9/9/6R2/9/4K4 w");
    assert!(!p.mates_by_checks(xiangqi::MATE_THREAT_MOVES));
    assert!(p.threatens_mate(mv("f7e5")));
    let after = p.play(mv("f7e5")).expect("legal");
    assert!(
        !after.threatens_mate(mv("f8f9")),
        "the parry threatens nothing"
    );
    assert!(
        !p.threatens_mate(mv("g2g8")),
        "a check is a check, not a threat"
    );
    assert!(
        !p.threatens_mate(mv("e0e1")),
        "a quiet move that opens no mate"
    );
    assert!(
        !p.threatens_mate(mv("h2h7")),
        "an illegal move threatens nothing"
    );
}

#[test]
fn a_mate_that_stood_before_the_move_is_no_new_threat() {
    // Black does not parry (the guard steps to d7): Red can mate now, and a
    // quiet move after which it still could threatens nothing new.
    let p = pos("3a5/4ak3/5N3/9/9/9/9/6R2/9/4K4 w");
    let standing = p
        .play(mv("f7e5"))
        .and_then(|q| q.play(mv("e8d7")))
        .expect("legal");
    assert!(standing.mates_by_checks(xiangqi::MATE_THREAT_MOVES));
    let still_mates = |m: Move| {
        standing.play(m).is_ok_and(|q| {
            let mut passed = q.to_setup();
            passed.turn = passed.turn.opposite();
            Position::from_setup(&passed)
                .is_ok_and(|r| r.mates_by_checks(xiangqi::MATE_THREAT_MOVES))
        })
    };
    let quiet = standing
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| !standing.gives_check(m) && still_mates(m))
        .expect("a quiet move keeps the mate");
    assert!(!standing.threatens_mate(quiet), "{quiet}");
}

#[test]
fn mate_in_one_by_check_is_found_and_a_check_that_can_be_met_is_not() {
    // The chariot to d0: the general cannot leave the d-file (e9 would face
    // Red's general), so the check mates.
    let p = pos("3k5/9/9/9/9/9/9/9/9/R3K4 w");
    assert!(p.mates_by_checks(1));
    let mated = p.play(mv("a0d0")).expect("legal");
    assert!(mated.is_check() && mated.legal_moves().is_empty());
    // With the general on e9 every check of the chariot can be met.
    let q = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w");
    assert!(!q.mates_by_checks(1));
    assert!(!q.mates_by_checks(0), "no moves, no mate");
}

#[test]
fn a_move_that_blocks_the_protector_makes_the_standing_attack_new() {
    // The chariot on a7 attacks the horse on c7, guarded by the chariot on
    // c9; the horse stepping to c8 cuts the guard (断根).
    let p = pos("2r6/5k3/R1n1N4/9/9/9/9/9/9/4K4 w");
    let facts = p.move_facts(mv("e7c8")).expect("legal");
    let a = facts
        .new_attacks
        .iter()
        .find(|a| a.target.to_string() == "c7")
        .expect("the attack on the horse is new");
    assert_eq!(a.attacker.to_string(), "a7");
    assert!(a.undermined && !a.protected);
    let back = p
        .play(mv("e7c8"))
        .and_then(|q| q.play(mv("f8f7")))
        .expect("legal");
    let facts = back.move_facts(mv("c8e7")).expect("legal");
    assert!(
        facts
            .new_attacks
            .iter()
            .all(|a| a.target.to_string() != "c7"),
        "the guard restored: nothing new on the horse"
    );
}
