//! Errors of the PGN reader and of replaying its moves.

use std::fmt;

use crate::{PositionError, SanError};

use super::reader::Location;

/// What is wrong with the PGN text itself (before any chess is considered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    /// `[` not followed by a tag name.
    MissingTagName,
    /// A tag name not followed by a quoted value.
    MissingTagValue,
    /// A tag value whose closing quote is missing on its line.
    UnterminatedTagValue,
    /// A tag pair whose closing `]` is missing.
    UnterminatedTag,
    /// A `{` comment never closed.
    UnterminatedComment,
    /// A `(` variation still open at the end of the game.
    UnterminatedVariation,
    /// A `)` without its `(`.
    UnmatchedVariationEnd,
    /// A game termination marker inside a variation.
    ResultInVariation,
    /// `$` not followed by a number from 0 to 255.
    BadNag,
    /// A run of `!` and `?` that is none of `!`, `?`, `!!`, `??`, `!?`, `?!`.
    BadSuffix,
    /// A token starting with a digit that is neither a move number, a result
    /// nor castling with zeros.
    UnexpectedToken,
    /// A character that cannot start any movetext token.
    UnexpectedChar(char),
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxError::MissingTagName => f.write_str("tag pair without a tag name"),
            SyntaxError::MissingTagValue => f.write_str("tag name not followed by a quoted value"),
            SyntaxError::UnterminatedTagValue => {
                f.write_str("tag value not closed by a quote on its line")
            }
            SyntaxError::UnterminatedTag => f.write_str("tag pair not closed by ']'"),
            SyntaxError::UnterminatedComment => f.write_str("comment '{' never closed by '}'"),
            SyntaxError::UnterminatedVariation => f.write_str("variation '(' never closed by ')'"),
            SyntaxError::UnmatchedVariationEnd => f.write_str("')' without a matching '('"),
            SyntaxError::ResultInVariation => f.write_str("game result inside a variation"),
            SyntaxError::BadNag => f.write_str("'$' must be followed by a number from 0 to 255"),
            SyntaxError::BadSuffix => f.write_str("move suffix must be one of ! ? !! ?? !? ?!"),
            SyntaxError::UnexpectedToken => {
                f.write_str("token is neither a move number, a move nor a result")
            }
            SyntaxError::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
        }
    }
}

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
