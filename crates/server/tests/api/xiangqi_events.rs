//! Issue 19: Xiangqi games and Xiangqi tournaments through the API. A
//! tournament or a free game names its `game`; a Xiangqi game is judged by
//! `regulations::XiangqiGame` (articles cited `xq 4.1.7`), its moves are
//! posted in ICCS, WXF or Chinese, and the state, results, standings and
//! exports work as for chess. The positions and move sequences are those of
//! the regulations crate's Xiangqi scenarios
//! (`crates/regulations/tests/xiangqi_scenarios/`).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, TestApp};
use crate::laws_support::{Play, assert_ended, assert_ruling};

/// A free Xiangqi game (by the administrator) with the fields of `setup`.
pub(crate) async fn xq_game<'a>(app: &'a TestApp, setup: Value) -> Play<'a> {
    let mut body = json!({ "game": "xiangqi", "time_control": "-" });
    for (k, v) in setup.as_object().expect("an object") {
        body[k] = v.clone();
    }
    Play::free(app, body).await
}

/// Plays `iccs` moves one per second from `from`; the next free second.
async fn play_moves(play: &mut Play<'_>, from: u64, moves: &[&str]) -> u64 {
    let mut t = from;
    for m in moves {
        play.ok(t, json!({ "type": "move", "move": m })).await;
        t += 1;
    }
    t
}

