//! The one harness of the end-to-end tests (the tests are in `tests/`): the
//! real `arbiter` binary started with `serve` on a free port and a fresh
//! SQLite file (or a database URL the test gives), HTTP requests to it, and
//! programs run with a text on standard input.
//!
//! The binary is not this package's: a package sees only its own
//! `CARGO_BIN_EXE_*`. [`arbiter`] finds it next to the test executable, where
//! `cargo test --workspace` (and `cargo build -p cli`) puts it, or takes the
//! path in `ARBITER_BIN`.
//!
//! [`browser`] drives a headless Chromium through chromedriver (WebDriver)
//! for the web pages' tests; [`console`] holds what the console's tests
//! share (a paired event, users, signing in, the recording screen).

pub mod axe;
pub mod browser;
pub mod console;
pub mod events;
pub mod pdf;

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The administrator token every started server accepts
/// (`ARBITER_ADMIN_TOKEN`).
pub const ADMIN: &str = "e2e-administrator-token";

/// How long a server may take to say where it listens.
const START_UP: Duration = Duration::from_secs(60);

/// The `arbiter` binary: `ARBITER_BIN` when set, else the one in the target
/// directory the running test executable was built in (the test is
/// `<target>/<profile>/deps/<test>-<hash>`, the binary
/// `<target>/<profile>/arbiter`). Panics with what to build when it is not
/// there.
pub fn arbiter() -> PathBuf {
    if let Some(path) = std::env::var_os("ARBITER_BIN").filter(|p| !p.is_empty()) {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "ARBITER_BIN={} is not a file",
            path.display()
        );
        return path;
    }
    let test = std::env::current_exe().expect("the test executable's path");
    let mut dir = test.parent().expect("the test executable's directory");
    if dir.file_name() == Some(OsStr::new("deps")) {
        dir = dir.parent().expect("the profile directory above deps/");
    }
    let path = dir.join(format!("arbiter{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "no arbiter binary at {}: build it with `cargo build -p cli` (or run \
         `cargo test --workspace`, which builds it), or set ARBITER_BIN to its path",
        path.display()
    );
    path
}

/// A running `arbiter serve`; killed, and its SQLite file removed, on drop.
#[derive(Debug)]
pub struct Server {
    pub child: Child,
    /// `host:port` it listens on.
    pub address: String,
    /// The SQLite file the harness made (`None` for a URL the test gave).
    db: Option<PathBuf>,
    /// Its stderr, line by line, after the "listening on" line.
    log: Receiver<String>,
}

impl Server {
    /// `arbiter serve` on 127.0.0.1, a free port, and a fresh SQLite file
    /// named after `name`.
    pub fn start(name: &str) -> Server {
        Server::start_with_env(name, &[])
    }

    /// [`Server::start`] with more environment variables (`RUST_LOG` among
    /// them overrides the harness's `info`).
    pub fn start_with_env(name: &str, env: &[(&str, &str)]) -> Server {
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let db = std::env::temp_dir().join(format!(
            "arbiter-e2e-{name}-{}-{}.db",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        ));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        let url = format!("sqlite:{}", db.display());
        Server::launch(&url, Some(db), env)
    }

    /// `arbiter serve` on 127.0.0.1, a free port, and `database_url` (e.g. a
    /// PostgreSQL database the test made; the test removes it).
    pub fn start_on(database_url: &str) -> Server {
        Server::launch(database_url, None, &[])
    }

    fn launch(database_url: &str, db: Option<PathBuf>, env: &[(&str, &str)]) -> Server {
        let binary = arbiter();
        let mut child = Command::new(&binary)
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--database-url",
                database_url,
            ])
            .env("ARBITER_ADMIN_TOKEN", ADMIN)
            // A developer's RUST_LOG could hide the "listening on" line.
            .env("RUST_LOG", "info")
            .env_remove("DATABASE_URL")
            .env_remove("ARBITER_LISTEN")
            .env_remove("ARBITER_LOG_SPANS")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("start {} serve: {e}", binary.display()));
        let stderr = child.stderr.take().expect("the server's stderr");
        let (tx, log) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let deadline = Instant::now() + START_UP;
        let mut seen = Vec::new();
        let address = loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match log.recv_timeout(wait) {
                Ok(line) => {
                    if let Some(rest) = line.split("listening on http://").nth(1) {
                        break rest
                            .split_whitespace()
                            .next()
                            .unwrap_or_default()
                            .to_owned();
                    }
                    seen.push(line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!("no 'listening on' line within {START_UP:?}; stderr: {seen:#?}");
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = child.wait();
                    panic!("arbiter serve ended before listening ({status:?}); stderr: {seen:#?}");
                }
            }
        };
        assert!(!address.is_empty(), "no address after 'listening on'");
        Server {
            child,
            address,
            db,
            log,
        }
    }

    /// The server's next stderr line, waiting at most `timeout`; `None`
    /// when none came or the server ended.
    pub fn log_line(&self, timeout: Duration) -> Option<String> {
        self.log.recv_timeout(timeout).ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(db) = &self.db {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
            }
        }
    }
}

/// A request with an optional JSON body; the answer's status and JSON, or
/// its text as a JSON string.
pub fn call(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let payload = body.map(Value::to_string);
    let body = payload.as_deref().map(|p| ("application/json", p));
    call_raw(server, method, path, token, body)
}

/// [`call`] that must answer `status`; the answer's JSON (a failure shows
/// the method, path and answer).
pub fn expect(
    server: &Server,
    status: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Value {
    let (got, answer) = call(server, method, path, token, body);
    assert_eq!(got, status, "{method} {path}: {answer}");
    answer
}

/// A new organiser's API token, made by the administrator.
pub fn organiser_token(server: &Server) -> String {
    let answer = expect(
        server,
        201,
        "POST",
        "/api/v1/tokens",
        Some(ADMIN),
        Some(&serde_json::json!({ "role": "organiser" })),
    );
    answer["token"].as_str().expect("a token").to_owned()
}

/// A request with a body of any type (`(content type, text)`); the answer's
/// JSON, or its text as a JSON string.
pub fn call_raw(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<(&str, &str)>,
) -> (u16, Value) {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let payload = body.map_or("", |(_, text)| text);
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        server.address
    );
    if let Some(token) = token {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if let Some((content_type, _)) = body {
        request.push_str(&format!("Content-Type: {content_type}\r\n"));
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

/// Runs `program args…` with `input` on standard input; (exit status ok,
/// stdout then stderr).
pub fn run_with_input(program: &Path, args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// A file of the repository, by its path from the repository's root.
pub fn repo_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
