//! Issue 17 item 8: a board's own scheduled start (a rescheduled board) and
//! the date, time and place of resumption of an adjourned game (Art. 13.2);
//! lateness (Art. 10.15, 10.17) counts from the board's start and from the
//! announced resumption, and the server records the forfeit when it falls
//! due.

use axum::http::{Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use server::due::record_due_results;

use crate::harness::{ADMIN, TestApp};
use crate::laws_support::{Play, assert_ended, assert_ruling, hms};

fn time(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

/// A four-player Swiss whose round 1 is paired to start at 14:00; the
/// tournament, an arbiter's token and round 1's game ids.
async fn round_at_two(app: &TestApp) -> (String, String, Vec<String>) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3, "time_control": "5400+30" }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[
            ("Adams, Michael", 2700),
            ("Short, Nigel", 2650),
            ("Howell, David", 2600),
            ("McShane, Luke", 2550),
        ],
    )
    .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({ "starts_at": "2026-04-01T14:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let games = r.body["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|b| b["game_id"].as_str().expect("a game").to_owned())
        .collect();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    (t, arbiter, games)
}

async fn patch_board(app: &TestApp, token: &str, t: &str, board: i64, body: Value) -> Value {
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}"),
            Some(token),
            body,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body
}

async fn game(app: &TestApp, id: &str) -> Value {
    let r = app.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body
}

async fn post(app: &TestApp, token: &str, id: &str, event: Value) {
    let seq = game(app, id).await["seq"].as_i64().expect("seq");
    let r = app.event(id, token, seq, event).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
}

/// Board 1 is rescheduled to 16:00 while the round starts at 14:00. Its
/// White arrives at 16:00 — two hours after the round's start — and plays
/// on; its absent Black loses an hour after the board's start, not the
/// round's, while board 2's absent Black loses an hour after 14:00.
async fn a_rescheduled_boards_player_is_forfeited_an_hour_after_the_boards_start_10_15(
    app: TestApp,
) {
    let (t, arbiter, games) = round_at_two(&app).await;
    let board = patch_board(
        &app,
        &arbiter,
        &t,
        1,
        json!({ "starts_at": "2026-04-01T18:00:00+02:00" }),
    )
    .await;
    assert_eq!(board["starts_at"], "2026-04-01T16:00:00.000Z", "{board}");
    let round = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(round.body["starts_at"], "2026-04-01T14:00:00.000Z");
    assert_eq!(
        round.body["boards"][0]["starts_at"],
        "2026-04-01T16:00:00.000Z"
    );
    assert!(
        round.body["boards"][1].get("starts_at").is_none(),
        "board 2 follows the round: {}",
        round.body
    );
    let state = game(&app, &games[0]).await;
    assert_eq!(state["scheduled_start"], "2026-04-01T16:00:00.000Z");
    assert_eq!(state["lateness"]["deadline"], "2026-04-01T17:00:00.000Z");
    assert_eq!(
        game(&app, &games[1]).await["lateness"]["deadline"],
        "2026-04-01T15:00:00.000Z"
    );

    for (id, at) in [
        (&games[0], "2026-04-01T16:00:00Z"),
        (&games[1], "2026-04-01T14:00:00Z"),
    ] {
        post(
            &app,
            &arbiter,
            id,
            json!({ "type": "arrive", "player": "white", "at": at }),
        )
        .await;
        post(&app, &arbiter, id, json!({ "type": "start", "at": at })).await;
    }
    assert_eq!(game(&app, &games[0]).await["status"], "in_progress");

    assert_eq!(
        record_due_results(&app.state, time("2026-04-01T16:59:59Z")).await,
        1,
        "only board 2 is due an hour after the round's start"
    );
    assert_eq!(game(&app, &games[0]).await["result"], Value::Null);
    assert_eq!(game(&app, &games[1]).await["result"], "+-");

    assert_eq!(
        record_due_results(&app.state, time("2026-04-01T17:00:01Z")).await,
        1
    );
    let state = game(&app, &games[0]).await;
    assert_eq!(state["result"], "+-", "{state}");
    assert_eq!(state["termination"]["reason"]["code"], "lost_by_lateness");
    assert_eq!(state["termination"]["reason"]["article"], "10.15");
    let events = app
        .get(&format!("/api/v1/games/{}/events", games[0]), Some(ADMIN))
        .await;
    let last = events.body["events"]
        .as_array()
        .and_then(|e| e.last())
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(last["at"], "2026-04-01T17:00:00.001Z", "{last}");
    assert_eq!(last["actor"], "system");
}

