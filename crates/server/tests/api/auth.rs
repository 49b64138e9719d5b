//! Bearer tokens: who may do what.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::harness::{ADMIN, TestApp};

async fn writes_need_a_token_and_a_wrong_token_is_401(app: TestApp) {
    let body = json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 });
    let r = app.post("/api/v1/tournaments", None, body.clone()).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.body["error"], "unauthorized");
    let r = app
        .post("/api/v1/tournaments", Some("arb_not-a-token"), body.clone())
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = app
        .request(Method::POST, "/api/v1/tournaments", Some(""), None, None)
        .await;
    assert_eq!(
        r.status,
        StatusCode::UNAUTHORIZED,
        "an empty bearer token is refused"
    );
}

async fn only_an_administrator_creates_organisers(app: TestApp) {
    let organiser = app.organiser().await;
    assert!(
        organiser.starts_with("arb_") && organiser.len() == 68,
        "256-bit token"
    );
    let r = app
        .post(
            "/api/v1/tokens",
            Some(&organiser),
            json!({ "role": "organiser" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = app
        .post("/api/v1/tokens", Some(ADMIN), json!({ "role": "admin" }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

async fn an_arbiter_of_tournament_a_cannot_write_to_tournament_b(app: TestApp) {
    let organiser = app.organiser().await;
    let a = app
        .tournament(
            &organiser,
            json!({ "name": "A", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    let b = app
        .tournament(
            &organiser,
            json!({ "name": "B", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &b, &[("One", 2000), ("Two", 1900)])
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{b}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let game_b = r.body["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let arbiter_a = app.token(&organiser, "arbiter", Some(&a)).await;
    let chief_a = app.token(&organiser, "chief_arbiter", Some(&a)).await;

    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{b}/rounds/1/boards/1/result"),
            Some(&arbiter_a),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let r = app
        .event(&game_b, &arbiter_a, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let r = app
        .post(
            &format!("/api/v1/tournaments/{b}/players"),
            Some(&chief_a),
            json!({ "name": "X" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let r = app
        .post(
            "/api/v1/tokens",
            Some(&chief_a),
            json!({ "role": "arbiter", "tournament_id": b }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");

    // The arbiter of B may.
    let arbiter_b = app.token(&organiser, "arbiter", Some(&b)).await;
    let r = app
        .event(&game_b, &arbiter_b, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    // An arbiter may not manage: pairing and players are the chief's.
    let r = app
        .post(
            &format!("/api/v1/tournaments/{b}/players"),
            Some(&arbiter_b),
            json!({ "name": "Y" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

async fn another_organiser_cannot_touch_my_tournament(app: TestApp) {
    let mine = app.organiser().await;
    let theirs = app.organiser().await;
    let t = app
        .tournament(&mine, json!({ "name": "Mine", "system": "round-robin" }))
        .await;
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&theirs),
            json!({ "name": "Ours" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = app
        .post(
            "/api/v1/tokens",
            Some(&theirs),
            json!({ "role": "chief_arbiter", "tournament_id": t }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

async fn a_revoked_token_is_refused(app: TestApp) {
    let r = app
        .post(
            "/api/v1/tokens",
            Some(ADMIN),
            json!({ "role": "organiser", "label": "club" }),
        )
        .await;
    let id = r.body["id"].as_str().unwrap().to_owned();
    let token = r.body["token"].as_str().unwrap().to_owned();
    let body = json!({ "name": "Open", "system": "round-robin" });
    assert_eq!(
        app.post("/api/v1/tournaments", Some(&token), body.clone())
            .await
            .status,
        StatusCode::CREATED
    );
    let r = app
        .request(
            Method::DELETE,
            &format!("/api/v1/tokens/{id}"),
            Some(ADMIN),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = app.post("/api/v1/tournaments", Some(&token), body).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = app
        .request(
            Method::DELETE,
            "/api/v1/tokens/no-such-token",
            Some(ADMIN),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

async fn tokens_are_stored_hashed(app: TestApp) {
    use sqlx::Row;
    let token = app.organiser().await;
    let rows = sqlx::query("SELECT token_hash FROM tokens")
        .fetch_all(app.state.db().pool())
        .await
        .unwrap();
    assert_eq!(rows.len(), 1);
    let stored: String = rows[0].try_get("token_hash").unwrap();
    assert_ne!(stored, token);
    assert_eq!(stored, server::auth::hash_token(&token));
}

async fn public_reads_need_no_token(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    for path in [
        format!("/api/v1/tournaments/{t}"),
        format!("/api/v1/tournaments/{t}/players"),
        format!("/api/v1/tournaments/{t}/rounds"),
        "/api/v1/tournaments".to_owned(),
        "/api/v1/openapi.json".to_owned(),
    ] {
        assert_eq!(app.get(&path, None).await.status, StatusCode::OK, "{path}");
    }
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), None)
        .await;
    assert_eq!(
        r.status,
        StatusCode::UNAUTHORIZED,
        "the audit trail is for arbiters"
    );
}

async fn a_revoked_token_is_refused_at_once_even_in_the_middle_of_a_game(app: TestApp) {
    // Issue 6 (tokens revocable): the token lookup is cached for speed, but a
    // revocation in this process takes effect for the very next request.
    let r = app
        .post(
            "/api/v1/tokens",
            Some(ADMIN),
            json!({ "role": "organiser", "label": "demo board" }),
        )
        .await;
    let id = r.body["id"].as_str().unwrap().to_owned();
    let token = r.body["token"].as_str().unwrap().to_owned();
    let r = app
        .post(
            "/api/v1/games",
            Some(&token),
            json!({ "white": "Short, Nigel", "black": "Timman, Jan" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let game = r.body["id"].as_str().unwrap().to_owned();
    for (seq, event) in [
        json!({ "type": "start" }),
        json!({ "type": "move", "san": "e4" }),
        json!({ "type": "move", "san": "Nf6" }),
    ]
    .into_iter()
    .enumerate()
    {
        let r = app.event(&game, &token, seq as i64, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    let r = app
        .request(
            Method::DELETE,
            &format!("/api/v1/tokens/{id}"),
            Some(ADMIN),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = app
        .event(&game, &token, 3, json!({ "type": "move", "san": "e5" }))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(
        r.body["seq"], 3,
        "nothing was recorded with the revoked token"
    );
}

crate::both_databases!(
    writes_need_a_token_and_a_wrong_token_is_401,
    only_an_administrator_creates_organisers,
    an_arbiter_of_tournament_a_cannot_write_to_tournament_b,
    another_organiser_cannot_touch_my_tournament,
    a_revoked_token_is_refused,
    a_revoked_token_is_refused_at_once_even_in_the_middle_of_a_game,
    tokens_are_stored_hashed,
    public_reads_need_no_token,
);
