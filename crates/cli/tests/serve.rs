//! End to end: the real `arbiter serve` binary on a free port with a fresh
//! SQLite file plays a small Swiss through HTTP, records one game move by
//! move, then shuts down gracefully on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

const ADMIN: &str = "e2e-administrator-token";

struct Server {
    child: Child,
    address: String,
    db: std::path::PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.db.display()));
        }
    }
}

fn start() -> Server {
    let db = std::env::temp_dir().join(format!("arbiter-e2e-{}.db", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database-url"])
        .arg(format!("sqlite:{}", db.display()))
        .env("ARBITER_ADMIN_TOKEN", ADMIN)
        .env_remove("DATABASE_URL")
        .env_remove("ARBITER_LISTEN")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start arbiter serve");
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let address = loop {
        let line = lines.next().expect("a start-up line").unwrap();
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    Server { child, address, db }
}

fn call(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let payload = body.map(Value::to_string).unwrap_or_default();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        server.address
    );
    if let Some(token) = token {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if body.is_some() {
        request.push_str("Content-Type: application/json\r\n");
    }
    request.push_str(&format!(
        "Content-Length: {}\r\n\r\n{payload}",
        payload.len()
    ));
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status: u16 = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::String(body.to_owned())),
    )
}

#[test]
fn the_real_binary_runs_a_small_swiss_and_shuts_down_gracefully() {
    let mut server = start();
    let (status, token) = call(
        &server,
        "POST",
        "/api/v1/tokens",
        Some(ADMIN),
        Some(&json!({ "role": "organiser" })),
    );
    assert_eq!(status, 201, "{token}");
    let organiser = token["token"].as_str().unwrap().to_owned();
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
    assert!(
        pgn.as_str().unwrap().contains("1. e4 c5 2. Nf3 1/2-1/2"),
        "{pgn}"
    );

    // SIGTERM: graceful shutdown, exit status 0.
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = server.child.wait().unwrap();
    assert!(status.success(), "graceful shutdown exits 0, got {status}");
}
