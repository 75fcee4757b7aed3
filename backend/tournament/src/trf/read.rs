// Over 800 lines: the TRF reader, one parser per record kind (TRF16 and TRF-2026) feeding one
// tournament, with the error positions of every field.
//! The TRF reader: bytes in, a [`Tournament`] or every error out. Never panics.

use std::collections::BTreeMap;

use crate::check::{IssueKind, check};
use crate::date::{PartialDate, parse_date};
use crate::input::EventName;
use crate::model::{
    Acceleration, AnnouncedBye, Bye, ForbiddenPairs, Game, PairingNumber, Player, RawRecord, Round,
    RoundNumber, RoundState, Sex, Title, Tournament,
};
use crate::points::Points;
use crate::result::{Colour, GameResult, Outcome, ResultCode};
use crate::scoring::ScoringSystem;

use super::columns::{ROUND_COLUMN, field, parse_u16};
use super::team_read::{TEAM_CODES, TeamRecords};
use super::{TrfError, TrfIssue, TrfRead, TrfVersion};

/// Round numbers above this are rejected in records that name round ranges (`250`, `260`).
const MAX_ROUND: RoundNumber = 999;

/// Reads a TRF16 or TRF-2026 file.
///
/// The bytes are UTF-8 (a byte-order mark is skipped), line by line: a line that is not valid
/// UTF-8 is read as Windows-1252, the Latin-1 of the Windows programs that write TRF files in the
/// wild (`shared/formats/TRF.md`; TRF-2026 recommends UTF-8): the same letters, and in
/// 0x80-0x9F the apostrophes, quotes and dashes Latin-1 leaves as control characters (which the
/// names' gate would refuse). A warning names the line ([`IssueKind::Latin1`]). UTF-8 lines
/// are kept as they are, so a file with one Latin-1 line keeps the Persian and Arabic names of
/// its other lines. Lines may end in LF, CRLF or CR. Columns are counted in characters.
///
/// ```
/// use arbiter_tournament::read_trf;
///
/// let text = concat!(
///     // Four players, three rounds planned (`XXR`), round 1 played: 1-3 1-0, 4-2 0-1.
///     "012 Club Rapid\n",
///     "XXR 3\n",
///     "001    1      Alpha,Anna                        2100                             1.0    1     3 w 1\n",
///     "001    2      Bravo,Bahram                      2000                             1.0    2     4 b 1\n",
///     "001    3      Charlie,Chen                      1900                             0.0    3     1 b 0\n",
///     "001    4      Delta,Dara                        1800                             0.0    4     2 w 0\n",
/// );
/// let read = read_trf(text.as_bytes())?;
/// assert!(read.warnings.is_empty());
/// let t = read.tournament;
/// assert_eq!(t.name.as_deref(), Some("Club Rapid"));
/// assert_eq!((t.players.len(), t.rounds.len(), t.rounds_planned), (4, 1, Some(3)));
/// assert_eq!(read.player_lines[&3], 5);
///
/// // Points that disagree with the results are refused, naming the line and the player.
/// let wrong = text.replace("1.0    1", "0.5    1");
/// let error = read_trf(wrong.as_bytes()).unwrap_err();
/// assert_eq!((error.errors[0].line, error.errors[0].player), (3, Some(1)));
/// # Ok::<(), arbiter_tournament::trf::TrfError>(())
/// ```
///
/// # Errors
/// [`TrfError`] with every error found (line, column, player, round) when any field of a `001`
/// record is unreadable, a player's opponent does not exist or does not point back, colours
/// clash, two results of a game cannot stand together, a round has two PABs, a pairing number is
/// used twice, or the points written disagree with the results under the file's scoring.
pub fn read_trf(bytes: &[u8]) -> Result<TrfRead, TrfError> {
    let mut r = Reader::default();
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    // Split on LF, CRLF and CR alike.
    let mut raw_lines: Vec<&[u8]> = Vec::new();
    let mut rest = bytes;
    while let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
        let (line, tail) = rest.split_at(end);
        raw_lines.push(line);
        let skip = if tail.starts_with(b"\r\n") { 2 } else { 1 };
        rest = tail.get(skip..).unwrap_or_default();
    }
    raw_lines.push(rest);
    let count = raw_lines.len();
    for (i, raw) in raw_lines.into_iter().enumerate() {
        let no = i + 1;
        let decoded: String;
        let line = if let Ok(s) = std::str::from_utf8(raw) {
            s
        } else {
            r.issue(no, None, None, None, IssueKind::Latin1);
            decoded = encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(raw)
                .0
                .into_owned();
            &decoded
        };
        // Binary data is refused at its first line (and the rest not read): a file of any
        // bytes would otherwise be read as Windows-1252 lines of unknown records.
        if let Some(i) = line
            .chars()
            .position(|c| c.is_ascii_control() && !matches!(c, '\t' | '\x0c' | '\x1a'))
        {
            let c = line.chars().nth(i).map_or(0, u32::from);
            r.issue(no, Some(i + 1), None, None, IssueKind::BinaryData(c));
            return r.finish();
        }
        // A byte order mark can also start a line inside the file (files joined together): it
        // is not part of the record.
        let line = line.trim_start_matches('\u{feff}');
        if line.trim().is_empty() {
            if no != count {
                r.issue(no, None, None, None, IssueKind::BlankLine);
            }
            continue;
        }
        r.line(no, line);
    }
    r.finish()
}

