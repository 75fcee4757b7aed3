//! The pages in the readers' languages (crate::l10n): the catalogues are complete and used, and
//! the public pages (the list, a tournament, a round, standings, crosstable, player cards, the printed pairing
//! list and result sheet, the games of a round and a game with its replay report) read in Persian and
//! Arabic right to left, without an English interface word and with locale digits, the Persian dates
//! in the Solar Hijri calendar, moves in the reader's piece letters.

use std::collections::BTreeSet;

use actix_web::http::{StatusCode, header};
use actix_web::test as web_test;
use arbiter_db::games::store_game_score;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::pgn_event::{check_score, read_pgn_event};
use arbiter_tournament::read_trf;
use arbiter_web::Config;

const LANGS: [&str; 3] = ["en", "fa", "ar"];

use crate::l10n_common::{catalogue, reads_in, root};

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
            reads_in(lang, page, &html, &en, &theirs);
        }
    }
    // Karl-Mala-Gedenkturnier 2005, 28 to 31 July 2005, on its Persian page.
    let (_, _, fa) = get_in!(app, format!("/tournaments/{id}"), "fa");
    assert!(fa.contains("۶ تا ۹ مرداد ۱۳۸۴"), "{fa}");
    // The English page writes the dates in TRF's form, `YYYY/MM/DD` (the file's `28. 07. 2005`
    // is stored as a date since issue #19, no longer as the file's text).
    let (_, _, html) = get_in!(app, format!("/tournaments/{id}"), "en-US,en;q=0.9");
    assert!(html.contains("<html lang=\"en\" dir=\"ltr\">"));
    let stored = format!(
        "{} – {}",
        t.start_date.unwrap().trf(),
        t.end_date.unwrap().trf()
    );
    assert_eq!(stored, "2005/07/28 – 2005/07/31");
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

/// [`reads_in`] with the catalogues, and the page varies by language (`Vary`).
fn assert_reads_in(lang: &str, page: &str, headers: &header::HeaderMap, html: &str) {
    assert!(
        headers
            .get(header::VARY)
            .is_some_and(|v| v.to_str().unwrap().contains("Accept-Language")),
        "{page}: no Vary"
    );
    reads_in(lang, page, html, &catalogue("en"), &catalogue(lang));
}

macro_rules! get_with {
    ($app:expr, $uri:expr, $lang:expr, $cookies:expr) => {{
        let mut req = web_test::TestRequest::get()
            .uri(&$uri)
            .insert_header((header::ACCEPT_LANGUAGE, $lang));
        for (name, value) in $cookies {
            req = req.cookie(actix_web::cookie::Cookie::new(name, value));
        }
        let resp = web_test::call_service(&$app, req.to_request()).await;
        let status = resp.status();
        let headers = resp.headers().clone();
        let body = web_test::read_body(resp).await;
        (status, headers, String::from_utf8(body.to_vec()).unwrap())
    }};
}

/// The demo games (ch-CHN 2025) imported; the tournament's id and the id of round 2 board 1
/// (Xie Jianjun - Dai Changren, 0-1, 43...Rf5).
fn chn_games(db: &TestDb) -> (uuid::Uuid, String) {
    let path = root().join("../../fixtures/ch-chn-2025.pgn");
    let event = read_pgn_event(&std::fs::read(path).unwrap()).unwrap();
    let mut conn = db.pool.get().unwrap();
    let id =
        arbiter_db::games::import_pgn_event(&mut conn, &event, &Actor::system("test")).unwrap();
    let rows = arbiter_db::games::tournament_games(&mut conn, id).unwrap();
    let game = rows
        .iter()
        .find(|r| r.round == 2 && r.board == Some(1))
        .expect("round 2 board 1")
        .id
        .clone();
    (id, game)
}

/// The moves of a page's move list, each as its `<bdi dir="ltr">` holds it, without the
/// left-to-right marks around Persian and Arabic letters.
fn listed_moves(html: &str) -> Vec<String> {
    let list = &html[html.find("<ol class=\"moves").expect("a move list")..];
    let list = &list[..list.find("</ol>").unwrap()];
    list.split("<bdi dir=\"ltr\">")
        .skip(1)
        .map(|m| m[..m.find("</bdi>").unwrap()].replace('\u{200E}', ""))
        .collect()
}

