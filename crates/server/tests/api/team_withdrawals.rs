//! A team that withdraws: `PATCH …/teams/{n}` with `withdraw` (from the
//! next round not paired) or `withdrawn_from`. A team Swiss pairs it no
//! more; a round robin keeps its matches, lost by forfeit on every board;
//! its players withdraw with it; taken back, it plays again. Earlier
//! results stand.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::team_rounds::{four_teams, matches};

async fn patch_team(app: &TestApp, org: &str, id: &str, team: i64, body: Value) -> Value {
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{id}/teams/{team}"),
            Some(org),
            body,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body
}

/// The teams a round's matches and byes name.
fn teams_in(list: &[Value]) -> Vec<i64> {
    let mut teams: Vec<i64> = list
        .iter()
        .flat_map(|m| [&m["first"]["number"], &m["second"]["number"]])
        .filter_map(Value::as_i64)
        .collect();
    teams.sort_unstable();
    teams
}

async fn a_team_that_withdraws_from_a_swiss_is_paired_no_more_until_it_returns(app: TestApp) {
    let (id, org) = four_teams(
        &app,
        json!({
            "name": "Team Swiss", "system": "swiss-dutch", "rounds": 3,
            "teams": { "boards": 4 }
        }),
    )
    .await;
    let r = app.pair_round(&org, &id).await;
    app.finish_round(&org, &id, &r, |_, _, _| "1/2-1/2").await;
    let team = patch_team(&app, &org, &id, 4, json!({ "withdraw": true })).await;
    assert_eq!(team["withdrawn_from"], 2, "{team}");
    for sn in 13..=16 {
        assert_eq!(
            app.player(&id, sn).await["withdrawn_from"],
            2,
            "the team's players withdraw with it"
        );
    }
    let audited = app.audit_rows(&id, "player", "update").await;
    assert_eq!(
        audited
            .iter()
            .filter(|row| row["after"]["withdrawn_from"] == 2)
            .count(),
        4,
        "each player's withdrawal audited"
    );
    assert!(app.audit_row(&id, "team", "update").await.is_some());

    // Round 2: three teams, one match and the pairing-allocated bye.
    app.pair_round(&org, &id).await;
    let list = matches(&app, &id, 2).await;
    assert!(!teams_in(&list).contains(&4), "{list:?}");
    assert_eq!(list.iter().filter(|m| m["bye"].is_null()).count(), 1);
    assert!(
        list.iter().all(|m| m["first"]["number"] != 4),
        "no bye for a team that withdrew: {list:?}"
    );
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    let row = r.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["team"] == 4)
        .unwrap()
        .clone();
    assert_eq!(row["withdrawn_from"], 2);
    assert_eq!(row["rounds"][0]["kind"], "match", "round 1 stands: {row}");
    assert_eq!(row["rounds"][0]["game_points"], 2.0);
    assert_eq!(row["rounds"][1]["kind"], "absent", "{row}");
    let page = app
        .get(&format!("/t/{id}/team-standings?lang=zh"), None)
        .await;
    assert!(page.text.contains("第 1 轮后退赛"), "marked on the page");

    // A round already paired cannot be the one it withdraws from.
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{id}/teams/4"),
            Some(&org),
            json!({ "withdrawn_from": 2 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "withdrawn_from");

    // Taken back: the team and its players play again from round 3.
    let team = patch_team(&app, &org, &id, 4, json!({ "withdraw": false })).await;
    assert_eq!(team["withdrawn_from"], Value::Null);
    assert_eq!(app.player(&id, 13).await["withdrawn_from"], Value::Null);
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/2"), None)
        .await;
    app.finish_round(&org, &id, &r.body, |_, _, _| "1-0").await;
    app.pair_round(&org, &id).await;
    let list = matches(&app, &id, 3).await;
    assert_eq!(teams_in(&list), [1, 2, 3, 4], "{list:?}");
}

async fn a_team_that_withdraws_from_a_round_robin_loses_its_remaining_matches_by_forfeit(
    app: TestApp,
) {
    let (id, org) = four_teams(
        &app,
        json!({
            "name": "Team League", "system": "round-robin", "rounds": 3,
            "teams": { "boards": 4 }
        }),
    )
    .await;
    let r = app.pair_round(&org, &id).await;
    app.finish_round(&org, &id, &r, |_, _, _| "1/2-1/2").await;
    // A player withdrawn on his own before keeps his own round.
    let sixteen = app.player(&id, 16).await;
    let r = app
        .send(
            Method::PATCH,
            &format!(
                "/api/v1/tournaments/{id}/players/{}",
                sixteen["id"].as_str().unwrap()
            ),
            Some(&org),
            json!({ "withdrawn_from": 3 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    patch_team(&app, &org, &id, 4, json!({ "withdrawn_from": 2 })).await;
    assert_eq!(app.player(&id, 13).await["withdrawn_from"], 2);
    assert_eq!(app.player(&id, 16).await["withdrawn_from"], 3);
    app.pair_round(&org, &id).await;
    let list = matches(&app, &id, 2).await;
    let m = list
        .iter()
        .find(|m| m["first"]["number"] == 4 || m["second"]["number"] == 4)
        .expect("the schedule keeps the match");
    let withdrawn_first = m["first"]["number"] == 4;
    for b in m["boards"].as_array().unwrap() {
        let seat = if withdrawn_first { "first" } else { "second" };
        assert_eq!(b[seat], Value::Null, "no player for the team: {b}");
        assert!(b["game_id"].is_null(), "no game: {b}");
    }
    let (mine, theirs) = if withdrawn_first {
        ("first", "second")
    } else {
        ("second", "first")
    };
    assert_eq!(m[format!("{mine}_game_points")], 0.0, "{m}");
    assert_eq!(m[format!("{theirs}_game_points")], 4.0, "{m}");
    // Taken back, only the players the team's withdrawal withdrew return.
    patch_team(&app, &org, &id, 4, json!({ "withdraw": false })).await;
    assert_eq!(app.player(&id, 13).await["withdrawn_from"], Value::Null);
    assert_eq!(app.player(&id, 16).await["withdrawn_from"], 3);
}

crate::both_databases!(
    a_team_that_withdraws_from_a_swiss_is_paired_no_more_until_it_returns,
    a_team_that_withdraws_from_a_round_robin_loses_its_remaining_matches_by_forfeit,
);
