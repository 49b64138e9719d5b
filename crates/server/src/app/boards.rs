//! One board of a round as operations change it: its game's recording
//! mode, starting position, announced settings and its own scheduled start
//! (a rescheduled board, Art. 10.15: lateness counts from it), changed
//! while the game has no events.

use serde_json::json;

use crate::app::rounds::{BoardJson, RoundStart, board_json, round_start};
use crate::app::tournaments::{begin_change, commit_change, load_all};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::engine::laws::Laws;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;

/// What to change on a board (`None`: keep it).
pub(crate) struct BoardChange<'a> {
    /// `live` or `scoresheet`, checked as a mode.
    pub mode: Option<&'a str>,
    /// A FEN (checked for the tournament's game here), or `Some(None)` for
    /// the standard position.
    pub fen: Option<Option<String>>,
    /// The board's own start, or `Some(None)` to follow the round's.
    pub starts: Option<Option<RoundStart>>,
    /// Settings announced for the board's game, over the event's.
    pub laws: Option<Laws>,
}

/// Changes `board` of round `number` of tournament `id` (an arbiter of it):
/// a changed mode or position of a game with events is 409 `game_started`,
/// a changed start 422 `board_start_fixed`; each change audited. Answers
/// the board as changed.
pub(crate) async fn update_board(
    state: &AppState,
    actor: &Actor,
    id: &str,
    number: i64,
    board: i64,
    change: BoardChange<'_>,
) -> Result<Option<BoardJson>, ApiError> {
    let (_write, mut tx, tournament) =
        begin_change(state, actor, Permission::Arbitrate, id).await?;
    // A Xiangqi board takes a Xiangqi FEN.
    let fen = match &change.fen {
        Some(Some(text)) => Some(Some(tournament.game.check_fen(text)?)),
        Some(None) => Some(None),
        None => None,
    };
    store::games::lock_round(&mut tx, id, number).await?;
    let loaded = load_all(&mut tx, id).await?;
    let Some(row) = loaded
        .boards
        .iter()
        .find(|b| b.round == number && b.board == board)
    else {
        return Err(ApiError::not_found("board"));
    };
    let new_mode = change.mode.unwrap_or(row.mode.as_str()).to_owned();
    let new_fen = fen.clone().unwrap_or_else(|| row.fen.clone());
    let new_start = match &change.starts {
        Some(s) => s.as_ref().map(|s| s.text.clone()),
        None => row.starts_at.clone(),
    };
    if new_start != row.starts_at {
        if row.recorded {
            return Err(ApiError::Unprocessable {
                code: "board_start_fixed".into(),
                message: "the game on this board has recorded events: its scheduled start, from which lateness counts, is fixed".into(),
                article: Some("10.15".into()),
                at: Some("starts_at".into()),
            });
        }
        // The game's start: the board's own, else the round's.
        let game_start_ms = match change.starts.as_ref().and_then(Option::as_ref) {
            Some(s) => Some(s.ms),
            None => loaded
                .starts
                .get(&number)
                .cloned()
                .flatten()
                .map(|text| round_start("starts_at", &text).map(|s| s.ms))
                .transpose()?,
        };
        store::rounds::set_board_start(&mut tx, id, number, board, new_start.as_deref()).await?;
        store::games::set_start(&mut tx, &row.game_id, game_start_ms).await?;
        audit::record(
            &mut tx,
            actor,
            Some(id),
            "schedule",
            "board",
            &format!("{id}/{number}/{board}"),
            Some(&json!({ "starts_at": row.starts_at })),
            Some(&json!({ "starts_at": new_start })),
        )
        .await?;
    }
    if new_mode != row.mode || new_fen != row.fen {
        if row.recorded {
            return Err(ApiError::conflict(
                "game_started",
                "the game on this board has recorded events: its recording mode and starting position are fixed",
            ));
        }
        store::games::set_setup(&mut tx, &row.game_id, &new_mode, new_fen.as_deref()).await?;
        audit::record(
            &mut tx,
            actor,
            Some(id),
            "update",
            "board",
            &format!("{id}/{number}/{board}"),
            Some(&json!({ "mode": row.mode, "fen": row.fen })),
            Some(&json!({ "mode": new_mode, "fen": new_fen })),
        )
        .await?;
    }
    if let Some(request) = &change.laws {
        Laws::check_for(request, tournament.game)?;
        let game = store::games::load(&mut *tx, &row.game_id)
            .await?
            .ok_or_else(|| ApiError::not_found("game"))?;
        let mut laws = game.laws.clone();
        laws.announce(request)?;
        if laws != game.laws {
            if row.recorded {
                return Err(ApiError::conflict(
                    "game_started",
                    "the game on this board has recorded events: the settings it is judged by are fixed",
                ));
            }
            store::games::set_laws(&mut tx, &row.game_id, &laws).await?;
            audit::record(
                &mut tx,
                actor,
                Some(id),
                "update",
                "board",
                &format!("{id}/{number}/{board}"),
                Some(&json!({ "laws": game.laws })),
                Some(&json!({ "laws": laws })),
            )
            .await?;
        }
    }
    let mut after = loaded.clone();
    for b in &mut after.boards {
        if b.round == number && b.board == board {
            b.mode.clone_from(&new_mode);
            b.fen.clone_from(&new_fen);
            b.starts_at.clone_from(&new_start);
        }
    }
    commit_change(tx, id).await?;
    Ok(board_json(&after, number, board))
}
