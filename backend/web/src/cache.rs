//! Cache validators for public pages: an entity tag and `Last-Modified` from the tournament's
//! last change, so that a revalidation costs one indexed lookup and answers `304 Not Modified`;
//! and the server's own cache of rendered public pages ([`PageCache`]), keyed by that entity tag,
//! so that a client without a copy gets the page for the same lookup instead of a reload of the
//! tournament and a new render. The key changes with every change of the tournament, in every
//! instance (it comes from the database), so an instance never serves a page older than the data.
//!
//! After a change, the first request for a page takes its turn ([`PageCache::turn`]) and renders
//! it; the requests that arrive meanwhile wait for that turn and are answered from the cache,
//! instead of each loading the tournament and rendering the same page again (while arbiters
//! enter results, every result is such a change). The tournament loaded for one page is kept
//! ([`PageCache::tournament`]) for the other pages of the same change.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use actix_web::http::header::{
    CACHE_CONTROL, ETAG, HeaderValue, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED, VARY,
};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use arbiter_db::StoredTournament;
use chrono::{DateTime, NaiveDateTime, Utc};
use uuid::Uuid;

/// Rendered public pages by entity tag: content type and body. Bounded: when a new page would
/// pass [`PageCache::MAX_BYTES`], the oldest pages are dropped first. It also holds the turns of
/// the renders under way ([`PageCache::turn`]) and the last tournaments loaded for public pages
/// ([`PageCache::tournament`], at most [`PageCache::MAX_TOURNAMENTS`]).
#[derive(Debug, Default)]
pub struct PageCache {
    inner: Mutex<CacheInner>,
    turns: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    loaded: Mutex<KeptTournaments>,
    loads: AtomicU64,
    stores: AtomicU64,
}

#[derive(Debug, Default)]
struct CacheInner {
    pages: HashMap<String, (u64, &'static str, Bytes)>,
    bytes: usize,
    clock: u64,
}

/// The tournaments last loaded, by id: when each was kept (a clock tick) and the tournament.
#[derive(Debug, Default)]
struct KeptTournaments {
    tournaments: HashMap<Uuid, (u64, Arc<StoredTournament>)>,
    clock: u64,
}

/// Locks a mutex of the cache; a thread that panicked while holding it left only a cache, which
/// stays usable.
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One request's turn at a key of the cache (a page's entity tag, or a tournament's load): the
/// other requests for the key wait while it is held. Dropped, it lets the next one in, and the
/// last one out removes the key's lock.
#[derive(Debug)]
pub struct Turn {
    cache: Arc<PageCache>,
    key: String,
    lock: Option<Arc<tokio::sync::Mutex<()>>>,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for Turn {
    fn drop(&mut self) {
        self.held.take();
        self.lock.take();
        let mut turns = locked(&self.cache.turns);
        // Only the map holds it: nobody holds or waits for this key.
        if turns
            .get(&self.key)
            .is_some_and(|l| Arc::strong_count(l) == 1)
        {
            turns.remove(&self.key);
        }
    }
}

impl PageCache {
    /// The most the cache holds, in bytes of bodies (64 MiB).
    pub const MAX_BYTES: usize = 64 * 1024 * 1024;

    /// The most tournaments kept loaded for public pages ([`PageCache::tournament`]).
    pub const MAX_TOURNAMENTS: usize = 4;

    /// The page stored under `etag`, if any: content type and body.
    #[must_use]
    pub fn get(&self, etag: &str) -> Option<(&'static str, Bytes)> {
        let inner = locked(&self.inner);
        inner.pages.get(etag).map(|(_, t, b)| (*t, b.clone()))
    }

    /// Stores a rendered page under `etag`.
    pub fn put(&self, etag: &str, content_type: &'static str, body: Bytes) {
        if body.len() > Self::MAX_BYTES / 4 {
            return;
        }
        self.stores.fetch_add(1, Ordering::Relaxed);
        let mut inner = locked(&self.inner);
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
        locked(&self.inner).pages.len()
    }

