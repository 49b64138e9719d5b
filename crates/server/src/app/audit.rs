//! The audit trail as operations read it: a tournament's changes, oldest
//! first, for its arbiters (the writer is `auth::audit`).

use crate::app::tournaments::load_tournament;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
pub(crate) use crate::store::audit::AuditRow;

/// Every change to tournament `id`, oldest first (an arbiter of it; 404
/// for no tournament, 403 for a reader who may not arbitrate it).
pub(crate) async fn trail(
    state: &AppState,
    actor: &Actor,
    id: &str,
) -> Result<Vec<AuditRow>, ApiError> {
    let tournament = load_tournament(state.db().pool(), id).await?;
    actor.require(Permission::Arbitrate, id, tournament.owner_token.as_deref())?;
    Ok(store::audit::list(state.db().pool(), id).await?)
}
