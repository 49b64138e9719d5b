//! Issue 19: a Xiangqi game's PGN export is read by Fairy-Stockfish. Games
//! of random legal moves (captures, checks, both sides' every piece, moves
//! that need a file or rank to tell two pieces apart) are recorded through
//! the real binary, exported, and replayed by Fairy-Stockfish's own PGN
//! reader (ffish.js, `tests/ffish_replay.js`): it must play every move and
//! reach the position the server shows.

use std::path::PathBuf;

use e2e::{ADMIN, Server, call, repo_file, run_with_input};
use serde_json::{Value, json};
use xiangqi::Position;

/// The `ffish` npm package's folder: `ARBITER_FFISH_DIR`, else
/// `target/ffish/node_modules/ffish` (where `.ci/run` installs it). `None`
/// when it (or Node.js) is missing; in CI that is a failure.
fn ffish_dir() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::var_os("ARBITER_FFISH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/ffish/node_modules/ffish"));
    let node = std::process::Command::new("node").arg("--version").output();
    let found = dir.join("ffish.js").is_file() && node.is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "Fairy-Stockfish's ffish.js is needed in CI: npm install --prefix target/ffish ffish \
             (not found at {})",
            dir.display()
        );
        return None;
    }
    Some(dir.canonicalize().unwrap_or(dir))
}

/// A small deterministic generator (xorshift64*): the same games every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(x >> 33).unwrap_or(0) % n
    }
}

/// Records a game of up to `plies` random legal moves from `fen` (the
/// opening position when `None`) in a new free Xiangqi game; the game's id
/// and its final state.
fn record_random_game(
    server: &Server,
    seed: u64,
    fen: Option<&str>,
    plies: usize,
) -> (String, Value) {
    let mut setup = json!({
        "game": "xiangqi", "time_control": "-",
        "white": "Wang, Tianyi", "black": "Zheng, Weitong"
    });
    if let Some(fen) = fen {
        setup["fen"] = json!(fen);
    }
    let (status, game) = call(server, "POST", "/api/v1/games", Some(ADMIN), Some(&setup));
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().expect("an id").to_owned();
    let path = format!("/api/v1/games/{id}/events");
    let post = |seq: usize, event: Value| {
        let mut event = event;
        event["expected_seq"] = json!(seq);
        call(server, "POST", &path, Some(ADMIN), Some(&event))
    };
    let (status, mut last) = post(0, json!({ "type": "start" }));
    assert_eq!(status, 201, "{last}");
    let mut position = match fen {
        Some(fen) => Position::from_fen(fen).expect("a legal FEN"),
        None => Position::startpos(),
    };
    let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut seq = 1;
    while seq <= plies && last["state"]["status"] == "in_progress" {
        let mut moves = position.legal_moves().as_slice().to_vec();
        // A move the game refuses (a forbidden repetition, xq 4.1.7) is
        // replaced by another.
        loop {
            assert!(!moves.is_empty(), "no legal move left to try");
            let mv = moves.swap_remove(random.below(moves.len()));
            let (status, body) = post(seq, json!({ "type": "move", "move": mv.to_iccs() }));
            if status == 201 {
                position = position.play(mv).expect("a legal move");
                last = body;
                break;
            }
            assert_eq!(status, 422, "{body}");
            assert_eq!(body["error"], "must_change", "{body}");
        }
        seq += 1;
    }
    (id, last["state"].clone())
}

/// What Fairy-Stockfish reads from `pgn`.
fn ffish_reads(ffish: &std::path::Path, pgn: &str) -> Value {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("ffish_replay.js");
    let (ok, out) = run_with_input(
        "node".as_ref(),
        &[
            script.to_str().expect("a path"),
            ffish.to_str().expect("a path"),
        ],
        pgn,
    );
    assert!(
        ok,
        "Fairy-Stockfish could not replay the export: {out}\n{pgn}"
    );
    let line = out.lines().rev().find(|l| l.starts_with('{')).unwrap_or("");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The placement and side to move of a FEN (Fairy-Stockfish writes `w`
/// for Red, as the server does; the counters are compared separately).
fn board_and_side(fen: &str) -> String {
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn fairy_stockfish_replays_the_servers_xiangqi_pgn_exports_to_the_same_position() {
    let Some(ffish) = ffish_dir() else {
        return;
    };
    assert!(repo_file("tests/ffish_replay.js").contains("readGamePGN"));
    let server = Server::start("xiangqi-pgn");
    let games = [
        (1, None, 160),
        (2, None, 160),
        (3, None, 240),
        (4, None, 60),
        // A set-up position: the export carries `FEN` and `SetUp`.
        (
            5,
            Some("3akab2/9/4b4/p3p1p1p/2n6/9/P1P3P1P/4B1N2/4A4/2BAK4 w - - 0 1"),
            80,
        ),
    ];
    let mut captures = 0;
    for (seed, fen, plies) in games {
        let (id, state) = record_random_game(&server, seed, fen, plies);
        let (status, pgn) = call(
            &server,
            "GET",
            &format!("/api/v1/games/{id}/pgn"),
            None,
            None,
        );
        assert_eq!(status, 200, "{pgn}");
        let pgn = pgn.as_str().expect("a PGN text").to_owned();
        assert!(pgn.contains("[Variant \"xiangqi\"]"), "{pgn}");
        assert_eq!(fen.is_some(), pgn.contains("[SetUp \"1\"]"), "{pgn}");
        captures += pgn.matches('x').count();
        let read = ffish_reads(&ffish, &pgn);
        let ours = state["plies"].as_array().map_or(0, Vec::len);
        assert_eq!(read["variant"], "xiangqi", "{read}");
        assert_eq!(
            read["plies"],
            json!(ours),
            "every move read, seed {seed}: {read}\n{pgn}"
        );
        assert_eq!(
            board_and_side(read["fen"].as_str().unwrap_or("")),
            board_and_side(state["fen"].as_str().unwrap_or("")),
            "seed {seed}: {pgn}"
        );
        // Mate and stalemate (xq 4.1.1, 4.1.3) are the board's own verdicts;
        // draws by the natural limit or repetition are this event's rules.
        let ended_on_the_board = ["checkmate", "stalemate"].contains(
            &state["termination"]["reason"]["code"]
                .as_str()
                .unwrap_or(""),
        );
        if ended_on_the_board {
            assert_eq!(read["result"], state["result"], "seed {seed}: {pgn}");
        }
    }
    assert!(captures >= 20, "the games exercise captures ({captures})");
}
