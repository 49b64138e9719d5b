//! One board of a round: its game's recording mode, starting position and
//! its own scheduled start (a rescheduled board, Art. 10.15: lateness
//! counts from it), changed while the game has no events.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::app::boards::{self, BoardChange};
use crate::app::rounds::{BoardJson, RoundStart, round_start};
use crate::auth::Actor;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::http::rounds::present;
use crate::state::AppState;

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
    let change = BoardChange {
        mode,
        fen: body.fen,
        starts,
        laws: body.laws,
    };
    let board = boards::update_board(&state, &actor, &id, number, board, change).await?;
    Ok(Json(board))
}
