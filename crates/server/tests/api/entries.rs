//! One person, one entry: a tournament refuses a second player with the
//! same FIDE id or the same registered person, however the entry arrives
//! (a registration, a pasted list, a correction, a link to a person), and a
//! TRF import names the file's second holder of a FIDE id.

use axum::http::{Method, StatusCode};
use serde_json::json;

use crate::harness::TestApp;

async fn a_person_is_entered_once_in_a_tournament(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Entries Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    let players = format!("/api/v1/tournaments/{t}/players");
    let r = app
        .post(
            &players,
            Some(&organiser),
            json!({ "name": "Ding, Liren", "rating": 2780, "fide_id": 8603677 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let ding = r.body["id"].as_str().unwrap().to_owned();

    // The same FIDE id under another spelling of the name.
    let r = app
        .post(
            &players,
            Some(&organiser),
            json!({ "name": "Liren Ding", "rating": 2780, "fide_id": 8603677 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "already_registered");
    assert_eq!(r.body["where"], "fide_id");
    assert_eq!(r.body["start_number"], 1);
    assert_eq!(r.body["player_id"], ding.as_str());

    // A pasted list is refused whole, naming the line.
    let r = app
        .post(
            &format!("{players}/paste"),
            Some(&organiser),
            json!({ "text": "Wei, Yi, 2750, CHN, 8603405\nDing, 2780, CHN, 8603677\nYi Wei, 2750, CHN, 8603405" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    let problems: Vec<(i64, &str)> = r.body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["line"].as_i64().unwrap(), p["field"].as_str().unwrap()))
        .collect();
    assert_eq!(problems, [(2, "fide_id"), (3, "fide_id")], "{r:?}");
    let r = app.get(&players, None).await;
    assert_eq!(
        r.body["players"].as_array().unwrap().len(),
        1,
        "nothing added"
    );

    // A correction that gives another player Ding's id.
    let r = app
        .post(
            &players,
            Some(&organiser),
            json!({ "name": "Wei, Yi", "rating": 2750, "fide_id": 8603405 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let wei = r.body["id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::PATCH,
            &format!("{players}/{wei}"),
            Some(&organiser),
            json!({ "fide_id": 8603677 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["where"], "fide_id");
    // Correcting anything else of a player keeps his own id.
    let r = app
        .send(
            Method::PATCH,
            &format!("{players}/{ding}"),
            Some(&organiser),
            json!({ "rating": 2790, "fide_id": 8603677 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");

    // Two players linked to one registered person.
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "Hou, Yifan", "fide_id": 8602980 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let hou = r.body["id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::PUT,
            &format!("{players}/{ding}/person"),
            Some(&organiser),
            json!({ "person_id": hou }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    let r = app
        .send(
            Method::PUT,
            &format!("{players}/{wei}/person"),
            Some(&organiser),
            json!({ "person_id": hou }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["where"], "person_id");
    assert_eq!(r.body["start_number"], 1);
    // Registering the person again by id is the same refusal.
    let r = app
        .post(&players, Some(&organiser), json!({ "person_id": hou }))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["error"], "already_registered");

    // A pasted line with Hou's FIDE id is Hou, whom Ding's entry links.
    let r = app
        .post(
            &format!("{players}/paste"),
            Some(&organiser),
            json!({ "text": "Smith, Anna, 1800\nHou, Yifan, 2650, CHN, 8602980" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["problems"][0]["line"], 2, "{r:?}");
    assert_eq!(r.body["problems"][0]["field"], "fide_id", "{r:?}");
    // A person whose FIDE id another player holds is that player.
    let r = app
        .post(
            "/api/v1/people",
            Some(&organiser),
            json!({ "name": "Yi, Wei", "fide_id": 8603405 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let yi = r.body["id"].as_str().unwrap().to_owned();
    let r = app
        .send(
            Method::PUT,
            &format!("{players}/{ding}/person"),
            Some(&organiser),
            json!({ "person_id": yi }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    assert_eq!(r.body["start_number"], 2, "{r:?}");

    let r = app.get(&players, None).await;
    assert_eq!(r.body["players"].as_array().unwrap().len(), 2);
    assert_eq!(r.body["players"][1]["fide_id"], 8603405, "unchanged");

    // A FIDE id typed on the wrong player is removed (`clear`), and the
    // right player can then be entered with it.
    let r = app
        .send(
            Method::PATCH,
            &format!("{players}/{ding}"),
            Some(&organiser),
            json!({ "clear": ["fide_id", "club"] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert!(r.body.get("fide_id").is_none(), "{}", r.body);
    let r = app
        .post(
            &players,
            Some(&organiser),
            json!({ "name": "Liren Ding", "rating": 2780, "fide_id": 8603677 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .send(
            Method::PATCH,
            &format!("{players}/{ding}"),
            Some(&organiser),
            json!({ "clear": ["rating", "name"] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "clear[1]", "{r:?}");
}

/// On PostgreSQL two registrations of one FIDE id at the same moment
/// enter it once: the second waits for the first and is refused.
async fn two_entries_of_one_fide_id_at_once_enter_it_once(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Race Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    let players = format!("/api/v1/tournaments/{t}/players");
    for i in 0..6_u64 {
        let body = |name: &str| json!({ "name": name, "rating": 2000, "fide_id": 7_000_000 + i });
        let (a, b) = tokio::join!(
            app.post(&players, Some(&organiser), body(&format!("First {i}"))),
            app.post(&players, Some(&organiser), body(&format!("Second {i}"))),
        );
        let mut statuses = [a.status, b.status];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::CREATED, StatusCode::CONFLICT],
            "{a:?}\n{b:?}"
        );
    }
    let r = app.get(&players, None).await;
    assert_eq!(r.body["players"].as_array().unwrap().len(), 6);
}

/// A TRF with two players holding one FIDE id is read (the event happened),
/// and the import's warnings name the second line.
async fn a_trf_import_names_a_fide_id_held_twice(app: TestApp) {
    let organiser = app.organiser().await;
    let trf = "\
012 Twice Open
XXR 3
001    1 m    Alpha, Anna                       2000 ESP     1000001 1990/01/01  1.0    1     2 w 1
001    2 w    Bravo, Bea                        1900 ESP     1000001 1991/01/01  0.0    2     1 b 0
";
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(trf.to_owned())),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let warnings = r.body["warnings"].as_array().unwrap();
    let second = warnings
        .iter()
        .find(|w| w["line"] == 4)
        .unwrap_or_else(|| panic!("{warnings:?}"));
    assert!(
        second["message"]
            .as_str()
            .unwrap()
            .contains("FIDE id 1000001 is also start number 1's"),
        "{second}"
    );
    // A name with an invisible character is refused where it stands.
    let hidden = trf.replace("Bravo, Bea", "Bravo,\u{200b}Bea");
    let r = app
        .request(
            Method::POST,
            "/api/v1/tournaments/import",
            Some(&organiser),
            Some(axum::body::Body::from(hidden)),
            Some("text/plain"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["error"], "invalid_trf", "{r:?}");
    assert_eq!(r.body["where"], "line 4 column 15", "{r:?}");
}

crate::both_databases!(
    two_entries_of_one_fide_id_at_once_enter_it_once,
    a_person_is_entered_once_in_a_tournament,
    a_trf_import_names_a_fide_id_held_twice,
);
