//! Irregularities: illegal moves and displaced pieces (8.1, 8.2, 12.6; FIDE
//! 2023 7.5), annulment (8.1, 8.5, 14.5), colours reversed (8.6).

use super::{Game, State, Status, Step, ci, fmt_ms, reject};
use crate::code::Code;
use crate::event::{AnnulReason, ClockSetting, IrregularityKind};
use crate::result::{Citation, Rejection};
use rules::Color;

const MINUTE: u64 = 60_000;

impl Game {
    /// The state just before log entry `idx`, by replaying the log prefix.
    pub(super) fn prefix_state(&self, idx: usize) -> Result<State, Rejection> {
        let mut g = Game::new(self.profile.clone(), self.setup.clone())
            .map_err(|e| Rejection::of(Code::InternalReplayFailed, "8.1", e.0))?;
        for e in self.log.iter().take(idx) {
            g.apply(e.event.clone()).map_err(|r| {
                Rejection::of(
                    Code::InternalReplayFailed,
                    "8.1",
                    format!("replaying the log failed: {r}"),
                )
            })?;
        }
        Ok(g.st)
    }

    /// Moves the restored state's clocks to `t`, charging each player the
    /// time he used since (no increments or period bonuses from voided presses).
    pub(super) fn restore_keeping_used(&self, cur: &State, restored: &mut State, t: u64) {
        let mut now = cur.clocks.clone();
        now.stop(t);
        let mut clocks = restored.clocks.clone();
        clocks.stop(restored.last_ms);
        for c in Color::ALL {
            let extra = now.used(c).saturating_sub(clocks.used(c));
            clocks.charge(c, extra);
        }
        if self.live() && cur.clocks.running().is_some() {
            clocks.start(t, restored.position.turn());
        }
        restored.clocks = clocks;
        restored.last_ms = t;
        restored.unpressed = None;
        restored.offer = None;
        restored.fouls = cur.fouls;
        restored.attendance = cur.attendance;
        restored.illegal_moves = cur.illegal_moves;
    }

    pub(super) fn on_declare_illegal(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        ply: u32,
        kind: IrregularityKind,
        clocks: Option<ClockSetting>,
    ) -> Result<(), Rejection> {
        self.require_active(st)?;
        if st.status == Status::Scheduled {
            return reject(Code::GameNotStarted, "8.1", "the game has not started");
        }
        let article = match kind {
            IrregularityKind::IllegalMove => "8.1",
            IrregularityKind::DisplacedPieces => "8.2",
        };
        let n = st.plies.len();
        let ply_us = usize::try_from(ply).unwrap_or(usize::MAX);
        if ply_us == 0 || ply_us > n + 1 {
            return reject(
                Code::NoSuchPly,
                article,
                format!(
                    "ply {ply} does not exist ({n} plies recorded; use {} for a move just refused)",
                    n + 1
                ),
            );
        }
        let offender = if ply_us <= n {
            st.plies[ply_us - 1].by
        } else {
            st.position.turn()
        };
        let mut restored = if ply_us <= n {
            let idx = st.plies[ply_us - 1].event_index;
            let mut r = self.prefix_state(idx)?;
            r.fouls = st.fouls;
            r.attendance = st.attendance;
            r.illegal_moves = st.illegal_moves;
            r.resumed = st.resumed;
            out.voided.extend(idx..self.log.len());
            out.rule(
                Code::PositionRestored,
                article,
                format!(
                    "the position is restored to before ply {ply}; {} later move(s) are void",
                    n + 1 - ply_us
                ),
            );
            r
        } else {
            out.rule(
                Code::IllegalMoveNotRecorded,
                article,
                "the illegal move was not recorded: the position stands",
            );
            st.clone()
        };
        // Clocks: arbiter's times, else Art. 12.6.
        if st.clocks.time_control().is_timed() {
            let mut now = st.clocks.clone();
            now.stop(t);
            let mut clk = restored.clocks.clone();
            clk.stop(restored.last_ms);
            match clocks {
                Some(cs) => {
                    clk.set(t, Color::White, cs.white_ms);
                    clk.set(t, Color::Black, cs.black_ms);
                    out.rule(
                        Code::ClocksSetByArbiter,
                        "12.6",
                        format!(
                            "clocks set to white {} and black {}",
                            fmt_ms(cs.white_ms),
                            fmt_ms(cs.black_ms)
                        ),
                    );
                }
                None if ply_us <= n => {
                    let mut new_remaining = [0i64; 2];
                    for c in Color::ALL {
                        let used_now = now.used(c);
                        let m_now = u64::from(now.moves_done(c));
                        let m_then = u64::from(clk.moves_done(c));
                        let share = used_now
                            .saturating_mul(m_then)
                            .checked_div(m_now)
                            .unwrap_or(used_now);
                        let extra = share.saturating_sub(clk.used(c));
                        let r = clk
                            .remaining_at(restored.last_ms, c)
                            .saturating_sub(i64::try_from(extra).unwrap_or(i64::MAX));
                        let due = clk
                            .time_control()
                            .moves_due(clk.moves_done(c))
                            .map(|(d, _)| d);
                        let floor = match due {
                            Some(d) => (5 * MINUTE).max(u64::from(d).saturating_mul(MINUTE)),
                            None => 5 * MINUTE,
                        };
                        if r < i64::try_from(floor).unwrap_or(i64::MAX) {
                            return reject(
                                Code::ReallocationNotApplicable,
                                "12.6",
                                format!(
                                    "reallocating in proportion to moves would leave {c} {} (less than {}): the arbiter must set the clocks",
                                    fmt_ms(r),
                                    fmt_ms(i64::try_from(floor).unwrap_or(i64::MAX))
                                ),
                            );
                        }
                        new_remaining[ci(c)] = r;
                    }
                    clk.set(t, Color::White, new_remaining[0]);
                    clk.set(t, Color::Black, new_remaining[1]);
                    out.rule(
                        Code::ClocksReallocated,
                        "12.6",
                        format!(
                            "time reallocated in proportion to moves played: white {}, black {}",
                            fmt_ms(new_remaining[0]),
                            fmt_ms(new_remaining[1])
                        ),
                    );
                }
                None => {
                    clk = now.clone();
                }
            }
            if self.live() && st.clocks.running().is_some() {
                clk.start(t, restored.position.turn());
            } else {
                clk.stop(t);
            }
            restored.clocks = clk;
        }
        restored.last_ms = t;
        restored.unpressed = None;
        // FIDE 2023 7.5: penalties for a completed illegal move.
        if kind == IrregularityKind::IllegalMove
            && let Some(p) = self.profile.illegal_move_penalty
        {
            let k = restored.illegal_moves[ci(offender)].saturating_add(1);
            restored.illegal_moves[ci(offender)] = k;
            if k >= p.losing_count {
                self.loss_unless_no_mate(
                    &mut restored,
                    out,
                    t,
                    offender,
                    Code::SecondIllegalMoveLoses,
                    "2023 7.5.5",
                    &format!("completed illegal move number {k}"),
                );
            } else if restored.clocks.time_control().is_timed() {
                restored
                    .clocks
                    .add(t, offender.other(), p.opponent_bonus_ms);
                out.rule(
                    Code::IllegalMoveTimeBonus,
                    "2023 7.5.4",
                    format!(
                        "{offender} completed an illegal move: {} added to {}'s clock",
                        fmt_ms(i64::try_from(p.opponent_bonus_ms).unwrap_or(i64::MAX)),
                        offender.other()
                    ),
                );
            }
        }
        // The whole state is replaced: nothing after this may refuse, for
        // `Game::apply` undoes a refusal on the positions and plies it lent
        // the step, not on a replacement.
        *st = restored;
        Ok(())
    }