/// One round block of a `001` record.
#[derive(Clone, Copy)]
struct Entry {
    /// The block's first column (1-based).
    column: usize,
    opponent: Option<PairingNumber>,
    /// `w`, `b` or ` ` (none).
    colour: char,
    code: ResultCode,
}

struct RawPlayer {
    line: usize,
    player: Player,
    entries: BTreeMap<RoundNumber, Entry>,
}

#[derive(Default)]
struct Reader {
    t: Tournament,
    errors: Vec<TrfIssue>,
    warnings: Vec<TrfIssue>,
    players: BTreeMap<PairingNumber, RawPlayer>,
    /// Every start number seen, even on records with errors.
    seen: std::collections::BTreeSet<PairingNumber>,
    version_2026: bool,
    rounds_planned_line: usize,
    /// The line of each header record (the first, when repeated).
    header_lines: BTreeMap<String, usize>,
    s162: Option<[Option<Points>; 6]>,
    bbx: [Option<Points>; 6],
    accelerations: BTreeMap<PairingNumber, Vec<Points>>,
    /// The team records (`013`, `310`, `320`, `330`, `300`, `352`, `362`).
    team: TeamRecords,
}

/// The character at a 1-based column, a space beyond the end of the line.
fn at(chars: &[char], column: usize) -> char {
    chars.get(column.wrapping_sub(1)).copied().unwrap_or(' ')
}

impl Reader {
    fn issue(
        &mut self,
        line: usize,
        column: Option<usize>,
        player: Option<PairingNumber>,
        round: Option<RoundNumber>,
        kind: IssueKind,
    ) {
        let issue = TrfIssue {
            line,
            column,
            player,
            round,
            kind,
        };
        if issue.kind.is_error() {
            self.errors.push(issue);
        } else {
            self.warnings.push(issue);
        }
    }

    fn keep(&mut self, line: &str) {
        self.t.other_records.push(RawRecord {
            line: line.to_owned(),
        });
    }

    fn duplicate_scoring(&mut self, no: usize, code: &str) {
        self.issue(
            no,
            Some(1),
            None,
            None,
            IssueKind::DuplicateScoring(code.to_owned()),
        );
    }

    fn bad_header(&mut self, no: usize, code: &str, value: &str, line: &str) {
        self.issue(
            no,
            Some(5),
            None,
            None,
            IssueKind::BadHeaderValue {
                record: code.to_owned(),
                value: value.to_owned(),
            },
        );
        self.keep(line);
    }

