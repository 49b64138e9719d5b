//! Standings as a whole: presets (C.07 recommendations and the Chinese
//! national rules of `laws.md`), the crosstable, the per-round explanation
//! and standings after an earlier round.

mod tiebreak_support;

use tiebreak_support::tournament;
use tournament::model::{Points, System, TiebreakEdition, Tournament};
use tournament::standings::{
    Preset, RoundKind, StandingsError, StandingsOptions, compute_standings, crosstable, explain,
};

fn labels(preset: Preset, system: System) -> Vec<String> {
    preset
        .tiebreaks(system)
        .into_iter()
        .map(|t| t.label)
        .collect()
}

#[test]
fn presets_follow_the_fide_recommendations_and_the_chinese_national_rules() {
    assert_eq!(
        labels(Preset::FideSwiss, System::Swiss),
        ["BH/C1", "BH", "SB", "DE", "WIN", "BPG"]
    );
    assert_eq!(
        labels(Preset::FideRoundRobin, System::RoundRobin),
        ["DE", "SB", "WIN", "KS"]
    );
    // laws.md, National variations: round robin by the "small points"
    // (Sonneborn–Berger), Swiss by the sum of the opponents' scores.
    assert_eq!(labels(Preset::ChinaNational, System::RoundRobin), ["SB"]);
    assert_eq!(
        labels(Preset::ChinaNational, System::DoubleRoundRobin),
        ["SB"]
    );
    assert_eq!(labels(Preset::ChinaNational, System::Swiss), ["BH"]);
    assert_eq!(Preset::parse("china-national"), Ok(Preset::ChinaNational));
    assert!(Preset::parse("uscf").is_err());
}