/// xq 7.1: a move is accepted in coordinates, WXF or Chinese (or with an
/// explicit `notation`), and the state lists each in all three with the
/// side to move as `red` / `black`.
async fn xq_7_1_moves_in_any_of_the_three_notations_are_recorded_in_all_three(app: TestApp) {
    let mut play = xq_game(&app, json!({})).await;
    let r = play.start().await;
    assert_eq!(r.body["state"]["game"], "xiangqi", "{}", r.body);
    assert_eq!(r.body["state"]["to_move"], "red");
    play.ok(5, json!({ "type": "move", "move": "h2e2" })).await;
    play.ok(
        10,
        json!({ "type": "move", "move": "H8+7", "notation": "wxf" }),
    )
    .await;
    let r = play
        .ok(20, json!({ "type": "move", "move": "马二进三" }))
        .await;
    let state = &r.body["state"];
    assert_eq!(state["moves"], json!(["C2.5", "H8+7", "H2+3"]), "{state}");
    assert_eq!(
        state["moves_chinese"],
        json!(["炮二平五", "马８进７", "马二进三"])
    );
    let iccs: Vec<&str> = state["plies"]
        .as_array()
        .expect("plies")
        .iter()
        .map(|p| p["iccs"].as_str().expect("iccs"))
        .collect();
    assert_eq!(iccs, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(state["to_move"], "black");
    // Black's files count from Black's right (file 1 = a): H8+7 is the
    // horse on h9 to g7.
    assert_eq!(
        state["fen"], "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2",
        "{state}"
    );
    // A chess event is no event of a Xiangqi game.
    let r = play.post(30, json!({ "type": "move", "san": "Nf6" })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_event", "{r:?}");
}

/// xq 4.1.6: a move against the movement rules is refused citing the
/// article, and nothing is stored; a chess profile is no Xiangqi profile.
async fn xq_4_1_6_an_illegal_move_is_refused_citing_its_article_and_profiles_must_fit_the_game(
    app: TestApp,
) {
    let mut play = xq_game(&app, json!({})).await;
    play.start().await;
    play.refused(
        5,
        json!({ "type": "move", "move": "a0a5" }),
        "illegal_move",
        "xq 4.1.6",
    )
    .await;
    play.ok(6, json!({ "type": "move", "move": "a0a2" })).await;
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "A", "black": "B", "game": "xiangqi", "regulations": "fide-classic" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "profile_not_for_game");
    assert_eq!(r.body["where"], "regulations");
    let organiser = app.organiser().await;
    for (game, profile) in [("xiangqi", "club"), ("chess", "xiangqi")] {
        let r = app
            .post(
                "/api/v1/tournaments",
                Some(&organiser),
                json!({ "name": "Cup", "system": "round-robin", "game": game, "regulations": profile }),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["where"], "regulations", "{r:?}");
    }
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({ "name": "Cup", "system": "round-robin", "game": "shogi" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "game", "{r:?}");
}

/// xq 7.1: the game page writes the moves as its reader does: Chinese
/// notation for a Chinese reader, WXF for an English one; the board shows
/// the river's text in both.
async fn the_game_page_writes_xiangqi_moves_in_the_readers_notation(app: TestApp) {
    let mut play = xq_game(&app, json!({})).await;
    play.start().await;
    play_moves(&mut play, 5, &["h2e2", "h9g7"]).await;
    let zh = app
        .get(&format!("/games/{}?lang=zh", play.game), None)
        .await;
    assert_eq!(zh.status, StatusCode::OK);
    assert!(
        zh.text.contains("炮二平五") && zh.text.contains("马８进７"),
        "{}",
        zh.text
    );
    assert!(!zh.text.contains("C2.5"), "no WXF for a Chinese reader");
    assert!(
        zh.text.contains("楚 河") && zh.text.contains("汉 界"),
        "the river"
    );
    let en = app
        .get(&format!("/games/{}?lang=en", play.game), None)
        .await;
    assert!(
        en.text.contains("C2.5") && en.text.contains("H8+7"),
        "{}",
        en.text
    );
    assert!(!en.text.contains("炮二平五"), "WXF for an English reader");
    assert!(en.text.contains("楚 河"), "the river");
}

/// The arbiter, not the program, judges (棋例): a repetition draw the
/// server ruled on a tournament board is annulled (the board's result goes
/// with it, audited) and play goes on; a result declared on grounds is the
/// board's; a board result contradicting the game names the remedy.
async fn xq_the_arbiter_annuls_an_automatic_ruling_declares_a_result_and_the_board_follows(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Xiangqi Open", "system": "round-robin", "game": "xiangqi", "time_control": "-" }),
        )
        .await;
    app.players(&organiser, &t, &[("Red, A", 2400), ("Black, B", 2300)])
        .await;
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"]
        .as_str()
        .expect("a game")
        .to_owned();
    let mut play = Play::existing(&app, &game, &arbiter).await;
    play.start().await;
    // Both chariots shuffle: a cycle neither side must change (xq 4.2.3).
    let cycle = ["a0a1", "a9a8", "a1a0", "a8a9"];
    let mut ended = None;
    for (i, m) in (1..).zip(cycle.iter().cycle().take(16)) {
        let r = play.ok(i, json!({ "type": "move", "move": m })).await;
        if r.body["state"]["status"] == "finished" {
            ended = Some(r);
            break;
        }
    }
    let ended = ended.expect("the cycle is drawn by its third repetition");
    assert_ended(&ended, "1/2-1/2", "repetition_draw", "xq 4.2.3");
    assert_eq!(app.first_board_result(&t).await, "1/2-1/2");
    // The arbiter annuls the draw: play goes on, the board has no result.
    let r = play
        .ok(
            30,
            json!({ "type": "annul_ruling", "reason": "red offered a new exchange" }),
        )
        .await;
    assert_ruling(&r, "ruling_annulled", "xq 4.2.3");
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
    assert_eq!(r.body["state"]["result"], Value::Null, "{}", r.body);
    assert_eq!(app.first_board_result(&t).await, Value::Null);
    let reopened = app
        .audit_row(&t, "result", "reopen")
        .await
        .expect("the board's result taken back is audited");
    assert_eq!(reopened["before"]["result"], "1/2-1/2", "{reopened}");
    // The audit row names the event that took the result back, and why.
    assert_eq!(reopened["after"]["result"], Value::Null, "{reopened}");
    assert_eq!(reopened["after"]["game"]["id"], game.as_str(), "{reopened}");
    assert_eq!(
        reopened["after"]["game"]["event"], "annul_ruling",
        "{reopened}"
    );
    assert_eq!(
        reopened["after"]["reason"], "red offered a new exchange",
        "{reopened}"
    );
    let drawn = app.audit_row(&t, "result", "enter").await.expect("entered");
    assert_eq!(drawn["after"]["game"]["event"], "move", "{drawn}");
    assert!(drawn["after"].get("reason").is_none(), "{drawn}");
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_in_progress", "{r:?}");
    // A result the arbiter declares on the grounds of an article.
    let r = play
        .ok(
            40,
            json!({ "type": "declare_result", "result": "1-0", "grounds": "refusal",
                    "reason": "black refused to play on" }),
        )
        .await;
    assert_ended(&r, "1-0", "arbiter_declared_result", "xq 4.1.10");
    assert_eq!(app.first_board_result(&t).await, "1-0");
    let declared = app.audit_rows(&t, "result", "enter").await;
    let declared = declared.last().expect("entered");
    assert_eq!(declared["after"]["result"], "1-0", "{declared}");
    assert_eq!(declared["after"]["game"]["seq"], play.seq, "{declared}");
    assert_eq!(
        declared["after"]["game"]["event"], "declare_result",
        "{declared}"
    );
    assert_eq!(
        declared["after"]["reason"], "black refused to play on",
        "{declared}"
    );
    // The game page in Chinese shows the arbiter's note beside the ruling's
    // text; the English page's ruling quotes it.
    let zh = app.get(&format!("/games/{game}?lang=zh"), None).await;
    assert!(
        zh.text.contains("裁判说明") && zh.text.contains("black refused to play on"),
        "{}",
        zh.text
    );
    let en = app.get(&format!("/games/{game}?lang=en"), None).await;
    assert!(
        en.text.contains("(black refused to play on)"),
        "{}",
        en.text
    );
    assert!(!en.text.contains("Arbiter&#39;s note"), "{}", en.text);
    assert!(!en.text.contains("Arbiter's note"), "{}", en.text);
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "0-1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "contradicts_game", "{r:?}");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap_or("")
            .contains("annul_ruling"),
        "{r:?}"
    );
    // Grounds the result cannot follow from are refused, citing them.
    let r = play.ok(50, json!({ "type": "annul_ruling" })).await;
    assert_ruling(&r, "ruling_annulled", "xq 4.1.10");
    play.refused(
        51,
        json!({ "type": "declare_result", "result": "1-0", "grounds": "repetition" }),
        "result_does_not_fit_grounds",
        "xq 4.2.3",
    )
    .await;
}

