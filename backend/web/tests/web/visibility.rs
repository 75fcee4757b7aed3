//! One visibility rule for every public read (issue #45): a round that is paired (or seated, for
//! a team event) but not published is invisible to anyone without a staff role, on every route of
//! the route tables, pages, JSON, PGN, TRF and CSV alike.
//!
//! The test walks every `GET` route of the tables (read from their source, as the write-route
//! test does, so a route added later is walked too) as an anonymous reader, twice: before round
//! 2 exists, and after it was paired, given a result and a game score but not published. Every
//! answer must be the same both times (status and body; the round-2 game's id, which a reader
//! could only guess, replaces a random one in the first walk). A route that shows any trace of
//! the unpublished round (a game, a result, a score, a line-up, a match) fails the test, naming
//! the route and the first difference.

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call};
use uuid::Uuid;

use crate::routes::every_route_in_source;

/// The values a walk puts into a route's parameters: `{n}`/`{r}` the round, `{game}` (and the
/// `{id}` of `/api/v1/games/{id}`) the game.
struct Walk<'a> {
    tournament: Uuid,
    round: u16,
    game: &'a str,
}

/// Every `GET` route with its parameters filled in by `w` (an export route once per format).
fn uris(w: &Walk<'_>) -> Vec<String> {
    let mut out = Vec::new();
    for (method, path) in every_route_in_source() {
        if method != "GET" {
            continue;
        }
        let id = if path.starts_with("/api/v1/games/") {
            w.game.to_owned()
        } else {
            w.tournament.to_string()
        };
        let uri = path
            .replace("{id}", &id)
            .replace("{n}", &w.round.to_string())
            .replace("{r}", &w.round.to_string())
            .replace("{game}", w.game)
            .replace("{pn}", "1")
            .replace("{table}", "1")
            .replace("{token}", "no-such-link")
            .replace("{fide_id}", "1503014");
        if uri.contains("{format}") {
            for f in ["trf16", "trf2026", "players.csv"] {
                out.push(uri.replace("{format}", f));
            }
        } else {
            out.push(uri);
        }
    }
    out.push(format!(
        "/api/v1/rating-lists/search?q=Carlsen&tournament={}",
        w.tournament
    ));
    out
}

/// The anonymous answers to every route of the walk: `(uri, status, body)`, with `w.game`
/// written `{game}` in the bodies (an error page names the path it was asked).
async fn walk<S, B>(app: &S, w: &Walk<'_>) -> Vec<(String, StatusCode, String)>
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut out = Vec::new();
    for uri in uris(w) {
        let page = call(app, &mut Jar(None), TestRequest::get().uri(&uri)).await;
        let generic = uri.replace(w.game, "{game}");
        out.push((
            generic,
            page.status,
            neutral(&page.body.replace(w.game, "{game}")),
        ));
    }
    out
}

/// `body` without what differs between two answers for reasons other than the round: a form's
/// CSRF token (each anonymous reader gets a session of its own) and the tournament's
/// `updated_at` in JSON (the time of its last change, which API writers send back as `seen`;
/// it tells that something changed, not what).
fn neutral(body: &str) -> String {
    let mut text = body.to_owned();
    for key in ["name=\"csrf\" value=\"", "\"updated_at\":\""] {
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(i) = rest.find(key) {
            out.push_str(&rest[..i + key.len()]);
            rest = &rest[i + key.len()..];
            rest = &rest[rest.find('"').unwrap_or(rest.len())..];
        }
        out.push_str(rest);
        text = out;
    }
    text
}

