//! Board tablet links (issue 21) in a real browser, in English and
//! Chinese, screenshots under `target/screenshots/`: an arbiter (a user
//! with the arbiter role, signed in) makes a link for board 1 on the
//! round's tablets page and sees it, its QR code and the tournament's list;
//! a second browser (its own profile: no cookie of the arbiter's) opens the
//! link, lands on board 1's recording screen and records the start and a
//! move by clicks (the game log names `tablet:`); board 2's game refuses it
//! (403 `tablet_scope`, shown on the screen); the arbiter revokes the link
//! on the page and the tablet's next move is refused, the game unchanged.

use e2e::browser::{Browser, screenshot_dir};
use e2e::console::{game_shown, moves_shown, paired_event, play, sign_in, user_with_role, wait};
use e2e::{Server, call};
use serde_json::{Value, json};

/// A page's element's text (`''` when there is none).
fn text_of(browser: &Browser, selector: &str) -> String {
    browser
        .run(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';",
            &[json!(selector)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// A game's state and its log (the arbiter's view), through the API.
fn game(server: &Server, token: &str, id: &str) -> (Value, Value) {
    let (status, state) = call(server, "GET", &format!("/api/v1/games/{id}"), None, None);
    assert_eq!(status, 200, "{state}");
    let (status, log) = call(
        server,
        "GET",
        &format!("/api/v1/games/{id}/events"),
        Some(token),
        None,
    );
    assert_eq!(status, 200, "{log}");
    (state, log)
}

/// Waits for the recording screen's notice of `kind` and answers its text.
fn notice(browser: &Browser, kind: &str) -> String {
    wait(
        browser,
        &format!("return document.querySelector('#notice.{kind}:not([hidden])') !== null;"),
        &format!("a notice of kind {kind}"),
    );
    text_of(browser, "#notice")
}

fn a_tablet_records_its_board_only_until_revoked(lang: &str) {
    let zh = lang == "zh";
    let server = Server::start(&format!("tablets-{lang}"));
    let base = format!("http://{}", server.address);
    let shots = screenshot_dir();
    let (id, organiser, boards) = paired_event(
        &server,
        &["Wei Yi 韦奕", "Anna Smith", "Liu Yang 刘洋", "Tom Brown"],
    );
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0]["board"], 1);
    let game1 = boards[0]["game_id"].as_str().unwrap().to_owned();
    let game2 = boards[1]["game_id"].as_str().unwrap().to_owned();
    user_with_role(
        &server,
        "referee",
        "referee's long password",
        Some(&id),
        "arbiter",
    );
    let label = if zh {
        "A 厅 · 平板一"
    } else {
        "Hall A · tablet one"
    };

    // The arbiter makes a link for board 1 on the round's tablets page.
    let Some(arbiter) = Browser::open() else {
        return;
    };
    sign_in(&arbiter, &base, lang, "referee", "referee's long password");
    arbiter.goto(&format!(
        "{base}/console/tournaments/{id}/rounds/1/tablets?lang={lang}"
    ));
    wait(
        &arbiter,
        "return document.querySelectorAll('#tablet-form input[name=board]').length === 2;",
        "the round's two boards to pick",
    );
    assert_eq!(
        arbiter.count("#tablet-new[hidden]"),
        1,
        "no new link is shown before one is made"
    );
    // The checkboxes are checkboxes, not stretched like the label's field.
    let widths = arbiter.run(
        "return [...document.querySelectorAll('#tablet-form input[type=checkbox]')].map(i => i.getBoundingClientRect().width);",
        &[],
    );
    assert!(
        widths
            .as_array()
            .is_some_and(|w| w.len() == 3 && w.iter().all(|x| x.as_f64().is_some_and(|x| x < 32.0))),
        "checkbox widths {widths}"
    );
    arbiter.click("#tablet-form button[type=submit]");
    wait(
        &arbiter,
        "return document.getElementById('tablet-status').textContent.length > 0;",
        "nothing picked is said",
    );
    assert_eq!(
        text_of(&arbiter, "#tablet-status"),
        if zh {
            "请至少选择一个台次。"
        } else {
            "Pick at least one board."
        }
    );
    arbiter.click("#tablet-form input[name=board][value='1']");
    arbiter.type_text("#tablet-label", label);
    arbiter.click("#tablet-form button[type=submit]");
    wait(
        &arbiter,
        "return !document.getElementById('tablet-new').hidden \
         && document.querySelector('#tablet-qr svg path') !== null \
         && document.querySelectorAll('#tablet-links tbody tr').length === 1;",
        "the new link, its QR code and the list",
    );
    assert!(
        arbiter.run(
            "return document.getElementById('tablet-new').offsetParent !== null;",
            &[]
        ) == Value::Bool(true),
        "the new link is displayed"
    );
    assert_eq!(
        text_of(&arbiter, "#tablet-status"),
        if zh {
            "第 1 台的链接已生成。"
        } else {
            "The link for the chosen boards (1) is ready."
        }
    );
    let url = text_of(&arbiter, "#tablet-url");
    let secret = url
        .strip_prefix(&format!("{base}/tablet/"))
        .unwrap_or_else(|| panic!("the link {url} is on {base}"));
    assert!(
        secret.len() == 64 && secret.bytes().all(|b| b.is_ascii_hexdigit()),
        "{url}"
    );
    assert_eq!(
        arbiter.run("return document.getElementById('tablet-url').href;", &[]),
        json!(url)
    );
    let qr_width = arbiter.run(
        "return document.querySelector('#tablet-qr svg').getBoundingClientRect().width;",
        &[],
    );
    assert!(
        qr_width.as_f64().unwrap_or(0.0) >= 200.0,
        "the QR code is drawn large enough to scan: {qr_width}"
    );
    assert_eq!(
        arbiter.count("#tablet-form input[name=board]:checked"),
        0,
        "the form is cleared"
    );
    let row = "#tablet-links tbody tr";
    let link_id = arbiter
        .run(
            "return document.querySelector(arguments[0]).dataset.link;",
            &[json!(row)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let cells = arbiter.run(
        "return [...document.querySelectorAll(arguments[0] + ' td')].map(c => c.textContent);",
        &[json!(row)],
    );
    assert_eq!(cells[0], label, "{cells}");
    assert_eq!(cells[1], "1", "{cells}");
    assert_eq!(cells[2], "1", "{cells}");
    assert_eq!(
        cells[4],
        if zh { "撤销" } else { "Revoke" },
        "a revoke button: {cells}"
    );
    let (status, links) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/tablet-links"),
        Some(&organiser),
        None,
    );
    assert_eq!(status, 200, "{links}");
    assert_eq!(links["links"][0]["id"], link_id.as_str());
    assert_eq!(links["links"][0]["created_by"], "user:referee");
    arbiter.screenshot(&shots.join(format!("tablets-link-{lang}.png")));

    // A second browser, the tablet: it has never signed in.
    let Some(tablet) = Browser::open() else {
        return;
    };
    tablet.goto(&format!("{base}/tablet?lang={lang}"));
    assert!(
        tablet.text().contains(if zh {
            "此浏览器尚未以台次平板身份登录"
        } else {
            "This browser is not signed in as a board tablet"
        }),
        "{}",
        tablet.text()
    );
    // The link signs it in and opens board 1's recording screen.
    tablet.goto(&url);
    wait(
        &tablet,
        &format!("return location.pathname === '/console/games/{game1}';"),
        "board 1's recording screen",
    );
    game_shown(&tablet);
    let header = if zh {
        format!("台次平板：{label}")
    } else {
        format!("Board tablet: {label}")
    };
    assert!(tablet.text().contains(&header), "{}", tablet.text());
    tablet.click("button[data-type=start]");
    notice(&tablet, "ok");
    play(&tablet, "e2", "e4");
    let (state, log) = game(&server, &organiser, &game1);
    assert_eq!(state["moves"], json!(["e4"]), "{state}");
    let actors: Vec<&str> = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["actor"].as_str().unwrap_or_default())
        .collect();
    let tablet_actor = format!("tablet:{link_id}");
    assert_eq!(
        actors,
        [tablet_actor.as_str(), tablet_actor.as_str()],
        "{log}"
    );
    tablet.screenshot_at(&shots.join(format!("tablets-recording-{lang}.png")), 800);

    // Board 2 is not its board: the screen shows the refusal.
    tablet.goto(&format!("{base}/console/games/{game2}"));
    game_shown(&tablet);
    tablet.click("button[data-type=start]");
    let refused = notice(&tablet, "error");
    assert!(
        refused.contains("403")
            && refused.contains(if zh {
                "台次平板只能记录其本身台次的对局"
            } else {
                "A board tablet records the games of its own boards only"
            }),
        "{refused}"
    );
    let (state, log) = game(&server, &organiser, &game2);
    assert_eq!(state["status"], "scheduled", "{state}");
    assert_eq!(state["seq"], 0, "{state}");
    assert_eq!(log["events"], json!([]), "{log}");
    // Anything else through the API from the page: 403 tablet_scope.
    let scope = tablet.run(
        "const r = new XMLHttpRequest(); r.open('GET', '/api/v1/tournaments/' + arguments[0] + '/audit', false); r.send(); return [r.status, r.responseText];",
        &[json!(id)],
    );
    assert_eq!(scope[0], 403, "{scope}");
    assert!(
        scope[1]
            .as_str()
            .unwrap_or_default()
            .contains("tablet_scope"),
        "{scope}"
    );

    // The arbiter revokes the link on the page; the tablet is signed out.
    tablet.goto(&format!("{base}/console/games/{game1}"));
    game_shown(&tablet);
    arbiter.click(&format!("{row}[data-link='{link_id}'] button.revoke"));
    wait(
        &arbiter,
        "return document.querySelector('#tablet-links tbody tr.revoked') !== null;",
        "the link shown revoked",
    );
    assert_eq!(
        text_of(&arbiter, "#tablet-status"),
        if zh {
            "链接已撤销：其平板已退出登录。"
        } else {
            "The link is revoked: its tablets are signed out."
        }
    );
    assert_eq!(
        text_of(&arbiter, &format!("{row} td:last-child")),
        if zh { "已撤销" } else { "revoked" }
    );
    assert_eq!(arbiter.count(&format!("{row} button.revoke")), 0);
    let before = moves_shown(&tablet);
    tablet.click(".sq[data-square=e7]");
    tablet.click(".sq[data-square=e5]");
    let refused = notice(&tablet, "error");
    assert!(
        refused.contains("401")
            && refused.contains(if zh {
                "请先登录或使用 API 令牌"
            } else {
                "Sign in or use an API token first"
            }),
        "{refused}"
    );
    assert_eq!(moves_shown(&tablet), before);
    let (state, log) = game(&server, &organiser, &game1);
    assert_eq!(
        state["moves"],
        json!(["e4"]),
        "the game is unchanged: {state}"
    );
    assert_eq!(log["events"].as_array().map(Vec::len), Some(2), "{log}");
    // The link opens nothing any more.
    tablet.goto(&url);
    assert!(
        tablet.text().contains(if zh {
            "该平板链接不存在或已被撤销"
        } else {
            "this tablet link is unknown or was revoked"
        }),
        "{}",
        tablet.text()
    );
    tablet.goto(&format!("{base}/tablet"));
    assert!(
        tablet.text().contains(if zh {
            "此浏览器尚未以台次平板身份登录"
        } else {
            "This browser is not signed in as a board tablet"
        }),
        "{}",
        tablet.text()
    );
}

#[test]
fn a_tablet_link_made_on_the_page_records_its_board_only_until_revoked_in_english() {
    a_tablet_records_its_board_only_until_revoked("en");
}

#[test]
fn a_tablet_link_made_on_the_page_records_its_board_only_until_revoked_in_chinese() {
    a_tablet_records_its_board_only_until_revoked("zh");
}
