//! Standings (C.07 tie-breaks through `tournament::standings`) and the
//! exports: the JSON scoring table, TRF and PGN.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use std::collections::BTreeMap;

use axum::{Json, Router};
use serde::Serialize;
use tournament::model::Tournament;
use utoipa::{OpenApi, ToSchema};

use crate::app::reports::{Loaded, load_model};
use crate::app::rounds::{RoundJson, round_json};
use crate::app::team_standings::not_a_paired_round;
use crate::app::tournaments::load_all;
use crate::error::{ApiError, ApiPath, ApiQuery};
use crate::http::players::{self, Player};
use crate::http::teams::{self, Team};
use crate::http::tournaments;
use crate::state::AppState;

/// The ranked table (C.07: points, then each tie-break in order).
#[derive(Serialize, ToSchema)]
struct Standings {
    /// The rounds the table counts.
    rounds: u32,
    /// Boards of the rounds counted whose final result is not in (not
    /// entered yet, or adjourned): while any is, the table is provisional.
    results_missing: u32,
    /// Whether the table is provisional (`results_missing > 0`).
    provisional: bool,
    /// The last round up to which every result is in: `?after=` it gives
    /// the final standings of the complete rounds.
    complete_rounds: u32,
    /// The tie-breaks' labels, in order.
    tiebreaks: Vec<String>,
    standings: Vec<StandingRow>,
}

/// One player's line of the table.
#[derive(Serialize, ToSchema)]
struct StandingRow {
    rank: u32,
    /// The place as printed (`3-5` for a shared place).
    place: String,
    start_number: u32,
    player_id: Option<String>,
    name: String,
    points: f64,
    /// Each tie-break's value by its label (`null`: not applicable).
    tiebreaks: BTreeMap<String, Option<f64>>,
    /// The round the player withdrew from, when he had withdrawn by the
    /// last round counted (`null` otherwise).
    withdrawn_from: Option<i64>,
}

/// The ranked table (C.07: points, then each tie-break in order).
/// After `after` rounds (every round paired when `None`).
fn standings_json(
    loaded: &Loaded,
    model: &Tournament,
    after: Option<u32>,
) -> Result<Standings, ApiError> {
    use tournament::standings::{StandingsError, StandingsOptions, compute_standings};
    let mut options = StandingsOptions::for_tournament(model)
        .map_err(|e| ApiError::unprocessable("bad_tiebreaks", e.to_string()))?;
    if after == Some(0) {
        return Err(not_a_paired_round(model.rounds_paired()));
    }
    options.after_round = after;
    let standings = compute_standings(model, &options).map_err(|e| match e {
        StandingsError::NoSuchRound { .. } => not_a_paired_round(model.rounds_paired()),
        e => ApiError::unprocessable("cannot_rank", e.to_string()),
    })?;
    let results_missing =
        u32::try_from(model.results_missing(standings.rounds)).unwrap_or(u32::MAX);
    let rows = standings
        .rows
        .iter()
        .map(|row| {
            let tiebreaks = standings
                .tiebreaks
                .iter()
                .zip(&row.tiebreaks)
                .map(|(spec, score)| {
                    (
                        spec.label.clone(),
                        score.value.map(tournament::standings::Value::as_f64),
                    )
                })
                .collect();
            let player = loaded
                .players
                .iter()
                .find(|p| p.start_number == i64::from(row.start_number));
            let id = player.map(|p| p.id.clone());
            StandingRow {
                withdrawn_from: player
                    .and_then(|p| crate::app::players::withdrawn_by(p, standings.rounds)),
                rank: row.rank,
                place: row.place_label(),
                start_number: row.start_number,
                player_id: id,
                name: row.name.clone(),
                points: row.points.as_f64(),
                tiebreaks,
            }
        })
        .collect();
    Ok(Standings {
        rounds: standings.rounds,
        results_missing,
        provisional: results_missing > 0,
        complete_rounds: model.complete_rounds(),
        tiebreaks: standings
            .tiebreaks
            .iter()
            .map(|t| t.label.clone())
            .collect(),
        standings: rows,
    })
}

/// Hundredths as a number with two decimals.
#[allow(clippy::cast_precision_loss)]
fn hundredths(value: i64) -> f64 {
    value as f64 / 100.0
}

/// Rating changes and grade points (`GET /tournaments/{id}/ratings`).
#[derive(Serialize, ToSchema)]
struct Ratings {
    /// FIDE Rating Regulations 8.1–8.3, per player by start number.
    fide: Vec<FideLine>,
    /// The club grade-points report; empty when no player carries grade
    /// points.
    grade_points: Vec<GradeLine>,
}

