//! Players: register, list, correct, withdraw, requested byes and late
//! entries; start numbers (reassigned in FIDE order when round 1 is paired).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{patch, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::{OpenApi, ToSchema};
use uuid::Uuid;

use crate::auth::{Actor, Permission};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::store::model::parse_date;
pub(crate) use crate::store::players::PlayerRow;
use crate::tournaments::{begin_change, check_name, commit_change, load_tournament};
use crate::{AppState, audit, now_text, store};

/// A player's optional data (everything but the name and start number).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerDetails {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub national_rating: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Points in the club grade-points scheme (`laws.md`, "Grade points";
    /// 100 per grade), before the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade_points: Option<u32>,
}

impl PlayerDetails {
    /// Checks every field; the error names it.
    pub fn check(&self) -> Result<(), ApiError> {
        for (field, rating) in [
            ("rating", self.rating),
            ("national_rating", self.national_rating),
        ] {
            if rating.is_some_and(|r| r > 3500) {
                return Err(ApiError::invalid_field(field, "must be between 0 and 3500"));
            }
        }
        if let Some(title) = &self.title
            && tournament::model::Title::parse(title).is_none()
        {
            return Err(ApiError::invalid_field(
                "title",
                format!("unknown FIDE title '{title}' (GM, IM, WGM, FM, WIM, CM, WFM, WCM)"),
            ));
        }
        if let Some(fed) = &self.federation
            && (fed.len() != 3 || !fed.bytes().all(|b| b.is_ascii_uppercase()))
        {
            return Err(ApiError::invalid_field(
                "federation",
                "a three-letter FIDE federation code in capitals (e.g. FRA)",
            ));
        }
        if self
            .fide_id
            .is_some_and(|id| id == 0 || id > 99_999_999_999)
        {
            return Err(ApiError::invalid_field(
                "fide_id",
                "must be a positive FIDE id",
            ));
        }
        if let Some(sex) = &self.sex
            && sex != "m"
            && sex != "w"
        {
            return Err(ApiError::invalid_field(
                "sex",
                "'m' or 'w' (as FIDE records it)",
            ));
        }
        if let Some(date) = &self.birth_date
            && parse_date(date).is_none()
        {
            return Err(ApiError::invalid_field(
                "birth_date",
                "YYYY, YYYY-MM or YYYY-MM-DD",
            ));
        }
        if let Some(club) = &self.club {
            check_name("club", club)?;
        }
        if self.grade_points.is_some_and(|p| p > MAX_GRADE_POINTS) {
            return Err(ApiError::invalid_field(
                "grade_points",
                format!("must be between 0 and {MAX_GRADE_POINTS}"),
            ));
        }
        Ok(())
    }
}

/// The most grade points a player may carry: far above 1st grade (the
/// scheme has 30 grades of 100 points), to refuse typing errors.
const MAX_GRADE_POINTS: u32 = 100_000;

/// `POST /tournaments/{id}/players` body: the name and the player's data.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlayerRequest)]
struct CreatePlayer {
    /// 1–200 characters (`Surname, First`).
    name: String,
    /// A late entry: the first round the player is paired in (a round not
    /// yet paired; the next one by default once round 1 is paired).
    #[serde(default)]
    joins_at: Option<u32>,
    #[serde(flatten)]
    details: PlayerDetailsFlat,
}

/// `PlayerDetails` without `deny_unknown_fields` (serde cannot combine it
/// with `flatten`); unknown fields are caught by the outer type.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
struct PlayerDetailsFlat {
    /// FIDE rating, 0–3500.
    #[serde(default)]
    rating: Option<u16>,
    /// National rating, 0–3500.
    #[serde(default)]
    national_rating: Option<u16>,
    /// FIDE title: GM, IM, WGM, FM, WIM, CM, WFM, WCM.
    #[serde(default)]
    title: Option<String>,
    /// Three capital letters (e.g. `FRA`).
    #[serde(default)]
    federation: Option<String>,
    #[serde(default)]
    fide_id: Option<u64>,
    /// `m` or `w` (as FIDE records it).
    #[serde(default)]
    sex: Option<String>,
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    #[serde(default)]
    birth_date: Option<String>,
    #[serde(default)]
    club: Option<String>,
    /// Club grade points before the event (100 per grade).
    #[serde(default)]
    grade_points: Option<u32>,
}

