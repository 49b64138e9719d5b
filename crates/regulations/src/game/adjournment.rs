//! Adjournment: sealing (13), the envelope (13.2), resumption (14) and the
//! sealed move (10.15(1)–(2), 10.16).

use super::{Game, State, Status, Step, reject};
use crate::code::Code;
use crate::result::Rejection;
use rules::{Color, SanError};

/// The envelope's record while adjourned (Art. 13.2), without the sealed
/// move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Envelope {
    /// The sealer (13.2(4)).
    #[cfg_attr(feature = "serde", serde(with = "crate::event::color"))]
    #[cfg_attr(feature = "utoipa", schema(value_type = crate::schema::Side))]
    pub sealer: Color,
    /// Move number of the sealed move (13.2(5)).
    pub move_number: u32,
    /// The position at adjournment (13.2(2)).
    pub fen: String,
    /// Time used by White and Black (13.2(3)).
    pub white_used_ms: u64,
    /// Black's used time.
    pub black_used_ms: u64,
    /// Remaining times at adjournment (14.1).
    pub white_remaining_ms: Option<i64>,
    /// Black's remaining time at adjournment.
    pub black_remaining_ms: Option<i64>,
    /// When the envelope was sealed.
    pub sealed_at_ms: u64,
}

/// When and where an adjourned game resumes (Art. 13.2: the envelope
/// records the date, time and place of resumption); lateness at
/// resumption (10.15, 10.17) counts from `at_ms`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Resumption {
    /// The time of resumption on the events' timeline.
    pub at_ms: u64,
    /// The place of resumption (free text; empty when not stated).
    pub place: String,
}

/// The sealed move with its envelope record (Art. 13.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Sealed {
    pub(super) san: String,
    pub(super) envelope: Envelope,
}

impl Game {
    pub(super) fn on_seal(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        san: &str,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        if !self.profile.adjournment_allowed {
            return reject(
                Code::AdjournmentNotAllowed,
                "13.1",
                format!(
                    "the {} profile does not allow adjournment",
                    self.profile.name
                ),
            );
        }
        if st.unpressed.is_some() {
            return reject(
                Code::MoveNotCompleted,
                "13.1",
                "the last move has not been completed by a clock press",
            );
        }
        let sealer = st.position.turn();
        // Art. 13.1(2): the time to seal is charged to the sealer (his clock ran until now).
        st.clocks.stop(t);
        let env = Envelope {
            sealer,
            move_number: st.position.fullmove_number(),
            fen: st.position.to_fen(),
            white_used_ms: st.clocks.used(Color::White),
            black_used_ms: st.clocks.used(Color::Black),
            white_remaining_ms: st
                .clocks
                .time_control()
                .is_timed()
                .then(|| st.clocks.remaining_at(t, Color::White)),
            black_remaining_ms: st
                .clocks
                .time_control()
                .is_timed()
                .then(|| st.clocks.remaining_at(t, Color::Black)),
            sealed_at_ms: t,
        };
        st.sealed = Some(Sealed {
            san: san.to_string(),
            envelope: env,
        });
        st.status = Status::Adjourned;
        st.resumption = None;
        st.touches.clear();
        out.rule(
            Code::MoveSealed,
            "13.1",
            format!("{sealer} sealed his move {}; it stays hidden until resumption; the time to seal was charged to him", st.position.fullmove_number()),
        );
        Ok(())
    }

