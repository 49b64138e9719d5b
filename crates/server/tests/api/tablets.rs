//! Board tablet links (issue 21): an arbiter makes a link for chosen
//! boards; a tablet that opens it records the games of those boards and
//! nothing else; revoking the link ends the tablet's session at once.

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::harness::{ADMIN, TestApp};

/// What a raw request answered.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    text: String,
    body: Value,
}

impl std::fmt::Debug for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.text)
    }
}

impl Answer {
    fn header(&self, name: header::HeaderName) -> String {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    }

    /// The value of cookie `name` this answer sets.
    fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|v| {
                let (k, rest) = v.split_once('=')?;
                (k == name).then(|| rest.split(';').next().unwrap_or("").to_owned())
            })
    }
}

/// A request with the given headers and an optional JSON body.
async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Answer {
    let mut builder = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let body = match body {
        Some(json) => {
            builder = builder.header(header::CONTENT_TYPE, "application/json");
            Body::from(json.to_string())
        }
        None => Body::empty(),
    };
    let response = app
        .router
        .clone()
        .oneshot(builder.body(body).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "a 500: {text}");
    Answer {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
        text,
    }
}

/// A paired round 1 of four players (two boards) with its organiser and
/// an arbiter token.
struct Event {
    organiser: String,
    arbiter: String,
    id: String,
    /// The games of boards 1 and 2.
    games: Vec<String>,
    /// Round 1 as pairing answered it.
    round: Value,
}

