//! The throttles of issue #45, through the real HTTP stack: sign-ups per client address; sign-in
//! failures (only failures) per address and per account, with the client address read from
//! `X-Forwarded-For` only behind a configured trusted proxy, and the owner's known browser
//! never locked out by someone else's failures; unknown API tokens per address.

use actix_web::http::{StatusCode, header};
use actix_web::test::TestRequest;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, Page, call, csrf_of, form, get, service};

/// Accounts with the password `0123456789ab`.
fn accounts(db: &TestDb, emails: &[&str]) {
    let c = &mut db.pool.get().unwrap();
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    for email in emails {
        arbiter_db::accounts::create_user(c, email, &hash, false, &Actor::system("t")).unwrap();
    }
}

/// A form posted from `peer` (`IP:PORT`), with `X-Forwarded-For` when given, in the browser
/// `jar` (its CSRF token read from `page` first).
async fn post_from<S, B>(
    app: &S,
    jar: &mut Jar,
    page: &str,
    fields: &[(&str, &str)],
    peer: &str,
    forwarded: Option<&str>,
) -> Page
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let csrf = csrf_of(&call(app, jar, get(page)).await.body);
    let mut all = fields.to_vec();
    all.push(("csrf", &csrf));
    let mut req = form(page, &all).peer_addr(peer.parse().unwrap());
    if let Some(f) = forwarded {
        req = req.insert_header(("X-Forwarded-For", f));
    }
    call(app, jar, req).await
}

#[actix_web::test]
async fn sign_ups_are_throttled_per_client_address() {
    let db = TestDb::sqlite();
    let app = service(&db.pool, &Config::default()).await;
    let mut statuses = Vec::new();
    let mut last = None;
    for i in 0..6 {
        let email = format!("spam{i}@example.org");
        let fields = [("email", email.as_str()), ("password", "0123456789ab")];
        let p = post_from(&app, &mut Jar(None), "/signup", &fields, "10.1.1.1:1", None).await;
        statuses.push(p.status);
        last = Some(p);
    }
    assert_eq!(statuses[..5], [StatusCode::SEE_OTHER; 5]);
    assert_eq!(statuses[5], StatusCode::TOO_MANY_REQUESTS);
    let p = last.unwrap();
    assert!(
        p.body
            .contains("Too many accounts were created from this address"),
        "{}",
        p.body
    );
    assert!(
        !p.location.contains("account"),
        "no account: {}",
        p.location
    );
    let c = &mut db.pool.get().unwrap();
    assert_eq!(arbiter_db::accounts::user_count(c).unwrap(), 5);
    // The wait is given (`Retry-After`, seconds), and in the reader's language.
    let fields = [("email", "fa@example.org"), ("password", "0123456789ab")];
    let mut b = Jar(Some("lang=fa".into()));
    let p = post_from(&app, &mut b, "/signup", &fields, "10.1.1.1:1", None).await;
    assert_eq!(p.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(p.body.contains("حساب‌های بیش از حدی"), "{}", p.body);
    // Another address signs up.
    let fields = [("email", "real@example.org"), ("password", "0123456789ab")];
    let p = post_from(&app, &mut Jar(None), "/signup", &fields, "10.1.1.2:1", None).await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
}

#[actix_web::test]
async fn the_retry_after_header_comes_with_a_throttled_sign_up() {
    let db = TestDb::sqlite();
    let app = service(&db.pool, &Config::default()).await;
    let mut answer = None;
    for i in 0..6 {
        let mut b = Jar(None);
        let csrf = csrf_of(&call(&app, &mut b, get("/signup")).await.body);
        let email = format!("s{i}@example.org");
        let req = form(
            "/signup",
            &[
                ("email", &email),
                ("password", "0123456789ab"),
                ("csrf", &csrf),
            ],
        )
        .peer_addr("10.1.1.3:1".parse().unwrap())
        .insert_header((header::COOKIE, b.0.clone().unwrap()))
        .to_request();
        answer = Some(actix_web::test::call_service(&app, req).await);
    }
    let answer = answer.unwrap();
    assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = answer
        .headers()
        .get(header::RETRY_AFTER)
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&wait), "{wait}");
}

/// `n` wrong sign-ins on accounts `nobody{i}` from `peer`, `X-Forwarded-For` made by `xff(i)`;
/// their statuses.
async fn wrong_sign_ins<S, B>(
    app: &S,
    n: usize,
    peer: &str,
    xff: impl Fn(usize) -> String,
) -> Vec<StatusCode>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut statuses = Vec::new();
    for i in 0..n {
        let email = format!("nobody{i}@example.org");
        let fields = [("email", email.as_str()), ("password", "wrong")];
        let f = xff(i);
        let p = post_from(app, &mut Jar(None), "/signin", &fields, peer, Some(&f)).await;
        statuses.push(p.status);
    }
    statuses
}

#[actix_web::test]
async fn a_loopback_peer_with_rotating_forwarded_addresses_is_still_throttled() {
    let db = TestDb::sqlite();
    let app = service(&db.pool, &Config::default()).await;
    let s = wrong_sign_ins(&app, 21, "127.0.0.1:5000", |i| format!("203.0.113.{i}")).await;
    assert!(
        s[..20].iter().all(|s| *s == StatusCode::UNAUTHORIZED),
        "{s:?}"
    );
    assert_eq!(s[20], StatusCode::TOO_MANY_REQUESTS, "{s:?}");
}

