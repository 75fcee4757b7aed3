//! Validated input: the values every door into Arbiter (the organizer's forms, the JSON API, the
//! command line and the importers) must build before anything is stored ("parse, don't
//! validate"). Each type's constructor is the only way in, so a value of the type is valid
//! wherever it travels, and the four doors cannot disagree on what they let in.
//!
//! - [`Text`]: a name or other free text, trimmed, in Unicode NFC, without control characters
//!   or hidden ones (bidi controls, invisible format characters: [`crate::names::hidden`]), at
//!   most `MAX` characters ([`EventName`] 200, [`PlayerName`] 33: the TRF16 `001` name
//!   field, columns 15-47; [`TeamName`] 32: the TRF `013` team name; [`ShortText`] 100 for a
//!   city, a time control, an arbiter's name, a team's club or captain).
//! - [`TiebreakList`]: C.07 tie-break codes with their modifiers, known, without repeats, at
//!   most [`TiebreakList::MAX`].
//! - [`TimeZoneName`]: an IANA time zone name.
//! - [`PartialDate`]: a date that may be a year alone or a year and a month, written in ISO
//!   8601 (`2005-07-28`, `1985`), read from ISO or from the layouts real TRF and PGN files use
//!   (`2005/07/28`, `28. 07. 2005`, `2005.07.28`, `1985/00/00`, `2005.07.??`); defined in
//!   [`crate::date`].
//! - [`Tournament::round_in_event`]: a round number that exists in the event.
//!
//! Every refusal is an [`InputError`] saying what is wrong and what is accepted; the caller
//! names the field.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use unicode_normalization::UnicodeNormalization;

pub use crate::date::PartialDate;
use crate::model::{RoundNumber, Tournament};
use crate::tiebreak::{TieBreak, TieBreakError, parse_list};

/// Why an input was refused. The field it came in is the caller's to name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Nothing was given (or only spaces) where a value is required.
    #[error("a value is required")]
    Empty,
    /// The text is longer than allowed.
    #[error("at most {max} characters")]
    TooLong {
        /// The limit, in characters (Unicode scalar values, after NFC).
        max: usize,
    },
    /// The text holds a control character (NUL, a line break, a tab, ...), or a hidden one: a
    /// bidi control (U+202E RIGHT-TO-LEFT OVERRIDE, the isolates, the marks LRM and RLM) or
    /// another invisible format character ([`crate::names::is_hidden`]; Unicode calls these
    /// format controls).
    #[error("control character U+{code:04X} at character {position}")]
    ControlCharacter {
        /// The character's code point.
        code: u32,
        /// Its position, from 1, in the trimmed text.
        position: usize,
    },
    /// A tie-break list could not be read (an unknown code or modifier).
    #[error("{0}")]
    Tiebreak(TieBreakError),
    /// A tie-break appears twice in a list (with the same modifiers): the second cannot break a
    /// tie the first left.
    #[error("`{0}` is listed twice")]
    RepeatedTiebreak(String),
    /// A tie-break list is longer than [`TiebreakList::MAX`].
    #[error("at most {max} tie-breaks")]
    TooManyTiebreaks {
        /// The limit.
        max: usize,
    },
    /// Not an IANA time zone name.
    #[error("`{0}` is not an IANA time zone name (such as Europe/Amsterdam or UTC)")]
    TimeZone(String),
    /// Not a date in a layout Arbiter reads.
    #[error("`{0}` is not a date (YYYY-MM-DD)")]
    Date(String),
    /// A round number the event does not have.
    #[error("round {round} is not a round of this event (1-{last})")]
    Round {
        /// The number given.
        round: i64,
        /// The event's last round (its rounds planned, or the last round it has).
        last: RoundNumber,
    },
}

/// Free text of at most `MAX` characters: trimmed, in Unicode NFC (so that the same name typed
/// on two keyboards is stored the same), without control characters (Unicode category Cc:
/// NUL, tabs, line breaks, DEL, C1 controls), without line or paragraph separators, and without
/// hidden characters ([`crate::names::is_hidden`]: bidi embeddings, overrides, isolates and
/// marks, zero-width spaces, other invisible format characters), which reorder or hide the text
/// around them: a stored `\u{202E}` would make `Carlsen` read backwards on every page, list and
/// export. The pages isolate every name themselves (`<bdi>`, `dir="auto"`), so right-to-left
/// names need none of them. The zero-width non-joiner that Persian writes inside words (U+200C)
/// and the joiner (U+200D) are kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text<const MAX: usize>(String);

