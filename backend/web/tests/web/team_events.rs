//! Two team events run end to end through the JSON API, on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: a 10-team league (double round robin, 18
//! rounds, 4 boards) and a 40-team Swiss (C.04.6, 9 rounds, 4 boards). Every round: the next
//! round's matches, a captain's line-up for team 1 (its reserve on board 4), the boards seated,
//! published, every board's result entered; then the checks a federation would make (each pair
//! of league teams met twice with the colours reversed; no Swiss rematch, at most one bye per
//! team), the standings, and the TRF-2026 export, which reads back as the same event.

use std::collections::{BTreeMap, BTreeSet};

use actix_web::http::{StatusCode, header};
use actix_web::test::TestRequest;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_tournament::team::{TeamEvent, TeamStandingsOptions, team_standings};
use arbiter_tournament::tiebreak::parse_list;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, get};
use serde_json::{Value as Json, json};

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

/// An API call with a bearer token; the status and the JSON answer.
macro_rules! api {
    ($app:expr, $token:expr, $method:ident, $uri:expr, $body:expr) => {{
        let req = TestRequest::$method()
            .uri(AsRef::<str>::as_ref(&$uri))
            .insert_header((header::AUTHORIZATION, format!("Bearer {}", $token)))
            .set_json($body);
        let p = send!($app, Jar(None), req);
        let j: Json = if p.body.is_empty() {
            Json::Null
        } else {
            serde_json::from_str(&p.body).unwrap_or(Json::Null)
        };
        (p.status, j, p.body)
    }};
}

/// A board's result, the same on every run: a mix of wins for either side and draws.
fn result_of(round: u64, board: u64) -> (&'static str, &'static str) {
    match (round * 7 + board * 3) % 5 {
        0 | 1 => ("1", "0"),
        2 | 3 => ("0", "1"),
        _ => ("=", "="),
    }
}

async fn run<S, B>(
    app: &S,
    db: &TestDb,
    org: &str,
    captain: &str,
    teams: u16,
    rounds: u16,
    system: &str,
) -> (uuid::Uuid, TeamEvent)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let (s, j, body) = api!(
        app,
        org,
        post,
        "/api/v1/tournaments",
        json!({"name": format!("{system} of {teams}"), "rounds_planned": rounds})
    );
    assert_eq!(s, StatusCode::CREATED, "{body}");
    let id: uuid::Uuid = j["id"].as_str().unwrap().parse().unwrap();
    let base = format!("/api/v1/tournaments/{id}");
    let (s, _, body) = api!(
        app,
        org,
        post,
        format!("{base}/teams/setup"),
        json!({"boards": 4})
    );
    assert_eq!(s, StatusCode::NO_CONTENT, "{body}");
    for n in 1..=teams {
        let roster: Vec<Json> = (1..=5)
            .map(|k| json!({"name": format!("Player {n}-{k}"), "rating": 2400 - 10 * n - k, "federation": "IRI"}))
            .collect();
        let (s, j, body) = api!(
            app,
            org,
            post,
            format!("{base}/teams"),
            json!({"name": format!("Team {n}"), "roster": roster})
        );
        assert_eq!(s, StatusCode::CREATED, "{body}");
        assert_eq!(j["number"], n);
    }
    // The captain of team 1.
    {
        let c = &mut db.pool.get().unwrap();
        let user = arbiter_db::accounts::user_by_email(c, "cap@example.org")
            .unwrap()
            .unwrap();
        arbiter_db::team::set_captain(c, id, user.uuid().unwrap(), Some(1), &Actor::system("t"))
            .unwrap();
    }
    for r in 1..=rounds {
        let (s, j, body) = api!(
            app,
            org,
            post,
            format!("{base}/teams/rounds"),
            json!({"system": system})
        );
        assert_eq!(s, StatusCode::OK, "round {r}: {body}");
        assert_eq!(j["round"], r);
        let plays = j["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["first"] == 1 || m["second"] == 1);
        if plays {
            // Team 1's players are 1-5: the reserve (5) on board 4 in place of player 4.
            let (s, _, body) = api!(
                app,
                captain,
                post,
                format!("{base}/rounds/{r}/lineups/1"),
                json!({"boards": [1, 2, 3, 5]})
            );
            assert_eq!(s, StatusCode::OK, "{body}");
        }
        let (s, j, body) = api!(app, org, post, format!("{base}/rounds/{r}/seat"), json!({}));
        assert_eq!(s, StatusCode::OK, "{body}");
        assert_eq!(j["forfeits"], 0);
        let (s, _, body) = api!(
            app,
            org,
            post,
            format!("{base}/rounds/{r}/publish"),
            json!({})
        );
        assert!(s.is_success(), "{body}");
        let (s, j, body) = api!(app, org, get, format!("{base}/rounds/{r}"), json!({}));
        assert_eq!(s, StatusCode::OK, "{body}");
        for g in j["games"].as_array().unwrap() {
            let board = g["board"].as_u64().unwrap();
            let (w, b) = result_of(u64::from(r), board);
            let (s, _, body) = api!(
                app,
                org,
                put,
                format!("/api/v1/games/{}/result", g["id"].as_str().unwrap()),
                json!({"white": w, "black": b, "version": g["version"]})
            );
            assert_eq!(s, StatusCode::OK, "{body}");
        }
    }
    // One round too many is refused, naming why.
    let (s, _, body) = api!(
        app,
        org,
        post,
        format!("{base}/teams/rounds"),
        json!({"system": system})
    );
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    let t = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
        .unwrap()
        .unwrap()
        .tournament;
    (id, t.team.unwrap())
}

