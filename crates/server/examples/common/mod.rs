//! What the load generators share (not an example itself): a raw HTTP/1.1
//! keep-alive connection and the game they play.

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Knights out and back: legal forever, never ends the game under the
/// default regulations (repetition and the 50-move rule are by claim only).
pub const CYCLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

/// One keep-alive connection.
pub struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
    host: String,
    token: String,
}

impl Conn {
    pub async fn open(addr: &str, token: &str) -> std::io::Result<Conn> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Conn {
            stream,
            buf: Vec::with_capacity(16 * 1024),
            host: addr.to_owned(),
            token: token.to_owned(),
        })
    }

    /// Sends a JSON POST and returns the status and the body.
    pub async fn post(&mut self, path: &str, body: &str) -> std::io::Result<(u16, Vec<u8>)> {
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            self.token,
            body.len()
        );
        self.stream.write_all(request.as_bytes()).await?;
        self.read_response().await
    }

    async fn read_response(&mut self) -> std::io::Result<(u16, Vec<u8>)> {
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned());
        let mut chunk = [0u8; 16 * 1024];
        let head_end = loop {
            if let Some(i) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            let n = self.stream.read(&mut chunk).await?;
            if n == 0 {
                return Err(bad("connection closed"));
            }
            self.buf.extend_from_slice(&chunk[..n]);
        };
        let head = std::str::from_utf8(&self.buf[..head_end]).map_err(|_| bad("head not UTF-8"))?;
        let status: u16 = head
            .get(9..12)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status"))?;
        let length: usize = head
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse().ok())?
            })
            .ok_or_else(|| bad("no content-length"))?;
        while self.buf.len() < head_end + length {
            let n = self.stream.read(&mut chunk).await?;
            if n == 0 {
                return Err(bad("connection closed in body"));
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
        let body = self.buf[head_end..head_end + length].to_vec();
        self.buf.drain(..head_end + length);
        Ok((status, body))
    }
}

/// Creates a game and starts it; its id.
pub async fn new_game(conn: &mut Conn, i: usize) -> std::io::Result<String> {
    let body = serde_json::json!({
        "white": format!("White {i}"), "black": format!("Black {i}"), "time_control": "5400+30",
    });
    let (status, reply) = conn.post("/api/v1/games", &body.to_string()).await?;
    if status != 201 {
        return Err(std::io::Error::other(format!(
            "creating a game: {status} {}",
            String::from_utf8_lossy(&reply)
        )));
    }
    let reply: Value = serde_json::from_slice(&reply).map_err(std::io::Error::other)?;
    let id = reply["id"].as_str().unwrap_or_default().to_owned();
    let (status, reply) = conn
        .post(
            &format!("/api/v1/games/{id}/events"),
            r#"{"expected_seq":0,"type":"start"}"#,
        )
        .await?;
    if status != 201 {
        return Err(std::io::Error::other(format!(
            "starting a game: {status} {}",
            String::from_utf8_lossy(&reply)
        )));
    }
    Ok(id)
}
