//! Team events (issue 22): a tournament's team settings, its teams and their
//! ordered rosters, and line-ups per round. The rules are the `tournament`
//! crate's (`tournament::team`): a roster is the board order, a line-up is
//! checked by `check_lineup`; this module only reads and writes them.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tournament::team::{LineupError, LineupRules};
use utoipa::{OpenApi, ToSchema};

use crate::app::teams::{LineupJson, LineupList, round_lineups, settings};
use crate::app::tournaments::{begin_change, commit_change};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::model::settings::check_name;
use crate::model::teams::MAX_BOARDS;
use crate::state::AppState;
use crate::store;
use crate::store::teams::TeamRow;

/// Most players on a roster.
const MAX_ROSTER: usize = 100;

/// Rounds paired so far, or 409 `tournament_started` when there are some:
/// teams and rosters are fixed for the event once round 1 is paired (the
/// board order "fixed for the event", `tournament::team::Team::roster`).
async fn require_not_started(conn: &mut AnyConnection, id: &str) -> Result<(), ApiError> {
    if store::rounds::last_paired(&mut *conn, id).await? > 0 {
        return Err(ApiError::conflict(
            "tournament_started",
            "teams and rosters are fixed once round 1 is paired",
        ));
    }
    Ok(())
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
}

fn check_short_name(short: Option<&str>) -> Result<(), ApiError> {
    if let Some(s) = short
        && (s.trim().is_empty() || s.chars().count() > 5 || s.chars().any(char::is_control))
    {
        return Err(ApiError::invalid_field(
            "short_name",
            "1 to 5 characters (the TRF-2026 team nickname)",
        ));
    }
    Ok(())
}

fn check_federation(fed: Option<&str>) -> Result<(), ApiError> {
    if let Some(fed) = fed
        && (fed.len() != 3 || !fed.bytes().all(|b| b.is_ascii_uppercase()))
    {
        return Err(ApiError::invalid_field(
            "federation",
            "a three-letter FIDE federation code in capitals (e.g. CHN)",
        ));
    }
    Ok(())
}

/// The player ids of a roster given as start numbers: each a player of the
/// tournament, once, and on no other team's roster (422 naming
/// `roster[i]`).
async fn roster_ids(
    conn: &mut AnyConnection,
    id: &str,
    team: i64,
    roster: &[u32],
) -> Result<Vec<String>, ApiError> {
    if roster.len() > MAX_ROSTER {
        return Err(ApiError::invalid_field(
            "roster",
            format!("at most {MAX_ROSTER} players"),
        ));
    }
    let players: BTreeMap<i64, String> = store::players::list(&mut *conn, id)
        .await?
        .into_iter()
        .map(|p| (p.start_number, p.id))
        .collect();
    let owner: BTreeMap<i64, i64> = store::teams::list(&mut *conn, id)
        .await?
        .into_iter()
        .filter(|t| t.number != team)
        .flat_map(|t| t.roster.into_iter().map(move |p| (p, t.number)))
        .collect();
    let mut ids = Vec::with_capacity(roster.len());
    for (i, &start) in roster.iter().enumerate() {
        let at = format!("roster[{i}]");
        let start = i64::from(start);
        let Some(pid) = players.get(&start) else {
            return Err(unprocessable_at(
                "unknown_player",
                format!("no player has start number {start}"),
                &at,
            ));
        };
        if roster[..i].contains(&roster[i]) {
            return Err(unprocessable_at(
                "player_twice",
                format!("player {start} is on the roster twice"),
                &at,
            ));
        }
        if let Some(other) = owner.get(&start) {
            return Err(unprocessable_at(
                "player_in_two_teams",
                format!(
                    "player {start} is on the roster of team {other}; a player plays for one team"
                ),
                &at,
            ));
        }
        ids.push(pid.clone());
    }
    Ok(ids)
}

fn unprocessable_at(code: &str, message: String, at: &str) -> ApiError {
    ApiError::Unprocessable {
        code: code.into(),
        message,
        article: None,
        at: Some(at.to_owned()),
    }
}

