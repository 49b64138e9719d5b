//! `arbiter perft`: the leaf count is the last line; `--divide` lists each
//! root move first; bad input is refused with exit status 2.

use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("arbiter runs")
}

fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn perft_prints_the_published_leaf_counts() {
    for args in [
        &["perft", "startpos", "3"][..],
        &["perft", "startpos", "3", "--bulk"],
        &[
            "perft",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "3",
        ],
    ] {
        let out = arbiter(args);
        assert!(out.status.success(), "{args:?}");
        assert_eq!(last_line(&out), "8902", "{args:?}");
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        last_line(&arbiter(&["perft", kiwipete, "2", "--bulk"])),
        "2039"
    );
}

#[test]
fn divide_lists_every_root_move_then_the_total() {
    let out = arbiter(&["perft", "startpos", "2", "--divide"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let per_move: Vec<&str> = text.lines().filter(|l| l.contains(':')).collect();
    assert_eq!(per_move.len(), 20);
    assert!(per_move.contains(&"e2e4: 20"));
    assert_eq!(last_line(&out), "400");
}

#[test]
fn bad_fen_or_depth_is_refused_with_exit_status_2() {
    for args in [
        &["perft", "not a fen", "3"][..],
        &["perft", "4k3/8/8/8/8/8/8/4K2R b - - 0 1", "x"],
        &["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "1"],
        &["perft", "startpos"],
        &["perft", "startpos", "2", "--fast"],
    ] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let out = arbiter(&["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no king"));
}

const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn xiangqi_perft_prints_the_published_leaf_counts() {
    for (depth, leaves) in [("1", "44"), ("2", "1920"), ("3", "79666")] {
        for fen in ["startpos", XIANGQI_START] {
            for bulk in [false, true] {
                let mut args = vec!["perft", "--variant", "xiangqi", fen, depth];
                if bulk {
                    args.push("--bulk");
                }
                let out = arbiter(&args);
                assert!(out.status.success(), "{args:?}");
                assert_eq!(last_line(&out), leaves, "{args:?}");
            }
        }
    }
    // CPW position 2, depth 3, both ways.
    let cpw2 = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    for extra in [&[][..], &["--bulk"]] {
        let mut args = vec!["perft", "--variant=xiangqi", cpw2, "3"];
        args.extend_from_slice(extra);
        assert_eq!(last_line(&arbiter(&args)), "43929", "{args:?}");
    }
}

#[test]
fn xiangqi_divide_lists_every_root_move_sorted_then_the_total() {
    for bulk in [false, true] {
        let mut args = vec!["perft", "--variant", "xiangqi", "startpos", "3", "--divide"];
        if bulk {
            args.push("--bulk");
        }
        let out = arbiter(&args);
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        let per_move: Vec<(&str, u64)> = text
            .lines()
            .filter_map(|l| l.split_once(": "))
            .map(|(m, n)| (m, n.parse().expect("a count")))
            .collect();
        assert_eq!(per_move.len(), 44, "{args:?}");
        assert!(
            per_move.iter().all(|(m, _)| m.len() == 4),
            "ICCS: {per_move:?}"
        );
        assert!(per_move.windows(2).all(|w| w[0].0 < w[1].0), "sorted");
        // The cannon to the centre (炮二平五) and the horse's opening.
        assert!(per_move.iter().any(|&(m, _)| m == "h2e2"), "{per_move:?}");
        assert!(per_move.iter().any(|&(m, _)| m == "h0g2"), "{per_move:?}");
        let sum: u64 = per_move.iter().map(|(_, n)| n).sum();
        assert_eq!(sum, 79_666, "{args:?}");
        assert_eq!(last_line(&out), "79666", "{args:?}");
    }
}

#[test]
fn xiangqi_bad_fen_or_depth_is_refused_with_exit_status_2() {
    for args in [
        &["perft", "--variant", "xiangqi", "not a fen", "2"][..],
        // A chess FEN is not a Xiangqi FEN.
        &[
            "perft",
            "--variant",
            "xiangqi",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "1",
        ],
        // Well-formed, but no black general.
        &[
            "perft",
            "--variant",
            "xiangqi",
            "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            "1",
        ],
        &["perft", "--variant", "xiangqi", "startpos", "x"],
        &["perft", "--variant", "xiangqi", "startpos", "65"],
        &["perft", "--variant", "shogi", "startpos", "1"],
    ] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = arbiter(&["perft", "--variant", "xiangqi", "not a fen", "2"]);
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("arbiter perft: "),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn variant_chess_counts_as_the_default_does() {
    let out = arbiter(&["perft", "--variant", "chess", "startpos", "2"]);
    assert_eq!(last_line(&out), "400");
}
