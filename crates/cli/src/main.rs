//! The `arbiter` command-line tool.
//!
//! # Layout
//! `main` only dispatches on the first argument; each subcommand lives in its
//! own module with a `run(args: &[String]) -> ExitCode` entry point and parses
//! its own arguments (no argument-parsing dependency: the commands are few and
//! their interfaces are fixed by the pairing-engine conventions they follow).

mod pair;
mod pair_dutch;
mod perft;
mod pgn;
mod rating;
mod serve;
mod standings;

use std::process::ExitCode;

/// mimalloc instead of the system allocator: the server allocates and frees
/// many small objects per request (JSON, strings, futures); with glibc's
/// malloc that was about a quarter of its CPU time recording moves (see
/// docs/benchmarks.md, "server: recording moves").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "\
arbiter — an arbiter-grade chess tournament server

USAGE:
    arbiter <COMMAND> [ARGS...]

COMMANDS:
    pair --round-robin [--double] <TRF> -p [OUTPUT]
                           pair the next round (bbpPairings output format)
    pair --dutch <TRF> -p [OUTPUT] | <TRF> -c | -g [CONFIG] -o <TRF> [-s SEED]
                           FIDE Dutch Swiss: pair, check a file, generate
    perft <FEN|startpos> <DEPTH> [--bulk] [--divide]
                           count leaf nodes of the legal move tree
    pgn check <FILE|->     replay every game; one JSON line per game (final FEN,
                           status, claimable draws, errors with line and column)
    standings <TRF> [--tiebreaks BH/C1,BH,SB,...] [--edition 2024|2023|virtual-opponent] [--json]
                           ranked table with every FIDE C.07 tie-break value
    rating <TRF> [--json]  per-player FIDE rating change and performance
    serve [--listen ADDR] [--database-url URL]
                           run the REST server (default 127.0.0.1:8080, sqlite:arbiter.db)
    migrate [--database-url URL]
                           apply database migrations and exit
    help                   print this text
";

fn main() -> ExitCode {
    // Arguments that are not valid UTF-8 (a file name in another encoding,
    // garbage from a script) get a clear error instead of a panic.
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
                return ExitCode::from(2);
            }
        }
    }
    let Some(command) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    match command.as_str() {
        "pair" => pair::run(rest),
        "perft" => perft::run(rest),
        "pgn" => pgn::run(rest),
        "standings" => standings::run(rest),
        "rating" => rating::run(rest),
        "serve" => serve::run(rest),
        "migrate" => serve::migrate(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        other => {
            eprintln!("arbiter: unknown command '{other}'\n");
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
