//! A game's own page when the arbiter entered its board's result: a
//! forfeit or a game kept on paper has no moves, and its page says the
//! result the board has, not "not started" with a live board.

use crate::harness::TestApp;

async fn a_boards_result_entered_by_the_arbiter_shows_on_its_games_page(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let round = app.pair_round(&organiser, &t).await;
    let games: Vec<String> = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["game_id"].as_str().unwrap().to_owned())
        .collect();
    app.finish_round(&organiser, &t, &round, |board, _, _| match board {
        1 => "+-",
        _ => "1/2-1/2",
    })
    .await;
    for (lang, entered, live) in [
        (
            "en",
            "Result entered by the arbiter",
            "Live: the board follows",
        ),
        ("zh", "裁判已录入成绩", "直播"),
    ] {
        let page = app
            .get(&format!("/games/{}?lang={lang}", games[1]), None)
            .await;
        assert_eq!(page.status, 200, "{page:?}");
        assert!(page.text.contains(entered), "{lang}: {}", page.text);
        assert!(page.text.contains("½-½"), "{lang}: {}", page.text);
        assert!(!page.text.contains(live), "no live note: {}", page.text);
        let page = app
            .get(&format!("/games/{}?lang={lang}", games[0]), None)
            .await;
        assert!(page.text.contains("+-"), "{lang}: {}", page.text);
    }
    // A game played to its end shows its own result, as before.
    let game = app.free_game().await;
    let page = app.get(&format!("/games/{game}?lang=en"), None).await;
    assert!(!page.text.contains("Result entered"), "{}", page.text);
}

async fn a_tournament_games_page_has_the_events_tabs_and_leads_back_to_its_round(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    for (lang, pairings, players) in [("en", "Pairings", "Players"), ("zh", "对阵", "棋手")] {
        let page = app.get(&format!("/games/{game}?lang={lang}"), None).await;
        assert_eq!(page.status, 200, "{page:?}");
        let tab = format!(
            r#"<a href="/t/{t}/rounds/1" class="active" aria-current="page">{pairings}</a>"#
        );
        assert!(page.text.contains(&tab), "{lang}: {}", page.text);
        assert!(
            page.text
                .contains(&format!(r#"<a href="/t/{t}/players">{players}</a>"#)),
            "{lang}: {}",
            page.text
        );
    }
    // A game outside any tournament has no event tabs.
    let free = app.free_game().await;
    let page = app.get(&format!("/games/{free}?lang=en"), None).await;
    assert!(!page.text.contains("nav class=\"tabs\""), "{}", page.text);
}

crate::both_databases!(
    a_boards_result_entered_by_the_arbiter_shows_on_its_games_page,
    a_tournament_games_page_has_the_events_tabs_and_leads_back_to_its_round,
);
