//! The database crate on real databases: SQLite always, PostgreSQL when
//! `ARBITER_TEST_POSTGRES_URL` is set; every test body runs on each, each on a database of its own.

use arbiter_db::models::GameRow;
use arbiter_db::testing::TestDb;
use arbiter_db::{
    Actor, BackendKind, DbConnection, RecordError, audit_entries, create_tournament,
    find_tournament, list_tournaments, load_tournament, record_result, round_games,
};
use arbiter_tournament::{
    Acceleration, AnnouncedBye, Bye, Colour, ForbiddenPairs, Game, GameResult, PenaltyKind, Player,
    PlayerStatus, Points, RawRecord, ResultCode, Round, RoundState, ScoringSystem, Sex, Title,
    Tournament, read_trf,
};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};

fn arbiter() -> Actor {
    Actor::system("test")
}

#[derive(QueryableByName)]
struct Pragma {
    #[diesel(sql_type = Integer)]
    foreign_keys: i32,
}

#[derive(QueryableByName)]
struct JournalMode {
    #[diesel(sql_type = Text)]
    journal_mode: String,
}

#[test]
fn sqlite_connections_have_foreign_keys_on_and_wal() {
    let db = TestDb::sqlite();
    // Several pooled connections, each configured by the customizer.
    let mut conns: Vec<_> = (0..3).map(|_| db.pool.get().unwrap()).collect();
    for conn in &mut conns {
        let DbConnection::Sqlite(c) = &mut **conn else {
            panic!("expected SQLite");
        };
        let p: Pragma = diesel::sql_query("PRAGMA foreign_keys")
            .get_result(c)
            .unwrap();
        assert_eq!(p.foreign_keys, 1);
        let j: JournalMode = diesel::sql_query("PRAGMA journal_mode")
            .get_result(c)
            .unwrap();
        assert_eq!(j.journal_mode, "wal");
    }
}

/// A small tournament using every feature the model has.
fn hand_built() -> Tournament {
    let mut t = Tournament {
        name: Some("Hand-built Open".into()),
        city: Some("Zürich".into()),
        federation: Some("SUI".into()),
        start_date: "2025-09-01".parse().ok(),
        end_date: "2025-09-03".parse().ok(),
        declared_players: Some("4".into()),
        tournament_type: Some("Individual: Swiss-System".into()),
        chief_arbiter: Some("IA Erika Muster".into()),
        deputy_arbiters: vec!["FA A".into(), "FA B".into()],
        time_control: Some("90 min + 30 s".into()),
        round_dates: Some("25/09/01  25/09/02".into()),
        rounds_planned: Some(3),
        initial_colour: Some(Colour::Black),
        pair_by_rank: true,
        scoring: ScoringSystem::from_main(
            Points::from_tenths(30),
            Points::from_tenths(10),
            Points::ZERO,
        ),
        starting_rank_method: Some("FIDON".into()),
        pairing_controller: Some("arbiter".into()),
        pairing_system: Some("FIDE_DUTCH_2025".into()),
        tiebreaks_202: Some("BH/C1,BH".into()),
        tiebreaks: Some("PTS,BH/C1,BH,SB".into()),
        tiebreak_edition: Some("2026".into()),
        encoded_time_control: Some("5400+30".into()),
        accelerations: vec![Acceleration {
            player: 1,
            points: vec![Points::ONE, Points::HALF],
        }],
        forbidden_pairs: vec![ForbiddenPairs {
            rounds: Some((1, 2)),
            players: vec![1, 4],
        }],
        announced_byes: vec![AnnouncedBye {
            code: ResultCode::HalfBye,
            round: 3,
            players: vec![2],
        }],
        other_xxc: vec!["nocolor".into()],
        other_records: vec![RawRecord {
            line: "299 a verbatim record".into(),
        }],
        ..Tournament::default()
    };
    let mut p1 = Player::new(1, "Alpha, Anna");
    p1.sex = Some(Sex::Female);
    p1.title = Some(Title::Wgm);
    p1.rating = Some(2301);
    p1.federation = Some("GER".into());
    p1.fide_id = Some(4_600_000_123);
    p1.birth_date = "1999-01-02".parse().ok();
    p1.reported_points = Some(Points::from_tenths(40));
    p1.rank = Some(1);
    let mut p2 = Player::new(2, "Beta, Bert");
    p2.sex = Some(Sex::Male);
    p2.title = Some(Title::Other("AGM".into()));
    p2.rating = Some(0);
    p2.status = PlayerStatus::Withdrawn;
    let mut p3 = Player::new(3, "Gamma, Gina");
    p3.status = PlayerStatus::LateEntry;
    let p4 = Player::new(4, "Delta, Dora");
    let p5 = Player::new(5, "Epsilon, Emil");
    t.players = vec![p1, p2, p3, p4, p5];
    let mut r1 = Round::new(1);
    r1.scheduled =
        chrono::NaiveDate::from_ymd_opt(2025, 9, 1).and_then(|d| d.and_hms_opt(14, 30, 0));
    r1.state = RoundState::Complete;
    r1.games.push(Game {
        board: Some(1),
        ..Game::new(
            1,
            2,
            GameResult::white_wins().recorded_by("arbiter@example.org"),
        )
    });
    r1.games.push(Game {
        board: Some(2),
        colours_known: false,
        ..Game::new(3, 4, GameResult::forfeit(Colour::White))
    });
    r1.byes.push(Bye {
        recorded_by: Some("chief".into()),
        ..Bye::new(5, ResultCode::Pab)
    });
    let mut r2 = Round::new(2);
    r2.state = RoundState::Published;
    r2.games.push(Game::new(
        4,
        1,
        GameResult::penalised(
            ResultCode::Loss,
            ResultCode::Draw,
            PenaltyKind::OffenderReduced,
            "mobile phone (Art. 11.3)",
        ),
    ));
    r2.games
        .push(Game::new(5, 3, GameResult::lost_by_both("Art. 12.8")));
    r2.byes.push(Bye::new(2, ResultCode::ForfeitLoss));
    let mut r3 = Round::new(3);
    r3.state = RoundState::Paired;
    r3.games.push(Game::new(1, 3, GameResult::pending()));
    r3.games.push(Game::new(4, 5, GameResult::unknown()));
    r3.byes.push(Bye::new(2, ResultCode::HalfBye));
    t.rounds = vec![r1, r2, r3];
    t
}

