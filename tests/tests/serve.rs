//! End to end: the real `arbiter serve` binary on a free port with a fresh
//! SQLite file plays a small Swiss through HTTP, records one game move by
//! move, then shuts down gracefully on SIGTERM.

use std::process::Command;

use e2e::{ADMIN, Server, arbiter, call, call_raw, organiser_token, run_with_input};
use serde_json::{Value, json};

#[test]
fn the_real_binary_runs_a_small_swiss_and_shuts_down_gracefully() {
    let mut server = Server::start("small-swiss");
    let organiser = organiser_token(&server);
    let o = Some(organiser.as_str());
    let (status, t) = call(
        &server,
        "POST",
        "/api/v1/tournaments",
        o,
        Some(&json!({
            "name": "E2E Open", "system": "swiss-dutch", "rounds": 3, "time_control": "5400+30"
        })),
    );
    assert_eq!(status, 201, "{t}");
    let t = t["id"].as_str().unwrap().to_owned();
    for (name, rating) in [
        ("Alpha", 2400),
        ("Bravo", 2300),
        ("Charlie", 2200),
        ("Delta", 2100),
        ("Echo", 2000),
    ] {
        let (status, _) = call(
            &server,
            "POST",
            &format!("/api/v1/tournaments/{t}/players"),
            o,
            Some(&json!({ "name": name, "rating": rating })),
        );
        assert_eq!(status, 201);
    }
    for round in 1..=3 {
        let (status, r) = call(
            &server,
            "POST",
            &format!("/api/v1/tournaments/{t}/rounds"),
            o,
            Some(&json!({})),
        );
        assert_eq!(status, 201, "{r}");
        assert_eq!(
            r["byes"].as_array().unwrap().len(),
            1,
            "five players: one bye"
        );
        for board in r["boards"].as_array().unwrap() {
            let n = board["board"].as_i64().unwrap();
            if round == 1 && n == 1 {
                // Board 1 of round 1 is recorded move by move and drawn by agreement.
                let game = board["game_id"].as_str().unwrap();
                let events = [
                    json!({ "type": "start" }),
                    json!({ "type": "move", "san": "e4" }),
                    json!({ "type": "move", "san": "c5" }),
                    json!({ "type": "move", "san": "Nf3", "offer_draw": true }),
                    json!({ "type": "accept_draw", "player": "black" }),
                ];
                for (seq, mut event) in (0..).zip(events) {
                    event["expected_seq"] = json!(seq);
                    let (status, r) = call(
                        &server,
                        "POST",
                        &format!("/api/v1/games/{game}/events"),
                        o,
                        Some(&event),
                    );
                    assert_eq!(status, 201, "{r}");
                }
                let (_, state) = call(&server, "GET", &format!("/api/v1/games/{game}"), None, None);
                assert_eq!(state["result"], "1/2-1/2", "{state}");
            } else {
                let (status, _) = call(
                    &server,
                    "PUT",
                    &format!("/api/v1/tournaments/{t}/rounds/{round}/boards/{n}/result"),
                    o,
                    Some(&json!({ "result": "1-0" })),
                );
                assert_eq!(status, 200);
            }
        }
    }
    let (status, standings) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        None,
        None,
    );
    assert_eq!(status, 200);
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let total: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert!(
        (total - 9.0).abs() < 1e-9,
        "3 rounds x (2 games + 1 bye point) = 9 points: {standings}"
    );
    let (status, round1) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{t}/rounds/1"),
        None,
        None,
    );
    assert_eq!(status, 200);
    assert_eq!(
        round1["boards"][0]["result"], "1/2-1/2",
        "the recorded game wrote its result"
    );
    let (status, pgn) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{t}/export/pgn"),
        None,
        None,
    );
    assert_eq!(status, 200);
    // Live moves carry the clock reading after each move (`[%clk]`).
    let pgn = pgn.as_str().unwrap();
    let moves: Vec<&str> = pgn
        .split_whitespace()
        .skip_while(|w| *w != "1.")
        .filter(|w| !w.starts_with('{') && !w.ends_with('}'))
        .collect();
    assert_eq!(
        moves,
        ["1.", "e4", "1...", "c5", "2.", "Nf3", "1/2-1/2"],
        "{pgn}"
    );
    assert_eq!(pgn.matches("[%clk 1:30:").count(), 3, "{pgn}");

    // SIGTERM: graceful shutdown, exit status 0.
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = server.child.wait().unwrap();
    assert!(status.success(), "graceful shutdown exits 0, got {status}");
}

/// The start of a TRF16 player record: start number, name, rating, points
/// and rank (no rounds yet).
fn player_record(start_number: u32, rating: u32) -> String {
    let name = format!("Player{start_number:04}, Test");
    format!(
        "001 {start_number:>4}      {name:<33} {rating:>4}{:28}{:>4} {start_number:>4}",
        "", "0.0"
    )
}

