//! The audit log (append-only: who, when, what, before and after) and the actors who make
//! changes. Every write of this crate that changes what an organizer, arbiter or player sees
//! appends its entry inside the transaction of the change.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use crate::connection::DbConnection;
use crate::models::{AuditRow, NewAuditEntry};
use crate::schema::audit_log;

/// The current time, UTC, as stored.
#[must_use]
pub fn now() -> NaiveDateTime {
    chrono::Utc::now().naive_utc()
}

/// Who makes a change, for the audit log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The account, when a signed-in person or an API token acts.
    pub user_id: Option<Uuid>,
    /// For display: an e-mail address, or `cli`, `demo` for the command line.
    pub name: String,
}

impl Actor {
    /// An actor without an account (the command line, the demo loader).
    #[must_use]
    pub fn system(name: impl Into<String>) -> Actor {
        Actor {
            user_id: None,
            name: name.into(),
        }
    }
}

/// Appends one audit entry. Call it inside the transaction of the change it records.
///
/// # Errors
/// The database's error, or a serialization error when `before`/`after` do not encode.
#[expect(clippy::too_many_arguments, reason = "one argument per audit column")]
pub fn append_audit<B: Serialize, A: Serialize>(
    conn: &mut DbConnection,
    actor: &Actor,
    tournament: Option<Uuid>,
    entity: &str,
    entity_id: Option<&str>,
    action: &str,
    before: Option<&B>,
    after: Option<&A>,
) -> QueryResult<()> {
    let enc = |v: &dyn erased::Ser| v.to_json();
    let entry = NewAuditEntry {
        at: now(),
        user_id: actor.user_id.map(|u| u.to_string()),
        actor: actor.name.clone(),
        tournament_id: tournament.map(|t| t.to_string()),
        entity: entity.to_owned(),
        entity_id: entity_id.map(str::to_owned),
        action: action.to_owned(),
        before_json: before.map(|b| enc(b)).transpose()?,
        after_json: after.map(|a| enc(a)).transpose()?,
    };
    diesel::insert_into(audit_log::table)
        .values(&entry)
        .execute(conn)?;
    Ok(())
}

mod erased {
    use serde::Serialize;

    /// JSON encoding behind a trait object (the audit closure takes either side).
    pub trait Ser {
        fn to_json(&self) -> diesel::QueryResult<String>;
    }

    impl<T: Serialize> Ser for T {
        fn to_json(&self) -> diesel::QueryResult<String> {
            serde_json::to_string(self)
                .map_err(|e| crate::models::unfit("audit_log.json", e.to_string()))
        }
    }
}

/// The audit log of one tournament, oldest first.
///
/// # Errors
/// The database's error.
pub fn audit_entries(conn: &mut DbConnection, tournament: Uuid) -> QueryResult<Vec<AuditRow>> {
    audit_log::table
        .filter(audit_log::tournament_id.eq(tournament.to_string()))
        .order(audit_log::id.asc())
        .select(AuditRow::as_select())
        .load(conn)
}
