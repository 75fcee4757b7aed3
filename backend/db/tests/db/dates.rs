//! Dates in the database (issue #19): stored as ISO 8601 text with reduced precision; rows
//! written before keep the file's text until the `iso_dates` migration rewrites what SQL can,
//! and whatever text is left loads as a date when it is one, as none when it is not, never as a
//! failed load.

use arbiter_db::testing::TestDb;
use arbiter_db::{
    Actor, BackendKind, DbConnection, create_tournament, list_tournaments, load_tournament,
};
use arbiter_tournament::{PartialDate, Player, Tournament};
use diesel::RunQueryDsl;
use diesel::connection::SimpleConnection;

const SQLITE_UP: &str =
    include_str!("../../../../migrations/sqlite/2026-11-28-000001_iso_dates/up.sql");
const POSTGRES_UP: &str =
    include_str!("../../../../migrations/postgres/2026-11-28-000001_iso_dates/up.sql");

/// A date as the model's optional fields hold it.
#[expect(
    clippy::unnecessary_wraps,
    reason = "every field and argument it fills is an Option"
)]
fn date(iso: &str) -> Option<PartialDate> {
    Some(iso.parse().unwrap())
}

fn event() -> Tournament {
    let mut t = Tournament {
        name: Some("Dates Open".into()),
        start_date: date("2005-07"),
        end_date: date("2005-07-31"),
        ..Tournament::default()
    };
    for (pn, born) in [
        (1, "1985"),
        (2, "1985-07-28"),
        (3, "1985-07"),
        (4, "1985"),
        (5, "1985"),
        (6, "1985"),
    ] {
        let mut p = Player::new(pn, format!("Player, No{pn}"));
        p.birth_date = date(born);
        t.players.push(p);
    }
    t
}

/// Sets a column of every row (or one player's) to legacy text, as an earlier version stored it.
fn set(conn: &mut DbConnection, sql: &str) {
    conn.batch_execute(sql).unwrap();
}

#[test]
fn dates_are_stored_as_iso_text_and_read_back() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let id =
            create_tournament(&mut conn, &event(), None, &Actor::system("test"), "import").unwrap();
        let back = load_tournament(&mut conn, id).unwrap().unwrap().tournament;
        assert_eq!(back.start_date, date("2005-07"), "{:?}", db.kind);
        assert_eq!(back.players[0].birth_date, date("1985"));
        assert_eq!(back.players[2].birth_date, date("1985-07"));
        let listed = list_tournaments(&mut conn).unwrap();
        assert_eq!(listed[0].start_date, date("2005-07"));
        // The list's filter by start date compares the ISO text.
        assert_eq!(
            arbiter_db::find_tournament(&mut conn, "Dates Open", date("2005-07")).unwrap(),
            Some(id)
        );
        assert_eq!(
            arbiter_db::find_tournament(&mut conn, "Dates Open", date("2005-07-01")).unwrap(),
            None
        );
    }
}

#[test]
fn legacy_text_loads_and_the_migration_normalises_it() {
    for db in TestDb::all() {
        let mut conn = db.pool.get().unwrap();
        let id =
            create_tournament(&mut conn, &event(), None, &Actor::system("test"), "import").unwrap();
        // Text as earlier versions stored it: the file's own layouts, and text that is no date.
        set(
            &mut conn,
            "UPDATE tournaments SET start_date = '28. 07. 2005', end_date = 'May 31, 2005';
             UPDATE players SET birth_date = '1985/00/00' WHERE pairing_number = 1;
             UPDATE players SET birth_date = '1985.07.28' WHERE pairing_number = 2;
             UPDATE players SET birth_date = '2005.07.??' WHERE pairing_number = 3;
             UPDATE players SET birth_date = 'young' WHERE pairing_number = 4;
             UPDATE players SET birth_date = '0000/00/00' WHERE pairing_number = 5;
             UPDATE players SET birth_date = '28/07/1985' WHERE pairing_number = 6;",
        );
        let loaded = |conn: &mut DbConnection| {
            let t = load_tournament(conn, id)
                .unwrap()
                .expect("a legacy row loads")
                .tournament;
            let births: Vec<Option<String>> = t
                .players
                .iter()
                .map(|p| p.birth_date.map(|d| d.to_string()))
                .collect();
            (t.start_date, t.end_date, births)
        };
        let want = (
            date("2005-07-28"),
            date("2005-05-31"),
            vec![
                Some("1985".to_owned()),
                Some("1985-07-28".to_owned()),
                Some("2005-07".to_owned()),
                None,
                None,
                Some("1985-07-28".to_owned()),
            ],
        );
        // Before the migration: read in any layout files use; `young` loads as none.
        assert_eq!(loaded(&mut conn), want, "{:?}", db.kind);
        // The migration rewrites what SQL can into ISO text (run again: it is idempotent).
        set(
            &mut conn,
            if db.kind == BackendKind::Sqlite {
                SQLITE_UP
            } else {
                POSTGRES_UP
            },
        );
        assert_eq!(loaded(&mut conn), want, "{:?}", db.kind);
        #[derive(diesel::QueryableByName)]
        struct Born {
            #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
            birth_date: Option<String>,
        }
        let query = diesel::sql_query("SELECT birth_date FROM players ORDER BY pairing_number");
        let born = match &mut *conn {
            DbConnection::Sqlite(c) => query.load::<Born>(c),
            DbConnection::Pg(c) => query.load::<Born>(c),
        };
        let stored: Vec<Option<String>> = born.unwrap().into_iter().map(|b| b.birth_date).collect();
        let stored: Vec<Option<&str>> = stored.iter().map(Option::as_deref).collect();
        assert_eq!(
            stored,
            [
                Some("1985"),
                Some("1985-07-28"),
                Some("2005-07"),
                Some("young"),
                None,
                Some("1985-07-28")
            ],
            "{:?}",
            db.kind
        );
    }
}
