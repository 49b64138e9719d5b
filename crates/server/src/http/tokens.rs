//! `/tokens`: the requests and answers of making and revoking API tokens
//! (the operations and who may do them are `auth::tokens`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{delete, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::{Actor, Role};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;

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
    let issued = crate::auth::tokens::create(
        &state,
        &actor,
        body.role,
        body.tournament_id.as_deref(),
        body.label.as_deref(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(CreatedToken {
            id: issued.id,
            token: issued.token,
            role: body.role,
            tournament_id: body.tournament_id,
            label: body.label,
            created_at: issued.created_at,
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
    crate::auth::tokens::revoke(&state, &actor, &id).await?;
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
