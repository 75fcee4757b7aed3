//! Whether a prize list is sensible, before it is published or allocated.

use std::collections::BTreeSet;

use serde::Serialize;

use super::{Award, Criterion, ListRef, PrizeList};

/// Something wrong, or only odd, in a prize list. [`ListProblem::is_error`] says which ones stop
/// an allocation; the others are warnings for the organizer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum ListProblem {
    /// Two prizes of one list for the same place.
    #[error("{list}: place {place} has two prizes")]
    DuplicatePlace {
        /// The list.
        list: ListRef,
        /// The place.
        place: u16,
    },
    /// A place numbered 0 (places count from 1).
    #[error("{list}: a prize for place 0 (places count from 1)")]
    PlaceZero {
        /// The list.
        list: ListRef,
    },
    /// A category without any prize.
    #[error("{list} has no prizes")]
    EmptyCategory {
        /// The list.
        list: ListRef,
    },
    /// A negative amount of money, or a prize in kind with a negative worth.
    #[error("{list}: place {place} has a negative amount ({minor_units} minor units)")]
    NegativeAmount {
        /// The list.
        list: ListRef,
        /// The place.
        place: u16,
        /// The amount.
        minor_units: i64,
    },
    /// A currency code that is not three capital letters (ISO 4217).
    #[error("{list}: place {place}: `{currency}` is not a currency code such as EUR")]
    BadCurrency {
        /// The list.
        list: ListRef,
        /// The place.
        place: u16,
        /// The code written.
        currency: String,
    },
    /// A money prize in another currency than the list's first one: amounts could not be
    /// compared or pooled.
    #[error("{list}: place {place} is in {currency}, the list in {expected}")]
    MixedCurrency {
        /// The list.
        list: ListRef,
        /// The place.
        place: u16,
        /// Its currency.
        currency: String,
        /// The currency of the list's first money prize.
        expected: String,
    },
    /// A prize in kind without a name.
    #[error("{list}: place {place} is a prize in kind without a name")]
    UnnamedItem {
        /// The list.
        list: ListRef,
        /// The place.
        place: u16,
    },
    /// A rating group nobody can be in (`min` above `max`, and unrated players not included).
    #[error("{list}: rating group {min}-{max} is empty")]
    EmptyRatingGroup {
        /// The list.
        list: ListRef,
        /// The lower bound.
        min: u16,
        /// The upper bound.
        max: u16,
    },
    /// Criteria nobody can meet together (both sexes; rated and unrated only; two federations;
    /// "under 0").
    #[error("{list}: no player can meet all its criteria")]
    ImpossibleCriteria {
        /// The list.
        list: ListRef,
    },
    /// A federation that is not three letters (`001` columns 54-56).
    #[error("{list}: `{code}` is not a three-letter federation code")]
    BadFederation {
        /// The list.
        list: ListRef,
        /// The code written.
        code: String,
    },
    /// Warning: places skip a number (1, 2, 4).
    #[error("{list}: there is no prize for place {missing}")]
    PlaceGap {
        /// The list.
        list: ListRef,
        /// The first missing place.
        missing: u16,
    },
    /// Warning: a place is worth more than a better place of the same list.
    #[error("{list}: place {place} is worth more than place {better}")]
    WorseSpotWorthMore {
        /// The list.
        list: ListRef,
        /// The worse place.
        place: u16,
        /// The better place worth less.
        better: u16,
    },
}

impl ListProblem {
    /// Whether it stops an allocation (the others are warnings).
    #[must_use]
    pub fn is_error(&self) -> bool {
        !matches!(
            self,
            ListProblem::PlaceGap { .. } | ListProblem::WorseSpotWorthMore { .. }
        )
    }
}

