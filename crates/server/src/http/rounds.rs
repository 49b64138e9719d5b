//! Rounds: pairing the next round (FIDE Dutch or Berger tables), reading,
//! rescheduling and un-pairing rounds (a board's own settings are in
//! `boards`). The operations, each one transaction with its audit rows,
//! are `app::rounds`'.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::app::manual_pairing::{ManualPairing, ManualRound};
use crate::app::rounds::{self, RoundJson, round_json, round_start};
use crate::app::tournaments::load_all;
use crate::auth::Actor;
use crate::error::{ApiError, ApiJson, ApiPath, OptionalJson};
use crate::state::AppState;

/// `POST /tournaments/{id}/rounds` body (optional).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PairRequest {
    /// Scheduled start of the round (RFC 3339): its games get it as their
    /// scheduled start, so the profile's lateness rule (Art. 10.15) applies.
    #[serde(default)]
    starts_at: Option<String>,
}

/// Pair the next round (FIDE Dutch or Berger tables; a team event's by team: Berger tables or C.04.6), optionally with its scheduled start.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/rounds",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same request"),
    ),
    request_body = Option<PairRequest>,
    responses(
        (status = 201, description = "the round paired", body = RoundJson),
        (status = 409, description = "adjourned games count as draws for this pairing: paired once acknowledged (level 2)", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_field", "invalid_header"],
        "404": ["not_found"],
        "409": ["all_rounds_paired", "cannot_pair", "confirmation_required", "event_closed", "manual_phase_open", "paired_twice", "results_missing", "round_exists", "too_few_players", "too_few_teams", "tournament_changed"],
        "422": ["cannot_pair", "invalid_lineup", "no_valid_pairing", "not_a_team_event"],
    }))),
)]
async fn pair_round(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    ApiPath(id): ApiPath<String>,
    OptionalJson(body): OptionalJson<PairRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let starts = body
        .starts_at
        .as_deref()
        .map(|t| round_start("starts_at", t))
        .transpose()?;
    let round =
        rounds::pair_next_round(&state, &actor, &id, starts.as_ref(), &confirmation).await?;
    Ok((StatusCode::CREATED, Json(round)))
}

/// One round's pairings and results.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds/{n}",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
    ),
    responses((status = 200, description = "the round", body = RoundJson)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn get_round(
    State(state): State<AppState>,
    ApiPath((id, number)): ApiPath<(String, i64)>,
) -> Result<Json<RoundJson>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    if number < 1 || number > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    Ok(Json(round_json(&loaded, number)))
}

/// Every paired round.
#[derive(Serialize, ToSchema)]
struct RoundList {
    rounds: Vec<RoundJson>,
}

/// All rounds.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds",
    tag = "rounds",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the rounds paired so far", body = RoundList)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn list_rounds(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<RoundList>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let rounds = (1..=loaded.rounds)
        .map(|n| round_json(&loaded, n))
        .collect();
    Ok(Json(RoundList { rounds }))
}

/// `Some(value)` for a present key, `null` included (`Some(None)`).
pub(crate) fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// `PATCH /tournaments/{id}/rounds/{n}` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RoundUpdate {
    /// New scheduled start (RFC 3339), or `null` to remove it (required).
    #[serde(default, deserialize_with = "present")]
    #[schema(required = true, value_type = Option<String>)]
    starts_at: Option<Option<String>>,
}

/// Set or remove a round's scheduled start while none of its games has events (organiser, chief arbiter).
///
/// `PATCH /tournaments/{id}/rounds/{n}`: sets or removes the scheduled start
/// of a round whose games have no events yet (organiser, chief arbiter).
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/rounds/{n}",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
    ),
    request_body = RoundUpdate,
    responses((status = 200, description = "the round as changed", body = RoundJson)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["event_closed", "round_started"]}))),
)]
async fn update_round(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<RoundUpdate>,
) -> Result<Json<RoundJson>, ApiError> {
    let Some(starts_at) = body.starts_at else {
        return Err(ApiError::invalid_field(
            "starts_at",
            "missing: the round's scheduled start (RFC 3339) or null",
        ));
    };
    let starts = starts_at
        .as_deref()
        .map(|t| round_start("starts_at", t))
        .transpose()?;
    let after = rounds::reschedule(&state, &actor, &id, number, starts.as_ref()).await?;
    Ok(Json(after))
}

