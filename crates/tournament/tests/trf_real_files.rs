//! Real TRF-2026 files read as their writers meant them (issue 33): what
//! the file holds is read, what is not kept or applied is reported, and
//! nothing is refused that the format allows.

use tournament::dutch;
use tournament::trf::{self, TrfWarningKind};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn fide_tecs_team_sample_is_read_and_what_is_not_applied_is_reported() {
    // TRF-2026 250: "must differ from 0.0 in individual competitions" — a
    // team event may accelerate in match points only; 299 is read; the
    // team tie-breaks we do not compute are named.
    let text = data("grandmommy-cup-2-rounds.trf");
    let import = trf::import_tournament(&text).expect("the sample is valid TRF-2026");
    assert_eq!(import.tournament.players.len(), 249);
    assert_eq!(import.tournament.info.abnormal_points.len(), 2);
    let first = &import.tournament.info.abnormal_points[0];
    assert_eq!(
        (first.kind, first.match_points, first.points, first.round),
        ('+', Some(20), Some(25), Some(1))
    );
    assert_eq!(first.participants, [1]);
    let kinds: Vec<&TrfWarningKind> = import.warnings.iter().map(|w| &w.kind).collect();
    let count = |want: fn(&TrfWarningKind) -> bool| kinds.iter().filter(|k| want(k)).count();
    assert_eq!(
        count(|k| matches!(k, TrfWarningKind::TeamAccelerationNotApplied)),
        4
    );
    assert_eq!(
        count(|k| matches!(k, TrfWarningKind::AbnormalPointsNotApplied)),
        2
    );
    let unsupported: Vec<&str> = kinds
        .iter()
        .filter_map(|k| match k {
            TrfWarningKind::TeamTiebreakNotSupported(code) => Some(code.as_str()),
            _ => None,
        })
        .collect();
    // EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP: every one is computed.
    assert_eq!(unsupported, [] as [&str; 0]);
    // The ruler lines under the headers are not records: reported, not refused.
    assert!(count(|k| matches!(k, TrfWarningKind::UnknownRecord(_))) >= 3);

    let (_, event) = trf::read_team_tournament(&text).expect("read as a team event");
    assert_eq!(event.teams.len(), 50);
    assert_eq!(event.rounds.len(), 2);
    // Ranked by its own list: a total order whose places never go back.
    let options = tournament::team::TeamStandingsOptions {
        tiebreaks: tournament::team::parse_team_tiebreaks("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP")
            .expect("the sample's 202"),
        after_round: None,
    };
    let standings = tournament::team::compute_team_standings(&event, &options).expect("ranked");
    assert_eq!(standings.rows.len(), 50);
    assert!(
        standings
            .rows
            .windows(2)
            .all(|w| w[0].rank <= w[1].rank && w[0].match_points >= w[1].match_points)
    );
}

#[test]
fn the_dutch_engine_refuses_a_team_swiss_instead_of_pairing_its_boards_as_individuals() {
    // C.04.3 pairs individuals; a FIDE_TEAM_BAKU file is a team Swiss
    // (C.04.6). bbpPairings refuses it too.
    let text = data("grandmommy-cup-2-rounds.trf");
    let error = dutch::read_trf(&text, true).expect_err("a team event");
    let message = error.to_string();
    assert!(message.contains("FIDE_TEAM_BAKU"), "{message}");
    assert!(message.contains("team event"), "{message}");
    // The same players without the team records and code are an individual
    // file (refused here only for its points column, the final scores of
    // the uncut event).
    let individual: String = text
        .lines()
        .filter(|l| l.starts_with("001") || l.starts_with("012") || l.starts_with("142"))
        .map(|l| format!("{l}\n"))
        .collect();
    let message = dutch::read_trf(&individual, true)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(!message.contains("team event"), "{message}");
}

#[test]
fn an_individual_250_still_needs_game_points() {
    // TRF-2026 250, columns 10-13: must differ from 0.0 in individual
    // competitions.
    let text = "012 X\n142 3\n250  1.0      001 001 0001 0001\n001    1      A\n";
    let error = trf::read_tournament(text).expect_err("no game points");
    assert_eq!((error.line, error.column), (3, 10));
}