/// A tournament's name (at most 200 characters).
pub type EventName = Text<200>;
/// A player's name, `Last, First` (at most 33 characters: the TRF16 `001` name field).
pub type PlayerName = Text<33>;
/// A city, a time control, an arbiter's name, a team's club or captain (at most 100
/// characters).
pub type ShortText = Text<100>;
/// A team's name (at most 32 characters: the TRF `013` team name field, columns 5-36).
pub type TeamName = Text<32>;

impl<const MAX: usize> Text<MAX> {
    /// The longest text accepted, in characters.
    pub const MAX: usize = MAX;

    /// Reads a required value.
    ///
    /// # Errors
    /// [`InputError::Empty`], [`InputError::ControlCharacter`], [`InputError::TooLong`].
    pub fn new(text: &str) -> Result<Self, InputError> {
        Self::optional(text)?.ok_or(InputError::Empty)
    }

    /// Reads an optional value: `None` for an empty (or all-space) text.
    ///
    /// # Errors
    /// [`InputError::ControlCharacter`] (a hidden character too), [`InputError::TooLong`].
    pub fn optional(text: &str) -> Result<Option<Self>, InputError> {
        let normal: String = text.trim().nfc().collect();
        if normal.is_empty() {
            return Ok(None);
        }
        if let Some((i, c)) = normal.chars().enumerate().find(|&(_, c)| {
            c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || crate::names::is_hidden(c)
        }) {
            return Err(InputError::ControlCharacter {
                code: u32::from(c),
                position: i + 1,
            });
        }
        if normal.chars().count() > MAX {
            return Err(InputError::TooLong { max: MAX });
        }
        Ok(Some(Text(normal)))
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }
}

impl<const MAX: usize> fmt::Display for Text<MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<const MAX: usize> FromStr for Text<MAX> {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}

impl<const MAX: usize> Serialize for Text<MAX> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de, const MAX: usize> Deserialize<'de> for Text<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::new(&s).map_err(serde::de::Error::custom)
    }
}

/// An ordered list of C.07 tie-breaks (art. 4.1: the ordered list the chief organiser
/// chooses), read from codes separated by commas, spaces or semicolons (`BH/C1, BH, SB`):
/// every code known with modifiers that apply to it, none listed twice (the same code with the
/// same modifiers), at most [`TiebreakList::MAX`]. Displayed as the codes joined by `,` in
/// upper case, which reads back the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiebreakList(Vec<TieBreak>);

impl TiebreakList {
    /// The longest list accepted. C.07 sets no number (art. 4.1: an ordered list chosen by the
    /// chief organiser); Arbiter takes twelve, more than any event's regulations list, so that
    /// a list stays readable on the pages and in TRF-2026's `202` record.
    pub const MAX: usize = 12;

    /// Reads a list.
    ///
    /// # Errors
    /// [`InputError::Tiebreak`] for an unknown code or modifier or an empty list,
    /// [`InputError::RepeatedTiebreak`], [`InputError::TooManyTiebreaks`].
    pub fn parse(text: &str) -> Result<Self, InputError> {
        let list = parse_list(text).map_err(InputError::Tiebreak)?;
        if list.len() > Self::MAX {
            return Err(InputError::TooManyTiebreaks { max: Self::MAX });
        }
        for (i, t) in list.iter().enumerate() {
            if list[..i].contains(t) {
                return Err(InputError::RepeatedTiebreak(t.to_string()));
            }
        }
        Ok(TiebreakList(list))
    }

    /// The tie-breaks, in order.
    #[must_use]
    pub fn tiebreaks(&self) -> &[TieBreak] {
        &self.0
    }

    /// The first tie-break of the Buchholz family (`BH`, `FB`, `AOB`, with any modifier), which
    /// a round robin does not use: every player meets the same opponents, and FIDE's checklist
    /// for tournament programs (VCL4THP.13 Q105) asks that they cannot be chosen for one.
    #[must_use]
    pub fn buchholz_family(&self) -> Option<&TieBreak> {
        use crate::tiebreak::Kind;
        self.0
            .iter()
            .find(|t| matches!(t.kind, Kind::Bh | Kind::Fb | Kind::Aob))
    }
}

