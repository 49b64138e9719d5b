//! `arbiter pair`: pair the next round of a tournament given as TRF, with the
//! command line and output that pairing engines share (bbpPairings, JaVaFo),
//! so callers can swap engines without change.
//!
//! ```text
//! arbiter pair --round-robin [--double] <input.trf> -p [output]
//! ```
//!
//! Output (to `output`, or stdout when `-p` has no file): the number of pairs
//! on the first line, then one `white black` line per board by start number;
//! a bye is `N 0`.
//!
//! Exit status: 0 success; 1 no valid pairing (e.g. the round-robin schedule
//! is complete); 3 invalid request or defective file (line, column and reason
//! on stderr); 5 a file cannot be read or written.
//!
//! # Layout
//! [`PairArgs`] is the command line (clap); `run` turns it into a request,
//! reads the file, calls the engine ([`Engine`]), writes the pairs.
//! `--dutch` requests go to `pair_dutch` as a [`DutchMode`] (pair `-p`,
//! checker `-c`, generator `-g`); they share the output format and exit
//! statuses above. A command line clap cannot parse exits 3 (see `main`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgGroup, Args};

use tournament::model::{System, Tournament};
use tournament::round_robin;
use tournament::trf;

/// Exit status of an invalid request or a defective file.
pub const INVALID_REQUEST: u8 = 3;

/// `arbiter pair`: one pairing system, one mode.
#[derive(Debug, Args)]
#[command(
    group(ArgGroup::new("system").required(true).args(["round_robin", "dutch"])),
    group(ArgGroup::new("mode").required(true).args(["pair", "check", "generate"])),
    override_usage = "arbiter pair --round-robin [--double] <INPUT.TRF> -p [OUTPUT]\n       \
        arbiter pair --dutch <INPUT.TRF> -p [OUTPUT]\n       \
        arbiter pair --dutch <INPUT.TRF> -c\n       \
        arbiter pair --dutch -g [CONFIG] -o <OUTPUT.TRF> [-s SEED] [--trf16]",
    after_help = "Output: the number of pairs, then one `white black` line per board by start \
        number; a bye is `N 0`.\n\
        Exit status: 0 paired; 1 no valid pairing (with -c: some round differs); \
        3 invalid request or defective file; 5 a file cannot be read or written."
)]
pub struct PairArgs {
    /// Round robin from the Berger tables (FIDE C.05 Annex 1)
    #[arg(long)]
    round_robin: bool,
    /// With --round-robin: double round robin (otherwise the file's 092 record decides)
    #[arg(long, conflicts_with = "dutch")]
    double: bool,
    /// FIDE Dutch system (C.04.3)
    #[arg(long)]
    dutch: bool,
    /// The tournament file (TRF); with -g, the generator's configuration file
    #[arg(value_name = "INPUT.TRF", required_unless_present = "generate")]
    input: Option<PathBuf>,
    /// Pair the next round; write the pairs to OUTPUT (default: stdout)
    #[arg(short = 'p', value_name = "OUTPUT")]
    pair: Option<Option<PathBuf>>,
    /// With --dutch: re-pair every round of the file and report the differences
    #[arg(short = 'c', conflicts_with = "round_robin")]
    check: bool,
    /// With --dutch: generate a random tournament (CONFIG: the generator's parameters)
    #[arg(
        short = 'g',
        value_name = "CONFIG",
        requires = "output",
        conflicts_with = "round_robin"
    )]
    generate: Option<Option<PathBuf>>,
    /// With -g: the file to write the generated tournament to
    #[arg(short = 'o', value_name = "OUTPUT.TRF", requires = "generate")]
    output: Option<PathBuf>,
    /// With -g: the random seed [default: 0]
    #[arg(short = 's', value_name = "SEED", requires = "generate")]
    seed: Option<u64>,
    /// With -g: write TRF16 (with XXR, XXC, XXS, XXA) instead of TRF-2026
    #[arg(long, requires = "generate")]
    trf16: bool,
}

/// What `--dutch` is asked to do.
#[derive(Debug, PartialEq, Eq)]
pub enum DutchMode {
    /// `<input.trf> -p [output]`: pair the next round.
    Pair {
        input: PathBuf,
        output: Option<PathBuf>,
    },
    /// `<input.trf> -c`: check every round of the file.
    Check { input: PathBuf },
    /// `-g [config] -o <output.trf> [-s seed] [--trf16]`: a random
    /// tournament, written as TRF-2026 (TRF16 with `trf16`).
    Generate {
        config: Option<PathBuf>,
        output: PathBuf,
        seed: u64,
        trf16: bool,
    },
}

