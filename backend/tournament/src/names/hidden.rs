//! Hidden characters: what a stored name (or any text of [`crate::input::Text`]) may not hold,
//! because it changes how the text around it reads without showing itself.
//!
//! A character is hidden when it is a format character (Unicode general category `Cf`: the bidi
//! embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, the marks LRM U+200E,
//! RLM U+200F and ALM U+061C, the zero-width space U+200B, the word joiner U+2060, the
//! invisible operators, the byte-order mark U+FEFF, the interlinear annotation characters
//! U+FFF9-U+FFFB, the tag characters U+E0001-U+E007F, the Arabic number signs U+0600-U+0605) or a
//! default-ignorable code point, which a renderer shows as nothing (the soft hyphen U+00AD, the
//! combining grapheme joiner U+034F, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the
//! variation selectors U+FE00-U+FE0F and U+E0100-U+E01EF; TR39's identifier type
//! `Default_Ignorable`, from `unicode-security`).
//!
//! Two are not hidden: the zero-width non-joiner U+200C, which Persian writes inside words
//! (`می‌خواهم`, `علی‌رضا`), and the zero-width joiner U+200D, which some scripts need to join
//! letters. Neither reorders text nor hides anything: each only chooses a letter's shape.
//!
//! Every door refuses a hidden character ([`crate::input::Text`], the TRF `001` record, the PGN
//! `White`/`Black` tags); every export drops any that older data still holds ([`visible`]).

use std::borrow::Cow;

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;

/// The zero-width non-joiner (Persian writes it inside words).
const ZWNJ: char = '\u{200C}';
/// The zero-width joiner.
const ZWJ: char = '\u{200D}';

/// Whether `c` is hidden (see the module documentation): a format character or a
/// default-ignorable code point, other than the zero-width non-joiner and joiner.
///
/// ```
/// use arbiter_tournament::names::is_hidden;
///
/// assert!(is_hidden('\u{202E}')); // RIGHT-TO-LEFT OVERRIDE
/// assert!(is_hidden('\u{200F}')); // RIGHT-TO-LEFT MARK
/// assert!(!is_hidden('\u{200C}')); // ZERO WIDTH NON-JOINER, in Persian words
/// assert!(!is_hidden('a'));
/// ```
#[must_use]
pub fn is_hidden(c: char) -> bool {
    if c == ZWNJ || c == ZWJ {
        return false;
    }
    c.general_category() == GeneralCategory::Format
        || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
}

/// The first hidden character of `text`: its position (from 1, in characters) and the
/// character; `None` when there is none.
#[must_use]
pub fn first_hidden(text: &str) -> Option<(usize, char)> {
    text.chars()
        .enumerate()
        .find(|&(_, c)| is_hidden(c))
        .map(|(i, c)| (i + 1, c))
}

/// `text` without its hidden characters (borrowed when it has none): what an export writes, so
/// that a name stored before the gate refused them cannot reorder or hide the text around it in
/// the file.
#[must_use]
pub fn visible(text: &str) -> Cow<'_, str> {
    if text.chars().any(is_hidden) {
        Cow::Owned(text.chars().filter(|&c| !is_hidden(c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_controls_marks_and_invisible_characters_are_hidden() {
        let hidden = [
            '\u{202A}',
            '\u{202B}',
            '\u{202C}',
            '\u{202D}',
            '\u{202E}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{200E}',
            '\u{200F}',
            '\u{061C}',
            '\u{200B}',
            '\u{2060}',
            '\u{2062}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{034F}',
            '\u{115F}',
            '\u{3164}',
            '\u{FE0F}',
            '\u{FFF9}',
            '\u{FFFB}',
            '\u{E0041}',
            '\u{E0100}',
            '\u{0600}',
            '\u{206A}',
        ];
        for c in hidden {
            assert!(is_hidden(c), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn letters_marks_spaces_and_the_joiners_are_not_hidden() {
        for c in "Carlsen, Magnus Cаrlsen علی‌رضا رضایی‍ Müller O'Brien ĳ 田中 ۱۲۳ -.".chars()
        {
            assert!(!is_hidden(c), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn the_first_hidden_character_is_named_and_exports_drop_them() {
        assert_eq!(first_hidden("ab\u{202E}cd"), Some((3, '\u{202E}')));
        assert_eq!(first_hidden("علی‌رضا"), None);
        assert_eq!(visible("\u{2067}سارا\u{2069} x\u{200F}"), "سارا x");
        assert!(matches!(visible("علی‌رضا"), Cow::Borrowed("علی‌رضا")));
    }
}
