//! `Game::next_due_ms`: the instant a result falls due without any event
//! (a flag fall, 12.2 / 10.14; a lateness forfeit, 10.15 / 10.17; the club's
//! game-length limit), which a server records as the arbiter's observation.
//! An observation at that instant ends the game; one a millisecond earlier
//! does not.

use regulations::{
    Event, EventKind, Game, GameResult, GameSetup, Mode, Profile, Status, TimeControl,
};
use rules::Color;

const MINUTE: u64 = 60_000;

fn live(profile: Profile, time_control: TimeControl, scheduled_start_ms: Option<u64>) -> Game {
    let setup = GameSetup {
        time_control: Some(time_control),
        mode: Mode::Live,
        scheduled_start_ms,
        ..GameSetup::default()
    };
    Game::new(profile, setup).expect("a valid setup")
}

fn play(game: &mut Game, at_ms: u64, kind: EventKind) {
    game.apply(Event::new(at_ms, kind)).expect("accepted");
}

/// The arbiter's observation at `at_ms` on a copy: the status and result it
/// leaves and the articles it cites.
fn observe(game: &Game, at_ms: u64) -> (Status, Option<GameResult>, Vec<String>) {
    let mut probe = game.clone();
    let articles = probe
        .apply(Event::new(at_ms, EventKind::Flag { player: None }))
        .map(|applied| applied.rulings.into_iter().map(|r| r.article).collect())
        .unwrap_or_default();
    (probe.status(), probe.result(), articles)
}

#[test]
fn a_flag_falls_due_when_the_running_clock_reaches_zero_12_2_10_14() {
    let mut game = live(
        Profile::fide_classic(),
        TimeControl::simple(MINUTE, 0),
        None,
    );
    assert_eq!(game.next_due_ms(), None, "no clock runs before the start");
    play(&mut game, 1_000, EventKind::Start);
    let due = game.next_due_ms().expect("White's clock runs");
    assert_eq!(due, 61_000);
    assert_eq!(observe(&game, due - 1).0, Status::InProgress);
    let (status, result, articles) = observe(&game, due);
    assert_eq!(status, Status::Finished);
    assert_eq!(result, Some(GameResult::BlackWins));
    assert!(articles.iter().any(|a| a == "10.14"), "{articles:?}");
}

#[test]
fn a_player_absent_at_the_deadline_forfeits_one_millisecond_after_it_10_15() {
    let mut game = live(
        Profile::fide_classic(),
        TimeControl::simple(90 * MINUTE, 0),
        Some(0),
    );
    play(
        &mut game,
        0,
        EventKind::Arrive {
            player: Color::White,
        },
    );
    let due = game.next_due_ms().expect("Black is absent");
    assert_eq!(due, 60 * MINUTE + 1, "the deadline itself is still in time");
    assert_eq!(observe(&game, due - 1).0, Status::Scheduled);
    let (status, result, articles) = observe(&game, due);
    assert_eq!(status, Status::Finished);
    assert_eq!(result, Some(GameResult::WhiteWinsByForfeit));
    assert!(articles.iter().any(|a| a == "10.15"), "{articles:?}");
}

#[test]
fn both_players_absent_at_the_deadline_both_lose_10_17() {
    let game = live(
        Profile::fide_classic(),
        TimeControl::simple(90 * MINUTE, 0),
        Some(5_000),
    );
    let due = game.next_due_ms().expect("both are absent");
    assert_eq!(due, 5_000 + 60 * MINUTE + 1);
    let (status, result, _) = observe(&game, due);
    assert_eq!(status, Status::Finished);
    assert_eq!(
        result,
        Some(GameResult::DoubleForfeit),
        "no move was played"
    );
}

#[test]
fn the_club_game_length_limit_falls_due_before_a_later_flag_club_3() {
    let mut game = live(Profile::club(), TimeControl::simple(60 * MINUTE, 0), None);
    play(&mut game, 0, EventKind::Start);
    let due = game.next_due_ms().expect("the game runs");
    assert_eq!(due, 30 * MINUTE + 1);
    let (status, result, articles) = observe(&game, due);
    assert_eq!(status, Status::Finished);
    assert_eq!(result, Some(GameResult::BothLose));
    assert_eq!(articles, vec!["club (3)".to_owned()]);
}