#[actix_web::test]
async fn game_pages_read_in_persian_and_arabic_with_their_own_piece_letters() {
    let db = TestDb::sqlite();
    let (id, game) = chn_games(&db);
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let pages = [
        format!("/tournaments/{id}/games"),
        format!("/tournaments/{id}/rounds/2/games"),
        format!("/tournaments/{id}/games/{game}"),
        format!("/tournaments/{id}/games/{game}?ply=0"),
        format!("/tournaments/{id}/games/{game}?ply=3"),
    ];
    for lang in ["fa", "ar"] {
        for page in &pages {
            let (status, headers, html) = get_in!(app, page, lang);
            assert_eq!(status, StatusCode::OK, "{lang} {page}");
            assert_reads_in(lang, page, &headers, &html);
        }
    }
    let page = format!("/tournaments/{id}/games/{game}");
    // Persian: Persian letters (E.2), ranks in Persian digits (E.5), files a-h (E.4); every move
    // isolated left to right.
    let (_, fa_headers, fa) = get_in!(app, page, "fa");
    // Left-to-right marks keep a letter from joining the digits around it in a right-to-left
    // run (٤٣...رf٥ would read ر...٤٣f٥).
    assert!(
        fa.contains("<bdi dir=\"ltr\">\u{200E}ر\u{200E}f۵</bdi>"),
        "{fa}"
    );
    let fa = fa.replace('\u{200E}', "");
    let moves = listed_moves(&fa);
    assert_eq!(moves.len(), 86);
    assert_eq!(moves[0], "e۴");
    // The knight is «اس» (the glossary's «ا / اس»): a lone alef beside a file letter reads as
    // a Latin `l` («lc۳»).
    assert_eq!(moves[4], "اسc۳", "3. Nc3");
    assert_eq!(moves[9], "O-O", "5...O-O");
    assert_eq!(moves[85], "رf۵", "43...Rf5");
    assert!(
        fa.contains("پوزیسیون پس از <bdi dir=\"ltr\">۴۳...رf۵</bdi>"),
        "{fa}"
    );
    // The diagram: its description in Persian with the same letters, its ranks in Persian digits.
    assert!(fa.contains("سفید: ش"), "{fa}");
    assert!(fa.contains(">۸</text>") && !fa.contains(">8</text>"));
    assert!(fa.contains(">a</text>"), "files stay a-h");
    assert!(fa.contains("class=\"moves numbers-persian\""));
    // Arabic: Arabic letters, Arabic-Indic digits.
    let (_, _, ar) = get_in!(app, page, "ar");
    let ar = ar.replace('\u{200E}', "");
    let moves = listed_moves(&ar);
    assert_eq!(moves[0], "e٤");
    assert_eq!(moves[4], "حc٣");
    assert_eq!(moves[85], "رf٥");
    assert!(ar.contains("<bdi dir=\"ltr\">٤٣...رf٥</bdi>"), "{ar}");
    // English letters by choice: the international form, as PGN writes it.
    let (_, en_letters_headers, fa_en) = get_with!(app, page, "fa", [("pieces", "en")]);
    let moves = listed_moves(&fa_en);
    assert_eq!(moves[0], "e4");
    assert_eq!(moves[4], "Nc3");
    assert_eq!(moves[85], "Rf5");
    assert!(fa_en.contains("<bdi dir=\"ltr\">۴۳...Rf5</bdi>"), "{fa_en}");
    // Figurines by choice, each side's own, ranks in the reader's digits.
    let (_, figurine_headers, fa_fig) = get_with!(app, page, "fa", [("pieces", "figurine")]);
    let moves = listed_moves(&fa_fig);
    assert_eq!(moves[4], "♘c۳");
    assert_eq!(moves[85], "♜f۵");
    let (_, _, ar_fig) = get_with!(app, page, "ar", [("pieces", "figurine")]);
    assert_eq!(listed_moves(&ar_fig)[85], "♜f٥");
    // Latin digits by choice keep the letters.
    let (_, _, fa_latn) = get_with!(app, page, "fa", [("digits", "latn")]);
    assert_eq!(listed_moves(&fa_latn)[85], "رf5");
    // English readers: English letters by default, figurines by choice.
    let (_, en_headers, en) = get_in!(app, page, "en");
    assert_eq!(listed_moves(&en)[85], "Rf5");
    assert!(en.contains("Position after 43...Rf5"), "{en}");
    let (_, _, en_fig) = get_with!(app, page, "en", [("pieces", "figurine")]);
    assert_eq!(listed_moves(&en_fig)[4], "♘c3");
    // The switch on the page offers the other choices.
    assert!(fa.contains("/language?pieces=en&amp;back="), "{fa}");
    assert!(fa.contains("/language?pieces=figurine&amp;back="));
    // Each choice is its own version of the page.
    let etags: BTreeSet<String> = [
        &fa_headers,
        &en_letters_headers,
        &figurine_headers,
        &en_headers,
    ]
    .iter()
    .map(|h| h.get(header::ETAG).unwrap().to_str().unwrap().to_owned())
    .collect();
    assert_eq!(etags.len(), 4, "{etags:?}");
    // The export stays PGN: English letters, ASCII digits, whatever the reader chose.
    for pieces in ["local", "figurine"] {
        let (status, _, pgn) = get_with!(
            app,
            format!("{page}/export.pgn"),
            "fa",
            [("pieces", pieces), ("lang", "fa")]
        );
        assert_eq!(status, StatusCode::OK);
        assert!(
            pgn.contains("3. Nc3 d6") && pgn.contains("43. Kh2 Rf5 0-1"),
            "{pgn}"
        );
        assert!(!pgn.contains('ا') && !pgn.contains('۵') && !pgn.contains('♜'));
    }
}

