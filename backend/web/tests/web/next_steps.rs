//! An organizer's first day without a manual (issue #46): every staff page links to the next
//! step of the path (create, register, pair, store, publish, results, the next round), every
//! write is followed by a notice saying what was done (`role="status"`, from a fixed table: no
//! text from the URL), a refused CSV paste comes back in its box with each problem on its own
//! line naming the file's line, a registered player can be corrected (audited), an empty name is
//! refused beside its field, and an error page leads back to where the reader was. On SQLite
//! and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL.

use actix_http::Request;
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{
    Jar, Page, call, csrf_of, form, get, multipart, sign_up, without_notice,
};

/// The value of the first field `name` in `body`, as the browser sends it back.
fn field(body: &str, name: &str) -> String {
    body.split(&format!("name=\"{name}\" value=\""))
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap_or_default()
        .replace("&#x3a;", ":")
        .replace("&#58;", ":")
        .replace("&#10;", "\n")
}

/// The notice of a page (`<p class="notice" role="status">`), empty when it has none.
fn notice(body: &str) -> String {
    body.split("<p class=\"notice\" role=\"status\">")
        .nth(1)
        .and_then(|s| s.split("</p>").next())
        .unwrap_or_default()
        .to_owned()
}

/// The next-step link of a page: its target and its words.
fn next_step(body: &str) -> (String, String) {
    let rest = body
        .split("<p class=\"next-step\"><a href=\"")
        .nth(1)
        .unwrap_or_default();
    let href = rest.split('"').next().unwrap_or_default().to_owned();
    let text = rest
        .split_once('>')
        .and_then(|(_, t)| t.split("</a>").next())
        .unwrap_or_default()
        .to_owned();
    (href, text)
}

/// An organizer signed in (`jar`) with a new tournament of `rounds` rounds, created by the
/// form; its id and the session's CSRF token.
async fn new_event<S, B>(app: &S, jar: &mut Jar, rounds: &str) -> (String, String)
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let p = sign_up(app, jar, "org@example.org", "0123456789ab").await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
    let csrf = csrf_of(&call(app, jar, get("/tournaments/new")).await.body);
    let fields = [
        ("csrf", csrf.as_str()),
        ("name", "Flow Open"),
        ("rounds_planned", rounds),
    ];
    let p = call(app, jar, form("/tournaments/new", &fields)).await;
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
    let id = p.location.split('/').nth(2).unwrap().to_owned();
    assert_eq!(p.location, format!("/tournaments/{id}/manage?done=created"));
    (id, csrf)
}

/// Follows a redirect: the page it leads to.
async fn follow<S, B>(app: &S, jar: &mut Jar, p: &Page) -> Page
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
    call(app, jar, get(&p.location)).await
}

const FOUR: &str = "name,rating\nAlpha,2400\nBravo,2300\nCharlie,2200\nDelta,2100\n";

