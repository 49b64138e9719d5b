//! Stored games: a game's row ([`GameRow`]) and its event log
//! ([`StoredEvent`]), read from the database, folded into the Laws' state
//! ([`fold`]), and shown as the API shows events ([`event_json`]).

use serde_json::{Map, Value};
use sqlx::any::AnyRow;
use sqlx::{Any, Row};

use crate::auth::{Actor, Permission, Role};
use crate::engine::{GameSetup, GameState};
use crate::error::ApiError;

/// A game's row.
#[derive(Debug, Clone)]
pub(crate) struct GameRow {
    pub id: String,
    pub tournament_id: Option<String>,
    pub round: Option<i64>,
    pub board: Option<i64>,
    pub white: String,
    pub black: String,
    pub regulations: String,
    pub time_control: Option<String>,
    /// Setup columns of migration 0002 (initial FEN, recording mode,
    /// scheduled start), read by [`GameRow::setup`].
    pub fen: Option<String>,
    pub mode: String,
    pub scheduled_start_ms: Option<i64>,
    /// The organiser's announced settings in force when the game was created.
    pub laws: crate::laws::Laws,
    pub seq: i64,
    pub owner_token: Option<String>,
    pub tournament_owner: Option<String>,
    pub tournament_name: Option<String>,
    pub created_at: String,
}

impl GameRow {
    pub(crate) fn setup(&self) -> GameSetup {
        GameSetup {
            regulations: self.regulations.clone(),
            time_control: self.time_control.clone(),
            fen: self.fen.clone(),
            mode: self.mode.clone(),
            scheduled_start_ms: self.scheduled_start_ms,
            laws: self.laws.clone(),
        }
    }

    /// Whether `actor` may write events / see the arbiter view.
    pub(crate) fn may_arbitrate(&self, actor: &Actor) -> bool {
        match &self.tournament_id {
            Some(t) => actor.may(Permission::Arbitrate, t, self.tournament_owner.as_deref()),
            None => actor.role == Role::Admin || self.owner_token.as_deref() == Some(&actor.id),
        }
    }
}

pub(crate) const GAME_SELECT: &str = "SELECT g.id, g.tournament_id, g.round, g.board, g.white, g.black, \
     g.regulations, g.time_control, g.fen, g.mode, g.scheduled_start_ms, g.laws, \
     g.seq, g.owner_token, g.created_at, \
     t.owner_token AS tournament_owner, t.name AS tournament_name \
     FROM games g LEFT JOIN tournaments t ON t.id = g.tournament_id WHERE g.id = $1";

pub(crate) fn game_row(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: row.try_get("id")?,
        tournament_id: row.try_get("tournament_id")?,
        round: row.try_get("round")?,
        board: row.try_get("board")?,
        white: row.try_get("white")?,
        black: row.try_get("black")?,
        regulations: row.try_get("regulations")?,
        time_control: row.try_get("time_control")?,
        fen: row.try_get("fen")?,
        mode: row.try_get("mode")?,
        scheduled_start_ms: row.try_get("scheduled_start_ms")?,
        laws: {
            let text: String = row.try_get("laws")?;
            serde_json::from_str(&text).map_err(|e| sqlx::Error::Decode(Box::new(e)))?
        },
        seq: row.try_get("seq")?,
        owner_token: row.try_get("owner_token")?,
        tournament_owner: row.try_get("tournament_owner")?,
        tournament_name: row.try_get("tournament_name")?,
        created_at: row.try_get("created_at")?,
    })
}

pub(crate) async fn load_game<'e, E>(executor: E, id: &str) -> Result<GameRow, ApiError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(GAME_SELECT)
        .bind(id)
        .fetch_optional(executor)
        .await?
        .ok_or_else(|| ApiError::not_found("game"))?;
    Ok(game_row(&row)?)
}

/// One stored event.
#[derive(Debug, Clone)]
pub(crate) struct StoredEvent {
    pub seq: i64,
    pub actor: String,
    pub received_at: String,
    pub at: String,
    pub body: Map<String, Value>,
    pub rulings: Value,
}

pub(crate) fn stored_event(row: &AnyRow) -> Result<StoredEvent, ApiError> {
    let body: String = row.try_get("body")?;
    let rulings: String = row.try_get("rulings")?;
    let Value::Object(body) = serde_json::from_str::<Value>(&body)? else {
        return Err(ApiError::Internal("stored event is not an object".into()));
    };
    Ok(StoredEvent {
        seq: row.try_get("seq")?,
        actor: row.try_get("actor")?,
        received_at: row.try_get("received_at")?,
        at: row.try_get("at")?,
        body,
        rulings: serde_json::from_str(&rulings)?,
    })
}

pub(crate) async fn load_events<'e, E>(
    executor: E,
    game_id: &str,
    after: i64,
) -> Result<Vec<StoredEvent>, ApiError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT seq, actor, received_at, at, body, rulings FROM game_events \
         WHERE game_id = $1 AND seq > $2 ORDER BY seq",
    )
    .bind(game_id)
    .bind(after)
    .fetch_all(executor)
    .await?;
    rows.iter().map(stored_event).collect()
}

/// Folds a log into a state. A stored log is always accepted (it was
/// validated when written); a refusal here is a fault of ours.
pub(crate) fn fold(setup: &GameSetup, events: &[StoredEvent]) -> Result<GameState, ApiError> {
    let mut state = GameState::new(setup).map_err(|r| ApiError::Internal(r.message))?;
    for event in events {
        let parsed = crate::engine::parse_event(&event.body)?;
        state.apply(&parsed).map_err(|r| {
            ApiError::Internal(format!(
                "stored event {} no longer applies: {}",
                event.seq, r.message
            ))
        })?;
    }
    Ok(state)
}

/// Which view of a log a reader gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum View {
    Arbiter,
    Public,
}

/// An event as the API shows it. The public view hides the actor and the
/// move inside a `seal` event until a later `resume` (Art. 13, 14).
pub(crate) fn event_json(event: &StoredEvent, view: View, resumed_after: Option<i64>) -> Value {
    let mut map = Map::new();
    map.insert("seq".into(), Value::from(event.seq));
    map.insert("at".into(), Value::from(event.at.clone()));
    map.insert("received_at".into(), Value::from(event.received_at.clone()));
    if view == View::Arbiter {
        map.insert("actor".into(), Value::from(event.actor.clone()));
    }
    let sealed = event.body.get("type").and_then(Value::as_str) == Some("seal")
        && resumed_after.is_none_or(|resumed| resumed < event.seq);
    for (key, value) in &event.body {
        if key == "at_ms" {
            continue;
        }
        if view == View::Public && sealed && key != "type" && key != "player" {
            continue;
        }
        map.insert(key.clone(), value.clone());
    }
    if view == View::Public && sealed {
        map.insert("sealed".into(), Value::Bool(true));
    }
    map.insert("rulings".into(), event.rulings.clone());
    Value::Object(map)
}

/// The seq of the last `resume` event, if any.
pub(crate) fn last_resume(events: &[StoredEvent]) -> Option<i64> {
    events
        .iter()
        .rev()
        .find(|e| e.body.get("type").and_then(Value::as_str) == Some("resume"))
        .map(|e| e.seq)
}
