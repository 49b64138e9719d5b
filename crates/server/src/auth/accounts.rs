//! People sign in as people (issue 21): user accounts, server-side sessions,
//! sign-in rate limits, roles per tournament and users' own API tokens. The
//! routes are in `crate::http::users` (`/api/v1/users`, `/api/v1/sessions`) and in
//! `web::account` (the sign-in and account pages); both call the functions
//! here, and every permission is the API's (`auth::Actor`).
//!
//! - Passwords: Argon2id (the `argon2` crate's defaults: 19 MiB, 2 passes,
//!   1 lane), PHC strings with a 128-bit salt from the operating system.
//! - Sessions: the `arbiter_session` cookie holds 256 random bits; the
//!   database keeps their SHA-256, the user, the times and the session's CSRF
//!   secret. The cookie is `HttpOnly`, `SameSite=Lax`, `Path=/`, and
//!   `Secure` when the server is told it is served over https
//!   (`ARBITER_SECURE_COOKIES=1`, see [`crate::state::AppState::set_secure_cookies`])
//!   or the request came through a proxy saying `X-Forwarded-Proto: https`.
//!   A session lasts [`SESSION_LIFETIME`] from sign-in; signing in always
//!   starts a new session (the old cookie's session is ended: rotation).
//! - CSRF: every state-changing request authenticated by the cookie must
//!   carry the session's secret — forms in a `csrf` field (`web::account`),
//!   API calls in the `X-CSRF-Token` header — or it is refused 403. The
//!   sign-in form, before any session, carries the `arbiter_csrf` cookie's
//!   value (double submit). A bearer token needs none of this.
//! - Sign-in attempts are limited in memory per name and per client address
//!   (`auth::limiter`).

use std::sync::Arc;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use uuid::Uuid;

use super::audit;
use crate::auth::{self, Actor, Role, Tablet, User, Via};
use crate::db::Db;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
pub(crate) use crate::store::users::UserTokenRow;
use crate::store::users::{self as rows, UserRow};
use crate::time::now_text;
use crate::time::time_text;

/// The session cookie's name.
pub(crate) const SESSION_COOKIE: &str = "arbiter_session";
/// The sign-in form's double-submit cookie (before any session).
pub(crate) const PRESESSION_COOKIE: &str = "arbiter_csrf";
/// The header that carries the session's CSRF secret on API writes.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a session lasts from sign-in.
pub const SESSION_LIFETIME: chrono::Duration = chrono::Duration::days(14);
/// `last_seen` is written at most this often per session.
const TOUCH_EVERY: chrono::Duration = chrono::Duration::seconds(60);
/// The longest user name and password accepted.
const NAME_MAX: usize = 64;
const PASSWORD_MIN: usize = 8;
const PASSWORD_MAX: usize = 1024;

/// An Argon2id hash of `password` (PHC string).
pub(crate) fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)
        .map_err(|e| ApiError::Internal(format!("random source failed: {e}")))?;
    let salt =
        SaltString::encode_b64(&salt).map_err(|e| ApiError::Internal(format!("salt: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Internal(format!("argon2: {e}")))
}

/// Whether `password` matches the stored PHC string.
fn verify_password(stored: &str, password: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    })
}

/// A hash to verify against when the name is unknown (so that an unknown
/// name takes as long as a wrong password).
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password("not a password of anyone").unwrap_or_default())
}

/// A new random secret: 256 bits as 64 hex digits.
pub(crate) fn secret() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::Internal(format!("random source failed: {e}")))?;
    Ok(crate::hex::hex(&bytes))
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub(crate) fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            (k == name).then_some(v)
        })
        .filter(|v| !v.is_empty())
}

/// A `Set-Cookie` value: `HttpOnly`, `Path=/`, `SameSite` as given,
/// `Secure` when [`secure`]; `max_age` `None` removes the cookie.
pub(crate) fn set_cookie(
    state: &AppState,
    headers: &HeaderMap,
    name: &str,
    value: &str,
    max_age: Option<i64>,
    same_site: &str,
) -> HeaderValue {
    let age = max_age.unwrap_or(0);
    let secure = if secure(state, headers) {
        "; Secure"
    } else {
        ""
    };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite={same_site}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("invalid=; Max-Age=0"))
}

