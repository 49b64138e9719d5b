//! Tournaments, players, Swiss rounds, results and the audit trail.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, TestApp, boards};

const EIGHT: &[(&str, u16)] = &[
    ("Hou, Yifan", 2650),
    ("Ju, Wenjun", 2560),
    ("Tan, Zhongyi", 2520),
    ("Lei, Tingjie", 2540),
    ("Zhu, Jiner", 2460),
    ("Ni, Shiqun", 2380),
    ("Wang, Yu A.", 2300),
    ("Song, Yuxin", 2290),
];

async fn an_organiser_creates_and_reads_a_tournament(app: TestApp) {
    let organiser = app.organiser().await;
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({
                "name": "Spring Open", "system": "swiss-dutch", "rounds": 7,
                "time_control": "40/5400:1800+30", "regulations": "fide-2023",
                "tiebreaks": ["BH/C1", "BH", "SB"], "scoring": { "win": 3, "draw": 1 }
            }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let id = r.body["id"].as_str().unwrap();
    let r = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(r.body["name"], "Spring Open");
    assert_eq!(r.body["rounds"], 7);
    assert_eq!(r.body["regulations"], "fide-2023");
    assert_eq!(r.body["scoring"]["win"], 3.0);
    assert_eq!(
        r.body["scoring"]["pairing_allocated_bye"], 3.0,
        "byes follow the win"
    );
    assert_eq!(r.body["scoring"]["half_point_bye"], 1.0);
    assert_eq!(r.body["tiebreaks"], json!(["BH/C1", "BH", "SB"]));
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{id}"),
            Some(&organiser),
            json!({ "name": "Spring Open 2026" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["name"], "Spring Open 2026");
    let r = app.get("/api/v1/tournaments", None).await;
    assert_eq!(r.body["tournaments"].as_array().unwrap().len(), 1);
}

/// The older FIDE edition's profile is `fide-classic`; a client still
/// sending its former name `fide-seed` is understood and told today's.
async fn the_older_fide_edition_is_taken_by_its_former_name_and_answered_by_its_new_one(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({ "name": "Old Laws Open", "system": "swiss-dutch", "rounds": 5,
                    "regulations": "fide-seed" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["regulations"], "fide-classic");
    let id = r.body["id"].as_str().unwrap();
    let r = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser),
            json!({ "name": "Default Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    assert_eq!(r.body["regulations"], "fide-classic", "the default");
    let page = app.get(&format!("/t/{id}?lang=en"), None).await.text;
    assert!(
        page.contains("FIDE Laws of Chess, older edition (adjournment and sealed moves)"),
        "the page names the profile, not its code"
    );
    assert!(
        !page.contains("fide-classic"),
        "no internal name on the page"
    );
}

async fn players_get_start_numbers_and_can_be_corrected_and_withdrawn(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&organiser),
            json!({ "name": "Carlsen, Magnus", "rating": 2830, "title": "GM", "federation": "NOR", "fide_id": 1503014, "sex": "m", "birth_date": "1990-11-30" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["start_number"], 1);
    let pid = r.body["id"].as_str().unwrap().to_owned();
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&organiser),
            json!({ "name": "Caruana, Fabiano", "title": "XX" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["where"], "title");
    let path = format!("/api/v1/tournaments/{t}/players/{pid}");
    let r = app
        .send(
            Method::PATCH,
            &path,
            Some(&organiser),
            json!({ "rating": 2840 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["rating"], 2840);
    assert_eq!(r.body["title"], "GM", "other data kept");
    let r = app
        .send(
            Method::PATCH,
            &path,
            Some(&organiser),
            json!({ "bye": { "round": 2, "kind": "half" } }),
        )
        .await;
    assert_eq!(r.body["requested_byes"], json!({ "2": "half" }));
    let r = app
        .send(
            Method::PATCH,
            &path,
            Some(&organiser),
            json!({ "withdraw": true }),
        )
        .await;
    assert_eq!(r.body["withdrawn_from"], 1);
    assert_eq!(r.body["requested_byes"], json!({}), "withdrawn: no byes");
    for (bye, status) in [
        (
            json!({ "round": 0, "kind": "half" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "round": 3, "kind": "zero" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let r = app
            .send(
                Method::PATCH,
                &path,
                Some(&organiser),
                json!({ "bye": bye }),
            )
            .await;
        assert_eq!(r.status, status, "{r:?}");
    }
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/players/nobody"),
            Some(&organiser),
            json!({ "rating": 1 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

async fn a_swiss_round_one_pairs_top_half_against_bottom_half(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({
                "name": "Open", "system": "swiss-dutch", "rounds": 3,
                "pairing": { "initial_colour": "white" }
            }),
        )
        .await;
    app.players(&organiser, &t, EIGHT).await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["round"], 1);
    // Start numbers follow rating (C.04.2 A.2); C.04.3: 1-5, 6-2, 3-7, 8-4.
    assert_eq!(boards(&r.body), vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(r.body["boards"][0]["white"]["name"], "Hou, Yifan");
    assert_eq!(r.body["byes"], json!([]));
    let again = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(again.body, r.body);
    // Round 2 with results missing: only once the arbiter acknowledges that
    // the boards without a result are marked adjourned and count as draws
    // (VCL4THP.13 Q159-Q160); nothing is marked before.
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.body["error"], "confirmation_required");
    assert_eq!(r.body["warnings"][0]["code"], "adjourned_games");
    assert!(
        r.body["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("no result: marked adjourned"),
        "{r:?}"
    );
    let round1 = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert!(
        round1.body["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["result"].is_null()),
        "{round1:?}"
    );
}

async fn an_odd_player_gets_the_pairing_allocated_bye(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, &EIGHT[..5]).await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["boards"].as_array().unwrap().len(), 2);
    assert_eq!(r.body["byes"][0]["kind"], "pairing_allocated");
    assert_eq!(
        r.body["byes"][0]["player"]["start_number"], 5,
        "the lowest-ranked player"
    );
}

/// A result is entered and corrected by the arbiter, each change audited
/// with the result before and after and the reason the arbiter gave (a
/// reason for a result entered again unchanged is kept too); a reason that
/// is too long or holds control characters is refused and changes nothing.
async fn results_are_entered_corrected_and_audited(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, &EIGHT[..4]).await;
    app.post(
        &format!("/api/v1/tournaments/{t}/rounds"),
        Some(&organiser),
        json!({}),
    )
    .await;
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/1/result");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&arbiter),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["result"], "1-0");
    for bad in [
        json!("x".repeat(501)),
        json!("two\u{7}lines"),
        json!("1-0 \u{202e}0-1"),
        json!("draw\u{200b}agreed"),
        json!("\u{feff}"),
    ] {
        let r = app
            .send(
                Method::PUT,
                &path,
                Some(&arbiter),
                json!({ "result": "0-1", "reason": bad }),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
        assert_eq!(r.body["where"], "reason", "{r:?}");
    }
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&arbiter),
            json!({ "result": "1/2-1/2", "reason": "  scoresheets signed 1/2 by both players\n " }),
        )
        .await;
    assert_eq!(r.body["result"], "1/2-1/2");
    // The same result again: nothing changes; with a reason, the reason
    // is kept (an `annotate` row), without one nothing is written.
    for body in [
        json!({ "result": "1/2-1/2" }),
        json!({ "result": "½-½", "reason": "players confirmed the draw at the desk" }),
    ] {
        let r = app.send(Method::PUT, &path, Some(&arbiter), body).await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
        assert_eq!(r.body["result"], "1/2-1/2");
    }
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&arbiter),
            json!({ "result": "2-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/9/result"),
            Some(&arbiter),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&arbiter))
        .await;
    let audit = r.body["audit"].as_array().unwrap();
    let results: Vec<&Value> = audit.iter().filter(|a| a["entity"] == "result").collect();
    assert_eq!(results.len(), 3, "{results:?}");
    assert_eq!(results[2]["action"], "annotate");
    assert_eq!(results[2]["before"], json!({ "result": "1/2-1/2" }));
    assert_eq!(
        results[2]["after"],
        json!({ "result": "1/2-1/2", "reason": "players confirmed the draw at the desk" })
    );
    assert_eq!(results[1]["action"], "correct");
    assert_eq!(results[1]["before"], json!({ "result": "1-0" }));
    assert_eq!(
        results[1]["after"],
        json!({ "result": "1/2-1/2", "reason": "scoresheets signed 1/2 by both players" })
    );
    assert_eq!(
        results[0]["after"],
        json!({ "result": "1-0" }),
        "no reason given"
    );
    assert!(
        audit
            .iter()
            .any(|a| a["entity"] == "round" && a["action"] == "pair")
    );
}

async fn a_three_round_swiss_never_repeats_a_pairing(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, &EIGHT[..6]).await;
    let mut seen = std::collections::HashSet::new();
    for _ in 1..=3 {
        let round = app.pair_round(&organiser, &t).await;
        for (w, b) in boards(&round) {
            assert!(seen.insert((w.min(b), w.max(b))), "{w}-{b} met twice");
        }
        app.finish_round(&organiser, &t, &round, |board, _, _| {
            if board % 2 == 0 { "1/2-1/2" } else { "1-0" }
        })
        .await;
    }
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.body["error"], "all_rounds_paired");
}

async fn the_database_refuses_a_player_twice_in_one_round(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    let ids = app.players(&organiser, &t, &EIGHT[..4]).await;
    app.post(
        &format!("/api/v1/tournaments/{t}/rounds"),
        Some(&organiser),
        json!({}),
    )
    .await;
    let twice =
        sqlx::query("INSERT INTO round_slots (tournament_id, round, player_id) VALUES ($1, 1, $2)")
            .bind(&t)
            .bind(&ids[0])
            .execute(app.state.db().pool())
            .await;
    assert!(twice.is_err(), "one pairing per player per round");
    let second_result = sqlx::query(
        "INSERT INTO boards (tournament_id, round, board, white_id, black_id, game_id) VALUES ($1, 1, 1, $2, $3, 'x')",
    )
    .bind(&t)
    .bind(&ids[2])
    .bind(&ids[3])
    .execute(app.state.db().pool())
    .await;
    assert!(
        second_result.is_err(),
        "one board 1 per round, so one result per board"
    );
}

async fn a_round_robin_of_four_meets_everyone_once_and_ranks_them(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club RR", "system": "round-robin", "tiebreaks": ["SB", "WIN"] }),
        )
        .await;
    app.players(&organiser, &t, &EIGHT[..4]).await;
    let mut met = std::collections::HashSet::new();
    for _ in 1..=3 {
        let round = app.pair_round(&organiser, &t).await;
        for (w, b) in boards(&round) {
            assert!(met.insert((w.min(b), w.max(b))));
        }
        // The higher-rated (lower start number) player always wins.
        app.finish_round(
            &organiser,
            &t,
            &round,
            |_, w, b| {
                if w < b { "1-0" } else { "0-1" }
            },
        )
        .await;
    }
    assert_eq!(met.len(), 6, "C.05 Annex 1: everyone meets everyone");
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let rows = r.body["standings"].as_array().unwrap();
    let points: Vec<f64> = rows.iter().map(|r| r["points"].as_f64().unwrap()).collect();
    assert_eq!(points, vec![3.0, 2.0, 1.0, 0.0]);
    assert_eq!(rows[0]["name"], "Hou, Yifan");
    assert_eq!(rows[0]["tiebreaks"]["WIN"], 3.0);
    assert_eq!(
        rows[0]["tiebreaks"]["SB"], 3.0,
        "SB = 2 + 1 + 0 from beaten opponents"
    );
}

async fn exports_and_a_trf_import_round_trip(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, &EIGHT[..6]).await;
    for _ in 1..=2 {
        let round = app.pair_round(&organiser, &t).await;
        app.finish_round(&organiser, &t, &round, |board, _, _| {
            if board == 2 { "1/2-1/2" } else { "1-0" }
        })
        .await;
    }
    let json_export = app
        .get(&format!("/api/v1/tournaments/{t}/export/json"), None)
        .await;
    assert_eq!(json_export.status, StatusCode::OK);
    assert_eq!(json_export.body["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(json_export.body["players"].as_array().unwrap().len(), 6);
    assert_eq!(
        json_export.body["standings"]["standings"]
            .as_array()
            .unwrap()
            .len(),
        6
    );
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert_eq!(trf.status, StatusCode::OK);
    assert!(
        trf.text.lines().filter(|l| l.starts_with("001")).count() == 6,
        "{}",
        trf.text
    );
    let pgn = app
        .get(&format!("/api/v1/tournaments/{t}/export/pgn"), None)
        .await;
    assert_eq!(pgn.status, StatusCode::OK);

    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(trf.text.clone())),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let copy = r.body["id"].as_str().unwrap();
    assert_eq!(r.body["rounds_paired"], 2);
    let original = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    let imported = app
        .get(&format!("/api/v1/tournaments/{copy}/standings"), None)
        .await;
    let strip = |v: &Value| -> Vec<(Value, Value, Value)> {
        v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["name"].clone(),
                    r["points"].clone(),
                    r["tiebreaks"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(strip(&original.body), strip(&imported.body));
    // The imported event goes on: round 3 pairs from the imported history.
    let r = app
        .post(
            &format!("/api/v1/tournaments/{copy}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["round"], 3);

    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from("001 garbage")),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_trf");
    assert!(r.body["where"].as_str().unwrap().starts_with("line 1"));
}

async fn import(app: &TestApp, token: &str, body: Vec<u8>) -> crate::harness::Response {
    app.request(
        Method::POST,
        "/api/v1/tournaments/import",
        Some(token),
        Some(axum::body::Body::from(body)),
        Some("text/plain"),
    )
    .await
}

async fn tournament_count(app: &TestApp) -> usize {
    let r = app.get("/api/v1/tournaments", None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body["tournaments"].as_array().unwrap().len()
}

/// A TRF without player records (`001`) is no tournament: empty bodies,
/// random bytes and NUL bytes are refused and nothing is stored.
async fn an_import_without_player_records_is_refused_and_stores_nothing(app: TestApp) {
    let organiser = app.organiser().await;
    let before = tournament_count(&app).await;
    let bodies: Vec<Vec<u8>> = vec![
        Vec::new(),
        vec![0; 64],
        (0..=255u8).rev().collect(),
        b"012 Only a name\n".to_vec(),
    ];
    for body in bodies {
        let r = import(&app, &organiser, body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body:?}: {r:?}");
        assert_eq!(r.body["error"], "invalid_trf", "{r:?}");
        assert!(!r.body["message"].as_str().unwrap_or("").is_empty());
    }
    assert_eq!(tournament_count(&app).await, before);
}

fn player_line(start: u32, name: &str) -> String {
    format!("001 {start:>4}      {name:<33} 2000     00000000000 1970/01/01  0.0    0")
}

/// An imported tournament passes the checks of JSON create: a name of at
/// most 200 characters and 1 to 99 rounds.
async fn an_import_is_held_to_the_checks_of_json_create(app: TestApp) {
    let organiser = app.organiser().await;
    let players = format!(
        "{}\n{}\n",
        player_line(1, "Alpha, A"),
        player_line(2, "Beta, B")
    );
    let long = "x".repeat(201);
    let r = import(
        &app,
        &organiser,
        format!("012 {long}\n{players}").into_bytes(),
    )
    .await;
    assert!(r.status.is_client_error(), "{r:?}");
    assert_eq!(r.body["where"], "name", "{r:?}");
    let r = import(
        &app,
        &organiser,
        format!("012 Open\nXXR 150\n{players}").into_bytes(),
    )
    .await;
    assert!(r.status.is_client_error(), "{r:?}");
    assert_eq!(r.body["where"], "rounds", "{r:?}");
    let r = import(
        &app,
        &organiser,
        format!("012 Open\nXXR 5\n{players}").into_bytes(),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["players"], 2);
    assert_eq!(r.body["rounds"], 5);
}

/// Two requests to pair the same round at once: one round is paired, the
/// other request is refused with 409 and writes nothing.
async fn pairing_the_same_round_twice_at_once_pairs_it_once(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, EIGHT).await;
    let path = format!("/api/v1/tournaments/{t}/rounds");
    let (a, b) = tokio::join!(
        app.post(&path, Some(&organiser), json!({})),
        app.post(&path, Some(&organiser), json!({})),
    );
    let mut statuses = vec![a.status, b.status];
    statuses.sort();
    assert_eq!(
        statuses,
        vec![StatusCode::CREATED, StatusCode::CONFLICT],
        "{a:?} {b:?}"
    );
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["rounds_paired"], 1, "{r:?}");
    let r = app.get(&format!("{path}/1"), None).await;
    assert_eq!(r.body["boards"].as_array().unwrap().len(), 4, "{r:?}");
}

/// Both-lose results (the club's over-long game, Art. 10.17 refusals) are
/// board results, written 0-0: a recorded game that ends so writes its
/// board, both score nothing, the TRF carries it, and no other result may
/// contradict the game.
async fn a_game_both_players_lose_is_a_board_result_of_0_0(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club", "system": "round-robin", "regulations": "club" }),
        )
        .await;
    app.players(&organiser, &t, &EIGHT[..4]).await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let at = |s: u32| format!("2026-04-01T14:{:02}:{:02}Z", s / 60, s % 60);
    for (seq, event) in [
        json!({ "type": "start", "at": at(0) }),
        json!({ "type": "move", "san": "e4", "at": at(20) }),
        json!({ "type": "move", "san": "e5", "at": at(40) }),
        // Club plan (3): over thirty minutes, the game scores nothing.
        json!({ "type": "flag", "at": at(30 * 60 + 1) }),
    ]
    .into_iter()
    .enumerate()
    {
        let r = app
            .event(&game, ADMIN, i64::try_from(seq).unwrap(), event)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["result"], "0-0", "{}", r.body);
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
    assert_eq!(r.body["error"], "contradicts_game");
    // An unrecorded board takes 0-0 entered by the arbiter.
    let path = format!("/api/v1/tournaments/{t}/rounds/1/boards/2/result");
    let r = app
        .send(
            Method::PUT,
            &path,
            Some(&organiser),
            json!({ "result": "0-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["result"], "0-0");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    let points: Vec<f64> = r.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["points"].as_f64().unwrap())
        .collect();
    assert_eq!(points, [0.0, 0.0, 0.0, 0.0], "{}", r.body);
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await
        .text;
    let copy = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(trf.clone())),
            Some("text/plain"),
        )
        .await;
    assert_eq!(copy.status, StatusCode::CREATED, "{copy:?}\n{trf}");
    let copy = copy.body["id"].as_str().unwrap().to_owned();
    let r = app
        .get(&format!("/api/v1/tournaments/{copy}/rounds/1"), None)
        .await;
    let results: Vec<&Value> = r.body["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| &b["result"])
        .collect();
    assert_eq!(results, [&json!("0-0"), &json!("0-0")], "{}", r.body);
}

/// VCL4THP.13 Q180–186: an arbiter enters a game one side draws and the
/// other loses (½-0, 0-½; stored `1/2-0`, `0-1/2`): each player scores their
/// own result, the next round is paired on those scores, and the TRF writes
/// the codes `=`/`0` and reads them back.
async fn a_half_zero_result_scores_each_side_its_own_result_and_survives_the_trf(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Odd Results Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(&organiser, &t, &EIGHT[..4]).await;
    let round = app.pair_round(&organiser, &t).await;
    let result = |board: u32| format!("/api/v1/tournaments/{t}/rounds/1/boards/{board}/result");
    for (board, entered, stored) in [(1, "½-0", "1/2-0"), (2, "0-1/2", "0-1/2")] {
        let r = app
            .send(
                Method::PUT,
                &result(board),
                Some(&organiser),
                json!({ "result": entered }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
        assert_eq!(r.body["result"], stored);
    }
    let r = app
        .send(
            Method::PUT,
            &result(1),
            Some(&organiser),
            json!({ "result": "1/2-1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert!(
        r.body["message"].as_str().unwrap().contains("1/2-0"),
        "{}",
        r.body
    );
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await;
    let by_number: std::collections::BTreeMap<i64, f64> = r.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["start_number"].as_i64().unwrap(),
                p["points"].as_f64().unwrap(),
            )
        })
        .collect();
    let sn = |board: usize, side: &str| {
        round["boards"][board][side]["start_number"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(by_number[&sn(0, "white")], 0.5, "{}", r.body);
    assert_eq!(by_number[&sn(0, "black")], 0.0, "{}", r.body);
    assert_eq!(by_number[&sn(1, "white")], 0.0, "{}", r.body);
    assert_eq!(by_number[&sn(1, "black")], 0.5, "{}", r.body);
    // The next round pairs on those scores.
    app.pair_round(&organiser, &t).await;
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await
        .text;
    let copy = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(trf.clone())),
            Some("text/plain"),
        )
        .await;
    assert_eq!(copy.status, StatusCode::CREATED, "{copy:?}\n{trf}");
    let copy = copy.body["id"].as_str().unwrap().to_owned();
    let r = app
        .get(&format!("/api/v1/tournaments/{copy}/rounds/1"), None)
        .await;
    let results: Vec<&Value> = r.body["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| &b["result"])
        .collect();
    assert_eq!(
        results,
        [&json!("1/2-0"), &json!("0-1/2")],
        "{}\n{trf}",
        r.body
    );
}

async fn a_paste_of_players_is_all_or_none_and_names_every_bad_line(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Paste Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    let paste = format!("/api/v1/tournaments/{t}/players/paste");
    let r = app
        .post(
            &paste,
            Some(&organiser),
            json!({ "text": "Hou, Yifan, 2650, CHN\nNo Rating\n\nJu, Wenjun, 9999" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_lines");
    let lines: Vec<(i64, &str)> = r.body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["line"].as_i64().unwrap(), p["field"].as_str().unwrap()))
        .collect();
    assert_eq!(lines, [(2, "rating"), (4, "rating")]);
    let players = format!("/api/v1/tournaments/{t}/players");
    let r = app.get(&players, None).await;
    assert_eq!(r.body["players"], json!([]), "nothing was added");
    // Another organiser may not paste into this tournament.
    let other = app.organiser().await;
    let r = app
        .post(&paste, Some(&other), json!({ "text": "Intruder, 1500" }))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let text: String = EIGHT
        .iter()
        .map(|(name, rating)| format!("{name}, {rating}\n"))
        .collect();
    let r = app
        .post(&paste, Some(&organiser), json!({ "text": text }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let added = r.body["players"].as_array().unwrap();
    assert_eq!(added.len(), 8);
    assert_eq!(added[0]["name"], "Hou, Yifan");
    assert_eq!(added[0]["rating"], 2650);
    app.pair_round(&organiser, &t).await;
    // After round 1, a paste is a late entry joining round 2.
    let r = app
        .post(
            &paste,
            Some(&organiser),
            json!({ "text": "Late, Comer, 2000, FRA" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["players"][0]["joins_at"], 2);
    assert_eq!(r.body["players"][0]["federation"], "FRA");
    let r = app.get(&players, None).await;
    assert_eq!(r.body["players"].as_array().unwrap().len(), 9);
}

crate::both_databases!(
    a_paste_of_players_is_all_or_none_and_names_every_bad_line,
    a_game_both_players_lose_is_a_board_result_of_0_0,
    a_half_zero_result_scores_each_side_its_own_result_and_survives_the_trf,
    pairing_the_same_round_twice_at_once_pairs_it_once,
    a_round_robin_of_four_meets_everyone_once_and_ranks_them,
    exports_and_a_trf_import_round_trip,
    an_import_without_player_records_is_refused_and_stores_nothing,
    an_import_is_held_to_the_checks_of_json_create,
    an_organiser_creates_and_reads_a_tournament,
    the_older_fide_edition_is_taken_by_its_former_name_and_answered_by_its_new_one,
    players_get_start_numbers_and_can_be_corrected_and_withdrawn,
    a_swiss_round_one_pairs_top_half_against_bottom_half,
    an_odd_player_gets_the_pairing_allocated_bye,
    results_are_entered_corrected_and_audited,
    a_three_round_swiss_never_repeats_a_pairing,
    the_database_refuses_a_player_twice_in_one_round,
);
