//! Hand-worked tie-break examples (FIDE C.07), including unplayed rounds
//! under each edition.
//!
//! # The Swiss example (`swiss_with_unplayed_rounds`)
//! Six players rated 2000, 1900, …, 1500; three rounds:
//!
//! | round | boards and byes |
//! |---|---|
//! | 1 | 1–4 1-0, 2–5 ½-½, 3–6 +/− (6 forfeits) |
//! | 2 | 3–1 0-1, 4–5 1-0, 2 requested half-point bye, 6 absent (withdrawn) |
//! | 3 | 1–2 ½-½, 5–3 0-1, 4 pairing-allocated bye, 6 absent |
//!
//! Scores: 1: 2½, 2: 1½, 3: 2, 4: 2, 5: ½, 6: 0. Voluntary unplayed rounds:
//! player 2 round 2 (half-point bye); player 6 rounds 1 (forfeit loss), 2 and
//! 3 (absent). Not VURs: 3's forfeit win, 4's pairing-allocated bye.
//!
//! 2024 edition, scores as opponents (Art. 16.3): everyone's actual score
//! except player 6, whose absences after his last non-VUR round count as
//! draws: 0 + ½ + ½ = 1. Own unplayed rounds meet a dummy opponent with the
//! participant's own score (Art. 16.4).
//!
//! Virtual-opponent edition: as opponents, unplayed rounds count as draws
//! (2: 1½, 3: 1½, 4: 1½, 6: 1½); own unplayed round R meets a virtual opponent
//! Svon = SPR + (1 − SfPR) + ½(n − R): player 2 round 2: ½ + ½ + ½ = 1½;
//! player 3 round 1: 0 + 0 + 1 = 1; player 4 round 3: 1 + 0 + 0 = 1; player 6:
//! 2, 1½, 1.

mod tiebreak_support;

use tiebreak_support::{check, ranking, tournament};
use tournament::model::{System, TiebreakEdition, Tournament};

use TiebreakEdition::{Fide2023, Fide2024, VirtualOpponent};

fn swiss_with_unplayed_rounds() -> Tournament {
    tournament(
        System::Swiss,
        &[2000, 1900, 1800, 1700, 1600, 1500],
        &[
            &["1-4 1-0", "2-5 =", "3-6 +-"],
            &["3-1 0-1", "4-5 1-0", "2 H"],
            &["1-2 =", "5-3 0-1", "4 U"],
        ],
    )
}

#[test]
fn buchholz_uses_dummy_opponents_for_own_unplayed_rounds_and_adjusted_scores_for_withdrawn_opponents()
 {
    // C.07 (2024) Art. 8.1 with Art. 16: 1: 2+2+1½; 2: ½ + dummy 1½ + 2½;
    // 3: dummy 2 + 2½ + ½; 4: 2½ + ½ + dummy 2; 5: 1½ + 2 + 2; 6: dummies 0.
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "BH", &["5.5", "4.5", "5", "5", "5.5", "0"]);
    check(&t, Fide2023, "BH", &["5.5", "4.5", "5", "5", "5.5", "0"]);
}

#[test]
fn buchholz_cut_one_removes_a_voluntary_unplayed_round_first() {
    // C.07 (2024) Art. 14.1 and 16.5: player 2's half-point bye (dummy 1½) is
    // cut before the lower ½; the others lose their lowest value.
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "BH/C1", &["4", "3", "4.5", "4.5", "4", "0"]);
    check(&t, Fide2023, "BH/C1", &["4", "3", "4.5", "4.5", "4", "0"]);
}

#[test]
fn median_buchholz_cuts_the_lowest_and_the_highest() {
    // C.07 (2024) Art. 14.3 (Median-1): 1: 5½ − 1½ − 2; 2: 4½ − 1½ (VUR) − 2½.
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "BH/M1", &["2", "0.5", "2", "2", "2", "0"]);
}

#[test]
fn virtual_opponent_buchholz_follows_the_pre_2023_formula() {
    // Svon = SPR + (1 − SfPR) + 0.5·(n − R); opponents' unplayed games as draws.
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        VirtualOpponent,
        "BH",
        &["4.5", "4.5", "4", "4", "4.5", "4.5"],
    );
    // No VUR-first rule: player 2 loses his lowest value (½), not the bye.
    check(
        &t,
        VirtualOpponent,
        "BH/C1",
        &["3", "4", "3.5", "3.5", "3", "3.5"],
    );
}

