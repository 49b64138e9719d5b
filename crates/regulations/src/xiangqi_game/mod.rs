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
//! # Not modelled
//! Scoresheet mode; restoring a position after an irregularity (xq 5.8:
//! the arbiter corrects it at once on the board; a move against the
//! movement rules is ruled by `declare_loss`, xq 4.1.6); touch-move claims
//! after the opponent moved (the arbiter rules touches as they happen).

mod event;
mod profile;
mod touch;

pub use event::{Notation, XqEvent, XqEventKind, XqLossGrounds, XqWho};
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
    attendance: Attendance,
    touches: Vec<XqTouched>,
    touch_group: u32,
    warnings: [u32; 2],
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
            && a.attendance == b.attendance
            && a.touches == b.touches
            && a.touch_group == b.touch_group
            && a.warnings == b.warnings
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
            attendance: Attendance::new(setup.scheduled_start_ms),
            touches: Vec::new(),
            touch_group: 0,
            warnings: [0, 0],
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

fn cite(code: Code, article: &str, message: impl Into<String>) -> Citation {
    Citation::of(code, article, message)
}

impl XiangqiGame {
    fn step(&self, st: &mut XqState, ev: &XqEvent, out: &mut Step) -> Result<(), Rejection> {
        let t = ev.at_ms;
        if t < st.last_ms {
            return reject(
                Code::TimeGoesBackwards,
                "xq 6",
                format!(
                    "event at {t} ms is earlier than the previous event at {} ms",
                    st.last_ms
                ),
            );
        }
        require_not_over(st)?;
        if let Some(article) = self.observe(st, out, t) {
            if ev.kind == XqEventKind::Flag {
                return Ok(());
            }
            out.rule(
                Code::EventAfterGameEnd,
                article,
                "the game had already ended before this event; it has no effect",
            );
            return Ok(());
        }
        match &ev.kind {
            XqEventKind::Start => {
                if st.status != Status::Scheduled {
                    return reject(Code::AlreadyStarted, "xq 6", "the game has already started");
                }
                st.status = Status::InProgress;
                let side = st.tracker.position().turn();
                st.clocks.start(t, seat(side));
                out.rule(
                    Code::ClockStarted,
                    "xq 6",
                    format!("{}'s clock is started", side_name(side)),
                );
                Ok(())
            }
            XqEventKind::Move { text, notation } => self.on_move(st, out, t, text, *notation),
            XqEventKind::Resign { player } => {
                require_in_progress(st)?;
                let p = *player;
                let w = p.opposite();
                finish(
                    st,
                    out,
                    t,
                    GameResult::win_for(seat(w)),
                    cite(
                        Code::Resignation,
                        "xq 4.1.9",
                        format!("{} resigns: {} wins", side_name(p), side_name(w)),
                    ),
                );
                Ok(())
            }
            XqEventKind::OfferDraw { player } => {
                require_in_progress(st)?;
                match st.offer {
                    Some(o) if o == *player => reject(
                        Code::DrawOfferAlreadyStanding,
                        "xq 4.2.2",
                        format!("{}'s draw offer already stands", side_name(o)),
                    ),
                    Some(o) => reject(
                        Code::OpponentOfferStanding,
                        "xq 4.2.2",
                        format!("{}'s draw offer stands and may be accepted", side_name(o)),
                    ),
                    None => {
                        st.offer = Some(*player);
                        out.rule(
                            Code::DrawOffered,
                            "xq 4.2.2",
                            format!("{} proposes a draw", side_name(*player)),
                        );
                        Ok(())
                    }
                }
            }
            XqEventKind::AcceptDraw { player } | XqEventKind::DeclineDraw { player } => {
                require_in_progress(st)?;
                if st.offer != Some(player.opposite()) {
                    return reject(
                        Code::NoDrawOffer,
                        "xq 4.2.2",
                        format!("{} has no draw offer to answer", side_name(*player)),
                    );
                }
                if matches!(ev.kind, XqEventKind::AcceptDraw { .. }) {
                    finish(
                        st,
                        out,
                        t,
                        GameResult::Draw,
                        cite(
                            Code::DrawAgreed,
                            "xq 4.2.2",
                            format!("{} agrees to the draw", side_name(*player)),
                        ),
                    );
                } else {
                    st.offer = None;
                    out.rule(
                        Code::DrawOfferDeclined,
                        "xq 4.2.2",
                        format!("{} declines the draw", side_name(*player)),
                    );
                }
                Ok(())
            }
            XqEventKind::Flag => {
                require_in_progress(st)?;
                if !st.clocks.time_control().is_timed() {
                    return reject(Code::UntimedGame, "xq 6", "the game has no time control");
                }
                reject(Code::FlagNotDown, "xq 4.1.4", "no flag is down")
            }
            XqEventKind::Foul { player } => {
                require_in_progress(st)?;
                self.add_fouls(st, out, t, *player, 1, Code::Foul, "xq 4.1.8", "a foul");
                Ok(())
            }
            XqEventKind::Unrecorded { player, moves } => {
                require_in_progress(st)?;
                let per = self.profile.unrecorded_moves_per_foul.max(1);
                let n = moves / per;
                if n == 0 {
                    out.rule(
                        Code::RecordingFoul,
                        "xq 7.1",
                        format!(
                            "{} left {moves} consecutive moves unrecorded: fewer than {per}, no foul",
                            side_name(*player)
                        ),
                    );
                } else {
                    let why = format!("{moves} consecutive moves unrecorded ({per} per foul)");
                    self.add_fouls(st, out, t, *player, n, Code::RecordingFoul, "xq 7.1", &why);
                }
                Ok(())
            }
            XqEventKind::Arrive { player } => {
                if !st.attendance.arrive(seat(*player)) {
                    return reject(
                        Code::AlreadyPresent,
                        "xq 4.1.5",
                        format!("{} is already at the board", side_name(*player)),
                    );
                }
                out.rule(
                    Code::PlayerArrived,
                    "xq 4.1.5",
                    format!("{} arrived at the board", side_name(*player)),
                );
                Ok(())
            }
            XqEventKind::Touch {
                player,
                square,
                together_with,
                accidental,
            } => {
                let mut squares = vec![square.as_str()];
                squares.extend(together_with.iter().map(String::as_str));
                self.on_touch(st, out, *player, &squares, *accidental, false)
            }
            XqEventKind::Adjust {
                player,
                square,
                consent,
            } => {
                require_in_progress(st)?;
                let sq = parse_square(square)?;
                let piece = piece_at(st, sq)?;
                if *consent && *player == st.tracker.position().turn() {
                    out.rule(
                        Code::AdjustedWithNotice,
                        "xq 5.6",
                        format!(
                            "{} adjusted {} with the opponent's consent in his own time: no obligation",
                            side_name(*player),
                            describe(piece, sq)
                        ),
                    );
                    return Ok(());
                }
                let why = if *consent {
                    "in the opponent's time"
                } else {
                    "without the opponent's consent"
                };
                out.rule(
                    Code::AdjustCountsAsTouch,
                    "xq 5.6",
                    format!(
                        "{} adjusted {} {why}: it counts as touching it",
                        side_name(*player),
                        describe(piece, sq)
                    ),
                );
                self.on_touch(st, out, *player, &[square.as_str()], false, true)
            }
            XqEventKind::Refuse { who } => {
                require_in_progress(st)?;
                let (result, message) = match who {
                    XqWho::Red => (
                        GameResult::win_for(seat(Color::Black)),
                        "red refuses to follow the rules and loses: black wins",
                    ),
                    XqWho::Black => (
                        GameResult::win_for(seat(Color::Red)),
                        "black refuses to follow the rules and loses: red wins",
                    ),
                    XqWho::Both => (
                        GameResult::BothLose,
                        "both players refuse to follow the rules: both lose",
                    ),
                };
                finish(
                    st,
                    out,
                    t,
                    result,
                    cite(Code::RefusalToComply, "xq 4.1.10", message),
                );
                Ok(())
            }
            XqEventKind::DeclareLoss { player, grounds } => {
                require_in_progress(st)?;
                let p = *player;
                let w = p.opposite();
                let why = match grounds {
                    XqLossGrounds::IllegalMove => cite(
                        Code::IllegalMoveLoses,
                        "xq 4.1.6",
                        format!(
                            "the arbiter finds that {} made a move against the movement rules (found during the game, xq 5.8): {} wins",
                            side_name(p),
                            side_name(w)
                        ),
                    ),
                    XqLossGrounds::NotChanging => match st.judgement.verdict {
                        Verdict::MustChange { side, reason } if side == p => cite(
                            Code::NotChangingLoses,
                            "xq 4.1.7",
                            format!(
                                "{} violates the prohibitions ({reason}) and will not change: {} wins",
                                side_name(p),
                                side_name(w)
                            ),
                        ),
                        v => {
                            return reject(
                                Code::ResultDoesNotFitGrounds,
                                "xq 4.1.7",
                                format!(
                                    "no cycle forbidden to {} stands in the position now ({v})",
                                    side_name(p)
                                ),
                            );
                        }
                    },
                };
                finish(st, out, t, GameResult::win_for(seat(w)), why);
                Ok(())
            }
            XqEventKind::SimplePosition => {
                require_in_progress(st)?;
                finish(
                    st,
                    out,
                    t,
                    GameResult::Draw,
                    cite(
                        Code::SimplePositionDraw,
                        "xq 4.2.1",
                        "the arbiter rules the position a simple one that neither side can win: draw",
                    ),
                );
                Ok(())
            }
        }
    }

