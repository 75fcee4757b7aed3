//! An event's players brought up to date from a stored rating list before round 1.

use std::fmt;

use arbiter_tournament::rating_list::{ListedPlayer, RatingListKind};
use arbiter_tournament::{PartialDate, Player, RoundState, Sex};
use chrono::NaiveDate;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::{ListedRow, date_from, sex_text, title_text};
use crate::audit::{Actor, append_audit};
use crate::connection::DbConnection;
use crate::organizer::{ChangeError, Missing, touch};
use crate::queries::load_tournament;
use crate::schema::{players, rating_list_players as rlp, rating_lists};

/// One field a refresh changed, before and after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum FieldChange {
    /// The rating of the event's list (`None`: unrated in it).
    Rating {
        /// As registered.
        before: Option<u16>,
        /// As listed.
        after: Option<u16>,
    },
    /// The FIDE title (the list's `Tit`, else its women's title).
    Title {
        /// As registered.
        before: Option<String>,
        /// As listed.
        after: Option<String>,
    },
    /// The federation.
    Federation {
        /// As registered.
        before: Option<String>,
        /// As listed.
        after: String,
    },
    /// The K-factor of the event's list (B.02 Art. 8.3).
    KFactor {
        /// As registered.
        before: Option<u8>,
        /// As listed.
        after: Option<u8>,
    },
    /// The sex.
    Sex {
        /// As registered.
        before: Option<Sex>,
        /// As listed.
        after: Sex,
    },
    /// The birth date, which becomes the listed year when its year differs or it is unknown.
    BirthYear {
        /// As registered (the whole date, often a year alone).
        before: Option<PartialDate>,
        /// The listed year.
        after: u16,
    },
}

impl fmt::Display for FieldChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn opt<T: fmt::Display>(v: Option<&T>) -> String {
            v.map_or_else(|| "none".to_owned(), ToString::to_string)
        }
        fn sex(s: Option<&Sex>) -> &'static str {
            match s {
                Some(Sex::Male) => "m",
                Some(Sex::Female) => "w",
                None => "none",
            }
        }
        match self {
            FieldChange::Rating { before, after } => write!(
                f,
                "rating {} -> {}",
                opt(before.as_ref()),
                opt(after.as_ref())
            ),
            FieldChange::Title { before, after } => write!(
                f,
                "title {} -> {}",
                opt(before.as_ref()),
                opt(after.as_ref())
            ),
            FieldChange::Federation { before, after } => {
                write!(f, "federation {} -> {after}", opt(before.as_ref()))
            }
            FieldChange::KFactor { before, after } => {
                write!(f, "K {} -> {}", opt(before.as_ref()), opt(after.as_ref()))
            }
            FieldChange::Sex { before, after } => {
                write!(f, "sex {} -> {}", sex(before.as_ref()), sex(Some(after)))
            }
            FieldChange::BirthYear { before, after } => {
                write!(f, "birth {} -> {after}", opt(before.as_ref()))
            }
        }
    }
}

/// A player whose registration changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerRefresh {
    /// Pairing number.
    pub pairing_number: u16,
    /// Name as registered.
    pub name: String,
    /// FIDE id.
    pub fide_id: u64,
    /// What changed, in the order rating, title, federation, K, sex, birth.
    pub changes: Vec<FieldChange>,
}

/// A player with a FIDE id the snapshot does not hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotListed {
    /// Pairing number.
    pub pairing_number: u16,
    /// Name as registered.
    pub name: String,
    /// The FIDE id looked for.
    pub fide_id: u64,
}

/// What a refresh did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RefreshReport {
    /// The snapshot read.
    pub list_date: NaiveDate,
    /// The list whose rating and K were taken.
    pub kind: RatingListKind,
    /// The players changed, by pairing number.
    pub changed: Vec<PlayerRefresh>,
    /// Players found in the list with nothing to change.
    pub unchanged: usize,
    /// Players with a FIDE id not in the list.
    pub not_listed: Vec<NotListed>,
}

