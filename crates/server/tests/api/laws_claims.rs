//! Draw claims, draw offers, resignation and flags through the API
//! (Art. 10.2, 10.5–10.14, 12.2, 12.7).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::laws_support::{Play, assert_ended, assert_ruling, moves, ms};

const SHUFFLE: [&str; 8] = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];

fn claim(player: &str, reason: &str) -> Value {
    json!({ "type": "claim_draw", "player": player, "reason": reason })
}

fn claim_with(player: &str, reason: &str, intended: &str) -> Value {
    json!({ "type": "claim_draw", "player": player, "reason": reason, "move": intended })
}

fn mv(san: &str) -> Value {
    json!({ "type": "move", "san": san })
}

async fn a_threefold_repetition_that_has_just_occurred_is_drawn_on_claim_10_10_2(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.moves(1, 1, &SHUFFLE).await;
    let r = g.ok(20, claim("white", "threefold")).await;
    assert_ruling(&r, "clocks_stopped_for_claim", "10.13");
    assert_ended(&r, "1/2-1/2", "draw_claim_upheld", "10.10(2)");
}

async fn a_threefold_claim_with_the_stated_move_is_drawn_without_the_move_being_played_10_10_1(
    app: TestApp,
) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.moves(1, 1, &SHUFFLE[..7]).await;
    let r = g.ok(20, claim_with("black", "threefold", "Ng8")).await;
    assert_ended(&r, "1/2-1/2", "draw_claim_upheld", "10.10(1)");
    assert_eq!(moves(&r.body["state"]), SHUFFLE[..7]);
}

async fn only_the_player_to_move_may_claim_a_draw_10_10(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.refused(
        20,
        claim("white", "threefold"),
        "claim_not_on_move",
        "10.10",
    )
    .await;
}

async fn a_player_who_moves_without_claiming_loses_the_claim_until_the_position_recurs_10_11(
    app: TestApp,
) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.moves(
        1,
        1,
        &[
            "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6",
        ],
    )
    .await;
    let r = g.ok(20, claim("white", "threefold")).await;
    assert_ruling(&r, "incorrect_claim_time_penalty", "10.13(2)");
    g.moves(30, 1, &["Nb1", "Nb8"]).await;
    let r = g.ok(40, claim("white", "threefold")).await;
    assert_ended(&r, "1/2-1/2", "draw_claim_upheld", "10.10(2)");
}

async fn a_fifty_move_claim_after_fifty_moves_without_capture_or_pawn_move_is_drawn_10_12(
    app: TestApp,
) {
    let mut g = Play::free(&app, json!({ "fen": "4k3/8/8/8/8/8/8/R3K3 b - - 100 80" })).await;
    g.start().await;
    let r = g.ok(10, claim("black", "fifty_moves")).await;
    assert_ended(&r, "1/2-1/2", "draw_claim_upheld", "10.12");
}

async fn a_fifty_move_claim_with_the_completing_move_stated_is_drawn_10_12(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 99 80" })).await;
    g.start().await;
    let r = g.ok(10, claim_with("white", "fifty_moves", "Ra2")).await;
    assert_ended(&r, "1/2-1/2", "draw_claim_upheld", "10.12");
}

async fn a_fifty_move_claim_one_move_short_is_incorrect_10_12(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 99 80" })).await;
    g.start().await;
    let r = g.ok(10, claim("white", "fifty_moves")).await;
    assert_ruling(&r, "incorrect_claim_time_penalty", "10.13(2)");
    assert_eq!(r.body["state"]["status"], "in_progress");
}

