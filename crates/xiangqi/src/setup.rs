//! `Setup`: a raw board description that may be illegal; FEN; and the
//! problems that keep a setup from being a [`crate::Position`].

use crate::types::{Color, FILES, Piece, RANKS, Role, SQUARES, Square};
use std::fmt;

/// A raw position: nothing is checked. Turn it into a [`crate::Position`]
/// with [`crate::Position::from_setup`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// What stands on each point, indexed by [`Square::index`].
    pub board: [Option<Piece>; SQUARES],
    /// The side to move.
    pub turn: Color,
    /// Half-moves since the last capture (xq 4.2.4 counts moves without a
    /// capture). Playing a move stops it at [`MAX_FEN_COUNTER`] rather than
    /// overflow.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and incremented after Black's move
    /// (0 is read as 1).
    pub fullmove_number: u32,
}

/// The FEN of the initial position, in the form this crate writes.
pub const STARTING_FEN: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The largest half-move clock or move number a FEN may give: the largest
/// the counters hold. FEN reads every counter a position can have, so that
/// every position's FEN reads back as the same position; a larger number is
/// refused ([`FenError::CounterTooLarge`]), never wrapped or cut. Playing a
/// move stops a counter at this value rather than overflow (no real game
/// comes near it).
pub const MAX_FEN_COUNTER: u32 = u32::MAX;

/// A FEN record that is not well-formed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Not 2–6 whitespace-separated fields.
    FieldCount(usize),
    /// The placement does not have 10 ranks separated by `/`.
    RankCount(usize),
    /// A rank (counted 9 down to 0 as written, top first) describes more or
    /// fewer than 9 points.
    RankLength {
        /// The rank (0–9, rank 9 is written first).
        rank: u8,
        /// How many points it describes.
        points: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    BadPlacementChar {
        /// The rank it is on.
        rank: u8,
        /// The character.
        found: char,
    },
    /// The side to move is not `w`, `r` (Red) or `b` (Black).
    BadTurn(String),
    /// A move counter is not a whole number written in the digits 0–9.
    BadCounter {
        /// Which: "half-move clock" or "move number".
        field: &'static str,
        /// The text found.
        found: String,
    },
    /// A move counter is a whole number larger than [`MAX_FEN_COUNTER`].
    CounterTooLarge {
        /// Which: "half-move clock" or "move number".
        field: &'static str,
        /// The text found.
        found: String,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid FEN: ")?;
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "expected placement, side to move and up to four more fields, found {n} fields"
            ),
            FenError::RankCount(n) => {
                write!(f, "expected 10 ranks separated by '/', found {n}")
            }
            FenError::RankLength { rank, points } => {
                write!(f, "rank {rank} describes {points} points, not 9")
            }
            FenError::BadPlacementChar { rank, found } => write!(
                f,
                "rank {rank}: '{found}' is neither a piece letter (KABENHRCP) nor a digit 1-9"
            ),
            FenError::BadTurn(s) => {
                write!(f, "side to move must be 'w', 'r' or 'b', found '{s}'")
            }
            FenError::BadCounter { field, found } => write!(
                f,
                "{field} must be a whole number (digits 0-9), found '{found}'"
            ),
            FenError::CounterTooLarge { field, found } => write!(
                f,
                "{field} {found} is larger than the largest counter, {MAX_FEN_COUNTER}"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// One reason a [`Setup`] is not a legal position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetupProblem {
    /// That side has no general.
    MissingGeneral(Color),
    /// More pieces of a kind than a side has (1 general, 2 advisors,
    /// elephants, horses, chariots, cannons, 5 soldiers): side, role, count.
    TooMany(Color, Role, u8),
    /// A general outside its palace.
    GeneralOutsidePalace(Color, Square),
    /// An advisor off the five points of its palace diagonals.
    AdvisorOffPoint(Color, Square),
    /// An elephant off the seven points it can reach on its side.
    ElephantOffPoint(Color, Square),
    /// A soldier behind its starting rank (soldiers never move backward).
    SoldierBehindStart(Color, Square),
    /// A soldier that has not crossed the river but is off the five
    /// starting files (it can move sideways only after crossing).
    SoldierOffStartFile(Color, Square),
    /// The side not to move is in check: it would be captured.
    OppositeCheck(Color),
    /// The two generals face each other on an open file (xq 4.1.2).
    GeneralsFacing,
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::MissingGeneral(c) => write!(f, "{c} has no general"),
            SetupProblem::TooMany(c, role, n) => {
                let max = match role {
                    Role::General => 1,
                    Role::Soldier => 5,
                    _ => 2,
                };
                write!(
                    f,
                    "{c} has {n} of kind {role}, more than the {max} a side has"
                )
            }
            SetupProblem::GeneralOutsidePalace(c, sq) => {
                write!(f, "{c} general on {sq} is outside the palace")
            }
            SetupProblem::AdvisorOffPoint(c, sq) => {
                write!(
                    f,
                    "{c} advisor on {sq}: advisors stand only on the palace diagonals"
                )
            }
            SetupProblem::ElephantOffPoint(c, sq) => write!(
                f,
                "{c} elephant on {sq}: elephants stand only on their seven points on their own side"
            ),
            SetupProblem::SoldierBehindStart(c, sq) => {
                write!(
                    f,
                    "{c} soldier on {sq} is behind the soldiers' starting rank"
                )
            }
            SetupProblem::SoldierOffStartFile(c, sq) => write!(
                f,
                "{c} soldier on {sq} has not crossed the river but is off the starting files"
            ),
            SetupProblem::OppositeCheck(c) => {
                write!(f, "{c} is not to move but is in check")
            }
            SetupProblem::GeneralsFacing => {
                f.write_str("the generals face each other on an open file (xq 4.1.2)")
            }
        }
    }
}

