//! Perft: counting the leaves of the legal move tree, the standard test of a
//! move generator.

use crate::bitboard::Bitboard;
use crate::moves::MoveList;
use crate::position::Position;

/// Leaf count at `depth`, making every move down to depth 0.
///
/// Every leaf is played (copied and made, the result kept in memory through
/// [`std::hint::black_box`]); the last ply is made in a loop instead of one
/// call per leaf.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.generate(&mut moves, Bitboard::FULL, Bitboard::FULL);
    if depth == 1 {
        for &m in &moves {
            let mut child = *pos;
            child.play_inner(m);
            std::hint::black_box(&child);
        }
        return moves.len() as u64;
    }
    let mut n = 0;
    for &m in &moves {
        let mut child = *pos;
        child.play_inner(m);
        n += perft(&child, depth - 1);
    }
    n
}

/// Leaf count at `depth`, counting the legal moves at depth 1 instead of
/// making them ("bulk counting").
#[must_use]
pub fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut moves = MoveList::new();
            pos.generate(&mut moves, Bitboard::FULL, Bitboard::FULL);
            let mut n = 0;
            for &m in &moves {
                let mut child = *pos;
                child.play_inner(m);
                n += perft_bulk(&child, depth - 1);
            }
            n
        }
    }
}
