//! Property-based fuzzing of the REST API from its own OpenAPI document:
//! schemathesis (PyPI) reads `/api/v1/openapi.json` from the real binary and
//! sends generated requests — valid and invalid — to every operation, for a
//! fixed time. The run fails on any 5xx, on a status code the document does
//! not list for the operation, on a content type it does not declare, and on
//! a response body its schema rejects.
//!
//! Before fuzzing, the test makes the data the paths need (a Swiss with a
//! paired round, its games, a player, a token) and hands their ids to
//! schemathesis, so the operations on `{id}` reach the handlers' logic
//! instead of answering 404. Without schemathesis the test is skipped, except
//! when `CI` is set (`.ci/run` installs it): then it fails.

use std::path::PathBuf;
use std::process::Command;

use e2e::{ADMIN, Server, call};
use serde_json::json;

/// How long schemathesis fuzzes one server.
const FUZZ_SECONDS: &str = "45";

/// `python3 -m schemathesis.cli` when schemathesis is installed.
fn schemathesis_installed() -> bool {
    let found = Command::new("python3")
        .args(["-m", "schemathesis.cli", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set and schemathesis is missing (python3 -m pip install schemathesis)"
        );
        eprintln!("skipped: schemathesis is not installed (python3 -m pip install schemathesis)");
    }
    found
}

/// Makes what the operations' path parameters name and returns the
/// schemathesis configuration that supplies their ids.
fn seed_data(server: &Server) -> String {
    let admin = Some(ADMIN);
    let (status, t) = call(
        server,
        "POST",
        "/api/v1/tournaments",
        admin,
        Some(&json!({
            "name": "Fuzz Open", "system": "swiss-dutch", "rounds": 5, "time_control": "5400+30"
        })),
    );
    assert_eq!(status, 201, "{t}");
    let tournament = t["id"].as_str().expect("tournament id").to_owned();
    let mut player = String::new();
    for (name, rating) in [
        ("Alpha", 2400),
        ("Bravo", 2300),
        ("Charlie", 2200),
        ("Delta", 2100),
        ("Echo", 2000),
    ] {
        let (status, p) = call(
            server,
            "POST",
            &format!("/api/v1/tournaments/{tournament}/players"),
            admin,
            Some(&json!({ "name": name, "rating": rating })),
        );
        assert_eq!(status, 201, "{p}");
        player = p["id"].as_str().expect("player id").to_owned();
    }
    let (status, round) = call(
        server,
        "POST",
        &format!("/api/v1/tournaments/{tournament}/rounds"),
        admin,
        Some(&json!({})),
    );
    assert_eq!(status, 201, "{round}");
    let game = round["boards"][0]["game_id"]
        .as_str()
        .expect("board 1's game")
        .to_owned();
    let (status, token) = call(
        server,
        "POST",
        "/api/v1/tokens",
        admin,
        Some(&json!({ "role": "arbiter", "tournament_id": tournament })),
    );
    assert_eq!(status, 201, "{token}");
    let token = token["id"].as_str().expect("token id").to_owned();
    format!(
        r#"[parameters]
"path.n" = 1
"path.board" = 1
"path.pid" = "{player}"

[[operations]]
include-path-regex = "^/api/v1/games/"
parameters = {{ "path.id" = "{game}" }}

[[operations]]
include-path-regex = "^/api/v1/tournaments/"
parameters = {{ "path.id" = "{tournament}" }}

[[operations]]
include-path-regex = "^/api/v1/tokens/"
parameters = {{ "path.id" = "{token}" }}
"#
    )
}

/// Runs schemathesis against `server` and panics with its report on any
/// failure.
fn fuzz(server: &Server, name: &str) {
    let config = seed_data(server);
    let dir: PathBuf =
        std::env::temp_dir().join(format!("arbiter-fuzz-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let config_file = dir.join("schemathesis.toml");
    std::fs::write(&config_file, config).expect("write the schemathesis configuration");
    let base = format!("http://{}", server.address);
    let output = Command::new("python3")
        .current_dir(&dir)
        .args(["-m", "schemathesis.cli", "--no-color", "--config-file"])
        .arg(&config_file)
        .args([
            "run",
            &format!("{base}/api/v1/openapi.json"),
            "--url",
            &base,
            "--header",
            &format!("Authorization: Bearer {ADMIN}"),
            "--checks",
            "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
            "--phases",
            "examples,fuzzing",
            "--max-time",
            FUZZ_SECONDS,
            "--workers",
            "2",
            "--seed",
            "20261201",
        ])
        .output()
        .expect("run schemathesis");
    let report = String::from_utf8_lossy(&output.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        output.status.success(),
        "schemathesis found failures:\n{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    eprintln!("{report}");
    assert!(
        report.contains("Tested:"),
        "schemathesis ran no operation:\n{report}"
    );
}

#[test]
fn generated_requests_to_every_operation_never_get_a_server_error_or_an_undocumented_answer_sqlite()
{
    if !schemathesis_installed() {
        return;
    }
    let server = Server::start("fuzz");
    fuzz(&server, "sqlite");
}

/// A fresh PostgreSQL database for the fuzz run, made with `psql` (the
/// server's own tests make theirs with sqlx); `None` outside CI when
/// PostgreSQL or `psql` is not there.
fn postgres_database(name: &str) -> Option<String> {
    let base = std::env::var("ARBITER_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".to_owned());
    let database = format!("arbiter_fuzz_{name}_{}", std::process::id());
    let made = Command::new("psql")
        .args([base.as_str(), "-q", "-c"])
        .arg(format!("DROP DATABASE IF EXISTS {database}; "))
        .output()
        .and_then(|_| {
            Command::new("psql")
                .args([base.as_str(), "-q", "-c"])
                .arg(format!("CREATE DATABASE {database}"))
                .output()
        });
    match made {
        Ok(o) if o.status.success() => {}
        other => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI is set and no PostgreSQL database could be made at {base}: {other:?}"
            );
            eprintln!("skipped: no PostgreSQL database at {base}: {other:?}");
            return None;
        }
    }
    let (prefix, _) = base.rsplit_once('/').expect("a database URL ends in /name");
    Some(format!("{prefix}/{database}"))
}

#[test]
fn generated_requests_to_every_operation_never_get_a_server_error_or_an_undocumented_answer_postgres()
 {
    if !schemathesis_installed() {
        return;
    }
    let Some(url) = postgres_database("pg") else {
        return;
    };
    let server = Server::start_on(&url);
    fuzz(&server, "postgres");
    drop(server);
    let (prefix, database) = url.rsplit_once('/').expect("a database URL");
    let _ = Command::new("psql")
        .args([format!("{prefix}/postgres").as_str(), "-q", "-c"])
        .arg(format!("DROP DATABASE IF EXISTS {database}"))
        .output();
}
