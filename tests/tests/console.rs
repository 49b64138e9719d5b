//! The console (issue 21) as an arbiter and an organiser use it: the real
//! `arbiter serve`, headless Chromium clicking and typing, in English and
//! Chinese, screenshots under `target/screenshots/`. Today the console
//! authenticates with an API token kept in the tab (`auth.js`); sessions
//! come with the accounts work.
//!
//! - An arbiter records a game by clicks: the start, moves on the board, a
//!   touch that binds (Art. 7.2), an incorrect draw claim (five minutes
//!   added to the claimant's used time, Art. 10.13(2)), an event the Laws
//!   refuse (422, nothing changes); a second arbiter's stale screen gets
//!   the 409 path and reloads.
//! - An organiser enters a round's results by keyboard, corrects one (the
//!   audit shows it), and the standings count them.

use e2e::browser::{Browser, screenshot_dir};
use e2e::console::{WAIT, moves_shown, open_game, paired_event, play, use_token, wait};
use e2e::{ADMIN, Server, call};
use serde_json::json;

/// Waits for a ruling of `code` in the screen's rulings.
fn ruling(browser: &Browser, code: &str) -> String {
    let selector = format!("#rulings li.ruling[data-code={code}]");
    let script = format!("return document.querySelector('{selector}') !== null;");
    assert!(
        browser.wait_for(&script, WAIT),
        "{code}: {}",
        browser.text()
    );
    browser
        .run(
            "return document.querySelector(arguments[0]).textContent;",
            &[json!(selector)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn clock_ms(browser: &Browser, colour: &str) -> i64 {
    browser
        .run(
            "return Number(document.querySelector(`.clock[data-colour=${arguments[0]}] .time`).dataset.ms);",
            &[json!(colour)],
        )
        .as_i64()
        .unwrap_or(i64::MIN)
}

fn records_a_game(lang: &str) {
    let server = Server::start(&format!("console-record-{lang}"));
    let (id, organiser, boards) = paired_event(
        &server,
        &["Wei Yi 韦奕", "Anna Smith", "Liu Yang 刘洋", "Tom Brown"],
    );
    let game = boards[0]["game_id"].as_str().unwrap().to_owned();
    let (status, arbiter) = call(
        &server,
        "POST",
        "/api/v1/tokens",
        Some(&organiser),
        Some(&json!({ "role": "arbiter", "tournament_id": id })),
    );
    assert_eq!(status, 201, "{arbiter}");
    let arbiter = arbiter["token"].as_str().unwrap();
    let Some(a) = Browser::open() else { return };
    use_token(&a, &server, lang, arbiter);
    open_game(&a, &server, &game);
    let zh = lang == "zh";
    assert!(
        a.text().contains(if zh { "未开始" } else { "not started" }),
        "{}",
        a.text()
    );

    // The clocks start; moves by clicks, legal destinations highlighted.
    a.click("button[data-type=start]");
    ruling(&a, "clock_started");
    assert_eq!(a.count(".clock.running[data-colour=white]"), 1);
    play(&a, "e2", "e4");
    assert_eq!(a.count(".sq.dest"), 0, "nothing selected after the move");
    play(&a, "e7", "e5");

    // Art. 7.2: White touches the knight on g1; only its moves remain.
    a.click(".sq[data-square=g1]");
    a.click("button[data-type=touch]");
    let text = ruling(&a, "touch_move_obligation");
    assert!(text.contains("7.2"), "{text}");
    assert_eq!(a.count(".sq.movable"), 1, "only the knight may move");
    assert_eq!(a.count(".sq.movable[data-square=g1]"), 1);
    a.click(".sq[data-square=d2]");
    assert_eq!(a.count(".sq.dest"), 0, "the d-pawn is bound by the touch");
    play(&a, "g1", "f3");

    // Art. 10.13(2): Black claims a threefold repetition wrongly; five
    // minutes are added to his used time.
    let before = clock_ms(&a, "black");
    a.click("details[data-type=claim_draw] summary");
    a.click("details[data-type=claim_draw] button[type=submit]");
    let text = ruling(&a, "incorrect_claim_time_penalty");
    assert!(text.contains("10.13(2)"), "{text}");
    assert!(
        text.contains(if zh {
            "申诉不成立"
        } else {
            "Incorrect claim"
        }),
        "{text}"
    );
    let after = clock_ms(&a, "black");
    assert!(
        before - after >= 5 * 60_000 && before - after < 5 * 60_000 + 30_000,
        "black's clock went from {before} to {after} ms"
    );

    // A 422: there is no draw offer to accept; nothing changes.
    let moves = moves_shown(&a);
    a.click("button[data-type=accept_draw]");
    assert!(
        a.wait_for(
            "return document.querySelector('#notice.error') !== null;",
            WAIT
        ),
        "{}",
        a.text()
    );
    let notice = a.run("return document.getElementById('notice').textContent;", &[]);
    let notice = notice.as_str().unwrap_or_default();
    assert!(
        notice.contains(if zh {
            "没有可接受或拒绝的提和"
        } else {
            "no draw offer to accept"
        }) && notice.contains(if zh { "第 10.6 条" } else { "Art. 10.6" }),
        "{notice}"
    );
    assert_eq!(moves_shown(&a), moves);
    let dir = screenshot_dir();
    a.screenshot(&dir.join(format!("console-recording-{lang}.png")));
    a.screenshot_at(
        &dir.join(format!("console-recording-tablet-{lang}.png")),
        800,
    );

    // A second arbiter's screen is stale once the first records: its
    // move gets 409, it says so and reloads.
    let Some(b) = Browser::open() else { return };
    use_token(&b, &server, lang, arbiter);
    open_game(&b, &server, &game);
    play(&a, "b8", "c6");
    b.click(".sq[data-square=g8]");
    b.click(".sq[data-square=f6]");
    assert!(
        b.wait_for(
            "return document.querySelector('#notice.warning') !== null;",
            WAIT
        ),
        "{}",
        b.text()
    );
    let notice = b.run("return document.getElementById('notice').textContent;", &[]);
    assert!(
        notice.as_str().unwrap_or_default().contains(if zh {
            "另一位裁判已先记录"
        } else {
            "Another arbiter recorded first"
        }),
        "{notice}"
    );
    assert!(
        b.wait_for(
            "return document.getElementById('moves').textContent.includes('Nc6');",
            WAIT
        ),
        "the stale screen reloads: {}",
        b.text()
    );
    let (_, state) = call(&server, "GET", &format!("/api/v1/games/{game}"), None, None);
    assert_eq!(
        state["moves"],
        json!(["e4", "e5", "Nf3", "Nc6"]),
        "the stale move was not recorded"
    );
    b.screenshot(&dir.join(format!("console-stale-{lang}.png")));
}

#[test]
fn an_arbiter_records_a_game_by_clicks_with_a_touch_an_incorrect_claim_and_a_stale_screen_in_english()
 {
    records_a_game("en");
}

#[test]
fn an_arbiter_records_a_game_by_clicks_with_a_touch_an_incorrect_claim_and_a_stale_screen_in_chinese()
 {
    records_a_game("zh");
}

fn enters_results(lang: &str) {
    let server = Server::start(&format!("console-results-{lang}"));
    let names = [
        "Ding Liren 丁立人",
        "Alice Smith",
        "王皓",
        "Bob Jones",
        "李明",
        "Carol White",
        "Zhang Wei 张伟",
        "Dan Green",
    ];
    let (id, organiser, boards) = paired_event(&server, &names);
    assert_eq!(boards.len(), 4);
    let Some(browser) = Browser::open() else {
        return;
    };
    use_token(&browser, &server, lang, &organiser);
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}/rounds/1/results",
        server.address
    ));
    assert!(
        browser.wait_for("return document.activeElement?.id === 'entry';", WAIT),
        "the entry field has the keyboard"
    );
    // Board 1 White wins, board 2 Black wins, board 3 drawn, board 4 a
    // forfeit win for Black: eight keys.
    browser.type_text("#entry", "11203=4-");
    let filled = "return [...document.querySelectorAll('#boards td.result')].every(c => c.textContent.trim());";
    assert!(browser.wait_for(filled, WAIT), "{}", browser.text());
    let results = browser.run(
        "return [...document.querySelectorAll('#boards td.result')].map(c => c.textContent.trim());",
        &[],
    );
    assert_eq!(results, json!(["1-0", "0-1", "½-½", "-+"]));
    // A correction: board 2 was a draw; the audit shows the change and the
    // reason the arbiter typed, and the reason field is empty again.
    browser.type_text("#entry-reason", "both scoresheets say draw");
    browser.type_text("#entry", "2=");
    let corrected = "return document.querySelector('#boards tr[data-board=\"2\"] td.audit').textContent.includes('0-1 → ½-½');";
    assert!(browser.wait_for(corrected, WAIT), "{}", browser.text());
    let audit = browser.run(
        "return document.querySelector('#boards tr[data-board=\"2\"] td.audit').textContent;",
        &[],
    );
    assert!(
        audit
            .as_str()
            .unwrap_or_default()
            .contains("both scoresheets say draw"),
        "{audit}"
    );
    assert_eq!(
        browser.run("return document.getElementById('entry-reason').value;", &[]),
        json!("")
    );
    let status = browser.run(
        "return document.getElementById('entry-status').textContent;",
        &[],
    );
    assert!(
        status
            .as_str()
            .unwrap_or_default()
            .contains(if lang == "zh" { "更正" } else { "corrected" }),
        "{status}"
    );
    let dir = screenshot_dir();
    browser.screenshot(&dir.join(format!("console-results-{lang}.png")));
    // The live state of each board links to its recording screen.
    assert_eq!(
        browser.count("#boards td.live a[href^='/console/games/']"),
        4
    );

    // The standings count what was entered.
    let (_, api_results) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds/1"),
        None,
        None,
    );
    let entered: Vec<&str> = api_results["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["result"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(entered, ["1-0", "1/2-1/2", "1/2-1/2", "-+"]);
    // h: board 3 was ½-0 (White draws, Black loses; VCL4THP.13 Q180–186).
    browser.type_text("#entry", "3h");
    let half_zero = "return document.querySelector('#boards tr[data-board=\"3\"] td.result').textContent.trim() === '½-0';";
    assert!(browser.wait_for(half_zero, WAIT), "{}", browser.text());
    let (_, round) = call(
        &server,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds/1"),
        None,
        None,
    );
    assert_eq!(round["boards"][2]["result"], "1/2-0");
    browser.goto(&format!(
        "http://{}/t/{id}/standings?lang={lang}",
        server.address
    ));
    let text = browser.text();
    let white1 = boards[0]["white"]["name"].as_str().unwrap();
    let black4 = boards[3]["black"]["name"].as_str().unwrap();
    let line = |name: &str| {
        text.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in the standings: {text}"))
            .to_owned()
    };
    assert!(line(white1).contains('1'), "{}", line(white1));
    assert!(line(black4).contains('1'), "{}", line(black4));
    browser.screenshot(&dir.join(format!("console-standings-{lang}.png")));
}

