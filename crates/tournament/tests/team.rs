//! Team events: line-ups, team round robins, match scoring and team
//! standings (TRF team records: `team_trf.rs`).

use tournament::model::{Colour, GameResult, Points};
use tournament::round_robin::{self, Line};
use tournament::team::generator::{GeneratorOptions, generate};
use tournament::team::lineup::LineupRules;
use tournament::team::schedule::{self, ScheduleError};
use tournament::team::{
    Lineup, LineupError, Match, MatchBoard, MatchForfeit, MatchScoring, PrimaryScore, Team,
    TeamByeKind, TeamError, TeamEvent, TeamStandingsOptions, TeamSystem, check_lineup,
    compute_team_standings, explain_team, match_result, pair_round, parse_team_tiebreaks,
    team_preset,
};
use tournament::trf;

/// Teams 1..=n with `per_team` players each (start numbers by team).
fn event(teams: u32, boards: u32, per_team: u32) -> TeamEvent {
    let mut e = TeamEvent::new(boards);
    for t in 1..=teams {
        e.teams.push(Team {
            number: t,
            name: format!("Team {t}"),
            roster: (1..=per_team).map(|i| (t - 1) * per_team + i).collect(),
            ..Team::default()
        });
    }
    e
}

// ---------------------------------------------------------------- line-ups

#[test]
fn a_line_up_is_checked_against_the_roster_in_board_order() {
    // Team 1: players 1-6 (4 boards, 2 reserves); team 2: 7-12.
    let e = event(2, 4, 6);
    let rules = LineupRules::default();
    type Case<'a> = (&'a [Option<u32>], Result<(), LineupError>);
    let cases: &[Case<'_>] = &[
        (&[Some(1), Some(2), Some(3), Some(4)], Ok(())),
        // A reserve moves up; the order of the roster is kept.
        (&[Some(1), Some(3), Some(4), Some(6)], Ok(())),
        // The last board left empty.
        (&[Some(1), Some(2), Some(3), None], Ok(())),
        (
            &[Some(1), Some(2), Some(3)],
            Err(LineupError::WrongBoardCount {
                given: 3,
                expected: 4,
            }),
        ),
        (
            &[Some(1), Some(2), Some(3), Some(40)],
            Err(LineupError::NotOnRoster {
                board: 4,
                player: 40,
            }),
        ),
        (
            &[Some(1), Some(2), Some(3), Some(7)],
            Err(LineupError::OtherTeam {
                board: 4,
                player: 7,
                team: 2,
            }),
        ),
        (
            &[Some(2), Some(1), Some(3), Some(4)],
            Err(LineupError::OutOfRosterOrder {
                board: 2,
                player: 1,
                above: 2,
            }),
        ),
        (
            &[Some(1), Some(1), Some(3), Some(4)],
            Err(LineupError::PlayerTwice { player: 1 }),
        ),
        (
            &[Some(1), None, Some(3), Some(4)],
            Err(LineupError::EmptyBoardNotLast { board: 2 }),
        ),
    ];
    for (players, want) in cases {
        let lineup = Lineup {
            team: 1,
            players: players.to_vec(),
        };
        assert_eq!(&check_lineup(&e, &lineup, &rules), want, "{players:?}");
    }
}

#[test]
fn the_organiser_may_allow_any_board_order_and_limit_empty_boards() {
    let e = event(2, 4, 6);
    let free = LineupRules {
        roster_order: false,
        empty_boards_last: false,
        max_empty_boards: Some(1),
    };
    let lineup = |players: Vec<Option<u32>>| Lineup { team: 1, players };
    assert_eq!(
        check_lineup(&e, &lineup(vec![Some(2), None, Some(1), Some(4)]), &free),
        Ok(())
    );
    assert_eq!(
        check_lineup(&e, &lineup(vec![Some(2), None, None, Some(4)]), &free),
        Err(LineupError::TooManyEmptyBoards {
            empty: 2,
            allowed: 1
        })
    );
    let unknown = Lineup {
        team: 9,
        players: vec![None; 4],
    };
    assert_eq!(
        check_lineup(&e, &unknown, &free),
        Err(LineupError::UnknownTeam(9))
    );
}

// ------------------------------------------------------- team round robin

