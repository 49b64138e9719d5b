//! Who is asking, as a plain value: an [`Actor`] (a token's or a person's
//! role, a board tablet's boards), the permissions it holds, and the tokens'
//! hashes and in-memory cache. Nothing here reads a request or the database;
//! the extractors that make an actor are in `auth`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use axum::http::StatusCode;

use crate::error::ApiError;

/// A role a token carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Admin,
    Organiser,
    ChiefArbiter,
    Arbiter,
}

impl Role {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Organiser => "organiser",
            Role::ChiefArbiter => "chief_arbiter",
            Role::Arbiter => "arbiter",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Role> {
        Some(match text {
            "admin" => Role::Admin,
            "organiser" => Role::Organiser,
            "chief_arbiter" => Role::ChiefArbiter,
            "arbiter" => Role::Arbiter,
            _ => return None,
        })
    }
}

/// Who is making a request: a token (the administrator's, an organiser's,
/// an arbiter's), or a signed-in user (through a session cookie or one of
/// the user's own tokens).
#[derive(Debug, Clone)]
pub struct Actor {
    /// Who, as the audit trail names it: the token's id (`admin` for the
    /// administrator), or `user:NAME` for a user.
    pub id: String,
    /// A token's role; a user's is `Admin` (an administrator), `Organiser`
    /// (the organiser role scoped to no tournament: may create tournaments)
    /// or else `Arbiter` scoped to no tournament (nothing by itself): a
    /// user's roles per tournament are in `user` (see [`Actor::role_in`]).
    pub role: Role,
    /// The tournament an arbiter token is scoped to.
    pub tournament_id: Option<String>,
    /// The signed-in user, if the request is a user's.
    pub user: Option<Arc<User>>,
    /// The board tablet, if the request is a tablet's (see [`Tablet`]).
    pub tablet: Option<Arc<Tablet>>,
    /// How the request proved who it is.
    pub via: Via,
}

/// A signed-in user and their roles per tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub name: String,
    pub is_admin: bool,
    /// `(tournament id, role)`; the tournament id is `""` for the organiser
    /// role scoped to no tournament.
    pub roles: Vec<(String, Role)>,
}

/// A board tablet signed in by a tablet link (issue 21): it may record
/// the games of its boards and nothing else — no role in any tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tablet {
    /// The link's id.
    pub link_id: String,
    pub label: Option<String>,
    pub tournament_id: String,
    /// `None`: these board numbers in every round.
    pub round: Option<i64>,
    /// The chosen board numbers, ascending.
    pub boards: Vec<i64>,
}

impl Tablet {
    /// Whether the board `(tournament, round, board)` of a game is one of
    /// this tablet's.
    pub fn covers(
        &self,
        tournament_id: Option<&str>,
        round: Option<i64>,
        board: Option<i64>,
    ) -> bool {
        tournament_id == Some(self.tournament_id.as_str())
            && round.is_some_and(|r| self.round.is_none_or(|mine| mine == r))
            && board.is_some_and(|b| self.boards.contains(&b))
    }

    /// How the audit trail and the game logs name this tablet.
    pub fn actor_id(&self) -> String {
        format!("tablet:{}", self.link_id)
    }
}

/// The 403 code of anything a board tablet may not do.
pub const TABLET_SCOPE: &str = "tablet_scope";

/// The refusal (403, [`TABLET_SCOPE`]) of anything a board tablet asks
/// but recording the games of its boards.
pub fn tablet_refusal() -> ApiError {
    ApiError::Detailed {
        status: StatusCode::FORBIDDEN,
        code: TABLET_SCOPE.into(),
        message: "a board tablet records the games of its own boards and does nothing else".into(),
        article: None,
        details: serde_json::Map::new(),
    }
}

/// How a request proved who it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Via {
    /// `ARBITER_ADMIN_TOKEN`, or the server itself.
    Administrator,
    /// A token of the `tokens` table (its id).
    Token(String),
    /// A user's own token (its id).
    UserToken(String),
    /// A session cookie (its id's hash); state-changing requests carried
    /// the session's CSRF token.
    Session(String),
}

