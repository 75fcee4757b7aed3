//! A new account's tournaments are not listed publicly (the home page, `GET /api/v1/tournaments`)
//! until an administrator approves the account as an organizer (issue #45): their pages stay
//! reachable by link; the administrator's account page lists the accounts awaiting approval
//! with an Approve button (CSRF, audited); `ARBITER_OPEN_LISTING` lists everything. On SQLite
//! and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

use actix_web::http::StatusCode;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, form, get, service};

/// Signs up `email` in the browser `jar`.
async fn sign_up<S, B>(app: &S, jar: &mut Jar, email: &str)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let csrf = csrf_of(&call(app, jar, get("/signup")).await.body);
    let fields = [
        ("email", email),
        ("password", "0123456789ab"),
        ("csrf", &csrf),
    ];
    let p = call(app, jar, form("/signup", &fields)).await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
}

#[actix_web::test]
async fn a_new_accounts_tournaments_are_listed_once_an_administrator_approves_it() {
    for db in TestDb::all() {
        let app = service(&db.pool, &Config::default()).await;
        let (mut admin, mut newcomer) = (Jar(None), Jar(None));
        sign_up(&app, &mut admin, "admin@example.org").await;
        sign_up(&app, &mut newcomer, "new@example.org").await;
        let page = call(&app, &mut newcomer, get("/account")).await;
        assert!(
            page.body.contains("once an administrator approves"),
            "{}",
            page.body
        );
        let csrf = csrf_of(&page.body);
        let fields = [("name", "SPAM visit evil.example"), ("csrf", &csrf)];
        let p = call(&app, &mut newcomer, form("/tournaments/new", &fields)).await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let id = p.location.split('/').nth(2).unwrap().to_owned();

        let public = async |listed: bool| {
            let home = call(&app, &mut Jar(None), get("/")).await;
            let api = call(&app, &mut Jar(None), get("/api/v1/tournaments")).await;
            assert_eq!(home.body.contains("SPAM visit"), listed, "{}", home.body);
            assert_eq!(api.body.contains(&id), listed, "{}", api.body);
        };
        public(false).await;
        // Reachable by its link.
        let p = call(&app, &mut Jar(None), get(&format!("/tournaments/{id}"))).await;
        assert_eq!(p.status, StatusCode::OK);
        // Only an administrator approves.
        let approve = format!("/accounts/{}/approve", new_id(&db));
        let p = call(&app, &mut newcomer, form(&approve, &[("csrf", &csrf)])).await;
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        let page = call(&app, &mut admin, get("/account")).await;
        assert!(page.body.contains("new@example.org"), "{}", page.body);
        assert!(
            page.body.contains(&format!("action=\"{approve}\"")),
            "{}",
            page.body
        );
        let csrf = csrf_of(&page.body);
        let p = call(&app, &mut admin, form(&approve, &[("csrf", "forged")])).await;
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        public(false).await;
        let p = call(&app, &mut admin, form(&approve, &[("csrf", &csrf)])).await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("is approved"), "{}", p.body);
        assert!(p.body.contains("No accounts await approval."), "{}", p.body);
        public(true).await;
        let audited: i64 = {
            use arbiter_db::schema::audit_log::dsl as a;
            use diesel::prelude::*;
            a::audit_log
                .filter(a::action.eq("approve"))
                .count()
                .get_result(&mut db.pool.get().unwrap())
                .unwrap()
        };
        assert_eq!(audited, 1);
    }
}

fn new_id(db: &TestDb) -> String {
    arbiter_db::accounts::user_by_email(&mut db.pool.get().unwrap(), "new@example.org")
        .unwrap()
        .unwrap()
        .id
}

#[actix_web::test]
async fn an_open_listing_lists_every_accounts_tournaments() {
    let db = TestDb::sqlite();
    let config = Config {
        open_listing: true,
        ..Config::default()
    };
    let app = service(&db.pool, &config).await;
    let (mut admin, mut newcomer) = (Jar(None), Jar(None));
    sign_up(&app, &mut admin, "admin@example.org").await;
    sign_up(&app, &mut newcomer, "new@example.org").await;
    let csrf = csrf_of(&call(&app, &mut newcomer, get("/account")).await.body);
    let fields = [("name", "Club Blitz"), ("csrf", &csrf)];
    let p = call(&app, &mut newcomer, form("/tournaments/new", &fields)).await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
    let home = call(&app, &mut Jar(None), get("/")).await;
    assert!(home.body.contains("Club Blitz"), "{}", home.body);
}