async fn load_team(conn: &mut AnyConnection, id: &str, number: i64) -> Result<TeamRow, ApiError> {
    store::teams::list(conn, id)
        .await?
        .into_iter()
        .find(|t| t.number == number)
        .ok_or_else(|| ApiError::not_found("team"))
}

/// Register a team with its roster (before round 1 is paired).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/teams",
    tag = "teams",
    params(("id" = String, Path, description = "tournament id")),
    request_body = CreateTeam,
    responses((status = 201, description = "the team", body = TeamRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["duplicate_team_number", "tournament_started"], "422": ["not_a_team_event", "player_in_two_teams", "player_twice", "unknown_player"]}))),
)]
async fn create_team(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<CreateTeam>,
) -> Result<impl IntoResponse, ApiError> {
    check_name("name", &body.name)?;
    check_short_name(body.short_name.as_deref())?;
    check_federation(body.federation.as_deref())?;
    if body.number.is_some_and(|n| !(1..=999).contains(&n)) {
        return Err(ApiError::invalid_field(
            "number",
            "must be between 1 and 999",
        ));
    }
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Manage, &id).await?;
    settings(&tournament)?;
    require_not_started(&mut tx, &id).await?;
    let number = match body.number {
        Some(n) => i64::from(n),
        None => store::teams::next_number(&mut tx, &id).await?,
    };
    if number > 999 {
        return Err(ApiError::invalid_field("number", "team numbers end at 999"));
    }
    let ids = roster_ids(&mut tx, &id, number, &body.roster).await?;
    let team = TeamRow {
        number,
        name: body.name,
        short_name: body.short_name,
        federation: body.federation,
        roster: body.roster.iter().map(|&p| i64::from(p)).collect(),
    };
    store::teams::insert(&mut tx, &id, &team)
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict("duplicate_team_number", "that team number is taken")
            } else {
                e.into()
            }
        })?;
    store::teams::set_roster(&mut tx, &id, number, &ids).await?;
    let after = serde_json::to_value(&team)?;
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "create",
        "team",
        &number.to_string(),
        None,
        Some(&after),
    )
    .await?;
    commit_change(tx, &id).await?;
    Ok((StatusCode::CREATED, Json(team)))
}

/// A tournament's teams.
#[derive(Serialize, ToSchema)]
struct TeamList {
    /// By team number.
    teams: Vec<TeamRow>,
}

/// Teams by number, with their rosters.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/teams",
    tag = "teams",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the teams by number", body = TeamList)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn list_teams(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<TeamList>, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    crate::app::tournaments::load_tournament(&mut *conn, &id).await?;
    let teams = store::teams::list(&mut conn, &id).await?;
    Ok(Json(TeamList { teams }))
}

/// Correct a team's names or federation; replace its roster (before round 1 is paired).
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/teams/{n}",
    tag = "teams",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("n" = i64, Path, description = "team number"),
    ),
    request_body = UpdateTeam,
    responses((status = 200, description = "the team as changed", body = TeamRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["tournament_started"], "422": ["not_a_team_event", "player_in_two_teams", "player_twice", "unknown_player"]}))),
)]
async fn update_team(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, number)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<UpdateTeam>,
) -> Result<Json<TeamRow>, ApiError> {
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Manage, &id).await?;
    settings(&tournament)?;
    let before = load_team(&mut tx, &id, number).await?;
    let mut after = before.clone();
    if let Some(name) = body.name {
        check_name("name", &name)?;
        after.name = name;
    }
    if body.short_name.is_some() {
        check_short_name(body.short_name.as_deref())?;
        after.short_name = body.short_name;
    }
    if body.federation.is_some() {
        check_federation(body.federation.as_deref())?;
        after.federation = body.federation;
    }
    store::teams::update(&mut tx, &id, &after).await?;
    if let Some(roster) = body.roster {
        require_not_started(&mut tx, &id).await?;
        let ids = roster_ids(&mut tx, &id, number, &roster).await?;
        store::teams::set_roster(&mut tx, &id, number, &ids).await?;
        after.roster = roster.iter().map(|&p| i64::from(p)).collect();
    }
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "update",
        "team",
        &number.to_string(),
        Some(&serde_json::to_value(&before)?),
        Some(&serde_json::to_value(&after)?),
    )
    .await?;
    commit_change(tx, &id).await?;
    Ok(Json(after))
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
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Manage, &id).await?;
    settings(&tournament)?;
    let before = load_team(&mut tx, &id, number).await?;
    require_not_started(&mut tx, &id).await?;
    store::teams::delete(&mut tx, &id, number).await?;
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "delete",
        "team",
        &number.to_string(),
        Some(&serde_json::to_value(&before)?),
        None,
    )
    .await?;
    commit_change(tx, &id).await?;
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
    let mut conn = state.db().pool().acquire().await?;
    let tournament = crate::app::tournaments::load_tournament(&mut *conn, &id).await?;
    let settings = settings(&tournament)?;
    if !(1..=99).contains(&round) {
        return Err(ApiError::not_found("round"));
    }
    let lineups = round_lineups(&mut conn, &id, &settings, round).await?;
    Ok(Json(LineupList { lineups }))
}

