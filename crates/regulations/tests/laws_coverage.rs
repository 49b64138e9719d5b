//! `docs/laws-coverage.md` cannot drift: every rule of `laws.md` has one row,
//! and every file, item, test, scenario and API operation a row cites exists.
//!
//! `laws.md` lives outside the repository, so its list of rules is kept here
//! ([`ARTICLES`]); a rule added there is added here and to the table.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The rules of `laws.md` (the team's digest of the seed texts), one id per
/// rule, in its order: chess Laws 1–17 (12.6 with Art. 8, where the digest
/// puts it), the FIDE 2023 provisions a profile may choose, the national
/// variations, the club regulations, grade points and Xiangqi.
const ARTICLES: &[&str] = &[
    "1.2",
    "1.3",
    "1.4",
    "1.5",
    "2.1",
    "2.2",
    "3.1",
    "3.2",
    "4.1",
    "4.2",
    "4.3",
    "5.1(1)",
    "5.1(2)",
    "5.1(3)",
    "5.1(4)",
    "5.1(5)",
    "5.1(6)",
    "5.2",
    "5.3",
    "5.4",
    "5.5",
    "5.6",
    "5.6(3)",
    "5.6(4)",
    "5.6(5)",
    "6.1",
    "6.2",
    "6.3",
    "6.4",
    "6.5",
    "7.1",
    "7.2(1)",
    "7.2(2)",
    "7.3",
    "7.4",
    "8.1",
    "8.2",
    "8.3",
    "8.4",
    "8.5",
    "8.6",
    "8.7",
    "12.6",
    "9.1",
    "9.2",
    "9.3",
    "10.1",
    "10.2",
    "10.3",
    "10.4",
    "10.5",
    "10.6",
    "10.7",
    "10.8",
    "10.9",
    "10.10(1)",
    "10.10(2)",
    "10.10",
    "10.11",
    "10.12",
    "10.13(1)",
    "10.13(2)",
    "10.13(3)",
    "10.14",
    "10.15",
    "10.15(1)",
    "10.15(2)",
    "10.15(3)",
    "10.16(1)",
    "10.16(2)",
    "10.16(3)",
    "10.17",
    "11.1",
    "11.2",
    "11.3-11.8",
    "11.9",
    "12.1",
    "12.2",
    "12.3",
    "12.4",
    "12.5",
    "12.7",
    "12.8",
    "12.9",
    "13.1",
    "13.1-obligation",
    "13.2",
    "13.3",
    "14.1",
    "14.2",
    "14.3",
    "14.4",
    "14.5",
    "14.6",
    "15",
    "16",
    "17",
    "2023-6.7.1",
    "2023-7.5.4",
    "2023-7.5.5",
    "2023-9.5.3",
    "2023-9.6",
    "nat-lateness",
    "nat-team-captain",
    "nat-ranking-rr",
    "nat-ranking-swiss",
    "nat-shared-place",
    "nat-team-game-points",
    "nat-perpetual-check",
    "nat-6.1",
    "club-scoring",
    "club-game-time",
    "club-move-cap",
    "club-fouls",
    "club-touch-move",
    "club-overlong",
    "club-spectators",
    "grade-scale",
    "grade-draw",
    "grade-lower-wins",
    "grade-higher-wins",
    "xq-4.1.1",
    "xq-4.1.2",
    "xq-4.1.3",
    "xq-4.1.4",
    "xq-4.1.5",
    "xq-4.1.6",
    "xq-4.1.7",
    "xq-4.1.8",
    "xq-4.1.9",
    "xq-4.1.10",
    "xq-4.2.1",
    "xq-4.2.2",
    "xq-4.2.3",
    "xq-4.2.4",
    "xq-5",
    "xq-6",
    "xq-7.1",
    "xq-prohibitions",
    "xq-arbiter-judges",
];

/// The issue 17 item 10 rules, each of which must be modelled or say why it
/// is outside the server's reach.
const ITEM_10: &[&str] = &[
    "13.1-obligation",
    "14.4",
    "8.3",
    "8.4",
    "8.7",
    "11.1",
    "11.2",
    "11.3-11.8",
    "11.9",
    "nat-team-captain",
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One row of the table: its id and its cells.
struct Row {
    line: usize,
    id: String,
    implemented: String,
    tests: String,
    api: String,
}

fn rows(doc: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, line) in doc.lines().enumerate() {
        let Some(rest) = line.strip_prefix("| `") else {
            continue;
        };
        let cells: Vec<&str> = line
            .trim()
            .trim_start_matches('|')
            .trim_end_matches('|')
            .split(" | ")
            .map(str::trim)
            .collect();
        assert_eq!(
            cells.len(),
            5,
            "line {}: a row has five cells (id, rule, implemented in, tests, API): {line}",
            i + 1
        );
        let id = rest.split('`').next().unwrap_or_default().to_owned();
        rows.push(Row {
            line: i + 1,
            id,
            implemented: cells[2].to_owned(),
            tests: cells[3].to_owned(),
            api: cells[4].to_owned(),
        });
    }
    rows
}

