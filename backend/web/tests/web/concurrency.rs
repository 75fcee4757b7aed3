//! Two arbiters submit a result for the same board at the same moment, through the real HTTP
//! stack (both requests in flight together, each on its own database connection), on SQLite and,
//! when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: exactly one wins, the other gets `409
//! Conflict` with the winner's result, and the stored game and the audit log hold the winner's
//! result once.

use actix_web::http::{StatusCode, header};
use actix_web::{App, test, web};
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::{AppState, Config, configure};
use serde_json::{Value as Json, json};

#[actix_web::test]
async fn two_submissions_for_one_board_one_wins_one_conflicts() {
    for db in TestDb::all() {
        let app = test::init_service(
            App::new()
                .app_data(web::Data::new(AppState::new(
                    db.pool.clone(),
                    Config::default(),
                )))
                .configure(configure),
        )
        .await;
        let t = Tournament {
            name: Some("Race".into()),
            players: (1..=2).map(|i| Player::new(i, format!("P, {i}"))).collect(),
            rounds: vec![Round {
                number: 1,
                state: RoundState::Published,
                games: vec![Game::new(1, 2, GameResult::pending())],
                ..Round::default()
            }],
            ..Tournament::default()
        };
        let (id, game, tokens) = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            arbiter_db::accounts::create_user(c, "admin@example.org", &hash, false, &sys).unwrap();
            let id = create_tournament(c, &t, None, &sys, "create").unwrap();
            let mut tokens = Vec::new();
            for who in ["a@example.org", "b@example.org"] {
                let u = arbiter_db::accounts::create_user(c, who, &hash, false, &sys).unwrap();
                arbiter_db::accounts::grant_role(c, u.uuid().unwrap(), id, Role::Arbiter, &sys)
                    .unwrap();
                tokens.push(
                    arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), None, &sys)
                        .unwrap(),
                );
            }
            let g = arbiter_db::round_games(c, id, 1).unwrap().remove(0);
            (id, g.id, tokens)
        };
        let put = |token: &str, white: &str, black: &str| {
            test::TestRequest::put()
                .uri(&format!("/api/v1/games/{game}/result"))
                .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                .set_json(json!({"white": white, "black": black, "version": 1}))
                .to_request()
        };
        let (a, b) = futures_util::join!(
            test::call_service(&app, put(&tokens[0], "1", "0")),
            test::call_service(&app, put(&tokens[1], "0", "1")),
        );
        let (sa, sb) = (a.status(), b.status());
        let ja: Json = serde_json::from_slice(&test::read_body(a).await).unwrap();
        let jb: Json = serde_json::from_slice(&test::read_body(b).await).unwrap();
        let (winner, loser, code) = match (sa, sb) {
            (StatusCode::OK, StatusCode::CONFLICT) => (ja, jb, "1"),
            (StatusCode::CONFLICT, StatusCode::OK) => (jb, ja, "0"),
            other => panic!("one must win and one conflict: {other:?} {ja} {jb}"),
        };
        assert_eq!(winner["white_code"], code, "{winner}");
        assert_eq!(
            loser["current"]["white_code"], code,
            "the conflict carries the winner's result: {loser}"
        );
        let c = &mut db.pool.get().unwrap();
        let stored = arbiter_db::game(c, uuid::Uuid::parse_str(&game).unwrap())
            .unwrap()
            .unwrap();
        assert_eq!(stored.white_code, code);
        assert_eq!(stored.version, 2, "one update, not two");
        let results = arbiter_db::audit_entries(c, id)
            .unwrap()
            .into_iter()
            .filter(|e| e.action == "result")
            .count();
        assert_eq!(results, 1);
    }
}