#[test]
fn a_team_round_robin_follows_the_berger_tables_of_c05_annex_1_with_colours_alternating_by_board() {
    for teams in 2..=10 {
        let mut e = event(teams, 4, 5);
        let total = schedule::rounds(&e).expect("round robin");
        assert_eq!(total, round_robin::rounds(teams, false));
        for round in 1..=total {
            let paired = pair_round(&e, &[], &LineupRules::default()).expect("pairing");
            let table = round_robin::round(teams, false, round).expect("table");
            let games: Vec<(u32, u32)> = table
                .iter()
                .filter_map(|l| match *l {
                    Line::Game { white, black } => Some((white, black)),
                    Line::Bye(_) => None,
                })
                .collect();
            let matches: Vec<(u32, u32)> =
                paired.matches.iter().map(|m| (m.first, m.second)).collect();
            assert_eq!(matches, games, "{teams} teams, round {round}");
            for m in &paired.matches {
                let colours: Vec<Colour> = m.boards.iter().map(|b| b.first_colour).collect();
                // The first-named team: White on board 1, Black on 2, …
                assert_eq!(
                    colours,
                    [Colour::White, Colour::Black, Colour::White, Colour::Black]
                );
                // Default line-ups: the first four players of each roster.
                let first = &e.teams[m.first as usize - 1].roster;
                assert_eq!(m.boards[0].first, Some(first[0]));
                assert_eq!(m.boards[3].first, Some(first[3]));
            }
            let byes: Vec<u32> = paired.byes.iter().map(|b| b.team).collect();
            assert_eq!(
                byes.len(),
                (teams % 2) as usize,
                "an odd field gives one bye"
            );
            assert!(
                paired.byes.iter().all(|b| b.kind == TeamByeKind::ZeroPoint),
                "the team out sits the round out, scoring nothing"
            );
            e.rounds.push(paired);
        }
        assert_eq!(
            pair_round(&e, &[], &LineupRules::default()),
            Err(ScheduleError::Table(round_robin::Error::NoSuchRound {
                round: total + 1,
                rounds: total
            }))
        );
    }
}

#[test]
fn a_double_team_round_robin_names_each_team_first_once_against_each_opponent() {
    let mut e = event(5, 2, 2);
    e.system = TeamSystem::DoubleRoundRobin;
    let total = schedule::rounds(&e).expect("double");
    for _ in 0..total {
        let r = pair_round(&e, &[], &LineupRules::default()).expect("pairing");
        e.rounds.push(r);
    }
    for a in 1..=5u32 {
        for b in (a + 1)..=5 {
            let firsts: Vec<u32> = e
                .rounds
                .iter()
                .flat_map(|r| &r.matches)
                .filter(|m| (m.first == a && m.second == b) || (m.first == b && m.second == a))
                .map(|m| m.first)
                .collect();
            assert_eq!(firsts.len(), 2, "{a} and {b} meet twice");
            assert_ne!(firsts[0], firsts[1], "{a}-{b}: colours reversed");
        }
    }
}

#[test]
fn a_submitted_line_up_is_used_and_a_refused_one_stops_the_pairing() {
    let e = event(4, 4, 6);
    let rules = LineupRules::default();
    let reserve = Lineup {
        team: 1,
        players: vec![Some(1), Some(2), Some(5), Some(6)],
    };
    let r = pair_round(&e, std::slice::from_ref(&reserve), &rules).expect("pairing");
    let m = r
        .matches
        .iter()
        .find(|m| m.first == 1 || m.second == 1)
        .expect("team 1");
    let side: Vec<Option<u32>> = m
        .boards
        .iter()
        .map(|b| if m.first == 1 { b.first } else { b.second })
        .collect();
    assert_eq!(side, reserve.players);
    let wrong = Lineup {
        team: 2,
        players: vec![Some(1), None, None, None],
    };
    assert!(matches!(
        pair_round(&e, &[wrong], &rules),
        Err(ScheduleError::Lineup { team: 2, .. })
    ));
    assert_eq!(
        pair_round(&e, &[reserve.clone(), reserve], &rules),
        Err(ScheduleError::DuplicateLineup(1))
    );
    let mut swiss = e;
    swiss.system = TeamSystem::Swiss;
    assert_eq!(
        pair_round(&swiss, &[], &rules),
        Err(ScheduleError::NotRoundRobin)
    );
}

// -------------------------------------------------------- match results

fn board(
    first: Option<u32>,
    second: Option<u32>,
    colour: Colour,
    result: GameResult,
) -> MatchBoard {
    MatchBoard {
        first,
        second,
        first_colour: colour,
        result,
    }
}

