//! The game: a state folded from ordered events, every decision citing its
//! article.
//!
//! This file holds [`Game`], its setup and internal state, [`Game::apply`]
//! and the helpers every concern uses. `dispatch` routes an event to its
//! concern:
//! - `moves`: moves, clock presses, the end of the game on the board
//! - `touch_move`: touching and adjusting pieces, touch-move claims
//! - `claims`: draw offers, draw claims, perpetual check
//! - `conduct`: outside help and the team captain (Art. 15, national
//!   variations)
//! - `flags`: flag falls (10.14, 12.2)
//! - `lateness`: what happened by an event's time without one (flag, lateness,
//!   the club's game-length limit), arrivals
//! - `penalties`: the arbiter's penalties, the club's fouls
//! - `irregularities`: illegal moves, displaced pieces, annulment, colours
//!   reversed
//! - `adjournment`: sealing, the envelope, resumption
//! - `view`: the state as the server shows it

mod adjournment;
mod claims;
mod conduct;
mod dispatch;
mod flags;
mod irregularities;
mod lateness;
mod moves;
mod penalties;
mod touch_move;
mod view;

use adjournment::Sealed;
pub use adjournment::{Envelope, Resumption};
pub use moves::{PlyRecord, San};
pub use view::{GameView, Pending, TouchPending};

use crate::attendance::Attendance;
use crate::clock::Clocks;
use crate::code::Code;
use crate::event::Event;
use crate::log::{Appended, Step, commit, reject};
pub use crate::log::{Applied, Logged};
use crate::profile::Profile;
use crate::result::{Citation, GameResult, Rejection, Termination};
use crate::time_control::TimeControl;
use crate::touch::Touched;
use rules::{Color, Move, Position, Square};

/// How moves reach the server (issue 4, item 1), the recording mode:
/// `live` (the server is the clock) or `scoresheet` (moves entered
/// afterwards, clocks as the arbiter states them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Mode {
    /// The server is the clock: every event's time drives the clocks.
    #[default]
    Live,
    /// Moves entered afterwards from scoresheets, with optional remaining
    /// times; no flag is inferred from event times, no lateness is computed.
    Scoresheet,
}

/// Everything fixed before the first event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameSetup {
    /// Initial position; `None` = the standard one.
    #[cfg_attr(feature = "serde", serde(default))]
    pub fen: Option<String>,
    /// Time control; `None` = the profile's default.
    #[cfg_attr(feature = "serde", serde(default))]
    pub time_control: Option<TimeControl>,
    /// Live or scoresheet recording.
    #[cfg_attr(feature = "serde", serde(default))]
    pub mode: Mode,
    /// Scheduled start on the events' timeline. When given, both players are
    /// absent until they `arrive` and the lateness rule (10.15) applies;
    /// when `None`, both are presumed present.
    #[cfg_attr(feature = "serde", serde(default))]
    pub scheduled_start_ms: Option<u64>,
    /// The game is a board of a team match (a team event's round, or a team
    /// match entered on its own): the national variation's captain
    /// consultation applies only here.
    #[cfg_attr(feature = "serde", serde(default))]
    pub team_game: bool,
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad game setup: {}", self.0)
    }
}

impl std::error::Error for SetupError {}

/// Where the game stands: a game's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Status {
    /// Not started.
    Scheduled,
    /// Being played.
    InProgress,
    /// A move is sealed (Art. 13).
    Adjourned,
    /// Over; see the termination.
    Finished,
    /// Annulled (Art. 8.1, 8.2, 8.5, 8.6, 14.5); to be replayed.
    Annulled,
}

impl Status {
    /// snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Scheduled => "scheduled",
            Status::InProgress => "in_progress",
            Status::Adjourned => "adjourned",
            Status::Finished => "finished",
            Status::Annulled => "annulled",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Offer {
    by: Color,
}

/// One accepted chess event with its rulings.
pub type LogEntry = Logged<Event>;

/// Internal state (everything but the log).
#[derive(Debug, Clone, PartialEq, Eq)]
struct State {
    position: Position,
    positions: Appended<Position>,
    plies: Appended<PlyRecord>,
    clocks: Clocks,
    status: Status,
    termination: Option<Termination>,
    /// Why the game was annulled (Art. 8.1, 8.2, 8.5, 8.6, 14.5): the
    /// ruling every later event's refusal cites.
    annulment: Option<Citation>,
    offer: Option<Offer>,
    touches: Vec<Touched>,
    touch_group: u32,
    touched_since_opponent_moved: [bool; 2],
    must_play: Option<Move>,
    unpressed: Option<Color>,
    sealed: Option<Sealed>,
    /// The announced resumption of an adjourned game (13.2).
    resumption: Option<Resumption>,
    attendance: Attendance,
    started_at: Option<u64>,
    illegal_moves: [u32; 2],
    /// Fouls per kind (`FoulKind::index`), then per player.
    fouls: [[u32; 2]; 2],
    resumed: bool,
    moves_since_resume: u32,
    last_ms: u64,
}

/// A game under the Laws: profile, setup, state and the event log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    profile: Profile,
    setup: GameSetup,
    initial: Position,
    st: State,
    log: Vec<LogEntry>,
}

