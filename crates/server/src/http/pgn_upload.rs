//! Scoresheets entered as PGN, chess or Xiangqi (`[Variant "xiangqi"]`):
//! `POST /games/{id}/pgn` (one game) and
//! `POST /tournaments/{id}/rounds/{n}/pgn` (a round's file, games matched
//! to boards by the players' names); recorded by `app::pgn_upload`.

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::post;
use axum::{Json, Router};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{OpenApi, ToSchema};

use crate::app::pgn_upload::{self, PgnRecorded, PgnRoundRecorded, ROUND_PGN_LIMIT};
use crate::auth::Actor;
use crate::error::{ApiError, ApiPath, ApiQuery, from_json_value, parse_json};
use crate::state::AppState;

/// `POST /games/{id}/pgn` with `Content-Type: application/json`. The
/// primary form is the PGN itself as the body (`application/x-chess-pgn`
/// or `text/plain`) with the options in the query string.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PgnUpload {
    /// One game's PGN: chess for a chess game, Xiangqi (ICCS, WXF, Chinese
    /// or algebraic moves) for a Xiangqi game.
    pub pgn: String,
    /// Record the game although the PGN's `White`/`Black` name other
    /// players than the game's (the arbiter vouches for the scoresheet).
    #[serde(default)]
    pub force_players: bool,
    /// The arbiter's statement of how the game ended, replacing what the
    /// `Result` and `Termination` tags imply: one event or a list of events
    /// of the game's kind as posted to `/games/{id}/events`, without
    /// `expected_seq` and `at` (e.g. `{"type": "declare_result", "result":
    /// "+-", "grounds": "lateness", "reason": "..."}`; Xiangqi: `{"type":
    /// "declare_loss", "player": "black", "grounds": "not_changing"}`).
    #[serde(default)]
    pub end: Option<Value>,
}

/// The query string of a raw PGN upload to `POST /games/{id}/pgn`.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PgnUploadQuery {
    /// As [`PgnUpload::force_players`].
    #[serde(default)]
    pub force_players: bool,
}

/// `POST /tournaments/{id}/rounds/{n}/pgn` with `Content-Type:
/// application/json` (the primary form is the PGN file as the body).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundPgnUpload {
    /// The round's games, one PGN file (Xiangqi PGN for a Xiangqi
    /// tournament).
    pub pgn: String,
}

/// The body of an upload: the PGN bytes and, from JSON, the options.
async fn read_body(
    request: Request,
    limit: usize,
) -> Result<(Vec<u8>, Option<Map<String, Value>>), ApiError> {
    let mime = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
    let bytes = axum::body::to_bytes(request.into_body(), limit)
        .await
        .map_err(|_| ApiError::PayloadTooLarge(format!("a PGN body is at most {limit} bytes")))?;
    match mime.as_deref() {
        Some("application/json") => {
            let Value::Object(map) = parse_json::<Value>(&bytes)? else {
                return Err(ApiError::BadRequest {
                    code: "invalid_json",
                    message: "expected a JSON object with the PGN in 'pgn'".into(),
                    at: None,
                });
            };
            let pgn = match map.get("pgn") {
                Some(Value::String(text)) => text.clone().into_bytes(),
                _ => {
                    return Err(ApiError::invalid_field(
                        "pgn",
                        "missing or not a string: the game's PGN",
                    ));
                }
            };
            Ok((pgn, Some(map)))
        }
        None | Some("application/x-chess-pgn" | "application/vnd.chess-pgn" | "text/plain") => {
            Ok((bytes.to_vec(), None))
        }
        Some(other) => Err(ApiError::UnsupportedMediaType(format!(
            "'{other}': send the PGN as application/x-chess-pgn or text/plain, or JSON {{\"pgn\": ...}}"
        ))),
    }
}

