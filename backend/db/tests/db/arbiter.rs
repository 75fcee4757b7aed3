//! The arbiter's work stored (issue #6), on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set,
//! PostgreSQL: default-time forfeits applied exactly once by concurrent instances, overrides,
//! check-ins, sealed envelopes unreadable until opened with the replier present, incidents.

use std::sync::Barrier;
use std::time::Duration;

use arbiter_db::arbiter::{
    ArbiterError, Session, apply_default_time_forfeits, board_view, check_ins_for, game_envelopes,
    game_incidents, open_envelope, override_default_time, record_check_in, record_illegal_move,
    record_incident, record_incorrect_claim, store_envelope,
};
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, audit_entries, create_tournament, load_tournament, round_games};
use arbiter_tournament::arbiter::adjournment::{
    AdjournmentError, Envelope, EnvelopeInfo, Resumption, SealKey, SealRandom,
};
use arbiter_tournament::arbiter::default_time::{DefaultTimeState, Forfeit, Override};
use arbiter_tournament::arbiter::penalty::{IllegalMoveVerdict, Incident, Sanction};
use arbiter_tournament::arbiter::{LawsEdition, Position, position_after_moves};
use arbiter_tournament::{
    Colour, Game, GameResult, Player, PlayerStatus, ResultCode, Round, RoundState, Tournament,
};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use uuid::Uuid;

fn at(h: u32, m: u32, s: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 21)
        .unwrap()
        .and_hms_opt(h, m, s)
        .unwrap()
}

fn arbiter() -> Actor {
    Actor::system("IA Test")
}

/// Six players, round 1 scheduled at 15:00 with three pending games, round 2 planned.
fn event() -> Tournament {
    let mut r1 = Round::new(1);
    r1.scheduled = Some(at(15, 0, 0));
    r1.state = RoundState::Published;
    for (board, (w, b)) in [(1, 2), (3, 4), (5, 6)].into_iter().enumerate() {
        let mut g = Game::new(w, b, GameResult::pending());
        g.board = Some(u16::try_from(board + 1).unwrap());
        r1.games.push(g);
    }
    Tournament {
        name: Some("Arbiter Open".into()),
        players: (1..=6)
            .map(|n| Player::new(n, format!("Player, {n}")))
            .collect(),
        rounds: vec![r1],
        ..Tournament::default()
    }
}

fn game_ids(conn: &mut arbiter_db::DbConnection, t: Uuid) -> Vec<Uuid> {
    round_games(conn, t, 1)
        .unwrap()
        .iter()
        .map(|g| Uuid::parse_str(&g.id).unwrap())
        .collect()
}

