//! `arbiter serve` and `arbiter migrate`: the REST service.
//!
//! Configuration: flags over environment variables over defaults, read by
//! clap here (`--listen ADDR` / `ARBITER_LISTEN`, default `127.0.0.1:8080`;
//! `--database-url URL` / `DATABASE_URL`, default `sqlite:arbiter.db`,
//! created when missing; a blank value means the default) and handed to
//! `server::Config::new`, which adds `ARBITER_ADMIN_TOKEN`.
//!
//! Logs: both commands install a `tracing` subscriber that writes to stderr,
//! filtered by `RUST_LOG` (default [`DEFAULT_LOG`]); the server library logs
//! through `tracing` and installs none (its tests stay quiet). A command line
//! that cannot be used is still reported with a plain line.

use std::process::ExitCode;

use clap::Args;
use server::{AppState, Config, Db};
use tracing::{error, info, warn};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::FmtSpan;

/// The log filter when `RUST_LOG` is unset or blank: the server's own
/// events (start-up, one line per request, shutdown) from `info`, the
/// dependencies' from `warn`.
pub const DEFAULT_LOG: &str = "server=info,arbiter=info,warn";

/// Installs the stderr subscriber (once, for `serve` and `migrate`). An
/// unreadable `RUST_LOG` falls back to the default, with a warning.
fn init_logging() {
    let (filter, bad) = match std::env::var("RUST_LOG") {
        Ok(spec) if !spec.trim().is_empty() => match EnvFilter::try_new(&spec) {
            Ok(filter) => (filter, None),
            Err(e) => (EnvFilter::new(DEFAULT_LOG), Some(format!("{spec:?}: {e}"))),
        },
        _ => (EnvFilter::new(DEFAULT_LOG), None),
    };
    // ARBITER_LOG_SPANS=1: a line as each span closes, with the time it was
    // busy and idle (the request, and with `server::move=debug` each phase
    // of recording a move: docs/benchmarks.md, "Where a move's time goes").
    let spans = if std::env::var("ARBITER_LOG_SPANS").is_ok_and(|v| v == "1") {
        FmtSpan::CLOSE
    } else {
        FmtSpan::NONE
    };
    let installed = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_span_events(spans)
        .with_writer(std::io::stderr)
        .try_init()
        .is_ok();
    if installed && let Some(bad) = bad {
        warn!("RUST_LOG ignored, using {DEFAULT_LOG:?}: {bad}");
    }
}

/// `arbiter serve` (bad arguments: exit status 2).
#[derive(Debug, Args)]
#[command(
    after_help = "ARBITER_ADMIN_TOKEN: the administrator's bearer token (without it, \
    no administrator can sign in).\nARBITER_SECURE_COOKIES=1: the server is reached over \
    https (session cookies are marked Secure)."
)]
pub struct ServeArgs {
    /// Address to listen on, host:port
    #[arg(
        long,
        value_name = "ADDR",
        env = "ARBITER_LISTEN",
        default_value = Config::DEFAULT_LISTEN
    )]
    listen: String,
    #[command(flatten)]
    database: DatabaseArgs,
}

/// `arbiter migrate` (bad arguments: exit status 2).
#[derive(Debug, Args)]
pub struct MigrateArgs {
    #[command(flatten)]
    database: DatabaseArgs,
}

/// `--database-url`, shared by `serve` and `migrate`.
#[derive(Debug, Args)]
struct DatabaseArgs {
    /// Database: sqlite:PATH (created when missing) or postgres://...
    // The value is hidden from --help: a URL may carry a password.
    #[arg(
        long,
        value_name = "URL",
        env = "DATABASE_URL",
        hide_env_values = true,
        default_value = Config::DEFAULT_DATABASE_URL
    )]
    database_url: String,
}

fn config(listen: &str, database: &DatabaseArgs) -> Result<Config, ExitCode> {
    Config::new(listen, &database.database_url, |key| {
        std::env::var(key).ok()
    })
    .map_err(|e| {
        eprintln!("arbiter: {e}");
        ExitCode::from(2)
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, ExitCode> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            error!("cannot start the async runtime: {e}");
            ExitCode::FAILURE
        })
}

async fn open(config: &Config) -> Result<Db, ExitCode> {
    let db = Db::connect(&config.database_url).await.map_err(|e| {
        error!("{e}");
        ExitCode::FAILURE
    })?;
    db.migrate().await.map_err(|e| {
        error!("{e}");
        ExitCode::FAILURE
    })?;
    Ok(db)
}

/// `arbiter serve [--listen ADDR] [--database-url URL]`
pub fn run(args: &ServeArgs) -> ExitCode {
    let config = match config(&args.listen, &args.database) {
        Ok(c) => c,
        Err(code) => return code,
    };
    init_logging();
    let runtime = match runtime() {
        Ok(r) => r,
        Err(code) => return code,
    };
    runtime.block_on(async {
        let db = match open(&config).await {
            Ok(db) => db,
            Err(code) => return code,
        };
        let listener = match tokio::net::TcpListener::bind(&config.listen).await {
            Ok(l) => l,
            Err(e) => {
                error!("cannot listen on {}: {e}", config.listen);
                return ExitCode::FAILURE;
            }
        };
        let address = listener
            .local_addr()
            .map_or_else(|_| config.listen.clone(), |a| a.to_string());
        let backend = match db.backend() {
            server::Backend::Sqlite => "SQLite",
            server::Backend::Postgres => "PostgreSQL",
        };
        // Tests and scripts read the address from this line.
        info!("listening on http://{address} ({backend})");
        if config.admin_token.is_none() {
            warn!("ARBITER_ADMIN_TOKEN is not set: no administrator can sign in");
        }
        let state = AppState::new(db, config.admin_token.as_deref());
        state.set_secure_cookies(config.secure_cookies);
        match server::run(listener, state, server::shutdown_signal()).await {
            Ok(()) => {
                info!("shut down");
                ExitCode::SUCCESS
            }
            Err(e) => {
                error!("server error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// `arbiter migrate [--database-url URL]`
pub fn migrate(args: &MigrateArgs) -> ExitCode {
    let config = match config(Config::DEFAULT_LISTEN, &args.database) {
        Ok(c) => c,
        Err(code) => return code,
    };
    init_logging();
    let runtime = match runtime() {
        Ok(r) => r,
        Err(code) => return code,
    };
    runtime.block_on(async {
        match open(&config).await {
            Ok(db) => {
                db.close().await;
                info!("migrations applied");
                ExitCode::SUCCESS
            }
            Err(code) => code,
        }
    })
}