#[test]
fn match_and_game_points_come_from_the_board_results() {
    use Colour::{Black as B, White as W};
    use GameResult::*;
    let scoring = MatchScoring::for_boards(4);
    // (boards, forfeit, first GP, second GP, first MP, second MP) in tenths.
    type Case = (Vec<MatchBoard>, Option<MatchForfeit>, u32, u32, u32, u32);
    let full = |results: [GameResult; 4]| -> Vec<MatchBoard> {
        [W, B, W, B]
            .iter()
            .zip(results)
            .zip(1u32..)
            .map(|((&c, r), i)| board(Some(i), Some(10 + i), c, r))
            .collect()
    };
    let cases: Vec<(&str, Case)> = vec![
        // Board 1 first team White wins, board 2 (first team Black) lost…
        (
            "2½-1½ is a match win",
            (
                full([WhiteWins, WhiteWins, Draw, BlackWins]),
                None,
                25,
                15,
                20,
                0,
            ),
        ),
        (
            "2-2 is a drawn match",
            (
                full([WhiteWins, WhiteWins, BlackWins, BlackWins]),
                None,
                20,
                20,
                10,
                10,
            ),
        ),
        (
            "a forfeited board counts as a win for the player present",
            (
                full([Draw, Draw, WhiteWinsByForfeit, Draw]),
                None,
                25,
                15,
                20,
                0,
            ),
        ),
        (
            "an empty board is lost by forfeit",
            (
                vec![
                    board(Some(1), Some(11), W, Draw),
                    board(Some(2), Some(12), B, Draw),
                    board(Some(3), Some(13), W, Draw),
                    board(Some(4), None, B, NotPlayed),
                ],
                None,
                25,
                15,
                20,
                0,
            ),
        ),
        (
            "a whole match forfeited gives the winner every board",
            (Vec::new(), Some(MatchForfeit::SecondWins), 0, 40, 0, 20),
        ),
        (
            "a double forfeit scores nothing for either team",
            (Vec::new(), Some(MatchForfeit::Double), 0, 0, 0, 0),
        ),
        (
            "a match where nobody scored is lost by both",
            (full([DoubleForfeit; 4]), None, 0, 0, 0, 0),
        ),
    ];
    for (name, (boards, forfeit, g1, g2, m1, m2)) in cases {
        let m = Match {
            first: 1,
            second: 2,
            boards,
            forfeit,
        };
        let r = match_result(&scoring, &m, 4);
        assert_eq!(
            (
                r.first_game_points,
                r.second_game_points,
                r.first_match_points,
                r.second_match_points
            ),
            (Points(g1), Points(g2), Some(Points(m1)), Some(Points(m2))),
            "{name}"
        );
    }
}

#[test]
fn a_match_with_a_board_not_finished_has_no_match_points_yet() {
    let scoring = MatchScoring::for_boards(2);
    let m = Match {
        first: 1,
        second: 2,
        boards: vec![
            board(Some(1), Some(3), Colour::White, GameResult::WhiteWins),
            board(Some(2), Some(4), Colour::Black, GameResult::NotPlayed),
        ],
        forfeit: None,
    };
    let r = match_result(&scoring, &m, 2);
    assert_eq!(r.first_match_points, None);
    assert_eq!(r.first_game_points, Points::ONE);
}

#[test]
fn standings_during_a_round_count_the_matches_in_progress_as_played_not_as_unplayed_rounds() {
    let mut e = event(4, 2, 2);
    let r = pair_round(&e, &[], &LineupRules::default()).expect("pairing");
    e.rounds.push(r);
    let options = TeamStandingsOptions {
        tiebreaks: parse_team_tiebreaks("BH:MP").expect("list"),
        after_round: None,
    };
    let s = compute_team_standings(&e, &options).expect("standings");
    for row in &s.rows {
        assert_eq!(row.match_points, Points::ZERO);
        let entry = &s.entries[&row.team][0];
        assert!(
            !entry.vur,
            "team {}: a match in progress is no VUR",
            row.team
        );
    }
    assert!(
        s.rows.iter().all(|r| r.rank == 1),
        "everybody shares first place"
    );
}

