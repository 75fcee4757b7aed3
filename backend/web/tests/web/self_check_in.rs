//! Players' self check-in on a tablet (Art. 6.6, 6.7; issue #6) through the real HTTP stack, on
//! SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: off by default, allowed by
//! the organizer only, the tablet page and its refusals (a second check-in, a forged form, a game
//! of another round or tournament, after the deadline), the board view and the audit log naming
//! the tablet, a new link or disallowing making the old link unknown, and the default-time job
//! (driven with a fixed clock) forfeiting only the players who did not check in.

use actix_web::http::StatusCode;
use actix_web::test;
use arbiter_db::arbiter::{Session, apply_default_time_forfeits, check_in_rows};
use arbiter_db::models::GameRow;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, service};
use chrono::{Duration, NaiveDateTime};
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

/// The tablet link's secret on the manage page, if shown.
fn link_of(body: &str) -> Option<String> {
    let key = "href=\"/check-in/";
    let start = body.find(key)? + key.len();
    Some(body[start..].split('"').next().unwrap().to_owned())
}

/// Eight players; round 1 complete (White won every game), round 2 published and pending:
/// boards 2-1, 4-3, 6-5, 8-7.
fn event(name: &str) -> Tournament {
    let round = |number: u16, state, flip: bool, result: GameResult| Round {
        number,
        state,
        games: (0..4u16)
            .map(|k| {
                let (a, b) = (2 * k + 1, 2 * k + 2);
                let (w, b) = if flip { (b, a) } else { (a, b) };
                Game::new(w, b, result.clone())
            })
            .collect(),
        ..Round::default()
    };
    Tournament {
        name: Some(name.into()),
        players: (1..=8)
            .map(|i| Player::new(i, format!("Player, {i:02}")))
            .collect(),
        rounds_planned: Some(5),
        rounds: vec![
            round(1, RoundState::Complete, false, GameResult::white_wins()),
            round(2, RoundState::Published, true, GameResult::pending()),
        ],
        ..Tournament::default()
    }
}

struct Setup {
    id: Uuid,
    /// Round 2's games, board by board.
    games: Vec<GameRow>,
    /// Round 1's games.
    round1: Vec<GameRow>,
}

/// The accounts (an unused administrator, the organizer, the arbiter) on first call, and a
/// tournament with a default time of 60 minutes whose round 2 starts at `scheduled`.
fn setup(db: &TestDb, name: &str, scheduled: NaiveDateTime) -> Setup {
    let c = &mut db.pool.get().unwrap();
    let sys = Actor::system("test");
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    let user = |c: &mut arbiter_db::PooledConnection, email: &str| {
        match arbiter_db::accounts::user_by_email(c, email).unwrap() {
            Some(u) => u,
            None => arbiter_db::accounts::create_user(c, email, &hash, false, &sys).unwrap(),
        }
    };
    user(c, "admin@example.org");
    let org = user(c, "org@example.org");
    let arb = user(c, "arb@example.org");
    let id = create_tournament(c, &event(name), Some(60), &sys, "create").unwrap();
    arbiter_db::accounts::grant_role(c, org.uuid().unwrap(), id, Role::Organizer, &sys).unwrap();
    arbiter_db::accounts::grant_role(c, arb.uuid().unwrap(), id, Role::Arbiter, &sys).unwrap();
    arbiter_db::arbiter::set_round_schedule(c, id, 2, Some(scheduled), &sys).unwrap();
    Setup {
        id,
        games: arbiter_db::round_games(c, id, 2).unwrap(),
        round1: arbiter_db::round_games(c, id, 1).unwrap(),
    }
}

/// Signs `email` in on `app` into `jar`.
macro_rules! sign_in {
    ($app:expr, $jar:expr, $email:expr) => {{
        let p = get!($app, $jar, "/signin");
        let token = csrf_of(&p.body);
        let p = post!(
            $app,
            $jar,
            "/signin",
            &[
                ("email", $email),
                ("password", "0123456789ab"),
                ("csrf", token.as_str())
            ]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}: {}", $email, p.body);
    }};
}

fn audit_len(db: &TestDb, id: Uuid) -> usize {
    arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id)
        .unwrap()
        .len()
}

