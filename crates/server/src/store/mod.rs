//! The storage layer: all SQL of the server, and nothing but SQL.
//!
//! One module per aggregate, each with its rows (`#[derive(sqlx::FromRow)]`
//! records, converted once into the row types the rest of the server uses)
//! and its queries. A query that runs alone takes any executor (the pool, a
//! connection or a transaction); a function that runs several takes a
//! connection (`&mut AnyConnection`; a transaction derefs to one). Nothing
//! here knows HTTP: failures are [`Error`], which the API maps to a logged,
//! generic 500 (a unique-constraint violation is told apart with
//! [`Error::is_unique_violation`] by the caller that gives it a meaning).
//!
//! The public surface, for the API handlers and the web pages alike:
//! - [`tournaments`]: [`tournaments::TournamentRow`]; `load`, `list`,
//!   `insert`, `update`, `set_pairing`, `owner`, `lock`, `count_rounds`,
//!   `count_players`; the version the page cache keys on: `bump_version`,
//!   `version`, `round_version`, `versions_total`.
//! - [`players`]: [`players::PlayerRow`] (with its requested byes); `list`,
//!   `load`, `insert`, `next_start_number`, `update`, `set_requested_bye`,
//!   `renumber`.
//! - [`rounds`]: boards and byes ([`rounds::BoardRow`], [`rounds::ByeRow`]);
//!   `last_paired`, `insert_round`, `insert_board`, `insert_bye`,
//!   `claim_slot`, `set_start`, `delete_round`, `board_result`,
//!   `set_board_result`, `set_imported_result`, `lock_boards`.
//! - [`model`]: a whole tournament read in one go ([`model::load_all`] →
//!   [`model::Loaded`]) and [`model::to_model`], the one conversion of stored
//!   rows into `tournament::model::Tournament`; the stored spellings of
//!   domain values (system, bye kind, result, dates) both ways.
//! - [`games`]: [`games::GameRow`], [`games::StoredEvent`]; `load`,
//!   `load_events`, `insert`, `swap_head`, `insert_event`,
//!   `set_outcome`, `set_setup`, `set_round_start`, `lock_round`,
//!   `lock_on_board`, `recorded_ids`; `batch`: the group-commit statements.
//! - [`replays`]: a board's annulled games and their replays
//!   (`annulled_by_board`, `board_seat`, `count_on_board`, `vacate_board`,
//!   `set_board_game`, `insert`, `round_game_ids`).
//! - [`teams`]: [`teams::TeamRow`] (with its roster); `list`, `next_number`,
//!   `insert`, `update`, `set_roster`, `delete`, `lineups`, `set_lineup`.
//! - [`team_rounds`]: a team round's matches and team byes
//!   ([`team_rounds::MatchRow`]); `list`, `insert`.
//! - [`audit`]: `insert` and `list` ([`audit::AuditRow`]).
//! - [`users`]: users ([`users::UserRow`]: `by_name`, `by_id`, `insert`),
//!   sessions (`session`, `insert_session`, `touch_session`,
//!   `delete_session`, `delete_sessions_of`, `delete_expired_sessions`),
//!   roles per tournament (`roles`, `set_role`) and users' own tokens
//!   (`find_token`, `insert_token`, `tokens`, `token`, `revoke_token`).
//! - [`tablets`]: board tablet links ([`tablets::LinkRow`]: `insert`,
//!   `list`, `load`, `find_active`, `revoke`, `round_boards`) and their
//!   sessions (`session`, `insert_session`, `touch_session`,
//!   `delete_session`).
//! - [`tokens`]: `find_active`, `insert`, `load`, `revoke`; [`notify`]
//!   (PostgreSQL `pg_notify`).
//!
//! Stored text that names a domain value this server never writes (a
//! system, a bye kind, a result) is an [`Error::Unknown`], never silently
//! something else.

use std::fmt;

