//! Facts that the perpetual-check and perpetual-chase rules (禁例, which
//! xq 4.1.7 and 4.2.3 refer to) are judged on: whether a move gives check,
//! which opposing pieces it newly attacks and whether each is protected,
//! and whether it newly threatens mate (杀).
//!
//! These are facts only; the arbiter's judgement (which attacks count as a
//! chase — the general and soldiers that have not crossed the river do not
//! chase, a horse or cannon attacking a chariot counts even if it is
//! protected, and so on) is made on them in `prohibitions`
//! ([`Position::move_kind`], [`crate::RepetitionTracker`]).

use crate::moves::Move;
use crate::position::{Position, attackers_on, exposure};
use crate::types::{Color, Piece, Role, SQUARES, Square};

/// How many of its own moves a threat of mate (杀) may take: a move
/// threatens mate when, were the opponent to pass, the mover could mate by
/// giving check on each of its next moves, at most this many of them
/// (mate in one, two or three by consecutive checks: 连续照将).
pub const MATE_THREAT_MOVES: u8 = 3;

/// The most positions one search for a mate by checks looks at (a few
/// milliseconds): a bound on the work a move of a repeated cycle can cost,
/// whatever the position (reading one move makes two such searches, and a
/// few one-move ones for its captures and recaptures).
pub const MATE_SEARCH_BUDGET: u32 = 50_000;

/// What is left of a search's budget of positions, and whether it ran out
/// with work left undone (a search that finished exactly on its budget is
/// complete).
struct Budget {
    left: u32,
    ran_out: bool,
}

impl Budget {
    /// Spends one position; `false` (and marks the search cut off) when
    /// none is left.
    fn take(&mut self) -> bool {
        if self.left == 0 {
            self.ran_out = true;
            return false;
        }
        self.left -= 1;
        true
    }
}

/// One new threat created by a move: `attacker` could capture `target` on
/// the next move (legally — the capture would not expose the attacker's own
/// general), and could not before the move — or could, but `target` was
/// protected then and the move took its protection away (断根: the move
/// blocked its last protector, pinned it, or made its recapture one that is
/// mated at once; `undermined`).
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
    /// attacker took it (有根) — and, unless the move gives check, not be
    /// mated at once for it (a recapture mated on the spot is a false
    /// protection, 假根).
    pub protected: bool,
    /// The attack stood before the move, on the target then protected; the
    /// move took the protection away (断根). `protected` is then `false`.
    pub undermined: bool,
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

/// Whether the side `them` could legally take back on `target` after the
/// piece on `attacker` took what stands there (有根). `their_general` is
/// where their general stands.
fn is_protected(
    board: &[u8; SQUARES],
    attacker: Square,
    target: Square,
    them: Color,
    their_general: Square,
) -> bool {
    let mut taken = *board;
    shift(&mut taken, attacker, target);
    attackers_on(&taken, target, them)
        .iter()
        .any(|r| capture_is_legal(&taken, r, target, them, their_general))
}

/// Whether, with `ours` to move, taking on `target` with the piece on
/// `attacker` could be answered by a recapture that is not mated at once: a
/// protector whose recapture loses the game on the spot protects nothing
/// (假根). `true` when the capture itself is not legal (nothing to refine),
/// and when `ours` could mate at once anyway: then the mate is no fault of
/// the recapture, and the threat of it is judged as a threat of mate.
fn recapture_holds(ours: &Position, attacker: Square, target: Square) -> bool {
    let Ok(taken) = ours.play(Move::new(attacker, target)) else {
        return true;
    };
    if ours.mates_by_checks(1) {
        return true;
    }
    taken
        .legal_moves()
        .iter()
        .filter(|r| r.to == target)
        .any(|&r| {
            let mut back = taken;
            back.play_unchecked(r);
            !back.mates_by_checks(1)
        })
}

