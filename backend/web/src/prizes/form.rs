//! The organizer's prize-list form: the settings, the main prizes one per line, and category
//! rows (a name, up to two criteria, the prizes one per line or separated by `;`). Read into a
//! [`PrizeList`]; each refusal names the field and the value.

use std::collections::BTreeMap;

use arbiter_tournament::Sex;
use arbiter_tournament::prizes::{
    Award, Category, Criterion, Money, Prize, PrizeList, PrizeSettings, PrizesPerPlayer, TieSharing,
};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::error::WebError;
use crate::extract::csrf_field;
use crate::l10n::Msg;
use crate::respond::bad;

/// How many empty category rows the form offers below the filled ones.
const EMPTY_ROWS: usize = 3;

/// The most category rows a form is read for.
const MAX_ROWS: usize = 100;

/// The form as posted (and as shown again after a refusal). Category fields are numbered:
/// `cat_name_N`, `cat_kind_a_N`, `cat_value_a_N`, `cat_kind_b_N`, `cat_value_b_N`,
/// `cat_prizes_N`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PrizeForm {
    /// The CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
    /// The currency, three letters (ISO 4217).
    #[serde(default)]
    pub currency: String,
    /// `highest` or `all`.
    #[serde(default)]
    pub per_player: String,
    /// `tiebreaks`, `hort` or `equal`.
    #[serde(default)]
    pub ties: String,
    /// The main prizes, one per line from 1st place: an amount, or the name of a prize in kind.
    #[serde(default)]
    pub main: String,
    /// The numbered category fields.
    #[serde(flatten)]
    pub rest: BTreeMap<String, String>,
}

csrf_field!(PrizeForm);

/// A category row as the template shows it.
pub struct CategoryRow {
    /// The row's number in the field names.
    pub n: usize,
    /// The name.
    pub name: String,
    /// The first criterion's kind and value.
    pub kind_a: String,
    /// Its value.
    pub value_a: String,
    /// The second criterion's kind.
    pub kind_b: String,
    /// Its value.
    pub value_b: String,
    /// The prizes, one per line.
    pub prizes: String,
}

impl CategoryRow {
    /// The name of the row's field `base` (`cat_name` in row 2: `cat_name_2`).
    #[must_use]
    pub fn field(&self, base: &str) -> String {
        format!("{base}_{}", self.n)
    }
}

/// The criteria kinds the form offers, with their catalogue keys.
pub const KINDS: [(&str, &str); 10] = [
    ("", "prizes-kind-none"),
    ("rating", "prizes-kind-rating"),
    ("unrated", "prizes-kind-unrated"),
    ("women", "prizes-kind-women"),
    ("men", "prizes-kind-men"),
    ("junior", "prizes-kind-junior"),
    ("senior", "prizes-kind-senior"),
    ("born_after", "prizes-kind-born-after"),
    ("born_before", "prizes-kind-born-before"),
    ("federation", "prizes-kind-federation"),
];

impl PrizeForm {
    fn field(&self, name: &str, n: usize) -> String {
        self.rest
            .get(&format!("{name}_{n}"))
            .cloned()
            .unwrap_or_default()
    }

    /// The fields the form shows, its category rows' included ([`crate::error::FormError`]).
    #[must_use]
    pub fn fields(&self) -> Vec<String> {
        let mut out: Vec<String> = ["currency", "per_player", "ties", "main"]
            .map(str::to_owned)
            .into();
        for row in self.rows() {
            for base in [
                "cat_name",
                "cat_kind_a",
                "cat_value_a",
                "cat_kind_b",
                "cat_value_b",
                "cat_prizes",
            ] {
                out.push(row.field(base));
            }
        }
        out
    }

    /// The category rows posted (or filled), then [`EMPTY_ROWS`] empty ones.
    #[must_use]
    pub fn rows(&self) -> Vec<CategoryRow> {
        let filled = (0..MAX_ROWS)
            .take_while(|&n| self.rest.contains_key(&format!("cat_name_{n}")))
            .count();
        (0..filled + EMPTY_ROWS)
            .map(|n| CategoryRow {
                n,
                name: self.field("cat_name", n),
                kind_a: self.field("cat_kind_a", n),
                value_a: self.field("cat_value_a", n),
                kind_b: self.field("cat_kind_b", n),
                value_b: self.field("cat_value_b", n),
                prizes: self.field("cat_prizes", n),
            })
            .collect()
    }

