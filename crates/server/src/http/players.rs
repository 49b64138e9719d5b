//! Players: register, list, correct, withdraw, requested byes and late
//! entries; start numbers (reassigned in FIDE order when round 1 is paired).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{patch, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::{OpenApi, ToSchema};

use crate::app::players::insert_player;
use crate::app::tournaments::{begin_change, commit_change, load_tournament};
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::model::players::PlayerDetails;
use crate::model::settings::check_name;
use crate::state::AppState;
use crate::store;
pub(crate) use crate::store::players::PlayerRow;

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
    let joins_at = entry_round(&tournament.system, paired, body.joins_at)?;
    let player = register(
        &mut tx,
        &actor,
        &tournament_id,
        &body.name,
        &details,
        joins_at,
    )
    .await?;
    commit_change(tx, &tournament_id).await?;
    Ok((StatusCode::CREATED, Json(player)))
}

/// The round a new player is first paired in (`None`: from round 1): a
/// round robin takes no one once paired (409 `tournament_started`); a late
/// entry joins at a round not yet paired, the next one by default.
fn entry_round(system: &str, paired: i64, joins_at: Option<u32>) -> Result<Option<i64>, ApiError> {
    if system != "swiss-dutch" && paired > 0 {
        return Err(ApiError::conflict(
            "tournament_started",
            "players cannot join a round robin once it is paired",
        ));
    }
    match joins_at {
        Some(k) if i64::from(k) <= paired || k > 99 => Err(ApiError::invalid_field(
            "joins_at",
            format!("a late entry joins at a round not yet paired (after round {paired})"),
        )),
        Some(k) => Ok(Some(i64::from(k))),
        None if paired > 0 => Ok(Some(paired + 1)),
        None => Ok(None),
    }
}

/// Registers one checked player with the next start number, audited.
async fn register(
    tx: &mut AnyConnection,
    actor: &Actor,
    tournament_id: &str,
    name: &str,
    details: &PlayerDetails,
    joins_at: Option<i64>,
) -> Result<PlayerRow, ApiError> {
    let player = insert_player(tx, tournament_id, None, name, details, None, joins_at).await?;
    audit::record(
        tx,
        actor,
        Some(tournament_id),
        "create",
        "player",
        &player.id,
        None,
        Some(&serde_json::to_value(&player)?),
    )
    .await?;
    Ok(player)
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
    players: Vec<PlayerRow>,
}

/// One refused line of a paste (the 400 `invalid_lines` answer's
/// `problems`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct LineProblem {
    /// 1-based line number in the pasted text.
    pub line: usize,
    /// The field refused (`name`, `rating`, `federation`, `fide_id`, `title`).
    pub field: String,
    pub message: String,
}

/// The most lines one paste may hold.
const MAX_PASTED_LINES: usize = 1000;

/// Reads one pasted line (see [`PastePlayers`]) into a name and details,
/// checked as `POST /players` checks them; `None` for a line to skip.
fn read_line(line: &str) -> Option<Result<(String, PlayerDetails), (String, String)>> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = trimmed.split(',').map(str::trim).collect();
    let is_number = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    let Some(at) = fields.iter().position(|f| is_number(f)) else {
        return Some(Err((
            "rating".into(),
            "no rating: write `Name, rating` (0 for an unrated player)".into(),
        )));
    };
    let name = fields[..at].join(", ");
    let rest = &fields[at + 1..];
    let bad = |field: &str, message: String| Some(Err((field.to_owned(), message)));
    if rest.len() > 3 {
        return bad(
            "line",
            "too many fields: Name, rating[, federation[, FIDE id[, title]]]".into(),
        );
    }
    let Ok(rating) = fields[at].parse::<u16>() else {
        return bad("rating", "must be between 0 and 3500".into());
    };
    let optional = |i: usize| rest.get(i).copied().filter(|f| !f.is_empty());
    let fide_id = match optional(1) {
        Some(text) => match text.parse::<u64>() {
            Ok(id) => Some(id),
            Err(_) => return bad("fide_id", format!("'{text}' is not a FIDE id")),
        },
        None => None,
    };
    let details = PlayerDetails {
        rating: Some(rating),
        federation: optional(0).map(str::to_owned),
        fide_id,
        title: optional(2).map(str::to_owned),
        ..PlayerDetails::default()
    };
    let checked = check_name("name", &name).and_then(|()| details.check());
    Some(match checked {
        Ok(()) => Ok((name, details)),
        Err(ApiError::BadRequest { message, at, .. }) => {
            Err((at.unwrap_or_else(|| "line".into()), message))
        }
        Err(_) => Err(("line".into(), "not a player line".into())),
    })
}