/// The engine's output format for the pairings of an API round: the number
/// of pairs, then `white black` start numbers, the bye as `N 0`, last.
fn pairs_of_round(round: &Value) -> String {
    let boards = round["boards"].as_array().unwrap();
    let pab: Vec<&Value> = round["byes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["kind"] == "pairing_allocated")
        .collect();
    let mut out = format!("{}\n", boards.len() + pab.len());
    for b in boards {
        out.push_str(&format!(
            "{} {}\n",
            b["white"]["start_number"], b["black"]["start_number"]
        ));
    }
    for b in pab {
        out.push_str(&format!("{} 0\n", b["player"]["start_number"]));
    }
    out
}

/// `arbiter pair --dutch FILE -p` on a TRF text.
fn cli_pairs(trf: &str, label: &str) -> String {
    let dir = std::env::temp_dir();
    let input = dir.join(format!("arbiter-parity-{label}-{}.trf", std::process::id()));
    let output = input.with_extension("out");
    std::fs::write(&input, trf).unwrap();
    let status = Command::new(arbiter())
        .args(["pair", "--dutch"])
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "{label}: arbiter pair --dutch failed\n{trf}"
    );
    let pairs = std::fs::read_to_string(&output).unwrap();
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    pairs
}

/// C.04.2, C.04.3 E.5, C.04.5: a TRF with forbidden pairs (`XXP`),
/// acceleration (`XXA`), an initial colour (`XXC black1`) and a requested
/// bye (`240`), imported through the API and paired there round by round,
/// pairs exactly as `arbiter pair --dutch` pairs the same file — the file
/// imported for round 1, the server's own TRF export for every later round.
#[test]
fn a_trf_imported_through_the_api_pairs_round_by_round_as_arbiter_pair_dutch_does() {
    let server = Server::start("pairing-parity");
    let admin = Some(ADMIN);
    let mut trf = String::from("012 Parity Open\nXXR 5\nXXC black1\n");
    for n in 1..=15 {
        trf.push_str(&player_record(n, 2500 - 37 * n));
        trf.push('\n');
    }
    trf.push_str("XXP 1 2\nXXP 5 6 7\n");
    for n in 1..=4 {
        trf.push_str(&format!("XXA {n:>4}  1.0  1.0\n"));
    }
    trf.push_str("240 H   2    9\n");
    let (status, t) = call_raw(
        &server,
        "POST",
        "/api/v1/tournaments/import",
        admin,
        Some(("text/plain", &trf)),
    );
    assert_eq!(status, 201, "{t}");
    assert_eq!(t["pairing"]["initial_colour"], "black", "{t}");
    assert_eq!(t["pairing"]["acceleration"], "explicit", "{t}");
    assert_eq!(t["pairing"]["forbidden_pairs"].as_array().unwrap().len(), 2);
    let t = t["id"].as_str().unwrap().to_owned();
    let results = ["1-0", "0-1", "1/2-1/2", "1-0", "+-", "0-1", "1/2-1/2"];
    for round in 1..=5 {
        let file = if round == 1 {
            trf.clone()
        } else {
            let (status, text) = call(
                &server,
                "GET",
                &format!("/api/v1/tournaments/{t}/export/trf"),
                None,
                None,
            );
            assert_eq!(status, 200);
            text.as_str().unwrap().to_owned()
        };
        let expected = cli_pairs(&file, &format!("round{round}"));
        let (status, r) = call(
            &server,
            "POST",
            &format!("/api/v1/tournaments/{t}/rounds"),
            admin,
            None,
        );
        assert_eq!(status, 201, "round {round}: {r}");
        assert_eq!(pairs_of_round(&r), expected, "round {round}\n{file}");
        if round == 2 {
            let nine = r["byes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["player"]["start_number"] == 9 && b["kind"] == "half");
            assert!(nine, "the requested bye of player 9 is kept: {r}");
        }
        for (i, b) in r["boards"].as_array().unwrap().iter().enumerate() {
            let board = b["board"].as_i64().unwrap();
            let result = results[(i + round) % results.len()];
            let (status, body) = call(
                &server,
                "PUT",
                &format!("/api/v1/tournaments/{t}/rounds/{round}/boards/{board}/result"),
                admin,
                Some(&json!({ "result": result })),
            );
            assert_eq!(status, 200, "{body}");
        }
    }
}

/// python-chess reads the first game of a PGN text: its White and Black
/// tags, its moves in SAN and each move's `[%clk]` in seconds, one per line;
/// a parse error fails. `None` when python-chess is not installed (CI
/// installs it; there its absence is a failure).
fn python_chess_reads(pgn: &str) -> Option<String> {
    let script = "import sys, chess.pgn\n\
                  g = chess.pgn.read_game(sys.stdin)\n\
                  assert g is not None and not g.errors, g.errors if g else 'no game'\n\
                  print(g.headers['White']); print(g.headers['Black'])\n\
                  print(' '.join(f'{n.san()}@{n.clock()}' for n in g.mainline()))\n";
    let probe = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        assert!(
            std::env::var_os("CI").is_none(),
            "python-chess is needed in CI (pip install chess)"
        );
        return None;
    }
    let (ok, out) = run_with_input("python3".as_ref(), &["-c", script], pgn);
    assert!(ok, "python-chess refused the PGN: {out}\n{pgn}");
    Some(out)
}

