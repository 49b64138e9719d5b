//! The `rounds`, `boards`, `round_byes` and `round_slots` tables.

use std::collections::BTreeMap;

use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;

/// A board of a round, with what it shows of its game.
#[derive(Debug, Clone)]
pub struct BoardRow {
    pub round: i64,
    pub board: i64,
    pub white_id: String,
    pub black_id: String,
    pub game_id: String,
    pub result: Option<String>,
    /// A correction kept for the rating report only (FIDE mode, a round
    /// before the last paired one; migration `0019`): `result` stays what
    /// later rounds were paired on.
    pub rating_result: Option<String>,
    pub rated: bool,
    /// The game's recording mode (`live` or `scoresheet`).
    pub mode: String,
    /// The game's starting position when not the standard one (FEN).
    pub fen: Option<String>,
    /// Whether the game has recorded events.
    pub recorded: bool,
    /// The board's annulled games, oldest first (their replays are the later
    /// ones and, last, `game_id`): filled by `model::load_all`.
    pub annulled_game_ids: Vec<String>,
    /// The board's own scheduled start (RFC 3339); `None`: the round's.
    pub starts_at: Option<String>,
}

#[derive(FromRow)]
struct BoardRecord {
    round: i64,
    board: i64,
    white_id: String,
    black_id: String,
    game_id: String,
    result: Option<String>,
    rating_result: Option<String>,
    rated: i64,
    mode: String,
    seq: i64,
    fen: Option<String>,
    starts_at: Option<String>,
}

impl From<BoardRecord> for BoardRow {
    fn from(r: BoardRecord) -> BoardRow {
        BoardRow {
            round: r.round,
            board: r.board,
            white_id: r.white_id,
            black_id: r.black_id,
            game_id: r.game_id,
            result: r.result,
            rating_result: r.rating_result,
            rated: r.rated != 0,
            mode: r.mode,
            fen: r.fen,
            recorded: r.seq > 0,
            annulled_game_ids: Vec::new(),
            starts_at: r.starts_at,
        }
    }
}

/// A bye of a round (its kind as stored: see `model::byes::bye_kind`).
#[derive(Debug, Clone, FromRow)]
pub struct ByeRow {
    pub round: i64,
    pub player_id: String,
    pub kind: String,
}

/// The number of the last paired round (0 before round 1).
pub async fn last_paired<'e, E>(executor: E, tournament_id: &str) -> Result<i64, Error>
where
    E: Executor<'e, Database = Any>,
{
    let n: Option<i64> =
        sqlx::query_scalar("SELECT MAX(number) AS n FROM rounds WHERE tournament_id = $1")
            .bind(tournament_id)
            .fetch_one(executor)
            .await?;
    Ok(n.unwrap_or(0))
}

/// The paired rounds of a tournament and the scheduled start of each
/// (RFC 3339), if set.
pub async fn starts<'e, E>(
    executor: E,
    tournament_id: &str,
) -> Result<BTreeMap<i64, Option<String>>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, (i64, Option<String>)>(
        "SELECT number, starts_at FROM rounds WHERE tournament_id = $1 ORDER BY number",
    )
    .bind(tournament_id)
    .fetch_all(executor)
    .await?
    .into_iter()
    .collect())
}

/// Every board of a tournament, by round and board.
pub async fn boards<'e, E>(executor: E, tournament_id: &str) -> Result<Vec<BoardRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, BoardRecord>(
        "SELECT b.round, b.board, b.white_id, b.black_id, b.game_id, b.result, b.rating_result, b.rated, \
         g.mode, g.seq, g.fen, b.starts_at FROM boards b JOIN games g ON g.id = b.game_id \
         WHERE b.tournament_id = $1 ORDER BY b.round, b.board",
    )
    .bind(tournament_id)
    .fetch_all(executor)
    .await?
    .into_iter()
    .map(BoardRow::from)
    .collect())
}

