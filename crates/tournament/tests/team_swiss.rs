//! The FIDE Swiss Team Pairing System (C.04.6, 2026): the regulation's own
//! examples, hand-worked positions (fixtures in `fixtures/team_swiss/`), the
//! checker, and properties over thousands of generated events.

use std::collections::HashSet;

use tournament::team_swiss::{
    Colour, Config, GeneratorConfig, PreferenceKind, PrimaryScore, Proposal, RoundKind,
    RoundRecord, Team, TeamSwiss, Violation, check, generate, identifier, pair_round,
    upfloater_sets,
};

/// Points written with decimals ("2.5") in half points.
fn halves(s: &str) -> u32 {
    let v: f64 = s.parse().expect("points");
    (v * 2.0).round() as u32
}

/// One round token of a fixture: `W7=2/1.5` (played White against 7, 2
/// match points, 1.5 game points), `B7=…`, `+7=…` (forfeit win), `-7=…`
/// (forfeit loss), `U=…` (pairing-allocated bye), `F=…` (full-point bye),
/// `Z=…` (not paired).
fn record(tok: &str) -> RoundRecord {
    let (head, pts) = tok.split_once('=').expect("token has =");
    let (mp, gp) = pts.split_once('/').expect("points mp/gp");
    let opp = || head[1..].parse::<u32>().expect("opponent");
    let kind = match &head[..1] {
        "W" => RoundKind::Played {
            opponent: opp(),
            colour: Colour::White,
        },
        "B" => RoundKind::Played {
            opponent: opp(),
            colour: Colour::Black,
        },
        "+" => RoundKind::ForfeitWin {
            opponent: Some(opp()),
        },
        "-" => RoundKind::ForfeitLoss {
            opponent: Some(opp()),
        },
        "U" => RoundKind::PairingBye,
        "F" => RoundKind::FullPointBye,
        "Z" => RoundKind::NotPaired,
        other => panic!("unknown token {other}"),
    };
    RoundRecord {
        kind,
        match_points: halves(mp),
        game_points: halves(gp),
    }
}

struct Fixture {
    name: String,
    input: TeamSwiss,
    expect: Vec<(String, String)>,
}

fn read_fixture(name: &str, text: &str) -> Fixture {
    let mut input = TeamSwiss {
        teams: Vec::new(),
        round: 1,
        rounds: 1,
        config: Config::default(),
        forbidden: Vec::new(),
    };
    let mut expect = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("expect ") {
            let (what, value) = rest.split_once(':').expect("expect what: value");
            expect.push((what.trim().to_string(), value.trim().to_string()));
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "rounds" => input.rounds = value.parse().expect("rounds"),
            "round" => input.round = value.parse().expect("round"),
            "primary" => {
                input.config.primary = match value {
                    "gp" => PrimaryScore::GamePoints,
                    _ => PrimaryScore::MatchPoints,
                }
            }
            "preferences" => {
                input.config.preferences = match value {
                    "B" => PreferenceKind::TypeB,
                    "none" => PreferenceKind::None,
                    _ => PreferenceKind::TypeA,
                }
            }
            "initial" => {
                input.config.initial_colour = if value == "black" {
                    Colour::Black
                } else {
                    Colour::White
                }
            }
            "forbid" => {
                let (a, b) = value.split_once(' ').expect("forbid a b");
                input
                    .forbidden
                    .push((a.parse().expect("tpn"), b.parse().expect("tpn")));
            }
            "team" => {
                let (tpn, hist) = value.split_once(':').expect("team N: rounds");
                let (tpn, absent) = match tpn.trim().split_once(' ') {
                    Some((t, "absent")) => (t, true),
                    _ => (tpn.trim(), false),
                };
                let tpn: u32 = tpn.parse().expect("tpn");
                input.teams.push(Team {
                    id: u64::from(tpn),
                    tpn,
                    history: hist.split_whitespace().map(record).collect(),
                    available: !absent,
                });
            }
            other => panic!("{name}: unknown line {other}"),
        }
    }
    Fixture {
        name: name.to_string(),
        input,
        expect,
    }
}

fn fixtures() -> Vec<Fixture> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/team_swiss");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("fixture dir")
        .map(|e| e.expect("entry").path())
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("fixture");
            read_fixture(&p.display().to_string(), &text)
        })
        .collect()
}

