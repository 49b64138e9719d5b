//! `cargo run --release -p xiangqi --example perft -- [depth] [fen]`: timed bulk perft.
use std::time::Instant;
use xiangqi::{Position, perft_bulk};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen: Vec<String> = args.collect();
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        match Position::from_fen(&fen.join(" ")) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    };
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft_bulk(&pos, d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "depth {d}: {n} nodes in {s:.3} s ({:.1} Mnps)",
            n as f64 / s / 1e6
        );
    }
}
