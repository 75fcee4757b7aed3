//! Accounts: sign up (the first account is the administrator; throttled per client address),
//! sign in (a new session id, no fixation; a failed attempt answers `401` with the form again;
//! failures throttled, [`crate::throttle::SignInThrottle`]), sign out (the session deleted),
//! and the account page (the tournaments the account has a role in, its API tokens; for an
//! administrator, the accounts awaiting approval as organizers). Every form carries the
//! session's CSRF token. Never cached (`no-store`).

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::Actor;
use askama::Template;
use serde::Deserialize;

use crate::auth::{
    csrf_token, device_cookie, hash_password, known_device, role_name, sign_in, sign_out,
    verify_password,
};
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Checked, SignedIn, csrf_field};
use crate::l10n::{L10n, Msg};
use crate::respond::{ok, private, see_other, see_other_done};
use crate::state::{AppState, with_db};
use crate::throttle::{Attempt, ThrottledBy, client_address};

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

/// The sign-in (or sign-up) form again, `429 Too Many Requests` with `Retry-After`: the
/// attempt went over [`crate::throttle`]'s limits.
fn throttled(
    session: &Session,
    l: L10n,
    signup: bool,
    email: &str,
    wait: std::time::Duration,
) -> Result<HttpResponse, WebError> {
    let seconds = wait.as_secs().max(1);
    let minutes = seconds.div_ceil(60);
    let key = if signup {
        "signup-throttled"
    } else {
        "signin-throttled"
    };
    let mut answer = private(
        &SignInPage {
            csrf: csrf_token(session)?,
            signup,
            error: l.m(&Msg::new(key).count(i64::try_from(minutes).unwrap_or(i64::MAX))),
            l,
            email: email.to_owned(),
        },
        actix_web::http::StatusCode::TOO_MANY_REQUESTS,
    )?;
    if let Ok(v) = actix_web::http::header::HeaderValue::from_str(&seconds.to_string()) {
        answer
            .headers_mut()
            .insert(actix_web::http::header::RETRY_AFTER, v);
    }
    Ok(answer)
}

/// Writes a throttled sign-in to the audit log, at most once per 5 minutes per account or
/// address ([`crate::throttle::SignInThrottle::first_report`]).
async fn audit_throttled(
    state: &AppState,
    email: &str,
    address: &str,
    by: ThrottledBy,
    wait: std::time::Duration,
) -> Result<(), WebError> {
    let email = email.trim().to_lowercase();
    let key = match by {
        ThrottledBy::Account => email.clone(),
        ThrottledBy::Address => address.to_owned(),
    };
    if !state.throttles.sign_in.first_report(by, &key) {
        return Ok(());
    }
    let (who, seconds) = (address.to_owned(), wait.as_secs());
    with_db(state, move |c| {
        Ok(arbiter_db::audit::append_audit(
            c,
            &Actor::system(who.clone()),
            None,
            "account",
            Some(&email),
            "sign-in-throttled",
            None::<&()>,
            Some(&serde_json::json!({
                "limit": by.as_str(),
                "address": who,
                "retry_after_seconds": seconds,
            })),
        )?)
    })
    .await
}

/// Whose sign-in attempt this is: a browser that signed in to `user` before counts for itself
/// alone, any other against its address and the e-mail address typed.
fn attempt_of(
    state: &AppState,
    req: &HttpRequest,
    email: &str,
    user: Option<&arbiter_db::UserRow>,
) -> Attempt {
    match user.and_then(|u| known_device(req, &state.cookie_key, u)) {
        Some(device) => Attempt::KnownDevice(device),
        None => Attempt::Unknown {
            address: client_address(req, &state.config),
            account: email.to_owned(),
        },
    }
}

