//! Xiangqi tournaments through the API (issue 19): events of the game
//! `xiangqi` — their pages, a round robin played through with a game
//! recorded to checkmate, a Swiss paired with Red first, a game entered from
//! its scoresheet, a flag recorded by the server, and what such an event
//! refuses, naming the field.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, TestApp};
use crate::laws_support::{Play, assert_ended};
use crate::xiangqi_events::xq_game;

/// The game recorded on board 1 of round 1, from the opening position: Red's
/// cannon takes the elephant on c9 over the soldier and mates along the back
/// rank over the advisor, the general boxed in by its own advisor on e8 (a
/// shortest helpmate, found by a search over `xiangqi::Position`; the server
/// refuses any illegal move and the test asserts the checkmate).
const MATE_FROM_THE_OPENING: &[&str] = &["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"];

/// A Xiangqi round robin of four masters, untimed, created without a
/// number of rounds: (organiser, tournament).
async fn xiangqi_masters(app: &TestApp) -> (String, String) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Xiangqi Masters", "system": "round-robin", "game": "xiangqi", "time_control": "-" }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[
            ("Wang, Tianyi", 2700),
            ("Zheng, Weitong", 2650),
            ("Hong, Zhi", 2600),
            ("Xu, Yinchuan", 2550),
        ],
    )
    .await;
    (organiser, t)
}

/// A Xiangqi event's pages name the first side Red, not chess's White (the
/// round's pairings, the player's card, the console's results entry and its
/// key help), and a round robin created without a number of rounds shows its
/// schedule's: four players play three.
async fn a_xiangqi_events_pages_name_red_and_count_a_round_robins_rounds(app: TestApp) {
    let (organiser, t) = xiangqi_masters(&app).await;
    app.pair_round(&organiser, &t).await;
    for (path, red, white) in [
        (format!("/t/{t}/rounds/1?lang=zh"), "红方", "白方"),
        (format!("/t/{t}/rounds/1?lang=en"), ">Red<", ">White<"),
        (format!("/t/{t}/players/1?lang=zh"), "红方", "白方"),
    ] {
        let r = app.get(&path, Some(ADMIN)).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {r:?}");
        assert!(r.text.contains(red), "{path} names Red: {}", r.text);
        assert!(!r.text.contains(white), "{path} names no White: {}", r.text);
    }
    // The console's results entry: its header and its keys' help.
    let path = format!("/console/tournaments/{t}/rounds/1/results?lang=zh");
    let r = app.get(&path, Some(ADMIN)).await;
    assert!(r.text.contains("<th>红方</th>"), "{}", r.text);
    assert!(r.text.contains("1（红胜）"), "{}", r.text);
    let r = app.get(&format!("/t/{t}?lang=zh"), None).await;
    assert!(r.text.contains("已编排 1 轮 / 共 3 轮"), "{}", r.text);
    let r = app.get("/?lang=en", None).await;
    assert!(r.text.contains("round 1 of 3"), "{}", r.text);
}

