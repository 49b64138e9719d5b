//! The Xiangqi game: the competition rules (cited `xq 4.1.7`) as a state
//! folded from ordered events, as [`Game`](crate::Game) is for chess.
//!
//! # Design: what is shared with chess and what is Xiangqi's own
//! One concept lives in one place; a Xiangqi game reuses, never copies:
//! - **the event log** (`crate::log`): an event is applied to a copy of
//!   the state and committed only on success; accepted events are kept as
//!   [`Logged`]`<XqEvent>` with their rulings, exactly as the chess log is
//!   `Logged<Event>`; [`Applied`] is the same answer;
//! - **clocks and time controls**: [`Clocks`] and [`TimeControl`]. The
//!   clock knows two seats, the first player's and the second's; Red moves
//!   first and sits in the first seat ([`seat`]: Red ↔ `rules::Color::White`).
//!   The xq 6 schemes are data ([`XqTimeScheme`]): a last period with a move
//!   count repeats, which the shared time control already says;
//! - **results, citations and codes**: [`GameResult`] (`1-0` is a win for
//!   Red, the first player), [`Termination`], [`Citation`],
//!   [`Rejection`] and the one [`Code`](crate::Code) list (the Xiangqi-only
//!   codes `must_change`, `repetition_draw`, `natural_move_limit`,
//!   `recording_foul` are added there; checkmate, stalemate, resignation,
//!   draw offers, flags and fouls reuse the chess codes with `xq` articles);
//!   [`Status`] and [`Scoring`](crate::Scoring) (2/1/0 by default);
//! - **the rules of play** are the `xiangqi` crate's: positions, legality
//!   (with the article each illegal move breaks), the three notations,
//!   [`Position::outcome`] and the repetition judge
//!   [`RepetitionTracker`] (xq 4.1.7, 4.2.3, 4.2.4).
//!
//! What is Xiangqi's own is only the event set ([`XqEventKind`]), the
//! profile ([`XiangqiProfile`]) and the fold in this file.
//!
//! # What a move does
//! A `move` is the move and the press of the clock at its time (xq 6: a
//! move counts once the clock is pressed; xq 5.7: once made it is final).
//! In order: the text is read in any notation; an illegal move is refused
//! citing its article (xq 4.1.2 for generals facing, which counts as
//! xq 4.1.6; xq 4.1.6 otherwise) — or, under
//! [`IllegalMovePolicy::Lose`], the attempt loses; a move the player's
//! touches do not allow is refused (`touch_move_violation`, xq 5.1–5.5);
//! a move that would play a cycle forbidden to the mover the third time is
//! refused with `must_change` (xq 4.1.7) — or, under
//! [`ProhibitionPolicy::WarnThenLose`], recorded with the arbiter's warning
//! and, after the warnings, ruled a loss; then the position ends the game
//! (checkmate xq 4.1.1, stalemate 困毙 xq 4.1.3 — both lose for the side to
//! move; no attacking piece on either side, xq 4.2.1), else a cycle allowed
//! to both sides played the third time draws (xq 4.2.3), else the natural
//! move limit draws (xq 4.2.4).
//!
//! # What falls due without an event
//! A flag (xq 4.1.4) and the lateness limit (xq 4.1.5, with a scheduled
//! start: both players absent until they `arrive`) are *observed* before
//! each event, earliest first, as in chess; [`XiangqiGame::next_due_ms`]
//! says when the next one falls due, for a server to record a `flag`
//! observation then.
//!
//! # Scoresheet mode
//! A game entered afterwards from its scoresheets ([`XiangqiSetup::mode`]):
//! the first move starts it, each move may carry the mover's time as
//! written, every move is judged as in a live game (movement, the
//! repetition rules, the natural limit), and nothing is inferred from the
//! events' times — no flag, no lateness; a flag fall is the arbiter's
//! `declare_result` on those grounds (xq 4.1.4).
//!
//! # Not modelled
//! Restoring a position after an irregularity (xq 5.8:
//! the arbiter corrects it at once on the board; a move against the
//! movement rules is ruled by `declare_loss`, xq 4.1.6); touch-move claims
//! after the opponent moved (the arbiter rules touches as they happen).

mod event;
mod move_text;
mod play;
mod profile;
use play::{cite, finish};
mod touch;

pub use event::{Notation, XqEvent, XqEventKind, XqGrounds, XqLossGrounds, XqWho};
pub use profile::{IllegalMovePolicy, ProhibitionPolicy, XiangqiProfile, XqTimeScheme};
pub use touch::{XqTouched, xq_obligation};

