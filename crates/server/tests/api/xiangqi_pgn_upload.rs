//! Xiangqi scoresheets entered as PGN (issue 32): `POST /games/{id}/pgn`
//! and `POST /tournaments/{id}/rounds/{n}/pgn` take Xiangqi PGN (read by
//! `xiangqi::pgn`, any of ICCS, WXF, Chinese, algebraic), every move judged
//! by the Xiangqi Laws as a posted `move` event; the game stays live.

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, Response, TestApp};

/// Liu Dahua (Red) – Hu Ronghua, China Team Championship 1997, as the
/// wxf.ca master games collection records it (in ICCS; its result is not
/// recorded there, so the scoresheet ends `*`).
const MASTER_ICCS: &str = "c3c4 b7c7 b2e2 h7e7 h0g2 h9g7 i0h0 c6c5 b0a2 c5c4 a0b0 b9a7 h2i2 a9b9 \
b0b9 a7b9 h0h4 c7c0 d0e1 c0c2 e1d2 c2e2 i2e2 i9i8 h4c4 c9a7 a2c3 i8b8 c4g4 b8b0 e0e1 b9c7 g4g6 \
g7e8 g3g4 b0b4 c3e4 e7e4 e2e4 e6e5 e4e8 d9e8 g6c6 b4g4 c6c7 g4g2 c7a7";

/// The same game in Chinese notation.
const MASTER_CHINESE: &str = "兵七进一 炮２平３ 炮八平五 炮８平５ 马二进三 马８进７ 车一平二 卒３进１ \
马八进九 卒３进１ 车九平八 马２进１ 炮二平一 车１平２ 车八进九 马１退２ 车二进四 炮３进７ 仕六进五 炮３退２ \
仕五进六 炮３平５ 炮一平五 车９进１ 车二平七 象３进１ 马九进七 车９平２ 车七平三 车２进８ 帅五进一 马２进３ \
车三进二 马７退５ 兵三进一 车２退４ 马七进五 炮５进３ 炮五进二 卒５进１ 炮五进四 士４进５ 车三平七 车２平７ \
车七进一 车７进２ 车七平九";

/// A Xiangqi PGN: the tags, then the moves numbered in pairs from Red's.
fn xq_pgn(red: &str, black: &str, result: &str, extra_tags: &str, moves: &str) -> String {
    let numbered: Vec<String> = moves
        .split_whitespace()
        .collect::<Vec<_>>()
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect();
    format!(
        "[Event \"?\"]\n[White \"{red}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Variant \"xiangqi\"]\n{extra_tags}\n{} {result}\n",
        numbered.join(" ")
    )
}

async fn upload(app: &TestApp, game: &str, token: &str, text: &str) -> Response {
    app.request(
        Method::POST,
        &format!("/api/v1/games/{game}/pgn"),
        Some(token),
        Some(Body::from(text.to_owned())),
        Some("text/plain"),
    )
    .await
}

