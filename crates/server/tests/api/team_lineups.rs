//! Line-ups entered once the round is paired: captains name their boards
//! after the pairing is published, so `PUT …/rounds/{n}/lineups/{team}` on
//! the round just paired seats the team's match again — its boards, their
//! games and its empty seats' forfeits — until a board of it begins
//! (409 `match_started`); an earlier round's line-ups stand (409
//! `round_paired`).

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::team_rounds::matches;
use crate::teams::{SIXTEEN, team, team_event};

/// The start numbers on a match's boards, first team's then second's.
fn seats(m: &Value) -> Vec<(Option<i64>, Option<i64>)> {
    m["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["first"]["start_number"].as_i64(),
                b["second"]["start_number"].as_i64(),
            )
        })
        .collect()
}

async fn put_lineup(app: &TestApp, org: &str, id: &str, round: i64, players: Value) -> Value {
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/{round}/lineups/1"),
            Some(org),
            json!({ "players": players }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body
}

/// A two-board double round robin of Anchors (players 1–3, one a
/// reserve) and Bears (`bears`).
async fn two_clubs(app: &TestApp, players: &[(&str, u16)], bears: Value) -> (String, String) {
    let (id, org) = team_event(
        app,
        json!({ "name": "Two Clubs", "system": "double-round-robin", "teams": { "boards": 2 } }),
        players,
    )
    .await;
    team(
        app,
        &org,
        &id,
        json!({ "name": "Anchors", "roster": [1, 2, 3] }),
    )
    .await;
    team(app, &org, &id, json!({ "name": "Bears", "roster": bears })).await;
    (id, org)
}

async fn a_line_up_named_after_the_pairing_seats_the_match_again_until_it_begins(app: TestApp) {
    let (id, org) = two_clubs(&app, &SIXTEEN[..5], json!([4, 5])).await;
    app.pair_round(&org, &id).await;
    let before = matches(&app, &id, 1).await;
    assert_eq!(
        seats(&before[0])[1],
        (Some(2), Some(5)),
        "the roster's first two"
    );
    let old_game = before[0]["boards"][1]["game_id"]
        .as_str()
        .unwrap()
        .to_owned();

    // What was set on board 2 stays the board's.
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{id}/rounds/1/boards/2"),
            Some(&org),
            json!({ "mode": "scoresheet", "starts_at": "2027-01-02T10:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");

    // The captain names the reserve on board 2.
    let stored = put_lineup(&app, &org, &id, 1, json!([1, 3])).await;
    assert_eq!(stored["submitted"], true, "{stored}");
    let after = matches(&app, &id, 1).await;
    assert_eq!(seats(&after[0]), [(Some(1), Some(4)), (Some(3), Some(5))]);
    assert_eq!(
        after[0]["boards"][1]["first_colour"], before[0]["boards"][1]["first_colour"],
        "each board keeps its colours"
    );
    let r = app.get(&format!("/api/v1/games/{old_game}"), None).await;
    assert_eq!(
        r.status,
        StatusCode::NOT_FOUND,
        "the unplayed game went: {r:?}"
    );
    let round = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1"), None)
        .await
        .body;
    assert_eq!(round["boards"].as_array().unwrap().len(), 2, "{round}");
    assert!(round["byes"].as_array().unwrap().is_empty(), "{round}");
    let board2 = &round["boards"][1];
    assert_eq!(board2["mode"], "scoresheet", "{board2}");
    assert_eq!(board2["starts_at"], "2027-01-02T10:00:00.000Z", "{board2}");
    assert_eq!(round["boards"][0]["mode"], "live", "{round}");
    let audited = app.audit_rows(&id, "lineup", "update").await;
    let last = audited.last().expect("the line-up audited");
    assert_eq!(last["before"]["players"], json!([1, 2]), "{last}");
    assert_eq!(last["after"]["players"], json!([1, 3]), "{last}");
    assert_eq!(
        last["after"]["boards"].as_array().map(Vec::len),
        Some(2),
        "{last}"
    );

    // An empty seat: board 2 is Bears' by forfeit, and back again.
    put_lineup(&app, &org, &id, 1, json!([1, null])).await;
    let last = app.audit_rows(&id, "lineup", "update").await.pop().unwrap();
    assert_eq!(
        last["after"]["byes"][0]["player"]["start_number"], 5,
        "{last}"
    );
    let m = &matches(&app, &id, 1).await[0];
    assert_eq!(seats(m)[1], (None, Some(5)), "{m}");
    assert_eq!(m["second_game_points"], 1.0, "the forfeit counts: {m}");
    let round = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1"), None)
        .await
        .body;
    assert_eq!(round["boards"].as_array().unwrap().len(), 1, "{round}");
    assert_eq!(round["byes"][0]["player"]["start_number"], 5, "{round}");
    // No player at all: the round has no board, and its page still shows
    // the match, each seat forfeited.
    put_lineup(&app, &org, &id, 1, json!([null, null])).await;
    let page = app.get(&format!("/t/{id}/rounds/1"), None).await;
    assert!(page.text.contains(r#"class="match-head""#), "{}", page.text);
    assert_eq!(page.text.matches(r#"class="empty-seat""#).count(), 2);
    put_lineup(&app, &org, &id, 1, json!([1, 3])).await;
    let m = &matches(&app, &id, 1).await[0];
    assert_eq!(seats(m)[1], (Some(3), Some(5)), "{m}");

    // Once a game of the match has started, its line-ups stand.
    let arbiter = app.token(&org, "arbiter", Some(&id)).await;
    let game = m["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let r = app
        .event(&game, &arbiter, 0, json!({ "type": "start" }))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/1/lineups/1"),
            Some(&org),
            json!({ "players": [1, 2] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "match_started", "{r:?}");
    assert_eq!(
        seats(&matches(&app, &id, 1).await[0])[1],
        (Some(3), Some(5))
    );

    // The round played and the next paired: round 1's line-ups stand.
    let r = app
        .event(
            &game,
            &arbiter,
            1,
            json!({ "type": "resign", "player": "white" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/1/boards/2/result"),
            Some(&org),
            json!({ "result": "1/2-1/2" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    app.pair_round(&org, &id).await;
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/1/lineups/1"),
            Some(&org),
            json!({ "players": [1, 2] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "round_paired", "{r:?}");
    // Round 2's match has not begun: it is seated again.
    put_lineup(&app, &org, &id, 2, json!([2, 3])).await;
    let m = &matches(&app, &id, 2).await[0];
    let anchors: Vec<Option<i64>> = seats(m)
        .into_iter()
        .map(|(first, second)| {
            if m["first"]["number"] == 1 {
                first
            } else {
                second
            }
        })
        .collect();
    assert_eq!(anchors, [Some(2), Some(3)], "{m}");
}

/// Line-ups sent at the same moment are entered one after another: each
/// answered, none lost to another, the match seated as the last one says.
async fn line_ups_sent_at_once_are_entered_one_after_another(app: TestApp) {
    let (id, org) = two_clubs(&app, &SIXTEEN[..6], json!([4, 5, 6])).await;
    for round in [2, 1] {
        if round == 1 {
            app.pair_round(&org, &id).await;
        }
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let (app, org, id) = (app.clone(), org.clone(), id.clone());
                let (team, players) = if i % 2 == 0 {
                    (1, json!([1, 3]))
                } else {
                    (2, json!([4, 6]))
                };
                tokio::spawn(async move {
                    app.send(
                        Method::PUT,
                        &format!("/api/v1/tournaments/{id}/rounds/{round}/lineups/{team}"),
                        Some(&org),
                        json!({ "players": players }),
                    )
                    .await
                })
            })
            .collect();
        for handle in handles {
            let r = handle.await.expect("the request ran");
            assert_eq!(r.status, StatusCode::OK, "round {round}: {r:?}");
        }
    }
    let m = &matches(&app, &id, 1).await[0];
    let mut seated: Vec<i64> = seats(m)
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .flatten()
        .collect();
    seated.sort_unstable();
    assert_eq!(seated, [1, 3, 4, 6], "{m}");
    let round = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1"), None)
        .await
        .body;
    assert_eq!(round["boards"].as_array().unwrap().len(), 2, "{round}");
}

crate::both_databases!(
    a_line_up_named_after_the_pairing_seats_the_match_again_until_it_begins,
    line_ups_sent_at_once_are_entered_one_after_another,
);
