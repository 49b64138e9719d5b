//! A posted event: read from its JSON as the game's event type, with the
//! faulty field named ([`parse_event`]), and checked beyond its shape
//! ([`check_posted_event`]: unknown keys, arrays for objects, the
//! arbiter's note, clock values, a claim's move text).

use regulations::{Event, EventKind, Penalty, XqEvent, XqEventKind};
use serde_json::{Map, Value};

use super::{AnyEvent, GameKind, check_note, check_visible, note_text};
use crate::error::ApiError;

fn parse_as<T: serde::de::DeserializeOwned>(event: &Map<String, Value>) -> Result<T, ApiError> {
    let text = Value::Object(event.clone()).to_string();
    crate::error::parse_json::<T>(text.as_bytes()).map_err(|e| match e {
        ApiError::BadRequest { message, at, .. } => {
            let at = match at.as_deref() {
                None | Some("" | ".") => faulty_field::<T>(event, &message).or(at),
                _ => at,
            };
            ApiError::BadRequest {
                code: "invalid_event",
                message,
                at,
            }
        }
        other => other,
    })
}

/// The field an event's error is about, where serde could not say (inside
/// a tagged event it reports no path), as a dotted path into nested
/// objects (`penalty.foul`): the one it names as missing (in the nested
/// object that lacks it, when giving it one changes the error) or as
/// unknown, else the one holding the value the error quotes (`invalid type: integer
/// `1234``, `unknown variant `teleport``; of several holding the same
/// value, the one whose change changes the error), else the first whose
/// removal lifts the error. At most the first 32 fields of each object
/// are tried, two levels down.
fn faulty_field<T: serde::de::DeserializeOwned>(
    event: &Map<String, Value>,
    message: &str,
) -> Option<String> {
    // The error as `serde_json` words it for the same map (the message
    // given may carry a position): a probe that fails alike does not touch
    // the faulty field.
    let baseline = serde_json::from_value::<T>(Value::Object(event.clone()))
        .err()
        .map(|e| e.to_string());
    let error_of = |probe: Map<String, Value>| {
        serde_json::from_value::<T>(Value::Object(probe))
            .err()
            .map(|e| e.to_string())
    };
    let changes_error = |probe: Map<String, Value>| error_of(probe) != baseline;
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
    {
        // The nested object that lacks it: given the field, the error is
        // gone or another (not the object refusing a field it does not
        // have).
        let nested = event.iter().take(32).find(|(key, value)| {
            value.as_object().is_some_and(|inner| {
                !inner.contains_key(field) && {
                    let mut probe = event.clone();
                    let mut inner = inner.clone();
                    inner.insert(field.to_owned(), Value::from(0));
                    probe.insert((*key).clone(), Value::Object(inner));
                    let after = error_of(probe);
                    after != baseline
                        && !after.is_some_and(|e| e.contains(&format!("unknown field `{field}`")))
                }
            })
        });
        return Some(match nested {
            Some((key, _)) => format!("{key}.{field}"),
            None => field.to_string(),
        });
    }
    // A field its object does not have: named where it is.
    if let Some(field) = message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split('`').next())
    {
        let mut found = Vec::new();
        paths_where(
            event,
            &|key, _| key == field,
            2,
            &mut Vec::new(),
            &mut found,
        );
        if let Some(path) = found.first() {
            return Some(path.join("."));
        }
    }
    let quoted = |value: &Value| match value {
        Value::String(s) => ["`", "\"", "'"]
            .iter()
            .any(|q| message.contains(&format!("{q}{s}{q}"))),
        Value::Number(n) => message.contains(&format!("`{n}`")),
        Value::Bool(b) => message.contains(&format!("boolean `{b}`")),
        Value::Null => message.starts_with("invalid type: null"),
        Value::Array(_) => message.starts_with("invalid type: sequence"),
        Value::Object(_) => message.starts_with("invalid type: map"),
    };
    let mut candidates = Vec::new();
    paths_where(
        event,
        &|_, value| quoted(value),
        2,
        &mut Vec::new(),
        &mut candidates,
    );
    if candidates.len() > 1
        && let Some(path) = candidates.iter().find(|path| {
            let mut probe = event.clone();
            replace_at(&mut probe, path, Value::from("\u{1}"));
            changes_error(probe)
        })
    {
        return Some(path.join("."));
    }
    if let Some(path) = candidates.first() {
        return Some(path.join("."));
    }
    let keys = || event.keys().take(32);
    keys()
        .find(|key| {
            let mut probe = event.clone();
            probe.remove(key.as_str());
            serde_json::from_value::<T>(Value::Object(probe)).is_ok()
        })
        .cloned()
}

