//! The prohibitions and the draws that need the game's history (xq 4.1.7,
//! 4.2.3, 4.2.4): every scenario of `data/prohibitions.txt` replayed from
//! its FEN, each move checked legal, and the judgement compared with what
//! an arbiter rules.
//!
//! A scenario is a block of `key: value` lines (blank lines separate them,
//! `#` starts a comment line):
//! - `case`: what it shows, as a sentence; `article`: `xq 4.1.7` etc.;
//! - `fen`: the start (validated by `Setup`); `moves`: ICCS, in order;
//! - `verdict`: `none`, `draw`, `must-change <side> perpetual-check`,
//!   `must-change <side> perpetual-chase <piece letter>`,
//!   `must-change <side> check-and-chase <piece letter>`,
//!   `must-change <side> perpetual-mate-threat`,
//!   `must-change <side> check-and-mate-threat`,
//!   `must-change <side> mate-threat-and-chase <piece letter>`,
//!   `arbiter <side> value-chase <attacker letter><target letter> …`,
//!   `arbiter <side> outnumbered <attacker letter><target letter> …`,
//!   `arbiter <side> win-by-check <target letter> …`,
//!   `arbiter <side> mate-search …` (the verdict hangs on a question the
//!   rules leave to the arbiter about that side's moves; `…` is
//!   `against:<red|black|draw> for:<red|black|draw>`, who must change if
//!   it is answered against that side, and if for it);
//! - optional: `repetitions` (times the cycle has been played), `red` and
//!   `black` (the kinds of that side's moves in the cycle: `check`,
//!   `chase:<letters>`, `mate-threat`, `idle`), `last` (the kind of the last move),
//!   `refused` / `allowed` (a move the game must refuse with "must change",
//!   or may accept, now), `draw-due` (`yes`/`no`), `natural-limit`
//!   (`<moves> reached|not-reached`), `dead-position` (`yes`/`no`).

use xiangqi::{
    Color, Conduct, Cycle, CycleMove, Doubt, Judgement, Move, MoveKind, NATURAL_MOVE_LIMIT,
    NewAttack, Piece, Position, Prohibition, RepetitionTracker, Role, Ruling, Setup, Square,
    Verdict, natural_limit_reached,
};

const DATA: &str = include_str!("data/prohibitions.txt");

struct Scenario {
    line: usize,
    fields: Vec<(String, String)>,
}

impl Scenario {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn need(&self, key: &str) -> &str {
        self.get(key)
            .unwrap_or_else(|| panic!("scenario at line {}: no `{key}`", self.line))
    }

    fn name(&self) -> String {
        format!("{} (line {})", self.need("case"), self.line)
    }
}

fn scenarios() -> Vec<Scenario> {
    let mut out = Vec::new();
    let mut current: Option<Scenario> = None;
    for (i, raw) in DATA.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            out.extend(current.take());
            continue;
        }
        let (k, v) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("line {}: not `key: value`", i + 1));
        current
            .get_or_insert_with(|| Scenario {
                line: i + 1,
                fields: Vec::new(),
            })
            .fields
            .push((k.trim().to_owned(), v.trim().to_owned()));
    }
    out.extend(current);
    out
}

fn kind_text(kind: &MoveKind) -> String {
    match kind {
        MoveKind::Check => "check".to_owned(),
        MoveKind::Idle => "idle".to_owned(),
        MoveKind::MateThreat => "mate-threat".to_owned(),
        MoveKind::Chase(chased) => {
            let letters: String = chased.iter().map(|a| a.target_piece.char()).collect();
            format!("chase:{letters}")
        }
    }
}

fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::None => "none".to_owned(),
        Verdict::Draw => "draw".to_owned(),
        Verdict::MustChange { side, reason } => {
            let why = match reason {
                Prohibition::PerpetualCheck => "perpetual-check".to_owned(),
                Prohibition::PerpetualChase { piece, .. } => {
                    format!("perpetual-chase {}", piece.char())
                }
                Prohibition::CheckAndChase { piece, .. } => {
                    format!("check-and-chase {}", piece.char())
                }
                Prohibition::PerpetualMateThreat => "perpetual-mate-threat".to_owned(),
                Prohibition::CheckAndMateThreat => "check-and-mate-threat".to_owned(),
                Prohibition::MateThreatAndChase { piece, .. } => {
                    format!("mate-threat-and-chase {}", piece.char())
                }
            };
            format!("must-change {} {why}", side.name().to_lowercase())
        }
        Verdict::ArbiterDecides {
            side,
            doubt,
            if_for,
            if_against,
        } => {
            let ruling = |r: Ruling| {
                r.must_change()
                    .map_or_else(|| "draw".to_owned(), |c| c.name().to_lowercase())
            };
            let what = match doubt {
                Doubt::ValueChase {
                    attacker, target, ..
                } => format!("value-chase {}{}", attacker.char(), target.char()),
                Doubt::Outnumbered {
                    attacker, target, ..
                } => format!("outnumbered {}{}", attacker.char(), target.char()),
                Doubt::WinByCheck { target, .. } => format!("win-by-check {}", target.char()),
                Doubt::MateSearch => "mate-search".to_owned(),
            };
            format!(
                "arbiter {} {what} against:{} for:{}",
                side.name().to_lowercase(),
                ruling(if_against),
                ruling(if_for)
            )
        }
    }
}

