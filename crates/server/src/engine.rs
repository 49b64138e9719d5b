//! The seam between the event log and the Laws: a stored event is the JSON
//! of `regulations::Event` (serde feature: `{"type": ..., "at_ms": ...}`),
//! and a game's state is `regulations::Game` folded over its log.

use regulations::{Event, EventKind, Game, GameResult, Penalty, Profile, TimeControl};
use rules::Color;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::ApiError;

/// Fixed facts about a game that the Laws need.
#[derive(Debug, Clone)]
pub struct GameSetup {
    pub regulations: String,
    pub time_control: Option<String>,
}

/// A ruling (or rejection) with the article it applies.
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
    game: Game,
}

/// API notation of a result (`+-` for a forfeit, as in the issue).
pub fn result_notation(result: GameResult) -> &'static str {
    match result {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::WhiteWinsByForfeit => "+-",
        GameResult::BlackWinsByForfeit => "-+",
        GameResult::DoubleForfeit => "--",
        GameResult::BothLose => "0-0",
    }
}

/// Parses a stored or posted event (with `at_ms`) into the Laws' event;
/// the error names the faulty field.
pub fn parse_event(event: &Map<String, Value>) -> Result<Event, ApiError> {
    let text = Value::Object(event.clone()).to_string();
    crate::error::parse_json::<Event>(text.as_bytes()).map_err(|e| match e {
        ApiError::BadRequest { message, at, .. } => ApiError::BadRequest {
            code: "invalid_event",
            message,
            at,
        },
        other => other,
    })
}

/// The longest time accepted in an event's clock value, penalty or clock
/// adjustment: 24 hours in milliseconds.
pub const MAX_EVENT_MS: u64 = 86_400_000;

fn check_ms(field: &str, ms: Option<u64>) -> Result<(), ApiError> {
    match ms {
        Some(ms) if ms <= MAX_EVENT_MS => Ok(()),
        _ => Err(ApiError::invalid_field(
            field,
            format!("must be between 0 and {MAX_EVENT_MS} ms (24 hours)"),
        )),
    }
}

/// Checks a posted event beyond its shape: every key is a field of its
/// event type (serde ignores unknown keys of a flattened, tagged event) and
/// clock values, penalties and adjustments lie within 0 ..= 24 hours.
pub fn check_posted_event(body: &Map<String, Value>, parsed: &Event) -> Result<(), ApiError> {
    let known = serde_json::to_value(parsed)?;
    for key in body.keys() {
        if known.get(key).is_some() {
            continue;
        }
        // A known field left at its default is not serialised back; it
        // still refuses a value of the wrong type, an unknown key does not.
        let mut probe = body.clone();
        probe.insert(key.clone(), Value::Array(vec![Value::Null, Value::Null]));
        if parse_event(&probe).is_ok() {
            let kind = body.get("type").and_then(Value::as_str).unwrap_or("?");
            return Err(ApiError::BadRequest {
                code: "invalid_event",
                message: format!("unknown field '{key}' for a '{kind}' event"),
                at: Some(key.clone()),
            });
        }
    }
    match &parsed.kind {
        EventKind::Move {
            clock_ms: Some(ms), ..
        } => check_ms("clock_ms", u64::try_from(*ms).ok()),
        EventKind::AdjustClock { remaining_ms, .. } => {
            check_ms("remaining_ms", u64::try_from(*remaining_ms).ok())
        }
        EventKind::Penalise {
            penalty: Penalty::AddTimeToOpponent { ms } | Penalty::DeductTime { ms },
            ..
        } => check_ms("penalty.ms", Some(*ms)),
        EventKind::DeclareIllegal {
            clocks: Some(clocks),
            ..
        } => {
            check_ms("clocks.white_ms", u64::try_from(clocks.white_ms).ok())?;
            check_ms("clocks.black_ms", u64::try_from(clocks.black_ms).ok())
        }
        _ => Ok(()),
    }
}

