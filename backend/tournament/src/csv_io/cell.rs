//! Cells as every CSV export writes them and every CSV import reads them back: no spreadsheet
//! formula and no hidden character leaves Arbiter in a CSV file.
//!
//! A spreadsheet (Excel, LibreOffice Calc, Google Sheets) runs a cell that starts with `=`, `+`,
//! `-` or `@` as a formula, and some read a leading tab or carriage return the same way: a
//! player registered as `=HYPERLINK("http://e.vil","x")` would put a live link (or worse, a
//! DDE command) in the organizer's sheet. Following OWASP's "CSV Injection" guidance, a cell
//! that starts with one of these characters is written with a single quote `'` before it,
//! which spreadsheets read as "text" and do not show ([`cell`]).
//!
//! Numbers are the exception: a cell that is a plain decimal number (`-5`, `-0.5`, `2450`) is
//! written as it is, since a number cannot hold a formula and a rating or a score must stay a
//! number in the sheet. Every other cell that starts with a trigger is quoted, fixed words of
//! our own included (a forfeit `-/+` is written `'-/+`).
//!
//! Every import takes the quoted form back ([`restore`]): one leading `'` followed by a trigger
//! character is dropped, so a file exported and imported again gives the same names. A value
//! that really starts with `'=` cannot be imported as such; no name does.
//!
//! Hidden characters (bidi controls, invisible format characters: [`crate::names::hidden`]) are
//! dropped from every cell, for names stored before the gate refused them.

use std::borrow::Cow;
use std::io::Write;

/// The first characters that make a spreadsheet read a cell as a formula (OWASP).
const TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Whether `text` is a plain decimal number: an optional `-`, digits, optionally `.` and
/// digits.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !fraction.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// A cell as an export writes it: without hidden characters, and with a `'` before a leading
/// formula trigger (`=`, `+`, `-`, `@`, tab, carriage return) unless the cell is a plain number.
///
/// ```
/// use arbiter_tournament::csv_io::cell;
///
/// assert_eq!(cell("=HYPERLINK(\"http://e.vil\",\"x\")"), "'=HYPERLINK(\"http://e.vil\",\"x\")");
/// assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
/// assert_eq!(cell("-0.5"), "-0.5");
/// assert_eq!(cell("Carlsen, Magnus"), "Carlsen, Magnus");
/// ```
#[must_use]
pub fn cell(text: &str) -> Cow<'_, str> {
    let visible = crate::names::visible(text);
    match visible.chars().next() {
        Some(first) if TRIGGERS.contains(&first) && !is_number(&visible) => {
            Cow::Owned(format!("'{visible}"))
        }
        _ => visible,
    }
}

/// A cell as an import reads it: the quote [`cell`] puts before a formula trigger is dropped
/// (`'=x` reads `=x`); any other text is as it is.
#[must_use]
pub fn restore(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if rest.starts_with(TRIGGERS) => rest,
        _ => text,
    }
}

/// Writes one record, each field through [`cell`].
///
/// # Errors
/// The writer's I/O errors, as [`csv::Error`].
pub(crate) fn write_row<W: Write, S: AsRef<str>>(
    w: &mut csv::Writer<W>,
    row: impl IntoIterator<Item = S>,
) -> Result<(), csv::Error> {
    let cells: Vec<String> = row
        .into_iter()
        .map(|s| cell(s.as_ref()).into_owned())
        .collect();
    w.write_record(&cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_triggers_are_quoted_and_numbers_are_not() {
        for (text, written) in [
            ("=1+1", "'=1+1"),
            ("+33 612", "'+33 612"),
            ("-/+", "'-/+"),
            ("-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"),
            ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("-5", "-5"),
            ("-0.5", "-0.5"),
            ("2450", "2450"),
            ("-", "'-"),
            ("-.5", "'-.5"),
            ("1-0", "1-0"),
            ("'quoted", "'quoted"),
            ("", ""),
            ("\u{202E}=x", "'=x"),
            ("علی‌رضا\u{200F}", "علی‌رضا"),
        ] {
            assert_eq!(cell(text), written, "{text:?}");
        }
    }

    #[test]
    fn the_quote_reads_back() {
        for text in [
            "=1+1",
            "+33",
            "-/+",
            "@x",
            "\tx",
            "-5",
            "Carlsen, Magnus",
            "'quoted",
            "'",
        ] {
            assert_eq!(restore(&cell(text)), text, "{text:?}");
        }
    }
}
