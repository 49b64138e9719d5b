//! The audit trail's writer: every change to tournaments, players,
//! rounds, results, tokens and accounts is written (`store::audit`) under
//! the actor who made it, in the same transaction as the change itself.

use serde_json::Value;
use sqlx::AnyConnection;

use super::Actor;
use crate::store;
use crate::time::now_text;

/// Records one change by `actor`, now (see `store::audit::insert`).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn record(
    conn: &mut AnyConnection,
    actor: &Actor,
    tournament_id: Option<&str>,
    action: &str,
    entity: &str,
    entity_id: &str,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Result<(), store::Error> {
    store::audit::insert(
        conn,
        &now_text(),
        &actor.id,
        tournament_id,
        action,
        entity,
        entity_id,
        before,
        after,
    )
    .await
}
