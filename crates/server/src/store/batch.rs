//! The fast path's batched appends (see `group_commit`): many
//! compare-and-swaps on `games.seq`, each with its `game_events` row, in one
//! statement (PostgreSQL) or one `BEGIN IMMEDIATE` transaction (SQLite).

use std::collections::HashSet;

use serde::Serialize;
use sqlx::{AnyConnection, Connection};

use super::Error;

/// One event to append: the compare-and-swap from `expected_seq` to
/// `expected_seq + 1`, then the row of `game_events`.
#[derive(Debug)]
pub struct Append {
    pub game_id: String,
    pub expected_seq: i64,
    pub actor: String,
    pub received_at: String,
    pub at: String,
    /// The event as JSON text.
    pub body: String,
    /// Its rulings as JSON text.
    pub rulings: String,
}

/// One row of the batch's JSON parameter (the keys both statements read).
#[derive(Serialize)]
struct Row<'a> {
    id: &'a str,
    expected: i64,
    actor: &'a str,
    received_at: &'a str,
    at: &'a str,
    body: &'a str,
    rulings: &'a str,
}

/// The batch as one JSON array parameter.
fn input(appends: &[&Append]) -> Result<String, Error> {
    let rows: Vec<Row<'_>> = appends
        .iter()
        .map(|w| Row {
            id: &w.game_id,
            expected: w.expected_seq,
            actor: &w.actor,
            received_at: &w.received_at,
            at: &w.at,
            body: &w.body,
            rulings: &w.rulings,
        })
        .collect();
    Ok(serde_json::to_string(&rows)?)
}

/// PostgreSQL: one statement (autocommit makes it one transaction, one round
/// trip and one commit for the whole batch). The ids of the games whose
/// compare-and-swap succeeded.
///
/// The games are found through their primary key (`id = ANY (..)`), not by
/// joining the input: the planner cannot know how many rows the JSON holds
/// (it guesses 100), and while `games` is small it hashed the input and
/// scanned every row of `games`, dead versions included, once a batch
/// (12.9 million rows read in a 20 s run of 100 games). The lookup keeps a
/// batch's reads to its own games whatever the table's size and statistics.
/// (Joining the input to the games found, instead of the subquery per game,
/// was tried and measured slower: 20,072 against 24,261 moves/s, see
/// docs/benchmarks.md.)
pub async fn append_postgres(
    conn: &mut AnyConnection,
    appends: &[&Append],
) -> Result<HashSet<String>, Error> {
    let ids: Vec<String> = sqlx::query_scalar(
        "WITH input AS (SELECT * FROM json_to_recordset($1::json) AS i \
           (id text, expected bigint, actor text, received_at text, at text, \
            body text, rulings text)), \
         cas AS (UPDATE games g SET seq = g.seq + 1 \
           WHERE g.id = ANY (ARRAY(SELECT id FROM input)) \
             AND g.seq = (SELECT expected FROM input i WHERE i.id = g.id) \
           RETURNING g.id, g.seq) \
         INSERT INTO game_events (game_id, seq, actor, received_at, at, body, rulings) \
         SELECT c.id, c.seq, i.actor, i.received_at, i.at, i.body, i.rulings \
         FROM cas c JOIN input i ON i.id = c.id \
         RETURNING game_id",
    )
    .bind(input(appends)?)
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().collect())
}

/// SQLite: one `BEGIN IMMEDIATE` transaction and one fsync for the batch
/// (the caller holds this process's write lock): the compare-and-swaps in
/// one statement, the inserts of those that succeeded in another. The ids
/// of the games whose compare-and-swap succeeded.
pub async fn append_sqlite(
    conn: &mut AnyConnection,
    appends: &[&Append],
) -> Result<HashSet<String>, Error> {
    let input = input(appends)?;
    let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
    let written: HashSet<String> = sqlx::query_scalar::<_, String>(
        "UPDATE games SET seq = games.seq + 1 \
         FROM (SELECT j.value ->> 'id' AS id, j.value ->> 'expected' AS expected \
               FROM json_each($1) AS j) AS i \
         WHERE games.id = i.id AND games.seq = i.expected \
         RETURNING games.id AS id",
    )
    .bind(&input)
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .collect();
    if !written.is_empty() {
        let ids = serde_json::to_string(&written)?;
        sqlx::query(
            "INSERT INTO game_events (game_id, seq, actor, received_at, at, body, rulings) \
             SELECT j.value ->> 'id', (j.value ->> 'expected') + 1, j.value ->> 'actor', \
                    j.value ->> 'received_at', j.value ->> 'at', j.value ->> 'body', \
                    j.value ->> 'rulings' \
             FROM json_each($1) AS j \
             WHERE j.value ->> 'id' IN (SELECT value FROM json_each($2))",
        )
        .bind(&input)
        .bind(ids)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(written)
}
