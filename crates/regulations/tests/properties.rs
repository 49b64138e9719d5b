//! Property tests over random event sequences:
//! - replaying the accepted events reproduces the same game (log fold);
//! - a rejected event never changes the game.

use proptest::prelude::*;
use regulations::{
    CaptainTopic, ClaimReason, ClockAdjustReason, ClockSetting, Event, EventKind, FoulKind, Game,
    GameSetup, IrregularityKind, Mode, Penalty, Profile, TimeControl, Who,
};
use rules::Color;

fn color(b: u8) -> Color {
    if b.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// What a captain may be consulted about, and one thing he may not.
const TOPICS: [&str; 5] = [
    "offer_draw",
    "accept_draw",
    "claim_draw",
    "resign",
    "the_position",
];

const SQUARES: [&str; 8] = ["e2", "g1", "e7", "b8", "d1", "e4", "h1", "a9"];

/// Turns a random choice into an event, looking at the game so that most
/// moves are legal (and some are not).
fn event_for(game: &Game, at: u64, kind: u8, a: u8, b: u8) -> Event {
    let p = color(a);
    let k = match kind % 24 {
        0..=8 => {
            let moves = game.position().legal_moves();
            if moves.is_empty() || b % 16 == 15 {
                EventKind::Move {
                    san: Some(["Ke3", "e5", "O-O", "Qh9", "Nf3"][usize::from(a % 5)].to_string()),
                    uci: None,
                    clock_ms: None,
                    press: None,
                    offer_draw: false,
                }
            } else {
                let m = moves[usize::from(b) % moves.len()];
                EventKind::Move {
                    san: None,
                    uci: Some(m.to_uci()),
                    clock_ms: None,
                    press: (a.is_multiple_of(7)).then_some(false),
                    offer_draw: a.is_multiple_of(11),
                }
            }
        }
        9 => EventKind::Press { player: p },
        10 => EventKind::Touch {
            player: p,
            square: SQUARES[usize::from(b % 8)].to_string(),
            together_with: Vec::new(),
            placed_on: None,
        },
        11 => EventKind::OfferDraw { player: p },
        12 => EventKind::AcceptDraw { player: p },
        13 => EventKind::DeclineDraw { player: p },
        14 => EventKind::ClaimDraw {
            player: p,
            reason: if b.is_multiple_of(2) {
                ClaimReason::Threefold
            } else {
                ClaimReason::FiftyMoves
            },
            intended_move: (b.is_multiple_of(3)).then(|| "Nf3".to_string()),
        },
        15 => EventKind::Flag {
            player: (!b.is_multiple_of(3)).then(|| color(b)),
        },
        16 => EventKind::DeclareIllegal {
            ply: u32::from(b % 8),
            kind: if a.is_multiple_of(2) {
                IrregularityKind::IllegalMove
            } else {
                IrregularityKind::DisplacedPieces
            },
            clocks: (b.is_multiple_of(2)).then_some(ClockSetting {
                white_ms: 600_000,
                black_ms: 600_000,
            }),
        },
        17 => EventKind::AdjustClock {
            player: p,
            remaining_ms: i64::from(b) * 10_000,
            reason: ClockAdjustReason::DefectiveClock,
            grave: false,
        },
        18 => {
            if b.is_multiple_of(2) {
                EventKind::StopClocks { reason: "x".into() }
            } else {
                EventKind::StartClocks { reason: "x".into() }
            }
        }
        19 => EventKind::Seal {
            san: ["Nf3", "e4", "Qxx", "a6"][usize::from(b % 4)].to_string(),
        },
        20 => EventKind::Resume {
            white_present: !a.is_multiple_of(3),
            black_present: !b.is_multiple_of(3),
            envelope_lost: b.is_multiple_of(5),
        },
        21 => EventKind::Arrive { player: p },
        22 => EventKind::ClaimTouchMove {
            player: p,
            square: SQUARES[usize::from(b % 8)].to_string(),
        },
        _ => match b % 8 {
            0 => EventKind::Penalise {
                player: p,
                penalty: Penalty::Foul {
                    foul: if b.is_multiple_of(16) {
                        FoulKind::ChangedMove
                    } else {
                        FoulKind::MoveTime
                    },
                },
                reason: "x".into(),
            },
            1 => EventKind::Resign { player: p },
            2 => EventKind::Refuse { who: Who::Both },
            3 => EventKind::ColoursReversed {
                restart: a.is_multiple_of(2),
            },
            4 => EventKind::BothFlagsDown,
            5 | 6 => EventKind::ConsultCaptain {
                who: p,
                about: CaptainTopic::parse(TOPICS[usize::from(a % 5)]),
            },
            _ => EventKind::Start,
        },
    };
    Event::new(at, k)
}

fn profile(i: u8) -> Profile {
    let name = Profile::NAMES[usize::from(i) % Profile::NAMES.len()];
    Profile::by_name(name).unwrap_or_default()
}

fn setup(i: u8) -> GameSetup {
    GameSetup {
        fen: None,
        time_control: Some(match i % 3 {
            0 => TimeControl::parse("2/60:60").unwrap_or(TimeControl::Untimed),
            1 => TimeControl::parse("300+2").unwrap_or(TimeControl::Untimed),
            _ => TimeControl::Untimed,
        }),
        mode: if i % 4 == 3 {
            Mode::Scoresheet
        } else {
            Mode::Live
        },
        scheduled_start_ms: i.is_multiple_of(5).then_some(0),
        team_game: i % 2 == 1,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn replaying_accepted_events_reproduces_the_game_and_rejections_change_nothing(
        p in 0u8..4,
        s in 0u8..12,
        steps in proptest::collection::vec((0u8..24, any::<u8>(), any::<u8>(), 0u64..40_000), 1..80),
    ) {
        let prof = profile(p);
        let set = setup(s);
        let mut game = Game::new(prof.clone(), set.clone()).expect("standard setup");
        game.apply(Event::new(0, EventKind::Start)).ok();
        let mut at = 0u64;
        let mut accepted = Vec::new();
        accepted.extend(game.log().iter().map(|e| e.event.clone()));
        for (kind, a, b, dt) in steps {
            at += dt;
            let ev = event_for(&game, at, kind, a, b);
            let before = game.clone();
            match game.apply(ev.clone()) {
                Ok(_) => accepted.push(ev),
                Err(r) => {
                    prop_assert_eq!(&before, &game, "rejection {} changed the game", r);
                }
            }
        }
        let (again, outcomes) = Game::replay(prof, set, &accepted).expect("standard setup");
        prop_assert!(outcomes.iter().all(Result::is_ok), "a replayed event was rejected");
        prop_assert_eq!(&again, &game);
        // The public view never shows a hidden sealed move.
        if let Some(s) = game.sealed_move_for_arbiter() {
            let v = game.view(at);
            prop_assert!(v.pending.sealed_move_present);
            prop_assert!(!v.moves.iter().any(|m| m == s) || game.san_moves().iter().any(|m| m == s));
        }
    }

    #[test]
    fn time_control_tags_print_back_to_what_they_parse_from(
        fields in proptest::collection::vec((1u32..80, 1u64..10_000, 0u64..60), 1..4),
        last in 1u64..10_000,
    ) {
        let mut tag = String::new();
        for (m, s, inc) in &fields {
            tag.push_str(&format!("{m}/{s}"));
            if *inc > 0 {
                tag.push_str(&format!("+{inc}"));
            }
            tag.push(':');
        }
        tag.push_str(&last.to_string());
        let tc = TimeControl::parse(&tag).expect("well-formed tag");
        prop_assert_eq!(tc.to_string(), tag);
    }

    #[test]
    fn garbage_time_control_tags_never_panic(s in "\\PC{0,20}") {
        let _ = TimeControl::parse(&s);
    }
}

#[test]
fn a_rejected_event_leaves_the_log_untouched() {
    // Art. 5.5 etc.: an illegal move is refused, nothing is logged.
    let mut g = Game::new(Profile::fide_classic(), GameSetup::default()).expect("setup");
    g.apply(Event::new(0, EventKind::Start)).expect("start");
    let before = g.clone();
    let r = g.apply(Event::new(
        1,
        EventKind::Move {
            san: Some("Nf6".into()),
            uci: None,
            clock_ms: None,
            press: None,
            offer_draw: false,
        },
    ));
    assert!(r.is_err());
    assert_eq!(g, before);
    assert_eq!(g.log().len(), 1);
}
