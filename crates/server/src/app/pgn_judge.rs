//! A PGN game judged by the Laws as live events are, for both games: the
//! PGN's game checked against the game's, the players and the starting
//! position checked against the game, every move a `move` event through
//! `engine::parse_event`, `engine::check_posted_event` and
//! `app::games::judge_in_place` ([`Recorder`]), then the ending the tags
//! state (`Result`, `Termination`) or the arbiter's own statement (`end`),
//! and the recorded result checked against the PGN's. A refused move names
//! its move number, side and text with the Laws' code and article.
//!
//! Chess (here): the game goes to scoresheet mode, each move is its SAN
//! with `clock_ms` from `[%clk]`. Xiangqi (`pgn_xiangqi`): the game stays
//! live, `start` first, each move in ICCS. Nothing here writes.

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use rules::Color;
use serde_json::{Map, Value, json};

use crate::app::games::judge_in_place;
use crate::app::pgn_read::{PgnGame, Stated};
use crate::auth::Actor;
use crate::engine::{GameKind, GameState, check_posted_event, parse_event};
use crate::error::ApiError;
use crate::store::games::{GameRow, StoredEvent};
use crate::time::time_text;

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

/// Where a move stands in the PGN: its half-move (0-based from the game's
/// start), move number, side and text as the refusal names them.
pub(super) struct Place {
    pub ply: usize,
    pub number: u64,
    /// Black made it.
    pub second: bool,
    pub text: String,
}

impl Place {
    /// The move at `ply` of a game whose first move is Black's when
    /// `second_starts`, numbered from `fullmove`.
    pub(super) fn new(second_starts: bool, fullmove: u64, ply: usize, text: String) -> Place {
        let offset = ply + usize::from(second_starts);
        Place {
            ply,
            number: fullmove + (offset / 2) as u64,
            second: offset % 2 == 1,
            text,
        }
    }
}

/// The events of an upload as they are judged: each one through
/// `engine::parse_event`, `engine::check_posted_event` and
/// `app::games::judge_in_place`, as a posted event is, at the upload's
/// time (so no clock runs while the scoresheet is entered).
pub(super) struct Recorder<'a> {
    pub state: GameState,
    pub events: Vec<StoredEvent>,
    pub at_ms: i64,
    actor: &'a Actor,
    received: DateTime<Utc>,
}

impl Recorder<'_> {
    /// Records `body` at the upload's time; a refusal of a move names its
    /// `place`.
    pub(super) fn record(
        &mut self,
        body: Map<String, Value>,
        place: Option<&Place>,
    ) -> Result<(), ApiError> {
        self.record_at(self.at_ms, body, place)
    }

    /// Records `body` at `at_ms` (never later than the upload's time).
    pub(super) fn record_at(
        &mut self,
        at_ms: i64,
        mut body: Map<String, Value>,
        place: Option<&Place>,
    ) -> Result<(), ApiError> {
        let kind = self.state.kind();
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
                Some(place),
            ) => move_refusal(kind, place, code, &message, article),
            (ApiError::BadRequest { code, message, .. }, Some(place)) => {
                move_refusal(kind, place, code.to_owned(), &message, None)
            }
            (e, Some(_)) => e,
        };
        crate::engine::tidy_note(&mut body);
        let parsed = parse_event(kind, &body).map_err(located)?;
        check_posted_event(&body, &parsed).map_err(located)?;
        let rulings = judge_in_place(&mut self.state, at_ms, &parsed).map_err(located)?;
        let at = DateTime::from_timestamp_millis(at_ms).unwrap_or(self.received);
        self.events.push(StoredEvent {
            seq: i64::try_from(self.events.len()).unwrap_or(i64::MAX) + 1,
            actor: self.actor.id.clone(),
            received_at: time_text(self.received),
            at: time_text(at),
            body,
            rulings: serde_json::to_value(&rulings)?,
        });
        Ok(())
    }
}

