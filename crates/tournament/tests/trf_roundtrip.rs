//! Property: exporting a tournament as TRF (TRF16 or TRF-2026) and importing
//! it again gives the same tournament, for randomly generated events with
//! every result code, bye kind, scoring system and extension record the
//! formats can carry (FIDE C.04 Annex 2; JaVaFo TRF(x) extensions).

use std::collections::BTreeMap;

use tournament::lots::SplitMix64;
use tournament::model::{
    AbnormalPoints, Board, Bye, ByeKind, Colour, Date, EventInfo, ForbiddenInRounds, GameResult,
    NationalRecord, PairingOptions, Player, Points, RatingMethod, Round, Scoring, Sex, System,
    Title, Tournament,
};
use tournament::rating::Grade;
use tournament::standings::{StandingsOptions, compute_standings};
use tournament::trf::{self, Format, TrfErrorKind, TrfWarningKind};

struct Gen(SplitMix64);

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
    fn text(&mut self, prefix: &str) -> String {
        format!("{prefix} {}", self.below(10_000))
    }
    fn maybe_text(&mut self, prefix: &str) -> Option<String> {
        self.chance(70).then(|| self.text(prefix))
    }
}

const TITLES: [Title; 8] = [
    Title::Gm,
    Title::Im,
    Title::Wgm,
    Title::Fm,
    Title::Wim,
    Title::Cm,
    Title::Wfm,
    Title::Wcm,
];

fn player(g: &mut Gen, start_number: u32) -> Player {
    let names = [
        "Müller, Jörg",
        "O'Neil, Ann",
        "Li Wei",
        "Ünal, Ça",
        "Smith-Jones, Ian",
    ];
    Player {
        start_number,
        name: format!("{} {start_number}", g.pick(&names)),
        sex: g.pick(&[None, Some(Sex::Male), Some(Sex::Female)]),
        title: g.chance(30).then(|| g.pick(&TITLES)),
        fide_id: g.chance(80).then(|| g.below(99_999_999_999)),
        federation: g
            .chance(80)
            .then(|| g.pick(&["ESP", "CHN", "GER", "IND"]).to_owned()),
        birth_date: g.chance(70).then(|| {
            let year = 1930 + g.below(90) as u16;
            if g.chance(50) {
                Date {
                    year,
                    month: 0,
                    day: 0,
                }
            } else {
                Date {
                    year,
                    month: 1 + g.below(12) as u8,
                    day: 1 + g.below(28) as u8,
                }
            }
        }),
        fide_rating: g.chance(85).then(|| g.below(2900) as u16),
        reported_points: Some(Points(g.below(200) as u32)),
        reported_rank: g.chance(60).then(|| 1 + g.below(500) as u32),
        grade_points: g.chance(30).then(|| g.below(3500) as u32),
        ..Player::default()
    }
}

fn round(g: &mut Gen, numbers: &[u32], format: Format) -> Round {
    let mut order = numbers.to_vec();
    g.0.shuffle(&mut order);
    let mut round = Round::default();
    let mut rest = &order[..];
    // At least one game, so the round counts as paired.
    while rest.len() >= 2 {
        if round.boards.is_empty() || g.chance(80) {
            let result = g.pick(&[
                GameResult::WhiteWins,
                GameResult::BlackWins,
                GameResult::Draw,
                GameResult::WhiteWinsByForfeit,
                GameResult::BlackWinsByForfeit,
                GameResult::DoubleForfeit,
                GameResult::BothLose,
                GameResult::HalfZero,
                GameResult::ZeroHalf,
                GameResult::NotPlayed,
                GameResult::Adjourned,
            ]);
            // TRF16 has no code for an adjourned game (it writes a draw).
            let result = if format == Format::Trf16 && result == GameResult::Adjourned {
                GameResult::Draw
            } else {
                result
            };
            // An adjourned game has one code, `?`, rated or not.
            let rated = !(result.is_played() && result != GameResult::Adjourned && g.chance(10));
            round.boards.push(Board {
                white: rest[0],
                black: rest[1],
                result,
                rated,
            });
            rest = &rest[2..];
        } else {
            break;
        }
    }
    for &p in rest {
        if g.chance(70) {
            let kind = g.pick(&[
                ByeKind::PairingAllocated,
                ByeKind::FullPoint,
                ByeKind::HalfPoint,
                ByeKind::ZeroPoint,
                ByeKind::Absent,
            ]);
            round.byes.push(Bye { player: p, kind });
        }
    }
    // The canonical order TRF import produces.
    round.boards.sort_by_key(|b| b.white.min(b.black));
    round.byes.sort_by_key(|b| b.player);
    round
}