#[test]
fn every_fixture_is_paired_as_its_articles_say() {
    let all = fixtures();
    assert!(all.len() >= 5, "fixtures found: {}", all.len());
    for f in &all {
        let p = pair_round(&f.input).unwrap_or_else(|e| panic!("{}: {e}", f.name));
        for (what, value) in &f.expect {
            match what.as_str() {
                "pairs" => {
                    let got: Vec<String> = p
                        .matches
                        .iter()
                        .map(|m| format!("{}-{}", m.white, m.black))
                        .collect();
                    assert_eq!(got.join(" "), *value, "{}: pairs", f.name);
                }
                "bye" => {
                    let got = p.bye.map_or("none".to_string(), |b| b.to_string());
                    assert_eq!(got, *value, "{}: bye", f.name);
                }
                w if w.starts_with("bracket ") => {
                    let k: usize = w[8..].parse().expect("bracket number");
                    let b = &p.brackets[k - 1];
                    let list =
                        |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
                    let got = format!("{} | {}", list(&b.residents), list(&b.upfloaters));
                    assert_eq!(got.trim(), value.as_str(), "{}: bracket {k}", f.name);
                }
                other => panic!("{}: unknown expectation {other}", f.name),
            }
        }
        // The pairer's own pairing passes its checker.
        let report = check(&f.input, &Proposal::from(&p)).expect("valid input");
        assert!(
            report.violations.is_empty(),
            "{}: {:?}",
            f.name,
            report.violations
        );
        assert!(report.same_as_engine, "{}", f.name);
    }
}

#[test]
fn article_3_6_2_identifier_example_is_4_6_9_11_8_16_10_24() {
    // "If 11-24 16-6 10-9 8-4 is a pairing, its identifier is 4 6 9 11 8 16 10 24."
    assert_eq!(
        identifier(&[(11, 24), (16, 6), (10, 9), (8, 4)]),
        vec![4, 6, 9, 11, 8, 16, 10, 24]
    );
}

#[test]
fn article_3_5_4_example_lists_the_sets_in_the_printed_order() {
    // 2, 6, 8 on 3 points, 1, 3, 5 on 2.5 (in half points); two upfloaters on
    // 3 and one on 2.5: {2,6,1} < {2,6,3} < … < {6,8,5}, "already sorted".
    let cands = [(2, 6), (6, 6), (8, 6), (1, 5), (3, 5), (5, 5)];
    let sets = upfloater_sets(&cands, &[6, 6, 5]);
    let printed = [
        [2, 6, 1],
        [2, 6, 3],
        [2, 6, 5],
        [2, 8, 1],
        [2, 8, 3],
        [2, 8, 5],
        [6, 8, 1],
        [6, 8, 3],
        [6, 8, 5],
    ];
    let printed: Vec<Vec<u32>> = printed.iter().map(|s| s.to_vec()).collect();
    assert_eq!(sets, printed);
}

fn round_one(n: u32, rounds: u32) -> TeamSwiss {
    TeamSwiss {
        teams: (1..=n)
            .map(|tpn| Team {
                id: u64::from(tpn) * 7,
                tpn,
                history: Vec::new(),
                available: true,
            })
            .collect(),
        round: 1,
        rounds,
        config: Config::default(),
        forbidden: Vec::new(),
    }
}

#[test]
fn bad_input_is_refused_with_a_typed_error_not_a_panic() {
    use tournament::team_swiss::{InputError, PairingError};
    let mut t = round_one(4, 3);
    t.teams[3].tpn = 9;
    assert_eq!(
        pair_round(&t),
        Err(PairingError::Input(InputError::BadTpns))
    );
    let mut t = round_one(4, 3);
    t.round = 4;
    assert!(matches!(
        pair_round(&t),
        Err(PairingError::Input(InputError::BadRound { .. }))
    ));
    let mut t = round_one(4, 3);
    t.round = 2;
    assert!(matches!(
        pair_round(&t),
        Err(PairingError::Input(InputError::HistoryLength { .. }))
    ));
    // A played match recorded by one team only.
    let mut t = round_one(4, 3);
    t.round = 2;
    let rec = |kind| RoundRecord {
        kind,
        match_points: 0,
        game_points: 0,
    };
    for team in &mut t.teams {
        team.history.push(rec(RoundKind::NotPaired));
    }
    t.teams[0].history[0] = rec(RoundKind::Played {
        opponent: 2,
        colour: Colour::White,
    });
    assert!(matches!(
        pair_round(&t),
        Err(PairingError::Input(InputError::Asymmetric { .. }))
    ));
    let mut t = round_one(4, 3);
    t.forbidden.push((1, 1));
    assert!(matches!(
        pair_round(&t),
        Err(PairingError::Input(InputError::BadForbiddenPair(1, 1)))
    ));
}