/// `POST /signin`. Only failures count against the throttle; a success clears the account's
/// failures and marks the browser as known to the account (a private cookie), so that others'
/// failures never lock its owner out.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token, [`WebError::Database`].
pub async fn signin(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    l: L10n,
    Checked(form): Checked<CredentialsForm>,
) -> Result<HttpResponse, WebError> {
    let email = form.email.clone();
    let user = with_db(&state, move |c| {
        Ok(arbiter_db::accounts::user_by_email(c, &email)?)
    })
    .await?;
    let attempt = attempt_of(&state, &req, &form.email, user.as_ref());
    if let Err((by, wait)) = state.throttles.sign_in.check(&attempt) {
        let address = client_address(&req, &state.config);
        audit_throttled(&state, &form.email, &address, by, wait).await?;
        return throttled(&session, l, false, &form.email, wait);
    }
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
    let Some(u) = verified else {
        state.throttles.sign_in.failed(&attempt);
        return retry(&session, l, false, &form.email, &Msg::new("signin-refused"));
    };
    state.throttles.sign_in.succeeded(&attempt);
    sign_in(&session, &u)?;
    let uid = u.uuid()?;
    let kept = with_db(&state, move |c| {
        Ok(arbiter_db::accounts::user_language(c, uid)?)
    })
    .await?;
    let mut answer = see_other("/account");
    let mut cookies = vec![device_cookie(&state.config, &state.cookie_key, &u)];
    // The language the account chose last becomes this browser's choice again.
    if let Some(lang) = kept.as_deref().and_then(crate::l10n::Lang::parse) {
        cookies.push(
            actix_web::cookie::Cookie::build(crate::l10n::LANG_COOKIE, lang.code())
                .path("/")
                .max_age(actix_web::cookie::time::Duration::days(365))
                .same_site(actix_web::cookie::SameSite::Lax)
                .finish(),
        );
    }
    for cookie in &cookies {
        answer
            .add_cookie(cookie)
            .map_err(|e| WebError::Internal(e.to_string()))?;
    }
    Ok(answer)
}

