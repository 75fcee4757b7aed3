//! The public pages of a team event (src/team_public.rs) and their JSON, on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL. A 4-team round robin over 2 boards (3
//! players a team: the third a reserve) run through the organizer's API: rounds 1 and 2 played
//! (board 1 always drawn, White wins board 2), round 3 paired and published without results.
//! The test computes the scores on its own from the games the API shows (team of a player:
//! `(pn - 1) / 3 + 1`) and checks every page in English and Persian (Persian digits, nothing
//! English), the JSON values, the match card's empty and filled result boxes and signature
//! lines, the 404s, and that an individual tournament has none of these pages.

use std::collections::BTreeMap;

use actix_web::http::{StatusCode, header};
use actix_web::test as web_test;
use actix_web::test::TestRequest;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::Jar;
use serde_json::{Value as Json, json};

use crate::l10n_common::{catalogue, reads_in};

/// An API call with a bearer token; the status and the JSON answer.
macro_rules! api {
    ($app:expr, $token:expr, $method:ident, $uri:expr, $body:expr) => {{
        let req = TestRequest::$method()
            .uri(AsRef::<str>::as_ref(&$uri))
            .insert_header((header::AUTHORIZATION, format!("Bearer {}", $token)))
            .set_json($body);
        let p = arbiter_web::testing::call(&$app, Jar(None).reborrow(), req).await;
        let j: Json = serde_json::from_str(&p.body).unwrap_or(Json::Null);
        (p.status, j, p.body)
    }};
}

/// A public `GET` in a language: status and body.
macro_rules! page {
    ($app:expr, $uri:expr, $lang:expr) => {{
        let req = web_test::TestRequest::get()
            .uri(AsRef::<str>::as_ref(&$uri))
            .insert_header((header::ACCEPT_LANGUAGE, $lang))
            .to_request();
        let resp = web_test::call_service(&$app, req).await;
        let status = resp.status();
        let body = web_test::read_body(resp).await;
        (status, String::from_utf8(body.to_vec()).unwrap())
    }};
}

/// The team of a player: 3 players a team, registered team by team.
fn team_of(pn: u64) -> u64 {
    (pn - 1) / 3 + 1
}

/// The board of a player (no line-ups: the roster order).
fn board_of(pn: u64) -> u64 {
    (pn - 1) % 3 + 1
}

/// A player's rating as registered.
fn rating_of(pn: u64) -> i64 {
    let (n, k) = (team_of(pn), board_of(pn));
    i64::try_from(2400 - 100 * n - 10 * k).unwrap()
}

/// The result the test enters: board 1 drawn, White wins board 2.
fn result_for(white: u64) -> (&'static str, &'static str, f64, f64) {
    if board_of(white) == 1 {
        ("=", "=", 0.5, 0.5)
    } else {
        ("1", "0", 1.0, 0.0)
    }
}

/// Western digits to Persian (`2.5` → `۲٫۵`), as the pages write numbers.
fn fa(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '0'..='9' => char::from_u32(0x06F0 + (c as u32 - '0' as u32)).unwrap(),
            '.' => '٫',
            c => c,
        })
        .collect()
}

/// Points as the pages write them (`1.5`, `2.0`).
fn p1(x: f64) -> String {
    format!("{x:.1}")
}

/// Half up division of integers, as C.07 rounds averages.
fn div_half_up(a: i64, b: i64) -> i64 {
    (2 * a + b) / (2 * b)
}

