//! A round's paper (`/t/{id}/rounds/{n}/paper/{doc}`): what each document
//! holds as HTML, the Xiangqi scoresheet's Red and Black, and the answers
//! to a bad size, document or round. Printing them to PDF is checked in
//! Chromium (`tests/tests/paper.rs`).

use axum::http::StatusCode;
use serde_json::json;

use crate::harness::TestApp;

async fn a_xiangqi_scoresheet_heads_its_columns_red_and_black_in_both_languages(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "象棋公开赛", "system": "swiss-dutch", "rounds": 3, "game": "xiangqi" }),
        )
        .await;
    app.players(&organiser, &t, &[("王天一", 2700), ("郑惟桐", 2650)])
        .await;
    app.pair_round(&organiser, &t).await;
    let en = app
        .get(&format!("/t/{t}/rounds/1/paper/scoresheets?lang=en"), None)
        .await;
    assert_eq!(en.status, StatusCode::OK, "{en:?}");
    assert!(
        en.text.contains(">Red<") && en.text.contains(">Black<"),
        "{}",
        en.text
    );
    assert!(!en.text.contains(">White<"), "no White on a Xiangqi sheet");
    assert_eq!(
        en.text.matches("class=\"sheet scoresheet\"").count(),
        2,
        "a copy for each player"
    );
    assert!(en.text.contains("Red's copy") && en.text.contains("Black's copy"));
    let zh = app
        .get(
            &format!("/t/{t}/rounds/1/paper/scoresheets?lang=zh&size=a5"),
            None,
        )
        .await;
    assert_eq!(zh.status, StatusCode::OK, "{zh:?}");
    assert!(
        zh.text.contains("红方") && zh.text.contains("黑方"),
        "{}",
        zh.text
    );
    assert!(zh.text.contains("class=\"paper a5\""), "an A5 document");
    assert!(
        zh.text.contains(">40<") && !zh.text.contains(">41<"),
        "A5 has room for 40 moves"
    );
}

async fn a_bad_size_document_or_round_is_answered_in_the_readers_language(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.swiss(&organiser, 4, 3).await;
    app.pair_round(&organiser, &t).await;
    let r = app
        .get(
            &format!("/t/{t}/rounds/1/paper/slips?size=letter&lang=en"),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.text.contains("must be a4 or a5"), "{}", r.text);
    let r = app
        .get(&format!("/t/{t}/rounds/1/paper/menu?lang=zh"), None)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.text.contains("该页面不存在"), "{}", r.text);
    let r = app
        .get(&format!("/t/{t}/rounds/2/paper/scoresheets"), None)
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "round 2 is not paired");
    let r = app
        .get(&format!("/t/{t}/rounds/1/paper/wallchart?size=a5"), None)
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.text.contains("class=\"paper a5 landscape\""),
        "{}",
        r.text
    );
}

crate::both_databases!(
    a_xiangqi_scoresheet_heads_its_columns_red_and_black_in_both_languages,
    a_bad_size_document_or_round_is_answered_in_the_readers_language,
);