/// Submit a team's line-up for a round not yet paired (checked against the roster).
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
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["round_paired"], "422": ["not_a_team_event", "invalid_lineup"]}))),
)]
async fn put_lineup(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((id, round, number)): ApiPath<(String, i64, i64)>,
    ApiJson(body): ApiJson<LineupBody>,
) -> Result<Json<LineupJson>, ApiError> {
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Arbitrate, &id).await?;
    let settings = settings(&tournament)?;
    let paired = store::rounds::last_paired(&mut *tx, &id).await?;
    if round <= paired {
        return Err(ApiError::conflict(
            "round_paired",
            format!("round {round} is paired; its line-ups are locked"),
        ));
    }
    if round > 99 || (tournament.rounds > 0 && round > tournament.rounds) {
        return Err(ApiError::not_found("round"));
    }
    let teams = store::teams::list(&mut tx, &id).await?;
    if !teams.iter().any(|t| t.number == number) {
        return Err(ApiError::not_found("team"));
    }
    if body.players.len() > MAX_BOARDS as usize {
        return Err(ApiError::invalid_field(
            "players",
            format!("at most {MAX_BOARDS} boards"),
        ));
    }
    let event = store::model::to_team_event(&settings, &teams);
    let lineup = tournament::team::Lineup {
        team: u32::try_from(number).map_err(|_| ApiError::not_found("team"))?,
        players: body.players.clone(),
    };
    tournament::team::check_lineup(&event, &lineup, &LineupRules::default())
        .map_err(|e| lineup_error(&e))?;
    let ids: BTreeMap<i64, String> = store::players::list(&mut tx, &id)
        .await?
        .into_iter()
        .map(|p| (p.start_number, p.id))
        .collect();
    let player_ids: Vec<Option<String>> = body
        .players
        .iter()
        .map(|p| p.and_then(|p| ids.get(&i64::from(p)).cloned()))
        .collect();
    store::teams::set_lineup(&mut tx, &id, round, number, &player_ids).await?;
    let stored = LineupJson {
        team: number,
        players: body.players.iter().map(|p| p.map(i64::from)).collect(),
        submitted: true,
    };
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "update",
        "lineup",
        &format!("{round}/{number}"),
        None,
        Some(&serde_json::to_value(&stored)?),
    )
    .await?;
    commit_change(tx, &id).await?;
    Ok(Json(stored))
}

/// A refused line-up: 422 `invalid_lineup` naming the board's entry
/// (`players[i]`) when the fault is on one board.
fn lineup_error(e: &LineupError) -> ApiError {
    let at = match e {
        LineupError::NotOnRoster { board, .. }
        | LineupError::OtherTeam { board, .. }
        | LineupError::OutOfRosterOrder { board, .. }
        | LineupError::EmptyBoardNotLast { board } => format!("players[{}]", board - 1),
        _ => "players".to_owned(),
    };
    unprocessable_at("invalid_lineup", e.to_string(), &at)
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