/// Whether cookies get `Secure`: the server says it is behind https, or the
/// request came through a proxy that says so.
pub(crate) fn secure(state: &AppState, headers: &HeaderMap) -> bool {
    state.secure_cookies()
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The session cookie for `token`.
pub(crate) fn session_cookie(state: &AppState, headers: &HeaderMap, token: &str) -> HeaderValue {
    set_cookie(
        state,
        headers,
        SESSION_COOKIE,
        token,
        Some(SESSION_LIFETIME.num_seconds()),
        "Lax",
    )
}

/// The `Set-Cookie` that removes the session cookie.
pub(crate) fn clear_session_cookie(state: &AppState, headers: &HeaderMap) -> HeaderValue {
    set_cookie(state, headers, SESSION_COOKIE, "", None, "Lax")
}

/// A live session: the hash of its id, whose it is and its CSRF secret.
#[derive(Debug, Clone)]
pub(crate) struct Session {
    pub id_hash: String,
    pub holder: Holder,
    pub csrf: String,
}

/// Whose a session is: a signed-in user's, or a board tablet's (signed in
/// by a tablet link, `crate::http::tablets`).
#[derive(Debug, Clone)]
pub(crate) enum Holder {
    User(User),
    Tablet(Tablet),
}

impl Session {
    /// Whether `given` is this session's CSRF secret (constant time).
    pub fn csrf_matches(&self, given: &str) -> bool {
        auth::same_digest(&self.csrf, given)
    }

    /// The signed-in user, unless this is a tablet's session.
    pub fn user(&self) -> Option<&User> {
        match &self.holder {
            Holder::User(user) => Some(user),
            Holder::Tablet(_) => None,
        }
    }

    /// The board tablet, if this is a tablet's session.
    pub fn tablet(&self) -> Option<&Tablet> {
        match &self.holder {
            Holder::User(_) => None,
            Holder::Tablet(tablet) => Some(tablet),
        }
    }

    /// The actor this session is.
    pub fn actor(&self) -> Actor {
        let via = Via::Session(self.id_hash.clone());
        match &self.holder {
            Holder::User(user) => Actor::of_user(user.clone(), via),
            Holder::Tablet(tablet) => Actor::of_tablet(tablet.clone(), via),
        }
    }
}

/// A user with their roles.
async fn load_user<'e, E>(
    executor: E,
    id: &str,
    name: &str,
    is_admin: bool,
) -> Result<User, ApiError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let roles = rows::roles(executor, id)
        .await?
        .into_iter()
        .filter_map(|r| Some((r.tournament_id, Role::parse(&r.role)?)))
        .collect();
    Ok(User {
        id: id.to_owned(),
        name: name.to_owned(),
        is_admin,
        roles,
    })
}

