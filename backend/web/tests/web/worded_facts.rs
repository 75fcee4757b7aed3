//! The event page's facts worded in the reader's language (issue #46): the tournament's type, its
//! pairing system, its tie-breaks (each name with its C.07 code beside it) and its time zone,
//! never a stored code such as `Individual: Swiss-System`, `FIDE_DUTCH_2025` or a bare `UTC`; a
//! team event says it is one, without the individual system's facts.

use actix_web::http::header;
use actix_web::test::TestRequest;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::team::{TeamEvent, TeamSettings};
use arbiter_tournament::{Player, Tournament};
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call};

/// The `<dl class="facts">` of the event page in `lang`.
async fn facts_of<S, B>(app: &S, id: uuid::Uuid, lang: &str) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let page = call(
        app,
        &mut Jar(None),
        TestRequest::get()
            .uri(&format!("/tournaments/{id}"))
            .insert_header((header::ACCEPT_LANGUAGE, lang)),
    )
    .await;
    let body = page.body;
    let start = body.find("<dl class=\"facts\">").expect("the facts");
    let end = body[start..].find("</dl>").unwrap() + start;
    body[start..end].to_owned()
}

#[actix_web::test]
async fn the_event_page_words_its_facts_in_the_readers_language() {
    let db = TestDb::sqlite();
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let sys = Actor::system("test");
    let swiss = Tournament {
        name: Some("Autumn Open".into()),
        tournament_type: Some("Individual: Swiss-System".into()),
        pairing_system: Some("FIDE_DUTCH_2025".into()),
        rounds_planned: Some(9),
        players: (1..=4).map(|i| Player::new(i, format!("P, {i}"))).collect(),
        ..Tournament::default()
    };
    let team = Tournament {
        name: Some("Team Cup".into()),
        tournament_type: Some("Individual: Swiss-System".into()),
        pairing_system: Some("FIDE_DUTCH_2025".into()),
        team: Some(TeamEvent::new(TeamSettings::new(4))),
        ..Tournament::default()
    };
    // A TRF16 file's event: its type in English words (`092`), no `192` code.
    let trf16 = Tournament {
        name: Some("Karl-Mala".into()),
        tournament_type: Some("Individual: Swiss-System (Standard)".into()),
        ..Tournament::default()
    };
    let (swiss, team, trf16) = {
        let c = &mut db.pool.get().unwrap();
        (
            create_tournament(c, &swiss, None, &sys, "create").unwrap(),
            create_tournament(c, &team, None, &sys, "create").unwrap(),
            create_tournament(c, &trf16, None, &sys, "create").unwrap(),
        )
    };
    for (lang, kind, system, buchholz, utc) in [
        (
            "en",
            "Individual, Swiss system",
            "FIDE Dutch system",
            "Buchholz (BH",
            "Coordinated Universal Time (UTC)",
        ),
        (
            "fa",
            "انفرادی، سوئیسی",
            "سوئیس",
            "بوخهولتس",
            "زمان هماهنگ جهانی",
        ),
        (
            "ar",
            "فردي، النظام السويسري",
            "السويسري",
            "بوخولز",
            "التوقيت العالمي المنسق",
        ),
    ] {
        let facts = facts_of(&app, swiss, lang).await;
        for code in [
            "Individual: Swiss-System",
            "FIDE_DUTCH_2025",
            "<bdi>UTC</bdi>",
        ] {
            assert!(!facts.contains(code), "{lang}: {code} shown raw: {facts}");
        }
        for worded in [kind, system, buchholz, utc] {
            assert!(facts.contains(worded), "{lang}: no {worded:?} in {facts}");
        }
        let facts = facts_of(&app, trf16, lang).await;
        assert!(
            facts.contains(kind) && !facts.contains("Individual:"),
            "{lang}: {facts}"
        );
        let facts = facts_of(&app, team, lang).await;
        assert!(
            !facts.contains(kind) && !facts.contains("Individual"),
            "{lang}: the team event called individual: {facts}"
        );
        assert!(
            !facts.contains("FIDE_DUTCH_2025") && !facts.contains(system),
            "{lang}: {facts}"
        );
    }
    let facts = facts_of(&app, team, "fa").await;
    assert!(facts.contains("مسابقهٔ تیمی"), "{facts}");
}
