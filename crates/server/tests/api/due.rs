//! Issue 17 item 7: in live mode a result that falls due without any event
//! — a lateness forfeit (Art. 10.15, 10.17), a flag fall (Art. 12.2, 10.14)
//! — is recorded by the server itself, as the `system` actor's `flag`
//! observation timed at the instant it fell due, exactly once even when two
//! server processes sweep one database.

use axum::http::{Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use server::due::{Sweeper, record_due_results};

use crate::harness::{ADMIN, TestApp};

fn game_ids(round: &Value) -> Vec<String> {
    round["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|b| b["game_id"].as_str().expect("a game per board").to_owned())
        .collect()
}

async fn last_event(app: &TestApp, game: &str) -> Value {
    let r = app
        .get(&format!("/api/v1/games/{game}/events"), Some(ADMIN))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body["events"]
        .as_array()
        .and_then(|events| events.last())
        .cloned()
        .unwrap_or(Value::Null)
}

fn articles(event: &Value) -> Vec<String> {
    event["rulings"]
        .as_array()
        .map(|rulings| {
            rulings
                .iter()
                .map(|r| r["article"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// Round 1 started an hour and more ago: on board 1 White arrived and
/// started the clock and Black never came; on board 2 nobody came. Nobody
/// posts anything, yet the board results are there and round 2 pairs.
async fn lateness_forfeits_that_fell_due_are_recorded_by_the_server_once_and_the_next_round_pairs(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3, "time_control": "-" }),
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
    let games = game_ids(&r.body);
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    for (seq, event) in [
        json!({ "type": "arrive", "player": "white", "at": "2026-04-01T14:00:00Z" }),
        json!({ "type": "start", "at": "2026-04-01T14:00:00Z" }),
    ]
    .into_iter()
    .enumerate()
    {
        let r = app.event(&games[0], &arbiter, seq as i64, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::CONFLICT,
        "round 1 has no results yet: {r:?}"
    );

    assert_eq!(record_due_results(&app.state, Utc::now()).await, 2);

    let r = app.get(&format!("/api/v1/games/{}", games[0]), None).await;
    assert_eq!(r.body["status"], "finished", "{r:?}");
    assert_eq!(r.body["result"], "+-");
    assert_eq!(r.body["due"], Value::Null);
    let event = last_event(&app, &games[0]).await;
    assert_eq!(event["type"], "flag");
    assert_eq!(event["actor"], "system");
    assert_eq!(event["seq"], 3);
    assert_eq!(
        event["at"], "2026-04-01T15:00:00.001Z",
        "timed when it fell due, not when it was noticed"
    );
    assert!(articles(&event).contains(&"10.15".to_owned()), "{event}");

    let r = app.get(&format!("/api/v1/games/{}", games[1]), None).await;
    assert_eq!(r.body["result"], "--", "both absent lose (10.17): {r:?}");
    assert!(
        articles(&last_event(&app, &games[1]).await).contains(&"10.17".to_owned()),
        "the double forfeit cites 10.17"
    );

    assert_eq!(
        record_due_results(&app.state, Utc::now()).await,
        0,
        "recorded once"
    );
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "+-", "{r:?}");
    assert_eq!(r.body["boards"][1]["result"], "--", "{r:?}");
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
}

/// A flag falls (Art. 12.2) in a game whose clock runs: with a one-minute
/// game started long ago and no move, White's flag fell a minute after the
/// start; the server records Black's win at that instant (Art. 10.14).
async fn a_flag_fall_is_recorded_at_the_instant_the_flag_fell(app: TestApp) {
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "A", "black": "B", "time_control": "60" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let game = r.body["id"].as_str().expect("id").to_owned();
    let r = app
        .event(
            &game,
            ADMIN,
            0,
            json!({ "type": "start", "at": "2026-04-01T14:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(record_due_results(&app.state, Utc::now()).await, 1);
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["result"], "0-1", "{r:?}");
    let event = last_event(&app, &game).await;
    assert_eq!(event["at"], "2026-04-01T14:01:00.000Z");
    assert!(articles(&event).contains(&"10.14".to_owned()), "{event}");
}

/// Nothing is recorded in scoresheet mode (the arbiter states results from
/// the scoresheets), nor in a live game whose clock has time left.
async fn nothing_is_recorded_in_scoresheet_mode_or_before_it_falls_due(app: TestApp) {
    for (body, start) in [
        (
            json!({ "white": "A", "black": "B", "time_control": "60", "mode": "scoresheet" }),
            json!({ "type": "start", "at": "2026-04-01T14:00:00Z" }),
        ),
        (
            json!({ "white": "C", "black": "D", "time_control": "5400+30" }),
            json!({ "type": "start" }),
        ),
    ] {
        let r = app.post("/api/v1/games", Some(ADMIN), body).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        let game = r.body["id"].as_str().expect("id").to_owned();
        let r = app.event(&game, ADMIN, 0, start).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    assert_eq!(record_due_results(&app.state, Utc::now()).await, 0);
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

/// The sweeper looks again only at what changed or falls due, and forgets a
/// board once its result is entered (an imported or typed-in result; the
/// game's state then shows nothing due), yet
/// records the lateness forfeit timed at the instant it fell due (10.15,
/// 10.17). Without this, a server holding thousands of imported games
/// folded every one of them once a second.
async fn a_remembering_sweep_forgets_settled_boards_and_still_records_at_the_instant(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3, "time_control": "-" }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[("A", 2700), ("B", 2650), ("C", 2600), ("D", 2550)],
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
    let games = game_ids(&r.body);
    let mut sweeper = Sweeper::default();
    assert_eq!(
        sweeper.pass(&app.state, at("2026-04-01T14:30:00Z")).await,
        0
    );
    assert_eq!(sweeper.remembered(), 2, "both boards are open");
    assert_eq!(
        sweeper.pass(&app.state, at("2026-04-01T14:30:01Z")).await,
        0
    );

    // The game's state shows what has fallen due by now (the round
    // started months ago) until the board's result is entered: then
    // nothing is recorded for it, and nothing is shown as due.
    let r = app.get(&format!("/api/v1/games/{}", games[1]), None).await;
    assert!(r.body["due"]["result"].is_string(), "{r:?}");
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/2/result");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "1/2-1/2" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app.get(&format!("/api/v1/games/{}", games[1]), None).await;
    assert_eq!(r.body["due"], Value::Null, "{r:?}");
    assert_eq!(
        sweeper.pass(&app.state, at("2026-04-01T14:30:02Z")).await,
        0
    );
    assert_eq!(sweeper.remembered(), 1, "board 2's result is entered");

    assert_eq!(
        sweeper.pass(&app.state, at("2026-04-01T15:00:05Z")).await,
        1
    );
    assert_eq!(sweeper.remembered(), 0, "board 1 is finished");
    let event = last_event(&app, &games[0]).await;
    assert_eq!(event["actor"], "system");
    assert_eq!(event["at"], "2026-04-01T15:00:00.001Z", "{event}");
    assert!(articles(&event).contains(&"10.17".to_owned()), "{event}");
    assert_eq!(
        last_event(&app, &games[1]).await,
        Value::Null,
        "nothing recorded on board 2"
    );
}

crate::both_databases!(
    lateness_forfeits_that_fell_due_are_recorded_by_the_server_once_and_the_next_round_pairs,
    a_flag_fall_is_recorded_at_the_instant_the_flag_fell,
    nothing_is_recorded_in_scoresheet_mode_or_before_it_falls_due,
    a_remembering_sweep_forgets_settled_boards_and_still_records_at_the_instant,
);
