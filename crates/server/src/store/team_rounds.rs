//! The `team_matches` table (migration `0011_teams.sql`): a paired team
//! round's matches, two teams or one team and its bye kind. The boards of a
//! match are ordinary boards of the round (`rounds`), numbered
//! `(match - 1) * boards + board`; un-pairing the round deletes its matches
//! (`rounds::delete_round`).

use sqlx::{AnyConnection, FromRow};

use super::Error;

/// One stored match or team bye.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct MatchRow {
    pub round: i64,
    /// 1, 2, … in the round; team byes come after the matches.
    pub number: i64,
    pub first_team: i64,
    /// `None` for a team bye.
    pub second_team: Option<i64>,
    /// The bye kind (`pairing_allocated`, `full`, `half`, `zero`) of a team bye.
    pub bye: Option<String>,
}

/// Every match of a tournament, by round and number.
pub async fn list(conn: &mut AnyConnection, tournament_id: &str) -> Result<Vec<MatchRow>, Error> {
    Ok(sqlx::query_as::<_, MatchRow>(
        "SELECT round, number, first_team, second_team, bye FROM team_matches \
         WHERE tournament_id = $1 ORDER BY round, number",
    )
    .bind(tournament_id)
    .fetch_all(conn)
    .await?)
}

/// Inserts one match or team bye of a paired round.
pub async fn insert(
    conn: &mut AnyConnection,
    tournament_id: &str,
    row: &MatchRow,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO team_matches (tournament_id, round, number, first_team, second_team, bye) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(tournament_id)
    .bind(row.round)
    .bind(row.number)
    .bind(row.first_team)
    .bind(row.second_team)
    .bind(&row.bye)
    .execute(conn)
    .await?;
    Ok(())
}
