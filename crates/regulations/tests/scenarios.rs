//! Data-driven scenarios: `tests/scenarios/*.txt`, one `check` helper.
//!
//! The format is meant to be read by an arbiter:
//!
//! ```text
//! scenario incorrect threefold claim adds five minutes to the claimant's used time
//! article 10.13(2)
//! profile fide-classic            # default
//! time_control 40/5400:1800    # default: the profile's
//! mode live                    # or scoresheet
//! fen <FEN>                    # default: the initial position
//! scheduled 0:00:00            # track arrivals and lateness from this time
//! team_game                    # a board of a team match
//! at 0:00:00 start
//! at 0:00:05 white move e4
//! at 0:01:00 moves e5 Nf3 Nc6 step 0:00:10
//! at 0:02:00 white claim threefold move Nf3
//! expect ruling incorrect_claim_time_penalty 10.13(2)
//! expect clock white 1:24:55
//! expect status finished 1-0
//! ```
//! Every `expect` refers to the last event (or to the state after it). An
//! event that is rejected without an `expect rejected ...` line fails the
//! scenario, and so does an `expect rejected` after an accepted event.

use regulations::{
    AnnulReason, CaptainTopic, ClaimReason, ClockAdjustReason, ClockSetting, Code, Event,
    EventKind, FoulKind, Game, GameResult, GameSetup, Grounds, IrregularityKind, Mode, Obligation,
    Penalty, Profile, Rejection, Ruling, Status, TimeControl, Who, format_points,
};
use rules::Color;
use std::fmt::Write as _;
use std::path::Path;

fn parse_time(s: &str) -> Result<u64, String> {
    let (main, frac) = match s.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    };
    let mut total: u64 = 0;
    for part in main.split(':') {
        let v: u64 = part.parse().map_err(|_| format!("bad time '{s}'"))?;
        total = total * 60 + v;
    }
    let mut ms = total * 1000;
    if let Some(f) = frac {
        let f = format!("{f:0<3}");
        ms += f[..3]
            .parse::<u64>()
            .map_err(|_| format!("bad time '{s}'"))?;
    }
    Ok(ms)
}

fn parse_signed_time(s: &str) -> Result<i64, String> {
    match s.strip_prefix('-') {
        Some(rest) => Ok(-(parse_time(rest)? as i64)),
        None => Ok(parse_time(s)? as i64),
    }
}

fn color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

struct Scenario {
    name: String,
    line: usize,
    article: Option<String>,
    profile: Profile,
    setup: GameSetup,
    steps: Vec<(usize, String)>,
}