/// xq 4.1.7: the rules leave some cycles to the arbiter; the arbiter lets
/// the side to move repeat the cycle the program refuses, once.
async fn xq_4_1_7_the_arbiter_lets_a_refused_cycle_stand_for_one_move(app: TestApp) {
    let mut play = xq_game(&app, json!({ "fen": "4k4/7R1/9/9/9/9/9/9/9/3K5 w" })).await;
    play.start().await;
    let t = play_moves(
        &mut play,
        10,
        &[
            "h8h9", "e9e8", "h9h8", "e8e9", "h8h9", "e9e8", "h9h8", "e8e9", "h8h9", "e9e8", "h9h8",
            "e8e9",
        ],
    )
    .await;
    let perpetual = json!({ "type": "move", "move": "h8h9" });
    play.refused(t, perpetual.clone(), "must_change", "xq 4.1.7")
        .await;
    let r = play
        .ok(
            t + 1,
            json!({ "type": "allow_cycle", "reason": "a case the rules leave to the arbiter" }),
        )
        .await;
    assert_ruling(&r, "cycle_allowed", "xq 4.1.7");
    assert_eq!(
        r.body["state"]["repetition"]["allowed"], "red",
        "{}",
        r.body
    );
    // Once is enough: a second allowance has nothing to allow.
    play.refused(
        t + 2,
        json!({ "type": "allow_cycle" }),
        "no_cycle_to_allow",
        "xq 4.1.7",
    )
    .await;
    let r = play.ok(t + 3, perpetual).await;
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
    assert_ne!(
        r.body["state"]["repetition"]["allowed"], "red",
        "{}",
        r.body
    );
}

