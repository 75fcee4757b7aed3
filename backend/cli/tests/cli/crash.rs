//! Crash safety (issue #19), on SQLite and, with `ARBITER_TEST_POSTGRES_URL`, PostgreSQL:
//! `arbiter serve` killed (SIGKILL) in the middle of a burst of result entries keeps, after a
//! restart, every result it answered, each one whole (codes, version and audit entry together);
//! `arbiter import` killed at several moments of a TRF import leaves the tournament whole or
//! absent, never in part.

use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_db::Actor;
use arbiter_db::testing::TestDb;

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

fn fixture() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    ))
    .expect("fixtures/karl-mala-2005.trf")
}

/// The URL a child process opens the test's database with: on PostgreSQL its schema, by
/// `search_path` in the connection's options.
fn url_of(db: &TestDb) -> String {
    match &db.pg_schema {
        Some(schema) => {
            let join = if db.url.contains('?') { '&' } else { '?' };
            format!("{}{join}options=-csearch_path%3D{schema}", db.url)
        }
        None => db.url.clone(),
    }
}

/// `arbiter serve` on a free port; killed (SIGKILL) when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(url: &str, dir: &Path) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let log_path = dir.join(format!("server-{port}.log"));
        let log = std::fs::File::create(&log_path).expect("the server's log");
        let child = Command::new(ARBITER)
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .args(["--database", url])
            .env("ARBITER_SESSION_KEY", "k".repeat(64))
            .env("ARBITER_SEAL_KEY", "a".repeat(64))
            .current_dir(dir)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("arbiter serve");
        let mut server = Server { child, port };
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            let log = || std::fs::read_to_string(&log_path).unwrap_or_default();
            assert!(
                server.child.try_wait().expect("its status").is_none(),
                "arbiter serve exited:\n{}",
                log()
            );
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "arbiter serve does not answer:\n{}",
                log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// SIGKILL: no shutdown, no flush, no rollback but the database's own.
    fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("the killed server's status");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request with a bearer token and a JSON body; the status and the body. An error
/// when the server is gone.
fn http(
    port: u16,
    method: &str,
    path: &str,
    token: &str,
    body: &str,
) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut answer = String::new();
    s.read_to_string(&mut answer)?;
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {answer:?}")))?;
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Ok((status, body))
}

#[test]
fn a_server_killed_in_a_burst_of_results_keeps_every_answered_one_whole() {
    let trf = arbiter_tournament::trf::read_trf(&fixture())
        .expect("the fixture")
        .tournament;
    let last = trf.rounds.last().expect("rounds").number;
    for db in TestDb::all() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let sys = Actor::system("test");
        let (token, id, games, audited) = {
            let c = &mut db.pool.get().unwrap();
            let user = arbiter_db::accounts::create_user(c, "arbiter@example.org", "-", true, &sys)
                .unwrap();
            let token = arbiter_db::accounts::create_api_token(c, user.uuid().unwrap(), None, &sys)
                .unwrap();
            let id = arbiter_db::create_tournament(c, &trf, None, &sys, "import").unwrap();
            let games = arbiter_db::round_games(c, id, last).unwrap();
            let audited = arbiter_db::audit_entries(c, id).unwrap().len();
            (token, id, games, audited)
        };
        assert!(games.len() > 100, "{db:?}: the last round's games");
        let url = url_of(&db);
        let mut server = Server::start(&url, dir.path());

        // One arbiter's program enters a draw on every board of the last round, one request
        // after another; the server is killed once 20 of them are answered.
        let answered = Arc::new(Mutex::new(Vec::<String>::new()));
        let sender = {
            let (answered, token, port) = (Arc::clone(&answered), token.clone(), server.port);
            let games: Vec<(String, i32)> =
                games.iter().map(|g| (g.id.clone(), g.version)).collect();
            std::thread::spawn(move || {
                for (game, version) in games {
                    let body = format!(r#"{{"white": "=", "black": "=", "version": {version}}}"#);
                    let path = format!("/api/v1/games/{game}/result");
                    match http(port, "PUT", &path, &token, &body) {
                        Ok((200, _)) => answered.lock().unwrap().push(game),
                        Ok((status, body)) => panic!("{status} for {path}: {body}"),
                        Err(_) => return,
                    }
                }
            })
        };
        let start = Instant::now();
        while answered.lock().unwrap().len() < 20 {
            assert!(!sender.is_finished(), "{db:?}: the sender stopped early");
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "{db:?}: no answers"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        server.kill();
        sender.join().expect("the sender");
        let answered = answered.lock().unwrap().clone();

        // Restarted, the server shows every answered result; what was not answered is there
        // whole (at most the one request in flight) or not at all.
        let server = Server::start(&url, dir.path());
        let (status, body) = http(
            server.port,
            "GET",
            &format!("/api/v1/tournaments/{id}/rounds/{last}"),
            &token,
            "",
        )
        .expect("the restarted server answers");
        assert_eq!(status, 200, "{body}");
        let round: serde_json::Value = serde_json::from_str(&body).unwrap();
        let mut changed = 0;
        for g in round["games"].as_array().unwrap() {
            let before = games
                .iter()
                .find(|b| g["id"] == b.id.as_str())
                .expect("the same games");
            let moved = g["version"] == before.version + 1;
            if answered.contains(&before.id) {
                assert!(moved, "{db:?}: an answered result is lost: {g}");
            }
            if moved {
                changed += 1;
                assert!(g["white_code"] == "=" && g["black_code"] == "=", "{g}");
            } else {
                assert_eq!(g["version"], before.version, "{g}");
                assert_eq!(g["white_code"], before.white_code.as_str(), "{g}");
                assert_eq!(g["black_code"], before.black_code.as_str(), "{g}");
            }
        }
        assert!(
            (answered.len()..=answered.len() + 1).contains(&changed),
            "{db:?}: {changed} results stored, {} answered",
            answered.len()
        );
        assert!(
            changed < games.len(),
            "{db:?}: the kill came after the burst"
        );
        eprintln!(
            "{db:?}: {} results answered, {changed} stored when the server was killed",
            answered.len()
        );
        let c = &mut db.pool.get().unwrap();
        assert_eq!(
            arbiter_db::audit_entries(c, id).unwrap().len() - audited,
            changed,
            "{db:?}: one audit entry per stored result, none for a lost one"
        );
    }
}

#[test]
fn an_import_killed_midway_leaves_the_tournament_whole_or_absent() {
    let bytes = fixture();
    let trf = arbiter_tournament::trf::read_trf(&bytes)
        .unwrap()
        .tournament;
    let games: usize = trf.rounds.iter().map(|r| r.games.len()).sum();
    for db in TestDb::all() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let file = dir.path().join("event.trf");
        std::fs::write(&file, &bytes).unwrap();
        let url = url_of(&db);
        // Kills spread over the import's run (reading the file, then the one transaction).
        let delays = [30, 60, 100, 150, 220, 300, 400, 550, 750, 1000, 1300];
        for delay in delays {
            let mut child = Command::new(ARBITER)
                .arg("import")
                .arg(&file)
                .args(["--database", &url])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("arbiter import");
            std::thread::sleep(Duration::from_millis(delay));
            let _ = child.kill();
            child.wait().expect("the import's status");
        }
        let c = &mut db.pool.get().unwrap();
        let listed = arbiter_db::list_tournaments(c).unwrap();
        eprintln!(
            "{db:?}: {} of {} killed imports stored, whole",
            listed.len(),
            delays.len()
        );
        for listed in listed {
            let t = arbiter_db::load_tournament(c, listed.id)
                .unwrap()
                .unwrap()
                .tournament;
            assert_eq!(t.players.len(), trf.players.len(), "{db:?}: players");
            assert_eq!(t.rounds.len(), trf.rounds.len(), "{db:?}: rounds");
            let stored: usize = t.rounds.iter().map(|r| r.games.len()).sum();
            assert_eq!(stored, games, "{db:?}: games");
        }
    }
}

