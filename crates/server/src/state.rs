//! What every part of the server shares: [`AppState`] (the database, the
//! caches, the live hub and the shutdown signal), the request limits, and
//! the one way times are stored. It imports no layer that serves requests
//! (`http`, `web`, `app`): every layer may import it.

use std::sync::Arc;

use tokio::sync::{broadcast, watch};

use crate::auth::actor::TokenCache;
use crate::auth::limiter::SignInLimiter;
use crate::db::Db;
use crate::live::game_cache::Cache;
use crate::live::group_commit::GroupCommit;
use crate::live::hub::Hub;
use crate::live::page_cache::PageCache;

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

pub(crate) struct Inner {
    pub(crate) db: Db,
    pub(crate) admin_hash: Option<String>,
    pub(crate) hints: broadcast::Sender<Hint>,
    /// One feed per watched game (see `stream`).
    pub(crate) hub: Hub,
    pub(crate) shutdown_tx: watch::Sender<bool>,
    pub(crate) games: Cache,
    pub(crate) tokens: TokenCache,
    /// Failed sign-ins (see `accounts::limiter`).
    pub(crate) sign_ins: SignInLimiter,
    /// Cookies get `Secure` (served over https; `ARBITER_SECURE_COOKIES`).
    pub(crate) secure_cookies: std::sync::atomic::AtomicBool,
    /// Rendered public pages (see `live::page_cache`).
    pub(crate) pages: PageCache,
    /// The fast path's writer (see `group_commit`).
    pub(crate) writes: GroupCommit,
    /// Hints for other processes (PostgreSQL only; see `stream`).
    pub(crate) notify: Option<tokio::sync::mpsc::UnboundedSender<Hint>>,
}

/// What every handler shares: the database, the administrator token's hash,
/// the broadcast channel of new events and the shutdown signal.
#[derive(Clone)]
pub struct AppState {
    pub(crate) inner: Arc<Inner>,
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

    pub(crate) fn hub(&self) -> &Hub {
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

    pub(crate) fn games_cache(&self) -> &Cache {
        &self.inner.games
    }

    pub(crate) fn pages(&self) -> &PageCache {
        &self.inner.pages
    }

    pub(crate) fn group_commit(&self) -> &GroupCommit {
        &self.inner.writes
    }

    pub(crate) fn tokens(&self) -> &TokenCache {
        &self.inner.tokens
    }

    pub(crate) fn sign_in_limiter(&self) -> &SignInLimiter {
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

    /// Tells live streams to finish (called by [`run`](crate::run) on shutdown).
    pub fn begin_shutdown(&self) {
        self.inner.shutdown_tx.send_replace(true);
    }
}