impl Position {
    /// Whether a legal move gives check. `false` for an illegal move.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        self.play(m).is_ok_and(|p| p.is_check())
    }

    /// Whether the side to move can mate by giving check on each of its
    /// moves, whatever the defence, within `moves` of its own moves. In
    /// Xiangqi a side without a legal move loses, so "mate" is: checked,
    /// and no legal reply. The search looks at most [`MATE_SEARCH_BUDGET`]
    /// positions; a mate it cannot find within them counts as none here
    /// (see [`Position::mate_threat`], which tells the two apart).
    #[must_use]
    pub fn mates_by_checks(&self, moves: u8) -> bool {
        self.mate_search(moves, MATE_SEARCH_BUDGET) == Some(true)
    }

    /// [`Position::mates_by_checks`], or `None` when the search ran out of
    /// its budget without finding a mate.
    fn mate_search(&self, moves: u8, budget: u32) -> Option<bool> {
        let mut budget = Budget {
            left: budget,
            ran_out: false,
        };
        let found = self.mates_within(moves, &mut budget);
        if found || !budget.ran_out {
            Some(found)
        } else {
            None
        }
    }

    fn mates_within(&self, moves: u8, budget: &mut Budget) -> bool {
        if moves == 0 {
            return false;
        }
        self.legal_moves().iter().any(|&m| {
            if !budget.take() {
                return false;
            }
            let mut checked = *self;
            checked.play_unchecked(m);
            if !checked.is_check() {
                return false;
            }
            let replies = checked.legal_moves();
            replies.is_empty()
                || (moves > 1
                    && replies.iter().all(|&r| {
                        let mut next = checked;
                        next.play_unchecked(r);
                        next.mates_within(moves - 1, budget)
                    }))
        })
    }

    /// Whether a legal move newly threatens mate (杀): it does not give
    /// check, and were the opponent to pass, the mover could mate by
    /// consecutive checks within [`MATE_THREAT_MOVES`] of its moves — which
    /// it could not before the move. `false` for an illegal move, and when
    /// the search could not decide ([`Position::mate_threat`]).
    #[must_use]
    pub fn threatens_mate(&self, m: Move) -> bool {
        self.mate_threat(m) == Some(true)
    }

    /// [`Position::threatens_mate`], or `None` when a search ran out of
    /// [`MATE_SEARCH_BUDGET`] before it could say (the position is too rich
    /// in checks for the bound): the arbiter's question then.
    #[must_use]
    pub fn mate_threat(&self, m: Move) -> Option<bool> {
        self.mate_threat_within(m, MATE_SEARCH_BUDGET)
    }

    fn mate_threat_within(&self, m: Move, budget: u32) -> Option<bool> {
        let Ok(after) = self.play(m) else {
            return Some(false);
        };
        if after.is_check() {
            return Some(false);
        }
        match after.passed().mate_search(MATE_THREAT_MOVES, budget)? {
            false => Some(false),
            true => self
                .mate_search(MATE_THREAT_MOVES, budget)
                .map(|before| !before),
        }
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
        let gives_check = after.is_check();
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
                let stood = before.contains(old_square);
                if !capture_is_legal(board, attacker, target, us, our_general) {
                    continue;
                }
                let Some(attacker_piece) = piece_at(board, attacker) else {
                    continue;
                };
                // An attack that stood before is new only when the move took
                // away the protection of a target it could take before (the
                // cheap tests first: the searches below cost more).
                if stood
                    && !(old_square == attacker
                        && capture_is_legal(before_board, attacker, target, us, self.general(us))
                        && is_protected(before_board, attacker, target, them, their_general))
                {
                    continue;
                }
                // After a check the opponent cannot pass: the protection is
                // the board's (the move is judged as a check anyway).
                let protected = is_protected(board, attacker, target, them, their_general)
                    && (gives_check || recapture_holds(&after.passed(), attacker, target));
                let undermined = stood && !protected && recapture_holds(self, attacker, target);
                if stood && !undermined {
                    continue;
                }
                new_attacks.push(NewAttack {
                    attacker,
                    attacker_piece,
                    target,
                    target_piece,
                    protected,
                    undermined,
                });
            }
        }
        Some(MoveFacts {
            mv: m,
            gives_check,
            new_attacks,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).expect("coordinates")
    }

    #[test]
    fn a_mate_search_cut_off_by_its_budget_says_it_cannot_tell() {
        // The horse's step threatens a mate two checks deep: a search
        // allowed a handful of positions cannot tell, and says so.
        let p = Position::from_fen("3a5/4ak3/5N3/9/9/9/9/6R2/9/4K4 w").expect("fen");
        assert_eq!(p.mate_threat(mv("f7e5")), Some(true));
        assert_eq!(p.mate_threat_within(mv("f7e5"), 3), None);
        assert_eq!(p.mate_search(MATE_THREAT_MOVES, 3), None);
        assert_eq!(
            p.mate_search(MATE_THREAT_MOVES, MATE_SEARCH_BUDGET),
            Some(false)
        );
    }
}
