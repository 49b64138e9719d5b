//! One board of a round: its game's recording mode, starting position and
//! its own scheduled start (a rescheduled board, Art. 10.15: lateness
//! counts from it), changed while the game has no events.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::app::rounds::{BoardJson, RoundStart, board_json, round_start};
use crate::app::tournaments::{begin_change, commit_change, load_all};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::http::rounds::present;
use crate::state::AppState;
use crate::store;

/// `PATCH /tournaments/{id}/rounds/{n}/boards/{board}` body: at least one
/// of the four.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardUpdate {
    /// `live` or `scoresheet`.
    #[serde(default)]
    mode: Option<String>,
    /// The game's starting position (FEN: a thematic event, a reconstructed
    /// game), or `null` for the standard one.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    fen: Option<Option<String>>,
    /// The board's own scheduled start (RFC 3339: a rescheduled board), or
    /// `null` to follow the round's start again. The lateness rule (Art.
    /// 10.15, 10.17) counts from it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = DateTime)]
    starts_at: Option<Option<String>>,
    /// What the Laws let the organiser announce for this board's game, over
    /// the event's settings (as the tournament's `laws`: e.g. a longer
    /// lateness limit for a rescheduled board, Art. 10.15; a higher
    /// fifty-move count, Art. 10.12); fixed once the game has events.
    #[serde(default)]
    laws: Option<crate::engine::laws::Laws>,
}

/// Change a board's recording mode, starting position, own scheduled start or its game's announced settings while its game has no events (any arbiter of the tournament).
///
/// `PATCH /tournaments/{id}/rounds/{n}/boards/{board}`: `mode`, `fen` and
/// `starts_at` (the board's own start; `null`: the round's) are part of the
/// game's setup, so they are fixed once the game has recorded events: a
/// changed mode or position is refused with 409 `game_started`, a changed
/// start with 422 `board_start_fixed` (Art. 10.15: lateness is counted from
/// the start the players were given).
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/rounds/{n}/boards/{board}",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
        ("board" = i64, Path, description = "board number"),
    ),
    request_body = BoardUpdate,
    responses((status = 200, description = "the board as changed", body = BoardJson)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_field"],
        "404": ["not_found"],
        "409": ["game_started"],
        "422": ["board_start_fixed", "invalid_fen", "not_for_this_game"],
    }))),
)]
pub(crate) async fn update_board(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number, board)): ApiPath<(String, i64, i64)>,
    ApiJson(body): ApiJson<BoardUpdate>,
) -> Result<Json<Option<BoardJson>>, ApiError> {
    if body.mode.is_none() && body.fen.is_none() && body.starts_at.is_none() && body.laws.is_none()
    {
        return Err(ApiError::invalid_field(
            "mode",
            "give the recording mode (mode), the starting position (fen), the board's start (starts_at) or its game's settings (laws)",
        ));
    }
    let mode = body
        .mode
        .as_deref()
        .map(|m| crate::engine::check_mode("mode", m))
        .transpose()?;
    let starts: Option<Option<RoundStart>> = match &body.starts_at {
        Some(Some(text)) => Some(Some(round_start("starts_at", text)?)),
        Some(None) => Some(None),
        None => None,
    };
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Arbitrate, &id).await?;
    // A Xiangqi board takes a Xiangqi FEN and is recorded live.
    let fen = match &body.fen {
        Some(Some(text)) => Some(Some(tournament.game.check_fen(text)?)),
        Some(None) => Some(None),
        None => None,
    };
    if let Some(mode) = mode {
        crate::model::settings::check_recording(tournament.game, "mode", mode)?;
    }
    store::games::lock_round(&mut tx, &id, number).await?;
    let loaded = load_all(&mut tx, &id).await?;
    let Some(row) = loaded
        .boards
        .iter()
        .find(|b| b.round == number && b.board == board)
    else {
        return Err(ApiError::not_found("board"));
    };
    let new_mode = mode.unwrap_or(row.mode.as_str()).to_owned();
    let new_fen = fen.clone().unwrap_or_else(|| row.fen.clone());
    let new_start = match &starts {
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
        let game_start_ms = match starts.as_ref().and_then(Option::as_ref) {
            Some(s) => Some(s.ms),
            None => loaded
                .starts
                .get(&number)
                .cloned()
                .flatten()
                .map(|text| round_start("starts_at", &text).map(|s| s.ms))
                .transpose()?,
        };
        store::rounds::set_board_start(&mut tx, &id, number, board, new_start.as_deref()).await?;
        store::games::set_start(&mut tx, &row.game_id, game_start_ms).await?;
        audit::record(
            &mut tx,
            &actor,
            Some(&id),
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
            &actor,
            Some(&id),
            "update",
            "board",
            &format!("{id}/{number}/{board}"),
            Some(&json!({ "mode": row.mode, "fen": row.fen })),
            Some(&json!({ "mode": new_mode, "fen": new_fen })),
        )
        .await?;
    }
    if let Some(request) = &body.laws {
        crate::engine::laws::Laws::check_for(request, tournament.game)?;
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
                &actor,
                Some(&id),
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
    commit_change(tx, &id).await?;
    Ok(Json(board_json(&after, number, board)))
}
