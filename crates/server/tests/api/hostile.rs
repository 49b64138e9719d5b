//! Bad input gets a 4xx with a JSON error saying what and where; never a 500
//! (the harness fails any test that sees one) and never a panic.

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::harness::{ADMIN, TestApp};

async fn malformed_json_is_400_with_line_and_column(app: TestApp) {
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments",
            Some(ADMIN),
            Some(Body::from("{\"name\": \"Open\",\n \"system\": }")),
            Some("application/json"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["error"], "malformed_json");
    assert_eq!(r.body["where"], "line 2 column 12");
}

async fn wrong_types_and_unknown_fields_name_the_field(app: TestApp) {
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(ADMIN),
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": "seven" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["error"], "invalid_json");
    assert_eq!(r.body["where"], "rounds");
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(ADMIN),
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "colour": "red" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.body["message"].as_str().unwrap().contains("colour"),
        "{r:?}"
    );
    let r = app
        .post("/api/v1/tournaments", Some(ADMIN), json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "scoring": { "win": "x" } }))
        .await;
    assert_eq!(r.body["where"], "scoring.win");
}

async fn out_of_range_numbers_are_400(app: TestApp) {
    for body in [
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 0 }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": -3 }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 1e300 }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 99999999999u64 }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "scoring": { "win": 0.25 } }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "scoring": { "draw": -1 } }),
        json!({ "name": "", "system": "swiss-dutch", "rounds": 5 }),
        json!({ "name": "x".repeat(500), "system": "swiss-dutch", "rounds": 5 }),
        json!({ "name": "Open", "system": "knockout", "rounds": 5 }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "time_control": "40/" }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "regulations": "fide-1900" }),
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "tiebreaks": ["BH; DROP TABLE"] }),
    ] {
        let r = app
            .post("/api/v1/tournaments", Some(ADMIN), body.clone())
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body} -> {r:?}");
        assert!(
            r.body["error"].is_string() && r.body["message"].is_string(),
            "{r:?}"
        );
    }
}

async fn oversized_bodies_are_413(app: TestApp) {
    let big = format!("{{\"name\": \"{}\"}}", "x".repeat(server::BODY_LIMIT + 10));
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments",
            Some(ADMIN),
            Some(Body::from(big)),
            Some("application/json"),
        )
        .await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(r.body["error"], "payload_too_large");
}

async fn a_body_that_is_not_json_is_415(app: TestApp) {
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments",
            Some(ADMIN),
            Some(Body::from("name=Open")),
            Some("application/x-www-form-urlencoded"),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(r.body["error"], "unsupported_media_type");
}

