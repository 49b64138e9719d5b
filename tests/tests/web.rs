//! The web pages as a person sees them: the real `arbiter serve`, a small
//! Swiss created through the API, the pages opened in headless Chromium
//! (WebDriver) in English and Chinese, full-page screenshots of each under
//! `target/screenshots/`, and a game page that redraws by itself as moves
//! are recorded. Also the answers to bad addresses (raw HTTP, no browser).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use e2e::browser::{Browser, screenshot_dir};
use e2e::events::{SmallSwiss, post_events, small_swiss};
use e2e::{Server, call};
use serde_json::{Value, json};

/// A GET with extra headers; the status, the headers and the body.
fn get(server: &Server, path: &str, headers: &[(&str, &str)]) -> (u16, String, String) {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let mut request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        server.address
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head[9..12].parse().unwrap();
    (status, head.to_owned(), body.to_owned())
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

#[test]
fn bad_addresses_get_a_page_in_the_readers_language_and_assets_are_cached() {
    let e = small_swiss("web-errors");
    let s = &e.server;
    let id = &e.id;
    for (path, status) in [
        ("/t/no-such-event".to_owned(), 404),
        (format!("/t/{id}/rounds/0"), 404),
        (format!("/t/{id}/rounds/3"), 404),
        (format!("/t/{id}/rounds/x%20y"), 404),
        (format!("/t/{id}/rounds/99999999999999999999"), 404),
        (format!("/t/{id}/rounds/9.pgn"), 404),
        (format!("/t/{id}/players/0"), 404),
        (format!("/t/{id}/players/-1"), 404),
        (format!("/t/{id}/players/6"), 404),
        (format!("/t/{id}/nothing/here"), 404),
        (format!("/t/{id}/standings?after=3"), 400),
        (format!("/t/{id}/standings?after=abc"), 400),
        (format!("/t/{id}/crosstable?after=%ff"), 400),
        ("/games/no-such-game".to_owned(), 404),
        ("/games/no-such-game/live".to_owned(), 404),
    ] {
        let (got, head, body) = get(s, &path, &[("Accept-Language", "zh-CN,zh;q=0.9")]);
        assert_eq!(got, status, "{path}: {body}");
        assert!(
            header(&head, "content-type").is_some_and(|v| v.starts_with("text/html")),
            "{path}: {head}"
        );
        assert!(body.contains("lang=\"zh-CN\""), "{path}: {body}");
        assert!(
            body.contains("未找到") || body.contains("请求有误"),
            "{path}: {body}"
        );
    }
    // English by default, Chinese by Accept-Language, a choice remembered.
    let (_, _, en) = get(s, &format!("/t/{id}/standings"), &[]);
    assert!(en.contains("Standings after round 2"), "{en}");
    let (_, head, zh) = get(s, &format!("/t/{id}/standings?lang=zh"), &[]);
    assert!(zh.contains("第 2 轮后排名"), "{zh}");
    assert!(
        header(&head, "set-cookie").is_some_and(|c| c.starts_with("lang=zh")),
        "{head}"
    );
    let (_, _, remembered) = get(
        s,
        &format!("/t/{id}/players"),
        &[("Cookie", "lang=zh"), ("Accept-Language", "en")],
    );
    assert!(remembered.contains("棋手名单"), "{remembered}");
    // Pages revalidate by ETag; assets are cached for a year by their
    // versioned URL (the pages link no other), else revalidated.
    let (status, head, _) = get(s, &format!("/t/{id}"), &[]);
    assert_eq!(status, 200);
    let etag = header(&head, "etag").unwrap().to_owned();
    let (status, _, _) = get(s, &format!("/t/{id}"), &[("If-None-Match", &etag)]);
    assert_eq!(status, 304);
    let (status, head, css) = get(s, "/assets/style.css?v=1", &[]);
    assert_eq!(status, 200);
    assert!(css.contains("@media print"));
    assert!(
        header(&head, "cache-control")
            .unwrap()
            .contains("max-age=31536000")
    );
    let (_, head, _) = get(s, "/assets/style.css", &[]);
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    let etag = header(&head, "etag").unwrap().to_owned();
    let (status, _, _) = get(s, "/assets/style.css", &[("If-None-Match", &etag)]);
    assert_eq!(status, 304);
    let (status, head, _) = get(s, "/assets/style.css", &[("Accept-Encoding", "gzip")]);
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
    // The live PGN of a round, through the one PGN writer.
    let (status, head, pgn) = get(s, &format!("/t/{id}/rounds/1.pgn"), &[]);
    assert_eq!(status, 200);
    assert!(header(&head, "content-type").unwrap().contains("chess-pgn"));
    assert_eq!(
        pgn.matches("[Event \"Spring Open 春季公开赛\"]").count(),
        1,
        "{pgn}"
    );
    assert!(pgn.contains("1. e4 {[%clk 1:30:"), "{pgn}");
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    // Round 2: board 1 not started yet (board 2 was decided without moves).
    let (status, _, pgn) = get(s, &format!("/t/{id}/rounds/2.pgn"), &[]);
    assert_eq!(status, 200);
    assert_eq!(pgn.matches("[Event ").count(), 1, "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
}

/// The pages a person opens, in each language: path, what must be visible.
fn tour(e: &SmallSwiss) -> Vec<(&'static str, String, [&'static str; 2])> {
    let id = &e.id;
    vec![
        ("events", "/".to_owned(), ["In progress", "进行中"]),
        (
            "home",
            format!("/t/{id}"),
            ["Swiss system (FIDE Dutch)", "瑞士制（国际棋联荷兰制）"],
        ),
        (
            "players",
            format!("/t/{id}/players"),
            ["Players", "棋手名单"],
        ),
        (
            "round-1",
            format!("/t/{id}/rounds/1"),
            ["Round 1", "第 1 轮"],
        ),
        (
            "standings",
            format!("/t/{id}/standings"),
            ["Standings after round 2", "第 2 轮后排名"],
        ),
        (
            "crosstable",
            format!("/t/{id}/crosstable"),
            ["Crosstable", "交叉表"],
        ),
        (
            "player-card",
            format!("/t/{id}/players/1"),
            ["Games", "对局"],
        ),
        (
            "game",
            format!("/games/{}", e.drawn_game),
            ["Moves", "着法"],
        ),
    ]
}

#[test]
fn the_pages_show_a_small_swiss_in_english_and_chinese() {
    let Some(browser) = Browser::open() else {
        return;
    };
    let e = small_swiss("web-pages");
    let base = format!("http://{}", e.server.address);
    let shots = screenshot_dir();
    for (lang, i) in [("en", 0), ("zh", 1)] {
        for (name, path, seen) in tour(&e) {
            let sep = if path.contains('?') { '&' } else { '?' };
            browser.goto(&format!("{base}{path}{sep}lang={lang}"));
            let text = browser.text();
            assert!(text.contains(seen[i]), "{name} ({lang}): {text}");
            assert!(
                text.contains("Spring Open 春季公开赛"),
                "{name} ({lang}): {text}"
            );
            // The switch to the other language is on every page.
            assert_eq!(browser.count("a.lang-switch"), 1, "{name} ({lang})");
            browser.screenshot(&shots.join(format!("{name}-{lang}.png")));
        }
    }
    // What the tables show (the last language visited is Chinese).
    let id = &e.id;
    browser.goto(&format!("{base}/t/{id}/players?lang=en"));
    assert_eq!(browser.count("table.players tbody tr"), 5);
    let text = browser.text();
    for name in [
        "Ding Liren 丁立人",
        "Alice Smith",
        "王皓",
        "Bob Jones",
        "李明",
    ] {
        assert!(text.contains(name), "{text}");
    }
    browser.goto(&format!("{base}/t/{id}/rounds/1"));
    assert_eq!(browser.count("table.pairings tbody tr"), 2);
    let text = browser.text();
    assert!(text.contains("½-½") && text.contains("1-0"), "{text}");
    assert!(text.contains("pairing-allocated bye"), "{text}");
    browser.goto(&format!("{base}/t/{id}/standings?after=1"));
    assert_eq!(browser.count("table.standings tbody tr"), 5);
    assert!(browser.text().contains("Standings after round 1"));
    // Every tie-break column, in the tournament's order, with its working.
    let headers = browser.run(
        "return Array.from(document.querySelectorAll('table.standings thead th')).map(t => t.textContent);",
        &[],
    );
    let (_, api) = call(
        &e.server,
        "GET",
        &format!("/api/v1/tournaments/{id}/standings"),
        None,
        None,
    );
    let labels: Vec<Value> = api["tiebreaks"].as_array().unwrap().clone();
    let shown: Vec<Value> = headers.as_array().unwrap()[5..].to_vec();
    assert_eq!(shown, labels, "tie-break columns in order");
    assert!(browser.count("table.standings details.working") > 0);
    browser.goto(&format!("{base}/t/{id}/crosstable"));
    assert_eq!(browser.count("table.cross tbody tr"), 5);
    // The board of the drawn game: 32 pieces, the pawn on e4, the knight on f3.
    browser.goto(&format!("{base}/games/{}", e.drawn_game));
    assert_eq!(browser.count("svg.chessboard use.piece"), 32);
    assert_eq!(
        browser.count("use.piece[data-square='e4'][data-piece='P']"),
        1
    );
    assert_eq!(
        browser.count("use.piece[data-square='f3'][data-piece='N']"),
        1
    );
    assert_eq!(
        browser.count("use.piece[data-square='c5'][data-piece='p']"),
        1
    );
    let text = browser.text();
    assert!(text.contains("Nf3") && text.contains("½-½"), "{text}");
    // The pieces are drawn (they have a size on the page).
    let drawn = browser.run(
        "const r = document.querySelector('use.piece').getBoundingClientRect(); return r.width > 10 && r.height > 10;",
        &[],
    );
    assert_eq!(drawn, Value::Bool(true));
    // The hall screen and the print stylesheet exist on the standings.
    browser.goto(&format!("{base}/t/{id}/standings?screen=30"));
    assert_eq!(
        browser.run("return document.body.classList.contains('screen');", &[]),
        Value::Bool(true)
    );
    assert_eq!(
        browser.run("return document.body.dataset.seconds;", &[]),
        json!("30"),
        "the rotation's pace"
    );
    browser.screenshot(&shots.join("standings-screen-en.png"));
    // The hall screen moves on by itself to the latest round …
    browser.goto(&format!("{base}/t/{id}/standings?screen=5"));
    assert!(
        browser.wait_for(
            "return location.pathname.includes('/rounds/');",
            Duration::from_secs(12)
        ),
        "the standings give way to the round"
    );
    // … unless a reader paused it with a key (WCAG 2.2.1).
    browser.goto(&format!("{base}/t/{id}/standings?screen=5"));
    browser.type_text("body", " ");
    assert_eq!(
        browser.run("return document.body.classList.contains('paused');", &[]),
        Value::Bool(true)
    );
    std::thread::sleep(Duration::from_secs(7));
    assert_eq!(
        browser.run("return location.pathname.endsWith('/standings');", &[]),
        Value::Bool(true),
        "a paused screen stays"
    );
}

#[test]
fn an_open_game_page_redraws_as_moves_are_recorded() {
    let Some(browser) = Browser::open() else {
        return;
    };
    let e = small_swiss("web-live");
    let base = format!("http://{}", e.server.address);
    browser.goto(&format!("{base}/games/{}?lang=zh", e.open_game));
    assert_eq!(browser.count("use.piece"), 32);
    assert_eq!(
        browser.count("use.piece[data-square='e2'][data-piece='P']"),
        1
    );
    assert!(
        browser.wait_for(
            "return document.documentElement.getAttribute('data-live') === 'connected';",
            Duration::from_secs(10)
        ),
        "the live script started"
    );
    // A mark that a reload would lose.
    browser.run("window.__stillHere = 42;", &[]);
    post_events(
        &e.server,
        &e.organiser,
        &e.open_game,
        0,
        &[
            json!({ "type": "start" }),
            json!({ "type": "move", "san": "d4" }),
            json!({ "type": "move", "san": "Nf6" }),
        ],
    );
    assert!(
        browser.wait_for(
            "return document.querySelectorAll(\"use.piece[data-square='f6'][data-piece='n']\").length === 1;",
            Duration::from_secs(15)
        ),
        "the board shows 1...Nf6: {}",
        browser.text()
    );
    assert_eq!(
        browser.count("use.piece[data-square='d4'][data-piece='P']"),
        1
    );
    assert_eq!(browser.count("use.piece[data-square='d2']"), 0);
    assert_eq!(browser.run("return window.__stillHere;", &[]), json!(42));
    let text = browser.text();
    assert!(
        text.contains("d4") && text.contains("Nf6") && text.contains("进行中"),
        "{text}"
    );
    // One more move arrives in the same page.
    post_events(
        &e.server,
        &e.organiser,
        &e.open_game,
        3,
        &[json!({ "type": "move", "san": "c4" })],
    );
    assert!(browser.wait_for(
        "return document.querySelectorAll(\"use.piece[data-square='c4'][data-piece='P']\").length === 1;",
        Duration::from_secs(15)
    ));
    assert_eq!(browser.run("return window.__stillHere;", &[]), json!(42));
    browser.screenshot(&screenshot_dir().join("game-live-zh.png"));
}

#[test]
fn an_open_round_page_shows_a_result_entered_through_the_api_without_reloading() {
    let Some(browser) = Browser::open() else {
        return;
    };
    let e = small_swiss("web-round-live");
    let base = format!("http://{}", e.server.address);
    browser.goto(&format!("{base}/t/{}/rounds/2", e.id));
    // Five players: round 2 has a pairing-allocated bye, worth a point.
    assert!(
        browser.text().contains("pairing-allocated bye"),
        "{}",
        browser.text()
    );
    assert_eq!(
        browser.run(
            "return document.querySelector('table.byes td.result').textContent;",
            &[]
        ),
        json!("1")
    );
    // Without JavaScript the page would reload; with it, it follows live.
    assert_eq!(browser.count("noscript"), 1);
    assert!(
        browser.wait_for(
            "return document.documentElement.getAttribute('data-live') === 'connected';",
            Duration::from_secs(10)
        ),
        "the live script started"
    );
    browser.run("window.__stillHere = 42;", &[]);
    let board_one = "document.querySelector('table.pairings tbody tr td.result').textContent";
    assert_eq!(
        browser.run(&format!("return {board_one};"), &[]),
        json!("–")
    );
    let (status, r) = call(
        &e.server,
        "PUT",
        &format!("/api/v1/tournaments/{}/rounds/2/boards/1/result", e.id),
        Some(&e.organiser),
        Some(&json!({ "result": "1/2-1/2" })),
    );
    assert_eq!(status, 200, "{r}");
    assert!(
        browser.wait_for(
            &format!("return {board_one} === '½-½';"),
            Duration::from_secs(15)
        ),
        "board 1 shows the draw: {}",
        browser.text()
    );
    assert_eq!(browser.run("return window.__stillHere;", &[]), json!(42));
    browser.screenshot(&screenshot_dir().join("round-live-en.png"));
}
