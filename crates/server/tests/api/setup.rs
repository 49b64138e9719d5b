//! What a game is set up with before its first event — a starting position,
//! live or scoresheet recording, a scheduled start (hence lateness) — and
//! un-pairing a round whose games have not begun.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, TestApp};

const START: &str = "2026-04-01T14:00:00Z";

fn at(minutes: u32, seconds: u32) -> String {
    format!(
        "2026-04-01T{:02}:{:02}:{:02}Z",
        14 + minutes / 60,
        minutes % 60,
        seconds
    )
}

async fn game_with(app: &TestApp, extra: Value) -> crate::harness::Response {
    let mut body = json!({ "white": "Anand, Viswanathan", "black": "Carlsen, Magnus" });
    if let (Value::Object(map), Value::Object(more)) = (&mut body, extra) {
        map.extend(more);
    }
    app.post("/api/v1/games", Some(ADMIN), body).await
}

/// Posts events in order from seq 0; each must be accepted.
async fn play(app: &TestApp, game: &str, token: &str, events: &[Value]) -> Value {
    let mut last = Value::Null;
    for (seq, event) in (0_i64..).zip(events) {
        let r = app.event(game, token, seq, event.clone()).await;
        assert_eq!(r.status, StatusCode::CREATED, "event {seq} {event}: {r:?}");
        last = r.body;
    }
    last
}

