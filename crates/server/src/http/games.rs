//! `/games`: games outside any tournament, a game's state, log, PGN and
//! live stream, and posting an event (recorded by `app::games`: judged by
//! the Laws, compare-and-swap on the head, 409 for a stale `expected_seq`,
//! 422 for a refusal).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{OpenApi, ToSchema};

use crate::app::game_rows::{GameRow, load_game};
pub(crate) use crate::app::game_view::{StateJson, state_json};
use crate::app::games::{self, Recorded, current_state, event_refusals, game_pgn};
use crate::app::new_game::StandaloneGame;
use crate::auth::{Actor, MaybeActor};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::live::events::{View, event_json, last_resume};
use crate::state::AppState;

fn view_for(game: &GameRow, actor: Option<&Actor>) -> View {
    if actor.is_some_and(|a| game.may_arbitrate(a)) {
        View::Arbiter
    } else {
        View::Public
    }
}

/// `POST /games` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = GameRequest)]
struct CreateGame {
    white: String,
    black: String,
    /// `chess` (default) or `xiangqi`.
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    regulations: Option<String>,
    #[serde(default)]
    time_control: Option<String>,
    /// Initial position (FEN); the standard one when absent.
    #[serde(default)]
    fen: Option<String>,
    /// `live` (default) or `scoresheet`.
    #[serde(default)]
    mode: Option<String>,
    /// Scheduled start (RFC 3339): players are absent until they `arrive`
    /// and the profile's lateness rule applies.
    #[serde(default)]
    starts_at: Option<String>,
    /// What the Laws let the organiser announce for this game, over its
    /// profile's settings (as a tournament's `laws`: lateness limit Art.
    /// 10.15, a higher fifty-move count Art. 10.12, the club plan's limits,
    /// Xiangqi's foul and natural move limits).
    #[serde(default)]
    laws: Option<crate::engine::laws::Laws>,
    /// The game is a board of a team match entered on its own (a team
    /// event's boards are team games by their tournament's `teams`): under
    /// `china-national` its players may consult their captain about a draw
    /// or resigning (`consult_captain`); elsewhere that is outside help
    /// (Art. 15).
    #[serde(default)]
    team_game: bool,
}

