//! Irregularities, the arbiter's interventions and penalties through the
//! API: `declare_illegal`, `annul`, `colours_reversed`, `refuse`,
//! `both_flags_down`, `declare_perpetual_check`, `press`, `stop_clocks`,
//! `start_clocks`, `adjust_clock`, `penalise` (Art. 6.5, 8.1, 8.2, 8.5, 8.6,
//! 10.17, 12.4–12.6, 12.8, 16; the national variation's perpetual check).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::laws_support::{Play, assert_ended, assert_ruling, moves, ms};

const RUY: [&str; 5] = ["e4", "e5", "Nf3", "Nc6", "Bb5"];

fn mv(san: &str) -> Value {
    json!({ "type": "move", "san": san })
}

async fn an_illegal_move_found_later_restores_the_position_with_the_arbiters_times_8_1(
    app: TestApp,
) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.moves(10, 10, &RUY).await;
    let r = g
        .ok(
            60,
            json!({ "type": "declare_illegal", "ply": 3, "kind": "illegal_move",
                    "clocks": { "white_ms": ms(1, 29, 0), "black_ms": ms(1, 28, 0) } }),
        )
        .await;
    assert_ruling(&r, "position_restored", "8.1");
    assert_ruling(&r, "clocks_set_by_arbiter", "12.6");
    let state = &r.body["state"];
    assert_eq!(moves(state), ["e4", "e5"]);
    assert_eq!(state["to_move"], "white");
    assert_eq!(state["clocks"]["running"], "white");
    assert_eq!(state["clocks"]["black_ms"], ms(1, 28, 0));
    let r = g.ok(70, mv("Nc3")).await;
    assert_eq!(moves(&r.body["state"]), ["e4", "e5", "Nc3"]);
    assert_eq!(r.body["state"]["clocks"]["white_ms"], ms(1, 28, 50));
    // The voided moves stay in the log.
    let log = app
        .get(&format!("/api/v1/games/{}/events", g.game), None)
        .await;
    assert_eq!(
        log.body["events"].as_array().unwrap().len(),
        8,
        "{}",
        log.body
    );
}

async fn without_known_times_the_arbiter_reallocates_in_proportion_to_moves_12_6(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.moves(10, 10, &RUY).await;
    let r = g
        .ok(
            60,
            json!({ "type": "declare_illegal", "ply": 3, "kind": "illegal_move" }),
        )
        .await;
    assert_ruling(&r, "clocks_reallocated", "12.6");
    assert_eq!(
        r.body["state"]["clocks"]["black_ms"],
        ms(1, 29, 45),
        "{}",
        r.body
    );
}

async fn a_reallocation_leaving_less_than_a_minute_per_move_due_is_refused_12_6(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/600:300" })).await;
    g.start().await;
    g.moves(10, 10, &["e4", "e5", "Nf3"]).await;
    g.refused(
        60,
        json!({ "type": "declare_illegal", "ply": 3, "kind": "illegal_move" }),
        "reallocation_not_applicable",
        "12.6",
    )
    .await;
    g.ok(
        60,
        json!({ "type": "declare_illegal", "ply": 3, "kind": "illegal_move",
                "clocks": { "white_ms": ms(0, 9, 30), "black_ms": ms(0, 9, 40) } }),
    )
    .await;
}

async fn displaced_pieces_are_put_back_as_they_were_8_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.moves(10, 10, &["e4", "e5", "Nf3"]).await;
    let r = g
        .ok(
            60,
            json!({ "type": "declare_illegal", "ply": 2, "kind": "displaced_pieces",
                    "clocks": { "white_ms": ms(1, 29, 0), "black_ms": ms(1, 29, 0) } }),
        )
        .await;
    assert_ruling(&r, "position_restored", "8.2");
    assert_eq!(moves(&r.body["state"]), ["e4"]);
    assert_eq!(r.body["state"]["to_move"], "black");
}