#[test]
fn sonneborn_berger_weighs_each_opponent_score_by_the_result() {
    // C.07 (2024) Art. 9.1: 1: 2·1 + 2·1 + 1½·½ = 4¾; 2: ½·½ + 1½·½ (dummy,
    // half-point bye) + 2½·½ = 2¼; 3: 2·1 (dummy, forfeit win) + 0 + ½·1;
    // 4: 0 + ½ + 2·1 (dummy, PAB); 5: 1½·½.
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        Fide2024,
        "SB",
        &["4.75", "2.25", "2.5", "2.5", "0.75", "0"],
    );
    check(
        &t,
        VirtualOpponent,
        "SB",
        &["3.75", "2.25", "1.5", "1.5", "0.75", "0"],
    );
}

#[test]
fn sonneborn_berger_cut_removes_the_contribution_of_the_least_significant_opponent() {
    // The least significant value is the lowest-scoring opponent's (as FIDE
    // TEC's TieBreakServer orders it), not the smallest product. Player 2:
    // the VUR (dummy 1½ → ¾) goes first; player 1: the opponent with 1½
    // points (→ ¾); player 3: the win against 5 (½ point → ½), although the
    // loss to 1 contributes less.
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "SB/C1", &["4", "1.5", "2", "2", "0", "0"]);
}

/// Four players, three rounds; player 3 loses round 1 by forfeit (a VUR).
/// Scores: 1: 2, 2: 1, 3: 1½, 4: 1½ (no trailing VURs, so the adjusted
/// scores are the actual ones).
fn swiss_with_a_forfeit_loss() -> Tournament {
    tournament(
        System::Swiss,
        &[2000, 1900, 1800, 1700],
        &[
            &["1-2 1-0", "3-4 -+"],
            &["3-2 =", "1-4 1-0"],
            &["1-3 0-1", "2-4 ="],
        ],
    )
}

#[test]
fn sonneborn_berger_cut_does_not_cut_a_forfeit_loss_worth_less_than_the_least_significant_game() {
    // C.07 Art. 16.5 (2023 and 2024): the lowest VUR contribution is cut only
    // if it is not lower than the least significant value. Player 3: dummy
    // (own 1½) × 0 = 0 (VUR), P2 (1) × ½ = ½, P1 (2) × 1 = 2; SB 2½. The least
    // significant value is P2's ½ and the VUR's 0 is lower, so ½ is cut: 2.
    // Player 4's forfeit win meets a dummy with his own 1½ (not a VUR):
    // 1½ + 0 + P2 (1) × ½; the cut takes P2's ½. Player 2: two opponents on
    // 1½ (¾ each) tie as least significant; either cut leaves ¾.
    let t = swiss_with_a_forfeit_loss();
    for edition in [Fide2024, Fide2023] {
        check(&t, edition, "SB", &["2.5", "1.5", "2.5", "2"]);
        check(&t, edition, "SB/C1", &["1.5", "0.75", "2", "1.5"]);
        // Buchholz: the VUR's dummy (1½) is not lower than the least
        // significant value (P2's 1), so the VUR is cut: 4½ − 1½ = 3.
        check(&t, edition, "BH", &["4", "5", "4.5", "4.5"]);
        check(&t, edition, "BH/C1", &["3", "3.5", "3", "3.5"]);
    }
}

#[test]
fn sonneborn_berger_cut_between_equal_opponents_is_the_same_under_the_2023_and_2024_wording() {
    // C.07 Art. 14.1: among the lowest-scoring opponents, the 2023 text cuts
    // the one "with which the worst result was achieved", the 2024 text the
    // lowest product; equal scores make the two the same. Scores: 1: 2½,
    // 2: 1, 3: 1, 4: 1½. Player 1 beat 2 (1 × 1), drew 3 (1 × ½), beat 4
    // (1½): SB 3; 2 and 3 share the lowest score, the draw is the worse
    // result and the lower product: SB/C1 2½. Player 4 beat 3 (1), drew 2
    // (½), lost to 1: SB 1½, cut ½.
    let t = tournament(
        System::Swiss,
        &[2000, 1900, 1800, 1700],
        &[
            &["1-2 1-0", "3-4 0-1"],
            &["1-3 =", "2-4 ="],
            &["1-4 1-0", "2-3 ="],
        ],
    );
    for edition in [Fide2024, Fide2023] {
        check(&t, edition, "SB", &["3", "1.25", "1.75", "1.5"]);
        check(&t, edition, "SB/C1", &["2.5", "0.75", "1.25", "1"]);
    }
}

