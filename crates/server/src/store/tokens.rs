//! The `tokens` table (only a token's SHA-256 is stored).

use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;

/// What a token grants, as stored (the role as text: `auth::Role::parse`).
#[derive(Debug, Clone, FromRow)]
pub struct ActiveToken {
    pub id: String,
    pub role: String,
    pub tournament_id: Option<String>,
}

/// The unrevoked token with this hash, if any.
pub async fn find_active<'e, E>(executor: E, token_hash: &str) -> Result<Option<ActiveToken>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, ActiveToken>(
        "SELECT id, role, tournament_id FROM tokens WHERE token_hash = $1 AND revoked_at IS NULL",
    )
    .bind(token_hash)
    .fetch_optional(executor)
    .await?)
}

/// A token to insert.
#[derive(Debug)]
pub struct NewToken<'a> {
    pub id: &'a str,
    pub token_hash: &'a str,
    pub role: &'a str,
    pub tournament_id: Option<&'a str>,
    pub label: Option<&'a str>,
    pub created_by: &'a str,
    pub created_at: &'a str,
}

/// Inserts a token.
pub async fn insert(conn: &mut AnyConnection, token: NewToken<'_>) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO tokens (id, token_hash, role, tournament_id, label, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(token.id)
    .bind(token.token_hash)
    .bind(token.role)
    .bind(token.tournament_id)
    .bind(token.label)
    .bind(token.created_by)
    .bind(token.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// What revoking a token looks at.
#[derive(Debug, Clone, FromRow)]
pub struct TokenRow {
    pub tournament_id: Option<String>,
    pub created_by: String,
    pub revoked_at: Option<String>,
}

/// A token by id, if there is one.
pub async fn load<'e, E>(executor: E, id: &str) -> Result<Option<TokenRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, TokenRow>(
        "SELECT tournament_id, created_by, revoked_at FROM tokens WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(executor)
    .await?)
}

/// Marks a token revoked at `at`.
pub async fn revoke(conn: &mut AnyConnection, id: &str, at: &str) -> Result<(), Error> {
    sqlx::query("UPDATE tokens SET revoked_at = $1 WHERE id = $2")
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