/// The request's live session, if its cookie names one (an unknown or
/// expired cookie is no session).
pub(crate) async fn current_session(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<Session>, ApiError> {
    let Some(token) = cookie(headers, SESSION_COOKIE) else {
        return Ok(None);
    };
    let id_hash = auth::hash_token(token);
    let now = chrono::Utc::now();
    let now_text = time_text(now);
    let pool = state.db().pool();
    let Some(row) = rows::session(pool, &id_hash, &now_text).await? else {
        return tablet_session(state, id_hash, now).await;
    };
    let fresh = chrono::DateTime::parse_from_rfc3339(&row.last_seen)
        .is_ok_and(|seen| now - seen.with_timezone(&chrono::Utc) <= TOUCH_EVERY);
    if !fresh {
        rows::touch_session(pool, &id_hash, &now_text).await?;
    }
    let user = load_user(pool, &row.user_id, &row.name, row.is_admin != 0).await?;
    Ok(Some(Session {
        id_hash,
        holder: Holder::User(user),
        csrf: row.csrf,
    }))
}

/// The board tablet's session whose cookie hashes to `id_hash`, if its link
/// is not revoked (a revocation ends it at once: no cache).
async fn tablet_session(
    state: &AppState,
    id_hash: String,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<Session>, ApiError> {
    let now_text = time_text(now);
    let pool = state.db().pool();
    let Some(row) = store::tablets::session(pool, &id_hash, &now_text).await? else {
        return Ok(None);
    };
    let fresh = chrono::DateTime::parse_from_rfc3339(&row.last_seen)
        .is_ok_and(|seen| now - seen.with_timezone(&chrono::Utc) <= TOUCH_EVERY);
    if !fresh {
        store::tablets::touch_session(pool, &id_hash, &now_text).await?;
    }
    let tablet = tablet_of(&row.link)?;
    Ok(Some(Session {
        id_hash,
        holder: Holder::Tablet(tablet),
        csrf: row.csrf,
    }))
}

/// The actor of a request without a bearer token: its session's user, if
/// any. A state-changing request must carry the session's CSRF secret in
/// [`CSRF_HEADER`] (403 otherwise).
pub(crate) async fn session_actor(
    state: &AppState,
    parts: &Parts,
) -> Result<Option<Actor>, ApiError> {
    let Some(session) = current_session(state, &parts.headers).await? else {
        return Ok(None);
    };
    let safe = matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe {
        let given = parts
            .headers
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if !session.csrf_matches(given) {
            return Err(ApiError::Forbidden(format!(
                "a request signed in by the session cookie must carry the session's CSRF token \
                 in the {CSRF_HEADER} header"
            )));
        }
    }
    Ok(Some(session.actor()))
}

/// The actor of a user's own token (by the token's hash), if it is one.
pub(crate) async fn user_token_actor(
    state: &AppState,
    hash: &str,
) -> Result<Option<Actor>, ApiError> {
    let pool = state.db().pool();
    let Some((token_id, user_id)) = rows::find_token(pool, hash).await? else {
        return Ok(None);
    };
    let Some(row) = rows::by_id(pool, &user_id).await? else {
        return Ok(None);
    };
    let user = load_user(pool, &row.id, &row.name, row.is_admin != 0).await?;
    Ok(Some(Actor::of_user(user, Via::UserToken(token_id))))
}

/// Why a sign-in failed.
#[derive(Debug)]
pub(crate) enum SignInError {
    /// Unknown name or wrong password (never told apart).
    Invalid,
    /// Too many failed attempts: try again in so many seconds.
    TooMany(u64),
    Internal(ApiError),
}

impl From<ApiError> for SignInError {
    fn from(e: ApiError) -> SignInError {
        SignInError::Internal(e)
    }
}

impl From<store::Error> for SignInError {
    fn from(e: store::Error) -> SignInError {
        SignInError::Internal(e.into())
    }
}

/// A session just started: the cookie's secret (shown once), its CSRF
/// secret, the user.
#[derive(Debug)]
pub(crate) struct NewSession {
    pub token: String,
    pub csrf: String,
    pub user: User,
    pub expires_at: String,
}

/// Signs `name` in with `password` from `client` (an address): checks the
/// limits, the password, then starts a new session and ends `previous` (the
/// request's old session, if any: rotation).
pub(crate) async fn sign_in(
    state: &AppState,
    name: &str,
    password: &str,
    client: &str,
    previous: Option<&str>,
) -> Result<NewSession, SignInError> {
    let limiter = state.sign_in_limiter();
    if let Some(wait) = limiter.check(name, client) {
        return Err(SignInError::TooMany(wait));
    }
    let row = rows::by_name(state.db().pool(), name.trim()).await?;
    let stored = row
        .as_ref()
        .map_or_else(|| dummy_hash().to_owned(), |r| r.password_hash.clone());
    let password = password.to_owned();
    let verified = tokio::task::spawn_blocking(move || verify_password(&stored, &password))
        .await
        .map_err(|e| ApiError::Internal(format!("password check: {e}")))?;
    let Some(row) = row.filter(|_| verified) else {
        limiter.failed(name, client);
        return Err(SignInError::Invalid);
    };
    limiter.succeeded(name);
    let token = secret()?;
    let csrf = secret()?;
    let now = chrono::Utc::now();
    let expires_at = time_text(now + SESSION_LIFETIME);
    let now = time_text(now);
    let (_write, mut tx) = state.db().begin().await.map_err(ApiError::from)?;
    if let Some(previous) = previous {
        let previous = auth::hash_token(previous);
        rows::delete_session(&mut tx, &previous).await?;
        store::tablets::delete_session(&mut tx, &previous).await?;
    }
    rows::delete_expired_sessions(&mut tx, &now).await?;
    rows::insert_session(
        &mut tx,
        rows::NewSession {
            id_hash: &auth::hash_token(&token),
            user_id: &row.id,
            now: &now,
            expires_at: &expires_at,
            csrf: &csrf,
        },
    )
    .await?;
    let user = load_user(&mut *tx, &row.id, &row.name, row.is_admin != 0).await?;
    tx.commit().await.map_err(ApiError::from)?;
    Ok(NewSession {
        token,
        csrf,
        user,
        expires_at,
    })
}

/// Ends the session (a user's or a tablet's) whose cookie secret hashes to
/// `id_hash`.
pub(crate) async fn sign_out(state: &AppState, id_hash: &str) -> Result<(), ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    rows::delete_session(&mut tx, id_hash).await?;
    store::tablets::delete_session(&mut tx, id_hash).await?;
    tx.commit().await?;
    Ok(())
}

/// Ends every session of `user`; how many.
pub(crate) async fn sign_out_everywhere(state: &AppState, user: &User) -> Result<u64, ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    let n = rows::delete_sessions_of(&mut tx, &user.id).await?;
    tx.commit().await?;
    Ok(n)
}

