//! Events the end-to-end tests share, made through the API of a started
//! server.

use serde_json::{Value, json};

use crate::{Server, call, organiser_token};

/// A small Swiss: five players (two with Chinese names), round 1 complete
/// (board 1 recorded move by move and drawn), round 2 paired with board 2
/// decided and board 1 not started.
#[derive(Debug)]
pub struct SmallSwiss {
    pub server: Server,
    pub organiser: String,
    pub id: String,
    /// Round 1 board 1 (recorded, drawn).
    pub drawn_game: String,
    /// Round 2 board 1 (not started).
    pub open_game: String,
}

/// Posts `events` to `game` in order, from sequence number `first_seq`.
pub fn post_events(server: &Server, token: &str, game: &str, first_seq: i64, events: &[Value]) {
    for (seq, event) in (first_seq..).zip(events) {
        let mut event = event.clone();
        event["expected_seq"] = json!(seq);
        let (status, r) = call(
            server,
            "POST",
            &format!("/api/v1/games/{game}/events"),
            Some(token),
            Some(&event),
        );
        assert_eq!(status, 201, "{event}: {r}");
    }
}

pub fn small_swiss(name: &str) -> SmallSwiss {
    let server = Server::start(name);
    let organiser = organiser_token(&server);
    let o = Some(organiser.as_str());
    let (status, t) = call(
        &server,
        "POST",
        "/api/v1/tournaments",
        o,
        Some(&json!({
            "name": "Spring Open 春季公开赛", "system": "swiss-dutch", "rounds": 5,
            "time_control": "5400+30"
        })),
    );
    assert_eq!(status, 201, "{t}");
    let id = t["id"].as_str().unwrap().to_owned();
    for (name, rating, fed, title) in [
        ("Ding Liren 丁立人", 2780, "CHN", Some("GM")),
        ("Alice Smith", 2400, "ENG", Some("IM")),
        ("王皓", 2350, "CHN", None),
        ("Bob Jones", 2200, "USA", None),
        ("李明", 2100, "CHN", None),
    ] {
        let mut body = json!({ "name": name, "rating": rating, "federation": fed });
        if let Some(title) = title {
            body["title"] = json!(title);
        }
        let (status, p) = call(
            &server,
            "POST",
            &format!("/api/v1/tournaments/{id}/players"),
            o,
            Some(&body),
        );
        assert_eq!(status, 201, "{p}");
    }
    let pair = || {
        let (status, r) = call(
            &server,
            "POST",
            &format!("/api/v1/tournaments/{id}/rounds"),
            o,
            Some(&json!({})),
        );
        assert_eq!(status, 201, "{r}");
        r
    };
    let result = |round: u32, board: u64, result: &str| {
        let (status, r) = call(
            &server,
            "PUT",
            &format!("/api/v1/tournaments/{id}/rounds/{round}/boards/{board}/result"),
            o,
            Some(&json!({ "result": result })),
        );
        assert_eq!(status, 200, "{r}");
    };
    let r1 = pair();
    let drawn_game = r1["boards"][0]["game_id"].as_str().unwrap().to_owned();
    post_events(
        &server,
        &organiser,
        &drawn_game,
        0,
        &[
            json!({ "type": "start" }),
            json!({ "type": "move", "san": "e4" }),
            json!({ "type": "move", "san": "c5" }),
            json!({ "type": "move", "san": "Nf3", "offer_draw": true }),
            json!({ "type": "accept_draw", "player": "black" }),
        ],
    );
    result(1, 2, "1-0");
    let r2 = pair();
    let open_game = r2["boards"][0]["game_id"].as_str().unwrap().to_owned();
    result(2, 2, "0-1");
    SmallSwiss {
        server,
        organiser,
        id,
        drawn_game,
        open_game,
    }
}
