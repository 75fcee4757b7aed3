//! Cache validators for public pages: an entity tag and `Last-Modified` from the tournament's
//! last change, so that a revalidation costs one indexed lookup and answers `304 Not Modified`.

use actix_web::http::header::{
    CACHE_CONTROL, ETAG, HeaderValue, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED,
};
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use chrono::{DateTime, NaiveDateTime, Utc};

/// The validators of one version of a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validators {
    /// The entity tag, quoted (`"..."`).
    pub etag: String,
    /// The last change, UTC.
    pub last_modified: NaiveDateTime,
}

impl Validators {
    /// Validators for a page `kind` (its route and query, which change the body) built from data
    /// last changed at `changed`.
    #[must_use]
    pub fn new(kind: &str, changed: NaiveDateTime) -> Validators {
        // FNV-1a over the page kind and the change time (microseconds): short and stable.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let micros = changed.and_utc().timestamp_micros();
        for b in kind.bytes().chain(micros.to_le_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Validators {
            etag: format!("\"{h:016x}\""),
            last_modified: changed,
        }
    }

    /// Whether the request's `If-None-Match` (or, without it, `If-Modified-Since`) says the
    /// client's copy is current.
    #[must_use]
    pub fn is_fresh(&self, req: &HttpRequest) -> bool {
        if let Some(inm) = req
            .headers()
            .get(IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
        {
            return inm
                .split(',')
                .map(|t| t.trim().trim_start_matches("W/"))
                .any(|t| t == "*" || t == self.etag);
        }
        req.headers()
            .get(IF_MODIFIED_SINCE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| DateTime::parse_from_rfc2822(v).ok())
            .is_some_and(|since| self.last_modified.and_utc().timestamp() <= since.timestamp())
    }

    /// Adds `ETag`, `Last-Modified` and `Cache-Control: public, max-age=N` to a response.
    pub fn apply(&self, builder: &mut HttpResponseBuilder, max_age: u32) {
        let lm: DateTime<Utc> = self.last_modified.and_utc();
        builder.insert_header((ETAG, self.etag.clone()));
        builder.insert_header((
            LAST_MODIFIED,
            lm.format("%a, %d %b %Y %H:%M:%S GMT").to_string(),
        ));
        builder.insert_header((
            CACHE_CONTROL,
            HeaderValue::from_str(&format!("public, max-age={max_age}"))
                .unwrap_or(HeaderValue::from_static("public")),
        ));
    }

    /// `304 Not Modified` with the validators.
    #[must_use]
    pub fn not_modified(&self, max_age: u32) -> HttpResponse {
        let mut b = HttpResponse::NotModified();
        self.apply(&mut b, max_age);
        b.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_change_with_kind_and_time() {
        let t = chrono::NaiveDate::from_ymd_opt(2025, 1, 1)
            .and_then(|d| d.and_hms_micro_opt(1, 2, 3, 4))
            .unwrap();
        let a = Validators::new("standings", t);
        assert_eq!(a, Validators::new("standings", t));
        assert_ne!(a.etag, Validators::new("crosstable", t).etag);
        assert_ne!(
            a.etag,
            Validators::new("standings", t + chrono::Duration::microseconds(1)).etag
        );
    }
}
