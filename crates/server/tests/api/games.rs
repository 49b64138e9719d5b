//! Games as append-only logs: sequence numbers, 409 on stale writes, views,
//! the live stream, and racing writers.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::harness::{ADMIN, TestApp};

async fn each_event_extends_the_log_by_one_sequence_number(app: TestApp) {
    let game = app.free_game().await;
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["seq"], 0);
    assert_eq!(r.body["status"], "scheduled");
    let r = app
        .event(
            &game,
            ADMIN,
            0,
            json!({ "type": "start", "at": "2026-04-01T14:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["events"][0]["seq"], 1);
    assert_eq!(r.body["events"][0]["type"], "start");
    assert_eq!(r.body["events"][0]["at"], "2026-04-01T14:00:00.000Z");
    assert_eq!(r.body["state"]["seq"], 1);
    assert!(r.body["rulings"].is_array());
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "move", "san": "e4", "at": "2026-04-01T14:00:05Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app.get(&format!("/api/v1/games/{game}/events"), None).await;
    let events = r.body["events"].as_array().unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(events[1]["seq"], 2);
    assert!(
        events[1].get("actor").is_none(),
        "the public view hides who recorded"
    );
    let r = app
        .get(&format!("/api/v1/games/{game}/events"), Some(ADMIN))
        .await;
    assert_eq!(r.body["events"][1]["actor"], "admin");
    assert_eq!(r.body["view"], "arbiter");
    let r = app
        .get(&format!("/api/v1/games/{game}/events?after=1"), None)
        .await;
    assert_eq!(r.body["events"].as_array().unwrap().len(), 1);
}

async fn a_stale_expected_seq_is_409_and_changes_nothing(app: TestApp) {
    let game = app.free_game().await;
    assert_eq!(
        app.event(&game, ADMIN, 0, json!({ "type": "start" }))
            .await
            .status,
        StatusCode::CREATED
    );
    let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.body["error"], "stale_seq");
    let r = app.event(&game, ADMIN, 7, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    let r = app.get(&format!("/api/v1/games/{game}/events"), None).await;
    assert_eq!(r.body["events"].as_array().unwrap().len(), 1);
}

async fn event_times_never_go_backwards(app: TestApp) {
    let game = app.free_game().await;
    app.event(
        &game,
        ADMIN,
        0,
        json!({ "type": "start", "at": "2026-04-01T14:00:00Z" }),
    )
    .await;
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "move", "san": "e4", "at": "2026-04-01T13:59:59Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body["error"], "time_went_backwards");
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["seq"], 1, "the refused event is stored nowhere");
    // The head did not move: seq 1 is still the one to extend.
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "move", "san": "e4", "at": "2026-04-01T14:00:01Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
}

/// An event timed a little ahead of the server's clock (up to five seconds
/// are accepted) does not make the next event, left to the server's clock,
/// "earlier than the previous one": it takes the previous event's time. A
/// time the arbiter gives is still refused when it goes back.
async fn an_event_left_to_the_server_clock_is_never_earlier_than_the_previous_one(app: TestApp) {
    let game = app.free_game().await;
    let ahead = chrono::Utc::now() + chrono::Duration::seconds(3);
    let ahead_text = ahead.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let r = app
        .event(
            &game,
            ADMIN,
            0,
            json!({ "type": "start", "at": ahead_text }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    // The move after it (the transactional path: the game was not cached
    // before its first event) and the one after that (the cached path).
    for (seq, san) in [(1, "e4"), (2, "e5")] {
        let r = app
            .event(&game, ADMIN, seq, json!({ "type": "move", "san": san }))
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{san}: {r:?}");
        let at = r.body["events"][0]["at"].as_str().expect("at");
        let at = chrono::DateTime::parse_from_rfc3339(at).expect("RFC 3339");
        assert!(
            at.timestamp_millis() >= ahead.timestamp_millis(),
            "{san} at {at}, the start at {ahead_text}"
        );
    }
    let r = app
        .event(
            &game,
            ADMIN,
            3,
            json!({ "type": "move", "san": "Nf3",
                    "at": (ahead - chrono::Duration::seconds(2)).to_rfc3339() }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "time_went_backwards", "{r:?}");
    assert_eq!(r.body["where"], "at", "{r:?}");
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["seq"], 3, "{}", r.body);
}

async fn racing_writers_on_one_seq_exactly_one_wins(app: TestApp) {
    let game = app.free_game().await;
    assert_eq!(
        app.event(&game, ADMIN, 0, json!({ "type": "start" }))
            .await
            .status,
        StatusCode::CREATED
    );
    for (seq, san) in (1..).zip(["e4", "e5", "Nf3", "Nc6", "Bb5"]) {
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let app = app.clone();
            let game = game.clone();
            tasks.push(tokio::spawn(async move {
                app.event(&game, ADMIN, seq, json!({ "type": "move", "san": san }))
                    .await
                    .status
            }));
        }
        let mut created = 0;
        for t in tasks {
            match t.await.unwrap() {
                StatusCode::CREATED => created += 1,
                StatusCode::CONFLICT => {}
                other => panic!("{san}: unexpected {other}"),
            }
        }
        assert_eq!(created, 1, "exactly one writer extends seq {seq}");
    }
    assert_eq!(logged_seqs(&app, &game).await, vec![1, 2, 3, 4, 5, 6]);
}

/// The sequence numbers of a game's public log, in order.
async fn logged_seqs(app: &TestApp, game: &str) -> Vec<i64> {
    let r = app.get(&format!("/api/v1/games/{game}/events"), None).await;
    r.body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect()
}

/// Moves of many games recorded at once are committed together (group
/// commit): every one is acknowledged once, in its own game, in order.
async fn many_games_recorded_at_once_each_keep_their_whole_log(app: TestApp) {
    const SANS: [&str; 8] = ["Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "d4", "exd4"];
    let mut games = Vec::new();
    for _ in 0..12 {
        let game = app.free_game().await;
        let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        games.push(game);
    }
    let mut tasks = Vec::new();
    for game in &games {
        let app = app.clone();
        let game = game.clone();
        tasks.push(tokio::spawn(async move {
            for (seq, san) in (1..).zip(SANS) {
                let r = app
                    .event(&game, ADMIN, seq, json!({ "type": "move", "san": san }))
                    .await;
                assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
                assert_eq!(r.body["state"]["seq"], seq + 1, "{r:?}");
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    for game in &games {
        let r = app.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(r.body["moves"], json!(SANS), "{r:?}");
        assert_eq!(r.body["seq"], 9);
        assert_eq!(logged_seqs(&app, game).await, (1..=9).collect::<Vec<i64>>());
    }
}

async fn a_sealed_move_is_hidden_from_the_public_until_resumption(app: TestApp) {
    let game = app.free_game().await;
    app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    let r = app
        .event(&game, ADMIN, 1, json!({ "type": "seal", "san": "e4" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let public = app.get(&format!("/api/v1/games/{game}/events"), None).await;
    let sealed = &public.body["events"][1];
    assert_eq!(sealed["type"], "seal");
    assert_eq!(sealed["sealed"], true);
    assert!(
        sealed.get("san").is_none(),
        "Art. 13: the sealed move stays in the envelope"
    );
    // Not anywhere in the public answer either (as a value: the random ids
    // in the answer may contain the letters "e4").
    assert!(!public.text.contains("\"e4\"") && !public.text.contains("e2e4"));
    let state = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert!(!state.text.contains("\"e4\"") && !state.text.contains("e2e4"));
    let arbiter = app
        .get(&format!("/api/v1/games/{game}/events"), Some(ADMIN))
        .await;
    assert_eq!(arbiter.body["events"][1]["san"], "e4");
    app.event(&game, ADMIN, 2, json!({ "type": "resume" }))
        .await;
    let public = app.get(&format!("/api/v1/games/{game}/events"), None).await;
    assert_eq!(
        public.body["events"][1]["san"], "e4",
        "opened at resumption (Art. 14)"
    );
}

async fn next_sse_data(body: &mut Body, buffer: &mut String) -> Value {
    loop {
        if let Some(end) = buffer.find("\n\n") {
            let message: String = buffer.drain(..end + 2).collect();
            if let Some(data) = message.lines().find_map(|l| l.strip_prefix("data: ")) {
                return serde_json::from_str(data).unwrap();
            }
            continue;
        }
        let frame = tokio::time::timeout(Duration::from_secs(10), body.frame())
            .await
            .expect("an SSE message within 10 s")
            .expect("stream open")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
    }
}

async fn the_stream_replays_the_log_then_delivers_new_events(app: TestApp) {
    let game = app.free_game().await;
    app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    let response = app
        .router
        .clone()
        .oneshot(
            Request::get(format!("/api/v1/games/{game}/stream"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let mut body = response.into_body();
    let mut buffer = String::new();
    assert_eq!(next_sse_data(&mut body, &mut buffer).await["seq"], 1);
    app.event(&game, ADMIN, 1, json!({ "type": "move", "san": "d4" }))
        .await;
    let live = next_sse_data(&mut body, &mut buffer).await;
    assert_eq!(live["seq"], 2);
    assert_eq!(live["san"], "d4");
}

async fn a_game_is_exported_as_pgn(app: TestApp) {
    let game = app.free_game().await;
    let r = app.get(&format!("/api/v1/games/{game}/pgn"), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type.starts_with("application/x-chess-pgn"));
    assert!(
        r.text.contains("[White \"Anand, Viswanathan\"]"),
        "{}",
        r.text
    );
    assert!(r.text.contains("[TimeControl \"5400+30\"]"));
}

async fn an_arbiter_cannot_create_free_games(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "round-robin" }),
        )
        .await;
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let r = app
        .post(
            "/api/v1/games",
            Some(&arbiter),
            json!({ "white": "A", "black": "B" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = app
        .request(
            Method::POST,
            "/api/v1/games",
            Some(ADMIN),
            Some(Body::from("{}")),
            Some("application/json"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

async fn an_illegal_move_is_refused_with_its_article_and_stored_nowhere(app: TestApp) {
    let game = app.free_game().await;
    app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    let r = app
        .event(&game, ADMIN, 1, json!({ "type": "move", "san": "Ke2" }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert!(
        r.body["article"].is_string(),
        "a refusal cites its article: {r:?}"
    );
    assert!(r.body["message"].is_string());
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["seq"], 1);
    assert_eq!(r.body["moves"], json!([]));
}

async fn the_state_shows_position_moves_clocks_and_result(app: TestApp) {
    let game = app.free_game().await;
    let mut seq = 0;
    for event in [
        json!({ "type": "start", "at": "2026-04-01T14:00:00Z" }),
        json!({ "type": "move", "san": "e4", "at": "2026-04-01T14:00:10Z" }),
        json!({ "type": "move", "uci": "e7e5", "at": "2026-04-01T14:00:30Z" }),
    ] {
        let r = app.event(&game, ADMIN, seq, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        seq += 1;
    }
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["moves"], json!(["e4", "e5"]));
    assert_eq!(r.body["to_move"], "white");
    assert_eq!(r.body["status"], "in_progress");
    assert_eq!(
        r.body["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );
    assert!(r.body["clocks"]["white_ms"].is_i64(), "{r:?}");
    let r = app
        .event(
            &game,
            ADMIN,
            seq,
            json!({ "type": "resign", "player": "black", "at": "2026-04-01T14:01:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["status"], "finished");
    assert_eq!(r.body["state"]["result"], "1-0");
    let pgn = app.get(&format!("/api/v1/games/{game}/pgn"), None).await;
    // White moved 10 s in, Black 20 s later; 30 s increment (Art. 6.5).
    assert!(
        pgn.text
            .contains("1. e4 {[%clk 1:30:20]} 1... e5 {[%clk 1:30:10]} 1-0"),
        "{}",
        pgn.text
    );
    assert!(
        pgn.text.contains("[Termination \"normal\"]"),
        "{}",
        pgn.text
    );
}

/// Every key of an event is a field of its type: a misspelt or invented
/// field is refused by name, not silently dropped.
async fn an_unknown_event_field_is_refused_by_name(app: TestApp) {
    let game = app.free_game().await;
    let r = app
        .event(&game, ADMIN, 0, json!({ "type": "start", "x": 1 }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "x", "{r:?}");
    assert!(r.body["message"].as_str().unwrap().contains("'x'"), "{r:?}");
    let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "move", "san": "e4", "clok_ms": 5000 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "clok_ms", "{r:?}");
    // Unknown keys inside a nested object are refused too.
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "penalise", "player": "white", "reason": "noise",
                    "penalty": { "kind": "deduct_time", "ms": 1000, "x": 2 } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert!(r.body["message"].as_str().unwrap().contains('x'), "{r:?}");
    // A known field at its default value is still a known field.
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "move", "san": "e4", "offer_draw": false }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
}

/// Clock values, time penalties (Art. 12.9) and clock adjustments lie
/// between 0 and 24 hours; anything else is refused with the field named,
/// as is a penalty's foul that is not one of the club plan's two.
async fn event_times_outside_zero_to_twenty_four_hours_are_refused(app: TestApp) {
    let game = app.free_game().await;
    let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let cases = [
        (
            json!({ "type": "move", "san": "e4", "clock_ms": -1 }),
            "clock_ms",
        ),
        (
            json!({ "type": "move", "san": "e4", "clock_ms": 86_400_001 }),
            "clock_ms",
        ),
        (
            json!({ "type": "penalise", "player": "white", "reason": "phone",
                    "penalty": { "kind": "deduct_time", "ms": 9_223_372_036_854_775_807_u64 } }),
            "penalty.ms",
        ),
        (
            json!({ "type": "penalise", "player": "white", "reason": "phone",
                    "penalty": { "kind": "foul", "foul": "bogus" } }),
            "penalty.foul",
        ),
        (
            json!({ "type": "adjust_clock", "player": "white", "reason": "arbiter_decision",
                    "remaining_ms": 9_223_372_036_854_775_807_i64 }),
            "remaining_ms",
        ),
        (
            json!({ "type": "adjust_clock", "player": "black", "reason": "arbiter_decision",
                    "remaining_ms": -5 }),
            "remaining_ms",
        ),
    ];
    for (event, field) in cases {
        let r = app.event(&game, ADMIN, 1, event.clone()).await;
        assert!(r.status.is_client_error(), "{event}: {r:?}");
        assert_eq!(r.body["where"], field, "{event}: {r:?}");
    }
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "move", "san": "e4", "clock_ms": 5_000_000 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
}

/// A field of an event that is wrong is named where it is, nested ones by
/// their path (`penalty.foul`), even when another field holds the same
/// text; an arbiter's note longer than 500 characters or holding control
/// characters is refused, and nothing is stored.
async fn a_bad_field_of_an_event_is_named_where_it_is(app: TestApp) {
    let game = app.free_game().await;
    let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let cases = [
        (
            json!({ "type": "penalise", "player": "white", "reason": "x",
                    "penalty": { "kind": "foul", "foul": "x" } }),
            "penalty.foul",
        ),
        (
            json!({ "type": "penalise", "player": "white", "reason": "phone",
                    "penalty": { "kind": "deduct_time" } }),
            "penalty.ms",
        ),
        (
            json!({ "type": "penalise", "player": "white", "reason": "phone",
                    "penalty": { "kind": "warn", "extra": 1 } }),
            "penalty.extra",
        ),
        (
            json!({ "type": "penalise", "player": "white", "reason": "x".repeat(501),
                    "penalty": { "kind": "warn" } }),
            "reason",
        ),
        (
            json!({ "type": "stop_clocks", "reason": "a\u{7}b" }),
            "reason",
        ),
        (
            json!({ "type": "penalise", "player": "white", "reason": "phone",
                    "penalty": { "kind": "deduct_time", "ms": 1000, "extra": 1 } }),
            "penalty.extra",
        ),
        (
            json!({ "type": "penalise", "player": "white", "reason": "slow",
                    "penalty": { "kind": "foul", "foul": "move_time", "ms": 5 } }),
            "penalty.ms",
        ),
        (
            json!({ "type": "declare_illegal", "ply": 1, "kind": "illegal_move",
                    "clocks": { "white_ms": 1000, "black_ms": 2000, "extra": 3 } }),
            "clocks.extra",
        ),
        (
            json!({ "type": "stop_clocks", "reason": "r", "resumes_at": "2030-01-01T10:00:00Z" }),
            "resumes_at",
        ),
        (
            json!({ "type": "declare_result", "result": "1-0", "reason": "y".repeat(600) }),
            "reason",
        ),
    ];
    for (event, field) in cases {
        let r = app.event(&game, ADMIN, 1, event.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{event}: {r:?}");
        assert_eq!(r.body["where"], field, "{event}: {r:?}");
    }
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "stop_clocks", "reason": "a phone rang;\r\nboth clocks stopped" }),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::CREATED,
        "line breaks are no fault: {r:?}"
    );
    // A note is kept as it shows: trimmed, and empty when it is only
    // spaces and joiners.
    for (seq, event, kept) in [
        (
            2,
            json!({ "type": "start_clocks", "reason": " \u{200d} " }),
            "",
        ),
        (
            3,
            json!({ "type": "stop_clocks", "reason": "  phone  " }),
            "phone",
        ),
    ] {
        let r = app.event(&game, ADMIN, seq, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        let path = format!("/api/v1/games/{game}/events?after={seq}");
        let r = app.get(&path, Some(ADMIN)).await;
        assert_eq!(r.body["events"][0]["reason"], kept, "{r:?}");
    }
}

/// A game with the PGN tag "-" is untimed (Art. 12 does not apply): a move
/// three hours after the start is still in time, where the profile's default
/// time control would have let the flag fall (Art. 10.14).
async fn an_untimed_game_never_loses_on_time(app: TestApp) {
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "A", "black": "B", "time_control": "-" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let game = r.body["id"].as_str().unwrap().to_owned();
    let r = app
        .event(
            &game,
            ADMIN,
            0,
            json!({ "type": "start", "at": "2026-04-01T09:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "move", "san": "e4", "at": "2026-04-01T12:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["status"], "in_progress", "{r:?}");
    assert_eq!(r.body["state"]["moves"], json!(["e4"]));
}

/// The recording screen draws legal destinations from the state: the
/// legal moves of the player to move, by the rules crates (UCI in chess,
/// ICCS in Xiangqi), and none before the start or after the end.
async fn the_state_lists_the_legal_moves_of_the_player_to_move(app: TestApp) {
    let game = app.free_game().await;
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["legal_moves"], json!([]), "not started: {r:?}");
    let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    let moves = r.body["state"]["legal_moves"].as_array().unwrap().clone();
    assert_eq!(moves.len(), 20, "{moves:?}");
    assert!(moves.contains(&json!("e2e4")) && moves.contains(&json!("g1f3")));
    let r = app
        .event(&game, ADMIN, 1, json!({ "type": "move", "san": "f3" }))
        .await;
    assert!(
        r.body["state"]["legal_moves"]
            .as_array()
            .unwrap()
            .contains(&json!("e7e5"))
    );
    let r = app
        .event(&game, ADMIN, 2, json!({ "type": "move", "san": "e5" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .event(&game, ADMIN, 3, json!({ "type": "move", "san": "g4" }))
        .await;
    assert_eq!(r.body["state"]["legal_moves"].as_array().unwrap().len(), 30);
    let r = app
        .event(&game, ADMIN, 4, json!({ "type": "move", "uci": "d8h4" }))
        .await;
    assert_eq!(r.body["state"]["status"], "finished", "{r:?}");
    assert_eq!(r.body["state"]["legal_moves"], json!([]), "mate: none");

    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "Red", "black": "Black", "game": "xiangqi", "time_control": "-" }),
        )
        .await;
    let xq = r.body["id"].as_str().unwrap().to_owned();
    let r = app.event(&xq, ADMIN, 0, json!({ "type": "start" })).await;
    let moves = r.body["state"]["legal_moves"].as_array().unwrap().clone();
    assert_eq!(moves.len(), 44, "Red's first moves: {moves:?}");
    assert!(moves.contains(&json!("h2e2")), "{moves:?}");
}

crate::both_databases!(
    many_games_recorded_at_once_each_keep_their_whole_log,
    an_untimed_game_never_loses_on_time,
    an_unknown_event_field_is_refused_by_name,
    event_times_outside_zero_to_twenty_four_hours_are_refused,
    an_illegal_move_is_refused_with_its_article_and_stored_nowhere,
    the_state_shows_position_moves_clocks_and_result,
    each_event_extends_the_log_by_one_sequence_number,
    a_stale_expected_seq_is_409_and_changes_nothing,
    event_times_never_go_backwards,
    an_event_left_to_the_server_clock_is_never_earlier_than_the_previous_one,
    a_bad_field_of_an_event_is_named_where_it_is,
    racing_writers_on_one_seq_exactly_one_wins,
    a_sealed_move_is_hidden_from_the_public_until_resumption,
    the_stream_replays_the_log_then_delivers_new_events,
    a_game_is_exported_as_pgn,
    an_arbiter_cannot_create_free_games,
    the_state_lists_the_legal_moves_of_the_player_to_move,
);