#[test]
fn a_round_entered_by_keyboard_and_corrected_shows_the_audit_and_counts_in_the_standings_in_english()
 {
    enters_results("en");
}

#[test]
fn a_round_entered_by_keyboard_and_corrected_shows_the_audit_and_counts_in_the_standings_in_chinese()
 {
    enters_results("zh");
}

/// A Xiangqi game on the same screen: the points are the buttons, and the
/// moves (ICCS) come from the state.
#[test]
fn an_arbiter_records_a_xiangqi_game_by_tapping_points() {
    let server = Server::start("console-xiangqi");
    let (status, game) = call(
        &server,
        "POST",
        "/api/v1/games",
        Some(ADMIN),
        Some(
            &json!({ "white": "Wang Tianyi 王天一", "black": "Zheng Weitong 郑惟桐", "game": "xiangqi", "time_control": "5400+30" }),
        ),
    );
    assert_eq!(status, 201, "{game}");
    let game = game["id"].as_str().unwrap().to_owned();
    let Some(browser) = Browser::open() else {
        return;
    };
    use_token(&browser, &server, "zh", ADMIN);
    open_game(&browser, &server, &game);
    assert_eq!(
        browser.count(".sq"),
        90,
        "nine files by ten ranks of points"
    );
    browser.click("button[data-type=start]");
    ruling(&browser, "clock_started");
    play(&browser, "h2", "e2");
    play(&browser, "h9", "g7");
    let (_, state) = call(&server, "GET", &format!("/api/v1/games/{game}"), None, None);
    assert_eq!(state["plies"][0]["iccs"], "h2e2", "{state}");
    assert_eq!(state["plies"][1]["iccs"], "h9g7", "{state}");
    assert!(browser.text().contains("红方"), "{}", browser.text());
    assert!(
        browser.text().contains("炮二平五"),
        "Chinese notation for a Chinese reader: {}",
        browser.text()
    );
    browser.screenshot(&screenshot_dir().join("console-xiangqi-zh.png"));
    // The flag button asks the clocks (xq 4.1.4; a Xiangqi flag names no
    // player): none is down, and the Laws say so — not a 400 for a field
    // the event does not have.
    browser.click("button[data-type=flag]");
    let refused = "return document.getElementById('notice').textContent.includes('旗未落下');";
    assert!(
        browser.wait_for(refused, WAIT),
        "the Laws' refusal, not a malformed request: {}",
        browser.text()
    );
}

