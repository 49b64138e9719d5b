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

use sqlx::Any;
use sqlx::pool::PoolConnection;
use tokio::sync::{mpsc, oneshot};
use tracing::Instrument;

use crate::db::{Backend, Db};
use crate::store;

/// Most writes in one batch.
const MAX_BATCH: usize = 256;

/// One event to append (`store::batch::Append`): the compare-and-swap from
/// `expected_seq` to `expected_seq + 1`, then the row of `game_events`.
pub(crate) use store::batch::Append as Write;

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
        let span = tracing::debug_span!(target: "server::move", "batch", writes = writes.len());
        let outcome = write_batch(&db, &mut conn, &writes).instrument(span).await;
        if let Err(e) = &outcome {
            tracing::warn!(
                "a batch of {} write(s) failed and is retried one by one: {e}",
                writes.len()
            );
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
) -> Result<HashSet<String>, store::Error> {
    let conn = match conn {
        Some(conn) => conn,
        None => conn.insert(db.pool().acquire().await?),
    };
    match db.backend() {
        Backend::Postgres => store::batch::append_postgres(conn, writes).await,
        Backend::Sqlite => {
            // One writer per file: queue behind this process's other writers.
            let _guard = db.write_lock().await;
            store::batch::append_sqlite(conn, writes).await
        }
    }
}
