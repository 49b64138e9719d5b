//! `arbiter serve` logs one line per request on stderr (with `RUST_LOG=info`
//! as by default): method, path, status, latency and the request id, the
//! client's or the one the server made (and sent back in `x-request-id`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use e2e::events::post_events;
use e2e::{ADMIN, Server, expect};
use serde_json::json;

/// `GET path` with an optional `x-request-id`; (status line, the response's
/// `x-request-id`).
fn get(address: &str, path: &str, id: Option<&str>) -> (String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n");
    if let Some(id) = id {
        request.push_str(&format!("x-request-id: {id}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.lines().next().unwrap_or_default().to_owned();
    let echoed = response
        .lines()
        .find_map(|l| l.strip_prefix("x-request-id: "))
        .unwrap_or_default()
        .to_owned();
    (status, echoed)
}

#[test]
fn each_request_is_logged_with_method_path_status_and_request_id() {
    let server = Server::start("logging");
    let address = server.address.as_str();
    let next_line = || server.log_line(Duration::from_secs(30));
    let mut seen = Vec::new();

    let (status, echoed) = get(address, "/health", Some("cli-log-test-1"));
    assert!(status.contains("200"), "{status}");
    assert_eq!(echoed, "cli-log-test-1");
    let (status, made) = get(address, "/api/v1/no-such-route", None);
    assert!(status.contains("404"), "{status}");
    assert!(!made.is_empty(), "a generated request id");

    let mut wanted = [
        ("cli-log-test-1", "method=GET", "path=/health", "status=200"),
        (
            made.as_str(),
            "method=GET",
            "path=/api/v1/no-such-route",
            "status=404",
        ),
    ]
    .to_vec();
    while !wanted.is_empty() {
        let line = next_line().unwrap_or_else(|| panic!("missing {wanted:?} after {seen:?}"));
        wanted.retain(|(id, method, path, status)| {
            let found = line.contains(&format!("request_id={id}"));
            if found {
                for part in [method, path, status, &"latency_ms="] {
                    assert!(line.contains(part), "{part} in {line}");
                }
            }
            !found
        });
        seen.push(line);
    }
}

/// `ARBITER_LOG_SPANS=1` with `server::move=debug`: recording a move logs
/// each of its phases as it closes, with the time it was busy and idle
/// (README, "Configuration"; docs/benchmarks.md reads these lines).
#[test]
fn with_spans_logged_each_phase_of_recording_a_move_is_logged_with_its_time() {
    let server = Server::start_with_env(
        "logging-spans",
        &[
            ("ARBITER_LOG_SPANS", "1"),
            ("RUST_LOG", "info,server::move=debug"),
        ],
    );
    let game = expect(
        &server,
        201,
        "POST",
        "/api/v1/games",
        Some(ADMIN),
        Some(&json!({ "white": "A", "black": "B", "time_control": "5400+30" })),
    );
    let id = game["id"].as_str().expect("the game's id");
    post_events(
        &server,
        ADMIN,
        id,
        0,
        &[
            json!({ "type": "start" }),
            json!({ "type": "move", "san": "e4" }),
            json!({ "type": "move", "san": "e5" }),
            json!({ "type": "move", "san": "Nf3" }),
        ],
    );
    let mut wanted = vec!["parse_request", "parse_event", "judge", "commit", "answer"];
    let mut seen = Vec::new();
    while !wanted.is_empty() {
        let line = server
            .log_line(Duration::from_secs(30))
            .unwrap_or_else(|| panic!("no span line for {wanted:?}; seen: {seen:#?}"));
        if line.contains("close time.busy=") && line.contains("time.idle=") {
            wanted.retain(|span| !line.contains(&format!(":{span}: server::move: close")));
        }
        seen.push(line);
    }
}