/// The paths (keys, then keys into objects at most `depth` levels down) of
/// the entries `wanted` takes, outer ones first.
fn paths_where(
    map: &Map<String, Value>,
    wanted: &impl Fn(&str, &Value) -> bool,
    depth: usize,
    prefix: &mut Vec<String>,
    found: &mut Vec<Vec<String>>,
) {
    let entries = || map.iter().take(32);
    for (key, _) in entries().filter(|(key, value)| wanted(key, value)) {
        found.push(prefix.iter().cloned().chain([key.clone()]).collect());
    }
    if depth == 0 {
        return;
    }
    for (key, value) in entries() {
        if let Value::Object(inner) = value {
            prefix.push(key.clone());
            paths_where(inner, wanted, depth - 1, prefix, found);
            prefix.pop();
        }
    }
}

/// Puts `value` at `path` (keys into nested objects) of `map`.
fn replace_at(map: &mut Map<String, Value>, path: &[String], value: Value) {
    let Some((last, outer)) = path.split_last() else {
        return;
    };
    let mut here = map;
    for key in outer {
        match here.get_mut(key) {
            Some(Value::Object(inner)) => here = inner,
            _ => return,
        }
    }
    here.insert(last.clone(), value);
}

/// Parses a stored or posted event (with `at_ms`) of a game of `game`
/// into its rules' event; the error names the faulty field.
pub fn parse_event(game: GameKind, event: &Map<String, Value>) -> Result<AnyEvent, ApiError> {
    match game {
        GameKind::Chess => parse_as::<Event>(event).map(AnyEvent::Chess),
        GameKind::Xiangqi => parse_as::<XqEvent>(event).map(AnyEvent::Xiangqi),
    }
}

/// The longest time accepted in an event's clock value, penalty or clock
/// adjustment: 24 hours in milliseconds.
pub const MAX_EVENT_MS: u64 = 86_400_000;

fn check_ms(field: &str, ms: Option<u64>) -> Result<(), ApiError> {
    match ms {
        Some(ms) if ms <= MAX_EVENT_MS => Ok(()),
        _ => Err(ApiError::invalid_field(
            field,
            format!("must be between 0 and {MAX_EVENT_MS} ms (24 hours)"),
        )),
    }
}

/// What [`misfit`] finds wrong with a posted event's keys.
enum Misfit {
    /// A key that is no field of the event type.
    Unknown(String),
    /// An array where the event reads an object: the tagged event is
    /// buffered before it is read, and serde then reads a struct from an
    /// array field by field (`"clocks": [1000, 2000]`).
    ArrayForObject(String),
}

/// The first key of `here` (at `path` in the posted `body`), or of an
/// object in it two levels down, that is no field of its event type: not
/// in `known` (the parsed event written back) and ignored when given a
/// value no field would take. A known field left at its default is not
/// written back; it still refuses such a value, an unknown key does not.
///
/// Also an array given where the event has an object ([`Misfit`]).
fn misfit(
    game: GameKind,
    body: &Map<String, Value>,
    here: &Map<String, Value>,
    known: &Value,
    path: &mut Vec<String>,
) -> Option<Misfit> {
    for (key, value) in here {
        let at = || -> Vec<String> { path.iter().cloned().chain([key.clone()]).collect() };
        match (known.get(key), value) {
            (Some(Value::Object(_)), Value::Array(_)) => {
                return Some(Misfit::ArrayForObject(at().join(".")));
            }
            (Some(known @ Value::Object(_)), Value::Object(inner)) if path.len() < 2 => {
                path.push(key.clone());
                let found = misfit(game, body, inner, known, path);
                path.pop();
                if found.is_some() {
                    return found;
                }
            }
            (Some(_), _) => {}
            (None, _) => {
                let at = at();
                let mut probe = body.clone();
                replace_at(
                    &mut probe,
                    &at,
                    Value::Array(vec![Value::Null, Value::Null]),
                );
                if parse_event(game, &probe).is_ok() {
                    return Some(Misfit::Unknown(at.join(".")));
                }
            }
        }
    }
    None
}

/// The event types whose `reason` is the arbiter's own words (elsewhere a
/// `reason` names a kind: a draw claim's, a clock adjustment's, an
/// annulment's).
const FREE_TEXT_REASONS: [&str; 6] = [
    "declare_result",
    "penalise",
    "stop_clocks",
    "start_clocks",
    "annul_ruling",
    "allow_cycle",
];