fn codes(rulings: &Value) -> Vec<String> {
    rulings
        .as_array()
        .map(|list| {
            list.iter()
                .map(|r| r["code"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// Art. 8.5 presupposes a correct initial position; a game may start from
/// any legal one (composed studies, thematic openings, adjourned positions).
async fn a_game_may_start_from_a_set_up_position_given_in_fen(app: TestApp) {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40";
    let r = game_with(&app, json!({ "fen": fen, "time_control": "5400+30" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["fen"], fen);
    assert_eq!(r.body["start_fen"], fen);
    assert_eq!(r.body["to_move"], "black");
    assert_eq!(r.body["mode"], "live");
    let game = r.body["id"].as_str().unwrap().to_owned();
    play(
        &app,
        &game,
        ADMIN,
        &[
            json!({ "type": "start", "at": at(0, 0) }),
            json!({ "type": "move", "san": "Kd7", "at": at(0, 10) }),
            json!({ "type": "move", "san": "e4", "at": at(0, 20) }),
        ],
    )
    .await;
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["moves"], json!(["Kd7", "e4"]));
    assert_eq!(r.body["start_fen"], fen);
    let pgn = app
        .get(&format!("/api/v1/games/{game}/pgn"), None)
        .await
        .text;
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(
        pgn.contains("40... Kd7 {[%clk 1:30:20]} 41. e4 {[%clk 1:30:20]} *"),
        "{pgn}"
    );
}

/// A position that cannot arise in a game is refused before anything is
/// stored; the answer names the field and every problem found.
async fn an_impossible_starting_position_is_refused_naming_fen_and_every_problem(app: TestApp) {
    let r = game_with(&app, json!({ "fen": "4k3/8/8/8/8/8/8/8 w - - 0 1" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "invalid_fen");
    assert_eq!(r.body["where"], "fen");
    let message = r.body["message"].as_str().unwrap().to_lowercase();
    assert!(message.contains("king"), "{message}");
    let r = game_with(&app, json!({ "fen": "P3k3/8/8/8/8/8/8/K7 w - - 0 1" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert!(
        r.body["message"].as_str().unwrap().contains("rank"),
        "a pawn on the back rank is named: {r:?}"
    );
    let r = game_with(&app, json!({ "fen": "not a position" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["where"], "fen");
    let r = game_with(&app, json!({ "fen": 42 })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "fen");
    let r = game_with(&app, json!({ "mode": "telepathic" })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "mode");
    let r = game_with(&app, json!({ "starts_at": "tomorrow" })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "starts_at");
    let audit: i64 = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM games")
        .fetch_one(app.state.db().pool())
        .await
        .unwrap_or(-1);
    assert_eq!(audit, 0, "nothing was stored");
}

/// Issue 4 item 1 and Art. 12.2: in scoresheet mode the arbiter enters the
/// moves afterwards with the times the clock showed; the server's clock
/// infers no flag — the arbiter states it — while a live game loses on time.
async fn a_scoresheet_game_takes_its_clock_times_from_the_arbiter_and_infers_no_flag(app: TestApp) {
    let r = game_with(&app, json!({ "mode": "scoresheet", "time_control": "60" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["mode"], "scoresheet");
    let game = r.body["id"].as_str().unwrap().to_owned();
    let last = play(
        &app,
        &game,
        ADMIN,
        &[
            json!({ "type": "start", "at": at(0, 0) }),
            json!({ "type": "move", "san": "e4", "clock_ms": 55_000, "at": at(10, 0) }),
        ],
    )
    .await;
    assert_eq!(last["state"]["status"], "in_progress");
    assert_eq!(last["state"]["clocks"]["white_ms"], 55_000);
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["mode"], "scoresheet");
    assert_eq!(r.body["status"], "in_progress");
    assert_eq!(r.body["due"], Value::Null, "no flag is inferred");
    let r = app
        .event(&game, ADMIN, 2, json!({ "type": "flag", "at": at(11, 0) }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "flag_needs_player");
    let r = app
        .event(
            &game,
            ADMIN,
            2,
            json!({ "type": "flag", "player": "black", "at": at(11, 0) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["result"], "1-0");
    assert!(codes(&r.body["rulings"]).contains(&"lost_on_time".to_owned()));

    // The same moves in live mode: White's minute ran out (Art. 10.14).
    let r = game_with(&app, json!({ "time_control": "60" })).await;
    let live = r.body["id"].as_str().unwrap().to_owned();
    let last = play(
        &app,
        &live,
        ADMIN,
        &[
            json!({ "type": "start", "at": at(0, 0) }),
            json!({ "type": "move", "san": "e4", "at": at(10, 0) }),
        ],
    )
    .await;
    assert_eq!(last["state"]["status"], "finished");
    assert_eq!(last["state"]["result"], "0-1");
    assert_eq!(last["state"]["mode"], "live");
}

async fn open_with_players(app: &TestApp, extra: Value) -> (String, String) {
    let organiser = app.organiser().await;
    let mut body = json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 });
    if let (Value::Object(map), Value::Object(more)) = (&mut body, extra) {
        map.extend(more);
    }
    let t = app.tournament(&organiser, body).await;
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
    (organiser, t)
}

/// A tournament recorded from scoresheets gives every board that mode; an
/// arbiter may switch one board before its game has events, not after.
async fn a_tournament_records_on_scoresheets_by_default_and_a_board_may_be_switched(app: TestApp) {
    let (organiser, t) = open_with_players(&app, json!({ "recording": "scoresheet" })).await;
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["recording"], "scoresheet");
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["boards"][0]["mode"], "scoresheet");
    let game1 = r.body["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let game2 = r.body["boards"][1]["game_id"].as_str().unwrap().to_owned();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let board = format!("/api/v1/tournaments/{t}/rounds/1/boards/2");
    let r = app
        .send(
            Method::PATCH,
            &board,
            Some(&arbiter),
            json!({ "mode": "live" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["mode"], "live");
    let r = app.get(&format!("/api/v1/games/{game2}"), None).await;
    assert_eq!(r.body["mode"], "live");
    let r = app.get(&format!("/api/v1/games/{game1}"), None).await;
    assert_eq!(r.body["mode"], "scoresheet");
    play(
        &app,
        &game2,
        &arbiter,
        &[json!({ "type": "start", "at": at(0, 0) })],
    )
    .await;
    let r = app
        .send(
            Method::PATCH,
            &board,
            Some(&arbiter),
            json!({ "mode": "scoresheet" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_started");
    let r = app
        .send(
            Method::PATCH,
            &board,
            Some(&arbiter),
            json!({ "mode": "paper" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "mode");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&arbiter))
        .await;
    assert!(
        r.body["audit"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["entity"] == "board" && a["after"]["mode"] == "live"),
        "{r:?}"
    );
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&organiser),
            json!({ "recording": "on paper" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "recording");
}

async fn pair(app: &TestApp, token: &str, t: &str, body: Value) -> crate::harness::Response {
    app.post(
        &format!("/api/v1/tournaments/{t}/rounds"),
        Some(token),
        body,
    )
    .await
}

fn game_ids(round: &Value) -> Vec<String> {
    round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["game_id"].as_str().unwrap().to_owned())
        .collect()
}

/// Art. 10.15 (fide-classic: 60 minutes) and 10.17: the round's scheduled start
/// is each game's; a player who has not arrived an hour after it loses by
/// forfeit, both absent lose both, and a player arriving within the hour
/// plays. The server shows the forfeit as due once the deadline has passed
/// and records it with the arbiter's next event.
async fn a_player_absent_an_hour_after_the_scheduled_start_loses_by_default(app: TestApp) {
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
            ("Jones, Gawain", 2500),
            ("Pert, Richard", 2450),
        ],
    )
    .await;
    let r = pair(
        &app,
        &organiser,
        &t,
        json!({ "starts_at": "2026-04-01T16:00:00+02:00" }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["starts_at"], "2026-04-01T14:00:00.000Z");
    let games = game_ids(&r.body);
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;

    // Board 1: White arrives and starts; Black never comes.
    let absent = &games[0];
    play(
        &app,
        absent,
        &arbiter,
        &[
            json!({ "type": "arrive", "player": "white", "at": at(0, 0) }),
            json!({ "type": "start", "at": at(0, 0) }),
        ],
    )
    .await;
    let r = app.get(&format!("/api/v1/games/{absent}"), None).await;
    assert_eq!(r.body["scheduled_start"], "2026-04-01T14:00:00.000Z");
    assert_eq!(r.body["lateness"]["deadline"], "2026-04-01T15:00:00.000Z");
    assert_eq!(r.body["lateness"]["black_present"], false);
    assert_eq!(r.body["status"], "in_progress", "nothing recorded yet");
    assert_eq!(r.body["due"]["result"], "+-", "{r:?}");
    assert_eq!(r.body["due"]["rulings"][0]["code"], "lost_by_lateness");
    assert_eq!(r.body["due"]["rulings"][0]["article"], "10.15");
    let r = app
        .event(
            absent,
            &arbiter,
            2,
            json!({ "type": "flag", "at": at(61, 0) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["result"], "+-");
    assert_eq!(r.body["state"]["due"], Value::Null);
    assert!(codes(&r.body["rulings"]).contains(&"lost_by_lateness".to_owned()));

    // Board 2: Black arrives at 14:59:59, within the hour, and plays.
    let present = &games[1];
    let last = play(
        &app,
        present,
        &arbiter,
        &[
            json!({ "type": "arrive", "player": "white", "at": at(0, 0) }),
            json!({ "type": "start", "at": at(0, 0) }),
            json!({ "type": "move", "san": "e4", "at": at(0, 30) }),
            json!({ "type": "arrive", "player": "black", "at": at(59, 59) }),
            json!({ "type": "move", "san": "e5", "at": at(61, 0) }),
        ],
    )
    .await;
    assert_eq!(last["state"]["status"], "in_progress");
    assert_eq!(last["state"]["moves"], json!(["e4", "e5"]));
    let r = app.get(&format!("/api/v1/games/{present}"), None).await;
    assert_eq!(r.body["due"], Value::Null, "{r:?}");

    // Board 3: nobody comes; the arbiter's observation ends it (Art. 10.17).
    let r = app
        .event(
            &games[2],
            &arbiter,
            0,
            json!({ "type": "flag", "at": at(60, 1) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["result"], "--");
    assert_eq!(r.body["rulings"][0]["article"], "10.17");

    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "+-");
    assert_eq!(r.body["boards"][1]["result"], Value::Null);
    assert_eq!(r.body["boards"][2]["result"], "--");
}

/// FIDE 2023 Art. 6.7 (profile fide-2023, lateness limit 0): a player not
/// at the board at the scheduled start loses; one there in time plays.
async fn under_the_2023_laws_a_player_arriving_after_the_start_loses(app: TestApp) {
    let r = game_with(
        &app,
        json!({ "regulations": "fide-2023", "time_control": "-", "starts_at": START }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["lateness"]["limit_ms"], 0);
    let game = r.body["id"].as_str().unwrap().to_owned();
    play(
        &app,
        &game,
        ADMIN,
        &[json!({ "type": "arrive", "player": "white", "at": at(0, 0) })],
    )
    .await;
    let r = app
        .event(
            &game,
            ADMIN,
            1,
            json!({ "type": "arrive", "player": "black", "at": at(0, 30) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["result"], "+-");
    assert!(codes(&r.body["rulings"]).contains(&"lost_by_lateness".to_owned()));
    let cited: Vec<&str> = r.body["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|ruling| ruling["code"] == "lost_by_lateness")
        .filter_map(|ruling| ruling["article"].as_str())
        .collect();
    assert_eq!(
        cited,
        ["2023 6.7.1"],
        "the 2023 Laws number the default time 6.7.1"
    );

    let r = game_with(
        &app,
        json!({ "regulations": "fide-2023", "time_control": "-", "starts_at": START }),
    )
    .await;
    let game = r.body["id"].as_str().unwrap().to_owned();
    let last = play(
        &app,
        &game,
        ADMIN,
        &[
            json!({ "type": "arrive", "player": "white", "at": "2026-04-01T13:58:00Z" }),
            json!({ "type": "arrive", "player": "black", "at": "2026-04-01T13:59:00Z" }),
            json!({ "type": "start", "at": at(0, 0) }),
            json!({ "type": "move", "san": "d4", "at": at(0, 20) }),
        ],
    )
    .await;
    assert_eq!(last["state"]["status"], "in_progress");
    assert_eq!(last["state"]["due"], Value::Null);
}

/// A round's start may be set or moved until one of its games has events.
async fn a_rounds_scheduled_start_can_be_changed_until_play_begins(app: TestApp) {
    let (organiser, t) = open_with_players(&app, json!({})).await;
    let r = pair(&app, &organiser, &t, json!({})).await;
    assert_eq!(r.body["starts_at"], Value::Null);
    let games = game_ids(&r.body);
    let round = format!("/api/v1/tournaments/{t}/rounds/1");
    let r = app
        .send(
            Method::PATCH,
            &round,
            Some(&organiser),
            json!({ "starts_at": START }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["starts_at"], "2026-04-01T14:00:00.000Z");
    let r = app.get(&format!("/api/v1/games/{}", games[0]), None).await;
    assert_eq!(r.body["scheduled_start"], "2026-04-01T14:00:00.000Z");
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let r = app
        .send(
            Method::PATCH,
            &round,
            Some(&arbiter),
            json!({ "starts_at": null }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    for bad in [
        json!({ "starts_at": "at two" }),
        json!({}),
        json!({ "starts": START }),
    ] {
        let r = app.send(Method::PATCH, &round, Some(&organiser), bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    }
    play(
        &app,
        &games[0],
        &arbiter,
        &[json!({ "type": "arrive", "player": "white", "at": at(0, 0) })],
    )
    .await;
    let r = app
        .send(
            Method::PATCH,
            &round,
            Some(&organiser),
            json!({ "starts_at": null }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "round_started");
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/rounds/2"),
            Some(&organiser),
            json!({ "starts_at": START }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
}

/// Un-pairing (a pairing made with wrong data, C.04.2): the last round goes
/// with its games while nothing has been played; the audit keeps it; the
/// round is then paired again.
async fn the_last_round_can_be_unpaired_before_play_and_paired_again(app: TestApp) {
    let (organiser, t) = open_with_players(&app, json!({})).await;
    let r = pair(&app, &organiser, &t, json!({})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let first = r.body.clone();
    let round = format!("/api/v1/tournaments/{t}/rounds/1");
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let r = app
        .request(Method::DELETE, &round, Some(&arbiter), None, None)
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let r = app.request(Method::DELETE, &round, None, None, None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
    let chief = app.token(&organiser, "chief_arbiter", Some(&t)).await;
    let r = app
        .request(Method::DELETE, &round, Some(&chief), None, None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["unpaired"]["round"], 1);
    assert_eq!(app.get(&round, None).await.status, StatusCode::NOT_FOUND);
    for game in game_ids(&first) {
        let r = app.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    }
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["rounds_paired"], 0);
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&chief))
        .await;
    let unpair = r.body["audit"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"] == "unpair")
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(unpair["entity"], "round", "{r:?}");
    assert_eq!(unpair["before"]["boards"], first["boards"]);
    assert!(unpair["at"].is_string() && unpair["actor"].is_string());
    let r = pair(&app, &organiser, &t, json!({})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["round"], 1);
    let names = |v: &Value| -> Vec<(String, String)> {
        v["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                (
                    b["white"]["name"].to_string(),
                    b["black"]["name"].to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        names(&r.body),
        names(&first),
        "the same data pairs the same way"
    );
}

/// Played rounds stay: a result, a recorded game or a later round refuses
/// un-pairing with 409 and a code saying which.
async fn a_round_with_a_result_a_recorded_game_or_a_successor_cannot_be_unpaired(app: TestApp) {
    let (organiser, t) = open_with_players(&app, json!({})).await;
    let r = pair(&app, &organiser, &t, json!({})).await;
    let games = game_ids(&r.body);
    let round1 = format!("/api/v1/tournaments/{t}/rounds/1");
    play(
        &app,
        &games[0],
        &organiser,
        &[json!({ "type": "start", "at": at(0, 0) })],
    )
    .await;
    let r = app
        .request(Method::DELETE, &round1, Some(&organiser), None, None)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "round_started");
    let r = app
        .send(
            Method::PUT,
            &format!("{round1}/boards/2/result"),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .request(Method::DELETE, &round1, Some(&organiser), None, None)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "round_has_results");
    let r = app
        .event(
            &games[0],
            &organiser,
            1,
            json!({ "type": "resign", "player": "black", "at": at(0, 10) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = pair(&app, &organiser, &t, json!({})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .request(Method::DELETE, &round1, Some(&organiser), None, None)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "not_last_round");
    let r = app
        .request(
            Method::DELETE,
            &format!("/api/v1/tournaments/{t}/rounds/3"),
            Some(&organiser),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    let r = app
        .request(
            Method::DELETE,
            &format!("/api/v1/tournaments/{t}/rounds/2"),
            Some(&organiser),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
}

/// Issue 4 item 9 with item 1: in scoresheet mode no lateness is inferred
/// from event times; the arbiter states it (Art. 10.15) and the board takes
/// the forfeit.
async fn in_scoresheet_mode_the_arbiter_states_a_lateness_forfeit(app: TestApp) {
    let (organiser, t) = open_with_players(&app, json!({ "recording": "scoresheet" })).await;
    let r = pair(&app, &organiser, &t, json!({ "starts_at": START })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let game = game_ids(&r.body)[0].clone();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    play(
        &app,
        &game,
        &arbiter,
        &[json!({ "type": "arrive", "player": "white", "at": at(0, 0) })],
    )
    .await;
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["mode"], "scoresheet");
    assert_eq!(r.body["lateness"]["black_present"], false);
    assert_eq!(r.body["due"], Value::Null, "nothing is inferred: {r:?}");
    let r = app
        .event(
            &game,
            &arbiter,
            1,
            json!({ "type": "start", "at": at(75, 0) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(
        r.body["state"]["status"], "in_progress",
        "no forfeit inferred"
    );
    let r = app
        .event(
            &game,
            &arbiter,
            2,
            json!({
                "type": "declare_result", "result": "+/-", "grounds": "lateness",
                "reason": "Black did not arrive within the hour",
                "at": at(75, 0),
            }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["result"], "+-");
    let termination = &r.body["state"]["termination"]["reason"];
    assert_eq!(termination["article"], "10.15", "{termination}");
    assert_eq!(termination["code"], "lost_by_lateness");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "+-");
}

/// A board's game may start from a set-up position (a thematic event, a
/// reconstructed game) while it has no events: the FEN is checked, shown on
/// the board and in the game, used when moves are recorded, and fixed once
/// play begins; `null` restores the standard position.
async fn a_boards_game_may_get_a_starting_position_until_play_begins(app: TestApp) {
    let (organiser, t) = open_with_players(&app, json!({})).await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let board = format!("/api/v1/tournaments/{t}/rounds/1/boards/1");
    // A King's Gambit thematic: 1. e4 e5 2. f4 played.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq f3 0 2";
    let r = app
        .send(
            Method::PATCH,
            &board,
            Some(&arbiter),
            json!({ "fen": "8/8/8/8/8/8/8/8 w - - 0 1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "invalid_fen");
    let r = app
        .send(Method::PATCH, &board, Some(&arbiter), json!({ "fen": fen }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["fen"], fen);
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["start_fen"], fen);
    let r = app
        .send(
            Method::PATCH,
            &board,
            Some(&arbiter),
            json!({ "fen": null }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert!(r.body.get("fen").is_none(), "the standard position: {r:?}");
    let r = app
        .send(Method::PATCH, &board, Some(&arbiter), json!({ "fen": fen }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    play(
        &app,
        &game,
        &arbiter,
        &[
            json!({ "type": "start", "at": at(0, 0) }),
            json!({ "type": "move", "san": "exf4", "at": at(0, 10) }),
        ],
    )
    .await;
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(r.body["moves"], json!(["exf4"]));
    let r = app
        .send(
            Method::PATCH,
            &board,
            Some(&arbiter),
            json!({ "fen": null }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_started");
    let r = app
        .send(Method::PATCH, &board, Some(&arbiter), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
}

/// Art. 10.15: the organiser announces the lateness limit (15 minutes here,
/// not the profile's hour); games paired after the announcement are judged
/// by it and the ruling cites the article. Club plan (3) and Art. 10.12: the
/// announced settings are checked and shown as the effective values.
async fn an_announced_lateness_limit_decides_the_forfeit(app: TestApp) {
    let (organiser, t) = open_with_players(
        &app,
        json!({ "time_control": "-", "laws": { "lateness_limit_minutes": 15 } }),
    )
    .await;
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["laws"]["lateness_limit_minutes"], 15, "{}", r.body);
    assert_eq!(
        r.body["laws"]["fifty_move_count"], 50,
        "the profile's: {}",
        r.body
    );
    let refused = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&organiser),
            json!({ "laws": { "fifty_move_count": 40 } }),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{refused:?}");
    assert_eq!(refused.body["where"], "laws.fifty_move_count");
    let r = pair(&app, &organiser, &t, json!({ "starts_at": START })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let game = game_ids(&r.body)[0].clone();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    play(
        &app,
        &game,
        &arbiter,
        &[
            json!({ "type": "arrive", "player": "white", "at": at(0, 0) }),
            json!({ "type": "start", "at": at(0, 0) }),
        ],
    )
    .await;
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(
        r.body["lateness"]["deadline"], "2026-04-01T14:15:00.000Z",
        "{}",
        r.body
    );
    let r = app
        .event(
            &game,
            &arbiter,
            2,
            json!({ "type": "flag", "at": at(16, 0) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["result"], "+-", "{}", r.body);
    let termination = &r.body["state"]["termination"]["reason"];
    assert_eq!(termination["code"], "lost_by_lateness");
    assert_eq!(termination["article"], "10.15");
}

crate::both_databases!(
    an_announced_lateness_limit_decides_the_forfeit,
    a_boards_game_may_get_a_starting_position_until_play_begins,
    a_game_may_start_from_a_set_up_position_given_in_fen,
    an_impossible_starting_position_is_refused_naming_fen_and_every_problem,
    a_scoresheet_game_takes_its_clock_times_from_the_arbiter_and_infers_no_flag,
    a_tournament_records_on_scoresheets_by_default_and_a_board_may_be_switched,
    a_player_absent_an_hour_after_the_scheduled_start_loses_by_default,
    under_the_2023_laws_a_player_arriving_after_the_start_loses,
    a_rounds_scheduled_start_can_be_changed_until_play_begins,
    the_last_round_can_be_unpaired_before_play_and_paired_again,
    a_round_with_a_result_a_recorded_game_or_a_successor_cannot_be_unpaired,
    in_scoresheet_mode_the_arbiter_states_a_lateness_forfeit,
);