/// A new user's details.
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub name: &'a str,
    pub password: &'a str,
    pub email: Option<&'a str>,
    pub is_admin: bool,
}

/// Why a user could not be added.
#[derive(Debug)]
pub enum AddUserError {
    /// A field is unacceptable: which, and why.
    Invalid(&'static str, String),
    /// The name is taken.
    Taken(String),
    Internal(String),
}

impl std::fmt::Display for AddUserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AddUserError::Invalid(field, why) => write!(f, "{field}: {why}"),
            AddUserError::Taken(name) => write!(f, "a user called '{name}' already exists"),
            AddUserError::Internal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AddUserError {}

impl From<AddUserError> for ApiError {
    fn from(e: AddUserError) -> ApiError {
        match e {
            AddUserError::Invalid(field, why) => ApiError::invalid_field(field, why),
            AddUserError::Taken(name) => ApiError::conflict(
                "duplicate",
                format!("a user called '{name}' already exists"),
            ),
            AddUserError::Internal(e) => ApiError::Internal(e),
        }
    }
}

/// Checks a new user's fields.
fn check_new_user(user: &NewUser<'_>) -> Result<(), AddUserError> {
    let name = user.name;
    if name.trim() != name || name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(AddUserError::Invalid(
            "name",
            format!("1 to {NAME_MAX} characters, no leading or trailing spaces"),
        ));
    }
    if name.chars().any(|c| c.is_control() || c == ':') {
        return Err(AddUserError::Invalid(
            "name",
            "no control characters or colons".into(),
        ));
    }
    // A name reads as it is stored: `admin` and `admin` followed by a
    // zero-width space are not two users to tell apart by eye.
    if crate::engine::check_visible("name", name).is_err() {
        return Err(AddUserError::Invalid(
            "name",
            "no invisible characters and none that override the text's direction".into(),
        ));
    }
    let length = user.password.chars().count();
    if !(PASSWORD_MIN..=PASSWORD_MAX).contains(&length) {
        return Err(AddUserError::Invalid(
            "password",
            format!("{PASSWORD_MIN} to {PASSWORD_MAX} characters"),
        ));
    }
    if let Some(email) = user.email
        && (email.len() > 254 || !email.contains('@') || email.chars().any(char::is_whitespace))
    {
        return Err(AddUserError::Invalid(
            "email",
            "an e-mail address (name@host)".into(),
        ));
    }
    Ok(())
}