async fn xq_game(app: &TestApp, red: &str, black: &str, extra: Value) -> String {
    let mut body =
        json!({ "white": red, "black": black, "game": "xiangqi", "time_control": "5400+30" });
    for (k, v) in extra.as_object().expect("an object") {
        body[k] = v.clone();
    }
    let r = app.post("/api/v1/games", Some(ADMIN), body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    r.body["id"].as_str().unwrap().to_owned()
}

/// The moves of a game's state, in ICCS.
async fn iccs(app: &TestApp, game: &str) -> Vec<String> {
    let r = app.get(&format!("/api/v1/games/{game}"), None).await;
    r.body["plies"]
        .as_array()
        .expect("plies")
        .iter()
        .map(|p| p["iccs"].as_str().unwrap().to_owned())
        .collect()
}

async fn seq(app: &TestApp, game: &str) -> i64 {
    let r = app.get(&format!("/api/v1/games/{game}"), Some(ADMIN)).await;
    r.body["seq"].as_i64().unwrap()
}

async fn xq_7_1_a_master_game_in_iccs_or_in_chinese_is_recorded_move_by_move_and_exports_the_same_moves(
    app: TestApp,
) {
    let expected: Vec<String> = MASTER_ICCS.split_whitespace().map(str::to_owned).collect();
    assert_eq!(expected.len(), 47);
    let mut games = Vec::new();
    for moves in [MASTER_ICCS, MASTER_CHINESE] {
        let game = xq_game(&app, "Liu, Dahua", "Hu, Ronghua", json!({})).await;
        let text = xq_pgn(
            "Liu Dahua",
            "Hu Ronghua",
            "*",
            "[Event \"China Team Championship 1997\"]",
            moves,
        );
        let r = upload(&app, &game, ADMIN, &text).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        // `start`, then the 47 moves.
        assert_eq!(r.body["events"], 48, "{r:?}");
        assert_eq!(r.body["status"], "in_progress", "{r:?}");
        assert_eq!(r.body["state"]["mode"], "live", "a Xiangqi game stays live");
        assert_eq!(r.body["state"]["game"], "xiangqi");
        assert_eq!(iccs(&app, &game).await, expected, "{moves}");
        let log = app
            .get(&format!("/api/v1/games/{game}/events"), Some(ADMIN))
            .await;
        let events = log.body["events"].as_array().unwrap();
        assert_eq!(events[0]["type"], "start", "{log:?}");
        assert_eq!(events[1]["type"], "move");
        assert_eq!(events[1]["move"], "c3c4");
        games.push(game);
    }
    // The export replays the same moves, and entered again is the same game.
    let exported = app
        .get(&format!("/api/v1/games/{}/pgn", games[1]), None)
        .await;
    assert_eq!(exported.status, StatusCode::OK);
    let read = xiangqi::pgn::read_game(&exported.text).expect("a readable export");
    let replayed: Vec<String> = read.moves.iter().map(|m| m.to_iccs()).collect();
    assert_eq!(replayed, expected, "{}", exported.text);
    let again = xq_game(&app, "Liu Dahua", "Hu Ronghua", json!({})).await;
    let r = upload(&app, &again, ADMIN, &exported.text).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(iccs(&app, &again).await, expected);
}

async fn xq_4_1_6_an_illegal_move_on_the_scoresheet_is_refused_with_its_move_number_and_article_and_nothing_is_written(
    app: TestApp,
) {
    let game = xq_game(&app, "A, One", "B, Two", json!({})).await;
    // 3. a0a5: the chariot cannot pass its own soldier on a3.
    let text = xq_pgn("A, One", "B, Two", "1-0", "", "h2e2 h9g7 h0g2 i9h9 a0a5");
    let r = upload(&app, &game, ADMIN, &text).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "illegal_move", "{r:?}");
    assert_eq!(r.body["article"], "xq 4.1.6", "{r:?}");
    assert_eq!(r.body["move_number"], 3, "{r:?}");
    assert_eq!(r.body["side"], "red", "{r:?}");
    assert_eq!(r.body["move"], "a0a5", "{r:?}");
    assert!(
        r.body["message"].as_str().unwrap().starts_with("3. a0a5"),
        "{r:?}"
    );
    assert_eq!(seq(&app, &game).await, 0, "all or nothing");
    // In Chinese, Black's move: the move as written is named.
    let text = xq_pgn(
        "A, One",
        "B, Two",
        "1-0",
        "",
        "炮二平五 马８进７ 马二进三 车９进５",
    );
    let r = upload(&app, &game, ADMIN, &text).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["move_number"], 2, "{r:?}");
    assert_eq!(r.body["side"], "black", "{r:?}");
    assert_eq!(r.body["move"], "车９进５", "{r:?}");
    assert!(
        r.body["article"].as_str().unwrap().starts_with("xq "),
        "{r:?}"
    );
    assert_eq!(seq(&app, &game).await, 0);
}

