//! Scoresheets entered as PGN, as operations: one game's PGN into its game,
//! or a round's file with its games matched to the boards by the players'
//! names. Chess and Xiangqi go the same way: the file is read by its game's
//! reader (`pgn_read`: `rules::pgn` or `xiangqi::pgn`), each game judged by
//! the Laws exactly as posted events are (`pgn_judge`, `pgn_xiangqi`), then
//! written and announced here. A chess game is recorded in scoresheet mode;
//! a Xiangqi game stays live. Nothing is written unless every game of the
//! upload is accepted: one transaction, one compare-and-swap per game from
//! an empty log to the whole log.

use std::sync::Arc;

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value, json};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::app::game_rows::load_game;
use crate::app::game_view::{StateJson, state_json};
use crate::app::pgn_judge::{Judged, Options, detailed, judge_game, name_key};
use crate::app::pgn_read::read_games;
use crate::app::tournaments::{begin_change, commit_change, load_all};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::engine::GameState;
use crate::error::ApiError;
use crate::live::events::View;
use crate::state::AppState;
use crate::state::Hint;
use crate::store;
use crate::store::games::GameRow;

/// The largest round file accepted (a game's PGN is at most the API's
/// usual 256 KiB body).
pub const ROUND_PGN_LIMIT: usize = 4 * 1024 * 1024;

/// One game recorded from PGN.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PgnGameRecorded {
    pub game_id: String,
    /// The board, for a tournament game.
    pub board: Option<i64>,
    /// How many events were recorded (the moves and the ending).
    pub events: usize,
    pub status: String,
    pub result: Option<String>,
    /// What was accepted but is worth the arbiter's eye (a PGN naming no
    /// players, players accepted by `force_players`, an unfinished game).
    pub warnings: Vec<String>,
}

/// The answer to `POST /games/{id}/pgn`.
#[derive(Serialize, ToSchema)]
pub struct PgnRecorded {
    #[serde(flatten)]
    pub recorded: PgnGameRecorded,
    /// The game's state after the upload, as `GET /games/{id}` shows it.
    pub state: StateJson,
}

/// The answer to `POST /tournaments/{id}/rounds/{n}/pgn`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PgnRoundRecorded {
    pub round: i64,
    /// The games recorded, by board.
    pub games: Vec<PgnGameRecorded>,
}

/// Writes a judged game: the scoresheet mode, the whole log behind one
/// compare-and-swap from the empty log, the outcome and the board's
/// result, an audit row.
async fn write_judged(
    tx: &mut AnyConnection,
    actor: &Actor,
    judged: &Judged,
    original_mode: &str,
) -> Result<(), ApiError> {
    let row = &judged.row;
    let id = row.id.as_str();
    if original_mode != row.mode {
        store::games::set_setup(tx, id, &row.mode, row.fen.as_deref()).await?;
    }
    let head = i64::try_from(judged.events.len()).unwrap_or(i64::MAX);
    if !store::games::advance_head(tx, id, 0, head).await? {
        return Err(ApiError::conflict(
            "game_recorded",
            "another writer recorded events in this game meanwhile: nothing was written",
        ));
    }
    for event in &judged.events {
        let body = serde_json::to_string(&event.body)?;
        store::games::insert_event(tx, id, event, &body, &event.rulings.to_string()).await?;
    }
    let (status, result) = (judged.after.status(), judged.after.result());
    if status != judged.before.status() || result != judged.before.result() {
        store::games::set_outcome(tx, id, status, result).await?;
    }
    // The board follows the game from its first event, as when the events
    // are posted: the game's result once it has one, none before.
    if let (Some(t), Some(round), Some(board), Some(first), Some(last)) = (
        &row.tournament_id,
        row.round,
        row.board,
        judged.events.first(),
        judged.events.last(),
    ) {
        // The event that did it: the last (the game's end), or the first
        // (which took the board's result back).
        match result {
            Some(result) => {
                let cause = crate::app::results::Cause::Game {
                    game_id: id,
                    seq: last.seq,
                    event: &last.body,
                };
                crate::app::results::record_game_result(tx, actor, t, round, board, result, cause)
                    .await?;
            }
            None if status != "annulled" => {
                let cause = crate::app::results::Cause::Game {
                    game_id: id,
                    seq: first.seq,
                    event: &first.body,
                };
                crate::app::results::reopen_game_result(tx, actor, t, round, board, cause).await?;
            }
            None => {}
        }
    }
    audit::record(
        tx,
        actor,
        row.tournament_id.as_deref(),
        "record_pgn",
        "game",
        id,
        Some(&json!({ "mode": original_mode, "seq": 0 })),
        Some(&json!({
            "mode": row.mode,
            "seq": head,
            "status": status,
            "result": result,
            "pgn_white": judged.pgn_white,
            "pgn_black": judged.pgn_black,
            "force_players": judged.forced,
        })),
    )
    .await?;
    Ok(())
}

