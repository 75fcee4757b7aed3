//! Reading the stored lists: the snapshots, a player by FIDE id, players by name.

use arbiter_tournament::names::fold_name;
use chrono::NaiveDate;
use diesel::prelude::*;

use super::{ListedRow, RatingListSnapshot, SnapshotRow, StoredListedPlayer, date_text};
use crate::connection::DbConnection;
use crate::schema::{rating_list_players as rlp, rating_lists};

/// The stored snapshots, newest month first.
///
/// # Errors
/// The database's error, or a deserialization error for a stored value that does not decode.
pub fn rating_lists(conn: &mut DbConnection) -> QueryResult<Vec<RatingListSnapshot>> {
    rating_lists::table
        .order(rating_lists::list_date.desc())
        .select(SnapshotRow::as_select())
        .load(conn)?
        .iter()
        .map(SnapshotRow::to_model)
        .collect()
}

/// The snapshot to read: `date` when given (if stored), else the newest.
pub(crate) fn snapshot_date(
    conn: &mut DbConnection,
    date: Option<NaiveDate>,
) -> QueryResult<Option<String>> {
    match date {
        Some(d) => rating_lists::table
            .find(date_text(d))
            .select(rating_lists::list_date)
            .first(conn)
            .optional(),
        None => rating_lists::table
            .select(diesel::dsl::max(rating_lists::list_date))
            .first(conn),
    }
}

/// A player by FIDE id in the snapshot of `date` (its month's first day), or in the newest
/// snapshot when `date` is `None`. `None` when there is no such snapshot or the player is not in
/// it.
///
/// # Errors
/// The database's error, or a deserialization error for a stored value that does not decode.
pub fn listed_player(
    conn: &mut DbConnection,
    fide_id: u64,
    date: Option<NaiveDate>,
) -> QueryResult<Option<StoredListedPlayer>> {
    let Ok(id) = i64::try_from(fide_id) else {
        return Ok(None);
    };
    let Some(d) = snapshot_date(conn, date)? else {
        return Ok(None);
    };
    rlp::table
        .find((d, id))
        .select(ListedRow::as_select())
        .first(conn)
        .optional()?
        .map(|r| r.to_model())
        .transpose()
}

/// Players whose folded name ([`fold_name`]: Persian and Arabic letter forms, Latin accents,
/// case and punctuation alike) starts with the folded `query`, in the snapshot of `date` or the
/// newest; at most `limit`, ordered by folded name then FIDE id. FIDE writes `Last, First`, so
/// `rezaei a` finds `Rezaei, Ali` and `Rezaei, Amir`. A query that folds to nothing finds
/// nobody.
///
/// # Errors
/// The database's error, or a deserialization error for a stored value that does not decode.
pub fn search_rating_list(
    conn: &mut DbConnection,
    query: &str,
    date: Option<NaiveDate>,
    limit: u32,
) -> QueryResult<Vec<StoredListedPlayer>> {
    let folded = fold_name(query);
    if folded.is_empty() || limit == 0 {
        return Ok(Vec::new());
    }
    let Some(d) = snapshot_date(conn, date)? else {
        return Ok(Vec::new());
    };
    // A folded name holds letters, digits and single spaces only: no `%` or `_` to escape.
    rlp::table
        .filter(rlp::list_date.eq(d))
        .filter(rlp::name_folded.like(format!("{folded}%")))
        .order((rlp::name_folded.asc(), rlp::fide_id.asc()))
        .limit(i64::from(limit))
        .select(ListedRow::as_select())
        .load(conn)?
        .iter()
        .map(ListedRow::to_model)
        .collect()
}
