//! FIDE mode and the warning protocol (issue 34 items 1–3, 5, 8; FIDE's
//! endorsement checklist VCL4THP.13): a chess event starts in FIDE mode;
//! leaving it needs two confirmations and is final; once play has started
//! the number of rounds and the tie-breaks change only when confirmed twice,
//! the point system and the forbidden pairs are locked in FIDE mode and
//! confirmed once outside it; an imported round that breaks the pairing
//! rules is imported only when confirmed; and each of these reaches the
//! exported TRF as a `###` line.

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{Response, TestApp};

/// `PATCH /tournaments/{t}` with `body`, and the `Arbiter-Confirm` header
/// when `confirmation` is given.
async fn patch(
    app: &TestApp,
    token: &str,
    t: &str,
    body: &Value,
    confirmation: Option<&str>,
) -> Response {
    let path = format!("/api/v1/tournaments/{t}");
    app.send_confirming(Method::PATCH, &path, token, Some(body), confirmation)
        .await
}

/// Sends `body` and confirms every warning, asserting the level asked
/// (the number of confirmations: 2 for level 4) and the warning codes;
/// returns the final answer.
async fn patch_confirmed(
    app: &TestApp,
    token: &str,
    t: &str,
    body: &Value,
    level: u64,
    codes: &[&str],
) -> Response {
    let mut r = patch(app, token, t, body, None).await;
    let steps = if level == 4 { 2 } else { 1 };
    for step in 1..=steps {
        assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
        assert_eq!(r.body["error"], "confirmation_required", "{r:?}");
        assert_eq!(r.body["level"], level, "{r:?}");
        assert_eq!(r.body["step"], step, "{r:?}");
        assert_eq!(r.body["steps"], steps, "{r:?}");
        let found: Vec<&str> = r.body["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["code"].as_str().unwrap())
            .collect();
        for code in codes {
            assert!(found.contains(code), "{code} missing in {r:?}");
        }
        let confirmation = r.body["confirmation"].as_str().unwrap().to_owned();
        r = patch(app, token, t, body, Some(&confirmation)).await;
    }
    r
}

async fn trf(app: &TestApp, t: &str) -> String {
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.text
}

/// Q40, Q43–Q45: a chess event is in FIDE mode from its creation (a
/// Xiangqi event never is); leaving it is a level 4 warning — two
/// confirmations, the second different from the first — audited with the
/// warning it overrode, logged in the TRF, and final.
async fn a_chess_event_starts_in_fide_mode_and_leaving_it_needs_two_confirmations_and_is_final(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["fide_mode"], true, "{r:?}");
    let xq = app
        .tournament(
            &organiser,
            json!({ "name": "象棋", "system": "round-robin", "game": "xiangqi" }),
        )
        .await;
    let r = app.get(&format!("/api/v1/tournaments/{xq}"), None).await;
    assert_eq!(r.body["fide_mode"], false, "{r:?}");
    let r = patch(&app, &organiser, &xq, &json!({ "fide_mode": true }), None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");

    let leave = json!({ "fide_mode": false });
    let first = patch(&app, &organiser, &t, &leave, None).await;
    assert_eq!(first.status, StatusCode::CONFLICT, "{first:?}");
    assert_eq!(first.body["warnings"][0]["code"], "leave_fide_mode");
    assert_eq!(first.body["warnings"][0]["level"], 4);
    // A confirmation someone made up confirms nothing.
    let r = patch(&app, &organiser, &t, &leave, Some("0123456789abcdef")).await;
    assert_eq!(r.body["step"], 1, "{r:?}");
    let token1 = first.body["confirmation"].as_str().unwrap();
    let second = patch(&app, &organiser, &t, &leave, Some(token1)).await;
    assert_eq!(second.status, StatusCode::CONFLICT, "{second:?}");
    assert_eq!(second.body["step"], 2, "{second:?}");
    assert_ne!(second.body["confirmation"], first.body["confirmation"]);
    // Still in FIDE mode until the second confirmation.
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["fide_mode"], true, "{r:?}");
    let token2 = second.body["confirmation"].as_str().unwrap();
    let r = patch(&app, &organiser, &t, &leave, Some(token2)).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["fide_mode"], false, "{r:?}");

    let audit = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&organiser))
        .await;
    assert!(
        audit.text.contains("leave_fide_mode") && audit.text.contains("warnings_overridden"),
        "{}",
        audit.text
    );
    assert!(
        trf(&app, &t)
            .await
            .contains("\n### FIDE mode left @ Round 0: the arbiter left FIDE mode\n")
    );
    // TRF16 has no comment lines: its export carries no log.
    let r = app
        .get(
            &format!("/api/v1/tournaments/{t}/export/trf?edition=trf16"),
            None,
        )
        .await;
    assert!(!r.text.contains("###"), "{}", r.text);
    // Final: it cannot be re-entered.
    let r = patch(&app, &organiser, &t, &json!({ "fide_mode": true }), None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "fide_mode_final", "{r:?}");
    assert_eq!(r.body["where"], "fide_mode", "{r:?}");
}