    /// The obligation of the side to move from its touches (xq 5.1–5.5):
    /// moves the prohibitions refuse are moves the piece cannot make.
    fn obligation(&self, st: &XqState) -> Obligation<Move> {
        let refuse = self.profile.prohibition_policy == ProhibitionPolicy::Refuse;
        xq_obligation(st.tracker.position(), &st.touches, |m| {
            !refuse || st.tracker.refusal(m).is_none()
        })
    }

    /// xq 5: a touch of one or more pieces at the same moment. In the
    /// player's own time it rules the obligation at once; in the
    /// opponent's time it binds the player's next move (xq 5.6).
    fn on_touch(
        &self,
        st: &mut XqState,
        out: &mut Step,
        player: Color,
        squares: &[&str],
        accidental: bool,
        adjusted: bool,
    ) -> Result<(), Rejection> {
        require_in_progress(st)?;
        let mut pieces = Vec::with_capacity(squares.len());
        for s in squares {
            let sq = parse_square(s)?;
            pieces.push((sq, piece_at(st, sq)?));
        }
        let names: Vec<String> = pieces.iter().map(|(sq, p)| describe(*p, *sq)).collect();
        if accidental {
            out.rule(
                Code::AccidentalTouch,
                "xq 5.6",
                format!(
                    "{} touched {} by an obvious accident: not a touch",
                    side_name(player),
                    names.join(" and ")
                ),
            );
            return Ok(());
        }
        st.touch_group = st.touch_group.saturating_add(1);
        for (square, piece) in pieces {
            st.touches.push(XqTouched {
                player,
                square,
                piece,
                group: st.touch_group,
            });
        }
        let turn = st.tracker.position().turn();
        if player != turn {
            if !adjusted {
                out.rule(
                    Code::TouchNotOnMove,
                    "xq 5.6",
                    format!(
                        "{} touched {} in {}'s time: it counts for {}'s next move",
                        side_name(player),
                        names.join(" and "),
                        side_name(turn),
                        side_name(player)
                    ),
                );
            }
            return Ok(());
        }
        match self.obligation(st) {
            Obligation::Moves { why, .. } | Obligation::Free(why) => out.rulings.push(why),
            Obligation::None => {}
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn add_fouls(
        &self,
        st: &mut XqState,
        out: &mut Step,
        t: u64,
        player: Color,
        n: u32,
        code: Code,
        article: &str,
        why: &str,
    ) {
        let f = &mut st.fouls[player.index()];
        *f = f.saturating_add(n);
        let total = *f;
        out.rule(
            code,
            article,
            format!(
                "{} is given {n} foul(s) for {why}: {total} in this game",
                side_name(player)
            ),
        );
        if total >= self.profile.foul_limit {
            let w = player.opposite();
            finish(
                st,
                out,
                t,
                GameResult::win_for(seat(w)),
                cite(
                    Code::FoulsLimitLose,
                    "xq 4.1.8",
                    format!(
                        "{} has {total} fouls in one game and loses: {} wins",
                        side_name(player),
                        side_name(w)
                    ),
                ),
            );
        }
    }

    fn on_move(
        &self,
        st: &mut XqState,
        out: &mut Step,
        t: u64,
        text: &str,
        notation: Option<Notation>,
    ) -> Result<(), Rejection> {
        require_in_progress(st)?;
        let before = *st.tracker.position();
        let mover = before.turn();
        let mv = match parse_move(&before, text, notation) {
            Ok(mv) => mv,
            Err((r, Some(reason)))
                if self.profile.illegal_move_policy == IllegalMovePolicy::Lose
                    && attempted(reason) =>
            {
                let w = mover.opposite();
                finish(
                    st,
                    out,
                    t,
                    GameResult::win_for(seat(w)),
                    cite(
                        Code::IllegalMoveLoses,
                        r.article(),
                        format!(
                            "{} attempted {text}, a move against the movement rules ({}): {} loses, {} wins",
                            side_name(mover),
                            r.0.message,
                            side_name(mover),
                            side_name(w)
                        ),
                    ),
                );
                return Ok(());
            }
            Err((r, _)) => return Err(r),
        };
        let forbidden = st.tracker.refusal(mv);
        if let (Some(r), ProhibitionPolicy::Refuse) = (forbidden, self.profile.prohibition_policy) {
            return reject(
                Code::MustChange,
                &format!("xq {}", r.article()),
                format!("{} {r}", side_name(mover)),
            );
        }
        if let Obligation::Moves { moves, why } = self.obligation(st)
            && !moves.contains(&mv)
        {
            return reject(
                Code::TouchMoveViolation,
                &why.article,
                format!("{} may not play {text}: {}", side_name(mover), why.message),
            );
        }
        let judgement = st.tracker.play(mv).map_err(|e| {
            Rejection::of(
                Code::IllegalMove,
                &format!("xq {}", e.reason.article()),
                e.to_string(),
            )
        })?;
        st.judgement = judgement;
        let clock_ms = if st.clocks.time_control().is_timed() {
            st.clocks.press(t, seat(mover));
            Some(st.clocks.remaining_at(t, seat(mover)))
        } else {
            st.clocks.press(t, seat(mover));
            None
        };
        st.plies.push(XqPly {
            side: mover,
            iccs: mv.to_iccs(),
            wxf: before.to_wxf(mv).unwrap_or_default(),
            chinese: before.to_chinese(mv).unwrap_or_default(),
            clock_ms,
        });
        st.touches.retain(|t| t.player != mover);
        if st.offer == Some(mover.opposite()) {
            st.offer = None;
            out.rule(
                Code::DrawOfferLapsed,
                "xq 4.2.2",
                format!(
                    "{} moved instead of answering: the offer is declined",
                    side_name(mover)
                ),
            );
        }
        if let (Some(r), ProhibitionPolicy::WarnThenLose { warnings }) =
            (forbidden, self.profile.prohibition_policy)
        {
            let given = &mut st.warnings[mover.index()];
            if *given < warnings {
                *given += 1;
                let n = *given;
                out.rule(
                    Code::MustChangeWarning,
                    "xq 4.1.7",
                    format!(
                        "{} repeats {} for the {} time: the arbiter warns {} to change (warning {n} of {warnings})",
                        side_name(mover),
                        r.reason,
                        ordinal(r.repetitions),
                        side_name(mover)
                    ),
                );
            } else {
                let w = mover.opposite();
                finish(
                    st,
                    out,
                    t,
                    GameResult::win_for(seat(w)),
                    cite(
                        Code::NotChangingLoses,
                        "xq 4.1.7",
                        format!(
                            "{} repeats {} for the {} time after {warnings} warning(s) and has not changed: {} wins",
                            side_name(mover),
                            r.reason,
                            ordinal(r.repetitions),
                            side_name(w)
                        ),
                    ),
                );
                return Ok(());
            }
        }
        self.end_after_move(st, out, t);
        Ok(())
    }

    /// The game ends on the board: the position (xq 4.1.1, 4.1.3, 4.2.1),
    /// then repetition (xq 4.2.3), then the natural move limit (xq 4.2.4).
    fn end_after_move(&self, st: &mut XqState, out: &mut Step, t: u64) {
        let pos = st.tracker.position();
        let to_move = pos.turn();
        if let Some(outcome) = pos.outcome() {
            let (result, why) = match outcome {
                Outcome::Win { winner, reason } => {
                    let (code, how) = match reason {
                        WinReason::Checkmate => (Code::Checkmate, "is checkmated"),
                        WinReason::Stalemate => {
                            (Code::Stalemate, "has no legal move (困毙, stalemate loses)")
                        }
                    };
                    (
                        GameResult::win_for(seat(winner)),
                        cite(
                            code,
                            &format!("xq {}", reason.article()),
                            format!("{} {how}: {} wins", side_name(to_move), side_name(winner)),
                        ),
                    )
                }
                Outcome::Draw(reason) => (
                    GameResult::Draw,
                    cite(
                        Code::DeadPosition,
                        &format!("xq {}", reason.article()),
                        "neither side has a chariot, horse, cannon or soldier: neither can win, draw",
                    ),
                ),
            };
            finish(st, out, t, result, why);
            return;
        }
        if st.judgement.draw_due() {
            let n = st.judgement.repetitions();
            finish(
                st,
                out,
                t,
                GameResult::Draw,
                cite(
                    Code::RepetitionDraw,
                    "xq 4.2.3",
                    format!(
                        "the cycle has been played {n} times and neither side must change (不变作和): draw"
                    ),
                ),
            );
            return;
        }
        let limit = self.profile.natural_move_limit;
        if st.tracker.natural_limit_reached(limit) {
            finish(
                st,
                out,
                t,
                GameResult::Draw,
                cite(
                    Code::NaturalMoveLimit,
                    "xq 4.2.4",
                    format!("{limit} moves without a capture by either side: draw"),
                ),
            );
        }
    }
}

/// Reads a move in the notation named, or in any of the three: ICCS when
/// the text is coordinates, otherwise WXF for ASCII text and Chinese for
/// the rest (then WXF, for full-width WXF).
/// A refused text: the rejection, and the rule broken when the text names
/// a move the pieces on the board could attempt (not a malformed, ambiguous
/// or impossible one).
type ParseFailure = (Rejection, Option<IllegalReason>);

fn parse_move(
    pos: &Position,
    text: &str,
    notation: Option<Notation>,
) -> Result<Move, ParseFailure> {
    let notation = notation.unwrap_or_else(|| {
        if Move::from_iccs(text).is_ok() {
            Notation::Iccs
        } else if text.is_ascii() {
            Notation::Wxf
        } else {
            Notation::Chinese
        }
    });
    match notation {
        Notation::Iccs => pos.parse_iccs(text).map_err(|e| match e {
            IccsError::Malformed(_) => (
                Rejection::of(Code::MalformedMove, "xq 7.1", e.to_string()),
                None,
            ),
            IccsError::Illegal { reason, .. } => (illegal(reason, &e.to_string()), Some(reason)),
        }),
        Notation::Wxf => pos.parse_wxf(text).map_err(|e| notation_rejection(&e)),
        Notation::Chinese => match pos.parse_chinese(text) {
            Err(NotationError::Malformed { .. }) if text.chars().all(|c| !is_han(c)) => {
                pos.parse_wxf(text).map_err(|e| notation_rejection(&e))
            }
            r => r.map_err(|e| notation_rejection(&e)),
        },
    }
}

/// Whether an illegal move is one a player could make on the board (xq
/// 4.1.6): moving a piece that is not there, or the opponent's, is a
/// recording slip or a move out of turn (xq 5.8), never a loss by policy.
fn attempted(reason: IllegalReason) -> bool {
    !matches!(
        reason,
        IllegalReason::NoPiece(_) | IllegalReason::NotYourPiece(_)
    )
}

fn is_han(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

fn illegal(reason: IllegalReason, message: &str) -> Rejection {
    let message = if reason == IllegalReason::GeneralsFacing {
        format!("{message}; it counts as a move against the movement rules (xq 4.1.6)")
    } else {
        message.to_string()
    };
    Rejection::of(
        Code::IllegalMove,
        &format!("xq {}", reason.article()),
        message,
    )
}

fn notation_rejection(e: &NotationError) -> ParseFailure {
    match e {
        NotationError::Malformed { .. } => (
            Rejection::of(Code::MalformedMove, "xq 7.1", e.to_string()),
            None,
        ),
        NotationError::Ambiguous(_) => (
            Rejection::of(Code::AmbiguousMove, "xq 7.1", e.to_string()),
            None,
        ),
        NotationError::NoSuchPiece(_) => (
            Rejection::of(Code::IllegalMove, "xq 4.1.6", e.to_string()),
            None,
        ),
        NotationError::Illegal { reason, .. } => (illegal(*reason, &e.to_string()), Some(*reason)),
    }
}

fn parse_square(s: &str) -> Result<Square, Rejection> {
    s.trim()
        .parse::<Square>()
        .map_err(|e| Rejection::of(Code::MalformedSquare, "xq 5", e.to_string()))
}

fn piece_at(st: &XqState, sq: Square) -> Result<xiangqi::Piece, Rejection> {
    st.tracker.position().piece_at(sq).ok_or_else(|| {
        Rejection::of(
            Code::NoPieceOnSquare,
            "xq 5",
            format!("there is no piece on {sq}"),
        )
    })
}

fn describe(p: xiangqi::Piece, sq: Square) -> String {
    format!("the {p} on {sq}")
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "first".to_owned(),
        2 => "second".to_owned(),
        3 => "third".to_owned(),
        _ => format!("{n}th"),
    }
}

fn require_not_over(st: &XqState) -> Result<(), Rejection> {
    if st.status == Status::Finished {
        let t = st.termination.as_ref();
        return reject(
            Code::GameOver,
            t.map_or("xq 4", |t| t.reason.article.as_str()),
            format!(
                "the game is over ({})",
                t.map_or("finished".to_string(), |t| t.result.to_string())
            ),
        );
    }
    Ok(())
}

fn require_in_progress(st: &XqState) -> Result<(), Rejection> {
    require_not_over(st)?;
    if st.status == Status::Scheduled {
        return reject(Code::GameNotStarted, "xq 6", "the game has not started");
    }
    Ok(())
}

fn finish(st: &mut XqState, out: &mut Step, t: u64, result: GameResult, why: Citation) {
    st.clocks.stop(t);
    st.status = Status::Finished;
    st.offer = None;
    out.rulings.push(why.clone());
    st.termination = Some(Termination {
        result,
        reason: why,
        at_ms: t,
    });
}

impl XiangqiGame {
    /// What falls due without an event while the game stands as it is, as
    /// `(from, at, kind)`: it applies to an observation at any time
    /// `>= from` and takes effect at `at` — a flag (xq 4.1.4) at the moment
    /// it falls, the lateness limit (xq 4.1.5) just after it runs out (an
    /// arrival at the limit is in time).
    fn pending(&self, st: &XqState) -> Vec<(u64, u64, Due)> {
        let mut pending = Vec::new();
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
