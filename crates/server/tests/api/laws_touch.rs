//! Touch-move through the API: `touch`, `adjust`, `claim_touch_move`
//! (Art. 5.1(3)–(4), 6.1, 7.1–7.4).

use serde_json::json;

use crate::harness::TestApp;
use crate::laws_support::{Play, assert_ruling, moves};

fn touch(player: &str, square: &str) -> serde_json::Value {
    json!({ "type": "touch", "player": player, "square": square })
}

fn mv(san: &str) -> serde_json::Value {
    json!({ "type": "move", "san": san })
}

async fn a_touched_piece_must_be_moved_and_no_other_move_is_accepted_7_2_1(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g.ok(2, touch("white", "g1")).await;
    assert_ruling(&r, "touch_move_obligation", "7.2(1)");
    assert_eq!(
        r.body["state"]["pending"]["touch"]["allowed"],
        json!(["g1f3", "g1h3"]),
        "{}",
        r.body
    );
    g.refused(3, mv("e4"), "touch_move_violation", "7.2(1)")
        .await;
    let r = g.ok(4, mv("Nf3")).await;
    assert_eq!(r.body["state"]["pending"]["touch"], json!(null));
    assert_eq!(moves(&r.body["state"]), ["Nf3"]);
}

async fn the_first_touched_piece_that_can_move_must_be_moved_7_2_1(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    // The bishop on c1 cannot move; the knight touched next must.
    g.ok(2, touch("white", "c1")).await;
    let r = g.ok(3, touch("white", "g1")).await;
    assert_eq!(
        r.body["state"]["pending"]["touch"]["allowed"],
        json!(["g1f3", "g1h3"])
    );
    g.refused(4, mv("d4"), "touch_move_violation", "7.2(1)")
        .await;
}

async fn touching_an_own_then_an_opposing_piece_obliges_the_capture_7_2_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.moves(1, 1, &["e4", "d5"]).await;
    g.ok(3, touch("white", "e4")).await;
    let r = g.ok(4, touch("white", "d5")).await;
    assert_ruling(&r, "touch_move_obligation", "7.2(2)");
    assert_eq!(
        r.body["state"]["pending"]["touch"]["allowed"],
        json!(["e4d5"])
    );
    g.refused(5, mv("Nf3"), "touch_move_violation", "7.2(2)")
        .await;
    g.ok(6, mv("exd5")).await;
}

async fn when_the_order_of_touching_is_unknown_the_own_piece_counts_first_7_2_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.moves(1, 1, &["e4", "e5", "Nf3", "Nc6"]).await;
    // d2 and e5 together: d2 cannot capture e5, so the d-pawn must move.
    let r = g
        .ok(
            5,
            json!({ "type": "touch", "player": "white", "square": "e5", "together_with": ["d2"] }),
        )
        .await;
    assert_eq!(
        r.body["state"]["pending"]["touch"]["allowed"],
        json!(["d2d3", "d2d4"]),
        "{}",
        r.body
    );
}

async fn a_touched_piece_without_a_legal_move_leaves_the_player_free_7_3(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g.ok(2, touch("white", "c1")).await;
    assert_ruling(&r, "touched_pieces_cannot_move", "7.3");
    g.ok(3, mv("d4")).await;
}

async fn adjusting_after_saying_i_adjust_creates_no_obligation_7_1(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g
        .ok(
            2,
            json!({ "type": "adjust", "player": "white", "square": "g1" }),
        )
        .await;
    assert_ruling(&r, "adjusted_with_notice", "7.1");
    assert_eq!(r.body["state"]["pending"]["touch"], json!(null));
    g.ok(3, mv("e4")).await;
}

async fn touching_a_piece_when_not_on_move_creates_no_obligation_7_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g.ok(2, touch("black", "e7")).await;
    assert_ruling(&r, "touch_not_on_move", "7.2");
    g.ok(3, mv("e4")).await;
    g.ok(4, mv("d5")).await;
}

async fn an_upheld_touch_move_claim_takes_back_the_move_and_enforces_the_touch_7_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(5, mv("e4")).await;
    let r = g
        .ok(
            20,
            json!({ "type": "claim_touch_move", "player": "black", "square": "g1" }),
        )
        .await;
    assert_ruling(&r, "touch_move_claim_upheld", "7.2");
    let state = &r.body["state"];
    assert!(moves(state).is_empty(), "e4 is void: {state}");
    assert_eq!(state["to_move"], "white");
    assert_eq!(
        state["pending"]["touch"]["allowed"],
        json!(["g1f3", "g1h3"])
    );
    g.refused(30, mv("e4"), "touch_move_violation", "7.2(1)")
        .await;
    let r = g.ok(31, mv("Nf3")).await;
    assert_eq!(moves(&r.body["state"]), ["Nf3"]);
    // The log keeps the voided move.
    let log = app
        .get(&format!("/api/v1/games/{}/events", g.game), None)
        .await;
    assert_eq!(
        log.body["events"].as_array().unwrap().len(),
        4,
        "{}",
        log.body
    );
}

