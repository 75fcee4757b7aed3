//! The arbiter's pages in Persian and Arabic (crate::arbiter_words and the pages of
//! arbiter_board, adjourn, penalties, reports and results): signed in as the tournament's
//! organizer, every page reads right to left without an English interface word and without a
//! Latin digit outside isolated data; a refusal answers in the reader's language.

use actix_web::http::{StatusCode, header};
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, form, get};

use crate::l10n_common::{catalogue, reads_in};

/// Checks a page in `lang`: right to left, no English word, no Latin digit
/// ([`crate::l10n_common::reads_in`]).
fn check(lang: &str, page: &str, html: &str) {
    reads_in(lang, page, html, &catalogue("en"), &catalogue(lang));
}

struct Setup {
    app_db: TestDb,
    id: uuid::Uuid,
    game: String,
}

fn setup() -> Setup {
    let db = TestDb::sqlite();
    let t = Tournament {
        name: Some("Arbiter Open".into()),
        players: (1..=4)
            .map(|i| Player::new(i, format!("Player, {i:02}")))
            .collect(),
        rounds: vec![Round {
            number: 1,
            state: RoundState::Published,
            games: vec![
                Game::new(1, 2, GameResult::pending()),
                Game::new(3, 4, GameResult::pending()),
            ],
            ..Round::default()
        }],
        ..Tournament::default()
    };
    let (id, game) = {
        let c = &mut db.pool.get().unwrap();
        let sys = Actor::system("test");
        let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
        arbiter_db::accounts::create_user(c, "admin@example.org", &hash, false, &sys).unwrap();
        let org =
            arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys).unwrap();
        let id = create_tournament(c, &t, Some(60), &sys, "create").unwrap();
        arbiter_db::accounts::grant_role(c, org.uuid().unwrap(), id, Role::Organizer, &sys)
            .unwrap();
        let game = arbiter_db::round_games(c, id, 1).unwrap()[0].id.clone();
        (id, game)
    };
    Setup {
        app_db: db,
        id,
        game,
    }
}

#[actix_web::test]
async fn the_arbiters_pages_read_in_persian_and_arabic() {
    let s = setup();
    let app = arbiter_web::testing::service(&s.app_db.pool, &Config::default()).await;
    let mut jar = Jar(None);
    let p = arbiter_web::testing::sign_in(&app, &mut jar, "org@example.org", "0123456789ab").await;
    assert_eq!(p.status, StatusCode::SEE_OTHER);
    let (id, g) = (s.id, &s.game);
    let pages = [
        format!("/tournaments/{id}/rounds/1/board"),
        format!("/tournaments/{id}/games/{g}/adjourn"),
        format!("/tournaments/{id}/games/{g}/incidents"),
        format!("/tournaments/{id}/games/{g}/report"),
        format!("/tournaments/{id}/flagged"),
        format!("/tournaments/{id}/rounds/1/report"),
        format!("/tournaments/{id}/rounds/1/results"),
    ];
    for lang in ["fa", "ar"] {
        for page in &pages {
            let p = call(
                &app,
                &mut jar,
                get(page).insert_header((header::ACCEPT_LANGUAGE, lang)),
            )
            .await;
            assert_eq!(p.status, StatusCode::OK, "{lang} {page}: {}", p.body);
            check(lang, page, &p.body);
            // For a look in a browser: ARBITER_SHOT_DIR=/tmp/shots keeps the pages.
            if let Ok(dir) = std::env::var("ARBITER_SHOT_DIR") {
                let name = page.rsplit('/').next().unwrap_or("page");
                let _ = std::fs::create_dir_all(&dir);
                let _ = std::fs::write(format!("{dir}/{lang}-{name}.html"), &p.body);
            }
        }
        // The review of a sealed move, before anything is stored (A.1(a)).
        let page = format!("/tournaments/{id}/games/{g}/adjourn");
        let csrf = csrf_of(&call(&app, &mut jar, get(&page)).await.body);
        let p = call(
            &app,
            &mut jar,
            form(
                &format!("{page}/seal"),
                &[
                    ("csrf", &csrf),
                    ("moves", "1. e4 e5"),
                    ("fen", ""),
                    ("white_time", "1:10:00"),
                    ("black_time", "1:25:30"),
                    ("draw_offer", "w"),
                    ("resumption_at", "2030-01-02T15:00"),
                    ("place", "Hall B"),
                    ("sealed_move", "Nf3"),
                    ("step", "review"),
                ],
            )
            .insert_header((header::ACCEPT_LANGUAGE, lang)),
        )
        .await;
        assert_eq!(p.status, StatusCode::OK, "{lang}: {}", p.body);
        check(lang, "review", &p.body);
    }
    // The board view in Persian: times in Persian digits, read left to right.
    let p = call(
        &app,
        &mut jar,
        get(&pages[0]).insert_header((header::ACCEPT_LANGUAGE, "fa")),
    )
    .await;
    assert!(p.body.contains("زمان تأخیر مجاز"), "{}", p.body);
    assert!(p.body.contains("ویرایش قوانین شطرنج"), "{}", p.body);
    // English pages are as they were.
    let p = call(
        &app,
        &mut jar,
        get(&pages[2]).insert_header((header::ACCEPT_LANGUAGE, "en")),
    )
    .await;
    assert!(p.body.contains("<html lang=\"en\" dir=\"ltr\">"));
    assert!(p.body.contains("Art. 13.4(a): warning"), "{}", p.body);
    assert!(p.body.contains("2001 Laws (<a"), "{}", p.body);
}

