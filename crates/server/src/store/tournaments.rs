//! The `tournaments` table.

use serde::Serialize;
use serde_json::Value;
use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;
use crate::engine::GameKind;
use crate::engine::laws::Laws;
use crate::model::event_info::EventDetails;
use crate::model::pairing_options::PairingOptions;
use crate::model::settings::ScoringSpec;
use crate::model::teams::TeamSettings;

/// A tournament as stored (its JSON columns read); serialized, the form the
/// audit log keeps of it (`details` and `owner_token` never). The API shows
/// `http::tournaments::Tournament`.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentRow {
    pub id: String,
    pub name: String,
    pub system: String,
    /// `chess` or `xiangqi` (migration `0007_game_kind.sql`): which game's
    /// rules every board is judged by.
    pub game: GameKind,
    pub rounds: i64,
    pub time_control: Option<String>,
    pub regulations: String,
    pub tiebreaks: Vec<String>,
    pub scoring: ScoringSpec,
    /// Recording mode new boards get: `live` or `scoresheet`.
    pub recording: String,
    /// What the Dutch engine reads besides players and results.
    pub pairing: PairingOptions,
    /// The effective announced settings (the profile's, with the
    /// organiser's over them); each new game copies them.
    pub laws: Laws,
    /// A team event's settings (migration `0011_teams.sql`); `null` for an
    /// individual event.
    pub teams: Option<TeamSettings>,
    /// Whether the event is in FIDE mode (migration `0016_fide_mode.sql`):
    /// on by default for a chess event and an imported TRF; once left, it
    /// cannot be re-entered.
    pub fide_mode: bool,
    /// When the organiser closed the event (migration 0021): its results
    /// are final and stored on the registered people until it is reopened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_at: Option<String>,
    /// Dates and place (issue 21), kept in the `details` column under
    /// `event`.
    #[serde(flatten)]
    pub event: EventDetails,
    /// The `details` column but for `event`.
    #[serde(skip)]
    pub details: Value,
    #[serde(skip)]
    pub owner_token: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// The row as the database gives it (JSON columns as text).
#[derive(FromRow)]
struct Record {
    id: String,
    name: String,
    system: String,
    game: String,
    rounds: i64,
    time_control: Option<String>,
    regulations: String,
    tiebreaks: String,
    scoring: String,
    recording: String,
    pairing: String,
    laws: String,
    teams: Option<String>,
    fide_mode: i64,
    closed_at: Option<String>,
    details: String,
    owner_token: Option<String>,
    created_at: String,
    updated_at: String,
}

impl TryFrom<Record> for TournamentRow {
    type Error = Error;
    fn try_from(r: Record) -> Result<TournamentRow, Error> {
        let mut details: Value = serde_json::from_str(&r.details)?;
        let event = match details.as_object_mut().and_then(|d| d.remove("event")) {
            Some(event) => serde_json::from_value(event)?,
            None => EventDetails::default(),
        };
        Ok(TournamentRow {
            id: r.id,
            name: r.name,
            system: r.system,
            game: GameKind::from_stored(&r.game)?,
            rounds: r.rounds,
            time_control: r.time_control,
            regulations: r.regulations,
            tiebreaks: serde_json::from_str(&r.tiebreaks)?,
            scoring: serde_json::from_str(&r.scoring)?,
            recording: r.recording,
            pairing: serde_json::from_str(&r.pairing)?,
            laws: serde_json::from_str(&r.laws)?,
            teams: r.teams.as_deref().map(serde_json::from_str).transpose()?,
            fide_mode: r.fide_mode != 0,
            closed_at: r.closed_at,
            event,
            details,
            owner_token: r.owner_token,
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
    }
}

const SELECT: &str = "SELECT id, name, system, game, rounds, time_control, regulations, tiebreaks, \
     scoring, recording, pairing, laws, teams, fide_mode, closed_at, details, owner_token, created_at, \
     updated_at FROM tournaments";

/// A tournament, if there is one with this id.
pub async fn load<'e, E>(executor: E, id: &str) -> Result<Option<TournamentRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query_as::<_, Record>(&format!("{SELECT} WHERE id = $1"))
        .bind(id)
        .fetch_optional(executor)
        .await?
        .map(TournamentRow::try_from)
        .transpose()
}

/// Every tournament, oldest first.
pub async fn list<'e, E>(executor: E) -> Result<Vec<TournamentRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query_as::<_, Record>(&format!("{SELECT} ORDER BY created_at, id"))
        .fetch_all(executor)
        .await?
        .into_iter()
        .map(TournamentRow::try_from)
        .collect()
}

