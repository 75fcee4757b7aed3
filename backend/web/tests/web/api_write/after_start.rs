//! Settings changed after the start (FIDE's checklist VCL4THP.13 Q58-Q59, Q75, Q201-Q202): once
//! a round is paired, a change of the number of rounds, the scoring or the tie-break list is
//! refused naming `confirm` until the client confirms it, then saved with its `###` records;
//! other settings, and every setting before the start, change without it.

use super::*;

fn records(db: &TestDb, id: &str) -> Vec<String> {
    let c = &mut db.pool.get().unwrap();
    arbiter_db::load_tournament(c, id.parse().unwrap())
        .unwrap()
        .unwrap()
        .tournament
        .other_records
        .iter()
        .map(|r| r.line.clone())
        .filter(|l| l.starts_with("### "))
        .collect()
}

#[actix_web::test]
async fn a_guarded_change_after_the_start_needs_confirmation_and_is_recorded() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = arbiter_web::testing::account_token(&db.pool, "bot@example.org", true);
        let (_, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Guarded Open", "rounds_planned": 3})
        );
        let id = j["id"].as_str().unwrap().to_owned();
        let base = format!("/api/v1/tournaments/{id}");
        // Before the start: free.
        let (s, j) = call!(
            app,
            token,
            patch,
            base.clone(),
            json!({"rounds_planned": 4})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let players: Vec<Json> = (0..6)
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
        // After round 1: the city changes freely; the rounds, the PAB and the list do not.
        let (s, j) = call!(app, token, patch, base.clone(), json!({"city": "Yazd"}));
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        for body in [
            json!({"rounds_planned": 5}),
            json!({"pab": "0.5"}),
            json!({"tiebreaks": "BH/C1,SB"}),
            json!({"rounds_planned": 5, "confirm": false}),
        ] {
            let (s, j) = call!(app, token, patch, base.clone(), body.clone());
            assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {j}");
            assert_eq!(j["field"], "confirm", "{j}");
            assert!(j["detail"].as_str().unwrap().contains("### "), "{j}");
        }
        assert!(
            records(&db, &id).is_empty(),
            "nothing saved, nothing recorded"
        );
        let (_, t) = call!(app, token, get, base.clone(), json!({}));
        assert_eq!(t["rounds_planned"], 4, "{t}");
        // Confirmed: saved, and recorded in the TRF export's comment lines.
        let (s, j) = call!(
            app,
            token,
            patch,
            base.clone(),
            json!({"rounds_planned": 5, "tiebreaks": "BH/C1,SB", "confirm": true})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let (_, t) = call!(app, token, get, base.clone(), json!({}));
        assert_eq!(t["rounds_planned"], 5, "{t}");
        assert_eq!(
            records(&db, &id),
            [
                "### Configuration @ Round 1: rounds 4 -> 5",
                "### Tie-breaks @ Round 1: tie-break list - -> BH/C1,SB",
            ]
        );
        // PUT (the whole settings) guards the same way.
        let (s, j) = call!(
            app,
            token,
            put,
            base.clone(),
            json!({"name": "Guarded Open", "rounds_planned": 7, "tiebreaks": "BH/C1,SB"})
        );
        assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
        assert_eq!(j["field"], "confirm", "{j}");
    }
}
