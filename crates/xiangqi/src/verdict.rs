//! What the rules say about a move or a position: why a move is illegal
//! ([`IllegalReason`], with the article it breaks), how a game ends
//! ([`Outcome`]), and why a position cannot be built ([`PositionError`]).

use std::fmt;

use crate::moves::Move;
use crate::setup::{FenError, SetupError};
use crate::types::{Color, Role, Square};

/// Why a move is not legal. [`IllegalReason::article`] names the article
/// of the rules fragment it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IllegalReason {
    /// No piece stands on the from-point.
    NoPiece(Square),
    /// The piece on the from-point belongs to the opponent.
    NotYourPiece(Square),
    /// The piece does not move that way at all (wrong shape of move).
    CannotMoveThere(Role),
    /// The general or an advisor would leave the palace.
    LeavesPalace(Role),
    /// An elephant may not cross the river.
    ElephantCrossesRiver,
    /// The elephant's eye (the point between) is occupied.
    ElephantEyeBlocked(Square),
    /// The horse's leg (the orthogonally adjacent point) is occupied.
    HorseLegBlocked(Square),
    /// A piece stands in the way of a chariot or a non-capturing cannon.
    PathBlocked(Square),
    /// A cannon captures only by jumping exactly one piece; this is the
    /// number of pieces in between.
    CannonScreen(u8),
    /// A soldier never moves backward.
    SoldierBackward,
    /// A soldier moves sideways only after crossing the river.
    SoldierSidewaysBeforeRiver,
    /// The target point holds a piece of the same colour.
    OwnPieceOnTarget(Square),
    /// The move would leave the mover's general attacked.
    GeneralAttacked,
    /// The move would leave the two generals facing on an open file.
    GeneralsFacing,
}

impl IllegalReason {
    /// The article of the rules fragment: `4.1.2` for facing generals,
    /// otherwise `4.1.6` (a move against the movement rules).
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            IllegalReason::GeneralsFacing => "4.1.2",
            _ => "4.1.6",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPiece(sq) => write!(f, "no piece on {sq}"),
            IllegalReason::NotYourPiece(sq) => {
                write!(f, "the piece on {sq} belongs to the opponent")
            }
            IllegalReason::CannotMoveThere(role) => {
                let name = role.to_string();
                let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                write!(f, "{article} {name} does not move that way")
            }
            IllegalReason::LeavesPalace(role) => write!(f, "the {role} may not leave the palace"),
            IllegalReason::ElephantCrossesRiver => {
                f.write_str("an elephant may not cross the river")
            }
            IllegalReason::ElephantEyeBlocked(sq) => {
                write!(f, "the elephant's eye on {sq} is blocked")
            }
            IllegalReason::HorseLegBlocked(sq) => write!(f, "the horse's leg on {sq} is blocked"),
            IllegalReason::PathBlocked(sq) => write!(f, "the piece on {sq} is in the way"),
            IllegalReason::CannonScreen(n) => write!(
                f,
                "a cannon captures by jumping exactly one piece, and there are {n} in between"
            ),
            IllegalReason::SoldierBackward => f.write_str("a soldier never moves backward"),
            IllegalReason::SoldierSidewaysBeforeRiver => {
                f.write_str("a soldier moves sideways only after crossing the river")
            }
            IllegalReason::OwnPieceOnTarget(sq) => {
                write!(f, "{sq} is occupied by a piece of the same colour")
            }
            IllegalReason::GeneralAttacked => {
                f.write_str("the move would leave the general attacked")
            }
            IllegalReason::GeneralsFacing => {
                f.write_str("the move would leave the two generals facing each other")
            }
        }?;
        write!(f, " (xq {})", self.article())
    }
}

/// A move that is not legal in the position it was tried in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IllegalMove {
    /// The move tried.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// Why a side lost on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// The side to move is in check and has no legal move (xq 4.1.1).
    Checkmate,
    /// The side to move is not in check but has no legal move: 困毙, which
    /// loses (xq 4.1.3).
    Stalemate,
}

impl WinReason {
    /// The article of the rules fragment.
    #[must_use]
    pub fn article(self) -> &'static str {
        match self {
            WinReason::Checkmate => "4.1.1",
            WinReason::Stalemate => "4.1.3",
        }
    }
}

/// Why a game is drawn on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// Neither side has a chariot, horse, cannon or soldier: neither can
    /// win (xq 4.2.1).
    DeadPosition,
}

impl DrawReason {
    /// The article of the rules fragment.
    #[must_use]
    pub fn article(self) -> &'static str {
        "4.2.1"
    }
}

/// A result decided by the position alone.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner (the side not to move).
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// Drawn.
    Draw(DrawReason),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let how = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::Stalemate => "stalemate (no legal move)",
                };
                write!(f, "{winner} wins by {how} (xq {})", reason.article())
            }
            Outcome::Draw(r) => write!(
                f,
                "draw: neither side has an attacking piece (xq {})",
                r.article()
            ),
        }
    }
}

/// Why a FEN does not give a legal position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The FEN is not well-formed.
    Fen(FenError),
    /// The FEN is well-formed but the position is not legal.
    Setup(SetupError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => e.fmt(f),
            PositionError::Setup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionError {}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> PositionError {
        PositionError::Fen(e)
    }
}

impl From<SetupError> for PositionError {
    fn from(e: SetupError) -> PositionError {
        PositionError::Setup(e)
    }
}
