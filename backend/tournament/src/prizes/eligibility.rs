//! Who may win a category: the criteria of [`Criterion`] read on a [`Player`].

use chrono::Datelike;

use super::Criterion;
use crate::model::Player;

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
            let (Some(year), Some(born)) = (event_year, player.birth_date) else {
                return false;
            };
            // Age on 1 January of the event year: the years between, less one unless the player
            // was born on 1 January (a birth year alone, or a month: taken as later in the year).
            let jan1 = born.full().is_some_and(|d| d.month() == 1 && d.day() == 1);
            let age_on_jan1 = year - born.year() - i32::from(!jan1);
            age_on_jan1 < i32::from(*age)
        }
        Criterion::SeniorFrom(age) => {
            let (Some(year), Some(born)) = (event_year, player.birth_date) else {
                return false;
            };
            year - born.year() >= i32::from(*age)
        }
        // A partial birth date (a year alone, a year and a month) meets a limit only when every
        // day it may stand for does.
        Criterion::BornOnOrAfter(limit) => {
            player.birth_date.is_some_and(|b| b.first_day() >= *limit)
        }
        Criterion::BornOnOrBefore(limit) => {
            player.birth_date.is_some_and(|b| b.last_day() <= *limit)
        }
    }
}

/// Whether a player meets every criterion of a list.
pub(super) fn meets_all(player: &Player, criteria: &[Criterion], event_year: Option<i32>) -> bool {
    criteria.iter().all(|c| is_eligible(player, c, event_year))
}
