//! Two server processes on one database (two pools, two routers, two
//! broadcast channels — nothing shared but the database): racing writers,
//! and a stream on one process seeing events written through the other.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::json;
use server::{AppState, app};
use tower::ServiceExt;

use crate::harness::{ADMIN, Kind, TestApp, TestDb};

async fn two_processes(kind: Kind) -> Option<(TestDb, TestApp, TestApp)> {
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

async fn finish(db: TestDb, apps: [TestApp; 2]) {
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
