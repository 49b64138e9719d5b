//! Who is asking: the extractors that turn an `Authorization` header or a
//! session cookie into an [`Actor`] (the actor itself, its roles and
//! permissions, the token hashes and their cache are in `actor`; the token
//! routes are `http::tokens`).
//!
//! A token is `arb_` followed by 64 hex digits (256 random bits from the
//! operating system). Only its SHA-256 is stored. The administrator token
//! comes from `ARBITER_ADMIN_TOKEN` and is never stored.
//!
//! Users signed in with a session cookie (see `accounts`) are actors too:
//! [`Actor::role_in`] reads their roles per tournament, and a
//! cookie-authenticated state-changing request must carry the session's
//! CSRF token (`X-CSRF-Token`).
//!
//! Who may do what:
//! - administrator: everything;
//! - organiser: create tournaments; everything on the tournaments it created,
//!   including arbiter and chief-arbiter tokens for them;
//! - chief arbiter of T: everything on T except deleting it, and arbiter tokens for T;
//! - arbiter of T: results and game events of T.
//!
//! Token lookups are remembered in memory for at most [`TOKEN_TTL`] (one
//! database read saved per request). A revocation is immediate in the
//! process that made it; another process on the same PostgreSQL learns it
//! through `NOTIFY` when the revoking transaction commits (the stream's
//! `LISTEN` task), and in any case — a lost `LISTEN` connection, two
//! processes on one SQLite file — within [`TOKEN_TTL`].

pub mod accounts;
pub(crate) mod actor;
pub(crate) mod audit;
pub(crate) mod limiter;
pub(crate) mod tablets;
pub(crate) mod tokens;

pub use actor::{
    Actor, Permission, Role, TABLET_SCOPE, TOKEN_TTL, Tablet, User, Via, hash_token, tablet_refusal,
};
pub(crate) use actor::{new_token, same_digest};

use std::time::Instant;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;

use crate::error::ApiError;

use crate::state::AppState;
use crate::store;

async fn authenticate(state: &AppState, parts: &Parts) -> Result<Option<Actor>, ApiError> {
    let Some(header) = parts.headers.get(axum::http::header::AUTHORIZATION) else {
        // No token: a session cookie, if any (see `accounts::session_actor`).
        let actor = accounts::session_actor(state, parts).await?;
        if actor.as_ref().is_some_and(|a| a.tablet.is_some()) && !tablet_may_ask(parts) {
            return Err(tablet_refusal());
        }
        return Ok(actor);
    };
    let token = header
        .to_str()
        .ok()
        .and_then(|h| {
            let (scheme, rest) = h.split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| rest.trim())
        })
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::Unauthorized("expected 'Authorization: Bearer <token>'".into()))?;
    let hash = hash_token(token);
    if let Some(admin) = state.admin_hash()
        && same_digest(admin, &hash)
    {
        return Ok(Some(Actor::administrator("admin")));
    }
    let cache = state.tokens();
    if let Some(actor) = cache.get(&hash) {
        return Ok(Some(actor));
    }
    // Taken before the read: a revocation committed meanwhile bumps it.
    let epoch = cache.epoch();
    let looked_up = Instant::now();
    let actor = match store::tokens::find_active(state.db().pool(), &hash).await? {
        Some(row) => Actor {
            role: Role::parse(&row.role)
                .ok_or_else(|| ApiError::Internal(format!("stored role '{}'", row.role)))?,
            via: Via::Token(row.id.clone()),
            id: row.id,
            tournament_id: row.tournament_id,
            user: None,
            tablet: None,
        },
        // A user's own token acts as the user.
        None => accounts::user_token_actor(state, &hash)
            .await?
            .ok_or_else(|| ApiError::Unauthorized("unknown or revoked token".into()))?,
    };
    if let Some(epoch) = epoch {
        cache.put(hash, actor.clone(), epoch, looked_up);
    }
    Ok(Some(actor))
}

/// What a board tablet may ask at all: reads, an event on a game (which
/// `GameRow::may_arbitrate` limits to its boards' games) and its own
/// sign-out. Everything else is refused before any handler runs.
fn tablet_may_ask(parts: &Parts) -> bool {
    use axum::http::Method;
    if matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return true;
    }
    let segments: Vec<&str> = parts
        .uri
        .path()
        .trim_end_matches('/')
        .rsplit('/')
        .take(3)
        .collect();
    let event = matches!(segments.as_slice(), ["events", _, "games"]);
    let sign_out = matches!(segments.as_slice(), ["current", "sessions", _]);
    (parts.method == Method::POST && event) || (parts.method == Method::DELETE && sign_out)
}

impl<S> FromRequestParts<S> for Actor
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Actor, ApiError> {
        let state = AppState::from_ref(state);
        authenticate(&state, parts)
            .await?
            .ok_or_else(|| ApiError::Unauthorized("this needs a bearer token".into()))
    }
}

/// An actor if a token was given (public reads); a bad token is still 401.
#[derive(Debug, Clone)]
pub struct MaybeActor(pub Option<Actor>);

impl<S> FromRequestParts<S> for MaybeActor
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<MaybeActor, ApiError> {
        let state = AppState::from_ref(state);
        Ok(MaybeActor(authenticate(&state, parts).await?))
    }
}

/// Tells every process that token `id` is revoked when `tx` commits
/// (`NOTIFY` on PostgreSQL; SQLite has one process per file, and the cache
/// forgets within [`TOKEN_TTL`] anyway). The caller revokes it in its own
/// cache after the commit.
pub(crate) async fn announce_revocation(
    state: &AppState,
    tx: &mut sqlx::AnyConnection,
    id: &str,
) -> Result<(), ApiError> {
    if state.db().backend() == crate::db::Backend::Postgres {
        store::notify(&mut *tx, store::CHANNEL, &store::revocation_payload(id)).await?;
    }
    Ok(())
}

/// The tournament's owner token, or 404.
pub(crate) async fn tournament_owner(
    state: &AppState,
    tournament_id: &str,
) -> Result<Option<String>, ApiError> {
    store::tournaments::owner(state.db().pool(), tournament_id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))
}

impl store::games::GameRow {
    /// Whether `actor` may write events / see the arbiter view.
    /// A board tablet: the games of its boards only.
    pub(crate) fn may_arbitrate(&self, actor: &Actor) -> bool {
        if let Some(tablet) = &actor.tablet {
            return tablet.covers(self.tournament_id.as_deref(), self.round, self.board);
        }
        match &self.tournament_id {
            Some(t) => actor.may(Permission::Arbitrate, t, self.tournament_owner.as_deref()),
            None => actor.role == Role::Admin || self.owner_token.as_deref() == Some(&actor.id),
        }
    }
}
