//! TRF both ways through the API (VCL4THP.13 Q50–Q54): an individual event
//! exports as TRF16 or TRF-2026 and reads back as the same event; an import
//! reports every record it did not keep or apply; and the settings a TRF
//! carries — tie-breaks (C.07) and the point system — are refused when a
//! FIDE-endorsed program must not accept them.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{FIELD, TestApp};

async fn export(app: &TestApp, t: &str, query: &str) -> String {
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf{query}"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.text
}

async fn import(app: &TestApp, organiser: &str, trf: &str) -> Value {
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(organiser),
            Some(axum::body::Body::from(trf.to_owned())),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}\n{trf}");
    r.body
}

/// Two rounds of a Swiss of seven: wins, draws, a forfeit and the
/// pairing-allocated bye.
async fn two_rounds(app: &TestApp, organiser: &str) -> String {
    let t = app
        .tournament(
            organiser,
            json!({
                "name": "Exchange Open", "system": "swiss-dutch", "rounds": 5,
                "pairing": { "initial_colour": "white" },
                "place": "Suzhou", "federation": "CHN",
                "start_date": "2026-11-01", "end_date": "2026-11-05",
                "chief_arbiter": "Li, Ming"
            }),
        )
        .await;
    app.players(organiser, &t, FIELD).await;
    for _ in 0..2 {
        let round = app.pair_round(organiser, &t).await;
        app.finish_round(organiser, &t, &round, |board, _, _| match board {
            1 => "1-0",
            2 => "1/2-1/2",
            _ => "+-",
        })
        .await;
    }
    t
}

/// TRF-2026 (C.04 Annex, "TRF-2026"): an individual event exported, read
/// back and exported again is the same file, byte for byte.
async fn an_individual_event_round_trips_through_trf_2026_byte_for_byte(app: TestApp) {
    let organiser = app.organiser().await;
    let t = two_rounds(&app, &organiser).await;
    let first = export(&app, &t, "?edition=trf2026").await;
    assert!(
        first.lines().any(|l| l.starts_with("192 ")),
        "TRF-2026 names its system:\n{first}"
    );
    // The rank column (85–88) holds each player's place.
    let ranks: Vec<&str> = first
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| l.get(84..89).unwrap_or("").trim())
        .collect();
    assert!(
        ranks.iter().all(|r| !r.is_empty()),
        "ranks written:\n{first}"
    );
    let copy = import(&app, &organiser, &first).await;
    assert_eq!(copy["warnings"], json!([]), "our own file is read whole");
    assert_eq!(copy["rounds_paired"], 2);
    assert_eq!(copy["players"], 7);
    let copy = copy["id"].as_str().unwrap().to_owned();
    let second = export(&app, &copy, "?edition=trf2026").await;
    assert_eq!(first, second);
    // The standings of the copy are the original's.
    let standings = |t: String| {
        let app = &app;
        async move {
            app.get(&format!("/api/v1/tournaments/{t}/standings"), None)
                .await
                .body["standings"]
                .clone()
        }
    };
    let (a, b) = (standings(t.clone()).await, standings(copy).await);
    let key = |v: &Value| -> Vec<(Value, Value, Value)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| (r["name"].clone(), r["points"].clone(), r["place"].clone()))
            .collect()
    };
    assert_eq!(key(&a), key(&b));
}

/// TRF-2026 is the default; TRF16 (what older tools read) is asked for by
/// name and reads back as the same rounds; an edition nobody wrote is
/// refused.
async fn trf_2026_is_the_default_and_trf16_is_asked_for_by_name(app: TestApp) {
    let organiser = app.organiser().await;
    let t = two_rounds(&app, &organiser).await;
    let default = export(&app, &t, "").await;
    assert_eq!(default, export(&app, &t, "?edition=trf2026").await);
    let old = export(&app, &t, "?edition=trf16").await;
    assert!(!old.lines().any(|l| l.starts_with("192 ")), "{old}");
    let copy = import(&app, &organiser, &old).await;
    assert_eq!(copy["rounds_paired"], 2);
    let r = app
        .get(
            &format!("/api/v1/tournaments/{t}/export/trf?edition=trf99"),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_query");
}

/// VCL Q50: a record the server does not keep or apply is reported with
/// its line, never dropped silently; the import still goes through.
async fn an_import_names_every_record_it_did_not_keep(app: TestApp) {
    let organiser = app.organiser().await;
    let t = two_rounds(&app, &organiser).await;
    let trf = export(&app, &t, "?edition=trf2026").await;
    let mut lines: Vec<&str> = trf.lines().collect();
    lines.insert(1, "ZZZ a record no TRF edition defines");
    let text = lines.join("\n") + "\n";
    let copy = import(&app, &organiser, &text).await;
    let warnings = copy["warnings"].as_array().expect("a list");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0]["line"], 2);
    assert!(
        warnings[0]["message"].as_str().unwrap().contains("ZZZ"),
        "{warnings:?}"
    );
}