#[test]
fn a_field_that_cannot_be_paired_is_reported_for_the_chief_arbiter() {
    // Art. 3.3.3: two teams that may not meet, nobody else.
    use tournament::team_swiss::PairingError;
    let mut t = round_one(2, 3);
    t.forbidden.push((1, 2));
    assert_eq!(pair_round(&t), Err(PairingError::NoValidPairing));
}

#[test]
fn the_checker_names_a_rematch_a_barred_bye_and_an_unpaired_team() {
    let ev = generate(
        &GeneratorConfig {
            teams: 7,
            rounds: 5,
            config: Some(Config::default()),
            ..GeneratorConfig::default()
        },
        11,
    );
    let r = &ev.rounds[2];
    let first = r.input.teams.iter().find(|t| t.tpn == 1).expect("team 1");
    let met = first
        .history
        .iter()
        .find_map(|h| match h.kind {
            RoundKind::Played { opponent, .. } => Some(opponent),
            _ => None,
        })
        .expect("1 has played");
    let had_bye = r
        .input
        .teams
        .iter()
        .find(|t| t.history.iter().any(|h| h.kind == RoundKind::PairingBye))
        .expect("someone had the bye")
        .tpn;
    let proposal = Proposal {
        matches: vec![(1, met)],
        bye: Some(had_bye),
    };
    let report = check(&r.input, &proposal).expect("valid");
    assert!(report.violations.contains(&Violation::Rematch(1, met)));
    assert!(
        report
            .violations
            .contains(&Violation::ByeNotAllowed(had_bye))
    );
    assert!(
        report
            .violations
            .iter()
            .any(|v| matches!(v, Violation::Unpaired(_)))
    );
    assert!(Violation::Rematch(1, met).is_absolute());
    assert!(!report.same_as_engine);
}

#[test]
fn the_checker_reports_colours_swapped_against_article_4_as_not_absolute() {
    let t = round_one(4, 3);
    let p = pair_round(&t).expect("pairs");
    let mut proposal = Proposal::from(&p);
    let (w, b) = proposal.matches[0];
    proposal.matches[0] = (b, w);
    let report = check(&t, &proposal).expect("valid");
    assert_eq!(
        report.violations,
        vec![Violation::Colours { white: b, black: w }]
    );
    assert!(!report.violations[0].is_absolute());
    assert!(!report.same_as_engine);
}

/// A team's Type A preference computed here from its history, as Art.
/// 1.7.1 words it (independently of the engine).
fn simple_preference(t: &Team) -> Option<Colour> {
    let cols: Vec<Colour> = t
        .history
        .iter()
        .filter_map(|r| match r.kind {
            RoundKind::Played { colour, .. } => Some(colour),
            _ => None,
        })
        .collect();
    let cd: i32 = cols
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum();
    let n = cols.len();
    let last_two = |c| n >= 2 && cols[n - 1] == c && cols[n - 2] == c;
    if cd < -1 || ((cd == 0 || cd == -1) && last_two(Colour::Black)) {
        Some(Colour::White)
    } else if cd > 1 || ((cd == 0 || cd == 1) && last_two(Colour::White)) {
        Some(Colour::Black)
    } else {
        None
    }
}

fn event_config(seed: u64) -> GeneratorConfig {
    let teams = 3 + (seed % 18) as usize;
    GeneratorConfig {
        teams,
        rounds: 2 + (seed % 7) as u32,
        boards: 1 + (seed % 6) as u32,
        draw_percentage: 10 + (seed % 5) as u32 * 10,
        forfeit_rate: if seed.is_multiple_of(3) { 15 } else { 0 },
        absence_rate: if seed.is_multiple_of(4) { 12 } else { 0 },
        forbidden_pairs: if seed.is_multiple_of(5) { 2 } else { 0 },
        config: None,
    }
}

