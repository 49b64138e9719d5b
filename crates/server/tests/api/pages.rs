//! The page cache across processes: a page one process has cached is never
//! served after a change made through another process on the same database
//! (each page is compared with what a process with an empty cache renders
//! at that moment), and a conditional request for an unchanged page is a
//! 304.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::json;
use server::{AppState, app};
use tower::ServiceExt;

use crate::harness::{ADMIN, Kind, TestApp, TestDb};
use crate::multi::{finish, two_processes};

/// A third process on `db` with nothing cached: what the pages are now.
async fn fresh(db: &TestDb, kind: Kind) -> TestApp {
    let state = AppState::new(db.open().await, Some(ADMIN));
    TestApp {
        router: app(state.clone()),
        state,
        kind,
        url: db.url.clone(),
    }
}

/// `paths` on `cached` (which may serve them from its cache) are the pages
/// a process with an empty cache renders now.
async fn same_as_fresh(db: &TestDb, kind: Kind, cached: &TestApp, paths: &[String], when: &str) {
    let reference = fresh(db, kind).await;
    for path in paths {
        let got = cached.get(path, None).await;
        let want = reference.get(path, None).await;
        assert_eq!(got.status, StatusCode::OK, "{when}: {path}");
        assert_eq!(want.status, StatusCode::OK, "{when}: {path}");
        assert!(got.text == want.text, "{when}: {path} is stale");
    }
    reference.state.begin_shutdown();
    reference.state.db().close().await;
}

/// GET `path` with `If-None-Match: etag`: the status and the ETag.
async fn conditional(app: &TestApp, path: &str, etag: &str) -> (StatusCode, String) {
    let request = Request::builder()
        .method(Method::GET)
        .uri(path)
        .header(header::IF_NONE_MATCH, etag)
        .body(Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let etag = response
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let _ = response.into_body().collect().await.unwrap();
    (status, etag)
}

async fn cached_pages_follow_changes_made_by_another_process(kind: Kind) {
    let Some((db, a, b)) = two_processes(kind).await else {
        return;
    };
    let org = a.organiser().await;
    let t = a
        .tournament(
            &org,
            json!({ "name": "Cache Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    a.players(
        &org,
        &t,
        &[
            ("Alpha, A", 2400),
            ("Bravo, B", 2300),
            ("Charlie, C", 2200),
            ("Delta, D", 2100),
        ],
    )
    .await;
    let round = a.pair_round(&org, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let pages: Vec<String> = [
        "/".to_owned(),
        format!("/t/{t}"),
        format!("/t/{t}/players"),
        format!("/t/{t}/players/1"),
        format!("/t/{t}/standings"),
        format!("/t/{t}/standings?lang=zh"),
        format!("/t/{t}/crosstable"),
        format!("/t/{t}/rounds/1"),
        format!("/t/{t}/rounds/1/live"),
        format!("/t/{t}/rounds/1.pgn"),
    ]
    .into();
    // Process A renders and caches every page; a second view is the same
    // page, and a conditional request for it a 304.
    let mut before = Vec::new();
    for path in &pages {
        let first = a.get(path, None).await;
        assert_eq!(first.status, StatusCode::OK, "{path}");
        let again = a.get(path, None).await;
        assert_eq!(first.text, again.text, "{path}");
        let etag = first.headers[header::ETAG].to_str().unwrap().to_owned();
        assert_eq!(
            conditional(&a, path, &etag).await.0,
            StatusCode::NOT_MODIFIED,
            "{path}"
        );
        before.push((path.clone(), first.text, etag));
    }
    same_as_fresh(&db, kind, &a, &pages, "unchanged").await;

    // A result entered through process B.
    let r = b
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/2/result"),
            Some(&org),
            json!({ "result": "1/2-1/2" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    same_as_fresh(&db, kind, &a, &pages, "after a result").await;
    let standings = a.get(&format!("/t/{t}/standings"), None).await;
    assert!(
        standings.text.contains("<strong>0.5</strong>")
            || standings.text.contains("<strong>½</strong>"),
        "{}",
        standings.text
    );
    for (path, text, etag) in &before {
        if path.contains("standings") {
            let (status, now) = conditional(&a, path, etag).await;
            assert_eq!(status, StatusCode::OK, "{path}: the reader's copy is stale");
            assert_ne!(&now, etag);
            assert_ne!(&a.get(path, None).await.text, text);
        }
    }

    // A player added through process B (late entry).
    let r = b
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&org),
            json!({ "name": "Echo, E", "rating": 2000 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    same_as_fresh(&db, kind, &a, &pages, "after a player").await;
    assert!(
        a.get(&format!("/t/{t}/players"), None)
            .await
            .text
            .contains("Echo, E")
    );

    // A setting changed through process B.
    let r = b
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&org),
            json!({ "name": "Cache Open Renamed" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    same_as_fresh(&db, kind, &a, &pages, "after a setting").await;
    assert!(
        a.get(&format!("/t/{t}"), None)
            .await
            .text
            .contains("Cache Open Renamed")
    );
    assert!(a.get("/", None).await.text.contains("Cache Open Renamed"));

    // Moves recorded through process B change the round's pages (not the
    // tournament's version); the game's end changes the standings.
    for (seq, event) in [
        json!({ "type": "start" }),
        json!({ "type": "move", "san": "e4" }),
        json!({ "type": "move", "san": "e5" }),
    ]
    .into_iter()
    .enumerate()
    {
        let r = b.event(&game, ADMIN, seq as i64, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        same_as_fresh(&db, kind, &a, &pages, &format!("after event {seq}")).await;
    }
    assert!(
        a.get(&format!("/t/{t}/rounds/1.pgn"), None)
            .await
            .text
            .contains("1. e4")
    );
    let r = b
        .event(
            &game,
            ADMIN,
            3,
            json!({ "type": "resign", "player": "white" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    same_as_fresh(&db, kind, &a, &pages, "after the game's end").await;
    let cross = a.get(&format!("/t/{t}/crosstable"), None).await;
    assert!(
        cross.text.contains("w1"),
        "a win shows in the crosstable: {}",
        cross.text
    );
    finish(db, [a, b]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_cached_page_is_never_served_after_a_change_through_another_process() {
    cached_pages_follow_changes_made_by_another_process(Kind::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_cached_page_is_never_served_after_a_change_through_another_process() {
    cached_pages_follow_changes_made_by_another_process(Kind::Postgres).await;
}