/// The code spans of a cell.
fn spans(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// Every `.rs` file under `dir`, skipping build output.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && !name.to_string_lossy().starts_with('.') {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names of all functions defined under `crates/` and `tests/`.
fn function_names() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&repo().join("crates"), &mut files);
    rust_files(&repo().join("tests"), &mut files);
    let mut names = BTreeSet::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_default();
        for (i, _) in text.match_indices("fn ") {
            let before = text[..i].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = text[i + 3..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// The scenario names of the regulations crate's scenario files, chess
/// (`tests/scenarios`) and Xiangqi (`tests/xiangqi_scenarios`).
fn scenario_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for folder in ["scenarios", "xiangqi_scenarios"] {
        let dir = repo().join("crates/regulations/tests").join(folder);
        for entry in fs::read_dir(&dir).expect("the scenarios folder").flatten() {
            let text = fs::read_to_string(entry.path()).unwrap_or_default();
            for line in text.lines() {
                if let Some(name) = line.strip_prefix("scenario ") {
                    names.insert(name.trim().to_owned());
                }
            }
        }
    }
    names
}

/// `(METHOD, path)` of every operation of the server's OpenAPI document, and
/// its event types. The document is derived from the code: each handler's
/// `#[utoipa::path(method, path = "...")]` makes an operation, and the
/// posted event's schema (`EventRequest`) is derived from
/// `regulations::EventKind` and `regulations::XqEventKind` (feature
/// `utoipa`), so its types are their variants, in snake_case (the server's
/// API tests check the served document against its router and the
/// posted event's schema against these enums).
fn openapi() -> (BTreeSet<(String, String)>, BTreeSet<String>) {
    let dir = repo().join("crates/server/src");
    let mut operations = BTreeSet::new();
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    assert!(
        !files.is_empty(),
        "the server's sources under crates/server/src"
    );
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_default();
        for (i, _) in text.match_indices("#[utoipa::path(") {
            let rest = &text[i + "#[utoipa::path(".len()..];
            let method: String = rest
                .trim_start()
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            let path = rest
                .split_once("path = \"")
                .and_then(|(_, p)| p.split('"').next());
            if let Some(path) = path {
                operations.insert((method.to_uppercase(), path.to_owned()));
            }
        }
    }
    // The posted event's schema derives from these enums (feature `utoipa`).
    let mut events = variants("crates/regulations/src/event.rs", "EventKind");
    events.extend(variants(
        "crates/regulations/src/xiangqi_game/event.rs",
        "XqEventKind",
    ));
    (operations, events)
}

/// The variants of `pub enum {name}` in `file`, in snake_case (serde's
/// `rename_all = "snake_case"`).
fn variants(file: &str, name: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(repo().join(file)).expect(file);
    let head = format!("pub enum {name} {{");
    let start = text.find(&head).expect(name) + head.len();
    let mut depth = 1;
    let mut found = BTreeSet::new();
    for line in text[start..].lines() {
        let t = line.trim();
        if depth == 1 && t.starts_with(|c: char| c.is_ascii_uppercase()) {
            let mut snake = String::new();
            for (i, c) in t
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .enumerate()
            {
                if c.is_ascii_uppercase() && i > 0 {
                    snake.push('_');
                }
                snake.push(c.to_ascii_lowercase());
            }
            found.insert(snake);
        }
        if !t.starts_with("//") {
            depth += t.matches('{').count();
            depth -= t.matches('}').count().min(depth);
        }
        if depth == 0 {
            break;
        }
    }
    found
}

/// `true` when `word` occurs in `text` as a whole identifier.
fn has_identifier(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(i, _)| {
        !text[..i].chars().last().is_some_and(ident)
            && !text[i + word.len()..].chars().next().is_some_and(ident)
    })
}

/// A reason after `marker` (`not modelled:`, `not reachable:`) of at least a
/// few words.
fn has_reason(cell: &str, marker: &str) -> bool {
    cell.split(marker)
        .nth(1)
        .is_some_and(|reason| reason.split_whitespace().count() >= 4)
}

