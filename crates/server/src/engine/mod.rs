//! The seam between the event log and the rules of the game: a game is
//! played in chess or in Xiangqi ([`GameKind`]); a stored event is the JSON
//! of `regulations::Event` or of `regulations::XqEvent` (serde feature:
//! `{"type": ..., "at_ms": ...}`), and a game's state ([`GameState`]) is
//! `regulations::Game` or `regulations::XiangqiGame` folded over its log.
//! Everything that handles a game — the event endpoint, the fold, the state
//! JSON, due results, results to the board, PGN export, the stream — goes
//! through [`GameState`] and [`AnyEvent`]; what is Xiangqi's own is in
//! [`xiangqi`].

pub mod chess;
pub mod laws;
mod posted;
mod text;
pub mod xiangqi;
pub use posted::{arbiter_note, check_posted_event, parse_event, tidy_note};
pub(crate) use text::check_visible;
pub use text::{check_note, note_text};

use regulations::{
    Event, EventKind, Game, GameResult, Mode, TimeControl, XiangqiGame, XqEvent, XqEventKind,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

/// The game a tournament or a game is played in, as the API and the
/// database spell it (`chess`, `xiangqi`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// The Laws of Chess (`regulations::Game`).
    #[default]
    Chess,
    /// The Xiangqi competition rules (`regulations::XiangqiGame`).
    Xiangqi,
}

/// The games, as the API spells them.
pub const GAMES: &[&str] = &["chess", "xiangqi"];

impl GameKind {
    /// `chess` or `xiangqi`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Xiangqi => "xiangqi",
        }
    }

    fn from_text(text: &str) -> Option<GameKind> {
        match text {
            "chess" => Some(GameKind::Chess),
            "xiangqi" => Some(GameKind::Xiangqi),
            _ => None,
        }
    }

    /// A stored value; anything else is `store::Error::Unknown`.
    pub fn from_stored(text: &str) -> Result<GameKind, crate::store::Error> {
        GameKind::from_text(text).ok_or_else(|| crate::store::Error::unknown("game", text))
    }

    /// A game from a request, `field` naming it in the error.
    pub fn check(field: &str, text: &str) -> Result<GameKind, ApiError> {
        GameKind::from_text(text).ok_or_else(|| {
            ApiError::invalid_field(
                field,
                format!("unknown game '{text}' (one of {})", GAMES.join(", ")),
            )
        })
    }

    /// The regulations profiles of this game.
    pub fn profiles(self) -> &'static [&'static str] {
        match self {
            GameKind::Chess => chess::PROFILES,
            GameKind::Xiangqi => xiangqi::PROFILES,
        }
    }

    /// The profile a tournament or game of this game gets when none is named.
    pub fn default_profile(self) -> &'static str {
        match self {
            GameKind::Chess => chess::DEFAULT_PROFILE,
            GameKind::Xiangqi => xiangqi::DEFAULT_PROFILE,
        }
    }

    /// A starting position of this game from a request, in its normal
    /// form: 422 `invalid_fen` naming `fen`, with every problem the game's
    /// rules crate finds (chess: Art. 3, 4, a position that cannot arise).
    /// The one check of a FEN for both games.
    pub fn check_fen(self, fen: &str) -> Result<String, ApiError> {
        let invalid = |message: String| ApiError::Unprocessable {
            code: "invalid_fen".into(),
            message,
            article: None,
            at: Some("fen".into()),
        };
        if fen.len() > MAX_FEN {
            return Err(invalid(format!("at most {MAX_FEN} characters")));
        }
        match self {
            GameKind::Chess => chess::normal_fen(fen),
            GameKind::Xiangqi => xiangqi::normal_fen(fen),
        }
        .map_err(invalid)
    }
}

/// The longest FEN accepted.
const MAX_FEN: usize = 200;

/// Fixed facts about a game that the Laws need.
#[derive(Debug, Clone)]
pub struct GameSetup {
    /// Chess or Xiangqi.
    pub game: GameKind,
    pub regulations: String,
    pub time_control: Option<String>,
    /// Initial position; `None` = the standard one.
    pub fen: Option<String>,
    /// `live` or `scoresheet` (as stored; see [`mode_from_text`]).
    pub mode: String,
    /// Scheduled start, milliseconds since 1970 (the events' timeline).
    pub scheduled_start_ms: Option<i64>,
    /// What the organiser announced over the profile (lateness, fifty-move
    /// count, the club's limits).
    pub laws: laws::Laws,
    /// A board of a team match (`regulations::GameSetup::team_game`: the
    /// national variation's captain consultation).
    pub team_game: bool,
}

