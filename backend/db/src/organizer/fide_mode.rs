//! FIDE mode (FIDE's acceptance checklist for tournament programs, VCL4THP.13 Q40-Q46): every
//! tournament is in FIDE mode from its creation (no record: in it); the organizer may leave it,
//! for good, with a reason. Leaving is stored once (a second attempt is refused: FIDE mode is
//! never re-entered, Q45), audited, and written to the TRF as `### FIDE mode left @ Round n:
//! reason` (Q44), all in one transaction.

use arbiter_tournament::RawRecord;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::documents::{Document, document};
use super::{ChangeError, Missing, push_records, touch};
use crate::audit::{Actor, append_audit};
use crate::connection::DbConnection;
use crate::queries::load_tournament;
use crate::schema::tournament_documents;

/// How a tournament left FIDE mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FideModeExit {
    /// The last round paired when it left (0: before round 1).
    pub round: u16,
    /// The organizer's reason, as typed.
    pub reason: String,
    /// When (UTC).
    pub at: NaiveDateTime,
}

/// How the tournament left FIDE mode; `None` while it is in it.
///
/// # Errors
/// The database's error, or a stored record that does not read.
pub fn fide_mode_exit(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> Result<Option<FideModeExit>, ChangeError> {
    document(conn, tournament, Document::FideModeExit)?
        .map(|body| {
            serde_json::from_str(&body).map_err(|e| {
                ChangeError::Database(diesel::result::Error::DeserializationError(Box::new(e)))
            })
        })
        .transpose()
}

/// Takes the tournament out of FIDE mode for good, with `reason` (checked by the caller: not
/// empty), audited (entity `fide_mode`, action `leave`) and recorded as a `###` line of the TRF.
///
/// # Errors
/// [`ChangeError::NotFound`], [`ChangeError::Stale`] when `expected` is given and the
/// tournament changed since, [`ChangeError::NotAllowed`] when it left FIDE mode already, or the
/// database's error; nothing is stored then.
pub fn leave_fide_mode(
    conn: &mut DbConnection,
    tournament: Uuid,
    reason: &str,
    expected: Option<NaiveDateTime>,
    actor: &Actor,
) -> Result<FideModeExit, ChangeError> {
    crate::atomically(conn, |conn| {
        if fide_mode_exit(conn, tournament)?.is_some() {
            return Err(ChangeError::NotAllowed(
                "the tournament left FIDE mode already; it cannot be entered again".into(),
            ));
        }
        let at = touch(conn, tournament, expected)?;
        let stored = load_tournament(conn, tournament)?
            .ok_or(ChangeError::NotFound(Missing::Tournament(tournament)))?;
        let exit = FideModeExit {
            round: stored.tournament.last_paired_round(),
            reason: reason.trim().to_owned(),
            at,
        };
        let body = serde_json::to_string(&exit).map_err(|e| {
            ChangeError::Database(diesel::result::Error::SerializationError(Box::new(e)))
        })?;
        diesel::insert_into(tournament_documents::table)
            .values((
                tournament_documents::tournament_id.eq(tournament.to_string()),
                tournament_documents::kind.eq(Document::FideModeExit.kind()),
                tournament_documents::body.eq(&body),
            ))
            .execute(conn)?;
        let line = format!(
            "### FIDE mode left @ Round {}: {}",
            exit.round,
            exit.reason.replace(['\n', '\r'], " ")
        );
        push_records(conn, tournament, vec![RawRecord { line }], at)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "fide_mode",
            Some(&tournament.to_string()),
            "leave",
            None::<&FideModeExit>,
            Some(&exit),
        )?;
        Ok(exit)
    })
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use super::*;
    use crate::queries::create_tournament;
    use crate::testing::TestDb;
    use arbiter_tournament::Tournament;

    #[test]
    fn fide_mode_is_left_once_recorded_and_audited() {
        for db in TestDb::all() {
            let c = &mut db.pool.get().unwrap();
            let t = Tournament {
                name: Some("Mode Open".into()),
                ..Tournament::default()
            };
            let a = Actor::system("test");
            let id = create_tournament(c, &t, None, &a, "create").unwrap();
            assert_eq!(
                fide_mode_exit(c, id).unwrap(),
                None,
                "in FIDE mode from the start"
            );
            let exit = leave_fide_mode(c, id, "  a club rule on byes\n", None, &a).unwrap();
            assert_eq!(exit.round, 0);
            assert_eq!(exit.reason, "a club rule on byes");
            assert_eq!(fide_mode_exit(c, id).unwrap(), Some(exit));
            let again = leave_fide_mode(c, id, "again", None, &a);
            assert!(
                matches!(again, Err(ChangeError::NotAllowed(_))),
                "{again:?}"
            );
            let stored = load_tournament(c, id).unwrap().unwrap().tournament;
            let lines: Vec<&str> = stored
                .other_records
                .iter()
                .map(|r| r.line.as_str())
                .collect();
            assert_eq!(lines, ["### FIDE mode left @ Round 0: a club rule on byes"]);
            let audit = crate::audit_entries(c, id).unwrap();
            assert!(
                audit
                    .iter()
                    .any(|e| e.entity == "fide_mode" && e.action == "leave"),
                "audited"
            );
        }
    }
}
