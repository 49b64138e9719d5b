//! Scoresheets entered as PGN (issue 17 item 11): `POST /games/{id}/pgn`
//! and `POST /tournaments/{id}/rounds/{n}/pgn` — every move checked by the
//! Laws as a posted `move` event, clocks from `[%clk]`, the ending from the
//! tags or the arbiter's statement, all or nothing.

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, Response, TestApp};

/// Morphy v the Duke of Brunswick and Count Isouard, Paris 1858, with the
/// clocks a modern scoresheet would carry (90 minutes + 30 s).
const OPERA: &str = "\
[Event \"Opera game\"]
[Site \"Paris\"]
[Date \"1858.??.??\"]
[Round \"?\"]
[White \"Morphy, Paul\"]
[Black \"Duke Karl / Count Isouard\"]
[Result \"1-0\"]

1. e4 {[%clk 1:30:20]} e5 {[%clk 1:30:15]} 2. Nf3 {[%clk 1:30:31]} d6 {[%clk 1:30:02]}
3. d4 {[%clk 1:29:59]} Bg4 {[%clk 1:28:40]} 4. dxe5 {[%clk 1:28:10]} Bxf3 {[%clk 1:27:00]}
5. Qxf3 {[%clk 1:27:35]} dxe5 {[%clk 1:26:51]} 6. Bc4 {[%clk 1:26:12]} Nf6 {[%clk 1:24:33]}
7. Qb3 {[%clk 1:24:02]} Qe7 {[%clk 1:20:00]} 8. Nc3 {[%clk 1:20:45]} c6 {[%clk 1:18:14]}
9. Bg5 {[%clk 1:17:01]} b5 {[%clk 1:10:10]} 10. Nxb5 {[%clk 1:12:40]} cxb5 {[%clk 1:09:56]}
11. Bxb5+ {[%clk 1:11:03]} Nbd7 {[%clk 1:08:30]} 12. O-O-O {[%clk 1:09:15]} Rd8 {[%clk 1:02:11]}
13. Rxd7 {[%clk 1:08:50]} Rxd7 {[%clk 1:01:40]} 14. Rd1 {[%clk 1:07:59]} Qe6 {[%clk 0:58:02]}
15. Bxd7+ {[%clk 1:06:31]} Nxd7 {[%clk 0:57:50]} 16. Qb8+ {[%clk 1:05:00]} Nxb8 {[%clk 0:57:41]}
17. Rd8# {[%clk 1:04:45]} 1-0
";

fn pgn(white: &str, black: &str, result: &str, extra_tags: &str, moves: &str) -> String {
    format!(
        "[Event \"?\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n{extra_tags}\n{moves} {result}\n"
    )
}

async fn upload(app: &TestApp, game: &str, token: &str, text: &str) -> Response {
    app.request(
        Method::POST,
        &format!("/api/v1/games/{game}/pgn"),
        Some(token),
        Some(Body::from(text.to_owned())),
        Some("application/x-chess-pgn"),
    )
    .await
}

async fn upload_round(app: &TestApp, t: &str, round: i64, token: &str, text: &str) -> Response {
    app.request(
        Method::POST,
        &format!("/api/v1/tournaments/{t}/rounds/{round}/pgn"),
        Some(token),
        Some(Body::from(text.to_owned())),
        Some("application/x-chess-pgn"),
    )
    .await
}

async fn free_game(app: &TestApp, white: &str, black: &str, extra: Value) -> String {
    let mut body = json!({ "white": white, "black": black, "time_control": "5400+30" });
    for (k, v) in extra.as_object().expect("an object") {
        body[k] = v.clone();
    }
    let r = app.post("/api/v1/games", Some(ADMIN), body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    r.body["id"].as_str().unwrap().to_owned()
}

/// `(san, clock_ms)` of the main line of one PGN game.
fn plies(text: &str) -> Vec<(String, Option<u64>)> {
    let games: Vec<_> = rules::pgn::read_games(text).collect();
    assert_eq!(games.len(), 1, "{text}");
    let game = games[0].as_ref().expect("a readable PGN");
    game.moves
        .iter()
        .map(|m| (m.san.clone(), m.clock_ms))
        .collect()
}

async fn seq(app: &TestApp, game: &str) -> i64 {
    let r = app.get(&format!("/api/v1/games/{game}"), Some(ADMIN)).await;
    r.body["seq"].as_i64().unwrap()
}

async fn a_scoresheet_entered_as_pgn_is_the_game_and_exports_as_it_was_entered(app: TestApp) {
    let game = free_game(&app, "Paul Morphy", "Duke Karl / Count Isouard", json!({})).await;
    let r = upload(&app, &game, ADMIN, OPERA).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["events"], 33, "{r:?}");
    assert_eq!(r.body["result"], "1-0");
    let state = &r.body["state"];
    assert_eq!(state["mode"], "scoresheet", "recorded in scoresheet mode");
    assert_eq!(state["status"], "finished");
    assert_eq!(
        state["termination"]["reason"]["code"], "checkmate",
        "{state}"
    );
    assert_eq!(state["moves"].as_array().unwrap().len(), 33);
    assert_eq!(state["moves"][32], "Rd8#");
    // The clocks are the scoresheet's: White's last reading, Black's last.
    assert_eq!(state["clocks"]["white_ms"], 3_885_000, "{state}");
    assert_eq!(state["clocks"]["black_ms"], 3_461_000, "{state}");
    // Every move is an event in the log, as if posted one by one.
    let log = app
        .get(&format!("/api/v1/games/{game}/events"), Some(ADMIN))
        .await;
    let events = log.body["events"].as_array().unwrap();
    assert_eq!(events.len(), 33);
    assert_eq!(events[0]["type"], "move");
    assert_eq!(events[0]["san"], "e4");
    assert_eq!(events[0]["clock_ms"], 5_420_000);
    // The export is the same game with the same clocks.
    let exported = app.get(&format!("/api/v1/games/{game}/pgn"), None).await;
    assert_eq!(exported.status, StatusCode::OK);
    assert_eq!(plies(&exported.text), plies(OPERA), "{}", exported.text);
    assert!(
        exported.text.contains("[Result \"1-0\"]"),
        "{}",
        exported.text
    );
    // And the export entered again into another game records the same game.
    let again = free_game(&app, "Morphy, Paul", "Duke Karl / Count Isouard", json!({})).await;
    let r = upload(&app, &again, ADMIN, &exported.text).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let exported_again = app.get(&format!("/api/v1/games/{again}/pgn"), None).await;
    assert_eq!(plies(&exported_again.text), plies(OPERA));
}

async fn an_illegal_move_on_the_scoresheet_is_refused_with_its_move_number_and_nothing_is_written(
    app: TestApp,
) {
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let text = pgn(
        "A, One",
        "B, Two",
        "1-0",
        "",
        "1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe5 4. d4",
    );
    let r = upload(&app, &game, ADMIN, &text).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["move_number"], 3, "{r:?}");
    assert_eq!(r.body["side"], "black", "{r:?}");
    assert_eq!(r.body["san"], "Nxe5", "{r:?}");
    assert!(r.body["article"].is_string(), "the Laws' article: {r:?}");
    assert!(
        r.body["message"].as_str().unwrap().starts_with("3... Nxe5"),
        "{r:?}"
    );
    assert_eq!(seq(&app, &game).await, 0, "all or nothing");
    let state = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(
        state.body["mode"], "live",
        "the mode is not switched either"
    );
}

async fn a_result_the_moves_contradict_is_refused(app: TestApp) {
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let text = pgn("A, One", "B, Two", "0-1", "", "1. f3 e5 2. g4 Qh4#");
    let r = upload(&app, &game, ADMIN, &text).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let text = pgn("A, One", "B, Two", "1-0", "", "1. f3 e5 2. g4 Qh4#");
    let r = upload(&app, &game, ADMIN, &text).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "result_contradicts_game", "{r:?}");
    assert_eq!(seq(&app, &game).await, 0);
}

async fn the_tags_state_how_the_game_ended_resignation_agreement_or_flag_fall(app: TestApp) {
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
    let cases = [
        ("1-0", "", "resignation", "1-0"),
        ("0-1", "[Termination \"normal\"]", "resignation", "0-1"),
        ("1/2-1/2", "", "draw_agreed", "1/2-1/2"),
        (
            "0-1",
            "[Termination \"time forfeit\"]",
            "lost_on_time",
            "0-1",
        ),
    ];
    for (result, tags, code, recorded) in cases {
        let game = free_game(&app, "A, One", "B, Two", json!({})).await;
        let r = upload(
            &app,
            &game,
            ADMIN,
            &pgn("A, One", "B, Two", result, tags, moves),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{result} {tags}: {r:?}");
        assert_eq!(r.body["result"], recorded, "{r:?}");
        assert_eq!(
            r.body["state"]["termination"]["reason"]["code"], code,
            "{result} {tags}: {r:?}"
        );
    }
    // An unfinished game ('*') records its moves and goes on.
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let r = upload(&app, &game, ADMIN, &pgn("A, One", "B, Two", "*", "", moves)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["status"], "in_progress", "{r:?}");
    assert_eq!(r.body["events"], 6);
}

async fn the_arbiters_statement_replaces_what_the_tags_say(app: TestApp) {
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let body = json!({
        "pgn": pgn("A, One", "B, Two", "1-0", "", "1. e4 e5 2. Nf3"),
        "end": { "type": "refuse", "who": "black" },
    });
    let r = app
        .post(&format!("/api/v1/games/{game}/pgn"), Some(ADMIN), body)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(
        r.body["state"]["termination"]["reason"]["code"], "refusal_to_comply",
        "{r:?}"
    );
    assert_eq!(r.body["state"]["termination"]["reason"]["article"], "10.17");
    // A statement carrying its own time is refused: the server times it.
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let body = json!({
        "pgn": pgn("A, One", "B, Two", "1-0", "", "1. e4"),
        "end": { "type": "resign", "player": "black", "at": "2026-01-01T00:00:00Z" },
    });
    let r = app
        .post(&format!("/api/v1/games/{game}/pgn"), Some(ADMIN), body)
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "end.at");
    // An error in a statement's event is named by its place in the list:
    // the event, then its field; a refused event by the event alone.
    for (end, status, place) in [
        (
            json!([{ "type": "offer_draw", "player": "white" }, { "type": "declare_result", "result": "1-0", "reason": "a\u{7}b" }]),
            StatusCode::BAD_REQUEST,
            "end[1].reason",
        ),
        (
            json!([{ "type": "resign", "player": "black" }, "resign"]),
            StatusCode::BAD_REQUEST,
            "end[1]",
        ),
        (
            json!([{ "player": "black" }]),
            StatusCode::BAD_REQUEST,
            "end[0].type",
        ),
        (
            json!([{ "type": "resign", "player": "black" }, { "type": "resign", "player": "white" }]),
            StatusCode::UNPROCESSABLE_ENTITY,
            "end[1]",
        ),
    ] {
        let game = free_game(&app, "A, One", "B, Two", json!({})).await;
        let body = json!({ "pgn": pgn("A, One", "B, Two", "1-0", "", "1. e4"), "end": end });
        let r = app
            .post(&format!("/api/v1/games/{game}/pgn"), Some(ADMIN), body)
            .await;
        assert_eq!(r.status, status, "{end}: {r:?}");
        assert_eq!(r.body["where"], place, "{end}: {r:?}");
    }
    // The ending's note is kept as a posted event's is: trimmed, empty
    // when only spaces and joiners.
    for (reason, kept) in [("  \u{200d} ", ""), ("  phone rang  ", "phone rang")] {
        let game = free_game(&app, "A, One", "B, Two", json!({})).await;
        let end = json!({ "type": "declare_result", "result": "1-0", "reason": reason });
        let body = json!({ "pgn": pgn("A, One", "B, Two", "1-0", "", "1. e4"), "end": end });
        let r = app
            .post(&format!("/api/v1/games/{game}/pgn"), Some(ADMIN), body)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        let r = app
            .get(&format!("/api/v1/games/{game}/events?after=1"), Some(ADMIN))
            .await;
        let events = r.body["events"].as_array().unwrap();
        assert_eq!(events.last().unwrap()["reason"], kept, "{r:?}");
    }
}

/// The four players of the round-file tests.
const FOUR: &[&str] = &[
    "Carlsen, Magnus",
    "Hou, Yifan",
    "Ju, Wenjun",
    "Polgar, Judit",
];

/// A tournament of `names` (ratings falling in the order given, so start
/// numbers follow it) with round 1 paired; `(t, organiser, round)`.
async fn tournament_with_round(app: &TestApp, names: &[&str]) -> (String, String, Value) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Scoresheets", "system": "round-robin" }),
        )
        .await;
    let list: Vec<(&str, u16)> = names
        .iter()
        .zip((0_u16..).map(|i| 2400 - 50 * i))
        .map(|(n, r)| (*n, r))
        .collect();
    app.players(&organiser, &t, &list).await;
    let round = app.pair_round(&organiser, &t).await;
    (t, organiser, round)
}

fn name(board: &Value, side: &str) -> String {
    board[side]["name"].as_str().unwrap().to_owned()
}

/// "Surname, First" written as "First Surname".
fn first_last(name: &str) -> String {
    match name.split_once(", ") {
        Some((last, first)) => format!("{first} {last}"),
        None => name.to_owned(),
    }
}

/// A board's game follows it from its first event: a PGN of the game in
/// progress takes back the result entered on the board before (a forfeit
/// played after all), as its first posted event would. Once a later round
/// has been paired on a board's result, its game may neither take it back
/// nor change it, by a posted event or a PGN (409 `result_paired_on`,
/// nothing written): the arbiter corrects the board's result itself.
async fn a_result_later_rounds_were_paired_on_stays_whatever_its_game_records(app: TestApp) {
    let (t, organiser, round) = tournament_with_round(
        &app,
        &["Carlsen, Magnus", "Hou, Yifan", "Ding, Liren", "Ju, Wenjun"],
    )
    .await;
    let boards = round["boards"].as_array().expect("boards").clone();
    let result_path = |b: i64| format!("/api/v1/tournaments/{t}/rounds/1/boards/{b}/result");
    for (b, result) in [(1, "+-"), (2, "+-")] {
        let r = app
            .send(
                Method::PUT,
                &result_path(b),
                Some(&organiser),
                json!({ "result": result }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
    }
    // Round 1 is the last paired: board 2's game, uploaded unfinished,
    // takes its result back.
    let second = &boards[1];
    let game = second["game_id"].as_str().unwrap();
    let text = pgn(
        &name(second, "white"),
        &name(second, "black"),
        "*",
        "",
        "1. e4 e5",
    );
    let r = upload(&app, game, &organiser, &text).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let rounds = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(
        rounds.body["boards"][1]["result"],
        Value::Null,
        "{}",
        rounds.body
    );
    let reopened = app
        .audit_row(&t, "result", "reopen")
        .await
        .expect("audited");
    assert_eq!(reopened["after"]["game"]["id"], game, "{reopened}");
    let r = app
        .send(
            Method::PUT,
            &result_path(2),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_in_progress", "{r:?}");
    // Annulled, the game gives the board back to the arbiter.
    let head = seq(&app, game).await;
    let r = app
        .event(
            game,
            &organiser,
            head,
            json!({ "type": "annul", "reason": "wrong_initial_position" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &result_path(2),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    app.pair_round(&organiser, &t).await;
    // Board 1's game, after round 2 was paired on its forfeit.
    let first = &boards[0];
    let game = first["game_id"].as_str().unwrap();
    let r = app
        .event(game, &organiser, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "result_paired_on", "{r:?}");
    for (result, moves) in [("*", "1. d4 d5"), ("0-1", "1. f3 e5 2. g4 Qh4#")] {
        let text = pgn(
            &name(first, "white"),
            &name(first, "black"),
            result,
            "",
            moves,
        );
        let r = upload(&app, game, &organiser, &text).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{result}: {r:?}");
        assert_eq!(r.body["error"], "result_paired_on", "{r:?}");
    }
    // A round's file holding it lists it with the file's other problems.
    let text = pgn(
        &name(first, "white"),
        &name(first, "black"),
        "0-1",
        "",
        "1. f3 e5 2. g4 Qh4#",
    );
    let r = upload_round(&app, &t, 1, &organiser, &text).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "pgn_rejected", "{r:?}");
    assert_eq!(r.body["problems"][0]["error"], "result_paired_on", "{r:?}");
    assert_eq!(r.body["problems"][0]["board"], 1, "{r:?}");
    assert_eq!(seq(&app, game).await, 0, "nothing written");
    assert_eq!(app.first_board_result(&t).await, "+-");
}

async fn a_pgn_naming_other_players_is_refused_unless_the_arbiter_forces_it(app: TestApp) {
    let (t, organiser, round) =
        tournament_with_round(&app, &["Carlsen, Magnus", "Hou, Yifan"]).await;
    let board = &round["boards"][0];
    let game = board["game_id"].as_str().unwrap();
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let moves = "1. d4 d5 2. c4 e6";
    let text = pgn(
        "Anand, Viswanathan",
        &name(board, "black"),
        "1-0",
        "",
        moves,
    );
    let r = upload(&app, game, &arbiter, &text).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "players_differ", "{r:?}");
    assert_eq!(r.body["pgn_white"], "Anand, Viswanathan");
    // The same players with the colours reversed are named as such.
    let text = pgn(
        &name(board, "black"),
        &name(board, "white"),
        "1-0",
        "",
        moves,
    );
    let r = upload(&app, game, &arbiter, &text).await;
    assert_eq!(r.body["error"], "players_differ", "{r:?}");
    assert!(
        r.body["message"].as_str().unwrap().contains("reversed"),
        "{r:?}"
    );
    assert_eq!(seq(&app, game).await, 0);
    // Forced: recorded, with a warning, and audited as forced.
    let r = app
        .request(
            Method::POST,
            &format!("/api/v1/games/{game}/pgn?force_players=true"),
            Some(&arbiter),
            Some(Body::from(pgn(
                "Anand, Viswanathan",
                &name(board, "black"),
                "1-0",
                "",
                moves,
            ))),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["warnings"].as_array().unwrap().len(), 1, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(
        r.body["boards"][0]["result"], "1-0",
        "the board's result: {r:?}"
    );
    let audit = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&organiser))
        .await;
    let rows = audit
        .body
        .as_array()
        .or(audit.body["audit"].as_array())
        .cloned()
        .unwrap_or_default();
    assert!(
        rows.iter()
            .any(|row| row["action"] == "record_pgn" && row["after"]["force_players"] == true),
        "{}",
        audit.body
    );
}

async fn names_match_whatever_their_order_and_case(app: TestApp) {
    let (_, organiser, round) =
        tournament_with_round(&app, &["Carlsen, Magnus", "Hou, Yifan"]).await;
    let board = &round["boards"][0];
    let game = board["game_id"].as_str().unwrap();
    let white = first_last(&name(board, "white")).to_uppercase();
    let black = first_last(&name(board, "black"));
    let r = upload(
        &app,
        game,
        &organiser,
        &pgn(&white, &black, "1/2-1/2", "", "1. e4 c5"),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["warnings"], json!([]), "{r:?}");
}

async fn a_game_that_already_has_events_is_not_overwritten_409(app: TestApp) {
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let r = app.event(&game, ADMIN, 0, json!({ "type": "start" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = upload(
        &app,
        &game,
        ADMIN,
        &pgn("A, One", "B, Two", "*", "", "1. e4"),
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "game_recorded");
    assert_eq!(seq(&app, &game).await, 1);
}

async fn the_pgn_must_start_from_the_games_starting_position(app: TestApp) {
    const FEN: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let game = free_game(&app, "A, One", "B, Two", json!({ "fen": FEN })).await;
    let r = upload(
        &app,
        &game,
        ADMIN,
        &pgn("A, One", "B, Two", "*", "", "1. e4"),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "start_position_differs", "{r:?}");
    let tags = format!("[SetUp \"1\"]\n[FEN \"{FEN}\"]");
    let r = upload(
        &app,
        &game,
        ADMIN,
        &pgn("A, One", "B, Two", "*", &tags, "1. e4 Kd7"),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    // Black to move first: the refusal counts moves from the FEN.
    const BLACK_FEN: &str = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30";
    let game = free_game(&app, "A, One", "B, Two", json!({ "fen": BLACK_FEN })).await;
    let tags = format!("[SetUp \"1\"]\n[FEN \"{BLACK_FEN}\"]");
    let r = upload(
        &app,
        &game,
        ADMIN,
        &pgn("A, One", "B, Two", "*", &tags, "30... Kd7 31. e4 Kd5"),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["move_number"], 31, "{r:?}");
    assert_eq!(r.body["side"], "black", "{r:?}");
}

async fn only_the_games_arbiters_may_enter_its_scoresheet(app: TestApp) {
    let (t, organiser, round) = tournament_with_round(&app, &["A, One", "B, Two"]).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap();
    let other = app
        .tournament(
            &organiser,
            json!({ "name": "Other", "system": "round-robin" }),
        )
        .await;
    let stranger = app.token(&organiser, "arbiter", Some(&other)).await;
    let text = pgn(
        &name(&round["boards"][0], "white"),
        &name(&round["boards"][0], "black"),
        "*",
        "",
        "1. e4",
    );
    let r = upload(&app, game, &stranger, &text).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let r = upload_round(&app, &t, 1, &stranger, &text).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let r = upload(&app, game, "", &text).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
}

async fn a_rounds_pgn_file_is_matched_to_its_boards_by_the_players_names(app: TestApp) {
    let (t, organiser, round) = tournament_with_round(&app, FOUR).await;
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let b1 = &round["boards"][0];
    let b2 = &round["boards"][1];
    // Board 2 first in the file, names written "First Surname".
    let file = format!(
        "{}\n{}",
        pgn(
            &first_last(&name(b2, "white")),
            &first_last(&name(b2, "black")),
            "0-1",
            "",
            "1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Qh5 Nc6 3. Bc4 g6 4. Qf3 Nf6"
        ),
        pgn(
            &name(b1, "white"),
            &name(b1, "black"),
            "1-0",
            "",
            "1. f4 e5 2. g4 d5"
        )
    );
    let r = upload_round(&app, &t, 1, &arbiter, &file).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["games"][0]["board"], 1, "{r:?}");
    assert_eq!(r.body["games"][1]["board"], 2, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "1-0", "{r:?}");
    assert_eq!(r.body["boards"][1]["result"], "0-1", "{r:?}");
    let g2 = b2["game_id"].as_str().unwrap();
    let state = app.get(&format!("/api/v1/games/{g2}"), None).await;
    assert_eq!(state.body["moves"].as_array().unwrap().len(), 8);
    // The round's export carries both games.
    let export = app
        .get(&format!("/api/v1/tournaments/{t}/export/pgn"), None)
        .await;
    assert_eq!(export.text.matches("[Event ").count(), 2, "{}", export.text);
    // Entered once: a second upload of the file is refused, nothing changes.
    let r = upload_round(&app, &t, 1, &arbiter, &file).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["problems"][0]["error"], "game_recorded", "{r:?}");
}

async fn a_rounds_file_with_unmatched_ambiguous_or_illegal_games_is_refused_whole(app: TestApp) {
    // Two players called Wang Wei, two called Li Na: both boards of round 1
    // are "Wang, Wei - Li, Na".
    let (t, organiser, round) =
        tournament_with_round(&app, &["Wang, Wei", "Wang, Wei", "Li, Na", "Li, Na"]).await;
    let b1 = &round["boards"][0];
    let b2 = &round["boards"][1];
    assert_eq!(
        (name(b1, "white"), name(b1, "black")),
        (name(b2, "white"), name(b2, "black")),
        "the pairing gives two boards with the same names: {round}"
    );
    let file = format!(
        "{}\n{}",
        pgn("Wang, Wei", "Li, Na", "1-0", "", "1. e4 e5"),
        pgn("Nobody, Known", "Li, Na", "1-0", "", "1. e4 e5"),
    );
    let r = upload_round(&app, &t, 1, &organiser, &file).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "pgn_rejected", "{r:?}");
    let problems = r.body["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "{r:?}");
    assert_eq!(problems[0]["game"], 1);
    assert_eq!(problems[0]["error"], "ambiguous_board");
    assert_eq!(problems[0]["boards"], json!([1, 2]));
    assert_eq!(problems[1]["game"], 2);
    assert_eq!(problems[1]["error"], "no_board");

    // Distinct names: one good game and one with an illegal move refuse the
    // whole file; the good game's board stays empty.
    let (t, organiser, round) = tournament_with_round(&app, FOUR).await;
    let b1 = &round["boards"][0];
    let b2 = &round["boards"][1];
    let file = format!(
        "{}\n{}\n{}",
        pgn(
            &name(b1, "white"),
            &name(b1, "black"),
            "1-0",
            "",
            "1. e4 e5 2. Nf3"
        ),
        pgn(
            &name(b2, "white"),
            &name(b2, "black"),
            "1-0",
            "",
            "1. e4 e5 2. Ke3"
        ),
        pgn(
            &name(b2, "black"),
            &name(b2, "white"),
            "1-0",
            "",
            "1. e4 e5"
        ),
    );
    let r = upload_round(&app, &t, 1, &organiser, &file).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    let problems = r.body["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "{r:?}");
    assert_eq!(problems[0]["game"], 2);
    assert_eq!(problems[0]["board"], 2);
    assert_eq!(problems[0]["move_number"], 2);
    assert_eq!(problems[0]["side"], "white");
    assert_eq!(problems[0]["san"], "Ke3");
    assert_eq!(problems[1]["game"], 3);
    assert_eq!(problems[1]["error"], "no_board");
    assert_eq!(problems[1]["reversed_boards"], json!([2]), "{r:?}");
    let g1 = b1["game_id"].as_str().unwrap();
    assert_eq!(seq(&app, g1).await, 0, "all or nothing for the whole file");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], Value::Null);
}

async fn hostile_pgn_gets_a_clear_4xx_never_a_500(app: TestApp) {
    let game = free_game(&app, "A, One", "B, Two", json!({})).await;
    let cases: Vec<(&str, Vec<u8>, &str, StatusCode)> = vec![
        (
            "empty",
            Vec::new(),
            "application/x-chess-pgn",
            StatusCode::BAD_REQUEST,
        ),
        (
            "unterminated comment",
            b"[White \"A, One\"]\n\n1. e4 {never closed e5 2. Nf3".to_vec(),
            "application/x-chess-pgn",
            StatusCode::BAD_REQUEST,
        ),
        (
            "binary",
            (0..4096_u32).map(|i| (i * 7919 % 251) as u8).collect(),
            "application/x-chess-pgn",
            StatusCode::BAD_REQUEST,
        ),
        (
            "huge",
            vec![b' '; 300 * 1024],
            "application/x-chess-pgn",
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "two games",
            format!(
                "{}\n{}",
                pgn("A", "B", "*", "", "1. e4"),
                pgn("A", "B", "*", "", "1. d4")
            )
            .into_bytes(),
            "text/plain",
            StatusCode::BAD_REQUEST,
        ),
        (
            "endless",
            pgn("A, One", "B, Two", "*", "", &"Nf3 Nf6 Ng1 Ng8 ".repeat(600)).into_bytes(),
            "text/plain",
            StatusCode::BAD_REQUEST,
        ),
        (
            "an image",
            vec![0x89, b'P', b'N', b'G'],
            "image/png",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "json without pgn",
            b"{\"force_players\": true}".to_vec(),
            "application/json",
            StatusCode::BAD_REQUEST,
        ),
        (
            "json not an object",
            b"[1, 2]".to_vec(),
            "application/json",
            StatusCode::BAD_REQUEST,
        ),
        (
            "a clock of 99 minutes past the hour",
            pgn("A, One", "B, Two", "*", "", "1. e4 {[%clk 1:99:99]} e5").into_bytes(),
            "application/x-chess-pgn",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "a negative clock",
            pgn("A, One", "B, Two", "*", "", "1. e4 {[%clk -1:00:00]} e5").into_bytes(),
            "application/x-chess-pgn",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "a clock past any count",
            pgn(
                "A, One",
                "B, Two",
                "*",
                "",
                "1. e4 e5 {[%clk 99999999999999:00:00]}",
            )
            .into_bytes(),
            "application/x-chess-pgn",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (what, body, content_type, expected) in cases {
        let r = app
            .request(
                Method::POST,
                &format!("/api/v1/games/{game}/pgn"),
                Some(ADMIN),
                Some(Body::from(body)),
                Some(content_type),
            )
            .await;
        let ok = r.status == expected || (what == "binary" && r.status.is_client_error());
        assert!(ok, "{what}: {r:?}");
        assert!(r.body["error"].is_string(), "{what}: a JSON error: {r:?}");
    }
    let r = upload(
        &app,
        &game,
        ADMIN,
        "[White \"A, One\"]\n\n1. e4 {never closed e5 2. Nf3",
    )
    .await;
    assert!(
        r.body["where"].as_str().unwrap().starts_with("line "),
        "{r:?}"
    );
    // Unknown game, unknown round.
    let r = upload(&app, "00000000-0000-4000-8000-000000000000", ADMIN, OPERA).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    assert_eq!(seq(&app, &game).await, 0);
}

/// Eight uploads of one round's file at once: one is entered, the others
/// find its games recorded (409 or 422), none fails with a 500 or a
/// deadlock, and the board holds the file's result once.
async fn a_rounds_file_uploaded_eight_times_at_once_is_entered_once(app: TestApp) {
    let (t, organiser, round) = tournament_with_round(&app, FOUR).await;
    let b1 = &round["boards"][0];
    let file = pgn(
        &name(b1, "white"),
        &name(b1, "black"),
        "1/2-1/2",
        "",
        "1. d4 d5 2. c4 e6",
    );
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let (app, t, organiser, file) =
                (app.clone(), t.clone(), organiser.clone(), file.clone());
            tokio::spawn(async move { upload_round(&app, &t, 1, &organiser, &file).await })
        })
        .collect();
    let mut created = 0;
    for handle in handles {
        let r = handle.await.expect("the request ran");
        match r.status {
            StatusCode::CREATED => created += 1,
            StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => {
                assert_ne!(r.body["error"], "concurrent_change", "{r:?}");
            }
            other => panic!("{other}: {r:?}"),
        }
    }
    assert_eq!(created, 1, "entered once");
    let g1 = b1["game_id"].as_str().unwrap();
    let state = app.get(&format!("/api/v1/games/{g1}"), None).await;
    assert_eq!(
        state.body["moves"].as_array().unwrap().len(),
        4,
        "{state:?}"
    );
}

crate::both_databases!(
    a_rounds_file_uploaded_eight_times_at_once_is_entered_once,
    a_scoresheet_entered_as_pgn_is_the_game_and_exports_as_it_was_entered,
    an_illegal_move_on_the_scoresheet_is_refused_with_its_move_number_and_nothing_is_written,
    a_result_the_moves_contradict_is_refused,
    the_tags_state_how_the_game_ended_resignation_agreement_or_flag_fall,
    the_arbiters_statement_replaces_what_the_tags_say,
    a_pgn_naming_other_players_is_refused_unless_the_arbiter_forces_it,
    a_result_later_rounds_were_paired_on_stays_whatever_its_game_records,
    names_match_whatever_their_order_and_case,
    a_game_that_already_has_events_is_not_overwritten_409,
    the_pgn_must_start_from_the_games_starting_position,
    only_the_games_arbiters_may_enter_its_scoresheet,
    a_rounds_pgn_file_is_matched_to_its_boards_by_the_players_names,
    a_rounds_file_with_unmatched_ambiguous_or_illegal_games_is_refused_whole,
    hostile_pgn_gets_a_clear_4xx_never_a_500,
);
