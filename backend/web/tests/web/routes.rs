// Over 800 lines: one table of every write route (method, path, guard, body) and the one loop
// that tries each as an anonymous, a role-less and a forged request; split, a route could be
// listed where the loop does not look.
//! Every write route, enumerated from the route table's source (`src/routes.rs`), rejects an anonymous request, a request from an account without the
//! role, and a form without a valid CSRF token; and nothing is written by any of those requests
//! (the audit log, which every change appends to in its transaction, does not grow). The
//! players' check-in tablet (`POST /check-in/{token}`, no account) is refused with a wrong link
//! and with a forged or missing CSRF token. A write route added to a table without a line here
//! fails the test.

use actix_web::http::{Method, StatusCode, header};
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::Config;

/// Who may use a write route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Guard {
    /// Anyone (sign-in and sign-up forms): only the CSRF token guards them.
    Public,
    /// Any signed-in account.
    User,
    /// The tournament's organizer (or an administrator).
    Organizer,
    /// The tournament's arbiter or organizer.
    Arbiter,
    /// An administrator (approving accounts).
    Admin,
    /// An API route with a bearer token of an account with the arbiter role (no CSRF: no
    /// cookies are read).
    ApiArbiter,
    /// An API route with a bearer token of the tournament's organizer.
    ApiOrganizer,
    /// An API route with a bearer token of any account.
    ApiUser,
    /// The players' check-in tablet (Art. 6.6, 6.7): no account; the link's secret `{token}`
    /// and the session's CSRF token guard it.
    Token,
}

/// How a route's body is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Body {
    Form,
    Multipart,
    Json,
}

