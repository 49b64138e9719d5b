//! FIDE mode in the console (issue 34 items 1–3), the real `arbiter serve`
//! and headless Chromium, in English and Chinese: an event's page shows
//! that it is in FIDE mode; once round 1 is paired, changing the number of
//! rounds in the settings form asks for confirmation twice in a dialog in
//! the reader's language (cancelled, nothing changes); leaving FIDE mode
//! the same way turns the marker into the permanent "outside FIDE mode"
//! notice, on the event page and on its round's results page. And the
//! round view's manual pairing (item 4): open, type the boards, save,
//! close with the engine's difference confirmed.

use e2e::browser::{Browser, screenshot_dir};
use e2e::console::{paired_event, use_token, wait};
use e2e::{Server, call};
use serde_json::json;

fn dialog_text(browser: &Browser) -> String {
    browser
        .run(
            "const d = document.querySelector('dialog.confirm-dialog[open]'); return d ? d.innerText : '';",
            &[],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn answer_dialog(browser: &Browser, action: &str, step: u32) {
    wait_dialog(browser, step);
    browser.run(
        "document.querySelector(`dialog.confirm-dialog[open] button[data-action=\"${arguments[0]}\"]`).click();",
        &[json!(action)],
    );
}

fn wait_dialog(browser: &Browser, step: u32) {
    wait(
        browser,
        &format!(
            "return !!document.querySelector('dialog.confirm-dialog[open][data-step=\"{step}\"]');"
        ),
        &format!("the confirmation dialog, step {step}"),
    );
}

fn leaves_fide_mode(lang: &str) {
    let server = Server::start(&format!("console-fide-mode-{lang}"));
    let names = ["Ding Liren 丁立人", "Alice Smith", "王皓", "Bob Jones"];
    let (id, organiser, _) = paired_event(&server, &names);
    let Some(browser) = Browser::open() else {
        return;
    };
    let shots = screenshot_dir();
    let (on, off, twice, rounds_warning) = match lang {
        "zh" => (
            "FIDE 模式",
            "非 FIDE 模式",
            "此更改需确认两次",
            "比赛开始后更改轮数",
        ),
        _ => (
            "FIDE mode",
            "Outside FIDE mode",
            "This needs two confirmations",
            "The number of rounds changes after play has started",
        ),
    };
    use_token(&browser, &server, lang, &organiser);
    let page = format!(
        "http://{}/console/tournaments/{id}?lang={lang}",
        server.address
    );
    browser.goto(&page);
    wait(
        &browser,
        "return document.getElementById('fide-mode')?.dataset.fideMode === 'on';",
        "the FIDE mode marker",
    );
    let marker = browser.run(
        "return document.getElementById('fide-mode').innerText;",
        &[],
    );
    assert_eq!(marker.as_str().unwrap().trim(), on);

    // The number of rounds after round 1: two confirmations; cancelled at
    // the second, nothing changes.
    browser.run(
        "document.getElementById('t-rounds').value = '5';
         document.querySelector('#tournament-form button[type=submit]').click();",
        &[],
    );
    answer_dialog(&browser, "confirm", 1);
    wait_dialog(&browser, 2);
    let said = dialog_text(&browser);
    assert!(
        said.contains(twice) && said.contains(rounds_warning),
        "{said}"
    );
    browser.screenshot(&shots.join(format!("fide-mode-confirm-{lang}.png")));
    answer_dialog(&browser, "cancel", 2);
    wait(
        &browser,
        "return !document.getElementById('form-notice').hidden;",
        "the form's notice after the cancel",
    );
    let (_, t) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        None,
        None,
    );
    assert_eq!(t["rounds"], 3, "{t}");

    // Leaving FIDE mode: two confirmations, then the permanent notice.
    browser.goto(&page);
    wait(
        &browser,
        "return !!document.getElementById('t-fide-mode');",
        "the settings form",
    );
    browser.run(
        "document.getElementById('t-fide-mode').value = 'off';
         document.querySelector('#tournament-form button[type=submit]').click();",
        &[],
    );
    answer_dialog(&browser, "confirm", 1);
    answer_dialog(&browser, "confirm", 2);
    wait(
        &browser,
        "return document.getElementById('form-notice').classList.contains('ok');",
        "the settings saved",
    );
    let (_, t) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        None,
        None,
    );
    assert_eq!(t["fide_mode"], false, "{t}");
    for path in [
        format!("/console/tournaments/{id}?lang={lang}"),
        format!("/console/tournaments/{id}/rounds/1/results?lang={lang}"),
    ] {
        browser.goto(&format!("http://{}{path}", server.address));
        wait(
            &browser,
            "return document.getElementById('fide-mode')?.dataset.fideMode === 'off';",
            "the outside-FIDE-mode notice",
        );
        let marker = browser.run(
            "return document.getElementById('fide-mode').innerText;",
            &[],
        );
        assert!(marker.as_str().unwrap().contains(off), "{marker}");
    }
    browser.screenshot(&shots.join(format!("fide-mode-left-{lang}.png")));
}

