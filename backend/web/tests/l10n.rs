//! The pages in the readers' languages (crate::l10n): the catalogues are complete and used, and
//! the public pages (the list, a tournament, a round, standings, crosstable, player cards, the printed pairing
//! list and result sheet) read in Persian and Arabic right to left, without an English interface word
//! and with locale digits, the Persian dates in the Solar Hijri calendar.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use actix_web::http::{StatusCode, header};
use actix_web::test as web_test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::read_trf;
use arbiter_web::Config;

const LANGS: [&str; 3] = ["en", "fa", "ar"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The messages of one language: id -> the text of its value (one line each).
fn catalogue(lang: &str) -> BTreeMap<String, String> {
    let dir = root().join("locales").join(lang);
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("the language's folder") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            if line.starts_with(['#', ' ']) || line.trim().is_empty() {
                continue;
            }
            let (id, value) = line.split_once(" = ").expect("`id = value` lines");
            let fresh = out.insert(id.to_owned(), value.to_owned()).is_none();
            assert!(fresh, "{lang}: {id} twice");
        }
    }
    out
}

/// Every file a message can be used from: the templates and the web crate's sources.
fn sources() -> String {
    let mut text = String::new();
    let mut dirs = vec![root().join("src"), root().join("../../templates")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs" || x == "html")
                && !p.ends_with("l10n/tests.rs")
            {
                text.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    text
}

#[test]
fn every_message_is_in_every_language_and_used() {
    let en = catalogue("en");
    assert!(en.len() > 70, "{} messages", en.len());
    let ids: BTreeSet<&String> = en.keys().collect();
    for lang in &LANGS[1..] {
        let other = catalogue(lang);
        let theirs: BTreeSet<&String> = other.keys().collect();
        let missing: Vec<_> = ids.difference(&theirs).collect();
        let extra: Vec<_> = theirs.difference(&ids).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(extra.is_empty(), "{lang} has unknown {extra:?}");
        for (id, value) in &other {
            assert!(!value.trim().is_empty(), "{lang}: {id} is empty");
        }
    }
    let used = sources();
    let unused: Vec<_> = ids
        .iter()
        .filter(|id| !used.contains(&format!("\"{id}\"")))
        .collect();
    assert!(unused.is_empty(), "messages never used: {unused:?}");
}

/// The text a reader sees, without what is data rather than interface: names and places in
/// `<bdi>` or between FSI and PDI, commands in `<code>`, and codes that start with a Latin capital (C.07, BH/C1, FIDE).
fn interface_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    // Only the body: the head holds the stylesheet's address.
    if let Some(i) = rest.find("<body") {
        rest = &rest[i..];
    }
    let mut skip: Option<&str> = None;
    while let Some(i) = rest.find('<') {
        if skip.is_none() {
            out.push_str(&rest[..i]);
        }
        let end = rest[i..].find('>').map_or(rest.len(), |e| i + e + 1);
        let tag = &rest[i..end];
        match skip {
            Some(close) if tag.starts_with(close) => skip = None,
            None if tag.starts_with("<bdi") => skip = Some("</bdi"),
            None if tag.starts_with("<code") => skip = Some("</code"),
            _ => {}
        }
        out.push(' ');
        rest = &rest[end..];
    }
    out.push_str(rest);
    // Data isolated inside a message (FSI ... PDI) is not interface either.
    let mut kept = String::with_capacity(out.len());
    let mut inside = false;
    for c in out.chars() {
        match c {
            '\u{2068}' => inside = true,
            '\u{2069}' if inside => inside = false,
            c if !inside => kept.push(c),
            _ => {}
        }
    }
    kept.split_whitespace()
        .filter(|w| {
            !w.trim_start_matches(['(', '«', '\u{2066}'])
                .starts_with(|c: char| c.is_ascii_uppercase())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

macro_rules! get_in {
    ($app:expr, $uri:expr, $lang:expr) => {{
        let req = web_test::TestRequest::get()
            .uri(&$uri)
            .insert_header((header::ACCEPT_LANGUAGE, $lang))
            .to_request();
        let resp = web_test::call_service(&$app, req).await;
        let status = resp.status();
        let headers = resp.headers().clone();
        let body = web_test::read_body(resp).await;
        (status, headers, String::from_utf8(body.to_vec()).unwrap())
    }};
}

#[actix_web::test]
async fn public_pages_read_in_persian_and_arabic() {
    let path = root().join("../../fixtures/karl-mala-2005.trf");
    let t = read_trf(&std::fs::read(path).unwrap()).unwrap().tournament;
    let db = TestDb::sqlite();
    let id = {
        let mut conn = db.pool.get().unwrap();
        create_tournament(&mut conn, &t, None, &Actor::system("test"), "import").unwrap()
    };
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let en = catalogue("en");
    let pages = [
        "/".to_owned(),
        format!("/tournaments/{id}"),
        format!("/tournaments/{id}/rounds/1"),
        format!("/tournaments/{id}/standings"),
        format!("/tournaments/{id}/crosstable"),
        format!("/tournaments/{id}/players/1"),
        format!("/tournaments/{id}/players/200"),
        format!("/tournaments/{id}/rounds/5/print"),
        format!("/tournaments/{id}/rounds/5/sheets"),
    ];
    for lang in ["fa", "ar"] {
        let theirs = catalogue(lang);
        for page in &pages {
            let (status, headers, html) = get_in!(app, page, lang);
            assert_eq!(status, StatusCode::OK, "{lang} {page}");
            assert!(
                html.contains(&format!("<html lang=\"{lang}\" dir=\"rtl\">")),
                "{lang} {page}: no lang and dir"
            );
            assert!(
                headers
                    .get(header::VARY)
                    .is_some_and(|v| v.to_str().unwrap().contains("Accept-Language")),
                "{page}: no Vary"
            );
            let text = interface_text(&html);
            // No English interface word: no English message that the language says otherwise.
            for (id, english) in &en {
                let words: String = english.chars().filter(|c| c.is_alphabetic()).collect();
                if words.len() < 3 || theirs.get(id) == Some(english) || english.contains('{') {
                    continue;
                }
                assert!(
                    !text.contains(english.as_str()),
                    "{lang} {page}: English «{english}» ({id}) in {text}"
                );
            }
            // Locale digits only.
            let latin: Vec<&str> = text
                .split_whitespace()
                .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
                .collect();
            assert!(latin.is_empty(), "{lang} {page}: Latin digits in {latin:?}");
        }
    }
    // Karl-Mala-Gedenkturnier 2005, 28 to 31 July 2005, on its Persian page.
    let (_, _, fa) = get_in!(app, format!("/tournaments/{id}"), "fa");
    assert!(fa.contains("۶ تا ۹ مرداد ۱۳۸۴"), "{fa}");
    // The English page is as it was.
    let (_, _, html) = get_in!(app, format!("/tournaments/{id}"), "en-US,en;q=0.9");
    assert!(html.contains("<html lang=\"en\" dir=\"ltr\">"));
    let stored = format!(
        "{} – {}",
        t.start_date.as_deref().unwrap(),
        t.end_date.as_deref().unwrap()
    );
    assert!(
        html.contains("Rounds &#38; players") && html.contains(&stored),
        "{stored} {}",
        &html[html.find("class=\"sub\"").unwrap_or(0)..][..300]
    );
    // Each language is its own version of the page.
    let (_, fa_headers, _) = get_in!(app, format!("/tournaments/{id}/standings"), "fa");
    let (_, en_headers, _) = get_in!(app, format!("/tournaments/{id}/standings"), "en");
    assert_ne!(fa_headers.get(header::ETAG), en_headers.get(header::ETAG));
}

#[actix_web::test]
async fn the_switch_keeps_the_language_and_goes_back_to_this_site_only() {
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let req = web_test::TestRequest::get()
        .uri("/language?lang=fa&back=/tournaments")
        .to_request();
    let resp = web_test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        resp.headers().get(header::LOCATION).unwrap(),
        "/tournaments"
    );
    let cookie = resp
        .response()
        .cookies()
        .find(|c| c.name() == "lang")
        .expect("the lang cookie");
    assert_eq!(cookie.value(), "fa");
    // The page then reads in Persian, whatever the browser asks for.
    let req = web_test::TestRequest::get()
        .uri("/")
        .cookie(cookie.into_owned())
        .insert_header((header::ACCEPT_LANGUAGE, "en"))
        .to_request();
    let body = web_test::read_body(web_test::call_service(&app, req).await).await;
    assert!(String::from_utf8_lossy(&body).contains("<html lang=\"fa\" dir=\"rtl\">"));
    for evil in [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
    ] {
        let req = web_test::TestRequest::get()
            .uri(&format!("/language?lang=ar&back={}", urlencode(evil)))
            .to_request();
        let resp = web_test::call_service(&app, req).await;
        assert_eq!(resp.headers().get(header::LOCATION).unwrap(), "/", "{evil}");
    }
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}
