//! CSV import of players; CSV export of players, standings and round results; CSV import and
//! export of teams with their rosters ([`teams`]).
//!
//! # Importing players
//! A header row is required. Columns are matched by header name, case-insensitively and in any
//! order; an unknown or repeated header is an error (it is usually a typo that would otherwise
//! lose a column). The delimiter is whichever of `,` `;` or tab occurs most in the header line.
//! The bytes are UTF-8 (with or without a byte-order mark); names are kept as written (Persian
//! and Arabic letters, the zero-width non-joiner), trimmed and in Unicode NFC, as every door
//! takes them ([`crate::input::PlayerName`]; a control character is an error). A line that is not valid UTF-8
//! is an error naming the line (`line 3: not UTF-8`): this column format has no other encoding,
//! and guessing one (Latin-1, or the Windows Arabic code page a spreadsheet may have used) would
//! store wrong names silently.
//!
//! | column | required | content |
//! |---|---|---|
//! | `name` | yes | `Last, First`, at most 33 characters (TRF `001` columns 15-47) |
//! | `pairing_number` | no | 1-9999; when absent, players are numbered after the existing ones, in file order |
//! | `sex` | no | `m` or `w` (`f` is accepted) |
//! | `title` | no | `GM IM WGM FM WIM CM WFM WCM` (old lower-case spellings accepted) |
//! | `rating` | no | FIDE rating, 0-9999 |
//! | `federation` | no | three letters, e.g. `ESP` |
//! | `fide_id` | no | digits |
//! | `birth_date` | no | ISO `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, or any layout TRF files use (`YYYY/MM/DD`, `DD.MM.YYYY`, `1985/00/00`); one that is not a date is a warning, and the player is imported without it |
//! | `status` | no | `active` (default), `withdrawn` or `late` |
//!
//! Import is all or nothing: if any row is bad, nothing is imported and every bad field is
//! reported with its line number (the header is line 1), column name, value and reason. An
//! unreadable birth date is the exception: a warning naming its line and column
//! ([`LocatedPlayers::warnings`]), never a failed import.
//!
//! Export writes the birth date in ISO 8601 (`1985-04-23`, `1985` for a year alone).
//!
//! # Formulas
//! Every export writes each cell through [`cell`]: a cell that a spreadsheet would run as a
//! formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a `'` before it,
//! plain numbers excepted (OWASP "CSV Injection"), and no cell holds a hidden character. Every
//! import drops that quote again ([`restore`]), so an exported file reads back the same.

use std::collections::BTreeSet;
use std::io::Write;

mod cell;
pub mod teams;

use cell::write_row;
pub use cell::{cell, restore};

pub use teams::{
    TEAM_COLUMNS, TeamCsvError, TeamCsvProblem, TeamCsvReason, TeamCsvRowError, TeamImport,
    export_teams, import_teams,
};

use crate::date::PartialDate;
use crate::input::{InputError, PlayerName};
use crate::model::{PairingNumber, Player, PlayerStatus, RoundNumber, Sex, Title, Tournament};
use crate::points::Points;
use crate::result::{Outcome, ResultCode};
use crate::typed::latin_number;

/// The columns [`import_players`] understands, as [`export_players`] writes them.
pub const PLAYER_COLUMNS: [&str; 9] = [
    "pairing_number",
    "name",
    "sex",
    "title",
    "rating",
    "federation",
    "fide_id",
    "birth_date",
    "status",
];

/// One bad field (or row) of a CSV import.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: `{value}`: {reason}", column.as_ref().map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct CsvRowError {
    /// The line, from 1 (the header is line 1).
    pub line: u64,
    /// The column's header name, when one field is at fault.
    pub column: Option<String>,
    /// The value found.
    pub value: String,
    /// Why it is rejected.
    pub reason: CsvProblem,
}