/// Fails naming every route whose answer differs between the two walks.
fn same_answers(
    what: &str,
    before: &[(String, StatusCode, String)],
    after: &[(String, StatusCode, String)],
) {
    assert_eq!(before.len(), after.len());
    let mut leaks = Vec::new();
    for ((uri, s0, b0), (_, s1, b1)) in before.iter().zip(after) {
        if s0 != s1 || b0 != b1 {
            // The first differing character, with some context before and after it.
            let at = b0
                .chars()
                .zip(b1.chars())
                .take_while(|(a, b)| a == b)
                .count();
            let context: String = b1.chars().skip(at.saturating_sub(60)).take(180).collect();
            leaks.push(format!(
                "{uri}: {s0} then {s1}, first difference: {context:?}"
            ));
        }
    }
    assert!(
        leaks.is_empty(),
        "{what}: {} public routes show the unpublished round:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}

/// The walk of one event: every answer with round 1 played and round 2 not yet paired, then
/// again after `hide` paired round 2 without publishing it (gave it results and a score;
/// returns one of its games): the same answers, naming what differs. Then round 2 is published
/// and the route ending with `public` must show it (so the walk can see a round at all).
async fn round_two_stays_hidden<S, B>(
    app: &S,
    pool: &arbiter_db::Pool,
    id: Uuid,
    g1: &str,
    hide: impl AsyncFnOnce() -> String,
    public: &str,
) where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let guess = Uuid::new_v4().to_string();
    let unknown = Walk {
        tournament: id,
        round: 2,
        game: &guess,
    };
    let round1 = Walk {
        tournament: id,
        round: 1,
        game: g1,
    };
    let before_round2 = walk(app, &unknown).await;
    let before_round1 = walk(app, &round1).await;
    let g2 = hide().await;
    let round2 = Walk {
        tournament: id,
        round: 2,
        game: &g2,
    };
    same_answers(
        "the unpublished round's own routes",
        &before_round2,
        &walk(app, &round2).await,
    );
    same_answers(
        "the published round's and the event's routes",
        &before_round1,
        &walk(app, &round1).await,
    );
    arbiter_db::publish_round(&mut pool.get().unwrap(), id, 2, &Actor::system("test")).unwrap();
    let published = walk(app, &round2).await;
    let (uri, status, body) = published
        .iter()
        .find(|(uri, _, _)| uri.ends_with(public))
        .expect("the route that shows the round");
    assert_eq!(*status, StatusCode::OK, "{uri}: {body}");
}

#[actix_web::test]
async fn no_public_route_shows_an_unpublished_round() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let sys = Actor::system("test");
        // Round 1 published and played (with a game score); round 2 not yet paired.
        let t = Tournament {
            name: Some("Hidden Round Open".into()),
            rounds_planned: Some(3),
            players: (1..=4)
                .map(|i| Player {
                    rating: Some(2500 - 10 * i),
                    ..Player::new(i, format!("Player, {i}"))
                })
                .collect(),
            rounds: vec![Round {
                number: 1,
                state: RoundState::Complete,
                games: vec![
                    Game::new(1, 3, GameResult::white_wins()),
                    Game::new(4, 2, GameResult::draw()),
                ],
                ..Round::default()
            }],
            ..Tournament::default()
        };
        let id = {
            let c = &mut db.pool.get().unwrap();
            let id = create_tournament(c, &t, None, &sys, "create").unwrap();
            let g1 = arbiter_db::round_games(c, id, 1).unwrap()[0].id.clone();
            let (pgn, report) = arbiter_tournament::pgn_event::check_score(
                "[White \"Player, 1\"]\n[Black \"Player, 3\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
            )
            .unwrap();
            arbiter_db::games::store_game_score(c, g1.parse().unwrap(), &pgn, &report, &sys)
                .unwrap();
            id
        };
        let g1 = arbiter_db::round_games(&mut db.pool.get().unwrap(), id, 1).unwrap()[0]
            .id
            .clone();
        // Round 2 paired, not published; the arbiter enters a result and stores a score.
        let hide = async || {
            let c = &mut db.pool.get().unwrap();
            let seen = arbiter_db::last_change(c, id).unwrap().unwrap();
            let r2 = Round {
                number: 2,
                state: RoundState::Paired,
                games: vec![
                    Game::new(2, 1, GameResult::pending()),
                    Game::new(3, 4, GameResult::pending()),
                ],
                ..Round::default()
            };
            arbiter_db::store_pairing(c, id, &r2, seen, None, &sys).unwrap();
            let row = arbiter_db::round_games(c, id, 2).unwrap()[0].clone();
            arbiter_db::record_result(
                c,
                row.id.parse().unwrap(),
                row.version,
                &GameResult::black_wins(),
                &sys,
            )
            .unwrap();
            let (pgn, report) = arbiter_tournament::pgn_event::check_score(
                "[White \"Player, 2\"]\n[Black \"Player, 1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1",
            )
            .unwrap();
            arbiter_db::games::store_game_score(c, row.id.parse().unwrap(), &pgn, &report, &sys)
                .unwrap();
            row.id
        };
        round_two_stays_hidden(&app, &db.pool, id, &g1, hide, "/api/v1/games/{game}").await;
    }
}

