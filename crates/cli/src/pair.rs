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
//! `run` = parse the arguments into a [`Request`], read the file, call the
//! engine ([`Engine`]), write the pairs. `--dutch` requests are handed whole
//! to `pair_dutch` (its checker `-c` and generator `-g` modes take their own
//! arguments); they share the output format and exit statuses above.

use std::path::PathBuf;
use std::process::ExitCode;

use tournament::model::{System, Tournament};
use tournament::round_robin;
use tournament::trf;

const USAGE: &str = "usage: arbiter pair --round-robin [--double] <input.trf> -p [output]";

/// Which pairing system pairs the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engine {
    /// Berger tables; `double` forces a double round robin (otherwise the
    /// file's `092` type decides).
    RoundRobin { double: bool },
}

#[derive(Debug)]
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
            Failure::Invalid(m) => (3, m),
            Failure::Io(m) => (5, m),
        };
        eprintln!("arbiter pair: {message}");
        ExitCode::from(code)
    }
}

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "--dutch") {
        return crate::pair_dutch::run(args);
    }
    match execute(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.exit(),
    }
}

fn execute(args: &[String]) -> Result<(), Failure> {
    let request = parse_args(args).map_err(|m| Failure::Invalid(format!("{m}\n{USAGE}")))?;
    let tournament = read_tournament(&request.input)?;
    let pairs = pair(request.engine, &tournament)?;
    write_pairs(&pairs, request.output.as_ref())
}

fn parse_args(args: &[String]) -> Result<Request, String> {
    let mut engine = None;
    let mut double = false;
    let mut input = None;
    let mut output = None;
    let mut pairing_requested = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--round-robin" => engine = Some(Engine::RoundRobin { double: false }),
            "--double" => double = true,
            "-p" => {
                pairing_requested = true;
                if let Some(next) = args.get(i + 1).filter(|a| !a.starts_with('-')) {
                    output = Some(PathBuf::from(next));
                    i += 1;
                }
            }
            flag if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option '{flag}'"));
            }
            file => {
                if input.replace(PathBuf::from(file)).is_some() {
                    return Err(format!("more than one input file ('{file}')"));
                }
            }
        }
        i += 1;
    }
    let engine = match engine {
        Some(Engine::RoundRobin { .. }) => Engine::RoundRobin { double },
        None => return Err("no pairing system given (--round-robin)".into()),
    };
    let input = input.ok_or("no input file given")?;
    if !pairing_requested {
        return Err("nothing to do: give -p [output] to pair the next round".into());
    }
    Ok(Request {
        engine,
        input,
        output,
    })
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

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn the_bbppairings_command_line_is_understood() {
        let r = parse_args(&args(&["--round-robin", "in.trf", "-p", "out.txt"])).unwrap();
        assert_eq!(r.engine, Engine::RoundRobin { double: false });
        assert_eq!(r.input, PathBuf::from("in.trf"));
        assert_eq!(r.output, Some(PathBuf::from("out.txt")));
        let r = parse_args(&args(&["--round-robin", "--double", "in.trf", "-p"])).unwrap();
        assert_eq!(r.engine, Engine::RoundRobin { double: true });
        assert_eq!(r.output, None);
    }

    #[test]
    fn requests_without_system_file_or_mode_are_refused() {
        assert!(parse_args(&args(&["in.trf", "-p"])).is_err());
        assert!(parse_args(&args(&["--round-robin", "-p"])).is_err());
        assert!(parse_args(&args(&["--round-robin", "in.trf"])).is_err());
        assert!(parse_args(&args(&["--round-robin", "a.trf", "b.trf", "-p"])).is_err());
        assert!(parse_args(&args(&["--round-robin", "in.trf", "-x", "-p"])).is_err());
    }

    #[test]
    fn output_lists_the_number_of_pairs_then_white_black_with_a_bye_as_n_0() {
        assert_eq!(
            format_pairs(&[(2, 5), (3, 4), (1, 0)]),
            "3\n2 5\n3 4\n1 0\n"
        );
    }
}