#[actix_web::test]
async fn a_refused_penalty_answers_in_persian() {
    let s = setup();
    let app = arbiter_web::testing::service(&s.app_db.pool, &Config::default()).await;
    let mut jar = Jar(None);
    arbiter_web::testing::sign_in(&app, &mut jar, "org@example.org", "0123456789ab").await;
    let page = format!("/tournaments/{}/games/{}/incidents", s.id, s.game);
    let csrf = csrf_of(&call(&app, &mut jar, get(&page)).await.body);
    let refuse = |lang: &'static str, minutes: &'static str| {
        form(
            &page,
            &[
                ("csrf", csrf.as_str()),
                ("version", "1"),
                ("kind", "time_added"),
                ("offender", "white"),
                ("minutes", minutes),
                ("reason", "noise"),
            ],
        )
        .insert_header((header::ACCEPT_LANGUAGE, lang))
    };
    let p = call(&app, &mut jar, refuse("fa", "abc")).await;
    assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
    assert!(
        p.body.contains("<html lang=\"fa\" dir=\"rtl\">"),
        "{}",
        p.body
    );
    assert!(
        p.body
            .contains("دقیقه‌ها: تعداد دقیقه‌ها، عددی صحیح و دست‌کم ۱"),
        "{}",
        p.body
    );
    assert!(!p.body.contains("a whole number of minutes"), "{}", p.body);
    // In English, the same refusal as before.
    let p = call(&app, &mut jar, refuse("en", "abc")).await;
    assert!(
        p.body
            .contains("minutes: a whole number of minutes, at least 1"),
        "{}",
        p.body
    );
    // A rule of the Laws refusing (13.4(e) on a game without a result), in Arabic.
    let p = call(
        &app,
        &mut jar,
        form(
            &page,
            &[
                ("csrf", csrf.as_str()),
                ("version", "1"),
                ("kind", "points_reduced"),
                ("offender", "white"),
                ("code", "0"),
                ("reason", "noise"),
            ],
        )
        .insert_header((header::ACCEPT_LANGUAGE, "ar")),
    )
    .await;
    assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
    assert!(p.body.contains("لا نتيجة للمباراة بعد"), "{}", p.body);
}
