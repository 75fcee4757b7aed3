//! A rejected CSV import (`arbiter_tournament::csv_io`) in the catalogues' words: each bad
//! field by its line, column and value, and why; English exactly as the tournament crate writes
//! it.

use arbiter_tournament::csv_io::{
    CsvProblem, CsvRowError, PLAYER_COLUMNS, TEAM_COLUMNS, TeamCsvProblem, TeamCsvReason,
    TeamCsvRowError,
};

use super::Msg;

/// Every error of a rejected import, one message each (one `<li>` each on the pages).
pub(crate) fn each(list: &[CsvRowError]) -> Vec<Msg> {
    list.iter().map(row).collect()
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
        CsvProblem::NameControlCharacter(c) => {
            Msg::new("csv-name-control-character").ltr("code", format!("U+{c:04X}"))
        }
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

/// Every error of a rejected team import, one message each (one `<li>` each on the pages).
pub(crate) fn team_each(list: &[TeamCsvRowError]) -> Vec<Msg> {
    list.iter()
        .map(|e| {
            let at = Msg::new("csv-at-line").int("line", i64::try_from(e.line).unwrap_or(i64::MAX));
            let at = match &e.column {
                Some(c) => Msg::new("csv-at-column")
                    .msg("at", at)
                    .ltr("column", c.as_str()),
                None => at,
            };
            let reason = match &e.reason {
                TeamCsvReason::Player(CsvProblem::UnknownColumn)
                | TeamCsvReason::Team(TeamCsvProblem::UnknownColumn) => {
                    Msg::new("csv-unknown-column").ltr(
                        "known",
                        format!("{}, {}", TEAM_COLUMNS.join(", "), PLAYER_COLUMNS.join(", ")),
                    )
                }
                TeamCsvReason::Player(p) => problem(p),
                TeamCsvReason::Team(p) => team_problem(p),
            };
            Msg::new("csv-row")
                .msg("at", at)
                .data("value", e.value.as_str())
                .msg("reason", reason)
        })
        .collect()
}

/// Why a team column's field is rejected.
fn team_problem(p: &TeamCsvProblem) -> Msg {
    match p {
        TeamCsvProblem::UnknownColumn => Msg::new("csv-unknown-column").ltr(
            "known",
            format!("{}, {}", TEAM_COLUMNS.join(", "), PLAYER_COLUMNS.join(", ")),
        ),
        TeamCsvProblem::TeamColumnMissing => Msg::new("csv-team-column-missing"),
        TeamCsvProblem::TeamRequired => Msg::new("csv-team-required"),
        TeamCsvProblem::TeamTooLong => Msg::new("csv-team-too-long"),
        TeamCsvProblem::BadTeamNumber => Msg::new("csv-team-bad-number"),
        TeamCsvProblem::TeamNumberUsed(n) => Msg::new("csv-team-number-used").int("n", *n),
        TeamCsvProblem::TeamExists => Msg::new("csv-team-exists"),
        TeamCsvProblem::BadFederation => Msg::new("csv-bad-federation"),
        TeamCsvProblem::BadBoard => Msg::new("csv-team-bad-board"),
        TeamCsvProblem::BoardUsed(b) => Msg::new("csv-team-board-used").int("board", *b),
        TeamCsvProblem::BoardMissing => Msg::new("csv-team-board-missing"),
        TeamCsvProblem::Differs(v) => Msg::new("csv-team-differs").data("value", v.as_str()),
        TeamCsvProblem::LineBreak => Msg::new("csv-team-line-break"),
        TeamCsvProblem::ControlCharacter(c) => {
            Msg::new("csv-team-control-character").ltr("code", format!("U+{c:04X}"))
        }
        TeamCsvProblem::TextTooLong(max) => {
            Msg::new("csv-team-text-too-long").count(i64::try_from(*max).unwrap_or(i64::MAX))
        }
    }
}