#[test]
fn nothing_falls_due_in_scoresheet_mode_nor_after_the_end() {
    let setup = GameSetup {
        time_control: Some(TimeControl::simple(MINUTE, 0)),
        mode: Mode::Scoresheet,
        scheduled_start_ms: Some(0),
        ..GameSetup::default()
    };
    let mut game = Game::new(Profile::fide_classic(), setup).expect("a valid setup");
    play(&mut game, 0, EventKind::Start);
    assert_eq!(game.next_due_ms(), None);

    let mut game = live(
        Profile::fide_classic(),
        TimeControl::simple(MINUTE, 0),
        None,
    );
    play(&mut game, 0, EventKind::Start);
    play(
        &mut game,
        10,
        EventKind::Resign {
            player: Color::White,
        },
    );
    assert_eq!(game.status(), Status::Finished);
    assert_eq!(game.next_due_ms(), None);
}

/// 1. e4 e5 played from a start at 0, then White seals 2. Nf3 at ten minutes.
fn adjourned_game() -> Game {
    let mut game = live(
        Profile::fide_classic(),
        TimeControl::simple(90 * MINUTE, 0),
        None,
    );
    play(&mut game, 0, EventKind::Start);
    for (at, san) in [(MINUTE, "e4"), (2 * MINUTE, "e5")] {
        let san = Some(san.to_owned());
        let kind = EventKind::Move {
            san,
            uci: None,
            clock_ms: None,
            press: None,
            offer_draw: false,
        };
        play(&mut game, at, kind);
    }
    play(
        &mut game,
        10 * MINUTE,
        EventKind::Seal {
            san: "Nf3".to_owned(),
        },
    );
    game
}

#[test]
fn an_adjourned_game_without_a_resumption_time_has_nothing_due_13_2() {
    let game = adjourned_game();
    assert_eq!(game.status(), Status::Adjourned);
    assert_eq!(game.next_due_ms(), None);
    assert_eq!(game.resumption(), None);
}

#[test]
fn lateness_at_resumption_counts_from_the_announced_resumption_13_2_10_15() {
    let mut game = adjourned_game();
    let resumes = 24 * 60 * MINUTE;
    play(
        &mut game,
        11 * MINUTE,
        EventKind::ScheduleResumption {
            resumes_at_ms: resumes,
            place: "Hall B".to_owned(),
        },
    );
    let r = game.resumption().expect("announced");
    assert_eq!((r.at_ms, r.place.as_str()), (resumes, "Hall B"));
    assert_eq!(game.session_start_ms(), Some(resumes));
    play(
        &mut game,
        resumes - MINUTE,
        EventKind::Arrive {
            player: Color::White,
        },
    );
    let due = game.next_due_ms().expect("Black is absent");
    assert_eq!(due, resumes + 60 * MINUTE + 1);
    assert_eq!(observe(&game, due - 1).0, Status::Adjourned);
    let (status, result, articles) = observe(&game, due);
    assert_eq!(status, Status::Finished);
    assert_eq!(result, Some(GameResult::WhiteWins), "moves were played");
    assert!(articles.iter().any(|a| a == "10.15"), "{articles:?}");
}

#[test]
fn a_game_resumed_late_keeps_the_announced_time_for_lateness_13_2_14_3() {
    let mut game = adjourned_game();
    let resumes = 24 * 60 * MINUTE;
    play(
        &mut game,
        11 * MINUTE,
        EventKind::ScheduleResumption {
            resumes_at_ms: resumes,
            place: String::new(),
        },
    );
    play(
        &mut game,
        resumes + 20 * MINUTE,
        EventKind::Resume {
            white_present: true,
            black_present: false,
            envelope_lost: false,
        },
    );
    assert_eq!(game.status(), Status::InProgress);
    assert_eq!(
        game.next_due_ms(),
        Some(resumes + 60 * MINUTE + 1),
        "counted from the announced time, not the resume event"
    );
}

#[test]
fn a_resumption_before_the_adjournment_is_refused_13_2() {
    let mut game = adjourned_game();
    let refused = game
        .apply(Event::new(
            11 * MINUTE,
            EventKind::ScheduleResumption {
                resumes_at_ms: 5 * MINUTE,
                place: String::new(),
            },
        ))
        .expect_err("before the seal");
    assert_eq!(refused.0.code, "resumption_before_adjournment");
    let mut playing = live(
        Profile::fide_classic(),
        TimeControl::simple(MINUTE, 0),
        None,
    );
    play(&mut playing, 0, EventKind::Start);
    let refused = playing
        .apply(Event::new(
            1,
            EventKind::ScheduleResumption {
                resumes_at_ms: 10,
                place: String::new(),
            },
        ))
        .expect_err("not adjourned");
    assert_eq!(refused.0.code, "not_adjourned");
}
