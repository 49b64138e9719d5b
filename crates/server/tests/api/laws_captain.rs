//! The national variation's captain consultation ("in team events a player
//! may consult his captain about offering, accepting or claiming a draw, or
//! resigning") and Art. 15 (no outside help) through the API: a team game
//! under `china-national` records it, every other game refuses it.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::harness::{ADMIN, TestApp};
use crate::laws_support::{Play, assert_ruling};

fn consult(who: &str, about: &str) -> Value {
    json!({ "type": "consult_captain", "who": who, "about": about })
}

/// A team match board entered on its own (`team_game: true`) under the
/// national variation.
async fn national_team_game(app: &TestApp) -> Play<'_> {
    let mut g = Play::free(
        app,
        json!({ "regulations": "china-national", "team_game": true }),
    )
    .await;
    assert_eq!(g.state().await["team_game"], true);
    g.start().await;
    g
}

async fn in_a_national_team_game_a_player_may_consult_his_captain_about_a_draw_or_resigning(
    app: TestApp,
) {
    let mut g = national_team_game(&app).await;
    g.ok(
        5,
        json!({ "type": "move", "san": "e4", "offer_draw": true }),
    )
    .await;
    // Black, to move, about the offer; White, not to move, about resigning.
    for (t, who, about) in [
        (20, "black", "accept_draw"),
        (30, "white", "resign"),
        (40, "black", "claim_draw"),
        (50, "white", "offer_draw"),
    ] {
        let r = g.ok(t, consult(who, about)).await;
        assert_ruling(&r, "captain_consulted", "china-national");
        assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
        assert_eq!(r.body["state"]["pending"]["draw_offer"], "white");
    }
    // The arbiter reads the consultations in the game's log.
    let r = app
        .get(&format!("/api/v1/games/{}/events", g.game), Some(ADMIN))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let consultations: Vec<(&str, &str)> = r.body["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["type"] == "consult_captain")
        .map(|e| (e["who"].as_str().unwrap(), e["about"].as_str().unwrap()))
        .collect();
    assert_eq!(
        consultations,
        [
            ("black", "accept_draw"),
            ("white", "resign"),
            ("black", "claim_draw"),
            ("white", "offer_draw"),
        ]
    );
    let r = g
        .ok(60, json!({ "type": "accept_draw", "player": "black" }))
        .await;
    assert_eq!(r.body["state"]["result"], "1/2-1/2");
    g.refused(70, consult("black", "resign"), "game_over", "10.6")
        .await;
}

async fn consulting_the_captain_about_anything_else_is_outside_help_art_15(app: TestApp) {
    let mut g = national_team_game(&app).await;
    g.refused(5, consult("white", "the_position"), "outside_help", "15")
        .await;
    g.refused(6, consult("white", "which_move"), "outside_help", "15")
        .await;
}

/// Art. 15 everywhere the variation does not reach: a game that is not a
/// team game, and the profiles without it (the seed's FIDE text, the 2023
/// Laws, the club plan).
async fn outside_a_national_team_game_consulting_a_captain_is_outside_help_art_15(app: TestApp) {
    for setup in [
        json!({ "regulations": "china-national" }),
        json!({ "regulations": "fide-classic", "team_game": true }),
        json!({ "regulations": "fide-2023", "team_game": true }),
        json!({ "regulations": "club", "team_game": true }),
    ] {
        let mut g = Play::free(&app, setup.clone()).await;
        g.start().await;
        g.refused(5, consult("black", "offer_draw"), "outside_help", "15")
            .await;
    }
}

async fn a_consultation_names_a_player_and_a_topic(app: TestApp) {
    let mut g = national_team_game(&app).await;
    for body in [
        json!({ "type": "consult_captain", "who": "both", "about": "resign" }),
        json!({ "type": "consult_captain", "about": "resign" }),
        json!({ "type": "consult_captain", "who": "white" }),
    ] {
        let r = g.post(5, body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
        assert_eq!(r.body["error"], "invalid_event", "{body}: {r:?}");
    }
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "A", "black": "B", "team_game": "yes" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
}

/// A board of a team event is a team game by its tournament's `teams`
/// setting; a board of an individual event is not. Team rounds are not yet
/// paired through the API, so the event is paired as an individual one and
/// then marked a team event in the database before its second board has
/// begun — what team pairing leaves: boards under `teams`, which is fixed
/// once a round is paired.
async fn a_board_of_a_team_event_is_a_team_game(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "League", "system": "round-robin", "regulations": "china-national" }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[
            ("A, One", 2000),
            ("B, Two", 1900),
            ("C, Three", 1800),
            ("D, Four", 1700),
        ],
    )
    .await;
    let round = app.pair_round(&organiser, &t).await;
    let game = |board: usize| {
        round["boards"][board]["game_id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let mut individual = Play::existing(&app, &game(0), &organiser).await;
    assert_eq!(individual.state().await["team_game"], false);
    individual.start().await;
    individual
        .refused(5, consult("white", "resign"), "outside_help", "15")
        .await;
    sqlx::query("UPDATE tournaments SET teams = $1 WHERE id = $2")
        .bind(r#"{"boards":2}"#)
        .bind(&t)
        .execute(app.state.db().pool())
        .await
        .unwrap();
    let mut team = Play::existing(&app, &game(1), &organiser).await;
    assert_eq!(team.state().await["team_game"], true);
    team.start().await;
    let r = team.ok(6, consult("white", "resign")).await;
    assert_ruling(&r, "captain_consulted", "china-national");
}

crate::both_databases!(
    in_a_national_team_game_a_player_may_consult_his_captain_about_a_draw_or_resigning,
    consulting_the_captain_about_anything_else_is_outside_help_art_15,
    outside_a_national_team_game_consulting_a_captain_is_outside_help_art_15,
    a_consultation_names_a_player_and_a_topic,
    a_board_of_a_team_event_is_a_team_game,
);
