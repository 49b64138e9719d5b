//! The `games` and `game_events` tables: a game's row and its append-only
//! event log (the compare-and-swap on `games.seq` is [`swap_head`]; the
//! fast path's batched form is in [`super::batch`]).

use serde_json::{Map, Value};
use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::Error;
use crate::engine::laws::Laws;
use crate::engine::{GameKind, GameSetup};

/// A game's row, with its tournament's owner and name.
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: String,
    pub tournament_id: Option<String>,
    pub round: Option<i64>,
    pub board: Option<i64>,
    pub white: String,
    pub black: String,
    /// `chess` or `xiangqi` (migration `0007_game_kind.sql`).
    pub game: GameKind,
    pub regulations: String,
    pub time_control: Option<String>,
    /// Setup columns of migration 0002 (initial FEN, recording mode,
    /// scheduled start), read by `GameRow::setup`.
    pub fen: Option<String>,
    pub mode: String,
    pub scheduled_start_ms: Option<i64>,
    /// The organiser's announced settings in force when the game was created.
    pub laws: Laws,
    /// A board of a team match (migration 0014): a game created as one, or
    /// a board of a team event (its tournament's `teams` set).
    pub team_game: bool,
    pub seq: i64,
    pub owner_token: Option<String>,
    pub tournament_owner: Option<String>,
    pub tournament_name: Option<String>,
    pub created_at: String,
    /// The game that replays this one, once it was annulled on a
    /// tournament board (`annulled_games`, migration 0006).
    pub replay_game_id: Option<String>,
    /// Its board's result was entered or imported by hand (migration
    /// 0009): nothing falls due in it any more.
    pub board_settled: bool,
}

#[derive(FromRow)]
struct Record {
    id: String,
    tournament_id: Option<String>,
    round: Option<i64>,
    board: Option<i64>,
    white: String,
    black: String,
    game: String,
    regulations: String,
    time_control: Option<String>,
    fen: Option<String>,
    mode: String,
    scheduled_start_ms: Option<i64>,
    laws: String,
    team_game: i64,
    seq: i64,
    owner_token: Option<String>,
    tournament_owner: Option<String>,
    tournament_name: Option<String>,
    created_at: String,
    replay_game_id: Option<String>,
    board_settled: i64,
}

impl TryFrom<Record> for GameRow {
    type Error = Error;
    fn try_from(r: Record) -> Result<GameRow, Error> {
        Ok(GameRow {
            id: r.id,
            tournament_id: r.tournament_id,
            round: r.round,
            board: r.board,
            white: r.white,
            black: r.black,
            game: GameKind::from_stored(&r.game)?,
            regulations: r.regulations,
            time_control: r.time_control,
            fen: r.fen,
            mode: r.mode,
            scheduled_start_ms: r.scheduled_start_ms,
            laws: serde_json::from_str(&r.laws)?,
            team_game: r.team_game != 0,
            seq: r.seq,
            owner_token: r.owner_token,
            tournament_owner: r.tournament_owner,
            tournament_name: r.tournament_name,
            created_at: r.created_at,
            replay_game_id: r.replay_game_id,
            board_settled: r.board_settled != 0,
        })
    }
}

/// A game, if there is one with this id.
pub async fn load<'e, E>(executor: E, id: &str) -> Result<Option<GameRow>, Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query_as::<_, Record>(
        "SELECT g.id, g.tournament_id, g.round, COALESCE(g.board, a.board) AS board, \
         g.white, g.black, g.game, \
         g.regulations, g.time_control, g.fen, g.mode, g.scheduled_start_ms, g.laws, \
         CAST(CASE WHEN g.team_game <> 0 OR t.teams IS NOT NULL THEN 1 ELSE 0 END AS BIGINT) \
         AS team_game, g.seq, g.owner_token, g.created_at, \
         t.owner_token AS tournament_owner, t.name AS tournament_name, a.replay_game_id, \
         g.board_settled \
         FROM games g LEFT JOIN tournaments t ON t.id = g.tournament_id \
         LEFT JOIN annulled_games a ON a.game_id = g.id WHERE g.id = $1",
    )
    .bind(id)
    .fetch_optional(executor)
    .await?
    .map(GameRow::try_from)
    .transpose()
}

/// The games in which a result can fall due without an event — live,
/// neither finished nor annulled, on no board whose result is already
/// entered (an imported or typed-in result settles the board) — as
/// [`OpenLiveHead`]s.
pub async fn open_live_heads<'e, E>(executor: E) -> Result<Vec<OpenLiveHead>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_as::<_, OpenLiveHead>(
        "SELECT id, seq, scheduled_start_ms FROM games \
         WHERE mode = 'live' AND status NOT IN ('finished', 'annulled') AND board_settled = 0 \
         ORDER BY id",
    )
    .fetch_all(executor)
    .await?)
}

