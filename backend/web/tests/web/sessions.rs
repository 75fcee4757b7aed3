//! Server-side sessions (issue #45), through the real HTTP stack on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: the cookie is an opaque key (no account id,
//! no CSRF token, no JSON); signing out deletes the session, so a copy of the cookie opens
//! nothing; a password change deletes the account's other sessions; sessions end when idle too
//! long and when open too long.

use std::time::Duration;

use actix_web::http::StatusCode;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, form, get, service, sign_in};

/// An account `me@example.org` with the password `0123456789ab`; its id.
fn account(db: &TestDb) -> uuid::Uuid {
    let c = &mut db.pool.get().unwrap();
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    arbiter_db::accounts::create_user(c, "me@example.org", &hash, false, &Actor::system("t"))
        .unwrap()
        .uuid()
        .unwrap()
}

#[actix_web::test]
async fn the_cookie_is_an_opaque_key_and_a_copy_dies_with_sign_out() {
    for db in TestDb::all() {
        let uid = account(&db);
        let app = service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let p = sign_in(&app, &mut b, "me@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let page = call(&app, &mut b, get("/account")).await;
        assert_eq!(page.status, StatusCode::OK);
        let csrf = csrf_of(&page.body);
        let value = b
            .get("arbiter_session")
            .expect("a session cookie")
            .to_owned();
        for secret in [uid.to_string(), uid.simple().to_string(), csrf.clone()] {
            assert!(!value.contains(&secret), "{value} shows {secret}");
        }
        for readable in ["uid", "csrf", "{", "%7B", "%22"] {
            assert!(!value.contains(readable), "{value} holds {readable}");
        }
        // A signature (base64, `=` percent-encoded), then 64 random letters and digits.
        let key = &value[value.len() - 64..];
        assert!(key.bytes().all(|c| c.is_ascii_alphanumeric()), "{value}");
        let mac = value[..value.len() - 64]
            .replace("%2F", "/")
            .replace("%2B", "+")
            .replace("%3D", "=");
        assert_eq!(mac.len(), 44, "an HMAC-SHA256 in base64: {value}");

        // Someone copies the cookie; the owner signs out; the copy opens nothing.
        let mut copy = b.clone();
        let p = call(&app, &mut b, form("/signout", &[("csrf", &csrf)])).await;
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = call(&app, &mut copy, get("/account")).await;
        assert_eq!(p.status, StatusCode::UNAUTHORIZED, "{}", p.body);
        let stored =
            arbiter_db::sessions::count_for_user(&mut db.pool.get().unwrap(), uid).unwrap();
        assert_eq!(stored, 0, "the session is deleted");
    }
}

#[actix_web::test]
async fn a_password_change_deletes_the_other_sessions() {
    for db in TestDb::all() {
        let uid = account(&db);
        let app = service(&db.pool, &Config::default()).await;
        let (mut laptop, mut phone) = (Jar(None), Jar(None));
        for jar in [&mut laptop, &mut phone] {
            let p = sign_in(&app, jar, "me@example.org", "0123456789ab").await;
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        }
        let count = || arbiter_db::sessions::count_for_user(&mut db.pool.get().unwrap(), uid);
        assert_eq!(count().unwrap(), 2);
        let copy = phone.clone();
        let page = call(&app, &mut laptop, get("/account")).await;
        let csrf = csrf_of(&page.body);
        let p = call(
            &app,
            &mut laptop,
            form(
                "/account/password",
                &[
                    ("current", "0123456789ab"),
                    ("password", "a new passphrase"),
                    ("csrf", &csrf),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert_eq!(count().unwrap(), 1, "only the laptop's new session is left");
        for mut jar in [phone, copy] {
            let p = call(&app, &mut jar, get("/account")).await;
            assert_eq!(p.status, StatusCode::UNAUTHORIZED);
        }
        let p = call(&app, &mut laptop, get("/account")).await;
        assert_eq!(p.status, StatusCode::OK);
    }
}

/// The sign-in and a first look at the account page; the account page after `wait`.
async fn account_after(config: &Config, db: &TestDb, waits: &[Duration]) -> Vec<StatusCode> {
    let app = service(&db.pool, config).await;
    let mut b = Jar(None);
    let p = sign_in(&app, &mut b, "me@example.org", "0123456789ab").await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
    let mut statuses = Vec::new();
    for wait in waits {
        actix_web::rt::time::sleep(*wait).await;
        statuses.push(call(&app, &mut b, get("/account")).await.status);
    }
    statuses
}

#[actix_web::test]
async fn sessions_end_when_idle_too_long_and_when_open_too_long() {
    const OK: StatusCode = StatusCode::OK;
    const ENDED: StatusCode = StatusCode::UNAUTHORIZED;
    let ms = Duration::from_millis;
    for db in TestDb::all() {
        account(&db);
        // Idle for 2 s: requests every 0.7 s keep it open; a pause of 2.6 s ends it. (Wide
        // margins: a loaded machine answers slowly, which errs only towards "ended".)
        let idle = Config {
            session_idle: ms(2000),
            ..Config::default()
        };
        let seen = account_after(&idle, &db, &[ms(700), ms(700), ms(700), ms(2600)]).await;
        assert_eq!(seen, [OK, OK, OK, ENDED], "idle");
        // Open for 3 s at most, however busy.
        let absolute = Config {
            session_lifetime: ms(3000),
            ..Config::default()
        };
        let seen = account_after(&absolute, &db, &[ms(800), ms(800), ms(2000)]).await;
        assert_eq!(seen, [OK, OK, ENDED], "absolute");
    }
}
