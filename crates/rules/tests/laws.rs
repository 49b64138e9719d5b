//! One test per special rule, each citing its article of the Laws, plus the
//! data-driven tables for position validation and notation.

use rules::{
    CastlingSide, Color, IllegalReason, Move, Outcome, Position, PositionError, Role, SanError,
    Square, UciError,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci(p: &Position, m: &str) -> Move {
    p.parse_uci(m)
        .unwrap_or_else(|e| panic!("{m} in {p:?}: {e}"))
}

fn play(p: &Position, moves: &str) -> Position {
    let mut p = *p;
    for m in moves.split_whitespace() {
        p = p.play(uci(&p, m)).unwrap_or_else(|e| panic!("{e}"));
    }
    p
}

fn table(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('|').map(str::trim).collect())
}

/// Every problem of an impossible position is named, none is invented
/// (arts. 2.1, 5.1(5), 5.6, 9.1).
#[test]
fn impossible_positions_are_rejected_naming_every_problem() {
    let mut n = 0;
    for row in table(include_str!("data/invalid_positions.txt")) {
        let (fen, expected) = (row[0], row[1]);
        let got = match Position::from_fen(fen) {
            Ok(_) => String::new(),
            Err(PositionError::Invalid(problems)) => problems
                .iter()
                .map(|p| format!("{p:?}"))
                .collect::<Vec<_>>()
                .join(", "),
            Err(e) => panic!("{fen}: not a FEN syntax case: {e}"),
        };
        assert_eq!(got, expected, "{fen}");
        n += 1;
    }
    assert!(n >= 25);
}

#[test]
fn error_message_lists_every_problem_in_words() {
    let e = Position::from_fen("8/8/8/8/8/8/8/p7 w K e6 0 1").unwrap_err();
    let text = e.to_string();
    for word in [
        "white has no king",
        "black has no king",
        "pawn on a1",
        "castling",
        "e6",
    ] {
        assert!(text.contains(word), "'{word}' missing from: {text}");
    }
}

#[test]
fn malformed_fen_says_which_field_is_wrong() {
    for (fen, field) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "half-move clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
            "full-move number",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "record"),
        // Counters so large that playing on would overflow them are refused.
        ("4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1", "half-move clock"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295", "full-move number"),
    ] {
        match Position::from_fen(fen) {
            Err(PositionError::Fen(e)) => assert!(e.to_string().contains(field), "{fen}: {e}"),
            other => panic!("{fen}: expected a FEN error, got {other:?}"),
        }
    }
}

#[test]
fn the_largest_allowed_counters_still_advance_when_a_move_is_played() {
    let fen = format!("4k3/8/8/8/8/8/8/4K3 b - - {0} {0}", rules::MAX_FEN_COUNTER);
    let p = pos(&fen);
    let m = p.parse_san("Kd7").expect("legal king move");
    let next = p.play(m).expect("legal");
    assert_eq!(next.halfmove_clock(), rules::MAX_FEN_COUNTER + 1);
    assert_eq!(next.fullmove_number(), rules::MAX_FEN_COUNTER + 1);
}

#[test]
fn fen_without_clocks_is_read_with_default_counters() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 b - -");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(Position::startpos().to_fen(), rules::STARTING_FEN);
}

/// SAN parsing accepts what scoresheets contain and says malformed,
/// illegal or ambiguous otherwise.
#[test]
fn san_parsing_table() {
    for row in table(include_str!("data/san.txt")) {
        let (fen, san, expected) = (row[0], row[1], row[2]);
        let p = pos(fen);
        let got = match p.parse_san(san) {
            Ok(m) => m.to_uci(),
            Err(SanError::Malformed { .. }) => "malformed".into(),
            Err(SanError::Illegal { .. }) => "illegal".into(),
            Err(SanError::Ambiguous { .. }) => "ambiguous".into(),
        };
        assert_eq!(got, expected, "{san} in {fen}");
    }
}

#[test]
fn san_formatting_table() {
    for row in table(include_str!("data/san_format.txt")) {
        let (fen, m, expected) = (row[0], row[1], row[2]);
        let p = pos(fen);
        assert_eq!(p.san(uci(&p, m)), expected, "{m} in {fen}");
    }
}