#[test]
fn match_points_are_configurable_for_example_3_1_0() {
    let mut scoring = MatchScoring::for_boards(2);
    scoring.win = Points(30);
    let m = Match {
        first: 1,
        second: 2,
        boards: vec![
            board(Some(1), Some(3), Colour::White, GameResult::WhiteWins),
            board(Some(2), Some(4), Colour::Black, GameResult::Draw),
        ],
        forfeit: None,
    };
    assert_eq!(
        match_result(&scoring, &m, 2).first_match_points,
        Some(Points(30))
    );
}

// ----------------------------------------------------------- invariants

#[test]
fn a_player_may_not_be_on_two_rosters_nor_play_for_a_team_he_is_not_on() {
    let mut e = event(2, 2, 2);
    e.teams[1].roster.push(1);
    assert_eq!(
        e.validate(),
        Err(TeamError::PlayerInTwoTeams {
            player: 1,
            first: 1,
            second: 2
        })
    );
    let mut e = event(2, 2, 2);
    let mut r = pair_round(&e, &[], &LineupRules::default()).expect("pairing");
    r.matches[0].boards[0].second = Some(2);
    e.rounds.push(r);
    assert_eq!(
        e.validate(),
        Err(TeamError::NotOnRoster {
            round: 1,
            team: 2,
            player: 2
        })
    );
}

// ------------------------------------------------------------ standings

/// Reads a decimal such as `107.25` exactly.
fn decimal(text: &str) -> tournament::standings::Value {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = format!("{whole}{fraction}");
    let scale = 10i64.pow(u32::try_from(fraction.len()).expect("short"));
    tournament::standings::Value::new(digits.parse().expect("number"), scale)
}

/// Checks a `.tiebreaks` table (see its header) against our standings of
/// the fixture's TRF.
fn check_reference(name: &str) {
    let dir = format!("{}/tests/fixtures/team", env!("CARGO_MANIFEST_DIR"));
    let trf = std::fs::read_to_string(format!("{dir}/{name}.trf")).expect("fixture");
    let table = std::fs::read_to_string(format!("{dir}/{name}.tiebreaks")).expect("table");
    let (_, event) = trf::read_team_tournament(&trf).expect("a valid team TRF");
    let mut lines = table.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().expect("header").split_whitespace().collect();
    let options = TeamStandingsOptions {
        tiebreaks: parse_team_tiebreaks(&header[1..].join(",")).expect("list"),
        after_round: None,
    };
    let standings = compute_team_standings(&event, &options).expect("standings");
    let mut rows = 0;
    for line in lines {
        let f: Vec<&str> = line.split_whitespace().collect();
        let team: u32 = f[1].parse().expect("team");
        let row = standings.row(team).expect("row");
        assert_eq!(row.rank.to_string(), f[0], "{name}: rank of team {team}");
        assert_eq!(
            tournament::standings::Value::tenths(i64::from(
                row.primary(standings.primary).tenths()
            )),
            decimal(f[2]),
            "{name}: primary score of team {team}"
        );
        for (i, want) in f[3..].iter().enumerate() {
            if *want == "*" {
                continue;
            }
            assert_eq!(
                row.tiebreaks[i].value,
                Some(decimal(want)),
                "{name}: {} of team {team}",
                header[i + 1]
            );
        }
        rows += 1;
    }
    assert_eq!(rows, event.teams.len(), "{name}: one line per team");
}

#[test]
fn team_tie_breaks_agree_with_the_fide_tiebreakserver_on_a_round_robin_with_byes_and_forfeits() {
    // C.07 (2024): MP/GP as secondary score, BH and SB in match or game
    // points, the mixed SB (EMGSB: opponent's match points × game points
    // scored against him), DE (Art. 6), board count, WIN/WON (Art. 7).
    check_reference("rr-forfeits-bye");
}

#[test]
fn team_tie_breaks_agree_with_the_tiebreakserver_on_a_double_round_robin_with_cuts() {
    check_reference("double-rr");
}

#[test]
fn team_tie_breaks_of_a_team_swiss_meet_unplayed_rounds_with_a_dummy_as_c07_art_16_says() {
    check_reference("swiss-ranked");
}

#[test]
fn a_team_event_ranked_by_game_points_agrees_with_the_tiebreakserver() {
    // laws.md, national variations: "team events are ranked by game points
    // only, not match points" (the china-national profile).
    check_reference("game-points");
}

#[test]
fn ties_on_match_points_are_broken_board_by_board_as_the_tiebreakserver_does() {
    // TBR compares the points on board 1, then board 2, …; BBE the game
    // points without the last board, then without the last two, …
    check_reference("board-order");
}

