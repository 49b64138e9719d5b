//! Draw offers (10.6–10.9), draw claims (10.10–10.13; FIDE 2023 9.5.3) and
//! the china-national perpetual check.

use super::{Game, Offer, State, Status, Step, fmt_ms, reject};
use crate::code::Code;
use crate::event::ClaimReason;
use crate::profile::ClaimPenalty;
use crate::result::{Citation, GameResult, Rejection};
use rules::{Color, Position, Role};

fn material_signature(pos: &Position) -> (String, String) {
    let side = |c: Color| {
        let mut s = String::new();
        for role in [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            for _ in 0..pos.pieces(c, role).count() {
                s.push(role.char());
            }
        }
        s
    };
    (side(Color::White), side(Color::Black))
}

impl Game {
    pub(super) fn on_offer(
        &self,
        st: &mut State,
        out: &mut Step,
        player: Color,
    ) -> Result<(), Rejection> {
        self.require_active(st)?;
        if st.status == Status::Scheduled {
            return reject(Code::GameNotStarted, "10.7", "the game has not started");
        }
        match st.offer {
            Some(o) if o.by == player => {
                return reject(
                    Code::DrawOfferAlreadyStanding,
                    "10.7",
                    format!("{player}'s draw offer is still standing"),
                );
            }
            Some(_) => {
                return reject(
                    Code::OpponentOfferStanding,
                    "10.6",
                    format!(
                        "{}'s draw offer stands: {player} may accept it",
                        player.other()
                    ),
                );
            }
            None => {}
        }
        st.offer = Some(Offer { by: player });
        if st.status == Status::Adjourned {
            out.rule(
                Code::DrawOfferAfterSealing,
                "10.9",
                format!("{player} offered a draw after the sealing: the opponent may defer his answer until he has seen the sealed move"),
            );
        } else if !self.live() || st.unpressed == Some(player) {
            out.rule(
                Code::DrawOffered,
                "10.7",
                format!("{player} offered a draw"),
            );
        } else if st.position.turn() == player {
            out.rule(
                Code::DrawOfferBeforeMove,
                "10.9",
                format!("{player} offered a draw with his own clock running: the opponent may defer his answer until he has seen the move"),
            );
        } else {
            out.rule(
                Code::IrregularDrawOffer,
                "10.8",
                format!("{player} offered a draw while the opponent's clock was running: the offer is valid, the arbiter may penalise it"),
            );
        }
        Ok(())
    }