/// The recording modes, as the API and the database spell them.
pub const MODES: &[&str] = &["live", "scoresheet"];

/// A stored or posted mode name.
pub fn mode_from_text(text: &str) -> Option<Mode> {
    match text {
        "live" => Some(Mode::Live),
        "scoresheet" => Some(Mode::Scoresheet),
        _ => None,
    }
}

pub(crate) fn mode_text(mode: Mode) -> &'static str {
    match mode {
        Mode::Live => "live",
        Mode::Scoresheet => "scoresheet",
    }
}

/// A recording mode from a request, `field` naming it in the error.
pub fn check_mode(field: &str, mode: &str) -> Result<&'static str, ApiError> {
    mode_from_text(mode).map(mode_text).ok_or_else(|| {
        ApiError::invalid_field(
            field,
            format!(
                "'{mode}' is not a recording mode (one of {})",
                MODES.join(", ")
            ),
        )
    })
}

/// Milliseconds since 1970 as RFC 3339 text (the API's time format).
pub(crate) fn ms_text(ms: u64) -> Option<String> {
    i64::try_from(ms)
        .ok()
        .and_then(chrono::DateTime::from_timestamp_millis)
        .map(crate::time::time_text)
}

/// An RFC 3339 time from a request as milliseconds since 1970 (the events'
/// timeline), `field` naming it in the error.
pub fn check_start_time(field: &str, text: &str) -> Result<i64, ApiError> {
    let at = chrono::DateTime::parse_from_rfc3339(text)
        .map_err(|e| ApiError::invalid_field(field, format!("not an RFC 3339 time: {e}")))?;
    let ms = at.timestamp_millis();
    // 1970 .. 9999: the range RFC 3339 text sorts in and the Laws' u64 timeline.
    if !(0..=253_402_300_799_999).contains(&ms) {
        return Err(ApiError::invalid_field(
            field,
            "must lie between 1970 and 9999",
        ));
    }
    Ok(ms)
}

/// A ruling (or rejection) with the article it applies.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Ruling {
    pub code: String,
    pub article: String,
    pub message: String,
}

/// Why an event was refused (answered 422, stored nowhere).
#[derive(Debug, Clone)]
pub struct Rejection {
    pub code: String,
    pub article: Option<String>,
    pub message: String,
}

/// The rules' part of a game's state as the API shows it, with clocks as
/// of the answer (`game_view::StateJson` adds the game's row and the
/// moves; the pages read it as a map): a chess game's or a Xiangqi game's.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum LawsView {
    Chess(StateView),
    Xiangqi(xiangqi::XiangqiView),
}

/// The Laws' part of a chess game's state as the API shows it.
#[derive(Debug, Clone, Serialize)]
pub struct StateView {
    pub annulment: Option<regulations::Citation>,
    pub clocks: regulations::ClockView,
    pub due: Option<Due>,
    pub envelope: Option<regulations::Envelope>,
    pub fen: String,
    pub fouls: ChessFouls,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lateness: Option<Lateness>,
    pub mode: &'static str,
    pub pending: regulations::Pending,
    pub result: Option<&'static str>,
    pub resumption: Option<Resumption>,
    pub scheduled_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sealed_move: Option<String>,
    pub start_fen: Option<String>,
    pub status: &'static str,
    pub termination: Option<regulations::Termination>,
    pub to_move: &'static str,
}

/// Each player's fouls in a chess game: given by the arbiter (Art. 16),
/// and under the club plan (3) counted apart for its two limits, each
/// losing at the profile's limit.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct ChessFouls {
    pub white: FoulCounts,
    pub black: FoulCounts,
}

/// One player's fouls, by kind (`penalise`'s `penalty.foul`).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct FoulCounts {
    /// A move changed after the piece was released, and any other foul
    /// the arbiter gives.
    pub changed_move: u32,
    /// A move over the club plan's per-move cap.
    pub move_time: u32,
}

/// A game with a scheduled start: the lateness rule (Art. 10.15, 10.17).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Lateness {
    /// The profile's lateness limit in ms (`null`: none).
    pub limit_ms: Option<u64>,
    /// When a player not yet at the board loses (RFC 3339): the limit
    /// after the session's start — the scheduled start, or the announced
    /// resumption of an adjourned game (Art. 13.2).
    pub deadline: Option<String>,
    pub white_present: bool,
    pub black_present: bool,
}

