//! The seam between the event log and the Laws: fold stored events into a
//! game state, and decide whether a new event is accepted.
//!
//! This version accepts any event of a known type and keeps only the log's
//! head; validation through `regulations::Game` replaces it once that crate
//! lands (the log format does not change: each event is the JSON the
//! `regulations` crate's serde feature reads, with `at_ms`).

use serde::Serialize;
use serde_json::{Map, Value};

/// The event types the API accepts.
pub const EVENT_TYPES: &[&str] = &[
    "start",
    "move",
    "press",
    "touch",
    "adjust",
    "claim_touch_move",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "claim_draw",
    "resign",
    "flag",
    "seal",
    "resume",
    "arrive",
    "declare_illegal",
    "adjust_clock",
    "stop_clocks",
    "start_clocks",
    "penalise",
    "declare_result",
    "annul",
];

/// Fixed facts about a game that the Laws need.
#[derive(Debug, Clone)]
#[allow(dead_code)]
pub struct GameSetup {
    pub regulations: String,
    pub time_control: Option<String>,
}

/// A ruling the Laws produced for an accepted event.
#[derive(Debug, Clone, Serialize)]
pub struct Ruling {
    pub code: String,
    pub article: String,
    pub message: String,
}

/// Why an event was refused (answered 422, stored nowhere).
#[derive(Debug, Clone)]
pub struct Rejection {
    pub code: String,
    pub article: Option<String>,
    pub message: String,
}

/// The state of a game after its log.
#[derive(Debug, Clone)]
pub struct GameState {
    events: u64,
    last_at_ms: Option<i64>,
}

impl GameState {
    /// A game with an empty log.
    pub fn new(_setup: &GameSetup) -> Result<GameState, Rejection> {
        Ok(GameState {
            events: 0,
            last_at_ms: None,
        })
    }

    /// The time of the last event (events never go backwards).
    pub fn last_at_ms(&self) -> Option<i64> {
        self.last_at_ms
    }

    /// Applies one event: the next state and its rulings, or a rejection
    /// that leaves `self` unchanged.
    pub fn apply(&self, event: &Map<String, Value>) -> Result<(GameState, Vec<Ruling>), Rejection> {
        let Some(kind) = event.get("type").and_then(Value::as_str) else {
            return Err(Rejection {
                code: "invalid_event".into(),
                article: None,
                message: "an event needs a string field 'type'".into(),
            });
        };
        if !EVENT_TYPES.contains(&kind) {
            return Err(Rejection {
                code: "unknown_event_type".into(),
                article: None,
                message: format!("unknown event type '{kind}'"),
            });
        }
        let at_ms = event.get("at_ms").and_then(Value::as_i64);
        Ok((
            GameState {
                events: self.events + 1,
                last_at_ms: at_ms.or(self.last_at_ms),
            },
            Vec::new(),
        ))
    }

    /// Whether a sealed move is hidden from this view of the log right now.
    pub fn status(&self) -> &'static str {
        if self.events == 0 {
            "scheduled"
        } else {
            "in_progress"
        }
    }

    /// The result, if the game is over.
    pub fn result(&self) -> Option<&'static str> {
        None
    }

    /// The state as the API shows it (`seq` is added by the caller).
    /// `arbiter`: whether the viewer may see a sealed move.
    pub fn to_json(&self, _arbiter: bool) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("status".into(), Value::from(self.status()));
        map.insert("result".into(), Value::Null);
        map.insert("events".into(), Value::from(self.events));
        map
    }

    /// The game as PGN movetext with headers.
    pub fn pgn(&self, headers: &[(&str, String)]) -> String {
        let mut out = String::new();
        for (name, value) in headers {
            out.push_str(&format!(
                "[{name} \"{}\"]\n",
                value.replace(['\\', '"'], "")
            ));
        }
        out.push_str("\n*\n");
        out
    }
}
