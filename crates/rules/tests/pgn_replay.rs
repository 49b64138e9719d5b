//! Replaying PGN on the board: famous games, `FEN`/`SetUp` start positions,
//! illegal, ambiguous and malformed moves located by line and column,
//! repetition counts (Art. 10.10), and a property test: random legal games
//! written as PGN and read back replay to the same moves and final FEN.

use rules::pgn::{
    Game, GameResult, PgnErrorKind, Replayer, SanPly, read_games, write_game, write_games,
};
use rules::{Position, SanError};

const FAMOUS: &str = include_str!("data/pgn/famous.pgn");

fn replay_one(pgn: &str) -> rules::pgn::ReplayedGame<'_> {
    let mut games = Replayer::new(pgn.as_bytes()).counting_repetitions();
    let game = games.next().expect("one game");
    assert!(games.next().is_none(), "exactly one game");
    game
}

#[test]
fn famous_games_replay_to_their_final_positions() {
    let games: Vec<_> = Replayer::new(FAMOUS.as_bytes()).collect();
    let finals: Vec<(usize, String)> = games
        .iter()
        .map(|g| {
            assert!(g.error.is_none(), "game {}: {:?}", g.number, g.error);
            (g.plies, g.position.unwrap().to_fen())
        })
        .collect();
    assert_eq!(
        finals,
        [
            // Morphy's Opera Game ends 17. Rd8# (Art. 9.2 checkmate).
            (
                33,
                "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17".to_owned()
            ),
            // The Immortal Game, 23. Be7#.
            (
                45,
                "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23".to_owned()
            ),
            // The Evergreen Game, 24. Bxe7#.
            (
                47,
                "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24".to_owned()
            ),
            // Loyd's ten-move stalemate (Art. 10.3).
            (
                19,
                "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10".to_owned()
            ),
        ]
    );
    assert!(
        games[..3]
            .iter()
            .all(|g| g.position.unwrap().is_checkmate())
    );
    assert!(games[3].position.unwrap().is_stalemate());
    assert_eq!(
        games[0].tag("Black").as_deref(),
        Some("Duke Karl / Count Isouard")
    );
    assert_eq!(games[0].result, Some(GameResult::WhiteWins));
}

#[test]
fn a_fen_tag_sets_the_start_position_with_black_to_move() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4 *";
    let game = replay_one(pgn);
    assert_eq!(
        game.start.unwrap().to_fen(),
        "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"
    );
    assert_eq!(
        game.position.unwrap().to_fen(),
        "8/3k4/8/8/4P3/8/8/4K3 b - e3 0 41"
    );
    assert!(game.error.is_none());
}

#[test]
fn an_impossible_fen_tag_is_an_error_at_the_tag() {
    let pgn = "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n[Event \"y\"]\n\n1. d4 *";
    let games: Vec<_> = Replayer::new(pgn.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    let error = games[0].error.as_ref().unwrap();
    assert!(matches!(error.kind, PgnErrorKind::BadFen(_)), "{error}");
    assert_eq!((error.line, error.column), (2, 1));
    assert!(games[0].position.is_none());
    assert_eq!(games[1].plies, 1);
}

#[test]
fn setup_1_without_a_fen_tag_is_an_error() {
    let game = replay_one("[SetUp \"1\"]\n\n1. e4 *");
    assert_eq!(game.error.unwrap().kind, PgnErrorKind::SetUpWithoutFen);
}

#[test]
fn an_illegal_move_is_located_and_the_next_game_is_replayed() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Bb4 4. Bxc6 Qxh2 5. O-O *\n\n[Event \"b\"]\n\n1. c4 *";
    let games: Vec<_> = Replayer::new(pgn.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    let error = games[0].error.as_ref().unwrap();
    assert_eq!((error.line, error.column), (4, 20));
    assert!(
        matches!(
            &error.kind,
            PgnErrorKind::Move { ply: 8, number: 4, black: true, error: SanError::Illegal { san, .. } }
                if san == "Qxh2"
        ),
        "{error:?}"
    );
    assert_eq!(games[0].plies, 7);
    assert_eq!(
        games[0].position.unwrap().to_fen(),
        "r1bqk1nr/pppp1ppp/2B5/4p3/1b2P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4"
    );
    assert!(games[1].error.is_none());
    assert_eq!(games[1].plies, 1);
}

#[test]
fn a_malformed_move_is_an_error() {
    let game = replay_one("1. e4 e5 2. Zz9 *");
    let error = game.error.unwrap();
    assert!(
        matches!(
            error.kind,
            PgnErrorKind::Move {
                error: SanError::Malformed { .. },
                ..
            }
        ),
        "{error}"
    );
    assert_eq!((error.line, error.column), (1, 13));
}

#[test]
fn variations_are_skipped_when_replaying() {
    let game =
        replay_one("1. e4 (1. d4 d5 (1... Nf6)) 1... e5 (1... Ke7?? {not checked}) 2. Nf3 *");
    assert!(game.error.is_none());
    assert_eq!(game.plies, 3);
}

#[test]
fn repetitions_count_occurrences_since_the_last_irreversible_move() {
    // The position after 2. Nf3 occurs again after 4. Nf3 and 6. Nf3.
    let game = replay_one("1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 *");
    assert_eq!(game.repetitions, 3);
    // A pawn move in between makes earlier positions unrepeatable.
    let game = replay_one("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *");
    assert_eq!(game.repetitions, 1);
    // Not counted unless asked for.
    let game = Replayer::new(b"1. Nf3 Nf6 2. Ng1 Ng8 *").next().unwrap();
    assert_eq!(game.repetitions, 0);
}

#[test]
fn a_syntax_error_keeps_the_moves_replayed_before_it() {
    let game = replay_one("1. e4 e5 2. Nf3 & 2... Nc6 *");
    assert_eq!(game.plies, 3);
    let error = game.error.unwrap();
    assert!(matches!(error.kind, PgnErrorKind::Syntax(_)));
    assert_eq!((error.line, error.column), (1, 17));
}

// --- Property: write → read → replay reproduces random legal games ----------

/// SplitMix64: a small seeded generator so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 17",
];

/// A random legal game: its PGN `Game`, the moves and the final position.
fn random_game(rng: &mut Rng) -> (Game, Vec<rules::Move>, Position) {
    let start_fen = STARTS[rng.below(STARTS.len())];
    let mut pos = Position::from_fen(start_fen).expect("legal start");
    let mut game = Game::default();
    if start_fen != STARTS[0] {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", start_fen);
    }
    game.set_tag("Event", format!("Random \"game\" \\ {}", rng.below(1000)));
    let length = 10 + rng.below(150);
    let mut moves = Vec::new();
    let mut clock: u64 = 600_000;
    for _ in 0..length {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let mut ply = SanPly::new(pos.san(m));
        if rng.below(2) == 0 {
            clock = clock.saturating_sub(rng.below(20_000) as u64);
            ply.clock_ms = Some(clock);
        }
        if rng.below(10) == 0 {
            ply.nags.push(rng.below(256) as u8);
        }
        if rng.below(15) == 0 {
            ply.comment = Some(format!(
                "note {} (with a {{brace}} and more words)",
                rng.below(99)
            ));
        }
        game.moves.push(ply);
        moves.push(m);
        pos.play_unchecked(m);
    }
    game.result = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ][rng.below(4)];
    (game, moves, pos)
}

