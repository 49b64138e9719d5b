//! Team events (issue 22): teams, rosters in board order, line-ups per
//! round, as the API stores and checks them.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;

/// Sixteen players, rated downwards: four teams of four.
pub const SIXTEEN: &[(&str, u16)] = &[
    ("Ding, Liren", 2780),
    ("Wei, Yi", 2750),
    ("Yu, Yangyi", 2720),
    ("Wang, Hao", 2700),
    ("Bu, Xiangzhi", 2680),
    ("Li, Chao", 2660),
    ("Ni, Hua", 2640),
    ("Wang, Yue", 2620),
    ("Zhou, Jianchao", 2600),
    ("Zhao, Jun", 2580),
    ("Lu, Shanglei", 2560),
    ("Xu, Xiangyu", 2540),
    ("Wen, Yang", 2520),
    ("Liu, Yan", 2500),
    ("Zeng, Chongsheng", 2480),
    ("Xu, Yi", 2460),
];

/// A team event of `boards` boards with `players` registered (start
/// numbers 1, 2, ... in order); the tournament id and the organiser.
pub async fn team_event(app: &TestApp, body: Value, players: &[(&str, u16)]) -> (String, String) {
    let organiser = app.organiser().await;
    let id = app.tournament(&organiser, body).await;
    app.players(&organiser, &id, players).await;
    (id, organiser)
}

