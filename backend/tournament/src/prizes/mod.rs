//! Prize lists: the organizer's main prizes by place and category prizes (rating groups, women,
//! juniors and seniors, a federation, unrated players), and their allocation from the final
//! standings.
//!
//! Sources: FIDE Handbook C.05 (General Regulations for Competitions) asks the regulations of an
//! event to state its prizes and "how prize money is distributed in case of equal scores"; the
//! three ways offered here are the ones events announce:
//!
//! - **by tie-breaks** ([`TieSharing::ByTieBreaks`]): the standings' order (C.07) decides who
//!   holds each place; only players the tie-breaks cannot separate (same rank) share;
//! - **the Hort system** ([`TieSharing::Hort`], proposed by GM Vlastimil Hort): each tied player
//!   keeps half of the prize of the place the tie-breaks give him; the other halves of the tied
//!   places are pooled and shared equally among the players with the same points (German
//!   Wikipedia, "Hort-System": 1st 100, 2nd 80 and two players on 8 points give 50 + 45 = 95 and
//!   40 + 45 = 85);
//! - **equal sharing** ([`TieSharing::Equal`]): the prizes of the tied places are pooled and
//!   divided equally among the players with the same points (US Chess rule 32B does this).
//!
//! Money is exact: amounts are whole minor units (cents, rials, fils) in an `i64`. A share that is
//! not a whole number of minor units leaves a remainder of `r` units (less than the number of
//! sharers); it goes one unit each to the first `r` sharers in the standings' order, so the
//! amounts paid always add up to the prizes pooled ([`TieGroup::remainder_to`]). In the Hort
//! system a player keeps the half of his place's amount rounded down; an odd unit goes into the
//! pool.
//!
//! [`check_list`] says whether a list is sensible; [`allocate`] gives each prize its recipients
//! and each player his prizes. Lists and allocations serialise with serde (the web stores the
//! list as JSON).

mod allocate;
mod check;
mod eligibility;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::model::Sex;

pub use allocate::{
    AllocateError, Allocation, GroupMember, PlayerPrizes, PrizeOutcome, Received, TieGroup,
    allocate,
};
pub use check::{ListProblem, check_list};
pub use eligibility::is_eligible;

/// An amount of money: whole minor units of a currency (ISO 4217 code).
///
/// `Money { minor_units: 150_000, currency: "EUR".into() }` is 1,500.00 euros. A currency without
/// minor units (JPY) counts whole units. `Display` always writes two decimals (`1500.00 EUR`);
/// the web formats amounts by the currency's own exponent.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Money {
    /// The amount in minor units (cents); negative only in a list [`check_list`] rejects.
    pub minor_units: i64,
    /// The ISO 4217 currency code, three capital letters (`EUR`, `IRR`, `AED`).
    pub currency: String,
}

impl std::fmt::Display for Money {
    /// `1500.00 EUR` style: the minor units with two decimals.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.minor_units < 0 { "-" } else { "" };
        let a = self.minor_units.unsigned_abs();
        write!(f, "{sign}{}.{:02} {}", a / 100, a % 100, self.currency)
    }
}

/// What a prize gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Award {
    /// Money, which can be shared between tied players.
    Money(Money),
    /// A prize in kind (a trophy, a book, a clock), named by text. It is never split: it goes to
    /// the player who holds the place by the standings' order.
    Item {
        /// What it is, e.g. `Trophy` (the organizer's words, shown as written).
        name: String,
        /// Its worth in minor units of the list's currency, used only to decide which prize is
        /// the highest for a player who may receive one prize; 0 when not given.
        #[serde(default)]
        worth: i64,
    },
}

impl Award {
    /// The value compared when a player may receive only one prize: the money, or the item's
    /// worth.
    #[must_use]
    pub fn value(&self) -> i64 {
        match self {
            Award::Money(m) => m.minor_units,
            Award::Item { worth, .. } => *worth,
        }
    }

    /// The money, if it is a money prize.
    #[must_use]
    pub fn money(&self) -> Option<&Money> {
        match self {
            Award::Money(m) => Some(m),
            Award::Item { .. } => None,
        }
    }
}

impl std::fmt::Display for Award {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Award::Money(m) => write!(f, "{m}"),
            Award::Item { name, .. } => f.write_str(name),
        }
    }
}

/// One prize of a list: a place within its category and what it gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prize {
    /// The place within the category, from 1 (1st, 2nd, ...).
    pub place: u16,
    /// What it gives.
    pub award: Award,
}

