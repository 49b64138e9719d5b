//! Live streams of game events (Server-Sent Events).
//!
//! Writers announce "game G reached seq N" on a process-wide broadcast
//! channel after commit; on PostgreSQL the same hint goes, batched, through
//! `pg_notify` after the commit (see [`spawn_notifier`]), and a `LISTEN`
//! task in every process relays it to that process's channel. A
//! stream never trusts the hint's content: it reads the events after the last
//! one it sent from the database, so a lagging subscriber, a duplicate hint
//! or a hint from another process all end in the same, ordered output. Each
//! SSE message carries `id: <seq>`, so a reconnecting client resumes with
//! `Last-Event-ID`.
//!
//! The same channel carries token revocations (`revoked:<token id>`), which
//! the `LISTEN` task applies to this process's token cache.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use sqlx::postgres::PgListener;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use crate::auth::REVOKED_PREFIX;
use crate::game_rows::{View, event_json, last_resume};
use crate::store::{self, games::load_events};
use crate::{AppState, Hint, log};

/// The `LISTEN/NOTIFY` channel.
pub(crate) const CHANNEL: &str = "arbiter_events";

/// Relays notifications from other processes (PostgreSQL only).
pub(crate) fn spawn_listener(state: AppState) {
    tokio::spawn(async move {
        let mut shutdown = state.shutdown_signal();
        loop {
            let mut listener = match PgListener::connect(state.db().url()).await {
                Ok(listener) => listener,
                Err(e) => {
                    log(&format!("LISTEN connection failed, retrying: {e}"));
                    tokio::select! {
                        () = tokio::time::sleep(Duration::from_secs(1)) => continue,
                        _ = shutdown.changed() => return,
                    }
                }
            };
            if let Err(e) = listener.listen(CHANNEL).await {
                log(&format!("LISTEN failed, retrying: {e}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            // Revocations may have been missed while not listening.
            state.tokens().clear();
            loop {
                tokio::select! {
                    message = listener.recv() => match message {
                        Ok(notification) => {
                            if let Some(token) = notification.payload().strip_prefix(REVOKED_PREFIX) {
                                state.tokens().revoke(token);
                            } else {
                                for line in notification.payload().lines() {
                                    if let Some((game, seq)) = line.split_once(' ')
                                        && let Ok(seq) = seq.parse() {
                                            let _ = state.hints().send(Hint { game_id: Arc::from(game), seq });
                                        }
                                }
                            }
                        }
                        Err(e) => {
                            log(&format!("LISTEN connection lost, reconnecting: {e}"));
                            break;
                        }
                    },
                    _ = shutdown.changed() => return,
                }
            }
        }
    });
}

/// How long the notifier gathers hints before a `NOTIFY` (the most a
/// stream in another process waits beyond the commit, besides delivery).
const HINT_GATHER: Duration = Duration::from_millis(5);

/// Largest `NOTIFY` payload sent (PostgreSQL's limit is 8000 bytes).
const PAYLOAD_LIMIT: usize = 7900;

/// Relays this process's hints to the other processes (PostgreSQL only):
/// after their commits, in batches of `<game id> <seq>` lines, one `NOTIFY`
/// at a time. A `NOTIFY` inside the writing transaction would hold
/// PostgreSQL's global notification lock across that transaction's WAL
/// flush and so serialise every commit; a hint carries nothing durable (a
/// stream re-reads the log), so its own transaction skips the flush wait.
pub(crate) fn spawn_notifier(state: AppState, mut hints: mpsc::UnboundedReceiver<Hint>) {
    tokio::spawn(async move {
        let mut shutdown = state.shutdown_signal();
        loop {
            let first = tokio::select! {
                hint = hints.recv() => match hint {
                    Some(hint) => hint,
                    None => return,
                },
                _ = shutdown.changed() => return,
            };
            // Gather for a moment: a busy server then sends a few NOTIFYs a
            // second, not one per commit. Only a game's latest seq matters (a
            // stream reads everything after what it has sent).
            tokio::time::sleep(HINT_GATHER).await;
            let mut latest: std::collections::HashMap<Arc<str>, i64> =
                std::collections::HashMap::from([(first.game_id, first.seq)]);
            while let Ok(hint) = hints.try_recv() {
                let seq = latest.entry(hint.game_id).or_insert(hint.seq);
                *seq = (*seq).max(hint.seq);
            }
            let mut payloads: Vec<String> = Vec::new();
            for (game_id, seq) in latest {
                let line = format!("{game_id} {seq}");
                match payloads.last_mut() {
                    Some(last) if last.len() + 1 + line.len() <= PAYLOAD_LIMIT => {
                        last.push('\n');
                        last.push_str(&line);
                    }
                    _ => payloads.push(line),
                }
            }
            for payload in payloads {
                let sent = store::notify_unsynced(state.db().pool(), CHANNEL, &payload).await;
                if let Err(e) = sent {
                    log(&format!(
                        "NOTIFY failed (other processes' streams miss a hint): {e}"
                    ));
                }
            }
        }
    });
}

struct Cursor {
    state: AppState,
    game_id: String,
    view: View,
    sent: i64,
    pending: std::collections::VecDeque<Event>,
    hints: tokio::sync::broadcast::Receiver<Hint>,
    shutdown: tokio::sync::watch::Receiver<bool>,
    first: bool,
}

impl Cursor {
    /// Reads events after `sent` into `pending`. On a read error the stream
    /// ends (the client reconnects with Last-Event-ID).
    async fn refill(&mut self) -> bool {
        let Ok(events) = load_events(self.state.db().pool(), &self.game_id, 0).await else {
            return false;
        };
        let resumed = last_resume(&events);
        let sent = self.sent;
        for event in events.iter().filter(|e| e.seq > sent) {
            let data = event_json(event, self.view, resumed).to_string();
            let kind = event
                .body
                .get("type")
                .and_then(serde_json::Value::as_str)
                .unwrap_or("event")
                .to_owned();
            self.pending.push_back(
                Event::default()
                    .id(event.seq.to_string())
                    .event(kind)
                    .data(data),
            );
            self.sent = event.seq;
        }
        true
    }
}

fn events(cursor: Cursor) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold(cursor, |mut cursor| async move {
        loop {
            if let Some(event) = cursor.pending.pop_front() {
                return Some((Ok(event), cursor));
            }
            if *cursor.shutdown.borrow() {
                return None;
            }
            if cursor.first {
                cursor.first = false;
                if !cursor.refill().await {
                    return None;
                }
                continue;
            }
            tokio::select! {
                hint = cursor.hints.recv() => match hint {
                    Ok(hint) if *hint.game_id != cursor.game_id || hint.seq <= cursor.sent => {}
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        if !cursor.refill().await {
                            return None;
                        }
                    }
                    Err(RecvError::Closed) => return None,
                },
                _ = cursor.shutdown.changed() => return None,
            }
        }
    })
}

/// An SSE response with the events after `after`, then live ones.
pub(crate) fn sse(state: AppState, game_id: String, view: View, after: i64) -> impl IntoResponse {
    // Subscribe before the first read so nothing written in between is missed.
    let hints = state.hints().subscribe();
    let shutdown = state.shutdown_signal();
    let cursor = Cursor {
        state,
        game_id,
        view,
        sent: after,
        pending: std::collections::VecDeque::new(),
        hints,
        shutdown,
        first: true,
    };
    Sse::new(events(cursor)).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}
