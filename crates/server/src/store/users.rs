//! Users, their sessions, their roles per tournament and their own API
//! tokens (migration 0013). Only hashes of secrets are stored: passwords as
//! Argon2id PHC strings, session ids and tokens as SHA-256.

use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;

/// A user as stored.
#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    pub id: String,
    pub name: String,
    pub password_hash: String,
    pub email: Option<String>,
    pub is_admin: i64,
    pub created_at: String,
}

const USER_COLUMNS: &str = "id, name, password_hash, email, is_admin, created_at";

/// The user called `name`, if any.
pub async fn by_name<'e, E>(executor: E, name: &str) -> Result<Option<UserRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_as::<_, UserRow>(&format!("SELECT {USER_COLUMNS} FROM users WHERE name = $1"))
            .bind(name)
            .fetch_optional(executor)
            .await?,
    )
}

/// The user with id `id`, if any.
pub async fn by_id<'e, E>(executor: E, id: &str) -> Result<Option<UserRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_as::<_, UserRow>(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
            .bind(id)
            .fetch_optional(executor)
            .await?,
    )
}

/// Inserts a user (a taken name is a unique violation).
pub async fn insert(conn: &mut AnyConnection, user: &UserRow) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO users (id, name, password_hash, email, is_admin, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&user.id)
    .bind(&user.name)
    .bind(&user.password_hash)
    .bind(&user.email)
    .bind(user.is_admin)
    .bind(&user.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A live session joined with its user.
#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    pub user_id: String,
    pub name: String,
    pub is_admin: i64,
    pub csrf: String,
    pub last_seen: String,
}

/// The session whose id hashes to `id_hash`, unexpired at `now`.
pub async fn session<'e, E>(
    executor: E,
    id_hash: &str,
    now: &str,
) -> Result<Option<SessionRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, SessionRow>(
        "SELECT s.user_id, u.name, u.is_admin, s.csrf, s.last_seen \
         FROM sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.id_hash = $1 AND s.expires_at > $2",
    )
    .bind(id_hash)
    .bind(now)
    .fetch_optional(executor)
    .await?)
}

/// A session to insert.
#[derive(Debug)]
pub struct NewSession<'a> {
    pub id_hash: &'a str,
    pub user_id: &'a str,
    pub now: &'a str,
    pub expires_at: &'a str,
    pub csrf: &'a str,
}

/// Inserts a session.
pub async fn insert_session(conn: &mut AnyConnection, s: NewSession<'_>) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO sessions (id_hash, user_id, created_at, last_seen, expires_at, csrf) \
         VALUES ($1, $2, $3, $3, $4, $5)",
    )
    .bind(s.id_hash)
    .bind(s.user_id)
    .bind(s.now)
    .bind(s.expires_at)
    .bind(s.csrf)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records that a session was used at `now`.
pub async fn touch_session<'e, E>(executor: E, id_hash: &str, now: &str) -> Result<(), Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query("UPDATE sessions SET last_seen = $1 WHERE id_hash = $2")
        .bind(now)
        .bind(id_hash)
        .execute(executor)
        .await?;
    Ok(())
}

/// Ends one session (sign-out, or the old session at sign-in's rotation).
pub async fn delete_session(conn: &mut AnyConnection, id_hash: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
        .bind(id_hash)
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends every session of a user ("sign out everywhere"); how many.
pub async fn delete_sessions_of(conn: &mut AnyConnection, user_id: &str) -> Result<u64, Error> {
    Ok(sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await?
        .rows_affected())
}

/// Removes sessions expired before `now`.
pub async fn delete_expired_sessions(conn: &mut AnyConnection, now: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// One role of a user: `tournament_id` is `''` for the organiser role that
/// is scoped to no tournament; `tournament_name` when the tournament exists.
#[derive(Debug, Clone, FromRow)]
pub struct RoleRow {
    pub tournament_id: String,
    pub role: String,
    pub tournament_name: Option<String>,
}

/// The roles of a user, tournaments by name.
pub async fn roles<'e, E>(executor: E, user_id: &str) -> Result<Vec<RoleRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, RoleRow>(
        "SELECT r.tournament_id, r.role, t.name AS tournament_name \
         FROM user_roles r LEFT JOIN tournaments t ON t.id = r.tournament_id \
         WHERE r.user_id = $1 ORDER BY t.name, r.tournament_id",
    )
    .bind(user_id)
    .fetch_all(executor)
    .await?)
}

/// Sets (replacing) or, with `role` `None`, removes a user's role in a
/// tournament (`''`: none). Whether a role was there before.
pub async fn set_role(
    conn: &mut AnyConnection,
    user_id: &str,
    tournament_id: &str,
    role: Option<&str>,
    granted_by: &str,
    now: &str,
) -> Result<Option<String>, Error> {
    let before: Option<(String,)> =
        sqlx::query_as("SELECT role FROM user_roles WHERE user_id = $1 AND tournament_id = $2")
            .bind(user_id)
            .bind(tournament_id)
            .fetch_optional(&mut *conn)
            .await?;
    sqlx::query("DELETE FROM user_roles WHERE user_id = $1 AND tournament_id = $2")
        .bind(user_id)
        .bind(tournament_id)
        .execute(&mut *conn)
        .await?;
    if let Some(role) = role {
        sqlx::query(
            "INSERT INTO user_roles (user_id, tournament_id, role, granted_by, granted_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(user_id)
        .bind(tournament_id)
        .bind(role)
        .bind(granted_by)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(before.map(|(r,)| r))
}

/// A user's API token as stored (never its secret).
#[derive(Debug, Clone, FromRow)]
pub struct UserTokenRow {
    pub id: String,
    pub user_id: String,
    pub label: Option<String>,
    pub created_at: String,
    pub revoked_at: Option<String>,
}

/// The unrevoked user token with this hash: its id and its user's id.
pub async fn find_token<'e, E>(
    executor: E,
    token_hash: &str,
) -> Result<Option<(String, String)>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as(
        "SELECT id, user_id FROM user_tokens WHERE token_hash = $1 AND revoked_at IS NULL",
    )
    .bind(token_hash)
    .fetch_optional(executor)
    .await?)
}

/// Inserts a user's token.
pub async fn insert_token(
    conn: &mut AnyConnection,
    row: &UserTokenRow,
    token_hash: &str,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO user_tokens (id, token_hash, user_id, label, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&row.id)
    .bind(token_hash)
    .bind(&row.user_id)
    .bind(&row.label)
    .bind(&row.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A user's tokens, newest first (revoked ones too).
pub async fn tokens<'e, E>(executor: E, user_id: &str) -> Result<Vec<UserTokenRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, UserTokenRow>(
        "SELECT id, user_id, label, created_at, revoked_at FROM user_tokens \
         WHERE user_id = $1 ORDER BY created_at DESC, id",
    )
    .bind(user_id)
    .fetch_all(executor)
    .await?)
}

/// A user token by id.
pub async fn token<'e, E>(executor: E, id: &str) -> Result<Option<UserTokenRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, UserTokenRow>(
        "SELECT id, user_id, label, created_at, revoked_at FROM user_tokens WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(executor)
    .await?)
}

/// Marks a user token revoked at `at`.
pub async fn revoke_token(conn: &mut AnyConnection, id: &str, at: &str) -> Result<(), Error> {
    sqlx::query("UPDATE user_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