#[test]
fn an_organiser_confirms_twice_to_leave_fide_mode_and_every_console_page_then_says_so_in_english() {
    leaves_fide_mode("en");
}

#[test]
fn an_organiser_confirms_twice_to_leave_fide_mode_and_every_console_page_then_says_so_in_chinese() {
    leaves_fide_mode("zh");
}

/// Issue 34 item 4 in the console: the event page's round view opens the
/// manual phase, the arbiter types the round's boards (a line it cannot
/// read is named in the reader's language), saves, and closes the phase,
/// confirming the difference from the engine's pairing in a dialog; the
/// TRF then carries the `### MPA` line.
fn pairs_by_hand(lang: &str) {
    let server = Server::start(&format!("console-manual-{lang}"));
    let names = ["Ding Liren 丁立人", "Alice Smith", "王皓", "Bob Jones"];
    let (id, organiser, boards) = paired_event(&server, &names);
    let Some(browser) = Browser::open() else {
        return;
    };
    let sn = |b: &serde_json::Value, side: &str| b[side]["start_number"].as_i64().unwrap();
    let (unread, closed) = match lang {
        "zh" => ("第 2 行既不是一台对局", "第 1 轮的人工编排阶段已结束"),
        _ => (
            "Line 2 is neither a board",
            "The manual phase of round 1 is closed",
        ),
    };
    use_token(&browser, &server, lang, &organiser);
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}?lang={lang}",
        server.address
    ));
    wait(
        &browser,
        "return !document.getElementById('manual').hidden;",
        "the manual pairing button",
    );
    browser.click("#manual");
    wait(
        &browser,
        "return !document.getElementById('manual-editor').hidden && document.getElementById('manual-boards').value.trim().split('\\n').length === 2;",
        "the manual phase's editor with the round's boards",
    );
    browser.run(
        "document.getElementById('manual-boards').value = arguments[0];
         document.getElementById('manual-save').click();",
        &[json!(format!(
            "{} {}\nthree",
            sn(&boards[0], "white"),
            sn(&boards[0], "black")
        ))],
    );
    wait(
        &browser,
        "return document.getElementById('manual-notice').classList.contains('error');",
        "the unreadable line named",
    );
    let said = browser.run(
        "return document.getElementById('manual-notice').innerText;",
        &[],
    );
    assert!(said.as_str().unwrap().contains(unread), "{said}");
    // Board 1's colours exchanged.
    let text = format!(
        "{} {}\n{} {}",
        sn(&boards[0], "black"),
        sn(&boards[0], "white"),
        sn(&boards[1], "white"),
        sn(&boards[1], "black")
    );
    browser.run(
        "document.getElementById('manual-boards').value = arguments[0];
         document.getElementById('manual-save').click();",
        &[json!(text)],
    );
    wait(
        &browser,
        "return document.getElementById('manual-notice').classList.contains('ok');",
        "the pairing saved",
    );
    browser.screenshot(&screenshot_dir().join(format!("manual-pairing-{lang}.png")));
    browser.click("#manual-close");
    answer_dialog(&browser, "confirm", 1);
    wait(
        &browser,
        "return document.getElementById('manual-editor').hidden && document.getElementById('round-notice').classList.contains('ok');",
        "the manual phase closed",
    );
    let said = browser.run(
        "return document.getElementById('round-notice').innerText;",
        &[],
    );
    assert!(said.as_str().unwrap().contains(closed), "{said}");
    let (_, round) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds/1"),
        None,
        None,
    );
    assert_eq!(
        round["boards"][0]["white"]["start_number"],
        sn(&boards[0], "black")
    );
    let (status, trf) = e2e::call_raw(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/export/trf"),
        None,
        None,
    );
    assert_eq!(status, 200);
    let trf = trf.as_str().unwrap_or_default();
    assert!(
        trf.contains("### MPA @ Round 1: the rules pair it "),
        "{trf}"
    );
}