/// Every write route: method, path as in the table, guard, body kind.
const WRITE_ROUTES: &[(&str, &str, Guard, Body)] = &[
    ("POST", "/signin", Guard::Public, Body::Form),
    ("POST", "/signup", Guard::Public, Body::Form),
    ("POST", "/signout", Guard::User, Body::Form),
    ("POST", "/language", Guard::Public, Body::Form),
    ("POST", "/account/tokens", Guard::User, Body::Form),
    (
        "POST",
        "/account/tokens/{id}/revoke",
        Guard::User,
        Body::Form,
    ),
    ("POST", "/account/password", Guard::User, Body::Form),
    ("POST", "/accounts/{id}/approve", Guard::Admin, Body::Form),
    ("POST", "/tournaments/new", Guard::User, Body::Form),
    ("POST", "/tournaments/import", Guard::User, Body::Multipart),
    (
        "POST",
        "/tournaments/{id}/edit",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/fide-mode/leave",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/pair",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/rounds/{n}/publish",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/rounds/{n}/unpair",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/byes",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/roles",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/players/upload",
        Guard::Organizer,
        Body::Multipart,
    ),
    (
        "POST",
        "/tournaments/{id}/players/{pn}/status",
        Guard::Organizer,
        Body::Form,
    ),
    // The correcting form of a registered player (player_edit.rs).
    (
        "POST",
        "/tournaments/{id}/players/{pn}/edit",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/players",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/rounds/{n}/games/{game}",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "PUT",
        "/api/v1/games/{id}/result",
        Guard::ApiArbiter,
        Body::Json,
    ),
    ("POST", "/api/v1/tournaments", Guard::ApiUser, Body::Json),
    (
        "POST",
        "/api/v1/tournaments/import",
        Guard::ApiUser,
        Body::Json,
    ),
    (
        "PUT",
        "/api/v1/tournaments/{id}",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "PATCH",
        "/api/v1/tournaments/{id}",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "PATCH",
        "/api/v1/tournaments/{id}/players/{pn}",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "PATCH",
        "/api/v1/tournaments/{id}/rounds/{n}",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/players",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "PUT",
        "/api/v1/tournaments/{id}/players/{pn}/status",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/byes",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/rounds",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/rounds/{n}/publish",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "DELETE",
        "/api/v1/tournaments/{id}/rounds/{n}",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    // The board view and the default time (arbiter_board.rs).
    (
        "POST",
        "/tournaments/{id}/rounds/{n}/schedule",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/laws-edition",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/check-in",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/override",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/api/v1/games/{id}/check-in",
        Guard::ApiArbiter,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/games/{id}/override",
        Guard::ApiArbiter,
        Body::Json,
    ),
    // Incidents and penalties (penalties.rs).
    (
        "POST",
        "/tournaments/{id}/games/{game}/incidents",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/api/v1/games/{id}/incidents",
        Guard::ApiArbiter,
        Body::Json,
    ),
    // Adjourned games (adjourn.rs) and score reports (reports.rs).
    (
        "POST",
        "/tournaments/{id}/games/{game}/adjourn/seal",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/adjourn/check-in",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/adjourn/open",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/adjourn/clock",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/adjourn/before",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/adjourn/late",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/adjourn/lost",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/games/{game}/report",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/flagged/{game}",
        Guard::Arbiter,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/rounds/{n}/report",
        Guard::Arbiter,
        Body::Multipart,
    ),
    (
        "POST",
        "/api/v1/games/{id}/score",
        Guard::ApiArbiter,
        Body::Json,
    ),
    (
        "POST",
        "/tournaments/{id}/players/order",
        Guard::Organizer,
        Body::Form,
    ),
    // Players' self check-in on a tablet and its setting (kiosk.rs).
    ("POST", "/check-in/{token}", Guard::Token, Body::Form),
    (
        "POST",
        "/tournaments/{id}/self-check-in",
        Guard::Organizer,
        Body::Form,
    ),
    // The prize list (prizes.rs).
    (
        "POST",
        "/tournaments/{id}/prizes/edit",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "PUT",
        "/api/v1/tournaments/{id}/prizes",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    // The event's conditions for title norms (norms.rs).
    (
        "POST",
        "/tournaments/{id}/norms/settings",
        Guard::Organizer,
        Body::Form,
    ),
    // FIDE rating lists and an event's refresh from them (rating_lists.rs).
    ("POST", "/rating-lists", Guard::User, Body::Multipart),
    (
        "POST",
        "/tournaments/{id}/teams/setup",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/teams/add",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/teams/upload",
        Guard::Organizer,
        Body::Multipart,
    ),
    (
        "POST",
        "/tournaments/{id}/teams/{n}/edit",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/teams/captains",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/teams/pair",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/rounds/{r}/seat",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/tournaments/{id}/rounds/{r}/lineups/{n}",
        Guard::User,
        Body::Form,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/rounds/{r}/lineups/{n}",
        Guard::ApiUser,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/teams/setup",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    // A team's bye or absence asked before pairing (teams/byes.rs).
    (
        "POST",
        "/api/v1/tournaments/{id}/teams/byes",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/tournaments/{id}/teams/byes",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/teams",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/teams/rounds",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/rounds/{r}/seat",
        Guard::ApiOrganizer,
        Body::Json,
    ),
    (
        "POST",
        "/tournaments/{id}/ratings/refresh",
        Guard::Organizer,
        Body::Form,
    ),
    (
        "POST",
        "/api/v1/tournaments/{id}/ratings/refresh",
        Guard::ApiOrganizer,
        Body::Json,
    ),
];

/// The route table: `src/routes.rs`'s `configure` (whole paths, no scope).
const ROUTE_TABLES: &[(&str, &str)] = &[(include_str!("../../src/routes.rs"), "pub fn configure")];

/// The write routes of the tables, read from their source: `(METHOD, path)` for every `.route`
/// whose handler is `web::post()`, `web::put()`, `web::patch()` or `web::delete()`, with the
/// prefix of the `web::scope` it is in.
fn routes_in_source() -> Vec<(String, String)> {
    every_route_in_source()
        .into_iter()
        .filter(|(m, _)| m != "GET")
        .collect()
}

/// Every route of the tables: the write routes, and `GET` for each `page()` route (its `HEAD`
/// is implied).
pub(crate) fn every_route_in_source() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (src, marker) in ROUTE_TABLES {
        out.extend(routes_in_table(src, marker));
    }
    out
}

fn routes_in_table(src: &str, marker: &str) -> Vec<(String, String)> {
    let start = src.find(marker).expect("the route table");
    let table = &src[start..];
    let end = table.find("\n}\n").unwrap_or(table.len());
    let table = &table[..end];
    let scope_at = table.find("web::scope(\"").map(|i| {
        let rest = &table[i + 12..];
        (i, rest[..rest.find('"').unwrap()].to_owned())
    });
    let mut out = Vec::new();
    let starts: Vec<usize> = table.match_indices(".route(").map(|(i, _)| i).collect();
    for (k, &i) in starts.iter().enumerate() {
        let until = starts.get(k + 1).copied().unwrap_or(table.len());
        let chunk = &table[i..until];
        let Some(q) = chunk.find('"') else { continue };
        let path = &chunk[q + 1..q + 1 + chunk[q + 1..].find('"').unwrap()];
        let method = ["post", "put", "patch", "delete"]
            .into_iter()
            .find(|m| chunk.contains(&format!("web::{m}()")))
            .or_else(|| chunk.contains("page()").then_some("get"));
        if let Some(m) = method {
            let prefix = match &scope_at {
                Some((at, p)) if i > *at => p.clone(),
                _ => String::new(),
            };
            out.push((m.to_uppercase(), format!("{prefix}{path}")));
        }
    }
    out
}

/// The OpenAPI document (`GET /api/v1/openapi.json`) and the route tables list the same
/// operations: every `/api/v1` route documented, nothing documented that is not routed.
#[actix_web::test]
async fn the_openapi_document_lists_every_api_route_and_no_other() {
    let routed: std::collections::BTreeSet<(String, String)> = every_route_in_source()
        .into_iter()
        .filter(|(_, path)| path.starts_with("/api/v1/"))
        .collect();
    assert!(
        routed.len() >= 40,
        "the parser found the tables: {routed:?}"
    );
    let doc = arbiter_web::openapi::document_json();
    let mut documented = std::collections::BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if ["get", "put", "post", "delete", "patch"].contains(&method.as_str()) {
                documented.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    let missing: Vec<_> = routed.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&routed).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "routed but not documented: {missing:?}; documented but not routed: {extra:?}"
    );
}

#[actix_web::test]
async fn every_write_route_is_enumerated() {
    let mut found = routes_in_source();
    found.sort();
    let mut listed: Vec<(String, String)> = WRITE_ROUTES
        .iter()
        .map(|(m, p, _, _)| ((*m).to_owned(), (*p).to_owned()))
        .collect();
    listed.sort();
    assert!(found.len() >= 14, "the parser found the table: {found:?}");
    assert_eq!(
        found, listed,
        "the write routes of src/routes.rs and this test's list differ"
    );
}

/// Sends a request with a cookie; returns the status and the new cookie, if any.
macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {{
        let mut req = $req;
        if let Some(c) = &$cookie {
            req = req.insert_header((header::COOKIE, c.clone()));
        }
        let resp = test::call_service(&$app, req.to_request()).await;
        let status = resp.status();
        // The session's cookie (a sign-in also sets the known-device cookie).
        let cookie = resp
            .headers()
            .get_all(header::SET_COOKIE)
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next())
            .find(|p| p.starts_with("arbiter_session=") && p.len() > "arbiter_session=".len())
            .map(str::to_owned);
        let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
        (status, cookie, body)
    }};
}

