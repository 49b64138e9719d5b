//! FIDE Dutch system, C.04.3 (edition applied from 1 February 2026) with
//! C.04.1 (basic rules) and C.04.2 (general handling rules): the worked
//! examples of the text and one situation per rule, as next-round fixtures in
//! `fixtures/dutch/handbook/` (`name.trf` the history, `name.expected` the
//! next round in the engines' output format). Each expected file was worked
//! out by hand from the article cited and agrees with bbpPairings (Dutch 2025
//! rules); `key` lines are the hand-derived part each test is about.
//!
//! `fixtures/dutch/large/` holds complete random tournaments of 200 to 400
//! players from bbpPairings' generator; every round must re-pair as recorded.

use std::path::{Path, PathBuf};

use tournament::dutch::{DutchError, Pairing, check, pair_round, read_trf};

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dutch")
        .join(name)
}

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

/// Pairs the next round of `handbook/<name>.trf`, compares it with
/// `<name>.expected`, and checks that the expected pairing holds each
/// hand-derived `key` line (a `white black` pair, or `N 0` for the bye).
fn check_handbook(name: &str, key: &[&str]) {
    let trf = dir("handbook").join(format!("{name}.trf"));
    let text = std::fs::read_to_string(&trf).expect("fixture readable");
    let expected =
        std::fs::read_to_string(trf.with_extension("expected")).expect("expected present");
    for line in key {
        assert!(
            expected.lines().any(|l| l == *line),
            "{name}: the expected pairing lacks the hand-derived line {line:?}"
        );
    }
    let t = read_trf(&text, true).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(render(pair_round(&t)), expected, "{name}");
}

/// C.04.3 4.2.2 (worked example, 11-player homogeneous bracket, S1 = 1–5,
/// S2 = 6–11): transpositions come in lexicographic order of their first five
/// BSNs. With 4–9 barred (XXP) the first two (6-7-8-9-10, 6-7-8-9-11) fail
/// and the third, 6-7-8-10-9, pairs 4–10 and 5–9; 11 gets the bye.
#[test]
fn transpositions_are_tried_in_lexicographic_order_so_a_barred_pair_moves_to_the_third() {
    check_handbook(
        "transposition_third_in_lexicographic_order",
        &["1 6", "10 4", "5 9", "11 0"],
    );
}

/// C.04.3 4.2.2 (same bracket): every order starting with 6 precedes the
/// first starting with 7, so with 1–6 barred the pairing is 7-6-8-9-10.
#[test]
fn the_first_s2_bsn_changes_only_after_every_order_of_the_rest_has_failed() {
    check_handbook(
        "transposition_next_first_bsn",
        &["1 7", "6 2", "3 8", "9 4", "5 10", "11 0"],
    );
}

/// C.04.3 4.2.2 (worked example, 11-player bracket with two MDPs: the
/// transpositions are the 72 orders of the two residents facing the MDPs),
/// 3.3.3 and 3.7.1: two accelerated players who may not meet each other (XXP)
/// move down; with 1–3 barred the first order is 4-3, and the remainder 5–11
/// is paired as a homogeneous bracket, 11 getting the bye.
#[test]
fn two_mdps_take_the_first_valid_order_of_their_opponents_and_the_remainder_pairs_apart() {
    check_handbook(
        "transposition_heterogeneous_two_mdps",
        &["1 4", "3 2", "5 8", "9 6", "7 10", "11 0"],
    );
}

/// C.04.3 3.6.1 and 4.3.2 (rules 1 and 2): when no transposition works
/// (player 3 may meet nobody in S2), the first resident exchange swaps one
/// player each way with the smallest BSN difference, 3 for 4.
#[test]
fn a_resident_exchange_swaps_the_fewest_players_with_the_smallest_bsn_difference() {
    check_handbook("exchange_smallest_difference", &["1 3", "5 2", "6 4"]);
}

/// C.04.3 5.2.1: both colour preferences are granted (player 1 had White,
/// player 2 Black), even though the higher-ranked player has an odd TPN.
#[test]
fn both_colour_preferences_are_granted_before_any_other_colour_rule() {
    check_handbook("colour_both_preferences", &["2 1"]);
}

/// C.04.3 5.2.2 and 1.7: player 2's strong preference for Black (colour
/// difference +1) beats player 1's mild one, though player 1 ranks higher.
#[test]
fn the_stronger_colour_preference_is_granted_over_the_higher_ranked_players() {
    check_handbook("colour_stronger_preference", &["1 2"]);
}

/// C.04.3 5.2.3: both players have a strong preference for Black; they last
/// had different colours in round 3 (player 1 Black, player 2 White), so the
/// colours alternate from that round.
#[test]
fn equal_preferences_alternate_from_the_latest_round_with_different_colours() {
    check_handbook("colour_alternate_latest_difference", &["1 2"]);
}

/// C.04.3 5.2.4: identical colour histories (Black, White), so the
/// higher-ranked player 1 gets the Black it prefers (5.2.5 would give White).
#[test]
fn with_identical_histories_the_higher_ranked_player_gets_its_preference() {
    check_handbook("colour_higher_ranked_preference", &["2 1"]);
}

/// C.04.3 5.2.4 with 1.2: rank is by score before TPN, so player 2, a point
/// ahead, is the higher-ranked player and gets its preferred Black.
#[test]
fn the_higher_ranked_player_for_colours_is_the_one_with_the_higher_score() {
    check_handbook("colour_higher_ranked_by_score", &["1 2"]);
}

