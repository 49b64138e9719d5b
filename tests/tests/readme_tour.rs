//! The README's five-minute tour, run verbatim: the curl commands of README.md
//! are executed by `bash` against the real `arbiter serve` binary on a fresh
//! SQLite database, and what they print must be what docs/tour.md says they
//! print (ids, clock readings and dates aside). A README that drifts from the
//! server fails here, not in a newcomer's terminal.
//!
//! Needs `bash`, `curl` and `jq` (`.ci/run` installs them when missing). Without
//! them the test is skipped, except when `CI` is set: then it fails.

use std::process::{Command, Stdio};

use e2e::{ADMIN, Server, repo_file};

/// The fenced blocks (```lang ... ```) of a markdown text after `heading`,
/// with their language tag.
fn blocks_after<'a>(text: &'a str, heading: &str) -> Vec<(&'a str, String)> {
    let start = text
        .find(heading)
        .unwrap_or_else(|| panic!("no '{heading}'"));
    let mut out = Vec::new();
    let mut lines = text[start..].lines();
    while let Some(line) = lines.next() {
        if line.starts_with("## ") && !line.starts_with(heading) && !out.is_empty() {
            break;
        }
        if let Some(lang) = line.strip_prefix("```") {
            let mut body = String::new();
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                body.push_str(l);
                body.push('\n');
            }
            out.push((lang, body));
        }
    }
    out
}

fn the_tour_commands(text: &str, heading: &str) -> String {
    blocks_after(text, heading)
        .into_iter()
        .find(|(lang, body)| *lang == "sh" && body.starts_with("API="))
        .map(|(_, body)| body)
        .unwrap_or_else(|| panic!("no tour commands (a sh block starting API=) after '{heading}'"))
}

fn is_uuid(s: &[u8]) -> bool {
    s.len() == 36
        && s.iter().enumerate().all(|(i, &c)| match i {
            8 | 13 | 18 | 23 => c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// Masks what differs from run to run: ids, times, clock readings, dates.
fn normalise(text: &str) -> String {
    let mut out = String::new();
    let mut in_movetext = false;
    for line in text.lines() {
        let mut line = line.trim_end().to_owned();
        // UUIDs.
        let mut i = 0;
        while i + 36 <= line.len() {
            if line.is_char_boundary(i)
                && line.is_char_boundary(i + 36)
                && is_uuid(&line.as_bytes()[i..i + 36])
            {
                line.replace_range(i..i + 36, "<id>");
                i += 4;
            } else {
                i += 1;
            }
        }
        // Numbers that are times or running clocks.
        for key in ["\"at_ms\":", "\"white_ms\":", "\"black_ms\":"] {
            let mut from = 0;
            while let Some(pos) = line[from..].find(key) {
                let digits_start = from + pos + key.len();
                let digits_end = line[digits_start..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(line.len(), |e| digits_start + e);
                line.replace_range(digits_start..digits_end, "<n>");
                from = digits_start;
            }
        }
        // Clock readings in PGN comments.
        let mut from = 0;
        while let Some(pos) = line[from..].find("[%clk ") {
            let start = from + pos + "[%clk ".len();
            let end = line[start..].find(']').map_or(line.len(), |e| start + e);
            line.replace_range(start..end, "<t>");
            from = start;
        }
        if line.starts_with("[Date \"") {
            line = "[Date \"<date>\"]".to_owned();
        }
        // PGN movetext is one line here: where the writer wraps it depends
        // on how long the clock readings are.
        let continues_movetext =
            in_movetext && !line.is_empty() && !line.starts_with('[') && !line.starts_with("{\"");
        if continues_movetext {
            out.pop();
            out.push(' ');
        }
        in_movetext = line.starts_with("1. ") || continues_movetext;
        out.push_str(&line);
        out.push('\n');
    }
    out.trim_end().to_owned()
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn docs_tour_shows_the_same_commands_as_the_readme() {
    let readme = the_tour_commands(&repo_file("README.md"), "## A five-minute tour with curl");
    let tour = the_tour_commands(&repo_file("docs/tour.md"), "# A five-minute tour with curl");
    assert_eq!(
        readme, tour,
        "README.md and docs/tour.md must run the same commands"
    );
}

#[test]
fn the_readme_tour_runs_verbatim_and_prints_what_docs_tour_shows() {
    let missing: Vec<&str> = ["bash", "curl", "jq"]
        .into_iter()
        .filter(|t| !have(t))
        .collect();
    if !missing.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set and the tour's tools are missing: {missing:?}"
        );
        eprintln!("skipped: the tour needs {missing:?}");
        return;
    }
    let readme = repo_file("README.md");
    let commands = the_tour_commands(&readme, "## A five-minute tour with curl");
    assert!(
        commands.contains("http://127.0.0.1:8080/api/v1"),
        "the tour talks to the default address"
    );
    let server = Server::start("readme-tour");
    let script = commands.replace(
        "http://127.0.0.1:8080/api/v1",
        &format!("http://{}/api/v1", server.address),
    );
    let output = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .env("ARBITER_ADMIN_TOKEN", ADMIN)
        .output()
        .expect("run the tour with bash");
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the tour failed: {}\nstdout:\n{printed}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let expected = blocks_after(&repo_file("docs/tour.md"), "What it printed:")
        .into_iter()
        .find(|(lang, _)| *lang == "text")
        .map(|(_, body)| body)
        .expect("docs/tour.md has the printed output in a text block");
    let (got, want) = (normalise(&printed), normalise(&expected));
    if got != want {
        let first = got
            .lines()
            .zip(want.lines())
            .position(|(g, w)| g != w)
            .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
        panic!(
            "the tour printed something else than docs/tour.md shows (first difference at output line {}):\n--- printed\n{got}\n--- docs/tour.md\n{want}",
            first + 1
        );
    }
}
