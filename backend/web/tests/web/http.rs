//! The web service through the real HTTP stack (actix's test service with the same route table
//! as the server), on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set, on PostgreSQL; each
//! test on a database of its own.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament, record_result, round_games};
use arbiter_tournament::{GameResult, Tournament, read_trf};
use arbiter_web::Config;
use arbiter_web::views::{standings_for, standings_json};
use serde_json::Value as Json;

/// The demo event, as `arbiter serve --demo` loads it.
fn karl_mala() -> Tournament {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    );
    read_trf(&std::fs::read(path).expect("fixtures/karl-mala-2005.trf"))
        .expect("the demo event reads")
        .tournament
}

fn import(db: &TestDb, t: &Tournament) -> uuid::Uuid {
    let mut conn = db.pool.get().unwrap();
    create_tournament(&mut conn, t, None, &Actor::system("test"), "import").unwrap()
}

macro_rules! get {
    ($app:expr, $uri:expr) => {{
        let resp =
            test::call_service(&$app, test::TestRequest::get().uri(&$uri).to_request()).await;
        let status = resp.status();
        let headers = resp.headers().clone();
        let body = test::read_body(resp).await;
        (status, headers, String::from_utf8(body.to_vec()).unwrap())
    }};
}

/// A header's value as text (empty when absent).
fn h(headers: &header::HeaderMap, name: header::HeaderName) -> String {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// The reference values (TieBreakServer) for the tie-breaks the demo's standings use: PTS, BH/C1,
/// BH, SB in the 2024-08 edition (`/V1`, the one in force in 2005), DE and WIN.
fn reference() -> Option<std::collections::BTreeMap<(u16, String), f64>> {
    let path = arbiter_testdata::shared_file("tiebreak/real/karl_mala_2005.norm.expected.json")?;
    let d: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut out = std::collections::BTreeMap::new();
    for (run, pairs) in [
        (
            "editions",
            &[
                ("PTS", "PTS"),
                ("BH/C1/V1", "BH/C1"),
                ("BH/V1", "BH"),
                ("SB/V1", "SB"),
            ][..],
        ),
        ("broad", &[("DE", "DE"), ("WIN", "WIN")][..]),
    ] {
        let r = &d["runs"][run];
        let names: Vec<&str> = r["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        for c in r["oracle_json"]["tiebreakResult"]["competitors"]
            .as_array()
            .unwrap()
        {
            let cid = u16::try_from(c["cid"].as_u64().unwrap()).unwrap();
            for (oracle, ours) in pairs {
                let i = names.iter().position(|n| n == oracle).unwrap();
                let v = &c["tiebreakScore"][i];
                let x = v
                    .as_f64()
                    .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                    .unwrap();
                out.insert((cid, (*ours).to_owned()), x);
            }
        }
    }
    Some(out)
}

#[actix_web::test]
async fn demo_standings_equal_the_reference_values() {
    let t = karl_mala();
    let expected = serde_json::to_value(standings_json(&standings_for(&t, None))).unwrap();
    let reference = reference();
    for db in TestDb::all() {
        let id = import(&db, &t);
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let started = std::time::Instant::now();
        let (status, headers, body) = get!(app, &format!("/api/v1/tournaments/{id}/standings"));
        eprintln!("{:?}: standings JSON in {:?}", db.kind, started.elapsed());
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(h(&headers, header::CONTENT_TYPE), "application/json");
        let got: Json = serde_json::from_str(&body).unwrap();
        // The same as `arbiter standings --format json` on the file.
        assert_eq!(got, expected, "{:?}", db.kind);
        let rows = got.as_array().unwrap();
        assert_eq!(rows.len(), 284);
        let codes: Vec<&String> = rows[0]["tiebreaks"].as_object().unwrap().keys().collect();
        assert_eq!(codes.len(), 6, "{codes:?}");
        if let Some(reference) = &reference {
            for row in rows {
                let pn = u16::try_from(row["start_number"].as_u64().unwrap()).unwrap();
                for (code, v) in row["tiebreaks"].as_object().unwrap() {
                    let want = reference[&(pn, code.clone())];
                    let have = v.as_f64().unwrap();
                    assert!(
                        (want - have).abs() < 1e-9,
                        "player {pn} {code}: {have} != reference {want}"
                    );
                }
            }
        }

        // The HTML standings show the same ranks and values.
        let (status, headers, html) = get!(app, &format!("/tournaments/{id}/standings"));
        assert_eq!(status, StatusCode::OK);
        assert!(h(&headers, header::CONTENT_TYPE).starts_with("text/html"));
        assert_eq!(html.matches("<tr><td class=\"num\">").count(), 284);
        let data = standings_for(&t, None);
        let leader = &data.standings.rows[0];
        let cells: String = leader
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                format!(
                    "<td class=\"num\">{}</td>",
                    arbiter_web::views::format_value(data.tiebreaks.get(i), *v)
                )
            })
            .collect();
        let line = html
            .lines()
            .find(|l| l.contains(&leader.name))
            .expect("the leader's row");
        assert!(line.contains("<td class=\"num\">1</td>"), "{line}");
        assert!(line.ends_with(&format!("{cells}</tr>")), "{line}\n{cells}");
    }
}

