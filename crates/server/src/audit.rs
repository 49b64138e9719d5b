//! The audit trail: every change to tournaments, players, rounds, results and
//! tokens is written (`store::audit`) in the same transaction as the change
//! itself; a tournament's arbiters read it (`GET /tournaments/{id}/audit`).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};
use sqlx::AnyConnection;

use crate::auth::{Actor, Permission};
use crate::error::{ApiError, ApiPath};
use crate::tournaments::load_tournament;
use crate::{AppState, now_text, store};

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
    let rows = store::audit::list(state.db().pool(), &tournament_id).await?;
    let list: Vec<Value> = rows
        .into_iter()
        .map(|row| {
            json!({
                "at": row.at,
                "actor": row.actor,
                "action": row.action,
                "entity": row.entity,
                "entity_id": row.entity_id,
                "before": row.before,
                "after": row.after,
            })
        })
        .collect();
    Ok(Json(json!({ "audit": list })))
}

/// Routes for the audit trail.
pub fn router() -> Router<AppState> {
    Router::new().route("/tournaments/{id}/audit", get(get_audit))
}
