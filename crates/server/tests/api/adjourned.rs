//! Adjourned games at the pairing level (issue 34 item 7; VCL4THP.13
//! Q157–Q168): a board marked adjourned counts as a draw for the next
//! round's pairing, which the arbiter acknowledges (level 2), and for the
//! provisional standings; a decisive result entered for it afterwards is a
//! level 3 warning and an `### Adjournment` line.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{Response, TestApp, boards};

async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: &Value,
    confirmation: Option<&str>,
) -> Response {
    app.send_confirming(method, path, token, Some(body), confirmation)
        .await
}

async fn an_adjourned_game_counts_as_a_draw_for_pairing_once_acknowledged_and_its_decisive_result_is_confirmed(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let one = app.pair_round(&organiser, &t).await;
    let pairs = boards(&one);
    let result = |board: i64| format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}/result");
    let r = send(
        &app,
        Method::PUT,
        &result(1),
        &organiser,
        &json!({ "result": "1-0" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = send(
        &app,
        Method::PUT,
        &result(2),
        &organiser,
        &json!({ "result": "adj" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["result"], "adj", "{r:?}");

    // Provisional standings count it as a draw.
    let s = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    assert_eq!(s.body["provisional"], true, "{}", s.body);
    for row in s.body["standings"].as_array().unwrap() {
        let sn = row["start_number"].as_i64().unwrap();
        if sn == pairs[1].0 || sn == pairs[1].1 {
            assert_eq!(row["points"], 0.5, "{row}");
        }
    }

    // Pairing round 2 with it: level 2, acknowledged once.
    let rounds = format!("/api/v1/tournaments/{t}/rounds");
    let r = send(&app, Method::POST, &rounds, &organiser, &json!({}), None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["level"], 2, "{r:?}");
    assert_eq!(r.body["warnings"][0]["code"], "adjourned_games", "{r:?}");
    assert!(
        r.body["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("round 1 board 2"),
        "{r:?}"
    );
    let confirmation = r.body["confirmation"].as_str().unwrap().to_owned();
    let r = send(
        &app,
        Method::POST,
        &rounds,
        &organiser,
        &json!({}),
        Some(&confirmation),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");

    // The adjourned game ends 1-0 after round 2 was paired on a draw.
    let r = send(
        &app,
        Method::PUT,
        &result(2),
        &organiser,
        &json!({ "result": "1-0" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["level"], 3, "{r:?}");
    assert_eq!(
        r.body["warnings"][0]["code"], "adjourned_result_not_draw",
        "{r:?}"
    );
    let confirmation = r.body["confirmation"].as_str().unwrap().to_owned();
    let r = send(
        &app,
        Method::PUT,
        &result(2),
        &organiser,
        &json!({ "result": "1-0" }),
        Some(&confirmation),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["result"], "1-0", "{r:?}");
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert!(
        trf.text
            .contains("\n### Adjournment @ Round 1: board 2: adjourned game ended 1-0\n"),
        "{}",
        trf.text
    );
}

/// A board marked adjourned waits for its game: the game's first event
/// leaves the mark (the board still counts as a draw, as round 2 was
/// paired on), and the game's decisive end writes the board's result with
/// its `### Adjournment` line, as the arbiter's entry would (Q163).
async fn an_adjourned_board_keeps_its_mark_while_its_game_is_played_and_takes_its_end(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let one = app.pair_round(&organiser, &t).await;
    let game = one["boards"][1]["game_id"].as_str().unwrap().to_owned();
    let result = |board: i64| format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}/result");
    for (board, r) in [(1, "1-0"), (2, "adj")] {
        let r = send(
            &app,
            Method::PUT,
            &result(board),
            &organiser,
            &json!({ "result": r }),
            None,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
    }
    let rounds = format!("/api/v1/tournaments/{t}/rounds");
    let r = send(&app, Method::POST, &rounds, &organiser, &json!({}), None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    let confirmation = r.body["confirmation"].as_str().unwrap().to_owned();
    let r = send(
        &app,
        Method::POST,
        &rounds,
        &organiser,
        &json!({}),
        Some(&confirmation),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let board_result = || async {
        app.get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
            .await
            .body["boards"][1]["result"]
            .clone()
    };
    let r = app
        .event(&game, &organiser, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(
        board_result().await,
        "adj",
        "the mark stays while the game is played"
    );
    let r = app
        .event(
            &game,
            &organiser,
            1,
            json!({ "type": "resign", "player": "white" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(board_result().await, "0-1");
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert!(
        trf.text
            .contains("\n### Adjournment @ Round 1: board 2: adjourned game ended 0-1\n"),
        "{}",
        trf.text
    );
}

/// Q169: once every round is paired, the final TRF waits for an adjourned
/// game's result (409 `adjourned_games_open`, naming the board); the file
/// for in-tournament exchange is still given on request, with `?` (Q164).
async fn the_final_trf_waits_for_an_adjourned_games_result(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 1).await;
    app.pair_round(&organiser, &t).await;
    let result = |board: i64| format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}/result");
    for (board, text) in [(1, "1-0"), (2, "adj")] {
        let r = send(
            &app,
            Method::PUT,
            &result(board),
            &organiser,
            &json!({ "result": text }),
            None,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
    }
    let export = format!("/api/v1/tournaments/{t}/export/trf");
    let r = app.get(&export, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "adjourned_games_open", "{r:?}");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .contains("round 1 board 2"),
        "{r:?}"
    );
    let r = app.get(&format!("{export}?in_progress=true"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert!(r.text.contains(" w ?"), "{}", r.text);
    // The event's page links the in-tournament file meanwhile, and says so.
    let page = app.get(&format!("/t/{t}?lang=en"), None).await;
    assert!(
        page.text.contains("/export/trf?in_progress=true")
            && page.text.contains("an adjourned game has no result yet"),
        "{}",
        page.text
    );
    let console = app
        .get(&format!("/console/tournaments/{t}?lang=en"), None)
        .await;
    assert!(
        console.text.contains("/export/trf?in_progress=true")
            && console.text.contains("id=\"trf-in-progress\""),
        "{}",
        console.text
    );
    let r = send(
        &app,
        Method::PUT,
        &result(2),
        &organiser,
        &json!({ "result": "0-1" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app.get(&export, None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let page = app.get(&format!("/t/{t}?lang=en"), None).await;
    assert!(!page.text.contains("in_progress=true"), "{}", page.text);
}

/// A draw entered for an adjourned game needs no confirmation: the rounds
/// paired since were paired on it.
async fn an_adjourned_game_that_ends_in_a_draw_needs_no_confirmation(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    app.pair_round(&organiser, &t).await;
    let result = |board: i64| format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}/result");
    for (board, text) in [(1, "0-1"), (2, "adj")] {
        let r = send(
            &app,
            Method::PUT,
            &result(board),
            &organiser,
            &json!({ "result": text }),
            None,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
    }
    let r = send(
        &app,
        Method::PUT,
        &result(2),
        &organiser,
        &json!({ "result": "1/2-1/2" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    // Nothing adjourned: round 2 pairs at once.
    app.pair_round(&organiser, &t).await;
}

/// Q159–Q160: pairing the next round with a result missing marks that
/// board adjourned (a draw for the pairing) once the arbiter acknowledges
/// it, audited; its result comes in later.
async fn pairing_with_a_result_missing_marks_it_adjourned_once_acknowledged(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    app.pair_round(&organiser, &t).await;
    let result = |board: i64| format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}/result");
    let r = send(
        &app,
        Method::PUT,
        &result(1),
        &organiser,
        &json!({ "result": "1-0" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let rounds = format!("/api/v1/tournaments/{t}/rounds");
    let r = send(&app, Method::POST, &rounds, &organiser, &json!({}), None).await;
    assert_eq!(r.body["level"], 2, "{r:?}");
    let c = r.body["confirmation"].as_str().unwrap().to_owned();
    let r = send(
        &app,
        Method::POST,
        &rounds,
        &organiser,
        &json!({}),
        Some(&c),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let one = app.get(&format!("{rounds}/1"), None).await;
    assert_eq!(one.body["boards"][1]["result"], "adj", "{one:?}");
    let audit = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&organiser))
        .await;
    assert!(audit.text.contains("\"adjourn\""), "{}", audit.text);
    // Its draw in the end needs nothing more.
    let r = send(
        &app,
        Method::PUT,
        &result(2),
        &organiser,
        &json!({ "result": "1/2-1/2" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
}

crate::both_databases!(
    pairing_with_a_result_missing_marks_it_adjourned_once_acknowledged,
    an_adjourned_game_counts_as_a_draw_for_pairing_once_acknowledged_and_its_decisive_result_is_confirmed,
    an_adjourned_game_that_ends_in_a_draw_needs_no_confirmation,
    the_final_trf_waits_for_an_adjourned_games_result,
    an_adjourned_board_keeps_its_mark_while_its_game_is_played_and_takes_its_end,
);
