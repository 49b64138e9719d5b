//! FIDE Dutch system (C.04.3, 2025) regression tests.
//!
//! * `fixtures/dutch/generated/`: complete random tournaments produced by an
//!   endorsed engine (bbpPairings 6, Dutch 2025 rules) — every round of each
//!   is re-paired from its history and must equal the recorded pairing
//!   (the C.04.A checker procedure).
//! * `fixtures/dutch/next_round/`: the same tournaments cut at a random round,
//!   some with requested byes (`240`), forbidden pairs (`XXP`), Baku
//!   acceleration (C.04.5, `192 FIDE_DUTCH_2025_BAKU`), explicit acceleration
//!   (`XXA`) or an explicit initial colour (`XXC`); `.expected` is the
//!   endorsed engine's output for the next round.
//! * `fixtures/dutch/hand/`: small hand-checked situations, one rule each.

use std::path::Path;

use tournament::dutch::{DutchError, Pairing, check, pair_round, read_trf};

fn fixtures(dir: &str, ext: &str) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dutch")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// The engine's answer in the shared output format (pairs count, then
/// `white black` lines, a bye as `N 0`), or "no valid pairing".
fn render(result: Result<Vec<Pairing>, DutchError>) -> String {
    match result {
        Ok(pairs) => {
            let mut s = format!("{}\n", pairs.len());
            for p in pairs {
                s.push_str(&format!(
                    "{} {}\n",
                    p.white + 1,
                    p.black.map_or(0, |b| b + 1)
                ));
            }
            s
        }
        Err(DutchError::NoValidPairing) => "no valid pairing\n".to_string(),
        Err(e) => format!("error: {e}\n"),
    }
}

fn check_next_round(trf: &Path) {
    let text = std::fs::read_to_string(trf).expect("fixture readable");
    let expected =
        std::fs::read_to_string(trf.with_extension("expected")).expect("expected output present");
    let t = read_trf(&text, true).unwrap_or_else(|e| panic!("{}: {e}", trf.display()));
    assert_eq!(render(pair_round(&t)), expected, "{}", trf.display());
}

#[test]
fn every_round_of_generated_tournaments_is_re_paired_as_the_endorsed_engine_paired_it() {
    let files = fixtures("generated", "trf");
    assert!(files.len() >= 200, "fixtures present");
    let mut rounds = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).expect("fixture readable");
        let t = read_trf(&text, false).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        rounds += t.played_rounds;
        let diffs = check(&t);
        assert!(
            diffs.is_empty(),
            "{}: rounds differ: {:?}",
            f.display(),
            diffs
        );
    }
    assert!(rounds > 1500);
}

/// The whole-field matcher, which the engine falls back to when a contracted
/// bracket cannot be proven optimal, pairs as the endorsed engine too.
#[test]
fn whole_field_fallback_pairs_the_next_round_as_the_endorsed_engine() {
    let files = fixtures("next_round", "trf");
    assert!(files.len() >= 100, "fixtures present");
    for trf in files {
        let text = std::fs::read_to_string(&trf).expect("fixture readable");
        let expected = std::fs::read_to_string(trf.with_extension("expected"))
            .expect("expected output present");
        let t = read_trf(&text, true).unwrap_or_else(|e| panic!("{}: {e}", trf.display()));
        let got = render(tournament::dutch::pair_round_whole_field(&t));
        assert_eq!(got, expected, "{}", trf.display());
    }
}

/// The traced pairing is the pairing; its notes say when the engine fell
/// back to the whole field (p010: a bracket's floater cannot be placed
/// below while the bye is also below) and are empty when it did not.
#[test]
fn traced_pairing_says_when_it_fell_back_to_the_whole_field() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dutch/next_round");
    for (name, falls_back) in [("p010", true), ("p001", false)] {
        let trf = dir.join(format!("{name}.trf"));
        let text = std::fs::read_to_string(&trf).expect("fixture readable");
        let expected = std::fs::read_to_string(trf.with_extension("expected"))
            .expect("expected output present");
        let t = read_trf(&text, true).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (pairs, notes) = tournament::dutch::pair_round_traced(&t);
        assert_eq!(render(pairs), expected, "{name}");
        let fell_back = notes.iter().any(|n| n.contains("solving the whole field"));
        assert_eq!(fell_back, falls_back, "{name}: {notes:?}");
        assert_eq!(notes.is_empty(), !falls_back, "{name}: {notes:?}");
    }
}

#[test]
fn next_round_pairing_equals_the_endorsed_engine_with_byes_forbidden_pairs_and_acceleration() {
    let files = fixtures("next_round", "trf");
    assert!(files.len() >= 100, "fixtures present");
    for f in files {
        check_next_round(&f);
    }
}

