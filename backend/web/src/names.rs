//! Player names on the web: the search box (`?q=`, [`NameQuery`]) that filters a player list by
//! folded name ([`arbiter_tournament::names::name_matches`]), the alphabetical order of a list
//! by the reader's collation (ICU4X, [`sort_by_name`]), and the refusals of a registration that
//! duplicates a registered player ([`arbiter_tournament::names::duplicates_of`]), in the
//! catalogues' words (`locales/*/names.ftl`). The domain decides what is a duplicate; this module
//! only asks and answers.

use std::cmp::Ordering;
use std::str::FromStr;

use arbiter_tournament::Player;
use arbiter_tournament::names::Duplicate;
use icu::collator::options::CollatorOptions;
use icu::collator::{Collator, CollatorBorrowed};
use icu::locale::Locale;
use serde::Deserialize;

use crate::error::WebError;
use crate::l10n::{L10n, Msg};
use crate::respond::bad;

/// The query of a page with a player list: `q`, words to find in the players' names (folded:
/// Arabic and Persian letter forms, digits, diacritics and case do not matter); `sort=name` for
/// the alphabetical order (the default is by pairing number).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct NameQuery {
    /// Words to find in a name (empty: every player).
    #[serde(default)]
    pub q: String,
    /// `name` for the alphabetical order; anything else keeps the pairing numbers' order.
    #[serde(default)]
    pub sort: String,
}

impl NameQuery {
    /// The search, trimmed, at most 100 characters.
    #[must_use]
    pub fn words(&self) -> String {
        self.q.trim().chars().take(100).collect()
    }

    /// Whether the list is asked for in alphabetical order.
    #[must_use]
    pub fn by_name(&self) -> bool {
        self.sort == "name"
    }

    /// Whether `player` is one the search finds.
    #[must_use]
    pub fn finds(&self, player: &Player) -> bool {
        arbiter_tournament::names::name_matches(&self.q, &player.name)
    }
}

/// What a public player list shows around it: the search box's value, the links to the two
/// orders (each keeping the search), and how many players the search found.
#[derive(Clone, Debug, Default)]
pub struct ListView {
    /// The search as typed (for the box).
    pub q: String,
    /// Whether the list is in alphabetical order.
    pub by_name: bool,
    /// The query string of the alphabetical order (`?sort=name&q=...`).
    pub name_order: String,
    /// The query string of the pairing numbers' order (`?q=...`, or empty: the page itself).
    pub number_order: String,
    /// "2 of 14 players match «ali»" in the reader's words, empty without a search.
    pub found: String,
}

impl ListView {
    /// The view of a list of `total` players of which the search `query` found `shown`.
    #[must_use]
    pub fn new(l: &L10n, query: &NameQuery, shown: usize, total: usize) -> ListView {
        let q = query.words();
        let keep = if q.is_empty() {
            String::new()
        } else {
            format!("q={}", encode(&q))
        };
        let found = if q.is_empty() {
            String::new()
        } else {
            l.ta(
                "names-search-found",
                &[
                    ("q", l.data(&q)),
                    ("n", l.int(shown)),
                    ("total", l.int(total)),
                ],
            )
        };
        ListView {
            by_name: query.by_name(),
            name_order: if keep.is_empty() {
                "?sort=name".to_owned()
            } else {
                format!("?sort=name&{keep}")
            },
            number_order: if keep.is_empty() {
                String::new()
            } else {
                format!("?{keep}")
            },
            found,
            q,
        }
    }
}

/// The collator of a language (its BCP 47 code: Persian, Arabic or English collation, CLDR),
/// `None` if ICU4X has no data for it.
fn collator(code: &str) -> Option<CollatorBorrowed<'static>> {
    let locale = Locale::from_str(code).ok()?;
    Collator::try_new((&locale).into(), CollatorOptions::default()).ok()
}

/// Sorts `items` alphabetically by `name` in the reader's collation (the ICU4X collator for `fa`,
/// `ar` or `en`); equal names keep their order. Without collation data, by code point.
pub fn sort_by_name<T>(l: &L10n, items: &mut [T], name: impl Fn(&T) -> &str) {
    match collator(l.lang()) {
        Some(c) => items.sort_by(|a, b| c.compare(name(a), name(b))),
        None => items.sort_by(|a, b| name(a).cmp(name(b))),
    }
}

/// Compares two names in the collation of the language `code` (`fa`, `ar`, `en`).
#[must_use]
pub fn compare(code: &str, a: &str, b: &str) -> Ordering {
    collator(code).map_or_else(|| a.cmp(b), |c| c.compare(a, b))
}

/// A query string value, percent-encoded (UTF-8 bytes; unreserved ASCII as it is).
#[must_use]
pub fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// An upload's bytes as text, line by line as the readers take them: UTF-8, and a line that is
/// not UTF-8 as Latin-1 (which only the TRF reader accepts, `arbiter_tournament::read_trf`).
#[must_use]
pub fn text_of(bytes: &[u8]) -> String {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_owned();
    }
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|line| match std::str::from_utf8(line) {
            Ok(s) => s.to_owned(),
            Err(_) => line.iter().map(|&b| char::from(b)).collect(),
        })
        .collect()
}

/// How a registration answers a duplicate (see [`refusal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// The organizer's form: a checkbox confirms.
    Form,
    /// The JSON API: the field `allow_duplicate_name` confirms.
    Api,
}