fn scoring(g: &mut Gen) -> Scoring {
    match g.below(4) {
        0 => Scoring::default(),
        1 => Scoring::new(Points(30), Points(10), Points::ZERO),
        2 => Scoring {
            pairing_allocated_bye: Points(10),
            ..Scoring::new(Points(20), Points(10), Points::ZERO)
        },
        _ => Scoring {
            win_black: Points(15),
            draw_black: Points(7),
            half_point_bye: Points::ZERO,
            ..Scoring::default()
        },
    }
}

fn tournament(g: &mut Gen, format: Format) -> Tournament {
    let count = 2 + g.below(30) as u32;
    // Mostly contiguous start numbers; sometimes with gaps.
    let gap = if g.chance(20) { 3 } else { 1 };
    let numbers: Vec<u32> = (1..=count).map(|i| i * gap).collect();
    let mut players: Vec<Player> = numbers.iter().map(|&n| player(g, n)).collect();
    let rounds: Vec<Round> = (0..g.below(8))
        .map(|_| round(g, &numbers, format))
        .collect();
    let next = rounds.len() as u32 + 1;
    for p in &mut players {
        for r in 1..next + 3 {
            if g.chance(8) {
                let kind = g.pick(&[ByeKind::FullPoint, ByeKind::HalfPoint, ByeKind::ZeroPoint]);
                p.requested_byes.insert(r, kind);
            }
        }
    }
    let system = g.pick(&[System::Swiss, System::RoundRobin, System::DoubleRoundRobin]);
    let kind = match system {
        System::Swiss => g.chance(50).then(|| "Swiss System".to_owned()),
        System::RoundRobin => Some("Individual: Round Robin".to_owned()),
        System::DoubleRoundRobin => Some("Double Round Robin".to_owned()),
    };
    let mut accelerations = BTreeMap::new();
    for &n in &numbers {
        if g.chance(20) {
            let mut list: Vec<Points> = (0..1 + g.below(6))
                .map(|_| Points(g.pick(&[0, 5, 10])))
                .collect();
            *list.last_mut().unwrap() = Points(10);
            accelerations.insert(n, list);
        }
    }
    let new_format = format == Format::Trf2026;
    // TRF-2026 only: national ratings (NRS records), 172, 182, 212, 222, 299.
    let mut national_records = Vec::new();
    let mut rating_methods = Vec::new();
    if new_format && g.chance(50) {
        let federation = g.pick(&["ESP", "CHN", "FRA"]).to_owned();
        rating_methods.push(RatingMethod {
            federation: if g.chance(20) {
                String::new()
            } else {
                federation.clone()
            },
            method: g.pick(&RatingMethod::CODES).to_owned(),
        });
        for p in &mut players {
            if g.chance(50) {
                let rating = g.chance(90).then(|| 1000 + g.below(1500) as u16);
                p.national_rating = rating;
                national_records.push(NationalRecord {
                    federation: federation.clone(),
                    start_number: p.start_number,
                    sex: g.pick(&[' ', 'm', 'w']),
                    classification: g.pick(&["", "A", "N2"]).to_owned(),
                    name: if g.chance(50) {
                        String::new()
                    } else {
                        g.text("Nom, Prénom")
                    },
                    rating,
                    origin: g.pick(&["", "IDF", "BRE"]).to_owned(),
                    number: g.pick(&["", "D50113", "L01854"]).to_owned(),
                    birth_date: g.pick(&["", "1990/00/00"]).to_owned(),
                });
            }
        }
    }
    let abnormal_points = if new_format {
        (0..g.below(3))
            .map(|_| AbnormalPoints {
                kind: g.pick(&[' ', 'W', 'D', 'L', 'F', 'H', 'Z', '+', '-']),
                match_points: None,
                points: Some(g.pick(&[-15, -10, 5, 10, 25])),
                round: g.chance(70).then(|| 1 + g.below(9) as u32),
                participants: (0..g.below(3)).map(|_| g.pick(&numbers)).collect(),
            })
            .collect()
    } else {
        Vec::new()
    };
    Tournament {
        name: g.text("Open"),
        info: EventInfo {
            city: g.maybe_text("City"),
            federation: g.chance(50).then(|| "ESP".to_owned()),
            start_date: g.chance(50).then(|| "2026/11/01".to_owned()),
            end_date: g.chance(50).then(|| "2026/11/09".to_owned()),
            kind,
            chief_arbiter: g.maybe_text("IA Chief"),
            deputy_arbiters: (0..g.below(3)).map(|_| g.text("Deputy")).collect(),
            time_control: g.maybe_text("90 min +"),
            round_dates: (0..g.below(4))
                .map(|i| format!("26/11/0{}", i + 1))
                .collect(),
            rating_methods,
            pairing_controller: new_format.then(|| g.text("Arbiter")),
            standings_tiebreaks: if new_format && g.chance(50) {
                vec!["PTS".to_owned(), "BH/C1".to_owned(), "SB".to_owned()]
            } else {
                Vec::new()
            },
            time_control_code: (new_format && g.chance(50)).then(|| {
                g.pick(&["5400+30", "40/6000+30:900+30", "W300-B240"])
                    .to_owned()
            }),
            abnormal_points,
            national_records,
            regulations: g.chance(50).then(|| {
                g.pick(&["fide-classic", "china-national", "club"])
                    .to_owned()
            }),
        },
        system,
        planned_rounds: g.below(12) as u32,
        scoring: scoring(g),
        tiebreaks: match (new_format && g.chance(50), system) {
            (false, _) => Vec::new(),
            (true, System::Swiss) => ["BH/C1", "BH", "SB", "STD", "RTNG"]
                .map(String::from)
                .to_vec(),
            // C.07 (2026): no Buchholz in a round robin.
            (true, _) => ["DE", "SB", "KS", "TPN/R"].map(String::from).to_vec(),
        },
        pairing: PairingOptions {
            initial_colour: g.pick(&[None, Some(Colour::White), Some(Colour::Black)]),
            use_rank: g.chance(20),
            forbidden_pairs: (0..g.below(3))
                .map(|_| vec![g.pick(&numbers), g.pick(&numbers)])
                .collect(),
            forbidden_pairs_in_rounds: (0..g.below(2))
                .map(|_| ForbiddenInRounds {
                    first_round: 1,
                    last_round: 1 + g.below(5) as u32,
                    players: vec![g.pick(&numbers), g.pick(&numbers), g.pick(&numbers)],
                })
                .collect(),
            accelerations,
            baku: new_format && system == System::Swiss && g.chance(30),
        },
        players,
        rounds,
        ..Tournament::default()
    }
}