#[actix_web::test]
async fn the_replay_report_reads_in_persian_and_arabic_and_as_stored_in_english() {
    let path = root().join("../../fixtures/karl-mala-2005.trf");
    let t = read_trf(&std::fs::read(path).unwrap()).unwrap().tournament;
    let db = TestDb::sqlite();
    let id = {
        let mut conn = db.pool.get().unwrap();
        create_tournament(&mut conn, &t, None, &Actor::system("test"), "import").unwrap()
    };
    let games = {
        let mut conn = db.pool.get().unwrap();
        arbiter_db::round_games(&mut conn, id, 1).unwrap()
    };
    // One score for each kind of verdict, with what the Persian and Arabic pages must say.
    let scores = [
        // 2. Ke3: the king cannot go two squares (Art. 3.8).
        (
            "1. e4 e5 2. Ke3 Nc6 *",
            ["شاه سفید", "ملك أبيض"],
            ["ماده ۳٫۸", "المادة ٣٫٨"],
        ),
        // 3. Nd2: the knights of b1 and f3 both reach d2 (Appendix E.9).
        (
            "1. Nf3 d5 2. d3 e5 3. Nd2 *",
            ["مبهم", "ملتبسة"],
            ["اسbd۲", "حbd٢"],
        ),
        // The Fool's mate scored 1-0 (Art. 5.1(a)).
        (
            "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0",
            ["کیش و مات", "كش مات"],
            ["ماده ۵٫۱(الف)", "المادة ٥٫١(أ)"],
        ),
        // A move after the mate.
        (
            "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1",
            ["تمام شده بود", "قد انتهت"],
            ["۳. a۳", "٣. a٣"],
        ),
        // Threefold repetition: draw claims (Art. 9.2).
        (
            "[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2",
            ["ادعای تساوی", "طلب التعادل"],
            ["ماده ۹٫۲(الف)", "المادة ٩٫٢(أ)"],
        ),
        // Not notation at all (Appendix E).
        (
            "1. e4 xyz *",
            ["نمادگذاری جبری", "بالطريقة الجبرية"],
            ["پیوست E", "الملحق E"],
        ),
    ];
    let mut pages = Vec::new();
    for (i, (pgn, _, _)) in scores.iter().enumerate() {
        let (pgn, report) = check_score(&format!("[White \"x\"]\n[Black \"y\"]\n{pgn}")).unwrap();
        let gid = uuid::Uuid::parse_str(&games[i].id).unwrap();
        let mut conn = db.pool.get().unwrap();
        store_game_score(&mut conn, gid, &pgn, &report, &Actor::system("arbiter")).unwrap();
        pages.push((format!("/tournaments/{id}/games/{gid}"), report));
    }
    assert!(pages[4].1.claims.len() >= 2, "the repetition's claims");
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    for ((page, report), (_, words, articles)) in pages.iter().zip(&scores) {
        // English: the rules core's sentences as stored, word for word.
        let (_, _, en) = get_in!(app, page, "en");
        assert!(en.contains(&report.message), "{}\n{en}", report.message);
        for c in &report.claims {
            let claim = format!(
                "{} could claim after half-move {} (Art. {})",
                c.claimant, c.ply, c.article
            );
            assert!(en.contains(&claim), "{claim}\n{en}");
        }
        if let Some(c) = &report.contradiction {
            assert!(en.contains(&format!("<dt>Result contradicted</dt><dd>{c}</dd>")));
        }
        for (k, lang) in ["fa", "ar"].into_iter().enumerate() {
            let (_, headers, html) = get_in!(app, page, lang);
            assert_reads_in(lang, page, &headers, &html);
            let html = html.replace('\u{200E}', "");
            // Worded from the enums, not the stored English shown as a fallback.
            assert!(!html.contains("<bdi lang=\"en\""), "{lang} {page}: {html}");
            assert!(
                html.contains(words[k]),
                "{lang} {page}: {} in {html}",
                words[k]
            );
            assert!(
                html.contains(articles[k]),
                "{lang} {page}: {} in {html}",
                articles[k]
            );
        }
    }
    // The first bad move in the reader's letters: 2. Ke3 is 2. شe۳ in Persian.
    let (_, _, fa) = get_in!(app, pages[0].0, "fa");
    let fa = fa.replace('\u{200E}', "");
    assert!(
        fa.contains("حرکت ۲ (سفید): <bdi dir=\"ltr\">شe۳</bdi>، نیم‌حرکت ۳"),
        "{fa}"
    );
    let (_, _, en) = get_in!(app, pages[0].0, "en");
    assert!(en.contains("move 2 (White): Ke3, half-move 3"), "{en}");
    assert!(
        en.contains(
            "<dt>Verdict</dt><dd class=\"status-illegal_move\">illegal move (Art. 3.8)</dd>"
        ),
        "{en}"
    );
}

