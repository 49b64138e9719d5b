//! The PGN export-format writer (PGN standard 8.1.1, 8.2.4): Seven Tag Roster
//! first, escaped values, move numbers, 80-column lines, clock comments, and
//! write → read round trips.

use rules::pgn::{Game, GameResult, SanPly, format_clock, read_games, write_game, write_games};

fn game(tags: &[(&str, &str)], sans: &str, result: GameResult) -> Game {
    Game {
        tags: tags
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect(),
        moves: sans.split_whitespace().map(SanPly::new).collect(),
        result,
        comment: None,
    }
}

fn written(game: &Game) -> String {
    let mut out = String::new();
    write_game(game, &mut out);
    out
}

fn reread(text: &str) -> Game {
    let mut games = read_games(text);
    let game = games.next().expect("one game").expect("readable");
    assert!(games.next().is_none(), "exactly one game in {text:?}");
    game
}

#[test]
fn the_seven_tag_roster_comes_first_in_its_order_then_the_other_tags() {
    let g = game(
        &[
            ("WhiteElo", "2700"),
            ("Black", "Anderssen"),
            ("White", "Morphy"),
            ("Event", "Casual"),
            ("ECO", "C41"),
        ],
        "e4 e5",
        GameResult::WhiteWins,
    );
    assert_eq!(
        written(&g),
        "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"Morphy\"]\n[Black \"Anderssen\"]\n[Result \"1-0\"]\n\
         [WhiteElo \"2700\"]\n[ECO \"C41\"]\n\n1. e4 e5 1-0\n"
    );
}

#[test]
fn tag_values_escape_quotes_and_backslashes() {
    let g = game(
        &[("Event", "The \"Big\" C:\\Open")],
        "",
        GameResult::Unknown,
    );
    let text = written(&g);
    assert!(
        text.starts_with("[Event \"The \\\"Big\\\" C:\\\\Open\"]\n"),
        "{text}"
    );
    assert_eq!(reread(&text).tag("Event"), Some("The \"Big\" C:\\Open"));
}

#[test]
fn an_empty_game_is_its_tags_and_result() {
    let g = game(&[], "", GameResult::Draw);
    assert!(written(&g).ends_with("[Result \"1/2-1/2\"]\n\n1/2-1/2\n"));
}

#[test]
fn movetext_lines_never_exceed_80_columns() {
    let moves = "Nf3 Nf6 Ng1 Ng8 ".repeat(40);
    let mut g = game(&[], &moves, GameResult::Unknown);
    for (i, ply) in g.moves.iter_mut().enumerate() {
        ply.clock_ms = Some(3_600_000 - 1_000 * i as u64);
        if i % 7 == 0 {
            ply.comment = Some("a long remark that needs several words to say".to_owned());
            ply.nags = vec![1, 14];
        }
    }
    let text = written(&g);
    let movetext = text.split("\n\n").nth(1).unwrap();
    assert!(movetext.lines().count() > 20);
    for line in movetext.lines() {
        assert!(line.chars().count() <= 80, "{} columns: {line}", line.len());
        assert!(!line.starts_with(' ') && !line.ends_with(' '), "{line:?}");
    }
    let back = reread(&text);
    assert!(back.moves == g.moves, "moves differ after the round trip");
    assert_eq!(back.result, g.result);
}

#[test]
fn black_moves_after_a_comment_repeat_the_move_number() {
    let mut g = game(&[], "e4 e5 Nf3", GameResult::Unknown);
    g.moves[0].clock_ms = Some(60_000);
    g.moves[1].comment = Some("solid".to_owned());
    assert!(
        written(&g).ends_with("\n1. e4 {[%clk 0:01:00]} 1... e5 {solid} 2. Nf3 *\n"),
        "{}",
        written(&g)
    );
}

#[test]
fn a_game_from_a_fen_with_black_to_move_starts_with_an_ellipsis() {
    let g = game(
        &[
            ("SetUp", "1"),
            ("FEN", "4k3/4p3/8/8/8/8/4P3/4K3 b - - 3 41"),
        ],
        "e5 e4 Kd7",
        GameResult::Unknown,
    );
    assert!(
        written(&g).ends_with("\n41... e5 42. e4 Kd7 *\n"),
        "{}",
        written(&g)
    );
}

#[test]
fn clocks_are_written_as_hours_minutes_seconds_with_a_fraction_only_when_needed() {
    assert_eq!(format_clock(3_723_000), "1:02:03");
    assert_eq!(format_clock(5_300), "0:00:05.3");
    assert_eq!(format_clock(5_030), "0:00:05.03");
    assert_eq!(format_clock(5_001), "0:00:05.001");
    assert_eq!(format_clock(0), "0:00:00");
    assert_eq!(format_clock(36_000_000), "10:00:00");
}

#[test]
fn write_then_read_gives_the_same_tags_moves_comments_and_result() {
    let mut g = game(
        &[
            ("Event", "Paris Opera"),
            ("Site", "Paris FRA"),
            ("Date", "1858.??.??"),
            ("Round", "?"),
            ("White", "Paul Morphy"),
            ("Black", "Duke Karl / Count Isouard"),
            ("Result", "1-0"),
            ("ECO", "C41"),
        ],
        "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
         Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
        GameResult::WhiteWins,
    );
    g.comment = Some("The Opera Game".to_owned());
    g.moves[3].nags = vec![6];
    g.moves[32].comment = Some("a famous finish".to_owned());
    g.moves[32].clock_ms = Some(1_500);
    let text = written(&g);
    assert_eq!(reread(&text), g);
}

#[test]
fn several_games_are_separated_by_one_blank_line() {
    let a = game(&[("Event", "a")], "e4", GameResult::WhiteWins);
    let b = game(&[("Event", "b")], "d4", GameResult::BlackWins);
    let text = write_games([&a, &b]);
    assert!(text.contains("1. e4 1-0\n\n[Event \"b\"]"), "{text}");
    let back: Vec<Game> = read_games(&text).map(Result::unwrap).collect();
    assert_eq!(back.len(), 2);
    assert_eq!(back[1].moves[0].san, "d4");
}

#[test]
fn closing_braces_cannot_break_out_of_a_written_comment() {
    let mut g = game(&[], "e4", GameResult::Unknown);
    g.moves[0].comment = Some("tricky } text".to_owned());
    let back = reread(&written(&g));
    assert_eq!(back.moves[0].comment.as_deref(), Some("tricky text"));
    assert_eq!(back.moves.len(), 1);
}