/// Who may win a category's prizes. A category with several criteria requires all of them
/// ("best woman under 12" is `[Sex(Female), JuniorUnder(12)]`).
///
/// In JSON: `{"kind": "junior_under", "value": 12}`, `{"kind": "sex", "value": "Female"}`,
/// `{"kind": "unrated"}`, `{"kind": "rating", "value": {"min": 1600, "max": 1799}}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    content = "value",
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Criterion {
    /// A rating group `min..=max` by the player's FIDE rating (`001` columns 49-52); a bound left
    /// out is open. Unrated players (no rating, or 0) belong when `unrated_included`.
    Rating {
        /// The lowest rating of the group, inclusive.
        #[serde(default)]
        min: Option<u16>,
        /// The highest rating of the group, inclusive.
        #[serde(default)]
        max: Option<u16>,
        /// Whether unrated players count in this group (many "under 1600" prizes include them).
        #[serde(default)]
        unrated_included: bool,
    },
    /// Unrated players only (no FIDE rating, or 0): "best unrated".
    Unrated,
    /// One sex (`001` column 10): `Sex(Female)` is the women's prize.
    Sex(Sex),
    /// Juniors: under `age` years on 1 January of the event's year, FIDE's rule for age
    /// categories (the World Youth and Junior Championships' regulations). With a full birth date
    /// the age on that day decides; with a birth year alone, a player born in year `Y - age` is
    /// taken as born after 1 January (so eligible), one born earlier is not.
    JuniorUnder(u8),
    /// Seniors: reaching `age` years or more during the event's year (event year minus birth
    /// year at least `age`), the rule of the FIDE World Senior Championships (50+, 65+).
    SeniorFrom(u8),
    /// Born on or after a date (an organizer's own age limit). With a birth year alone, the
    /// player belongs when the year is after the date's year, or is that year and the date is
    /// 1 January.
    BornOnOrAfter(chrono::NaiveDate),
    /// Born on or before a date. With a birth year alone, the player belongs when the year is
    /// before the date's year, or is that year and the date is 31 December.
    BornOnOrBefore(chrono::NaiveDate),
    /// Players of one federation (`001` columns 54-56, three letters, e.g. `IRI`).
    Federation(String),
}

impl std::fmt::Display for Criterion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Criterion::Rating {
                min,
                max,
                unrated_included,
            } => {
                match (min, max) {
                    (Some(a), Some(b)) => write!(f, "rated {a}-{b}")?,
                    (Some(a), None) => write!(f, "rated {a} or more")?,
                    (None, Some(b)) => write!(f, "rated {b} or less")?,
                    (None, None) => write!(f, "rated")?,
                }
                if *unrated_included {
                    f.write_str(" or unrated")?;
                }
                Ok(())
            }
            Criterion::Unrated => f.write_str("unrated"),
            Criterion::Sex(Sex::Female) => f.write_str("women"),
            Criterion::Sex(Sex::Male) => f.write_str("men"),
            Criterion::JuniorUnder(a) => write!(f, "under {a}"),
            Criterion::SeniorFrom(a) => write!(f, "{a} and over"),
            Criterion::BornOnOrAfter(d) => write!(f, "born on or after {d}"),
            Criterion::BornOnOrBefore(d) => write!(f, "born on or before {d}"),
            Criterion::Federation(fed) => write!(f, "federation {fed}"),
        }
    }
}

/// A category of prizes: its name, who may win it, and its prizes by place.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Category {
    /// The organizer's name for it, shown as written (e.g. `Women`, `U1800`).
    pub name: String,
    /// Who may win (all must hold); empty: everyone.
    #[serde(default)]
    pub criteria: Vec<Criterion>,
    /// The prizes, by place.
    pub prizes: Vec<Prize>,
}

/// Which list a prize belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "list", content = "index", rename_all = "snake_case")]
pub enum ListRef {
    /// The main prizes (by place in the whole standings).
    Main,
    /// A category prize: the index into [`PrizeList::categories`].
    Category(usize),
}

impl std::fmt::Display for ListRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListRef::Main => f.write_str("main prizes"),
            ListRef::Category(i) => write!(f, "category {}", i + 1),
        }
    }
}

/// How many prizes a player may receive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrizesPerPlayer {
    /// Only the highest prize due (the usual rule): the prize of greater value; between equal
    /// values the main list first, then the categories in list order, then the better place.
    #[default]
    HighestOnly,
    /// Every prize due, one per list (the event's regulations say so).
    All,
}

/// How the money of tied places is shared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieSharing {
    /// The standings' order (points, then the tie-breaks of C.07) decides; only players of the
    /// same rank (tied on every tie-break) share equally.
    #[default]
    ByTieBreaks,
    /// The Hort system: half of each place's prize stays with its holder by the standings'
    /// order, the other halves of the places of players with equal points are shared equally.
    Hort,
    /// The prizes of the places of players with equal points are shared equally.
    Equal,
}

/// The list's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizeSettings {
    /// How many prizes a player may receive.
    #[serde(default)]
    pub per_player: PrizesPerPlayer,
    /// How tied players share money.
    #[serde(default)]
    pub ties: TieSharing,
}

/// An organizer's prize list. Unknown fields are refused at every level, so that a misspelt
/// field is never silently dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizeList {
    /// The main prizes, by place in the whole standings.
    #[serde(default)]
    pub main: Vec<Prize>,
    /// The category prizes, in the organizer's order (which also breaks ties of value).
    #[serde(default)]
    pub categories: Vec<Category>,
    /// The settings.
    #[serde(default)]
    pub settings: PrizeSettings,
    /// The year ages are counted from; `None`: the year of the tournament's start date (`042`).
    #[serde(default)]
    pub event_year: Option<i32>,
}

impl PrizeList {
    /// The prizes of one list (empty for a category index out of range).
    #[must_use]
    pub fn prizes(&self, list: ListRef) -> &[Prize] {
        match list {
            ListRef::Main => &self.main,
            ListRef::Category(i) => self.categories.get(i).map_or(&[], |c| &c.prizes),
        }
    }

    /// The criteria of one list (none for the main list).
    #[must_use]
    pub fn criteria(&self, list: ListRef) -> &[Criterion] {
        match list {
            ListRef::Main => &[],
            ListRef::Category(i) => self.categories.get(i).map_or(&[], |c| &c.criteria),
        }
    }

    /// Every list: the main one, then the categories in order.
    pub fn lists(&self) -> impl Iterator<Item = ListRef> + '_ {
        std::iter::once(ListRef::Main).chain((0..self.categories.len()).map(ListRef::Category))
    }
}