/// A request clap has parsed, by pairing system.
#[derive(Debug, PartialEq, Eq)]
enum Task {
    RoundRobin(Request),
    Dutch(DutchMode),
}

/// Which pairing system pairs the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engine {
    /// Berger tables; `double` forces a double round robin (otherwise the
    /// file's `092` type decides).
    RoundRobin { double: bool },
}

#[derive(Debug, PartialEq, Eq)]
struct Request {
    engine: Engine,
    input: PathBuf,
    /// `None`: write to stdout.
    output: Option<PathBuf>,
}

/// How the command failed, with its exit status.
#[derive(Debug)]
enum Failure {
    /// 1: no valid pairing exists for the round.
    NoPairing(String),
    /// 3: invalid request or defective input.
    Invalid(String),
    /// 5: a file cannot be read or written.
    Io(String),
}

impl Failure {
    fn exit(self) -> ExitCode {
        let (code, message) = match self {
            Failure::NoPairing(m) => (1, m),
            Failure::Invalid(m) => (INVALID_REQUEST, m),
            Failure::Io(m) => (5, m),
        };
        eprintln!("arbiter pair: {message}");
        ExitCode::from(code)
    }
}

/// What the parsed command line asks for: a round-robin request or a Dutch
/// mode. Clap has checked the combinations (one system, one mode, `-c` and
/// `-g` only with `--dutch`, a file unless `-g`); what is left: `-g`'s
/// configuration is given once (as `-g CONFIG` or as the lone file), and
/// `--round-robin` only pairs (`-p`).
fn interpret(args: PairArgs) -> Result<Task, String> {
    if let Some(config) = args.generate {
        let config = match (config, args.input) {
            (Some(_), Some(extra)) => {
                return Err(format!("unexpected argument '{}'", extra.display()));
            }
            (config, input) => config.or(input),
        };
        let output = args.output.ok_or("-g needs -o <output.trf>")?;
        return Ok(Task::Dutch(DutchMode::Generate {
            config,
            output,
            seed: args.seed.unwrap_or(0),
            trf16: args.trf16,
        }));
    }
    let input = args.input.ok_or("no input file given")?;
    if args.check {
        return Ok(Task::Dutch(DutchMode::Check { input }));
    }
    let output = args
        .pair
        .ok_or("nothing to do: give -p [output] to pair the next round")?;
    if args.dutch {
        return Ok(Task::Dutch(DutchMode::Pair { input, output }));
    }
    Ok(Task::RoundRobin(Request {
        engine: Engine::RoundRobin {
            double: args.double,
        },
        input,
        output,
    }))
}

/// Entry point for `arbiter pair ...`.
pub fn run(args: PairArgs) -> ExitCode {
    match interpret(args) {
        Err(message) => Failure::Invalid(message).exit(),
        Ok(Task::Dutch(mode)) => crate::pair_dutch::run(mode),
        Ok(Task::RoundRobin(request)) => match execute(&request) {
            Ok(()) => ExitCode::SUCCESS,
            Err(failure) => failure.exit(),
        },
    }
}

fn execute(request: &Request) -> Result<(), Failure> {
    let tournament = read_tournament(&request.input)?;
    let pairs = pair(request.engine, &tournament)?;
    write_pairs(&pairs, request.output.as_ref())
}

fn read_tournament(path: &PathBuf) -> Result<Tournament, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::Io(format!("cannot read {}: {e}", path.display())))?;
    let text = trf::decode(&bytes);
    trf::read_tournament(&text).map_err(|e| {
        Failure::Invalid(format!(
            "{}: line {}, column {}: {}",
            path.display(),
            e.line,
            e.column,
            e.kind
        ))
    })
}

/// The pairs of the next round as (white, black), black 0 for a bye.
fn pair(engine: Engine, tournament: &Tournament) -> Result<Vec<(u32, u32)>, Failure> {
    match engine {
        Engine::RoundRobin { double } => {
            let mut t = tournament.clone();
            t.system = if double || t.system == System::DoubleRoundRobin {
                System::DoubleRoundRobin
            } else {
                System::RoundRobin
            };
            round_robin::check_history(&t).map_err(|e| Failure::Invalid(e.to_string()))?;
            let round = round_robin::pair_next_round(&t).map_err(|e| match e {
                round_robin::Error::NoSuchRound { .. } => Failure::NoPairing(e.to_string()),
                _ => Failure::Invalid(e.to_string()),
            })?;
            Ok(round
                .boards
                .iter()
                .map(|b| (b.white, b.black))
                .chain(round.byes.iter().map(|b| (b.player, 0)))
                .collect())
        }
    }
}

