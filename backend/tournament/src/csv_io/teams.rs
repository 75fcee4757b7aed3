//! CSV import and export of teams with their rosters: one row per player.
//!
//! The player columns are those of the individual import ([`super::PLAYER_COLUMNS`]: `name`
//! required, `pairing_number`, `sex`, `title`, `rating`, `federation`, `fide_id`,
//! `birth_date`, `status`); the team columns ([`TEAM_COLUMNS`]) are:
//!
//! | column | required | content |
//! |---|---|---|
//! | `team` | yes | the team's name, at most 32 characters (TRF `013`/`310`; [`crate::input::TeamName`]); rows with the same name make one team |
//! | `team_number` | no | the team pairing number (TPN), 1-999; teams without one are numbered after the highest one given or existing, in order of first appearance |
//! | `team_federation` | no | three letters, e.g. `ESP` |
//! | `team_club` | no | the club or school, at most 100 characters ([`crate::input::ShortText`]) |
//! | `team_captain` | no | the captain's name (a player of the team or not), at most 100 characters |
//! | `board` | no | the player's place in the roster, 1-999 (1 = board 1); without it, the rows' order |
//!
//! The team columns may be filled on every row of the team or on one; two rows of one team that
//! give different values are an error. Names (the team's, the club's, the captain's and the
//! players') are trimmed, in Unicode NFC and without control characters, as every door takes
//! them ([`crate::input`]). Headers are matched by name, in any order,
//! case-insensitively; the delimiter is `,` `;` or tab as for the players. Import is all or
//! nothing: every bad field is reported with its line (the header is line 1) and column.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use super::{CsvProblem, PLAYER_COLUMNS, decode, export_players, restore, write_row};
use crate::input::{InputError, ShortText, TeamName};
use crate::model::{PairingNumber, Player, Tournament};
use crate::team::{Team, TeamNumber};
use crate::typed::latin_number;

/// The team columns, as [`export_teams`] writes them (before the player columns).
pub const TEAM_COLUMNS: [&str; 6] = [
    "team",
    "team_number",
    "team_federation",
    "team_club",
    "team_captain",
    "board",
];

/// Why a team column's field is rejected; its `Display` is the English reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamCsvProblem {
    /// A header that is neither a team nor a player column.
    #[error("unknown column (known: {}, {})", TEAM_COLUMNS.join(", "), PLAYER_COLUMNS.join(", "))]
    UnknownColumn,
    /// No `team` column.
    #[error("the `team` column is required")]
    TeamColumnMissing,
    /// An empty team name.
    #[error("a team name is required")]
    TeamRequired,
    /// A team name longer than TRF's field.
    #[error("longer than 32 characters")]
    TeamTooLong,
    /// A team number outside 1-999.
    #[error("not a number from 1 to 999")]
    BadTeamNumber,
    /// A team number taken by another team.
    #[error("team number {0} is already used")]
    TeamNumberUsed(TeamNumber),
    /// A team of this name already exists.
    #[error("a team of this name already exists")]
    TeamExists,
    /// Not three letters.
    #[error("not a three-letter federation")]
    BadFederation,
    /// A board outside 1-999.
    #[error("not a board number from 1 to 999")]
    BadBoard,
    /// Two players of a team on the same board.
    #[error("board {0} is given to two players of the team")]
    BoardUsed(u16),
    /// Some rows of a team give a board and this one does not.
    #[error("the other rows of this team give a board")]
    BoardMissing,
    /// Two rows of one team give different values.
    #[error("another row of this team gives `{0}`")]
    Differs(String),
    /// A line break inside a field.
    #[error("a line break inside a field")]
    LineBreak,
    /// A control character (NUL, a tab, ...) in a team's name, club or captain.
    #[error("control character U+{0:04X}")]
    ControlCharacter(u32),
    /// A club or captain longer than the gate takes ([`crate::input::ShortText`]).
    #[error("longer than {0} characters")]
    TextTooLong(usize),
}

