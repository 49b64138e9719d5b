//! Stored games (`store::games`: a game's row [`GameRow`] and its event
//! log [`StoredEvent`]) loaded (or 404) and folded into the Laws' state
//! ([`fold`]).

use sqlx::Any;

use crate::engine::{GameSetup, GameState};
use crate::error::ApiError;
use crate::store;
pub(crate) use crate::store::games::{GameRow, StoredEvent};

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