#[test]
fn ambiguous_san_lists_the_candidates() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    match p.parse_san("Nd2") {
        Err(SanError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, vec!["b1d2".to_string(), "f3d2".to_string()]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_san_says_why() {
    let p = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let e = p.parse_san("Nd4").unwrap_err().to_string();
    assert!(
        e.contains("king would be in check") && e.contains("9.1"),
        "{e}"
    );
    let e = Position::startpos()
        .parse_san("Nd2")
        .unwrap_err()
        .to_string();
    assert!(e.contains("d2"), "{e}");
    let e = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1")
        .parse_san("O-O")
        .unwrap_err()
        .to_string();
    assert!(e.contains("5.1(5)"), "{e}");
}

/// Arts. 3.2, 4.1, 4.2, 5.1–5.6 and 9.1: a move refused in SAN carries the
/// same typed reason, hence the same article, as the same move in UCI.
#[test]
fn an_illegal_san_move_carries_the_reason_and_article_of_the_same_move_in_uci() {
    let start = rules::STARTING_FEN;
    for (fen, san, uci, article) in [
        // 9.1: the knight is pinned.
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "e2c3", "9.1"),
        // 4.2: the bishop's path is blocked.
        (start, "Bc4", "f1c4", "4.2"),
        // 4.1: a piece of the same colour stands on the target.
        (start, "Qd2", "d1d2", "4.1"),
        // 5.5, 5.1(1), 5.6: the piece does not move that way.
        (start, "Nb4", "b1b4", "5.5"),
        (start, "Ke3", "e1e3", "5.1(1)"),
        (start, "e5", "e2e5", "5.6"),
        // 5.1(6): castling through an attacked square.
        (
            "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
            "O-O",
            "e1g1",
            "5.1(6)",
        ),
        // 5.1(5): the right to castle is lost.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            "O-O-O",
            "e1c1",
            "5.1(5)",
        ),
        // 5.6(3): en passant only right after the two-square advance.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6", "e5d6", "5.6(3)"),
        // 5.6(4): a pawn reaching the last rank must be promoted.
        ("8/4P3/8/7k/8/8/8/4K3 w - - 0 1", "e8", "e7e8", "5.6(4)"),
    ] {
        let p = pos(fen);
        let Err(SanError::Illegal { reason, .. }) = p.parse_san(san) else {
            panic!("{san} in {fen} should be illegal");
        };
        let Err(UciError::Illegal {
            reason: uci_reason, ..
        }) = p.parse_uci(uci)
        else {
            panic!("{uci} in {fen} should be illegal");
        };
        assert_eq!(reason, uci_reason, "{san} / {uci} in {fen}");
        assert_eq!(reason.article(), article, "{san} in {fen}");
    }
}

/// Art. 4.1: a SAN naming a piece the side to move does not have is illegal
/// for want of a piece; the messages read as before.
#[test]
fn a_san_move_of_a_missing_piece_cites_article_4_1() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let e = p.parse_san("Nf3").unwrap_err();
    assert!(
        matches!(
            e,
            SanError::Illegal {
                reason: IllegalReason::NoPieceOfKind(Role::Knight),
                side: Color::White,
                ..
            }
        ),
        "{e:?}"
    );
    let SanError::Illegal { reason, .. } = &e else {
        unreachable!()
    };
    assert_eq!(reason.article(), "4.1");
    assert_eq!(
        e.to_string(),
        "illegal move Nf3: white has no knight that matches"
    );
    let e = Position::startpos().parse_san("Ke3").unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move Ke3: no white king can move to e3"
    );
    let e = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
        .parse_san("Nd4")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move Nd4: the king would be in check (Art. 9.1)"
    );
}

#[test]
fn uci_accepts_king_takes_rook_castling_and_rejects_bad_text() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(uci(&p, "e1h1").to_uci(), "e1g1");
    assert_eq!(uci(&p, "e1a1").to_uci(), "e1c1");
    assert!(uci(&p, "e1g1").is_castle());
    for bad in ["", "e2", "e2e4x", "i2e4", "e7e8k", "e2e4qq"] {
        assert!(
            matches!(p.parse_uci(bad), Err(UciError::Malformed { .. })),
            "{bad}"
        );
    }
    assert!(matches!(p.parse_uci("e2e4"), Err(UciError::Illegal { .. })));
}

fn reason(p: &Position, from: Square, to: Square) -> IllegalReason {
    p.why_illegal(from, to, None)
        .expect("the move should be illegal")
}

