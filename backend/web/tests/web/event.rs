//! A whole Swiss event run through the organizer's pages, over the real HTTP stack (session
//! middleware, CSRF, multipart uploads), on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set,
//! PostgreSQL: create the event, register players by form and by CSV upload, request a bye,
//! pair three rounds with the Dutch system (one changed by hand, with the checker's warning),
//! publish them, enter results including a forfeit, read the standings and the TRF export.

use actix_web::http::StatusCode;
use actix_web::test;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, form, multipart};
use serde_json::Value as Json;

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

macro_rules! get {
    ($app:expr, $browser:expr, $uri:expr) => {
        send!($app, $browser, test::TestRequest::get().uri(&$uri))
    };
}

/// The value of the first hidden or text input named `name`.
fn input(body: &str, name: &str) -> String {
    let key = format!("name=\"{name}\" value=\"");
    let start = body
        .find(&key)
        .unwrap_or_else(|| panic!("no input {name} in {body}"))
        + key.len();
    html_unescape(body[start..].split('"').next().unwrap())
}

/// The text of the first textarea named `name`.
fn textarea(body: &str, name: &str) -> String {
    let key = format!("<textarea name=\"{name}\"");
    let start = body.find(&key).expect("a textarea");
    let open = body[start..].find('>').unwrap() + start + 1;
    let close = body[open..].find("</textarea>").unwrap() + open;
    html_unescape(&body[open..close])
}

