//! Facts that the perpetual-check and perpetual-chase rules (禁例, which
//! xq 4.1.7 and 4.2.3 refer to) are judged on: whether a move gives check,
//! and which opposing pieces it newly attacks and whether each is protected.
//!
//! These are facts only; the arbiter's judgement (which attacks count as a
//! chase — the general and soldiers that have not crossed the river do not
//! chase, a horse or cannon attacking a chariot counts even if it is
//! protected, and so on) is made on them in `prohibitions`
//! ([`Position::move_kind`], [`crate::RepetitionTracker`]).

use crate::moves::Move;
use crate::position::{Position, attackers_on, exposure};
use crate::types::{Color, Piece, Role, SQUARES, Square};

/// One new threat created by a move: `attacker` could capture `target` on
/// the next move (legally — the capture would not expose the attacker's own
/// general), and could not before the move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NewAttack {
    /// Where the attacking piece stands after the move (the moved piece's
    /// destination, or a piece the move uncovered or gave a screen).
    pub attacker: Square,
    /// The attacking piece.
    pub attacker_piece: Piece,
    /// The opposing piece attacked.
    pub target: Square,
    /// What it is.
    pub target_piece: Piece,
    /// Whether its side could legally recapture on `target` after the
    /// attacker took it (有根).
    pub protected: bool,
}

/// What a move does that the repetition rules look at.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveFacts {
    /// The move.
    pub mv: Move,
    /// Whether it gives check (将).
    pub gives_check: bool,
    /// Opposing pieces other than the general that it newly attacks, each
    /// with the attacker; in board order of the target, then the attacker.
    pub new_attacks: Vec<NewAttack>,
}

fn piece_at(board: &[u8; SQUARES], sq: Square) -> Option<Piece> {
    board.get(sq.index()).copied().and_then(Piece::from_code)
}

/// Moves a piece on a scratch board (from and to in range by type).
fn shift(board: &mut [u8; SQUARES], from: Square, to: Square) {
    let moving = board.get(from.index()).copied().unwrap_or(0);
    if let Some(b) = board.get_mut(to.index()) {
        *b = moving;
    }
    if let Some(b) = board.get_mut(from.index()) {
        *b = 0;
    }
}

/// Whether the piece of colour `side` on `from` may capture on `to` on this
/// board without exposing its own general (standing on `general`).
fn capture_is_legal(
    board: &[u8; SQUARES],
    from: Square,
    to: Square,
    side: Color,
    general: Square,
) -> bool {
    let mut b = *board;
    let g = if from == general { to } else { general };
    shift(&mut b, from, to);
    exposure(&b, g, side).is_none()
}

impl Position {
    /// Whether a legal move gives check. `false` for an illegal move.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        self.play(m).is_ok_and(|p| p.is_check())
    }

    /// The repetition facts of a move; `None` if the move is illegal.
    #[must_use]
    pub fn move_facts(&self, m: Move) -> Option<MoveFacts> {
        let after = self.play(m).ok()?;
        let us = self.turn();
        let them = us.opposite();
        let before_board = self.board_array();
        let board = after.board_array();
        let our_general = after.general(us);
        let their_general = after.general(them);
        let mut new_attacks = Vec::new();
        for target in after.occupied_by(them).iter() {
            let Some(target_piece) = piece_at(board, target) else {
                continue;
            };
            if target_piece.role == Role::General {
                continue;
            }
            let before = attackers_on(before_board, target, us);
            for attacker in attackers_on(board, target, us).iter() {
                let old_square = if attacker == m.to { m.from } else { attacker };
                if before.contains(old_square) {
                    continue;
                }
                if !capture_is_legal(board, attacker, target, us, our_general) {
                    continue;
                }
                let Some(attacker_piece) = piece_at(board, attacker) else {
                    continue;
                };
                let mut taken = *board;
                shift(&mut taken, attacker, target);
                let protected = attackers_on(&taken, target, them)
                    .iter()
                    .any(|r| capture_is_legal(&taken, r, target, them, their_general));
                new_attacks.push(NewAttack {
                    attacker,
                    attacker_piece,
                    target,
                    target_piece,
                    protected,
                });
            }
        }
        Some(MoveFacts {
            mv: m,
            gives_check: after.is_check(),
            new_attacks,
        })
    }
}
