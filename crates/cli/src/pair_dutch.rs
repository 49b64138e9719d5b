//! `arbiter pair --dutch`: the FIDE Dutch system with the interface of the
//! endorsed engines (bbpPairings, JaVaFo), so callers can swap engines:
//!
//! ```text
//! arbiter pair --dutch <input.trf> -p [output]     pair the next round
//! arbiter pair --dutch <input.trf> -c              check every round of a file
//! arbiter pair --dutch -g [config] -o <out.trf> [-s seed]   random tournament
//! ```
//!
//! Exit status: 0 success; 1 no valid pairing exists for the round (or, with
//! `-c`, some round's pairing differs); 3 invalid request or defective file
//! (line, column and reason on stderr); 5 a file cannot be read or written.

use std::process::ExitCode;

use tournament::dutch::{self, DutchError, GeneratorConfig, Pairing};

const USAGE: &str = "usage: arbiter pair --dutch <input.trf> -p [output]\n       \
    arbiter pair --dutch <input.trf> -c\n       \
    arbiter pair --dutch -g [config] -o <output.trf> [-s seed]";

enum Mode {
    Pair {
        input: String,
        output: Option<String>,
    },
    Check {
        input: String,
    },
    Generate {
        config: Option<String>,
        output: String,
        seed: u64,
    },
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("arbiter pair: {message}");
    ExitCode::from(code)
}

fn parse(args: &[String]) -> Result<Mode, String> {
    let rest: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| *a != "--dutch")
        .collect();
    if rest.first() == Some(&"-g") {
        let mut config = None;
        let mut output = None;
        let mut seed = 0u64;
        let mut i = 1;
        while i < rest.len() {
            match rest[i] {
                "-o" => {
                    output = rest.get(i + 1).map(|s| (*s).to_string());
                    i += 2;
                }
                "-s" => {
                    let s = rest.get(i + 1).ok_or("-s needs a seed")?;
                    seed = s.parse().map_err(|_| format!("invalid seed '{s}'"))?;
                    i += 2;
                }
                c if config.is_none() && !c.starts_with('-') => {
                    config = Some(c.to_string());
                    i += 1;
                }
                other => return Err(format!("unexpected argument '{other}'")),
            }
        }
        let output = output.ok_or("-g needs -o <output.trf>")?;
        return Ok(Mode::Generate {
            config,
            output,
            seed,
        });
    }
    match rest.as_slice() {
        [input, "-p"] => Ok(Mode::Pair {
            input: (*input).to_string(),
            output: None,
        }),
        [input, "-p", out] => Ok(Mode::Pair {
            input: (*input).to_string(),
            output: Some((*out).to_string()),
        }),
        [input, "-c"] => Ok(Mode::Check {
            input: (*input).to_string(),
        }),
        _ => Err("expected <input.trf> -p [output], <input.trf> -c or -g".into()),
    }
}

/// Entry point for `arbiter pair --dutch ...`.
pub fn run(args: &[String]) -> ExitCode {
    let mode = match parse(args) {
        Ok(m) => m,
        Err(e) => return fail(3, &format!("{e}\n{USAGE}")),
    };
    match mode {
        Mode::Pair { input, output } => pair(&input, output.as_deref()),
        Mode::Check { input } => check(&input),
        Mode::Generate {
            config,
            output,
            seed,
        } => generate(config.as_deref(), &output, seed),
    }
}

fn read(input: &str, unpaired_round: bool) -> Result<dutch::Swiss, ExitCode> {
    let text = std::fs::read_to_string(input)
        .map_err(|e| fail(5, &format!("cannot read {input}: {e}")))?;
    dutch::read_trf(&text, unpaired_round).map_err(|e| fail(3, &format!("{input}: {e}")))
}

fn format_pairs(pairs: &[Pairing]) -> String {
    let mut out = format!("{}\n", pairs.len());
    for p in pairs {
        out.push_str(&format!(
            "{} {}\n",
            p.white + 1,
            p.black.map_or(0, |b| b + 1)
        ));
    }
    out
}

fn pair(input: &str, output: Option<&str>) -> ExitCode {
    let t = match read(input, true) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if t.initial_colour.is_none() {
        return fail(
            3,
            &format!("{input}: the initial colour is unknown (add XXC white1 or black1)"),
        );
    }
    // `ARBITER_DUTCH_TRACE=1`: say on stderr which path the round took.
    let (pairs, notes) = dutch::pair_round_traced(&t);
    if std::env::var_os("ARBITER_DUTCH_TRACE").is_some() {
        for note in notes {
            eprintln!("dutch: {note}");
        }
    }
    let pairs = match pairs {
        Ok(p) => p,
        Err(DutchError::NoValidPairing) => {
            return fail(1, &format!("{input}: no valid pairing exists"));
        }
        Err(e) => return fail(3, &format!("{input}: {e}")),
    };
    let text = format_pairs(&pairs);
    match output {
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(5, &format!("cannot write {path}: {e}")),
        },
    }
}

fn check(input: &str) -> ExitCode {
    let t = match read(input, false) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let diffs = dutch::check(&t);
    for round in 1..=t.played_rounds {
        println!("{input}: Round #{round}");
        if let Some(d) = diffs.iter().find(|d| d.round == round) {
            match &d.expected {
                Ok(p) => print!("  checker pairings:\n{}", indent(&format_pairs(p))),
                Err(e) => println!("  checker: {e}"),
            }
            print!(
                "  tournament pairings:\n{}",
                indent(&format_pairs(&d.recorded))
            );
        }
    }
    if diffs.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("{} round(s) differ", diffs.len());
        ExitCode::from(1)
    }
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    {l}\n")).collect()
}

fn generate(config: Option<&str>, output: &str, seed: u64) -> ExitCode {
    let cfg = match config {
        None => GeneratorConfig::default(),
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => return fail(5, &format!("cannot read {path}: {e}")),
            };
            match GeneratorConfig::parse(&text) {
                Ok(c) => c,
                Err(e) => return fail(3, &format!("{path}: {e}")),
            }
        }
    };
    let t = match dutch::generate(&cfg, seed) {
        Ok(t) => t,
        Err(DutchError::NoValidPairing) => {
            return fail(
                1,
                "no valid pairing exists for a round of the generated tournament",
            );
        }
        Err(e) => return fail(3, &e.to_string()),
    };
    let text = tournament::trf::write_tournament(
        &dutch::tournament_of(&t, &format!("Arbiter random tournament {seed}")),
        tournament::trf::Format::Trf16,
    );
    match std::fs::write(output, text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(5, &format!("cannot write {output}: {e}")),
    }
}
