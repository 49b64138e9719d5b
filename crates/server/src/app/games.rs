//! Recording a game event: judged by the Laws, written with a
//! compare-and-swap on the game's head, acknowledged and announced.
//!
//! A write names the sequence number it extends (`expected_seq`). In one
//! transaction the server moves the game's head with a compare-and-swap
//! (`UPDATE games SET seq = seq + 1 WHERE id = $1 AND seq = $2`), folds the
//! log, asks the Laws ([`crate::engine`]) whether the event is accepted,
//! inserts it under the primary key `(game_id, seq)` and commits; only then
//! is it acknowledged and announced to streams. A stale `expected_seq` is
//! 409; a refused event is 422 and stored nowhere.
//!
//! States are cached in memory per game keyed by sequence number: the state
//! at `seq` is a pure function of the first `seq` events, which never change,
//! so a cached entry is valid whenever its `seq` is the one being extended,
//! whichever process wrote the log. When the cache holds the state at
//! `expected_seq`, a move that changes neither status nor result is judged in
//! memory and written with one compare-and-swap-and-insert (one statement
//! on PostgreSQL): the database still decides who extends each seq, the
//! cache only saves the reads (see `record_from_cache`). An event that
//! changes the status (a start, an end) is judged there too and handed to
//! the transactional path, which writes what follows from it without
//! reading the log again. The due sweeper (`live::due`) is handed
//! [`record_due`].

use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::Any;
use tracing::Instrument;
use utoipa::ToSchema;

use crate::app::game_rows::{fold, load_game};
use crate::app::game_view::{StateJson, state_json};
use crate::auth::Actor;
use crate::engine::{AnyEvent, GameKind, GameState, Ruling};
use crate::error::ApiError;
use crate::live::due::Swept;
use crate::live::events::{View, event_json};
use crate::state::AppState;
use crate::state::Hint;
use crate::store;
use crate::store::games::{GameRow, StoredEvent, load_events};
use crate::time::time_text;
use serde_json::Map;

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
pub(crate) struct Recorded {
    /// The event as recorded (arbiter view).
    #[schema(value_type = Vec<crate::app::game_view::EventShown>)]
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
    state.apply(event).map_err(|r| {
        // A move the Laws refuse is at the body's move field.
        let at = MOVE_REFUSALS
            .contains(&r.code.as_str())
            .then(|| event.move_field())
            .flatten()
            .map(str::to_owned);
        let message = match r.message.char_indices().nth(MESSAGE_CHARS) {
            Some((cut, _)) => format!("{}…", &r.message[..cut]),
            None => r.message,
        };
        ApiError::Unprocessable {
            code: r.code,
            message,
            article: r.article,
            at,
        }
    })
}

/// The refusals of a move itself (its text or its legality), answered with
/// `where` naming the move's field.
const MOVE_REFUSALS: &[&str] = &[
    "illegal_move",
    "malformed_move",
    "ambiguous_move",
    "no_piece_on_square",
    "malformed_square",
];

/// The most characters of a refusal's message: a move of 10,000
/// characters is not echoed back whole.
const MESSAGE_CHARS: usize = 300;

