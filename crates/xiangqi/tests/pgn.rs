//! Xiangqi PGN: real-looking game files in every notation replay to the
//! same final position; write → read is the identity; hostile input never
//! panics and every error is located and says why.

use proptest::prelude::*;
use xiangqi::pgn::{
    Game, GameResult, MoveError, Notation, PgnErrorKind, SyntaxError, parse_move, read_game,
    read_games, write_game,
};
use xiangqi::{IllegalReason, Outcome, Position, WinReason};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The main line of 中炮过河车对屏风马平炮兑车 after Red's ninth move.
const CENTRAL_CANNON_FEN: &str =
    "r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/6p2/2PN5/P3P1P1P/1C2C1N2/9/R1BAKAB2 b - - 17 9";

/// (file, final FEN, notations of the moves, termination marker)
const GAMES: &[(&str, &str, &[Notation], Option<GameResult>)] = &[
    (
        "central_cannon_iccs.pgn",
        CENTRAL_CANNON_FEN,
        &[Notation::Iccs],
        Some(GameResult::Unknown),
    ),
    (
        "central_cannon_iccs_dash.pgn",
        CENTRAL_CANNON_FEN,
        &[Notation::Iccs],
        Some(GameResult::Unknown),
    ),
    (
        "central_cannon_wxf.pgn",
        CENTRAL_CANNON_FEN,
        &[Notation::Wxf],
        Some(GameResult::Unknown),
    ),
    (
        "central_cannon_chinese.pgn",
        CENTRAL_CANNON_FEN,
        &[Notation::Chinese],
        Some(GameResult::Unknown),
    ),
    (
        "central_cannon_san.pgn",
        CENTRAL_CANNON_FEN,
        &[Notation::San],
        Some(GameResult::Unknown),
    ),
    (
        "central_cannon_mixed.pgn",
        CENTRAL_CANNON_FEN,
        &[
            Notation::Iccs,
            Notation::Wxf,
            Notation::Chinese,
            Notation::San,
        ],
        Some(GameResult::Unknown),
    ),
    (
        "mate_from_fen.pgn",
        "4k3R/4a4/9/9/9/9/9/9/4K4/9 b - - 1 1",
        &[Notation::Wxf],
        Some(GameResult::RedWins),
    ),
    (
        "stalemate_from_fen.pgn",
        "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 1 1",
        &[Notation::Chinese],
        Some(GameResult::RedWins),
    ),
];

#[test]
fn game_files_replay_to_their_final_position_in_every_notation() {
    for &(file, fen, notations, result) in GAMES {
        let games = read_games(&data(file));
        assert_eq!(games.len(), 1, "{file}");
        let g = &games[0];
        assert_eq!(g.error, None, "{file}");
        let pos = g.position.expect("a start position");
        assert_eq!(pos.to_fen(), fen, "{file}");
        assert_eq!(g.game.result, result, "{file}");
        let mut used: Vec<Notation> = g.notations.clone();
        used.sort();
        used.dedup();
        assert_eq!(used, notations, "{file}");
    }
}

#[test]
fn the_ends_on_the_board_are_the_crates_outcomes() {
    let mate = read_game(&data("mate_from_fen.pgn")).expect("reads");
    let stale = read_game(&data("stalemate_from_fen.pgn")).expect("reads");
    let last = |g: &Game| {
        g.moves
            .iter()
            .fold(g.start, |p, &m| p.play(m).expect("legal"))
    };
    assert!(matches!(
        last(&mate).outcome(),
        Some(Outcome::Win {
            reason: WinReason::Checkmate,
            ..
        })
    ));
    assert!(matches!(
        last(&stale).outcome(),
        Some(Outcome::Win {
            reason: WinReason::Stalemate,
            ..
        })
    ));
}