fn ci(c: Color) -> usize {
    c.index()
}

fn parse_square(s: &str) -> Result<Square, Rejection> {
    s.trim().parse::<Square>().map_err(|_| {
        Rejection::of(
            Code::MalformedSquare,
            "1.3",
            format!("'{s}' is not a square (a1..h8)"),
        )
    })
}

impl Game {
    /// A new game. Fails on a bad FEN.
    pub fn new(profile: Profile, setup: GameSetup) -> Result<Game, SetupError> {
        let initial = match &setup.fen {
            None => Position::startpos(),
            Some(f) => Position::from_fen(f).map_err(|e| SetupError(e.to_string()))?,
        };
        let tc = setup
            .time_control
            .clone()
            .unwrap_or_else(|| profile.default_time_control.clone());
        let st = State {
            position: initial,
            positions: Appended::from_vec(vec![initial]),
            plies: Appended::default(),
            clocks: Clocks::new(tc),
            status: Status::Scheduled,
            termination: None,
            annulment: None,
            offer: None,
            touches: Vec::new(),
            touch_group: 0,
            touched_since_opponent_moved: [false, false],
            must_play: None,
            unpressed: None,
            sealed: None,
            resumption: None,
            attendance: Attendance::new(setup.scheduled_start_ms),
            started_at: None,
            illegal_moves: [0, 0],
            fouls: [[0, 0]; 2],
            resumed: false,
            moves_since_resume: 0,
            last_ms: 0,
        };
        Ok(Game {
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
        profile: Profile,
        setup: GameSetup,
        events: &[Event],
    ) -> Result<(Game, Vec<Result<Applied, Rejection>>), SetupError> {
        let mut g = Game::new(profile, setup)?;
        let outcomes = events.iter().map(|e| g.apply(e.clone())).collect();
        Ok((g, outcomes))
    }

    /// Applies one event: the new state and its rulings, or a rejection that
    /// leaves the game unchanged.
    ///
    /// The positions and plies are not copied: the event works on them in
    /// place, and a rejection undoes what it appended or annotated
    /// (`Appended`); the rest of the state is copied and replaced whole.
    pub fn apply(&mut self, event: Event) -> Result<Applied, Rejection> {
        let positions = std::mem::take(&mut self.st.positions);
        let plies = std::mem::take(&mut self.st.plies);
        let marks = (positions.mark(), plies.mark());
        let mut st = State {
            positions,
            plies,
            ..self.st.clone()
        };
        let mut out = Step::default();
        match self.step(&mut st, &event, &mut out) {
            Ok(()) => {
                st.last_ms = st.last_ms.max(event.at_ms);
                Ok(commit(&mut self.st, &mut self.log, st, event, out))
            }
            Err(rejection) => {
                st.positions.undo_to(marks.0);
                st.plies.undo_to(marks.1);
                self.st.positions = st.positions;
                self.st.plies = st.plies;
                Err(rejection)
            }
        }
    }

    /// The profile.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The setup.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The accepted events with their rulings.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.st.position
    }

    /// The initial position.
    pub fn initial_position(&self) -> &Position {
        &self.initial
    }

    /// The recorded moves.
    pub fn plies(&self) -> &[PlyRecord] {
        &self.st.plies
    }

    /// SAN of the recorded moves.
    pub fn san_moves(&self) -> Vec<String> {
        self.st.plies.iter().map(|p| p.san.to_string()).collect()
    }

    /// Status.
    pub fn status(&self) -> Status {
        self.st.status
    }

    /// Result, once finished.
    pub fn result(&self) -> Option<GameResult> {
        self.st.termination.as_ref().map(|t| t.result)
    }

    /// How the game ended.
    pub fn termination(&self) -> Option<&Termination> {
        self.st.termination.as_ref()
    }

    /// Why the game was annulled (the ruling and its article: 8.1, 8.2, 8.5,
    /// 8.6 or 14.5), once it is. An annulled game is replayed as a new game.
    pub fn annulment(&self) -> Option<&Citation> {
        self.st.annulment.as_ref()
    }

    /// The clocks.
    pub fn clocks(&self) -> &Clocks {
        &self.st.clocks
    }

    /// Points (half-points) for White and Black under the profile's scoring.
    pub fn points(&self) -> Option<(u32, u32)> {
        self.result().map(|r| r.points(self.profile.scoring))
    }

    /// Fouls of both kinds against a player (club plan (3)).
    pub fn fouls(&self, c: Color) -> u32 {
        self.st.fouls.iter().map(|per| per[ci(c)]).sum()
    }

    /// Fouls of one kind against a player: each kind has its own limit
    /// (club plan (3)).
    pub fn fouls_of(&self, kind: crate::event::FoulKind, c: Color) -> u32 {
        self.st.fouls[kind.index()][ci(c)]
    }

    /// Illegal moves declared against a player (FIDE 2023 7.5).
    pub fn illegal_moves(&self, c: Color) -> u32 {
        self.st.illegal_moves[ci(c)]
    }

    /// Whether a player is at the board.
    pub fn is_present(&self, c: Color) -> bool {
        self.st.attendance.is_present(c)
    }

    /// The sealed move, for the arbiter only (never for public views).
    pub fn sealed_move_for_arbiter(&self) -> Option<&str> {
        self.st.sealed.as_ref().map(|s| s.san.as_str())
    }

    /// The envelope record (Art. 13.2) while a move is sealed.
    pub fn envelope(&self) -> Option<&Envelope> {
        self.st.sealed.as_ref().map(|s| &s.envelope)
    }

    /// The announced resumption of an adjourned game (Art. 13.2), kept
    /// until the next adjournment.
    pub fn resumption(&self) -> Option<&Resumption> {
        self.st.resumption.as_ref()
    }

    /// The start of the current session from which lateness counts (Art.
    /// 10.15): the scheduled start, or the resumption (13.2, 14); `None`
    /// when the game has no scheduled start.
    pub fn session_start_ms(&self) -> Option<u64> {
        self.st.attendance.session_start()
    }

    /// Time of the last accepted event.
    pub fn last_event_ms(&self) -> u64 {
        self.st.last_ms
    }
}

impl Game {
    fn live(&self) -> bool {
        self.setup.mode == Mode::Live
    }

