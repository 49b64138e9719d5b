//! The closed set of events of a Xiangqi game. JSON (feature `serde`) reads
//! like the chess events: `{"at_ms": 5000, "type": "move", "move": "h2e2"}`,
//! sides as `"red"` / `"black"`.

use xiangqi::Color;

/// The notation a move is written in; without one the game reads any of
/// the three (ICCS `h2e2`, WXF `C2.5`, Chinese `炮二平五`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Notation {
    /// Coordinates: `h2e2`.
    Iccs,
    /// WXF: `C2.5`.
    Wxf,
    /// Chinese: `炮二平五`.
    Chinese,
}

/// One event at a time on the game's timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "utoipa", schema(as = regulations::XqEvent))]
pub struct XqEvent {
    /// When, in ms on the caller's timeline; never earlier than the last event.
    pub at_ms: u64,
    /// What.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub kind: XqEventKind,
}

impl XqEvent {
    /// An event at `at_ms`.
    #[must_use]
    pub fn new(at_ms: u64, kind: XqEventKind) -> XqEvent {
        XqEvent { at_ms, kind }
    }
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum XqEventKind {
    /// The arbiter starts the game: Red's clock starts (red moves first).
    Start,
    /// The side to move makes a move and presses the clock (xq 6: moves
    /// count once the clock is pressed).
    Move {
        /// The move as written: ICCS (`h2e2`), WXF (`C2.5`) or Chinese
        /// (`炮二平五`).
        #[cfg_attr(feature = "serde", serde(rename = "move"))]
        text: String,
        /// The notation of `move`, if the client names it (default:
        /// recognised).
        #[cfg_attr(feature = "serde", serde(default))]
        notation: Option<Notation>,
    },
    /// A player resigns (xq 4.1.9).
    Resign {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
    },
    /// A player proposes a draw (xq 4.2.2).
    OfferDraw {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
    },
    /// The opponent agrees (xq 4.2.2).
    AcceptDraw {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
    },
    /// The opponent declines.
    DeclineDraw {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
    },
    /// The arbiter looks at the clocks (xq 4.1.4): a flag down ends the game.
    Flag,
    /// The arbiter gives a foul (犯规); the limit loses (xq 4.1.8).
    Foul {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
    },
    /// The arbiter finds `moves` consecutive moves unrecorded on a player's
    /// scoresheet (xq 7.1): one foul per four.
    Unrecorded {
        /// Whose scoresheet.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
        /// Consecutive moves missing from the player's scoresheet (one foul
        /// per four, xq 7.1).
        moves: u32,
    },
    /// A player arrives at the board (xq 4.1.5: with a scheduled start,
    /// both are absent until they arrive).
    Arrive {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
    },
    /// A player touches a piece (xq 5.1–5.5), or several at once
    /// (`together_with`, xq 5.5). A touch in the opponent's time binds the
    /// player's next move (xq 5.6: adjusting out of one's own time counts as
    /// touching). `accidental`: the arbiter finds it an obvious accident,
    /// which is not a touch (xq 5.6).
    Touch {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
        /// The point touched (ICCS, `b2`).
        square: String,
        /// Points touched at the same moment, order unknown (xq 5.5).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Vec::is_empty")
        )]
        together_with: Vec<String>,
        /// An obvious accident, not a touch (xq 5.6).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
        #[cfg_attr(feature = "utoipa", schema(default = false))]
        accidental: bool,
    },
    /// A player straightens a piece (xq 5.6): with the opponent's consent
    /// and in his own time it creates no obligation; otherwise it counts as
    /// touching the piece.
    Adjust {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
        /// The point (ICCS).
        square: String,
        /// The opponent agreed beforehand (xq 5.6).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
        #[cfg_attr(feature = "utoipa", schema(default = false))]
        consent: bool,
    },
    /// The arbiter rules that a player (or both) refuses to follow the
    /// rules or seriously breaks discipline: a loss (xq 4.1.10).
    Refuse {
        /// Who refuses (xq 4.1.10).
        who: XqWho,
    },
    /// The arbiter rules a player's loss on the grounds of an article the
    /// game cannot see by itself: a move against the movement rules found on
    /// the board (xq 4.1.6, 5.8), or a player who will not change a forbidden
    /// cycle (xq 4.1.7).
    DeclareLoss {
        /// Who loses.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::XqSide))]
        player: Color,
        /// Why: `illegal_move` (xq 4.1.6) or `not_changing` (xq 4.1.7).
        grounds: XqLossGrounds,
    },
    /// The arbiter rules the position a simple one that neither side can
    /// win: a draw (xq 4.2.1; without any attacking piece it is automatic).
    SimplePosition,
}

/// Who refuses to follow the rules (xq 4.1.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum XqWho {
    /// Red.
    Red,
    /// Black.
    Black,
    /// Both players: both lose.
    Both,
}

/// The grounds of a loss the arbiter declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum XqLossGrounds {
    /// xq 4.1.6 (5.8): a move against the movement rules, found while the
    /// game is in progress.
    IllegalMove,
    /// xq 4.1.7: the player must change a forbidden cycle and does not.
    NotChanging,
}

#[cfg(feature = "serde")]
fn is_false(b: &bool) -> bool {
    !*b
}

#[cfg(feature = "serde")]
mod side {
    use serde::{Deserialize, Deserializer, Serializer};
    use xiangqi::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match c {
            Color::Red => "red",
            Color::Black => "black",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "red" => Ok(Color::Red),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "unknown side '{other}' (expected red or black)"
            ))),
        }
    }
}