#[actix_web::test]
async fn a_team_event_has_its_public_pages_and_json() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let org = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let o = arbiter_db::accounts::create_user(c, "org@example.org", &hash, false, &sys)
                .unwrap();
            arbiter_db::accounts::create_api_token(c, o.uuid().unwrap(), None, &sys).unwrap()
        };
        let names = [
            "Kish Sharks",
            "Tabriz Eagles",
            "Shiraz Lions",
            "Yazd Falcons",
        ];
        let (s, j, body) = api!(
            app,
            org,
            post,
            "/api/v1/tournaments",
            json!({"name": "Team Cup", "rounds_planned": 3})
        );
        assert_eq!(s, StatusCode::CREATED, "{body}");
        let id: uuid::Uuid = j["id"].as_str().unwrap().parse().unwrap();
        let base = format!("/api/v1/tournaments/{id}");
        let (s, _, body) = api!(
            app,
            org,
            post,
            format!("{base}/teams/setup"),
            json!({"boards": 2})
        );
        assert_eq!(s, StatusCode::NO_CONTENT, "{body}");
        for (i, name) in names.iter().enumerate() {
            let n = i as u64 + 1;
            let roster: Vec<Json> = (1..=3)
                .map(|k| {
                    let pn = (n - 1) * 3 + k;
                    json!({"name": format!("Player {n}-{k}"), "rating": rating_of(pn), "federation": "IRI"})
                })
                .collect();
            let (s, j, body) = api!(
                app,
                org,
                post,
                format!("{base}/teams"),
                json!({"name": name, "club": format!("Club {n}"), "roster": roster})
            );
            assert_eq!(s, StatusCode::CREATED, "{body}");
            assert_eq!(j["number"], n);
        }
        // Each team's match points and game points, computed here from the games.
        let mut mp: BTreeMap<u64, f64> = (1..=4).map(|n| (n, 0.0)).collect();
        let mut gp: BTreeMap<u64, f64> = (1..=4).map(|n| (n, 0.0)).collect();
        // Each round's matches: (first, second) -> (first's GP, second's GP).
        let mut scores: BTreeMap<(u16, u64, u64), (f64, f64)> = BTreeMap::new();
        // Board 1 players' opponents' ratings.
        let mut opponents: BTreeMap<u64, Vec<i64>> = BTreeMap::new();
        let mut round_matches: BTreeMap<u16, Vec<(u64, u64, u64)>> = BTreeMap::new();
        for r in 1..=3u16 {
            let (s, j, body) = api!(
                app,
                org,
                post,
                format!("{base}/teams/rounds"),
                json!({"system": "round-robin"})
            );
            assert_eq!(s, StatusCode::OK, "round {r}: {body}");
            let ms: Vec<(u64, u64, u64)> = j["matches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    (
                        m["table"].as_u64().unwrap(),
                        m["first"].as_u64().unwrap(),
                        m["second"].as_u64().unwrap(),
                    )
                })
                .collect();
            assert_eq!(ms.len(), 2, "{body}");
            round_matches.insert(r, ms.clone());
            let (s, _, body) = api!(app, org, post, format!("{base}/rounds/{r}/seat"), json!({}));
            assert_eq!(s, StatusCode::OK, "{body}");
            let (s, _, body) = api!(
                app,
                org,
                post,
                format!("{base}/rounds/{r}/publish"),
                json!({})
            );
            assert!(s.is_success(), "{body}");
            if r == 3 {
                continue;
            }
            let (_, j, _) = api!(app, org, get, format!("{base}/rounds/{r}"), json!({}));
            let mut round_gp: BTreeMap<u64, f64> = BTreeMap::new();
            for g in j["games"].as_array().unwrap() {
                let (w, b) = (g["white"].as_u64().unwrap(), g["black"].as_u64().unwrap());
                let (wc, bc, wp, bp) = result_for(w);
                *round_gp.entry(team_of(w)).or_default() += wp;
                *round_gp.entry(team_of(b)).or_default() += bp;
                if board_of(w) == 1 {
                    opponents.entry(w).or_default().push(rating_of(b));
                    opponents.entry(b).or_default().push(rating_of(w));
                }
                let (s, _, body) = api!(
                    app,
                    org,
                    put,
                    format!("/api/v1/games/{}/result", g["id"].as_str().unwrap()),
                    json!({"white": wc, "black": bc, "version": g["version"]})
                );
                assert_eq!(s, StatusCode::OK, "{body}");
            }
            for &(_, a, b) in &ms {
                let (ga, gb) = (round_gp[&a], round_gp[&b]);
                scores.insert((r, a, b), (ga, gb));
                *gp.get_mut(&a).unwrap() += ga;
                *gp.get_mut(&b).unwrap() += gb;
                let (ma, mb) = if ga > gb {
                    (2.0, 0.0)
                } else if ga < gb {
                    (0.0, 2.0)
                } else {
                    (1.0, 1.0)
                };
                *mp.get_mut(&a).unwrap() += ma;
                *mp.get_mut(&b).unwrap() += mb;
            }
        }
        let t = format!("/tournaments/{id}");
        let en = catalogue("en");
        let theirs = catalogue("fa");

        // Every page answers in English and reads in Persian.
        let pages = [
            format!("{t}/teams"),
            format!("{t}/teams/1"),
            format!("{t}/rounds/1/matches"),
            format!("{t}/rounds/3/matches"),
            format!("{t}/rounds/1/matches/1/card"),
            format!("{t}/rounds/3/matches/2/card"),
            format!("{t}/team-standings"),
            format!("{t}/team-crosstable"),
            format!("{t}/board-standings"),
        ];
        for p in &pages {
            let (s, html) = page!(app, p, "en");
            assert_eq!(s, StatusCode::OK, "{p}: {html}");
            assert!(html.contains("Kish Sharks"), "{p}");
            let (s, html) = page!(app, p, "fa");
            assert_eq!(s, StatusCode::OK, "fa {p}");
            reads_in("fa", p, &html, &en, &theirs);
        }

        // The tournament page and the head link the team pages.
        let (_, html) = page!(app, t, "en");
        for link in [
            "teams",
            "team-standings",
            "team-crosstable",
            "board-standings",
        ] {
            assert!(html.contains(&format!("href=\"{t}/{link}\"")), "{link}");
        }
        assert!(html.contains(&format!("href=\"{t}/rounds/1/matches\"")));

        // The teams: rosters in board order, the reserve marked, the team rating (the
        // average of the two boards' ratings, half up).
        let (_, html) = page!(app, format!("{t}/teams"), "en");
        assert!(html.contains("Club 2") && html.contains("Player 3-3"));
        assert_eq!(html.matches("(reserve)").count(), 4);
        let team_rating = |n: u64| div_half_up(rating_of(3 * n - 2) + rating_of(3 * n - 1), 2);
        assert!(html.contains(&format!(">{}<", team_rating(2))));
        let (_, j, _) = api!(app, org, get, format!("{base}/teams"), json!({}));
        assert_eq!(j["boards"], 2);
        assert_eq!(j["teams"].as_array().unwrap().len(), 4);
        assert_eq!(j["teams"][1]["name"], names[1]);
        assert_eq!(j["teams"][1]["rating"], team_rating(2));
        assert_eq!(j["teams"][1]["roster"][2]["pairing_number"], 6);
        assert_eq!(j["teams"][1]["roster"][2]["reserve"], true);
        assert_eq!(j["teams"][1]["roster"][0]["reserve"], false);

        // A round's matches: the score in game points of each match and its boards.
        let (_, html) = page!(app, format!("{t}/rounds/1/matches"), "en");
        let (_, j, _) = api!(app, org, get, format!("{base}/rounds/1/matches"), json!({}));
        for m in j["matches"].as_array().unwrap() {
            let (a, b) = (m["first"].as_u64().unwrap(), m["second"].as_u64().unwrap());
            let (ga, gb) = scores[&(1, a, b)];
            assert_eq!(m["first_game_points"].as_f64(), Some(ga), "{m}");
            assert_eq!(m["second_game_points"].as_f64(), Some(gb), "{m}");
            assert_eq!(m["complete"], true);
            assert_eq!(m["boards"].as_array().unwrap().len(), 2);
            assert_eq!(m["boards"][0]["first_colour"], "white");
            assert_eq!(m["boards"][0]["first_code"], "=");
            assert!(
                html.contains(&format!("{} – {}", p1(ga), p1(gb))),
                "{ga}-{gb}"
            );
        }
        let (_, html3) = page!(app, format!("{t}/rounds/3/matches"), "en");
        assert!(html3.contains("Player 1-1") && html3.contains("(White)"));
        let (_, j3, _) = api!(app, org, get, format!("{base}/rounds/3/matches"), json!({}));
        assert_eq!(j3["matches"][0]["complete"], false);
        assert_eq!(j3["matches"][0]["boards"][0]["first_code"], "");

        // The match card: filled when played, empty boxes when not; signature lines.
        let (_, t1, a1, b1) = {
            let (table, a, b) = round_matches[&1][0];
            (table, table, a, b)
        };
        let (_, card) = page!(app, format!("{t}/rounds/1/matches/{t1}/card"), "en");
        let (ga, gb) = scores[&(1, a1, b1)];
        for sign in [
            format!("Captain of {}", names[usize::try_from(a1).unwrap() - 1]),
            format!("Captain of {}", names[usize::try_from(b1).unwrap() - 1]),
            "Arbiter".to_owned(),
        ] {
            assert!(card.contains(&sign), "{sign}");
        }
        assert_eq!(card.matches("class=\"signature\"").count(), 3);
        assert!(card.contains(&format!("<td class=\"result box\">{}</td>", p1(ga))));
        assert!(card.contains(&format!("<td class=\"result box\">{}</td>", p1(gb))));
        assert!(card.contains("<td class=\"result box\">½</td>"));
        assert!(card.contains("@media print") || card.contains("/static/style.css"));
        let (_, card3) = page!(app, format!("{t}/rounds/3/matches/2/card"), "en");
        assert_eq!(card3.matches("<td class=\"result box\"></td>").count(), 6);
        assert!(card3.contains("Player") && card3.contains("Captain of"));

        // Team standings: MP and GP as computed here; MPvGP is the game points; one
        // explanation per team.
        let (_, j, _) = api!(app, org, get, format!("{base}/team-standings"), json!({}));
        assert_eq!(j["primary"], "MP");
        assert_eq!(j["round_robin"], true);
        let rows = j["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 4);
        for row in rows {
            let n = row["team"].as_u64().unwrap();
            assert_eq!(row["match_points"].as_f64(), Some(mp[&n]), "{row}");
            assert_eq!(row["game_points"].as_f64(), Some(gp[&n]), "{row}");
            assert_eq!(row["tiebreaks"]["MPvGP"].as_f64(), Some(gp[&n]), "{row}");
        }
        let ranks: Vec<f64> = rows
            .iter()
            .map(|r| r["match_points"].as_f64().unwrap())
            .collect();
        assert!(ranks.windows(2).all(|w| w[0] >= w[1]), "{ranks:?}");
        let (_, html) = page!(app, format!("{t}/team-standings"), "en");
        assert!(html.contains("MPvGP") && html.contains("EMGSB/C1"));
        assert_eq!(
            html.matches("<details class=\"tiebreak team-explained\"")
                .count(),
            4
        );
        assert!(html.contains("Team standings after round 2"), "{html}");
        let top = rows[0]["team"].as_u64().unwrap();
        assert!(html.contains(&format!(
            "<td class=\"num\">{}</td><td class=\"num\">{}</td>",
            p1(mp[&top]),
            p1(gp[&top])
        )));
        let (_, fa_html) = page!(app, format!("{t}/team-standings"), "fa");
        assert!(fa_html.contains(&fa(&p1(gp[&top]))));

        // The crosstable: a round robin, so the team-against-team grid too.
        let (_, html) = page!(app, format!("{t}/team-crosstable"), "en");
        assert!(html.contains("Team against team"));
        let (_, j, _) = api!(app, org, get, format!("{base}/team-crosstable"), json!({}));
        // After the last round with results (round 3 has none yet), a round robin by design.
        assert_eq!(j["after_round"], 2);
        assert_eq!(j["round_robin"], true);
        let (_, j_all, _) = api!(
            app,
            org,
            get,
            format!("{base}/team-crosstable?after=3"),
            json!({})
        );
        assert_eq!(j_all["rows"][0]["rounds"][2]["kind"], "pending");
        for row in j["rows"].as_array().unwrap() {
            let n = row["team"].as_u64().unwrap();
            let rounds = row["rounds"].as_array().unwrap();
            assert_eq!(rounds.len(), 2);
            assert_eq!(rounds[0]["kind"], "played");
            let sum: f64 = rounds
                .iter()
                .map(|r| r["game_points"].as_f64().unwrap())
                .sum();
            assert!((sum - gp[&n]).abs() < 1e-9, "{row}");
        }

        // Board standings: board 1 drawn every time, so 50% and a performance equal to the
        // average rating of the opponents (dp 0, C.07 Art. 10.2).
        let (_, j, _) = api!(app, org, get, format!("{base}/board-standings"), json!({}));
        let board1 = j
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["board"] == 1)
            .unwrap();
        assert_eq!(board1["players"].as_array().unwrap().len(), 4);
        let (_, html) = page!(app, format!("{t}/board-standings"), "en");
        let (_, fa_html) = page!(app, format!("{t}/board-standings"), "fa");
        for p in board1["players"].as_array().unwrap() {
            let pn = p["pairing_number"].as_u64().unwrap();
            let ops = &opponents[&pn];
            let aro = div_half_up(ops.iter().sum(), i64::try_from(ops.len()).unwrap());
            assert_eq!(p["games"], 2);
            assert_eq!(p["percentage"].as_f64(), Some(50.0));
            assert_eq!(p["average_opponent_rating"], aro);
            assert_eq!(p["performance"], aro, "{p}");
            assert!(html.contains(&format!("<td class=\"num\">{aro}</td>")));
            assert!(fa_html.contains(&fa(&aro.to_string())));
        }
        // Board 2: White won every time.
        let board2 = j
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["board"] == 2)
            .unwrap();
        let points: f64 = board2["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["points"].as_f64().unwrap())
            .sum();
        assert!((points - 4.0).abs() < 1e-9);

        // One team: its matches with MP and GP and its players' boards.
        let (_, html) = page!(app, format!("{t}/teams/1"), "en");
        assert!(html.contains(&format!("<dd>{}</dd>", p1(mp[&1]))));
        assert!(html.contains(&format!("<dd>{}</dd>", p1(gp[&1]))));
        assert!(html.contains("1w ½") || html.contains("1b ½"));
        // Round 3, paired and not begun: no score, MP or GP in its line.
        let line3 = &html[html
            .find(&format!("href=\"{t}/rounds/3/matches\""))
            .unwrap()..];
        let line3 = &line3[..line3.find("</tr>").unwrap()];
        assert!(
            line3.contains("<td class=\"num\"></td><td class=\"num\"></td>"),
            "{line3}"
        );

        // Unknown team, round, table: 404, on the pages and in the API.
        for p in [
            format!("{t}/teams/9"),
            format!("{t}/rounds/9/matches"),
            format!("{t}/rounds/1/matches/9/card"),
            format!("{t}/rounds/9/matches/1/card"),
        ] {
            let (s, _) = page!(app, p, "en");
            assert_eq!(s, StatusCode::NOT_FOUND, "{p}");
        }
        let (s, _, _) = api!(app, org, get, format!("{base}/rounds/9/matches"), json!({}));
        assert_eq!(s, StatusCode::NOT_FOUND);

        // An individual tournament has no team pages.
        let (_, j, _) = api!(
            app,
            org,
            post,
            "/api/v1/tournaments",
            json!({"name": "Open", "rounds_planned": 5})
        );
        let single = j["id"].as_str().unwrap().to_owned();
        let (_, html) = page!(app, format!("/tournaments/{single}"), "en");
        assert!(!html.contains("team-standings"));
        for p in [
            "teams",
            "teams/1",
            "rounds/1/matches",
            "rounds/1/matches/1/card",
            "team-standings",
            "team-crosstable",
            "board-standings",
        ] {
            let (s, _) = page!(app, format!("/tournaments/{single}/{p}"), "en");
            assert_eq!(s, StatusCode::NOT_FOUND, "{p}");
        }
        for p in [
            "teams",
            "rounds/1/matches",
            "team-standings",
            "team-crosstable",
            "board-standings",
        ] {
            let (s, _, body) = api!(
                app,
                org,
                get,
                format!("/api/v1/tournaments/{single}/{p}"),
                json!({})
            );
            assert_eq!(s, StatusCode::NOT_FOUND, "{p}: {body}");
            assert!(body.contains("\"status\":404"), "{body}");
        }
    }
}
