//! The `teams`, `team_members` and `team_lineups` tables (migration
//! `0011_teams.sql`). Rosters and line-ups are stored by player id and read
//! back as start numbers (reassigned when round 1 is paired).

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::{AnyConnection, FromRow};

use super::Error;

/// A team with its roster, as stored; serialized, the form the audit log
/// keeps of it (the API shows `http::teams::Team`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamRow {
    /// The team's pairing number (1–999).
    pub number: i64,
    pub name: String,
    /// TRF-2026 team nickname (at most five characters).
    pub short_name: Option<String>,
    /// Three capital letters (e.g. `CHN`).
    pub federation: Option<String>,
    /// Start numbers in board order (the first `boards` are the regular
    /// players, the rest reserves).
    pub roster: Vec<i64>,
    /// The first round the team no longer plays (it withdrew).
    pub withdrawn_from: Option<i64>,
    /// The ids of the players the team's withdrawal withdrew.
    pub withdrawn_players: Vec<String>,
}

#[derive(FromRow)]
struct Record {
    number: i64,
    name: String,
    short_name: Option<String>,
    federation: Option<String>,
    withdrawn_from: Option<i64>,
    withdrawn_players: Option<String>,
}

#[derive(FromRow)]
struct Member {
    team: i64,
    start_number: i64,
}