/// The arbiter, not the program, judges (棋例): a Xiangqi repetition draw
/// the server ruled is annulled from the console's form and play goes on;
/// a result is then declared on the grounds of a Xiangqi article, which the
/// form names (xq 4.1.10), in English.
#[test]
fn an_arbiter_annuls_a_xiangqi_repetition_draw_and_declares_a_result_from_the_console() {
    let server = Server::start("console-xiangqi-overrule");
    let (status, game) = call(
        &server,
        "POST",
        "/api/v1/games",
        Some(ADMIN),
        Some(&json!({ "white": "Red", "black": "Black", "game": "xiangqi", "time_control": "-" })),
    );
    assert_eq!(status, 201, "{game}");
    let game = game["id"].as_str().unwrap().to_owned();
    // Both chariots shuffle until the server rules the cycle drawn (xq 4.2.3).
    let cycle = ["a0a1", "a9a8", "a1a0", "a8a9"];
    let mut events = vec![json!({ "type": "start" })];
    events.extend(
        cycle
            .iter()
            .cycle()
            .take(16)
            .map(|m| json!({ "type": "move", "move": m })),
    );
    for (seq, mut event) in (0..).zip(events) {
        event["expected_seq"] = json!(seq);
        let (status, r) = call(
            &server,
            "POST",
            &format!("/api/v1/games/{game}/events"),
            Some(ADMIN),
            Some(&event),
        );
        assert_eq!(status, 201, "{event}: {r}");
        if r["state"]["status"] == "finished" {
            assert_eq!(
                r["state"]["termination"]["reason"]["code"], "repetition_draw",
                "{r}"
            );
            break;
        }
    }
    let Some(browser) = Browser::open() else {
        return;
    };
    use_token(&browser, &server, "en", ADMIN);
    open_game(&browser, &server, &game);
    let form = "details[data-type=annul_ruling]";
    browser.click(&format!("{form} summary"));
    browser.type_text(
        &format!("{form} input[name=reason]"),
        "red offered a new exchange",
    );
    browser.click(&format!("{form} button[type=submit]"));
    let text = ruling(&browser, "ruling_annulled");
    assert!(text.contains("4.2.3"), "{text}");
    let (_, state) = call(&server, "GET", &format!("/api/v1/games/{game}"), None, None);
    assert_eq!(state["status"], "in_progress", "{state}");
    let form = "details[data-type=declare_result]";
    browser.click(&format!("{form} summary"));
    let labels = browser.run(
        "return [...document.querySelectorAll(arguments[0] + ' select[name=grounds] option')].map((o) => o.textContent);",
        &[json!(form)],
    );
    assert!(
        labels.to_string().contains("xq 4.1.10"),
        "the grounds name Xiangqi articles: {labels}"
    );
    browser.run(
        "const f = document.querySelector(arguments[0] + ' form'); f.result.value = '0-1'; f.grounds.value = 'refusal';",
        &[json!(form)],
    );
    browser.click(&format!("{form} button[type=submit]"));
    ruling(&browser, "arbiter_declared_result");
    let (_, state) = call(&server, "GET", &format!("/api/v1/games/{game}"), None, None);
    assert_eq!(state["result"], "0-1", "{state}");
    assert_eq!(
        state["termination"]["reason"]["article"], "xq 4.1.10",
        "{state}"
    );
    browser.screenshot(&screenshot_dir().join("console-xiangqi-overrule-en.png"));
}

