//! Colours, piece roles, pieces, squares and castling rights (Arts. 1–2).

use std::fmt;
use std::str::FromStr;

/// The two sides (Art. 2.1). White moves first (Art. 3.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent's colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter for the side to move: `w` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// "white" or "black".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The six kinds of piece (Art. 2.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (Art. 5.6).
    Pawn = 0,
    /// Knight (Art. 5.5).
    Knight = 1,
    /// Bishop (Art. 5.3).
    Bishop = 2,
    /// Rook (Art. 5.4).
    Rook = 3,
    /// Queen (Art. 5.2).
    Queen = 4,
    /// King (Art. 5.1).
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may be promoted to (Art. 5.6(4)), strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// Index 0 (pawn) to 5 (king).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter: `P`, `N`, `B`, `R`, `Q`, `K`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case letter used in UCI promotions: `n`, `b`, `r`, `q`.
    #[must_use]
    pub const fn lower_char(self) -> char {
        self.char().to_ascii_lowercase()
    }

    /// Parses a role letter in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The role with the given index (0 = pawn ... 5 = king).
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < 6 { Some(Role::ALL[i]) } else { None }
    }

    /// The English name: "pawn", "knight", ...
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A piece: a role of a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What kind of piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.char(),
            Color::Black => self.role.lower_char(),
        }
    }

    /// Parses a FEN letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let Some(role) = Role::from_char(c) else {
            return None;
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// A square of the board (Art. 1.3–1.4): a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

macro_rules! square_consts {
    ($($name:ident = $i:expr),* $(,)?) => {
        impl Square { $(
            #[allow(missing_docs)]
            pub const $name: Square = Square($i);
        )* }
    };
}

square_consts!(
    A1 = 0,
    B1 = 1,
    C1 = 2,
    D1 = 3,
    E1 = 4,
    F1 = 5,
    G1 = 6,
    H1 = 7,
    A2 = 8,
    B2 = 9,
    C2 = 10,
    D2 = 11,
    E2 = 12,
    F2 = 13,
    G2 = 14,
    H2 = 15,
    A3 = 16,
    B3 = 17,
    C3 = 18,
    D3 = 19,
    E3 = 20,
    F3 = 21,
    G3 = 22,
    H3 = 23,
    A4 = 24,
    B4 = 25,
    C4 = 26,
    D4 = 27,
    E4 = 28,
    F4 = 29,
    G4 = 30,
    H4 = 31,
    A5 = 32,
    B5 = 33,
    C5 = 34,
    D5 = 35,
    E5 = 36,
    F5 = 37,
    G5 = 38,
    H5 = 39,
    A6 = 40,
    B6 = 41,
    C6 = 42,
    D6 = 43,
    E6 = 44,
    F6 = 45,
    G6 = 46,
    H6 = 47,
    A7 = 48,
    B7 = 49,
    C7 = 50,
    D7 = 51,
    E7 = 52,
    F7 = 53,
    G7 = 54,
    H7 = 55,
    A8 = 56,
    B8 = 57,
    C8 = 58,
    D8 = 59,
    E8 = 60,
    F8 = 61,
    G8 = 62,
    H8 = 63,
);

impl Square {
    /// The square with this index (0 = a1 ... 63 = h8).
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Index known to be below 64 (masked, so never out of range).
    #[inline]
    pub(crate) const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    #[inline]
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// 0 (a1) to 63 (h8).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for the a-file ... 7 for the h-file.
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 for rank 1 ... 7 for rank 8.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The file letter, `a` to `h`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1` to `8`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The same square seen from Black's side (a1 ↔ a8).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// `true` for the light squares (h1 is light, Art. 1.2).
    #[inline]
    #[must_use]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// The square `delta` steps away in index terms, if on the board.
    #[inline]
    pub(crate) const fn offset(self, delta: i8) -> Option<Square> {
        let i = self.0 as i16 + delta as i16;
        if i >= 0 && i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// Why a square name could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name (expected a file a-h then a rank 1-8, like e4)")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseSquareError),
        }
    }
}

/// Which side a castling move goes to (Art. 5.1(2)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CastlingSide {
    /// Towards the h-file rook (`O-O`).
    KingSide,
    /// Towards the a-file rook (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The rook's original square for `color`.
    #[must_use]
    pub const fn rook_square(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::H1,
            (Color::White, CastlingSide::QueenSide) => Square::A1,
            (Color::Black, CastlingSide::KingSide) => Square::H8,
            (Color::Black, CastlingSide::QueenSide) => Square::A8,
        }
    }

    /// Where the king lands.
    #[must_use]
    pub const fn king_target(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::G1,
            (Color::White, CastlingSide::QueenSide) => Square::C1,
            (Color::Black, CastlingSide::KingSide) => Square::G8,
            (Color::Black, CastlingSide::QueenSide) => Square::C8,
        }
    }

    /// Where the rook lands (the square the king crosses).
    #[must_use]
    pub const fn rook_target(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::F1,
            (Color::White, CastlingSide::QueenSide) => Square::D1,
            (Color::Black, CastlingSide::KingSide) => Square::F8,
            (Color::Black, CastlingSide::QueenSide) => Square::D8,
        }
    }

    const fn bit(self, color: Color) -> u8 {
        1 << (color as u8 * 2 + self as u8)
    }
}

/// The king's original square for `color` (e1 / e8).
#[must_use]
pub const fn king_home(color: Color) -> Square {
    match color {
        Color::White => Square::E1,
        Color::Black => Square::E8,
    }
}

/// Which castling rights remain (Art. 5.1(5)): `K`, `Q`, `k`, `q` in FEN.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights at all (`-` in FEN).
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights (`KQkq`).
    pub const ALL: CastlingRights = CastlingRights(15);

    /// Whether `color` may still castle on `side` (the permanent condition).
    #[inline]
    #[must_use]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & side.bit(color) != 0
    }

    /// Adds or removes one right.
    pub fn set(&mut self, color: Color, side: CastlingSide, on: bool) {
        if on {
            self.0 |= side.bit(color);
        } else {
            self.0 &= !side.bit(color);
        }
    }

    /// `true` if no right remains.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The four rights as bits (K = 1, Q = 2, k = 4, q = 8).
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// From bits (K = 1, Q = 2, k = 4, q = 8); higher bits are ignored.
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 15)
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN field: `KQkq`, `Kq`, `-`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (c, color, side) in [
            ('K', Color::White, CastlingSide::KingSide),
            ('Q', Color::White, CastlingSide::QueenSide),
            ('k', Color::Black, CastlingSide::KingSide),
            ('q', Color::Black, CastlingSide::QueenSide),
        ] {
            if self.has(color, side) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
