//! Tournaments as operations see them: loading one (or 404), the opening
//! and the commit of every change to one (the write turn, the transaction,
//! the permission, the version the page cache keys on), and inserting a new
//! one with its audit record.

use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::{Any, AnyConnection};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::app::confirm::{self, Confirmation};
use crate::auth::audit;
use crate::auth::{Actor, Permission, Role};
use crate::db::WriteGuard;
use crate::engine::GameKind;
use crate::engine::laws::Laws;
use crate::error::ApiError;
use crate::model::event_info::{EventChange, EventDetails, given};
use crate::model::pairing_options::{PairingOptions, PairingRequest};
use crate::model::settings::{
    SYSTEMS, ScoringSpec, check_name, check_regulations, check_rounds, check_tiebreaks,
    check_time_control, default_scoring, default_tiebreaks,
};
use crate::model::teams::TeamSettings;
use crate::state::AppState;
use crate::store;
use crate::store::Tx;
use crate::store::model::Loaded;
pub(crate) use crate::store::tournaments::TournamentRow;
use crate::time::now_text;

/// Loads a tournament or 404.
pub(crate) async fn load_tournament<'e, E>(executor: E, id: &str) -> Result<TournamentRow, ApiError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    store::tournaments::load(executor, id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))
}

/// A tournament (or 404) with how far it has come: the rounds paired so
/// far and the players registered.
pub(crate) async fn load_counted(
    state: &AppState,
    id: &str,
) -> Result<(TournamentRow, i64, i64), ApiError> {
    let pool = state.db().pool();
    let row = load_tournament(pool, id).await?;
    let paired = store::tournaments::count_rounds(pool, id).await?;
    let players = store::tournaments::count_players(pool, id).await?;
    Ok((row, paired, players))
}

/// Every tournament.
pub(crate) async fn list(state: &AppState) -> Result<Vec<TournamentRow>, ApiError> {
    Ok(store::tournaments::list(state.db().pool()).await?)
}

/// What the list of every tournament depends on, for the page cache: the
/// number of tournaments and the sum of their versions.
pub(crate) async fn versions_total(state: &AppState) -> Result<(i64, i64), ApiError> {
    Ok(store::tournaments::versions_total(state.db().pool()).await?)
}

/// Tournament `id`'s version (bumped by every change to it), if there is
/// such a tournament.
pub(crate) async fn version(state: &AppState, id: &str) -> Result<Option<i64>, ApiError> {
    Ok(store::tournaments::version(state.db().pool(), id).await?)
}

/// What round `round`'s page depends on: the tournament's version, the
/// number of the round's games and the sum of their heads; `None` when
/// there is no such tournament.
pub(crate) async fn round_version(
    state: &AppState,
    id: &str,
    round: i64,
) -> Result<Option<(i64, i64, i64)>, ApiError> {
    Ok(store::tournaments::round_version(state.db().pool(), id, round).await?)
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
    if tournament.closed_at.is_some() {
        return Err(ApiError::conflict(
            "event_closed",
            "the event is closed: its results are stored on the registered people; reopen it \
             (POST …/reopen) to change it",
        ));
    }
    Ok((guard, tx, tournament))
}

/// [`begin_change`] for closing and reopening, which a closed event allows.
/// The event's row is locked before it is read: of two closings (or
/// reopenings) at once, the second sees the first's outcome (409).
pub(crate) async fn begin_close(
    state: &AppState,
    actor: &Actor,
    id: &str,
) -> Result<(WriteGuard, Tx, TournamentRow), ApiError> {
    let (guard, mut tx) = state.db().begin().await?;
    store::tournaments::lock(&mut tx, id).await?;
    let tournament = load_tournament(&mut *tx, id).await?;
    actor.require(Permission::Manage, id, tournament.owner_token.as_deref())?;
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
    /// In FIDE mode from the start (a chess event unless the organiser
    /// declines it; an imported TRF).
    pub fide_mode: bool,
    pub event: EventDetails,
    pub details: Value,
}

