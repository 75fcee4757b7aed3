//! Which FIDE rating list an event is rated on: standard, rapid or blitz, from its time control.
//!
//! FIDE rates a game on the list its time control belongs to, counting the time each player has for
//! a game of 60 moves (the base time of every period reached by move 60 plus 60 times the
//! increment). The thresholds are those of the Rapid and Blitz Rating Regulations of 1 March 2024,
//! Art. 1.1.1-1.1.2, which agree with the Laws of Chess (2023) Appendices A and B: rapid is more
//! than 10 minutes and less than 60, blitz more than 3 minutes and at most 10. The summary in
//! `shared/laws/LAWS.md` (Appendices B and C) still gives the older 15-minute bound; the
//! regulations that rate the games win here. A game of 60 minutes or more is a standard game
//! (B.02 Art. 1.1 asks at least 60, 90 or 120 minutes by the players' ratings; whether a given
//! event meets its band is not checked here).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::Tournament;

/// The FIDE rating list an event is rated on (B.02 for standard; the Rapid and Blitz Rating
/// Regulations for the other two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RatingListKind {
    /// The standard list (B.02): 60 minutes or more for a game of 60 moves.
    #[default]
    Standard,
    /// The rapid list: more than 10 and less than 60 minutes for 60 moves (R&B Art. 1.1.1).
    Rapid,
    /// The blitz list: more than 3 and at most 10 minutes for 60 moves (R&B Art. 1.1.2).
    Blitz,
}

/// What [`RatingListKind::infer`] read the list from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListBasis {
    /// The encoded time control (TRF-2026 record `222`), worth `seconds` for 60 moves.
    Encoded {
        /// Seconds per player for a game of 60 moves.
        seconds: u32,
    },
    /// The free-text time control (TRF record `122`), read as `seconds` for 60 moves (the first
    /// period only: a lower bound).
    Text {
        /// Seconds per player for a game of 60 moves, as far as the text says.
        seconds: u32,
    },
    /// The free-text time control names the kind (`rapid`, `blitz`, `standard`, `classical`,
    /// `schnell`).
    Keyword,
    /// Nothing to read: the standard list is assumed.
    Unknown,
}

/// The list an event is rated on and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ListInference {
    /// The list.
    pub list: RatingListKind,
    /// What it was read from.
    pub basis: ListBasis,
}

impl RatingListKind {
    /// The three, in FIDE's order.
    pub const ALL: [RatingListKind; 3] = [
        RatingListKind::Standard,
        RatingListKind::Rapid,
        RatingListKind::Blitz,
    ];

    /// `standard`, `rapid`, `blitz` (as FIDE's file names start).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            RatingListKind::Standard => "standard",
            RatingListKind::Rapid => "rapid",
            RatingListKind::Blitz => "blitz",
        }
    }

    /// Reads `standard`, `rapid` or `blitz` (any case; `classical` and `std` for standard).
    #[must_use]
    pub fn parse(text: &str) -> Option<RatingListKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "standard" | "std" | "classical" => Some(RatingListKind::Standard),
            "rapid" | "rpd" => Some(RatingListKind::Rapid),
            "blitz" | "blz" => Some(RatingListKind::Blitz),
            _ => None,
        }
    }

    /// The list for a time control worth `seconds` per player for 60 moves: at most 600 blitz,
    /// less than 3,600 rapid, else standard (R&B Art. 1.1). Games of 3 minutes or less are rated
    /// on no list; they are reported as blitz, the nearest.
    #[must_use]
    pub const fn for_seconds(seconds: u32) -> RatingListKind {
        if seconds <= 600 {
            RatingListKind::Blitz
        } else if seconds < 3_600 {
            RatingListKind::Rapid
        } else {
            RatingListKind::Standard
        }
    }

    /// The list of a tournament: from the encoded time control (TRF-2026 `222`) when it reads,
    /// else from the free text (`122`: a keyword, or the first period such as `90+30` or
    /// `40/120, 60` in minutes and increment seconds), else standard.
    #[must_use]
    pub fn infer(t: &Tournament) -> ListInference {
        if let Some(seconds) = t
            .encoded_time_control
            .as_deref()
            .and_then(seconds_for_60_moves)
        {
            return ListInference {
                list: RatingListKind::for_seconds(seconds),
                basis: ListBasis::Encoded { seconds },
            };
        }
        if let Some(text) = t.time_control.as_deref() {
            let lower = text.to_lowercase();
            let keyword = if lower.contains("blitz") {
                Some(RatingListKind::Blitz)
            } else if lower.contains("rapid") || lower.contains("schnell") {
                Some(RatingListKind::Rapid)
            } else if lower.contains("standard") || lower.contains("classic") {
                Some(RatingListKind::Standard)
            } else {
                None
            };
            if let Some(list) = keyword {
                return ListInference {
                    list,
                    basis: ListBasis::Keyword,
                };
            }
            if let Some(seconds) = text_seconds(text) {
                return ListInference {
                    list: RatingListKind::for_seconds(seconds),
                    basis: ListBasis::Text { seconds },
                };
            }
        }
        ListInference {
            list: RatingListKind::Standard,
            basis: ListBasis::Unknown,
        }
    }
}

impl fmt::Display for RatingListKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for ListInference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.basis {
            ListBasis::Encoded { seconds } => write!(
                f,
                "{} (record 222: {} minutes for 60 moves)",
                self.list,
                f64::from(seconds) / 60.0
            ),
            ListBasis::Text { seconds } => write!(
                f,
                "{} (record 122: at least {} minutes for 60 moves)",
                self.list,
                f64::from(seconds) / 60.0
            ),
            ListBasis::Keyword => write!(f, "{} (named in record 122)", self.list),
            ListBasis::Unknown => write!(f, "{} (no time control given)", self.list),
        }
    }
}

