//! The organizer's pages in the readers' languages: an organizer runs an event in Persian
//! and in Arabic; the event's and the account's language.

use actix_web::http::{StatusCode, header};
use actix_web::test as web_test;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;

use crate::l10n_common::{catalogue, reads_in};

/// One organizer's request in `lang`, with the session cookie of `jar`.
async fn organizer_in<S, B>(
    app: &S,
    jar: &mut arbiter_web::testing::Jar,
    lang: &str,
    req: web_test::TestRequest,
) -> arbiter_web::testing::Page
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    arbiter_web::testing::call(app, jar, req.insert_header((header::ACCEPT_LANGUAGE, lang))).await
}

/// The value of the first input named `name` on a page.
fn input(body: &str, name: &str) -> String {
    let key = format!("name=\"{name}\" value=\"");
    let start = body.find(&key).unwrap_or_else(|| panic!("no input {name}")) + key.len();
    body[start..]
        .split('"')
        .next()
        .unwrap()
        .replace("&#x2f;", "/")
        .replace("&#38;", "&")
        .replace("&amp;", "&")
}

/// An organizer whose browser asks for Persian (then Arabic) creates an event, registers
/// players, pairs and publishes a round, and reads every organizer page and refusal in that
/// language: no English interface word, locale digits, right to left.
#[actix_web::test]
async fn the_organizer_runs_an_event_in_persian_and_arabic() {
    use arbiter_web::testing::{Jar, form, get};
    let en = catalogue("en");
    for lang in ["fa", "ar"] {
        let theirs = catalogue(lang);
        let db = TestDb::sqlite();
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        macro_rules! page {
            ($req:expr) => {
                organizer_in(&app, &mut b, lang, $req).await
            };
        }
        let p = page!(get("/signup"));
        reads_in(lang, "/signup", &p.body, &en, &theirs);
        // A refusal of the sign-up form, in the reader's language.
        let short = page!(form(
            "/signup",
            &[
                ("email", "org@example.org"),
                ("password", "short"),
                ("csrf", &input(&p.body, "csrf")),
            ]
        ));
        assert_eq!(short.status, StatusCode::BAD_REQUEST);
        reads_in(lang, "/signup (refused)", &short.body, &en, &theirs);
        let p = page!(get("/signup"));
        let done = page!(form(
            "/signup",
            &[
                ("email", "org@example.org"),
                ("password", "0123456789ab"),
                ("csrf", &input(&p.body, "csrf")),
            ]
        ));
        assert_eq!(done.status, StatusCode::SEE_OTHER);
        let p = page!(get("/tournaments/new"));
        reads_in(lang, "/tournaments/new", &p.body, &en, &theirs);
        let csrf = input(&p.body, "csrf");
        let calendar = input(&p.body, "calendar");
        assert_eq!(calendar, if lang == "fa" { "persian" } else { "gregory" });
        // A bad field: the form again, its message in the reader's language.
        let bad = page!(form(
            "/tournaments/new",
            &[
                ("csrf", &csrf),
                ("name", "Test"),
                ("start_date", "31/12/2026")
            ]
        ));
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        reads_in(lang, "/tournaments/new (refused)", &bad.body, &en, &theirs);
        // Beside the field (issue #22): the field described by the message right after it.
        let field = "aria-describedby=\"error-start_date\"></label>";
        let message = "<span class=\"field-error\" id=\"error-start_date\">";
        assert!(
            bad.body.contains(&format!("{field}{message}")),
            "{}",
            bad.body
        );
        assert!(bad.body.contains("<a href=\"#field-start_date\">"));
        let made = page!(form(
            "/tournaments/new",
            &[
                ("csrf", &csrf),
                ("name", "جام فجر"),
                ("rounds_planned", "5"),
                // Typed in the calendar the page shows (fa: Solar Hijri, 10 Esfand 1404).
                ("calendar", &calendar),
                (
                    "start_date",
                    if lang == "fa" {
                        "۱۴۰۴/۱۲/۱۰"
                    } else {
                        "2026-03-01"
                    }
                ),
            ]
        ));
        assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
        let manage = made.location.clone();
        let id = manage.split('/').nth(2).unwrap().to_owned();
        for (name, rating) in [
            ("رضایی، علی", "2301"),
            ("Karimi, Sara", "2250"),
            ("حسینی، مریم", "2105"),
            ("Ahmadi, Reza", "1987"),
        ] {
            let p = page!(get(&manage));
            let r = page!(form(
                &format!("/tournaments/{id}/players"),
                &[
                    ("csrf", &input(&p.body, "csrf")),
                    ("name", name),
                    ("rating", rating)
                ]
            ));
            assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        }
        let p = page!(get(&manage));
        reads_in(lang, &manage, &p.body, &en, &theirs);
        assert!(
            p.body.contains("۲۳۰۱") || p.body.contains("٢٣٠١"),
            "{}",
            p.body
        );
        // A bad player: the manage page again, the refusal in the reader's language.
        let r = page!(form(
            &format!("/tournaments/{id}/players"),
            &[
                ("csrf", &input(&p.body, "csrf")),
                ("name", "X"),
                ("federation", "GERMANY")
            ]
        ));
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        reads_in(lang, "register (refused)", &r.body, &en, &theirs);
        let p = page!(get(&format!("/tournaments/{id}/edit")));
        reads_in(lang, "edit", &p.body, &en, &theirs);
        // 1 March 2026 either way: the settings show it in the reader's calendar.
        let shown = input(&p.body, "start_date");
        assert_eq!(
            shown,
            if lang == "fa" {
                "۱۴۰۴/۱۲/۱۰"
            } else {
                "2026-03-01"
            }
        );
        let pair = page!(get(&format!("/tournaments/{id}/pair")));
        reads_in(lang, "pair", &pair.body, &en, &theirs);
        // The pairing changed by hand (board 1's colours and the next two boards' opponents
        // swapped): the checker's warnings, worded in the reader's language, to be confirmed.
        let engine = input(&pair.body, "engine");
        let boards: Vec<Vec<&str>> = engine
            .lines()
            .map(|l| l.split_whitespace().collect())
            .collect();
        let by_hand = format!(
            "{} {}\n{} {}\n",
            boards[0][1], boards[0][0], boards[1][0], boards[1][1]
        );
        let review = page!(form(
            &format!("/tournaments/{id}/pair"),
            &[
                ("csrf", &input(&pair.body, "csrf")),
                ("round", &input(&pair.body, "round")),
                ("seen", &input(&pair.body, "seen")),
                ("engine", &engine),
                ("pairing", &by_hand),
            ]
        ));
        assert_eq!(review.status, StatusCode::OK, "{}", review.body);
        assert!(review.body.contains("name=\"confirm\""), "{}", review.body);
        reads_in(lang, "pair (changed by hand)", &review.body, &en, &theirs);
        let stored = page!(form(
            &format!("/tournaments/{id}/pair"),
            &[
                ("csrf", &input(&pair.body, "csrf")),
                ("round", &input(&pair.body, "round")),
                ("seen", &input(&pair.body, "seen")),
                ("engine", &input(&pair.body, "engine")),
                ("pairing", &input(&pair.body, "engine")),
            ]
        ));
        assert_eq!(stored.status, StatusCode::SEE_OTHER, "{}", stored.body);
        let p = page!(get(&stored.location));
        reads_in(lang, "round admin", &p.body, &en, &theirs);
        let published = page!(form(
            &format!("/tournaments/{id}/rounds/1/publish"),
            &[("csrf", &input(&p.body, "csrf"))]
        ));
        assert_eq!(published.status, StatusCode::SEE_OTHER);
        for page in [
            manage.clone(),
            format!("/tournaments/{id}/pair/explain"),
            format!("/tournaments/{id}/audit"),
            "/account".to_owned(),
        ] {
            let p = page!(get(&page));
            assert_eq!(p.status, StatusCode::OK, "{page}");
            reads_in(lang, &page, &p.body, &en, &theirs);
        }
        // A query the parser refuses: the sentence in the reader's language, the parser's
        // words isolated.
        let unreadable = page!(get(&format!("/tournaments/{id}/standings?after=many")));
        assert_eq!(unreadable.status, StatusCode::BAD_REQUEST);
        reads_in(lang, "bad query", &unreadable.body, &en, &theirs);
        assert!(
            unreadable.body.contains(&theirs["field-query"]),
            "{}",
            unreadable.body
        );
        // Pages and problems that do not exist, in the reader's language.
        let missing = page!(get(&format!("/tournaments/{id}/rounds/9/pairing")));
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        reads_in(lang, "404", &missing.body, &en, &theirs);
        let problem = page!(get(
            "/api/v1/tournaments/00000000-0000-0000-0000-000000000000"
        ));
        assert_eq!(problem.status, StatusCode::NOT_FOUND);
        let json: serde_json::Value = serde_json::from_str(&problem.body).unwrap();
        let detail = json["detail"].as_str().unwrap();
        assert!(
            detail.contains(if lang == "fa" {
                "یافت نشد"
            } else {
                "لم يُعثر"
            }),
            "{detail}"
        );
        assert_eq!(
            json["title"].as_str(),
            theirs.get("status-404").map(String::as_str)
        );
    }
}