async fn unknown_ids_and_routes_are_404(app: TestApp) {
    for path in [
        "/api/v1/tournaments/00000000-0000-0000-0000-000000000000",
        "/api/v1/tournaments/'; DROP TABLE tournaments; --",
        "/api/v1/games/nope",
        "/api/v1/games/nope/events",
        "/api/v1/games/nope/pgn",
        "/api/v1/nothing-here",
    ] {
        let path = path.replace(' ', "%20");
        let r = app.get(&path, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(r.body["error"], "not_found");
    }
    // An event for a game that does not exist is 404 whatever it says: it
    // is not read as a chess or a Xiangqi event first.
    for event in [
        json!({ "expected_seq": 0, "type": "start" }),
        json!({ "expected_seq": 0, "type": "teleport" }),
        json!({ "expected_seq": 3, "type": "move", "san": "C2.5" }),
    ] {
        let r = app
            .post("/api/v1/games/nope/events", Some(ADMIN), event)
            .await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
        assert_eq!(r.body["error"], "not_found");
    }
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/abc"), None)
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let r = app
        .get(
            &format!("/api/v1/tournaments/{t}/rounds/99999999999999999999999"),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/7"), None)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = app
        .request(
            Method::DELETE,
            &format!("/api/v1/tournaments/{t}/players"),
            Some(ADMIN),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
}

async fn hostile_event_bodies_are_refused_and_stored_nowhere(app: TestApp) {
    let game = app.free_game().await;
    let path = format!("/api/v1/games/{game}/events");
    for (body, status) in [
        (json!({ "type": "start" }), StatusCode::BAD_REQUEST),
        (
            json!({ "expected_seq": -1, "type": "start" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": "0", "type": "start" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": 0.5, "type": "start" }),
            StatusCode::BAD_REQUEST,
        ),
        (json!({ "expected_seq": 0 }), StatusCode::BAD_REQUEST),
        (
            json!({ "expected_seq": 0, "type": 7 }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": 0, "type": "start", "at": "yesterday" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": 0, "type": "start", "at": "3000-01-01T00:00:00Z" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": 0, "type": "start", "at_ms": 5 }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": 0, "type": "teleport" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": 0, "type": "touch", "player": "green", "square": "e2" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "expected_seq": 0, "type": "move", "san": "Ke2" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({ "expected_seq": 5, "type": "start" }),
            StatusCode::CONFLICT,
        ),
        (json!([1, 2, 3]), StatusCode::BAD_REQUEST),
    ] {
        let r = app.post(&path, Some(ADMIN), body.clone()).await;
        assert_eq!(r.status, status, "{body} -> {r:?}");
        assert!(r.body["error"].is_string(), "{r:?}");
    }
    let r = app.get(&path, Some(ADMIN)).await;
    assert_eq!(r.body["events"], json!([]), "nothing refused was stored");
    assert_eq!(r.body["seq"], 0);
}

/// A body that reads as two different requests — the same key twice in one
/// object, which one reader takes first and another last — decides
/// nothing: 400 naming the key, and nothing is stored.
async fn a_key_given_twice_in_a_body_is_refused_naming_it(app: TestApp) {
    let game = app.free_game().await;
    let path = format!("/api/v1/games/{game}/events");
    for (body, at) in [
        (
            r#"{"expected_seq":0,"type":"start","type":"resign"}"#,
            "type",
        ),
        (
            r#"{"expected_seq":0,"expected_seq":1,"type":"start"}"#,
            "expected_seq",
        ),
    ] {
        let r = app
            .request(
                Method::POST,
                &path,
                Some(ADMIN),
                Some(Body::from(body)),
                Some("application/json"),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body} -> {r:?}");
        assert_eq!(r.body["error"], "invalid_json", "{r:?}");
        assert_eq!(r.body["where"], at, "{r:?}");
        assert!(
            r.body["message"].as_str().unwrap().contains("given twice"),
            "{r:?}"
        );
    }
    let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .request(
            Method::POST,
            &path,
            Some(ADMIN),
            Some(Body::from(
                r#"{"expected_seq":1,"type":"move","san":"e4","san":"Nf3"}"#,
            )),
            Some("application/json"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "san", "{r:?}");
    // In a nested object, with the path to it; a struct's field too.
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments",
            Some(ADMIN),
            Some(Body::from(
                r#"{"name":"Open","system":"round-robin","laws":{"x":1,"x":2}}"#,
            )),
            Some("application/json"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let r = app.get(&path, Some(ADMIN)).await;
    assert_eq!(r.body["seq"], 1, "nothing refused was stored: {r:?}");
}

async fn unicode_and_control_characters_do_not_break_anything(app: TestApp) {
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(ADMIN),
            json!({ "name": "Open \u{0}", "system": "round-robin" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    // A name that reads as another: an invisible character inside it.
    for name in ["Open\u{200b}", "\u{feff}Open", "Op\u{ad}en"] {
        let r = app
            .post(
                "/api/v1/tournaments",
                Some(ADMIN),
                json!({ "name": name, "system": "round-robin" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name:?}: {r:?}");
        assert_eq!(r.body["where"], "name", "{r:?}");
    }
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(ADMIN),
            json!({ "name": "上海 公开赛 ♔ \u{1F600}", "system": "round-robin" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let id = r.body["id"].as_str().unwrap();
    let r = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(r.body["name"], "上海 公开赛 ♔ \u{1F600}");
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments",
            Some(ADMIN),
            Some(Body::from(vec![0xff, 0xfe, 0x00])),
            Some("application/json"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

/// A player's data field of the wrong type is named in `where`, as any
/// other field is (it used to say `.`), at registration and correction.
async fn a_players_field_of_the_wrong_type_is_named(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 2, 3).await;
    let players = format!("/api/v1/tournaments/{t}/players");
    for (body, field) in [
        (
            json!({ "name": "Chen, Wei", "fide_id": "8600001" }),
            "fide_id",
        ),
        (json!({ "name": "Chen, Wei", "rating": -5 }), "rating"),
        (
            json!({ "name": "Chen, Wei", "no_half_point_byes": "yes" }),
            "no_half_point_byes",
        ),
        (json!({ "name": 7 }), "name"),
    ] {
        let r = app.post(&players, Some(&organiser), body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
        assert_eq!(r.body["where"], field, "{body}: {r:?}");
    }
    let r = app
        .request(
            Method::POST,
            &players,
            Some(&organiser),
            Some(Body::from(
                r#"{"name": "Chen, Wei", "rating": 2000, "rating": 2100}"#,
            )),
            Some("application/json"),
        )
        .await;
    assert_eq!(
        (r.status, &r.body["where"]),
        (StatusCode::BAD_REQUEST, &json!("rating")),
        "{r:?}"
    );
    let r = app
        .post(
            &players,
            Some(&organiser),
            json!({ "name": "Chen, Wei", "ratting": 2000 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert!(
        r.body["message"].as_str().unwrap().contains("ratting"),
        "{r:?}"
    );
    let id = app.player(&t, 1).await["id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::PATCH,
            &format!("{players}/{id}"),
            Some(&organiser),
            json!({ "club": 12 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "club", "{r:?}");
    assert!(
        app.player(&t, 1).await.get("club").is_none(),
        "nothing stored"
    );
}

/// A query parameter at fault is named in `where`; a round that is not one
/// paired (`after=0` among them) is refused as the pages refuse it.
async fn a_query_parameter_at_fault_is_named(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    app.pair_round(&organiser, &t).await;
    for (query, code) in [
        ("standings?after=first", "invalid_query"),
        ("standings?after=-1", "invalid_query"),
        ("standings?after=0", "invalid_field"),
        ("standings?after=2", "invalid_field"),
        ("standings?after=1&after=1", "invalid_query"),
        ("export/trf?in_progress=maybe", "invalid_query"),
        ("export/trf?edition=trf99", "invalid_query"),
    ] {
        let r = app
            .get(&format!("/api/v1/tournaments/{t}/{query}"), Some(ADMIN))
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}: {r:?}");
        assert_eq!(r.body["error"], code, "{query}: {r:?}");
        let field = query.split(['?', '=']).nth(1).unwrap();
        assert_eq!(r.body["where"], field, "{query}: {r:?}");
    }
    let game = app.free_game().await;
    for query in ["events?after=x", "events?after=-1", "stream?after=-1"] {
        let r = app
            .get(&format!("/api/v1/games/{game}/{query}"), None)
            .await;
        assert_eq!(
            (r.status, &r.body["where"]),
            (StatusCode::BAD_REQUEST, &json!("after")),
            "{query}: {r:?}"
        );
    }
    // A seq past any game's reads as "nothing after it", not an error.
    let r = app
        .get(
            &format!("/api/v1/games/{game}/events?after=18446744073709551615"),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["events"], json!([]), "{r:?}");
    for (query, field) in [
        ("q=Chen&limit=many", "limit"),
        ("limit=3", "q"),
        ("q=Chen&limit=0", "limit"),
        ("q=Chen&limit=101", "limit"),
        ("q=Chen&q=Li", "q"),
    ] {
        let r = app
            .get(&format!("/api/v1/registry/search?{query}"), Some(ADMIN))
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}: {r:?}");
        assert_eq!(r.body["where"], field, "{query}: {r:?}");
    }
}

/// A move the Laws refuse names its field (`san`, `uci`, Xiangqi's
/// `move`) and cites its article; a move of 10,000 characters is not
/// echoed back whole.
async fn a_refused_move_is_named_and_not_echoed_whole(app: TestApp) {
    let chess = app.free_game().await;
    let r = app
        .event(&chess, ADMIN, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    for (field, text) in [("san", "Ke3"), ("uci", "e2e5")] {
        let r = app
            .event(&chess, ADMIN, 1, json!({ "type": "move", field: text }))
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["where"], field, "{r:?}");
        assert!(r.body["article"].is_string(), "{r:?}");
    }
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "A", "black": "B", "game": "xiangqi" }),
        )
        .await;
    let xq = r.body["id"].as_str().unwrap().to_owned();
    let r = app.event(&xq, ADMIN, 0, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let long = "炮".repeat(10_000);
    for text in ["a0a5", long.as_str()] {
        let r = app
            .event(&xq, ADMIN, 1, json!({ "type": "move", "move": text }))
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["where"], "move", "{r:?}");
        let message = r.body["message"].as_str().unwrap();
        assert!(message.chars().count() <= 301, "{message}");
    }
    let state = app.get(&format!("/api/v1/games/{xq}"), None).await;
    assert_eq!(state.body["seq"], 1, "nothing stored: {state:?}");
}

/// A NUL character (U+0000, `%00`) in a URL, a form or a JSON body is 400,
/// naming where; nothing with one is stored (PostgreSQL could not store it:
/// it used to be a 500 there).
async fn a_nul_character_anywhere_in_a_request_is_400_and_nothing_is_stored(app: TestApp) {
    for path in [
        "/api/v1/tournaments/%00",
        "/api/v1/games/a%00b/events",
        "/t/%00",
        "/people?q=%00",
    ] {
        let r = app.get(path, None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}: {r:?}");
        assert_eq!(r.body["error"], "nul_character", "{path}");
        assert_eq!(r.body["where"], "url", "{path}");
    }
    let r = app
        .post(
            "/api/v1/tokens",
            Some(ADMIN),
            json!({ "role": "organiser", "label": "a\u{0}b" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_json");
    assert_eq!(r.body["where"], "label");
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(ADMIN),
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5, "place": "\u{0}" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let listed = app.get("/api/v1/tournaments", None).await;
    assert!(!listed.text.contains("\\u0000"), "{listed:?}");
    let r = app
        .request(
            Method::POST,
            "/signin",
            None,
            Some(Body::from("name=%00&password=x&csrf=x")),
            Some("application/x-www-form-urlencoded"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "form");
}

/// A forbidden pair's last round past the event's rounds is refused at its
/// field (it made every later TRF export fail).
async fn a_forbidden_pair_past_the_last_round_is_refused(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 5).await;
    for last in [6_u64, 100, 2_147_483_648] {
        let r = app
            .send(
                Method::PATCH,
                &format!("/api/v1/tournaments/{t}"),
                Some(&organiser),
                json!({ "pairing": { "forbidden_pairs": [
                    { "players": [1, 2], "first_round": 1, "last_round": last }
                ] } }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{last}: {r:?}");
        assert_eq!(
            r.body["where"], "pairing.forbidden_pairs[0].last_round",
            "{last}: {r:?}"
        );
    }
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert_eq!(trf.status, StatusCode::OK, "{trf:?}");
}

/// Eight closings of one event at once close it once: one 200, seven 409
/// `already_closed`, one audit row.
async fn an_event_closed_eight_times_at_once_is_closed_once(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 1).await;
    let round = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &round, |_, _, _| "1-0")
        .await;
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let (app, organiser, t) = (app.clone(), organiser.clone(), t.clone());
            tokio::spawn(async move {
                app.post(
                    &format!("/api/v1/tournaments/{t}/close"),
                    Some(&organiser),
                    json!({}),
                )
                .await
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for handle in handles {
        let r = handle.await.expect("the request ran");
        if r.status == StatusCode::CONFLICT {
            assert_eq!(r.body["error"], "already_closed", "{r:?}");
        }
        statuses.push(r.status);
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(app.audit_rows(&t, "tournament", "close").await.len(), 1);
}

/// An array is no object: a body or a setting given as an array is 400 at
/// its place and changes nothing (a struct used to read an array field by
/// field: `["renamed"]` renamed the event, `{"scoring": []}` reset its
/// scoring).
async fn an_array_where_an_object_belongs_is_400_and_changes_nothing(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5,
                    "scoring": { "win": 3, "draw": 1 } }),
        )
        .await;
    let before = app
        .get(&format!("/api/v1/tournaments/{t}"), None)
        .await
        .body;
    for (body, at) in [
        (json!(["renamed"]), "."),
        (json!({ "scoring": [] }), "scoring"),
        (json!({ "scoring": [2] }), "scoring"),
        (json!({ "pairing": [] }), "pairing"),
    ] {
        let r = app
            .send(
                Method::PATCH,
                &format!("/api/v1/tournaments/{t}"),
                Some(&organiser),
                body.clone(),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
        assert_eq!(r.body["error"], "invalid_json", "{body}");
        assert_eq!(r.body["where"], at, "{body}");
    }
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!(["Array Open", "round-robin"]),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let after = app
        .get(&format!("/api/v1/tournaments/{t}"), None)
        .await
        .body;
    assert_eq!(before, after, "nothing changed");
}

/// Texts others read are what they seem: a token's label with a control or
/// direction-overriding character, a user name with a zero-width space, a
/// resumption place with control characters, a claimed move of garbage —
/// each 400 at its field.
async fn texts_others_read_hold_no_hidden_or_control_characters(app: TestApp) {
    for label in ["a\u{1b}[31m", "a\u{202e}b", "a\u{200b}b"] {
        let r = app
            .post(
                "/api/v1/tokens",
                Some(ADMIN),
                json!({ "role": "organiser", "label": label }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{label:?}: {r:?}");
        assert_eq!(r.body["where"], "label", "{label:?}");
    }
    for name in ["admin\u{200b}", "ad\u{202e}min"] {
        let r = app
            .post(
                "/api/v1/users",
                Some(ADMIN),
                json!({ "name": name, "password": "a long enough password" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name:?}: {r:?}");
        assert_eq!(r.body["where"], "name", "{name:?}");
    }
    let game = app.free_game().await;
    for (body, at) in [
        (
            json!({ "expected_seq": 0, "type": "claim_draw", "player": "white",
                    "reason": "threefold", "move": "Zz9\u{7}" }),
            "move",
        ),
        (
            json!({ "expected_seq": 0, "type": "claim_draw", "player": "white",
                    "reason": "threefold", "move": "e".repeat(100) }),
            "move",
        ),
        (
            json!({ "expected_seq": 0, "type": "claim_draw", "player": "white",
                    "reason": "threefold", "move": "\u{202e}Nf6" }),
            "move",
        ),
        // An array where the event reads an object.
        (
            json!({ "expected_seq": 0, "type": "penalise", "player": "black",
                    "penalty": ["deduct_time", 60000], "reason": "r" }),
            "penalty",
        ),
        (
            json!({ "expected_seq": 0, "type": "declare_illegal", "ply": 1,
                    "kind": "illegal_move", "clocks": [1000, 2000] }),
            "clocks",
        ),
    ] {
        let r = app
            .post(
                &format!("/api/v1/games/{game}/events"),
                Some(ADMIN),
                body.clone(),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
        assert_eq!(r.body["where"], at, "{body}");
    }
    let state = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(state.body["seq"], 0, "nothing stored: {state:?}");
}

crate::both_databases!(
    texts_others_read_hold_no_hidden_or_control_characters,
    an_array_where_an_object_belongs_is_400_and_changes_nothing,
    a_nul_character_anywhere_in_a_request_is_400_and_nothing_is_stored,
    a_forbidden_pair_past_the_last_round_is_refused,
    an_event_closed_eight_times_at_once_is_closed_once,
    a_refused_move_is_named_and_not_echoed_whole,
    malformed_json_is_400_with_line_and_column,
    wrong_types_and_unknown_fields_name_the_field,
    out_of_range_numbers_are_400,
    oversized_bodies_are_413,
    a_body_that_is_not_json_is_415,
    unknown_ids_and_routes_are_404,
    hostile_event_bodies_are_refused_and_stored_nowhere,
    unicode_and_control_characters_do_not_break_anything,
    a_key_given_twice_in_a_body_is_refused_naming_it,
    a_players_field_of_the_wrong_type_is_named,
    a_query_parameter_at_fault_is_named,
);
