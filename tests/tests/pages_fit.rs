//! Every page type at a phone's (360 px, the narrowest), a tablet's and a desktop's width, in
//! English and Chinese, in headless Chromium: axe-core finds no serious or
//! critical accessibility violation, the page never scrolls sideways (a
//! wide table scrolls inside itself), the site header stays on one line,
//! tap targets are at least 44 CSS pixels, and nothing is loaded from
//! another host. Public pages of a Swiss, a round robin, a team event and
//! a Xiangqi game; the console signed in as the organiser; the round's
//! paper. Phone screenshots go to `target/screenshots/fit-*.png`.

use e2e::browser::{Browser, screenshot_dir};
use e2e::console::{sign_in, use_token, user_with_role};
use e2e::events::{SmallSwiss, post_events, small_swiss};
use e2e::{Server, axe, call, expect};
use serde_json::{Value, json};

/// A round robin of `players` made by `organiser` (`extra`: more of the
/// tournament's fields; `teams`: team names, two players each in order),
/// round 1 paired: its id and round 1's boards.
fn round_robin_of(
    server: &Server,
    organiser: &str,
    extra: &Value,
    players: &[Value],
    teams: &[&str],
) -> (String, Vec<Value>) {
    let o = Some(organiser);
    let mut body = json!({ "system": "round-robin", "time_control": "5400+30" });
    for (k, v) in extra.as_object().expect("an object") {
        body[k] = v.clone();
    }
    let t = expect(server, 201, "POST", "/api/v1/tournaments", o, Some(&body));
    let id = t["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/tournaments/{id}/players");
    for player in players {
        expect(server, 201, "POST", &path, o, Some(player));
    }
    let path = format!("/api/v1/tournaments/{id}/teams");
    for (i, name) in teams.iter().enumerate() {
        let team = json!({ "name": name, "roster": [2 * i + 1, 2 * i + 2] });
        expect(server, 201, "POST", &path, o, Some(&team));
    }
    let round = format!("/api/v1/tournaments/{id}/rounds");
    let r = expect(server, 201, "POST", &round, o, Some(&json!({})));
    (id, r["boards"].as_array().cloned().unwrap_or_default())
}

/// A round robin of four (chess or Xiangqi), round 1 paired.
fn round_robin(server: &Server, organiser: &str, game: &str) -> (String, Vec<Value>) {
    let name = if game == "xiangqi" {
        "全国象棋甲级联赛 Xiangqi League"
    } else {
        "Beijing Masters Round Robin · 北京大师循环赛"
    };
    let players: Vec<Value> = ["王天一", "Nakamura, Hikaru", "郑惟桐", "Rapport, Richard"]
        .iter()
        .map(|n| json!({ "name": n, "rating": 2600, "federation": "CHN" }))
        .collect();
    let extra = json!({ "name": name, "game": game, "time_control": "3600+30" });
    round_robin_of(server, organiser, &extra, &players, &[])
}

/// A team round robin: four teams of two boards, round 1 with results.
fn team_event(server: &Server, organiser: &str) -> String {
    let players: Vec<Value> = [
        "卜祥志",
        "倪华",
        "王皓",
        "李超",
        "Xu, Xiangyu",
        "Lu, Shanglei",
        "Bai, Jinshi",
        "Wen, Yang",
    ]
    .iter()
    .map(|n| json!({ "name": n, "rating": 2600, "title": "GM" }))
    .collect();
    let extra = json!({
        "name": "China Chess League 2026 · 中国国际象棋甲级联赛",
        "teams": { "boards": 2, "ranking": "match_points" }
    });
    let teams = [
        "上海建桥学院 Shanghai Jianqiao University",
        "Beijing Chess Club",
        "山东队",
        "Zhejiang",
    ];
    let (id, _) = round_robin_of(server, organiser, &extra, &players, &teams);
    for board in 1..=4 {
        let result = json!({ "result": if board % 2 == 0 { "1/2-1/2" } else { "1-0" } });
        let path = format!("/api/v1/tournaments/{id}/rounds/1/boards/{board}/result");
        expect(server, 200, "PUT", &path, Some(organiser), Some(&result));
    }
    id
}

