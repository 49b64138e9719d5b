//! Moves and clock presses (arts. 3–6, 11.1, 12.3), the end of the game on
//! the board (10.1, 10.3, 10.4; FIDE 2023 9.6) and the SAN kept per move.

use super::{Game, Offer, State, Status, Step, reject};
use crate::code::Code;
use crate::result::{Citation, GameResult, Rejection};
use crate::touch::Obligation;
use rules::{Color, Move, Position, SanError, UciError};

/// A move's SAN stored inline: the longest SAN has seven bytes (`Qa1xb2+`,
/// `exd8=Q#`), so a game's move list is copied without one allocation per
/// move (the Laws copy the state on every event to apply it atomically).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct San {
    len: u8,
    bytes: [u8; San::MAX],
}

impl San {
    /// The most bytes a SAN takes.
    pub const MAX: usize = 7;

    fn new(text: &str) -> San {
        let mut bytes = [0; San::MAX];
        // SAN is ASCII; a longer text (none exists) would be cut at a char
        // boundary rather than panic.
        let mut len = text.len().min(San::MAX);
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        bytes[..len].copy_from_slice(&text.as_bytes()[..len]);
        San {
            len: len as u8,
            bytes,
        }
    }

    /// The SAN text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl std::ops::Deref for San {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for San {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for San {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// One recorded half-move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyRecord {
    /// The move.
    pub mv: Move,
    /// Its SAN in the position it was played in.
    pub san: San,
    /// Who played it.
    pub by: Color,
    /// When.
    pub at_ms: u64,
    /// Index of the event in the log that made it.
    pub event_index: usize,
    /// The mover's remaining time once the move was completed (after the
    /// clock press and any increment; what PGN's `[%clk]` records), in
    /// milliseconds; `None` when no clock reading exists (a scoresheet move
    /// entered without a time, a sealed move).
    pub clock_ms: Option<u64>,
}

impl Game {
    pub(super) fn on_start(&self, st: &mut State, out: &mut Step, t: u64) -> Result<(), Rejection> {
        if st.status != Status::Scheduled {
            return reject(Code::AlreadyStarted, "12.3", "the game has already started");
        }
        st.status = Status::InProgress;
        st.started_at = Some(t);
        let c = st.position.turn();
        if self.live() {
            st.clocks.start(t, c);
            out.rule(Code::ClockStarted, "12.3", format!("{c}'s clock started"));
        } else {
            out.rule(Code::GameStarted, "12.3", "the game started");
        }
        // A game set up from a position that already ends it (mate,
        // stalemate, a dead position) ends as it starts (Art. 10.1, 10.3,
        // 10.4).
        self.board_end(st, out, t, c.other(), false);
        Ok(())
    }

    pub(super) fn play_move(&self, st: &mut State, m: Move, t: u64, event_index: usize) -> String {
        let by = st.position.turn();
        let san = st.position.san(m);
        let mut next = st.position;
        next.play_unchecked(m);
        st.position = next;
        st.positions.push(next);
        st.plies.push(PlyRecord {
            mv: m,
            san: San::new(&san),
            by,
            at_ms: t,
            event_index,
            clock_ms: None,
        });
        st.touches.clear();
        st.must_play = None;
        st.touched_since_opponent_moved = [false, false];
        if let Some(o) = st.offer
            && o.by != by
        {
            st.offer = None;
        }
        st.moves_since_resume = st.moves_since_resume.saturating_add(1);
        san
    }

    /// Notes on the last ply, if `mover` made it, the mover's clock at `t`.
    fn record_clock(st: &mut State, t: u64, mover: Color) {
        let remaining = st.clocks.remaining_at(t, mover);
        if let Some(ply) = st.plies.last_mut().filter(|p| p.by == mover) {
            ply.clock_ms = Some(u64::try_from(remaining).unwrap_or(0));
        }
    }

    pub(super) fn count_same(st: &State, p: &Position) -> usize {
        let key = p.repetition_key();
        st.positions
            .iter()
            .filter(|q| q.repetition_key() == key && q.same_position(p))
            .count()
    }

    /// Art. 10.1, 10.3, 10.4 (and FIDE 2023 9.6): does the position end the game?
    pub(super) fn board_end(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        by: Color,
        sealed: bool,
    ) -> bool {
        let pos = st.position;
        if pos.is_checkmate() {
            let article = if sealed { "10.15(1)" } else { "10.1" };
            self.finish(
                st,
                out,
                t,
                GameResult::win_for(by),
                Citation::of(Code::Checkmate, article, format!("{by} checkmates")),
            );
            return true;
        }
        if pos.is_stalemate() {
            let article = if sealed { "10.15(2)" } else { "10.3" };
            self.finish(
                st,
                out,
                t,
                GameResult::Draw,
                Citation::of(
                    Code::Stalemate,
                    article,
                    format!("{} is stalemated: draw", pos.turn()),
                ),
            );
            return true;
        }
        if pos.is_dead() {
            let article = if sealed { "10.15(2)" } else { "10.4" };
            self.finish(
                st,
                out,
                t,
                GameResult::Draw,
                Citation::of(
                    Code::DeadPosition,
                    article,
                    "neither side can checkmate by any series of legal moves: draw",
                ),
            );
            return true;
        }
        if self.profile.automatic_fivefold_and_75 {
            if Self::count_same(st, &pos) >= rules::FIVEFOLD_REPETITION {
                self.finish(
                    st,
                    out,
                    t,
                    GameResult::Draw,
                    Citation::of(
                        Code::FivefoldRepetition,
                        "2023 9.6.1",
                        "the same position has appeared five times: draw",
                    ),
                );
                return true;
            }
            if pos.halfmove_clock() >= rules::SEVENTY_FIVE_MOVE_HALFMOVES {
                self.finish(
                    st,
                    out,
                    t,
                    GameResult::Draw,
                    Citation::of(
                        Code::SeventyFiveMoveRule,
                        "2023 9.6.2",
                        "75 moves by each side without a capture or a pawn move: draw",
                    ),
                );
                return true;
            }
        }
        false
    }