fn parse_event(
    game: &Game,
    at: u64,
    words: &[&str],
) -> Result<Vec<(Event, Option<Color>)>, String> {
    let (player, rest) = match words.first().copied().and_then(color) {
        Some(c) => (Some(c), &words[1..]),
        None => match words.first() {
            Some(&"arbiter") => (None, &words[1..]),
            _ => (None, words),
        },
    };
    let need_player = || player.ok_or_else(|| format!("'{}' needs a player", words.join(" ")));
    let verb = *rest.first().ok_or("missing event")?;
    let args = &rest[1..];
    let ev = |k: EventKind| Ok(vec![(Event::new(at, k), player)]);
    match verb {
        "start" => ev(EventKind::Start),
        "move" => {
            let mut san = None;
            let mut uci = None;
            let mut clock_ms = None;
            let mut press = None;
            let mut offer_draw = false;
            let mut i = 0;
            while i < args.len() {
                match args[i] {
                    "uci" => {
                        uci = Some(args.get(i + 1).ok_or("uci needs a move")?.to_string());
                        i += 1;
                    }
                    "clock" => {
                        clock_ms = Some(parse_signed_time(
                            args.get(i + 1).ok_or("clock needs a time")?,
                        )?);
                        i += 1;
                    }
                    "nopress" => press = Some(false),
                    "offer" => offer_draw = true,
                    m => san = Some(m.to_string()),
                }
                i += 1;
            }
            ev(EventKind::Move {
                san,
                uci,
                clock_ms,
                press,
                offer_draw,
            })
        }
        "moves" => {
            let mut step = 0;
            let mut list = Vec::new();
            let mut i = 0;
            while i < args.len() {
                if args[i] == "step" {
                    step = parse_time(args.get(i + 1).ok_or("step needs a time")?)?;
                    i += 1;
                } else {
                    list.push(args[i]);
                }
                i += 1;
            }
            let _ = game;
            Ok(list
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    (
                        Event::new(
                            at + step * k as u64,
                            EventKind::Move {
                                san: Some(m.to_string()),
                                uci: None,
                                clock_ms: None,
                                press: None,
                                offer_draw: false,
                            },
                        ),
                        None,
                    )
                })
                .collect())
        }
        "press" => ev(EventKind::Press {
            player: need_player()?,
        }),
        "touch" => {
            let square = args.first().ok_or("touch needs a square")?.to_string();
            let mut together_with = Vec::new();
            let mut placed_on = None;
            let mut i = 1;
            while i < args.len() {
                match args[i] {
                    "with" => {
                        together_with
                            .push(args.get(i + 1).ok_or("with needs a square")?.to_string());
                        i += 1;
                    }
                    "placed" => {
                        placed_on =
                            Some(args.get(i + 1).ok_or("placed needs a square")?.to_string());
                        i += 1;
                    }
                    other => return Err(format!("unknown touch option '{other}'")),
                }
                i += 1;
            }
            ev(EventKind::Touch {
                player: need_player()?,
                square,
                together_with,
                placed_on,
            })
        }
        "adjust" => ev(EventKind::Adjust {
            player: need_player()?,
            square: args.first().ok_or("adjust needs a square")?.to_string(),
        }),
        "claim_touch" => ev(EventKind::ClaimTouchMove {
            player: need_player()?,
            square: args
                .first()
                .ok_or("claim_touch needs a square")?
                .to_string(),
        }),
        "offer" => ev(EventKind::OfferDraw {
            player: need_player()?,
        }),
        "accept" => ev(EventKind::AcceptDraw {
            player: need_player()?,
        }),
        "decline" => ev(EventKind::DeclineDraw {
            player: need_player()?,
        }),
        "claim" => {
            let reason = match args.first().copied() {
                Some("threefold") => ClaimReason::Threefold,
                Some("fifty") => ClaimReason::FiftyMoves,
                other => return Err(format!("unknown claim {other:?}")),
            };
            let intended_move = match args.get(1).copied() {
                Some("move") => Some(args.get(2).ok_or("move needs a move")?.to_string()),
                None => None,
                Some(other) => return Err(format!("unknown claim option '{other}'")),
            };
            ev(EventKind::ClaimDraw {
                player: need_player()?,
                reason,
                intended_move,
            })
        }
        "resign" => ev(EventKind::Resign {
            player: need_player()?,
        }),
        "flag" => ev(EventKind::Flag {
            player: args.first().copied().and_then(color),
        }),
        "both_flags_down" => ev(EventKind::BothFlagsDown),
        "illegal" | "displaced" => {
            let ply: u32 = args
                .first()
                .ok_or("needs a ply")?
                .parse()
                .map_err(|_| "bad ply")?;
            let clocks = match args.get(1).copied() {
                Some("clocks") => Some(ClockSetting {
                    white_ms: parse_signed_time(args.get(2).ok_or("clocks needs two times")?)?,
                    black_ms: parse_signed_time(args.get(3).ok_or("clocks needs two times")?)?,
                }),
                _ => None,
            };
            ev(EventKind::DeclareIllegal {
                ply,
                kind: if verb == "illegal" {
                    IrregularityKind::IllegalMove
                } else {
                    IrregularityKind::DisplacedPieces
                },
                clocks,
            })
        }
        "adjust_clock" => {
            let c = args
                .first()
                .copied()
                .and_then(color)
                .ok_or("adjust_clock needs a player")?;
            let ms = parse_signed_time(args.get(1).ok_or("adjust_clock needs a time")?)?;
            let reason = match args.get(2).copied() {
                Some("defective") => ClockAdjustReason::DefectiveClock,
                Some("resumption") => ClockAdjustReason::ResumptionError,
                _ => ClockAdjustReason::ArbiterDecision,
            };
            ev(EventKind::AdjustClock {
                player: c,
                remaining_ms: ms,
                reason,
                grave: args.contains(&"grave"),
            })
        }
        "stop" => ev(EventKind::StopClocks {
            reason: args.join(" "),
        }),
        "restart" => ev(EventKind::StartClocks {
            reason: args.join(" "),
        }),
        "penalise" => {
            let c = args
                .first()
                .copied()
                .and_then(color)
                .ok_or("penalise needs a player")?;
            let (penalty, used) = match args.get(1).copied() {
                Some("warn") => (Penalty::Warn, 2),
                // `penalise white foul [move-time] reason…`
                Some("foul") if args.get(2) == Some(&"move-time") => (
                    Penalty::Foul {
                        foul: FoulKind::MoveTime,
                    },
                    3,
                ),
                Some("foul") => (
                    Penalty::Foul {
                        foul: FoulKind::ChangedMove,
                    },
                    2,
                ),
                Some("add") => (
                    Penalty::AddTimeToOpponent {
                        ms: parse_time(args.get(2).ok_or("add needs a time")?)?,
                    },
                    3,
                ),
                Some("deduct") => (
                    Penalty::DeductTime {
                        ms: parse_time(args.get(2).ok_or("deduct needs a time")?)?,
                    },
                    3,
                ),
                other => return Err(format!("unknown penalty {other:?}")),
            };
            ev(EventKind::Penalise {
                player: c,
                penalty,
                reason: args[used.min(args.len())..].join(" "),
            })
        }
        "refuse" => ev(EventKind::Refuse {
            who: match args.first().copied() {
                Some("white") => Who::White,
                Some("black") => Who::Black,
                Some("both") => Who::Both,
                other => return Err(format!("refuse: bad player {other:?}")),
            },
        }),
        "result" => {
            // `result <notation> [lateness|flag_fall] <reason…>`
            let result = GameResult::parse(args.first().ok_or("result needs a result")?)
                .ok_or("bad result")?;
            let (grounds, reason) = match args.get(1).copied() {
                Some("lateness") => (Grounds::Lateness, &args[2..]),
                Some("flag_fall") => (Grounds::FlagFall, &args[2..]),
                _ => (Grounds::Other, &args[1..]),
            };
            ev(EventKind::DeclareResult {
                result,
                reason: reason.join(" "),
                grounds,
            })
        }
        "colours_reversed" => ev(EventKind::ColoursReversed {
            restart: args.first() == Some(&"restart"),
        }),
        "annul" => ev(EventKind::Annul {
            reason: match args.first().copied() {
                Some("wrong_initial_position") => AnnulReason::WrongInitialPosition,
                Some("position_unrecoverable") => AnnulReason::PositionUnrecoverable,
                Some("envelope_lost") => AnnulReason::EnvelopeLost,
                other => return Err(format!("annul: bad reason {other:?}")),
            },
        }),
        "seal" => ev(EventKind::Seal {
            san: args.first().ok_or("seal needs a move")?.to_string(),
        }),
        "resume" => ev(EventKind::Resume {
            white_present: !args.contains(&"white_absent"),
            black_present: !args.contains(&"black_absent"),
            envelope_lost: args.contains(&"envelope_lost"),
        }),
        "arrive" => ev(EventKind::Arrive {
            player: need_player()?,
        }),
        "perpetual" => ev(EventKind::DeclarePerpetualCheck),
        "consults" => {
            // `white consults captain about offer_draw`
            let topic = match args {
                ["captain", "about", topic] => *topic,
                _ => return Err("consults captain about <topic>".into()),
            };
            ev(EventKind::ConsultCaptain {
                who: need_player()?,
                about: CaptainTopic::parse(topic),
            })
        }
        other => Err(format!("unknown event '{other}'")),
    }
}

