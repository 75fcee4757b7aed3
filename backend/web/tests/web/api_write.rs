//! The write API (`/api/v1`) through the real HTTP stack with a bearer token, on SQLite and,
//! when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: a tournament run by a program from
//! creation to results, with all-or-nothing registration, a stale pairing refused, a pairing
//! given by the program reviewed by the checker, and a pairing taken back.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use serde_json::{Value as Json, json};

macro_rules! call {
    ($app:expr, $token:expr, $method:ident, $uri:expr, $body:expr) => {{
        let resp = test::call_service(
            &$app,
            test::TestRequest::$method()
                .uri(&$uri)
                .insert_header((header::AUTHORIZATION, format!("Bearer {}", $token)))
                .set_json($body)
                .to_request(),
        )
        .await;
        let status = resp.status();
        let body = test::read_body(resp).await;
        let json: Json = serde_json::from_slice(&body).unwrap_or(Json::Null);
        (status, json)
    }};
}

// The input gate's cases (issue #22), in `api_write/input_gate.rs`: they use this file's `call!`.
mod input_gate;

// Dates known only in part through the API (issue #19), in `api_write/dates.rs`.
mod dates;

// The API as strict as its document (issue #45), in `api_write/strict.rs`.
mod strict;

// Settings changed after the start (FIDE's checklist), in `api_write/after_start.rs`.
mod after_start;

#[actix_web::test]
async fn a_program_runs_a_tournament() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let admin =
                arbiter_db::accounts::create_user(c, "admin@example.org", &hash, false, &sys)
                    .unwrap();
            let _ = admin;
            let u = arbiter_db::accounts::create_user(c, "bot@example.org", &hash, false, &sys)
                .unwrap();
            arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), Some("bot"), &sys).unwrap()
        };
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"rounds_planned": 2})
        );
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert!(j["detail"].as_str().unwrap().starts_with("name:"), "{j}");
        // A system Arbiter does not pair: the refusal lists what it takes; a friendly name is
        // taken.
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Swiss Open", "pairing_system": "swiss"})
        );
        assert_eq!(s, StatusCode::BAD_REQUEST);
        let detail = j["detail"].as_str().unwrap();
        assert!(
            detail.contains("`swiss`")
                && detail.contains("FIDE_DUTCH_2025")
                && detail.contains("round-robin"),
            "{j}"
        );
        assert_eq!(j["field"], "pairing_system");
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Dutch Open", "pairing_system": "dutch"})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let (_, t) = call!(
            app,
            token,
            get,
            format!("/api/v1/tournaments/{}", j["id"].as_str().unwrap()),
            json!({})
        );
        assert_eq!(t["pairing_system"], "FIDE_DUTCH_2025", "{t}");
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Bot Open", "rounds_planned": 2, "pairing_system": "FIDE_DUTCH_2025"})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let id = j["id"].as_str().unwrap().to_owned();
        let base = format!("/api/v1/tournaments/{id}");

        // All or none: the second player's rating is out of range.
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{base}/players"),
            json!([{"name": "A, A", "rating": 2000}, {"name": "B, B", "rating": 4000}])
        );
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert!(
            j["detail"]
                .as_str()
                .unwrap()
                .starts_with("players[1].rating"),
            "{j}"
        );
        let players: Vec<Json> = (0..5)
            .map(|i| json!({"name": format!("P{i}, X"), "rating": 2400 - i * 50}))
            .collect();
        let (s, j) = call!(app, token, post, format!("{base}/players"), json!(players));
        assert_eq!(s, StatusCode::CREATED, "{j}");
        assert_eq!(j.as_array().unwrap().len(), 5);
        assert_eq!(j[4]["pairing_number"], 5);

        // Round 1: the engine's pairing; the same request again is stale.
        let (s, p) = call!(app, token, get, format!("{base}/pairing"), json!({}));
        assert_eq!(s, StatusCode::OK, "{p}");
        assert_eq!(p["round"], 1);
        assert_eq!(
            p["pairing"]["bye"], 5,
            "the lowest-ranked of five gets the PAB"
        );
        let store = json!({"round": 1, "seen": p["seen"]});
        let (s, j) = call!(app, token, post, format!("{base}/rounds"), store.clone());
        assert_eq!(s, StatusCode::CREATED, "{j}");
        assert_eq!(j["pairing"], p["pairing"]);
        let (s, _) = call!(app, token, post, format!("{base}/rounds"), store);
        assert_eq!(s, StatusCode::CONFLICT);
        let (s, _) = call!(
            app,
            token,
            post,
            format!("{base}/rounds/1/publish"),
            json!({})
        );
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (_, round) = call!(app, token, get, format!("{base}/rounds/1"), json!({}));
        for g in round["games"].as_array().unwrap() {
            let (s, j) = call!(
                app,
                token,
                put,
                format!("/api/v1/games/{}/result", g["id"].as_str().unwrap()),
                json!({"white": "1", "black": "0", "version": g["version"]})
            );
            assert_eq!(s, StatusCode::OK, "{j}");
        }

        // Round 2: player 2 withdraws, player 5 requests a half-point bye; the program gives
        // a pairing with a rematch, refused until the warning is accepted.
        let (s, _) = call!(
            app,
            token,
            put,
            format!("{base}/players/2/status"),
            json!({"status": "withdrawn"})
        );
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (s, _) = call!(
            app,
            token,
            post,
            format!("{base}/byes"),
            json!({"round": 2, "player": 5, "code": "H"})
        );
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (s, p) = call!(app, token, get, format!("{base}/pairing"), json!({}));
        assert_eq!(s, StatusCode::OK, "{p}");
        let paired: Vec<u64> = p["pairing"]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|b| b.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()))
            .collect();
        assert!(!paired.contains(&2) && !paired.contains(&5), "{p}");
        // Three players left (1, 3, 4): two of them met in round 1 (1-3 on board 1).
        let r1: Vec<[u64; 2]> = round["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| [g["white"].as_u64().unwrap(), g["black"].as_u64().unwrap()])
            .collect();
        let rematch = r1
            .iter()
            .find(|g| g.iter().all(|p| [1, 3, 4].contains(p)))
            .copied()
            .expect("two of 1, 3, 4 met in round 1");
        let third = [1u64, 3, 4]
            .into_iter()
            .find(|p| !rematch.contains(p))
            .unwrap();
        let given = json!({"boards": [rematch], "bye": third});
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{base}/rounds"),
            json!({"round": 2, "seen": p["seen"], "pairing": given})
        );
        assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
        assert!(j["detail"].as_str().unwrap().contains("C1"), "{j}");
        let (s, j) = call!(
            app,
            token,
            post,
            format!("{base}/rounds"),
            json!({"round": 2, "seen": p["seen"], "pairing": given, "accept_warnings": true})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        assert!(!j["warnings"].as_array().unwrap().is_empty());
        // Take it back (unpublished), then the engine's pairing again.
        let (s, _) = call!(app, token, delete, format!("{base}/rounds/2"), json!({}));
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (s, r2) = call!(app, token, get, format!("{base}/rounds/2"), json!({}));
        assert_eq!(
            s,
            StatusCode::NOT_FOUND,
            "a planned round is not public: {r2}"
        );
        let (_, p) = call!(app, token, get, format!("{base}/pairing"), json!({}));
        assert_eq!(p["round"], 2);
        let (s, _) = call!(
            app,
            token,
            post,
            format!("{base}/rounds"),
            json!({"round": 2, "seen": p["seen"]})
        );
        assert_eq!(s, StatusCode::CREATED);

        // Settings by PUT: football scoring, after the start so confirmed (FIDE's checklist,
        // VCL4THP.13 Q75); a stale `seen` is refused.
        let (_, t) = call!(app, token, get, base.clone(), json!({}));
        let seen = t["updated_at"].clone();
        let (s, j) = call!(
            app,
            token,
            put,
            base.clone(),
            json!({"name": "Bot Open", "rounds_planned": 2, "win": "3", "draw": "1", "loss": "0", "seen": seen, "confirm": true})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let (s, _) = call!(
            app,
            token,
            put,
            base.clone(),
            json!({"name": "Bot Open", "seen": seen})
        );
        assert_eq!(s, StatusCode::CONFLICT);
    }
}