/// C.04.2 3.4 with C.04.3 5.2.3 and 5.2.4: player 1 (White, absent, absent,
/// Black) and player 2 (Black, White, White, Black) both mildly prefer White.
/// Histories are compared from the latest game played, unplayed rounds
/// counting as the earliest, so no round with different colours is found and
/// the higher-ranked player 1 gets White (comparing round by round would
/// have stopped at round 1 and given White to player 2).
#[test]
fn unplayed_rounds_count_as_the_earliest_when_colour_histories_are_compared() {
    check_handbook("colour_unplayed_rounds_count_as_earliest", &["1 2"]);
}

/// C.04.3 5.2.5 and 5.1: neither player has played, so the higher-ranked
/// player (TPN 2, even) gets the colour opposite to the initial colour White.
#[test]
fn without_preferences_an_even_tpn_takes_the_colour_opposite_to_the_initial_one() {
    check_handbook("colour_even_tpn_takes_opposite_initial", &["3 2"]);
}

/// C.04.3 1.8 and 2.1.3 [C3]: players 1 and 2 (White, Black, Black; 3 of 3)
/// both have an absolute preference for White and may only meet each other.
/// In the last round they are topscorers and may meet; equal colour
/// differences and histories leave White to the higher-ranked (5.2.2–5.2.4).
#[test]
fn topscorers_with_the_same_absolute_preference_may_meet_in_the_last_round() {
    check_handbook("topscorers_same_absolute_preference_last_round", &["1 2"]);
}

/// C.04.3 2.1.3 [C3] and 1.9.3: the same players one round before the last
/// are not topscorers, may not meet, and no valid pairing exists.
#[test]
fn before_the_last_round_the_same_absolute_preference_forbids_the_pairing() {
    check_handbook(
        "same_absolute_preference_before_last_round",
        &["no valid pairing"],
    );
}

/// C.04.1 Art. 4 and C.04.3 2.1.2 [C2]: player 5, alone on the lowest score,
/// scored a full point without playing (a full-point bye) and cannot get the
/// pairing-allocated bye; player 4 already had it, so it goes to player 3.
#[test]
fn a_full_point_bye_bars_the_pairing_allocated_bye_even_on_the_lowest_score() {
    check_handbook("pab_not_after_full_point_bye", &["3 0"]);
}

/// C.04.3 2.1.2 [C2] and 2.3.1 [C5]: a half-point bye is not a win's points
/// without playing, so player 5, on the lowest score, gets the bye.
#[test]
fn a_half_point_bye_does_not_bar_the_pairing_allocated_bye() {
    check_handbook("pab_allowed_after_half_point_bye", &["5 0"]);
}

/// C.04.3 2.4.4 [C9]: everybody is on ½ point; player 5 already has an
/// unplayed round (a half-point bye), so the bye goes to a player without
/// one, the first such in transposition order (4.2.2) leaving 3 unpaired.
#[test]
fn on_equal_scores_the_bye_avoids_a_player_who_already_missed_a_round() {
    check_handbook("pab_fewest_unplayed_games", &["3 0"]);
}

/// C.04.3 2.1.2 [C2] and 2.4.4 [C9]: players 2 and 3 had the bye and player 5
/// a forfeit win, so only 1 and 4 may get it; player 4 lost a forfeit (an
/// unplayed round, C.04.2), so player 1 gets it although ranked higher.
#[test]
fn a_forfeit_win_bars_the_bye_and_a_forfeit_loss_counts_as_an_unplayed_round() {
    check_handbook("pab_not_after_forfeit_win", &["1 0"]);
}

/// C.04.3 3.2.2, 3.2.4, 4.4.2 and 1.4.1: three MDPs (XXA, barred from each
/// other) meet a two-player bracket; MDP 2 may meet neither resident, so the
/// first pairable set is {1, 3} and 2 stays in the Limbo and floats on to the
/// lowest bracket, where it meets the top resident 6 first.
#[test]
fn an_mdp_that_cannot_be_paired_stays_in_the_limbo_and_floats_to_the_next_bracket() {
    check_handbook("mdp_limbo_next_set", &["1 4", "3 5", "6 2", "7 8", "9 0"]);
}

/// C.04.3 4.3.2 (rule 3): exchanges 4↔7 and 3↔6 have the same BSN
/// difference; the one moving the larger S1 BSN (4) comes first, so 4 meets 2
/// and 7 meets 8 (the other order would have paired 2–3, 4–7 and 6–8).
#[test]
fn among_equal_differences_the_exchange_moving_the_larger_s1_bsn_comes_first() {
    check_handbook(
        "exchange_largest_s1_bsn_first",
        &["1 5", "4 2", "3 6", "7 8"],
    );
}

/// C.04.A checker procedure at 200 to 370 players: each of these random
/// tournaments (bbpPairings' generator, seeds from 1,200,001, with draws,
/// forfeits, retirements and half-point byes) is re-paired round by round
/// from its own history and must match every recorded pairing.
#[test]
fn every_round_of_large_generated_tournaments_is_re_paired_as_the_endorsed_engine_paired_it() {
    let mut files: Vec<_> = std::fs::read_dir(dir("large"))
        .expect("large fixtures present")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "large fixtures present");
    let mut rounds = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).expect("fixture readable");
        let t = read_trf(&text, false).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(
            t.players.len() >= 200,
            "{}: a large tournament",
            f.display()
        );
        rounds += t.played_rounds;
        let diffs = check(&t);
        assert!(
            diffs.is_empty(),
            "{}: rounds differ: {diffs:?}",
            f.display()
        );
    }
    assert!(rounds >= 100);
}