#[test]
fn the_board_count_weighs_each_boards_points_by_its_number_and_the_lower_ranks_first() {
    use GameResult::{Draw, WhiteWins};
    // Teams 1 (players 1, 2) and 2 (3, 4) meet twice on two boards; both
    // matches are drawn 1-1, so match and game points and DE are equal.
    let mut e = event(2, 2, 2);
    e.system = TeamSystem::DoubleRoundRobin;
    let m1 = Match {
        first: 1,
        second: 2,
        boards: vec![
            board(Some(1), Some(3), Colour::White, WhiteWins),
            board(Some(2), Some(4), Colour::Black, WhiteWins),
        ],
        forfeit: None,
    };
    let m2 = Match {
        first: 2,
        second: 1,
        boards: vec![
            board(Some(3), Some(1), Colour::White, Draw),
            board(Some(4), Some(2), Colour::Black, Draw),
        ],
        forfeit: None,
    };
    e.rounds = vec![
        tournament::team::TeamRound {
            matches: vec![m1],
            byes: Vec::new(),
        },
        tournament::team::TeamRound {
            matches: vec![m2],
            byes: Vec::new(),
        },
    ];
    for list in ["DE,BC", "DE,TBR", "DE,BBE"] {
        let options = TeamStandingsOptions {
            tiebreaks: parse_team_tiebreaks(list).expect("list"),
            after_round: None,
        };
        let s = compute_team_standings(&e, &options).expect("standings");
        // Team 1: board 1 1½, board 2 ½ (BC 2½); team 2: ½ and 1½ (BC 3½).
        assert_eq!(
            s.rows.iter().map(|r| (r.rank, r.team)).collect::<Vec<_>>(),
            [(1, 1), (2, 2)],
            "{list}"
        );
        assert_eq!(s.rows[0].match_points, s.rows[1].match_points);
        if list == "DE,BC" {
            let bc = |i: usize| s.rows[i].tiebreaks[1].value.map(|v| v.to_string());
            assert_eq!(bc(0).as_deref(), Some("2.5"));
            assert_eq!(bc(1).as_deref(), Some("3.5"));
            let text = explain_team(&s, 1).expect("team 1");
            assert!(text.contains("BC: 2.5 = board 1 1.5, board 2 1"), "{text}");
        }
    }
}

/// Two teams (players 1, 2 and 3, 4) meeting twice on two boards, the
/// first-named team White on board 1: each match's board results.
fn two_matches(first: [GameResult; 2], second: [GameResult; 2]) -> TeamEvent {
    let mut e = event(2, 2, 2);
    e.system = TeamSystem::DoubleRoundRobin;
    let m = |a: u32, b: u32, results: [GameResult; 2]| Match {
        first: a,
        second: b,
        boards: vec![
            board(Some(2 * a - 1), Some(2 * b - 1), Colour::White, results[0]),
            board(Some(2 * a), Some(2 * b), Colour::Black, results[1]),
        ],
        forfeit: None,
    };
    e.rounds = vec![
        tournament::team::TeamRound {
            matches: vec![m(1, 2, first)],
            byes: Vec::new(),
        },
        tournament::team::TeamRound {
            matches: vec![m(2, 1, second)],
            byes: Vec::new(),
        },
    ];
    e
}

fn order(e: &TeamEvent, list: &str) -> Vec<(u32, u32)> {
    let options = TeamStandingsOptions {
        tiebreaks: parse_team_tiebreaks(list).expect("list"),
        after_round: None,
    };
    let s = compute_team_standings(e, &options).expect("standings");
    s.rows.iter().map(|r| (r.rank, r.team)).collect()
}

