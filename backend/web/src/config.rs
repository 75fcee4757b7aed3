//! The service's configuration: a typed struct built from the environment and the command line,
//! passed in (never a global).

use std::path::{Path, PathBuf};
use std::time::Duration;

use arbiter_tournament::arbiter::adjournment::SealKey;

/// The key file used when `ARBITER_SEAL_KEY` is not set: `arbiter-seal.key` in the working
/// directory (64 hexadecimal digits, created with mode 0600 on first use).
pub const SEAL_KEY_FILE: &str = "arbiter-seal.key";

/// Where the seal key of the sealed moves (Appendix A.1-A.3) comes from. The key is never stored
/// in the database: an envelope's ciphertext is unreadable without it.
#[derive(Clone, Debug)]
pub enum SealKeySource {
    /// Given (`ARBITER_SEAL_KEY`, 64 hex digits, or set by a test).
    Key(SealKey),
    /// Read from this file, or created there (mode 0600) with a random key when it does not
    /// exist. Several instances sharing a database must share one key: set `ARBITER_SEAL_KEY`.
    File(PathBuf),
    /// `ARBITER_SEAL_KEY` is set but is not 64 hex digits: sealing and opening fail with this
    /// message rather than fall back to another key (which could not open the envelopes).
    Invalid(String),
}