/// The organiser's announced count (Art. 10.12, `laws.fifty_move_count`)
/// reaches the game of a tournament board.
async fn an_announced_higher_move_count_makes_a_fifty_move_claim_incorrect_10_12(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Seventy-five", "system": "round-robin",
                    "laws": { "fifty_move_count": 75 } }),
        )
        .await;
    app.players(&organiser, &t, &[("A, One", 2000), ("B, Two", 1900)])
        .await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/1"),
            Some(&organiser),
            json!({ "fen": "4k3/8/8/8/8/8/8/R3K3 b - - 120 80" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let mut g = Play::existing(&app, &game, &organiser).await;
    g.start().await;
    let r = g.ok(10, claim("black", "fifty_moves")).await;
    assert_ruling(&r, "incorrect_claim_time_penalty", "10.13(2)");
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
}

/// Art. 10.12 "for certain positions": a higher count announced for one
/// material balance (rook and bishop against rook) makes a claim after
/// sixty moves there incorrect, while other material keeps fifty.
async fn a_higher_count_announced_for_rook_and_bishop_against_rook_applies_to_that_material_only_10_12(
    app: TestApp,
) {
    let laws = json!({ "fifty_move_overrides": [{ "material": "krb-kr", "moves": 75 }] });
    let mut g = Play::free(
        &app,
        json!({ "fen": "4k3/8/8/8/8/8/1r6/R1B1K3 b - - 120 80", "laws": laws }),
    )
    .await;
    assert_eq!(
        g.state().await["laws"]["fifty_move_overrides"],
        json!([{ "material": "KRB-KR", "moves": 75 }])
    );
    g.start().await;
    let r = g.ok(10, claim("black", "fifty_moves")).await;
    assert_ruling(&r, "incorrect_claim_time_penalty", "10.13(2)");
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
    let mut other = Play::free(
        &app,
        json!({ "fen": "4k3/8/8/8/8/8/8/R3K3 b - - 100 80", "laws": laws }),
    )
    .await;
    other.start().await;
    let r = other.ok(10, claim("black", "fifty_moves")).await;
    assert_ended(&r, "1/2-1/2", "draw_claim_upheld", "10.12");
    for (bad, field) in [
        (
            json!([{ "material": "RK-K", "moves": 75 }]),
            "laws.fifty_move_overrides[0].material",
        ),
        (
            json!([{ "material": "KRB-KR", "moves": 40 }]),
            "laws.fifty_move_overrides[0].moves",
        ),
    ] {
        let r = app
            .post(
                "/api/v1/games",
                Some(crate::harness::ADMIN),
                json!({ "white": "A", "black": "B", "laws": { "fifty_move_overrides": bad } }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
        assert_eq!(r.body["where"], field, "{r:?}");
    }
}

async fn an_incorrect_draw_claim_adds_five_minutes_to_the_claimants_used_time_10_13(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.moves(10, 10, &["e4", "e5"]).await;
    let r = g.ok(30, claim("white", "threefold")).await;
    assert_ruling(&r, "clocks_stopped_for_claim", "10.13");
    assert_ruling(&r, "incorrect_claim_time_penalty", "10.13(2)");
    assert_ruling(&r, "claim_cannot_be_withdrawn", "10.13(3)");
    assert_eq!(r.body["state"]["status"], "in_progress");
    assert_eq!(r.body["state"]["clocks"]["running"], "white");
    // White used 10 + 10 + 10 s at the board and 5 minutes of penalty.
    let r = g.ok(40, mv("Nf3")).await;
    assert_eq!(
        r.body["state"]["clocks"]["white_ms"],
        ms(1, 24, 30),
        "{}",
        r.body
    );
    assert_eq!(r.body["state"]["clocks"]["running"], "black");
}

async fn after_an_incorrect_claim_the_stated_move_must_be_played_10_13_2(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "40/5400:1800" })).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    let r = g.ok(20, claim_with("black", "threefold", "Nf6")).await;
    assert_ruling(&r, "declared_move_must_be_played", "10.13(2)");
    assert_eq!(
        r.body["state"]["pending"]["claimed_move_due"], "g8f6",
        "{}",
        r.body
    );
    g.refused(30, mv("e5"), "must_play_declared_move", "10.13(2)")
        .await;
    let r = g.ok(31, mv("Nf6")).await;
    assert_eq!(moves(&r.body["state"]), ["e4", "Nf6"]);
}

async fn an_incorrect_claim_that_takes_the_claimant_past_his_time_loses_10_13_2(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "360" })).await;
    g.start().await;
    g.ok(90, mv("e4")).await;
    g.ok(100, mv("e5")).await;
    let r = g.ok(110, claim("white", "threefold")).await;
    assert_ended(&r, "0-1", "incorrect_claim_oversteps_time", "10.13(2)");
}

async fn a_draw_offered_with_a_move_and_accepted_ends_the_game_10_6_10_7(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g
        .ok(
            5,
            json!({ "type": "move", "san": "e4", "offer_draw": true }),
        )
        .await;
    assert_ruling(&r, "draw_offered", "10.7");
    assert_eq!(r.body["state"]["pending"]["draw_offer"], "white");
    let r = g
        .ok(20, json!({ "type": "accept_draw", "player": "black" }))
        .await;
    assert_ended(&r, "1/2-1/2", "draw_agreed", "10.6");
}

