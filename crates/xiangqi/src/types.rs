//! Colours, roles, pieces and squares.

use std::fmt;

/// The two sides. Red moves first and starts on ranks 0–4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// 红方: upper-case letters in FEN, ranks 0–4 at the start.
    Red,
    /// 黑方: lower-case letters in FEN, ranks 5–9 at the start.
    Black,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[must_use]
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move as written: `w` for Red, `b` for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// "Red" or "Black".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将: one step orthogonally inside the palace.
    General,
    /// 仕/士: one step diagonally inside the palace.
    Advisor,
    /// 相/象: two steps diagonally, not over an occupied eye, not across the river.
    Elephant,
    /// 马: one step orthogonally then one diagonally outward, not over an occupied leg.
    Horse,
    /// 车: any distance orthogonally.
    Chariot,
    /// 炮: moves like a chariot, captures by jumping exactly one screen.
    Cannon,
    /// 兵/卒: one step forward; also sideways once across the river.
    Soldier,
}

impl Role {
    /// All roles, general first.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// 0..7 in the order of [`Role::ALL`].
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case FEN letter as written by this crate (K A B N R C P).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Reads a FEN letter in either case, accepting both conventions:
    /// K, A, B or E (elephant), N or H (horse), R, C, P.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'K' => Some(Role::General),
            'A' => Some(Role::Advisor),
            'B' | 'E' => Some(Role::Elephant),
            'N' | 'H' => Some(Role::Horse),
            'R' => Some(Role::Chariot),
            'C' => Some(Role::Cannon),
            'P' => Some(Role::Soldier),
            _ => None,
        }
    }

    /// The English name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// Whether the piece can ever cross the river (general, advisor and
    /// elephant cannot).
    #[must_use]
    pub const fn is_attacker(self) -> bool {
        matches!(
            self,
            Role::Horse | Role::Chariot | Role::Cannon | Role::Soldier
        )
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: colour and role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// A piece of that colour and role.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter as written: upper case for Red (K A B N R C P).
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::Red => self.role.char(),
            Color::Black => self.role.char().to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter: upper case Red, lower case Black; both letter
    /// conventions (B/E, N/H) are accepted.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// The compact code used on the internal board: 1–7 Red, 9–15 Black.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.role as u8 + 1) | ((self.color as u8) << 3)
    }

    /// The inverse of [`Piece::code`]; `None` for an empty square.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        let color = if code & 8 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let role = match code & 7 {
            1 => Role::General,
            2 => Role::Advisor,
            3 => Role::Elephant,
            4 => Role::Horse,
            5 => Role::Chariot,
            6 => Role::Cannon,
            7 => Role::Soldier,
            _ => return None,
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

/// Number of files (a–i).
pub const FILES: u8 = 9;
/// Number of ranks (0–9).
pub const RANKS: u8 = 10;
/// Number of points on the board.
pub const SQUARES: usize = 90;

/// A point of the board, `rank * 9 + file`; file 0 = `a` (Red's left),
/// rank 0 = Red's back rank. Always in range by construction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with that index (0..90).
    #[must_use]
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on that file (0..9) and rank (0..10).
    #[must_use]
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// Like [`Square::from_coords`] with signed coordinates (for offsets).
    #[must_use]
    #[inline]
    pub const fn from_signed(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32 {
            Some(Square((rank * FILES as i32 + file) as u8))
        } else {
            None
        }
    }

    /// Only for indices known to be in range (tables and loops over 0..90).
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// 0..90.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (`a`) ..= 8 (`i`).
    #[must_use]
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0 ..= 9, rank 0 being Red's back rank.
    #[must_use]
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// Whether the point lies in that side's palace (files d–f, ranks 0–2
    /// for Red and 7–9 for Black).
    #[must_use]
    #[inline]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Whether the point lies on that side's own half (before the river).
    #[must_use]
    #[inline]
    pub const fn on_own_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// The rank counted from that side's back rank (0..10).
    #[must_use]
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Red => self.rank(),
            Color::Black => 9 - self.rank(),
        }
    }

    /// Every square, a0 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

/// Text that is not a point in ICCS coordinates (`a0` to `i9`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a point: expected a file a-i and a rank 0-9",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl std::str::FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `e0` (upper case too).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_string());
        match s.as_bytes() {
            [f, r] => {
                let f = f.to_ascii_lowercase().checked_sub(b'a').ok_or_else(err)?;
                let r = r.checked_sub(b'0').ok_or_else(err)?;
                Square::from_coords(f, r).ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Square {
    /// ICCS coordinates: `e0`, `h7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file()),
            char::from(b'0' + self.rank())
        )
    }
}
