//! Prints the tie-break values of a TRF tournament as a tab-separated table,
//! one line per start number, to compare with other implementations (the
//! layout of TieBreakServer's `tiebreakchecker.py -dT` output: start number,
//! rank, points, then one column per tie-break).
//!
//! `cargo run -p tournament --example tiebreak_table -- FILE.trf KS,BH,SB [2026|2024|2023|virtual]`

use tournament::model::TiebreakEdition;
use tournament::standings::{StandingsOptions, compute_standings, parse_tiebreaks};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(list)) = (args.first(), args.get(1)) else {
        eprintln!("usage: tiebreak_table FILE.trf LIST [2026|2024|2023|virtual]");
        std::process::exit(2);
    };
    let edition = match args.get(2).map(String::as_str) {
        None | Some("2026") => TiebreakEdition::Fide2026,
        Some("2024") => TiebreakEdition::Fide2024,
        Some("2023") => TiebreakEdition::Fide2023,
        Some("virtual") => TiebreakEdition::VirtualOpponent,
        Some(other) => {
            eprintln!("unknown edition {other}");
            std::process::exit(2);
        }
    };
    let bytes = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(5);
    });
    let t =
        tournament::trf::read_tournament(&tournament::trf::decode(&bytes)).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(3);
        });
    let tiebreaks = parse_tiebreaks(list).unwrap_or_else(|e| {
        eprintln!("{list}: {e}");
        std::process::exit(2);
    });
    let options = StandingsOptions {
        edition,
        ..StandingsOptions::new(tiebreaks)
    };
    let standings = compute_standings(&t, &options).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(3);
    });
    let labels: Vec<&str> = standings
        .tiebreaks
        .iter()
        .map(|tb| tb.label.as_str())
        .collect();
    println!("StartNo\tRank\tPTS\t{}", labels.join("\t"));
    let mut rows: Vec<_> = standings.rows.iter().collect();
    rows.sort_by_key(|r| r.start_number);
    for row in rows {
        let values: Vec<String> = row
            .tiebreaks
            .iter()
            .map(|s| s.value.map_or_else(|| "-".to_string(), |v| v.to_string()))
            .collect();
        println!(
            "{}\t{}\t{}\t{}",
            row.start_number,
            row.rank,
            row.points,
            values.join("\t")
        );
    }
}