impl PartialEq for SealKeySource {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (SealKeySource::Key(a), SealKeySource::Key(b)) => a.to_hex() == b.to_hex(),
            (SealKeySource::File(a), SealKeySource::File(b)) => a == b,
            (SealKeySource::Invalid(a), SealKeySource::Invalid(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for SealKeySource {}

/// Why the seal key cannot be had (Appendix A.1-A.3: without it no envelope is sealed or opened).
/// Each message names the variable or the file.
#[derive(Debug, thiserror::Error)]
pub enum SealKeyError {
    /// `ARBITER_SEAL_KEY` is set but unreadable (the message says why).
    #[error("{0}")]
    Invalid(String),
    /// The key file exists but cannot be read.
    #[error("the seal key file {} cannot be read: {source}", path.display())]
    Unreadable {
        /// The key file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// The key file does not hold 64 hexadecimal digits.
    #[error("the seal key file {}: {reason}", path.display())]
    Malformed {
        /// The key file.
        path: PathBuf,
        /// What is wrong with its text.
        reason: String,
    },
    /// No random key could be generated.
    #[error("{0}")]
    Random(String),
    /// The key file cannot be created.
    #[error("the seal key file {} cannot be created: {source}", path.display())]
    Create {
        /// The key file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// The new key file cannot be written.
    #[error("the seal key file {} cannot be written: {source}", path.display())]
    Write {
        /// The key file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
}

impl SealKeySource {
    /// The key: the given one, or the key file's (created with a fresh random key, mode 0600,
    /// when missing; two instances creating it at once both read the one written first).
    ///
    /// # Errors
    /// A [`SealKeyError`] naming the variable or the file when the key is unreadable or cannot
    /// be made.
    pub fn key(&self) -> Result<SealKey, SealKeyError> {
        match self {
            SealKeySource::Key(k) => Ok(k.clone()),
            SealKeySource::Invalid(why) => Err(SealKeyError::Invalid(why.clone())),
            SealKeySource::File(path) => read_or_create_key(path),
        }
    }
}

fn read_key_file(path: &Path) -> Result<SealKey, SealKeyError> {
    let text = std::fs::read_to_string(path).map_err(|source| SealKeyError::Unreadable {
        path: path.to_owned(),
        source,
    })?;
    SealKey::from_hex(&text).map_err(|e| SealKeyError::Malformed {
        path: path.to_owned(),
        reason: e.to_string(),
    })
}

fn read_or_create_key(path: &Path) -> Result<SealKey, SealKeyError> {
    if path.exists() {
        return read_key_file(path);
    }
    let key = SealKey::generate().map_err(|e| SealKeyError::Random(e.to_string()))?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(mut f) => {
            use std::io::Write;
            f.write_all(format!("{}\n", key.to_hex()).as_bytes())
                .map_err(|source| SealKeyError::Write {
                    path: path.to_owned(),
                    source,
                })?;
            Ok(key)
        }
        // Another instance created it first: use its key.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => read_key_file(path),
        Err(source) => Err(SealKeyError::Create {
            path: path.to_owned(),
            source,
        }),
    }
}

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
    /// The key of the sealed moves (Appendix A): `ARBITER_SEAL_KEY` (64 hex digits), else the
    /// key file [`SEAL_KEY_FILE`] in the working directory. Several instances must share
    /// `ARBITER_SEAL_KEY`.
    pub seal_key: SealKeySource,
    /// The reverse proxies whose `X-Forwarded-For` is believed (`ARBITER_TRUSTED_PROXIES`, IP
    /// addresses separated by commas or spaces; none by default, not even this machine). A
    /// request from one of them is counted, by the sign-in, sign-up and API token throttles,
    /// against the rightmost address of `X-Forwarded-For` that is not itself a trusted proxy;
    /// any other request against its peer address ([`crate::throttle::client_address`]).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// List every account's tournaments on the home page and in `GET /api/v1/tournaments`
    /// (`ARBITER_OPEN_LISTING=1`, for a private server); by default only those of accounts an
    /// administrator approved as organizers (and those without an organizer, imported by the
    /// operator) are listed. Every tournament's own pages stay reachable by their link.
    pub open_listing: bool,
    /// How long a session lasts without a request before it ends (`ARBITER_SESSION_IDLE_MINUTES`,
    /// default 12 hours).
    pub session_idle: Duration,
    /// How long a session lasts at most after signing in (`ARBITER_SESSION_MAX_DAYS`, default
    /// 30 days).
    pub session_lifetime: Duration,
}

/// The default idle limit of a session: 12 hours.
pub const DEFAULT_SESSION_IDLE: Duration = Duration::from_secs(12 * 3600);
/// The default absolute limit of a session: 30 days.
pub const DEFAULT_SESSION_LIFETIME: Duration = Duration::from_secs(30 * 24 * 3600);

/// Reads a list of IP addresses separated by commas or white space; unreadable entries are
/// left out.
fn ip_list(text: &str) -> Vec<std::net::IpAddr> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter_map(|a| a.trim().parse().ok())
        .collect()
}

/// Whether an environment value means "on" (`1`, `true`, `yes`).
fn is_on(value: &str) -> bool {
    matches!(value.trim(), "1" | "true" | "yes")
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
            .field("trusted_proxies", &self.trusted_proxies)
            .field("open_listing", &self.open_listing)
            .field("session_idle", &self.session_idle)
            .field("session_lifetime", &self.session_lifetime)
            .field(
                "seal_key",
                &match &self.seal_key {
                    SealKeySource::Key(_) => "(secret)".to_owned(),
                    SealKeySource::File(p) => format!("file {}", p.display()),
                    SealKeySource::Invalid(w) => w.clone(),
                },
            )
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
            seal_key: SealKeySource::File(PathBuf::from(SEAL_KEY_FILE)),
            trusted_proxies: Vec::new(),
            open_listing: false,
            session_idle: DEFAULT_SESSION_IDLE,
            session_lifetime: DEFAULT_SESSION_LIFETIME,
        }
    }
}

impl Config {
    /// The defaults, overridden by `ARBITER_BIND`, `DATABASE_URL`, `ARBITER_POOL_SIZE`,
    /// `ARBITER_PUBLIC_MAX_AGE`, `ARBITER_SESSION_KEY` (64 bytes or more) and
    /// `ARBITER_SECURE_COOKIES`, `ARBITER_TRUSTED_PROXIES`, `ARBITER_OPEN_LISTING`,
    /// `ARBITER_SESSION_IDLE_MINUTES` and `ARBITER_SESSION_MAX_DAYS` (whole numbers above 0)
    /// when set (unreadable values keep the default), and `ARBITER_SEAL_KEY` (64 hex digits; an
    /// unreadable key makes sealing fail, never falls back).
    #[must_use]
    pub fn from_env() -> Config {
        Config::from_lookup(|k| std::env::var(k).ok())
    }

