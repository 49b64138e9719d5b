//! The game: a state folded from ordered events, every decision citing its
//! article.

use crate::clock::{ClockView, Clocks};
use crate::code::Code;
use crate::event::{
    AnnulReason, ClaimReason, ClockAdjustReason, ClockSetting, Event, EventKind, IrregularityKind,
    Penalty, Who,
};
use crate::profile::{ClaimPenalty, Profile};
use crate::result::{Citation, GameResult, Rejection, Ruling, Termination};
use crate::time_control::TimeControl;
use crate::touch::{Obligation, Touched, obligation};
use rules::{Color, Move, Piece, Position, Role, SanError, Square, UciError};

const MINUTE: u64 = 60_000;

/// How moves reach the server (issue 4, item 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
}

/// The envelope's record (Art. 13.2), without the sealed move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Envelope {
    /// The sealer (13.2(4)).
    #[cfg_attr(feature = "serde", serde(with = "crate::event::color"))]
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

#[derive(Debug, Clone, PartialEq, Eq)]
struct Sealed {
    san: String,
    envelope: Envelope,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Offer {
    by: Color,
}

/// Outstanding matters, as the server shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pending {
    /// Who has a draw offer standing (Art. 10.7).
    #[cfg_attr(feature = "serde", serde(with = "crate::event::opt_color"))]
    pub draw_offer: Option<Color>,
    /// After an incorrect claim with a stated move, the move (UCI) that must
    /// be played (Art. 10.13(2)).
    pub claimed_move_due: Option<String>,
    /// The touch-move obligation of the player to move: the allowed moves in
    /// UCI and the reason (Art. 7.2); `None` if free.
    pub touch: Option<TouchPending>,
    /// A sealed move exists and is hidden (Art. 13.1); never show it.
    pub sealed_move_present: bool,
    /// A player moved but has not pressed his clock (Art. 6.5).
    #[cfg_attr(feature = "serde", serde(with = "crate::event::opt_color"))]
    pub unpressed: Option<Color>,
}

/// A touch-move obligation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TouchPending {
    /// Allowed moves (UCI).
    pub allowed: Vec<String>,
    /// Why.
    pub reason: Citation,
}

/// The state as the server shows it (`GET /games/{id}`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameView {
    /// Current position.
    pub fen: String,
    /// Moves in SAN.
    pub moves: Vec<String>,
    /// Side to move.
    #[cfg_attr(feature = "serde", serde(with = "crate::event::color"))]
    pub side_to_move: Color,
    /// Clocks at the requested time.
    pub clocks: ClockView,
    /// Status.
    pub status: Status,
    /// Result, once finished.
    pub result: Option<GameResult>,
    /// How it ended.
    pub termination: Option<Termination>,
    /// Outstanding matters.
    pub pending: Pending,
    /// Envelope record while adjourned (no move in it).
    pub envelope: Option<Envelope>,
}

/// One accepted event with its rulings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LogEntry {
    /// The event.
    pub event: Event,
    /// The rulings it produced.
    pub rulings: Vec<Ruling>,
    /// Voided by a later restoration (Art. 8.1, 8.2, 7.4).
    pub void: bool,
}

/// What an accepted event produced.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Applied {
    /// Rulings, in order.
    pub rulings: Vec<Ruling>,
    /// Log indices voided by this event.
    pub voided: Vec<usize>,
}