/// The checks JSON create makes on a tournament's name, rounds and
/// tie-breaks, for tournaments that arrive another way (TRF import).
pub(crate) fn check_new_tournament(new: &NewTournament) -> Result<(), ApiError> {
    check_name("name", &new.name)?;
    if !SYSTEMS.contains(&new.system.as_str()) {
        return Err(ApiError::invalid_field("system", "unknown system"));
    }
    check_rounds(&new.system, (new.rounds != 0).then_some(new.rounds))?;
    check_tiebreaks(&new.tiebreaks, &new.system)?;
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
        fide_mode: new.fide_mode,
        closed_at: None,
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

pub(crate) fn tournament_json(row: &TournamentRow) -> Value {
    serde_json::to_value(row).unwrap_or(Value::Null)
}

/// `POST /tournaments` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TournamentRequest)]
pub(crate) struct CreateTournament {
    /// 1–200 characters.
    pub(crate) name: String,
    /// `swiss-dutch`, `round-robin` or `double-round-robin`.
    pub(crate) system: String,
    /// `chess` (default) or `xiangqi`.
    #[serde(default)]
    #[schema(value_type = Option<GameKind>)]
    pub(crate) game: Option<String>,
    /// 1–99; required for a Swiss tournament (a round robin's default: as
    /// many as the schedule needs).
    #[serde(default)]
    pub(crate) rounds: Option<u32>,
    /// A PGN `TimeControl` value (e.g. `40/5400:1800`, `5400+30`).
    #[serde(default)]
    pub(crate) time_control: Option<String>,
    /// `fide-classic` (default), `fide-2023`, `china-national` or `club`.
    #[serde(default)]
    pub(crate) regulations: Option<String>,
    /// C.07 tie-break codes in order (e.g. `BH/C1`, `SB`, `DE`); the
    /// profile's and system's default when absent.
    #[serde(default)]
    pub(crate) tiebreaks: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) scoring: Option<ScoringSpec>,
    /// Recording mode of new boards: `live` (default) or `scoresheet`.
    #[serde(default)]
    pub(crate) recording: Option<String>,
    /// Pairing options (initial colour, acceleration, forbidden pairs).
    #[serde(default)]
    pub(crate) pairing: Option<PairingRequest>,
    /// What the organiser announces over the profile (`laws.rs`).
    #[serde(default)]
    pub(crate) laws: Option<Laws>,
    /// A team event: boards per match, ranking, match points (`teams.rs`).
    #[serde(default)]
    pub(crate) teams: Option<TeamSettings>,
    /// FIDE mode (VCL4THP.13 Q40): on by default for a chess event; `false`
    /// starts the event outside it (for good). A Xiangqi event is never in
    /// it.
    #[serde(default)]
    pub(crate) fide_mode: Option<bool>,
    /// City or venue, at most 200 characters.
    #[serde(default)]
    pub(crate) place: Option<String>,
    /// The hosting federation's three-letter FIDE code (e.g. `FRA`).
    #[serde(default)]
    pub(crate) federation: Option<String>,
    /// First day, `YYYY-MM-DD`.
    #[serde(default)]
    pub(crate) start_date: Option<String>,
    /// Last day, `YYYY-MM-DD`, not before `start_date`.
    #[serde(default)]
    pub(crate) end_date: Option<String>,
    /// The chief arbiter's name, at most 200 characters.
    #[serde(default)]
    pub(crate) chief_arbiter: Option<String>,
}

/// `PATCH /tournaments/{id}` body: a field given replaces the stored one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TournamentUpdate)]
pub(crate) struct UpdateTournament {
    #[serde(default)]
    pub(crate) name: Option<String>,
    /// `chess` or `xiangqi`, until a round is paired (422 `game_fixed`
    /// after); a new game brings its default profile, laws and scoring.
    #[serde(default)]
    #[schema(value_type = Option<GameKind>)]
    pub(crate) game: Option<String>,
    #[serde(default)]
    pub(crate) rounds: Option<u32>,
    #[serde(default)]
    pub(crate) time_control: Option<String>,
    #[serde(default)]
    pub(crate) regulations: Option<String>,
    #[serde(default)]
    pub(crate) tiebreaks: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) scoring: Option<ScoringSpec>,
    #[serde(default)]
    pub(crate) recording: Option<String>,
    #[serde(default)]
    pub(crate) pairing: Option<PairingRequest>,
    #[serde(default)]
    pub(crate) laws: Option<Laws>,
    /// Makes the event a team event or changes its settings, until a round
    /// is paired (409 `round_paired` after); `null` makes it an event of
    /// individuals again, once its teams are deleted.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<TeamSettings>)]
    pub(crate) teams: Option<Option<TeamSettings>>,
    /// `false` leaves FIDE mode: a level 4 warning (two confirmations),
    /// logged, final. `true` keeps it; asking for it once left is 422
    /// `fide_mode_final`.
    #[serde(default)]
    pub(crate) fide_mode: Option<bool>,
    /// City or venue; `null` or blank clears it (so for the four below).
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    pub(crate) place: Option<Option<String>>,
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    pub(crate) federation: Option<Option<String>>,
    /// `YYYY-MM-DD`.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    pub(crate) start_date: Option<Option<String>>,
    /// `YYYY-MM-DD`, not before `start_date`.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    pub(crate) end_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<String>)]
    pub(crate) chief_arbiter: Option<Option<String>>,
}

