//! The reader's choice of language, digits, calendar and piece letters.
//!
//! `GET /language` is the switch at the top of every page (plain links: the pages run no
//! JavaScript and public pages are cached, so they carry no CSRF token): it keeps the choice
//! in this browser's cookies and changes nothing stored. `POST /language` is the account
//! page's form (with the session's CSRF token): the same cookies, and the signed-in account
//! keeps the language too, which comes back on the next sign-in, on any device.
//!
//! Both go back to the page the reader came from (`303 See Other`), a path on this site only
//! (`crate::respond::local_path`; anything else goes to `/`).

use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::{HttpResponse, HttpResponseBuilder, web};
use serde::Deserialize;

use crate::error::WebError;
use crate::extract::{Checked, csrf_field};
use crate::l10n::{CALENDAR_COOKIE, DIGITS_COOKIE, LANG_COOKIE, Lang, PIECES_COOKIE, Pieces};
use crate::respond::{local_path, see_other};
use crate::state::{AppState, with_db};

/// The query of `GET /language`.
#[derive(Debug, Deserialize)]
pub struct LanguageQuery {
    /// The language to read in: `en`, `fa`, `ar`.
    pub lang: Option<String>,
    /// `latn` for Latin digits, `local` for the language's own.
    pub digits: Option<String>,
    /// A calendar the language offers besides its own (`islamic-umalqura` in Arabic), or
    /// `default` for the language's own.
    pub calendar: Option<String>,
    /// The piece letters of moves on game pages: `local` (the language's own), `en` (English
    /// letters), `figurine`.
    pub pieces: Option<String>,
    /// The page to go back to: a path on this site (anything else goes to `/`).
    pub back: Option<String>,
}

/// The form of `POST /language`: the language the account keeps.
#[derive(Debug, Deserialize)]
pub struct AccountLanguageForm {
    /// `en`, `fa` or `ar`.
    #[serde(default)]
    pub lang: String,
    /// The page to go back to: a path on this site (anything else goes to `/account`).
    #[serde(default)]
    pub back: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

csrf_field!(AccountLanguageForm);

/// `GET /language?lang=fa&back=/tournaments/...`: the language switch on every page. Keeps the
/// reader's language (and choice of digits, calendar and piece letters in moves) in a cookie for
/// a year and goes back to the page (`303 See Other`). Changes nothing stored: the account's
/// language is chosen on the account page ([`choose_language`]).
///
/// # Errors
/// None: an unknown value is ignored, a `back` that is not a path on this site goes to `/`.
pub async fn language(query: web::Query<LanguageQuery>) -> Result<HttpResponse, WebError> {
    let back = query.back.as_deref().and_then(local_path).unwrap_or("/");
    let mut resp = redirect(back);
    if let Some(lang) = query.lang.as_deref().and_then(Lang::parse) {
        resp.cookie(kept(LANG_COOKIE, lang.code()));
    }
    match query.digits.as_deref() {
        Some("latn") => {
            resp.cookie(kept(DIGITS_COOKIE, "latn"));
        }
        Some("local") => {
            resp.cookie(removed(DIGITS_COOKIE));
        }
        _ => {}
    }
    match query.calendar.as_deref() {
        Some("default") => {
            resp.cookie(removed(CALENDAR_COOKIE));
        }
        Some(c) => {
            if let Some(c) = Lang::all().find_map(|l| l.other_calendar().filter(|o| *o == c)) {
                resp.cookie(kept(CALENDAR_COOKIE, c));
            }
        }
        None => {}
    }
    match query.pieces.as_deref().and_then(Pieces::parse) {
        Some(Pieces::Local) => {
            resp.cookie(removed(PIECES_COOKIE));
        }
        Some(p) => {
            resp.cookie(kept(PIECES_COOKIE, p.code()));
        }
        None => {}
    }
    Ok(resp.finish())
}

/// `POST /language` (the account page's form, CSRF-checked): reads in `lang` from now on, in
/// this browser (the cookie, as the switch) and, for a signed-in reader, in the account too
/// (it comes back on the next sign-in, on any device); back to `back` or `/account`.
///
/// # Errors
/// [`WebError::Forbidden`] (CSRF), [`WebError::BadRequest`] naming `lang` for a language the
/// service does not have, [`WebError::Database`] when the account's choice cannot be kept.
pub async fn choose_language(
    state: web::Data<AppState>,
    session: actix_session::Session,
    Checked(form): Checked<AccountLanguageForm>,
) -> Result<HttpResponse, WebError> {
    let lang = Lang::parse(form.lang.trim()).ok_or_else(|| {
        crate::respond::bad(
            "lang",
            crate::l10n::Msg::new("bad-language").ltr("value", form.lang.trim()),
        )
    })?;
    if let Some(user) = crate::auth::current_user(&state, &session).await? {
        let uid = user.uuid()?;
        with_db(&state, move |c| {
            Ok(arbiter_db::accounts::set_user_language(
                c,
                uid,
                Some(lang.code()),
            )?)
        })
        .await?;
    }
    let back = local_path(&form.back).unwrap_or("/account");
    let mut resp = see_other(back);
    resp.add_cookie(&kept(LANG_COOKIE, lang.code()))
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(resp)
}

/// `303 See Other` to `back` (a path [`local_path`] let through), not stored by caches.
fn redirect(back: &str) -> HttpResponseBuilder {
    let mut resp = HttpResponse::SeeOther();
    resp.insert_header((actix_web::http::header::LOCATION, back))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"));
    resp
}

/// A choice kept for a year on every page of the site.
fn kept(name: &'static str, value: &'static str) -> Cookie<'static> {
    Cookie::build(name, value)
        .path("/")
        .max_age(Duration::days(365))
        .same_site(SameSite::Lax)
        .finish()
}

/// The cookie `name` removed: back to the language's own digits, calendar or letters.
fn removed(name: &'static str) -> Cookie<'static> {
    let mut gone = kept(name, "");
    gone.make_removal();
    gone
}