/// C.07 (2026) Art. 11: Buchholz, Fore Buchholz and the average of the
/// opponents' Buchholz are Swiss tie-breaks; a round robin refuses them,
/// naming the list position. An unknown modifier is refused likewise.
async fn a_round_robin_refuses_swiss_tie_breaks_naming_their_position(app: TestApp) {
    let organiser = app.organiser().await;
    let refused = |system: &'static str, list: Value| {
        let app = &app;
        let organiser = organiser.clone();
        async move {
            app.post(
                "/api/v1/tournaments",
                Some(&organiser),
                json!({ "name": "Berger", "system": system, "rounds": 5, "tiebreaks": list }),
            )
            .await
        }
    };
    let r = refused("round-robin", json!(["DE", "SB", "BH/C1"])).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "tiebreaks[2]", "{r:?}");
    let r = refused("double-round-robin", json!(["FB"])).await;
    assert_eq!(r.body["where"], "tiebreaks[0]", "{r:?}");
    let r = refused("swiss-dutch", json!(["BH/C1", "SB/Q"])).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "tiebreaks[1]", "{r:?}");
    // The same list is a Swiss's to use.
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Swiss", "system": "swiss-dutch", "rounds": 5, "tiebreaks": ["BH/C1", "FB", "AOB"] }),
        )
        .await;
    // And a round robin may not take it by a later change either.
    let rr = app
        .tournament(&organiser, json!({ "name": "RR", "system": "round-robin" }))
        .await;
    let before = app
        .get(&format!("/api/v1/tournaments/{rr}"), None)
        .await
        .body;
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{rr}"),
            Some(&organiser),
            json!({ "tiebreaks": ["SB", "AOB"] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "tiebreaks[1]", "{r:?}");
    let after = app
        .get(&format!("/api/v1/tournaments/{rr}"), None)
        .await
        .body;
    assert_eq!(
        before["tiebreaks"], after["tiebreaks"],
        "nothing was stored"
    );
    let _ = t;
}

/// VCL Q74, Q81, Q83: a point system in which two draws beat a win and a
/// loss, or a bye is worth more than a win or a value no game gives, is
/// refused, naming the field; the stored system is untouched.
async fn a_point_system_that_rewards_the_wrong_thing_is_refused(app: TestApp) {
    let organiser = app.organiser().await;
    for (scoring, field) in [
        (json!({ "win": 1, "draw": 0.6, "loss": 0 }), "scoring.draw"),
        (
            json!({ "win": 1, "draw": 0.5, "loss": 0, "pairing_allocated_bye": 1.5 }),
            "scoring.pairing_allocated_bye",
        ),
        (
            json!({ "win": 1, "draw": 0.5, "loss": 0, "pairing_allocated_bye": 0.7 }),
            "scoring.pairing_allocated_bye",
        ),
        (
            json!({ "win": 1, "draw": 0.5, "loss": 0, "forfeit_loss": 0.5 }),
            "scoring.forfeit_loss",
        ),
        (json!({ "win": 0, "draw": 0, "loss": 0 }), "scoring.win"),
    ] {
        let r = app
            .post(
                "/api/v1/tournaments",
                Some(&organiser),
                json!({ "name": "Points", "system": "swiss-dutch", "rounds": 5, "scoring": scoring }),
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{scoring}: {r:?}"
        );
        assert_eq!(r.body["error"], "inconsistent_scoring", "{r:?}");
        assert_eq!(r.body["where"], field, "{scoring}: {r:?}");
    }
    // Football scoring (3-1-0) and a half-point PAB are consistent.
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Three", "system": "swiss-dutch", "rounds": 5,
                    "scoring": { "win": 3, "draw": 1, "loss": 0, "pairing_allocated_bye": 1 } }),
        )
        .await;
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&organiser),
            json!({ "scoring": { "win": 3, "draw": 2, "loss": 0 } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    let stored = app
        .get(&format!("/api/v1/tournaments/{t}"), None)
        .await
        .body;
    assert_eq!(stored["scoring"]["draw"], 1.0, "{stored}");
}

/// A file that does not say its initial colour (no `XXC white1`, no `152`)
/// but holds round 1 is continued with the colour round 1 gave its first
/// player (C.04.3 A.6, 5.2), not with one drawn by lot; a control
/// character in a line is refused at its line and column.
async fn an_imported_event_keeps_the_initial_colour_its_round_one_shows(app: TestApp) {
    let organiser = app.organiser().await;
    for (first, second, colour) in [("b 1", "w 0", "black"), ("w 1", "b 0", "white")] {
        let trf = format!(
            "012 Colours Open\nXXR 3\n\
             001    1 m    Alpha                             2000 ESP     1000001 1990/01/01  1.0    1     2 {first}\n\
             001    2 m    Bravo                             1900 ESP     1000002 1991/01/01  0.0    2     1 {second}\n"
        );
        let t = import(&app, &organiser, &trf).await;
        let id = t["id"].as_str().unwrap();
        let r = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(r.body["pairing"]["initial_colour"], colour, "{r:?}");
    }
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from("012 Nul\u{0} Open\nXXR 3\n")),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_trf");
    assert_eq!(r.body["where"], "line 1 column 8");
}

