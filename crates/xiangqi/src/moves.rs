//! Moves and fixed-capacity move lists.

use crate::types::Square;
use std::fmt;

/// A move: from one point to another. Xiangqi has no special moves, so this
/// is all a move is. Displayed in ICCS coordinates (`h2e2`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point it goes to (capturing whatever stands there).
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to` (not checked for legality).
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Room in a [`MoveList`]. No legal position has more pseudo-legal moves:
/// 2 chariots and 2 cannons make at most 17 each, 2 horses 8 each,
/// 5 soldiers 3 each, 2 advisors and 2 elephants 4 each, the general 4 —
/// 119 in all.
pub const MAX_MOVES: usize = 128;

const NULL_MOVE: Move = Move {
    from: Square::from_index_unchecked(0),
    to: Square::from_index_unchecked(0),
};

/// A list of moves on the stack; never allocates. Pushing beyond
/// [`MAX_MOVES`] is ignored (it cannot happen for a valid position).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [NULL_MOVE; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The moves.
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }

    /// Number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