impl From<PlayerDetailsFlat> for PlayerDetails {
    fn from(f: PlayerDetailsFlat) -> PlayerDetails {
        PlayerDetails {
            rating: f.rating,
            national_rating: f.national_rating,
            title: f.title,
            federation: f.federation,
            fide_id: f.fide_id,
            sex: f.sex,
            birth_date: f.birth_date,
            club: f.club,
            grade_points: f.grade_points,
        }
    }
}

async fn load_player(
    conn: &mut AnyConnection,
    tournament_id: &str,
    player_id: &str,
) -> Result<PlayerRow, ApiError> {
    store::players::load(conn, tournament_id, player_id)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))
}

/// Inserts a player with the given start number, or else the next free one;
/// a taken start number is 409.
pub(crate) async fn insert_player(
    conn: &mut AnyConnection,
    tournament_id: &str,
    start_number: Option<i64>,
    name: &str,
    details: &PlayerDetails,
    withdrawn_from: Option<i64>,
    joins_at: Option<i64>,
) -> Result<PlayerRow, ApiError> {
    let start_number = match start_number {
        Some(n) => n,
        None => store::players::next_start_number(&mut *conn, tournament_id).await?,
    };
    let player = PlayerRow {
        id: Uuid::new_v4().to_string(),
        tournament_id: tournament_id.to_owned(),
        start_number,
        name: name.to_owned(),
        details: details.clone(),
        withdrawn_from,
        joins_at,
        requested_byes: BTreeMap::new(),
    };
    store::players::insert(conn, &player, &now_text())
        .await
        .map_err(|e| {
            if e.is_unique_violation() {
                ApiError::conflict("duplicate_start_number", "that start number is taken")
            } else {
                e.into()
            }
        })?;
    Ok(player)
}

/// Register a player (start number: the next free one; renumbered in FIDE order when round 1 is paired).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/players",
    tag = "players",
    params(("id" = String, Path, description = "tournament id")),
    request_body = CreatePlayer,
    responses((status = 201, description = "the player", body = PlayerRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["duplicate_start_number", "tournament_started"]}))),
)]
async fn create_player(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(tournament_id): ApiPath<String>,
    ApiJson(body): ApiJson<CreatePlayer>,
) -> Result<impl IntoResponse, ApiError> {
    check_name("name", &body.name)?;
    let details = PlayerDetails::from(body.details);
    details.check()?;
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Manage, &tournament_id).await?;
    let paired = store::rounds::last_paired(&mut *tx, &tournament_id).await?;
    if tournament.system != "swiss-dutch" && paired > 0 {
        return Err(ApiError::conflict(
            "tournament_started",
            "players cannot join a round robin once it is paired",
        ));
    }
    let joins_at = match body.joins_at {
        Some(k) if i64::from(k) <= paired || k > 99 => {
            return Err(ApiError::invalid_field(
                "joins_at",
                format!("a late entry joins at a round not yet paired (after round {paired})"),
            ));
        }
        Some(k) => Some(i64::from(k)),
        None if paired > 0 => Some(paired + 1),
        None => None,
    };
    let player = insert_player(
        &mut tx,
        &tournament_id,
        None,
        &body.name,
        &details,
        None,
        joins_at,
    )
    .await?;
    audit::record(
        &mut tx,
        &actor,
        Some(&tournament_id),
        "create",
        "player",
        &player.id,
        None,
        Some(&serde_json::to_value(&player)?),
    )
    .await?;
    commit_change(tx, &tournament_id).await?;
    Ok((StatusCode::CREATED, Json(player)))
}

/// A tournament's players.
#[derive(Serialize, ToSchema)]
struct PlayerList {
    /// By start number.
    players: Vec<PlayerRow>,
}

/// Players by start number.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/players",
    tag = "players",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the players by start number", body = PlayerList)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn list_players(
    State(state): State<AppState>,
    ApiPath(tournament_id): ApiPath<String>,
) -> Result<Json<PlayerList>, ApiError> {
    load_tournament(state.db().pool(), &tournament_id).await?;
    let players =
        store::players::list(&mut *state.db().pool().acquire().await?, &tournament_id).await?;
    Ok(Json(PlayerList { players }))
}