/// The announced date, time and place of resumption of an adjourned game
/// (Art. 13.2): lateness at resumption (10.15, 10.17) counts from `at`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Resumption {
    /// When play resumes (RFC 3339).
    pub at: Option<String>,
    /// Where (empty when not stated).
    pub place: String,
}

/// What the Laws rule by now without any event (a flag fall, Art. 10.14; a
/// lateness forfeit, Art. 10.15/10.17; the club's game-length limit): the
/// server records it itself within about a second as a `flag` observation
/// by the actor `system`, timed at `at`; until then (or if the arbiter's
/// next event comes first) it is shown here.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Due {
    /// The instant it fell due (RFC 3339).
    pub at: Option<String>,
    /// The status it leaves.
    pub status: &'static str,
    /// The result it records.
    pub result: Option<&'static str>,
    pub rulings: Vec<Ruling>,
}

/// The state of a game after its log: a chess game under the Laws or a
/// Xiangqi game under its competition rules.
#[derive(Debug, Clone)]
pub struct GameState {
    game: AnyGame,
}

/// The game behind a [`GameState`].
#[derive(Debug, Clone)]
enum AnyGame {
    Chess(Box<Game>),
    Xiangqi(Box<XiangqiGame>),
}

/// An event of either game, as parsed from its JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyEvent {
    Chess(Event),
    Xiangqi(XqEvent),
}

impl AnyEvent {
    /// The body's field that holds a move event's move (`san`, `uci`, or
    /// Xiangqi's `move`): where a refused move is; `None` for another event.
    pub fn move_field(&self) -> Option<&'static str> {
        match self {
            AnyEvent::Chess(e) => match &e.kind {
                EventKind::Move { san: Some(_), .. } => Some("san"),
                EventKind::Move { uci: Some(_), .. } => Some("uci"),
                _ => None,
            },
            AnyEvent::Xiangqi(e) => match &e.kind {
                XqEventKind::Move { .. } => Some("move"),
                _ => None,
            },
        }
    }

    /// The game it is an event of.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyEvent::Chess(_) => GameKind::Chess,
            AnyEvent::Xiangqi(_) => GameKind::Xiangqi,
        }
    }

    /// When, in ms on the game's timeline.
    pub fn at_ms(&self) -> u64 {
        match self {
            AnyEvent::Chess(e) => e.at_ms,
            AnyEvent::Xiangqi(e) => e.at_ms,
        }
    }

    /// The same event at another time.
    pub fn at(&self, at_ms: u64) -> AnyEvent {
        let mut event = self.clone();
        match &mut event {
            AnyEvent::Chess(e) => e.at_ms = at_ms,
            AnyEvent::Xiangqi(e) => e.at_ms = at_ms,
        }
        event
    }
}

impl GameState {
    /// A game with an empty log.
    pub fn new(setup: &GameSetup) -> Result<GameState, Rejection> {
        // No tag: the profile's default time control. "-" (untimed) and "?"
        // (unknown) are time controls of their own, parsed like any other tag.
        let time_control = match setup.time_control.as_deref() {
            None => None,
            Some(tag) => Some(TimeControl::parse(tag).map_err(|e| Rejection {
                code: "bad_time_control".into(),
                article: Some(match setup.game {
                    GameKind::Chess => "12.1".into(),
                    GameKind::Xiangqi => "xq 6".into(),
                }),
                message: e.to_string(),
            })?),
        };
        let game = match setup.game {
            GameKind::Chess => AnyGame::Chess(Box::new(chess::new_game(setup, time_control)?)),
            GameKind::Xiangqi => {
                AnyGame::Xiangqi(Box::new(xiangqi::new_game(setup, time_control)?))
            }
        };
        Ok(GameState { game })
    }

    /// Chess or Xiangqi.
    pub fn kind(&self) -> GameKind {
        match &self.game {
            AnyGame::Chess(_) => GameKind::Chess,
            AnyGame::Xiangqi(_) => GameKind::Xiangqi,
        }
    }

    fn last_event_ms(&self) -> u64 {
        match &self.game {
            AnyGame::Chess(g) => g.last_event_ms(),
            AnyGame::Xiangqi(g) => g.last_event_ms(),
        }
    }