    /// Art. 8.6: colours reversed.
    pub(super) fn on_colours_reversed(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        restart: bool,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        let elapsed = st
            .clocks
            .used_at(t, Color::White)
            .saturating_add(st.clocks.used_at(t, Color::Black));
        let quarter = st.clocks.time_control().initial_ms() / 4;
        let late = st.clocks.time_control().is_timed() && elapsed > quarter;
        if late {
            if restart {
                return reject(
                    Code::TooLateToRestart,
                    "8.6",
                    "more than a quarter of the first period has elapsed: the game continues",
                );
            }
            out.rule(
                    Code::ColoursReversedPlayContinues,
                    "8.6",
                    "colours reversed, but more than a quarter of the first period has elapsed: play continues",
                );
        } else if restart {
            st.clocks.stop(t);
            st.status = Status::Annulled;
            st.offer = None;
            let why = Citation::of(
                Code::ColoursReversedRestart,
                "8.6",
                "colours reversed within the first quarter of the first period: the game is restarted with the right colours",
            );
            out.rulings.push(why.clone());
            st.annulment = Some(why);
        } else {
            out.rule(
                Code::ColoursReversedPlayContinues,
                "8.6",
                "colours reversed: the arbiter lets play continue",
            );
        }
        Ok(())
    }

    /// Arts. 8.1, 8.5, 14.5: the arbiter annuls the game.
    pub(super) fn on_annul(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        reason: AnnulReason,
    ) -> Result<(), Rejection> {
        let (article, msg) = match reason {
            AnnulReason::WrongInitialPosition => (
                "8.5",
                "the initial position was wrong: the game is annulled and replayed",
            ),
            AnnulReason::PositionUnrecoverable => (
                "8.1",
                "the position before the irregularity cannot be determined: the game is annulled and replayed",
            ),
            AnnulReason::EnvelopeLost => (
                "14.5",
                "the envelope is lost and the adjourned position cannot be re-established: the game is annulled and replayed",
            ),
        };
        st.clocks.stop(t);
        st.status = Status::Annulled;
        st.offer = None;
        let why = Citation::of(Code::GameAnnulled, article, msg);
        out.rulings.push(why.clone());
        st.annulment = Some(why);
        Ok(())
    }
}