use crate::attendance::Attendance;
use crate::clock::Clocks;
use crate::code::Code;
use crate::game::{SetupError, Status};
use crate::log::{Applied, Logged, Step, commit, fold, reject};
use crate::result::{Citation, GameResult, Rejection, Termination};
use crate::time_control::TimeControl;
use crate::touch::Obligation;
use xiangqi::{
    Color, IccsError, IllegalReason, Judgement, Move, NotationError, Outcome, Position,
    RepetitionTracker, Square, Verdict, WinReason,
};

/// The seat a side holds on the shared clock and in a [`GameResult`]: Red
/// moves first, so Red is the first player (`White` in the chess types).
#[must_use]
pub const fn seat(c: Color) -> rules::Color {
    match c {
        Color::Red => rules::Color::White,
        Color::Black => rules::Color::Black,
    }
}

/// The side holding a seat of the shared clock (the inverse of [`seat`]).
#[must_use]
pub const fn side_of(seat: rules::Color) -> Color {
    match seat {
        rules::Color::White => Color::Red,
        rules::Color::Black => Color::Black,
    }
}

/// A side's name in messages: `red`, `black`.
#[must_use]
pub const fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// Everything fixed before the first event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct XiangqiSetup {
    /// Initial position (Xiangqi FEN); `None` = the standard one.
    pub fen: Option<String>,
    /// Time control; `None` = the profile's.
    pub time_control: Option<TimeControl>,
    /// Scheduled start on the events' timeline. When given, both players
    /// are absent until they `arrive` and the lateness limit (xq 4.1.5)
    /// applies; when `None`, both are presumed present.
    pub scheduled_start_ms: Option<u64>,
    /// Live (the server is the clock) or from scoresheets: moves entered
    /// afterwards, each with the mover's time as written if any; no flag
    /// and no lateness is inferred from the events' times (a flag fall is
    /// declared by the arbiter, xq 4.1.4).
    pub mode: crate::Mode,
}

/// One recorded move, in the three notations, with the mover's time left
/// after pressing the clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XqPly {
    /// Who moved.
    pub side: Color,
    /// Coordinates: `h2e2`.
    pub iccs: String,
    /// WXF: `C2.5`.
    pub wxf: String,
    /// Chinese: `炮二平五`.
    pub chinese: String,
    /// The mover's remaining time after the press, if timed.
    pub clock_ms: Option<i64>,
}

/// A stretch of a player's moves, by their numbers (first, last).
type Stretch = (u32, u32);

/// The state (everything but the log).
#[derive(Debug, Clone)]
struct XqState {
    tracker: RepetitionTracker,
    judgement: Judgement,
    plies: Vec<XqPly>,
    clocks: Clocks,
    status: Status,
    termination: Option<Termination>,
    offer: Option<Color>,
    fouls: [u32; 2],
    /// The fouls given by the event that ended the game at the foul limit
    /// (xq 4.1.8), and the player's stretch of unrecorded moves before it
    /// (`unrecorded`): an annulment of that ruling takes both back.
    fouls_that_ended: Option<(Color, u32, Option<Stretch>)>,
    /// Each side's latest stretch of moves reported unrecorded (xq 7.1):
    /// its first and last move numbers. A report overlapping it is the
    /// same stretch again, counted once.
    unrecorded: [Option<Stretch>; 2],
    attendance: Attendance,
    touches: Vec<XqTouched>,
    touch_group: u32,
    warnings: [u32; 2],
    /// The side whose next move the arbiter lets repeat its cycle
    /// (`XqEventKind::AllowCycle`).
    cycle_allowed: Option<Color>,
    last_ms: u64,
}

/// A Xiangqi game under the competition rules: profile, setup, state and
/// the event log.
#[derive(Debug, Clone)]
pub struct XiangqiGame {
    profile: XiangqiProfile,
    setup: XiangqiSetup,
    initial: Position,
    st: XqState,
    log: Vec<Logged<XqEvent>>,
}

impl PartialEq for XiangqiGame {
    /// Equal games: same profile, setup, log and state. The repetition
    /// history is a function of the initial position and the moves, so it
    /// is compared through them.
    fn eq(&self, o: &XiangqiGame) -> bool {
        let (a, b) = (&self.st, &o.st);
        self.profile == o.profile
            && self.setup == o.setup
            && self.initial == o.initial
            && self.log == o.log
            && a.tracker.position() == b.tracker.position()
            && a.judgement == b.judgement
            && a.plies == b.plies
            && a.clocks == b.clocks
            && a.status == b.status
            && a.termination == b.termination
            && a.offer == b.offer
            && a.fouls == b.fouls
            && a.unrecorded == b.unrecorded
            && a.attendance == b.attendance
            && a.touches == b.touches
            && a.touch_group == b.touch_group
            && a.warnings == b.warnings
            && a.cycle_allowed == b.cycle_allowed
            && a.last_ms == b.last_ms
    }
}