/// Reads a whole paste: every line's player, or every bad line's problem.
pub(crate) fn read_paste(text: &str) -> Result<Vec<(String, PlayerDetails)>, Vec<LineProblem>> {
    let mut players = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match read_line(line) {
            None => {}
            Some(Ok(player)) => players.push(player),
            Some(Err((field, message))) => problems.push(LineProblem {
                line: i + 1,
                field,
                message,
            }),
        }
    }
    if players.is_empty() && problems.is_empty() {
        problems.push(LineProblem {
            line: 1,
            field: "text".into(),
            message: "no player: write one a line, `Name, rating`".into(),
        });
    }
    if players.len() + problems.len() > MAX_PASTED_LINES {
        problems.push(LineProblem {
            line: MAX_PASTED_LINES + 1,
            field: "text".into(),
            message: format!("at most {MAX_PASTED_LINES} players at a time"),
        });
    }
    if problems.is_empty() {
        Ok(players)
    } else {
        Err(problems)
    }
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
    extensions(("x-errors" = json!({"400": ["invalid_lines"], "404": ["not_found"], "409": ["duplicate_start_number", "tournament_started"]}))),
)]
async fn paste_players(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(tournament_id): ApiPath<String>,
    ApiJson(body): ApiJson<PastePlayers>,
) -> Result<impl IntoResponse, ApiError> {
    // Permission first: a reader who may not manage the event learns
    // nothing of the lines.
    let (_write, mut tx, tournament) =
        begin_change(&state, &actor, Permission::Manage, &tournament_id).await?;
    let entries = read_paste(&body.text).map_err(|problems| {
        let count = problems.len();
        let mut details = serde_json::Map::new();
        details.insert(
            "problems".into(),
            serde_json::to_value(&problems).unwrap_or_default(),
        );
        ApiError::Detailed {
            status: StatusCode::BAD_REQUEST,
            code: "invalid_lines".into(),
            message: format!("{count} line(s) refused; no player was added"),
            article: None,
            details,
        }
    })?;
    let paired = store::rounds::last_paired(&mut *tx, &tournament_id).await?;
    let joins_at = entry_round(&tournament.system, paired, None)?;
    let mut players = Vec::with_capacity(entries.len());
    for (name, details) in &entries {
        players.push(register(&mut tx, &actor, &tournament_id, name, details, joins_at).await?);
    }
    commit_change(tx, &tournament_id).await?;
    Ok((StatusCode::CREATED, Json(PastedPlayers { players })))
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
#[openapi(paths(create_player, paste_players, list_players, update_player))]
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
}

#[cfg(test)]
mod tests {
    use super::read_paste;

    #[test]
    fn a_pasted_line_keeps_the_comma_of_a_surname_first_name() {
        let players = read_paste("Carlsen, Magnus, 2830, NOR, 1503014, GM\n\n# seeded\nLi Na, 0")
            .expect("two good lines");
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].0, "Carlsen, Magnus");
        assert_eq!(players[0].1.rating, Some(2830));
        assert_eq!(players[0].1.federation.as_deref(), Some("NOR"));
        assert_eq!(players[0].1.fide_id, Some(1_503_014));
        assert_eq!(players[0].1.title.as_deref(), Some("GM"));
        assert_eq!(players[1].0, "Li Na");
        assert_eq!(players[1].1.rating, Some(0));
    }

    #[test]
    fn every_bad_line_is_named_by_its_number_and_field() {
        let problems = read_paste("Good, 1800\nNo Rating\nToo High, 9000\nFed, 1500, fr\n, 1400")
            .expect_err("bad lines");
        let named: Vec<(usize, &str)> = problems
            .iter()
            .map(|p| (p.line, p.field.as_str()))
            .collect();
        assert_eq!(
            named,
            [(2, "rating"), (3, "rating"), (4, "federation"), (5, "name")]
        );
    }

    #[test]
    fn an_empty_paste_is_refused() {
        assert!(read_paste("\n  \n# nothing").is_err());
    }
}
