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

#[test]
fn trf2026_records_are_interpreted_and_written_back_column_exact() {
    // TRF-2026: 142 rounds, 152 initial colour, 162 scoring, 192 type with
    // Baku acceleration, 202 tie-breaks, 240 byes, 250 acceleration, 260
    // prohibited pairings, ### comments.
    use tournament::model::{Colour, ForbiddenInRounds, Scoring, System};
    let text = fixture("trf2026-itdx.trf");
    let document = trf::parse(&text).unwrap();
    assert_eq!(document.format(), Format::Trf2026);
    assert_eq!(normalised(&document.to_string()), normalised(&text));
    let t = document.to_tournament().unwrap();
    assert_eq!(t.planned_rounds, 5);
    assert_eq!(t.system, System::Swiss);
    assert_eq!(t.pairing.initial_colour, Some(Colour::Black));
    assert!(t.pairing.baku);
    assert_eq!(t.tiebreaks, ["BH/C1", "BH", "SB", "DE"]);
    assert_eq!(
        t.scoring,
        Scoring::new(Points(30), Points(10), Points::ZERO)
    );
    assert_eq!(t.info.round_dates, ["26/04/01", "26/04/01", "26/04/02"]);
    assert_eq!(t.pairing.accelerations[&1], [Points::ONE, Points::ONE]);
    assert_eq!(t.pairing.accelerations.len(), 3);
    assert_eq!(
        t.pairing.forbidden_pairs_in_rounds,
        [ForbiddenInRounds {
            first_round: 1,
            last_round: 5,
            players: vec![1, 2]
        }]
    );
    // National Rating Support records (TRF-2026).
    assert_eq!(t.player(1).unwrap().national_rating, Some(2495));
    assert_eq!(t.player(3).unwrap().national_rating, Some(2288));
    assert_eq!(t.player(2).unwrap().national_rating, None);
    let byes = |p: u32| {
        t.player(p)
            .unwrap()
            .requested_byes
            .clone()
            .into_iter()
            .collect::<Vec<_>>()
    };
    assert_eq!(byes(2), [(4, ByeKind::FullPoint)]);
    assert_eq!(byes(6), [(3, ByeKind::HalfPoint), (4, ByeKind::ZeroPoint)]);
    // 3/1/0 scoring: the points column agrees with the results.
    for p in &t.players {
        let requested = p
            .requested_byes
            .get(&3)
            .map_or(Points::ZERO, |&kind| t.scoring.bye(kind));
        assert_eq!(
            Some(t.total_points(p.start_number) + requested),
            p.reported_points
        );
    }
    // 172 and the National Rating Support records are kept and written
    // back: the export reads back as the same event.
    assert_eq!(t.info.rating_methods.len(), 2);
    assert_eq!(t.info.national_records.len(), 2);
    let again = trf::read_tournament(&trf::write_tournament(&t, Format::Trf2026)).unwrap();
    assert_same(&again, &t, "TRF-2026 export and re-import");
}

#[test]
fn xxs_shortcuts_follow_javafo_w_covers_forfeits_and_full_byes_but_not_the_pab() {
    // JaVaFo TRF(x): W encompasses WW, BW, FW, FPB; D encompasses WD, BD,
    // HPB; an unnamed PAB keeps its standard value 1.
    let t = trf::read_tournament("012 X\nXXS W=3 D=1\n").unwrap();
    assert_eq!(t.scoring.win_white, Points(30));
    assert_eq!(t.scoring.forfeit_win, Points(30));
    assert_eq!(t.scoring.full_point_bye, Points(30));
    assert_eq!(t.scoring.half_point_bye, Points(10));
    assert_eq!(t.scoring.pairing_allocated_bye, Points::ONE);
    // Later entries override earlier ones.
    let t = trf::read_tournament("012 X\nXXS W=3 FPB=0\nXXS PAB=3\n").unwrap();
    assert_eq!(t.scoring.full_point_bye, Points::ZERO);
    assert_eq!(t.scoring.pairing_allocated_bye, Points(30));
}

#[test]
fn latin1_files_are_decoded_and_columns_count_characters() {
    // A Latin-1 "ü" is one byte and one column, as in UTF-8 it is one character.
    let utf8 = format!(
        "012 Café Open\n001    1 m    {:<33} 2000 GER     4600001 1970        0.0    1\n",
        "Müller Hans"
    );
    let bytes: Vec<u8> = utf8
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the bytes are Latin-1, not UTF-8"
    );
    let t = trf::read_tournament(&trf::decode(&bytes)).unwrap();
    assert_eq!(t.name, "Café Open");
    assert_eq!(t.players[0].name, "Müller Hans");
    assert_eq!(t.players[0].fide_rating, Some(2000));
}

#[test]
fn crlf_and_cr_line_endings_are_kept_on_export() {
    // C.04 Annex 2, Remark 1: each line ends with a carriage return.
    let lf: String = normalised(&fixture("gros-2010-round5.trf"))
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    for ending in ["\r\n", "\r"] {
        let text = lf.replace('\n', ending);
        let document = trf::parse(&text).unwrap();
        assert_eq!(document.line_ending, ending);
        assert_eq!(document.to_string(), text);
        assert_eq!(
            document.to_tournament().unwrap(),
            trf::read_tournament(&lf).unwrap()
        );
    }
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let t = trf::read_tournament("\u{feff}012 Marked Open\n").unwrap();
    assert_eq!(t.name, "Marked Open");
    let t = trf::read_tournament(&trf::decode(b"\xef\xbb\xbf012 Marked Open\n")).unwrap();
    assert_eq!(t.name, "Marked Open");
}
