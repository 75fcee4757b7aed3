//! FIDE rating lists stored (migration `2026-11-26-000002_rating_lists`): one snapshot per month
//! (`rating_lists`, keyed by the month's first day) and its players (`rating_list_players`).
//!
//! - [`import_rating_list`]: a downloaded file (any layout [`arbiter_tournament::rating_list`]
//!   reads) streamed into its month's snapshot, in one transaction, in batches; the standard,
//!   rapid and blitz files of one month fill one snapshot, each its own columns.
//! - [`rating_lists()`], [`listed_player`], [`search_rating_list`]: what the snapshots hold, a
//!   player by FIDE id, players by name (folded, prefix).
//! - [`refresh_players`]: an event's players brought up to date from a snapshot before round 1,
//!   audited per player; [`preview_refresh`] shows the same changes without making them.

mod import;
mod lookup;
mod refresh;

use arbiter_tournament::names::fold_name;
use arbiter_tournament::rating_list::{
    ListFlags, ListedPlayer, ListedRating, RatingListError, RatingListKind,
};
use arbiter_tournament::{Sex, Title};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use serde::Serialize;

use crate::models::{bad, title_from};
use crate::schema::{rating_list_players, rating_lists};

pub use import::import_rating_list;
pub use lookup::{listed_player, rating_lists, search_rating_list};
pub use refresh::{
    FieldChange, NotListed, PlayerRefresh, RefreshError, RefreshReport, preview_refresh,
    refresh_players,
};

/// One month's rating list as stored: which lists it holds and how many players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RatingListSnapshot {
    /// The list's month, as its first day (FIDE publishes on the first of each month, B.02
    /// Art. 10).
    pub date: NaiveDate,
    /// Whether the standard list was imported.
    pub standard: bool,
    /// Whether the rapid list was imported.
    pub rapid: bool,
    /// Whether the blitz list was imported.
    pub blitz: bool,
    /// When the last file was imported into it (UTC).
    pub imported_at: NaiveDateTime,
    /// Players in the snapshot (in any of its lists).
    pub players: u32,
}

impl RatingListSnapshot {
    /// Whether the snapshot holds one list.
    #[must_use]
    pub const fn holds(&self, kind: RatingListKind) -> bool {
        match kind {
            RatingListKind::Standard => self.standard,
            RatingListKind::Rapid => self.rapid,
            RatingListKind::Blitz => self.blitz,
        }
    }

    /// Whether it holds the three (a combined file, or the three single files).
    #[must_use]
    pub const fn combined(&self) -> bool {
        self.standard && self.rapid && self.blitz
    }
}

/// A player found in a stored snapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredListedPlayer {
    /// The snapshot's month.
    pub list_date: NaiveDate,
    /// The player as listed.
    pub player: ListedPlayer,
}

/// Why a file was not imported; nothing of it is stored then.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file does not read: its error names the line or record, the field and the value.
    #[error(transparent)]
    List(#[from] RatingListError),
    /// Neither the file's header, its name nor the caller gives the list's month.
    #[error("the list's month: neither the file's header nor its name says; give its date")]
    NoDate,
    /// The month's snapshot already holds this list (import each file once).
    #[error("the {kind} list of {date} is already imported")]
    AlreadyImported {
        /// The snapshot's month.
        date: NaiveDate,
        /// The list it already holds.
        kind: RatingListKind,
    },
    /// A FIDE id twice in one file.
    #[error("FIDE id {fide_id} is listed twice")]
    Duplicate {
        /// The id.
        fide_id: u64,
    },
    /// The database's error.
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// What an import stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportSummary {
    /// The snapshot's month.
    pub date: NaiveDate,
    /// The list(s) the file held.
    pub kind: arbiter_tournament::rating_list::ListKind,
    /// Records read from the file.
    pub read: u64,
    /// Players new to the snapshot.
    pub inserted: u64,
    /// Players already in the snapshot (from another list of the month) whose columns of this
    /// list were filled.
    pub updated: u64,
}

/// A snapshot's date as stored (`YYYY-MM-DD`).
pub(crate) fn date_text(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

pub(crate) fn date_from(text: &str) -> QueryResult<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| bad("rating_lists.list_date", text))
}

/// A snapshot row.
#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = rating_lists)]
pub(crate) struct SnapshotRow {
    pub list_date: String,
    pub has_standard: bool,
    pub has_rapid: bool,
    pub has_blitz: bool,
    pub imported_at: NaiveDateTime,
    pub row_count: i32,
}

impl SnapshotRow {
    pub(crate) fn to_model(&self) -> QueryResult<RatingListSnapshot> {
        Ok(RatingListSnapshot {
            date: date_from(&self.list_date)?,
            standard: self.has_standard,
            rapid: self.has_rapid,
            blitz: self.has_blitz,
            imported_at: self.imported_at,
            players: u32::try_from(self.row_count)
                .map_err(|_| bad("rating_lists.row_count", self.row_count.to_string()))?,
        })
    }
}