/// Q57–Q59, Q201–Q202: once play has started, the number of rounds and the
/// tie-break list change only after two confirmations, never below the
/// rounds paired; a confirmation holds for the state it was given in only;
/// each change is a `### Configuration @ Round n` line with the old values.
async fn once_play_has_started_rounds_and_tiebreaks_change_only_when_confirmed_twice(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 6, 3).await;
    // Before round 1: no warning.
    let r = patch(&app, &organiser, &t, &json!({ "rounds": 4 }), None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let one = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &one, |_, _, _| "1-0")
        .await;
    app.pair_round(&organiser, &t).await;

    let r = patch(&app, &organiser, &t, &json!({ "rounds": 1 }), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "rounds", "{r:?}");

    let five = json!({ "rounds": 5 });
    let first = patch(&app, &organiser, &t, &five, None).await;
    assert_eq!(first.body["level"], 4, "{first:?}");
    assert_eq!(
        first.body["warnings"][0]["code"], "rounds_changed",
        "{first:?}"
    );
    // Another change in between: the confirmation no longer holds.
    let r = patch(&app, &organiser, &t, &json!({ "name": "Open 2026" }), None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let stale = first.body["confirmation"].as_str().unwrap();
    let r = patch(&app, &organiser, &t, &five, Some(stale)).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["step"], 1, "{r:?}");
    // Nor does it confirm a different change.
    let r = patch(&app, &organiser, &t, &json!({ "rounds": 6 }), Some(stale)).await;
    assert_eq!(r.body["step"], 1, "{r:?}");

    let r = patch_confirmed(&app, &organiser, &t, &five, 4, &["rounds_changed"]).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["rounds"], 5, "{r:?}");

    let old = r.body["tiebreaks"].clone();
    let old_text: Vec<&str> = old
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let list = json!({ "tiebreaks": ["SB", "BH"] });
    let r = patch_confirmed(&app, &organiser, &t, &list, 4, &["tiebreaks_changed"]).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["tiebreaks"], json!(["SB", "BH"]), "{r:?}");

    let text = trf(&app, &t).await;
    assert!(
        text.contains("### Configuration @ Round 2: number of rounds 4 -> 5\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "### Configuration @ Round 2: tie-breaks SB BH (old list: {})\n",
            old_text.join(" ")
        )),
        "{text}"
    );
}

