//! Sealing and resumption through the API: `seal`, `resume`, `arrive`
//! (Art. 10.15(1)–(3), 10.16, 13, 14).

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::laws_support::{Play, assert_ended, assert_ruling, hms, moves, ms};

fn mv(san: &str) -> Value {
    json!({ "type": "move", "san": san })
}

fn seal(san: &str) -> Value {
    json!({ "type": "seal", "san": san })
}

/// 1. e4 e5, and White seals 2. Nf3 five minutes into the game.
async fn adjourned<'a>(app: &'a TestApp, time_control: &str) -> Play<'a> {
    let mut g = Play::free(app, json!({ "time_control": time_control })).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.ok(20, mv("e5")).await;
    let r = g.ok(300, seal("Nf3")).await;
    assert_ruling(&r, "move_sealed", "13.1");
    g
}

async fn the_sealed_move_is_hidden_and_the_time_to_seal_is_charged_to_the_sealer_13(app: TestApp) {
    let g = adjourned(&app, "40/5400:1800").await;
    let state = g.state().await;
    assert_eq!(state["status"], "adjourned");
    assert_eq!(moves(&state), ["e4", "e5"]);
    assert_eq!(state["clocks"]["running"], json!(null));
    assert_eq!(state["pending"]["sealed_move_present"], true);
    // Art. 13.2: the envelope's record, time used by each.
    let envelope = &state["envelope"];
    assert_eq!(envelope["sealer"], "white", "{state}");
    assert_eq!(envelope["move_number"], 2);
    assert_eq!(envelope["white_used_ms"], ms(0, 4, 50));
    assert_eq!(envelope["black_used_ms"], ms(0, 0, 10));
    assert_eq!(state["clocks"]["white_ms"], ms(1, 25, 10));
    let public = app.get(&format!("/api/v1/games/{}", g.game), None).await;
    assert!(public.body.get("sealed_move").is_none(), "{}", public.body);
    assert!(!public.text.contains("Nf3"), "{}", public.text);
    let public_log = app
        .get(&format!("/api/v1/games/{}/events", g.game), None)
        .await;
    assert!(!public_log.text.contains("Nf3"), "{}", public_log.text);
}

async fn no_move_may_be_played_while_the_game_is_adjourned_13_1(app: TestApp) {
    let mut g = adjourned(&app, "40/5400:1800").await;
    g.refused(400, mv("Nc6"), "game_adjourned", "13.1").await;
}

async fn at_resumption_the_envelope_is_opened_and_the_repliers_clock_starts_14_1_14_2(
    app: TestApp,
) {
    let mut g = adjourned(&app, "40/5400:1800").await;
    let r = g.ok(hms(10, 0, 0), json!({ "type": "resume" })).await;
    assert_ruling(&r, "game_resumed", "14.1");
    assert_ruling(&r, "envelope_opened", "14.2");
    assert_eq!(moves(&r.body["state"]), ["e4", "e5", "Nf3"]);
    assert_eq!(r.body["state"]["clocks"]["running"], "black");
    let r = g.ok(hms(10, 1, 0), mv("Nc6")).await;
    assert_eq!(r.body["state"]["clocks"]["black_ms"], ms(1, 28, 50));
    // After resumption the public log shows the sealed move.
    let public_log = app
        .get(&format!("/api/v1/games/{}/events", g.game), None)
        .await;
    assert!(public_log.text.contains("Nf3"), "{}", public_log.text);
}

async fn an_absent_repliers_clock_runs_and_the_envelope_waits_for_him_14_3(app: TestApp) {
    let mut g = adjourned(&app, "40/5400:1800").await;
    let r = g
        .ok(
            hms(10, 0, 0),
            json!({ "type": "resume", "black_present": false }),
        )
        .await;
    assert_ruling(&r, "replier_absent_clock_runs", "14.3");
    assert_eq!(r.body["state"]["clocks"]["running"], "black");
    assert_eq!(moves(&r.body["state"]), ["e4", "e5"]);
    let r = g
        .ok(
            hms(10, 10, 0),
            json!({ "type": "arrive", "player": "black" }),
        )
        .await;
    assert_ruling(&r, "envelope_opened", "14.2");
    assert_eq!(moves(&r.body["state"]), ["e4", "e5", "Nf3"]);
    let r = g.ok(hms(10, 11, 0), mv("Nc6")).await;
    assert_eq!(r.body["state"]["clocks"]["black_ms"], ms(1, 18, 50));
}

