//! Request ids: every response carries `x-request-id`, the client's when it
//! sent one, else a fresh UUID (also on an error and on an unknown route).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt;

use crate::both_databases;
use crate::harness::TestApp;

fn request_id(headers: &axum::http::HeaderMap) -> String {
    headers
        .get("x-request-id")
        .expect("an x-request-id header")
        .to_str()
        .expect("ASCII")
        .to_owned()
}

async fn a_request_without_an_id_gets_a_fresh_uuid(app: TestApp) {
    let first = app.get("/health", None).await;
    assert_eq!(first.status, StatusCode::OK);
    let first = request_id(&first.headers);
    uuid::Uuid::parse_str(&first).expect("a UUID");
    let second = app.get("/api/v1/tournaments", None).await;
    assert_eq!(second.status, StatusCode::OK, "{second:?}");
    let second = request_id(&second.headers);
    uuid::Uuid::parse_str(&second).expect("a UUID");
    assert_ne!(first, second, "one id per request");
    // Errors carry one too: a refused request, an unknown route.
    let refused = app
        .post("/api/v1/tournaments", None, serde_json::json!({}))
        .await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{refused:?}");
    uuid::Uuid::parse_str(&request_id(&refused.headers)).expect("a UUID");
    let missing = app.get("/no/such/route", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    uuid::Uuid::parse_str(&request_id(&missing.headers)).expect("a UUID");
}

async fn a_client_sent_id_is_echoed(app: TestApp) {
    for path in ["/health", "/api/v1/tournaments", "/no/such/route"] {
        let request = Request::builder()
            .uri(path)
            .header("x-request-id", "client-chosen-id-7")
            .body(Body::empty())
            .unwrap();
        let response = app.router.clone().oneshot(request).await.unwrap();
        assert_eq!(
            request_id(response.headers()),
            "client-chosen-id-7",
            "{path}"
        );
    }
}

both_databases!(
    a_request_without_an_id_gets_a_fresh_uuid,
    a_client_sent_id_is_echoed,
);