#[derive(Default)]
struct Last {
    rulings: Vec<Ruling>,
    rejection: Option<Rejection>,
    rejection_expected: bool,
    voided: usize,
    at: u64,
    desc: String,
}

fn describe(last: &Last) -> String {
    let mut s = String::new();
    match &last.rejection {
        Some(r) => {
            let _ = write!(s, "rejected: {r}");
        }
        None => {
            for r in &last.rulings {
                let _ = write!(s, "\n      ruling {} {} — {}", r.code, r.article, r.message);
            }
        }
    }
    s
}

fn run(sc: &Scenario, file: &str) -> Result<(), String> {
    let mut game = Game::new(sc.profile.clone(), sc.setup.clone()).map_err(|e| e.to_string())?;
    let mut last = Last::default();
    let mut transcript = String::new();
    let fail = |line: usize, msg: String, transcript: &str| {
        format!(
            "{file}:{line}: scenario '{}' (line {}): {msg}\n  transcript:{transcript}",
            sc.name, sc.line
        )
    };
    let finish_event = |last: &Last, line: usize, transcript: &str| -> Result<(), String> {
        if last.rejection.is_some() && !last.rejection_expected {
            return Err(fail(
                line,
                format!("event '{}' was {}", last.desc, describe(last)),
                transcript,
            ));
        }
        Ok(())
    };
    let mut last_line = sc.line;
    for (line, text) in &sc.steps {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words[0] {
            "at" => {
                finish_event(&last, last_line, &transcript)?;
                let at = parse_time(words.get(1).ok_or("at needs a time")?)
                    .map_err(|e| fail(*line, e, &transcript))?;
                let evs =
                    parse_event(&game, at, &words[2..]).map_err(|e| fail(*line, e, &transcript))?;
                for (ev, player) in evs {
                    if let (Some(p), EventKind::Move { .. }) = (player, &ev.kind)
                        && p != game.position().turn()
                    {
                        return Err(fail(*line, format!("it is not {p}'s move"), &transcript));
                    }
                    let before = game.clone();
                    let res = game.apply(ev.clone());
                    last = Last {
                        at: ev.at_ms,
                        desc: words[2..].join(" "),
                        ..Last::default()
                    };
                    match res {
                        Ok(a) => {
                            for r in &a.rulings {
                                assert!(
                                    Code::parse(&r.code).is_some_and(Code::is_ruling),
                                    "ruling code {} is not a ruling Code",
                                    r.code
                                );
                            }
                            last.voided = a.voided.len();
                            last.rulings = a.rulings;
                        }
                        Err(r) => {
                            assert_eq!(before, game, "a rejected event changed the game");
                            assert!(
                                Code::parse(r.code()).is_some_and(Code::is_rejection),
                                "rejection code {} is not a rejection Code",
                                r.code()
                            );
                            last.rejection = Some(r);
                        }
                    }
                    let _ = write!(transcript, "\n    {text}: {}", describe(&last));
                    if last.rejection.is_some() && words[2..].contains(&"moves") {
                        break;
                    }
                }
                last_line = *line;
            }
            "expect" => {
                let args = &words[1..];
                check(&game, &mut last, args).map_err(|e| fail(*line, e, &transcript))?;
            }
            other => return Err(fail(*line, format!("unknown line '{other}'"), &transcript)),
        }
    }
    finish_event(&last, last_line, &transcript)?;
    // Property: the accepted log replays to the same game.
    let events: Vec<Event> = game.log().iter().map(|e| e.event.clone()).collect();
    let (again, outcomes) =
        Game::replay(sc.profile.clone(), sc.setup.clone(), &events).map_err(|e| e.to_string())?;
    if outcomes.iter().any(Result::is_err) || again != game {
        return Err(fail(
            sc.line,
            "replaying the log gave a different game".into(),
            &transcript,
        ));
    }
    Ok(())
}