fn csrf_of(body: &str) -> String {
    let start = body.find("name=\"csrf\" value=\"").expect("a form") + 19;
    body[start..].split('"').next().unwrap().to_owned()
}

/// A well-formed body for an API route, so that only the guard can refuse it.
fn json_for(uri: &str) -> serde_json::Value {
    use serde_json::json;
    if uri.ends_with("/teams/setup") {
        json!({"boards": 2})
    } else if uri.ends_with("/teams") {
        json!({"name": "Intruders", "roster": [1]})
    } else if uri.ends_with("/teams/rounds") {
        json!({"system": "swiss"})
    } else if uri.ends_with("/score") {
        json!({"scoresheet": "1.e4 e5", "result": "1-0"})
    } else if uri.ends_with("/result") {
        json!({"version": 1, "white": "1", "black": "0"})
    } else if uri.ends_with("/players") {
        json!([{"name": "Intruder, I"}])
    } else if uri.ends_with("/status") {
        json!({"status": "withdrawn"})
    } else if uri.ends_with("/teams/byes") {
        json!({"round": 2, "team": 1, "code": "H"})
    } else if uri.ends_with("/byes") {
        json!({"round": 2, "player": 1, "code": "H"})
    } else if uri.ends_with("/rounds") {
        json!({"round": 2, "seen": "2026-01-01T00:00:00"})
    } else if uri.ends_with("/prizes") {
        json!({"list": null})
    } else if uri.contains("/lineups/") {
        json!({"boards": [1, null]})
    } else if uri.ends_with("/publish") || uri.contains("/rounds/") || uri.ends_with("/refresh") {
        json!({})
    } else {
        json!({"name": "Intruder"})
    }
}

