//! Team rounds end to end (issue 22): a team event paired by teams (Berger
//! tables, C.04.6), its matches and boards, team standings by game points
//! (china-national) or match points (FIDE), and the exports.

use std::collections::{BTreeMap, BTreeSet};

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;
use crate::teams::{SIXTEEN, team, team_event};

/// The team of a start number when team `t` has the players
/// `size * (t - 1) + 1 ..= size * t` (players registered by falling rating,
/// so round 1 keeps their numbers).
pub(crate) fn team_of(size: i64, sn: i64) -> i64 {
    (sn - 1) / size + 1
}

/// The result on the board for White, when White's team scores `points`.
pub(crate) fn for_white(points: f64) -> &'static str {
    if points == 1.0 {
        "1-0"
    } else if points == 0.5 {
        "1/2-1/2"
    } else {
        "0-1"
    }
}

/// The matches of a round.
pub(crate) async fn matches(app: &TestApp, id: &str, round: i64) -> Vec<Value> {
    let r = app
        .get(
            &format!("/api/v1/tournaments/{id}/rounds/{round}/matches"),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["round"], round);
    r.body["matches"].as_array().unwrap().clone()
}

/// Every match's boards alternate colours (the first-named team White on
/// board 1, Black on board 2, …), each board a game of the round numbered
/// `(match - 1) * boards + board`, the first seat from the first team.
fn assert_match_boards(matches: &[Value], boards: i64, size: i64) {
    for m in matches.iter().filter(|m| m["bye"].is_null()) {
        let number = m["number"].as_i64().unwrap();
        let list = m["boards"].as_array().unwrap();
        assert_eq!(list.len() as i64, boards, "{m}");
        for (i, b) in (1_i64..).zip(list) {
            let colour = if i % 2 == 1 { "white" } else { "black" };
            assert_eq!(b["first_colour"], colour, "colours alternate by board: {m}");
            assert_eq!(b["board"], i);
            assert_eq!(b["round_board"], (number - 1) * boards + i, "{m}");
            assert!(b["game_id"].is_string(), "every board has its game: {m}");
            let first = b["first"]["start_number"].as_i64().unwrap();
            let second = b["second"]["start_number"].as_i64().unwrap();
            assert_eq!(team_of(size, first), m["first"]["number"].as_i64().unwrap());
            assert_eq!(
                team_of(size, second),
                m["second"]["number"].as_i64().unwrap()
            );
        }
    }
}

/// Four teams of four, players 4t-3..4t in team t; names A–D.
pub(crate) async fn four_teams(app: &TestApp, body: Value) -> (String, String) {
    let (id, org) = team_event(app, body, SIXTEEN).await;
    for (t, name) in (1..=4).zip(["A", "B", "C", "D"]) {
        let roster: Vec<i64> = (4 * t - 3..=4 * t).collect();
        team(app, &org, &id, json!({ "name": name, "roster": roster })).await;
    }
    (id, org)
}

/// Team points board by board of the lower-numbered team against the
/// higher: A beats everybody 2½–1½, B beats C and D 4–0, C beats D 3–1.
/// Match points: A 6, B 4, C 2, D 0; game points: B 9½, A 7½, C 4½, D 2½.
fn league_points(low: i64, high: i64) -> [f64; 4] {
    match (low, high) {
        (1, _) => [1.0, 1.0, 0.5, 0.0],
        (2, _) => [1.0; 4],
        (3, 4) => [1.0, 1.0, 1.0, 0.0],
        other => panic!("no such pairing {other:?}"),
    }
}

