//! `arbiter user add NAME [--admin] [--email ADDR] [--database-url URL]`:
//! adds a user to the server's database (migrating it first), reading the
//! password from standard input (its first line; nothing is echoed, nothing
//! is taken from the command line where `ps` would show it). The way to make
//! the first administrator without the administrator token.

use std::io::BufRead;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use server::accounts::{AddUserError, NewUser, add_user};
use server::{Config, Db};

/// `arbiter user` (bad arguments: exit status 2).
#[derive(Debug, Args)]
pub struct UserArgs {
    #[command(subcommand)]
    command: UserCommand,
}

#[derive(Debug, Subcommand)]
enum UserCommand {
    /// Add a user; the password is read from standard input (first line)
    Add(AddArgs),
}

#[derive(Debug, Args)]
struct AddArgs {
    /// The user's name (1 to 64 characters, unique)
    name: String,
    /// Make the user an administrator
    #[arg(long)]
    admin: bool,
    /// The user's e-mail address
    #[arg(long, value_name = "ADDR")]
    email: Option<String>,
    /// Database: sqlite:PATH (created when missing) or postgres://...
    #[arg(
        long,
        value_name = "URL",
        env = "DATABASE_URL",
        hide_env_values = true,
        default_value = Config::DEFAULT_DATABASE_URL
    )]
    database_url: String,
}

/// Exit status when the user is refused (a taken name, a short password).
const REFUSED: u8 = 1;

/// Runs `arbiter user …`.
pub fn run(args: &UserArgs) -> ExitCode {
    match &args.command {
        UserCommand::Add(add) => run_add(add),
    }
}

fn run_add(args: &AddArgs) -> ExitCode {
    let config = match Config::new(Config::DEFAULT_LISTEN, &args.database_url, |_| None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arbiter: {e}");
            return ExitCode::from(2);
        }
    };
    let mut line = String::new();
    if let Err(e) = std::io::stdin().lock().read_line(&mut line) {
        eprintln!("arbiter: cannot read the password from standard input: {e}");
        return ExitCode::from(REFUSED);
    }
    let password = line.trim_end_matches(['\n', '\r']);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbiter: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let db = match Db::connect(&config.database_url).await {
            Ok(db) => db,
            Err(e) => {
                eprintln!("arbiter: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Err(e) = db.migrate().await {
            eprintln!("arbiter: {e}");
            return ExitCode::FAILURE;
        }
        let new = NewUser {
            name: &args.name,
            password,
            email: args.email.as_deref(),
            is_admin: args.admin,
        };
        let outcome = add_user(&db, new, None).await;
        db.close().await;
        match outcome {
            Ok(id) => {
                let kind = if args.admin { "administrator" } else { "user" };
                println!("added {kind} {} ({id})", args.name);
                ExitCode::SUCCESS
            }
            Err(e @ (AddUserError::Invalid(..) | AddUserError::Taken(_))) => {
                eprintln!("arbiter: {e}");
                ExitCode::from(REFUSED)
            }
            Err(e) => {
                eprintln!("arbiter: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
