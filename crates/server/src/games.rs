//! Games as append-only event logs.
//!
//! A write names the sequence number it extends (`expected_seq`). In one
//! transaction the server moves the game's head with a compare-and-swap
//! (`UPDATE games SET seq = seq + 1 WHERE id = $1 AND seq = $2`), folds the
//! log, asks the Laws ([`crate::engine`]) whether the event is accepted,
//! inserts it under the primary key `(game_id, seq)` and commits; only then
//! is it acknowledged (201) and announced to streams. A stale
//! `expected_seq` is 409; a refused event is 422 and stored nowhere.
//!
//! States are cached in memory per game keyed by sequence number: the state
//! at `seq` is a pure function of the first `seq` events, which never change,
//! so a cached entry is valid whenever its `seq` is the one being extended,
//! whichever process wrote the log. When the cache holds the state at
//! `expected_seq`, a move that changes neither status nor result is judged in
//! memory and written with one compare-and-swap-and-insert (one statement
//! on PostgreSQL): the database still decides who extends each seq, the
//! cache only saves the reads (see `record_from_cache`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use sqlx::Any;
use utoipa::{OpenApi, ToSchema};
use uuid::Uuid;

use crate::auth::{Actor, MaybeActor, Permission};
use crate::engine::{AnyEvent, GameKind, GameState, Ruling};
use crate::error::{ApiError, ApiJson, ApiPath};
pub(crate) use crate::game_cache::Cache;
use crate::game_rows::{GameRow, StoredEvent, View, event_json, fold, last_resume, load_game};
pub(crate) use crate::game_view::{StateJson, state_json};
use crate::store::games::{NewGame, load_events};
use crate::{AppState, Hint, audit, now_text, store, time_text};

/// The state at the game's current head, from the cache or the log.
async fn current_state<'e, E>(
    state: &AppState,
    executor: E,
    game: &GameRow,
) -> Result<Arc<GameState>, ApiError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    if let Some(cached) = state.games_cache().get(&game.id, game.seq) {
        return Ok(cached);
    }
    let events = load_events(executor, &game.id, 0).await?;
    let folded = Arc::new(fold(&game.setup(), &events)?);
    let head = events.last().map_or(0, |e| e.seq);
    // A game without events is not cached (`put` skips seq 0): its setup (a
    // board's recording mode, a round's scheduled start) may still change.
    if head == game.seq {
        state
            .games_cache()
            .put(Arc::new(game.clone()), Arc::clone(&folded));
    }
    Ok(folded)
}

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
    laws: Option<crate::laws::Laws>,
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
    actor.require(Permission::CreateGame, "", None)?;
    for (field, value) in [("white", &body.white), ("black", &body.black)] {
        crate::tournaments::check_name(field, value)?;
    }
    let game_kind = match body.game.as_deref() {
        Some(text) => GameKind::check("game", text)?,
        None => GameKind::Chess,
    };
    let regulations =
        crate::tournaments::check_regulations(game_kind, body.regulations.as_deref())?;
    let time_control = crate::tournaments::check_time_control(body.time_control.as_deref())?;
    let fen = body
        .fen
        .as_deref()
        .map(|fen| game_kind.check_fen(fen))
        .transpose()?;
    let mode = crate::engine::check_mode("mode", body.mode.as_deref().unwrap_or("live"))?;
    crate::tournaments::check_recording(game_kind, "mode", mode)?;
    let scheduled_start_ms = body
        .starts_at
        .as_deref()
        .map(|t| crate::engine::check_start_time("starts_at", t))
        .transpose()?;
    let laws = crate::laws::Laws::for_game(&regulations, game_kind, body.laws.as_ref())?;
    let id = Uuid::new_v4().to_string();
    let (_write, mut tx) = state.db().begin().await?;
    store::games::insert(
        &mut tx,
        NewGame {
            id: &id,
            tournament_id: None,
            round: None,
            board: None,
            white: &body.white,
            black: &body.black,
            game: game_kind,
            regulations: &regulations,
            time_control: time_control.as_deref(),
            owner_token: Some(&actor.id),
            fen: fen.as_deref(),
            mode,
            scheduled_start_ms,
            laws: &laws,
            team_game: body.team_game,
            created_at: &now_text(),
        },
    )
    .await?;
    let game = load_game(&mut *tx, &id).await?;
    audit::record(
        &mut tx,
        &actor,
        None,
        "create",
        "game",
        &id,
        None,
        Some(&json!({
            "white": body.white, "black": body.black, "game": game_kind.as_str(),
            "regulations": regulations,
            "time_control": time_control, "fen": fen, "mode": mode,
            "scheduled_start_ms": scheduled_start_ms, "laws": laws,
            "team_game": body.team_game,
        })),
    )
    .await?;
    tx.commit().await?;
    let initial = GameState::new(&game.setup()).map_err(|r| ApiError::Internal(r.message))?;
    Ok((
        StatusCode::CREATED,
        Json(state_json(&game, Arc::new(initial), View::Arbiter)),
    ))
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
    #[serde(default)]
    after: Option<i64>,
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
    #[schema(value_type = Vec<crate::game_view::EventShown>)]
    events: Vec<Value>,
}

