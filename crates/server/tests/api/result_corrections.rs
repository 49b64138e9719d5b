//! A result recorded by its game and found wrong after later rounds were
//! paired on it: the game can no longer change its board (409
//! `result_paired_on`), so the arbiter corrects the board itself, even
//! against the game's record — a level 3 warning, audited; in FIDE mode
//! for the rating report only (VCL4THP.13 Q189–Q193). Before later rounds
//! are paired, the game rules the board (409 `contradicts_game`).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{FIELD, TestApp};

/// A four-player Swiss of `game` (`fide_mode` or not): round 1 board 1's
/// game declared 1-0 by the arbiter after two moves, board 2 drawn, round 2
/// paired. The tournament and board 1's game.
async fn declared_then_paired_on(
    app: &TestApp,
    game: &str,
    fide_mode: bool,
) -> (String, String, String) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3, "game": game, "fide_mode": fide_mode }),
        )
        .await;
    app.players(&organiser, &t, &FIELD[..4]).await;
    let round = app.pair_round(&organiser, &t).await;
    let id = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let moves = if game == "xiangqi" {
        ["h2e2", "h9g7"]
    } else {
        ["e4", "e5"]
    };
    let mut events = vec![json!({ "type": "start" })];
    let field = if game == "xiangqi" { "move" } else { "san" };
    events.extend(moves.iter().map(|m| json!({ "type": "move", field: m })));
    let mut declare =
        json!({ "type": "declare_result", "result": "1-0", "reason": "a wrong slip" });
    if game == "xiangqi" {
        declare["grounds"] = json!("fouls");
    }
    events.push(declare);
    for (seq, event) in (0..).zip(events) {
        let r = app.event(&id, &organiser, seq, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    let board2 = format!("/api/v1/tournaments/{t}/rounds/1/boards/2/result");
    let r = app
        .send(
            Method::PUT,
            &board2,
            Some(&organiser),
            json!({ "result": "1/2-1/2" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    app.pair_round(&organiser, &t).await;
    (t, organiser, id)
}

/// `PUT body` to `path`: first 409 `confirmation_required` at level 3 with
/// the `warning`, then, sent again with its confirmation, 200 (the answer).
async fn put_confirmed(
    app: &TestApp,
    path: &str,
    token: &str,
    body: &Value,
    warning: &str,
) -> crate::harness::Response {
    let r = app
        .send_confirming(Method::PUT, path, token, Some(body), None)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "confirmation_required", "{r:?}");
    assert_eq!(r.body["level"], 3, "{r:?}");
    assert_eq!(r.body["warnings"][0]["code"], warning, "{r:?}");
    let confirmation = r.body["confirmation"].as_str().map(str::to_owned);
    let r = app
        .send_confirming(
            Method::PUT,
            path,
            token,
            Some(body),
            confirmation.as_deref(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r
}

async fn the_arbiter_corrects_a_games_result_that_later_rounds_were_paired_on(app: TestApp) {
    for game in ["chess", "xiangqi"] {
        let (t, organiser, id) = declared_then_paired_on(&app, game, false).await;
        // The game can no longer change its board …
        if game == "xiangqi" {
            let annul = json!({ "type": "annul_ruling", "reason": "wrong slip" });
            let r = app.event(&id, &organiser, 4, annul).await;
            assert_eq!(r.status, StatusCode::CONFLICT, "{game}: {r:?}");
            assert_eq!(r.body["error"], "result_paired_on", "{game}: {r:?}");
        }
        // … so the board is corrected against the game's record, confirmed.
        let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result");
        let body = json!({ "result": "0-1", "reason": "the slip was signed the wrong way round" });
        let r = put_confirmed(&app, &path, &organiser, &body, "result_differs_from_game").await;
        assert_eq!(r.body["result"], "0-1", "{game}: {r:?}");
        assert_eq!(app.first_board_result(&t).await, "0-1", "{game}");
        // Entered again with a note, nothing changes: no warning.
        let note = json!({ "result": "0-1", "reason": "checked with both players" });
        let r = app
            .send_confirming(Method::PUT, &path, &organiser, Some(&note), None)
            .await;
        assert_eq!(r.status, StatusCode::OK, "{game}: {r:?}");
        // The game's record stays as it ended; its page says the board's.
        let state = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(state.body["result"], "1-0", "{game}: {state:?}");
        for (lang, words) in [
            ("en", "The arbiter corrected the board&#39;s result to"),
            ("zh", "裁判已将本台成绩更正为"),
        ] {
            let page = app.get(&format!("/games/{id}?lang={lang}"), None).await;
            let text = page.text.replace("&#39;", "'");
            let words = words.replace("&#39;", "'");
            assert!(text.contains(&words), "{game} {lang}: {text}");
            assert!(text.contains("0-1"), "{game} {lang}: {text}");
        }
        // The declaration that ended the game is audited with its grounds.
        let rows = app.audit_rows(&t, "result", "enter").await;
        let declared = rows
            .iter()
            .find(|row| row["after"]["game"]["event"] == "declare_result")
            .expect("the game's result audited");
        let grounds = if game == "xiangqi" {
            json!("fouls")
        } else {
            json!(null)
        };
        assert_eq!(declared["after"]["game"]["grounds"], grounds, "{declared}");
        assert_eq!(declared["after"]["reason"], "a wrong slip", "{declared}");
        // Audited with the reason and the warning confirmed.
        let row = app
            .audit_row(&t, "result", "correct")
            .await
            .expect("audited");
        assert_eq!(row["after"]["result"], "0-1", "{row}");
        assert_eq!(
            row["after"]["reason"], "the slip was signed the wrong way round",
            "{row}"
        );
        assert_eq!(
            row["after"]["warnings_overridden"][0]["code"], "result_differs_from_game",
            "{row}"
        );
        // The standings count the corrected result: board 1's Black won
        // (1 point in chess, 2 in Xiangqi) and its White lost.
        let one = app
            .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
            .await;
        let standings = app
            .get(&format!("/api/v1/tournaments/{t}/standings?after=1"), None)
            .await
            .body;
        let points = |side: &str| {
            let sn = &one.body["boards"][0][side]["start_number"];
            standings["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|row| &row["start_number"] == sn)
                .and_then(|row| row["points"].as_f64())
        };
        let win = if game == "xiangqi" { 2.0 } else { 1.0 };
        assert_eq!(
            (points("white"), points("black")),
            (Some(0.0), Some(win)),
            "{game}: {standings}"
        );
    }
}

async fn before_later_rounds_are_paired_the_game_rules_its_board(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let round = app.pair_round(&organiser, &t).await;
    let id = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    for (seq, event) in (0..).zip([
        json!({ "type": "start" }),
        json!({ "type": "move", "san": "e4" }),
        json!({ "type": "declare_result", "result": "1-0", "reason": "slip" }),
    ]) {
        let r = app.event(&id, &organiser, seq, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "0-1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "contradicts_game", "{r:?}");
    assert_eq!(app.first_board_result(&t).await, "1-0");
}

async fn in_fide_mode_the_correction_is_for_the_rating_report_only(app: TestApp) {
    let (t, organiser, id) = declared_then_paired_on(&app, "chess", true).await;
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result");
    let body = json!({ "result": "0-1", "reason": "wrong slip" });
    let r = put_confirmed(&app, &path, &organiser, &body, "past_round_correction").await;
    assert_eq!(r.body["result"], "1-0", "the pairings keep it: {r:?}");
    assert_eq!(r.body["rating_result"], "0-1", "{r:?}");
    let state = app.get(&format!("/api/v1/games/{id}"), None).await;
    assert_eq!(state.body["result"], "1-0", "{state:?}");
}

crate::both_databases!(
    the_arbiter_corrects_a_games_result_that_later_rounds_were_paired_on,
    before_later_rounds_are_paired_the_game_rules_its_board,
    in_fide_mode_the_correction_is_for_the_rating_report_only,
);
