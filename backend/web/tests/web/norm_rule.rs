//! The rule that gave a title norm, on the player's norm page and in the API (B.01 1.4.2c): a
//! 10-round Swiss where player 1 played 8 games (rounds 1-8: 5 wins, 3 draws against nos. 2-9),
//! took a half-point bye in round 9 and won round 10 by forfeit against no. 10. The forfeit,
//! counted as a loss against no. 10, gives 6.5 / 9 at an average of 2303: 2469 >= 2450, an IM
//! norm (figures of `backend/tournament/src/norms/tests/forfeit.rs`).

use actix_web::http::{StatusCode, header};
use actix_web::test as web_test;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::result::{GameResult, ResultCode};
use arbiter_tournament::{Bye, Game, Player, Round, RoundState, Sex, Title, Tournament};
use arbiter_web::Config;
use serde_json::Value as Json;

fn player(pn: u16, title: Option<Title>, fed: &str, rating: u16) -> Player {
    let mut p = Player::new(pn, format!("Player {pn}"));
    p.title = title;
    p.federation = Some(fed.to_owned());
    p.rating = Some(rating);
    p.sex = Some(Sex::Male);
    p
}

fn event() -> Tournament {
    let mut t = Tournament {
        name: Some("Norm test".into()),
        federation: Some("IRI".into()),
        pairing_system: Some("FIDE_DUTCH_2025".into()),
        rounds_planned: Some(10),
        ..Tournament::default()
    };
    t.players.push(player(1, None, "IRI", 2350));
    let field = [
        (Some(Title::Gm), "GER", 2500),
        (Some(Title::Gm), "FRA", 2480),
        (Some(Title::Im), "ESP", 2400),
        (Some(Title::Im), "GER", 2350),
        (Some(Title::Fm), "IRI", 2300),
        (Some(Title::Im), "IRI", 2250),
        (Some(Title::Fm), "FRA", 2200),
        (Some(Title::Wgm), "IRI", 2150),
        (None, "IRI", 2100),
    ];
    for (i, (title, fed, rating)) in field.into_iter().enumerate() {
        t.players.push(player(i as u16 + 2, title, fed, rating));
    }
    let complete = |mut r: Round| {
        r.state = RoundState::Complete;
        r
    };
    for number in 1..=8u16 {
        let code = if number <= 5 {
            ResultCode::Win
        } else {
            ResultCode::Draw
        };
        let mut r = Round::new(number);
        let other = code.complement().expect("a played result");
        r.games
            .push(Game::new(1, number + 1, GameResult::new(code, other)));
        t.rounds.push(complete(r));
    }
    let mut r9 = Round::new(9);
    r9.byes.push(Bye::new(1, ResultCode::HalfBye));
    r9.games.push(Game::new(10, 2, GameResult::draw()));
    t.rounds.push(complete(r9));
    let mut r10 = Round::new(10);
    r10.games.push(Game::new(
        1,
        10,
        GameResult::new(ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
    ));
    t.rounds.push(complete(r10));
    t
}

#[actix_web::test]
async fn the_norm_page_and_the_api_name_the_forfeit_rule() {
    let db = TestDb::sqlite();
    let id = create_tournament(
        &mut db.pool.get().unwrap(),
        &event(),
        None,
        &Actor::system("test"),
        "import",
    )
    .unwrap();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;

    let (status, _, body) = get_in!(
        app,
        format!("/api/v1/tournaments/{id}/players/1/norms"),
        "en"
    );
    assert_eq!(status, StatusCode::OK);
    let reports: Vec<Json> = serde_json::from_str(&body).unwrap();
    let im = reports
        .iter()
        .find(|r| r["title"] == "Im")
        .expect("an IM report");
    assert_eq!(im["is_norm"], true, "{im}");
    assert_eq!(
        im["basis"],
        serde_json::json!({"LastRoundForfeitAsLoss": {"round": 10, "opponent": 10}})
    );
    assert_eq!(im["games"][8]["forfeit_as_loss"], true);
    assert_eq!(im["performance"], 2469);

    let (status, _, page) = get_in!(app, format!("/tournaments/{id}/players/1/norms"), "en");
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains(
            "a norm (1.4.2c: the forfeit win of round 10 counted as a loss against no. 10)"
        ),
        "{page}"
    );
    assert!(
        page.contains("forfeit win counted as a loss, 1.4.2c"),
        "{page}"
    );
    let (_, _, page) = get_in!(app, format!("/tournaments/{id}/players/1/norms"), "fa");
    assert!(
        page.contains("بند ۱٫۴٫۲c: برد با غیبت حریف در دور ۱۰ به‌عنوان باخت مقابل شمارهٔ ۱۰ حساب شد"),
        "{page}"
    );
    let (_, _, page) = get_in!(app, format!("/tournaments/{id}/players/1/norms"), "ar");
    assert!(
        page.contains("الفوز بالغياب في الجولة ١٠ محسوب خسارةً أمام الرقم ١٠"),
        "{page}"
    );
}