    fn set_text(&mut self, no: usize, code: &str, line: &str, value: &str) {
        // The tournament's name goes through the gate every door uses (trimmed, NFC, no control
        // character, at most 200 characters); a blank one stays blank, as written.
        let gated;
        let value = if code == "012" {
            match EventName::optional(value) {
                Ok(name) => {
                    gated = name.map(EventName::into_string).unwrap_or_default();
                    gated.as_str()
                }
                Err(error) => {
                    let kind = IssueKind::BadText {
                        record: code.to_owned(),
                        error,
                    };
                    self.issue(no, Some(5), None, None, kind);
                    return;
                }
            }
        } else {
            value
        };
        // A tie-break list is read by the parser every door uses: an unreadable one (an unknown
        // code, a modifier misspelt, repeated or against another) is an error naming the line,
        // the column and the code (TIEBREAKS.md: never replaced by a default list).
        if matches!(code, "202" | "212") {
            if let Err(error) = crate::tiebreak::parse_list(value) {
                let column = 5 + first_bad_tiebreak(value);
                let kind = IssueKind::BadText {
                    record: code.to_owned(),
                    error: crate::input::InputError::Tiebreak(error),
                };
                self.issue(no, Some(column), None, None, kind);
                return;
            }
        }
        let slot = match code {
            "012" => &mut self.t.name,
            "022" => &mut self.t.city,
            "032" => &mut self.t.federation,
            "062" => &mut self.t.declared_players,
            "072" => &mut self.t.declared_rated_players,
            "082" => &mut self.t.declared_teams,
            "092" => &mut self.t.tournament_type,
            "102" => &mut self.t.chief_arbiter,
            "122" => &mut self.t.time_control,
            "132" => &mut self.t.round_dates,
            "172" => &mut self.t.starting_rank_method,
            "182" => &mut self.t.pairing_controller,
            "192" => &mut self.t.pairing_system,
            "202" => &mut self.t.tiebreaks_202,
            "212" => &mut self.t.tiebreaks,
            "222" => &mut self.t.encoded_time_control,
            _ => return,
        };
        if slot.is_some() {
            self.duplicate_header(no, code, line);
        } else {
            *slot = Some(value.to_owned());
        }
    }

    /// A header record met a second time: a warning naming the line
    /// ([`IssueKind::DuplicateHeader`]); the first value stands and this line is kept verbatim,
    /// so that writing loses nothing.
    fn duplicate_header(&mut self, no: usize, code: &str, line: &str) {
        self.issue(
            no,
            None,
            None,
            None,
            IssueKind::DuplicateHeader(code.to_owned()),
        );
        self.keep(line);
    }

    /// A start or end date (`042`, `052`) in any layout files use ([`PartialDate::read`]); an
    /// unreadable one is a warning naming the line ([`IssueKind::BadHeaderValue`]), the line
    /// kept verbatim so that writing loses nothing.
    fn set_date(&mut self, no: usize, code: &str, line: &str, value: &str) {
        let Ok(date) = PartialDate::read(value) else {
            return self.bad_header(no, code, value.trim(), line);
        };
        let slot = if code == "042" {
            &mut self.t.start_date
        } else {
            &mut self.t.end_date
        };
        if slot.is_some() {
            self.duplicate_header(no, code, line);
        } else {
            *slot = date;
        }
    }

