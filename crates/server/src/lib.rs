//! Arbiter's REST service: the HTTP API, bearer-token auth, persistence on
//! SQLite (embedded default) or PostgreSQL, the live event stream and the
//! exports.
//!
//! # Layout
//! - [`app`] builds the router from an [`AppState`]; [`run`] serves it on a
//!   listener until a shutdown future resolves (in-flight requests finish,
//!   live streams close).
//! - `config`: [`Config`] (listen address and database URL as the CLI
//!   resolved them; the administrator token from `ARBITER_ADMIN_TOKEN`).
//! - `db`: one `sqlx::Any` pool and the embedded migrations; one SQL dialect
//!   for both databases.
//! - `error`: [`ApiError`] (the only error a handler returns) and the
//!   `ApiJson`/`ApiPath` extractors that report malformed input in the API's
//!   JSON error format.
//! - `auth`: tokens and the `Actor` extractor (a bearer token or a signed-in
//!   user's session cookie); `accounts`: users, sessions, sign-in limits,
//!   users' roles per tournament and own tokens (`users`: their routes);
//!   `audit`: the audit table.
//! - `tournaments`: tournaments (settings, scoring, tie-breaks);
//!   `pairing_options`: their pairing options (initial colour, acceleration,
//!   forbidden pairs); `players`: players, withdrawals, requested byes, start
//!   numbers; `import`: TRF import.
//! - `store`: all SQL, one module per aggregate (tournaments, players,
//!   rounds, games, audit, tokens, the group-commit batches), rows read
//!   through `FromRow` records; `store::model` reads everything stored about
//!   a tournament in one go and converts it to `tournament::model`.
//! - `rounds`: pairing the next round through the `tournament` crate,
//!   reading, rescheduling and un-pairing rounds; `results`: board results;
//!   `replays`: the replay of a board's annulled game (Art. 8.5, 8.6, 14.5);
//!   `reports`: standings and the JSON, TRF and PGN exports.
//! - `games`: games as append-only event logs validated by `regulations`,
//!   with compare-and-swap on the sequence number; `game_rows`: a game's row
//!   and event log as stored, folded into the Laws' state; `engine`: the seam
//!   to `regulations::Game`; `group_commit`: the task that commits the fast
//!   path's writes in batches; `stream`: Server-Sent Events fed by an
//!   in-process broadcast channel and PostgreSQL `LISTEN/NOTIFY`.
//!
//! Every route lives under `/api/v1`; the OpenAPI 3.1 document, derived from
//! the handlers' `#[utoipa::path]` attributes and the request and response
//! types (`openapi`), is served at `/api/v1/openapi.json`.
//!
//! Logs are `tracing` events (target `server`): one line per request with its
//! `x-request-id` (see [`app`]), internal errors, faults of background tasks.
//! The library installs no subscriber; the `arbiter` binary does.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, Method, Request, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use tokio::net::TcpListener;
use tokio::sync::{broadcast, watch};
use tower_http::classify::ServerErrorsFailureClass;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

mod app;
pub mod auth;
mod config;
pub mod db;
mod engine;
pub mod error;
mod hex;
mod http;
mod live;
mod model;
mod state;
mod store;
mod strict_json;
mod time;
mod unique_keys;
mod web;

pub use auth::accounts;
pub use config::{Config, ConfigError};
pub use http::openapi;

/// The due sweeper (`live::due`) wired to the operation it runs
/// (`app::games::record_due`): what the server does once a second, for
/// tests and tools to run on demand.
pub mod due {
    use chrono::{DateTime, Utc};

    use crate::AppState;

    /// The sweeper with its memory between passes (see `live::due`).
    #[derive(Debug)]
    pub struct Sweeper(crate::live::due::Sweeper);

    impl Default for Sweeper {
        fn default() -> Sweeper {
            Sweeper(crate::live::due::Sweeper::new(
                crate::app::games::record_due_boxed,
            ))
        }
    }

    impl Sweeper {
        /// How many games it remembers (those open at the last pass).
        pub fn remembered(&self) -> usize {
            self.0.remembered()
        }

        /// One pass: records every result that has fallen due by `now`;
        /// returns how many this pass recorded.
        pub async fn pass(&mut self, state: &AppState, now: DateTime<Utc>) -> usize {
            self.0.pass(state, now).await
        }
    }

    /// One pass without memory (every open live game is looked at): records
    /// every result that has fallen due by `now` in a live game; returns how
    /// many this pass recorded (others may have been recorded by another
    /// process at the same time). Failures are logged, never fatal.
    pub async fn record_due_results(state: &AppState, now: DateTime<Utc>) -> usize {
        Sweeper::default().pass(state, now).await
    }
}
pub use db::{Backend, Db, DbError};
pub use error::ApiError;
pub use state::{AppState, BODY_LIMIT, IMPORT_LIMIT};