#[actix_web::test]
async fn public_pages_answer_and_revalidate() {
    let t = karl_mala();
    for db in TestDb::all() {
        let id = import(&db, &t);
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        for uri in [
            "/".to_owned(),
            "/static/style.css".to_owned(),
            format!("/tournaments/{id}"),
            format!("/tournaments/{id}/rounds/1"),
            format!("/tournaments/{id}/rounds/7"),
            format!("/tournaments/{id}/standings?after=3"),
            format!("/tournaments/{id}/crosstable"),
            format!("/tournaments/{id}/players/1"),
            format!("/tournaments/{id}/players/13"),
            "/api/v1/tournaments".to_owned(),
            format!("/api/v1/tournaments/{id}"),
        ] {
            let (status, headers, body) = get!(app, &uri);
            assert_eq!(status, StatusCode::OK, "{uri}: {body}");
            assert_eq!(h(&headers, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
            assert!(!body.contains("<script"), "{uri}");
            // A strict Content-Security-Policy, and nothing inline it would block.
            assert_eq!(
                h(&headers, header::CONTENT_SECURITY_POLICY),
                arbiter_web::CONTENT_SECURITY_POLICY
            );
            assert!(!body.contains(" style=\""), "{uri}");
            // HSTS only where cookies are HTTPS-only.
            assert!(headers.get(header::STRICT_TRANSPORT_SECURITY).is_none());
        }
        let (_, _, home) = get!(app, "/");
        assert!(home.contains("Karl-Mala-Gedenkturnier"));
        let (_, _, card) = get!(app, &format!("/tournaments/{id}/players/5"));
        assert!(card.contains("Mikhaletz,Lubomir"));
        assert!(card.contains("BH/C1"));

        // The round API: every game with its id and version.
        let (status, headers, body) = get!(app, &format!("/api/v1/tournaments/{id}/rounds/1"));
        assert_eq!(status, StatusCode::OK);
        let round: Json = serde_json::from_str(&body).unwrap();
        let games = round["games"].as_array().unwrap();
        assert_eq!(games.len(), t.rounds[0].games.len());
        assert_eq!(games[0]["version"], 1);
        let etag = h(&headers, header::ETAG);

        // Revalidation: 304 while nothing changed, a new tag after a result is entered.
        let req = test::TestRequest::get()
            .uri(&format!("/api/v1/tournaments/{id}/rounds/1"))
            .insert_header((header::IF_NONE_MATCH, etag.clone()))
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::NOT_MODIFIED);
        {
            let mut conn = db.pool.get().unwrap();
            let g = round_games(&mut conn, id, 1).unwrap().remove(0);
            let gid = uuid::Uuid::parse_str(&g.id).unwrap();
            record_result(
                &mut conn,
                gid,
                1,
                &GameResult::draw(),
                &Actor::system("test"),
            )
            .unwrap();
        }
        let req = test::TestRequest::get()
            .uri(&format!("/api/v1/tournaments/{id}/rounds/1"))
            .insert_header((header::IF_NONE_MATCH, etag.clone()))
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::OK);
        assert_ne!(h(resp.headers(), header::ETAG), etag);
        let body: Json = test::read_body_json(resp).await;
        assert_eq!(body["games"][0]["version"], 2);
        assert_eq!(body["games"][0]["white_code"], "=");
    }
}

