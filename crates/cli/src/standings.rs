//! `arbiter standings <input.trf> [--tiebreaks LIST] [--edition E] [--json]`:
//! the ranked table with every tie-break value (FIDE C.07).
//!
//! Exit codes: 0 success, 2 usage, 3 defective file (line, column, reason),
//! 5 unreadable file.

use std::fmt::Write as _;
use std::process::ExitCode;

use tournament::model::{TiebreakEdition, Tournament};
use tournament::standings::{
    Preset, Standings, StandingsOptions, compute_standings, crosstable, explain, parse_tiebreaks,
};

const USAGE: &str = "\
usage: arbiter standings <input.trf> [--tiebreaks LIST|PRESET] [--edition 2024|2023|virtual-opponent]
                         [--after-round N] [--lots SEED] [--crosstable] [--explain START_NUMBER] [--json]
  LIST: C.07 acronyms with modifiers, comma-separated (BH/C1,BH,SB,DE,WIN,BPG);
  PRESET: fide-swiss, fide-round-robin, china-national.
  Without --tiebreaks: fide-round-robin for round robins, fide-swiss otherwise.";

struct Arguments {
    input: String,
    tiebreaks: Option<String>,
    edition: TiebreakEdition,
    after_round: Option<u32>,
    lots: Option<u64>,
    crosstable: bool,
    explain: Option<u32>,
    json: bool,
}

fn parse_arguments(args: &[String]) -> Result<Arguments, String> {
    let mut input = None;
    let mut parsed = Arguments {
        input: String::new(),
        tiebreaks: None,
        edition: TiebreakEdition::Fide2024,
        after_round: None,
        lots: None,
        crosstable: false,
        explain: None,
        json: false,
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |name: &str| {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--tiebreaks" => parsed.tiebreaks = Some(value("--tiebreaks")?),
            "--edition" => {
                parsed.edition = parse_edition(&value("--edition")?)?;
            }
            "--after-round" => {
                let v = value("--after-round")?;
                parsed.after_round = Some(
                    v.parse()
                        .map_err(|_| format!("--after-round: '{v}' is not a number"))?,
                );
            }
            "--lots" => {
                let v = value("--lots")?;
                parsed.lots = Some(
                    v.parse()
                        .map_err(|_| format!("--lots: '{v}' is not a seed"))?,
                );
            }
            "--explain" => {
                let v = value("--explain")?;
                parsed.explain = Some(
                    v.parse()
                        .map_err(|_| format!("--explain: '{v}' is not a start number"))?,
                );
            }
            "--crosstable" => parsed.crosstable = true,
            "--json" => parsed.json = true,
            flag if flag.starts_with("--") => return Err(format!("unknown option '{flag}'")),
            path => {
                if input.replace(path.to_string()).is_some() {
                    return Err("only one input file".to_string());
                }
            }
        }
    }
    parsed.input = input.ok_or("missing input file")?;
    Ok(parsed)
}

/// `2024`, `2023` or `virtual-opponent`.
pub fn parse_edition(text: &str) -> Result<TiebreakEdition, String> {
    match text {
        "2024" => Ok(TiebreakEdition::Fide2024),
        "2023" => Ok(TiebreakEdition::Fide2023),
        "virtual-opponent" => Ok(TiebreakEdition::VirtualOpponent),
        other => Err(format!(
            "unknown edition '{other}' (expected 2024, 2023 or virtual-opponent)"
        )),
    }
}

