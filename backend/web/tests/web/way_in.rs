//! A visitor's way in (issue #46): every page offers a visitor "Sign in" and "Sign up" (not "Your
//! account"), the `401` page offers them too, and an account holder sees "Your account" and, on
//! an event's public page, the link to its manage page. The cached public pages keep the two
//! apart (the page cache and the ETags vary with it).

use actix_web::http::StatusCode;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::{Player, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, get, sign_up};

#[actix_web::test]
async fn a_visitor_can_sign_in_or_up_from_every_page() {
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let t = Tournament {
        name: Some("Open Door Open".into()),
        players: (1..=2).map(|i| Player::new(i, format!("P, {i}"))).collect(),
        ..Tournament::default()
    };
    let id = create_tournament(
        &mut db.pool.get().unwrap(),
        &t,
        None,
        &Actor::system("test"),
        "create",
    )
    .unwrap();
    let event = format!("/tournaments/{id}");
    let mut visitor = Jar(None);
    for uri in ["/", event.as_str(), &format!("{event}/standings")] {
        let p = call(&app, &mut visitor, get(uri)).await;
        assert_eq!(p.status, StatusCode::OK, "{uri}");
        assert!(
            p.body.contains("href=\"/signin\"") && p.body.contains("href=\"/signup\""),
            "{uri}: no way in: {}",
            p.body
        );
        assert!(!p.body.contains("href=\"/account\""), "{uri}: {}", p.body);
        assert!(!p.body.contains("/manage\""), "{uri}");
    }
    let refused = call(&app, &mut visitor, get(&format!("{event}/manage"))).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(
        refused.body.contains("href=\"/signin\"") && refused.body.contains("href=\"/signup\""),
        "the 401 page is a dead end: {}",
        refused.body
    );

    // An account holder: "Your account", and the event page links its manage page.
    let mut holder = Jar(None);
    let p = sign_up(&app, &mut holder, "org@example.org", "0123456789ab").await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
    let p = call(&app, &mut holder, get(&event)).await;
    assert!(p.body.contains("href=\"/account\""), "{}", p.body);
    assert!(!p.body.contains("href=\"/signup\""), "{}", p.body);
    assert!(
        p.body.contains(&format!("href=\"{event}/manage\"")),
        "{}",
        p.body
    );
    // The visitor's copy is still the visitor's.
    let p = call(&app, &mut visitor, get(&event)).await;
    assert!(p.body.contains("href=\"/signin\""), "{}", p.body);
}
