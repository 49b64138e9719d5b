//! Property tests of the Xiangqi game over random event sequences (moves,
//! touches, adjustments, arrivals, fouls, offers, the arbiter's rulings):
//! - replaying the accepted events reproduces the same game (the log fold);
//! - a rejected event never changes the game;
//! - `next_due_ms` is what an observation at that time rules: a `flag`
//!   then ends the game, one just before it does not (xq 4.1.4, 4.1.5).

use proptest::prelude::*;
use regulations::{
    IllegalMovePolicy, ProhibitionPolicy, Status, XiangqiGame, XiangqiProfile, XiangqiSetup,
    XqEvent, XqEventKind, XqLossGrounds, XqTimeScheme, XqWho,
};
use xiangqi::Color;

fn side(b: u8) -> Color {
    if b.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Black
    }
}

const POINTS: [&str; 8] = ["b2", "a0", "h7", "e9", "b0", "c3", "e5", "z1"];

/// Turns a random choice into an event, looking at the game so that most
/// moves are legal (and some are not).
fn event_for(game: &XiangqiGame, at: u64, kind: u8, a: u8, b: u8) -> XqEvent {
    let p = side(a);
    let k = match kind % 20 {
        0..=9 => {
            let moves = game.position().legal_moves();
            let text = if moves.is_empty() || b % 16 == 15 {
                ["a0a5", "e0e2", "炮九平五五", "C2.5", "z9z9"][usize::from(a % 5)].to_string()
            } else {
                moves.as_slice()[usize::from(b) % moves.len()].to_iccs()
            };
            XqEventKind::Move {
                text,
                notation: None,
                clock_ms: None,
            }
        }
        10 | 11 => XqEventKind::Touch {
            player: p,
            square: POINTS[usize::from(b % 8)].to_string(),
            together_with: if a.is_multiple_of(3) {
                vec![POINTS[usize::from(a % 8)].to_string()]
            } else {
                Vec::new()
            },
            accidental: b.is_multiple_of(7),
        },
        12 => XqEventKind::Adjust {
            player: p,
            square: POINTS[usize::from(b % 8)].to_string(),
            consent: a.is_multiple_of(2),
        },
        13 => XqEventKind::Arrive { player: p },
        14 => match b % 3 {
            0 => XqEventKind::OfferDraw { player: p },
            1 => XqEventKind::AcceptDraw { player: p },
            _ => XqEventKind::DeclineDraw { player: p },
        },
        15 => XqEventKind::Flag,
        16 => {
            if b.is_multiple_of(2) {
                XqEventKind::Foul { player: p }
            } else {
                XqEventKind::Unrecorded {
                    player: p,
                    moves: u32::from(b % 9),
                }
            }
        }
        17 => XqEventKind::DeclareLoss {
            player: p,
            grounds: if b.is_multiple_of(5) {
                XqLossGrounds::IllegalMove
            } else {
                XqLossGrounds::NotChanging
            },
        },
        18 => match b % 8 {
            0 => XqEventKind::Refuse { who: XqWho::Both },
            1 => XqEventKind::SimplePosition,
            2 => XqEventKind::Resign { player: p },
            _ => XqEventKind::Start,
        },
        _ => XqEventKind::Start,
    };
    XqEvent::new(at, k)
}

fn profile(i: u8) -> XiangqiProfile {
    let mut p = if i.is_multiple_of(2) {
        XiangqiProfile::xiangqi()
    } else {
        XiangqiProfile::club()
    };
    if i % 3 == 1 {
        p.illegal_move_policy = IllegalMovePolicy::Lose;
    }
    if i % 5 == 2 {
        p.prohibition_policy = ProhibitionPolicy::WarnThenLose { warnings: 0 };
    }
    p
}

fn setup(i: u8) -> XiangqiSetup {
    XiangqiSetup {
        fen: (i % 4 == 3).then(|| "4k4/7R1/9/9/9/9/9/9/9/3K5 w".to_string()),
        time_control: Some(
            match i % 3 {
                0 => XqTimeScheme::Fixed { ms: 120_000 },
                1 => XqTimeScheme::Rapid5,
                _ => XqTimeScheme::Standard90,
            }
            .time_control(),
        ),
        scheduled_start_ms: i.is_multiple_of(2).then_some(0),
        // Every fifth game entered from scoresheets.
        mode: if i % 5 == 4 {
            regulations::Mode::Scoresheet
        } else {
            regulations::Mode::Live
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn replaying_accepted_xiangqi_events_reproduces_the_game_and_rejections_change_nothing(
        p in 0u8..30,
        s in 0u8..12,
        steps in proptest::collection::vec((0u8..20, any::<u8>(), any::<u8>(), 0u64..20_000), 1..80),
    ) {
        let prof = profile(p);
        let set = setup(s);
        let mut game = XiangqiGame::new(prof.clone(), set.clone()).expect("setup");
        let mut at = 0u64;
        let mut accepted = Vec::new();
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
        let (again, outcomes) = XiangqiGame::replay(prof, set, &accepted).expect("setup");
        prop_assert!(outcomes.iter().all(Result::is_ok), "a replayed event was rejected");
        prop_assert_eq!(&again, &game);
    }

    #[test]
    fn an_observation_at_the_due_time_ends_the_game_and_one_before_it_does_not_xq_4_1_4_xq_4_1_5(
        s in 0u8..12,
        arrive in proptest::collection::vec(any::<bool>(), 2),
        moves in 0usize..6,
    ) {
        let set = setup(s);
        let from_scoresheets = set.mode == regulations::Mode::Scoresheet;
        let mut game = XiangqiGame::new(XiangqiProfile::xiangqi(), set).expect("setup");
        for (c, here) in [Color::Red, Color::Black].into_iter().zip(arrive) {
            if here {
                game.apply(XqEvent::new(0, XqEventKind::Arrive { player: c })).ok();
            }
        }
        game.apply(XqEvent::new(0, XqEventKind::Start)).ok();
        for i in 0..moves {
            let Some(m) = game.position().legal_moves().as_slice().first().copied() else {
                break;
            };
            let text = m.to_iccs();
            game.apply(XqEvent::new(1_000 * (i as u64 + 1), XqEventKind::Move { text, notation: None, clock_ms: None })).ok();
        }
        if from_scoresheets {
            // The events' times are not the game's: nothing falls due.
            prop_assert_eq!(game.next_due_ms(), None);
            prop_assert!(game.status() != Status::Finished || game.termination().is_some());
            return Ok(());
        }
        let Some(due) = game.next_due_ms() else {
            // A started, timed game always has its flag pending until it ends.
            prop_assert_eq!(game.status(), Status::Finished);
            return Ok(());
        };
        if due > game.last_event_ms() {
            let mut early = game.clone();
            let r = early.apply(XqEvent::new(due - 1, XqEventKind::Flag));
            prop_assert!(early.status() != Status::Finished, "ended before it was due: {:?}", r);
        }
        game.apply(XqEvent::new(due, XqEventKind::Flag)).expect("the due observation is accepted");
        prop_assert_eq!(game.status(), Status::Finished);
        prop_assert_eq!(game.next_due_ms(), None);
    }
}
