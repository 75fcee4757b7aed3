//! The fields both layouts share: text decoding, numbers, sex, titles, federation, birth year,
//! flags, and the list's month and kind from a heading or a file name.

use std::borrow::Cow;

use chrono::NaiveDate;

use super::{ListField, ListKind, ListPlace, ListedRating, RatingListError, RatingListKind};
use crate::model::{Sex, Title};

/// Bytes as text: UTF-8 when they are valid UTF-8, Latin-1 (ISO 8859-1: each byte its code
/// point) otherwise.
pub(crate) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// A month heading as FIDE writes it over the rating column (`NOV25`, any case) as the month's
/// first day (2025-11-01); two-digit years are 2000-2099. `None` for any other text.
///
/// ```
/// use arbiter_tournament::rating_list::list_month;
/// assert_eq!(list_month("NOV25").map(|d| d.to_string()).as_deref(), Some("2025-11-01"));
/// assert_eq!(list_month("Gms"), None);
/// ```
#[must_use]
pub fn list_month(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    if t.len() != 5 || !t.is_ascii() {
        return None;
    }
    let (m, y) = t.split_at(3);
    let month = MONTHS.iter().position(|n| n.eq_ignore_ascii_case(m))?;
    if !y.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: i32 = y.parse().ok()?;
    NaiveDate::from_ymd_opt(2000 + year, month as u32 + 1, 1)
}

/// What FIDE's file names say: the list (`standard_`, `rapid_`, `blitz_`; `players_list` is the
/// combined list) and the month (`nov25` in `standard_nov25frl.txt`). Only the last path
/// component is read.
///
/// ```
/// use arbiter_tournament::rating_list::{ListKind, name_hint};
/// let (kind, month) = name_hint("/tmp/blitz_nov25frl_xml.xml");
/// assert_eq!(kind, Some(ListKind::Blitz));
/// assert_eq!(month.map(|d| d.to_string()).as_deref(), Some("2025-11-01"));
/// assert_eq!(name_hint("players_list_foa.txt"), (Some(ListKind::Combined), None));
/// ```
#[must_use]
pub fn name_hint(file_name: &str) -> (Option<ListKind>, Option<NaiveDate>) {
    let base = file_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(file_name)
        .to_ascii_lowercase();
    let kind = if base.starts_with("players_list") {
        Some(ListKind::Combined)
    } else if base.contains("standard") {
        Some(ListKind::Standard)
    } else if base.contains("rapid") {
        Some(ListKind::Rapid)
    } else if base.contains("blitz") {
        Some(ListKind::Blitz)
    } else {
        None
    };
    let bytes = base.as_bytes();
    let month = (0..bytes.len().saturating_sub(4)).find_map(|i| {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphabetic();
        let ends_digits = bytes.get(i + 5).is_none_or(|b| !b.is_ascii_digit());
        if starts_word && ends_digits {
            base.get(i..i + 5).and_then(list_month)
        } else {
            None
        }
    });
    (kind, month)
}

/// One record's fields as text, before they are checked; shared by both layouts.
#[derive(Debug, Default)]
pub(crate) struct RawRecord {
    pub fide_id: String,
    pub name: String,
    pub federation: String,
    pub sex: String,
    pub title: String,
    pub women_title: String,
    pub other_titles: String,
    pub foa_title: String,
    pub birth_year: String,
    pub flag: String,
    /// Rating, games, K per list, in [`RatingListKind::ALL`] order.
    pub ratings: [[String; 3]; 3],
}

impl RawRecord {
    pub(crate) fn clear(&mut self) {
        for s in [
            &mut self.fide_id,
            &mut self.name,
            &mut self.federation,
            &mut self.sex,
            &mut self.title,
            &mut self.women_title,
            &mut self.other_titles,
            &mut self.foa_title,
            &mut self.birth_year,
            &mut self.flag,
        ] {
            s.clear();
        }
        for r in &mut self.ratings {
            for s in r {
                s.clear();
            }
        }
    }