#[test]
fn fore_buchholz_counts_the_last_round_as_draws() {
    // C.07 (2024) Art. 8.3: last-round games become draws: 3 (won) drops to
    // 1½, 5 (lost) rises to 1; 4's bye and 6's absence are not games.
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "FB", &["5", "5", "5", "5.5", "5", "0"]);
}

#[test]
fn average_of_opponents_buchholz_uses_opponents_met_over_the_board() {
    // C.07 (2024) Art. 8.2: player 1 met 4 (5), 3 (5), 2 (4½) → 14½ / 3.
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        Fide2024,
        "AOB",
        &["29/6", "5.5", "5.5", "5.5", "29/6", "-"],
    );
}

#[test]
fn progressive_scores_sum_the_running_scores_and_cut_the_first_rounds() {
    // C.07 (2024) Art. 7.5: 1: 1 + 2 + 2½; PS/C1 drops round 1.
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "PS", &["5.5", "3", "4", "3", "1.5", "0"]);
    check(&t, Fide2024, "PS/C1", &["4.5", "2.5", "3", "3", "1", "0"]);
}

#[test]
fn wins_count_forfeit_wins_and_full_point_byes_but_games_won_do_not() {
    // C.07 (2024) Art. 7.1 (WIN) and 7.2 (WON).
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "WIN", &["2", "0", "2", "2", "0", "0"]);
    check(&t, Fide2024, "WON", &["2", "0", "1", "1", "0", "0"]);
}

#[test]
fn black_games_and_black_wins_count_games_played_over_the_board() {
    // C.07 (2024) Art. 7.3 (BPG) and 7.4 (BWG).
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "BPG", &["1", "1", "1", "1", "2", "0"]);
    check(&t, Fide2024, "BWG", &["1", "0", "1", "0", "0", "0"]);
}

#[test]
fn games_elected_to_play_exclude_voluntary_unplayed_rounds() {
    // C.07 (2024) Art. 7.6 (GE, "games one elected to play"; REP accepted).
    let t = swiss_with_unplayed_rounds();
    check(&t, Fide2024, "GE", &["3", "2", "3", "3", "3", "0"]);
    check(&t, Fide2024, "REP", &["3", "2", "3", "3", "3", "0"]);
}

#[test]
fn average_rating_of_opponents_uses_games_played_and_cuts_the_lowest_rating() {
    // C.07 (2024) Art. 10.1: player 1 met 1700, 1800, 1900; ARO/C1 drops 1700.
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        Fide2024,
        "ARO",
        &["1800", "1800", "1800", "1800", "1800", "-"],
    );
    check(
        &t,
        Fide2024,
        "ARO/C1",
        &["1850", "2000", "2000", "2000", "1850", "-"],
    );
}

#[test]
fn performance_rating_adds_dp_for_the_rounded_percentage() {
    // C.07 (2024) Art. 10.2: player 1: 2½/3 = .83 → dp 273 → 1800 + 273;
    // player 5: ½/3 = .17 → dp −273 → 1527.
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        Fide2024,
        "TPR",
        &["2073", "1800", "1800", "1800", "1527", "-"],
    );
}

#[test]
fn perfect_performance_is_the_lowest_rating_whose_expected_score_reaches_the_score() {
    // C.07 (2024) Art. 10.3: player 2 scored 1 against 1600 and 2000: at 1798
    // the table gives .76 + .24 = 1.00, at 1797 only .75 + .24.
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        Fide2024,
        "PTP",
        &["2089", "1798", "1798", "1798", "1510", "-"],
    );
}

#[test]
fn average_performance_of_opponents_averages_their_performances() {
    // C.07 (2024) Art. 10.4 / 10.5: player 2 met 5 (TPR 1527, PTP 1510) and
    // 1 (TPR 2073, PTP 2089): (1510 + 2089) / 2 = 1799½ → 1800; player 1 met
    // three opponents with PTP 1798.
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        Fide2024,
        "APRO",
        &["1800", "1800", "1800", "1800", "1800", "-"],
    );
    check(
        &t,
        Fide2024,
        "APPO",
        &["1798", "1800", "1800", "1800", "1798", "-"],
    );
}

