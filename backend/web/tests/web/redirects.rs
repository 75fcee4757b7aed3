//! Redirects built from what the client sent (issue #45): a `back=` goes to a path on this site
//! or to the handler's own page, never to another site and never to a `500` (a line break, a
//! tab, a NUL or a non-ASCII letter in a `Location` header); `GET /language` changes nothing
//! stored, `POST /language` (CSRF-checked, from the account page) keeps the account's language.
//! On SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, form, get};

/// Targets a browser would follow off the site, or that no header can carry, percent-encoded
/// as a query or form would carry them.
const HOSTILE: &[&str] = &[
    "/%09/evil.example",
    "/%0A/x",
    "/%0D/x",
    "/%0D%0ASet-Cookie:%20a=b",
    "/%00/x",
    "/x%09y",
    "/%C3%A9t%C3%A9",
    "//evil.example/",
    "/%5Cevil.example",
    "/%5C/evil.example",
    "%2F%2Fevil.example",
    "https://evil.example/",
    "%20/evil",
    "evil.example",
    "",
];

/// The `Location` of a response (a value that is not visible ASCII must still show).
fn location<B>(resp: &actix_web::dev::ServiceResponse<B>) -> String {
    resp.headers()
        .get(header::LOCATION)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        .unwrap_or_default()
}

#[actix_web::test]
async fn the_language_switch_goes_back_to_this_site_only_and_never_fails() {
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    for back in HOSTILE {
        let req = test::TestRequest::get()
            .uri(&format!("/language?lang=fa&back={back}"))
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{back}");
        assert_eq!(location(&resp), "/", "{back}");
    }
    // A path of this site, with its query, comes back as it is.
    let req = test::TestRequest::get()
        .uri("/language?lang=fa&back=%2Ftournaments%3Fq%3D%25D8%25B9%26sort%3Dname")
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(location(&resp), "/tournaments?q=%D8%B9&sort=name");
}

/// Signs up `email` in `jar`, creates a tournament with one player; its id and the CSRF token.
async fn organizer_with_a_player<S, B>(app: &S, jar: &mut Jar, email: &str) -> (String, String)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let p = call(app, jar, get("/signup")).await;
    let csrf = csrf_of(&p.body);
    let fields = [
        ("email", email),
        ("password", "0123456789ab"),
        ("csrf", &csrf),
    ];
    let r = call(app, jar, form("/signup", &fields)).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let p = call(app, jar, get("/tournaments/new")).await;
    let csrf = csrf_of(&p.body);
    let fields = [("csrf", csrf.as_str()), ("name", "Open")];
    let r = call(app, jar, form("/tournaments/new", &fields)).await;
    let id = r.location.split('/').nth(2).unwrap().to_owned();
    let fields = [("csrf", csrf.as_str()), ("name", "Doe, Jane")];
    let r = call(
        app,
        jar,
        form(&format!("/tournaments/{id}/players"), &fields),
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    (id, csrf)
}

#[actix_web::test]
async fn a_form_back_goes_to_this_tournament_only_and_never_fails() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut jar = Jar(None);
        let (id, csrf) = organizer_with_a_player(&app, &mut jar, "org@example.org").await;
        let manage = format!("/tournaments/{id}/manage");
        let own = format!("/tournaments/{id}/");
        let targets: Vec<String> = HOSTILE
            .iter()
            .map(|h| decoded(h))
            .chain([
                format!("{own}\t/evil.example"),
                format!("{own}\n"),
                format!("{own}\r\nX: y"),
                format!("{own}\0"),
                format!("{own}é"),
                format!("{own}\\evil"),
                format!("//{own}"),
            ])
            .collect();
        let routes = [
            (
                format!("/tournaments/{id}/laws-edition"),
                ("edition", "later"),
            ),
            (
                format!("/tournaments/{id}/players/1/status"),
                ("status", "withdrawn"),
            ),
        ];
        for (uri, field) in &routes {
            for back in &targets {
                let fields = [("csrf", csrf.as_str()), *field, ("back", back.as_str())];
                let mut req = form(uri, &fields);
                if let Some(c) = &jar.0 {
                    req = req.insert_header((header::COOKIE, c.clone()));
                }
                let resp = test::call_service(&app, req.to_request()).await;
                assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{uri} {back:?}");
                assert_eq!(
                    arbiter_web::testing::without_notice(&location(&resp)),
                    manage,
                    "{uri} {back:?}"
                );
            }
            // A page of this tournament is where the form came from: back there.
            let board = format!("{own}rounds/1/board?x=1#board-2");
            let fields = [("csrf", csrf.as_str()), *field, ("back", board.as_str())];
            let r = call(&app, &mut jar, form(uri, &fields)).await;
            assert_eq!(
                arbiter_web::testing::without_notice(&r.location),
                board,
                "{uri}"
            );
        }
    }
}