#[actix_web::test]
async fn every_step_links_to_the_next_and_results_open_once_the_round_is_stored() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let (id, csrf) = new_event(&app, &mut b, "2").await;
        let manage = format!("/tournaments/{id}/manage");
        let p = call(&app, &mut b, get(&format!("{manage}?done=created"))).await;
        assert_eq!(
            next_step(&p.body),
            (
                format!("{manage}#register"),
                "Next: register the players (at least two)".to_owned()
            )
        );
        assert!(p.body.contains("id=\"register\""), "{}", p.body);
        let fields = [("csrf", csrf.as_str()), ("text", FOUR)];
        let p = call(
            &app,
            &mut b,
            multipart(&format!("/tournaments/{id}/players/upload"), &fields, None),
        )
        .await;
        let p = follow(&app, &mut b, &p).await;
        assert_eq!(
            next_step(&p.body),
            (
                format!("/tournaments/{id}/pair"),
                "Next: pair round 1".to_owned()
            )
        );

        // Storing round 1: its page and the manage page lead to its results, and on to
        // publishing it.
        let pair = call(&app, &mut b, get(&format!("/tournaments/{id}/pair"))).await;
        let engine = field(&pair.body, "engine");
        assert!(!engine.is_empty(), "{}", pair.body);
        let fields = [
            ("csrf", csrf.as_str()),
            ("round", "1"),
            ("seen", &field(&pair.body, "seen")),
            ("engine", &engine),
            ("pairing", &engine),
        ];
        let p = call(
            &app,
            &mut b,
            form(&format!("/tournaments/{id}/pair"), &fields),
        )
        .await;
        assert_eq!(
            p.location,
            format!("/tournaments/{id}/rounds/1/pairing?done=stored.1")
        );
        let round = follow(&app, &mut b, &p).await;
        let results = format!("/tournaments/{id}/rounds/1/results");
        let publish = (
            format!("/tournaments/{id}/rounds/1/pairing"),
            "Next: publish round 1 (stored, not public yet)".to_owned(),
        );
        assert!(
            round.body.contains(&format!("href=\"{results}\"")),
            "{}",
            round.body
        );
        assert_eq!(next_step(&round.body), publish);
        let p = call(&app, &mut b, get(&manage)).await;
        assert!(
            p.body.contains(&format!("href=\"{results}\"")),
            "{}",
            p.body
        );
        assert_eq!(next_step(&p.body), publish);

        // Published: the results are next.
        let fields = [("csrf", csrf.as_str())];
        let p = call(
            &app,
            &mut b,
            form(&format!("/tournaments/{id}/rounds/1/publish"), &fields),
        )
        .await;
        let p = follow(&app, &mut b, &p).await;
        assert_eq!(notice(&p.body), "Round 1 published.");
        assert_eq!(
            next_step(&p.body),
            (
                results.clone(),
                "Next: enter the results of round 1".to_owned()
            )
        );

        // Every result in: round 2 is next.
        let sheet = call(&app, &mut b, get(&results)).await;
        let games: Vec<(String, String)> = sheet
            .body
            .split(&format!("action=\"/tournaments/{id}/rounds/1/games/"))
            .skip(1)
            .map(|s| {
                let game = s.split('"').next().unwrap().to_owned();
                (game, field(s, "version"))
            })
            .collect();
        assert_eq!(games.len(), 2, "{}", sheet.body);
        for (i, (game, version)) in games.iter().enumerate() {
            let fields = [
                ("csrf", csrf.as_str()),
                ("result", "1:0"),
                ("version", version.as_str()),
            ];
            let p = call(
                &app,
                &mut b,
                form(&format!("/tournaments/{id}/rounds/1/games/{game}"), &fields),
            )
            .await;
            let p = follow(&app, &mut b, &p).await;
            assert_eq!(notice(&p.body), format!("Result of board {} saved.", i + 1));
        }
        let p = call(&app, &mut b, get(&manage)).await;
        assert_eq!(
            next_step(&p.body),
            (
                format!("/tournaments/{id}/pair"),
                "Next: pair round 2".to_owned()
            )
        );
    }
}