/// After the commit: the new head in the cache, the streams told.
fn announce(state: &AppState, judged: Judged) -> (PgnGameRecorded, Arc<GameRow>, Arc<GameState>) {
    let seq = i64::try_from(judged.events.len()).unwrap_or(i64::MAX);
    let row = Arc::new(GameRow { seq, ..judged.row });
    let after = Arc::new(judged.after);
    state
        .games_cache()
        .put(Arc::clone(&row), Arc::clone(&after));
    state.announce(Hint {
        game_id: Arc::from(row.id.as_str()),
        seq,
    });
    let recorded = PgnGameRecorded {
        game_id: row.id.clone(),
        board: row.board,
        events: judged.events.len(),
        status: after.status().to_owned(),
        result: after.result().map(str::to_owned),
        warnings: judged.warnings,
    };
    (recorded, row, after)
}

/// Records one game's PGN (`bytes`) in game `id` (an arbiter of it): every
/// move judged by the Laws as a posted event, then the ending; written with
/// one compare-and-swap from an empty log, or refused whole.
pub(crate) async fn upload_game(
    state: &AppState,
    actor: &Actor,
    id: &str,
    bytes: &[u8],
    options: &Options,
    received: DateTime<Utc>,
) -> Result<PgnRecorded, ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    let row = load_game(&mut *tx, id).await?;
    if !row.may_arbitrate(actor) {
        return Err(ApiError::Forbidden(
            "this token may not record events in this game".into(),
        ));
    }
    let games = read_games(bytes, row.game)?;
    let [pgn] = games.as_slice() else {
        return Err(ApiError::BadRequest {
            code: "invalid_pgn",
            message: format!(
                "the PGN holds {} games; this game takes one (a round's file goes to POST /tournaments/{{id}}/rounds/{{n}}/pgn)",
                games.len()
            ),
            at: None,
        });
    };
    let judged = judge_game(&row, pgn, options, actor, received)?;
    write_judged(&mut tx, actor, &judged, &row.mode).await?;
    crate::app::tournaments::commit_game_change(tx, row.tournament_id.as_deref()).await?;
    let (recorded, row, after) = announce(state, judged);
    Ok(PgnRecorded {
        recorded,
        state: state_json(&row, after, View::Arbiter),
    })
}

