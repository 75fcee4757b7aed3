//! Team registration by file and team TRF import, on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: a good CSV of teams with rosters registers
//! every team and its players (board order, each team audited as the form's add); a CSV with
//! errors shows the team page again listing each bad field by line and column, in English and
//! in Persian, and stores nothing; a team TRF imported as a new tournament is a team event with
//! its teams, rounds and matches.

use actix_web::http::{StatusCode, header};
use actix_web::test::TestRequest;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::Tournament;
use arbiter_tournament::team::TeamSettings;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, csrf_of, form, get};

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

/// A `multipart/form-data` post of text fields.
fn multipart(uri: &str, fields: &[(&str, &str)]) -> TestRequest {
    let boundary = "ArbiterTeamBoundary5Kq2";
    let mut body = String::new();
    for (k, v) in fields {
        body.push_str(&format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
        ));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    TestRequest::post()
        .uri(uri)
        .insert_header((
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body)
}

/// An organizer's team event of two boards with `players` registered; its id.
fn team_event(db: &TestDb) -> uuid::Uuid {
    let sys = Actor::system("test");
    let c = &mut db.pool.get().unwrap();
    let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
    let org = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys).unwrap();
    let t = Tournament {
        name: Some("Club league".into()),
        ..Tournament::default()
    };
    let id = create_tournament(c, &t, None, &sys, "create").unwrap();
    arbiter_db::accounts::grant_role(c, org.uuid().unwrap(), id, Role::Organizer, &sys).unwrap();
    arbiter_db::team::make_team_event(c, id, &TeamSettings::new(2), None, &sys).unwrap();
    id
}

const GOOD: &str = "team,team_number,team_federation,board,name,rating,federation\n\
Rooks,,IRI,2,\"Karimi, Reza\",2210,IRI\n\
Rooks,,IRI,1,\"Ahmadi, Ali\",2305,IRI\n\
Rooks,,IRI,3,\"Rahimi, Sara\",2100,IRI\n\
Knights,7,,,\"Haddad, Omar\",2150,JOR\n\
Knights,7,,,\"Nasser, Lina\",2050,JOR\n";

/// Line 3: a rating that is not one; line 5: a team federation that is not three letters.
const BAD: &str = "team,team_federation,name,rating\n\
Rooks,IRI,\"Ahmadi, Ali\",2305\n\
Rooks,IRI,\"Karimi, Reza\",strong\n\
Knights,,\"Haddad, Omar\",2150\n\
Knights,JO,\"Nasser, Lina\",2050\n";

#[actix_web::test]
async fn a_csv_of_teams_registers_every_team_and_player_in_board_order() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let id = team_event(&db);
        let (mut org, csrf) = sign_in!(app, "org@example.org");
        let page = send!(app, org, get(&format!("/tournaments/{id}/teams/manage")));
        assert!(
            page.body
                .contains(&format!("action=\"/tournaments/{id}/teams/upload\"")),
            "the page has the upload form"
        );
        let p = send!(
            app,
            org,
            multipart(
                &format!("/tournaments/{id}/teams/upload"),
                &[("csrf", &csrf), ("text", GOOD)]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(
            arbiter_web::testing::without_notice(&p.location),
            format!("/tournaments/{id}/teams/manage")
        );

        let c = &mut db.pool.get().unwrap();
        let t = arbiter_db::load_tournament(c, id)
            .unwrap()
            .unwrap()
            .tournament;
        assert_eq!(t.players.len(), 5);
        let event = t.team.as_ref().unwrap();
        let names = |n: u16| -> Vec<String> {
            event
                .team(n)
                .unwrap()
                .roster
                .iter()
                .map(|pn| t.player(*pn).unwrap().name.clone())
                .collect()
        };
        let rooks = event.teams.iter().find(|x| x.name == "Rooks").unwrap();
        assert_eq!(rooks.federation.as_deref(), Some("IRI"));
        assert_eq!(
            names(rooks.number),
            ["Ahmadi, Ali", "Karimi, Reza", "Rahimi, Sara"],
            "the board column orders the roster"
        );
        assert_eq!(
            names(7),
            ["Haddad, Omar", "Nasser, Lina"],
            "team number 7 as given, rows' order"
        );
        assert_eq!(event.teams.len(), 2);
        let audit = arbiter_db::audit_entries(c, id).unwrap();
        let created: Vec<_> = audit
            .iter()
            .filter(|a| a.entity == "team" && a.action == "create")
            .collect();
        assert_eq!(created.len(), 2, "one entry per team");
        assert!(created.iter().all(|a| a.actor == "org@example.org"));
        assert!(created.iter().any(|a| {
            a.entity_id.as_deref() == Some("7")
                && a.after_json
                    .as_deref()
                    .is_some_and(|j| j.contains("Knights"))
        }));

        // The same file again: the teams exist, nothing more is stored.
        let again = send!(
            app,
            org,
            multipart(
                &format!("/tournaments/{id}/teams/upload"),
                &[("csrf", &csrf), ("text", GOOD)]
            )
        );
        assert_eq!(again.status, StatusCode::BAD_REQUEST);
        let t = arbiter_db::load_tournament(c, id)
            .unwrap()
            .unwrap()
            .tournament;
        assert_eq!(t.players.len(), 5);
        assert_eq!(t.team.unwrap().teams.len(), 2);
    }
}

