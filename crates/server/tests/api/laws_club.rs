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
            "penalty": { "kind": "foul", "foul": "changed_move" } })
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

async fn in_the_club_a_third_move_over_thirty_seconds_loses_the_game(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "club" })).await;
    g.start().await;
    g.ok(31, mv("e4")).await; // over the cap: 1
    g.ok(32, mv("e5")).await;
    g.ok(63, mv("Nf3")).await; // 2
    g.ok(64, mv("Nc6")).await;
    let r = g.ok(95, mv("Bc4")).await; // 3
    assert_ended(&r, "0-1", "fouls_limit_lose", "club (3)");
}

/// The club plan (3) has two three-strike limits: moves over the cap, and
/// moves changed after release. Two of each are four fouls and no loss;
/// the third of one kind loses.
async fn in_the_club_the_two_foul_limits_are_counted_apart_each_losing_at_its_third(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "club" })).await;
    g.start().await;
    g.ok(31, mv("e4")).await; // move time: 1
    g.ok(32, mv("e5")).await;
    g.ok(63, mv("Nf3")).await; // move time: 2
    g.ok(64, mv("Nc6")).await;
    let r = g.ok(65, foul("white")).await; // changed move: 1
    assert_ruling(&r, "foul", "club (3)");
    assert_ne!(r.body["state"]["status"], "finished", "{}", r.body);
    let r = g.ok(66, foul("white")).await; // changed move: 2
    assert_ne!(r.body["state"]["status"], "finished", "{}", r.body);
    // A move over the cap the arbiter reports (a game recorded afterwards).
    let late = json!({ "type": "penalise", "player": "black", "reason": "41 s over e5",
                       "penalty": { "kind": "foul", "foul": "move_time" } });
    let r = g.ok(67, late).await;
    assert_ruling(&r, "foul", "club (3)");
    assert_ne!(r.body["state"]["status"], "finished", "{}", r.body);
    // The state shows each player's fouls by kind.
    assert_eq!(
        r.body["state"]["fouls"],
        json!({ "white": { "changed_move": 2, "move_time": 2 },
                "black": { "changed_move": 0, "move_time": 1 } }),
        "{}",
        r.body
    );
    let r = g.ok(68, foul("white")).await; // changed move: 3
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
    let r = g.ok(106, mv("e5")).await; // 61 s: black's first move over the minute
    assert_ruling(&r, "move_time_cap_exceeded", "club (3)");
    // A changed move counts against the other limit.
    let r = g.ok(110, foul("black")).await;
    assert_ne!(r.body["state"]["status"], "finished", "{}", r.body);
    g.ok(115, mv("Nf3")).await;
    let r = g.ok(177, mv("Nc6")).await; // 62 s: the second, 2 of 2
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
    in_the_club_a_third_move_over_thirty_seconds_loses_the_game,
    in_the_club_the_two_foul_limits_are_counted_apart_each_losing_at_its_third,
    in_the_club_a_game_lasting_more_than_thirty_minutes_scores_nothing,
    a_club_tournaments_announced_move_cap_foul_limit_and_game_length_reach_its_games,
    a_player_arriving_within_the_hour_plays_on_10_15,
    a_player_arriving_more_than_an_hour_late_loses_by_forfeit_10_15,
    when_neither_player_arrives_within_the_hour_both_lose_10_17,
);