#[test]
fn written_form_is_what_pychess_exports_and_reads_back() {
    let game = read_game(&data("central_cannon_chinese.pgn")).expect("reads");
    let text = write_game(&game).expect("legal moves");
    assert_eq!(
        text,
        "[Event \"中炮过河车对屏风马平炮兑车\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
         [Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"xiangqi\"]\n\n\
         1. Che3 Hg8 2. Hg3 Rh10 3. Rh1 Hc8 4. Pc5 Pg6 5. Rh7 Ci8 6. Rg7 Ci9 7. Hc3 Ade9\n\
         8. Hd5 Cg9 9. Rf7 *\n\n"
    );
    let again = read_game(&text).expect("reads back");
    assert_eq!(again.moves, game.moves);
    // The SAN file (as pychess exports) holds the same moves.
    let san = read_game(&data("central_cannon_san.pgn")).expect("reads");
    assert_eq!(san.moves, game.moves);
}

#[test]
fn set_up_games_write_fen_and_set_up_and_black_first_numbers() {
    let start =
        Position::from_fen("4k4/5P3/3P5/9/9/9/9/9/9/3K5 b - - 0 30").expect("legal position");
    let mut game = Game::new(start);
    game.moves.push(start.parse_iccs("e9d9").expect("legal"));
    game.tags
        .push(("Annotator".into(), "a \"quoted\" \\ name".into()));
    game.result = Some(GameResult::Draw);
    let text = write_game(&game).expect("legal");
    assert!(text.contains("[Result \"1/2-1/2\"]\n[Variant \"xiangqi\"]\n[FEN \"4k4/5P3/3P5/9/9/9/9/9/9/3K5 b - - 0 30\"]\n[SetUp \"1\"]\n[Annotator \"a \\\"quoted\\\" \\\\ name\"]\n"), "{text}");
    assert!(text.ends_with("\n30... Kd10 1/2-1/2\n\n"), "{text}");
    let back = read_game(&text).expect("reads back");
    assert_eq!(back.start, start);
    assert_eq!(back.moves, game.moves);
    assert_eq!(back.tag("Annotator"), Some("a \"quoted\" \\ name"));
    assert_eq!(back.result, Some(GameResult::Draw));
}

/// One bad input: the text, the expected line and column, and a check on
/// the error.
fn check_error(text: &str, line: u32, column: u32, what: fn(&PgnErrorKind) -> bool) {
    let games = read_games(text);
    let e = games
        .iter()
        .find_map(|g| g.error.clone())
        .unwrap_or_else(|| panic!("an error in {text:?}"));
    assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
    assert!(what(&e.kind), "{text:?}: {e:?}");
    assert!(!e.to_string().is_empty());
}

#[test]
fn errors_say_where_and_why() {
    check_error("1. h2e2 h9g7 2. h2e3 *", 1, 17, |k| {
        matches!(
            k,
            PgnErrorKind::Move {
                ply: 3,
                number: 2,
                black: false,
                error: MoveError::Illegal {
                    notation: Notation::Iccs,
                    reason: IllegalReason::NoPiece(_),
                    ..
                },
                ..
            }
        )
    });
    check_error(
        "1. C2.5\n   zz9 *",
        2,
        4,
        |k| matches!(k, PgnErrorKind::Move { number: 1, black: true, text, error: MoveError::Malformed, .. } if text == "zz9"),
    );
    check_error("1. E3+5 E3+5 2. E3-5 *", 1, 17, |k| {
        matches!(
            k,
            PgnErrorKind::Move {
                error: MoveError::NoSuchPiece(Notation::Wxf),
                ..
            }
        )
    });
    check_error("1. Ee3 *", 1, 4, |k| {
        matches!(
            k,
            PgnErrorKind::Move {
                error: MoveError::Ambiguous {
                    notation: Notation::San,
                    other: None
                },
                ..
            }
        )
    });
    check_error("1. 炮二进六 *", 1, 4, |k| {
        matches!(
            k,
            PgnErrorKind::Move {
                error: MoveError::Illegal {
                    notation: Notation::Chinese,
                    ..
                },
                ..
            }
        )
    });
    check_error(
        "[Variant \"chess\"]\n1. e4 *",
        1,
        1,
        |k| matches!(k, PgnErrorKind::NotXiangqi(v) if v == "chess"),
    );
    check_error("[FEN \"9/9 w\"]\n*", 1, 1, |k| {
        matches!(k, PgnErrorKind::BadFen(_))
    });
    check_error("[SetUp \"1\"]\n*", 1, 1, |k| {
        matches!(k, PgnErrorKind::SetUpWithoutFen)
    });
    check_error("1. h2e2 { never closed", 1, 9, |k| {
        matches!(k, PgnErrorKind::Syntax(SyntaxError::UnterminatedComment))
    });
    check_error("1. h2e2 (h9g7 *", 1, 9, |k| {
        matches!(k, PgnErrorKind::Syntax(SyntaxError::UnterminatedVariation))
    });
    check_error("1. h2e2 $300 *", 1, 9, |k| {
        matches!(k, PgnErrorKind::Syntax(SyntaxError::BadNag))
    });
}

#[test]
fn a_bad_game_does_not_stop_the_next_one() {
    let text = format!(
        "[Event \"bad\"]\n\n1. h2e3 *\n\n{}\n{}",
        data("central_cannon_wxf.pgn"),
        data("mate_from_fen.pgn")
    );
    let games = read_games(&text);
    assert_eq!(games.len(), 3);
    assert!(games[0].error.is_some());
    assert_eq!(games[0].position, Some(Position::startpos()));
    assert_eq!(games[1].error, None);
    assert_eq!(games[2].error, None);
    assert_eq!(games[2].number, 3);
}

#[test]
fn notation_is_detected_per_move() {
    let pos = Position::startpos();
    let h2e2 = pos.parse_iccs("h2e2").expect("legal");
    for (text, notation) in [
        ("h2e2", Notation::Iccs),
        ("h2-e2", Notation::Iccs),
        ("C2.5", Notation::Wxf),
        ("C2=5", Notation::Wxf),
        ("炮二平五", Notation::Chinese),
        ("Che3", Notation::San),
    ] {
        assert_eq!(parse_move(&pos, text), Ok((h2e2, notation)), "{text}");
    }
}

/// An elephant told apart by its rank is written `E1e3`; the same letters
/// read as coordinates would be `e1e3`, here a legal chariot move. Mixed
/// case is not coordinates, so our own output reads back as written.
#[test]
fn algebraic_with_a_rank_is_not_read_as_coordinates() {
    let pos =
        Position::from_fen("3k5/9/9/9/9/6B2/9/9/4R4/4K1B2 w - - 0 1").expect("legal position");
    let g0e2 = pos.parse_iccs("g0e2").expect("legal");
    assert_eq!(pos.to_san(g0e2).as_deref(), Some("E1e3"));
    assert!(
        pos.parse_iccs("e1e3").is_ok(),
        "the chariot can go to e3 as well"
    );
    assert_eq!(parse_move(&pos, "E1e3"), Ok((g0e2, Notation::San)));
    assert_eq!(parse_move(&pos, "E1E3").map(|(_, n)| n), Ok(Notation::Iccs));
    let mut game = Game::new(pos);
    game.moves.push(g0e2);
    game.result = Some(GameResult::Unknown);
    let back = read_game(&write_game(&game).expect("legal")).expect("our own output reads");
    assert_eq!(back.moves, game.moves);
}

/// Texts that must never panic: every kind of damage to a game.
const HOSTILE: &[&str] = &[
    "",
    "[",
    "[[[[",
    "[Event",
    "[Event \"",
    "[Event \"x\"",
    "[\"x\"]",
    "]",
    "}",
    "{",
    "(",
    ")",
    "((((((((((",
    "$",
    "$99999999999999999999",
    "1.",
    "1...",
    "99999999999999999999. h2e2",
    "h2e2h2e2h2e2",
    "\u{feff}\u{feff}[Variant \"xiangqi\"]",
    "%",
    "% escape\n1. h2e2",
    ";",
    "1/2",
    "½-½",
    "1-0 0-1 * 1/2-1/2",
    "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 99999999999 1\"]",
    "[FEN \"\"]",
    "炮",
    "炮二平",
    "前前前前",
    "１２３４５６７８９０．．．",
    "\u{0}\u{1}\u{7f}",
    "1. 𝕳2e2",
    "+R.3 ++.4 --1 33.4 3+.4 P+.4",
    "Cxh10+# Cxh11 C0a1 Ka1a1a1",
    "h10g8 i10h10 a10 h1010g8 j10 h3e3 h3-e3",
    "25=6 14+1 55.5 99+9 60=1",
    "ixi5 g5 x5 xx gxg g0 g10 Ri2 Ri7",
    "[Event \"\"a\" b\"]\n[Event \"\"\"]\n[Event \"\" \"]\n[X \"\"\"\"\"]",
    "=====\n共 1 局\n=====",
    "一兵进一 五兵平六 五卒平５ 六兵平五 一九平八",
    "[FEN \"3k5/9/9/2P3P2/2P3P2/2p3p2/2p1P1p2/9/9/4K4 w - - 0 1\"]\n1. 五兵进一 四兵平六 *",
];

#[test]
fn hostile_input_never_panics() {
    for text in HOSTILE {
        for g in read_games(text) {
            if let Some(e) = &g.error {
                let _ = e.to_string();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = read_games(&text);
    }

    /// Any bytes: decoded (UTF-8, GB18030 or neither) and read.
    #[test]
    fn arbitrary_bytes_decode_and_read(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let decoded = xiangqi::pgn::decode(&bytes);
        if let Some(at) = decoded.malformed {
            prop_assert!(at < bytes.len());
        }
        let _ = read_games(&decoded.text);
    }

    #[test]
    fn damaged_games_never_panic(cut in 0usize..400, insert in "[\\[\\]{}()$;\"%.0-9a-zA-Z+=炮二平五 \n]{0,8}") {
        let base = data("central_cannon_mixed.pgn");
        let mut at = cut.min(base.len());
        while !base.is_char_boundary(at) {
            at -= 1;
        }
        let text = format!("{}{}{}", &base[..at], insert, &base[at..]);
        let _ = read_games(&text);
    }

    /// Random legal games: write → read gives the same game.
    #[test]
    fn write_then_read_is_the_identity(choices in proptest::collection::vec(0usize..1000, 0..80)) {
        let mut pos = Position::startpos();
        let mut game = Game::new(pos);
        for c in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[c % legal.len()];
            game.moves.push(m);
            pos = pos.play(m).expect("legal");
        }
        game.result = Some(GameResult::Unknown);
        let text = write_game(&game).expect("legal moves");
        let back = read_game(&text).expect("our own output reads");
        prop_assert_eq!(back.moves, game.moves);
        prop_assert_eq!(back.start, game.start);
        prop_assert_eq!(back.result, game.result);
    }
}