/// xq 4.1.6 and 4.1.2 as written: an event whose regulations say so makes
/// the illegal move itself lose (generals facing included); the tournament
/// announces it in `laws`, its games keep it, and chess has no such setting.
async fn xq_4_1_6_in_a_strict_event_the_illegal_move_itself_loses(app: TestApp) {
    let laws = json!({ "illegal_move_loses": true });
    let mut play = xq_game(&app, json!({ "laws": laws })).await;
    play.start().await;
    let r = play.ok(5, json!({ "type": "move", "move": "a0a5" })).await;
    assert_ended(&r, "0-1", "illegal_move_loses", "xq 4.1.6");
    // Facing generals (xq 4.1.2): the red general steps into the open file.
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w";
    let mut play = xq_game(&app, json!({ "fen": fen, "laws": laws })).await;
    play.start().await;
    let r = play.ok(5, json!({ "type": "move", "move": "e0d0" })).await;
    assert_ended(&r, "0-1", "illegal_move_loses", "xq 4.1.2");
    // The same attempt in any notation: the general two points forward.
    for text in ["e0e2", "K5+2", "帅五进二"] {
        let mut play = xq_game(&app, json!({ "laws": laws })).await;
        play.start().await;
        let r = play.ok(5, json!({ "type": "move", "move": text })).await;
        assert_ended(&r, "0-1", "illegal_move_loses", "xq 4.1.6");
    }
    // The profiles' default: refused, the player moves again.
    let mut play = xq_game(&app, json!({ "laws": { "illegal_move_loses": false } })).await;
    play.start().await;
    play.refused(
        5,
        json!({ "type": "move", "move": "a0a5" }),
        "illegal_move",
        "xq 4.1.6",
    )
    .await;
    let organiser = app.organiser().await;
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({ "name": "Strict", "system": "round-robin", "game": "xiangqi", "laws": laws }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let t = r.body["id"].as_str().expect("an id").to_string();
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["laws"]["illegal_move_loses"], true, "{}", r.body);
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({ "name": "Cup", "system": "round-robin", "game": "chess", "laws": laws }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "not_for_this_game", "{r:?}");
    assert_eq!(r.body["where"], "laws.illegal_move_loses", "{r:?}");
}

/// xq 4.1.7: the chariot's perpetual check must change; the third time the
/// move is refused, the state shows the cycle and who must change, and the
/// arbiter rules the loss of the player who will not.
async fn xq_4_1_7_a_perpetual_check_that_is_not_changed_loses(app: TestApp) {
    let mut play = xq_game(&app, json!({ "fen": "4k4/7R1/9/9/9/9/9/9/9/3K5 w" })).await;
    play.start().await;
    let t = play_moves(
        &mut play,
        10,
        &[
            "h8h9", "e9e8", "h9h8", "e8e9", "h8h9", "e9e8", "h9h8", "e8e9", "h8h9", "e9e8", "h9h8",
            "e8e9",
        ],
    )
    .await;
    let state = play.state().await;
    let repetition = &state["repetition"];
    assert_eq!(repetition["verdict"], "must_change", "{state}");
    assert_eq!(repetition["must_change"], "red");
    assert_eq!(repetition["prohibition"], "perpetual check");
    assert_eq!(repetition["article"], "xq 4.1.7");
    play.refused(
        t,
        json!({ "type": "move", "move": "h8h9" }),
        "must_change",
        "xq 4.1.7",
    )
    .await;
    let r = play
        .ok(
            t + 30,
            json!({ "type": "declare_loss", "player": "red", "grounds": "not_changing" }),
        )
        .await;
    assert_ended(&r, "0-1", "not_changing_loses", "xq 4.1.7");
    assert_eq!(
        r.body["state"]["points"],
        json!({ "red": "0", "black": "2" })
    );
}

/// xq 4.1.7 and the repetition chapter's 长杀: a horse that threatens mate
/// on every move of the cycle (the general steps aside each time) must
/// change like a perpetual check; the third time is refused.
async fn xq_4_1_7_a_perpetual_threat_of_mate_must_change(app: TestApp) {
    let mut play = xq_game(&app, json!({ "fen": "3a5/4ak3/5N3/9/9/9/9/6R2/9/4K4 w" })).await;
    play.start().await;
    let t = play_moves(
        &mut play,
        10,
        &[
            "f7e5", "f8f9", "e5f7", "f9f8", "f7e5", "f8f9", "e5f7", "f9f8", "f7e5", "f8f9", "e5f7",
            "f9f8",
        ],
    )
    .await;
    let state = play.state().await;
    let repetition = &state["repetition"];
    assert_eq!(repetition["verdict"], "must_change", "{state}");
    assert_eq!(repetition["must_change"], "red");
    assert_eq!(repetition["prohibition"], "perpetual threat of mate");
    assert_eq!(repetition["article"], "xq 4.1.7");
    assert_eq!(repetition["repetitions"], 3);
    play.refused(
        t,
        json!({ "type": "move", "move": "f7e5" }),
        "must_change",
        "xq 4.1.7",
    )
    .await;
    let r = play
        .ok(t + 10, json!({ "type": "move", "move": "g2g8" }))
        .await;
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
}