async fn under_the_2023_laws_a_completed_illegal_move_gives_the_opponent_two_minutes(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "regulations": "fide-2023", "time_control": "40/5400:1800" }),
    )
    .await;
    g.start().await;
    g.moves(10, 10, &["e4", "e5", "Nf3"]).await;
    let r = g
        .ok(
            60,
            json!({ "type": "declare_illegal", "ply": 3, "kind": "illegal_move",
                    "clocks": { "white_ms": ms(1, 29, 0), "black_ms": ms(1, 29, 0) } }),
        )
        .await;
    assert_ruling(&r, "illegal_move_time_bonus", "2023 7.5.4");
    assert_eq!(
        r.body["state"]["clocks"]["black_ms"],
        ms(1, 31, 0),
        "{}",
        r.body
    );
}

async fn a_wrong_initial_position_annuls_the_game_8_5(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.moves(10, 10, &["e4", "e5"]).await;
    let r = g
        .ok(
            60,
            json!({ "type": "annul", "reason": "wrong_initial_position" }),
        )
        .await;
    assert_ruling(&r, "game_annulled", "8.5");
    assert_eq!(r.body["state"]["status"], "annulled");
    let r = g.post(70, mv("Nf3")).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "game_annulled");
}

async fn colours_reversed_after_a_quarter_of_the_first_period_play_on_8_6(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.ok(15 * 60, mv("e4")).await;
    g.ok(25 * 60, mv("e5")).await;
    g.refused(
        25 * 60 + 1,
        json!({ "type": "colours_reversed", "restart": true }),
        "too_late_to_restart",
        "8.6",
    )
    .await;
    let r = g
        .ok(
            25 * 60 + 2,
            json!({ "type": "colours_reversed", "restart": false }),
        )
        .await;
    assert_ruling(&r, "colours_reversed_play_continues", "8.6");
    assert_eq!(r.body["state"]["status"], "in_progress");
    g.ok(25 * 60 + 10, mv("Nf3")).await;
}

async fn colours_reversed_early_the_arbiter_restarts_with_the_right_colours_8_6(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.ok(60, mv("e4")).await;
    let r = g
        .ok(300, json!({ "type": "colours_reversed", "restart": true }))
        .await;
    assert_ruling(&r, "colours_reversed_restart", "8.6");
    assert_eq!(r.body["state"]["status"], "annulled");
}

async fn a_player_who_refuses_to_comply_with_the_laws_loses_10_17(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    let r = g.ok(20, json!({ "type": "refuse", "who": "black" })).await;
    assert_ended(&r, "1-0", "refusal_to_comply", "10.17");
}

/// Both refuse: both lose, and the board of a tournament gets `0-0`.
async fn when_both_players_refuse_to_comply_both_lose_and_the_board_shows_0_0_10_17(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Refusals", "system": "round-robin" }),
        )
        .await;
    app.players(&organiser, &t, &[("A, One", 2000), ("B, Two", 1900)])
        .await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let mut g = Play::existing(&app, &game, &arbiter).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    let r = g.ok(20, json!({ "type": "refuse", "who": "both" })).await;
    assert_ended(&r, "0-0", "refusal_to_comply", "10.17");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "0-0", "{}", r.body);
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result"),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "contradicts_game");
}

async fn both_flags_down_on_a_scoresheet_play_continues_into_the_next_period_12_8(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "time_control": "2/60:60", "mode": "scoresheet" }),
    )
    .await;
    g.ok(0, mv("e4")).await;
    g.ok(1, mv("e5")).await;
    let r = g.ok(2, json!({ "type": "both_flags_down" })).await;
    assert_ruling(&r, "both_flags_down_play_continues", "12.8");
    assert_eq!(r.body["state"]["status"], "in_progress");
    assert_eq!(
        r.body["state"]["clocks"]["white_ms"],
        ms(0, 2, 0),
        "{}",
        r.body
    );
}

async fn the_server_clock_knows_which_flag_fell_first_12_8(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "60" })).await;
    g.start().await;
    g.refused(
        10,
        json!({ "type": "both_flags_down" }),
        "flag_order_known",
        "12.8",
    )
    .await;
}