/// `POST /signup`. Accounts are created at most 5 at once, then one every 10 minutes, per
/// client address ([`crate::throttle::SignUpThrottle`]): over it, the form again with `429`
/// and `Retry-After`, before the password is hashed. A new account's tournaments are not listed
/// publicly until an administrator approves it.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token, [`WebError::Database`].
pub async fn signup(
    state: web::Data<AppState>,
    req: HttpRequest,
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
    let address = client_address(&req, &state.config);
    if let Err(wait) = state.throttles.sign_up.attempt(&address) {
        return throttled(&session, l, true, &email, wait);
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
            Ok(see_other_done("/account", Done::SignedUp))
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

/// An API token as the account page lists it.
pub(crate) struct TokenLine {
    id: String,
    label: String,
    created: String,
    last_used: String,
}

/// An account awaiting approval as an organizer, as an administrator's account page lists it.
pub(crate) struct AwaitingLine {
    id: String,
    email: String,
    created: String,
}

#[derive(Template)]
#[template(path = "account.html")]
pub(crate) struct AccountPage {
    l: L10n,
    email: String,
    is_admin: bool,
    /// Whether the account's tournaments are listed publicly.
    approved: bool,
    /// For an administrator: the accounts awaiting approval.
    awaiting: Vec<AwaitingLine>,
    csrf: String,
    tournaments: Vec<MyTournament>,
    tokens: Vec<TokenLine>,
    /// A token just created, shown this once.
    new_token: Option<String>,
    /// The language the account keeps, in its own name (empty: none).
    kept_language: String,
    notice: String,
    error: String,
}

/// What the account page shows besides the account's lists.
#[derive(Default)]
struct Shown {
    new_token: Option<String>,
    notice: String,
    error: String,
}

/// The account page: the account's tournaments and roles, its API tokens, the language it keeps
/// (the form posts to `POST /language`), the password form.
async fn account_page(
    state: &AppState,
    session: &Session,
    l: L10n,
    user: &arbiter_db::UserRow,
    shown: Shown,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse, WebError> {
    let uid = user.uuid()?;
    let admin = user.is_admin;
    let (roles, list, tokens, kept, awaiting) = with_db(state, move |c| {
        Ok((
            arbiter_db::accounts::tournaments_of(c, uid)?,
            arbiter_db::list_tournaments(c)?,
            arbiter_db::accounts::api_tokens_of(c, uid)?,
            arbiter_db::accounts::user_language(c, uid)?,
            if admin {
                arbiter_db::accounts::awaiting_approval(c)?
            } else {
                Vec::new()
            },
        ))
    })
    .await?;
    let kept_language = kept
        .as_deref()
        .and_then(crate::l10n::Lang::parse)
        .map(|lang| L10n::new(lang, false).t("language-name"))
        .unwrap_or_default();
    let awaiting = awaiting
        .into_iter()
        .map(|u| AwaitingLine {
            created: l.date(u.created_at.date()),
            id: u.id,
            email: u.email,
        })
        .collect();
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
    let tokens = tokens
        .into_iter()
        .map(|t| TokenLine {
            id: t.id,
            label: t.label.unwrap_or_default(),
            created: l.date(t.created_at.date()),
            last_used: t
                .last_used_at
                .map_or_else(|| l.t("account-token-never"), |d| l.date(d.date())),
        })
        .collect();
    private(
        &AccountPage {
            email: user.email.clone(),
            is_admin: user.is_admin,
            approved: user.approved,
            awaiting,
            csrf: csrf_token(session)?,
            tournaments,
            tokens,
            new_token: shown.new_token,
            kept_language,
            notice: shown.notice,
            error: shown.error,
            l,
        },
        status,
    )
}

/// `GET /account`: the account's tournaments and roles, its API tokens (listed, never shown
/// again after creation), and the password form.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Database`].
pub async fn account(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
) -> Result<HttpResponse, WebError> {
    account_page(
        &state,
        &session,
        l,
        &user,
        Shown::default(),
        actix_web::http::StatusCode::OK,
    )
    .await
}

/// The form creating an API token.
#[derive(Debug, Deserialize)]
pub struct NewTokenForm {
    /// A label for the owner (what program uses it), at most 100 characters; optional.
    #[serde(default)]
    pub label: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /account/tokens`: creates an API token for the signed-in account and shows it this
/// once (only its SHA-256 is stored). Audited.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF), [`WebError::BadRequest`] for a
/// label with control characters or over 100 characters, [`WebError::Database`].
pub async fn create_token(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
    Checked(form): Checked<NewTokenForm>,
) -> Result<HttpResponse, WebError> {
    let label = arbiter_tournament::input::ShortText::optional(&form.label)
        .map_err(|e| crate::error::invalid("label", &e))?
        .map(arbiter_tournament::input::ShortText::into_string);
    let uid = user.uuid()?;
    let actor = user.actor();
    let token = with_db(&state, move |c| {
        Ok(arbiter_db::accounts::create_api_token(
            c,
            uid,
            label.as_deref(),
            &actor,
        )?)
    })
    .await?;
    account_page(
        &state,
        &session,
        l,
        &user,
        Shown {
            new_token: Some(token),
            ..Shown::default()
        },
        actix_web::http::StatusCode::OK,
    )
    .await
}

/// `POST /account/tokens/{id}/revoke`: revokes one of the signed-in account's API tokens
/// (requests bearing it get `401` from now on). Audited.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF), [`WebError::NotFound`] for a
/// token the account does not have, [`WebError::Database`].
pub async fn revoke_token(
    state: web::Data<AppState>,
    path: web::Path<String>,
    SignedIn(user): SignedIn,
    Checked(_form): Checked<CsrfForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let uid = user.uuid()?;
    let actor = user.actor();
    let revoked = with_db(&state, move |c| {
        Ok(arbiter_db::accounts::revoke_api_token(c, uid, &id, &actor)?)
    })
    .await?;
    if revoked {
        Ok(see_other_done("/account#tokens", Done::TokenRevoked))
    } else {
        Err(WebError::missing("token"))
    }
}

/// The password form.
#[derive(Debug, Deserialize)]
pub struct PasswordForm {
    /// The password now.
    #[serde(default)]
    pub current: String,
    /// The new password, at least 10 characters.
    #[serde(default)]
    pub password: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /account/password`: changes the signed-in account's password, given the current one.
/// Every session of the account is deleted (`arbiter_db::accounts::set_password_hash`) and
/// this browser gets a new one. A wrong current password counts against the sign-in throttle
/// (as a failure of this browser, or of the address and account), so the form cannot be used
/// to guess the password. Audited.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF), [`WebError::Database`]; a wrong
/// current password or a short new one shows the page again (`400`), too many attempts `429`.
pub async fn change_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
    Checked(form): Checked<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let refuse = |key: &'static str, status| {
        Shown {
            error: l.m(&Msg::new(key)),
            ..Shown::default()
        }
        .with(status)
    };
    let attempt = attempt_of(&state, &req, &user.email, Some(&user));
    if let Err((_, wait)) = state.throttles.sign_in.check(&attempt) {
        let minutes = wait.as_secs().max(1).div_ceil(60);
        let shown = Shown {
            error: l.m(&Msg::new("signin-throttled").count(i64::try_from(minutes).unwrap_or(1))),
            ..Shown::default()
        };
        return account_page(
            &state,
            &session,
            l,
            &user,
            shown,
            actix_web::http::StatusCode::TOO_MANY_REQUESTS,
        )
        .await;
    }
    let (current, hash) = (form.current.clone(), user.password_hash.clone());
    let verified = web::block(move || verify_password(&current, &hash))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?;
    if !verified {
        state.throttles.sign_in.failed(&attempt);
    }
    let refused = if !verified {
        Some(refuse(
            "account-password-wrong",
            actix_web::http::StatusCode::BAD_REQUEST,
        ))
    } else if form.password.chars().count() < 10 {
        Some(refuse(
            "signup-short-password",
            actix_web::http::StatusCode::BAD_REQUEST,
        ))
    } else {
        None
    };
    if let Some((shown, status)) = refused {
        return account_page(&state, &session, l, &user, shown, status).await;
    }
    let password = form.password.clone();
    let new_hash = web::block(move || hash_password(&password))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))??;
    let uid = user.uuid()?;
    let actor = user.actor();
    let stored_hash = new_hash.clone();
    with_db(&state, move |c| {
        Ok(arbiter_db::accounts::set_password_hash(
            c,
            uid,
            &stored_hash,
            &actor,
        )?)
    })
    .await?;
    let user = arbiter_db::UserRow {
        password_hash: new_hash,
        ..user
    };
    sign_in(&session, &user)?;
    let shown = Shown {
        notice: l.t("account-password-changed"),
        ..Shown::default()
    };
    account_page(
        &state,
        &session,
        l,
        &user,
        shown,
        actix_web::http::StatusCode::OK,
    )
    .await
}