/// The owner token of a tournament: `None` when there is no such
/// tournament, `Some(None)` when it has no owner.
pub async fn owner<'e, E>(executor: E, id: &str) -> Result<Option<Option<String>>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_scalar::<_, Option<String>>(
            "SELECT owner_token FROM tournaments WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(executor)
        .await?,
    )
}

/// The number of paired rounds.
pub async fn count_rounds<'e, E>(executor: E, id: &str) -> Result<i64, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) AS n FROM rounds WHERE tournament_id = $1")
            .bind(id)
            .fetch_one(executor)
            .await?,
    )
}

/// The number of registered players.
pub async fn count_players<'e, E>(executor: E, id: &str) -> Result<i64, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) AS n FROM players WHERE tournament_id = $1")
            .bind(id)
            .fetch_one(executor)
            .await?,
    )
}

/// Inserts a tournament row (and its version, 0).
pub async fn insert(conn: &mut AnyConnection, row: &TournamentRow) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO tournaments (id, name, system, rounds, time_control, regulations, tiebreaks, \
         scoring, details, owner_token, created_at, updated_at, recording, pairing, laws, game, \
         teams, fide_mode) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, \
         $16, $17, $18)",
    )
    .bind(&row.id)
    .bind(&row.name)
    .bind(&row.system)
    .bind(row.rounds)
    .bind(&row.time_control)
    .bind(&row.regulations)
    .bind(serde_json::to_string(&row.tiebreaks)?)
    .bind(serde_json::to_string(&row.scoring)?)
    .bind(details_text(row)?)
    .bind(&row.owner_token)
    .bind(&row.created_at)
    .bind(&row.updated_at)
    .bind(&row.recording)
    .bind(serde_json::to_string(&row.pairing)?)
    .bind(serde_json::to_string(&row.laws)?)
    .bind(row.game.as_str())
    .bind(teams_text(row)?)
    .bind(i64::from(row.fide_mode))
    .execute(&mut *conn)
    .await?;
    sqlx::query("INSERT INTO tournament_versions (tournament_id, version) VALUES ($1, 0)")
        .bind(&row.id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The `details` column: the row's details with its event details.
fn details_text(row: &TournamentRow) -> Result<String, Error> {
    let mut details = row.details.clone();
    if !details.is_object() {
        details = Value::Object(serde_json::Map::new());
    }
    if row.event != EventDetails::default()
        && let Some(map) = details.as_object_mut()
    {
        map.insert("event".into(), serde_json::to_value(&row.event)?);
    }
    Ok(details.to_string())
}

/// Writes a tournament's settings and details (everything but its id,
/// owner and creation time).
pub async fn update(conn: &mut AnyConnection, row: &TournamentRow) -> Result<(), Error> {
    sqlx::query(
        "UPDATE tournaments SET name = $1, rounds = $2, time_control = $3, regulations = $4, \
         tiebreaks = $5, scoring = $6, updated_at = $7, recording = $8, pairing = $10, \
         laws = $11, game = $12, teams = $13, details = $14, fide_mode = $15 WHERE id = $9",
    )
    .bind(&row.name)
    .bind(row.rounds)
    .bind(&row.time_control)
    .bind(&row.regulations)
    .bind(serde_json::to_string(&row.tiebreaks)?)
    .bind(serde_json::to_string(&row.scoring)?)
    .bind(&row.updated_at)
    .bind(&row.recording)
    .bind(&row.id)
    .bind(serde_json::to_string(&row.pairing)?)
    .bind(serde_json::to_string(&row.laws)?)
    .bind(row.game.as_str())
    .bind(teams_text(row)?)
    .bind(details_text(row)?)
    .bind(i64::from(row.fide_mode))
    .execute(conn)
    .await?;
    Ok(())
}

/// The `teams` column: the settings as JSON text, NULL for an individual event.
fn teams_text(row: &TournamentRow) -> Result<Option<String>, Error> {
    Ok(row.teams.as_ref().map(serde_json::to_string).transpose()?)
}

/// Writes a tournament's pairing options alone.
pub async fn set_pairing(
    conn: &mut AnyConnection,
    id: &str,
    pairing: &PairingOptions,
) -> Result<(), Error> {
    sqlx::query("UPDATE tournaments SET pairing = $1 WHERE id = $2")
        .bind(serde_json::to_string(pairing)?)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Serialises writers of one tournament's rounds on PostgreSQL (a row lock
/// on the tournament; SQLite has one writer anyway).
pub async fn lock(conn: &mut AnyConnection, id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE tournaments SET updated_at = updated_at WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Locks tournament `id`'s row and the games of its last paired round,
/// for a change that reads that round's results to pair the next: a game
/// of the round whose event would take its board's result back or give it
/// one (`app::results`) waits for the pairing, then finds the round paired
/// on; or the pairing waits for it and reads the result it committed.
pub async fn lock_for_pairing(conn: &mut AnyConnection, id: &str) -> Result<(), Error> {
    lock(&mut *conn, id).await?;
    let last = super::rounds::last_paired(&mut *conn, id).await?;
    if last > 0 {
        super::games::lock_round(conn, id, last).await?;
    }
    Ok(())
}

/// Bumps tournament `id`'s version (migration `0010_tournament_version.sql`):
/// the last write of every transaction that changes what its pages show, so
/// the row is locked only from here to the commit.
pub async fn bump_version(conn: &mut AnyConnection, id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE tournament_versions SET version = version + 1 WHERE tournament_id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Tournament `id`'s version, if there is such a tournament.
pub async fn version<'e, E>(executor: E, id: &str) -> Result<Option<i64>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_scalar::<_, i64>(
        "SELECT version FROM tournament_versions WHERE tournament_id = $1",
    )
    .bind(id)
    .fetch_optional(executor)
    .await?)
}

/// What the list of events depends on: the number of tournaments and the
/// sum of their versions (each only grows, and none is deleted).
pub async fn versions_total<'e, E>(executor: E) -> Result<(i64, i64), Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, (i64, i64)>(
        "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(version), 0) AS BIGINT) AS total \
         FROM tournament_versions",
    )
    .fetch_one(executor)
    .await?)
}

