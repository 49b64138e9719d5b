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
            "teams": { "boards": 4 },
            "pairing": { "initial_colour": "white" }
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
    // C.04.6 1.4: the PAB scores a drawn match, every board drawn.
    let bye = list.iter().find(|m| m["bye"].is_string()).unwrap();
    assert_eq!(bye["bye"], "pairing_allocated", "{bye}");
    assert_eq!(bye["first_match_points"], 1.0, "{bye}");
    assert_eq!(bye["first_game_points"], 2.0, "{bye}");
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
    for page in ["team-standings", "team-crosstable"] {
        let page = app.get(&format!("/t/{id}/{page}?lang=zh"), None).await;
        assert!(page.text.contains("第 1 轮后退赛"), "marked on the page");
    }
    // The team crosstable after a round, as the team standings.
    let page = app
        .get(&format!("/t/{id}/team-crosstable?after=1&lang=zh"), None)
        .await;
    assert_eq!(page.status, 200, "{page:?}");
    assert!(page.text.contains("截至轮次"), "{}", page.text);
    let page = app
        .get(&format!("/t/{id}/team-crosstable?after=9"), None)
        .await;
    assert_eq!(page.status, 400, "{page:?}");

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
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{id}/teams/4"),
            Some(&org),
            json!({ "withdrawn_from": 4 }),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::BAD_REQUEST,
        "a three-round event: {r:?}"
    );

    // A player of the withdrawn team is not brought back alone, nor
    // withdrawn later than his team: the team's withdrawal rules.
    let player = app.player(&id, 13).await;
    let path = format!(
        "/api/v1/tournaments/{id}/players/{}",
        player["id"].as_str().unwrap()
    );
    for (body, at) in [
        (json!({ "withdraw": false }), "withdraw"),
        (json!({ "withdrawn_from": 3 }), "withdrawn_from"),
    ] {
        let r = app.send(Method::PATCH, &path, Some(&org), body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["error"], "team_withdrawn", "{r:?}");
        assert_eq!(r.body["where"], at, "{r:?}");
    }
    assert_eq!(app.player(&id, 13).await["withdrawn_from"], 2, "unchanged");

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
            json!({ "withdrawn_from": 2 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    patch_team(&app, &org, &id, 4, json!({ "withdrawn_from": 2 })).await;
    assert_eq!(app.player(&id, 13).await["withdrawn_from"], 2);
    assert_eq!(app.player(&id, 16).await["withdrawn_from"], 2);
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
    assert_eq!(
        app.player(&id, 16).await["withdrawn_from"],
        2,
        "his own withdrawal stands"
    );
}

/// Three teams: the round robin's bye of a team that withdrew scores
/// nothing, and neither do its forfeited matches; a Swiss with fewer than
/// two teams left is not paired.
async fn a_team_that_withdrew_scores_nothing_for_its_scheduled_bye(app: TestApp) {
    let (id, org) = crate::teams::team_event(
        &app,
        json!({
            "name": "Three Teams", "system": "round-robin", "rounds": 3,
            "teams": { "boards": 4 }
        }),
        &crate::teams::SIXTEEN[..12],
    )
    .await;
    for (t, name) in (1..=3).zip(["A", "B", "C"]) {
        let roster: Vec<i64> = (4 * t - 3..=4 * t).collect();
        crate::teams::team(&app, &org, &id, json!({ "name": name, "roster": roster })).await;
    }
    patch_team(&app, &org, &id, 3, json!({ "withdraw": true })).await;
    for _ in 1..=3 {
        let r = app.pair_round(&org, &id).await;
        app.finish_round(&org, &id, &r, |_, _, _| "1/2-1/2").await;
    }
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    let c = r.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["team"] == 3)
        .unwrap()
        .clone();
    assert_eq!(c["match_points"], 0.0, "{c}");
    assert_eq!(c["game_points"], 0.0, "{c}");
    let bye = c["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "bye")
        .cloned()
        .expect("three teams: each has a bye");
    assert_eq!(bye["bye"], "zero", "{c}");

    let (id, org) = four_teams(
        &app,
        json!({
            "name": "Team Swiss", "system": "swiss-dutch", "rounds": 3,
            "teams": { "boards": 4 },
            "pairing": { "initial_colour": "white" }
        }),
    )
    .await;
    for team in 2..=4 {
        patch_team(&app, &org, &id, team, json!({ "withdraw": true })).await;
    }
    let r = app
        .post(
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&org),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "too_few_teams");
}

/// The TRF's `310` records rank the teams as the team standings do: by
/// the event's team tie-breaks (listed in its `202`), not by points alone.
async fn a_team_files_ranks_follow_the_team_tie_breaks(app: TestApp) {
    let (id, org) = four_teams(
        &app,
        json!({
            "name": "Team Swiss", "system": "swiss-dutch", "rounds": 3,
            "teams": { "boards": 4 },
            "pairing": { "initial_colour": "white" }
        }),
    )
    .await;
    let r = app.pair_round(&org, &id).await;
    let results = [
        "1-0", "0-1", "1-0", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "1/2-1/2",
    ];
    app.finish_round(&org, &id, &r, |board, _, _| results[(board - 1) as usize])
        .await;
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    let ranks: Vec<(i64, i64)> = r.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["team"].as_i64().unwrap(), row["rank"].as_i64().unwrap()))
        .collect();
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/export/trf"), None)
        .await;
    let mut exported: Vec<(i64, i64)> = r
        .text
        .lines()
        .filter(|l| l.starts_with("310"))
        .map(|l| {
            let tokens: Vec<&str> = l.split_whitespace().collect();
            (tokens[1].parse().unwrap(), tokens[5].parse().unwrap())
        })
        .collect();
    exported.sort_by_key(|&(_, rank)| rank);
    assert_eq!(exported, ranks, "{}", r.text);
    let line = r.text.lines().find(|l| l.starts_with("202")).unwrap();
    assert!(line.contains("MPVGP"), "the team tie-breaks: {line}");
}

crate::both_databases!(
    a_team_files_ranks_follow_the_team_tie_breaks,
    a_team_that_withdrew_scores_nothing_for_its_scheduled_bye,
    a_team_that_withdraws_from_a_swiss_is_paired_no_more_until_it_returns,
    a_team_that_withdraws_from_a_round_robin_loses_its_remaining_matches_by_forfeit,
);