/// Plays a Xiangqi cycle three times through the API from `fen` and opens
/// the game in the console in `lang`; the pending line's text.
fn xiangqi_cycle_in_console(
    name: &str,
    lang: &str,
    fen: &str,
    cycle: [&str; 4],
) -> (Server, Browser, String) {
    let server = Server::start(name);
    let (status, game) = call(
        &server,
        "POST",
        "/api/v1/games",
        Some(ADMIN),
        Some(
            &json!({ "white": "Red", "black": "Black", "game": "xiangqi", "time_control": "-", "fen": fen }),
        ),
    );
    assert_eq!(status, 201, "{game}");
    let game = game["id"].as_str().unwrap().to_owned();
    let mut events = vec![json!({ "type": "start" })];
    events.extend(
        cycle
            .iter()
            .cycle()
            .take(12)
            .map(|m| json!({ "type": "move", "move": m })),
    );
    for (seq, mut event) in (0..).zip(events) {
        event["expected_seq"] = json!(seq);
        let (status, r) = call(
            &server,
            "POST",
            &format!("/api/v1/games/{game}/events"),
            Some(ADMIN),
            Some(&event),
        );
        assert_eq!(status, 201, "{event}: {r}");
    }
    let browser = Browser::open().expect("checked by the caller");
    use_token(&browser, &server, lang, ADMIN);
    open_game(&browser, &server, &game);
    let line = browser.run(
        "return document.getElementById('pending-line').hidden ? '' : document.getElementById('pending-line').textContent;",
        &[],
    );
    let line = line.as_str().unwrap_or_default().to_owned();
    (server, browser, line)
}

