//! Manual pairing (issue 34 item 4; VCL4THP.13 Q64–Q69): the arbiter opens
//! the last round's manual phase, pairs it by hand with the warnings the
//! checklist names (a repeat game level 3, both players of a board getting
//! the colour they do not expect level 2), and closes the phase, which
//! compares the round with the engine's pairing (level 3, `### MPA`).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{Response, TestApp, boards};

async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<&Value>,
    confirmation: Option<&str>,
) -> Response {
    app.send_confirming(method, path, token, body, confirmation)
        .await
}

/// Sends the request, expects `409 confirmation_required` at `level` with
/// exactly the warning `codes` (in any order, repeats counted), confirms,
/// and answers the final response.
async fn confirmed(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<&Value>,
    level: u64,
    codes: &[&str],
) -> Response {
    let r = send(app, method.clone(), path, token, body, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "confirmation_required", "{r:?}");
    assert_eq!(r.body["level"], level, "{r:?}");
    let mut found: Vec<&str> = r.body["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    found.sort_unstable();
    let mut want = codes.to_vec();
    want.sort_unstable();
    assert_eq!(found, want, "{r:?}");
    let confirmation = r.body["confirmation"].as_str().unwrap().to_owned();
    send(app, method, path, token, body, Some(&confirmation)).await
}

fn pairing(pairs: &[(i64, i64)]) -> Value {
    json!({ "boards": pairs.iter().map(|(w, b)| json!({ "white": w, "black": b })).collect::<Vec<_>>() })
}

/// Q64–Q69 through the API: open, a repeat game confirmed, colours both
/// players do not expect acknowledged, close with the engine's difference
/// confirmed and logged; the phase blocks results and the next round
/// while open.
async fn an_arbiter_pairs_a_round_by_hand_between_a_clear_start_and_end_with_the_checklists_warnings(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let base = format!("/api/v1/tournaments/{t}/rounds/2");
    let one = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &one, |_, _, _| "1-0")
        .await;
    let r1 = boards(&one);
    let two = app.pair_round(&organiser, &t).await;
    let engine = boards(&two);

    // No change outside the manual phase.
    let rematch = pairing(&[(r1[0].1, r1[0].0), (r1[1].1, r1[1].0)]);
    let r = send(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&rematch),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "manual_phase_closed", "{r:?}");
    // Round 1 is not the last round.
    let r = send(
        &app,
        Method::POST,
        &format!("/api/v1/tournaments/{t}/rounds/1/manual"),
        &organiser,
        None,
        None,
    )
    .await;
    assert_eq!(r.body["error"], "not_last_round", "{r:?}");

    let r = send(
        &app,
        Method::POST,
        &format!("{base}/manual"),
        &organiser,
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["manual_phase"], true, "{r:?}");
    // While it is open: no result in the round, no next round.
    let r = app
        .send(
            Method::PUT,
            &format!("{base}/boards/1/result"),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "manual_phase_open", "{r:?}");
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.body["error"], "manual_phase_open", "{r:?}");

    // Bad pairings: refused, naming the place.
    let r = send(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&pairing(&[(1, 99), (2, 3)])),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "boards[0].black", "{r:?}");
    let r = send(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&pairing(&[(1, 2), (2, 3)])),
        None,
    )
    .await;
    assert_eq!(r.body["where"], "boards[1].white", "{r:?}");
    let r = send(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&pairing(&[(1, 2)])),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "player_left_out", "{r:?}");

    // Round 1 again with the colours exchanged: two repeat games (level 3);
    // unconfirmed, nothing changes.
    let first = send(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&rematch),
        None,
    )
    .await;
    assert_eq!(first.body["level"], 3, "{first:?}");
    let r = app.get(&base, None).await;
    assert_eq!(boards(&r.body), engine, "unchanged until confirmed");
    let r = confirmed(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&rematch),
        3,
        &["repeat_game", "repeat_game"],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(
        boards(&r.body),
        vec![(r1[0].1, r1[0].0), (r1[1].1, r1[1].0)]
    );

    // Each round-1 White (expecting Black) White again against the other
    // board's round-1 Black (expecting White): level 2 on both boards.
    let opposite = pairing(&[(r1[0].0, r1[1].1), (r1[1].0, r1[0].1)]);
    let r = confirmed(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&opposite),
        2,
        &[
            "colours_opposite_to_expected",
            "colours_opposite_to_expected",
        ],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["manual_phase"], true, "{r:?}");

    // Closing compares with the engine: a difference to confirm, logged.
    let r = confirmed(
        &app,
        Method::DELETE,
        &format!("{base}/manual"),
        &organiser,
        None,
        3,
        &["differs_from_engine"],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["manual_phase"], false, "{r:?}");
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert!(
        trf.text.contains("\n### MPA @ Round 2: the rules pair it "),
        "{}",
        trf.text
    );
    let audit = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(&organiser))
        .await;
    for action in ["manual-open", "manual-pairing", "manual-close"] {
        assert!(audit.text.contains(action), "{action}: {}", audit.text);
    }
    // Closed: results go in again.
    let r = app
        .send(
            Method::PUT,
            &format!("{base}/boards/1/result"),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
}