fn html_unescape(s: &str) -> String {
    s.replace("&#x2f;", "/")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Stores the engine's pairing of the next round as shown on the pair page; returns the round.
macro_rules! pair_next {
    ($app:expr, $b:expr, $id:expr) => {{
        let p = get!($app, $b, format!("/tournaments/{}/pair", $id));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        let round = input(&p.body, "round");
        let stored = send!(
            $app,
            $b,
            form(
                &format!("/tournaments/{}/pair", $id),
                &[
                    ("csrf", &input(&p.body, "csrf")),
                    ("round", &round),
                    ("seen", &input(&p.body, "seen")),
                    ("engine", &input(&p.body, "engine")),
                    ("pairing", &textarea(&p.body, "pairing")),
                ]
            )
        );
        assert_eq!(stored.status, StatusCode::SEE_OTHER, "{}", stored.body);
        round.parse::<u16>().unwrap()
    }};
}

macro_rules! publish {
    ($app:expr, $b:expr, $id:expr, $n:expr) => {{
        let p = get!(
            $app,
            $b,
            format!("/tournaments/{}/rounds/{}/pairing", $id, $n)
        );
        assert!(p.body.contains("Not public yet"), "{}", p.body);
        let r = send!(
            $app,
            $b,
            form(
                &format!("/tournaments/{}/rounds/{}/publish", $id, $n),
                &[("csrf", &input(&p.body, "csrf"))]
            )
        );
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    }};
}

/// Enters every game of a published round: `pick(white, black)` gives the `W:B` codes.
macro_rules! results {
    ($app:expr, $b:expr, $id:expr, $n:expr, $pick:expr) => {{
        let api = get!(
            $app,
            $b,
            format!("/api/v1/tournaments/{}/rounds/{}", $id, $n)
        );
        assert_eq!(api.status, StatusCode::OK, "{}", api.body);
        let round: Json = serde_json::from_str(&api.body).unwrap();
        let sheet = get!(
            $app,
            $b,
            format!("/tournaments/{}/rounds/{}/results", $id, $n)
        );
        let token = input(&sheet.body, "csrf");
        for g in round["games"].as_array().unwrap() {
            let (w, bl) = (
                g["white"].as_u64().unwrap() as u16,
                g["black"].as_u64().unwrap() as u16,
            );
            let r = send!(
                $app,
                $b,
                form(
                    &format!(
                        "/tournaments/{}/rounds/{}/games/{}",
                        $id,
                        $n,
                        g["id"].as_str().unwrap()
                    ),
                    &[
                        ("csrf", &token),
                        ("version", &g["version"].to_string()),
                        ("result", $pick(w, bl)),
                    ]
                )
            );
            assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        }
        round
    }};
}

#[actix_web::test]
async fn a_swiss_event_from_nothing_to_final_standings() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let p = get!(app, b, "/signup");
        let p = send!(
            app,
            b,
            form(
                "/signup",
                &[
                    ("email", "org@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &input(&p.body, "csrf")),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);

        // Create the event.
        let p = get!(app, b, "/tournaments/new");
        assert!(p.body.contains("FIDE_DUTCH_2025"));
        let token = input(&p.body, "csrf");
        let p = send!(
            app,
            b,
            form(
                "/tournaments/new",
                &[
                    ("csrf", &token),
                    ("name", "Autumn Open"),
                    ("rounds_planned", "3"),
                    ("pairing_system", "FIDE_DUTCH_2025"),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let id = p
            .location
            .strip_prefix("/tournaments/")
            .and_then(|s| s.strip_suffix("/manage?done=created"))
            .unwrap()
            .to_owned();

        // Four players by form, three by CSV upload.
        for (name, rating) in [
            ("Adams, Anna", "2350"),
            ("Brown, Ben", "2300"),
            ("Clark, Cora", "2250"),
            ("Davis, Dan", "2200"),
        ] {
            let p = send!(
                app,
                b,
                form(
                    &format!("/tournaments/{id}/players"),
                    &[("csrf", &token), ("name", name), ("rating", rating)]
                )
            );
            assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        }
        let bad_csv = send!(
            app,
            b,
            multipart(
                &format!("/tournaments/{id}/players/upload"),
                &[("csrf", &token)],
                Some(("p.csv", b"name,rating\nEvans, Eve,2150\n,2100\n")),
            )
        );
        assert_eq!(bad_csv.status, StatusCode::BAD_REQUEST);
        assert!(bad_csv.body.contains("line 3"), "{}", bad_csv.body);
        let csv = b"name,rating\n\"Evans, Eve\",2150\n\"Fox, Finn\",2100\n\"Gray, Gia\",2050\n";
        let forged = send!(
            app,
            b,
            multipart(
                &format!("/tournaments/{id}/players/upload"),
                &[("csrf", "forged")],
                Some(("p.csv", csv)),
            )
        );
        assert_eq!(forged.status, StatusCode::FORBIDDEN);
        let p = send!(
            app,
            b,
            multipart(
                &format!("/tournaments/{id}/players/upload"),
                &[("csrf", &token)],
                Some(("p.csv", csv)),
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let manage = get!(app, b, format!("/tournaments/{id}/manage"));
        assert!(manage.body.contains("Players (7)"), "{}", manage.body);
        assert!(manage.body.contains("Gray, Gia"));

        // Registered out of rating order: the pair page says so, and ordering renumbers.
        let late = send!(
            app,
            b,
            form(
                &format!("/tournaments/{id}/players"),
                &[("csrf", &token), ("name", "Zeta, Zoe"), ("rating", "2400")]
            )
        );
        assert_eq!(late.status, StatusCode::SEE_OTHER);
        let p = get!(app, b, format!("/tournaments/{id}/pair"));
        assert!(p.body.contains("not in the initial order"), "{}", p.body);
        let ordered = send!(
            app,
            b,
            form(
                &format!("/tournaments/{id}/players/order"),
                &[("csrf", &token)]
            )
        );
        assert_eq!(ordered.status, StatusCode::SEE_OTHER, "{}", ordered.body);
        let p = get!(app, b, format!("/tournaments/{id}/pair"));
        assert!(!p.body.contains("not in the initial order"));
        let card = get!(app, b, format!("/tournaments/{id}/players/1"));
        assert!(
            card.body.contains("Zeta, Zoe"),
            "2400 is number 1: {}",
            card.body
        );
        let withdraw = send!(
            app,
            b,
            form(
                &format!("/tournaments/{id}/players/1/status"),
                &[("csrf", &token), ("status", "withdrawn")]
            )
        );
        assert_eq!(withdraw.status, StatusCode::SEE_OTHER);

        // Round 1: seven players (Zeta withdrawn), the PAB to the lowest-rated. Unpublished, it is not public.
        let n = pair_next!(app, b, id);
        assert_eq!(n, 1);
        let mut anon = Jar(None);
        let public = get!(app, anon, format!("/api/v1/tournaments/{id}/rounds/1"));
        assert_eq!(
            public.status,
            StatusCode::NOT_FOUND,
            "unpublished is hidden"
        );
        publish!(app, b, id, 1);
        let public = get!(app, anon, format!("/api/v1/tournaments/{id}/rounds/1"));
        assert_eq!(public.status, StatusCode::OK);
        let r1: Json = serde_json::from_str(&public.body).unwrap();
        assert_eq!(r1["games"].as_array().unwrap().len(), 3);
        assert_eq!(r1["byes"][0]["player"], 8);
        assert_eq!(r1["byes"][0]["code"], "U");
        // White wins on boards 1-2; board 3 is a forfeit win for White.
        results!(app, b, id, 1, |_w: u16, bl: u16| if bl == 6 || bl == 3 {
            "+:-"
        } else {
            "1:0"
        });

        // Round 2: Gray (8) requests a half-point bye; the pairing is changed by hand.
        let p = send!(
            app,
            b,
            form(
                &format!("/tournaments/{id}/byes"),
                &[
                    ("csrf", &token),
                    ("player", "8"),
                    ("round", "2"),
                    ("code", "H")
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let p = get!(app, b, format!("/tournaments/{id}/pair"));
        assert!(p.body.contains("Gray, Gia"), "the bye is listed");
        let why = get!(app, b, format!("/tournaments/{id}/pair/explain"));
        assert_eq!(why.status, StatusCode::OK);
        assert!(
            why.body.contains("Bracket 1:") && why.body.contains("board 1:"),
            "{}",
            why.body
        );
        let engine = input(&p.body, "engine");
        assert!(
            !engine.split_whitespace().any(|x| x == "8"),
            "8 is not paired: {engine}"
        );
        // Swap the first board's colours: the checker warns, and asks for confirmation.
        let mut lines: Vec<String> = engine.lines().map(str::to_owned).collect();
        let first: Vec<String> = lines[0].split(' ').map(str::to_owned).collect();
        lines[0] = format!("{} {}", first[1], first[0]);
        let edited = lines.join("\n");
        let fields = |confirm: &str| {
            vec![
                ("csrf".to_owned(), input(&p.body, "csrf")),
                ("round".to_owned(), "2".to_owned()),
                ("seen".to_owned(), input(&p.body, "seen")),
                ("engine".to_owned(), engine.clone()),
                ("pairing".to_owned(), edited.clone()),
                ("confirm".to_owned(), confirm.to_owned()),
            ]
        };
        let warned = send!(
            app,
            b,
            test::TestRequest::post()
                .uri(&format!("/tournaments/{id}/pair"))
                .set_form(fields(""))
        );
        assert_eq!(warned.status, StatusCode::OK);
        assert!(warned.body.contains("Warnings"), "{}", warned.body);
        assert!(warned.body.contains("name=\"confirm\""));
        let stored = send!(
            app,
            b,
            test::TestRequest::post()
                .uri(&format!("/tournaments/{id}/pair"))
                .set_form(fields("1"))
        );
        assert_eq!(stored.status, StatusCode::SEE_OTHER, "{}", stored.body);
        // The same page submitted again is stale.
        let again = send!(
            app,
            b,
            test::TestRequest::post()
                .uri(&format!("/tournaments/{id}/pair"))
                .set_form(fields("1"))
        );
        assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
        publish!(app, b, id, 2);
        let sheet = get!(app, b, format!("/tournaments/{id}/rounds/2/results"));
        assert!(
            sheet.body.contains("8 Gray, Gia: "),
            "the bye is on the sheet: {}",
            sheet.body
        );
        let r2 = results!(app, b, id, 2, |_w: u16, _b: u16| "=:=");
        assert_eq!(r2["games"][0]["white"].to_string(), first[1]);

        // Round 3, and the event is over.
        assert_eq!(pair_next!(app, b, id), 3);
        publish!(app, b, id, 3);
        results!(app, b, id, 3, |_w: u16, _b: u16| "0:1");
        let p = get!(app, b, format!("/tournaments/{id}/pair"));
        assert!(
            p.body.contains("all 3 planned rounds are paired"),
            "{}",
            p.body
        );

        // Standings: everyone's points add up to the games' and byes' (3 games of 1 point per
        // round, the PAB 1, the half-point bye 0.5 and the 3 draws of round 2).
        let s = get!(app, anon, format!("/api/v1/tournaments/{id}/standings"));
        assert_eq!(s.status, StatusCode::OK, "{}", s.body);
        let lines: Json = serde_json::from_str(&s.body).unwrap();
        assert_eq!(lines.as_array().unwrap().len(), 8);
        let page = get!(app, anon, format!("/tournaments/{id}/standings"));
        assert!(page.body.contains("Adams, Anna"));

        // The TRF export carries the manual change as a comment, and the forfeits as + / -.
        let trf = get!(app, b, format!("/tournaments/{id}/export/trf2026"));
        assert_eq!(trf.status, StatusCode::OK);
        assert!(
            trf.body
                .contains("### Arbiter: round 2 pairing changed by hand"),
            "{}",
            trf.body
        );
        let t = arbiter_tournament::read_trf(trf.body.as_bytes())
            .unwrap()
            .tournament;
        assert_eq!(t.rounds.len(), 3);
        let total: u32 = t.scores_after_round(3).values().map(|p| p.tenths()).sum();
        assert_eq!(
            total,
            30 + 10 + 30 + 5 + 30 + 10,
            "3 rounds of games, two PABs, H"
        );
        let audit = get!(app, b, format!("/tournaments/{id}/audit"));
        assert!(audit.body.contains("manual-edit"), "{}", audit.body);
    }
}

#[actix_web::test]
async fn settings_edit_and_round_robin() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let p = get!(app, b, "/signup");
        send!(
            app,
            b,
            form(
                "/signup",
                &[
                    ("email", "org@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &input(&p.body, "csrf")),
                ]
            )
        );
        let p = get!(app, b, "/tournaments/new");
        let token = input(&p.body, "csrf");
        // Import from TRF: the players and nothing else.
        let trf = "012 Club Championship\n\
                   001    1      Alpha, A                          2100\n\
                   001    2      Beta, B                           2000\n\
                   001    3      Gamma, C                          1900\n\
                   001    4      Delta, D                          1800\n";
        let p = send!(
            app,
            b,
            multipart(
                "/tournaments/import",
                &[("csrf", &token), ("text", trf)],
                None
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let id = p
            .location
            .strip_prefix("/tournaments/")
            .and_then(|s| s.strip_suffix("/manage?done=imported"))
            .unwrap()
            .to_owned();
        let broken = send!(
            app,
            b,
            multipart(
                "/tournaments/import",
                &[("csrf", &token), ("text", "001 x\n")],
                None
            )
        );
        assert_eq!(broken.status, StatusCode::BAD_REQUEST);
        assert!(broken.body.contains("line 1"), "{}", broken.body);

        // Settings: a double round robin, football scoring.
        let e = get!(app, b, format!("/tournaments/{id}/edit"));
        assert_eq!(e.status, StatusCode::OK);
        assert!(e.body.contains("Club Championship"));
        let seen = input(&e.body, "seen");
        let fields = [
            ("csrf", token.as_str()),
            ("seen", seen.as_str()),
            ("name", "Club Championship 2026"),
            ("pairing_system", "FIDE_DOUBLE_ROUNDROBIN"),
            ("rounds_planned", "6"),
            ("win", "3"),
            ("draw", "1"),
            ("loss", "0"),
            ("default_time_minutes", "30"),
        ];
        let bad_score = send!(
            app,
            b,
            form(
                &format!("/tournaments/{id}/edit"),
                &[
                    ("csrf", &token),
                    ("seen", &seen),
                    ("name", "X"),
                    ("win", "one")
                ]
            )
        );
        assert_eq!(bad_score.status, StatusCode::BAD_REQUEST);
        assert!(
            bad_score.body.contains("id=\"error-win\">`one`"),
            "{}",
            bad_score.body
        );
        let saved = send!(app, b, form(&format!("/tournaments/{id}/edit"), &fields));
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let stale = send!(app, b, form(&format!("/tournaments/{id}/edit"), &fields));
        assert_eq!(stale.status, StatusCode::CONFLICT);

        // Staff: a second account becomes arbiter (results, not pairings), then loses it.
        let mut arb = Jar(None);
        let p = get!(app, arb, "/signup");
        let p = send!(
            app,
            arb,
            form(
                "/signup",
                &[
                    ("email", "arb@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &input(&p.body, "csrf")),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let manage = format!("/tournaments/{id}/manage");
        assert_eq!(get!(app, arb, manage).status, StatusCode::FORBIDDEN);
        let roles = format!("/tournaments/{id}/roles");
        let unknown = send!(
            app,
            b,
            form(
                &roles,
                &[
                    ("csrf", &token),
                    ("email", "nobody@example.org"),
                    ("role", "arbiter")
                ]
            )
        );
        assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
        assert!(unknown.body.contains("no account"), "{}", unknown.body);
        let granted = send!(
            app,
            b,
            form(
                &roles,
                &[
                    ("csrf", &token),
                    ("email", "arb@example.org"),
                    ("role", "arbiter")
                ]
            )
        );
        assert_eq!(granted.status, StatusCode::SEE_OTHER, "{}", granted.body);
        let m = get!(app, b, manage);
        assert!(
            m.body.contains("arb@example.org</bdi>: arbiter"),
            "{}",
            m.body
        );
        assert_eq!(get!(app, arb, manage).status, StatusCode::OK);
        assert_eq!(
            get!(app, arb, format!("/tournaments/{id}/pair")).status,
            StatusCode::FORBIDDEN,
            "an arbiter does not pair"
        );
        let revoked = send!(
            app,
            b,
            form(
                &roles,
                &[
                    ("csrf", &token),
                    ("email", "arb@example.org"),
                    ("role", "arbiter"),
                    ("action", "revoke")
                ]
            )
        );
        assert_eq!(revoked.status, StatusCode::SEE_OTHER);
        assert_eq!(get!(app, arb, manage).status, StatusCode::FORBIDDEN);
        let audit = get!(app, b, format!("/tournaments/{id}/audit"));
        assert!(audit.body.contains("grant") && audit.body.contains("revoke"));
        assert!(
            audit.body.contains("Club Championship 2026"),
            "the settings edit is in the log"
        );

        // Six rounds of the Berger table: everyone meets everyone twice, colours reversed.
        let mut met = std::collections::HashMap::new();
        for round in 1..=6u16 {
            assert_eq!(pair_next!(app, b, id), round);
            publish!(app, b, id, round);
            let r = results!(app, b, id, round, |_w: u16, _b: u16| "1:0");
            for g in r["games"].as_array().unwrap() {
                let w = g["white"].as_u64().unwrap();
                let bl = g["black"].as_u64().unwrap();
                *met.entry((w.min(bl), w.max(bl))).or_insert(0) += 1;
            }
        }
        assert_eq!(met.len(), 6);
        assert!(met.values().all(|&n| n == 2), "{met:?}");
        // Football scoring: 6 games per player, White won all; each has 3 wins = 9 points.
        let s = get!(app, b, format!("/api/v1/tournaments/{id}/standings"));
        assert_eq!(s.status, StatusCode::OK, "{}", s.body);
        let lines: Json = serde_json::from_str(&s.body).unwrap();
        assert_eq!(lines.as_array().unwrap().len(), 4);
        for l in lines.as_array().unwrap() {
            assert_eq!(l["tiebreaks"]["PTS"].as_f64(), Some(9.0), "{l}");
        }
    }
}
