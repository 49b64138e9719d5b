//! The closed set of events of a Xiangqi game. JSON (feature `serde`) reads
//! like the chess events: `{"at_ms": 5000, "type": "move", "move": "h2e2"}`,
//! sides as `"red"` / `"black"`.

use xiangqi::Color;

/// The notation a move is written in; without one the game reads any of
/// the three (ICCS `h2e2`, WXF `C2.5`, Chinese `炮二平五`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
pub enum XqEventKind {
    /// The arbiter starts the game: Red's clock starts (red moves first).
    Start,
    /// The side to move makes a move and presses the clock (xq 6: moves
    /// count once the clock is pressed).
    Move {
        /// The move as written.
        #[cfg_attr(feature = "serde", serde(rename = "move"))]
        text: String,
        /// The notation, if the client names it.
        #[cfg_attr(feature = "serde", serde(default))]
        notation: Option<Notation>,
    },
    /// A player resigns (xq 4.1.9).
    Resign {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        player: Color,
    },
    /// A player proposes a draw (xq 4.2.2).
    OfferDraw {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        player: Color,
    },
    /// The opponent agrees (xq 4.2.2).
    AcceptDraw {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        player: Color,
    },
    /// The opponent declines.
    DeclineDraw {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        player: Color,
    },
    /// The arbiter looks at the clocks (xq 4.1.4): a flag down ends the game.
    Flag,
    /// The arbiter gives a foul (犯规); the limit loses (xq 4.1.8).
    Foul {
        /// Who.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        player: Color,
    },
    /// The arbiter finds `moves` consecutive moves unrecorded on a player's
    /// scoresheet (xq 7.1): one foul per four.
    Unrecorded {
        /// Whose scoresheet.
        #[cfg_attr(feature = "serde", serde(with = "side"))]
        player: Color,
        /// Consecutive unrecorded moves.
        moves: u32,
    },
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