/// A player row of a snapshot (read and inserted alike).
#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = rating_list_players)]
pub(crate) struct ListedRow {
    pub list_date: String,
    pub fide_id: i64,
    pub name: String,
    pub name_folded: String,
    pub federation: String,
    pub sex: Option<String>,
    pub title: Option<String>,
    pub women_title: Option<String>,
    pub other_titles: String,
    pub foa_title: Option<String>,
    pub birth_year: Option<i32>,
    pub flags: String,
    pub standard_rating: Option<i32>,
    pub standard_games: Option<i32>,
    pub standard_k: Option<i32>,
    pub rapid_rating: Option<i32>,
    pub rapid_games: Option<i32>,
    pub rapid_k: Option<i32>,
    pub blitz_rating: Option<i32>,
    pub blitz_games: Option<i32>,
    pub blitz_k: Option<i32>,
}

/// A listed rating's three columns.
pub(crate) type RatedColumns = (Option<i32>, Option<i32>, Option<i32>);

pub(crate) fn rated_columns(r: Option<&ListedRating>) -> RatedColumns {
    r.map_or((None, None, None), |r| {
        (
            Some(i32::from(r.rating)),
            Some(i32::from(r.games)),
            r.k.map(i32::from),
        )
    })
}

impl ListedRow {
    /// The row of `p` in snapshot `date`, with the ratings of `kinds` only (the file's lists).
    pub(crate) fn of(
        date: &str,
        p: &ListedPlayer,
        kinds: &[RatingListKind],
    ) -> QueryResult<ListedRow> {
        let rated = |k: RatingListKind| {
            if kinds.contains(&k) {
                rated_columns(p.rating(k))
            } else {
                (None, None, None)
            }
        };
        let (standard_rating, standard_games, standard_k) = rated(RatingListKind::Standard);
        let (rapid_rating, rapid_games, rapid_k) = rated(RatingListKind::Rapid);
        let (blitz_rating, blitz_games, blitz_k) = rated(RatingListKind::Blitz);
        Ok(ListedRow {
            list_date: date.to_owned(),
            fide_id: i64::try_from(p.fide_id).map_err(|_| {
                crate::models::unfit("rating_list_players.fide_id", p.fide_id.to_string())
            })?,
            name: p.name.clone(),
            name_folded: fold_name(&p.name),
            federation: p.federation.clone(),
            sex: p.sex.map(|s| sex_text(s).to_owned()),
            title: p.title.as_ref().map(|t| t.as_str().to_owned()),
            women_title: p.women_title.as_ref().map(|t| t.as_str().to_owned()),
            other_titles: p.other_titles.join(","),
            foa_title: p.foa_title.clone(),
            birth_year: p.birth_year.map(i32::from),
            flags: p.flags.to_string(),
            standard_rating,
            standard_games,
            standard_k,
            rapid_rating,
            rapid_games,
            rapid_k,
            blitz_rating,
            blitz_games,
            blitz_k,
        })
    }

    /// Back to the model.
    pub(crate) fn to_model(&self) -> QueryResult<StoredListedPlayer> {
        const T: &str = "rating_list_players";
        let rated = |r: Option<i32>, g: Option<i32>, k: Option<i32>| -> QueryResult<_> {
            let Some(r) = r else { return Ok(None) };
            Ok(Some(ListedRating {
                rating: u16::try_from(r).map_err(|_| bad(T, r.to_string()))?,
                games: g
                    .map(u16::try_from)
                    .transpose()
                    .map_err(|_| bad(T, format!("{g:?}")))?
                    .unwrap_or(0),
                k: k.map(u8::try_from)
                    .transpose()
                    .map_err(|_| bad(T, format!("{k:?}")))?,
            }))
        };
        Ok(StoredListedPlayer {
            list_date: date_from(&self.list_date)?,
            player: ListedPlayer {
                fide_id: u64::try_from(self.fide_id)
                    .map_err(|_| bad(T, self.fide_id.to_string()))?,
                name: self.name.clone(),
                federation: self.federation.clone(),
                sex: match self.sex.as_deref() {
                    None => None,
                    Some("m") => Some(Sex::Male),
                    Some("w") => Some(Sex::Female),
                    Some(other) => return Err(bad("rating_list_players.sex", other)),
                },
                title: self.title.as_deref().map(title_from),
                women_title: self.women_title.as_deref().map(title_from),
                other_titles: self
                    .other_titles
                    .split(',')
                    .filter(|t| !t.is_empty())
                    .map(str::to_owned)
                    .collect(),
                foa_title: self.foa_title.clone(),
                birth_year: self
                    .birth_year
                    .map(u16::try_from)
                    .transpose()
                    .map_err(|_| bad(T, format!("{:?}", self.birth_year)))?,
                flags: ListFlags::parse(&self.flags),
                standard: rated(self.standard_rating, self.standard_games, self.standard_k)?,
                rapid: rated(self.rapid_rating, self.rapid_games, self.rapid_k)?,
                blitz: rated(self.blitz_rating, self.blitz_games, self.blitz_k)?,
            },
        })
    }
}

/// `m`/`w`, as the players table stores a sex.
pub(crate) const fn sex_text(s: Sex) -> &'static str {
    match s {
        Sex::Male => "m",
        Sex::Female => "w",
    }
}

/// A title's text as stored.
pub(crate) fn title_text(t: Option<&Title>) -> Option<String> {
    t.map(|t| t.as_str().to_owned())
}
