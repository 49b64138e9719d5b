//! `arbiter perft [--variant chess|xiangqi] <FEN|startpos> <DEPTH> [--bulk]
//! [--divide]`: counts the leaves of the legal move tree. The last line
//! printed is the leaf count.

use clap::{Args, ValueEnum};
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
    /// The game whose rules generate the moves
    #[arg(long, value_enum, default_value_t = Variant::Chess)]
    variant: Variant,
    /// Count the legal moves at depth 1 instead of making them
    #[arg(long)]
    bulk: bool,
    /// First print `<move>: <count>` for each root move (UCI for chess, ICCS for xiangqi)
    #[arg(long)]
    divide: bool,
}

/// `--variant`: which rules count the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Variant {
    /// Chess (FIDE Laws), the `rules` crate; root moves in UCI
    Chess,
    /// Xiangqi (Chinese chess), the `xiangqi` crate; root moves in ICCS, sorted
    Xiangqi,
}

/// Runs the subcommand; exit status 2 on a bad FEN.
pub fn run(args: &PerftArgs) -> ExitCode {
    let counted = match args.variant {
        Variant::Chess => chess(args),
        Variant::Xiangqi => xiangqi(args),
    };
    let (divided, total) = match counted {
        Ok(counted) => counted,
        Err(e) => {
            eprintln!("arbiter perft: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(lines) = divided {
        for (m, n) in lines {
            println!("{m}: {n}");
        }
        println!();
    }
    println!("{total}");
    ExitCode::SUCCESS
}

/// The root moves with their counts (when dividing) and the total.
type Counted = (Option<Vec<(String, u64)>>, u64);

fn chess(args: &PerftArgs) -> Result<Counted, String> {
    use rules::{Position, perft, perft_bulk};
    let pos = if args.fen == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(&args.fen).map_err(|e| e.to_string())?
    };
    let (depth, bulk) = (args.depth, args.bulk);
    let count = |p: &Position, d: u32| if bulk { perft_bulk(p, d) } else { perft(p, d) };
    if !(args.divide && depth > 0) {
        return Ok((None, count(&pos, depth)));
    }
    let mut lines = Vec::new();
    for &m in &pos.legal_moves() {
        let mut child = pos;
        child.play_unchecked(m);
        lines.push((m.to_string(), count(&child, depth - 1)));
    }
    let total = lines.iter().map(|(_, n)| n).sum();
    Ok((Some(lines), total))
}

fn xiangqi(args: &PerftArgs) -> Result<Counted, String> {
    use xiangqi::{Position, perft, perft_bulk};
    let pos = if args.fen == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(&args.fen).map_err(|e| e.to_string())?
    };
    let (depth, bulk) = (args.depth, args.bulk);
    let count = |p: &Position, d: u32| if bulk { perft_bulk(p, d) } else { perft(p, d) };
    if !(args.divide && depth > 0) {
        return Ok((None, count(&pos, depth)));
    }
    let mut lines = Vec::new();
    for &m in &pos.legal_moves() {
        let mut child = pos;
        child.play_unchecked(m);
        lines.push((m.to_iccs(), count(&child, depth - 1)));
    }
    lines.sort();
    let total = lines.iter().map(|(_, n)| n).sum();
    Ok((Some(lines), total))
}
