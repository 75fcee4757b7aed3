//! Server-side sessions (issue #45): what the web crate's session store keeps. A session is
//! found by the SHA-256 of its key (the cookie's random value; the key itself is never stored),
//! holds its state as a JSON object and the account signed in, if any, and ends when it has
//! been idle too long or open too long (the caller gives both limits). Expired rows are purged
//! whenever a session is opened ([`purge_expired`]).

use diesel::prelude::*;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::connection::DbConnection;
use crate::schema::sessions;

/// How long a session lives, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lifetime {
    /// The longest time between two requests of the session.
    pub idle_ms: i64,
    /// The longest time since the session was opened (signing in opens a new one).
    pub absolute_ms: i64,
}

impl Lifetime {
    /// Whether a session opened at `created_ms` and last used at `seen_ms` has ended at `now_ms`.
    #[must_use]
    pub fn ended(self, created_ms: i64, seen_ms: i64, now_ms: i64) -> bool {
        now_ms.saturating_sub(seen_ms) >= self.idle_ms
            || now_ms.saturating_sub(created_ms) >= self.absolute_ms
    }
}

/// The SHA-256 of a session key, hex: what the database keeps.
fn token_hash(key: &str) -> String {
    Sha256::digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The time now, in milliseconds since 1970 (UTC).
#[must_use]
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A session's state (the JSON text the store wrote) when the session with this key exists
/// and has not ended at `now_ms`; its last use is moved to `now_ms` when it is older than
/// `touch_ms` (so that a burst of requests writes once). An ended session is deleted.
///
/// # Errors
/// The database's error.
pub fn load(
    conn: &mut DbConnection,
    key: &str,
    lifetime: Lifetime,
    now_ms: i64,
    touch_ms: i64,
) -> QueryResult<Option<String>> {
    let hash = token_hash(key);
    let row: Option<(String, i64, i64)> = sessions::table
        .find(&hash)
        .select((sessions::state, sessions::created_ms, sessions::seen_ms))
        .first(conn)
        .optional()?;
    let Some((state, created, seen)) = row else {
        return Ok(None);
    };
    if lifetime.ended(created, seen, now_ms) {
        diesel::delete(sessions::table.find(&hash)).execute(conn)?;
        return Ok(None);
    }
    if now_ms.saturating_sub(seen) >= touch_ms {
        diesel::update(sessions::table.find(&hash))
            .set(sessions::seen_ms.eq(now_ms))
            .execute(conn)?;
    }
    Ok(Some(state))
}

/// Stores a new session under `key`, opened and used at `now_ms`, for the account `user` (if
/// one is signed in), and purges the sessions that have ended.
///
/// # Errors
/// The database's error (a unique violation for a key in use: keys are random, 256 bits).
pub fn save(
    conn: &mut DbConnection,
    key: &str,
    user: Option<Uuid>,
    state: &str,
    lifetime: Lifetime,
    now_ms: i64,
) -> QueryResult<()> {
    purge_expired(conn, lifetime, now_ms)?;
    diesel::insert_into(sessions::table)
        .values((
            sessions::key_hash.eq(token_hash(key)),
            sessions::user_id.eq(user.map(|u| u.to_string())),
            sessions::state.eq(state),
            sessions::created_ms.eq(now_ms),
            sessions::seen_ms.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(())
}

/// Replaces the state and account of the session with this key, used at `now_ms`. Returns
/// whether it still exists (a session deleted meanwhile, by signing out or a password change,
/// is not brought back).
///
/// # Errors
/// The database's error.
pub fn update(
    conn: &mut DbConnection,
    key: &str,
    user: Option<Uuid>,
    state: &str,
    now_ms: i64,
) -> QueryResult<bool> {
    let n = diesel::update(sessions::table.find(token_hash(key)))
        .set((
            sessions::user_id.eq(user.map(|u| u.to_string())),
            sessions::state.eq(state),
            sessions::seen_ms.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(n > 0)
}

/// Deletes the session with this key (signing out); nothing when there is none.
///
/// # Errors
/// The database's error.
pub fn delete(conn: &mut DbConnection, key: &str) -> QueryResult<()> {
    diesel::delete(sessions::table.find(token_hash(key))).execute(conn)?;
    Ok(())
}

/// Deletes every session of an account (its password changed); returns how many.
///
/// # Errors
/// The database's error.
pub fn delete_for_user(conn: &mut DbConnection, user: Uuid) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::user_id.eq(user.to_string()))).execute(conn)
}

/// Deletes the sessions that have ended at `now_ms`; returns how many.
///
/// # Errors
/// The database's error.
pub fn purge_expired(
    conn: &mut DbConnection,
    lifetime: Lifetime,
    now_ms: i64,
) -> QueryResult<usize> {
    diesel::delete(
        sessions::table.filter(
            sessions::seen_ms
                .le(now_ms.saturating_sub(lifetime.idle_ms))
                .or(sessions::created_ms.le(now_ms.saturating_sub(lifetime.absolute_ms))),
        ),
    )
    .execute(conn)
}

/// The number of sessions stored for an account (for tests and the operator).
///
/// # Errors
/// The database's error.
pub fn count_for_user(conn: &mut DbConnection, user: Uuid) -> QueryResult<i64> {
    sessions::table
        .filter(sessions::user_id.eq(user.to_string()))
        .count()
        .get_result(conn)
}
