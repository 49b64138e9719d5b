//! `arbiter serve` and `arbiter migrate`: the REST service.
//!
//! Configuration comes from flags over environment variables over defaults
//! (`server::Config`): `--listen ADDR` / `ARBITER_LISTEN` (default
//! `127.0.0.1:8080`), `--database-url URL` / `DATABASE_URL` (default
//! `sqlite:arbiter.db`, created when missing), `ARBITER_ADMIN_TOKEN`.

use std::process::ExitCode;

use server::{AppState, Config, Db};

fn config(args: &[String], allow_listen: bool) -> Result<Config, ExitCode> {
    Config::from_args(args, |key| std::env::var(key).ok(), allow_listen).map_err(|e| {
        eprintln!("arbiter: {e}");
        ExitCode::from(2)
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, ExitCode> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            eprintln!("arbiter: cannot start the async runtime: {e}");
            ExitCode::FAILURE
        })
}

async fn open(config: &Config) -> Result<Db, ExitCode> {
    let db = Db::connect(&config.database_url).await.map_err(|e| {
        eprintln!("arbiter: {e}");
        ExitCode::FAILURE
    })?;
    db.migrate().await.map_err(|e| {
        eprintln!("arbiter: {e}");
        ExitCode::FAILURE
    })?;
    Ok(db)
}

/// `arbiter serve [--listen ADDR] [--database-url URL]`
pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: arbiter serve [--listen ADDR] [--database-url URL]");
        return ExitCode::SUCCESS;
    }
    let config = match config(args, true) {
        Ok(c) => c,
        Err(code) => return code,
    };
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
                eprintln!("arbiter: cannot listen on {}: {e}", config.listen);
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
        eprintln!("arbiter: listening on http://{address} ({backend})");
        if config.admin_token.is_none() {
            eprintln!("arbiter: ARBITER_ADMIN_TOKEN is not set: no administrator can sign in");
        }
        let state = AppState::new(db, config.admin_token.as_deref());
        match server::run(listener, state, server::shutdown_signal()).await {
            Ok(()) => {
                eprintln!("arbiter: shut down");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("arbiter: server error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// `arbiter migrate [--database-url URL]`
pub fn migrate(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: arbiter migrate [--database-url URL]");
        return ExitCode::SUCCESS;
    }
    let config = match config(args, false) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let runtime = match runtime() {
        Ok(r) => r,
        Err(code) => return code,
    };
    runtime.block_on(async {
        match open(&config).await {
            Ok(db) => {
                db.close().await;
                eprintln!("arbiter: migrations applied");
                ExitCode::SUCCESS
            }
            Err(code) => code,
        }
    })
}
