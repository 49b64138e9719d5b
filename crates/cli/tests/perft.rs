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