#[actix_web::test]
async fn the_piece_switch_keeps_its_choice_and_goes_back_to_this_site_only() {
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let switch = |query: &str| {
        web_test::TestRequest::get()
            .uri(&format!("/language?{query}"))
            .to_request()
    };
    for (value, kept) in [
        ("en", Some("en")),
        ("figurine", Some("figurine")),
        ("local", Some("")),
    ] {
        let resp =
            web_test::call_service(&app, switch(&format!("pieces={value}&back=/tournaments")))
                .await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        assert_eq!(
            resp.headers().get(header::LOCATION).unwrap(),
            "/tournaments"
        );
        let cookie = resp.response().cookies().find(|c| c.name() == "pieces");
        assert_eq!(
            cookie.as_ref().map(actix_web::cookie::Cookie::value),
            kept,
            "{value}"
        );
        if value == "local" {
            // Back to the language's own letters: the cookie is removed.
            assert_eq!(
                cookie.unwrap().max_age(),
                Some(actix_web::cookie::time::Duration::ZERO)
            );
        }
    }
    // Anything else sets nothing; the way back stays on this site.
    let resp = web_test::call_service(&app, switch("pieces=runes&back=//evil.example/")).await;
    assert_eq!(resp.headers().get(header::LOCATION).unwrap(), "/");
    assert!(resp.response().cookies().all(|c| c.name() != "pieces"));
}