#[test]
fn default_time_forfeits_apply_exactly_once_with_two_instances() {
    for db in TestDb::all() {
        let tid = {
            let mut conn = db.pool.get().unwrap();
            let tid =
                create_tournament(&mut conn, &event(), Some(60), &arbiter(), "import").unwrap();
            let ids = game_ids(&mut conn, tid);
            // Board 1: only White arrives; board 2: both; board 3: nobody.
            record_check_in(
                &mut conn,
                ids[0],
                Colour::White,
                Session::Start,
                at(14, 58, 0),
                &arbiter(),
            )
            .unwrap();
            record_check_in(
                &mut conn,
                ids[1],
                Colour::White,
                Session::Start,
                at(15, 0, 0),
                &arbiter(),
            )
            .unwrap();
            record_check_in(
                &mut conn,
                ids[1],
                Colour::Black,
                Session::Start,
                at(15, 59, 0),
                &arbiter(),
            )
            .unwrap();
            tid
        };
        let mut conn = db.pool.get().unwrap();
        // Not before the deadline, and not at it (Art. 6.7: "more than one hour").
        assert!(
            apply_default_time_forfeits(&mut conn, at(15, 59, 59), &arbiter())
                .unwrap()
                .is_empty()
        );
        assert!(
            apply_default_time_forfeits(&mut conn, at(16, 0, 0), &arbiter())
                .unwrap()
                .is_empty()
        );
        let view = board_view(&mut conn, tid, 1, at(15, 30, 0)).unwrap();
        assert!(matches!(
            view[0].verdict.as_ref().unwrap().state,
            DefaultTimeState::Waiting {
                white_present: true,
                black_present: false,
                remaining_seconds: 1800
            }
        ));
        drop(conn);
        // Two server instances run the job at the same instant.
        let barrier = Barrier::new(2);
        let applied: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..2)
                .map(|i| {
                    let pool = db.pool.clone();
                    let barrier = &barrier;
                    s.spawn(move || {
                        let mut conn = pool.get().unwrap();
                        barrier.wait();
                        apply_default_time_forfeits(
                            &mut conn,
                            at(16, 0, 1),
                            &Actor::system(format!("instance {i}")),
                        )
                        .unwrap()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        assert_eq!(applied.len(), 2, "{:?}: {applied:?}", db.kind);
        let mut conn = db.pool.get().unwrap();
        assert!(
            apply_default_time_forfeits(&mut conn, at(18, 0, 0), &arbiter())
                .unwrap()
                .is_empty()
        );
        let games = round_games(&mut conn, tid, 1).unwrap();
        let codes: Vec<(&str, &str)> = games
            .iter()
            .map(|g| (g.white_code.as_str(), g.black_code.as_str()))
            .collect();
        assert_eq!(
            codes,
            vec![("+", "-"), ("", ""), ("-", "-")],
            "{:?}",
            db.kind
        );
        let audits: Vec<_> = audit_entries(&mut conn, tid)
            .unwrap()
            .into_iter()
            .filter(|a| a.action == "default_time_forfeit")
            .collect();
        assert_eq!(audits.len(), 2, "{:?}", db.kind);
        let forfeits: Vec<Forfeit> = applied.iter().map(|a| a.forfeit).collect();
        assert!(forfeits.contains(&Forfeit::Black) && forfeits.contains(&Forfeit::Both));
        // The stored tournament scores the forfeit as a win (Art. 11) and as unplayed.
        let t = load_tournament(&mut conn, tid).unwrap().unwrap().tournament;
        let r = &t.rounds[0].games[0].result;
        assert_eq!(
            (r.white, r.black),
            (ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
        );
        assert!(
            r.recorded_by
                .as_deref()
                .is_some_and(|w| w.starts_with("instance"))
        );
        assert!(!t.rounds[0].games[0].result.white.is_played());
    }
}

#[test]
fn the_arbiter_can_decide_otherwise() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let tid = create_tournament(&mut conn, &event(), None, &arbiter(), "import").unwrap();
        let ids = game_ids(&mut conn, tid);
        // Before the deadline: board 1 is exempted.
        let o = Override::new("the organiser moved the start of board 1", None).unwrap();
        let d = override_default_time(&mut conn, ids[0], &o, &arbiter()).unwrap();
        assert_eq!(d.kind, "override");
        assert_eq!(d.deadline, at(16, 0, 0));
        assert!(matches!(
            override_default_time(&mut conn, ids[0], &o, &arbiter()),
            Err(ArbiterError::AlreadyDecided(_))
        ));
        let applied = apply_default_time_forfeits(&mut conn, at(16, 0, 1), &arbiter()).unwrap();
        assert_eq!(applied.len(), 2, "{:?}", db.kind);
        let view = board_view(&mut conn, tid, 1, at(16, 0, 1)).unwrap();
        assert!(matches!(
            view[0].verdict.as_ref().unwrap().state,
            DefaultTimeState::Overridden { .. }
        ));
        // After the forfeit: the arbiter takes board 2's forfeit back.
        let d = override_default_time(
            &mut conn,
            ids[1],
            &Override::new("wrong hall announced", None).unwrap(),
            &arbiter(),
        )
        .unwrap();
        assert_eq!(d.kind, "override");
        let games = round_games(&mut conn, tid, 1).unwrap();
        assert_eq!(
            (games[0].white_code.as_str(), games[1].white_code.as_str()),
            ("", "")
        );
        assert_eq!(games[2].white_code, "-");
        let actions: Vec<String> = audit_entries(&mut conn, tid)
            .unwrap()
            .into_iter()
            .map(|a| a.action)
            .collect();
        assert_eq!(
            actions
                .iter()
                .filter(|a| *a == "default_time_override")
                .count(),
            2
        );
        // Nothing applies twice.
        assert!(
            apply_default_time_forfeits(&mut conn, at(17, 0, 0), &arbiter())
                .unwrap()
                .is_empty()
        );
    }
}

#[test]
fn a_check_in_counts_once_and_moves_the_version() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let tid = create_tournament(&mut conn, &event(), None, &arbiter(), "import").unwrap();
        let ids = game_ids(&mut conn, tid);
        let before = round_games(&mut conn, tid, 1).unwrap()[0].version;
        let row = record_check_in(
            &mut conn,
            ids[0],
            Colour::Black,
            Session::Start,
            at(15, 10, 0),
            &arbiter(),
        )
        .unwrap();
        assert_eq!((row.player, row.colour.as_str()), (2, "b"));
        assert!(matches!(
            record_check_in(
                &mut conn,
                ids[0],
                Colour::Black,
                Session::Start,
                at(15, 20, 0),
                &arbiter()
            ),
            Err(ArbiterError::AlreadyCheckedIn(_))
        ));
        let after = round_games(&mut conn, tid, 1).unwrap()[0].version;
        assert_eq!(after, before + 1);
        let ins = check_ins_for(&mut conn, ids[0], Session::Start).unwrap();
        assert_eq!((ins.white, ins.black), (None, Some(at(15, 10, 0))));
        assert!(matches!(
            record_check_in(
                &mut conn,
                Uuid::new_v4(),
                Colour::White,
                Session::Start,
                at(15, 0, 0),
                &arbiter()
            ),
            Err(ArbiterError::NotFound("game"))
        ));
    }
}

