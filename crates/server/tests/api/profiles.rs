//! A regulations profile brings every default it implies (scoring,
//! tie-breaks); what the organiser gives overrides it; `GET` shows the
//! effective values.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::harness::TestApp;

async fn created(app: &TestApp, body: Value) -> Value {
    let organiser = app.organiser().await;
    let t = app.tournament(&organiser, body).await;
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body
}

/// The club plan's scoring: a win 2, a draw 1, a loss 0 — byes and forfeits
/// follow.
async fn a_club_tournament_scores_two_one_zero_unless_the_organiser_says_otherwise(app: TestApp) {
    let t = created(
        &app,
        json!({ "name": "Club", "system": "round-robin", "regulations": "club" }),
    )
    .await;
    let s = &t["scoring"];
    assert_eq!(
        (s["win"].as_f64(), s["draw"].as_f64(), s["loss"].as_f64()),
        (Some(2.0), Some(1.0), Some(0.0)),
        "{s}"
    );
    assert_eq!(s["pairing_allocated_bye"], 2.0);
    assert_eq!(s["half_point_bye"], 1.0);
    let t = created(
        &app,
        json!({ "name": "Club 3-1-0", "system": "round-robin", "regulations": "club",
                "scoring": { "win": 3, "draw": 1 } }),
    )
    .await;
    assert_eq!(t["scoring"]["win"], 3.0, "the organiser's choice wins");
    let t = created(
        &app,
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
    )
    .await;
    assert_eq!(t["scoring"]["win"], 1.0);
    assert_eq!(t["scoring"]["draw"], 0.5);
}

/// The national variation: round robins by Sonneborn–Berger, Swiss events by
/// Buchholz; otherwise the C.07 recommendation for the system.
async fn china_national_events_get_the_national_tie_breaks(app: TestApp) {
    let rr = created(
        &app,
        json!({ "name": "RR", "system": "round-robin", "regulations": "china-national" }),
    )
    .await;
    assert_eq!(rr["tiebreaks"], json!(["SB"]));
    let swiss = created(
        &app,
        json!({ "name": "Swiss", "system": "swiss-dutch", "rounds": 7, "regulations": "china-national" }),
    )
    .await;
    assert_eq!(swiss["tiebreaks"], json!(["BH"]));
    let fide = created(
        &app,
        json!({ "name": "Open", "system": "swiss-dutch", "rounds": 7 }),
    )
    .await;
    assert_eq!(
        fide["tiebreaks"],
        json!(["BH/C1", "BH", "SB", "DE", "WIN", "BPG"])
    );
    let fide_rr = created(&app, json!({ "name": "RR", "system": "round-robin" })).await;
    assert_eq!(fide_rr["tiebreaks"], json!(["DE", "SB", "WIN", "KS"]));
    let chosen = created(
        &app,
        json!({ "name": "Own", "system": "round-robin", "regulations": "china-national",
                "tiebreaks": ["DE", "KS"] }),
    )
    .await;
    assert_eq!(chosen["tiebreaks"], json!(["DE", "KS"]));
}

/// Standings count the profile's points: a club win is two points.
async fn a_club_win_counts_two_points_in_the_standings(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club", "system": "round-robin", "regulations": "club" }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[("Li, Wenliang", 2100), ("Wang, Fang", 2000)],
    )
    .await;
    let round = app.pair_round(&organiser, &t).await;
    app.finish_round(
        &organiser,
        &t,
        &round,
        |_, w, _| if w == 1 { "1-0" } else { "0-1" },
    )
    .await;
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    assert_eq!(r.body["standings"][0]["points"], 2.0, "{}", r.body);
    assert_eq!(r.body["standings"][1]["points"], 0.0, "{}", r.body);
}

/// A profile changed by `PATCH` brings its own defaults in place of the old
/// profile's — scoring, tie-breaks and the club plan's limits — while what
/// the organiser set differently stays.
async fn a_profile_changed_later_brings_its_defaults_and_keeps_the_organisers_choices(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let patch = |t: String, body: Value| {
        let app = &app;
        let organiser = organiser.clone();
        async move {
            let r = app
                .send(
                    axum::http::Method::PATCH,
                    &format!("/api/v1/tournaments/{t}"),
                    Some(&organiser),
                    body,
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{r:?}");
            app.get(&format!("/api/v1/tournaments/{t}"), None)
                .await
                .body
        }
    };
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 7 }),
        )
        .await;
    let club = patch(t.clone(), json!({ "regulations": "club" })).await;
    assert_eq!(club["scoring"]["win"], 2.0, "{club}");
    assert_eq!(club["scoring"]["draw"], 1.0, "{club}");
    assert_eq!(club["laws"]["max_game_minutes"], 30, "{club}");
    assert_eq!(club["laws"]["per_move_cap_seconds"], 30, "{club}");
    let national = patch(t.clone(), json!({ "regulations": "china-national" })).await;
    assert_eq!(national["tiebreaks"], json!(["BH"]), "{national}");
    assert_eq!(national["scoring"]["win"], 1.0, "{national}");
    assert!(national["laws"]["max_game_minutes"].is_null(), "{national}");
    let own = app
        .tournament(
            &organiser,
            json!({ "name": "Own", "system": "swiss-dutch", "rounds": 7,
                    "scoring": { "win": 3, "draw": 1 }, "tiebreaks": ["DE", "KS"],
                    "laws": { "fifty_move_count": 75 } }),
        )
        .await;
    let own = patch(own, json!({ "regulations": "club" })).await;
    assert_eq!(
        own["scoring"]["win"], 3.0,
        "the organiser's scoring stays: {own}"
    );
    assert_eq!(own["tiebreaks"], json!(["DE", "KS"]), "{own}");
    assert_eq!(own["laws"]["fifty_move_count"], 75, "{own}");
    assert_eq!(
        own["laws"]["max_game_minutes"], 30,
        "the club's limit comes: {own}"
    );
}

crate::both_databases!(
    a_club_tournament_scores_two_one_zero_unless_the_organiser_says_otherwise,
    china_national_events_get_the_national_tie_breaks,
    a_club_win_counts_two_points_in_the_standings,
    a_profile_changed_later_brings_its_defaults_and_keeps_the_organisers_choices,
);
