//! The one error type of the web service: an HTML page for people, `application/problem+json`
//! (RFC 9457) for the API, chosen by the route.

use actix_web::http::StatusCode;
use actix_web::http::header::{CONTENT_TYPE, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

/// Everything a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// No such tournament, round, player or page (404); the text names what was looked for.
    #[error("{0} not found")]
    NotFound(String),
    /// Bad input (400): the field or parameter at fault and what is wrong with it.
    #[error("{field}: {message}")]
    BadRequest {
        /// The field, parameter or line.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// Not signed in (401): the page needs an account.
    #[error("sign in to continue")]
    Unauthorized,
    /// Signed in, but without the role this needs (403), or a form without a valid CSRF token.
    #[error("{0}")]
    Forbidden(String),
    /// A stale version (409): the current state of what the client tried to change.
    #[error("changed by someone else since it was read")]
    Conflict {
        /// The current state, as JSON.
        current: serde_json::Value,
    },
    /// The database failed (503 when unreachable, else 500); the detail is logged, not shown.
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

    /// What a reader is shown (database and internal details stay in the log).
    fn public_detail(&self) -> String {
        match self.inner() {
            WebError::Database(_) => "the database could not answer; try again shortly".into(),
            WebError::Internal(_) => "something went wrong on the server".into(),
            e => e.to_string(),
        }
    }
}

impl From<arbiter_db::QueryError> for WebError {
    fn from(e: arbiter_db::QueryError) -> Self {
        WebError::Database(e.to_string())
    }
}

impl From<arbiter_db::ChangeError> for WebError {
    fn from(e: arbiter_db::ChangeError) -> Self {
        match e {
            arbiter_db::ChangeError::NotFound(what) => WebError::NotFound(what),
            arbiter_db::ChangeError::Stale => WebError::Conflict {
                current: serde_json::json!({
                    "detail": "the tournament changed since the form was shown"
                }),
            },
            arbiter_db::ChangeError::NotAllowed(message) => WebError::BadRequest {
                field: "request".into(),
                message,
            },
            arbiter_db::ChangeError::Database(e) => WebError::Database(e.to_string()),
        }
    }
}

impl From<arbiter_db::connection::SetupError> for WebError {
    fn from(e: arbiter_db::connection::SetupError) -> Self {
        WebError::Database(e.to_string())
    }
}

/// The HTML error page.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    title: String,
    status: u16,
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
            WebError::Database(_) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::Internal(_) | WebError::Api(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if matches!(self.inner(), WebError::Database(_) | WebError::Internal(_)) {
            eprintln!("arbiter-web: {self}");
        }
        let title = status.canonical_reason().unwrap_or("Error").to_owned();
        if let WebError::Api(_) = self {
            let mut body = serde_json::json!({
                "type": "about:blank",
                "title": title,
                "status": status.as_u16(),
                "detail": self.public_detail(),
            });
            match self.inner() {
                WebError::Conflict { current } => body["current"] = current.clone(),
                WebError::BadRequest { field, .. } => body["field"] = field.as_str().into(),
                _ => {}
            }
            let mut resp = HttpResponse::build(status).body(body.to_string());
            resp.headers_mut().insert(
                CONTENT_TYPE,
                HeaderValue::from_static("application/problem+json"),
            );
            return resp;
        }
        let page = ErrorPage {
            title,
            status: status.as_u16(),
            detail: self.public_detail(),
        };
        match page.render() {
            Ok(html) => HttpResponse::build(status)
                .content_type("text/html; charset=utf-8")
                .body(html),
            Err(_) => HttpResponse::build(status)
                .content_type("text/plain; charset=utf-8")
                .body(self.public_detail()),
        }
    }
}