/// One player's FIDE rating change (all `null` without rated games).
#[derive(Serialize, ToSchema)]
struct FideLine {
    start_number: u32,
    name: String,
    rating: Option<u16>,
    /// Rated games played.
    games: u32,
    score: Option<f64>,
    /// Expected score (8.3.2 table).
    expected: Option<f64>,
    /// The development coefficient K (8.3.3).
    k: Option<u32>,
    /// The change before rounding.
    change_exact: Option<f64>,
    /// The change, rounded.
    change: Option<i32>,
    /// Performance rating.
    performance: Option<i32>,
}

/// One player's grade points before and after the event.
#[derive(Serialize, ToSchema)]
struct GradeLine {
    start_number: u32,
    name: String,
    before: u32,
    after: u32,
    change: i64,
    /// `ungraded` or `grade N`.
    grade_before: String,
    grade_after: String,
}

/// Rating changes (FIDE Rating Regulations 8.1–8.3: change, K, expected
/// score, performance) and, where players carry grade points, the club
/// grade-points report (`laws.md`, "Grade points").
fn ratings_json(loaded: &Loaded, model: &Tournament) -> Result<Ratings, ApiError> {
    use tournament::rating::Grade;
    let (fide, grades) = crate::app::reports::rating_reports(loaded, model)?;
    let fide = fide
        .iter()
        .map(|p| {
            let change = p.change.as_ref();
            FideLine {
                start_number: p.start_number,
                name: p.name.clone(),
                rating: p.rating,
                games: change.map_or(0, |c| c.games),
                score: change.map(|c| hundredths(c.score_hundredths)),
                expected: change.map(|c| hundredths(c.expected_hundredths)),
                k: change.map(|c| c.k),
                change_exact: change.map(|c| hundredths(c.change_hundredths)),
                change: change.map(|c| c.change),
                performance: p.performance,
            }
        })
        .collect();
    let grade = |g: Grade| match g {
        Grade::Ungraded => "ungraded".to_owned(),
        Grade::Graded(n) => format!("grade {n}"),
    };
    let grades = grades
        .iter()
        .map(|l| GradeLine {
            start_number: l.start_number,
            name: l.name.clone(),
            before: l.before,
            after: l.after,
            change: i64::from(l.after) - i64::from(l.before),
            grade_before: grade(l.grade_before),
            grade_after: grade(l.grade_after),
        })
        .collect();
    Ok(Ratings {
        fide,
        grade_points: grades,
    })
}

/// Each player's FIDE rating change and performance (Rating Regulations 8.1-8.3) and grade-point changes where players carry grade points.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/ratings",
    tag = "reports",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the rating report", body = Ratings)),
    extensions(("x-errors" = json!({"404": ["not_found"], "422": ["bad_tiebreaks", "cannot_rank"]}))),
)]
async fn get_ratings(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Ratings>, ApiError> {
    let (loaded, model) = load_model(&mut *state.db().pool().acquire().await?, &id).await?;
    Ok(Json(ratings_json(&loaded, &model)?))
}

/// Ranked players with points and every configured tie-break (C.07).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/standings",
    tag = "reports",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("after" = Option<u32>, Query, description = "the standings after this round (default: every round paired); `complete_rounds` gives the last with every result in"),
    ),
    responses((status = 200, description = "the standings after the rounds played; `provisional` while a result of a round counted is missing", body = Standings)),
    extensions(("x-errors" = json!({"400": ["invalid_query", "invalid_field"], "404": ["not_found"], "422": ["bad_tiebreaks", "cannot_rank"]}))),
)]
async fn get_standings(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<StandingsQuery>,
) -> Result<Json<Standings>, ApiError> {
    let (loaded, model) = load_model(&mut *state.db().pool().acquire().await?, &id).await?;
    Ok(Json(standings_json(&loaded, &model, query.after)?))
}

/// The query of the standings.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingsQuery {
    after: Option<u32>,
}

/// The JSON scoring table: everything about a tournament in one document.
#[derive(Serialize, ToSchema)]
struct ScoringTable {
    /// `arbiter-scoring-table/1`.
    format: &'static str,
    tournament: tournaments::Tournament,
    players: Vec<Player>,
    rounds: Vec<RoundJson>,
    standings: Standings,
    ratings: Ratings,
    /// A team event's teams, matches and team standings; absent for an
    /// individual event.
    #[serde(skip_serializing_if = "Option::is_none")]
    team: Option<TeamTable>,
}

