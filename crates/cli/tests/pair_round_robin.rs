//! `arbiter pair --round-robin`: the next round from the Berger tables
//! (FIDE C.05 Annex 1), in the output format and with the exit statuses of
//! the established pairing engines.

use std::path::PathBuf;
use std::process::{Command, Output};

/// A scratch file unique to this test process and name.
fn scratch(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-pair-rr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("pair")
        .args(args)
        .output()
        .unwrap()
}

/// Five players, round robin, `rounds` is the text of the round columns.
fn trf(rounds: [&str; 5]) -> String {
    let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"];
    let mut text = String::from("012 Club Championship\n092 Round Robin\nXXR 5\n");
    for (i, (name, cells)) in names.iter().zip(rounds).enumerate() {
        let line = format!(
            "001 {:>4} m    {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}{cells}",
            i + 1,
            name,
            2000 - 100 * i,
            "ESP",
            "",
            "",
            "0.0",
            ""
        );
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[test]
fn round_one_of_a_five_player_round_robin_comes_from_the_six_player_table() {
    let input = scratch("r1.trf", &trf(["", "", "", "", ""]));
    let out = arbiter(&["--round-robin", input.to_str().unwrap(), "-p"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Table 5/6, round 1: 1-(6) 2-5 3-4; player 1 meets the dummy: bye.
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "3\n2 5\n3 4\n1 0\n");
}

#[test]
fn the_next_round_is_the_number_of_rounds_in_the_file_plus_one_and_goes_to_the_output_file() {
    let played = trf([
        "  0000 - U",
        "     5 w 1",
        "     4 w =",
        "     3 b =",
        "     2 b 0",
    ]);
    let input = scratch("r2.trf", &played);
    let output = input.with_file_name("r2.out");
    let out = arbiter(&[
        "--round-robin",
        input.to_str().unwrap(),
        "-p",
        output.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Round 2: (6)-4 5-3 1-2.
    assert_eq!(
        std::fs::read_to_string(output).unwrap(),
        "3\n5 3\n1 2\n4 0\n"
    );
}

#[test]
fn a_double_round_robin_is_paired_with_the_last_two_first_cycle_rounds_exchanged() {
    // 4 players double: first cycle R1, R3, R2 (exchanged), so round 2 is table round 3.
    let mut text = String::from("012 Double\n092 Double Round Robin\n");
    for (i, cells) in ["     4 w 1", "     3 w 1", "     2 b 0", "     1 b 0"]
        .iter()
        .enumerate()
    {
        text.push_str(&format!(
            "001 {:>4} m    {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}{cells}\n",
            i + 1,
            format!("Player {}", i + 1),
            2000,
            "ESP",
            "",
            "",
            "0.0",
            ""
        ));
    }
    let input = scratch("double.trf", &text);
    let out = arbiter(&["--round-robin", input.to_str().unwrap(), "-p"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "2\n2 4\n3 1\n");
}

#[test]
fn a_completed_schedule_has_no_valid_pairing_and_exits_1() {
    let mut rounds = [
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
    ];
    for r in 1..=5 {
        for p in tournament::round_robin::round(5, false, r).unwrap() {
            match p {
                tournament::round_robin::Line::Game { white, black } => {
                    rounds[white as usize - 1].push_str(&format!("  {black:>4} w ="));
                    rounds[black as usize - 1].push_str(&format!("  {white:>4} b ="));
                }
                tournament::round_robin::Line::Bye(p) => {
                    rounds[p as usize - 1].push_str("  0000 - U");
                }
            }
        }
    }
    let cells: Vec<&str> = rounds.iter().map(String::as_str).collect();
    let input = scratch(
        "done.trf",
        &trf([cells[0], cells[1], cells[2], cells[3], cells[4]]),
    );
    let out = arbiter(&["--round-robin", input.to_str().unwrap(), "-p"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("round 6 does not exist"));
}

#[test]
fn a_defective_file_exits_3_naming_line_column_and_reason() {
    let text = trf(["", "", "", "", ""]).replace(" 1900 ESP", " 19x0 ESP");
    let input = scratch("bad.trf", &text);
    let out = arbiter(&["--round-robin", input.to_str().unwrap(), "-p"]);
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 5, column 49: rating is not a number"),
        "{stderr}"
    );
}

#[test]
fn an_unreadable_input_exits_5_and_a_bad_request_exits_3() {
    let out = arbiter(&["--round-robin", "/nonexistent/arbiter/in.trf", "-p"]);
    assert_eq!(out.status.code(), Some(5));
    let out = arbiter(&["--swiss-ish", "x.trf", "-p"]);
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn a_file_whose_games_left_the_berger_table_is_refused_with_exit_3() {
    // Round 1 of the 6-player table is 1-(6) 2-5 3-4; here 2 met 3 instead.
    let played = trf([
        "  0000 - U",
        "     3 w 1",
        "     2 b 0",
        "     5 w =",
        "     4 b =",
    ]);
    let input = scratch("off.trf", &played);
    let out = arbiter(&["--round-robin", input.to_str().unwrap(), "-p"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("round 1: 2-3 is not a pairing"));
}
