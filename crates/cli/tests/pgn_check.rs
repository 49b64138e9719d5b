//! `arbiter pgn check`: one JSON line per game with the final position, the
//! board state (Arts. 9.2, 10.3, 10.4), what the player to move could claim
//! (Art. 10.10 threefold, Art. 10.12 fifty moves), fivefold / seventy-five
//! moves, and errors located by line and column.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fixture(name: &str) -> String {
    format!(
        "{}/../rules/tests/data/pgn/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn arbiter(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("arbiter finishes")
}

/// Runs `pgn check` on PGN text given on stdin; returns (stdout lines, stderr, exit code).
fn check_text(pgn: &str) -> (Vec<String>, String, i32) {
    let out = arbiter(&["pgn", "check", "-"], pgn);
    (
        String::from_utf8(out.stdout)
            .expect("utf-8")
            .lines()
            .map(str::to_owned)
            .collect(),
        String::from_utf8(out.stderr).expect("utf-8"),
        out.status.code().expect("exit code"),
    )
}

/// The expected line for a game without error.
fn sound(game: usize, plies: usize, fen: &str, status: &str, result: &str, claims: &str) -> String {
    format!(
        "{{\"game\":{game},\"plies\":{plies},\"fen\":\"{fen}\",\"status\":\"{status}\",\
         \"result\":\"{result}\",\"claimable\":[{claims}],\"fivefold\":false,\
         \"seventy_five\":false,\"error\":null}}"
    )
}

#[test]
fn every_ending_of_the_claims_fixture_is_reported_exactly() {
    let out = arbiter(&["pgn", "check", &fixture("claims.pgn")], "");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    let expected = [
        // Art. 10.10: the start position has occurred for the third time.
        sound(
            1,
            8,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5",
            "ongoing",
            "*",
            "\"threefold\"",
        ),
        // Art. 10.12: fifty moves by each player without capture or pawn move.
        sound(
            2,
            2,
            "8/3k4/8/8/8/8/R7/4K3 w - - 100 61",
            "ongoing",
            "*",
            "\"fifty_moves\"",
        ),
        // Art. 9.2 (checkmate): nothing is claimable once the game has ended.
        sound(
            3,
            4,
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "checkmate",
            "0-1",
            "",
        ),
        // Art. 10.3: stalemate.
        sound(
            4,
            19,
            "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10",
            "stalemate",
            "1/2-1/2",
            "",
        ),
        // Art. 10.4: king against king.
        sound(
            5,
            1,
            "4k3/8/8/8/8/8/3K4/8 b - - 0 1",
            "insufficient_material",
            "1/2-1/2",
            "",
        ),
        // An illegal move: plies and FEN as far as the game got.
        "{\"game\":6,\"plies\":2,\
         \"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\",\
         \"status\":\"ongoing\",\"result\":\"*\",\"claimable\":[],\"fivefold\":false,\
         \"seventy_five\":false,\"error\":{\"line\":37,\"column\":13,\
         \"message\":\"move 2 (White): illegal move Ke3: no white king can move to e3\"}}"
            .to_owned(),
        // Fivefold repetition and 75 moves (FIDE Laws 2023, Art. 9.6).
        "{\"game\":7,\"plies\":16,\"fen\":\"4k3/8/8/8/8/8/8/R3K3 w - - 156 88\",\
         \"status\":\"ongoing\",\"result\":\"1/2-1/2\",\
         \"claimable\":[\"threefold\",\"fifty_moves\"],\"fivefold\":true,\
         \"seventy_five\":true,\"error\":null}"
            .to_owned(),
    ];
    assert_eq!(lines.len(), expected.len(), "{stdout}");
    for (got, want) in lines.iter().zip(&expected) {
        assert_eq!(got, want);
    }
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "7 games, 1 errors\n"
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "a failed game makes the exit status 1"
    );
}

#[test]
fn famous_games_replay_to_their_mates_and_stalemate_with_exit_status_zero() {
    let out = arbiter(&["pgn", "check", &fixture("famous.pgn")], "");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let statuses: Vec<&str> = stdout
        .lines()
        .map(|l| {
            let at = l.find("\"status\":\"").unwrap() + 10;
            &l[at..at + l[at..].find('"').unwrap()]
        })
        .collect();
    assert_eq!(
        statuses,
        ["checkmate", "checkmate", "checkmate", "stalemate"],
        "{stdout}"
    );
    assert!(stdout.lines().all(|l| l.ends_with("\"error\":null}")));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "4 games, 0 errors\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_position_repeated_only_twice_gives_no_claim() {
    let (lines, _, code) = check_text("1. Nf3 Nf6 2. Ng1 Ng8 *\n");
    assert_eq!(code, 0);
    assert!(lines[0].contains("\"claimable\":[]"), "{}", lines[0]);
}