/// Readers arriving together after a change (while arbiters enter results, after every result)
/// get one load of the tournament and one render of each page: the first renders, the others
/// wait for it and are answered from the page cache; the other pages of the same change are
/// rendered from the same load. Without it each of them loaded and rendered alone, and a busy
/// event's readers queued behind each other's renders (the mixed soak, issue #19).
#[actix_web::test]
async fn readers_arriving_together_after_a_change_share_one_load_and_render() {
    let t = karl_mala();
    for db in TestDb::all() {
        let id = import(&db, &t);
        let pages = std::sync::Arc::new(arbiter_web::cache::PageCache::default());
        let app = arbiter_web::testing::service_with_pages(
            &db.pool,
            &Config::default(),
            std::sync::Arc::clone(&pages),
        )
        .await;
        let uris = [
            format!("/tournaments/{id}/standings"),
            format!("/tournaments/{id}/rounds/7"),
            format!("/api/v1/tournaments/{id}/standings"),
        ];
        let mut loads = 0;
        for change in 0..2 {
            let asks = uris.iter().cycle().take(uris.len() * 6).map(|uri| {
                let app = &app;
                async move { (uri.clone(), get!(app, uri)) }
            });
            let answers = futures_util::future::join_all(asks).await;
            loads += 1;
            assert_eq!(pages.loads(), loads, "change {change}: one load for all");
            assert_eq!(
                pages.stores(),
                loads * uris.len() as u64,
                "change {change}: one render of each page"
            );
            assert_eq!(pages.turns(), 0, "no turn left behind");
            for uri in &uris {
                let same: Vec<_> = answers.iter().filter(|(u, _)| u == uri).collect();
                let (status, headers, body) = &same[0].1;
                assert_eq!(*status, StatusCode::OK, "{uri}: {body}");
                for (_, (s, h2, b)) in &same {
                    assert_eq!(
                        (s, h(h2, header::ETAG), b),
                        (status, h(headers, header::ETAG), body)
                    );
                }
            }
            // A result entered: a new change, read again by all at once.
            let mut conn = db.pool.get().unwrap();
            let g = round_games(&mut conn, id, 7).unwrap().remove(0);
            let gid = uuid::Uuid::parse_str(&g.id).unwrap();
            let result = if change == 0 {
                GameResult::pending()
            } else {
                GameResult::draw()
            };
            record_result(&mut conn, gid, g.version, &result, &Actor::system("test")).unwrap();
        }
        // What the cache answers after the last change is what a fresh render gives.
        let fresh = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        for uri in &uris {
            let (_, _, cached) = get!(app, uri);
            let (_, _, rendered) = get!(fresh, uri);
            assert_eq!(cached, rendered, "{uri}");
        }
        assert_eq!(pages.loads(), 3);
    }
}

#[actix_web::test]
async fn errors_are_pages_for_people_and_problems_for_programs() {
    let db = TestDb::sqlite();
    let id = import(&db, &karl_mala());
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let missing = uuid::Uuid::new_v4();

    let (status, headers, body) = get!(app, &format!("/tournaments/{missing}"));
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(h(&headers, header::CONTENT_TYPE).starts_with("text/html"));
    assert!(body.contains("404 Not Found"));

    let (status, headers, body) = get!(app, &format!("/api/v1/tournaments/{missing}"));
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        h(&headers, header::CONTENT_TYPE),
        "application/problem+json"
    );
    let p: Json = serde_json::from_str(&body).unwrap();
    assert_eq!(p["status"], 404);

    // A path segment that is not a UUID or a round number: not found, never a panic.
    for uri in [
        "/tournaments/not-a-uuid".to_owned(),
        format!("/tournaments/{id}/rounds/99"),
        format!("/tournaments/{id}/rounds/x"),
        format!("/tournaments/{id}/players/999"),
        "/nowhere".to_owned(),
    ] {
        let (status, _, _) = get!(app, &uri);
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }
    let (status, headers, _) = get!(app, &format!("/api/v1/tournaments/{id}/rounds/99"));
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        h(&headers, header::CONTENT_TYPE),
        "application/problem+json"
    );

    // A bad query parameter names itself.
    let (status, headers, body) = get!(app, &format!("/api/v1/tournaments/{id}/standings?after=x"));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        h(&headers, header::CONTENT_TYPE),
        "application/problem+json"
    );
    let p: Json = serde_json::from_str(&body).unwrap();
    assert_eq!(p["field"], "query");
}

/// Behind HTTPS (`ARBITER_SECURE_COOKIES`), every answer asks browsers to come back over HTTPS
/// only (HSTS, RFC 6797), beside the Content-Security-Policy.
#[actix_web::test]
async fn https_only_sites_send_hsts() {
    let db = TestDb::sqlite();
    let config = Config {
        secure_cookies: true,
        ..Config::default()
    };
    let app = arbiter_web::testing::service(&db.pool, &config).await;
    let resp = test::call_service(&app, test::TestRequest::get().uri("/").to_request()).await;
    let headers = resp.headers();
    assert_eq!(
        headers
            .get(header::STRICT_TRANSPORT_SECURITY)
            .and_then(|v| v.to_str().ok()),
        Some("max-age=31536000")
    );
    assert!(headers.get(header::CONTENT_SECURITY_POLICY).is_some());
}

/// The server's connection hook turns Nagle's algorithm off: without it, a compressed page on a
/// kept-alive connection waited 40 ms for the client's delayed acknowledgement (the mixed soak,
/// `backend/web/bench/mixed_soak.sh`, measured p50 43 ms on PostgreSQL).
#[actix_web::test]
async fn accepted_connections_send_each_write_at_once() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let _client = std::net::TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    let (accepted, _) = listener.accept().unwrap();
    accepted.set_nonblocking(true).unwrap();
    let tcp = actix_web::rt::net::TcpStream::from_std(accepted).unwrap();
    assert!(
        !tcp.nodelay().unwrap(),
        "Linux accepts with Nagle's algorithm on"
    );
    arbiter_web::no_delay(&tcp, &mut actix_web::dev::Extensions::new());
    assert!(tcp.nodelay().unwrap());
    // Anything else (a Unix socket, a TLS stream) is left alone.
    arbiter_web::no_delay(&17_u8, &mut actix_web::dev::Extensions::new());
}
