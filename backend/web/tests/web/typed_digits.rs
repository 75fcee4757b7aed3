//! Numbers as a Persian or Arabic reader types them (issue #46): Persian and Arabic-Indic digits
//! and the Arabic semicolon reach the store as the numbers and fields they are, at every door a
//! person types into (the event form, the registration form, a CSV upload, a team's roster), on
//! SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL. No page offers a
//! `type="number"` input, which a browser empties when it holds Persian digits.

use actix_web::http::StatusCode;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, form, get, multipart, sign_up};

#[actix_web::test]
async fn persian_and_arabic_digits_typed_in_forms_are_stored() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let p = sign_up(&app, &mut b, "org@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let page = call(&app, &mut b, get("/tournaments/new")).await;
        assert!(
            !page.body.contains("type=\"number\""),
            "a number input drops Persian digits: {}",
            page.body
        );
        let csrf = csrf_of(&page.body);
        // Rounds «۷», default time «۳۰» (Persian digits).
        let p = call(
            &app,
            &mut b,
            form(
                "/tournaments/new",
                &[
                    ("csrf", &csrf),
                    ("name", "جام پاییز"),
                    ("rounds_planned", "۷"),
                    ("default_time_minutes", "۳۰"),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let id: uuid::Uuid = p
            .location
            .strip_prefix("/tournaments/")
            .and_then(|s| s.strip_suffix("/manage?done=created"))
            .unwrap()
            .parse()
            .unwrap();
        let stored = || {
            arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id)
                .unwrap()
                .unwrap()
        };
        let s = stored();
        assert_eq!(s.tournament.rounds_planned, Some(7));
        assert_eq!(s.default_time_minutes, Some(30));
        let manage = call(&app, &mut b, get(&format!("/tournaments/{id}/manage"))).await;
        assert!(!manage.body.contains("type=\"number\""), "{}", manage.body);

        // A player with rating «۲۳۰۰» and FIDE ID «۱۲۳۴۵۶۷۸»; another in Arabic-Indic digits.
        for (name, rating, fide_id) in [
            ("رضایی، مریم", "۲۳۰۰", "۱۲۳۴۵۶۷۸"),
            ("حسن، علي", "٢١٥٠", "٨٧٦٥٤٣٢١"),
        ] {
            let p = call(
                &app,
                &mut b,
                form(
                    &format!("/tournaments/{id}/players"),
                    &[
                        ("csrf", &csrf),
                        ("name", name),
                        ("rating", rating),
                        ("fide_id", fide_id),
                    ],
                ),
            )
            .await;
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{name}: {}", p.body);
        }
        // A CSV upload with a Persian rating.
        let csv = "name,rating,fide_id\n\"کریمی، سارا\",۲۱۰۰,۲۲۳۳۴۴۵۵\n";
        let p = call(
            &app,
            &mut b,
            multipart(
                &format!("/tournaments/{id}/players/upload"),
                &[("csrf", &csrf)],
                Some(("p.csv", csv.as_bytes())),
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let s = stored();
        let players: Vec<_> = s
            .tournament
            .players
            .iter()
            .map(|p| (p.name.as_str(), p.rating, p.fide_id))
            .collect();
        assert_eq!(
            players,
            [
                ("رضایی، مریم", Some(2300), Some(12_345_678)),
                ("حسن، علي", Some(2150), Some(87_654_321)),
                ("کریمی، سارا", Some(2100), Some(22_334_455)),
            ]
        );
        // A bye requested for player «۱» in round «۱».
        let p = call(
            &app,
            &mut b,
            form(
                &format!("/tournaments/{id}/byes"),
                &[
                    ("csrf", &csrf),
                    ("player", "۱"),
                    ("round", "١"),
                    ("code", "H"),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let s = stored();
        assert_eq!(s.tournament.rounds[0].byes[0].player, 1);
    }
}

#[actix_web::test]
async fn a_team_roster_reads_the_persian_semicolon() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        sign_up(&app, &mut b, "org@example.org", "0123456789ab").await;
        let csrf = csrf_of(&call(&app, &mut b, get("/tournaments/new")).await.body);
        let p = call(
            &app,
            &mut b,
            form(
                "/tournaments/new",
                &[
                    ("csrf", &csrf),
                    ("name", "لیگ تیمی"),
                    ("rounds_planned", "۳"),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let id = p
            .location
            .strip_prefix("/tournaments/")
            .and_then(|s| s.strip_suffix("/manage?done=created"))
            .unwrap()
            .to_owned();
        let manage = call(
            &app,
            &mut b,
            get(&format!("/tournaments/{id}/teams/manage")),
        )
        .await;
        assert_eq!(manage.status, StatusCode::OK, "{}", manage.body);
        assert!(!manage.body.contains("type=\"number\""), "{}", manage.body);
        let seen = manage
            .body
            .split("name=\"seen\" value=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap()
            .replace("&#x3a;", ":");
        // The setup form as shown, with the boards and match points typed in Persian digits.
        let value = |name: &str| {
            manage
                .body
                .split(&format!("name=\"{name}\" value=\""))
                .nth(1)
                .and_then(|s| s.split('"').next())
                .unwrap_or_default()
                .to_owned()
        };
        let (rating_boards, bye_mp, bye_gp) =
            (value("rating_boards"), value("bye_mp"), value("bye_gp"));
        let p = call(
            &app,
            &mut b,
            form(
                &format!("/tournaments/{id}/teams/setup"),
                &[
                    ("csrf", &csrf),
                    ("seen", &seen),
                    ("boards", "۲"),
                    ("mp_win", "۲"),
                    ("mp_draw", "۱"),
                    ("mp_loss", "۰"),
                    ("primary", "MP"),
                    ("first_colour", "white"),
                    ("colour_preferences", "a"),
                    ("rating_boards", &rating_boards),
                    ("bye_mp", &bye_mp),
                    ("bye_gp", &bye_gp),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let manage = call(
            &app,
            &mut b,
            get(&format!("/tournaments/{id}/teams/manage")),
        )
        .await;
        let seen = manage
            .body
            .split("name=\"seen\" value=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap()
            .replace("&#x3a;", ":");
        // The roster as the help shows it, with the Persian semicolon.
        let p = call(
            &app,
            &mut b,
            form(
                &format!("/tournaments/{id}/teams/add"),
                &[
                    ("csrf", &csrf),
                    ("seen", &seen),
                    ("name", "کوسه‌های کیش"),
                    ("roster", "رضوی، علی؛ ۲۲۰۰؛ ؛ IRI\nکاظمی، رضا؛ ۲۱۵۰"),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let t = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id.parse().unwrap())
            .unwrap()
            .unwrap()
            .tournament;
        let players: Vec<_> = t
            .players
            .iter()
            .map(|p| (p.name.as_str(), p.rating, p.federation.as_deref()))
            .collect();
        assert_eq!(
            players,
            [
                ("رضوی، علی", Some(2200), Some("IRI")),
                ("کاظمی، رضا", Some(2150), None)
            ]
        );
        assert_eq!(t.team.unwrap().settings.boards, 2);
    }
}