async fn xq_4_1_9_4_2_2_the_result_tag_records_a_resignation_or_an_agreed_draw_and_a_mate_or_stalemate_comes_from_the_laws(
    app: TestApp,
) {
    let moves = "h2e2 h9g7 h0g2 i9h9";
    for (result, code, article) in [
        ("1-0", "resignation", "xq 4.1.9"),
        ("0-1", "resignation", "xq 4.1.9"),
        ("1/2-1/2", "draw_agreed", "xq 4.2.2"),
    ] {
        let game = xq_game(&app, "A, One", "B, Two", json!({})).await;
        let r = upload(
            &app,
            &game,
            ADMIN,
            &xq_pgn("A, One", "B, Two", result, "", moves),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{result}: {r:?}");
        assert_eq!(r.body["result"], result, "{r:?}");
        let reason = &r.body["state"]["termination"]["reason"];
        assert_eq!(reason["code"], code, "{result}: {r:?}");
        assert_eq!(reason["article"], article, "{result}: {r:?}");
    }
    // Checkmate (xq 4.1.1) and stalemate, which loses (困毙, xq 4.1.3): the
    // Laws end the game on the move.
    for (fen, mv, code) in [
        ("4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", "R1+1", "checkmate"),
        (
            "4k4/5P3/3P5/9/9/9/9/9/9/3K5 w - - 0 1",
            "兵六进一",
            "stalemate",
        ),
    ] {
        let game = xq_game(&app, "A, One", "B, Two", json!({ "fen": fen })).await;
        let tags = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]");
        let r = upload(
            &app,
            &game,
            ADMIN,
            &xq_pgn("A, One", "B, Two", "1-0", &tags, mv),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{mv}: {r:?}");
        assert_eq!(r.body["result"], "1-0", "{r:?}");
        assert_eq!(
            r.body["state"]["termination"]["reason"]["code"], code,
            "{r:?}"
        );
        // The result tag contradicting the board is refused, nothing written.
        let game = xq_game(&app, "A, One", "B, Two", json!({ "fen": fen })).await;
        let r = upload(
            &app,
            &game,
            ADMIN,
            &xq_pgn("A, One", "B, Two", "0-1", &tags, mv),
        )
        .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["error"], "result_contradicts_game", "{r:?}");
        assert_eq!(seq(&app, &game).await, 0);
    }
    // A game scheduled an hour ago (lateness limit 15 min, xq 4.1.5): the
    // players played, so they arrived; nobody forfeits.
    let starts_at = (chrono::Utc::now() - chrono::Duration::hours(1)).to_rfc3339();
    let game = xq_game(&app, "A, One", "B, Two", json!({ "starts_at": starts_at })).await;
    let r = upload(
        &app,
        &game,
        ADMIN,
        &xq_pgn("A, One", "B, Two", "0-1", "", moves),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["result"], "0-1", "{r:?}");
    assert_eq!(
        r.body["state"]["termination"]["reason"]["code"],
        "resignation"
    );
    // A time forfeit (as the export writes a game lost on time) is the
    // arbiter's statement of the flag (xq 4.1.4).
    let game = xq_game(&app, "A, One", "B, Two", json!({})).await;
    let tags = "[Termination \"time forfeit\"]";
    let r = upload(
        &app,
        &game,
        ADMIN,
        &xq_pgn("A, One", "B, Two", "1-0", tags, moves),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["result"], "1-0", "{r:?}");
    assert_eq!(
        r.body["state"]["termination"]["reason"]["article"], "xq 4.1.4",
        "{r:?}"
    );
    // Another Termination does not say which article the arbiter applied:
    // he states it with `end`.
    let game = xq_game(&app, "A, One", "B, Two", json!({})).await;
    let tags = "[Termination \"rules infraction\"]";
    let r = upload(
        &app,
        &game,
        ADMIN,
        &xq_pgn("A, One", "B, Two", "1-0", tags, moves),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["where"], "Termination", "{r:?}");
}

/// Soldiers doubled on two files, as Chinese databases number them (XQBase:
/// 二兵 is the rear soldier of the right-hand file), in a GBK file as
/// xqbase exports (not UTF-8: the compiler itself says so of any
/// `from_utf8` on it): `[Event "兵卒在两路"]`, `1. 二兵平二 四卒平８ …`.
const TANDEM_SOLDIERS_GBK: &[u8] = b"[Event \"\xb1\xf8\xd7\xe4\xd4\xda\xc1\xbd\xc2\xb7\"]\n[Red \"Liu Dahua\"]\n[Black \"Hu Ronghua\"]\n\
[Result \"*\"]\n[FEN \"3k5/9/9/2P3P2/2P3P2/2p3p2/2p1P1p2/9/9/4K4 w - - 0 1\"]\n\n\
1. \xb6\xfe\xb1\xf8\xc6\xbd\xb6\xfe \xcb\xc4\xd7\xe4\xc6\xbd\xa3\xb8 \
2. \xc7\xb0\xb1\xf8\xbd\xf8\xd2\xbb \xc7\xb0\xd7\xe4\xc6\xbd\xa3\xb4 \
3. \xb1\xf8\xc8\xfd\xbd\xf8\xd2\xbb \xd7\xe4\xa3\xb3\xbd\xf8\xa3\xb1 *\n";

