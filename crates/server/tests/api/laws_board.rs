//! The rules of the board through the API: moves refused citing the rule
//! they break, and the game ending on the board (Art. 3–5, 9, 10.1, 10.3,
//! 10.4, 11.1, 12.3).

use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::laws_support::{Play, assert_ended, assert_ruling, moves};

fn mv(san: &str) -> Value {
    json!({ "type": "move", "san": san })
}

fn uci(m: &str) -> Value {
    json!({ "type": "move", "uci": m })
}

async fn each_illegal_move_is_refused_citing_the_rule_it_breaks_3_to_5(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.refused(1, mv("Bc4"), "illegal_move", "4.2").await;
    g.refused(1, mv("Qd2"), "illegal_move", "4.1").await;
    g.refused(1, mv("Ke3"), "illegal_move", "5.1(1)").await;
    g.refused(1, mv("e5"), "illegal_move", "5.6").await;
    g.refused(1, uci("g1g3"), "illegal_move", "5.5").await;
    g.refused(1, mv("O-O"), "illegal_move", "5.1(6)").await;
    g.moves(2, 1, &["e4", "d5", "e5", "Nc6"]).await;
    // The d-pawn passed a move ago: en passant is gone (5.6(3)).
    g.refused(6, mv("exd6"), "illegal_move", "5.6(3)").await;
    // White to move, and the knight on c6 is Black's (3.2).
    g.refused(7, uci("c6b4"), "illegal_move", "3.2").await;
    assert_eq!(moves(&g.state().await), ["e4", "d5", "e5", "Nc6"]);
}

async fn a_move_that_leaves_the_king_in_check_is_refused_9_1(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1" })).await;
    g.start().await;
    let r = g.post(1, uci("e1f2")).await;
    assert_eq!(
        r.status,
        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        "{r:?}"
    );
    assert_eq!(r.body["error"], "illegal_move");
    assert_eq!(r.body["article"], "9.1", "{r:?}");
    g.ok(2, uci("e1e2")).await;
    assert_eq!(moves(&g.state().await), ["Kxe2"]);
}

async fn castling_after_the_king_has_moved_is_refused_5_1_5(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1" })).await;
    g.start().await;
    g.moves(1, 1, &["Kf1", "Kd8", "Ke1", "Ke8"]).await;
    g.refused(5, uci("e1g1"), "illegal_move", "5.1(5)").await;
}

async fn a_pawn_reaching_the_last_rank_is_promoted_to_the_piece_chosen_5_6_4(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "7k/P7/8/8/8/8/8/K7 w - - 0 1" })).await;
    g.start().await;
    let r = g.ok(1, mv("a8=N")).await;
    assert_eq!(moves(&r.body["state"]), ["a8=N"]);
    assert!(
        r.body["state"]["fen"].as_str().unwrap().starts_with("N6k/"),
        "{}",
        r.body
    );
}

async fn an_ambiguous_move_is_refused_so_the_record_stays_unambiguous_11_1(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.moves(1, 1, &["e4", "e5", "Nc3", "Nc6"]).await;
    // Both knights, on g1 and c3, reach e2.
    let r = g.post(7, mv("Ne2")).await;
    assert_eq!(
        r.status,
        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        "{r:?}"
    );
    assert_eq!(r.body["error"], "ambiguous_move", "{r:?}");
    assert_eq!(r.body["article"], "11.1", "{r:?}");
    g.ok(8, mv("Nge2")).await;
}

async fn no_move_is_accepted_before_the_arbiter_starts_whites_clock_12_3(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.refused(0, mv("e4"), "game_not_started", "12.3").await;
    let r = g.start().await;
    assert_ruling(&r, "clock_started", "12.3");
    assert_eq!(r.body["state"]["clocks"]["running"], "white");
}

async fn checkmate_ends_the_game_10_1(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.moves(1, 1, &["f3", "e5", "g4"]).await;
    let r = g.ok(4, mv("Qh4#")).await;
    assert_ended(&r, "0-1", "checkmate", "10.1");
    let r = g.post(5, mv("e4")).await;
    assert_eq!(
        r.status,
        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        "{r:?}"
    );
}

async fn stalemate_ends_the_game_in_a_draw_10_3(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "7k/8/8/8/8/8/8/K4Q2 w - - 0 1" })).await;
    g.start().await;
    let r = g.ok(1, mv("Qf7")).await;
    assert_ended(&r, "1/2-1/2", "stalemate", "10.3");
}

async fn a_capture_leaving_king_against_king_and_knight_is_a_draw_10_4(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1" })).await;
    g.start().await;
    let r = g.ok(1, mv("Kxd2")).await;
    let state = &r.body["state"];
    assert_eq!(state["status"], "finished", "{}", r.body);
    assert_eq!(state["result"], "1/2-1/2");
    assert_eq!(
        state["termination"]["reason"]["article"], "10.4",
        "{}",
        r.body
    );
}

crate::both_databases!(
    each_illegal_move_is_refused_citing_the_rule_it_breaks_3_to_5,
    a_move_that_leaves_the_king_in_check_is_refused_9_1,
    castling_after_the_king_has_moved_is_refused_5_1_5,
    a_pawn_reaching_the_last_rank_is_promoted_to_the_piece_chosen_5_6_4,
    an_ambiguous_move_is_refused_so_the_record_stays_unambiguous_11_1,
    no_move_is_accepted_before_the_arbiter_starts_whites_clock_12_3,
    checkmate_ends_the_game_10_1,
    stalemate_ends_the_game_in_a_draw_10_3,
    a_capture_leaving_king_against_king_and_knight_is_a_draw_10_4,
);
