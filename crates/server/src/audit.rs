//! The audit table: every change to tournaments, players, rounds, results and
//! tokens is written in the same transaction as the change itself.

use serde_json::Value;
use sqlx::{Any, Transaction};
use uuid::Uuid;

use crate::auth::Actor;
use crate::now_text;

/// Records one change: who (the actor's token id), when (now), what (action
/// on entity), and the JSON before and after. The row id is a version 7
/// UUID, ordered by creation within the process, so two changes in the same
/// millisecond (the resolution of `at`) are listed in the order they were
/// made (`ORDER BY at, id`).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn record(
    tx: &mut Transaction<'static, Any>,
    actor: &Actor,
    tournament_id: Option<&str>,
    action: &str,
    entity: &str,
    entity_id: &str,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit (id, at, actor, tournament_id, action, entity, entity_id, before, after) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(Uuid::now_v7().to_string())
    .bind(now_text())
    .bind(&actor.id)
    .bind(tournament_id)
    .bind(action)
    .bind(entity)
    .bind(entity_id)
    .bind(before.map(Value::to_string))
    .bind(after.map(Value::to_string))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
