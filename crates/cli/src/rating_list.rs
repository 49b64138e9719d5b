//! `arbiter rating-list`: FIDE's list files offline.
//!
//! - `rating-list check FILE [--format fide-txt|fide-xml] [--kind K]` reads
//!   a list as the server's import does (`registry`'s readers) and prints the
//!   number of players, or the first error with its line (exit status 1).
//! - `rating-list sample --players N [--seed S]` writes a deterministic list
//!   in FIDE's combined TXT layout to standard output (the import
//!   benchmark's file, docs/benchmarks.md).

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use registry::RatingKind;
use registry::fide_txt::TxtReader;
use registry::fide_xml::XmlReader;
use registry::sample::{FIDE_TXT_HEADER, fide_txt_line, sample};

#[derive(Debug, Args)]
pub struct RatingListArgs {
    #[command(subcommand)]
    command: ListCommand,
}

#[derive(Debug, Subcommand)]
enum ListCommand {
    /// Read a FIDE list file as the server's import does; print its player count or its first error
    Check(CheckArgs),
    /// Write a deterministic list in FIDE's combined TXT layout to standard output
    Sample(SampleArgs),
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// The list file
    file: std::path::PathBuf,
    /// fide-txt (default) or fide-xml
    #[arg(long, default_value = "fide-txt")]
    format: String,
    /// The rating a single list carries: standard (default), rapid or blitz
    #[arg(long, default_value = "standard")]
    kind: String,
}

#[derive(Debug, Args)]
struct SampleArgs {
    /// How many players
    #[arg(long, default_value_t = 1000)]
    players: u64,
    /// The seed (the same seed writes the same list)
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: &RatingListArgs) -> ExitCode {
    match &args.command {
        ListCommand::Check(a) => check(a),
        ListCommand::Sample(a) => write_sample(a),
    }
}

fn check(args: &CheckArgs) -> ExitCode {
    let Some(kind) = RatingKind::parse(&args.kind) else {
        eprintln!("arbiter: --kind is standard, rapid or blitz");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(&args.file) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("arbiter: {}: {e}", args.file.display());
            return ExitCode::from(1);
        }
    };
    let mut input = BufReader::with_capacity(1 << 16, file);
    let result = match args.format.as_str() {
        "fide-txt" => {
            let mut reader = TxtReader::new(kind);
            let mut players = 0u64;
            let mut line = Vec::new();
            loop {
                line.clear();
                match input.read_until(b'\n', &mut line) {
                    Ok(0) => break Ok(players),
                    Ok(_) => {}
                    Err(e) => break Err(e.to_string()),
                }
                let bytes = line.strip_suffix(b"\n").unwrap_or(&line);
                match reader.push_line(bytes) {
                    Ok(Some(_)) => players += 1,
                    Ok(None) => {}
                    Err(e) => break Err(e.to_string()),
                }
            }
        }
        "fide-xml" => {
            let mut reader = XmlReader::new(kind);
            let mut out = Vec::new();
            let mut players = 0u64;
            let mut buf = vec![0u8; 1 << 16];
            loop {
                match input.read(&mut buf) {
                    Ok(0) => break reader.finish().map_err(|e| e.to_string()),
                    Ok(n) => {
                        if let Err(e) = reader.push(&buf[..n], &mut out) {
                            break Err(e.to_string());
                        }
                        players += out.len() as u64;
                        out.clear();
                    }
                    Err(e) => break Err(e.to_string()),
                }
            }
            .map(|_| players)
        }
        other => {
            eprintln!("arbiter: --format is fide-txt or fide-xml, not '{other}'");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(players) => {
            println!("{players} players");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter: {}: {e}", args.file.display());
            ExitCode::from(1)
        }
    }
}

fn write_sample(args: &SampleArgs) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut write = || -> std::io::Result<()> {
        writeln!(out, "{FIDE_TXT_HEADER}")?;
        for entry in sample(args.seed, args.players) {
            writeln!(out, "{}", fide_txt_line(&entry))?;
        }
        out.flush()
    };
    match write() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter: {e}");
            ExitCode::from(1)
        }
    }
}
