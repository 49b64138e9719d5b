//! `Setup`: a raw board description that may be illegal, and FEN.

use crate::types::{CastlingRights, CastlingSide, Color, Piece, Square};
use std::fmt;

/// A raw position as written in FEN: nothing is checked except syntax.
/// Turn it into a [`crate::Position`] with [`crate::Position::from_setup`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// What stands on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// Remaining castling rights.
    pub castling: CastlingRights,
    /// The square behind a pawn that has just made a two-square move.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (Art. 10.12).
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmove_number: u32,
}

/// The FEN of the initial position (Art. 2.3).
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The six fields of a FEN record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FenField {
    /// The record as a whole (number of fields).
    Record,
    /// Piece placement.
    Board,
    /// Active colour.
    Turn,
    /// Castling availability.
    Castling,
    /// En-passant target square.
    EnPassant,
    /// Half-move clock.
    HalfmoveClock,
    /// Full-move number.
    FullmoveNumber,
}

impl FenField {
    fn name(self) -> &'static str {
        match self {
            FenField::Record => "record",
            FenField::Board => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "full-move number",
        }
    }
}

/// A FEN record that is not well-formed: which field and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// What is wrong with it.
    pub reason: String,
}

impl FenError {
    fn new(field: FenField, reason: impl Into<String>) -> FenError {
        FenError {
            field,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid FEN ({} field): {}",
            self.field.name(),
            self.reason
        )
    }
}

impl std::error::Error for FenError {}

impl Setup {
    /// An empty board, White to move, no rights, clocks 0 and 1.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The initial position (Art. 2.3).
    #[must_use]
    pub fn startpos() -> Setup {
        match Setup::from_fen(STARTING_FEN) {
            Ok(s) => s,
            Err(_) => Setup::empty(),
        }
    }

    /// Parses FEN (syntax only). The half-move clock and full-move number
    /// may be left out (EPD style); they then default to 0 and 1.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.len() < 4 {
            return Err(FenError::new(
                FenField::Record,
                format!(
                    "expected 6 fields (placement, side, castling, en passant, clocks), found {}",
                    fields.len()
                ),
            ));
        }
        if fields.len() > 6 {
            return Err(FenError::new(
                FenField::Record,
                format!("expected at most 6 fields, found {}", fields.len()),
            ));
        }
        let mut setup = Setup::empty();
        parse_board(fields[0], &mut setup.board)?;
        setup.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::new(
                    FenField::Turn,
                    format!("expected 'w' or 'b', found '{other}'"),
                ));
            }
        };
        setup.castling = parse_castling(fields[2])?;
        setup.ep_square = match fields[3] {
            "-" => None,
            s => match s.parse::<Square>() {
                Ok(sq) if sq.rank() == 2 || sq.rank() == 5 => Some(sq),
                Ok(sq) => {
                    return Err(FenError::new(
                        FenField::EnPassant,
                        format!("{sq} is not on the third or sixth rank"),
                    ));
                }
                Err(_) => {
                    return Err(FenError::new(
                        FenField::EnPassant,
                        format!("expected '-' or a square, found '{s}'"),
                    ));
                }
            },
        };
        if let Some(s) = fields.get(4) {
            setup.halfmove_clock = parse_counter(s, FenField::HalfmoveClock)?;
        }
        if let Some(s) = fields.get(5) {
            setup.fullmove_number = parse_counter(s, FenField::FullmoveNumber)?;
        }
        Ok(setup)
    }

    /// The piece-placement field of FEN.
    #[must_use]
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.board[usize::from(rank * 8 + file)] {
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

    /// Standard six-field FEN.
    #[must_use]
    pub fn to_fen(&self) -> String {
        let ep = self
            .ep_square
            .map_or_else(|| "-".to_string(), |s| s.to_string());
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.turn.char(),
            self.castling,
            ep,
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

fn parse_board(field: &str, board: &mut [Option<Piece>; 64]) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::new(
            FenField::Board,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::new(
                        FenField::Board,
                        format!(
                            "rank {}: empty-square count must be 1-8, found {d}",
                            rank + 1
                        ),
                    ));
                }
                file += d as usize;
            } else if let Some(p) = Piece::from_char(c) {
                if file < 8 {
                    board[rank * 8 + file] = Some(p);
                }
                file += 1;
            } else {
                return Err(FenError::new(
                    FenField::Board,
                    format!(
                        "rank {}: '{c}' is neither a piece letter nor a digit",
                        rank + 1
                    ),
                ));
            }
            if file > 8 {
                return Err(FenError::new(
                    FenField::Board,
                    format!("rank {} describes more than 8 squares", rank + 1),
                ));
            }
        }
        if file != 8 {
            return Err(FenError::new(
                FenField::Board,
                format!("rank {} describes {file} squares, not 8", rank + 1),
            ));
        }
    }
    Ok(())
}

fn parse_castling(field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let (color, side) = match c {
            'K' => (Color::White, CastlingSide::KingSide),
            'Q' => (Color::White, CastlingSide::QueenSide),
            'k' => (Color::Black, CastlingSide::KingSide),
            'q' => (Color::Black, CastlingSide::QueenSide),
            _ => {
                return Err(FenError::new(
                    FenField::Castling,
                    format!("expected '-' or letters from KQkq, found '{c}'"),
                ));
            }
        };
        if rights.has(color, side) {
            return Err(FenError::new(
                FenField::Castling,
                format!("'{c}' appears twice"),
            ));
        }
        rights.set(color, side, true);
    }
    Ok(rights)
}

/// The largest half-move clock or move number a FEN may give. No real game
/// comes near it, and it keeps the counters far from overflow however long a
/// game then goes on.
pub const MAX_FEN_COUNTER: u32 = 1_000_000;

/// Parses a FEN move counter: a whole number up to [`MAX_FEN_COUNTER`].
fn parse_counter(s: &str, field: FenField) -> Result<u32, FenError> {
    let value: u32 = s
        .parse()
        .map_err(|_| FenError::new(field, format!("not a number: '{s}'")))?;
    if value > MAX_FEN_COUNTER {
        return Err(FenError::new(
            field,
            format!("{value} is larger than {MAX_FEN_COUNTER}"),
        ));
    }
    Ok(value)
}
