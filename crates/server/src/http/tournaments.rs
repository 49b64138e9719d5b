//! Tournaments: create, read, list, update (settings, scoring, tie-breaks,
//! pairing options), with the checks every way of creating one shares
//! (JSON and TRF import). The model is rebuilt from the rows in `stored`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::app::tournaments::{self, CreateTournament, TournamentRow, UpdateTournament};
use crate::auth::Actor;
use crate::engine::GameKind;
use crate::engine::laws::Laws;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::model::event_info::EventDetails;
use crate::model::pairing_options::PairingOptions;
use crate::model::settings::ScoringSpec;
use crate::model::teams::TeamSettings;
use crate::state::AppState;

/// A tournament as the API shows it: its stored settings, never its owner
/// token or the internal part of its `details` column.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Tournament {
    pub id: String,
    pub name: String,
    pub system: String,
    /// `chess` or `xiangqi`: which game's rules every board is judged by.
    pub game: GameKind,
    pub rounds: i64,
    pub time_control: Option<String>,
    pub regulations: String,
    pub tiebreaks: Vec<String>,
    pub scoring: ScoringSpec,
    /// Recording mode new boards get: `live` or `scoresheet`.
    pub recording: String,
    /// What the Dutch engine reads besides players and results.
    pub pairing: PairingOptions,
    /// The effective announced settings (the profile's, with the
    /// organiser's over them); each new game copies them.
    pub laws: Laws,
    /// A team event's settings; `null` for an individual event.
    pub teams: Option<TeamSettings>,
    /// Whether the event is in FIDE mode: on by default for a chess event
    /// and an imported TRF; once left, it cannot be re-entered.
    pub fide_mode: bool,
    /// When the organiser closed the event (`POST …/close`): its results
    /// and grade points are stored on the registered people, and nothing
    /// changes until it is reopened. Absent while open.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_at: Option<String>,
    /// The rating list the event's ratings come from (`PUT
    /// …/rating-list`); absent: entered by hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_list: Option<crate::http::rating_lists::RatingListChoice>,
    /// Dates and place.
    #[serde(flatten)]
    pub event: EventDetails,
    pub created_at: String,
    pub updated_at: String,
}

impl From<TournamentRow> for Tournament {
    fn from(row: TournamentRow) -> Tournament {
        let rating_list = crate::app::rating_source::of(&row).map(Into::into);
        let TournamentRow {
            id,
            name,
            system,
            game,
            rounds,
            time_control,
            regulations,
            tiebreaks,
            scoring,
            recording,
            pairing,
            laws,
            teams,
            fide_mode,
            closed_at,
            event,
            details: _,
            owner_token: _,
            created_at,
            updated_at,
        } = row;
        Tournament {
            id,
            name,
            system,
            game,
            rounds,
            time_control,
            regulations,
            tiebreaks,
            scoring,
            recording,
            pairing,
            laws,
            teams,
            fide_mode,
            closed_at,
            rating_list,
            event,
            created_at,
            updated_at,
        }
    }
}

/// Create a tournament.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    params(("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same request")),
    request_body = CreateTournament,
    responses(
        (status = 201, description = "the tournament", body = Tournament),
        (status = 409, description = "an event over 30 days (level 2)", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_header"], "409": ["confirmation_required"], "422": ["inconsistent_scoring", "not_for_this_game", "profile_not_for_game"]}))),
)]
async fn create_tournament(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    ApiJson(body): ApiJson<CreateTournament>,
) -> Result<impl IntoResponse, ApiError> {
    let row = tournaments::create(&state, &actor, body, &confirmation).await?;
    Ok((StatusCode::CREATED, Json(Tournament::from(row))))
}

/// What a TRF import made, and what of the file it did not keep or apply.
#[derive(Serialize, ToSchema)]
pub(crate) struct ImportedTournament {
    #[serde(flatten)]
    pub counted: Counted,
    /// One per record (or group of records) of the file not kept as
    /// written or not applied, in file order; empty when every record was.
    pub warnings: Vec<ImportWarning>,
    /// Players linked to registered people by FIDE id, and players who look
    /// like registered people (left unlinked, with the candidates).
    pub registry: Vec<crate::http::people::RegistryMatch>,
}

/// A record of an imported file not kept as written, or kept but not
/// applied.
#[derive(Serialize, ToSchema)]
pub(crate) struct ImportWarning {
    /// The record's line, from 1.
    pub line: usize,
    pub message: String,
}

/// A tournament with how far it has come, as `GET /tournaments/{id}` and
/// the TRF import show it.
#[derive(Serialize, ToSchema)]
#[schema(as = TournamentWithCounts)]
pub(crate) struct Counted {
    #[serde(flatten)]
    pub tournament: Tournament,
    /// Rounds paired so far.
    pub rounds_paired: i64,
    /// Players registered.
    pub players: i64,
}

/// A tournament.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the tournament and its counts", body = Counted)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn get_tournament(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Counted>, ApiError> {
    let (row, paired, players) = tournaments::load_counted(&state, &id).await?;
    Ok(Json(Counted {
        tournament: row.into(),
        rounds_paired: paired,
        players,
    }))
}