async fn event(app: &TestApp, name: &str) -> Event {
    let organiser = app.organiser().await;
    let id = app
        .tournament(
            &organiser,
            json!({ "name": name, "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(
        &organiser,
        &id,
        &[
            ("Alpha, Ann", 2400),
            ("Beta, Bob", 2300),
            ("Gamma, Gus", 2200),
            ("Delta, Dan", 2100),
        ],
    )
    .await;
    let round = app.pair_round(&organiser, &id).await;
    let games = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["game_id"].as_str().unwrap().to_owned())
        .collect();
    let arbiter = app.token(&organiser, "arbiter", Some(&id)).await;
    Event {
        organiser,
        arbiter,
        id,
        games,
        round,
    }
}

/// A signed-in tablet: its cookie header and CSRF token.
struct Tablet {
    cookie: String,
    csrf: String,
}

/// Opens `path` (a tablet link) on a fresh tablet, follows nothing; the
/// answer and the tablet it signed in.
async fn open_link(app: &TestApp, path: &str) -> (Answer, Tablet) {
    let r = call(app, Method::GET, path, &[], None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{r:?}");
    let token = r.set_cookie("arbiter_session").expect("a session cookie");
    let cookie = format!("arbiter_session={token}");
    let page = call(app, Method::GET, "/tablet", &[("cookie", &cookie)], None).await;
    assert_eq!(page.status, StatusCode::OK, "{page:?}");
    let csrf = page
        .text
        .split("name=\"csrf-token\" content=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the page's CSRF token")
        .to_owned();
    (r, Tablet { cookie, csrf })
}

/// Posts an event to `game` as the tablet.
async fn tablet_event(app: &TestApp, tablet: &Tablet, game: &str, event: Value) -> Answer {
    call(
        app,
        Method::POST,
        &format!("/api/v1/games/{game}/events"),
        &[("cookie", &tablet.cookie), ("x-csrf-token", &tablet.csrf)],
        Some(event),
    )
    .await
}

async fn create_link(app: &TestApp, token: &str, t: &str, body: Value) -> Answer {
    call(
        app,
        Method::POST,
        &format!("/api/v1/tournaments/{t}/tablet-links"),
        &[
            ("authorization", &format!("Bearer {token}")),
            ("host", "arbiter.example"),
        ],
        Some(body),
    )
    .await
}

async fn a_tablet_link_signs_a_tablet_in_to_record_its_board_and_nothing_else(app: TestApp) {
    let e = event(&app, "Tablet Open").await;
    let r = create_link(
        &app,
        &e.arbiter,
        &e.id,
        json!({ "round": 1, "boards": [1], "label": "Hall A" }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let link_id = r.body["id"].as_str().unwrap().to_owned();
    let path = r.body["path"].as_str().unwrap().to_owned();
    assert!(path.starts_with("/tablet/") && path.len() == "/tablet/".len() + 64);
    assert_eq!(r.body["url"], format!("http://arbiter.example{path}"));
    assert_eq!(r.body["boards"], json!([1]));
    assert_eq!(r.body["actor"], format!("tablet:{link_id}"));
    assert!(r.body["qr_svg"].as_str().unwrap().starts_with("<svg"));

    // One board: straight to its game's recording screen.
    let (opened, tablet) = open_link(&app, &path).await;
    assert_eq!(
        opened.header(header::LOCATION),
        format!("/console/games/{}", e.games[0])
    );
    assert_eq!(opened.header(header::REFERRER_POLICY), "no-referrer");
    let screen = call(
        &app,
        Method::GET,
        &format!("/console/games/{}", e.games[0]),
        &[("cookie", &tablet.cookie)],
        None,
    )
    .await;
    assert!(
        screen.text.contains("Board tablet: Hall A"),
        "{}",
        screen.text
    );

    // It records on its board; the log names the tablet.
    let r = tablet_event(
        &app,
        &tablet,
        &e.games[0],
        json!({ "type": "start", "expected_seq": 0 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = tablet_event(
        &app,
        &tablet,
        &e.games[0],
        json!({ "type": "move", "san": "e4", "expected_seq": 1 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["events"][0]["actor"], format!("tablet:{link_id}"));

    // Not without the session's CSRF token.
    let r = call(
        &app,
        Method::POST,
        &format!("/api/v1/games/{}/events", e.games[0]),
        &[("cookie", &tablet.cookie)],
        Some(json!({ "type": "move", "san": "e5", "expected_seq": 2 })),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");

    // Not another board's game.
    let r = tablet_event(
        &app,
        &tablet,
        &e.games[1],
        json!({ "type": "start", "expected_seq": 0 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    assert_eq!(r.body["error"], "tablet_scope");

    // No organiser's or arbiter's action: pairing, results, tokens, links,
    // players, the audit trail, a game of its own.
    let writes = [
        (
            Method::POST,
            format!("/api/v1/tournaments/{}/rounds", e.id),
            json!({}),
        ),
        (
            Method::PUT,
            format!("/api/v1/tournaments/{}/rounds/1/boards/1/result", e.id),
            json!({ "result": "1-0" }),
        ),
        (
            Method::POST,
            "/api/v1/tokens".to_owned(),
            json!({ "role": "arbiter", "tournament_id": e.id }),
        ),
        (
            Method::POST,
            format!("/api/v1/tournaments/{}/tablet-links", e.id),
            json!({ "round": 1, "boards": [2] }),
        ),
        (
            Method::POST,
            format!("/api/v1/tournaments/{}/players", e.id),
            json!({ "name": "Epsilon, Eve" }),
        ),
        (
            Method::POST,
            "/api/v1/games".to_owned(),
            json!({ "white": "A", "black": "B" }),
        ),
    ];
    for (method, path, body) in writes {
        let r = call(
            &app,
            method,
            &path,
            &[("cookie", &tablet.cookie), ("x-csrf-token", &tablet.csrf)],
            Some(body),
        )
        .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{path}: {r:?}");
        assert_eq!(r.body["error"], "tablet_scope", "{path}");
    }
    let r = call(
        &app,
        Method::GET,
        &format!("/api/v1/tournaments/{}/audit", e.id),
        &[("cookie", &tablet.cookie)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    assert_eq!(r.body["error"], "tablet_scope");
    let r = call(
        &app,
        Method::GET,
        "/api/v1/users/me",
        &[("cookie", &tablet.cookie)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");

    // The audit trail names who made the link.
    let r = app
        .get(
            &format!("/api/v1/tournaments/{}/audit", e.id),
            Some(&e.organiser),
        )
        .await;
    let made = r.body["audit"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["entity"] == "tablet_link")
        .expect("the link's creation");
    assert_eq!(made["action"], "create");
    assert_eq!(made["after"]["boards"], json!([1]));

    // Revoked: the next request is refused, and the link opens nothing.
    let r = app
        .send(
            Method::DELETE,
            &format!("/api/v1/tournaments/{}/tablet-links/{link_id}", e.id),
            Some(&e.arbiter),
            json!(null),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{r:?}");
    let r = tablet_event(
        &app,
        &tablet,
        &e.games[0],
        json!({ "type": "move", "san": "e5", "expected_seq": 2 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
    let r = call(&app, Method::GET, &path, &[], None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    assert!(r.set_cookie("arbiter_session").is_none());
    let r = app
        .get(
            &format!("/api/v1/tournaments/{}/tablet-links", e.id),
            Some(&e.arbiter),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["links"][0]["id"], link_id.as_str());
    assert!(r.body["links"][0]["revoked_at"].is_string());
    assert!(
        !r.text.contains(&path["/tablet/".len()..]),
        "no secret listed"
    );
}

async fn a_link_for_several_boards_opens_the_tablet_s_page_of_its_boards(app: TestApp) {
    let e = event(&app, "Two Boards").await;
    let r = create_link(
        &app,
        &e.organiser,
        &e.id,
        json!({ "round": 1, "boards": [2, 1] }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["boards"], json!([1, 2]));
    let path = r.body["path"].as_str().unwrap().to_owned();
    let (opened, tablet) = open_link(&app, &path).await;
    assert_eq!(opened.header(header::LOCATION), "/tablet");
    for (lang, heading) in [("en", "Board 2"), ("zh", "第 2 台")] {
        let page = call(
            &app,
            Method::GET,
            &format!("/tablet?lang={lang}"),
            &[("cookie", &tablet.cookie)],
            None,
        )
        .await;
        assert!(page.text.contains(heading), "{lang}: {}", page.text);
        for game in &e.games {
            assert!(page.text.contains(&format!("/console/games/{game}")));
        }
    }
    for game in &e.games {
        let r = tablet_event(
            &app,
            &tablet,
            game,
            json!({ "type": "start", "expected_seq": 0 }),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    // Its sign-out ends its session.
    let r = call(
        &app,
        Method::DELETE,
        "/api/v1/sessions/current",
        &[("cookie", &tablet.cookie), ("x-csrf-token", &tablet.csrf)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{r:?}");
    let r = tablet_event(
        &app,
        &tablet,
        &e.games[0],
        json!({ "type": "move", "san": "d4", "expected_seq": 1 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
}

async fn a_link_for_every_round_follows_its_board_numbers_into_the_next_round(app: TestApp) {
    let e = event(&app, "Every Round").await;
    let r = create_link(&app, &e.arbiter, &e.id, json!({ "boards": [1] })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["round"], Value::Null);
    let path = r.body["path"].as_str().unwrap().to_owned();
    app.finish_round(&e.organiser, &e.id, &e.round, |_, _, _| "1-0")
        .await;
    let round2 = app.pair_round(&e.organiser, &e.id).await;
    let board1 = round2["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let board2 = round2["boards"][1]["game_id"].as_str().unwrap().to_owned();
    let (opened, tablet) = open_link(&app, &path).await;
    assert_eq!(
        opened.header(header::LOCATION),
        format!("/console/games/{board1}")
    );
    let r = tablet_event(
        &app,
        &tablet,
        &board1,
        json!({ "type": "start", "expected_seq": 0 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = tablet_event(
        &app,
        &tablet,
        &board2,
        json!({ "type": "start", "expected_seq": 0 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
}

async fn hostile_tablet_link_requests_are_refused_with_the_field_named(app: TestApp) {
    let e = event(&app, "Hostile").await;
    let other = event(&app, "Elsewhere").await;
    let cases = [
        (
            json!({ "round": 1, "boards": [3] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown_board",
            "boards[0]",
        ),
        (
            json!({ "round": 1, "boards": [1, 9] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown_board",
            "boards[1]",
        ),
        (
            json!({ "round": 2, "boards": [1] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown_round",
            "round",
        ),
        (
            json!({ "round": 0, "boards": [1] }),
            StatusCode::BAD_REQUEST,
            "invalid_field",
            "round",
        ),
        (
            json!({ "round": 1, "boards": [] }),
            StatusCode::BAD_REQUEST,
            "invalid_field",
            "boards",
        ),
        (
            json!({ "round": 1, "boards": [0] }),
            StatusCode::BAD_REQUEST,
            "invalid_field",
            "boards[0]",
        ),
        (
            json!({ "round": 1, "boards": [1], "label": "x".repeat(201) }),
            StatusCode::BAD_REQUEST,
            "invalid_field",
            "label",
        ),
        (
            json!({ "round": 1, "boards": [1], "label": "Hall\u{7} A" }),
            StatusCode::BAD_REQUEST,
            "invalid_field",
            "label",
        ),
        (
            json!({ "round": 1, "boards": [1, 1] }),
            StatusCode::BAD_REQUEST,
            "invalid_field",
            "boards[1]",
        ),
    ];
    for (body, status, code, at) in cases {
        let r = create_link(&app, &e.arbiter, &e.id, body.clone()).await;
        assert_eq!(r.status, status, "{body}: {r:?}");
        assert_eq!(r.body["error"], code, "{body}");
        assert_eq!(r.body["where"], at, "{body}");
    }
    for body in [
        json!({ "round": 1 }),
        json!({ "round": "one", "boards": [1] }),
        json!({ "round": 1, "boards": [1], "secret": "mine" }),
        json!({ "round": 1, "boards": [1.5] }),
    ] {
        let r = create_link(&app, &e.arbiter, &e.id, body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
    }
    // Another tournament's arbiter, and its organiser, are refused.
    for token in [&other.arbiter, &other.organiser] {
        let r = create_link(&app, token, &e.id, json!({ "round": 1, "boards": [1] })).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
        let r = app
            .get(
                &format!("/api/v1/tournaments/{}/tablet-links", e.id),
                Some(token),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    }
    let r = call(
        &app,
        Method::POST,
        &format!("/api/v1/tournaments/{}/tablet-links", e.id),
        &[],
        Some(json!({ "round": 1, "boards": [1] })),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
    let r = create_link(
        &app,
        ADMIN,
        "no-such-tournament",
        json!({ "round": 1, "boards": [1] }),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    // A link is revoked only through its own tournament.
    let r = create_link(
        &app,
        &e.arbiter,
        &e.id,
        json!({ "round": 1, "boards": [1] }),
    )
    .await;
    let link = r.body["id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::DELETE,
            &format!("/api/v1/tournaments/{}/tablet-links/{link}", other.id),
            Some(&other.arbiter),
            json!(null),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    let r = app
        .send(
            Method::DELETE,
            &format!("/api/v1/tournaments/{}/tablet-links/{link}", e.id),
            Some(&other.arbiter),
            json!(null),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    // A tablet of one tournament records nothing in another.
    let path = create_link(
        &app,
        &e.arbiter,
        &e.id,
        json!({ "round": 1, "boards": [1, 2] }),
    )
    .await
    .body["path"]
        .as_str()
        .unwrap()
        .to_owned();
    let (_, tablet) = open_link(&app, &path).await;
    let r = tablet_event(
        &app,
        &tablet,
        &other.games[0],
        json!({ "type": "start", "expected_seq": 0 }),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    assert_eq!(r.body["error"], "tablet_scope");
    // Links that are no links.
    for (bad, status) in [
        ("/tablet/abc".to_owned(), StatusCode::NOT_FOUND),
        (format!("/tablet/{}", "0".repeat(64)), StatusCode::NOT_FOUND),
        (format!("/tablet/{}", "z".repeat(64)), StatusCode::NOT_FOUND),
        // A NUL character in a URL is refused before any route reads it.
        (
            format!("/tablet/{}%00", "0".repeat(64)),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let r = call(&app, Method::GET, &bad, &[], None).await;
        assert_eq!(r.status, status, "{bad}: {r:?}");
        assert!(r.set_cookie("arbiter_session").is_none());
    }
    // A forged session cookie is no tablet.
    let r = call(
        &app,
        Method::POST,
        &format!("/api/v1/games/{}/events", e.games[0]),
        &[
            ("cookie", "arbiter_session=forged"),
            ("x-csrf-token", "forged"),
        ],
        Some(json!({ "type": "start", "expected_seq": 0 })),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
}

async fn the_console_s_tablet_page_offers_the_round_s_boards_in_both_languages(app: TestApp) {
    let e = event(&app, "Console Tablets").await;
    for (lang, title, create) in [
        ("en", "Board tablets of round 1", "Make the link"),
        ("zh", "第 1 轮的台次平板", "生成链接"),
    ] {
        let r = call(
            &app,
            Method::GET,
            &format!("/console/tournaments/{}/rounds/1/tablets?lang={lang}", e.id),
            &[],
            None,
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
        assert!(r.text.contains(title), "{lang}");
        assert!(r.text.contains(create), "{lang}");
        assert!(r.text.contains("name=\"board\" value=\"2\""), "{lang}");
        assert!(r.text.contains("tablets.js"));
    }
    let r = call(
        &app,
        Method::GET,
        &format!("/console/tournaments/{}/rounds/2/tablets", e.id),
        &[],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = call(&app, Method::GET, "/tablet?lang=zh", &[], None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text.contains("尚未以台次平板身份登录"), "{}", r.text);
}

crate::both_databases!(
    a_tablet_link_signs_a_tablet_in_to_record_its_board_and_nothing_else,
    a_link_for_several_boards_opens_the_tablet_s_page_of_its_boards,
    a_link_for_every_round_follows_its_board_numbers_into_the_next_round,
    hostile_tablet_link_requests_are_refused_with_the_field_named,
    the_console_s_tablet_page_offers_the_round_s_boards_in_both_languages,
);
