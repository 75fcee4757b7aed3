//! FIDE rating lists stored: import (one transaction, streamed, merged by month), look-up by FIDE
//! id and by folded name, and an event's players refreshed before round 1, on SQLite and, when
//! `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL. The fixtures are `fixtures/ratings/` (its
//! README says how they were made); the counts below are read off those files: the standard
//! list has 180 lines, the rapid 121 (2 of them players unrated in standard: Schmidt, Lena and
//! Weber, Paul), the blitz 142 (none new), 182 players in all.

use std::fs::File;
use std::io::BufReader;

use arbiter_db::rating_list::{
    FieldChange, ImportError, RefreshError, import_rating_list, listed_player, preview_refresh,
    rating_lists, refresh_players, search_rating_list,
};
use arbiter_db::testing::TestDb;
use arbiter_db::{Actor, DbConnection, audit_entries, create_tournament, load_tournament};
use arbiter_tournament::rating_list::{
    ListField, ListHint, ListKind, ListPlace, ListedRating, RatingListError, RatingListKind,
};
use arbiter_tournament::{Sex, Title, read_trf};
use chrono::NaiveDate;

fn fixture(name: &str) -> String {
    format!(
        "{}/../../fixtures/ratings/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn import(
    conn: &mut DbConnection,
    name: &str,
) -> Result<arbiter_db::rating_list::ImportSummary, ImportError> {
    let path = fixture(name);
    let file = File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    import_rating_list(
        conn,
        BufReader::new(file),
        &ListHint {
            file_name: Some(&path),
            ..ListHint::default()
        },
    )
}

fn nov25() -> NaiveDate {
    NaiveDate::from_ymd_opt(2025, 11, 1).unwrap()
}

fn rated(rating: u16, games: u16, k: u8) -> ListedRating {
    ListedRating {
        rating,
        games,
        k: Some(k),
    }
}

#[test]
fn the_three_lists_of_a_month_fill_one_snapshot_as_the_combined_xml_does() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let s = import(&mut conn, "standard_nov25frl.txt").unwrap();
        assert_eq!(
            (s.date, s.kind, s.read, s.inserted, s.updated),
            (nov25(), ListKind::Standard, 180, 180, 0)
        );
        let r = import(&mut conn, "rapid_nov25frl.txt").unwrap();
        assert_eq!((r.read, r.inserted, r.updated), (121, 2, 119));
        let b = import(&mut conn, "blitz_nov25frl.txt").unwrap();
        assert_eq!((b.read, b.inserted, b.updated), (142, 0, 142));
        let lists = rating_lists(&mut conn).unwrap();
        assert_eq!(lists.len(), 1);
        assert_eq!(lists[0].date, nov25());
        assert!(lists[0].combined());
        assert_eq!(lists[0].players, 182);
        // A second import of a list the month holds is refused.
        match import(&mut conn, "rapid_nov25frl.txt") {
            Err(ImportError::AlreadyImported { date, kind }) => {
                assert_eq!((date, kind), (nov25(), RatingListKind::Rapid));
            }
            other => panic!("{other:?}"),
        }
        // Vasquez, Rodrigo, read off the combined TXT line: standard 2558 4 10, rapid 2506 8 20,
        // blitz 2551 9 20, born 1969, GM, CHI.
        let v = listed_player(&mut conn, 3_400_042, None).unwrap().unwrap();
        assert_eq!(v.list_date, nov25());
        let p = &v.player;
        assert_eq!(
            (p.name.as_str(), p.federation.as_str()),
            ("Vasquez, Rodrigo", "CHI")
        );
        assert_eq!(
            (p.title.clone(), p.sex, p.birth_year),
            (Some(Title::Gm), Some(Sex::Male), Some(1969))
        );
        assert_eq!(
            (p.standard, p.rapid, p.blitz),
            (
                Some(rated(2558, 4, 10)),
                Some(rated(2506, 8, 20)),
                Some(rated(2551, 9, 20))
            )
        );
        // Schmidt, Lena: not in the standard list, so the rapid file inserted her.
        let l = listed_player(&mut conn, 99_000_029, Some(nov25()))
            .unwrap()
            .unwrap()
            .player;
        assert_eq!(
            (l.standard, l.rapid, l.blitz),
            (None, Some(rated(1430, 7, 40)), Some(rated(1415, 11, 20)))
        );
        assert!(l.flags.woman);
        assert_eq!(listed_player(&mut conn, 1, None).unwrap(), None);
        assert_eq!(
            listed_player(&mut conn, 3_400_042, NaiveDate::from_ymd_opt(2025, 10, 1)).unwrap(),
            None
        );

        // The combined XML in a database of its own gives every player the same.
        let other = TestDb::sqlite();
        let mut xml_conn = other.pool.get().unwrap();
        let path = fixture("players_list_xml_foa.xml");
        let x = import_rating_list(
            &mut xml_conn,
            BufReader::new(File::open(&path).unwrap()),
            &ListHint {
                file_name: Some(&path),
                date: Some(nov25()),
                kind: None,
            },
        )
        .unwrap();
        assert_eq!((x.kind, x.read, x.inserted), (ListKind::Combined, 182, 182));
        for id in [
            3_400_042_u64,
            14_101_068,
            99_000_001,
            99_000_021,
            99_000_023,
            99_000_027,
            99_000_030,
        ] {
            let a = listed_player(&mut conn, id, None).unwrap().unwrap();
            let b = listed_player(&mut xml_conn, id, None).unwrap().unwrap();
            assert_eq!(a, b, "{id}");
        }
    }
}

