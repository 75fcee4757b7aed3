//! A team event run through the organizer's team page and a captain's line-ups, on SQLite and,
//! when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: the tournament becomes a team event,
//! four teams are registered with their rosters (new players registered with them), a captain
//! is named, round 1 is paired by the Berger table, the captain submits a line-up (one out of
//! roster order is refused naming the boards; another team's is forbidden), the API reads it,
//! the organizer seats the boards (the others in roster order), a late change is refused,
//! round 2 waits for the results and is paired once they are in; the audit log has each step.

use actix_web::http::{StatusCode, header};
use actix_web::test::TestRequest;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::{GameResult, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, get};
use serde_json::Value as Json;

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

/// Signs `$email` in; the jar and the session's CSRF token.
macro_rules! sign_in {
    ($app:expr, $email:expr) => {{
        let mut jar = Jar(None);
        let p = send!($app, jar, get("/signin"));
        let p = send!(
            $app,
            jar,
            form(
                "/signin",
                &[
                    ("email", $email),
                    ("password", "0123456789ab"),
                    ("csrf", &csrf_of(&p.body)),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let csrf = csrf_of(&send!($app, jar, get("/account")).body);
        (jar, csrf)
    }};
}

/// The `seen` token of the first form on a page.
fn seen_of(body: &str) -> String {
    let key = "name=\"seen\" value=\"";
    let start = body.find(key).expect("a form with a seen token") + key.len();
    body[start..].split('"').next().unwrap().to_owned()
}

#[actix_web::test]
async fn an_organizer_and_a_captain_run_a_team_round() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let sys = Actor::system("test");
        let (id, captain_token) = {
            let c = &mut db.pool.get().unwrap();
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let org = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys)
                .unwrap();
            let cap = arbiter_db::accounts::create_user(c, "cap@example.org", &hash, false, &sys)
                .unwrap();
            let t = Tournament {
                name: Some("Club league".into()),
                ..Tournament::default()
            };
            let id = create_tournament(c, &t, None, &sys, "create").unwrap();
            arbiter_db::accounts::grant_role(c, org.uuid().unwrap(), id, Role::Organizer, &sys)
                .unwrap();
            let token =
                arbiter_db::accounts::create_api_token(c, cap.uuid().unwrap(), None, &sys).unwrap();
            (id, token)
        };
        let manage = format!("/tournaments/{id}/teams/manage");
        let (mut org, csrf) = sign_in!(app, "org@example.org");

        // The tournament becomes a team event of two boards.
        let page = send!(app, org, get(&manage));
        assert_eq!(page.status, StatusCode::OK);
        assert!(
            page.body.contains("Make this a team event"),
            "{}",
            page.body
        );
        let setup = |seen: &str| {
            form(
                &format!("/tournaments/{id}/teams/setup"),
                &[
                    ("csrf", &csrf),
                    ("seen", seen),
                    ("boards", "2"),
                    ("mp_win", "2"),
                    ("mp_draw", "1"),
                    ("mp_loss", "0"),
                    ("primary", "MP"),
                    ("first_colour", "white"),
                    ("colour_preferences", "a"),
                    ("rating_boards", ""),
                    ("bye_mp", "1"),
                    ("bye_gp", "1"),
                    ("deadline", ""),
                ],
            )
        };
        let p = send!(app, org, setup(&seen_of(&page.body)));
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        // The same form again is stale.
        let p = send!(app, org, setup(&seen_of(&page.body)));
        assert_eq!(p.status, StatusCode::CONFLICT);

        // Four teams, three players each (two boards and a reserve), registered with them.
        for (n, name) in ["Rooks", "Knights", "Bishops", "Pawns"].iter().enumerate() {
            let page = send!(app, org, get(&manage));
            let roster = (1..=3)
                .map(|k| format!("{name} {k}; {}; ; IRI", 2300 - 100 * n - 10 * k))
                .collect::<Vec<_>>()
                .join("\n");
            let p = send!(
                app,
                org,
                form(
                    &format!("/tournaments/{id}/teams/add"),
                    &[
                        ("csrf", &csrf),
                        ("seen", &seen_of(&page.body)),
                        ("name", name),
                        ("federation", "IRI"),
                        ("club", ""),
                        ("captain", ""),
                        ("roster", &roster),
                    ]
                )
            );
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        }
        // A player already on a team cannot join another; a bad rating names its line.
        let page = send!(app, org, get(&manage));
        let p = send!(
            app,
            org,
            form(
                &format!("/tournaments/{id}/teams/add"),
                &[
                    ("csrf", &csrf),
                    ("seen", &seen_of(&page.body)),
                    ("name", "Queens"),
                    ("roster", "1\nNew Player; 99999"),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("roster line 2"), "{}", p.body);
        let p = send!(
            app,
            org,
            form(
                &format!("/tournaments/{id}/teams/add"),
                &[
                    ("csrf", &csrf),
                    ("seen", &seen_of(&page.body)),
                    ("name", "Queens"),
                    ("roster", "1"),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("on the roster of Rooks"), "{}", p.body);
        // A refused name stands beside its field, what was typed kept (issue #22).
        let p = send!(
            app,
            org,
            form(
                &format!("/tournaments/{id}/teams/add"),
                &[
                    ("csrf", &csrf),
                    ("seen", &seen_of(&page.body)),
                    ("name", "Que\u{7}ens"),
                    ("club", "Chess Club"),
                    ("roster", "1"),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(
            p.body.contains(
                "aria-describedby=\"error-name\"></label><span class=\"field-error\" id=\"error-name\">holds a control character"
            ),
            "{}",
            p.body
        );
        assert!(p.body.contains("value=\"Chess Club\""), "{}", p.body);
        // The TRF `013` field holds 32 characters: the form refuses a longer name, as the team
        // CSV and the API do.
        let long = "N".repeat(33);
        let p = send!(
            app,
            org,
            form(
                &format!("/tournaments/{id}/teams/add"),
                &[
                    ("csrf", &csrf),
                    ("seen", &seen_of(&page.body)),
                    ("name", &long),
                    ("roster", "1"),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(
            p.body
                .contains("id=\"error-name\">at most 32 characters</span>"),
            "{}",
            p.body
        );
        let t = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
            .unwrap()
            .unwrap()
            .tournament;
        assert_eq!(t.players.len(), 12, "nothing of the refused teams stored");
        let event = t.team.as_ref().unwrap();
        assert_eq!(event.teams.len(), 4);
        assert_eq!(event.teams[0].roster, [1, 2, 3]);
        assert_eq!(event.teams[0].rating(&t, &event.settings), Some(2285));

        // The captain of the Rooks; round 1 by the Berger table (1-4, 2-3).
        let p = send!(
            app,
            org,
            form(
                &format!("/tournaments/{id}/teams/captains"),
                &[("csrf", &csrf), ("email", "cap@example.org"), ("team", "1")]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let page = send!(app, org, get(&manage));
        let p = send!(
            app,
            org,
            form(
                &format!("/tournaments/{id}/teams/pair"),
                &[
                    ("csrf", &csrf),
                    ("seen", &seen_of(&page.body)),
                    ("system", "round-robin"),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let page = send!(app, org, get(&manage));
        assert!(page.body.contains("not submitted yet"));

        // The captain: the Rooks' line-up; out of roster order refused; the Knights' forbidden.
        let (mut cap, cap_csrf) = sign_in!(app, "cap@example.org");
        let lineup = format!("/tournaments/{id}/rounds/1/lineups/1");
        let p = send!(app, cap, get(&lineup));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("Pawns"), "the opponent is named");
        let p = send!(
            app,
            cap,
            form(
                &lineup,
                &[("csrf", &cap_csrf), ("board_1", "3"), ("board_2", "2")]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("listed below player 3"), "{}", p.body);
        let p = send!(
            app,
            cap,
            form(
                &lineup,
                &[("csrf", &cap_csrf), ("board_1", "1"), ("board_2", "3")]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = send!(
            app,
            cap,
            get(&format!("/tournaments/{id}/rounds/1/lineups/2"))
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);

        // The API reads the line-up with the captain's token, and refuses a bad one.
        let api = format!("/api/v1/tournaments/{id}/rounds/1/lineups/1");
        let bearer = (header::AUTHORIZATION, format!("Bearer {captain_token}"));
        let p = send!(
            app,
            Jar(None),
            TestRequest::get().uri(&api).insert_header(bearer.clone())
        );
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let j: Json = serde_json::from_str(&p.body).unwrap();
        assert_eq!(j["boards"], serde_json::json!([1, 3]));
        assert_eq!(j["submitted_by"], "cap@example.org");
        let p = send!(
            app,
            Jar(None),
            TestRequest::post()
                .uri(&api)
                .insert_header(bearer.clone())
                .set_json(serde_json::json!({"boards": [4, null]}))
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
        assert!(p.body.contains("not on the roster"), "{}", p.body);

        // The organizer seats the boards: the Rooks as submitted, the others in roster order.
        let page = send!(app, org, get(&manage));
        assert!(page.body.contains("submitted by cap@example.org"));
        let p = send!(
            app,
            org,
            form(
                &format!("/tournaments/{id}/rounds/1/seat"),
                &[("csrf", &csrf), ("seen", &seen_of(&page.body))]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let games = arbiter_db::round_games(&mut db.pool.get().unwrap(), id, 1).unwrap();
        let mut seated: Vec<(i32, i32, i32)> = games
            .iter()
            .map(|g| (g.board.unwrap(), g.white, g.black))
            .collect();
        seated.sort_unstable();
        // Table 1: Rooks (1, 3) - Pawns (10, 11): White on board 1 for the first-named team.
        // Table 2: Knights (4, 5) - Bishops (7, 8).
        assert_eq!(seated, [(1, 1, 10), (2, 11, 3), (3, 4, 7), (4, 8, 5)]);
        // Too late for the captain now.
        let p = send!(
            app,
            cap,
            form(
                &lineup,
                &[("csrf", &cap_csrf), ("board_1", "1"), ("board_2", "2")]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("seated"), "{}", p.body);

        // Round 2 waits for the results of round 1.
        let pair2 = |seen: String| {
            form(
                &format!("/tournaments/{id}/teams/pair"),
                &[
                    ("csrf", csrf.as_str()),
                    ("seen", seen.as_str()),
                    ("system", "round-robin"),
                ],
            )
        };
        let page = send!(app, org, get(&manage));
        let p = send!(app, org, pair2(seen_of(&page.body)));
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("round 1 is not complete"), "{}", p.body);
        {
            let c = &mut db.pool.get().unwrap();
            arbiter_db::publish_round(c, id, 1, &sys).unwrap();
            for g in arbiter_db::round_games(c, id, 1).unwrap() {
                let gid = uuid::Uuid::parse_str(&g.id).unwrap();
                arbiter_db::record_result(c, gid, g.version, &GameResult::white_wins(), &sys)
                    .unwrap();
            }
        }
        let page = send!(app, org, get(&manage));
        let p = send!(app, org, pair2(seen_of(&page.body)));
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let t = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
            .unwrap()
            .unwrap()
            .tournament;
        let event = t.team.as_ref().unwrap();
        // Round 1: each first-named team won board 1 and lost board 2: 1-1 draws.
        let one = event.team_round(&t, 1, 1);
        assert_eq!(one.match_points.to_string(), "1.0");
        assert_eq!(event.round(2).unwrap().matches.len(), 2);

        let audit = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap();
        for (entity, action) in [
            ("team_settings", "create"),
            ("team", "create"),
            ("captain", "grant"),
            ("team_round", "pair"),
            ("lineup", "submit"),
            ("team_round", "seat"),
        ] {
            assert!(
                audit
                    .iter()
                    .any(|a| a.entity == entity && a.action == action),
                "audited: {entity} {action}"
            );
        }

        // In Persian, the page reads right to left.
        let p = send!(
            app,
            org,
            get(&manage).insert_header((header::ACCEPT_LANGUAGE, "fa"))
        );
        assert_eq!(p.status, StatusCode::OK);
        assert!(p.body.contains("dir=\"rtl\"") && p.body.contains("ترکیب تیم"));
    }
}
