//! Board tablet links and their sessions (migration 0015). Only the SHA-256
//! of a link's secret and of a session's cookie is stored.

use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;

/// A tablet link as stored (never its secret).
#[derive(Debug, Clone, FromRow)]
pub struct LinkRow {
    pub id: String,
    pub tournament_id: String,
    pub round: Option<i64>,
    /// Board numbers, comma-separated, ascending (see [`boards_text`]).
    pub boards: String,
    pub label: Option<String>,
    pub created_by: String,
    pub created_at: String,
    pub revoked_at: Option<String>,
}

impl LinkRow {
    /// The chosen board numbers (a stored text that is not a list of
    /// numbers is corrupt).
    pub fn board_numbers(&self) -> Result<Vec<i64>, Error> {
        self.boards
            .split(',')
            .map(|b| {
                b.parse::<i64>().map_err(|_| {
                    Error::Corrupt(format!("tablet link {}: boards '{}'", self.id, self.boards))
                })
            })
            .collect()
    }
}

/// The stored spelling of a list of board numbers: ascending, no repeats,
/// comma-separated.
pub fn boards_text(boards: &[i64]) -> String {
    let mut sorted = boards.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

const LINK_COLUMNS: &str =
    "id, tournament_id, round, boards, label, created_by, created_at, revoked_at";

/// A link to insert.
#[derive(Debug)]
pub struct NewLink<'a> {
    pub id: &'a str,
    pub secret_hash: &'a str,
    pub tournament_id: &'a str,
    pub round: Option<i64>,
    pub boards: &'a str,
    pub label: Option<&'a str>,
    pub created_by: &'a str,
    pub created_at: &'a str,
}

/// Inserts a link.
pub async fn insert(conn: &mut AnyConnection, link: NewLink<'_>) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO tablet_links \
         (id, secret_hash, tournament_id, round, boards, label, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(link.id)
    .bind(link.secret_hash)
    .bind(link.tournament_id)
    .bind(link.round)
    .bind(link.boards)
    .bind(link.label)
    .bind(link.created_by)
    .bind(link.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The links of a tournament, newest first.
pub async fn list<'e, E>(executor: E, tournament_id: &str) -> Result<Vec<LinkRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, LinkRow>(&format!(
        "SELECT {LINK_COLUMNS} FROM tablet_links WHERE tournament_id = $1 \
         ORDER BY created_at DESC, id"
    ))
    .bind(tournament_id)
    .fetch_all(executor)
    .await?)
}

/// Link `id` of tournament `tournament_id`, if any.
pub async fn load<'e, E>(
    executor: E,
    tournament_id: &str,
    id: &str,
) -> Result<Option<LinkRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, LinkRow>(&format!(
        "SELECT {LINK_COLUMNS} FROM tablet_links WHERE tournament_id = $1 AND id = $2"
    ))
    .bind(tournament_id)
    .bind(id)
    .fetch_optional(executor)
    .await?)
}

/// The unrevoked link whose secret hashes to `secret_hash`, if any.
pub async fn find_active<'e, E>(executor: E, secret_hash: &str) -> Result<Option<LinkRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, LinkRow>(&format!(
        "SELECT {LINK_COLUMNS} FROM tablet_links \
         WHERE secret_hash = $1 AND revoked_at IS NULL"
    ))
    .bind(secret_hash)
    .fetch_optional(executor)
    .await?)
}

/// Revokes link `id` at `at` and ends its sessions at once.
pub async fn revoke(conn: &mut AnyConnection, id: &str, at: &str) -> Result<(), Error> {
    sqlx::query("UPDATE tablet_links SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM tablet_sessions WHERE link_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The board numbers of round `round` of a tournament that exist, with
/// their games, by board.
pub async fn round_boards<'e, E>(
    executor: E,
    tournament_id: &str,
    round: i64,
) -> Result<Vec<(i64, String)>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, (i64, String)>(
        "SELECT board, game_id FROM boards WHERE tournament_id = $1 AND round = $2 \
         ORDER BY board",
    )
    .bind(tournament_id)
    .bind(round)
    .fetch_all(executor)
    .await?)
}

/// A live tablet session joined with its (unrevoked) link.
#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    pub csrf: String,
    pub last_seen: String,
    #[sqlx(flatten)]
    pub link: LinkRow,
}

/// The tablet session whose id hashes to `id_hash`, unexpired at `now`,
/// of a link not revoked.
pub async fn session<'e, E>(
    executor: E,
    id_hash: &str,
    now: &str,
) -> Result<Option<SessionRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, SessionRow>(
        "SELECT s.csrf, s.last_seen, l.id, l.tournament_id, l.round, l.boards, l.label, \
         l.created_by, l.created_at, l.revoked_at \
         FROM tablet_sessions s JOIN tablet_links l ON l.id = s.link_id \
         WHERE s.id_hash = $1 AND s.expires_at > $2 AND l.revoked_at IS NULL",
    )
    .bind(id_hash)
    .bind(now)
    .fetch_optional(executor)
    .await?)
}

/// A tablet session to insert.
#[derive(Debug)]
pub struct NewSession<'a> {
    pub id_hash: &'a str,
    pub link_id: &'a str,
    pub now: &'a str,
    pub expires_at: &'a str,
    pub csrf: &'a str,
}

/// Inserts a tablet session (and removes the expired ones).
pub async fn insert_session(conn: &mut AnyConnection, s: NewSession<'_>) -> Result<(), Error> {
    sqlx::query("DELETE FROM tablet_sessions WHERE expires_at <= $1")
        .bind(s.now)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO tablet_sessions (id_hash, link_id, created_at, last_seen, expires_at, csrf) \
         VALUES ($1, $2, $3, $3, $4, $5)",
    )
    .bind(s.id_hash)
    .bind(s.link_id)
    .bind(s.now)
    .bind(s.expires_at)
    .bind(s.csrf)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records that a tablet session was used at `now`.
pub async fn touch_session<'e, E>(executor: E, id_hash: &str, now: &str) -> Result<(), Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query("UPDATE tablet_sessions SET last_seen = $1 WHERE id_hash = $2")
        .bind(now)
        .bind(id_hash)
        .execute(executor)
        .await?;
    Ok(())
}

/// Ends one tablet session (its sign-out, or a sign-in on that browser).
pub async fn delete_session(conn: &mut AnyConnection, id_hash: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM tablet_sessions WHERE id_hash = $1")
        .bind(id_hash)
        .execute(conn)
        .await?;
    Ok(())
}