use sqlx::{Any, Transaction};

pub mod audit;
pub mod batch;
pub mod games;
pub mod model;
pub mod people;
pub mod players;
pub mod rating_lists;
pub mod replays;
pub mod rounds;
pub mod tablets;
pub mod team_rounds;
pub mod teams;
pub mod tokens;
pub mod tournaments;
pub mod users;

/// A write transaction (see `Db::begin`).
pub type Tx = Transaction<'static, Any>;

/// A failure of the storage layer: a fault of the database or of what it
/// holds, never of a request.
#[derive(Debug)]
pub enum Error {
    /// The database failed (or refused a constraint).
    Sql(sqlx::Error),
    /// A JSON column could not be read or written.
    Json(serde_json::Error),
    /// A stored value that names nothing this server knows.
    Unknown { what: &'static str, text: String },
    /// Stored data of the wrong shape.
    Corrupt(String),
}

impl Error {
    /// Whether this is a unique-constraint violation (a duplicate).
    pub fn is_unique_violation(&self) -> bool {
        match self {
            Error::Sql(e) => e
                .as_database_error()
                .is_some_and(sqlx::error::DatabaseError::is_unique_violation),
            _ => false,
        }
    }

    pub(crate) fn unknown(what: &'static str, text: &str) -> Error {
        Error::Unknown {
            what,
            text: text.to_owned(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Sql(e) => write!(f, "database: {e}"),
            Error::Json(e) => write!(f, "json: {e}"),
            Error::Unknown { what, text } => write!(f, "stored {what} '{text}' is unknown"),
            Error::Corrupt(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

impl From<sqlx::Error> for Error {
    fn from(error: sqlx::Error) -> Error {
        Error::Sql(error)
    }
}

impl From<serde_json::Error> for Error {
    fn from(error: serde_json::Error) -> Error {
        Error::Json(error)
    }
}

/// The `LISTEN/NOTIFY` channel of every hint between server processes (new
/// events, revoked tokens).
pub(crate) const CHANNEL: &str = "arbiter_events";

/// The `NOTIFY` payload announcing that token `id` was revoked (on the
/// stream's channel, next to `<game id> <seq>` hints).
pub(crate) fn revocation_payload(id: &str) -> String {
    format!("{REVOKED_PREFIX}{id}")
}

/// Prefix of [`revocation_payload`]; game ids never contain a colon.
pub(crate) const REVOKED_PREFIX: &str = "revoked:";

/// `pg_notify(channel, payload)` (PostgreSQL only): delivered to every
/// `LISTEN`ing connection when the transaction (or the statement) commits.
pub async fn notify<'e, E>(executor: E, channel: &str, payload: &str) -> Result<(), Error>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(channel)
        .bind(payload)
        .execute(executor)
        .await?;
    Ok(())
}

/// [`notify`] outside any transaction, without waiting for the flush of its
/// own commit (the hint is not data: a stream re-reads the log).
pub async fn notify_unsynced<'e, E>(executor: E, channel: &str, payload: &str) -> Result<(), Error>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    sqlx::query("SELECT set_config('synchronous_commit', 'off', true) AS s, pg_notify($1, $2)")
        .bind(channel)
        .bind(payload)
        .execute(executor)
        .await?;
    Ok(())
}

/// Settings every SQLite connection gets: foreign keys enforced, a busy
/// timeout (other processes' writers), full sync on commit.
pub async fn sqlite_connection_setup(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    use sqlx::Executor;
    conn.execute(
        "PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; PRAGMA synchronous = FULL;",
    )
    .await?;
    Ok(())
}

/// Switches an SQLite file to WAL (a property of the file: set once, it
/// stays).
pub async fn sqlite_wal(pool: &sqlx::AnyPool) -> Result<(), sqlx::Error> {
    sqlx::query("PRAGMA journal_mode = WAL")
        .execute(pool)
        .await?;
    Ok(())
}