    /// Like [`Config::from_env`] with any source of variables (tests pass a map).
    #[must_use]
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Config {
        let d = Config::default();
        let non_empty = |k: &str| get(k).filter(|v| !v.trim().is_empty());
        let positive = |k: &str| {
            non_empty(k)
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|&n| n > 0)
        };
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
            secure_cookies: non_empty("ARBITER_SECURE_COOKIES").is_some_and(|v| is_on(&v)),
            trusted_proxies: non_empty("ARBITER_TRUSTED_PROXIES")
                .map_or(d.trusted_proxies, |v| ip_list(&v)),
            open_listing: non_empty("ARBITER_OPEN_LISTING").is_some_and(|v| is_on(&v)),
            session_idle: positive("ARBITER_SESSION_IDLE_MINUTES").map_or(d.session_idle, |m| {
                Duration::from_secs(m.saturating_mul(60))
            }),
            session_lifetime: positive("ARBITER_SESSION_MAX_DAYS")
                .map_or(d.session_lifetime, |days| {
                    Duration::from_secs(days.saturating_mul(86_400))
                }),
            seal_key: match non_empty("ARBITER_SEAL_KEY") {
                None => d.seal_key,
                Some(v) => SealKey::from_hex(&v).map_or_else(
                    |e| SealKeySource::Invalid(format!("ARBITER_SEAL_KEY: {e}")),
                    SealKeySource::Key,
                ),
            },
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
        assert_eq!(
            c.seal_key,
            SealKeySource::File(PathBuf::from(SEAL_KEY_FILE))
        );
        assert!(c.trusted_proxies.is_empty(), "no proxy trusted by default");
        assert!(!c.open_listing);
        assert_eq!(c.session_idle, DEFAULT_SESSION_IDLE);
    }

    #[test]
    fn proxies_listing_and_session_limits_come_from_the_environment() {
        let c = Config::from_lookup(|k| match k {
            "ARBITER_TRUSTED_PROXIES" => Some("10.0.0.1, ::1 nonsense,192.168.1.2".into()),
            "ARBITER_OPEN_LISTING" => Some("1".into()),
            "ARBITER_SESSION_IDLE_MINUTES" => Some("30".into()),
            "ARBITER_SESSION_MAX_DAYS" => Some("0".into()),
            _ => None,
        });
        let ips: Vec<String> = c.trusted_proxies.iter().map(ToString::to_string).collect();
        assert_eq!(ips, ["10.0.0.1", "::1", "192.168.1.2"]);
        assert!(c.open_listing);
        assert_eq!(c.session_idle, Duration::from_secs(1800));
        assert_eq!(
            c.session_lifetime, DEFAULT_SESSION_LIFETIME,
            "0 is unreadable"
        );
    }

    #[test]
    fn the_seal_key_comes_from_the_environment_or_a_private_file() {
        let hex = "ab".repeat(32);
        let c = Config::from_lookup(|k| (k == "ARBITER_SEAL_KEY").then(|| hex.clone()));
        assert_eq!(c.seal_key.key().unwrap().to_hex(), hex);
        assert!(!format!("{c:?}").contains(&hex), "Debug hides the key");
        let c = Config::from_lookup(|k| (k == "ARBITER_SEAL_KEY").then(|| "12".into()));
        assert!(
            c.seal_key
                .key()
                .unwrap_err()
                .to_string()
                .contains("ARBITER_SEAL_KEY")
        );

        let dir = std::env::temp_dir().join(format!("arbiter-seal-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(SEAL_KEY_FILE);
        let source = SealKeySource::File(path.clone());
        let first = source.key().unwrap();
        assert_eq!(
            source.key().unwrap().to_hex(),
            first.to_hex(),
            "read back, not remade"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "not a key").unwrap();
        assert!(
            source
                .key()
                .unwrap_err()
                .to_string()
                .contains(SEAL_KEY_FILE)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
