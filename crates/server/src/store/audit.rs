//! The `audit` table: one row per change, written in the change's own
//! transaction.

use serde_json::Value;
use sqlx::{Any, AnyConnection, Executor, FromRow};
use uuid::Uuid;

use super::Error;

/// Records one change: who (a token id), when (`at`), what (action on
/// entity), and the JSON before and after. The row id is a version 7 UUID,
/// ordered by creation within the process, so two changes in the same
/// millisecond (the resolution of `at`) are listed in the order they were
/// made (`ORDER BY at, id`).
#[allow(clippy::too_many_arguments)]
pub async fn insert(
    conn: &mut AnyConnection,
    at: &str,
    actor: &str,
    tournament_id: Option<&str>,
    action: &str,
    entity: &str,
    entity_id: &str,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO audit (id, at, actor, tournament_id, action, entity, entity_id, before, after) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(Uuid::now_v7().to_string())
    .bind(at)
    .bind(actor)
    .bind(tournament_id)
    .bind(action)
    .bind(entity)
    .bind(entity_id)
    .bind(before.map(Value::to_string))
    .bind(after.map(Value::to_string))
    .execute(conn)
    .await?;
    Ok(())
}

/// One audit row (`before` and `after` read from their JSON text; `null`
/// when absent).
#[derive(Debug, Clone)]
pub struct AuditRow {
    pub at: String,
    pub actor: String,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    pub before: Value,
    pub after: Value,
}

#[derive(FromRow)]
struct Record {
    at: String,
    actor: String,
    action: String,
    entity: String,
    entity_id: String,
    before: Option<String>,
    after: Option<String>,
}

impl TryFrom<Record> for AuditRow {
    type Error = Error;
    fn try_from(r: Record) -> Result<AuditRow, Error> {
        let parse = |text: Option<String>| -> Result<Value, Error> {
            Ok(match text {
                Some(t) => serde_json::from_str(&t)?,
                None => Value::Null,
            })
        };
        Ok(AuditRow {
            at: r.at,
            actor: r.actor,
            action: r.action,
            entity: r.entity,
            entity_id: r.entity_id,
            before: parse(r.before)?,
            after: parse(r.after)?,
        })
    }
}

/// A tournament's audit trail, oldest first.
pub async fn list<'e, E>(executor: E, tournament_id: &str) -> Result<Vec<AuditRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query_as::<_, Record>(
        "SELECT at, actor, action, entity, entity_id, before, after FROM audit \
         WHERE tournament_id = $1 ORDER BY at, id",
    )
    .bind(tournament_id)
    .fetch_all(executor)
    .await?
    .into_iter()
    .map(AuditRow::try_from)
    .collect()
}

/// Tournament `tournament_id`'s audit rows of one `action`, oldest first.
pub async fn list_action<'e, E>(
    executor: E,
    tournament_id: &str,
    action: &str,
) -> Result<Vec<AuditRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query_as::<_, Record>(
        "SELECT at, actor, action, entity, entity_id, before, after FROM audit \
         WHERE tournament_id = $1 AND action = $2 ORDER BY at, id",
    )
    .bind(tournament_id)
    .bind(action)
    .fetch_all(executor)
    .await?
    .into_iter()
    .map(AuditRow::try_from)
    .collect()
}
