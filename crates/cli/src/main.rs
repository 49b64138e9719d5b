//! The `arbiter` command-line tool.
//!
//! # Layout
//! The command line is parsed with clap (derive): [`Cli`] lists the
//! subcommands; each lives in its own module, which defines its arguments (a
//! `clap::Args` struct, with a one-line description per flag for `--help`)
//! and a `run(args) -> ExitCode` entry point. Flags and their environment
//! fallbacks (`ARBITER_LISTEN`, `DATABASE_URL`) are read here and nowhere
//! else.
//!
//! Exit status of a command line that cannot be parsed: 2, except for `pair`,
//! whose interface follows the pairing engines' (bbpPairings, JaVaFo): 3,
//! invalid request. `--help` (and `arbiter help [COMMAND]`) exits 0.

mod check;
mod pair;
mod pair_dutch;
mod perft;
mod pgn;
mod pgn_xiangqi;
mod rating;
mod rating_list;
mod serve;
mod standings;
mod user;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};

/// mimalloc instead of the system allocator: the server allocates and frees
/// many small objects per request (JSON, strings, futures); with glibc's
/// malloc that was about a quarter of its CPU time recording moves (see
/// docs/benchmarks.md, "server: recording moves").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit status of a command line that cannot be parsed (except `pair`).
const USAGE_ERROR: u8 = 2;

/// arbiter — an arbiter-grade chess tournament server
#[derive(Debug, Parser)]
#[command(name = "arbiter", arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check a TRF: every round against the pairing rules, the ranks against the tie-breaks
    Check(check::CheckArgs),
    /// Pair the next round of a TRF tournament (bbpPairings' interface and output)
    Pair(pair::PairArgs),
    /// Count the leaf nodes of the legal move tree
    Perft(perft::PerftArgs),
    /// PGN files: `pgn check [--variant xiangqi]` replays every game, one JSON line per game
    Pgn(pgn::PgnArgs),
    /// Ranked table with every FIDE C.07 tie-break value
    Standings(standings::StandingsArgs),
    /// Per-player FIDE rating change and performance
    Rating(rating::RatingArgs),
    /// FIDE rating-list files: `rating-list check FILE`, `rating-list sample --players N`
    RatingList(rating_list::RatingListArgs),
    /// Run the REST server
    Serve(serve::ServeArgs),
    /// Apply the database migrations and exit
    Migrate(serve::MigrateArgs),
    /// Server users: `user add NAME [--admin]` (password on standard input)
    User(user::UserArgs),
}

fn main() -> ExitCode {
    // Arguments that are not valid UTF-8 (a file name in another encoding,
    // garbage from a script) get a clear error, exit status 2.
    let mut args: Vec<String> = Vec::new();
    for (i, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(arg) => args.push(arg),
            Err(raw) => {
                eprintln!(
                    "arbiter: argument {} is not valid UTF-8: {}",
                    i + 1,
                    raw.to_string_lossy()
                );
                return ExitCode::from(USAGE_ERROR);
            }
        }
    }
    let cli = match Cli::try_parse_from(std::iter::once("arbiter".to_owned()).chain(args.clone())) {
        Ok(cli) => cli,
        Err(error) => return refused(&error, args.first().map(String::as_str)),
    };
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Pair(args) => pair::run(args),
        Command::Perft(args) => perft::run(&args),
        Command::Pgn(args) => pgn::run(&args),
        Command::Standings(args) => standings::run(&args),
        Command::Rating(args) => rating::run(&args),
        Command::RatingList(args) => rating_list::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Migrate(args) => serve::migrate(&args),
        Command::User(args) => user::run(&args),
    }
}

/// Prints clap's message (help to stdout, errors to stderr) and gives the
/// exit status: 0 for help, 3 for a `pair` request, 2 otherwise.
fn refused(error: &clap::Error, command: Option<&str>) -> ExitCode {
    let _ = error.print();
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => ExitCode::SUCCESS,
        _ if command == Some("pair") => ExitCode::from(pair::INVALID_REQUEST),
        _ => ExitCode::from(USAGE_ERROR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
