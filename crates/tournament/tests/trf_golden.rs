//! Golden tests on real tournament files (FIDE C.04 Annex 2, TRF16 with the
//! JaVaFo extensions): import, column-exact export, and consistency of the
//! imported model with the file's own points column.

use tournament::model::{ByeKind, Participation, Points, Tournament};
use tournament::trf::{self, Format};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/trf/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Lines without trailing blanks (TRF lines may be padded or not).
fn normalised(text: &str) -> Vec<String> {
    text.lines().map(|l| l.trim_end().to_owned()).collect()
}

/// Import, export, compare column by column; then check the points column
/// against the results (plus the requested bye of the round to be paired).
fn check(name: &str, rounds: u32, players: usize) -> Tournament {
    let text = fixture(name);
    let document = trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        normalised(&document.to_string()),
        normalised(&text),
        "{name} round trip"
    );
    let t = document
        .to_tournament()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(t.rounds_paired(), rounds, "{name} rounds");
    assert_eq!(t.players.len(), players, "{name} players");
    let next = rounds + 1;
    for p in &t.players {
        let requested = p
            .requested_byes
            .get(&next)
            .map_or(Points::ZERO, |&kind| t.scoring.bye(kind));
        assert_eq!(
            Some(t.total_points(p.start_number) + requested),
            p.reported_points,
            "{name}: points of player {}",
            p.start_number
        );
    }
    // The model exports back to an equivalent file in both formats.
    for format in [Format::Trf16, Format::Trf2026] {
        let again = trf::read_tournament(&trf::write_tournament(&t, format)).unwrap();
        assert_same(
            &again,
            &t,
            &format!("{name} {format:?} export and re-import"),
        );
    }
    t
}

/// Equality with a short message naming the first difference.
fn assert_same(a: &Tournament, b: &Tournament, context: &str) {
    for (x, y) in a.players.iter().zip(&b.players) {
        assert_eq!(x, y, "{context}: player {}", y.start_number);
    }
    for (i, (x, y)) in a.rounds.iter().zip(&b.rounds).enumerate() {
        assert_eq!(x, y, "{context}: round {}", i + 1);
    }
    assert_eq!(a.pairing, b.pairing, "{context}: pairing options");
    assert_eq!(a.info, b.info, "{context}: header");
    assert!(a == b, "{context}: tournaments differ");
}

#[test]
fn gros_2010_before_round_5_imports_and_exports_column_exact() {
    let t = check("gros-2010-round5.trf", 4, 52);
    assert_eq!(t.name, "XX Open Internacional de Gros");
    assert_eq!(t.planned_rounds, 9);
    assert_eq!(
        t.info.chief_arbiter.as_deref(),
        Some("IA Mikel Larreategi Arana (22232540)")
    );
    // Players 22, 28 and 43 announced they will miss round 5.
    let absent: Vec<(u32, ByeKind)> = t
        .players
        .iter()
        .filter_map(|p| p.requested_byes.get(&5).map(|&k| (p.start_number, k)))
        .collect();
    assert_eq!(
        absent,
        [
            (22, ByeKind::ZeroPoint),
            (28, ByeKind::ZeroPoint),
            (43, ByeKind::HalfPoint)
        ]
    );
    // Round 1: 13 beat 39 by forfeit; 52 had the pairing-allocated bye.
    assert_eq!(
        t.participation(13, 1),
        Some(Participation::Game {
            opponent: 39,
            colour: tournament::model::Colour::White,
            outcome: tournament::model::Outcome::ForfeitWin,
            rated: true,
        })
    );
    assert_eq!(
        t.participation(52, 1),
        Some(Participation::Bye(ByeKind::PairingAllocated))
    );
    assert_eq!(t.player(6).and_then(|p| p.fide_rating), Some(0));
}

#[test]
fn capo_d_orso_2012_with_acceleration_imports_and_exports_column_exact() {
    let t = check("capo-d-orso-2012.trf", 9, 84);
    assert_eq!(
        t.info.deputy_arbiters,
        ["Roberto Ricca", "Costantino Biello"]
    );
    assert_eq!(
        t.pairing.accelerations.len(),
        84 - 14,
        "players with all-zero XXA are dropped"
    );
    assert_eq!(t.pairing.accelerations[&1], vec![Points::ONE; 7]);
    assert_eq!(
        t.pairing.accelerations[&47],
        [0, 0, 5, 5, 5, 5, 5].map(Points::from_tenths).to_vec()
    );
    // Player 25 forfeited round 1 and withdrew: absent afterwards.
    assert_eq!(
        t.participation(25, 2),
        Some(Participation::Bye(ByeKind::Absent))
    );
    assert_eq!(t.player(1).and_then(|p| p.reported_rank), Some(1));
}
