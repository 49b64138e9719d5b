//! A headless Chromium driven through chromedriver's WebDriver protocol:
//! plain JSON over HTTP on a local port, no WebDriver crate. [`Browser::open`]
//! answers `None` (the test skips with a message) when Chromium or its
//! driver is missing, except under `CI`, where that is a failure.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A WebDriver session on a chromedriver this harness started; both end on
/// drop.
#[derive(Debug)]
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// One HTTP/1.1 request to `127.0.0.1:port`; the status and the body as JSON.
fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect to chromedriver");
    exchange(stream, port, method, path, body)
}

/// [`request`] on a connection already made.
fn exchange(
    mut stream: TcpStream,
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("timeout");
    let payload = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n",
        payload.len()
    );
    stream.write_all(head.as_bytes()).expect("write");
    stream.write_all(payload.as_bytes()).expect("write");
    // chromedriver may keep the connection open: read the head, then
    // exactly Content-Length bytes (or to the end when there is none).
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    let mut wanted: Option<usize> = None;
    loop {
        if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            if wanted.is_none() {
                let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
                wanted = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .map(|n| end + 4 + n);
            }
            if wanted.is_some_and(|w| raw.len() >= w) {
                break;
            }
        }
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// Standard base64 (the screenshot's encoding).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xff) as u8);
        }
    }
    out
}

impl Browser {
    /// A headless Chromium at 1280 × 900, or `None` with a message on
    /// stderr when it is not installed (a panic when `CI` is set).
    pub fn open() -> Option<Browser> {
        let chromium = find(&["chromium", "chromium-browser", "google-chrome"]);
        let driver = find(&["chromedriver"]);
        let (Some(chromium), Some(driver)) = (chromium, driver) else {
            let message = "browser tests need chromium and chromedriver \
                           (apt-get install chromium chromium-driver fonts-noto-cjk)";
            if std::env::var_os("CI").is_some() {
                panic!("{message}");
            }
            eprintln!("skipped: {message}");
            return None;
        };
        let port = free_port();
        let child = Command::new(&driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", driver.display()));
        let mut browser = Browser {
            driver: child,
            port,
            session: String::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            // A driver still starting may accept and then refuse a
            // connection: each probe is its own connection, and only a
            // ready answer on it counts.
            if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) {
                let (status, body) = exchange(stream, port, "GET", "/status", None);
                if status == 200 && body["value"]["ready"] == true {
                    break;
                }
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.display().to_string(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1280,900",
                         "--hide-scrollbars", "--force-device-scale-factor=1"]
            }
        } } });
        let (status, body) = request(port, "POST", "/session", Some(&capabilities));
        assert_eq!(status, 200, "new WebDriver session: {body}");
        browser.session = body["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        Some(browser)
    }

    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let (status, answer) = request(
            self.port,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        );
        assert_eq!(status, 200, "{method} {path}: {answer}");
        answer["value"].clone()
    }

    /// Opens `url` and waits for the page to load.
    pub fn goto(&self, url: &str) {
        self.command("POST", "/url", Some(&json!({ "url": url })));
    }

    /// Runs `script` (a function body; `arguments` are `args`) in the page.
    pub fn run(&self, script: &str, args: &[Value]) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": args })),
        )
    }

    /// Runs `script` asynchronously (WebDriver's execute async: the
    /// script calls `arguments[arguments.length - 1]` with its answer).
    pub fn run_async(&self, script: &str, args: &[Value]) -> Value {
        self.command(
            "POST",
            "/execute/async",
            Some(&json!({ "script": script, "args": args })),
        )
    }

    /// The text a person sees on the page (`innerText` of the body).
    pub fn text(&self) -> String {
        self.run("return document.body.innerText;", &[])
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// How many elements match a CSS selector.
    pub fn count(&self, selector: &str) -> usize {
        let n = self.run(
            "return document.querySelectorAll(arguments[0]).length;",
            &[json!(selector)],
        );
        usize::try_from(n.as_u64().unwrap_or(0)).unwrap_or(0)
    }

    /// Waits up to `timeout` for `script` to return `true`.
    pub fn wait_for(&self, script: &str, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            if self.run(script, &[]) == Value::Bool(true) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The WebDriver reference of the first element matching a CSS
    /// selector (a failure names the selector).
    fn element(&self, selector: &str) -> String {
        let found = self.command(
            "POST",
            "/element",
            Some(&json!({ "using": "css selector", "value": selector })),
        );
        found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {selector}: {found}"))
            .to_owned()
    }

    /// Clicks the first element matching `selector` as a person does
    /// (WebDriver's element click: scrolled into view, at its centre).
    pub fn click(&self, selector: &str) {
        let id = self.element(selector);
        self.command("POST", &format!("/element/{id}/click"), Some(&json!({})));
    }

    /// Types `text` into the first element matching `selector`, key by key
    /// (WebDriver's element send keys).
    pub fn type_text(&self, selector: &str, text: &str) {
        let id = self.element(selector);
        self.command(
            "POST",
            &format!("/element/{id}/value"),
            Some(&json!({ "text": text })),
        );
    }

    /// Resizes the window (a tablet's portrait screen, say).
    pub fn window(&self, width: u32, height: u32) {
        self.command(
            "POST",
            "/window/rect",
            Some(&json!({ "width": width, "height": height })),
        );
    }

    /// A full-page PNG of the current page at `path` (the window grows to
    /// the page's height, at most 8,000 pixels).
    pub fn screenshot(&self, path: &Path) {
        self.screenshot_at(path, 1280);
    }

    /// [`Browser::screenshot`] with the window `width` pixels wide (the
    /// window is 1280 × 900 again afterwards).
    pub fn screenshot_at(&self, path: &Path, width: u32) {
        self.window(width, 900);
        let height = self
            .run(
                "return Math.ceil(document.documentElement.scrollHeight);",
                &[],
            )
            .as_u64()
            .unwrap_or(900)
            .clamp(600, 8000);
        self.window(width, u32::try_from(height).unwrap_or(900) + 100);
        let png = self.command("GET", "/screenshot", None);
        let bytes = base64_decode(png.as_str().unwrap_or_default());
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("screenshot folder");
        }
        std::fs::write(path, bytes).expect("write screenshot");
        self.window(1280, 900);
    }
}

impl Browser {
    /// The current page printed to PDF as Chromium prints it (WebDriver's
    /// print command) on paper `width_cm` × `height_cm`, no margins (the
    /// page's own CSS sets them), backgrounds included.
    pub fn print_pdf(&self, width_cm: f64, height_cm: f64) -> Vec<u8> {
        let pdf = self.command(
            "POST",
            "/print",
            Some(&json!({
                "page": { "width": width_cm, "height": height_cm },
                "margin": { "top": 0, "bottom": 0, "left": 0, "right": 0 },
                "background": true,
                "shrinkToFit": false
            })),
        );
        base64_decode(pdf.as_str().unwrap_or_default())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Where screenshots go: `target/screenshots/` of the workspace (or
/// `CARGO_TARGET_DIR`'s `screenshots/`).
pub fn screenshot_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir).join("screenshots"),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("target")
            .join("screenshots"),
    }
}