async fn a_replier_who_does_not_come_within_the_hour_of_resumption_loses_10_15(app: TestApp) {
    let mut g = adjourned(&app, "40/5400:1800").await;
    g.ok(
        hms(10, 0, 0),
        json!({ "type": "resume", "black_present": false }),
    )
    .await;
    let r = g.ok(hms(11, 0, 1), json!({ "type": "flag" })).await;
    assert_ended(&r, "1-0", "lost_by_lateness", "10.15");
}

async fn with_the_sealer_absent_the_opponent_replies_and_the_sealers_clock_runs_14_4(app: TestApp) {
    let mut g = adjourned(&app, "40/5400:1800").await;
    let r = g
        .ok(
            hms(10, 0, 0),
            json!({ "type": "resume", "white_present": false }),
        )
        .await;
    assert_ruling(&r, "sealer_absent", "14.4");
    assert_ruling(&r, "envelope_opened", "14.2");
    let r = g.ok(hms(10, 5, 0), mv("Nc6")).await;
    assert_eq!(r.body["state"]["clocks"]["running"], "white");
    let r = g.ok(hms(11, 0, 1), json!({ "type": "flag" })).await;
    assert_ended(&r, "0-1", "lost_by_lateness", "10.15");
}

async fn an_absent_sealer_whose_sealed_move_mates_wins_10_15_1(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30" })).await;
    g.start().await;
    g.ok(600, seal("Ra8#")).await;
    let r = g
        .ok(
            hms(10, 0, 0),
            json!({ "type": "resume", "white_present": false }),
        )
        .await;
    assert_ended(&r, "1-0", "checkmate", "10.15(1)");
}

async fn an_absent_sealer_whose_sealed_move_stalemates_draws_10_15_2(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "7k/8/6Q1/8/8/8/8/K7 w - - 0 30" })).await;
    g.start().await;
    g.ok(600, seal("Qf7")).await;
    let r = g
        .ok(
            hms(10, 0, 0),
            json!({ "type": "resume", "white_present": false }),
        )
        .await;
    assert_ended(&r, "1/2-1/2", "stalemate", "10.15(2)");
}

async fn the_present_player_who_oversteps_the_time_while_the_sealer_is_absent_loses_10_15_3(
    app: TestApp,
) {
    let mut g = Play::free(&app, json!({ "time_control": "40/600" })).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.ok(500, mv("e5")).await;
    g.ok(540, seal("Nf3")).await;
    g.ok(
        hms(10, 0, 0),
        json!({ "type": "resume", "white_present": false }),
    )
    .await;
    let r = g.ok(hms(10, 1, 51), json!({ "type": "flag" })).await;
    assert_ended(&r, "1-0", "lost_on_time", "10.14");
}

async fn an_illegal_sealed_move_loses_10_16_3(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.ok(20, mv("e5")).await;
    g.ok(300, seal("Nf6")).await;
    let r = g.ok(hms(10, 0, 0), json!({ "type": "resume" })).await;
    assert_ended(&r, "0-1", "sealed_move_illegal", "10.16(3)");
}

async fn an_ambiguous_sealed_move_loses_10_16_1(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "fen": "4k3/7p/8/8/8/2N3N1/8/4K3 w - - 0 30" }),
    )
    .await;
    g.start().await;
    g.ok(300, seal("Ne2")).await;
    let r = g.ok(hms(10, 0, 0), json!({ "type": "resume" })).await;
    assert_ended(&r, "0-1", "sealed_move_ambiguous", "10.16(1)");
}

async fn an_unreadable_sealed_move_loses_10_16_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(300, seal("knight-somewhere")).await;
    let r = g.ok(hms(10, 0, 0), json!({ "type": "resume" })).await;
    assert_ended(&r, "0-1", "sealed_move_unreadable", "10.16(2)");
}

