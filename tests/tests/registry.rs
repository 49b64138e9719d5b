//! The registry in the console (issue 37), in Chromium, English and
//! Chinese: FIDE's TXT list imported from a file on the registry screen,
//! players found on the event's page by name, by pinyin or characters, and
//! added from the list; a player typed in who looks like a registered
//! person offered the candidates and linked; the event closed from its
//! page; the person's page and the ladder. Screenshots under
//! `target/screenshots/registry-*.png`.

use e2e::browser::{Browser, screenshot_dir};
use e2e::console::{use_token, wait};
use e2e::{Server, expect, organiser_token};
use serde_json::{Value, json};

fn type_search(browser: &Browser, text: &str) {
    browser.run(
        "const q = document.getElementById('registry-q'); q.value = ''; q.focus();",
        &[],
    );
    browser.type_text("#registry-q", text);
}

fn registers_players_from_an_imported_list(lang: &str) {
    let Some(browser) = Browser::open() else {
        return;
    };
    let server = Server::start(&format!("registry-{lang}"));
    let base = format!("http://{}", server.address);
    let shots = screenshot_dir();
    let token = organiser_token(&server);
    use_token(&browser, &server, lang, &token);

    // The registry screen: the list's file is chosen and imported.
    browser.goto(&format!("{base}/console/registry?lang={lang}"));
    // FIDE's file is Latin-1; the page sends what the reader chose.
    let list: String = include_bytes!("../../crates/registry/tests/data/players_list_foa.txt")
        .iter()
        .map(|&b| char::from(b))
        .collect();
    browser.run(
        "const t = new DataTransfer();
         t.items.add(new File([arguments[0]], 'players_list_foa.txt', { type: 'text/plain' }));
         document.getElementById('list-file').files = t.files;
         document.getElementById('list-month').value = '2026-12';",
        &[json!(list)],
    );
    browser.click("#list-form button[type=submit]");
    wait(
        &browser,
        "return document.querySelectorAll('#lists tbody tr').length === 1 && /6/.test(document.getElementById('list-notice').innerText);",
        "the list is imported",
    );
    let ready = match lang {
        "zh" => "就绪",
        _ => "ready",
    };
    assert!(browser.text().contains(ready), "{}", browser.text());
    browser.screenshot(&shots.join(format!("registry-lists-{lang}.png")));

    // An event's page finds players in the list and adds them.
    let t = expect(
        &server,
        201,
        "POST",
        "/api/v1/tournaments",
        Some(&token),
        Some(&json!({ "name": "Club Open", "system": "swiss-dutch", "rounds": 3 })),
    );
    let t = t["id"].as_str().unwrap().to_owned();
    browser.goto(&format!("{base}/console/tournaments/{t}?lang={lang}"));
    wait(
        &browser,
        "return !!document.getElementById('registry-q');",
        "the event's page",
    );
    // The event takes its ratings from the FIDE list's rapid ratings.
    wait(
        &browser,
        "return [...document.querySelectorAll('#rl-list option')].some(o => o.value === 'fide');",
        "the ready lists are offered",
    );
    browser.run(
        "document.getElementById('rating-choice').open = true;
         document.getElementById('rl-list').value = 'fide';
         document.getElementById('rl-kind').value = 'rapid';",
        &[],
    );
    browser.click("#rating-list-form button[type=submit]");
    wait(
        &browser,
        "return !!document.getElementById('rating-list') && !!document.getElementById('registry-q');",
        "the page says where the ratings come from",
    );
    for (query, name) in [
        ("Carlsen", "Carlsen, Magnus"),
        ("丁立人", "Ding, Liren"),
        ("Maxime Vachier Lagrave", "Vachier-Lagrave, Maxime"),
    ] {
        type_search(&browser, query);
        wait(
            &browser,
            &format!(
                "return [...document.querySelectorAll('#registry-results li')].some(li => li.innerText.includes({}));",
                json!(name)
            ),
            name,
        );
        if query == "丁立人" {
            browser.screenshot(&shots.join(format!("registry-search-{lang}.png")));
        }
        browser.click("#registry-results li button[data-action=add-found]");
        wait(
            &browser,
            &format!(
                "return [...document.querySelectorAll('#players tbody tr')].some(tr => tr.innerText.includes({}));",
                json!(name)
            ),
            "the player is added",
        );
    }
    let players = expect(
        &server,
        200,
        "GET",
        &format!("/api/v1/tournaments/{t}/players"),
        None,
        None,
    );
    let players = players["players"].as_array().unwrap().clone();
    assert_eq!(players.len(), 3);
    let carlsen = players
        .iter()
        .find(|p| p["name"] == "Carlsen, Magnus")
        .unwrap();
    assert_eq!(
        (carlsen["rating"].as_i64(), carlsen["federation"].as_str()),
        (Some(2823), Some("NOR")),
        "the FIDE rapid rating, as chosen"
    );
    let person = carlsen["person_id"].as_str().expect("linked").to_owned();

    // Someone typed in who is registered already: the page asks.
    expect(
        &server,
        201,
        "POST",
        "/api/v1/people",
        Some(&token),
        Some(&json!({ "name": "Nakamura, Hikaru", "federation": "USA" })),
    );
    browser.run("document.getElementById('add-player').open = true;", &[]);
    browser.type_text("#p-name", "Hikaru Nakamura");
    browser.type_text("#p-rating", "2760");
    browser.click("#player-form button[type=submit]");
    wait(
        &browser,
        "return !document.getElementById('duplicate-choice').hidden;",
        "the candidates are shown",
    );
    let asked = browser.run(
        "return document.getElementById('duplicate-choice').innerText;",
        &[],
    );
    assert!(
        asked.as_str().unwrap().contains("Nakamura, Hikaru"),
        "{asked}"
    );
    browser.screenshot(&shots.join(format!("registry-duplicate-{lang}.png")));
    browser.click("#duplicate-choice button[data-action=same-person]");
    wait(
        &browser,
        "return document.querySelectorAll('#players tbody tr').length === 4;",
        "the player is added, linked",
    );
    let players = expect(
        &server,
        200,
        "GET",
        &format!("/api/v1/tournaments/{t}/players"),
        None,
        None,
    );
    let nakamura: Vec<&Value> = players["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["name"] == "Hikaru Nakamura")
        .collect();
    assert_eq!(nakamura.len(), 1);
    assert!(
        nakamura[0]["person_id"].is_string(),
        "linked: {:?}",
        nakamura[0]
    );

    // Play one round through the API, then close the event on its page.
    let round = expect(
        &server,
        201,
        "POST",
        &format!("/api/v1/tournaments/{t}/rounds"),
        Some(&token),
        Some(&json!({})),
    );
    for b in round["boards"].as_array().unwrap() {
        let n = b["board"].as_i64().unwrap();
        expect(
            &server,
            200,
            "PUT",
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/{n}/result"),
            Some(&token),
            Some(&json!({ "result": "1-0" })),
        );
    }
    browser.goto(&format!("{base}/console/tournaments/{t}?lang={lang}"));
    browser.click("#close-event");
    wait(
        &browser,
        "return !!document.getElementById('closed-at') && !document.getElementById('reopen-event').hidden;",
        "the event is closed",
    );
    let after = expect(
        &server,
        200,
        "GET",
        &format!("/api/v1/tournaments/{t}"),
        None,
        None,
    );
    assert!(after["closed_at"].is_string(), "{after}");

    // The person's page: the list's ratings and the closed event.
    browser.goto(&format!("{base}/people/{person}?lang={lang}"));
    let page = browser.text();
    let (ratings, events) = match lang {
        "zh" => ("等级分", "已结束的比赛"),
        _ => ("Ratings", "Closed events"),
    };
    assert!(
        page.contains("Carlsen, Magnus") && page.contains("2831") && page.contains("2887"),
        "{page}"
    );
    assert!(
        page.contains(ratings) && page.contains(events) && page.contains("Club Open"),
        "{page}"
    );
    browser.screenshot(&shots.join(format!("registry-person-{lang}.png")));
    // The registry screen corrects a person; the field is kept as a local edit.
    browser.goto(&format!("{base}/console/registry?lang={lang}"));
    browser.type_text("#people-q", "Carlsen");
    wait(
        &browser,
        "return !!document.querySelector('#people-results li[data-person] button[data-action=edit-person]');",
        "the person is found",
    );
    browser.click("#people-results li[data-person] button[data-action=edit-person]");
    wait(
        &browser,
        "return !document.getElementById('person-form').hidden && document.getElementById('pe-name').value !== '';",
        "the person's form",
    );
    browser.type_text("#pe-club", "Oslo SK");
    browser.click("#person-form button[type=submit]");
    wait(
        &browser,
        "return document.getElementById('person-notice').innerText.trim() !== '';",
        "saved",
    );
    let corrected = expect(
        &server,
        200,
        "GET",
        &format!("/api/v1/people/{person}"),
        Some(&token),
        None,
    );
    assert_eq!(corrected["club"], "Oslo SK", "{corrected}");
    assert!(
        corrected["local_edits"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f == "club"),
        "{corrected}"
    );
    browser.screenshot(&shots.join(format!("registry-people-{lang}.png")));
    browser.goto(&format!("{base}/ladder?lang={lang}"));
    assert_eq!(browser.count("h1"), 1);
}

#[test]
fn an_organiser_registers_players_from_an_imported_list_in_english() {
    registers_players_from_an_imported_list("en");
}

#[test]
fn an_organiser_registers_players_from_an_imported_list_in_chinese() {
    registers_players_from_an_imported_list("zh");
}
