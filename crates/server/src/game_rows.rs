//! Stored games (`store::games`: a game's row [`GameRow`] and its event
//! log [`StoredEvent`]) folded into the Laws' state ([`fold`]), and shown as
//! the API shows events ([`event_json`]).

use serde_json::{Map, Value};
use sqlx::Any;

use crate::auth::{Actor, Permission, Role};
use crate::engine::{GameSetup, GameState};
use crate::error::ApiError;
use crate::store;
pub(crate) use crate::store::games::{GameRow, StoredEvent};

impl GameRow {
    pub(crate) fn setup(&self) -> GameSetup {
        GameSetup {
            game: self.game,
            regulations: self.regulations.clone(),
            time_control: self.time_control.clone(),
            fen: self.fen.clone(),
            mode: self.mode.clone(),
            scheduled_start_ms: self.scheduled_start_ms,
            laws: self.laws.clone(),
            team_game: self.team_game,
        }
    }

    /// Whether `actor` may write events / see the arbiter view.
    /// A board tablet: the games of its boards only.
    pub(crate) fn may_arbitrate(&self, actor: &Actor) -> bool {
        if let Some(tablet) = &actor.tablet {
            return tablet.covers(self.tournament_id.as_deref(), self.round, self.board);
        }
        match &self.tournament_id {
            Some(t) => actor.may(Permission::Arbitrate, t, self.tournament_owner.as_deref()),
            None => actor.role == Role::Admin || self.owner_token.as_deref() == Some(&actor.id),
        }
    }
}

/// A game, or 404.
pub(crate) async fn load_game<'e, E>(executor: E, id: &str) -> Result<GameRow, ApiError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    store::games::load(executor, id)
        .await?
        .ok_or_else(|| ApiError::not_found("game"))
}

/// Folds a log into a state. A stored log is always accepted (it was
/// validated when written); a refusal here is a fault of ours.
pub(crate) fn fold(setup: &GameSetup, events: &[StoredEvent]) -> Result<GameState, ApiError> {
    let mut state = GameState::new(setup).map_err(|r| ApiError::Internal(r.message))?;
    for event in events {
        let parsed = crate::engine::parse_event(setup.game, &event.body)?;
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
