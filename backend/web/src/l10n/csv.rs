//! A rejected CSV import (`arbiter_tournament::csv_io`) in the catalogues' words: each bad
//! field by its line, column and value, and why; English exactly as the tournament crate writes
//! it.

use arbiter_tournament::csv_io::{CsvProblem, CsvRowError, PLAYER_COLUMNS};

use super::Msg;

/// Every error of a rejected import, joined: `line 3, column rating: `x`: …; line 5 …`.
pub(crate) fn errors(list: &[CsvRowError]) -> Msg {
    list.iter()
        .map(row)
        .reduce(|all, one| Msg::new("csv-list").msg("list", all).msg("item", one))
        .unwrap_or_else(|| Msg::plain(""))
}

/// One bad field or row.
fn row(e: &CsvRowError) -> Msg {
    let at = Msg::new("csv-at-line").int("line", i64::try_from(e.line).unwrap_or(i64::MAX));
    let at = match &e.column {
        Some(c) => Msg::new("csv-at-column")
            .msg("at", at)
            .ltr("column", c.as_str()),
        None => at,
    };
    Msg::new("csv-row")
        .msg("at", at)
        .data("value", e.value.as_str())
        .msg("reason", problem(&e.reason))
}

/// Why it is rejected.
fn problem(p: &CsvProblem) -> Msg {
    match p {
        CsvProblem::NotUtf8 => Msg::new("csv-not-utf8"),
        CsvProblem::Syntax(text) => Msg::new("csv-syntax").ltr("detail", text.as_str()),
        CsvProblem::ColumnTwice => Msg::new("csv-column-twice"),
        CsvProblem::UnknownColumn => {
            Msg::new("csv-unknown-column").ltr("known", PLAYER_COLUMNS.join(", "))
        }
        CsvProblem::NameColumnMissing => Msg::new("csv-name-column-missing"),
        CsvProblem::FieldCount { found, expected } => Msg::new("csv-field-count")
            .int("found", i64::try_from(*found).unwrap_or(i64::MAX))
            .int("expected", i64::try_from(*expected).unwrap_or(i64::MAX)),
        CsvProblem::NameRequired => Msg::new("csv-name-required"),
        CsvProblem::NameTooLong => Msg::new("csv-name-too-long"),
        CsvProblem::BadPairingNumber => Msg::new("csv-bad-pairing-number"),
        CsvProblem::PairingNumberUsed(n) => Msg::new("csv-pairing-number-used").int("n", *n),
        CsvProblem::BadSex => Msg::new("csv-bad-sex"),
        CsvProblem::NotATitle => Msg::new("csv-not-a-title"),
        CsvProblem::BadRating => Msg::new("csv-bad-rating"),
        CsvProblem::BadFederation => Msg::new("csv-bad-federation"),
        CsvProblem::FideIdUsed => Msg::new("csv-fide-id-used"),
        CsvProblem::BadFideId => Msg::new("csv-bad-fide-id"),
        CsvProblem::BadBirthDate => Msg::new("csv-bad-birth-date"),
        CsvProblem::BadStatus => Msg::new("csv-bad-status"),
    }
}