/// Records a round's PGN file (`bytes`): each game matched to the board
/// whose players it names and judged; every problem of the file is listed
/// (422 `pgn_rejected`) and nothing is written unless every game is
/// accepted.
pub(crate) async fn upload_round(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
    bytes: &[u8],
    received: DateTime<Utc>,
) -> Result<PgnRoundRecorded, ApiError> {
    let (_write, mut tx, tournament) =
        begin_change(state, actor, Permission::Arbitrate, id).await?;
    // The event's row first, as pairing does: two uploads of one round
    // wait for each other instead of deadlocking on its games.
    store::tournaments::lock(&mut tx, id).await?;
    store::games::lock_round(&mut tx, id, number).await?;
    let loaded = load_all(&mut tx, id).await?;
    if number < 1 || number > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    // Every board of the tournament is a game of its game.
    let games = read_games(bytes, tournament.game)?;
    let boards: Vec<_> = loaded.boards.iter().filter(|b| b.round == number).collect();
    let name = |player_id: &str| {
        loaded
            .player(player_id)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let mut problems = Vec::new();
    let mut claimed: Vec<(i64, usize)> = Vec::new();
    let mut accepted = Vec::new();
    for (index, pgn) in (1_usize..).zip(&games) {
        let (pw, pb) = (pgn.tag("White"), pgn.tag("Black"));
        let problem = |code: &str, message: String, extra: Value| {
            problem_json(index, pw, pb, code, &message, extra)
        };
        let (kw, kb) = (name_key(pw.unwrap_or("")), name_key(pb.unwrap_or("")));
        let matching: Vec<i64> = boards
            .iter()
            .filter(|b| name_key(&name(&b.white_id)) == kw && name_key(&name(&b.black_id)) == kb)
            .map(|b| b.board)
            .collect();
        let board = match matching.as_slice() {
            [] => {
                let reversed: Vec<i64> = boards
                    .iter()
                    .filter(|b| {
                        name_key(&name(&b.white_id)) == kb && name_key(&name(&b.black_id)) == kw
                    })
                    .map(|b| b.board)
                    .collect();
                let hint = match reversed.as_slice() {
                    [] => String::new(),
                    list => format!(
                        " (board {} has these players with the colours reversed)",
                        list.iter()
                            .map(i64::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                problems.push(problem(
                    "no_board",
                    format!(
                        "{} - {} plays on no board of round {number}{hint}",
                        pw.unwrap_or("?"),
                        pb.unwrap_or("?")
                    ),
                    json!({ "reversed_boards": reversed }),
                ));
                continue;
            }
            [board] => *board,
            list => {
                problems.push(problem(
                    "ambiguous_board",
                    format!(
                        "{} - {} matches boards {} of round {number}",
                        pw.unwrap_or("?"),
                        pb.unwrap_or("?"),
                        list.iter()
                            .map(i64::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    json!({ "boards": list }),
                ));
                continue;
            }
        };
        if let Some((_, other)) = claimed.iter().find(|(b, _)| *b == board) {
            problems.push(problem(
                "board_twice",
                format!("game {other} of the file is already the game of board {board}"),
                json!({ "board": board }),
            ));
            continue;
        }
        claimed.push((board, index));
        let Some(row) = boards.iter().find(|b| b.board == board) else {
            continue;
        };
        let game = load_game(&mut *tx, &row.game_id).await?;
        match judge_game(&game, pgn, &Options::default(), actor, received) {
            Ok(judged) => accepted.push((judged, game.mode.clone(), index, pw, pb)),
            Err(ApiError::Internal(detail)) => return Err(ApiError::Internal(detail)),
            Err(e) => {
                let (code, message, article, details) = parts(e);
                let mut extra = details;
                extra.insert("board".into(), Value::from(board));
                if let Some(article) = article {
                    extra.insert("article".into(), Value::from(article));
                }
                problems.push(problem(&code, message, Value::Object(extra)));
            }
        }
    }
    refuse_problems(&problems, games.len())?;
    // A game its board refuses (a result later rounds were paired on) is a
    // problem of the file like the others; nothing is written.
    for (judged, mode, index, pw, pb) in &accepted {
        match write_judged(&mut tx, actor, judged, mode).await {
            Ok(()) => {}
            Err(e @ ApiError::Conflict { .. }) => {
                let (code, message, _, mut extra) = parts(e);
                extra.insert("board".into(), Value::from(judged.row.board));
                let extra = Value::Object(extra);
                problems.push(problem_json(*index, *pw, *pb, &code, &message, extra));
            }
            Err(e) => return Err(e),
        }
    }
    refuse_problems(&problems, games.len())?;
    commit_change(tx, id).await?;
    let mut recorded: Vec<PgnGameRecorded> = accepted
        .into_iter()
        .map(|(judged, ..)| announce(state, judged).0)
        .collect();
    recorded.sort_by_key(|g| g.board);
    Ok(PgnRoundRecorded {
        round: number,
        games: recorded,
    })
}

/// A round's file with `problems` among its `games` games: refused whole
/// (422 `pgn_rejected`, every problem listed).
fn refuse_problems(problems: &[Value], games: usize) -> Result<(), ApiError> {
    if problems.is_empty() {
        return Ok(());
    }
    Err(detailed(
        StatusCode::UNPROCESSABLE_ENTITY,
        "pgn_rejected",
        format!(
            "{} of the file's {games} games cannot be recorded; nothing was written",
            problems.len()
        ),
        None,
        json!({ "problems": problems }),
    ))
}

/// One problem of a round's file: game `index` (its `White` and `Black`
/// tags), the error's code and message, and `extra` fields.
fn problem_json(
    index: usize,
    white: Option<&str>,
    black: Option<&str>,
    code: &str,
    message: &str,
    extra: Value,
) -> Value {
    let mut p = json!({
        "game": index, "white": white, "black": black, "error": code, "message": message,
    });
    if let (Value::Object(p), Value::Object(extra)) = (&mut p, extra) {
        p.extend(extra);
    }
    p
}

/// An error's code, message, article and extra fields, for a problem list.
fn parts(e: ApiError) -> (String, String, Option<String>, Map<String, Value>) {
    match e {
        ApiError::Detailed {
            code,
            message,
            article,
            details,
            ..
        } => (code, message, article, details),
        ApiError::Unprocessable {
            code,
            message,
            article,
            at,
        } => {
            let mut details = Map::new();
            if let Some(at) = at {
                details.insert("where".into(), Value::from(at));
            }
            (code, message, article, details)
        }
        ApiError::BadRequest { code, message, at } => {
            let mut details = Map::new();
            if let Some(at) = at {
                details.insert("where".into(), Value::from(at));
            }
            (code.to_owned(), message, None, details)
        }
        ApiError::Conflict { code, message } => (code.to_owned(), message, None, Map::new()),
        other => {
            let status = other.status();
            (
                "refused".to_owned(),
                format!("refused ({status})"),
                None,
                Map::new(),
            )
        }
    }
}
