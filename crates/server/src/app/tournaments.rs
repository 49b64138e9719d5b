//! Tournaments as operations see them: loading one (or 404), the opening
//! and the commit of every change to one (the write turn, the transaction,
//! the permission, the version the page cache keys on), and inserting a new
//! one with its audit record.

use serde_json::Value;
use sqlx::{Any, AnyConnection};
use uuid::Uuid;

use crate::auth::audit;
use crate::auth::{Actor, Permission, Role};
use crate::db::WriteGuard;
use crate::engine::GameKind;
use crate::engine::laws::Laws;
use crate::error::ApiError;
use crate::model::event_info::EventDetails;
use crate::model::pairing_options::PairingOptions;
use crate::model::settings::{SYSTEMS, ScoringSpec, check_name, check_rounds, check_tiebreaks};
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

pub(crate) fn tournament_json(row: &TournamentRow) -> Value {
    serde_json::to_value(row).unwrap_or(Value::Null)
}
