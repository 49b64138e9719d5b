//! `arbiter check`: the Pairing and Tie-break Checker (FIDE C.02 endorsement
//! checklist VCL4THP.13 Q21) from the command line — the report, its JSON
//! form and the exit status that says which kind of failure (see
//! docs/fide-checker.md).

use std::path::PathBuf;
use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/fixtures/checker")
        .join(name)
}

fn scratch(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn a_generated_tournament_passes_with_exit_status_0_in_text_and_json() {
    let cfg = scratch(
        "all.cfg",
        "PlayersNumber=21\nRoundsNumber=6\nFullPointByes[2]=1\nHalfPointByes=5%\n\
         ZeroPointByes[4]=1\nForfeitWins=1\nForfeitLosses[3]=1\nZeroZero[5]=1\nHalfZero[3]=1\nZeroHalf[6]=1\nBaku=1\n\
         TieBreaks=BH/C1,BH,SB\n",
    );
    let out_file = cfg.with_file_name("all.trf");
    let out = arbiter(&[
        "pair",
        "--dutch",
        "-g",
        cfg.to_str().unwrap(),
        "-o",
        out_file.to_str().unwrap(),
        "-s",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&out_file).unwrap();
    assert!(
        written.contains("\n142 6"),
        "TRF-2026 by default:\n{written}"
    );
    assert!(written.contains("\n202 BH/C1,BH,SB"), "{written}");
    assert!(written.contains("_BAKU"), "{written}");
    let out = arbiter(&["check", out_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Round 6: ok"), "{stdout}");
    assert!(
        stdout.contains("Standings (tie-breaks BH/C1, BH, SB from 202): ok"),
        "{stdout}"
    );
    let out = arbiter(&["check", "--json", out_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let json = text(&out.stdout);
    assert!(json.starts_with("{\"file\": "), "{json}");
    assert!(json.contains("\"format\": \"TRF-2026\", \"system\": \"swiss\", \"players\": 21, \"rounds\": 6, \"passed\": true"), "{json}");
    // TRF16 on request; a tie-break list has no TRF16 record.
    let out = arbiter(&[
        "pair",
        "--dutch",
        "-g",
        cfg.to_str().unwrap(),
        "-o",
        out_file.to_str().unwrap(),
        "--trf16",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
}

#[test]
fn a_round_breaking_an_absolute_criterion_exits_1_naming_round_and_players() {
    let file = fixture("rematch-in-round-2.trf");
    let out = arbiter(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Round 1: ok"), "{stdout}");
    assert!(
        stdout.contains("C.04.3 C.1 rematch: 4 and 1 meet again (they played in round 1)"),
        "{stdout}"
    );
    let out = arbiter(&["check", "--json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let json = text(&out.stdout);
    assert!(
        json.contains(
            "{\"round\": 2, \"passed\": false, \"findings\": [{\"rule\": \"different-pairing\""
        ),
        "{json}"
    );
    assert!(
        json.contains("{\"rule\": \"rematch\", \"article\": \"C.04.3 C.1\", \"absolute\": true, \"players\": [4, 1]"),
        "{json}"
    );
}

#[test]
fn a_rank_column_contradicting_the_tie_breaks_exits_4_and_both_failures_exit_6() {
    let file = fixture("ranks-contradict-tiebreaks.trf");
    let out = arbiter(&["check", "--json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stdout));
    let json = text(&out.stdout);
    assert!(json.contains("\"pairings\": {\"passed\": true"), "{json}");
    assert!(json.contains("{\"rule\": \"rank\", \"player\": "), "{json}");

    let rematch = std::fs::read_to_string(fixture("rematch-in-round-2.trf")).unwrap();
    let both = scratch("both.trf", &rematch.replacen(" 1.5 ", " 2.5 ", 1));
    let out = arbiter(&["check", both.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(6), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).contains("player 1 has 2.5 points in the file; the results give 1.5")
    );
}

#[test]
fn an_unreadable_or_defective_file_exits_5_or_3() {
    let out = arbiter(&["check", "/nonexistent/file.trf"]);
    assert_eq!(out.status.code(), Some(5));
    let bad = scratch(
        "bad.trf",
        "001    1      A                                 2000 ESP           0             1.0    1     2 w 1\n",
    );
    let out = arbiter(&["check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("line 1"),
        "{}",
        text(&out.stderr)
    );
    let out = arbiter(&["check"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 33: `pair --dutch -c` reported a colour deviation for a forfeit
/// recorded without colours (`204 - +`, `251 - -`); bbpPairings passes such
/// files, and so does the engines' interface now.
#[test]
fn pair_dutch_c_passes_a_forfeit_recorded_without_colours() {
    let file = fixture("colourless-forfeit.trf");
    let out = arbiter(&["pair", "--dutch", file.to_str().unwrap(), "-c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(!text(&out.stdout).contains("differ"));
}