/// Why a CSV field or row is rejected; its `Display` is the English reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CsvProblem {
    /// The line is not UTF-8.
    #[error("not UTF-8 (save the file as UTF-8)")]
    NotUtf8,
    /// The CSV reader's own error (quoting, the header line), in its words.
    #[error("{0}")]
    Syntax(String),
    /// A column named twice in the header.
    #[error("column given twice")]
    ColumnTwice,
    /// A header that is not one of the known columns.
    #[error("unknown column (known: {})", PLAYER_COLUMNS.join(", "))]
    UnknownColumn,
    /// No `name` column.
    #[error("the `name` column is required")]
    NameColumnMissing,
    /// A row with another number of fields than the header.
    #[error("{found} fields where the header has {expected}")]
    FieldCount {
        /// The row's fields.
        found: usize,
        /// The header's.
        expected: usize,
    },
    /// An empty name.
    #[error("a name is required")]
    NameRequired,
    /// A name longer than the TRF field.
    #[error("longer than 33 characters")]
    NameTooLong,
    /// A control character (NUL, a tab, a line break inside quotes, ...) in a name.
    #[error("control character U+{0:04X} in the name")]
    NameControlCharacter(u32),
    /// A pairing number outside 1-9999.
    #[error("not a number from 1 to 9999")]
    BadPairingNumber,
    /// A pairing number already taken.
    #[error("pairing number {0} is already used")]
    PairingNumberUsed(PairingNumber),
    /// Sex other than m or w.
    #[error("sex must be m or w")]
    BadSex,
    /// Not a FIDE title.
    #[error("not a FIDE title")]
    NotATitle,
    /// A rating outside 0-9999.
    #[error("not a rating from 0 to 9999")]
    BadRating,
    /// Not three letters.
    #[error("not a three-letter federation")]
    BadFederation,
    /// A FIDE id already registered.
    #[error("FIDE id already used")]
    FideIdUsed,
    /// Not digits.
    #[error("not a FIDE id (digits)")]
    BadFideId,
    /// Not a date (a warning: the player is imported without a birth date).
    #[error("not a date such as 1985-04-23, 1985/04/23 or 1985: imported without a birth date")]
    BadBirthDate,
    /// A status other than active, withdrawn or late.
    #[error("status must be active, withdrawn or late")]
    BadStatus,
}

/// A rejected CSV import: every error found. Nothing was imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} error(s) in the CSV file; first: {}", errors.len(), errors.first().map(ToString::to_string).unwrap_or_default())]
pub struct CsvError {
    /// The errors, in line order.
    pub errors: Vec<CsvRowError>,
}

/// The players a CSV file holds, each with its line, and what was tolerated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocatedPlayers {
    /// Each player with its line (from 1; the header is line 1), in file order.
    pub players: Vec<(u64, Player)>,
    /// Fields read as empty, each naming its line and column: a birth date that is not a date
    /// ([`CsvProblem::BadBirthDate`]).
    pub warnings: Vec<CsvRowError>,
}

/// Decodes UTF-8 (skipping a byte-order mark).
///
/// # Errors
/// [`CsvError`] naming every line (from 1, counted by line feeds) that is not valid UTF-8, with
/// the line as far as it reads.
fn decode(bytes: &[u8]) -> Result<String, CsvError> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.strip_prefix('\u{feff}').unwrap_or(s).to_owned());
    }
    let errors = bytes
        .split(|&b| b == b'\n')
        .zip(1u64..)
        .filter(|(line, _)| std::str::from_utf8(line).is_err())
        .map(|(line, no)| CsvRowError {
            line: no,
            column: None,
            value: String::from_utf8_lossy(line)
                .trim()
                .chars()
                .take(40)
                .collect(),
            reason: CsvProblem::NotUtf8,
        })
        .collect();
    Err(CsvError { errors })
}

/// The line of the file (from 1: the header is line 1) where a record begins, from its byte
/// offset in `text`: the line feeds before it, and those of the line breaks and blank lines the
/// reader skipped before the record's first field. The CSV reader's own line count falls one
/// short after every `\r\n` line end (a spreadsheet's or a pasted text's): its record starts at
/// the `\n` it has not counted yet.
pub(crate) fn line_at(text: &str, position: Option<&csv::Position>) -> u64 {
    let Some(byte) = position.and_then(|p| usize::try_from(p.byte()).ok()) else {
        return 0;
    };
    let before = text.get(..byte).unwrap_or(text);
    let after = text.get(byte..).unwrap_or_default();
    let skipped = after
        .chars()
        .take_while(|c| matches!(c, '\r' | '\n'))
        .filter(|&c| c == '\n')
        .count();
    1 + before.matches('\n').count() as u64 + skipped as u64
}

