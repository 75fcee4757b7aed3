//! The API as strict as its document (issue #45), on SQLite and PostgreSQL: a body is the type
//! the document gives it (an object, never an array of its fields; each field of its type; no
//! unknown field), a tie-break modifier given twice or against another is refused by every door,
//! a body over the limit is `413`, a method the path does not take is `405` with `Allow`, and
//! statuses and required parameters are as documented.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, get, multipart, sign_in};
use serde_json::{Value as Json, json};

/// An account `org@example.org` (password `0123456789ab`) and an API token of it.
fn organizer_token(db: &TestDb) -> String {
    let c = &mut db.pool.get().unwrap();
    let sys = Actor::system("test");
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    let u = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys).unwrap();
    arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), Some("bot"), &sys).unwrap()
}

/// `method uri` with the token and `body` sent as it is (`application/json` unless `kind`).
fn raw(
    method: &str,
    uri: &str,
    token: &str,
    kind: &str,
    body: impl Into<Vec<u8>>,
) -> test::TestRequest {
    test::TestRequest::default()
        .method(method.parse().unwrap())
        .uri(uri)
        .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
        .insert_header((header::CONTENT_TYPE, kind))
        .set_payload(body.into())
}

/// Sends `req`; the status, the headers' `Allow` and `Content-Type`, and the body as JSON
/// (`null` when it is not).
async fn send<S, B>(app: &S, req: test::TestRequest) -> (StatusCode, String, String, Json)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let resp = test::call_service(app, req.to_request()).await;
    let header = |n| {
        resp.headers()
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let (status, allow, kind) = (
        resp.status(),
        header(header::ALLOW),
        header(header::CONTENT_TYPE),
    );
    let body = test::read_body(resp).await;
    (
        status,
        allow,
        kind,
        serde_json::from_slice(&body).unwrap_or(Json::Null),
    )
}

fn refused_on(s: StatusCode, j: &Json, field: &str) {
    assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
    assert_eq!(j["field"], field, "{j}");
}

