//! `arbiter perft <FEN|startpos> <DEPTH> [--bulk] [--divide]`: counts the
//! leaves of the legal move tree. The last line printed is the leaf count.

use rules::{Position, perft, perft_bulk};
use std::process::ExitCode;

const USAGE: &str = "usage: arbiter perft <FEN|startpos> <DEPTH> [--bulk] [--divide]";

/// Runs the subcommand; exit status 2 on bad arguments.
pub fn run(args: &[String]) -> ExitCode {
    let mut bulk = false;
    let mut divide = false;
    let mut positional = Vec::new();
    for a in args {
        match a.as_str() {
            "--bulk" => bulk = true,
            "--divide" => divide = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            s if s.starts_with("--") => {
                eprintln!("arbiter perft: unknown option '{s}'\n{USAGE}");
                return ExitCode::from(2);
            }
            _ => positional.push(a.as_str()),
        }
    }
    let [fen, depth] = positional[..] else {
        eprintln!("arbiter perft: expected a FEN (or 'startpos') and a depth\n{USAGE}");
        return ExitCode::from(2);
    };
    let pos = if fen == "startpos" {
        Position::startpos()
    } else {
        match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("arbiter perft: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 64 => d,
        _ => {
            eprintln!("arbiter perft: depth must be a whole number from 0 to 64, got '{depth}'");
            return ExitCode::from(2);
        }
    };
    let count = |p: &Position, d: u32| if bulk { perft_bulk(p, d) } else { perft(p, d) };
    let total = if divide && depth > 0 {
        let mut total = 0;
        for &m in &pos.legal_moves() {
            let mut child = pos;
            child.play_unchecked(m);
            let n = count(&child, depth - 1);
            println!("{m}: {n}");
            total += n;
        }
        println!();
        total
    } else {
        count(&pos, depth)
    };
    println!("{total}");
    ExitCode::SUCCESS
}
