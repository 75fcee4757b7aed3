//! The one error type of the web service: an HTML page for people, `application/problem+json`
//! (RFC 9457) for the API, chosen by the route.

use actix_web::http::StatusCode;
use actix_web::http::header::{CONTENT_LANGUAGE, CONTENT_TYPE, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;
use uuid::Uuid;

use crate::l10n::{L10n, Lang, Msg};

/// The header naming a request in the log (`X-Request-Id`).
const REQUEST_ID: actix_web::http::header::HeaderName =
    actix_web::http::header::HeaderName::from_static("x-request-id");

/// Everything a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// No such tournament, round, player or page (404); the text names what was looked for.
    #[error("{0} not found")]
    NotFound(Msg),
    /// Bad input (400): the field or parameter at fault and what is wrong with it.
    #[error("{field}: {message}")]
    BadRequest {
        /// The field, parameter or line.
        field: String,
        /// What is wrong, in the catalogues' words where it has them.
        message: Msg,
    },
    /// Not signed in (401): the page needs an account.
    #[error("sign in to continue")]
    Unauthorized,
    /// Signed in, but without the role this needs (403), or a form without a valid CSRF token.
    #[error("{0}")]
    Forbidden(Msg),
    /// A stale version (409): the current state of what the client tried to change.
    #[error("changed by someone else since it was read")]
    Conflict {
        /// The current state, as JSON.
        current: serde_json::Value,
    },
    /// Too many attempts from this client (429): unknown API tokens, sign-ups or sign-ins over
    /// their throttle ([`crate::throttle`]); answered with `Retry-After`.
    #[error("too many attempts; try again in {retry_after} s")]
    TooManyRequests {
        /// Seconds until the next attempt is allowed.
        retry_after: u64,
    },
    /// A method the path does not take (405); `Allow` lists those it takes.
    #[error("{method} is not allowed here")]
    MethodNotAllowed {
        /// The method of the request.
        method: String,
        /// The methods the path takes.
        allow: Vec<&'static str>,
    },
    /// A request body larger than the route takes (413 Payload Too Large): `limit` bytes.
    #[error("the body is larger than {limit} bytes")]
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The database could not be reached or was busy (503: try again); the detail is logged,
    /// not shown.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// The database refused a query (a constraint failed, ...): a defect, never the client's
    /// doing (500); the detail is logged with the request id, not shown.
    #[error("database error: {0}")]
    Database(String),
    /// Anything else that should not happen (500).
    #[error("internal error: {0}")]
    Internal(String),
    /// The same error answered as problem+json (API routes).
    #[error(transparent)]
    Api(Box<WebError>),
}

impl WebError {
    /// This error, answered as problem+json.
    #[must_use]
    pub fn api(self) -> WebError {
        match self {
            e @ WebError::Api(_) => e,
            e => WebError::Api(Box::new(e)),
        }
    }

    fn inner(&self) -> &WebError {
        match self {
            WebError::Api(e) => e.inner(),
            e => e,
        }
    }

    /// No tournament `id` (404).
    #[must_use]
    pub fn no_tournament(id: Uuid) -> WebError {
        WebError::NotFound(Msg::new("what-tournament").ltr("id", id.to_string()))
    }

    /// No game `id` in this tournament (404).
    #[must_use]
    pub fn no_game(id: impl std::fmt::Display) -> WebError {
        WebError::NotFound(Msg::new("what-game").ltr("id", id.to_string()))
    }

    /// No round `n` (404).
    #[must_use]
    pub fn no_round(n: impl Into<i64>) -> WebError {
        WebError::NotFound(Msg::new("what-round").int("n", n))
    }

    /// No player with the pairing number `n` (404).
    #[must_use]
    pub fn no_player(n: impl Into<i64>) -> WebError {
        WebError::NotFound(Msg::new("what-player").int("n", n))
    }

    /// Nothing found of what `arbiter_db::arbiter` names by a noun (`game`, `envelope`,
    /// `check-in link`, ...), in the catalogues' words (404).
    #[must_use]
    pub fn missing(what: &str) -> WebError {
        WebError::NotFound(match what {
            "game" => Msg::new("what-a-game"),
            "tournament" => Msg::new("what-a-tournament"),
            "round" => Msg::new("what-a-round"),
            "envelope" => Msg::new("what-an-envelope"),
            "check-in link" => Msg::new("what-a-check-in-link"),
            "token" => Msg::new("what-a-token"),
            "account" => Msg::new("what-an-account"),
            "result" => Msg::new("what-a-result"),
            _ => Msg::plain(what),
        })
    }

