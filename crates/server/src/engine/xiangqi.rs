//! The Xiangqi side of the seam: a game's setup as
//! `regulations::XiangqiGame` (profile `xiangqi` / `xiangqi-club` with the
//! organiser's announcements over it), the state as the API shows it, and
//! the PGN export through `xiangqi::pgn::write_game`. What is shared with
//! chess (the event log, the fold, due results, the compare-and-swap) is in
//! [`super`] and `games.rs`; only what differs is here.

use regulations::{
    GameResult, Obligation, TimeControl, XiangqiGame, XiangqiProfile, XiangqiSetup, XqEvent,
    XqEventKind,
};
use serde::Serialize;
use utoipa::ToSchema;
use xiangqi::{Color, Judgement, Verdict};

use super::{Due, GameSetup, Rejection, ms_text};

/// The Xiangqi profiles a game or a tournament may name
/// (`regulations::XiangqiProfile::by_name`).
pub const PROFILES: &[&str] = &["xiangqi", "xiangqi-club"];
/// The default Xiangqi profile.
pub const DEFAULT_PROFILE: &str = "xiangqi";

/// A Xiangqi starting position in its normal form, or the problem the
/// `xiangqi` crate finds.
pub(crate) fn normal_fen(fen: &str) -> Result<String, String> {
    xiangqi::Position::from_fen(fen)
        .map(|p| p.to_fen())
        .map_err(|e| e.to_string())
}

/// A new Xiangqi game from a stored setup: live, or entered afterwards from
/// scoresheets.
pub fn new_game(
    setup: &GameSetup,
    time_control: Option<TimeControl>,
) -> Result<XiangqiGame, Rejection> {
    let mut profile = XiangqiProfile::by_name(&setup.regulations).ok_or_else(|| Rejection {
        code: "unknown_profile".into(),
        article: None,
        message: format!("unknown Xiangqi profile '{}'", setup.regulations),
    })?;
    setup.laws.apply_xiangqi(&mut profile);
    let mode = super::mode_from_text(&setup.mode).ok_or_else(|| Rejection {
        code: "bad_setup".into(),
        article: None,
        message: format!("unknown recording mode '{}'", setup.mode),
    })?;
    XiangqiGame::new(
        profile,
        XiangqiSetup {
            fen: setup.fen.clone(),
            time_control,
            scheduled_start_ms: setup
                .scheduled_start_ms
                .and_then(|ms| u64::try_from(ms).ok()),
            mode,
        },
    )
    .map_err(|e| Rejection {
        code: "bad_setup".into(),
        article: None,
        message: e.to_string(),
    })
}

/// The flag observation (xq 4.1.4, 4.1.5) the server records when a result
/// falls due.
pub fn flag_observation(at_ms: u64) -> XqEvent {
    XqEvent::new(at_ms, XqEventKind::Flag)
}

/// A side of a Xiangqi game as the API spells it.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = XqSide)]
pub enum Side {
    Red,
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Red => Side::Red,
            Color::Black => Side::Black,
        }
    }
}

/// A count or a value per side (documented as `XqCounts`, `XqPoints`).
#[derive(Debug, Clone, Serialize)]
pub struct PerSide<T> {
    pub red: T,
    pub black: T,
}

impl<T> PerSide<T> {
    fn of(f: impl Fn(Color) -> T) -> PerSide<T> {
        PerSide {
            red: f(Color::Red),
            black: f(Color::Black),
        }
    }
}

/// Remaining times as of the answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = XqClocks)]
pub struct Clocks {
    /// Red's remaining time in ms (negative once the flag is down); `null`
    /// if untimed.
    pub red_ms: Option<i64>,
    /// Black's remaining time in ms; `null` if untimed.
    pub black_ms: Option<i64>,
    /// Whose clock is running.
    pub running: Option<Side>,
}

/// A move played, in the three notations, with the mover's clock.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = XqPly)]
pub struct Ply {
    pub side: Side,
    /// Coordinates (`h2e2`).
    pub iccs: String,
    /// WXF (`C2.5`).
    pub wxf: String,
    /// Chinese (`炮二平五`).
    pub chinese: String,
    /// The mover's remaining time after the move, in ms.
    pub clock_ms: Option<i64>,
}