#[test]
fn players_equal_on_every_tie_break_share_the_place() {
    // 3 and 4: 2 points, BH/C1 4½, BH 5, SB 2½, never met (DE cannot
    // separate), WIN 2, BPG 1 → shared 2nd–3rd place.
    let t = swiss_with_unplayed_rounds();
    let table = ranking(&t, "BH/C1,BH,SB,DE,WIN,BPG", None);
    let places: Vec<(&str, u32)> = table.iter().map(|(p, s)| (p.as_str(), *s)).collect();
    assert_eq!(
        places,
        [
            ("1", 1),
            ("2-3", 3),
            ("2-3", 4),
            ("4", 2),
            ("5", 5),
            ("6", 6)
        ]
    );
}

#[test]
fn drawing_of_lots_separates_fully_tied_players_only_when_asked() {
    let t = swiss_with_unplayed_rounds();
    let table = ranking(&t, "BH/C1,BH,SB", Some(7));
    let places: Vec<&str> = table.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(places, ["1", "2", "3", "4", "5", "6"]);
    let mut tied: Vec<u32> = table[1..3].iter().map(|(_, s)| *s).collect();
    tied.sort_unstable();
    assert_eq!(tied, [3, 4]);
    // The same seed gives the same order.
    assert_eq!(table, ranking(&t, "BH/C1,BH,SB", Some(7)));
}

/// A four-player round robin: 1 beats 4, 2–3 drawn; 3 beats 4, 2 beats 1;
/// 2 wins by forfeit against 4, 3–1 drawn. Scores 1: 1½, 2: 2½, 3: 2, 4: 0.
fn round_robin_with_forfeit() -> Tournament {
    tournament(
        System::RoundRobin,
        &[2100, 2000, 1900, 1800],
        &[
            &["1-4 1-0", "2-3 ="],
            &["4-3 0-1", "1-2 0-1"],
            &["2-4 +-", "3-1 ="],
        ],
    )
}

#[test]
fn round_robin_sonneborn_berger_counts_forfeits_as_games_against_the_real_opponent() {
    // 1: 0 (beat 4) + ½·2 (drew 3) = 1; 2: ½·2 + 1½ + 0 (forfeit vs 4) = 2½;
    // 3: ½·2½ + 0 + ½·1½ = 2.
    let t = round_robin_with_forfeit();
    check(&t, Fide2024, "SB", &["1", "2.5", "2", "0"]);
    check(&t, VirtualOpponent, "SB", &["1", "2.5", "2", "0"]);
}

#[test]
fn koya_counts_points_against_opponents_with_at_least_half_the_maximum() {
    // C.07 (2024) Art. 9.2: limit 1½ of 3: opponents 1 (1½), 2 (2½), 3 (2).
    let t = round_robin_with_forfeit();
    check(&t, Fide2024, "KS", &["0.5", "1.5", "1", "0"]);
    // Raising the limit by one point (2½) leaves only player 2.
    check(&t, Fide2024, "KS/L+1", &["0", "0", "0.5", "0"]);
    // A 70% limit (2.1 points) also leaves only player 2.
    check(&t, Fide2024, "KS/L70", &["0", "0", "0.5", "0"]);
}

#[test]
fn direct_encounter_puts_the_winner_of_the_game_between_tied_players_first() {
    // 1 and 2 finish on 2 points; 2 beat 1 (C.07 (2024) Art. 6).
    let t = tournament(
        System::RoundRobin,
        &[2100, 2000, 1900, 1800],
        &[
            &["1-4 1-0", "2-3 1-0"],
            &["4-3 =", "1-2 0-1"],
            &["2-4 0-1", "3-1 0-1"],
        ],
    );
    check(&t, Fide2024, "DE", &["0", "1", "-", "-"]);
    let table = ranking(&t, "DE", None);
    assert_eq!(table[0], ("1".to_string(), 2));
    assert_eq!(table[1], ("2".to_string(), 1));
}

#[test]
fn direct_encounter_leaves_a_cycle_of_results_tied() {
    // 1 beat 2, 2 beat 3, 3 beat 1: each scored 1 among the tied.
    let t = tournament(
        System::RoundRobin,
        &[2100, 2000, 1900, 1800],
        &[
            &["1-4 1-0", "2-3 1-0"],
            &["4-3 0-1", "1-2 1-0"],
            &["2-4 1-0", "3-1 1-0"],
        ],
    );
    let table = ranking(&t, "DE,SB,WIN,KS", None);
    let places: Vec<&str> = table.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(places, ["1-3", "1-3", "1-3", "4"]);
}

