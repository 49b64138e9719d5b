//! The audit trail: every change to tournaments, players, rounds, results and
//! tokens is written (`auth::audit`) in the same transaction as the change
//! itself; a tournament's arbiters read it (`GET /tournaments/{id}/audit`).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use serde_json::Value;
use utoipa::{OpenApi, ToSchema};

use crate::app::audit;
use crate::auth::Actor;
use crate::error::{ApiError, ApiPath};
use crate::state::AppState;

/// A tournament's audit trail, oldest first.
#[derive(Serialize, ToSchema)]
#[schema(as = Audit)]
struct AuditTrail {
    audit: Vec<AuditEntry>,
}

/// One change: who did what to which entity, and the entity before and
/// after (`null` when created or removed).
#[derive(Serialize, ToSchema)]
struct AuditEntry {
    at: String,
    /// The token id (`admin` for the administrator, `system` for what the
    /// server records itself).
    actor: String,
    action: String,
    entity: String,
    entity_id: String,
    before: Value,
    after: Value,
}

/// The audit trail (arbiters of the tournament).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/audit",
    tag = "reports",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "every change, oldest first", body = AuditTrail)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn get_audit(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(tournament_id): ApiPath<String>,
) -> Result<Json<AuditTrail>, ApiError> {
    let rows = audit::trail(&state, &actor, &tournament_id).await?;
    let audit = rows
        .into_iter()
        .map(|row| AuditEntry {
            at: row.at,
            actor: row.actor,
            action: row.action,
            entity: row.entity,
            entity_id: row.entity_id,
            before: row.before,
            after: row.after,
        })
        .collect();
    Ok(Json(AuditTrail { audit }))
}

/// The audit trail's operation in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(get_audit))]
pub(crate) struct Doc;

/// Routes for the audit trail.
pub fn router() -> Router<AppState> {
    Router::new().route("/tournaments/{id}/audit", get(get_audit))
}
