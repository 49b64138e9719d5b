//! FIDE Rating Regulations (effective 1 March 2024; 8.3.1 as amended from
//! 1 October 2025) and the club grade-points scheme (`laws.md`, "Grade points").

use tournament::model::{Board, Date, GameResult, Player, Round, Tournament};
use tournament::rating::fide::{average_rating, percentage_hundredths};
use tournament::rating::{
    GameScore, Grade, GradeResult, KFactorBasis, RatedGame, ReportOptions, dp_for_percentage,
    expected_score_hundredths, fide_report, grade_exchange, k_factor, perfect_performance,
    performance_rating, rating_change, rating_difference,
};

#[test]
fn expected_score_follows_table_8_1_2_band_by_band() {
    // (rating difference, PD of the higher-rated player in hundredths)
    let table = [
        (0, 50),
        (3, 50),
        (4, 51),
        (10, 51),
        (11, 52),
        (25, 53),
        (26, 54),
        (100, 64),
        (106, 64),
        (107, 65),
        (197, 75),
        (198, 76),
        (344, 88),
        (345, 89),
        (400, 92),
        (411, 92),
        (412, 93),
        (619, 98),
        (620, 99),
        (735, 99),
        (736, 100),
        (2000, 100),
    ];
    for (difference, pd) in table {
        assert_eq!(
            expected_score_hundredths(difference),
            pd,
            "D = {difference}"
        );
        assert_eq!(
            expected_score_hundredths(-difference),
            100 - pd,
            "D = -{difference}"
        );
    }
}

#[test]
fn dp_follows_table_8_1_1() {
    let table = [
        (100, 800),
        (99, 677),
        (98, 589),
        (90, 366),
        (83, 273),
        (75, 193),
        (67, 125),
        (51, 7),
        (50, 0),
        (49, -7),
        (25, -193),
        (1, -677),
        (0, -800),
    ];
    for (p, dp) in table {
        assert_eq!(dp_for_percentage(p), dp, "p = .{p}");
    }
}

fn basis(rating: u16) -> KFactorBasis {
    KFactorBasis {
        rating,
        games_completed: 100,
        has_reached_2400: false,
        within_youth_period: false,
    }
}

#[test]
fn k_is_40_for_new_players_until_30_games() {
    // 8.3.3: K = 40 for a player new to the list until 30 games are completed.
    assert_eq!(
        k_factor(
            KFactorBasis {
                games_completed: 29,
                ..basis(1800)
            },
            9
        ),
        40
    );
    assert_eq!(
        k_factor(
            KFactorBasis {
                games_completed: 30,
                ..basis(1800)
            },
            9
        ),
        20
    );
}

#[test]
fn k_is_40_for_juniors_under_2300_until_the_end_of_the_year_they_turn_18() {
    let junior = KFactorBasis {
        within_youth_period: true,
        ..basis(2299)
    };
    assert_eq!(k_factor(junior, 9), 40);
    assert_eq!(
        k_factor(
            KFactorBasis {
                rating: 2300,
                ..junior
            },
            9
        ),
        20
    );
    assert!(tournament::rating::within_youth_period(2008, 2026));
    assert!(!tournament::rating::within_youth_period(2007, 2026));
}

#[test]
fn k_is_10_once_2400_is_reached_even_after_dropping_below() {
    assert_eq!(k_factor(basis(2400), 9), 10);
    assert_eq!(
        k_factor(
            KFactorBasis {
                has_reached_2400: true,
                ..basis(2350)
            },
            9
        ),
        10
    );
    assert_eq!(k_factor(basis(2399), 9), 20);
}

#[test]
fn k_times_games_never_exceeds_700() {
    // 8.3.3: K becomes the largest whole number with K × n ≤ 700.
    let new = KFactorBasis {
        games_completed: 0,
        ..basis(1800)
    };
    assert_eq!(k_factor(new, 17), 40); // 680
    assert_eq!(k_factor(new, 18), 38); // 40 × 18 = 720 > 700 → 38 (684)
    assert_eq!(k_factor(basis(1800), 35), 20); // exactly 700
    assert_eq!(k_factor(basis(1800), 36), 19);
}

#[test]
fn the_400_point_rule_caps_differences_below_2650_only() {
    // 8.3.1 as amended from 1 October 2025.
    assert_eq!(rating_difference(2000, 1500), 400);
    assert_eq!(rating_difference(1500, 2000), -400);
    assert_eq!(rating_difference(2649, 2100), 400);
    assert_eq!(rating_difference(2650, 2100), 550);
    assert_eq!(rating_difference(2700, 1800), 900);
}

fn win_against(rating: u16) -> RatedGame {
    RatedGame {
        opponent_rating: Some(rating),
        score: GameScore::Win,
    }
}

