//! What the `laws_*` tests share: a game played event by event through
//! `POST /games/{id}/events`, with event times on a fixed timeline.
//!
//! The state in an answer shows the clocks as of the server's wall clock, so
//! a *running* clock's value there is not exact; the tests read the clock of
//! the player who is not on move (stopped, exact to the millisecond).

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::harness::{ADMIN, Response, TestApp};

/// Every game of these tests starts at 2026-04-01 14:00:00 UTC.
pub const START: &str = "2026-04-01T14:00:00Z";

/// The RFC 3339 time `seconds` after [`START`] (less than sixteen days).
pub fn at(seconds: u64) -> String {
    let (day, rest) = (
        1 + (14 * 3600 + seconds) / 86_400,
        (14 * 3600 + seconds) % 86_400,
    );
    format!(
        "2026-04-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// `h:mm:ss` in seconds.
pub const fn hms(h: u64, m: u64, s: u64) -> u64 {
    h * 3600 + m * 60 + s
}

/// `h:mm:ss` in milliseconds, as the clocks show it.
pub const fn ms(h: i64, m: i64, s: i64) -> i64 {
    (h * 3600 + m * 60 + s) * 1000
}

/// A game being played through the API by one arbiter token.
pub struct Play<'a> {
    pub app: &'a TestApp,
    pub game: String,
    pub token: String,
    pub seq: i64,
}

impl<'a> Play<'a> {
    /// A free game (`POST /games` by the administrator) with the fields of
    /// `setup` (`regulations`, `time_control`, `fen`, `mode`, `starts_at`).
    pub async fn free(app: &'a TestApp, setup: Value) -> Play<'a> {
        let mut body = json!({ "white": "White, Player", "black": "Black, Player" });
        for (k, v) in setup.as_object().expect("an object").iter() {
            body[k] = v.clone();
        }
        let r = app.post("/api/v1/games", Some(ADMIN), body).await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        Play {
            app,
            game: r.body["id"].as_str().unwrap().to_owned(),
            token: ADMIN.to_owned(),
            seq: 0,
        }
    }

    /// An existing game (a tournament board's) played with `token`.
    pub async fn existing(app: &'a TestApp, game: &str, token: &str) -> Play<'a> {
        let r = app.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
        Play {
            app,
            game: game.to_owned(),
            token: token.to_owned(),
            seq: r.body["seq"].as_i64().unwrap(),
        }
    }

    /// Posts `event` at `seconds` after the start, whatever the answer.
    pub async fn post(&mut self, seconds: u64, mut event: Value) -> Response {
        event["at"] = json!(at(seconds));
        let r = self
            .app
            .event(&self.game, &self.token, self.seq, event)
            .await;
        if r.status == StatusCode::CREATED {
            self.seq = r.body["state"]["seq"].as_i64().unwrap();
        }
        r
    }

    /// Posts `event` and asserts it is accepted (201).
    pub async fn ok(&mut self, seconds: u64, event: Value) -> Response {
        let shown = event.to_string();
        let r = self.post(seconds, event).await;
        assert_eq!(r.status, StatusCode::CREATED, "{shown}: {r:?}");
        r
    }

    /// Posts `event`, asserts the Laws refuse it (422 with `code` citing
    /// `article`), and that nothing was stored.
    pub async fn refused(&mut self, seconds: u64, event: Value, code: &str, article: &str) {
        let shown = event.to_string();
        let before = self.seq;
        let r = self.post(seconds, event).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{shown}: {r:?}");
        assert_eq!(r.body["error"], code, "{shown}: {r:?}");
        assert_eq!(r.body["article"], article, "{shown}: {r:?}");
        assert_eq!(
            self.state().await["seq"],
            before,
            "a refusal stores nothing"
        );
    }

    /// `start` at 0 s.
    pub async fn start(&mut self) -> Response {
        self.ok(0, json!({ "type": "start" })).await
    }

    /// Plays `sans` one per `step` seconds from `from`.
    pub async fn moves(&mut self, from: u64, step: u64, sans: &[&str]) -> u64 {
        let mut t = from;
        for san in sans {
            self.ok(t, json!({ "type": "move", "san": san })).await;
            t += step;
        }
        t
    }

    /// `GET /games/{id}` with the administrator's (arbiter) view.
    pub async fn state(&self) -> Value {
        let r = self
            .app
            .get(&format!("/api/v1/games/{}", self.game), Some(ADMIN))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{r:?}");
        r.body
    }
}

/// Asserts that an accepted event's answer carries the ruling `code` citing
/// `article`.
#[track_caller]
pub fn assert_ruling(r: &Response, code: &str, article: &str) {
    let rulings = r.body["rulings"].as_array().expect("rulings");
    assert!(
        rulings
            .iter()
            .any(|x| x["code"] == code && x["article"] == article),
        "no ruling {code} ({article}) in {}",
        r.body["rulings"]
    );
}

/// Asserts how the game ended: `result`, and the termination `code` citing
/// `article`, in an accepted event's answer.
#[track_caller]
pub fn assert_ended(r: &Response, result: &str, code: &str, article: &str) {
    let state = &r.body["state"];
    assert_eq!(state["status"], "finished", "{}", r.body);
    assert_eq!(state["result"], result, "{}", r.body);
    assert_eq!(state["termination"]["reason"]["code"], code, "{}", r.body);
    assert_eq!(
        state["termination"]["reason"]["article"], article,
        "{}",
        r.body
    );
}

/// The SAN moves of a state.
pub fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}