/// xq 4.1.7: where the verdict hangs on a question the rules leave to the
/// arbiter (a crossed soldier attacking protected pieces: a chase by
/// value?), the game neither draws nor refuses on the third time; the state
/// asks the arbiter, who rules the loss of the side that will not change.
async fn xq_4_1_7_a_cycle_the_rules_leave_to_the_arbiter_is_not_decided_by_the_program(
    app: TestApp,
) {
    let mut play = xq_game(&app, json!({ "fen": "2r2k3/4a4/2nc5/2P6/9/9/9/9/9/4K4 w" })).await;
    play.start().await;
    let t = play_moves(
        &mut play,
        10,
        &[
            "c6d6", "f9f8", "d6c6", "f8f9", "c6d6", "f9f8", "d6c6", "f8f9", "c6d6", "f9f8", "d6c6",
            "f8f9",
        ],
    )
    .await;
    let state = play.state().await;
    assert_eq!(state["status"], "in_progress", "no automatic draw: {state}");
    let repetition = &state["repetition"];
    assert_eq!(repetition["verdict"], "arbiter_decides", "{state}");
    assert_eq!(repetition["repetitions"], 3);
    assert_eq!(repetition["draw_due"], false);
    assert_eq!(repetition["article"], "xq 4.1.7");
    assert_eq!(repetition["question"]["side"], "red");
    assert_eq!(repetition["question"]["if_so"]["must_change"], "red");
    assert_eq!(
        repetition["question"]["if_so"]["prohibition_code"],
        "perpetual_chase"
    );
    assert_eq!(repetition["question"]["if_not"]["must_change"], Value::Null);
    let question = repetition["question"]["question"]
        .as_str()
        .unwrap_or_default();
    assert!(question.contains("chase by value"), "{question}");
    let r = play.ok(t, json!({ "type": "move", "move": "c6d6" })).await;
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
    let r = play
        .ok(
            t + 30,
            json!({ "type": "declare_loss", "player": "red", "grounds": "not_changing" }),
        )
        .await;
    assert_ended(&r, "0-1", "not_changing_loses", "xq 4.1.7");
}

/// xq 4.2.4: sixty moves without a capture by either side draw.
async fn xq_4_2_4_sixty_moves_without_a_capture_are_a_draw(app: TestApp) {
    let mut play = xq_game(
        &app,
        json!({ "fen": "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 60" }),
    )
    .await;
    play.start().await;
    let r = play.ok(10, json!({ "type": "move", "move": "a0a1" })).await;
    assert_eq!(r.body["state"]["status"], "in_progress");
    let r = play.ok(20, json!({ "type": "move", "move": "e9e8" })).await;
    assert_ended(&r, "1/2-1/2", "natural_move_limit", "xq 4.2.4");
    assert_eq!(
        r.body["state"]["points"],
        json!({ "red": "1", "black": "1" })
    );
}

/// xq 4.1.3: a side with no legal move, not in check, loses (困毙).
async fn xq_4_1_3_a_stalemated_side_loses(app: TestApp) {
    let mut play = xq_game(
        &app,
        json!({ "fen": "3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1" }),
    )
    .await;
    play.start().await;
    let r = play.ok(5, json!({ "type": "move", "move": "c7c8" })).await;
    assert_ended(&r, "1-0", "stalemate", "xq 4.1.3");
}

/// xq 5.2: a touched opposing piece must be captured by a piece that can;
/// the state shows the obligation, another move is refused, the capture
/// (here in WXF) is recorded.
async fn xq_5_2_a_touched_opposing_piece_must_be_captured(app: TestApp) {
    let mut play = xq_game(
        &app,
        json!({ "fen": "3k5/9/1n7/9/r8/9/9/1C7/9/R3K4 w - - 0 1" }),
    )
    .await;
    play.start().await;
    let r = play
        .ok(
            5,
            json!({ "type": "touch", "player": "red", "square": "a5" }),
        )
        .await;
    assert_ruling(&r, "touch_move_obligation", "xq 5.2");
    let touch = &r.body["state"]["pending"]["touch"];
    assert_eq!(touch["allowed"], json!(["a0a5"]), "{touch}");
    assert_eq!(touch["reason"]["article"], "xq 5.2");
    play.refused(
        6,
        json!({ "type": "move", "move": "b2b3" }),
        "touch_move_violation",
        "xq 5.2",
    )
    .await;
    let r = play.ok(7, json!({ "type": "move", "move": "R9+5" })).await;
    assert_eq!(r.body["state"]["plies"][0]["iccs"], "a0a5");
    assert_eq!(r.body["state"]["pending"]["touch"], Value::Null);
}