/// A whole Xiangqi round robin: four players, three rounds, 2/1/0 scoring
/// from the `xiangqi` profile; one game recorded move by move to checkmate
/// (xq 4.1.1) writes its board's result, the others are entered; standings,
/// the JSON export and the PGN exports (`[Variant "xiangqi"]`, readable by
/// `xiangqi::pgn`) follow; the crosstable writes each game's points.
async fn a_xiangqi_round_robin_is_played_through_with_a_game_recorded_to_checkmate(app: TestApp) {
    let (organiser, t) = xiangqi_masters(&app).await;
    let tournament = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(tournament.body["game"], "xiangqi", "{tournament:?}");
    assert_eq!(tournament.body["regulations"], "xiangqi");
    assert_eq!(tournament.body["scoring"]["win"], 2.0);
    assert_eq!(tournament.body["scoring"]["draw"], 1.0);
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    // Round 1: board 1 recorded to mate, board 2 entered.
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"]
        .as_str()
        .expect("a game")
        .to_owned();
    let mut play = Play::existing(&app, &game, &arbiter).await;
    play.start().await;
    let mut last = None;
    for (i, m) in (1..).zip(MATE_FROM_THE_OPENING) {
        last = Some(play.ok(i, json!({ "type": "move", "move": m })).await);
    }
    let last = last.expect("moves");
    assert_ended(&last, "1-0", "checkmate", "xq 4.1.1");
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/2/result");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "1/2-1/2" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(
        r.body["boards"][0]["result"], "1-0",
        "the game wrote its board's result: {r:?}"
    );
    // A game cannot change once a round is paired.
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&organiser),
            json!({ "game": "chess" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["where"], "game");
    for _ in 2..=3 {
        let round = app.pair_round(&organiser, &t).await;
        app.finish_round(&organiser, &t, &round, |board, _, _| {
            if board == 1 { "1-0" } else { "0-1" }
        })
        .await;
    }
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let points: f64 = r.body["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|row| row["points"].as_f64().expect("points"))
        .sum();
    assert_eq!(points, 12.0, "six games at two points each: {}", r.body);
    // The table writes each game as the points it earned (2, 1, 0), as a
    // Chinese table does, not chess's 1, ½, 0.
    let cross = app.get(&format!("/t/{t}/crosstable"), None).await;
    assert_eq!(cross.status, StatusCode::OK);
    assert!(cross.text.contains("class=\"w1\">2</td>"), "{}", cross.text);
    assert!(cross.text.contains("class=\"w0\">0</td>"), "{}", cross.text);
    assert!(
        cross.text.contains("<td>1</td>"),
        "the draw: {}",
        cross.text
    );
    assert!(!cross.text.contains('½'), "{}", cross.text);
    let export = app
        .get(&format!("/api/v1/tournaments/{t}/export/json"), None)
        .await;
    assert_eq!(export.status, StatusCode::OK);
    assert_eq!(export.body["rounds"].as_array().expect("rounds").len(), 3);
    // The game's PGN, the tournament's and the round's.
    let pgn = app.get(&format!("/api/v1/games/{game}/pgn"), None).await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert!(pgn.text.contains("[Variant \"xiangqi\"]"), "{}", pgn.text);
    assert!(
        pgn.text.contains("[Termination \"normal\"]"),
        "{}",
        pgn.text
    );
    let read = xiangqi::pgn::read_game(&pgn.text).expect("xiangqi::pgn reads the export");
    assert_eq!(read.moves.len(), MATE_FROM_THE_OPENING.len());
    assert_eq!(read.result, Some(xiangqi::pgn::GameResult::RedWins));
    let all = app
        .get(&format!("/api/v1/tournaments/{t}/export/pgn"), None)
        .await;
    assert_eq!(all.status, StatusCode::OK);
    let games = xiangqi::pgn::read_games(&all.text);
    assert!(
        games
            .iter()
            .any(|g| g.error.is_none() && g.game.moves.len() == MATE_FROM_THE_OPENING.len()),
        "{}",
        all.text
    );
    let round_pgn = app.get(&format!("/t/{t}/rounds/1.pgn"), None).await;
    assert_eq!(round_pgn.status, StatusCode::OK);
    assert!(round_pgn.text.contains("[Variant \"xiangqi\"]"));
    // The web pages draw a Xiangqi board, not a chess board.
    let page = app.get(&format!("/games/{game}"), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("xiangqiboard"), "{}", page.text);
    assert!(!page.text.contains("class=\"chessboard\""));
    let page = app.get(&format!("/t/{t}/rounds/1"), None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("xiangqiboard"));
}

/// xq 4.1.4: a flag that falls with nobody at the board is recorded by the
/// server's sweep as it is for chess.
async fn xq_4_1_4_a_flag_that_falls_is_recorded_by_the_server(app: TestApp) {
    let mut play = xq_game(&app, json!({ "time_control": "300" })).await;
    play.start().await;
    play.ok(5, json!({ "type": "move", "move": "h2e2" })).await;
    // Black's five minutes ran out long ago (the game started in 2026-04).
    let recorded = server::due::record_due_results(&app.state, chrono::Utc::now()).await;
    assert_eq!(recorded, 1);
    let state = play.state().await;
    assert_eq!(state["status"], "finished", "{state}");
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["termination"]["reason"]["article"], "xq 4.1.4");
}

