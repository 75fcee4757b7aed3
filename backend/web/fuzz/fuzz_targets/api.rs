//! Any bytes as the body of any write route of the JSON API (`/api/v1`) that takes one, sent
//! with an administrator's token to the whole service (every middleware, every handler, a SQLite
//! database holding an individual and a team tournament): never a panic, never a `5xx`. A bad
//! body is a `4xx` naming the field; a good one is stored, and the next input meets what it
//! stored.
//!
//! The first byte picks the route ([`ROUTES`]), the second the number in its path (`{n}`: a
//! pairing number, a round, a team), the rest is the body. With `ARBITER_FUZZ_VERBOSE` set, each
//! answer is printed (to see which seeds get through).
#![no_main]

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use actix_web::http::header;
use actix_web::test::{self, TestRequest};
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_tournament::trf::read_trf;
use libfuzzer_sys::fuzz_target;

/// A write route: method, path (`{t}`: the individual tournament, `{team}`: the team event,
/// `{g}`: a game of the individual tournament, `{n}`: the input's second byte) and whether the
/// body is a JSON Merge Patch.
const ROUTES: &[(&str, &str, bool)] = &[
    ("POST", "/api/v1/tournaments", false),
    ("PUT", "/api/v1/tournaments/{t}", false),
    ("PATCH", "/api/v1/tournaments/{t}", true),
    ("POST", "/api/v1/tournaments/{t}/players", false),
    ("PUT", "/api/v1/tournaments/{t}/players/{n}/status", false),
    ("PATCH", "/api/v1/tournaments/{t}/players/{n}", true),
    ("POST", "/api/v1/tournaments/{t}/byes", false),
    ("POST", "/api/v1/tournaments/{t}/rounds", false),
    ("PATCH", "/api/v1/tournaments/{t}/rounds/{n}", true),
    ("PUT", "/api/v1/tournaments/{t}/prizes", false),
    ("POST", "/api/v1/games/{g}/check-in", false),
    ("POST", "/api/v1/games/{g}/override", false),
    ("POST", "/api/v1/games/{g}/score", false),
    ("PUT", "/api/v1/games/{g}/result", false),
    ("POST", "/api/v1/games/{g}/incidents", false),
    ("POST", "/api/v1/tournaments/{team}/teams/setup", false),
    ("POST", "/api/v1/tournaments/{team}/teams", false),
    ("POST", "/api/v1/tournaments/{team}/teams/rounds", false),
    ("POST", "/api/v1/tournaments/{team}/rounds/{n}/seat", false),
    (
        "POST",
        "/api/v1/tournaments/{team}/rounds/{n}/lineups/1",
        false,
    ),
];

/// A request's answer: status and body.
type Answer = (u16, Vec<u8>);
/// The service, its type erased: a request in, its answer out.
type Call = Box<dyn Fn(actix_http::Request) -> Pin<Box<dyn Future<Output = Answer>>>>;

/// What every input meets: the database, the service over it and the ids the paths name.
struct World {
    system: actix_web::rt::SystemRunner,
    call: Call,
    token: String,
    individual: String,
    team: String,
    game: String,
    _db: TestDb,
}

fn world() -> World {
    let db = TestDb::sqlite();
    let c = &mut db.pool.get().expect("a connection");
    let sys = Actor::system("fuzz");
    let hash = arbiter_web::auth::hash_password("0123456789ab").expect("a hash");
    let admin = arbiter_db::accounts::create_user(c, "fuzz@example.org", &hash, true, &sys)
        .expect("an account");
    let token = arbiter_db::accounts::create_api_token(
        c,
        admin.uuid().expect("an account id"),
        Some("fuzz"),
        &sys,
    )
    .expect("a token");
    let mut store = |bytes: &[u8]| {
        let mut t = read_trf(bytes).expect("the fixture reads").tournament;
        t.publish_paired_rounds();
        arbiter_db::create_tournament(c, &t, None, &sys, "import").expect("the fixture is stored")
    };
    let individual = store(include_bytes!("../../../../fixtures/karl-mala-2005.trf"));
    let team = store(include_bytes!(
        "../../../../fixtures/teams/crete-friendship-cup-2024.trf"
    ));
    let game = arbiter_db::games::tournament_games(c, individual)
        .expect("the games")
        .first()
        .expect("a game")
        .id
        .clone();
    let system = actix_web::rt::System::new();
    let service = Rc::new(system.block_on(arbiter_web::testing::service(
        &db.pool,
        &arbiter_web::Config::default(),
    )));
    let call: Call = Box::new(move |req| {
        let service = Rc::clone(&service);
        Box::pin(async move {
            let answer = test::call_service(&*service, req).await;
            let status = answer.status().as_u16();
            (status, test::read_body(answer).await.to_vec())
        })
    });
    World {
        system,
        call,
        token,
        individual: individual.to_string(),
        team: team.to_string(),
        game,
        _db: db,
    }
}

thread_local! {
    /// Made by the first input and never dropped: dropping the service at exit would reach
    /// actix's own thread-locals after they are gone.
    static WORLD: Cell<Option<&'static World>> = const { Cell::new(None) };
}

fuzz_target!(|data: &[u8]| {
    let [route, n, body @ ..] = data else { return };
    let (method, path, merge_patch) = ROUTES[usize::from(*route) % ROUTES.len()];
    WORLD.with(|cell| {
        let w = cell.get().unwrap_or_else(|| {
            let w: &'static World = Box::leak(Box::new(world()));
            cell.set(Some(w));
            w
        });
        let uri = path
            .replace("{team}", &w.team)
            .replace("{t}", &w.individual)
            .replace("{g}", &w.game)
            .replace("{n}", &n.to_string());
        let req = TestRequest::default()
            .method(method.parse().expect("a method"))
            .uri(&uri)
            .insert_header((header::AUTHORIZATION, format!("Bearer {}", w.token)))
            .insert_header((
                header::CONTENT_TYPE,
                if merge_patch {
                    "application/merge-patch+json"
                } else {
                    "application/json"
                },
            ))
            .set_payload(body.to_vec())
            .to_request();
        let (status, answer) = w.system.block_on((w.call)(req));
        if std::env::var_os("ARBITER_FUZZ_VERBOSE").is_some() {
            eprintln!(
                "{method} {uri}: {status} {}",
                String::from_utf8_lossy(&answer)
            );
        }
        assert!(
            status < 500,
            "{method} {uri} answered {status}: {}\nbody: {}",
            String::from_utf8_lossy(&answer),
            String::from_utf8_lossy(body)
        );
    });
});
