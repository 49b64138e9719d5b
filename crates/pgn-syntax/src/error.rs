//! Locations and syntax errors.

use std::fmt;

/// A 1-based line and column (columns count characters, a tab counts as one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line number, starting at 1.
    pub line: u32,
    /// Column number, starting at 1.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong with the PGN text itself (before any game is considered).
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

impl std::error::Error for SyntaxError {}
