//! The warning protocol of the whole API (VCL4THP.13 "warning levels"): a
//! write that FIDE's endorsement checklist wants an arbiter to acknowledge
//! (level 2), confirm (level 3) or confirm twice (level 4) is answered
//! `409 confirmation_required` with the warnings and a confirmation; the
//! same request sent again with that confirmation in the `Arbiter-Confirm`
//! header (for level 4, again with the second confirmation the second answer
//! gives) is carried out, and audited with the warnings it overrode.
//!
//! A confirmation is a digest of who asks, what they change (the change's
//! fingerprint: the settings it would write, the file it would import), the
//! tournament's version when it was asked and the step: it confirms that
//! change from that state only. A change made in between (the version moves
//! on) or a different request needs a new one. Warnings cannot be turned
//! off or lowered (Q218–221): the level is the operation's, never the
//! client's.

use serde::Serialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::auth::Actor;
use crate::error::ApiError;

/// The header a confirmation is sent back in.
pub(crate) const HEADER: &str = "arbiter-confirm";

/// How insistently a warning must be answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub(crate) enum Level {
    /// Level 2: the arbiter acknowledges.
    Acknowledge = 2,
    /// Level 3: the arbiter confirms.
    Confirm = 3,
    /// Level 4: the arbiter confirms twice.
    ConfirmTwice = 4,
}

impl Level {
    fn steps(self) -> u8 {
        if self == Level::ConfirmTwice { 2 } else { 1 }
    }
}

/// One thing the arbiter is warned about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub(crate) struct Warning {
    /// A stable snake_case code (the console's dialogs are keyed on it).
    pub code: String,
    /// What the change does, for a person (English).
    pub message: String,
    /// The level this warning asks for: 2, 3 or 4.
    #[schema(value_type = u8)]
    pub level: u8,
    /// The question of FIDE's endorsement checklist or the article of the
    /// regulations behind it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
}

impl Warning {
    pub(crate) fn new(
        level: Level,
        code: &str,
        message: impl Into<String>,
        article: Option<&str>,
    ) -> Warning {
        Warning {
            code: code.to_owned(),
            message: message.into(),
            level: level as u8,
            article: article.map(str::to_owned),
        }
    }
}

/// The confirmations a request carries (the `Arbiter-Confirm` header; none
/// when absent).
#[derive(Debug, Clone, Default)]
pub(crate) struct Confirmation(pub Option<String>);

/// The body of a `409 confirmation_required` answer (schema
/// `ConfirmationRequired` of the OpenAPI document).
#[derive(Serialize, utoipa::ToSchema)]
#[allow(dead_code)] // The schema's shape; the answer is built as JSON.
pub(crate) struct ConfirmationRequired {
    /// `confirmation_required`.
    error: String,
    message: String,
    /// The highest level among the warnings: 2, 3 or 4.
    level: u8,
    warnings: Vec<Warning>,
    /// Send the same request again with this value in the `Arbiter-Confirm`
    /// header to carry it out (level 4: to reach the second confirmation).
    confirmation: String,
    /// Which confirmation this is (1, or 2 of a level 4 warning).
    step: u8,
    /// How many confirmations the change needs (2 for level 4).
    steps: u8,
}

/// What an operation is about to change, for its confirmation: the actor,
/// the operation and its fingerprint (any JSON saying exactly what would be
/// written), and the tournament's version it was judged at.
pub(crate) struct Change<'a> {
    pub actor: &'a Actor,
    pub operation: &'a str,
    pub fingerprint: &'a Value,
    pub version: i64,
}

fn token(change: &Change<'_>, step: u8) -> String {
    let mut hasher = Sha256::new();
    let material = json!([
        change.actor.id,
        change.operation,
        change.version,
        change.fingerprint,
        step,
    ]);
    hasher.update(material.to_string().as_bytes());
    let digest = hasher.finalize();
    crate::hex::hex(&digest[..16])
}

/// Whether `change` may go ahead despite `warnings`: `Ok` with the warnings
/// it overrides (empty when there were none) when the request carries the
/// last confirmation they need, else the `409 confirmation_required` to
/// answer (the first confirmation, or the second of a level 4 warning when
/// the request carries the first).
pub(crate) fn require(
    change: &Change<'_>,
    warnings: Vec<Warning>,
    given: &Confirmation,
) -> Result<Vec<Warning>, ApiError> {
    let Some(level) = warnings
        .iter()
        .map(|w| match w.level {
            4 => Level::ConfirmTwice,
            3 => Level::Confirm,
            _ => Level::Acknowledge,
        })
        .max()
    else {
        return Ok(warnings);
    };
    let steps = level.steps();
    // The step the request has reached: the highest whose token it carries.
    let reached = given
        .0
        .as_deref()
        .map(str::trim)
        .and_then(|sent| (1..=steps).rev().find(|&s| token(change, s) == sent))
        .unwrap_or(0);
    if reached == steps {
        return Ok(warnings);
    }
    let step = reached + 1;
    let message = match (level, step) {
        (Level::ConfirmTwice, 2) => {
            "confirm again: this change needs two confirmations (send the request once more with the new confirmation)"
        }
        (Level::Acknowledge, _) => {
            "acknowledge the warnings: send the same request again with the confirmation"
        }
        _ => "confirm the warnings: send the same request again with the confirmation",
    };
    let mut details = serde_json::Map::new();
    details.insert("level".into(), json!(level as u8));
    details.insert("warnings".into(), serde_json::to_value(&warnings)?);
    details.insert("confirmation".into(), json!(token(change, step)));
    details.insert("step".into(), json!(step));
    details.insert("steps".into(), json!(steps));
    Err(ApiError::Detailed {
        status: axum::http::StatusCode::CONFLICT,
        code: "confirmation_required".into(),
        message: message.into(),
        article: None,
        details,
    })
}

/// The warnings an audit row records as overridden (`null` when none).
pub(crate) fn overridden(warnings: &[Warning]) -> Value {
    if warnings.is_empty() {
        Value::Null
    } else {
        serde_json::to_value(warnings).unwrap_or(Value::Null)
    }
}
