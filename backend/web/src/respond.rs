//! What every handler answers with, in one place: private pages (`no-store`), redirects after a
//! form (`303 See Other`) and the one check of a redirect target the client chose
//! (`local_path`), a form field's error (`400` naming the field), the trimming and range
//! checks of form fields, the answer to an `arbiter_db::arbiter` error, and the engine run off the
//! async workers. No handler module imports another handler module: what they share is here.

use actix_web::HttpResponse;
use actix_web::http::header;
use arbiter_db::arbiter::ArbiterError;
use askama::Template;
use chrono::NaiveDateTime;
use uuid::Uuid;

use crate::cache::Validators;
use crate::error::WebError;
use crate::state::{AppState, with_db};

pub(crate) fn private(
    page: &impl Template,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse, WebError> {
    let body = page
        .render()
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body))
}

pub(crate) fn ok(page: &impl Template) -> Result<HttpResponse, WebError> {
    private(page, actix_web::http::StatusCode::OK)
}

/// `303 See Other` to `location`, a path this service built. A location that is not a valid
/// header value (a path segment the client sent, decoded to a line break) goes to `/` instead:
/// never a `500`. A target the client chose goes through [`local_path`] first.
pub(crate) fn see_other(location: &str) -> HttpResponse {
    let location = header::HeaderValue::from_str(location)
        .unwrap_or_else(|_| header::HeaderValue::from_static("/"));
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

/// [`see_other`] to `location` with the notice of what was `done` ([`crate::done`]): the page
/// the form's write leads to says what was done. Every form that writes answers with this.
pub(crate) fn see_other_done(location: &str, done: crate::done::Done) -> HttpResponse {
    see_other(&done.on(location))
}

pub(crate) use crate::paths::local_path;

pub(crate) fn bad(field: &str, message: impl Into<crate::l10n::Msg>) -> WebError {
    WebError::BadRequest {
        field: field.to_owned(),
        message: message.into(),
    }
}

/// A trimmed optional text field: `None` when empty.
pub(crate) fn text(v: &str) -> Option<String> {
    let t = v.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// An optional number field within `range`, naming the field on error.
pub(crate) fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    field: &str,
    v: &str,
    min: T,
    max: T,
) -> Result<Option<T>, WebError> {
    let Some(t) = text(v) else { return Ok(None) };
    // Digits of any script a reader types (issue #46).
    let n: T = arbiter_tournament::typed::latin_number(&t)
        .parse()
        .map_err(|_| {
            bad(
                field,
                crate::l10n::Msg::new("bad-whole-number").ltr("value", t.clone()),
            )
        })?;
    if n < min || n > max {
        return Err(bad(
            field,
            crate::l10n::Msg::new("bad-between")
                .digits("min", min.to_string())
                .digits("max", max.to_string()),
        ));
    }
    Ok(Some(n))
}

pub(crate) async fn load(
    state: &AppState,
    id: Uuid,
) -> Result<arbiter_db::StoredTournament, WebError> {
    with_db(state, move |c| Ok(arbiter_db::load_tournament(c, id)?))
        .await?
        .ok_or_else(|| WebError::no_tournament(id))
}

/// An [`ArbiterError`] as the web service answers it: an unknown game `404`, a stale version or
/// a second check-in `409` with the state as it stands, a rule refusing `400` naming it.
pub(crate) fn arbiter_error(e: ArbiterError) -> WebError {
    match e {
        ArbiterError::NotFound(what) => WebError::missing(what),
        ArbiterError::Conflict { current } => WebError::Conflict {
            current: serde_json::to_value(&*current).unwrap_or_default(),
        },
        ArbiterError::AlreadyCheckedIn(first) => WebError::Conflict {
            current: serde_json::json!({
                "detail": format!("already checked in at {}", first.at),
                "check_in": *first,
            }),
        },
        ArbiterError::Database(e) => e.into(),
        e @ ArbiterError::Penalty(_) => bad("sanction", crate::arbiter_words::arbiter_msg(&e)),
        e => bad("game", crate::arbiter_words::arbiter_msg(&e)),
    }
}

/// The form's token for "the tournament as this page showed it": its last-change time.
pub(crate) fn seen_token(t: NaiveDateTime) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.f").to_string()
}

pub(crate) fn parse_seen(v: &str) -> Result<NaiveDateTime, WebError> {
    NaiveDateTime::parse_from_str(v.trim(), "%Y-%m-%dT%H:%M:%S%.f")
        .map_err(|_| bad("seen", crate::l10n::Msg::new("bad-seen")))
}

