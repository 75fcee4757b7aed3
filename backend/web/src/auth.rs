//! Accounts in the web service: argon2 password hashes, server-side sessions whose cookie holds
//! only a random key (signed, HttpOnly, SameSite=Lax; [`crate::sessions`]), a CSRF token per
//! session checked on every form, the known-device cookie that keeps the owner's sign-in open
//! whatever others try ([`known_device`]), API tokens (`Authorization: Bearer ...`, unknown
//! ones throttled per client address), and the roles a page needs.

use actix_session::Session;
use actix_session::config::CookieContentSecurity;
use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, CookieJar, Key, SameSite};
use arbiter_db::{Role, UserRow};
use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use uuid::Uuid;

use crate::config::Config;
use crate::error::WebError;
use crate::state::{AppState, with_db};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "arbiter_session";
/// The known-device cookie's name ([`known_device`]).
pub const DEVICE_COOKIE: &str = "arbiter_device";
const USER_KEY: &str = crate::sessions::USER_KEY;
const CSRF_KEY: &str = "csrf";

/// The session middleware: sessions stored in the database ([`crate::sessions`]), the cookie a
/// signed random key, HttpOnly, SameSite=Lax, `Secure` when configured.
#[must_use]
pub fn session_middleware(
    state: &AppState,
) -> actix_session::SessionMiddleware<crate::sessions::DbSessionStore> {
    let store = crate::sessions::DbSessionStore::new(state.pool.clone(), &state.config);
    actix_session::SessionMiddleware::builder(store, state.cookie_key.clone())
        .cookie_name(SESSION_COOKIE.to_owned())
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_secure(state.config.secure_cookies)
        .cookie_content_security(CookieContentSecurity::Signed)
        .build()
}

/// The browser's id for the account `user`, when its known-device cookie (encrypted and
/// authenticated with [`AppState::cookie_key`]: nobody can read or forge it) says it signed in to that
/// account before. Such a browser's sign-ins count against itself alone
/// ([`crate::throttle::Attempt::KnownDevice`]).
#[must_use]
pub fn known_device(req: &HttpRequest, key: &Key, user: &UserRow) -> Option<String> {
    let cookie = req.cookie(DEVICE_COOKIE)?;
    let mut jar = CookieJar::new();
    jar.add_original(cookie);
    let value = jar.private(key).get(DEVICE_COOKIE)?.value().to_owned();
    let (account, device) = value.split_once(' ')?;
    (account == user.id).then(|| device.to_owned())
}

/// The known-device cookie for a browser that just signed in to `user`: the account id and a
/// random id of the browser, encrypted; HttpOnly, SameSite=Lax, a year.
#[must_use]
pub fn device_cookie(config: &Config, key: &Key, user: &UserRow) -> Cookie<'static> {
    let cookie = Cookie::build(
        DEVICE_COOKIE,
        format!("{} {}", user.id, Uuid::new_v4().simple()),
    )
    .path("/")
    .http_only(true)
    .secure(config.secure_cookies)
    .same_site(SameSite::Lax)
    .max_age(actix_web::cookie::time::Duration::days(365))
    .finish();
    let mut jar = CookieJar::new();
    jar.private_mut(key).add(cookie);
    jar.get(DEVICE_COOKIE)
        .cloned()
        .unwrap_or_else(|| Cookie::new(DEVICE_COOKIE, ""))
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

/// Signs an account in: a new session (a new key, no fixation; the old session is deleted),
/// the account id stored in it.
///
/// # Errors
/// [`WebError::Internal`] when the session cannot be written.
pub fn sign_in(session: &Session, user: &UserRow) -> Result<(), WebError> {
    session.renew();
    session
        .insert(USER_KEY, &user.id)
        .map_err(|e| WebError::Internal(e.to_string()))
}

/// Signs out: the session is deleted from the database and its cookie removed (a copy of the
/// cookie opens nothing any more).
pub fn sign_out(session: &Session) {
    session.purge();
}

/// The signed-in account, if any (an account deleted since counts as signed out and the
/// session is emptied; a session ended by signing out, a password change or its time limits is
/// not found at all).
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
    if user.is_none() {
        session.purge();
    }
    Ok(user)
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

/// The account of an API request (`Authorization: Bearer TOKEN`). Unknown tokens are counted
/// per client address ([`crate::throttle::TokenThrottle`]); an address over the limit is
/// answered `429` before its token is looked up.
///
/// # Errors
/// [`WebError::Unauthorized`] without a known token, [`WebError::TooManyRequests`].
pub async fn api_user(state: &AppState, req: &HttpRequest) -> Result<UserRow, WebError> {
    let token = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned())
        .ok_or(WebError::Unauthorized)?;
    let address = crate::throttle::client_address(req, &state.config);
    if let Some(wait) = state.throttles.tokens.locked(&address) {
        return Err(WebError::TooManyRequests {
            retry_after: wait.as_secs().max(1),
        });
    }
    let user = with_db(state, move |c| {
        Ok(arbiter_db::accounts::user_by_token(c, &token)?)
    })
    .await?;
    if user.is_none() {
        state.throttles.tokens.failed(&address);
    }
    user.ok_or(WebError::Unauthorized)
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