/// C.07 (2026) Art. 13.3: extended direct encounter — direct encounter in
/// the primary score, then in the secondary; two teams still tied, the
/// board tie-breaks of Art. 12 over their matches (TieBreakServer's EDE
/// variants).
#[test]
fn extended_direct_encounter_falls_back_on_the_secondary_score_then_the_boards() {
    use GameResult::{BlackWins, Draw, WhiteWins};
    // Team 1 wins 2-0, team 2 wins 1½-½: 2 match points each both ways,
    // game points 2½ against 1½ — DE in match points cannot separate them,
    // EDE can.
    let e = two_matches([WhiteWins, BlackWins], [WhiteWins, Draw]);
    assert_eq!(order(&e, "DE"), [(1, 1), (1, 2)]);
    assert_eq!(order(&e, "EDE"), [(1, 1), (2, 2)]);
    // Both matches 1-1 (board 1 to team 1, then both drawn): equal in
    // match and game points; the boards decide, except for plain EDE.
    let e = two_matches([WhiteWins, WhiteWins], [Draw, Draw]);
    assert_eq!(order(&e, "EDE"), [(1, 1), (1, 2)]);
    for list in ["EDET", "EDEB", "EDEC", "EDEBT", "EDEBB", "EDET/P"] {
        assert_eq!(order(&e, list), [(1, 1), (2, 2)], "{list}");
    }
}

/// `/P` (TieBreakServer, Sharly Chess): a forfeited match counts as played —
/// against its opponent in Buchholz, not against a dummy.
#[test]
fn with_p_a_forfeited_match_counts_against_its_opponent_in_buchholz() {
    use GameResult::{Draw, WhiteWins};
    let mut e = event(4, 2, 2);
    e.system = TeamSystem::Swiss;
    let played = |a: u32, b: u32, results: [GameResult; 2]| Match {
        first: a,
        second: b,
        boards: vec![
            board(Some(2 * a - 1), Some(2 * b - 1), Colour::White, results[0]),
            board(Some(2 * a), Some(2 * b), Colour::Black, results[1]),
        ],
        forfeit: None,
    };
    // Round 1: team 1 wins against team 2 by forfeit, 3 beats 4; round 2:
    // 1 and 3 draw, 2 beats 4. Match points 3, 3, 2, 0.
    let forfeit = Match {
        forfeit: Some(MatchForfeit::FirstWins),
        ..played(1, 2, [GameResult::NotPlayed, GameResult::NotPlayed])
    };
    e.rounds = vec![
        tournament::team::TeamRound {
            matches: vec![forfeit, played(3, 4, [WhiteWins, GameResult::BlackWins])],
            byes: Vec::new(),
        },
        tournament::team::TeamRound {
            matches: vec![
                played(1, 3, [Draw, Draw]),
                played(2, 4, [WhiteWins, GameResult::BlackWins]),
            ],
            byes: Vec::new(),
        },
    ];
    let bh = |list: &str| {
        let options = TeamStandingsOptions {
            tiebreaks: parse_team_tiebreaks(list).expect("list"),
            after_round: None,
        };
        let s = compute_team_standings(&e, &options).expect("standings");
        s.row(1).unwrap().tiebreaks[0].value.map(|v| v.to_string())
    };
    // Without /P the forfeit is an unplayed round against a dummy with
    // team 1's own 3 points; with /P it is team 2's 2 points.
    assert_eq!(bh("BH:MP").as_deref(), Some("6"));
    assert_eq!(bh("BH:MP/P").as_deref(), Some("5"));
}

#[test]
fn the_china_national_preset_ranks_by_game_points_then_small_points_or_buchholz() {
    let (primary, list) = team_preset("china-national", TeamSystem::RoundRobin).expect("preset");
    assert_eq!(primary, PrimaryScore::GamePoints);
    assert_eq!(
        list.iter().map(|t| t.label.as_str()).collect::<Vec<_>>(),
        ["SB:GP"]
    );
    let (_, swiss) = team_preset("china-national", TeamSystem::Swiss).expect("preset");
    assert_eq!(swiss[0].label, "BH:GP");
    let (fide, _) = team_preset("fide-team", TeamSystem::Swiss).expect("preset");
    assert_eq!(fide, PrimaryScore::MatchPoints);
    assert!(team_preset("olympiad-1927", TeamSystem::Swiss).is_err());
}