/// A game outside any tournament (administrators, organisers).
///
/// `POST /games`: a game outside any tournament (an administrator's or an
/// organiser's; e.g. a match or a demonstration board).
#[utoipa::path(
    post,
    path = "/api/v1/games",
    tag = "games",
    request_body = CreateGame,
    responses((status = 201, description = "the game's state", body = StateJson)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "422": ["invalid_fen", "not_for_this_game", "profile_not_for_game"]}))),
)]
async fn create_game(
    State(state): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<CreateGame>,
) -> Result<impl IntoResponse, ApiError> {
    let new = StandaloneGame {
        white: body.white,
        black: body.black,
        game: body.game,
        regulations: body.regulations,
        time_control: body.time_control,
        fen: body.fen,
        mode: body.mode,
        starts_at: body.starts_at,
        laws: body.laws,
        team_game: body.team_game,
    };
    let created = crate::app::new_game::create_game(&state, &actor, new).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Current state (arbiter view with a token of the game, else public: the sealed move hidden).
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}",
    tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "the game's state", body = StateJson)),
    security((), ("bearer" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn get_game(
    State(state): State<AppState>,
    MaybeActor(actor): MaybeActor,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<StateJson>, ApiError> {
    let game = load_game(state.db().pool(), &id).await?;
    let current = current_state(&state, state.db().pool(), &game).await?;
    let view = view_for(&game, actor.as_ref());
    Ok(Json(state_json(&game, current, view)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsQuery {
    /// A seq: none is below 0, so a negative one is refused, not read as 0.
    #[serde(default)]
    after: Option<u64>,
}

impl EventsQuery {
    /// `after` as a seq (0, every event, when absent).
    fn after_seq(&self) -> i64 {
        self.after
            .map_or(0, |n| i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// A game's log, as `GET /games/{id}/events` shows it.
#[derive(Serialize, ToSchema)]
#[schema(as = EventLog)]
struct EventList {
    game_id: String,
    /// The game's current seq.
    seq: i64,
    /// `arbiter` or `public`.
    view: &'static str,
    #[schema(value_type = Vec<crate::app::game_view::EventShown>)]
    events: Vec<Value>,
}

/// The log (arbiter view with a token of the tournament, else public: sealed moves hidden before resumption).
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}/events",
    tag = "games",
    params(
        ("id" = String, Path, description = "game id"),
        ("after" = Option<u64>, Query, description = "only the events after this seq"),
    ),
    responses((status = 200, description = "the events after `after`", body = EventList)),
    security((), ("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_query"], "404": ["not_found"]}))),
)]
async fn get_events(
    State(state): State<AppState>,
    MaybeActor(actor): MaybeActor,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<EventsQuery>,
) -> Result<Json<EventList>, ApiError> {
    let after = query.after_seq();
    let (game, events) = games::game_log(&state, &id).await?;
    let view = view_for(&game, actor.as_ref());
    let resumed = last_resume(&events);
    let list: Vec<Value> = events
        .iter()
        .filter(|e| e.seq > after)
        .map(|e| event_json(e, view, resumed))
        .collect();
    Ok(Json(EventList {
        game_id: id,
        seq: game.seq,
        view: if view == View::Arbiter {
            "arbiter"
        } else {
            "public"
        },
        events: list,
    }))
}

/// The game as PGN.
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}/pgn",
    tag = "games",
    params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "the game with its clock times", content_type = "application/x-chess-pgn", body = String)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn get_pgn(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<impl IntoResponse, ApiError> {
    let game = load_game(state.db().pool(), &id).await?;
    let current = current_state(&state, state.db().pool(), &game).await?;
    let pgn = game_pgn(&game, &current);
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        pgn,
    ))
}

/// `expected_seq`, the event time (`None`: the server's clock), the event.
type EventRequest = (i64, Option<DateTime<Utc>>, Map<String, Value>);

/// Splits a request body into `expected_seq`, the event time and the event.
fn parse_event_request(
    mut body: Map<String, Value>,
    received: DateTime<Utc>,
) -> Result<EventRequest, ApiError> {
    let expected_seq = match body.remove("expected_seq") {
        Some(Value::Number(n)) => n
            .as_i64()
            .filter(|n| *n >= 0)
            .ok_or_else(|| ApiError::invalid_field("expected_seq", "must be an integer >= 0"))?,
        Some(_) => {
            return Err(ApiError::invalid_field(
                "expected_seq",
                "must be an integer >= 0",
            ));
        }
        None => {
            return Err(ApiError::invalid_field(
                "expected_seq",
                "missing: the sequence number this event extends (the game's current seq)",
            ));
        }
    };
    let given = match body.remove("at") {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(
            DateTime::parse_from_rfc3339(&text)
                .map_err(|e| ApiError::invalid_field("at", format!("not an RFC 3339 time: {e}")))?
                .with_timezone(&Utc),
        ),
        Some(_) => return Err(ApiError::invalid_field("at", "must be an RFC 3339 string")),
    };
    let at = given.unwrap_or(received);
    if at.timestamp_millis() < 0 {
        return Err(ApiError::invalid_field("at", "must be after 1970"));
    }
    if at > received + chrono::Duration::seconds(5) {
        return Err(ApiError::invalid_field(
            "at",
            "is in the future (events are recorded when they happen or later)",
        ));
    }
    // Art. 13.2: the resumption's time is posted as RFC 3339 text like `at`
    // (another event's `resumes_at` is left to be refused by its name).
    let resumption = body.get("type").and_then(Value::as_str) == Some("schedule_resumption");
    let resumes_at = if resumption {
        body.remove("resumes_at")
    } else {
        None
    };
    match resumes_at {
        None => {}
        Some(Value::String(text)) => {
            let ms = crate::engine::check_start_time("resumes_at", &text)?;
            body.insert("resumes_at_ms".into(), Value::from(ms));
        }
        Some(_) => {
            return Err(ApiError::invalid_field(
                "resumes_at",
                "must be an RFC 3339 string",
            ));
        }
    }
    if body.contains_key("at_ms") || body.contains_key("seq") {
        return Err(ApiError::invalid_field(
            "at_ms",
            "the server sets at_ms and seq; give the time as 'at'",
        ));
    }
    if !matches!(body.get("type"), Some(Value::String(_))) {
        return Err(ApiError::invalid_field(
            "type",
            "missing or not a string: the event type (move, start, resign, ...)",
        ));
    }
    body.insert("at_ms".into(), Value::from(at.timestamp_millis()));
    Ok((expected_seq, given, body))
}

