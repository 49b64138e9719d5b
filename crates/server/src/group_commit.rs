//! Group commit for the fast path of recording events.
//!
//! A move judged from the cache (see `games::record_from_cache`) still has to
//! be written: the compare-and-swap on `games.seq` and the insert into
//! `game_events`. Written one by one, each move costs a transaction, a round
//! trip and a commit (an fsync) of its own. Here one task per process takes
//! every write that is waiting, writes them all with one statement
//! (PostgreSQL) or one `BEGIN IMMEDIATE` transaction (SQLite), commits once,
//! and only then answers each writer whether its compare-and-swap succeeded.
//! While a batch is being committed the next one gathers, so the batch size
//! follows the load: one write alone is written at once.
//!
//! Guarantees are those of the single write: a writer is told `written` only
//! after the commit that holds its event; each write is its own
//! compare-and-swap (`WHERE id = .. AND seq = expected`), so a write whose
//! head moved — in this process or another — is `not written` and nothing of
//! it is stored, without affecting the others in the batch. A batch holds at
//! most one write per game (a second one for the same game is answered `not
//! written` at once, and the caller takes the transactional path, which
//! answers 409 or records it as it would have). A database error fails the
//! whole batch (nothing of it is committed: one statement or one
//! transaction); every writer in it is told so and takes the transactional
//! path on its own, so one bad write cannot fail the others.

use std::collections::HashSet;

use serde_json::{Value, json};
use sqlx::pool::PoolConnection;
use sqlx::{Any, Connection, Row};
use tokio::sync::{mpsc, oneshot};

use crate::db::{Backend, Db};

/// Most writes in one batch.
const MAX_BATCH: usize = 256;

/// One event to append: the compare-and-swap from `expected_seq` to
/// `expected_seq + 1`, then the row of `game_events`.
#[derive(Debug)]
pub(crate) struct Write {
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

/// A write and where to answer: `true` once committed; `false` when nothing
/// of it was stored (its head had moved, or the batch failed: logged here).
type Job = (Write, oneshot::Sender<bool>);

/// The handle every request uses; the writer task lives as long as one does.
#[derive(Debug, Clone)]
pub(crate) struct GroupCommit {
    jobs: mpsc::Sender<Job>,
}

impl GroupCommit {
    /// Spawns the writer task on the current Tokio runtime.
    pub(crate) fn spawn(db: Db) -> GroupCommit {
        let (jobs, rx) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(run(db, rx));
        GroupCommit { jobs }
    }

    /// Writes `write` in the next batch and waits for that batch's commit:
    /// `true` when it was committed, `false` when nothing of it was stored.
    pub(crate) async fn write(&self, write: Write) -> bool {
        let (tx, rx) = oneshot::channel();
        if self.jobs.send((write, tx)).await.is_err() {
            return false;
        }
        rx.await.unwrap_or(false)
    }
}

async fn run(db: Db, mut rx: mpsc::Receiver<Job>) {
    let mut jobs: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    // A connection is kept from one batch to the next while writes keep
    // coming (sqlx pings a connection it gets back, a round trip), and given
    // back to the pool as soon as none is waiting, so closing the pool at
    // shutdown never waits for the writer. Dropped after an error.
    let mut conn: Option<PoolConnection<Any>> = None;
    while rx.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        let mut games = HashSet::with_capacity(jobs.len());
        let mut batch = Vec::with_capacity(jobs.len());
        for (write, reply) in jobs.drain(..) {
            if games.insert(write.game_id.clone()) {
                batch.push((write, reply));
            } else {
                let _ = reply.send(false);
            }
        }
        let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
        let outcome = write_batch(&db, &mut conn, &writes).await;
        if let Err(e) = &outcome {
            crate::log(&format!(
                "a batch of {} write(s) failed and is retried one by one: {e}",
                writes.len()
            ));
        }
        if outcome.is_err() || rx.is_empty() {
            conn = None;
        }
        for (write, reply) in batch {
            let written = outcome
                .as_ref()
                .is_ok_and(|written| written.contains(&write.game_id));
            let _ = reply.send(written);
        }
    }
}

/// Writes a batch; the ids of the games whose compare-and-swap succeeded.
async fn write_batch(
    db: &Db,
    conn: &mut Option<PoolConnection<Any>>,
    writes: &[&Write],
) -> Result<HashSet<String>, sqlx::Error> {
    let conn = match conn {
        Some(conn) => conn,
        None => conn.insert(db.pool().acquire().await?),
    };
    let mut written = HashSet::with_capacity(writes.len());
    let rows: Vec<Value> = writes
        .iter()
        .map(|w| {
            json!({
                "id": w.game_id, "expected": w.expected_seq, "actor": w.actor,
                "received_at": w.received_at, "at": w.at, "body": w.body,
                "rulings": w.rulings,
            })
        })
        .collect();
    let input = Value::Array(rows).to_string();
    match db.backend() {
        Backend::Postgres => {
            // One statement: autocommit makes it one transaction, one
            // round trip and one commit for the whole batch.
            let rows = sqlx::query(
                "WITH input AS (SELECT * FROM json_to_recordset($1::json) AS i \
                   (id text, expected bigint, actor text, received_at text, at text, \
                    body text, rulings text)), \
                 cas AS (UPDATE games g SET seq = g.seq + 1 FROM input i \
                   WHERE g.id = i.id AND g.seq = i.expected RETURNING g.id, g.seq) \
                 INSERT INTO game_events (game_id, seq, actor, received_at, at, body, rulings) \
                 SELECT c.id, c.seq, i.actor, i.received_at, i.at, i.body, i.rulings \
                 FROM cas c JOIN input i ON i.id = c.id \
                 RETURNING game_id",
            )
            .bind(input)
            .fetch_all(&mut **conn)
            .await?;
            for row in rows {
                written.insert(row.try_get::<String, _>("game_id")?);
            }
        }
        Backend::Sqlite => {
            // One writer per file: queue behind this process's other writers,
            // then one transaction and one fsync for the batch: the
            // compare-and-swaps in one statement, the inserts of those that
            // succeeded in another.
            let _guard = db.write_lock().await;
            let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
            let rows = sqlx::query(
                "UPDATE games SET seq = games.seq + 1 \
                 FROM (SELECT j.value ->> 'id' AS id, j.value ->> 'expected' AS expected \
                       FROM json_each($1) AS j) AS i \
                 WHERE games.id = i.id AND games.seq = i.expected \
                 RETURNING games.id AS id",
            )
            .bind(&input)
            .fetch_all(&mut *tx)
            .await?;
            for row in rows {
                written.insert(row.try_get::<String, _>("id")?);
            }
            if !written.is_empty() {
                let ids =
                    serde_json::to_string(&written).map_err(|e| sqlx::Error::Encode(e.into()))?;
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
        }
    }
    Ok(written)
}