/// TRF has no field for a withdrawal: a withdrawn player's later rounds
/// are blank. Read back, such a player — absent to the last round after
/// playing before, with no bye asked for the next — is withdrawn from the
/// first round he missed, named by a warning, and not paired again.
async fn a_player_withdrawn_before_the_export_is_not_paired_after_the_import(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Withdrawals", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    app.players(&organiser, &t, FIELD).await;
    let round = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &round, |_, _, _| "1-0")
        .await;
    let five = app.player(&t, 5).await["id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}/players/{five}"),
            Some(&organiser),
            json!({ "withdraw": true }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    for _ in 0..2 {
        let round = app.pair_round(&organiser, &t).await;
        app.finish_round(&organiser, &t, &round, |_, _, _| "1/2-1/2")
            .await;
    }
    let trf = export(&app, &t, "?edition=trf2026").await;
    let copy = import(&app, &organiser, &trf).await;
    let warnings = copy["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]["message"]
            .as_str()
            .unwrap()
            .contains("withdrawn from round 2"),
        "{warnings:?}"
    );
    let id = copy["id"].as_str().unwrap();
    let five = app.player(id, 5).await;
    assert_eq!(five["withdrawn_from"], 2, "{five}");
    let round = app.pair_round(&organiser, id).await;
    let paired: Vec<i64> = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| {
            [
                b["white"]["start_number"].as_i64(),
                b["black"]["start_number"].as_i64(),
            ]
        })
        .flatten()
        .chain(
            round["byes"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|b| b["player"]["start_number"].as_i64()),
        )
        .collect();
    assert!(!paired.contains(&5), "{round}");
    assert_eq!(paired.len(), FIELD.len() - 1, "{round}");
}

/// VCL4THP.13 Q50: an event detail the server does not keep — the deputy
/// arbiter (`112`), the time control as written (`122`), the round dates
/// (`132`) — is named by a warning on its line, never dropped silently.
async fn event_details_the_server_does_not_keep_are_named(app: TestApp) {
    let organiser = app.organiser().await;
    let trf = "012 Details Open\n022 Zaragoza\n102 IA Example Chief\n\
        112 FA Example Deputy\n122 90'+30\"\n\
        132                                                                                        26/04/01  26/04/02\n\
        XXR 3\n\
        001    1 m    Alpha                             2000 ESP     1000001 1990/01/01  1.0    1     2 w 1\n\
        001    2 m    Bravo                             1900 ESP     1000002 1991/01/01  0.0    2     1 b 0\n";
    let copy = import(&app, &organiser, trf).await;
    let warnings = copy["warnings"].as_array().unwrap();
    for (line, tag) in [(4, "112"), (5, "122"), (6, "132")] {
        assert!(
            warnings.iter().any(|w| w["line"] == line
                && w["message"]
                    .as_str()
                    .unwrap()
                    .contains(&format!("record {tag}"))),
            "{tag}: {warnings:?}"
        );
    }
    assert!(
        !warnings.iter().any(|w| w["line"] == 2 || w["line"] == 3),
        "the place and the chief arbiter are kept: {warnings:?}"
    );
}

