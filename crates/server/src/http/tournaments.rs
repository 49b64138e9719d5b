//! Tournaments: create, read, list, update (settings, scoring, tie-breaks,
//! pairing options), with the checks every way of creating one shares
//! (JSON and TRF import). The model is rebuilt from the rows in `stored`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{OpenApi, ToSchema};

use crate::app::tournaments::{
    NewTournament, begin_change, commit_change, insert_tournament, load_tournament, tournament_json,
};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::engine::GameKind;
use crate::engine::laws::Laws;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::model::event_info::{EventChange, EventDetails, given};
use crate::model::pairing_options::{PairingOptions, PairingRequest};
use crate::model::settings::{
    SYSTEMS, ScoringSpec, check_name, check_recording, check_regulations, check_rounds,
    check_tiebreaks, check_time_control, default_scoring, default_tiebreaks,
};
use crate::model::teams::TeamSettings;
use crate::state::AppState;
use crate::store;
pub(crate) use crate::store::tournaments::TournamentRow;
use crate::time::now_text;

/// `POST /tournaments` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TournamentRequest)]
struct CreateTournament {
    /// 1–200 characters.
    name: String,
    /// `swiss-dutch`, `round-robin` or `double-round-robin`.
    system: String,
    /// `chess` (default) or `xiangqi`.
    #[serde(default)]
    #[schema(value_type = Option<GameKind>)]
    game: Option<String>,
    /// 1–99; required for a Swiss tournament (a round robin's default: as
    /// many as the schedule needs).
    #[serde(default)]
    rounds: Option<u32>,
    /// A PGN `TimeControl` value (e.g. `40/5400:1800`, `5400+30`).
    #[serde(default)]
    time_control: Option<String>,
    /// `fide-seed` (default), `fide-2023`, `china-national` or `club`.
    #[serde(default)]
    regulations: Option<String>,
    /// C.07 tie-break codes in order (e.g. `BH/C1`, `SB`, `DE`); the
    /// profile's and system's default when absent.
    #[serde(default)]
    tiebreaks: Option<Vec<String>>,
    #[serde(default)]
    scoring: Option<ScoringSpec>,
    /// Recording mode of new boards: `live` (default) or `scoresheet`.
    #[serde(default)]
    recording: Option<String>,
    /// Pairing options (initial colour, acceleration, forbidden pairs).
    #[serde(default)]
    pairing: Option<PairingRequest>,
    /// What the organiser announces over the profile (`laws.rs`).
    #[serde(default)]
    laws: Option<Laws>,
    /// A team event: boards per match, ranking, match points (`teams.rs`).
    #[serde(default)]
    teams: Option<TeamSettings>,
    /// City or venue, at most 200 characters.
    #[serde(default)]
    place: Option<String>,
    /// The hosting federation's three-letter FIDE code (e.g. `FRA`).
    #[serde(default)]
    federation: Option<String>,
    /// First day, `YYYY-MM-DD`.
    #[serde(default)]
    start_date: Option<String>,
    /// Last day, `YYYY-MM-DD`, not before `start_date`.
    #[serde(default)]
    end_date: Option<String>,
    /// The chief arbiter's name, at most 200 characters.
    #[serde(default)]
    chief_arbiter: Option<String>,
}

/// `PATCH /tournaments/{id}` body: a field given replaces the stored one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TournamentUpdate)]
struct UpdateTournament {
    #[serde(default)]
    name: Option<String>,
    /// `chess` or `xiangqi`, until a round is paired (422 `game_fixed`
    /// after); a new game brings its default profile, laws and scoring.
    #[serde(default)]
    #[schema(value_type = Option<GameKind>)]
    game: Option<String>,
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    time_control: Option<String>,
    #[serde(default)]
    regulations: Option<String>,
    #[serde(default)]
    tiebreaks: Option<Vec<String>>,
    #[serde(default)]
    scoring: Option<ScoringSpec>,
    #[serde(default)]
    recording: Option<String>,
    #[serde(default)]
    pairing: Option<PairingRequest>,
    #[serde(default)]
    laws: Option<Laws>,
    /// Makes the event a team event or changes its settings, until a round
    /// is paired (409 `round_paired` after).
    #[serde(default)]
    teams: Option<TeamSettings>,
    /// City or venue; `null` or blank clears it (so for the four below).
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    place: Option<Option<String>>,
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    federation: Option<Option<String>>,
    /// `YYYY-MM-DD`.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    start_date: Option<Option<String>>,
    /// `YYYY-MM-DD`, not before `start_date`.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    end_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    chief_arbiter: Option<Option<String>>,
}