impl GameState {
    /// A game with an empty log.
    pub fn new(setup: &GameSetup) -> Result<GameState, Rejection> {
        let profile = Profile::by_name(&setup.regulations).ok_or_else(|| Rejection {
            code: "unknown_profile".into(),
            article: None,
            message: format!("unknown regulations profile '{}'", setup.regulations),
        })?;
        // No tag: the profile's default time control. "-" (untimed) and "?"
        // (unknown) are time controls of their own, parsed like any other tag.
        let time_control = match setup.time_control.as_deref() {
            None => None,
            Some(tag) => Some(TimeControl::parse(tag).map_err(|e| Rejection {
                code: "bad_time_control".into(),
                article: Some("12.1".into()),
                message: e.to_string(),
            })?),
        };
        let game = Game::new(
            profile,
            regulations::GameSetup {
                time_control,
                ..regulations::GameSetup::default()
            },
        )
        .map_err(|e| Rejection {
            code: "bad_setup".into(),
            article: None,
            message: e.to_string(),
        })?;
        Ok(GameState { game })
    }

    /// The time of the last event (events never go backwards).
    pub fn last_at_ms(&self) -> Option<i64> {
        if self.game.log().is_empty() {
            None
        } else {
            i64::try_from(self.game.last_event_ms()).ok()
        }
    }

    /// Applies one event: the next state and its rulings, or a rejection
    /// that leaves `self` unchanged.
    pub fn apply(&self, event: &Event) -> Result<(GameState, Vec<Ruling>), Rejection> {
        let mut game = self.game.clone();
        match game.apply(event.clone()) {
            Ok(applied) => Ok((
                GameState { game },
                applied
                    .rulings
                    .into_iter()
                    .map(|r| Ruling {
                        code: r.code,
                        article: r.article,
                        message: r.message,
                    })
                    .collect(),
            )),
            Err(rejection) => Err(Rejection {
                code: rejection.0.code,
                article: Some(rejection.0.article),
                message: rejection.0.message,
            }),
        }
    }

    /// `scheduled`, `in_progress`, `adjourned`, `finished` or `annulled`.
    pub fn status(&self) -> &'static str {
        self.game.status().as_str()
    }

    /// The result, if the game is over.
    pub fn result(&self) -> Option<&'static str> {
        self.game.result().map(result_notation)
    }

    /// The state as the API shows it (the caller adds `seq` and ids), with
    /// clocks as of `now_ms`. A sealed move is shown to arbiters only.
    pub fn to_json(&self, arbiter: bool, now_ms: u64) -> Map<String, Value> {
        let at = if self.game.clocks().running().is_some() {
            now_ms.max(self.game.last_event_ms())
        } else {
            self.game.last_event_ms()
        };
        let view = self.game.view(at);
        let mut map = match serde_json::to_value(&view) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        };
        map.insert(
            "to_move".into(),
            Value::from(match view.side_to_move {
                Color::White => "white",
                Color::Black => "black",
            }),
        );
        map.remove("side_to_move");
        map.insert("status".into(), Value::from(self.status()));
        map.insert(
            "result".into(),
            self.result().map_or(Value::Null, Value::from),
        );
        if arbiter && let Some(san) = self.game.sealed_move_for_arbiter() {
            map.insert("sealed_move".into(), Value::from(san));
        }
        map
    }

    /// The game as PGN: the seven-tag roster, the moves, the result.
    pub fn pgn(&self, headers: &[(&str, String)]) -> String {
        let result = match self.game.result() {
            Some(GameResult::WhiteWins | GameResult::WhiteWinsByForfeit) => "1-0",
            Some(GameResult::BlackWins | GameResult::BlackWinsByForfeit) => "0-1",
            Some(GameResult::Draw) => "1/2-1/2",
            _ => "*",
        };
        let mut out = String::new();
        for (name, value) in headers {
            out.push_str(&format!(
                "[{name} \"{}\"]\n",
                value.replace(['\\', '"'], "")
            ));
        }
        out.push_str(&format!("[Result \"{result}\"]\n"));
        if let Some(t) = self.game.termination() {
            out.push_str(&format!("[Termination \"{}\"]\n", t.reason.code));
        }
        out.push('\n');
        let mut line = String::new();
        for (i, san) in self.game.san_moves().iter().enumerate() {
            let token = if i % 2 == 0 {
                format!("{}. {san}", i / 2 + 1)
            } else {
                san.clone()
            };
            if !line.is_empty() && line.len() + token.len() + 1 > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        if !line.is_empty() && line.len() + result.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(result);
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}