#[test]
fn a_server_killed_while_pairing_a_thousand_players_stores_the_round_whole_or_not_at_all() {
    let mut t = arbiter_tournament::Tournament {
        name: Some("Crash Open".into()),
        rounds_planned: Some(9),
        ..arbiter_tournament::Tournament::default()
    };
    t.players = (1..=1000u16)
        .map(|n| {
            let mut p = arbiter_tournament::Player::new(n, format!("Player, {n:04}"));
            p.rating = Some(2800 - n);
            p
        })
        .collect();
    for db in TestDb::all() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let sys = Actor::system("test");
        let (token, id) = {
            let c = &mut db.pool.get().unwrap();
            let user =
                arbiter_db::accounts::create_user(c, "organizer@example.org", "-", true, &sys)
                    .unwrap();
            let token = arbiter_db::accounts::create_api_token(c, user.uuid().unwrap(), None, &sys)
                .unwrap();
            (token, arbiter_tournament_for(c, &t, &user))
        };
        let url = url_of(&db);
        let whole = |db: &TestDb| {
            let stored = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
                .unwrap()
                .unwrap()
                .tournament;
            assert!(stored.rounds.len() <= 1, "{db:?}: one round at most");
            if let Some(r) = stored.rounds.first() {
                assert_eq!(r.games.len(), 500, "{db:?}: the round is whole");
            }
            !stored.rounds.is_empty()
        };
        // The engine's pairing of round 1 stored through the API, the server killed at several
        // moments of it; the last try is not killed.
        let delays = [5, 20, 60, 150, 400, 1000];
        for (i, delay) in delays.iter().chain([&u64::MAX]).enumerate() {
            let mut server = Server::start(&url, dir.path());
            let (status, body) = http(
                server.port,
                "GET",
                &format!("/api/v1/tournaments/{id}"),
                &token,
                "",
            )
            .expect("the tournament");
            assert_eq!(status, 200, "{body}");
            let read: serde_json::Value = serde_json::from_str(&body).unwrap();
            // (The API shows a round once published: the database says whether it is stored.)
            if whole(&db) {
                break;
            }
            let request = format!(r#"{{"round": 1, "seen": {}}}"#, read["updated_at"]);
            let (port, token) = (server.port, token.clone());
            let pairing = std::thread::spawn(move || {
                http(
                    port,
                    "POST",
                    &format!("/api/v1/tournaments/{id}/rounds"),
                    &token,
                    &request,
                )
            });
            if *delay == u64::MAX {
                let (status, body) = pairing.join().unwrap().expect("the pairing's answer");
                assert_eq!(status, 201, "{body}");
            } else {
                std::thread::sleep(Duration::from_millis(*delay));
                server.kill();
                let _ = pairing.join();
            }
            drop(server);
            if whole(&db) {
                eprintln!(
                    "{db:?}: the round stored, whole, at try {i} of {}",
                    delays.len() + 1
                );
            }
        }
        assert!(whole(&db), "{db:?}: the round is stored in the end");
    }
}

/// Stores `t` with `organizer` as its organizer; its id.
fn arbiter_tournament_for(
    c: &mut arbiter_db::DbConnection,
    t: &arbiter_tournament::Tournament,
    organizer: &arbiter_db::UserRow,
) -> uuid::Uuid {
    arbiter_db::create_tournament_for(c, t, None, organizer).unwrap()
}