/// Every bye of a tournament, by round and player id.
pub async fn byes<'e, E>(executor: E, tournament_id: &str) -> Result<Vec<ByeRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, ByeRow>(
        "SELECT round, player_id, kind FROM round_byes WHERE tournament_id = $1 \
         ORDER BY round, player_id",
    )
    .bind(tournament_id)
    .fetch_all(executor)
    .await?)
}

/// Inserts round `number`; a round already paired is a unique violation.
pub async fn insert_round(
    conn: &mut AnyConnection,
    tournament_id: &str,
    number: i64,
    paired_at: &str,
    starts_at: Option<&str>,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO rounds (tournament_id, number, paired_at, starts_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(tournament_id)
    .bind(number)
    .bind(paired_at)
    .bind(starts_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Inserts a rated board without a result (its game is inserted first).
pub async fn insert_board(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    white_id: &str,
    black_id: &str,
    game_id: &str,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO boards (tournament_id, round, board, white_id, black_id, game_id, rated) \
         VALUES ($1, $2, $3, $4, $5, $6, 1)",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .bind(white_id)
    .bind(black_id)
    .bind(game_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Inserts a bye (`kind` as stored: `model::byes::bye_text`).
pub async fn insert_bye(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    player_id: &str,
    kind: &str,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO round_byes (tournament_id, round, player_id, kind) VALUES ($1, $2, $3, $4)",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(player_id)
    .bind(kind)
    .execute(conn)
    .await?;
    Ok(())
}

/// One pairing per player per round: the primary key of `round_slots`. A
/// player already paired in the round is a unique violation.
pub async fn claim_slot(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    player_id: &str,
) -> Result<(), Error> {
    sqlx::query("INSERT INTO round_slots (tournament_id, round, player_id) VALUES ($1, $2, $3)")
        .bind(tournament_id)
        .bind(round)
        .bind(player_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets or removes a round's scheduled start (RFC 3339).
pub async fn set_start(
    conn: &mut AnyConnection,
    tournament_id: &str,
    number: i64,
    starts_at: Option<&str>,
) -> Result<(), Error> {
    sqlx::query("UPDATE rounds SET starts_at = $1 WHERE tournament_id = $2 AND number = $3")
        .bind(starts_at)
        .bind(tournament_id)
        .bind(number)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets or removes a board's own scheduled start (RFC 3339).
pub async fn set_board_start(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    starts_at: Option<&str>,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE boards SET starts_at = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4",
    )
    .bind(starts_at)
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(conn)
    .await?;
    Ok(())
}

/// Row locks on a round's boards (PostgreSQL), taken after its games'.
pub async fn lock_boards(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
) -> Result<(), Error> {
    sqlx::query("UPDATE boards SET result = result WHERE tournament_id = $1 AND round = $2")
        .bind(tournament_id)
        .bind(round)
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes round `number`: its slots, team matches, the line-ups its
/// pairing stored (not those submitted), byes, boards, its games without
/// events, and the round itself.
pub async fn delete_round(
    conn: &mut AnyConnection,
    tournament_id: &str,
    number: i64,
) -> Result<(), Error> {
    for statement in [
        "DELETE FROM round_slots WHERE tournament_id = $1 AND round = $2",
        "DELETE FROM team_matches WHERE tournament_id = $1 AND round = $2",
        "DELETE FROM team_lineups WHERE tournament_id = $1 AND round = $2 AND by_pairing = 1",
        "DELETE FROM round_byes WHERE tournament_id = $1 AND round = $2",
        "DELETE FROM boards WHERE tournament_id = $1 AND round = $2",
        "DELETE FROM games WHERE tournament_id = $1 AND round = $2 AND seq = 0",
        "DELETE FROM rounds WHERE tournament_id = $1 AND number = $2",
    ] {
        sqlx::query(statement)
            .bind(tournament_id)
            .bind(number)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Why a match's boards were not cleared.
#[derive(Debug)]
pub enum Unseat {
    /// A game of them has begun since it was read.
    Started,
    Db(Error),
}

impl From<sqlx::Error> for Unseat {
    fn from(e: sqlx::Error) -> Self {
        Unseat::Db(e.into())
    }
}

/// Clears boards `from..=to` of round `round` for seating them again: the
/// `players`' slots and byes of the round, the boards, and their `games`,
/// each still at seq 0 (else [`Unseat::Started`], and the caller rolls
/// back).
pub async fn unseat(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    (from, to): (i64, i64),
    players: &[&str],
    games: &[&str],
) -> Result<(), Unseat> {
    for player in players {
        for statement in [
            "DELETE FROM round_slots WHERE tournament_id = $1 AND round = $2 AND player_id = $3",
            "DELETE FROM round_byes WHERE tournament_id = $1 AND round = $2 AND player_id = $3",
        ] {
            sqlx::query(statement)
                .bind(tournament_id)
                .bind(round)
                .bind(*player)
                .execute(&mut *conn)
                .await?;
        }
    }
    sqlx::query(
        "DELETE FROM boards WHERE tournament_id = $1 AND round = $2 AND board >= $3 AND board <= $4",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(from)
    .bind(to)
    .execute(&mut *conn)
    .await?;
    for game in games {
        let done = sqlx::query("DELETE FROM games WHERE id = $1 AND seq = 0")
            .bind(*game)
            .execute(&mut *conn)
            .await?;
        if done.rows_affected() == 0 {
            return Err(Unseat::Started);
        }
    }
    Ok(())
}

/// A board's result: `None` when there is no such board, `Some(None)` when
/// it has none yet.
pub async fn board_result<'e, E>(
    executor: E,
    tournament_id: &str,
    round: i64,
    board: i64,
) -> Result<Option<Option<String>>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_scalar::<_, Option<String>>(
        "SELECT result FROM boards WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .fetch_optional(executor)
    .await?)
}

/// Writes a board's result (in the one notation).
pub async fn set_board_result(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE boards SET result = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4",
    )
    .bind(result)
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(&mut *conn)
    .await?;
    settle_board_game(conn, tournament_id, round, board).await
}

/// A board's result and its correction for the rating report, in one
/// read (`None`: no such board).
pub async fn results<'e, E>(
    executor: E,
    tournament_id: &str,
    round: i64,
    board: i64,
) -> Result<Option<(Option<String>, Option<String>)>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, (Option<String>, Option<String>)>(
        "SELECT result, rating_result FROM boards WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .fetch_optional(executor)
    .await?)
}

/// Sets (or, with `None`, clears) a board's correction for the rating
/// report only.
pub async fn set_rating_result(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: Option<&str>,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE boards SET rating_result = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4",
    )
    .bind(result)
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Clears a board's result when its game is in progress again (an arbiter
/// annulled the ruling that ended it): the game is no longer settled, so
/// the due sweep watches its clocks again.
pub async fn reopen_board(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE boards SET result = NULL WHERE tournament_id = $1 AND round = $2 AND board = $3",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE games SET board_settled = 0 WHERE id = \
         (SELECT game_id FROM boards WHERE tournament_id = $1 AND round = $2 AND board = $3)",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks the game of a board whose result is entered as settled: the due
/// sweep no longer looks at it (`store::games::open_live_heads`).
async fn settle_board_game(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE games SET board_settled = 1 WHERE board_settled = 0 AND id = \
         (SELECT game_id FROM boards WHERE tournament_id = $1 AND round = $2 AND board = $3)",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes an imported board's result and whether it is rated.
pub async fn set_imported_result(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
    result: &str,
    rated: bool,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE boards SET result = $1, rated = $2 WHERE tournament_id = $3 AND round = $4 AND board = $5",
    )
    .bind(result)
    .bind(i64::from(rated))
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .execute(&mut *conn)
    .await?;
    settle_board_game(conn, tournament_id, round, board).await
}
