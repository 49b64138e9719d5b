//! Moves and fixed-capacity move lists.

use crate::types::{Role, Square};
use std::fmt;

/// A move, packed in 32 bits: from-square, to-square, a 4-bit kind and the
/// role of the moving piece (so that making it needs no board look-up).
///
/// Castling is encoded as the king's two-square move (`e1g1`, `e1c1`). A move
/// is only meaningful together with the position it was generated in: the kind
/// bits (capture, en passant, double push) describe that position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

pub(crate) const QUIET: u16 = 0;
pub(crate) const DOUBLE_PUSH: u16 = 1;
pub(crate) const CASTLE_KING: u16 = 2;
pub(crate) const CASTLE_QUEEN: u16 = 3;
pub(crate) const CAPTURE: u16 = 4;
pub(crate) const EN_PASSANT: u16 = 5;
pub(crate) const PROMOTION: u16 = 8;
pub(crate) const PROMOTION_CAPTURE: u16 = 12;

impl Move {
    #[inline(always)]
    pub(crate) const fn new(from: Square, to: Square, kind: u16, role: Role) -> Move {
        Move(
            from.index() as u32
                | (to.index() as u32) << 6
                | (kind as u32) << 12
                | (role as u32) << 16,
        )
    }

    /// A promotion move; `role` must be a knight, bishop, rook or queen.
    #[inline(always)]
    pub(crate) const fn promotion_move(
        from: Square,
        to: Square,
        capture: bool,
        role: Role,
    ) -> Move {
        let base = if capture {
            PROMOTION_CAPTURE
        } else {
            PROMOTION
        };
        Move::new(
            from,
            to,
            base | ((role as u16).wrapping_sub(1) & 3),
            Role::Pawn,
        )
    }

    #[inline(always)]
    pub(crate) const fn kind(self) -> u16 {
        ((self.0 >> 12) & 15) as u16
    }

    /// Index (0..6) of the moving piece's role.
    #[inline(always)]
    pub(crate) const fn role_index(self) -> usize {
        (self.0 >> 16) as usize & 7
    }

    /// The role of the moving piece (the king for castling).
    #[inline]
    #[must_use]
    pub const fn role(self) -> Role {
        match self.role_index() {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }

    /// The square the piece leaves (the king's square for castling).
    #[inline(always)]
    #[must_use]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0 & 63)
    }

    /// The square the piece arrives on (the king's target for castling).
    #[inline(always)]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0 >> 6) & 63)
    }

    /// The piece a pawn is promoted to (Art. 5.6(4)), if any.
    #[inline]
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        let k = self.kind();
        if k & 8 != 0 {
            match k & 3 {
                0 => Some(Role::Knight),
                1 => Some(Role::Bishop),
                2 => Some(Role::Rook),
                _ => Some(Role::Queen),
            }
        } else {
            None
        }
    }

    /// Castling (Art. 5.1(2)), encoded as the king's two-square move.
    #[inline]
    #[must_use]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), CASTLE_KING | CASTLE_QUEEN)
    }

    /// An en-passant capture (Art. 5.6(3)).
    #[inline]
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        self.kind() == EN_PASSANT
    }

    /// A pawn's two-square advance from its original square (Art. 5.6(2)).
    #[inline]
    #[must_use]
    pub const fn is_double_push(self) -> bool {
        self.kind() == DOUBLE_PUSH
    }

    /// Whether the move captures (including en passant).
    #[inline]
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.kind() & 4 != 0
    }

    /// The move in UCI notation: `e2e4`, `e7e8q`, `e1g1`.
    #[must_use]
    pub fn to_uci(self) -> String {
        // Written directly: a position's legal moves are listed with every
        // answer, and the formatting machinery costs more than the move.
        let mut uci = String::with_capacity(5);
        for square in [self.from(), self.to()] {
            uci.push(square.file_char());
            uci.push(square.rank_char());
        }
        if let Some(role) = self.promotion() {
            uci.push(role.lower_char());
        }
        uci
    }
}

impl fmt::Display for Move {
    /// UCI notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.lower_char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = match self.kind() {
            DOUBLE_PUSH => " (double push)",
            CASTLE_KING | CASTLE_QUEEN => " (castle)",
            EN_PASSANT => " (en passant)",
            k if k & 4 != 0 => " (capture)",
            _ => "",
        };
        write!(f, "Move({self}{tag})")
    }
}

/// The most moves any legal chess position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves with fixed capacity (no heap allocation).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::default(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move; ignored when the list is full (never the case for
    /// moves generated from a legal position).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` if there are no moves.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether `m` is in the list.
    #[must_use]
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// Removes all moves.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().copied().map(Move::to_uci))
            .finish()
    }
}

impl std::ops::Index<usize> for MoveList {
    type Output = Move;
    fn index(&self, i: usize) -> &Move {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}