/// A touch obligation (xq 5.1–5.5).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = XqTouch)]
pub struct Touch {
    /// The moves allowed (ICCS); empty: the obligation is void.
    pub allowed: Vec<String>,
    pub reason: regulations::Citation,
}

/// Outstanding matters.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = XqPending)]
pub struct Pending {
    /// Who has a draw offer standing (xq 4.2.2).
    pub draw_offer: Option<Side>,
    /// The touch obligation of the player to move (xq 5).
    pub touch: Option<Touch>,
}

/// What the repetition judge finds of the cycle.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RepetitionVerdict {
    /// Nothing forbidden (yet).
    None,
    /// Allowed to both sides (or forbidden to both alike): the third time
    /// draws (xq 4.2.3).
    Draw,
    /// Forbidden to one side, which must change (xq 4.1.7).
    MustChange,
    /// The verdict hangs on a question the rules leave to the arbiter
    /// (`question`): nothing is refused or drawn on it; the arbiter rules
    /// (`declare_loss` with `not_changing`, `declare_result`, or play on).
    ArbiterDecides,
}

/// What the cycle's verdict is once the arbiter answers the question.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuestionRuling {
    /// The side that must change (xq 4.1.7); `null`: a draw when played
    /// the third time (xq 4.2.3).
    pub must_change: Option<Side>,
    /// What that side does (`perpetual chase of …`).
    pub prohibition: Option<String>,
    /// The same as a code (as `Repetition::prohibition_code`).
    pub prohibition_code: Option<&'static str>,
}

impl From<xiangqi::Ruling> for QuestionRuling {
    fn from(r: xiangqi::Ruling) -> QuestionRuling {
        match r {
            xiangqi::Ruling::Draw => QuestionRuling {
                must_change: None,
                prohibition: None,
                prohibition_code: None,
            },
            xiangqi::Ruling::MustChange { side, reason } => QuestionRuling {
                must_change: Some(Side::from(side)),
                prohibition: Some(reason.to_string()),
                prohibition_code: Some(reason.code()),
            },
        }
    }
}

/// A question of the repetition rules the arbiter answers (xq 4.1.7).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ArbiterQuestion {
    /// The side whose moves carry the question.
    pub side: Side,
    /// The verdict if the question is answered against `side` (its moves
    /// are the attacks asked about).
    pub if_so: QuestionRuling,
    /// The verdict if it is answered for `side` (the judge's own).
    pub if_not: QuestionRuling,
    /// `value_chase` (is an attack on a protected piece worth more than
    /// its attacker a chase by value?), `outnumbered` (is a protected piece
    /// attacked by more pieces than can take back chased, 少根?),
    /// `win_by_check` (is a threat to win a piece through a check a chase?)
    /// or `mate_search` (does a move threaten a mate deeper than the
    /// program searches?).
    pub kind: &'static str,
    /// With `value_chase` or `outnumbered`: the attacking piece's role
    /// (`soldier`, …).
    pub attacker: Option<&'static str>,
    /// With `value_chase`, `outnumbered` or `win_by_check`: the attacked
    /// piece's role.
    pub target: Option<&'static str>,
    /// With `value_chase`, `outnumbered` or `win_by_check`: where the
    /// attacked piece stands (ICCS).
    pub square: Option<String>,
    /// The question in words (`whether the red soldier's attack on the
    /// protected black horse on c7 is a chase by value`).
    pub question: String,
}

