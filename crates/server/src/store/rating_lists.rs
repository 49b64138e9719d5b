//! The `rating_lists` and `rating_list_entries` tables (migration 0021).

use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;
use registry::{ListEntry, RatingCell, RatingKind};

/// A rating list as stored.
#[derive(Debug, Clone, FromRow)]
pub struct ListRow {
    pub id: String,
    pub name: String,
    pub month: String,
    pub format: String,
    pub kind: String,
    pub federation: Option<String>,
    /// `importing` or `ready`.
    pub status: String,
    pub lines_read: i64,
    pub players: i64,
    pub created_by: String,
    pub created_at: String,
    pub finished_at: Option<String>,
}

const LIST_COLUMNS: &str = "id, name, month, format, kind, federation, status, lines_read, \
     players, created_by, created_at, finished_at";

/// One player of a stored list.
#[derive(Debug, Clone, FromRow)]
pub struct EntryRow {
    pub seq: i64,
    pub fide_id: Option<i64>,
    pub national_id: Option<String>,
    pub name: String,
    pub federation: Option<String>,
    pub sex: Option<String>,
    pub title: Option<String>,
    pub other_titles: Option<String>,
    pub birth_year: Option<i64>,
    pub std_rating: Option<i64>,
    pub std_games: Option<i64>,
    pub std_k: Option<i64>,
    pub rpd_rating: Option<i64>,
    pub rpd_games: Option<i64>,
    pub rpd_k: Option<i64>,
    pub blz_rating: Option<i64>,
    pub blz_games: Option<i64>,
    pub blz_k: Option<i64>,
    pub inactive: i64,
}

const ENTRY_COLUMNS: &str = "seq, fide_id, national_id, name, federation, sex, title, \
     other_titles, birth_year, std_rating, std_games, std_k, rpd_rating, rpd_games, rpd_k, \
     blz_rating, blz_games, blz_k, inactive";

fn cell(rating: Option<i64>, games: Option<i64>, k: Option<i64>) -> Option<RatingCell> {
    Some(RatingCell {
        rating: u16::try_from(rating?).ok()?,
        games: games.and_then(|g| u16::try_from(g).ok()).unwrap_or(0),
        k: k.and_then(|k| u8::try_from(k).ok()),
    })
}

impl EntryRow {
    /// The entry as the list reader gave it.
    pub fn entry(&self) -> ListEntry {
        ListEntry {
            fide_id: self.fide_id.and_then(|i| u64::try_from(i).ok()),
            national_id: self.national_id.clone(),
            name: self.name.clone(),
            federation: self.federation.clone(),
            sex: self.sex.as_deref().and_then(|s| s.chars().next()),
            title: self.title.clone(),
            other_titles: self.other_titles.clone(),
            birth_year: self.birth_year.and_then(|y| u16::try_from(y).ok()),
            standard: cell(self.std_rating, self.std_games, self.std_k),
            rapid: cell(self.rpd_rating, self.rpd_games, self.rpd_k),
            blitz: cell(self.blz_rating, self.blz_games, self.blz_k),
            inactive: self.inactive != 0,
        }
    }
}

