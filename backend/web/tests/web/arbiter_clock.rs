// Over 800 lines: one HTTP scenario family (the round's schedule, check-in, the default time on two
// instances) sharing its setup helpers.
//! The arbiter's clock work through the real HTTP stack, on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: the round's scheduled start, check-in on the
//! board view and by API, the default time applied by two service instances sharing one database
//! (a forfeit exactly at the deadline and not before, once, one audit entry), the arbiter's
//! override (Art. 6.7); then every penalty of Art. 13.4, 12.7, 12.8, the illegal moves of 7.4,
//! the mobile phone and the incorrect claim of 9.5(b), each read back from the standings API, the
//! crosstable page, the TRF export and the audit log; the venue's time zone.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::arbiter::apply_default_time_forfeits;
use arbiter_db::models::GameRow;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, ConnectionSetup, PoolOptions, Role, create_tournament};
use arbiter_tournament::{
    Game, GameResult, Player, PlayerStatus, ResultCode, Round, RoundState, Tournament,
};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, service, sign_in};
use chrono::{Duration, NaiveDateTime};
use serde_json::{Value as Json, json};
use uuid::Uuid;

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

macro_rules! get {
    ($app:expr, $cookie:expr, $uri:expr) => {
        send!($app, $cookie, test::TestRequest::get().uri(&$uri))
    };
}

macro_rules! post {
    ($app:expr, $cookie:expr, $uri:expr, $fields:expr) => {
        send!($app, $cookie, form(&$uri, $fields))
    };
}

macro_rules! api {
    ($app:expr, $token:expr, $uri:expr, $body:expr) => {{
        let resp = test::call_service(
            &$app,
            test::TestRequest::post()
                .uri(&$uri)
                .insert_header((header::AUTHORIZATION, format!("Bearer {}", $token)))
                .set_json($body)
                .to_request(),
        )
        .await;
        let status = resp.status();
        let body = test::read_body(resp).await;
        (
            status,
            serde_json::from_slice::<Json>(&body).unwrap_or(Json::Null),
        )
    }};
}

/// `players` players, round 1 published with boards 1-2, 3-4, ... all pending.
fn event(players: u16) -> Tournament {
    Tournament {
        name: Some("Clock Open".into()),
        players: (1..=players)
            .map(|i| Player::new(i, format!("Player, {i:02}")))
            .collect(),
        rounds_planned: Some(5),
        rounds: vec![Round {
            number: 1,
            state: RoundState::Published,
            games: (0..players / 2)
                .map(|k| Game::new(2 * k + 1, 2 * k + 2, GameResult::pending()))
                .collect(),
            ..Round::default()
        }],
        ..Tournament::default()
    }
}

struct Setup {
    id: Uuid,
    games: Vec<GameRow>,
    /// An API token of the arbiter.
    token: String,
}

/// Accounts (an unused administrator first, the organizer, the arbiter with a token) and the
/// tournament with a default time of `minutes`.
fn setup(db: &TestDb, t: &Tournament, minutes: Option<u32>) -> Setup {
    let c = &mut db.pool.get().unwrap();
    let sys = Actor::system("test");
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    arbiter_db::accounts::create_user(c, "admin@example.org", &hash, false, &sys).unwrap();
    let org = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys).unwrap();
    let arb = arbiter_db::accounts::create_user(c, "arb@example.org", &hash, false, &sys).unwrap();
    let id = create_tournament(c, t, minutes, &sys, "create").unwrap();
    arbiter_db::accounts::grant_role(c, org.uuid().unwrap(), id, Role::Organizer, &sys).unwrap();
    arbiter_db::accounts::grant_role(c, arb.uuid().unwrap(), id, Role::Arbiter, &sys).unwrap();
    let token = arbiter_db::accounts::create_api_token(c, arb.uuid().unwrap(), Some("clock"), &sys)
        .unwrap();
    Setup {
        id,
        games: arbiter_db::round_games(c, id, 1).unwrap(),
        token,
    }
}

/// A second pool on the same database (the same file, or the same PostgreSQL schema): another
/// service instance.
fn second_pool(db: &TestDb) -> arbiter_db::Pool {
    let options = PoolOptions {
        max_size: 2,
        setup: ConnectionSetup {
            pg_schema: db.pg_schema.clone(),
            ..PoolOptions::default().setup
        },
        ..PoolOptions::default()
    };
    arbiter_db::connect(&db.url, &options).expect("a second pool")
}

