//! Errors of the PGN reader and of replaying its moves.

use std::fmt;

use crate::{PositionError, SanError};

use pgn_syntax::{Location, SyntaxError};

/// Why a game could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The text is not PGN.
    Syntax(SyntaxError),
    /// The `FEN` tag does not describe a legal position.
    BadFen(PositionError),
    /// `[SetUp "1"]` without a `FEN` tag to say what was set up.
    SetUpWithoutFen,
    /// A main-line move that is malformed, illegal or ambiguous.
    Move {
        /// Which half-move of the game (1 = the first move played).
        ply: usize,
        /// Its move number (PGN standard 8.2.2).
        number: u32,
        /// Whether Black made it (`12...`) rather than White (`12.`).
        black: bool,
        /// Why the SAN gives no legal move.
        error: SanError,
    },
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Syntax(e) => e.fmt(f),
            PgnErrorKind::BadFen(e) => write!(f, "FEN tag: {e}"),
            PgnErrorKind::SetUpWithoutFen => f.write_str("SetUp tag \"1\" without a FEN tag"),
            PgnErrorKind::Move {
                number,
                black,
                error,
                ..
            } => {
                let side = if *black { "Black" } else { "White" };
                write!(f, "move {number} ({side}): {error}")
            }
        }
    }
}

/// An error located in the PGN text (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// Line of the faulty token, starting at 1.
    pub line: u32,
    /// Column of the faulty token, starting at 1.
    pub column: u32,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl PgnError {
    /// An error at `location`.
    pub fn new(location: Location, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: location.line,
            column: location.column,
            kind,
        }
    }

    /// Where the error is.
    pub fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    /// The message without the location.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}