#[test]
fn a_threefold_claim_needs_the_same_castling_rights_art_10_10() {
    // The rooks return, but castling rights were lost on the way: the start
    // position itself occurred once; the later one only twice.
    let (lines, _, _) = check_text("1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Rg1 Rg8 5. Rh1 Rh8 *\n");
    assert!(lines[0].contains("\"claimable\":[]"), "{}", lines[0]);
    let (lines, _, _) = check_text(
        "1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Rg1 Rg8 5. Rh1 Rh8 6. Rg1 Rg8 7. Rh1 Rh8 *\n",
    );
    assert!(
        lines[0].contains("\"claimable\":[\"threefold\"]"),
        "{}",
        lines[0]
    );
}

#[test]
fn a_syntax_error_is_located_and_the_next_game_is_still_checked() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 {unclosed\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
    let (lines, stderr, code) = check_text(pgn);
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].contains("\"plies\":3,")
            && lines[0].contains("\"error\":{\"line\":3,\"column\":17,\"message\":\"comment"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("{\"game\":2,\"plies\":2,"),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with("\"error\":null}"));
    assert_eq!(stderr, "2 games, 1 errors\n");
    assert_eq!(code, 1);
}

#[test]
fn an_impossible_fen_tag_is_an_error_with_no_position() {
    let pgn = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
    let (lines, _, code) = check_text(pgn);
    assert_eq!(code, 1);
    assert!(
        lines[0].starts_with("{\"game\":1,\"plies\":0,\"fen\":null,"),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("\"error\":{\"line\":3,\"column\":1,\"message\":\"FEN tag: "),
        "{}",
        lines[0]
    );
}

#[test]
fn an_ambiguous_move_is_an_error_naming_the_candidates() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *\n";
    let (lines, _, code) = check_text(pgn);
    assert_eq!(code, 1);
    assert!(
        lines[0].contains("\"line\":4,\"column\":4,"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("ambiguous"), "{}", lines[0]);
}

#[test]
fn the_result_tag_is_reported_and_json_strings_are_escaped() {
    let (lines, _, _) = check_text("[Result \"1-0 \\\"forfeit\\\"\"]\n\n*\n");
    assert!(
        lines[0].contains("\"result\":\"1-0 \\\"forfeit\\\"\""),
        "{}",
        lines[0]
    );
    let (lines, _, _) = check_text("1. e4 0-1\n");
    assert!(lines[0].contains("\"result\":\"0-1\""), "{}", lines[0]);
}

#[test]
fn empty_input_has_no_games_and_succeeds() {
    let (lines, stderr, code) = check_text("");
    assert!(lines.is_empty());
    assert_eq!(stderr, "0 games, 0 errors\n");
    assert_eq!(code, 0);
}