/// Seconds per player for a game of 60 moves under a TRF-2026 encoded time control (record
/// `222`: periods `moves/seconds+increment` joined by `:`, the last without a move count; e.g.
/// `40/6000+30:1500+30` is 6,000 + 40 × 30 + 1,500 + 20 × 30 = 9,300). A period that starts
/// after move 60 adds nothing. `None` when a period does not read.
#[must_use]
pub fn seconds_for_60_moves(encoded: &str) -> Option<u32> {
    let encoded = encoded.trim();
    if encoded.is_empty() {
        return None;
    }
    let mut played = 0_u32;
    let mut total = 0_u32;
    for period in encoded.split(':') {
        let (moves, rest) = match period.split_once('/') {
            Some((m, rest)) => (Some(m.trim().parse::<u32>().ok()?), rest),
            None => (None, period),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (b.trim().parse::<u32>().ok()?, i.trim().parse::<u32>().ok()?),
            None => (rest.trim().parse::<u32>().ok()?, 0),
        };
        if played >= 60 {
            continue;
        }
        let in_period = moves.map_or(60 - played, |m| m.min(60 - played));
        total = total
            .checked_add(base)?
            .checked_add(increment.checked_mul(in_period)?)?;
        played += in_period;
        if moves.is_none() {
            played = 60;
        }
    }
    Some(total)
}

/// The first period of a free-text time control in seconds for 60 moves: `M` minutes, or `N/M`
/// (M minutes for N moves), then `+S` increment seconds (`90+30`, `90' + 30''`, `40/120, 60`).
fn text_seconds(text: &str) -> Option<u32> {
    // Numbers, each with the first non-space character after it.
    let mut numbers: Vec<(u32, Option<char>)> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut n = 0_u32;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.checked_mul(10)?.checked_add(d)?;
                chars.next();
            }
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            numbers.push((n, chars.peek().copied()));
        } else {
            chars.next();
        }
    }
    let mut it = numbers.into_iter();
    let (first, after) = it.next()?;
    let (minutes, after) = if after == Some('/') {
        it.next()?
    } else {
        (first, after)
    };
    // The increment follows the minutes, after a '+' and perhaps a unit mark.
    let plus = after == Some('+') || matches!(after, Some('\'' | '"' | '’' | 'm'));
    let increment = if plus && text.contains('+') {
        it.next().map_or(0, |(n, _)| n)
    } else {
        0
    };
    minutes
        .checked_mul(60)?
        .checked_add(increment.checked_mul(60)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoded_time_controls() {
        // 6,000 + 40 × 30 + 1,500 + 20 × 30 = 9,300 s.
        assert_eq!(seconds_for_60_moves("40/6000+30:1500+30"), Some(9_300));
        // 900 + 60 × 10 = 1,500 s: rapid.
        assert_eq!(seconds_for_60_moves("900+10"), Some(1_500));
        // 180 + 60 × 2 = 300 s: blitz.
        assert_eq!(seconds_for_60_moves("180+2"), Some(300));
        // 40/7200 then 20/3600 then 900+30: moves 41-60 are in period 2; period 3 starts at
        // move 61 and adds nothing: 7,200 + 3,600 = 10,800.
        assert_eq!(seconds_for_60_moves("40/7200:20/3600:900+30"), Some(10_800));
        assert_eq!(seconds_for_60_moves("90 min"), None);
        assert_eq!(seconds_for_60_moves(""), None);
    }

    #[test]
    fn thresholds_of_the_rapid_and_blitz_regulations() {
        assert_eq!(RatingListKind::for_seconds(600), RatingListKind::Blitz);
        assert_eq!(RatingListKind::for_seconds(601), RatingListKind::Rapid);
        assert_eq!(RatingListKind::for_seconds(3_599), RatingListKind::Rapid);
        assert_eq!(RatingListKind::for_seconds(3_600), RatingListKind::Standard);
    }

    #[test]
    fn inferred_from_the_file() {
        let mut t = Tournament::default();
        assert_eq!(RatingListKind::infer(&t).basis, ListBasis::Unknown);
        // Karl-Mala 2005 writes `40/120, 60`: 120 minutes in the first period.
        t.time_control = Some("40/120, 60".into());
        assert_eq!(
            RatingListKind::infer(&t),
            ListInference {
                list: RatingListKind::Standard,
                basis: ListBasis::Text { seconds: 7_200 }
            }
        );
        // 15 minutes + 10 seconds: 900 + 600 = 1,500 s.
        t.time_control = Some("15' + 10\"".into());
        assert_eq!(
            RatingListKind::infer(&t).basis,
            ListBasis::Text { seconds: 1_500 }
        );
        assert_eq!(RatingListKind::infer(&t).list, RatingListKind::Rapid);
        t.time_control = Some("3+2".into());
        assert_eq!(RatingListKind::infer(&t).list, RatingListKind::Blitz);
        t.time_control = Some("Blitz 5 min".into());
        assert_eq!(RatingListKind::infer(&t).basis, ListBasis::Keyword);
        assert_eq!(RatingListKind::infer(&t).list, RatingListKind::Blitz);
        // The template text of gros-2010 has no figures.
        t.time_control = Some("moves/time, increment".into());
        assert_eq!(RatingListKind::infer(&t).basis, ListBasis::Unknown);
        // Record 222 wins over 122.
        t.encoded_time_control = Some("600+5".into());
        assert_eq!(
            RatingListKind::infer(&t),
            ListInference {
                list: RatingListKind::Rapid,
                basis: ListBasis::Encoded { seconds: 900 }
            }
        );
        assert_eq!(RatingListKind::parse("Blitz"), Some(RatingListKind::Blitz));
        assert_eq!(RatingListKind::parse("bullet"), None);
    }
}