    /// No page at `path` (404).
    #[must_use]
    pub fn no_page(path: &str) -> WebError {
        WebError::NotFound(Msg::new("what-page").ltr("path", path))
    }

    /// What a reader is shown, in `l`'s language (database and internal details stay in the
    /// log): the text of the error page, the `detail` of problem+json, the message a form
    /// shows again beside its fields.
    #[must_use]
    pub fn detail(&self, l: &L10n) -> String {
        match self.inner() {
            WebError::Unavailable(_) => l.t("error-database"),
            WebError::Database(_) | WebError::Internal(_) => l.t("error-internal"),
            WebError::NotFound(what) => l.m(&Msg::new("error-not-found").msg("what", what.clone())),
            WebError::BadRequest { field, message } => {
                // English keeps the field's own name, as the API and the forms call it.
                let field = match field_label(field) {
                    Some(label) if l.language() != Lang::EN => l.t(label),
                    _ => l.ltr(field),
                };
                l.m(&Msg::new("error-field")
                    .text("field", field)
                    .msg("message", message.clone()))
            }
            WebError::Unauthorized => l.t("error-unauthorized"),
            WebError::Forbidden(why) => l.m(why),
            WebError::Conflict { .. } => l.t("error-conflict"),
            WebError::TooManyRequests { .. } => l.t("error-too-many"),
            WebError::MethodNotAllowed { method, allow } => l.m(&Msg::new("error-method")
                .ltr("method", method.clone())
                .ltr("allow", allow.join(", "))),
            WebError::TooLarge { limit } => l.m(&Msg::new("error-too-large")
                .int("kib", i64::try_from(limit / 1024).unwrap_or(i64::MAX))),
            WebError::Api(e) => e.detail(l),
        }
    }

    /// The answer to this error in `l`'s language: problem+json for the API, else the HTML
    /// error page.
    #[must_use]
    pub fn respond(&self, l: &L10n) -> HttpResponse {
        let status = self.status_code();
        let title = l.t(match status.as_u16() {
            400 => "status-400",
            401 => "status-401",
            403 => "status-403",
            404 => "status-404",
            405 => "status-405",
            409 => "status-409",
            413 => "status-413",
            429 => "status-429",
            503 => "status-503",
            _ => "status-500",
        });
        let detail = self.detail(l);
        let mut resp = self.respond_body(l, status, title, detail);
        if let WebError::TooManyRequests { retry_after } = self.inner() {
            if let Ok(v) = HeaderValue::from_str(&retry_after.to_string()) {
                resp.headers_mut()
                    .insert(actix_web::http::header::RETRY_AFTER, v);
            }
        }
        resp
    }

    /// The body of [`WebError::respond`]: problem+json or the HTML error page.
    fn respond_body(
        &self,
        l: &L10n,
        status: StatusCode,
        title: String,
        detail: String,
    ) -> HttpResponse {
        if let WebError::Api(_) = self {
            let mut body = serde_json::json!({
                "type": "about:blank",
                "title": title,
                "status": status.as_u16(),
                "detail": detail,
            });
            match self.inner() {
                WebError::Conflict { current } => body["current"] = current.clone(),
                WebError::BadRequest { field, .. } => body["field"] = field.as_str().into(),
                _ => {}
            }
            let mut resp = HttpResponse::build(status).body(body.to_string());
            if let WebError::MethodNotAllowed { allow, .. } = self.inner() {
                if let Ok(v) = HeaderValue::from_str(&allow.join(", ")) {
                    resp.headers_mut().insert(actix_web::http::header::ALLOW, v);
                }
            }
            resp.headers_mut().insert(
                CONTENT_TYPE,
                HeaderValue::from_static("application/problem+json"),
            );
            resp.headers_mut()
                .insert(CONTENT_LANGUAGE, HeaderValue::from_static(l.lang()));
            return resp;
        }
        let page = ErrorPage {
            l,
            back: l.came_from(),
            event: l.event_home(),
            status_code: status.as_u16(),
            status: l.int(status.as_u16()),
            title,
            detail,
        };
        match page.render() {
            Ok(html) => HttpResponse::build(status)
                .content_type("text/html; charset=utf-8")
                .body(html),
            Err(_) => HttpResponse::build(status)
                .content_type("text/plain; charset=utf-8")
                .body(page.detail),
        }
    }
}

