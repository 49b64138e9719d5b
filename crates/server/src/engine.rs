//! The seam between the event log and the Laws: a stored event is the JSON
//! of `regulations::Event` (serde feature: `{"type": ..., "at_ms": ...}`),
//! and a game's state is `regulations::Game` folded over its log.

use regulations::{Event, EventKind, Game, GameResult, Mode, Penalty, Profile, TimeControl};
use rules::Color;
use rules::pgn::GameResult as PgnResult;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::error::ApiError;

/// Fixed facts about a game that the Laws need.
#[derive(Debug, Clone)]
pub struct GameSetup {
    pub regulations: String,
    pub time_control: Option<String>,
    /// Initial position; `None` = the standard one.
    pub fen: Option<String>,
    /// `live` or `scoresheet` (as stored; see [`mode_from_text`]).
    pub mode: String,
    /// Scheduled start, milliseconds since 1970 (the events' timeline).
    pub scheduled_start_ms: Option<i64>,
    /// What the organiser announced over the profile (lateness, fifty-move
    /// count, the club's limits).
    pub laws: crate::laws::Laws,
}

/// The recording modes, as the API and the database spell them.
pub const MODES: &[&str] = &["live", "scoresheet"];

/// A stored or posted mode name.
pub fn mode_from_text(text: &str) -> Option<Mode> {
    match text {
        "live" => Some(Mode::Live),
        "scoresheet" => Some(Mode::Scoresheet),
        _ => None,
    }
}

fn mode_text(mode: Mode) -> &'static str {
    match mode {
        Mode::Live => "live",
        Mode::Scoresheet => "scoresheet",
    }
}

/// A recording mode from a request, `field` naming it in the error.
pub fn check_mode(field: &str, mode: &str) -> Result<&'static str, ApiError> {
    mode_from_text(mode).map(mode_text).ok_or_else(|| {
        ApiError::invalid_field(
            field,
            format!(
                "'{mode}' is not a recording mode (one of {})",
                MODES.join(", ")
            ),
        )
    })
}

/// Milliseconds since 1970 as RFC 3339 text (the API's time format).
fn ms_text(ms: u64) -> Option<String> {
    i64::try_from(ms)
        .ok()
        .and_then(chrono::DateTime::from_timestamp_millis)
        .map(crate::time_text)
}

/// The longest FEN accepted.
const MAX_FEN: usize = 200;

/// A starting position from a request: 422 `invalid_fen` naming `fen`, with
/// every problem `rules` finds (Art. 3, 4; a position that cannot arise).
pub fn check_fen(fen: &str) -> Result<String, ApiError> {
    let invalid = |message: String| ApiError::Unprocessable {
        code: "invalid_fen".into(),
        message,
        article: None,
        at: Some("fen".into()),
    };
    if fen.len() > MAX_FEN {
        return Err(invalid(format!("at most {MAX_FEN} characters")));
    }
    let position = rules::Position::from_fen(fen).map_err(|e| invalid(e.to_string()))?;
    Ok(position.to_fen())
}

/// An RFC 3339 time from a request as milliseconds since 1970 (the events'
/// timeline), `field` naming it in the error.
pub fn check_start_time(field: &str, text: &str) -> Result<i64, ApiError> {
    let at = chrono::DateTime::parse_from_rfc3339(text)
        .map_err(|e| ApiError::invalid_field(field, format!("not an RFC 3339 time: {e}")))?;
    let ms = at.timestamp_millis();
    // 1970 .. 9999: the range RFC 3339 text sorts in and the Laws' u64 timeline.
    if !(0..=253_402_300_799_999).contains(&ms) {
        return Err(ApiError::invalid_field(
            field,
            "must lie between 1970 and 9999",
        ));
    }
    Ok(ms)
}

/// A ruling (or rejection) with the article it applies.
#[derive(Debug, Clone, Serialize, ToSchema)]
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

/// The Laws' part of a game's state as the API shows it, with clocks as of
/// the answer (`game_view::StateJson` adds the game's row and the moves; the
/// pages read it as a map).
#[derive(Debug, Clone, Serialize)]
pub struct StateView {
    pub annulment: Option<regulations::Citation>,
    pub clocks: regulations::ClockView,
    pub due: Option<Due>,
    pub envelope: Option<regulations::Envelope>,
    pub fen: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lateness: Option<Lateness>,
    pub mode: &'static str,
    pub pending: regulations::Pending,
    pub result: Option<&'static str>,
    pub resumption: Option<Resumption>,
    pub scheduled_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sealed_move: Option<String>,
    pub start_fen: Option<String>,
    pub status: &'static str,
    pub termination: Option<regulations::Termination>,
    pub to_move: &'static str,
}