#[actix_web::test]
async fn behind_a_trusted_proxy_the_rightmost_untrusted_address_counts() {
    let db = TestDb::sqlite();
    let config = Config {
        trusted_proxies: vec!["10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap()],
        ..Config::default()
    };
    let app = service(&db.pool, &config).await;
    // The client writes a new leftmost entry each time; the proxies append the real address.
    let s = wrong_sign_ins(&app, 21, "10.0.0.1:80", |i| {
        format!("198.51.100.{i}, 192.0.2.7, 10.0.0.2")
    })
    .await;
    assert!(
        s[..20].iter().all(|s| *s == StatusCode::UNAUTHORIZED),
        "{s:?}"
    );
    assert_eq!(s[20], StatusCode::TOO_MANY_REQUESTS, "192.0.2.7 is counted");
    // Another client behind the same proxy is not.
    let s = wrong_sign_ins(&app, 1, "10.0.0.1:80", |_| "192.0.2.7, 192.0.2.8".into()).await;
    assert_eq!(s, [StatusCode::UNAUTHORIZED], "192.0.2.8 is counted apart");
}

#[actix_web::test]
async fn successful_sign_ins_do_not_count() {
    let db = TestDb::sqlite();
    accounts(&db, &["busy@example.org"]);
    let app = service(&db.pool, &Config::default()).await;
    for i in 0..30 {
        let fields = [("email", "busy@example.org"), ("password", "0123456789ab")];
        let p = post_from(&app, &mut Jar(None), "/signin", &fields, "10.2.2.2:1", None).await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "sign-in {i}: {}", p.body);
    }
}

#[actix_web::test]
async fn the_owner_is_not_locked_out_by_someone_elses_failures() {
    for db in TestDb::all() {
        accounts(&db, &["owner@example.org"]);
        let app = service(&db.pool, &Config::default()).await;
        let right = [("email", "owner@example.org"), ("password", "0123456789ab")];
        let wrong = [("email", "owner@example.org"), ("password", "guess")];
        // The owner's laptop signed in before (and signed out since).
        let mut laptop = Jar(None);
        let p = post_from(&app, &mut laptop, "/signin", &right, "10.3.3.3:1", None).await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert!(laptop.get("arbiter_device").is_some(), "{laptop:?}");
        let csrf = csrf_of(&call(&app, &mut laptop, get("/account")).await.body);
        call(&app, &mut laptop, form("/signout", &[("csrf", &csrf)])).await;
        // Someone guesses from many addresses: the account is locked for them.
        let mut last = StatusCode::OK;
        for i in 0..8 {
            let peer = format!("198.18.0.{i}:1");
            last = post_from(&app, &mut Jar(None), "/signin", &wrong, &peer, None)
                .await
                .status;
        }
        assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
        // A new browser is refused even with the right password (the account's limit) ...
        let p = post_from(&app, &mut Jar(None), "/signin", &right, "10.3.3.4:1", None).await;
        assert_eq!(p.status, StatusCode::TOO_MANY_REQUESTS);
        // ... the owner's laptop is not.
        let p = post_from(&app, &mut laptop, "/signin", &right, "10.3.3.3:1", None).await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = call(&app, &mut laptop, get("/account")).await;
        assert_eq!(p.status, StatusCode::OK);
        // A forged or foreign device cookie counts for nothing.
        let mut forged = Jar(Some("arbiter_device=forged".into()));
        let p = post_from(&app, &mut forged, "/signin", &right, "10.3.3.5:1", None).await;
        assert_eq!(p.status, StatusCode::TOO_MANY_REQUESTS);
    }
}

#[actix_web::test]
async fn unknown_api_tokens_are_throttled_per_client_address() {
    let db = TestDb::sqlite();
    accounts(&db, &["api@example.org"]);
    let token = {
        let c = &mut db.pool.get().unwrap();
        let u = arbiter_db::accounts::user_by_email(c, "api@example.org")
            .unwrap()
            .unwrap();
        arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), None, &Actor::system("t"))
            .unwrap()
    };
    let app = service(&db.pool, &Config::default()).await;
    let api = |token: &str, peer: &str| {
        TestRequest::get()
            .uri("/api/v1/tournaments/00000000-0000-0000-0000-000000000000/pairing")
            .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
            .peer_addr(peer.parse().unwrap())
            .to_request()
    };
    for i in 0..50 {
        let r =
            actix_web::test::call_service(&app, api(&format!("arb_guess{i}"), "10.4.4.4:1")).await;
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "guess {i}");
    }
    let r = actix_web::test::call_service(&app, api("arb_guess50", "10.4.4.4:1")).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        r.headers().get(header::CONTENT_TYPE).unwrap(),
        "application/problem+json"
    );
    let wait: u64 = r
        .headers()
        .get(header::RETRY_AFTER)
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=6).contains(&wait), "{wait}");
    let body: serde_json::Value =
        serde_json::from_slice(&actix_web::test::read_body(r).await).unwrap();
    assert_eq!(body["status"], 429);
    // The address is locked before any token is looked up; another address is not.
    let r = actix_web::test::call_service(&app, api(&token, "10.4.4.4:1")).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let r = actix_web::test::call_service(&app, api(&token, "10.4.4.5:1")).await;
    assert_eq!(
        r.status(),
        StatusCode::NOT_FOUND,
        "the token works from elsewhere"
    );
}