/// A round paired by hand exactly as the engine pairs it closes without a
/// warning; un-pairing a round in its manual phase ends the phase.
async fn a_round_left_as_the_engine_paired_it_closes_at_once_and_unpairing_ends_the_phase(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 5, 3).await;
    let one = app.pair_round(&organiser, &t).await;
    let base = format!("/api/v1/tournaments/{t}/rounds/1");
    let r = send(
        &app,
        Method::POST,
        &format!("{base}/manual"),
        &organiser,
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let bye = one["byes"][0]["player"]["start_number"].as_i64().unwrap();
    let mut same = pairing(&boards(&one));
    same["pairing_allocated_bye"] = json!(bye);
    let r = send(
        &app,
        Method::PUT,
        &format!("{base}/pairings"),
        &organiser,
        Some(&same),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["byes"][0]["kind"], "pairing_allocated", "{r:?}");
    let r = send(
        &app,
        Method::DELETE,
        &format!("{base}/manual"),
        &organiser,
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["manual_phase"], false, "{r:?}");

    let r = send(
        &app,
        Method::POST,
        &format!("{base}/manual"),
        &organiser,
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .request(Method::DELETE, &base, Some(&organiser), None, None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    app.pair_round(&organiser, &t).await;
}

/// A late player (entered for round 3) paired by hand in round 2 joins at
/// round 2; the pairing-allocated bye goes where the arbiter puts it.
async fn a_late_player_paired_by_hand_joins_at_that_round(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 4).await;
    let one = app.pair_round(&organiser, &t).await;
    app.finish_round(&organiser, &t, &one, |_, _, _| "1/2-1/2")
        .await;
    let late = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&organiser),
            json!({ "name": "Late, Comer", "rating": 1500, "joins_at": 3 }),
        )
        .await;
    assert_eq!(late.status, StatusCode::CREATED, "{late:?}");
    let late_sn = late.body["start_number"].as_i64().unwrap();
    let two = app.pair_round(&organiser, &t).await;
    let r2 = boards(&two);
    assert_eq!(r2.len(), 2, "the late player is not in round 2 yet");
    let base = format!("/api/v1/tournaments/{t}/rounds/2");
    let r = send(
        &app,
        Method::POST,
        &format!("{base}/manual"),
        &organiser,
        None,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let mut body = pairing(&[(r2[0].0, late_sn), (r2[0].1, r2[1].0)]);
    body["pairing_allocated_bye"] = json!(r2[1].1);
    let path = format!("{base}/pairings");
    let mut r = send(&app, Method::PUT, &path, &organiser, Some(&body), None).await;
    for _ in 0..2 {
        if r.status != StatusCode::CONFLICT {
            break;
        }
        let c = r.body["confirmation"].as_str().unwrap().to_owned();
        r = send(&app, Method::PUT, &path, &organiser, Some(&body), Some(&c)).await;
    }
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(boards(&r.body)[0], (r2[0].0, late_sn), "{r:?}");
    assert_eq!(
        r.body["byes"][0]["player"]["start_number"], r2[1].1,
        "{r:?}"
    );
    let players = app
        .get(&format!("/api/v1/tournaments/{t}/players"), None)
        .await;
    let comer = players.body["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["start_number"] == late_sn)
        .unwrap()
        .clone();
    assert_eq!(comer["joins_at"], 2, "{comer}");
}

crate::both_databases!(
    a_late_player_paired_by_hand_joins_at_that_round,
    an_arbiter_pairs_a_round_by_hand_between_a_clear_start_and_end_with_the_checklists_warnings,
    a_round_left_as_the_engine_paired_it_closes_at_once_and_unpairing_ends_the_phase,
);
