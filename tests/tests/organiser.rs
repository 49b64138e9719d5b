//! The organiser's console (issue 21) end to end: the real `arbiter serve`
//! and headless Chromium, in English and Chinese, screenshots under
//! `target/screenshots/`. A user the administrator made signs in at
//! `/signin`, creates a tournament in the form, pastes eight players (a bad
//! line first: its number is shown and nothing is added), pairs round 1,
//! un-pairs it and pairs it again, enters every result by keyboard, sees
//! the standings count them, then runs the rest of the Swiss (four rounds,
//! with a requested bye, a withdrawal and a late entry) through the page
//! to the final standings, and sees the API refuse an un-pairing once
//! results are in. A forged form and a write without the CSRF token are
//! refused; an organiser of another tournament is refused in the page and
//! nothing changes.

use e2e::browser::{Browser, screenshot_dir};
use e2e::console::{sign_in, user_with_role, wait};
use e2e::{Server, call};
use serde_json::{Value, json};

const PLAYERS: &str = "Carlsen, Magnus, 2830, NOR, 1503014, GM
Ding Liren 丁立人, 2780, CHN
Nakamura, Hikaru, 2760, USA
王皓, 2700, CHN
Alice Smith, 2150
李明, 2100, CHN
Bob Jones, 1900, ENG
Zhang Wei 张伟, 1850";

/// A user the administrator makes, with the organiser role scoped to no
/// tournament (may create tournaments).
fn organiser_user(server: &Server, name: &str, password: &str) {
    user_with_role(server, name, password, None, "organiser");
}

/// Signs out through the header's button.
fn sign_out(browser: &Browser, base: &str) {
    browser.goto(&format!("{base}/"));
    browser.run("document.getElementById('sign-out').click();", &[]);
    wait(
        browser,
        "return !!document.getElementById('sign-in') && document.readyState === 'complete';",
        "signed out",
    );
}