/// A refused form as its page shows it again: the message beside the field it names (the field
/// gets `aria-invalid` and `aria-describedby` pointing at the message, `templates/field_error.html`),
/// with a short summary at the top linking to it; a refusal of a field the form does not show,
/// or of the whole form (a stale form, a duplicate to confirm), is one message at the top.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormError {
    /// The field the message stands beside; empty when it stands at the top.
    field: String,
    /// What is wrong, in the reader's language.
    message: String,
    /// The summary at the top when the message stands beside its field.
    summary: String,
}

impl FormError {
    /// No refusal: the form as first shown.
    #[must_use]
    pub fn none() -> FormError {
        FormError::default()
    }

    /// A message at the top of the form.
    #[must_use]
    pub fn top(message: String) -> FormError {
        FormError {
            message,
            ..FormError::default()
        }
    }

    /// The refusal `e` of a form showing `fields`: a [`WebError::BadRequest`] naming one of them
    /// stands beside it; anything else at the top ([`WebError::detail`]).
    #[must_use]
    pub fn of(e: &WebError, l: &L10n, fields: &[impl AsRef<str>]) -> FormError {
        match e.inner() {
            WebError::BadRequest { field, message }
                if fields.iter().any(|f| f.as_ref() == field.as_str()) =>
            {
                // A field without a name in the catalogues is not named in the summary (the
                // link leads to it).
                let summary = match field_label(field) {
                    Some(label) => l.t1("form-refused", "field", &l.t(label)),
                    None => l.t("form-refused-unnamed"),
                };
                FormError {
                    field: field.clone(),
                    message: l.m(message),
                    summary,
                }
            }
            _ => FormError::top(e.detail(l)),
        }
    }

    /// Whether nothing was refused.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.message.is_empty()
    }

    /// Whether the message stands beside `field`.
    #[must_use]
    pub fn is(&self, field: impl AsRef<str>) -> bool {
        !self.field.is_empty() && self.field == field.as_ref()
    }

    /// Whether the message stands beside a field (else at the top).
    #[must_use]
    pub fn beside(&self) -> bool {
        !self.field.is_empty()
    }

    /// The field the message stands beside (empty: at the top).
    #[must_use]
    pub fn field(&self) -> &str {
        &self.field
    }

    /// What is wrong.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The summary at the top ("Not saved: the name needs correcting").
    #[must_use]
    pub fn summary(&self) -> &str {
        &self.summary
    }
}

