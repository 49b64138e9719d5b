//! `arbiter serve` logs one line per request on stderr (with `RUST_LOG=info`
//! as by default): method, path, status, latency and the request id, the
//! client's or the one the server made (and sent back in `x-request-id`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

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
    let db = std::env::temp_dir().join(format!("arbiter-logging-{}.db", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database-url"])
        .arg(format!("sqlite:{}", db.display()))
        .env("RUST_LOG", "info")
        .env_remove("DATABASE_URL")
        .env_remove("ARBITER_LISTEN")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start arbiter serve");
    let (tx, rx) = mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let next_line = || rx.recv_timeout(Duration::from_secs(30)).ok();
    let mut seen = Vec::new();
    let address = loop {
        let line = next_line().unwrap_or_else(|| panic!("no start-up line: {seen:?}"));
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
        seen.push(line);
    };

    let (status, echoed) = get(&address, "/health", Some("cli-log-test-1"));
    assert!(status.contains("200"), "{status}");
    assert_eq!(echoed, "cli-log-test-1");
    let (status, made) = get(&address, "/api/v1/no-such-route", None);
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

    let _ = child.kill();
    let _ = child.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}