/// What a round's page depends on: the tournament's version, and the number
/// of the round's games and the sum of their heads (`games.seq` only grows,
/// so any event recorded in any of them changes the sum); `None` when there
/// is no such tournament.
pub async fn round_version<'e, E>(
    executor: E,
    id: &str,
    round: i64,
) -> Result<Option<(i64, i64, i64)>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, (i64, i64, i64)>(
        "SELECT v.version, \
         (SELECT COUNT(*) FROM boards b WHERE b.tournament_id = $1 AND b.round = $2) AS games, \
         (SELECT CAST(COALESCE(SUM(g.seq), 0) AS BIGINT) FROM boards b \
          JOIN games g ON g.id = b.game_id WHERE b.tournament_id = $1 AND b.round = $2) AS heads \
         FROM tournament_versions v WHERE v.tournament_id = $1",
    )
    .bind(id)
    .bind(round)
    .fetch_optional(executor)
    .await?)
}

/// Closes (`Some(time)`) or reopens (`None`) a tournament; its place in
/// the ladder is set the first time it closes and kept. Answers that place.
pub async fn set_closed(
    conn: &mut AnyConnection,
    id: &str,
    closed_at: Option<&str>,
) -> Result<Option<String>, Error> {
    sqlx::query(
        "UPDATE tournaments SET closed_at = $1, ladder_at = COALESCE(ladder_at, $1) WHERE id = $2",
    )
    .bind(closed_at)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(
        sqlx::query_scalar("SELECT ladder_at FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_one(conn)
            .await?,
    )
}