/// A request that takes longer than this is answered 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Pairing a round (`POST /api/v1/tournaments/{id}/rounds`) may take longer:
/// its work grows with the field (a Swiss of 9,999 players takes 10–20 s of
/// one core on an idle machine, more on a busy one), it runs on a blocking
/// thread so the server's other requests go on meanwhile, and an organiser
/// would rather wait than have the pairing thrown away at 30 s.
pub const PAIRING_TIMEOUT: Duration = Duration::from_secs(600);

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
            inner: Arc::new(state::Inner {
                db,
                writes,
                admin_hash: admin_token
                    .filter(|t| !t.is_empty())
                    .map(auth::actor::hash_token),
                hints,
                hub: live::hub::Hub::default(),
                shutdown_tx,
                games: live::game_cache::Cache::default(),
                tokens: auth::actor::TokenCache::default(),
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
}

/// The whole API as a router (tests call it with `oneshot`).
pub fn app(state: AppState) -> Router {
    let api = Router::new()
        .merge(http::router())
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    // One `info` line per request (target `server`): method, path and
    // request id (the span's fields), status and latency in milliseconds.
    // Events logged while the request is served (an internal error's
    // detail) carry the same span. The library installs no subscriber; the
    // binary does.
    let request_log = TraceLayer::new_for_http()
        .make_span_with(|request: &Request<axum::body::Body>| {
            // The fields are only read when the span is enabled.
            tracing::info_span!(
                "request",
                method = %request.method(),
                path = %request.uri().path(),
                request_id = %request
                    .headers()
                    .get(&REQUEST_ID)
                    .map(|v| String::from_utf8_lossy(v.as_bytes()))
                    .unwrap_or_default(),
            )
        })
        .on_request(())
        .on_response(
            |response: &axum::response::Response, latency: Duration, _: &tracing::Span| {
                tracing::info!(
                    status = response.status().as_u16(),
                    latency_ms = format_args!("{:.3}", latency.as_secs_f64() * 1e3),
                    "answered"
                );
            },
        )
        .on_body_chunk(())
        .on_eos(())
        .on_failure(
            |failure: ServerErrorsFailureClass, _: Duration, _: &tracing::Span| {
                // A 5xx is in the line above (and a 500's detail in its own
                // event); only a failure without a status is news.
                if let ServerErrorsFailureClass::Error(error) = failure {
                    tracing::warn!(%error, "response failed");
                }
            },
        );
    Router::new()
        .nest("/api/v1", api)
        .route("/health", get(http::health))
        .merge(web::router())
        .fallback(error::not_found_fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn(refuse_nul))
        .layer(axum::middleware::from_fn(time_limit))
        // Outermost last: the request id is set (a client's `x-request-id`
        // kept, else a new UUID), then copied onto the response, then the
        // request is logged — outside the timeout, so a 408 carries the id
        // and is logged too.
        .layer(request_log)
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
        .with_state(state)
}

/// Answers 400 `nul_character` to a request whose URL or form body holds
/// a NUL character (`%00`): no path segment, query or form field the server
/// reads may hold one (PostgreSQL cannot store it; JSON bodies are checked
/// as they are read, [`unique_keys`]).
async fn refuse_nul(
    request: Request<axum::body::Body>,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let has_nul = |text: &[u8]| text.windows(3).any(|w| w.eq_ignore_ascii_case(b"%00"));
    let uri = request.uri().to_string();
    if has_nul(uri.as_bytes()) {
        return nul_refused("url");
    }
    let is_form = request
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if !is_form {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, BODY_LIMIT).await else {
        return ApiError::PayloadTooLarge("request body too large".into()).into_response();
    };
    if has_nul(&bytes) || bytes.contains(&0) {
        return nul_refused("form");
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await
}

/// The 400 answer for a NUL character in the request's `at`.
fn nul_refused(at: &str) -> axum::response::Response {
    (
        StatusCode::BAD_REQUEST,
        axum::Json(serde_json::json!({
            "error": "nul_character",
            "message": "a NUL character (%00) is not allowed in a request",
            "where": at,
        })),
    )
        .into_response()
}

/// The request id's header, set on every request and response.
const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// How long `request` may take before it is answered 408: the pairing of a
/// round, and a TRF import (whose rounds are each paired again to check
/// them), get [`PAIRING_TIMEOUT`], everything else [`REQUEST_TIMEOUT`].
fn time_limit_for<B>(request: &Request<B>) -> Duration {
    let path = request.uri().path().trim_end_matches('/');
    let pairing = request.method() == Method::POST
        && (path == "/api/v1/tournaments/import"
            || path == "/api/v1/rating-lists"
            || path
                .strip_prefix("/api/v1/tournaments/")
                .and_then(|rest| rest.strip_suffix("/rounds"))
                .is_some_and(|id| !id.is_empty() && !id.contains('/')));
    if pairing {
        PAIRING_TIMEOUT
    } else {
        REQUEST_TIMEOUT
    }
}

/// Answers 408 with the API's JSON error body when the request takes longer
/// than its limit ([`time_limit_for`]) to produce its response head.
async fn time_limit(
    request: Request<axum::body::Body>,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let limit = time_limit_for(&request);
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => timed_out(limit),
    }
}

/// The 408 answer for a request that took longer than `limit`.
fn timed_out(limit: Duration) -> axum::response::Response {
    (
        StatusCode::REQUEST_TIMEOUT,
        axum::Json(serde_json::json!({
            "error": "timeout",
            "message": format!("the request took longer than {} seconds", limit.as_secs()),
        })),
    )
        .into_response()
}

/// Serves `app(state)` on `listener` until `shutdown` resolves; then stops
/// accepting, closes live streams and waits for in-flight requests.
pub async fn run(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let router = app(state.clone());
    live::due::spawn(state.clone(), app::games::record_due_boxed);
    let on_shutdown = state.clone();
    // Answers go out at once (no Nagle wait behind a previous segment).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp: &mut tokio::net::TcpStream| {
        let _ = tcp.set_nodelay(true);
    });
    // The peer's address reaches handlers (the sign-in limits per address).
    let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service)
        .with_graceful_shutdown(async move {
            shutdown.await;
            on_shutdown.begin_shutdown();
        })
        .await?;
    state.db().close().await;
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_timed_out_request_is_answered_with_the_json_error_body() {
        let response = timed_out(REQUEST_TIMEOUT);
        assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
        let bytes = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .expect("body");
        let body: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
        assert_eq!(body["error"], "timeout");
        assert!(body["message"].as_str().is_some_and(|m| m.contains("30")));
    }

    fn request(method: Method, path: &str) -> Request<()> {
        Request::builder()
            .method(method)
            .uri(path)
            .body(())
            .expect("a request")
    }

    #[test]
    fn pairing_a_round_may_take_longer_than_any_other_request() {
        let id = "/api/v1/tournaments/0193a1b2-0000-7000-8000-000000000001";
        assert_eq!(
            time_limit_for(&request(Method::POST, &format!("{id}/rounds"))),
            PAIRING_TIMEOUT
        );
        assert_eq!(
            time_limit_for(&request(Method::POST, &format!("{id}/rounds/"))),
            PAIRING_TIMEOUT
        );
        assert_eq!(
            time_limit_for(&request(Method::POST, "/api/v1/tournaments/import")),
            PAIRING_TIMEOUT,
            "an import re-pairs each of its rounds to check them"
        );
        for (method, path) in [
            (Method::GET, format!("{id}/rounds")),
            (Method::POST, format!("{id}/rounds/1/pgn")),
            (Method::POST, format!("{id}/players")),
            (Method::POST, "/api/v1/tournaments//rounds".to_owned()),
            (Method::POST, "/t/x/rounds".to_owned()),
        ] {
            assert_eq!(
                time_limit_for(&request(method.clone(), &path)),
                REQUEST_TIMEOUT,
                "{method} {path}"
            );
        }
    }

    /// The console (`web`) shows the API's (`http`) refusals: only the
    /// assembly sees both.
    #[test]
    fn every_refusal_of_the_requests_the_organiser_screens_send_reads_in_both_languages() {
        use crate::web::Lang;
        let doc = openapi::document();
        // The operations `tournament-new.js`, `tournament.js` and
        // `results.js` call.
        let operations = [
            ("/api/v1/tournaments", "post"),
            ("/api/v1/tournaments/import", "post"),
            ("/api/v1/tournaments/{id}", "patch"),
            ("/api/v1/tournaments/{id}/players", "post"),
            ("/api/v1/tournaments/{id}/players/paste", "post"),
            ("/api/v1/tournaments/{id}/players/{pid}", "patch"),
            ("/api/v1/tournaments/{id}/rounds", "post"),
            ("/api/v1/tournaments/{id}/rounds/{n}", "delete"),
            (
                "/api/v1/tournaments/{id}/rounds/{n}/boards/{board}/result",
                "put",
            ),
        ];
        let mut checked = 0;
        let mut missing = std::collections::BTreeSet::new();
        for (path, method) in operations {
            let op = &doc["paths"][path][method];
            assert!(op.is_object(), "{method} {path} in the document");
            for codes in op["x-errors"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.values())
            {
                for code in codes.as_array().into_iter().flatten() {
                    let key = format!("code-{}", code.as_str().unwrap_or_default());
                    for lang in [Lang::En, Lang::Zh] {
                        if !lang.with_prefix("code-").iter().any(|(k, _)| *k == key) {
                            missing.insert(format!("{key} ({lang:?})"));
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(missing.is_empty(), "missing: {missing:?}");
        assert!(checked > 20, "{checked}");
    }
}
