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

use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::{AppState, games, store};

/// How often the server looks for due results.
pub const INTERVAL: Duration = Duration::from_secs(1);

/// Starts the once-a-second recorder; it stops when the server shuts down.
pub(crate) fn spawn(state: AppState) {
    let mut shutdown = state.shutdown_signal();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
            record_due_results(&state, Utc::now()).await;
        }
    });
}

/// One pass: records every result that has fallen due by `now` in a live
/// game; returns how many this pass recorded (others may have been recorded
/// by another process at the same time). Failures are logged, never fatal.
pub async fn record_due_results(state: &AppState, now: DateTime<Utc>) -> usize {
    let ids = match store::games::open_live_heads(state.db().pool()).await {
        Ok(ids) => ids,
        Err(error) => {
            tracing::warn!(%error, "due results: cannot list the open live games");
            return 0;
        }
    };
    let mut recorded = 0;
    for (id, seq) in ids {
        match games::record_due(state, &id, seq, now).await {
            Ok(true) => {
                recorded += 1;
                tracing::info!(game = %id, "recorded a result that fell due");
            }
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(game = %id, ?error, "due results: cannot record");
            }
        }
    }
    recorded
}
