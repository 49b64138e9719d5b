//! Rating lists (issue 37): import FIDE's TXT or XML list or a national CSV
//! list (the body, streamed), list them with an import's progress, read and
//! remove one.

use std::collections::BTreeMap;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use registry::RatingKind;
use registry::csv::{CsvMapping, Field};

use crate::app::rating_lists::{self, Format, ImportSpec};
use crate::app::rating_source::{self, RatingSource};
use crate::auth::Actor;
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use crate::store::rating_lists::ListRow;

/// A rating list.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RatingList {
    pub id: String,
    /// `fide`, or a national list's name.
    pub name: String,
    /// `YYYY-MM`.
    pub month: String,
    /// `fide-txt`, `fide-xml` or `csv`.
    pub format: String,
    /// The rating a single list or a national list carries (`standard`,
    /// `rapid`, `blitz`); FIDE's combined list carries all three.
    pub kind: String,
    /// A national list's federation (`null`: FIDE's list).
    pub federation: Option<String>,
    /// `importing` (with its progress) or `ready`.
    pub status: String,
    pub lines_read: i64,
    pub players: i64,
    pub created_by: String,
    pub created_at: String,
    pub finished_at: Option<String>,
}

impl From<ListRow> for RatingList {
    fn from(l: ListRow) -> RatingList {
        RatingList {
            id: l.id,
            name: l.name,
            month: l.month,
            format: l.format,
            kind: l.kind,
            federation: l.federation,
            status: l.status,
            lines_read: l.lines_read,
            players: l.players,
            created_by: l.created_by,
            created_at: l.created_at,
            finished_at: l.finished_at,
        }
    }
}

/// A finished import.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RatingListImported)]
struct Imported {
    #[serde(flatten)]
    list: RatingList,
    /// The earlier import of the same name and month it replaced.
    replaced: Option<String>,
    /// Registered people whose data the list brought up to date (fields
    /// set by hand kept).
    people_updated: usize,
}

/// Every list.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RatingLists)]
struct Lists {
    lists: Vec<RatingList>,
}

/// `POST /rating-lists` query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct ImportQuery {
    /// `fide`, or a national list's name (1–32 lower-case letters, digits, `-`).
    name: String,
    /// The list's month, `YYYY-MM`.
    month: String,
    /// `fide-txt` (FIDE's fixed-width list, combined or single), `fide-xml`
    /// or `csv` (a national list).
    format: String,
    /// The rating a single FIDE list or a national list carries:
    /// `standard` (default), `rapid` or `blitz`.
    #[serde(default)]
    kind: Option<String>,
    /// A national list's federation (its ids are that federation's).
    #[serde(default)]
    federation: Option<String>,
    /// A CSV list's columns, as JSON: each of `national_id`, `fide_id`,
    /// `name`, `federation`, `sex`, `title`, `birth_year`, `rating`,
    /// `games`, `k` → the header's column name, e.g.
    /// `{"national_id":"ID","name":"姓名","rating":"等级分"}`.
    #[serde(default)]
    mapping: Option<String>,
    /// A CSV list's separator (one character, default `,`).
    #[serde(default)]
    delimiter: Option<String>,
}

fn spec(q: ImportQuery) -> Result<ImportSpec, ApiError> {
    let format = Format::parse(&q.format)
        .ok_or_else(|| ApiError::invalid_field("format", "fide-txt, fide-xml or csv"))?;
    let kind = match q.kind.as_deref() {
        None => RatingKind::Standard,
        Some(k) => RatingKind::parse(k)
            .ok_or_else(|| ApiError::invalid_field("kind", "standard, rapid or blitz"))?,
    };
    if q.mapping.is_none() && q.delimiter.is_some() {
        return Err(ApiError::invalid_field(
            "delimiter",
            "a delimiter goes with a CSV's mapping",
        ));
    }
    let mapping = match q.mapping {
        None => None,
        Some(text) => {
            let map: BTreeMap<String, String> = serde_json::from_str(&text).map_err(|e| {
                ApiError::invalid_field("mapping", format!("a JSON object of column names: {e}"))
            })?;
            let mut columns = Vec::new();
            for (key, header) in map {
                let field = Field::parse(&key).ok_or_else(|| {
                    ApiError::invalid_field(
                        "mapping",
                        format!(
                            "unknown field '{key}' (national_id, fide_id, name, federation, sex, \
                             title, birth_year, rating, games, k)"
                        ),
                    )
                })?;
                columns.push((field, header));
            }
            let delimiter = match q.delimiter.as_deref() {
                None => ',',
                Some(d) if d.chars().count() == 1 && !matches!(d, "\"" | "\n" | "\r") => {
                    d.chars().next().unwrap_or(',')
                }
                Some(_) => {
                    return Err(ApiError::invalid_field(
                        "delimiter",
                        "one character, not a quote or a line break",
                    ));
                }
            };
            Some(CsvMapping { delimiter, columns })
        }
    };
    Ok(ImportSpec {
        name: q.name,
        month: q.month,
        format,
        kind,
        federation: q.federation,
        mapping,
    })
}