#[actix_web::test]
async fn a_league_and_a_swiss_run_through_the_api_and_export_as_trf() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let (org, captain) = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let o = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys)
                .unwrap();
            let k = arbiter_db::accounts::create_user(c, "cap@example.org", &hash, false, &sys)
                .unwrap();
            (
                arbiter_db::accounts::create_api_token(c, o.uuid().unwrap(), None, &sys).unwrap(),
                arbiter_db::accounts::create_api_token(c, k.uuid().unwrap(), None, &sys).unwrap(),
            )
        };

        // The league: every pair twice, colours reversed (the first-named team has White on
        // board 1, so first-named = the table's White).
        let (league_id, league) =
            run(&app, &db, &org, &captain, 10, 18, "double-round-robin").await;
        let mut met: BTreeMap<(u16, u16), Vec<u16>> = BTreeMap::new();
        for r in &league.rounds {
            assert_eq!(r.matches.len(), 5);
            for m in &r.matches {
                met.entry((m.first.min(m.second), m.first.max(m.second)))
                    .or_default()
                    .push(m.first);
            }
        }
        assert_eq!(met.len(), 45);
        for ((a, b), firsts) in &met {
            assert_eq!(firsts.len(), 2, "{a}-{b} met twice");
            assert_ne!(firsts[0], firsts[1], "{a}-{b}: colours reversed");
        }

        // The Swiss: no rematch, no second bye, every round complete.
        let (swiss_id, swiss) = run(&app, &db, &org, &captain, 40, 9, "swiss").await;
        let mut seen = BTreeSet::new();
        for r in &swiss.rounds {
            assert_eq!(r.matches.len(), 20);
            assert_eq!(r.bye, None);
            for m in &r.matches {
                assert!(
                    seen.insert((m.first.min(m.second), m.first.max(m.second))),
                    "round {}: {}-{} met before",
                    r.number,
                    m.first,
                    m.second
                );
            }
        }
        // Team 1 played with its reserve on board 4 whenever it played.
        for r in &swiss.rounds {
            assert_eq!(r.lineups[&1].boards, [Some(1), Some(2), Some(3), Some(5)]);
        }

        // The TRF-2026 export reads back as the same event: teams, rosters, matches, scores.
        let mut jar = Jar(None);
        let p = send!(app, jar, get("/signin"));
        send!(
            app,
            jar,
            form(
                "/signin",
                &[
                    ("email", "org@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &csrf_of(&p.body)),
                ]
            )
        );
        for (id, event) in [(league_id, &league), (swiss_id, &swiss)] {
            let p = send!(app, jar, get(&format!("/tournaments/{id}/export/trf2026")));
            assert_eq!(p.status, StatusCode::OK);
            let back = arbiter_tournament::read_trf(p.body.as_bytes())
                .unwrap()
                .tournament;
            let stored = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
                .unwrap()
                .unwrap()
                .tournament;
            let read = back.team.as_ref().expect("the export carries the teams");
            let rosters = |e: &TeamEvent| -> Vec<Vec<u16>> {
                e.teams.iter().map(|t| t.roster.clone()).collect()
            };
            assert_eq!(rosters(read), rosters(event));
            let matches = |e: &TeamEvent| -> Vec<BTreeSet<(u16, u16)>> {
                e.rounds
                    .iter()
                    .map(|r| r.matches.iter().map(|m| (m.first, m.second)).collect())
                    .collect()
            };
            assert_eq!(matches(read), matches(event));
            let last = event.last_round();
            assert_eq!(
                read.scores_after_round(&back, last),
                event.scores_after_round(&stored, last)
            );
            // The standings by match points, then game points, agree.
            let list = parse_list("PTS,MPVGP").unwrap();
            let ranks = |t: &arbiter_tournament::Tournament, e: &TeamEvent| -> Vec<u16> {
                team_standings(t, e, &list, &TeamStandingsOptions::default())
                    .rows
                    .iter()
                    .map(|r| r.team)
                    .collect()
            };
            assert_eq!(ranks(&back, read), ranks(&stored, event));
        }
    }
}