const PERPETUAL_FEN: &str = "6k1/6p1/7p/8/8/8/8/K3Q3 w - - 0 1";
const PERPETUAL: [&str; 8] = ["Qe8+", "Kh7", "Qe4+", "Kg8", "Qe8+", "Kh7", "Qe4+", "Kg8"];

async fn under_the_national_rules_the_arbiter_may_declare_a_perpetual_check_drawn(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "regulations": "china-national", "fen": PERPETUAL_FEN }),
    )
    .await;
    g.start().await;
    g.moves(1, 1, &PERPETUAL).await;
    let r = g.ok(20, json!({ "type": "declare_perpetual_check" })).await;
    assert_ended(&r, "1/2-1/2", "perpetual_check", "china-national");
}

async fn under_the_seed_laws_perpetual_check_is_reached_only_by_a_threefold_claim_10_10(
    app: TestApp,
) {
    let mut g = Play::free(&app, json!({ "fen": PERPETUAL_FEN })).await;
    g.start().await;
    g.moves(1, 1, &PERPETUAL).await;
    g.refused(
        20,
        json!({ "type": "declare_perpetual_check" }),
        "perpetual_check_not_in_profile",
        "10.10",
    )
    .await;
}

async fn a_perpetual_check_needs_a_repeated_series_of_checks(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "china-national" })).await;
    g.start().await;
    g.moves(1, 1, &["Nf3", "Nf6", "Ng1", "Ng8"]).await;
    let r = g
        .post(20, json!({ "type": "declare_perpetual_check" }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "not_perpetual_check");
}

async fn a_move_counts_for_the_time_control_when_the_clock_is_pressed_6_5(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    let r = g
        .ok(10, json!({ "type": "move", "san": "e4", "press": false }))
        .await;
    assert_eq!(r.body["state"]["clocks"]["running"], "white");
    assert_eq!(r.body["state"]["pending"]["unpressed"], "white");
    let r = g
        .ok(30, json!({ "type": "press", "player": "white" }))
        .await;
    assert_ruling(&r, "clock_pressed", "6.5");
    assert_eq!(r.body["state"]["clocks"]["running"], "black");
    assert_eq!(r.body["state"]["clocks"]["white_ms"], ms(1, 29, 30));
    g.refused(
        40,
        json!({ "type": "press", "player": "black" }),
        "no_move_to_press",
        "6.5",
    )
    .await;
}

async fn the_arbiter_stops_and_restarts_the_clocks_12_5(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    let r = g
        .ok(
            10,
            json!({ "type": "stop_clocks", "reason": "a player asks for the arbiter" }),
        )
        .await;
    assert_ruling(&r, "clocks_stopped", "12.5");
    assert_eq!(r.body["state"]["clocks"]["running"], json!(null));
    // Stopped: the clock shows the same time however late it is read.
    assert_eq!(g.state().await["clocks"]["white_ms"], ms(1, 29, 50));
    let r = g
        .ok(
            300,
            json!({ "type": "start_clocks", "reason": "dispute settled" }),
        )
        .await;
    assert_ruling(&r, "clocks_restarted", "12.5");
    let r = g.ok(310, mv("e4")).await;
    assert_eq!(
        r.body["state"]["clocks"]["white_ms"],
        ms(1, 29, 40),
        "{}",
        r.body
    );
}

async fn a_defective_clock_is_replaced_and_set_by_the_arbiter_12_4(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    let r = g
        .ok(
            600,
            json!({ "type": "adjust_clock", "player": "white",
                    "remaining_ms": ms(1, 25, 0), "reason": "defective_clock" }),
        )
        .await;
    assert_ruling(&r, "clock_replaced", "12.4");
    assert_eq!(
        r.body["state"]["clocks"]["white_ms"],
        ms(1, 25, 0),
        "{}",
        r.body
    );
}

