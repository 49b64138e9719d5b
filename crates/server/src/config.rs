//! Configuration from flags and environment: `--listen` / `ARBITER_LISTEN`,
//! `--database-url` / `DATABASE_URL`, `ARBITER_ADMIN_TOKEN`.

use std::fmt;

/// Where to listen, which database, and the administrator token.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// `host:port`; default `127.0.0.1:8080`.
    pub listen: String,
    /// `sqlite:PATH` (created when missing) or `postgres://...`; default
    /// `sqlite:arbiter.db` in the working directory.
    pub database_url: String,
    /// The administrator's bearer token, if any.
    pub admin_token: Option<String>,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Secrets never reach Debug: the token is elided, and so is the URL
        // (it may carry a password).
        f.debug_struct("Config")
            .field("listen", &self.listen)
            .field(
                "database",
                &crate::db::normalise_url(&self.database_url)
                    .map(|(b, _)| b)
                    .ok(),
            )
            .field("admin_token", &self.admin_token.as_ref().map(|_| "<set>"))
            .finish()
    }
}

/// The default listen address.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
/// The default database.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:arbiter.db";

/// A flag that could not be understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Reads flags (`--listen ADDR`, `--database-url URL`, also as
    /// `--flag=value`) over environment variables (read through `env`) over
    /// the defaults. `allow_listen`: whether `--listen` is accepted (not for
    /// `migrate`).
    pub fn from_args(
        args: &[String],
        env: impl Fn(&str) -> Option<String>,
        allow_listen: bool,
    ) -> Result<Config, ConfigError> {
        let non_empty = |v: Option<String>| v.filter(|s| !s.trim().is_empty());
        let mut config = Config {
            listen: non_empty(env("ARBITER_LISTEN")).unwrap_or_else(|| DEFAULT_LISTEN.into()),
            database_url: non_empty(env("DATABASE_URL"))
                .unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            admin_token: non_empty(env("ARBITER_ADMIN_TOKEN")),
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v.to_owned())),
                _ => (arg.as_str(), None),
            };
            let mut value = || {
                inline
                    .clone()
                    .or_else(|| iter.next().cloned())
                    .ok_or_else(|| ConfigError(format!("{flag} needs a value")))
            };
            match flag {
                "--listen" if allow_listen => config.listen = value()?,
                "--database-url" => config.database_url = value()?,
                other => return Err(ConfigError(format!("unknown argument '{other}'"))),
            }
        }
        crate::db::normalise_url(&config.database_url).map_err(|e| ConfigError(e.to_string()))?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_fresh_machine_gets_sqlite_on_localhost_8080() {
        let config = Config::from_args(&[], |_| None, true).unwrap();
        assert_eq!(config.listen, "127.0.0.1:8080");
        assert_eq!(config.database_url, "sqlite:arbiter.db");
        assert_eq!(config.admin_token, None);
    }

    #[test]
    fn flags_win_over_environment() {
        let env = |k: &str| match k {
            "ARBITER_LISTEN" => Some("0.0.0.0:9000".to_owned()),
            "DATABASE_URL" => Some("postgres://db/arbiter".to_owned()),
            "ARBITER_ADMIN_TOKEN" => Some("secret".to_owned()),
            _ => None,
        };
        let config = Config::from_args(
            &args(&["--listen=127.0.0.1:1", "--database-url", "sqlite:x.db"]),
            env,
            true,
        )
        .unwrap();
        assert_eq!(config.listen, "127.0.0.1:1");
        assert_eq!(config.database_url, "sqlite:x.db");
        assert_eq!(config.admin_token.as_deref(), Some("secret"));
        assert!(!format!("{config:?}").contains("secret"));
    }

    #[test]
    fn unknown_flags_and_schemes_are_refused() {
        assert!(Config::from_args(&args(&["--port", "1"]), |_| None, true).is_err());
        assert!(Config::from_args(&args(&["--listen"]), |_| None, true).is_err());
        assert!(Config::from_args(&args(&["--listen", "x"]), |_| None, false).is_err());
        assert!(
            Config::from_args(&args(&["--database-url", "mysql://x"]), |_| None, true).is_err()
        );
    }
}