/// Stores `t`, loads it back and compares (player ids aside, which the database assigns).
fn round_trip(db: &TestDb, t: &Tournament) {
    let mut conn = db.pool.get().unwrap();
    let id = create_tournament(&mut conn, t, Some(30), &arbiter(), "import").unwrap();
    let stored = load_tournament(&mut conn, id).unwrap().expect("stored");
    assert_eq!(stored.id, id);
    assert_eq!(stored.default_time_minutes, Some(30));
    let mut back = stored.tournament;
    let mut ids: Vec<_> = back.players.iter().map(|p| p.id).collect();
    assert!(ids.iter().all(|i| !i.is_nil()), "{:?}", db.kind);
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), back.players.len());
    for p in &mut back.players {
        p.id = uuid::Uuid::nil();
    }
    assert_eq!(&back, t, "round trip on {:?}", db.kind);
}

#[test]
fn hand_built_tournament_round_trips() {
    let t = hand_built();
    for db in TestDb::all() {
        round_trip(&db, &t);
    }
}

#[test]
fn karl_mala_round_trips() {
    let Some(path) = arbiter_testdata::shared_file("trf/real/karl-mala-2005.trf") else {
        return;
    };
    let t = read_trf(&std::fs::read(path).unwrap()).unwrap().tournament;
    assert_eq!(t.players.len(), 284);
    for db in TestDb::all() {
        let started = std::time::Instant::now();
        round_trip(&db, &t);
        eprintln!(
            "karl-mala store + load on {:?}: {:?}",
            db.kind,
            started.elapsed()
        );
        let mut conn = db.pool.get().unwrap();
        let list = list_tournaments(&mut conn).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].players, 284);
        assert_eq!(list[0].rounds, 7);
        assert_eq!(
            find_tournament(
                &mut conn,
                "9. Karl-Mala-Gedenkturnier",
                // The file's `28. 07. 2005`, stored as a date.
                "2005-07-28".parse().ok()
            )
            .unwrap(),
            Some(list[0].id)
        );
        assert_eq!(find_tournament(&mut conn, "other", None).unwrap(), None);
    }
}

#[test]
fn a_stale_version_gets_the_current_state_and_nothing_is_lost() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let id = create_tournament(&mut conn, &hand_built(), None, &arbiter(), "import").unwrap();
        let game: GameRow = round_games(&mut conn, id, 3).unwrap().remove(0);
        let gid = uuid::Uuid::parse_str(&game.id).unwrap();
        assert_eq!(game.version, 1);

        // Two arbiters read version 1 of board 1 and both enter a result.
        let first = Actor::system("arbiter-a");
        let second = Actor::system("arbiter-b");
        let saved = record_result(
            &mut conn,
            gid,
            1,
            &GameResult::draw().recorded_by("arbiter-a"),
            &first,
        )
        .unwrap();
        assert_eq!(saved.version, 2);
        let err = record_result(&mut conn, gid, 1, &GameResult::black_wins(), &second)
            .expect_err("the second writer must get a conflict");
        let RecordError::Conflict { current } = err else {
            panic!("expected a conflict, got {err:?}");
        };
        assert_eq!(current.version, 2);
        assert_eq!(current.white_code, "=");
        assert_eq!(current.recorded_by.as_deref(), Some("arbiter-a"));

        // The second arbiter resubmits against the current version: accepted.
        let again = record_result(&mut conn, gid, 2, &GameResult::black_wins(), &second).unwrap();
        assert_eq!(again.version, 3);
        let t = load_tournament(&mut conn, id).unwrap().unwrap().tournament;
        assert_eq!(t.rounds[2].games[0].result, GameResult::black_wins());

        // The audit log holds the import and both accepted changes, with before and after.
        let log = audit_entries(&mut conn, id).unwrap();
        let actions: Vec<(&str, &str)> = log
            .iter()
            .map(|e| (e.action.as_str(), e.actor.as_str()))
            .collect();
        assert_eq!(
            actions,
            [
                ("import", "test"),
                ("result", "arbiter-a"),
                ("result", "arbiter-b")
            ]
        );
        let before: serde_json::Value =
            serde_json::from_str(log[2].before_json.as_deref().unwrap()).unwrap();
        assert_eq!(before["white_code"], "=");
        assert_eq!(before["version"], 2);
        let after: serde_json::Value =
            serde_json::from_str(log[2].after_json.as_deref().unwrap()).unwrap();
        assert_eq!(after["black_code"], "1");
        assert_eq!(after["version"], 3);

        // Bad input: an incoherent result and an unknown game.
        assert!(matches!(
            record_result(
                &mut conn,
                gid,
                3,
                &GameResult::new(ResultCode::Win, ResultCode::Pab),
                &first
            ),
            Err(RecordError::Incoherent { .. })
        ));
        assert!(matches!(
            record_result(
                &mut conn,
                uuid::Uuid::new_v4(),
                1,
                &GameResult::draw(),
                &first
            ),
            Err(RecordError::NotFound)
        ));
        assert_eq!(audit_entries(&mut conn, id).unwrap().len(), 3);
    }
}

