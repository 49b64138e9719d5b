//! A tournament's dates and place (issue 21): the API, the TRF export and
//! import, and the public home page.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::TestApp;

fn spring_open() -> Value {
    json!({
        "name": "Spring Open", "system": "swiss-dutch", "rounds": 5,
        "place": "Shanghai, Jing'an Sports Centre", "federation": "CHN",
        "start_date": "2026-05-01", "end_date": "2026-05-05",
        "chief_arbiter": "Li, Ming"
    })
}

async fn patch(app: &TestApp, token: &str, t: &str, body: Value) -> crate::harness::Response {
    app.send(
        Method::PATCH,
        &format!("/api/v1/tournaments/{t}"),
        Some(token),
        body,
    )
    .await
}

async fn a_tournament_keeps_its_dates_and_place_and_they_can_be_changed(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.tournament(&organiser, spring_open()).await;
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["place"], "Shanghai, Jing'an Sports Centre");
    assert_eq!(r.body["federation"], "CHN");
    assert_eq!(r.body["start_date"], "2026-05-01");
    assert_eq!(r.body["end_date"], "2026-05-05");
    assert_eq!(r.body["chief_arbiter"], "Li, Ming");

    let r = patch(
        &app,
        &organiser,
        &t,
        json!({ "place": "Hangzhou", "end_date": "2026-05-07", "chief_arbiter": null, "federation": "" }),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["place"], "Hangzhou");
    assert_eq!(
        r.body["start_date"], "2026-05-01",
        "a field not given stays"
    );
    assert_eq!(r.body["end_date"], "2026-05-07");
    assert_eq!(r.body["chief_arbiter"], Value::Null, "null clears");
    assert_eq!(r.body["federation"], Value::Null, "blank clears");
    // Another change of settings keeps them.
    let r = patch(&app, &organiser, &t, json!({ "name": "Spring Open 2026" })).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["place"], "Hangzhou");
    let r = app.get("/api/v1/tournaments", None).await;
    assert_eq!(r.body["tournaments"][0]["end_date"], "2026-05-07");
}

async fn bad_dates_and_long_texts_are_refused_naming_the_field(app: TestApp) {
    let organiser = app.organiser().await;
    let long = "x".repeat(201);
    let cases = [
        (json!({ "start_date": "2026-02-30" }), "start_date"),
        (json!({ "start_date": "1 May 2026" }), "start_date"),
        (json!({ "end_date": "2026-5-1" }), "end_date"),
        (
            json!({ "start_date": "2026-05-05", "end_date": "2026-05-01" }),
            "end_date",
        ),
        (json!({ "place": long }), "place"),
        (json!({ "chief_arbiter": long }), "chief_arbiter"),
        (json!({ "place": "Hall\nB" }), "place"),
        (json!({ "federation": "China" }), "federation"),
        (json!({ "federation": "chn" }), "federation"),
    ];
    for (fields, field) in &cases {
        let mut body = json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 });
        for (k, v) in fields.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app
            .post("/api/v1/tournaments", Some(&organiser), body)
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{fields}: {r:?}");
        assert_eq!(r.body["error"], "invalid_field", "{fields}");
        assert_eq!(r.body["where"], *field, "{fields}: {r:?}");
    }
    let r = app.get("/api/v1/tournaments", None).await;
    assert_eq!(r.body["tournaments"], json!([]), "nothing stored");

    let t = app.tournament(&organiser, spring_open()).await;
    // An end before the stored start is refused, and so is a start after
    // the stored end; the tournament stays as it was.
    for (body, field) in [
        (json!({ "end_date": "2026-04-30" }), "end_date"),
        (json!({ "start_date": "2026-05-06" }), "end_date"),
        (json!({ "start_date": "2026-13-01" }), "start_date"),
        (json!({ "chief_arbiter": long }), "chief_arbiter"),
    ] {
        let r = patch(&app, &organiser, &t, body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}: {r:?}");
        assert_eq!(r.body["where"], field, "{body}: {r:?}");
    }
    let r = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(r.body["start_date"], "2026-05-01");
    assert_eq!(r.body["end_date"], "2026-05-05");
}