/// xq 7.1, 4.1.8: every four consecutive unrecorded moves are one foul,
/// counted with the others; the third foul loses.
async fn xq_7_1_unrecorded_moves_are_recording_fouls_and_the_third_foul_loses(app: TestApp) {
    let mut play = xq_game(&app, json!({})).await;
    play.start().await;
    // No more moves can be missing than the player has made, and none is
    // no finding: refused, naming the field, and no foul is given.
    for moves in [json!(1), json!(0), json!(4_294_967_295_u64)] {
        let r = play
            .post(
                2,
                json!({ "type": "unrecorded", "player": "red", "moves": moves }),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["error"], "malformed_event", "{r:?}");
        assert_eq!(r.body["article"], "xq 7.1", "{r:?}");
    }
    let moves = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9a8", "a0a1", "a8d8", "a1d1",
        "h9h8", "h0h4", "c6c5", "c3c4", "g6g5",
    ];
    play_moves(&mut play, 3, &moves).await;
    assert_eq!(play.state().await["fouls"]["red"], 0);
    let r = play
        .ok(
            60,
            json!({ "type": "unrecorded", "player": "red", "moves": 3 }),
        )
        .await;
    assert_eq!(r.body["state"]["fouls"]["red"], 0);
    let r = play
        .ok(
            120,
            json!({ "type": "unrecorded", "player": "red", "moves": 8 }),
        )
        .await;
    assert_ruling(&r, "recording_foul", "xq 7.1");
    assert_eq!(r.body["state"]["fouls"]["red"], 2);
    let r = play
        .ok(180, json!({ "type": "foul", "player": "red" }))
        .await;
    assert_ended(&r, "0-1", "fouls_limit_lose", "xq 4.1.8");
}

/// xq 4.2.3: a draw by repetition the arbiter annuls does not fall again
/// at the next move of the same cycle: the cycle is counted again from the
/// position the game stood at, and a third playing from there draws.
async fn xq_4_2_3_after_an_annulled_repetition_draw_the_cycle_is_counted_again(app: TestApp) {
    let mut play = xq_game(&app, json!({ "fen": "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1" })).await;
    play.start().await;
    let cycle = ["a0a1", "d9d8", "a1a0", "d8d9"];
    let three: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
    let t = play_moves(&mut play, 1, &three[..11]).await;
    let r = play.ok(t, json!({ "type": "move", "move": "d8d9" })).await;
    assert_ended(&r, "1/2-1/2", "repetition_draw", "xq 4.2.3");
    let r = play
        .ok(
            t + 10,
            json!({ "type": "annul_ruling", "reason": "a new exchange was offered" }),
        )
        .await;
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
    assert_eq!(r.body["state"]["repetition"], Value::Null, "{}", r.body);
    let t = play_moves(&mut play, t + 20, &three[..11]).await;
    assert_eq!(play.state().await["status"], "in_progress");
    let r = play.ok(t, json!({ "type": "move", "move": "d8d9" })).await;
    assert_ended(&r, "1/2-1/2", "repetition_draw", "xq 4.2.3");
}

crate::both_databases!(
    xq_4_2_3_after_an_annulled_repetition_draw_the_cycle_is_counted_again,
    xq_7_1_moves_in_any_of_the_three_notations_are_recorded_in_all_three,
    xq_4_1_6_an_illegal_move_is_refused_citing_its_article_and_profiles_must_fit_the_game,
    xq_4_1_6_in_a_strict_event_the_illegal_move_itself_loses,
    xq_the_arbiter_annuls_an_automatic_ruling_declares_a_result_and_the_board_follows,
    xq_4_1_7_the_arbiter_lets_a_refused_cycle_stand_for_one_move,
    the_game_page_writes_xiangqi_moves_in_the_readers_notation,
    xq_4_1_7_a_perpetual_check_that_is_not_changed_loses,
    xq_4_1_7_a_perpetual_threat_of_mate_must_change,
    xq_4_1_7_a_cycle_the_rules_leave_to_the_arbiter_is_not_decided_by_the_program,
    xq_4_2_4_sixty_moves_without_a_capture_are_a_draw,
    xq_4_1_3_a_stalemated_side_loses,
    xq_5_2_a_touched_opposing_piece_must_be_captured,
    xq_7_1_unrecorded_moves_are_recording_fouls_and_the_third_foul_loses,
);
