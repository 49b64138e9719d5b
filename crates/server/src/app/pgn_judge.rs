//! A PGN game judged by the Laws as live events are: the players and the
//! starting position checked against the game, every move a `move` event
//! (`clock_ms` from `[%clk]`) through `engine::parse_event`,
//! `engine::check_posted_event` and `app::games::judge_in_place`, then the
//! ending the tags state (`Result`, `Termination`) or the arbiter's own
//! statement (`end`). Nothing here writes.

use chrono::{DateTime, Utc};
use rules::Color;
use rules::pgn::GameResult as PgnResult;
use serde_json::{Map, Value, json};

use crate::app::games::judge_in_place;
use crate::auth::Actor;
use crate::engine::{GameState, check_posted_event, parse_event};
use crate::error::ApiError;
use crate::store::games::{GameRow, StoredEvent};
use crate::time::time_text;
use axum::http::StatusCode;

/// A player's name as compared: lower case, words without punctuation, in
/// sorted order — `Carlsen, Magnus`, `Magnus Carlsen` and `CARLSEN Magnus`
/// are one name.
pub(crate) fn name_key(name: &str) -> Vec<String> {
    let mut words: Vec<String> = name
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words.sort();
    words
}

/// A PGN name tag that names nobody (absent, empty, `?`).
pub(super) fn unnamed(tag: Option<&str>) -> bool {
    tag.is_none_or(|t| t.trim().is_empty() || t.trim() == "?")
}

pub(super) fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A refusal naming where in the PGN it lies, with `details`.
pub(super) fn detailed(
    status: StatusCode,
    code: impl Into<String>,
    message: impl Into<String>,
    article: Option<String>,
    details: Value,
) -> ApiError {
    let Value::Object(details) = details else {
        return ApiError::Internal("error details must be an object".into());
    };
    ApiError::Detailed {
        status,
        code: code.into(),
        message: message.into(),
        article,
        details,
    }
}

/// A game judged from its PGN: the events to store and the states before
/// and after them.
pub(super) struct Judged {
    pub row: GameRow,
    pub events: Vec<StoredEvent>,
    pub before: GameState,
    pub after: GameState,
    pub warnings: Vec<String>,
    pub pgn_white: Option<String>,
    pub pgn_black: Option<String>,
    pub forced: bool,
}

