//! Cache validators for public pages: an entity tag and `Last-Modified` from the tournament's
//! last change, so that a revalidation costs one indexed lookup and answers `304 Not Modified`;
//! and the server's own cache of rendered public pages ([`PageCache`]), keyed by that entity tag,
//! so that a client without a copy gets the page for the same lookup instead of a reload of the
//! tournament and a new render. The key changes with every change of the tournament, in every
//! instance (it comes from the database), so an instance never serves a page older than the data.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::http::header::{
    CACHE_CONTROL, ETAG, HeaderValue, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED, VARY,
};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use chrono::{DateTime, NaiveDateTime, Utc};

/// Rendered public pages by entity tag: content type and body. Bounded: when a new page would
/// pass [`PageCache::MAX_BYTES`], the oldest pages are dropped first.
#[derive(Debug, Default)]
pub struct PageCache {
    inner: Mutex<CacheInner>,
}

#[derive(Debug, Default)]
struct CacheInner {
    pages: HashMap<String, (u64, &'static str, Bytes)>,
    bytes: usize,
    clock: u64,
}

impl PageCache {
    /// The most the cache holds, in bytes of bodies (64 MiB).
    pub const MAX_BYTES: usize = 64 * 1024 * 1024;

    /// The page stored under `etag`, if any: content type and body.
    #[must_use]
    pub fn get(&self, etag: &str) -> Option<(&'static str, Bytes)> {
        let inner = self.inner.lock().ok()?;
        inner.pages.get(etag).map(|(_, t, b)| (*t, b.clone()))
    }

    /// Stores a rendered page under `etag`.
    pub fn put(&self, etag: &str, content_type: &'static str, body: Bytes) {
        if body.len() > Self::MAX_BYTES / 4 {
            return;
        }
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        inner.clock += 1;
        let stamp = inner.clock;
        if let Some((_, _, old)) = inner
            .pages
            .insert(etag.to_owned(), (stamp, content_type, body.clone()))
        {
            inner.bytes -= old.len();
        }
        inner.bytes += body.len();
        while inner.bytes > Self::MAX_BYTES {
            let Some(oldest) = inner
                .pages
                .iter()
                .min_by_key(|(_, (t, _, _))| *t)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((_, _, b)) = inner.pages.remove(&oldest) {
                inner.bytes -= b.len();
            }
        }
    }

    /// The number of pages held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.inner.lock().map_or(0, |i| i.pages.len())
    }

    /// Whether no page is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The validators of one version of a page, and the server's page cache to keep its body in
/// (when the server has one).
#[derive(Clone, Debug)]
pub struct Validators {
    /// The entity tag, quoted (`"..."`).
    pub etag: String,
    /// The last change, UTC.
    pub last_modified: NaiveDateTime,
    /// Where to keep the rendered page ([`Validators::remember`]).
    pub cache: Option<Arc<PageCache>>,
}

impl PartialEq for Validators {
    fn eq(&self, other: &Self) -> bool {
        self.etag == other.etag && self.last_modified == other.last_modified
    }
}

impl Eq for Validators {}

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
            cache: None,
        }
    }

    /// Keeps a rendered page in the server's cache under these validators, and answers it.
    #[must_use]
    pub fn remember(&self, content_type: &'static str, body: String, max_age: u32) -> HttpResponse {
        let body = Bytes::from(body);
        if let Some(c) = &self.cache {
            c.put(&self.etag, content_type, body.clone());
        }
        self.ok(content_type, body, max_age)
    }

    /// `200 OK` with a body and the validators.
    #[must_use]
    pub fn ok(&self, content_type: &'static str, body: Bytes, max_age: u32) -> HttpResponse {
        let mut b = HttpResponse::Ok();
        self.apply(&mut b, max_age);
        b.content_type(content_type).body(body)
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
        // The same address answers in the reader's language (crate::l10n).
        builder.insert_header((VARY, "Cookie, Accept-Language"));
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
    fn the_page_cache_keeps_pages_by_tag_and_drops_the_oldest() {
        let c = PageCache::default();
        assert!(c.get("\"a\"").is_none());
        c.put("\"a\"", "text/html", Bytes::from_static(b"page a"));
        c.put("\"b\"", "application/json", Bytes::from_static(b"{}"));
        assert_eq!(c.get("\"a\"").unwrap().1, Bytes::from_static(b"page a"));
        assert_eq!(c.get("\"b\"").unwrap().0, "application/json");
        let big = Bytes::from(vec![b'x'; PageCache::MAX_BYTES / 4]);
        for i in 0..4 {
            c.put(&format!("\"big{i}\""), "text/html", big.clone());
        }
        assert!(c.get("\"a\"").is_none(), "the oldest went first");
        assert!(c.get("\"big3\"").is_some());
        assert!(c.len() <= 4);
    }

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