    /// The list the form describes; `None` when it has no prize at all (the list is removed).
    ///
    /// # Errors
    /// A `400` naming the field: an amount that is not a number, a criterion's value that does
    /// not read, a category without a name or without prizes, an unknown choice.
    pub fn list(&self) -> Result<Option<PrizeList>, WebError> {
        let currency = self.currency.trim().to_ascii_uppercase();
        let per_player = match self.per_player.as_str() {
            "" | "highest" => PrizesPerPlayer::HighestOnly,
            "all" => PrizesPerPlayer::All,
            other => return Err(choice("per_player", other)),
        };
        let ties = match self.ties.as_str() {
            "" | "tiebreaks" => TieSharing::ByTieBreaks,
            "hort" => TieSharing::Hort,
            "equal" => TieSharing::Equal,
            other => return Err(choice("ties", other)),
        };
        let main = prizes("main", &self.main, &currency)?;
        let mut categories = Vec::new();
        for row in self.rows() {
            let field = |f: &str| format!("{f}_{}", row.n);
            let name = row.name.trim();
            let has_prizes = !row.prizes.trim().is_empty();
            if name.is_empty() && !has_prizes {
                continue;
            }
            if name.is_empty() {
                return Err(bad(&field("cat_name"), Msg::new("prizes-category-unnamed")));
            }
            let mut criteria = Vec::new();
            for (kind, value, k, v) in [
                (&row.kind_a, &row.value_a, "cat_kind_a", "cat_value_a"),
                (&row.kind_b, &row.value_b, "cat_kind_b", "cat_value_b"),
            ] {
                if let Some(c) = criterion(kind, value, &field(k), &field(v))? {
                    criteria.push(c);
                }
            }
            categories.push(Category {
                name: name.to_owned(),
                criteria,
                prizes: prizes(&field("cat_prizes"), &row.prizes, &currency)?,
            });
        }
        if main.is_empty() && categories.is_empty() {
            return Ok(None);
        }
        Ok(Some(PrizeList {
            main,
            categories,
            settings: PrizeSettings { per_player, ties },
            event_year: None,
        }))
    }
}

fn choice(field: &str, value: &str) -> WebError {
    bad(field, Msg::new("prizes-bad-choice").ltr("value", value))
}

/// Digits of any script as ASCII, the Persian decimal separator as `.`, thousands separators
/// (`,` `٬` and spaces) dropped.
fn normalised_number(text: &str) -> String {
    arbiter_tournament::typed::latin_number(text)
        .chars()
        .filter(|c| !matches!(c, ',' | ' ' | '\u{00A0}' | '\u{202F}'))
        .collect()
}

