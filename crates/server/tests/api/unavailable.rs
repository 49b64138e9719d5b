//! A database that is away (restarting, failing over, out of connections)
//! is answered 503 `unavailable` with `Retry-After`, never 500: nothing was
//! changed, and the client may send the same request again.

use axum::http::StatusCode;
use serde_json::json;

use crate::harness::TestApp;

fn retry_after(r: &crate::harness::Response) -> Option<&str> {
    r.headers.get("retry-after").and_then(|v| v.to_str().ok())
}

async fn a_database_that_is_away_is_answered_503_with_retry_after_never_500(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({"name": "Spring Open", "system": "swiss-dutch", "rounds": 5}),
        )
        .await;
    let before = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(before.status, StatusCode::OK);

    // The database goes away: no connection can be had any more.
    app.state.db().close().await;

    let read = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(read.status, StatusCode::SERVICE_UNAVAILABLE, "{read:?}");
    assert_eq!(read.body["error"], "unavailable");
    assert!(
        read.body["message"]
            .as_str()
            .is_some_and(|m| m.contains("try again"))
    );
    assert_eq!(retry_after(&read), Some("2"));

    let write = app
        .send(
            axum::http::Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&organiser),
            json!({"name": "Renamed"}),
        )
        .await;
    assert_eq!(write.status, StatusCode::SERVICE_UNAVAILABLE, "{write:?}");
    assert_eq!(retry_after(&write), Some("2"));

    let standings = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    assert_eq!(
        standings.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{standings:?}"
    );

    // A page says so in the reader's language, and asks for a reload.
    for (lang, words) in [("en", "reload this page"), ("zh", "刷新本页")] {
        let page = app.get(&format!("/t/{t}?lang={lang}"), None).await;
        assert_eq!(page.status, StatusCode::SERVICE_UNAVAILABLE, "{page:?}");
        assert_eq!(retry_after(&page), Some("2"));
        assert!(page.text.contains(words), "{lang}: {}", page.text);
    }

    // What does not need the database still answers.
    let health = app.get("/health", None).await;
    assert_eq!(health.status, StatusCode::OK);
}

crate::both_databases!(a_database_that_is_away_is_answered_503_with_retry_after_never_500);