/// The arbiter's own words on an event (its free-text `reason`), trimmed;
/// `None` when blank or the event has none.
pub fn arbiter_note(event: &Map<String, Value>) -> Option<&str> {
    let kind = event.get("type").and_then(Value::as_str)?;
    if !FREE_TEXT_REASONS.contains(&kind) {
        return None;
    }
    note_text(event.get("reason").and_then(Value::as_str)?)
}

/// A posted event as it is kept: the arbiter's note (a free-text `reason`)
/// trimmed, and empty when nothing of it would show (spaces and joiners
/// only, [`note_text`]).
pub fn tidy_note(event: &mut Map<String, Value>) {
    let kind = event.get("type").and_then(Value::as_str).unwrap_or("");
    if !FREE_TEXT_REASONS.contains(&kind) {
        return;
    }
    if let Some(Value::String(reason)) = event.get_mut("reason") {
        let kept = note_text(reason).unwrap_or("").to_owned();
        *reason = kept;
    }
}

/// The longest move text a claim may state (`e7e8q`, `exd8=Q+`, `O-O-O#`
/// and their annotations fit).
const MAX_MOVE_TEXT: usize = 12;

/// Checks a posted event beyond its shape: every key, nested ones too, is
/// a field of its event type (serde ignores unknown keys of a flattened,
/// tagged event), the arbiter's note fits ([`check_note`]), and clock
/// values, penalties and adjustments lie within 0 ..= 24 hours.
pub fn check_posted_event(body: &Map<String, Value>, parsed: &AnyEvent) -> Result<(), ApiError> {
    let (known, game) = match parsed {
        AnyEvent::Chess(e) => (serde_json::to_value(e)?, GameKind::Chess),
        AnyEvent::Xiangqi(e) => (serde_json::to_value(e)?, GameKind::Xiangqi),
    };
    match misfit(game, body, body, &known, &mut Vec::new()) {
        Some(Misfit::ArrayForObject(path)) => {
            return Err(ApiError::BadRequest {
                code: "invalid_json",
                message: format!("'{path}' must be an object, not an array"),
                at: Some(path),
            });
        }
        Some(Misfit::Unknown(path)) => {
            let kind = body.get("type").and_then(Value::as_str).unwrap_or("?");
            return Err(ApiError::BadRequest {
                code: "invalid_event",
                message: format!("unknown field '{path}' for a '{kind}' event"),
                at: Some(path),
            });
        }
        None => {}
    }
    if let Some(note) = body.get("reason").and_then(Value::as_str)
        && FREE_TEXT_REASONS.contains(&body.get("type").and_then(Value::as_str).unwrap_or(""))
    {
        check_note("reason", note)?;
    }
    let parsed = match parsed {
        AnyEvent::Chess(parsed) => parsed,
        AnyEvent::Xiangqi(parsed) => {
            return match &parsed.kind {
                XqEventKind::Move {
                    clock_ms: Some(ms), ..
                } => check_ms("clock_ms", u64::try_from(*ms).ok()),
                _ => Ok(()),
            };
        }
    };
    match &parsed.kind {
        EventKind::Move {
            clock_ms: Some(ms), ..
        } => check_ms("clock_ms", u64::try_from(*ms).ok()),
        // Shown to everyone: a place as a note is (length, no control or
        // invisible characters).
        EventKind::ScheduleResumption { place, .. } => check_note("place", place),
        // A move in SAN or UCI: a few letters, kept in the log as given.
        EventKind::ClaimDraw {
            intended_move: Some(text),
            ..
        } if text.chars().count() > MAX_MOVE_TEXT
            || text.chars().any(|c| c.is_control() || c.is_whitespace())
            || check_visible("move", text).is_err() =>
        {
            Err(ApiError::invalid_field(
                "move",
                format!(
                    "not a move: SAN or UCI of at most {MAX_MOVE_TEXT} characters, no spaces or control characters"
                ),
            ))
        }
        EventKind::AdjustClock { remaining_ms, .. } => {
            check_ms("remaining_ms", u64::try_from(*remaining_ms).ok())
        }
        EventKind::Penalise {
            penalty: Penalty::AddTimeToOpponent { ms } | Penalty::DeductTime { ms },
            ..
        } => check_ms("penalty.ms", Some(*ms)),
        EventKind::DeclareIllegal {
            clocks: Some(clocks),
            ..
        } => {
            check_ms("clocks.white_ms", u64::try_from(clocks.white_ms).ok())?;
            check_ms("clocks.black_ms", u64::try_from(clocks.black_ms).ok())
        }
        _ => Ok(()),
    }
}