/// A game with a scheduled start: the lateness rule (Art. 10.15, 10.17).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Lateness {
    /// The profile's lateness limit in ms (`null`: none).
    pub limit_ms: Option<u64>,
    /// When a player not yet at the board loses (RFC 3339): the limit
    /// after the session's start — the scheduled start, or the announced
    /// resumption of an adjourned game (Art. 13.2).
    pub deadline: Option<String>,
    pub white_present: bool,
    pub black_present: bool,
}

/// The announced date, time and place of resumption of an adjourned game
/// (Art. 13.2): lateness at resumption (10.15, 10.17) counts from `at`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Resumption {
    /// When play resumes (RFC 3339).
    pub at: Option<String>,
    /// Where (empty when not stated).
    pub place: String,
}

/// What the Laws rule by now without any event (a flag fall, Art. 10.14; a
/// lateness forfeit, Art. 10.15/10.17; the club's game-length limit): the
/// server records it itself within about a second as a `flag` observation
/// by the actor `system`, timed at `at`; until then (or if the arbiter's
/// next event comes first) it is shown here.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Due {
    /// The instant it fell due (RFC 3339).
    pub at: Option<String>,
    /// The status it leaves.
    pub status: &'static str,
    /// The result it records.
    pub result: Option<&'static str>,
    pub rulings: Vec<Ruling>,
}

