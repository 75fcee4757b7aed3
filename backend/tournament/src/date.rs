//! The dates files carry: [`PartialDate`], a year, a year and a month, or a full calendar date,
//! read from every layout real TRF, PGN and CSV files use and written back in each format's
//! form; and [`parse_date`], the full dates of those layouts.
//!
//! The model keeps a tournament's start and end (TRF-16 records `042` and `052`, PGN tags
//! `EventDate` and `Date`) and a player's birth date (TRF-16 record `001`, columns 70-79; the
//! CSV column `birth_date`) as a [`PartialDate`]; a round's date (TRF-16 record `132`) is a full
//! date ([`parse_date`]).

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A date that may be known only in part: a year (`1985`), a year and a month (`1985-07`) or a
/// full calendar date (`1985-07-28`).
///
/// - Where it comes from: TRF-16 records `042` (start) and `052` (end) and the birth date of
///   record `001` (columns 70-79); the PGN tags `EventDate` and `Date` (PGN standard 8.1.1.3,
///   where unknown parts are `??`); the CSV column `birth_date`; the organizer's forms.
/// - Read with [`PartialDate::read`] from every layout real files use: `2005/07/28`,
///   `2005-07-28`, `2005.07.28`, `28.07.2005`, `28. 07. 2005`, `24/09/2010`, `05/07/28`,
///   `Jul 28, 2005`, and the partial forms `1985`, `1985-07`, `1985/00/00`, `1985/07/00`,
///   `1985.??.??`, `2005.07.??`.
/// - Written as ISO 8601 with reduced precision (`Display`, serde, CSV, the JSON API, the
///   database): `1985`, `1985-07`, `1985-07-28`; read back with [`PartialDate::parse_iso`].
///   That text sorts as the dates do.
/// - Written back in TRF's form with [`PartialDate::trf`] (`1985/00/00`: unknown parts `00`, as
///   FIDE's own files write birth dates) and in PGN's with [`PartialDate::pgn`] (`1985.??.??`).
///
/// The order is the calendar's, a less precise date first among those it contains:
/// `1985` < `1985-07` < `1985-07-01` < `1985-07-28` < `1985-08` < `1986`, the order of the ISO
/// texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartialDate {
    /// 1-9999.
    year: u16,
    /// 1-12 when known.
    month: Option<u8>,
    /// A day of the month when known (only with a month).
    day: Option<u8>,
}

/// Text that is not a date in any layout [`PartialDate::read`] (or, for ISO text,
/// [`PartialDate::parse_iso`]) accepts; it carries the text, trimmed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a date (YYYY-MM-DD, YYYY-MM or YYYY)")]
pub struct NotADate(pub String);

/// One part of a date as written: a number, or unknown (`00`, `??`, `????`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Known(u32),
    Unknown,
}