#[test]
fn direct_encounter_in_a_swiss_needs_a_lead_no_missing_game_could_erase() {
    // 1, 2, 3, 5 finish on 2 points. Among them 1 beat 2, 5 beat 1, 3 beat 5;
    // 2–3, 2–5, 1–3 never met. DE points: 1: 1, 2: 0, 3: 1, 5: 1. Player 3
    // could still reach 3 by winning his two missing encounters, so nobody's
    // lead is decisive (C.07 (2024) Art. 6): all four share the place.
    let t = tournament(
        System::Swiss,
        &[2000, 1900, 1800, 1700, 1600, 1500],
        &[
            &["1-2 1-0", "3-4 1-0", "5-6 1-0"],
            &["5-1 1-0", "2-4 1-0", "6-3 1-0"],
            &["1-4 1-0", "2-6 1-0", "3-5 1-0"],
        ],
    );
    check(&t, Fide2024, "DE", &["1", "0", "1", "-", "1", "-"]);
    let table = ranking(&t, "DE", None);
    let places: Vec<&str> = table.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(places, ["1-4", "1-4", "1-4", "1-4", "5", "6"]);
}

#[test]
fn unknown_tie_break_codes_are_refused_with_a_clear_message() {
    let error = tournament::standings::parse_tiebreaks("BH/C1,XYZ").unwrap_err();
    assert!(
        error.to_string().contains("unknown tie-break 'XYZ'"),
        "{error}"
    );
    let error = tournament::standings::parse_tiebreak("WIN/C1").unwrap_err();
    assert!(error.to_string().contains("takes no cut"), "{error}");
    let error = tournament::standings::parse_tiebreak("BH/Q").unwrap_err();
    assert!(error.to_string().contains("unknown modifier"), "{error}");
}

#[test]
fn only_the_tie_breaks_c07_marks_for_cuts_take_cut_and_median_modifiers() {
    // C.07 (2024) Art. 14 and the "Cut-1" column of its table: BH, FB, SB,
    // ARO and PS take cuts (PS no median); TPR, PTP, APRO, APPO, AOB, KS do not.
    use tournament::standings::parse_tiebreak;
    for ok in ["BH/C2", "FB/M1", "SB/C1", "ARO/M2", "PS/C1"] {
        assert!(parse_tiebreak(ok).is_ok(), "{ok}");
    }
    for refused in [
        "TPR/C1", "PTP/M1", "APRO/C1", "APPO/C1", "AOB/C1", "KS/C1", "PS/M1",
    ] {
        assert!(parse_tiebreak(refused).is_err(), "{refused}");
    }
}

#[test]
fn modifiers_parse_into_cuts_and_limits() {
    use tournament::standings::{TiebreakKind, parse_tiebreak};
    let bh = parse_tiebreak("bh/m2").expect("BH/M2");
    assert_eq!(
        (bh.kind, bh.cut_low, bh.cut_high),
        (TiebreakKind::Buchholz, 2, 2)
    );
    let ks = parse_tiebreak("KS/L-0.5").expect("KS/L-0.5");
    assert_eq!(ks.koya_limit.offset_tenths, -5);
    assert_eq!(
        parse_tiebreak("REP").expect("REP").kind,
        TiebreakKind::GamesElected
    );
}

// ---- The 2026 edition (C.07 in force from 1 March 2026) ----

#[test]
fn in_2026_the_dummy_opponent_of_an_unplayed_round_is_capped() {
    // C.07 (2026) Art. 16.4: the dummy keeps the participant's own score,
    // but no more than the score of the opponent who forfeited (16.4.1) or
    // half the maximum, 1½ in three rounds (16.4.2). 3's forfeit win over
    // 6 (adjusted score 1): 1 + 2½ + ½ = 4 (2024: 5); 4's pairing-allocated
    // bye: 2½ + ½ + 1½ = 4½ (2024: 5); 2's half-point bye is 1½ either way.
    // SB weighs the same scores by the results: 3: 1 + 0 + ½ = 1½ (2024:
    // 2½); 4: 0 + ½ + 1½ = 2 (2024: 2½).
    let t = swiss_with_unplayed_rounds();
    check(
        &t,
        TiebreakEdition::Fide2026,
        "BH",
        &["5.5", "4.5", "4", "4.5", "5.5", "0"],
    );
    check(
        &t,
        TiebreakEdition::Fide2026,
        "SB",
        &["4.75", "2.25", "1.5", "2", "0.75", "0"],
    );
}