#[test]
fn a_2000_player_beating_a_1500_player_gains_as_against_a_1600_player() {
    // D counts as 400 → PD .92 → ΔR .08 × K 20 = 1.6 → 2.
    let change = rating_change(2000, 20, &[win_against(1500)]);
    assert_eq!(
        (
            change.expected_hundredths,
            change.change_hundredths,
            change.change
        ),
        (92, 160, 2)
    );
}

#[test]
fn a_player_rated_2650_or_more_uses_the_actual_difference() {
    // 2700 vs 2230: D = 470 → PD .95 → ΔR .05 × 10 = 0.5 → 1 (away from zero).
    let change = rating_change(2700, 10, &[win_against(2230)]);
    assert_eq!((change.expected_hundredths, change.change), (95, 1));
    // 2700 vs 1800: D = 900 → PD 1.00: a win gains nothing, a loss costs 10.
    assert_eq!(rating_change(2700, 10, &[win_against(1800)]).change, 0);
    let loss = RatedGame {
        opponent_rating: Some(1800),
        score: GameScore::Loss,
    };
    assert_eq!(rating_change(2700, 10, &[loss]).change, -10);
    // A 2649 player against 1800 is still capped: PD .92, win → 0.8 → 1.
    assert_eq!(rating_change(2649, 10, &[win_against(1800)]).change, 1);
}

#[test]
fn the_rating_change_is_rounded_half_away_from_zero() {
    // 8.3.4: a loss to an equal (−.50) and a win against a player 190 lower
    // (+.25) give ΣΔR −.25; × 10 = −2.5 → −3.
    let games = [
        RatedGame {
            opponent_rating: Some(2000),
            score: GameScore::Loss,
        },
        win_against(1810),
    ];
    let change = rating_change(2000, 10, &games);
    assert_eq!((change.change_hundredths, change.change), (-250, -3));
    // And +2.5 → +3: a win against an equal (+.50), a loss to a player 190
    // higher (−.25).
    let games = [
        RatedGame {
            opponent_rating: Some(2000),
            score: GameScore::Win,
        },
        RatedGame {
            opponent_rating: Some(2190),
            score: GameScore::Loss,
        },
    ];
    assert_eq!(rating_change(2000, 10, &games).change, 3);
}

#[test]
fn games_against_unrated_opponents_are_not_rated() {
    let games = [
        RatedGame {
            opponent_rating: None,
            score: GameScore::Win,
        },
        win_against(2000),
    ];
    let change = rating_change(2000, 20, &games);
    assert_eq!((change.games, change.change), (1, 10));
}

#[test]
fn performance_rating_is_the_average_plus_dp() {
    // 8.1.1: 3/4 against an average of 2000 → p .75 → dp 193.
    assert_eq!(
        performance_rating(&[1900, 2000, 2050, 2050], 300),
        Some(2193)
    );
    assert_eq!(performance_rating(&[], 0), None);
    assert_eq!(average_rating(&[2000, 2001]), Some(2001));
    assert_eq!(percentage_hundredths(250, 3), 83);
    assert_eq!(percentage_hundredths(50, 3), 17);
}

#[test]
fn perfect_performance_searches_the_lowest_sufficient_rating() {
    assert_eq!(perfect_performance(&[1600, 2000], 100), Some(1798));
    assert_eq!(perfect_performance(&[1600, 2000], 0), Some(800));
    assert_eq!(perfect_performance(&[1600, 2000], 200), Some(2800));
}

#[test]
fn the_report_rates_only_games_played_over_the_board_against_rated_opponents() {
    let mut t = Tournament::default();
    let ratings = [Some(2000), Some(1500), None, Some(1800)];
    for (i, rating) in ratings.iter().enumerate() {
        t.players.push(Player {
            start_number: i as u32 + 1,
            name: format!("P{}", i + 1),
            fide_rating: *rating,
            birth_date: Some(Date {
                year: 1990,
                month: 0,
                day: 0,
            }),
            ..Player::default()
        });
    }
    t.rounds.push(Round {
        boards: vec![
            Board::new(1, 2, GameResult::WhiteWins),
            Board::new(3, 4, GameResult::Draw),
        ],
        byes: vec![],
    });
    t.rounds.push(Round {
        boards: vec![
            Board::new(1, 3, GameResult::WhiteWins),
            Board::new(4, 2, GameResult::WhiteWinsByForfeit),
        ],
        byes: vec![],
    });
    let report = fide_report(
        &t,
        ReportOptions {
            event_year: Some(2026),
            games_completed: None,
        },
    );
    // Player 1: one rated game (vs 1500, capped D 400 → .92), the unrated 3 skipped.
    let p1 = report[0].change.as_ref().expect("rated");
    assert_eq!((p1.games, p1.k, p1.change), (1, 20, 2));
    // Player 2: the forfeit is not rated; loss to 2000 → −.08 × 20 = −1.6 → −2.
    assert_eq!(
        report[1].change.as_ref().map(|c| (c.games, c.change)),
        Some((1, -2))
    );
    // Player 3 is unrated: no change, performance over rated opponents only.
    assert!(report[2].change.is_none());
    // ½ against 1800 and 0 against 2000: average 1900, p .25 → dp −193.
    assert_eq!(report[2].performance, Some(1707));
}

