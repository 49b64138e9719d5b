//! `arbiter check <input.trf> [--json]`: the Pairing and Tie-break Checker
//! (FIDE C.02 endorsement, VCL4THP.13 Q19–Q21). Reads TRF16 or TRF-2026 and
//! reports, round by round, every pairing that breaks the system's rules,
//! and every place of the rank and points columns that does not follow from
//! the file's point system and tie-break list ([`tournament::checker`]).
//! See docs/fide-checker.md.
//!
//! Exit status: 0 the file passes; 1 some round breaks the pairing rules;
//! 4 the point system, the points or the rank column do not follow; 6 both;
//! 2 usage; 3 defective file; 5 unreadable file.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use tournament::checker::{
    self, PairingFinding, Report, StandingFinding, TiebreakSource, Unchecked,
};
use tournament::model::System;
use tournament::trf::Format;

use crate::standings::json_string;

/// Exit status: some round breaks the pairing rules.
const PAIRINGS_FAIL: u8 = 1;
/// Exit status: the standings do not follow.
const STANDINGS_FAIL: u8 = 4;
/// Exit status: both.
const BOTH_FAIL: u8 = 6;

/// `arbiter check` (bad arguments: exit status 2).
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 the file passes; 1 some round breaks the pairing \
    rules; 4 the point system, points or ranks do not follow; 6 both; 2 usage; 3 defective \
    file; 5 unreadable file."
)]
pub struct CheckArgs {
    /// The tournament file (TRF16 or TRF-2026)
    #[arg(value_name = "INPUT.TRF")]
    input: String,
    /// The report as JSON on standard output
    #[arg(long)]
    json: bool,
}

pub fn run(arguments: &CheckArgs) -> ExitCode {
    let bytes = match std::fs::read(&arguments.input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter check: cannot read '{}': {e}", arguments.input);
            return ExitCode::from(5);
        }
    };
    let text = tournament::trf::decode(&bytes);
    let report = match checker::check_trf(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbiter check: {}: {e}", arguments.input);
            return ExitCode::from(3);
        }
    };
    if arguments.json {
        println!("{}", to_json(&arguments.input, &report));
    } else {
        print!("{}", to_text(&arguments.input, &report));
    }
    exit_status(&report)
}

/// The exit status a report gives (see the module documentation).
fn exit_status(report: &Report) -> ExitCode {
    match (report.pairings_pass(), report.standings_pass()) {
        (true, true) => ExitCode::SUCCESS,
        (false, true) => ExitCode::from(PAIRINGS_FAIL),
        (true, false) => ExitCode::from(STANDINGS_FAIL),
        (false, false) => ExitCode::from(BOTH_FAIL),
    }
}

fn format_name(format: Format) -> &'static str {
    match format {
        Format::Trf16 => "TRF16",
        Format::Trf2026 => "TRF-2026",
    }
}

fn system_name(system: System) -> &'static str {
    match system {
        System::Swiss => "swiss",
        System::RoundRobin => "round-robin",
        System::DoubleRoundRobin => "double-round-robin",
    }
}

fn source_name(source: TiebreakSource) -> &'static str {
    match source {
        TiebreakSource::File => "202",
        TiebreakSource::Default => "default",
    }
}