/// `POST /accounts/{id}/approve`: an administrator approves an account as an organizer (its
/// tournaments are listed on the home page and in the API's list from now on), and sees the
/// account page again. Audited.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] for an account that is not an
/// administrator or a bad CSRF token, [`WebError::NotFound`] for an unknown account,
/// [`WebError::Database`].
pub async fn approve_account(
    state: web::Data<AppState>,
    path: web::Path<String>,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
    Checked(_form): Checked<CsrfForm>,
) -> Result<HttpResponse, WebError> {
    if !user.is_admin {
        return Err(WebError::Forbidden(Msg::new("error-needs-admin")));
    }
    let id = uuid::Uuid::parse_str(&path.into_inner()).map_err(|_| WebError::missing("account"))?;
    let actor = user.actor();
    let approved = with_db(&state, move |c| {
        let Some(target) = arbiter_db::accounts::user_by_id(c, id)? else {
            return Ok(None);
        };
        arbiter_db::accounts::approve_user(c, id, &actor)?;
        Ok(Some(target.email))
    })
    .await?
    .ok_or_else(|| WebError::missing("account"))?;
    let shown = Shown {
        notice: l.m(&Msg::new("account-approved").ltr("email", approved)),
        ..Shown::default()
    };
    account_page(
        &state,
        &session,
        l,
        &user,
        shown,
        actix_web::http::StatusCode::OK,
    )
    .await
}

impl Shown {
    fn with(self, status: actix_web::http::StatusCode) -> (Shown, actix_web::http::StatusCode) {
        (self, status)
    }
}

csrf_field!(CredentialsForm, CsrfForm, NewTokenForm, PasswordForm);
