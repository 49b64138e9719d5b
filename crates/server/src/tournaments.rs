//! Tournaments: create, read, list, update (settings, scoring, tie-breaks,
//! pairing options), with the checks every way of creating one shares
//! (JSON and TRF import). The model is rebuilt from the rows in `stored`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::{Any, AnyConnection};
use utoipa::{OpenApi, ToSchema};
use uuid::Uuid;

use crate::auth::{Actor, Permission, Role};
use crate::db::WriteGuard;
use crate::engine::GameKind;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::event_info::{EventChange, EventDetails, given};
use crate::laws::Laws;
use crate::pairing_options::{PairingOptions, PairingRequest};
use crate::store::Tx;
use crate::store::model::Loaded;
pub(crate) use crate::store::tournaments::TournamentRow;
use crate::teams::TeamSettings;
use crate::{AppState, audit, now_text, store};

/// The regulations profiles a tournament may name (`regulations::Profile::by_name`).
pub const PROFILES: &[&str] = &["fide-seed", "fide-2023", "china-national", "club"];
/// The default profile.
pub const DEFAULT_PROFILE: &str = "fide-seed";

/// A name: 1–200 characters, no control characters.
pub(crate) fn check_name(field: &str, value: &str) -> Result<(), ApiError> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(ApiError::invalid_field(field, "must not be empty"));
    }
    if value.chars().count() > 200 {
        return Err(ApiError::invalid_field(field, "at most 200 characters"));
    }
    if value.chars().any(char::is_control) {
        return Err(ApiError::invalid_field(
            field,
            "must not contain control characters",
        ));
    }
    Ok(())
}

/// A regulations profile name of `game`, defaulting to the game's
/// (`fide-seed`, `xiangqi`). A profile of the other game is 422
/// `profile_not_for_game` naming `regulations`; an unknown name is 400.
pub(crate) fn check_regulations(game: GameKind, profile: Option<&str>) -> Result<String, ApiError> {
    let profile = profile.unwrap_or(game.default_profile());
    if game.profiles().contains(&profile) {
        return Ok(profile.to_owned());
    }
    let other = [GameKind::Chess, GameKind::Xiangqi]
        .into_iter()
        .find(|g| g.profiles().contains(&profile));
    match other {
        Some(other) => Err(ApiError::Unprocessable {
            code: "profile_not_for_game".into(),
            message: format!(
                "'{profile}' is a {} profile; a {} event takes one of {}",
                other.as_str(),
                game.as_str(),
                game.profiles().join(", ")
            ),
            article: None,
            at: Some("regulations".into()),
        }),
        None => Err(ApiError::invalid_field(
            "regulations",
            format!(
                "unknown profile '{profile}' (one of {})",
                game.profiles().join(", ")
            ),
        )),
    }
}

/// A PGN `TimeControl` tag value: `?`, `-`, or `:`-separated periods, each
/// `moves/seconds`, `seconds`, `seconds+increment` or `*seconds`.
pub(crate) fn check_time_control(tc: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(tc) = tc else { return Ok(None) };
    if tc == "?" || tc == "-" {
        return Ok(Some(tc.to_owned()));
    }
    if tc.len() > 100 {
        return Err(ApiError::invalid_field(
            "time_control",
            "at most 100 characters",
        ));
    }
    regulations::TimeControl::parse(tc).map_err(|e| {
        ApiError::invalid_field(
            "time_control",
            format!("'{tc}' is not a PGN TimeControl value (e.g. 40/5400:1800 or 5400+30): {e}"),
        )
    })?;
    Ok(Some(tc.to_owned()))
}

/// The tie-break list: C.07 acronyms with `/` modifiers.
fn check_tiebreaks(list: &[String]) -> Result<(), ApiError> {
    if list.len() > 20 {
        return Err(ApiError::invalid_field(
            "tiebreaks",
            "at most 20 tie-breaks",
        ));
    }
    for (i, code) in list.iter().enumerate() {
        if code.is_empty()
            || code.len() > 20
            || !code
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'/' || b == b'-')
        {
            return Err(ApiError::invalid_field(
                &format!("tiebreaks[{i}]"),
                format!("'{code}' is not a C.07 tie-break code (e.g. BH/C1, SB, DE)"),
            ));
        }
    }
    check_tiebreak_codes(list)
}

