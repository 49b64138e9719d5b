//! An annulled game of a tournament board is replayed (Art. 8.1 and 8.2
//! when the position cannot be restored, 8.5, 8.6 with `restart`, 14.5): in
//! the transaction that records the annulling event, [`replay_annulled`]
//! creates the replay — a new game on the same board, between the same
//! players with the board's colours, under the same regulations, time
//! control, recording mode, organiser's settings and starting position —
//! and points the board at it. The annulled game keeps its log and shows
//! `replay_game_id`; the board lists it in `annulled_game_ids`; exports,
//! standings and the round's pages follow the board's live game.
//!
//! The colours: a game annulled under 8.6 was played with the colours
//! reversed, and "the arbiter restarts with the right colours" — the
//! pairing's, which are the board's and the annulled game's record's (the
//! record names the players as paired; only the seating was wrong). So the
//! replay has the board's White and Black in every case.
//!
//! The scheduled start: the players were at the board when the game was
//! annulled, so the replay has none (both present, no lateness).
//!
//! A game outside any tournament is annulled and stays so: its owner creates
//! another game if it is to be replayed (there is no board to put it on).

use serde_json::json;
use sqlx::AnyConnection;
use uuid::Uuid;

use crate::auth::Actor;
use crate::auth::audit;
use crate::error::ApiError;
use crate::store;
use crate::store::games::GameRow;
use crate::store::games::NewGame;
use crate::store::replays::Annulled;
use crate::time::now_text;

/// The replay of a board game that the event being recorded annulled: the
/// new game's id, or `None` for a game on no board. Runs in the event's
/// transaction, after its insert, so the annulment and the replay commit
/// (or fail) together; audited as `replay` of the board.
pub(crate) async fn replay_annulled(
    tx: &mut AnyConnection,
    actor: &Actor,
    game: &GameRow,
    annulment: Option<&crate::engine::Ruling>,
) -> Result<Option<String>, ApiError> {
    let (Some(tournament_id), Some(round), Some(board)) =
        (game.tournament_id.as_deref(), game.round, game.board)
    else {
        return Ok(None);
    };
    let Some(seat) = store::replays::board_seat(tx, tournament_id, round, board).await? else {
        return Err(ApiError::Internal(format!(
            "game {} names board {round}.{board}, which does not exist",
            game.id
        )));
    };
    if seat.game_id != game.id {
        // Only a board's live game takes events; an earlier one is annulled.
        return Err(ApiError::Internal(format!(
            "game {} is not the live game of board {round}.{board}",
            game.id
        )));
    }
    let before = store::replays::count_on_board(tx, tournament_id, round, board).await?;
    let replay_id = Uuid::new_v4().to_string();
    let now = now_text();
    store::replays::vacate_board(tx, &game.id).await?;
    store::games::insert(
        tx,
        NewGame {
            id: &replay_id,
            tournament_id: Some(tournament_id),
            round: Some(round),
            board: Some(board),
            white: &game.white,
            black: &game.black,
            game: game.game,
            regulations: &game.regulations,
            time_control: game.time_control.as_deref(),
            owner_token: None,
            fen: game.fen.as_deref(),
            mode: &game.mode,
            scheduled_start_ms: None,
            laws: &game.laws,
            team_game: false,
            created_at: &now,
        },
    )
    .await?;
    store::replays::set_board_game(tx, tournament_id, round, board, &replay_id).await?;
    store::replays::insert(
        tx,
        Annulled {
            game_id: &game.id,
            tournament_id,
            round,
            board,
            number: before + 1,
            replay_game_id: &replay_id,
            annulled_at: &now,
        },
    )
    .await?;
    audit::record(
        tx,
        actor,
        Some(tournament_id),
        "replay",
        "board",
        &format!("{tournament_id}/{round}/{board}"),
        Some(&json!({ "game_id": game.id })),
        Some(&json!({
            "game_id": replay_id,
            "annulled_game_id": game.id,
            "annulment": annulment.map(|r| json!({ "code": r.code, "article": r.article })),
            "white": game.white,
            "black": game.black,
        })),
    )
    .await?;
    Ok(Some(replay_id))
}