fn format_pairs(pairs: &[(u32, u32)]) -> String {
    let mut out = format!("{}\n", pairs.len());
    for (white, black) in pairs {
        out.push_str(&format!("{white} {black}\n"));
    }
    out
}

fn write_pairs(pairs: &[(u32, u32)], output: Option<&PathBuf>) -> Result<(), Failure> {
    let text = format_pairs(pairs);
    match output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::Io(format!("cannot write {}: {e}", path.display()))),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse(list: &[&str]) -> Result<Task, String> {
        let cli = crate::Cli::try_parse_from(["arbiter", "pair"].iter().chain(list))
            .map_err(|e| e.to_string())?;
        match cli.command {
            crate::Command::Pair(args) => interpret(args),
            other => panic!("not pair: {other:?}"),
        }
    }

    fn path(p: &str) -> PathBuf {
        PathBuf::from(p)
    }

    #[test]
    fn the_bbppairings_command_line_is_understood() {
        let r = parse(&["--round-robin", "in.trf", "-p", "out.txt"]).unwrap();
        assert_eq!(
            r,
            Task::RoundRobin(Request {
                engine: Engine::RoundRobin { double: false },
                input: path("in.trf"),
                output: Some(path("out.txt")),
            })
        );
        let r = parse(&["--round-robin", "--double", "in.trf", "-p"]).unwrap();
        assert_eq!(
            r,
            Task::RoundRobin(Request {
                engine: Engine::RoundRobin { double: true },
                input: path("in.trf"),
                output: None,
            })
        );
    }

    #[test]
    fn the_dutch_modes_are_understood() {
        assert_eq!(
            parse(&["--dutch", "in.trf", "-p"]).unwrap(),
            Task::Dutch(DutchMode::Pair {
                input: path("in.trf"),
                output: None
            })
        );
        assert_eq!(
            parse(&["--dutch", "in.trf", "-p", "out"]).unwrap(),
            Task::Dutch(DutchMode::Pair {
                input: path("in.trf"),
                output: Some(path("out"))
            })
        );
        assert_eq!(
            parse(&["--dutch", "in.trf", "-c"]).unwrap(),
            Task::Dutch(DutchMode::Check {
                input: path("in.trf")
            })
        );
        assert_eq!(
            parse(&["--dutch", "-g", "-o", "out.trf"]).unwrap(),
            Task::Dutch(DutchMode::Generate {
                config: None,
                output: path("out.trf"),
                seed: 0,
                trf16: false
            })
        );
        for args in [
            &["--dutch", "-g", "cfg", "-o", "out.trf", "-s", "7"][..],
            &["--dutch", "-g", "-o", "out.trf", "cfg", "-s", "7"],
        ] {
            assert_eq!(
                parse(args).unwrap(),
                Task::Dutch(DutchMode::Generate {
                    config: Some(path("cfg")),
                    output: path("out.trf"),
                    seed: 7,
                    trf16: false
                }),
                "{args:?}"
            );
        }
    }

    #[test]
    fn requests_without_system_file_or_mode_are_refused() {
        for args in [
            &["in.trf", "-p"][..],
            &["--round-robin", "-p"],
            &["--round-robin", "in.trf"],
            &["--round-robin", "a.trf", "b.trf", "-p"],
            &["--round-robin", "in.trf", "-x", "-p"],
            &["--round-robin", "--dutch", "in.trf", "-p"],
            &["--round-robin", "in.trf", "-c"],
            &["--dutch"],
            &["--dutch", "in.trf"],
            &["--dutch", "--double", "in.trf", "-p"],
            &["--dutch", "in.trf", "-p", "-c"],
            &["--dutch", "-g"],
            &["--dutch", "-g", "cfg", "-o", "out", "extra"],
            &["--dutch", "-g", "-o", "out", "-s", "x"],
            &["--dutch", "in.trf", "-p", "-s", "1"],
            &["--dutch", "in.trf", "-p", "--trf16"],
        ] {
            assert!(parse(args).is_err(), "{args:?}");
        }
    }

    #[test]
    fn output_lists_the_number_of_pairs_then_white_black_with_a_bye_as_n_0() {
        assert_eq!(
            format_pairs(&[(2, 5), (3, 4), (1, 0)]),
            "3\n2 5\n3 4\n1 0\n"
        );
    }
}
