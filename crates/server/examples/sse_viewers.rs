//! Load generator (not a test): many concurrent SSE viewers of one game
//! while one move a second is recorded, checking every event reaches every
//! viewer exactly once and in order, and printing the delivery latency and
//! the server's memory per connection.
//!
//! Creates and starts a game, opens `--viewers` streams
//! (`GET /api/v1/games/{id}/stream`, one raw HTTP/1.1 connection each), then
//! posts a move every `--interval-ms` for `--seconds`. A viewer's latency
//! for an event is the time from just before the move's POST was written
//! (so it includes the request, the judgement and the commit) to the
//! moment the viewer read the event's `id:` line. With `--server-pid` it
//! reads the server's resident memory (`VmRSS`) before the viewers connect
//! and once they all follow the game.
//!
//! ```sh
//! cargo build --release -p cli -p server --example sse_viewers
//! ARBITER_ADMIN_TOKEN=bench target/release/arbiter serve --listen 127.0.0.1:8090 \
//!     --database-url sqlite:///tmp/sse.db &
//! ARBITER_ADMIN_TOKEN=bench target/release/examples/sse_viewers --addr 127.0.0.1:8090 \
//!     --viewers 10000 --seconds 60 --server-pid $!
//! ```

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::{CYCLE, Conn, new_game};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Args {
    addr: String,
    viewers: usize,
    seconds: u64,
    interval_ms: u64,
    token: String,
    threads: usize,
    server_pid: Option<u32>,
}

fn usage() -> ! {
    eprintln!(
        "usage: sse_viewers [--addr 127.0.0.1:8080] [--viewers 10000] [--seconds 60] \
         [--interval-ms 1000] [--threads 1] [--server-pid PID] [--token T | ARBITER_ADMIN_TOKEN=T]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args {
        addr: "127.0.0.1:8080".into(),
        viewers: 10_000,
        seconds: 60,
        interval_ms: 1000,
        token: std::env::var("ARBITER_ADMIN_TOKEN").unwrap_or_default(),
        threads: 1,
        server_pid: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| usage());
        match flag.as_str() {
            "--addr" => args.addr = value,
            "--viewers" => args.viewers = value.parse().unwrap_or_else(|_| usage()),
            "--seconds" => args.seconds = value.parse().unwrap_or_else(|_| usage()),
            "--interval-ms" => args.interval_ms = value.parse().unwrap_or_else(|_| usage()),
            "--token" => args.token = value,
            "--threads" => args.threads = value.parse().unwrap_or_else(|_| usage()),
            "--server-pid" => args.server_pid = Some(value.parse().unwrap_or_else(|_| usage())),
            _ => usage(),
        }
    }
    if args.token.is_empty() || args.viewers == 0 || args.threads == 0 {
        usage();
    }
    args
}

/// A process's resident memory in KiB (Linux).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// What the run shares between the mover and the viewers.
struct Shared {
    start: Instant,
    /// Per seq: nanoseconds from `start` to just before its POST (0: not yet).
    posted: Vec<AtomicU64>,
    /// Viewers that have read the whole log so far.
    following: AtomicU64,
    /// The seq posted last.
    head: AtomicI64,
}

/// What one viewer saw.
#[derive(Default)]
struct Seen {
    /// The last id read, if every id before it came once and in order.
    last: i64,
    /// Latencies (µs) of the events posted while it watched.
    latencies: Vec<u32>,
    error: Option<String>,
}

