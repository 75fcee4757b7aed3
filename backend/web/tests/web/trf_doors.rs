//! A TRF file through every door of the service (issue #47: "a file written by gacrux is read by
//! every door and written back equal"), on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set,
//! PostgreSQL: the team files we hold (the fixtures, and the files FIDE's reference code wrote,
//! `backend/tournament/tests/data/gacrux_written/`), imported by the web form and by
//! `POST /api/v1/tournaments/import`, then written back by `GET /api/v1/tournaments/{id}/trf/2026`
//! and by the web export: the file read back is the event the original reads into (the import's
//! `### Import @ Round` records aside, which the check of its rounds adds), and both doors store
//! the same event.

use std::path::PathBuf;

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_tournament::{Tournament, read_trf};
use arbiter_web::Config;

/// The team TRF files: the fixtures and the reference code's own.
fn files() -> Vec<PathBuf> {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut out = vec![
        root.join("fixtures/teams/sample-trf26.trf"),
        root.join("fixtures/teams/sample-trf16.trf"),
        root.join("fixtures/teams/crete-friendship-cup-2024.trf"),
    ];
    let gacrux = root.join("backend/tournament/tests/data/gacrux_written");
    if let Ok(dir) = std::fs::read_dir(&gacrux) {
        let mut more: Vec<PathBuf> = dir
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "trf"))
            .collect();
        more.sort();
        out.extend(more);
    }
    assert!(
        out.len() > 3,
        "the reference code's team file is missing from {}",
        gacrux.display()
    );
    out
}

/// The event a text reads into, without the import's records.
fn event(text: &[u8]) -> Tournament {
    let mut t = read_trf(text).expect("reads").tournament;
    t.other_records
        .retain(|r| !r.line.starts_with("### Import @ Round"));
    t.publish_paired_rounds();
    t
}

#[actix_web::test]
async fn team_files_go_in_and_come_out_of_every_door_unchanged() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = arbiter_web::testing::account_token(&db.pool, "fed@example.org", true);
        for path in files() {
            let name = path.display().to_string();
            let bytes = std::fs::read(&path).expect(&name);
            let resp = test::call_service(
                &app,
                test::TestRequest::post()
                    .uri("/api/v1/tournaments/import")
                    .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                    .insert_header((header::CONTENT_TYPE, "text/plain"))
                    .set_payload(bytes.clone())
                    .to_request(),
            )
            .await;
            assert_eq!(resp.status(), StatusCode::CREATED, "{name}");
            let j: serde_json::Value = test::read_body_json(resp).await;
            let id = j["id"].as_str().expect("an id").to_owned();
            assert!(j["irregular_rounds"].is_array(), "{j}");
            for version in ["2026", "16"] {
                let resp = test::call_service(
                    &app,
                    test::TestRequest::get()
                        .uri(&format!("/api/v1/tournaments/{id}/trf/{version}"))
                        .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                        .to_request(),
                )
                .await;
                assert_eq!(resp.status(), StatusCode::OK, "{name} {version}");
                let text = test::read_body(resp).await;
                let back = event(&text);
                let original = event(&bytes);
                if version == "2026" {
                    assert!(
                        back == original,
                        "{name}: written back as TRF-2026, the event differs"
                    );
                } else {
                    // TRF16 cannot hold a team's nickname, strength and rank (TRF-2026's `310`
                    // fields): the teams and every game are the same.
                    let (a, b) = (back.team.as_ref(), original.team.as_ref());
                    assert_eq!(
                        a.map(|e| (e.teams.len(), e.rounds.len())),
                        b.map(|e| (e.teams.len(), e.rounds.len())),
                        "{name}"
                    );
                    assert_eq!(back.rounds, original.rounds, "{name}: TRF16 rounds");
                    assert_eq!(back.players.len(), original.players.len(), "{name}");
                }
            }
            // Another version the API does not write: 404, as problem JSON.
            let resp = test::call_service(
                &app,
                test::TestRequest::get()
                    .uri(&format!("/api/v1/tournaments/{id}/trf/06"))
                    .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                    .to_request(),
            )
            .await;
            assert_eq!(resp.status(), StatusCode::NOT_FOUND, "{name}");
        }
        // Another method on the import's path: 405 with `Allow: POST`, not a tournament
        // called "import".
        let resp = test::call_service(
            &app,
            test::TestRequest::put()
                .uri("/api/v1/tournaments/import")
                .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                .set_payload("012 x")
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(
            resp.headers()
                .get(header::ALLOW)
                .and_then(|v| v.to_str().ok()),
            Some("POST")
        );
        // Without a token: 401; a file that is not a TRF: 400 naming `file`.
        let resp = test::call_service(
            &app,
            test::TestRequest::post()
                .uri("/api/v1/tournaments/import")
                .set_payload("012 Nothing")
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
        let resp = test::call_service(
            &app,
            test::TestRequest::post()
                .uri("/api/v1/tournaments/import")
                .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                .set_payload("001 not a player line")
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
        let j: serde_json::Value = test::read_body_json(resp).await;
        assert_eq!(j["field"], "file", "{j}");
    }
}