/// Adds a user to `db` (the CLI's `arbiter user add`, and the API's `POST
/// /users` with `by` its actor for the audit trail); the new user's id.
pub async fn add_user(
    db: &Db,
    user: NewUser<'_>,
    by: Option<&Actor>,
) -> Result<String, AddUserError> {
    check_new_user(&user)?;
    let password = user.password.to_owned();
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| AddUserError::Internal(e.to_string()))?
        .map_err(|e| AddUserError::Internal(format!("{e:?}")))?;
    let row = UserRow {
        id: Uuid::new_v4().to_string(),
        name: user.name.to_owned(),
        password_hash: hash,
        email: user.email.map(str::to_owned),
        is_admin: i64::from(user.is_admin),
        created_at: now_text(),
    };
    let internal = |e: &dyn std::fmt::Display| AddUserError::Internal(e.to_string());
    let (_write, mut tx) = db.begin().await.map_err(|e| internal(&e))?;
    match rows::insert(&mut tx, &row).await {
        Ok(()) => {}
        Err(e) if e.is_unique_violation() => return Err(AddUserError::Taken(row.name)),
        Err(e) => return Err(internal(&e)),
    }
    let system = Actor::administrator("system");
    let after = serde_json::json!({
        "name": row.name, "email": row.email, "is_admin": user.is_admin,
    });
    audit::record(
        &mut tx,
        by.unwrap_or(&system),
        None,
        "create",
        "user",
        &row.id,
        None,
        Some(&after),
    )
    .await
    .map_err(|e| internal(&e))?;
    tx.commit().await.map_err(|e| internal(&e))?;
    Ok(row.id)
}