/// Why a field or row is rejected: a player column's problem or a team column's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamCsvReason {
    /// A player column, as the individual import reports it.
    #[error("{0}")]
    Player(CsvProblem),
    /// A team column.
    #[error("{0}")]
    Team(TeamCsvProblem),
}

/// One bad field (or row) of a team CSV import.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: `{value}`: {reason}", column.as_ref().map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct TeamCsvRowError {
    /// The line, from 1 (the header is line 1).
    pub line: u64,
    /// The column's header name, when one field is at fault.
    pub column: Option<String>,
    /// The value found.
    pub value: String,
    /// Why it is rejected.
    pub reason: TeamCsvReason,
}

/// A rejected team CSV import: every error found. Nothing was imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} error(s) in the CSV file; first: {}", errors.len(), errors.first().map(ToString::to_string).unwrap_or_default())]
pub struct TeamCsvError {
    /// The errors, in line order.
    pub errors: Vec<TeamCsvRowError>,
}

/// What a team CSV import adds: the players and the teams (rosters in board order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamImport {
    /// The new players, in pairing-number order.
    pub players: Vec<Player>,
    /// The new teams.
    pub teams: Vec<Team>,
    /// What was tolerated, each naming its line and column: a birth date that is not a date,
    /// the player imported without one.
    pub warnings: Vec<TeamCsvRowError>,
}

/// One team as its rows give it.
#[derive(Default)]
struct Draft {
    number: Option<(u64, TeamNumber)>,
    federation: Option<String>,
    club: Option<String>,
    captain: Option<String>,
    /// (line, board, pairing number).
    members: Vec<(u64, Option<u16>, PairingNumber)>,
}