/// Every tournament.
#[derive(Serialize, ToSchema)]
struct TournamentList {
    tournaments: Vec<Tournament>,
}

/// List tournaments.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    responses((status = 200, description = "every tournament", body = TournamentList)),
)]
async fn list_tournaments(State(state): State<AppState>) -> Result<Json<TournamentList>, ApiError> {
    let tournaments = tournaments::list(&state).await?;
    let tournaments = tournaments.into_iter().map(Tournament::from).collect();
    Ok(Json(TournamentList { tournaments }))
}

/// Change settings.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same request"),
    ),
    request_body = UpdateTournament,
    responses(
        (status = 200, description = "the tournament as changed", body = Tournament),
        (status = 409, description = "a change that needs the arbiter's confirmation (leaving FIDE mode, the number of rounds or the tie-breaks once play has started, …), or one FIDE mode locks", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_header"], "404": ["not_found"], "409": ["confirmation_required", "event_closed", "locked_in_fide_mode", "round_paired"], "422": ["fide_mode_final", "game_fixed", "inconsistent_scoring", "not_for_this_game", "profile_not_for_game", "teams_registered"]}))),
)]
async fn update_tournament(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<UpdateTournament>,
) -> Result<Json<Tournament>, ApiError> {
    let after = tournaments::update(&state, &actor, &id, body, &confirmation).await?;
    Ok(Json(after.into()))
}

/// Import a TRF16 / TRF-2026 file as a new tournament with its rounds.
///
/// `POST /tournaments/import`: a TRF16 (or TRF-2026) body becomes a
/// tournament with its players, rounds and results.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/import",
    tag = "tournaments",
    params(("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same file")),
    request_body(content = String, content_type = "text/plain", description = "the TRF file (UTF-8 or Latin-1), at most 16 MiB"),
    responses(
        (status = 201, description = "the tournament, its counts and what of the file was not kept or applied", body = ImportedTournament),
        (status = 409, description = "a round of the file breaks the pairing rules: imported only when confirmed", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["bad_body", "invalid_field", "invalid_header", "invalid_trf"], "409": ["confirmation_required", "duplicate_start_number", "paired_twice", "round_exists"], "413": ["payload_too_large"], "422": ["inconsistent_scoring"]}))),
)]
pub(crate) async fn import_trf(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    request: axum::extract::Request,
) -> Result<impl IntoResponse, ApiError> {
    let bytes = axum::body::to_bytes(request.into_body(), crate::state::IMPORT_LIMIT)
        .await
        .map_err(|_| ApiError::PayloadTooLarge("TRF body too large".into()))?;
    let imported = crate::app::import::import_trf(&state, &actor, &bytes, &confirmation).await?;
    Ok((
        StatusCode::CREATED,
        Json(ImportedTournament {
            counted: Counted {
                tournament: imported.tournament.into(),
                rounds_paired: imported.rounds_paired,
                players: imported.players,
            },
            warnings: imported
                .warnings
                .iter()
                .map(|w| ImportWarning {
                    line: w.line,
                    message: w.kind.to_string(),
                })
                .collect(),
            registry: imported
                .registry
                .into_iter()
                .map(crate::http::people::RegistryMatch::from)
                .collect(),
        }),
    ))
}

/// Close an event (an organiser or chief arbiter): every result in, its results and grade points are stored on the registered people (`/api/v1/people/{id}`, the ladder), and nothing changes until it is reopened.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/close",
    tag = "tournaments",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the tournament, closed", body = Tournament)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"], "404": ["not_found"], "409": ["already_closed", "not_started", "results_missing"]}))),
)]
async fn close_tournament(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Tournament>, ApiError> {
    Ok(Json(
        crate::app::ladder::close(&state, &actor, &id).await?.into(),
    ))
}

/// Reopen a closed event to correct it (an organiser or chief arbiter): what it stored on the people is taken back, and every event closed after it is recomputed (the ladder is a chain).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/reopen",
    tag = "tournaments",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the tournament, open", body = Tournament)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"], "404": ["not_found"], "409": ["not_closed"]}))),
)]
async fn reopen_tournament(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Tournament>, ApiError> {
    Ok(Json(
        crate::app::ladder::reopen(&state, &actor, &id)
            .await?
            .into(),
    ))
}

/// The `/tournaments` operations of the OpenAPI document (the TRF import is
/// in `reports`'s, beside its route).
#[derive(OpenApi)]
#[openapi(paths(
    create_tournament,
    list_tournaments,
    get_tournament,
    update_tournament,
    close_tournament,
    reopen_tournament
))]
pub(crate) struct Doc;

/// `/tournaments` routes (rounds, results, standings and exports are in
/// `rounds.rs`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments",
            post(create_tournament).get(list_tournaments),
        )
        .route(
            "/tournaments/{id}",
            get(get_tournament).patch(update_tournament),
        )
        .route("/tournaments/{id}/close", post(close_tournament))
        .route("/tournaments/{id}/reopen", post(reopen_tournament))
}