    /// Whether no page is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Waits for the turn at `key` (a page's entity tag): requests for the same key get it one
    /// after the other, in the order they asked. Whoever holds it renders the page and stores it
    /// ([`Validators::remember`]); the next finds it stored ([`PageCache::get`]).
    pub async fn turn(self: &Arc<Self>, key: &str) -> Turn {
        let lock = locked(&self.turns)
            .entry(key.to_owned())
            .or_default()
            .clone();
        // Built before the wait, so that a request dropped while waiting still cleans up.
        let mut turn = Turn {
            cache: Arc::clone(self),
            key: key.to_owned(),
            lock: Some(Arc::clone(&lock)),
            held: None,
        };
        turn.held = Some(lock.lock_owned().await);
        turn
    }

    /// The number of keys with a turn held or awaited.
    #[must_use]
    pub fn turns(&self) -> usize {
        locked(&self.turns).len()
    }

    /// The tournament `id` as loaded at its change `changed` or later: the one kept from an
    /// earlier call when it is that recent, else the result of `load`, kept for the next calls.
    /// Concurrent calls for one tournament load it once: the others wait and take that one.
    ///
    /// # Errors
    /// `load`'s error (nothing is kept).
    pub async fn tournament<F, Fut, E>(
        self: &Arc<Self>,
        id: Uuid,
        changed: NaiveDateTime,
        load: F,
    ) -> Result<Arc<StoredTournament>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<StoredTournament, E>>,
    {
        if let Some(t) = self.loaded_since(id, changed) {
            return Ok(t);
        }
        let _turn = self.turn(&format!("load {id}")).await;
        if let Some(t) = self.loaded_since(id, changed) {
            return Ok(t);
        }
        self.loads.fetch_add(1, Ordering::Relaxed);
        let t = Arc::new(load().await?);
        let mut loaded = locked(&self.loaded);
        loaded.clock += 1;
        let stamp = loaded.clock;
        let newer = loaded
            .tournaments
            .get(&id)
            .is_none_or(|(_, kept)| kept.updated_at <= t.updated_at);
        if newer {
            loaded.tournaments.insert(id, (stamp, Arc::clone(&t)));
        }
        while loaded.tournaments.len() > Self::MAX_TOURNAMENTS {
            let Some(oldest) = loaded
                .tournaments
                .iter()
                .min_by_key(|(_, (s, _))| *s)
                .map(|(k, _)| *k)
            else {
                break;
            };
            loaded.tournaments.remove(&oldest);
        }
        Ok(t)
    }

    /// How many times [`PageCache::tournament`] has loaded a tournament (its `load` called).
    #[must_use]
    pub fn loads(&self) -> u64 {
        self.loads.load(Ordering::Relaxed)
    }

    /// How many pages have been stored ([`PageCache::put`]): one per render of a public page.
    #[must_use]
    pub fn stores(&self) -> u64 {
        self.stores.load(Ordering::Relaxed)
    }

    /// The kept tournament `id` when it was loaded at its change `changed` or later.
    fn loaded_since(&self, id: Uuid, changed: NaiveDateTime) -> Option<Arc<StoredTournament>> {
        let loaded = locked(&self.loaded);
        loaded
            .tournaments
            .get(&id)
            .filter(|(_, t)| t.updated_at >= changed)
            .map(|(_, t)| Arc::clone(t))
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
    /// The turn at this page held while it is rendered ([`PageCache::turn`]): released when the
    /// last copy of these validators is dropped, after the page is stored.
    pub turn: Option<Arc<Turn>>,
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
            turn: None,
        }
    }

