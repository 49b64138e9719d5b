//! `arbiter standings` and `arbiter rating` on a real event file: output
//! shapes, keys in request order, and exit statuses (2 usage, 3 defective
//! file, 5 unreadable file).

use std::process::{Command, Output};

fn fixture() -> String {
    format!(
        "{}/../tournament/tests/fixtures/standings/capo-d-orso-2012.trf",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn standings_json_lists_tiebreak_keys_exactly_as_requested_in_request_order() {
    let file = fixture();
    let output = arbiter(&[
        "standings",
        &file,
        "--tiebreaks",
        "SB,BH/C1,ARO",
        "--edition",
        "virtual-opponent",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "{\"standings\": [{\"rank\": 1, \"start_number\": 1, \"name\": \"Seletsky Grigory\", \
             \"points\": 7.5, \"tiebreaks\": {\"SB\": 44, \"BH/C1\": "
        ),
        "{text}"
    );
    assert_eq!(text.matches("\"rank\": ").count(), 84);
    assert!(text.trim_end().ends_with("}}]}"));
}

#[test]
fn standings_default_to_the_preset_for_the_system() {
    let file = fixture();
    let output = arbiter(&["standings", &file]);
    assert_eq!(output.status.code(), Some(0));
    let header = stdout(&output)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    for key in ["BH/C1", "BH", "SB", "DE", "WIN", "BPG"] {
        assert!(header.contains(key), "{header}");
    }
}

#[test]
fn unknown_tiebreaks_and_editions_are_usage_errors() {
    let file = fixture();
    let output = arbiter(&["standings", &file, "--tiebreaks", "BH,XYZ"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown tie-break 'XYZ'"));
    let output = arbiter(&["standings", &file, "--edition", "1999"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_defective_file_exits_3_with_line_and_column_and_a_missing_one_exits_5() {
    let dir = std::env::temp_dir().join(format!("arbiter-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.trf");
    std::fs::write(&bad, "012 Bad\n001 abcd\n").unwrap();
    let bad = bad.to_string_lossy().to_string();
    for command in ["standings", "rating"] {
        let output = arbiter(&[command, &bad]);
        assert_eq!(output.status.code(), Some(3), "{command}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("line 2, column"),
            "{command}"
        );
        let output = arbiter(&[command, "/nonexistent/file.trf"]);
        assert_eq!(output.status.code(), Some(5), "{command}");
    }
}

#[test]
fn rating_json_gives_each_player_change_and_performance() {
    let file = fixture();
    let output = arbiter(&["rating", &file, "--json"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    // Seletsky (2338, K 20): 7½ from 9 rated games against an expectation of
    // 6.64 → +0.86 × 20 = +17.2 → +17.
    assert!(
        text.contains(
            "{\"start_number\": 1, \"name\": \"Seletsky Grigory\", \"rating\": 2338, \"games\": 9, \
             \"score\": 7.50, \"expected\": 6.64, \"k\": 20, \"change_exact\": 17.20, \"change\": 17"
        ),
        "{text}"
    );
}

#[test]
fn rating_grade_points_reports_points_and_grades() {
    let file = fixture();
    let output = arbiter(&["rating", &file, "--grade-points", "--json"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "{\"grades\": [{\"start_number\": 1, \"name\": \"Seletsky Grigory\", \"before\": 0, "
        ),
        "{text}"
    );
    assert!(text.contains("\"grade_before\": \"ungraded\""), "{text}");
}
