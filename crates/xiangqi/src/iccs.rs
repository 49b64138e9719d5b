//! Coordinate notation (ICCS, as UCCI engines write it): `h2e2`.

use crate::moves::Move;
use crate::position::Position;
use crate::types::Square;
use crate::verdict::IllegalReason;
use std::fmt;

/// Why a coordinate move was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IccsError {
    /// Not of the form file, rank, file, rank (`h2e2`; `h2-e2`, upper case
    /// and full-width characters are read too). Holds the text.
    Malformed(String),
    /// Names the same point twice (`e1e1`): no piece moves, so it is a
    /// slip of recording, not a move a player could make. Holds the text.
    SamePoint(String),
    /// Well-formed but not legal in the position, with the rule it breaks.
    Illegal {
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
}

impl fmt::Display for IccsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IccsError::Malformed(s) => write!(
                f,
                "malformed coordinate move '{s}': expected file a-i, rank 0-9, file, rank (h2e2)"
            ),
            IccsError::SamePoint(s) => write!(
                f,
                "'{s}' names the same point twice: a move takes a piece from one point to another"
            ),
            IccsError::Illegal { mv, reason } => write!(f, "illegal move {mv}: {reason}"),
        }
    }
}

impl std::error::Error for IccsError {}

/// Folds full-width ASCII forms (Ａ-Ｚ, ０-９, －) to ASCII and upper to lower case.
pub(crate) fn fold_char(c: char) -> char {
    fold_width(c).to_ascii_lowercase()
}

/// Folds full-width ASCII forms (Ａ-Ｚ, ０-９, －, the ideographic space) to
/// ASCII, keeping the case.
pub(crate) fn fold_width(c: char) -> char {
    match u32::from(c) {
        0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
        0x3000 => ' ',
        _ => c,
    }
}

fn square(file: char, rank: char) -> Option<Square> {
    let f = u32::from(file).checked_sub(u32::from('a'))?;
    let r = rank.to_digit(10)?;
    Square::from_coords(u8::try_from(f).ok()?, u8::try_from(r).ok()?)
}

impl Move {
    /// Reads a coordinate move (syntax only): `h2e2`, leniently — upper
    /// case (`H2E2`), full-width letters and digits, a `-` between the
    /// points and surrounding spaces are accepted. Both file letters are in
    /// one case: `E1e3` is not coordinates (it is algebraic, an elephant
    /// from the first rank to e3, see the `san` module).
    pub fn from_iccs(text: &str) -> Result<Move, IccsError> {
        let folded: Vec<char> = text
            .chars()
            .map(fold_width)
            .filter(|c| !c.is_whitespace())
            .collect();
        let chars: Vec<char> = match folded.as_slice() {
            [a, b, '-', c, d] => vec![*a, *b, *c, *d],
            other => other.to_vec(),
        };
        let malformed = || IccsError::Malformed(text.to_string());
        match chars.as_slice() {
            [a, b, c, d] if a.is_ascii_uppercase() == c.is_ascii_uppercase() => {
                let from = square(a.to_ascii_lowercase(), *b).ok_or_else(malformed)?;
                let to = square(c.to_ascii_lowercase(), *d).ok_or_else(malformed)?;
                if from == to {
                    return Err(IccsError::SamePoint(text.to_string()));
                }
                Ok(Move::new(from, to))
            }
            _ => Err(malformed()),
        }
    }

    /// The move in coordinate notation, lower case: `h2e2`.
    #[must_use]
    pub fn to_iccs(self) -> String {
        self.to_string()
    }
}

impl Position {
    /// Reads a coordinate move and checks it is legal here.
    pub fn parse_iccs(&self, text: &str) -> Result<Move, IccsError> {
        let mv = Move::from_iccs(text)?;
        match self.why_illegal(mv) {
            None => Ok(mv),
            Some(reason) => Err(IccsError::Illegal { mv, reason }),
        }
    }
}
