//! The audit table: every change to tournaments, players, rounds, results and
//! tokens is written in the same transaction as the change itself; a
//! tournament's arbiters read it (`GET /tournaments/{id}/audit`).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};
use sqlx::{Any, Row, Transaction};
use uuid::Uuid;

use crate::auth::{Actor, Permission};
use crate::error::{ApiError, ApiPath};
use crate::tournaments::load_tournament;
use crate::{AppState, now_text};

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

async fn get_audit(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(tournament_id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let tournament = load_tournament(state.db().pool(), &tournament_id).await?;
    actor.require(
        Permission::Arbitrate,
        &tournament_id,
        tournament.owner_token.as_deref(),
    )?;
    let rows = sqlx::query(
        "SELECT at, actor, action, entity, entity_id, before, after FROM audit \
         WHERE tournament_id = $1 ORDER BY at, id",
    )
    .bind(&tournament_id)
    .fetch_all(state.db().pool())
    .await?;
    let mut list = Vec::with_capacity(rows.len());
    for row in rows {
        let parse = |text: Option<String>| -> Result<Value, ApiError> {
            Ok(match text {
                Some(t) => serde_json::from_str(&t)?,
                None => Value::Null,
            })
        };
        list.push(json!({
            "at": row.try_get::<String, _>("at")?,
            "actor": row.try_get::<String, _>("actor")?,
            "action": row.try_get::<String, _>("action")?,
            "entity": row.try_get::<String, _>("entity")?,
            "entity_id": row.try_get::<String, _>("entity_id")?,
            "before": parse(row.try_get("before")?)?,
            "after": parse(row.try_get("after")?)?,
        }));
    }
    Ok(Json(json!({ "audit": list })))
}

/// Routes for the audit trail.
pub fn router() -> Router<AppState> {
    Router::new().route("/tournaments/{id}/audit", get(get_audit))
}