#[actix_web::test]
async fn an_adjourned_game_holds_the_pairing_unless_the_tournament_pairs_provisionally() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let u =
                arbiter_db::accounts::create_user(c, "bot@example.org", &hash, true, &sys).unwrap();
            arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), None, &sys).unwrap()
        };
        let (_, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Adjourned Open", "rounds_planned": 3})
        );
        let id = j["id"].as_str().unwrap().to_owned();
        let base = format!("/api/v1/tournaments/{id}");
        let players: Vec<Json> = (0..4)
            .map(|i| json!({"name": format!("Q{i}, X"), "rating": 2000 - i * 10}))
            .collect();
        call!(app, token, post, format!("{base}/players"), json!(players));
        let (_, p) = call!(app, token, get, format!("{base}/pairing"), json!({}));
        let (s, _) = call!(
            app,
            token,
            post,
            format!("{base}/rounds"),
            json!({"round": 1, "seen": p["seen"]})
        );
        assert_eq!(s, StatusCode::CREATED);
        call!(
            app,
            token,
            post,
            format!("{base}/rounds/1/publish"),
            json!({})
        );
        let (_, round) = call!(app, token, get, format!("{base}/rounds/1"), json!({}));
        // Board 1 is adjourned (X), board 2 finished.
        for (g, (w, b)) in round["games"]
            .as_array()
            .unwrap()
            .iter()
            .zip([("X", "X"), ("1", "0")])
        {
            let (s, j) = call!(
                app,
                token,
                put,
                format!("/api/v1/games/{}/result", g["id"].as_str().unwrap()),
                json!({"white": w, "black": b, "version": g["version"]})
            );
            assert_eq!(s, StatusCode::OK, "{j}");
        }
        let (s, j) = call!(app, token, get, format!("{base}/pairing"), json!({}));
        assert_eq!(s, StatusCode::BAD_REQUEST, "the tournament waits: {j}");
        assert!(
            j["detail"]
                .as_str()
                .unwrap()
                .contains("round 1 board 1 adjourned"),
            "{j}"
        );
        let (_, t) = call!(app, token, get, base.clone(), json!({}));
        let (s, j) = call!(
            app,
            token,
            put,
            base.clone(),
            json!({"name": "Adjourned Open", "rounds_planned": 3,
                   "adjourned_pairing": "provisional", "seen": t["updated_at"]})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let (s, p) = call!(app, token, get, format!("{base}/pairing"), json!({}));
        assert_eq!(
            s,
            StatusCode::OK,
            "a provisional draw lets round 2 be paired: {p}"
        );
        assert_eq!(p["round"], 2);
        let page = test::call_service(
            &app,
            test::TestRequest::get()
                .uri(&format!("/tournaments/{id}/standings"))
                .to_request(),
        )
        .await;
        let body = String::from_utf8(test::read_body(page).await.to_vec()).unwrap();
        assert!(
            body.contains("Provisional: adjourned games") && body.contains("round 1 board 1"),
            "{body}"
        );
    }
}