/// The organizer's language for an event's public pages stands in for the browser's, below
/// the reader's own choice; an account keeps its holder's choice (made on the account page)
/// and brings it back on the next sign-in, in another browser.
#[actix_web::test]
async fn the_event_and_the_account_keep_their_language() {
    use arbiter_web::testing::{Jar, form, get};
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let mut b = Jar(None);
    macro_rules! page {
        ($req:expr) => {
            arbiter_web::testing::call(&app, &mut b, $req).await
        };
    }
    let p = page!(get("/signup"));
    let r = page!(form(
        "/signup",
        &[
            ("email", "org@example.org"),
            ("password", "0123456789ab"),
            ("csrf", &input(&p.body, "csrf")),
        ]
    ));
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let p = page!(get("/tournaments/new"));
    let made = page!(form(
        "/tournaments/new",
        &[("csrf", &input(&p.body, "csrf")), ("name", "Fajr Open")]
    ));
    let id = made.location.split('/').nth(2).unwrap().to_owned();
    let edit = page!(get(&format!("/tournaments/{id}/edit")));
    assert!(edit.body.contains("name=\"language\""), "{}", edit.body);
    let fields = |language: &str| {
        vec![
            ("csrf".to_owned(), input(&edit.body, "csrf")),
            ("seen".to_owned(), input(&edit.body, "seen")),
            ("name".to_owned(), "Fajr Open".to_owned()),
            ("time_zone".to_owned(), "Asia/Tehran".to_owned()),
            ("language".to_owned(), language.to_owned()),
        ]
    };
    let refused = page!(
        web_test::TestRequest::post()
            .uri(&format!("/tournaments/{id}/edit"))
            .set_form(fields("klingon"))
    );
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(refused.body.contains("klingon"), "{}", refused.body);
    let saved = page!(
        web_test::TestRequest::post()
            .uri(&format!("/tournaments/{id}/edit"))
            .set_form(fields("fa"))
    );
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    // A reader whose browser asks for English, who has chosen nothing: the event's Persian.
    let (_, _, html) = get_in!(app, format!("/tournaments/{id}"), "en-US,en;q=0.9");
    assert!(html.contains("<html lang=\"fa\" dir=\"rtl\">"), "{html}");
    // A reader who chose English: English.
    let req = web_test::TestRequest::get()
        .uri(&format!("/tournaments/{id}"))
        .insert_header((header::COOKIE, "lang=en"))
        .to_request();
    let resp = web_test::call_service(&app, req).await;
    let body = String::from_utf8(web_test::read_body(resp).await.to_vec()).unwrap();
    assert!(body.contains("<html lang=\"en\" dir=\"ltr\">"));
    // The organizer chooses Arabic on the account page (the switch at the top of the pages
    // keeps it in this browser only: a link changes nothing stored): kept in the account.
    let account = page!(get("/account"));
    let r = page!(form(
        "/language",
        &[
            ("lang", "ar"),
            ("back", "/account"),
            ("csrf", &input(&account.body, "csrf")),
        ]
    ));
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    // Another browser: signing in brings the account's language back as a cookie.
    let signin = web_test::call_service(&app, get("/signin").to_request()).await;
    let session = signin
        .headers()
        .get(header::SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let body = String::from_utf8(web_test::read_body(signin).await.to_vec()).unwrap();
    let req = form(
        "/signin",
        &[
            ("email", "org@example.org"),
            ("password", "0123456789ab"),
            ("csrf", &input(&body, "csrf")),
        ],
    )
    .insert_header((header::COOKIE, session))
    .to_request();
    let resp = web_test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let cookies: Vec<_> = resp
        .headers()
        .get_all(header::SET_COOKIE)
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    assert!(
        cookies.iter().any(|c| c.starts_with("lang=ar")),
        "{cookies:?}"
    );
}