/// Inserts a list (status `importing`).
pub async fn insert(conn: &mut AnyConnection, list: &ListRow) -> Result<(), Error> {
    sqlx::query(&format!(
        "INSERT INTO rating_lists ({LIST_COLUMNS}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
    ))
    .bind(&list.id)
    .bind(&list.name)
    .bind(&list.month)
    .bind(&list.format)
    .bind(&list.kind)
    .bind(&list.federation)
    .bind(&list.status)
    .bind(list.lines_read)
    .bind(list.players)
    .bind(&list.created_by)
    .bind(&list.created_at)
    .bind(&list.finished_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Rows of one multi-row `INSERT`: 22 parameters a row stays under
/// SQLite's 32,766.
pub const BATCH: usize = 1000;

/// Inserts players `first_seq..` of list `list_id` (at most [`BATCH`]).
pub async fn insert_entries(
    conn: &mut AnyConnection,
    list_id: &str,
    first_seq: i64,
    entries: &[ListEntry],
) -> Result<(), Error> {
    if entries.is_empty() {
        return Ok(());
    }
    // SQLite reads `$N` as a named parameter and looks each one up in a
    // list of those seen (quadratic in a statement of 22,000): plain `?`
    // there, `$N` for PostgreSQL.
    let numbered = conn.backend_name() != "SQLite";
    let mut sql = String::with_capacity(120 + entries.len() * 140);
    sql.push_str(
        "INSERT INTO rating_list_entries (list_id, seq, fide_id, national_id, name, key3, rev3, \
         federation, sex, title, other_titles, birth_year, std_rating, std_games, std_k, \
         rpd_rating, rpd_games, rpd_k, blz_rating, blz_games, blz_k, inactive) VALUES ",
    );
    let mut n = 0;
    for i in 0..entries.len() {
        if i > 0 {
            sql.push(',');
        }
        sql.push('(');
        for c in 0..22 {
            if c > 0 {
                sql.push(',');
            }
            n += 1;
            if numbered {
                sql.push_str(&format!("${n}"));
            } else {
                sql.push('?');
            }
        }
        sql.push(')');
    }
    let mut query = sqlx::query(&sql);
    for (i, e) in entries.iter().enumerate() {
        let keys = registry::names::NameKeys::of(&e.name);
        let (key3, rev3) = registry::names::ends(keys.primary());
        let c = |k: RatingKind| e.rating(k);
        let parts = |k: RatingKind| {
            let cell = c(k);
            (
                cell.map(|c| i64::from(c.rating)),
                cell.map(|c| i64::from(c.games)),
                cell.and_then(|c| c.k).map(i64::from),
            )
        };
        let (sr, sg, sk) = parts(RatingKind::Standard);
        let (rr, rg, rk) = parts(RatingKind::Rapid);
        let (br, bg, bk) = parts(RatingKind::Blitz);
        query = query
            .bind(list_id)
            .bind(first_seq + i as i64)
            .bind(e.fide_id.and_then(|i| i64::try_from(i).ok()))
            .bind(e.national_id.clone())
            .bind(e.name.clone())
            .bind(key3)
            .bind(rev3)
            .bind(e.federation.clone())
            .bind(e.sex.map(String::from))
            .bind(e.title.clone())
            .bind(e.other_titles.clone())
            .bind(e.birth_year.map(i64::from))
            .bind(sr)
            .bind(sg)
            .bind(sk)
            .bind(rr)
            .bind(rg)
            .bind(rk)
            .bind(br)
            .bind(bg)
            .bind(bk)
            .bind(i64::from(e.inactive));
    }
    query.execute(conn).await?;
    Ok(())
}

/// Records how far an import has read.
pub async fn set_progress<'e, E>(
    executor: E,
    id: &str,
    lines: i64,
    players: i64,
) -> Result<(), Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query("UPDATE rating_lists SET lines_read = $1, players = $2 WHERE id = $3")
        .bind(lines)
        .bind(players)
        .bind(id)
        .execute(executor)
        .await?;
    Ok(())
}

/// Makes list `id` the ready list of its name and month, removing the one
/// it replaces (if any); answers the id replaced.
pub async fn make_ready(
    conn: &mut AnyConnection,
    list: &ListRow,
    lines: i64,
    players: i64,
    finished_at: &str,
) -> Result<Option<String>, Error> {
    let replaced: Option<String> = sqlx::query_scalar(
        "SELECT id FROM rating_lists WHERE name = $1 AND month = $2 AND status = 'ready'",
    )
    .bind(&list.name)
    .bind(&list.month)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(old) = &replaced {
        delete(&mut *conn, old).await?;
    }
    sqlx::query(
        "UPDATE rating_lists SET status = 'ready', lines_read = $1, players = $2, \
         finished_at = $3 WHERE id = $4",
    )
    .bind(lines)
    .bind(players)
    .bind(finished_at)
    .bind(&list.id)
    .execute(&mut *conn)
    .await?;
    Ok(replaced)
}

/// Makes the caller's transaction the only one finishing a list of `name`
/// and `month` until it ends (PostgreSQL: an advisory transaction lock; on
/// SQLite the process's one writer already is). Two imports of the same
/// list finishing at once then replace one another in turn instead of both
/// finding the same earlier list.
pub async fn lock_name(
    conn: &mut AnyConnection,
    backend: crate::db::Backend,
    name: &str,
    month: &str,
) -> Result<(), Error> {
    if backend == crate::db::Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
            .bind(format!("rating_list {name} {month}"))
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Deletes a list and its players.
pub async fn delete(conn: &mut AnyConnection, id: &str) -> Result<bool, Error> {
    sqlx::query("DELETE FROM rating_list_entries WHERE list_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let done = sqlx::query("DELETE FROM rating_lists WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The lists left `importing` since before `before` (an import that a
/// stopped server never finished).
pub async fn abandoned<'e, E>(executor: E, before: &str) -> Result<Vec<String>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_scalar(
        "SELECT id FROM rating_lists WHERE status = 'importing' AND created_at < $1",
    )
    .bind(before)
    .fetch_all(executor)
    .await?)
}

/// Every list, newest month first.
pub async fn list<'e, E>(executor: E) -> Result<Vec<ListRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, ListRow>(&format!(
        "SELECT {LIST_COLUMNS} FROM rating_lists ORDER BY month DESC, name, created_at DESC"
    ))
    .fetch_all(executor)
    .await?)
}