#[test]
fn an_arbiter_pairs_a_round_by_hand_and_closes_its_manual_phase_in_english() {
    pairs_by_hand("en");
}

#[test]
fn an_arbiter_pairs_a_round_by_hand_and_closes_its_manual_phase_in_chinese() {
    pairs_by_hand("zh");
}

/// Q189–Q193 in the console: once round 2 is paired, correcting a round 1
/// result on its results page asks for confirmation in the reader's
/// language, and the board then shows the result the pairings keep with
/// the correction for the rating report beside it.
fn corrects_an_earlier_round(lang: &str) {
    let server = Server::start(&format!("console-correction-{lang}"));
    let names = ["Ding Liren 丁立人", "Alice Smith", "王皓", "Bob Jones"];
    let (id, organiser, boards) = paired_event(&server, &names);
    for board in 1..=boards.len() {
        let (status, body) = call(
            &server,
            "PUT",
            &format!("/api/v1/tournaments/{id}/rounds/1/boards/{board}/result"),
            Some(&organiser),
            Some(&json!({ "result": "1-0" })),
        );
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = call(
        &server,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&organiser),
        Some(&json!({})),
    );
    assert_eq!(status, 201, "{body}");
    let Some(browser) = Browser::open() else {
        return;
    };
    let (warning, rating_only) = match lang {
        "zh" => ("编排数据保留原成绩", "等级分报告按 0-1"),
        _ => ("the pairings keep its result", "0-1 for the rating report"),
    };
    use_token(&browser, &server, lang, &organiser);
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}/rounds/1/results?lang={lang}",
        server.address
    ));
    wait(
        &browser,
        "return document.activeElement?.id === 'entry';",
        "the entry field",
    );
    browser.type_text("#entry", "10");
    wait_dialog(&browser, 1);
    let said = dialog_text(&browser);
    assert!(said.contains(warning), "{said}");
    browser.screenshot(&screenshot_dir().join(format!("console-correction-dialog-{lang}.png")));
    answer_dialog(&browser, "confirm", 1);
    wait(
        &browser,
        &format!(
            "return document.querySelector('#boards tr[data-board=\"1\"] td.result').textContent.includes('{rating_only}');"
        ),
        "the correction beside the result",
    );
    let (_, round) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds/1"),
        None,
        None,
    );
    assert_eq!(round["boards"][0]["result"], "1-0", "{round}");
    assert_eq!(round["boards"][0]["rating_result"], "0-1", "{round}");
    // The page as served shows it too.
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}/rounds/1/results?lang={lang}",
        server.address
    ));
    wait(
        &browser,
        &format!(
            "return document.querySelector('#boards tr[data-board=\"1\"] td.result').textContent.includes('{rating_only}');"
        ),
        "the correction on the served page",
    );
    browser.screenshot(&screenshot_dir().join(format!("console-correction-{lang}.png")));
}

#[test]
fn an_arbiter_corrects_an_earlier_round_for_the_rating_report_only_in_english() {
    corrects_an_earlier_round("en");
}

#[test]
fn an_arbiter_corrects_an_earlier_round_for_the_rating_report_only_in_chinese() {
    corrects_an_earlier_round("zh");
}

