//! The service's configuration: a typed struct built from the environment and the command line,
//! passed in (never a global).

/// How the service runs.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on, `HOST:PORT`.
    pub bind: String,
    /// The database URL: `sqlite://FILE` (the default, `sqlite://arbiter.sqlite` in the working
    /// directory) or `postgres://...`.
    pub database_url: String,
    /// The most database connections open at once (SQLite uses at most 4).
    pub pool_max_size: u32,
    /// How long browsers and proxies may reuse a public page before revalidating it, seconds.
    pub public_max_age: u32,
    /// The key that signs session cookies (at least 64 bytes). Several instances behind one
    /// address must share it (`ARBITER_SESSION_KEY`); without it each start makes a random one
    /// and signs everyone out.
    pub session_key: Vec<u8>,
    /// Send the session cookie only over HTTPS (`ARBITER_SECURE_COOKIES=1`; off by default so
    /// that `http://127.0.0.1` works).
    pub secure_cookies: bool,
}

/// A random 64-byte key (four v4 UUIDs: 488 random bits).
#[must_use]
pub fn random_key() -> Vec<u8> {
    (0..4)
        .flat_map(|_| uuid::Uuid::new_v4().into_bytes())
        .collect()
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.bind)
            .field("database_url", &self.database_url)
            .field("pool_max_size", &self.pool_max_size)
            .field("public_max_age", &self.public_max_age)
            .field("session_key", &"(secret)")
            .field("secure_cookies", &self.secure_cookies)
            .finish()
    }
}

/// The default address: local only.
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
/// The default database: a SQLite file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://arbiter.sqlite";

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: DEFAULT_BIND.to_owned(),
            database_url: DEFAULT_DATABASE_URL.to_owned(),
            pool_max_size: 8,
            public_max_age: 10,
            session_key: random_key(),
            secure_cookies: false,
        }
    }
}

impl Config {
    /// The defaults, overridden by `ARBITER_BIND`, `DATABASE_URL`, `ARBITER_POOL_SIZE`,
    /// `ARBITER_PUBLIC_MAX_AGE`, `ARBITER_SESSION_KEY` (64 bytes or more) and
    /// `ARBITER_SECURE_COOKIES` when set (unreadable values keep the default).
    #[must_use]
    pub fn from_env() -> Config {
        Config::from_lookup(|k| std::env::var(k).ok())
    }

    /// Like [`Config::from_env`] with any source of variables (tests pass a map).
    #[must_use]
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Config {
        let d = Config::default();
        let non_empty = |k: &str| get(k).filter(|v| !v.trim().is_empty());
        Config {
            bind: non_empty("ARBITER_BIND").unwrap_or(d.bind),
            database_url: non_empty("DATABASE_URL").unwrap_or(d.database_url),
            pool_max_size: non_empty("ARBITER_POOL_SIZE")
                .and_then(|v| v.trim().parse().ok())
                .filter(|&n| n > 0)
                .unwrap_or(d.pool_max_size),
            public_max_age: non_empty("ARBITER_PUBLIC_MAX_AGE")
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(d.public_max_age),
            session_key: non_empty("ARBITER_SESSION_KEY")
                .map(String::into_bytes)
                .filter(|k| k.len() >= 64)
                .unwrap_or(d.session_key),
            secure_cookies: non_empty("ARBITER_SECURE_COOKIES")
                .is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_overrides_defaults() {
        let c = Config::from_lookup(|k| match k {
            "DATABASE_URL" => Some("postgres://h/db".into()),
            "ARBITER_POOL_SIZE" => Some("x".into()),
            "ARBITER_BIND" => Some(" ".into()),
            _ => None,
        });
        assert_eq!(c.database_url, "postgres://h/db");
        assert_eq!(c.pool_max_size, 8);
        assert_eq!(c.bind, DEFAULT_BIND);
    }
}