/// Creates a tournament of `actor` (an organiser or the administrator):
/// every setting checked, the profile's defaults for what the request
/// leaves out, one transaction with its audit row.
pub(crate) async fn create(
    state: &AppState,
    actor: &Actor,
    body: CreateTournament,
    confirmation: &Confirmation,
) -> Result<TournamentRow, ApiError> {
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
    check_tiebreaks(&tiebreaks, &body.system)?;
    let mut laws = Laws::of_profile(&regulations);
    if let Some(request) = &body.laws {
        Laws::check_for(request, game)?;
        laws.announce(request)?;
    }
    let recording =
        crate::engine::check_mode("recording", body.recording.as_deref().unwrap_or("live"))?;
    let mut pairing = PairingOptions::new_drawn()?;
    if let Some(request) = body.pairing {
        pairing.apply(request, &[], rounds, 0)?;
    }
    let fide_mode = body.fide_mode.unwrap_or(game == GameKind::Chess);
    if fide_mode && game != GameKind::Chess {
        return Err(not_fide_game());
    }
    let mut event = EventDetails::default();
    event.apply(EventChange {
        place: Some(body.place),
        federation: Some(body.federation),
        start_date: Some(body.start_date),
        end_date: Some(body.end_date),
        chief_arbiter: Some(body.chief_arbiter),
    })?;
    if let Some(warning) = crate::app::fide_mode::long_event_warning(None, &event) {
        confirm::require(
            &confirm::Change {
                actor,
                operation: "create_tournament",
                fingerprint: &json!({
                    "name": body.name,
                    "start_date": event.start_date,
                    "end_date": event.end_date,
                }),
                version: 0,
            },
            vec![warning],
            confirmation,
        )?;
    }
    let scoring = body
        .scoring
        .unwrap_or_else(|| default_scoring(&regulations))
        .normalised()?;
    let teams = body
        .teams
        .map(|t| t.normalised(&regulations, &scoring))
        .transpose()?;
    let new = NewTournament {
        name: body.name,
        time_control: check_time_control(body.time_control.as_deref())?,
        scoring,
        regulations,
        system: body.system,
        game,
        rounds,
        tiebreaks,
        recording: recording.to_owned(),
        pairing,
        laws,
        teams,
        fide_mode,
        event,
        details: json!({}),
    };
    let (_write, mut tx) = state.db().begin().await?;
    let row = insert_tournament(&mut tx, actor, new).await?;
    tx.commit().await?;
    Ok(row)
}