/// The position those moves start from.
const TANDEM_SOLDIERS_FEN: &str = "3k5/9/9/2P3P2/2P3P2/2p3p2/2p1P1p2/9/9/4K4 w - - 0 1";

async fn a_gbk_scoresheet_as_chinese_databases_export_it_is_decoded_and_recorded(app: TestApp) {
    let game = xq_game(
        &app,
        "Liu, Dahua",
        "Hu, Ronghua",
        json!({ "fen": TANDEM_SOLDIERS_FEN }),
    )
    .await;
    let r = app
        .request(
            Method::POST,
            &format!("/api/v1/games/{game}/pgn"),
            Some(ADMIN),
            Some(Body::from(TANDEM_SOLDIERS_GBK)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["events"], 7, "start and six moves: {r:?}");
    assert_eq!(
        iccs(&app, &game).await,
        ["g5h5", "g4h4", "c6c7", "c3d3", "g6g7", "c4c3"]
    );
}

/// A byte that neither UTF-8 nor GB18030 reads (a file pieced together
/// from two encodings) is refused naming its line and column, and nothing
/// is written.
async fn an_unreadable_byte_is_refused_naming_its_line(app: TestApp) {
    let game = xq_game(
        &app,
        "Liu, Dahua",
        "Hu, Ronghua",
        json!({ "fen": TANDEM_SOLDIERS_FEN }),
    )
    .await;
    let mut bytes = TANDEM_SOLDIERS_GBK.to_vec();
    let moves = bytes
        .windows(3)
        .position(|w| w == b"1. ")
        .expect("the first move");
    bytes.insert(moves + 3, 0xff);
    let r = app
        .request(
            Method::POST,
            &format!("/api/v1/games/{game}/pgn"),
            Some(ADMIN),
            Some(Body::from(bytes)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_pgn", "{r:?}");
    assert_eq!(r.body["where"], "line 7 column 4", "{r:?}");
    assert_eq!(seq(&app, &game).await, 0);
}

async fn a_notation_the_reader_does_not_take_is_refused_naming_it(app: TestApp) {
    let game = xq_game(&app, "A, One", "B, Two", json!({})).await;
    // pychess's coordinates: ranks 1-10.
    let text = xq_pgn("A, One", "B, Two", "*", "", "h2e2 h10g8");
    let r = upload(&app, &game, ADMIN, &text).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "malformed_move", "{r:?}");
    assert_eq!(r.body["move_number"], 1, "{r:?}");
    assert_eq!(r.body["side"], "black", "{r:?}");
    assert!(
        r.body["message"].as_str().unwrap().contains("pychess"),
        "{r:?}"
    );
    assert_eq!(seq(&app, &game).await, 0);
}

/// A record whose `Result` tag and closing marker disagree is refused
/// (400 `invalid_pgn` at the game's `Result`), chess or Xiangqi: which
/// result stands is for the arbiter to say, not for the reader to guess.
async fn a_result_tag_that_contradicts_the_moves_result_is_refused_and_nothing_is_written(
    app: TestApp,
) {
    let game = xq_game(&app, "A, One", "B, Two", json!({})).await;
    let text = "[Event \"?\"]\n[White \"A, One\"]\n[Black \"B, Two\"]\n[Result \"1-0\"]\n[Variant \"xiangqi\"]\n\n1. h2e2 h9g7 0-1\n";
    let r = upload(&app, &game, ADMIN, text).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_pgn", "{r:?}");
    assert_eq!(r.body["where"], "game 1, Result", "{r:?}");
    assert_eq!(seq(&app, &game).await, 0);
    // The same moves with an agreeing tag are recorded.
    let r = upload(&app, &game, ADMIN, &text.replace("\"1-0\"", "\"0-1\"")).await;
    assert!(r.status.is_success(), "{r:?}");
    let chess = app.free_game().await;
    let text = "[Event \"?\"]\n[White \"Anand, Viswanathan\"]\n[Black \"Carlsen, Magnus\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
    let r = upload(&app, &chess, ADMIN, text).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "game 1, Result", "{r:?}");
    assert_eq!(seq(&app, &chess).await, 0);
}

async fn a_chess_pgn_is_not_for_a_xiangqi_game_nor_a_xiangqi_pgn_for_a_chess_game(app: TestApp) {
    let chess_pgn =
        "[White \"A, One\"]\n[Black \"B, Two\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
    let game = xq_game(&app, "A, One", "B, Two", json!({})).await;
    let r = upload(&app, &game, ADMIN, chess_pgn).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "not_for_this_game", "{r:?}");
    assert_eq!(r.body["pgn_game"], "chess", "{r:?}");
    let r = upload(
        &app,
        &game,
        ADMIN,
        &chess_pgn.replace("[Result", "[Variant \"Standard\"]\n[Result"),
    )
    .await;
    assert_eq!(r.body["error"], "not_for_this_game", "{r:?}");
    assert_eq!(seq(&app, &game).await, 0);
    let r = app
        .post(
            "/api/v1/games",
            Some(ADMIN),
            json!({ "white": "A, One", "black": "B, Two" }),
        )
        .await;
    let chess = r.body["id"].as_str().unwrap().to_owned();
    for moves in ["h2e2 h9g7", "炮二平五 马８进７"] {
        let r = upload(
            &app,
            &chess,
            ADMIN,
            &xq_pgn("A, One", "B, Two", "*", "", moves),
        )
        .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{moves}: {r:?}");
        assert_eq!(r.body["error"], "not_for_this_game", "{r:?}");
        assert_eq!(r.body["pgn_game"], "xiangqi", "{r:?}");
    }
    assert_eq!(seq(&app, &chess).await, 0);
}

