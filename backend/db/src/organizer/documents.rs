//! The organizer's documents for a tournament: the prize list and the event's conditions for
//! title norms, each stored as JSON text under its [`Document`] kind (the web crate reads and
//! checks them as `arbiter_tournament::prizes::PrizeList` and `arbiter_tournament::norms::NormRules`;
//! this crate keeps no opinion of their shape), replaced whole, audited with the document before
//! and after, and guarded against a stale form like every other organizer change.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use uuid::Uuid;

use super::{ChangeError, touch};
use crate::audit::{Actor, append_audit};
use crate::connection::DbConnection;
use crate::schema::tournament_documents;

/// A kind of organizer's document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Document {
    /// The prize list (`arbiter_tournament::prizes::PrizeList`).
    Prizes,
    /// The event's conditions for title norms (FIDE B.01 1.4.1b, 1.4.2a, 1.4.3a-c:
    /// `arbiter_tournament::norms::NormRules`).
    NormRules,
    /// The record of leaving FIDE mode, for good ([`crate::FideModeExit`]; written only by
    /// [`crate::leave_fide_mode`]).
    FideModeExit,
}

impl Document {
    /// The kind as stored, and as the audit log's entity: `prizes`, `norm_rules`.
    #[must_use]
    pub const fn kind(self) -> &'static str {
        match self {
            Document::Prizes => "prizes",
            Document::NormRules => "norm_rules",
            Document::FideModeExit => "fide_mode_exit",
        }
    }
}

/// The tournament's document of kind `which` as stored (JSON text), `None` when none is set.
///
/// # Errors
/// The database's error.
pub fn document(
    conn: &mut DbConnection,
    tournament: Uuid,
    which: Document,
) -> QueryResult<Option<String>> {
    tournament_documents::table
        .find((tournament.to_string(), which.kind()))
        .select(tournament_documents::body)
        .first(conn)
        .optional()
}

/// Replaces the tournament's document of kind `which` with `body` (JSON text checked by the
/// caller; `None` removes it), in one transaction with an audit entry (entity the kind, action
/// `edit`) holding the document before and after.
///
/// # Errors
/// [`ChangeError::NotFound`] for an unknown tournament, [`ChangeError::Stale`] when `expected`
/// is given and the tournament changed since, or the database's error.
pub fn set_document(
    conn: &mut DbConnection,
    tournament: Uuid,
    which: Document,
    body: Option<&str>,
    expected: Option<NaiveDateTime>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        let before = document(conn, tournament, which)?;
        touch(conn, tournament, expected)?;
        let tid = tournament.to_string();
        diesel::delete(tournament_documents::table.find((&tid, which.kind()))).execute(conn)?;
        if let Some(body) = body {
            diesel::insert_into(tournament_documents::table)
                .values((
                    tournament_documents::tournament_id.eq(&tid),
                    tournament_documents::kind.eq(which.kind()),
                    tournament_documents::body.eq(body),
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
            which.kind(),
            Some(&tid),
            "edit",
            as_json(before.as_deref()).as_ref(),
            as_json(body).as_ref(),
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
    fn documents_are_stored_replaced_removed_and_audited_by_kind() {
        for db in TestDb::all() {
            let c = &mut db.pool.get().unwrap();
            let t = Tournament {
                name: Some("Prizes".into()),
                ..Tournament::default()
            };
            let sys = Actor::system("t");
            let id = create_tournament(c, &t, None, &sys, "create").unwrap();
            assert_eq!(document(c, id, Document::Prizes).unwrap(), None);
            set_document(c, id, Document::Prizes, Some(r#"{"a":1}"#), None, &sys).unwrap();
            set_document(c, id, Document::NormRules, Some(r#"{"n":9}"#), None, &sys).unwrap();
            assert_eq!(
                document(c, id, Document::Prizes).unwrap().as_deref(),
                Some(r#"{"a":1}"#)
            );
            set_document(c, id, Document::Prizes, Some(r#"{"a":2}"#), None, &sys).unwrap();
            assert_eq!(
                document(c, id, Document::Prizes).unwrap().as_deref(),
                Some(r#"{"a":2}"#)
            );
            assert_eq!(
                document(c, id, Document::NormRules).unwrap().as_deref(),
                Some(r#"{"n":9}"#),
                "one kind does not touch the other"
            );
            let stale = chrono::NaiveDate::from_ymd_opt(2000, 1, 1)
                .unwrap()
                .and_hms_opt(0, 0, 0)
                .unwrap();
            assert!(matches!(
                set_document(c, id, Document::Prizes, None, Some(stale), &sys),
                Err(ChangeError::Stale)
            ));
            set_document(c, id, Document::Prizes, None, None, &sys).unwrap();
            assert_eq!(document(c, id, Document::Prizes).unwrap(), None);
            let audit = crate::audit::audit_entries(c, id).unwrap();
            let edits = audit.iter().filter(|a| a.entity == "prizes").count();
            assert_eq!(
                edits, 3,
                "three changes of the prize list, three audit entries"
            );
            assert_eq!(audit.iter().filter(|a| a.entity == "norm_rules").count(), 1);
        }
    }
}