fn envelope(position: &Position, text: &str, key: &SealKey) -> Envelope {
    let info = EnvelopeInfo::new(
        "Player, 1",
        "Player, 2",
        position,
        7200,
        7260,
        None,
        Resumption {
            at: at(10, 0, 0),
            place: "Hall B".into(),
        },
    )
    .unwrap();
    let mut e = Envelope::new(Uuid::new_v4(), info).unwrap();
    e.write_move(text).unwrap();
    e.seal(key, SealRandom::from_os().unwrap()).unwrap();
    e
}

/// Every stored byte of a SQLite test database (main file and WAL).
fn sqlite_bytes(db: &TestDb) -> Vec<u8> {
    let path = db.url.trim_start_matches("sqlite://");
    let mut bytes = Vec::new();
    for suffix in ["", "-wal"] {
        if let Ok(b) = std::fs::read(format!("{path}{suffix}")) {
            bytes.extend(b);
        }
    }
    bytes
}

#[test]
fn a_sealed_move_is_unreadable_until_opened_with_the_replier_present() {
    let key = SealKey::from_bytes([9; 32]);
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let tid = create_tournament(&mut conn, &event(), None, &arbiter(), "import").unwrap();
        let ids = game_ids(&mut conn, tid);
        let pos = position_after_moves(
            None,
            "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3",
        )
        .unwrap();
        let secret = "Qd7xq"; // an unusual text, easy to find if it leaked
        let e = envelope(&pos, secret, &key);
        let row = store_envelope(&mut conn, ids[0], &e, &arbiter()).unwrap();
        assert_eq!(
            (row.seq, row.state.as_str(), row.sealer.as_str()),
            (1, "sealed", "b")
        );
        assert_eq!(row.revealed_move, None);
        assert_eq!(row.salt, None);
        assert_eq!(row.commitment, e.commitment().unwrap());
        // The game is adjourned: X/X (TRF-2026 unknown).
        let g = &round_games(&mut conn, tid, 1).unwrap()[0];
        assert_eq!((g.white_code.as_str(), g.black_code.as_str()), ("X", "X"));
        // Nowhere readable: not in the row, not in the audit log, not in the database file.
        assert!(!format!("{row:?}").contains(secret));
        let audit = format!("{:?}", audit_entries(&mut conn, tid).unwrap());
        assert!(!audit.contains(secret));
        if db.kind == arbiter_db::BackendKind::Sqlite {
            let bytes = sqlite_bytes(&db);
            assert!(!bytes.is_empty());
            assert!(!bytes.windows(secret.len()).any(|w| w == secret.as_bytes()));
        }
        // A.7: White (who must reply) has not checked in for the resumption.
        match open_envelope(
            &mut conn,
            Uuid::parse_str(&row.id).unwrap(),
            &key,
            at(10, 5, 0),
            &arbiter(),
        ) {
            Err(ArbiterError::Adjournment(AdjournmentError::ReplierAbsent(Colour::White))) => {}
            other => panic!("{:?}: {other:?}", db.kind),
        }
        // Black's presence does not help; White's does.
        record_check_in(
            &mut conn,
            ids[0],
            Colour::Black,
            Session::Resumption,
            at(9, 55, 0),
            &arbiter(),
        )
        .unwrap();
        assert!(
            open_envelope(
                &mut conn,
                Uuid::parse_str(&row.id).unwrap(),
                &key,
                at(10, 5, 0),
                &arbiter()
            )
            .is_err()
        );
        record_check_in(
            &mut conn,
            ids[0],
            Colour::White,
            Session::Resumption,
            at(10, 6, 0),
            &arbiter(),
        )
        .unwrap();
        // A check-in later than `now` does not count yet.
        assert!(
            open_envelope(
                &mut conn,
                Uuid::parse_str(&row.id).unwrap(),
                &key,
                at(10, 5, 0),
                &arbiter()
            )
            .is_err()
        );
        let (opened, env) = open_envelope(
            &mut conn,
            Uuid::parse_str(&row.id).unwrap(),
            &key,
            at(10, 7, 0),
            &arbiter(),
        )
        .unwrap();
        assert_eq!(opened.state, "opened");
        assert_eq!(opened.revealed_move.as_deref(), Some(secret));
        assert_eq!(env.revealed().unwrap().move_text, secret);
        // Stored and read back, the opened envelope still checks against its commitment.
        let back = game_envelopes(&mut conn, ids[0]).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(
            back[0].to_envelope().unwrap().revealed().unwrap().move_text,
            secret
        );
        assert!(matches!(
            open_envelope(
                &mut conn,
                Uuid::parse_str(&row.id).unwrap(),
                &key,
                at(10, 8, 0),
                &arbiter()
            ),
            Err(ArbiterError::AlreadyOpened)
        ));
        let actions: Vec<String> = audit_entries(&mut conn, tid)
            .unwrap()
            .into_iter()
            .map(|a| a.action)
            .collect();
        assert!(actions.contains(&"seal".to_owned()) && actions.contains(&"open".to_owned()));

        // Tampering with the stored ciphertext is evident at opening.
        let e2 = envelope(&pos, "Na5", &key);
        let row2 = store_envelope(&mut conn, ids[1], &e2, &arbiter()).unwrap();
        let mut bad = row2.ciphertext.clone().into_bytes();
        bad[0] = if bad[0] == b'0' { b'1' } else { b'0' };
        {
            use arbiter_db::schema::envelopes;
            diesel::update(envelopes::table.find(&row2.id))
                .set(envelopes::ciphertext.eq(String::from_utf8(bad).unwrap()))
                .execute(&mut *conn)
                .unwrap();
        }
        record_check_in(
            &mut conn,
            ids[1],
            Colour::White,
            Session::Resumption,
            at(10, 0, 0),
            &arbiter(),
        )
        .unwrap();
        assert!(matches!(
            open_envelope(
                &mut conn,
                Uuid::parse_str(&row2.id).unwrap(),
                &key,
                at(10, 1, 0),
                &arbiter()
            ),
            Err(ArbiterError::Adjournment(AdjournmentError::Tampered))
        ));
        // The database refuses an opened state without the revealed move (CHECK constraint).
        {
            use arbiter_db::schema::envelopes;
            let refused = diesel::update(envelopes::table.find(&row2.id))
                .set(envelopes::state.eq("opened"))
                .execute(&mut *conn);
            assert!(refused.is_err(), "{:?}", db.kind);
        }
        // A game with a result cannot be adjourned.
        record_check_in(
            &mut conn,
            ids[2],
            Colour::White,
            Session::Start,
            at(15, 0, 0),
            &arbiter(),
        )
        .unwrap();
        apply_default_time_forfeits(&mut conn, at(16, 0, 1), &arbiter()).unwrap();
        assert!(matches!(
            store_envelope(&mut conn, ids[2], &envelope(&pos, "Na5", &key), &arbiter()),
            Err(ArbiterError::NotInProgress)
        ));
    }
}

