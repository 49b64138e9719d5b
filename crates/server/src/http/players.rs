//! Players: register, list, correct, withdraw, requested byes and late
//! entries; start numbers (reassigned in FIDE order when round 1 is paired).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{patch, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::app::players::{self, NewPlayer, PlayerChange, PlayerRow, RequestedBye};
use crate::auth::Actor;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::model::players::PlayerDetails;
use crate::state::AppState;

/// A player as the API shows it, with the byes they requested.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Player {
    pub id: String,
    pub tournament_id: String,
    pub start_number: i64,
    pub name: String,
    #[serde(flatten)]
    pub details: PlayerDetails,
    pub withdrawn_from: Option<i64>,
    pub joins_at: Option<i64>,
    /// Round → `half` / `zero` / `full`.
    #[schema(value_type = BTreeMap<String, String>)]
    pub requested_byes: BTreeMap<i64, String>,
    /// The registered person this player is (`/api/v1/people/{id}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub person_id: Option<String>,
}

impl From<PlayerRow> for Player {
    fn from(row: PlayerRow) -> Player {
        let PlayerRow {
            id,
            tournament_id,
            start_number,
            name,
            details,
            withdrawn_from,
            joins_at,
            requested_byes,
            person_id,
        } = row;
        Player {
            id,
            tournament_id,
            start_number,
            name,
            details,
            withdrawn_from,
            joins_at,
            requested_byes,
            person_id,
        }
    }
}

/// Players as the API shows them.
pub(crate) fn shown(rows: Vec<PlayerRow>) -> Vec<Player> {
    rows.into_iter().map(Player::from).collect()
}

/// Declares a request body with the player's data fields beside its own
/// (not `#[serde(flatten)]`ed: a flattened field's type error loses its
/// name, so `where` could only say `.`), and `take_details` to move them
/// out as [`PlayerDetails`].
macro_rules! with_player_details {
    ($(#[$meta:meta])* struct $name:ident { $($(#[$field_meta:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        struct $name {
            $($(#[$field_meta])* $field: $ty,)*
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
            /// `true`: the event's regulations bar the player from half-point byes
            /// (a half-point bye requested for them is refused, 422
            /// `half_point_bye_barred`).
            #[serde(default)]
            no_half_point_byes: Option<bool>,
        }

        impl $name {
            /// The player's data fields, moved out.
            fn take_details(&mut self) -> PlayerDetails {
                PlayerDetails {
                    rating: self.rating.take(),
                    national_rating: self.national_rating.take(),
                    title: self.title.take(),
                    federation: self.federation.take(),
                    fide_id: self.fide_id.take(),
                    sex: self.sex.take(),
                    birth_date: self.birth_date.take(),
                    club: self.club.take(),
                    grade_points: self.grade_points.take(),
                    no_half_point_byes: self.no_half_point_byes.take(),
                    expelled: None,
                }
            }
        }
    };
}

with_player_details! {
    /// `POST /tournaments/{id}/players` body: the name and the player's data.
    #[derive(Debug, Deserialize, ToSchema)]
    #[serde(deny_unknown_fields)]
    #[schema(as = PlayerRequest)]
    struct CreatePlayer {
        /// 1–200 characters (`Surname, First`). Omitted: the registered
        /// person's name (`person_id`, or a `fide_id` of the registry).
        #[serde(default)]
        name: Option<String>,
        /// The registered person this player is: what the request leaves out
        /// (title, federation, FIDE id, sex, birth year, club, grade points, the
        /// latest FIDE list's rating) is taken from them. A `fide_id` without a
        /// name finds the person, or registers one from the latest FIDE list.
        #[serde(default)]
        person_id: Option<String>,
        /// `true`: this player is not the registered person they look like
        /// (without it, a lookalike is 409 `possible_duplicate` with the
        /// candidates).
        #[serde(default)]
        not_a_duplicate: bool,
        /// `true`: also register the player as a new person.
        #[serde(default)]
        register: bool,
        /// A late entry: the first round the player is paired in (a round not
        /// yet paired; the next one by default once round 1 is paired).
        #[serde(default)]
        joins_at: Option<u32>,
    }
}

/// Register a player (start number: the next free one; renumbered in FIDE order when round 1 is paired).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/players",
    tag = "players",
    params(("id" = String, Path, description = "tournament id")),
    request_body = CreatePlayer,
    responses((status = 201, description = "the player", body = Player)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["already_registered", "duplicate_start_number", "event_closed", "person_exists", "possible_duplicate", "tournament_started"], "422": ["unknown_fide_id", "unknown_person"]}))),
)]
async fn create_player(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(tournament_id): ApiPath<String>,
    ApiJson(mut body): ApiJson<CreatePlayer>,
) -> Result<impl IntoResponse, ApiError> {
    let new = NewPlayer {
        details: body.take_details(),
        name: body.name,
        joins_at: body.joins_at,
        person_id: body.person_id,
        not_a_duplicate: body.not_a_duplicate,
        register: body.register,
    };
    let player = players::create(&state, &actor, &tournament_id, new).await?;
    Ok((StatusCode::CREATED, Json(Player::from(player))))
}

/// `POST /tournaments/{id}/players/paste` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PastePlayers {
    /// One player a line: `Name, rating[, federation[, FIDE id[, title]]]`.
    /// The name is everything before the first field that is a whole
    /// number (so `Surname, First` keeps its comma); that number is the
    /// FIDE rating (0 for an unrated player). Empty lines and lines
    /// starting with `#` are skipped.
    text: String,
}