/// Registers a team; asserts 201 and returns it.
pub async fn team(app: &TestApp, token: &str, id: &str, body: Value) -> Value {
    let r = app
        .post(
            &format!("/api/v1/tournaments/{id}/teams"),
            Some(token),
            body,
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    r.body
}

fn four_boards_china() -> Value {
    json!({
        "name": "City Team League", "system": "round-robin",
        "regulations": "china-national", "teams": { "boards": 4 }
    })
}

async fn teams_are_registered_with_rosters_in_board_order(app: TestApp) {
    let (id, org) = team_event(&app, four_boards_china(), &SIXTEEN[..10]).await;
    let t = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(
        t.body["teams"],
        json!({
            "boards": 4, "ranking": "game_points",
            "match_points": { "win": 2.0, "draw": 1.0, "loss": 0.0 }
        }),
        "the national variation ranks team events by game points only"
    );
    let a = team(
        &app,
        &org,
        &id,
        json!({ "name": "Shanghai", "short_name": "SHA", "federation": "CHN", "roster": [1, 3, 5, 7, 9] }),
    )
    .await;
    assert_eq!(a["number"], 1, "the first team gets number 1");
    assert_eq!(a["roster"], json!([1, 3, 5, 7, 9]));
    let b = team(
        &app,
        &org,
        &id,
        json!({ "name": "Beijing", "roster": [2, 4, 6, 8] }),
    )
    .await;
    assert_eq!(b["number"], 2);
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{id}/teams/2"),
            Some(&org),
            json!({ "roster": [2, 4, 6, 8, 10], "short_name": "BEI" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let list = app
        .get(&format!("/api/v1/tournaments/{id}/teams"), None)
        .await;
    assert_eq!(list.body["teams"][1]["roster"], json!([2, 4, 6, 8, 10]));
    assert_eq!(list.body["teams"][1]["short_name"], "BEI");
    assert_eq!(list.body["teams"][0]["name"], "Shanghai");
    let r = app
        .send(
            Method::DELETE,
            &format!("/api/v1/tournaments/{id}/teams/2"),
            Some(&org),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{r:?}");
    let list = app
        .get(&format!("/api/v1/tournaments/{id}/teams"), None)
        .await;
    assert_eq!(list.body["teams"].as_array().unwrap().len(), 1);
    // Its players are free again.
    team(
        &app,
        &org,
        &id,
        json!({ "name": "Tianjin", "roster": [2, 4] }),
    )
    .await;
}

async fn a_player_is_on_one_roster_only(app: TestApp) {
    let (id, org) = team_event(&app, four_boards_china(), &SIXTEEN[..8]).await;
    team(
        &app,
        &org,
        &id,
        json!({ "name": "A", "roster": [1, 2, 3, 4] }),
    )
    .await;
    for (roster, code, at) in [
        (json!([5, 6, 3]), "player_in_two_teams", "roster[2]"),
        (json!([5, 6, 5]), "player_twice", "roster[2]"),
        (json!([5, 60]), "unknown_player", "roster[1]"),
    ] {
        let r = app
            .post(
                &format!("/api/v1/tournaments/{id}/teams"),
                Some(&org),
                json!({ "name": "B", "roster": roster }),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["error"], code, "{r:?}");
        assert_eq!(r.body["where"], at, "{r:?}");
    }
    let r = app
        .post(
            &format!("/api/v1/tournaments/{id}/teams"),
            Some(&org),
            json!({ "number": 1, "name": "B" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "duplicate_team_number");
    let list = app
        .get(&format!("/api/v1/tournaments/{id}/teams"), None)
        .await;
    assert_eq!(
        list.body["teams"].as_array().unwrap().len(),
        1,
        "nothing refused was stored"
    );
}

async fn line_ups_keep_the_roster_order_and_default_to_it(app: TestApp) {
    let (id, org) = team_event(&app, four_boards_china(), &SIXTEEN[..10]).await;
    team(
        &app,
        &org,
        &id,
        json!({ "name": "A", "roster": [1, 2, 3, 4, 5] }),
    )
    .await;
    team(
        &app,
        &org,
        &id,
        json!({ "name": "B", "roster": [6, 7, 8, 9, 10] }),
    )
    .await;
    let path = format!("/api/v1/tournaments/{id}/rounds/1/lineups");
    let r = app.get(&path, None).await;
    assert_eq!(
        r.body["lineups"][0],
        json!({ "team": 1, "players": [1, 2, 3, 4], "submitted": false }),
        "without a line-up the roster's first players play in order"
    );
    // A reserve moves up: board order kept (Olympiad Pairing Rules 3.1).
    let r = app
        .send(
            Method::PUT,
            &format!("{path}/1"),
            Some(&org),
            json!({ "players": [1, 3, 4, 5] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let refusals = [
        (
            json!([2, 1, 3, 4]),
            "players[1]",
            "a player above a team-mate on the roster plays above him",
        ),
        (
            json!([1, 2, 3, 6]),
            "players[3]",
            "a player of another team",
        ),
        (
            json!([1, null, 3, 4]),
            "players[1]",
            "empty boards are the last ones",
        ),
        (json!([1, 2, 3]), "players", "a match has four boards"),
        (json!([1, 1, 3, 4]), "players", "a player on two boards"),
    ];
    for (players, at, why) in refusals {
        let r = app
            .send(
                Method::PUT,
                &format!("{path}/1"),
                Some(&org),
                json!({ "players": players }),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{why}: {r:?}");
        assert_eq!(r.body["error"], "invalid_lineup", "{why}");
        assert_eq!(r.body["where"], at, "{why}: {r:?}");
    }
    let r = app
        .send(
            Method::PUT,
            &format!("{path}/2"),
            Some(&org),
            json!({ "players": [6, 7, 8, null] }),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "a team may leave its last board empty: {r:?}"
    );
    let r = app.get(&path, None).await;
    assert_eq!(
        r.body["lineups"],
        json!([
            { "team": 1, "players": [1, 3, 4, 5], "submitted": true },
            { "team": 2, "players": [6, 7, 8, null], "submitted": true }
        ])
    );
    let r = app
        .send(
            Method::PUT,
            &format!("{path}/9"),
            Some(&org),
            json!({ "players": [1, 2, 3, 4] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &format!("{path}/1"),
            None,
            json!({ "players": [1, 2, 3, 4] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
    // The round is paired by teams: the submitted line-ups play, never
    // player by player (a line-up named after the pairing: team_lineups.rs).
    let round = app.pair_round(&org, &id).await;
    let boards: Vec<(i64, i64)> = crate::harness::boards(&round);
    assert_eq!(boards, [(1, 6), (7, 3), (4, 8)], "{round}");
    assert_eq!(round["byes"][0]["player"]["start_number"], 5, "{round}");
}

async fn hostile_team_requests_are_refused_with_the_field(app: TestApp) {
    let organiser = app.organiser().await;
    for (teams, at) in [
        (json!({ "boards": 0 }), "teams.boards"),
        (json!({ "boards": 21 }), "teams.boards"),
        (
            json!({ "boards": 4, "match_points": { "win": 0, "draw": 1, "loss": 2 } }),
            "teams.match_points",
        ),
        (
            json!({ "boards": 4, "match_points": { "win": 2, "draw": 1, "loss": -1 } }),
            "teams.match_points.loss",
        ),
        (json!({ "boards": 4, "colours": "WBXW" }), "teams.colours"),
        (json!({ "boards": 4, "colours": "WBWBW" }), "teams.colours"),
        (
            json!({ "boards": 4, "pairing_allocated_bye": { "match_points": 3, "game_points": 2 } }),
            "teams.pairing_allocated_bye.match_points",
        ),
        (
            json!({ "boards": 4, "pairing_allocated_bye": { "match_points": 1, "game_points": 4.5 } }),
            "teams.pairing_allocated_bye.game_points",
        ),
        (
            json!({ "boards": 4, "pairing_allocated_bye": { "match_points": 1, "game_points": -1 } }),
            "teams.pairing_allocated_bye.game_points",
        ),
    ] {
        let r = app
            .post(
                "/api/v1/tournaments",
                Some(&organiser),
                json!({ "name": "T", "system": "round-robin", "teams": teams }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
        assert_eq!(r.body["where"], at, "{r:?}");
    }
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({ "name": "T", "system": "round-robin", "teams": { "boards": 4, "ranking": "elo" } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let (id, org) = team_event(&app, four_boards_china(), &SIXTEEN[..4]).await;
    let teams = format!("/api/v1/tournaments/{id}/teams");
    for (body, at) in [
        (json!({ "name": "" }), Some("name")),
        (json!({ "name": "A", "number": 0 }), Some("number")),
        (json!({ "name": "A", "number": 1000 }), Some("number")),
        (
            json!({ "name": "A", "federation": "china" }),
            Some("federation"),
        ),
        (
            json!({ "name": "A", "short_name": "TOOLONG" }),
            Some("short_name"),
        ),
        (json!({ "name": "A", "roster": ["one"] }), None),
        (json!({ "name": "A", "roster": [-1] }), None),
        (json!({ "name": "A", "captain": 1 }), None),
    ] {
        let r = app.post(&teams, Some(&org), body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
        if let Some(at) = at {
            assert_eq!(r.body["where"], at, "{body}: {r:?}");
        }
    }
    team(
        &app,
        &org,
        &id,
        json!({ "name": "A", "roster": [1, 2, 3, 4] }),
    )
    .await;
    // Two teams of one name: the standings and the TRF could not tell them
    // apart (spaces around it and letter case aside).
    for name in ["A", " a "] {
        let r = app.post(&teams, Some(&org), json!({ "name": name })).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {r:?}");
        assert_eq!(r.body["error"], "duplicate_team_name", "{r:?}");
        assert_eq!(r.body["where"], "name", "{r:?}");
    }
    team(&app, &org, &id, json!({ "name": "B" })).await;
    let r = app
        .send(
            Method::PATCH,
            &format!("{teams}/2"),
            Some(&org),
            json!({ "name": "A" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["where"], "name", "{r:?}");
    let r = app
        .send(
            Method::PATCH,
            &format!("{teams}/1"),
            Some(&org),
            json!({ "name": "A" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "a team keeps its own name: {r:?}");
    let r = app.get(&teams, None).await;
    let names: Vec<&str> = r.body["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["A", "B"], "nothing stored by the refusals");
    for (path, body) in [
        (format!("{teams}/x"), json!({ "name": "B" })),
        (
            format!("{teams}/99999999999999999999"),
            json!({ "name": "B" }),
        ),
    ] {
        let r = app.send(Method::PATCH, &path, Some(&org), body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}: {r:?}");
    }
    let r = app
        .send(
            Method::PATCH,
            &format!("{teams}/7"),
            Some(&org),
            json!({ "name": "B" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    let lineup = format!("/api/v1/tournaments/{id}/rounds/1/lineups/1");
    for body in [
        json!({ "players": "1,2" }),
        json!({ "players": [0.5] }),
        json!({}),
    ] {
        let r = app
            .send(Method::PUT, &lineup, Some(&org), body.clone())
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
    }
    let r = app
        .send(
            Method::PUT,
            &lineup,
            Some(&org),
            json!({ "players": vec![1; 500] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    // An individual event has no teams.
    let solo = app
        .tournament(
            &org,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{solo}/teams"),
            Some(&org),
            json!({ "name": "A" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "not_a_team_event");
    let r = app.get(&format!("/api/v1/tournaments/{solo}"), None).await;
    assert_eq!(
        r.body["teams"],
        Value::Null,
        "an individual event has no team settings"
    );
    let r = app
        .get(&format!("/api/v1/tournaments/{solo}/teams"), None)
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "not_a_team_event", "as every team route");
}

/// `teams: null` makes a team event one of individuals again, once its
/// teams are deleted (before round 1); until then it is refused, and the
/// event keeps its teams.
async fn a_team_event_becomes_one_of_individuals_once_its_teams_are_deleted(app: TestApp) {
    let (id, org) = team_event(&app, four_boards_china(), &SIXTEEN[..4]).await;
    team(
        &app,
        &org,
        &id,
        json!({ "name": "A", "roster": [1, 2, 3, 4] }),
    )
    .await;
    let event = format!("/api/v1/tournaments/{id}");
    let r = app
        .send(Method::PATCH, &event, Some(&org), json!({ "teams": null }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "teams_registered", "{r:?}");
    assert_eq!(r.body["where"], "teams", "{r:?}");
    let r = app.get(&event, None).await;
    assert_eq!(r.body["teams"]["boards"], 4, "unchanged: {r:?}");
    let r = app
        .send(
            Method::DELETE,
            &format!("{event}/teams/1"),
            Some(&org),
            json!({}),
        )
        .await;
    assert!(r.status.is_success(), "{r:?}");
    let r = app
        .send(Method::PATCH, &event, Some(&org), json!({ "teams": null }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["teams"], Value::Null, "{r:?}");
    let r = app.get(&format!("{event}/teams"), None).await;
    assert_eq!(r.body["error"], "not_a_team_event", "{r:?}");
    // Absent, the settings stay as they are.
    let r = app
        .send(Method::PATCH, &event, Some(&org), json!({ "name": "Open" }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["teams"], Value::Null, "{r:?}");
}

/// Teams registered at the same moment without a number each take the
/// next free one: none is refused as a duplicate of a number the client
/// never chose.
async fn teams_registered_at_once_take_the_next_free_numbers(app: TestApp) {
    let (id, org) = team_event(&app, four_boards_china(), &SIXTEEN[..6]).await;
    let handles: Vec<_> = (0..6)
        .map(|i| {
            let (app, org, id) = (app.clone(), org.clone(), id.clone());
            tokio::spawn(async move {
                app.post(
                    &format!("/api/v1/tournaments/{id}/teams"),
                    Some(&org),
                    json!({ "name": format!("Team {i}"), "roster": [i + 1] }),
                )
                .await
            })
        })
        .collect();
    let mut numbers = Vec::new();
    for handle in handles {
        let r = handle.await.expect("the request ran");
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        numbers.push(r.body["number"].as_i64().unwrap());
    }
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
}

/// A line-up entered before the number of boards changed is not paired
/// with an empty seat that loses a board: the team enters it again.
async fn a_line_up_entered_before_the_boards_changed_is_entered_again(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({ "name": "League", "system": "round-robin", "teams": { "boards": 2 } }),
        &SIXTEEN[..12],
    )
    .await;
    for t in 1..=4_i64 {
        let roster = [3 * t - 2, 3 * t - 1, 3 * t];
        team(
            &app,
            &org,
            &id,
            json!({ "name": format!("Club {t}"), "roster": roster }),
        )
        .await;
    }
    let lineup = format!("/api/v1/tournaments/{id}/rounds/1/lineups/1");
    let r = app
        .send(
            Method::PUT,
            &lineup,
            Some(&org),
            json!({ "players": [1, 2] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{id}"),
            Some(&org),
            json!({ "teams": { "boards": 3 } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let rounds = format!("/api/v1/tournaments/{id}/rounds");
    let r = app.post(&rounds, Some(&org), json!({})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "invalid_lineup", "{r:?}");
    assert!(
        r.body["message"].as_str().unwrap().contains("team 1"),
        "{r:?}"
    );
    let r = app
        .send(
            Method::PUT,
            &lineup,
            Some(&org),
            json!({ "players": [1, 2, 3] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let round = app.pair_round(&org, &id).await;
    let boards = round["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 6, "two matches of three boards: {round}");
    assert!(
        boards
            .iter()
            .all(|b| !b["white"].is_null() && !b["black"].is_null()),
        "no empty seat: {round}"
    );
}

crate::both_databases!(
    a_team_event_becomes_one_of_individuals_once_its_teams_are_deleted,
    a_line_up_entered_before_the_boards_changed_is_entered_again,
    teams_registered_at_once_take_the_next_free_numbers,
    teams_are_registered_with_rosters_in_board_order,
    a_player_is_on_one_roster_only,
    line_ups_keep_the_roster_order_and_default_to_it,
    hostile_team_requests_are_refused_with_the_field,
);