/// Q54–Q55 and Q174 in the console: a TRF whose round breaks the pairing
/// rules is imported only once the arbiter confirms the warning in a dialog
/// in the reader's language (cancelled, nothing is imported); a second
/// half-point bye asked for on the players' list is confirmed the same way.
fn confirms_an_import_and_a_second_half_point_bye(lang: &str) {
    let server = Server::start(&format!("console-import-warning-{lang}"));
    let (_, organiser, _) = paired_event(&server, &["A, One", "B, Two", "C, Three", "D, Four"]);
    let Some(browser) = Browser::open() else {
        return;
    };
    let (breaks, second) = match lang {
        "zh" => ("导入的某一轮违反编排规则", "已有一次半分轮空"),
        _ => (
            "An imported round breaks the pairing rules",
            "already has a half-point bye",
        ),
    };
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/tournament/tests/fixtures/checker/rematch-in-round-2.trf")
        .canonicalize()
        .expect("the checker's fixture");
    let count = || {
        let (_, list) = call(&server, "GET", "/api/v1/tournaments", None, None);
        list["tournaments"].as_array().map_or(0, Vec::len)
    };
    let before = count();
    use_token(&browser, &server, lang, &organiser);
    browser.goto(&format!(
        "http://{}/console/tournaments/new?lang={lang}",
        server.address
    ));
    browser.type_text("#trf-file", &fixture.display().to_string());
    browser.click("#import-form button[type=submit]");
    wait_dialog(&browser, 1);
    let said = dialog_text(&browser);
    assert!(said.contains(breaks), "{said}");
    browser.screenshot(&screenshot_dir().join(format!("console-import-warning-{lang}.png")));
    answer_dialog(&browser, "cancel", 1);
    assert_eq!(count(), before, "cancelled: nothing imported");
    browser.click("#import-form button[type=submit]");
    answer_dialog(&browser, "confirm", 1);
    wait(
        &browser,
        "return /^\\/console\\/tournaments\\/[0-9a-f-]{36}$/.test(location.pathname) && document.querySelectorAll('#players tbody tr').length === 6;",
        "the imported tournament's page",
    );
    assert_eq!(count(), before + 1);

    // A second half-point bye for player 1: level 3, confirmed in a dialog.
    wait(
        &browser,
        "return !!document.querySelector('#players tbody tr:nth-child(1) .bye-controls');",
        "the bye controls",
    );
    let ask = |round: u32| {
        browser.run(
            "const row = document.querySelector('#players tbody tr:nth-child(1)');
             const [round, kind] = row.querySelectorAll('.bye-controls select');
             round.value = String(arguments[0]); kind.value = 'half';
             row.querySelector('button[data-action=bye]').click();",
            &[json!(round)],
        );
    };
    ask(3);
    wait(
        &browser,
        "return document.querySelector('#players tbody tr:nth-child(1) td.status').textContent.includes('3');",
        "the first half-point bye",
    );
    ask(4);
    wait_dialog(&browser, 1);
    let said = dialog_text(&browser);
    assert!(said.contains(second), "{said}");
    answer_dialog(&browser, "confirm", 1);
    wait(
        &browser,
        "return document.querySelector('#players tbody tr:nth-child(1) td.status').textContent.includes('4');",
        "the second half-point bye, confirmed",
    );
}

#[test]
fn an_import_breaking_the_pairing_rules_and_a_second_half_point_bye_are_confirmed_in_english() {
    confirms_an_import_and_a_second_half_point_bye("en");
}

#[test]
fn an_import_breaking_the_pairing_rules_and_a_second_half_point_bye_are_confirmed_in_chinese() {
    confirms_an_import_and_a_second_half_point_bye("zh");
}

/// Q157–Q161 in a browser: a game marked adjourned on the results page
/// (`a`) makes the public standings provisional, and pairing the next round
/// from the event page asks for an acknowledgement (level 2) in the
/// reader's language before it pairs on the adjourned game as a draw.
fn pairs_with_an_adjourned_game(lang: &str) {
    let server = Server::start(&format!("console-adjourned-{lang}"));
    let names = ["Ding Liren 丁立人", "Alice Smith", "王皓", "Bob Jones"];
    let (id, organiser, _) = paired_event(&server, &names);
    let Some(browser) = Browser::open() else {
        return;
    };
    let (provisional, adjourned, adj) = match lang {
        "zh" => ("临时排名", "封棋对局按和棋计算", "封棋"),
        _ => ("Provisional", "Adjourned games count as draws", "adjourned"),
    };
    use_token(&browser, &server, lang, &organiser);
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}/rounds/1/results?lang={lang}",
        server.address
    ));
    wait(
        &browser,
        "return document.activeElement?.id === 'entry';",
        "the entry field",
    );
    browser.type_text("#entry", "112a");
    // The board says it in the reader's words, not the API's code `adj`.
    wait(
        &browser,
        &format!(
            "return document.querySelector('#boards tr[data-board=\"2\"] td.result').textContent.trim() === '{adj}';"
        ),
        "board 2 adjourned",
    );
    browser.goto(&format!(
        "http://{}/t/{id}/standings?lang={lang}",
        server.address
    ));
    let notice = browser.run(
        "const p = document.getElementById('provisional'); return p ? p.textContent : '';",
        &[],
    );
    assert!(
        notice.as_str().unwrap_or_default().contains(provisional),
        "{notice}"
    );
    browser.screenshot(&screenshot_dir().join(format!("standings-provisional-{lang}.png")));
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}?lang={lang}",
        server.address
    ));
    wait(
        &browser,
        "return !!document.getElementById('pair') && !document.getElementById('pair').hidden;",
        "the pair button",
    );
    browser.click("#pair");
    wait(
        &browser,
        "return !!document.querySelector('dialog.confirm-dialog[open][data-level=\"2\"]');",
        "the level 2 acknowledgement",
    );
    let said = dialog_text(&browser);
    assert!(said.contains(adjourned), "{said}");
    answer_dialog(&browser, "confirm", 1);
    wait(
        &browser,
        &format!(
            "return fetch('/api/v1/tournaments/{id}/rounds').then(r => r.json()).then(b => b.rounds.length === 2);"
        ),
        "round 2 paired",
    );
    let (_, rounds) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds"),
        None,
        None,
    );
    assert_eq!(
        rounds["rounds"].as_array().map(Vec::len),
        Some(2),
        "{rounds}"
    );
}