/// An API call with a bearer token; the status and the JSON answer.
async fn api<S, B>(
    app: &S,
    token: &str,
    req: TestRequest,
    body: serde_json::Value,
) -> (StatusCode, serde_json::Value)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let req = req
        .insert_header((
            actix_web::http::header::AUTHORIZATION,
            format!("Bearer {token}"),
        ))
        .set_json(body);
    let page = call(app, &mut Jar(None), req).await;
    (
        page.status,
        serde_json::from_str(&page.body).unwrap_or(serde_json::Value::Null),
    )
}

#[actix_web::test]
async fn no_public_route_shows_an_unpublished_team_round() {
    use serde_json::json;
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let sys = Actor::system("test");
        let token = {
            let c = &mut db.pool.get().unwrap();
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let o = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys)
                .unwrap();
            arbiter_db::accounts::create_api_token(c, o.uuid().unwrap(), None, &sys).unwrap()
        };
        let (s, j) = api(
            &app,
            &token,
            TestRequest::post().uri("/api/v1/tournaments"),
            json!({"name": "Hidden Team Cup", "rounds_planned": 3}),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{j}");
        let id: Uuid = j["id"].as_str().unwrap().parse().unwrap();
        let base = format!("/api/v1/tournaments/{id}");
        let (s, j) = api(
            &app,
            &token,
            TestRequest::post().uri(&format!("{base}/teams/setup")),
            json!({"boards": 2}),
        )
        .await;
        assert!(s.is_success(), "{j}");
        for (n, name) in [
            "Kish Sharks",
            "Tabriz Eagles",
            "Shiraz Lions",
            "Yazd Falcons",
        ]
        .iter()
        .enumerate()
        {
            let roster: Vec<_> = (1..=2)
                .map(|k| json!({"name": format!("Player {n}-{k}"), "rating": 2300 - 10 * (2 * n + k)}))
                .collect();
            let (s, j) = api(
                &app,
                &token,
                TestRequest::post().uri(&format!("{base}/teams")),
                json!({"name": name, "roster": roster}),
            )
            .await;
            assert_eq!(s, StatusCode::CREATED, "{j}");
        }
        // Pairs, seats (and publishes, when asked) a round; returns its first game's id.
        let play = async |round: u16, publish: bool| {
            let (s, j) = api(
                &app,
                &token,
                TestRequest::post().uri(&format!("{base}/teams/rounds")),
                json!({"system": "round-robin"}),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "round {round}: {j}");
            let (s, j) = api(
                &app,
                &token,
                TestRequest::post().uri(&format!("{base}/rounds/{round}/seat")),
                json!({}),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "seat {round}: {j}");
            if publish {
                let (s, j) = api(
                    &app,
                    &token,
                    TestRequest::post().uri(&format!("{base}/rounds/{round}/publish")),
                    json!({}),
                )
                .await;
                assert!(s.is_success(), "publish {round}: {j}");
            }
            // The arbiter enters every result (White wins) and a score for the first game.
            let c = &mut db.pool.get().unwrap();
            let rows = arbiter_db::round_games(c, id, round).unwrap();
            for row in &rows {
                arbiter_db::record_result(
                    c,
                    row.id.parse().unwrap(),
                    row.version,
                    &GameResult::white_wins(),
                    &sys,
                )
                .unwrap();
            }
            let (pgn, report) = arbiter_tournament::pgn_event::check_score(
                "[White \"x\"]\n[Black \"y\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
            )
            .unwrap();
            arbiter_db::games::store_game_score(
                c,
                rows[0].id.parse().unwrap(),
                &pgn,
                &report,
                &sys,
            )
            .unwrap();
            rows[0].id.clone()
        };
        let g1 = play(1, true).await;
        round_two_stays_hidden(
            &app,
            &db.pool,
            id,
            &g1,
            async || play(2, false).await,
            "/rounds/2/matches",
        )
        .await;
    }
}
