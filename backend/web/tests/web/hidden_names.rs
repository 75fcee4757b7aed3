//! Names at every door of the web (issue #45): a bidi control or another hidden character
//! (`arbiter_tournament::names::hidden`) is refused by the player form, the CSV and TRF
//! uploads, the TRF import, the JSON API, the team form's upload and the team API, each naming
//! the field or line; a look-alike in another script (`Cаrlsen` with a Cyrillic `а`) is a
//! duplicate of the registered name; the exports (players CSV, TRF, PGN) of a tournament stored
//! before these rules write no hidden character and no spreadsheet formula. On SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

use actix_web::http::{StatusCode, header};
use actix_web::test::TestRequest;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::names::is_hidden;
use arbiter_tournament::team::TeamSettings;
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, Page, call, csrf_of, form, get, multipart};
use serde_json::json;

/// An organizer (signed in, `jar`, the CSRF token, an API token) of `t` stored as it is.
struct Organizer {
    jar: Jar,
    csrf: String,
    token: String,
}

/// Stores `t` (straight into the database: what older data may hold) with an organizer.
fn stored(db: &TestDb, t: &Tournament, email: &str) -> uuid::Uuid {
    let sys = Actor::system("test");
    let c = &mut db.pool.get().unwrap();
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    let org = match arbiter_db::accounts::user_by_email(c, email).unwrap() {
        Some(u) => u,
        None => arbiter_db::accounts::create_user(c, email, &hash, false, &sys).unwrap(),
    };
    let id = create_tournament(c, t, None, &sys, "create").unwrap();
    arbiter_db::accounts::grant_role(c, org.uuid().unwrap(), id, Role::Organizer, &sys).unwrap();
    id
}

async fn sign_in<S, B>(app: &S, db: &TestDb, email: &str) -> Organizer
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut jar = Jar(None);
    let p = call(app, &mut jar, get("/signin")).await;
    let fields = [
        ("email", email),
        ("password", "0123456789ab"),
        ("csrf", &csrf_of(&p.body)),
    ];
    let p = call(app, &mut jar, form("/signin", &fields)).await;
    assert_eq!(p.status, StatusCode::SEE_OTHER);
    let csrf = csrf_of(&call(app, &mut jar, get("/account")).await.body);
    let token = {
        let c = &mut db.pool.get().unwrap();
        let u = arbiter_db::accounts::user_by_email(c, email)
            .unwrap()
            .unwrap();
        let sys = Actor::system("test");
        arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), Some("bot"), &sys).unwrap()
    };
    Organizer { jar, csrf, token }
}

fn api_post(uri: &str, token: &str, body: &serde_json::Value) -> TestRequest {
    TestRequest::post()
        .uri(uri)
        .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
        .set_json(body)
}

/// A refusal naming U+202E.
fn refused(p: &Page, what: &str) {
    assert_eq!(p.status, StatusCode::BAD_REQUEST, "{what}: {}", p.body);
    assert!(p.body.contains("U+202E"), "{what}: {}", p.body);
}

#[actix_web::test]
async fn every_door_refuses_a_hidden_character_in_a_name() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let email = "org@example.org";
        let mut t = Tournament {
            name: Some("Open".into()),
            ..Tournament::default()
        };
        t.players.push(Player::new(1, "Carlsen, Magnus"));
        let id = stored(&db, &t, email);
        let league = stored(&db, &Tournament::default(), email);
        {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            arbiter_db::team::make_team_event(c, league, &TeamSettings::new(2), None, &sys)
                .unwrap();
        }
        let mut o = sign_in(&app, &db, email).await;
        let evil = "Ca\u{202E}rlsen, Magnus";
        let players = format!("/tournaments/{id}/players");

        let fields = [("csrf", o.csrf.as_str()), ("name", evil)];
        let r = call(&app, &mut o.jar, form(&players, &fields)).await;
        refused(&r, "the form");

        let csv = format!("name\n\"Doe, Jane\"\n\"{evil}\"\n");
        let fields = [("csrf", o.csrf.as_str()), ("text", csv.as_str())];
        let upload = format!("{players}/upload");
        let r = call(&app, &mut o.jar, multipart(&upload, &fields, None)).await;
        refused(&r, "the CSV upload");
        assert!(r.body.contains("line 3"), "{}", r.body);

        let trf = format!("012 Test\nXXR 5\n001    2      {evil:<33} 2000\n");
        let fields = [("csrf", o.csrf.as_str()), ("text", trf.as_str())];
        let r = call(&app, &mut o.jar, multipart(&upload, &fields, None)).await;
        refused(&r, "the TRF upload");
        assert!(r.body.contains("line 3"), "{}", r.body);

        let fields = [("csrf", o.csrf.as_str())];
        let file = Some(("evil.trf", trf.as_bytes()));
        let r = call(
            &app,
            &mut o.jar,
            multipart("/tournaments/import", &fields, file),
        )
        .await;
        refused(&r, "the TRF import");

        let api = format!("/api/v1/tournaments/{id}/players");
        let r = call(
            &app,
            &mut o.jar,
            api_post(&api, &o.token, &json!([{ "name": evil }])),
        )
        .await;
        assert!(r.status.is_client_error(), "the API: {}", r.body);
        assert!(r.body.contains("U+202E"), "the API: {}", r.body);

        let teams = format!("team,name\n\"Alpha{}\",\"Doe, Jane\"\n", '\u{202E}');
        let fields = [("csrf", o.csrf.as_str()), ("text", teams.as_str())];
        let upload = format!("/tournaments/{league}/teams/upload");
        let r = call(&app, &mut o.jar, multipart(&upload, &fields, None)).await;
        refused(&r, "the team upload");
        let roster = format!("team,name\nAlpha,\"{evil}\"\n");
        let fields = [("csrf", o.csrf.as_str()), ("text", roster.as_str())];
        let r = call(&app, &mut o.jar, multipart(&upload, &fields, None)).await;
        refused(&r, "the team upload's roster");
        let api = format!("/api/v1/tournaments/{league}/teams");
        let body = json!({"name": "Alpha\u{202E}", "roster": [{"name": "Doe, Jane"}]});
        let r = call(&app, &mut o.jar, api_post(&api, &o.token, &body)).await;
        assert!(r.status.is_client_error(), "the team API: {}", r.body);
        let body = json!({"name": "Alpha", "roster": [{"name": evil}]});
        let r = call(&app, &mut o.jar, api_post(&api, &o.token, &body)).await;
        assert!(
            r.status.is_client_error(),
            "the team API's roster: {}",
            r.body
        );

        // Nothing was stored; the Persian non-joiner still is.
        let c = &mut db.pool.get().unwrap();
        let names: Vec<String> = arbiter_db::load_tournament(c, id)
            .unwrap()
            .unwrap()
            .tournament
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect();
        assert_eq!(names, ["Carlsen, Magnus"]);
        let fields = [("csrf", o.csrf.as_str()), ("name", "رضایی، علی‌اکبر")];
        let r = call(&app, &mut o.jar, form(&players, &fields)).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    }
}