/// Answers errors in the reader's language (the middleware every app wraps, [`crate::server::serve`]):
/// a handler's [`WebError`] is built before the language is known and answered in English by
/// [`ResponseError`]; this writes it again in the language of the request ([`L10n::negotiate`])
/// when that is not English.
///
/// # Errors
/// The inner service's errors that are not a [`WebError`], unchanged.
pub async fn localize_errors(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    // A handler's error arrives as a response; an error of a layer inside this one (`?`) is
    // answered by actix as it is. The language is negotiated only when there is an error to
    // answer, on the request as the handler left it (with the event's language, if any).
    // Every answer carries a request id (`X-Request-Id`: the client's own when it sent a
    // plain one, else a new one), and a 5xx is logged under it.
    let request_id = req
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| {
            !v.is_empty()
                && v.len() <= 64
                && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
        .map_or_else(|| Uuid::new_v4().to_string(), str::to_owned);
    let (method, path) = (req.method().clone(), req.path().to_owned());
    let mut res = next.call(req).await?;
    // A body read whole (`web::Bytes`, the merge patches) over its limit: actix's plain 413
    // becomes this service's, problem+json on the API.
    let overflow = res
        .response()
        .error()
        .and_then(|e| e.as_error::<actix_web::error::PayloadError>())
        .is_some_and(|e| matches!(e, actix_web::error::PayloadError::Overflow));
    if overflow {
        let e = WebError::TooLarge {
            limit: crate::limits::JSON_LIMIT,
        };
        let e = if path.starts_with("/api/") {
            e.api()
        } else {
            e
        };
        let mut answer = e.respond(&L10n::negotiate(res.request()));
        if let Ok(v) = HeaderValue::from_str(&request_id) {
            answer.headers_mut().insert(REQUEST_ID, v);
        }
        return Ok(res.into_response(answer));
    }
    if let Some(e) = res
        .response()
        .error()
        .and_then(|e| e.as_error::<WebError>())
    {
        if matches!(
            e.inner(),
            WebError::Database(_) | WebError::Internal(_) | WebError::Unavailable(_)
        ) {
            eprintln!("arbiter-web: request {request_id} {method} {path}: {e}");
        }
    }
    if let Ok(v) = HeaderValue::from_str(&request_id) {
        res.headers_mut().insert(REQUEST_ID, v);
    }
    let again = res
        .response()
        .error()
        .and_then(|e| e.as_error::<WebError>())
        .and_then(|e| {
            let l = L10n::negotiate(res.request());
            // English is answered already, but without the ways back (the page the reader
            // came from, the event's page), which only the request knows.
            (l.language() != Lang::EN || !l.came_from().is_empty() || !l.event_home().is_empty())
                .then(|| e.respond(&l))
        });
    Ok(match again {
        Some(mut answer) => {
            // Keep the headers other layers set (session cookies, caching).
            for (name, value) in res.response().headers() {
                if name != CONTENT_TYPE
                    && name != actix_web::http::header::CONTENT_LENGTH
                    && name != actix_web::http::header::ALLOW
                {
                    answer.headers_mut().append(name.clone(), value.clone());
                }
            }
            res.into_response(answer)
        }
        None => res.map_into_boxed_body(),
    })
}

impl From<arbiter_db::QueryError> for WebError {
    fn from(e: arbiter_db::QueryError) -> Self {
        if arbiter_db::is_unavailable(&e) {
            WebError::Unavailable(e.to_string())
        } else {
            WebError::Database(e.to_string())
        }
    }
}

impl From<arbiter_db::ChangeError> for WebError {
    fn from(e: arbiter_db::ChangeError) -> Self {
        match e {
            arbiter_db::ChangeError::NotFound(what) => WebError::NotFound(match what {
                arbiter_db::Missing::Tournament(id) => {
                    Msg::new("what-tournament").ltr("id", id.to_string())
                }
                arbiter_db::Missing::Round(n) => Msg::new("what-round").int("n", n),
                arbiter_db::Missing::Player(n) => Msg::new("what-player").int("n", n),
            }),
            arbiter_db::ChangeError::Stale => WebError::Conflict {
                current: serde_json::json!({
                    "detail": "the tournament changed since the form was shown"
                }),
            },
            arbiter_db::ChangeError::NotAllowed(message) => WebError::BadRequest {
                field: "request".into(),
                message: message.into(),
            },
            arbiter_db::ChangeError::Invalid { field, error } => invalid(field, &error),
            arbiter_db::ChangeError::Database(e) => e.into(),
        }
    }
}

impl From<arbiter_db::connection::SetupError> for WebError {
    fn from(e: arbiter_db::connection::SetupError) -> Self {
        WebError::Unavailable(e.to_string())
    }
}

/// The HTML error page, in the reader's language.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    l: &'a L10n,
    /// The page the reader came from, to go back to (a form refused, a page not allowed);
    /// empty when unknown.
    back: &'a str,
    /// The page of the event the request was about, the way back into it when no page of
    /// this site is known; empty outside an event.
    event: &'a str,
    /// The status code (a `401` page offers signing in and signing up).
    status_code: u16,
    title: String,
    /// The status code, in the reader's digits.
    status: String,
    detail: String,
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self.inner() {
            WebError::NotFound(_) => StatusCode::NOT_FOUND,
            WebError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            WebError::Unauthorized => StatusCode::UNAUTHORIZED,
            WebError::Forbidden(_) => StatusCode::FORBIDDEN,
            WebError::Conflict { .. } => StatusCode::CONFLICT,
            WebError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            WebError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            WebError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Database(_) | WebError::Internal(_) | WebError::Api(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }

    fn error_response(&self) -> HttpResponse {
        // Logged, with the request id, by [`localize_errors`].
        self.respond(&L10n::new(Lang::EN, false))
    }
}

/// The catalogue key of a field's name, for the fields the forms and the API refuse.
fn field_label(field: &str) -> Option<&'static str> {
    Some(match field {
        "name" => "field-name",
        "start_date" => "field-start-date",
        "end_date" => "field-end-date",
        "city" => "field-city",
        "tiebreaks" => "field-tiebreaks",
        "tiebreak_edition" => "field-tiebreak-edition",
        "pairing_system" => "field-pairing-system",
        "rounds_planned" => "field-rounds-planned",
        "time_control" => "field-time-control",
        "time_zone" => "field-time-zone",
        "chief_arbiter" => "field-chief-arbiter",
        "club" => "field-club",
        "captain" => "field-captain",
        "roster" => "field-roster",
        "exemption" => "field-exemption",
        "min_games" => "field-min-games",
        "non_fide" => "field-non-fide",
        "default_time_minutes" => "field-default-time-minutes",
        "adjourned_pairing" => "field-adjourned-pairing",
        "initial_colour" => "field-initial-colour",
        "win" => "field-win",
        "draw" => "field-draw",
        "loss" => "field-loss",
        "pab" => "field-pab",
        "title" => "field-title",
        "rating" => "field-rating",
        "federation" => "field-federation",
        "fide_id" => "field-fide-id",
        "file" => "field-file",
        "round" => "field-round",
        "player" => "field-player",
        "players" => "field-players",
        "code" => "field-code",
        "status" => "field-status",
        "colour" => "field-colour",
        "result" => "field-result",
        "game" => "field-game",
        "email" => "field-email",
        "password" => "field-password",
        "role" => "field-role",
        "request" => "field-request",
        "envelope" => "field-envelope",
        "sealed_move" => "field-sealed-move",
        "scoresheet" => "field-scoresheet",
        "reason" => "field-reason",
        "minutes" => "field-minutes",
        "version" => "field-version",
        "pairing" => "field-pairing",
        "edition" => "field-edition",
        "moves" => "field-moves",
        "fen" => "field-fen",
        "language" => "field-language",
        "query" => "field-query",
        "form" => "field-form",
        "body" => "field-body",
        "upload" => "field-upload",
        _ => return None,
    })
}

