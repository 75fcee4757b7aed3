//! Server-side sessions (issue #45): actix-session's [`SessionStore`] over the database
//! (`arbiter_db::sessions`). The cookie holds only a random key (64 letters and digits,
//! actix-session's [`generate_session_key`], signed); the database keeps its SHA-256, the
//! session's state (the account id, the CSRF token), the account signed in, and when the
//! session was opened and last used. A session ends when it has been idle longer than
//! [`Config::session_idle`] or open longer than [`Config::session_lifetime`]; signing out
//! deletes it; a password change deletes every session of the account
//! (`arbiter_db::accounts::set_password_hash`). Ended rows are purged whenever a session is
//! opened.

use std::collections::HashMap;

use actix_session::storage::{
    LoadError, SaveError, SessionKey, SessionStore, UpdateError, generate_session_key,
};
use actix_web::cookie::time::Duration as CookieDuration;
use arbiter_db::Pool;
use arbiter_db::sessions::{self, Lifetime};
use uuid::Uuid;

use crate::config::Config;

/// The session key under which [`crate::auth`] keeps the signed-in account's id (JSON text).
pub const USER_KEY: &str = "uid";

/// The state of a session as actix-session holds it: names and JSON texts.
type State = HashMap<String, String>;

/// The store: the pool and the session limits.
#[derive(Clone)]
pub struct DbSessionStore {
    pool: Pool,
    lifetime: Lifetime,
    /// A session's last use is written again once it is older than this (milliseconds).
    touch_ms: i64,
}

fn millis(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl DbSessionStore {
    /// The store over `pool` with `config`'s limits.
    #[must_use]
    pub fn new(pool: Pool, config: &Config) -> DbSessionStore {
        let idle_ms = millis(config.session_idle).max(1);
        DbSessionStore {
            pool,
            lifetime: Lifetime {
                idle_ms,
                absolute_ms: millis(config.session_lifetime).max(1),
            },
            // At most one write a minute per session, and several within an idle period.
            touch_ms: (idle_ms / 10).min(60_000),
        }
    }

    /// Runs `f` with a pooled connection on the blocking thread pool.
    async fn with_conn<T, F>(&self, f: F) -> anyhow::Result<T>
    where
        F: FnOnce(&mut arbiter_db::DbConnection) -> arbiter_db::QueryResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        actix_web::web::block(move || -> anyhow::Result<T> {
            let mut conn = pool.get()?;
            Ok(f(&mut conn)?)
        })
        .await?
    }
}

/// The account signed in to a session's state, if any.
fn user_of(state: &State) -> Option<Uuid> {
    let text: String = serde_json::from_str(state.get(USER_KEY)?).ok()?;
    Uuid::parse_str(&text).ok()
}

/// A new random session key.
fn new_key() -> SessionKey {
    generate_session_key()
}

impl SessionStore for DbSessionStore {
    async fn load(&self, session_key: &SessionKey) -> Result<Option<State>, LoadError> {
        let (key, lifetime, touch) = (
            session_key.as_ref().to_owned(),
            self.lifetime,
            self.touch_ms,
        );
        let text = self
            .with_conn(move |c| sessions::load(c, &key, lifetime, sessions::now_ms(), touch))
            .await
            .map_err(LoadError::Other)?;
        text.map(|t| serde_json::from_str::<State>(&t))
            .transpose()
            .map_err(|e| LoadError::Deserialization(e.into()))
    }

    async fn save(&self, state: State, _ttl: &CookieDuration) -> Result<SessionKey, SaveError> {
        let text = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let key = new_key();
        let (k, user, lifetime) = (key.as_ref().to_owned(), user_of(&state), self.lifetime);
        self.with_conn(move |c| sessions::save(c, &k, user, &text, lifetime, sessions::now_ms()))
            .await
            .map_err(SaveError::Other)?;
        Ok(key)
    }

    async fn update(
        &self,
        session_key: SessionKey,
        state: State,
        ttl: &CookieDuration,
    ) -> Result<SessionKey, UpdateError> {
        let text =
            serde_json::to_string(&state).map_err(|e| UpdateError::Serialization(e.into()))?;
        let (k, user) = (session_key.as_ref().to_owned(), user_of(&state));
        let kept = self
            .with_conn(move |c| sessions::update(c, &k, user, &text, sessions::now_ms()))
            .await
            .map_err(UpdateError::Other)?;
        if kept {
            return Ok(session_key);
        }
        // Ended meanwhile (signed out, the password changed, expired): a new session without
        // the account, so that what ended stays ended.
        let mut anonymous = state;
        anonymous.remove(USER_KEY);
        self.save(anonymous, ttl).await.map_err(|e| match e {
            SaveError::Serialization(e) => UpdateError::Serialization(e),
            SaveError::Other(e) => UpdateError::Other(e),
        })
    }

    async fn update_ttl(&self, _key: &SessionKey, _ttl: &CookieDuration) -> anyhow::Result<()> {
        // The limits are the store's own (idle, absolute), kept by `load`.
        Ok(())
    }

    async fn delete(&self, session_key: &SessionKey) -> anyhow::Result<()> {
        let key = session_key.as_ref().to_owned();
        self.with_conn(move |c| sessions::delete(c, &key)).await
    }
}

/// Whether the request's session names an account: what the page's frame needs to offer a
/// visitor "Sign in" and "Sign up" and an account holder "Your account" (an account deleted
/// since still shows its link, and `/account` then asks to sign in).
#[must_use]
pub fn has_account(req: &actix_web::HttpRequest) -> bool {
    use actix_session::SessionExt;
    req.get_session()
        .get::<String>(USER_KEY)
        .ok()
        .flatten()
        .is_some()
}