impl Eq for XiangqiGame {}

impl XiangqiGame {
    /// A new game. Fails on a bad FEN.
    pub fn new(profile: XiangqiProfile, setup: XiangqiSetup) -> Result<XiangqiGame, SetupError> {
        let initial = match &setup.fen {
            None => Position::startpos(),
            Some(f) => Position::from_fen(f).map_err(|e| SetupError(e.to_string()))?,
        };
        let tc = setup
            .time_control
            .clone()
            .unwrap_or_else(|| profile.default_time_control.clone());
        let tracker = RepetitionTracker::new(initial);
        let judgement = tracker.judge();
        let st = XqState {
            tracker,
            judgement,
            plies: Vec::new(),
            clocks: Clocks::new(tc),
            status: Status::Scheduled,
            termination: None,
            offer: None,
            fouls: [0, 0],
            fouls_that_ended: None,
            unrecorded: [None, None],
            attendance: Attendance::new(setup.scheduled_start_ms),
            touches: Vec::new(),
            touch_group: 0,
            warnings: [0, 0],
            cycle_allowed: None,
            last_ms: 0,
        };
        Ok(XiangqiGame {
            profile,
            setup,
            initial,
            st,
            log: Vec::new(),
        })
    }

    /// Folds a log: applies every event in order. Rejected events are not
    /// logged; the second value holds each event's outcome.
    pub fn replay(
        profile: XiangqiProfile,
        setup: XiangqiSetup,
        events: &[XqEvent],
    ) -> Result<(XiangqiGame, Vec<Result<Applied, Rejection>>), SetupError> {
        let mut g = XiangqiGame::new(profile, setup)?;
        let outcomes = events.iter().map(|e| g.apply(e.clone())).collect();
        Ok((g, outcomes))
    }

    /// Applies one event: the new state and its rulings, or a rejection that
    /// leaves the game unchanged.
    pub fn apply(&mut self, event: XqEvent) -> Result<Applied, Rejection> {
        let (st, out) = fold(&self.st, |st, out| {
            self.step(st, &event, out)?;
            st.last_ms = st.last_ms.max(event.at_ms);
            Ok(())
        })?;
        Ok(commit(&mut self.st, &mut self.log, st, event, out))
    }

    /// The profile.
    #[must_use]
    pub fn profile(&self) -> &XiangqiProfile {
        &self.profile
    }

    /// The setup.
    #[must_use]
    pub fn setup(&self) -> &XiangqiSetup {
        &self.setup
    }

    /// The accepted events with their rulings.
    #[must_use]
    pub fn log(&self) -> &[Logged<XqEvent>] {
        &self.log
    }

    /// The initial position.
    #[must_use]
    pub fn initial_position(&self) -> &Position {
        &self.initial
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.st.tracker.position()
    }

    /// The recorded moves.
    #[must_use]
    pub fn plies(&self) -> &[XqPly] {
        &self.st.plies
    }

    /// The prohibitions' judgement of the position now: the cycle, if one
    /// is forming, and its verdict (xq 4.1.7, 4.2.3).
    #[must_use]
    pub fn repetition(&self) -> &Judgement {
        &self.st.judgement
    }

    /// The side whose next move the arbiter allowed to repeat its cycle
    /// (`allow_cycle`, xq 4.1.7), until that move is made.
    #[must_use]
    pub fn cycle_allowed(&self) -> Option<Color> {
        self.st.cycle_allowed
    }

    /// Status.
    #[must_use]
    pub fn status(&self) -> Status {
        self.st.status
    }

