//! Golden standings of real events: the published final ranking must come out
//! of the event's own TRF with the tie-breaks and the edition of its time.

use tournament::model::TiebreakEdition;
use tournament::standings::{StandingsOptions, compute_standings, parse_tiebreaks};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/standings/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Expected `(rank, start number, points)` lines, `#` comments skipped.
fn expected(name: &str) -> Vec<(u32, u32, String)> {
    fixture(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().expect("rank"),
                f[1].parse().expect("start number"),
                f[2].to_string(),
            )
        })
        .collect()
}

/// The ranking computed from `trf` as `(rank, start number, points)`.
fn ranking(trf: &str, list: &str, edition: TiebreakEdition) -> Vec<(u32, u32, String)> {
    let t = tournament::trf::read_tournament(&fixture(trf)).expect("valid TRF");
    let options = StandingsOptions {
        edition,
        ..StandingsOptions::new(parse_tiebreaks(list).expect("list"))
    };
    compute_standings(&t, &options)
        .expect("standings")
        .rows
        .iter()
        .map(|r| (r.rank, r.start_number, r.points.to_string()))
        .collect()
}

#[test]
fn capo_d_orso_2012_final_ranking_is_reproduced_with_pre_2023_buchholz_and_sonneborn_berger() {
    let want = expected("capo-d-orso-2012.expected");
    assert_eq!(want.len(), 84);
    let got = ranking(
        "capo-d-orso-2012.trf",
        "BH,SB",
        TiebreakEdition::VirtualOpponent,
    );
    assert_eq!(got, want);
}

#[test]
fn capo_d_orso_2012_ranking_differs_under_the_2024_treatment_of_unplayed_rounds() {
    // The event has forfeits: the 2024 dummy-opponent rule reorders tied
    // players, which shows the edition really matters for real data.
    let want = expected("capo-d-orso-2012.expected");
    let got = ranking("capo-d-orso-2012.trf", "BH,SB", TiebreakEdition::Fide2024);
    assert_ne!(got, want);
    // Points are the same whatever the edition.
    let points = |v: &[(u32, u32, String)]| {
        let mut p: Vec<(u32, String)> = v.iter().map(|(_, sn, pts)| (*sn, pts.clone())).collect();
        p.sort();
        p
    };
    assert_eq!(points(&got), points(&want));
}