/// Imports teams with their rosters (see the module documentation). `existing` players and
/// `existing_teams` keep their pairing numbers, FIDE ids, team numbers and team names.
///
/// # Errors
/// [`TeamCsvError`] with every bad row and field, the player columns' as the individual import
/// reports them.
pub fn import_teams(
    bytes: &[u8],
    existing: &[Player],
    existing_teams: &[Team],
) -> Result<TeamImport, TeamCsvError> {
    let player_err = |e: super::CsvRowError| TeamCsvRowError {
        line: e.line,
        column: e.column,
        value: e.value,
        reason: TeamCsvReason::Player(e.reason),
    };
    let text = decode(bytes).map_err(|e| TeamCsvError {
        errors: e.errors.into_iter().map(player_err).collect(),
    })?;
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
    let mut errors: Vec<TeamCsvRowError> = Vec::new();
    let err =
        |line: u64, column: Option<&str>, value: &str, reason: TeamCsvProblem| TeamCsvRowError {
            line,
            column: column.map(str::to_owned),
            value: value.to_owned(),
            reason: TeamCsvReason::Team(reason),
        };
    let headers = match reader.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            let reason = TeamCsvReason::Player(CsvProblem::Syntax(e.to_string()));
            return Err(TeamCsvError {
                errors: vec![TeamCsvRowError {
                    line: 1,
                    column: None,
                    value: String::new(),
                    reason,
                }],
            });
        }
    };
    // Header index by team column; the player columns by position.
    let mut team_index = [None; 6];
    let mut player_cols: Vec<(usize, String)> = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        let key = h.trim().to_ascii_lowercase();
        if let Some(k) = TEAM_COLUMNS.iter().position(|c| *c == key) {
            if team_index[k].is_some() {
                let reason = TeamCsvReason::Player(CsvProblem::ColumnTwice);
                errors.push(TeamCsvRowError {
                    line: 1,
                    column: Some(h.to_owned()),
                    value: h.to_owned(),
                    reason,
                });
            }
            team_index[k] = Some(i);
        } else if PLAYER_COLUMNS.contains(&key.as_str()) {
            player_cols.push((i, h.to_owned()));
        } else {
            errors.push(err(1, Some(h), h, TeamCsvProblem::UnknownColumn));
        }
    }
    if team_index[0].is_none() {
        errors.push(err(1, Some("team"), "", TeamCsvProblem::TeamColumnMissing));
    }
    // The rows (all-empty ones skipped), with their lines.
    let mut rows: Vec<(u64, csv::StringRecord)> = Vec::new();
    for record in reader.records() {
        match record {
            Ok(r) => {
                let line = super::line_at(&text, r.position());
                if r.iter().all(|f| f.trim().is_empty()) {
                    continue;
                }
                if let Some(f) = r.iter().find(|f| f.contains(['\n', '\r'])) {
                    errors.push(err(line, None, f, TeamCsvProblem::LineBreak));
                    continue;
                }
                rows.push((line, r));
            }
            Err(e) => {
                let line = super::line_at(&text, e.position());
                let reason = TeamCsvReason::Player(CsvProblem::Syntax(e.to_string()));
                errors.push(TeamCsvRowError {
                    line,
                    column: None,
                    value: String::new(),
                    reason,
                });
            }
        }
    }
    if !errors.is_empty() {
        return Err(TeamCsvError { errors });
    }
    // The players, through the individual import (one rebuilt line per row).
    let mut rebuilt = csv::Writer::from_writer(Vec::new());
    let player_header: Vec<&str> = player_cols.iter().map(|(_, h)| h.as_str()).collect();
    let _ = rebuilt.write_record(&player_header);
    // The rows given to the player import (a row with no player field would be skipped there).
    let mut kept: Vec<usize> = Vec::new();
    for (i, (line, r)) in rows.iter().enumerate() {
        let fields: Vec<&str> = player_cols
            .iter()
            .map(|(i, _)| r.get(*i).unwrap_or(""))
            .collect();
        if fields.iter().all(|f| f.trim().is_empty()) {
            let reason = TeamCsvReason::Player(CsvProblem::NameRequired);
            errors.push(TeamCsvRowError {
                line: *line,
                column: Some("name".into()),
                value: String::new(),
                reason,
            });
            continue;
        }
        let _ = rebuilt.write_record(&fields);
        kept.push(i);
    }
    let rebuilt = rebuilt.into_inner().unwrap_or_default();
    let original = |l: u64| {
        if l < 2 {
            return l;
        }
        usize::try_from(l - 2)
            .ok()
            .and_then(|i| kept.get(i))
            .and_then(|i| rows.get(*i))
            .map_or(l, |r| r.0)
    };
    let mut player_of: BTreeMap<usize, PairingNumber> = BTreeMap::new();
    let mut warnings = Vec::new();
    let players = match super::import_players_located(&rebuilt, existing) {
        Ok(located) => {
            for mut x in located.warnings {
                x.line = original(x.line);
                warnings.push(player_err(x));
            }
            let p = located.players;
            for (k, (_, player)) in p.iter().enumerate() {
                if let Some(&row) = kept.get(k) {
                    player_of.insert(row, player.pairing_number);
                }
            }
            p
        }
        Err(e) => {
            for mut x in e.errors {
                x.line = original(x.line);
                errors.push(player_err(x));
            }
            Vec::new()
        }
    };
    // The teams.
    let get = |r: &csv::StringRecord, k: usize| -> String {
        let v = team_index[k].and_then(|i| r.get(i)).unwrap_or("").trim();
        // The quote an export puts before a formula's first character (super::cell).
        restore(v).to_owned()
    };
    let mut drafts: Vec<(String, Draft)> = Vec::new();
    for (i, (line, r)) in rows.iter().enumerate() {
        let line = *line;
        // The same text rules as every door (crate::input): trimmed, NFC, no control
        // characters, a team's name at most 32 characters (TRF `013`).
        let raw = get(r, 0);
        let name = match TeamName::new(&raw) {
            Ok(name) => name.into_string(),
            Err(e) => {
                let problem = match e {
                    InputError::Empty => TeamCsvProblem::TeamRequired,
                    InputError::ControlCharacter { code, .. } => {
                        TeamCsvProblem::ControlCharacter(code)
                    }
                    _ => TeamCsvProblem::TeamTooLong,
                };
                errors.push(err(line, Some("team"), &raw, problem));
                continue;
            }
        };
        if existing_teams.iter().any(|t| t.name == name) {
            errors.push(err(line, Some("team"), &name, TeamCsvProblem::TeamExists));
            continue;
        }
        let at = if let Some(at) = drafts.iter().position(|(n, _)| *n == name) {
            at
        } else {
            drafts.push((name.clone(), Draft::default()));
            drafts.len() - 1
        };
        let d = &mut drafts[at].1;
        let v = get(r, 1);
        if !v.is_empty() {
            match latin_number(&v).parse::<u16>() {
                Ok(n) if (1..=999).contains(&n) => match d.number {
                    Some((_, m)) if m != n => {
                        errors.push(err(
                            line,
                            Some("team_number"),
                            &v,
                            TeamCsvProblem::Differs(m.to_string()),
                        ));
                    }
                    _ => d.number = Some((line, n)),
                },
                _ => errors.push(err(
                    line,
                    Some("team_number"),
                    &v,
                    TeamCsvProblem::BadTeamNumber,
                )),
            }
        }
        let v = get(r, 2);
        let federation_ok =
            v.is_empty() || v.len() == 3 && v.bytes().all(|b| b.is_ascii_alphabetic());
        if federation_ok {
            let v = v.to_ascii_uppercase();
            set_once(&mut d.federation, v, line, "team_federation", &mut errors);
        } else {
            let reason = TeamCsvProblem::BadFederation;
            errors.push(err(line, Some("team_federation"), &v, reason));
        }
        for (k, column) in [(3, "team_club"), (4, "team_captain")] {
            let raw = get(r, k);
            let value = match ShortText::optional(&raw) {
                Ok(v) => v.map(ShortText::into_string).unwrap_or_default(),
                Err(e) => {
                    let problem = match e {
                        InputError::ControlCharacter { code, .. } => {
                            TeamCsvProblem::ControlCharacter(code)
                        }
                        _ => TeamCsvProblem::TextTooLong(ShortText::MAX),
                    };
                    errors.push(err(line, Some(column), &raw, problem));
                    continue;
                }
            };
            let slot = if k == 3 { &mut d.club } else { &mut d.captain };
            set_once(slot, value, line, column, &mut errors);
        }
        let v = get(r, 5);
        let board = if v.is_empty() {
            None
        } else {
            match latin_number(&v).parse::<u16>() {
                Ok(b) if (1..=999).contains(&b) => Some(b),
                _ => {
                    errors.push(err(line, Some("board"), &v, TeamCsvProblem::BadBoard));
                    None
                }
            }
        };
        if let Some(&pn) = player_of.get(&i) {
            d.members.push((line, board, pn));
        }
    }
    // Numbers, boards.
    let mut used: BTreeSet<TeamNumber> = existing_teams.iter().map(|t| t.number).collect();
    for (_, d) in &drafts {
        if let Some((line, n)) = d.number
            && !used.insert(n)
        {
            errors.push(err(
                line,
                Some("team_number"),
                &n.to_string(),
                TeamCsvProblem::TeamNumberUsed(n),
            ));
        }
    }
    let mut next = used.iter().max().copied().unwrap_or(0);
    let mut teams = Vec::new();
    for (name, d) in drafts {
        let number = d.number.map_or_else(
            || {
                next = next.saturating_add(1);
                next
            },
            |(_, n)| n,
        );
        let with_board = d.members.iter().filter(|m| m.1.is_some()).count();
        let mut members = d.members;
        if with_board > 0 {
            let mut seen: BTreeMap<u16, u64> = BTreeMap::new();
            for &(line, board, _) in &members {
                match board {
                    None => errors.push(err(line, Some("board"), "", TeamCsvProblem::BoardMissing)),
                    Some(b) if seen.insert(b, line).is_some() => {
                        errors.push(err(
                            line,
                            Some("board"),
                            &b.to_string(),
                            TeamCsvProblem::BoardUsed(b),
                        ));
                    }
                    Some(_) => {}
                }
            }
            members.sort_by_key(|m| m.1);
        }
        let mut team = Team::new(number, name, members.iter().map(|m| m.2).collect());
        team.federation = d.federation;
        team.club = d.club;
        team.captain = d.captain;
        teams.push(team);
    }
    if errors.is_empty() {
        teams.sort_by_key(|t| t.number);
        let mut players: Vec<Player> = players.into_iter().map(|(_, p)| p).collect();
        players.sort_by_key(|p| p.pairing_number);
        Ok(TeamImport {
            players,
            teams,
            warnings,
        })
    } else {
        errors.sort_by_key(|e| e.line);
        Err(TeamCsvError { errors })
    }
}