/// The refusal of a player registered over `duplicates` (the domain's answer for one player),
/// `None` when there is none or when the organizer confirmed a name conflict (`confirmed`). A
/// FIDE id already registered is refused on `fide_id` in every case; a name on `name`, the
/// registered player named with his pairing number.
#[must_use]
pub fn refusal(
    duplicates: &[Duplicate<'_>],
    confirmed: bool,
    channel: Channel,
) -> Option<WebError> {
    let first = duplicates.first()?;
    let p = first.player();
    let with = |key| {
        Msg::new(key)
            .data("player", p.name.clone())
            .int("n", p.pairing_number)
    };
    match first {
        Duplicate::FideId(_) => Some(bad(
            "fide_id",
            with("names-duplicate-fide-id").ltr("fide_id", p.fide_id.unwrap_or(0).to_string()),
        )),
        Duplicate::Name(_) if confirmed => None,
        Duplicate::Name(_) => Some(bad(
            "name",
            with(match channel {
                Channel::Form => "names-duplicate-name",
                Channel::Api => "names-duplicate-name-api",
            }),
        )),
    }
}

/// The refusal of a player of a list (the API's) that duplicates an earlier one, `other` (as
/// the list names it: `players[0]`): a FIDE id given twice on `fide_id`, a name given twice on
/// `name` unless `confirmed`.
#[must_use]
pub fn refusal_in_list(d: &Duplicate<'_>, other: String, confirmed: bool) -> Option<WebError> {
    let p = d.player();
    match d {
        Duplicate::FideId(_) => Some(bad(
            "fide_id",
            Msg::new("names-list-fide-id-again")
                .ltr("fide_id", p.fide_id.unwrap_or(0).to_string())
                .ltr("other", other),
        )),
        Duplicate::Name(_) if confirmed => None,
        Duplicate::Name(_) => Some(bad(
            "name",
            Msg::new("names-list-name-again")
                .data("player", p.name.clone())
                .ltr("other", other),
        )),
    }
}

/// The refusal of an upload: each duplicate named by its line (`line_of(index)`), against a
/// registered player or an earlier line of the file; `None` when there is none, or when every
/// one is a name conflict and the organizer confirmed. The text is in `l`'s language, ready for
/// the manage page; `.1` says whether confirming would help (no FIDE id conflict).
#[must_use]
pub fn upload_refusal(
    l: &L10n,
    new: &[Player],
    duplicates: &[(usize, Duplicate<'_>)],
    confirmed: bool,
    line_of: impl Fn(usize) -> u64,
) -> Option<(String, bool)> {
    let hard = duplicates.iter().any(|(_, d)| !d.may_confirm());
    if duplicates.is_empty() || (confirmed && !hard) {
        return None;
    }
    let line_of = |i: usize| i64::try_from(line_of(i)).unwrap_or(i64::MAX);
    let mut parts = Vec::new();
    for (i, d) in duplicates {
        let other = d.player();
        let earlier = new.iter().position(|p| std::ptr::eq(p, other));
        let msg = match (d, earlier) {
            (Duplicate::FideId(_), Some(j)) => Msg::new("names-file-fide-id-again")
                .ltr("fide_id", other.fide_id.unwrap_or(0).to_string())
                .int("other", line_of(j)),
            (Duplicate::Name(_), Some(j)) => Msg::new("names-file-name-again")
                .data("player", other.name.clone())
                .int("other", line_of(j)),
            (Duplicate::FideId(_), None) => Msg::new("names-duplicate-fide-id")
                .data("player", other.name.clone())
                .int("n", other.pairing_number)
                .ltr("fide_id", other.fide_id.unwrap_or(0).to_string()),
            (Duplicate::Name(_), None) => Msg::new("names-file-name-registered")
                .data("player", other.name.clone())
                .int("n", other.pairing_number),
        };
        parts.push(
            l.m(&Msg::new("names-line")
                .int("line", line_of(*i))
                .msg("message", msg)),
        );
    }
    let mut text = l.m(&Msg::new("error-field")
        .text("field", l.t("field-file"))
        .text("message", parts.join(l.t("names-list-separator").as_str())));
    if !hard {
        text.push(' ');
        text.push_str(&l.t("names-file-confirm-hint"));
    }
    Some((text, !hard))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn persian_collation_puts_vav_before_heh_and_latin_ignores_case() {
        // The Persian alphabet ends ... و ه ی; Arabic and the root order have ه before و.
        assert_eq!(compare("fa", "وحیدی", "هادی"), Ordering::Less);
        assert_eq!(compare("ar", "وحيدي", "هادي"), Ordering::Greater);
        // پ sorts with ب, before ت, though its code point comes after every Arabic letter.
        assert_eq!(compare("fa", "پارسا", "تهرانی"), Ordering::Less);
        assert_eq!(compare("en", "ahmadi", "Zand"), Ordering::Less);
        assert_eq!(compare("en", "Émile", "Fabre"), Ordering::Less);
    }

    #[test]
    fn query_values_are_percent_encoded() {
        assert_eq!(encode("Rezaei, Ali"), "Rezaei%2C%20Ali");
        assert_eq!(encode("علی"), "%D8%B9%D9%84%DB%8C");
    }
}
