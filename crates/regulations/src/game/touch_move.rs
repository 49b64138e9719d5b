//! Touching and adjusting pieces (5.1(3)–(4), 6.1, 7.1–7.4) and touch-move
//! claims.

use super::{Game, State, Step, ci, parse_square, reject};
use crate::code::Code;
use crate::result::Rejection;
use crate::touch::{Obligation, Touched, obligation};
use rules::{Color, Piece, Square};

impl Game {
    /// The touch-move obligation of the player to move.
    pub fn touch_obligation(&self) -> Obligation {
        obligation(
            &self.st.position,
            &self.st.touches,
            !self.profile.placed_piece_may_move_elsewhere,
        )
    }

    pub(super) fn on_touch(
        &self,
        st: &mut State,
        out: &mut Step,
        player: Color,
        square: &str,
        together: &[String],
        placed_on: Option<&str>,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        let mut squares = vec![parse_square(square)?];
        for s in together {
            squares.push(parse_square(s)?);
        }
        let placed = placed_on.map(parse_square).transpose()?;
        let mut pieces: Vec<(Square, Piece)> = Vec::new();
        for sq in &squares {
            let Some(p) = st.position.piece_at(*sq) else {
                return reject(
                    Code::NoPieceOnSquare,
                    "7.2",
                    format!("there is no piece on {sq}"),
                );
            };
            pieces.push((*sq, p));
        }
        st.touched_since_opponent_moved[ci(player)] = true;
        if player != st.position.turn() || st.unpressed.is_some() {
            out.rule(
                Code::TouchNotOnMove,
                "7.2",
                format!("{player} is not the player to move: no touch-move obligation (7.4: his own touch-move claims are now barred)"),
            );
            return Ok(());
        }
        st.touch_group = st.touch_group.saturating_add(1);
        for (i, (sq, p)) in pieces.iter().enumerate() {
            st.touches.push(Touched {
                square: *sq,
                piece: *p,
                group: st.touch_group,
                placed_on: if i == 0 && p.color == player {
                    placed
                } else {
                    None
                },
            });
        }
        let ob = obligation(
            &st.position,
            &st.touches,
            !self.profile.placed_piece_may_move_elsewhere,
        );
        match ob {
            Obligation::Moves { why, .. } => out.rulings.push(why),
            Obligation::Free(why) => out.rulings.push(why),
            Obligation::None => {}
        }
        Ok(())
    }

    pub(super) fn on_touch_claim(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        claimant: Color,
        square: &str,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        let sq = parse_square(square)?;
        if st.touched_since_opponent_moved[ci(claimant)] {
            return reject(
                Code::TouchMoveClaimTooLate,
                "7.4",
                format!("{claimant} has touched a piece himself: the claim comes too late"),
            );
        }
        let opp = claimant.other();
        if st.position.turn() == opp && st.unpressed.is_none() {
            // The opponent has not moved yet: the touch stands.
            let Some(p) = st.position.piece_at(sq) else {
                return reject(
                    Code::NoPieceOnSquare,
                    "7.2",
                    format!("there is no piece on {sq}"),
                );
            };
            st.touch_group = st.touch_group.saturating_add(1);
            st.touches.push(Touched {
                square: sq,
                piece: p,
                group: st.touch_group,
                placed_on: None,
            });
            out.rule(
                Code::TouchMoveClaimUpheld,
                "7.2",
                format!(
                    "{claimant}'s claim upheld: {opp} touched the {} on {sq}",
                    p.role.name()
                ),
            );
            if let Obligation::Moves { why, .. } | Obligation::Free(why) = obligation(
                &st.position,
                &st.touches,
                !self.profile.placed_piece_may_move_elsewhere,
            ) {
                out.rulings.push(why);
            }
            return Ok(());
        }
        // The opponent has moved: check his last move against the touch.
        let Some(last) = st.plies.last().cloned() else {
            return reject(Code::NothingToClaim, "7.2", "no move has been made");
        };
        if last.by != opp {
            return reject(
                Code::NothingToClaim,
                "7.2",
                format!("{opp} made no move to claim against"),
            );
        }
        let idx = last.event_index;
        let mut before = self.prefix_state(idx)?;
        let Some(p) = before.position.piece_at(sq) else {
            return reject(
                Code::NoPieceOnSquare,
                "7.2",
                format!("there was no piece on {sq} before {opp}'s move"),
            );
        };
        before.touch_group = before.touch_group.saturating_add(1);
        before.touches.push(Touched {
            square: sq,
            piece: p,
            group: before.touch_group,
            placed_on: None,
        });
        let ob = obligation(
            &before.position,
            &before.touches,
            !self.profile.placed_piece_may_move_elsewhere,
        );
        let Obligation::Moves { moves, why } = ob else {
            return reject(
                Code::TouchMoveClaimUnfounded,
                "7.3",
                format!("the touched piece could not be moved or captured: {opp} was free to move"),
            );
        };
        if moves.contains(&last.mv) {
            return reject(
                Code::TouchMoveClaimUnfounded,
                "7.2",
                format!(
                    "{opp}'s move {} satisfied the touch-move obligation",
                    last.san
                ),
            );
        }
        // Retract the move; times used stand.
        self.restore_keeping_used(st, &mut before, t);
        // The whole state is replaced: nothing after this may refuse (see
        // `Game::apply`).
        *st = before;
        out.voided.extend(idx..self.log.len());
        out.rule(
            Code::TouchMoveClaimUpheld,
            "7.2",
            format!(
                "{claimant}'s claim upheld: {opp}'s move {} is retracted",
                last.san
            ),
        );
        out.rulings.push(why);
        Ok(())
    }
}