#[test]
fn team_tie_break_specifications_are_checked() {
    assert!(parse_team_tiebreaks("BH:GP/C1,EMGSB/M1,DE,BC,TBR,BBE,MPVGP").is_ok());
    // The FIDE TEC's TRF-2026 team sample's list.
    let list = parse_team_tiebreaks("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP").expect("list");
    assert!(list[..3].iter().all(|t| t.predetermined));
    assert_eq!(list[1].cut_low, 1);
    for bad in [
        "XX", "BH:QP", "DE/C1", "BC/M1", "SB/Cx", "", "WIN/P", "BC/P", "DE/P/P", "EDET/C1",
    ] {
        assert!(parse_team_tiebreaks(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_team_value_is_explained_round_by_round() {
    let (_, event) = generate(5, &GeneratorOptions::default());
    let options = TeamStandingsOptions {
        tiebreaks: parse_team_tiebreaks("BH:MP/C1,EMGSB,BC").expect("list"),
        after_round: None,
    };
    let standings = compute_team_standings(&event, &options).expect("standings");
    let text = explain_team(&standings, 1).expect("team 1");
    assert!(text.starts_with("1 Team 1 — place "), "{text}");
    assert!(text.contains("  round 1: "), "{text}");
    assert!(text.contains("  BH:MP/C1: "), "{text}");
    assert!(
        text.contains('['),
        "the cut contribution is bracketed: {text}"
    );
    assert!(text.contains("board 1 "), "{text}");
    // The value shown is the sum of the uncut contributions.
    let row = standings.row(1).expect("row");
    let bh = &row.tiebreaks[0];
    let sum: tournament::standings::Value = bh
        .contributions
        .iter()
        .filter(|c| !c.cut)
        .map(|c| c.value)
        .sum();
    assert_eq!(bh.value, Some(sum));
}

// ----------------------------------------------------- property tests

#[test]
fn over_many_generated_events_game_points_add_up_and_the_ranking_is_a_total_order() {
    for seed in 0..150u64 {
        let options = GeneratorOptions {
            teams: 3 + (seed % 8) as u32,
            boards: 2 + (seed % 5) as u32,
            double: seed % 4 == 0,
            forfeit_match_percent: 5,
            ..GeneratorOptions::default()
        };
        let (tournament, event) = generate(seed, &options);
        event.validate().expect("generated events are valid");
        for r in &event.rounds {
            for m in &r.matches {
                let result = match_result(&event.scoring, m, event.boards);
                // Game points of a match sum to the boards decided (a win,
                // a draw or a forfeit gives one point; a double forfeit none).
                let decided = if m.forfeit.is_some() {
                    if m.forfeit == Some(MatchForfeit::Double) {
                        0
                    } else {
                        event.boards
                    }
                } else {
                    m.boards
                        .iter()
                        .filter(|b| m.board_result(b) != GameResult::DoubleForfeit)
                        .count() as u32
                };
                assert_eq!(
                    result.first_game_points + result.second_game_points,
                    Points(10 * decided),
                    "seed {seed}"
                );
                // Match points: 2/1/0 by comparing game points.
                let (a, b) = (result.first_match_points, result.second_match_points);
                assert!(matches!(
                    (a, b),
                    (Some(Points(20)), Some(Points(0)))
                        | (Some(Points(0)), Some(Points(20)))
                        | (Some(Points(10)), Some(Points(10)))
                        | (Some(Points(0)), Some(Points(0)))
                ));
            }
        }
        // Every board with two players is an individual game.
        let games: usize = event
            .rounds
            .iter()
            .flat_map(|r| &r.matches)
            .flat_map(|m| &m.boards)
            .filter(|b| b.first.is_some() && b.second.is_some())
            .count();
        let individual: usize = tournament.rounds.iter().map(|r| r.boards.len()).sum();
        assert_eq!(games, individual, "seed {seed}");

        let list = parse_team_tiebreaks("MPVGP,DE,EMGSB,BH:MP/C1,BC").expect("list");
        let standings = compute_team_standings(
            &event,
            &TeamStandingsOptions {
                tiebreaks: list,
                after_round: None,
            },
        )
        .expect("standings");
        let mut seen = std::collections::BTreeSet::new();
        for (i, row) in standings.rows.iter().enumerate() {
            assert!(seen.insert(row.team), "seed {seed}: team ranked twice");
            let better = standings
                .rows
                .iter()
                .filter(|o| o.rank_to < row.rank)
                .count();
            assert_eq!(row.rank as usize, better + 1, "seed {seed}");
            if i > 0 {
                let prev = &standings.rows[i - 1];
                assert!(prev.match_points >= row.match_points, "seed {seed}");
                assert!(prev.rank <= row.rank, "seed {seed}");
                if prev.match_points == row.match_points && prev.rank < row.rank {
                    // Separated by a tie-break: the second (GP) decides first.
                    assert!(
                        prev.tiebreaks[0].value >= row.tiebreaks[0].value,
                        "seed {seed}"
                    );
                }
            }
        }
        assert_eq!(seen.len(), event.teams.len());
    }
}
