//! `arbiter pair --dutch`: the FIDE Dutch system with the interface of the
//! endorsed engines (bbpPairings, JaVaFo), so callers can swap engines:
//!
//! ```text
//! arbiter pair --dutch <input.trf> -p [output]     pair the next round
//! arbiter pair --dutch <input.trf> -c              check every round of a file
//! arbiter pair --dutch -g [config] -o <out.trf> [-s seed] [--trf16]   random tournament
//! ```
//!
//! Exit status: 0 success; 1 no valid pairing exists for the round (or, with
//! `-c`, some round's pairing differs); 3 invalid request or defective file
//! (line, column and reason on stderr); 5 a file cannot be read or written.

use std::path::Path;
use std::process::ExitCode;

use tournament::dutch::{self, DutchError, GeneratorConfig, Pairing};

use crate::pair::DutchMode;

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("arbiter pair: {message}");
    ExitCode::from(code)
}

/// Entry point for `arbiter pair --dutch ...` (the command line is parsed in
/// `pair`).
pub fn run(mode: DutchMode) -> ExitCode {
    match mode {
        DutchMode::Pair { input, output } => pair(&input, output.as_deref()),
        DutchMode::Check { input } => check(&input),
        DutchMode::Generate {
            config,
            output,
            seed,
            trf16,
        } => {
            let format = if trf16 {
                tournament::trf::Format::Trf16
            } else {
                tournament::trf::Format::Trf2026
            };
            generate(config.as_deref(), &output, seed, format)
        }
    }
}

fn read(input: &Path, unpaired_round: bool) -> Result<dutch::Swiss, ExitCode> {
    let name = input.display();
    let text =
        std::fs::read_to_string(input).map_err(|e| fail(5, &format!("cannot read {name}: {e}")))?;
    dutch::read_trf(&text, unpaired_round).map_err(|e| fail(3, &format!("{name}: {e}")))
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

fn pair(input: &Path, output: Option<&Path>) -> ExitCode {
    let name = input.display();
    let t = match read(input, true) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if t.initial_colour.is_none() {
        return fail(
            3,
            &format!("{name}: the initial colour is unknown (add XXC white1 or black1)"),
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
            return fail(1, &format!("{name}: no valid pairing exists"));
        }
        Err(e) => return fail(3, &format!("{name}: {e}")),
    };
    let text = format_pairs(&pairs);
    match output {
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(5, &format!("cannot write {}: {e}", path.display())),
        },
    }
}

fn check(input: &Path) -> ExitCode {
    let name = input.display();
    let t = match read(input, false) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let diffs = dutch::check(&t);
    for round in 1..=t.played_rounds {
        println!("{name}: Round #{round}");
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

fn generate(
    config: Option<&Path>,
    output: &Path,
    seed: u64,
    format: tournament::trf::Format,
) -> ExitCode {
    let cfg = match config {
        None => GeneratorConfig::default(),
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => return fail(5, &format!("cannot read {}: {e}", path.display())),
            };
            match GeneratorConfig::parse(&text) {
                Ok(c) => c,
                Err(e) => return fail(3, &format!("{}: {e}", path.display())),
            }
        }
    };
    if format == tournament::trf::Format::Trf16 && !cfg.tiebreaks.is_empty() {
        return fail(
            3,
            "TRF16 has no record for the tie-break list: leave TieBreaks out or write TRF-2026",
        );
    }
    let name = format!("Arbiter random tournament {seed}");
    let t = match dutch::generate_tournament(&cfg, seed, &name) {
        Ok(t) => t,
        Err(DutchError::NoValidPairing) => {
            return fail(
                1,
                "no valid pairing exists for a round of the generated tournament",
            );
        }
        Err(e) => return fail(3, &e.to_string()),
    };
    let text = match tournament::trf::try_write_tournament(&t, format) {
        Ok(text) => text,
        Err(e) => return fail(3, &e.to_string()),
    };
    match std::fs::write(output, text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(5, &format!("cannot write {}: {e}", output.display())),
    }
}
