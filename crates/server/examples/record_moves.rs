//! Load generator (not a test): many concurrent games recording moves
//! against a running server, printing moves/s and latency percentiles.
//!
//! Each of `--games` tasks owns one game and one keep-alive HTTP/1.1
//! connection and posts the next move (`POST /api/v1/games/{id}/events` with
//! `expected_seq`) as soon as the previous one is acknowledged (201, i.e.
//! committed). Raw HTTP over Tokio on one client thread by default, so the
//! client costs little next to the server it measures. With `--plies N`
//! each task starts a new game after N plies (a real game has about 80), so
//! answers, which carry the whole move list, stay the size they are at a
//! tournament; without it each game runs for the whole measurement.
//!
//! ```sh
//! cargo build --release -p server --example record_moves
//! ARBITER_ADMIN_TOKEN=bench target/release/examples/record_moves --games 100 --seconds 20
//! ```

use std::time::{Duration, Instant};

mod common;

use common::{CYCLE, Conn, new_game};

struct Args {
    addr: String,
    games: usize,
    seconds: f64,
    token: String,
    threads: usize,
    /// Plies per game before the client starts a new one (0: one game each,
    /// for the whole run).
    plies: usize,
}

fn usage() -> ! {
    eprintln!(
        "usage: record_moves [--addr 127.0.0.1:8080] [--games 100] [--seconds 20] \
         [--threads 1] [--plies 0] [--token T | ARBITER_ADMIN_TOKEN=T]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args {
        addr: "127.0.0.1:8080".into(),
        games: 100,
        seconds: 20.0,
        token: std::env::var("ARBITER_ADMIN_TOKEN").unwrap_or_default(),
        threads: 1,
        plies: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| usage());
        match flag.as_str() {
            "--addr" => args.addr = value,
            "--games" => args.games = value.parse().unwrap_or_else(|_| usage()),
            "--seconds" => args.seconds = value.parse().unwrap_or_else(|_| usage()),
            "--token" => args.token = value,
            "--threads" => args.threads = value.parse().unwrap_or_else(|_| usage()),
            "--plies" => args.plies = value.parse().unwrap_or_else(|_| usage()),
            _ => usage(),
        }
    }
    if args.token.is_empty() || args.games == 0 || args.threads == 0 {
        usage();
    }
    args
}

async fn setup(args: &Args) -> std::io::Result<Vec<String>> {
    let mut conn = Conn::open(&args.addr, &args.token).await?;
    let mut games = Vec::with_capacity(args.games);
    for i in 0..args.games {
        games.push(new_game(&mut conn, i).await?);
    }
    Ok(games)
}

/// Records moves in one game until `stop` (after `plies` plies, when not 0,
/// in a new game: creating and starting it is not timed nor counted, but
/// its time is part of the run); returns latencies in µs and whether it
/// ended on an error.
async fn player(
    addr: String,
    token: String,
    mut game: String,
    stop: Instant,
    plies: usize,
) -> (Vec<u32>, Option<String>) {
    let mut latencies = Vec::new();
    let mut conn = match Conn::open(&addr, &token).await {
        Ok(conn) => conn,
        Err(e) => return (latencies, Some(e.to_string())),
    };
    let mut path = format!("/api/v1/games/{game}/events");
    let mut seq: usize = 1;
    while Instant::now() < stop {
        if plies > 0 && seq > plies {
            game = match new_game(&mut conn, 0).await {
                Ok(id) => id,
                Err(e) => return (latencies, Some(e.to_string())),
            };
            path = format!("/api/v1/games/{game}/events");
            seq = 1;
            continue;
        }
        let body = format!(
            r#"{{"expected_seq":{seq},"type":"move","san":"{}"}}"#,
            CYCLE[(seq - 1) % 4]
        );
        let t0 = Instant::now();
        match conn.post(&path, &body).await {
            Ok((201, _)) => {}
            Ok((status, reply)) => {
                let reply = String::from_utf8_lossy(&reply[..reply.len().min(200)]).into_owned();
                return (latencies, Some(format!("game {game}: {status} {reply}")));
            }
            Err(e) => return (latencies, Some(format!("game {game}: {e}"))),
        }
        latencies.push(u32::try_from(t0.elapsed().as_micros()).unwrap_or(u32::MAX));
        seq += 1;
    }
    (latencies, None)
}

async fn run(args: Args) -> std::io::Result<bool> {
    let games = setup(&args).await?;
    let started = Instant::now();
    let stop = started + Duration::from_secs_f64(args.seconds);
    let tasks: Vec<_> = games
        .into_iter()
        .map(|game| {
            tokio::spawn(player(
                args.addr.clone(),
                args.token.clone(),
                game,
                stop,
                args.plies,
            ))
        })
        .collect();
    let mut samples = Vec::new();
    let mut errors = 0;
    for task in tasks {
        let (latencies, error) = task.await.map_err(std::io::Error::other)?;
        samples.extend(latencies);
        if let Some(error) = error {
            errors += 1;
            eprintln!("{error}");
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    samples.sort_unstable();
    if samples.is_empty() {
        println!("no moves recorded");
        return Ok(false);
    }
    let pct = |p: f64| {
        let i = ((p / 100.0) * samples.len() as f64) as usize;
        f64::from(samples[i.min(samples.len() - 1)]) / 1000.0
    };
    println!(
        "games={} plies_per_game={} moves={} seconds={elapsed:.1} errors={errors}",
        args.games,
        args.plies,
        samples.len()
    );
    println!(
        "moves/s={:.0} p50={:.2}ms p90={:.2}ms p99={:.2}ms max={:.2}ms",
        samples.len() as f64 / elapsed,
        pct(50.0),
        pct(90.0),
        pct(99.0),
        pct(100.0)
    );
    Ok(errors == 0)
}

fn main() {
    let args = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads)
        .enable_all()
        .build()
        .unwrap_or_else(|e| {
            eprintln!("cannot start the runtime: {e}");
            std::process::exit(1)
        });
    match runtime.block_on(run(args)) {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("record_moves: {e}");
            std::process::exit(1)
        }
    }
}