#[actix_web::test]
async fn bodies_are_the_types_the_document_gives_them() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = organizer_token(&db);
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Strict Open", "rounds_planned": 3})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let id: uuid::Uuid = j["id"].as_str().unwrap().parse().unwrap();
        let base = format!("/api/v1/tournaments/{id}");
        let players: Vec<Json> = (0..4)
            .map(|i| json!({"name": format!("P{i}, X"), "rating": 2400 - i * 50}))
            .collect();
        // A player as an array of its fields is no player.
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{base}/players"),
            json!([["P, X", 2000]])
        );
        refused_on(s, &j, "body[0]");
        let (s, j) = call!(app, token, post, format!("{base}/players"), json!(players));
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let (_, p) = call!(app, token, get, format!("{base}/pairing"), json!({}));
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{base}/rounds"),
            json!([1, p["seen"]])
        );
        refused_on(s, &j, "body");
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{base}/rounds"),
            json!({"round": 1, "seen": p["seen"], "pairing": [[[1, 2]], null]})
        );
        refused_on(s, &j, "pairing");
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{base}/rounds"),
            json!({"round": 1, "seen": p["seen"]})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let (s, _) = call!(
            app,
            token,
            post,
            format!("{base}/rounds/1/publish"),
            json!({})
        );
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (_, round) = call!(app, token, get, format!("{base}/rounds/1"), json!({}));
        let game = round["games"][0].clone();
        let result = format!("/api/v1/games/{}/result", game["id"].as_str().unwrap());

        // A result as an array of its fields stores nothing.
        let (s, j) = call!(
            app,
            token,
            put,
            result.clone(),
            json!(["1", "0", game["version"]])
        );
        refused_on(s, &j, "body");
        let (s, j) = call!(
            app,
            token,
            put,
            result.clone(),
            json!({"white": 1, "black": "0", "version": game["version"]})
        );
        refused_on(s, &j, "white");
        let (_, again) = call!(app, token, get, format!("{base}/rounds/1"), json!({}));
        assert_eq!(again["games"][0], game, "nothing stored");

        // The prize list: an array, an unknown field at any depth, are refused; the list stays.
        let eur =
            json!({"place": 1, "award": {"kind": "money", "minor_units": 100, "currency": "EUR"}});
        let (s, j) = call!(
            app,
            token,
            put,
            format!("{base}/prizes"),
            json!({"list": {"main": [eur]}})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        for (body, field) in [
            (json!([null, null]), "body"),
            (json!({"list": {"bogus": 1}}), "list.bogus"),
            (json!({"list": [[], []]}), "list"),
            (
                json!({"list": {"main": [{"place": 1, "award": {"kind": "money", "minor_units": 1, "currency": "EUR", "x": 1}}]}}),
                "list.main[0].award",
            ),
        ] {
            let (s, j) = call!(app, token, put, format!("{base}/prizes"), body.clone());
            refused_on(s, &j, field);
        }
        let stored = arbiter_db::document(
            &mut db.pool.get().unwrap(),
            id,
            arbiter_db::Document::Prizes,
        )
        .unwrap()
        .expect("the list stays");
        assert!(stored.contains("EUR"), "{stored}");

        // Settings: each field of its type, by POST, PUT and PATCH alike; no unknown field.
        let patch = |body: Json| {
            raw(
                "PATCH",
                &base,
                &token,
                "application/merge-patch+json",
                body.to_string(),
            )
        };
        for (body, field) in [
            (json!({"time_control": 230}), "time_control"),
            (json!({"rounds_planned": "9"}), "rounds_planned"),
            (json!({"name": ["Strict Open"]}), "name"),
            (json!({"bogus": 1}), "bogus"),
        ] {
            let (s, _, _, j) = send(&app, patch(body.clone())).await;
            refused_on(s, &j, field);
            let mut whole = json!({"name": "Strict Open"});
            whole
                .as_object_mut()
                .unwrap()
                .extend(body.as_object().unwrap().clone());
            let (s, j) = call!(app, token, put, base.clone(), whole.clone());
            refused_on(s, &j, field);
            let (s, j) = call!(app, token, post, "/api/v1/tournaments", whole);
            refused_on(s, &j, field);
        }
        let (s, _, _, j) = send(&app, patch(json!(["name", "x"]))).await;
        refused_on(s, &j, "body");
        let (s, _, _, j) = send(&app, patch(json!({"time_control": "90+30"}))).await;
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        // A player's patch and a round's: the same.
        let player = format!("{base}/players/1");
        let (s, _, _, j) = send(
            &app,
            raw(
                "PATCH",
                &player,
                &token,
                "application/merge-patch+json",
                r#"{"rating": "2100"}"#,
            ),
        )
        .await;
        refused_on(s, &j, "rating");
        let (s, _, _, j) = send(
            &app,
            raw(
                "PATCH",
                &format!("{base}/rounds/1"),
                &token,
                "application/json",
                r#"{"scheduled": 5}"#,
            ),
        )
        .await;
        refused_on(s, &j, "scheduled");
        // Check-in, override, incident and score reports.
        let g = game["id"].as_str().unwrap();
        for (what, body) in [
            ("check-in", json!(["white"])),
            ("override", json!(["late"])),
            ("incidents", json!([game["version"], "warning", "white"])),
            ("score", json!(["1.e4", "1-0"])),
        ] {
            let (s, j) = call!(app, token, post, format!("/api/v1/games/{g}/{what}"), body);
            assert_eq!(s, StatusCode::BAD_REQUEST, "{what}: {j}");
        }
    }
}

#[actix_web::test]
async fn a_repeated_or_conflicting_tiebreak_modifier_is_refused_by_name() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = organizer_token(&db);
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Cut Open", "tiebreaks": "PTS,BH/C1/C2"})
        );
        refused_on(s, &j, "tiebreaks");
        assert!(
            j["detail"].as_str().unwrap().contains("/C2")
                && j["detail"].as_str().unwrap().contains("/C1"),
            "{j}"
        );
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Cut Open", "tiebreaks": "PTS,BH/C1"})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let base = format!("/api/v1/tournaments/{}", j["id"].as_str().unwrap());
        let (s, _, _, j) = send(
            &app,
            raw(
                "PATCH",
                &base,
                &token,
                "application/merge-patch+json",
                r#"{"tiebreaks": "PTS,BH/M1/C1"}"#,
            ),
        )
        .await;
        refused_on(s, &j, "tiebreaks");
        let detail = j["detail"].as_str().unwrap();
        assert!(
            detail.contains("/C1") && detail.contains("/M1") && detail.contains("BH"),
            "{j}"
        );
        let (_, t) = call!(app, token, get, base.clone(), json!({}));
        assert_eq!(
            t["tiebreaks"],
            json!(["PTS", "BH/C1"]),
            "nothing stored: {t}"
        );
    }
}

