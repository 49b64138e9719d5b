//! The registry of people and the rating lists (issue 37): FIDE's TXT and
//! XML lists and a national CSV list imported streamed, search across
//! orders, scripts and typing errors, players registered from the registry,
//! lookalikes caught, a later month that keeps local edits, and the club
//! ladder carried from event to event (grade points, `laws.md`).

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, Response, TestApp, boards};

pub(crate) const FIDE_TXT: &[u8] =
    include_bytes!("../../../registry/tests/data/players_list_foa.txt");
pub(crate) const FIDE_XML: &[u8] =
    include_bytes!("../../../registry/tests/data/players_list_foa.xml");

pub(crate) async fn import(
    app: &TestApp,
    token: &str,
    query: &str,
    body: impl Into<Body>,
) -> Response {
    app.request(
        Method::POST,
        &format!("/api/v1/rating-lists?{query}"),
        Some(token),
        Some(body.into()),
        Some("application/octet-stream"),
    )
    .await
}

async fn search(app: &TestApp, token: &str, q: &str) -> Vec<Value> {
    let q: String = q
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let r = app
        .get(&format!("/api/v1/registry/search?q={q}"), Some(token))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    r.body["results"].as_array().unwrap().clone()
}

fn names(results: &[Value]) -> Vec<&str> {
    results
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect()
}

async fn fides_txt_list_imports_and_a_tournament_registers_its_players_from_it(app: TestApp) {
    let organiser = app.organiser().await;
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-12&format=fide-txt",
        FIDE_TXT,
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["players"], 6);
    assert_eq!(r.body["status"], "ready");
    let lists = app.get("/api/v1/rating-lists", Some(&organiser)).await;
    assert_eq!(
        lists.body["lists"].as_array().unwrap().len(),
        1,
        "{lists:?}"
    );

    // Found by FIDE id, by either name order, by a typing error, and by
    // the Chinese characters of a name the list writes in Latin letters.
    let by_id = search(&app, &organiser, "1503014").await;
    assert_eq!(names(&by_id), ["Carlsen, Magnus"]);
    assert_eq!(by_id[0]["standard"], 2831);
    assert_eq!(by_id[0]["blitz"], 2887);
    assert_eq!(by_id[0]["source"], "list");
    assert_eq!(
        names(&search(&app, &organiser, "Magnus Carlsen").await),
        ["Carlsen, Magnus"]
    );
    assert_eq!(
        names(&search(&app, &organiser, "Carslen Magnus").await),
        ["Carlsen, Magnus"]
    );
    assert_eq!(
        names(&search(&app, &organiser, "丁立人").await),
        ["Ding, Liren"]
    );
    assert_eq!(
        names(&search(&app, &organiser, "Maxime Vachier Lagrave").await),
        ["Vachier-Lagrave, Maxime"]
    );
    assert_eq!(
        names(&search(&app, &organiser, "Muller Jurgen").await),
        ["Müller, Jürgen"]
    );
    assert!(search(&app, &organiser, "Kasparov Garry").await.is_empty());

    // A player given by FIDE id alone is registered from the list.
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&organiser),
            json!({ "fide_id": 1503014 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["name"], "Carlsen, Magnus");
    assert_eq!(r.body["rating"], 2831);
    assert_eq!(
        (r.body["title"].as_str(), r.body["federation"].as_str()),
        (Some("GM"), Some("NOR"))
    );
    assert_eq!(r.body["birth_date"], "1990");
    let person = r.body["person_id"]
        .as_str()
        .expect("linked to a person")
        .to_owned();
    let p = app
        .get(&format!("/api/v1/people/{person}"), Some(&organiser))
        .await;
    assert_eq!(p.status, StatusCode::OK, "{p:?}");
    assert_eq!(p.body["fide_id"], 1503014);
    let ratings = p.body["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3, "standard, rapid and blitz: {p:?}");
    assert!(
        ratings
            .iter()
            .any(|r| r["kind"] == "rapid" && r["rating"] == 2823 && r["month"] == "2026-12")
    );
    assert_eq!(p.body["tournaments"][0]["tournament_id"], t);
    // Registered now: the search shows the person first.
    let found = search(&app, &organiser, "Carlsen").await;
    assert_eq!(found[0]["source"], "person");
    assert_eq!(
        found[1]["person_id"],
        person.as_str(),
        "the list line knows its person"
    );

    // An unknown FIDE id, an unknown person.
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&organiser),
            json!({ "fide_id": 42 }),
        )
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("unknown_fide_id"))
    );
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&organiser),
            json!({ "person_id": "nobody" }),
        )
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("unknown_person"))
    );
}