/// Art. 5.1(6): the king may not pass through an attacked square.
#[test]
fn castling_through_an_attacked_square_is_illegal() {
    let p = pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    let kingside = reason(&p, Square::E1, Square::G1);
    assert_eq!(kingside, IllegalReason::CastlingThroughCheck);
    assert_eq!(kingside.article(), "5.1(6)");
    let e = p.play(Move::default()).unwrap_err();
    assert!(e.to_string().contains("a1a1"));
    // Queen side is still fine: only the king's squares matter, and b1 may be attacked.
    let p2 = pos("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1");
    assert!(p2.parse_san("O-O-O").is_ok());
}

/// Art. 5.1(6): not while in check, not into check, not with a piece between.
#[test]
fn castling_is_temporarily_illegal_out_of_check_into_check_or_past_a_piece() {
    let p = pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert_eq!(
        reason(&p, Square::E1, Square::G1),
        IllegalReason::CastlingOutOfCheck
    );
    let p = pos("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1");
    assert_eq!(
        reason(&p, Square::E1, Square::G1),
        IllegalReason::CastlingIntoCheck
    );
    let p = pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_eq!(
        reason(&p, Square::E1, Square::C1),
        IllegalReason::CastlingBlocked
    );
    assert!(p.parse_san("O-O").is_ok());
}

/// Art. 5.1(5): after the rook (or the king) has moved, castling on that side
/// is illegal for ever, even when it has returned.
#[test]
fn castling_after_the_rook_moved_and_returned_is_illegal() {
    let start = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let p = play(&start, "h1h2 h8h7 h2h1 h7h8");
    assert!(
        !p.castling_rights()
            .has(Color::White, CastlingSide::KingSide)
    );
    assert!(
        p.castling_rights()
            .has(Color::White, CastlingSide::QueenSide)
    );
    assert_eq!(
        reason(&p, Square::E1, Square::G1),
        IllegalReason::CastlingRightLost
    );
    assert_eq!(IllegalReason::CastlingRightLost.article(), "5.1(5)");
    assert!(p.parse_san("O-O-O").is_ok());
    let p = play(&start, "e1f1 e8f8 f1e1 f8e8");
    assert!(p.parse_san("O-O").is_err() && p.parse_san("O-O-O").is_err());
    // Capturing a rook on its original square removes that right as well.
    let p = play(&pos("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1"), "g2a8");
    assert!(
        !p.castling_rights()
            .has(Color::Black, CastlingSide::QueenSide)
    );
    assert!(
        p.castling_rights()
            .has(Color::Black, CastlingSide::KingSide)
    );
}

