//! An annulled game of a tournament board is replayed (Art. 8.1, 8.2, 8.5,
//! 8.6 with `restart`, 14.5; issue 17 item 1): the board gets a new game,
//! lists the annulled ones, and everything that follows the board (results,
//! exports, standings, the next round, the round's stream) follows the
//! replay; the annulled game's log stays readable and refuses new events.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::harness::{ADMIN, TestApp};
use crate::laws_support::{Play, assert_ended, assert_ruling, hms, moves};

fn mv(san: &str) -> Value {
    json!({ "type": "move", "san": san })
}

/// A round robin of `players` (name, rating) with round 1 paired: the
/// organiser's token, the tournament id and round 1.
async fn paired(app: &TestApp, players: &[(&str, u16)]) -> (String, String, Value) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Replay", "system": "round-robin" }),
        )
        .await;
    app.players(&organiser, &t, players).await;
    let round = app.pair_round(&organiser, &t).await;
    (organiser, t, round)
}

/// Board `board` of round `n` as `GET .../rounds/{n}` shows it.
async fn board(app: &TestApp, t: &str, n: i64, board: usize) -> Value {
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/{n}"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body["boards"][board - 1].clone()
}

/// The game of board 1 of round 1, started, 1. e4 e5 played, then annulled
/// by `annulling` at 60 s; the answer to the annulling event.
async fn annul_board_one(
    app: &TestApp,
    game: &str,
    token: &str,
    annulling: Value,
) -> crate::harness::Response {
    let mut g = Play::existing(app, game, token).await;
    g.start().await;
    g.moves(10, 10, &["e4", "e5"]).await;
    g.ok(60, annulling).await
}

