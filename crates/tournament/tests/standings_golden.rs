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

/// Expected `(rank, start number, points, wins, SB)` of the ICCF event.
fn sco_expected() -> Vec<(u32, u32, String, String, String)> {
    fixture("sco-open-2020.expected")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().expect("rank"),
                f[1].parse().expect("start number"),
                f[2].to_string(),
                f[3].to_string(),
                f[4].to_string(),
            )
        })
        .collect()
}

#[test]
fn sco_open_2020_double_round_robin_reproduces_the_published_places_wins_and_sonneborn_berger() {
    // C.07 Art. 9.1 (SB), 7.1 (WIN), 7.2 (WON) on a real double round robin:
    // the values ICCF published for SCO/O/2020.
    let t = tournament::trf::read_tournament(&fixture("sco-open-2020.trf")).expect("valid TRF");
    assert_eq!(t.system, tournament::model::System::DoubleRoundRobin);
    let options = StandingsOptions::new(parse_tiebreaks("DE,SB,WIN,WON,KS").expect("list"));
    let standings = compute_standings(&t, &options).expect("standings");
    let want = sco_expected();
    assert_eq!(want.len(), 7);
    assert_eq!(standings.rows.len(), 7);
    for (row, (rank, sn, points, wins, sb)) in standings.rows.iter().zip(&want) {
        let context = format!("start number {sn}");
        assert_eq!((row.rank, row.start_number), (*rank, *sn), "{context}");
        assert_eq!(row.points.to_string(), *points, "{context}");
        let value = |i: usize| row.tiebreaks[i].value.map(|v| v.to_string());
        // Nobody is tied on points, so DE separates no one (undefined).
        assert_eq!(value(0), None, "{context}");
        assert_eq!(value(1).as_deref(), Some(sb.as_str()), "SB, {context}");
        assert_eq!(value(2).as_deref(), Some(wins.as_str()), "WIN, {context}");
        assert_eq!(value(3).as_deref(), Some(wins.as_str()), "WON, {context}");
    }
}

#[test]
fn sco_open_2020_koya_counts_points_against_the_players_on_half_the_maximum_or_more() {
    // C.07 Art. 9.2, worked by hand from the crosstable: the maximum is 12,
    // the limit 6; players 1 (10½), 2 (10), 3 (8) and 4 (7) reach it.
    // 1 scored 1 v 2, 2 v 3, 1½ v 4 → 4½. 2: 1 v 1, 1 v 3, 2 v 4 → 4.
    // 3: 0 v 1, 1 v 2, 1 v 4 → 2. 4: ½ v 1, 0 v 2, 1 v 3 → 1½.
    // 5 and 7 scored nothing against them; 6 drew once with 4 → ½.
    let t = tournament::trf::read_tournament(&fixture("sco-open-2020.trf")).expect("valid TRF");
    let options = StandingsOptions::new(parse_tiebreaks("KS").expect("list"));
    let standings = compute_standings(&t, &options).expect("standings");
    let koya: Vec<(u32, String)> = standings
        .rows
        .iter()
        .map(|r| {
            let v = r.tiebreaks[0].value.map(|v| v.to_string());
            (r.start_number, v.unwrap_or_default())
        })
        .collect();
    let want: Vec<(u32, String)> = [
        (1, "4.5"),
        (2, "4"),
        (3, "2"),
        (4, "1.5"),
        (5, "0"),
        (6, "0.5"),
        (7, "0"),
    ]
    .iter()
    .map(|&(sn, v)| (sn, v.to_string()))
    .collect();
    assert_eq!(koya, want);
}