/// A requested bye.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ByeRequest {
    round: u32,
    /// `half`, `zero`, `full`, or `none` to cancel.
    kind: String,
}

/// `PATCH /tournaments/{id}/players/{pid}` body: a field given replaces
/// the stored one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlayerUpdate)]
struct UpdatePlayer {
    /// `true`: withdraw from the next round not yet paired.
    #[serde(default)]
    withdraw: Option<bool>,
    /// Withdraw from this round on (must not be paired yet).
    #[serde(default)]
    withdrawn_from: Option<u32>,
    #[serde(default)]
    bye: Option<ByeRequest>,
    #[serde(default)]
    name: Option<String>,
    #[serde(flatten)]
    details: PlayerDetailsFlat,
}

/// Withdraw, request a bye for round n, or correct data.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/players/{pid}",
    tag = "players",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("pid" = String, Path, description = "player id"),
    ),
    request_body = UpdatePlayer,
    responses((status = 200, description = "the player as changed", body = PlayerRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"]}))),
)]
async fn update_player(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((tournament_id, player_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<UpdatePlayer>,
) -> Result<Json<PlayerRow>, ApiError> {
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Manage, &tournament_id).await?;
    let before = load_player(&mut tx, &tournament_id, &player_id).await?;
    let paired = store::rounds::last_paired(&mut *tx, &tournament_id).await?;
    let mut after = before.clone();
    if let Some(name) = body.name {
        check_name("name", &name)?;
        after.name = name;
    }
    let flat = body.details;
    let d = &mut after.details;
    macro_rules! set {
        ($($f:ident),*) => { $( if flat.$f.is_some() { d.$f = flat.$f.clone(); } )* };
    }
    set!(
        rating,
        national_rating,
        title,
        federation,
        fide_id,
        sex,
        birth_date,
        club,
        grade_points
    );
    after.details.check()?;
    match (body.withdraw, body.withdrawn_from) {
        (Some(true), None) => after.withdrawn_from = Some(paired + 1),
        (Some(false), None) => after.withdrawn_from = None,
        (None, Some(k)) => {
            if i64::from(k) <= paired || k > 99 {
                return Err(ApiError::invalid_field(
                    "withdrawn_from",
                    format!("must be a round not yet paired (after round {paired})"),
                ));
            }
            after.withdrawn_from = Some(i64::from(k));
        }
        (None, None) => {}
        (Some(_), Some(_)) => {
            return Err(ApiError::invalid_field(
                "withdraw",
                "give either withdraw or withdrawn_from",
            ));
        }
    }
    if let Some(bye) = &body.bye {
        let round = i64::from(bye.round);
        if round <= paired || bye.round > 99 {
            return Err(ApiError::invalid_field(
                "bye.round",
                format!("a bye is requested for a round not yet paired (after round {paired})"),
            ));
        }
        if tournament.rounds > 0 && round > tournament.rounds {
            return Err(ApiError::invalid_field(
                "bye.round",
                format!("the tournament has {} rounds", tournament.rounds),
            ));
        }
        match bye.kind.as_str() {
            "half" | "zero" | "full" => {
                after.requested_byes.insert(round, bye.kind.clone());
            }
            "none" => {
                after.requested_byes.remove(&round);
            }
            other => {
                return Err(ApiError::invalid_field(
                    "bye.kind",
                    format!("unknown bye kind '{other}' (half, zero, full or none)"),
                ));
            }
        }
        let kind = (bye.kind != "none").then_some(bye.kind.as_str());
        store::players::set_requested_bye(&mut tx, &tournament_id, &player_id, round, kind).await?;
    }
    store::players::update(&mut tx, &after).await?;
    audit::record(
        &mut tx,
        &actor,
        Some(&tournament_id),
        "update",
        "player",
        &player_id,
        Some(&serde_json::to_value(&before)?),
        Some(&serde_json::to_value(&after)?),
    )
    .await?;
    commit_change(tx, &tournament_id).await?;
    Ok(Json(after))
}

/// The players' operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(create_player, list_players, update_player))]
pub(crate) struct Doc;

/// Routes for players.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/{id}/players",
            post(create_player).get(list_players),
        )
        .route("/tournaments/{id}/players/{pid}", patch(update_player))
}