/// A team event's part of the scoring table.
#[derive(Serialize, ToSchema)]
struct TeamTable {
    teams: Vec<Team>,
    /// Each round's matches with their boards.
    matches: Vec<crate::app::team_rounds::RoundMatches>,
    standings: crate::app::team_standings::TeamStandingsJson,
}

/// Scoring-table export.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/export/json",
    tag = "reports",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the scoring table", body = ScoringTable)),
    extensions(("x-errors" = json!({"404": ["not_found"], "422": ["bad_tiebreaks", "cannot_rank"]}))),
)]
async fn export_json(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<ScoringTable>, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let (loaded, model) = load_model(&mut conn, &id).await?;
    let rounds = (1..=loaded.rounds)
        .map(|n| round_json(&loaded, n))
        .collect();
    let standings = standings_json(&loaded, &model, None)?;
    let ratings = ratings_json(&loaded, &model)?;
    let team = match loaded.tournament.teams {
        None => None,
        Some(_) => {
            let data = crate::app::team_rounds::load_team_data(&mut conn, &loaded).await?;
            Some(TeamTable {
                matches: (1..=loaded.rounds)
                    .map(|n| crate::app::team_rounds::round_matches(&data, &loaded, n))
                    .collect::<Result<_, _>>()?,
                standings: crate::app::team_standings::team_standings_json(&loaded, &data, None)?,
                teams: teams::shown(data.teams),
            })
        }
    };
    Ok(Json(ScoringTable {
        format: "arbiter-scoring-table/1",
        tournament: loaded.tournament.into(),
        players: players::shown(loaded.players),
        rounds,
        standings,
        ratings,
        team,
    }))
}

/// The query of a TRF export.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TrfQuery {
    edition: Option<crate::app::reports::TrfEdition>,
    in_progress: Option<bool>,
}

/// The tournament as a TRF file: TRF-2026 (a team event's with its team
/// records), or TRF16 with `?edition=trf16`.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/export/trf",
    tag = "reports",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("edition" = Option<crate::app::reports::TrfEdition>, Query, description = "`trf2026` (the default) or `trf16`"),
        ("in_progress" = Option<bool>, Query, description = "`true`: the file for in-tournament exchange, given even when every round is paired and a game is still adjourned (written `?`); without it such a file is refused (409 `adjourned_games_open`, VCL4THP.13 Q169)"),
    ),
    responses((status = 200, description = "the tournament as a TRF file", content_type = "text/plain", body = String)),
    extensions(("x-errors" = json!({"400": ["invalid_query"], "404": ["not_found"], "409": ["adjourned_games_open"], "422": ["trf_overflow"]}))),
)]
async fn export_trf(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<TrfQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let mut conn = state.db().pool().acquire().await?;
    let loaded = load_all(&mut conn, &id).await?;
    let text = crate::app::reports::export_trf(
        &mut conn,
        &loaded,
        query.edition,
        query.in_progress.unwrap_or(false),
    )
    .await?;
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; charset=utf-8",
        )],
        text,
    ))
}

/// All recorded games as PGN.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/export/pgn",
    tag = "reports",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "every game with recorded events, one PGN file", content_type = "application/x-chess-pgn", body = String)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn export_pgn(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<impl IntoResponse, ApiError> {
    let out = crate::app::reports::export_pgn(&state, &id).await?;
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        out,
    ))
}

/// The reports' operations of the OpenAPI document, and the TRF import's.
#[derive(OpenApi)]
#[openapi(
    paths(
        get_standings,
        get_ratings,
        export_json,
        export_trf,
        export_pgn,
        tournaments::import_trf,
    ),
    components(schemas(crate::app::reports::TrfEdition))
)]
pub(crate) struct Doc;

/// Routes for standings, exports and the TRF import.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/tournaments/{id}/standings", get(get_standings))
        .route("/tournaments/{id}/ratings", get(get_ratings))
        .route("/tournaments/{id}/export/json", get(export_json))
        .route("/tournaments/{id}/export/trf", get(export_trf))
        .route("/tournaments/{id}/export/pgn", get(export_pgn))
        .route(
            "/tournaments/import",
            post(tournaments::import_trf).layer(axum::extract::DefaultBodyLimit::max(
                crate::state::IMPORT_LIMIT,
            )),
        )
}
