//! The accounts' API: users (`POST /users`, `GET /users/me`, roles per
//! tournament), sessions (sign in, sign out, sign out everywhere) and a
//! user's own tokens. Thin: the work is in `accounts`.

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::accounts::{self, Client, NewUser, SignInError};
use crate::auth::{Actor, Role, Via};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;

/// The 429 code of a refused sign-in.
pub(crate) const TOO_MANY_ATTEMPTS: &str = "too_many_attempts";

/// `POST /users` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct CreateUser {
    /// 1 to 64 characters, unique, no colon.
    name: String,
    /// 8 to 1024 characters (stored as an Argon2id hash).
    password: String,
    #[serde(default)]
    email: Option<String>,
    /// An administrator (may do everything, as `ARBITER_ADMIN_TOKEN`).
    #[serde(default)]
    is_admin: bool,
}

/// A user and their roles.
#[derive(Debug, Serialize, ToSchema)]
struct UserView {
    id: String,
    name: String,
    is_admin: bool,
    roles: Vec<RoleView>,
}

/// One role of a user.
#[derive(Debug, Serialize, ToSchema)]
struct RoleView {
    /// `null` for the organiser role scoped to no tournament (may create
    /// tournaments).
    tournament_id: Option<String>,
    tournament_name: Option<String>,
    role: Role,
}

/// `PUT /users/{name}/roles` body: the user's role in a tournament.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SetRole {
    /// The tournament; `null` (with `organiser`) for the organiser role
    /// scoped to no tournament (may create tournaments; administrators
    /// only).
    #[serde(default)]
    tournament_id: Option<String>,
    /// `organiser`, `chief_arbiter` or `arbiter`; `null` removes the role.
    #[serde(default)]
    role: Option<Role>,
}

/// `POST /sessions` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SignIn {
    name: String,
    password: String,
}

/// A new session: the `arbiter_session` cookie is set (HttpOnly); send
/// `csrf_token` in the `X-CSRF-Token` header with every state-changing
/// request made with the cookie.
#[derive(Debug, Serialize, ToSchema)]
struct SessionView {
    user: UserView,
    csrf_token: String,
    expires_at: String,
}

/// How many sessions were ended.
#[derive(Debug, Serialize, ToSchema)]
struct Ended {
    ended: u64,
}

/// `POST /users/me/tokens` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct CreateUserToken {
    /// At most 200 characters.
    #[serde(default)]
    label: Option<String>,
}

/// A user's token (the secret `token` only when created).
#[derive(Debug, Serialize, ToSchema)]
struct UserTokenView {
    id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
    label: Option<String>,
    created_at: String,
    revoked_at: Option<String>,
}

/// A user's tokens, newest first.
#[derive(Debug, Serialize, ToSchema)]
struct UserTokens {
    tokens: Vec<UserTokenView>,
}

fn user_view(user: &crate::auth::User, names: &[(String, Option<String>)]) -> UserView {
    UserView {
        id: user.id.clone(),
        name: user.name.clone(),
        is_admin: user.is_admin,
        roles: user
            .roles
            .iter()
            .map(|(t, role)| RoleView {
                tournament_id: (!t.is_empty()).then(|| t.clone()),
                tournament_name: names
                    .iter()
                    .find(|(id, _)| id == t)
                    .and_then(|(_, n)| n.clone()),
                role: *role,
            })
            .collect(),
    }
}

/// Create a user (administrators: the administrator token bootstraps the first).
#[utoipa::path(
    post,
    path = "/api/v1/users",
    tag = "users",
    request_body = CreateUser,
    responses((status = 201, description = "the user", body = UserView)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "409": ["duplicate"]}))),
)]
async fn create_user(
    State(state): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<CreateUser>,
) -> Result<impl IntoResponse, ApiError> {
    if actor.role != Role::Admin {
        return Err(ApiError::Forbidden(
            "only an administrator creates users".into(),
        ));
    }
    let new = NewUser {
        name: &body.name,
        password: &body.password,
        email: body.email.as_deref(),
        is_admin: body.is_admin,
    };
    let id = accounts::add_user(state.db(), new, Some(&actor)).await?;
    Ok((
        StatusCode::CREATED,
        Json(UserView {
            id,
            name: body.name,
            is_admin: body.is_admin,
            roles: Vec::new(),
        }),
    ))
}

/// The signed-in user and their roles per tournament.
#[utoipa::path(
    get,
    path = "/api/v1/users/me",
    tag = "users",
    responses((status = 200, description = "the user", body = UserView)),
    security(("bearer" = []), ("session" = [])),
)]
async fn me(State(state): State<AppState>, actor: Actor) -> Result<Json<UserView>, ApiError> {
    let user = accounts::user_of(&actor)?;
    let names = accounts::tournament_names(&state, user).await?;
    Ok(Json(user_view(user, &names)))
}