/// Changes tournament `id`'s settings (its organiser or chief arbiter): a
/// field given replaces the stored one after the same checks as at
/// creation; a new profile brings its defaults where the organiser had not
/// set another value; the game and a team event's settings are fixed once a
/// round is paired. Once play has started, FIDE mode's locks and warnings
/// apply (`app::fide_mode`): a change that warns is carried out only with
/// its confirmation (`app::confirm`). Audited with the settings before and
/// after and the warnings overridden; what FIDE's checklist wants in the
/// TRF is logged (`###`).
pub(crate) async fn update(
    state: &AppState,
    actor: &Actor,
    id: &str,
    body: UpdateTournament,
    confirmation: &Confirmation,
) -> Result<TournamentRow, ApiError> {
    let (_write, mut tx, before) = begin_change(state, actor, Permission::Manage, id).await?;
    let paired = store::rounds::last_paired(&mut *tx, id).await?;
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
            if paired > 0 {
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
            // FIDE mode is chess's: a Xiangqi event is outside it, and a
            // chess event is in it unless the arbiter once left it.
            after.fide_mode =
                game == GameKind::Chess && !crate::app::fide_mode::was_left(&mut tx, id).await?;
        }
    }
    match body.fide_mode {
        Some(true) if !before.fide_mode => {
            return Err(ApiError::Unprocessable {
                code: "fide_mode_final".into(),
                message: if before.game == GameKind::Chess {
                    "FIDE mode cannot be re-entered once left (VCL4THP.13 Q45)".into()
                } else {
                    "a Xiangqi event is never in FIDE mode".into()
                },
                article: Some("VCL4THP.13 Q45".into()),
                at: Some("fide_mode".into()),
            });
        }
        Some(true) if after.game != GameKind::Chess => return Err(not_fide_game()),
        Some(on) => after.fide_mode = on && after.fide_mode,
        None => {}
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
        check_tiebreaks(&list, &after.system)?;
        after.tiebreaks = list;
    }
    if let Some(scoring) = body.scoring {
        after.scoring = scoring.normalised()?;
    }
    if let Some(recording) = body.recording {
        after.recording = crate::engine::check_mode("recording", &recording)?.to_owned();
    }
    if let Some(request) = body.pairing {
        let players: Vec<u32> = store::players::list(&mut tx, id)
            .await?
            .iter()
            .filter_map(|p| u32::try_from(p.start_number).ok())
            .collect();
        after
            .pairing
            .apply(request, &players, after.rounds, paired)?;
    }
    if let Some(request) = &body.laws {
        Laws::check_for(request, after.game)?;
        after.laws.announce(request)?;
    }
    if let Some(teams) = body.teams {
        if paired > 0 {
            return Err(ApiError::conflict(
                "round_paired",
                "a team event's settings are fixed once a round is paired",
            ));
        }
        after.teams = match teams {
            Some(teams) => Some(teams.normalised(&after.regulations, &after.scoring)?),
            None => {
                let registered = store::teams::list(&mut tx, id).await?.len();
                if registered > 0 {
                    return Err(ApiError::Unprocessable {
                        code: "teams_registered".into(),
                        message: format!(
                            "the event has {registered} team(s): delete them before it becomes an event of individuals"
                        ),
                        article: None,
                        at: Some("teams".into()),
                    });
                }
                None
            }
        };
    }
    after.event.apply(EventChange {
        place: body.place,
        federation: body.federation,
        start_date: body.start_date,
        end_date: body.end_date,
        chief_arbiter: body.chief_arbiter,
    })?;
    let mut judgement = crate::app::fide_mode::judge_settings(&before, &after, paired)?;
    if judgement.recheck {
        let (warnings, log) = crate::app::fide_mode::recheck_round(&mut tx, &after, paired).await?;
        judgement.warnings.extend(warnings);
        judgement.log.extend(log);
    }
    let overridden = confirm::require(
        &confirm::Change {
            actor,
            operation: "update_tournament",
            fingerprint: &settings_fingerprint(&after),
            version: store::tournaments::version(&mut *tx, id)
                .await?
                .unwrap_or(0),
        },
        judgement.warnings,
        confirmation,
    )?;
    after.updated_at = now_text();
    store::tournaments::update(&mut tx, &after).await?;
    let mut after_json = tournament_json(&after);
    if let (Some(map), false) = (after_json.as_object_mut(), overridden.is_empty()) {
        map.insert(
            "warnings_overridden".into(),
            confirm::overridden(&overridden),
        );
    }
    audit::record(
        &mut tx,
        actor,
        Some(id),
        "update",
        "tournament",
        id,
        Some(&tournament_json(&before)),
        Some(&after_json),
    )
    .await?;
    crate::app::fide_mode::log(&mut tx, actor, id, &judgement.log).await?;
    commit_change(tx, id).await?;
    Ok(after)
}

/// What a confirmation of a settings change binds to: the settings it would
/// write, but for its time and a colour drawn by lot anew (which differs
/// with every sending of the same request).
fn settings_fingerprint(after: &TournamentRow) -> Value {
    let mut value = tournament_json(after);
    if let Some(map) = value.as_object_mut() {
        map.remove("updated_at");
        if let Some(pairing) = map.get_mut("pairing").and_then(Value::as_object_mut) {
            pairing.remove("lot_seed");
            pairing.remove("initial_colour");
        }
    }
    value
}

/// FIDE mode asked for a game that is not chess.
fn not_fide_game() -> ApiError {
    ApiError::Unprocessable {
        code: "not_for_this_game".into(),
        message: "FIDE mode is for chess events: a Xiangqi event is never in it".into(),
        article: None,
        at: Some("fide_mode".into()),
    }
}
