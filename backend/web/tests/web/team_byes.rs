//! A team's bye or absence before pairing (TRF-2026 `240`, issue #47) through the organizer's
//! team page and the JSON API, on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set,
//! PostgreSQL: recorded and audited, refused once the round is paired, honoured by the Swiss
//! pairing (the absent team keeps its number, C.04.6 art. 1.1.3), scored, and exported as `240`.

use actix_web::http::{StatusCode, header};
use actix_web::test::TestRequest;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, get, sign_in};
use serde_json::{Value as Json, json};

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

/// An API call with a bearer token; the status and the JSON answer.
macro_rules! api {
    ($app:expr, $token:expr, $uri:expr, $body:expr) => {{
        let req = TestRequest::post()
            .uri(AsRef::<str>::as_ref(&$uri))
            .insert_header((header::AUTHORIZATION, format!("Bearer {}", $token)))
            .set_json($body);
        let p = send!($app, Jar(None), req);
        let j: Json = serde_json::from_str(&p.body).unwrap_or(Json::Null);
        (p.status, j, p.body)
    }};
}

#[actix_web::test]
async fn a_team_bye_before_pairing_is_recorded_audited_paired_around_and_exported() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let org = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let o = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys)
                .unwrap();
            arbiter_db::accounts::create_api_token(c, o.uuid().unwrap(), None, &sys).unwrap()
        };
        let (s, j, body) = api!(
            app,
            org,
            "/api/v1/tournaments",
            json!({"name": "Five teams", "rounds_planned": 3})
        );
        assert_eq!(s, StatusCode::CREATED, "{body}");
        let id: uuid::Uuid = j["id"].as_str().unwrap().parse().unwrap();
        let base = format!("/api/v1/tournaments/{id}");
        let (s, _, body) = api!(
            app,
            org,
            format!("{base}/teams/setup"),
            json!({"boards": 4})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{body}");
        for n in 1..=5 {
            let roster: Vec<Json> = (1..=4)
                .map(|k| json!({"name": format!("Player {n}-{k}"), "rating": 2400 - 10 * n - k}))
                .collect();
            let (s, _, body) = api!(
                app,
                org,
                format!("{base}/teams"),
                json!({"name": format!("Team {n}"), "roster": roster})
            );
            assert_eq!(s, StatusCode::CREATED, "{body}");
        }

        // The organizer's form: team 1 absent in round 1; the page lists it.
        let mut jar = Jar(None);
        sign_in(&app, &mut jar, "org@example.org", "0123456789ab").await;
        let page = send!(app, jar, get(&format!("/tournaments/{id}/teams/manage")));
        assert!(page.body.contains("/teams/byes"), "the form is offered");
        let p = send!(
            app,
            jar,
            form(
                &format!("/tournaments/{id}/teams/byes"),
                &[
                    ("team", "1"),
                    ("round", "1"),
                    ("code", "Z"),
                    ("csrf", &csrf_of(&page.body)),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let page = send!(app, jar, get(&format!("/tournaments/{id}/teams/manage")));
        assert!(
            page.body.contains("Round 1: Team 1, absent"),
            "{}",
            page.body
        );

        // The API: team 2's half-point bye in round 2; what it refuses, naming the field.
        let byes = format!("{base}/teams/byes");
        let (s, _, body) = api!(app, org, byes, json!({"round": 2, "team": 2, "code": "H"}));
        assert_eq!(s, StatusCode::NO_CONTENT, "{body}");
        for (req, field) in [
            (json!({"round": 2, "team": 9, "code": "H"}), "team"),
            (json!({"round": 7, "team": 2, "code": "H"}), "round"),
            (json!({"round": 2, "team": 2, "code": "X"}), "code"),
        ] {
            let (s, j, body) = api!(app, org, byes, req);
            assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(j["field"], field, "{j}");
        }

        // Round 1 pairs around the absent team, its number kept: 4-2 and 3-5, no bye.
        let (s, j, body) = api!(
            app,
            org,
            format!("{base}/teams/rounds"),
            json!({"system": "swiss"})
        );
        assert_eq!(s, StatusCode::OK, "{body}");
        let mut pairs: Vec<(u64, u64)> = j["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["first"].as_u64().unwrap(), m["second"].as_u64().unwrap()))
            .collect();
        pairs.sort_unstable();
        assert_eq!(pairs, [(3, 5), (4, 2)], "{j}");
        assert_eq!(j["bye"], Json::Null);
        // Once paired, the round's byes are closed.
        let (s, j, body) = api!(app, org, byes, json!({"round": 1, "team": 1, "code": null}));
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(j["field"], "round");

        // Audited: who, what before and after.
        let audit = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap();
        let entries: Vec<_> = audit.iter().filter(|a| a.entity == "team_bye").collect();
        assert_eq!(entries.len(), 2, "{audit:?}");
        assert!(entries.iter().all(|a| a.action == "request-bye"));
        assert!(
            entries
                .iter()
                .any(|a| a.after_json.as_deref().is_some_and(|j| j.contains("\"Z\"")))
        );
        assert!(
            entries
                .iter()
                .any(|a| a.after_json.as_deref().is_some_and(|j| j.contains("\"H\"")))
        );

        // The export writes both as 240 records, and reads back the same.
        let p = send!(app, jar, get(&format!("/tournaments/{id}/export/trf2026")));
        assert_eq!(p.status, StatusCode::OK);
        assert!(p.body.contains("\n240 Z   1    1\n"), "{}", p.body);
        assert!(p.body.contains("\n240 H   2    2\n"), "{}", p.body);
        let back = arbiter_tournament::read_trf(p.body.as_bytes())
            .unwrap()
            .tournament;
        let e = back.team.unwrap();
        assert_eq!(
            e.bye_before_pairing(1, 1),
            Some(arbiter_tournament::ResultCode::ZeroBye)
        );
        assert_eq!(
            e.bye_before_pairing(2, 2),
            Some(arbiter_tournament::ResultCode::HalfBye)
        );
    }
}
