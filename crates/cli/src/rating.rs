//! `arbiter rating <input.trf> [--games-completed N] [--json]`: each player's
//! FIDE rating change and performance (FIDE Rating Regulations 8.1–8.3).
//!
//! K follows 8.3.3 with what a TRF knows: the youth rule from the birth year
//! and the event's end date (record 052), 10 for ratings of 2400 and more, 20
//! below, 40 for everyone when `--games-completed` is under 30; then the
//! K × n ≤ 700 cap. Exit codes: 0, 2 usage, 3 defective file, 5 unreadable.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use tournament::model::{RatingSystem, Tournament};
use tournament::rating::{
    Grade, GradeLine, PlayerRating, ReportOptions, fide_report, grade_report,
};

use crate::standings::{json_string, load};

/// `arbiter rating` (bad arguments: exit status 2).
#[derive(Debug, Args)]
#[command(after_help = "Exit status: 0 success, 2 usage, 3 defective file, 5 unreadable file.")]
pub struct RatingArgs {
    /// The tournament file (TRF)
    #[arg(value_name = "INPUT.TRF")]
    input: String,
    /// Rated games every player completed before the event (default: 30 or more, i.e. the
    /// 30-game rule does not apply)
    #[arg(long, value_name = "N")]
    games_completed: Option<u32>,
    /// The club grade-points scheme instead of FIDE (points before the event from the XXG
    /// records; players without one start ungraded at 0)
    #[arg(long)]
    grade_points: bool,
    /// JSON instead of a table
    #[arg(long)]
    json: bool,
}

pub fn run(args: &RatingArgs) -> ExitCode {
    let &RatingArgs {
        ref input,
        games_completed,
        grade_points,
        json,
    } = args;
    let tournament = match load(input) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if grade_points || tournament.rating_system == RatingSystem::GradePoints {
        let report = grade_report(&tournament);
        if json {
            println!("{}", grades_json(&report));
        } else {
            print!("{}", grades_text(&report));
        }
        return ExitCode::SUCCESS;
    }
    let options = ReportOptions {
        event_year: event_year(&tournament),
        games_completed,
    };
    let report = fide_report(&tournament, options);
    if json {
        println!("{}", to_json(&report));
    } else {
        print!("{}", to_text(&report));
    }
    ExitCode::SUCCESS
}

/// The year of the event's end date (TRF 052), else of its start date (042):
/// the first run of four digits.
fn event_year(tournament: &Tournament) -> Option<u16> {
    let info = &tournament.info;
    [&info.end_date, &info.start_date]
        .into_iter()
        .flatten()
        .find_map(|date| {
            let digits: Vec<&str> = date
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| s.len() == 4)
                .collect();
            digits.first().and_then(|y| y.parse().ok())
        })
}

fn hundredths(value: i64) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let v = value.unsigned_abs();
    format!("{sign}{}.{:02}", v / 100, v % 100)
}

fn to_json(report: &[PlayerRating]) -> String {
    let mut out = String::from("{\"ratings\": [");
    for (i, p) in report.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let opt = |v: Option<String>| v.unwrap_or_else(|| "null".to_string());
        let change = p.change.as_ref();
        let _ = write!(
            out,
            "{{\"start_number\": {}, \"name\": {}, \"rating\": {}, \"games\": {}, \"score\": {}, \
             \"expected\": {}, \"k\": {}, \"change_exact\": {}, \"change\": {}, \"performance\": {}}}",
            p.start_number,
            json_string(&p.name),
            opt(p.rating.map(|r| r.to_string())),
            change.map_or(0, |c| c.games),
            opt(change.map(|c| hundredths(c.score_hundredths))),
            opt(change.map(|c| hundredths(c.expected_hundredths))),
            opt(change.map(|c| c.k.to_string())),
            opt(change.map(|c| hundredths(c.change_hundredths))),
            opt(change.map(|c| c.change.to_string())),
            opt(p.performance.map(|r| r.to_string())),
        );
    }
    out.push_str("]}");
    out
}

fn to_text(report: &[PlayerRating]) -> String {
    let name_width = report
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<name_width$} {:>6} {:>5} {:>6} {:>6} {:>3} {:>7} {:>6} {:>6}",
        "SNo", "Name", "Rtg", "Games", "Score", "Exp", "K", "Exact", "Change", "Perf"
    );
    for p in report {
        let dash = || "-".to_string();
        let c = p.change.as_ref();
        let _ = writeln!(
            out,
            "{:>4}  {:<name_width$} {:>6} {:>5} {:>6} {:>6} {:>3} {:>7} {:>6} {:>6}",
            p.start_number,
            p.name,
            p.rating.map_or_else(dash, |r| r.to_string()),
            c.map_or(0, |c| c.games),
            c.map_or_else(dash, |c| hundredths(c.score_hundredths)),
            c.map_or_else(dash, |c| hundredths(c.expected_hundredths)),
            c.map_or_else(dash, |c| c.k.to_string()),
            c.map_or_else(dash, |c| hundredths(c.change_hundredths)),
            c.map_or_else(dash, |c| format!("{:+}", c.change)),
            p.performance.map_or_else(dash, |r| r.to_string()),
        );
    }
    out
}

fn grade_name(grade: Grade) -> String {
    match grade {
        Grade::Ungraded => "ungraded".to_string(),
        Grade::Graded(n) => format!("grade {n}"),
    }
}

fn grades_json(report: &[GradeLine]) -> String {
    let mut out = String::from("{\"grades\": [");
    for (i, l) in report.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(
            out,
            "{{\"start_number\": {}, \"name\": {}, \"before\": {}, \"after\": {}, \
             \"change\": {}, \"grade_before\": {}, \"grade_after\": {}}}",
            l.start_number,
            json_string(&l.name),
            l.before,
            l.after,
            i64::from(l.after) - i64::from(l.before),
            json_string(&grade_name(l.grade_before)),
            json_string(&grade_name(l.grade_after)),
        );
    }
    out.push_str("]}");
    out
}

fn grades_text(report: &[GradeLine]) -> String {
    let name_width = report
        .iter()
        .map(|l| l.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<name_width$} {:>6} {:>6} {:>6}  {:<10} New grade",
        "SNo", "Name", "Before", "After", "Change", "Grade"
    );
    for l in report {
        let _ = writeln!(
            out,
            "{:>4}  {:<name_width$} {:>6} {:>6} {:>+6}  {:<10} {}",
            l.start_number,
            l.name,
            l.before,
            l.after,
            i64::from(l.after) - i64::from(l.before),
            grade_name(l.grade_before),
            grade_name(l.grade_after),
        );
    }
    out
}