    /// These validators without the page cache and the turn: for an answer that is not kept
    /// in the cache (a download with headers of its own), so that the other requests for it go
    /// on at once instead of waiting for this one's turn ([`PageCache::turn`]).
    #[must_use]
    pub fn uncached(mut self) -> Validators {
        self.cache = None;
        self.turn = None;
        self
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

    #[actix_web::test]
    async fn turns_at_one_key_come_one_after_the_other_and_are_cleaned_up() {
        let c = Arc::new(PageCache::default());
        let first = c.turn("\"a\"").await;
        // Another key is not held up.
        let other = c.turn("\"b\"").await;
        assert_eq!(c.turns(), 2);
        drop(other);
        assert_eq!(c.turns(), 1);
        let waiting = {
            let c = Arc::clone(&c);
            actix_web::rt::spawn(async move {
                let _t = c.turn("\"a\"").await;
                c.get("\"a\"").map(|(_, b)| b)
            })
        };
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
        assert!(!waiting.is_finished(), "the second waits for the first");
        c.put("\"a\"", "text/html", Bytes::from_static(b"rendered once"));
        drop(first);
        let seen = waiting.await.unwrap();
        assert_eq!(seen, Some(Bytes::from_static(b"rendered once")));
        assert_eq!(c.turns(), 0, "no lock is left behind");
        // A request dropped while it waits leaves nothing behind either.
        let held = c.turn("\"c\"").await;
        let abandoned = {
            let c = Arc::clone(&c);
            actix_web::rt::spawn(async move {
                let _t = c.turn("\"c\"").await;
            })
        };
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
        abandoned.abort();
        let _ = abandoned.await;
        drop(held);
        assert_eq!(c.turns(), 0);
    }

    #[actix_web::test]
    async fn an_answer_not_kept_in_the_cache_lets_the_others_go_at_once() {
        let c = Arc::new(PageCache::default());
        let mut v = Validators::new("export.pgn", NaiveDateTime::default());
        v.cache = Some(Arc::clone(&c));
        v.turn = Some(Arc::new(c.turn(&v.etag).await));
        assert_eq!(c.turns(), 1);
        let v = v.uncached();
        assert_eq!(c.turns(), 0, "the turn is released");
        assert!(v.cache.is_none());
        // The next request for it takes its turn at once.
        let _next = c.turn(&v.etag).await;
    }

    fn stored(id: Uuid, micros: i64) -> StoredTournament {
        let at = DateTime::from_timestamp_micros(1_700_000_000_000_000 + micros)
            .unwrap()
            .naive_utc();
        StoredTournament {
            id,
            tournament: arbiter_tournament::Tournament::default(),
            default_time_minutes: None,
            time_zone: None,
            language: None,
            created_at: at,
            updated_at: at,
        }
    }

    #[actix_web::test]
    async fn a_tournament_is_loaded_once_per_change_however_many_ask() {
        let c = Arc::new(PageCache::default());
        let id = Uuid::from_u128(7);
        let first = stored(id, 1);
        let at_first = first.updated_at;
        // Eight requests at once after the change: one load, the others wait for it.
        let asks = (0..8).map(|_| {
            let c = Arc::clone(&c);
            let t = first.clone();
            async move {
                c.tournament(id, at_first, || async move {
                    actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
                    Ok::<_, ()>(t)
                })
                .await
            }
        });
        let got = futures_util::future::join_all(asks).await;
        assert_eq!(c.loads(), 1);
        assert!(
            got.iter()
                .all(|t| t.as_ref().unwrap().updated_at == at_first)
        );
        // A later change loads again; an earlier one is served by what is kept.
        let second = stored(id, 2);
        let at_second = second.updated_at;
        let t = c
            .tournament(id, at_second, || async { Ok::<_, ()>(second) })
            .await
            .unwrap();
        assert_eq!((t.updated_at, c.loads()), (at_second, 2));
        let t = c
            .tournament(id, at_first, || async { Err::<StoredTournament, _>(()) })
            .await
            .unwrap();
        assert_eq!(t.updated_at, at_second);
        // A failed load keeps nothing and is not waited on.
        let other = Uuid::from_u128(8);
        assert!(
            c.tournament(other, at_first, || async {
                Err::<StoredTournament, _>("down")
            })
            .await
            .is_err()
        );
        assert_eq!(c.turns(), 0);
        // At most MAX_TOURNAMENTS are kept: the oldest goes.
        for n in 0..PageCache::MAX_TOURNAMENTS {
            let t = stored(Uuid::from_u128(100 + n as u128), 1);
            let _ = c
                .tournament(t.id, t.updated_at, || async { Ok::<_, ()>(t) })
                .await;
        }
        assert!(c.loaded_since(id, at_first).is_none());
        assert!(c.loaded_since(Uuid::from_u128(100), at_first).is_some());
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