/// Checks a `.tiebreaks` table: a `tiebreaks` line naming the columns, then
/// `start_number value…` lines (`-` for undefined), `#` comments skipped.
fn check_tiebreak_table(trf: &str, table: &str, edition: TiebreakEdition) {
    let t = tournament::trf::read_tournament(&fixture(trf)).expect("valid TRF");
    let text = fixture(table);
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines
        .next()
        .expect("tiebreaks line")
        .split_whitespace()
        .collect();
    assert_eq!(header[0], "tiebreaks", "{table}: first line");
    let list = header[1..].join(",");
    let options = StandingsOptions {
        edition,
        ..StandingsOptions::new(parse_tiebreaks(&list).expect("list"))
    };
    let standings = compute_standings(&t, &options).expect("standings");
    let mut checked = 0;
    for line in lines {
        let f: Vec<&str> = line.split_whitespace().collect();
        let sn: u32 = f[0].parse().expect("start number");
        let row = standings.row(sn).expect("row");
        for (i, want) in f[1..].iter().enumerate() {
            let got = row.tiebreaks[i]
                .value
                .map_or_else(|| "-".to_string(), |v| v.to_string());
            assert_eq!(got, *want, "{table}: {} of player {sn}", header[i + 1]);
        }
        checked += 1;
    }
    assert_eq!(checked, t.players.len(), "{table}: one line per player");
}

#[test]
fn koya_counts_a_forfeit_win_against_an_opponent_on_the_limit_per_c07_2024_art_9_2() {
    // C.07 (2024) Art. 9.2: points achieved against the opponents on the
    // limit, forfeits included (Art. 16 is written for BH, FB and SB, not
    // KS); forfeit losses, double forfeits and byes add nothing, and the
    // limit is tested on the opponent's actual score. The same values as
    // the FIDE TEC's TieBreakServer.
    check_tiebreak_table(
        "koya-forfeits.trf",
        "koya-forfeits.tiebreaks",
        TiebreakEdition::Fide2024,
    );
    check_tiebreak_table(
        "koya-forfeits.trf",
        "koya-forfeits.tiebreaks",
        TiebreakEdition::Fide2023,
    );
}

#[test]
fn koya_before_2023_still_leaves_swiss_forfeits_out() {
    // The pre-2023 rules met a forfeit with a virtual opponent; KS under
    // them is not modelled, so player 1's forfeit win against 2 stays out.
    let t = tournament::trf::read_tournament(&fixture("koya-forfeits.trf")).expect("valid TRF");
    let options = StandingsOptions {
        edition: TiebreakEdition::VirtualOpponent,
        ..StandingsOptions::new(parse_tiebreaks("KS").expect("list"))
    };
    let standings = compute_standings(&t, &options).expect("standings");
    let ks = |sn: u32| {
        standings.row(sn).expect("row").tiebreaks[0]
            .value
            .map(|v| v.to_string())
    };
    assert_eq!(ks(1).as_deref(), Some("1"));
    assert_eq!(ks(8).as_deref(), Some("0"));
}

#[test]
fn the_2026_edition_gives_fide_tecs_tiebreakserver_values_on_generated_swiss_events() {
    // C.07 (2026): BH, FB, SB and AOB with the capped dummy opponents of
    // Art. 16.4, the other tie-breaks unchanged, and STD, RTNG and TPN; the
    // values of FIDE TEC's TieBreakServer on three complete bbpPairings
    // events with forfeits, byes and withdrawals (docs/tiebreaks.md).
    for event in ["g068", "g241", "g059"] {
        check_tiebreak_table(
            &format!("../dutch/generated/{event}.trf"),
            &format!("tbs2026/{event}.tiebreaks"),
            TiebreakEdition::Fide2026,
        );
    }
}

/// Fore Buchholz (2026) as FIDE TEC's TieBreakServer reads it: every
/// pairing of the last round is a drawn game, played — an earlier bye is
/// then no trailing voluntary unplayed round (Art. 16.3), and a last-round
/// forfeit is cut as a game, not first as a VUR (16.5). Two four-player
/// cases and a file of our generator with forfeits and byes of every kind.
#[test]
fn fore_buchholz_counts_the_last_rounds_pairing_as_a_drawn_game_as_the_tiebreakserver_does() {
    for event in ["fb-trailing-vur", "fb-cut-last-forfeit", "rtg-s047"] {
        check_tiebreak_table(
            &format!("tbs2026/{event}.trf"),
            &format!("tbs2026/{event}.tiebreaks"),
            TiebreakEdition::Fide2026,
        );
    }
}