/// The log (arbiter view with a token of the tournament, else public: sealed moves hidden before resumption).
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}/events",
    tag = "games",
    params(
        ("id" = String, Path, description = "game id"),
        ("after" = Option<i64>, Query, description = "only the events after this seq"),
    ),
    responses((status = 200, description = "the events after `after`", body = EventList)),
    security((), ("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_query"], "404": ["not_found"]}))),
)]
async fn get_events(
    State(state): State<AppState>,
    MaybeActor(actor): MaybeActor,
    ApiPath(id): ApiPath<String>,
    query: Result<axum::extract::Query<EventsQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<EventList>, ApiError> {
    let after = match query {
        Ok(q) => q.0.after.unwrap_or(0),
        Err(e) => return Err(ApiError::bad_request("invalid_query", e.body_text())),
    };
    let game = load_game(state.db().pool(), &id).await?;
    let view = view_for(&game, actor.as_ref());
    let events = load_events(state.db().pool(), &id, 0).await?;
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

pub(crate) fn game_pgn(game: &GameRow, current: &GameState) -> String {
    let date = game
        .created_at
        .get(..10)
        .unwrap_or("????.??.??")
        .replace('-', ".");
    let mut headers: Vec<(&str, String)> = vec![
        (
            "Event",
            game.tournament_name.clone().unwrap_or_else(|| "?".into()),
        ),
        ("Site", "?".into()),
        ("Date", date),
        (
            "Round",
            match (game.round, game.board) {
                (Some(r), Some(b)) => format!("{r}.{b}"),
                (Some(r), None) => r.to_string(),
                _ => "?".into(),
            },
        ),
        ("White", game.white.clone()),
        ("Black", game.black.clone()),
    ];
    if let Some(tc) = &game.time_control {
        headers.push(("TimeControl", tc.clone()));
    }
    current.pgn(&headers)
}

/// `expected_seq`, the event time, the event.
type EventRequest = (i64, DateTime<Utc>, Map<String, Value>);

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
    let at = match body.remove("at") {
        None | Some(Value::Null) => received,
        Some(Value::String(text)) => DateTime::parse_from_rfc3339(&text)
            .map_err(|e| ApiError::invalid_field("at", format!("not an RFC 3339 time: {e}")))?
            .with_timezone(&Utc),
        Some(_) => return Err(ApiError::invalid_field("at", "must be an RFC 3339 string")),
    };
    if at.timestamp_millis() < 0 {
        return Err(ApiError::invalid_field("at", "must be after 1970"));
    }
    if at > received + chrono::Duration::seconds(5) {
        return Err(ApiError::invalid_field(
            "at",
            "is in the future (events are recorded when they happen or later)",
        ));
    }
    // Art. 13.2: the resumption's time is posted as RFC 3339 text like `at`.
    match body.remove("resumes_at") {
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
    Ok((expected_seq, at, body))
}

/// Append an event: judged by the Laws, recorded with its rulings or refused.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/events",
    tag = "games",
    params(("id" = String, Path, description = "game id")),
    request_body = crate::game_view::PostedEvent,
    responses((status = 201, description = "recorded: the event, its rulings and the state after it", body = Recorded)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_event", "invalid_field"],
        "404": ["not_found"],
        "409": ["stale_seq"],
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
    let (expected_seq, at, event) = parse_event_request(body, received)?;
    // The event is read as an event of the game's game; a game that does
    // not exist is read as chess and answered 404 by the transactional path.
    let game_kind = match state.games_cache().kind(&id) {
        Some(kind) => kind,
        None => store::games::load(state.db().pool(), &id)
            .await?
            .map_or(GameKind::Chess, |row| row.game),
    };
    let parsed = crate::engine::parse_event(game_kind, &event)?;
    crate::engine::check_posted_event(&event, &parsed)?;
    let mut stored = StoredEvent {
        seq: expected_seq + 1,
        actor: actor.id.clone(),
        received_at: time_text(received),
        at: time_text(at),
        body: event,
        rulings: Value::Null,
    };
    let at_ms = at.timestamp_millis();
    if let Some(done) = record_from_cache(&state, &actor, &id, at_ms, &parsed, &mut stored).await? {
        return Ok(done);
    }
    record_in_transaction(&state, &actor, &id, at_ms, &parsed, stored).await
}

/// The codes of a refused event (422): the Laws' refusals
/// (`regulations::Code`) and the server's own.
pub(crate) fn event_refusals() -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = regulations::Code::ALL
        .iter()
        .filter(|c| c.is_rejection())
        .map(|c| c.code())
        .collect();
    codes.push("time_went_backwards");
    codes
}

/// The answer to a recorded event (keys in sorted order, like a `Map`).
#[derive(Serialize, ToSchema)]
#[schema(as = EventResponse)]
struct Recorded {
    /// The event as recorded (arbiter view).
    #[schema(value_type = Vec<crate::game_view::EventShown>)]
    events: [Value; 1],
    /// What the Laws ruled on it.
    #[schema(value_type = Vec<Ruling>)]
    rulings: Value,
    /// The game's state after it.
    state: StateJson,
}

/// The Laws' answer to `event` at `at_ms` after `before`: the new state and
/// its rulings, or the refusal (422).
fn judge(
    before: &GameState,
    at_ms: i64,
    event: &AnyEvent,
) -> Result<(GameState, Vec<Ruling>), ApiError> {
    let mut after = before.clone();
    let rulings = judge_in_place(&mut after, at_ms, event)?;
    Ok((after, rulings))
}

/// [`judge`] on the state itself: on a refusal `state` is unchanged.
pub(crate) fn judge_in_place(
    state: &mut GameState,
    at_ms: i64,
    event: &AnyEvent,
) -> Result<Vec<Ruling>, ApiError> {
    if let Some(last) = state.last_at_ms()
        && at_ms < last
    {
        return Err(ApiError::Unprocessable {
            code: "time_went_backwards".into(),
            message: "an event cannot be earlier than the previous event of the game".into(),
            article: None,
            at: Some("at".into()),
        });
    }
    if state.kind() != event.kind() {
        // The event was read as an event of the game's game (`post_event`,
        // `fold`): another is a fault of ours.
        return Err(ApiError::Internal(format!(
            "a {} event for a {} game",
            event.kind().as_str(),
            state.kind().as_str()
        )));
    }
    state.apply(event).map_err(|r| ApiError::Unprocessable {
        code: r.code,
        message: r.message,
        article: r.article,
        at: None,
    })
}

/// The fast path of [`post_event`]: when this process's cache holds the
/// state at `expected_seq` and the event changes neither status nor result,
/// the new state is computed in memory and the compare-and-swap and the
/// insert are one write (one statement on PostgreSQL; one `BEGIN IMMEDIATE`
/// transaction on SQLite). The database's
/// compare-and-swap still decides: the cache only saves reads. Anything but
/// plain success (no entry, forbidden, refused, stale, a status change)
/// returns `None` and the transactional path answers exactly as it would have
/// without the cache.
async fn record_from_cache(
    state: &AppState,
    actor: &Actor,
    id: &str,
    at_ms: i64,
    event: &AnyEvent,
    stored: &mut StoredEvent,
) -> Result<Option<Response>, ApiError> {
    let expected_seq = stored.seq - 1;
    let cache = state.games_cache();
    let Some((row, mut game)) = cache.take_head(id, expected_seq) else {
        return Ok(None);
    };
    let before = (game.status(), game.result());
    let judged = if row.may_arbitrate(actor) {
        judge_in_place(&mut game, at_ms, event).ok()
    } else {
        None
    };
    let Some(rulings) = judged else {
        // Refused or forbidden: the state is unchanged (the Laws apply an
        // event atomically); the transactional path answers.
        cache.put(row, Arc::new(game));
        return Ok(None);
    };
    if (game.status(), game.result()) != before {
        // The transactional path refolds this game from its log.
        return Ok(None);
    }
    stored.rulings = serde_json::to_value(&rulings)?;
    let write = crate::group_commit::Write {
        game_id: id.to_owned(),
        expected_seq,
        actor: stored.actor.clone(),
        received_at: stored.received_at.clone(),
        at: stored.at.clone(),
        body: serde_json::to_string(&stored.body)?,
        rulings: stored.rulings.to_string(),
    };
    // Not written (another writer moved the head) or the batch failed
    // (nothing of it committed; a commit whose outcome was lost shows as a
    // moved head): the transactional path answers, on its own.
    if !state.group_commit().write(write).await {
        return Ok(None);
    }
    let game_row = GameRow {
        seq: stored.seq,
        ..GameRow::clone(&row)
    };
    Ok(Some(acknowledge(state, game_row, game, stored)))
}

/// [`post_event`] in one transaction: the game row, the compare-and-swap,
/// the state (cache or log), the Laws, the insert, the status and the
/// tournament result, the notification, the commit.
async fn record_in_transaction(
    state: &AppState,
    actor: &Actor,
    id: &str,
    at_ms: i64,
    event: &AnyEvent,
    mut stored: StoredEvent,
) -> Result<Response, ApiError> {
    let expected_seq = stored.seq - 1;
    let (_write, mut tx) = state.db().begin().await?;
    let game = load_game(&mut *tx, id).await?;
    if !game.may_arbitrate(actor) {
        if actor.tablet.is_some() {
            return Err(crate::auth::tablet_refusal());
        }
        return Err(ApiError::Forbidden(
            "this token may not record events in this game".into(),
        ));
    }
    // Compare-and-swap on the head: exactly one writer extends each seq.
    if !store::games::swap_head(&mut tx, id, expected_seq).await? {
        let current = store::games::seq(&mut *tx, id).await?;
        return Err(ApiError::conflict(
            "stale_seq",
            format!("expected_seq {expected_seq} is not the game's current seq {current}"),
        ));
    }
    let before = current_state(state, &mut *tx, &game).await?;
    let (after, rulings) = judge(&before, at_ms, event)?;
    let seq = stored.seq;
    stored.rulings = serde_json::to_value(&rulings)?;
    let body = serde_json::to_string(&stored.body)?;
    store::games::insert_event(&mut tx, id, &stored, &body, &stored.rulings.to_string()).await?;
    let status = after.status();
    let result = after.result();
    let mut replay_game_id = game.replay_game_id.clone();
    let ended_or_annulled = status != before.status() || result != before.result();
    if ended_or_annulled {
        store::games::set_outcome(&mut tx, id, status, result).await?;
        if let (Some(result), Some(t), Some(round), Some(board)) =
            (result, &game.tournament_id, game.round, game.board)
        {
            crate::results::record_game_result(&mut tx, actor, t, round, board, result).await?;
        }
        if status == "annulled" {
            let annulment = after.annulment();
            replay_game_id =
                crate::replays::replay_annulled(&mut tx, actor, &game, annulment.as_ref()).await?;
        }
    }
    match &game.tournament_id {
        // The board's result or game changed: the tournament's pages did.
        Some(t) if ended_or_annulled => crate::tournaments::commit_change(tx, t).await?,
        _ => tx.commit().await?,
    }
    if replay_game_id.is_some()
        && let (Some(t), Some(round)) = (&game.tournament_id, game.round)
    {
        // The round's stream tells its pages, and follows the new game.
        state.announce(Hint {
            game_id: crate::stream::round_topic(t, round),
            seq: 0,
        });
    }
    let row = GameRow {
        seq,
        replay_game_id,
        ..game
    };
    Ok(acknowledge(state, row, after, &stored))
}

/// The actor of the observations the server records itself (`due.rs`).
pub(crate) const SYSTEM_ACTOR: &str = "system";

/// Records what has fallen due in game `id` by `now` without any event (a
/// flag fall, a lateness forfeit, the club's game-length limit; see
/// [`GameState::due_observation`]) as the `system` actor's `flag`
/// observation, timed at the instant it fell due, through the same
/// compare-and-swap as every event: [`Swept::Recorded`] when this call
/// recorded it, else [`Swept::Pending`] with when the game's next result
/// can fall due (nothing was due, or another writer — an arbiter, another
/// server process — extended the log first: then `None`, look again).
///
/// `seq` is the head the caller saw: when this process has the state at
/// that head cached and nothing is due, no query is made.
pub(crate) async fn record_due(
    state: &AppState,
    id: &str,
    seq: i64,
    now: DateTime<Utc>,
) -> Result<Swept, ApiError> {
    let now_ms = u64::try_from(now.timestamp_millis()).unwrap_or(0);
    let cache = state.games_cache();
    if let Some(cached) = cache.at_or_after(id, seq)
        && cached.due_observation(now_ms).is_none()
    {
        return Ok(Swept::Pending(cached.next_due_ms()));
    }
    if cache.being_written(id) {
        // Its writer folds the next event now; the sweep looks again next
        // pass rather than loading and folding the whole log meanwhile.
        return Ok(Swept::Busy);
    }
    let game = load_game(state.db().pool(), id).await?;
    let current = current_state(state, state.db().pool(), &game).await?;
    let Some((observation, _, _)) = current.due_observation(now_ms) else {
        return Ok(Swept::Pending(current.next_due_ms()));
    };
    let at_ms = i64::try_from(observation.at_ms())
        .map_err(|_| ApiError::Internal("a due time beyond the timeline".into()))?;
    let at = DateTime::from_timestamp_millis(at_ms)
        .ok_or_else(|| ApiError::Internal("a due time beyond the timeline".into()))?;
    let mut body = Map::new();
    body.insert("type".into(), Value::from("flag"));
    body.insert("at_ms".into(), Value::from(at_ms));
    let stored = StoredEvent {
        seq: game.seq + 1,
        actor: SYSTEM_ACTOR.into(),
        received_at: time_text(now),
        at: time_text(at),
        body,
        rulings: Value::Null,
    };
    let system = Actor::administrator(SYSTEM_ACTOR);
    match record_in_transaction(state, &system, id, at_ms, &observation, stored).await {
        Ok(_) => Ok(Swept::Recorded),
        Err(ApiError::Conflict { .. }) => Ok(Swept::Pending(None)),
        Err(e) => Err(e),
    }
}

/// What [`record_due`] did with one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Swept {
    /// It recorded the result that fell due.
    Recorded,
    /// Nothing to record now; the instant the game's next result can fall
    /// due, if known (`None`: nothing can fall due until the next event,
    /// or the head moved under this call).
    Pending(Option<u64>),
    /// A writer of this process is extending the game's log right now:
    /// look again next pass (not remembered).
    Busy,
}