/// The PGN export (the game's and the tournament's) is written by the one
/// PGN writer: the Seven Tag Roster first and in order, `"` and `\` in a
/// name escaped (PGN 8.1), `[%clk]` after each move, a standard
/// `Termination`; `arbiter pgn check` and python-chess both read it back
/// with the name and the clocks intact.
#[test]
fn pgn_exports_escape_names_carry_clocks_and_read_back_in_other_tools() {
    let server = Server::start("pgn-export");
    let admin = Some(ADMIN);
    let (status, t) = call(
        &server,
        "POST",
        "/api/v1/tournaments",
        admin,
        Some(&json!({
            "name": "Escapes \"Open\"", "system": "swiss-dutch", "rounds": 1,
            "time_control": "5400+30", "pairing": { "initial_colour": "white" }
        })),
    );
    assert_eq!(status, 201, "{t}");
    let t = t["id"].as_str().unwrap().to_owned();
    let tricky = "O\"Brien \\ Jr.";
    for (name, rating) in [(tricky, 2400), ("Smith, John", 2300)] {
        let (status, p) = call(
            &server,
            "POST",
            &format!("/api/v1/tournaments/{t}/players"),
            admin,
            Some(&json!({ "name": name, "rating": rating })),
        );
        assert_eq!(status, 201, "{p}");
    }
    let (status, r) = call(
        &server,
        "POST",
        &format!("/api/v1/tournaments/{t}/rounds"),
        admin,
        None,
    );
    assert_eq!(status, 201, "{r}");
    let game = r["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let events = [
        json!({ "type": "start", "at": "2026-04-01T14:00:00Z" }),
        json!({ "type": "move", "san": "e4", "at": "2026-04-01T14:00:10Z" }),
        json!({ "type": "move", "san": "e5", "at": "2026-04-01T14:01:00Z" }),
        json!({ "type": "move", "san": "Nf3", "at": "2026-04-01T14:01:05Z" }),
        json!({ "type": "resign", "player": "black", "at": "2026-04-01T14:02:00Z" }),
    ];
    for (seq, mut event) in events.into_iter().enumerate() {
        event["expected_seq"] = json!(seq);
        let (status, body) = call(
            &server,
            "POST",
            &format!("/api/v1/games/{game}/events"),
            admin,
            Some(&event),
        );
        assert_eq!(status, 201, "{body}");
    }
    let text = |path: &str| {
        let (status, body) = call(&server, "GET", path, None, None);
        assert_eq!(status, 200, "{path}");
        body.as_str().unwrap().to_owned()
    };
    for pgn in [
        text(&format!("/api/v1/games/{game}/pgn")),
        text(&format!("/api/v1/tournaments/{t}/export/pgn")),
    ] {
        let tags: Vec<&str> = pgn
            .lines()
            .take(7)
            .map(|l| l.split(' ').next().unwrap_or_default())
            .collect();
        assert_eq!(
            tags,
            [
                "[Event", "[Site", "[Date", "[Round", "[White", "[Black", "[Result"
            ],
            "{pgn}"
        );
        assert!(pgn.contains("[Event \"Escapes \\\"Open\\\"\"]"), "{pgn}");
        assert!(pgn.contains("[White \"O\\\"Brien \\\\ Jr.\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        assert!(
            pgn.contains(
                "1. e4 {[%clk 1:30:20]} 1... e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:30:45]} 1-0"
            ),
            "{pgn}"
        );
        let (ok, report) = run_with_input(&arbiter(), &["pgn", "check", "-"], &pgn);
        assert!(ok, "arbiter pgn check refused it: {report}\n{pgn}");
        if let Some(read) = python_chess_reads(&pgn) {
            // python-chess keeps a tag value as written (it does not undo
            // the escapes), so it reads back the escaped form.
            assert_eq!(
                read, "O\\\"Brien \\\\ Jr.\nSmith, John\ne4@5420.0 e5@5380.0 Nf3@5445.0\n",
                "{pgn}"
            );
        }
    }
}
