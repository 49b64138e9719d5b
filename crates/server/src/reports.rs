//! Standings (C.07 tie-breaks through `tournament::standings`) and the
//! exports: the JSON scoring table, TRF and PGN.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use tournament::model::Tournament;

use crate::AppState;
use crate::error::{ApiError, ApiPath};
use crate::rounds::round_json;
use crate::store::model::{Loaded, to_model};
use crate::tournaments::{load_all, load_tournament};

fn value_f64(v: Option<tournament::standings::Value>) -> Value {
    v.map_or(Value::Null, |v| json!(v.as_f64()))
}

/// The ranked table as JSON (C.07: points, then each tie-break in order).
fn standings_json(loaded: &Loaded, model: &Tournament) -> Result<Value, ApiError> {
    use tournament::standings::{StandingsOptions, compute_standings};
    let options = StandingsOptions::for_tournament(model)
        .map_err(|e| ApiError::unprocessable("bad_tiebreaks", e.to_string()))?;
    let standings = compute_standings(model, &options)
        .map_err(|e| ApiError::unprocessable("cannot_rank", e.to_string()))?;
    let rows: Vec<Value> = standings
        .rows
        .iter()
        .map(|row| {
            let mut tiebreaks = serde_json::Map::new();
            for (spec, score) in standings.tiebreaks.iter().zip(&row.tiebreaks) {
                tiebreaks.insert(spec.label.clone(), value_f64(score.value));
            }
            let id = loaded
                .players
                .iter()
                .find(|p| p.start_number == i64::from(row.start_number))
                .map(|p| p.id.clone());
            json!({
                "rank": row.rank,
                "place": row.place_label(),
                "start_number": row.start_number,
                "player_id": id,
                "name": row.name,
                "points": row.points.as_f64(),
                "tiebreaks": tiebreaks,
            })
        })
        .collect();
    Ok(json!({
        "rounds": standings.rounds,
        "tiebreaks": standings.tiebreaks.iter().map(|t| t.label.clone()).collect::<Vec<_>>(),
        "standings": rows,
    }))
}

/// Hundredths as a number with two decimals.
fn hundredths(value: i64) -> Value {
    #[allow(clippy::cast_precision_loss)]
    let v = value as f64 / 100.0;
    json!(v)
}

/// The options of a tournament's rating report (the API's and the pages').
pub(crate) fn rating_options(loaded: &Loaded) -> tournament::rating::ReportOptions {
    tournament::rating::ReportOptions {
        // The youth rule (8.3.3) counts to the end of the event's year.
        event_year: loaded
            .tournament
            .created_at
            .get(..4)
            .and_then(|y| y.parse().ok()),
        games_completed: None,
    }
}

/// Rating changes (FIDE Rating Regulations 8.1–8.3: change, K, expected
/// score, performance) and, where players carry grade points, the club
/// grade-points report (`laws.md`, "Grade points").
fn ratings_json(loaded: &Loaded, model: &Tournament) -> Value {
    use tournament::rating::{Grade, fide_report, grade_report};
    let fide: Vec<Value> = fide_report(model, rating_options(loaded))
        .iter()
        .map(|p| {
            let change = p.change.as_ref();
            json!({
                "start_number": p.start_number,
                "name": p.name,
                "rating": p.rating,
                "games": change.map_or(0, |c| c.games),
                "score": change.map(|c| hundredths(c.score_hundredths)),
                "expected": change.map(|c| hundredths(c.expected_hundredths)),
                "k": change.map(|c| c.k),
                "change_exact": change.map(|c| hundredths(c.change_hundredths)),
                "change": change.map(|c| c.change),
                "performance": p.performance,
            })
        })
        .collect();
    let grade = |g: Grade| match g {
        Grade::Ungraded => "ungraded".to_owned(),
        Grade::Graded(n) => format!("grade {n}"),
    };
    let grades: Vec<Value> = if model.players.iter().any(|p| p.grade_points.is_some()) {
        grade_report(model)
            .iter()
            .map(|l| {
                json!({
                    "start_number": l.start_number,
                    "name": l.name,
                    "before": l.before,
                    "after": l.after,
                    "change": i64::from(l.after) - i64::from(l.before),
                    "grade_before": grade(l.grade_before),
                    "grade_after": grade(l.grade_after),
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    json!({ "fide": fide, "grade_points": grades })
}

/// `GET /tournaments/{id}/ratings`: each player's FIDE rating change and
/// performance, and grade-point changes where the players carry them.
async fn get_ratings(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let model = to_model(&loaded)?;
    Ok(Json(ratings_json(&loaded, &model)))
}

async fn get_standings(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let model = to_model(&loaded)?;
    Ok(Json(standings_json(&loaded, &model)?))
}

async fn export_json(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let model = to_model(&loaded)?;
    let rounds: Vec<Value> = (1..=loaded.rounds)
        .map(|n| round_json(&loaded, n))
        .collect();
    Ok(Json(json!({
        "format": "arbiter-scoring-table/1",
        "tournament": crate::tournaments::tournament_json(&loaded.tournament),
        "players": loaded.players,
        "rounds": rounds,
        "standings": standings_json(&loaded, &model)?,
        "ratings": ratings_json(&loaded, &model),
    })))
}

async fn export_trf(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<impl IntoResponse, ApiError> {
    let loaded = load_all(&mut *state.db().pool().acquire().await?, &id).await?;
    let text =
        tournament::trf::write_tournament(&to_model(&loaded)?, tournament::trf::Format::Trf16);
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; charset=utf-8",
        )],
        text,
    ))
}

async fn export_pgn(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<impl IntoResponse, ApiError> {
    load_tournament(state.db().pool(), &id).await?;
    let ids = crate::store::games::recorded_ids(state.db().pool(), &id).await?;
    let mut out = String::new();
    for game_id in ids {
        let game = crate::game_rows::load_game(state.db().pool(), &game_id).await?;
        let events = crate::store::games::load_events(state.db().pool(), &game_id, 0).await?;
        let current = crate::game_rows::fold(&game.setup(), &events)?;
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&crate::games::game_pgn(&game, &current));
    }
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        out,
    ))
}

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
            post(crate::import::import_trf)
                .layer(axum::extract::DefaultBodyLimit::max(crate::IMPORT_LIMIT)),
        )
}
