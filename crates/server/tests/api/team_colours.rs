//! A team Swiss's initial colour (C.04.6 Art. 4.1, 4.3.1): drawn by lot or
//! set before round 1, it decides board 1's colour of the first team of
//! each round-1 match, as the TRF's `152` says.

use std::collections::BTreeSet;

use serde_json::json;

use crate::harness::TestApp;
use crate::team_rounds::matches;
use crate::teams::{SIXTEEN, team, team_event};

/// A team Swiss of six two-board teams with `colour` as its initial
/// colour, round 1 paired: the teams with White on board 1, and the TRF.
async fn round_one_whites(app: &TestApp, colour: &str) -> (BTreeSet<i64>, String) {
    let (id, org) = team_event(
        app,
        json!({
            "name": "Team Swiss", "system": "swiss-dutch", "rounds": 3,
            "teams": { "boards": 2 }, "pairing": { "initial_colour": colour }
        }),
        &SIXTEEN[..12],
    )
    .await;
    for t in 1..=6_i64 {
        let body = json!({ "name": format!("Team {t}"), "roster": [2 * t - 1, 2 * t] });
        team(app, &org, &id, body).await;
    }
    app.pair_round(&org, &id).await;
    let whites = matches(app, &id, 1)
        .await
        .iter()
        .map(|m| {
            // The first-named team has board 1's first colour.
            let first = m["boards"][0]["first_colour"].as_str().unwrap();
            let side = if first == "white" { "first" } else { "second" };
            m[side]["number"].as_i64().unwrap()
        })
        .collect();
    let trf = app
        .get(&format!("/api/v1/tournaments/{id}/export/trf"), None)
        .await
        .text;
    (whites, trf)
}

async fn a_team_swiss_gives_round_one_the_initial_colour_drawn_or_set(app: TestApp) {
    let (white, white_trf) = round_one_whites(&app, "white").await;
    let (black, black_trf) = round_one_whites(&app, "black").await;
    assert_eq!(
        white,
        BTreeSet::from([1, 3, 5]),
        "4.3.1: the odd TPNs get White"
    );
    let all: BTreeSet<i64> = (1..=6).collect();
    assert_eq!(
        black,
        all.difference(&white).copied().collect(),
        "with Black drawn, the other team of each match has White"
    );
    assert!(
        white_trf.lines().any(|l| l.trim_end() == "152 W"),
        "{white_trf}"
    );
    assert!(
        black_trf.lines().any(|l| l.trim_end() == "152 B"),
        "{black_trf}"
    );
}

crate::both_databases!(a_team_swiss_gives_round_one_the_initial_colour_drawn_or_set);
