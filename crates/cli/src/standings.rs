//! `arbiter standings <input.trf> [--tiebreaks LIST] [--edition E] [--json]`:
//! the ranked table with every tie-break value (FIDE C.07).
//!
//! Exit codes: 0 success, 2 usage, 3 defective file (line, column, reason),
//! 5 unreadable file.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use tournament::model::{TiebreakEdition, Tournament};
use tournament::standings::{
    Preset, Standings, StandingsOptions, compute_standings, crosstable, explain, parse_tiebreaks,
};

/// `arbiter standings` (bad arguments: exit status 2).
#[derive(Debug, Args)]
#[command(
    after_help = "Without --tiebreaks: fide-round-robin for round robins, fide-swiss \
    otherwise.\nExit status: 0 success, 2 usage, 3 defective file, 5 unreadable file."
)]
pub struct StandingsArgs {
    /// The tournament file (TRF)
    #[arg(value_name = "INPUT.TRF")]
    input: String,
    /// C.07 acronyms with modifiers, comma-separated (BH/C1,BH,SB,...), or a preset:
    /// fide-swiss, fide-round-robin, china-national
    #[arg(long, value_name = "LIST|PRESET")]
    tiebreaks: Option<String>,
    /// Which edition of the tie-break rules
    #[arg(long, value_enum, default_value_t = Edition::Fide2026)]
    edition: Edition,
    /// The standings after round N instead of the last
    #[arg(long, value_name = "N")]
    after_round: Option<u32>,
    /// Seed of the drawing of lots that breaks the remaining ties
    #[arg(long, value_name = "SEED")]
    lots: Option<u64>,
    /// Also print the crosstable
    #[arg(long)]
    crosstable: bool,
    /// Explain the tie-break values of the player with this start number
    #[arg(long, value_name = "START_NUMBER")]
    explain: Option<u32>,
    /// The scoring table's core as JSON
    #[arg(long)]
    json: bool,
}

/// `--edition`: the C.07 edition whose rules compute the tie-breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Edition {
    /// C.07 in force from 1 March 2026 (capped dummy opponents, STD, RTNG, TPN)
    #[value(name = "2026")]
    Fide2026,
    /// C.07, August 2024 (unplayed rounds per Art. 16)
    #[value(name = "2024")]
    Fide2024,
    /// C.07 as of 2023
    #[value(name = "2023")]
    Fide2023,
    /// The pre-2023 "virtual opponent" method for unplayed games
    VirtualOpponent,
}

impl From<Edition> for TiebreakEdition {
    fn from(edition: Edition) -> TiebreakEdition {
        match edition {
            Edition::Fide2026 => TiebreakEdition::Fide2026,
            Edition::Fide2024 => TiebreakEdition::Fide2024,
            Edition::Fide2023 => TiebreakEdition::Fide2023,
            Edition::VirtualOpponent => TiebreakEdition::VirtualOpponent,
        }
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

pub fn run(arguments: &StandingsArgs) -> ExitCode {
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
        edition: arguments.edition.into(),
        after_round: arguments.after_round,
        lots_seed: arguments.lots,
        // A TRF names no expelled player.
        excluded: std::collections::BTreeSet::new(),
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
