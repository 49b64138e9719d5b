//! Team rounds' answers (issue 22): a team round's matches and the team
//! standings. Pairing a team round goes through `POST …/rounds`
//! (`app::team_rounds`).

use axum::extract::State;
use axum::{Json, Router};
use utoipa::OpenApi;

use crate::app::team_rounds::{RoundMatches, load_team_data, round_matches};
use crate::app::team_standings::{TeamStandingsJson, team_standings_json};
use crate::app::teams::settings;
use crate::app::tournaments::load_all;
use crate::error::{ApiError, ApiPath, ApiQuery};
use crate::state::AppState;

/// A team round's matches: teams, match and game points, and every board
/// with its players, colours, result and game.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds/{n}/matches",
    tag = "teams",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
    ),
    responses((status = 200, description = "the round's matches and team byes", body = RoundMatches)),
    extensions(("x-errors" = json!({"404": ["not_found"], "422": ["not_a_team_event"]}))),
)]
async fn list_matches(
    State(state): State<AppState>,
    ApiPath((id, round)): ApiPath<(String, i64)>,
) -> Result<Json<RoundMatches>, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let loaded = load_all(&mut conn, &id).await?;
    settings(&loaded.tournament)?;
    if round < 1 || round > loaded.rounds {
        return Err(ApiError::not_found("round"));
    }
    let data = load_team_data(&mut conn, &loaded).await?;
    Ok(Json(round_matches(&data, &loaded, round)?))
}

/// The team rounds' operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(list_matches, get_team_standings))]
pub(crate) struct Doc;

/// Routes for match views and team standings.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/{id}/rounds/{n}/matches",
            axum::routing::get(list_matches),
        )
        .route(
            "/tournaments/{id}/team-standings",
            axum::routing::get(get_team_standings),
        )
}

/// Ranked teams: match or game points first (the event's `teams.ranking`),
/// then the C.07 team tie-breaks, each with its working.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/team-standings",
    tag = "teams",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("after" = Option<u32>, Query, description = "the standings after this round (default: every round paired); `complete_rounds` gives the last with every result in"),
    ),
    responses((status = 200, description = "the team standings after the rounds played; `provisional` while a result of a round counted is missing", body = TeamStandingsJson)),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_query"], "404": ["not_found"], "422": ["bad_tiebreaks", "cannot_rank", "not_a_team_event"]}))),
)]
pub(crate) async fn get_team_standings(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<AfterQuery>,
) -> Result<Json<TeamStandingsJson>, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let loaded = load_all(&mut conn, &id).await?;
    let data = load_team_data(&mut conn, &loaded).await?;
    Ok(Json(team_standings_json(&loaded, &data, query.after)?))
}

/// The query of the team standings.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AfterQuery {
    after: Option<u32>,
}