impl fmt::Display for TiebreakList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl FromStr for TiebreakList {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl Serialize for TiebreakList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TiebreakList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// An IANA time zone name (`Europe/Amsterdam`, `Asia/Tehran`, `UTC`) from the time zone
/// database chrono-tz carries; letter case is ignored when reading and the database's spelling
/// kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeZoneName(chrono_tz::Tz);

impl TimeZoneName {
    /// Reads a name.
    ///
    /// # Errors
    /// [`InputError::Empty`], [`InputError::TimeZone`].
    pub fn parse(text: &str) -> Result<Self, InputError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(InputError::Empty);
        }
        t.parse::<chrono_tz::Tz>()
            .ok()
            .or_else(|| {
                chrono_tz::TZ_VARIANTS
                    .iter()
                    .find(|z| z.name().eq_ignore_ascii_case(t))
                    .copied()
            })
            .map(TimeZoneName)
            .ok_or_else(|| InputError::TimeZone(t.to_owned()))
    }

    /// The database's name of the zone.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Whether this is UTC itself (stored as no zone).
    #[must_use]
    pub fn is_utc(self) -> bool {
        self.0 == chrono_tz::Tz::UTC
    }

    /// The zone, for converting times.
    #[must_use]
    pub fn tz(self) -> chrono_tz::Tz {
        self.0
    }
}

impl fmt::Display for TimeZoneName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }
}

impl FromStr for TimeZoneName {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl Serialize for TimeZoneName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

impl<'de> Deserialize<'de> for TimeZoneName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl Tournament {
    /// The last round number this event can have: its rounds planned, or the rounds it already
    /// has if more, or 99 (the most TRF can write) when nothing is planned.
    #[must_use]
    pub fn last_round_number(&self) -> RoundNumber {
        let had = RoundNumber::try_from(self.rounds.len()).unwrap_or(RoundNumber::MAX);
        self.rounds_planned.map_or(99, |p| p.max(had))
    }