    fn line(&mut self, no: usize, line: &str) {
        let chars: Vec<char> = line.chars().collect();
        let code: String = chars.iter().take(3).collect();
        // No record holds a hidden character (a bidi control, an invisible format character:
        // crate::names::hidden): in a name it would reorder or hide the text around it, on every
        // page and in every export. The line is refused, naming its column.
        if let Some((position, c)) = crate::names::first_hidden(line) {
            let error = crate::input::InputError::ControlCharacter {
                code: u32::from(c),
                position,
            };
            let kind = IssueKind::BadText {
                record: code,
                error,
            };
            self.issue(no, Some(position), None, None, kind);
            return;
        }
        if code == "###" {
            self.version_2026 = true;
            self.keep(line);
            return;
        }
        let value: String = if chars.get(3) == Some(&' ') {
            chars.iter().skip(4).collect()
        } else {
            chars.iter().skip(3).collect()
        };
        let value = value.trim_end();
        self.header_lines.entry(code.clone()).or_insert(no);
        match code.as_str() {
            "001" => self.player(no, &chars),
            "042" | "052" => self.set_date(no, &code, line, value),
            "012" | "022" | "032" | "062" | "072" | "082" | "092" | "102" | "122" | "132" => {
                self.set_text(no, &code, line, value);
            }
            "172" | "182" | "192" | "202" | "212" | "222" => {
                self.version_2026 = true;
                self.set_text(no, &code, line, value);
            }
            "112" => self.t.deputy_arbiters.push(value.to_owned()),
            "XXR" | "142" => {
                if code == "142" {
                    self.version_2026 = true;
                }
                match parse_u16(value) {
                    Some(n) if self.t.rounds_planned.is_none_or(|old| old == n) => {
                        self.t.rounds_planned = Some(n);
                        self.rounds_planned_line = no;
                    }
                    _ => self.bad_header(no, &code, value, line),
                }
            }
            "152" => {
                self.version_2026 = true;
                let colour = match value.trim().to_ascii_lowercase().as_str() {
                    "w" | "white" => Some(Colour::White),
                    "b" | "black" => Some(Colour::Black),
                    _ => None,
                };
                match colour {
                    Some(c) if self.t.initial_colour.is_none_or(|old| old == c) => {
                        self.t.initial_colour = Some(c);
                    }
                    _ => self.bad_header(no, &code, value, line),
                }
            }
            "XXC" => {
                for word in value.split_whitespace() {
                    match word.to_ascii_lowercase().as_str() {
                        "white1" if self.t.initial_colour != Some(Colour::Black) => {
                            self.t.initial_colour = Some(Colour::White);
                        }
                        "black1" if self.t.initial_colour != Some(Colour::White) => {
                            self.t.initial_colour = Some(Colour::Black);
                        }
                        "rank" => self.t.pair_by_rank = true,
                        _ => self.t.other_xxc.push(word.to_owned()),
                    }
                }
            }
            "162" => {
                self.version_2026 = true;
                match parse_162(value) {
                    Some(_) if self.s162.is_some() => self.duplicate_scoring(no, &code),
                    Some(s) => self.s162 = Some(s),
                    None => self.bad_header(no, &code, value, line),
                }
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let i = ["BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"]
                    .iter()
                    .position(|c| *c == code)
                    .unwrap_or(0);
                match (Points::parse(value), self.bbx.get_mut(i)) {
                    (Ok(p), Some(slot @ None)) => *slot = Some(p),
                    (Ok(_), Some(Some(_))) => self.duplicate_scoring(no, &code),
                    _ => self.bad_header(no, &code, value, line),
                }
            }
            "XXA" => {
                let tokens: Vec<&str> = value.split_whitespace().collect();
                let pn = tokens.first().and_then(|t| parse_u16(t));
                let pts: Option<Vec<Points>> = tokens
                    .iter()
                    .skip(1)
                    .map(|t| Points::parse(t).ok())
                    .collect();
                match (pn, pts) {
                    // An all-zero acceleration says nothing: read as none at all.
                    (Some(pn), Some(pts))
                        if (1..=9999).contains(&pn) && pts.iter().all(|p| *p == Points::ZERO) => {}
                    (Some(pn), Some(mut pts))
                        if (1..=9999).contains(&pn) && !self.accelerations.contains_key(&pn) =>
                    {
                        while pts.last() == Some(&Points::ZERO) {
                            pts.pop();
                        }
                        self.accelerations.insert(pn, pts);
                    }
                    _ => self.bad_header(no, &code, value, line),
                }
            }
            "250" => {
                self.version_2026 = true;
                let Some(rec) = super::acceleration::parse_250(value) else {
                    self.bad_header(no, &code, value, line);
                    return;
                };
                let (r1, r2) = rec.rounds;
                for pn in rec.numbers.0..=rec.numbers.1 {
                    let v = self.accelerations.entry(pn).or_default();
                    for round in r1..=r2 {
                        let i = usize::from(round - 1);
                        if v.len() <= i {
                            v.resize(i + 1, Points::ZERO);
                        }
                        if let Some(slot) = v.get_mut(i) {
                            *slot = rec.points;
                        }
                    }
                    while v.last() == Some(&Points::ZERO) {
                        v.pop();
                    }
                }
                // In a team event the numbers are teams (moved there by the team build).
                self.team.accelerations.push(rec.for_teams());
            }
            "XXP" | "260" => {
                let nums: Option<Vec<u16>> = value.split_whitespace().map(parse_u16).collect();
                let parsed = match (code.as_str(), nums.as_deref()) {
                    ("XXP", Some(players)) if players.len() >= 2 => Some(ForbiddenPairs {
                        rounds: None,
                        players: players.to_vec(),
                    }),
                    ("260", Some([r1, r2, players @ ..]))
                        if players.len() >= 2 && 1 <= *r1 && r1 <= r2 && *r2 <= MAX_ROUND =>
                    {
                        Some(ForbiddenPairs {
                            rounds: Some((*r1, *r2)),
                            players: players.to_vec(),
                        })
                    }
                    _ => None,
                };
                if code == "260" {
                    self.version_2026 = true;
                }
                match parsed {
                    Some(fp) => self.t.forbidden_pairs.push(fp),
                    None => self.bad_header(no, &code, value, line),
                }
            }
            "240" => {
                self.version_2026 = true;
                let tokens: Vec<&str> = value.split_whitespace().collect();
                let code_char = tokens
                    .first()
                    .filter(|t| t.chars().count() == 1)
                    .and_then(|t| t.chars().next())
                    .and_then(ResultCode::from_trf_char);
                let nums: Option<Vec<u16>> = tokens.iter().skip(1).map(|t| parse_u16(t)).collect();
                match (code_char, nums.as_deref()) {
                    (Some(c), Some([round, players @ ..]))
                        if c.is_bye() && *round >= 1 && !players.is_empty() =>
                    {
                        self.t.announced_byes.push(AnnouncedBye {
                            code: c,
                            round: *round,
                            players: players.to_vec(),
                        });
                        self.team.bye_lines.push(no);
                    }
                    _ => self.bad_header(no, &code, value, line),
                }
            }
            c if TEAM_CODES.contains(&c) => {
                if c != "013" {
                    self.version_2026 = true;
                }
                self.team.record(no, c, line);
            }
            // Informative team records: kept as they are.
            "801" | "802" => {
                self.version_2026 = true;
                self.keep(line);
            }
            _ => {
                if matches!(
                    code.as_str(),
                    "299" | "300" | "310" | "320" | "330" | "352" | "362"
                ) {
                    self.version_2026 = true;
                }
                self.issue(no, None, None, None, IssueKind::KeptVerbatim(code.clone()));
                self.keep(line);
            }
        }
    }

