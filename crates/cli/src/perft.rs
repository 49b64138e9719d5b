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

/// `--variant` (of `perft` and `pgn check`): which game's rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Variant {
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

/// One variant's position as perft needs it.
struct Game<P, M> {
    legal_moves: fn(&P) -> Vec<M>,
    play: fn(&P, M) -> P,
    name: fn(M) -> String,
    perft: fn(&P, u32) -> u64,
    perft_bulk: fn(&P, u32) -> u64,
}

/// The count at `args.depth` and, with `--divide`, each root move's count.
fn count<P, M: Copy>(pos: &P, args: &PerftArgs, v: &Game<P, M>) -> Counted {
    let count = |p: &P, d: u32| {
        if args.bulk {
            (v.perft_bulk)(p, d)
        } else {
            (v.perft)(p, d)
        }
    };
    if !(args.divide && args.depth > 0) {
        return (None, count(pos, args.depth));
    }
    let lines: Vec<(String, u64)> = (v.legal_moves)(pos)
        .into_iter()
        .map(|m| ((v.name)(m), count(&(v.play)(pos, m), args.depth - 1)))
        .collect();
    let total = lines.iter().map(|(_, n)| n).sum();
    (Some(lines), total)
}

fn chess(args: &PerftArgs) -> Result<Counted, String> {
    use rules::{Move, Position};
    let pos = if args.fen == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(&args.fen).map_err(|e| e.to_string())?
    };
    let game = Game {
        legal_moves: |p: &Position| p.legal_moves().iter().copied().collect(),
        play: |p: &Position, m: Move| {
            let mut child = *p;
            child.play_unchecked(m);
            child
        },
        name: |m: Move| m.to_string(),
        perft: rules::perft,
        perft_bulk: rules::perft_bulk,
    };
    // Root moves in generation order, as before.
    Ok(count(&pos, args, &game))
}

fn xiangqi(args: &PerftArgs) -> Result<Counted, String> {
    use xiangqi::{Move, Position};
    let pos = if args.fen == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(&args.fen).map_err(|e| e.to_string())?
    };
    let game = Game {
        legal_moves: |p: &Position| p.legal_moves().iter().copied().collect(),
        play: |p: &Position, m: Move| {
            let mut child = *p;
            child.play_unchecked(m);
            child
        },
        name: |m: Move| m.to_iccs(),
        perft: xiangqi::perft,
        perft_bulk: xiangqi::perft_bulk,
    };
    let (mut lines, total) = count(&pos, args, &game);
    // Root moves sorted by their ICCS name.
    if let Some(lines) = &mut lines {
        lines.sort();
    }
    Ok((lines, total))
}
