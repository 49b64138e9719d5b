//! Standings (C.07 tie-breaks through `tournament::standings`) and the
//! exports: the JSON scoring table, TRF and PGN.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use sqlx::Row;
use tournament::model::Tournament;

use crate::AppState;
use crate::error::{ApiError, ApiPath};
use crate::rounds::round_json;
use crate::stored::{Loaded, load_all, to_model};
use crate::tournaments::load_tournament;

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
    let ids: Vec<String> = sqlx::query(
        "SELECT id FROM games WHERE tournament_id = $1 AND seq > 0 ORDER BY round, board",
    )
    .bind(&id)
    .fetch_all(state.db().pool())
    .await?
    .iter()
    .map(|r| r.try_get("id"))
    .collect::<Result<_, _>>()?;
    let mut out = String::new();
    for game_id in ids {
        let game = crate::game_rows::load_game(state.db().pool(), &game_id).await?;
        let events = crate::game_rows::load_events(state.db().pool(), &game_id, 0).await?;
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
        .route("/tournaments/{id}/export/json", get(export_json))
        .route("/tournaments/{id}/export/trf", get(export_trf))
        .route("/tournaments/{id}/export/pgn", get(export_pgn))
        .route(
            "/tournaments/import",
            post(crate::import::import_trf)
                .layer(axum::extract::DefaultBodyLimit::max(crate::IMPORT_LIMIT)),
        )
}
