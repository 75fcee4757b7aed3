//! Score reports through the arbiter's pages and the API over the real HTTP stack, on SQLite
//! and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: a scoresheet with an illegal move
//! and one whose result the final position contradicts (a win on time for a side that cannot
//! checkmate, Art. 6.9) are flagged; a clean one in German piece letters is not; the chief
//! arbiter confirms one and corrects the other (Art. 8), audited; a round report with one bad line
//! is rejected whole, and a good one is stored.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, get};

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

#[actix_web::test]
async fn score_reports_are_replayed_and_flagged() {
    for db in TestDb::all() {
        let config = Config::default();
        let app = arbiter_web::testing::service(&db.pool, &config).await;
        let t = Tournament {
            name: Some("Reported Open".into()),
            players: (1..=12)
                .map(|i| Player::new(i, format!("Player, {i:02}")))
                .collect(),
            rounds: vec![Round {
                number: 1,
                state: RoundState::Published,
                games: (0..6)
                    .map(|b| Game::new(2 * b + 1, 2 * b + 2, GameResult::pending()))
                    .collect(),
                ..Round::default()
            }],
            ..Tournament::default()
        };
        let (id, games, token) = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            arbiter_db::accounts::create_user(c, "admin@example.org", &hash, false, &sys).unwrap();
            let arb = arbiter_db::accounts::create_user(c, "arb@example.org", &hash, false, &sys)
                .unwrap();
            let id = create_tournament(c, &t, None, &sys, "create").unwrap();
            arbiter_db::accounts::grant_role(c, arb.uuid().unwrap(), id, Role::Arbiter, &sys)
                .unwrap();
            let token =
                arbiter_db::accounts::create_api_token(c, arb.uuid().unwrap(), None, &sys).unwrap();
            let games: Vec<String> = arbiter_db::round_games(c, id, 1)
                .unwrap()
                .into_iter()
                .map(|g| g.id)
                .collect();
            (id, games, token)
        };
        let mut b = Jar(None);
        let p = send!(app, b, get("/signin"));
        let p = send!(
            app,
            b,
            form(
                "/signin",
                &[
                    ("email", "arb@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &csrf_of(&p.body)),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = send!(app, b, get("/account"));
        let csrf = csrf_of(&p.body);
        let result_of = |g: &str| {
            let c = &mut db.pool.get().unwrap();
            let row = arbiter_db::game(c, uuid::Uuid::parse_str(g).unwrap())
                .unwrap()
                .unwrap();
            format!("{}:{}", row.white_code, row.black_code)
        };
        let score_of = |g: &str| {
            let c = &mut db.pool.get().unwrap();
            arbiter_db::games::game_score(c, uuid::Uuid::parse_str(g).unwrap())
                .unwrap()
                .unwrap()
        };
        let report = |g: &str| format!("/tournaments/{id}/games/{g}/report");

        // An illegal move: flagged with its number and article; the entered result stands.
        let g0 = games[0].as_str();
        let p = send!(app, b, get(&report(g0)));
        assert_eq!(p.status, StatusCode::OK);
        let p = send!(
            app,
            b,
            form(
                &report(g0),
                &[
                    ("csrf", &csrf),
                    ("scoresheet", "1.e4 e5 2.Ke3 Nc6"),
                    ("result", "1-0"),
                    ("how", "board"),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("flagged"), "{}", p.body);
        let s = score_of(g0);
        assert!(s.flagged);
        assert_eq!(s.status, "illegal_move", "{}", s.report_json);
        let r = s.report().unwrap();
        assert_eq!(r.first_bad_move.as_ref().unwrap().move_number, 2, "{r:?}");
        assert_eq!(r.first_bad_move.as_ref().unwrap().text, "Ke3");
        assert!(r.article.is_some());
        assert_eq!(result_of(g0), "1:0");

        // A clean scoresheet in German letters: stored, not flagged.
        let g1 = games[1].as_str();
        let p = send!(
            app,
            b,
            form(
                &report(g1),
                &[
                    ("csrf", &csrf),
                    ("scoresheet", "1.e4 e5 2.Dh5 Sc6 3.Lc4 Sf6 4.Dxf7#"),
                    ("result", "1-0"),
                    ("how", ""),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let s = score_of(g1);
        assert!(!s.flagged, "{}", s.report_json);
        assert_eq!(s.status, "ok");

        // An unreadable form value is named, nothing stored.
        let g3 = games[3].as_str();
        let p = send!(
            app,
            b,
            form(
                &report(g3),
                &[("csrf", &csrf), ("scoresheet", "1.e4"), ("result", "2-0")]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("result"), "{}", p.body);
        assert_eq!(result_of(g3), ":");

        // The API: White "won on time" with a bare king: contradicted (6.9), a draw expected.
        let g2 = games[2].as_str();
        let sheet =
            "[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/1q6/4K3 w - - 0 1\"]\n\n1. Kf1 Qb1+ 2. Kf2 *";
        let resp = test::call_service(
            &app,
            test::TestRequest::post()
                .uri(&format!("/api/v1/games/{g2}/score"))
                .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                .set_json(serde_json::json!({"scoresheet": sheet, "result": "1-0", "how": "time"}))
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::CREATED);
        let j: serde_json::Value = test::read_body_json(resp).await;
        assert_eq!(j["flagged"], true, "{j}");
        assert_eq!(j["status"], "result_contradicted", "{j}");
        assert_eq!(j["report"]["result_flag"]["article"], "6.9", "{j}");
        let resp = test::call_service(
            &app,
            test::TestRequest::post()
                .uri(&format!("/api/v1/games/{g2}/score"))
                .set_json(serde_json::json!({"scoresheet": sheet, "result": "1-0"}))
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);

        // The chief arbiter's list: both flagged games; confirm one, correct the other (Art. 8).
        let flagged = format!("/tournaments/{id}/flagged");
        let p = send!(app, b, get(&flagged));
        assert_eq!(p.status, StatusCode::OK);
        assert!(p.body.contains(g0) && p.body.contains(g2), "{}", p.body);
        assert!(
            !p.body.contains(&format!("flagged/{g1}")),
            "a clean score is not listed"
        );
        let p = send!(
            app,
            b,
            form(
                &format!("{flagged}/{g0}"),
                &[("csrf", &csrf), ("decision", "confirm")]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = send!(
            app,
            b,
            form(
                &format!("{flagged}/{g2}"),
                &[
                    ("csrf", &csrf),
                    ("decision", "correct"),
                    ("result", "1/2-1/2")
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(result_of(g0), "1:0");
        assert_eq!(result_of(g2), "=:=");
        assert!(!score_of(g0).flagged && !score_of(g2).flagged);
        let p = send!(app, b, get(&flagged));
        assert!(p.body.contains("No flagged game"), "{}", p.body);
        let audit = format!(
            "{:?}",
            arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap()
        );
        assert!(audit.contains("\"confirm\"") && audit.contains("\"correct\""));

        // A round report with one bad line: rejected whole, nothing stored.
        let round = format!("/tournaments/{id}/rounds/1/report");
        let p = send!(app, b, get(&round));
        assert_eq!(p.status, StatusCode::OK);
        let upload = |text: &str| {
            let boundary = "ReportBoundary";
            let body = format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r1.csv\"\r\nContent-Type: text/csv\r\n\r\n{text}\r\n--{boundary}--\r\n"
            );
            test::TestRequest::post()
                .uri(&round)
                .insert_header((
                    header::CONTENT_TYPE,
                    format!("multipart/form-data; boundary={boundary}"),
                ))
                .set_payload(body)
        };
        let p = send!(
            app,
            b,
            upload("board,white,black,result\n4,7,8,1-0\n5,9,10,2-0\n6,11,12,0-1\n")
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
        assert!(p.body.contains("line 3"), "{}", p.body);
        assert_eq!(result_of(&games[3]), ":", "nothing stored");
        assert_eq!(result_of(&games[5]), ":", "nothing stored");
        let p = send!(
            app,
            b,
            upload("board,white,black,result\n4,7,8,1-0\n5,9,10,1/2-1/2\n6,11,12,0-1\n")
        );
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("Stored 3 results"), "{}", p.body);
        assert_eq!(result_of(&games[3]), "1:0");
        assert_eq!(result_of(&games[4]), "=:=");
        assert_eq!(result_of(&games[5]), "0:1");

        // The round's TRF lines (the export) are read too; a line that disagrees rejects all.
        let p = send!(app, b, get(&format!("/tournaments/{id}/export/trf16")));
        assert_eq!(p.status, StatusCode::OK);
        let trf = p.body.clone();
        let p = send!(app, b, upload(&trf));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("Stored 6 results"), "{}", p.body);
        let spoilt: String = trf
            .lines()
            .map(|l| {
                if l.starts_with("001    1 ") {
                    let mut chars: Vec<char> = l.chars().collect();
                    assert_eq!(chars[98], '1', "player 1 won round 1: {l}");
                    chars[98] = '0';
                    chars.into_iter().collect()
                } else {
                    l.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let p = send!(app, b, upload(&spoilt));
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
        assert!(p.body.contains("Nothing was stored"), "{}", p.body);
        assert_eq!(result_of(g0), "1:0");
    }
}
