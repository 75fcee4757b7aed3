//! Accounts in the web service: argon2 password hashes, signed cookie sessions (HttpOnly,
//! SameSite=Lax), a CSRF token per session checked on every form, API tokens (`Authorization:
//! Bearer ...`), and the roles a page needs.

use actix_session::Session;
use actix_session::config::CookieContentSecurity;
use actix_session::storage::CookieSessionStore;
use actix_web::HttpRequest;
use actix_web::cookie::{Key, SameSite};
use arbiter_db::{Role, UserRow};
use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use uuid::Uuid;

use crate::error::WebError;
use crate::{AppState, Config, with_db};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "arbiter_session";
const USER_KEY: &str = "uid";
const CSRF_KEY: &str = "csrf";
const PASSWORD_KEY: &str = "pw";

/// The session middleware: a signed cookie (the session holds only the account id and the CSRF
/// token), HttpOnly, SameSite=Lax, `Secure` when configured.
#[must_use]
pub fn session_middleware(config: &Config) -> actix_session::SessionMiddleware<CookieSessionStore> {
    let key = if config.session_key.len() >= 64 {
        Key::derive_from(&config.session_key)
    } else {
        Key::derive_from(&crate::config::random_key())
    };
    actix_session::SessionMiddleware::builder(CookieSessionStore::default(), key)
        .cookie_name(SESSION_COOKIE.to_owned())
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_secure(config.secure_cookies)
        .cookie_content_security(CookieContentSecurity::Signed)
        .build()
}

/// Hashes a password with argon2 (default parameters, random salt), PHC string form.
///
/// # Errors
/// [`WebError::Internal`] when hashing fails (it does not for ordinary input).
pub fn hash_password(password: &str) -> Result<String, WebError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| WebError::Internal(e.to_string()))
}

/// Whether `password` matches a stored hash (false for a malformed hash).
#[must_use]
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// The session's CSRF token, made on first use.
///
/// # Errors
/// [`WebError::Internal`] when the session cannot be written.
pub fn csrf_token(session: &Session) -> Result<String, WebError> {
    if let Ok(Some(t)) = session.get::<String>(CSRF_KEY) {
        return Ok(t);
    }
    let t = format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple());
    session
        .insert(CSRF_KEY, &t)
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(t)
}

/// Checks a form's CSRF token against the session's.
///
/// # Errors
/// [`WebError::Forbidden`] when it is missing or differs.
pub fn check_csrf(session: &Session, submitted: &str) -> Result<(), WebError> {
    let expected = session.get::<String>(CSRF_KEY).ok().flatten();
    let ok = expected.is_some_and(|e| {
        e.len() == submitted.len()
            && e.bytes()
                .zip(submitted.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    });
    if ok {
        Ok(())
    } else {
        Err(WebError::Forbidden(crate::l10n::Msg::new("form-expired")))
    }
}

/// Signs an account in: a new session id (no fixation), the account id stored.
///
/// # Errors
/// [`WebError::Internal`] when the session cannot be written.
pub fn sign_in(session: &Session, user: &UserRow) -> Result<(), WebError> {
    session.renew();
    session
        .insert(USER_KEY, &user.id)
        .and_then(|()| session.insert(PASSWORD_KEY, password_fingerprint(user)))
        .map_err(|e| WebError::Internal(e.to_string()))
}

/// A fingerprint of the account's password hash (16 hex digits of its SHA-256; the hash's salt
/// changes with every password), kept in the session: a session opened before the password
/// changed no longer matches, and counts as signed out.
fn password_fingerprint(user: &UserRow) -> String {
    let mut f = arbiter_db::accounts::token_hash(&user.password_hash);
    f.truncate(16);
    f
}

/// Signs out: the session is emptied.
pub fn sign_out(session: &Session) {
    session.purge();
}

/// Whether the request's session names an account: what the page's frame needs to offer a
/// visitor "Sign in" and "Sign up" and an account holder "Your account" (no database read: an
/// account deleted since still shows its link, and `/account` then asks to sign in).
#[must_use]
pub fn has_account(req: &HttpRequest) -> bool {
    use actix_session::SessionExt;
    req.get_session()
        .get::<String>(USER_KEY)
        .ok()
        .flatten()
        .is_some()
}

/// The signed-in account, if any (an account deleted since, or whose password changed since the
/// session was opened, counts as signed out and the session is emptied).
///
/// # Errors
/// [`WebError::Database`].
pub async fn current_user(
    state: &AppState,
    session: &Session,
) -> Result<Option<UserRow>, WebError> {
    let Some(id) = session
        .get::<String>(USER_KEY)
        .ok()
        .flatten()
        .and_then(|s| Uuid::parse_str(&s).ok())
    else {
        return Ok(None);
    };
    let user = with_db(state, move |c| Ok(arbiter_db::accounts::user_by_id(c, id)?)).await?;
    let fingerprint = session.get::<String>(PASSWORD_KEY).ok().flatten();
    match user {
        Some(u) if fingerprint.as_deref() == Some(password_fingerprint(&u).as_str()) => Ok(Some(u)),
        // The password changed since this session was opened (or the account is gone).
        _ => {
            session.purge();
            Ok(None)
        }
    }
}

/// The signed-in account.
///
/// # Errors
/// [`WebError::Unauthorized`] when nobody is signed in.
pub async fn require_user(state: &AppState, session: &Session) -> Result<UserRow, WebError> {
    current_user(state, session)
        .await?
        .ok_or(WebError::Unauthorized)
}

/// The account of an API request (`Authorization: Bearer TOKEN`).
///
/// # Errors
/// [`WebError::Unauthorized`] without a known token.
pub async fn api_user(state: &AppState, req: &HttpRequest) -> Result<UserRow, WebError> {
    let token = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned())
        .ok_or(WebError::Unauthorized)?;
    with_db(state, move |c| {
        Ok(arbiter_db::accounts::user_by_token(c, &token)?)
    })
    .await?
    .ok_or(WebError::Unauthorized)
}