/// The repetition chapter (棋例) in the console: a perpetual threat of mate
/// (长杀) names the side that must change and what it does; where the
/// verdict hangs on a question the rules leave to the arbiter (a crossed
/// soldier's attacks on protected pieces: chases by value?), the console
/// asks the arbiter in the reader's language, in English and in Chinese.
#[test]
fn the_console_says_who_must_change_and_asks_the_arbiter_what_the_rules_leave_to_them() {
    if Browser::open().is_none() {
        return;
    }
    let (_server, browser, line) = xiangqi_cycle_in_console(
        "console-xq-long-kill",
        "en",
        "3a5/4ak3/5N3/9/9/9/9/6R2/9/4K4 w",
        ["f7e5", "f8f9", "e5f7", "f9f8"],
    );
    assert!(
        line.contains("Red must change: perpetual threat of mate (3×)") && line.contains("4.1.7"),
        "{line}"
    );
    browser.screenshot(&screenshot_dir().join("console-xiangqi-must-change-en.png"));
    let (_server, browser, line) = xiangqi_cycle_in_console(
        "console-xq-question",
        "zh",
        "2r2k3/4a4/2nc5/2P6/9/9/9/9/9/4K4 w",
        ["c6d6", "f9f8", "d6c6", "f8f9"],
    );
    assert!(
        line.contains("由裁判裁决：兵攻击 d7 的有根炮")
            && line.contains("若算，红方必须变着；若不算，循环三次作和"),
        "{line}"
    );
    browser.screenshot(&screenshot_dir().join("console-xiangqi-question-zh.png"));
    let (_server, _browser, line) = xiangqi_cycle_in_console(
        "console-xq-question-en",
        "en",
        "2r2k3/4a4/2nc5/2P6/9/9/9/9/9/4K4 w",
        ["c6d6", "f9f8", "d6c6", "f8f9"],
    );
    assert!(
        line.contains("The arbiter decides: is the soldier's attack on the protected cannon on d7 a chase by value? If so, Red must change; if not, a draw when played three times (3×)"),
        "{line}"
    );
}