async fn the_arbiter_deducts_time_and_the_flag_falls_16(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "120" })).await;
    g.start().await;
    let r = g
        .ok(
            10,
            json!({ "type": "penalise", "player": "white", "reason": "disturbing the opponent",
                    "penalty": { "kind": "deduct_time", "ms": 120_000 } }),
        )
        .await;
    assert_ruling(&r, "time_deducted", "16");
    assert_ended(&r, "0-1", "lost_on_time", "10.14");
}

async fn the_arbiter_adds_time_to_the_opponent_of_an_offender_16(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.ok(20, mv("e5")).await;
    let r = g
        .ok(
            30,
            json!({ "type": "penalise", "player": "white", "reason": "repeated draw offers (15)",
                    "penalty": { "kind": "add_time_to_opponent", "ms": 120_000 } }),
        )
        .await;
    let articles: Vec<&Value> = r.body["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| &x["article"])
        .collect();
    assert!(articles.iter().any(|a| *a == "16"), "{}", r.body);
    assert_eq!(
        r.body["state"]["clocks"]["black_ms"],
        ms(1, 31, 50),
        "{}",
        r.body
    );
}

async fn the_arbiter_declares_a_result_16(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g
        .ok(
            10,
            json!({ "type": "declare_result", "result": "0-1", "reason": "white used a mobile phone" }),
        )
        .await;
    assert_ended(&r, "0-1", "arbiter_declared_result", "16");
}

async fn on_a_scoresheet_the_arbiter_states_a_flag_fall_and_its_article_is_cited_10_14(
    app: TestApp,
) {
    let mut g = Play::free(
        &app,
        json!({ "mode": "scoresheet", "starts_at": crate::laws_support::START }),
    )
    .await;
    g.ok(0, json!({ "type": "arrive", "player": "white" }))
        .await;
    let r = g
        .post(
            3900,
            json!({ "type": "declare_result", "result": "1-0", "grounds": "lateness",
                    "reason": "black absent" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "result_does_not_fit_grounds", "{r:?}");
    let r = g
        .ok(
            3900,
            json!({ "type": "declare_result", "result": "1/2-1/2", "grounds": "flag_fall",
                    "reason": "white's flag fell, black has a bare king" }),
        )
        .await;
    assert_ended(&r, "1/2-1/2", "draw_opponent_cannot_checkmate", "10.14");
}

crate::both_databases!(
    an_illegal_move_found_later_restores_the_position_with_the_arbiters_times_8_1,
    without_known_times_the_arbiter_reallocates_in_proportion_to_moves_12_6,
    a_reallocation_leaving_less_than_a_minute_per_move_due_is_refused_12_6,
    displaced_pieces_are_put_back_as_they_were_8_2,
    under_the_2023_laws_a_completed_illegal_move_gives_the_opponent_two_minutes,
    a_wrong_initial_position_annuls_the_game_8_5,
    colours_reversed_after_a_quarter_of_the_first_period_play_on_8_6,
    colours_reversed_early_the_arbiter_restarts_with_the_right_colours_8_6,
    a_player_who_refuses_to_comply_with_the_laws_loses_10_17,
    when_both_players_refuse_to_comply_both_lose_and_the_board_shows_0_0_10_17,
    both_flags_down_on_a_scoresheet_play_continues_into_the_next_period_12_8,
    the_server_clock_knows_which_flag_fell_first_12_8,
    under_the_national_rules_the_arbiter_may_declare_a_perpetual_check_drawn,
    under_the_seed_laws_perpetual_check_is_reached_only_by_a_threefold_claim_10_10,
    a_perpetual_check_needs_a_repeated_series_of_checks,
    a_move_counts_for_the_time_control_when_the_clock_is_pressed_6_5,
    the_arbiter_stops_and_restarts_the_clocks_12_5,
    a_defective_clock_is_replaced_and_set_by_the_arbiter_12_4,
    the_arbiter_deducts_time_and_the_flag_falls_16,
    the_arbiter_adds_time_to_the_opponent_of_an_offender_16,
    the_arbiter_declares_a_result_16,
    on_a_scoresheet_the_arbiter_states_a_flag_fall_and_its_article_is_cited_10_14,
);
