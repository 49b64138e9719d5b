//! The `players` and `requested_byes` tables.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;
use crate::model::players::PlayerDetails;

/// A player with its requested byes, as stored; serialized, the form the
/// audit log keeps of it (the API shows `http::players::Player`).
#[derive(Debug, Clone, Serialize)]
pub struct PlayerRow {
    pub id: String,
    pub tournament_id: String,
    pub start_number: i64,
    pub name: String,
    #[serde(flatten)]
    pub details: PlayerDetails,
    pub withdrawn_from: Option<i64>,
    pub joins_at: Option<i64>,
    /// Round → `half` / `zero` / `full`.
    pub requested_byes: BTreeMap<i64, String>,
    /// The registered person this player is (`people`), if linked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub person_id: Option<String>,
}

#[derive(FromRow)]
struct Record {
    id: String,
    tournament_id: String,
    start_number: i64,
    name: String,
    details: String,
    withdrawn_from: Option<i64>,
    joins_at: Option<i64>,
    person_id: Option<String>,
}

impl TryFrom<Record> for PlayerRow {
    type Error = Error;
    fn try_from(r: Record) -> Result<PlayerRow, Error> {
        Ok(PlayerRow {
            id: r.id,
            tournament_id: r.tournament_id,
            start_number: r.start_number,
            name: r.name,
            details: serde_json::from_str(&r.details)?,
            withdrawn_from: r.withdrawn_from,
            joins_at: r.joins_at,
            requested_byes: BTreeMap::new(),
            person_id: r.person_id,
        })
    }
}

#[derive(FromRow)]
struct ByeRecord {
    player_id: String,
    round: i64,
    kind: String,
}

const SELECT: &str = "SELECT id, tournament_id, start_number, name, details, withdrawn_from, \
     joins_at, person_id FROM players";

/// All players of a tournament, by start number.
pub async fn list(conn: &mut AnyConnection, tournament_id: &str) -> Result<Vec<PlayerRow>, Error> {
    let rows = sqlx::query_as::<_, Record>(&format!(
        "{SELECT} WHERE tournament_id = $1 ORDER BY start_number"
    ))
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?;
    let byes = sqlx::query_as::<_, ByeRecord>(
        "SELECT player_id, round, kind FROM requested_byes WHERE tournament_id = $1",
    )
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut players = rows
        .into_iter()
        .map(PlayerRow::try_from)
        .collect::<Result<Vec<_>, _>>()?;
    for bye in byes {
        if let Some(p) = players.iter_mut().find(|p| p.id == bye.player_id) {
            p.requested_byes.insert(bye.round, bye.kind);
        }
    }
    Ok(players)
}

/// One player of a tournament, if there is one with this id.
pub async fn load(
    conn: &mut AnyConnection,
    tournament_id: &str,
    player_id: &str,
) -> Result<Option<PlayerRow>, Error> {
    let Some(row) =
        sqlx::query_as::<_, Record>(&format!("{SELECT} WHERE tournament_id = $1 AND id = $2"))
            .bind(tournament_id)
            .bind(player_id)
            .fetch_optional(&mut *conn)
            .await?
    else {
        return Ok(None);
    };
    let mut player = PlayerRow::try_from(row)?;
    let byes = sqlx::query_as::<_, ByeRecord>(
        "SELECT player_id, round, kind FROM requested_byes WHERE player_id = $1",
    )
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    for bye in byes {
        player.requested_byes.insert(bye.round, bye.kind);
    }
    Ok(Some(player))
}

/// The start number after the highest one of a tournament.
pub async fn next_start_number<'e, E>(executor: E, tournament_id: &str) -> Result<i64, Error>
where
    E: Executor<'e, Database = Any>,
{
    let max: Option<i64> =
        sqlx::query_scalar("SELECT MAX(start_number) AS n FROM players WHERE tournament_id = $1")
            .bind(tournament_id)
            .fetch_one(executor)
            .await?;
    Ok(max.unwrap_or(0) + 1)
}

/// Inserts a player (its requested byes are written separately); a taken
/// start number is a unique violation.
pub async fn insert(
    conn: &mut AnyConnection,
    player: &PlayerRow,
    created_at: &str,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO players (id, tournament_id, start_number, name, details, withdrawn_from, \
         joins_at, created_at, person_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&player.id)
    .bind(&player.tournament_id)
    .bind(player.start_number)
    .bind(&player.name)
    .bind(serde_json::to_string(&player.details)?)
    .bind(player.withdrawn_from)
    .bind(player.joins_at)
    .bind(created_at)
    .bind(&player.person_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Links a player to a registered person (or unlinks, `None`).
pub async fn set_person(
    conn: &mut AnyConnection,
    player_id: &str,
    person_id: Option<&str>,
) -> Result<(), Error> {
    sqlx::query("UPDATE players SET person_id = $1 WHERE id = $2")
        .bind(person_id)
        .bind(player_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Writes a player's name, details and withdrawal.
pub async fn update(conn: &mut AnyConnection, player: &PlayerRow) -> Result<(), Error> {
    sqlx::query("UPDATE players SET name = $1, details = $2, withdrawn_from = $3 WHERE id = $4")
        .bind(&player.name)
        .bind(serde_json::to_string(&player.details)?)
        .bind(player.withdrawn_from)
        .bind(&player.id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets the round a player is first paired in (a late entry paired
/// earlier by hand).
pub async fn set_joins_at(
    conn: &mut AnyConnection,
    player_id: &str,
    round: Option<i64>,
) -> Result<(), Error> {
    sqlx::query("UPDATE players SET joins_at = $1 WHERE id = $2")
        .bind(round)
        .bind(player_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets (`Some(kind)`) or cancels (`None`) a player's requested bye in
/// `round`.
pub async fn set_requested_bye(
    conn: &mut AnyConnection,
    tournament_id: &str,
    player_id: &str,
    round: i64,
    kind: Option<&str>,
) -> Result<(), Error> {
    sqlx::query("DELETE FROM requested_byes WHERE player_id = $1 AND round = $2")
        .bind(player_id)
        .bind(round)
        .execute(&mut *conn)
        .await?;
    if let Some(kind) = kind {
        sqlx::query(
            "INSERT INTO requested_byes (tournament_id, player_id, round, kind) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(tournament_id)
        .bind(player_id)
        .bind(round)
        .bind(kind)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Gives the players of a tournament new start numbers (player id →
/// number), in two steps so the unique (tournament, start number) never
/// collides on the way.
pub async fn renumber(
    conn: &mut AnyConnection,
    tournament_id: &str,
    numbers: &BTreeMap<String, i64>,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE players SET start_number = start_number + 1000000 WHERE tournament_id = $1",
    )
    .bind(tournament_id)
    .execute(&mut *conn)
    .await?;
    for (id, number) in numbers {
        sqlx::query("UPDATE players SET start_number = $1 WHERE id = $2")
            .bind(number)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