fn text_of(browser: &Browser, selector: &str) -> String {
    browser
        .run(
            "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';",
            &[json!(selector)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn get(server: &Server, path: &str) -> Value {
    let (status, body) = call(server, "GET", path, None, None);
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Points as the standings print them (`1`, `½`, `1½`, `0.5`).
fn points(text: &str) -> f64 {
    let text = text.trim();
    let (whole, half) = match text.strip_suffix('½') {
        Some(rest) => (rest, 0.5),
        None => (text, 0.0),
    };
    let whole: f64 = if whole.is_empty() {
        0.0
    } else {
        whole.parse().unwrap_or_else(|_| panic!("points '{text}'"))
    };
    whole + half
}

fn runs_an_event(lang: &str) {
    let Some(browser) = Browser::open() else {
        return;
    };
    let server = Server::start(&format!("organiser-{lang}"));
    let base = format!("http://{}", server.address);
    let shots = screenshot_dir();
    let (refused_text, forbidden_text, has_results_text) = match lang {
        "zh" => ("第 5 行", "您无权在本赛事中进行此操作", "本轮已有成绩"),
        _ => (
            "Line 5",
            "You may not do this in this tournament",
            "The round has results",
        ),
    };
    organiser_user(&server, "ana", "ana's long password");
    organiser_user(&server, "ben", "ben's long password");
    sign_in(&browser, &base, lang, "ana", "ana's long password");

    // The console's entry page: no tournament yet, a link to a new one.
    browser.goto(&format!("{base}/console?lang={lang}"));
    assert_eq!(browser.count("#my-events li"), 0);
    browser.click("#new-tournament");
    wait(
        &browser,
        "return location.pathname === '/console/tournaments/new' && !!document.getElementById('tournament-form');",
        "the new tournament's form",
    );
    browser.type_text("#t-name", "Spring Open 春季公开赛");
    browser.type_text("#t-rounds", "3");
    browser.type_text("#t-tc", "5400+30");
    browser.type_text("#t-place", "Shanghai 上海");
    browser.type_text("#t-federation", "CHN");
    browser.type_text("#t-chief-arbiter", "Li, Ming");
    browser.run(
        "document.getElementById('t-start-date').value = '2026-05-01';
         document.getElementById('t-end-date').value = '2026-05-03';
         document.getElementById('t-acceleration').value = 'none';
         document.getElementById('t-colour').value = 'white';",
        &[],
    );
    browser.screenshot(&shots.join(format!("organiser-new-{lang}.png")));
    browser.click("#tournament-form button[type=submit]");
    wait(
        &browser,
        "return /^\\/console\\/tournaments\\/[0-9a-f-]{36}$/.test(location.pathname) && !!document.getElementById('organiser');",
        "the event's page opens",
    );
    let id = browser
        .run(
            "return document.getElementById('organiser').dataset.tournament;",
            &[],
        )
        .as_str()
        .unwrap()
        .to_owned();
    let t = get(&server, &format!("/api/v1/tournaments/{id}"));
    assert_eq!(t["name"], "Spring Open 春季公开赛");
    assert_eq!(t["rounds"], 3);
    assert_eq!(t["time_control"], "5400+30");
    assert_eq!(t["pairing"]["initial_colour"], "white");
    assert_eq!(t["place"], "Shanghai 上海");
    assert_eq!(t["federation"], "CHN");
    assert_eq!(t["start_date"], "2026-05-01");
    assert_eq!(t["end_date"], "2026-05-03");
    assert_eq!(t["chief_arbiter"], "Li, Ming");
    let players_path = format!("/api/v1/tournaments/{id}/players");

    // A bad fifth line: its number is shown, and nothing is added.
    let bad = PLAYERS.replacen("Alice Smith, 2150", "Alice Smith, 9999", 1);
    browser.run(
        "document.getElementById('paste').value = arguments[0];",
        &[json!(bad)],
    );
    browser.click("#paste-submit");
    wait(
        &browser,
        "return !!document.querySelector('#paste-notice li[data-line=\"5\"]');",
        "the bad line is named",
    );
    let said = text_of(&browser, "#paste-notice");
    assert!(said.contains(refused_text), "{said}");
    assert_eq!(browser.count("#paste-notice li"), 1, "{said}");
    assert_eq!(
        get(&server, &players_path)["players"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    browser.screenshot(&shots.join(format!("organiser-paste-refused-{lang}.png")));

    // The eight good lines.
    browser.run(
        "document.getElementById('paste').value = arguments[0];",
        &[json!(PLAYERS)],
    );
    browser.click("#paste-submit");
    wait(
        &browser,
        "return document.querySelectorAll('#players tbody tr').length === 8;",
        "eight players",
    );
    let players = get(&server, &players_path);
    let carlsen = &players["players"][0];
    assert_eq!(carlsen["name"], "Carlsen, Magnus");
    assert_eq!(carlsen["federation"], "NOR");
    assert_eq!(carlsen["fide_id"], 1_503_014);
    assert_eq!(carlsen["title"], "GM");

    // Pair round 1: shown at once; un-pair; pair again.
    let boards_shown = "return document.querySelectorAll('#pairings tbody tr').length === 4 && !document.getElementById('pairings').hidden;";
    browser.click("#pair");
    wait(&browser, boards_shown, "round 1's four boards");
    browser.screenshot(&shots.join(format!("organiser-paired-{lang}.png")));
    browser.click("#unpair");
    wait(
        &browser,
        "return document.getElementById('pairings').hidden && document.getElementById('unpair').hidden;",
        "round 1 un-paired",
    );
    let rounds_path = format!("/api/v1/tournaments/{id}/rounds");
    assert_eq!(get(&server, &rounds_path)["rounds"], json!([]));
    browser.click("#pair");
    wait(&browser, boards_shown, "round 1 paired again");
    let round = get(&server, &format!("{rounds_path}/1"));
    assert_eq!(round["boards"].as_array().unwrap().len(), 4);
    // A narrow tablet in portrait: the page still fits its width.
    browser.screenshot_at(&shots.join(format!("organiser-event-768-{lang}.png")), 768);

    // Every result by keyboard on the round's results page.
    browser.click("a[data-results='1']");
    wait(
        &browser,
        "return document.activeElement?.id === 'entry';",
        "the results page has the keyboard",
    );
    browser.type_text("#entry", "112=3140");
    wait(
        &browser,
        "return [...document.querySelectorAll('#boards td.result')].every(c => c.textContent.trim());",
        "four results entered",
    );
    let round = get(&server, &format!("{rounds_path}/1"));
    let results: Vec<&str> = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["result"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(results, ["1-0", "1/2-1/2", "1-0", "0-1"]);
    let mut expected: Vec<(String, f64)> = Vec::new();
    for b in round["boards"].as_array().unwrap() {
        let (w, bl) = match b["result"].as_str().unwrap() {
            "1-0" => (1.0, 0.0),
            "0-1" => (0.0, 1.0),
            _ => (0.5, 0.5),
        };
        expected.push((b["white"]["name"].as_str().unwrap().to_owned(), w));
        expected.push((b["black"]["name"].as_str().unwrap().to_owned(), bl));
    }

    // The public standings count them.
    browser.goto(&format!("{base}/t/{id}/standings?lang={lang}"));
    let rows = browser.run(
        "return [...document.querySelectorAll('table.standings tbody tr')].map(tr => [tr.cells[2].innerText.trim(), tr.cells[4].innerText.trim()]);",
        &[],
    );
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 8, "{rows:?}");
    for (name, want) in &expected {
        let row = rows
            .iter()
            .find(|r| r[0].as_str().unwrap_or_default().contains(name.as_str()))
            .unwrap_or_else(|| panic!("{name} in {rows:?}"));
        assert!(
            (points(row[1].as_str().unwrap()) - want).abs() < 1e-9,
            "{name}: {row:?}, want {want}"
        );
    }
    browser.screenshot(&shots.join(format!("organiser-standings-{lang}.png")));

    // Un-pairing a round with results: the API's refusal, in the page.
    browser.goto(&format!("{base}/console/tournaments/{id}?lang={lang}"));
    wait(&browser, boards_shown, "round 1 on the event page");
    browser.click("#unpair");
    wait(
        &browser,
        "return document.getElementById('round-notice').innerText.includes('409');",
        "the refusal",
    );
    let said = text_of(&browser, "#round-notice");
    assert!(said.contains(has_results_text), "{said}");
    assert_eq!(
        get(&server, &rounds_path)["rounds"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    browser.screenshot(&shots.join(format!("organiser-event-{lang}.png")));

    // Settings, a requested bye, a withdrawal, a correction and a late
    // entry, each through the page.
    let (saved, bye_text) = match lang {
        "zh" => ("已保存", "第 2 轮轮空"),
        _ => ("Saved", "bye in round 2"),
    };
    assert_eq!(
        browser.run("return document.getElementById('t-start-date').value;", &[]),
        json!("2026-05-01"),
        "the settings form shows the stored dates"
    );
    browser.run(
        "document.getElementById('t-rounds').value = '4';
         document.getElementById('t-end-date').value = '2026-05-04';
         document.getElementById('t-chief-arbiter').value = '';",
        &[],
    );
    browser.click("#tournament-form button[type=submit]");
    // Round 1 is paired: the number of rounds changes only when confirmed
    // twice (FIDE mode, VCL4THP.13 Q58), in a dialog.
    for step in 1..=2 {
        wait(
            &browser,
            &format!(
                "return !!document.querySelector('dialog.confirm-dialog[open][data-step=\"{step}\"]');"
            ),
            "the confirmation of the number of rounds",
        );
        browser.run(
            "document.querySelector('dialog.confirm-dialog[open] button[data-action=\"confirm\"]').click();",
            &[],
        );
    }
    wait(
        &browser,
        &format!("return document.getElementById('form-notice').innerText.includes('{saved}');"),
        "the settings saved",
    );
    let t = get(&server, &format!("/api/v1/tournaments/{id}"));
    assert_eq!(t["rounds"], 4);
    assert_eq!(t["end_date"], "2026-05-04");
    assert_eq!(t["chief_arbiter"], Value::Null, "an emptied field clears");
    assert_eq!(t["place"], "Shanghai 上海");
    let first = "#players tbody tr:nth-child(1)";
    browser.run(
        "const c = document.querySelector(arguments[0] + ' .bye-controls');
         c.querySelectorAll('select')[0].value = '2';
         c.querySelectorAll('select')[1].value = 'half';",
        &[json!(first)],
    );
    browser.click(&format!("{first} button[data-action=bye]"));
    wait(
        &browser,
        &format!(
            "return document.querySelector('{first} td.status').innerText.includes('{bye_text}');"
        ),
        "the bye requested",
    );
    let last = "#players tbody tr:nth-child(8)";
    browser.click(&format!("{last} button[data-action=withdraw]"));
    wait(
        &browser,
        &format!("return !!document.querySelector('{last} button[data-action=reinstate]');"),
        "the player withdrawn",
    );
    browser.click("#players tbody tr:nth-child(2) button[data-action=edit]");
    browser.run(
        "const i = document.querySelector('#players tbody tr:nth-child(2) input[name=rating]');
         i.value = '2790';",
        &[],
    );
    // The event's regulations bar this player from half-point byes (Q175).
    browser.click("#players tbody tr:nth-child(2) input[name=no_half_point_byes]");
    browser.click("#players tbody tr:nth-child(2) button[data-action=save]");
    wait(
        &browser,
        "return document.querySelector('#players tbody tr:nth-child(2)').innerText.includes('2790');",
        "the rating corrected",
    );
    let barred = browser.run(
        "const row = document.querySelector('#players tbody tr:nth-child(2)');
         return [row.querySelector('td.status').textContent,
                 [...row.querySelectorAll('.bye-controls select')[1].options].map(o => o.value)];",
        &[],
    );
    let no_half = if lang == "zh" {
        "不得申请半分轮空"
    } else {
        "no half-point byes"
    };
    assert!(barred[0].as_str().unwrap().contains(no_half), "{barred}");
    assert_eq!(barred[1], json!(["zero", "full", "none"]), "{barred}");
    browser.run("document.getElementById('add-player').open = true;", &[]);
    browser.type_text("#p-name", "Late, Comer");
    browser.type_text("#p-rating", "1500");
    browser.click("#player-form button[type=submit]");
    wait(
        &browser,
        "return document.querySelectorAll('#players tbody tr').length === 9;",
        "the late entry",
    );
    let list = get(&server, &players_path);
    let list = list["players"].as_array().unwrap();
    assert_eq!(list[0]["requested_byes"], json!({ "2": "half" }));
    assert_eq!(list[7]["withdrawn_from"], 2);
    assert_eq!(list[1]["rating"], 2790);
    assert_eq!(list[1]["no_half_point_byes"], true);
    let late = list.iter().find(|p| p["name"] == "Late, Comer").unwrap();
    assert_eq!(late["joins_at"], 2);
    browser.screenshot(&shots.join(format!("organiser-players-{lang}.png")));

    // The rest of the Swiss through the page, round by round: pair the
    // next round, then every result by keyboard (the bye, the withdrawal
    // and the late entry above all count).
    for n in 2..=4_usize {
        browser.goto(&format!("{base}/console/tournaments/{id}?lang={lang}"));
        wait(
            &browser,
            &format!(
                "return document.querySelectorAll('a[data-results]').length === {};",
                n - 1
            ),
            &format!("the event page before round {n}"),
        );
        browser.click("#pair");
        wait(
            &browser,
            &format!("return !!document.querySelector(\"a[data-results='{n}']\");"),
            &format!("round {n} paired on the page"),
        );
        let round = get(&server, &format!("{rounds_path}/{n}"));
        let boards = round["boards"].as_array().unwrap().len();
        assert!(boards >= 3, "round {n}: {round}");
        browser.click(&format!("a[data-results='{n}']"));
        wait(
            &browser,
            "return document.activeElement?.id === 'entry';",
            &format!("round {n}'s results page"),
        );
        let keys: String = (1..=boards)
            .map(|b| format!("{b}{}", ["1", "=", "0"][(b + n) % 3]))
            .collect();
        browser.type_text("#entry", &keys);
        wait(
            &browser,
            &format!(
                "const c = [...document.querySelectorAll('#boards td.result')]; return c.length >= {boards} && c.every(x => x.textContent.trim());"
            ),
            &format!("round {n}'s {boards} results entered"),
        );
        let round = get(&server, &format!("{rounds_path}/{n}"));
        for b in round["boards"].as_array().unwrap() {
            assert!(
                b["result"].is_string(),
                "round {n}, board {}: {b}",
                b["board"]
            );
        }
    }
    // The final standings: each player's points are his results and byes
    // of the four rounds (a pairing-allocated or full-point bye 1, a
    // half-point bye ½, a zero-point bye or an absence 0).
    let mut want: std::collections::BTreeMap<String, f64> = std::collections::BTreeMap::new();
    for round in get(&server, &rounds_path)["rounds"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            let (w, bl) = match b["result"].as_str().unwrap() {
                "1-0" => (1.0, 0.0),
                "0-1" => (0.0, 1.0),
                _ => (0.5, 0.5),
            };
            *want
                .entry(b["white"]["name"].as_str().unwrap().to_owned())
                .or_default() += w;
            *want
                .entry(b["black"]["name"].as_str().unwrap().to_owned())
                .or_default() += bl;
        }
        for bye in round["byes"].as_array().unwrap() {
            let points = match bye["kind"].as_str().unwrap() {
                "pairing_allocated" | "full" => 1.0,
                "half" => 0.5,
                _ => 0.0,
            };
            *want
                .entry(bye["player"]["name"].as_str().unwrap().to_owned())
                .or_default() += points;
        }
    }
    browser.goto(&format!("{base}/t/{id}/standings?lang={lang}"));
    let rows = browser.run(
        "return [...document.querySelectorAll('table.standings tbody tr')].map(tr => [tr.cells[2].innerText.trim(), tr.cells[4].innerText.trim()]);",
        &[],
    );
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 9, "{rows:?}");
    for (name, want) in &want {
        let row = rows
            .iter()
            .find(|r| r[0].as_str().unwrap_or_default().contains(name.as_str()))
            .unwrap_or_else(|| panic!("{name} in {rows:?}"));
        assert!(
            (points(row[1].as_str().unwrap()) - want).abs() < 1e-9,
            "after four rounds, {name}: {row:?}, want {want}"
        );
    }
    browser.screenshot(&shots.join(format!("organiser-final-standings-{lang}.png")));
    browser.goto(&format!("{base}/console/tournaments/{id}?lang={lang}"));
    wait(
        &browser,
        "return document.querySelectorAll('a[data-results]').length === 4 && document.getElementById('pair').disabled;",
        "every round paired: nothing more to pair",
    );

    // The TRF export, imported through the new tournament page.
    let (status, trf) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/export/trf"),
        None,
        None,
    );
    assert_eq!(status, 200);
    let file = std::env::temp_dir().join(format!("organiser-{lang}-{}.trf", std::process::id()));
    std::fs::write(&file, trf.as_str().unwrap()).unwrap();
    browser.goto(&format!("{base}/console/tournaments/new?lang={lang}"));
    browser.type_text("#trf-file", &file.display().to_string());
    browser.click("#import-form button[type=submit]");
    wait(
        &browser,
        &format!(
            "return /^\\/console\\/tournaments\\/[0-9a-f-]{{36}}$/.test(location.pathname) && !location.pathname.endsWith('{id}') && document.querySelectorAll('#players tbody tr').length === 9;"
        ),
        "the imported tournament's page",
    );
    let _ = std::fs::remove_file(&file);
    browser.goto(&format!("{base}/console/tournaments/{id}?lang={lang}"));

    // A write without the CSRF token, with the session cookie: refused.
    let status = browser.run(
        "return fetch(arguments[0], { method: 'PATCH', credentials: 'same-origin',
             headers: { 'Content-Type': 'application/json' },
             body: JSON.stringify({ name: 'Forged' }) }).then(r => r.status);",
        &[json!(format!("/api/v1/tournaments/{id}"))],
    );
    assert_eq!(status, 403);
    // A forged form (no `csrf` field) granting ben a role: refused.
    browser.run(
        "const f = document.createElement('form');
         f.method = 'post'; f.action = '/account/roles';
         for (const [k, v] of [['user', 'ben'], ['tournament', arguments[0]], ['role', 'organiser']]) {
           const i = document.createElement('input'); i.name = k; i.value = v; f.append(i);
         }
         document.body.append(f); f.submit();",
        &[json!(id)],
    );
    wait(
        &browser,
        "return !!document.getElementById('refused') && document.readyState === 'complete';",
        "the forged form is refused",
    );
    assert_eq!(
        get(&server, &format!("/api/v1/tournaments/{id}"))["name"],
        "Spring Open 春季公开赛"
    );

    // Ben organises another tournament, not this one: refused in the page.
    sign_out(&browser, &base);
    sign_in(&browser, &base, lang, "ben", "ben's long password");
    browser.goto(&format!("{base}/console/tournaments/{id}?lang={lang}"));
    wait(
        &browser,
        "return document.querySelectorAll('#players tbody tr').length === 9;",
        "the event's page",
    );
    browser.run(
        "document.getElementById('t-name').value = 'Taken over';",
        &[],
    );
    browser.click("#tournament-form button[type=submit]");
    wait(
        &browser,
        "return document.getElementById('form-notice').innerText.includes('403');",
        "the refusal of the settings",
    );
    let said = text_of(&browser, "#form-notice");
    assert!(said.contains(forbidden_text), "{said}");
    browser.run(
        "document.getElementById('paste').value = 'Intruder, 1500';",
        &[],
    );
    browser.run("document.querySelector('#paste-players').open = true;", &[]);
    browser.click("#paste-submit");
    wait(
        &browser,
        "return document.getElementById('paste-notice').innerText.includes('403');",
        "the refusal of the paste",
    );
    browser.screenshot(&shots.join(format!("organiser-refused-{lang}.png")));
    let t = get(&server, &format!("/api/v1/tournaments/{id}"));
    assert_eq!(t["name"], "Spring Open 春季公开赛");
    assert_eq!(
        get(&server, &players_path)["players"]
            .as_array()
            .unwrap()
            .len(),
        9
    );
}

#[test]
fn an_organiser_signs_in_creates_a_tournament_pastes_players_pairs_and_enters_results_in_english() {
    runs_an_event("en");
}

#[test]
fn an_organiser_signs_in_creates_a_tournament_pastes_players_pairs_and_enters_results_in_chinese() {
    runs_an_event("zh");
}
