//! What a Persian or Arabic reader sees (issue #46, items 6, 8 and 10): no English code or Latin
//! number left on a page where the reader's words and digits belong. The crosstable marks the
//! colours ○ ● (English keeps `w`, `b`) and words its byes; the player card words the colour,
//! heads each tie-break with its name and the edition dated in the reader's calendar; a team's
//! tie-break explanation words each round's result; the round links of the standings are a
//! list («۱، ۲»), not digits that run together; a time control typed with Latin syntax is one
//! left-to-right unit; a team event's result sheet shows each match over its boards; the team
//! setup form writes its defaults in the reader's digits. On SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::test::TestRequest;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, create_tournament};
use arbiter_tournament::Tournament;
use arbiter_tournament::trf::read_trf;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, get, multipart, sign_up};

/// A `GET` of `uri` in `lang` for the browser `jar`; the body.
async fn body_in<S, B>(app: &S, jar: &mut Jar, uri: &str, lang: &str) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let p = call(
        app,
        jar,
        TestRequest::get()
            .uri(uri)
            .insert_header((header::ACCEPT_LANGUAGE, lang)),
    )
    .await;
    assert_eq!(p.status, StatusCode::OK, "{lang} {uri}: {}", p.body);
    p.body
}

/// The part of `html` from the first `start` to the next `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let i = html
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in {html}"));
    let rest = &html[i..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

/// The texts of the `<td ...><bdi dir="ltr">` cells of the crosstable's body.
fn cross_cells(html: &str) -> Vec<String> {
    between(html, "<table class=\"crosstable\">", "</table>")
        .split("<td class=\"num\"><bdi dir=\"ltr\">")
        .skip(1)
        .map(|c| c[..c.find("</bdi>").unwrap()].to_owned())
        .collect()
}

fn karl_mala() -> Tournament {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    );
    read_trf(&std::fs::read(path).unwrap()).unwrap().tournament
}

#[actix_web::test]
async fn the_crosstable_and_the_player_card_read_without_latin_codes() {
    for db in TestDb::all() {
        let id = {
            let c = &mut db.pool.get().unwrap();
            create_tournament(c, &karl_mala(), None, &Actor::system("test"), "import").unwrap()
        };
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut anon = Jar(None);
        let uri = format!("/tournaments/{id}/crosstable");
        // English keeps the TRF letters: the opponent's rank, w or b, the code.
        let en = cross_cells(&body_in(&app, &mut anon, &uri, "en").await);
        assert!(en.iter().any(|c| c.contains('w')) && en.iter().any(|c| c.contains('b')));
        for (lang, one) in [("fa", '۱'), ("ar", '١')] {
            let html = body_in(&app, &mut anon, &uri, lang).await;
            let cells = cross_cells(&html);
            assert!(cells.len() > 100, "{lang}: {}", cells.len());
            let latin: Vec<&String> = cells
                .iter()
                .filter(|c| c.chars().any(|ch| ch.is_ascii_alphanumeric()))
                .collect();
            assert!(
                latin.is_empty(),
                "{lang}: Latin letters or digits in {latin:?}"
            );
            assert!(cells.iter().any(|c| c.contains('○') && c.ends_with(one)));
            assert!(cells.iter().any(|c| c.contains('●')));
            // The legend says what the marks are.
            let legend = between(&html, "</h2>\n<p class=\"sub\">", "</p>");
            assert!(legend.contains('○') && legend.contains('●'), "{legend}");
            assert!(
                !legend.contains(" w ") && !legend.contains("(w"),
                "{legend}"
            );
        }
        // The player card: the colour worded, each tie-break named with its code, its edition
        // dated in the reader's calendar (2005: the 2024-08 rules, «۱۴۰۳ مرداد»), no raw code.
        let card = body_in(
            &app,
            &mut anon,
            &format!("/tournaments/{id}/players/1"),
            "fa",
        )
        .await;
        let rounds = between(&card, "<tbody>", "</tbody>");
        assert!(rounds.contains("<td>سفید</td>") && rounds.contains("<td>سیاه</td>"));
        assert!(!rounds.contains("<td>w</td>") && !rounds.contains("<td>b</td>"));
        assert!(
            !card.contains("PTS (2024-08)") && !card.contains("(2024-08)"),
            "{card}"
        );
        assert!(
            card.contains("امتیاز (PTS)، آیین‌نامهٔ C.07 ویرایش ۱۴۰۳ مرداد"),
            "{card}"
        );
        // The tie-breaks explained round by round: each round's result worded.
        let how = &card[card.find("<details class=\"tiebreak\"").unwrap()..];
        assert!(how.contains("<td>برد</td>"), "{how}");
        assert!(
            !how.contains("<td>1</td>") && !how.contains("<td>=</td>"),
            "{how}"
        );
        let en_card = body_in(
            &app,
            &mut anon,
            &format!("/tournaments/{id}/players/1"),
            "en",
        )
        .await;
        assert!(
            en_card.contains("Points (PTS), C.07 of August 2024"),
            "{en_card}"
        );
        // The standings' round links are a list: «۱، ۲»; not «۱ ۲», which reads as ۲۱.
        let standings = body_in(
            &app,
            &mut anon,
            &format!("/tournaments/{id}/standings"),
            "fa",
        )
        .await;
        let pager = between(&standings, "<p class=\"pager noprint\">", "</p>");
        assert!(pager.contains("</a>، <a"), "{pager}");
    }
}