/// Checks tie-break codes with the `tournament` crate's C.07 parser.
pub(crate) fn check_tiebreak_codes(list: &[String]) -> Result<(), ApiError> {
    for (i, code) in list.iter().enumerate() {
        tournament::standings::spec::parse_tiebreak(code).map_err(|e| {
            ApiError::invalid_field(&format!("tiebreaks[{i}]"), format!("'{code}': {e}"))
        })?;
    }
    Ok(())
}

/// Points in the API: a number with at most one decimal, 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct PointsValue(pub f64);

impl PointsValue {
    /// Tenths of a point, or an error naming the field.
    pub fn tenths(self, field: &str) -> Result<u32, ApiError> {
        let tenths = self.0 * 10.0;
        if !(0.0..=1000.0).contains(&tenths) || (tenths - tenths.round()).abs() > 1e-9 {
            return Err(ApiError::invalid_field(
                field,
                "points must be between 0 and 100 with at most one decimal",
            ));
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(tenths.round() as u32)
    }
}

/// The scoring of a tournament (points per outcome and bye kind). In a
/// request, forfeits and byes left out follow win, draw and loss.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Scoring)]
pub struct ScoringSpec {
    #[serde(default = "one")]
    pub win: PointsValue,
    #[serde(default = "half")]
    pub draw: PointsValue,
    #[serde(default = "zero")]
    pub loss: PointsValue,
    #[serde(default)]
    pub forfeit_win: Option<PointsValue>,
    #[serde(default)]
    pub forfeit_loss: Option<PointsValue>,
    #[serde(default)]
    pub pairing_allocated_bye: Option<PointsValue>,
    #[serde(default)]
    pub full_point_bye: Option<PointsValue>,
    #[serde(default)]
    pub half_point_bye: Option<PointsValue>,
    #[serde(default)]
    pub zero_point_bye: Option<PointsValue>,
}

fn one() -> PointsValue {
    PointsValue(1.0)
}
fn half() -> PointsValue {
    PointsValue(0.5)
}
fn zero() -> PointsValue {
    PointsValue(0.0)
}

impl Default for ScoringSpec {
    fn default() -> ScoringSpec {
        ScoringSpec {
            win: one(),
            draw: half(),
            loss: zero(),
            forfeit_win: None,
            forfeit_loss: None,
            pairing_allocated_bye: None,
            full_point_bye: None,
            half_point_bye: None,
            zero_point_bye: None,
        }
    }
}

impl ScoringSpec {
    /// Fills the defaults (byes and forfeits follow win/draw/loss) and
    /// checks every value.
    pub fn normalised(self) -> Result<ScoringSpec, ApiError> {
        let resolved = ScoringSpec {
            forfeit_win: Some(self.forfeit_win.unwrap_or(self.win)),
            forfeit_loss: Some(self.forfeit_loss.unwrap_or(self.loss)),
            pairing_allocated_bye: Some(self.pairing_allocated_bye.unwrap_or(self.win)),
            full_point_bye: Some(self.full_point_bye.unwrap_or(self.win)),
            half_point_bye: Some(self.half_point_bye.unwrap_or(self.draw)),
            zero_point_bye: Some(self.zero_point_bye.unwrap_or(self.loss)),
            ..self
        };
        for (field, value) in resolved.fields() {
            value.tenths(&format!("scoring.{field}"))?;
        }
        Ok(resolved)
    }

