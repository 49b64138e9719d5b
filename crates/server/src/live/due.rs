//! The server records due results itself (Art. 12.2 / 10.14 flag fall,
//! 10.15 / 10.17 lateness, the club's game-length limit): in live mode a
//! result can fall due without any event, and waiting for the arbiter's next
//! event would leave the board empty and the next round unpairable.
//!
//! Once a second, every live game that is neither finished nor annulled is
//! asked [`crate::engine::GameState::due_observation`]; what has fallen due
//! is recorded as a `flag` observation by the actor `system`, timed at the
//! instant it fell due and citing its article like any ruling. Recording
//! goes through the same compare-and-swap on the game's head as every event,
//! so each due result is recorded exactly once even when several server
//! processes sweep one PostgreSQL database (the losers see the head moved
//! and find nothing due), and a restart records at once what fell due while
//! no process ran.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Utc};

use futures_util::future::BoxFuture;

use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::games::OpenLiveHead;

/// The operation the sweeper runs on one open live game whose head is
/// `seq`: record what has fallen due by `now`, through the same
/// compare-and-swap as every event (`app::games::record_due`). The sweeper
/// is handed it; it imports no operation.
pub(crate) type RecordDue =
    for<'a> fn(&'a AppState, &'a str, i64, DateTime<Utc>) -> BoxFuture<'a, Result<Swept, ApiError>>;

/// What one call of [`RecordDue`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Swept {
    /// It recorded the result that fell due.
    Recorded,
    /// Nothing to record now; the instant the game's next result can fall
    /// due, if known (`None`: nothing can fall due until the next event,
    /// or the head moved under this call).
    Pending(Option<u64>),
    /// A writer of this process is extending the game's log right now:
    /// look again next pass (not remembered).
    Busy,
}

/// How often the server looks for due results.
pub(crate) const INTERVAL: Duration = Duration::from_secs(1);

/// How long the sweeper trusts what it learnt of an unchanged game.
pub(crate) const RECHECK: Duration = Duration::from_secs(30);

/// Starts the once-a-second recorder; it stops when the server shuts down.
pub(crate) fn spawn(state: AppState, record: RecordDue) {
    let mut shutdown = state.shutdown_signal();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut sweeper = Sweeper::new(record);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
            sweeper.pass(&state, Utc::now()).await;
        }
    });
}

/// The recorder's memory between passes: per open live game, the head it
/// saw and when (if ever) a result can fall due at that head.
pub(crate) struct Sweeper {
    known: HashMap<String, Known>,
    record: RecordDue,
}

impl std::fmt::Debug for Sweeper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sweeper")
            .field("known", &self.known.len())
            .finish()
    }
}

#[derive(Debug, Clone, Copy)]
struct Known {
    seq: i64,
    scheduled_start_ms: Option<i64>,
    next_due_ms: Option<u64>,
    checked_ms: i64,
}

impl Known {
    /// Nothing can have fallen due in `head` by `now_ms`.
    fn settles(&self, head: &OpenLiveHead, now_ms: i64) -> bool {
        self.seq == head.seq
            && self.scheduled_start_ms == head.scheduled_start_ms
            && now_ms.saturating_sub(self.checked_ms) < recheck_ms()
            && self
                .next_due_ms
                .is_none_or(|due| i64::try_from(due).is_ok_and(|due| due > now_ms))
    }
}

fn recheck_ms() -> i64 {
    i64::try_from(RECHECK.as_millis()).unwrap_or(i64::MAX)
}

impl Sweeper {
    /// A sweeper that remembers nothing yet and runs `record`.
    pub(crate) fn new(record: RecordDue) -> Sweeper {
        Sweeper {
            known: HashMap::new(),
            record,
        }
    }

    /// How many games it remembers (those open at the last pass).
    pub(crate) fn remembered(&self) -> usize {
        self.known.len()
    }

    /// One pass: records every result that has fallen due by `now`; returns
    /// how many this pass recorded.
    pub(crate) async fn pass(&mut self, state: &AppState, now: DateTime<Utc>) -> usize {
        let heads = match store::games::open_live_heads(state.db().pool()).await {
            Ok(heads) => heads,
            Err(error) => {
                tracing::warn!(%error, "due results: cannot list the open live games");
                return 0;
            }
        };
        let now_ms = now.timestamp_millis();
        let mut known = HashMap::with_capacity(heads.len());
        let mut recorded = 0;
        for head in heads {
            if let Some(k) = self.known.remove(&head.id)
                && k.settles(&head, now_ms)
            {
                known.insert(head.id, k);
                continue;
            }
            match (self.record)(state, &head.id, head.seq, now).await {
                Ok(Swept::Recorded) => {
                    recorded += 1;
                    tracing::info!(game = %head.id, "recorded a result that fell due");
                }
                Ok(Swept::Pending(next_due_ms)) => {
                    let k = Known {
                        seq: head.seq,
                        scheduled_start_ms: head.scheduled_start_ms,
                        next_due_ms,
                        checked_ms: now_ms,
                    };
                    known.insert(head.id, k);
                }
                Ok(Swept::Busy) => {}
                Err(error) => {
                    tracing::warn!(game = %head.id, ?error, "due results: cannot record");
                }
            }
        }
        self.known = known;
        recorded
    }
}