/// The roles an account has in a tournament; an administrator has every role.
///
/// # Errors
/// [`WebError::Database`].
pub async fn roles_in(
    state: &AppState,
    user: &UserRow,
    tournament: Uuid,
) -> Result<Vec<Role>, WebError> {
    if user.is_admin {
        return Ok(vec![Role::Organizer, Role::Arbiter]);
    }
    let uid = user.uuid()?;
    with_db(state, move |c| {
        Ok(arbiter_db::accounts::roles_of(c, uid, tournament)?)
    })
    .await
}

/// Requires one of `roles` in the tournament (organizers may do what arbiters do).
///
/// # Errors
/// [`WebError::Forbidden`] naming the role needed, [`WebError::Database`].
pub async fn require_role(
    state: &AppState,
    user: &UserRow,
    tournament: Uuid,
    role: Role,
) -> Result<(), WebError> {
    let have = roles_in(state, user, tournament).await?;
    let ok = have.contains(&role) || (role == Role::Arbiter && have.contains(&Role::Organizer));
    if ok {
        Ok(())
    } else {
        Err(WebError::Forbidden(
            crate::l10n::Msg::new("error-needs-role").msg("role", role_name(role)),
        ))
    }
}

/// A tournament role in the catalogues' words (`role-organizer`, `role-arbiter`).
#[must_use]
pub fn role_name(role: Role) -> crate::l10n::Msg {
    crate::l10n::Msg::new(match role {
        Role::Organizer => "role-organizer",
        Role::Arbiter => "role-arbiter",
    })
}

/// Sign-in attempts throttled per account and per client address (Issue #19: a password must
/// not be guessable at full speed), with [governor]'s keyed limiters (GCRA). Every attempt
/// counts, right or wrong: per client address 20 at once, then one every 10 seconds; per
/// account 5 at once, then one a minute. An attempt over either limit is answered `429` with
/// the wait, without checking the password (argon2 is not run for it), and written to the
/// audit log at most once per 5 minutes per account or address. Kept in memory by each
/// instance: with several instances behind one site, each allows its own share.
pub struct SignInThrottle {
    account: governor::DefaultKeyedRateLimiter<String>,
    address: governor::DefaultKeyedRateLimiter<String>,
    audited: governor::DefaultKeyedRateLimiter<String>,
}

/// Which limit an attempt went over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThrottledBy {
    /// Too many attempts for this account.
    Account,
    /// Too many attempts from this client address.
    Address,
}

impl ThrottledBy {
    /// `account` or `address`, as the audit log writes it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ThrottledBy::Account => "account",
            ThrottledBy::Address => "address",
        }
    }
}

impl Default for SignInThrottle {
    fn default() -> Self {
        use governor::{Quota, RateLimiter};
        use std::num::NonZeroU32;
        use std::time::Duration;
        const ONE: NonZeroU32 = NonZeroU32::MIN;
        const FIVE: NonZeroU32 = NonZeroU32::new(5).unwrap();
        const TWENTY: NonZeroU32 = NonZeroU32::new(20).unwrap();
        let every = |seconds: u64, burst: NonZeroU32| {
            Quota::with_period(Duration::from_secs(seconds))
                .unwrap_or_else(|| Quota::per_minute(ONE))
                .allow_burst(burst)
        };
        SignInThrottle {
            account: RateLimiter::keyed(every(60, FIVE)),
            address: RateLimiter::keyed(every(10, TWENTY)),
            audited: RateLimiter::keyed(every(300, ONE)),
        }
    }
}

impl SignInThrottle {
    /// Counts one sign-in attempt for `account` (the e-mail address as typed, compared
    /// without case) from `address` (the client's IP address).
    ///
    /// # Errors
    /// Which limit the attempt went over and how long until the next attempt is allowed.
    pub fn attempt(
        &self,
        account: &str,
        address: &str,
    ) -> Result<(), (ThrottledBy, std::time::Duration)> {
        use governor::clock::{Clock, DefaultClock};
        // Forget the keys that are at rest again, so that a flood of made-up addresses or
        // accounts does not grow the maps without end.
        for limiter in [&self.account, &self.address, &self.audited] {
            if limiter.len() > 10_000 {
                limiter.retain_recent();
            }
        }
        let now = DefaultClock::default().now();
        self.address
            .check_key(&address.to_owned())
            .map_err(|n| (ThrottledBy::Address, n.wait_time_from(now)))?;
        self.account
            .check_key(&account.trim().to_lowercase())
            .map_err(|n| (ThrottledBy::Account, n.wait_time_from(now)))
    }

    /// Whether a throttled attempt on `key` should be written to the audit log: the first one,
    /// then at most one per 5 minutes.
    #[must_use]
    pub fn first_report(&self, by: ThrottledBy, key: &str) -> bool {
        self.audited
            .check_key(&format!("{}:{}", by.as_str(), key.trim().to_lowercase()))
            .is_ok()
    }
}

impl std::fmt::Debug for SignInThrottle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInThrottle")
            .field("accounts", &self.account.len())
            .field("addresses", &self.address.len())
            .field("audited", &self.audited.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_hash_and_verify() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("wrong", &h));
        assert!(!verify_password("x", "not a hash"));
    }
}