async fn a_touch_move_claim_made_after_the_claimant_touched_a_piece_is_too_late_7_4(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(5, mv("e4")).await;
    g.ok(10, touch("black", "e7")).await;
    g.refused(
        20,
        json!({ "type": "claim_touch_move", "player": "black", "square": "g1" }),
        "touch_move_claim_too_late",
        "7.4",
    )
    .await;
    assert_eq!(moves(&g.state().await), ["e4"]);
}

async fn a_touch_move_claim_against_a_move_that_obeyed_the_touch_is_unfounded_7_2(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    g.ok(5, mv("e4")).await;
    g.refused(
        20,
        json!({ "type": "claim_touch_move", "player": "black", "square": "e2" }),
        "touch_move_claim_unfounded",
        "7.2",
    )
    .await;
}

async fn a_rook_touched_before_the_king_cannot_castle_5_1_3(app: TestApp) {
    let mut g = Play::free(
        &app,
        json!({ "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" }),
    )
    .await;
    g.start().await;
    g.ok(1, touch("white", "h1")).await;
    g.ok(2, touch("white", "e1")).await;
    g.refused(3, mv("O-O"), "touch_move_violation", "7.2(1)")
        .await;
    g.ok(4, mv("Rh2")).await;
}

async fn a_king_touched_for_an_illegal_castling_may_castle_on_the_other_side_5_1_4(app: TestApp) {
    let mut g = Play::free(&app, json!({ "fen": "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1" })).await;
    g.start().await;
    g.ok(
        1,
        json!({ "type": "touch", "player": "white", "square": "e1", "together_with": ["h1"] }),
    )
    .await;
    g.refused(2, mv("O-O"), "illegal_move", "5.1(6)").await;
    g.ok(3, mv("O-O-O")).await;
}

async fn a_piece_put_down_but_not_released_must_go_there_6_1(app: TestApp) {
    let mut g = Play::free(&app, json!({})).await;
    g.start().await;
    let r = g
        .ok(
            1,
            json!({ "type": "touch", "player": "white", "square": "g1", "placed_on": "f3" }),
        )
        .await;
    assert_ruling(&r, "placed_piece_obligation", "6.1");
    g.refused(2, mv("Nh3"), "touch_move_violation", "6.1").await;
    g.ok(3, mv("Nf3")).await;
}

async fn under_the_national_rules_a_piece_not_yet_released_may_go_elsewhere(app: TestApp) {
    let mut g = Play::free(&app, json!({ "regulations": "china-national" })).await;
    g.start().await;
    let r = g
        .ok(
            1,
            json!({ "type": "touch", "player": "white", "square": "g1", "placed_on": "f3" }),
        )
        .await;
    assert_ruling(&r, "touch_move_obligation", "7.2(1)");
    g.ok(2, mv("Nh3")).await;
}

crate::both_databases!(
    a_touched_piece_must_be_moved_and_no_other_move_is_accepted_7_2_1,
    the_first_touched_piece_that_can_move_must_be_moved_7_2_1,
    touching_an_own_then_an_opposing_piece_obliges_the_capture_7_2_2,
    when_the_order_of_touching_is_unknown_the_own_piece_counts_first_7_2_2,
    a_touched_piece_without_a_legal_move_leaves_the_player_free_7_3,
    adjusting_after_saying_i_adjust_creates_no_obligation_7_1,
    touching_a_piece_when_not_on_move_creates_no_obligation_7_2,
    an_upheld_touch_move_claim_takes_back_the_move_and_enforces_the_touch_7_2,
    a_touch_move_claim_made_after_the_claimant_touched_a_piece_is_too_late_7_4,
    a_touch_move_claim_against_a_move_that_obeyed_the_touch_is_unfounded_7_2,
    a_rook_touched_before_the_king_cannot_castle_5_1_3,
    a_king_touched_for_an_illegal_castling_may_castle_on_the_other_side_5_1_4,
    a_piece_put_down_but_not_released_must_go_there_6_1,
    under_the_national_rules_a_piece_not_yet_released_may_go_elsewhere,
);