fn check(doc: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let rows = rows(doc);
    let known: BTreeSet<&str> = ARTICLES.iter().copied().collect();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for row in &rows {
        if !known.contains(row.id.as_str()) {
            problems.push(format!(
                "line {}: `{}` is not a rule of laws.md (ARTICLES)",
                row.line, row.id
            ));
        }
        if let Some(first) = seen.insert(row.id.as_str(), row.line) {
            problems.push(format!(
                "line {}: `{}` has a second row (first on line {first})",
                row.line, row.id
            ));
        }
    }
    for id in ARTICLES {
        if !seen.contains_key(id) {
            problems.push(format!("`{id}` of laws.md has no row"));
        }
    }

    let functions = function_names();
    let scenarios = scenario_names();
    let (operations, events) = openapi();
    for row in &rows {
        let at = format!("line {} (`{}`)", row.line, row.id);
        // Implemented in: files and items that exist, or a reason.
        let not_modelled = row.implemented.starts_with("not modelled:");
        if not_modelled && !has_reason(&row.implemented, "not modelled:") {
            problems.push(format!("{at}: `not modelled:` without a reason"));
        }
        let cited = spans(&row.implemented);
        if !not_modelled && cited.is_empty() {
            problems.push(format!("{at}: no implementation cited"));
        }
        for span in cited {
            if !span.starts_with("crates/") && !span.starts_with("tests/") {
                continue; // a value such as `placed_on` in the prose
            }
            let (file, item) = match span.split_once("::") {
                Some((file, item)) => (file, Some(item)),
                None => (span, None),
            };
            let path = repo().join(file);
            let Ok(text) = fs::read_to_string(&path) else {
                problems.push(format!("{at}: no file {file}"));
                continue;
            };
            if let Some(item) = item
                && !has_identifier(&text, item)
            {
                problems.push(format!("{at}: {file} has no `{item}`"));
            }
        }
        // Tests: functions and scenarios that exist.
        let tests = spans(&row.tests);
        if tests.is_empty() && !(not_modelled && row.tests == "—") {
            problems.push(format!(
                "{at}: no test cited (`—` only where the rule is not modelled)"
            ));
        }
        for test in tests {
            if let Some(name) = test.strip_prefix("scenario: ") {
                if !scenarios.contains(name) {
                    problems.push(format!("{at}: no scenario named `{name}`"));
                }
            } else if !functions.contains(test) {
                problems.push(format!("{at}: no test function `fn {test}`"));
            }
        }
        // API: operations and event types that exist, or a reason.
        let mut reached = false;
        for span in spans(&row.api) {
            if let Some(event) = span.strip_prefix("type: ") {
                reached = true;
                if !events.contains(event) {
                    problems.push(format!("{at}: no event type `{event}` in EventRequest"));
                }
            } else if let Some((method, path)) = span.split_once(' ')
                && path.starts_with("/api/")
            {
                reached = true;
                if !operations.contains(&(method.to_owned(), path.to_owned())) {
                    problems.push(format!(
                        "{at}: no operation `{method} {path}` in the OpenAPI document"
                    ));
                }
            }
        }
        let unreachable = row.api.contains("not reachable");
        if unreachable && !has_reason(&row.api, "not reachable") {
            problems.push(format!("{at}: `not reachable` without a reason"));
        }
        if !reached && !unreachable {
            problems.push(format!(
                "{at}: neither an API call nor `not reachable:` with the reason"
            ));
        }
    }
    for id in ITEM_10 {
        if let Some(row) = rows.iter().find(|r| r.id == *id)
            && !(row.implemented.starts_with("not modelled:")
                || row.api.contains("not reachable")
                || !spans(&row.implemented).is_empty())
        {
            problems.push(format!(
                "`{id}` (issue 17 item 10): neither modelled nor explained"
            ));
        }
    }
    problems
}

#[test]
fn every_rule_of_the_laws_has_one_row_citing_code_tests_and_api_that_exist() {
    let doc =
        fs::read_to_string(repo().join("docs/laws-coverage.md")).expect("docs/laws-coverage.md");
    let problems = check(&doc);
    assert!(
        problems.is_empty(),
        "docs/laws-coverage.md is out of date:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_finds_a_missing_row_an_invented_test_and_an_unexplained_gap() {
    let doc =
        fs::read_to_string(repo().join("docs/laws-coverage.md")).expect("docs/laws-coverage.md");
    let broken = doc
        .lines()
        .filter(|l| !l.starts_with("| `1.3` |"))
        .map(|l| {
            if l.starts_with("| `7.1` |") {
                l.replace(
                    "adjusting_after_saying_i_adjust_creates_no_obligation_7_1",
                    "no_such_test_exists_anywhere",
                )
            } else if l.starts_with("| `8.7` |") {
                let cut = l.find("not reachable:").expect("8.7 is not reachable");
                format!("{}not reachable |", &l[..cut])
            } else if l.starts_with("| `10.2` |") {
                l.replace("type: resign", "type: surrender")
            } else if l.starts_with("| `10.6` |") {
                l.replace("game/dispatch.rs", "game/nowhere.rs")
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let problems = check(&broken).join("\n");
    assert!(
        problems.contains("`1.3` of laws.md has no row"),
        "{problems}"
    );
    assert!(problems.contains("(`7.1`): no test function"), "{problems}");
    assert!(
        problems.contains("(`8.7`): `not reachable` without a reason"),
        "{problems}"
    );
    assert!(problems.contains("no event type `surrender`"), "{problems}");
    assert!(
        problems.contains("no file crates/regulations/src/game/nowhere.rs"),
        "{problems}"
    );
}