/// `DELETE /tournaments/{id}/rounds/{n}`: un-pairs the last paired round
/// while none of its boards has a result and none of its games has events
/// (organiser, chief arbiter). Its boards, games and byes go; the audit row
/// keeps the round as it was; the round can then be paired again.
#[utoipa::path(
    delete,
    path = "/api/v1/tournaments/{id}/rounds/{n}",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
    ),
    responses((status = 200, description = "the round as it was", body = Unpaired)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"], "409": ["event_closed", "not_last_round", "round_has_results", "round_started"]}))),
)]
async fn unpair_round(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
) -> Result<Json<Unpaired>, ApiError> {
    let before = rounds::unpair(&state, &actor, &id, number).await?;
    Ok(Json(Unpaired { unpaired: before }))
}

/// The answer to un-pairing a round.
#[derive(Serialize, ToSchema)]
struct Unpaired {
    /// The round as it was.
    unpaired: RoundJson,
}

/// The rounds' operations of the OpenAPI document (a round's PGN upload is
/// in `pgn_upload`'s).
/// Open the manual phase of the last paired round (no result in it, no game played): while it is open the round can be paired by hand, no result entered in it and no next round paired.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/rounds/{n}/manual",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
    ),
    responses((status = 200, description = "the round, in its manual phase", body = ManualRound)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_path"],
        "404": ["not_found"],
        "409": ["not_last_round", "round_has_results", "round_started"],
        "422": ["not_for_team_events"],
    }))),
)]
async fn open_manual(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
) -> Result<Json<ManualRound>, ApiError> {
    Ok(Json(
        crate::app::manual_pairing::open(&state, &actor, &id, number).await?,
    ))
}

/// Pair the round in its manual phase by hand: the whole round by start number. A repeat game, a forbidden pair, an illegal pairing-allocated bye or a colour rule broken is a level 3 warning, both players of a board getting the colour they do not expect level 2 (`409 confirmation_required`).
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}/rounds/{n}/pairings",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
        ("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same request"),
    ),
    request_body = ManualPairing,
    responses(
        (status = 200, description = "the round as paired by hand", body = ManualRound),
        (status = 409, description = "the pairing breaks a rule: carried out only when confirmed", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_field", "invalid_header", "invalid_path"],
        "404": ["not_found"],
        "409": ["confirmation_required", "manual_phase_closed", "not_last_round", "round_has_results", "round_started"],
        "422": ["not_for_team_events", "player_left_out", "player_not_available"],
    }))),
)]
async fn put_pairings(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    ApiPath((id, number)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<ManualPairing>,
) -> Result<Json<ManualRound>, ApiError> {
    Ok(Json(
        crate::app::manual_pairing::change(&state, &actor, &id, number, body, &confirmation)
            .await?,
    ))
}

/// Close the manual phase: the round is compared with what the rules pair; a difference is a level 3 warning and, confirmed, an `### MPA @ Round n` line of the TRF.
#[utoipa::path(
    delete,
    path = "/api/v1/tournaments/{id}/rounds/{n}/manual",
    tag = "rounds",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
        ("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same request"),
    ),
    responses(
        (status = 200, description = "the round, its manual phase closed", body = ManualRound),
        (status = 409, description = "the round differs from the engine's pairing: closed only when confirmed", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({
        "400": ["invalid_header", "invalid_path"],
        "404": ["not_found"],
        "409": ["confirmation_required", "manual_phase_closed"],
    }))),
)]
async fn close_manual(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    ApiPath((id, number)): ApiPath<(String, i64)>,
) -> Result<Json<ManualRound>, ApiError> {
    Ok(Json(
        crate::app::manual_pairing::close(&state, &actor, &id, number, &confirmation).await?,
    ))
}

#[derive(OpenApi)]
#[openapi(paths(
    pair_round,
    list_rounds,
    get_round,
    update_round,
    unpair_round,
    open_manual,
    put_pairings,
    close_manual,
    crate::http::boards::update_board,
    crate::http::results::put_result,
))]
pub(crate) struct Doc;

/// Routes for rounds, results, standings and exports.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/{id}/rounds",
            post(pair_round).get(list_rounds),
        )
        .route(
            "/tournaments/{id}/rounds/{n}",
            get(get_round).patch(update_round).delete(unpair_round),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/manual",
            post(open_manual).delete(close_manual),
        )
        .route("/tournaments/{id}/rounds/{n}/pairings", put(put_pairings))
        .route(
            "/tournaments/{id}/rounds/{n}/boards/{board}",
            patch(crate::http::boards::update_board),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/boards/{board}/result",
            put(crate::http::results::put_result),
        )
}