async fn a_team_round_robin_under_the_national_variation_is_ranked_by_game_points(app: TestApp) {
    let (id, org) = four_teams(
        &app,
        json!({
            "name": "City Team League", "system": "round-robin", "rounds": 3,
            "regulations": "china-national", "teams": { "boards": 4 }
        }),
    )
    .await;
    let mut met = BTreeSet::new();
    for round in 1..=3 {
        let r = app.pair_round(&org, &id).await;
        assert_eq!(r["boards"].as_array().unwrap().len(), 8, "{r}");
        let list = matches(&app, &id, round).await;
        assert_eq!(list.len(), 2, "four teams, two matches: {list:?}");
        assert_match_boards(&list, 4, 4);
        for m in &list {
            let (a, b) = (
                m["first"]["number"].as_i64().unwrap(),
                m["second"]["number"].as_i64().unwrap(),
            );
            assert!(
                met.insert((a.min(b), a.max(b))),
                "Berger tables meet each pair once"
            );
            assert!(
                m["result"].is_null(),
                "no result before the boards have one"
            );
        }
        app.finish_round(&org, &id, &r, |board, white, black| {
            let (tw, tb) = (team_of(4, white), team_of(4, black));
            let i = ((board - 1) % 4) as usize;
            let low_points = league_points(tw.min(tb), tw.max(tb))[i];
            for_white(if tw < tb {
                low_points
            } else {
                1.0 - low_points
            })
        })
        .await;
    }
    assert_eq!(met.len(), 6, "every team met every other");
    // Round 1 (Berger: 1-4, 2-3): A 2½–1½ D, B 4–0 C.
    let list = matches(&app, &id, 1).await;
    let a = list
        .iter()
        .find(|m| m["first"]["number"] == 1 || m["second"]["number"] == 1)
        .unwrap();
    let a_first = a["first"]["number"] == 1;
    let (mine, theirs) = if a_first {
        ("first", "second")
    } else {
        ("second", "first")
    };
    assert_eq!(a[format!("{mine}_game_points")], 2.5, "{a}");
    assert_eq!(a[format!("{theirs}_game_points")], 1.5, "{a}");
    assert_eq!(a[format!("{mine}_match_points")], 2.0, "{a}");
    assert_eq!(a[format!("{theirs}_match_points")], 0.0, "{a}");
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let s = &r.body;
    assert_eq!(
        s["ranking"], "game_points",
        "national variation: game points only"
    );
    assert_eq!(s["rounds"], 3);
    let order: Vec<&str> = s["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        order,
        ["B", "A", "C", "D"],
        "B scored more game points than A though A won every match: {s}"
    );
    let row = |name: &str| {
        s["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(row("B")["game_points"], 9.5);
    assert_eq!(row("B")["match_points"], 4.0);
    assert_eq!(row("A")["game_points"], 7.5);
    assert_eq!(row("A")["match_points"], 6.0, "A has the most match points");
    assert_eq!(row("A")["rank"], 2);
    let tiebreaks = s["tiebreaks"].as_array().unwrap();
    assert!(!tiebreaks.is_empty(), "{s}");
    let label = tiebreaks[0].as_str().unwrap();
    let working = row("A")["working"][label].as_array().unwrap().clone();
    assert_eq!(working.len(), 3, "one contribution per round: {working:?}");
    assert!(
        row("A")["explanation"]
            .as_str()
            .unwrap()
            .contains("game points")
    );
    assert_eq!(row("A")["rounds"].as_array().unwrap().len(), 3);
    assert_eq!(s["complete_rounds"], 3);
    // After round 1 (A 2½–1½ D, B 4–0 C): B, A, D, C.
    let r = app
        .get(
            &format!("/api/v1/tournaments/{id}/team-standings?after=1"),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["rounds"], 1);
    let after_one: Vec<(&str, f64)> = r.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["name"].as_str().unwrap(),
                row["game_points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        after_one,
        [("B", 4.0), ("A", 2.5), ("D", 1.5), ("C", 0.0)],
        "{}",
        r.body
    );
    for bad in ["?after=4", "?after=x", "?before=1"] {
        let r = app
            .get(
                &format!("/api/v1/tournaments/{id}/team-standings{bad}"),
                None,
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}: {r:?}");
    }
    let page = app
        .get(&format!("/t/{id}/team-standings?after=1&lang=zh"), None)
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("第 1 轮后团体排名"), "{}", page.text);
    assert!(
        page.text.contains("第 1 轮：对"),
        "the rows' titles in Chinese"
    );
    assert!(!page.text.contains("match points"), "no English title left");
    let page = app
        .get(&format!("/t/{id}/team-standings?after=4"), None)
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    // Every board is also a player's own game.
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/standings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let players = r.body["standings"].as_array().unwrap();
    assert_eq!(players.len(), 16);
    let points: BTreeMap<i64, f64> = players
        .iter()
        .map(|p| {
            (
                p["start_number"].as_i64().unwrap(),
                p["points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(points[&5], 2.0, "B's board 1 lost to A, beat C and D");
    assert_eq!(points[&1], 3.0, "A's board 1 won every game");
    // The exports carry the teams.
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/export/json"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["team"]["teams"].as_array().unwrap().len(), 4);
    assert_eq!(r.body["team"]["matches"].as_array().unwrap().len(), 3);
    assert_eq!(
        r.body["team"]["matches"][0]["matches"][0]["boards"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_eq!(r.body["team"]["standings"]["standings"][0]["name"], "B");
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/export/trf"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let text = r.text.clone();
    let teams: Vec<&str> = text.lines().filter(|l| l.starts_with("310")).collect();
    assert_eq!(teams.len(), 4, "a TRF-2026 team record per team:\n{text}");
    assert!(teams[1].contains('B'), "{text}");
    assert!(text.contains("\nXXL china-national\n"), "{text}");
    let (_, event) = tournament::trf::read_team_tournament(&text).expect("the export reads back");
    assert_eq!(event.teams.len(), 4);
    assert_eq!(event.rounds.len(), 3);
    assert_eq!(event.boards, 4);
    a_team_trf_export_imports_as_the_same_event(&app, &org, &id, text).await;
}

/// TRF-2026 round trip: the exported team file imports as a team event
/// with the same teams, matches, boards and ranking.
async fn a_team_trf_export_imports_as_the_same_event(
    app: &TestApp,
    org: &str,
    id: &str,
    trf: String,
) {
    // A team name with an invisible character is refused, nothing stored.
    let hidden: String = trf
        .lines()
        .map(|l| {
            if l.starts_with("310") {
                l.replacen(" A ", " A\u{200b}", 1)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    assert_ne!(hidden, trf);
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(org),
            Some(axum::body::Body::from(hidden)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_trf", "{r:?}");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .contains("the name of team 1 must not contain invisible characters"),
        "{r:?}"
    );
    let copy = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(org),
            Some(axum::body::Body::from(trf)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(copy.status, StatusCode::CREATED, "{copy:?}");
    assert_eq!(copy.body["rounds_paired"], 3, "{copy:?}");
    let copy = copy.body["id"].as_str().unwrap().to_owned();
    let t = app.get(&format!("/api/v1/tournaments/{copy}"), None).await;
    assert_eq!(t.body["teams"]["boards"], 4, "{t:?}");
    assert_eq!(t.body["teams"]["ranking"], "game_points", "{t:?}");
    // The regulations profile survives the round trip (`XXL`, issue 34
    // item 9), and with it the tie-breaks and the laws it brings.
    let original = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(t.body["regulations"], "china-national", "{t:?}");
    for field in ["regulations", "tiebreaks", "scoring", "laws"] {
        assert_eq!(t.body[field], original.body[field], "{field}");
    }
    let teams = |body: &Value| body["teams"].clone();
    assert_eq!(
        teams(
            &app.get(&format!("/api/v1/tournaments/{copy}/teams"), None)
                .await
                .body
        ),
        teams(
            &app.get(&format!("/api/v1/tournaments/{id}/teams"), None)
                .await
                .body
        ),
        "the same teams and rosters"
    );
    for round in 1..=3 {
        // Ids and numbering are the copy's own (TRF keeps no match order).
        let strip = |list: Vec<Value>| -> Vec<Value> {
            let mut list: Vec<Value> = list
                .into_iter()
                .map(|mut m| {
                    m["number"] = Value::Null;
                    for b in m["boards"].as_array_mut().unwrap() {
                        b["game_id"] = Value::Null;
                        b["round_board"] = Value::Null;
                        for side in ["first", "second"] {
                            if b[side].is_object() {
                                b[side]["id"] = Value::Null;
                            }
                        }
                    }
                    m
                })
                .collect();
            list.sort_by_key(|m| m["first"]["number"].as_i64());
            list
        };
        assert_eq!(
            strip(matches(app, &copy, round).await),
            strip(matches(app, id, round).await),
            "round {round}: the same matches, boards and results"
        );
    }
    let ranked = |body: &Value| -> Vec<(Value, Value, Value)> {
        body["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["name"].clone(),
                    r["match_points"].clone(),
                    r["game_points"].clone(),
                )
            })
            .collect()
    };
    let original = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    let imported = app
        .get(&format!("/api/v1/tournaments/{copy}/team-standings"), None)
        .await;
    assert_eq!(imported.status, StatusCode::OK, "{imported:?}");
    assert_eq!(ranked(&imported.body), ranked(&original.body));
}

async fn a_team_event_s_board_colours_follow_its_352_sequence_through_export_and_import(
    app: TestApp,
) {
    let (id, org) = four_teams(
        &app,
        json!({
            // No number of rounds: as many as the schedule needs, in the
            // copy too (its file has no `142`).
            "name": "Olympiad-style League", "system": "round-robin",
            "teams": { "boards": 4, "colours": "wbbw" }
        }),
    )
    .await;
    let t = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(t.body["teams"]["colours"], "WBBW", "{t:?}");
    let colours = |list: &[Value]| -> Vec<Vec<String>> {
        list.iter()
            .map(|m| {
                m["boards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["first_colour"].as_str().unwrap().to_owned())
                    .collect()
            })
            .collect()
    };
    let r = app.pair_round(&org, &id).await;
    let list = matches(&app, &id, 1).await;
    assert_eq!(list.len(), 2);
    for boards in colours(&list) {
        assert_eq!(
            boards,
            ["white", "black", "black", "white"],
            "the first-named team's colours board by board follow WBBW"
        );
    }
    app.finish_round(&org, &id, &r, |_, _, _| "1/2-1/2").await;
    let trf = app
        .get(&format!("/api/v1/tournaments/{id}/export/trf"), None)
        .await
        .text;
    assert!(
        trf.lines().any(|l| l.trim_end() == "352 WBBW"),
        "the export writes the sequence as TRF-2026 352:\n{trf}"
    );
    let copy = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&org),
            Some(axum::body::Body::from(trf)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(copy.status, StatusCode::CREATED, "{copy:?}");
    let copy = copy.body["id"].as_str().unwrap().to_owned();
    let t = app.get(&format!("/api/v1/tournaments/{copy}"), None).await;
    assert_eq!(t.body["teams"]["colours"], "WBBW", "kept on import: {t:?}");
    app.pair_round(&org, &copy).await;
    for boards in colours(&matches(&app, &copy, 2).await) {
        assert_eq!(
            boards,
            ["white", "black", "black", "white"],
            "the imported event pairs its next round with the same sequence"
        );
    }
}

async fn a_team_swiss_pairs_by_c046_and_ranks_by_match_points(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({
            "name": "Team Swiss", "system": "swiss-dutch", "rounds": 3,
            "teams": { "boards": 2 },
            "pairing": { "initial_colour": "white" }
        }),
        &SIXTEEN[..12],
    )
    .await;
    for t in 1..=6_i64 {
        team(
            &app,
            &org,
            &id,
            json!({ "name": format!("Team {t}"), "roster": [2 * t - 1, 2 * t] }),
        )
        .await;
    }
    let mut met = BTreeSet::new();
    // Each team's board-1 colour, round by round.
    let mut colours: BTreeMap<i64, Vec<&'static str>> = BTreeMap::new();
    for round in 1..=3 {
        let r = app.pair_round(&org, &id).await;
        let list = matches(&app, &id, round).await;
        assert_eq!(list.len(), 3, "six teams, three matches: {list:?}");
        assert_match_boards(&list, 2, 2);
        let mut paired = BTreeSet::new();
        let mut this_round = BTreeMap::new();
        for m in &list {
            let (a, b) = (
                m["first"]["number"].as_i64().unwrap(),
                m["second"]["number"].as_i64().unwrap(),
            );
            assert!(
                met.insert((a.min(b), a.max(b))),
                "no rematch (C.04.6 [C1]): {a}-{b}"
            );
            assert!(paired.insert(a) && paired.insert(b));
            // The first-named team has White on board 1.
            this_round.insert(a, "white");
            this_round.insert(b, "black");
        }
        assert_eq!(paired.len(), 6, "every team paired");
        if round == 1 {
            // Art. 4.3.1: the first-team gets the initial colour (White)
            // when its TPN is odd, else its opponent does: 1-4, 5-2, 3-6.
            assert_eq!(this_round[&1], "white");
            assert_eq!(this_round[&5], "white");
            assert_eq!(this_round[&3], "white");
        } else {
            // Art. 4.3.3: opposite preferences (each wants the colour it
            // did not have last) are both granted.
            for m in &list {
                let (a, b) = (
                    m["first"]["number"].as_i64().unwrap(),
                    m["second"]["number"].as_i64().unwrap(),
                );
                let (la, lb) = (*colours[&a].last().unwrap(), *colours[&b].last().unwrap());
                if la != lb {
                    assert_eq!(this_round[&a], lb, "team {a} alternates (round {round})");
                    assert_eq!(this_round[&b], la, "team {b} alternates (round {round})");
                }
            }
        }
        for (t, c) in this_round {
            colours.entry(t).or_default().push(c);
        }
        // The lower-numbered team wins board 1, board 2 is drawn: 1½–½.
        app.finish_round(&org, &id, &r, |board, white, black| {
            let (tw, tb) = (team_of(2, white), team_of(2, black));
            let low = if board % 2 == 1 { 1.0 } else { 0.5 };
            for_white(if tw < tb { low } else { 1.0 - low })
        })
        .await;
    }
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["ranking"], "match_points", "the FIDE default");
    let rows = r.body["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[0]["team"], 1, "team 1 won every match: {}", r.body);
    assert_eq!(rows[0]["match_points"], 6.0);
    assert_eq!(rows[5]["team"], 6, "team 6 lost every match: {}", r.body);
    assert_eq!(rows[5]["match_points"], 0.0);
    let mps: Vec<f64> = rows
        .iter()
        .map(|r| r["match_points"].as_f64().unwrap())
        .collect();
    assert!(
        mps.windows(2).all(|w| w[0] >= w[1]),
        "ranked by match points: {mps:?}"
    );
    let r = app
        .post(
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&org),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "all_rounds_paired");
}

async fn team_rounds_refuse_late_line_ups_and_fill_missing_ones_from_the_roster(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({ "name": "League", "system": "round-robin", "teams": { "boards": 4 } }),
        &SIXTEEN[..7],
    )
    .await;
    team(
        &app,
        &org,
        &id,
        json!({ "name": "Full", "roster": [1, 2, 3, 4] }),
    )
    .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&org),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(
        r.body["error"], "too_few_teams",
        "one team cannot play a match"
    );
    // The second team has three players and submits no line-up: its
    // roster plays, its fourth board is empty and lost by forfeit.
    team(
        &app,
        &org,
        &id,
        json!({ "name": "Short", "roster": [5, 6, 7] }),
    )
    .await;
    let round = app.pair_round(&org, &id).await;
    assert_eq!(round["boards"].as_array().unwrap().len(), 3, "{round}");
    assert_eq!(
        round["byes"],
        json!([{ "player": { "id": round["byes"][0]["player"]["id"], "start_number": 4, "name": "Wang, Hao" }, "kind": "full" }]),
        "board 4's player, alone, wins by forfeit: {round}"
    );
    let list = matches(&app, &id, 1).await;
    let board4 = &list[0]["boards"][3];
    assert_eq!(board4["second"], Value::Null, "{board4}");
    assert_eq!(board4["round_board"], Value::Null);
    assert_eq!(board4["game_id"], Value::Null);
    let forfeit = if board4["first_colour"] == "white" {
        "+-"
    } else {
        "-+"
    };
    assert_eq!(
        board4["result"], forfeit,
        "an empty seat loses by forfeit: {board4}"
    );
    assert_eq!(
        list[0]["first_game_points"], 1.0,
        "the forfeit counts before the games end"
    );
    // The round's page: the boards under their match, the empty seat in
    // it, no player's bye.
    for (lang, empty, bye) in [
        ("en", "empty seat", "full-point bye"),
        ("zh", "空位", "全分轮空"),
    ] {
        let page = app
            .get(&format!("/t/{id}/rounds/1?lang={lang}"), None)
            .await;
        let text = &page.text;
        let head = text.find(r#"class="match-head""#).expect("a match heading");
        assert!(
            text[head..].contains("Full") && text[head..].contains("Short"),
            "{lang}"
        );
        let seat = text
            .find(r#"class="empty-seat""#)
            .expect("the empty seat's board");
        assert!(
            seat > head && text[seat..].contains(empty),
            "{lang}: {text}"
        );
        assert!(!text.contains(bye), "{lang}: {text}");
    }
    // A line-up named once the round is paired seats the match again
    // (team_lineups.rs): the same line-up, the same boards.
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/1/lineups/2"),
            Some(&org),
            json!({ "players": [5, 6, 7, null] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let again = matches(&app, &id, 1).await;
    assert_eq!(again[0]["boards"][3]["second"], Value::Null, "{again:?}");
    assert_eq!(again[0]["first_game_points"], 1.0, "{again:?}");
    // Unknown teams and rounds.
    for path in [
        "2/lineups/9",
        "0/lineups/1",
        "-1/lineups/1",
        "100/lineups/1",
    ] {
        let r = app
            .send(
                Method::PUT,
                &format!("/api/v1/tournaments/{id}/rounds/{path}"),
                Some(&org),
                json!({ "players": [1, 2, 3, 4] }),
            )
            .await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {r:?}");
    }
    for path in [
        format!("/api/v1/tournaments/{id}/rounds/2/matches"),
        format!("/api/v1/tournaments/{id}/rounds/0/matches"),
        "/api/v1/tournaments/nope/rounds/1/matches".to_owned(),
        "/api/v1/tournaments/nope/team-standings".to_owned(),
    ] {
        let r = app.get(&path, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {r:?}");
    }
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/x/matches"), None)
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    // Un-pairing the round removes its matches; it pairs again the same.
    let r = app
        .send(
            Method::DELETE,
            &format!("/api/v1/tournaments/{id}/rounds/1"),
            Some(&org),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1/matches"), None)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/1/lineups/1"),
            Some(&org),
            json!({ "players": [1, 2, 4, null] }),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "an un-paired round's line-ups open again: {r:?}"
    );
    app.pair_round(&org, &id).await;
    let list = matches(&app, &id, 1).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["boards"][2]["first"]["start_number"], 4, "{list:?}");
    assert_eq!(list[0]["boards"][3]["first"], Value::Null, "{list:?}");
    assert_eq!(
        list[0]["boards"][3]["result"], "--",
        "both seats empty: {list:?}"
    );
    // An individual event has no matches nor team standings.
    let solo = app
        .tournament(
            &org,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    for path in [
        format!("/api/v1/tournaments/{solo}/team-standings"),
        format!("/api/v1/tournaments/{solo}/rounds/1/matches"),
    ] {
        let r = app.get(&path, None).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {r:?}");
        assert_eq!(r.body["error"], "not_a_team_event");
    }
}

/// A player withdrawn from a team event (C.04.6: a team plays the players
/// of its roster in board order) is left out of his team's default
/// line-up — a reserve moves up — and a line-up naming him is refused; a
/// team event has no byes for its players. The round keeps the line-up it
/// was paired with when the withdrawal is later taken back; un-pairing the
/// round lets the roster's default follow the withdrawals again.
async fn a_withdrawn_player_is_left_out_of_his_team_s_line_up(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({ "name": "League", "system": "round-robin", "teams": { "boards": 3 } }),
        &SIXTEEN[..8],
    )
    .await;
    team(
        &app,
        &org,
        &id,
        json!({ "name": "Home", "roster": [1, 2, 3, 4] }),
    )
    .await;
    team(
        &app,
        &org,
        &id,
        json!({ "name": "Away", "roster": [5, 6, 7, 8] }),
    )
    .await;
    let (one, six) = (app.player(&id, 1).await, app.player(&id, 6).await);
    let player = |p: &Value| {
        format!(
            "/api/v1/tournaments/{id}/players/{}",
            p["id"].as_str().unwrap()
        )
    };
    let r = app
        .send(
            Method::PATCH,
            &player(&six),
            Some(&org),
            json!({ "withdraw": true }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .send(
            Method::PATCH,
            &player(&one),
            Some(&org),
            json!({ "bye": { "round": 1, "kind": "half" } }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "not_for_team_events");
    assert_eq!(r.body["where"], "bye");
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{id}/rounds/1/lineups/2"),
            Some(&org),
            json!({ "players": [5, 6, 7] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "invalid_lineup");
    assert_eq!(r.body["where"], "players[1]");
    let away = |lineups: &Value| {
        lineups["lineups"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["team"] == 2)
            .unwrap()
            .clone()
    };
    let lineups = format!("/api/v1/tournaments/{id}/rounds/1/lineups");
    let r = app.get(&lineups, None).await;
    assert_eq!(
        away(&r.body),
        json!({ "team": 2, "players": [5, 7, 8], "submitted": false }),
        "the reserve moves up: {r:?}"
    );
    app.pair_round(&org, &id).await;
    let list = matches(&app, &id, 1).await;
    let seated: Vec<i64> = list[0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let side = if list[0]["second"]["number"] == 2 {
                "second"
            } else {
                "first"
            };
            b[side]["start_number"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(seated, [5, 7, 8], "{list:?}");
    // Taking the withdrawal back does not rewrite the paired round.
    let r = app
        .send(
            Method::PATCH,
            &player(&six),
            Some(&org),
            json!({ "withdraw": false }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app.get(&lineups, None).await;
    assert_eq!(away(&r.body)["players"], json!([5, 7, 8]), "{r:?}");
    let r = app
        .send(
            Method::DELETE,
            &format!("/api/v1/tournaments/{id}/rounds/1"),
            Some(&org),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app.get(&lineups, None).await;
    assert_eq!(
        away(&r.body),
        json!({ "team": 2, "players": [5, 6, 7], "submitted": false }),
        "{r:?}"
    );
}

/// An adjourned board of a team match counts as a draw for the next
/// pairing once the arbiter acknowledges it (level 2, VCL4THP.13 Q157,
/// Q160), as in an event of individuals.
async fn a_team_round_is_paired_on_an_adjourned_board_once_acknowledged(app: TestApp) {
    let (id, org) = four_teams(
        &app,
        json!({ "name": "League", "system": "round-robin", "teams": { "boards": 4 } }),
    )
    .await;
    let round = app.pair_round(&org, &id).await;
    app.finish_round(
        &org,
        &id,
        &round,
        |board, _, _| {
            if board == 1 { "adj" } else { "1-0" }
        },
    )
    .await;
    let rounds = format!("/api/v1/tournaments/{id}/rounds");
    let r = app
        .send_confirming(Method::POST, &rounds, &org, Some(&json!({})), None)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["level"], 2, "{r:?}");
    assert_eq!(r.body["warnings"][0]["code"], "adjourned_games", "{r:?}");
    let confirmation = r.body["confirmation"].as_str().unwrap().to_owned();
    let r = app
        .send_confirming(
            Method::POST,
            &rounds,
            &org,
            Some(&json!({})),
            Some(&confirmation),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["round"], 2, "{r:?}");
}

/// A team round robin set to five rounds for four teams plays its Berger
/// schedule's three: the number of rounds follows the schedule once round
/// 1 is paired, so the event ends when its schedule does.
async fn a_team_round_robin_set_to_too_many_rounds_plays_its_schedule(app: TestApp) {
    let (id, org) = four_teams(
        &app,
        json!({ "name": "League", "system": "round-robin", "rounds": 5, "teams": { "boards": 4 } }),
    )
    .await;
    app.pair_round(&org, &id).await;
    let t = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(t.body["rounds"], 3, "{t:?}");
}

crate::both_databases!(
    a_team_round_robin_set_to_too_many_rounds_plays_its_schedule,
    a_team_round_is_paired_on_an_adjourned_board_once_acknowledged,
    a_withdrawn_player_is_left_out_of_his_team_s_line_up,
    a_team_round_robin_under_the_national_variation_is_ranked_by_game_points,
    a_team_swiss_pairs_by_c046_and_ranks_by_match_points,
    a_team_event_s_board_colours_follow_its_352_sequence_through_export_and_import,
    team_rounds_refuse_late_line_ups_and_fill_missing_ones_from_the_roster,
);