    /// The time of the last event (events never go backwards).
    pub fn last_at_ms(&self) -> Option<i64> {
        let empty = match &self.game {
            AnyGame::Chess(g) => g.log().is_empty(),
            AnyGame::Xiangqi(g) => g.log().is_empty(),
        };
        if empty {
            None
        } else {
            i64::try_from(self.last_event_ms()).ok()
        }
    }

    /// Applies one event in place: its rulings, or a rejection that leaves
    /// `self` unchanged (the rules apply an event atomically).
    pub fn apply(&mut self, event: &AnyEvent) -> Result<Vec<Ruling>, Rejection> {
        let applied = match (&mut self.game, event) {
            (AnyGame::Chess(g), AnyEvent::Chess(e)) => g.apply(e.clone()),
            (AnyGame::Xiangqi(g), AnyEvent::Xiangqi(e)) => g.apply(e.clone()),
            _ => {
                return Err(Rejection {
                    code: "wrong_game".into(),
                    article: None,
                    message: format!("not an event of a {} game", self.kind().as_str()),
                });
            }
        };
        match applied {
            Ok(applied) => Ok(applied
                .rulings
                .into_iter()
                .map(|r| Ruling {
                    code: r.code,
                    article: r.article,
                    message: r.message,
                })
                .collect()),
            Err(rejection) => Err(Rejection {
                code: rejection.0.code,
                article: Some(rejection.0.article),
                message: rejection.0.message,
            }),
        }
    }

    fn status_value(&self) -> regulations::Status {
        match &self.game {
            AnyGame::Chess(g) => g.status(),
            AnyGame::Xiangqi(g) => g.status(),
        }
    }