    fn parse_move(
        &self,
        pos: &Position,
        san: Option<&str>,
        uci: Option<&str>,
    ) -> Result<Move, Rejection> {
        let mover = pos.turn();
        match (san, uci) {
            (Some(s), None) => pos.parse_san(s).map_err(|e| match &e {
                SanError::Malformed { .. } => {
                    Rejection::of(Code::MalformedMove, "11.1", format!("{mover} to move: {e}"))
                }
                SanError::Ambiguous { .. } => {
                    Rejection::of(Code::AmbiguousMove, "11.1", format!("{mover} to move: {e}"))
                }
                SanError::Illegal { reason, .. } => Rejection::of(
                    Code::IllegalMove,
                    reason.article(),
                    format!("{mover} to move: {e}"),
                ),
            }),
            (None, Some(u)) => pos.parse_uci(u).map_err(|e| match &e {
                UciError::Malformed { .. } => {
                    Rejection::of(Code::MalformedMove, "11.1", format!("{mover} to move: {e}"))
                }
                UciError::Illegal { reason, .. } => Rejection::of(
                    Code::IllegalMove,
                    reason.article(),
                    format!("{mover} to move: {e}"),
                ),
            }),
            _ => reject(
                Code::MalformedEvent,
                "11.1",
                "a move needs exactly one of `san` and `uci`",
            ),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn on_move(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        san: Option<&str>,
        uci: Option<&str>,
        clock_ms: Option<i64>,
        press: bool,
        offer_draw: bool,
    ) -> Result<(), Rejection> {
        if st.status == Status::Scheduled && !self.live() {
            self.on_start(st, out, t)?;
        }
        self.require_in_progress(st)?;
        if st.sealed.is_some() {
            return reject(
                Code::EnvelopeNotOpened,
                "14.3",
                "the sealed move has not been opened yet",
            );
        }
        let mover = st.position.turn();
        let m = self.parse_move(&st.position, san, uci)?;
        if let Some(due) = st.must_play
            && due != m
        {
            return reject(
                Code::MustPlayDeclaredMove,
                "10.13(2)",
                format!(
                    "after the incorrect claim {mover} must play the declared move {}",
                    st.position.san(due)
                ),
            );
        }
        match self.touch_obligation() {
            Obligation::Moves { moves, why } if !moves.contains(&m) => {
                return Err(Rejection(Citation::of(
                    Code::TouchMoveViolation,
                    &why.article,
                    format!("touch-move: {}", why.message),
                )));
            }
            _ => {}
        }
        let declined = st.offer.is_some_and(|o| o.by != mover);
        let event_index = self.log.len();
        let san = self.play_move(st, m, t, event_index);
        let _ = san;
        if declined {
            out.rule(
                Code::DrawOfferLapsed,
                "10.7",
                format!("{mover} moved: the draw offer is declined"),
            );
        }
        // Clocks.
        let mut think = None;
        if self.live() {
            match st.unpressed {
                Some(o) if o != mover => {
                    // The opponent never pressed: his clock still runs.
                    out.rule(
                        Code::PreviousMoveNotPressed,
                        "6.5",
                        format!("{o} did not press his clock; it keeps running and his move does not count for the time control"),
                    );
                    st.unpressed = None;
                    st.clocks.complete_move(mover);
                    st.clocks.resume(t, o);
                }
                _ => {
                    if press {
                        if st.clocks.running() == Some(mover) {
                            think = Some(st.clocks.press(t, mover));
                        } else {
                            st.clocks.complete_move(mover);
                        }
                    } else {
                        st.unpressed = Some(mover);
                    }
                }
            }
        } else {
            st.clocks.complete_move(mover);
            if let Some(ms) = clock_ms {
                st.clocks.set(t, mover, ms);
            }
        }
        if self.live() || clock_ms.is_some() {
            Self::record_clock(st, t, mover);
        }
        if offer_draw {
            st.offer = Some(Offer { by: mover });
            out.rule(
                Code::DrawOffered,
                "10.7",
                format!("{mover} offered a draw with his move"),
            );
        }
        if self.board_end(st, out, t, mover, false) {
            return Ok(());
        }
        if let Some(th) = think {
            self.per_move_cap(st, out, t, mover, th);
        }
        Ok(())
    }

    pub(super) fn on_press(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        player: Color,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        if st.unpressed != Some(player) {
            return reject(
                Code::NoMoveToPress,
                "6.5",
                format!("{player} has no completed move waiting for a clock press"),
            );
        }
        st.unpressed = None;
        let think = if st.clocks.running() == Some(player) {
            Some(st.clocks.press(t, player))
        } else {
            st.clocks.complete_move(player);
            None
        };
        Self::record_clock(st, t, player);
        out.rule(
            Code::ClockPressed,
            "6.5",
            format!("{player} pressed the clock: the move counts for the time control"),
        );
        if let Some(th) = think {
            self.per_move_cap(st, out, t, player, th);
        }
        Ok(())
    }
}