/// Q75, Q85, Q196: in FIDE mode the point system and the forbidden pairs
/// are locked once round 1 is paired (free before); outside FIDE mode they
/// change after one confirmation, and a forbidden pair two players already
/// met in re-checks that round (Q60–Q61): its finding is a level 3 warning
/// and a `###` line.
async fn in_fide_mode_scoring_and_forbidden_pairs_are_locked_once_started_and_outside_it_they_warn(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let scoring = json!({ "scoring": { "win": 3, "draw": 1, "loss": 0 } });
    let r = patch(&app, &organiser, &t, &scoring, None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let one = app.pair_round(&organiser, &t).await;
    let (white, black) = crate::harness::boards(&one)[0];
    let forbid = json!({ "pairing": { "forbidden_pairs": [{ "players": [white, black] }] } });
    for body in [
        json!({ "scoring": { "win": 2, "draw": 1, "loss": 0 } }),
        forbid.clone(),
    ] {
        let r = patch(&app, &organiser, &t, &body, None).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
        assert_eq!(r.body["error"], "locked_in_fide_mode", "{r:?}");
    }
    let r = patch_confirmed(
        &app,
        &organiser,
        &t,
        &json!({ "fide_mode": false }),
        4,
        &["leave_fide_mode"],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = patch_confirmed(
        &app,
        &organiser,
        &t,
        &json!({ "scoring": { "win": 2, "draw": 1, "loss": 0 } }),
        3,
        &["scoring_changed"],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["scoring"]["win"], 2.0, "{r:?}");
    let r = patch_confirmed(
        &app,
        &organiser,
        &t,
        &forbid,
        3,
        &["forbidden_pairs_changed", "round_recheck_failed"],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let text = trf(&app, &t).await;
    assert!(
        text.contains(&format!(
            "### Configuration @ Round 1: {white} and {black} may not meet (forbidden pair)\n"
        )),
        "{text}"
    );
    assert!(
        text.contains("### FIDE mode left @ Round 1: the arbiter left FIDE mode\n"),
        "{text}"
    );
}

/// Q54–Q56: an imported file's rounds go through the checker; a round that
/// breaks the rules (here a rematch) is a level 3 warning naming it, the
/// file is imported only when confirmed, and the TRF then carries an
/// `### Import @ Round n` line; a clean file imports at once; an imported
/// tournament is in FIDE mode.
async fn an_imported_round_that_breaks_the_pairing_rules_is_imported_only_when_confirmed(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let one = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &one, |_, _, _| "1/2-1/2")
        .await;
    let clean = trf(&app, &t).await;
    let import = |body: String, confirmation: Option<String>| {
        let app = &app;
        let organiser = &organiser;
        async move {
            let headers: Vec<(&str, String)> = confirmation
                .map(|c| vec![("Arbiter-Confirm", c)])
                .unwrap_or_default();
            let headers: Vec<(&str, &str)> =
                headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
            app.request_with(
                Method::POST,
                "/api/v1/tournaments/import",
                Some(organiser),
                Some(Body::from(body)),
                Some("text/plain"),
                &headers,
            )
            .await
        }
    };
    let r = import(clean.clone(), None).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["fide_mode"], true, "{r:?}");

    // Round 2 repeats round 1 with the colours exchanged: every board a
    // rematch (C.04.3 C.1).
    let rematch: String = clean
        .lines()
        .map(|line| {
            if line.starts_with("001") {
                // Round 1's cell ends the line: `OOOO c r`.
                let line = line.trim_end();
                let cell: Vec<&str> = line.split_whitespace().rev().take(3).collect();
                let colour = if cell[1] == "w" { "b" } else { "w" };
                format!("{line}  {:>4} {colour} =\n", cell[2])
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    let r = import(rematch.clone(), None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["level"], 3, "{r:?}");
    let warning = &r.body["warnings"][0];
    assert_eq!(warning["code"], "import_round_breaks_rules", "{r:?}");
    assert!(
        warning["message"]
            .as_str()
            .unwrap()
            .contains("imported round 2 breaks the pairing rules"),
        "{r:?}"
    );
    let before = app.get("/api/v1/tournaments", None).await;
    let confirmation = r.body["confirmation"].as_str().unwrap().to_owned();
    // The confirmation of one file does not import another.
    let r2 = import(format!("{rematch}\n"), Some(confirmation.clone())).await;
    assert_eq!(r2.status, StatusCode::CONFLICT, "{r2:?}");
    let after = app.get("/api/v1/tournaments", None).await;
    assert_eq!(before.body, after.body, "nothing stored while unconfirmed");
    let r = import(rematch, Some(confirmation)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["rounds_paired"], 2, "{r:?}");
    let copy = r.body["id"].as_str().unwrap();
    let text = trf(&app, copy).await;
    assert!(text.contains("\n### Import @ Round 2: "), "{text}");
    assert!(text.contains("meet again"), "{text}");
}

/// Q174, Q178–Q179: a player's second half-point bye is a level 3 warning;
/// a full-point bye, which FIDE deprecates, is level 2 and a `### Bye`
/// line; a first half-point bye needs nothing.
async fn a_second_half_point_bye_is_confirmed_and_a_full_point_bye_acknowledged_and_logged(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 5).await;
    let players = app
        .get(&format!("/api/v1/tournaments/{t}/players"), None)
        .await;
    let pid = players.body["players"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let path = format!("/api/v1/tournaments/{t}/players/{pid}");
    let send = |body: Value, confirmation: Option<String>| {
        let app = &app;
        let organiser = &organiser;
        let path = path.clone();
        async move {
            app.send_confirming(
                Method::PATCH,
                &path,
                organiser,
                Some(&body),
                confirmation.as_deref(),
            )
            .await
        }
    };
    let r = send(json!({ "bye": { "round": 2, "kind": "half" } }), None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let second = json!({ "bye": { "round": 4, "kind": "half" } });
    let r = send(second.clone(), None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["level"], 3, "{r:?}");
    assert_eq!(
        r.body["warnings"][0]["code"], "second_half_point_bye",
        "{r:?}"
    );
    let c = r.body["confirmation"].as_str().map(str::to_owned);
    let r = send(second, c).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let full = json!({ "bye": { "round": 5, "kind": "full" } });
    let r = send(full.clone(), None).await;
    assert_eq!(r.body["level"], 2, "{r:?}");
    assert_eq!(
        r.body["warnings"][0]["code"], "full_point_bye_deprecated",
        "{r:?}"
    );
    let c = r.body["confirmation"].as_str().map(str::to_owned);
    let r = send(full, c).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["requested_byes"]["5"], "full", "{r:?}");
    let text = trf(&app, &t).await;
    assert!(
        text.contains("### Bye @ Round 5: full-point bye requested for "),
        "{text}"
    );
}

/// Q175–Q176: the event's regulations may bar a player from half-point
/// byes; one requested for them is refused (422, citing the question), and
/// so is barring a player who already has one requested.
async fn a_player_barred_from_half_point_byes_is_refused_one(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 5).await;
    let players = app
        .get(&format!("/api/v1/tournaments/{t}/players"), None)
        .await;
    let id = |i: usize| {
        players.body["players"][i]["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let path = |i: usize| format!("/api/v1/tournaments/{t}/players/{}", id(i));
    let r = app
        .send(
            Method::PATCH,
            &path(0),
            Some(&organiser),
            json!({ "no_half_point_byes": true }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["no_half_point_byes"], true, "{r:?}");
    let r = app
        .send(
            Method::PATCH,
            &path(0),
            Some(&organiser),
            json!({ "bye": { "round": 3, "kind": "half" } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "half_point_bye_barred", "{r:?}");
    assert_eq!(r.body["article"], "VCL4THP.13 Q176", "{r:?}");
    // A zero-point bye is still theirs to ask for; nothing else changed.
    let r = app
        .send(
            Method::PATCH,
            &path(0),
            Some(&organiser),
            json!({ "bye": { "round": 3, "kind": "zero" } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["requested_byes"], json!({ "3": "zero" }), "{r:?}");
    // Barring a player who has a half-point bye requested is refused.
    let r = app
        .send(
            Method::PATCH,
            &path(1),
            Some(&organiser),
            json!({ "bye": { "round": 4, "kind": "half" } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .send(
            Method::PATCH,
            &path(1),
            Some(&organiser),
            json!({ "no_half_point_byes": true }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/players"), None)
        .await;
    assert_eq!(
        r.body["players"][1]["no_half_point_byes"],
        Value::Null,
        "{r:?}"
    );
    assert_eq!(
        r.body["players"][1]["requested_byes"],
        json!({ "4": "half" })
    );
}

/// Q189–Q193: in FIDE mode only the last paired round's results change the
/// pairing data. A result of an earlier round, once entered, is corrected
/// for the rating report only — a level 3 warning, the pairings and the
/// standings unchanged, the rating report corrected, a `### Correction`
/// line in the TRF — and entering the old result again withdraws it.
async fn in_fide_mode_an_earlier_rounds_result_is_corrected_for_the_rating_report_only(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 5).await;
    let one = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &one, |_, _, _| "1-0")
        .await;
    let two = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &two, |_, _, _| "1/2-1/2")
        .await;
    let result = |round: u32| format!("/api/v1/tournaments/{t}/rounds/{round}/boards/1/result");
    // The last paired round is corrected as ever.
    let r = app
        .send(
            Method::PUT,
            &result(2),
            Some(&organiser),
            json!({ "result": "0-1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["result"], "0-1", "{r:?}");
    let standings = format!("/api/v1/tournaments/{t}/standings");
    let ratings = format!("/api/v1/tournaments/{t}/ratings");
    let standings_before = app.get(&standings, None).await.body;
    let ratings_before = app.get(&ratings, None).await.body;
    let correction = json!({ "result": "0-1" });
    let r = app
        .send_confirming(Method::PUT, &result(1), &organiser, Some(&correction), None)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["level"], 3, "{r:?}");
    assert_eq!(r.body["warnings"][0]["code"], "past_round_correction");
    let c = r.body["confirmation"].as_str().map(str::to_owned);
    let r = app
        .send_confirming(
            Method::PUT,
            &result(1),
            &organiser,
            Some(&correction),
            c.as_deref(),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["result"], "1-0", "the pairing data stay: {r:?}");
    assert_eq!(r.body["rating_result"], "0-1", "{r:?}");
    // The board's game recorded afterwards must agree with the correction.
    let game = app
        .get(&format!("/api/v1/tournaments/{t}/rounds/1"), None)
        .await
        .body["boards"][0]["game_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = app
        .event(&game, &organiser, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "result_paired_on", "{r:?}");
    let pgn = "[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    let r = app
        .request(
            Method::POST,
            &format!("/api/v1/games/{game}/pgn?force_players=true"),
            Some(&organiser),
            Some(Body::from(pgn)),
            Some("application/x-chess-pgn"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "result_paired_on", "{r:?}");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .contains("rating report"),
        "{r:?}"
    );
    // Audited with the warning the arbiter confirmed.
    let row = app
        .audit_row(&t, "result", "correct-for-rating")
        .await
        .expect("audited");
    assert_eq!(
        row["after"]["warnings_overridden"][0]["code"], "past_round_correction",
        "{row}"
    );
    assert_eq!(app.get(&standings, None).await.body, standings_before);
    let corrected = app.get(&ratings, None).await.body;
    assert_ne!(corrected["fide"], ratings_before["fide"]);
    let text = trf(&app, &t).await;
    assert!(
        text.contains(
            "### Correction @ Round 1: board 1: 0-1 for the rating report; the pairings keep 1-0"
        ),
        "{text}"
    );
    // The old result again: the correction is withdrawn, without a warning.
    let r = app
        .send(
            Method::PUT,
            &result(1),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body.get("rating_result"), None, "{r:?}");
    assert_eq!(app.get(&ratings, None).await.body, ratings_before);
}

/// Q210: an event whose dates span more than 30 days is flagged — a level 2
/// warning at creation and when a change of dates first makes it so — and
/// its console page says so, in both languages.
async fn an_event_over_30_days_is_flagged_when_created_or_lengthened(app: TestApp) {
    let organiser = app.organiser().await;
    let body = json!({
        "name": "Club league", "system": "swiss-dutch", "rounds": 9,
        "start_date": "2026-01-06", "end_date": "2026-03-03"
    });
    let post = |confirmation: Option<String>| {
        let app = &app;
        let organiser = &organiser;
        let body = body.clone();
        async move {
            app.send_confirming(
                Method::POST,
                "/api/v1/tournaments",
                organiser,
                Some(&body),
                confirmation.as_deref(),
            )
            .await
        }
    };
    let r = post(None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["level"], 2, "{r:?}");
    assert_eq!(r.body["warnings"][0]["code"], "event_over_30_days", "{r:?}");
    assert!(
        r.body["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("57 days"),
        "{r:?}"
    );
    let c = r.body["confirmation"].as_str().map(str::to_owned);
    let r = post(c).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let long = r.body["id"].as_str().unwrap().to_owned();
    for (lang, words) in [("en", "57 days"), ("zh", "历时 57 天")] {
        let page = app
            .get(&format!("/console/tournaments/{long}?lang={lang}"), None)
            .await;
        assert!(
            page.text.contains("id=\"long-event\"") && page.text.contains(words),
            "{lang}: {}",
            page.text
        );
    }
    // A short event lengthened past 30 days: flagged once.
    let t = app.swiss(&organiser, 4, 3).await;
    let dates = json!({ "start_date": "2026-05-01", "end_date": "2026-05-03" });
    let r = patch(&app, &organiser, &t, &dates, None).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let longer = json!({ "end_date": "2026-06-30" });
    let r = patch_confirmed(&app, &organiser, &t, &longer, 2, &["event_over_30_days"]).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = patch(
        &app,
        &organiser,
        &t,
        &json!({ "end_date": "2026-07-01" }),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "already over 30 days: {r:?}");
}

crate::both_databases!(
    an_event_over_30_days_is_flagged_when_created_or_lengthened,
    a_second_half_point_bye_is_confirmed_and_a_full_point_bye_acknowledged_and_logged,
    a_player_barred_from_half_point_byes_is_refused_one,
    in_fide_mode_an_earlier_rounds_result_is_corrected_for_the_rating_report_only,
    a_chess_event_starts_in_fide_mode_and_leaving_it_needs_two_confirmations_and_is_final,
    once_play_has_started_rounds_and_tiebreaks_change_only_when_confirmed_twice,
    in_fide_mode_scoring_and_forbidden_pairs_are_locked_once_started_and_outside_it_they_warn,
    an_imported_round_that_breaks_the_pairing_rules_is_imported_only_when_confirmed,
);
