//! TRF-2026 team records: reading, writing, round trips, defects.

use tournament::model::{Colour, Points};
use tournament::team::generator::{GeneratorOptions, generate};
use tournament::team::{MatchForfeit, PrimaryScore, Team, TeamEvent};
use tournament::trf::{self, Format, TrfErrorKind};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/team/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_trf_2026_team_file_round_trips_record_for_record() {
    for name in [
        "rr-forfeits-bye",
        "double-rr",
        "swiss-ranked",
        "game-points",
    ] {
        let text = fixture(&format!("{name}.trf"));
        let (t, e) = trf::read_team_tournament(&text).expect("valid");
        let written = trf::write_team_tournament(&t, &e, Format::Trf2026);
        assert_eq!(written, text, "{name}");
        let (t2, e2) = trf::read_team_tournament(&written).expect("valid");
        assert_eq!((t2, e2), (t, e), "{name}");
    }
}

/// What TRF cannot say: the order of the matches (no table numbers), and
/// which team was named first when no board had two players (a lone
/// player has no colour).
fn normalise(e: &mut TeamEvent) {
    let colours: Vec<Colour> = (1..=e.boards).map(|b| e.first_colour(b)).collect();
    for r in &mut e.rounds {
        for m in &mut r.matches {
            let met = m
                .boards
                .iter()
                .any(|b| b.first.is_some() && b.second.is_some());
            if !met && m.forfeit.is_none() && m.first > m.second {
                std::mem::swap(&mut m.first, &mut m.second);
                for (b, c) in m.boards.iter_mut().zip(&colours) {
                    std::mem::swap(&mut b.first, &mut b.second);
                    b.first_colour = *c;
                    b.result = b.effective_result();
                }
            }
        }
        r.matches.sort_by_key(|m| m.first.min(m.second));
    }
}

#[test]
fn generated_team_events_survive_writing_and_reading() {
    for seed in 0..60u64 {
        let options = GeneratorOptions {
            teams: 2 + (seed % 9) as u32,
            boards: 1 + (seed % 6) as u32,
            reserves: (seed % 3) as u32,
            double: seed % 3 == 0,
            forfeit_match_percent: 10,
            empty_board_percent: 10,
            ..GeneratorOptions::default()
        };
        let (t, mut e) = generate(seed, &options);
        if seed % 2 == 0 {
            e.scoring.primary = PrimaryScore::GamePoints;
        }
        let text = trf::write_team_tournament(&t, &e, Format::Trf2026);
        let (_, mut back) = trf::read_team_tournament(&text)
            .unwrap_or_else(|err| panic!("seed {seed}: {err}\n{text}"));
        normalise(&mut back);
        normalise(&mut e);
        assert_eq!(back, e, "seed {seed}\n{text}");
    }
}

#[test]
fn a_file_with_team_records_is_accepted_by_the_individual_reader_and_kept_verbatim() {
    let text = fixture("rr-forfeits-bye.trf");
    let t = trf::read_tournament(&text).expect("team files are no longer refused");
    assert_eq!(t.players.len(), 35);
    let document = trf::parse(&text).expect("parse");
    assert!(document.has_teams());
    assert_eq!(document.to_string(), text);
}

#[test]
fn trf16_gets_the_013_team_records() {
    let (t, e) = generate(3, &GeneratorOptions::default());
    let text = trf::write_team_tournament(&t, &e, Format::Trf16);
    let teams: Vec<&str> = text.lines().filter(|l| l.starts_with("013 ")).collect();
    assert_eq!(teams.len(), 6);
    assert!(teams[0].starts_with("013 Team 1                             1    2    3    4    5"));
    let (_, back) = trf::read_team_tournament(&text).expect("valid");
    assert_eq!(
        back.teams,
        e.teams
            .iter()
            .map(|t| Team {
                short_name: None,
                ..t.clone()
            })
            .collect::<Vec<_>>()
    );
}

