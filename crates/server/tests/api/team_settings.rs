//! A team event's own regulations: the team tie-breaks its organiser
//! chooses (C.07 Art. 4.1) and what its pairing-allocated bye scores
//! (C.04.6 1.4) rank it, show on its page and survive its TRF-2026 file
//! (`202`, `320`).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::teams::{SIXTEEN, team, team_event};

async fn standings(app: &TestApp, id: &str) -> Value {
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body
}

async fn a_team_events_chosen_tie_breaks_and_bye_rank_it_and_survive_its_file(app: TestApp) {
    let chosen = json!(["BH:MP", "MPVGP"]);
    let (id, org) = team_event(
        &app,
        json!({
            "name": "Five Clubs", "system": "swiss-dutch", "rounds": 2,
            "teams": {
                "boards": 2, "tiebreaks": chosen,
                "pairing_allocated_bye": { "match_points": 2, "game_points": 2 }
            },
            "pairing": { "initial_colour": "white" }
        }),
        &SIXTEEN[..10],
    )
    .await;
    for t in 1..=5_i64 {
        let body = json!({ "name": format!("Club {t}"), "roster": [2 * t - 1, 2 * t] });
        team(&app, &org, &id, body).await;
    }
    let page = app.get(&format!("/t/{id}"), None).await;
    assert!(page.text.contains("1. BH:MP"), "{}", page.text);
    assert!(page.text.contains("2. MPVGP"), "{}", page.text);
    let r = app.pair_round(&org, &id).await;
    app.finish_round(&org, &id, &r, |board, _, _| {
        if board % 2 == 1 { "1-0" } else { "1/2-1/2" }
    })
    .await;
    let table = standings(&app, &id).await;
    assert_eq!(table["tiebreaks"], chosen, "{table}");

    let trf = app
        .get(&format!("/api/v1/tournaments/{id}/export/trf"), None)
        .await
        .text;
    let line = |tag: &str| {
        trf.lines()
            .find(|l| l.starts_with(tag))
            .unwrap_or_else(|| panic!("no {tag} in {trf}"))
            .to_owned()
    };
    assert!(line("202").contains("BH:MP"), "{trf}");
    assert!(line("320").starts_with("320  2.0  2.0"), "{trf}");
    let copy = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&org),
            Some(axum::body::Body::from(trf)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(copy.status, StatusCode::CREATED, "{copy:?}");
    let copy = copy.body["id"].as_str().unwrap().to_owned();
    let t = app.get(&format!("/api/v1/tournaments/{copy}"), None).await;
    assert_eq!(t.body["teams"]["tiebreaks"], chosen, "{t:?}");
    assert_eq!(
        t.body["teams"]["pairing_allocated_bye"],
        json!({ "match_points": 2.0, "game_points": 2.0 }),
        "{t:?}"
    );
    let rows = |table: &Value| -> Vec<Value> {
        table["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                json!([
                    r["team"],
                    r["match_points"],
                    r["game_points"],
                    r["tiebreaks"]
                ])
            })
            .collect()
    };
    assert_eq!(rows(&standings(&app, &copy).await), rows(&table));
}

async fn a_team_tie_break_this_server_cannot_read_is_refused_naming_it(app: TestApp) {
    let organiser = app.organiser().await;
    for (tiebreaks, at) in [
        (json!(["MPVGP", "XYZ"]), "teams.tiebreaks[1]"),
        (json!(["BH:MP/Q1"]), "teams.tiebreaks[0]"),
        (json!(vec!["DE"; 11]), "teams.tiebreaks"),
        (json!("MPVGP"), "teams"),
    ] {
        let r = app
            .post(
                "/api/v1/tournaments",
                Some(&organiser),
                json!({ "name": "T", "system": "round-robin", "teams": { "boards": 4, "tiebreaks": tiebreaks } }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
        assert!(
            r.body["where"].as_str().unwrap_or("").starts_with(at),
            "{at}: {r:?}"
        );
    }
}

crate::both_databases!(
    a_team_events_chosen_tie_breaks_and_bye_rank_it_and_survive_its_file,
    a_team_tie_break_this_server_cannot_read_is_refused_naming_it,
);
