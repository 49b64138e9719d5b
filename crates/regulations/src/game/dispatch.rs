//! Event routing: what every event does, or which concern handles it.

use super::{Game, State, Status, Step, fmt_ms, parse_square, reject};
use crate::code::Code;
use crate::event::{ClockAdjustReason, Event, EventKind, Who};
use crate::result::{Citation, GameResult, Rejection};
use rules::Color;

impl Game {
    /// Applies one event to `st` (a copy of the state): observes what happened
    /// by its time, then does what it asks or hands it to its concern.
    pub(super) fn step(&self, st: &mut State, ev: &Event, out: &mut Step) -> Result<(), Rejection> {
        let t = ev.at_ms;
        if t < st.last_ms {
            return reject(
                Code::TimeGoesBackwards,
                "12.2",
                format!(
                    "event at {t} ms is earlier than the previous event at {} ms",
                    st.last_ms
                ),
            );
        }
        if let EventKind::Flag { .. } = ev.kind
            && st.status == Status::Finished
            && let Some(term) = &st.termination
            && matches!(
                Code::parse(&term.reason.code),
                Some(Code::Resignation | Code::DrawAgreed)
            )
        {
            return reject(
                Code::ResultStands,
                "12.7",
                "a resignation or agreed draw stands even if a flag is found down afterwards",
            );
        }
        self.require_active(st)?;
        // Art. 12.7: resignation and agreed draws are not preceded by flag checks.
        let flags = !matches!(
            ev.kind,
            EventKind::Resign { .. } | EventKind::AcceptDraw { .. }
        );
        if self.observe(st, out, t, flags) {
            if matches!(ev.kind, EventKind::Flag { .. }) {
                return Ok(());
            }
            out.rule(
                Code::EventAfterGameEnd,
                "10",
                "the game had already ended before this event; it has no effect",
            );
            return Ok(());
        }
        if !flags
            && st.status == Status::InProgress
            && Color::ALL.iter().any(|&c| st.clocks.flag_down(t, c))
            && self.live()
        {
            out.rule(
                Code::ResultStandsFlagDown,
                "12.7",
                "a flag is down, but a resignation or agreed draw stands",
            );
        }
        match &ev.kind {
            EventKind::Start => self.on_start(st, out, t),
            EventKind::Move {
                san,
                uci,
                clock_ms,
                press,
                offer_draw,
            } => self.on_move(
                st,
                out,
                t,
                san.as_deref(),
                uci.as_deref(),
                *clock_ms,
                press.unwrap_or(true),
                *offer_draw,
            ),
            EventKind::Press { player } => self.on_press(st, out, t, *player),
            EventKind::Touch {
                player,
                square,
                together_with,
                placed_on,
            } => self.on_touch(
                st,
                out,
                *player,
                square,
                together_with,
                placed_on.as_deref(),
            ),
            EventKind::Adjust { player, square } => {
                self.require_in_progress(st)?;
                let sq = parse_square(square)?;
                let Some(p) = st.position.piece_at(sq) else {
                    return reject(
                        Code::NoPieceOnSquare,
                        "7.1",
                        format!("there is no piece on {sq}"),
                    );
                };
                out.rule(
                    Code::AdjustedWithNotice,
                    "7.1",
                    format!(
                        "{player} adjusted the {} on {sq} with notice: no obligation",
                        p.role.name()
                    ),
                );
                Ok(())
            }
            EventKind::ClaimTouchMove { player, square } => {
                self.on_touch_claim(st, out, t, *player, square)
            }
            EventKind::OfferDraw { player } => self.on_offer(st, out, *player),
            EventKind::AcceptDraw { player } => {
                self.require_active(st)?;
                match st.offer {
                    Some(o) if o.by != *player => {
                        let article = if st.status == Status::Adjourned {
                            "14.2"
                        } else {
                            "10.6"
                        };
                        self.finish(
                            st,
                            out,
                            t,
                            GameResult::Draw,
                            Citation::of(Code::DrawAgreed, article, "draw by agreement"),
                        );
                        Ok(())
                    }
                    _ => reject(
                        Code::NoDrawOffer,
                        "10.6",
                        format!("there is no draw offer standing for {player} to accept"),
                    ),
                }
            }
            EventKind::DeclineDraw { player } => match st.offer {
                Some(o) if o.by != *player => {
                    st.offer = None;
                    out.rule(
                        Code::DrawOfferDeclined,
                        "10.7",
                        format!("{player} declined the draw offer"),
                    );
                    Ok(())
                }
                _ => reject(
                    Code::NoDrawOffer,
                    "10.7",
                    format!("there is no draw offer standing for {player} to decline"),
                ),
            },
            EventKind::ClaimDraw {
                player,
                reason,
                intended_move,
            } => self.on_claim(st, out, t, *player, *reason, intended_move.as_deref()),
            EventKind::Resign { player } => {
                if st.status == Status::Scheduled {
                    return reject(Code::GameNotStarted, "10.2", "the game has not started");
                }
                let article = if st.status == Status::Adjourned {
                    "14.2"
                } else {
                    "10.2"
                };
                self.finish(
                    st,
                    out,
                    t,
                    GameResult::win_for(player.other()),
                    Citation::of(Code::Resignation, article, format!("{player} resigned")),
                );
                Ok(())
            }
            EventKind::Flag { player } => self.on_flag(st, out, t, *player),
            EventKind::BothFlagsDown => {
                self.require_in_progress(st)?;
                if self.live() && st.clocks.time_control().is_timed() {
                    return reject(
                        Code::FlagOrderKnown,
                        "12.8",
                        "the server's clocks show which flag fell first",
                    );
                }
                st.clocks.advance_period(Color::White);
                st.clocks.advance_period(Color::Black);
                out.rule(
                    Code::BothFlagsDownPlayContinues,
                    "12.8",
                    "both flags are down and it cannot be shown which fell first: play continues; the next move of each player counts as the first of the next period",
                );
                Ok(())
            }
            EventKind::DeclareIllegal { ply, kind, clocks } => {
                self.on_declare_illegal(st, out, t, *ply, *kind, *clocks)
            }
            EventKind::AdjustClock {
                player,
                remaining_ms,
                reason,
                grave,
            } => {
                let (code, article) = match reason {
                    ClockAdjustReason::DefectiveClock => (Code::ClockReplaced, "12.4"),
                    ClockAdjustReason::ResumptionError => {
                        if !st.resumed {
                            return reject(
                                Code::NotResumed,
                                "14.6",
                                "the game has not been resumed from an adjournment",
                            );
                        }
                        if st.moves_since_resume > 0 && !grave {
                            return reject(
                                Code::ClockErrorTooLate,
                                "14.6",
                                "a clock error at resumption must be pointed out before the first move (unless grave)",
                            );
                        }
                        (Code::ClockCorrectedAtResumption, "14.6")
                    }
                    ClockAdjustReason::ArbiterDecision => (Code::ClockAdjusted, "16"),
                };
                if !st.clocks.time_control().is_timed() {
                    return reject(Code::UntimedGame, "12.1", "the game has no time control");
                }
                st.clocks.set(t, *player, *remaining_ms);
                out.rule(
                    code,
                    article,
                    format!("{player}'s clock set to {}", fmt_ms(*remaining_ms)),
                );
                self.check_flags_now(st, out, t);
                Ok(())
            }
            EventKind::StopClocks { reason } => {
                self.require_in_progress(st)?;
                if st.clocks.stop(t).is_none() {
                    return reject(Code::ClocksNotRunning, "12.5", "the clocks are not running");
                }
                out.rule(
                    Code::ClocksStopped,
                    "12.5",
                    format!("the arbiter stopped the clocks: {reason}"),
                );
                Ok(())
            }
            EventKind::StartClocks { reason } => {
                self.require_in_progress(st)?;
                if st.clocks.running().is_some() {
                    return reject(
                        Code::ClocksRunning,
                        "12.5",
                        "the clocks are already running",
                    );
                }
                let c = st.unpressed.unwrap_or_else(|| st.position.turn());
                st.clocks.resume(t, c);
                out.rule(
                    Code::ClocksRestarted,
                    "12.5",
                    format!("the arbiter restarted {c}'s clock: {reason}"),
                );
                Ok(())
            }
            EventKind::Penalise {
                player,
                penalty,
                reason,
            } => self.on_penalty(st, out, t, *player, *penalty, reason),
            EventKind::Refuse { who } => {
                if st.status == Status::Scheduled {
                    return reject(Code::GameNotStarted, "10.17", "the game has not started");
                }
                let (result, msg) = match who {
                    Who::White => (
                        GameResult::BlackWins,
                        "white refuses to comply with the Laws and loses",
                    ),
                    Who::Black => (
                        GameResult::WhiteWins,
                        "black refuses to comply with the Laws and loses",
                    ),
                    Who::Both => (
                        GameResult::BothLose,
                        "both players refuse to comply with the Laws: both lose",
                    ),
                };
                self.finish(
                    st,
                    out,
                    t,
                    result,
                    Citation::of(Code::RefusalToComply, "10.17", msg),
                );
                Ok(())
            }
            EventKind::DeclareResult {
                result,
                reason,
                grounds,
            } => {
                let citation = self.declared(*result, reason, *grounds)?;
                self.finish(st, out, t, *result, citation);
                Ok(())
            }
            EventKind::ColoursReversed { restart } => {
                self.on_colours_reversed(st, out, t, *restart)
            }
            EventKind::Annul { reason } => self.on_annul(st, out, t, *reason),
            EventKind::Seal { san } => self.on_seal(st, out, t, san),
            EventKind::Resume {
                white_present,
                black_present,
                envelope_lost,
            } => self.on_resume(st, out, t, *white_present, *black_present, *envelope_lost),
            EventKind::ScheduleResumption {
                resumes_at_ms,
                place,
            } => self.on_schedule_resumption(st, out, *resumes_at_ms, place),
            EventKind::Arrive { player } => self.on_arrive(st, out, t, *player),
            EventKind::DeclarePerpetualCheck => self.on_perpetual(st, out, t),
            EventKind::ConsultCaptain { who, about } => {
                self.on_consult_captain(st, out, *who, about)
            }
        }
    }
}