fn to_text(name: &str, report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{name}: {}, {}, {} players, {} rounds",
        format_name(report.format),
        system_name(report.system),
        report.players,
        report.rounds
    );
    for round in &report.round_reports {
        if round.findings.is_empty() {
            let _ = writeln!(out, "Round {}: ok", round.round);
            continue;
        }
        let _ = writeln!(out, "Round {}:", round.round);
        for finding in &round.findings {
            let _ = writeln!(out, "  {} {}: {finding}", finding.article(), finding.rule());
            if let Some(expected) = finding.expected() {
                let _ = writeln!(out, "    expected: {expected}");
            }
            let _ = writeln!(out, "    found:    {}", finding.found());
        }
    }
    match &report.point_system {
        None => out.push_str("Point system: ok\n"),
        Some(e) => {
            let _ = writeln!(out, "Point system: refused: {e}");
        }
    }
    let standings = &report.standings;
    let _ = writeln!(
        out,
        "Standings (tie-breaks {} from {}):{}",
        if standings.tiebreaks.is_empty() {
            "none".to_owned()
        } else {
            standings.tiebreaks.join(", ")
        },
        source_name(standings.source),
        if standings.findings.is_empty() && standings.unchecked.is_none() {
            " ok"
        } else {
            ""
        }
    );
    if let Some(why) = &standings.unchecked {
        let _ = writeln!(out, "  ranks not compared: {why}");
    }
    for finding in &standings.findings {
        let _ = writeln!(out, "  {}: {finding}", finding.rule());
    }
    let _ = writeln!(
        out,
        "Pairings: {}; standings: {}",
        if report.pairings_pass() {
            "pass"
        } else {
            "FAIL"
        },
        if report.standings_pass() {
            "pass"
        } else {
            "FAIL"
        }
    );
    out
}

fn json_option(text: Option<String>) -> String {
    text.map_or_else(|| "null".to_owned(), |t| json_string(&t))
}

fn json_numbers(list: &[u32]) -> String {
    let items: Vec<String> = list.iter().map(u32::to_string).collect();
    format!("[{}]", items.join(", "))
}

fn pairing_json(finding: &PairingFinding) -> String {
    format!(
        "{{\"rule\": {}, \"article\": {}, \"absolute\": {}, \"players\": {}, \"expected\": {}, \"found\": {}, \"message\": {}}}",
        json_string(finding.rule()),
        json_string(finding.article()),
        finding.is_absolute(),
        json_numbers(&finding.players()),
        json_option(finding.expected()),
        json_string(&finding.found()),
        json_string(&finding.to_string())
    )
}

fn standing_json(finding: &StandingFinding) -> String {
    format!(
        "{{\"rule\": {}, \"player\": {}, \"expected\": {}, \"found\": {}, \"message\": {}}}",
        json_string(finding.rule()),
        finding.player(),
        json_string(&finding.expected()),
        json_string(&finding.found()),
        json_string(&finding.to_string())
    )
}

/// The report as one JSON object (see docs/fide-checker.md for its fields).
fn to_json(name: &str, report: &Report) -> String {
    let rounds: Vec<String> = report
        .round_reports
        .iter()
        .map(|r| {
            let findings: Vec<String> = r.findings.iter().map(pairing_json).collect();
            format!(
                "{{\"round\": {}, \"passed\": {}, \"findings\": [{}]}}",
                r.round,
                r.findings.is_empty(),
                findings.join(", ")
            )
        })
        .collect();
    let point_system = match &report.point_system {
        None => "{\"passed\": true, \"field\": null, \"message\": null}".to_owned(),
        Some(e) => format!(
            "{{\"passed\": false, \"field\": {}, \"message\": {}}}",
            json_string(e.field().key()),
            json_string(&e.to_string())
        ),
    };
    let standings = &report.standings;
    let tiebreaks: Vec<String> = standings.tiebreaks.iter().map(|t| json_string(t)).collect();
    let unchecked = standings.unchecked.as_ref().map(Unchecked::to_string);
    let findings: Vec<String> = standings.findings.iter().map(standing_json).collect();
    format!(
        "{{\"file\": {}, \"format\": {}, \"system\": {}, \"players\": {}, \"rounds\": {}, \"passed\": {}, \
\"pairings\": {{\"passed\": {}, \"rounds\": [{}]}}, \"point_system\": {}, \
\"standings\": {{\"passed\": {}, \"tiebreaks\": [{}], \"tiebreaks_from\": {}, \"unchecked\": {}, \"findings\": [{}]}}}}",
        json_string(name),
        json_string(format_name(report.format)),
        json_string(system_name(report.system)),
        report.players,
        report.rounds,
        report.passes(),
        report.pairings_pass(),
        rounds.join(", "),
        point_system,
        standings.passes(),
        tiebreaks.join(", "),
        json_string(source_name(standings.source)),
        json_option(unchecked),
        findings.join(", ")
    )
}