/// The console by keyboard alone: the start button by Enter, the board
/// reached as one tab stop, the arrow keys walking from square to square,
/// each square naming what stands on it, Enter choosing the piece and then
/// its destination (chess in English, Xiangqi in Chinese).
fn records_by_keyboard(kind: &str, lang: &str) {
    const ENTER: &str = "\u{E007}";
    const UP: &str = "\u{E013}";
    const LEFT: &str = "\u{E012}";
    const DOWN: &str = "\u{E015}";
    let server = Server::start(&format!("console-keyboard-{kind}"));
    let (status, game) = call(
        &server,
        "POST",
        "/api/v1/games",
        Some(ADMIN),
        // The Xiangqi game is entered from its scoresheets (issue 36 item
        // 6): the console records it the same way.
        Some(
            &json!({ "white": "Ding Liren 丁立人", "black": "Alice Smith", "game": kind,
                      "mode": if kind == "xiangqi" { "scoresheet" } else { "live" } }),
        ),
    );
    assert_eq!(status, 201, "{game}");
    let game = game["id"].as_str().unwrap().to_owned();
    let Some(browser) = Browser::open() else {
        return;
    };
    use_token(&browser, &server, lang, ADMIN);
    open_game(&browser, &server, &game);
    assert_eq!(
        browser.count(".sq[tabindex='0']"),
        1,
        "the board is one tab stop"
    );
    browser.type_text("button[data-type=start]", ENTER);
    ruling(&browser, "clock_started");
    // Chess: e2 → e4 (up twice). Xiangqi: h2 (the cannon) → e2 (left
    // three times along the rank).
    let (from, keys, to, named) = if kind == "chess" {
        (
            "e2",
            format!("{ENTER}{UP}{UP}{ENTER}"),
            "e4",
            "e2, White pawn",
        )
    } else {
        (
            "h2",
            format!("{ENTER}{LEFT}{LEFT}{LEFT}{ENTER}"),
            "e2",
            "h2：红方炮",
        )
    };
    assert_eq!(
        browser.run(
            "return document.querySelector(`.sq[data-square=${arguments[0]}]`).getAttribute('aria-label');",
            &[json!(from)]
        ),
        json!(named),
        "a square says what stands on it"
    );
    browser.type_text(&format!(".sq[data-square={from}]"), &keys);
    wait(
        &browser,
        "return document.querySelectorAll('#moves li').length > 0;",
        "the move is recorded",
    );
    let (_, state) = call(&server, "GET", &format!("/api/v1/games/{game}"), None, None);
    let recorded = if kind == "chess" {
        state["moves"][0].clone()
    } else {
        state["plies"][0]["iccs"].clone()
    };
    let expected = if kind == "chess" {
        json!("e4")
    } else {
        json!(format!("{from}{to}"))
    };
    assert_eq!(recorded, expected, "{state}");
    let mode = if kind == "chess" {
        "live"
    } else {
        "scoresheet"
    };
    assert_eq!(state["mode"], mode, "{state}");
    // The focus stays on the board, on the square it went to; Down leaves
    // it there at the board's edge no further than the last rank.
    assert_eq!(
        browser.run(
            "return document.activeElement?.dataset?.square ?? null;",
            &[]
        ),
        json!(to)
    );
    browser.type_text(&format!(".sq[data-square={to}]"), &DOWN.repeat(12));
    let bottom = if kind == "chess" { "e1" } else { "e0" };
    assert_eq!(
        browser.run(
            "return document.activeElement?.dataset?.square ?? null;",
            &[]
        ),
        json!(bottom),
        "the arrows stop at the edge"
    );
}

#[test]
fn an_arbiter_records_a_chess_move_by_keyboard_alone_in_english() {
    records_by_keyboard("chess", "en");
}

#[test]
fn an_arbiter_records_a_xiangqi_move_by_keyboard_alone_in_chinese() {
    records_by_keyboard("xiangqi", "zh");
}
