//! The organizer's prize list: stored as JSON text (the web crate reads and checks it as an
//! `arbiter_tournament::prizes::PrizeList`; this crate keeps no opinion of its shape), replaced
//! whole, audited with the list before and after, and guarded against a stale form like every
//! other organizer change.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use uuid::Uuid;

use super::{ChangeError, touch};
use crate::audit::{Actor, append_audit};
use crate::connection::DbConnection;
use crate::schema::tournament_prizes;

/// The tournament's prize list as stored (JSON text), `None` when the organizer set none.
///
/// # Errors
/// The database's error.
pub fn prize_list(conn: &mut DbConnection, tournament: Uuid) -> QueryResult<Option<String>> {
    tournament_prizes::table
        .find(tournament.to_string())
        .select(tournament_prizes::prizes)
        .first(conn)
        .optional()
}

/// Replaces the tournament's prize list with `prizes` (JSON text checked by the caller; `None`
/// removes it), in one transaction with an audit entry (`prizes`, `edit`) holding the list before
/// and after.
///
/// # Errors
/// [`ChangeError::NotFound`] for an unknown tournament, [`ChangeError::Stale`] when `expected`
/// is given and the tournament changed since, or the database's error.
pub fn set_prize_list(
    conn: &mut DbConnection,
    tournament: Uuid,
    prizes: Option<&str>,
    expected: Option<NaiveDateTime>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    conn.transaction(|conn| {
        let before = prize_list(conn, tournament)?;
        touch(conn, tournament, expected)?;
        let tid = tournament.to_string();
        diesel::delete(tournament_prizes::table.find(&tid)).execute(conn)?;
        if let Some(prizes) = prizes {
            diesel::insert_into(tournament_prizes::table)
                .values((
                    tournament_prizes::tournament_id.eq(&tid),
                    tournament_prizes::prizes.eq(prizes),
                ))
                .execute(conn)?;
        }
        let as_json = |s: Option<&str>| {
            s.map(|s| serde_json::from_str::<serde_json::Value>(s).unwrap_or_else(|_| s.into()))
        };
        append_audit(
            conn,
            actor,
            Some(tournament),
            "prizes",
            Some(&tid),
            "edit",
            as_json(before.as_deref()).as_ref(),
            as_json(prizes).as_ref(),
        )?;
        Ok(())
    })
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use super::*;
    use crate::queries::create_tournament;
    use crate::testing::TestDb;
    use arbiter_tournament::Tournament;

    #[test]
    fn a_prize_list_is_stored_replaced_removed_and_audited() {
        for db in TestDb::all() {
            let c = &mut db.pool.get().unwrap();
            let t = Tournament {
                name: Some("Prizes".into()),
                ..Tournament::default()
            };
            let id = create_tournament(c, &t, None, &Actor::system("t"), "create").unwrap();
            assert_eq!(prize_list(c, id).unwrap(), None);
            set_prize_list(c, id, Some(r#"{"a":1}"#), None, &Actor::system("t")).unwrap();
            assert_eq!(prize_list(c, id).unwrap().as_deref(), Some(r#"{"a":1}"#));
            set_prize_list(c, id, Some(r#"{"a":2}"#), None, &Actor::system("t")).unwrap();
            assert_eq!(prize_list(c, id).unwrap().as_deref(), Some(r#"{"a":2}"#));
            let stale = chrono::NaiveDate::from_ymd_opt(2000, 1, 1)
                .unwrap()
                .and_hms_opt(0, 0, 0)
                .unwrap();
            assert!(matches!(
                set_prize_list(c, id, None, Some(stale), &Actor::system("t")),
                Err(ChangeError::Stale)
            ));
            set_prize_list(c, id, None, None, &Actor::system("t")).unwrap();
            assert_eq!(prize_list(c, id).unwrap(), None);
            let audit = crate::audit::audit_entries(c, id).unwrap();
            let edits: Vec<_> = audit.iter().filter(|a| a.entity == "prizes").collect();
            assert_eq!(edits.len(), 3, "three changes, three audit entries");
        }
    }
}