/// Checks a prize list: duplicate places, place 0, empty categories, negative amounts, currency
/// codes, mixed currencies, unnamed prizes in kind, empty rating groups, impossible criteria,
/// federation codes (errors); gaps in the places and worse places worth more (warnings).
/// Problems come list by list, in the list's order.
#[must_use]
pub fn check_list(list: &PrizeList) -> Vec<ListProblem> {
    let mut out = Vec::new();
    let mut expected: Option<&str> = None;
    for l in list.lists() {
        let prizes = list.prizes(l);
        if prizes.is_empty() && l != ListRef::Main {
            out.push(ListProblem::EmptyCategory { list: l });
        }
        criteria_problems(l, list.criteria(l), &mut out);
        let mut seen = BTreeSet::new();
        for p in prizes {
            if p.place == 0 {
                out.push(ListProblem::PlaceZero { list: l });
            } else if !seen.insert(p.place) {
                out.push(ListProblem::DuplicatePlace {
                    list: l,
                    place: p.place,
                });
            }
            match &p.award {
                Award::Money(m) => {
                    if m.minor_units < 0 {
                        out.push(ListProblem::NegativeAmount {
                            list: l,
                            place: p.place,
                            minor_units: m.minor_units,
                        });
                    }
                    if m.currency.len() != 3 || !m.currency.bytes().all(|b| b.is_ascii_uppercase())
                    {
                        out.push(ListProblem::BadCurrency {
                            list: l,
                            place: p.place,
                            currency: m.currency.clone(),
                        });
                    } else if let Some(e) = expected {
                        if e != m.currency {
                            out.push(ListProblem::MixedCurrency {
                                list: l,
                                place: p.place,
                                currency: m.currency.clone(),
                                expected: e.to_owned(),
                            });
                        }
                    } else {
                        expected = Some(&m.currency);
                    }
                }
                Award::Item { name, worth } => {
                    if name.trim().is_empty() {
                        out.push(ListProblem::UnnamedItem {
                            list: l,
                            place: p.place,
                        });
                    }
                    if *worth < 0 {
                        out.push(ListProblem::NegativeAmount {
                            list: l,
                            place: p.place,
                            minor_units: *worth,
                        });
                    }
                }
            }
        }
        if let Some(&max) = seen.iter().next_back() {
            if let Some(missing) = (1..max).find(|p| !seen.contains(p)) {
                out.push(ListProblem::PlaceGap { list: l, missing });
            }
        }
        // Worse places worth more, comparing each place with the best place worth less.
        let mut by_place: Vec<(u16, i64)> = prizes
            .iter()
            .filter(|p| p.place > 0)
            .map(|p| (p.place, p.award.value()))
            .collect();
        by_place.sort_unstable();
        by_place.dedup_by_key(|(p, _)| *p);
        for (j, &(place, value)) in by_place.iter().enumerate() {
            if let Some(&(better, _)) = by_place[..j].iter().find(|(_, v)| *v < value) {
                out.push(ListProblem::WorseSpotWorthMore {
                    list: l,
                    place,
                    better,
                });
            }
        }
    }
    out
}

fn criteria_problems(l: ListRef, criteria: &[Criterion], out: &mut Vec<ListProblem>) {
    let mut sexes = BTreeSet::new();
    let mut feds = BTreeSet::new();
    let mut rated_only = false;
    let mut unrated_only = false;
    let mut impossible = false;
    for c in criteria {
        match c {
            Criterion::Rating {
                min,
                max,
                unrated_included,
            } => {
                if let (Some(a), Some(b)) = (min, max) {
                    if a > b {
                        if *unrated_included {
                            unrated_only = true;
                        } else {
                            out.push(ListProblem::EmptyRatingGroup {
                                list: l,
                                min: *a,
                                max: *b,
                            });
                        }
                    }
                }
                if !unrated_included {
                    rated_only = true;
                }
            }
            Criterion::Unrated => unrated_only = true,
            Criterion::Sex(s) => {
                sexes.insert(format!("{s:?}"));
            }
            Criterion::JuniorUnder(0) => impossible = true,
            Criterion::Federation(f) => {
                if f.trim().len() != 3 || !f.trim().bytes().all(|b| b.is_ascii_alphabetic()) {
                    out.push(ListProblem::BadFederation {
                        list: l,
                        code: f.clone(),
                    });
                }
                feds.insert(f.trim().to_ascii_uppercase());
            }
            Criterion::JuniorUnder(_)
            | Criterion::SeniorFrom(_)
            | Criterion::BornOnOrAfter(_)
            | Criterion::BornOnOrBefore(_) => {}
        }
    }
    if impossible || sexes.len() > 1 || feds.len() > 1 || (rated_only && unrated_only) {
        out.push(ListProblem::ImpossibleCriteria { list: l });
    }
}
