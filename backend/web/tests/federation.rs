//! The federation's pages on the demo event (Karl-Mala-Gedenkturnier 2005, 284 players, 7
//! rounds): rating changes (B.02) on the page, the player card and the API, in English and in
//! Persian; title norms (B.01) on the page and the API. Figures computed by hand in the tournament
//! crate's tests (`rating_change_karl_mala.rs`): player 1 (K 10) loses 0.8 to 2557, player 25
//! (a junior, K 40) gains 84.8 to 2336, unrated player 165 earns an initial rating of 1865.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::{Tournament, read_trf};
use arbiter_web::Config;
use serde_json::Value as Json;

fn karl_mala() -> Tournament {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    );
    read_trf(&std::fs::read(path).expect("fixtures/karl-mala-2005.trf"))
        .expect("the demo event reads")
        .tournament
}

macro_rules! get {
    ($app:expr, $uri:expr) => {
        get!($app, $uri, "en")
    };
    ($app:expr, $uri:expr, $lang:expr) => {{
        let req = test::TestRequest::get()
            .uri(&$uri)
            .insert_header((header::ACCEPT_LANGUAGE, $lang))
            .to_request();
        let resp = test::call_service(&$app, req).await;
        let status = resp.status();
        let body = test::read_body(resp).await;
        (status, String::from_utf8(body.to_vec()).unwrap())
    }};
}

#[actix_web::test]
async fn rating_changes_on_the_pages_the_card_and_the_api() {
    for db in TestDb::all() {
        let id = create_tournament(
            &mut db.pool.get().unwrap(),
            &karl_mala(),
            None,
            &Actor::system("test"),
            "import",
        )
        .unwrap();
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;

        let (status, page) = get!(app, format!("/tournaments/{id}/ratings"));
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("Rated on the standard list: 120 minutes for 60 moves."),
            "{page}"
        );
        for figure in ["-0.8", "2557", "+84.8", "2336", "initial rating 1865"] {
            assert!(page.contains(figure), "the ratings page shows {figure}");
        }

        let (status, body) = get!(app, format!("/api/v1/tournaments/{id}/ratings"));
        assert_eq!(status, StatusCode::OK);
        let j: Json = serde_json::from_str(&body).unwrap();
        assert_eq!(j["inferred"]["list"], "Standard");
        let players = j["players"].as_array().unwrap();
        assert_eq!(players.len(), 284);
        let p = |pn: usize| &players[pn - 1];
        assert_eq!(p(1)["change"], -80, "hundredths");
        assert_eq!(p(1)["new_rating"], 2557);
        assert_eq!(p(1)["k"]["value"], 10);
        assert_eq!(p(25)["change"], 8480);
        assert_eq!(p(25)["k"]["value"], 40);
        assert_eq!(p(165)["initial"]["outcome"]["Published"]["rating"], 1865);
        let changed = players.iter().filter(|p| !p["change"].is_null()).count();
        assert_eq!(changed, 144, "every rated player with a rated game but two");

        let (status, body) = get!(app, format!("/api/v1/tournaments/{id}/players/25/rating"));
        assert_eq!(status, StatusCode::OK);
        let j: Json = serde_json::from_str(&body).unwrap();
        // Round 1 against no. 165, unrated: not rated (B.02 8.2.4); the other six are.
        assert_eq!(j["games_rated"], 6);
        assert_eq!(j["not_rated"][0]["round"], 1);
        assert_eq!(j["not_rated"][0]["reason"], "OpponentUnrated");
        let (status, _) = get!(app, format!("/api/v1/tournaments/{id}/players/999/rating"));
        assert_eq!(status, StatusCode::NOT_FOUND);

        let (status, card) = get!(app, format!("/tournaments/{id}/players/25"));
        assert_eq!(status, StatusCode::OK);
        assert!(card.contains("Rtg+/-") && card.contains("+84.8"), "{card}");
        assert!(card.contains(&format!("/tournaments/{id}/players/25/rating")));

        let (status, detail) = get!(app, format!("/tournaments/{id}/players/25/rating"));
        assert_eq!(status, StatusCode::OK);
        assert!(
            detail.contains("born") && detail.contains("under 18"),
            "K derived for a junior: {detail}"
        );
        let (status, _) = get!(app, format!("/tournaments/{id}/players/999/rating"));
        assert_eq!(status, StatusCode::NOT_FOUND);

        let (status, fa) = get!(app, format!("/tournaments/{id}/ratings"), "fa");
        assert_eq!(status, StatusCode::OK);
        assert!(fa.contains("dir=\"rtl\""));
        assert!(fa.contains("تغییر ریتینگ"));
        assert!(
            fa.contains("۲۵۵۷") && (fa.contains("+۸۴٫۸") || fa.contains("+۸۴.۸")),
            "Persian digits"
        );
        assert!(
            !fa.contains("Rated on the"),
            "no English sentence on the Persian page"
        );
    }
}

#[actix_web::test]
async fn norms_on_the_page_and_the_api() {
    let db = TestDb::sqlite();
    let id = create_tournament(
        &mut db.pool.get().unwrap(),
        &karl_mala(),
        None,
        &Actor::system("test"),
        "import",
    )
    .unwrap();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;

    let (status, body) = get!(app, format!("/api/v1/tournaments/{id}/norms"));
    assert_eq!(status, StatusCode::OK);
    let reports: Vec<Json> = serde_json::from_str(&body).unwrap();
    assert!(!reports.is_empty());
    // Seven rounds: no norm anywhere, the games requirement (9, B.01 1.4.1a) never met.
    for r in &reports {
        assert_eq!(r["is_norm"], false);
        let games = &r["requirements"][0];
        assert_eq!(games["requirement"]["Games"]["needed"], 9);
        assert_eq!(games["met"], false);
    }
    // A GM (player 1) gets no norm report; an untitled man gets GM and IM ones.
    assert!(reports.iter().all(|r| r["player"] != 1));
    let (status, body) = get!(app, format!("/api/v1/tournaments/{id}/players/25/norms"));
    assert_eq!(status, StatusCode::OK);
    let mine: Vec<Json> = serde_json::from_str(&body).unwrap();
    let titles: Vec<&str> = mine.iter().map(|r| r["title"].as_str().unwrap()).collect();
    assert!(
        titles.contains(&"Gm") && titles.contains(&"Im"),
        "{titles:?}"
    );

    let (status, page) = get!(app, format!("/tournaments/{id}/norms"));
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("No player has made a norm or can still make one."));
    let (status, page) = get!(app, format!("/tournaments/{id}/norms?all=1"));
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("IM norm") && page.contains("not a norm"));
    let (status, page) = get!(app, format!("/tournaments/{id}/players/25/norms"), "ar");
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("عدد المباريات") && page.contains("٩ على الأقل"),
        "{page}"
    );
}