fn arrivals(db: &TestDb, game: &GameRow) -> Vec<arbiter_db::arbiter::CheckInRow> {
    check_in_rows(
        &mut db.pool.get().unwrap(),
        Uuid::parse_str(&game.id).unwrap(),
        Session::Start,
    )
    .unwrap()
}

/// Minutes ago, whole seconds (the schedule's precision), UTC.
fn minutes_ago(m: i64) -> NaiveDateTime {
    let t = arbiter_db::audit::now() - Duration::minutes(m);
    NaiveDateTime::parse_from_str(
        &t.format("%Y-%m-%dT%H:%M:%S").to_string(),
        "%Y-%m-%dT%H:%M:%S",
    )
    .unwrap()
}

#[actix_web::test]
async fn off_by_default_and_only_the_organizer_allows_it() {
    for db in TestDb::all() {
        let s = setup(&db, "Kiosk Open", minutes_ago(30));
        let id = s.id;
        let config = Config::default();
        let app = service(&db.pool, &config).await;
        let mut tablet = Jar(None);
        for link in [
            "anything".to_owned(),
            Uuid::new_v4().simple().to_string(),
            String::new(),
        ] {
            let p = get!(app, tablet, format!("/check-in/{link}"));
            assert_eq!(p.status, StatusCode::NOT_FOUND, "/check-in/{link}");
        }

        let (mut org, mut arb, mut anon) = (Jar(None), Jar(None), Jar(None));
        sign_in!(app, org, "org@example.org");
        sign_in!(app, arb, "arb@example.org");
        let p = get!(app, org, format!("/tournaments/{id}/manage"));
        assert_eq!(p.status, StatusCode::OK);
        assert!(p.body.contains("Allow self check-in"), "{}", p.body);
        assert_eq!(link_of(&p.body), None, "off by default");
        let org_csrf = csrf_of(&p.body);

        // Neither an arbiter nor an anonymous visitor may allow it; nothing is written.
        let before = audit_len(&db, id);
        let p = get!(app, arb, format!("/tournaments/{id}/rounds/2/board"));
        let arb_csrf = csrf_of(&p.body);
        let p = post!(
            app,
            arb,
            format!("/tournaments/{id}/self-check-in"),
            &[("action", "allow"), ("csrf", &arb_csrf)]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        let p = get!(app, arb, format!("/tournaments/{id}/manage"));
        assert_eq!(link_of(&p.body), None, "an arbiter never sees the link");
        let p = post!(
            app,
            anon,
            format!("/tournaments/{id}/self-check-in"),
            &[("action", "allow"), ("csrf", "forged")]
        );
        assert_eq!(p.status, StatusCode::UNAUTHORIZED);
        let p = post!(
            app,
            org,
            format!("/tournaments/{id}/self-check-in"),
            &[("action", "allow"), ("csrf", "forged")]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN, "forged CSRF");
        let p = post!(
            app,
            org,
            format!("/tournaments/{id}/self-check-in"),
            &[("action", "open-sesame"), ("csrf", &org_csrf)]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert_eq!(audit_len(&db, id), before, "nothing was written");

        // The organizer allows it: the manage page shows the tablet link, which works.
        let p = post!(
            app,
            org,
            format!("/tournaments/{id}/self-check-in"),
            &[("action", "allow"), ("csrf", &org_csrf)]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = get!(app, org, format!("/tournaments/{id}/manage"));
        let token = link_of(&p.body).expect("the tablet link");
        assert_eq!(token.len(), 32);
        assert!(p.body.contains("Disallow self check-in"));
        let p = get!(app, tablet, format!("/check-in/{token}"));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        // Allowing again keeps the link.
        let p = post!(
            app,
            org,
            format!("/tournaments/{id}/self-check-in"),
            &[("action", "allow"), ("csrf", &org_csrf)]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = get!(app, org, format!("/tournaments/{id}/manage"));
        assert_eq!(link_of(&p.body).as_deref(), Some(token.as_str()));

        // Audited, without the secret.
        let entries = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap();
        let mine: Vec<_> = entries
            .iter()
            .filter(|e| e.action == "self_check_in")
            .collect();
        assert_eq!(mine.len(), 2);
        assert_eq!(mine[0].actor, "org@example.org");
        assert!(
            mine[0]
                .after_json
                .as_deref()
                .unwrap()
                .contains("\"self_check_in\":true")
        );
        for e in &entries {
            for j in [&e.before_json, &e.after_json].into_iter().flatten() {
                assert!(!j.contains(&token), "the secret is not in the log: {j}");
            }
        }
    }
}

#[actix_web::test]
async fn players_check_in_on_the_tablet_and_the_default_time_forfeits_only_the_absent() {
    for db in TestDb::all() {
        let start = minutes_ago(30);
        let deadline = start + Duration::minutes(60);
        let s = setup(&db, "Kiosk Open", start);
        // Another tournament whose round 2 started two hours ago: its deadline has passed.
        let late = setup(&db, "Late Cup", minutes_ago(120));
        let id = s.id;
        let game = |board: usize| s.games[board - 1].id.clone();
        let (token, late_token) = {
            let c = &mut db.pool.get().unwrap();
            let org = Actor::system("org");
            let allow = arbiter_db::SelfCheckInChange::Allow;
            (
                arbiter_db::set_self_check_in(c, id, allow, &org)
                    .unwrap()
                    .unwrap(),
                arbiter_db::set_self_check_in(c, late.id, allow, &org)
                    .unwrap()
                    .unwrap(),
            )
        };
        let config = Config::default();
        let app = service(&db.pool, &config).await;
        let url = format!("/check-in/{token}");

        // The tablet: no sign-in; round 2, the start and the deadline, eight buttons, no
        // results; reloads itself.
        let mut tablet = Jar(None);
        let p = get!(app, tablet, url);
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert_eq!(p.refresh, "30");
        assert!(p.body.contains("Kiosk Open"));
        assert!(p.body.contains("Round 2"), "{}", p.body);
        // The tournament sets no time zone: the times are UTC, and the page says so.
        assert!(p.body.contains(&start.format("%Y-%m-%d %H:%M").to_string()));
        assert!(p.body.contains(&deadline.format("%H:%M:%S").to_string()));
        assert!(p.body.contains("Times are UTC time."), "{}", p.body);
        assert!(p.body.contains("Art. 6.7"));
        assert_eq!(p.body.matches("I am here:").count(), 8, "{}", p.body);
        // The same tablet in Persian: right to left, the buttons in Persian, Persian digits.
        let fa = send!(
            app,
            Jar(None),
            test::TestRequest::get()
                .uri(&url)
                .insert_header(("Accept-Language", "fa"))
        );
        assert!(
            fa.body.contains("<html lang=\"fa\" dir=\"rtl\">"),
            "{}",
            fa.body
        );
        assert_eq!(fa.body.matches("من حاضرم").count(), 8, "{}", fa.body);
        assert!(fa.body.contains("دور ۲") && !fa.body.contains("I am here"));
        assert!(
            p.body.contains("I am here: Player, 02 (board 1, White)"),
            "{}",
            p.body
        );
        assert!(!p.body.contains("1–0"), "no results on the tablet");
        assert!(!p.body.contains("/manage"), "no way to the admin pages");
        let csrf = csrf_of(&p.body);

        // Board 1 White checks in: back to the page with the status line.
        let p = post!(
            app,
            tablet,
            url,
            &[("game", &game(1)), ("colour", "white"), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(p.location, url);
        let p = get!(app, tablet, url);
        let first = arrivals(&db, &s.games[0]);
        assert_eq!(first.len(), 1);
        let hhmm = first[0].at.format("%H:%M").to_string();
        assert!(
            p.body
                .contains(&format!("Checked in: Player, 02 at {hhmm}")),
            "{}",
            p.body
        );
        assert!(p.body.contains(&format!("present since {hhmm}")));
        assert_eq!(p.body.matches("I am here:").count(), 7);
        let p = get!(app, tablet, url);
        assert!(
            !p.body.contains("Checked in:"),
            "the status line shows once"
        );

        // A second check-in of the same player is refused; the first arrival stays.
        let audit = audit_len(&db, id);
        let p = post!(
            app,
            tablet,
            url,
            &[("game", &game(1)), ("colour", "white"), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::CONFLICT, "{}", p.body);
        assert!(
            p.body
                .contains(&format!("Player, 02 is already checked in at {hhmm}")),
            "{}",
            p.body
        );
        assert_eq!(arrivals(&db, &s.games[0]), first);

        // A forged form: refused, nothing written.
        let p = post!(
            app,
            tablet,
            url,
            &[("game", &game(2)), ("colour", "white"), ("csrf", "forged")]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        assert!(p.body.contains("the form has expired"), "{}", p.body);
        let mut stranger = Jar(None);
        let p = post!(
            app,
            stranger,
            url,
            &[("game", &game(2)), ("colour", "white"), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN, "another session's token");

        // A game of another round, of another tournament, or no game: refused.
        for other in [
            s.round1[0].id.clone(),
            late.games[0].id.clone(),
            Uuid::new_v4().to_string(),
            "board 1".to_owned(),
        ] {
            let p = post!(
                app,
                tablet,
                url,
                &[("game", &other), ("colour", "black"), ("csrf", &csrf)]
            );
            assert_eq!(p.status, StatusCode::BAD_REQUEST, "{other}: {}", p.body);
            assert!(p.body.contains("not in the round being played"));
        }
        let p = post!(
            app,
            tablet,
            url,
            &[("game", &game(2)), ("colour", "green"), ("csrf", &csrf)]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert_eq!(audit_len(&db, id), audit, "nothing was written");
        assert!(arrivals(&db, &s.games[1]).is_empty());
        assert!(arrivals(&db, &late.games[0]).is_empty());
        // The link of one tournament does not reach the games of another, even its own round.
        let late_url = format!("/check-in/{late_token}");
        let p = get!(app, tablet, late_url);
        assert_eq!(p.status, StatusCode::OK);
        // The same tablet session, hence the same CSRF token.
        let late_csrf = csrf.clone();
        let p = post!(
            app,
            tablet,
            late_url,
            &[
                ("game", &game(2)),
                ("colour", "white"),
                ("csrf", &late_csrf)
            ]
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);

        // After the deadline only the arbiter decides (Art. 6.7): no buttons, and a forged
        // button is refused.
        assert_eq!(p.body.matches("I am here:").count(), 0, "{}", p.body);
        assert!(p.body.contains("see the arbiter"));
        let p = post!(
            app,
            tablet,
            late_url,
            &[
                ("game", &late.games[0].id),
                ("colour", "white"),
                ("csrf", &late_csrf)
            ]
        );
        assert_eq!(p.status, StatusCode::FORBIDDEN, "{}", p.body);
        assert!(p.body.contains("the default time passed at"), "{}", p.body);
        assert!(arrivals(&db, &late.games[0]).is_empty());

        // More arrivals: board 1 Black and board 2 White on the tablet, board 4 Black by the
        // arbiter on the board view; board 3 nobody.
        for (board, colour) in [(1, "black"), (2, "white")] {
            let p = post!(
                app,
                tablet,
                url,
                &[("game", &game(board)), ("colour", colour), ("csrf", &csrf)]
            );
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        }
        let mut arb = Jar(None);
        sign_in!(app, arb, "arb@example.org");
        let p = get!(app, arb, format!("/tournaments/{id}/rounds/2/board"));
        let arb_csrf = csrf_of(&p.body);
        let p = post!(
            app,
            arb,
            format!("/tournaments/{id}/games/{}/check-in", game(4)),
            &[("colour", "black"), ("csrf", &arb_csrf)]
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);

        // The board view shows who is present and who recorded it.
        let p = get!(app, arb, format!("/tournaments/{id}/rounds/2/board"));
        assert_eq!(p.status, StatusCode::OK);
        assert_eq!(
            p.body.matches("(self check-in on the tablet)").count(),
            3,
            "{}",
            p.body
        );
        assert_eq!(p.body.matches("(by arb@example.org)").count(), 1);
        assert_eq!(p.body.matches("<strong>absent</strong>").count(), 4);
        // The audit log says the player checked himself in.
        let entries = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap();
        let actors: Vec<&str> = entries
            .iter()
            .filter(|e| e.action == "check_in")
            .map(|e| e.actor.as_str())
            .collect();
        assert_eq!(
            actors,
            [
                "self check-in (tablet): player 2",
                "self check-in (tablet): player 1",
                "self check-in (tablet): player 4",
                "arb@example.org",
            ]
        );

        // The default-time job, with a fixed clock: nothing until the deadline, then forfeits
        // for exactly the players who did not check in.
        let job = |at: NaiveDateTime| {
            apply_default_time_forfeits(
                &mut db.pool.get().unwrap(),
                at,
                &Actor::system("default-time job"),
            )
            .unwrap()
            .into_iter()
            .filter(|a| a.tournament == id)
            .collect::<Vec<_>>()
        };
        assert!(job(deadline).is_empty());
        let applied = job(deadline + Duration::seconds(1));
        let mut boards: Vec<i32> = applied
            .iter()
            .map(|a| a.game.board.unwrap_or(a.game.seq + 1))
            .collect();
        boards.sort_unstable();
        assert_eq!(boards, [2, 3, 4]);
        let codes: Vec<(String, String)> =
            arbiter_db::round_games(&mut db.pool.get().unwrap(), id, 2)
                .unwrap()
                .into_iter()
                .map(|g| (g.white_code, g.black_code))
                .collect();
        let pair = |w: &str, b: &str| (w.to_owned(), b.to_owned());
        assert_eq!(
            codes,
            [pair("", ""), pair("+", "-"), pair("-", "-"), pair("-", "+")],
            "board 1 both present; board 2 Black absent; board 3 both; board 4 White absent"
        );

        // The tablet then offers no button on a decided game.
        let p = get!(app, tablet, url);
        assert_eq!(p.body.matches("I am here:").count(), 0, "{}", p.body);
    }
}

#[actix_web::test]
async fn a_new_link_or_disallowing_makes_the_old_link_unknown() {
    for db in TestDb::all() {
        let s = setup(&db, "Kiosk Open", minutes_ago(10));
        let id = s.id;
        let config = Config::default();
        let app = service(&db.pool, &config).await;
        let mut org = Jar(None);
        sign_in!(app, org, "org@example.org");
        let p = get!(app, org, format!("/tournaments/{id}/manage"));
        let csrf = csrf_of(&p.body);
        let change = async |org: &mut Jar, action: &str| {
            let p = post!(
                app,
                org,
                format!("/tournaments/{id}/self-check-in"),
                &[("action", action), ("csrf", &csrf)]
            );
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{action}: {}", p.body);
            let p = get!(app, org, format!("/tournaments/{id}/manage"));
            link_of(&p.body)
        };
        let old = change(&mut org, "allow").await.expect("a link");
        let mut tablet = Jar(None);
        let p = get!(app, tablet, format!("/check-in/{old}"));
        assert_eq!(p.status, StatusCode::OK);
        let tablet_csrf = csrf_of(&p.body);

        let new = change(&mut org, "new-link").await.expect("a new link");
        assert_ne!(new, old);
        let p = get!(app, tablet, format!("/check-in/{old}"));
        assert_eq!(p.status, StatusCode::NOT_FOUND, "the old link");
        let p = post!(
            app,
            tablet,
            format!("/check-in/{old}"),
            &[
                ("game", &s.games[0].id),
                ("colour", "white"),
                ("csrf", &tablet_csrf)
            ]
        );
        assert_eq!(p.status, StatusCode::NOT_FOUND, "the old link's form");
        assert!(arrivals(&db, &s.games[0]).is_empty());
        let p = get!(app, tablet, format!("/check-in/{new}"));
        assert_eq!(p.status, StatusCode::OK);

        assert_eq!(change(&mut org, "disallow").await, None);
        let p = get!(app, tablet, format!("/check-in/{new}"));
        assert_eq!(p.status, StatusCode::NOT_FOUND, "disallowed");
        let p = get!(app, org, format!("/tournaments/{id}/manage"));
        assert!(p.body.contains("Allow self check-in"));
        // Allowing again issues a link different from both.
        let again = change(&mut org, "allow").await.expect("a link");
        assert!(again != old && again != new);
        let entries = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap();
        assert_eq!(
            entries
                .iter()
                .filter(|e| e.action == "self_check_in")
                .count(),
            4
        );
    }
}