/// Art. 5.1(2): castling moves the rook to the square the king crossed.
#[test]
fn castling_moves_both_king_and_rook() {
    let p = play(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1g1 e8c8");
    assert_eq!(p.to_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

/// Art. 5.6(3): en passant only on the move immediately after the advance.
#[test]
fn en_passant_is_only_possible_immediately_after_the_two_square_advance() {
    let start = pos("4k3/3p4/8/4P3/8/8/8/R3K3 b - - 0 1");
    let p = play(&start, "d7d5");
    assert_eq!(p.ep_square(), Some(Square::D6));
    let m = uci(&p, "e5d6");
    assert!(m.is_en_passant() && m.is_capture());
    let after = p.play(m).unwrap();
    assert!(
        after.piece_at(Square::D5).is_none(),
        "the captured pawn is removed"
    );
    let late = play(&p, "a1a2 e8e7");
    let err = late.parse_uci("e5d6").unwrap_err();
    assert!(err.to_string().contains("5.6(3)"), "{err}");
}

/// Arts. 5.6(3) and 9.1: en passant that would expose the king along the
/// rank both pawns leave is illegal.
#[test]
fn en_passant_exposing_the_king_along_the_rank_is_illegal() {
    let p = play(&pos("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1"), "d7d5");
    assert_eq!(
        p.why_illegal(Square::E5, Square::D6, None),
        Some(IllegalReason::KingInCheck)
    );
    assert!(!p.legal_moves().iter().any(|m| m.is_en_passant()));
}

/// Art. 5.6(4): the player chooses queen, rook, bishop or knight, whatever
/// pieces are already on the board.
#[test]
fn promotion_offers_exactly_queen_rook_bishop_and_knight() {
    let p = pos("8/4P3/8/7k/8/8/8/QQQ1K3 w - - 0 1");
    let mut roles: Vec<Role> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Square::E7)
        .filter_map(|m| m.promotion())
        .collect();
    roles.sort();
    assert_eq!(
        roles,
        vec![Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
    );
    let after = p.play(uci(&p, "e7e8q")).unwrap();
    assert_eq!(after.pieces(Color::White, Role::Queen).count(), 4);
    let err = p.parse_uci("e7e8").unwrap_err();
    assert!(err.to_string().contains("5.6(4)"), "{err}");
}

/// Art. 10.10: the en-passant square counts only when the capture is legal;
/// a pawn pinned to its king gives no right to capture.
#[test]
fn same_position_ignores_an_en_passant_square_whose_capture_is_illegal() {
    // Black's d-pawn advances beside White's e5 pawn, which is pinned to the
    // white king on e1 by the rook on e8: no en-passant right.
    let pinned = play(&pos("4r2k/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), "d7d5");
    let same_board = pos("4r2k/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_eq!(pinned.ep_square(), Some(Square::D6));
    assert_eq!(pinned.legal_ep_square(), None);
    assert!(pinned.same_position(&same_board));
    assert_eq!(pinned.repetition_key(), same_board.repetition_key());

    // Unpinned: the right exists, so the positions differ.
    let free = play(&pos("7k/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), "d7d5");
    let free_board = pos("7k/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_eq!(free.legal_ep_square(), Some(Square::D6));
    assert!(!free.same_position(&free_board));
    assert_ne!(free.repetition_key(), free_board.repetition_key());
}

/// Art. 10.10: side to move and castling rights are part of the position.
#[test]
fn same_position_needs_same_side_to_move_and_castling_rights() {
    let a = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let b = pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
    let c = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let a2 = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 17 40");
    assert!(!a.same_position(&b) && a.repetition_key() != b.repetition_key());
    assert!(!a.same_position(&c) && a.repetition_key() != c.repetition_key());
    assert!(a.same_position(&a2) && a.repetition_key() == a2.repetition_key());
    // Knights out and back: the same position, reached by moves.
    let s = Position::startpos();
    let back = play(&s, "g1f3 g8f6 f3g1 f6g8");
    assert!(back.same_position(&s));
    assert_eq!(back.repetition_key(), s.repetition_key());
    assert_eq!(back.halfmove_clock(), 4);
}

/// Art. 10.12: the half-move clock counts moves without capture or pawn move.
#[test]
fn halfmove_clock_resets_on_captures_and_pawn_moves() {
    let p = play(&Position::startpos(), "g1f3 b8c6 e2e4");
    assert_eq!(p.halfmove_clock(), 0);
    let p = play(&p, "g8f6 f1b5");
    assert_eq!(p.halfmove_clock(), 2);
    let p = play(&p, "f6e4");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.fullmove_number(), 4);
}

/// Arts. 9.2 and 10.1: checkmate.
#[test]
fn fools_mate_is_checkmate() {
    let p = play(&Position::startpos(), "f2f3 e7e5 g2g4 d8h4");
    assert!(p.is_check() && p.is_checkmate() && !p.is_stalemate());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(p.checkers().count(), 1);
}

/// Art. 10.3: no legal move and not in check is stalemate.
#[test]
fn no_legal_move_without_check_is_stalemate() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate() && !p.is_checkmate());
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
    assert_eq!(pos("7k/8/8/8/8/8/5Q2/6K1 b - - 0 1").outcome(), None);
}

/// Art. 10.4 positions, and positions that are not.
#[test]
fn insufficient_material_positions_of_article_10_4() {
    for (fen, expected) in [
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", true),
        ("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1", true),
        ("8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1", false),
        ("8/8/4kn2/8/8/3KN3/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", false),
        ("8/8/3bkb2/8/8/3KB3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3KP3/8/8 w - - 0 1", false),
        ("8/8/2k5/8/8/3KR3/8/8 w - - 0 1", false),
    ] {
        let p = pos(fen);
        assert_eq!(p.is_insufficient_material(), expected, "{fen}");
        assert_eq!(
            p.outcome() == Some(Outcome::InsufficientMaterial),
            expected,
            "{fen}"
        );
    }
}

/// The dead-position test the regulations use when a flag falls
/// (10.5/10.14): who can still mate, with help from the opponent.
#[test]
fn who_can_still_checkmate_with_kings_bishops_and_knights() {
    // FEN | can White mate | can Black mate
    for (fen, white, black) in [
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", false, false),
        ("8/8/4k3/8/8/3KB3/8/8 w - - 0 1", false, false),
        ("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", false, false),
        ("8/8/4kn2/8/8/3KN3/8/8 w - - 0 1", true, true),
        ("8/8/4kb2/8/8/3KN3/8/8 w - - 0 1", true, true),
        ("8/8/4kn2/8/8/3KB3/8/8 w - - 0 1", true, true),
        ("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1", false, false),
        ("8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1", true, true),
        ("8/8/4k3/8/8/3KBB2/8/8 w - - 0 1", true, false),
        ("8/8/4k3/8/8/3KB1B1/8/8 w - - 0 1", false, false),
        ("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", true, false),
        ("8/8/4k3/8/8/3KBN2/8/8 w - - 0 1", true, false),
        ("8/8/4k3/8/8/3K4/8/5N1n w - - 0 1", true, true),
        // Pawns, rooks or queens: conservative, except for a bare king.
        ("8/8/2k5/8/8/3KR3/8/8 w - - 0 1", true, false),
        ("8/8/4k3/4p3/8/3KB3/8/8 w - - 0 1", true, true),
        ("8/4p3/4k3/8/8/3K4/8/8 w - - 0 1", false, true),
    ] {
        let p = pos(fen);
        assert_eq!(p.can_checkmate(Color::White), white, "White in {fen}");
        assert_eq!(p.can_checkmate(Color::Black), black, "Black in {fen}");
        assert_eq!(p.is_dead(), !white && !black, "{fen}");
    }
}

/// Kings and pawns locked for good (every pawn blocked, nothing to
/// capture, no king able to reach an opposing pawn no pawn protects): no
/// series of legal moves leads to mate, a dead position (10.4, 10.5).
#[test]
fn kings_and_pawns_locked_for_good_are_a_dead_position_10_4() {
    // FEN | dead
    for (fen, dead) in [
        // A wall across the board: the kings stay on their sides.
        ("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1", true),
        ("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 b - - 0 1", true),
        // A chain of protected pawns the kings can walk up to but not take.
        ("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1", true),
        // Without its h-pawns the chain still holds: g3 guards h4.
        ("4k3/8/8/1p1p1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1", true),
        // Without its g- and h-pawns the black king walks round to take e3.
        ("4k3/8/8/1p1p1p2/pPpPpP2/P1P1P3/8/4K3 w - - 0 1", false),
        // The h-file is open: the white king walks round to e5 or g5.
        ("8/8/1k6/p1p1p3/P1P1P3/8/3K4/8 w - - 0 1", false),
        // The h-pawn can still advance.
        ("8/8/1k6/p1p1p1p1/P1P1P1P1/7P/3K4/8 w - - 0 1", false),
        // d4 can take on c5 or e5.
        ("8/8/1k6/p1ppp1p1/P1PPP1P1/8/3K4/8 w - - 0 1", false),
        // A knight, however hemmed in, is not a locked pawn.
        ("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/7N w - - 0 1", false),
    ] {
        let p = pos(fen);
        assert_eq!(p.is_dead(), dead, "{fen}");
        assert_eq!(p.can_checkmate(Color::White), !dead, "White in {fen}");
        assert_eq!(p.can_checkmate(Color::Black), !dead, "Black in {fen}");
    }
}

/// A check whose only answer captures the last knight: K+N v K+B becomes
/// K v K+B, so neither side can mate any more (dead position).
#[test]
fn forced_capture_of_the_last_knight_ends_the_mating_chances() {
    // Black: Ka8, Bb8 in check from Nc7; White's Kb6 covers a7 and b7, so
    // Bxc7 is the only legal move.
    let p = pos("kb6/2N5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.legal_moves().len(), 1, "{:?}", p.legal_moves());
    assert!(!p.can_checkmate(Color::White));
    assert!(!p.can_checkmate(Color::Black));
    assert!(p.is_dead());
    // Same material with White to move: mate is still possible for White.
    let q = pos("k7/8/1K6/8/8/8/2N5/1b6 w - - 0 1");
    assert!(q.can_checkmate(Color::White));
}