    /// Reads one `001` record.
    fn player(&mut self, no: usize, chars: &[char]) {
        if let Some(i) = chars.iter().position(|&c| c == '\t') {
            self.issue(no, Some(i + 1), None, None, IssueKind::Tab);
            return;
        }
        let sn = field(chars, 5, 8);
        let Some(pn) = parse_u16(&sn).filter(|&n| (1..=9999).contains(&n)) else {
            self.issue(
                no,
                Some(5),
                None,
                None,
                IssueKind::BadPairingNumber(sn.trim().to_owned()),
            );
            return;
        };
        let before = self.errors.len();
        let pl = Some(pn);
        let mut p = Player::new(pn, field(chars, 15, 47).trim());
        p.sex = match at(chars, 10) {
            ' ' => None,
            'm' | 'M' => Some(Sex::Male),
            'w' | 'W' => Some(Sex::Female),
            'f' | 'F' => {
                self.issue(no, Some(10), pl, None, IssueKind::OldSex);
                Some(Sex::Female)
            }
            c => {
                self.issue(no, Some(10), pl, None, IssueKind::BadSex(c));
                None
            }
        };
        let title_text = field(chars, 11, 13);
        p.title = Title::parse(&title_text).map(|(title, old)| {
            if old {
                let kind = IssueKind::OldTitle(title_text.trim().to_owned(), title.as_str().into());
                self.issue(no, Some(11), pl, None, kind);
            }
            title
        });
        p.rating = self.number(no, chars, (49, 52), "rating", pl);
        p.federation = Some(field(chars, 54, 56).trim().to_owned()).filter(|s| !s.is_empty());
        let id = field(chars, 58, 68);
        p.fide_id = match id.trim() {
            "" => None,
            t => match t.parse::<u64>() {
                Ok(v) if t.bytes().all(|b| b.is_ascii_digit()) => Some(v),
                _ => {
                    let kind = IssueKind::BadNumber {
                        field: "FIDE id",
                        text: t.to_owned(),
                    };
                    self.issue(no, Some(58), pl, None, kind);
                    None
                }
            },
        };
        let born = field(chars, 70, 79);
        p.birth_date = PartialDate::read(&born).unwrap_or_else(|_| {
            let kind = IssueKind::BadBirthDate(born.trim().to_owned());
            self.issue(no, Some(70), pl, None, kind);
            None
        });
        let pts = field(chars, 81, 84);
        p.reported_points = match pts.trim() {
            "" => None,
            t => match Points::parse(t) {
                Ok(v) => Some(v),
                Err(e) => {
                    let kind = IssueKind::BadPoints {
                        text: t.to_owned(),
                        reason: e.to_string(),
                    };
                    self.issue(no, Some(81), pl, None, kind);
                    None
                }
            },
        };
        p.rank = self.number(no, chars, (86, 89), "rank", pl);
        let mut entries = BTreeMap::new();
        let mut round: RoundNumber = 1;
        let mut column = ROUND_COLUMN;
        while column <= chars.len() {
            if let Some(e) = self.entry(no, chars, column, pn, round) {
                entries.insert(round, e);
            }
            column += 10;
            round = round.saturating_add(1);
        }
        if !self.seen.insert(pn) {
            let kind = IssueKind::DuplicatePairingNumber(pn);
            self.issue(no, Some(5), pl, None, kind);
            return;
        }
        if self.errors.len() > before {
            return;
        }
        self.players.insert(
            pn,
            RawPlayer {
                line: no,
                player: p,
                entries,
            },
        );
    }