/// Checks the PGN against the game (players, starting position) and runs
/// every move and the ending through the Laws, as posted events are.
pub(super) fn judge_game(
    row: &GameRow,
    pgn: &rules::pgn::Game,
    options: &Options,
    actor: &Actor,
    received: DateTime<Utc>,
) -> Result<Judged, ApiError> {
    row.game.require_chess("a chess scoresheet (PGN)")?;
    if row.seq != 0 {
        return Err(ApiError::conflict(
            "game_recorded",
            format!(
                "the game already has {} recorded events: a scoresheet can only be entered into an empty game",
                row.seq
            ),
        ));
    }
    let mut warnings = Vec::new();
    // Players.
    let (pw, pb) = (pgn.tag("White"), pgn.tag("Black"));
    let mut forced = false;
    if unnamed(pw) && unnamed(pb) {
        warnings.push("the PGN names no players (White, Black)".into());
    } else {
        let same = name_key(pw.unwrap_or("")) == name_key(&row.white)
            && name_key(pb.unwrap_or("")) == name_key(&row.black);
        if !same {
            let reversed = name_key(pw.unwrap_or("")) == name_key(&row.black)
                && name_key(pb.unwrap_or("")) == name_key(&row.white);
            if !options.force_players {
                let hint = if reversed {
                    " (the same players with the colours reversed)"
                } else {
                    ""
                };
                return Err(detailed(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "players_differ",
                    format!(
                        "the PGN's players are {} - {}{hint}, the game's are {} - {}; correct the PGN, or send force_players=true if the scoresheet is this game's",
                        pw.unwrap_or("?"),
                        pb.unwrap_or("?"),
                        row.white,
                        row.black
                    ),
                    None,
                    json!({ "pgn_white": pw, "pgn_black": pb, "white": row.white, "black": row.black }),
                ));
            }
            forced = true;
            warnings.push(format!(
                "the PGN's players ({} - {}) differ from the game's: recorded as forced",
                pw.unwrap_or("?"),
                pb.unwrap_or("?")
            ));
        }
    }
    // Starting position: the PGN's FEN (or the standard position) must be
    // the game's (the same position in the sense of Art. 10.10).
    let game_start = rules::Position::from_fen(row.fen.as_deref().unwrap_or(rules::STARTING_FEN))
        .map_err(|e| ApiError::Internal(format!("stored FEN: {e}")))?;
    let pgn_fen = pgn.tag("FEN");
    let pgn_start =
        rules::Position::from_fen(pgn_fen.unwrap_or(rules::STARTING_FEN)).map_err(|e| {
            ApiError::Unprocessable {
                code: "invalid_fen".into(),
                message: format!("the PGN's FEN tag: {e}"),
                article: None,
                at: Some("FEN".into()),
            }
        })?;
    if !game_start.same_position(&pgn_start) {
        return Err(detailed(
            StatusCode::UNPROCESSABLE_ENTITY,
            "start_position_differs",
            format!(
                "the PGN starts from {}, the game from {}",
                pgn_fen.unwrap_or("the standard position"),
                row.fen.as_deref().unwrap_or("the standard position")
            ),
            None,
            json!({ "pgn_fen": pgn_fen, "fen": row.fen }),
        ));
    }
    let mut setup_row = row.clone();
    "scoresheet".clone_into(&mut setup_row.mode);
    let before = GameState::new(&setup_row.setup()).map_err(|r| ApiError::Internal(r.message))?;
    let mut state = before.clone();
    let at_ms = received.timestamp_millis();
    let mut events = Vec::new();
    let mut record = |state: &mut GameState,
                      mut body: Map<String, Value>,
                      place: Option<(usize, &str)>|
     -> Result<(), ApiError> {
        body.insert("at_ms".into(), Value::from(at_ms));
        let located = |e: ApiError| match (e, place) {
            (e, None) => e,
            (
                ApiError::Unprocessable {
                    code,
                    message,
                    article,
                    ..
                }
                | ApiError::Detailed {
                    code,
                    message,
                    article,
                    ..
                },
                Some((ply, san)),
            ) => move_refusal(&game_start, ply, san, code, &message, article),
            (ApiError::BadRequest { code, message, .. }, Some((ply, san))) => {
                move_refusal(&game_start, ply, san, code.to_owned(), &message, None)
            }
            (e, Some(_)) => e,
        };
        let parsed = parse_event(crate::engine::GameKind::Chess, &body).map_err(located)?;
        check_posted_event(&body, &parsed).map_err(located)?;
        let rulings = judge_in_place(state, at_ms, &parsed).map_err(located)?;
        events.push(StoredEvent {
            seq: i64::try_from(events.len()).unwrap_or(i64::MAX) + 1,
            actor: actor.id.clone(),
            received_at: time_text(received),
            at: time_text(received),
            body,
            rulings: serde_json::to_value(&rulings)?,
        });
        Ok(())
    };
    for (ply, san_ply) in pgn.moves.iter().enumerate() {
        let mut body = Map::new();
        body.insert("type".into(), Value::from("move"));
        body.insert("san".into(), Value::from(san_ply.san.clone()));
        if let Some(ms) = san_ply.clock_ms {
            body.insert("clock_ms".into(), Value::from(ms));
        }
        record(&mut state, body, Some((ply, san_ply.san.as_str())))?;
    }
    let over_the_board = state.status() == "finished";
    let endings = match &options.end {
        Some(end) => statement(end)?,
        None if over_the_board => Vec::new(),
        None => tag_ending(pgn, &game_start, pgn.moves.len()),
    };
    for body in endings {
        record(&mut state, body, None)?;
    }
    check_result(pgn, &state, &mut warnings)?;
    if events.is_empty() {
        return Err(ApiError::unprocessable(
            "empty_scoresheet",
            "the PGN has no moves and no result: nothing to record",
        ));
    }
    Ok(Judged {
        row: setup_row,
        events,
        before,
        after: state,
        warnings,
        pgn_white: pw.map(str::to_owned),
        pgn_black: pb.map(str::to_owned),
        forced,
    })
}

/// The refusal of the move at `ply` (0-based from the game's start): the
/// Laws' code and article, with its move number, side and SAN.
fn move_refusal(
    start: &rules::Position,
    ply: usize,
    san: &str,
    code: String,
    message: &str,
    article: Option<String>,
) -> ApiError {
    let first = start.turn();
    let offset = match first {
        Color::White => ply,
        Color::Black => ply + 1,
    };
    let side = if offset % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let move_number = u64::from(start.fullmove_number()) + (offset / 2) as u64;
    let dots = if side == Color::White { "." } else { "..." };
    detailed(
        StatusCode::UNPROCESSABLE_ENTITY,
        code,
        format!("{move_number}{dots} {san}: {message}"),
        article,
        json!({
            "move_number": move_number,
            "side": side_name(side),
            "san": san,
            "ply": ply + 1,
        }),
    )
}

