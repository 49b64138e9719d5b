//! Reading a move's text for the game: ICCS, WXF or Chinese notation, and
//! what a text that names no legal move is refused with — or, when it names
//! a move the player attempted, the rule it breaks (for `IllegalMovePolicy`).

use super::*;

/// Reads a move in the notation named, or in any of the three: ICCS when
/// the text is coordinates, otherwise WXF for ASCII text and Chinese for
/// the rest (then WXF, for full-width WXF).
/// A refused text: the rejection, and the rule broken when the text names
/// a move the pieces on the board could attempt (not a malformed, ambiguous
/// or impossible one).
pub(super) type ParseFailure = (Rejection, Option<IllegalReason>);

pub(super) fn parse_move(
    pos: &Position,
    text: &str,
    notation: Option<Notation>,
) -> Result<Move, ParseFailure> {
    let notation = notation.unwrap_or_else(|| {
        if matches!(Move::from_iccs(text), Ok(_) | Err(IccsError::SamePoint(_))) {
            Notation::Iccs
        } else if text.is_ascii() {
            Notation::Wxf
        } else {
            Notation::Chinese
        }
    });
    match notation {
        Notation::Iccs => pos.parse_iccs(text).map_err(|e| match e {
            IccsError::Malformed(_) | IccsError::SamePoint(_) => (
                Rejection::of(Code::MalformedMove, "xq 7.1", e.to_string()),
                None,
            ),
            IccsError::Illegal { reason, .. } => (illegal(reason, &e.to_string()), Some(reason)),
        }),
        Notation::Wxf => pos.parse_wxf(text).map_err(|e| notation_rejection(&e)),
        Notation::Chinese => match pos.parse_chinese(text) {
            Err(NotationError::Malformed { .. }) if text.chars().all(|c| !is_han(c)) => {
                pos.parse_wxf(text).map_err(|e| notation_rejection(&e))
            }
            r => r.map_err(|e| notation_rejection(&e)),
        },
    }
}

/// Whether an illegal move is one a player could make on the board (xq
/// 4.1.6): moving a piece that is not there, or the opponent's, is a
/// recording slip or a move out of turn (xq 5.8), never a loss by policy.
pub(super) fn attempted(reason: IllegalReason) -> bool {
    !matches!(
        reason,
        IllegalReason::NoPiece(_) | IllegalReason::NotYourPiece(_)
    )
}

fn is_han(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

pub(super) fn illegal(reason: IllegalReason, message: &str) -> Rejection {
    let message = if reason == IllegalReason::GeneralsFacing {
        format!("{message}; it counts as a move against the movement rules (xq 4.1.6)")
    } else {
        message.to_string()
    };
    Rejection::of(
        Code::IllegalMove,
        &format!("xq {}", reason.article()),
        message,
    )
}

fn notation_rejection(e: &NotationError) -> ParseFailure {
    match e {
        NotationError::Malformed { .. } => (
            Rejection::of(Code::MalformedMove, "xq 7.1", e.to_string()),
            None,
        ),
        NotationError::Ambiguous(_) => (
            Rejection::of(Code::AmbiguousMove, "xq 7.1", e.to_string()),
            None,
        ),
        NotationError::NoSuchPiece(_) => (
            Rejection::of(Code::IllegalMove, "xq 4.1.6", e.to_string()),
            None,
        ),
        NotationError::Illegal { reason, .. } => (illegal(*reason, &e.to_string()), Some(*reason)),
    }
}