/// Sets a team's optional text once; a different non-empty value later is an error.
fn set_once(
    slot: &mut Option<String>,
    value: String,
    line: u64,
    column: &str,
    errors: &mut Vec<TeamCsvRowError>,
) {
    if value.is_empty() {
        return;
    }
    match slot {
        Some(old) if *old != value => errors.push(TeamCsvRowError {
            line,
            column: Some(column.to_owned()),
            value,
            reason: TeamCsvReason::Team(TeamCsvProblem::Differs(old.clone())),
        }),
        Some(_) => {}
        None => *slot = Some(value),
    }
}

/// Writes a team event's teams as CSV, one row per rostered player in board order, the team
/// columns ([`TEAM_COLUMNS`], filled on every row) then the player columns; [`import_teams`]
/// reads it back. Players on no team are not written. Each cell through [`super::cell`] (no
/// formula, no hidden character).
///
/// # Errors
/// The writer's I/O errors, as [`csv::Error`].
pub fn export_teams(t: &Tournament, out: impl Write) -> Result<(), csv::Error> {
    let mut w = csv::Writer::from_writer(out);
    let mut header: Vec<&str> = TEAM_COLUMNS.to_vec();
    header.extend(PLAYER_COLUMNS);
    write_row(&mut w, &header)?;
    let mut teams: Vec<&Team> = t.team.iter().flat_map(|e| &e.teams).collect();
    teams.sort_by_key(|x| x.number);
    for team in teams {
        for (k, pn) in team.roster.iter().enumerate() {
            let Some(p) = t.player(*pn) else { continue };
            // The player's columns, as the individual export writes them.
            let mut one = Vec::new();
            export_players(std::slice::from_ref(p), &mut one)?;
            let mut r = csv::Reader::from_reader(one.as_slice());
            let fields = r.records().next().transpose()?.unwrap_or_default();
            let opt = |v: &Option<String>| v.clone().unwrap_or_default();
            let mut row = vec![
                team.name.clone(),
                team.number.to_string(),
                opt(&team.federation),
                opt(&team.club),
                opt(&team.captain),
                (k + 1).to_string(),
            ];
            row.extend(fields.iter().map(str::to_owned));
            write_row(&mut w, &row)?;
        }
    }
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::{TeamEvent, TeamSettings};
    use crate::trf::{TrfVersion, read_trf, write_trf};

    const CSV: &str = "\
team,team_federation,board,name,rating,fide_id,team_captain
Alpha,ESP,2,\"Bravo, Ana\",2100,1001,\"Coach, Carl\"
Alpha,,1,\"Alfa, Ben\",2200,1002,
Alpha,,3,\"Charlie, Cid\",2000,,
Beta,IRI,1,\"Delta, Dara\",2150,,
Beta,,2,\"Echo, Elif\",2050,,
";

    fn shape(i: &TeamImport) -> Vec<(TeamNumber, String, Vec<String>)> {
        i.teams
            .iter()
            .map(|t| {
                let names = t
                    .roster
                    .iter()
                    .map(|pn| {
                        i.players
                            .iter()
                            .find(|p| p.pairing_number == *pn)
                            .map(|p| p.name.clone())
                            .unwrap_or_default()
                    })
                    .collect();
                (t.number, t.name.clone(), names)
            })
            .collect()
    }

    #[test]
    fn teams_import_in_board_order_and_export_round_trips() {
        let i = import_teams(CSV.as_bytes(), &[], &[]).unwrap();
        assert_eq!(i.players.len(), 5);
        assert_eq!(
            shape(&i)[0],
            (
                1,
                "Alpha".to_owned(),
                vec![
                    "Alfa, Ben".into(),
                    "Bravo, Ana".into(),
                    "Charlie, Cid".into()
                ]
            )
        );
        assert_eq!(i.teams[0].federation.as_deref(), Some("ESP"));
        assert_eq!(i.teams[0].captain.as_deref(), Some("Coach, Carl"));
        assert_eq!(i.teams[1].number, 2);
        let mut event = TeamEvent::new(TeamSettings::new(2));
        event.teams = i.teams.clone();
        let t = Tournament {
            players: i.players.clone(),
            team: Some(event),
            ..Tournament::default()
        };
        let mut out = Vec::new();
        export_teams(&t, &mut out).unwrap();
        let again = import_teams(&out, &[], &[]).unwrap();
        assert_eq!(again.players, i.players);
        let strip = |v: &[Team]| {
            v.iter()
                .map(|t| {
                    let mut t = t.clone();
                    t.id = uuid::Uuid::nil();
                    t
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(&again.teams), strip(&i.teams));
    }

    #[test]
    fn a_csv_import_then_trf_export_then_read_keeps_teams_and_rosters() {
        let i = import_teams(CSV.as_bytes(), &[], &[]).unwrap();
        let mut event = TeamEvent::new(TeamSettings::new(2));
        event.teams = i.teams.clone();
        let t = Tournament {
            players: i.players.clone(),
            rounds_planned: Some(3),
            team: Some(event),
            ..Tournament::default()
        };
        for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
            let read = read_trf(write_trf(&t, version).as_bytes()).unwrap();
            let e = read.tournament.team.unwrap();
            let got: Vec<_> = e
                .teams
                .iter()
                .map(|x| (x.number, x.name.clone(), x.roster.clone()))
                .collect();
            let want: Vec<_> = i
                .teams
                .iter()
                .map(|x| (x.number, x.name.clone(), x.roster.clone()))
                .collect();
            assert_eq!(got, want, "{version:?}");
            assert_eq!(read.tournament.players.len(), 5);
        }
    }

    #[test]
    fn errors_name_the_row_and_the_column() {
        let bad = "\
team,board,name,rating,colour
Alpha,1,\"A, A\",2100,x
";
        let e = import_teams(bad.as_bytes(), &[], &[]).unwrap_err();
        assert_eq!(e.errors[0].line, 1);
        assert_eq!(e.errors[0].column.as_deref(), Some("colour"));
        assert_eq!(
            e.errors[0].reason,
            TeamCsvReason::Team(TeamCsvProblem::UnknownColumn)
        );
        let bad = "\
team,team_federation,board,name,rating
Alpha,ESP,1,\"A, A\",2100
,,2,\"B, B\",2000
Alpha,FRA,2,\"C, C\",nine
Alpha,,1,\"D, D\",1900
Beta,,x,\"E, E\",1800
";
        // The same lines whatever the line ends (`\r\n`: a spreadsheet's file, a pasted text).
        let crlf = bad.replace('\n', "\r\n");
        let lines_of = |text: &str| -> Vec<(u64, Option<String>)> {
            let e = import_teams(text.as_bytes(), &[], &[]).unwrap_err();
            e.errors
                .iter()
                .map(|x| (x.line, x.column.clone()))
                .collect()
        };
        assert_eq!(lines_of(&crlf), lines_of(bad));
        let e = import_teams(bad.as_bytes(), &[], &[]).unwrap_err();
        let found: Vec<(u64, Option<&str>)> = e
            .errors
            .iter()
            .map(|x| (x.line, x.column.as_deref()))
            .collect();
        for want in [
            (3, Some("team")),
            (4, Some("team_federation")),
            (4, Some("rating")),
            (6, Some("board")),
        ] {
            assert!(found.contains(&want), "{want:?} in {found:?}");
        }
        assert!(
            e.errors
                .iter()
                .any(|x| x.line == 4 && x.reason == TeamCsvReason::Player(CsvProblem::BadRating))
        );
        assert!(
            e.errors
                .iter()
                .any(|x| x.line == 6 && x.reason == TeamCsvReason::Team(TeamCsvProblem::BadBoard))
        );
        let dup = "\
team,board,name
Alpha,1,\"A, A\"
Alpha,1,\"B, B\"
";
        let e = import_teams(dup.as_bytes(), &[], &[]).unwrap_err();
        assert_eq!(e.errors[0].line, 3);
        assert_eq!(
            e.errors[0].reason,
            TeamCsvReason::Team(TeamCsvProblem::BoardUsed(1))
        );
        let missing = "name,rating\n\"A, A\",2000\n";
        let e = import_teams(missing.as_bytes(), &[], &[]).unwrap_err();
        assert_eq!(
            e.errors[0].reason,
            TeamCsvReason::Team(TeamCsvProblem::TeamColumnMissing)
        );
    }

    /// Every name goes through the gate every door uses (issue #22): a control character or an
    /// over-long name is refused naming the row and the column, the players' as the individual
    /// import refuses them, the team's, the club's and the captain's too; names are stored
    /// trimmed and in NFC.
    #[test]
    fn names_go_through_the_input_gate() {
        let long_team = "T".repeat(33);
        let long_player = format!("{}, X", "P".repeat(31));
        let long_club = "C".repeat(101);
        let bad = format!(
            "team,team_club,team_captain,board,name
Al\u{7}pha,,,1,\"A, A\"
Beta,Club\u{0},,1,\"B, B\"
Gamma,,Cap\u{1b}tain,1,\"C, C\"
Delta,,,1,\"D\u{7}, D\"
{long_team},,,1,\"E, E\"
Zeta,,,1,\"{long_player}\"
Eta,{long_club},,1,\"G, G\"
"
        );
        let e = import_teams(bad.as_bytes(), &[], &[]).unwrap_err();
        let found: Vec<(u64, Option<&str>, &TeamCsvReason)> = e
            .errors
            .iter()
            .map(|x| (x.line, x.column.as_deref(), &x.reason))
            .collect();
        let team = TeamCsvReason::Team;
        let player = TeamCsvReason::Player;
        for want in [
            (2, "team", team(TeamCsvProblem::ControlCharacter(7))),
            (3, "team_club", team(TeamCsvProblem::ControlCharacter(0))),
            (
                4,
                "team_captain",
                team(TeamCsvProblem::ControlCharacter(0x1b)),
            ),
            (5, "name", player(CsvProblem::NameControlCharacter(7))),
            (6, "team", team(TeamCsvProblem::TeamTooLong)),
            (7, "name", player(CsvProblem::NameTooLong)),
            (8, "team_club", team(TeamCsvProblem::TextTooLong(100))),
        ] {
            assert!(
                found.contains(&(want.0, Some(want.1), &want.2)),
                "{want:?} in {found:?}"
            );
        }
        assert_eq!(found.len(), 7, "{found:?}");
        let fine = "team,team_club,team_captain,name\n Cafe\u{301} ,  Club ,\" Coach \",\"A, A\"\n";
        let i = import_teams(fine.as_bytes(), &[], &[]).unwrap();
        assert_eq!(i.teams[0].name, "Caf\u{e9}");
        assert_eq!(i.teams[0].club.as_deref(), Some("Club"));
        assert_eq!(i.teams[0].captain.as_deref(), Some("Coach"));
    }
}