fn side_kinds(j: &Judgement, side: Color) -> String {
    j.cycle.as_ref().map_or_else(String::new, |c| {
        c.kinds_of(side)
            .map(kind_text)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

fn mv(name: &str, s: &str) -> Move {
    Move::from_iccs(s).unwrap_or_else(|e| panic!("{name}: {s}: {e}"))
}

fn check(s: &Scenario) {
    let name = s.name();
    let article = s.need("article");
    assert!(
        article.starts_with("xq 4."),
        "{name}: cites an article of the rules, not {article}"
    );
    let fen = s.need("fen");
    let setup = Setup::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
    let start = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
    let mut tracker = RepetitionTracker::new(start);
    let mut judgement = tracker.judge();
    let mut last_kind = None;
    for text in s.need("moves").split_whitespace() {
        let m = mv(&name, text);
        last_kind = tracker.position().move_kind(m);
        let foreseen = tracker.judge_move(m);
        judgement = tracker
            .play(m)
            .unwrap_or_else(|e| panic!("{name}: {text} after {} plies: {e}", tracker.plies()));
        assert_eq!(
            judgement,
            tracker.judge(),
            "{name}: the judgement after {text} is the position's"
        );
        assert_eq!(
            foreseen.as_ref(),
            Ok(&judgement),
            "{name}: judging {text} before playing it foresees the judgement"
        );
    }
    let summary = format!(
        "{} | repetitions {} | red: {} | black: {}",
        verdict_text(judgement.verdict),
        judgement.repetitions(),
        side_kinds(&judgement, Color::Red),
        side_kinds(&judgement, Color::Black)
    );
    assert_eq!(
        verdict_text(judgement.verdict),
        s.need("verdict"),
        "{name}: {summary}"
    );
    if let Some(n) = s.get("repetitions") {
        assert_eq!(judgement.repetitions().to_string(), n, "{name}: {summary}");
    }
    for (key, side) in [("red", Color::Red), ("black", Color::Black)] {
        if let Some(want) = s.get(key) {
            assert_eq!(side_kinds(&judgement, side), want, "{name}: {summary}");
        }
    }
    if let Some(want) = s.get("last") {
        let got = last_kind.as_ref().map(kind_text);
        assert_eq!(got.as_deref(), Some(want), "{name}: the last move");
    }
    if let Some(text) = s.get("refused") {
        let m = mv(&name, text);
        let refusal = tracker
            .refusal(m)
            .unwrap_or_else(|| panic!("{name}: {text} must be refused: {summary}"));
        assert_eq!(refusal.side, tracker.position().turn(), "{name}");
        assert_eq!(refusal.article(), "4.1.7", "{name}");
        assert!(
            refusal.repetitions >= xiangqi::CYCLE_LIMIT,
            "{name}: {refusal}"
        );
        let after = tracker.judge_move(m).expect("a refused move is legal");
        assert_eq!(
            after.verdict,
            Verdict::MustChange {
                side: refusal.side,
                reason: refusal.reason
            },
            "{name}"
        );
    }
    if let Some(text) = s.get("allowed") {
        let m = mv(&name, text);
        assert!(tracker.position().is_legal(m), "{name}: {text} is legal");
        assert_eq!(tracker.refusal(m), None, "{name}: {text} may be played");
    }
    if let Some(want) = s.get("draw-due") {
        assert_eq!(judgement.draw_due(), want == "yes", "{name}: {summary}");
    }
    if let Some(spec) = s.get("natural-limit") {
        let (n, want) = spec
            .split_once(' ')
            .unwrap_or_else(|| panic!("{name}: natural-limit `<moves> reached|not-reached`"));
        let n: u32 = n.parse().unwrap_or_else(|e| panic!("{name}: {n}: {e}"));
        assert_eq!(
            tracker.natural_limit_reached(n),
            want == "reached",
            "{name}: {} half-moves without a capture",
            tracker.position().halfmove_clock()
        );
    }
    if let Some(want) = s.get("dead-position") {
        assert_eq!(
            tracker.position().is_dead_position(),
            want == "yes",
            "{name}"
        );
    }
}

#[test]
fn every_scenario_of_the_prohibitions_is_ruled_as_an_arbiter_rules_it() {
    let all = scenarios();
    assert!(all.len() >= 25, "{} scenarios", all.len());
    let failed: Vec<String> = all
        .iter()
        .filter(|s| std::panic::catch_unwind(|| check(s)).is_err())
        .map(Scenario::name)
        .collect();
    assert!(failed.is_empty(), "failed scenarios: {failed:#?}");
}

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn chase(target: &str, piece: char) -> MoveKind {
    let target_piece = Piece::from_char(piece).expect("piece");
    MoveKind::Chase(vec![NewAttack {
        attacker: sq("a0"),
        attacker_piece: Piece::new(target_piece.color.opposite(), Role::Chariot),
        target: sq(target),
        target_piece,
        protected: false,
        undermined: false,
    }])
}

fn conduct(kinds: &[MoveKind]) -> Conduct {
    Conduct::of(kinds)
}

#[test]
fn both_sides_checking_perpetually_is_a_draw_xq_4_2_3() {
    let check = conduct(&[MoveKind::Check, MoveKind::Check]);
    assert_eq!(check, Conduct::Forbidden(Prohibition::PerpetualCheck));
    assert_eq!(Verdict::of(check, check), Verdict::Draw);
}

#[test]
fn one_check_one_chase_ranks_as_checking_xq_4_1_7() {
    let mixed = conduct(&[MoveKind::Check, chase("c7", 'n')]);
    let piece = Piece::from_char('n').expect("piece");
    assert_eq!(
        mixed,
        Conduct::Forbidden(Prohibition::CheckAndChase {
            piece,
            square: sq("c7")
        })
    );
    let check = conduct(&[MoveKind::Check, MoveKind::Check]);
    let chasing = conduct(&[chase("c2", 'R'), chase("c2", 'R')]);
    assert_eq!(
        Verdict::of(mixed, chasing),
        Verdict::MustChange {
            side: Color::Red,
            reason: Prohibition::CheckAndChase {
                piece,
                square: sq("c7")
            }
        },
        "one check one chase against a perpetual chase: the checking side changes"
    );
    assert_eq!(Verdict::of(check, mixed), Verdict::Draw, "both sides check");
    assert_eq!(
        Verdict::of(chasing, check),
        Verdict::MustChange {
            side: Color::Black,
            reason: Prohibition::PerpetualCheck
        }
    );
}

#[test]
fn threats_of_mate_attack_like_checks_and_chases_and_rank_below_checking_xq_4_1_7() {
    let kill = MoveKind::MateThreat;
    assert_eq!(
        conduct(&[kill.clone(), kill.clone()]),
        Conduct::Forbidden(Prohibition::PerpetualMateThreat),
        "长杀"
    );
    let check_kill = conduct(&[MoveKind::Check, kill.clone()]);
    assert_eq!(
        check_kill,
        Conduct::Forbidden(Prohibition::CheckAndMateThreat),
        "一将一杀"
    );
    let piece = Piece::from_char('n').expect("piece");
    let kill_chase = conduct(&[kill.clone(), chase("c7", 'n')]);
    assert_eq!(
        kill_chase,
        Conduct::Forbidden(Prohibition::MateThreatAndChase {
            piece,
            square: sq("c7")
        }),
        "一杀一捉"
    );
    assert_eq!(
        conduct(&[MoveKind::Check, kill.clone(), chase("c7", 'n')]),
        Conduct::Forbidden(Prohibition::CheckAndChase {
            piece,
            square: sq("c7")
        }),
        "a check among them ranks the cycle as checking"
    );
    assert_eq!(
        conduct(&[kill.clone(), MoveKind::Idle]),
        Conduct::Allowed,
        "一杀一闲"
    );
    let long_kill = conduct(&[kill.clone(), kill]);
    let check = conduct(&[MoveKind::Check, MoveKind::Check]);
    assert_eq!(
        Verdict::of(long_kill, check),
        Verdict::MustChange {
            side: Color::Black,
            reason: Prohibition::PerpetualCheck
        },
        "perpetual check against perpetual threats of mate: the checking side changes"
    );
    assert_eq!(
        Verdict::of(check_kill, long_kill),
        Verdict::MustChange {
            side: Color::Red,
            reason: Prohibition::CheckAndMateThreat
        },
        "one check one threat of mate ranks as checking"
    );
    assert_eq!(
        Verdict::of(long_kill, kill_chase),
        Verdict::Draw,
        "both forbidden alike"
    );
    assert_eq!(
        Verdict::of(long_kill, Conduct::Allowed),
        Verdict::MustChange {
            side: Color::Red,
            reason: Prohibition::PerpetualMateThreat
        }
    );
}

#[test]
fn one_quiet_move_in_the_cycle_makes_a_side_allowed_xq_4_2_3() {
    assert_eq!(
        conduct(&[MoveKind::Check, MoveKind::Idle]),
        Conduct::Allowed
    );
    assert_eq!(
        conduct(&[chase("c7", 'n'), MoveKind::Idle]),
        Conduct::Allowed
    );
    assert_eq!(conduct(&[]), Conduct::Allowed);
    assert_eq!(
        Verdict::of(Conduct::Allowed, Conduct::Allowed),
        Verdict::Draw
    );
}

#[test]
fn the_piece_named_in_a_perpetual_chase_is_the_one_chased_most_often() {
    let got = conduct(&[chase("c7", 'n'), chase("b2", 'c'), chase("b5", 'c')]);
    assert_eq!(
        got,
        Conduct::Forbidden(Prohibition::PerpetualChase {
            piece: Piece::from_char('c').expect("piece"),
            square: sq("b2")
        })
    );
}

#[test]
fn the_natural_move_limit_counts_moves_of_both_sides_xq_4_2_4() {
    assert_eq!(NATURAL_MOVE_LIMIT, 60);
    assert!(natural_limit_reached(120, NATURAL_MOVE_LIMIT));
    assert!(!natural_limit_reached(119, NATURAL_MOVE_LIMIT));
    assert!(natural_limit_reached(80, 40));
    assert!(!natural_limit_reached(u32::MAX, u32::MAX));
    assert!(natural_limit_reached(u32::MAX, u32::MAX / 2));
}

#[test]
fn an_illegal_move_is_neither_played_nor_refused() {
    let mut tracker = RepetitionTracker::new(Position::startpos());
    let m = Move::from_iccs("h2h7").expect("coordinates");
    assert!(tracker.play(m).is_err());
    assert!(tracker.judge_move(m).is_err());
    assert_eq!(tracker.refusal(m), None);
    assert_eq!(tracker.plies(), 0);
    assert_eq!(tracker.judge().verdict, Verdict::None);
}

#[test]
fn verdicts_read_as_rulings_citing_their_article() {
    let v = Verdict::MustChange {
        side: Color::Red,
        reason: Prohibition::PerpetualCheck,
    };
    assert_eq!(v.to_string(), "Red must change: perpetual check (xq 4.1.7)");
    assert_eq!(v.article(), Some("4.1.7"));
    assert_eq!(Verdict::Draw.article(), Some("4.2.3"));
    assert_eq!(Verdict::None.article(), None);
}

/// A fixed pseudo-random sequence (no randomness in the tests' results).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0) % n.max(1)
    }
}

#[test]
fn along_playouts_that_shuffle_back_and_forth_every_judgement_is_consistent() {
    let mut rng = Lcg(19);
    let mut cycles = 0;
    for _ in 0..40 {
        let mut tracker = RepetitionTracker::new(Position::startpos());
        let mut own_last: [Option<Move>; 2] = [None, None];
        for _ in 0..160 {
            let p = *tracker.position();
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            let side = p.turn().index();
            // Often undo one's own last move, so that positions repeat.
            let back = own_last[side]
                .map(|m| Move::new(m.to, m.from))
                .filter(|m| p.is_legal(*m) && rng.below(4) != 0);
            let m = back.unwrap_or_else(|| legal[rng.below(legal.len())]);
            let foreseen = tracker.judge_move(m).expect("legal");
            let refusal = tracker.refusal(m);
            let j = tracker.play(m).expect("legal");
            assert_eq!(foreseen, j);
            own_last[side] = Some(m);
            match &j.cycle {
                None => assert_eq!(j.verdict, Verdict::None),
                Some(c) => {
                    cycles += 1;
                    assert_ne!(j.verdict, Verdict::None);
                    assert!(c.moves.len() >= 4 && c.moves.len() % 2 == 0);
                    assert!(c.repetitions >= 1);
                    assert_eq!(c.from_ply + c.moves.len(), tracker.plies());
                    assert_eq!(c.verdict_with_questions(), j.verdict);
                }
            }
            if let Some(r) = refusal {
                assert_eq!(
                    j.verdict,
                    Verdict::MustChange {
                        side: r.side,
                        reason: r.reason
                    }
                );
                assert!(j.repetitions() >= xiangqi::CYCLE_LIMIT);
            }
        }
    }
    assert!(cycles > 100, "only {cycles} cycles met");
}

#[test]
fn a_protected_piece_attacked_by_more_pieces_than_can_take_back_is_a_question_for_the_arbiter() {
    // The chariot on a7 stands on the horse on c7, guarded once by the
    // chariot on c9; the cannon's step to c3 attacks it a second time (少根).
    let p = Position::from_fen("2r2k3/9/R1n6/9/2P6/9/C8/9/9/4K4 w").expect("fen");
    let m = Move::from_iccs("a3c3").expect("coordinates");
    let reading = p.move_reading(m).expect("legal");
    assert_eq!(
        reading.kind,
        MoveKind::Idle,
        "protected: no chase by itself"
    );
    let (doubt, attack) = reading.doubt.expect("a question for the arbiter");
    assert_eq!(
        doubt,
        Doubt::Outnumbered {
            attacker: Piece::new(Color::Red, Role::Cannon),
            target: Piece::new(Color::Black, Role::Horse),
            square: sq("c7"),
        }
    );
    assert!(matches!(attack, MoveKind::Chase(_)));
    assert_eq!(doubt.code(), "outnumbered");
    // Guarded twice (the horse on e8 as well), it is not outnumbered.
    let guarded = Position::from_fen("2r2k3/4n4/R1n6/9/2P6/9/C8/9/9/4K4 w").expect("fen");
    let reading = guarded.move_reading(m).expect("legal");
    assert_eq!(
        reading,
        xiangqi::Reading {
            kind: MoveKind::Idle,
            doubt: None
        }
    );
}

fn cycle_move(side: Color, kind: MoveKind, doubt: Option<(Doubt, MoveKind)>) -> CycleMove {
    CycleMove {
        side,
        mv: Move::from_iccs("a0a1").expect("coordinates"),
        kind,
        doubt,
    }
}

#[test]
fn a_question_on_the_side_that_is_not_forbidden_can_undo_the_other_sides_must_change() {
    // Red chases on every move; Black's quiet moves might each be chases by
    // value. Answered for Black, Red must change; against Black, both
    // chase and the cycle draws: the arbiter is asked about Black's moves.
    let value = Doubt::ValueChase {
        attacker: Piece::new(Color::Black, Role::Soldier),
        target: Piece::new(Color::Red, Role::Horse),
        square: sq("c3"),
    };
    let cycle = Cycle {
        from_ply: 0,
        moves: vec![
            cycle_move(Color::Red, chase("c7", 'n'), None),
            cycle_move(
                Color::Black,
                MoveKind::Idle,
                Some((value, chase("c3", 'N'))),
            ),
            cycle_move(Color::Red, chase("c7", 'n'), None),
            cycle_move(
                Color::Black,
                MoveKind::Idle,
                Some((value, chase("c3", 'N'))),
            ),
        ],
        repetitions: 1,
    };
    let forbidden = Ruling::of(cycle.verdict()).expect("a ruling");
    assert_eq!(forbidden.must_change(), Some(Color::Red));
    match cycle.verdict_with_questions() {
        Verdict::ArbiterDecides {
            side,
            doubt,
            if_for,
            if_against,
        } => {
            assert_eq!(side, Color::Black);
            assert_eq!(doubt, value);
            assert_eq!(if_for, forbidden);
            assert_eq!(if_against, Ruling::Draw);
        }
        v => panic!("the arbiter must be asked: {v}"),
    }
    // A question that changes nothing is not asked.
    let mut quiet = cycle.clone();
    quiet.moves[0] = cycle_move(Color::Red, MoveKind::Idle, None);
    quiet.moves[1] = cycle_move(Color::Black, MoveKind::Idle, Some((value, MoveKind::Idle)));
    assert_eq!(quiet.verdict_with_questions(), Verdict::Draw);
}

#[test]
fn a_threat_to_win_a_piece_through_a_check_is_a_question_for_the_arbiter() {
    // The chariot's step to c4 prepares a check after which, whatever the
    // reply, Black's chariot on b4 falls: the 棋例 counts such a threat a
    // chase (捉), the Asian rules do not; the judge asks.
    let p = Position::from_fen("8c/3k5/3ab4/6n2/C8/1r7/9/5K3/2R6/2N6 w").expect("fen");
    let m = Move::from_iccs("c1c4").expect("coordinates");
    let reading = p.move_reading(m).expect("legal");
    assert_eq!(reading.kind, MoveKind::Idle, "no direct chase");
    let (doubt, attack) = reading.doubt.expect("a question for the arbiter");
    assert_eq!(
        doubt,
        Doubt::WinByCheck {
            target: Piece::new(Color::Black, Role::Chariot),
            square: sq("b4"),
        }
    );
    assert_eq!(doubt.code(), "win_by_check");
    assert!(matches!(attack, MoveKind::Chase(_)));
    // From the start no check wins anything.
    let start = Position::startpos();
    for &m in start.legal_moves().iter() {
        assert_eq!(start.move_reading(m).and_then(|r| r.doubt), None, "{m}");
    }
}