/// Create a tournament.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    request_body = CreateTournament,
    responses((status = 201, description = "the tournament", body = TournamentRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "422": ["not_for_this_game", "profile_not_for_game"]}))),
)]
async fn create_tournament(
    State(state): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<CreateTournament>,
) -> Result<impl IntoResponse, ApiError> {
    actor.require(Permission::CreateTournament, "", None)?;
    check_name("name", &body.name)?;
    if !SYSTEMS.contains(&body.system.as_str()) {
        return Err(ApiError::invalid_field(
            "system",
            format!(
                "unknown system '{}' (one of {})",
                body.system,
                SYSTEMS.join(", ")
            ),
        ));
    }
    let rounds = check_rounds(&body.system, body.rounds.map(i64::from))?;
    let game = match body.game.as_deref() {
        Some(text) => GameKind::check("game", text)?,
        None => GameKind::Chess,
    };
    let regulations = check_regulations(game, body.regulations.as_deref())?;
    // The profile brings its defaults; what the organiser gives overrides them.
    let tiebreaks = body
        .tiebreaks
        .unwrap_or_else(|| default_tiebreaks(&body.system, &regulations));
    check_tiebreaks(&tiebreaks)?;
    let mut laws = Laws::of_profile(&regulations);
    if let Some(request) = &body.laws {
        Laws::check_for(request, game)?;
        laws.announce(request)?;
    }
    let recording =
        crate::engine::check_mode("recording", body.recording.as_deref().unwrap_or("live"))?;
    check_recording(game, "recording", recording)?;
    let mut pairing = PairingOptions::new_drawn()?;
    if let Some(request) = body.pairing {
        pairing.apply(request, &[], rounds, 0)?;
    }
    let teams = body.teams.map(|t| t.normalised(&regulations)).transpose()?;
    let mut event = EventDetails::default();
    event.apply(EventChange {
        place: Some(body.place),
        federation: Some(body.federation),
        start_date: Some(body.start_date),
        end_date: Some(body.end_date),
        chief_arbiter: Some(body.chief_arbiter),
    })?;
    let new = NewTournament {
        name: body.name,
        time_control: check_time_control(body.time_control.as_deref())?,
        scoring: body
            .scoring
            .unwrap_or_else(|| default_scoring(&regulations))
            .normalised()?,
        regulations,
        system: body.system,
        game,
        rounds,
        tiebreaks,
        recording: recording.to_owned(),
        pairing,
        laws,
        teams,
        event,
        details: json!({}),
    };
    let (_write, mut tx) = state.db().begin().await?;
    let row = insert_tournament(&mut tx, &actor, new).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row)))
}

/// A tournament with how far it has come, as `GET /tournaments/{id}` and
/// the TRF import show it.
#[derive(Serialize, ToSchema)]
#[schema(as = TournamentWithCounts)]
pub(crate) struct Counted {
    #[serde(flatten)]
    pub tournament: TournamentRow,
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
    let row = load_tournament(state.db().pool(), &id).await?;
    let paired = store::tournaments::count_rounds(state.db().pool(), &id).await?;
    let players = store::tournaments::count_players(state.db().pool(), &id).await?;
    Ok(Json(Counted {
        tournament: row,
        rounds_paired: paired,
        players,
    }))
}

/// Every tournament.
#[derive(Serialize, ToSchema)]
struct TournamentList {
    tournaments: Vec<TournamentRow>,
}

/// List tournaments.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    responses((status = 200, description = "every tournament", body = TournamentList)),
)]
async fn list_tournaments(State(state): State<AppState>) -> Result<Json<TournamentList>, ApiError> {
    let tournaments = store::tournaments::list(state.db().pool()).await?;
    Ok(Json(TournamentList { tournaments }))
}