/// A board's start is part of its game's setup: it can be set, changed and
/// given back to the round (`null`) while the game has no events, a new
/// round start leaves it alone, and once the game has events it is fixed
/// (422 `board_start_fixed`, Art. 10.15).
async fn a_boards_start_cannot_change_once_its_game_has_started_10_15(app: TestApp) {
    let (t, arbiter, games) = round_at_two(&app).await;
    patch_board(
        &app,
        &arbiter,
        &t,
        2,
        json!({ "starts_at": "2026-04-01T16:00:00Z" }),
    )
    .await;
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/rounds/1"),
            Some(ADMIN),
            json!({ "starts_at": "2026-04-01T15:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(
        game(&app, &games[0]).await["scheduled_start"],
        "2026-04-01T15:00:00.000Z"
    );
    assert_eq!(
        game(&app, &games[1]).await["scheduled_start"],
        "2026-04-01T16:00:00.000Z",
        "the rescheduled board keeps its own start"
    );
    let board = patch_board(&app, &arbiter, &t, 2, json!({ "starts_at": null })).await;
    assert!(board.get("starts_at").is_none(), "{board}");
    assert_eq!(
        game(&app, &games[1]).await["scheduled_start"],
        "2026-04-01T15:00:00.000Z",
        "back to the round's start"
    );

    post(
        &app,
        &arbiter,
        &games[0],
        json!({ "type": "arrive", "player": "white", "at": "2026-04-01T15:00:00Z" }),
    )
    .await;
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/1"),
            Some(&arbiter),
            json!({ "starts_at": "2026-04-01T17:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "board_start_fixed");
    assert_eq!(r.body["article"], "10.15");
    assert_eq!(r.body["where"], "starts_at");
    assert_eq!(
        game(&app, &games[0]).await["scheduled_start"],
        "2026-04-01T15:00:00.000Z"
    );
    // Setting the start it already has changes nothing and is not refused.
    patch_board(&app, &arbiter, &t, 1, json!({ "starts_at": null })).await;
}

/// A bad board start or resumption time is refused naming its field.
async fn invalid_board_starts_and_resumption_times_are_refused_naming_the_field(app: TestApp) {
    let (t, arbiter, _) = round_at_two(&app).await;
    for (body, field) in [
        (json!({ "starts_at": "at four" }), "starts_at"),
        (json!({ "starts_at": "1969-12-31T23:00:00Z" }), "starts_at"),
        (json!({ "starts_at": 1_775_052_000_000_i64 }), "starts_at"),
    ] {
        let r = app
            .send(
                Method::PATCH,
                &format!("/api/v1/tournaments/{t}/rounds/1/boards/1"),
                Some(&arbiter),
                body.clone(),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
        assert!(
            r.body["where"].as_str().is_some_and(|w| w.contains(field)),
            "{body}: {r:?}"
        );
    }

    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.refused(
        60,
        json!({ "type": "schedule_resumption", "resumes_at": "2026-04-02T10:00:00Z" }),
        "not_adjourned",
        "13.2",
    )
    .await;
    g.ok(300, json!({ "type": "seal", "san": "e4" })).await;
    for (event, field) in [
        (
            json!({ "type": "schedule_resumption", "resumes_at": "tomorrow" }),
            "resumes_at",
        ),
        (
            json!({ "type": "schedule_resumption", "resumes_at": 20 }),
            "resumes_at",
        ),
        (
            json!({ "type": "schedule_resumption", "place": "Hall B" }),
            "resumes_at_ms",
        ),
    ] {
        let r = g.post(400, event.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{event}: {r:?}");
        assert!(
            r.body["where"].as_str().is_some_and(|w| w.contains(field))
                || r.body["message"]
                    .as_str()
                    .is_some_and(|m| m.contains(field)),
            "{event}: {r:?}"
        );
    }
    g.refused(
        400,
        json!({ "type": "schedule_resumption", "resumes_at": "2026-04-01T13:00:00Z" }),
        "resumption_before_adjournment",
        "13.2",
    )
    .await;
}

/// After 1. e4 e5 White seals 2. Nf3 at 14:05; the arbiter announces
/// the resumption for the next day at 10:00 in Hall B.
async fn adjourned_until_ten(app: &TestApp) -> Play<'_> {
    let mut g = Play::free(app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.ok(10, json!({ "type": "move", "san": "e4" })).await;
    g.ok(20, json!({ "type": "move", "san": "e5" })).await;
    g.ok(300, json!({ "type": "seal", "san": "Nf3" })).await;
    let r = g
        .ok(
            600,
            json!({ "type": "schedule_resumption", "resumes_at": "2026-04-02T10:00:00Z", "place": "Hall B" }),
        )
        .await;
    assert_ruling(&r, "resumption_scheduled", "13.2");
    g
}

/// Art. 13.2: the announced date, time and place of resumption are shown
/// with the envelope, to everyone, and the lateness deadline follows them.
async fn the_resumption_time_and_place_are_shown_with_the_envelope_13_2(app: TestApp) {
    let g = adjourned_until_ten(&app).await;
    let public = game(&app, &g.game).await;
    assert_eq!(public["status"], "adjourned");
    assert_eq!(
        public["resumption"],
        json!({ "at": "2026-04-02T10:00:00.000Z", "place": "Hall B" })
    );
    assert_eq!(public["envelope"]["sealer"], "white");
    assert_eq!(public["lateness"]["deadline"], "2026-04-02T11:00:00.000Z");
    assert_eq!(public["lateness"]["white_present"], false);
    assert!(!public.to_string().contains("Nf3"), "{public}");
    // The game's public page says when and where play resumes, in both
    // languages, and still keeps the sealed move secret.
    for (lang, word) in [("en", "Resumes"), ("zh", "续弈")] {
        let page = app
            .get(&format!("/games/{}?lang={lang}", g.game), None)
            .await;
        assert_eq!(page.status, 200, "{page:?}");
        assert!(page.text.contains(word), "{lang}: {}", page.text);
        assert!(
            page.text.contains("2026-04-02 10:00 UTC · Hall B"),
            "{}",
            page.text
        );
        assert!(!page.text.contains("Nf3"), "{}", page.text);
    }
}

/// Art. 13.2, 10.15: the arbiter resumes the game twenty minutes late with
/// Black absent; Black loses an hour after the announced 10:00, not an hour
/// after the late resumption.
async fn an_absent_player_at_resumption_loses_an_hour_after_the_announced_time_13_2_10_15(
    app: TestApp,
) {
    let mut g = adjourned_until_ten(&app).await;
    let r = g
        .ok(
            hms(20, 20, 0),
            json!({ "type": "resume", "black_present": false }),
        )
        .await;
    assert_ruling(&r, "replier_absent_clock_runs", "14.3");
    assert_eq!(
        r.body["state"]["lateness"]["deadline"],
        "2026-04-02T11:00:00.000Z"
    );
    let r = g.ok(hms(21, 0, 1), json!({ "type": "flag" })).await;
    assert_ended(&r, "1-0", "lost_by_lateness", "10.15");
}

/// Art. 13.2, 10.15: nobody resumes the game; White arrives before 10:00,
/// Black never comes. The server records Black's loss itself at 11:00.
async fn the_server_records_the_forfeit_of_a_player_absent_at_resumption_13_2_10_15(app: TestApp) {
    let mut g = adjourned_until_ten(&app).await;
    let r = g
        .ok(
            hms(19, 55, 0),
            json!({ "type": "arrive", "player": "white" }),
        )
        .await;
    assert_ruling(&r, "player_arrived", "10.15");
    assert_eq!(
        record_due_results(&app.state, time("2026-04-02T11:00:00Z")).await,
        0,
        "the deadline itself is in time"
    );
    assert_eq!(
        record_due_results(&app.state, time("2026-04-02T11:00:01Z")).await,
        1
    );
    let state = game(&app, &g.game).await;
    assert_eq!(state["status"], "finished", "{state}");
    assert_eq!(
        state["result"], "1-0",
        "moves were played: a win, not a forfeit"
    );
    assert_eq!(state["termination"]["reason"]["code"], "lost_by_lateness");
    assert_eq!(state["termination"]["reason"]["article"], "10.15");
}

/// Art. 10.15, 10.12: the organiser announces settings for one board's game
/// over the event's (a longer lateness limit for a rescheduled board, a
/// higher fifty-move count); the game's state shows what it is judged by,
/// the lateness deadline follows, and once the game has events its
/// settings are fixed (409). Out-of-range and foreign settings are refused
/// naming the field.
async fn a_boards_game_gets_its_own_announced_settings_until_it_starts_10_15_10_12(app: TestApp) {
    let (t, arbiter, games) = round_at_two(&app).await;
    let before = game(&app, &games[0]).await;
    assert_eq!(before["laws"]["lateness_limit_minutes"], 60, "{before}");
    patch_board(
        &app,
        &arbiter,
        &t,
        1,
        json!({ "laws": { "lateness_limit_minutes": 90, "fifty_move_count": 75 } }),
    )
    .await;
    let after = game(&app, &games[0]).await;
    assert_eq!(after["laws"]["lateness_limit_minutes"], 90, "{after}");
    assert_eq!(after["laws"]["fifty_move_count"], 75, "{after}");
    assert_eq!(after["lateness"]["deadline"], "2026-04-01T15:30:00.000Z");
    let other = game(&app, &games[1]).await;
    assert_eq!(
        other["laws"]["lateness_limit_minutes"], 60,
        "board 2 keeps the event's"
    );
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/1");
    for (body, field) in [
        (
            json!({ "laws": { "fifty_move_count": 40 } }),
            "laws.fifty_move_count",
        ),
        (
            json!({ "laws": { "natural_move_limit": 40 } }),
            "laws.natural_move_limit",
        ),
        (json!({ "laws": { "bedtime": 40 } }), ""),
    ] {
        let r = app.send(Method::PATCH, &path, Some(&arbiter), body).await;
        assert!(
            r.status == StatusCode::BAD_REQUEST || r.status == StatusCode::UNPROCESSABLE_ENTITY,
            "{r:?}"
        );
        if !field.is_empty() {
            assert_eq!(r.body["where"], field, "{r:?}");
        }
    }
    post(
        &app,
        &arbiter,
        &games[0],
        json!({ "type": "arrive", "player": "white", "at": "2026-04-01T14:00:00Z" }),
    )
    .await;
    let r = app
        .send(
            Method::PATCH,
            &path,
            Some(&arbiter),
            json!({ "laws": { "lateness_limit_minutes": 120 } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_started", "{r:?}");
    assert_eq!(
        game(&app, &games[0]).await["laws"]["lateness_limit_minutes"],
        90
    );
}

/// Art. 10.15: a game outside any tournament takes the organiser's
/// announced settings too, over its profile's.
async fn a_free_game_is_judged_by_the_settings_announced_for_it_10_15(app: TestApp) {
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({
                "white": "Adams, Michael", "black": "Short, Nigel", "time_control": "5400+30",
                "starts_at": "2026-04-01T14:00:00Z",
                "laws": { "lateness_limit_minutes": 15 }
            }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["laws"]["lateness_limit_minutes"], 15, "{r:?}");
    assert_eq!(
        r.body["laws"]["fifty_move_count"], 50,
        "the profile's: {r:?}"
    );
    assert_eq!(r.body["lateness"]["deadline"], "2026-04-01T14:15:00.000Z");
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "A", "black": "B", "laws": { "lateness_limit_minutes": 6000 } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "laws.lateness_limit_minutes", "{r:?}");
}

/// Art. 13.2: the round's page shows an adjourned board's announced
/// resumption under its small board, in both languages.
async fn the_round_page_shows_when_and_where_an_adjourned_game_resumes_13_2(app: TestApp) {
    let (t, arbiter, games) = round_at_two(&app).await;
    let at = |minutes: u32| format!("2026-04-01T14:{minutes:02}:00Z");
    for event in [
        json!({ "type": "arrive", "player": "white", "at": at(0) }),
        json!({ "type": "arrive", "player": "black", "at": at(0) }),
        json!({ "type": "start", "at": at(0) }),
        json!({ "type": "move", "san": "e4", "at": at(1) }),
        json!({ "type": "move", "san": "e5", "at": at(2) }),
        json!({ "type": "seal", "san": "Nf3", "at": at(5) }),
        json!({ "type": "schedule_resumption", "resumes_at": "2026-04-02T10:00:00Z",
                "place": "Hall B", "at": at(10) }),
    ] {
        post(&app, &arbiter, &games[0], event).await;
    }
    for (lang, word) in [("en", "Resumes"), ("zh", "续弈")] {
        let page = app.get(&format!("/t/{t}/rounds/1?lang={lang}"), None).await;
        assert_eq!(page.status, StatusCode::OK, "{page:?}");
        let caption = format!("{word}: 2026-04-02 10:00 UTC · Hall B");
        assert!(page.text.contains(&caption), "{lang}: {}", page.text);
        assert!(!page.text.contains("Nf3"), "the sealed move stays secret");
    }
}

crate::both_databases!(
    a_rescheduled_boards_player_is_forfeited_an_hour_after_the_boards_start_10_15,
    a_boards_start_cannot_change_once_its_game_has_started_10_15,
    invalid_board_starts_and_resumption_times_are_refused_naming_the_field,
    the_resumption_time_and_place_are_shown_with_the_envelope_13_2,
    an_absent_player_at_resumption_loses_an_hour_after_the_announced_time_13_2_10_15,
    the_server_records_the_forfeit_of_a_player_absent_at_resumption_13_2_10_15,
    a_boards_game_gets_its_own_announced_settings_until_it_starts_10_15_10_12,
    a_free_game_is_judged_by_the_settings_announced_for_it_10_15,
    the_round_page_shows_when_and_where_an_adjourned_game_resumes_13_2,
);