async fn a_draw_offer_lapses_when_the_opponent_moves_or_declines_10_7(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(
        5,
        json!({ "type": "move", "san": "e4", "offer_draw": true }),
    )
    .await;
    let r = g.ok(10, mv("e5")).await;
    assert_eq!(
        r.body["state"]["pending"]["draw_offer"],
        json!(null),
        "{}",
        r.body
    );
    let r = g
        .post(11, json!({ "type": "accept_draw", "player": "white" }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    g.ok(
        12,
        json!({ "type": "move", "san": "Nf3", "offer_draw": true }),
    )
    .await;
    g.ok(13, json!({ "type": "decline_draw", "player": "black" }))
        .await;
    let state = g.state().await;
    assert_eq!(state["pending"]["draw_offer"], json!(null));
    assert_eq!(state["status"], "in_progress");
}

async fn a_resignation_loses_and_a_flag_found_later_does_not_change_it_10_2_12_7(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "60" })).await;
    g.start().await;
    let r = g
        .ok(10, json!({ "type": "resign", "player": "white" }))
        .await;
    assert_ended(&r, "0-1", "resignation", "10.2");
    g.refused(120, json!({ "type": "flag" }), "result_stands", "12.7")
        .await;
}

async fn the_arbiter_finds_a_flag_down_and_the_player_loses_on_time_10_14_12_2(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "60" })).await;
    g.start().await;
    g.ok(30, mv("e4")).await;
    let r = g.ok(60, json!({ "type": "flag" })).await;
    assert_ruling(&r, "no_flag_down", "12.2");
    g.refused(
        61,
        json!({ "type": "flag", "player": "black" }),
        "flag_not_down",
        "12.2",
    )
    .await;
    let r = g.ok(91, json!({ "type": "flag" })).await;
    assert_ended(&r, "1-0", "lost_on_time", "10.14");
}

async fn a_flag_against_a_bare_king_is_a_draw_10_5(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "time_control": "60", "fen": "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1" }),
    )
    .await;
    g.start().await;
    let r = g.ok(60, json!({ "type": "flag" })).await;
    assert_ended(&r, "1/2-1/2", "draw_opponent_cannot_checkmate", "10.5");
}

async fn an_agreed_draw_stands_though_a_flag_is_down_when_it_is_accepted_12_7(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "60" })).await;
    g.start().await;
    g.ok(
        10,
        json!({ "type": "move", "san": "e4", "offer_draw": true }),
    )
    .await;
    let r = g
        .ok(80, json!({ "type": "accept_draw", "player": "black" }))
        .await;
    assert_ruling(&r, "result_stands_flag_down", "12.7");
    assert_ended(&r, "1/2-1/2", "draw_agreed", "10.6");
}

async fn a_move_completed_after_the_flag_fell_is_void_and_loses_on_time_10_14(app: TestApp) {
    let mut g = Play::free(&app, json!({ "time_control": "60" })).await;
    g.start().await;
    let r = g.ok(65, mv("e4")).await;
    assert_ended(&r, "0-1", "lost_on_time", "10.14");
    assert!(moves(&r.body["state"]).is_empty(), "{}", r.body);
}

async fn an_offer_made_while_the_opponents_clock_runs_is_valid_but_irregular_10_8(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(5, mv("e4")).await;
    let r = g
        .ok(10, json!({ "type": "offer_draw", "player": "white" }))
        .await;
    assert_ruling(&r, "irregular_draw_offer", "10.8");
    let r = g
        .ok(
            15,
            json!({ "type": "penalise", "player": "white", "reason": "draw offer at the wrong moment",
                    "penalty": { "kind": "warn" } }),
        )
        .await;
    assert_ruling(&r, "warning", "16");
    let r = g
        .ok(20, json!({ "type": "accept_draw", "player": "black" }))
        .await;
    assert_ended(&r, "1/2-1/2", "draw_agreed", "10.6");
}

