//! Numbers and separators as a person types them in Arbiter's languages (issue #46): a Persian
//! keyboard types Persian digits (U+06F0-U+06F9), the Persian decimal separator `٫` (U+066B) and
//! semicolon `؛` (U+061B); an Arabic keyboard types Arabic-Indic digits (U+0660-U+0669) and the
//! same separators; copied figures carry the Arabic thousands separator `٬` (U+066C) or a space.
//! Every door that reads a number a person wrote (the forms, CSV uploads, the team roster, the
//! API's text fields) reads it through [`latin_number`], so a rating typed «۲۳۰۰» is 2300
//! everywhere, and none drops it.
//!
//! ```
//! use arbiter_tournament::typed::{latin_number, split_list};
//!
//! assert_eq!(latin_number(" ۲۳۰۰ "), "2300");
//! assert_eq!(latin_number("٢٫٥"), "2.5");
//! assert_eq!(latin_number("12٬500"), "12500");
//! assert_eq!(latin_number("۱۲۳۴۵۶۷۸").parse::<u64>(), Ok(12_345_678));
//! assert_eq!(split_list("رضوی، علی؛ ۲۲۰۰؛ ؛ IRI"), ["رضوی، علی", " ۲۲۰۰", " ", " IRI"]);
//! ```

use crate::names::ascii_digit;

/// The Persian and Arabic decimal separator `٫` (U+066B).
pub const ARABIC_DECIMAL_SEPARATOR: char = '\u{066B}';

/// The Arabic thousands separator `٬` (U+066C).
pub const ARABIC_THOUSANDS_SEPARATOR: char = '\u{066C}';

/// The Arabic semicolon `؛` (U+061B), what a Persian or Arabic keyboard types for `;`.
pub const ARABIC_SEMICOLON: char = '\u{061B}';

/// `text` trimmed, with Persian and Arabic-Indic digits as ASCII digits, the Arabic decimal
/// separator as `.`, and the Arabic thousands separator removed. Anything else is kept, so a
/// text that is not a number still fails to parse (and the caller names the field). Western
/// grouping (`2,300`) is not a number here: `,` is a decimal comma in some locales.
#[must_use]
pub fn latin_number(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|&c| c != ARABIC_THOUSANDS_SEPARATOR)
        .map(|c| {
            if c == ARABIC_DECIMAL_SEPARATOR {
                '.'
            } else {
                ascii_digit(c)
            }
        })
        .collect()
}

/// A number a person typed ([`latin_number`]) parsed as `T`; `None` when it is not one.
#[must_use]
pub fn parse_typed<T: std::str::FromStr>(text: &str) -> Option<T> {
    latin_number(text).parse().ok()
}

/// The fields of a line a person separated with `;` or the Arabic semicolon `؛`
/// ([`ARABIC_SEMICOLON`]), untrimmed.
#[must_use]
pub fn split_list(line: &str) -> Vec<&str> {
    line.split([';', ARABIC_SEMICOLON]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_every_script_read_alike() {
        for text in ["2300", "۲۳۰۰", "٢٣٠٠", " ۲3٠0 "] {
            assert_eq!(parse_typed::<u16>(text), Some(2300), "{text}");
        }
        assert_eq!(parse_typed::<f64>("۲٫۵"), Some(2.5));
        assert_eq!(parse_typed::<u16>("۲۳۰۰ امتیاز"), None);
        assert_eq!(parse_typed::<u16>(""), None);
    }

    #[test]
    fn lists_split_at_either_semicolon() {
        assert_eq!(split_list("a;b؛c"), ["a", "b", "c"]);
        assert_eq!(split_list("one"), ["one"]);
    }
}
