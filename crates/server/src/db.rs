//! The database: one `sqlx::Any` pool over SQLite or PostgreSQL.
//!
//! One SQL dialect serves both: the schema uses only `TEXT` and `BIGINT`,
//! parameters are written `$1, $2, ...` (SQLite accepts them too), and ids and
//! timestamps are chosen by the server. The one behavioural difference is how
//! a write transaction starts: SQLite's `BEGIN IMMEDIATE` takes the write lock
//! up front so two writers queue on the busy timeout instead of failing when a
//! read lock is upgraded; PostgreSQL's `BEGIN` relies on row locks.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Mutex, OwnedMutexGuard};

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{Any, AnyPool, Transaction};

/// The embedded migrations (`migrations/` at the workspace root).
pub static MIGRATOR: Migrator = sqlx::migrate!("../../migrations");

/// Which database a URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A connected pool plus what it is connected to.
#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    url: String,
    /// SQLite has one writer: writers of this process queue here (FIFO, woken
    /// at once) instead of polling SQLite's busy handler.
    writer: Arc<Mutex<()>>,
}

/// Held for the life of a write transaction on SQLite (nothing on PostgreSQL).
pub type WriteGuard = Option<OwnedMutexGuard<()>>;

impl fmt::Debug for Db {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The URL may hold a password: never print it.
        f.debug_struct("Db")
            .field("backend", &self.backend)
            .finish()
    }
}

/// A failure to open or migrate the database (start-up only).
#[derive(Debug)]
pub enum DbError {
    /// The URL names no supported database.
    UnsupportedUrl(String),
    Connect(sqlx::Error),
    Migrate(sqlx::migrate::MigrateError),
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::UnsupportedUrl(scheme) => write!(
                f,
                "unsupported database URL scheme '{scheme}' (use sqlite:PATH or postgres://...)"
            ),
            DbError::Connect(e) => write!(f, "cannot connect to the database: {e}"),
            DbError::Migrate(e) => write!(f, "cannot migrate the database: {e}"),
        }
    }
}

impl std::error::Error for DbError {}

/// Normalises a database URL: a `sqlite:` URL without `mode` gets
/// `mode=rwc` so the file is created when missing.
pub fn normalise_url(url: &str) -> Result<(Backend, String), DbError> {
    let scheme = url.split(':').next().unwrap_or("");
    match scheme {
        "postgres" | "postgresql" => Ok((Backend::Postgres, url.to_owned())),
        "sqlite" => {
            let has_mode = url
                .split_once('?')
                .is_some_and(|(_, q)| q.split('&').any(|kv| kv.starts_with("mode=")));
            let url = if has_mode || url.contains(":memory:") {
                url.to_owned()
            } else if url.contains('?') {
                format!("{url}&mode=rwc")
            } else {
                format!("{url}?mode=rwc")
            };
            Ok((Backend::Sqlite, url))
        }
        other => Err(DbError::UnsupportedUrl(other.to_owned())),
    }
}

impl Db {
    /// Opens a pool. SQLite files are created when missing and switched to
    /// WAL; foreign keys are enforced on every connection.
    pub async fn connect(url: &str) -> Result<Db, DbError> {
        install_default_drivers();
        let (backend, url) = normalise_url(url)?;
        let options = match backend {
            Backend::Sqlite => AnyPoolOptions::new()
                .max_connections(pool_size(8))
                .after_connect(|conn, _meta| Box::pin(crate::store::sqlite_connection_setup(conn))),
            Backend::Postgres => AnyPoolOptions::new().max_connections(pool_size(32)),
        };
        let pool = options
            .acquire_timeout(Duration::from_secs(10))
            .connect(&url)
            .await
            .map_err(DbError::Connect)?;
        if backend == Backend::Sqlite {
            crate::store::sqlite_wal(&pool)
                .await
                .map_err(DbError::Connect)?;
        }
        Ok(Db {
            pool,
            backend,
            url,
            writer: Arc::new(Mutex::new(())),
        })
    }

    /// Runs the embedded migrations that have not run yet.
    pub async fn migrate(&self) -> Result<(), DbError> {
        MIGRATOR.run(&self.pool).await.map_err(DbError::Migrate)
    }

    /// The pool, for reads.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL it was opened with (for `LISTEN` connections).
    pub(crate) fn url(&self) -> &str {
        &self.url
    }

    /// Starts a write transaction (see the module docs). Keep the guard
    /// until the transaction is committed or dropped.
    pub async fn begin(&self) -> Result<(WriteGuard, Transaction<'static, Any>), sqlx::Error> {
        match self.backend {
            Backend::Sqlite => {
                let guard = self.write_lock().await;
                let tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
                Ok((guard, tx))
            }
            Backend::Postgres => Ok((None, self.pool.begin().await?)),
        }
    }

    /// This process's turn to write (SQLite: one writer at a time, queued
    /// here; PostgreSQL: no wait, row locks decide).
    pub(crate) async fn write_lock(&self) -> WriteGuard {
        match self.backend {
            Backend::Sqlite => Some(Arc::clone(&self.writer).lock_owned().await),
            Backend::Postgres => None,
        }
    }

    /// Closes the pool (waits for connections to be returned).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The pool's size: `ARBITER_DB_POOL` when set to a number from 1 to 1000
/// (a tuning knob for benchmarks and large deployments), else `default`.
fn pool_size(default: u32) -> u32 {
    std::env::var("ARBITER_DB_POOL")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|n| (1..=1000).contains(n))
        .unwrap_or(default)
}

impl FromStr for Backend {
    type Err = DbError;
    fn from_str(url: &str) -> Result<Backend, DbError> {
        normalise_url(url).map(|(backend, _)| backend)
    }
}
