//! Timed perft, one thread:
//!
//! ```text
//! cargo run --release -p xiangqi --example perft -- [--make-move | --bulk] [--only] DEPTH [FEN]
//! ```
//!
//! `--bulk` (the default) counts the legal moves at the last ply
//! ([`perft_bulk`], as `go perft` does in Fairy-Stockfish and Pikafish);
//! `--make-move` plays every leaf move too ([`perft`]). Without `--only`
//! every depth from 1 to DEPTH is timed; with it, only DEPTH. The FEN may be
//! given as one argument or as several; the start position without one.
use std::process::ExitCode;
use std::time::Instant;
use xiangqi::{Position, perft, perft_bulk};

fn main() -> ExitCode {
    let mut make_move = false;
    let mut only = false;
    let mut depth: Option<u32> = None;
    let mut fen: Vec<String> = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--make-move" => make_move = true,
            "--bulk" => make_move = false,
            "--only" => only = true,
            _ if depth.is_none() => match arg.parse() {
                Ok(d) => depth = Some(d),
                Err(_) => {
                    eprintln!("usage: perft [--make-move | --bulk] [--only] DEPTH [FEN]");
                    return ExitCode::from(2);
                }
            },
            _ => fen.push(arg),
        }
    }
    let depth = depth.unwrap_or(5);
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        match Position::from_fen(&fen.join(" ")) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    };
    let mode = if make_move { "make-move" } else { "bulk" };
    let first = if only { depth } else { 1.min(depth) };
    for d in first..=depth {
        let t = Instant::now();
        let n = if make_move {
            perft(&pos, d)
        } else {
            perft_bulk(&pos, d)
        };
        let s = t.elapsed().as_secs_f64();
        println!(
            "{mode} depth {d}: {n} nodes in {s:.3} s ({:.1} Mnps)",
            n as f64 / s.max(1e-9) / 1e6
        );
    }
    ExitCode::SUCCESS
}