/// Imports players from CSV (see the module documentation for the columns). `existing` are the
/// players already in the tournament: their pairing numbers and FIDE ids must not be reused, and
/// players without a `pairing_number` column are numbered after the highest existing one.
///
/// # Errors
/// [`CsvError`] listing every bad row and field: missing header or `name` column, unknown or
/// repeated header, a row with the wrong number of fields, an empty name, a value that does not
/// parse, a pairing number or FIDE id used twice (in the file or with `existing`).
pub fn import_players(bytes: &[u8], existing: &[Player]) -> Result<Vec<Player>, CsvError> {
    Ok(import_players_located(bytes, existing)?
        .players
        .into_iter()
        .map(|(_, p)| p)
        .collect())
}

/// [`import_players`], each player with its line (from 1; the header is line 1): where an
/// importer that refuses a player (a duplicate, [`crate::names::duplicates_in`]) points; with
/// the warnings (an unreadable birth date, imported as none).
///
/// # Errors
/// As [`import_players`].
pub fn import_players_located(
    bytes: &[u8],
    existing: &[Player],
) -> Result<LocatedPlayers, CsvError> {
    let text = decode(bytes)?;
    let mut warnings = Vec::new();
    let header_line = text.lines().next().unwrap_or("");
    let delimiter = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| header_line.bytes().filter(|b| b == d).count())
        .unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(true)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut errors = Vec::new();
    let err = |line: u64, column: Option<&str>, value: &str, reason: CsvProblem| CsvRowError {
        line,
        column: column.map(str::to_owned),
        value: value.to_owned(),
        reason,
    };
    let headers = match reader.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            return Err(CsvError {
                errors: vec![err(1, None, "", CsvProblem::Syntax(e.to_string()))],
            });
        }
    };
    let mut index = [None; 9];
    for (i, h) in headers.iter().enumerate() {
        let key = h.trim().to_ascii_lowercase();
        match PLAYER_COLUMNS.iter().position(|c| *c == key) {
            Some(k) if index.get(k).is_some_and(Option::is_none) => {
                if let Some(slot) = index.get_mut(k) {
                    *slot = Some(i);
                }
            }
            Some(_) => errors.push(err(1, Some(h), h, CsvProblem::ColumnTwice)),
            None => errors.push(err(1, Some(h), h, CsvProblem::UnknownColumn)),
        }
    }
    if index[1].is_none() {
        errors.push(err(1, Some("name"), "", CsvProblem::NameColumnMissing));
    }
    if !errors.is_empty() {
        return Err(CsvError { errors });
    }
    let mut used_numbers: BTreeSet<PairingNumber> =
        existing.iter().map(|p| p.pairing_number).collect();
    let mut used_ids: BTreeSet<u64> = existing
        .iter()
        .filter_map(|p| p.fide_id)
        .filter(|&id| id != 0)
        .collect();
    let mut next = existing.iter().map(|p| p.pairing_number).max().unwrap_or(0);
    let mut players = Vec::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = line_at(&text, e.position());
                errors.push(err(line, None, "", CsvProblem::Syntax(e.to_string())));
                continue;
            }
        };
        let line = line_at(&text, record.position());
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if record.len() != headers.len() {
            errors.push(err(
                line,
                None,
                "",
                CsvProblem::FieldCount {
                    found: record.len(),
                    expected: headers.len(),
                },
            ));
            continue;
        }
        let get = |k: usize| -> (&'static str, &str) {
            let name = PLAYER_COLUMNS.get(k).copied().unwrap_or("");
            let v = index
                .get(k)
                .copied()
                .flatten()
                .and_then(|i| record.get(i))
                .unwrap_or("")
                .trim();
            // The quote an export puts before a formula's first character ([`cell`]).
            (name, restore(v))
        };
        let before = errors.len();
        let (col, raw_name) = get(1);
        // The same name rules as every door (crate::input::PlayerName): trimmed, NFC, no
        // control characters, 33 characters.
        let name = match PlayerName::new(raw_name) {
            Ok(n) => n.into_string(),
            Err(e) => {
                let problem = match e {
                    InputError::Empty => CsvProblem::NameRequired,
                    InputError::ControlCharacter { code, .. } => {
                        CsvProblem::NameControlCharacter(code)
                    }
                    _ => CsvProblem::NameTooLong,
                };
                errors.push(err(line, Some(col), raw_name, problem));
                raw_name.to_owned()
            }
        };
        let mut p = Player::new(0, name);
        let (col, v) = get(0);
        let pn = if v.is_empty() {
            next = next.saturating_add(1);
            Some(next)
        } else {
            match latin_number(v).parse::<u16>() {
                Ok(n) if (1..=9999).contains(&n) => Some(n),
                _ => {
                    errors.push(err(line, Some(col), v, CsvProblem::BadPairingNumber));
                    None
                }
            }
        };
        if let Some(n) = pn {
            if used_numbers.insert(n) {
                p.pairing_number = n;
                next = next.max(n);
            } else {
                errors.push(err(line, Some(col), v, CsvProblem::PairingNumberUsed(n)));
            }
        }
        let (col, v) = get(2);
        p.sex = match v.to_ascii_lowercase().as_str() {
            "" => None,
            "m" => Some(Sex::Male),
            "w" | "f" => Some(Sex::Female),
            _ => {
                errors.push(err(line, Some(col), v, CsvProblem::BadSex));
                None
            }
        };
        let (_, v) = get(3);
        p.title = Title::parse(v).map(|(t, _)| t);
        if let Some(Title::Other(_)) = p.title {
            let (col, v) = get(3);
            errors.push(err(line, Some(col), v, CsvProblem::NotATitle));
        }
        let (col, v) = get(4);
        if !v.is_empty() {
            match latin_number(v).parse::<u16>() {
                Ok(r) if r <= 9999 => p.rating = Some(r),
                _ => errors.push(err(line, Some(col), v, CsvProblem::BadRating)),
            }
        }
        let (col, v) = get(5);
        if !v.is_empty() {
            if v.len() == 3 && v.bytes().all(|b| b.is_ascii_alphabetic()) {
                p.federation = Some(v.to_ascii_uppercase());
            } else {
                errors.push(err(line, Some(col), v, CsvProblem::BadFederation));
            }
        }
        let (col, v) = get(6);
        if !v.is_empty() {
            let digits = latin_number(v);
            match digits.parse::<u64>() {
                Ok(id) if digits.bytes().all(|b| b.is_ascii_digit()) && digits.len() <= 11 => {
                    if id != 0 && !used_ids.insert(id) {
                        errors.push(err(line, Some(col), v, CsvProblem::FideIdUsed));
                    }
                    p.fide_id = Some(id);
                }
                _ => errors.push(err(line, Some(col), v, CsvProblem::BadFideId)),
            }
        }
        let (col, v) = get(7);
        match PartialDate::read(v) {
            Ok(date) => p.birth_date = date,
            Err(_) => warnings.push(err(line, Some(col), v, CsvProblem::BadBirthDate)),
        }
        let (col, v) = get(8);
        p.status = match v.to_ascii_lowercase().as_str() {
            "" | "active" => PlayerStatus::Active,
            "withdrawn" => PlayerStatus::Withdrawn,
            "late" | "late entry" | "late_entry" => PlayerStatus::LateEntry,
            _ => {
                errors.push(err(line, Some(col), v, CsvProblem::BadStatus));
                PlayerStatus::Active
            }
        };
        if errors.len() == before {
            players.push((line, p));
        }
    }
    if errors.is_empty() {
        Ok(LocatedPlayers { players, warnings })
    } else {
        Err(CsvError { errors })
    }
}

