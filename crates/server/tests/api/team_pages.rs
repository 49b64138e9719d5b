//! A team event's public pages (issue 22): the team standings tab and a
//! round's match results, in English and Chinese, showing what the API
//! ranks and scores; an individual event has neither page.

use axum::http::StatusCode;
use serde_json::json;

use crate::harness::TestApp;
use crate::team_rounds::{for_white, team_of};
use crate::teams::{SIXTEEN, team, team_event};

/// Points as the pages write them (`2`, `½`, `1½`).
fn sheet(points: f64) -> String {
    let whole = points.trunc();
    match (whole, points - whole) {
        (0.0, 0.5) => "½".to_owned(),
        (w, 0.5) => format!("{w}½"),
        _ => format!("{points}"),
    }
}

/// The points board by board of the lower-numbered team against the
/// higher (two boards): Bears beat Anchors 1½–½, Comets beat Anchors 2–0
/// and Bears 1½–½. Match points: Comets 4, Bears 2, Anchors 0.
fn low_points(low: i64, high: i64) -> [f64; 2] {
    match (low, high) {
        (1, 2) | (2, 3) => [0.5, 0.0],
        (1, 3) => [0.0, 0.0],
        other => panic!("no such pairing {other:?}"),
    }
}

/// Where `needle` first is in `page`, or a failure naming it.
fn at(page: &str, needle: &str) -> usize {
    page.find(needle)
        .unwrap_or_else(|| panic!("{needle} not on the page: {page}"))
}