/// An open live game's head: what the due-results sweep needs to know
/// whether the game changed since it last looked.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OpenLiveHead {
    pub id: String,
    pub seq: i64,
    pub scheduled_start_ms: Option<i64>,
}

/// A new game's row (`seq` 0, status `scheduled`).
#[derive(Debug)]
pub struct NewGame<'a> {
    pub id: &'a str,
    pub tournament_id: Option<&'a str>,
    pub round: Option<i64>,
    pub board: Option<i64>,
    pub white: &'a str,
    pub black: &'a str,
    /// `chess` or `xiangqi`.
    pub game: GameKind,
    pub regulations: &'a str,
    pub time_control: Option<&'a str>,
    pub owner_token: Option<&'a str>,
    /// Initial position (checked FEN) or `None` for the standard one.
    pub fen: Option<&'a str>,
    /// `live` or `scoresheet`.
    pub mode: &'a str,
    /// Scheduled start, ms since 1970.
    pub scheduled_start_ms: Option<i64>,
    /// The organiser's announced settings (a tournament's, copied).
    pub laws: &'a Laws,
    /// A game outside any tournament entered as a board of a team match (a
    /// tournament's boards are team games by their tournament's `teams`).
    pub team_game: bool,
    /// Creation time (RFC 3339).
    pub created_at: &'a str,
}

/// Inserts a game.
pub async fn insert(conn: &mut AnyConnection, game: NewGame<'_>) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO games (id, tournament_id, round, board, white, black, regulations, \
         time_control, seq, status, owner_token, created_at, fen, mode, scheduled_start_ms, laws, game, \
         team_game) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 'scheduled', $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(game.id)
    .bind(game.tournament_id)
    .bind(game.round)
    .bind(game.board)
    .bind(game.white)
    .bind(game.black)
    .bind(game.regulations)
    .bind(game.time_control)
    .bind(game.owner_token)
    .bind(game.created_at)
    .bind(game.fen)
    .bind(game.mode)
    .bind(game.scheduled_start_ms)
    .bind(serde_json::to_string(game.laws)?)
    .bind(game.game.as_str())
    .bind(i64::from(game.team_game))
    .execute(conn)
    .await?;
    Ok(())
}

/// One stored event.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub seq: i64,
    pub actor: String,
    pub received_at: String,
    pub at: String,
    pub body: Map<String, Value>,
    pub rulings: Value,
}

#[derive(FromRow)]
struct EventRecord {
    seq: i64,
    actor: String,
    received_at: String,
    at: String,
    body: String,
    rulings: String,
}

impl TryFrom<EventRecord> for StoredEvent {
    type Error = Error;
    fn try_from(r: EventRecord) -> Result<StoredEvent, Error> {
        let Value::Object(body) = serde_json::from_str::<Value>(&r.body)? else {
            return Err(Error::Corrupt("stored event is not an object".into()));
        };
        Ok(StoredEvent {
            seq: r.seq,
            actor: r.actor,
            received_at: r.received_at,
            at: r.at,
            body,
            rulings: serde_json::from_str(&r.rulings)?,
        })
    }
}

/// A game's events after `after`, in order.
pub async fn load_events<'e, E>(
    executor: E,
    game_id: &str,
    after: i64,
) -> Result<Vec<StoredEvent>, Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query_as::<_, EventRecord>(
        "SELECT seq, actor, received_at, at, body, rulings FROM game_events \
         WHERE game_id = $1 AND seq > $2 ORDER BY seq",
    )
    .bind(game_id)
    .bind(after)
    .fetch_all(executor)
    .await?
    .into_iter()
    .map(StoredEvent::try_from)
    .collect()
}

/// The compare-and-swap on a game's head: `true` when this writer moved the
/// seq from `expected_seq` to the next one (exactly one writer can).
pub async fn swap_head(
    conn: &mut AnyConnection,
    game_id: &str,
    expected_seq: i64,
) -> Result<bool, Error> {
    let swapped = sqlx::query("UPDATE games SET seq = seq + 1 WHERE id = $1 AND seq = $2")
        .bind(game_id)
        .bind(expected_seq)
        .execute(conn)
        .await?
        .rows_affected();
    Ok(swapped == 1)
}

/// The compare-and-swap of a whole log written at once (a scoresheet
/// uploaded as PGN): `true` when this writer moved the head from
/// `expected_seq` to `new_seq`.
pub async fn advance_head(
    conn: &mut AnyConnection,
    game_id: &str,
    expected_seq: i64,
    new_seq: i64,
) -> Result<bool, Error> {
    let swapped = sqlx::query("UPDATE games SET seq = $3 WHERE id = $1 AND seq = $2")
        .bind(game_id)
        .bind(expected_seq)
        .bind(new_seq)
        .execute(conn)
        .await?
        .rows_affected();
    Ok(swapped == 1)
}