fn status_word(s: PlayerStatus) -> &'static str {
    match s {
        PlayerStatus::Active => "active",
        PlayerStatus::Withdrawn => "withdrawn",
        PlayerStatus::LateEntry => "late",
    }
}

/// Writes players as CSV with the columns of [`PLAYER_COLUMNS`] (UTF-8, comma-separated, with a
/// header row; each cell through [`cell`]: no formula, no hidden character); [`import_players`]
/// reads it back.
///
/// # Errors
/// The writer's I/O errors, as [`csv::Error`].
pub fn export_players(players: &[Player], out: impl Write) -> Result<(), csv::Error> {
    let mut w = csv::Writer::from_writer(out);
    write_row(&mut w, PLAYER_COLUMNS)?;
    for p in players {
        let sex = match p.sex {
            Some(Sex::Male) => "m",
            Some(Sex::Female) => "w",
            None => "",
        };
        write_row(
            &mut w,
            [
                p.pairing_number.to_string(),
                p.name.clone(),
                sex.to_owned(),
                p.title
                    .as_ref()
                    .map(|t| t.as_str().to_owned())
                    .unwrap_or_default(),
                p.rating.map(|r| r.to_string()).unwrap_or_default(),
                p.federation.clone().unwrap_or_default(),
                p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
                p.birth_date.map(|d| d.to_string()).unwrap_or_default(),
                status_word(p.status).to_owned(),
            ],
        )?;
    }
    w.flush()?;
    Ok(())
}

