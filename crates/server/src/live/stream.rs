//! Live streams of game events (Server-Sent Events).
//!
//! Writers announce "game G reached seq N" on a process-wide broadcast
//! channel after commit; on PostgreSQL the same hint goes, batched, through
//! `pg_notify` after the commit (see [`spawn_notifier`]), and a `LISTEN`
//! task in every process relays it to that process's channel.
//!
//! Viewers do not listen to hints themselves: the process's [`Hub`] keeps one
//! feed per watched game (a `broadcast` channel and one task), which on a
//! hint reads the events after the last one it sent from the database —
//! once per process, whatever the number of viewers — and sends each,
//! rendered once per view, to every viewer. A hint is never trusted for
//! content, only as a wake-up. A viewer reads the log itself on connecting,
//! and again whenever the feed skips past the seq it expects (it fell behind
//! the feed's buffer, or the feed started after its read), so lag, duplicate
//! hints and other processes all end in the same, ordered output. Each SSE
//! message carries `id: <seq>`, so a reconnecting client resumes with
//! `Last-Event-ID`.
//!
//! The same channel carries token revocations (`revoked:<token id>`), which
//! the `LISTEN` task applies to this process's token cache.

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use sqlx::postgres::PgListener;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use crate::live::events::View;
use crate::live::hub::{FEED_IDLE_CHECK, Frame};
use crate::state::AppState;
use crate::state::Hint;
use crate::store::REVOKED_PREFIX;
use crate::store::{self, games::load_events};

use crate::store::CHANNEL;

/// Relays notifications from other processes (PostgreSQL only).
pub(crate) fn spawn_listener(state: AppState) {
    tokio::spawn(async move {
        let mut shutdown = state.shutdown_signal();
        loop {
            let mut listener = match PgListener::connect(state.db().url()).await {
                Ok(listener) => listener,
                Err(e) => {
                    tracing::warn!("LISTEN connection failed, retrying: {e}");
                    tokio::select! {
                        () = tokio::time::sleep(Duration::from_secs(1)) => continue,
                        _ = shutdown.changed() => return,
                    }
                }
            };
            if let Err(e) = listener.listen(CHANNEL).await {
                tracing::warn!("LISTEN failed, retrying: {e}");
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
                            tracing::warn!("LISTEN connection lost, reconnecting: {e}");
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
            let mut latest: HashMap<Arc<str>, i64> = HashMap::from([(first.game_id, first.seq)]);
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
                    tracing::warn!("NOTIFY failed (other processes' streams miss a hint): {e}");
                }
            }
        }
    });
}

/// A receiver of `game_id`'s new events; the first viewer of a game
/// starts its feed.
fn subscribe(state: &AppState, game_id: &Arc<str>) -> broadcast::Receiver<Arc<Frame>> {
    let (frames, new_feed) = state.hub().join(game_id);
    if let Some(feed) = new_feed {
        spawn_feed(state.clone(), Arc::clone(game_id), feed);
    }
    frames
}

/// The task behind one game's feed: on each hint that the game's log grew
/// (this process's commits and, through `LISTEN`, other processes'), reads
/// the events after the last one sent, once, and sends them in order. It
/// ends when the game has no viewer left.
fn spawn_feed(state: AppState, game_id: Arc<str>, feed: broadcast::Sender<Arc<Frame>>) {
    // Subscribed before the caller's viewer reads the log: no commit after
    // that read goes unannounced here.
    let mut hints = state.hints().subscribe();
    let mut shutdown = state.shutdown_signal();
    tokio::spawn(async move {
        // The last seq sent; unknown until the first hint (a viewer that
        // sees a gap reads the missing events itself).
        let mut sent: Option<i64> = None;
        let mut retry = false;
        let mut idle = tokio::time::interval(FEED_IDLE_CHECK);
        idle.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let read_after = tokio::select! {
                hint = hints.recv() => match hint {
                    Ok(hint) if *hint.game_id == *game_id => match sent {
                        Some(sent) if hint.seq <= sent => None,
                        Some(sent) => Some(sent),
                        None => Some(hint.seq - 1),
                    },
                    Ok(_) => None,
                    Err(RecvError::Lagged(_)) => sent,
                    Err(RecvError::Closed) => break,
                },
                _ = idle.tick() => if retry { sent } else { None },
                _ = shutdown.changed() => break,
            };
            if state.hub().release(&game_id, &feed) {
                return;
            }
            let Some(after) = read_after else { continue };
            match load_events(state.db().pool(), &game_id, after).await {
                Ok(events) => {
                    retry = false;
                    for frame in Frame::render(&events) {
                        sent = Some(frame.seq);
                        let _ = feed.send(Arc::new(frame));
                    }
                }
                Err(e) => {
                    // Viewers get the events with the next hint or tick.
                    tracing::warn!("live feed of game {game_id}: reading events failed: {e}");
                    sent = sent.or(Some(after));
                    retry = true;
                }
            }
        }
        state.hub().release(&game_id, &feed);
    });
}

/// One viewer: the events after `sent` from the log, then the feed's.
struct Cursor {
    state: AppState,
    game_id: Arc<str>,
    view: View,
    sent: i64,
    pending: VecDeque<Event>,
    frames: broadcast::Receiver<Arc<Frame>>,
    shutdown: tokio::sync::watch::Receiver<bool>,
    first: bool,
}