/// The time control as this server writes it (`122`, a PGN TimeControl)
/// comes back with the event: kept, and written again.
async fn a_time_control_the_server_wrote_is_kept_on_import(app: TestApp) {
    let organiser = app.organiser().await;
    let trf = "012 Timed Open\n122 5400+30\nXXR 3\n\
        001    1 m    Alpha                             2000 ESP     1000001 1990/01/01  1.0    1     2 w 1\n\
        001    2 m    Bravo                             1900 ESP     1000002 1991/01/01  0.0    2     1 b 0\n";
    let copy = import(&app, &organiser, trf).await;
    let warnings = copy["warnings"].as_array().unwrap();
    assert!(!warnings.iter().any(|w| w["line"] == 2), "{warnings:?}");
    let id = copy["id"].as_str().unwrap();
    let t = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(t.body["time_control"], "5400+30", "{t:?}");
    let text = export(&app, id, "").await;
    assert!(text.lines().any(|l| l == "122 5400+30"), "{text}");
}

/// A game that counts for the event but not for rating (TRF `W`, `D`, `L`:
/// it lasted less than a move) is marked `unrated` on its board, in the
/// round and in the JSON scoring table, and exported as it came.
async fn an_unrated_game_is_marked_on_its_board_and_in_the_exports(app: TestApp) {
    let organiser = app.organiser().await;
    let trf = "012 Short Open\nXXR 3\n\
        001    1 m    Alpha                             2000 ESP     1000001 1990/01/01  1.0    1     2 w W\n\
        001    2 m    Bravo                             1900 ESP     1000002 1991/01/01  0.0    2     1 b L\n";
    let t = import(&app, &organiser, trf).await;
    let id = t["id"].as_str().unwrap();
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1"), None)
        .await;
    assert_eq!(r.body["boards"][0]["unrated"], true, "{r:?}");
    assert_eq!(r.body["boards"][0]["result"], "1-0", "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/export/json"), None)
        .await;
    assert_eq!(r.body["rounds"][0]["boards"][0]["unrated"], true, "{r:?}");
    let text = export(&app, id, "").await;
    assert!(text.contains("2 w W") && text.contains("1 b L"), "{text}");
    // A rated game says nothing of it.
    let t = two_rounds(&app, &organiser).await;
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await;
    assert!(r.body["boards"][0].get("unrated").is_none(), "{r:?}");
}

/// A file from a Chinese Windows program (Swiss-Manager writes the system's
/// code page, GBK, its columns padded by bytes) is imported with its
/// Chinese names, and each player's rating and FIDE id in place.
async fn a_gbk_file_from_a_chinese_windows_program_is_imported(app: TestApp) {
    let organiser = app.organiser().await;
    // 王小明 and 欧阳小红 take 6 and 8 bytes in GBK: the name column keeps
    // 33 bytes.
    let trf = "012 全国公开赛\nXXR 3\n\
        001    1 m    王小明                            2000 CHN     8600001 1990/01/01  1.0    1     2 w 1\n\
        001    2 w    欧阳小红                          1900 CHN     8600002 1991/01/01  0.0    2     1 b 0\n";
    let bytes = encoding_rs::GB18030.encode(trf).0.into_owned();
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(bytes)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let id = r.body["id"].as_str().unwrap();
    assert_eq!(r.body["name"], "全国公开赛", "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/players"), None)
        .await;
    let players: Vec<(String, i64, i64)> = r.body["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_owned(),
                p["rating"].as_i64().unwrap(),
                p["fide_id"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        players,
        [
            ("王小明".to_owned(), 2000, 8_600_001),
            ("欧阳小红".to_owned(), 1900, 8_600_002)
        ]
    );
}

crate::both_databases!(
    a_time_control_the_server_wrote_is_kept_on_import,
    an_unrated_game_is_marked_on_its_board_and_in_the_exports,
    a_gbk_file_from_a_chinese_windows_program_is_imported,
    event_details_the_server_does_not_keep_are_named,
    a_player_withdrawn_before_the_export_is_not_paired_after_the_import,
    an_imported_event_keeps_the_initial_colour_its_round_one_shows,
    an_individual_event_round_trips_through_trf_2026_byte_for_byte,
    trf_2026_is_the_default_and_trf16_is_asked_for_by_name,
    an_import_names_every_record_it_did_not_keep,
    a_round_robin_refuses_swiss_tie_breaks_naming_their_position,
    a_point_system_that_rewards_the_wrong_thing_is_refused,
);