#[test]
fn std_counts_every_round_as_one_half_or_nothing_whatever_the_point_system() {
    // C.07 (2026) standard points: under 3-1-0 a win (or a forfeit win, a
    // pairing-allocated bye worth a win) is 1, a draw or a half-point bye
    // ½, a loss, forfeit loss or absence 0.
    let mut t = swiss_with_unplayed_rounds();
    t.scoring = tournament::model::Scoring::new(
        tournament::model::Points(30),
        tournament::model::Points(10),
        tournament::model::Points::ZERO,
    );
    check(
        &t,
        TiebreakEdition::Fide2026,
        "STD",
        &["2.5", "1.5", "2", "2", "0.5", "0"],
    );
}

#[test]
fn rtng_is_the_own_rating_and_undefined_for_all_when_someone_is_unrated() {
    let mut t = swiss_with_unplayed_rounds();
    check(
        &t,
        TiebreakEdition::Fide2026,
        "RTNG",
        &["2000", "1900", "1800", "1700", "1600", "1500"],
    );
    t.players[5].fide_rating = None;
    check(
        &t,
        TiebreakEdition::Fide2026,
        "RTNG",
        &["-", "-", "-", "-", "-", "-"],
    );
}

#[test]
fn tpn_puts_the_lower_pairing_number_first_and_r_reverses_tpn_and_rtng() {
    // 3 and 4 both have 2 points.
    let t = swiss_with_unplayed_rounds();
    let order = |list: &str| -> Vec<(String, u32)> { ranking(&t, list, None) };
    assert_eq!(order("TPN")[1..3], [("2".into(), 3), ("3".into(), 4)]);
    assert_eq!(order("TPN/R")[1..3], [("2".into(), 4), ("3".into(), 3)]);
    assert_eq!(order("RTNG")[1..3], [("2".into(), 3), ("3".into(), 4)]);
    assert_eq!(order("RTNG/R")[1..3], [("2".into(), 4), ("3".into(), 3)]);
}

#[test]
fn a_round_robin_refuses_buchholz_fore_buchholz_and_aob_in_2026_naming_the_position() {
    use tournament::standings::{SpecError, StandingsOptions};
    let mut t = tournament(
        System::RoundRobin,
        &[2000, 1900, 1800, 1700],
        &[&["1-4 1-0", "2-3 ="]],
    );
    for (list, position, spec) in [
        (vec!["DE", "BH"], 2, "BH"),
        (vec!["FB/C1"], 1, "FB/C1"),
        (vec!["SB", "KS", "AOB"], 3, "AOB"),
    ] {
        t.tiebreaks = list.iter().map(ToString::to_string).collect();
        t.tiebreak_edition = TiebreakEdition::Fide2026;
        let error = StandingsOptions::for_tournament(&t).unwrap_err();
        assert_eq!(
            error,
            SpecError::InList {
                position,
                error: Box::new(SpecError::NotForRoundRobin { spec: spec.into() })
            },
            "{list:?}"
        );
        // The 2024 edition had no such exclusion.
        t.tiebreak_edition = Fide2024;
        assert!(StandingsOptions::for_tournament(&t).is_ok(), "{list:?}");
    }
    // A Swiss takes them.
    t.system = System::Swiss;
    t.tiebreak_edition = TiebreakEdition::Fide2026;
    t.tiebreaks = vec!["BH/C1".into(), "FB".into(), "AOB".into()];
    assert!(StandingsOptions::for_tournament(&t).is_ok());
}

#[test]
fn unknown_and_mis_modified_tiebreaks_are_refused_with_their_position() {
    use tournament::standings::{SpecError, parse_tiebreaks};
    let position = |list: &str| match parse_tiebreaks(list) {
        Err(SpecError::InList { position, error }) => (position, error.to_string()),
        other => panic!("{list}: {other:?}"),
    };
    let (at, why) = position("BH/C1,SB,XYZ");
    assert_eq!(at, 3);
    assert!(why.contains("unknown tie-break 'XYZ'"), "{why}");
    let (at, why) = position("TPN/C1,SB");
    assert_eq!(at, 1);
    assert!(why.contains("takes no cut"), "{why}");
    let (at, _) = position("DE,RTNG/R2");
    assert_eq!(at, 2);
    let (at, _) = position("STD,KS/Q");
    assert_eq!(at, 2);
    let (at, _) = position("SB,,DE");
    assert_eq!(at, 2);
    assert!(parse_tiebreaks("STD,RTNG/R,TPN/R,BH/M1,KS/L60").is_ok());
}