    pub(crate) fn fields(&self) -> [(&'static str, PointsValue); 9] {
        let or = |v: Option<PointsValue>, d: PointsValue| v.unwrap_or(d);
        [
            ("win", self.win),
            ("draw", self.draw),
            ("loss", self.loss),
            ("forfeit_win", or(self.forfeit_win, self.win)),
            ("forfeit_loss", or(self.forfeit_loss, self.loss)),
            (
                "pairing_allocated_bye",
                or(self.pairing_allocated_bye, self.win),
            ),
            ("full_point_bye", or(self.full_point_bye, self.win)),
            ("half_point_bye", or(self.half_point_bye, self.draw)),
            ("zero_point_bye", or(self.zero_point_bye, self.loss)),
        ]
    }
}

/// `POST /tournaments` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TournamentRequest)]
struct CreateTournament {
    /// 1–200 characters.
    name: String,
    /// `swiss-dutch`, `round-robin` or `double-round-robin`.
    system: String,
    /// `chess` (default) or `xiangqi`.
    #[serde(default)]
    #[schema(value_type = Option<GameKind>)]
    game: Option<String>,
    /// 1–99; required for a Swiss tournament (a round robin's default: as
    /// many as the schedule needs).
    #[serde(default)]
    rounds: Option<u32>,
    /// A PGN `TimeControl` value (e.g. `40/5400:1800`, `5400+30`).
    #[serde(default)]
    time_control: Option<String>,
    /// `fide-seed` (default), `fide-2023`, `china-national` or `club`.
    #[serde(default)]
    regulations: Option<String>,
    /// C.07 tie-break codes in order (e.g. `BH/C1`, `SB`, `DE`); the
    /// profile's and system's default when absent.
    #[serde(default)]
    tiebreaks: Option<Vec<String>>,
    #[serde(default)]
    scoring: Option<ScoringSpec>,
    /// Recording mode of new boards: `live` (default) or `scoresheet`.
    #[serde(default)]
    recording: Option<String>,
    /// Pairing options (initial colour, acceleration, forbidden pairs).
    #[serde(default)]
    pairing: Option<PairingRequest>,
    /// What the organiser announces over the profile (`laws.rs`).
    #[serde(default)]
    laws: Option<Laws>,
    /// A team event: boards per match, ranking, match points (`teams.rs`).
    #[serde(default)]
    teams: Option<TeamSettings>,
    /// City or venue, at most 200 characters.
    #[serde(default)]
    place: Option<String>,
    /// The hosting federation's three-letter FIDE code (e.g. `FRA`).
    #[serde(default)]
    federation: Option<String>,
    /// First day, `YYYY-MM-DD`.
    #[serde(default)]
    start_date: Option<String>,
    /// Last day, `YYYY-MM-DD`, not before `start_date`.
    #[serde(default)]
    end_date: Option<String>,
    /// The chief arbiter's name, at most 200 characters.
    #[serde(default)]
    chief_arbiter: Option<String>,
}

/// `PATCH /tournaments/{id}` body: a field given replaces the stored one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TournamentUpdate)]
struct UpdateTournament {
    #[serde(default)]
    name: Option<String>,
    /// `chess` or `xiangqi`, until a round is paired (422 `game_fixed`
    /// after); a new game brings its default profile, laws and scoring.
    #[serde(default)]
    #[schema(value_type = Option<GameKind>)]
    game: Option<String>,
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    time_control: Option<String>,
    #[serde(default)]
    regulations: Option<String>,
    #[serde(default)]
    tiebreaks: Option<Vec<String>>,
    #[serde(default)]
    scoring: Option<ScoringSpec>,
    #[serde(default)]
    recording: Option<String>,
    #[serde(default)]
    pairing: Option<PairingRequest>,
    #[serde(default)]
    laws: Option<Laws>,
    /// Makes the event a team event or changes its settings, until a round
    /// is paired (409 `round_paired` after).
    #[serde(default)]
    teams: Option<TeamSettings>,
    /// City or venue; `null` or blank clears it (so for the four below).
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    place: Option<Option<String>>,
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    federation: Option<Option<String>>,
    /// `YYYY-MM-DD`.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    start_date: Option<Option<String>>,
    /// `YYYY-MM-DD`, not before `start_date`.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    end_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    chief_arbiter: Option<Option<String>>,
}

const SYSTEMS: &[&str] = &["swiss-dutch", "round-robin", "double-round-robin"];

/// The tie-breaks a tournament gets when the organiser names none: the C.07
/// recommendation for its system, or the national variation's (round robin
/// by Sonneborn–Berger, Swiss by Buchholz) under `china-national` — the
/// presets of `tournament::standings::spec::Preset`.
pub(crate) fn default_tiebreaks(system: &str, profile: &str) -> Vec<String> {
    use tournament::standings::spec::Preset;
    let system = match system {
        "swiss-dutch" => tournament::model::System::Swiss,
        _ => tournament::model::System::RoundRobin,
    };
    let preset = if profile == "china-national" {
        Preset::ChinaNational
    } else {
        Preset::default_for(system)
    };
    preset
        .tiebreaks(system)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The scoring a tournament gets when the organiser gives none: its
/// regulations profile's (1/½/0, or the club's and the Xiangqi profiles'
/// 2/1/0); byes and forfeits follow win, draw and loss.
fn default_scoring(profile: &str) -> ScoringSpec {
    let scoring = match regulations::XiangqiProfile::by_name(profile) {
        Some(xq) => xq.scoring,
        None => {
            regulations::Profile::by_name(profile)
                .unwrap_or_default()
                .scoring
        }
    };
    let points = |half_points: u32| PointsValue(f64::from(half_points) / 2.0);
    ScoringSpec {
        win: points(scoring.win),
        draw: points(scoring.draw),
        loss: points(scoring.loss),
        ..ScoringSpec::default()
    }
}

/// Xiangqi is recorded live only (the Xiangqi game models no scoresheet
/// mode): 422 `not_for_this_game` naming `field` otherwise.
pub(crate) fn check_recording(game: GameKind, field: &str, mode: &str) -> Result<(), ApiError> {
    if game == GameKind::Xiangqi && mode != "live" {
        return Err(ApiError::Unprocessable {
            code: "not_for_this_game".into(),
            message: format!("a Xiangqi game is recorded live, not '{mode}'"),
            article: None,
            at: Some(field.into()),
        });
    }
    Ok(())
}

/// Loads a tournament or 404.
pub(crate) async fn load_tournament<'e, E>(executor: E, id: &str) -> Result<TournamentRow, ApiError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    store::tournaments::load(executor, id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))
}

/// Everything stored about a tournament (`store::model::load_all`) or 404.
pub(crate) async fn load_all(conn: &mut AnyConnection, id: &str) -> Result<Loaded, ApiError> {
    store::model::load_all(conn, id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))
}

/// The opening of every change to a tournament: this process's turn to
/// write, a transaction, the tournament read in it (404 when there is none)
/// and the actor checked for `permission` on it (403). Keep the guard until
/// the transaction is committed or dropped.
pub(crate) async fn begin_change(
    state: &AppState,
    actor: &Actor,
    permission: Permission,
    id: &str,
) -> Result<(WriteGuard, Tx, TournamentRow), ApiError> {
    let (guard, mut tx) = state.db().begin().await?;
    let tournament = load_tournament(&mut *tx, id).await?;
    actor.require(permission, id, tournament.owner_token.as_deref())?;
    Ok((guard, tx, tournament))
}

/// Commits a change to tournament `id`, bumping its version (what the page
/// cache keys on: `web/cache.rs`) as the transaction's last write.
pub(crate) async fn commit_change(mut tx: Tx, id: &str) -> Result<(), ApiError> {
    store::tournaments::bump_version(&mut tx, id).await?;
    tx.commit().await?;
    Ok(())
}

/// Commits a change to a game: through [`commit_change`] when the game is
/// on a tournament's board, else plainly.
pub(crate) async fn commit_game_change(
    tx: Tx,
    tournament_id: Option<&str>,
) -> Result<(), ApiError> {
    match tournament_id {
        Some(id) => commit_change(tx, id).await,
        None => Ok(tx.commit().await?),
    }
}

/// Everything needed to insert a tournament row.
pub(crate) struct NewTournament {
    pub name: String,
    pub system: String,
    pub game: GameKind,
    pub rounds: i64,
    pub time_control: Option<String>,
    pub regulations: String,
    pub tiebreaks: Vec<String>,
    pub scoring: ScoringSpec,
    pub recording: String,
    pub pairing: PairingOptions,
    pub laws: Laws,
    pub teams: Option<TeamSettings>,
    pub event: EventDetails,
    pub details: Value,
}

/// The number of rounds of a tournament (JSON create and TRF import alike):
/// 1 to 99, required for a Swiss tournament, 0 meaning "as many as the
/// schedule needs" for a round robin.
pub(crate) fn check_rounds(system: &str, rounds: Option<i64>) -> Result<i64, ApiError> {
    match (system, rounds) {
        ("swiss-dutch", None) => Err(ApiError::invalid_field(
            "rounds",
            "a Swiss tournament needs its number of rounds",
        )),
        (_, Some(r)) if !(1..=99).contains(&r) => Err(ApiError::invalid_field(
            "rounds",
            "must be between 1 and 99",
        )),
        (_, r) => Ok(r.unwrap_or(0)),
    }
}

/// The checks JSON create makes on a tournament's name, rounds and
/// tie-breaks, for tournaments that arrive another way (TRF import).
pub(crate) fn check_new_tournament(new: &NewTournament) -> Result<(), ApiError> {
    check_name("name", &new.name)?;
    if !SYSTEMS.contains(&new.system.as_str()) {
        return Err(ApiError::invalid_field("system", "unknown system"));
    }
    check_rounds(&new.system, (new.rounds != 0).then_some(new.rounds))?;
    check_tiebreaks(&new.tiebreaks)?;
    new.scoring.normalised()?;
    new.event.check()?;
    Ok(())
}

pub(crate) async fn insert_tournament(
    tx: &mut AnyConnection,
    actor: &Actor,
    new: NewTournament,
) -> Result<TournamentRow, ApiError> {
    let id = Uuid::new_v4().to_string();
    let now = now_text();
    let owner = (actor.role == Role::Organiser).then(|| actor.id.clone());
    let row = TournamentRow {
        id: id.clone(),
        name: new.name,
        system: new.system,
        game: new.game,
        rounds: new.rounds,
        time_control: new.time_control,
        regulations: new.regulations,
        tiebreaks: new.tiebreaks,
        scoring: new.scoring,
        recording: new.recording,
        pairing: new.pairing,
        laws: new.laws,
        teams: new.teams,
        event: new.event,
        details: new.details,
        owner_token: owner,
        created_at: now.clone(),
        updated_at: now,
    };
    store::tournaments::insert(tx, &row).await?;
    audit::record(
        tx,
        actor,
        Some(&id),
        "create",
        "tournament",
        &id,
        None,
        Some(&serde_json::to_value(&row)?),
    )
    .await?;
    Ok(row)
}

/// Create a tournament.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    request_body = CreateTournament,
    responses((status = 201, description = "the tournament", body = TournamentRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "422": ["not_for_this_game", "profile_not_for_game"]}))),
)]
async fn create_tournament(
    State(state): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<CreateTournament>,
) -> Result<impl IntoResponse, ApiError> {
    actor.require(Permission::CreateTournament, "", None)?;
    check_name("name", &body.name)?;
    if !SYSTEMS.contains(&body.system.as_str()) {
        return Err(ApiError::invalid_field(
            "system",
            format!(
                "unknown system '{}' (one of {})",
                body.system,
                SYSTEMS.join(", ")
            ),
        ));
    }
    let rounds = check_rounds(&body.system, body.rounds.map(i64::from))?;
    let game = match body.game.as_deref() {
        Some(text) => GameKind::check("game", text)?,
        None => GameKind::Chess,
    };
    let regulations = check_regulations(game, body.regulations.as_deref())?;
    // The profile brings its defaults; what the organiser gives overrides them.
    let tiebreaks = body
        .tiebreaks
        .unwrap_or_else(|| default_tiebreaks(&body.system, &regulations));
    check_tiebreaks(&tiebreaks)?;
    let mut laws = Laws::of_profile(&regulations);
    if let Some(request) = &body.laws {
        Laws::check_for(request, game)?;
        laws.announce(request)?;
    }
    let recording =
        crate::engine::check_mode("recording", body.recording.as_deref().unwrap_or("live"))?;
    check_recording(game, "recording", recording)?;
    let mut pairing = PairingOptions::new_drawn()?;
    if let Some(request) = body.pairing {
        pairing.apply(request, &[], rounds, 0)?;
    }
    let teams = body.teams.map(|t| t.normalised(&regulations)).transpose()?;
    let mut event = EventDetails::default();
    event.apply(EventChange {
        place: Some(body.place),
        federation: Some(body.federation),
        start_date: Some(body.start_date),
        end_date: Some(body.end_date),
        chief_arbiter: Some(body.chief_arbiter),
    })?;
    let new = NewTournament {
        name: body.name,
        time_control: check_time_control(body.time_control.as_deref())?,
        scoring: body
            .scoring
            .unwrap_or_else(|| default_scoring(&regulations))
            .normalised()?,
        regulations,
        system: body.system,
        game,
        rounds,
        tiebreaks,
        recording: recording.to_owned(),
        pairing,
        laws,
        teams,
        event,
        details: json!({}),
    };
    let (_write, mut tx) = state.db().begin().await?;
    let row = insert_tournament(&mut tx, &actor, new).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row)))
}