/// Import a rating list, streamed (an organiser or the administrator). FIDE's whole list (over a million players) takes under a minute; `GET /rating-lists` shows an import's progress meanwhile. A list that cannot be read is not kept at all and the answer names its line.
#[utoipa::path(
    post,
    path = "/api/v1/rating-lists",
    tag = "registry",
    params(ImportQuery),
    request_body(content = String, content_type = "application/octet-stream", description = "the list file as FIDE publishes it (TXT: Latin-1 or UTF-8; XML: UTF-8), or a national CSV (UTF-8 or GB18030); at most 2 GiB"),
    responses((status = 201, description = "the list, ready", body = Imported)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["body_unreadable", "invalid_field", "invalid_query"], "403": ["forbidden"], "413": ["payload_too_large"], "422": ["invalid_list"]}))),
)]
async fn import_list(
    State(state): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<ImportQuery>,
    request: Request,
) -> Result<impl IntoResponse, ApiError> {
    let spec = spec(query)?;
    let body = request.into_body().into_data_stream();
    let imported = rating_lists::import(&state, &actor, spec, body).await?;
    Ok((
        StatusCode::CREATED,
        Json(Imported {
            list: imported.list.into(),
            replaced: imported.replaced,
            people_updated: imported.people_updated,
        }),
    ))
}

/// Every rating list, newest month first, an import under way with its progress (an organiser or the administrator).
#[utoipa::path(
    get,
    path = "/api/v1/rating-lists",
    tag = "registry",
    responses((status = 200, description = "the lists", body = Lists)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"]}))),
)]
async fn list_lists(State(state): State<AppState>, actor: Actor) -> Result<Json<Lists>, ApiError> {
    let lists = rating_lists::list(&state, &actor)
        .await?
        .into_iter()
        .map(RatingList::from)
        .collect();
    Ok(Json(Lists { lists }))
}

/// One rating list (an organiser or the administrator).
#[utoipa::path(
    get,
    path = "/api/v1/rating-lists/{id}",
    tag = "registry",
    params(("id" = String, Path, description = "list id")),
    responses((status = 200, description = "the list", body = RatingList)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"], "404": ["not_found"]}))),
)]
async fn get_list(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<RatingList>, ApiError> {
    Ok(Json(rating_lists::load(&state, &actor, &id).await?.into()))
}

/// Remove a rating list and its players (an organiser or the administrator); people keep what it gave them.
#[utoipa::path(
    delete,
    path = "/api/v1/rating-lists/{id}",
    tag = "registry",
    params(("id" = String, Path, description = "list id")),
    responses((status = 204, description = "removed")),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"], "404": ["not_found"]}))),
)]
async fn delete_list(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    rating_lists::delete(&state, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The list a tournament's ratings come from.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatingListChoice {
    /// `fide`, or a national list's name.
    pub list: String,
    /// `standard`, `rapid` or `blitz`.
    pub kind: String,
    /// `YYYY-MM`; omitted or `null`: the latest ready list of that name.
    #[serde(default)]
    pub month: Option<String>,
}

impl From<RatingSource> for RatingListChoice {
    fn from(s: RatingSource) -> RatingListChoice {
        RatingListChoice {
            list: s.list,
            kind: s.kind.name().to_owned(),
            month: s.month,
        }
    }
}

/// A tournament's chosen list after a change.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TournamentRatingList)]
struct ChosenList {
    /// `null`: ratings as entered by hand.
    rating_list: Option<RatingListChoice>,
    /// Registered players whose rating the change replaced.
    players_rerated: usize,
}

/// Choose the rating list a tournament uses (an organiser or chief arbiter), before round 1 is paired: players registered from the registry take its rating (a FIDE list's into `rating`, a national list's into `national_rating`), and those already registered are re-rated.
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}/rating-list",
    tag = "registry",
    params(("id" = String, Path, description = "tournament id")),
    request_body = RatingListChoice,
    responses((status = 200, description = "the choice, and how many players it re-rated", body = ChosenList)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["ratings_fixed"], "422": ["unknown_rating_list"]}))),
)]
async fn choose_list(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<RatingListChoice>,
) -> Result<Json<ChosenList>, ApiError> {
    let kind = RatingKind::parse(&body.kind)
        .ok_or_else(|| ApiError::invalid_field("kind", "standard, rapid or blitz"))?;
    let source = RatingSource {
        list: body.list,
        kind,
        month: body.month,
    };
    let (chosen, players_rerated) = rating_source::set(&state, &actor, &id, Some(source)).await?;
    Ok(Json(ChosenList {
        rating_list: chosen.map(RatingListChoice::from),
        players_rerated,
    }))
}

/// Go back to ratings entered by hand (an organiser or chief arbiter), before round 1 is paired; players keep the ratings they have.
#[utoipa::path(
    delete,
    path = "/api/v1/tournaments/{id}/rating-list",
    tag = "registry",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "no list chosen", body = ChosenList)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"], "409": ["ratings_fixed"]}))),
)]
async fn clear_list(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<ChosenList>, ApiError> {
    let (chosen, players_rerated) = rating_source::set(&state, &actor, &id, None).await?;
    Ok(Json(ChosenList {
        rating_list: chosen.map(RatingListChoice::from),
        players_rerated,
    }))
}

/// The rating lists' operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    import_list,
    list_lists,
    get_list,
    delete_list,
    choose_list,
    clear_list
))]
pub(crate) struct Doc;

/// `/rating-lists` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/rating-lists", get(list_lists).post(import_list))
        .route("/rating-lists/{id}", get(get_list).delete(delete_list))
        .route(
            "/tournaments/{id}/rating-list",
            axum::routing::put(choose_list).delete(clear_list),
        )
}
