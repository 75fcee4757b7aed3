//! Importing a downloaded list into its month's snapshot: streamed from the reader, inserted in
//! batches, all in one transaction.

use std::io::BufRead;

use arbiter_tournament::rating_list::{ListHint, RatingListKind, open};
use diesel::prelude::*;

use super::{ImportError, ImportSummary, ListedRow, SnapshotRow, date_text, rated_columns};
use crate::audit::now;
use crate::connection::DbConnection;
use crate::schema::{rating_list_players as rlp, rating_lists};

/// Rows per multi-row `INSERT`: 21 columns each, 21,000 parameters, under SQLite's 32,766 and
/// PostgreSQL's 65,535.
const BATCH: usize = 1000;

/// Imports a FIDE rating list file (any layout [`arbiter_tournament::rating_list::open`] reads:
/// the standard, rapid or blitz TXT, the combined TXT, the XML lists) into the snapshot of its
/// month, creating the snapshot when it is the month's first file. The file's list(s) fill their
/// own columns: importing the standard, rapid and blitz files of one month fills one snapshot;
/// a player already in it (from another of the month's lists) gets this list's rating, games
/// and K, the other fields staying as the first file gave them. The month is the header's
/// (`NOV25`), else the file name's (`standard_nov25frl.txt`), else `hint.date`.
///
/// Read as a stream and inserted in batches of 1,000 rows, in one transaction: a record that
/// does not read refuses the whole file (nothing stored), its error naming the line or record,
/// the field and the value.
///
/// # Errors
/// [`ImportError::List`] (the file), [`ImportError::NoDate`], [`ImportError::AlreadyImported`]
/// when the month already holds one of the file's lists, [`ImportError::Duplicate`] for a FIDE
/// id listed twice, [`ImportError::Database`].
pub fn import_rating_list<R: BufRead>(
    conn: &mut DbConnection,
    reader: R,
    hint: &ListHint<'_>,
) -> Result<ImportSummary, ImportError> {
    let list = open(reader, hint)?;
    let header = *list.header();
    let date = header.month.ok_or(ImportError::NoDate)?;
    let d = date_text(date);
    let kinds = header.kind.kinds();
    crate::atomically(conn, |conn| {
        let existing: Option<SnapshotRow> = rating_lists::table
            .find(&d)
            .select(SnapshotRow::as_select())
            .first(conn)
            .optional()?;
        let mut snapshot = if let Some(s) = existing {
            for &kind in kinds {
                let held = match kind {
                    RatingListKind::Standard => s.has_standard,
                    RatingListKind::Rapid => s.has_rapid,
                    RatingListKind::Blitz => s.has_blitz,
                };
                if held {
                    return Err(ImportError::AlreadyImported { date, kind });
                }
            }
            s
        } else {
            let s = SnapshotRow {
                list_date: d.clone(),
                has_standard: false,
                has_rapid: false,
                has_blitz: false,
                imported_at: now(),
                row_count: 0,
            };
            diesel::insert_into(rating_lists::table)
                .values(&s)
                .execute(conn)?;
            s
        };
        let fresh = !(snapshot.has_standard || snapshot.has_rapid || snapshot.has_blitz);
        let mut summary = ImportSummary {
            date,
            kind: header.kind,
            read: 0,
            inserted: 0,
            updated: 0,
        };
        let mut batch = Vec::with_capacity(BATCH);
        for p in list {
            let p = p?;
            summary.read += 1;
            batch.push(ListedRow::of(&d, &p, kinds)?);
            if batch.len() == BATCH {
                flush(conn, &d, kinds, fresh, &mut batch, &mut summary)?;
            }
        }
        flush(conn, &d, kinds, fresh, &mut batch, &mut summary)?;
        let count: i64 = rlp::table
            .filter(rlp::list_date.eq(&d))
            .count()
            .get_result(conn)?;
        for &kind in kinds {
            match kind {
                RatingListKind::Standard => snapshot.has_standard = true,
                RatingListKind::Rapid => snapshot.has_rapid = true,
                RatingListKind::Blitz => snapshot.has_blitz = true,
            }
        }
        diesel::update(rating_lists::table.find(&d))
            .set((
                rating_lists::has_standard.eq(snapshot.has_standard),
                rating_lists::has_rapid.eq(snapshot.has_rapid),
                rating_lists::has_blitz.eq(snapshot.has_blitz),
                rating_lists::imported_at.eq(now()),
                rating_lists::row_count.eq(i32::try_from(count).unwrap_or(i32::MAX)),
            ))
            .execute(conn)?;
        Ok(summary)
    })
}

/// Stores one batch: players new to the snapshot inserted in one statement, players already in
/// it (another list of the month) updated with this list's columns.
fn flush(
    conn: &mut DbConnection,
    date: &str,
    kinds: &[RatingListKind],
    fresh: bool,
    batch: &mut Vec<ListedRow>,
    summary: &mut ImportSummary,
) -> Result<(), ImportError> {
    if batch.is_empty() {
        return Ok(());
    }
    let mut ids: Vec<i64> = batch.iter().map(|r| r.fide_id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(ImportError::Duplicate {
            fide_id: w[0].unsigned_abs(),
        });
    }
    let mut present: Vec<i64> = rlp::table
        .filter(rlp::list_date.eq(date))
        .filter(rlp::fide_id.eq_any(&ids))
        .select(rlp::fide_id)
        .load(conn)?;
    present.sort_unstable();
    // A single list merged into a month that has another list: its players may be there. The
    // month's first file must not meet its own ids again.
    let (old, new): (Vec<ListedRow>, Vec<ListedRow>) = batch
        .drain(..)
        .partition(|r| present.binary_search(&r.fide_id).is_ok());
    if let (Some(first), true) = (old.first(), fresh) {
        return Err(ImportError::Duplicate {
            fide_id: first.fide_id.unsigned_abs(),
        });
    }
    for row in &old {
        let Some(&kind) = kinds.first() else { break };
        let p = row.to_model()?.player;
        let (r, g, k) = rated_columns(p.rating(kind));
        let target = rlp::table.find((date, row.fide_id));
        match kind {
            RatingListKind::Standard => diesel::update(target)
                .set((
                    rlp::standard_rating.eq(r),
                    rlp::standard_games.eq(g),
                    rlp::standard_k.eq(k),
                ))
                .execute(conn)?,
            RatingListKind::Rapid => diesel::update(target)
                .set((
                    rlp::rapid_rating.eq(r),
                    rlp::rapid_games.eq(g),
                    rlp::rapid_k.eq(k),
                ))
                .execute(conn)?,
            RatingListKind::Blitz => diesel::update(target)
                .set((
                    rlp::blitz_rating.eq(r),
                    rlp::blitz_games.eq(g),
                    rlp::blitz_k.eq(k),
                ))
                .execute(conn)?,
        };
    }
    summary.updated += old.len() as u64;
    if !new.is_empty() {
        match conn {
            DbConnection::Sqlite(c) => diesel::insert_into(rlp::table).values(&new).execute(c)?,
            DbConnection::Pg(c) => diesel::insert_into(rlp::table).values(&new).execute(c)?,
        };
        summary.inserted += new.len() as u64;
    }
    Ok(())
}
