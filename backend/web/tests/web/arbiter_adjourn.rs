//! Adjourned games (Appendix A) through the arbiter's pages over the real HTTP stack (session,
//! CSRF), on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: a move sealed after
//! review and change (A.1(a)), kept secret from every page, API answer, envelope column and audit
//! entry until opened; opening refused without the replier (A.7), his clock started (A.9(b)); the
//! envelope opened with the sealer absent and the reply sealed in a second envelope (A.9(c));
//! ambiguous, meaningless and illegal sealed moves (A.8(a)-(c)) and the draw when the opponent
//! cannot checkmate (6.9, 9.6); lateness (A.10, A.10(c)); resignation and an accepted draw offer
//! before resumption (A.4, A.6); a lost envelope (A.11(a), (b)).

use actix_web::http::StatusCode;
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, Role, create_tournament};
use arbiter_tournament::arbiter::adjournment::SealKey;
use arbiter_tournament::{Game, GameResult, Player, Round, RoundState, Tournament};
use arbiter_web::Config;
use arbiter_web::config::SealKeySource;
use arbiter_web::testing::{Jar, csrf_of, form, get};
use chrono::{Duration, NaiveDateTime, Utc};

macro_rules! send {
    ($app:expr, $cookie:expr, $req:expr) => {
        arbiter_web::testing::call(&$app, $cookie.reborrow(), $req).await
    };
}

fn minutes_ago(m: i64) -> NaiveDateTime {
    Utc::now().naive_utc() - Duration::minutes(m)
}

fn local(t: NaiveDateTime) -> String {
    t.format("%Y-%m-%dT%H:%M").to_string()
}

const KEY: &str = "5ea15ea15ea15ea15ea15ea15ea15ea15ea15ea15ea15ea15ea15ea15ea15ea1";