/// One row of the standings: the rank, the player, the score and the tie-break values, already
/// formatted by whoever computed them (FIDE C.07 tie-breaks live outside this crate).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// The rank (ties share a rank).
    pub rank: u16,
    /// The player's pairing number.
    pub pairing_number: PairingNumber,
    /// The score (C.07 `PTS`).
    pub points: Points,
    /// One value per tie-break, in the order of the tie-break names.
    pub tiebreaks: Vec<String>,
}

/// Standings by score alone after round `after`: highest score first, ties sharing a rank and
/// listed by pairing number, with no tie-break values. Tie-breaks refine this elsewhere.
#[must_use]
pub fn standings_by_points(t: &Tournament, after: RoundNumber) -> Vec<StandingRow> {
    let mut scores: Vec<(PairingNumber, Points)> =
        t.scores_after_round(after).into_iter().collect();
    scores.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut rows: Vec<StandingRow> = Vec::with_capacity(scores.len());
    for (i, (pn, points)) in scores.into_iter().enumerate() {
        let rank = match rows.last() {
            Some(prev) if prev.points == points => prev.rank,
            _ => u16::try_from(i + 1).unwrap_or(u16::MAX),
        };
        rows.push(StandingRow {
            rank,
            pairing_number: pn,
            points,
            tiebreaks: Vec::new(),
        });
    }
    rows
}

/// Writes standings as CSV: `rank, pairing_number, name, title, rating, federation, points`, then
/// one column per tie-break name (e.g. `BH/C1`, `SB`). Points are written `4.5`; each cell
/// through [`cell`].
///
/// # Errors
/// The writer's I/O errors, as [`csv::Error`].
pub fn export_standings(
    t: &Tournament,
    rows: &[StandingRow],
    tiebreak_names: &[&str],
    out: impl Write,
) -> Result<(), csv::Error> {
    let mut w = csv::Writer::from_writer(out);
    let mut header: Vec<String> = [
        "rank",
        "pairing_number",
        "name",
        "title",
        "rating",
        "federation",
        "points",
    ]
    .map(str::to_owned)
    .to_vec();
    header.extend(tiebreak_names.iter().map(|s| (*s).to_owned()));
    write_row(&mut w, &header)?;
    for row in rows {
        let p = t.player(row.pairing_number);
        let mut rec = vec![
            row.rank.to_string(),
            row.pairing_number.to_string(),
            p.map(|p| p.name.clone()).unwrap_or_default(),
            p.and_then(|p| p.title.as_ref())
                .map(|t| t.as_str().to_owned())
                .unwrap_or_default(),
            p.and_then(|p| p.rating)
                .map(|r| r.to_string())
                .unwrap_or_default(),
            p.and_then(|p| p.federation.clone()).unwrap_or_default(),
            row.points.to_string(),
        ];
        rec.extend(
            (0..tiebreak_names.len()).map(|i| row.tiebreaks.get(i).cloned().unwrap_or_default()),
        );
        write_row(&mut w, &rec)?;
    }
    w.flush()?;
    Ok(())
}

