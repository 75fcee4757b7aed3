//! Accounts, sessions, CSRF, roles, the organizer's forms, result entry with its conflict and the
//! audit log, through the real HTTP stack (with the session middleware), on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::read_trf;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, service};
use serde_json::Value as Json;

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

#[actix_web::test]
async fn organizer_and_arbiter_flows() {
    for db in TestDb::all() {
        let app = service(&db.pool, &Config::default()).await;
        let mut admin = Jar(None);

        // Sign up: the first account is the administrator. The cookie is signed, HttpOnly, Lax.
        let p = send!(app, admin, test::TestRequest::get().uri("/signup"));
        assert_eq!(p.status, StatusCode::OK);
        let token = csrf_of(&p.body);
        let forged = send!(
            app,
            admin,
            form(
                "/signup",
                &[
                    ("email", "a@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", "forged")
                ]
            )
        );
        assert_eq!(forged.status, StatusCode::FORBIDDEN);
        let short = send!(
            app,
            admin,
            form(
                "/signup",
                &[
                    ("email", "a@example.org"),
                    ("password", "short"),
                    ("csrf", &token)
                ]
            )
        );
        assert_eq!(short.status, StatusCode::BAD_REQUEST);
        assert!(short.body.contains("password: use at least 10 characters"));
        let p = send!(
            app,
            admin,
            form(
                "/signup",
                &[
                    ("email", "A@Example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &token)
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(p.location, "/account?done=signed-up");
        assert!(p.set_cookie.contains("HttpOnly"), "{}", p.set_cookie);
        assert!(p.set_cookie.contains("SameSite=Lax"), "{}", p.set_cookie);
        let p = send!(app, admin, test::TestRequest::get().uri("/account"));
        assert_eq!(p.status, StatusCode::OK);
        assert!(p.body.contains("a@example.org"));
        assert!(p.body.contains("Administrator"));
        let token = csrf_of(&p.body);

        // Create a tournament: a bad field is named; then it works.
        let bad = send!(
            app,
            admin,
            form(
                "/tournaments/new",
                &[
                    ("name", "Club Open"),
                    ("rounds_planned", "abc"),
                    ("csrf", &token)
                ]
            )
        );
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(
            bad.body
                .contains("id=\"error-rounds_planned\">`abc` is not a whole number</span>"),
            "{}",
            bad.body
        );
        let bad = send!(
            app,
            admin,
            form(
                "/tournaments/new",
                &[
                    ("name", "Club Open"),
                    ("tiebreaks", "PTS,XYZ"),
                    ("csrf", &token)
                ]
            )
        );
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(
            bad.body
                .contains("id=\"error-tiebreaks\">`XYZ` is not a C.07"),
            "{}",
            bad.body
        );
        let p = send!(
            app,
            admin,
            form(
                "/tournaments/new",
                &[
                    ("name", "Club Open"),
                    ("city", "Bern"),
                    ("start_date", "2026-05-01"),
                    ("rounds_planned", "5"),
                    ("default_time_minutes", "30"),
                    ("tiebreaks", "PTS,BH/C1,BH,SB"),
                    ("csrf", &token),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let club = p.location.split('/').nth(2).unwrap().to_owned();

        // Register players: next pairing numbers; a bad rating is named and nothing is stored.
        for name in ["Alpha, Anna", "Beta, Bert"] {
            let p = send!(
                app,
                admin,
                form(
                    &format!("/tournaments/{club}/players"),
                    &[
                        ("name", name),
                        ("rating", "1800"),
                        ("federation", "sui"),
                        ("csrf", &token)
                    ]
                )
            );
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        }
        let p = send!(
            app,
            admin,
            form(
                &format!("/tournaments/{club}/players"),
                &[("name", "Gamma"), ("rating", "9999"), ("csrf", &token)]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(
            p.body
                .contains("id=\"error-rating\">must be between 0 and 3500</span>"),
            "{}",
            p.body
        );
        let p = send!(
            app,
            admin,
            test::TestRequest::get().uri(&format!("/api/v1/tournaments/{club}"))
        );
        let t: Json = serde_json::from_str(&p.body).unwrap();
        assert_eq!(t["players"].as_array().unwrap().len(), 2);
        assert_eq!(t["players"][1]["pairing_number"], 2);
        assert_eq!(t["players"][1]["federation"], "SUI");
        assert_eq!(t["default_time_minutes"], 30);

        // Result entry on an imported event (the administrator has every role).
        let trf = read_trf(
            &std::fs::read(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../fixtures/karl-mala-2005.trf"
            ))
            .unwrap(),
        )
        .unwrap()
        .tournament;
        let km = {
            let mut c = db.pool.get().unwrap();
            create_tournament(&mut c, &trf, None, &Actor::system("test"), "import").unwrap()
        };
        let p = send!(
            app,
            admin,
            test::TestRequest::get().uri(&format!("/api/v1/tournaments/{km}/rounds/1"))
        );
        let round: Json = serde_json::from_str(&p.body).unwrap();
        let game = round["games"][0]["id"].as_str().unwrap().to_owned();
        let p = send!(
            app,
            admin,
            test::TestRequest::get().uri(&format!("/tournaments/{km}/rounds/1/results"))
        );
        assert_eq!(p.status, StatusCode::OK);
        assert!(p.body.contains(&game));
        let entry = format!("/tournaments/{km}/rounds/1/games/{game}");
        let p = send!(
            app,
            admin,
            form(
                &entry,
                &[("result", "=:="), ("version", "1"), ("csrf", &token)]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        // A second arbiter's form still says version 1: conflict, with the current result shown.
        let p = send!(
            app,
            admin,
            form(
                &entry,
                &[("result", "0:1"), ("version", "1"), ("csrf", &token)]
            )
        );
        assert_eq!(p.status, StatusCode::CONFLICT);
        assert!(p.body.contains("Not saved"), "{}", p.body);
        assert!(p.body.contains("½–½"));
        let p = send!(
            app,
            admin,
            form(
                &entry,
                &[("result", "1:Q"), ("version", "2"), ("csrf", &token)]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);

        // The API with a token: a stale version gets 409 and the current state.
        let api_token = {
            let mut c = db.pool.get().unwrap();
            let u = arbiter_db::accounts::user_by_email(&mut c, "a@example.org")
                .unwrap()
                .unwrap();
            arbiter_db::accounts::create_api_token(
                &mut c,
                u.uuid().unwrap(),
                Some("test"),
                &Actor::system("test"),
            )
            .unwrap()
        };
        let put = |version: i32, token: &str| {
            test::TestRequest::put()
                .uri(&format!("/api/v1/games/{game}/result"))
                .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                .set_json(serde_json::json!({"white": "1", "black": "0", "version": version}))
        };
        let mut nobody = Jar(None);
        let p = send!(app, nobody, put(1, &api_token));
        assert_eq!(p.status, StatusCode::CONFLICT);
        let problem: Json = serde_json::from_str(&p.body).unwrap();
        assert_eq!(problem["current"]["version"], 2);
        assert_eq!(problem["current"]["white_code"], "=");
        let p = send!(app, nobody, put(2, &api_token));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let saved: Json = serde_json::from_str(&p.body).unwrap();
        assert_eq!(saved["version"], 3);
        let p = send!(app, nobody, put(3, "arb_wrong"));
        assert_eq!(p.status, StatusCode::UNAUTHORIZED);

        // The audit log shows who changed what, before and after.
        let p = send!(
            app,
            admin,
            test::TestRequest::get().uri(&format!("/tournaments/{km}/audit"))
        );
        assert_eq!(p.status, StatusCode::OK);
        assert_eq!(
            p.body.matches("<td><code>result</code></td>").count(),
            2,
            "{}",
            p.body
        );
        assert!(p.body.contains("a@example.org"));

        // Exports for the organizer: TRF16 reads back to the same tournament.
        let p = send!(
            app,
            admin,
            test::TestRequest::get().uri(&format!("/tournaments/{km}/export/trf16"))
        );
        assert_eq!(p.status, StatusCode::OK);
        let back = read_trf(p.body.as_bytes()).unwrap().tournament;
        assert_eq!(back.players.len(), 284);
        assert_eq!(
            back.rounds[0].games[0].result,
            arbiter_tournament::GameResult::white_wins()
        );
        let p = send!(
            app,
            admin,
            test::TestRequest::get().uri(&format!("/tournaments/{km}/export/players.csv"))
        );
        assert_eq!(p.status, StatusCode::OK);
        assert_eq!(p.body.lines().count(), 285);
        let p = send!(
            app,
            admin,
            test::TestRequest::get().uri(&format!("/tournaments/{km}/export/pdf"))
        );
        assert_eq!(p.status, StatusCode::NOT_FOUND);

        // A second account has no role: it may not enter results or read the audit log.
        let mut other = Jar(None);
        let p = send!(app, other, test::TestRequest::get().uri("/signup"));
        let t2 = csrf_of(&p.body);
        let p = send!(
            app,
            other,
            form(
                "/signup",
                &[
                    ("email", "b@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &t2)
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = send!(app, other, test::TestRequest::get().uri("/account"));
        assert!(!p.body.contains("Administrator"));
        let t2 = csrf_of(&p.body);
        let p = send!(
            app,
            other,
            test::TestRequest::get().uri(&format!("/tournaments/{km}/rounds/1/results"))
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        let p = send!(
            app,
            other,
            form(
                &entry,
                &[("result", "0:1"), ("version", "3"), ("csrf", &t2)]
            )
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        let p = send!(
            app,
            other,
            test::TestRequest::get().uri(&format!("/tournaments/{km}/audit"))
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);

        // Signed out: pages behind the sign-in answer 401.
        let p = send!(app, other, form("/signout", &[("csrf", &t2)]));
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = send!(app, other, test::TestRequest::get().uri("/account"));
        assert_eq!(p.status, StatusCode::UNAUTHORIZED);

        // Signing in again works; a wrong password does not.
        let p = send!(app, other, test::TestRequest::get().uri("/signin"));
        let t3 = csrf_of(&p.body);
        let p = send!(
            app,
            other,
            form(
                "/signin",
                &[
                    ("email", "b@example.org"),
                    ("password", "wrong-password"),
                    ("csrf", &t3)
                ]
            )
        );
        assert_eq!(p.status, StatusCode::UNAUTHORIZED);
        let t3 = csrf_of(&p.body);
        let p = send!(
            app,
            other,
            form(
                "/signin",
                &[
                    ("email", "B@example.org "),
                    ("password", "0123456789ab"),
                    ("csrf", &t3)
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
    }
}

/// Failed sign-ins are throttled per account and per client address (issue #19): after five
/// attempts on one account the sixth, even with the right password, is answered `429` with
/// `Retry-After` and the wait, the password is not checked, and the audit log has one entry;
/// another account from another address is not affected.
#[actix_web::test]
async fn sign_in_attempts_are_throttled_per_account_and_per_address() {
    let db = TestDb::sqlite();
    {
        let c = &mut db.pool.get().unwrap();
        let sys = Actor::system("test");
        let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
        for email in ["victim@example.org", "other@example.org"] {
            arbiter_db::accounts::create_user(c, email, &hash, false, &sys).unwrap();
        }
    }
    let app = service(&db.pool, &Config::default()).await;
    let attempt = |email: String, password: &'static str, ip: &'static str| {
        let app = &app;
        async move {
            let mut b = Jar(None);
            let page = send!(app, b, test::TestRequest::get().uri("/signin"));
            let csrf = csrf_of(&page.body);
            let req = form(
                "/signin",
                &[("email", &email), ("password", password), ("csrf", &csrf)],
            )
            .peer_addr(ip.parse().unwrap());
            send!(app, b, req)
        }
    };
    for i in 0..5 {
        // Each from its own address: only the account's limit applies.
        let ip = [
            "10.0.0.1:1",
            "10.0.0.2:1",
            "10.0.0.3:1",
            "10.0.0.4:1",
            "10.0.0.5:1",
        ][i];
        let p = attempt("victim@example.org".into(), "wrong password", ip).await;
        assert_eq!(p.status, StatusCode::UNAUTHORIZED, "attempt {i}");
    }
    let p = attempt("Victim@Example.org".into(), "0123456789ab", "10.0.0.6:1").await;
    assert_eq!(p.status, StatusCode::TOO_MANY_REQUESTS, "{}", p.body);
    assert!(p.body.contains("Too many sign-in attempts"), "{}", p.body);
    assert!(p.location.is_empty(), "not signed in: {}", p.location);
    // Another account signs in from another address.
    let p = attempt("other@example.org".into(), "0123456789ab", "10.0.0.7:1").await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
    // One address trying many accounts is stopped after twenty attempts.
    let mut statuses = Vec::new();
    for i in 0..21 {
        let email = format!("nobody{i}@example.org");
        statuses.push(attempt(email, "x", "10.9.9.9:1").await.status);
    }
    assert!(
        statuses[..20]
            .iter()
            .all(|s| *s == StatusCode::UNAUTHORIZED),
        "{statuses:?}"
    );
    assert_eq!(statuses[20], StatusCode::TOO_MANY_REQUESTS);
    let throttled: Vec<(String, String)> = {
        use arbiter_db::schema::audit_log::dsl as a;
        use diesel::prelude::*;
        a::audit_log
            .filter(a::action.eq("sign-in-throttled"))
            .select((a::entity_id.assume_not_null(), a::actor))
            .load(&mut db.pool.get().unwrap())
            .unwrap()
    };
    assert!(
        throttled.contains(&("victim@example.org".into(), "10.0.0.6".into())),
        "{throttled:?}"
    );
    assert_eq!(
        throttled
            .iter()
            .filter(|(e, _)| e == "victim@example.org")
            .count(),
        1,
        "audited once per lock-out: {throttled:?}"
    );
}

/// The account page lists the account's API tokens, creates one (shown once, never listed
/// again) and revokes it (the API refuses it from then on); a password change needs the
/// current password and signs out every other session of the account (issue #19).
#[actix_web::test]
async fn tokens_are_listed_shown_once_and_revoked_and_a_new_password_ends_other_sessions() {
    for db in TestDb::all() {
        {
            let c = &mut db.pool.get().unwrap();
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            arbiter_db::accounts::create_user(
                c,
                "me@example.org",
                &hash,
                false,
                &Actor::system("t"),
            )
            .unwrap();
        }
        let app = service(&db.pool, &Config::default()).await;
        let mut laptop = Jar(None);
        let mut phone = Jar(None);
        for jar in [&mut laptop, &mut phone] {
            let p =
                arbiter_web::testing::sign_in(&app, jar, "me@example.org", "0123456789ab").await;
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        }
        let page = send!(app, laptop, test::TestRequest::get().uri("/account"));
        assert!(page.body.contains("No API tokens."), "{}", page.body);
        let csrf = csrf_of(&page.body);

        let made = send!(
            app,
            laptop,
            form(
                "/account/tokens",
                &[("label", "scorer tablet"), ("csrf", &csrf)]
            )
        );
        assert_eq!(made.status, StatusCode::OK, "{}", made.body);
        let key = "class=\"token\">";
        let at = made.body.find(key).expect("the new token shown") + key.len();
        let token = made.body[at..at + 68].to_owned();
        assert!(token[4..].bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
        let api = |token: String| {
            test::TestRequest::get()
                .uri("/api/v1/tournaments/00000000-0000-0000-0000-000000000000/pairing")
                .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
        };
        // The token works (the tournament does not exist: 404, not 401).
        let p = send!(app, phone, api(token.clone()));
        assert_eq!(p.status, StatusCode::NOT_FOUND, "{}", p.body);
        let page = send!(app, laptop, test::TestRequest::get().uri("/account"));
        assert!(page.body.contains("scorer tablet"), "{}", page.body);
        assert!(!page.body.contains(&token), "a token is shown only once");
        let key = "action=\"/account/tokens/";
        let from = page.body.find(key).expect("a revoke form") + key.len();
        let id = page.body[from..].split('/').next().unwrap().to_owned();
        let revoke = format!("/account/tokens/{id}/revoke");
        let p = send!(app, laptop, form(&revoke, &[("csrf", &csrf)]));
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = send!(app, phone, api(token.clone()));
        assert_eq!(
            p.status,
            StatusCode::UNAUTHORIZED,
            "a revoked token is refused"
        );
        let p = send!(app, laptop, form(&revoke, &[("csrf", &csrf)]));
        assert_eq!(p.status, StatusCode::NOT_FOUND);

        // The password: the current one is required, the new one at least 10 characters.
        let change = |current: &'static str, new: &'static str| {
            form(
                "/account/password",
                &[("current", current), ("password", new), ("csrf", &csrf)],
            )
        };
        let p = send!(app, laptop, change("not my password", "a new passphrase"));
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(
            p.body.contains("The current password is wrong."),
            "{}",
            p.body
        );
        let p = send!(app, laptop, change("0123456789ab", "short"));
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        let p = send!(app, laptop, change("0123456789ab", "a new passphrase"));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("Password changed."), "{}", p.body);
        // This session goes on; the other one is signed out.
        let p = send!(app, laptop, test::TestRequest::get().uri("/account"));
        assert_eq!(p.status, StatusCode::OK);
        let p = send!(app, phone, test::TestRequest::get().uri("/account"));
        assert_ne!(p.status, StatusCode::OK, "the other session ended");
        assert!(!p.body.contains("scorer tablet"));
        // Only the new password signs in (a fresh service: the sign-in throttle starts over).
        let app = service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let p = arbiter_web::testing::sign_in(&app, &mut b, "me@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::UNAUTHORIZED);
        let p =
            arbiter_web::testing::sign_in(&app, &mut b, "me@example.org", "a new passphrase").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER);
    }
}
