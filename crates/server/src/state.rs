//! What every part of the server shares: [`AppState`] (the database, the
//! caches, the live hub and the shutdown signal), the request limits, and
//! the one way times are stored. It imports no layer that serves requests
//! (`http`, `web`, `app`): every layer may import it.

use std::sync::Arc;

use tokio::sync::{broadcast, watch};

use crate::db::{Backend, Db};
use crate::{auth, live};

/// Largest JSON body accepted (bytes).
pub const BODY_LIMIT: usize = 256 * 1024;
/// Largest TRF import accepted (bytes).
pub const IMPORT_LIMIT: usize = 16 * 1024 * 1024;
/// A hint that a game's log grew to `seq` (from this process or, through
/// `LISTEN/NOTIFY`, another one). Streams read the new events themselves.
#[derive(Debug, Clone)]
pub(crate) struct Hint {
    pub game_id: Arc<str>,
    pub seq: i64,
}

struct Inner {
    db: Db,
    admin_hash: Option<String>,
    hints: broadcast::Sender<Hint>,
    /// One feed per watched game (see `stream`).
    hub: live::stream::Hub,
    shutdown_tx: watch::Sender<bool>,
    games: live::game_cache::Cache,
    tokens: auth::TokenCache,
    /// Failed sign-ins (see `accounts::limiter`).
    sign_ins: auth::limiter::SignInLimiter,
    /// Cookies get `Secure` (served over https; `ARBITER_SECURE_COOKIES`).
    secure_cookies: std::sync::atomic::AtomicBool,
    /// Rendered public pages (see `live::page_cache`).
    pages: live::page_cache::PageCache,
    /// The fast path's writer (see `group_commit`).
    writes: live::group_commit::GroupCommit,
    /// Hints for other processes (PostgreSQL only; see `stream`).
    notify: Option<tokio::sync::mpsc::UnboundedSender<Hint>>,
}

/// What every handler shares: the database, the administrator token's hash,
/// the broadcast channel of new events and the shutdown signal.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("db", &self.inner.db)
            .field("admin", &self.inner.admin_hash.is_some())
            .finish()
    }
}

impl AppState {
    /// State over an opened (and migrated) database. `admin_token` is the
    /// administrator's bearer token (`ARBITER_ADMIN_TOKEN`), if any. On
    /// PostgreSQL this spawns the `LISTEN` task that relays other processes'
    /// events to this one's streams, so call it inside a Tokio runtime.
    pub fn new(db: Db, admin_token: Option<&str>) -> AppState {
        let (hints, _) = broadcast::channel(4096);
        let (shutdown_tx, _) = watch::channel(false);
        let postgres = db.backend() == Backend::Postgres;
        let (notify, notify_rx) = if postgres {
            let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
            (Some(tx), Some(rx))
        } else {
            (None, None)
        };
        let writes = live::group_commit::GroupCommit::spawn(db.clone());
        let state = AppState {
            inner: Arc::new(Inner {
                db,
                writes,
                admin_hash: admin_token.filter(|t| !t.is_empty()).map(auth::hash_token),
                hints,
                hub: live::stream::Hub::default(),
                shutdown_tx,
                games: live::game_cache::Cache::default(),
                tokens: auth::TokenCache::default(),
                sign_ins: auth::limiter::SignInLimiter::default(),
                secure_cookies: std::sync::atomic::AtomicBool::new(false),
                pages: live::page_cache::PageCache::default(),
                notify,
            }),
        };
        if let Some(rx) = notify_rx {
            live::stream::spawn_listener(state.clone());
            live::stream::spawn_notifier(state.clone(), rx);
        }
        state
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    pub(crate) fn admin_hash(&self) -> Option<&str> {
        self.inner.admin_hash.as_deref()
    }

    pub(crate) fn hints(&self) -> &broadcast::Sender<Hint> {
        &self.inner.hints
    }

    pub(crate) fn hub(&self) -> &live::stream::Hub {
        &self.inner.hub
    }

    /// How many games this process is feeding to live viewers (one feed
    /// per watched game, however many viewers).
    pub fn live_feeds(&self) -> usize {
        self.inner.hub.len()
    }

    /// Announces a committed event to this process's streams and (on
    /// PostgreSQL) to the other processes'.
    pub(crate) fn announce(&self, hint: Hint) {
        if let Some(notify) = &self.inner.notify {
            let _ = notify.send(hint.clone());
        }
        let _ = self.inner.hints.send(hint);
    }

    pub(crate) fn games_cache(&self) -> &live::game_cache::Cache {
        &self.inner.games
    }

    pub(crate) fn pages(&self) -> &live::page_cache::PageCache {
        &self.inner.pages
    }

    pub(crate) fn group_commit(&self) -> &live::group_commit::GroupCommit {
        &self.inner.writes
    }

    pub(crate) fn tokens(&self) -> &auth::TokenCache {
        &self.inner.tokens
    }

    pub(crate) fn sign_in_limiter(&self) -> &auth::limiter::SignInLimiter {
        &self.inner.sign_ins
    }

    /// Marks every cookie `Secure` (the server is reached over https, e.g.
    /// behind a TLS proxy; `ARBITER_SECURE_COOKIES=1` for `arbiter serve`).
    /// Without it a cookie is `Secure` only when the request says
    /// `X-Forwarded-Proto: https`.
    pub fn set_secure_cookies(&self, on: bool) {
        self.inner
            .secure_cookies
            .store(on, std::sync::atomic::Ordering::Relaxed);
    }

    pub(crate) fn secure_cookies(&self) -> bool {
        self.inner
            .secure_cookies
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    pub(crate) fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.inner.shutdown_tx.subscribe()
    }

    /// Tells live streams to finish (called by [`run`] on shutdown).
    pub fn begin_shutdown(&self) {
        self.inner.shutdown_tx.send_replace(true);
    }
}

/// Now, as stored: RFC 3339 UTC with milliseconds (sorts as text).
pub(crate) fn now_text() -> String {
    time_text(chrono::Utc::now())
}

pub(crate) fn time_text(t: chrono::DateTime<chrono::Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// A `warn` event (target `server`) for a fault outside any request (the
/// `LISTEN` connection, the group-commit writer); the binary's subscriber
/// prints it on stderr, a test prints nothing.
pub(crate) fn log(line: &str) {
    tracing::warn!("{line}");
}
