//! One gate for every input (issue #22): each case the issue lists, through each door that
//! takes it (the JSON API, the organizer's forms, the TRF import), on SQLite and PostgreSQL.
//! Every refusal is a 4xx naming the field (or, for an import, the reason), and nothing of it
//! reaches the database: the tournament as stored is the same after the refusal.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, form, get, multipart};
use serde_json::{Value as Json, json};

/// The tournament as the API shows it (its rounds, players and settings).
macro_rules! read {
    ($app:expr, $token:expr, $id:expr) => {{
        let (s, j) = call!(
            $app,
            $token,
            get,
            format!("/api/v1/tournaments/{}", $id),
            json!(null)
        );
        assert_eq!(s, StatusCode::OK, "{j}");
        let mut j = j;
        // The last change moves with any write; compared separately.
        j.as_object_mut().unwrap().remove("updated_at");
        j
    }};
}

/// An account `org@example.org` (password `0123456789ab`) and an API token of it.
fn organizer_token(db: &TestDb) -> String {
    let c = &mut db.pool.get().unwrap();
    let sys = Actor::system("test");
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    let u = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys).unwrap();
    arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), Some("bot"), &sys).unwrap()
}

/// A `PATCH` of `uri` with a merge patch, as the organizer's program sends it.
fn merge_patch(uri: &str, token: &str, body: &Json) -> test::TestRequest {
    test::TestRequest::patch()
        .uri(uri)
        .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
        .insert_header((header::CONTENT_TYPE, "application/merge-patch+json"))
        .set_payload(body.to_string())
}

/// The message a form shown again (400) stands beside `field` with: the field's tag is marked
/// invalid and described by the element right after its label, which holds the message; the
/// summary at the top links to the field. Returns the field's tag and the message.
fn beside(html: &str, field: &str) -> (String, String) {
    let id = format!("error-{field}");
    let at = html
        .find(&format!(" name=\"{field}\""))
        .unwrap_or_else(|| panic!("no field {field}: {html}"));
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap() + 1;
    let tag = &html[start..end];
    assert!(tag.contains(" aria-invalid=\"true\""), "{tag}");
    assert!(
        tag.contains(&format!(" aria-describedby=\"{id}\"")),
        "{tag}"
    );
    let rest = &html[end..];
    let after = &rest[rest.find("</label>").unwrap() + "</label>".len()..];
    let open = format!("<span class=\"field-error\" id=\"{id}\">");
    assert!(after.starts_with(&open), "{field}: {after}");
    let message = &after[open.len()..];
    let message = &message[..message.find("</span>").unwrap()];
    assert_eq!(html.matches(&format!("id=\"{id}\"")).count(), 1, "{html}");
    assert!(
        html.contains(&format!("role=\"alert\"><a href=\"#field-{field}\">")),
        "the summary links to the field: {html}"
    );
    (tag.to_owned(), message.to_owned())
}

fn refused_on(j: &Json, field: &str) {
    assert_eq!(j["status"], 400, "{j}");
    assert_eq!(j["field"], field, "{j}");
}