/// The result as people write it: `1-0`, `0-1`, `1/2-1/2`, `+/-`, `-/+`, `-/-` (double forfeit),
/// `0-0` (lost by both, Art. 12.8), `*` (pending), `?` (unknown/adjourned), otherwise each side's
/// points under the tournament's scoring, e.g. `0-0.5` (Art. 13.4 penalty).
fn result_text(t: &Tournament, white: ResultCode, black: ResultCode) -> String {
    let r = crate::result::GameResult::new(white, black);
    match r.outcome() {
        Outcome::Pending => "*".into(),
        Outcome::Won { winner, .. } => match winner {
            crate::Colour::White => "1-0".into(),
            crate::Colour::Black => "0-1".into(),
        },
        Outcome::Drawn { .. } => "1/2-1/2".into(),
        Outcome::Forfeit { winner } => match winner {
            crate::Colour::White => "+/-".into(),
            crate::Colour::Black => "-/+".into(),
        },
        Outcome::DoubleForfeit => "-/-".into(),
        Outcome::LostByBoth => "0-0".into(),
        Outcome::Unknown => "?".into(),
        Outcome::Asymmetric => format!("{}-{}", t.scoring.points(white), t.scoring.points(black)),
    }
}

/// Writes one round's results as CSV: `round, board, white, white_name, black, black_name,
/// result, white_code, black_code, penalty, reason, recorded_by`. Games come first (in board
/// order, then in stored order); each bye is a row with only `white` (the player), the code in
/// `white_code` and `result` `bye`. Each cell through [`cell`] (a forfeit's `-/+` is written
/// `'-/+`).
///
/// # Errors
/// The writer's I/O errors, as [`csv::Error`].
pub fn export_round_results(
    t: &Tournament,
    round: RoundNumber,
    out: impl Write,
) -> Result<(), csv::Error> {
    let mut w = csv::Writer::from_writer(out);
    write_row(
        &mut w,
        [
            "round",
            "board",
            "white",
            "white_name",
            "black",
            "black_name",
            "result",
            "white_code",
            "black_code",
            "penalty",
            "reason",
            "recorded_by",
        ],
    )?;
    let name = |pn: PairingNumber| t.player(pn).map(|p| p.name.clone()).unwrap_or_default();
    let code = |c: ResultCode| c.trf_char().to_string().trim().to_owned();
    if let Some(r) = t.round(round) {
        let mut games: Vec<_> = r.games.iter().collect();
        games.sort_by_key(|g| g.board.unwrap_or(u16::MAX));
        for g in games {
            let (penalty, reason) = g.result.penalty.as_ref().map_or_else(
                || (String::new(), String::new()),
                |p| (format!("{:?}", p.kind), p.reason.clone()),
            );
            write_row(
                &mut w,
                [
                    round.to_string(),
                    g.board.map(|b| b.to_string()).unwrap_or_default(),
                    g.white.to_string(),
                    name(g.white),
                    g.black.to_string(),
                    name(g.black),
                    result_text(t, g.result.white, g.result.black),
                    code(g.result.white),
                    code(g.result.black),
                    penalty,
                    reason,
                    g.result.recorded_by.clone().unwrap_or_default(),
                ],
            )?;
        }
        for b in &r.byes {
            write_row(
                &mut w,
                [
                    round.to_string(),
                    String::new(),
                    b.player.to_string(),
                    name(b.player),
                    String::new(),
                    String::new(),
                    "bye".to_owned(),
                    code(b.code),
                    String::new(),
                    String::new(),
                    String::new(),
                    b.recorded_by.clone().unwrap_or_default(),
                ],
            )?;
        }
    }
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests;