/// A Xiangqi game entered afterwards from its scoresheets (issue 36 item
/// 6): the first move starts it, each move is judged as on the board (a
/// move against the movement rules and a forbidden repetition refused with
/// their articles), the times are the scoresheet's, and nothing is inferred
/// from the events' times (xq 4.1.4: no flag falls; the arbiter declares
/// it). A tournament may record its Xiangqi boards so too.
async fn a_xiangqi_game_is_entered_from_its_scoresheet_and_judged_move_by_move(app: TestApp) {
    let mut play = xq_game(&app, json!({ "mode": "scoresheet", "time_control": "600" })).await;
    let r = play
        .ok(
            0,
            json!({ "type": "move", "move": "炮二平五", "clock_ms": 590_000 }),
        )
        .await;
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
    assert_eq!(r.body["state"]["mode"], "scoresheet");
    assert_eq!(r.body["state"]["clocks"]["red_ms"], 590_000);
    // Hours later on the events' timeline: no flag, no due.
    let r = play
        .ok(
            7200,
            json!({ "type": "move", "move": "h9g7", "clock_ms": 500_000 }),
        )
        .await;
    assert_eq!(r.body["state"]["status"], "in_progress", "{}", r.body);
    assert_eq!(r.body["state"]["clocks"]["black_ms"], 500_000);
    assert_eq!(r.body["state"]["due"], Value::Null, "no flag is inferred");
    assert_eq!(r.body["state"]["plies"][1]["clock_ms"], 500_000);
    // A move against the movement rules: refused with its article.
    let r = play
        .post(7201, json!({ "type": "move", "move": "h0h9" }))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "illegal_move", "{r:?}");
    let r = play.post(7202, json!({ "type": "flag" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["article"], "xq 4.1.4", "{r:?}");
    let r = play
        .ok(
            7203,
            json!({ "type": "declare_result", "result": "0-1", "grounds": "flag_fall",
                    "reason": "Red's flag fell at move 2, the scoresheet says" }),
        )
        .await;
    assert_eq!(r.body["state"]["result"], "0-1", "{}", r.body);
    // A Xiangqi event recording its boards from scoresheets.
    let organiser = app.organiser().await;
    let body = json!({ "name": "Cup", "system": "round-robin", "game": "xiangqi", "recording": "scoresheet" });
    let r = app
        .post("/api/v1/tournaments", Some(&organiser), body)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["recording"], "scoresheet", "{r:?}");
}

/// What a Xiangqi event has no place for is refused naming it (422
/// `not_for_this_game`): chess-only laws (and the natural move limit, xq
/// 4.2.4, on a chess event), a chess scoresheet in PGN; until a round is paired the
/// game may change, bringing its profile, laws and 2/1/0 scoring.
async fn what_a_xiangqi_event_has_no_place_for_is_refused_naming_it(app: TestApp) {
    let organiser = app.organiser().await;
    let tournaments = "/api/v1/tournaments";
    for (game, laws, field) in [
        (
            "xiangqi",
            json!({ "fifty_move_count": 50 }),
            "laws.fifty_move_count",
        ),
        (
            "chess",
            json!({ "natural_move_limit": 40 }),
            "laws.natural_move_limit",
        ),
    ] {
        let body = json!({ "name": "Cup", "system": "round-robin", "game": game, "laws": laws });
        let r = app.post(tournaments, Some(&organiser), body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["error"], "not_for_this_game", "{r:?}");
        assert_eq!(r.body["where"], field, "{r:?}");
    }
    // A chess scoresheet is not entered into a Xiangqi game.
    let play = xq_game(&app, json!({})).await;
    let pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let r = app
        .request(
            Method::POST,
            &format!("/api/v1/games/{}/pgn", play.game),
            Some(ADMIN),
            Some(axum::body::Body::from(pgn)),
            Some("application/x-chess-pgn"),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "not_for_this_game", "{r:?}");
    // A chess tournament becomes a Xiangqi one before any round is paired.
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "round-robin" }),
        )
        .await;
    let path = format!("{tournaments}/{t}");
    let r = app
        .send(
            Method::PATCH,
            &path,
            Some(&organiser),
            json!({ "game": "xiangqi" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["game"], "xiangqi");
    assert_eq!(r.body["regulations"], "xiangqi");
    assert_eq!(r.body["scoring"]["win"], 2.0);
    assert_eq!(r.body["laws"]["natural_move_limit"], 60, "{r:?}");
}

/// A Xiangqi Swiss: the Dutch engine pairs it as a chess Swiss (Red in the
/// first seat, the initial colour Red), each board's game is a Xiangqi game
/// with Red the first-named player, no two players meet twice, and the
/// standings count the profile's 2/1/0.
async fn a_xiangqi_swiss_is_paired_by_the_dutch_engine_with_red_first(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Xiangqi Open", "system": "swiss-dutch", "rounds": 3, "game": "xiangqi",
                    "time_control": "-", "pairing": { "initial_colour": "white" } }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[
            ("Wang, Tianyi", 2700),
            ("Zheng, Weitong", 2650),
            ("Hong, Zhi", 2600),
            ("Xu, Yinchuan", 2550),
            ("Lü, Qin", 2500),
            ("Zhao, Xinxin", 2450),
        ],
    )
    .await;
    let mut met = std::collections::BTreeSet::new();
    for number in 1..=3 {
        let round = app.pair_round(&organiser, &t).await;
        let pairs = crate::harness::boards(&round);
        assert_eq!(pairs.len(), 3, "{round}");
        if number == 1 {
            // C.04.3: the top half meets the bottom half, the first board's
            // higher-ranked player taking the initial colour (Red).
            assert_eq!(pairs, vec![(1, 4), (5, 2), (3, 6)], "{round}");
        }
        for &(red, black) in &pairs {
            assert!(
                met.insert((red.min(black), red.max(black))),
                "a rematch in round {number}: {round}"
            );
        }
        let game = round["boards"][0]["game_id"].as_str().expect("a game");
        let state = app.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(state.body["game"], "xiangqi", "{state:?}");
        assert_eq!(state.body["red"], state.body["white"], "{state:?}");
        assert_eq!(state.body["to_move"], "red", "{state:?}");
        app.finish_round(&organiser, &t, &round, |board, _, _| match board {
            1 => "1-0",
            2 => "1/2-1/2",
            _ => "0-1",
        })
        .await;
    }
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let rows = r.body["standings"].as_array().expect("standings");
    let points: Vec<f64> = rows
        .iter()
        .map(|row| row["points"].as_f64().expect("points"))
        .collect();
    assert_eq!(
        points.iter().sum::<f64>(),
        18.0,
        "nine games at two points: {}",
        r.body
    );
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "ranked by points: {points:?}"
    );
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert_eq!(trf.status, StatusCode::OK, "{trf:?}");
}