fn small_swiss() -> Tournament {
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

/// VCL4THP.13 Q180–186: a game one side draws and the other loses (½-0,
/// 0-½) scores each player's own result; it was played (it counts for the
/// opponents' scores and colours, not as a win).
#[test]
fn a_half_zero_game_scores_the_draw_for_one_player_and_the_loss_for_the_other() {
    let t = tournament(
        System::Swiss,
        &[2000, 1900, 1800, 1700],
        &[&["1-3 ½-0", "2-4 0-½"], &["4-1 0-0", "3-2 1-0"]],
    );
    let standings = compute_standings(&t, &StandingsOptions::for_tournament(&t).unwrap()).unwrap();
    let points = |sn: u32| {
        standings
            .rows
            .iter()
            .find(|r| r.start_number == sn)
            .unwrap()
            .points
    };
    assert_eq!(
        [points(1), points(2), points(3), points(4)],
        [Points(5), Points(0), Points(10), Points(5)]
    );
    let rows = crosstable(&standings);
    let cells = |sn: u32| -> Vec<String> {
        rows.iter()
            .find(|r| r.start_number == sn)
            .unwrap()
            .cells
            .iter()
            .map(tournament::standings::CrosstableCell::notation)
            .collect()
    };
    assert_eq!(cells(1), ["3w½", "4b0"]);
    assert_eq!(cells(3), ["1b0", "2w1"]);
    assert_eq!(cells(2), ["4w0", "3b0"]);
}

#[test]
fn a_tournament_without_a_tiebreak_list_uses_the_preset_for_its_system() {
    let t = small_swiss();
    let options = StandingsOptions::for_tournament(&t).expect("options");
    let labels: Vec<&str> = options.tiebreaks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(labels, ["BH/C1", "BH", "SB", "DE", "WIN", "BPG"]);
    let mut t = t;
    t.tiebreaks = vec!["SB".into(), "BH/M1".into()];
    t.tiebreak_edition = TiebreakEdition::VirtualOpponent;
    let options = StandingsOptions::for_tournament(&t).expect("options");
    assert_eq!(options.tiebreaks.len(), 2);
    assert_eq!(options.edition, TiebreakEdition::VirtualOpponent);
    t.tiebreaks = vec!["NOPE".into()];
    assert!(StandingsOptions::for_tournament(&t).is_err());
}

#[test]
fn the_crosstable_gives_opponent_colour_result_and_running_score() {
    let t = small_swiss();
    let standings = compute_standings(&t, &StandingsOptions::for_tournament(&t).unwrap()).unwrap();
    let rows = crosstable(&standings);
    let first = &rows[0];
    assert_eq!((first.place.as_str(), first.start_number), ("1", 1));
    let cells: Vec<String> = first
        .cells
        .iter()
        .map(tournament::standings::CrosstableCell::notation)
        .collect();
    assert_eq!(cells, ["4w1", "3b1", "2w½"]);
    let running: Vec<Points> = first.cells.iter().map(|c| c.running).collect();
    assert_eq!(running, [Points(10), Points(20), Points(25)]);
    let three = rows.iter().find(|r| r.start_number == 3).unwrap();
    assert_eq!(three.cells[0].notation(), "6w+");
    let six = rows.iter().find(|r| r.start_number == 6).unwrap();
    let cells: Vec<String> = six
        .cells
        .iter()
        .map(tournament::standings::CrosstableCell::notation)
        .collect();
    assert_eq!(cells, ["3b-", "-", "-"]);
    let two = rows.iter().find(|r| r.start_number == 2).unwrap();
    assert!(matches!(two.cells[1].kind, RoundKind::Bye(_)));
    assert_eq!(two.cells[1].notation(), "H");
}

/// A Xiangqi event scored 2-1-0 (win 2, draw 1, loss 0): its crosstable
/// writes each game as the points it earned and the sides as Red and
/// Black, as a Chinese table does; the half-zero game is the drawing
/// side's 1 and the losing side's 0; forfeits and byes keep their marks.
#[test]
fn a_xiangqi_crosstable_writes_each_game_as_its_points_red_and_black() {
    use tournament::model::Scoring;
    use tournament::standings::CellStyle;
    let mut t = tournament(
        System::Swiss,
        &[2000, 1900, 1800, 1700, 1600, 1500],
        &[
            &["1-4 1-0", "2-5 =", "3-6 +-"],
            &["3-1 ½-0", "4-5 1-0", "2 H"],
        ],
    );
    t.scoring = Scoring::new(Points(20), Points(10), Points(0));
    let standings = compute_standings(&t, &StandingsOptions::for_tournament(&t).unwrap()).unwrap();
    let rows = crosstable(&standings);
    let cells = |sn: u32, style: CellStyle| -> Vec<String> {
        rows.iter()
            .find(|r| r.start_number == sn)
            .unwrap()
            .cells
            .iter()
            .map(|c| c.notation_in(style))
            .collect()
    };
    assert_eq!(cells(1, CellStyle::XIANGQI), ["4r2", "3b0"]);
    assert_eq!(cells(3, CellStyle::XIANGQI), ["6r+", "1r1"]);
    assert_eq!(cells(2, CellStyle::XIANGQI), ["5r1", "H"]);
    assert_eq!(cells(6, CellStyle::XIANGQI), ["3b-", "-"]);
    // Chess writes the result whatever the scoring.
    assert_eq!(cells(1, CellStyle::CHESS), ["4w1", "3b0"]);
    assert_eq!(cells(3, CellStyle::CHESS), ["6w+", "1w½"]);
    let one = rows.iter().find(|r| r.start_number == 1).unwrap();
    assert_eq!(one.cells[0].result_in(CellStyle::XIANGQI), "2");
    assert_eq!(one.cells[0].result_in(CellStyle::CHESS), "1");
}

#[test]
fn the_explanation_marks_cut_values_and_dummy_opponents() {
    // Player 2's Buchholz Cut-1: the half-point bye (a VUR, dummy opponent
    // with his own 1½) is cut first (C.07 (2024) Art. 16.5).
    let t = small_swiss();
    let standings = compute_standings(&t, &StandingsOptions::for_tournament(&t).unwrap()).unwrap();
    let text = explain(&standings, 2).expect("player 2");
    assert!(text.contains("round 2: H (VUR)"), "{text}");
    assert!(
        text.contains("BH/C1: 3 = r1 vs 5 0.5, [r2 dummy 1.5], r3 vs 1 2.5"),
        "{text}"
    );
    let row = standings.row(2).unwrap();
    let cut: Vec<u32> = row.tiebreaks[0]
        .contributions
        .iter()
        .filter(|c| c.cut)
        .map(|c| c.round)
        .collect();
    assert_eq!(cut, [2]);
}

#[test]
fn standings_after_an_earlier_round_count_only_those_rounds() {
    let t = small_swiss();
    let options = StandingsOptions {
        after_round: Some(1),
        edition: TiebreakEdition::Fide2024,
        ..StandingsOptions::new(tournament::standings::parse_tiebreaks("BH").unwrap())
    };
    let standings = compute_standings(&t, &options).unwrap();
    assert_eq!(standings.rounds, 1);
    // After round 1, 1 (won against 4, who has 0) and 3 (forfeit win: dummy
    // opponent with his own 1 point, C.07 2024 Art. 16.4) lead; Buchholz
    // puts 3 first.
    let top: Vec<(u32, u32, Points)> = standings.rows[..2]
        .iter()
        .map(|r| (r.rank, r.start_number, r.points))
        .collect();
    assert_eq!(top, [(1, 3, Points(10)), (2, 1, Points(10))]);
    let options = StandingsOptions {
        after_round: Some(4),
        ..options
    };
    assert_eq!(
        compute_standings(&t, &options).unwrap_err(),
        StandingsError::NoSuchRound {
            round: 4,
            recorded: 3
        }
    );
}

#[test]
fn ranks_never_decrease_and_points_never_increase_down_the_table() {
    let t = small_swiss();
    for edition in [
        TiebreakEdition::Fide2026,
        TiebreakEdition::Fide2024,
        TiebreakEdition::Fide2023,
        TiebreakEdition::VirtualOpponent,
    ] {
        let options = StandingsOptions {
            edition,
            ..StandingsOptions::for_tournament(&t).unwrap()
        };
        let standings = compute_standings(&t, &options).unwrap();
        for pair in standings.rows.windows(2) {
            assert!(pair[0].rank <= pair[1].rank);
            assert!(pair[0].points >= pair[1].points);
            assert!(pair[0].rank_to < pair[1].rank || pair[0].rank == pair[1].rank);
        }
    }
}

#[test]
fn in_2026_a_forfeit_wins_dummy_opponent_scores_no_more_than_the_opponent_who_forfeited() {
    // C.07 (2026) Art. 16.4.1: after round 1, player 3's forfeit win meets a
    // dummy with his own 1 point capped by the score of player 6 who
    // forfeited (0): Buchholz 0, like player 1's (who beat 4, on 0); the
    // two share the place.
    let t = small_swiss();
    let options = StandingsOptions {
        after_round: Some(1),
        edition: TiebreakEdition::Fide2026,
        ..StandingsOptions::new(tournament::standings::parse_tiebreaks("BH").unwrap())
    };
    let standings = compute_standings(&t, &options).unwrap();
    let top: Vec<(u32, u32, Points)> = standings.rows[..2]
        .iter()
        .map(|r| (r.rank, r.start_number, r.points))
        .collect();
    assert_eq!(top, [(1, 1, Points(10)), (1, 3, Points(10))]);
    assert_eq!(
        standings.row(3).unwrap().tiebreaks[0].value,
        Some(tournament::standings::Value::ZERO)
    );
}