/// Issue 17 item 1: the annulled game is replayed — the board gets a new
/// game and lists the annulled one.
async fn an_annulled_tournament_game_is_replayed_as_a_new_game_on_its_board_8_5(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    assert_eq!(round["boards"][0]["annulled_game_ids"], json!([]));
    let r = annul_board_one(
        &app,
        &first,
        &organiser,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
    )
    .await;
    assert_ruling(&r, "game_annulled", "8.5");
    assert_eq!(r.body["state"]["status"], "annulled");
    let board = board(&app, &t, 1, 1).await;
    assert_ne!(
        board["game_id"], first,
        "a new game for the replay: {board}"
    );
    assert_eq!(board["annulled_game_ids"], json!([first]), "{board}");
    assert_eq!(board["result"], json!(null), "{board}");
    let replay = board["game_id"].as_str().unwrap().to_owned();
    // The answer to the annulling event names the replay.
    assert_eq!(r.body["state"]["replay_game_id"], replay, "{}", r.body);
    let state = app.get(&format!("/api/v1/games/{replay}"), None).await;
    assert_eq!(state.status, StatusCode::OK, "{state:?}");
    let state = &state.body;
    assert_eq!(state["status"], "scheduled", "{state}");
    assert_eq!(state["seq"], 0);
    assert_eq!(moves(state), Vec::<String>::new());
    assert_eq!(state["tournament_id"], t);
    assert_eq!(
        (state["round"].clone(), state["board"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(state["white"], board["white"]["name"], "{state}");
    assert_eq!(state["black"], board["black"]["name"], "{state}");
    assert_eq!(state["replay_game_id"], json!(null));
    let mut g = Play::existing(&app, &replay, &organiser).await;
    g.ok(120, json!({ "type": "start" })).await;
    g.ok(130, mv("d4")).await;
}

/// Art. 8.6: colours found reversed early, the arbiter restarts "with the
/// right colours" — the pairing's. The annulled game's record names the
/// players as paired (only their seats were wrong), so the replay has the
/// board's White and Black.
async fn after_colours_reversed_the_replay_is_played_with_the_right_colours_the_pairings_8_6(
    app: TestApp,
) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let paired_white = round["boards"][0]["white"]["name"].clone();
    let paired_black = round["boards"][0]["black"]["name"].clone();
    let r = annul_board_one(
        &app,
        &first,
        &organiser,
        json!({ "type": "colours_reversed", "restart": true }),
    )
    .await;
    assert_ruling(&r, "colours_reversed_restart", "8.6");
    assert_eq!(r.body["state"]["annulment"]["article"], "8.6", "{}", r.body);
    let board = board(&app, &t, 1, 1).await;
    let replay = board["game_id"].as_str().unwrap();
    assert_eq!(board["annulled_game_ids"], json!([first]), "{board}");
    let state = app.get(&format!("/api/v1/games/{replay}"), None).await.body;
    assert_eq!(state["white"], paired_white, "{state}");
    assert_eq!(state["black"], paired_black, "{state}");
    assert_eq!(board["white"]["name"], paired_white, "{board}");
    // Played on past a quarter of the first period, the game goes on and
    // the board keeps it.
    let (organiser2, t2, round2) = paired(&app, &[("C, One", 2000), ("D, Two", 1900)]).await;
    let game2 = round2["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let mut g = Play::existing(&app, &game2, &organiser2).await;
    g.start().await;
    g.ok(hms(0, 30, 0), mv("e4")).await;
    g.refused(
        hms(0, 30, 1),
        json!({ "type": "colours_reversed", "restart": true }),
        "too_late_to_restart",
        "8.6",
    )
    .await;
    let board2 = self::board(&app, &t2, 1, 1).await;
    assert_eq!(board2["game_id"], game2);
    assert_eq!(board2["annulled_game_ids"], json!([]));
}

/// The annulled game and its log stay readable, and say which game
/// replays it and under which article it was annulled.
async fn the_annulled_games_log_stays_readable_and_names_its_replay_8_1(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    annul_board_one(
        &app,
        &first,
        &organiser,
        json!({ "type": "annul", "reason": "position_unrecoverable" }),
    )
    .await;
    let replay = board(&app, &t, 1, 1).await["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let old = app.get(&format!("/api/v1/games/{first}"), None).await;
    assert_eq!(old.status, StatusCode::OK, "{old:?}");
    let old = old.body;
    assert_eq!(old["status"], "annulled");
    assert_eq!(old["replay_game_id"], replay, "{old}");
    assert_eq!(old["annulment"]["code"], "game_annulled", "{old}");
    assert_eq!(old["annulment"]["article"], "8.1", "{old}");
    assert_eq!(moves(&old), ["e4", "e5"]);
    // Still the game of round 1, board 1, of the tournament.
    assert_eq!(
        (old["round"].clone(), old["board"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(old["tournament_id"], t);
    let log = app
        .get(&format!("/api/v1/games/{first}/events"), None)
        .await;
    assert_eq!(log.status, StatusCode::OK, "{log:?}");
    let types: Vec<&str> = log.body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["start", "move", "move", "annul"], "{}", log.body);
    let pgn = app.get(&format!("/api/v1/games/{first}/pgn"), None).await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert!(
        pgn.text
            .contains("1. e4 {[%clk 1:59:50]} 1... e5 {[%clk 1:59:50]} *"),
        "{}",
        pgn.text
    );
    // The arbiter's view of the annulled game is its tournament's arbiters'.
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let log = app
        .get(&format!("/api/v1/games/{first}/events"), Some(&arbiter))
        .await;
    assert_eq!(log.body["view"], "arbiter", "{}", log.body);
}

/// Posting to the annulled game is still refused, citing the article that
/// annulled it (the replay is the game to play).
async fn an_event_posted_to_the_annulled_game_is_refused_citing_its_article_8_6(app: TestApp) {
    let (organiser, _t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    annul_board_one(
        &app,
        &first,
        &organiser,
        json!({ "type": "colours_reversed", "restart": true }),
    )
    .await;
    let mut g = Play::existing(&app, &first, &organiser).await;
    g.refused(120, mv("Nf3"), "game_annulled", "8.6").await;
    g.refused(121, json!({ "type": "start" }), "game_annulled", "8.6")
        .await;
    g.refused(
        122,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
        "game_annulled",
        "8.6",
    )
    .await;
}

/// A lost envelope whose position cannot be re-established annuls the
/// adjourned game (14.5), and it is replayed like any other.
async fn a_lost_envelope_annuls_the_adjourned_game_and_it_is_replayed_14_5(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let mut g = Play::existing(&app, &first, &organiser).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.ok(300, json!({ "type": "seal", "san": "e5" })).await;
    let r = g
        .ok(
            hms(10, 0, 0),
            json!({ "type": "annul", "reason": "envelope_lost" }),
        )
        .await;
    assert_ruling(&r, "game_annulled", "14.5");
    let board = board(&app, &t, 1, 1).await;
    assert_eq!(board["annulled_game_ids"], json!([first]), "{board}");
    assert_eq!(r.body["state"]["replay_game_id"], board["game_id"]);
}

/// The round is finished through the replay's result, and the next round
/// is paired; the standings count the replay's result only.
async fn the_round_is_finished_through_the_replays_result_and_the_next_round_is_paired(
    app: TestApp,
) {
    let (organiser, t, round) = paired(
        &app,
        &[
            ("A, One", 2000),
            ("B, Two", 1900),
            ("C, Three", 1800),
            ("D, Four", 1700),
        ],
    )
    .await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    annul_board_one(
        &app,
        &first,
        &arbiter,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
    )
    .await;
    // Nothing is paired while the replay is unplayed, unless the arbiter
    // acknowledges that its board is marked adjourned (Q159-Q160).
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "confirmation_required");
    let replay = board(&app, &t, 1, 1).await["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut g = Play::existing(&app, &replay, &arbiter).await;
    g.ok(120, json!({ "type": "start" })).await;
    g.ok(130, mv("d4")).await;
    let r = g
        .ok(140, json!({ "type": "resign", "player": "black" }))
        .await;
    assert_ended(&r, "1-0", "resignation", "10.2");
    let b1 = board(&app, &t, 1, 1).await;
    assert_eq!(b1["result"], "1-0", "{b1}");
    let white = b1["white"]["id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/2/result"),
            Some(&arbiter),
            json!({ "result": "1/2-1/2" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    // The board result follows the replay: it cannot be entered otherwise.
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result"),
            Some(&arbiter),
            json!({ "result": "0-1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "contradicts_game");
    let standings = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    let winner = standings.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["player_id"] == white.as_str())
        .cloned()
        .unwrap();
    assert_eq!(winner["points"], 1.0, "{}", standings.body);
    let next = app.pair_round(&organiser, &t).await;
    assert_eq!(next["round"], 2);
}

/// The tournament's PGN export, the round's PGN page and the JSON scoring
/// table show each board's live game only: the replay, not the annulled one.
async fn the_exports_show_only_the_replay_not_the_annulled_game(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    // The annulled game went 1. e4 e5; the replay 1. d4 d5.
    annul_board_one(
        &app,
        &first,
        &organiser,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
    )
    .await;
    let replay = board(&app, &t, 1, 1).await["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut g = Play::existing(&app, &replay, &organiser).await;
    g.ok(120, json!({ "type": "start" })).await;
    g.moves(130, 10, &["d4", "d5"]).await;
    g.ok(200, json!({ "type": "resign", "player": "white" }))
        .await;
    let pgn = app
        .get(&format!("/api/v1/tournaments/{t}/export/pgn"), None)
        .await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert_eq!(pgn.text.matches("[Event ").count(), 1, "{}", pgn.text);
    assert!(
        pgn.text
            .contains("1. d4 {[%clk 1:59:50]} 1... d5 {[%clk 1:59:50]} 0-1"),
        "{}",
        pgn.text
    );
    assert!(!pgn.text.contains("e4"), "{}", pgn.text);
    let page = app.get(&format!("/t/{t}/rounds/1.pgn"), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.text.matches("[Event ").count(), 1, "{}", page.text);
    assert!(
        page.text
            .contains("1. d4 {[%clk 1:59:50]} 1... d5 {[%clk 1:59:50]} 0-1"),
        "{}",
        page.text
    );
    assert!(!page.text.contains("e4"), "{}", page.text);
    let table = app
        .get(&format!("/api/v1/tournaments/{t}/export/json"), None)
        .await;
    assert_eq!(table.status, StatusCode::OK);
    let boards = table.body["rounds"][0]["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 1, "{}", table.body);
    assert_eq!(boards[0]["game_id"], replay);
    assert_eq!(boards[0]["result"], "0-1");
    assert_eq!(boards[0]["annulled_game_ids"], json!([first]));
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert_eq!(trf.status, StatusCode::OK);
}

/// A replay that is annulled in its turn is replayed again: the board
/// lists both annulled games, oldest first.
async fn an_annulled_replay_is_replayed_again_and_the_board_lists_both_oldest_first(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    annul_board_one(
        &app,
        &first,
        &organiser,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
    )
    .await;
    let second = board(&app, &t, 1, 1).await["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut g = Play::existing(&app, &second, &organiser).await;
    g.ok(120, json!({ "type": "start" })).await;
    g.ok(130, json!({ "type": "colours_reversed", "restart": true }))
        .await;
    let b = board(&app, &t, 1, 1).await;
    assert_eq!(b["annulled_game_ids"], json!([first, second]), "{b}");
    let third = b["game_id"].as_str().unwrap();
    assert!(third != first && third != second, "{b}");
    let old = app.get(&format!("/api/v1/games/{second}"), None).await.body;
    assert_eq!(old["replay_game_id"], third);
}

/// The replay is audited like the arbiter's other actions: who, when, the
/// board, the annulled and the new game.
async fn the_replay_is_audited_with_the_annulled_and_the_new_game(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    annul_board_one(
        &app,
        &first,
        &arbiter,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
    )
    .await;
    let replay = board(&app, &t, 1, 1).await["game_id"].clone();
    let audit = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&organiser))
        .await;
    assert_eq!(audit.status, StatusCode::OK, "{audit:?}");
    let row = audit.body["audit"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["action"] == "replay")
        .cloned()
        .unwrap_or_else(|| panic!("no replay row: {}", audit.body));
    assert_eq!(row["entity"], "board");
    assert_eq!(row["entity_id"], format!("{t}/1/1"));
    assert_eq!(row["before"]["game_id"], first);
    assert_eq!(row["after"]["game_id"], replay);
    assert_eq!(row["after"]["annulled_game_id"], first);
    assert_eq!(row["after"]["annulment"]["article"], "8.5");
    assert_ne!(row["actor"], json!(null));
}

/// A round with an annulled game has been played: it cannot be un-paired
/// or rescheduled as a whole (the replay's board can be, item 8).
async fn a_round_with_an_annulled_game_cannot_be_unpaired(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    annul_board_one(
        &app,
        &first,
        &organiser,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
    )
    .await;
    let r = app
        .request(
            Method::DELETE,
            &format!("/api/v1/tournaments/{t}/rounds/1"),
            Some(&organiser),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "round_started");
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/rounds/1"),
            Some(&organiser),
            json!({ "starts_at": "2026-04-02T14:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "round_started");
}

/// A game outside any tournament is annulled and stays so: there is no
/// board to replay it on (its owner creates another game).
async fn a_free_game_that_is_annulled_stays_annulled_without_a_replay_8_5(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g
        .ok(
            10,
            json!({ "type": "annul", "reason": "wrong_initial_position" }),
        )
        .await;
    assert_eq!(r.body["state"]["status"], "annulled");
    assert_eq!(r.body["state"]["replay_game_id"], json!(null));
    g.refused(20, mv("e4"), "game_annulled", "8.5").await;
}

/// Reads a round stream until its next `change` notice.
async fn next_change(body: &mut Body) {
    let mut buffer = String::new();
    while !buffer.contains("event: change") {
        let frame = tokio::time::timeout(Duration::from_secs(20), body.frame())
            .await
            .expect("a change notice within 20 s")
            .expect("stream open")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
    }
}

/// The round's stream announces the new game, and then tells of the
/// replay's moves as it told of the annulled game's.
async fn the_rounds_stream_announces_the_replay_and_follows_its_moves(app: TestApp) {
    let (organiser, t, round) = paired(&app, &[("A, One", 2000), ("B, Two", 1900)]).await;
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let response = app
        .router
        .clone()
        .oneshot(
            Request::get(format!("/t/{t}/rounds/1/stream"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let mut g = Play::existing(&app, &first, ADMIN).await;
    g.ok(
        0,
        json!({ "type": "annul", "reason": "wrong_initial_position" }),
    )
    .await;
    next_change(&mut body).await;
    let replay = board(&app, &t, 1, 1).await["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut g = Play::existing(&app, &replay, &organiser).await;
    g.ok(60, json!({ "type": "start" })).await;
    next_change(&mut body).await;
}

crate::both_databases!(
    an_annulled_tournament_game_is_replayed_as_a_new_game_on_its_board_8_5,
    after_colours_reversed_the_replay_is_played_with_the_right_colours_the_pairings_8_6,
    the_annulled_games_log_stays_readable_and_names_its_replay_8_1,
    an_event_posted_to_the_annulled_game_is_refused_citing_its_article_8_6,
    a_lost_envelope_annuls_the_adjourned_game_and_it_is_replayed_14_5,
    the_round_is_finished_through_the_replays_result_and_the_next_round_is_paired,
    the_exports_show_only_the_replay_not_the_annulled_game,
    an_annulled_replay_is_replayed_again_and_the_board_lists_both_oldest_first,
    the_replay_is_audited_with_the_annulled_and_the_new_game,
    a_round_with_an_annulled_game_cannot_be_unpaired,
    a_free_game_that_is_annulled_stays_annulled_without_a_replay_8_5,
    the_rounds_stream_announces_the_replay_and_follows_its_moves,
);