/// An event's body from its JSON object.
pub(super) fn event(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Checks the PGN against the game (its game, players, starting position)
/// and runs every move and the ending through the Laws, as posted events
/// are: chess here, Xiangqi in `pgn_xiangqi`.
pub(super) fn judge_game(
    row: &GameRow,
    pgn: &PgnGame,
    options: &Options,
    actor: &Actor,
    received: DateTime<Utc>,
) -> Result<Judged, ApiError> {
    if pgn.kind() != row.game {
        return Err(ApiError::unprocessable(
            "not_for_this_game",
            format!(
                "a {} PGN cannot be entered into a {} game",
                pgn.kind().as_str(),
                row.game.as_str()
            ),
        ));
    }
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
    let (pw, pb) = (pgn.tag("White"), pgn.tag("Black"));
    let forced = check_players(row, pw, pb, options, &mut warnings)?;
    // A chess game is recorded in scoresheet mode; a Xiangqi game stays
    // as it is (its PGN path records arrivals and a start at the upload's
    // time, so no clock runs; `pgn_xiangqi`).
    let mut setup_row = row.clone();
    if row.game == GameKind::Chess {
        "scoresheet".clone_into(&mut setup_row.mode);
    }
    let before = GameState::new(&setup_row.setup()).map_err(|r| ApiError::Internal(r.message))?;
    let mut rec = Recorder {
        state: before.clone(),
        events: Vec::new(),
        at_ms: received.timestamp_millis(),
        actor,
        received,
    };
    let second_starts = match pgn {
        PgnGame::Chess(game) => chess_moves(row, game, &mut rec)?,
        PgnGame::Xiangqi(read) => super::pgn_xiangqi::record_moves(row, read, &mut rec)?,
    };
    let over_the_board = rec.state.status() == "finished";
    let endings = match &options.end {
        Some(end) => statement(end)?,
        None if over_the_board => Vec::new(),
        None => {
            let second_to_move = second_starts ^ (pgn.plies() % 2 == 1);
            tag_ending(pgn, second_to_move)?
        }
    };
    let stated_ending = !endings.is_empty();
    for (i, body) in endings.into_iter().enumerate() {
        rec.record(body, None).map_err(|e| match &options.end {
            Some(end) => within_statement(e, &statement_place(end, i)),
            None => e,
        })?;
    }
    check_result(pgn.result(), &rec.state, &mut warnings)?;
    if pgn.plies() == 0 && !stated_ending {
        return Err(ApiError::unprocessable(
            "empty_scoresheet",
            "the PGN has no moves and no result: nothing to record",
        ));
    }
    Ok(Judged {
        row: setup_row,
        events: rec.events,
        before,
        after: rec.state,
        warnings,
        pgn_white: pw.map(str::to_owned),
        pgn_black: pb.map(str::to_owned),
        forced,
    })
}

/// The PGN's `White` and `Black` against the game's players: whether they
/// were accepted only because the arbiter forced them.
fn check_players(
    row: &GameRow,
    pw: Option<&str>,
    pb: Option<&str>,
    options: &Options,
    warnings: &mut Vec<String>,
) -> Result<bool, ApiError> {
    if unnamed(pw) && unnamed(pb) {
        warnings.push("the PGN names no players (White, Black)".into());
        return Ok(false);
    }
    let same = name_key(pw.unwrap_or("")) == name_key(&row.white)
        && name_key(pb.unwrap_or("")) == name_key(&row.black);
    if same {
        return Ok(false);
    }
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
    warnings.push(format!(
        "the PGN's players ({} - {}) differ from the game's: recorded as forced",
        pw.unwrap_or("?"),
        pb.unwrap_or("?")
    ));
    Ok(true)
}

/// 422 `start_position_differs`: the PGN starts from `pgn_fen`, the game
/// from `fen` (`None`: the standard position).
pub(super) fn start_differs(pgn_fen: Option<&str>, fen: Option<&str>) -> ApiError {
    detailed(
        StatusCode::UNPROCESSABLE_ENTITY,
        "start_position_differs",
        format!(
            "the PGN starts from {}, the game from {}",
            pgn_fen.unwrap_or("the standard position"),
            fen.unwrap_or("the standard position")
        ),
        None,
        json!({ "pgn_fen": pgn_fen, "fen": fen }),
    )
}

/// A chess game's moves: the starting position checked (the PGN's FEN, or
/// the standard position, must be the game's: the same position in the
/// sense of Art. 10.10), then every move a `move` event with `clock_ms`
/// from `[%clk]`. Whether Black moves first.
fn chess_moves(
    row: &GameRow,
    pgn: &rules::pgn::Game,
    rec: &mut Recorder<'_>,
) -> Result<bool, ApiError> {
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
        return Err(start_differs(pgn_fen, row.fen.as_deref()));
    }
    let second_starts = game_start.turn() == Color::Black;
    let fullmove = u64::from(game_start.fullmove_number());
    for (ply, san_ply) in pgn.moves.iter().enumerate() {
        let mut body = event(json!({ "type": "move", "san": san_ply.san }));
        if let Some(ms) = san_ply.clock_ms {
            body.insert("clock_ms".into(), Value::from(ms));
        }
        let place = Place::new(second_starts, fullmove, ply, san_ply.san.clone());
        // A clock command the reader could not read stays in the comment:
        // refused, not silently dropped.
        if san_ply
            .comment
            .as_deref()
            .is_some_and(|c| c.contains("[%clk"))
        {
            return Err(move_refusal(
                GameKind::Chess,
                &place,
                "invalid_field".into(),
                "its [%clk] command cannot be read: write the time left as h:mm:ss (minutes and seconds under 60, a fraction of a second after a dot)",
                None,
            ));
        }
        rec.record(body, Some(&place))?;
    }
    Ok(second_starts)
}