#[test]
fn trf16_and_trf2026_export_import_gives_the_same_event_and_export_again_the_same_bytes() {
    let mut g = Gen(SplitMix64::new(2026));
    for case in 0..400 {
        for format in [Format::Trf16, Format::Trf2026] {
            let mut t = tournament(&mut g, format);
            assert_eq!(t.validate(), Ok(()));
            let text = trf::write_tournament(&t, format);
            let import = trf::import_tournament(&text)
                .unwrap_or_else(|e| panic!("case {case} {format:?}: {e}\n{text}"));
            // What our own file holds is kept; only what is kept but not
            // applied is reported.
            for w in &import.warnings {
                assert!(
                    matches!(
                        w.kind,
                        TrfWarningKind::AbnormalPointsNotApplied
                            | TrfWarningKind::RatingMethodNotApplied(_)
                    ),
                    "case {case} {format:?}: {w}\n{text}"
                );
            }
            let back = import.tournament;
            // The rank column is filled from the event's own tie-breaks
            // where the model had no rank.
            let standings = compute_standings(&t, &StandingsOptions::for_tournament(&t).unwrap());
            for p in &mut t.players {
                if p.reported_rank.is_none() {
                    let row = standings.as_ref().ok().and_then(|s| s.row(p.start_number));
                    p.reported_rank = row.map(|r| r.rank);
                }
            }
            if back != t {
                for (a, b) in back.players.iter().zip(&t.players) {
                    assert_eq!(a, b, "case {case} {format:?}\n{text}");
                }
                for (a, b) in back.rounds.iter().zip(&t.rounds) {
                    assert_eq!(a, b, "case {case} {format:?}\n{text}");
                }
                assert_eq!(back.pairing, t.pairing, "case {case} {format:?}\n{text}");
                assert_eq!(back.scoring, t.scoring, "case {case} {format:?}\n{text}");
                assert_eq!(back.info, t.info, "case {case} {format:?}\n{text}");
                assert_eq!(back, t, "case {case} {format:?}\n{text}");
            }
            // Export → import → export gives the same bytes.
            assert_eq!(
                trf::write_tournament(&back, format),
                text,
                "case {case} {format:?}"
            );
            // And the text itself is stable: parse → write reproduces it.
            assert_eq!(
                trf::parse(&text).unwrap().to_string(),
                text,
                "case {case} {format:?}"
            );
            // TRF16 proper (no TRF-2026 records needed) is recognised as such.
            let detected = trf::parse(&text).unwrap().format();
            let needs_2026 = text
                .lines()
                .any(|l| l.starts_with("240") || l.starts_with("260"));
            if format == Format::Trf16 && !needs_2026 {
                assert_eq!(detected, Format::Trf16, "case {case}");
            }
            if format == Format::Trf2026 && t.planned_rounds > 0 {
                assert_eq!(detected, Format::Trf2026, "case {case}");
            }
        }
    }
}