/// C.04.3 (initial pairing): the top half meets the bottom half, 1–4, 5–2,
/// 3–6, colours alternating from the drawn colour of player 1 (white).
#[test]
fn first_round_pairs_top_half_against_bottom_half_with_alternating_colours() {
    check_hand("round1_six");
}

/// C.04.1 c / C.04.3 C.2: with an odd number the lowest-ranked player gets
/// the pairing-allocated bye.
#[test]
fn odd_first_round_gives_the_bye_to_the_lowest_ranked_player() {
    check_hand("round1_five_bye");
}

/// C.04.1 b / c: no rematch, and a player who already received the
/// pairing-allocated bye does not receive it again.
#[test]
fn second_round_avoids_rematches_and_a_second_bye_for_the_same_player() {
    check_hand("round2_after_bye");
}

/// C.04.1 b: a forfeited game does not count as played, so the two players
/// may be paired again.
#[test]
fn forfeit_win_does_not_prevent_the_players_meeting_again() {
    check_hand("forfeit_allows_rematch");
}

/// C.04.3 C.1: two players who have played each other cannot be paired
/// again; when no other pairing exists the round cannot be paired.
#[test]
fn played_game_forbids_a_rematch_so_two_players_cannot_be_paired() {
    check_hand("played_game_forbids_rematch");
}

/// C.04.2 (forbidden pairs, `XXP`): players the organiser keeps apart are
/// not paired even in round 1.
#[test]
fn forbidden_pair_is_not_paired() {
    check_hand("forbidden_pair");
}

/// C.04.2 (requested byes, `240`): a player with a requested bye for the
/// round is left out of the pairing.
#[test]
fn player_with_a_requested_bye_is_not_paired() {
    check_hand("requested_bye");
}

/// C.04.5 (Baku acceleration): in round 1 the top half carries one virtual
/// point, so the two halves are paired separately.
#[test]
fn baku_acceleration_pairs_the_accelerated_half_among_itself() {
    check_hand("baku_round1");
}

fn check_hand(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dutch/hand")
        .join(name);
    check_next_round(&path.with_extension("trf"));
}

#[test]
fn defective_player_record_is_refused_with_line_and_column() {
    let text = "012 Test\n001    1      Player0001                        2500                             0.0    1    \n001    2      Player0002                        2400                             0.0    2     1 x 1\nXXR 3\n";
    let err = read_trf(text, true).expect_err("bad colour is refused");
    let tournament::dutch::InputError::Trf(err) = err else {
        panic!("expected a TRF error, got {err}");
    };
    assert_eq!(err.line, 3);
    assert_eq!(err.column, 97);
}

/// VCL4THP.13 Q108: the acceleration's rules can be printed — the points
/// each player gets, round by round, over the whole event, the same the
/// engine adds when it pairs a round: Baku (C.04.5) for 6 players and 5
/// rounds adds 1, 1, ½ to the upper half; an explicit list is its own.
#[test]
fn the_acceleration_schedule_is_what_the_engine_adds_round_by_round() {
    use tournament::dutch::{acceleration_schedule, swiss_for_next_round};
    use tournament::model::Points;
    let mut text = String::from("012 Baku\n142 5\n192 FIDE_DUTCH_2026_BAKU\n");
    for sn in 1..=6u32 {
        let name = format!("Player{sn}");
        text.push_str(&format!(
            "001 {sn:>4}      {name:<34}{:>4}\n",
            2500 - sn * 50
        ));
    }
    let t = tournament::trf::read_tournament(&text).expect("valid TRF");
    let schedule = acceleration_schedule(&t).expect("schedule");
    let (one, half) = (Points::from_tenths(10), Points::from_tenths(5));
    assert_eq!(schedule.len(), 3, "{schedule:?}");
    for sn in 1..=3 {
        assert_eq!(schedule[&sn], [one, one, half], "player {sn}");
    }
    // What round 1's pairing adds is the schedule's first column.
    let swiss = swiss_for_next_round(&t).expect("view");
    for (sn, points) in &schedule {
        let entrant = &swiss.players[*sn as usize - 1];
        assert_eq!(
            entrant.accelerations.first().copied(),
            Some(points[0].tenths())
        );
    }
    // An explicit list is printed as given.
    let mut explicit = t.clone();
    explicit.pairing.baku = false;
    explicit.pairing.accelerations.insert(4, vec![half, half]);
    assert_eq!(
        acceleration_schedule(&explicit).expect("schedule"),
        [(4, vec![half, half])].into_iter().collect()
    );
}