#[test]
fn grades_run_from_ungraded_through_30th_to_1st_grade() {
    assert_eq!(Grade::of(0), Grade::Ungraded);
    assert_eq!(Grade::of(99), Grade::Ungraded);
    assert_eq!(Grade::of(100), Grade::Graded(30));
    assert_eq!(Grade::of(199), Grade::Graded(30));
    assert_eq!(Grade::of(200), Grade::Graded(29));
    assert_eq!(Grade::of(2999), Grade::Graded(2));
    assert_eq!(Grade::of(3000), Grade::Graded(1));
    assert_eq!(Grade::of(4500), Grade::Graded(1));
}

/// (d, result seen from the higher player a, exact hundredths, rounded points).
fn check_grade(cases: &[(u32, GradeResult, u32, u32)]) {
    for &(d, result, exact, points) in cases {
        let exchange = grade_exchange(1000 + d, 1000, result);
        assert_eq!(
            (exchange.exact_hundredths, exchange.points),
            (exact, points),
            "d = {d}, {result:?}"
        );
    }
}

#[test]
fn a_draw_moves_points_to_the_lower_player_by_the_draw_formula() {
    use GradeResult::Draw;
    check_grade(&[
        (0, Draw, 0, 0),
        (9, Draw, 0, 0),
        (10, Draw, 550, 6),    // (10 + 1)/2 = 5.5 → 6
        (15, Draw, 575, 6),    // (10 + 1.5)/2 = 5.75
        (99, Draw, 995, 10),   // (10 + 9.9)/2 = 9.95
        (100, Draw, 2500, 25), // 100/4
        (101, Draw, 2525, 25),
        (250, Draw, 6250, 63), // 62.5 → 63
    ]);
    let e = grade_exchange(1100, 1000, Draw);
    assert_eq!((e.a_after, e.b_after), (1075, 1025));
}

#[test]
fn a_win_by_the_lower_player_follows_the_upset_formula() {
    use GradeResult::BWins;
    check_grade(&[
        (0, BWins, 1000, 10),
        (9, BWins, 1000, 10),
        (10, BWins, 1100, 11),
        (99, BWins, 1990, 20), // 10 + 9.9
        (100, BWins, 5000, 50),
        (201, BWins, 10050, 101), // 100.5 → 101
    ]);
}

#[test]
fn a_win_by_the_higher_player_follows_the_expected_result_formula() {
    use GradeResult::AWins;
    check_grade(&[
        (9, AWins, 1000, 10),
        (10, AWins, 920, 9), // 10 − 10/12.5 = 9.2
        (50, AWins, 600, 6),
        (99, AWins, 208, 2), // 10 − 7.92
        (100, AWins, 200, 2),
        (199, AWins, 200, 2),
        (200, AWins, 0, 0),
    ]);
    let e = grade_exchange(1050, 1000, AWins);
    assert_eq!((e.a_after, e.b_after), (1056, 994));
}

#[test]
fn grade_points_never_go_below_zero() {
    let e = grade_exchange(5, 0, GradeResult::BWins);
    assert_eq!((e.a_after, e.b_after), (0, 10));
}

#[test]
fn the_grade_report_applies_each_round_from_the_points_at_its_start() {
    let mut t = Tournament::default();
    for (sn, points) in [(1, 1050), (2, 1000), (3, 500)] {
        t.players.push(Player {
            start_number: sn,
            name: format!("P{sn}"),
            grade_points: Some(points),
            // The national rating is not the grade: it must be ignored.
            national_rating: Some(2000),
            ..Player::default()
        });
    }
    // Round 1: 1 beats 2 (d = 50: 10 − 4 = 6); 3 is absent.
    // Round 2: 3 beats 1 (lower wins, d = 1056 − 500 = 556: 278); 2 absent.
    t.rounds.push(Round {
        boards: vec![Board::new(1, 2, GameResult::WhiteWins)],
        byes: vec![],
    });
    t.rounds.push(Round {
        boards: vec![Board::new(3, 1, GameResult::WhiteWins)],
        byes: vec![],
    });
    let report = tournament::rating::grade_report(&t);
    let after: Vec<u32> = report.iter().map(|l| l.after).collect();
    assert_eq!(after, [1056 - 278, 994, 500 + 278]);
    assert_eq!(report[2].grade_before, Grade::Graded(26));
    assert_eq!(report[2].grade_after, Grade::Graded(24));
}