/// The players registered from a paste, in the order of its lines.
#[derive(Serialize, ToSchema)]
struct PastedPlayers {
    players: Vec<Player>,
}

/// Register many players at once from pasted lines, all or none.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/players/paste",
    tag = "players",
    params(("id" = String, Path, description = "tournament id")),
    request_body = PastePlayers,
    responses((status = 201, description = "the players registered, in the order of the lines", body = PastedPlayers)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_lines"], "404": ["not_found"], "409": ["duplicate_start_number", "event_closed", "tournament_started"]}))),
)]
async fn paste_players(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(tournament_id): ApiPath<String>,
    ApiJson(body): ApiJson<PastePlayers>,
) -> Result<impl IntoResponse, ApiError> {
    let players = players::paste(&state, &actor, &tournament_id, &body.text).await?;
    Ok((
        StatusCode::CREATED,
        Json(PastedPlayers {
            players: shown(players),
        }),
    ))
}

/// A tournament's players.
#[derive(Serialize, ToSchema)]
struct PlayerList {
    /// By start number.
    players: Vec<Player>,
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
    let players = players::list(&state, &tournament_id).await?;
    Ok(Json(PlayerList {
        players: shown(players),
    }))
}

/// A requested bye.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ByeRequest {
    round: u32,
    /// `half`, `zero`, `full`, or `none` to cancel.
    kind: String,
}

with_player_details! {
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
        /// `true`: the arbiter expels the player — withdrawn from the next
        /// round not yet paired (or earlier, as withdrawn), and left out of a
        /// Swiss event's standings, his games still counting for his opponents;
        /// `false`: the expulsion is taken back (the withdrawal stays).
        #[serde(default)]
        expel: Option<bool>,
        /// Data fields to remove (`null` in a field leaves it as it is):
        /// `rating`, `national_rating`, `title`, `federation`, `fide_id`,
        /// `sex`, `birth_date`, `club`, `grade_points`, `no_half_point_byes`.
        #[serde(default)]
        clear: Vec<String>,
        #[serde(default)]
        bye: Option<ByeRequest>,
        #[serde(default)]
        name: Option<String>,
    }
}

/// Withdraw, request a bye for round n, or correct data.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/players/{pid}",
    tag = "players",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("pid" = String, Path, description = "player id"),
        ("Arbiter-Confirm" = Option<String>, Header, description = "the `confirmation` of a `409 confirmation_required` answer to the same request"),
    ),
    request_body = UpdatePlayer,
    responses(
        (status = 200, description = "the player as changed", body = Player),
        (status = 409, description = "a second half-point bye (level 3) or a full-point bye (level 2) to confirm", body = crate::app::confirm::ConfirmationRequired),
    ),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_header"], "404": ["not_found"], "409": ["already_registered", "confirmation_required", "event_closed"], "422": ["half_point_bye_barred", "not_for_team_events", "player_expelled", "player_withdrawn", "team_withdrawn"]}))),
)]
async fn update_player(
    State(state): State<AppState>,
    actor: Actor,
    confirmation: crate::app::confirm::Confirmation,
    ApiPath((tournament_id, player_id)): ApiPath<(String, String)>,
    ApiJson(mut body): ApiJson<UpdatePlayer>,
) -> Result<Json<Player>, ApiError> {
    let change = PlayerChange {
        details: body.take_details(),
        withdraw: body.withdraw,
        withdrawn_from: body.withdrawn_from,
        expel: body.expel,
        clear: body.clear,
        bye: body.bye.map(|b| RequestedBye {
            round: b.round,
            kind: b.kind,
        }),
        name: body.name,
    };
    let after = players::update(
        &state,
        &actor,
        &tournament_id,
        &player_id,
        change,
        &confirmation,
    )
    .await?;
    Ok(Json(after.into()))
}

/// The players' operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(create_player, paste_players, list_players, update_player, link_person))]
pub(crate) struct Doc;

/// Routes for players.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments/{id}/players",
            post(create_player).get(list_players),
        )
        .route("/tournaments/{id}/players/paste", post(paste_players))
        .route("/tournaments/{id}/players/{pid}", patch(update_player))
        .route("/tournaments/{id}/players/{pid}/person", put(link_person))
}

/// `PUT /tournaments/{id}/players/{pid}/person` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlayerPersonLink)]
struct PersonLink {
    /// The registered person; `null` unlinks.
    person_id: Option<String>,
}

/// Link a player to a registered person, or unlink them (an organiser or chief arbiter).
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}/players/{pid}/person",
    tag = "players",
    params(
        ("id" = String, Path, description = "tournament id"),
        ("pid" = String, Path, description = "player id"),
    ),
    request_body = PersonLink,
    responses((status = 200, description = "the player", body = Player)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"404": ["not_found"], "409": ["already_registered", "event_closed"], "422": ["unknown_person"]}))),
)]
async fn link_person(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath((tournament_id, player_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<PersonLink>,
) -> Result<Json<Player>, ApiError> {
    let player = players::link_person(
        &state,
        &actor,
        &tournament_id,
        &player_id,
        body.person_id.as_deref(),
    )
    .await?;
    Ok(Json(Player::from(player)))
}