async fn a_team_round_robin_has_team_standings_and_match_results_pages_in_both_languages(
    app: TestApp,
) {
    let (id, org) = team_event(
        &app,
        json!({
            "name": "Three Towns Cup", "system": "round-robin", "rounds": 3,
            "teams": { "boards": 2 }
        }),
        &SIXTEEN[..6],
    )
    .await;
    for (t, name) in (1..=3_i64).zip(["Anchors", "Bears", "Comets"]) {
        team(
            &app,
            &org,
            &id,
            json!({ "name": name, "roster": [2 * t - 1, 2 * t] }),
        )
        .await;
    }
    for n in 1..=3 {
        let r = app.pair_round(&org, &id).await;
        if n == 1 {
            // Results not in: the table and its page (the hall screen too)
            // say provisional (VCL).
            let api = app
                .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
                .await;
            assert_eq!(api.body["provisional"], true, "{api:?}");
            assert!(api.body["results_missing"].as_u64().unwrap() > 0, "{api:?}");
            for (lang, words) in [("en", "Provisional"), ("zh", "临时排名")] {
                let page = app
                    .get(&format!("/t/{id}/team-standings?lang={lang}&screen"), None)
                    .await;
                assert!(
                    page.text.contains("id=\"provisional\"") && page.text.contains(words),
                    "{lang}: {}",
                    page.text
                );
            }
        }
        app.finish_round(&org, &id, &r, |board, white, black| {
            let (tw, tb) = (team_of(2, white), team_of(2, black));
            let low = low_points(tw.min(tb), tw.max(tb))[((board - 1) % 2) as usize];
            for_white(if tw < tb { low } else { 1.0 - low })
        })
        .await;
    }
    let api = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await;
    let ranked: Vec<&str> = api.body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        ranked,
        ["Comets", "Bears", "Anchors"],
        "by match points: {api:?}"
    );
    assert_eq!(api.body["provisional"], false, "{api:?}");
    for (lang, heading) in [("en", "Team standings"), ("zh", "团体排名")] {
        let page = app
            .get(&format!("/t/{id}/team-standings?lang={lang}"), None)
            .await;
        assert_eq!(page.status, StatusCode::OK, "{page:?}");
        assert!(page.text.contains(heading), "{lang}: {}", page.text);
        let cells: Vec<usize> = ranked
            .iter()
            .map(|name| at(&page.text, &format!("<td class=\"team-name\">{name}</td>")))
            .collect();
        assert!(
            cells.windows(2).all(|w| w[0] < w[1]),
            "{lang}: ranked order {cells:?}"
        );
        for label in api.body["tiebreaks"].as_array().unwrap() {
            assert!(
                page.text.contains(label.as_str().unwrap()),
                "{lang}: tie-break {label}"
            );
        }
        // The tab beside Standings, on the players' standings too.
        let standings = app
            .get(&format!("/t/{id}/standings?lang={lang}"), None)
            .await;
        assert!(
            standings
                .text
                .contains(&format!("href=\"/t/{id}/team-standings\""))
        );
    }
    for round in 1..=3 {
        let api = app
            .get(
                &format!("/api/v1/tournaments/{id}/rounds/{round}/matches"),
                None,
            )
            .await;
        let matches = api.body["matches"].as_array().unwrap().clone();
        let round_page = app.get(&format!("/t/{id}/rounds/{round}"), None).await;
        assert!(
            round_page
                .text
                .contains(&format!("href=\"/t/{id}/rounds/{round}/matches\"")),
            "the round page links its match results"
        );
        for (lang, heading, bye) in [
            ("en", format!("Round {round} matches"), "team bye"),
            ("zh", format!("第 {round} 轮团体对阵结果"), "队伍轮空"),
        ] {
            let page = app
                .get(&format!("/t/{id}/rounds/{round}/matches?lang={lang}"), None)
                .await;
            assert_eq!(page.status, StatusCode::OK, "{page:?}");
            assert!(page.text.contains(&heading), "{lang}: {}", page.text);
            for m in &matches {
                let first = m["first"]["name"].as_str().unwrap();
                let shown = at(&page.text, first);
                if m["bye"].is_string() {
                    assert!(page.text.contains(bye), "{lang}: the team bye of {first}");
                    continue;
                }
                let score = format!(
                    "{} – {}",
                    sheet(m["first_game_points"].as_f64().unwrap()),
                    sheet(m["second_game_points"].as_f64().unwrap())
                );
                assert!(
                    at(&page.text, &score) > shown,
                    "{lang}: {first}'s match {score}"
                );
                for b in m["boards"].as_array().unwrap() {
                    let first = at(&page.text, b["first"]["name"].as_str().unwrap());
                    let second = at(&page.text, b["second"]["name"].as_str().unwrap());
                    // The board's result as the match reads it: the
                    // first-named team's player's points first, whatever
                    // his colour.
                    let white_first = b["first_colour"] == "white";
                    let (white, black) = match b["result"].as_str().unwrap() {
                        "1-0" => ("1", "0"),
                        "0-1" => ("0", "1"),
                        _ => ("½", "½"),
                    };
                    let read = if white_first {
                        format!("{white}-{black}")
                    } else {
                        format!("{black}-{white}")
                    };
                    let cell = format!("<td class=\"result\">{read}</td>");
                    let shown = first
                        + page.text[first..].find(&cell).unwrap_or_else(|| {
                            panic!("{lang}: board {} reads {read}: {}", b["board"], page.text)
                        });
                    assert!(shown < second, "{lang}: board {} reads {read}", b["board"]);
                }
            }
        }
    }
    // Comets beat Anchors 2–0, whichever was named first.
    let mut seen = false;
    for round in 1..=3 {
        let text = app
            .get(&format!("/t/{id}/rounds/{round}/matches"), None)
            .await
            .text;
        seen |= text.contains("2 – 0") || text.contains("0 – 2");
    }
    assert!(seen, "the 2–0 match is on a match results page");
    // The team crosstable of a round robin: every team against every other,
    // in team-number order, with the game points scored against each.
    for (lang, heading) in [("en", "Team crosstable"), ("zh", "团体交叉表")] {
        let page = app
            .get(&format!("/t/{id}/team-crosstable?lang={lang}"), None)
            .await;
        assert_eq!(page.status, StatusCode::OK, "{page:?}");
        assert!(page.text.contains(heading), "{lang}: {}", page.text);
        for (name, cells) in [
            (
                "Anchors",
                r#"<td class="self"></td><td class="w0">½</td><td class="w0">0</td>"#,
            ),
            (
                "Bears",
                r#"<td class="w1">1½</td><td class="self"></td><td class="w0">½</td>"#,
            ),
            (
                "Comets",
                r#"<td class="w1">2</td><td class="w1">1½</td><td class="self"></td>"#,
            ),
        ] {
            let row = row_of(&page.text, name);
            assert!(row.contains(cells), "{lang}: {name}'s row {row}");
        }
        assert!(
            page.text
                .contains(&format!("href=\"/t/{id}/team-crosstable\"")),
            "the Team crosstable tab"
        );
    }
    // The event's home says how its teams are ranked, and that the other
    // tie-breaks and the scoring are the players' and each board's.
    for (lang, ranked, tiebreaks, players, games) in [
        (
            "en",
            "Teams ranked by",
            "Team tie-breaks",
            "Players' tie-break order",
            "Each board's game",
        ),
        (
            "zh",
            "团体排名依据",
            "团体破同分顺序",
            "个人排名破同分顺序",
            "每台对局计分",
        ),
    ] {
        let page = app.get(&format!("/t/{id}?lang={lang}"), None).await;
        assert_eq!(page.status, StatusCode::OK, "{page:?}");
        let text = page.text.replace("&#39;", "'");
        for words in [ranked, tiebreaks, players, games] {
            assert!(text.contains(words), "{lang}: {words}: {text}");
        }
        assert!(
            at(&text, ranked) < at(&text, players),
            "{lang}: the teams' ranking comes first"
        );
    }
    // The players' list names each player's team.
    let page = app.get(&format!("/t/{id}/players?lang=en"), None).await;
    assert!(page.text.contains("<th>Team</th>"), "{}", page.text);
    assert!(page.text.contains("<td>Anchors</td>"), "{}", page.text);
}