    pub(super) fn on_claim(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        player: Color,
        reason: ClaimReason,
        intended: Option<&str>,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        let (base_article, what) = match reason {
            ClaimReason::Threefold => ("10.10", "threefold repetition"),
            ClaimReason::FiftyMoves => ("10.12", "the fifty-move rule"),
        };
        if st.position.turn() != player || st.unpressed.is_some() {
            return reject(
                Code::ClaimNotOnMove,
                base_article,
                format!("only the player to move may claim a draw by {what}"),
            );
        }
        if st.sealed.is_some() {
            return reject(
                Code::EnvelopeNotOpened,
                "14.3",
                "the sealed move has not been opened yet",
            );
        }
        // Art. 10.13: the arbiter stops both clocks while he checks.
        let was_running = st.clocks.stop(t);
        out.rule(
            Code::ClocksStoppedForClaim,
            "10.13",
            "the arbiter stops both clocks and checks the claim",
        );
        let mv = match intended {
            None => None,
            Some(s) => match st.position.parse_san(s) {
                Ok(m) => Some(Ok(m)),
                Err(_) => match st.position.parse_uci(s) {
                    Ok(m) => Some(Ok(m)),
                    Err(e) => Some(Err(e.to_string())),
                },
            },
        };
        let (correct, article, detail) = match &mv {
            Some(Err(e)) => (
                false,
                base_article.to_string(),
                format!("the stated move cannot be played ({e})"),
            ),
            Some(Ok(m)) => {
                let mut after = st.position;
                after.play_unchecked(*m);
                match reason {
                    ClaimReason::Threefold => {
                        let n = Self::count_same(st, &after) + 1;
                        (
                            n >= rules::THREEFOLD_REPETITION,
                            "10.10(1)".to_string(),
                            format!("after the stated move the position would appear {n} time(s)"),
                        )
                    }
                    ClaimReason::FiftyMoves => {
                        let need = self.fifty_plies(&after);
                        (
                            after.halfmove_clock() >= need,
                            "10.12".to_string(),
                            format!(
                                "after the stated move: {} moves without capture or pawn move, {} needed",
                                after.halfmove_clock() / 2,
                                need / 2
                            ),
                        )
                    }
                }
            }
            None => match reason {
                ClaimReason::Threefold => {
                    let n = Self::count_same(st, &st.position);
                    (
                        n >= rules::THREEFOLD_REPETITION,
                        "10.10(2)".to_string(),
                        format!("the position has appeared {n} time(s) with {player} to move"),
                    )
                }
                ClaimReason::FiftyMoves => {
                    let need = self.fifty_plies(&st.position);
                    (
                        st.position.halfmove_clock() >= need,
                        "10.12".to_string(),
                        format!(
                            "{} moves without capture or pawn move, {} needed",
                            st.position.halfmove_clock() / 2,
                            need / 2
                        ),
                    )
                }
            },
        };
        if correct {
            self.finish(
                st,
                out,
                t,
                GameResult::Draw,
                Citation::of(
                    Code::DrawClaimUpheld,
                    &article,
                    format!("{player}'s claim of {what} is correct ({detail}): draw"),
                ),
            );
            return Ok(());
        }
        match self.profile.incorrect_claim_penalty {
            ClaimPenalty::AddToClaimantUsed { ms } => {
                st.clocks.charge(player, ms);
                out.rule(
                    Code::IncorrectClaimTimePenalty,
                    "10.13(2)",
                    format!(
                        "{player}'s claim of {what} is incorrect ({detail}): {} added to his used time",
                        fmt_ms(i64::try_from(ms).unwrap_or(i64::MAX))
                    ),
                );
                if st.clocks.time_control().is_timed() && st.clocks.remaining_at(t, player) <= 0 {
                    self.loss_unless_no_mate(
                        st,
                        out,
                        t,
                        player,
                        Code::IncorrectClaimOverstepsTime,
                        "10.13(2)",
                        "overstepped the time limit through the incorrect-claim penalty",
                    );
                    return Ok(());
                }
            }
            ClaimPenalty::AddToOpponent { ms } => {
                st.clocks.add(t, player.other(), ms);
                out.rule(
                    Code::IncorrectClaimOpponentBonus,
                    "2023 9.5.3",
                    format!(
                        "{player}'s claim of {what} is incorrect ({detail}): {} added to {}'s time",
                        fmt_ms(i64::try_from(ms).unwrap_or(i64::MAX)),
                        player.other()
                    ),
                );
            }
        }
        out.rule(
            Code::ClaimCannotBeWithdrawn,
            "10.13(3)",
            "the claim has been decided and cannot be withdrawn: play continues",
        );
        if let Some(Ok(m)) = mv {
            st.must_play = Some(m);
            out.rule(
                Code::DeclaredMoveMustBePlayed,
                "10.13(2)",
                format!(
                    "{player} must now play the declared move {}",
                    st.position.san(m)
                ),
            );
        }
        if let Some(c) = was_running {
            st.clocks.resume(t, c);
        }
        Ok(())
    }

    fn fifty_plies(&self, pos: &Position) -> u32 {
        let (w, b) = material_signature(pos);
        let mut moves = self.profile.fifty_move_count;
        for o in &self.profile.fifty_move_overrides {
            let sig = o.material.to_ascii_uppercase();
            if let Some((x, y)) = sig.split_once('-')
                && ((x == w && y == b) || (x == b && y == w))
            {
                moves = moves.max(o.moves);
            }
        }
        moves.saturating_mul(2)
    }

    pub(super) fn on_perpetual(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        if !self.profile.perpetual_check_declaration {
            return reject(
                Code::PerpetualCheckNotInProfile,
                "10.10",
                format!(
                    "the {} profile has no perpetual-check rule: claim threefold repetition",
                    self.profile.name
                ),
            );
        }
        let n = st.positions.len();
        let cur = &st.positions[n - 1];
        let first = st.positions[..n - 1]
            .iter()
            .position(|p| p.repetition_key() == cur.repetition_key() && p.same_position(cur));
        let Some(i) = first else {
            return reject(
                Code::NotPerpetualCheck,
                "china-national",
                "the position has not repeated",
            );
        };
        // Every move by one side since the first occurrence gave check.
        let checker = st.position.turn().other();
        let all_checks = (i + 1..n).all(|k| {
            let mover = st.positions[k - 1].turn();
            mover != checker || st.positions[k].is_check()
        });
        let checker2 = st.position.turn();
        let all_checks2 = (i + 1..n).all(|k| {
            let mover = st.positions[k - 1].turn();
            mover != checker2 || st.positions[k].is_check()
        });
        if !(all_checks || all_checks2) || n - 1 - i < 2 {
            return reject(
                Code::NotPerpetualCheck,
                "china-national",
                "the repeated sequence is not a series of checks by one side",
            );
        }
        self.finish(
            st,
            out,
            t,
            GameResult::Draw,
            Citation::of(
                Code::PerpetualCheck,
                "china-national",
                "the checking sequence has repeated: perpetual check, draw",
            ),
        );
        Ok(())
    }
}