/// An amount in major units with at most two decimals (`500`, `500.5`, `1,250.00`, `۵۰۰`) as
/// minor units; `None` when the text is not such a number.
fn minor_units(text: &str) -> Option<i64> {
    let t = normalised_number(text);
    let (whole, frac) = t.split_once('.').unwrap_or((&t, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if frac.len() > 2 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let cents = format!("{frac:0<2}").parse::<i64>().ok()?;
    whole
        .parse::<i64>()
        .ok()?
        .checked_mul(100)?
        .checked_add(cents)
}

/// Prizes one per line (or separated by `;`), 1st place first: an amount (money in `currency`)
/// or a name (a prize in kind). A line that starts with a digit must be an amount.
fn prizes(field: &str, text: &str, currency: &str) -> Result<Vec<Prize>, WebError> {
    let mut out = Vec::new();
    for item in text
        .split(['\n', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let place = u16::try_from(out.len() + 1).unwrap_or(u16::MAX);
        let starts_with_digit = item
            .chars()
            .next()
            .is_some_and(|c| arbiter_tournament::names::ascii_digit(c).is_ascii_digit());
        let award = match minor_units(item) {
            Some(minor_units) => Award::Money(Money {
                minor_units,
                currency: currency.to_owned(),
            }),
            None if starts_with_digit => {
                return Err(bad(
                    field,
                    Msg::new("prizes-bad-amount")
                        .int("place", place)
                        .ltr("value", item),
                ));
            }
            None => Award::Item {
                name: item.to_owned(),
                worth: 0,
            },
        };
        out.push(Prize { place, award });
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(text: &str) -> Option<T> {
    normalised_number(text).parse().ok()
}

/// One criterion from its kind and value; `None` for no criterion.
fn criterion(
    kind: &str,
    value: &str,
    kind_field: &str,
    value_field: &str,
) -> Result<Option<Criterion>, WebError> {
    let v = value.trim();
    let wrong = |key: &'static str| bad(value_field, Msg::new(key).ltr("value", v));
    Ok(Some(match kind {
        "" => return Ok(None),
        "unrated" => Criterion::Unrated,
        "women" => Criterion::Sex(Sex::Female),
        "men" => Criterion::Sex(Sex::Male),
        "rating" => {
            let n = normalised_number(v);
            let (min, max) = n
                .split_once('-')
                .ok_or_else(|| wrong("prizes-bad-rating-group"))?;
            let read = |s: &str| -> Result<Option<u16>, WebError> {
                if s.is_empty() {
                    Ok(None)
                } else {
                    s.parse()
                        .map(Some)
                        .map_err(|_| wrong("prizes-bad-rating-group"))
                }
            };
            let (min, max) = (read(min)?, read(max)?);
            if min.is_none() && max.is_none() {
                return Err(wrong("prizes-bad-rating-group"));
            }
            Criterion::Rating {
                min,
                max,
                unrated_included: false,
            }
        }
        "junior" => Criterion::JuniorUnder(number(v).ok_or_else(|| wrong("prizes-bad-age"))?),
        "senior" => Criterion::SeniorFrom(number(v).ok_or_else(|| wrong("prizes-bad-age"))?),
        "born_after" | "born_before" => {
            let d = NaiveDate::parse_from_str(&normalised_number(v), "%Y-%m-%d")
                .map_err(|_| wrong("prizes-bad-date"))?;
            if kind == "born_after" {
                Criterion::BornOnOrAfter(d)
            } else {
                Criterion::BornOnOrBefore(d)
            }
        }
        "federation" => {
            let f = v.to_ascii_uppercase();
            if f.len() != 3 || !f.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(wrong("prizes-bad-federation"));
            }
            Criterion::Federation(f)
        }
        other => return Err(choice(kind_field, other)),
    }))
}

/// A criterion as the form shows it: its kind and value.
fn shown(c: &Criterion) -> (String, String) {
    let (k, v) = match c {
        Criterion::Rating { min, max, .. } => (
            "rating",
            format!(
                "{}-{}",
                min.map(|m| m.to_string()).unwrap_or_default(),
                max.map(|m| m.to_string()).unwrap_or_default()
            ),
        ),
        Criterion::Unrated => ("unrated", String::new()),
        Criterion::Sex(Sex::Female) => ("women", String::new()),
        Criterion::Sex(Sex::Male) => ("men", String::new()),
        Criterion::JuniorUnder(a) => ("junior", a.to_string()),
        Criterion::SeniorFrom(a) => ("senior", a.to_string()),
        Criterion::BornOnOrAfter(d) => ("born_after", d.to_string()),
        Criterion::BornOnOrBefore(d) => ("born_before", d.to_string()),
        Criterion::Federation(f) => ("federation", f.clone()),
    };
    (k.to_owned(), v)
}

fn lines_of(prizes: &[Prize]) -> String {
    let mut sorted: Vec<&Prize> = prizes.iter().collect();
    sorted.sort_by_key(|p| p.place);
    sorted
        .iter()
        .map(|p| match &p.award {
            Award::Money(m) if m.minor_units % 100 == 0 => (m.minor_units / 100).to_string(),
            Award::Money(m) => format!("{}.{:02}", m.minor_units / 100, m.minor_units % 100),
            Award::Item { name, .. } => name.clone(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The form filled with a stored list (empty without one); `seen` the tournament's last change.
#[must_use]
pub fn form_of(list: Option<&PrizeList>, seen: &str) -> PrizeForm {
    let mut f = PrizeForm {
        seen: seen.to_owned(),
        per_player: "highest".into(),
        ties: "tiebreaks".into(),
        ..PrizeForm::default()
    };
    let Some(list) = list else {
        return f;
    };
    f.currency = list
        .main
        .iter()
        .chain(list.categories.iter().flat_map(|c| &c.prizes))
        .find_map(|p| p.award.money().map(|m| m.currency.clone()))
        .unwrap_or_default();
    f.per_player = match list.settings.per_player {
        PrizesPerPlayer::HighestOnly => "highest",
        PrizesPerPlayer::All => "all",
    }
    .into();
    f.ties = match list.settings.ties {
        TieSharing::ByTieBreaks => "tiebreaks",
        TieSharing::Hort => "hort",
        TieSharing::Equal => "equal",
    }
    .into();
    f.main = lines_of(&list.main);
    for (n, c) in list.categories.iter().enumerate() {
        f.rest.insert(format!("cat_name_{n}"), c.name.clone());
        for (i, crit) in c.criteria.iter().take(2).enumerate() {
            let (k, v) = shown(crit);
            let side = if i == 0 { "a" } else { "b" };
            f.rest.insert(format!("cat_kind_{side}_{n}"), k);
            f.rest.insert(format!("cat_value_{side}_{n}"), v);
        }
        f.rest
            .insert(format!("cat_prizes_{n}"), lines_of(&c.prizes));
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> PrizeForm {
        let body = serde_urlencoded::to_string(pairs).unwrap();
        serde_urlencoded::from_str(&body).unwrap()
    }

    #[test]
    fn a_form_reads_into_a_list_and_back() {
        let f = form(&[
            ("csrf", "x"),
            ("seen", "s"),
            ("currency", "eur"),
            ("per_player", "highest"),
            ("ties", "hort"),
            ("main", "1,000\n500.5\n\n۲۵۰\nA trophy"),
            ("cat_name_0", "Women"),
            ("cat_kind_a_0", "women"),
            ("cat_value_a_0", ""),
            ("cat_kind_b_0", "junior"),
            ("cat_value_b_0", "18"),
            ("cat_prizes_0", "300; 200"),
            ("cat_name_1", "U2000"),
            ("cat_kind_a_1", "rating"),
            ("cat_value_a_1", "-1999"),
            ("cat_prizes_1", "100"),
            ("cat_name_2", ""),
            ("cat_prizes_2", ""),
        ]);
        let list = f.list().unwrap().unwrap();
        let money = |v: i64| {
            Award::Money(Money {
                minor_units: v,
                currency: "EUR".into(),
            })
        };
        assert_eq!(list.settings.ties, TieSharing::Hort);
        assert_eq!(
            list.main
                .iter()
                .map(|p| (p.place, p.award.clone()))
                .collect::<Vec<_>>(),
            vec![
                (1, money(100_000)),
                (2, money(50_050)),
                (3, money(25_000)),
                (
                    4,
                    Award::Item {
                        name: "A trophy".into(),
                        worth: 0
                    }
                )
            ]
        );
        assert_eq!(list.categories.len(), 2, "the empty row is skipped");
        assert_eq!(
            list.categories[0].criteria,
            vec![Criterion::Sex(Sex::Female), Criterion::JuniorUnder(18)]
        );
        assert_eq!(
            list.categories[1].criteria,
            vec![Criterion::Rating {
                min: None,
                max: Some(1999),
                unrated_included: false
            }]
        );
        // Shown again, the form gives the same list.
        let again = form_of(Some(&list), "s");
        assert_eq!(again.main, "1000\n500.50\n250\nA trophy");
        assert_eq!(again.list().unwrap().unwrap(), list);
    }

    #[test]
    fn refusals_name_the_field() {
        let field_of = |f: PrizeForm| match f.list() {
            Err(WebError::BadRequest { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field_of(form(&[("main", "500\n12x")])), "main");
        assert_eq!(field_of(form(&[("main", "5.005")])), "main");
        assert_eq!(
            field_of(form(&[("cat_name_0", ""), ("cat_prizes_0", "100")])),
            "cat_name_0"
        );
        assert_eq!(
            field_of(form(&[
                ("cat_name_0", "Seniors"),
                ("cat_kind_a_0", "senior"),
                ("cat_value_a_0", "old"),
                ("cat_prizes_0", "100")
            ])),
            "cat_value_a_0"
        );
        assert_eq!(
            field_of(form(&[
                ("cat_name_0", "Group"),
                ("cat_kind_a_0", "rating"),
                ("cat_value_a_0", "2000"),
                ("cat_prizes_0", "100")
            ])),
            "cat_value_a_0"
        );
        assert_eq!(field_of(form(&[("ties", "coin")])), "ties");
        assert_eq!(
            form(&[("main", " ")]).list().unwrap(),
            None,
            "an empty form removes the list"
        );
    }
}