#[actix_web::test]
async fn every_door_refuses_what_the_event_cannot_hold() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = organizer_token(&db);
        let count = |db: &TestDb| {
            arbiter_db::list_tournaments(&mut db.pool.get().unwrap())
                .unwrap()
                .len()
        };

        // ---- creating: every settings field is checked, none silently ignored ----
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Gate Open", "rounds_planned": 3, "time_zone": "Mars/Base"})
        );
        assert_eq!(s, StatusCode::BAD_REQUEST);
        refused_on(&j, "time_zone");
        assert!(j["detail"].as_str().unwrap().contains("Mars/Base"), "{j}");
        let bh = vec!["BH"; 5000].join(",");
        for (body, field) in [
            (json!({"name": "Gate Open", "tiebreaks": bh}), "tiebreaks"),
            (
                json!({"name": "Gate Open", "tiebreaks": "BH,SB,BH"}),
                "tiebreaks",
            ),
            (json!({"name": "Gate\u{0}Open"}), "name"),
            (json!({"name": "Gate Open", "city": "Ba\u{7}ku"}), "city"),
            (json!({"name": "Gate Open", "win": "x"}), "win"),
            // FIDE's checklist (VCL4THP.13 Q74, Q81, Q83): a draw worth more than half of a
            // win and a loss, a PAB worth more than a win, an odd PAB with standard points.
            (
                json!({"name": "Gate Open", "win": "3", "draw": "2", "loss": "0"}),
                "draw",
            ),
            (
                json!({"name": "Gate Open", "win": "3", "draw": "1", "pab": "4"}),
                "pab",
            ),
            (json!({"name": "Gate Open", "pab": "0.8"}), "pab"),
            // Q105: no Buchholz family for a round robin.
            (
                json!({"name": "Gate Open", "pairing_system": "FIDE_ROUNDROBIN", "tiebreaks": "DE,FB,SB"}),
                "tiebreaks",
            ),
            (
                json!({"name": "Gate Open", "pairing_system": "FIDE_ROUNDROBIN", "tiebreaks": "BH/C1"}),
                "tiebreaks",
            ),
            (
                json!({"name": "Gate Open", "initial_colour": "green"}),
                "initial_colour",
            ),
            (
                json!({"name": "Gate Open", "start_date": "2025/03/01"}),
                "start_date",
            ),
        ] {
            let (s, j) = call!(app, token, post, "/api/v1/tournaments", body);
            assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
            refused_on(&j, field);
        }
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({"name": "Gate Open", "colour": "white"})
        );
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert!(j["detail"].as_str().unwrap().contains("colour"), "{j}");
        assert_eq!(count(&db), 0, "a refused creation stores nothing");

        // The settings-only fields are taken on creation, as `PUT` takes them.
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({
                "name": "  Gate Open  ",
                "rounds_planned": 3,
                "start_date": "2025-03-01",
                "time_zone": "asia/tehran",
                "win": "3",
                "draw": "1",
                "chief_arbiter": "Arbiter, Ann",
                "tiebreaks": "bh/c1, bh sb"
            })
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let id = j["id"].as_str().unwrap().to_owned();
        let t = read!(app, token, id);
        assert_eq!(t["name"], "Gate Open");
        assert_eq!(t["time_zone"], "Asia/Tehran");
        assert_eq!(t["chief_arbiter"], "Arbiter, Ann");
        assert_eq!(
            t["start_date"], "2025-03-01",
            "dates are ISO 8601 in the API"
        );
        assert_eq!(t["tiebreaks"], json!(["BH/C1", "BH", "SB"]));
        assert_eq!(t["scoring"]["win"], 30, "{t}");
        assert_eq!(t["scoring"]["draw"], 10, "{t}");

        // ---- players: a control character in a name, through the API ----
        let (s, j) = call!(
            app,
            token,
            post,
            format!("/api/v1/tournaments/{id}/players"),
            json!([{"name": "Alpha, A"}, {"name": "Be\u{0}ta, B"}])
        );
        assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
        assert_eq!(j["field"], "players[1].name", "{j}");
        let (s, j) = call!(
            app,
            token,
            post,
            format!("/api/v1/tournaments/{id}/players"),
            json!([{"name": "Alpha, A"}, {"name": "Beta, B"}, {"name": "Gamma, C"}])
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");

        // ---- byes: a round the event does not have, through the API ----
        let before = read!(app, token, id);
        for round in [0, 4, 99, 65_535] {
            let (s, j) = call!(
                app,
                token,
                post,
                format!("/api/v1/tournaments/{id}/byes"),
                json!({"round": round, "player": 1, "code": "H"})
            );
            assert_eq!(s, StatusCode::BAD_REQUEST, "round {round}: {j}");
            refused_on(&j, "round");
            assert!(j["detail"].as_str().unwrap().contains("1 to 3"), "{j}");
        }
        let (s, j) = call!(
            app,
            token,
            post,
            format!("/api/v1/tournaments/{id}/byes"),
            json!({"round": 65_536, "player": 1, "code": "H"})
        );
        assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
        assert_eq!(
            read!(app, token, id),
            before,
            "nothing stored by a refused bye"
        );
        let (s, j) = call!(
            app,
            token,
            post,
            format!("/api/v1/tournaments/{id}/byes"),
            json!({"round": 3, "player": 1, "code": "H"})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");

        // ---- the board view of a round the event does not have ----
        for round in [0, 9] {
            let (s, j) = call!(
                app,
                token,
                get,
                format!("/api/v1/tournaments/{id}/rounds/{round}/board"),
                json!(null)
            );
            assert_eq!(s, StatusCode::NOT_FOUND, "round {round}: {j}");
        }

        // ---- the same through the organizer's forms ----
        let mut b = Jar::default();
        let p =
            arbiter_web::testing::sign_in(&app, &mut b, "org@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let page = call(&app, &mut b, get("/tournaments/new")).await;
        let csrf = csrf_of(&page.body);
        let long = "L".repeat(201);
        for (fields, field, says) in [
            (
                vec![("name", "Form\u{0}Open")],
                "name",
                "control character (U+0000) at character 5",
            ),
            (
                vec![("name", long.as_str()), ("city", "Baku")],
                "name",
                "at most 200 characters",
            ),
            (
                vec![("name", "Form Open"), ("tiebreaks", bh.as_str())],
                "tiebreaks",
                "at most 12 tie-breaks",
            ),
        ] {
            let mut fields = fields;
            fields.push(("csrf", csrf.as_str()));
            let p = call(&app, &mut b, form("/tournaments/new", &fields)).await;
            assert_eq!(p.status, StatusCode::BAD_REQUEST, "{field}: {}", p.body);
            // The message stands beside the field, and what was typed is kept.
            let (tag, message) = beside(&p.body, field);
            assert!(message.contains(says), "{field}: {message}");
            let typed = fields.iter().find(|(f, _)| *f == field).unwrap().1;
            assert!(tag.contains(&format!("value=\"{typed}\"")), "{tag}");
            for (f, v) in &fields {
                if *f != "csrf" {
                    assert!(
                        p.body.contains(&format!("name=\"{f}\" value=\"{v}\"")),
                        "{f}"
                    );
                }
            }
        }
        let before = read!(app, token, id);
        for round in ["0", "4", "99", "70000"] {
            let p = call(
                &app,
                &mut b,
                form(
                    &format!("/tournaments/{id}/byes"),
                    &[
                        ("player", "2"),
                        ("round", round),
                        ("code", "H"),
                        ("csrf", &csrf),
                    ],
                ),
            )
            .await;
            assert_eq!(
                p.status,
                StatusCode::BAD_REQUEST,
                "round {round}: {}",
                p.body
            );
        }
        let p = call(
            &app,
            &mut b,
            form(
                &format!("/tournaments/{id}/players"),
                &[
                    ("name", "Del\u{7f}ta, D"),
                    ("title", "FM"),
                    ("rating", "2210"),
                    ("csrf", &csrf),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
        let (tag, message) = beside(&p.body, "name");
        assert!(message.contains("control character (U+007F)"), "{message}");
        assert!(tag.contains("value=\"Del\u{7f}ta, D\""), "{tag}");
        assert!(p.body.contains("name=\"title\" value=\"FM\""), "{}", p.body);
        assert!(
            p.body.contains("name=\"rating\" value=\"2210\""),
            "{}",
            p.body
        );
        assert_eq!(
            read!(app, token, id),
            before,
            "nothing stored by a refused form"
        );

        // ---- an import with no tournament in it ----
        let binary: Vec<u8> = (0..3072u32).map(|i| (i * 7919 % 251) as u8).collect();
        let header_only = b"012 Nothing Open\n042 2026/01/01\n".to_vec();
        for (name, bytes) in [("blob.trf", binary), ("header.trf", header_only)] {
            let p = call(
                &app,
                &mut b,
                multipart(
                    "/tournaments/import",
                    &[("csrf", &csrf)],
                    Some((name, &bytes)),
                ),
            )
            .await;
            assert_eq!(p.status, StatusCode::BAD_REQUEST, "{name}: {}", p.body);
            assert!(
                p.body.contains("binary data") || p.body.contains("no player records"),
                "{name}: {}",
                p.body
            );
        }
        // A tournament's name longer than the gate takes, named by its line and record.
        let trf = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/karl-mala-2005.trf"
        ))
        .unwrap();
        let first = trf.lines().next().unwrap();
        let long = trf.replacen(first, &format!("012 {}", "N".repeat(201)), 1);
        let p = call(
            &app,
            &mut b,
            multipart(
                "/tournaments/import",
                &[("csrf", &csrf)],
                Some(("long.trf", long.as_bytes())),
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
        assert!(
            p.body
                .contains("line 1, column 5: record `012`: at most 200 characters"),
            "{}",
            p.body
        );
        assert_eq!(count(&db), 1, "a refused import stores nothing");
    }
}

#[actix_web::test]
async fn a_request_id_names_every_answer() {
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let resp = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/api/v1/tournaments")
            .insert_header(("x-request-id", "client-42"))
            .to_request(),
    )
    .await;
    assert_eq!(resp.headers().get("x-request-id").unwrap(), "client-42");
    // A header that is not a plain token is replaced by the server's own id.
    let resp = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/api/v1/tournaments")
            .insert_header(("x-request-id", "a b\tc"))
            .to_request(),
    )
    .await;
    let id = resp
        .headers()
        .get("x-request-id")
        .unwrap()
        .to_str()
        .unwrap();
    assert_eq!(id.len(), 36, "{id}");
    assert!(resp.headers().get(header::CONTENT_TYPE).is_some());
}

/// `PATCH /api/v1/tournaments/{id}` (a JSON Merge Patch, RFC 7396) changes only the fields it
/// names, `null` clears one, an unknown field or a bad value is refused naming it with nothing
/// changed, and a stale `seen` is a `409` (issue #19).
#[actix_web::test]
async fn a_patch_changes_only_the_settings_it_names() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = organizer_token(&db);
        let (s, j) = call!(
            app,
            token,
            post,
            "/api/v1/tournaments",
            json!({
                "name": "Patch Open",
                "city": "Shiraz",
                "rounds_planned": 7,
                "time_zone": "Asia/Tehran",
                "win": "3",
                "draw": "1",
                "tiebreaks": "BH/C1,BH,SB",
                "default_time_minutes": 30
            })
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let id = j["id"].as_str().unwrap().to_owned();
        let before = read!(app, token, id);
        let patch = |body: Json| merge_patch(&format!("/api/v1/tournaments/{id}"), &token, &body);
        let send = |req: test::TestRequest| async {
            let resp = test::call_service(&app, req.to_request()).await;
            let status = resp.status();
            let body = test::read_body(resp).await;
            (
                status,
                serde_json::from_slice::<Json>(&body).unwrap_or(Json::Null),
            )
        };
        // Only the name: everything else stays (PUT would have reset the time zone, the scoring,
        // the tie-breaks and the default time).
        let (s, j) = send(patch(json!({"name": "Patch Open 2026"}))).await;
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let mut after = read!(app, token, id);
        assert_eq!(after["name"], "Patch Open 2026");
        after["name"] = before["name"].clone();
        assert_eq!(after, before, "nothing else changed");
        // `null` clears a field.
        let (s, _) = send(patch(json!({"city": null, "rounds_planned": 9}))).await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        let t = read!(app, token, id);
        assert_eq!(t["city"], Json::Null);
        assert_eq!(t["rounds_planned"], 9);
        assert_eq!(t["time_zone"], "Asia/Tehran");
        assert_eq!(t["scoring"]["win"], 30);
        // Refused, naming the field, and nothing changed.
        for (body, field) in [
            (json!({"time_zone": "Mars/Base", "name": "X"}), "time_zone"),
            (json!({"colour": "white"}), "colour"),
            (json!({"tiebreaks": "BH,BH"}), "tiebreaks"),
            (json!({"rounds_planned": true}), "rounds_planned"),
            (json!({"name": "A\u{0}B"}), "name"),
        ] {
            let (s, j) = send(patch(body)).await;
            assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
            assert_eq!(j["field"], field, "{j}");
        }
        let (s, _) = send(patch(json!(["name"]))).await;
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert_eq!(
            read!(app, token, id),
            t,
            "nothing stored by a refused patch"
        );
        // A stale `seen` is refused.
        let (s, j) = send(patch(
            json!({"name": "Late", "seen": "2000-01-01T00:00:00"}),
        ))
        .await;
        assert_eq!(s, StatusCode::CONFLICT, "{j}");
        assert_eq!(read!(app, token, id)["name"], "Patch Open 2026");

        // A player: only the fields sent change, checked as registration checks them.
        let (s, j) = call!(
            app,
            token,
            post,
            format!("/api/v1/tournaments/{id}/players"),
            json!([
                {"name": "Rostami, Ali", "rating": 2100, "federation": "IRI", "fide_id": 12_500_000},
                {"name": "Karimi, Sara", "rating": 1900}
            ])
        );
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let player = |pn: u16, body: Json| {
            merge_patch(
                &format!("/api/v1/tournaments/{id}/players/{pn}"),
                &token,
                &body,
            )
        };
        let (s, j) = send(player(1, json!({"rating": 2150, "sex": "m"}))).await;
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let t = read!(app, token, id);
        let p1 = &t["players"][0];
        assert_eq!(p1["rating"], 2150, "{p1}");
        assert_eq!(p1["name"], "Rostami, Ali");
        assert_eq!(p1["federation"], "IRI");
        let (s, _) = send(player(1, json!({"federation": null}))).await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        assert_eq!(
            read!(app, token, id)["players"][0]["federation"],
            Json::Null
        );
        let before = read!(app, token, id);
        for (body, field) in [
            (json!({"rating": 9000}), "rating"),
            (json!({"name": "Ka\u{0}rimi"}), "name"),
            (json!({"name": null}), "name"),
            (json!({"sex": "x"}), "sex"),
            (json!({"fide_id": 12_500_000}), "fide_id"),
            (json!({"status": "withdrawn"}), "status"),
        ] {
            let (s, j) = send(player(2, body)).await;
            assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
            assert_eq!(j["field"], field, "{j}");
        }
        let (s, _) = send(player(9, json!({"rating": 2000}))).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        assert_eq!(
            read!(app, token, id),
            before,
            "nothing stored by a refused patch"
        );

        // A round: its scheduled start (UTC), set and cleared.
        let (s, j) = call!(
            app,
            token,
            post,
            format!("/api/v1/tournaments/{id}/byes"),
            json!({"round": 1, "player": 2, "code": "H"})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let round = |n: u16, body: Json| {
            merge_patch(
                &format!("/api/v1/tournaments/{id}/rounds/{n}"),
                &token,
                &body,
            )
        };
        let (s, j) = send(round(1, json!({"scheduled": "2026-12-01T14:30:00"}))).await;
        assert_eq!(s, StatusCode::NO_CONTENT, "{j}");
        let scheduled = |db: &TestDb| {
            let c = &mut db.pool.get().unwrap();
            let t = arbiter_db::load_tournament(c, id.parse().unwrap())
                .unwrap()
                .unwrap();
            t.tournament.round(1).and_then(|r| r.scheduled)
        };
        assert_eq!(
            scheduled(&db).map(|d| d.to_string()),
            Some("2026-12-01 14:30:00".to_owned())
        );
        let (s, j) = send(round(1, json!({"scheduled": "tomorrow"}))).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{j}");
        assert_eq!(j["field"], "scheduled");
        let (s, _) = send(round(5, json!({"scheduled": null}))).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        let (s, _) = send(round(1, json!({"scheduled": null}))).await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        assert_eq!(scheduled(&db), None);
    }
}

/// Every JSON body of the arbiter's game operations refuses a field it does not know, naming it
/// (issue #22: "unknown JSON fields are refused, naming them"), and nothing is recorded.
#[actix_web::test]
async fn every_game_body_refuses_an_unknown_field() {
    let trf = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    ))
    .unwrap();
    let t = arbiter_tournament::trf::read_trf(&trf).unwrap().tournament;
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = organizer_token(&db);
        let (id, game) = {
            let c = &mut db.pool.get().unwrap();
            let user = arbiter_db::accounts::user_by_email(c, "org@example.org")
                .unwrap()
                .unwrap();
            let id = arbiter_db::create_tournament_for(c, &t, None, &user).unwrap();
            (id, arbiter_db::round_games(c, id, 1).unwrap()[0].id.clone())
        };
        let audit = |db: &TestDb| {
            arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id)
                .unwrap()
                .len()
        };
        let before = audit(&db);
        for (method, path, body) in [
            ("post", "check-in", json!({"colour": "white", "bogus": 1})),
            ("post", "override", json!({"version": 1, "bogus": 1})),
            ("post", "incidents", json!({"version": 1, "bogus": 1})),
            (
                "post",
                "score",
                json!({"scoresheet": "1. e4 e5", "result": "1-0", "bogus": 1}),
            ),
            (
                "put",
                "result",
                json!({"white": "1", "black": "0", "version": 1, "bogus": 1}),
            ),
        ] {
            let uri = format!("/api/v1/games/{game}/{path}");
            let (s, j) = if method == "put" {
                call!(app, token, put, uri, body)
            } else {
                call!(app, token, post, uri, body)
            };
            assert_eq!(s, StatusCode::BAD_REQUEST, "{path}: {j}");
            assert!(
                j["detail"].as_str().unwrap().contains("bogus"),
                "{path}: {j}"
            );
        }
        assert_eq!(audit(&db), before, "nothing recorded");
    }
}