    fn finish(&self, st: &mut State, out: &mut Step, t: u64, result: GameResult, why: Citation) {
        st.clocks.stop(t);
        st.status = Status::Finished;
        st.offer = None;
        st.touches.clear();
        st.must_play = None;
        out.rulings.push(why.clone());
        st.termination = Some(Termination {
            result,
            reason: why,
            at_ms: t,
        });
    }

    /// Loss for `loser` unless his opponent cannot checkmate (Art. 10.5, 10.14).
    #[allow(clippy::too_many_arguments)]
    fn loss_unless_no_mate(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        loser: Color,
        code: Code,
        article: &str,
        msg: &str,
    ) {
        let winner = loser.other();
        if st.position.can_checkmate(winner) {
            self.finish(
                st,
                out,
                t,
                GameResult::win_for(winner),
                Citation::of(code, article, format!("{loser} {msg}: {winner} wins")),
            );
        } else {
            self.finish(
                st,
                out,
                t,
                GameResult::Draw,
                Citation::of(
                    Code::DrawOpponentCannotCheckmate,
                    "10.5",
                    format!(
                        "{loser} {msg}, but {winner} cannot checkmate by any series of legal moves: draw"
                    ),
                ),
            );
        }
    }

    fn require_active(&self, st: &State) -> Result<(), Rejection> {
        match st.status {
            Status::Finished => {
                let t = st.termination.as_ref();
                reject(
                    Code::GameOver,
                    t.map_or("10", |t| t.reason.article.as_str()),
                    format!(
                        "the game is over ({})",
                        t.map_or("finished".to_string(), |t| t.result.to_string())
                    ),
                )
            }
            Status::Annulled => {
                let article = st.annulment.as_ref().map_or("8.5", |a| a.article.as_str());
                reject(
                    Code::GameAnnulled,
                    article,
                    format!("the game was annulled (Art. {article}): it is replayed as a new game"),
                )
            }
            _ => Ok(()),
        }
    }

    fn require_in_progress(&self, st: &State) -> Result<(), Rejection> {
        self.require_active(st)?;
        match st.status {
            Status::Scheduled => reject(Code::GameNotStarted, "12.3", "the game has not started"),
            Status::Adjourned => reject(
                Code::GameAdjourned,
                "13.1",
                "the game is adjourned; it must be resumed first",
            ),
            _ => Ok(()),
        }
    }
}

/// Formats ms as `h:mm:ss` (negative with a leading `-`).
pub fn fmt_ms(ms: i64) -> String {
    let neg = ms < 0;
    let a = ms.unsigned_abs();
    let s = a / 1000;
    let frac = a % 1000;
    let body = format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60);
    let body = if frac > 0 {
        format!("{body}.{frac:03}")
    } else {
        body
    };
    if neg { format!("-{body}") } else { body }
}
