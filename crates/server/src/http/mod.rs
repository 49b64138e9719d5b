//! The REST API, one module per resource: its request and answer types, its
//! handlers and their `#[utoipa::path]`s, and its routes. A handler parses
//! the request, asks `auth` who is asking, and calls the operations of
//! `app`. Only the router ([`crate::app`] in `lib.rs`) and the OpenAPI
//! assembly ([`openapi`]) import these modules.

pub(crate) mod audit;
pub(crate) mod boards;
pub(crate) mod games;
pub mod openapi;
pub(crate) mod people;
pub(crate) mod pgn_upload;
pub(crate) mod players;
pub(crate) mod rating_lists;
pub(crate) mod reports;
pub(crate) mod results;
pub(crate) mod rounds;
pub(crate) mod tablets;
pub(crate) mod team_rounds;
pub(crate) mod teams;
pub(crate) mod tokens;
pub(crate) mod tournaments;
pub(crate) mod users;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// Every API route, relative to `/api/v1`.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(openapi::serve))
        .merge(tokens::router())
        .merge(users::router())
        .merge(tournaments::router())
        .merge(players::router())
        .merge(teams::router())
        .merge(team_rounds::router())
        .merge(audit::router())
        .merge(rounds::router())
        .merge(reports::router())
        .merge(games::router())
        .merge(pgn_upload::router())
        .merge(tablets::router())
        .merge(people::router())
        .merge(rating_lists::router())
}

/// The `Arbiter-Confirm` header: the confirmation a `409
/// confirmation_required` answer gave, sent back with the same request
/// (`app::confirm`).
impl<S: Send + Sync> axum::extract::FromRequestParts<S> for crate::app::confirm::Confirmation {
    type Rejection = crate::error::ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<Self, Self::Rejection> {
        match parts.headers.get(crate::app::confirm::HEADER) {
            None => Ok(Self(None)),
            Some(value) => match value.to_str() {
                Ok(text) if text.len() <= 200 => Ok(Self(Some(text.to_owned()))),
                _ => Err(crate::error::ApiError::BadRequest {
                    code: "invalid_header",
                    message: "Arbiter-Confirm must be the confirmation a 409 confirmation_required answer gave".into(),
                    at: Some("Arbiter-Confirm".into()),
                }),
            },
        }
    }
}

/// Liveness: `{"status": "ok"}` while the process serves requests.
#[utoipa::path(
    get,
    path = "/health",
    tag = "meta",
    responses((status = 200, description = "the server is up", body = Health)),
)]
pub(crate) async fn health() -> axum::Json<Health> {
    axum::Json(Health { status: "ok" })
}

/// The body of `GET /health`.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub(crate) struct Health {
    /// Always `ok`.
    status: &'static str,
}
