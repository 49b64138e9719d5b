//! The Pairing and Tie-break Checker (`tournament::checker`, FIDE C.02
//! endorsement checklist VCL4THP.13 Q19, Q21) and the Random Tournament
//! Generator (`dutch::generate_tournament`, Q22–Q24):
//!
//! * `fixtures/checker/`: small files, each breaking (or keeping) one rule;
//! * the handbook examples' own pairings and the endorsed engine's random
//!   tournaments must pass;
//! * what the generator makes, with every option switched on, the checker
//!   accepts over many seeds (our engine re-pairs every round identically,
//!   the rank column follows the file's tie-breaks).

use std::path::{Path, PathBuf};

use tournament::checker::{
    PairingFinding, StandingFinding, Unchecked, check_trf, opposite_colours,
};
use tournament::dutch::{Amount, GeneratorConfig, PerRound, generate_tournament};
use tournament::lots::SplitMix64;
use tournament::model::{
    Board, ByeKind, GameResult, Outcome, Participation, Player, Round, System, Tournament,
};
use tournament::round_robin;
use tournament::trf::{self, Format};

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

fn read(path: &str) -> String {
    let bytes = std::fs::read(fixture(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    trf::decode(&bytes)
}

fn trf_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(fixture(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

/// C.04.3 C.1: 1 and 4 played in round 1 and are paired again in round 2.
#[test]
fn a_rematch_breaks_c1_and_is_reported_with_its_round_and_players() {
    let report = check_trf(&read("checker/rematch-in-round-2.trf")).unwrap();
    assert_eq!(report.round_reports.len(), 2);
    assert!(
        report.round_reports[0].findings.is_empty(),
        "round 1 is the Dutch pairing"
    );
    let round2 = &report.round_reports[1];
    assert_eq!(round2.round, 2);
    let rematch = round2
        .findings
        .iter()
        .find(|f| matches!(f, PairingFinding::Rematch { .. }))
        .expect("the rematch is reported");
    assert_eq!(
        *rematch,
        PairingFinding::Rematch {
            white: 4,
            black: 1,
            earlier_round: 1
        }
    );
    assert_eq!(rematch.article(), "C.04.3 C.1");
    assert_eq!(rematch.players(), vec![4, 1]);
    assert!(rematch.is_absolute());
    assert!(
        round2
            .findings
            .iter()
            .any(|f| matches!(f, PairingFinding::DifferentPairing { .. })),
        "the engine pairs round 2 differently too"
    );
    assert!(!report.pairings_pass());
}

/// C.04.3 A.6 (VCL4THP.13 Q67): in round 2 of the hand-made file each
/// player gets the colour they expect; with the colours of 2–3 exchanged,
/// 3 (White in round 1, expecting Black) has White against 2 (Black in
/// round 1, expecting White): both get the colour opposite to the one they
/// expect.
#[test]
fn a_board_where_both_players_get_the_colour_they_do_not_expect_is_found() {
    let text = read("checker/rematch-in-round-2.trf");
    let document = trf::parse(&text).unwrap();
    assert!(opposite_colours(&document, 2).unwrap().is_empty());
    let swapped = text
        .replace("5 b 1     3 w =", "5 b 1     3 b =")
        .replace("6 w 1     2 b =", "6 w 1     2 w =");
    let document = trf::parse(&swapped).unwrap();
    assert_eq!(opposite_colours(&document, 2).unwrap(), vec![(3, Some(2))]);
    assert!(
        opposite_colours(&document, 1).unwrap().is_empty(),
        "no one expects a colour in round 1"
    );
    assert!(opposite_colours(&document, 3).unwrap().is_empty());
}

/// C.07 Art. 2 and the file's `202`: two players level on points, placed in
/// the order their tie-breaks contradict.
#[test]
fn a_rank_column_that_contradicts_the_tie_break_list_is_reported_player_by_player() {
    let report = check_trf(&read("checker/ranks-contradict-tiebreaks.trf")).unwrap();
    assert!(report.pairings_pass(), "{:?}", report.round_reports);
    assert!(!report.standings_pass());
    let ranks: Vec<&StandingFinding> = report
        .standings
        .findings
        .iter()
        .filter(|f| matches!(f, StandingFinding::Rank { .. }))
        .collect();
    assert_eq!(ranks.len(), 2, "{:?}", report.standings.findings);
    let players: Vec<u32> = ranks.iter().map(|f| f.player()).collect();
    for f in &ranks {
        assert_ne!(f.expected(), f.found(), "{f}");
    }
    assert_eq!(players.len(), 2);
    assert_eq!(
        report.standings.source,
        tournament::checker::TiebreakSource::File
    );
}

/// A forfeit recorded without colours (`204 - +`, `251 - -`) has no colour
/// to check: whichever of the two the engine gives White, the board is the
/// recorded one (as bbpPairings' checker reads it). The same forfeit with
/// recorded colours the engine did not give is a difference.
#[test]
fn a_forfeit_recorded_without_colours_has_no_colour_to_check() {
    let text = read("checker/colourless-forfeit.trf");
    let report = check_trf(&text).unwrap();
    assert!(report.pairings_pass(), "{:?}", report.round_reports);
    let swiss = tournament::dutch::read_trf(&text, false).unwrap();
    assert!(tournament::dutch::check(&swiss).is_empty());

    // Give the forfeit the colours the model would (the lower number White).
    let coloured = text
        .lines()
        .map(|l| {
            l.replacen("     5 - +", "     5 w +", 1)
                .replacen("     3 - -", "     3 b -", 1)
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_ne!(coloured, text, "the fixture holds the colourless forfeit");
    let report = check_trf(&coloured).unwrap();
    assert!(!report.pairings_pass(), "recorded colours are checked");
}

/// The handbook's examples (C.04.3, one rule each): the pairing the text
/// works out, played with draws, passes the checker.
#[test]
fn every_handbook_example_s_own_pairing_passes_the_checker() {
    let mut checked = 0;
    for file in trf_files("dutch/handbook") {
        let expected = std::fs::read_to_string(file.with_extension("expected")).unwrap();
        if !expected.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let mut t = trf::read_tournament(&text).unwrap();
        let mut round = Round::default();
        for line in expected.lines().skip(1) {
            let (w, b) = line.split_once(' ').unwrap();
            let (w, b): (u32, u32) = (w.parse().unwrap(), b.parse().unwrap());
            if b == 0 {
                round.byes.push(tournament::model::Bye {
                    player: w,
                    kind: ByeKind::PairingAllocated,
                });
            } else {
                round.boards.push(Board::new(w, b, GameResult::Draw));
            }
        }
        // Requested byes of the paired round become byes of it.
        let next = t.rounds_paired() + 1;
        for p in &mut t.players {
            if let Some(kind) = p.requested_byes.remove(&next) {
                round.byes.push(tournament::model::Bye {
                    player: p.start_number,
                    kind,
                });
            }
            p.reported_points = None;
            p.reported_rank = None;
        }
        t.rounds.push(round);
        let written = trf::write_tournament(&t, Format::Trf16);
        let report = check_trf(&written).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let last = report.round_reports.last().unwrap();
        assert!(
            last.findings.is_empty(),
            "{}: {:?}",
            file.display(),
            last.findings
        );
        checked += 1;
    }
    assert!(checked >= 15, "{checked} examples");
}

/// The endorsed engine's random tournaments (bbpPairings, Dutch 2025): every
/// round passes, absolute criteria included (every fourth file, to keep the
/// test short; `tests/dutch.rs` re-pairs them all).
#[test]
fn every_round_of_the_endorsed_engine_s_random_tournaments_passes_the_pairing_check() {
    let files = trf_files("dutch/generated");
    assert!(files.len() >= 200);
    let mut rounds = 0;
    for f in files.iter().step_by(4) {
        let report = check_trf(&std::fs::read_to_string(f).unwrap()).unwrap();
        assert!(
            report.pairings_pass(),
            "{}: {:?}",
            f.display(),
            report.round_reports
        );
        rounds += report.round_reports.len();
    }
    assert!(rounds > 300);
}

/// C.05 Annex 1: a round robin is checked against the Berger table of its
/// size; a board moved off the table is reported with the table's boards
/// of the two players.
#[test]
fn a_round_robin_is_checked_against_its_berger_table() {
    let mut t = Tournament {
        name: "Berger".into(),
        system: System::RoundRobin,
        planned_rounds: 5,
        ..Tournament::default()
    };
    t.info.kind = Some("Round Robin".into());
    for sn in 1..=6 {
        t.players.push(Player {
            start_number: sn,
            name: format!("Player{sn:04}"),
            fide_rating: Some(2500 - 10 * sn as u16),
            ..Player::default()
        });
    }
    for _ in 0..5 {
        let mut round = round_robin::pair_next_round(&t).unwrap();
        for b in &mut round.boards {
            b.result = GameResult::WhiteWins;
        }
        t.rounds.push(round);
    }
    let report = check_trf(&trf::write_tournament(&t, Format::Trf2026)).unwrap();
    assert_eq!(report.system, System::RoundRobin);
    assert!(report.pairings_pass(), "{:?}", report.round_reports);

    // Round 3: exchange the opponents of two boards.
    let boards = &mut t.rounds[2].boards;
    let (b0, b1) = (boards[0], boards[1]);
    boards[0] = Board::new(b0.white, b1.black, GameResult::WhiteWins);
    boards[1] = Board::new(b1.white, b0.black, GameResult::WhiteWins);
    let report = check_trf(&trf::write_tournament(&t, Format::Trf2026)).unwrap();
    let round3 = &report.round_reports[2].findings;
    let off = round3
        .iter()
        .find(|f| matches!(f, PairingFinding::OffBergerTable { white, black, .. } if (*white, *black) == (b0.white, b1.black)))
        .unwrap_or_else(|| panic!("{round3:?}"));
    assert_eq!(off.article(), "C.05 Annex 1");
    assert!(
        off.expected()
            .unwrap()
            .contains(&format!("{}-{}", b0.white, b0.black))
    );
    assert!(report.round_reports[1].findings.is_empty());
}

/// VCL4THP.13 Q81: a file whose point system gives the pairing-allocated
/// bye more than a win fails the standings part, naming the field.
#[test]
fn a_point_system_the_checklist_refuses_fails_the_standings_part() {
    let text =
        read("checker/rematch-in-round-2.trf").replace("XXC white1", "XXC white1\nXXS PAB=1.5");
    let report = check_trf(&text).unwrap();
    let error = report.point_system.expect("refused");
    assert_eq!(error.field().trf_code(), "PAB");
    assert!(!report.standings_pass());
}

/// A file without a rank column is not a standings failure: the report says
/// the ranks were not compared.
#[test]
fn a_file_without_ranks_says_so_and_still_checks_the_points() {
    let report = check_trf(&read("checker/rematch-in-round-2.trf")).unwrap();
    assert_eq!(report.standings.unchecked, Some(Unchecked::NoRanks));
    assert!(report.standings.findings.is_empty());
    let wrong = read("checker/rematch-in-round-2.trf").replacen(" 1.5 ", " 2.5 ", 1);
    let report = check_trf(&wrong).unwrap();
    assert_eq!(
        report.standings.findings,
        vec![StandingFinding::Points {
            player: 1,
            expected: tournament::model::Points::from_tenths(15),
            found: tournament::model::Points::from_tenths(25),
        }]
    );
}

fn random_amount(rng: &mut SplitMix64) -> Option<Amount> {
    match rng.below(4) {
        0 => None,
        1 => Some(Amount::Count(rng.below(3) as u32)),
        2 => Some(Amount::Percent(rng.below(12) as u32)),
        _ => Some(Amount::Count(1)),
    }
}

fn random_per_round(rng: &mut SplitMix64, rounds: usize) -> PerRound {
    let mut p = PerRound {
        every: random_amount(rng),
        ..PerRound::default()
    };
    if rng.below(3) == 0 {
        let round = 1 + rng.below(rounds as u64) as usize;
        if let Some(a) = random_amount(rng) {
            p.rounds.insert(round, a);
        }
    }
    p
}

const TIEBREAK_LISTS: [&[&str]; 4] = [
    &[],
    &["BH/C1", "BH", "SB"],
    &["SB", "WIN", "BPG"],
    &["KS", "PS", "ARO"],
];

/// A random configuration with every option of the checklist (Q24) in play.
fn random_config(rng: &mut SplitMix64) -> GeneratorConfig {
    let players = 6 + rng.below(22) as usize;
    // Few enough rounds for the field to be pairable to the end.
    let rounds = (3 + rng.below(6) as usize).min(players / 2 + 1);
    GeneratorConfig {
        players,
        rounds,
        draw_percentage: rng.below(60) as u32,
        forfeit_rate: [0, 15, 40][rng.below(3) as usize],
        retired_rate: [0, 20][rng.below(2) as usize],
        half_point_bye_rate: [0, 30][rng.below(2) as usize],
        full_point_byes: random_per_round(rng, rounds),
        half_point_byes: random_per_round(rng, rounds),
        zero_point_byes: random_per_round(rng, rounds),
        forfeit_wins: random_per_round(rng, rounds),
        forfeit_losses: random_per_round(rng, rounds),
        zero_zero: random_per_round(rng, rounds),
        half_zero: random_per_round(rng, rounds),
        zero_half: random_per_round(rng, rounds),
        baku: rng.below(3) == 0,
        tiebreaks: TIEBREAK_LISTS[rng.below(4) as usize]
            .iter()
            .map(|s| (*s).to_owned())
            .collect(),
        ..GeneratorConfig::default()
    }
}

/// The RTG and the PTC agree (C.04.A; VCL4THP.13 Q19–Q24): over many seeds
/// and configurations, with byes of every value, forfeit wins, double
/// forfeits, 0-0, ½-0, 0-½, Baku and tie-break lists, in TRF-2026 and TRF16, every
/// generated file passes the checker: our engine re-pairs every round as
/// generated, and the points and rank columns follow from the file.
#[test]
fn what_the_generator_makes_the_checker_accepts_and_the_engine_re_pairs_identically() {
    let mut rng = SplitMix64::new(20_260_301);
    let (mut files, mut rounds, mut refused) = (0, 0, 0);
    for seed in 0..1000u64 {
        let mut cfg = random_config(&mut rng);
        let format = if seed % 3 == 0 {
            // TRF16 has no record for the tie-break list: the default ranks.
            cfg.tiebreaks.clear();
            Format::Trf16
        } else {
            Format::Trf2026
        };
        let Ok(t) = generate_tournament(&cfg, seed, "property") else {
            refused += 1;
            continue;
        };
        let text = trf::try_write_tournament(&t, format).unwrap();
        let report = check_trf(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert!(
            report.passes(),
            "seed {seed} {cfg:?}: {:?} {:?} {:?}\n{text}",
            report.round_reports,
            report.standings,
            report.point_system
        );
        assert_eq!(report.round_reports.len(), cfg.rounds);
        files += 1;
        rounds += cfg.rounds;
    }
    assert!(
        files >= 950,
        "{files} generated, {refused} without a valid pairing"
    );
    assert!(rounds >= 5000);
}

/// A file exported while a round is being played: its last round is paired
/// and has no results yet. Its pairing is checked all the same (the results
/// do not bear on it); a round without results before the last one cannot
/// be, and says so.
#[test]
fn a_file_in_progress_whose_last_round_has_no_results_yet_is_checked() {
    let cfg = GeneratorConfig::parse(
        "PlayersNumber=15\nRoundsNumber=5\nHalfZero=1\nTieBreaks=BH/C1,BH,SB\n",
    )
    .unwrap();
    let mut t = generate_tournament(&cfg, 9, "in progress").unwrap();
    for board in &mut t.rounds[4].boards {
        board.result = GameResult::NotPlayed;
    }
    for p in &mut t.players {
        p.reported_points = None;
        p.reported_rank = None;
    }
    let text = trf::try_write_tournament(&t, Format::Trf2026).unwrap();
    let report = check_trf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(report.round_reports.len(), 5);
    assert!(
        report.round_reports.iter().all(|r| r.findings.is_empty()),
        "{:?}\n{text}",
        report.round_reports
    );
    // A swapped pair of colours in that round is still found.
    let board = &mut t.rounds[4].boards[0];
    (board.white, board.black) = (board.black, board.white);
    let text = trf::try_write_tournament(&t, Format::Trf2026).unwrap();
    let report = check_trf(&text).unwrap();
    assert!(!report.round_reports[4].findings.is_empty(), "{text}");
    // Results missing from an earlier round: later rounds were paired on them.
    for board in &mut t.rounds[2].boards {
        board.result = GameResult::NotPlayed;
    }
    let text = trf::try_write_tournament(&t, Format::Trf2026).unwrap();
    let e = check_trf(&text).unwrap_err();
    assert!(e.to_string().contains("round 3"), "{e}");
}

#[test]
fn one_seed_and_one_configuration_always_give_the_same_file() {
    let mut rng = SplitMix64::new(7);
    let cfg = random_config(&mut rng);
    let write = |seed| {
        trf::write_tournament(
            &generate_tournament(&cfg, seed, "x").unwrap(),
            Format::Trf2026,
        )
    };
    assert_eq!(write(11), write(11));
    assert_ne!(write(11), write(12));
}

/// Q24: counts and percentages, per round or for every round, are met
/// exactly when the field allows it.
#[test]
fn the_generator_makes_exactly_the_byes_and_results_asked_in_each_round() {
    let cfg = GeneratorConfig::parse(
        "PlayersNumber=40\nRoundsNumber=5\nForfeitRate=0\nRetiredRate=0\nHalfPointByeRate=0\n\
         FullPointByes=1\nHalfPointByes=5%\nHalfPointByes[3]=4\nZeroPointByes[2]=3\n\
         ForfeitWins=2\nForfeitLosses[4]=1\nZeroZero=10%\nHalfZero[2]=1\nZeroHalf=1\n\
         TieBreaks=BH/C1,SB\n",
    )
    .unwrap();
    let t = generate_tournament(&cfg, 3, "counts").unwrap();
    assert_eq!(t.tiebreaks, ["BH/C1", "SB"]);
    for (number, round) in (1..).zip(&t.rounds) {
        let byes = |kind| round.byes.iter().filter(|b| b.kind == kind).count();
        let results = |r| round.boards.iter().filter(|b| b.result == r).count();
        assert_eq!(byes(ByeKind::FullPoint), 1, "round {number}");
        assert_eq!(
            byes(ByeKind::HalfPoint),
            if number == 3 { 4 } else { 2 },
            "round {number}"
        );
        assert_eq!(
            byes(ByeKind::ZeroPoint),
            usize::from(number == 2) * 3,
            "round {number}"
        );
        let forfeit_wins =
            results(GameResult::WhiteWinsByForfeit) + results(GameResult::BlackWinsByForfeit);
        assert_eq!(forfeit_wins, 2, "round {number}");
        assert_eq!(
            results(GameResult::DoubleForfeit),
            usize::from(number == 4),
            "round {number}"
        );
        let games = round.boards.len();
        assert_eq!(
            results(GameResult::BothLose),
            (games * 10 + 50) / 100,
            "round {number}"
        );
        assert_eq!(
            results(GameResult::HalfZero),
            usize::from(number == 2),
            "round {number}"
        );
        assert_eq!(results(GameResult::ZeroHalf), 1, "round {number}");
    }
    // ½-0 scores the draw for White and the loss for Black (Q180–186).
    let round = &t.rounds[1];
    let board = round
        .boards
        .iter()
        .find(|b| b.result == GameResult::HalfZero)
        .unwrap();
    let score = |sn| {
        t.participation(sn, 2).map(|p| match p {
            Participation::Game { outcome, .. } => outcome,
            _ => panic!("{p:?}"),
        })
    };
    assert_eq!(score(board.white), Some(Outcome::Draw));
    assert_eq!(score(board.black), Some(Outcome::Loss));
}

#[test]
fn a_configuration_that_cannot_be_read_is_refused_naming_its_line() {
    let e = GeneratorConfig::parse("HalfZero=1\nZeroHalf=x\n").unwrap_err();
    assert!(e.contains("line 2"), "{e}");
    assert!(GeneratorConfig::parse("FullPointByes=x\n").is_err());
    assert!(GeneratorConfig::parse("FullPointByes[0]=1\n").is_err());
    assert!(GeneratorConfig::parse("TieBreaks=BH,NOPE\n").is_err());
}

/// Real files (the JaVaFo manual's samples: Capo d'Orso 2012 with `XXA`,
/// Gros 2010 in progress with requested byes) and hand-made ones: the rounds
/// the checker re-pairs differently are exactly those bbpPairings' checker
/// reports (`bbpPairings.exe --dutch FILE -c`, v6 at commit 16a000f, Dutch
/// 2025 rules; both older events were paired under earlier rules).
#[test]
fn on_real_files_the_rounds_that_differ_are_those_bbppairings_reports() {
    let cases: [(&str, &[u32]); 5] = [
        ("trf/capo-d-orso-2012.trf", &[6, 9]),
        ("trf/gros-2010-round5.trf", &[2, 4]),
        ("standings/koya-forfeits.trf", &[1, 2, 3, 4]),
        ("checker/colourless-forfeit.trf", &[]),
        ("checker/rematch-in-round-2.trf", &[2]),
    ];
    for (file, bbp) in cases {
        let report = check_trf(&read(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let differing: Vec<u32> = report
            .round_reports
            .iter()
            .filter(|r| {
                r.findings
                    .iter()
                    .any(|f| matches!(f, PairingFinding::DifferentPairing { .. }))
            })
            .map(|r| r.round)
            .collect();
        assert_eq!(differing, bbp, "{file}");
    }
}

/// FIDE TEC's own test file (TieBreakServer, TRF-2026 in progress): read as
/// its writer meant it — both rounds are the Dutch pairing, and a rank
/// column of zeros is no rank column.
#[test]
fn the_tie_break_server_s_in_progress_file_passes_and_its_zero_ranks_are_no_ranks() {
    let report = check_trf(&read("checker/tiebreakserver-no-colour-preference.trf")).unwrap();
    assert_eq!(report.format, Format::Trf2026);
    assert_eq!(report.rounds, 2);
    assert!(report.pairings_pass(), "{:?}", report.round_reports);
    assert_eq!(report.standings.unchecked, Some(Unchecked::NoRanks));
    assert!(report.passes(), "{:?}", report.standings);
}