/// A TRF16 file with two `XXG` grade-points records (this crate's extension
/// for the club grade-points scheme of `laws.md`).
const WITH_GRADES: &str = "012 Club Ladder
XXR 1
001    1      Wang, Lei                                                          0.0    1
001    2      Zhao, Min                                                          0.0    2
XXG    1 1450
XXG    2 80
";

#[test]
fn grade_points_travel_in_xxg_records_and_give_the_grade() {
    let t = trf::read_tournament(WITH_GRADES).expect("import");
    assert_eq!(t.players[0].grade_points, Some(1450));
    assert_eq!(t.players[0].grade(), Some(Grade::Graded(17)));
    assert_eq!(t.players[1].grade(), Some(Grade::Ungraded));
    // The lines survive a parse → write cycle unchanged, and an export of the
    // model writes them back in both formats.
    assert_eq!(trf::parse(WITH_GRADES).unwrap().to_string(), WITH_GRADES);
    for format in [Format::Trf16, Format::Trf2026] {
        let text = trf::write_tournament(&t, format);
        assert!(text.contains("XXG    1 1450\n"), "{format:?}\n{text}");
        assert!(text.contains("XXG    2 80\n"), "{format:?}\n{text}");
        let back = trf::read_tournament(&text).expect("re-import");
        assert_eq!(back.players[0].grade_points, Some(1450));
        assert_eq!(back.players[1].grade_points, Some(80));
    }
}

#[test]
fn defective_xxg_records_are_refused_with_line_and_column() {
    let bad = |line: &str| {
        let text = WITH_GRADES.replace("XXG    2 80", line);
        trf::read_tournament(&text).expect_err(line)
    };
    let e = bad("XXG    2");
    assert_eq!(
        (e.line, e.kind.clone()),
        (6, TrfErrorKind::NotANumber("grade points"))
    );
    let e = bad("XXG    2 8x");
    assert_eq!((e.line, e.column), (6, 10));
    let e = bad("XXG    2 80 90");
    assert_eq!(
        (e.line, e.column, e.kind.clone()),
        (6, 13, TrfErrorKind::ExpectedBlank)
    );
    let e = bad("XXG    9 80");
    assert_eq!(
        (e.line, e.kind.clone()),
        (6, TrfErrorKind::UnknownPlayer(9))
    );
}
