//! Configuration: where to listen and which database (resolved by the caller
//! from `--listen` / `ARBITER_LISTEN` and `--database-url` / `DATABASE_URL`),
//! and the administrator token (`ARBITER_ADMIN_TOKEN`, read here).

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
    /// Cookies (the session's) are `Secure`: the server is reached over
    /// https (`ARBITER_SECURE_COOKIES` = `1`/`true`/`yes`).
    pub secure_cookies: bool,
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
            .field("secure_cookies", &self.secure_cookies)
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
    /// The default listen address (`DEFAULT_LISTEN`).
    pub const DEFAULT_LISTEN: &'static str = DEFAULT_LISTEN;
    /// The default database (`DEFAULT_DATABASE_URL`).
    pub const DEFAULT_DATABASE_URL: &'static str = DEFAULT_DATABASE_URL;

    /// The configuration from values the caller already resolved (the
    /// `arbiter` command line reads `--listen` / `ARBITER_LISTEN` and
    /// `--database-url` / `DATABASE_URL` over the defaults); a blank value
    /// means the default. The administrator token is read here, through
    /// `env`, from `ARBITER_ADMIN_TOKEN`. Refuses a database URL of an
    /// unknown kind.
    pub fn new(
        listen: &str,
        database_url: &str,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let or_default = |v: &str, default: &str| {
            if v.trim().is_empty() {
                default.to_owned()
            } else {
                v.to_owned()
            }
        };
        let config = Config {
            listen: or_default(listen, DEFAULT_LISTEN),
            database_url: or_default(database_url, DEFAULT_DATABASE_URL),
            admin_token: env("ARBITER_ADMIN_TOKEN").filter(|s| !s.trim().is_empty()),
            secure_cookies: env("ARBITER_SECURE_COOKIES").is_some_and(|v| {
                matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes")
            }),
        };
        crate::db::normalise_url(&config.database_url).map_err(|e| ConfigError(e.to_string()))?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_values_mean_the_defaults_sqlite_on_localhost_8080() {
        let config = Config::new("", " ", |_| None).unwrap();
        assert_eq!(config.listen, "127.0.0.1:8080");
        assert_eq!(config.database_url, "sqlite:arbiter.db");
        assert_eq!(config.admin_token, None);
    }

    #[test]
    fn values_are_kept_and_the_token_comes_from_the_environment() {
        let env = |k: &str| (k == "ARBITER_ADMIN_TOKEN").then(|| "secret".to_owned());
        let config = Config::new("127.0.0.1:1", "sqlite:x.db", env).unwrap();
        assert_eq!(config.listen, "127.0.0.1:1");
        assert_eq!(config.database_url, "sqlite:x.db");
        assert_eq!(config.admin_token.as_deref(), Some("secret"));
        assert!(!format!("{config:?}").contains("secret"));
    }

    #[test]
    fn unknown_schemes_are_refused() {
        assert!(Config::new(DEFAULT_LISTEN, "mysql://x", |_| None).is_err());
    }
}