impl Cursor {
    /// Reads the events after `sent` from the database into `pending` (on
    /// connecting, after a gap or after falling behind the feed). On a read
    /// error the stream ends (the client reconnects with Last-Event-ID).
    async fn refill(&mut self) -> bool {
        let Ok(events) = load_events(self.state.db().pool(), &self.game_id, self.sent).await else {
            return false;
        };
        for frame in Frame::render(&events) {
            self.pending.push_back(frame.event(self.view));
            self.sent = frame.seq;
        }
        true
    }
}

fn events(cursor: Cursor) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold(cursor, |mut cursor| async move {
        loop {
            if let Some(event) = cursor.pending.pop_front() {
                if cursor.pending.is_empty() {
                    // An idle viewer keeps no buffer.
                    cursor.pending = VecDeque::new();
                }
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
                frame = cursor.frames.recv() => match frame {
                    Ok(frame) if frame.seq <= cursor.sent => {}
                    Ok(frame) if frame.seq == cursor.sent + 1 => {
                        cursor.sent = frame.seq;
                        return Some((Ok(frame.event(cursor.view)), cursor));
                    }
                    // A gap (the feed started after this viewer's read) or
                    // frames lost to lag: the log has them.
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
    let game_id: Arc<str> = Arc::from(game_id);
    // Subscribe before the first read so nothing written in between is missed.
    let frames = subscribe(&state, &game_id);
    let shutdown = state.shutdown_signal();
    let cursor = Cursor {
        state,
        game_id,
        view,
        sent: after,
        pending: VecDeque::new(),
        frames,
        shutdown,
        first: true,
    };
    Sse::new(events(cursor)).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

/// The name under which a change to a round that is no game's event (a
/// result entered by an arbiter) is announced, beside game ids.
pub(crate) fn round_topic(tournament_id: &str, round: i64) -> Arc<str> {
    Arc::from(format!("{tournament_id}/{round}"))
}

/// How long a round's stream gathers changes before telling the page.
const ROUND_GATHER: Duration = Duration::from_millis(200);

/// What a round's stream listens for: its [`round_topic`] and the ids of
/// its boards' live games, re-read when the round itself is announced (a
/// board's annulled game was replayed by a new game, `replays.rs`).
struct RoundTopics {
    state: AppState,
    tournament_id: String,
    round: i64,
    topics: std::collections::HashSet<Arc<str>>,
}

impl RoundTopics {
    /// Re-reads the boards' live games; on a read error the old set stays.
    async fn refresh(&mut self) {
        match store::replays::round_game_ids(
            self.state.db().pool(),
            &self.tournament_id,
            self.round,
        )
        .await
        {
            Ok(ids) => {
                self.topics = ids.into_iter().map(|id| Arc::from(id.as_str())).collect();
                self.topics
                    .insert(round_topic(&self.tournament_id, self.round));
            }
            Err(e) => tracing::warn!(
                "round stream {}/{}: reading its games failed: {e}",
                self.tournament_id,
                self.round
            ),
        }
    }
}

/// An SSE response of change notices (`event: change`) for round `round`
/// of a tournament: one whenever any of `topics` (its games' ids and its
/// [`round_topic`]) is announced, changes within [`ROUND_GATHER`] told
/// once. A notice carries no data to lose: the page re-reads the round on
/// each (and on reconnecting), so a viewer that falls behind is told once
/// more. A notice for the round itself also re-reads which games it
/// follows, so a replay's moves are told like its predecessor's.
pub(crate) fn round_sse(
    state: &AppState,
    tournament_id: &str,
    round: i64,
    topics: Vec<Arc<str>>,
) -> impl IntoResponse {
    let own = round_topic(tournament_id, round);
    let watched = RoundTopics {
        state: state.clone(),
        tournament_id: tournament_id.to_owned(),
        round,
        topics: topics.into_iter().collect(),
    };
    let hints = state.hints().subscribe();
    let shutdown = state.shutdown_signal();
    let notices = stream::unfold(
        (hints, shutdown, watched, own, 0u64),
        |(mut hints, mut shutdown, mut watched, own, count)| async move {
            // Whether the round itself was announced (or hints were lost):
            // then its games are read again.
            let mut refresh = loop {
                tokio::select! {
                    hint = hints.recv() => match hint {
                        Ok(hint) if watched.topics.contains(&hint.game_id) => {
                            break hint.game_id == own;
                        }
                        Ok(_) => {}
                        Err(RecvError::Lagged(_)) => break true,
                        Err(RecvError::Closed) => return None,
                    },
                    _ = shutdown.changed() => return None,
                }
            };
            tokio::select! {
                () = tokio::time::sleep(ROUND_GATHER) => {}
                _ = shutdown.changed() => return None,
            }
            // What came meanwhile is in this notice.
            loop {
                match hints.try_recv() {
                    Ok(hint) => refresh |= hint.game_id == own,
                    Err(broadcast::error::TryRecvError::Lagged(_)) => refresh = true,
                    Err(
                        broadcast::error::TryRecvError::Empty
                        | broadcast::error::TryRecvError::Closed,
                    ) => break,
                }
            }
            if refresh {
                watched.refresh().await;
            }
            let count = count + 1;
            let notice = Event::default().event("change").data(count.to_string());
            Some((
                Ok::<_, Infallible>(notice),
                (hints, shutdown, watched, own, count),
            ))
        },
    );
    Sse::new(notices).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}