    /// Result, once finished (`1-0`: Red wins).
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.st.termination.as_ref().map(|t| t.result)
    }

    /// How the game ended.
    #[must_use]
    pub fn termination(&self) -> Option<&Termination> {
        self.st.termination.as_ref()
    }

    /// Points (half-points) for Red and Black under the profile's scoring.
    #[must_use]
    pub fn points(&self) -> Option<(u32, u32)> {
        self.result().map(|r| r.points(self.profile.scoring))
    }

    /// The clocks (Red in the first seat, see [`seat`]).
    #[must_use]
    pub fn clocks(&self) -> &Clocks {
        &self.st.clocks
    }

    /// A side's remaining time at `t` (negative once the flag is down);
    /// `None` if untimed.
    #[must_use]
    pub fn remaining_ms(&self, t: u64, c: Color) -> Option<i64> {
        let clocks = &self.st.clocks;
        clocks
            .time_control()
            .is_timed()
            .then(|| clocks.remaining_at(t, seat(c)))
    }

    /// The side whose draw offer stands, if any.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.st.offer
    }

    /// Fouls of a side (xq 4.1.8, 7.1).
    #[must_use]
    pub fn fouls(&self, c: Color) -> u32 {
        self.st.fouls[c.index()]
    }

    /// Time of the last accepted event.
    #[must_use]
    pub fn last_event_ms(&self) -> u64 {
        self.st.last_ms
    }

    /// Whether a side is at the board (xq 4.1.5).
    #[must_use]
    pub fn is_present(&self, c: Color) -> bool {
        self.st.attendance.is_present(seat(c))
    }

    /// Warnings to change a forbidden cycle a side has had (xq 4.1.7, under
    /// [`ProhibitionPolicy::WarnThenLose`]).
    #[must_use]
    pub fn warnings(&self, c: Color) -> u32 {
        self.st.warnings[c.index()]
    }

    /// The touches standing (xq 5), in order.
    #[must_use]
    pub fn touches(&self) -> &[XqTouched] {
        &self.st.touches
    }

    /// What the touches oblige the side to move to do (xq 5.1–5.5).
    #[must_use]
    pub fn touch_obligation(&self) -> Obligation<Move> {
        self.obligation(&self.st)
    }

    /// The earliest time (ms on the events' timeline) at which an
    /// observation without any other event ends the game — a flag fall
    /// (xq 4.1.4) or the lateness limit (xq 4.1.5) — if the game stays as it
    /// is; `None` when nothing can fall due. A server records the
    /// observation (`XqEventKind::Flag`) at that time, as it does for chess
    /// with [`Game::next_due_ms`](crate::Game::next_due_ms).
    #[must_use]
    pub fn next_due_ms(&self) -> Option<u64> {
        self.pending(&self.st)
            .into_iter()
            .map(|(from, _, _)| from.max(self.st.last_ms))
            .min()
    }
}

/// What can fall due without an event, in the order a tie is ruled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Due {
    Flag,
    Lateness,
}

impl XiangqiGame {
    /// Whether the server is the clock (not a game entered from
    /// scoresheets).
    pub(crate) fn live(&self) -> bool {
        self.setup.mode == crate::Mode::Live
    }

    /// What falls due without an event while the game stands as it is, as
    /// `(from, at, kind)`: it applies to an observation at any time
    /// `>= from` and takes effect at `at` — a flag (xq 4.1.4) at the moment
    /// it falls, the lateness limit (xq 4.1.5) just after it runs out (an
    /// arrival at the limit is in time).
    fn pending(&self, st: &XqState) -> Vec<(u64, u64, Due)> {
        let mut pending = Vec::new();
        if !self.live() {
            // From scoresheets: the events' times are not the game's.
            return pending;
        }
        if st.status == Status::InProgress
            && let Some((_, at)) = st.clocks.flag_time()
        {
            pending.push((at, at, Due::Flag));
        }
        if matches!(st.status, Status::Scheduled | Status::InProgress)
            && let Some(deadline) = st
                .attendance
                .lateness_deadline(self.profile.lateness_limit_ms)
        {
            pending.push((deadline.saturating_add(1), deadline, Due::Lateness));
        }
        pending
    }

    /// What happened by `t` without an event: the earliest of a flag fall
    /// and a lateness forfeit ends the game at the moment it fell due.
    /// Returns the article of the ending, if there was one.
    fn observe(&self, st: &mut XqState, out: &mut Step, t: u64) -> Option<&'static str> {
        let (_, at, due) = self
            .pending(st)
            .into_iter()
            .filter(|&(from, _, _)| from <= t)
            .min_by_key(|&(_, at, due)| (at, due))?;
        match due {
            Due::Flag => {
                let (c, at) = st.clocks.flag_time()?;
                let loser = side_of(c);
                let w = loser.opposite();
                finish(
                    st,
                    out,
                    at,
                    GameResult::win_for(seat(w)),
                    cite(
                        Code::LostOnTime,
                        "xq 4.1.4",
                        format!(
                            "{} did not make the required moves in the time limit: {} wins",
                            side_name(loser),
                            side_name(w)
                        ),
                    ),
                );
                Some("xq 4.1.4")
            }
            Due::Lateness => {
                let forfeit = st.attendance.forfeit(!st.plies.is_empty());
                let why = match forfeit.absent {
                    Some(c) => cite(
                        Code::LostByLateness,
                        "xq 4.1.5",
                        format!(
                            "{} did not arrive within the event's lateness limit and loses",
                            side_name(side_of(c))
                        ),
                    ),
                    None => cite(
                        Code::BothAbsentBothLose,
                        "xq 4.1.5",
                        "neither player arrived within the event's lateness limit: both lose",
                    ),
                };
                finish(st, out, at, forfeit.result, why);
                Some("xq 4.1.5")
            }
        }
    }
}