    fn number(
        &mut self,
        no: usize,
        chars: &[char],
        (from, to): (usize, usize),
        name: &'static str,
        pl: Option<PairingNumber>,
    ) -> Option<u16> {
        let text = field(chars, from, to);
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        let v = parse_u16(t);
        if v.is_none() {
            let kind = IssueKind::BadNumber {
                field: name,
                text: t.to_owned(),
            };
            self.issue(no, Some(from), pl, None, kind);
        }
        v
    }

    /// Reads the round block starting at `column`; `None` when it is blank or bad.
    fn entry(
        &mut self,
        no: usize,
        chars: &[char],
        column: usize,
        pn: PairingNumber,
        round: RoundNumber,
    ) -> Option<Entry> {
        let block = field(chars, column, column + 9);
        if block.trim().is_empty() {
            return None;
        }
        let (pl, rn) = (Some(pn), Some(round));
        let before = self.errors.len();
        for offset in [4, 6, 8, 9] {
            let c = at(chars, column + offset);
            if c != ' ' {
                self.issue(
                    no,
                    Some(column + offset),
                    pl,
                    rn,
                    IssueKind::UnexpectedText(c),
                );
            }
        }
        let opp_text = field(chars, column, column + 3);
        let opponent = if opp_text.trim().is_empty() {
            self.issue(no, Some(column), pl, rn, IssueKind::BlankOpponent);
            None
        } else {
            match parse_u16(&opp_text) {
                Some(0) => None,
                Some(n) => Some(n),
                None => {
                    let kind = IssueKind::BadOpponent(opp_text.trim().to_owned());
                    self.issue(no, Some(column), pl, rn, kind);
                    None
                }
            }
        };
        let colour = match at(chars, column + 5) {
            'w' | 'W' => 'w',
            'b' | 'B' => 'b',
            '-' | ' ' => ' ',
            c => {
                self.issue(no, Some(column + 5), pl, rn, IssueKind::BadColour(c));
                ' '
            }
        };
        let rc = at(chars, column + 7);
        let code = ResultCode::from_trf_char(rc).unwrap_or_else(|| {
            self.issue(no, Some(column + 7), pl, rn, IssueKind::BadResult(rc));
            ResultCode::Blank
        });
        if opponent.is_none() && colour != ' ' {
            self.issue(
                no,
                Some(column + 5),
                pl,
                rn,
                IssueKind::ColourWithoutOpponent(colour),
            );
        }
        (self.errors.len() == before).then_some(Entry {
            column,
            opponent,
            colour,
            code,
        })
    }