#[actix_web::test]
async fn a_csv_with_errors_lists_each_by_line_and_column_and_stores_nothing() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let id = team_event(&db);
        let (mut org, csrf) = sign_in!(app, "org@example.org");
        let audit_before = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id)
            .unwrap()
            .len();
        let p = send!(
            app,
            org,
            multipart(
                &format!("/tournaments/{id}/teams/upload"),
                &[("csrf", &csrf), ("text", BAD)]
            )
        );
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(
            p.body.contains("Register teams from a file"),
            "the team page"
        );
        for want in [
            "line 3",
            "rating",
            "strong",
            "line 5",
            "team_federation",
            "JO",
        ] {
            assert!(p.body.contains(want), "{want}: {}", p.body);
        }
        let c = &mut db.pool.get().unwrap();
        let t = arbiter_db::load_tournament(c, id)
            .unwrap()
            .unwrap()
            .tournament;
        assert!(t.players.is_empty(), "no player stored");
        assert!(t.team.unwrap().teams.is_empty(), "no team stored");
        assert_eq!(
            arbiter_db::audit_entries(c, id).unwrap().len(),
            audit_before
        );

        // In Persian: the page and the errors in the catalogue's words and digits.
        let fa = send!(
            app,
            org,
            multipart(
                &format!("/tournaments/{id}/teams/upload"),
                &[("csrf", &csrf), ("text", BAD)]
            )
            .insert_header((header::ACCEPT_LANGUAGE, "fa"))
        );
        assert_eq!(fa.status, StatusCode::BAD_REQUEST);
        for want in [
            "ثبت‌نام تیم‌ها از فایل",
            "سطر",
            "۳",
            "۵",
            "ستون",
            "فدراسیونی سه‌حرفی نیست",
        ] {
            assert!(fa.body.contains(want), "{want}: {}", fa.body);
        }
        for english in [
            "Register teams from a file",
            "line 3",
            "not a three-letter",
            "file:",
        ] {
            assert!(!fa.body.contains(english), "{english} in the Persian page");
        }
    }
}