#[test]
fn thousands_of_generated_events_keep_the_absolute_criteria_and_article_4() {
    let mut rounds_checked = 0;
    let mut byes = 0;
    let mut floats = 0;
    for seed in 0..2000u64 {
        let cfg = event_config(seed);
        let ev = generate(&cfg, seed);
        let mut had_bye: HashSet<u32> = HashSet::new();
        for r in &ev.rounds {
            let input = &r.input;
            let p = &r.pairing;
            let forbidden: HashSet<(u32, u32)> = input
                .forbidden
                .iter()
                .flat_map(|&(a, b)| [(a, b), (b, a)])
                .collect();
            // Every team to be paired is in exactly one match or has the bye.
            let available: Vec<u32> = input
                .teams
                .iter()
                .filter(|t| t.available)
                .map(|t| t.tpn)
                .collect();
            let mut seen: Vec<u32> = p.matches.iter().flat_map(|m| [m.white, m.black]).collect();
            seen.extend(p.bye);
            seen.sort_unstable();
            let mut want = available.clone();
            want.sort_unstable();
            assert_eq!(seen, want, "seed {seed} round {}", input.round);
            assert_eq!(p.bye.is_some(), available.len() % 2 == 1, "seed {seed}");
            for m in &p.matches {
                // [C1]: never a second meeting; never a forbidden pair.
                assert!(
                    !played_each_other(input, m.white, m.black),
                    "seed {seed}: rematch {}-{}",
                    m.white,
                    m.black
                );
                assert!(!forbidden.contains(&(m.white, m.black)), "seed {seed}");
                // Art. 4.3.1-4.3.3 under Type A, checked from the histories.
                let team = |x: u32| input.teams.iter().find(|t| t.tpn == x).expect("team");
                let (w, b) = (team(m.white), team(m.black));
                let unplayed = |t: &Team| {
                    !t.history
                        .iter()
                        .any(|h| matches!(h.kind, RoundKind::Played { .. }))
                };
                if unplayed(w) && unplayed(b) {
                    let first = first_team(input, w, b);
                    let c = if first.tpn % 2 == 1 {
                        input.config.initial_colour
                    } else {
                        flip(input.config.initial_colour)
                    };
                    let first_white = first.tpn == w.tpn;
                    assert_eq!(c == Colour::White, first_white, "seed {seed}: 4.3.1");
                } else if input.config.preferences == PreferenceKind::TypeA {
                    let (pw, pb) = (simple_preference(w), simple_preference(b));
                    assert!(
                        pw != Some(Colour::Black) || pb == Some(Colour::Black),
                        "seed {seed}: 4.3.2/4.3.3"
                    );
                    assert!(
                        pb != Some(Colour::White) || pw == Some(Colour::White),
                        "seed {seed}: 4.3.2/4.3.3"
                    );
                }
            }
            // [C2]: at most one bye each, never after a forfeit win.
            if let Some(b) = p.bye {
                byes += 1;
                assert!(had_bye.insert(b), "seed {seed}: second bye for {b}");
                let t = input.teams.iter().find(|t| t.tpn == b).expect("bye team");
                assert!(
                    !t.history.iter().any(|h| matches!(
                        h.kind,
                        RoundKind::PairingBye | RoundKind::ForfeitWin { .. }
                    )),
                    "seed {seed}: [C2]"
                );
            }
            floats += p.brackets.iter().map(|b| b.upfloaters.len()).sum::<usize>();
            // The checker agrees, and the pairing is deterministic and does
            // not depend on the order the teams are listed in.
            let report = check(input, &Proposal::from(p)).expect("valid");
            assert!(
                report.violations.is_empty(),
                "seed {seed}: {:?}",
                report.violations
            );
            assert!(report.same_as_engine, "seed {seed}");
            let mut shuffled = input.clone();
            shuffled.teams.reverse();
            assert_eq!(pair_round(&shuffled).as_ref(), Ok(p), "seed {seed}");
            rounds_checked += 1;
        }
    }
    assert!(rounds_checked > 8000, "rounds checked: {rounds_checked}");
    assert!(byes > 1000 && floats > 1000, "byes {byes}, floats {floats}");
}