/// The table row that names `team`, from its name cell to the row's end.
fn row_of<'a>(page: &'a str, team: &str) -> &'a str {
    let start = at(page, &format!("<td class=\"name\">{team}</td>"));
    let end = start + page[start..].find("</tr>").expect("the row ends");
    &page[start..end]
}

async fn a_team_swiss_crosstable_shows_each_round_s_opponent_and_game_points(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({
            "name": "Five Clubs Swiss", "system": "swiss-dutch", "rounds": 3,
            "teams": { "boards": 2 },
            "pairing": { "initial_colour": "white" }
        }),
        &SIXTEEN[..10],
    )
    .await;
    for t in 1..=5_i64 {
        team(
            &app,
            &org,
            &id,
            json!({ "name": format!("Club {t}"), "roster": [2 * t - 1, 2 * t] }),
        )
        .await;
    }
    for _ in 1..=2 {
        let r = app.pair_round(&org, &id).await;
        // The lower-numbered team wins board 1; board 2 is drawn: 1½–½.
        app.finish_round(&org, &id, &r, |board, white, black| {
            let (tw, tb) = (team_of(2, white), team_of(2, black));
            let low = if board % 2 == 1 { 1.0 } else { 0.5 };
            for_white(if tw < tb { low } else { 1.0 - low })
        })
        .await;
    }
    for (lang, heading) in [("en", "Team crosstable"), ("zh", "团体交叉表")] {
        let page = app
            .get(&format!("/t/{id}/team-crosstable?lang={lang}"), None)
            .await;
        assert_eq!(page.status, StatusCode::OK, "{page:?}");
        assert!(page.text.contains(heading), "{lang}");
        for round in 1..=2 {
            let list = app
                .get(
                    &format!("/api/v1/tournaments/{id}/rounds/{round}/matches"),
                    None,
                )
                .await
                .body["matches"]
                .as_array()
                .unwrap()
                .clone();
            for m in &list {
                let a = m["first"]["number"].as_i64().unwrap();
                let first = row_of(&page.text, &format!("Club {a}"));
                let Some(b) = m["second"]["number"].as_i64() else {
                    // Five teams: one pairing-allocated bye a round.
                    assert!(first.contains("PAB"), "{lang}: Club {a}'s bye: {first}");
                    continue;
                };
                let second = row_of(&page.text, &format!("Club {b}"));
                let (winner, loser) = (a.min(b), a.max(b));
                let (w_row, l_row) = if winner == a {
                    (first, second)
                } else {
                    (second, first)
                };
                assert!(
                    w_row.contains(&format!(r#"<td class="w1">{loser} 1½</td>"#)),
                    "{lang}: round {round}, Club {winner} beat Club {loser} 1½–½: {w_row}"
                );
                assert!(
                    l_row.contains(&format!(r#"<td class="w0">{winner} ½</td>"#)),
                    "{lang}: round {round}, Club {loser} lost to Club {winner}: {l_row}"
                );
            }
        }
    }
}

async fn an_individual_event_has_no_team_pages(app: TestApp) {
    let org = app.organiser().await;
    let solo = app
        .tournament(
            &org,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    for path in [
        format!("/t/{solo}/team-standings"),
        format!("/t/{solo}/team-standings?lang=zh"),
        format!("/t/{solo}/rounds/1/matches"),
    ] {
        let r = app.get(&path, None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {r:?}");
    }
    let standings = app.get(&format!("/t/{solo}/standings"), None).await;
    assert_eq!(standings.status, StatusCode::OK);
    assert!(
        !standings.text.contains("team-standings"),
        "no team standings tab on an individual event"
    );
}

/// A team round robin plays its teams' schedule, not its players': four
/// teams of two, a double round robin, six rounds (C.05 Berger tables).
async fn a_team_round_robin_counts_its_rounds_by_its_teams(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({ "name": "Four Clubs League", "system": "double-round-robin", "teams": { "boards": 2 } }),
        &SIXTEEN[..8],
    )
    .await;
    for t in 1..=4_i64 {
        let body = json!({ "name": format!("Club {t}"), "roster": [2 * t - 1, 2 * t] });
        team(&app, &org, &id, body).await;
    }
    app.pair_round(&org, &id).await;
    for (lang, words) in [("en", "1 paired of 6"), ("zh", "已编排 1 轮 / 共 6 轮")] {
        let page = app.get(&format!("/t/{id}?lang={lang}"), None).await;
        assert!(page.text.contains(words), "{lang}: {}", page.text);
    }
}

/// C.04.6 1.4: a PAB scores a drawn match "unless the regulations of the
/// team competition state otherwise"; an event that sets it otherwise
/// says so on its page and scores it so.
async fn a_team_swiss_scores_the_pairing_allocated_bye_its_regulations_set(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({
            "name": "Three Clubs Swiss", "system": "swiss-dutch", "rounds": 3,
            "teams": { "boards": 2, "pairing_allocated_bye": { "match_points": 2, "game_points": 1.5 } },
            "pairing": { "initial_colour": "white" }
        }),
        &SIXTEEN[..6],
    )
    .await;
    for t in 1..=3_i64 {
        let body = json!({ "name": format!("Club {t}"), "roster": [2 * t - 1, 2 * t] });
        team(&app, &org, &id, body).await;
    }
    for (lang, words) in [
        ("en", "match points 2, game points 1½"),
        ("zh", "场分 2，局分 1½"),
    ] {
        let page = app.get(&format!("/t/{id}?lang={lang}"), None).await;
        assert!(page.text.contains(words), "{lang}: {}", page.text);
    }
    let r = app.pair_round(&org, &id).await;
    app.finish_round(&org, &id, &r, |_, _, _| "1/2-1/2").await;
    let list = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1/matches"), None)
        .await
        .body["matches"]
        .as_array()
        .unwrap()
        .clone();
    let bye = list.iter().find(|m| m["bye"].is_string()).unwrap();
    let team = bye["first"]["number"].clone();
    let table = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await
        .body;
    let row = table["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["team"] == team)
        .unwrap()
        .clone();
    assert_eq!(row["match_points"], 2.0, "{row}");
    assert_eq!(row["game_points"], 1.5, "{row}");
    // The round's page names the team's bye with its points.
    for (lang, words) in [("en", "pairing-allocated bye"), ("zh", "编排轮空")] {
        let page = app
            .get(&format!("/t/{id}/rounds/1?lang={lang}"), None)
            .await;
        let at = page
            .text
            .find(r#"class="team-bye""#)
            .expect("the team's bye");
        let line = &page.text[at..];
        assert!(
            line.contains(bye["first"]["name"].as_str().unwrap()),
            "{lang}"
        );
        assert!(line.contains(words), "{lang}: {line}");
        let points = if lang == "en" {
            "2 MP · 1½ GP"
        } else {
            "场分 2 · 局分 1½"
        };
        assert!(line.contains(points), "{lang}: {line}");
    }
}

/// A Xiangqi board is scored in the event's own point system (a win 2, a
/// draw 1): the matches' game points count so, and the default PAB is a
/// drawn match in those points (C.04.6 1.4).
async fn a_xiangqi_team_event_counts_its_boards_in_its_own_points(app: TestApp) {
    let (id, org) = team_event(
        &app,
        json!({
            "name": "Three Clubs Xiangqi", "system": "swiss-dutch", "rounds": 2,
            "game": "xiangqi", "time_control": "-", "teams": { "boards": 2 },
            "pairing": { "initial_colour": "white" }
        }),
        &SIXTEEN[..6],
    )
    .await;
    for t in 1..=3_i64 {
        let body = json!({ "name": format!("Club {t}"), "roster": [2 * t - 1, 2 * t] });
        team(&app, &org, &id, body).await;
    }
    for (lang, words) in [
        ("en", "match points 1, game points 2"),
        ("zh", "场分 1，局分 2"),
    ] {
        let page = app.get(&format!("/t/{id}?lang={lang}"), None).await;
        assert!(page.text.contains(words), "{lang}: {}", page.text);
    }
    let r = app.pair_round(&org, &id).await;
    app.finish_round(&org, &id, &r, |_, _, _| "1/2-1/2").await;
    let list = app
        .get(&format!("/api/v1/tournaments/{id}/rounds/1/matches"), None)
        .await
        .body["matches"]
        .as_array()
        .unwrap()
        .clone();
    for m in &list {
        assert_eq!(m["first_game_points"], 2.0, "two boards drawn, 1 each: {m}");
        assert_eq!(m["first_match_points"], 1.0, "{m}");
    }
    let table = app
        .get(&format!("/api/v1/tournaments/{id}/team-standings"), None)
        .await
        .body;
    for row in table["standings"].as_array().unwrap() {
        assert_eq!(row["game_points"], 2.0, "{row}");
    }
    // Each board's colours in the match results are Xiangqi's.
    let page = app.get(&format!("/t/{id}/rounds/1/matches"), None).await;
    assert!(page.text.contains("(Red)"), "{}", page.text);
    assert!(!page.text.contains("(White)"), "{}", page.text);
}

crate::both_databases!(
    a_xiangqi_team_event_counts_its_boards_in_its_own_points,
    a_team_swiss_scores_the_pairing_allocated_bye_its_regulations_set,
    a_team_round_robin_counts_its_rounds_by_its_teams,
    a_team_round_robin_has_team_standings_and_match_results_pages_in_both_languages,
    a_team_swiss_crosstable_shows_each_round_s_opponent_and_game_points,
    an_individual_event_has_no_team_pages,
);
