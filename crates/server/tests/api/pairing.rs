//! Pairing options through the API: the initial colour (C.04.3 E.5, drawn
//! by lot with a stored seed when the organiser does not choose), forbidden
//! pairs (C.04.2) and acceleration (C.04.5), validated, shown, used by the
//! Dutch engine and kept through renumbering, export and import.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{FIELD, TestApp, boards};

const SIX: &[(&str, u16)] = FIELD.split_at(6).0;

async fn a_tournament_without_a_chosen_colour_draws_it_by_lot_and_keeps_the_seed(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Lots", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    let pairing = &r.body["pairing"];
    let seed = pairing["lot_seed"].as_u64().expect("the seed is stored");
    let drawn = if tournament::lots::SplitMix64::new(seed).below(2) == 0 {
        "white"
    } else {
        "black"
    };
    assert_eq!(pairing["initial_colour"], drawn, "{pairing}");
    assert_eq!(pairing["acceleration"], "none");

    // C.04.3 E.5: the top-ranked player of round 1 gets the drawn colour.
    app.players(&organiser, &t, SIX).await;
    let round = app.pair_round(&organiser, &t).await;
    let top_is_white = boards(&round).contains(&(1, 4));
    assert_eq!(top_is_white, drawn == "white", "{round}");
}

async fn forbidden_pairs_are_not_paired_and_follow_the_players_when_renumbered(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({
                "name": "Apart", "system": "swiss-dutch", "rounds": 3,
                "pairing": { "initial_colour": "white" }
            }),
        )
        .await;
    // Entered in reverse rating order: start numbers 1..6 now, 6..1 after
    // the FIDE renumbering at round 1 (C.04.2 A.2).
    let mut reversed = SIX.to_vec();
    reversed.reverse();
    app.players(&organiser, &t, &reversed).await;
    // Ding (now 6) and Wang (now 3) must not meet: without the restriction
    // round 1 pairs 1-4 (Ding-Wang after renumbering).
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/tournaments/{t}"),
            Some(&organiser),
            json!({ "pairing": { "forbidden_pairs": [{ "players": [6, 3] }] } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let round = app.pair_round(&organiser, &t).await;
    let b = boards(&round);
    assert!(!b.contains(&(1, 4)) && !b.contains(&(4, 1)), "{b:?}");
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(
        r.body["pairing"]["forbidden_pairs"][0]["players"],
        json!([1, 4]),
        "renumbered with the players: {}",
        r.body
    );
    // The TRF export carries it (XXP), and so does a re-import.
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    let text = trf.text;
    assert!(text.lines().any(|l| l.trim_end() == "XXP 1 4"), "{text}");
}

async fn pairing_options_are_validated_and_locked_once_round_one_is_paired(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Locked", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    app.players(&organiser, &t, SIX).await;
    let patch = |body: Value| {
        let app = &app;
        let organiser = organiser.clone();
        let t = t.clone();
        async move {
            app.send(
                Method::PATCH,
                &format!("/api/v1/tournaments/{t}"),
                Some(&organiser),
                body,
            )
            .await
        }
    };
    let r = patch(json!({ "pairing": { "forbidden_pairs": [{ "players": [1, 9] }] } })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "pairing.forbidden_pairs[0].players");
    let r = patch(json!({ "pairing": { "initial_colour": "red" } })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let r = patch(json!({ "pairing": { "acceleration": "explicit",
        "accelerations": [{ "start_number": 1, "points": [1, 1, 1, 1, 1, 1] }] } }))
    .await;
    assert_eq!(
        r.status,
        StatusCode::BAD_REQUEST,
        "more rounds than planned: {r:?}"
    );
    let r =
        patch(json!({ "pairing": { "acceleration": "baku", "initial_colour": "black" } })).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["pairing"]["acceleration"], "baku");
    assert_eq!(r.body["pairing"]["initial_colour"], "black");
    assert!(
        r.body["pairing"].get("lot_seed").is_none(),
        "chosen, not drawn"
    );
    app.pair_round(&organiser, &t).await;
    // The event's page prints the acceleration's rules (VCL4THP.13 Q108):
    // Baku with 6 players and 5 rounds adds 1, 1 and ½ to the upper three.
    let page = app.get(&format!("/t/{t}?lang=en"), None).await;
    assert!(
        page.text.contains("Baku acceleration (C.04.5)"),
        "{}",
        page.text
    );
    let table = page
        .text
        .split("<table class=\"acceleration\">")
        .nth(1)
        .and_then(|rest| rest.split("</table>").next())
        .expect("the acceleration table");
    assert_eq!(table.matches("<tr>").count(), 4, "{table}");
    assert!(table.contains("R3") && !table.contains("R4"), "{table}");
    let r = patch(json!({ "pairing": { "initial_colour": "white" } })).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "round_paired");
    let r = patch(json!({ "pairing": { "acceleration": "none" } })).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    // In FIDE mode forbidden pairs are locked once round 1 is paired
    // (VCL4THP.13 Q196; outside it they change with a level 3 warning:
    // `fide_mode.rs`).
    let r = patch(
        json!({ "pairing": { "forbidden_pairs": [{ "players": [1, 2],
        "first_round": 2, "last_round": 5 }] } }),
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "locked_in_fide_mode", "{r:?}");
}

crate::both_databases!(
    a_tournament_without_a_chosen_colour_draws_it_by_lot_and_keeps_the_seed,
    forbidden_pairs_are_not_paired_and_follow_the_players_when_renumbered,
    pairing_options_are_validated_and_locked_once_round_one_is_paired,
);