/// The state of a game after its log.
#[derive(Debug, Clone)]
pub struct GameState {
    game: Game,
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
        let mut profile = Profile::by_name(&setup.regulations).ok_or_else(|| Rejection {
            code: "unknown_profile".into(),
            article: None,
            message: format!("unknown regulations profile '{}'", setup.regulations),
        })?;
        setup.laws.apply(&mut profile);
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
        let mode = mode_from_text(&setup.mode).ok_or_else(|| Rejection {
            code: "bad_setup".into(),
            article: None,
            message: format!("unknown recording mode '{}'", setup.mode),
        })?;
        let game = Game::new(
            profile,
            regulations::GameSetup {
                fen: setup.fen.clone(),
                time_control,
                mode,
                scheduled_start_ms: setup
                    .scheduled_start_ms
                    .and_then(|ms| u64::try_from(ms).ok()),
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

    /// Applies one event in place: its rulings, or a rejection that leaves
    /// `self` unchanged (the Laws apply an event atomically).
    pub fn apply(&mut self, event: &Event) -> Result<Vec<Ruling>, Rejection> {
        match self.game.apply(event.clone()) {
            Ok(applied) => Ok(applied
                .rulings
                .into_iter()
                .map(|r| Ruling {
                    code: r.code,
                    article: r.article,
                    message: r.message,
                })
                .collect()),
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
        self.game.result().map(GameResult::notation)
    }

    /// Why the game was annulled (the ruling and its article), once it is.
    pub fn annulment(&self) -> Option<Ruling> {
        self.game.annulment().map(|a| Ruling {
            code: a.code.clone(),
            article: a.article.clone(),
            message: a.message.clone(),
        })
    }

    /// The moves played, with their SAN.
    pub fn plies(&self) -> &[regulations::PlyRecord] {
        self.game.plies()
    }

    /// The state as the API shows it, without `moves` (the caller adds them
    /// from [`GameState::plies`], and `seq` and ids), with clocks as of
    /// `now_ms`. A sealed move is shown to arbiters only.
    pub fn to_json(&self, arbiter: bool, now_ms: u64) -> StateView {
        let at = if self.game.clocks().running().is_some() {
            now_ms.max(self.game.last_event_ms())
        } else {
            self.game.last_event_ms()
        };
        // The moves are written by the caller straight from `plies` (see
        // `game_view::StateJson`), not copied here.
        let view = self.game.view_without_moves(at);
        let setup = self.game.setup();
        let lateness = self.game.session_start_ms().map(|start| {
            let limit = self.game.profile().lateness_limit_ms;
            Lateness {
                limit_ms: limit,
                deadline: limit.and_then(|l| ms_text(start.saturating_add(l))),
                white_present: self.game.is_present(Color::White),
                black_present: self.game.is_present(Color::Black),
            }
        });
        StateView {
            annulment: view.annulment,
            clocks: view.clocks,
            due: self.due_at(now_ms),
            envelope: view.envelope,
            fen: view.fen,
            lateness,
            mode: mode_text(setup.mode),
            pending: view.pending,
            result: self.result(),
            resumption: self.game.resumption().map(|r| Resumption {
                at: ms_text(r.at_ms),
                place: r.place.clone(),
            }),
            scheduled_start: setup.scheduled_start_ms.and_then(ms_text),
            sealed_move: if arbiter {
                self.game.sealed_move_for_arbiter().map(str::to_owned)
            } else {
                None
            },
            start_fen: setup.fen.clone(),
            status: self.status(),
            termination: view.termination,
            to_move: match view.side_to_move {
                Color::White => "white",
                Color::Black => "black",
            },
        }
    }

    /// The instant something falls due without an event (a flag, a lateness
    /// forfeit, the club's game-length limit), if anything can; the game
    /// may have ended by then for another reason (see
    /// [`Self::due_observation`]).
    pub fn next_due_ms(&self) -> Option<u64> {
        self.game.next_due_ms()
    }

    /// The observation that records what the Laws rule by `now_ms` without
    /// any other event — a flag fall (Art. 12.2, 10.14), a lateness forfeit
    /// (Art. 10.15, 10.17) or the club's game-length limit in live mode —
    /// timed at the instant it fell due ([`Game::next_due_ms`]), with the
    /// state it leaves and its rulings; `None` when nothing is due by
    /// `now_ms`. The server records it itself (`due.rs`).
    pub fn due_observation(&self, now_ms: u64) -> Option<(Event, GameState, Vec<Ruling>)> {
        let at_ms = self.game.next_due_ms().filter(|&at| at <= now_ms)?;
        let observation = Event::new(at_ms, EventKind::Flag { player: None });
        let mut after = self.clone();
        let rulings = after.apply(&observation).ok()?;
        (after.game.status() == regulations::Status::Finished).then_some((
            observation,
            after,
            rulings,
        ))
    }

    /// [`Self::due_observation`] as the state shows it: `None` (`null`)
    /// when nothing is due, else the status, result and rulings it records.
    fn due_at(&self, now_ms: u64) -> Option<Due> {
        self.due_observation(now_ms)
            .map(|(observation, after, rulings)| Due {
                at: ms_text(observation.at_ms),
                status: after.status(),
                result: after.result(),
                rulings,
            })
    }

    /// The game as PGN (written by `rules::pgn::write_game`: the Seven Tag
    /// Roster first and in order, escaped values, `[%clk]` after each move
    /// from the recorded clocks, a standard `Termination` value).
    pub fn pgn(&self, headers: &[(&str, String)]) -> String {
        let result = match self.game.result() {
            Some(GameResult::WhiteWins | GameResult::WhiteWinsByForfeit) => PgnResult::WhiteWins,
            Some(GameResult::BlackWins | GameResult::BlackWinsByForfeit) => PgnResult::BlackWins,
            Some(GameResult::Draw) => PgnResult::Draw,
            _ => PgnResult::Unknown,
        };
        let mut game = rules::pgn::Game {
            result,
            ..rules::pgn::Game::default()
        };
        for (name, value) in headers {
            game.set_tag(name, value.clone());
        }
        if let Some(fen) = &self.game.setup().fen {
            game.set_tag("SetUp", "1");
            game.set_tag("FEN", fen.clone());
        }
        if let Some(t) = self.game.termination() {
            let value = regulations::Code::parse(&t.reason.code)
                .map_or("normal", regulations::Code::pgn_termination);
            game.set_tag("Termination", value);
        }
        game.moves = self
            .game
            .plies()
            .iter()
            .map(|ply| rules::pgn::SanPly {
                clock_ms: ply.clock_ms,
                ..rules::pgn::SanPly::new(ply.san.as_str())
            })
            .collect();
        let mut out = String::new();
        rules::pgn::write_game(&game, &mut out);
        out
    }
}
