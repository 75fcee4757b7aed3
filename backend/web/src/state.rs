//! What every handler shares ([`AppState`]: the pool, the configuration, the throttles, the
//! cookies' key) and the one way a handler reaches the database ([`with_db`]: diesel runs on
//! actix's blocking thread pool, never on the request's thread).

use actix_web::cookie::Key;
use actix_web::web;
use arbiter_db::{DbConnection, Pool};

use crate::config::{self, Config};
use crate::error::WebError;
use crate::throttle::Throttles;

/// What every handler shares: the pool, the configuration, the throttles and the cookies' key.
pub struct AppState {
    /// The database pool.
    pub pool: Pool,
    /// The configuration.
    pub config: Config,
    /// Sign-in failures, sign-ups and unknown API tokens, counted per client address (and per
    /// account for sign-ins).
    pub throttles: Throttles,
    /// The key signing the session cookie and encrypting the known-device cookie, derived from
    /// [`Config::session_key`] (a random one when it is shorter than 64 bytes).
    pub cookie_key: Key,
}

impl AppState {
    /// The state of a service over `pool` with `config`: throttles at rest, the cookies' key
    /// derived from [`Config::session_key`].
    #[must_use]
    pub fn new(pool: Pool, config: Config) -> AppState {
        AppState {
            cookie_key: cookie_key(&config),
            pool,
            config,
            throttles: Throttles::default(),
        }
    }
}

/// The key of the service's cookies, from [`Config::session_key`] (a random one when it is
/// shorter than 64 bytes): it signs the session cookie and encrypts the known-device cookie.
fn cookie_key(config: &Config) -> Key {
    if config.session_key.len() >= 64 {
        Key::derive_from(&config.session_key)
    } else {
        Key::derive_from(&config::random_key())
    }
}

/// Runs `f` with a pooled connection on actix's blocking thread pool.
///
/// # Errors
/// [`WebError::Unavailable`] when no connection is available, [`WebError::Internal`] when the
/// blocking pool fails, else `f`'s error.
pub async fn with_db<T, F>(state: &AppState, f: F) -> Result<T, WebError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, WebError> + Send + 'static,
    T: Send + 'static,
{
    let pool = state.pool.clone();
    web::block(move || {
        let mut conn = pool
            .get()
            .map_err(|e| WebError::Unavailable(e.to_string()))?;
        f(&mut conn)
    })
    .await
    .map_err(|e| WebError::Internal(e.to_string()))?
}