#[actix_web::test]
async fn a_time_control_with_latin_syntax_reads_left_to_right() {
    let db = TestDb::sqlite();
    let sys = Actor::system("test");
    let event = |control: &str| Tournament {
        name: Some("Fajr".into()),
        time_control: Some(control.into()),
        ..Tournament::default()
    };
    let (latin, worded) = {
        let c = &mut db.pool.get().unwrap();
        (
            create_tournament(c, &event("40/120, 60"), None, &sys, "create").unwrap(),
            create_tournament(c, &event("۹۰ دقیقه + ۳۰ ثانیه"), None, &sys, "create").unwrap(),
        )
    };
    let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
    let mut anon = Jar(None);
    let html = body_in(&app, &mut anon, &format!("/tournaments/{latin}"), "fa").await;
    assert!(
        html.contains("<dd><bdi dir=\"ltr\">۴۰/۱۲۰, ۶۰</bdi></dd>"),
        "{html}"
    );
    let html = body_in(&app, &mut anon, &format!("/tournaments/{worded}"), "fa").await;
    assert!(
        html.contains("<dd><bdi>۹۰ دقیقه + ۳۰ ثانیه</bdi></dd>"),
        "{html}"
    );
    // The placeholders of the event form start with a word, so that their numbers keep their
    // places in a right-to-left sentence («ویرایش ۲۰۲۴ یا ۲۰۲۶», not «یا ۲۰۲۶ ۲۰۲۴»).
    let mut org = Jar(None);
    sign_up(&app, &mut org, "org@example.org", "0123456789ab").await;
    let form = body_in(&app, &mut org, "/tournaments/new", "fa").await;
    assert!(
        form.contains("placeholder=\"ویرایش ۲۰۲۴ یا ۲۰۲۶\""),
        "{form}"
    );
    assert!(form.contains("placeholder=\"مثلاً ۹۰ دقیقه"), "{form}");
}

#[actix_web::test]
async fn a_team_events_results_are_entered_match_by_match() {
    let trf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/teams/sample-trf26.trf"
    ))
    .unwrap();
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut org = Jar(None);
        let p = sign_up(&app, &mut org, "org@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let csrf = csrf_of(&call(&app, &mut org, get("/tournaments/new")).await.body);
        let p = call(
            &app,
            &mut org,
            multipart(
                "/tournaments/import",
                &[("csrf", &csrf), ("text", &trf)],
                None,
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let id = p
            .location
            .strip_prefix("/tournaments/")
            .and_then(|s| s.split('?').next())
            .and_then(|s| s.strip_suffix("/manage"))
            .unwrap()
            .to_owned();
        let html = body_in(
            &app,
            &mut org,
            &format!("/tournaments/{id}/rounds/1/results"),
            "fa",
        )
        .await;
        let table = between(&html, "<table class=\"entry\">", "</table>");
        // Nine teams of four boards: four matches, each a group headed by its two teams and
        // its score, its four boards under it, numbered 1 to 4 within the match.
        let groups: Vec<&str> = table.split("<tbody class=\"match\">").skip(1).collect();
        assert_eq!(groups.len(), 4, "{table}");
        for (i, g) in groups.iter().enumerate() {
            let head = between(g, "<tr class=\"match-line\">", "</tr>");
            let table_no = ["۱", "۲", "۳", "۴"][i];
            assert!(head.contains(&format!("میز رویارویی {table_no}")), "{head}");
            assert_eq!(head.matches("<bdi>").count(), 2, "{head}");
            assert!(head.contains("Club "), "{head}");
            assert!(
                head.contains("<span class=\"result\">"),
                "a played match's score: {head}"
            );
            assert_eq!(g.matches("<select name=\"result\"").count(), 4, "{g}");
            for b in ["۱", "۲", "۳", "۴"] {
                assert!(g.contains(&format!("<td class=\"num\">{b}</td>")), "{g}");
            }
        }
        assert!(
            !table.contains("<tbody>"),
            "no board outside a match: {table}"
        );
        // The team setup form: its defaults in Persian digits, a whole point without «٫۰».
        let manage = body_in(
            &app,
            &mut org,
            &format!("/tournaments/{id}/teams/manage"),
            "fa",
        )
        .await;
        assert!(manage.contains("name=\"mp_win\" value=\"۲\""), "{manage}");
        assert!(
            !manage.contains("value=\"2.0\"") && !manage.contains("٫۰\""),
            "{manage}"
        );
        // A team's tie-break explanation words each round's result.
        let standings = body_in(
            &app,
            &mut org,
            &format!("/tournaments/{id}/team-standings"),
            "fa",
        )
        .await;
        let how = between(&standings, "<details", "</details>");
        assert!(
            !how.contains("<td>1</td>") && !how.contains("<td>0</td>"),
            "{how}"
        );
        assert!(
            ["<td>برد</td>", "<td>باخت</td>", "<td>تساوی</td>"]
                .iter()
                .any(|w| how.contains(w)),
            "{how}"
        );
    }
}
