//! The club plan (3) — per-move cap, fouls, game-length limit, 2/1/0 — and
//! lateness (Art. 10.15, 10.17) through the API.

use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::laws_support::{Play, START, assert_ended, assert_ruling, hms};

fn mv(san: &str) -> Value {
    json!({ "type": "move", "san": san })
}

fn foul(player: &str) -> Value {
    json!({ "type": "penalise", "player": player, "reason": "changed a move after releasing the piece",
            "penalty": { "kind": "foul" } })
}

async fn in_the_club_a_move_taking_longer_than_thirty_seconds_is_a_foul(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "club" })).await;
    g.start().await;
    let r = g.ok(31, mv("e4")).await;
    assert_ruling(&r, "move_time_cap_exceeded", "club (3)");
    let r = g.ok(40, mv("e5")).await;
    assert!(
        !r.body["rulings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["code"] == "move_time_cap_exceeded"),
        "nine seconds is no foul: {}",
        r.body
    );
}

async fn in_the_club_three_fouls_lose_the_game(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "club" })).await;
    g.start().await;
    g.ok(31, mv("e4")).await; // foul 1: over 30 s
    g.ok(32, mv("e5")).await;
    g.ok(63, mv("Nf3")).await; // foul 2
    g.ok(64, mv("Nc6")).await;
    let r = g.ok(65, foul("white")).await;
    assert_ended(&r, "0-1", "fouls_limit_lose", "club (3)");
}

async fn in_the_club_a_game_lasting_more_than_thirty_minutes_scores_nothing(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "club" })).await;
    g.start().await;
    g.ok(20, mv("e4")).await;
    g.ok(40, mv("e5")).await;
    let r = g.ok(hms(0, 30, 1), json!({ "type": "flag" })).await;
    assert_ended(&r, "0-0", "overlong_game_scores_nothing", "club (3)");
}

/// The organiser announces the club's limits (`laws`); the games of the
/// tournament keep them and the rulings cite the club plan.
async fn a_club_tournaments_announced_move_cap_foul_limit_and_game_length_reach_its_games(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club night", "system": "round-robin", "regulations": "club",
                    "time_control": "3600",
                    "laws": { "per_move_cap_seconds": 60, "foul_limit": 2, "max_game_minutes": 45 } }),
        )
        .await;
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["laws"]["per_move_cap_seconds"], 60, "{}", r.body);
    assert_eq!(r.body["laws"]["foul_limit"], 2, "{}", r.body);
    assert_eq!(r.body["laws"]["max_game_minutes"], 45, "{}", r.body);
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
    let first = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let second = round["boards"][1]["game_id"].as_str().unwrap().to_owned();

    let mut g = Play::existing(&app, &first, &organiser).await;
    g.start().await;
    let r = g.ok(45, mv("e4")).await; // under the announced minute: no foul
    assert!(
        !r.body["rulings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["code"] == "move_time_cap_exceeded"),
        "{}",
        r.body
    );
    let r = g.ok(106, mv("e5")).await; // 61 s: foul 1
    assert_ruling(&r, "move_time_cap_exceeded", "club (3)");
    let r = g.ok(110, foul("black")).await; // foul 2 of 2
    assert_ended(&r, "1-0", "fouls_limit_lose", "club (3)");

    let mut g = Play::existing(&app, &second, &organiser).await;
    g.start().await;
    g.ok(20, mv("e4")).await;
    g.ok(40, mv("e5")).await;
    let r = g.ok(hms(0, 30, 1), json!({ "type": "flag" })).await;
    assert_eq!(
        r.body["state"]["status"], "in_progress",
        "45 minutes announced: {}",
        r.body
    );
    let r = g.ok(hms(0, 45, 1), json!({ "type": "flag" })).await;
    assert_ended(&r, "0-0", "overlong_game_scores_nothing", "club (3)");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "1-0", "{}", r.body);
    assert_eq!(r.body["boards"][1]["result"], "0-0", "{}", r.body);
}

async fn a_player_arriving_within_the_hour_plays_on_10_15(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "starts_at": START, "time_control": "40/5400:1800" }),
    )
    .await;
    g.ok(0, json!({ "type": "arrive", "player": "white" }))
        .await;
    g.ok(0, json!({ "type": "start" })).await;
    g.ok(30, mv("e4")).await;
    let r = g
        .ok(
            hms(0, 59, 59),
            json!({ "type": "arrive", "player": "black" }),
        )
        .await;
    assert_ruling(&r, "player_arrived", "10.15");
    assert_eq!(r.body["state"]["status"], "in_progress");
    assert_eq!(
        r.body["state"]["lateness"]["black_present"], true,
        "{}",
        r.body
    );
    g.refused(
        hms(0, 59, 59),
        json!({ "type": "arrive", "player": "black" }),
        "already_present",
        "10.15",
    )
    .await;
}

async fn a_player_arriving_more_than_an_hour_late_loses_by_forfeit_10_15(app: TestApp) {
    let mut g = Play::free(&app, json!({ "starts_at": START })).await;
    g.ok(0, json!({ "type": "arrive", "player": "white" }))
        .await;
    g.ok(0, json!({ "type": "start" })).await;
    let r = g
        .ok(hms(1, 0, 1), json!({ "type": "arrive", "player": "black" }))
        .await;
    assert_ended(&r, "+-", "lost_by_lateness", "10.15");
}

async fn when_neither_player_arrives_within_the_hour_both_lose_10_17(app: TestApp) {
    let mut g = Play::free(&app, json!({ "starts_at": START })).await;
    let r = g.ok(hms(1, 0, 1), json!({ "type": "flag" })).await;
    assert_ended(&r, "--", "both_absent_both_lose", "10.17");
}

crate::both_databases!(
    in_the_club_a_move_taking_longer_than_thirty_seconds_is_a_foul,
    in_the_club_three_fouls_lose_the_game,
    in_the_club_a_game_lasting_more_than_thirty_minutes_scores_nothing,
    a_club_tournaments_announced_move_cap_foul_limit_and_game_length_reach_its_games,
    a_player_arriving_within_the_hour_plays_on_10_15,
    a_player_arriving_more_than_an_hour_late_loses_by_forfeit_10_15,
    when_neither_player_arrives_within_the_hour_both_lose_10_17,
);
