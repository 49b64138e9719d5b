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
        /// A game from scoresheets: the mover's time left after the move,
        /// in milliseconds, as written (ignored in a live game, where the
        /// server is the clock).
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        clock_ms: Option<i64>,
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
    /// The arbiter annuls the ruling that ended the game — the server's
    /// (a repetition draw, a loss for not changing, the natural move limit,
    /// an illegal move or the foul limit that loses) or his own: the game
    /// goes on from where it stood, the side to move's clock running again.
    /// The arbiter, not the program, judges (棋例). A checkmate, a stalemate
    /// and a position without attacking pieces are facts of the board, a
    /// resignation and an agreed draw the players' own acts, and a flag
    /// fall or a lateness forfeit the clock's: those stand.
    AnnulRuling {
        /// Why (recorded with the event).
        #[cfg_attr(feature = "serde", serde(default))]
        reason: String,
    },
    /// The arbiter rules that the cycle the side to move would repeat is
    /// not forbidden to it (the rules leave the case to the arbiter, xq
    /// 4.1.7): its next move is not refused, warned or lost for it.
    AllowCycle {
        /// Why (recorded with the event).
        #[cfg_attr(feature = "serde", serde(default))]
        reason: String,
    },
    /// The arbiter declares the result on the grounds of an article
    /// (`grounds`), which the result must fit: a win for lateness, a flag,
    /// an illegal move, not changing, fouls or refusal (both lose for
    /// lateness or refusal by both); a draw for a simple position,
    /// repetition or the natural move limit.
    DeclareResult {
        /// The result: `1-0` (Red wins), `0-1`, `1/2-1/2`, `0-0`; a forfeit
        /// (`+-`, `-+`, `--`) for lateness.
        result: crate::GameResult,
        /// The article the result follows from.
        grounds: XqGrounds,
        /// Why (recorded with the event).
        #[cfg_attr(feature = "serde", serde(default))]
        reason: String,
    },
}

/// The article a declared Xiangqi result follows from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum XqGrounds {
    /// xq 4.1.4: the required moves not made in the time limit.
    FlagFall,
    /// xq 4.1.5: later than the lateness limit (both: both lose).
    Lateness,
    /// xq 4.1.6 (4.1.2, 5.8): a move against the movement rules.
    IllegalMove,
    /// xq 4.1.7: a prohibition violated and not changed.
    NotChanging,
    /// xq 4.1.8: the foul limit in one game.
    Fouls,
    /// xq 4.1.10: refusing to follow the rules (both: both lose).
    Refusal,
    /// xq 4.2.1: a simple position neither side can win.
    SimplePosition,
    /// xq 4.2.3: a cycle repeated that neither side must change.
    Repetition,
    /// xq 4.2.4: the natural move limit without a capture.
    NaturalMoveLimit,
}

impl XqGrounds {
    /// The article cited.
    #[must_use]
    pub const fn article(self) -> &'static str {
        match self {
            XqGrounds::FlagFall => "xq 4.1.4",
            XqGrounds::Lateness => "xq 4.1.5",
            XqGrounds::IllegalMove => "xq 4.1.6",
            XqGrounds::NotChanging => "xq 4.1.7",
            XqGrounds::Fouls => "xq 4.1.8",
            XqGrounds::Refusal => "xq 4.1.10",
            XqGrounds::SimplePosition => "xq 4.2.1",
            XqGrounds::Repetition => "xq 4.2.3",
            XqGrounds::NaturalMoveLimit => "xq 4.2.4",
        }
    }

    /// Whether `result` can follow from these grounds.
    #[must_use]
    pub fn fits(self, result: crate::GameResult) -> bool {
        use crate::GameResult as R;
        match self {
            XqGrounds::SimplePosition | XqGrounds::Repetition | XqGrounds::NaturalMoveLimit => {
                result == R::Draw
            }
            XqGrounds::Lateness => !matches!(result, R::Draw),
            XqGrounds::Refusal => matches!(result, R::WhiteWins | R::BlackWins | R::BothLose),
            XqGrounds::FlagFall
            | XqGrounds::IllegalMove
            | XqGrounds::NotChanging
            | XqGrounds::Fouls => matches!(result, R::WhiteWins | R::BlackWins),
        }
    }
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