/// The fast path of [`record_event`]: when this process's cache holds the
/// state at `expected_seq` and the event changes neither status nor result,
/// the new state is computed in memory and the compare-and-swap and the
/// insert are one write (one statement on PostgreSQL; one `BEGIN IMMEDIATE`
/// transaction on SQLite). The database's
/// compare-and-swap still decides: the cache only saves reads. Anything but
/// plain success (no entry, forbidden, refused, stale, a status change)
/// is answered by the transactional path exactly as it would have been
/// without the cache; a status change hands it the state already judged.
async fn record_from_cache(
    state: &AppState,
    actor: &Actor,
    id: &str,
    timing: Timing,
    event: &AnyEvent,
    stored: &mut StoredEvent,
) -> Result<FromCache, ApiError> {
    let expected_seq = stored.seq - 1;
    let cache = state.games_cache();
    let Some((row, mut game)) = cache.take_head(id, expected_seq) else {
        return Ok(FromCache::Declined(None));
    };
    let before = (game.status(), game.result());
    let judged = if row.may_arbitrate(actor) {
        let _judge = tracing::debug_span!(target: "server::move", "judge").entered();
        let at_ms = timing.after(&game);
        if at_ms == timing.at_ms {
            judge_in_place(&mut game, at_ms, event).ok()
        } else {
            let retimed = retime(stored, event, at_ms);
            retimed
                .ok()
                .and_then(|event| judge_in_place(&mut game, at_ms, &event).ok())
        }
    } else {
        None
    };
    let Some(rulings) = judged else {
        // Refused or forbidden: the state is unchanged (the Laws apply an
        // event atomically); the transactional path answers.
        cache.put(row, Arc::new(game));
        return Ok(FromCache::Declined(None));
    };
    // A tournament game's first event also takes its board (see
    // `record_in_transaction`).
    let first_on_board = expected_seq == 0 && row.board.is_some();
    if (game.status(), game.result()) != before || first_on_board {
        // The transactional path writes the new status and what follows
        // from it, with the Laws' answer given here: it need not read and
        // fold the game's log again.
        return Ok(FromCache::Declined(Some(Judged {
            before,
            after: game,
            rulings,
        })));
    }
    stored.rulings = serde_json::to_value(&rulings)?;
    let write = crate::live::group_commit::Write {
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
    let commit = tracing::debug_span!(target: "server::move", "commit");
    if !state.group_commit().write(write).instrument(commit).await {
        return Ok(FromCache::Declined(None));
    }
    let game_row = GameRow {
        seq: stored.seq,
        ..GameRow::clone(&row)
    };
    let _answer = tracing::debug_span!(target: "server::move", "answer").entered();
    acknowledge(state, game_row, game, stored).map(FromCache::Recorded)
}

/// What [`record_from_cache`] did.
enum FromCache {
    /// Recorded: the answer.
    Recorded(Vec<u8>),
    /// Left to the transactional path, with the Laws' answer when it was
    /// judged on the cached head (and changes the status or the result, or
    /// is a tournament game's first event, which takes its board).
    Declined(Option<Judged>),
}

/// An event judged on the cached head at `expected_seq`: valid for the
/// write that extends it, since the state there is a function of the log
/// up to it. The
/// cache's head was taken to judge it; the transactional path puts the new
/// head back when it records the event (on a refusal or an error the game
/// is folded from its log at its next event).
struct Judged {
    /// The status and result before the event.
    before: (&'static str, Option<&'static str>),
    after: GameState,
    rulings: Vec<Ruling>,
}

/// [`record_event`] in one transaction: the compare-and-swap, the game row,
/// the state (handed over, cached or folded from the log), the Laws, the
/// insert, the status and the tournament result, the notification, the
/// commit.
async fn record_in_transaction(
    state: &AppState,
    actor: &Actor,
    id: &str,
    timing: Timing,
    event: Option<&AnyEvent>,
    mut stored: StoredEvent,
    judged: Option<Judged>,
) -> Result<Vec<u8>, ApiError> {
    let expected_seq = stored.seq - 1;
    let (_write, mut tx) = state.db().begin().await?;
    // Compare-and-swap on the head first: exactly one writer extends each
    // seq, and the row read after it is the one the event extends (a
    // board's setup changed by a commit before the swap is read; none can
    // change after it, a board's change taking the row's lock and then
    // finding the game recorded). Refused below, the swap is rolled back.
    let swapped = store::games::swap_head(&mut tx, id, expected_seq).await?;
    let game = load_game(&mut *tx, id).await?;
    let read;
    let event = match event {
        Some(event) => event,
        None => {
            read = read_event(game.game, &stored.body)?;
            &read
        }
    };
    if !game.may_arbitrate(actor) {
        if actor.tablet.is_some() {
            return Err(crate::auth::tablet_refusal());
        }
        return Err(ApiError::Forbidden(
            "this token may not record events in this game".into(),
        ));
    }
    if !swapped {
        return Err(ApiError::conflict(
            "stale_seq",
            format!(
                "expected_seq {expected_seq} is not the game's current seq {}",
                game.seq
            ),
        ));
    }
    // The row shows this transaction's swap: the event extends `expected_seq`.
    let game = GameRow {
        seq: expected_seq,
        ..game
    };
    let (before, after, rulings) = match judged {
        Some(judged) => (judged.before, judged.after, judged.rulings),
        None => {
            let before = current_state(state, &mut *tx, &game).await?;
            let at_ms = timing.after(&before);
            let (after, rulings) = if at_ms == timing.at_ms {
                judge(&before, at_ms, event)?
            } else {
                judge(&before, at_ms, &retime(&mut stored, event, at_ms)?)?
            };
            ((before.status(), before.result()), after, rulings)
        }
    };
    let seq = stored.seq;
    stored.rulings = serde_json::to_value(&rulings)?;
    let body = serde_json::to_string(&stored.body)?;
    store::games::insert_event(&mut tx, id, &stored, &body, &stored.rulings.to_string()).await?;
    let status = after.status();
    let result = after.result();
    let mut replay_game_id = game.replay_game_id.clone();
    let ended_or_annulled = (status, result) != before;
    let mut board_changed = false;
    // A board that follows its game says which event moved it.
    let cause = crate::app::results::Cause::Game {
        game_id: id,
        seq,
        event: &stored.body,
    };
    if ended_or_annulled {
        store::games::set_outcome(&mut tx, id, status, result).await?;
        if let (Some(t), Some(round), Some(board)) = (&game.tournament_id, game.round, game.board) {
            match result {
                Some(result) => {
                    crate::app::results::record_game_result(
                        &mut tx, actor, t, round, board, result, cause,
                    )
                    .await?;
                }
                // In progress again: the arbiter annulled the ruling that
                // ended it (Xiangqi's `annul_ruling`).
                None if before.1.is_some() => {
                    board_changed = crate::app::results::reopen_game_result(
                        &mut tx, actor, t, round, board, cause,
                    )
                    .await?;
                }
                None => {}
            }
        }
        if status == "annulled" {
            let annulment = after.annulment();
            replay_game_id =
                crate::app::replays::replay_annulled(&mut tx, actor, &game, annulment.as_ref())
                    .await?;
        }
    }
    // A board whose game has events takes its result from the game: a
    // result entered on the board before its game's first event (a forfeit
    // that was then played after all) gives way to the game, audited, unless
    // that event already gave the game its result.
    if expected_seq == 0
        && result.is_none()
        && status != "annulled"
        && let (Some(t), Some(round), Some(board)) = (&game.tournament_id, game.round, game.board)
    {
        board_changed =
            crate::app::results::reopen_game_result(&mut tx, actor, t, round, board, cause).await?;
    }
    match &game.tournament_id {
        // The board's result or game changed: the tournament's pages did.
        Some(t) if ended_or_annulled || board_changed => {
            crate::app::tournaments::commit_change(tx, t).await?;
        }
        _ => tx.commit().await?,
    }
    if replay_game_id.is_some()
        && let (Some(t), Some(round)) = (&game.tournament_id, game.round)
    {
        // The round's stream tells its pages, and follows the new game.
        state.announce(Hint {
            game_id: crate::live::stream::round_topic(t, round),
            seq: 0,
        });
    }
    let row = GameRow {
        seq,
        replay_game_id,
        ..game
    };
    acknowledge(state, row, after, &stored)
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
    let timing = Timing {
        at_ms,
        server: false,
    };
    match record_in_transaction(state, &system, id, timing, Some(&observation), stored, None).await
    {
        Ok(_) => Ok(Swept::Recorded),
        Err(ApiError::Conflict { .. }) => Ok(Swept::Pending(None)),
        Err(e) => Err(e),
    }
}

/// After the commit: remembers the new head, tells streams, and writes the
/// answer (the event's rulings are `stored.rulings`).
fn acknowledge(
    state: &AppState,
    game: GameRow,
    after: GameState,
    stored: &StoredEvent,
) -> Result<Vec<u8>, ApiError> {
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
    serde_json::to_writer(&mut body, &answer)?;
    Ok(body)
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

/// The state at the game's current head, from the cache or the log.
pub(crate) async fn current_state<'e, E>(
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
    if game.seq == 0 {
        // No event yet: the state is the setup's.
        return Ok(Arc::new(fold(&game.setup(), &[])?));
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

/// Records `stored` (posted at `timing`, by `actor`) in game `id`: in memory
/// and one write when this process's cache allows it, else in one
/// transaction. Answers the recorded event, its rulings and the state after
/// it, as JSON.
///
/// The event (`stored.body`) is read as an event of the game's game: of a
/// cached game at once, else once the transaction has read the game's row.
async fn record_event(
    state: &AppState,
    actor: &Actor,
    id: &str,
    timing: Timing,
    mut stored: StoredEvent,
) -> Result<Vec<u8>, ApiError> {
    let mut read = None;
    let mut judged = None;
    if let Some(kind) = state.games_cache().kind(id) {
        let event = read_event(kind, &stored.body)?;
        match record_from_cache(state, actor, id, timing, &event, &mut stored).await? {
            FromCache::Recorded(done) => return Ok(done),
            FromCache::Declined(handed) => judged = handed,
        }
        read = Some(event);
    }
    let transaction = tracing::debug_span!(target: "server::move", "transaction");
    record_in_transaction(state, actor, id, timing, read.as_ref(), stored, judged)
        .instrument(transaction)
        .await
}

/// `event` read as an event of a `kind` game, every key of it known.
fn read_event(kind: GameKind, event: &Map<String, Value>) -> Result<AnyEvent, ApiError> {
    let _parse = tracing::debug_span!(target: "server::move", "parse_event").entered();
    let parsed = crate::engine::parse_event(kind, event)?;
    crate::engine::check_posted_event(event, &parsed)?;
    Ok(parsed)
}

/// Records `event` (posted at `received`, happened `at`: `None` when the
/// poster left the time to the server's clock) in game `id` as the
/// extension of `expected_seq` ([`record_event`]). Answers the recorded
/// event, its rulings and the state after it, as JSON.
pub(crate) async fn post_event(
    state: &AppState,
    actor: &Actor,
    id: &str,
    expected_seq: i64,
    received: DateTime<Utc>,
    at: Option<DateTime<Utc>>,
    mut event: Map<String, Value>,
) -> Result<Vec<u8>, ApiError> {
    crate::engine::tidy_note(&mut event);
    let timing = Timing {
        at_ms: at.unwrap_or(received).timestamp_millis(),
        server: at.is_none(),
    };
    let stored = StoredEvent {
        seq: expected_seq + 1,
        actor: actor.id.clone(),
        received_at: time_text(received),
        at: time_text(at.unwrap_or(received)),
        body: event,
        rulings: Value::Null,
    };
    record_event(state, actor, id, timing, stored).await
}

/// When an event happened: at `at_ms`, the time its poster gave, or the
/// server's clock when the request arrived (`server`).
#[derive(Clone, Copy)]
struct Timing {
    at_ms: i64,
    server: bool,
}

impl Timing {
    /// The event's time after `before`. A time the poster gave is the
    /// event's own (one earlier than the game's previous event is refused,
    /// `time_went_backwards`). The server's clock never puts an event
    /// before the game's previous one: after an event timed a little ahead
    /// (up to five seconds are accepted), or recorded by another server
    /// process whose clock runs a little ahead of this one's, the event
    /// takes the previous event's time.
    fn after(self, before: &GameState) -> i64 {
        match before.last_at_ms() {
            Some(last) if self.server && last > self.at_ms => last,
            _ => self.at_ms,
        }
    }
}

/// `stored` and `event` retimed at `at_ms` ([`Timing::after`]): the event
/// as the Laws judge it.
fn retime(stored: &mut StoredEvent, event: &AnyEvent, at_ms: i64) -> Result<AnyEvent, ApiError> {
    let at = DateTime::from_timestamp_millis(at_ms)
        .ok_or_else(|| ApiError::Internal("an event time beyond the timeline".into()))?;
    stored.at = time_text(at);
    stored.body.insert("at_ms".into(), Value::from(at_ms));
    let ms =
        u64::try_from(at_ms).map_err(|_| ApiError::Internal("an event time before 1970".into()))?;
    Ok(event.at(ms))
}

/// Game `id` (or 404) and its whole log.
pub(crate) async fn game_log(
    state: &AppState,
    id: &str,
) -> Result<(GameRow, Vec<StoredEvent>), ApiError> {
    let game = load_game(state.db().pool(), id).await?;
    let events = load_events(state.db().pool(), id, 0).await?;
    Ok((game, events))
}

/// [`record_due`] as the sweeper runs it (`live::due::RecordDue`).
pub(crate) fn record_due_boxed<'a>(
    state: &'a AppState,
    id: &'a str,
    seq: i64,
    now: DateTime<Utc>,
) -> futures_util::future::BoxFuture<'a, Result<Swept, ApiError>> {
    Box::pin(record_due(state, id, seq, now))
}