/// The answer to a value a door refused ([`arbiter_tournament::input`]): `400` naming `field`,
/// with what is wrong and what is accepted, in the reader's language.
pub(crate) fn invalid(field: &str, e: &arbiter_tournament::input::InputError) -> WebError {
    WebError::BadRequest {
        field: field.to_owned(),
        message: Msg::input(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_stands_beside_its_field_or_at_the_top() {
        use arbiter_tournament::input::InputError;
        let en = L10n::new(Lang::EN, false);
        let e = invalid("city", &InputError::TooLong { max: 100 });
        let f = FormError::of(&e, &en, &["name", "city"]);
        assert!(f.beside() && f.is("city") && !f.is("name"), "{f:?}");
        assert_eq!(f.message(), "at most 100 characters");
        assert_eq!(f.summary(), "Not saved: correct the place below.");
        // A field the form does not show: the whole refusal, naming it, at the top.
        let f = FormError::of(&e, &en, &["name"]);
        assert!(!f.beside() && !f.is("city") && !f.is(""), "{f:?}");
        assert_eq!(f.message(), "city: at most 100 characters");
        assert!(FormError::none().is_empty() && !FormError::none().is(""));
        let fa = L10n::new(Lang::parse("fa").unwrap(), false);
        let f = FormError::of(&e, &fa, &["city"]);
        assert_eq!(f.summary(), "ذخیره نشد: محل برگزاری را در پایین اصلاح کنید.");
        // A field without a name in the catalogues is not named in the summary.
        let unnamed = WebError::BadRequest {
            field: "cat_name_0".into(),
            message: Msg::plain("x"),
        };
        let f = FormError::of(&unnamed, &fa, &["cat_name_0"]);
        assert!(f.beside() && !f.summary().contains("cat"), "{f:?}");
    }

    #[test]
    fn a_database_defect_is_500_and_only_an_unreachable_database_503() {
        let defect = WebError::from(arbiter_db::QueryError::NotFound);
        assert_eq!(defect.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        let broken = WebError::from(arbiter_db::QueryError::BrokenTransactionManager);
        assert_eq!(broken.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            WebError::from(arbiter_db::ChangeError::Database(
                arbiter_db::QueryError::RollbackTransaction
            ))
            .api()
            .status_code(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
}
