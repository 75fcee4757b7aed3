//! Games through the real HTTP stack: a PGN event imported, its games lists, a game page with the
//! server-drawn board and ply links, PGN export read back by the rules core's reader, the game API,
//! printable pairing lists and result sheets; on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is
//! set, on PostgreSQL.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_rules::pgn::{PgnReader, RawGame};
use arbiter_tournament::pgn_event::{PgnEvent, check_score, read_pgn_event};
use arbiter_tournament::read_trf;
use arbiter_web::Config;
use serde_json::Value as Json;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/../../fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The demo games: ch-CHN 2025, rounds 2-8, 210 games.
fn chn() -> PgnEvent {
    read_pgn_event(&fixture("ch-chn-2025.pgn")).expect("the demo games read")
}

macro_rules! get {
    ($app:expr, $uri:expr) => {{
        let resp =
            test::call_service(&$app, test::TestRequest::get().uri(&$uri).to_request()).await;
        let status = resp.status();
        let headers = resp.headers().clone();
        let body = test::read_body(resp).await;
        (status, headers, String::from_utf8(body.to_vec()).unwrap())
    }};
}

fn h(headers: &header::HeaderMap, name: header::HeaderName) -> String {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

fn games_of(text: &[u8]) -> Vec<RawGame> {
    PgnReader::new(text)
        .map(|g| g.expect("well-formed PGN"))
        .collect()
}

fn moves(g: &RawGame) -> Vec<String> {
    g.moves().map(|m| m.text.to_owned()).collect()
}

#[actix_web::test]
async fn a_pgn_event_has_games_pages_boards_and_a_pgn_export_that_reads_back() {
    let event = chn();
    assert_eq!(event.games.len(), 210);
    let source = games_of(&fixture("ch-chn-2025.pgn"));
    for db in TestDb::all() {
        let id = {
            let mut conn = db.pool.get().unwrap();
            arbiter_db::games::import_pgn_event(&mut conn, &event, &Actor::system("test")).unwrap()
        };
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;

        // The tournament says what it holds and links to the games.
        let (status, _, page) = get!(app, &format!("/tournaments/{id}"));
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("the 210 published games only"), "{page}");
        assert!(page.contains(&format!("/tournaments/{id}/games\"")));

        // Every game listed, by round; a round's list holds its 30 boards.
        let (status, _, list) = get!(app, &format!("/tournaments/{id}/games"));
        assert_eq!(status, StatusCode::OK);
        assert!(list.contains("published games only"));
        let links = format!("href=\"/tournaments/{id}/games/");
        assert_eq!(list.matches(&links).count(), 210);
        let (status, _, r2) = get!(app, &format!("/tournaments/{id}/rounds/2/games"));
        assert_eq!(status, StatusCode::OK);
        assert_eq!(r2.matches(&links).count(), 30);
        // Round 1 exists (the source lacks it) and has no games.
        let (status, _, r1) = get!(app, &format!("/tournaments/{id}/rounds/1/games"));
        assert_eq!(status, StatusCode::OK);
        assert_eq!(r1.matches(&links).count(), 0);

        // A game: round 2 board 1 (Xie Jianjun - Dai Changren, 0-1 in 43 moves, 86 half-moves).
        let rows = {
            let mut conn = db.pool.get().unwrap();
            arbiter_db::games::tournament_games(&mut conn, id).unwrap()
        };
        let first = rows
            .iter()
            .find(|r| r.round == 2 && r.board == Some(1))
            .expect("round 2 board 1");
        let gid = &first.id;
        let (status, headers, game) = get!(app, &format!("/tournaments/{id}/games/{gid}"));
        assert_eq!(status, StatusCode::OK, "{game}");
        assert!(!h(&headers, header::ETAG).is_empty());
        assert!(game.contains("<svg"), "{game}");
        assert!(!game.contains("<script"));
        assert!(game.contains("Xie Jianjun"));
        assert!(game.contains("href=\"?ply=1\""));
        assert!(game.contains("href=\"?ply=86\""));
        assert!(!game.contains("href=\"?ply=87\""));
        assert!(game.contains("Position after 43...Rf5"), "{game}");
        assert!(game.contains("Replay report"));
        assert!(game.contains(">valid<"), "{game}");
        // Stepping through: the start, then after 2. d4.
        let (_, _, start) = get!(app, &format!("/tournaments/{id}/games/{gid}?ply=0"));
        assert!(start.contains("The starting position"));
        assert!(start.contains("White: Ke1, Qd1, Ra1, Rh1"), "{start}");
        let (_, _, third) = get!(app, &format!("/tournaments/{id}/games/{gid}?ply=3"));
        assert!(third.contains("Position after 2. d4"), "{third}");
        assert!(third.contains("<a href=\"?ply=3\" class=\"current\""));
        assert!(third.contains("href=\"?ply=2\" rel=\"prev\""));
        assert!(third.contains("href=\"?ply=4\" rel=\"next\""));
        // A bad ply names the query; a game of another tournament is not found.
        let (status, _, _) = get!(app, &format!("/tournaments/{id}/games/{gid}?ply=x"));
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let other = uuid::Uuid::new_v4();
        let (status, _, _) = get!(app, &format!("/tournaments/{other}/games/{gid}"));
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _, _) = get!(app, &format!("/tournaments/{id}/games/{other}"));
        assert_eq!(status, StatusCode::NOT_FOUND);

        // The export reads back with the rules core's reader: the same games, the same moves.
        let (status, headers, pgn) = get!(app, &format!("/tournaments/{id}/export.pgn"));
        assert_eq!(status, StatusCode::OK);
        assert!(h(&headers, header::CONTENT_TYPE).starts_with("application/x-chess-pgn"));
        let exported = games_of(pgn.as_bytes());
        assert_eq!(exported.len(), 210);
        for g in &exported {
            let round = g.tag("Round").unwrap();
            let src = source
                .iter()
                .find(|s| s.tag("Round") == Some(round))
                .unwrap_or_else(|| panic!("round {round} in the source"));
            assert_eq!(moves(g), moves(src), "round {round}");
            assert_eq!(g.tag("White"), src.tag("White"));
            assert_eq!(g.tag("Result"), src.tag("Result"));
            assert_eq!(g.termination, src.termination);
        }
        let (status, _, one) = get!(app, &format!("/tournaments/{id}/games/{gid}/export.pgn"));
        assert_eq!(status, StatusCode::OK);
        let one = games_of(one.as_bytes());
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].tag("Round"), Some("2.1"));
        assert_eq!(one[0].move_count(), 86);

        // The game as JSON; an unknown game is a problem.
        let (status, headers, body) = get!(app, &format!("/api/v1/games/{gid}"));
        assert_eq!(status, StatusCode::OK, "{body}");
        let req = test::TestRequest::get()
            .uri(&format!("/api/v1/games/{gid}"))
            .insert_header((header::IF_NONE_MATCH, h(&headers, header::ETAG)))
            .to_request();
        assert_eq!(
            test::call_service(&app, req).await.status(),
            StatusCode::NOT_MODIFIED
        );
        let j: Json = serde_json::from_str(&body).unwrap();
        assert_eq!(j["round"], 2);
        assert_eq!(j["board"], 1);
        assert_eq!(j["white"]["name"], "Xie Jianjun");
        assert_eq!(j["result"], "0–1");
        assert_eq!(j["score"]["report"]["status"], "ok");
        assert_eq!(j["score"]["report"]["plies"], 86);
        assert_eq!(j["score"]["moves"][0], "e4");
        assert_eq!(j["score"]["moves"].as_array().unwrap().len(), 86);
        let (status, headers, _) = get!(app, &format!("/api/v1/games/{other}"));
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(
            h(&headers, header::CONTENT_TYPE),
            "application/problem+json"
        );

        // Printable pairing list and result sheet.
        let (status, _, print) = get!(app, &format!("/tournaments/{id}/rounds/2/print"));
        assert_eq!(status, StatusCode::OK);
        assert!(print.contains("class=\"print-sheet\""));
        assert_eq!(print.matches("<tr><td class=\"num\">").count(), 30);
        assert!(print.contains("Xie Jianjun"));
        let (status, _, sheets) = get!(app, &format!("/tournaments/{id}/rounds/8/sheets"));
        assert_eq!(status, StatusCode::OK);
        assert!(sheets.contains("result sheet"));
        assert_eq!(sheets.matches("<td class=\"sign\"></td>").count(), 90);
        let (status, _, _) = get!(app, &format!("/tournaments/{id}/rounds/9/print"));
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[actix_web::test]
async fn games_without_scores_export_their_tags_and_print_with_byes() {
    let t = read_trf(&fixture("karl-mala-2005.trf"))
        .expect("the demo event reads")
        .tournament;
    let games: usize = t.rounds.iter().map(|r| r.games.len()).sum();
    for db in TestDb::all() {
        let id = {
            let mut conn = db.pool.get().unwrap();
            create_tournament(&mut conn, &t, None, &Actor::system("test"), "import").unwrap()
        };
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let (status, _, pgn) = get!(app, &format!("/tournaments/{id}/export.pgn"));
        assert_eq!(status, StatusCode::OK);
        let exported = games_of(pgn.as_bytes());
        assert_eq!(exported.len(), games);
        assert!(exported.iter().all(|g| g.move_count() == 0));
        let g = &t.rounds[0].games[0];
        let first = &exported[0];
        assert_eq!(first.tag("Round"), Some("1.1"));
        assert_eq!(
            first.tag("White"),
            t.player(g.white).map(|p| p.name.as_str())
        );
        assert_eq!(first.tag("Event"), t.name.as_deref());
        // Forfeits are written as decided, with the reason.
        assert!(
            exported
                .iter()
                .any(|g| g.tag("Termination") == Some("rules infraction"))
        );

        let (status, _, list) = get!(app, &format!("/tournaments/{id}/rounds/1/games"));
        assert_eq!(status, StatusCode::OK);
        assert!(list.contains("0 game scores stored"), "{list}");
        let (status, _, print) = get!(app, &format!("/tournaments/{id}/rounds/1/print"));
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            print.matches("<tr><td class=\"num\">").count(),
            t.rounds[0].games.len()
        );
        if !t.rounds[0].byes.is_empty() {
            assert!(print.contains("Without an opponent"));
        }
        // A game without a score: its page says so.
        let gid = {
            let mut conn = db.pool.get().unwrap();
            arbiter_db::round_games(&mut conn, id, 1).unwrap()[0]
                .id
                .clone()
        };
        let (status, _, page) = get!(app, &format!("/tournaments/{id}/games/{gid}"));
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("No score"));
        assert!(!page.contains("<svg"));

        // An arbiter stores a score with an illegal move: the page and the list flag it, the
        // export carries it, and the cached pages change.
        let (_, headers, _) = get!(app, &format!("/tournaments/{id}/rounds/1/games"));
        let etag = h(&headers, header::ETAG);
        {
            let (pgn, report) =
                check_score("[White \"x\"]\n[Black \"y\"]\n\n1. e4 e5 2. Ke3 Nc6 *").unwrap();
            let mut conn = db.pool.get().unwrap();
            let gid = uuid::Uuid::parse_str(&gid).unwrap();
            arbiter_db::games::store_game_score(
                &mut conn,
                gid,
                &pgn,
                &report,
                &Actor::system("arbiter"),
            )
            .unwrap();
        }
        let (_, headers, list) = get!(app, &format!("/tournaments/{id}/rounds/1/games"));
        assert_ne!(h(&headers, header::ETAG), etag);
        assert!(
            list.contains("1 game score stored, 1 flagged for the arbiter"),
            "{list}"
        );
        assert!(list.contains("class=\"flagged\""));
        let (_, _, page) = get!(app, &format!("/tournaments/{id}/games/{gid}"));
        assert!(page.contains("<svg"));
        assert!(page.contains("illegal move"), "{page}");
        assert!(page.contains("move 2 (White): Ke3, half-move 3"), "{page}");
        // The board stops before the illegal move.
        assert!(page.contains("Position after 1...e5"), "{page}");
        assert!(!page.contains("href=\"?ply=3\""));
        let (_, _, pgn) = get!(app, &format!("/tournaments/{id}/export.pgn"));
        let exported = games_of(pgn.as_bytes());
        assert_eq!(exported.len(), games);
        assert_eq!(
            exported.iter().filter(|g| g.move_count() == 4).count(),
            1,
            "the stored score, its four tokens as written"
        );
    }
}