async fn fides_xml_list_imports_and_a_later_month_keeps_local_edits(app: TestApp) {
    let organiser = app.organiser().await;
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-11&format=fide-xml",
        FIDE_XML,
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["players"], 3);
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "Hou, Yifan", "fide_id": 8602980 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let person = r.body["id"].as_str().unwrap().to_owned();
    // By hand: her federation and her name in characters.
    let r = app
        .send(
            Method::PATCH,
            &format!("/api/v1/people/{person}"),
            Some(&organiser),
            json!({ "federation": "ENG", "chinese_name": "侯逸凡" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["pinyin"], "Hou Yifan");
    // December's list: a new rating, a new title, another federation.
    let december = String::from_utf8(FIDE_XML.to_vec())
        .unwrap()
        .replace("<rating>2633</rating>", "<rating>2650</rating>")
        .replace(
            "<country>CHN</country>\n<sex>F</sex>\n<title>GM</title>",
            "<country>HUN</country>\n<sex>F</sex>\n<title>IM</title>",
        );
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-12&format=fide-xml",
        december,
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["people_updated"], 1, "{r:?}");
    let p = app
        .get(&format!("/api/v1/people/{person}"), Some(&organiser))
        .await;
    assert_eq!(p.body["federation"], "ENG", "set by hand, kept: {p:?}");
    assert_eq!(p.body["chinese_name"], "侯逸凡");
    assert_eq!(
        p.body["title"], "IM",
        "from the list (IM and WGM: the higher, FIDE's order)"
    );
    let standard: Vec<_> = p.body["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "standard")
        .collect();
    assert_eq!(standard.len(), 1);
    assert_eq!(
        (
            standard[0]["rating"].as_i64(),
            standard[0]["month"].as_str()
        ),
        (Some(2650), Some("2026-12"))
    );
    let history: Vec<_> = p.body["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "standard")
        .map(|r| {
            (
                r["month"].as_str().unwrap().to_owned(),
                r["rating"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        history,
        [("2026-11".to_owned(), 2633), ("2026-12".to_owned(), 2650)]
    );
    // The same month again replaces the earlier import of it.
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-12&format=fide-xml",
        FIDE_XML,
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert!(r.body["replaced"].is_string(), "{r:?}");
    let lists = app.get("/api/v1/rating-lists", Some(&organiser)).await;
    assert_eq!(
        lists.body["lists"].as_array().unwrap().len(),
        2,
        "one list a name and month"
    );
}

async fn a_national_csv_list_imports_through_its_mapping(app: TestApp) {
    let organiser = app.organiser().await;
    let csv =
        "编号;姓名;性别;出生;等级分\nCHN0001;丁立人;男;1992;2750\nCHN0002;侯逸凡;女;1994;2620\n";
    let (gbk, _, _) = encoding_rs::GB18030.encode(csv);
    let mapping = r#"{"national_id":"编号","name":"姓名","sex":"性别","birth_year":"出生","rating":"等级分"}"#;
    let mapping: String = mapping.bytes().map(|b| format!("%{b:02X}")).collect();
    let r = import(
        &app,
        &organiser,
        &format!(
            "name=chn&month=2026-10&format=csv&federation=CHN&delimiter=%3B&mapping={mapping}"
        ),
        gbk.into_owned(),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(
        (r.body["players"].as_i64(), r.body["federation"].as_str()),
        (Some(2), Some("CHN"))
    );
    let found = search(&app, &organiser, "Ding Liren").await;
    assert_eq!(names(&found), ["丁立人"]);
    assert_eq!(
        (found[0]["list"].as_str(), found[0]["national_id"].as_str()),
        (Some("chn"), Some("CHN0001"))
    );
    assert_eq!(found[0]["standard"], 2750);
}

async fn a_lookalike_of_a_registered_person_is_warned_with_the_candidates(app: TestApp) {
    let organiser = app.organiser().await;
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "丁立人", "fide_id": 8603677, "federation": "CHN" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let ding = r.body["id"].as_str().unwrap().to_owned();
    assert_eq!(r.body["pinyin"], "Ding Liren");
    // The same person typed again, in Latin letters.
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "Liren Ding" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "possible_duplicate");
    assert_eq!(r.body["candidates"][0]["person_id"], ding.as_str());
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "Someone, Else", "fide_id": 8603677 }),
        )
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("person_exists"))
    );
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "Liren Ding", "not_a_duplicate": true }),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::CREATED,
        "someone else of that name: {r:?}"
    );
    // A player: warned, then linked.
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let path = format!("/api/v1/tournaments/{t}/players");
    let r = app
        .post(
            &path,
            Some(&organiser),
            json!({ "name": "Ding, Liren", "rating": 2700 }),
        )
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("possible_duplicate")),
        "{r:?}"
    );
    let players = app.get(&path, None).await;
    assert_eq!(
        players.body["players"],
        json!([]),
        "nothing added: {players:?}"
    );
    let r = app
        .post(
            &path,
            Some(&organiser),
            json!({ "name": "Ding, Liren", "person_id": ding }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(
        (r.body["person_id"].as_str(), r.body["fide_id"].as_i64()),
        (Some(ding.as_str()), Some(8603677))
    );
    // A player with the registered FIDE id is that person.
    let t2 = app
        .tournament(
            &organiser,
            json!({ "name": "Blitz", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t2}/players"),
            Some(&organiser),
            json!({ "name": "D. Liren", "fide_id": 8603677 }),
        )
        .await;
    assert_eq!(
        (r.status, r.body["person_id"].as_str()),
        (StatusCode::CREATED, Some(ding.as_str())),
        "{r:?}"
    );
    // A TRF: the FIDE id links, a lookalike is named.
    let line = |sn: u32, name: &str, rating: u32, fed: &str, fide: &str| {
        format!(
            "001 {sn:>4} m    {name:<33} {rating:>4} {fed:<3} {fide:>11} {:<10} {:>4} {sn:>4}\n",
            "", "0.0"
        )
    };
    let trf = format!(
        "012 Registry Open\nXXR 5\n{}{}{}",
        line(1, "Ding Liren", 2700, "CHN", "8603677"),
        line(2, "Lirenn Ding", 2600, "CHN", ""),
        line(3, "Somebody Different", 2500, "ENG", ""),
    );
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(Body::from(trf)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let registry = r.body["registry"].as_array().unwrap();
    assert_eq!(registry.len(), 2, "{r:?}");
    assert_eq!(
        (
            registry[0]["start_number"].as_i64(),
            registry[0]["linked_person_id"].as_str()
        ),
        (Some(1), Some(ding.as_str()))
    );
    assert_eq!(registry[1]["start_number"], 2);
    assert!(
        registry[1]["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["person_id"] == ding.as_str())
    );
    // Linking the lookalike by hand to the person start number 1 already is
    // would enter one person twice: refused (one person, one entry).
    let t3 = r.body["id"].as_str().unwrap();
    let listed = app
        .get(&format!("/api/v1/tournaments/{t3}/players"), None)
        .await;
    let second = listed.body["players"][1]["id"].as_str().unwrap();
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{t3}/players/{second}/person"),
            Some(&organiser),
            json!({ "person_id": ding }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "already_registered", "{r:?}");
    assert_eq!(r.body["start_number"], 1, "{r:?}");
    let p = app
        .get(&format!("/api/v1/people/{ding}"), Some(&organiser))
        .await;
    assert_eq!(p.body["tournaments"].as_array().unwrap().len(), 3, "{p:?}");
    // A pasted line with the registered FIDE id is that person too.
    let t4 = app
        .tournament(
            &organiser,
            json!({ "name": "Rapid", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t4}/players/paste"),
            Some(&organiser),
            json!({ "text": "Ding, Liren, 2780, CHN, 8603677\nSmith, Anna, 1800" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    assert_eq!(r.body["players"][0]["person_id"], ding.as_str());
    assert!(r.body["players"][1]["person_id"].is_null());
    let p = app
        .get(&format!("/api/v1/people/{ding}"), Some(&organiser))
        .await;
    assert_eq!(p.body["tournaments"].as_array().unwrap().len(), 4, "{p:?}");
    // The player card links the person's page, in both languages.
    for (lang, words) in [("en", "ratings and events"), ("zh", "等级分与比赛记录")] {
        let card = app
            .get(&format!("/t/{t4}/players/1?lang={lang}"), None)
            .await;
        assert!(
            card.text.contains(&format!("href=\"/people/{ding}\"")) && card.text.contains(words),
            "{}",
            card.text
        );
    }
}

/// Registers four people on the ladder and an event of them (by person).
async fn club_event(app: &TestApp, organiser: &str, name: &str, people: &[String]) -> String {
    let t = app
        .tournament(
            organiser,
            json!({ "name": name, "system": "swiss-dutch", "rounds": 2 }),
        )
        .await;
    for id in people {
        let r = app
            .post(
                &format!("/api/v1/tournaments/{t}/players"),
                Some(organiser),
                json!({ "person_id": id, "rating": 1500 }),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    t
}

async fn play(app: &TestApp, organiser: &str, t: &str, rounds: usize) {
    for _ in 0..rounds {
        let round = app.pair_round(organiser, t).await;
        assert!(!boards(&round).is_empty());
        app.finish_round(organiser, t, &round, |_, _, _| "1-0")
            .await;
    }
}

fn grade_after(ratings: &Value) -> Vec<(String, i64, i64)> {
    let mut out: Vec<_> = ratings["grade_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap().to_owned(),
                g["before"].as_i64().unwrap(),
                g["after"].as_i64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

async fn two_club_events_in_a_row_carry_grade_points_and_a_reopened_one_recomputes_the_next(
    app: TestApp,
) {
    let organiser = app.organiser().await;
    let mut people = Vec::new();
    for (name, points) in [
        ("Zhao, Yi", 1650),
        ("Qian, Er", 1420),
        ("Sun, San", 1210),
        ("Li, Si", 980),
    ] {
        let r = app
            .post(
                "/api/v1/people",
                Some(&organiser),
                json!({ "name": name, "grade_points": points, "club": "Riverside" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        people.push(r.body["id"].as_str().unwrap().to_owned());
    }
    let first = club_event(&app, &organiser, "Club night 1", &people).await;
    play(&app, &organiser, &first, 2).await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{first}/close"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert!(r.body["closed_at"].is_string());
    let report1 = app
        .get(&format!("/api/v1/tournaments/{first}/ratings"), None)
        .await;
    let first_after = grade_after(&report1.body);
    assert!(
        first_after.iter().any(|(_, b, a)| b != a),
        "points moved: {first_after:?}"
    );
    // Closed: nothing changes.
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{first}/rounds/1/boards/1/result"),
            Some(&organiser),
            json!({ "result": "0-1" }),
        )
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("event_closed")),
        "{r:?}"
    );
    // The second event starts from the stored points.
    let second = club_event(&app, &organiser, "Club night 2", &people).await;
    play(&app, &organiser, &second, 1).await;
    let report2 = app
        .get(&format!("/api/v1/tournaments/{second}/ratings"), None)
        .await;
    let befores: Vec<(String, i64)> = grade_after(&report2.body)
        .into_iter()
        .map(|(n, b, _)| (n, b))
        .collect();
    let expected: Vec<(String, i64)> = first_after
        .iter()
        .map(|(n, _, a)| (n.clone(), *a))
        .collect();
    assert_eq!(befores, expected, "event 2 starts where event 1 left them");
    // An open event with a result missing cannot close.
    let r = app
        .post(
            &format!("/api/v1/tournaments/{second}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let r = app
        .post(
            &format!("/api/v1/tournaments/{second}/close"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("results_missing")),
        "{r:?}"
    );
    let round2 = app
        .get(&format!("/api/v1/tournaments/{second}/rounds/2"), None)
        .await;
    app.finish_round(&organiser, &second, &round2.body, |_, _, _| "1/2-1/2")
        .await;
    let r = app
        .post(
            &format!("/api/v1/tournaments/{second}/close"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let ladder = app.get("/api/v1/ladder", None).await;
    assert_eq!(ladder.status, StatusCode::OK, "{ladder:?}");
    let report2 = app
        .get(&format!("/api/v1/tournaments/{second}/ratings"), None)
        .await;
    let mut on_ladder: Vec<(String, i64)> = ladder.body["ladder"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["grade_points"].as_i64().unwrap(),
            )
        })
        .collect();
    let points: Vec<i64> = on_ladder.iter().map(|r| r.1).collect();
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "most points first: {ladder:?}"
    );
    on_ladder.sort();
    let second_after: Vec<(String, i64)> = grade_after(&report2.body)
        .into_iter()
        .map(|(n, _, a)| (n, a))
        .collect();
    assert_eq!(
        on_ladder, second_after,
        "the ladder holds what event 2 left"
    );
    assert_eq!(
        ladder.body["ladder"][0]["history"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let csv = app.get("/api/v1/ladder?format=csv", None).await;
    assert!(csv.content_type.starts_with("text/csv"), "{csv:?}");
    assert_eq!(
        csv.text.lines().count(),
        5,
        "a header and four people: {}",
        csv.text
    );
    assert!(
        csv.text
            .starts_with("rank,name,club,grade_points,grade,events,person_id")
    );

    // Reopen event 1, correct a result, close it again: event 2 is
    // recomputed from the corrected points.
    let r = app
        .post(
            &format!("/api/v1/tournaments/{first}/reopen"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &format!("/api/v1/tournaments/{first}/rounds/2/boards/1/result"),
            Some(&organiser),
            json!({ "result": "0-1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .post(
            &format!("/api/v1/tournaments/{first}/close"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let corrected1 = grade_after(
        &app.get(&format!("/api/v1/tournaments/{first}/ratings"), None)
            .await
            .body,
    );
    assert_ne!(corrected1, first_after, "the correction moved points");
    let recomputed2 = grade_after(
        &app.get(&format!("/api/v1/tournaments/{second}/ratings"), None)
            .await
            .body,
    );
    let befores: Vec<(String, i64)> = recomputed2
        .iter()
        .map(|(n, b, _)| (n.clone(), *b))
        .collect();
    let expected: Vec<(String, i64)> = corrected1.iter().map(|(n, _, a)| (n.clone(), *a)).collect();
    assert_eq!(
        befores, expected,
        "event 2 now starts from the corrected points"
    );
    let ladder = app.get("/api/v1/ladder", None).await;
    let mut on_ladder: Vec<(String, i64)> = ladder.body["ladder"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["grade_points"].as_i64().unwrap(),
            )
        })
        .collect();
    on_ladder.sort();
    let after2: Vec<(String, i64)> = recomputed2.into_iter().map(|(n, _, a)| (n, a)).collect();
    assert_eq!(on_ladder, after2);
    // A person's page shows both events.
    let p = app
        .get(&format!("/api/v1/people/{}", people[0]), Some(ADMIN))
        .await;
    assert_eq!(p.body["events"].as_array().unwrap().len(), 2, "{p:?}");
}

async fn a_tournament_takes_its_ratings_from_the_list_it_chose(app: TestApp) {
    let organiser = app.organiser().await;
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-12&format=fide-txt",
        FIDE_TXT,
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let csv = "ID,Name,Rating\nCHN0001,丁立人,2750\n";
    let mapping: String = r#"{"national_id":"ID","name":"Name","rating":"Rating"}"#
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect();
    let r = import(
        &app,
        &organiser,
        &format!("name=chn&month=2026-10&format=csv&federation=CHN&mapping={mapping}"),
        csv,
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Rapid Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    let choose = |body: Value| {
        let app = app.clone();
        let organiser = organiser.clone();
        let t = t.clone();
        async move {
            app.send(
                Method::PUT,
                &format!("/api/v1/tournaments/{t}/rating-list"),
                Some(&organiser),
                body,
            )
            .await
        }
    };
    let r = choose(json!({ "list": "fide", "kind": "rapid", "month": "2026-12" })).await;
    assert_eq!(
        (r.status, r.body["players_rerated"].as_i64()),
        (StatusCode::OK, Some(0)),
        "{r:?}"
    );
    let path = format!("/api/v1/tournaments/{t}/players");
    let r = app
        .post(&path, Some(&organiser), json!({ "fide_id": 1503014 }))
        .await;
    assert_eq!(
        (r.status, r.body["rating"].as_i64()),
        (StatusCode::CREATED, Some(2823)),
        "the rapid rating: {r:?}"
    );
    // Another choice re-rates the registered players.
    let r = choose(json!({ "list": "fide", "kind": "blitz" })).await;
    assert_eq!(r.body["players_rerated"], 1, "{r:?}");
    let players = app.get(&path, None).await;
    assert_eq!(players.body["players"][0]["rating"], 2887);
    let got = app.get(&format!("/api/v1/tournaments/{t}"), None).await;
    assert_eq!(
        got.body["rating_list"],
        json!({ "list": "fide", "kind": "blitz", "month": null })
    );
    for (lang, words) in [
        ("en", "Ratings from the FIDE list: Blitz, the latest month."),
        ("zh", "等级分取自FIDE等级分表：超快棋，最新一期。"),
    ] {
        let page = app.get(&format!("/t/{t}/players?lang={lang}"), None).await;
        assert!(page.text.contains(words), "{}", page.text);
    }
    // A national list's rating goes to the national rating.
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "丁立人", "national_id": "CHN0001", "national_federation": "CHN" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let ding = r.body["id"].as_str().unwrap().to_owned();
    let r = choose(json!({ "list": "chn", "kind": "standard" })).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .post(&path, Some(&organiser), json!({ "person_id": ding }))
        .await;
    assert_eq!(
        (r.status, r.body["national_rating"].as_i64()),
        (StatusCode::CREATED, Some(2750)),
        "{r:?}"
    );
    // Refusals: an unknown list, a bad kind, and any change once round 1 is paired.
    let r = choose(json!({ "list": "nope", "kind": "standard" })).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("unknown_rating_list")
        )
    );
    let r = choose(json!({ "list": "fide", "kind": "classical" })).await;
    assert_eq!(
        (r.status, r.body["where"].as_str()),
        (StatusCode::BAD_REQUEST, Some("kind"))
    );
    app.pair_round(&organiser, &t).await;
    let r = choose(json!({ "list": "fide", "kind": "standard" })).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("ratings_fixed")),
        "{r:?}"
    );
}

crate::both_databases!(
    fides_txt_list_imports_and_a_tournament_registers_its_players_from_it,
    fides_xml_list_imports_and_a_later_month_keeps_local_edits,
    a_national_csv_list_imports_through_its_mapping,
    a_lookalike_of_a_registered_person_is_warned_with_the_candidates,
    two_club_events_in_a_row_carry_grade_points_and_a_reopened_one_recomputes_the_next,
    a_tournament_takes_its_ratings_from_the_list_it_chose,
);
