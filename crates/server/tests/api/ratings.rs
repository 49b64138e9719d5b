//! Rating reports through the API: FIDE rating changes and performances
//! (Rating Regulations 8.1–8.3) and the club grade-points scheme (`laws.md`,
//! "Grade points"), with players' grade points kept through TRF export and
//! import.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;

async fn player(app: &TestApp, token: &str, t: &str, body: Value) -> StatusCode {
    app.post(
        &format!("/api/v1/tournaments/{t}/players"),
        Some(token),
        body,
    )
    .await
    .status
}

/// 8.1.2, 8.3: 2400 beats 2200 (difference 200: expected 0.76); K 10 once
/// 2400, 20 below; changes rounded 0.5 away from zero; the grade-points
/// scheme moves points from the loser to the winner.
async fn a_round_robin_reports_rating_and_grade_point_changes(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club", "system": "round-robin", "regulations": "club" }),
        )
        .await;
    let one = json!({ "name": "Ding, Liren", "rating": 2400, "grade_points": 1250 });
    let two = json!({ "name": "Wei, Yi", "rating": 2200, "grade_points": 850 });
    assert_eq!(player(&app, &organiser, &t, one).await, StatusCode::CREATED);
    assert_eq!(player(&app, &organiser, &t, two).await, StatusCode::CREATED);
    let round = app.pair_round(&organiser, &t).await;
    app.finish_round(
        &organiser,
        &t,
        &round,
        |_, w, _| if w == 1 { "1-0" } else { "0-1" },
    )
    .await;
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/ratings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let fide = &r.body["fide"];
    assert_eq!(fide[0]["start_number"], 1, "{}", r.body);
    assert_eq!(fide[0]["expected"], 0.76, "{}", r.body);
    assert_eq!(fide[0]["k"], 10);
    assert_eq!(fide[0]["change"], 2, "10 × 0.24 = 2.4");
    assert_eq!(fide[1]["k"], 20);
    assert_eq!(fide[1]["change"], -5, "20 × −0.24 = −4.8");
    assert!(fide[0]["performance"].is_i64(), "{}", r.body);
    let grades = r.body["grade_points"].as_array().expect("grade lines");
    assert_eq!(grades.len(), 2, "{}", r.body);
    assert_eq!(grades[0]["before"], 1250);
    assert_eq!(grades[1]["before"], 850);
    let gained = grades[0]["change"].as_i64().unwrap();
    assert!(gained >= 0, "the winner gains: {}", r.body);
    assert_eq!(gained, -grades[1]["change"].as_i64().unwrap(), "a transfer");
    // The scoring table carries the same report.
    let export = app
        .get(&format!("/api/v1/tournaments/{t}/export/json"), None)
        .await;
    assert_eq!(export.body["ratings"], r.body);
    // Grade points go out in TRF (XXG) and come back in with an import.
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await
        .text;
    assert!(trf.lines().any(|l| l.starts_with("XXG")), "{trf}");
    let copy = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(trf)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(copy.status, StatusCode::CREATED, "{copy:?}");
    let copy = copy.body["id"].as_str().unwrap().to_owned();
    let players = app
        .get(&format!("/api/v1/tournaments/{copy}/players"), None)
        .await;
    let points: Vec<Value> = players.body["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["grade_points"].clone())
        .collect();
    assert_eq!(points, [json!(1250), json!(850)], "{}", players.body);
}

async fn grade_points_are_validated(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club", "system": "round-robin" }),
        )
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&organiser),
            json!({ "name": "Typo, Tom", "grade_points": 1_000_000 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "grade_points");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/ratings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(
        r.body["grade_points"],
        json!([]),
        "nobody carries grade points"
    );
}

crate::both_databases!(
    a_round_robin_reports_rating_and_grade_point_changes,
    grade_points_are_validated,
);