#[test]
fn search_folds_case_accents_and_punctuation_and_matches_prefixes() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        // The combined TXT's name and header give no month: the caller must.
        let e = import(&mut conn, "players_list_foa.txt").unwrap_err();
        assert!(matches!(e, ImportError::NoDate), "{e:?}");
        let path = fixture("players_list_foa.txt");
        import_rating_list(
            &mut conn,
            BufReader::new(File::open(&path).unwrap()),
            &ListHint {
                file_name: Some(&path),
                date: Some(nov25()),
                kind: None,
            },
        )
        .unwrap();
        let names = |conn: &mut DbConnection, q: &str, limit: u32| -> Vec<String> {
            search_rating_list(conn, q, None, limit)
                .unwrap()
                .into_iter()
                .map(|p| p.player.name)
                .collect()
        };
        // Two Rezaeis in the fixture; folded `rezaei ali` sorts before `rezaei amir hossein`.
        assert_eq!(
            names(&mut conn, "rezaei", 10),
            ["Rezaei, Ali", "Rezaei, Amir Hossein"]
        );
        assert_eq!(
            names(&mut conn, "REZAEI,  am", 10),
            ["Rezaei, Amir Hossein"]
        );
        assert_eq!(names(&mut conn, "rezaei", 1), ["Rezaei, Ali"]);
        // Accents fold: the list's `Müller, Jörg` (Latin-1 in the file) from `muller j`.
        assert_eq!(names(&mut conn, "muller j", 10), ["Müller, Jörg"]);
        assert_eq!(names(&mut conn, "Søndergaard", 10), ["Søndergaard, Åse"]);
        // `Al-Hashimi` folds to `al hashimi`.
        assert_eq!(names(&mut conn, "al hashimi", 10), ["Al-Hashimi, Mariam"]);
        // A prefix, not a word anywhere.
        assert!(names(&mut conn, "mariam", 10).is_empty());
        assert!(names(&mut conn, " ,; ", 10).is_empty());
    }
}

#[test]
fn a_malformed_row_refuses_the_whole_file() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        // 1,500 good lines (more than one batch of 1,000 is written before the bad one) and a
        // bad K on line 1,502 (line 1 is the header).
        let header = arbiter_tournament::rating_list::txt_header(ListKind::Standard, Some(nov25()));
        let mut text = header + "\n";
        for i in 0..1500 {
            text.push_str(&format!(
                "{:<15}{:<61}GER M                                1800  1   20 1990\n",
                10_000_000 + i,
                format!("Player, Number {i}")
            ));
        }
        text.push_str(&format!(
            "{:<15}{:<61}GER M                                1800  1   2x 1990\n",
            1, "Bad, K"
        ));
        let e = import_rating_list(
            &mut conn,
            text.as_bytes(),
            &ListHint {
                kind: Some(ListKind::Standard),
                ..ListHint::default()
            },
        )
        .unwrap_err();
        match e {
            ImportError::List(RatingListError::Field {
                place,
                field,
                value,
            }) => {
                assert_eq!(place, ListPlace::Line(1502));
                assert_eq!(field, ListField::K(RatingListKind::Standard));
                assert_eq!(value, "2x");
            }
            other => panic!("{other:?}"),
        }
        assert!(rating_lists(&mut conn).unwrap().is_empty());
        assert_eq!(
            listed_player(&mut conn, 10_000_000, Some(nov25())).unwrap(),
            None
        );
        // A FIDE id twice.
        let mut dup =
            arbiter_tournament::rating_list::txt_header(ListKind::Standard, Some(nov25())) + "\n";
        for _ in 0..2 {
            dup.push_str(&format!(
                "{:<15}{:<61}GER M                                1800\n",
                7, "Twice, A"
            ));
        }
        let e = import_rating_list(
            &mut conn,
            dup.as_bytes(),
            &ListHint {
                kind: Some(ListKind::Standard),
                ..ListHint::default()
            },
        )
        .unwrap_err();
        assert!(matches!(e, ImportError::Duplicate { fide_id: 7 }), "{e:?}");
        // No month anywhere.
        let e =
            import_rating_list(&mut conn, XML_ONE.as_bytes(), &ListHint::default()).unwrap_err();
        assert!(matches!(e, ImportError::NoDate), "{e:?}");
        assert!(rating_lists(&mut conn).unwrap().is_empty());
    }
}

const XML_ONE: &str =
    "<playerslist><player><fideid>5</fideid><country>FID</country></player></playerslist>";