async fn a_draw_agreed_before_resumption_stands_14_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.ok(20, seal("e5")).await;
    let r = g
        .ok(30, json!({ "type": "offer_draw", "player": "black" }))
        .await;
    assert_ruling(&r, "draw_offer_after_sealing", "10.9");
    let r = g
        .ok(3600, json!({ "type": "accept_draw", "player": "white" }))
        .await;
    assert_ended(&r, "1/2-1/2", "draw_agreed", "14.2");
}

async fn a_resignation_before_resumption_stands_14_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(10, mv("e4")).await;
    g.ok(20, seal("e5")).await;
    let r = g
        .ok(3600, json!({ "type": "resign", "player": "white" }))
        .await;
    assert_ended(&r, "0-1", "resignation", "14.2");
}

async fn with_the_envelope_lost_the_sealer_plays_his_move_on_the_board_14_5(app: TestApp) {
    let mut g = adjourned(&app, "40/5400:1800").await;
    let r = g
        .ok(
            hms(10, 0, 0),
            json!({ "type": "resume", "envelope_lost": true }),
        )
        .await;
    assert_ruling(&r, "envelope_lost", "14.5");
    assert_eq!(r.body["state"]["clocks"]["running"], "white");
    assert_eq!(r.body["state"]["pending"]["sealed_move_present"], false);
    let r = g.ok(hms(10, 0, 30), mv("Nf3")).await;
    assert_eq!(moves(&r.body["state"]), ["e4", "e5", "Nf3"]);
}

async fn a_clock_error_at_resumption_is_corrected_only_before_the_first_move_14_6(app: TestApp) {
    let mut g = adjourned(&app, "40/5400:1800").await;
    g.ok(hms(10, 0, 0), json!({ "type": "resume" })).await;
    let adjust = |player: &str, grave: bool| {
        json!({ "type": "adjust_clock", "player": player, "remaining_ms": ms(1, 20, 0),
                "reason": "resumption_error", "grave": grave })
    };
    let r = g.ok(hms(10, 0, 10), adjust("black", false)).await;
    assert_ruling(&r, "clock_corrected_at_resumption", "14.6");
    g.ok(hms(10, 1, 0), mv("Nc6")).await;
    g.refused(
        hms(10, 1, 10),
        adjust("white", false),
        "clock_error_too_late",
        "14.6",
    )
    .await;
    let r = g.ok(hms(10, 1, 20), adjust("white", true)).await;
    assert_ruling(&r, "clock_corrected_at_resumption", "14.6");
}

async fn under_the_2023_laws_a_game_cannot_be_adjourned_13_1(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "fide-2023" })).await;
    g.start().await;
    let r = g.post(10, seal("e4")).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "adjournment_not_allowed");
    assert_eq!(r.body["article"], "13.1");
}

crate::both_databases!(
    the_sealed_move_is_hidden_and_the_time_to_seal_is_charged_to_the_sealer_13,
    no_move_may_be_played_while_the_game_is_adjourned_13_1,
    at_resumption_the_envelope_is_opened_and_the_repliers_clock_starts_14_1_14_2,
    an_absent_repliers_clock_runs_and_the_envelope_waits_for_him_14_3,
    a_replier_who_does_not_come_within_the_hour_of_resumption_loses_10_15,
    with_the_sealer_absent_the_opponent_replies_and_the_sealers_clock_runs_14_4,
    an_absent_sealer_whose_sealed_move_mates_wins_10_15_1,
    an_absent_sealer_whose_sealed_move_stalemates_draws_10_15_2,
    the_present_player_who_oversteps_the_time_while_the_sealer_is_absent_loses_10_15_3,
    an_illegal_sealed_move_loses_10_16_3,
    an_ambiguous_sealed_move_loses_10_16_1,
    an_unreadable_sealed_move_loses_10_16_2,
    a_draw_agreed_before_resumption_stands_14_2,
    a_resignation_before_resumption_stands_14_2,
    with_the_envelope_lost_the_sealer_plays_his_move_on_the_board_14_5,
    a_clock_error_at_resumption_is_corrected_only_before_the_first_move_14_6,
    under_the_2023_laws_a_game_cannot_be_adjourned_13_1,
);