/// The pages to check: a name and the path.
fn pages(
    e: &SmallSwiss,
    rr: &str,
    team: &str,
    xq_game: &str,
    person: &str,
) -> Vec<(&'static str, String)> {
    let id = &e.id;
    vec![
        ("events", "/".to_owned()),
        ("home", format!("/t/{id}")),
        ("players", format!("/t/{id}/players")),
        ("player-card", format!("/t/{id}/players/1")),
        ("round", format!("/t/{id}/rounds/2")),
        ("standings", format!("/t/{id}/standings")),
        ("crosstable", format!("/t/{id}/crosstable")),
        ("game", format!("/games/{}", e.drawn_game)),
        ("game-open", format!("/games/{}", e.open_game)),
        ("hall-standings", format!("/t/{id}/standings?screen")),
        ("berger", format!("/t/{rr}/crosstable")),
        ("team-standings", format!("/t/{team}/team-standings")),
        ("team-crosstable", format!("/t/{team}/team-crosstable")),
        ("team-matches", format!("/t/{team}/rounds/1/matches")),
        ("xiangqi-game", format!("/games/{xq_game}")),
        ("not-found", format!("/t/{id}/nothing-here")),
        ("signin", "/signin".to_owned()),
        ("scoresheets", format!("/t/{id}/rounds/2/paper/scoresheets")),
        ("wall-chart", format!("/t/{id}/rounds/2/paper/wallchart")),
        ("person", format!("/people/{person}")),
        ("ladder", "/ladder".to_owned()),
    ]
}

/// The console's screens (the organiser's token kept in the tab).
fn console_pages(e: &SmallSwiss) -> Vec<(&'static str, String)> {
    let id = &e.id;
    vec![
        ("console", "/console".to_owned()),
        ("console-event", format!("/console/tournaments/{id}")),
        ("console-new", "/console/tournaments/new".to_owned()),
        ("console-registry", "/console/registry".to_owned()),
        (
            "console-results",
            format!("/console/tournaments/{id}/rounds/2/results"),
        ),
        (
            "console-recording",
            format!("/console/games/{}", e.open_game),
        ),
        (
            "console-tablets",
            format!("/console/tournaments/{id}/rounds/2/tablets"),
        ),
    ]
}

/// Which page is checked, in which language, at which window size.
struct At<'a> {
    name: &'a str,
    lang: &'a str,
    width: u32,
    height: u32,
    /// Keep a screenshot (`fit-{name}-{lang}.png`).
    phone: bool,
}

/// Checks the page the browser shows once its scripts have drawn it: axe's
/// serious and critical violations and the layout problems, each pushed on
/// `problems` with the page, language and width.
fn check_page(browser: &Browser, axe_js: &str, at: &At<'_>, problems: &mut Vec<String>) {
    browser.wait_for(
        "return document.readyState === 'complete';",
        std::time::Duration::from_secs(10),
    );
    // The console's scripts draw their screen after the load.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let (name, lang, width) = (at.name, at.lang, at.width);
    for v in axe::serious_violations(browser, axe_js) {
        problems.push(format!("{name} ({lang}, {width} px): {v}"));
    }
    for p in axe::layout_problems(browser) {
        problems.push(format!("{name} ({lang}, {width} px): {p}"));
    }
    if at.phone {
        browser.screenshot_at(
            &screenshot_dir().join(format!("fit-{name}-{lang}.png")),
            width,
        );
        browser.window(width, at.height);
    }
}