#[test]
fn a_round_is_paired_on_an_adjourned_game_once_acknowledged_and_standings_say_provisional_in_english()
 {
    pairs_with_an_adjourned_game("en");
}

#[test]
fn a_round_is_paired_on_an_adjourned_game_once_acknowledged_and_standings_say_provisional_in_chinese()
 {
    pairs_with_an_adjourned_game("zh");
}

/// Q197–Q198 in the console: the arbiter expels a player from the players'
/// list, asked first in a dialog in the reader's language (cancelled,
/// nothing changes); the player is then marked expelled and withdrawn, his
/// withdrawal cannot be taken back from the list while he stands expelled,
/// the Swiss standings leave him out, and the expulsion can be taken back.
fn expels_a_player(lang: &str) {
    let server = Server::start(&format!("console-expel-{lang}"));
    let names = ["Ding Liren 丁立人", "Alice Smith", "王皓", "Bob Jones"];
    let (id, organiser, _) = paired_event(&server, &names);
    let Some(browser) = Browser::open() else {
        return;
    };
    let (question, expelled) = match lang {
        "zh" => ("取消 Bob Jones 的比赛资格", "已被取消比赛资格"),
        _ => ("Expel Bob Jones?", "expelled"),
    };
    let players_path = format!("/api/v1/tournaments/{id}/players");
    let bob = |server: &Server| {
        let (_, list) = call(server, "GET", &players_path, None, None);
        list["players"]
            .as_array()
            .and_then(|l| l.iter().find(|p| p["name"] == "Bob Jones"))
            .cloned()
            .unwrap_or_else(|| panic!("no Bob Jones: {list}"))
    };
    let row = format!(
        "#players tbody tr:nth-child({})",
        bob(&server)["start_number"]
    );
    use_token(&browser, &server, lang, &organiser);
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}?lang={lang}",
        server.address
    ));
    wait(
        &browser,
        &format!("return !!document.querySelector('{row} button[data-action=expel]');"),
        "the players' list",
    );
    browser.click(&format!("{row} button[data-action=expel]"));
    wait_dialog(&browser, 1);
    let said = dialog_text(&browser);
    assert!(said.contains(question), "{said}");
    answer_dialog(&browser, "cancel", 1);
    assert_eq!(
        bob(&server).get("expelled"),
        None,
        "cancelled: nothing changes"
    );
    browser.click(&format!("{row} button[data-action=expel]"));
    answer_dialog(&browser, "confirm", 1);
    wait(
        &browser,
        &format!(
            "return !!document.querySelector('{row} button[data-action=unexpel]')
                 && document.querySelector('{row} td.status').innerText.includes('{expelled}');"
        ),
        "the player marked expelled",
    );
    assert_eq!(
        browser.count(&format!("{row} button[data-action=reinstate]")),
        0,
        "no reinstatement while expelled"
    );
    browser.screenshot(&screenshot_dir().join(format!("console-expelled-{lang}.png")));
    let p = bob(&server);
    assert_eq!(
        (&p["expelled"], &p["withdrawn_from"]),
        (&json!(true), &json!(2)),
        "{p}"
    );
    let (_, standings) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/standings"),
        None,
        None,
    );
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "{standings}");
    assert!(rows.iter().all(|r| r["name"] != "Bob Jones"), "{standings}");
    browser.click(&format!("{row} button[data-action=unexpel]"));
    wait(
        &browser,
        &format!("return !!document.querySelector('{row} button[data-action=reinstate]');"),
        "the expulsion taken back",
    );
    assert_eq!(bob(&server).get("expelled"), None);
}

#[test]
fn an_arbiter_expels_a_player_after_a_dialog_and_takes_it_back_in_english() {
    expels_a_player("en");
}

#[test]
fn an_arbiter_expels_a_player_after_a_dialog_and_takes_it_back_in_chinese() {
    expels_a_player("zh");
}