/// Set or remove a user's role in a tournament (the administrator, or the tournament's organiser).
#[utoipa::path(
    put,
    path = "/api/v1/users/{name}/roles",
    tag = "users",
    params(("name" = String, Path, description = "the user's name")),
    request_body = SetRole,
    responses((status = 204, description = "set (or removed)")),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"]}))),
)]
async fn set_role(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(name): ApiPath<String>,
    ApiJson(body): ApiJson<SetRole>,
) -> Result<StatusCode, ApiError> {
    accounts::set_role(
        &state,
        &actor,
        &name,
        body.tournament_id.as_deref(),
        body.role,
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The 429 answer to a refused sign-in (with `Retry-After`).
pub(crate) fn too_many(wait: u64) -> Response {
    let mut details = serde_json::Map::new();
    details.insert("retry_after".into(), wait.into());
    let mut response = ApiError::Detailed {
        status: StatusCode::TOO_MANY_REQUESTS,
        code: TOO_MANY_ATTEMPTS.into(),
        message: format!("too many failed sign-ins: try again in {wait} seconds"),
        article: None,
        details,
    }
    .into_response();
    if let Ok(v) = HeaderValue::from_str(&wait.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, v);
    }
    response
}

/// Sign in: a new session (cookie `arbiter_session`), ending the request's old one.
#[utoipa::path(
    post,
    path = "/api/v1/sessions",
    tag = "users",
    request_body = SignIn,
    responses((status = 201, description = "signed in; the cookie is set", body = SessionView)),
    extensions(("x-errors" = json!({"401": ["unauthorized"], "429": ["too_many_attempts"]}))),
)]
async fn sign_in(
    State(state): State<AppState>,
    Client(client): Client,
    headers: axum::http::HeaderMap,
    ApiJson(body): ApiJson<SignIn>,
) -> Response {
    let previous = accounts::cookie(&headers, accounts::SESSION_COOKIE);
    match accounts::sign_in(&state, &body.name, &body.password, &client, previous).await {
        Ok(session) => {
            let cookie = accounts::session_cookie(&state, &headers, &session.token);
            let names = accounts::tournament_names(&state, &session.user)
                .await
                .unwrap_or_default();
            let view = SessionView {
                user: user_view(&session.user, &names),
                csrf_token: session.csrf,
                expires_at: session.expires_at,
            };
            (
                StatusCode::CREATED,
                [(header::SET_COOKIE, cookie)],
                Json(view),
            )
                .into_response()
        }
        Err(SignInError::Invalid) => {
            ApiError::Unauthorized("unknown name or wrong password".into()).into_response()
        }
        Err(SignInError::TooMany(wait)) => too_many(wait),
        Err(SignInError::Internal(e)) => e.into_response(),
    }
}

/// Sign out: end this session (the cookie's).
#[utoipa::path(
    delete,
    path = "/api/v1/sessions/current",
    tag = "users",
    responses((status = 204, description = "signed out; the cookie is removed")),
    security(("session" = [])),
)]
async fn sign_out(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    actor: Actor,
) -> Result<Response, ApiError> {
    let Via::Session(id_hash) = &actor.via else {
        return Err(ApiError::Forbidden(
            "signing out ends a session: this request has none".into(),
        ));
    };
    accounts::sign_out(&state, id_hash).await?;
    let cookie = accounts::clear_session_cookie(&state, &headers);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
}

/// Sign out everywhere: end every session of the signed-in user.
#[utoipa::path(
    delete,
    path = "/api/v1/sessions",
    tag = "users",
    responses((status = 200, description = "every session ended", body = Ended)),
    security(("bearer" = []), ("session" = [])),
)]
async fn sign_out_everywhere(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    actor: Actor,
) -> Result<Response, ApiError> {
    let user = accounts::user_of(&actor)?;
    let ended = accounts::sign_out_everywhere(&state, user).await?;
    let cookie = accounts::clear_session_cookie(&state, &headers);
    Ok(([(header::SET_COOKIE, cookie)], Json(Ended { ended })).into_response())
}

fn token_view(row: accounts::UserTokenRow) -> UserTokenView {
    UserTokenView {
        id: row.id,
        token: None,
        label: row.label,
        created_at: row.created_at,
        revoked_at: row.revoked_at,
    }
}

/// The signed-in user's API tokens.
#[utoipa::path(
    get,
    path = "/api/v1/users/me/tokens",
    tag = "users",
    responses((status = 200, description = "the tokens, newest first", body = UserTokens)),
    security(("bearer" = []), ("session" = [])),
)]
async fn list_user_tokens(
    State(state): State<AppState>,
    actor: Actor,
) -> Result<Json<UserTokens>, ApiError> {
    let rows = accounts::list_tokens(&state, &actor).await?;
    Ok(Json(UserTokens {
        tokens: rows.into_iter().map(token_view).collect(),
    }))
}

/// Create an API token that acts as the signed-in user (shown once).
#[utoipa::path(
    post,
    path = "/api/v1/users/me/tokens",
    tag = "users",
    request_body = CreateUserToken,
    responses((status = 201, description = "the token (shown once)", body = UserTokenView)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"]}))),
)]
async fn create_user_token(
    State(state): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<CreateUserToken>,
) -> Result<impl IntoResponse, ApiError> {
    let created = accounts::create_token(&state, &actor, body.label.as_deref()).await?;
    Ok((
        StatusCode::CREATED,
        Json(UserTokenView {
            id: created.id,
            token: Some(created.token),
            label: body.label,
            created_at: created.created_at,
            revoked_at: None,
        }),
    ))
}

/// Revoke one of the signed-in user's tokens.
#[utoipa::path(
    delete,
    path = "/api/v1/users/me/tokens/{id}",
    tag = "users",
    params(("id" = String, Path, description = "the token's id")),
    responses((status = 204, description = "revoked (or already revoked)")),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn revoke_user_token(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    accounts::revoke_token(&state, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The accounts' operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    create_user,
    me,
    set_role,
    sign_in,
    sign_out,
    sign_out_everywhere,
    list_user_tokens,
    create_user_token,
    revoke_user_token
))]
pub(crate) struct Doc;

/// `/users` and `/sessions` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users", post(create_user))
        .route("/users/me", get(me))
        .route(
            "/users/me/tokens",
            get(list_user_tokens).post(create_user_token),
        )
        .route("/users/me/tokens/{id}", delete(revoke_user_token))
        .route("/users/{name}/roles", put(set_role))
        .route("/sessions", post(sign_in).delete(sign_out_everywhere))
        .route("/sessions/current", delete(sign_out))
}