/// Append an event: judged by the Laws, recorded with its rulings or refused.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/events",
    tag = "games",
    params(("id" = String, Path, description = "game id")),
    request_body = crate::app::game_view::PostedEvent,
    responses((status = 201, description = "recorded: the event, its rulings and the state after it", body = Recorded)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_event", "invalid_field"],
        "404": ["not_found"],
        "409": ["result_paired_on", "stale_seq"],
        "422": event_refusals(),
    }))),
)]
async fn post_event(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<impl IntoResponse, ApiError> {
    let received = Utc::now();
    let (expected_seq, at, event) = {
        let _parse = tracing::debug_span!(target: "server::move", "parse_request").entered();
        parse_event_request(body, received)?
    };
    let body = games::post_event(&state, &actor, &id, expected_seq, received, at, event).await?;
    Ok((
        StatusCode::CREATED,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    ))
}

/// One message of a Server-Sent Events stream, as a client's SSE reader
/// sees it (OpenAPI 3.1 describes each message of `text/event-stream`).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // a schema only: the stream writes the SSE text itself
pub(crate) struct SseMessage {
    /// The event's `seq`.
    id: Option<String>,
    /// The event's type (`move`, `claim_draw`, …).
    event: Option<String>,
    /// The event as JSON text, as `GET /games/{id}/events` shows it.
    data: String,
    /// Reconnection delay in milliseconds, when the server sends one.
    retry: Option<u64>,
}

/// Server-Sent Events: the log after `after` / Last-Event-ID, then live events (also from other server processes on PostgreSQL).
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}/stream",
    tag = "games",
    params(
        ("id" = String, Path, description = "game id"),
        ("after" = Option<u64>, Query, description = "only the events after this seq"),
        ("Last-Event-ID" = Option<i64>, Header, description = "resume after this seq (a reconnecting client's last id)"),
    ),
    responses((status = 200, description = "event stream; each message has id = seq, event = type, data = the event as `GET /games/{id}/events` shows it", content_type = "text/event-stream", body = SseMessage)),
    security((), ("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_query"], "404": ["not_found"]}))),
)]
async fn stream(
    State(state): State<AppState>,
    MaybeActor(actor): MaybeActor,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<EventsQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let after_query = query.after.map(|_| query.after_seq());
    let game = load_game(state.db().pool(), &id).await?;
    let view = view_for(&game, actor.as_ref());
    let last_event_id = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let after = last_event_id.or(after_query).unwrap_or(0).max(0);
    Ok(crate::live::stream::sse(state, id, view, after))
}

/// The `/games` operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(create_game, get_game, post_event, get_events, get_pgn, stream))]
pub(crate) struct Doc;

/// `/games` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/games", post(create_game))
        .route("/games/{id}", get(get_game))
        .route("/games/{id}/events", get(get_events).post(post_event))
        .route("/games/{id}/pgn", get(get_pgn))
        .route("/games/{id}/stream", get(stream))
}