/// After the commit: remembers the new head, tells streams, answers 201
/// (the event's rulings are `stored.rulings`).
fn acknowledge(
    state: &AppState,
    game: GameRow,
    after: GameState,
    stored: &StoredEvent,
) -> Response {
    let game = Arc::new(game);
    let after = Arc::new(after);
    state
        .games_cache()
        .put(Arc::clone(&game), Arc::clone(&after));
    state.announce(Hint {
        game_id: Arc::from(game.id.as_str()),
        seq: game.seq,
    });
    let plies = after.ply_count();
    let answer = Recorded {
        events: [event_json(stored, View::Arbiter, None)],
        rulings: stored.rulings.clone(),
        state: state_json(&game, after, View::Arbiter),
    };
    // Sized for the move list up front (about 8 bytes a move) instead of
    // growing by doubling.
    let mut body = Vec::with_capacity(2048 + 10 * plies);
    match serde_json::to_writer(&mut body, &answer) {
        Ok(()) => (
            StatusCode::CREATED,
            [(header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
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
        ("after" = Option<i64>, Query, description = "only the events after this seq"),
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
    query: Result<axum::extract::Query<EventsQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let after_query = match query {
        Ok(q) => q.0.after,
        Err(e) => return Err(ApiError::bad_request("invalid_query", e.body_text())),
    };
    let game = load_game(state.db().pool(), &id).await?;
    let view = view_for(&game, actor.as_ref());
    let last_event_id = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let after = last_event_id.or(after_query).unwrap_or(0).max(0);
    Ok(crate::stream::sse(state, id, view, after))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> GameRow {
        GameRow {
            id: "g".into(),
            tournament_id: Some("t".into()),
            round: Some(1),
            board: Some(2),
            white: "w".into(),
            black: "b".into(),
            game: GameKind::Chess,
            regulations: "fide-2023".into(),
            time_control: Some("5400+30".into()),
            fen: None,
            mode: "scoresheet".into(),
            scheduled_start_ms: None,
            laws: crate::laws::Laws::default(),
            team_game: false,
            seq: 3,
            owner_token: None,
            tournament_owner: None,
            tournament_name: None,
            created_at: "2026-01-01T00:00:00Z".into(),
            replay_game_id: None,
        }
    }

    /// The state answer names its game first (what tells its two shapes
    /// apart), then the row's and the rules' keys in sorted order, with
    /// `moves` written straight from the plies: the SAN list in chess (`[]`
    /// before the first move), the WXF list in Xiangqi beside the Chinese.
    #[test]
    fn the_state_answer_names_its_game_and_lists_the_moves_in_its_notation() {
        let row = row();
        let mut state = GameState::new(&row.setup()).expect("setup");
        let san = |san: &str| regulations::EventKind::Move {
            san: Some(san.into()),
            uci: None,
            clock_ms: None,
            press: None,
            offer_draw: false,
        };
        let kinds = [regulations::EventKind::Start, san("e4"), san("e5")];
        for (at, kind) in kinds.into_iter().enumerate() {
            state
                .apply(&AnyEvent::Chess(regulations::Event::new(at as u64, kind)))
                .expect("accepted");
        }
        let answer = state_json(&row, Arc::new(state.clone()), View::Arbiter);
        let printed = serde_json::to_string(&answer).expect("prints");
        assert!(
            printed
                .starts_with(r#"{"game":"chess","annulment":null,"black":"b","board":2,"clocks":"#),
            "{printed}"
        );
        let map: Value = serde_json::from_str(&printed).expect("parses");
        assert_eq!(map["moves"], json!(["e4", "e5"]));
        assert!(map.get("moves_chinese").is_none() && map.get("red").is_none());
        let empty = GameState::new(&row.setup()).expect("setup");
        let answer = state_json(&row, Arc::new(empty), View::Public);
        let map = serde_json::to_value(&answer).expect("prints");
        assert_eq!(map["moves"], json!([]));
        // A Xiangqi game: Red holds the first seat.
        let row = GameRow {
            game: GameKind::Xiangqi,
            regulations: "xiangqi".into(),
            mode: "live".into(),
            ..row
        };
        let mut state = GameState::new(&row.setup()).expect("setup");
        let kinds = [
            regulations::XqEventKind::Start,
            regulations::XqEventKind::Move {
                text: "h2e2".into(),
                notation: None,
            },
        ];
        for (at, kind) in kinds.into_iter().enumerate() {
            state
                .apply(&AnyEvent::Xiangqi(regulations::XqEvent::new(
                    at as u64, kind,
                )))
                .expect("accepted");
        }
        let answer = state_json(&row, Arc::new(state), View::Public);
        let printed = serde_json::to_string(&answer).expect("prints");
        assert!(
            printed.starts_with(r#"{"game":"xiangqi","black":"b","board":2,"clocks":"#),
            "{printed}"
        );
        let map: Value = serde_json::from_str(&printed).expect("parses");
        assert_eq!(map["moves"], json!(["C2.5"]));
        assert_eq!(map["moves_chinese"], json!(["炮二平五"]));
        assert_eq!(map["red"], "w");
        assert_eq!(map["to_move"], "black");
    }
}
