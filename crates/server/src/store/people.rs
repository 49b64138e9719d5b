//! The `people` and `person_events` tables (migration 0021): the registry
//! of players across tournaments and what each closed event did to them.

use serde::Serialize;
use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;

/// A person as stored; serialized, the form the audit log keeps.
#[derive(Debug, Clone, FromRow, Serialize)]
pub struct PersonRow {
    pub id: String,
    pub name: String,
    pub latin_name: Option<String>,
    pub chinese_name: Option<String>,
    pub pinyin: Option<String>,
    /// Search keys of every form of the name, space-separated.
    #[serde(skip)]
    pub name_keys: String,
    pub fide_id: Option<i64>,
    pub national_id: Option<String>,
    pub national_federation: Option<String>,
    pub federation: Option<String>,
    pub sex: Option<String>,
    pub birth_year: Option<i64>,
    pub title: Option<String>,
    pub club: Option<String>,
    pub grade_points: Option<i64>,
    /// Fields set by hand, comma-separated (a later list leaves them be).
    pub local_edits: String,
    pub created_at: String,
    pub updated_at: String,
}

const COLUMNS: &str = "id, name, latin_name, chinese_name, pinyin, name_keys, fide_id, \
     national_id, national_federation, federation, sex, birth_year, title, club, grade_points, \
     local_edits, created_at, updated_at";

/// Inserts a person; a FIDE id or national id already registered is a
/// unique violation.
pub async fn insert(conn: &mut AnyConnection, p: &PersonRow) -> Result<(), Error> {
    sqlx::query(&format!(
        "INSERT INTO people ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
         $12, $13, $14, $15, $16, $17, $18)"
    ))
    .bind(&p.id)
    .bind(&p.name)
    .bind(&p.latin_name)
    .bind(&p.chinese_name)
    .bind(&p.pinyin)
    .bind(&p.name_keys)
    .bind(p.fide_id)
    .bind(&p.national_id)
    .bind(&p.national_federation)
    .bind(&p.federation)
    .bind(&p.sex)
    .bind(p.birth_year)
    .bind(&p.title)
    .bind(&p.club)
    .bind(p.grade_points)
    .bind(&p.local_edits)
    .bind(&p.created_at)
    .bind(&p.updated_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes every field of a person but its id and creation.
pub async fn update(conn: &mut AnyConnection, p: &PersonRow) -> Result<(), Error> {
    sqlx::query(
        "UPDATE people SET name = $1, latin_name = $2, chinese_name = $3, pinyin = $4, \
         name_keys = $5, fide_id = $6, national_id = $7, national_federation = $8, \
         federation = $9, sex = $10, birth_year = $11, title = $12, club = $13, \
         grade_points = $14, local_edits = $15, updated_at = $16 WHERE id = $17",
    )
    .bind(&p.name)
    .bind(&p.latin_name)
    .bind(&p.chinese_name)
    .bind(&p.pinyin)
    .bind(&p.name_keys)
    .bind(p.fide_id)
    .bind(&p.national_id)
    .bind(&p.national_federation)
    .bind(&p.federation)
    .bind(&p.sex)
    .bind(p.birth_year)
    .bind(&p.title)
    .bind(&p.club)
    .bind(p.grade_points)
    .bind(&p.local_edits)
    .bind(&p.updated_at)
    .bind(&p.id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets a person's grade points (the ladder).
pub async fn set_grade_points(
    conn: &mut AnyConnection,
    id: &str,
    points: Option<i64>,
) -> Result<(), Error> {
    sqlx::query("UPDATE people SET grade_points = $1 WHERE id = $2")
        .bind(points)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn load<'e, E>(executor: E, id: &str) -> Result<Option<PersonRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_as::<_, PersonRow>(&format!("SELECT {COLUMNS} FROM people WHERE id = $1"))
            .bind(id)
            .fetch_optional(executor)
            .await?,
    )
}

pub async fn by_fide_id<'e, E>(executor: E, fide_id: i64) -> Result<Option<PersonRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_as::<_, PersonRow>(&format!("SELECT {COLUMNS} FROM people WHERE fide_id = $1"))
            .bind(fide_id)
            .fetch_optional(executor)
            .await?,
    )
}

pub async fn by_national_id<'e, E>(
    executor: E,
    federation: &str,
    national_id: &str,
) -> Result<Option<PersonRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, PersonRow>(&format!(
        "SELECT {COLUMNS} FROM people WHERE national_federation = $1 AND national_id = $2"
    ))
    .bind(federation)
    .bind(national_id)
    .fetch_optional(executor)
    .await?)
}

/// Every person, by name.
pub async fn list<'e, E>(executor: E) -> Result<Vec<PersonRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_as::<_, PersonRow>(&format!("SELECT {COLUMNS} FROM people ORDER BY name, id"))
            .fetch_all(executor)
            .await?,
    )
}

/// The people whose FIDE id is in a list `list_id` (for a re-import).
pub async fn with_fide_ids_in<'e, E>(executor: E, list_id: &str) -> Result<Vec<PersonRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, PersonRow>(&format!(
        "SELECT {COLUMNS} FROM people p WHERE fide_id IS NOT NULL AND EXISTS \
         (SELECT 1 FROM rating_list_entries e WHERE e.fide_id = p.fide_id AND e.list_id = $1)"
    ))
    .bind(list_id)
    .fetch_all(executor)
    .await?)
}