async fn an_offer_before_moving_lets_the_opponent_wait_to_see_the_move_10_9(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g
        .ok(5, json!({ "type": "offer_draw", "player": "white" }))
        .await;
    assert_ruling(&r, "draw_offer_before_move", "10.9");
    let r = g.ok(10, mv("e4")).await;
    assert_eq!(
        r.body["state"]["pending"]["draw_offer"], "white",
        "{}",
        r.body
    );
    let r = g
        .ok(40, json!({ "type": "accept_draw", "player": "black" }))
        .await;
    assert_ended(&r, "1/2-1/2", "draw_agreed", "10.6");
}

async fn a_player_cannot_accept_his_own_draw_offer_10_6(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(
        5,
        json!({ "type": "move", "san": "e4", "offer_draw": true }),
    )
    .await;
    g.refused(
        10,
        json!({ "type": "accept_draw", "player": "white" }),
        "no_draw_offer",
        "10.6",
    )
    .await;
}

async fn under_the_2023_laws_fivefold_repetition_ends_the_game_by_itself(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "fide-2023" })).await;
    g.start().await;
    g.moves(1, 1, &SHUFFLE).await;
    g.moves(9, 1, &SHUFFLE[..7]).await;
    let r = g.ok(20, mv("Ng8")).await;
    assert_ended(&r, "1/2-1/2", "fivefold_repetition", "2023 9.6.1");
}

async fn under_the_2023_laws_the_seventy_five_move_rule_ends_the_game_by_itself(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "regulations": "fide-2023", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 149 100" }),
    )
    .await;
    g.start().await;
    let r = g.ok(1, mv("Ra2")).await;
    assert_ended(&r, "1/2-1/2", "seventy_five_move_rule", "2023 9.6.2");
}

async fn under_the_2023_laws_an_incorrect_claim_gives_the_opponent_two_minutes(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "regulations": "fide-2023", "time_control": "40/5400:1800" }),
    )
    .await;
    g.start().await;
    g.moves(10, 10, &["e4", "e5"]).await;
    let r = g.ok(30, claim("white", "threefold")).await;
    assert_ruling(&r, "incorrect_claim_opponent_bonus", "2023 9.5.3");
    assert_eq!(
        r.body["state"]["clocks"]["black_ms"],
        ms(1, 31, 50),
        "{}",
        r.body
    );
}

crate::both_databases!(
    a_threefold_repetition_that_has_just_occurred_is_drawn_on_claim_10_10_2,
    a_threefold_claim_with_the_stated_move_is_drawn_without_the_move_being_played_10_10_1,
    only_the_player_to_move_may_claim_a_draw_10_10,
    a_player_who_moves_without_claiming_loses_the_claim_until_the_position_recurs_10_11,
    a_fifty_move_claim_after_fifty_moves_without_capture_or_pawn_move_is_drawn_10_12,
    a_fifty_move_claim_with_the_completing_move_stated_is_drawn_10_12,
    a_fifty_move_claim_one_move_short_is_incorrect_10_12,
    an_announced_higher_move_count_makes_a_fifty_move_claim_incorrect_10_12,
    a_higher_count_announced_for_rook_and_bishop_against_rook_applies_to_that_material_only_10_12,
    an_incorrect_draw_claim_adds_five_minutes_to_the_claimants_used_time_10_13,
    after_an_incorrect_claim_the_stated_move_must_be_played_10_13_2,
    an_incorrect_claim_that_takes_the_claimant_past_his_time_loses_10_13_2,
    a_draw_offered_with_a_move_and_accepted_ends_the_game_10_6_10_7,
    a_draw_offer_lapses_when_the_opponent_moves_or_declines_10_7,
    a_resignation_loses_and_a_flag_found_later_does_not_change_it_10_2_12_7,
    the_arbiter_finds_a_flag_down_and_the_player_loses_on_time_10_14_12_2,
    a_flag_against_a_bare_king_is_a_draw_10_5,
    an_agreed_draw_stands_though_a_flag_is_down_when_it_is_accepted_12_7,
    a_move_completed_after_the_flag_fell_is_void_and_loses_on_time_10_14,
    an_offer_made_while_the_opponents_clock_runs_is_valid_but_irregular_10_8,
    an_offer_before_moving_lets_the_opponent_wait_to_see_the_move_10_9,
    a_player_cannot_accept_his_own_draw_offer_10_6,
    under_the_2023_laws_fivefold_repetition_ends_the_game_by_itself,
    under_the_2023_laws_the_seventy_five_move_rule_ends_the_game_by_itself,
    under_the_2023_laws_an_incorrect_claim_gives_the_opponent_two_minutes,
);