pub(crate) fn tournament_json(row: &TournamentRow) -> Value {
    serde_json::to_value(row).unwrap_or(Value::Null)
}

/// A tournament with how far it has come, as `GET /tournaments/{id}` and
/// the TRF import show it.
#[derive(Serialize, ToSchema)]
#[schema(as = TournamentWithCounts)]
pub(crate) struct Counted {
    #[serde(flatten)]
    pub tournament: TournamentRow,
    /// Rounds paired so far.
    pub rounds_paired: i64,
    /// Players registered.
    pub players: i64,
}

/// A tournament.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(("id" = String, Path, description = "tournament id")),
    responses((status = 200, description = "the tournament and its counts", body = Counted)),
    extensions(("x-errors" = json!({"404": ["not_found"]}))),
)]
async fn get_tournament(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Counted>, ApiError> {
    let row = load_tournament(state.db().pool(), &id).await?;
    let paired = store::tournaments::count_rounds(state.db().pool(), &id).await?;
    let players = store::tournaments::count_players(state.db().pool(), &id).await?;
    Ok(Json(Counted {
        tournament: row,
        rounds_paired: paired,
        players,
    }))
}

/// Every tournament.
#[derive(Serialize, ToSchema)]
struct TournamentList {
    tournaments: Vec<TournamentRow>,
}

/// List tournaments.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    responses((status = 200, description = "every tournament", body = TournamentList)),
)]
async fn list_tournaments(State(state): State<AppState>) -> Result<Json<TournamentList>, ApiError> {
    let tournaments = store::tournaments::list(state.db().pool()).await?;
    Ok(Json(TournamentList { tournaments }))
}

