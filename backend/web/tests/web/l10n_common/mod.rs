//! What the tests of the pages in the readers' languages share: the catalogues, the text a
//! reader sees, and the check that a page reads in Persian or Arabic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A `GET` of `$uri` with `Accept-Language: $lang`: status, headers, body (in scope in every module
/// declared after this one: `main.rs` declares it first, with `#[macro_use]`).
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

/// The web crate's folder.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The messages of one language: id -> the text of its value (one line each).
pub fn catalogue(lang: &str) -> BTreeMap<String, String> {
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

/// The text a reader sees, without what is data rather than interface: names and places in
/// `<bdi>` or between FSI and PDI, commands in `<code>`, form input in `<textarea>`, and codes that start with a Latin capital (C.07, BH/C1, FIDE).
pub fn interface_text(html: &str) -> String {
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
            // What a form holds is the user's input, not interface.
            None if tag.starts_with("<textarea") => skip = Some("</textarea"),
            _ => {}
        }
        out.push(' ');
        rest = &rest[end..];
    }
    out.push_str(rest);
    // Data isolated inside a message (FSI ... PDI, LRI ... PDI) is not interface either.
    let mut kept = String::with_capacity(out.len());
    let mut inside = false;
    for c in out.chars() {
        match c {
            '\u{2068}' | '\u{2066}' => inside = true,
            '\u{2069}' if inside => inside = false,
            c if !inside => kept.push(c),
            _ => {}
        }
    }
    kept.split_whitespace()
        .filter(|w| {
            !w.trim_start_matches(['(', '«'])
                .starts_with(|c: char| c.is_ascii_uppercase())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Fails unless `html`, a page in `lang`, says `lang` and `rtl`, shows no English interface
/// message of `en` (unless the language's catalogue `theirs` says the same) and no lowercase
/// Latin word, and writes its interface numbers in the language's digits.
pub fn reads_in(
    lang: &str,
    page: &str,
    html: &str,
    en: &BTreeMap<String, String>,
    theirs: &BTreeMap<String, String>,
) {
    assert!(
        html.contains(&format!("<html lang=\"{lang}\" dir=\"rtl\">")),
        "{lang} {page}: no lang and dir"
    );
    let text = interface_text(html);
    // No English interface word: no English message that the language says otherwise.
    for (id, english) in en {
        let words: String = english.chars().filter(|c| c.is_alphabetic()).collect();
        if words.len() < 3 || theirs.get(id) == Some(english) || english.contains('{') {
            continue;
        }
        assert!(
            !text.contains(english.as_str()),
            "{lang} {page}: English «{english}» ({id}) in {text}"
        );
    }
    // Nor any other English word (codes start with a capital; data and commands are isolated).
    let english: Vec<&str> = text
        .split_whitespace()
        .filter(|w| !w.starts_with('&') && w.chars().filter(char::is_ascii_lowercase).count() >= 2)
        .collect();
    assert!(
        english.is_empty(),
        "{lang} {page}: English words {english:?} in {text}"
    );
    // Locale digits only.
    let latin: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .collect();
    assert!(latin.is_empty(), "{lang} {page}: Latin digits in {latin:?}");
}