/// Sets (or with `role` `None` removes) the role of user `name` in
/// `tournament_id` (`None`: the organiser role scoped to no tournament).
/// The administrator grants any role; a tournament's organiser grants
/// roles in that tournament.
pub(crate) async fn set_role(
    state: &AppState,
    actor: &Actor,
    name: &str,
    tournament_id: Option<&str>,
    role: Option<Role>,
) -> Result<(), ApiError> {
    match (tournament_id, role) {
        (_, Some(Role::Admin)) => {
            return Err(ApiError::invalid_field(
                "role",
                "administrators are made with POST /users (is_admin), not as a role",
            ));
        }
        (None, Some(Role::ChiefArbiter | Role::Arbiter)) => {
            return Err(ApiError::invalid_field(
                "tournament_id",
                "arbiter roles are scoped to one tournament",
            ));
        }
        _ => {}
    }
    let (_write, mut tx) = state.db().begin().await?;
    let user = rows::by_name(&mut *tx, name)
        .await?
        .ok_or_else(|| ApiError::not_found("user"))?;
    match tournament_id {
        None if actor.role != Role::Admin => {
            return Err(ApiError::Forbidden(
                "only an administrator makes organisers".into(),
            ));
        }
        None => {}
        Some(t) => {
            let owner = store::tournaments::owner(&mut *tx, t)
                .await?
                .ok_or_else(|| ApiError::not_found("tournament"))?;
            if !matches!(
                actor.role_in(t, owner.as_deref()),
                Some(Role::Admin | Role::Organiser)
            ) {
                return Err(ApiError::Forbidden(
                    "only the administrator or the tournament's organiser grants roles".into(),
                ));
            }
        }
    }
    let before = rows::set_role(
        &mut tx,
        &user.id,
        tournament_id.unwrap_or(""),
        role.map(Role::as_str),
        &actor.id,
        &now_text(),
    )
    .await?;
    audit::record(
        &mut tx,
        actor,
        tournament_id,
        if role.is_some() { "grant" } else { "revoke" },
        "user_role",
        &user.name,
        before.map(|r| serde_json::json!({ "role": r })).as_ref(),
        role.map(|r| serde_json::json!({ "role": r })).as_ref(),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// A user's new token: its id, the secret (shown once), when.
#[derive(Debug)]
pub(crate) struct NewUserToken {
    pub id: String,
    pub token: String,
    pub created_at: String,
}

/// The names of the tournaments `user` has a role in, by id (`None`: a
/// role over every tournament).
pub(crate) async fn tournament_names(
    state: &AppState,
    user: &User,
) -> Result<Vec<(String, Option<String>)>, ApiError> {
    Ok(rows::roles(state.db().pool(), &user.id)
        .await?
        .into_iter()
        .map(|r| (r.tournament_id, r.tournament_name))
        .collect())
}

/// The signed-in user behind `actor`, or 403.
pub(crate) fn user_of(actor: &Actor) -> Result<&Arc<User>, ApiError> {
    if actor.tablet.is_some() {
        return Err(auth::tablet_refusal());
    }
    actor
        .user
        .as_ref()
        .ok_or_else(|| ApiError::Forbidden("this needs a signed-in user, not a role token".into()))
}

/// Creates an API token for the user behind `actor`, acting as them.
pub(crate) async fn create_token(
    state: &AppState,
    actor: &Actor,
    label: Option<&str>,
) -> Result<NewUserToken, ApiError> {
    let user = user_of(actor)?;
    auth::tokens::check_label(label)?;
    let token = auth::new_token()?;
    let row = UserTokenRow {
        id: Uuid::new_v4().to_string(),
        user_id: user.id.clone(),
        label: label.map(str::to_owned),
        created_at: now_text(),
        revoked_at: None,
    };
    let (_write, mut tx) = state.db().begin().await?;
    rows::insert_token(&mut tx, &row, &auth::hash_token(&token)).await?;
    let after = serde_json::json!({ "id": row.id, "label": row.label });
    audit::record(
        &mut tx,
        actor,
        None,
        "create",
        "user_token",
        &row.id,
        None,
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok(NewUserToken {
        id: row.id,
        token,
        created_at: row.created_at,
    })
}

/// The tokens of the user behind `actor`.
pub(crate) async fn list_tokens(
    state: &AppState,
    actor: &Actor,
) -> Result<Vec<UserTokenRow>, ApiError> {
    let user = user_of(actor)?;
    Ok(rows::tokens(state.db().pool(), &user.id).await?)
}

/// Revokes token `id` of the user behind `actor` (404 if it is not theirs).
pub(crate) async fn revoke_token(
    state: &AppState,
    actor: &Actor,
    id: &str,
) -> Result<(), ApiError> {
    let user = user_of(actor)?;
    let (_write, mut tx) = state.db().begin().await?;
    let row = rows::token(&mut *tx, id)
        .await?
        .filter(|row| row.user_id == user.id)
        .ok_or_else(|| ApiError::not_found("token"))?;
    if row.revoked_at.is_none() {
        let at = now_text();
        rows::revoke_token(&mut tx, id, &at).await?;
        let after = serde_json::json!({ "revoked_at": at });
        audit::record(
            &mut tx,
            actor,
            None,
            "revoke",
            "user_token",
            id,
            None,
            Some(&after),
        )
        .await?;
        auth::announce_revocation(state, &mut tx, id).await?;
    }
    tx.commit().await?;
    state.tokens().revoke(id);
    Ok(())
}

/// The client's address for the sign-in limits (the connection's peer; a
/// proxy in front makes every client the proxy), as an extractor.
#[derive(Debug, Clone)]
pub(crate) struct Client(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map_or_else(|| "unknown".to_owned(), |c| c.0.ip().to_string()),
        ))
    }
}

/// The tablet a link signs in.
pub(crate) fn tablet_of(row: &store::tablets::LinkRow) -> Result<Tablet, ApiError> {
    Ok(Tablet {
        link_id: row.id.clone(),
        label: row.label.clone(),
        tournament_id: row.tournament_id.clone(),
        round: row.round,
        boards: row.board_numbers()?,
    })
}