    fn finish(mut self) -> Result<TrfRead, TrfError> {
        self.t.scoring = match self.s162 {
            // Record 162 has one value (`A`) for every absence; a `BBF`/`BBZ` beside it tells the
            // forfeit loss and the zero-point bye apart (what the writer adds when they differ).
            Some([w, d, l, a, p, x]) => {
                let mut s = ScoringSystem::from_162(w, d, l, a, p, x);
                let [_, _, _, z, f, _] = self.bbx;
                s.zero_bye = z.unwrap_or(s.zero_bye);
                s.forfeit_loss = f.unwrap_or(s.forfeit_loss);
                s
            }
            None => ScoringSystem::from_bbx(&self.bbx),
        };
        // An acceleration of zero in every round is no acceleration (and is not written back).
        self.t.accelerations = std::mem::take(&mut self.accelerations)
            .into_iter()
            .filter(|(_, points)| points.iter().any(|p| *p != Points::ZERO))
            .map(|(player, points)| Acceleration { player, points })
            .collect();
        self.build_rounds();
        let players = std::mem::take(&mut self.players);
        let lines: BTreeMap<PairingNumber, usize> =
            players.iter().map(|(&pn, rp)| (pn, rp.line)).collect();
        self.t.players = players.into_values().map(|rp| rp.player).collect();
        let team = std::mem::take(&mut self.team);
        for issue in team.build(&mut self.t, &lines, &self.seen) {
            if issue.kind.is_error() {
                self.errors.push(issue);
            } else {
                self.warnings.push(issue);
            }
        }
        if let Some(dates) = self.t.round_dates.clone() {
            let chars: Vec<char> = format!("132 {dates}").chars().collect();
            for round in &mut self.t.rounds {
                let column = ROUND_COLUMN + 10 * usize::from(round.number - 1);
                round.scheduled = parse_date(&field(&chars, column, column + 7))
                    .and_then(|d| d.and_hms_opt(0, 0, 0));
            }
        }
        if self.errors.is_empty() {
            for problem in check(&self.t) {
                let column = match (&problem.kind, problem.round) {
                    (IssueKind::PointsDisagree { .. }, _) => Some(81),
                    (_, Some(r)) => Some(ROUND_COLUMN + 10 * usize::from(r.saturating_sub(1))),
                    _ => None,
                };
                let line = match problem.kind {
                    IssueKind::BeyondRoundsPlanned(..) => self.rounds_planned_line,
                    IssueKind::DeclaredCountMismatch { record, .. } => {
                        self.header_lines.get(record).copied().unwrap_or(0)
                    }
                    IssueKind::PointsDisagree { .. }
                    | IssueKind::ForbiddenPairPlayed(..)
                    | IssueKind::MetBefore { .. } => problem
                        .player
                        .and_then(|p| lines.get(&p).copied())
                        .unwrap_or(0),
                    // The rest was found (with its line) while building the rounds.
                    _ => continue,
                };
                if self.t.team.is_some() && matches!(problem.kind, IssueKind::PointsDisagree { .. })
                {
                    // In a team event a player's own total (columns 81-84) decides nothing:
                    // pairing (C.04.6) and standings use the team scores computed from the
                    // board results. A stale total (a pairing program's export after a
                    // correction) is reported, not refused.
                    self.warnings.push(TrfIssue {
                        line,
                        column,
                        player: problem.player,
                        round: problem.round,
                        kind: problem.kind,
                    });
                    continue;
                }
                self.issue(line, column, problem.player, problem.round, problem.kind);
            }
        }
        if self.t.players.is_empty() && self.errors.is_empty() {
            self.issue(0, None, None, None, IssueKind::NoPlayers);
        }
        if self.t.rounds_planned.is_none() && !self.t.players.is_empty() {
            self.issue(0, None, None, None, IssueKind::RoundsPlannedMissing);
        }
        let version = if self.version_2026 {
            TrfVersion::Trf2026
        } else {
            TrfVersion::Trf16
        };
        self.errors.sort_by_key(|e| (e.line, e.column));
        if self.errors.is_empty() {
            Ok(TrfRead {
                tournament: self.t,
                version,
                warnings: self.warnings,
                player_lines: lines,
            })
        } else {
            Err(TrfError {
                errors: self.errors,
                warnings: self.warnings,
            })
        }
    }

