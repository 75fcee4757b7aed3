//! Records kept verbatim with a tournament: the TRF `###` comment lines that record manual
//! interventions and irregularities (FIDE's checklist, VCL4THP.13: `### MPA`, `### Import`,
//! `### Configuration`, `### Tie-breaks`), written back by the TRF export.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use uuid::Uuid;

use super::{ChangeError, Missing};
use crate::connection::DbConnection;
use crate::models::NewTournament;
use crate::queries::tournament_row;
use crate::schema::tournaments;
use arbiter_tournament::RawRecord;

/// Appends records kept verbatim to the tournament (TRF `###` comment lines, written back by
/// the TRF export after the header), as of `at`; inside the caller's transaction.
///
/// # Errors
/// [`ChangeError::NotFound`], or the database's error.
pub fn push_records(
    conn: &mut DbConnection,
    tournament: Uuid,
    records: Vec<RawRecord>,
    at: NaiveDateTime,
) -> Result<(), ChangeError> {
    if records.is_empty() {
        return Ok(());
    }
    let row = tournament_row(conn, tournament)?
        .ok_or_else(|| ChangeError::NotFound(Missing::Tournament(tournament)))?;
    let mut t = row.to_model()?;
    t.other_records.extend(records);
    let extras = NewTournament::from_model(tournament, &t, None, at)?.extras;
    diesel::update(tournaments::table.find(tournament.to_string()))
        .set(tournaments::extras.eq(extras))
        .execute(conn)?;
    Ok(())
}