#[test]
fn incidents_change_results_and_withdraw_players() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let mut t = event();
        t.rounds[0].games[0].result = GameResult::draw();
        let tid = create_tournament(&mut conn, &t, None, &arbiter(), "import").unwrap();
        let ids = game_ids(&mut conn, tid);
        let games = round_games(&mut conn, tid, 1).unwrap();
        // 13.4(e) on the drawn board 1.
        let inc = Incident::new(
            Colour::White,
            Sanction::PointsReduced {
                to: ResultCode::Loss,
            },
            "phone in pocket",
        )
        .unwrap();
        let (row, effect, after) = record_incident(
            &mut conn,
            ids[0],
            games[0].version,
            &inc,
            LawsEdition::Laws2001,
            &arbiter(),
        )
        .unwrap();
        assert_eq!(row.article, "13.4(e)");
        assert_eq!(row.code.as_deref(), Some("0"));
        assert!(effect.result.is_some());
        assert_eq!(
            (after.white_code.as_str(), after.black_code.as_str()),
            ("0", "=")
        );
        assert_eq!(after.penalty_kind.as_deref(), Some("offender_reduced"));
        // A stale version is refused and nothing is written.
        let inc2 = Incident::new(Colour::Black, Sanction::OpponentRaised, "x").unwrap();
        assert!(matches!(
            record_incident(
                &mut conn,
                ids[0],
                games[0].version,
                &inc2,
                LawsEdition::Laws2001,
                &arbiter()
            ),
            Err(ArbiterError::Conflict { .. })
        ));
        assert_eq!(game_incidents(&mut conn, ids[0]).unwrap().len(), 1);
        // 13.4(g): Black of board 2 expelled.
        let inc =
            Incident::new(Colour::Black, Sanction::Expulsion, "assaulted an arbiter").unwrap();
        record_incident(
            &mut conn,
            ids[1],
            games[1].version,
            &inc,
            LawsEdition::Laws2001,
            &arbiter(),
        )
        .unwrap();
        let stored = load_tournament(&mut conn, tid).unwrap().unwrap().tournament;
        assert_eq!(stored.player(4).unwrap().status, PlayerStatus::Withdrawn);
        assert_eq!(
            stored.rounds[0].games[0]
                .result
                .penalty
                .as_ref()
                .unwrap()
                .reason,
            "Art. 13.4(e): phone in pocket"
        );
        // 7.4: board 3, White's illegal moves; the third loses (2001 Laws).
        let pos = Position::new();
        let mut version = games[2].version;
        for n in 1..=3u8 {
            let (row, verdict, after) = record_illegal_move(
                &mut conn,
                ids[2],
                version,
                Colour::White,
                LawsEdition::Laws2001,
                &pos,
                "moved into check",
                &arbiter(),
            )
            .unwrap();
            version = after.version;
            match (n, verdict) {
                (1 | 2, IllegalMoveVerdict::ExtraTime { count, .. }) => {
                    assert_eq!(count, n);
                    assert_eq!(row.seconds, Some(120));
                }
                (3, IllegalMoveVerdict::GameEnds { result, .. }) => {
                    assert_eq!(result, GameResult::black_wins());
                    assert_eq!(
                        (after.white_code.as_str(), after.black_code.as_str()),
                        ("0", "1")
                    );
                }
                other => panic!("{other:?}"),
            }
        }
        // 9.5(b): an incorrect claim by Black with 5 minutes; White has 1.
        let (row, (w, b)) = record_incorrect_claim(
            &mut conn,
            ids[2],
            Colour::Black,
            LawsEdition::Laws2001,
            Duration::from_secs(60),
            Duration::from_secs(300),
            "not a repetition",
            &arbiter(),
        )
        .unwrap();
        assert_eq!((w, b), (Duration::from_secs(240), Duration::from_secs(150)));
        assert_eq!(row.article, "9.5(b)");
        assert_eq!(game_incidents(&mut conn, ids[2]).unwrap().len(), 4);
        let audits = audit_entries(&mut conn, tid).unwrap();
        assert_eq!(
            audits.iter().filter(|a| a.action == "illegal_move").count(),
            3
        );
    }
}