/// The arbiter's statement (`end`): one event or a list of events.
fn statement(end: &Value) -> Result<Vec<Map<String, Value>>, ApiError> {
    let list = match end {
        Value::Object(map) => vec![map.clone()],
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::Object(map) => Ok(map.clone()),
                _ => Err(ApiError::invalid_field(
                    "end",
                    "each event must be an object",
                )),
            })
            .collect::<Result<_, _>>()?,
        _ => {
            return Err(ApiError::invalid_field(
                "end",
                "an event object or a list of them",
            ));
        }
    };
    for map in &list {
        for key in ["at", "at_ms", "expected_seq", "seq"] {
            if map.contains_key(key) {
                return Err(ApiError::invalid_field(
                    "end",
                    format!("'{key}' is set by the server for an uploaded scoresheet"),
                ));
            }
        }
        if !matches!(map.get("type"), Some(Value::String(_))) {
            return Err(ApiError::invalid_field(
                "end",
                "each event needs its type (resign, declare_result, ...)",
            ));
        }
    }
    Ok(list)
}

/// The events that record the ending the `Result` and `Termination` tags
/// state, for a game not ended on the board: a decisive `normal` result (or
/// no `Termination`) is the loser's resignation (Art. 10.2), a drawn one an
/// agreement (the offer of the player who moved last and its acceptance,
/// Art. 10.6, 10.7), `time forfeit` the arbiter's statement of a flag fall
/// (Art. 10.5, 10.14), anything else his declared result (Art. 16).
fn tag_ending(
    pgn: &rules::pgn::Game,
    start: &rules::Position,
    plies: usize,
) -> Vec<Map<String, Value>> {
    let result = match pgn.result {
        PgnResult::WhiteWins => "1-0",
        PgnResult::BlackWins => "0-1",
        PgnResult::Draw => "1/2-1/2",
        PgnResult::Unknown => return Vec::new(),
    };
    let to_move = if plies.is_multiple_of(2) {
        start.turn()
    } else {
        !start.turn()
    };
    let termination = pgn
        .tag("Termination")
        .map(|t| t.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let event = |value: Value| match value {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    match termination.as_str() {
        "" | "normal" => match pgn.result {
            PgnResult::WhiteWins => vec![event(json!({ "type": "resign", "player": "black" }))],
            PgnResult::BlackWins => vec![event(json!({ "type": "resign", "player": "white" }))],
            _ => vec![
                event(json!({ "type": "offer_draw", "player": side_name(!to_move) })),
                event(json!({ "type": "accept_draw", "player": side_name(to_move) })),
            ],
        },
        "time forfeit" => vec![event(json!({
            "type": "declare_result", "result": result, "grounds": "flag_fall",
            "reason": "the scoresheet's Termination: time forfeit",
        }))],
        other => vec![event(json!({
            "type": "declare_result", "result": result,
            "reason": format!("the scoresheet's Termination: {other}"),
        }))],
    }
}

/// The recorded game's result must be the PGN's `Result` (a forfeit counts
/// as the win it scores); an unfinished PGN (`*`) records what it has.
fn check_result(
    pgn: &rules::pgn::Game,
    state: &GameState,
    warnings: &mut Vec<String>,
) -> Result<(), ApiError> {
    let recorded = state.result();
    let agrees = match pgn.result {
        PgnResult::Unknown => {
            if let Some(r) = recorded {
                warnings.push(format!(
                    "the PGN's result is '*' but the recorded game ended {r}"
                ));
            }
            return Ok(());
        }
        PgnResult::WhiteWins => matches!(recorded, Some("1-0" | "+-")),
        PgnResult::BlackWins => matches!(recorded, Some("0-1" | "-+")),
        PgnResult::Draw => recorded == Some("1/2-1/2"),
    };
    if agrees {
        return Ok(());
    }
    let stated = pgn.result.as_str();
    Err(detailed(
        StatusCode::UNPROCESSABLE_ENTITY,
        "result_contradicts_game",
        format!(
            "the PGN's result is {stated} but the moves and the ending record {}",
            recorded.unwrap_or("no result (the game goes on)")
        ),
        None,
        json!({ "pgn_result": stated, "game_result": recorded }),
    ))
}

/// The options of one game's upload.
#[derive(Debug, Default)]
pub(crate) struct Options {
    pub force_players: bool,
    pub end: Option<Value>,
}