/// The repetition status when the position has stood before since the
/// last capture (xq 4.1.7, 4.2.3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Repetition {
    /// Times the cycle has been played.
    pub repetitions: u32,
    /// The cycle's moves (ICCS).
    pub cycle: Vec<String>,
    pub verdict: RepetitionVerdict,
    /// The side that must change.
    pub must_change: Option<Side>,
    /// What it does (`perpetual check`, `perpetual chase of the Black
    /// horse (first chased on c7)`, …): a chased piece is named with the
    /// point it stood on when first chased in the cycle.
    pub prohibition: Option<String>,
    /// The same as a code: `perpetual_check`, `perpetual_chase`,
    /// `check_and_chase`, `perpetual_mate_threat`, `check_and_mate_threat`,
    /// `mate_threat_and_chase`.
    pub prohibition_code: Option<&'static str>,
    /// `xq 4.1.7` or `xq 4.2.3`.
    pub article: Option<String>,
    /// The cycle played the third time draws now.
    pub draw_due: bool,
    /// With `arbiter_decides`: the question and the side it decides.
    pub question: Option<ArbiterQuestion>,
    /// The side whose next move the arbiter has allowed to repeat the cycle
    /// (`allow_cycle`, xq 4.1.7): that move is neither refused nor warned,
    /// and the question, if any, is answered.
    pub allowed: Option<Side>,
}

/// A game with a scheduled start: the lateness rule (xq 4.1.5).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = XqLateness)]
pub struct Lateness {
    /// The profile's lateness limit in ms (`null`: none).
    pub limit_ms: Option<u64>,
    /// When a player not yet at the board loses (RFC 3339).
    pub deadline: Option<String>,
    pub red_present: bool,
    pub black_present: bool,
}

/// The rules' part of a Xiangqi game's state as the API shows it, without
/// `moves` (the WXF list, written by the caller) and without ids.
#[derive(Debug, Clone, Serialize)]
pub struct XiangqiView {
    pub clocks: Clocks,
    pub due: Option<Due>,
    pub fen: String,
    pub fouls: PerSide<u32>,
    pub lateness: Option<Lateness>,
    pub moves_chinese: Vec<String>,
    /// `live` or `scoresheet`.
    pub mode: &'static str,
    pub pending: Pending,
    pub plies: Vec<Ply>,
    pub points: Option<PerSide<String>>,
    pub repetition: Option<Repetition>,
    pub result: Option<&'static str>,
    pub scheduled_start: Option<String>,
    pub start_fen: Option<String>,
    pub status: &'static str,
    pub termination: Option<regulations::Termination>,
    pub to_move: Side,
    pub warnings: PerSide<u32>,
}

/// The repetition judge's view of the position: `None` when the position
/// has not stood before since the last capture.
fn repetition(judgement: &Judgement, allowed: Option<Side>) -> Option<Repetition> {
    let cycle = judgement.cycle.as_ref()?;
    let mut question = None;
    let prohibition_code = match judgement.verdict {
        Verdict::MustChange { reason, .. } => Some(reason.code()),
        _ => None,
    };
    let (verdict, must_change, prohibition, article) = match &judgement.verdict {
        Verdict::None => (RepetitionVerdict::None, None, None, None),
        Verdict::Draw => (RepetitionVerdict::Draw, None, None, Some("xq 4.2.3".into())),
        Verdict::MustChange { side, reason } => (
            RepetitionVerdict::MustChange,
            Some(Side::from(*side)),
            Some(reason.to_string()),
            Some(format!("xq {}", reason.article())),
        ),
        Verdict::ArbiterDecides {
            side,
            doubt,
            if_for,
            if_against,
        } => {
            question = Some(ArbiterQuestion {
                side: Side::from(*side),
                if_so: QuestionRuling::from(*if_against),
                if_not: QuestionRuling::from(*if_for),
                kind: doubt.code(),
                attacker: doubt.attacker().map(|p| p.role.name()),
                target: doubt.target().map(|(p, _)| p.role.name()),
                square: doubt.target().map(|(_, sq)| sq.to_string()),
                question: doubt.to_string(),
            });
            (
                RepetitionVerdict::ArbiterDecides,
                None,
                None,
                Some("xq 4.1.7".into()),
            )
        }
    };
    Some(Repetition {
        repetitions: cycle.repetitions,
        cycle: cycle.moves.iter().map(|m| m.mv.to_iccs()).collect(),
        verdict,
        must_change,
        prohibition,
        prohibition_code,
        article,
        draw_due: judgement.draw_due(),
        question,
        allowed,
    })
}