/// A form to send: where, its fields (the CSRF token added), and the notice it leads to.
type Step = (String, Vec<(&'static str, String)>, &'static str);

#[actix_web::test]
async fn every_write_says_what_it_did_and_only_from_its_table() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut arbiter = Jar(None);
        sign_up(&app, &mut arbiter, "arb@example.org", "0123456789ab").await;
        let mut b = Jar(None);
        let (id, csrf) = new_event(&app, &mut b, "5").await;
        let manage = format!("/tournaments/{id}/manage");
        let created = call(&app, &mut b, get(&format!("{manage}?done=created"))).await;
        assert_eq!(
            notice(&created.body),
            "Tournament created. Next: register the players below."
        );
        // The language switch does not carry the notice along.
        assert!(created.body.contains("back="), "{}", created.body);
        assert!(!created.body.contains("done%3D"), "{}", created.body);
        let post = |uri: String, fields: Vec<(&'static str, String)>| {
            let fields: Vec<(&str, String)> =
                fields.into_iter().chain([("csrf", csrf.clone())]).collect();
            let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            form(&uri, &pairs)
        };
        let steps: Vec<Step> = vec![
            (
                format!("/tournaments/{id}/players"),
                vec![("name", "Echo, Eve".into()), ("rating", "1800".into())],
                "Player registered with pairing number 1.",
            ),
            (
                format!("/tournaments/{id}/byes"),
                vec![
                    ("player", "1".into()),
                    ("round", "1".into()),
                    ("code", "H".into()),
                ],
                "Bye request for round 1 saved.",
            ),
            (
                format!("/tournaments/{id}/players/1/status"),
                vec![("status", "withdrawn".into())],
                "Player 1 withdrawn: not paired any more.",
            ),
            (
                format!("/tournaments/{id}/players/1/status"),
                vec![("status", "active".into())],
                "Player 1 reinstated.",
            ),
            (
                format!("/tournaments/{id}/players/order"),
                vec![],
                "Pairing numbers given in the initial order (rating, title, name).",
            ),
            (
                format!("/tournaments/{id}/roles"),
                vec![
                    ("email", "arb@example.org".into()),
                    ("role", "arbiter".into()),
                    ("action", "grant".into()),
                ],
                "Staff changed.",
            ),
            (
                format!("/tournaments/{id}/self-check-in"),
                vec![("action", "allow".into())],
                "Self check-in changed.",
            ),
        ];
        for (uri, fields, said) in steps {
            let p = call(&app, &mut b, post(uri.clone(), fields)).await;
            let shown = follow(&app, &mut b, &p).await;
            assert_eq!(notice(&shown.body), said, "{uri}: {}", p.location);
            assert!(
                shown.body.contains("role=\"status\""),
                "{uri}: {}",
                shown.body
            );
        }
        // A count, in the reader's words and digits.
        let fields = [("csrf", csrf.as_str()), ("text", FOUR)];
        let p = call(
            &app,
            &mut b,
            multipart(&format!("/tournaments/{id}/players/upload"), &fields, None),
        )
        .await;
        assert_eq!(p.location, format!("{manage}?done=players-added.4"));
        let en = call(&app, &mut b, get(&p.location)).await;
        assert_eq!(notice(&en.body), "4 players registered.");
        let fa = call(
            &app,
            &mut b,
            get(&p.location).insert_header(("Accept-Language", "fa")),
        )
        .await;
        assert_eq!(notice(&fa.body), "۴ بازیکن ثبت‌نام شد.");
        let ar = call(
            &app,
            &mut b,
            get(&p.location).insert_header(("Accept-Language", "ar")),
        )
        .await;
        assert_eq!(notice(&ar.body), "سُجّل ٤ لاعبين.");

        // Nothing but the table's codes, and numbers.
        for forged in [
            "done=%3Cscript%3Ealert(1)%3C/script%3E",
            "done=published.2%3Cb%3E",
            "done=published.-1",
            "done=Round%202%20published",
        ] {
            let p = call(&app, &mut b, get(&format!("{manage}?{forged}"))).await;
            assert_eq!(p.status, StatusCode::OK, "{forged}");
            assert!(!p.body.contains("role=\"status\""), "{forged}: {}", p.body);
            assert!(!p.body.contains("<script>"), "{forged}");
        }

        // A public page reached with a notice keeps it to that address: the page cache never
        // hands it to another reader.
        let public = format!("/tournaments/{id}");
        let with = call(&app, &mut b, get(&format!("{public}?done=settings"))).await;
        assert_eq!(notice(&with.body), "Settings saved.");
        let mut visitor = Jar(None);
        for jar in [&mut b, &mut visitor] {
            let p = call(&app, jar, get(&public)).await;
            assert_eq!(p.status, StatusCode::OK);
            assert_eq!(notice(&p.body), "", "{}", p.body);
        }
    }
}

/// A header, eight good rows (lines 2-9), a bad rating on line 10, a blank line and a bad
/// federation on line 12, with the line ends a browser sends from a text box (`\r\n`).
fn bad_csv() -> String {
    let mut rows = vec!["name,rating,federation".to_owned()];
    rows.extend((1..=8).map(|i| format!("Player {i},2000,GER")));
    rows.push("Player 9,x,GER".to_owned());
    rows.push(String::new());
    rows.push("Player 10,1900,GERMANY".to_owned());
    rows.join("\r\n") + "\r\n"
}