/// Why a refresh was refused; nothing changes then.
#[derive(Debug, thiserror::Error)]
pub enum RefreshError {
    /// No such tournament.
    #[error("not found: {0}")]
    NotFound(Missing),
    /// No snapshot stored (or none of the date asked for).
    #[error("no rating list stored{}", .0.map(|d| format!(" for {d}")).unwrap_or_default())]
    NoRatingList(Option<NaiveDate>),
    /// The snapshot lacks the event's list.
    #[error("the rating list of {date} holds no {kind} list")]
    ListMissing {
        /// The snapshot.
        date: NaiveDate,
        /// The list asked for.
        kind: RatingListKind,
    },
    /// Round 1 is paired: ratings, titles and federations are fixed for the pairing (C.04.2).
    #[error("the players are fixed once round 1 is paired")]
    RoundPaired,
    /// The database's error.
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

impl From<ChangeError> for RefreshError {
    fn from(e: ChangeError) -> RefreshError {
        match e {
            ChangeError::NotFound(m) => RefreshError::NotFound(m),
            ChangeError::Database(d) => RefreshError::Database(d),
            ChangeError::Stale | ChangeError::NotAllowed(_) | ChangeError::Invalid { .. } => {
                RefreshError::RoundPaired
            }
        }
    }
}

/// What the audit entry records of a player, before and after.
#[derive(Serialize)]
struct Registered<'a> {
    rating: Option<u16>,
    title: Option<String>,
    federation: Option<&'a str>,
    k_factor: Option<u8>,
    sex: Option<&'static str>,
    birth_date: Option<PartialDate>,
    list: Option<(String, RatingListKind)>,
}

