//! Team events (issue 22): a tournament's teams and their ordered rosters,
//! and line-ups per round. The operations and their rules are
//! `app::teams`'.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::app::teams::{self, LineupJson, LineupList, NewTeam, TeamChange, TeamRow};
use crate::auth::Actor;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;

/// A team as the API shows it, with its roster.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Team {
    /// The team's pairing number (1–999).
    pub number: i64,
    pub name: String,
    /// TRF-2026 team nickname (at most five characters).
    pub short_name: Option<String>,
    /// Three capital letters (e.g. `CHN`).
    pub federation: Option<String>,
    /// Start numbers in board order (the first `boards` are the regular
    /// players, the rest reserves).
    pub roster: Vec<i64>,
    /// The first round the team no longer plays (it withdrew); `null`
    /// while it plays.
    pub withdrawn_from: Option<i64>,
}

impl From<TeamRow> for Team {
    fn from(row: TeamRow) -> Team {
        let TeamRow {
            number,
            name,
            short_name,
            federation,
            roster,
            withdrawn_from,
            ..
        } = row;
        Team {
            number,
            name,
            short_name,
            federation,
            roster,
            withdrawn_from,
        }
    }
}

/// Teams as the API shows them.
pub(crate) fn shown(rows: Vec<TeamRow>) -> Vec<Team> {
    rows.into_iter().map(Team::from).collect()
}

/// `POST /tournaments/{id}/teams` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TeamRequest)]
struct CreateTeam {
    /// 1–999; the next free number by default.
    #[serde(default)]
    number: Option<u32>,
    /// 1–200 characters.
    name: String,
    /// At most five characters (TRF-2026 team nickname).
    #[serde(default)]
    short_name: Option<String>,
    /// Three capital letters (e.g. `CHN`).
    #[serde(default)]
    federation: Option<String>,
    /// Start numbers in board order (regular players, then reserves).
    #[serde(default)]
    roster: Vec<u32>,
}

/// `PATCH /tournaments/{id}/teams/{n}` body: a field given replaces the
/// stored one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TeamUpdate)]
struct UpdateTeam {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    short_name: Option<String>,
    #[serde(default)]
    federation: Option<String>,
    /// The whole roster in board order (only before round 1 is paired).
    #[serde(default)]
    roster: Option<Vec<u32>>,
    /// `true`: the team withdraws from the next round not paired (a team
    /// Swiss pairs it no more; a round robin's remaining matches are lost
    /// by forfeit; its players withdraw with it); `false`: it plays again.
    #[serde(default)]
    withdraw: Option<bool>,
    /// The team withdraws from this round (one not yet paired).
    #[serde(default)]
    withdrawn_from: Option<u32>,
}

/// Register a team with its roster (before round 1 is paired).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/teams",
    tag = "teams",
    params(("id" = String, Path, description = "tournament id")),
    request_body = CreateTeam,
    responses((status = 201, description = "the team", body = Team)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["duplicate_team_number", "tournament_started"], "422": ["duplicate_team_name", "not_a_team_event", "player_in_two_teams", "player_twice", "unknown_player"]}))),
)]
async fn create_team(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<CreateTeam>,
) -> Result<impl IntoResponse, ApiError> {
    let new = NewTeam {
        number: body.number,
        name: body.name,
        short_name: body.short_name,
        federation: body.federation,
        roster: body.roster,
    };
    let team = teams::create(&state, &actor, &id, new).await?;
    Ok((StatusCode::CREATED, Json(Team::from(team))))
}

/// A tournament's teams.
#[derive(Serialize, ToSchema)]
struct TeamList {
    /// By team number.
    teams: Vec<Team>,
}

/// Teams by number, with their rosters.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/teams",
    tag = "teams",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the teams by number", body = TeamList)),
    extensions(("x-errors" = json!({"404": ["not_found"], "422": ["not_a_team_event"]}))),
)]
async fn list_teams(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<TeamList>, ApiError> {
    let teams = teams::list(&state, &id).await?;
    Ok(Json(TeamList {
        teams: shown(teams),
    }))
}

/// Correct a team's names or federation; replace its roster (before round 1 is paired); withdraw the team, or take its withdrawal back.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/teams/{n}",
    tag = "teams",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "team number"),
    ),
    request_body = UpdateTeam,
    responses((status = 200, description = "the team as changed", body = Team)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["tournament_started"], "422": ["duplicate_team_name", "not_a_team_event", "player_in_two_teams", "player_twice", "unknown_player"]}))),
)]
async fn update_team(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<UpdateTeam>,
) -> Result<Json<Team>, ApiError> {
    let change = TeamChange {
        name: body.name,
        short_name: body.short_name,
        federation: body.federation,
        roster: body.roster,
        withdraw: body.withdraw,
        withdrawn_from: body.withdrawn_from,
    };
    let after = teams::update(&state, &actor, &id, number, change).await?;
    Ok(Json(after.into()))
}

/// Remove a team (before round 1 is paired).
#[utoipa::path(
    delete,
    path = "/api/v1/tournaments/{id}/teams/{n}",
    tag = "teams",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "team number"),
    ),
    responses((status = 204, description = "removed")),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"], "409": ["tournament_started"], "422": ["not_a_team_event"]}))),
)]
async fn delete_team(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
) -> Result<StatusCode, ApiError> {
    teams::delete(&state, &actor, &id, number).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `PUT /tournaments/{id}/rounds/{n}/lineups/{team}` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = LineupRequest)]
struct LineupBody {
    /// Start numbers board by board (`null`: the board is left empty and
    /// lost by forfeit).
    players: Vec<Option<u32>>,
}

/// Every team's line-up for a round (submitted or the default: roster order).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds/{n}/lineups",
    tag = "teams",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
    ),
    responses((status = 200, description = "the line-ups by team number", body = LineupList)),
    extensions(("x-errors" = json!({"404": ["not_found"], "422": ["not_a_team_event"]}))),
)]
async fn list_lineups(
    State(state): State<AppState>,
    ApiPath((id, round)): ApiPath<(String, i64)>,
) -> Result<Json<LineupList>, ApiError> {
    let lineups = teams::lineups(&state, &id, round).await?;
    Ok(Json(LineupList { lineups }))
}

/// Submit a team's line-up for a round not yet paired, or for the round just paired while the team's match has not begun (its boards are seated again); checked against the roster.
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}/rounds/{n}/lineups/{team}",
    tag = "teams",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "round number"),
        ("team" = i64, Path, description = "team number"),
    ),
    request_body = LineupBody,
    responses((status = 200, description = "the line-up as stored", body = LineupJson)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["match_started", "round_paired"], "422": ["not_a_team_event", "invalid_lineup"]}))),
)]
async fn put_lineup(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, round, number)): ApiPath<(String, i64, i64)>,
    ApiJson(body): ApiJson<LineupBody>,
) -> Result<Json<LineupJson>, ApiError> {
    let stored = teams::put_lineup(&state, &actor, &id, round, number, body.players).await?;
    Ok(Json(stored))
}

/// The team operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    create_team,
    list_teams,
    update_team,
    delete_team,
    list_lineups,
    put_lineup
))]
pub(crate) struct Doc;

/// Routes for teams and line-ups.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/tournaments/{id}/teams", post(create_team).get(list_teams))
        .route(
            "/tournaments/{id}/teams/{n}",
            patch(update_team).delete(delete_team),
        )
        .route("/tournaments/{id}/rounds/{n}/lineups", get(list_lineups))
        .route(
            "/tournaments/{id}/rounds/{n}/lineups/{team}",
            put(put_lineup),
        )
}
