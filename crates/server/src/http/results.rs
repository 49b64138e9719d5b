//! Board results: entered or corrected by an arbiter, or written by a
//! recorded game when it ends; a board result never contradicts its game.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::app::results;
use crate::app::rounds::BoardJson;
use crate::auth::Actor;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;

/// `PUT .../boards/{board}/result` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = ResultRequest)]
pub(crate) struct ResultBody {
    /// `1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--`, `0-0`, or `1/2-0` and
    /// `0-1/2` (one side draws, the other loses: VCL4THP.13 Q180–186) (also
    /// read: `+/-`, `-/+`, `-/-`, `½-½`, `½-0`, `0-½`); stored in the first
    /// spelling. `adj`:
    /// the game is adjourned — it counts as a draw for pairing and for the
    /// provisional standings (VCL4THP.13 Q157) until its result is entered.
    result: String,
    /// Why the arbiter enters or corrects it (at most 500 characters; kept
    /// in the audit row's `after.reason`).
    #[serde(default)]
    #[schema(max_length = 500)]
    reason: Option<String>,
}

/// Enter or correct a result (audited).
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}/rounds/{n}/boards/{board}/result",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
        ("board" = i64, Path, description = "board number"),
        ("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same request"),
    ),
    request_body = ResultBody,
    responses(
        (status = 200, description = "the board with its result", body = BoardJson),
        (status = 409, description = "a decisive result for a game adjourned when later rounds were paired on a draw (level 3)", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_header"], "404": ["not_found"], "409": ["confirmation_required", "contradicts_game", "event_closed", "game_in_progress", "manual_phase_open"]}))),
)]
pub(crate) async fn put_result(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    ApiPath((id, round, board)): ApiPath<(String, i64, i64)>,
    ApiJson(body): ApiJson<ResultBody>,
) -> Result<Json<Option<BoardJson>>, ApiError> {
    let board = results::enter_result(
        &state,
        &actor,
        &id,
        round,
        board,
        &body.result,
        body.reason.as_deref(),
        &confirmation,
    )
    .await?;
    Ok(Json(board))
}