#[test]
fn random_legal_games_survive_write_read_and_replay() {
    let mut rng = Rng(0x00A7_B17E_2026);
    let mut all = Vec::new();
    for _ in 0..300 {
        let (game, moves, final_pos) = random_game(&mut rng);
        let mut text = String::new();
        write_game(&game, &mut text);
        for line in text.lines() {
            assert!(
                line.starts_with('[') || line.chars().count() <= 80,
                "{line}"
            );
        }
        let back = read_games(&text).next().expect("a game").expect("readable");
        let sans: Vec<&str> = back.moves.iter().map(|p| p.san.as_str()).collect();
        let expected: Vec<&str> = game.moves.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(sans, expected, "{text}");
        assert_eq!(
            back.moves.iter().map(|p| p.clock_ms).collect::<Vec<_>>(),
            game.moves.iter().map(|p| p.clock_ms).collect::<Vec<_>>()
        );
        assert_eq!(back.tag("Event"), game.tag("Event"));
        assert_eq!(back.result, game.result);

        let replayed = Replayer::new(text.as_bytes()).next().expect("a game");
        assert!(replayed.error.is_none(), "{:?}\n{text}", replayed.error);
        assert_eq!(replayed.plies, moves.len());
        assert_eq!(
            replayed.position.unwrap().to_fen(),
            final_pos.to_fen(),
            "{text}"
        );
        // Every SAN that was written parses back to the very move played.
        let mut pos = replayed.start.unwrap();
        for (ply, m) in back.moves.iter().zip(&moves) {
            assert_eq!(pos.parse_san(&ply.san), Ok(*m), "{}", ply.san);
            pos.play_unchecked(*m);
        }
        all.push((game, final_pos));
    }
    // The same games as one multi-game file.
    let text = write_games(all.iter().map(|(g, _)| g));
    let finals: Vec<String> = Replayer::new(text.as_bytes())
        .map(|g| g.position.unwrap().to_fen())
        .collect();
    let expected: Vec<String> = all.iter().map(|(_, p)| p.to_fen()).collect();
    assert_eq!(finals, expected);
}

#[test]
fn comments_and_nags_are_read_but_a_broken_one_is_still_an_error_where_it_stands() {
    let game = replay_one(
        "1. e4 {[%clk 0:03:00]} e5 $1 2. Nf3!? {two\nlines} Nc6 ; to the end\n3. Bb5 a6 *",
    );
    assert!(game.error.is_none(), "{:?}", game.error);
    assert_eq!(game.plies, 6);

    let game = replay_one("1. e4 e5 2. Nf3 {never closed");
    let error = game.error.expect("unterminated comment");
    assert_eq!((error.line, error.column), (1, 17));
    assert_eq!(game.plies, 3);

    let game = replay_one("1. e4 $999 e5 *");
    let error = game.error.expect("a NAG above 255");
    assert_eq!((error.line, error.column), (1, 7));
    assert_eq!(game.plies, 1);
}
