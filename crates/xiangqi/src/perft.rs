//! Perft: counting the leaves of the legal move tree, for testing move
//! generation against published and independently computed numbers.

use crate::position::Position;

/// The number of legal move sequences of length `depth` (copy-make at
/// every ply; the last ply is made in a loop, every leaf copied and played).
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        for &m in &moves {
            let mut leaf = *pos;
            leaf.play_unchecked(m);
            std::hint::black_box(&leaf);
        }
        return moves.len() as u64;
    }
    let mut n = 0;
    for &m in &moves {
        let mut next = *pos;
        next.play_unchecked(m);
        n += perft(&next, depth - 1);
    }
    n
}

/// As [`perft`], but counting the legal moves at the last ply instead of
/// making them (bulk counting).
#[must_use]
pub fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let moves = pos.legal_moves();
            let mut n = 0;
            for &m in &moves {
                let mut next = *pos;
                next.play_unchecked(m);
                n += perft_bulk(&next, depth - 1);
            }
            n
        }
    }
}