/// List `id`, if any.
pub async fn load<'e, E>(executor: E, id: &str) -> Result<Option<ListRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, ListRow>(&format!(
        "SELECT {LIST_COLUMNS} FROM rating_lists WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(executor)
    .await?)
}

/// The ready list of `name` for `month`, or (no month) its latest.
pub async fn ready<'e, E>(
    executor: E,
    name: &str,
    month: Option<&str>,
) -> Result<Option<ListRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(match month {
        Some(m) => {
            sqlx::query_as::<_, ListRow>(&format!(
                "SELECT {LIST_COLUMNS} FROM rating_lists \
             WHERE name = $1 AND month = $2 AND status = 'ready'"
            ))
            .bind(name)
            .bind(m)
            .fetch_optional(executor)
            .await?
        }
        None => {
            sqlx::query_as::<_, ListRow>(&format!(
                "SELECT {LIST_COLUMNS} FROM rating_lists WHERE name = $1 AND status = 'ready' \
             ORDER BY month DESC LIMIT 1"
            ))
            .bind(name)
            .fetch_optional(executor)
            .await?
        }
    })
}

/// The latest ready list of each name.
pub async fn latest_ready<'e, E>(executor: E) -> Result<Vec<ListRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, ListRow>(&format!(
        "SELECT {LIST_COLUMNS} FROM rating_lists l WHERE status = 'ready' AND month = \
         (SELECT MAX(month) FROM rating_lists m WHERE m.name = l.name AND m.status = 'ready') \
         ORDER BY name"
    ))
    .fetch_all(executor)
    .await?)
}

/// The player with FIDE id `fide_id` in list `list_id`.
pub async fn by_fide_id<'e, E>(
    executor: E,
    list_id: &str,
    fide_id: i64,
) -> Result<Option<EntryRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, EntryRow>(&format!(
        "SELECT {ENTRY_COLUMNS} FROM rating_list_entries WHERE fide_id = $1 AND list_id = $2 LIMIT 1"
    ))
    .bind(fide_id)
    .bind(list_id)
    .fetch_optional(executor)
    .await?)
}

/// The player with national id `national_id` in list `list_id`.
pub async fn by_national_id<'e, E>(
    executor: E,
    list_id: &str,
    national_id: &str,
) -> Result<Option<EntryRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, EntryRow>(&format!(
        "SELECT {ENTRY_COLUMNS} FROM rating_list_entries WHERE national_id = $1 AND list_id = $2 \
         LIMIT 1"
    ))
    .bind(national_id)
    .bind(list_id)
    .fetch_optional(executor)
    .await?)
}

/// The players of list `list_id` whose key begins with one of `key3s` or
/// ends with one of `rev3s` (at most `limit`).
pub async fn candidates(
    conn: &mut AnyConnection,
    list_id: &str,
    key3s: &[String],
    rev3s: &[String],
    limit: i64,
) -> Result<Vec<EntryRow>, Error> {
    let mut out: Vec<EntryRow> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (column, values) in [("key3", key3s), ("rev3", rev3s)] {
        for value in values {
            let rows = sqlx::query_as::<_, EntryRow>(&format!(
                "SELECT {ENTRY_COLUMNS} FROM rating_list_entries \
                 WHERE list_id = $1 AND {column} = $2 LIMIT $3"
            ))
            .bind(list_id)
            .bind(value)
            .bind(limit)
            .fetch_all(&mut *conn)
            .await?;
            for row in rows {
                if seen.insert(row.seq) {
                    out.push(row);
                }
            }
        }
    }
    Ok(out)
}

/// A person's lines in every ready list, oldest month first: by FIDE id,
/// or by a national id in the lists of its federation.
pub async fn history(
    conn: &mut AnyConnection,
    fide_id: Option<i64>,
    national: Option<(&str, &str)>,
) -> Result<Vec<(ListRow, EntryRow)>, Error> {
    let mut out = Vec::new();
    let lists = sqlx::query_as::<_, ListRow>(&format!(
        "SELECT {LIST_COLUMNS} FROM rating_lists WHERE status = 'ready' ORDER BY month, name"
    ))
    .fetch_all(&mut *conn)
    .await?;
    for list in lists {
        let entry = match (&list.federation, fide_id, national) {
            (None, Some(id), _) => by_fide_id(&mut *conn, &list.id, id).await?,
            (Some(fed), _, Some((pfed, nid))) if fed == pfed => {
                by_national_id(&mut *conn, &list.id, nid).await?
            }
            (Some(_), Some(id), _) => by_fide_id(&mut *conn, &list.id, id).await?,
            _ => None,
        };
        if let Some(e) = entry {
            out.push((list, e));
        }
    }
    Ok(out)
}