/// Internal state (everything but the log).
#[derive(Debug, Clone, PartialEq, Eq)]
struct State {
    position: Position,
    positions: Vec<Position>,
    plies: Vec<PlyRecord>,
    clocks: Clocks,
    status: Status,
    termination: Option<Termination>,
    offer: Option<Offer>,
    touches: Vec<Touched>,
    touch_group: u32,
    touched_since_opponent_moved: [bool; 2],
    must_play: Option<Move>,
    unpressed: Option<Color>,
    sealed: Option<Sealed>,
    present: [bool; 2],
    session_start: Option<u64>,
    started_at: Option<u64>,
    illegal_moves: [u32; 2],
    fouls: [u32; 2],
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
        let tracked = setup.scheduled_start_ms.is_some();
        let st = State {
            position: initial,
            positions: vec![initial],
            plies: Vec::new(),
            clocks: Clocks::new(tc),
            status: Status::Scheduled,
            termination: None,
            offer: None,
            touches: Vec::new(),
            touch_group: 0,
            touched_since_opponent_moved: [false, false],
            must_play: None,
            unpressed: None,
            sealed: None,
            present: [!tracked, !tracked],
            session_start: setup.scheduled_start_ms,
            started_at: None,
            illegal_moves: [0, 0],
            fouls: [0, 0],
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
    pub fn apply(&mut self, event: Event) -> Result<Applied, Rejection> {
        let mut st = self.st.clone();
        let mut out = Step {
            rulings: Vec::new(),
            voided: Vec::new(),
        };
        self.step(&mut st, &event, &mut out)?;
        st.last_ms = st.last_ms.max(event.at_ms);
        for &i in &out.voided {
            if let Some(e) = self.log.get_mut(i) {
                e.void = true;
            }
        }
        self.st = st;
        self.log.push(LogEntry {
            event,
            rulings: out.rulings.clone(),
            void: false,
        });
        Ok(Applied {
            rulings: out.rulings,
            voided: out.voided,
        })
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
    /// The clocks.
    pub fn clocks(&self) -> &Clocks {
        &self.st.clocks
    }
    /// Points (half-points) for White and Black under the profile's scoring.
    pub fn points(&self) -> Option<(u32, u32)> {
        self.result().map(|r| r.points(self.profile.scoring))
    }
    /// Fouls per player (club plan).
    pub fn fouls(&self, c: Color) -> u32 {
        self.st.fouls[ci(c)]
    }
    /// Illegal moves declared against a player (FIDE 2023 7.5).
    pub fn illegal_moves(&self, c: Color) -> u32 {
        self.st.illegal_moves[ci(c)]
    }
    /// Whether a player is at the board.
    pub fn is_present(&self, c: Color) -> bool {
        self.st.present[ci(c)]
    }
    /// The sealed move, for the arbiter only (never for public views).
    pub fn sealed_move_for_arbiter(&self) -> Option<&str> {
        self.st.sealed.as_ref().map(|s| s.san.as_str())
    }
    /// The envelope record (Art. 13.2) while a move is sealed.
    pub fn envelope(&self) -> Option<&Envelope> {
        self.st.sealed.as_ref().map(|s| &s.envelope)
    }
    /// Time of the last accepted event.
    pub fn last_event_ms(&self) -> u64 {
        self.st.last_ms
    }

    /// The touch-move obligation of the player to move.
    pub fn touch_obligation(&self) -> Obligation {
        obligation(
            &self.st.position,
            &self.st.touches,
            !self.profile.placed_piece_may_move_elsewhere,
        )
    }

    /// The state as shown at `at_ms` (clocks advanced to that time).
    pub fn view(&self, at_ms: u64) -> GameView {
        let mut view = self.view_without_moves(at_ms);
        view.moves = self.san_moves();
        view
    }

    /// [`Game::view`] with `moves` left empty, for callers that read the
    /// moves from [`Game::plies`] without copying them.
    pub fn view_without_moves(&self, at_ms: u64) -> GameView {
        let st = &self.st;
        let touch = match self.touch_obligation() {
            Obligation::None => None,
            Obligation::Free(c) => Some(TouchPending {
                allowed: Vec::new(),
                reason: c,
            }),
            Obligation::Moves { moves, why } => Some(TouchPending {
                allowed: moves.iter().map(|m| m.to_uci()).collect(),
                reason: why,
            }),
        };
        GameView {
            fen: st.position.to_fen(),
            moves: Vec::new(),
            side_to_move: st.position.turn(),
            clocks: st.clocks.view(at_ms.max(st.last_ms)),
            status: st.status,
            result: self.result(),
            termination: st.termination.clone(),
            pending: Pending {
                draw_offer: st.offer.map(|o| o.by),
                claimed_move_due: st.must_play.map(Move::to_uci),
                touch,
                sealed_move_present: st.sealed.is_some(),
                unpressed: st.unpressed,
            },
            envelope: st.sealed.as_ref().map(|s| s.envelope.clone()),
        }
    }
}

struct Step {
    rulings: Vec<Ruling>,
    voided: Vec<usize>,
}

impl Step {
    fn rule(&mut self, code: Code, article: &str, message: impl Into<String>) {
        self.rulings.push(Citation::of(code, article, message));
    }
}

fn reject<T>(code: Code, article: &str, message: impl Into<String>) -> Result<T, Rejection> {
    Err(Rejection::of(code, article, message))
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

    /// Art. 12.2, 10.15, club plan: what happened by time `t` without an
    /// event — the earliest of a flag fall, a lateness forfeit and the end of
    /// an over-long game. Returns true if the game ended.
    fn observe(&self, st: &mut State, out: &mut Step, t: u64, flags: bool) -> bool {
        if !self.live() || matches!(st.status, Status::Finished | Status::Annulled) {
            return false;
        }
        // (instant, kind) kind: 0 flag, 1 lateness, 2 over-long
        let mut cands: Vec<(u64, u8)> = Vec::new();
        if flags
            && st.status == Status::InProgress
            && let Some((_, at)) = st.clocks.flag_time()
            && at <= t
        {
            cands.push((at, 0));
        }
        if let (Some(limit), Some(start)) = (self.profile.lateness_limit_ms, st.session_start)
            && st.status != Status::Adjourned
            && (!st.present[0] || !st.present[1])
        {
            let deadline = start.saturating_add(limit);
            if t > deadline {
                cands.push((deadline, 1));
            }
        }
        if let (Some(max), Some(start)) = (self.profile.max_game_duration_ms, st.started_at)
            && st.status == Status::InProgress
        {
            let end = start.saturating_add(max);
            if t > end {
                cands.push((end, 2));
            }
        }
        cands.sort_unstable();
        let Some(&(at, kind)) = cands.first() else {
            return false;
        };
        match kind {
            0 => {
                let Some((c, _)) = st.clocks.flag_time() else {
                    return false;
                };
                st.clocks.stop(at.max(st.last_ms));
                self.loss_unless_no_mate(
                    st,
                    out,
                    at,
                    c,
                    Code::LostOnTime,
                    "10.14",
                    "has overstepped the time limit (flag fell, Art. 12.2)",
                );
            }
            1 => self.forfeit_for_lateness(st, out, at),
            _ => self.finish(
                st,
                out,
                at,
                GameResult::BothLose,
                Citation::of(
                    Code::OverlongGameScoresNothing,
                    "club (3)",
                    "the game lasted longer than the club's limit: neither side scores",
                ),
            ),
        }
        true
    }

    fn forfeit_for_lateness(&self, st: &mut State, out: &mut Step, t: u64) {
        let played = !st.plies.is_empty();
        let absent: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| !st.present[ci(*c)])
            .collect();
        let fix = |r: GameResult| if played { r } else { r.as_forfeit() };
        match absent.as_slice() {
            [c] => self.finish(
                st,
                out,
                t,
                fix(GameResult::win_for(c.other())),
                Citation::of(
                    Code::LostByLateness,
                    self.profile.lateness_article(false),
                    format!("{c} did not arrive within the lateness limit and loses"),
                ),
            ),
            _ => self.finish(
                st,
                out,
                t,
                fix(GameResult::BothLose),
                Citation::of(
                    Code::BothAbsentBothLose,
                    self.profile.lateness_article(true),
                    "neither player arrived within the lateness limit: both lose",
                ),
            ),
        }
    }

    /// After a clock change: a flag down now ends the game (Art. 10.14).
    fn check_flags_now(&self, st: &mut State, out: &mut Step, t: u64) {
        if !self.live() || st.status != Status::InProgress || !st.clocks.time_control().is_timed() {
            return;
        }
        let order = match st.clocks.running() {
            Some(c) => [c, c.other()],
            None => [Color::White, Color::Black],
        };
        for c in order {
            if st.clocks.flag_down(t, c) {
                st.clocks.stop(t);
                self.loss_unless_no_mate(
                    st,
                    out,
                    t,
                    c,
                    Code::LostOnTime,
                    "10.14",
                    "has overstepped the time limit",
                );
                return;
            }
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
            Status::Annulled => reject(Code::GameAnnulled, "8.5", "the game was annulled"),
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

    fn step(&self, st: &mut State, ev: &Event, out: &mut Step) -> Result<(), Rejection> {
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
            EventKind::DeclareResult { result, reason } => {
                self.finish(
                    st,
                    out,
                    t,
                    *result,
                    Citation::of(
                        Code::ArbiterDeclaredResult,
                        "16",
                        format!("the arbiter declared {result}: {reason}"),
                    ),
                );
                Ok(())
            }
            EventKind::ColoursReversed { restart } => {
                self.require_in_progress(st)?;
                let elapsed = st
                    .clocks
                    .used_at(t, Color::White)
                    .saturating_add(st.clocks.used_at(t, Color::Black));
                let quarter = st.clocks.time_control().initial_ms() / 4;
                let late = st.clocks.time_control().is_timed() && elapsed > quarter;
                if late {
                    if *restart {
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
                } else if *restart {
                    st.clocks.stop(t);
                    st.status = Status::Annulled;
                    out.rule(
                        Code::ColoursReversedRestart,
                        "8.6",
                        "colours reversed within the first quarter of the first period: the game is restarted with the right colours",
                    );
                } else {
                    out.rule(
                        Code::ColoursReversedPlayContinues,
                        "8.6",
                        "colours reversed: the arbiter lets play continue",
                    );
                }
                Ok(())
            }
            EventKind::Annul { reason } => {
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
                out.rule(Code::GameAnnulled, article, msg);
                Ok(())
            }
            EventKind::Seal { san } => self.on_seal(st, out, t, san),
            EventKind::Resume {
                white_present,
                black_present,
                envelope_lost,
            } => self.on_resume(st, out, t, *white_present, *black_present, *envelope_lost),
            EventKind::Arrive { player } => {
                if st.present[ci(*player)] {
                    return reject(
                        Code::AlreadyPresent,
                        self.profile.lateness_article(false),
                        format!("{player} is already at the board"),
                    );
                }
                st.present[ci(*player)] = true;
                out.rule(
                    Code::PlayerArrived,
                    self.profile.lateness_article(false),
                    format!("{player} arrived at the board"),
                );
                if st.status == Status::InProgress
                    && let Some(s) = &st.sealed
                    && s.envelope.sealer.other() == *player
                {
                    self.open_envelope(st, out, t);
                }
                Ok(())
            }
            EventKind::DeclarePerpetualCheck => self.on_perpetual(st, out, t),
        }
    }

    fn on_start(&self, st: &mut State, out: &mut Step, t: u64) -> Result<(), Rejection> {
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
        Ok(())
    }

    fn play_move(&self, st: &mut State, m: Move, t: u64, event_index: usize) -> String {
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

    fn count_same(st: &State, p: &Position) -> usize {
        let key = p.repetition_key();
        st.positions
            .iter()
            .filter(|q| q.repetition_key() == key && q.same_position(p))
            .count()
    }

    /// Art. 10.1, 10.3, 10.4 (and FIDE 2023 9.6): does the position end the game?
    fn board_end(&self, st: &mut State, out: &mut Step, t: u64, by: Color, sealed: bool) -> bool {
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
            if Self::count_same(st, &pos) >= 5 {
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
            if pos.halfmove_clock() >= 150 {
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
    fn on_move(
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

    fn per_move_cap(&self, st: &mut State, out: &mut Step, t: u64, mover: Color, think: u64) {
        if let Some(cap) = self.profile.per_move_cap_ms
            && think > cap
        {
            out.rule(
                Code::MoveTimeCapExceeded,
                "club (3)",
                format!(
                    "{mover} took {} for one move, more than the {} allowed: a foul",
                    fmt_ms(i64::try_from(think).unwrap_or(i64::MAX)),
                    fmt_ms(i64::try_from(cap).unwrap_or(i64::MAX))
                ),
            );
            self.add_foul(st, out, t, mover);
        }
    }

    fn add_foul(&self, st: &mut State, out: &mut Step, t: u64, c: Color) {
        st.fouls[ci(c)] = st.fouls[ci(c)].saturating_add(1);
        if let Some(limit) = self.profile.foul_limit
            && st.fouls[ci(c)] >= limit
        {
            self.finish(
                st,
                out,
                t,
                GameResult::win_for(c.other()),
                Citation::of(
                    Code::FoulsLimitLose,
                    "club (3)",
                    format!("{c} committed {limit} fouls and loses for indiscipline"),
                ),
            );
        }
    }

    fn on_press(
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

    fn on_touch(
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

    fn on_touch_claim(
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

    /// The state just before log entry `idx`, by replaying the log prefix.
    fn prefix_state(&self, idx: usize) -> Result<State, Rejection> {
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
    fn restore_keeping_used(&self, cur: &State, restored: &mut State, t: u64) {
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
        restored.present = cur.present;
        restored.illegal_moves = cur.illegal_moves;
    }

    fn on_offer(&self, st: &mut State, out: &mut Step, player: Color) -> Result<(), Rejection> {
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

    fn on_claim(
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
                            n >= 3,
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
                        n >= 3,
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

    fn on_flag(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        player: Option<Color>,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        if self.live() {
            if !st.clocks.time_control().is_timed() {
                return reject(Code::UntimedGame, "12.2", "the game has no time control");
            }
            // observe() has already ended the game if a flag was down.
            return match player {
                Some(c) => reject(
                    Code::FlagNotDown,
                    "12.2",
                    format!(
                        "{c}'s flag is not down: {} remain",
                        fmt_ms(st.clocks.remaining_at(t, c))
                    ),
                ),
                None => {
                    out.rule(
                        Code::NoFlagDown,
                        "12.2",
                        "the arbiter checked the clocks: no flag is down",
                    );
                    Ok(())
                }
            };
        }
        let Some(c) = player else {
            return reject(
                Code::FlagNeedsPlayer,
                "12.2",
                "in scoresheet mode the arbiter must say whose flag fell",
            );
        };
        self.loss_unless_no_mate(
            st,
            out,
            t,
            c,
            Code::LostOnTime,
            "10.14",
            "has overstepped the time limit (flag fell, Art. 12.2)",
        );
        Ok(())
    }

    fn on_penalty(
        &self,
        st: &mut State,
        out: &mut Step,
        t: u64,
        player: Color,
        penalty: Penalty,
        reason: &str,
    ) -> Result<(), Rejection> {
        self.require_in_progress(st)?;
        match penalty {
            Penalty::Warn => out.rule(Code::Warning, "16", format!("{player} is warned: {reason}")),
            Penalty::AddTimeToOpponent { ms } => {
                if !st.clocks.time_control().is_timed() {
                    return reject(Code::UntimedGame, "16", "the game has no time control");
                }
                st.clocks.add(t, player.other(), ms);
                out.rule(
                    Code::TimeAddedToOpponent,
                    "16",
                    format!(
                        "{} added to {}'s clock for {player}'s offence: {reason}",
                        fmt_ms(i64::try_from(ms).unwrap_or(i64::MAX)),
                        player.other()
                    ),
                );
            }
            Penalty::DeductTime { ms } => {
                if !st.clocks.time_control().is_timed() {
                    return reject(Code::UntimedGame, "16", "the game has no time control");
                }
                st.clocks.charge_at(t, player, ms);
                out.rule(
                    Code::TimeDeducted,
                    "16",
                    format!(
                        "{} deducted from {player}'s clock: {reason}",
                        fmt_ms(i64::try_from(ms).unwrap_or(i64::MAX))
                    ),
                );
                self.check_flags_now(st, out, t);
            }
            Penalty::Foul => {
                let article = if self.profile.foul_limit.is_some() {
                    "club (3)"
                } else {
                    "16"
                };
                out.rule(Code::Foul, article, format!("foul by {player}: {reason}"));
                self.add_foul(st, out, t, player);
            }
        }
        Ok(())
    }

    fn on_declare_illegal(
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
            r.present = st.present;
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
        *st = restored;
        Ok(())
    }

    fn on_seal(&self, st: &mut State, out: &mut Step, t: u64, san: &str) -> Result<(), Rejection> {
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
        st.touches.clear();
        out.rule(
            Code::MoveSealed,
            "13.1",
            format!("{sealer} sealed his move {}; it stays hidden until resumption; the time to seal was charged to him", st.position.fullmove_number()),
        );
        Ok(())
    }

    fn on_resume(
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
        st.present = [white_present, black_present];
        st.session_start = Some(t);
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
        if st.present[ci(replier)] {
            if !st.present[ci(sealer)] {
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

    /// Art. 14.2, 10.16: the sealed move is made on the board.
    fn open_envelope(&self, st: &mut State, out: &mut Step, t: u64) {
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

    fn on_perpetual(&self, st: &mut State, out: &mut Step, t: u64) -> Result<(), Rejection> {
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