/// The refusal of the move at `place`: the Laws' code and article, with its
/// move number, side and text (`san` for chess, `move` for Xiangqi, as the
/// game's `move` event names it).
pub(super) fn move_refusal(
    kind: GameKind,
    place: &Place,
    code: String,
    message: &str,
    article: Option<String>,
) -> ApiError {
    let (side, key) = match (kind, place.second) {
        (GameKind::Chess, false) => ("white", "san"),
        (GameKind::Xiangqi, false) => ("red", "move"),
        (_, true) => (
            "black",
            if kind == GameKind::Chess {
                "san"
            } else {
                "move"
            },
        ),
    };
    let dots = if place.second { "..." } else { "." };
    let mut details = json!({
        "move_number": place.number,
        "side": side,
        "ply": place.ply + 1,
    });
    details[key] = Value::from(place.text.as_str());
    detailed(
        StatusCode::UNPROCESSABLE_ENTITY,
        code,
        format!("{}{dots} {}: {message}", place.number, place.text),
        article,
        details,
    )
}

/// Where event `i` of the arbiter's statement `end` is: `end` for a single
/// event, `end[i]` in a list.
fn statement_place(end: &Value, i: usize) -> String {
    match end {
        Value::Array(_) => format!("end[{i}]"),
        _ => "end".to_owned(),
    }
}

/// An error of an event of the arbiter's statement, named where it is in
/// the request: `end[1].reason`, `end.penalty.foul`, `end[1]` when it names
/// no field (a ruling that refuses the event).
fn within_statement(e: ApiError, place: &str) -> ApiError {
    let located = |at: Option<String>| {
        Some(match at {
            Some(field) => format!("{place}.{field}"),
            None => place.to_owned(),
        })
    };
    match e {
        ApiError::BadRequest { code, message, at } => ApiError::BadRequest {
            code,
            message,
            at: located(at),
        },
        ApiError::Unprocessable {
            code,
            message,
            article,
            at,
        } => ApiError::Unprocessable {
            code,
            message,
            article,
            at: located(at),
        },
        e => e,
    }
}