    pub(super) fn on_resume(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        white_present: bool,
        black_present: bool,
        envelope_lost: bool,
    ) -> Result<(), Rejection> {
        self.require_active(st)?;
        if st.status != Status::Adjourned {
            return reject(Code::NotAdjourned, "14.1", "the game is not adjourned");
        }
        let Some(sealed) = st.sealed.clone() else {
            return reject(Code::NotAdjourned, "14.1", "no sealed move");
        };
        st.status = Status::InProgress;
        st.resumed = true;
        st.moves_since_resume = 0;
        match &st.resumption {
            // Art. 13.2, 10.15: lateness counts from the announced time; a
            // player who arrived before the resumption is at the board.
            Some(r) => {
                let present = [
                    white_present || st.attendance.is_present(Color::White),
                    black_present || st.attendance.is_present(Color::Black),
                ];
                st.attendance.new_session(r.at_ms, present);
            }
            None => st.attendance.new_session(t, [white_present, black_present]),
        }
        let sealer = sealed.envelope.sealer;
        let replier = sealer.other();
        out.rule(
            Code::GameResumed,
            "14.1",
            "the adjourned position and clock times are set up",
        );
        if envelope_lost {
            st.sealed = None;
            if self.live() {
                st.clocks.start(t, sealer);
            }
            out.rule(
                Code::EnvelopeLost,
                "14.5",
                format!("the envelope is lost: play resumes from the adjourned position and times; {sealer} plays his sealed move on the board"),
            );
            return Ok(());
        }
        if self.live() {
            st.clocks.start(t, replier);
        }
        if st.attendance.is_present(replier) {
            if !st.attendance.is_present(sealer) {
                out.rule(
                    Code::SealerAbsent,
                    "14.4",
                    format!("{sealer} (the sealer) is absent: {replier} may reply to the sealed move in writing; {sealer}'s clock then runs"),
                );
            }
            self.open_envelope(st, out, t);
        } else {
            out.rule(
                Code::ReplierAbsentClockRuns,
                "14.3",
                format!(
                    "{replier} is absent: his clock runs, the envelope is opened when he arrives"
                ),
            );
        }
        Ok(())
    }

    /// Art. 13.2: the arbiter sets (or changes) the date, time and place of
    /// resumption of an adjourned game. Both players are then absent until
    /// they arrive, and the lateness rule (10.15, 10.17) runs from that
    /// time even if the game is never resumed.
    pub(super) fn on_schedule_resumption(
        &self,
        st: &mut State,
        out: &mut Step,
        at_ms: u64,
        place: &str,
    ) -> Result<(), Rejection> {
        if st.status != Status::Adjourned {
            return reject(
                Code::NotAdjourned,
                "13.2",
                "only an adjourned game gets a resumption time",
            );
        }
        if let Some(sealed) = &st.sealed
            && at_ms < sealed.envelope.sealed_at_ms
        {
            return reject(
                Code::ResumptionBeforeAdjournment,
                "13.2",
                "the resumption cannot be before the adjournment",
            );
        }
        let place = place.trim().to_owned();
        let where_ = if place.is_empty() {
            String::new()
        } else {
            format!(" at {place}")
        };
        st.resumption = Some(Resumption { at_ms, place });
        st.attendance.new_session(at_ms, [false, false]);
        out.rule(
            Code::ResumptionScheduled,
            "13.2",
            format!(
                "the game resumes at {at_ms} ms{where_}; a player not at the board within the lateness limit after it loses"
            ),
        );
        Ok(())
    }

    /// Art. 14.2, 10.16: the sealed move is made on the board.
    pub(super) fn open_envelope(&self, st: &mut State, out: &mut Step, t: u64) {
        let Some(sealed) = st.sealed.take() else {
            return;
        };
        let sealer = sealed.envelope.sealer;
        let parsed = st.position.parse_san(&sealed.san);
        let m = match parsed {
            Ok(m) => m,
            Err(e) => {
                let (code, article, what) = match &e {
                    SanError::Ambiguous { .. } => {
                        (Code::SealedMoveAmbiguous, "10.16(1)", "ambiguous")
                    }
                    SanError::Illegal { .. } => (Code::SealedMoveIllegal, "10.16(3)", "illegal"),
                    SanError::Malformed { .. } => (
                        Code::SealedMoveUnreadable,
                        "10.16(2)",
                        "recorded so that its meaning cannot be established",
                    ),
                };
                out.rule(
                    Code::EnvelopeOpened,
                    "14.2",
                    format!("the sealed move '{}' is revealed", sealed.san),
                );
                self.loss_unless_no_mate(
                    st,
                    out,
                    t,
                    sealer,
                    code,
                    article,
                    &format!("sealed a move that is {what} ({e})"),
                );
                return;
            }
        };
        let event_index = self.log.len();
        let san = self.play_move(st, m, t, event_index);
        st.moves_since_resume = 0;
        st.clocks.complete_move(sealer);
        out.rule(
            Code::EnvelopeOpened,
            "14.2",
            format!("the sealed move {san} is made on the board"),
        );
        self.board_end(st, out, t, sealer, true);
    }
}