    /// `scheduled`, `in_progress`, `adjourned`, `finished` or `annulled`.
    pub fn status(&self) -> &'static str {
        self.status_value().as_str()
    }

    fn result_value(&self) -> Option<GameResult> {
        match &self.game {
            AnyGame::Chess(g) => g.result(),
            AnyGame::Xiangqi(g) => g.result(),
        }
    }

    /// The result, if the game is over (`1-0`: White wins, in Xiangqi Red,
    /// the first player).
    pub fn result(&self) -> Option<&'static str> {
        self.result_value().map(GameResult::notation)
    }

    /// Why the game was annulled (the ruling and its article), once it is
    /// (chess: Art. 8.1, 8.2, 8.5, 8.6, 14.5; a Xiangqi game is never
    /// annulled).
    pub fn annulment(&self) -> Option<Ruling> {
        match &self.game {
            AnyGame::Chess(g) => g.annulment().map(|a| Ruling {
                code: a.code.clone(),
                article: a.article.clone(),
                message: a.message.clone(),
            }),
            AnyGame::Xiangqi(_) => None,
        }
    }

    /// The number of moves (plies) played.
    pub fn ply_count(&self) -> usize {
        match &self.game {
            AnyGame::Chess(g) => g.plies().len(),
            AnyGame::Xiangqi(g) => g.plies().len(),
        }
    }

    /// The moves played as the API lists them: SAN in chess, WXF in Xiangqi.
    pub fn move_texts(&self) -> impl Iterator<Item = &str> + '_ {
        let (chess, xq): (&[regulations::PlyRecord], &[regulations::XqPly]) = match &self.game {
            AnyGame::Chess(g) => (g.plies(), &[]),
            AnyGame::Xiangqi(g) => (&[], g.plies()),
        };
        chess
            .iter()
            .map(|p| p.san.as_str())
            .chain(xq.iter().map(|p| p.wxf.as_str()))
    }

    /// The moves as a reader writes them: SAN in chess; in Xiangqi the
    /// Chinese notation (`炮二平五`) for a Chinese reader, WXF otherwise.
    pub fn reader_move_texts(&self, chinese: bool) -> Box<dyn Iterator<Item = &str> + '_> {
        match &self.game {
            AnyGame::Xiangqi(g) if chinese => {
                Box::new(g.plies().iter().map(|p| p.chinese.as_str()))
            }
            _ => Box::new(self.move_texts()),
        }
    }

    /// The legal moves of the player to move, in UCI (`e2e4`, `e7e8q`,
    /// castling as the king's move `e1g1`) in chess and in ICCS (`h2e2`) in
    /// Xiangqi, computed by the rules crates; none unless the game is in
    /// progress. A touch-move obligation narrows them further
    /// (`pending.touch.allowed`); the Laws judge the move when it is posted.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.status_value() != regulations::Status::InProgress {
            return Vec::new();
        }
        match &self.game {
            AnyGame::Chess(g) => g
                .position()
                .legal_moves()
                .iter()
                .map(|m| m.to_uci())
                .collect(),
            AnyGame::Xiangqi(g) => g
                .position()
                .legal_moves()
                .iter()
                .map(ToString::to_string)
                .collect(),
        }
    }

    /// The state as the API shows it, without `moves` (the caller adds them
    /// from [`GameState::move_texts`], and `seq` and ids), with clocks as of
    /// `now_ms`. A sealed move is shown to arbiters only.
    pub fn to_json(&self, arbiter: bool, now_ms: u64) -> LawsView {
        let running = match &self.game {
            AnyGame::Chess(g) => g.clocks().running().is_some(),
            AnyGame::Xiangqi(g) => g.clocks().running().is_some(),
        };
        let at = if running {
            now_ms.max(self.last_event_ms())
        } else {
            self.last_event_ms()
        };
        let due = self.due_at(now_ms);
        match &self.game {
            AnyGame::Chess(g) => LawsView::Chess(chess::view(g, arbiter, at, due)),
            AnyGame::Xiangqi(g) => LawsView::Xiangqi(xiangqi::view(g, at, due)),
        }
    }

    /// The instant something falls due without an event (a flag, a lateness
    /// forfeit, the club's game-length limit), if anything can; the game
    /// may have ended by then for another reason (see
    /// [`Self::due_observation`]).
    pub fn next_due_ms(&self) -> Option<u64> {
        match &self.game {
            AnyGame::Chess(g) => g.next_due_ms(),
            AnyGame::Xiangqi(g) => g.next_due_ms(),
        }
    }

    /// The observation that records what the rules rule by `now_ms` without
    /// any other event — a flag fall (Art. 12.2, 10.14; xq 4.1.4), a
    /// lateness forfeit (Art. 10.15, 10.17; xq 4.1.5) or the club's
    /// game-length limit in live mode — timed at the instant it fell due
    /// ([`Game::next_due_ms`], [`XiangqiGame::next_due_ms`]), with the
    /// state it leaves and its rulings; `None` when nothing is due by
    /// `now_ms`. The server records it itself (`due.rs`).
    pub fn due_observation(&self, now_ms: u64) -> Option<(AnyEvent, GameState, Vec<Ruling>)> {
        let at_ms = self.next_due_ms().filter(|&at| at <= now_ms)?;
        let observation = match self.kind() {
            GameKind::Chess => AnyEvent::Chess(Event::new(at_ms, EventKind::Flag { player: None })),
            GameKind::Xiangqi => AnyEvent::Xiangqi(xiangqi::flag_observation(at_ms)),
        };
        let mut after = self.clone();
        let rulings = after.apply(&observation).ok()?;
        (after.status_value() == regulations::Status::Finished).then_some((
            observation,
            after,
            rulings,
        ))
    }

    /// [`Self::due_observation`] as the state shows it: `None` (`null`)
    /// when nothing is due, else the status, result and rulings it records.
    fn due_at(&self, now_ms: u64) -> Option<Due> {
        self.due_observation(now_ms)
            .map(|(observation, after, rulings)| Due {
                at: ms_text(observation.at_ms()),
                status: after.status(),
                result: after.result(),
                rulings,
            })
    }

    /// The game as PGN: chess through `rules::pgn::write_game` (the Seven
    /// Tag Roster first and in order, escaped values, `[%clk]` after each
    /// move from the recorded clocks, a standard `Termination` value);
    /// Xiangqi through `xiangqi::pgn::write_game` ([`xiangqi::pgn`]).
    /// The tags are `headers` (the game's metadata, `app::games::game_pgn`)
    /// and, for both games alike, a standard `Termination` value.
    pub fn pgn(&self, headers: &[(&str, String)]) -> String {
        let termination = match &self.game {
            AnyGame::Chess(g) => g.termination(),
            AnyGame::Xiangqi(g) => g.termination(),
        }
        .map(|t| {
            regulations::Code::parse(&t.reason.code)
                .map_or("normal", regulations::Code::pgn_termination)
        });
        let mut tags: Vec<(&str, String)> = headers.to_vec();
        if let Some(value) = termination {
            tags.push(("Termination", value.to_owned()));
        }
        match &self.game {
            AnyGame::Chess(g) => chess::pgn(g, &tags),
            AnyGame::Xiangqi(g) => xiangqi::pgn(g, &tags),
        }
    }
}