/// Hostile or mistaken Xiangqi events are refused naming what is wrong and
/// change nothing: a field of the wrong type or an unknown value names the
/// field (`where`), a coordinate move naming one point twice is a slip
/// (`malformed_move`, xq 7.1) that does not lose even where an illegal move
/// would (xq 4.1.6), a scoresheet clock outside 0–24 h is refused, and a
/// point named twice among touched pieces is refused (xq 5).
async fn a_mistaken_xiangqi_event_is_refused_naming_its_field_and_changes_nothing(app: TestApp) {
    let mut play = xq_game(&app, json!({ "laws": { "illegal_move_loses": true } })).await;
    play.start().await;
    for (event, field) in [
        (json!({ "type": "move", "move": 1234 }), "move"),
        (json!({ "type": "resign", "player": "white" }), "player"),
        (
            json!({ "type": "declare_result", "result": "1-0", "grounds": "teleport" }),
            "grounds",
        ),
        (
            json!({ "type": "declare_result", "result": "1-0" }),
            "grounds",
        ),
        (json!({ "type": "teleport" }), "type"),
    ] {
        let r = play.post(1, event.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{event}: {r:?}");
        assert_eq!(r.body["error"], "invalid_event", "{event}: {r:?}");
        assert_eq!(r.body["where"], field, "{event}: {r:?}");
    }
    for slip in ["e0e0", "h2h2"] {
        let r = play.post(2, json!({ "type": "move", "move": slip })).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
        assert_eq!(r.body["error"], "malformed_move", "{r:?}");
    }
    let r = play
        .post(
            3,
            json!({ "type": "touch", "player": "red", "square": "b2", "together_with": ["b2"] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "malformed_event", "{r:?}");
    let state = play.state().await;
    assert_eq!(state["status"], "in_progress", "{state}");
    assert_eq!(state["plies"], json!([]), "{state}");
    assert_eq!(state["pending"]["touch"], Value::Null, "{state}");

    let mut sheet = xq_game(&app, json!({ "mode": "scoresheet", "time_control": "600" })).await;
    for ms in [json!(-1), json!(99_999_999_999_u64)] {
        let r = sheet
            .post(0, json!({ "type": "move", "move": "h2e2", "clock_ms": ms }))
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
        assert_eq!(r.body["where"], "clock_ms", "{r:?}");
    }
    assert_eq!(sheet.state().await["plies"], json!([]));
}

crate::both_databases!(
    a_xiangqi_events_pages_name_red_and_count_a_round_robins_rounds,
    a_xiangqi_round_robin_is_played_through_with_a_game_recorded_to_checkmate,
    xq_4_1_4_a_flag_that_falls_is_recorded_by_the_server,
    a_xiangqi_game_is_entered_from_its_scoresheet_and_judged_move_by_move,
    what_a_xiangqi_event_has_no_place_for_is_refused_naming_it,
    a_xiangqi_swiss_is_paired_by_the_dutch_engine_with_red_first,
    a_mistaken_xiangqi_event_is_refused_naming_its_field_and_changes_nothing,
);