/// What an action on a tournament needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    /// Settings, players, pairing, tokens: organiser (owner) or chief arbiter.
    Manage,
    /// Results and game events: any arbiter of the tournament.
    Arbitrate,
    /// Creating a tournament (JSON or TRF import): organisers and the
    /// administrator.
    CreateTournament,
    /// Creating a game outside any tournament: organisers and the
    /// administrator.
    CreateGame,
    /// The registry of people and the rating lists (import, search,
    /// correct): organisers and the administrator.
    Registry,
}

impl Actor {
    /// The administrator (or the server itself, `id` `system`).
    pub fn administrator(id: &str) -> Actor {
        Actor {
            id: id.to_owned(),
            role: Role::Admin,
            tournament_id: None,
            user: None,
            tablet: None,
            via: Via::Administrator,
        }
    }

    /// A board tablet, proved by its session (`via`): no role anywhere
    /// (`Arbiter` scoped to no tournament, as a user without roles); it
    /// records the games of its boards only (`GameRow::may_arbitrate`).
    pub fn of_tablet(tablet: Tablet, via: Via) -> Actor {
        Actor {
            id: tablet.actor_id(),
            role: Role::Arbiter,
            tournament_id: None,
            user: None,
            tablet: Some(Arc::new(tablet)),
            via,
        }
    }

    /// A signed-in user, proved by `via`.
    pub fn of_user(user: User, via: Via) -> Actor {
        let role = if user.is_admin {
            Role::Admin
        } else if user
            .roles
            .iter()
            .any(|(t, r)| t.is_empty() && *r == Role::Organiser)
        {
            Role::Organiser
        } else {
            Role::Arbiter
        };
        Actor {
            id: format!("user:{}", user.name),
            role,
            tournament_id: None,
            user: Some(Arc::new(user)),
            tablet: None,
            via,
        }
    }

    /// The id of the token that proved this actor, if a token did.
    pub fn token_id(&self) -> Option<&str> {
        match &self.via {
            Via::Token(id) | Via::UserToken(id) => Some(id),
            Via::Administrator | Via::Session(_) => None,
        }
    }

    /// This actor's role in tournament `tournament_id` owned by `owner`
    /// (the token or user that created it), if any: the administrator's,
    /// the owner's `Organiser`, a scoped token's role, or a user's role
    /// granted for that tournament.
    pub fn role_in(&self, tournament_id: &str, owner: Option<&str>) -> Option<Role> {
        match self.role {
            Role::Admin => return Some(Role::Admin),
            Role::Organiser if owner == Some(self.id.as_str()) => return Some(Role::Organiser),
            Role::ChiefArbiter | Role::Arbiter
                if self.tournament_id.as_deref() == Some(tournament_id) =>
            {
                return Some(self.role);
            }
            _ => {}
        }
        let user = self.user.as_ref()?;
        user.roles
            .iter()
            .find(|(t, _)| !t.is_empty() && t == tournament_id)
            .map(|(_, r)| *r)
    }

    /// Whether this actor may act on tournament `tournament_id` owned by
    /// `owner` (the organiser token or user that created it).
    pub fn may(&self, permission: Permission, tournament_id: &str, owner: Option<&str>) -> bool {
        if matches!(
            permission,
            Permission::CreateTournament | Permission::CreateGame | Permission::Registry
        ) {
            return matches!(self.role, Role::Admin | Role::Organiser);
        }
        match self.role_in(tournament_id, owner) {
            Some(Role::Admin | Role::Organiser | Role::ChiefArbiter) => true,
            Some(Role::Arbiter) => permission == Permission::Arbitrate,
            None => false,
        }
    }

    /// Whether this actor registers players somewhere: the administrator,
    /// an organiser, or a chief arbiter (a token's or a user's role) — who
    /// may search the registry for them.
    pub fn registers_players(&self) -> bool {
        matches!(
            self.role,
            Role::Admin | Role::Organiser | Role::ChiefArbiter
        ) || self.user.as_ref().is_some_and(|u| {
            u.roles
                .iter()
                .any(|(_, r)| matches!(r, Role::Organiser | Role::ChiefArbiter))
        })
    }