#[actix_web::test]
async fn a_team_trf_imported_as_a_tournament_is_a_team_event() {
    let trf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/teams/sample-trf26.trf"
    ))
    .unwrap();
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        team_event(&db);
        let (mut org, csrf) = sign_in!(app, "org@example.org");
        let p = send!(
            app,
            org,
            multipart("/tournaments/import", &[("csrf", &csrf), ("text", &trf)])
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        // The sample is constructed (its rounds follow a circle, not C.04.6): the import
        // checks every round against the rules (FIDE's checklist, VCL4THP.13 Q54-Q55), warns
        // of the rounds the rules would not make and records them in the TRF export.
        let (id, irregular) = p
            .location
            .strip_prefix("/tournaments/")
            .and_then(|s| s.split_once("/manage?done=imported-irregular."))
            .unwrap_or_else(|| panic!("{}", p.location));
        let id: uuid::Uuid = id.parse().unwrap();
        let irregular: usize = irregular.parse().unwrap();
        assert!((1..=5).contains(&irregular), "{irregular}");
        let notice = send!(app, org, get(&p.location));
        assert!(
            notice.body.contains("### Import @ Round"),
            "the warning names the record: {}",
            notice.body
        );
        let export = send!(app, org, get(&format!("/tournaments/{id}/export/trf2026")));
        assert_eq!(export.status, StatusCode::OK);
        let rounds: std::collections::BTreeSet<&str> = export
            .body
            .lines()
            .filter_map(|l| l.strip_prefix("### Import @ Round "))
            .filter_map(|l| l.split_once(':').map(|(r, _)| r))
            .collect();
        assert_eq!(rounds.len(), irregular, "{}", export.body);
        let c = &mut db.pool.get().unwrap();
        let (event, _) = arbiter_db::team::team_event(c, id)
            .unwrap()
            .expect("a team event");
        assert_eq!(event.teams.len(), 9);
        assert_eq!(event.teams[0].name, "Club 1");
        assert_eq!(event.settings.boards, 4);
        assert_eq!(event.rounds.len(), 5);
        for r in &event.rounds {
            // Nine teams: four matches and the pairing-allocated bye every round.
            assert_eq!(r.matches.len(), 4, "round {}", r.number);
            assert!(r.bye.is_some(), "round {}", r.number);
        }
        // Round 3's forfeited match (330 +- 003 008 001): team 8 wins it.
        let r3 = event.rounds.iter().find(|r| r.number == 3).unwrap();
        assert!(
            r3.matches
                .iter()
                .any(|m| m.forfeit.is_some() && [m.first, m.second].contains(&8))
        );
        // The organizer's team page lists them.
        let page = send!(app, org, get(&format!("/tournaments/{id}/teams/manage")));
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.body.contains("Club 9"));
    }
}

#[actix_web::test]
async fn a_bad_team_record_is_refused_in_the_readers_language() {
    let trf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/teams/sample-trf26.trf"
    ))
    .unwrap()
    .replace("330 +- 003", "330 ?? 003");
    let line = trf.lines().position(|l| l.starts_with("330 ")).unwrap() + 1;
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        team_event(&db);
        let (mut org, csrf) = sign_in!(app, "org@example.org");
        let before = arbiter_db::list_tournaments(&mut db.pool.get().unwrap())
            .unwrap()
            .len();
        let cases = [
            (
                "en",
                vec![
                    format!("line {line}"),
                    "record".into(),
                    "type".into(),
                    "is not valid".into(),
                ],
            ),
            (
                "fa",
                vec!["رکورد".into(), "نوع".into(), "معتبر نیست".into()],
            ),
            (
                "ar",
                vec!["السجل".into(), "النوع".into(), "غير صالح".into()],
            ),
        ];
        for (lang, wants) in cases {
            let p = send!(
                app,
                org,
                multipart("/tournaments/import", &[("csrf", &csrf), ("text", &trf)])
                    .insert_header((header::ACCEPT_LANGUAGE, lang))
            );
            assert_eq!(p.status, StatusCode::BAD_REQUEST, "{lang}");
            for want in &wants {
                assert!(p.body.contains(want.as_str()), "{lang}: {want}: {}", p.body);
            }
            if lang != "en" {
                assert!(!p.body.contains("is not valid"), "{lang}: English left");
            }
        }
        let after = arbiter_db::list_tournaments(&mut db.pool.get().unwrap())
            .unwrap()
            .len();
        assert_eq!(after, before, "nothing stored");
    }
}
