//! An event as a reader sees it: the arbiter's view (with the actor) and
//! the public view, which hides the move inside a `seal` until a later
//! `resume` (Art. 13, 14). Streams and answers show events alike.

use serde_json::{Map, Value};

use crate::store::games::StoredEvent;

/// Which view of a log a reader gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum View {
    Arbiter,
    Public,
}

/// An event as the API shows it. The public view hides the actor and the
/// move inside a `seal` event until a later `resume` (Art. 13, 14).
pub(crate) fn event_json(event: &StoredEvent, view: View, resumed_after: Option<i64>) -> Value {
    let mut map = Map::new();
    map.insert("seq".into(), Value::from(event.seq));
    map.insert("at".into(), Value::from(event.at.clone()));
    map.insert("received_at".into(), Value::from(event.received_at.clone()));
    if view == View::Arbiter {
        map.insert("actor".into(), Value::from(event.actor.clone()));
    }
    let sealed = event.body.get("type").and_then(Value::as_str) == Some("seal")
        && resumed_after.is_none_or(|resumed| resumed < event.seq);
    for (key, value) in &event.body {
        if key == "at_ms" {
            continue;
        }
        if view == View::Public && sealed && key != "type" && key != "player" {
            continue;
        }
        map.insert(key.clone(), value.clone());
    }
    if view == View::Public && sealed {
        map.insert("sealed".into(), Value::Bool(true));
    }
    map.insert("rulings".into(), event.rulings.clone());
    Value::Object(map)
}

/// The seq of the last `resume` event, if any.
pub(crate) fn last_resume(events: &[StoredEvent]) -> Option<i64> {
    events
        .iter()
        .rev()
        .find(|e| e.body.get("type").and_then(Value::as_str) == Some("resume"))
        .map(|e| e.seq)
}