/// The state as the API shows it (see [`XiangqiView`]): the position, the
/// side to move, each move in the three notations with the clock, the
/// clocks as of `at_ms`, the status, result, points and termination with
/// its article, the pending draw offer and touch obligation (xq 5), the
/// repetition (xq 4.1.7), fouls, warnings and presence.
pub fn view(game: &XiangqiGame, at_ms: u64, due: Option<Due>) -> XiangqiView {
    let position = game.position();
    let touch = match game.touch_obligation() {
        Obligation::None => None,
        Obligation::Free(reason) => Some(Touch {
            allowed: Vec::new(),
            reason,
        }),
        Obligation::Moves { moves, why } => Some(Touch {
            allowed: moves.iter().map(|m| m.to_iccs()).collect(),
            reason: why,
        }),
    };
    let setup = game.setup();
    let lateness = setup.scheduled_start_ms.map(|start| {
        let limit = game.profile().lateness_limit_ms;
        Lateness {
            limit_ms: limit,
            deadline: limit.and_then(|l| ms_text(start.saturating_add(l))),
            red_present: game.is_present(Color::Red),
            black_present: game.is_present(Color::Black),
        }
    });
    XiangqiView {
        clocks: Clocks {
            red_ms: game.remaining_ms(at_ms, Color::Red),
            black_ms: game.remaining_ms(at_ms, Color::Black),
            running: game
                .clocks()
                .running()
                .map(|seat| Side::from(regulations::side_of(seat))),
        },
        due,
        fen: position.to_fen(),
        fouls: PerSide::of(|c| game.fouls(c)),
        lateness,
        moves_chinese: game.plies().iter().map(|p| p.chinese.clone()).collect(),
        mode: super::mode_text(game.setup().mode),
        pending: Pending {
            draw_offer: game.draw_offer().map(Side::from),
            touch,
        },
        plies: game
            .plies()
            .iter()
            .map(|p| Ply {
                side: Side::from(p.side),
                iccs: p.iccs.clone(),
                wxf: p.wxf.clone(),
                chinese: p.chinese.clone(),
                clock_ms: p.clock_ms,
            })
            .collect(),
        points: game.points().map(|(red, black)| PerSide {
            red: regulations::format_points(red),
            black: regulations::format_points(black),
        }),
        repetition: repetition(game.repetition(), game.cycle_allowed().map(Side::from)),
        result: game.result().map(GameResult::notation),
        scheduled_start: setup.scheduled_start_ms.and_then(ms_text),
        start_fen: setup.fen.clone(),
        status: game.status().as_str(),
        termination: game.termination().cloned(),
        to_move: Side::from(position.turn()),
        warnings: PerSide::of(|c| game.warnings(c)),
    }
}

/// The game as Xiangqi PGN (`xiangqi::pgn::write_game`: the Seven Tag
/// Roster, `[Variant "xiangqi"]`, `FEN` and `SetUp` when the game did not
/// start from the opening position, the moves in Fairy-Stockfish's SAN for
/// Xiangqi, which pychess and Fairy-Stockfish import), plus a standard
/// `Termination` value.
pub fn pgn(game: &XiangqiGame, headers: &[(&str, String)]) -> String {
    let mut out = xiangqi::pgn::Game::new(*game.initial_position());
    for (name, value) in headers {
        out.tags.push(((*name).to_owned(), value.clone()));
    }
    out.result = Some(match game.result() {
        Some(GameResult::WhiteWins | GameResult::WhiteWinsByForfeit) => {
            xiangqi::pgn::GameResult::RedWins
        }
        Some(GameResult::BlackWins | GameResult::BlackWinsByForfeit) => {
            xiangqi::pgn::GameResult::BlackWins
        }
        Some(GameResult::Draw) => xiangqi::pgn::GameResult::Draw,
        _ => xiangqi::pgn::GameResult::Unknown,
    });
    let mut position = *game.initial_position();
    for ply in game.plies() {
        // Every recorded move was legal in turn (the game accepted it).
        let Ok(m) = position.parse_iccs(&ply.iccs) else {
            break;
        };
        let Ok(next) = position.play(m) else { break };
        out.moves.push(m);
        position = next;
    }
    xiangqi::pgn::write_game(&out).unwrap_or_default()
}