#[test]
fn concurrent_writers_on_separate_connections_lose_nothing() {
    for db in TestDb::all() {
        let id = {
            let mut conn = db.pool.get().unwrap();
            create_tournament(&mut conn, &hand_built(), None, &arbiter(), "import").unwrap()
        };
        let gid = {
            let mut conn = db.pool.get().unwrap();
            uuid::Uuid::parse_str(&round_games(&mut conn, id, 3).unwrap()[0].id).unwrap()
        };
        let results: Vec<Result<GameRow, RecordError>> = std::thread::scope(|s| {
            let handles: Vec<_> = [GameResult::white_wins(), GameResult::black_wins()]
                .into_iter()
                .enumerate()
                .map(|(i, r)| {
                    let pool = db.pool.clone();
                    s.spawn(move || {
                        let mut conn = pool.get().unwrap();
                        record_result(&mut conn, gid, 1, &r, &Actor::system(format!("w{i}")))
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let wins = results.iter().filter(|r| r.is_ok()).count();
        let conflicts = results
            .iter()
            .filter(|r| matches!(r, Err(RecordError::Conflict { .. })))
            .count();
        assert_eq!((wins, conflicts), (1, 1), "{:?}: {results:?}", db.kind);
        let mut conn = db.pool.get().unwrap();
        let stored = round_games(&mut conn, id, 3).unwrap().remove(0);
        let winner = results.iter().find_map(|r| r.as_ref().ok()).unwrap();
        assert_eq!(&stored, winner);
        assert_eq!(audit_entries(&mut conn, id).unwrap().len(), 2);
    }
}

#[test]
fn a_failing_import_leaves_nothing_behind() {
    for db in TestDb::all() {
        let mut t = hand_built();
        // The last game names a player who is not registered: the insert of games fails.
        t.rounds[2].games.push(Game::new(1, 99, GameResult::draw()));
        let mut conn = db.pool.get().unwrap();
        let err = create_tournament(&mut conn, &t, None, &arbiter(), "import");
        assert!(err.is_err(), "{:?}", db.kind);
        assert!(list_tournaments(&mut conn).unwrap().is_empty());
        use arbiter_db::schema::{audit_log, byes, games, players, rounds};
        let counts: [i64; 5] = [
            players::table.count().get_result(&mut conn).unwrap(),
            rounds::table.count().get_result(&mut conn).unwrap(),
            games::table.count().get_result(&mut conn).unwrap(),
            byes::table.count().get_result(&mut conn).unwrap(),
            audit_log::table.count().get_result(&mut conn).unwrap(),
        ];
        assert_eq!(counts, [0; 5], "{:?}", db.kind);
        // Two players with one pairing number fail the same way.
        let mut t = hand_built();
        t.players.push(Player::new(1, "Duplicate"));
        assert!(create_tournament(&mut conn, &t, None, &arbiter(), "import").is_err());
        assert!(list_tournaments(&mut conn).unwrap().is_empty());
    }
}

#[test]
fn the_audit_log_is_append_only() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        create_tournament(&mut conn, &hand_built(), None, &arbiter(), "import").unwrap();
        use arbiter_db::schema::audit_log;
        let upd = diesel::update(audit_log::table)
            .set(audit_log::actor.eq("someone else"))
            .execute(&mut conn);
        assert!(upd.is_err(), "{:?}: update allowed", db.kind);
        let del = diesel::delete(audit_log::table).execute(&mut conn);
        assert!(del.is_err(), "{:?}: delete allowed", db.kind);
        let n: i64 = audit_log::table.count().get_result(&mut conn).unwrap();
        assert_eq!(n, 1);
        if db.kind == BackendKind::Postgres {
            assert!(db.pg_schema.is_some());
        }
    }
}