/// One viewer: reads the stream's `id:` lines until `stop`.
async fn viewer(
    addr: String,
    game: String,
    shared: Arc<Shared>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Seen {
    let mut seen = Seen::default();
    let mut stream = match TcpStream::connect(&addr).await {
        Ok(s) => s,
        Err(e) => {
            seen.error = Some(format!("connect: {e}"));
            return seen;
        }
    };
    let request = format!(
        "GET /api/v1/games/{game}/stream HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    );
    if let Err(e) = stream.write_all(request.as_bytes()).await {
        seen.error = Some(format!("request: {e}"));
        return seen;
    }
    let head_at_connect = shared.head.load(Ordering::Acquire);
    let mut following = false;
    // A partial line carried to the next read.
    let mut line: Vec<u8> = Vec::with_capacity(64);
    let mut buf = [0u8; 2048];
    loop {
        let read = tokio::select! {
            read = stream.read(&mut buf) => read,
            _ = stop.changed() => return seen,
        };
        let n = match read {
            Ok(0) => {
                seen.error = Some("closed by the server".into());
                return seen;
            }
            Ok(n) => n,
            Err(e) => {
                seen.error = Some(format!("read: {e}"));
                return seen;
            }
        };
        let now = shared.start.elapsed().as_nanos();
        for &byte in &buf[..n] {
            if byte != b'\n' {
                // Only `id:` lines matter; the rest (data, chunk sizes) is
                // skipped without being kept.
                if line.len() < 32 {
                    line.push(byte);
                }
                continue;
            }
            if let Some(id) = line.strip_prefix(b"id: ") {
                let id: i64 = std::str::from_utf8(id)
                    .ok()
                    .and_then(|s| s.trim().parse().ok())
                    .unwrap_or(-1);
                if id != seen.last + 1 && seen.error.is_none() {
                    seen.error = Some(format!("id {id} after {}", seen.last));
                }
                seen.last = id;
                if id > head_at_connect {
                    let posted = usize::try_from(id)
                        .ok()
                        .and_then(|i| shared.posted.get(i))
                        .map_or(0, |p| p.load(Ordering::Acquire));
                    if posted > 0 {
                        let micros = (now.saturating_sub(u128::from(posted))) / 1000;
                        seen.latencies
                            .push(u32::try_from(micros).unwrap_or(u32::MAX));
                    }
                }
                if !following && id >= head_at_connect {
                    following = true;
                    shared.following.fetch_add(1, Ordering::AcqRel);
                }
            }
            line.clear();
        }
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    f64::from(sorted[rank.min(sorted.len() - 1)]) / 1000.0
}

async fn run(args: Args) -> std::io::Result<bool> {
    let mut conn = Conn::open(&args.addr, &args.token).await?;
    let game = new_game(&mut conn, 0).await?;
    let events = usize::try_from(args.seconds * 1000 / args.interval_ms.max(1)).unwrap_or(0);
    let shared = Arc::new(Shared {
        start: Instant::now(),
        posted: (0..events + 2).map(|_| AtomicU64::new(0)).collect(),
        following: AtomicU64::new(0),
        head: AtomicI64::new(1),
    });
    let rss_before = args.server_pid.and_then(rss_kib);
    // Connect in batches so the listen backlog never overflows.
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    let connect_start = Instant::now();
    let mut tasks = Vec::with_capacity(args.viewers);
    for i in 0..args.viewers {
        tasks.push(tokio::spawn(viewer(
            args.addr.clone(),
            game.clone(),
            Arc::clone(&shared),
            stop_rx.clone(),
        )));
        if i % 250 == 249 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let wanted = args.viewers as u64;
    let deadline = Instant::now() + Duration::from_secs(120);
    while shared.following.load(Ordering::Acquire) < wanted && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let following = shared.following.load(Ordering::Acquire);
    println!(
        "{following} of {} viewers following game {game} after {:.1} s",
        args.viewers,
        connect_start.elapsed().as_secs_f64()
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_following = args.server_pid.and_then(rss_kib);

    // One move every interval, on the dot.
    let mut post_ms = Vec::with_capacity(events);
    let mut tick = tokio::time::interval(Duration::from_millis(args.interval_ms));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    for ply in 0..events {
        tick.tick().await;
        let seq = i64::try_from(ply).unwrap_or(i64::MAX) + 1;
        let body = format!(
            r#"{{"expected_seq":{seq},"type":"move","san":"{}"}}"#,
            CYCLE[ply % CYCLE.len()]
        );
        let sent = shared.start.elapsed();
        shared.posted[ply + 2].store(
            u64::try_from(sent.as_nanos()).unwrap_or(u64::MAX),
            Ordering::Release,
        );
        let (status, reply) = conn
            .post(&format!("/api/v1/games/{game}/events"), &body)
            .await?;
        post_ms.push((shared.start.elapsed() - sent).as_secs_f64() * 1e3);
        if status != 201 {
            return Err(std::io::Error::other(format!(
                "move {seq}: {status} {}",
                String::from_utf8_lossy(&reply)
            )));
        }
        shared.head.store(seq + 1, Ordering::Release);
    }
    let rss_end = args.server_pid.and_then(rss_kib);
    // Let the last event arrive, then stop the viewers.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let _ = stop.send(true);
    let mut seen = Vec::with_capacity(tasks.len());
    for task in tasks {
        seen.push(task.await.map_err(std::io::Error::other)?);
    }

    let last = i64::try_from(events).unwrap_or(i64::MAX) + 1;
    let complete = seen
        .iter()
        .filter(|s| s.error.is_none() && s.last == last)
        .count();
    for (i, s) in seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.error.is_some())
        .take(5)
    {
        println!("viewer {i}: {}", s.error.as_deref().unwrap_or(""));
    }
    let mut latencies: Vec<u32> = seen
        .iter()
        .flat_map(|s| s.latencies.iter().copied())
        .collect();
    latencies.sort_unstable();
    post_ms.sort_by(f64::total_cmp);
    let post_p99 = post_ms
        .get((post_ms.len() * 99 / 100).min(post_ms.len().saturating_sub(1)))
        .copied()
        .unwrap_or(f64::NAN);
    println!(
        "{events} moves posted, one every {} ms; POST p99 {post_p99:.1} ms",
        args.interval_ms
    );
    println!(
        "{complete} of {} viewers received every event 1..={last} exactly once and in order",
        args.viewers
    );
    println!(
        "live deliveries {} of {} expected; latency from POST ms: p50 {:.1} p90 {:.1} p99 {:.1} max {:.1}",
        latencies.len(),
        args.viewers * events,
        percentile(&latencies, 50.0),
        percentile(&latencies, 90.0),
        percentile(&latencies, 99.0),
        percentile(&latencies, 100.0),
    );
    if let (Some(before), Some(following), Some(end)) = (rss_before, rss_following, rss_end) {
        let per = |after: u64| (after.saturating_sub(before)) as f64 / args.viewers as f64;
        println!(
            "server RSS: {before} KiB before, {following} KiB with the viewers following \
             ({:.1} KiB per connection), {end} KiB after the moves ({:.1} KiB per connection)",
            per(following),
            per(end)
        );
    }
    Ok(complete == args.viewers && latencies.len() == args.viewers * events)
}

fn main() {
    let args = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads)
        .enable_all()
        .build();
    let ok = match runtime.map(|rt| rt.block_on(run(args))) {
        Ok(Ok(ok)) => ok,
        Ok(Err(e)) | Err(e) => {
            eprintln!("sse_viewers: {e}");
            false
        }
    };
    std::process::exit(if ok { 0 } else { 1 });
}