#[actix_web::test]
async fn an_adjourned_game_from_the_envelope_to_the_result() {
    for db in TestDb::all() {
        let config = Config {
            seal_key: SealKeySource::Key(SealKey::from_hex(KEY).unwrap()),
            ..Config::default()
        };
        let app = arbiter_web::testing::service(&db.pool, &config).await;
        let t = Tournament {
            name: Some("Adjourned Open".into()),
            players: (1..=24)
                .map(|i| Player::new(i, format!("Player, {i:02}")))
                .collect(),
            rounds: vec![Round {
                number: 1,
                state: RoundState::Published,
                games: (0..12)
                    .map(|b| Game::new(2 * b + 1, 2 * b + 2, GameResult::pending()))
                    .collect(),
                ..Round::default()
            }],
            ..Tournament::default()
        };
        let (id, games) = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            arbiter_db::accounts::create_user(c, "admin@example.org", &hash, false, &sys).unwrap();
            let arb = arbiter_db::accounts::create_user(c, "arb@example.org", &hash, false, &sys)
                .unwrap();
            let id = create_tournament(c, &t, Some(60), &sys, "create").unwrap();
            arbiter_db::accounts::grant_role(c, arb.uuid().unwrap(), id, Role::Organizer, &sys)
                .unwrap();
            let games: Vec<String> = arbiter_db::round_games(c, id, 1)
                .unwrap()
                .into_iter()
                .map(|g| g.id)
                .collect();
            (id, games)
        };
        let mut b = Jar(None);
        let p = send!(app, b, get("/signin"));
        let p = send!(
            app,
            b,
            form(
                "/signin",
                &[
                    ("email", "arb@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &csrf_of(&p.body)),
                ]
            )
        );
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = send!(app, b, get("/account"));
        let csrf = csrf_of(&p.body);
        let page = |g: &str| format!("/tournaments/{id}/games/{g}/adjourn");
        let result_of = |g: &str| {
            let c = &mut db.pool.get().unwrap();
            let row = arbiter_db::game(c, uuid::Uuid::parse_str(g).unwrap())
                .unwrap()
                .unwrap();
            format!("{}:{}", row.white_code, row.black_code)
        };
        let envelope_of = |g: &str| {
            let c = &mut db.pool.get().unwrap();
            arbiter_db::arbiter::game_envelopes(c, uuid::Uuid::parse_str(g).unwrap()).unwrap()
        };

        // Seals `mv` in game `g` after `moves` (or in `fen`), resumption `at`: confirmed at once.
        macro_rules! seal {
            ($g:expr, $moves:expr, $fen:expr, $mv:expr, $at:expr, $offer:expr) => {{
                let at = local($at);
                let p = send!(
                    app,
                    b,
                    form(
                        &format!("{}/seal", page($g)),
                        &[
                            ("csrf", &csrf),
                            ("moves", $moves),
                            ("fen", $fen),
                            ("white_time", "1:10:00"),
                            ("black_time", "1:25:30"),
                            ("draw_offer", $offer),
                            ("resumption_at", &at),
                            ("place", "Hall B"),
                            ("sealed_move", $mv),
                            ("step", "confirm"),
                        ]
                    )
                );
                assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
            }};
        }
        macro_rules! post {
            ($g:expr, $action:expr, $fields:expr) => {{
                send!(
                    app,
                    b,
                    form(
                        &format!("{}/{}", page($g), $action),
                        &[&[("csrf", csrf.as_str())][..], $fields].concat()
                    )
                )
            }};
        }
        macro_rules! check_in {
            ($g:expr, $colour:expr, $at:expr) => {{
                let at = local($at);
                let p = post!($g, "check-in", &[("colour", $colour), ("at", at.as_str())]);
                assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
            }};
        }
        let envelope_id = |g: &str| envelope_of(g).last().unwrap().id.clone();

        // Game 0: Black seals after 1.e4 e5 2.Nf3, reviewing and changing his move (A.1(a)).
        let g0 = games[0].as_str();
        let mut fields = vec![
            ("csrf", csrf.as_str()),
            ("moves", "1.e4 e5 2.Sf3"),
            ("fen", ""),
            ("white_time", "1:10:00"),
            ("black_time", "1:25:30"),
            ("draw_offer", ""),
            ("place", "Hall B"),
            ("sealed_move", "Nf6"),
            ("step", "review"),
        ];
        let resume = local(minutes_ago(1));
        fields.push(("resumption_at", &resume));
        let p = send!(app, b, form(&format!("{}/seal", page(g0)), &fields));
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("Review before sealing"), "{}", p.body);
        assert!(
            p.body.contains("Black, move 2"),
            "the sealer and move number (A.2(d), (e))"
        );
        assert!(envelope_of(g0).is_empty(), "a draft is never stored");
        fields.retain(|(k, _)| *k != "step");
        fields.push(("step", "change"));
        let p = send!(app, b, form(&format!("{}/seal", page(g0)), &fields));
        assert!(
            p.body.contains("value=\"Nf6\""),
            "the draft stays in the form"
        );
        fields.retain(|(k, _)| *k != "step" && *k != "sealed_move");
        fields.push(("sealed_move", "Nc6"));
        fields.push(("step", "confirm"));
        let p = send!(app, b, form(&format!("{}/seal", page(g0)), &fields));
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(result_of(g0), "X:X", "adjourned: TRF-2026 unknown");
        let stored = envelope_of(g0);
        assert_eq!(stored.len(), 1);
        let commitment = stored[0].commitment.clone();

        // The secret: absent from every page, API answer, envelope column and audit entry.
        let mut seen = String::new();
        for uri in [
            page(g0),
            format!("/tournaments/{id}/games/{g0}"),
            format!("/tournaments/{id}/games"),
            format!("/tournaments/{id}/rounds/1"),
            format!("/tournaments/{id}/audit"),
            format!("/tournaments/{id}/export.pgn"),
            format!("/api/v1/games/{g0}"),
            format!("/api/v1/tournaments/{id}/rounds/1"),
            format!("/tournaments/{id}/export/trf2026"),
        ] {
            let p = send!(app, b, get(&uri));
            assert!(p.status.is_success(), "{uri}: {}", p.status);
            seen.push_str(&p.body);
        }
        assert!(seen.contains(&commitment), "the page shows the commitment");
        seen.push_str(&format!("{:?}", envelope_of(g0)));
        seen.push_str(&format!(
            "{:?}",
            arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap()
        ));
        assert!(!seen.contains("Nc6"), "the sealed move leaked");
        assert!(!seen.contains("Nf6"), "the changed draft leaked");
        // A.5: the page shows the position to set up before the resumption, not the move.
        let p = send!(
            app,
            b,
            get(&format!("/tournaments/{id}/games/{g0}/adjourn"))
        );
        assert_eq!(p.body.matches("<svg").count(), 1, "{}", p.body);
        assert!(
            p.body
                .contains("Position before the sealed move 2 (A.2(b), A.5)")
        );
        assert!(!p.body.contains("Position after the sealed move"));

        // A.7 / A.9(b): White, who must reply, is absent: no opening; his clock runs.
        let env0 = envelope_id(g0);
        let p = post!(g0, "open", &[("envelope", env0.as_str())]);
        assert_eq!(p.status, StatusCode::BAD_REQUEST);
        assert!(p.body.contains("A.7"), "{}", p.body);
        let p = post!(g0, "clock", &[("envelope", env0.as_str())]);
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("A.9(b): White"), "{}", p.body);
        assert!(p.body.contains("clock was started"), "{}", p.body);
        // A.9(c): White arrives, Black (the sealer) does not: opened, White seals his reply.
        check_in!(g0, "w", minutes_ago(0));
        let p = post!(g0, "open", &[("envelope", env0.as_str())]);
        assert_eq!(p.status, StatusCode::OK, "{}", p.body);
        assert!(p.body.contains("The sealed move is Nc6"), "{}", p.body);
        assert!(p.body.contains("A.9(c)"), "{}", p.body);
        assert!(
            p.body
                .contains("Position after the sealed move 2 Nc6 (A.9(a))"),
            "once opened, the move is shown made on the board"
        );
        assert!(
            p.body
                .contains("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"),
            "the reply's envelope starts from the position after the sealed move"
        );
        seal!(
            g0,
            "",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "Bb5",
            minutes_ago(-60),
            ""
        );
        let two = envelope_of(g0);
        assert_eq!(two.len(), 2);
        assert_eq!(
            (two[0].state.as_str(), two[1].state.as_str()),
            ("opened", "sealed")
        );
        assert_eq!(two[1].sealer, "w");
        assert_eq!(result_of(g0), "X:X");

        // A.8(c): an illegal sealed move loses for the sealer.
        let g1 = games[1].as_str();
        seal!(g1, "1.e4 e5", "", "e5", minutes_ago(1), "");
        check_in!(g1, "b", minutes_ago(0));
        let p = post!(g1, "open", &[("envelope", envelope_id(g1).as_str())]);
        assert!(p.body.contains("A.8(c)"), "{}", p.body);
        assert_eq!(result_of(g1), "0:1");

        // A.8(a): ambiguous (both knights reach d2).
        let g2 = games[2].as_str();
        seal!(
            g2,
            "1.d4 d5 2.Nf3 Nf6 3.e3 e6",
            "",
            "Nd2",
            minutes_ago(1),
            ""
        );
        check_in!(g2, "b", minutes_ago(0));
        let p = post!(g2, "open", &[("envelope", envelope_id(g2).as_str())]);
        assert!(p.body.contains("A.8(a)"), "{}", p.body);
        assert_eq!(result_of(g2), "0:1");

        // A.8(b): meaningless.
        let g3 = games[3].as_str();
        seal!(g3, "1.d4", "", "zz9", minutes_ago(1), "");
        check_in!(g3, "w", minutes_ago(0));
        let p = post!(g3, "open", &[("envelope", envelope_id(g3).as_str())]);
        assert!(p.body.contains("A.8(b)"), "{}", p.body);
        assert_eq!(result_of(g3), "1:0", "Black sealed: White wins");

        // A.8 with 6.9: the opponent (a bare king) cannot checkmate: drawn.
        let g4 = games[4].as_str();
        seal!(
            g4,
            "",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 60",
            "Kd3",
            minutes_ago(1),
            ""
        );
        check_in!(g4, "b", minutes_ago(0));
        let p = post!(g4, "open", &[("envelope", envelope_id(g4).as_str())]);
        assert!(p.body.contains("6.9"), "{}", p.body);
        assert_eq!(result_of(g4), "=:=");

        // A.10: White (the replier) more than the default time late: he loses.
        let g5 = games[5].as_str();
        let long_ago = minutes_ago(120);
        seal!(g5, "1.e4", "", "c5", long_ago, "");
        check_in!(g5, "b", long_ago);
        let p = post!(g5, "late", &[]);
        assert!(p.body.contains("A.10"), "{}", p.body);
        assert_eq!(result_of(g5), "0:1");

        // A.10(c): the sealer (White) is late, but Black's flag fell while waiting: White wins.
        let g6 = games[6].as_str();
        seal!(g6, "1.e4 e5", "", "Nf3", long_ago, "");
        check_in!(g6, "b", long_ago);
        let p = post!(g6, "late", &[]);
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "open first: {}", p.body);
        post!(g6, "open", &[("envelope", envelope_id(g6).as_str())]);
        let p = post!(g6, "late", &[("flag_fell", "on")]);
        assert!(p.body.contains("A.10(c)"), "{}", p.body);
        assert_eq!(result_of(g6), "1:0");

        // A.6: resignation before the resumption; A.4: the standing draw offer accepted.
        let g7 = games[7].as_str();
        seal!(g7, "1.e4", "", "e5", minutes_ago(-600), "");
        let p = post!(g7, "before", &[("event", "resign_b")]);
        assert!(p.body.contains("A.6"), "{}", p.body);
        assert_eq!(result_of(g7), "1:0");
        let g8 = games[8].as_str();
        seal!(g8, "1.e4", "", "e5", minutes_ago(-600), "w");
        let p = post!(g8, "before", &[("event", "accept")]);
        assert!(p.body.contains("A.4"), "{}", p.body);
        assert_eq!(result_of(g8), "=:=");

        // A.11: lost; first resumed from the position with the stated move, then unrecoverable.
        let g9 = games[9].as_str();
        seal!(g9, "1.e4 e5", "", "Nf3", minutes_ago(-600), "");
        let env9 = envelope_id(g9);
        let p = post!(
            g9,
            "lost",
            &[
                ("envelope", env9.as_str()),
                ("recoverable", "on"),
                ("stated_move", "Sf3")
            ]
        );
        assert!(p.body.contains("A.11(a)"), "{}", p.body);
        assert!(p.body.contains("Nf3"), "{}", p.body);
        assert_eq!(result_of(g9), "X:X");
        let p = post!(
            g9,
            "lost",
            &[("envelope", env9.as_str()), ("stated_move", "Nf3")]
        );
        assert!(p.body.contains("A.11(b)"), "{}", p.body);
        assert_eq!(result_of(g9), " : ".replace(' ', ""), "annulled: replayed");

        // A.10(a), (b): the sealer is late, but his sealed move mates or stalemates; the result
        // is decided when the replier (present) has the envelope opened (Art. 5), and A.10 has
        // nothing left to decide.
        let g10 = games[10].as_str();
        seal!(
            g10,
            "",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30",
            "Ra8",
            long_ago,
            ""
        );
        check_in!(g10, "b", long_ago);
        let p = post!(g10, "open", &[("envelope", envelope_id(g10).as_str())]);
        assert!(p.body.contains("5.1(a)"), "{}", p.body);
        assert_eq!(result_of(g10), "1:0");
        let p = post!(g10, "late", &[]);
        assert_eq!(p.status, StatusCode::BAD_REQUEST, "{}", p.body);
        let g11 = games[11].as_str();
        seal!(
            g11,
            "",
            "7k/8/6K1/8/8/8/8/5Q2 w - - 0 40",
            "Qf7",
            long_ago,
            ""
        );
        check_in!(g11, "b", long_ago);
        let p = post!(g11, "open", &[("envelope", envelope_id(g11).as_str())]);
        assert!(p.body.contains("5.2(a)"), "{}", p.body);
        assert_eq!(result_of(g11), "=:=");

        // Every decision is in the audit log with its article.
        let audit = format!(
            "{:?}",
            arbiter_db::audit_entries(&mut db.pool.get().unwrap(), id).unwrap()
        );
        for needle in [
            "A.8(c)", "A.8(a)", "A.8(b)", "A.10(c)", "A.6", "A.11(a)", "A.11(b)", "A.9(b)",
        ] {
            assert!(audit.contains(needle), "audit lacks {needle}");
        }
    }
}