#[actix_web::test]
async fn a_refused_csv_comes_back_in_its_box_with_each_problem_by_its_line() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let (id, csrf) = new_event(&app, &mut b, "5").await;
        let text = bad_csv();
        let upload = format!("/tournaments/{id}/players/upload");
        for (lang, want) in [
            (
                "en",
                [
                    "line 10, column rating: `x`: not a rating from 0 to 9999",
                    "line 12, column federation: `GERMANY`: not a three-letter federation",
                ],
            ),
            (
                "fa",
                [
                    "سطر ۱۰، ستون rating: «x»: ریتینگی از ۰ تا ۹۹۹۹ نیست",
                    "سطر ۱۲، ستون federation: «GERMANY»: فدراسیونی سه‌حرفی نیست",
                ],
            ),
        ] {
            let fields = [("csrf", csrf.as_str()), ("text", text.as_str())];
            let req = multipart(&upload, &fields, None).insert_header(("Accept-Language", lang));
            let p = call(&app, &mut b, req).await;
            assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
            // The manage page again: the text kept in the box, the problems one a line.
            let list = p
                .body
                .split("<ul class=\"error\" id=\"error-file\">")
                .nth(1)
                .and_then(|s| s.split("</ul>").next())
                .unwrap_or_else(|| panic!("no list of problems: {}", p.body));
            let items: Vec<String> = list
                .split("<li>")
                .skip(1)
                .map(|s| {
                    s.trim_end_matches("</li>")
                        .replace("&#96;", "`")
                        .replace("&#x60;", "`")
                })
                .collect();
            let items: Vec<String> = items
                .iter()
                .map(|s| s.split("</li>").next().unwrap().to_owned())
                .collect();
            // The isolates around a column's name and a value, left out for the comparison.
            let items: Vec<String> = items
                .iter()
                .map(|s| s.replace(['\u{2066}', '\u{2068}', '\u{2069}'], ""))
                .collect();
            assert_eq!(items, want, "{lang}");
            let kept = p
                .body
                .split("aria-describedby=\"error-file\">")
                .nth(1)
                .and_then(|s| s.split("</textarea>").next())
                .unwrap_or_default();
            assert_eq!(kept.replace("\r\n", "\n"), text.replace("\r\n", "\n"));
            assert!(p.body.contains("href=\"#field-file\""), "{}", p.body);
        }
        let stored = arbiter_db::load_tournament(&mut db.pool.get().unwrap(), id.parse().unwrap())
            .unwrap()
            .unwrap();
        assert!(stored.tournament.players.is_empty());
    }
}

#[actix_web::test]
async fn a_registered_player_is_corrected_audited_and_never_emptied() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let (id, csrf) = new_event(&app, &mut b, "5").await;
        let uuid: uuid::Uuid = id.parse().unwrap();
        let stored = || {
            arbiter_db::load_tournament(&mut db.pool.get().unwrap(), uuid)
                .unwrap()
                .unwrap()
        };
        let fields = [
            ("csrf", csrf.as_str()),
            ("name", "Doe, Jhon"),
            ("rating", "1800"),
            ("federation", "GER"),
        ];
        let p = call(
            &app,
            &mut b,
            form(&format!("/tournaments/{id}/players"), &fields),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        // Reached from the manage page's list of players.
        let edit = format!("/tournaments/{id}/players/1/edit");
        let manage = call(&app, &mut b, get(&without_notice(&p.location))).await;
        assert!(
            manage.body.contains(&format!("href=\"{edit}\"")),
            "{}",
            manage.body
        );
        let page = call(&app, &mut b, get(&edit)).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert_eq!(field(&page.body, "name"), "Doe, Jhon");
        let seen = field(&page.body, "seen");

        // An empty name, a hidden character: refused beside the name, what was typed kept,
        // nothing stored.
        for (name, said) in [
            ("  ", "the player needs a name"),
            ("Doe,\u{202e} John", "U+202E"),
        ] {
            let fields = [
                ("csrf", csrf.as_str()),
                ("seen", seen.as_str()),
                ("name", name),
                ("rating", "1900"),
            ];
            let p = call(&app, &mut b, form(&edit, &fields)).await;
            assert_eq!(p.status, StatusCode::BAD_REQUEST, "{name:?}: {}", p.body);
            let beside = p
                .body
                .split("<span class=\"field-error\" id=\"error-name\">")
                .nth(1)
                .and_then(|s| s.split("</span>").next())
                .unwrap_or_else(|| panic!("no message beside the name: {}", p.body));
            assert!(beside.contains(said), "{name:?}: {beside}");
            assert_eq!(field(&p.body, "rating"), "1900");
            assert_eq!(stored().tournament.player(1).unwrap().name, "Doe, Jhon");
        }

        // The correction, rating in Persian digits: stored, audited, and said.
        let fields = [
            ("csrf", csrf.as_str()),
            ("seen", seen.as_str()),
            ("name", "Doe, John"),
            ("rating", "۱۹۵۰"),
            ("federation", "ger"),
            ("fide_id", "١٢٣٤٥"),
            ("title", "FM"),
        ];
        let p = call(&app, &mut b, form(&edit, &fields)).await;
        assert_eq!(
            p.location,
            format!("/tournaments/{id}/manage?done=corrected.1")
        );
        let shown = follow(&app, &mut b, &p).await;
        assert_eq!(notice(&shown.body), "Player 1 corrected.");
        let s = stored();
        let player = s.tournament.player(1).unwrap();
        assert_eq!(player.name, "Doe, John");
        assert_eq!(player.rating, Some(1950));
        assert_eq!(player.federation.as_deref(), Some("GER"));
        assert_eq!(player.fide_id, Some(12345));
        assert_eq!(player.pairing_number, 1);
        let audit = arbiter_db::audit_entries(&mut db.pool.get().unwrap(), uuid).unwrap();
        let row = audit
            .iter()
            .rev()
            .find(|r| r.entity == "player" && r.action == "edit")
            .expect("an audit row of the correction");
        assert!(
            row.before_json
                .as_deref()
                .unwrap_or("")
                .contains("Doe, Jhon")
        );
        assert!(
            row.after_json
                .as_deref()
                .unwrap_or("")
                .contains("Doe, John")
        );
        assert_eq!(row.actor, "org@example.org");

        // A page older than the last change is not saved over it.
        let p = call(&app, &mut b, form(&edit, &fields)).await;
        assert_eq!(p.status, StatusCode::CONFLICT, "{}", p.body);
        // An unknown player is a 404.
        let p = call(
            &app,
            &mut b,
            get(&format!("/tournaments/{id}/players/9/edit")),
        )
        .await;
        assert_eq!(p.status, StatusCode::NOT_FOUND);
    }
}