/// Every team of a tournament by number, rosters in board order.
pub async fn list(conn: &mut AnyConnection, tournament_id: &str) -> Result<Vec<TeamRow>, Error> {
    let records = sqlx::query_as::<_, Record>(
        "SELECT number, name, short_name, federation, withdrawn_from, withdrawn_players \
         FROM teams \
         WHERE tournament_id = $1 ORDER BY number",
    )
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?;
    let members = sqlx::query_as::<_, Member>(
        "SELECT m.team, p.start_number FROM team_members m \
         JOIN players p ON p.tournament_id = m.tournament_id AND p.id = m.player_id \
         WHERE m.tournament_id = $1 ORDER BY m.team, m.position",
    )
    .bind(tournament_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut rosters: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for m in members {
        rosters.entry(m.team).or_default().push(m.start_number);
    }
    records
        .into_iter()
        .map(|r| {
            Ok(TeamRow {
                roster: rosters.remove(&r.number).unwrap_or_default(),
                number: r.number,
                name: r.name,
                short_name: r.short_name,
                federation: r.federation,
                withdrawn_from: r.withdrawn_from,
                withdrawn_players: match r.withdrawn_players {
                    Some(json) => serde_json::from_str(&json)?,
                    None => Vec::new(),
                },
            })
        })
        .collect()
}

/// The next free team number (one above the highest).
pub async fn next_number(conn: &mut AnyConnection, tournament_id: &str) -> Result<i64, Error> {
    let max = sqlx::query_scalar::<_, Option<i64>>(
        "SELECT MAX(number) FROM teams WHERE tournament_id = $1",
    )
    .bind(tournament_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(max.unwrap_or(0) + 1)
}

/// Inserts a team (its roster with [`set_roster`]); a taken number is a
/// unique violation.
pub async fn insert(
    conn: &mut AnyConnection,
    tournament_id: &str,
    team: &TeamRow,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO teams (tournament_id, number, name, short_name, federation) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(tournament_id)
    .bind(team.number)
    .bind(&team.name)
    .bind(&team.short_name)
    .bind(&team.federation)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a team's names, federation and withdrawal.
pub async fn update(
    conn: &mut AnyConnection,
    tournament_id: &str,
    team: &TeamRow,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE teams SET name = $1, short_name = $2, federation = $3, withdrawn_from = $4, \
         withdrawn_players = $5 WHERE tournament_id = $6 AND number = $7",
    )
    .bind(&team.name)
    .bind(&team.short_name)
    .bind(&team.federation)
    .bind(team.withdrawn_from)
    .bind(
        (!team.withdrawn_players.is_empty())
            .then(|| serde_json::to_string(&team.withdrawn_players))
            .transpose()?,
    )
    .bind(tournament_id)
    .bind(team.number)
    .execute(conn)
    .await?;
    Ok(())
}

/// Replaces a team's roster by these player ids in board order; a player
/// already on another roster is a unique violation.
pub async fn set_roster(
    conn: &mut AnyConnection,
    tournament_id: &str,
    team: i64,
    player_ids: &[String],
) -> Result<(), Error> {
    sqlx::query("DELETE FROM team_members WHERE tournament_id = $1 AND team = $2")
        .bind(tournament_id)
        .bind(team)
        .execute(&mut *conn)
        .await?;
    for (position, player) in (1i64..).zip(player_ids) {
        sqlx::query(
            "INSERT INTO team_members (tournament_id, team, position, player_id) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(tournament_id)
        .bind(team)
        .bind(position)
        .bind(player)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Deletes a team (its roster and line-ups with it); whether there was one.
pub async fn delete(
    conn: &mut AnyConnection,
    tournament_id: &str,
    team: i64,
) -> Result<bool, Error> {
    for table in ["team_lineups", "team_members"] {
        sqlx::query(&format!(
            "DELETE FROM {table} WHERE tournament_id = $1 AND team = $2"
        ))
        .bind(tournament_id)
        .bind(team)
        .execute(&mut *conn)
        .await?;
    }
    let done = sqlx::query("DELETE FROM teams WHERE tournament_id = $1 AND number = $2")
        .bind(tournament_id)
        .bind(team)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

#[derive(FromRow)]
struct LineupRecord {
    team: i64,
    board: i64,
    start_number: Option<i64>,
    by_pairing: i64,
}

/// A team's stored line-up for a round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredLineup {
    /// Start numbers by board (`None`: an empty board).
    pub players: Vec<Option<i64>>,
    /// Stored by the pairing (the roster's default, which the round was
    /// paired with), not submitted by an arbiter.
    pub by_pairing: bool,
}

/// The line-ups stored for `round`, by team: those submitted, and once the
/// round is paired the defaults it was paired with.
pub async fn lineups(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
) -> Result<BTreeMap<i64, StoredLineup>, Error> {
    let rows = sqlx::query_as::<_, LineupRecord>(
        "SELECT l.team, l.board, p.start_number, l.by_pairing FROM team_lineups l \
         LEFT JOIN players p ON p.tournament_id = l.tournament_id AND p.id = l.player_id \
         WHERE l.tournament_id = $1 AND l.round = $2 ORDER BY l.team, l.board",
    )
    .bind(tournament_id)
    .bind(round)
    .fetch_all(&mut *conn)
    .await?;
    let mut out: BTreeMap<i64, StoredLineup> = BTreeMap::new();
    for r in rows {
        let stored = out.entry(r.team).or_default();
        debug_assert_eq!(
            usize::try_from(r.board).ok(),
            Some(stored.players.len() + 1)
        );
        stored.players.push(r.start_number);
        stored.by_pairing = r.by_pairing != 0;
    }
    Ok(out)
}

/// Replaces a team's line-up for `round` by these player ids by board
/// (`by_pairing`: the default the round is being paired with).
pub async fn set_lineup(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    team: i64,
    player_ids: &[Option<String>],
    by_pairing: bool,
) -> Result<(), Error> {
    sqlx::query("DELETE FROM team_lineups WHERE tournament_id = $1 AND round = $2 AND team = $3")
        .bind(tournament_id)
        .bind(round)
        .bind(team)
        .execute(&mut *conn)
        .await?;
    for (board, player) in (1i64..).zip(player_ids) {
        sqlx::query(
            "INSERT INTO team_lineups (tournament_id, round, team, board, player_id, by_pairing) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(tournament_id)
        .bind(round)
        .bind(team)
        .bind(board)
        .bind(player)
        .bind(i64::from(by_pairing))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
