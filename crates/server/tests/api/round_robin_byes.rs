//! The round a round robin's player (or team) sits out: the Berger table
//! pairs him with the dummy, and he scores nothing for it (C.05 Annex 1;
//! C.07 counts only forfeits as a round robin's unplayed rounds).

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::harness::{TestApp, boards};

const FIVE: &[(&str, u16)] = &[
    ("Hou, Yifan", 2650),
    ("Ju, Wenjun", 2560),
    ("Tan, Zhongyi", 2520),
    ("Lei, Tingjie", 2540),
    ("Zhu, Jiner", 2460),
];

fn points_of(standings: &Value, start_number: i64) -> f64 {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["start_number"] == start_number)
        .unwrap_or_else(|| panic!("no {start_number} in {standings}"))["points"]
        .as_f64()
        .unwrap()
}

/// Five players: each sits out one round, scoring nothing for it; the
/// points add up to the games played, and the TRF writes the round as
/// `0000 - -`.
async fn a_round_robin_player_who_sits_out_a_round_scores_nothing_for_it(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club RR", "system": "round-robin", "tiebreaks": ["SB", "WIN"] }),
        )
        .await;
    app.players(&organiser, &t, FIVE).await;
    let mut sat_out = Vec::new();
    for n in 1..=5 {
        let round = app.pair_round(&organiser, &t).await;
        assert_eq!(boards(&round).len(), 2, "round {n}: {round}");
        let byes = round["byes"].as_array().unwrap();
        assert_eq!(byes.len(), 1, "round {n}: {round}");
        assert_eq!(byes[0]["kind"], "absent", "round {n}: {round}");
        sat_out.push(byes[0]["player"]["start_number"].as_i64().unwrap());
        // The lower start number always wins.
        app.finish_round(
            &organiser,
            &t,
            &round,
            |_, w, b| {
                if w < b { "1-0" } else { "0-1" }
            },
        )
        .await;
        if n == 1 {
            let standings = app
                .get(&format!("/api/v1/tournaments/{t}/standings"), None)
                .await
                .body;
            assert_eq!(
                points_of(&standings, sat_out[0]),
                0.0,
                "no point for the round sat out: {standings}"
            );
        }
    }
    sat_out.sort_unstable();
    assert_eq!(sat_out, [1, 2, 3, 4, 5], "everyone sits out once");

    let standings = app
        .get(&format!("/api/v1/tournaments/{t}/standings"), None)
        .await
        .body;
    let total: f64 = (1..=5).map(|sn| points_of(&standings, sn)).sum();
    assert_eq!(total, 10.0, "ten games, a point each: {standings}");
    assert_eq!(points_of(&standings, 1), 4.0, "{standings}");
    let first = &standings["standings"][0];
    assert_eq!(first["tiebreaks"]["WIN"], 4.0, "{first}");

    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await
        .text;
    let line = trf
        .lines()
        .find(|l| l.starts_with("001    1"))
        .unwrap_or_else(|| panic!("no player 1 in {trf}"));
    assert!(line.contains("0000 - -"), "{line}");
    assert!(line.contains(" 4.0 "), "four points: {line}");

    for (lang, words) in [("en", "no game this round"), ("zh", "本轮无对局")] {
        let page = app.get(&format!("/t/{t}/rounds/1?lang={lang}"), None).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.text.contains(words), "{lang}: {}", page.text);
        assert!(
            !page.text.contains("pairing-allocated bye") && !page.text.contains("编排轮空"),
            "{lang}"
        );
    }
}

/// Three teams, no number of rounds set: the event plays its schedule's
/// three, the team the table gives the dummy sits the round out with no
/// match and no points, and line-ups stop at the last round.
async fn a_team_round_robin_s_team_out_sits_the_round_out_scoring_nothing(app: TestApp) {
    let (id, org) = crate::teams::team_event(
        &app,
        json!({ "name": "Three Clubs", "system": "round-robin", "teams": { "boards": 4 } }),
        &crate::teams::SIXTEEN[..12],
    )
    .await;
    for (t, name) in (1..=3).zip(["A", "B", "C"]) {
        let roster: Vec<i64> = (4 * t - 3..=4 * t).collect();
        crate::teams::team(&app, &org, &id, json!({ "name": name, "roster": roster })).await;
    }
    let round = app.pair_round(&org, &id).await;
    app.finish_round(&org, &id, &round, |_, _, _| "1/2-1/2")
        .await;
    let t = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(t.body["rounds"], 3, "three teams play three rounds: {t:?}");

    let list = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1/matches"), None)
        .await
        .body;
    let bye = list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["bye"].is_string())
        .cloned()
        .unwrap_or_else(|| panic!("a team sits out: {list}"));
    assert_eq!(bye["bye"], "zero", "{bye}");
    assert_eq!(bye["first_game_points"], 0.0, "{bye}");
    let standings = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await
        .body;
    let row = standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["team"] == bye["first"]["number"])
        .cloned()
        .unwrap();
    assert_eq!(row["match_points"], 0.0, "{row}");
    assert_eq!(row["game_points"], 0.0, "{row}");

    let lineup = app
        .send(
            axum::http::Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/4/lineups/1"),
            Some(&org),
            json!({ "players": [1, 2, 3, 4] }),
        )
        .await;
    assert_eq!(lineup.status, StatusCode::NOT_FOUND, "{lineup:?}");
    let home = app.get(&format!("/t/{id}?lang=en"), None).await;
    assert!(
        !home.text.contains("id=\"team-bye\""),
        "a round robin has no pairing-allocated bye to describe"
    );
}

crate::both_databases!(
    a_round_robin_player_who_sits_out_a_round_scores_nothing_for_it,
    a_team_round_robin_s_team_out_sits_the_round_out_scoring_nothing,
);