/// One expectation against the game and the last event's outcome.
fn check(game: &Game, last: &mut Last, args: &[&str]) -> Result<(), String> {
    let what = *args.first().ok_or("empty expect")?;
    let rest = &args[1..];
    match what {
        "ruling" | "no_ruling" => {
            if let Some(r) = &last.rejection {
                return Err(format!("expected a ruling but the event was rejected: {r}"));
            }
            let code = rest.first().ok_or("ruling needs a code")?;
            let found = last.rulings.iter().find(|r| r.code == *code);
            if what == "no_ruling" {
                return match found {
                    Some(r) => Err(format!("unexpected ruling {r}")),
                    None => Ok(()),
                };
            }
            let Some(r) = found else {
                return Err(format!("no ruling '{code}'; got:{}", describe(last)));
            };
            let a = rest[1..].join(" ");
            if !a.is_empty() && r.article != a {
                return Err(format!("ruling {code} cites {} not {a}", r.article));
            }
            Ok(())
        }
        "rejected" => {
            let Some(r) = &last.rejection else {
                return Err(format!(
                    "expected a rejection, but the event was accepted:{}",
                    describe(last)
                ));
            };
            last.rejection_expected = true;
            if let Some(code) = rest.first()
                && r.code() != *code
            {
                return Err(format!("rejected with {r}, expected code {code}"));
            }
            let a = rest.get(1..).map(|r| r.join(" ")).unwrap_or_default();
            if !a.is_empty() && r.article() != a {
                return Err(format!("rejection cites {} not {a}", r.article()));
            }
            Ok(())
        }
        "accepted" => match &last.rejection {
            Some(r) => Err(format!("rejected: {r}")),
            None => Ok(()),
        },
        "voided" => {
            let n: usize = rest
                .first()
                .ok_or("voided needs a count")?
                .parse()
                .map_err(|_| "bad count")?;
            if last.voided != n {
                return Err(format!("{} entries voided, expected {n}", last.voided));
            }
            Ok(())
        }
        "status" => {
            let s = game.status();
            if s.as_str() != *rest.first().ok_or("status needs a value")? {
                return Err(format!(
                    "status is {} ({:?})",
                    s.as_str(),
                    game.termination()
                ));
            }
            if let Some(res) = rest.get(1) {
                let got = game.result().map(GameResult::notation).unwrap_or("none");
                if got != *res {
                    return Err(format!("result is {got}, expected {res}"));
                }
            }
            Ok(())
        }
        "result" => {
            let got = game.result().map(GameResult::notation).unwrap_or("none");
            if got != *rest.first().ok_or("result needs a value")? {
                return Err(format!("result is {got}"));
            }
            Ok(())
        }
        "termination" => {
            let Some(t) = game.termination() else {
                return Err("the game has not ended".into());
            };
            if t.reason.code != *rest.first().ok_or("termination needs a code")? {
                return Err(format!("terminated by {}", t.reason));
            }
            let a = rest[1..].join(" ");
            if !a.is_empty() && t.reason.article != a {
                return Err(format!("termination cites {} not {a}", t.reason.article));
            }
            Ok(())
        }
        "clock" => {
            let c = rest
                .first()
                .copied()
                .and_then(color)
                .ok_or("clock needs a player")?;
            let want = parse_signed_time(rest.get(1).ok_or("clock needs a time")?)?;
            let at = match rest.get(2).copied() {
                Some("at") => parse_time(rest.get(3).ok_or("at needs a time")?)?,
                _ => last.at,
            };
            let view = game.view(at);
            let got = match c {
                Color::White => view.clocks.white_ms,
                Color::Black => view.clocks.black_ms,
            };
            if got != Some(want) {
                return Err(format!(
                    "{c}'s clock shows {:?}, expected {}",
                    got.map(regulations::fmt_ms),
                    regulations::fmt_ms(want)
                ));
            }
            Ok(())
        }
        "running" => {
            let want = rest.first().copied().and_then(color);
            let got = game.clocks().running();
            if got != want {
                return Err(format!("running clock is {got:?}"));
            }
            Ok(())
        }
        "turn" => {
            let want = rest
                .first()
                .copied()
                .and_then(color)
                .ok_or("turn needs a player")?;
            if game.position().turn() != want {
                return Err(format!("{} is to move", game.position().turn()));
            }
            Ok(())
        }
        "fen" => {
            let want = rest.join(" ");
            if game.position().to_fen() != want {
                return Err(format!("fen is {}", game.position().to_fen()));
            }
            Ok(())
        }
        "moves" => {
            let got = game.san_moves().join(" ");
            if got != rest.join(" ") {
                return Err(format!("moves are '{got}'"));
            }
            Ok(())
        }
        "offer" => {
            let got = game.view(last.at).pending.draw_offer;
            let want = rest.first().copied().and_then(color);
            if got != want {
                return Err(format!("standing offer is {got:?}"));
            }
            Ok(())
        }
        "sealed" => {
            let v = game.view(last.at);
            let want = *rest.first().ok_or("sealed needs hidden|none")?;
            let hidden = v.pending.sealed_move_present;
            let shown = serde_free_view_mentions(&v, game.sealed_move_for_arbiter());
            match (want, hidden) {
                ("hidden", true) if !shown => Ok(()),
                ("none", false) => Ok(()),
                _ => Err(format!("sealed present: {hidden}, leaked in view: {shown}")),
            }
        }
        "touch" => {
            let want = *rest.first().ok_or("touch needs free|none|moves")?;
            match (want, game.touch_obligation()) {
                ("none", Obligation::None) | ("free", Obligation::Free(_)) => Ok(()),
                ("moves", Obligation::Moves { moves, .. }) => {
                    let mut got: Vec<String> = moves.iter().map(|m| m.to_uci()).collect();
                    got.sort();
                    let mut exp: Vec<String> = rest[1..].iter().map(ToString::to_string).collect();
                    exp.sort();
                    if got != exp {
                        return Err(format!("allowed moves are {got:?}"));
                    }
                    Ok(())
                }
                (_, ob) => Err(format!("obligation is {ob:?}")),
            }
        }
        "points" => {
            let (w, b) = game.points().ok_or("no result")?;
            let got = format!("{} {}", format_points(w), format_points(b));
            if got != rest.join(" ") {
                return Err(format!("points are {got}"));
            }
            Ok(())
        }
        "fouls" => {
            let c = rest
                .first()
                .copied()
                .and_then(color)
                .ok_or("fouls needs a player")?;
            let n: u32 = rest
                .get(1)
                .ok_or("fouls needs a count")?
                .parse()
                .map_err(|_| "bad count")?;
            // `expect fouls white 2 [move-time|changed-move]`
            let (got, what) = match rest.get(2).copied() {
                Some("move-time") => (game.fouls_of(FoulKind::MoveTime, c), "move-time fouls"),
                Some("changed-move") => (
                    game.fouls_of(FoulKind::ChangedMove, c),
                    "changed-move fouls",
                ),
                Some(other) => return Err(format!("no foul kind {other}")),
                None => (game.fouls(c), "fouls"),
            };
            if got != n {
                return Err(format!("{c} has {got} {what}"));
            }
            Ok(())
        }
        "envelope" => {
            let env = game.envelope().ok_or("no envelope")?;
            let field = *rest.first().ok_or("envelope needs a field")?;
            let want = rest.get(1).ok_or("envelope needs a value")?;
            let got = match field {
                "sealer" => env.sealer.to_string(),
                "move_number" => env.move_number.to_string(),
                "white_used" => regulations::fmt_ms(env.white_used_ms as i64),
                "black_used" => regulations::fmt_ms(env.black_used_ms as i64),
                _ => return Err(format!("unknown envelope field {field}")),
            };
            if got != *want {
                return Err(format!("envelope {field} is {got}"));
            }
            Ok(())
        }
        "present" => {
            let c = rest
                .first()
                .copied()
                .and_then(color)
                .ok_or("present needs a player")?;
            let want = rest.get(1) != Some(&"no");
            if game.is_present(c) != want {
                return Err(format!("{c} present: {}", game.is_present(c)));
            }
            Ok(())
        }
        other => Err(format!("unknown expectation '{other}'")),
    }
}

