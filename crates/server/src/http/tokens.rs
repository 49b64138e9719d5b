//! API tokens: the administrator makes organiser tokens; an organiser or
//! chief arbiter makes arbiter tokens for their tournament; revoking one
//! ends it at once in every process.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{delete, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};
use uuid::Uuid;

use crate::auth::Permission;
use crate::auth::audit;
use crate::auth::{Actor, Role, hash_token, new_token, tournament_owner};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;
use crate::store;
use crate::time::now_text;

/// Create a token (admin: organiser; organiser/chief arbiter: arbiter tokens for their tournament).
#[utoipa::path(
    post,
    path = "/api/v1/tokens",
    tag = "auth",
    request_body = CreateToken,
    responses((status = 201, description = "the token (shown once)", body = CreatedToken)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"]}))),
)]
async fn create_token(
    State(state): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<CreateToken>,
) -> Result<impl IntoResponse, ApiError> {
    if let Some(label) = &body.label
        && label.chars().count() > 200
    {
        return Err(ApiError::invalid_field("label", "at most 200 characters"));
    }
    match body.role {
        Role::Admin => {
            return Err(ApiError::invalid_field(
                "role",
                "administrators come from ARBITER_ADMIN_TOKEN, not from the API",
            ));
        }
        Role::Organiser => {
            if body.tournament_id.is_some() {
                return Err(ApiError::invalid_field(
                    "tournament_id",
                    "organiser tokens are not scoped to a tournament",
                ));
            }
            if actor.role != Role::Admin {
                return Err(ApiError::Forbidden(
                    "only an administrator creates organiser tokens".into(),
                ));
            }
        }
        Role::ChiefArbiter | Role::Arbiter => {
            let Some(tournament_id) = &body.tournament_id else {
                return Err(ApiError::invalid_field(
                    "tournament_id",
                    "arbiter tokens are scoped to one tournament",
                ));
            };
            let owner = tournament_owner(&state, tournament_id).await?;
            actor.require(Permission::Manage, tournament_id, owner.as_deref())?;
            if actor.role_in(tournament_id, owner.as_deref()) == Some(Role::ChiefArbiter)
                && body.role == Role::ChiefArbiter
            {
                return Err(ApiError::Forbidden(
                    "a chief arbiter creates arbiter tokens only".into(),
                ));
            }
        }
    }
    let token = new_token()?;
    let id = Uuid::new_v4().to_string();
    let created_at = now_text();
    let (_write, mut tx) = state.db().begin().await?;
    store::tokens::insert(
        &mut tx,
        store::tokens::NewToken {
            id: &id,
            token_hash: &hash_token(&token),
            role: body.role.as_str(),
            tournament_id: body.tournament_id.as_deref(),
            label: body.label.as_deref(),
            created_by: &actor.id,
            created_at: &created_at,
        },
    )
    .await?;
    let after = serde_json::json!({
        "id": id, "role": body.role, "tournament_id": body.tournament_id, "label": body.label,
    });
    audit::record(
        &mut tx,
        &actor,
        body.tournament_id.as_deref(),
        "create",
        "token",
        &id,
        None,
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(CreatedToken {
            id,
            token,
            role: body.role,
            tournament_id: body.tournament_id,
            label: body.label,
            created_at,
        }),
    ))
}

/// Revoke a token (its creator, a manager of its tournament, the token itself, the administrator).
#[utoipa::path(
    delete,
    path = "/api/v1/tokens/{id}",
    tag = "auth",
    params(("id" = String, Path, description = "the token's id")),
    responses((status = 204, description = "revoked (or already revoked)")),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn revoke_token(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    let row = store::tokens::load(&mut *tx, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("token"))?;
    let tournament_id = row.tournament_id;
    let revoked_at = row.revoked_at;
    let allowed = actor.role == Role::Admin
        || row.created_by == actor.id
        || actor.token_id() == Some(id.as_str())
        || match &tournament_id {
            Some(t) => {
                let owner = store::tournaments::owner(&mut *tx, t).await?.flatten();
                actor.may(Permission::Manage, t, owner.as_deref())
            }
            None => false,
        };
    if !allowed {
        return Err(ApiError::Forbidden(
            "this token may not revoke that token".into(),
        ));
    }
    if revoked_at.is_none() {
        let at = now_text();
        store::tokens::revoke(&mut tx, &id, &at).await?;
        audit::record(
            &mut tx,
            &actor,
            tournament_id.as_deref(),
            "revoke",
            "token",
            &id,
            None,
            Some(&serde_json::json!({ "revoked_at": at })),
        )
        .await?;
        if state.db().backend() == crate::db::Backend::Postgres {
            // Delivered to every process's LISTEN task on commit.
            store::notify(&mut *tx, store::CHANNEL, &store::revocation_payload(&id)).await?;
        }
    }
    tx.commit().await?;
    state.tokens().revoke(&id);
    Ok(StatusCode::NO_CONTENT)
}

/// The `/tokens` operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(create_token, revoke_token))]
pub(crate) struct Doc;

/// `/tokens` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/tokens", post(create_token))
        .route("/tokens/{id}", delete(revoke_token))
}

/// `POST /tokens` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TokenRequest)]
struct CreateToken {
    /// `organiser` (by the administrator), `chief_arbiter` or `arbiter`
    /// (scoped to `tournament_id`); never `admin`.
    role: Role,
    /// The tournament an arbiter or chief-arbiter token is scoped to.
    #[serde(default)]
    tournament_id: Option<String>,
    /// At most 200 characters.
    #[serde(default)]
    label: Option<String>,
}

/// A new token: `token` is shown this once (only its hash is stored).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Token)]
struct CreatedToken {
    id: String,
    /// `arb_` and 64 hex digits.
    token: String,
    role: Role,
    tournament_id: Option<String>,
    label: Option<String>,
    created_at: String,
}