/// Reads and imports a TRF file; on failure prints the error and gives the
/// exit code (5 unreadable, 3 defective).
pub fn load(path: &str) -> Result<Tournament, ExitCode> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("arbiter: cannot read '{path}': {e}");
        ExitCode::from(5)
    })?;
    let text = tournament::trf::decode(&bytes);
    tournament::trf::read_tournament(&text).map_err(|e| {
        eprintln!("arbiter: {path}: {e}");
        ExitCode::from(3)
    })
}

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let arguments = match parse_arguments(args) {
        Ok(a) => a,
        Err(message) => {
            eprintln!("arbiter standings: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let tournament = match load(&arguments.input) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let tiebreaks = match &arguments.tiebreaks {
        None => match StandingsOptions::for_tournament(&tournament) {
            Ok(options) => options.tiebreaks,
            Err(e) => {
                eprintln!("arbiter standings: {}: {e}", arguments.input);
                return ExitCode::from(3);
            }
        },
        Some(list) => match Preset::parse(list) {
            Ok(preset) => preset.tiebreaks(tournament.system),
            Err(_) => match parse_tiebreaks(list) {
                Ok(list) => list,
                Err(e) => {
                    eprintln!("arbiter standings: {e}");
                    return ExitCode::from(2);
                }
            },
        },
    };
    let options = StandingsOptions {
        tiebreaks,
        edition: arguments.edition,
        after_round: arguments.after_round,
        lots_seed: arguments.lots,
    };
    let standings = match compute_standings(&tournament, &options) {
        Ok(s) => s,
        Err(e @ tournament::standings::StandingsError::NoSuchRound { .. }) => {
            eprintln!("arbiter standings: {e}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("arbiter standings: {}: {e}", arguments.input);
            return ExitCode::from(3);
        }
    };
    if arguments.json {
        println!("{}", to_json(&standings));
    } else {
        print!("{}", to_text(&standings));
        if arguments.crosstable {
            print!("\n{}", crosstable_text(&standings));
        }
    }
    if let Some(sn) = arguments.explain {
        match explain(&standings, sn) {
            Some(text) if !arguments.json => print!("\n{text}"),
            Some(text) => eprint!("{text}"),
            None => {
                eprintln!("arbiter standings: no player with start number {sn}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `{"standings": [{"rank": 1, "start_number": 7, "name": "...", "points": 6.5,
/// "tiebreaks": {"BH/C1": 41.5, "SB": 30.25}}, ...]}` — tie-break keys exactly
/// as requested, in request order; an undefined value is `null`.
pub fn to_json(standings: &Standings) -> String {
    let mut out = String::from("{\"standings\": [");
    for (i, row) in standings.rows.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(
            out,
            "{{\"rank\": {}, \"start_number\": {}, \"name\": {}, \"points\": {}, \"tiebreaks\": {{",
            row.rank,
            row.start_number,
            json_string(&row.name),
            row.points
        );
        for (j, (tiebreak, score)) in standings.tiebreaks.iter().zip(&row.tiebreaks).enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            let value = score
                .value
                .map_or_else(|| "null".to_string(), |v| v.to_string());
            let _ = write!(out, "{}: {}", json_string(&tiebreak.label), value);
        }
        out.push_str("}}");
    }
    out.push_str("]}");
    out
}

/// A JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn to_text(standings: &Standings) -> String {
    let name_width = standings
        .rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = String::new();
    let _ = write!(
        out,
        "{:<7} {:>4}  {:<name_width$} {:>6}",
        "Place", "SNo", "Name", "Pts"
    );
    for tiebreak in &standings.tiebreaks {
        let _ = write!(out, " {:>8}", tiebreak.label);
    }
    out.push('\n');
    for row in &standings.rows {
        let _ = write!(
            out,
            "{:<7} {:>4}  {:<name_width$} {:>6}",
            row.place_label(),
            row.start_number,
            row.name,
            row.points
        );
        for score in &row.tiebreaks {
            let value = score
                .value
                .map_or_else(|| "-".to_string(), |v| v.to_string());
            let _ = write!(out, " {value:>8}");
        }
        out.push('\n');
    }
    out
}

fn crosstable_text(standings: &Standings) -> String {
    let mut out = String::new();
    for row in crosstable(standings) {
        let _ = write!(
            out,
            "{:<7} {:>4}  {:<24}",
            row.place, row.start_number, row.name
        );
        for cell in &row.cells {
            let _ = write!(out, " {:>7}", cell.notation());
        }
        let _ = writeln!(out, "  {}", row.points);
    }
    out
}