/// Whether the public view contains the sealed move anywhere.
fn serde_free_view_mentions(v: &regulations::GameView, sealed: Option<&str>) -> bool {
    let Some(s) = sealed else {
        return false;
    };
    let text = format!("{v:?}");
    text.contains(&format!("\"{s}\""))
}

fn parse_file(path: &Path) -> Result<Vec<Scenario>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file = path.display().to_string();
    let mut out: Vec<Scenario> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, tail) = line.split_once(' ').unwrap_or((line, ""));
        let tail = tail.trim();
        if head == "scenario" {
            out.push(Scenario {
                name: tail.to_string(),
                line: line_no,
                article: None,
                profile: Profile::fide_classic(),
                setup: GameSetup::default(),
                steps: Vec::new(),
            });
            continue;
        }
        let sc = out
            .last_mut()
            .ok_or_else(|| format!("{file}:{line_no}: line before the first scenario"))?;
        match head {
            "article" => sc.article = Some(tail.to_string()),
            "profile" => {
                sc.profile = Profile::by_name(tail)
                    .ok_or_else(|| format!("{file}:{line_no}: unknown profile {tail}"))?;
            }
            "time_control" => {
                sc.setup.time_control =
                    Some(TimeControl::parse(tail).map_err(|e| format!("{file}:{line_no}: {e}"))?);
            }
            "mode" => {
                sc.setup.mode = match tail {
                    "live" => Mode::Live,
                    "scoresheet" => Mode::Scoresheet,
                    _ => return Err(format!("{file}:{line_no}: bad mode")),
                };
            }
            "fen" => sc.setup.fen = Some(tail.to_string()),
            "team_game" => sc.setup.team_game = true,
            "scheduled" => {
                sc.setup.scheduled_start_ms =
                    Some(parse_time(tail).map_err(|e| format!("{file}:{line_no}: {e}"))?);
            }
            "lateness" => {
                sc.profile.lateness_limit_ms =
                    Some(parse_time(tail).map_err(|e| format!("{file}:{line_no}: {e}"))?);
            }
            "fifty_override" => {
                let (mat, n) = tail
                    .split_once(' ')
                    .ok_or("fifty_override MATERIAL MOVES")?;
                sc.profile
                    .fifty_move_overrides
                    .push(regulations::FiftyMoveOverride {
                        material: mat.to_string(),
                        moves: n.trim().parse().map_err(|_| "bad count")?,
                    });
            }
            "at" | "expect" => sc.steps.push((line_no, line.to_string())),
            other => return Err(format!("{file}:{line_no}: unknown line '{other}'")),
        }
    }
    Ok(out)
}

#[test]
fn every_scenario_file_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenario directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for f in &files {
        let scenarios = match parse_file(f) {
            Ok(s) => s,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        for sc in &scenarios {
            count += 1;
            if sc.article.is_none() {
                failures.push(format!(
                    "{}: scenario '{}' names no article",
                    f.display(),
                    sc.name
                ));
            }
            if let Err(e) = run(sc, &f.display().to_string()) {
                failures.push(e);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} scenarios failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(files.len() >= 10, "one scenario file per item of issue 4");
    assert!(count >= 60, "only {count} scenarios");
    let _ = Status::Finished;
}
