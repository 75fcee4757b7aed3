//! The stored row of a team event: its [`TeamEvent`] as one JSON body of `team_events` with a
//! version counter, read and first written here. The changes (with their audit entries) are
//! [`crate::team`]'s; this file stands apart so that [`crate::queries`], which stores and loads
//! whole tournaments, need not depend on them.

use diesel::prelude::*;
use uuid::Uuid;

use arbiter_tournament::team::TeamEvent;

use crate::connection::DbConnection;
use crate::schema::team_events;

/// The team event of a tournament with its version, `None` for an individual event.
///
/// # Errors
/// The database's error, or a body that is not a `TeamEvent` (a deserialization error).
pub fn team_event(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> QueryResult<Option<(TeamEvent, i32)>> {
    let row: Option<(String, i32)> = team_events::table
        .find(tournament.to_string())
        .select((team_events::body, team_events::version))
        .first(conn)
        .optional()?;
    row.map(|(body, version)| {
        serde_json::from_str(&body)
            .map(|e| (e, version))
            .map_err(|e| diesel::result::Error::DeserializationError(Box::new(e)))
    })
    .transpose()
}

/// Stores a new tournament's team event (version 1). Called inside the creating transaction.
///
/// # Errors
/// The database's error.
pub(crate) fn insert_team_event(
    conn: &mut DbConnection,
    tournament: Uuid,
    event: &TeamEvent,
) -> QueryResult<()> {
    let body = serde_json::to_string(event)
        .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
    diesel::insert_into(team_events::table)
        .values((
            team_events::tournament_id.eq(tournament.to_string()),
            team_events::body.eq(body),
            team_events::version.eq(1),
        ))
        .execute(conn)?;
    Ok(())
}