    /// [`Actor::may`] or 403. For the `Create…` permissions, which concern
    /// no existing tournament, pass `""` and `None`.
    pub fn require(
        &self,
        permission: Permission,
        tournament_id: &str,
        owner: Option<&str>,
    ) -> Result<(), ApiError> {
        if self.may(permission, tournament_id, owner) {
            Ok(())
        } else if self.tablet.is_some() {
            Err(tablet_refusal())
        } else {
            Err(ApiError::Forbidden(match permission {
                Permission::Manage => "this token may not manage this tournament".into(),
                Permission::Arbitrate => "this token may not arbitrate this tournament".into(),
                Permission::CreateTournament => {
                    "only organisers and administrators create tournaments".into()
                }
                Permission::CreateGame => "only organisers and administrators create games".into(),
                Permission::Registry => {
                    "only organisers and administrators keep the registry and rating lists".into()
                }
            }))
        }
    }
}

/// How long a token lookup is remembered: the longest another process may
/// still accept a revoked token when its `NOTIFY` is lost or on SQLite.
pub const TOKEN_TTL: Duration = Duration::from_secs(1);

const TOKEN_CACHE_LIMIT: usize = 10_000;

/// Token lookups of the last [`TOKEN_TTL`], by token hash (see the module
/// docs). A lookup that raced with a revocation of this process is not
/// remembered: `revoke` bumps an epoch that `put` checks.
#[derive(Default)]
pub(crate) struct TokenCache {
    inner: Mutex<TokenCacheInner>,
}

#[derive(Default)]
struct TokenCacheInner {
    by_hash: HashMap<String, (Instant, Actor)>,
    epoch: u64,
}

impl TokenCache {
    pub(crate) fn get(&self, hash: &str) -> Option<Actor> {
        let inner = self.inner.lock().ok()?;
        inner
            .by_hash
            .get(hash)
            .filter(|(at, _)| at.elapsed() < TOKEN_TTL)
            .map(|(_, actor)| actor.clone())
    }

    pub(crate) fn epoch(&self) -> Option<u64> {
        self.inner.lock().ok().map(|inner| inner.epoch)
    }

    /// Remembers a lookup that started at `epoch` (nothing if a revocation
    /// happened since).
    pub(crate) fn put(&self, hash: String, actor: Actor, epoch: u64, at: Instant) {
        if let Ok(mut inner) = self.inner.lock()
            && inner.epoch == epoch
        {
            if inner.by_hash.len() >= TOKEN_CACHE_LIMIT {
                inner.by_hash.retain(|_, (t, _)| t.elapsed() < TOKEN_TTL);
                if inner.by_hash.len() >= TOKEN_CACHE_LIMIT {
                    inner.by_hash.clear();
                }
            }
            inner.by_hash.insert(hash, (at, actor));
        }
    }

    /// Forgets token `token_id` (revoked here or, through `NOTIFY`, in
    /// another process).
    pub(crate) fn revoke(&self, token_id: &str) {
        if let Ok(mut inner) = self.inner.lock() {
            inner.epoch += 1;
            inner
                .by_hash
                .retain(|_, (_, actor)| actor.token_id() != Some(token_id));
        }
    }

    /// Forgets everything (the `LISTEN` connection was re-established and
    /// notifications may have been missed).
    pub(crate) fn clear(&self) {
        if let Ok(mut inner) = self.inner.lock() {
            inner.epoch += 1;
            inner.by_hash.clear();
        }
    }
}

/// The SHA-256 of a token, hex.
pub fn hash_token(token: &str) -> String {
    crate::hex::hex(&Sha256::digest(token.as_bytes()))
}

pub(crate) fn new_token() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::Internal(format!("random source failed: {e}")))?;
    Ok(format!("arb_{}", crate::hex::hex(&bytes)))
}

/// Constant-time comparison of two equal-length hex digests.
pub(crate) fn same_digest(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::hash_token;

    #[test]
    fn a_token_is_stored_as_its_sha256_in_lowercase_hex() {
        // FIPS 180-2's example: SHA-256("abc").
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(hash_token("").len(), 64);
    }
}