#[actix_web::test]
async fn a_body_over_the_limit_is_413() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = organizer_token(&db);
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Big Open"})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let one = format!("/api/v1/tournaments/{}", j["id"].as_str().unwrap());
        let big = format!("{{\"name\": \"{}\"}}", "x".repeat(100 * 1024));
        for (method, uri) in [
            ("POST", "/api/v1/tournaments"),
            ("PUT", one.as_str()),
            ("PATCH", one.as_str()),
        ] {
            let (s, _, kind, j) = send(
                &app,
                raw(method, uri, &token, "application/json", big.clone()),
            )
            .await;
            assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{method} {uri}: {j}");
            assert_eq!(kind, "application/problem+json");
            assert_eq!(j["status"], 413, "{j}");
        }
        // A page's form and an upload: the error page.
        let mut jar = Jar::default();
        let page = call(&app, &mut jar, get("/signin")).await;
        let csrf = csrf_of(&page.body);
        let form = format!("csrf={csrf}&email={}", "x".repeat(100 * 1024));
        let req = test::TestRequest::post()
            .uri("/signin")
            .insert_header((header::CONTENT_TYPE, "application/x-www-form-urlencoded"))
            .set_payload(form);
        let page = call(&app, &mut jar, req).await;
        assert_eq!(page.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", page.body);
        assert!(page.body.contains("64 KiB"), "{}", page.body);
        let mut jar = Jar::default();
        let page = sign_in(&app, &mut jar, "org@example.org", "0123456789ab").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let page = call(&app, &mut jar, get("/tournaments/new")).await;
        let csrf = csrf_of(&page.body);
        let file = vec![b'x'; 9 * 1024 * 1024];
        let req = multipart(
            "/tournaments/import",
            &[("csrf", &csrf)],
            Some(("big.trf", &file)),
        );
        let page = call(&app, &mut jar, req).await;
        assert_eq!(page.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(page.body.contains("8192 KiB"), "{}", page.body);
    }
}

#[actix_web::test]
async fn methods_statuses_and_parameters_are_as_documented() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = organizer_token(&db);
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Method Open"})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let one = format!("/api/v1/tournaments/{}", j["id"].as_str().unwrap());
        for (method, uri, allow) in [
            ("TRACE", "/api/v1/tournaments", "GET, HEAD, POST"),
            ("DELETE", one.as_str(), "GET, HEAD, PATCH, PUT"),
            ("PUT", "/api/v1/openapi.json", "GET, HEAD"),
        ] {
            let (s, a, kind, j) =
                send(&app, raw(method, uri, &token, "application/json", "{}")).await;
            assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}: {j}");
            assert_eq!(a, allow, "{method} {uri}");
            assert_eq!(kind, "application/problem+json");
            assert!(j["detail"].as_str().unwrap().contains(method), "{j}");
        }
        let (s, a, _, _) = send(
            &app,
            raw(
                "OPTIONS",
                "/api/v1/tournaments",
                &token,
                "application/json",
                "",
            ),
        )
        .await;
        assert_eq!(
            (s, a.as_str()),
            (StatusCode::NO_CONTENT, "GET, HEAD, POST, OPTIONS")
        );
        let (s, _, _, _) = send(
            &app,
            raw("TRACE", "/api/v1/nothing", &token, "application/json", ""),
        )
        .await;
        assert_eq!(s, StatusCode::NOT_FOUND);

        // Team setup is `204` as documented; a team registered is `201`.
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{one}/teams/setup"),
            json!({"boards": 2})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{one}/teams"),
            json!({"name": "Rooks", "roster": [["Ann, A"]]})
        );
        refused_on(s, &j, "roster[0]");
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{one}/teams"),
            json!({"name": "Rooks", "roster": [{"name": "Ann, A"}, {"name": "Bo, B"}]})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        assert_eq!(j["number"], 1);

        // The search of the rating lists needs its `q`.
        let (s, _, _, j) = send(
            &app,
            test::TestRequest::get().uri("/api/v1/rating-lists/search"),
        )
        .await;
        refused_on(s, &j, "query");
        let (s, _, _, j) = send(
            &app,
            test::TestRequest::get().uri("/api/v1/rating-lists/search?q=x"),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{j}");
    }
}