/// Change settings.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(("id" = String, Path, description = "tournament id")),
    request_body = UpdateTournament,
    responses((status = 200, description = "the tournament as changed", body = TournamentRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["round_paired"], "422": ["game_fixed", "not_for_this_game", "profile_not_for_game"]}))),
)]
async fn update_tournament(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<UpdateTournament>,
) -> Result<Json<TournamentRow>, ApiError> {
    let (_write, mut tx, before) = begin_change(&state, &actor, Permission::Manage, &id).await?;
    let mut after = before.clone();
    if let Some(name) = body.name {
        check_name("name", &name)?;
        after.name = name;
    }
    if let Some(rounds) = body.rounds {
        if !(1..=99).contains(&rounds) {
            return Err(ApiError::invalid_field(
                "rounds",
                "must be between 1 and 99",
            ));
        }
        after.rounds = i64::from(rounds);
    }
    if let Some(tc) = body.time_control {
        after.time_control = check_time_control(Some(&tc))?;
    }
    if let Some(text) = &body.game {
        let game = GameKind::check("game", text)?;
        if game != before.game {
            // The game is fixed once a round is paired (its boards are games
            // of it); before that, the new game brings its profile's
            // defaults, which the rest of this request may override.
            if store::rounds::last_paired(&mut *tx, &id).await? > 0 {
                return Err(ApiError::Unprocessable {
                    code: "game_fixed".into(),
                    message: "the game cannot change once a round is paired".into(),
                    article: None,
                    at: Some("game".into()),
                });
            }
            after.game = game;
            after.regulations = game.default_profile().to_owned();
            after.laws = Laws::of_profile(&after.regulations);
            after.scoring = default_scoring(&after.regulations).normalised()?;
            if game == GameKind::Xiangqi {
                "live".clone_into(&mut after.recording);
            }
        }
    }
    if let Some(profile) = body.regulations {
        let old = std::mem::take(&mut after.regulations);
        after.regulations = check_regulations(after.game, Some(&profile))?;
        if after.regulations != old {
            // A new profile brings its defaults in place of the old
            // profile's; what the organiser set differently stays (and this
            // request's own values come after).
            if after.scoring == default_scoring(&old).normalised()? {
                after.scoring = default_scoring(&after.regulations).normalised()?;
            }
            if after.tiebreaks == default_tiebreaks(&after.system, &old) {
                after.tiebreaks = default_tiebreaks(&after.system, &after.regulations);
            }
            after.laws.reprofile(&old, &after.regulations);
        }
    }
    if let Some(list) = body.tiebreaks {
        check_tiebreaks(&list)?;
        after.tiebreaks = list;
    }
    if let Some(scoring) = body.scoring {
        after.scoring = scoring.normalised()?;
    }
    if let Some(recording) = body.recording {
        after.recording = crate::engine::check_mode("recording", &recording)?.to_owned();
    }
    check_recording(after.game, "recording", &after.recording)?;
    if let Some(request) = body.pairing {
        let players: Vec<u32> = store::players::list(&mut tx, &id)
            .await?
            .iter()
            .filter_map(|p| u32::try_from(p.start_number).ok())
            .collect();
        let paired = store::rounds::last_paired(&mut *tx, &id).await?;
        after
            .pairing
            .apply(request, &players, after.rounds, paired)?;
    }
    if let Some(request) = &body.laws {
        Laws::check_for(request, after.game)?;
        after.laws.announce(request)?;
    }
    if let Some(teams) = body.teams {
        if store::rounds::last_paired(&mut *tx, &id).await? > 0 {
            return Err(ApiError::conflict(
                "round_paired",
                "a team event's settings are fixed once a round is paired",
            ));
        }
        after.teams = Some(teams.normalised(&after.regulations)?);
    }
    after.event.apply(EventChange {
        place: body.place,
        federation: body.federation,
        start_date: body.start_date,
        end_date: body.end_date,
        chief_arbiter: body.chief_arbiter,
    })?;
    after.updated_at = now_text();
    store::tournaments::update(&mut tx, &after).await?;
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "update",
        "tournament",
        &id,
        Some(&tournament_json(&before)),
        Some(&tournament_json(&after)),
    )
    .await?;
    commit_change(tx, &id).await?;
    Ok(Json(after))
}

/// Import a TRF16 / TRF-2026 file as a new tournament with its rounds.
///
/// `POST /tournaments/import`: a TRF16 (or TRF-2026) body becomes a
/// tournament with its players, rounds and results.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/import",
    tag = "tournaments",
    request_body(content = String, content_type = "text/plain", description = "the TRF file (UTF-8 or Latin-1), at most 16 MiB"),
    responses((status = 201, description = "the tournament and its counts", body = Counted)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["bad_body", "invalid_field", "invalid_trf"], "409": ["duplicate_start_number", "paired_twice", "round_exists"], "413": ["payload_too_large"]}))),
)]
pub(crate) async fn import_trf(
    State(state): State<AppState>,
    actor: Actor,
    request: axum::extract::Request,
) -> Result<impl IntoResponse, ApiError> {
    let bytes = axum::body::to_bytes(request.into_body(), crate::state::IMPORT_LIMIT)
        .await
        .map_err(|_| ApiError::PayloadTooLarge("TRF body too large".into()))?;
    let imported = crate::app::import::import_trf(&state, &actor, &bytes).await?;
    Ok((
        StatusCode::CREATED,
        Json(Counted {
            tournament: imported.tournament,
            rounds_paired: imported.rounds_paired,
            players: imported.players,
        }),
    ))
}

/// The `/tournaments` operations of the OpenAPI document (the TRF import is
/// in `reports`'s, beside its route).
#[derive(OpenApi)]
#[openapi(paths(create_tournament, list_tournaments, get_tournament, update_tournament))]
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
}
