//! An administrator uploads FIDE rating lists through the page (multipart, streamed to a
//! temporary file): the fixture's standard list is imported, the same list again is refused
//! naming it, a file that is not a list is refused naming its first line, and nothing is stored
//! then; without the form's token, or from an account that is not an administrator, nothing is
//! imported. On SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

use actix_web::http::{StatusCode, header};
use actix_web::test::TestRequest;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, get};

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

/// Signs `$email` in; the jar, the session's CSRF token, and the rating-list page.
macro_rules! sign_in {
    ($app:expr, $email:expr) => {{
        let mut jar = Jar(None);
        let p = send!($app, jar, get("/signin"));
        let p = send!(
            $app,
            jar,
            form(
                "/signin",
                &[
                    ("email", $email),
                    ("password", "0123456789ab"),
                    ("csrf", &csrf_of(&p.body)),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let csrf = csrf_of(&send!($app, jar, get("/account")).body);
        let p = send!($app, jar, get("/rating-lists"));
        (jar, csrf, p.body)
    }};
}

const BOUNDARY: &str = "arbiter-test-boundary";

/// A multipart body: text fields first (in order), then the file.
fn multipart(fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    if let Some((file_name, bytes)) = file {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: text/plain\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn upload(body: Vec<u8>) -> TestRequest {
    TestRequest::post()
        .uri("/rating-lists")
        .insert_header((
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={BOUNDARY}"),
        ))
        .set_payload(body)
}

fn stored(db: &TestDb) -> Vec<(String, u32)> {
    arbiter_db::rating_list::rating_lists(&mut db.pool.get().unwrap())
        .unwrap()
        .iter()
        .map(|s| (s.date.to_string(), s.players))
        .collect()
}

#[actix_web::test]
async fn an_administrator_uploads_a_rating_list() {
    let list = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ratings/standard_nov25frl.txt"
    ))
    .expect("the fixture list");
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            arbiter_db::accounts::create_user(c, "admin@example.org", &hash, true, &sys).unwrap();
            arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys).unwrap();
        }

        // Not an administrator: no upload form, and the upload is refused.
        let (mut other, csrf, page) = sign_in!(app, "org@example.org");
        assert!(!page.contains("multipart/form-data"));
        let p = send!(
            app,
            other,
            upload(multipart(
                &[("csrf", &csrf)],
                Some(("standard_nov25frl.txt", &list))
            ))
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        assert!(stored(&db).is_empty());

        let (mut admin, csrf, page) = sign_in!(app, "admin@example.org");
        assert!(page.contains("multipart/form-data"));
        // Without the token first: refused before the file is read.
        let p = send!(
            app,
            admin,
            upload(multipart(&[], Some(("standard_nov25frl.txt", &list))))
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        assert!(stored(&db).is_empty());
        // A file that is not a rating list: refused, naming its first line.
        let p = send!(
            app,
            admin,
            upload(multipart(
                &[("csrf", &csrf)],
                Some(("list.txt", b"name;rating\nA;2000\n"))
            ))
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("line 1"), "{}", p.body);
        assert!(stored(&db).is_empty());
        // The list: imported; its month from the file name (NOV25).
        let p = send!(
            app,
            admin,
            upload(multipart(
                &[("csrf", &csrf)],
                Some(("standard_nov25frl.txt", &list))
            ))
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(stored(&db), vec![("2025-11-01".to_owned(), 180)]);
        // The same list again: refused, naming it; nothing changes.
        let p = send!(
            app,
            admin,
            upload(multipart(
                &[("csrf", &csrf)],
                Some(("standard_nov25frl.txt", &list))
            ))
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("already stored"), "{}", p.body);
        assert_eq!(stored(&db), vec![("2025-11-01".to_owned(), 180)]);
        // The page lists it, and finds a player by name.
        let p = send!(app, admin, get("/rating-lists?q=vasquez"));
        assert!(p.body.contains("Vasquez, Rodrigo") && p.body.contains("3400042"));
    }
}