#[actix_web::test]
async fn a_look_alike_in_another_script_is_a_duplicate() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let email = "org@example.org";
        let mut t = Tournament::default();
        t.players.push(Player::new(1, "Carlsen, Magnus"));
        let id = stored(&db, &t, email);
        let mut o = sign_in(&app, &db, email).await;
        let players = format!("/tournaments/{id}/players");
        // A Cyrillic `а` (U+0430): refused until the organizer confirms, as the same name.
        let fields = [
            ("csrf", o.csrf.as_str()),
            ("name", "C\u{0430}rlsen, Magnus"),
        ];
        let r = call(&app, &mut o.jar, form(&players, &fields)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
        assert!(r.body.contains("name=\"confirm_duplicate\""), "{}", r.body);
        // Look-alikes within Latin are different names.
        let fields = [("csrf", o.csrf.as_str()), ("name", "Clarlsen, Magnus")];
        let r = call(&app, &mut o.jar, form(&players, &fields)).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    }
}

#[actix_web::test]
async fn exports_write_no_hidden_character_and_no_formula() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut t = Tournament {
            name: Some("Open\u{202E}".into()),
            ..Tournament::default()
        };
        let formula = "=HYPERLINK(\"http://e.vil\",\"x\")";
        t.players.push(Player::new(1, formula));
        t.players
            .push(Player::new(2, "\u{2067}Carlsen\u{200F}, Magnus\u{2069}"));
        t.players.push(Player::new(3, "@SUM(A1)"));
        t.players.push(Player::new(4, "علی‌رضا، رضایی"));
        let mut r = Round::new(1);
        r.games.push(Game::new(1, 2, GameResult::draw()));
        r.games.push(Game::new(3, 4, GameResult::white_wins()));
        r.state = RoundState::Published;
        t.rounds.push(r);
        let id = stored(&db, &t, "org@example.org");
        let mut o = sign_in(&app, &db, "org@example.org").await;
        let csv = call(
            &app,
            &mut o.jar,
            get(&format!("/tournaments/{id}/export/players.csv")),
        )
        .await;
        assert_eq!(csv.status, StatusCode::OK);
        assert!(
            csv.body
                .contains("\"'=HYPERLINK(\"\"http://e.vil\"\",\"\"x\"\")\""),
            "{}",
            csv.body
        );
        assert!(csv.body.contains(",'@SUM(A1),"), "{}", csv.body);
        assert!(csv.body.contains("Carlsen, Magnus"), "{}", csv.body);
        for export in [
            "export/players.csv",
            "export/trf16",
            "export/trf2026",
            "export.pgn",
        ] {
            let p = call(
                &app,
                &mut o.jar,
                get(&format!("/tournaments/{id}/{export}")),
            )
            .await;
            assert_eq!(p.status, StatusCode::OK, "{export}: {}", p.body);
            assert!(!p.body.chars().any(is_hidden), "{export}: {:?}", p.body);
            assert!(
                p.body.contains("علی‌رضا"),
                "{export}: the non-joiner is kept"
            );
        }
    }
}