#[actix_web::test]
async fn a_rating_corrected_after_round_one_is_paired_says_the_order_follows_it() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let (id, csrf) = new_event(&app, &mut b, "3").await;
        let fields = [("csrf", csrf.as_str()), ("text", FOUR)];
        let upload = format!("/tournaments/{id}/players/upload");
        call(&app, &mut b, multipart(&upload, &fields, None)).await;
        let pair = call(&app, &mut b, get(&format!("/tournaments/{id}/pair"))).await;
        let engine = field(&pair.body, "engine");
        let fields = [
            ("csrf", csrf.as_str()),
            ("round", "1"),
            ("seen", &field(&pair.body, "seen")),
            ("engine", &engine),
            ("pairing", &engine),
        ];
        let p = call(
            &app,
            &mut b,
            form(&format!("/tournaments/{id}/pair"), &fields),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let edit = format!("/tournaments/{id}/players/4/edit");
        let page = call(&app, &mut b, get(&edit)).await;
        assert!(page.body.contains("Round 1 is paired"), "{}", page.body);
        let fields = [
            ("csrf", csrf.as_str()),
            ("seen", &field(&page.body, "seen")),
            ("name", "Delta"),
            ("rating", "2500"),
        ];
        let p = call(&app, &mut b, form(&edit, &fields)).await;
        assert_eq!(
            p.location,
            format!("/tournaments/{id}/manage?done=corrected-rating.4")
        );
        let shown = follow(&app, &mut b, &p).await;
        assert!(
            notice(&shown.body).contains("the pairing order of the next rounds follows"),
            "{}",
            shown.body
        );
    }
}

#[actix_web::test]
async fn an_error_page_leads_back_to_where_the_reader_was() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let (id, _) = new_event(&app, &mut b, "5").await;
        let manage = format!("/tournaments/{id}/manage");
        // A form whose session token is stale (a 403), sent from the manage page.
        let fields = [("csrf", "stale"), ("name", "Doe, John")];
        for (lang, back) in [
            ("en", "Back to the page you were on"),
            ("fa", "بازگشت به صفحه‌ای که در آن بودید"),
        ] {
            let req = form(&format!("/tournaments/{id}/players"), &fields)
                .insert_header(("Host", "arbiter.example"))
                .insert_header(("Referer", format!("https://arbiter.example{manage}?q=doe")))
                .insert_header(("Accept-Language", lang));
            let p = call(&app, &mut b, req).await;
            assert_eq!(p.status, StatusCode::FORBIDDEN, "{}", p.body);
            assert!(
                p.body
                    .contains(&format!("<a href=\"{manage}?q=doe\">{back}</a>")),
                "{lang}: {}",
                p.body
            );
        }
        // Another site's page is never linked.
        let req = form(&format!("/tournaments/{id}/players"), &fields)
            .insert_header(("Host", "arbiter.example"))
            .insert_header(("Referer", format!("https://evil.example{manage}")));
        let p = call(&app, &mut b, req).await;
        assert_eq!(p.status, StatusCode::FORBIDDEN);
        assert!(!p.body.contains("Back to the page"), "{}", p.body);
    }
}