/// Inserts event `stored.seq` of a game (`body` and `rulings` as JSON text).
pub async fn insert_event(
    conn: &mut AnyConnection,
    game_id: &str,
    stored: &StoredEvent,
    body: &str,
    rulings: &str,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO game_events (game_id, seq, actor, received_at, at, body, rulings) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(game_id)
    .bind(stored.seq)
    .bind(&stored.actor)
    .bind(&stored.received_at)
    .bind(&stored.at)
    .bind(body)
    .bind(rulings)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a game's status and result.
pub async fn set_outcome(
    conn: &mut AnyConnection,
    game_id: &str,
    status: &str,
    result: Option<&str>,
) -> Result<(), Error> {
    sqlx::query("UPDATE games SET status = $1, result = $2 WHERE id = $3")
        .bind(status)
        .bind(result)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Writes a game's recording mode and starting position.
pub async fn set_setup(
    conn: &mut AnyConnection,
    game_id: &str,
    mode: &str,
    fen: Option<&str>,
) -> Result<(), Error> {
    sqlx::query("UPDATE games SET mode = $1, fen = $2 WHERE id = $3")
        .bind(mode)
        .bind(fen)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Replaces a game's announced settings (`laws`).
pub async fn set_laws(conn: &mut AnyConnection, game_id: &str, laws: &Laws) -> Result<(), Error> {
    sqlx::query("UPDATE games SET laws = $1 WHERE id = $2")
        .bind(serde_json::to_string(laws)?)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets or removes the scheduled start of a round's games, except those
/// on a board with its own start.
pub async fn set_round_start(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    scheduled_start_ms: Option<i64>,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE games SET scheduled_start_ms = $1 WHERE tournament_id = $2 AND round = $3 \
         AND id NOT IN (SELECT game_id FROM boards WHERE tournament_id = $4 AND round = $5 \
         AND starts_at IS NOT NULL)",
    )
    .bind(scheduled_start_ms)
    .bind(tournament_id)
    .bind(round)
    .bind(tournament_id)
    .bind(round)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets or removes one game's scheduled start (its board's own start).
pub async fn set_start(
    conn: &mut AnyConnection,
    game_id: &str,
    scheduled_start_ms: Option<i64>,
) -> Result<(), Error> {
    sqlx::query("UPDATE games SET scheduled_start_ms = $1 WHERE id = $2")
        .bind(scheduled_start_ms)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Row locks on a round's games (PostgreSQL), taken before they are checked
/// for events so no event can slip in between the check and the change.
pub async fn lock_round(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
) -> Result<(), Error> {
    sqlx::query("UPDATE games SET seq = seq WHERE tournament_id = $1 AND round = $2")
        .bind(tournament_id)
        .bind(round)
        .execute(conn)
        .await?;
    Ok(())
}

/// The head, status and result of the games on a board.
#[derive(Debug, Clone, FromRow)]
pub struct BoardGame {
    pub seq: i64,
    pub status: String,
    pub result: Option<String>,
    /// `chess` or `xiangqi`.
    pub game: String,
}

/// The games on a board (one, unless the board was re-paired), locked to
/// the end of the transaction (the no-op update is the portable row lock):
/// an event that changes a game's status — its end, the annulment of the
/// ruling that ended it, its first event — waits for the board's change, or
/// the board's change waits for it and reads the game as it committed. (A
/// plain read on PostgreSQL saw a finished game while its annulment
/// committed, and the board kept a result for a game in progress.)
pub async fn lock_on_board(
    conn: &mut AnyConnection,
    tournament_id: &str,
    round: i64,
    board: i64,
) -> Result<Vec<BoardGame>, Error> {
    Ok(sqlx::query_as::<_, BoardGame>(
        "UPDATE games SET seq = seq WHERE tournament_id = $1 AND round = $2 AND board = $3 \
         RETURNING seq, status, result, game",
    )
    .bind(tournament_id)
    .bind(round)
    .bind(board)
    .fetch_all(conn)
    .await?)
}

/// The ids of a tournament's games that have events, by round and board:
/// each board's live game (an annulled game has left its board, and is not
/// among them).
pub async fn recorded_ids<'e, E>(executor: E, tournament_id: &str) -> Result<Vec<String>, Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(sqlx::query_scalar(
        "SELECT g.id FROM boards b JOIN games g ON g.id = b.game_id \
         WHERE b.tournament_id = $1 AND g.seq > 0 ORDER BY b.round, b.board",
    )
    .bind(tournament_id)
    .fetch_all(executor)
    .await?)
}

impl GameRow {
    /// What the Laws need to fold this game's log.
    pub(crate) fn setup(&self) -> GameSetup {
        GameSetup {
            game: self.game,
            regulations: self.regulations.clone(),
            time_control: self.time_control.clone(),
            fen: self.fen.clone(),
            mode: self.mode.clone(),
            scheduled_start_ms: self.scheduled_start_ms,
            laws: self.laws.clone(),
            team_game: self.team_game,
        }
    }
}