/// The arbiter's statement (`end`): one event or a list of events.
fn statement(end: &Value) -> Result<Vec<Map<String, Value>>, ApiError> {
    let list = match end {
        Value::Object(map) => vec![map.clone()],
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::Object(map) => Ok(map.clone()),
                _ => Err(ApiError::invalid_field(
                    &format!("end[{i}]"),
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
    for (i, map) in list.iter().enumerate() {
        let place = statement_place(end, i);
        for key in ["at", "at_ms", "expected_seq", "seq"] {
            if map.contains_key(key) {
                return Err(ApiError::invalid_field(
                    &format!("{place}.{key}"),
                    format!("'{key}' is set by the server for an uploaded scoresheet"),
                ));
            }
        }
        if !matches!(map.get("type"), Some(Value::String(_))) {
            return Err(ApiError::invalid_field(
                &format!("{place}.type"),
                "each event needs its type (resign, declare_result, ...)",
            ));
        }
    }
    Ok(list)
}

/// The events that record the ending the `Result` and `Termination` tags
/// state, for a game not ended on the board (`second_to_move`: Black is to
/// move after the PGN's moves). `normal` or no `Termination`: a decisive
/// result is the loser's resignation (Art. 10.2, xq 4.1.9), a drawn one an
/// agreement (the offer of the player who moved last and its acceptance,
/// Art. 10.6, 10.7, xq 4.2.2). `time forfeit` is the arbiter's statement of
/// a flag fall (Art. 10.5, 10.14; xq 4.1.4). Chess: anything else is his
/// declared result (Art. 16); a Xiangqi result is declared on the grounds
/// of an article, which another `Termination` (`rules infraction`,
/// `adjudication`) does not name, so there it is 422 `not_for_this_game`
/// naming `Termination` (the arbiter states the ending with `end`).
fn tag_ending(pgn: &PgnGame, second_to_move: bool) -> Result<Vec<Map<String, Value>>, ApiError> {
    let stated = pgn.result();
    if stated == Stated::Unknown {
        return Ok(Vec::new());
    }
    let kind = pgn.kind();
    let first = match kind {
        GameKind::Chess => "white",
        GameKind::Xiangqi => "red",
    };
    let (to_move, moved_last) = if second_to_move {
        ("black", first)
    } else {
        (first, "black")
    };
    let termination = pgn
        .tag("Termination")
        .map(|t| t.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let result = stated.as_str();
    Ok(match (termination.as_str(), kind) {
        ("" | "normal", _) => match stated {
            Stated::FirstWins => vec![event(json!({ "type": "resign", "player": "black" }))],
            Stated::SecondWins => vec![event(json!({ "type": "resign", "player": first }))],
            _ => vec![
                event(json!({ "type": "offer_draw", "player": moved_last })),
                event(json!({ "type": "accept_draw", "player": to_move })),
            ],
        },
        ("time forfeit", _) => vec![event(json!({
            "type": "declare_result", "result": result, "grounds": "flag_fall",
            "reason": "the scoresheet's Termination: time forfeit",
        }))],
        (other, GameKind::Chess) => vec![event(json!({
            "type": "declare_result", "result": result,
            "reason": format!("the scoresheet's Termination: {other}"),
        }))],
        (other, GameKind::Xiangqi) => {
            return Err(ApiError::Unprocessable {
                code: "not_for_this_game".into(),
                message: format!(
                    "a Xiangqi game's ending is entered from its tags as a resignation or an agreed draw (Termination \"normal\") or a time forfeit (\"time forfeit\", xq 4.1.4); '{other}' does not say which article the arbiter applied: state it with 'end' (declare_result with its grounds, resign, refuse, declare_loss, ...)"
                ),
                article: None,
                at: Some("Termination".into()),
            });
        }
    })
}

/// The recorded game's result must be the PGN's (a forfeit counts as the
/// win it scores); an unfinished PGN (`*`) records what it has.
fn check_result(
    stated: Stated,
    state: &GameState,
    warnings: &mut Vec<String>,
) -> Result<(), ApiError> {
    let recorded = state.result();
    let agrees = match stated {
        Stated::Unknown => {
            if let Some(r) = recorded {
                warnings.push(format!(
                    "the PGN's result is '*' but the recorded game ended {r}"
                ));
            }
            return Ok(());
        }
        Stated::FirstWins => matches!(recorded, Some("1-0" | "+-")),
        Stated::SecondWins => matches!(recorded, Some("0-1" | "-+")),
        Stated::Draw => recorded == Some("1/2-1/2"),
    };
    if agrees {
        return Ok(());
    }
    let stated = stated.as_str();
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