    /// A round number given by a request (a bye, a board view, a round's page): one of this
    /// event's rounds, 1 to [`Tournament::last_round_number`].
    ///
    /// # Errors
    /// [`InputError::Round`] naming the event's range.
    pub fn round_in_event(&self, round: i64) -> Result<RoundNumber, InputError> {
        let last = self.last_round_number();
        RoundNumber::try_from(round)
            .ok()
            .filter(|&r| r >= 1 && r <= last)
            .ok_or(InputError::Round { round, last })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_buchholz_family_is_named_for_a_round_robin() {
        let first = |t: &str| {
            TiebreakList::parse(t)
                .unwrap()
                .buchholz_family()
                .map(ToString::to_string)
        };
        assert_eq!(first("DE,SB,WIN,KS"), None);
        assert_eq!(first("DE,BH/C1,SB"), Some("BH/C1".to_owned()));
        assert_eq!(first("FB,BH"), Some("FB".to_owned()));
        assert_eq!(first("SB,AOB"), Some("AOB".to_owned()));
    }
    use proptest::prelude::*;

    #[test]
    fn names_are_trimmed_normalised_and_refuse_controls() {
        let n = PlayerName::new("  Mu\u{0308}ller, Jo  ").unwrap();
        assert_eq!(n.as_str(), "Müller, Jo");
        assert_eq!(
            EventName::new("Open\0 2026"),
            Err(InputError::ControlCharacter {
                code: 0,
                position: 5
            })
        );
        assert_eq!(
            EventName::new("line\nbreak"),
            Err(InputError::ControlCharacter {
                code: 10,
                position: 5
            })
        );
        assert_eq!(EventName::new("   "), Err(InputError::Empty));
        assert_eq!(ShortText::optional(" ").unwrap(), None);
        assert_eq!(
            PlayerName::new(&"x".repeat(34)),
            Err(InputError::TooLong { max: 33 })
        );
        // 33 Persian letters fit: the limit counts characters, not bytes.
        assert!(PlayerName::new(&"ب".repeat(33)).is_ok());
        // The zero-width non-joiner of Persian words is kept.
        assert!(PlayerName::new("علی‌رضا").is_ok());
    }

    #[test]
    fn bidi_controls_and_invisible_characters_are_refused() {
        for (text, code, position) in [
            ("Carlsen\u{202E}, Magnus", 0x202E, 8),
            ("\u{2067}مسابقات\u{2069} 2026", 0x2067, 1),
            ("نیما\u{200F}", 0x200F, 5),
            ("Ali\u{200B}Reza", 0x200B, 4),
            ("Ali\u{061C}", 0x061C, 4),
            ("x\u{FEFF}", 0xFEFF, 2),
            ("Tag\u{E0041}", 0xE0041, 4),
        ] {
            assert_eq!(
                PlayerName::new(text),
                Err(InputError::ControlCharacter { code, position }),
                "{text}"
            );
            assert!(TeamName::new(text).is_err() && ShortText::new(text).is_err());
        }
    }

    #[test]
    fn tiebreak_lists_refuse_repeats_and_length() {
        let l = TiebreakList::parse("bh/c1, BH  sb;DE").unwrap();
        assert_eq!(l.to_string(), "BH/C1,BH,SB,DE");
        assert_eq!(
            TiebreakList::parse("BH,SB,BH"),
            Err(InputError::RepeatedTiebreak("BH".into()))
        );
        assert_eq!(
            TiebreakList::parse(&vec!["BH"; 5000].join(",")),
            Err(InputError::TooManyTiebreaks { max: 12 })
        );
        assert!(matches!(
            TiebreakList::parse("BH,XYZ"),
            Err(InputError::Tiebreak(TieBreakError::UnknownKind(_)))
        ));
        assert!(matches!(
            TiebreakList::parse(""),
            Err(InputError::Tiebreak(TieBreakError::Empty))
        ));
    }

    #[test]
    fn time_zones_and_dates() {
        assert_eq!(
            TimeZoneName::parse("europe/amsterdam").unwrap().name(),
            "Europe/Amsterdam"
        );
        assert_eq!(
            TimeZoneName::parse("Mars/Base"),
            Err(InputError::TimeZone("Mars/Base".into()))
        );
        assert!(TimeZoneName::parse("UTC").unwrap().is_utc());
    }

    #[test]
    fn rounds_are_those_of_the_event() {
        let t = Tournament {
            rounds_planned: Some(3),
            ..Tournament::default()
        };
        assert_eq!(t.round_in_event(1), Ok(1));
        assert_eq!(t.round_in_event(3), Ok(3));
        for bad in [0, 4, 99, 65_535, 65_536, -1] {
            assert_eq!(
                t.round_in_event(bad),
                Err(InputError::Round {
                    round: bad,
                    last: 3
                })
            );
        }
        assert_eq!(Tournament::default().round_in_event(99), Ok(99));
        assert!(Tournament::default().round_in_event(100).is_err());
    }

    fn tiebreak_code() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "BH", "BH/C1", "BH/M2", "AOB",
            "FB", "SB", "SB/C1", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "BH/C1/P", "ARO/C1",
        ])
    }

    proptest! {
        #[test]
        fn text_round_trips(s in "\\PC{0,60}") {
            if let Ok(t) = ShortText::new(&s) {
                prop_assert_eq!(t.to_string().parse::<ShortText>().unwrap(), t.clone());
                let json = serde_json::to_string(&t).unwrap();
                prop_assert_eq!(serde_json::from_str::<ShortText>(&json).unwrap(), t.clone());
                prop_assert!(!t.as_str().chars().any(char::is_control));
                prop_assert!(t.as_str().chars().count() <= 100);
            }
        }

        #[test]
        fn text_with_a_control_character_is_refused(
            a in "[a-z]{1,10}", c in prop::sample::select(vec!['\0', '\u{7}', '\t', '\r', '\u{7f}', '\u{85}']), b in "[a-z]{1,10}"
        ) {
            let refused = matches!(
                EventName::new(&format!("{a}{c}{b}")),
                Err(InputError::ControlCharacter { .. })
            );
            prop_assert!(refused);
        }

        #[test]
        fn tiebreak_lists_round_trip(codes in prop::collection::vec(tiebreak_code(), 1..8)) {
            let text = codes.join(", ");
            match TiebreakList::parse(&text) {
                Ok(l) => {
                    prop_assert_eq!(l.to_string().parse::<TiebreakList>().unwrap(), l.clone());
                    let json = serde_json::to_string(&l).unwrap();
                    prop_assert_eq!(serde_json::from_str::<TiebreakList>(&json).unwrap(), l.clone());
                }
                Err(e) => {
                    let repeated = matches!(e, InputError::RepeatedTiebreak(_));
                    prop_assert!(repeated, "{e}");
                }
            }
        }

        #[test]
        fn time_zones_round_trip(i in 0usize..chrono_tz::TZ_VARIANTS.len()) {
            let z = TimeZoneName::parse(chrono_tz::TZ_VARIANTS[i].name()).unwrap();
            prop_assert_eq!(z.to_string().parse::<TimeZoneName>().unwrap(), z);
            let json = serde_json::to_string(&z).unwrap();
            prop_assert_eq!(serde_json::from_str::<TimeZoneName>(&json).unwrap(), z);
        }
    }
}