/// A request of the route's kind carrying `csrf` and harmless fields.
fn request(method: &str, uri: &str, body: Body, csrf: &str) -> test::TestRequest {
    let req = test::TestRequest::default()
        .method(Method::from_bytes(method.as_bytes()).unwrap())
        .uri(uri);
    match body {
        Body::Form => req.set_form(vec![
            ("csrf".to_owned(), csrf.to_owned()),
            ("name".to_owned(), "Intruder, I".to_owned()),
            ("email".to_owned(), "x@example.org".to_owned()),
            ("password".to_owned(), "0123456789ab".to_owned()),
            ("result".to_owned(), "1:0".to_owned()),
            ("version".to_owned(), "1".to_owned()),
            ("status".to_owned(), "withdrawn".to_owned()),
            ("player".to_owned(), "1".to_owned()),
            ("round".to_owned(), "2".to_owned()),
            ("code".to_owned(), "H".to_owned()),
            ("role".to_owned(), "arbiter".to_owned()),
        ]),
        Body::Multipart => {
            let b = "RouteTestBoundary";
            let payload = format!(
                "--{b}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
                 --{b}\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nname\r\nIntruder, I\r\n\
                 --{b}--\r\n"
            );
            req.insert_header((
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={b}"),
            ))
            .set_payload(payload)
        }
        Body::Json => req.set_json(json_for(uri)),
    }
}