fn flip(c: Colour) -> Colour {
    match c {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    }
}

fn played_each_other(t: &TeamSwiss, a: u32, b: u32) -> bool {
    t.teams.iter().find(|x| x.tpn == a).is_some_and(|x| {
        x.history
            .iter()
            .any(|h| matches!(h.kind, RoundKind::Played { opponent, .. } if opponent == b))
    })
}

/// Art. 4.2 with scores summed here from the records.
fn first_team<'a>(t: &TeamSwiss, a: &'a Team, b: &'a Team) -> &'a Team {
    let score = |x: &Team| -> (u32, u32) {
        let mp: u32 = x.history.iter().map(|h| h.match_points).sum();
        let gp: u32 = x.history.iter().map(|h| h.game_points).sum();
        match t.config.primary {
            PrimaryScore::MatchPoints => (mp, gp),
            PrimaryScore::GamePoints => (gp, mp),
        }
    };
    let (sa, sb) = (score(a), score(b));
    if sa.0 != sb.0 {
        return if sa.0 > sb.0 { a } else { b };
    }
    if t.config.secondary_for_colour && sa.1 != sb.1 {
        return if sa.1 > sb.1 { a } else { b };
    }
    if a.tpn < b.tpn { a } else { b }
}

#[test]
fn the_same_seed_plays_the_same_event() {
    for seed in [1u64, 77, 4242] {
        let cfg = event_config(seed);
        assert_eq!(generate(&cfg, seed), generate(&cfg, seed));
    }
    let a = generate(&event_config(9), 9);
    let b = generate(&event_config(9), 10);
    assert_ne!(a, b);
}

#[test]
fn events_shorter_than_the_field_are_played_to_the_end() {
    // With fewer rounds than half the field, [C3] always leaves a pairing.
    for seed in 0..300u64 {
        let teams = 10 + (seed % 20) as usize;
        let cfg = GeneratorConfig {
            teams,
            rounds: (teams / 2) as u32,
            ..GeneratorConfig::default()
        };
        let ev = generate(&cfg, seed);
        assert_eq!(ev.stopped, None, "seed {seed}");
        assert_eq!(ev.rounds.len(), cfg.rounds as usize);
    }
}

#[test]
fn a_large_open_team_event_is_paired_round_after_round() {
    // 120 and 61 teams, 11 rounds, with forfeits and absences: every round
    // is paired (Art. 3.3.1) and passes the checker.
    for (teams, seed) in [(120usize, 5u64), (61, 6)] {
        let cfg = GeneratorConfig {
            teams,
            rounds: 11,
            boards: 6,
            forfeit_rate: 40,
            absence_rate: 50,
            ..GeneratorConfig::default()
        };
        let ev = generate(&cfg, seed);
        assert_eq!(ev.stopped, None, "{teams} teams");
        assert_eq!(ev.rounds.len(), 11);
        for r in &ev.rounds {
            let report = check(&r.input, &Proposal::from(&r.pairing)).expect("valid");
            assert!(report.violations.is_empty(), "{:?}", report.violations);
        }
    }
}

#[test]
fn events_as_long_as_a_round_robin_end_paired_or_with_no_legal_pairing() {
    // Late rounds where most pairs have met: every round paired is legal,
    // and an event that stops does so because no legal pairing exists
    // (Art. 3.3.3), never on the set budget.
    use tournament::team_swiss::PairingError;
    let mut stopped = 0;
    for seed in 0..60u64 {
        let teams = 6 + (seed % 11) as usize;
        let cfg = GeneratorConfig {
            teams,
            rounds: (teams - 1) as u32,
            forbidden_pairs: (seed % 3) as usize,
            ..GeneratorConfig::default()
        };
        let ev = generate(&cfg, seed);
        for r in &ev.rounds {
            let report = check(&r.input, &Proposal::from(&r.pairing)).expect("valid");
            assert!(
                report.violations.is_empty(),
                "seed {seed}: {:?}",
                report.violations
            );
        }
        match ev.stopped {
            None => assert_eq!(ev.rounds.len(), cfg.rounds as usize),
            Some(PairingError::NoValidPairing) => stopped += 1,
            Some(e) => panic!("seed {seed}: {e}"),
        }
    }
    assert!(stopped > 0, "no event ran out of pairings");
}