#[test]
fn rounds_not_being_played_are_never_forfeited() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        // Paired but not published (as a TRF import with a pending round and a date at midnight).
        let mut t = event();
        t.rounds[0].state = RoundState::Paired;
        let tid = create_tournament(&mut conn, &t, Some(0), &arbiter(), "import").unwrap();
        assert!(
            apply_default_time_forfeits(&mut conn, at(23, 0, 0), &arbiter())
                .unwrap()
                .is_empty()
        );
        let games = round_games(&mut conn, tid, 1).unwrap();
        assert!(games.iter().all(|g| g.white_code.is_empty()));
        // Published with a default time of zero: any lateness loses (later Laws, Art. 6.7).
        let mut t = event();
        t.name = Some("Zero default".into());
        let tid = create_tournament(&mut conn, &t, Some(0), &arbiter(), "import").unwrap();
        let ids = game_ids(&mut conn, tid);
        for (n, id) in ids.iter().enumerate() {
            for c in [Colour::White, Colour::Black] {
                // Board 1's Black arrives one second after the start.
                let late = n == 0 && c == Colour::Black;
                let when = if late { at(15, 0, 1) } else { at(15, 0, 0) };
                record_check_in(&mut conn, *id, c, Session::Start, when, &arbiter()).unwrap();
            }
        }
        assert!(
            apply_default_time_forfeits(&mut conn, at(15, 0, 0), &arbiter())
                .unwrap()
                .is_empty()
        );
        let applied = apply_default_time_forfeits(&mut conn, at(15, 0, 1), &arbiter()).unwrap();
        assert_eq!(applied.len(), 1, "{:?}", db.kind);
        assert_eq!(applied[0].forfeit, Forfeit::Black);
        assert_eq!(applied[0].game.id, ids[0].to_string());
    }
}