#[test]
fn usage_errors_and_unreadable_files_exit_with_status_two() {
    assert_eq!(arbiter(&["pgn"], "").status.code(), Some(2));
    assert_eq!(arbiter(&["pgn", "check"], "").status.code(), Some(2));
    assert_eq!(
        arbiter(&["pgn", "verify", "x.pgn"], "").status.code(),
        Some(2)
    );
    let missing = arbiter(&["pgn", "check", "/nonexistent/games.pgn"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8(missing.stderr)
            .unwrap()
            .contains("cannot read")
    );
}

#[test]
fn a_stalemate_ends_the_game_so_the_seventy_five_move_rule_is_not_reported() {
    // Black to move is stalemated with the half-move clock at 150: the game is
    // already drawn by stalemate (Art. 10.3), so 75 moves is not reported.
    let pgn = "[SetUp \"1\"]\n[FEN \"k7/2Q5/1K6/8/8/8/8/8 b - - 150 80\"]\n\n*\n";
    let (lines, _, code) = check_text(pgn);
    assert_eq!(code, 0);
    assert_eq!(
        lines[0],
        sound(
            1,
            0,
            "k7/2Q5/1K6/8/8/8/8/8 b - - 150 80",
            "stalemate",
            "*",
            ""
        )
    );
}

fn xiangqi_fixture(name: &str) -> String {
    format!(
        "{}/../xiangqi/tests/data/pgn/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `pgn check --variant xiangqi`: the chess fields plus the notation of the
/// input and the Xiangqi outcome (xq 4.1.1 checkmate, 4.1.3 stalemate
/// loses, 4.2.1 dead position).
#[test]
fn xiangqi_games_report_notation_and_outcome() {
    let mut text = String::new();
    for name in [
        "central_cannon_chinese.pgn",
        "central_cannon_mixed.pgn",
        "mate_from_fen.pgn",
        "stalemate_from_fen.pgn",
    ] {
        text.push_str(&std::fs::read_to_string(xiangqi_fixture(name)).expect("fixture"));
        text.push('\n');
    }
    text.push_str(
        "[Variant \"xiangqi\"]\n[FEN \"3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n\n1/2-1/2\n\n",
    );
    text.push_str("[Variant \"xiangqi\"]\n\n1. h2e2 h9g7 2. h2e3 *\n");
    let out = arbiter(&["pgn", "check", "--variant", "xiangqi", "-"], &text);
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = stdout.lines().collect();
    let tail = "\"claimable\":[],\"fivefold\":false,\"seventy_five\":false";
    let fen = "r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/6p2/2PN5/P3P1P1P/1C2C1N2/9/R1BAKAB2 b - - 17 9";
    let expected = [
        format!(
            "{{\"game\":1,\"plies\":17,\"fen\":\"{fen}\",\"status\":\"ongoing\",\"result\":\"*\",{tail},\"error\":null,\"notation\":\"chinese\",\"winner\":null,\"article\":null,\"repetitions\":1}}"
        ),
        format!(
            "{{\"game\":2,\"plies\":17,\"fen\":\"{fen}\",\"status\":\"ongoing\",\"result\":\"*\",{tail},\"error\":null,\"notation\":\"mixed\",\"winner\":null,\"article\":null,\"repetitions\":1}}"
        ),
        format!(
            "{{\"game\":3,\"plies\":1,\"fen\":\"4k3R/4a4/9/9/9/9/9/9/4K4/9 b - - 1 1\",\"status\":\"checkmate\",\"result\":\"1-0\",{tail},\"error\":null,\"notation\":\"wxf\",\"winner\":\"red\",\"article\":\"4.1.1\",\"repetitions\":1}}"
        ),
        format!(
            "{{\"game\":4,\"plies\":1,\"fen\":\"4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 1 1\",\"status\":\"stalemate\",\"result\":\"1-0\",{tail},\"error\":null,\"notation\":\"chinese\",\"winner\":\"red\",\"article\":\"4.1.3\",\"repetitions\":1}}"
        ),
        format!(
            "{{\"game\":5,\"plies\":0,\"fen\":\"3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1\",\"status\":\"dead_position\",\"result\":\"1/2-1/2\",{tail},\"error\":null,\"notation\":null,\"winner\":null,\"article\":\"4.2.1\",\"repetitions\":1}}"
        ),
        format!(
            "{{\"game\":6,\"plies\":2,\"fen\":\"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\",\"status\":\"ongoing\",\"result\":\"*\",{tail},\"error\":{{\"line\":36,\"column\":17,\"message\":\"move 2 (Red) 'h2e3': illegal (iccs): no piece on h2 (xq 4.1.6)\",\"move\":{{\"number\":2,\"side\":\"red\",\"text\":\"h2e3\",\"problem\":\"illegal\"}}}},\"notation\":\"iccs\",\"winner\":null,\"article\":null,\"repetitions\":1}}"
        ),
    ];
    assert_eq!(lines, expected, "{stdout}");
    assert_eq!(
        String::from_utf8(out.stderr).expect("utf-8"),
        "6 games, 1 errors\n"
    );
    assert_eq!(out.status.code(), Some(1));

    // A chess file is refused game by game, not misread.
    let out = arbiter(
        &[
            "pgn",
            "check",
            "--variant",
            "xiangqi",
            &fixture("claims.pgn"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Files as Chinese databases export them (GBK) and WinBoard engine games
/// (XBoard's algebraic notation, ranks 0–9) read whole.
#[test]
fn a_gbk_export_and_an_xboard_game_read_whole() {
    for (name, games, notation) in [
        (
            "records/xqbase_export_gbk.pgn",
            2,
            "\"notation\":\"chinese\"",
        ),
        ("records/xboard_san.pgn", 1, "\"notation\":\"xboard_san\""),
    ] {
        let out = arbiter(
            &[
                "pgn",
                "check",
                "--variant",
                "xiangqi",
                &xiangqi_fixture(name),
            ],
            "",
        );
        let stdout = String::from_utf8(out.stdout).expect("utf-8");
        assert_eq!(stdout.lines().count(), games, "{stdout}");
        assert!(
            stdout
                .lines()
                .all(|l| l.contains("\"error\":null") && l.contains(notation)),
            "{stdout}"
        );
        assert_eq!(
            String::from_utf8(out.stderr).expect("utf-8"),
            format!("{games} games, 0 errors\n")
        );
        assert_eq!(out.status.code(), Some(0));
    }
}
