//! Who may win a category: the criteria of [`Criterion`] read on a [`Player`].

use chrono::{Datelike, NaiveDate};

use super::Criterion;
use crate::model::{Player, parse_date};

/// A player's birth year and, when the file gives it, the full date, read from `001` columns
/// 70-79 as written (`1969.12.06`, `1969/12/06`, or a year alone `1969`). `None` when neither a
/// date nor a four-digit year can be read.
#[must_use]
pub fn birth_year_and_date(player: &Player) -> Option<(i32, Option<NaiveDate>)> {
    let text = player.birth_date.as_deref()?.trim();
    if let Some(d) = parse_date(text) {
        return Some((d.year(), Some(d)));
    }
    // A year alone, or a date with zeros for the unknown month and day (`1969/00/00`).
    let year = text.get(..4)?;
    if !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = &text[4..];
    if !rest.bytes().all(|b| b == b'0' || b"/.- ".contains(&b)) {
        return None;
    }
    let y: i32 = year.parse().ok()?;
    (y > 0).then_some((y, None))
}

/// Whether a player meets one criterion. `event_year` is the year ages count from; age criteria
/// are never met without it, nor without a birth year.
#[must_use]
pub fn is_eligible(player: &Player, criterion: &Criterion, event_year: Option<i32>) -> bool {
    let rating = player.rating.filter(|&r| r > 0);
    match criterion {
        Criterion::Rating {
            min,
            max,
            unrated_included,
        } => rating.map_or(*unrated_included, |r| {
            min.is_none_or(|m| r >= m) && max.is_none_or(|m| r <= m)
        }),
        Criterion::Unrated => rating.is_none(),
        Criterion::Sex(s) => player.sex == Some(*s),
        Criterion::Federation(f) => player
            .federation
            .as_deref()
            .is_some_and(|p| p.trim().eq_ignore_ascii_case(f.trim())),
        Criterion::JuniorUnder(age) => {
            let (Some(year), Some((born, date))) = (event_year, birth_year_and_date(player)) else {
                return false;
            };
            // Age on 1 January of the event year: the years between, less one unless the player
            // was born on 1 January (a birth year alone: taken as later in the year).
            let jan1 = date.is_some_and(|d| d.month() == 1 && d.day() == 1);
            let age_on_jan1 = year - born - i32::from(!jan1);
            age_on_jan1 < i32::from(*age)
        }
        Criterion::SeniorFrom(age) => {
            let (Some(year), Some((born, _))) = (event_year, birth_year_and_date(player)) else {
                return false;
            };
            year - born >= i32::from(*age)
        }
        Criterion::BornOnOrAfter(limit) => match birth_year_and_date(player) {
            Some((_, Some(d))) => d >= *limit,
            Some((y, None)) => {
                y > limit.year() || (y == limit.year() && limit.month() == 1 && limit.day() == 1)
            }
            None => false,
        },
        Criterion::BornOnOrBefore(limit) => match birth_year_and_date(player) {
            Some((_, Some(d))) => d <= *limit,
            Some((y, None)) => {
                y < limit.year() || (y == limit.year() && limit.month() == 12 && limit.day() == 31)
            }
            None => false,
        },
    }
}

/// Whether a player meets every criterion of a list.
pub(super) fn meets_all(player: &Player, criteria: &[Criterion], event_year: Option<i32>) -> bool {
    criteria.iter().all(|c| is_eligible(player, c, event_year))
}
