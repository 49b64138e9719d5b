//! The Xiangqi side of the seam: a game's setup as
//! `regulations::XiangqiGame` (profile `xiangqi` / `xiangqi-club` with the
//! organiser's announcements over it), the state as the API shows it, and
//! the PGN export through `xiangqi::pgn::write_game`. What is shared with
//! chess (the event log, the fold, due results, the compare-and-swap) is in
//! [`super`] and `games.rs`; only what differs is here.

use regulations::{
    GameResult, Obligation, TimeControl, XiangqiGame, XiangqiProfile, XiangqiSetup, XqEvent,
    XqEventKind, side_name,
};
use serde_json::{Map, Value, json};
use xiangqi::{Color, Judgement, Verdict};

use super::{GameSetup, Rejection, ms_text};
use crate::error::ApiError;

/// The Xiangqi profiles a game or a tournament may name
/// (`regulations::XiangqiProfile::by_name`).
pub const PROFILES: &[&str] = &["xiangqi", "xiangqi-club"];
/// The default Xiangqi profile.
pub const DEFAULT_PROFILE: &str = "xiangqi";

/// The longest FEN accepted.
const MAX_FEN: usize = 200;

/// A Xiangqi starting position from a request: 422 `invalid_fen` naming
/// `fen`, with the problem the `xiangqi` crate finds.
pub fn check_fen(fen: &str) -> Result<String, ApiError> {
    let invalid = |message: String| ApiError::Unprocessable {
        code: "invalid_fen".into(),
        message,
        article: None,
        at: Some("fen".into()),
    };
    if fen.len() > MAX_FEN {
        return Err(invalid(format!("at most {MAX_FEN} characters")));
    }
    let position = xiangqi::Position::from_fen(fen).map_err(|e| invalid(e.to_string()))?;
    Ok(position.to_fen())
}

/// A new Xiangqi game from a stored setup. Xiangqi is recorded live only
/// (the regulations crate models no scoresheet mode for it).
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
    if setup.mode != "live" {
        return Err(Rejection {
            code: "bad_setup".into(),
            article: None,
            message: format!("a Xiangqi game is recorded live, not '{}'", setup.mode),
        });
    }
    XiangqiGame::new(
        profile,
        XiangqiSetup {
            fen: setup.fen.clone(),
            time_control,
            scheduled_start_ms: setup
                .scheduled_start_ms
                .and_then(|ms| u64::try_from(ms).ok()),
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

fn side(c: Color) -> Value {
    Value::from(side_name(c))
}

/// The repetition judge's view of the position (xq 4.1.7, 4.2.3): `null`
/// when the position has not stood before since the last capture.
fn repetition_json(judgement: &Judgement) -> Value {
    let Some(cycle) = &judgement.cycle else {
        return Value::Null;
    };
    let (verdict, must_change, prohibition, article) = match &judgement.verdict {
        Verdict::None => ("none", Value::Null, Value::Null, Value::Null),
        Verdict::Draw => ("draw", Value::Null, Value::Null, Value::from("xq 4.2.3")),
        Verdict::MustChange { side: s, reason } => (
            "must_change",
            side(*s),
            Value::from(reason.to_string()),
            Value::from(format!("xq {}", reason.article())),
        ),
    };
    json!({
        "repetitions": cycle.repetitions,
        "cycle": cycle.moves.iter().map(|m| m.mv.to_iccs()).collect::<Vec<_>>(),
        "verdict": verdict,
        "must_change": must_change,
        "prohibition": prohibition,
        "article": article,
        "draw_due": judgement.draw_due(),
    })
}

/// The state as the API shows it, without `moves` (the WXF list, written by
/// the caller) and without ids: the position, the side to move, each move
/// in the three notations with the clock, the clocks as of `at_ms`, the
/// status, result and termination with its article, the pending draw offer
/// and touch obligation (xq 5), the repetition (xq 4.1.7), fouls, warnings
/// and presence.
pub fn state_json(game: &XiangqiGame, at_ms: u64) -> Map<String, Value> {
    let position = game.position();
    let running = game.clocks().running().map(regulations::side_of);
    let touch = match game.touch_obligation() {
        Obligation::None => Value::Null,
        Obligation::Free(reason) => json!({ "allowed": [], "reason": reason }),
        Obligation::Moves { moves, why } => json!({
            "allowed": moves.iter().map(|m| m.to_iccs()).collect::<Vec<_>>(),
            "reason": why,
        }),
    };
    let plies: Vec<Value> = game
        .plies()
        .iter()
        .map(|p| {
            json!({
                "side": side_name(p.side),
                "iccs": p.iccs,
                "wxf": p.wxf,
                "chinese": p.chinese,
                "clock_ms": p.clock_ms,
            })
        })
        .collect();
    let per_side =
        |f: &dyn Fn(Color) -> Value| json!({ "red": f(Color::Red), "black": f(Color::Black) });
    let mut map = Map::new();
    map.insert("game".into(), Value::from("xiangqi"));
    map.insert("fen".into(), Value::from(position.to_fen()));
    map.insert("to_move".into(), side(position.turn()));
    map.insert(
        "moves_chinese".into(),
        game.plies().iter().map(|p| p.chinese.as_str()).collect(),
    );
    map.insert("plies".into(), Value::Array(plies));
    map.insert(
        "clocks".into(),
        json!({
            "red_ms": game.remaining_ms(at_ms, Color::Red),
            "black_ms": game.remaining_ms(at_ms, Color::Black),
            "running": running.map_or(Value::Null, side),
        }),
    );
    map.insert("status".into(), Value::from(game.status().as_str()));
    map.insert(
        "result".into(),
        game.result()
            .map_or(Value::Null, |r| Value::from(r.notation())),
    );
    map.insert(
        "points".into(),
        game.points().map_or(Value::Null, |(red, black)| {
            json!({
                "red": regulations::format_points(red),
                "black": regulations::format_points(black),
            })
        }),
    );
    map.insert(
        "termination".into(),
        serde_json::to_value(game.termination()).unwrap_or(Value::Null),
    );
    map.insert(
        "pending".into(),
        json!({
            "draw_offer": game.draw_offer().map_or(Value::Null, side),
            "touch": touch,
        }),
    );
    map.insert("repetition".into(), repetition_json(game.repetition()));
    map.insert("fouls".into(), per_side(&|c| Value::from(game.fouls(c))));
    map.insert(
        "warnings".into(),
        per_side(&|c| Value::from(game.warnings(c))),
    );
    let setup = game.setup();
    map.insert("mode".into(), Value::from("live"));
    map.insert(
        "start_fen".into(),
        setup.fen.clone().map_or(Value::Null, Value::from),
    );
    map.insert("scheduled_start".into(), Value::Null);
    if let Some(start) = setup.scheduled_start_ms {
        let limit = game.profile().lateness_limit_ms;
        map.insert("scheduled_start".into(), ms_text(start));
        map.insert(
            "lateness".into(),
            json!({
                "limit_ms": limit,
                "deadline": limit.map_or(Value::Null, |l| ms_text(start.saturating_add(l))),
                "red_present": game.is_present(Color::Red),
                "black_present": game.is_present(Color::Black),
            }),
        );
    }
    map
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
    if let Some(t) = game.termination() {
        let value = regulations::Code::parse(&t.reason.code)
            .map_or("normal", regulations::Code::pgn_termination);
        out.tags.push(("Termination".into(), value.to_owned()));
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
