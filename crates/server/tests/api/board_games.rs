//! A tournament board and its recorded game: the game writes the board's
//! result, a board result never contradicts its game, a result entered
//! before the game gives way to it, a result later rounds were paired on
//! stays, and the board's changes wait for the game's being committed.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;

async fn a_finished_tournament_game_writes_its_board_result(app: TestApp) {
    let (t, _organiser, game, _path, arbiter) = one_board(&app).await;
    app.event(&game, &arbiter, 0, json!({ "type": "start" }))
        .await;
    let r = app
        .event(
            &game,
            &arbiter,
            1,
            json!({ "type": "resign", "player": "white" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "0-1");
}

/// A board whose game is recorded event by event takes its result from the
/// game: no entry while the game goes on, and no other result than the
/// game's once it has ended (the same result is accepted again).
async fn a_board_result_cannot_contradict_its_recorded_game(app: TestApp) {
    let (t, organiser, game, path, arbiter) = one_board(&app).await;
    let r = app
        .event(&game, &arbiter, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_in_progress", "{r:?}");
    let r = app
        .event(
            &game,
            &arbiter,
            1,
            json!({ "type": "resign", "player": "white" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "contradicts_game", "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "0-1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "0-1");
}

/// A two-player round-robin's first round: (tournament, organiser, the
/// board's game, its result path, an arbiter's token).
async fn one_board(app: &TestApp) -> (String, String, String, String, String) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "round-robin", "time_control": "5400+30" }),
        )
        .await;
    app.players(&organiser, &t, &[("White, A", 2000), ("Black, B", 1900)])
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    let game = r.body["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result");
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    (t, organiser, game, path, arbiter)
}

/// A result entered on a board before its game was recorded (a forfeit that
/// was played after all) gives way to the game at its first event: the
/// board has no result while the game goes on (audited as the result taken
/// back), and the game's own result when it ends.
async fn a_result_entered_before_the_game_gives_way_to_the_game_once_it_is_recorded(app: TestApp) {
    let (t, organiser, game, path, arbiter) = one_board(&app).await;
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "+-" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(app.first_board_result(&t).await, "+-");
    let r = app
        .event(&game, &arbiter, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(app.first_board_result(&t).await, Value::Null);
    let reopened = app
        .audit_row(&t, "result", "reopen")
        .await
        .expect("the entered result taken back is audited");
    assert_eq!(reopened["before"]["result"], "+-", "{reopened}");
    let standings = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    assert_eq!(
        standings.body["results_missing"], 1,
        "no result counts for a game in progress: {}",
        standings.body
    );
    let r = app
        .event(
            &game,
            &arbiter,
            1,
            json!({ "type": "resign", "player": "white" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(app.first_board_result(&t).await, "0-1");
}

/// A draw claimed by threefold repetition ends the board's game and the
/// board follows it, audited with the event: a claim's `reason` names its
/// kind, not the arbiter's words, and is no note of the audit row.
async fn a_claimed_draw_moves_the_board_without_an_arbiters_note(app: TestApp) {
    let (t, _organiser, game, _path, arbiter) = one_board(&app).await;
    let r = app
        .event(&game, &arbiter, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    for (seq, san) in (1..).zip(moves) {
        let r = app
            .event(&game, &arbiter, seq, json!({ "type": "move", "san": san }))
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{san}: {r:?}");
    }
    let r = app
        .event(
            &game,
            &arbiter,
            9,
            json!({ "type": "claim_draw", "player": "white", "reason": "threefold" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(app.first_board_result(&t).await, "1/2-1/2");
    let row = app.audit_row(&t, "result", "enter").await.expect("audited");
    assert_eq!(row["after"]["game"]["event"], "claim_draw", "{row}");
    assert!(row["after"].get("reason").is_none(), "{row}");
}

/// An arbiter's result for a board and a change of its game committed at
/// the same moment: the board's check waits for the game's row, so it never
/// judges a game that has just been reopened by its finished state (on
/// PostgreSQL the board kept a result for a game in progress). The change
/// of the game is held open here on a connection of the test's own.
async fn a_board_result_waits_for_a_change_of_its_game_being_committed(app: TestApp) {
    use sqlx::Connection;
    let (t, organiser, game, path, arbiter) = one_board(&app).await;
    for (seq, event) in [
        json!({ "type": "start" }),
        json!({ "type": "resign", "player": "white" }),
    ]
    .into_iter()
    .enumerate()
    {
        let r = app.event(&game, &arbiter, seq as i64, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    assert_eq!(app.first_board_result(&t).await, "0-1");
    sqlx::any::install_default_drivers();
    let mut other = sqlx::AnyConnection::connect(&app.url)
        .await
        .expect("connect");
    let begin = if app.kind == crate::harness::Kind::Sqlite {
        "BEGIN IMMEDIATE"
    } else {
        "BEGIN"
    };
    sqlx::query(begin).execute(&mut other).await.unwrap();
    // What the annulment of the ruling that ended the game writes.
    sqlx::query(
        "UPDATE games SET seq = seq + 1, status = 'in_progress', result = NULL WHERE id = $1",
    )
    .bind(&game)
    .execute(&mut other)
    .await
    .unwrap();
    sqlx::query("UPDATE boards SET result = NULL WHERE game_id = $1")
        .bind(&game)
        .execute(&mut other)
        .await
        .unwrap();
    let put = {
        let (app, path, organiser) = (app.clone(), path.clone(), organiser.clone());
        tokio::spawn(async move {
            app.send(
                Method::PUT,
                &path,
                Some(&organiser),
                json!({ "result": "0-1" }),
            )
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    sqlx::query("COMMIT").execute(&mut other).await.unwrap();
    other.close().await.ok();
    let r = put.await.unwrap();
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_in_progress", "{r:?}");
    assert_eq!(app.first_board_result(&t).await, Value::Null);
}

/// Pairing the next round and the first event of a game of the last round
/// at the same moment: the pairing waits for the game's change of its
/// board (taking back the result entered before it) and finds the round's
/// results changed, so no round is paired on a result that is gone (on
/// PostgreSQL both went through). The game's change is held open here on a
/// connection of the test's own.
async fn pairing_waits_for_a_game_taking_its_boards_result_back(app: TestApp) {
    use sqlx::Connection;
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "round-robin", "time_control": "5400+30" }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[
            ("A, One", 2000),
            ("B, Two", 1900),
            ("C, Three", 1800),
            ("D, Four", 1700),
        ],
    )
    .await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    for (b, result) in [(1, "+-"), (2, "1-0")] {
        let r = app
            .send(
                Method::PUT,
                &format!("/api/v1/tournaments/{t}/rounds/1/boards/{b}/result"),
                Some(&organiser),
                json!({ "result": result }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
    }
    sqlx::any::install_default_drivers();
    let mut other = sqlx::AnyConnection::connect(&app.url)
        .await
        .expect("connect");
    let begin = if app.kind == crate::harness::Kind::Sqlite {
        "BEGIN IMMEDIATE"
    } else {
        "BEGIN"
    };
    sqlx::query(begin).execute(&mut other).await.unwrap();
    // What the game's first event writes: its head, then its board's
    // result taken back.
    sqlx::query("UPDATE games SET seq = seq + 1, status = 'in_progress' WHERE id = $1")
        .bind(&game)
        .execute(&mut other)
        .await
        .unwrap();
    sqlx::query("UPDATE boards SET result = NULL WHERE game_id = $1")
        .bind(&game)
        .execute(&mut other)
        .await
        .unwrap();
    let pair = {
        let (app, t, organiser) = (app.clone(), t.clone(), organiser.clone());
        tokio::spawn(async move {
            app.post(
                &format!("/api/v1/tournaments/{t}/rounds"),
                Some(&organiser),
                json!({}),
            )
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    sqlx::query("COMMIT").execute(&mut other).await.unwrap();
    other.close().await.ok();
    let r = pair.await.unwrap();
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/2"), None)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
}

crate::both_databases!(
    a_finished_tournament_game_writes_its_board_result,
    a_board_result_cannot_contradict_its_recorded_game,
    a_result_entered_before_the_game_gives_way_to_the_game_once_it_is_recorded,
    a_claimed_draw_moves_the_board_without_an_arbiters_note,
    a_board_result_waits_for_a_change_of_its_game_being_committed,
    pairing_waits_for_a_game_taking_its_boards_result_back,
);