    /// Turns the players' round blocks into games and byes, checking that opponents agree.
    fn build_rounds(&mut self) {
        let last = self
            .players
            .values()
            .filter_map(|rp| {
                // The last round with something in it: an all-blank block says nothing.
                rp.entries
                    .iter()
                    .rev()
                    .find(|(_, e)| e.opponent.is_some() || e.code != ResultCode::Blank)
                    .map(|(&rn, _)| rn)
            })
            .max()
            .unwrap_or(0);
        let mut issues = Vec::new();
        let mut rounds = Vec::new();
        let teams = self.team.has_teams();
        for rn in 1..=last {
            let mut round = Round::new(rn);
            let mut first_pab: Option<PairingNumber> = None;
            for (&pn, rp) in &self.players {
                let Some(e) = rp.entries.get(&rn) else {
                    continue;
                };
                let at =
                    |col: usize, kind: IssueKind| (rp.line, Some(e.column + col), pn, rn, kind);
                let Some(q) = e.opponent else {
                    let mut code = e.code;
                    match code {
                        ResultCode::Blank => continue,
                        // In a team event `+` alone is a forfeit win on a board the other
                        // team left empty.
                        ResultCode::ForfeitWin if teams => {}
                        ResultCode::ForfeitWin => {
                            issues.push(at(7, IssueKind::PabWrittenAsForfeitWin));
                            code = ResultCode::Pab;
                        }
                        c if c.is_bye() || c == ResultCode::ForfeitLoss => {}
                        c => issues.push(at(7, IssueKind::ResultWithoutOpponent(c.trf_char()))),
                    }
                    // A team's bye gives each of its players a `U`: the team records check it.
                    if code == ResultCode::Pab && !teams {
                        match first_pab {
                            Some(first) => issues.push(at(7, IssueKind::TwoPabs { first })),
                            None => first_pab = Some(pn),
                        }
                    }
                    round.byes.push(Bye::new(pn, code));
                    continue;
                };
                if q == pn {
                    issues.push(at(0, IssueKind::PairedWithSelf));
                    continue;
                }
                let Some(other) = self.players.get(&q) else {
                    // A record with errors of its own is already reported: no cascade.
                    if !self.seen.contains(&q) {
                        issues.push(at(0, IssueKind::OpponentOutOfRange(q)));
                    }
                    continue;
                };
                let back = other.entries.get(&rn);
                let their = back.and_then(|b| b.opponent);
                let Some(b) = back.filter(|_| their == Some(pn)) else {
                    let kind = IssueKind::OpponentDoesNotPointBack {
                        opponent: q,
                        their_opponent: their.unwrap_or(0),
                    };
                    issues.push(at(0, kind));
                    continue;
                };
                if pn > q {
                    continue;
                }
                let (white_is_me, known) = match (e.colour, b.colour) {
                    ('w', 'b') => (true, true),
                    ('b', 'w') => (false, true),
                    ('w', 'w') | ('b', 'b') => {
                        let kind = IssueKind::ColoursClash {
                            opponent: q,
                            colour: e.colour,
                        };
                        issues.push(at(5, kind));
                        continue;
                    }
                    ('w', _) | (_, 'b') => {
                        let missing = if e.colour == ' ' { pn } else { q };
                        issues.push(at(5, IssueKind::ColourMissing(missing)));
                        (true, true)
                    }
                    ('b', _) | (_, 'w') => {
                        let missing = if e.colour == ' ' { pn } else { q };
                        issues.push(at(5, IssueKind::ColourMissing(missing)));
                        (false, true)
                    }
                    _ => {
                        issues.push(at(5, IssueKind::ColourMissing(q)));
                        (true, false)
                    }
                };
                let (white, black, wc, bc) = if white_is_me {
                    (pn, q, e.code, b.code)
                } else {
                    (q, pn, b.code, e.code)
                };
                let result = GameResult::new(wc, bc);
                let disagree = (e.code.trf_char(), b.code.trf_char());
                if !result.is_coherent() {
                    let kind = IssueKind::ResultsDisagree {
                        opponent: q,
                        mine: disagree.0,
                        theirs: disagree.1,
                    };
                    issues.push(at(7, kind));
                    continue;
                }
                if result.outcome() == Outcome::Asymmetric {
                    let kind = IssueKind::AsymmetricScores {
                        opponent: q,
                        mine: disagree.0,
                        theirs: disagree.1,
                    };
                    issues.push(at(7, kind));
                }
                round.games.push(Game {
                    board: None,
                    white,
                    black,
                    colours_known: known,
                    result,
                });
            }
            round.state = if round.games.is_empty() {
                RoundState::Planned
            } else if round
                .games
                .iter()
                .any(|g| g.result.outcome() == Outcome::Pending)
            {
                RoundState::Paired
            } else {
                RoundState::Complete
            };
            rounds.push(round);
        }
        for (line, column, player, round, kind) in issues {
            self.issue(line, column, Some(player), Some(round), kind);
        }
        self.t.rounds = rounds;
    }
}

/// Reads record 162's symbol/points pairs (`W 1.0 D 0.5 ...`): `[W, D, L, A, P, X]`.
fn parse_162(value: &str) -> Option<[Option<Points>; 6]> {
    let mut out = [None; 6];
    let tokens: Vec<&str> = value.split_whitespace().collect();
    if tokens.is_empty() || tokens.len() % 2 != 0 {
        return None;
    }
    for pair in tokens.chunks(2) {
        let [sym, pts] = pair else { return None };
        let i = ["W", "D", "L", "A", "P", "X"]
            .iter()
            .position(|s| s.eq_ignore_ascii_case(sym))?;
        let slot = out.get_mut(i)?;
        if slot.is_some() {
            return None;
        }
        *slot = Some(Points::parse(pts).ok()?);
    }
    Some(out)
}

/// The offset (in characters, from 0) of the first code of a tie-break list (`202`/`212` value)
/// that does not parse; 0 when the list as a whole fails (an empty one).
fn first_bad_tiebreak(value: &str) -> usize {
    let mut offset = 0;
    for part in value.split_inclusive([',', ' ', ';']) {
        let code = part.trim_end_matches([',', ' ', ';']);
        if !code.trim().is_empty() && code.parse::<crate::tiebreak::TieBreak>().is_err() {
            return offset;
        }
        offset += part.chars().count();
    }
    0
}
