//! Times as the server stores and shows them: RFC 3339 UTC with
//! milliseconds, which sorts as text. Imports nothing of the server.

/// Now, as stored: RFC 3339 UTC with milliseconds (sorts as text).
pub(crate) fn now_text() -> String {
    time_text(chrono::Utc::now())
}

pub(crate) fn time_text(t: chrono::DateTime<chrono::Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}
