//! Two server processes on one database (two pools, two routers, two
//! broadcast channels — nothing shared but the database): racing writers,
//! and a stream on one process seeing events written through the other.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::json;
use server::auth::TOKEN_TTL;
use server::{AppState, app};
use tower::ServiceExt;

use crate::harness::{ADMIN, Kind, TestApp, TestDb};

pub(crate) async fn two_processes(kind: Kind) -> Option<(TestDb, TestApp, TestApp)> {
    let db = TestDb::create(kind).await?;
    let mut apps = Vec::new();
    for _ in 0..2 {
        let state = AppState::new(db.open().await, Some(ADMIN));
        apps.push(TestApp {
            router: app(state.clone()),
            state,
            kind,
            url: db.url.clone(),
        });
    }
    let second = apps.pop()?;
    let first = apps.pop()?;
    Some((db, first, second))
}

pub(crate) async fn finish(db: TestDb, apps: [TestApp; 2]) {
    for app in apps {
        app.state.begin_shutdown();
        app.state.db().close().await;
    }
    db.drop_it().await;
}

async fn race(kind: Kind) {
    let Some((db, a, b)) = two_processes(kind).await else {
        return;
    };
    let game = a.free_game().await;
    assert_eq!(
        b.event(&game, ADMIN, 0, json!({ "type": "start" }))
            .await
            .status,
        StatusCode::CREATED
    );
    for (seq, san) in (1..).zip(["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"]) {
        let mut tasks = Vec::new();
        for i in 0..8 {
            let app = if i % 2 == 0 { a.clone() } else { b.clone() };
            let game = game.clone();
            tasks.push(tokio::spawn(async move {
                app.event(&game, ADMIN, seq, json!({ "type": "move", "san": san }))
                    .await
                    .status
            }));
        }
        let mut created = 0;
        for t in tasks {
            match t.await.unwrap() {
                StatusCode::CREATED => created += 1,
                StatusCode::CONFLICT => {}
                other => panic!("{san}: unexpected {other}"),
            }
        }
        assert_eq!(
            created, 1,
            "exactly one of the two processes extends seq {seq}"
        );
    }
    // Both processes see the same log, with no gap and no duplicate.
    for app in [&a, &b] {
        let r = app.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(r.body["seq"], 7);
        assert_eq!(
            r.body["moves"],
            json!(["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"])
        );
    }
    finish(db, [a, b]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_sqlite_racing_on_one_game_lose_no_update() {
    race(Kind::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_postgres_racing_on_one_game_lose_no_update() {
    race(Kind::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_on_one_postgres_process_delivers_events_written_through_another() {
    let Some((db, a, b)) = two_processes(Kind::Postgres).await else {
        return;
    };
    let game = a.free_game().await;
    let response = b
        .router
        .clone()
        .oneshot(
            Request::get(format!("/api/v1/games/{game}/stream"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    // Give the LISTEN connection of process B a moment to be established.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        a.event(&game, ADMIN, 0, json!({ "type": "start" }))
            .await
            .status,
        StatusCode::CREATED
    );
    let mut buffer = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !buffer.contains("\"seq\":1") {
        let frame = tokio::time::timeout_at(deadline, body.frame())
            .await
            .expect("the event written through process A reaches process B's stream")
            .expect("stream open")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
    }
    assert!(buffer.contains("event: start"), "{buffer}");
    drop(body);
    finish(db, [a, b]).await;
}

/// Process A's cache holds the game at seq 2; process B then records seq 3.
/// A must answer a write at the old seq 409 (the database's compare-and-swap
/// decides, not A's cache) and build later states on B's move.
async fn cache_never_serves_a_stale_head(kind: Kind) {
    let Some((db, a, b)) = two_processes(kind).await else {
        return;
    };
    let game = a.free_game().await;
    for (seq, event) in [
        json!({ "type": "start" }),
        json!({ "type": "move", "san": "d4" }),
    ]
    .into_iter()
    .enumerate()
    {
        let r = a.event(&game, ADMIN, seq as i64, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    let r = b
        .event(&game, ADMIN, 2, json!({ "type": "move", "san": "Nf6" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = a
        .event(&game, ADMIN, 2, json!({ "type": "move", "san": "d5" }))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "stale_seq");
    let r = a
        .event(&game, ADMIN, 3, json!({ "type": "move", "san": "c4" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["moves"], json!(["d4", "Nf6", "c4"]));
    let r = b
        .event(&game, ADMIN, 4, json!({ "type": "move", "san": "e6" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["state"]["moves"], json!(["d4", "Nf6", "c4", "e6"]));
    // Stale and legal is 409; at the head but illegal (a white pawn to e5) is 422.
    let r = a
        .event(&game, ADMIN, 4, json!({ "type": "move", "san": "Nf3" }))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    let r = a
        .event(&game, ADMIN, 5, json!({ "type": "move", "san": "e5" }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    finish(db, [a, b]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sqlite_a_write_at_a_seq_another_process_extended_is_409_despite_the_cache() {
    cache_never_serves_a_stale_head(Kind::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_a_write_at_a_seq_another_process_extended_is_409_despite_the_cache() {
    cache_never_serves_a_stale_head(Kind::Postgres).await;
}

/// A token revoked through process A is refused by process B, which had
/// just accepted it: on PostgreSQL at once (NOTIFY), on SQLite within the
/// token cache's lifetime.
async fn revocation_reaches_the_other_process(kind: Kind, within: Duration) {
    let Some((db, a, b)) = two_processes(kind).await else {
        return;
    };
    // Give process B's LISTEN connection a moment to be established.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let r = a
        .post(
            "/api/v1/tokens",
            Some(ADMIN),
            json!({ "role": "organiser", "label": "club" }),
        )
        .await;
    let id = r.body["id"].as_str().unwrap().to_owned();
    let token = r.body["token"].as_str().unwrap().to_owned();
    let body = json!({ "name": "Open", "system": "round-robin" });
    let r = b
        .post("/api/v1/tournaments", Some(&token), body.clone())
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = a
        .request(
            axum::http::Method::DELETE,
            &format!("/api/v1/tokens/{id}"),
            Some(ADMIN),
            None,
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let revoked = tokio::time::Instant::now();
    loop {
        let r = b
            .post("/api/v1/tournaments", Some(&token), body.clone())
            .await;
        if r.status == StatusCode::UNAUTHORIZED {
            break;
        }
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        assert!(
            revoked.elapsed() < within,
            "process B still accepts the revoked token after {:?}",
            revoked.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    finish(db, [a, b]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_revoked_in_one_sqlite_process_is_refused_by_the_other_within_the_cache_lifetime() {
    revocation_reaches_the_other_process(Kind::Sqlite, TOKEN_TTL + Duration::from_millis(200))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_revoked_in_one_postgres_process_is_refused_by_the_other_through_notify() {
    // Well under TOKEN_TTL: the cache's expiry alone would be too late.
    revocation_reaches_the_other_process(Kind::Postgres, TOKEN_TTL / 2).await;
}

/// Issue 17 item 7: two processes find the same flag fall due at the same
/// time; the compare-and-swap on the game's head lets exactly one record it.
async fn due_race(kind: Kind) {
    let Some((db, a, b)) = two_processes(kind).await else {
        return;
    };
    let mut games = Vec::new();
    for _ in 0..5 {
        let r = a
            .post(
                "/api/v1/games",
                Some(ADMIN),
                json!({ "white": "A", "black": "B", "time_control": "60" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        let game = r.body["id"].as_str().expect("id").to_owned();
        let start = json!({ "type": "start", "at": "2026-04-01T14:00:00Z" });
        assert_eq!(
            b.event(&game, ADMIN, 0, start).await.status,
            StatusCode::CREATED
        );
        games.push(game);
    }
    let now = chrono::Utc::now();
    let (x, y) = tokio::join!(
        server::due::record_due_results(&a.state, now),
        server::due::record_due_results(&b.state, now),
    );
    assert_eq!(x + y, 5, "each due result recorded once: {x} + {y}");
    for game in &games {
        for app in [&a, &b] {
            let r = app.get(&format!("/api/v1/games/{game}"), None).await;
            assert_eq!(r.body["seq"], 2, "one observation after the start: {r:?}");
            assert_eq!(r.body["result"], "0-1");
        }
    }
    finish(db, [a, b]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sqlite_processes_record_a_due_flag_fall_exactly_once() {
    due_race(Kind::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_postgres_processes_record_a_due_flag_fall_exactly_once() {
    due_race(Kind::Postgres).await;
}