#[test]
fn the_examples_of_the_trf_2026_text_are_read_field_by_field() {
    use tournament::trf::TeamRecord;
    // The team section and forfeit examples of TRF-2026 (FIDE Council,
    // 12/05/2025), plus 352/362/320/300 lines in their documented columns.
    let text = "\
310   1 India                            IND     2486   15.0   28.0  11     1    5   15   28   44
310   2 Ukraine                          UKR     2478   14.0   26.5  14     2    4   20   27   22
330 +- 004 023 047
330 -+ 008 027 005
352 WBWB
362 TW 3.0   TD 1.0   TL 0.0
320  2.0  2.0 001 000 017
300 003   1   2    1 0000   15   28
";
    let records: Vec<TeamRecord> = trf::parse(text)
        .expect("parse")
        .team_records()
        .expect("records")
        .into_iter()
        .map(|(_, r)| r)
        .collect();
    assert_eq!(
        records[0],
        TeamRecord::Team {
            number: 1,
            name: "India".into(),
            nickname: "IND".into(),
            strength: Some(2486),
            match_points: Some(Points(150)),
            game_points: Some(Points(280)),
            rank: Some(11),
            players: vec![1, 5, 15, 28, 44],
            legacy: false,
        }
    );
    assert_eq!(
        records[3],
        TeamRecord::ForfeitedMatch {
            kind: MatchForfeit::SecondWins,
            round: 8,
            white: 27,
            black: 5
        }
    );
    assert_eq!(
        records[4],
        TeamRecord::Colours(vec![
            Colour::White,
            Colour::Black,
            Colour::White,
            Colour::Black
        ])
    );
    assert_eq!(
        records[5],
        TeamRecord::MatchPoints {
            win: Some(Points(30)),
            draw: Some(Points(10)),
            loss: Some(Points::ZERO)
        }
    );
    assert_eq!(
        records[6],
        TeamRecord::PairingAllocatedByes {
            match_points: Points(20),
            game_points: Points(20),
            teams: vec![Some(1), None, Some(17)]
        }
    );
    assert_eq!(
        records[7],
        TeamRecord::OutOfOrder {
            round: 3,
            team: 1,
            opponent: 2,
            players: vec![Some(1), None, Some(15), Some(28)]
        }
    );
    // Written back column for column.
    for (record, line) in records.iter().zip(text.lines()) {
        assert_eq!(record.to_string(), line);
    }
}

#[test]
fn defective_team_records_are_refused_with_their_line_and_column() {
    let text = fixture("rr-forfeits-bye.trf");
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("310"))
        .expect("310")
        + 1;
    let replace = |n: usize, new: &str| -> String {
        let mut l: Vec<String> = lines.iter().map(ToString::to_string).collect();
        l[n - 1] = new.to_string();
        l.join("\n") + "\n"
    };
    let append = |new: &str| format!("{text}{new}\n");
    let last = lines.len() + 1;
    let cases: Vec<(String, usize, usize, TrfErrorKind)> = vec![
        (
            replace(at, "310  x1 Team 1"),
            at,
            5,
            TrfErrorKind::NotANumber("team number"),
        ),
        (
            replace(at, &format!("{:<73}{:>4}", "310   1 Team 1", "9999")),
            at,
            1,
            TrfErrorKind::UnknownPlayer(9999),
        ),
        (
            append("330 x- 001 001 002"),
            last,
            5,
            TrfErrorKind::BadResult('x'),
        ),
        (
            append("300 001  42   1    1    2"),
            last,
            9,
            TrfErrorKind::UnknownTeam(42),
        ),
        (append("352 WBQB"), last, 7, TrfErrorKind::BadColour('Q')),
        (
            append("362 TW 2.0   TQ 1.0"),
            last,
            15,
            TrfErrorKind::BadScoring,
        ),
        (
            append(&format!("{:<73}{:>4}", "310   1 Team again", "1")),
            last,
            5,
            TrfErrorKind::DuplicateTeam(1),
        ),
    ];
    for (text, line, column, kind) in cases {
        let err = trf::read_team_tournament(&text).expect_err("defective");
        assert_eq!(
            (err.line, err.column, &err.kind),
            (line, column, &kind),
            "{err}"
        );
    }
    // A player on two rosters.
    let second = lines
        .iter()
        .position(|l| l.starts_with("310   2"))
        .expect("team 2")
        + 1;
    let bad = replace(second, &format!("{:<73}{:>4}", "310   2 Team 2", "1"));
    let err = trf::read_team_tournament(&bad).expect_err("defective");
    assert_eq!(err.kind, TrfErrorKind::PlayerInTwoTeams(1));
}