/// Change settings.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(("id" = String, Path, description = "tournament id")),
    request_body = UpdateTournament,
    responses((status = 200, description = "the tournament as changed", body = TournamentRow)),
    security(("bearer" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "404": ["not_found"], "409": ["round_paired"], "422": ["game_fixed", "not_for_this_game", "profile_not_for_game"]}))),
)]
async fn update_tournament(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<UpdateTournament>,
) -> Result<Json<TournamentRow>, ApiError> {
    let (_write, mut tx, before) = begin_change(&state, &actor, Permission::Manage, &id).await?;
    let mut after = before.clone();
    if let Some(name) = body.name {
        check_name("name", &name)?;
        after.name = name;
    }
    if let Some(rounds) = body.rounds {
        if !(1..=99).contains(&rounds) {
            return Err(ApiError::invalid_field(
                "rounds",
                "must be between 1 and 99",
            ));
        }
        after.rounds = i64::from(rounds);
    }
    if let Some(tc) = body.time_control {
        after.time_control = check_time_control(Some(&tc))?;
    }
    if let Some(text) = &body.game {
        let game = GameKind::check("game", text)?;
        if game != before.game {
            // The game is fixed once a round is paired (its boards are games
            // of it); before that, the new game brings its profile's
            // defaults, which the rest of this request may override.
            if store::rounds::last_paired(&mut *tx, &id).await? > 0 {
                return Err(ApiError::Unprocessable {
                    code: "game_fixed".into(),
                    message: "the game cannot change once a round is paired".into(),
                    article: None,
                    at: Some("game".into()),
                });
            }
            after.game = game;
            after.regulations = game.default_profile().to_owned();
            after.laws = Laws::of_profile(&after.regulations);
            after.scoring = default_scoring(&after.regulations).normalised()?;
            if game == GameKind::Xiangqi {
                "live".clone_into(&mut after.recording);
            }
        }
    }
    if let Some(profile) = body.regulations {
        let old = std::mem::take(&mut after.regulations);
        after.regulations = check_regulations(after.game, Some(&profile))?;
        if after.regulations != old {
            // A new profile brings its defaults in place of the old
            // profile's; what the organiser set differently stays (and this
            // request's own values come after).
            if after.scoring == default_scoring(&old).normalised()? {
                after.scoring = default_scoring(&after.regulations).normalised()?;
            }
            if after.tiebreaks == default_tiebreaks(&after.system, &old) {
                after.tiebreaks = default_tiebreaks(&after.system, &after.regulations);
            }
            after.laws.reprofile(&old, &after.regulations);
        }
    }
    if let Some(list) = body.tiebreaks {
        check_tiebreaks(&list)?;
        after.tiebreaks = list;
    }
    if let Some(scoring) = body.scoring {
        after.scoring = scoring.normalised()?;
    }
    if let Some(recording) = body.recording {
        after.recording = crate::engine::check_mode("recording", &recording)?.to_owned();
    }
    check_recording(after.game, "recording", &after.recording)?;
    if let Some(request) = body.pairing {
        let players: Vec<u32> = store::players::list(&mut tx, &id)
            .await?
            .iter()
            .filter_map(|p| u32::try_from(p.start_number).ok())
            .collect();
        let paired = store::rounds::last_paired(&mut *tx, &id).await?;
        after
            .pairing
            .apply(request, &players, after.rounds, paired)?;
    }
    if let Some(request) = &body.laws {
        Laws::check_for(request, after.game)?;
        after.laws.announce(request)?;
    }
    if let Some(teams) = body.teams {
        if store::rounds::last_paired(&mut *tx, &id).await? > 0 {
            return Err(ApiError::conflict(
                "round_paired",
                "a team event's settings are fixed once a round is paired",
            ));
        }
        after.teams = Some(teams.normalised(&after.regulations)?);
    }
    after.event.apply(EventChange {
        place: body.place,
        federation: body.federation,
        start_date: body.start_date,
        end_date: body.end_date,
        chief_arbiter: body.chief_arbiter,
    })?;
    after.updated_at = now_text();
    store::tournaments::update(&mut tx, &after).await?;
    audit::record(
        &mut tx,
        &actor,
        Some(&id),
        "update",
        "tournament",
        &id,
        Some(&tournament_json(&before)),
        Some(&tournament_json(&after)),
    )
    .await?;
    commit_change(tx, &id).await?;
    Ok(Json(after))
}

/// The `/tournaments` operations of the OpenAPI document (the TRF import is
/// in `reports`'s, beside its route).
#[derive(OpenApi)]
#[openapi(paths(create_tournament, list_tournaments, get_tournament, update_tournament))]
pub(crate) struct Doc;

/// `/tournaments` routes (rounds, results, standings and exports are in
/// `rounds.rs`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/tournaments",
            post(create_tournament).get(list_tournaments),
        )
        .route(
            "/tournaments/{id}",
            get(get_tournament).patch(update_tournament),
        )
}
