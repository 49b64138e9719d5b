//! `arbiter perft <FEN|startpos> <DEPTH> [--bulk] [--divide]`: counts the
//! leaves of the legal move tree. The last line printed is the leaf count.

use clap::Args;
use rules::{Position, perft, perft_bulk};
use std::process::ExitCode;

/// `arbiter perft` (bad arguments: exit status 2).
#[derive(Debug, Args)]
#[command(after_help = "The last line printed is the leaf count.")]
pub struct PerftArgs {
    /// The position: a FEN (quoted), or `startpos`
    #[arg(value_name = "FEN|startpos")]
    fen: String,
    /// Depth in plies, 0 to 64
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// Count the legal moves at depth 1 instead of making them
    #[arg(long)]
    bulk: bool,
    /// First print `<uci>: <count>` for each root move
    #[arg(long)]
    divide: bool,
}

/// Runs the subcommand; exit status 2 on a bad FEN.
pub fn run(args: &PerftArgs) -> ExitCode {
    let pos = if args.fen == "startpos" {
        Position::startpos()
    } else {
        match Position::from_fen(&args.fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("arbiter perft: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let (depth, bulk, divide) = (args.depth, args.bulk, args.divide);
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