/// Opens every page at `width` in both languages; every problem found.
fn check_at(width: u32, height: u32, label: &str) {
    let e = small_swiss(&format!("fit-{label}"));
    let (rr, _) = round_robin(&e.server, &e.organiser, "chess");
    let team = team_event(&e.server, &e.organiser);
    let (_, xq_boards) = round_robin(&e.server, &e.organiser, "xiangqi");
    let xq_game = xq_boards[0]["game_id"].as_str().unwrap().to_owned();
    post_events(
        &e.server,
        &e.organiser,
        &xq_game,
        0,
        &[
            json!({ "type": "start" }),
            json!({ "type": "move", "move": "h2e2" }),
            json!({ "type": "move", "move": "h9g7" }),
        ],
    );
    // A registered person on the ladder, for the person's page and the ladder.
    let person = expect(
        &e.server,
        201,
        "POST",
        "/api/v1/people",
        Some(&e.organiser),
        Some(&json!({ "name": "丁立人", "fide_id": 8603677, "federation": "CHN", "grade_points": 1520 })),
    )["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let Some(axe_js) = axe::source() else {
        return;
    };
    let Some(browser) = Browser::open() else {
        return;
    };
    let base = format!("http://{}", e.server.address);
    user_with_role(
        &e.server,
        "olga",
        "a long enough password",
        None,
        "organiser",
    );
    let mut problems = Vec::new();
    for lang in ["en", "zh"] {
        // English pages as a passer-by sees them, Chinese ones signed in.
        let mut all = Vec::new();
        if lang == "zh" {
            sign_in(&browser, &base, lang, "olga", "a long enough password");
            all.push(("account", "/account".to_owned()));
        }
        all.extend(pages(&e, &rr, &team, &xq_game, &person));
        // … and with the organiser's API token kept in the tab.
        use_token(&browser, &e.server, lang, &e.organiser);
        all.extend(console_pages(&e));
        browser.window(width, height);
        for &(name, ref path) in &all {
            let sep = if path.contains('?') { '&' } else { '?' };
            browser.goto(&format!("{base}{path}{sep}lang={lang}"));
            let at = At {
                name,
                lang,
                width,
                height,
                phone: label == "phone",
            };
            check_page(&browser, &axe_js, &at, &mut problems);
        }
    }
    // A board tablet (its own browser: a tablet's session): the recording
    // screen its link opens, and its list of boards.
    drop(browser);
    for lang in ["en", "zh"] {
        let (status, link) = call(
            &e.server,
            "POST",
            &format!("/api/v1/tournaments/{}/tablet-links", e.id),
            Some(&e.organiser),
            Some(&json!({ "round": 2, "boards": [1], "label": "Hall A 大厅" })),
        );
        assert_eq!(status, 201, "{link}");
        let url = link["url"].as_str().unwrap_or_default();
        let url = if url.starts_with('/') {
            format!("{base}{url}")
        } else {
            url.to_owned()
        };
        let Some(tablet) = Browser::open() else {
            return;
        };
        tablet.window(width, height);
        tablet.goto(&format!("{base}/tablet?lang={lang}"));
        tablet.goto(&url);
        for (name, path) in [
            ("tablet-recording", None),
            ("tablet-boards", Some("/tablet")),
        ] {
            if let Some(path) = path {
                tablet.goto(&format!("{base}{path}?lang={lang}"));
            }
            let at = At {
                name,
                lang,
                width,
                height,
                phone: label == "phone",
            };
            check_page(&tablet, &axe_js, &at, &mut problems);
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_page_fits_a_phone_and_passes_axe_in_both_languages() {
    check_at(360, 780, "phone");
}

#[test]
fn every_page_fits_a_tablet_and_passes_axe_in_both_languages() {
    check_at(768, 1024, "tablet");
}

#[test]
fn every_page_fits_a_desktop_and_passes_axe_in_both_languages() {
    check_at(1280, 900, "desktop");
}

/// Long surnames on a phone (360 px): the round's pairings and the
/// players' list show every column without the table scrolling sideways; a surname longer than its cell breaks inside
/// the cell. And a game's moves read in order down one list.
#[test]
fn long_surnames_fit_a_phones_pairings_and_the_moves_read_in_order() {
    let server = Server::start("fit-long-names");
    let organiser = e2e::organiser_token(&server);
    let o = Some(organiser.as_str());
    let body = json!({ "name": "Long Names Open", "system": "swiss-dutch", "rounds": 5 });
    let t = expect(&server, 201, "POST", "/api/v1/tournaments", o, Some(&body));
    let id = t["id"].as_str().unwrap().to_owned();
    let names = [
        "Wolfeschlegelsteinhausenbergerdorff, Hubert",
        "Vachier-Lagrave, Maxime",
        "Nepomniachtchi, Ian",
        "Mamedyarov, Shakhriyar",
        "Gaprindashvili-Khachaturyan, Nona",
        "Abdusattorov, Nodirbek",
        "Dominguez Perez, Leinier",
        "Praggnanandhaa, Rameshbabu",
    ];
    for (i, name) in (0_i64..).zip(names) {
        let player = json!({ "name": name, "rating": 2700 - 10 * i, "federation": "FRA" });
        let path = format!("/api/v1/tournaments/{id}/players");
        expect(&server, 201, "POST", &path, o, Some(&player));
    }
    let round = format!("/api/v1/tournaments/{id}/rounds");
    let r = expect(&server, 201, "POST", &round, o, Some(&json!({})));
    let game = r["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"];
    let mut events = vec![json!({ "type": "start" })];
    events.extend(moves.iter().map(|m| json!({ "type": "move", "san": m })));
    post_events(&server, &organiser, &game, 0, &events);
    let Some(browser) = Browser::open() else {
        return;
    };
    browser.window(360, 780);
    let base = format!("http://{}", server.address);
    for lang in ["en", "zh"] {
        for page in ["rounds/1", "players"] {
            browser.goto(&format!("{base}/t/{id}/{page}?lang={lang}"));
            let widths = browser.run(
                "const t = document.querySelector('main table'); \
                 return [t.getBoundingClientRect().width, t.parentElement.clientWidth];",
                &[],
            );
            let (table, frame) = (widths[0].as_f64().unwrap(), widths[1].as_f64().unwrap());
            assert!(
                table <= frame + 1.0,
                "{page} ({lang}): the table is {table} px wide in a frame of {frame} px"
            );
            assert!(
                browser.text().contains("Nepomniachtchi"),
                "{page} ({lang}): {}",
                browser.text()
            );
        }
        // The moves: one pair a line, in order from the top.
        browser.goto(&format!("{base}/games/{game}?lang={lang}"));
        let tops = browser.run(
            "return [...document.querySelectorAll('ol.moves li')].map(li => li.getBoundingClientRect().top);",
            &[],
        );
        let tops: Vec<f64> = tops
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(tops.len(), 5, "{lang}: five numbered lines");
        assert!(
            tops.windows(2).all(|w| w[0] < w[1]),
            "{lang}: each move pair below the one before: {tops:?}"
        );
    }
}
