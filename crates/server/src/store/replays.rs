//! The `annulled_games` table (migration 0006): a board's annulled games
//! and the games that replay them (Art. 8.1, 8.2, 8.5, 8.6, 14.5).

use std::collections::BTreeMap;

use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;

/// A board of a round, as `(round, board)`.
pub type BoardKey = (i64, i64);

/// The annulled games of every board of a tournament, oldest first.
pub async fn annulled_by_board<'e, E>(
    executor: E,
    tournament_id: &str,
) -> Result<BTreeMap<BoardKey, Vec<String>>, Error>
where
    E: Executor<'e, Database = Any>,
{
    #[derive(FromRow)]
    struct Row {
        round: i64,
        board: i64,
        game_id: String,
    }
    let rows = sqlx::query_as::<_, Row>(
        "SELECT round, board, game_id FROM annulled_games WHERE tournament_id = $1 \
         ORDER BY round, board, number",
    )
    .bind(tournament_id)
    .fetch_all(executor)
    .await?;
    let mut map: BTreeMap<BoardKey, Vec<String>> = BTreeMap::new();
    for row in rows {
        map.entry((row.round, row.board))
            .or_default()
            .push(row.game_id);
    }
    Ok(map)
}

/// What a board holds for its replay: its live game.
#[derive(Debug, Clone, FromRow)]
pub struct BoardSeat {
    pub game_id: String,
}

/// The live game of board `board` of round `round`, if there is the board.
pub async fn board_seat(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
) -> Result<Option<BoardSeat>, Error> {
    Ok(sqlx::query_as::<_, BoardSeat>(
        "SELECT game_id FROM boards \
         WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .fetch_optional(conn)
    .await?)
}

/// How many games of a board were annulled so far.
pub async fn count_on_board(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) AS n FROM annulled_games \
         WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .fetch_one(conn)
    .await?)
}

/// An annulled game leaves its board: its `board` becomes NULL (the number
/// is kept in `annulled_games`), so the board's slot in `games` is free for
/// the replay.
pub async fn vacate_board(conn: &mut AnyConnection, game_id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE games SET board = NULL WHERE id = $1")
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Points a board at its new live game.
pub async fn set_board_game(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    game_id: &str,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE boards SET game_id = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4",
    )
    .bind(game_id)
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(conn)
    .await?;
    Ok(())
}

/// One annulled game and the game that replays it.
#[derive(Debug)]
pub struct Annulled<'a> {
    pub game_id: &'a str,
    pub tournament_id: &'a str,
    pub round: i64,
    pub board: i64,
    /// Its place among the board's annulled games (1 = the first).
    pub number: i64,
    pub replay_game_id: &'a str,
    /// When the annulment was recorded (RFC 3339).
    pub annulled_at: &'a str,
}

/// Records an annulled game and its replay.
pub async fn insert(conn: &mut AnyConnection, a: Annulled<'_>) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO annulled_games (game_id, tournament_id, round, board, number, \
         replay_game_id, annulled_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(a.game_id)
    .bind(a.tournament_id)
    .bind(a.round)
    .bind(a.board)
    .bind(a.number)
    .bind(a.replay_game_id)
    .bind(a.annulled_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The game ids of a round's boards: their live games.
pub async fn round_game_ids<'e, E>(
    executor: E,
    tournament_id: &str,
    round: i64,
) -> Result<Vec<String>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_scalar(
        "SELECT game_id FROM boards WHERE tournament_id = $1 AND round = $2 ORDER BY board",
    )
    .bind(tournament_id)
    .bind(round)
    .fetch_all(executor)
    .await?)
}
