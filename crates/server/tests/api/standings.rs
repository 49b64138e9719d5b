//! Standings while results are missing (VCL: provisional standings are
//! marked, or shown after the last complete round): the API says so and
//! the page marks them, in both languages.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::harness::{FIELD, TestApp};

async fn standings_with_a_result_missing_are_provisional_and_the_complete_rounds_are_final(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, &FIELD[..4]).await;
    app.pair_round(&organiser, &t).await;
    let result = |board: u32| format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}/result");
    let standings = format!("/api/v1/tournaments/{t}/standings");
    let page = format!("/t/{t}/standings");
    let r = app
        .send(
            Method::PUT,
            &result(1),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    // Board 2 is not in: the table counts round 1 and is provisional.
    let r = app.get(&standings, None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["rounds"], 1, "{}", r.body);
    assert_eq!(r.body["provisional"], true, "{}", r.body);
    assert_eq!(r.body["results_missing"], 1, "{}", r.body);
    assert_eq!(r.body["complete_rounds"], 0, "{}", r.body);
    let en = app.get(&format!("{page}?lang=en"), None).await;
    assert!(en.text.contains("id=\"provisional\""), "{}", en.text);
    assert!(
        en.text
            .contains("Provisional: 1 result(s) of the rounds counted are not in yet"),
        "{}",
        en.text
    );
    let zh = app.get(&format!("{page}?lang=zh"), None).await;
    assert!(
        zh.text.contains("临时排名：所计轮次中尚有 1 局结果未录入"),
        "{}",
        zh.text
    );
    // The last result comes in: final.
    let r = app
        .send(
            Method::PUT,
            &result(2),
            Some(&organiser),
            json!({ "result": "1/2-1/2" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app.get(&standings, None).await;
    assert_eq!(r.body["provisional"], false, "{}", r.body);
    assert_eq!(r.body["results_missing"], 0, "{}", r.body);
    assert_eq!(r.body["complete_rounds"], 1, "{}", r.body);
    let en = app.get(&format!("{page}?lang=en"), None).await;
    assert!(!en.text.contains("id=\"provisional\""), "{}", en.text);
    // Round 2 paired, nothing in: provisional, and `after` the complete
    // round gives the final table, which the page links to.
    app.pair_round(&organiser, &t).await;
    let r = app.get(&standings, None).await;
    assert_eq!(r.body["rounds"], 2, "{}", r.body);
    assert_eq!(r.body["provisional"], true, "{}", r.body);
    assert_eq!(r.body["results_missing"], 2, "{}", r.body);
    let r = app.get(&format!("{standings}?after=1"), None).await;
    assert_eq!(r.body["rounds"], 1, "{}", r.body);
    assert_eq!(r.body["provisional"], false, "{}", r.body);
    let en = app.get(&format!("{page}?lang=en"), None).await;
    assert!(
        en.text.contains(&format!("/t/{t}/standings?after=1"))
            && en.text.contains("the last complete round"),
        "{}",
        en.text
    );
    // A round not paired, or a word, is a 400 naming what is wrong.
    let r = app.get(&format!("{standings}?after=9"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "after", "{r:?}");
    let r = app.get(&format!("{standings}?after=x"), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_query", "{r:?}");
}

/// FIDE endorsement checklist Q170: a withdrawn player is marked in the
/// standings — once he has withdrawn, not in the standings of rounds he
/// still played.
async fn a_withdrawn_player_is_marked_in_the_standings(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, &FIELD[..4]).await;
    let r = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &r, |_, _, _| "1-0").await;
    let four = app.player(&t, 4).await;
    let r = app
        .send(
            Method::PATCH,
            &format!(
                "/api/v1/tournaments/{t}/players/{}",
                four["id"].as_str().unwrap()
            ),
            Some(&organiser),
            json!({ "withdraw": true }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let standings = format!("/api/v1/tournaments/{t}/standings");
    let r = app.get(&standings, None).await;
    let marked: Vec<(i64, &serde_json::Value)> = r.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["start_number"].as_i64().unwrap(),
                &row["withdrawn_from"],
            )
        })
        .filter(|(_, w)| !w.is_null())
        .collect();
    assert_eq!(marked, [(4, &json!(2))], "{}", r.body);
    let en = app.get(&format!("/t/{t}/standings?lang=en"), None).await;
    assert_eq!(
        en.text.matches("withdrawn after round 1").count(),
        1,
        "{}",
        en.text
    );
    let zh = app.get(&format!("/t/{t}/standings?lang=zh"), None).await;
    assert!(zh.text.contains("第 1 轮后退赛"), "{}", zh.text);
    // Withdrawn from round 3 (after round 2 is paired): not yet in the
    // standings after round 1.
    let r = app
        .send(
            Method::PATCH,
            &format!(
                "/api/v1/tournaments/{t}/players/{}",
                four["id"].as_str().unwrap()
            ),
            Some(&organiser),
            json!({ "withdrawn_from": 3 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app.get(&standings, None).await;
    assert!(
        r.body["standings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|row| row["withdrawn_from"].is_null()),
        "{}",
        r.body
    );
}

/// FIDE endorsement checklist Q197–Q198: the arbiter flags an expelled
/// player, who is withdrawn and dropped from a Swiss event's standings;
/// his games still count for his opponents.
async fn an_expelled_player_is_flagged_and_dropped_from_the_swiss_standings(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3, "tiebreaks": ["BH"] }),
        )
        .await;
    app.players(&organiser, &t, &FIELD[..4]).await;
    let r = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &r, |_, _, _| "1-0").await;
    let standings = format!("/api/v1/tournaments/{t}/standings");
    let before = app.get(&standings, None).await.body;
    let row_of = |body: &serde_json::Value, sn: i64| {
        body["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["start_number"] == sn)
            .cloned()
    };
    // The winner on board 1 is expelled.
    let winner = r["boards"][0]["white"]["start_number"].as_i64().unwrap();
    let loser = r["boards"][0]["black"]["start_number"].as_i64().unwrap();
    let player = app.player(&t, winner).await;
    let path = format!(
        "/api/v1/tournaments/{t}/players/{}",
        player["id"].as_str().unwrap()
    );
    let r = app
        .send(
            Method::PATCH,
            &path,
            Some(&organiser),
            json!({ "expel": true }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["expelled"], true);
    assert_eq!(r.body["withdrawn_from"], 2, "expelled: withdrawn too");
    let after = app.get(&standings, None).await.body;
    let rows = after["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "{after}");
    assert!(row_of(&after, winner).is_none(), "dropped: {after}");
    let ranks: Vec<i64> = rows
        .iter()
        .map(|row| row["rank"].as_i64().unwrap())
        .collect();
    assert_eq!(ranks[0], 1, "the others ranked without him: {after}");
    assert_eq!(
        row_of(&after, loser).unwrap()["tiebreaks"],
        row_of(&before, loser).unwrap()["tiebreaks"],
        "his game still counts for his opponent"
    );
    let page = app
        .get(&format!("/t/{t}/players/{winner}?lang=zh"), None)
        .await;
    assert!(
        page.text.contains("已被取消比赛资格"),
        "flagged on his card"
    );
    // He is not paired again, and his withdrawal cannot be taken back
    // while he stands expelled.
    // Nor moved to a later round (which would let him be paired again),
    // nor taken back in the request that expels him.
    for body in [
        json!({ "withdraw": false }),
        json!({ "withdrawn_from": 4 }),
        json!({ "expel": true, "withdraw": false }),
    ] {
        let r = app
            .send(Method::PATCH, &path, Some(&organiser), body.clone())
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {r:?}");
        assert_eq!(r.body["error"], "player_expelled", "{body}");
    }
    assert_eq!(app.player(&t, winner).await["withdrawn_from"], 2);
    let r = app.pair_round(&organiser, &t).await;
    assert!(
        r["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["white"]["start_number"] != winner && b["black"]["start_number"] != winner),
        "{r}"
    );
    // Taken back, he is in the standings again (still withdrawn).
    let r = app
        .send(
            Method::PATCH,
            &path,
            Some(&organiser),
            json!({ "expel": false }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert!(r.body.get("expelled").is_none(), "{}", r.body);
    let again = app.get(&standings, None).await.body;
    assert_eq!(again["standings"].as_array().unwrap().len(), 4, "{again}");
}

crate::both_databases!(
    standings_with_a_result_missing_are_provisional_and_the_complete_rounds_are_final,
    a_withdrawn_player_is_marked_in_the_standings,
    an_expelled_player_is_flagged_and_dropped_from_the_swiss_standings,
);