/// The people with a national id of `federation` (for a national list).
pub async fn with_national_ids<'e, E>(
    executor: E,
    federation: &str,
) -> Result<Vec<PersonRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, PersonRow>(&format!(
        "SELECT {COLUMNS} FROM people WHERE national_federation = $1 AND national_id IS NOT NULL"
    ))
    .bind(federation)
    .fetch_all(executor)
    .await?)
}

/// Deletes a person (their tournaments' players stay, unlinked).
pub async fn delete(conn: &mut AnyConnection, id: &str) -> Result<bool, Error> {
    let done = sqlx::query("DELETE FROM people WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// What one closed event did to one person.
#[derive(Debug, Clone, FromRow, Serialize)]
pub struct PersonEventRow {
    pub person_id: String,
    pub tournament_id: String,
    pub closed_at: String,
    pub start_number: i64,
    /// The score, as text (`6.5`).
    pub score: String,
    pub games: i64,
    pub rating: Option<i64>,
    /// The FIDE rating change, as text (`+12.4`).
    pub rating_change: Option<String>,
    pub grade_before: Option<i64>,
    pub grade_after: Option<i64>,
}

pub async fn insert_event(conn: &mut AnyConnection, e: &PersonEventRow) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO person_events (person_id, tournament_id, closed_at, start_number, score, \
         games, rating, rating_change, grade_before, grade_after) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&e.person_id)
    .bind(&e.tournament_id)
    .bind(&e.closed_at)
    .bind(e.start_number)
    .bind(&e.score)
    .bind(e.games)
    .bind(e.rating)
    .bind(&e.rating_change)
    .bind(e.grade_before)
    .bind(e.grade_after)
    .execute(conn)
    .await?;
    Ok(())
}

/// Removes what a tournament's close stored.
pub async fn delete_events_of(conn: &mut AnyConnection, tournament_id: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM person_events WHERE tournament_id = $1")
        .bind(tournament_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A person's closed events, in the order they were closed, with each
/// event's name.
pub async fn events_of<'e, E>(
    executor: E,
    person_id: &str,
) -> Result<Vec<(PersonEventRow, String)>, Error>
where
    E: Executor<'e, Database = Any>,
{
    #[derive(FromRow)]
    struct Joined {
        #[sqlx(flatten)]
        event: PersonEventRow,
        tournament_name: String,
    }
    let rows = sqlx::query_as::<_, Joined>(
        "SELECT e.person_id, e.tournament_id, e.closed_at, e.start_number, e.score, e.games, \
         e.rating, e.rating_change, e.grade_before, e.grade_after, t.name AS tournament_name \
         FROM person_events e JOIN tournaments t ON t.id = e.tournament_id \
         WHERE e.person_id = $1 ORDER BY e.closed_at, e.tournament_id",
    )
    .bind(person_id)
    .fetch_all(executor)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.event, r.tournament_name))
        .collect())
}

/// The closed tournaments in their ladder order (when each first closed),
/// from `from` on (inclusive), with their places.
pub async fn closed_since<'e, E>(executor: E, from: &str) -> Result<Vec<(String, String)>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, (String, String)>(
        "SELECT id, ladder_at FROM tournaments WHERE closed_at IS NOT NULL AND ladder_at >= $1 \
         ORDER BY ladder_at, id",
    )
    .bind(from)
    .fetch_all(executor)
    .await?)
}

/// Every person's events closed before `before`, latest last.
pub async fn events_before<'e, E>(executor: E, before: &str) -> Result<Vec<PersonEventRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, PersonEventRow>(
        "SELECT person_id, tournament_id, closed_at, start_number, score, games, rating, \
         rating_change, grade_before, grade_after FROM person_events WHERE closed_at < $1 \
         ORDER BY closed_at, tournament_id",
    )
    .bind(before)
    .fetch_all(executor)
    .await?)
}

/// The tournaments a person played in (linked players), newest first:
/// (tournament id, name, created at, start number).
pub async fn tournaments_of<'e, E>(
    executor: E,
    person_id: &str,
) -> Result<Vec<(String, String, String, i64)>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, (String, String, String, i64)>(
        "SELECT t.id, t.name, t.created_at, p.start_number FROM players p \
         JOIN tournaments t ON t.id = p.tournament_id WHERE p.person_id = $1 \
         ORDER BY t.created_at DESC",
    )
    .bind(person_id)
    .fetch_all(executor)
    .await?)
}

/// What a tournament's close stored, one row a person.
pub async fn events_of_tournament<'e, E>(
    executor: E,
    tournament_id: &str,
) -> Result<Vec<PersonEventRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, PersonEventRow>(
        "SELECT person_id, tournament_id, closed_at, start_number, score, games, rating, \
         rating_change, grade_before, grade_after FROM person_events WHERE tournament_id = $1",
    )
    .bind(tournament_id)
    .fetch_all(executor)
    .await?)
}
