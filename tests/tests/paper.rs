//! The paper an arbiter prints before a round, as Chromium prints it: the
//! console's round page links the scoresheets, the pairing cards with
//! result slips and the wall chart, A4 and A5; each printed to PDF and
//! read back with poppler (page count, the event, the round, every
//! player's name), in English and Chinese. Screenshots of each document go
//! to `target/screenshots/paper-*.png`.

use e2e::browser::{Browser, screenshot_dir};
use e2e::console::{WAIT, paired_event, use_token};
use e2e::{Server, call, pdf};
use serde_json::json;

/// The text with all white space removed (PDF text breaks lines and
/// spaces words as it lays them out).
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn prints_the_round_paper(lang: &str) {
    let server = Server::start(&format!("paper-{lang}"));
    let names = [
        "Ding Liren 丁立人",
        "Alice Smith",
        "王皓",
        "Bob Jones",
        "李明",
        "Carol White",
    ];
    let (id, organiser, boards) = paired_event(&server, &names);
    assert_eq!(boards.len(), 3);
    for board in 1..=3 {
        let (status, body) = call(
            &server,
            "PUT",
            &format!("/api/v1/tournaments/{id}/rounds/1/boards/{board}/result"),
            Some(&organiser),
            Some(&json!({ "result": if board == 2 { "1/2-1/2" } else { "1-0" } })),
        );
        assert_eq!(status, 200, "{body}");
    }
    let (status, round) = call(
        &server,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&organiser),
        Some(&json!({})),
    );
    assert_eq!(status, 201, "{round}");
    if !pdf::tools() {
        return;
    }
    let Some(browser) = Browser::open() else {
        return;
    };
    use_token(&browser, &server, lang, &organiser);
    browser.goto(&format!(
        "http://{}/console/tournaments/{id}/rounds/2/results?lang={lang}",
        server.address
    ));
    assert!(
        browser.wait_for(
            "return document.querySelectorAll('a.paper').length === 6;",
            WAIT
        ),
        "the round page links three documents in two sizes: {}",
        browser.text()
    );
    let links: Vec<String> = browser
        .run(
            "return [...document.querySelectorAll('a.paper')].map(a => a.href);",
            &[],
        )
        .as_array()
        .expect("links")
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    let (event_name, round_title, white) = match lang {
        "zh" => ("城市公开赛", "第2轮", "白方"),
        _ => ("City Open", "Round2", "White"),
    };
    for link in &links {
        let a5 = link.contains("size=a5");
        let doc = ["scoresheets", "slips", "wallchart"]
            .into_iter()
            .find(|d| link.contains(&format!("/paper/{d}")))
            .unwrap_or_else(|| panic!("an unknown document: {link}"));
        browser.goto(link);
        let (width, height) = match (doc, a5) {
            ("wallchart", false) => (pdf::A4.1, pdf::A4.0),
            ("wallchart", true) => (pdf::A5.1, pdf::A5.0),
            (_, false) => pdf::A4,
            (_, true) => pdf::A5,
        };
        let printed = browser.print_pdf(width, height);
        let pages = pdf::pages(&printed);
        let texts = pdf::page_texts(&printed);
        let all = squeezed(&texts.join("\n"));
        let expected_pages = match (doc, a5) {
            // One copy for each player of each board (Art. 8.1).
            ("scoresheets", _) => 6,
            // Four slips to an A4 sheet, two to an A5.
            ("slips", false) => 1,
            ("slips", true) => 2,
            _ => 1,
        };
        assert_eq!(pages, expected_pages, "{link}: {texts:#?}");
        assert!(all.contains(&squeezed(event_name)), "{link}: {all}");
        assert!(all.contains(&squeezed(round_title)), "{link}: {all}");
        for name in names {
            assert!(all.contains(&squeezed(name)), "{link} names {name}: {all}");
        }
        if doc == "scoresheets" {
            for (page, text) in texts.iter().enumerate() {
                let text = squeezed(text);
                assert!(
                    text.contains(white),
                    "page {page} of {link} heads a column {white}"
                );
                let last = if a5 { "40" } else { "60" };
                assert!(
                    text.contains(last),
                    "page {page} of {link} has room for {last} moves"
                );
            }
        }
        let size = if a5 { "a5" } else { "a4" };
        let dir = screenshot_dir();
        std::fs::create_dir_all(&dir).expect("screenshot folder");
        std::fs::write(dir.join(format!("paper-{doc}-{size}-{lang}.pdf")), &printed)
            .expect("keep the PDF");
        browser.screenshot(&dir.join(format!("paper-{doc}-{size}-{lang}.png")));
    }
}

#[test]
fn an_arbiter_prints_scoresheets_slips_and_the_wall_chart_of_a_round_in_english() {
    prints_the_round_paper("en");
}

#[test]
fn an_arbiter_prints_scoresheets_slips_and_the_wall_chart_of_a_round_in_chinese() {
    prints_the_round_paper("zh");
}