async fn the_trf_export_carries_dates_and_place_and_an_import_keeps_them(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.tournament(&organiser, spring_open()).await;
    app.players(
        &organiser,
        &t,
        &[
            ("Hou, Yifan", 2650),
            ("Ju, Wenjun", 2560),
            ("Tan, Zhongyi", 2520),
        ],
    )
    .await;
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await;
    assert_eq!(trf.status, StatusCode::OK);
    let lines: Vec<&str> = trf.text.lines().collect();
    for line in [
        "022 Shanghai, Jing'an Sports Centre",
        "032 CHN",
        "042 2026/05/01",
        "052 2026/05/05",
        "102 Li, Ming",
    ] {
        assert!(lines.contains(&line), "{line} in\n{}", trf.text);
    }
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(trf.text.clone())),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let copy = r.body["id"].as_str().unwrap();
    let r = app.get(&format!("/api/v1/tournaments/{copy}"), None).await;
    assert_eq!(r.body["place"], "Shanghai, Jing'an Sports Centre");
    assert_eq!(r.body["federation"], "CHN");
    assert_eq!(r.body["start_date"], "2026-05-01");
    assert_eq!(r.body["end_date"], "2026-05-05");
    assert_eq!(r.body["chief_arbiter"], "Li, Ming");
}

async fn an_imported_date_in_another_format_is_converted_or_left_out(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Club Cup", "system": "swiss-dutch", "rounds": 3,
                    "place": "Lyon", "start_date": "2026-01-01", "end_date": "2026-01-02" }),
        )
        .await;
    app.players(&organiser, &t, &[("Alpha, A", 2100), ("Beta, B", 2000)])
        .await;
    let trf = app
        .get(&format!("/api/v1/tournaments/{t}/export/trf"), None)
        .await
        .text;
    let file = |start: &str, end: &str| {
        trf.replace("042 2026/01/01", &format!("042 {start}"))
            .replace("052 2026/01/02", &format!("052 {end}"))
    };
    for (start, end, want_start, want_end) in [
        (
            "01.05.2026",
            "03.05.2026",
            json!("2026-05-01"),
            json!("2026-05-03"),
        ),
        ("05/06/2026", "25/06/2026", Value::Null, json!("2026-06-25")),
        ("2026/05/09", "2026/05/02", json!("2026-05-09"), Value::Null),
    ] {
        let r = app
            .request(
                Method::POST,
                "/api/v1/tournaments/import",
                Some(&organiser),
                Some(axum::body::Body::from(file(start, end))),
                Some("text/plain"),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{start} {end}: {r:?}");
        assert_eq!(r.body["place"], "Lyon");
        assert_eq!(r.body["start_date"], want_start, "{start}");
        assert_eq!(r.body["end_date"], want_end, "{end}");
    }
}

async fn the_home_page_shows_place_and_dates_in_both_languages(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app.tournament(&organiser, spring_open()).await;
    for (lang, place, dates, arbiter) in [
        ("en", "Place", "Dates", "Chief arbiter"),
        ("zh", "地点", "日期", "裁判长"),
    ] {
        let r = app.get(&format!("/t/{t}?lang={lang}"), None).await;
        assert_eq!(r.status, StatusCode::OK);
        let page = r.text.replace("&#39;", "'");
        assert!(
            page.contains(&format!("<dt>{place}</dt>")),
            "{lang}: {page}"
        );
        assert!(
            page.contains("<dd>Shanghai, Jing'an Sports Centre (CHN)</dd>"),
            "{lang}: {page}"
        );
        assert!(page.contains(&format!("<dt>{dates}</dt>")), "{lang}");
        assert!(page.contains("<dd>2026-05-01 – 2026-05-05</dd>"), "{lang}");
        assert!(
            page.contains(&format!("<dt>{arbiter}</dt><dd>Li, Ming</dd>")),
            "{lang}"
        );
    }
}

crate::both_databases!(
    a_tournament_keeps_its_dates_and_place_and_they_can_be_changed,
    bad_dates_and_long_texts_are_refused_naming_the_field,
    the_trf_export_carries_dates_and_place_and_an_import_keeps_them,
    an_imported_date_in_another_format_is_converted_or_left_out,
    the_home_page_shows_place_and_dates_in_both_languages,
);