fn standings(body: &str) -> std::collections::BTreeMap<u64, f64> {
    let lines: Json = serde_json::from_str(body).unwrap();
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["start_number"].as_u64().unwrap(),
                l["tiebreaks"]["PTS"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// The crosstable page's rows: pairing number -> (round-1 cell, points), read from the HTML.
fn crosstable(body: &str) -> std::collections::BTreeMap<u64, (String, String)> {
    let tbody = body
        .split("<tbody>")
        .nth(1)
        .and_then(|b| b.split("</tbody>").next())
        .expect("the crosstable's body");
    tbody
        .split("<tr>")
        .filter(|r| r.contains("<td"))
        .map(|row| {
            let cells: Vec<String> = row
                .split("<td")
                .skip(1)
                .map(|c| {
                    let inner = c.split_once('>').map_or("", |(_, rest)| rest);
                    let text = inner.split("</td>").next().unwrap_or_default();
                    // Strip a link around the name.
                    let mut out = String::new();
                    let mut tag = false;
                    for ch in text.chars() {
                        match ch {
                            '<' => tag = true,
                            '>' => tag = false,
                            c if !tag => out.push(c),
                            _ => {}
                        }
                    }
                    out.trim().to_owned()
                })
                .collect();
            let pn: u64 = cells[1].parse().expect("a pairing number");
            (pn, (cells[3].clone(), cells[cells.len() - 1].clone()))
        })
        .collect()
}

/// The round-1 result of the game `white`-`black` in a TRF export, as `(white, black)` codes.
fn trf_result(trf: &str, white: u16, black: u16) -> (ResultCode, ResultCode) {
    let t = arbiter_tournament::read_trf(trf.as_bytes())
        .unwrap()
        .tournament;
    let g = t
        .round(1)
        .unwrap()
        .games
        .iter()
        .find(|g| g.white == white && g.black == black)
        .unwrap_or_else(|| panic!("game {white}-{black} in {trf}"));
    (g.result.white, g.result.black)
}

fn forfeit_audits(db: &TestDb, id: Uuid) -> usize {
    arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id)
        .unwrap()
        .iter()
        .filter(|a| a.action == "default_time_forfeit")
        .count()
}

#[actix_web::test]
async fn default_time_forfeits_once_at_the_deadline_across_two_instances() {
    for db in TestDb::all() {
        let s = setup(&db, &event(8), Some(60));
        let id = s.id;
        let config = Config::default();
        let one = service(&db.pool, &config).await;
        let other_pool = second_pool(&db);
        let two = service(&other_pool, &config).await;
        let mut org = Jar(None);
        let mut arb = Jar(None);
        for (email, cookie) in [("org@example.org", &mut org), ("arb@example.org", &mut arb)] {
            let p = sign_in(&one, cookie, email, "0123456789ab").await;
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{email}: {}", p.body);
        }
        let game = |board: usize| s.games[board - 1].id.clone();

        // The organizer schedules the round 30 minutes ago (UTC) on the pairing page: the
        // default time of 60 minutes ends 30 minutes from now.
        let p = get!(one, org, format!("/tournaments/{id}/rounds/1/pairing"));
        assert_eq!(p.status, StatusCode::OK);
        assert!(
            p.body.contains("name=\"scheduled\" value=\"\""),
            "{}",
            p.body
        );
        let csrf = csrf_of(&p.body);
        let scheduled = (arbiter_db::audit::now() - Duration::minutes(30))
            .format("%Y-%m-%dT%H:%M:%S")
            .to_string();
        let start = NaiveDateTime::parse_from_str(&scheduled, "%Y-%m-%dT%H:%M:%S").unwrap();
        let deadline = start + Duration::minutes(60);
        let p = post!(
            one,
            org,
            format!("/tournaments/{id}/rounds/1/schedule"),
            &[("scheduled", "tomorrow"), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("scheduled"), "{}", p.body);
        let p = post!(
            one,
            org,
            format!("/tournaments/{id}/rounds/1/schedule"),
            &[("scheduled", &scheduled), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = get!(one, org, format!("/tournaments/{id}/rounds/1/pairing"));
        assert!(p.body.contains(&format!("value=\"{}\"", &scheduled[..16])));
        // The arbiter cannot change the schedule (the organizer's).
        let p = get!(one, arb, format!("/tournaments/{id}/rounds/1/board"));
        let arb_csrf = csrf_of(&p.body);
        let p = post!(
            one,
            arb,
            format!("/tournaments/{id}/rounds/1/schedule"),
            &[("scheduled", ""), ("csrf", &arb_csrf)]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);

        // The board view: four boards, everyone absent, time left shown, refreshed.
        let resp = test::call_service(
            &two,
            test::TestRequest::get()
                .uri(&format!("/tournaments/{id}/rounds/1/board"))
                .insert_header((header::COOKIE, arb.0.clone().unwrap()))
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers().get("refresh").unwrap(), "30");
        let board = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
        assert_eq!(
            board.matches("<strong>absent</strong>").count(),
            8,
            "{board}"
        );
        assert_eq!(board.matches("class=\"time-left\"").count(), 4);
        assert!(board.contains(&deadline.format("%Y-%m-%d %H:%M:%S UTC").to_string()));
        assert!(board.contains("Art. 6.7"));
        assert!(!board.contains("This round is not being played"));

        // Check-ins: board 1 both (form, then API), board 2 White only, board 3 nobody, board 4
        // White only but the arbiter decides otherwise for Black (Art. 6.7).
        for colour in ["white", "black"] {
            let p = post!(
                two,
                arb,
                format!("/tournaments/{id}/games/{}/check-in", game(1)),
                &[("colour", colour), ("csrf", &arb_csrf)]
            );
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
            assert!(
                arbiter_web::testing::without_notice(&p.location)
                    .ends_with("/rounds/1/board#board-1"),
                "{}",
                p.location
            );
        }
        let (st, j) = api!(
            one,
            s.token,
            format!("/api/v1/games/{}/check-in", game(2)),
            json!({"colour": "white"})
        );
        assert_eq!(st, StatusCode::CREATED, "{j}");
        assert_eq!(j["player"], 3);
        assert_eq!(j["colour"], "w");
        let (st, j) = api!(
            two,
            s.token,
            format!("/api/v1/games/{}/check-in", game(2)),
            json!({"colour": "white"})
        );
        assert_eq!(st, StatusCode::CONFLICT, "the first arrival counts: {j}");
        let (st, j) = api!(
            one,
            s.token,
            format!("/api/v1/games/{}/check-in", game(2)),
            json!({"colour": "green"})
        );
        assert_eq!(st, StatusCode::BAD_REQUEST);
        assert_eq!(j["field"], "colour", "{j}");
        let p = post!(
            one,
            arb,
            format!("/tournaments/{id}/games/{}/check-in", game(4)),
            &[("colour", "white"), ("csrf", &arb_csrf)]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = post!(
            one,
            arb,
            format!("/tournaments/{id}/games/{}/override", game(4)),
            &[("reason", "  "), ("csrf", &arb_csrf)]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "a reason is required");
        let p = post!(
            one,
            arb,
            format!("/tournaments/{id}/games/{}/override", game(4)),
            &[
                ("reason", "train delayed, announced by phone"),
                ("csrf", &arb_csrf)
            ]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);

        // The scheduled job, on both instances at once: nothing before the deadline, nothing at
        // it (arriving at the deadline is on time), then each forfeit exactly once.
        let pools = [db.pool.clone(), other_pool.clone()];
        let run_both = |at: NaiveDateTime| {
            std::thread::scope(|scope| {
                let handles: Vec<_> = pools
                    .iter()
                    .enumerate()
                    .map(|(k, pool)| {
                        scope.spawn(move || {
                            let mut c = pool.get().unwrap();
                            apply_default_time_forfeits(
                                &mut c,
                                at,
                                &Actor::system(format!("instance {k}")),
                            )
                            .unwrap()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap())
                    .collect::<Vec<_>>()
            })
        };
        assert!(run_both(deadline - Duration::seconds(1)).is_empty());
        assert!(run_both(deadline).is_empty());
        assert_eq!(forfeit_audits(&db, id), 0);
        let applied = run_both(deadline + Duration::seconds(1));
        let mut boards: Vec<i32> = applied
            .iter()
            .map(|a| a.game.board.unwrap_or(a.game.seq + 1))
            .collect();
        boards.sort_unstable();
        assert_eq!(boards, [2, 3], "board 2 (Black absent), board 3 (both)");
        assert!(run_both(deadline + Duration::minutes(5)).is_empty());
        assert_eq!(forfeit_audits(&db, id), 2, "one audit entry per forfeit");

        // The standings (instance two) and the TRF export (instance one) say the same:
        // board 2 +/-, board 3 -/-, boards 1 and 4 still to be played.
        let mut anon = Jar(None);
        let p = get!(two, anon, format!("/api/v1/tournaments/{id}/standings"));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let pts = standings(&p.body);
        assert_eq!(pts[&3], 1.0, "White of board 2 wins by forfeit");
        for pn in [1, 2, 4, 5, 6, 7, 8] {
            assert_eq!(pts[&pn], 0.0, "player {pn}");
        }
        let p = get!(one, arb, format!("/tournaments/{id}/export/trf2026"));
        assert_eq!(p.status, StatusCode::OK);
        assert_eq!(
            trf_result(&p.body, 3, 4),
            (ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
        );
        assert_eq!(
            trf_result(&p.body, 5, 6),
            (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss)
        );
        assert_eq!(
            trf_result(&p.body, 7, 8),
            (ResultCode::Blank, ResultCode::Blank)
        );

        // The board view shows the forfeits applied and the override; the API agrees.
        let p = get!(one, arb, format!("/tournaments/{id}/rounds/1/board"));
        assert_eq!(
            p.body.matches("forfeit applied at").count(),
            2,
            "{}",
            p.body
        );
        assert!(p.body.contains("train delayed, announced by phone"));
        assert!(
            p.body.contains("the arbiter decided otherwise (Art. 6.7)"),
            "{}",
            p.body
        );
        let resp = test::call_service(
            &two,
            test::TestRequest::get()
                .uri(&format!("/api/v1/tournaments/{id}/rounds/1/board"))
                .insert_header((header::AUTHORIZATION, format!("Bearer {}", s.token)))
                .to_request(),
        )
        .await;
        assert_eq!(resp.status(), StatusCode::OK);
        let j: Json = serde_json::from_slice(&test::read_body(resp).await).unwrap();
        let states: Vec<&str> = j
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["state"].as_str().unwrap())
            .collect();
        assert_eq!(
            states,
            ["both_present", "forfeited", "forfeited", "overridden"]
        );

        // A forfeit without notice: the board view offers to withdraw the absent players
        // (board 2: Black, 4; board 3: both, 5 and 6) from the next rounds; the organizer does
        // it for player 4, and is brought back to the board; an arbiter may not.
        let p = get!(one, org, format!("/tournaments/{id}/rounds/1/board"));
        assert_eq!(
            p.body
                .matches("from the next rounds (forfeit without notice")
                .count(),
            3,
            "{}",
            p.body
        );
        assert!(p.body.contains("Withdraw Player, 04 from the next rounds"));
        let org_csrf = csrf_of(&p.body);
        let back = format!("/tournaments/{id}/rounds/1/board#board-2");
        let p = post!(
            one,
            arb,
            format!("/tournaments/{id}/players/4/status"),
            &[
                ("status", "withdrawn"),
                ("back", &back),
                ("csrf", &arb_csrf)
            ]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN, "{}", p.body);
        let p = post!(
            one,
            org,
            format!("/tournaments/{id}/players/4/status"),
            &[
                ("status", "withdrawn"),
                ("back", &back),
                ("csrf", &org_csrf)
            ]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(arbiter_web::testing::without_notice(&p.location), back);
        let p = get!(one, org, format!("/tournaments/{id}/rounds/1/board"));
        assert!(!p.body.contains("Withdraw Player, 04"), "{}", p.body);
        assert_eq!(
            p.body
                .matches("from the next rounds (forfeit without notice")
                .count(),
            2
        );
        let stored = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
            .unwrap()
            .unwrap()
            .tournament;
        assert_eq!(stored.player(4).unwrap().status, PlayerStatus::Withdrawn);
        // A `back` outside the tournament is not followed.
        let p = post!(
            one,
            org,
            format!("/tournaments/{id}/players/4/status"),
            &[
                ("status", "active"),
                ("back", "https://example.org/"),
                ("csrf", &org_csrf)
            ]
        );
        assert_eq!(
            p.location,
            format!("/tournaments/{id}/manage?done=reinstated.4")
        );

        // After the fact, the arbiter takes board 3's forfeit back (Art. 6.7) from his device:
        // pending again. A reason is required; a second decision is refused.
        let (status, j) = api!(
            two,
            s.token,
            format!("/api/v1/games/{}/override", game(3)),
            json!({"reason": " "})
        );
        assert_eq!(status, StatusCode::BAD_REQUEST, "{j}");
        assert!(j.to_string().contains("reason"), "{j}");
        let (status, j) = api!(
            two,
            s.token,
            format!("/api/v1/games/{}/override", game(3)),
            json!({"reason": "wrong start time announced"})
        );
        assert_eq!(status, StatusCode::OK, "{j}");
        assert_eq!(j["kind"], "override", "{j}");
        assert_eq!(j["reason"], "wrong start time announced", "{j}");
        let (status, j) = api!(
            two,
            s.token,
            format!("/api/v1/games/{}/override", game(3)),
            json!({"reason": "again"})
        );
        assert_eq!(status, StatusCode::BAD_REQUEST, "{j}");
        let p = get!(one, arb, format!("/tournaments/{id}/export/trf2026"));
        assert_eq!(
            trf_result(&p.body, 5, 6),
            (ResultCode::Blank, ResultCode::Blank)
        );
        assert!(run_both(deadline + Duration::minutes(10)).is_empty());
        assert_eq!(forfeit_audits(&db, id), 2);
    }
}

/// Records an incident by form on the incidents page, with the version the page shows.
macro_rules! incident {
    ($app:expr, $cookie:expr, $id:expr, $game:expr, $fields:expr) => {{
        let page = get!(
            $app,
            $cookie,
            format!("/tournaments/{}/games/{}/incidents", $id, $game)
        );
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let csrf = csrf_of(&page.body);
        let key = "name=\"version\" value=\"";
        let at = page.body.find(key).unwrap() + key.len();
        let version = page.body[at..].split('"').next().unwrap().to_owned();
        let mut fields: Vec<(&str, &str)> = vec![("csrf", &csrf), ("version", &version)];
        fields.extend_from_slice($fields);
        post!(
            $app,
            $cookie,
            format!("/tournaments/{}/games/{}/incidents", $id, $game),
            &fields
        )
    }};
}

#[actix_web::test]
async fn each_penalty_changes_the_standings_and_the_trf_export_as_the_laws_say() {
    for db in TestDb::all() {
        // 24 players, 12 boards: board k is 2k-1 against 2k.
        let s = setup(&db, &event(24), None);
        let id = s.id;
        let config = Config::default();
        let app = service(&db.pool, &config).await;
        let mut arb = Jar(None);
        let p = sign_in(&app, &mut arb, "arb@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let game = |board: usize| s.games[board - 1].id.clone();
        // Boards 3 and 4 were drawn (entered by API with the version read).
        for board in [3, 4] {
            let resp = test::call_service(
                &app,
                test::TestRequest::put()
                    .uri(&format!("/api/v1/games/{}/result", game(board)))
                    .insert_header((header::AUTHORIZATION, format!("Bearer {}", s.token)))
                    .set_json(json!({"version": 1, "white": "=", "black": "="}))
                    .to_request(),
            )
            .await;
            assert_eq!(resp.status(), StatusCode::OK, "board {board}");
        }
        // The result sheet links every board to its incidents page.
        let p = get!(app, arb, format!("/tournaments/{id}/rounds/1/results"));
        assert_eq!(
            p.body.matches("/incidents\">Incidents").count(),
            12,
            "{}",
            p.body
        );

        // 13.4(a) warning on board 1: recorded, nothing else changes.
        let p = incident!(
            app,
            arb,
            id,
            game(1),
            &[
                ("kind", "warning"),
                ("offender", "white"),
                ("reason", "talking")
            ]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        // 13.4(b) and (c) on board 1: clocks only.
        let p = incident!(
            app,
            arb,
            id,
            game(1),
            &[
                ("kind", "time_added"),
                ("offender", "white"),
                ("minutes", "2"),
                ("reason", "distracting the opponent")
            ]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = incident!(
            app,
            arb,
            id,
            game(1),
            &[
                ("kind", "time_removed"),
                ("offender", "white"),
                ("minutes", "0"),
                ("reason", "again")
            ]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "zero minutes");
        let p = get!(
            app,
            arb,
            format!("/tournaments/{id}/games/{}/incidents", game(1))
        );
        for art in ["13.4(a)", "13.4(b)"] {
            assert!(
                p.body.contains(&format!("<td>{art}</td>")),
                "{art}: {}",
                p.body
            );
        }
        assert!(p.body.contains("result pending"));
        // A reason is required for a sanction.
        let p = incident!(
            app,
            arb,
            id,
            game(2),
            &[
                ("kind", "game_lost"),
                ("offender", "white"),
                ("reason", " ")
            ]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);

        // 13.4(d) board 2: White loses. 13.4(e) board 3: White's draw becomes a loss.
        // 13.4(f) board 4: Black's draw is raised to a win. 13.4(g) board 5: Black expelled.
        // 12.7 board 6: White loses, Black gets the draw the arbiter decides. 12.8 board 7: both.
        for (board, fields) in [
            (2, vec![("kind", "game_lost"), ("offender", "white")]),
            (
                3,
                vec![
                    ("kind", "points_reduced"),
                    ("offender", "white"),
                    ("code", "0"),
                ],
            ),
            (4, vec![("kind", "opponent_raised"), ("offender", "white")]),
            (5, vec![("kind", "expulsion"), ("offender", "black")]),
            (
                6,
                vec![
                    ("kind", "persistent_refusal"),
                    ("offender", "white"),
                    ("opponent", "="),
                ],
            ),
            (7, vec![("kind", "lost_by_both"), ("offender", "white")]),
        ] {
            let mut fields = fields;
            fields.push(("reason", "arbiter's decision"));
            let p = incident!(app, arb, id, game(board), &fields);
            assert_eq!(p.status, StatusCode::SEE_OTHER, "board {board}: {}", p.body);
        }
        // 13.4(e) on a game without a result is refused (400 naming the sanction).
        let p = incident!(
            app,
            arb,
            id,
            game(12),
            &[
                ("kind", "points_reduced"),
                ("offender", "white"),
                ("code", "0"),
                ("reason", "x")
            ]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);

        // 7.4 under the 2001 Laws (the default), board 8: two illegal moves by White cost two
        // minutes each; the third loses.
        for k in 1..=3 {
            let p = incident!(
                app,
                arb,
                id,
                game(8),
                &[("kind", "illegal_move"), ("offender", "white")]
            );
            assert_eq!(
                p.status,
                StatusCode::SEE_OTHER,
                "illegal move {k}: {}",
                p.body
            );
        }
        let p = get!(
            app,
            arb,
            format!("/tournaments/{id}/games/{}/incidents", game(8))
        );
        assert_eq!(p.body.matches("<td>7.4(b)</td>").count(), 3, "{}", p.body);
        // The mobile phone is no rule of the 2001 Laws.
        let p = incident!(
            app,
            arb,
            id,
            game(11),
            &[
                ("kind", "mobile_phone"),
                ("offender", "white"),
                ("opponent", "1"),
                ("reason", "rang")
            ]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);

        // The organizer sets the later Laws; the arbiter may not.
        let p = get!(app, arb, format!("/tournaments/{id}/rounds/1/board"));
        let csrf = csrf_of(&p.body);
        let p = post!(
            app,
            arb,
            format!("/tournaments/{id}/laws-edition"),
            &[("edition", "later"), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        {
            let mut org = Jar(None);
            sign_in(&app, &mut org, "org@example.org", "0123456789ab").await;
            // On the settings page, beside the default time.
            let p = get!(app, org, format!("/tournaments/{id}/edit"));
            assert!(
                p.body.contains("<option value=\"2001\" selected>"),
                "{}",
                p.body
            );
            let csrf = csrf_of(&p.body);
            let p = post!(
                app,
                org,
                format!("/tournaments/{id}/laws-edition"),
                &[
                    ("edition", "2017"),
                    ("back", &format!("/tournaments/{id}/edit")),
                    ("csrf", &csrf)
                ]
            );
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
            assert_eq!(p.location, format!("/tournaments/{id}/edit?done=edition"));
            let p = get!(app, org, format!("/tournaments/{id}/edit"));
            assert!(p.body.contains("<option value=\"later\" selected>"));
            let p = get!(app, org, format!("/tournaments/{id}/rounds/1/board"));
            assert!(p.body.contains("later (2014 onwards) Laws"), "{}", p.body);
        }

        // Later Laws, board 9 (by API): Black's second illegal move loses. Board 10: White's
        // second illegal move, but Black has a lone king and cannot checkmate: a draw (7.4(b)).
        let version_of = |board: usize| {
            arbiter_db::game(
                &mut db.pool.get().unwrap(),
                s.games[board - 1].id.parse().unwrap(),
            )
            .unwrap()
            .unwrap()
            .version
        };
        for k in 1..=2 {
            let v = version_of(9);
            let (st, j) = api!(
                app,
                s.token,
                format!("/api/v1/games/{}/incidents", game(9)),
                json!({"version": v, "kind": "illegal_move", "offender": "black"})
            );
            assert_eq!(st, StatusCode::CREATED, "{j}");
            if k == 1 {
                assert_eq!(j["clock_seconds"], json!([120, 0]), "{j}");
                assert_eq!(j["result"], "");
            } else {
                assert_eq!(j["result"], "1–0", "{j}");
            }
        }
        let (st, _) = api!(
            app,
            s.token,
            format!("/api/v1/games/{}/incidents", game(10)),
            json!({"version": 1, "kind": "illegal_move", "offender": "white"})
        );
        assert_eq!(st, StatusCode::CREATED);
        let (st, j) = api!(
            app,
            s.token,
            format!("/api/v1/games/{}/incidents", game(10)),
            json!({"version": 99, "kind": "illegal_move", "offender": "white",
                   "fen": "7k/8/8/8/8/8/8/R3K3 w - - 0 1"})
        );
        assert_eq!(st, StatusCode::CONFLICT, "a stale version: {j}");
        let (st, j) = api!(
            app,
            s.token,
            format!("/api/v1/games/{}/incidents", game(10)),
            json!({"version": 1, "kind": "illegal_move", "offender": "white", "fen": "not a fen"})
        );
        assert_eq!(st, StatusCode::BAD_REQUEST);
        assert_eq!(j["field"], "fen", "{j}");
        let current = version_of(10);
        let (st, j) = api!(
            app,
            s.token,
            format!("/api/v1/games/{}/incidents", game(10)),
            json!({"version": current, "kind": "illegal_move", "offender": "white",
                   "fen": "7k/8/8/8/8/8/8/R3K3 w - - 0 1"})
        );
        assert_eq!(st, StatusCode::CREATED, "{j}");
        assert_eq!(j["result"], "½–½", "{j}");
        // Mobile phone, board 11: White loses, Black scores the win the arbiter gives.
        let p = incident!(
            app,
            arb,
            id,
            game(11),
            &[
                ("kind", "mobile_phone"),
                ("offender", "white"),
                ("opponent", "1"),
                ("reason", "rang during play")
            ]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        // Incorrect draw claim (9.5(b)), board 12, by White with 10:00 against 5:00 on the
        // clocks: the new times are shown; the result does not change.
        let p = incident!(
            app,
            arb,
            id,
            game(12),
            &[
                ("kind", "incorrect_claim"),
                ("offender", "white"),
                ("white_clock", "10:00"),
                ("black_clock", "5:00")
            ]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = get!(
            app,
            arb,
            format!("/tournaments/{id}/games/{}/incidents", game(12))
        );
        assert!(p.body.contains("<td>9.5(b)</td>"), "{}", p.body);
        assert!(p.body.contains("from 10:00 / 5:00 to"), "{}", p.body);
        assert!(p.body.contains("result pending"));

        // The standings: points as the Laws say.
        let mut anon = Jar(None);
        let p = get!(app, anon, format!("/api/v1/tournaments/{id}/standings"));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let pts = standings(&p.body);
        let expect: &[(u64, f64)] = &[
            (1, 0.0),  // board 1: warning, time: pending
            (2, 0.0),  //
            (3, 0.0),  // board 2: 13.4(d) White lost
            (4, 1.0),  //
            (5, 0.0),  // board 3: 13.4(e) draw reduced to a loss for White
            (6, 0.5),  //
            (7, 0.5),  // board 4: 13.4(f) Black raised to a win
            (8, 1.0),  //
            (9, 0.0),  // board 5: 13.4(g) expulsion, result unchanged
            (10, 0.0), //
            (11, 0.0), // board 6: 12.7, Black given the draw
            (12, 0.5), //
            (13, 0.0), // board 7: 12.8 lost by both
            (14, 0.0), //
            (15, 0.0), // board 8: the third illegal move (2001 Laws)
            (16, 1.0), //
            (17, 1.0), // board 9: Black's second illegal move (later Laws)
            (18, 0.0), //
            (19, 0.5), // board 10: second illegal move, Black cannot checkmate: draw
            (20, 0.5), //
            (21, 0.0), // board 11: mobile phone
            (22, 1.0), //
            (23, 0.0), // board 12: incorrect claim: pending
            (24, 0.0),
        ];
        for &(pn, p) in expect {
            assert_eq!(pts.get(&pn).copied(), Some(p), "player {pn}: {pts:?}");
        }

        // The crosstable: each player's round-1 cell ends with his TRF result code, and the
        // points column agrees with the standings.
        let p = get!(app, anon, format!("/tournaments/{id}/crosstable"));
        assert_eq!(p.status, StatusCode::OK);
        let table = crosstable(&p.body);
        assert_eq!(table.len(), 24, "{}", p.body);
        for &(pn, points) in expect {
            let (cell, shown) = &table[&pn];
            assert_eq!(
                shown.parse::<f64>().ok(),
                Some(points),
                "player {pn}: {shown}"
            );
            let code = cell.chars().last().unwrap_or(' ');
            let board = pn.div_ceil(2);
            let (w, b) = (2 * board - 1, 2 * board);
            let expected = match (w, b) {
                (1, 2) | (9, 10) | (23, 24) => None,
                _ if points == 1.0 => Some('1'),
                _ if points == 0.5 => Some('='),
                _ => Some('0'),
            };
            match expected {
                Some(c) => assert_eq!(code, c, "player {pn}: cell {cell:?}"),
                None => assert!(!"10=".contains(code), "player {pn}: pending, cell {cell:?}"),
            }
        }

        // The TRF export: the same codes, the expelled player withdrawn.
        let p = get!(app, arb, format!("/tournaments/{id}/export/trf2026"));
        assert_eq!(p.status, StatusCode::OK);
        use ResultCode::{Blank, Draw, Loss, Win};
        for (w, b, codes) in [
            (1, 2, (Blank, Blank)),
            (3, 4, (Loss, Win)),
            (5, 6, (Loss, Draw)),
            (7, 8, (Draw, Win)),
            (9, 10, (Blank, Blank)),
            (11, 12, (Loss, Draw)),
            (13, 14, (Loss, Loss)),
            (15, 16, (Loss, Win)),
            (17, 18, (Win, Loss)),
            (19, 20, (Draw, Draw)),
            (21, 22, (Loss, Win)),
            (23, 24, (Blank, Blank)),
        ] {
            assert_eq!(trf_result(&p.body, w, b), codes, "board {w}-{b}");
        }
        let stored = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
            .unwrap()
            .unwrap()
            .tournament;
        assert_eq!(stored.player(10).unwrap().status, PlayerStatus::Withdrawn);
        assert_eq!(stored.player(9).unwrap().status, PlayerStatus::Active);
        // Every incident is in the audit log.
        let audit = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap();
        let n = |action: &str| audit.iter().filter(|a| a.action == action).count();
        assert_eq!(n("incident"), 2 + 6 + 1);
        assert_eq!(n("illegal_move"), 3 + 2 + 2);
        assert_eq!(n("incorrect_claim"), 1);
        assert_eq!(n("laws_edition"), 1);
    }
}

/// The venue's time zone: the organizer sets it on the settings page (an unknown name is refused
/// naming the field); the scheduled start is entered and shown in it and stored in UTC (the
/// API's times), and the default-time deadline follows (Art. 6.7).
#[actix_web::test]
async fn the_schedule_is_in_the_venues_time_zone() {
    for db in TestDb::all() {
        let s = setup(&db, &event(4), Some(30));
        let id = s.id;
        let config = Config::default();
        let app = service(&db.pool, &config).await;
        let mut org = Jar(None);
        let p = sign_in(&app, &mut org, "org@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER);

        let p = get!(app, org, format!("/tournaments/{id}/edit"));
        assert!(
            p.body.contains("name=\"time_zone\" value=\"UTC\""),
            "{}",
            p.body
        );
        let csrf = csrf_of(&p.body);
        let seen_key = "name=\"seen\" value=\"";
        let at = p.body.find(seen_key).expect("the seen field") + seen_key.len();
        let seen = p.body[at..].split('"').next().unwrap().to_owned();
        let settings = |zone: &'static str| {
            vec![
                ("name", "Clock Open"),
                ("rounds_planned", "5"),
                ("pairing_system", "FIDE_DUTCH_2025"),
                ("default_time_minutes", "30"),
                ("time_zone", zone),
            ]
        };
        let mut fields = settings("Mars/Olympus");
        fields.extend([("seen", seen.as_str()), ("csrf", csrf.as_str())]);
        let p = post!(app, org, format!("/tournaments/{id}/edit"), &fields);
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("time_zone") && p.body.contains("Mars/Olympus"));
        // Beside the field, with the typed zone kept (issue #22).
        assert!(
            p.body.contains(
                "name=\"time_zone\" value=\"Mars/Olympus\" list=\"time-zones\" placeholder=\"Europe/Amsterdam\" autocomplete=\"off\" dir=\"ltr\" id=\"field-time_zone\" aria-invalid=\"true\" aria-describedby=\"error-time_zone\"></label><span class=\"field-error\" id=\"error-time_zone\">`Mars/Olympus` is not a time zone name such as Europe/Amsterdam or UTC</span>"
            ),
            "{}",
            p.body
        );
        // India: UTC+5:30 all year.
        let mut fields = settings("asia/kolkata");
        fields.extend([("seen", seen.as_str()), ("csrf", csrf.as_str())]);
        let p = post!(app, org, format!("/tournaments/{id}/edit"), &fields);
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = get!(app, org, format!("/tournaments/{id}/edit"));
        assert!(p.body.contains("name=\"time_zone\" value=\"Asia/Kolkata\""));

        // 15:00 at the venue is 09:30 UTC.
        let p = get!(app, org, format!("/tournaments/{id}/rounds/1/pairing"));
        assert!(
            p.body.contains("Scheduled start, Asia/Kolkata time"),
            "{}",
            p.body
        );
        let csrf = csrf_of(&p.body);
        let p = post!(
            app,
            org,
            format!("/tournaments/{id}/rounds/1/schedule"),
            &[("scheduled", "2026-12-01T15:00"), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = get!(app, Jar(None), format!("/api/v1/tournaments/{id}/rounds/1"));
        let round: Json = serde_json::from_str(&p.body).unwrap();
        assert_eq!(round["scheduled"], "2026-12-01T09:30:00", "{}", p.body);
        let p = get!(app, org, format!("/tournaments/{id}/rounds/1/pairing"));
        assert!(
            p.body
                .contains("name=\"scheduled\" value=\"2026-12-01T15:00\"")
        );
        let p = get!(app, org, format!("/tournaments/{id}/rounds/1/board"));
        assert!(
            p.body.contains("2026-12-01 15:00 Asia/Kolkata")
                && p.body.contains("2026-12-01 15:30:00 Asia/Kolkata"),
            "the start and the deadline in local time: {}",
            p.body
        );
        let p = get!(app, Jar(None), format!("/tournaments/{id}/rounds/1"));
        assert!(
            p.body.contains("2026-12-01 15:00 Asia/Kolkata"),
            "{}",
            p.body
        );
        // The audit log records the change of zone.
        let audit = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap();
        assert!(audit.iter().any(|e| {
            e.action == "edit"
                && e.after_json
                    .as_deref()
                    .is_some_and(|j| j.contains("Asia/Kolkata"))
        }));
    }
}