#[actix_web::test]
async fn write_routes_reject_anonymous_roleless_and_forged_requests() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        // A tournament with a published round: 4 players, 2 games.
        let t = Tournament {
            name: Some("Guarded".into()),
            players: (1..=4).map(|i| Player::new(i, format!("P, {i}"))).collect(),
            rounds: vec![Round {
                number: 1,
                state: RoundState::Published,
                games: vec![
                    Game::new(1, 3, GameResult::pending()),
                    Game::new(4, 2, GameResult::pending()),
                ],
                ..Round::default()
            }],
            ..Tournament::default()
        };
        let (id, game, organizer_id, outsider_token) = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            // The first account is an administrator: make it one nobody uses here.
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            arbiter_db::accounts::create_user(c, "admin@example.org", &hash, false, &sys).unwrap();
            let org = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys)
                .unwrap();
            let out = arbiter_db::accounts::create_user(c, "out@example.org", &hash, false, &sys)
                .unwrap();
            let id = create_tournament(c, &t, None, &sys, "create").unwrap();
            arbiter_db::accounts::grant_role(c, org.uuid().unwrap(), id, Role::Organizer, &sys)
                .unwrap();
            let games = arbiter_db::round_games(c, id, 1).unwrap();
            let token =
                arbiter_db::accounts::create_api_token(c, out.uuid().unwrap(), None, &sys).unwrap();
            (id, games[0].id.clone(), org.id, token)
        };
        // Self check-in allowed, so that the tablet's route has a real link to guard.
        let kiosk = arbiter_db::set_self_check_in(
            &mut db.pool.get().unwrap(),
            id,
            arbiter_db::SelfCheckInChange::Allow,
            &Actor::system("test"),
        )
        .unwrap()
        .expect("a tablet link");
        let _ = organizer_id;
        let audit_count = |db: &TestDb| {
            arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id)
                .unwrap()
                .len()
        };
        let before = audit_count(&db);

        // Sign in the outsider and the organizer; each gets a session and a CSRF token.
        let sign_in = async |email: &str| {
            let (_, cookie, body) =
                send!(app, None::<String>, test::TestRequest::get().uri("/signin"));
            let token = csrf_of(&body);
            let (status, cookie, _) = send!(
                app,
                cookie,
                test::TestRequest::post().uri("/signin").set_form(vec![
                    ("email", email),
                    ("password", "0123456789ab"),
                    ("csrf", token.as_str()),
                ])
            );
            assert_eq!(status, StatusCode::SEE_OTHER, "{email} signs in");
            let cookie = cookie.expect("a session");
            let (_, _, body) = send!(
                app,
                Some(cookie.clone()),
                test::TestRequest::get().uri("/account")
            );
            (cookie, csrf_of(&body))
        };
        let (outsider, outsider_csrf) = sign_in("out@example.org").await;
        let (organizer, _) = sign_in("org@example.org").await;

        for &(method, path, guard, body) in WRITE_ROUTES {
            let uri = path
                .replace(
                    "{id}",
                    &if guard == Guard::ApiArbiter {
                        game.clone()
                    } else {
                        id.to_string()
                    },
                )
                .replace("{n}", "1")
                .replace("{r}", "1")
                .replace("{pn}", "1")
                .replace("{game}", &game);
            let what = format!("{method} {uri}");
            match guard {
                Guard::ApiUser => {
                    let (s, _, _) = send!(app, None::<String>, request(method, &uri, body, ""));
                    assert_eq!(s, StatusCode::UNAUTHORIZED, "anonymous {what}");
                    let (s, _, _) = send!(
                        app,
                        None::<String>,
                        request(method, &uri, body, "")
                            .insert_header((header::AUTHORIZATION, "Bearer forged-token"))
                    );
                    assert_eq!(s, StatusCode::UNAUTHORIZED, "forged token: {what}");
                }
                Guard::ApiArbiter | Guard::ApiOrganizer => {
                    let (s, _, _) = send!(app, None::<String>, request(method, &uri, body, ""));
                    assert_eq!(s, StatusCode::UNAUTHORIZED, "anonymous {what}");
                    let (s, _, _) = send!(
                        app,
                        None::<String>,
                        request(method, &uri, body, "").insert_header((
                            header::AUTHORIZATION,
                            format!("Bearer {outsider_token}")
                        ))
                    );
                    assert_eq!(s, StatusCode::FORBIDDEN, "token without the role: {what}");
                    let (s, _, _) = send!(
                        app,
                        None::<String>,
                        request(method, &uri, body, "")
                            .insert_header((header::AUTHORIZATION, "Bearer forged-token"))
                    );
                    assert_eq!(s, StatusCode::UNAUTHORIZED, "forged token: {what}");
                }
                Guard::Token => {
                    let tablet = |link: &str, csrf: &str| {
                        test::TestRequest::post()
                            .uri(&format!("/check-in/{link}"))
                            .set_form(vec![
                                ("game", game.as_str()),
                                ("colour", "white"),
                                ("csrf", csrf),
                            ])
                    };
                    // The tablet's anonymous session and its CSRF token, from the page.
                    let (s, cookie, page) = send!(
                        app,
                        None::<String>,
                        test::TestRequest::get().uri(&format!("/check-in/{kiosk}"))
                    );
                    assert_eq!(s, StatusCode::OK, "the tablet page");
                    let csrf = csrf_of(&page);
                    for wrong in [
                        "forged".to_owned(),
                        uuid::Uuid::new_v4().simple().to_string(),
                        kiosk.to_uppercase(),
                    ] {
                        let (s, _, _) = send!(app, cookie.clone(), tablet(&wrong, &csrf));
                        assert_eq!(s, StatusCode::NOT_FOUND, "wrong link: {what}");
                    }
                    let (s, _, _) = send!(app, cookie.clone(), tablet(&kiosk, "forged"));
                    assert_eq!(s, StatusCode::FORBIDDEN, "forged CSRF: {what}");
                    let (s, _, _) = send!(app, None::<String>, tablet(&kiosk, &csrf));
                    assert_eq!(s, StatusCode::FORBIDDEN, "no session: {what}");
                    let (s, _, _) = send!(app, Some(organizer.clone()), tablet(&kiosk, &csrf));
                    assert_eq!(s, StatusCode::FORBIDDEN, "another session's token: {what}");
                }
                Guard::Public => {
                    // No session, hence no token to match: a forged one is refused.
                    let (s, _, _) =
                        send!(app, None::<String>, request(method, &uri, body, "forged"));
                    assert_eq!(s, StatusCode::FORBIDDEN, "forged CSRF {what}");
                }
                Guard::User | Guard::Organizer | Guard::Arbiter | Guard::Admin => {
                    let (s, _, _) =
                        send!(app, None::<String>, request(method, &uri, body, "forged"));
                    if guard == Guard::User {
                        // Sign-out checks the token first: either refusal will do.
                        assert!(
                            s == StatusCode::UNAUTHORIZED || s == StatusCode::FORBIDDEN,
                            "anonymous {what}: {s}"
                        );
                    } else {
                        assert_eq!(s, StatusCode::UNAUTHORIZED, "anonymous {what}");
                    }
                    if guard != Guard::User {
                        let (s, _, _) = send!(
                            app,
                            Some(outsider.clone()),
                            request(method, &uri, body, &outsider_csrf)
                        );
                        assert_eq!(s, StatusCode::FORBIDDEN, "without the role: {what}");
                    }
                    let (s, _, _) = send!(
                        app,
                        Some(organizer.clone()),
                        request(method, &uri, body, "forged")
                    );
                    assert_eq!(s, StatusCode::FORBIDDEN, "forged CSRF: {what}");
                }
            }
        }
        assert_eq!(audit_count(&db), before, "nothing was written");
        let stored = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
            .unwrap()
            .unwrap()
            .tournament;
        assert_eq!(stored, {
            let mut t = t.clone();
            for (p, s) in t.players.iter_mut().zip(&stored.players) {
                p.id = s.id;
            }
            t
        });
    }
}