/// `POST /games/{id}/pgn`: one game's scoresheet as PGN (see the module
/// docs); 201 with the game's state.
#[utoipa::path(post, path = "/api/v1/games/{id}/pgn", tag = "games",
    params(("id" = String, Path, description = "game id"),
        ("force_players" = Option<bool>, Query, description = "as the JSON form's `force_players`")),
    request_body(content(
        (String = "application/x-chess-pgn"), (String = "text/plain"), (PgnUpload = "application/json"),
    ), description = "one game's PGN (or JSON with the PGN and the options): chess, or Xiangqi for a Xiangqi game (`[Variant \"xiangqi\"]`; moves in ICCS, WXF, Chinese or algebraic notation); a PGN of the other game is 422 `not_for_this_game`"),
    responses((status = 201, description = "recorded: the game and its state", body = PgnRecorded)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_event", "invalid_field", "invalid_pgn", "invalid_query"],
        "404": ["not_found"], "409": ["game_recorded", "result_paired_on"],
        "422": upload_refusals(),
    }))),
)]
async fn upload_game(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PgnUploadQuery>,
    request: Request,
) -> Result<impl IntoResponse, ApiError> {
    let received = Utc::now();
    let (bytes, json) = read_body(request, crate::state::BODY_LIMIT).await?;
    let options = match json {
        Some(map) => {
            let upload: PgnUpload = from_json_value(Value::Object(map))?;
            crate::app::pgn_judge::Options {
                force_players: upload.force_players || query.force_players,
                end: upload.end,
            }
        }
        None => crate::app::pgn_judge::Options {
            force_players: query.force_players,
            end: None,
        },
    };
    let recorded = pgn_upload::upload_game(&state, &actor, &id, &bytes, &options, received).await?;
    Ok((StatusCode::CREATED, Json(recorded)))
}

/// `POST /tournaments/{id}/rounds/{n}/pgn`: a round's games in one PGN
/// file, each matched to the board whose players it names; every problem of
/// the file is listed (422 `pgn_rejected`) and nothing is written unless
/// every game is accepted.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/rounds/{n}/pgn", tag = "rounds",
    params(("id" = String, Path, description = "tournament id"), ("n" = i64, Path, description = "round number")),
    request_body(content(
        (String = "application/x-chess-pgn"), (String = "text/plain"), (RoundPgnUpload = "application/json"),
    ), description = "the round's games, one PGN file (or JSON holding it), of the tournament's game (chess, or Xiangqi); a PGN of the other game is 422 `not_for_this_game`"),
    responses((status = 201, description = "recorded: every game of the file", body = PgnRoundRecorded)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_pgn"], "404": ["not_found"], "422": ["not_for_this_game", "pgn_rejected"]}))),
)]
async fn upload_round(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
    request: Request,
) -> Result<impl IntoResponse, ApiError> {
    let received = Utc::now();
    let (bytes, json) = read_body(request, ROUND_PGN_LIMIT).await?;
    if let Some(map) = json {
        let _: RoundPgnUpload = from_json_value(Value::Object(map))?;
    }
    let recorded = pgn_upload::upload_round(&state, &actor, &id, number, &bytes, received).await?;
    Ok((StatusCode::CREATED, Json(recorded)))
}

/// The 422 codes of a game's upload: a posted event's, and the upload's own.
fn upload_refusals() -> Vec<&'static str> {
    let mut codes = crate::app::games::event_refusals();
    codes.extend(["empty_scoresheet", "invalid_fen", "players_differ"]);
    // A PGN of the other game; a Xiangqi ending the tags cannot state.
    codes.push("not_for_this_game");
    // A move or an ending the event parser refuses is answered 422 naming it.
    codes.extend(["invalid_event", "invalid_field", "invalid_json"]);
    codes.extend(["result_contradicts_game", "start_position_differs"]);
    codes
}

/// The PGN uploads' operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(upload_game, upload_round))]
pub(crate) struct Doc;

/// The PGN upload routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/pgn", post(upload_game))
        .route("/tournaments/{id}/rounds/{n}/pgn", post(upload_round))
}