async fn a_rounds_xiangqi_file_is_matched_to_its_boards_by_the_players_names(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "象棋", "system": "round-robin", "game": "xiangqi" }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[
            ("Lü, Qin", 2600),
            ("Xu, Yinchuan", 2550),
            ("Hu, Ronghua", 2500),
            ("Zhao, Guorong", 2450),
        ],
    )
    .await;
    let round = app.pair_round(&organiser, &t).await;
    let name = |b: usize, side: &str| {
        round["boards"][b][side]["name"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let file = format!(
        "{}\n{}",
        xq_pgn(
            &name(1, "white"),
            &name(1, "black"),
            "1/2-1/2",
            "",
            "炮二平五 马８进７ 马二进三 车９平８"
        ),
        xq_pgn(
            &name(0, "white"),
            &name(0, "black"),
            "1-0",
            "",
            "h2e2 h9g7 h0g2 i9h9"
        ),
    );
    let r = app
        .request(
            Method::POST,
            &format!("/api/v1/tournaments/{t}/rounds/1/pgn"),
            Some(&organiser),
            Some(Body::from(file.clone())),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["games"][0]["board"], 1, "{r:?}");
    assert_eq!(r.body["games"][1]["board"], 2, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "1-0", "{r:?}");
    assert_eq!(r.body["boards"][1]["result"], "1/2-1/2", "{r:?}");
    // Entered once: again, every board is refused and nothing changes.
    let r = app
        .request(
            Method::POST,
            &format!("/api/v1/tournaments/{t}/rounds/1/pgn"),
            Some(&organiser),
            Some(Body::from(file)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["problems"][0]["error"], "game_recorded", "{r:?}");
}

crate::both_databases!(
    xq_7_1_a_master_game_in_iccs_or_in_chinese_is_recorded_move_by_move_and_exports_the_same_moves,
    xq_4_1_6_an_illegal_move_on_the_scoresheet_is_refused_with_its_move_number_and_article_and_nothing_is_written,
    xq_4_1_9_4_2_2_the_result_tag_records_a_resignation_or_an_agreed_draw_and_a_mate_or_stalemate_comes_from_the_laws,
    a_chess_pgn_is_not_for_a_xiangqi_game_nor_a_xiangqi_pgn_for_a_chess_game,
    a_rounds_xiangqi_file_is_matched_to_its_boards_by_the_players_names,
    a_gbk_scoresheet_as_chinese_databases_export_it_is_decoded_and_recorded,
    an_unreadable_byte_is_refused_naming_its_line,
    a_notation_the_reader_does_not_take_is_refused_naming_it,
    a_result_tag_that_contradicts_the_moves_result_is_refused_and_nothing_is_written,
);