/// Karl-Mala 2005's players, registered without the rounds played.
fn karl_mala_before_round_1(conn: &mut DbConnection, keep_rounds: bool) -> uuid::Uuid {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    );
    let mut t = read_trf(&std::fs::read(path).unwrap()).unwrap().tournament;
    if !keep_rounds {
        t.rounds.clear();
    }
    // Player 1 registered at 2500 (the list says 2558); player 2's FIDE id mistyped.
    t.players[0].rating = Some(2500);
    t.players[1].fide_id = Some(99_999_999);
    create_tournament(conn, &t, None, &Actor::system("test"), "import").unwrap()
}

#[test]
fn refresh_updates_players_before_round_1_with_an_audit_entry_each() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let id = karl_mala_before_round_1(&mut conn, false);
        let actor = Actor::system("test");
        // No list stored yet.
        let e = refresh_players(&mut conn, id, RatingListKind::Standard, None, &actor).unwrap_err();
        assert!(matches!(e, RefreshError::NoRatingList(None)), "{e:?}");
        import(&mut conn, "standard_nov25frl.txt").unwrap();
        let e = refresh_players(&mut conn, id, RatingListKind::Blitz, None, &actor).unwrap_err();
        assert!(
            matches!(
                e,
                RefreshError::ListMissing {
                    kind: RatingListKind::Blitz,
                    ..
                }
            ),
            "{e:?}"
        );

        // The preview tells what the refresh then does, and changes nothing.
        let preview = preview_refresh(&mut conn, id, RatingListKind::Standard, None).unwrap();
        let untouched = load_tournament(&mut conn, id).unwrap().unwrap().tournament;
        assert_eq!(untouched.players[0].rating, Some(2500));
        let report =
            refresh_players(&mut conn, id, RatingListKind::Standard, None, &actor).unwrap();
        assert_eq!(preview, report);
        assert_eq!(report.list_date, nov25());
        // 146 players have FIDE ids; player 2's is not in the list; the 145 others all change
        // (none had a K-factor or a sex registered: the TRF carries neither).
        assert_eq!(report.not_listed.len(), 1);
        assert_eq!(
            (
                report.not_listed[0].pairing_number,
                report.not_listed[0].fide_id
            ),
            (2, 99_999_999)
        );
        assert_eq!((report.changed.len(), report.unchanged), (145, 0));
        // Player 1, Vasquez: 2500 -> 2558; GM, CHI and 1969 as registered; K 10 (rated 2400 or
        // more) and sex M from the list.
        let v = &report.changed[0];
        assert_eq!((v.pairing_number, v.fide_id), (1, 3_400_042));
        assert_eq!(
            v.changes,
            [
                FieldChange::Rating {
                    before: Some(2500),
                    after: Some(2558)
                },
                FieldChange::KFactor {
                    before: None,
                    after: Some(10)
                },
                FieldChange::Sex {
                    before: None,
                    after: Sex::Male
                },
            ]
        );
        // Player 3, Grabarczyk (1101463): no federation in the TRF, POL in the list.
        let g = report
            .changed
            .iter()
            .find(|c| c.pairing_number == 3)
            .unwrap();
        assert!(g.changes.contains(&FieldChange::Federation {
            before: None,
            after: "POL".into()
        }));
        let stored = load_tournament(&mut conn, id).unwrap().unwrap().tournament;
        let p1 = &stored.players[0];
        assert_eq!(
            (p1.rating, p1.k_factor, p1.sex),
            (Some(2558), Some(10), Some(Sex::Male))
        );
        assert_eq!(stored.players[2].federation.as_deref(), Some("POL"));
        // One audit entry per changed player.
        let audits = audit_entries(&mut conn, id).unwrap();
        let refreshes: Vec<_> = audits
            .iter()
            .filter(|a| a.action == "rating-list-refresh")
            .collect();
        assert_eq!(refreshes.len(), 145);
        assert_eq!(refreshes[0].entity_id.as_deref(), Some("1"));
        assert!(
            refreshes[0]
                .before_json
                .as_deref()
                .unwrap()
                .contains("2500")
        );
        assert!(refreshes[0].after_json.as_deref().unwrap().contains("2558"));
        // Again: nothing left to change, nothing audited.
        let again = refresh_players(&mut conn, id, RatingListKind::Standard, None, &actor).unwrap();
        assert_eq!((again.changed.len(), again.unchanged), (0, 145));
        assert_eq!(audit_entries(&mut conn, id).unwrap().len(), audits.len());
    }
}

#[test]
fn refresh_is_refused_once_round_1_is_paired() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let id = karl_mala_before_round_1(&mut conn, true);
        import(&mut conn, "standard_nov25frl.txt").unwrap();
        let e = refresh_players(
            &mut conn,
            id,
            RatingListKind::Standard,
            None,
            &Actor::system("test"),
        )
        .unwrap_err();
        assert!(matches!(e, RefreshError::RoundPaired), "{e:?}");
        // Nothing changed.
        let t = load_tournament(&mut conn, id).unwrap().unwrap().tournament;
        assert_eq!(
            (t.players[0].rating, t.players[0].k_factor),
            (Some(2500), None)
        );
    }
}