/// Reads one part: digits (all zeros: unknown) or question marks.
fn part(text: &str) -> Option<Part> {
    if text.is_empty() {
        return None;
    }
    if text.bytes().all(|b| b == b'?') {
        return Some(Part::Unknown);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match text.parse::<u32>().ok()? {
        0 => Some(Part::Unknown),
        n => Some(Part::Known(n)),
    }
}

impl PartialDate {
    /// A date from its parts: a year 1-9999, a month 1-12 (when known) and a day that exists in
    /// that month (when known, and only with a month); `None` otherwise.
    #[must_use]
    pub fn new(year: i32, month: Option<u32>, day: Option<u32>) -> Option<PartialDate> {
        let year = u16::try_from(year)
            .ok()
            .filter(|y| (1..=9999).contains(y))?;
        match (month, day) {
            (None, None) => Some(PartialDate {
                year,
                month: None,
                day: None,
            }),
            (Some(m), None) if (1..=12).contains(&m) => Some(PartialDate {
                year,
                month: u8::try_from(m).ok(),
                day: None,
            }),
            (Some(m), Some(d)) => NaiveDate::from_ymd_opt(i32::from(year), m, d).map(Self::from),
            _ => None,
        }
    }

    /// A year alone (1-9999).
    #[must_use]
    pub fn year_only(year: i32) -> Option<PartialDate> {
        Self::new(year, None, None)
    }

    /// Reads a date in any layout real files and forms use (see the type's documentation):
    /// `Ok(None)` for blank text and for a date wholly unknown (`????.??.??`, `0000/00/00`,
    /// `0000`), which files write for "no date".
    ///
    /// # Errors
    /// [`NotADate`] for text that is none of those layouts, or a date that does not exist
    /// (`2005/02/30`), or a day without a month (`2005/00/28`).
    pub fn read(text: &str) -> Result<Option<PartialDate>, NotADate> {
        let t = text.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let not = || NotADate(t.to_owned());
        if let Ok(d) = NaiveDate::parse_from_str(t, "%b %d, %Y") {
            return Ok(Some(d.into()));
        }
        let parts: Vec<&str> = t.split(['/', '-', '.']).map(str::trim).collect();
        let parsed: Vec<Part> = parts
            .iter()
            .map(|p| part(p))
            .collect::<Option<_>>()
            .ok_or_else(not)?;
        let lens: Vec<usize> = parts.iter().map(|p| p.len()).collect();
        // Year, month and day, in the file's order.
        let (y, m, d) = match (parsed.as_slice(), lens.as_slice()) {
            (&[y], &[4]) => (y, Part::Unknown, Part::Unknown),
            (&[y, m], &[4, 1..=2]) => (y, m, Part::Unknown),
            (&[y, m, d], &[4, 1..=2, 1..=2]) => (y, m, d),
            (&[d, m, y], &[1..=2, 1..=2, 4]) => (y, m, d),
            // `YY/MM/DD` of old TRF files (record 132): years 70-99 are 19YY, the others 20YY.
            (&[_, Part::Known(m), Part::Known(d)], &[2, 2, 2])
                if parts[0].bytes().all(|b| b.is_ascii_digit()) =>
            {
                let yy = yy_of(parts[0]);
                let y = if yy >= 70 { 1900 + yy } else { 2000 + yy };
                (Part::Known(y), Part::Known(m), Part::Known(d))
            }
            _ => return Err(not()),
        };
        let known = |p: Part| match p {
            Part::Known(n) => Some(n),
            Part::Unknown => None,
        };
        match (known(y), known(m), known(d)) {
            (None, None, None) => Ok(None),
            (Some(y), m, d) => Self::new(i32::try_from(y).map_err(|_| not())?, m, d)
                .map(Some)
                .ok_or_else(not),
            (None, ..) => Err(not()),
        }
    }

    /// Reads ISO 8601 text with reduced precision: `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (what
    /// `Display` writes, the JSON API and the database keep).
    ///
    /// # Errors
    /// [`NotADate`] for anything else (blank text too).
    pub fn parse_iso(text: &str) -> Result<PartialDate, NotADate> {
        let t = text.trim();
        let not = || NotADate(t.to_owned());
        let parts: Vec<&str> = t.split('-').collect();
        let lens: Vec<usize> = parts.iter().map(|p| p.len()).collect();
        if !matches!(lens.as_slice(), [4] | [4, 2] | [4, 2, 2])
            || !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(not());
        }
        let n = |i: usize| parts.get(i).and_then(|p| p.parse::<u32>().ok());
        let year = n(0).and_then(|y| i32::try_from(y).ok()).ok_or_else(not)?;
        Self::new(year, n(1), n(2)).ok_or_else(not)
    }

    /// The year.
    #[must_use]
    pub fn year(self) -> i32 {
        i32::from(self.year)
    }

    /// The month (1-12), when known.
    #[must_use]
    pub fn month(self) -> Option<u32> {
        self.month.map(u32::from)
    }

    /// The day of the month, when known.
    #[must_use]
    pub fn day(self) -> Option<u32> {
        self.day.map(u32::from)
    }

    /// The calendar date when the date is known in full.
    #[must_use]
    pub fn full(self) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(self.year(), self.month()?, self.day()?)
    }

    /// The first day the date can be (the 1st of January of a year alone).
    #[must_use]
    pub fn first_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(
            self.year(),
            self.month().unwrap_or(1),
            self.day().unwrap_or(1),
        )
        .unwrap_or(NaiveDate::MIN)
    }

    /// The last day the date can be (the 31st of December of a year alone).
    #[must_use]
    pub fn last_day(self) -> NaiveDate {
        if let Some(d) = self.full() {
            return d;
        }
        let (y, m) = match self.month() {
            Some(12) | None => (self.year() + 1, 1),
            Some(m) => (self.year(), m + 1),
        };
        NaiveDate::from_ymd_opt(y, m, 1)
            .and_then(|d| d.pred_opt())
            .unwrap_or(NaiveDate::MAX)
    }

    /// TRF's form (TRF-16 records `042`, `052` and `001` columns 70-79): `YYYY/MM/DD`, unknown
    /// parts `00` (`1985/00/00`, as FIDE's own files write a birth year alone).
    #[must_use]
    pub fn trf(self) -> String {
        format!(
            "{:04}/{:02}/{:02}",
            self.year,
            self.month.unwrap_or(0),
            self.day.unwrap_or(0)
        )
    }

    /// PGN's form (PGN standard 8.1.1.3, the `Date` and `EventDate` tags): `YYYY.MM.DD`,
    /// unknown parts `??` (`2005.07.??`).
    #[must_use]
    pub fn pgn(self) -> String {
        let two = |p: Option<u8>| p.map_or_else(|| "??".to_owned(), |n| format!("{n:02}"));
        format!("{:04}.{}.{}", self.year, two(self.month), two(self.day))
    }
}

/// The year of a two-digit year part (`05` -> 5).
fn yy_of(text: &str) -> u32 {
    text.parse().unwrap_or(0)
}

impl From<NaiveDate> for PartialDate {
    fn from(d: NaiveDate) -> PartialDate {
        PartialDate {
            year: u16::try_from(d.year()).unwrap_or(1),
            month: u8::try_from(d.month()).ok(),
            day: u8::try_from(d.day()).ok(),
        }
    }
}

impl fmt::Display for PartialDate {
    /// ISO 8601 with reduced precision: `1985`, `1985-07`, `1985-07-28`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
        }
        if let Some(d) = self.day {
            write!(f, "-{d:02}")?;
        }
        Ok(())
    }
}

impl FromStr for PartialDate {
    type Err = NotADate;

    /// [`PartialDate::parse_iso`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_iso(s)
    }
}

impl Serialize for PartialDate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PartialDate {
    /// ISO 8601 with reduced precision ([`PartialDate::parse_iso`]).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse_iso(&s).map_err(serde::de::Error::custom)
    }
}

/// Reads a full date in the layouts real files use (see [`PartialDate::read`]): TRF-16 record
/// `132` (a round's date, often `YY/MM/DD`), `042`/`052`, PGN `Date`. `None` when the text is
/// not a date or only a partial one (a year alone).
#[must_use]
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    PartialDate::read(text)
        .ok()
        .flatten()
        .and_then(PartialDate::full)
}

#[cfg(test)]
mod tests;
