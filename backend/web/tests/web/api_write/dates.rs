//! Dates through the API (issue #19): ISO 8601 in and out, with reduced precision for a date
//! known only in part, which keeps its precision.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use serde_json::{Value as Json, json};

#[actix_web::test]
async fn partial_dates_keep_their_precision() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let u = arbiter_db::accounts::create_user(c, "bot@example.org", &hash, false, &sys)
                .unwrap();
            arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), Some("bot"), &sys).unwrap()
        };
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Partial Open", "start_date": "2005-07", "end_date": "2005"})
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let id = j["id"].as_str().unwrap().to_owned();
        let (s, t) = call!(
            app,
            token,
            get,
            format!("/api/v1/tournaments/{id}"),
            json!(null)
        );
        assert_eq!(s, StatusCode::OK, "{t}");
        assert_eq!(
            (&t["start_date"], &t["end_date"]),
            (&json!("2005-07"), &json!("2005"))
        );
        let (_, list) = call!(app, token, get, "/api/v1/tournaments", json!(null));
        assert_eq!(list[0]["start_date"], "2005-07", "{list}");
        // A month that does not exist, and an end before the start, are refused.
        for (start, end, field) in [
            ("2005-13", "", "start_date"),
            ("2005-07", "2005-06", "end_date"),
        ] {
            let (s, j) = call!(
                app,
                token,
                post,
                "/api/v1/tournaments",
                json!({"name": "Bad Open", "start_date": start, "end_date": end})
            );
            assert_eq!(s, StatusCode::BAD_REQUEST, "{start} {end}: {j}");
            assert_eq!(j["field"], field, "{j}");
        }
    }
}
