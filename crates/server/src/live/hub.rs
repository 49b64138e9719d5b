//! The process's fan-out of live events: one feed per watched game (a
//! `broadcast` channel of rendered [`Frame`]s), however many viewers.
//! The tasks that feed it are `stream`'s.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::response::sse::Event;
use tokio::sync::broadcast;

use crate::live::events::{View, event_json, last_resume};
use crate::store::games::StoredEvent;

/// How many frames a game's feed keeps for viewers that fall behind; one
/// that falls further resynchronises from the database.
const FEED_CAPACITY: usize = 256;

/// How often an idle feed checks whether anyone still watches.
pub(crate) const FEED_IDLE_CHECK: Duration = Duration::from_secs(5);

/// One event of a game, rendered once per process for every viewer.
pub(crate) struct Frame {
    pub(crate) seq: i64,
    kind: Box<str>,
    public: Box<str>,
    arbiter: Box<str>,
}

impl Frame {
    /// Renders `events` (consecutive, read from the log) as frames. The
    /// public view opens a sealed move only at a later `resume` among the
    /// same events: a `resume` always follows its `seal`, so the events
    /// after any seq decide it.
    pub(crate) fn render(events: &[StoredEvent]) -> Vec<Frame> {
        let resumed = last_resume(events);
        events
            .iter()
            .map(|event| Frame {
                seq: event.seq,
                kind: event
                    .body
                    .get("type")
                    .and_then(serde_json::Value::as_str)
                    .unwrap_or("event")
                    .into(),
                public: event_json(event, View::Public, resumed).to_string().into(),
                arbiter: event_json(event, View::Arbiter, resumed).to_string().into(),
            })
            .collect()
    }

    pub(crate) fn event(&self, view: View) -> Event {
        let data = match view {
            View::Public => &self.public,
            View::Arbiter => &self.arbiter,
        };
        Event::default()
            .id(self.seq.to_string())
            .event(&*self.kind)
            .data(&**data)
    }
}

/// The process's fan-out of live events: one feed per watched game, fed by
/// one task that reads each new event from the database once and sends it
/// to every viewer (a `broadcast` receiver each, nothing else per viewer).
#[derive(Default)]
pub(crate) struct Hub {
    feeds: Mutex<HashMap<Arc<str>, broadcast::Sender<Arc<Frame>>>>,
}

impl Hub {
    fn feeds(&self) -> std::sync::MutexGuard<'_, HashMap<Arc<str>, broadcast::Sender<Arc<Frame>>>> {
        // A panic while holding the lock leaves the map itself consistent.
        self.feeds
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A receiver of `game_id`'s new events, and — for the first viewer of
    /// a game — the sender of its new feed, which the caller must start.
    pub(crate) fn join(
        &self,
        game_id: &Arc<str>,
    ) -> (
        broadcast::Receiver<Arc<Frame>>,
        Option<broadcast::Sender<Arc<Frame>>>,
    ) {
        let mut feeds = self.feeds();
        if let Some(feed) = feeds.get(game_id) {
            return (feed.subscribe(), None);
        }
        let (feed, frames) = broadcast::channel(FEED_CAPACITY);
        feeds.insert(Arc::clone(game_id), feed.clone());
        (frames, Some(feed))
    }

    /// Removes `game_id`'s feed when nobody watches it any more (under the
    /// lock `subscribe` takes, so no viewer joins a feed being removed).
    pub(crate) fn release(&self, game_id: &str, feed: &broadcast::Sender<Arc<Frame>>) -> bool {
        let mut feeds = self.feeds();
        if feed.receiver_count() > 0 {
            return false;
        }
        if feeds.get(game_id).is_some_and(|f| f.same_channel(feed)) {
            feeds.remove(game_id);
        }
        true
    }

    /// How many games have a feed.
    pub(crate) fn len(&self) -> usize {
        self.feeds().len()
    }
}
