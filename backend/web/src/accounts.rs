//! Accounts: sign up (the first account is the administrator), sign in (a new session id, no
//! fixation; a failed attempt answers `401` with the form again), sign out, and the account page
//! (the tournaments the account has a role in, its API tokens). Every form carries the session's
//! CSRF token. Never cached (`no-store`).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use arbiter_db::Actor;
use askama::Template;
use serde::Deserialize;

use crate::auth::{csrf_token, hash_password, role_name, sign_in, sign_out, verify_password};
use crate::error::WebError;
use crate::extract::{Checked, SignedIn, csrf_field};
use crate::l10n::{L10n, Msg};
use crate::respond::{ok, private, see_other};
use crate::{AppState, with_db};

#[derive(Template)]
#[template(path = "signin.html")]
pub(crate) struct SignInPage {
    l: L10n,
    csrf: String,
    signup: bool,
    error: String,
    email: String,
}

/// The sign-in and sign-up form.
#[derive(Debug, Deserialize)]
pub struct CredentialsForm {
    /// The e-mail address.
    #[serde(default)]
    pub email: String,
    /// The password.
    #[serde(default)]
    pub password: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `GET /signin`.
///
/// # Errors
/// [`WebError::Internal`] when the session cannot be written.
pub async fn signin_form(session: Session, l: L10n) -> Result<HttpResponse, WebError> {
    ok(&SignInPage {
        l,
        csrf: csrf_token(&session)?,
        signup: false,
        error: String::new(),
        email: String::new(),
    })
}

/// `GET /signup`: the first account on a new database becomes the administrator.
///
/// # Errors
/// [`WebError::Internal`] when the session cannot be written.
pub async fn signup_form(session: Session, l: L10n) -> Result<HttpResponse, WebError> {
    ok(&SignInPage {
        l,
        csrf: csrf_token(&session)?,
        signup: true,
        error: String::new(),
        email: String::new(),
    })
}

pub(crate) fn retry(
    session: &Session,
    l: L10n,
    signup: bool,
    email: &str,
    error: &Msg,
) -> Result<HttpResponse, WebError> {
    private(
        &SignInPage {
            csrf: csrf_token(session)?,
            signup,
            error: l.m(error),
            l,
            email: email.to_owned(),
        },
        if signup {
            actix_web::http::StatusCode::BAD_REQUEST
        } else {
            actix_web::http::StatusCode::UNAUTHORIZED
        },
    )
}

/// `POST /signin`.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token, [`WebError::Database`].
pub async fn signin(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    Checked(form): Checked<CredentialsForm>,
) -> Result<HttpResponse, WebError> {
    let email = form.email.clone();
    let user = with_db(&state, move |c| {
        Ok(arbiter_db::accounts::user_by_email(c, &email)?)
    })
    .await?;
    let password = form.password.clone();
    // argon2 is deliberately slow: off the async threads.
    let verified = match user {
        Some(u) => {
            let hash = u.password_hash.clone();
            web::block(move || verify_password(&password, &hash))
                .await
                .map_err(|e| WebError::Internal(e.to_string()))?
                .then_some(u)
        }
        None => None,
    };
    match verified {
        Some(u) => {
            sign_in(&session, &u)?;
            let uid = u.uuid()?;
            let kept = with_db(&state, move |c| {
                Ok(arbiter_db::accounts::user_language(c, uid)?)
            })
            .await?;
            let mut answer = see_other("/account");
            // The language the account chose last becomes this browser's choice again.
            if let Some(lang) = kept.as_deref().and_then(crate::l10n::Lang::parse) {
                let cookie =
                    actix_web::cookie::Cookie::build(crate::l10n::LANG_COOKIE, lang.code())
                        .path("/")
                        .max_age(actix_web::cookie::time::Duration::days(365))
                        .same_site(actix_web::cookie::SameSite::Lax)
                        .finish();
                answer
                    .add_cookie(&cookie)
                    .map_err(|e| WebError::Internal(e.to_string()))?;
            }
            Ok(answer)
        }
        None => retry(&session, l, false, &form.email, &Msg::new("signin-refused")),
    }
}

/// `POST /signup`.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token, [`WebError::Database`].
pub async fn signup(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    Checked(form): Checked<CredentialsForm>,
) -> Result<HttpResponse, WebError> {
    let email = form.email.trim().to_owned();
    if email.len() > 254 || !email.contains('@') || email.starts_with('@') || email.ends_with('@') {
        return retry(&session, l, true, &email, &Msg::new("signup-bad-email"));
    }
    if form.password.chars().count() < 10 {
        return retry(
            &session,
            l,
            true,
            &email,
            &Msg::new("signup-short-password"),
        );
    }
    let password = form.password.clone();
    let hash = web::block(move || hash_password(&password))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))??;
    let e2 = email.clone();
    let created = with_db(&state, move |c| {
        if arbiter_db::accounts::user_by_email(c, &e2)?.is_some() {
            return Ok(None);
        }
        Ok(Some(arbiter_db::accounts::create_user(
            c,
            &e2,
            &hash,
            false,
            &Actor::system(e2.clone()),
        )?))
    })
    .await?;
    match created {
        Some(u) => {
            sign_in(&session, &u)?;
            Ok(see_other("/account"))
        }
        None => retry(&session, l, true, &email, &Msg::new("signup-exists")),
    }
}

/// A form with only the CSRF token.
#[derive(Debug, Deserialize)]
pub struct CsrfForm {
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /signout`.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token.
pub async fn signout(
    session: Session,
    Checked(_form): Checked<CsrfForm>,
) -> Result<HttpResponse, WebError> {
    sign_out(&session);
    Ok(see_other("/"))
}

pub(crate) struct MyTournament {
    id: String,
    name: String,
    role: String,
}

#[derive(Template)]
#[template(path = "account.html")]
pub(crate) struct AccountPage {
    l: L10n,
    email: String,
    is_admin: bool,
    csrf: String,
    tournaments: Vec<MyTournament>,
}

/// `GET /account`: the account's tournaments and roles.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Database`].
pub async fn account(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
) -> Result<HttpResponse, WebError> {
    let uid = user.uuid()?;
    let mine = with_db(&state, move |c| {
        let roles = arbiter_db::accounts::tournaments_of(c, uid)?;
        let list = arbiter_db::list_tournaments(c)?;
        Ok((roles, list))
    })
    .await?;
    let (roles, list) = mine;
    let tournaments = list
        .iter()
        .filter_map(|t| {
            let role = if user.is_admin {
                l.t("role-administrator")
            } else {
                roles
                    .iter()
                    .find(|(id, _)| *id == t.id)
                    .map(|(_, r)| l.m(&role_name(*r)))?
            };
            Some(MyTournament {
                id: t.id.to_string(),
                name: t.name.clone().unwrap_or_else(|| l.t("unnamed")),
                role,
            })
        })
        .collect();
    ok(&AccountPage {
        l,
        email: user.email.clone(),
        is_admin: user.is_admin,
        csrf: csrf_token(&session)?,
        tournaments,
    })
}

csrf_field!(CredentialsForm, CsrfForm);