/// A public page, rendered, with its validators, kept in the server's page cache.
pub(crate) fn html(
    page: &impl Template,
    validators: &Validators,
    max_age: u32,
) -> Result<HttpResponse, WebError> {
    let body = page
        .render()
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(validators.remember("text/html; charset=utf-8", body, max_age))
}

/// A JSON answer: remembered with the page's validators when given (public, cacheable for
/// `max_age` seconds), else a plain `200`.
///
/// # Errors
/// [`WebError::Internal`] (problem+json) when the body does not serialize.
pub(crate) fn json<T: serde::Serialize>(
    body: &T,
    validators: Option<&Validators>,
    max_age: u32,
) -> Result<HttpResponse, WebError> {
    let text = serde_json::to_string(body).map_err(|e| WebError::Internal(e.to_string()).api())?;
    if let Some(v) = validators {
        return Ok(v.remember("application/json", text, max_age));
    }
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(text))
}

/// A JSON answer with `status` (`201 Created`, ...), never cached.
pub(crate) fn created<T: serde::Serialize>(
    status: actix_web::http::StatusCode,
    body: &T,
) -> Result<HttpResponse, WebError> {
    let text = serde_json::to_string(body).map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(HttpResponse::build(status)
        .content_type("application/json")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(text))
}

/// The API's `409`: the tournament changed since the `seen` the request carried.
pub(crate) fn stale_api() -> WebError {
    WebError::Conflict {
        current: serde_json::json!({
            "detail": "the tournament changed since `seen`; read it again"
        }),
    }
}

/// The body of a `PATCH` (a JSON Merge Patch, RFC 7396): a JSON object whose keys are all in
/// `fields`.
///
/// # Errors
/// [`WebError::BadRequest`] naming `body` (not JSON, or not an object) or the unknown field,
/// with the fields accepted.
pub(crate) fn merge_patch(
    body: &[u8],
    fields: &[&str],
) -> Result<serde_json::Map<String, serde_json::Value>, WebError> {
    use crate::l10n::Msg;
    let patch = match serde_json::from_slice(body) {
        Ok(serde_json::Value::Object(m)) => m,
        Ok(_) => return Err(bad("body", Msg::new("bad-patch-object"))),
        Err(e) => {
            return Err(bad(
                "body",
                Msg::new("bad-request-parse").ltr("detail", e.to_string()),
            ));
        }
    };
    if let Some(unknown) = patch.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(bad(
            unknown,
            Msg::new("bad-unknown-field")
                .ltr("value", unknown.clone())
                .ltr("accepted", fields.join(", ")),
        ));
    }
    Ok(patch)
}

/// A merge patch ([`merge_patch`]) read as `T` too, the type that documents it: a value of
/// the wrong type (a number where text is documented, text where a number is) is refused naming
/// its field, as `POST` and `PUT` refuse it. The patch is kept to tell a field sent as `null`
/// from one left out.
///
/// # Errors
/// As [`merge_patch`]; [`WebError::BadRequest`] naming the field of the wrong type.
pub(crate) fn typed_patch<T: serde::de::DeserializeOwned>(
    body: &[u8],
    fields: &[&str],
) -> Result<(serde_json::Map<String, serde_json::Value>, T), WebError> {
    let patch = merge_patch(body, fields)?;
    let typed = crate::json_body::read(&serde_json::Value::Object(patch.clone()))?;
    Ok((patch, typed))
}

/// A merge patch's value as a form field's text: a string as it is, a number written out,
/// `null` empty (the field cleared).
///
/// # Errors
/// [`WebError::BadRequest`] naming `field` for a boolean, an array or an object.
pub(crate) fn patch_text(field: &str, value: &serde_json::Value) -> Result<String, WebError> {
    use serde_json::Value;
    match value {
        Value::Null => Ok(String::new()),
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(_) | Value::Array(_) | Value::Object(_) => {
            Err(bad(field, crate::l10n::Msg::new("bad-patch-value")))
        }
    }
}

/// A merge patch's optional `seen`: the `updated_at` the client read.
///
/// # Errors
/// [`WebError::BadRequest`] naming `seen` when it is not a timestamp.
pub(crate) fn patch_seen(
    patch: &serde_json::Map<String, serde_json::Value>,
) -> Result<Option<NaiveDateTime>, WebError> {
    match patch.get("seen") {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => serde_json::from_value::<NaiveDateTime>(v.clone())
            .map(Some)
            .map_err(|_| bad("seen", crate::l10n::Msg::new("bad-seen"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_tokens_round_trip_to_the_microsecond() {
        let t = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_micro_opt(5, 6, 7, 123_456)
            .unwrap();
        assert_eq!(parse_seen(&seen_token(t)).unwrap(), t);
        assert!(parse_seen("yesterday").is_err());
    }
}