impl<'a> Registered<'a> {
    fn of(p: &'a Player, list: Option<(String, RatingListKind)>) -> Registered<'a> {
        Registered {
            rating: p.rating,
            title: title_text(p.title.as_ref()),
            federation: p.federation.as_deref(),
            k_factor: p.k_factor,
            sex: p.sex.map(sex_text),
            birth_date: p.birth_date,
            list,
        }
    }
}

/// Brings every player of `tournament` who has a FIDE id up to date from the snapshot of `date`
/// (the newest when `None`): the rating and K-factor of list `kind` (the one the event is rated
/// on: B.02 Art. 1), the title (the list's `Tit`, else its women's title; none when it lists
/// none), the federation, and, when the list gives them, the sex and the birth year (a birth
/// date whose year differs, or none, becomes the listed year). Allowed only before round 1 is
/// paired (the pairing numbers and the pairing itself rest on these, C.04.2). One transaction;
/// one audit entry (`player`, pairing number, `rating-list-refresh`, before and after) per
/// changed player.
///
/// # Errors
/// [`RefreshError::NotFound`], [`RefreshError::NoRatingList`], [`RefreshError::ListMissing`]
/// when the snapshot lacks list `kind`, [`RefreshError::RoundPaired`], or the database's error.
pub fn refresh_players(
    conn: &mut DbConnection,
    tournament: Uuid,
    kind: RatingListKind,
    date: Option<NaiveDate>,
    actor: &Actor,
) -> Result<RefreshReport, RefreshError> {
    refresh(conn, tournament, kind, date, Some(actor))
}

/// What [`refresh_players`] would change, without changing anything (for a page that shows the
/// changes before the organizer confirms them).
///
/// # Errors
/// As [`refresh_players`].
pub fn preview_refresh(
    conn: &mut DbConnection,
    tournament: Uuid,
    kind: RatingListKind,
    date: Option<NaiveDate>,
) -> Result<RefreshReport, RefreshError> {
    refresh(conn, tournament, kind, date, None)
}

/// [`refresh_players`] with an actor, [`preview_refresh`] without (nothing written).
fn refresh(
    conn: &mut DbConnection,
    tournament: Uuid,
    kind: RatingListKind,
    date: Option<NaiveDate>,
    actor: Option<&Actor>,
) -> Result<RefreshReport, RefreshError> {
    crate::atomically(conn, |conn| {
        if actor.is_some() {
            touch(conn, tournament, None)?;
        }
        let stored = load_tournament(conn, tournament)?
            .ok_or(RefreshError::NotFound(Missing::Tournament(tournament)))?;
        let t = stored.tournament;
        if t.rounds
            .iter()
            .any(|r| !r.games.is_empty() || r.state != RoundState::Planned)
        {
            return Err(RefreshError::RoundPaired);
        }
        let d =
            super::lookup::snapshot_date(conn, date)?.ok_or(RefreshError::NoRatingList(date))?;
        let list_date = date_from(&d)?;
        let (s, r, b): (bool, bool, bool) = rating_lists::table
            .find(&d)
            .select((
                rating_lists::has_standard,
                rating_lists::has_rapid,
                rating_lists::has_blitz,
            ))
            .first(conn)?;
        let holds = match kind {
            RatingListKind::Standard => s,
            RatingListKind::Rapid => r,
            RatingListKind::Blitz => b,
        };
        if !holds {
            return Err(RefreshError::ListMissing {
                date: list_date,
                kind,
            });
        }
        let ids: Vec<i64> = t
            .players
            .iter()
            .filter_map(|p| p.fide_id)
            .filter(|&f| f > 0)
            .filter_map(|f| i64::try_from(f).ok())
            .collect();
        let mut listed: Vec<ListedPlayer> = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(500) {
            for row in rlp::table
                .filter(rlp::list_date.eq(&d))
                .filter(rlp::fide_id.eq_any(chunk))
                .select(ListedRow::as_select())
                .load(conn)?
            {
                listed.push(row.to_model()?.player);
            }
        }
        listed.sort_by_key(|p| p.fide_id);
        let mut report = RefreshReport {
            list_date,
            kind,
            changed: Vec::new(),
            unchanged: 0,
            not_listed: Vec::new(),
        };
        for p in &t.players {
            let Some(fide_id) = p.fide_id.filter(|&f| f > 0) else {
                continue;
            };
            let Ok(i) = listed.binary_search_by_key(&fide_id, |l| l.fide_id) else {
                report.not_listed.push(NotListed {
                    pairing_number: p.pairing_number,
                    name: p.name.clone(),
                    fide_id,
                });
                continue;
            };
            let (after, changes) = refreshed(p, &listed[i], kind);
            if changes.is_empty() {
                report.unchanged += 1;
                continue;
            }
            report.changed.push(PlayerRefresh {
                pairing_number: p.pairing_number,
                name: p.name.clone(),
                fide_id,
                changes,
            });
            let Some(actor) = actor else {
                continue;
            };
            diesel::update(players::table.find(p.id.to_string()))
                .set((
                    players::rating.eq(after.rating.map(i32::from)),
                    players::title.eq(title_text(after.title.as_ref())),
                    players::federation.eq(after.federation.as_deref()),
                    players::k_factor.eq(after.k_factor.map(i32::from)),
                    players::sex.eq(after.sex.map(sex_text)),
                    players::birth_date.eq(crate::models::date_text(after.birth_date)),
                ))
                .execute(conn)?;
            append_audit(
                conn,
                actor,
                Some(tournament),
                "player",
                Some(&p.pairing_number.to_string()),
                "rating-list-refresh",
                Some(&Registered::of(p, None)),
                Some(&Registered::of(&after, Some((d.clone(), kind)))),
            )?;
        }
        Ok(report)
    })
}

/// The player as the list gives them, and what differs.
fn refreshed(p: &Player, l: &ListedPlayer, kind: RatingListKind) -> (Player, Vec<FieldChange>) {
    let mut after = p.clone();
    let mut changes = Vec::new();
    let listed = l.rating(kind);
    let rating = listed.map(|r| r.rating);
    if p.rating.filter(|&r| r > 0) != rating {
        changes.push(FieldChange::Rating {
            before: p.rating,
            after: rating,
        });
        after.rating = rating;
    }
    let title = l.best_title().cloned();
    if p.title != title {
        changes.push(FieldChange::Title {
            before: title_text(p.title.as_ref()),
            after: title_text(title.as_ref()),
        });
        after.title = title;
    }
    if p.federation.as_deref() != Some(l.federation.as_str()) {
        changes.push(FieldChange::Federation {
            before: p.federation.clone(),
            after: l.federation.clone(),
        });
        after.federation = Some(l.federation.clone());
    }
    let k = listed.and_then(|r| r.k);
    if p.k_factor != k {
        changes.push(FieldChange::KFactor {
            before: p.k_factor,
            after: k,
        });
        after.k_factor = k;
    }
    if let Some(sex) = l.sex.filter(|&s| p.sex != Some(s)) {
        changes.push(FieldChange::Sex {
            before: p.sex,
            after: sex,
        });
        after.sex = Some(sex);
    }
    if let Some(year) = l.birth_year {
        let registered = p.birth_date.map(PartialDate::year);
        if registered != Some(i32::from(year)) {
            changes.push(FieldChange::BirthYear {
                before: p.birth_date,
                after: year,
            });
            after.birth_date = PartialDate::year_only(i32::from(year));
        }
    }
    (after, changes)
}