    /// Checks the fields and builds the player.
    pub(crate) fn build(&self, place: ListPlace) -> Result<super::ListedPlayer, RatingListError> {
        let bad = |field: ListField, value: &str| RatingListError::Field {
            place,
            field,
            value: value.trim().to_owned(),
        };
        let id = self.fide_id.trim();
        if id.is_empty() {
            return Err(RatingListError::NoFideId { place });
        }
        let fide_id = id
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0 && id.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| bad(ListField::FideId, id))?;
        let federation = self.federation.trim();
        if !(federation.len() == 3 && federation.bytes().all(|b| b.is_ascii_uppercase())) {
            return Err(bad(ListField::Federation, federation));
        }
        let sex = match self.sex.trim() {
            "" => None,
            "M" | "m" => Some(Sex::Male),
            "F" | "f" | "W" | "w" => Some(Sex::Female),
            other => return Err(bad(ListField::Sex, other)),
        };
        let title = title(&self.title).map_err(|v| bad(ListField::Title, v))?;
        let women_title = title_of(&self.women_title).map_err(|v| bad(ListField::WomenTitle, v))?;
        let foa = self.foa_title.trim();
        if foa.len() > 4 || !foa.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(bad(ListField::FoaTitle, foa));
        }
        let birth_year = match self.birth_year.trim() {
            "" | "0" | "0000" => None,
            y => Some(
                y.parse::<u16>()
                    .ok()
                    .filter(|&n| (1000..=9999).contains(&n) && y.len() == 4)
                    .ok_or_else(|| bad(ListField::BirthYear, y))?,
            ),
        };
        let mut p = super::ListedPlayer {
            fide_id,
            name: self.name.trim().to_owned(),
            federation: federation.to_owned(),
            sex,
            title,
            women_title,
            other_titles: self
                .other_titles
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect(),
            foa_title: Some(foa.to_owned()).filter(|t| !t.is_empty()),
            birth_year,
            flags: super::ListFlags::parse(&self.flag),
            standard: None,
            rapid: None,
            blitz: None,
        };
        for (i, kind) in RatingListKind::ALL.into_iter().enumerate() {
            let [rating, games, k] = &self.ratings[i];
            *p.rating_mut(kind) = rated(kind, rating, games, k, &bad)?;
        }
        Ok(p)
    }
}

/// A title column: blank, or one of the FIDE titles (upper case as FIDE writes them).
fn title(text: &str) -> Result<Option<Title>, &str> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match Title::parse(t) {
        Some((title, false)) if !matches!(title, Title::Other(_)) => Ok(Some(title)),
        _ => Err(t),
    }
}

/// The women's title column: one of the four women's titles.
fn title_of(text: &str) -> Result<Option<Title>, &str> {
    match title(text)? {
        None => Ok(None),
        Some(t @ (Title::Wgm | Title::Wim | Title::Wfm | Title::Wcm)) => Ok(Some(t)),
        Some(_) => Err(text.trim()),
    }
}

/// A number column: blank is `None`.
fn number<T: std::str::FromStr>(text: &str) -> Result<Option<T>, &str> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(t);
    }
    t.parse().map(Some).map_err(|_| t)
}

/// A list's rating, games and K; a blank or `0` rating is unrated.
fn rated(
    kind: RatingListKind,
    rating: &str,
    games: &str,
    k: &str,
    bad: &dyn Fn(ListField, &str) -> RatingListError,
) -> Result<Option<ListedRating>, RatingListError> {
    let r: Option<u16> = number(rating).map_err(|v| bad(ListField::Rating(kind), v))?;
    let g: Option<u16> = number(games).map_err(|v| bad(ListField::Games(kind), v))?;
    let k: Option<u8> = number(k).map_err(|v| bad(ListField::K(kind), v))?;
    if r.is_some_and(|r| r > 3500) {
        return Err(bad(ListField::Rating(kind), rating));
    }
    Ok(r.filter(|&r| r > 0).map(|rating| ListedRating {
        rating,
        games: g.unwrap_or(0),
        k: k.filter(|&k| k > 0),
    }))
}