/// Every problem that keeps a [`Setup`] from being a legal position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupError {
    /// The problems, in the order found (board points a0 upward, then
    /// counts, then checks).
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            p.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

/// Whether an advisor of that colour may stand on `sq`.
#[must_use]
pub fn is_advisor_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.relative_rank(color));
    matches!((f, r), (3 | 5, 0 | 2) | (4, 1))
}

/// Whether an elephant of that colour may stand on `sq`.
#[must_use]
pub fn is_elephant_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.relative_rank(color));
    matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
}

impl Setup {
    /// An empty board, Red to move, counters 0 and 1.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: [None; SQUARES],
            turn: Color::Red,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The initial position.
    #[must_use]
    pub fn startpos() -> Setup {
        Setup::from_fen(STARTING_FEN).unwrap_or_else(|_| Setup::empty())
    }

    /// The piece on a point.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// Puts a piece (or nothing) on a point.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(slot) = self.board.get_mut(sq.index()) {
            *slot = piece;
        }
    }

    /// Parses FEN (syntax only). Red is upper case. Both letter conventions
    /// are read: K, A, B or E (elephant), N or H (horse), R, C, P. The side to
    /// move is `w` or `r` for Red, `b` for Black. The third and fourth fields
    /// (`- -` in engine FEN) are ignored whatever they hold, and may be left
    /// out before the counters (`... w 0 1`); the half-move clock and move
    /// number may be left out (they then default to 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut setup = Setup::empty();
        parse_placement(fields[0], &mut setup.board)?;
        setup.turn = match fields[1] {
            "w" | "W" | "r" | "R" => Color::Red,
            "b" | "B" => Color::Black,
            other => return Err(FenError::BadTurn(other.to_string())),
        };
        // Some writers leave out the two `-` fields: "... w 0 1".
        let numeric = |s: &&str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let counters = if fields.len() == 4 && fields[2..].iter().all(numeric) {
            &fields[2..]
        } else {
            fields.get(4..).unwrap_or(&[])
        };
        if let Some(s) = counters.first() {
            setup.halfmove_clock = parse_counter(s, "half-move clock")?;
        }
        if let Some(s) = counters.get(1) {
            setup.fullmove_number = parse_counter(s, "move number")?;
        }
        Ok(setup)
    }

    /// The placement field of FEN, upper case Red, letters K A B N R C P.
    #[must_use]
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(100);
        for rank in (0..RANKS).rev() {
            let mut empty = 0u8;
            for file in 0..FILES {
                match Square::from_coords(file, rank).and_then(|s| self.piece_at(s)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// FEN as engines write it: placement with letters K A B N R C P (upper
    /// case Red), `w` or `b`, `- -`, half-move clock, move number.
    #[must_use]
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            self.board_fen(),
            self.turn.fen_char(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

fn parse_placement(field: &str, board: &mut [Option<Piece>; SQUARES]) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != usize::from(RANKS) {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else if let Some(p) = Piece::from_char(c) {
                if let Some(sq) = u8::try_from(file)
                    .ok()
                    .and_then(|f| Square::from_coords(f, rank))
                    && let Some(slot) = board.get_mut(sq.index())
                {
                    *slot = Some(p);
                }
                file += 1;
            } else {
                return Err(FenError::BadPlacementChar { rank, found: c });
            }
            if file > usize::from(FILES) {
                return Err(FenError::RankLength { rank, points: file });
            }
        }
        if file != usize::from(FILES) {
            return Err(FenError::RankLength { rank, points: file });
        }
    }
    Ok(())
}

/// A FEN move counter: ASCII digits only (no sign), at most
/// [`MAX_FEN_COUNTER`]. Leading zeros are read (`007` is 7).
fn parse_counter(s: &str, field: &'static str) -> Result<u32, FenError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::BadCounter {
            field,
            found: s.to_string(),
        });
    }
    // All digits, so the only failure left is a number too large for the
    // counter (MAX_FEN_COUNTER is u32::MAX).
    s.parse::<u32>()
        .ok()
        .ok_or_else(|| FenError::CounterTooLarge {
            field,
            found: s.to_string(),
        })
}