/// Percent-decodes `s` (the tests' hostile targets, as a form field holds them decoded).
fn decoded(s: &str) -> String {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(&format!("b={s}")).unwrap();
    pairs.into_iter().next().map(|(_, v)| v).unwrap_or_default()
}

#[actix_web::test]
async fn a_path_segment_with_a_line_break_is_never_a_500() {
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    for uri in ["/check-in/%0A", "/check-in/a%0D%0Ab", "/check-in/%00"] {
        let resp = test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await;
        assert!(resp.status().is_client_error(), "{uri}: {}", resp.status());
        let resp = test::call_service(
            &app,
            form(uri, &[("csrf", "x"), ("pairing_number", "1")]).to_request(),
        )
        .await;
        assert!(resp.status().is_client_error(), "{uri}: {}", resp.status());
    }
}

#[actix_web::test]
async fn only_a_checked_post_changes_the_accounts_language() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut jar = Jar(None);
        let p = call(&app, &mut jar, get("/signup")).await;
        let csrf = csrf_of(&p.body);
        let fields = [
            ("email", "reader@example.org"),
            ("password", "0123456789ab"),
            ("csrf", &csrf),
        ];
        call(&app, &mut jar, form("/signup", &fields)).await;
        let kept = || {
            let c = &mut db.pool.get().unwrap();
            let u = arbiter_db::accounts::user_by_email(c, "reader@example.org")
                .unwrap()
                .unwrap();
            arbiter_db::accounts::user_language(c, u.uuid().unwrap()).unwrap()
        };
        // The switch (a link any page, or another site, can make the browser follow): this
        // browser's cookie, nothing stored.
        let switch = get("/language?lang=ar&back=/account")
            .insert_header((header::COOKIE, jar.0.clone().unwrap()))
            .to_request();
        let resp = test::call_service(&app, switch).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        assert!(resp.response().cookies().any(|c| c.value() == "ar"));
        assert_eq!(kept(), None);
        // The account page's form, without the session's token: refused, nothing stored.
        let fields = [("lang", "fa"), ("csrf", "forged"), ("back", "/account")];
        let r = call(&app, &mut jar, form("/language", &fields)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        assert_eq!(kept(), None);
        // With it, a language Arbiter does not have: refused.
        let page = call(&app, &mut jar, get("/account")).await;
        assert!(page.body.contains("action=\"/language\""), "{}", page.body);
        let csrf = csrf_of(&page.body);
        let fields = [("lang", "tlh"), ("csrf", csrf.as_str())];
        let r = call(&app, &mut jar, form("/language", &fields)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert_eq!(kept(), None);
        // A language it has: kept in the account, and in this browser; back to the account
        // page, never to another site.
        let fields = [
            ("lang", "fa"),
            ("csrf", csrf.as_str()),
            ("back", "//evil.example"),
        ];
        let r = call(&app, &mut jar, form("/language", &fields)).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        assert_eq!(r.location, "/account");
        assert!(r.set_cookie.starts_with("lang=fa"), "{}", r.set_cookie);
        assert_eq!(kept().as_deref(), Some("fa"));
    }
}
