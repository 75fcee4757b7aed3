// Over 800 lines: a board's score report and the bulk round report share the line checks against
// the round's pairing; the unit tests are in score_report/tests.rs.
//! Score reports: a board's result with its scoresheet, replayed by the rules core (Art. 3, 5,
//! 6.9, 8, 9.6), and bulk round reports (CSV or the round's TRF lines, all or nothing).
//!
//! [`score_report`] reads the scoresheet (PGN, or plain moves such as `1.e4 e5 2.Sf3` in any
//! notation the rules core reads, national piece letters included, Appendix E), replays it, and
//! reports the first illegal, unreadable or ambiguous move with its number and article, and a
//! result the final position contradicts: a checkmate recorded the other way (5.1(a)), a stalemate
//! or dead position recorded as decisive (5.2(a), 5.2(b), 9.6), a win on time for a side that
//! cannot checkmate (6.9: a draw). Contradictions go to the chief arbiter, who confirms or
//! corrects the result (Art. 8: "an incorrectly recorded result stands unless the arbiter decides
//! otherwise").
//!
//! [`parse_round_csv`] and [`parse_round_trf`] read a round's results; [`match_round`] checks
//! them against the round's pairing. Each returns every error with its line, or nothing.

use std::collections::BTreeMap;

use serde::Serialize;

use arbiter_rules::pgn::Termination;
use arbiter_rules::replay::{self, ReplayOptions, Status};
use arbiter_rules::{Winnability, can_checkmate_within};

use super::{colour_name, from_rules_colour, read_game_text, to_rules_colour};
use crate::model::{Bye, PairingNumber, Round, RoundNumber};
use crate::result::{Colour, GameResult, Outcome, ResultCode};

/// How the entered result came about, when the arbiter knows (PGN `Termination`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum HowDecided {
    /// Not said: the scoresheet's own `Termination` tag is used, if any.
    #[default]
    Unspecified,
    /// On the board: checkmate, resignation, agreement, a claim.
    OverTheBoard,
    /// A flag fell (Art. 6.9): the winner must be able to checkmate.
    OnTime,
}

/// Positions searched per side when a score report asks whether a side can still checkmate
/// (Art. 6.9, 9.6): one game at a time, so a deeper search than bulk validation affords.
pub const REPORT_DEAD_BUDGET: u64 = 400_000;

/// The first bad move of a scoresheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveFlag {
    /// 1-based half-move.
    pub ply: usize,
    /// The move number as the scoresheet shows it.
    pub move_number: u32,
    /// Who made it.
    pub side: Colour,
    /// The move as written.
    pub text: String,
    /// The article it breaks (e.g. `3.9`, `E.9`, `E`).
    pub article: &'static str,
    /// The rules core's explanation.
    pub message: String,
}

/// A result the final position contradicts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultFlag {
    /// The article (`5.1(a)`, `5.2(a)`, `5.2(b)`, `6.9`, `9.6(a)`...).
    pub article: &'static str,
    /// What is wrong.
    pub message: String,
    /// The result the Laws give, when the position decides it.
    pub expected: Option<GameResult>,
}

/// The verdict on one scoresheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreReport {
    /// Half-moves replayed (legal moves before any problem).
    pub plies: usize,
    /// FEN of the position after the last replayed move.
    pub final_fen: String,
    /// How the final position stands: `checkmate`, `stalemate`, `dead_position`, `ongoing`, ...
    pub final_outcome: &'static str,
    /// The piece letters the moves were read in (Appendix E.2).
    pub letters: String,
    /// The first illegal, unreadable or ambiguous move, or a bad set-up / PGN text.
    pub move_flag: Option<MoveFlag>,
    /// A result the final position contradicts.
    pub result_flag: Option<ResultFlag>,
    /// The result written on the scoresheet, when it differs from the one entered (Art. 8).
    pub sheet_result_differs: Option<String>,
    /// A sentence for the arbiter.
    pub message: String,
}

impl ScoreReport {
    /// No flag: the moves are legal and the result agrees with the final position.
    #[must_use]
    pub const fn is_clean(&self) -> bool {
        self.move_flag.is_none()
            && self.result_flag.is_none()
            && self.sheet_result_differs.is_none()
    }
}

/// A scoresheet that cannot be reported on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreReportError {
    /// The text cannot be read as moves.
    #[error("the scoresheet cannot be read: {0}")]
    Unreadable(String),
    /// No result was entered.
    #[error("enter the result with the scoresheet")]
    NoResult,
}

fn entered_termination(result: &GameResult) -> Option<Termination> {
    match result.outcome() {
        Outcome::Won { winner, .. } => Some(match winner {
            Colour::White => Termination::WhiteWins,
            Colour::Black => Termination::BlackWins,
        }),
        Outcome::Drawn { .. } => Some(Termination::Draw),
        _ => None,
    }
}

fn result_of(t: Termination) -> Option<GameResult> {
    match t {
        Termination::WhiteWins => Some(GameResult::white_wins()),
        Termination::BlackWins => Some(GameResult::black_wins()),
        Termination::Draw => Some(GameResult::draw()),
        Termination::Unknown => None,
    }
}

/// Replays a scoresheet and checks the entered result against it (Art. 3, 5, 6.9, 8, 9.6).
///
/// `entered` is the result the arbiter entered; `how` whether it was decided on time; `options`
/// the Laws edition (automatic draws of the later Laws) and the piece letters (`None`: detected).
/// A forfeit (`+`/`-`, `-`/`-`) is unplayed: a scoresheet with moves is flagged (Art. 6.7).
/// Penalty results (asymmetric scores, 12.8) are not compared with the board, only replayed.
///
/// # Errors
/// [`ScoreReportError::Unreadable`] when the text is not PGN or moves at all;
/// [`ScoreReportError::NoResult`] for a pending result.
pub fn score_report(
    scoresheet: &str,
    entered: &GameResult,
    how: HowDecided,
    options: ReplayOptions,
) -> Result<ScoreReport, ScoreReportError> {
    if entered.outcome() == Outcome::Pending {
        return Err(ScoreReportError::NoResult);
    }
    let mut game =
        read_game_text(scoresheet).map_err(|e| ScoreReportError::Unreadable(e.to_string()))?;
    let sheet_result = game.result.take();
    let termination = entered_termination(entered);
    game.result = termination.map(|t| t.as_str().to_owned());
    match how {
        HowDecided::OnTime => game.termination = Some("time forfeit".to_owned()),
        HowDecided::OverTheBoard => game.termination = Some("normal".to_owned()),
        HowDecided::Unspecified => {}
    }
    let on_time = how == HowDecided::OnTime
        || (how == HowDecided::Unspecified
            && game
                .termination
                .as_deref()
                .is_some_and(|t| t.to_ascii_lowercase().contains("time")));
    let move_count = game.moves().len();
    let r = replay::replay(&game, options);
    let mut report = ScoreReport {
        plies: r.plies,
        final_fen: r.final_position.fen(),
        final_outcome: r.outcome.name(),
        letters: r.letters.to_string(),
        move_flag: None,
        result_flag: None,
        sheet_result_differs: None,
        message: String::new(),
    };
    let sheet = sheet_result
        .as_deref()
        .and_then(Termination::from_token)
        .filter(|t| *t != Termination::Unknown);
    if let (Some(sheet), Some(entered_t)) = (sheet, termination) {
        if sheet != entered_t {
            report.sheet_result_differs = Some(format!(
                "the scoresheet says {sheet}, the result entered is {entered_t} (Art. 8: an incorrectly recorded result stands unless the arbiter decides otherwise)"
            ));
        }
    }
    match r.status {
        Status::Ok => {}
        // A penalty result (13.4(e)/(f), 12.7, 12.8), a forfeit or an unknown result has no
        // over-the-board result to compare with the final position.
        Status::ResultContradicted if termination.is_none() => {}
        Status::ResultContradicted => {
            let expected = if r.article == Some("6.9") {
                Some(GameResult::draw())
            } else {
                r.outcome.forced_result().and_then(result_of)
            };
            report.result_flag = Some(ResultFlag {
                article: r.article.unwrap_or("5"),
                message: r.message.clone(),
                expected,
            });
        }
        Status::IllegalMove
        | Status::UnreadableMove
        | Status::AmbiguousMove
        | Status::MovesAfterEnd
        | Status::BadSetup
        | Status::UnsupportedVariant
        | Status::PgnSyntax => {
            let (ply, move_number, side, text) =
                r.problem
                    .as_ref()
                    .map_or((0, 0, Colour::White, String::new()), |p| {
                        (
                            p.ply,
                            p.move_number,
                            from_rules_colour(p.side),
                            p.text.clone(),
                        )
                    });
            report.move_flag = Some(MoveFlag {
                ply,
                move_number,
                side,
                text,
                article: r.article.unwrap_or("3"),
                message: r.message.clone(),
            });
        }
    }
    let forfeit = matches!(
        entered.outcome(),
        Outcome::Forfeit { .. } | Outcome::DoubleForfeit
    );
    if forfeit && move_count > 0 {
        report.result_flag = Some(ResultFlag {
            article: "6.7",
            message: format!(
                "the result entered is a forfeit (an unplayed game, Art. 6.7), but the scoresheet records {move_count} half-moves"
            ),
            expected: None,
        });
    }
    // A decisive result in a position the quick replay test left open: search deeper (6.9, 9.6).
    if report.move_flag.is_none()
        && report.result_flag.is_none()
        && r.outcome == replay::Outcome::Ongoing
    {
        if let Some(winner) = match termination {
            Some(Termination::WhiteWins) => Some(Colour::White),
            Some(Termination::BlackWins) => Some(Colour::Black),
            _ => None,
        } {
            let pos = &r.final_position;
            let cannot = |c: Colour| {
                matches!(
                    can_checkmate_within(pos, to_rules_colour(c), REPORT_DEAD_BUDGET),
                    Winnability::No
                )
            };
            if cannot(winner) {
                if on_time {
                    report.result_flag = Some(ResultFlag {
                        article: "6.9",
                        message: format!(
                            "{} won on time but cannot checkmate by any series of legal moves: the game is drawn (Art. 6.9)",
                            colour_name(winner)
                        ),
                        expected: Some(GameResult::draw()),
                    });
                } else if cannot(winner.opposite()) {
                    report.final_outcome = "dead_position";
                    report.result_flag = Some(ResultFlag {
                        article: "5.2(b)",
                        message: "the final position is dead: neither player can checkmate by any series of legal moves, so the game was drawn (Art. 5.2(b), 9.6)".to_owned(),
                        expected: Some(GameResult::draw()),
                    });
                }
            }
        }
    }
    report.message = if let Some(f) = &report.move_flag {
        f.message.clone()
    } else if let Some(f) = &report.result_flag {
        f.message.clone()
    } else if let Some(d) = &report.sheet_result_differs {
        d.clone()
    } else {
        format!(
            "{} half-moves, all legal; the result agrees with the final position ({})",
            report.plies,
            report.final_outcome.replace('_', " ")
        )
    };
    Ok(report)
}

/// One game's result in a round report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportedGame {
    /// The line it came from (1-based; the CSV header is line 1).
    pub line: u64,
    /// The board, when given.
    pub board: Option<u16>,
    /// White's pairing number.
    pub white: PairingNumber,
    /// Black's pairing number.
    pub black: PairingNumber,
    /// False when the report did not say who had which colour (a TRF forfeit written with colour
    /// `-`): `white` is then the lower pairing number, and the game matches either way round.
    pub colours_known: bool,
    /// The result.
    pub result: GameResult,
}

/// A result without an opponent in a TRF round report (a bye or an absence).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportedBye {
    /// The line it came from.
    pub line: u64,
    /// The player.
    pub player: PairingNumber,
    /// The code (`H F U Z -` or blank).
    pub code: ResultCode,
}

/// A round's reported results.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundReport {
    /// The games.
    pub games: Vec<ReportedGame>,
    /// Results without an opponent (TRF only).
    pub byes: Vec<ReportedBye>,
}

/// One bad line (or field) of a round report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("line {line}{}: `{value}`: {reason}", field.as_ref().map(|c| format!(", {c}")).unwrap_or_default())]
pub struct LineError {
    /// The line, from 1.
    pub line: u64,
    /// The column name (CSV) or `column N` (TRF), when one field is at fault.
    pub field: Option<String>,
    /// The value found.
    pub value: String,
    /// Why it is rejected.
    pub reason: String,
}

/// A rejected round report: every error. Nothing is applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{} error(s) in the round report; first: {}", errors.len(), errors.first().map(ToString::to_string).unwrap_or_default())]
pub struct RoundReportError {
    /// The errors, in line order.
    pub errors: Vec<LineError>,
}

fn line_error(line: u64, field: Option<&str>, value: &str, reason: impl Into<String>) -> LineError {
    LineError {
        line,
        field: field.map(str::to_owned),
        value: value.to_owned(),
        reason: reason.into(),
    }
}

/// Reads a result as people write it on a round report: `1-0`, `0-1`, `1/2-1/2` (also `½-½`,
/// `0.5-0.5`, `=-=`, and `:` for `-`), forfeits `+/-`, `-/+` and `-/-` (also `+-`, `-+`, `--`,
/// `+:-`...). Spaces are ignored. `None` for anything else.
#[must_use]
pub fn parse_result(text: &str) -> Option<GameResult> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t
        .replace(':', "-")
        .replace('½', "1/2")
        .replace("0.5", "1/2")
        .replace(",5", "1/2");
    Some(match t.as_str() {
        "1-0" => GameResult::white_wins(),
        "0-1" => GameResult::black_wins(),
        "1/2-1/2" | "=-=" | "=" | "1/2" => GameResult::draw(),
        "+/-" | "+-" | "+--" | "1F-0F" => GameResult::forfeit(Colour::White),
        "-/+" | "-+" | "--+" | "0F-1F" => GameResult::forfeit(Colour::Black),
        "-/-" | "--" | "---" | "0F-0F" => GameResult::double_forfeit(),
        _ => return None,
    })
}

const ROUND_COLUMNS: [&str; 4] = ["board", "white", "black", "result"];

fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

fn pairing_number(v: &str) -> Option<PairingNumber> {
    v.parse::<u16>().ok().filter(|n| (1..=9999).contains(n))
}

/// Checks that no board and no player appears twice in a report.
fn check_duplicates(report: &RoundReport, errors: &mut Vec<LineError>) {
    let mut boards: BTreeMap<u16, u64> = BTreeMap::new();
    let mut players: BTreeMap<PairingNumber, u64> = BTreeMap::new();
    for g in &report.games {
        if let Some(b) = g.board {
            if let Some(first) = boards.insert(b, g.line) {
                errors.push(line_error(
                    g.line,
                    Some("board"),
                    &b.to_string(),
                    format!("board {b} is already reported on line {first}"),
                ));
            }
        }
        for p in [g.white, g.black] {
            if let Some(first) = players.insert(p, g.line) {
                if first != g.line {
                    errors.push(line_error(
                        g.line,
                        None,
                        &p.to_string(),
                        format!("player {p} is already reported on line {first}"),
                    ));
                }
            }
        }
    }
}

/// Reads a round's results from CSV with the columns `board,white,black,result` (a header row in
/// any order and case; `,`, `;` or tab; UTF-8 or Latin-1). White and black are pairing numbers;
/// results as [`parse_result`] reads them.
///
/// # Errors
/// [`RoundReportError`] with every bad line: unknown or missing columns, wrong field count, a
/// board or pairing number that is not a number, a player against himself, a result that cannot
/// be read, a board or player reported twice. Nothing is returned unless every line is good.
pub fn parse_round_csv(bytes: &[u8]) -> Result<RoundReport, RoundReportError> {
    let text = decode(bytes);
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
    let headers = match reader.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            return Err(RoundReportError {
                errors: vec![line_error(1, None, "", e.to_string())],
            });
        }
    };
    let mut index = [None; 4];
    for (i, h) in headers.iter().enumerate() {
        let key = h.trim().to_ascii_lowercase();
        match ROUND_COLUMNS.iter().position(|c| *c == key) {
            Some(k) if index[k].is_none() => index[k] = Some(i),
            Some(_) => errors.push(line_error(1, Some(h), h, "column given twice")),
            None => errors.push(line_error(
                1,
                Some(h),
                h,
                format!(
                    "unknown column (the columns are {})",
                    ROUND_COLUMNS.join(", ")
                ),
            )),
        }
    }
    for (k, name) in ROUND_COLUMNS.iter().enumerate() {
        if index[k].is_none() {
            errors.push(line_error(
                1,
                Some(name),
                "",
                format!("the `{name}` column is required"),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(RoundReportError { errors });
    }
    let mut report = RoundReport::default();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, csv::Position::line);
                errors.push(line_error(line, None, "", e.to_string()));
                continue;
            }
        };
        let line = record.position().map_or(0, csv::Position::line);
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if record.len() != headers.len() {
            errors.push(line_error(
                line,
                None,
                "",
                format!(
                    "{} fields where the header has {}",
                    record.len(),
                    headers.len()
                ),
            ));
            continue;
        }
        let get = |k: usize| {
            index[k]
                .and_then(|i| record.get(i))
                .unwrap_or("")
                .trim()
                .to_owned()
        };
        let before = errors.len();
        let board_text = get(0);
        let board = match board_text.parse::<u16>() {
            Ok(b) if b >= 1 => Some(b),
            _ => {
                errors.push(line_error(
                    line,
                    Some("board"),
                    &board_text,
                    "not a board number from 1",
                ));
                None
            }
        };
        let mut player = |k: usize, name: &str| {
            let v = get(k);
            let p = pairing_number(&v);
            if p.is_none() {
                errors.push(line_error(
                    line,
                    Some(name),
                    &v,
                    "not a pairing number from 1 to 9999",
                ));
            }
            p
        };
        let white = player(1, "white");
        let black = player(2, "black");
        let result_text = get(3);
        let result = parse_result(&result_text);
        if result.is_none() {
            errors.push(line_error(
                line,
                Some("result"),
                &result_text,
                "not a result (1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-)",
            ));
        }
        if let (Some(w), Some(b)) = (white, black) {
            if w == b {
                errors.push(line_error(
                    line,
                    Some("black"),
                    &b.to_string(),
                    "a player cannot play himself",
                ));
            }
        }
        if errors.len() == before {
            if let (Some(white), Some(black), Some(result)) = (white, black, result) {
                report.games.push(ReportedGame {
                    line,
                    board,
                    white,
                    black,
                    colours_known: true,
                    result,
                });
            }
        }
    }
    check_duplicates(&report, &mut errors);
    if errors.is_empty() {
        Ok(report)
    } else {
        errors.sort_by_key(|e| e.line);
        Err(RoundReportError { errors })
    }
}

/// The first column of round 1's block in TRF record `001` (1-based, FIDE C.04 Annex 2).
const TRF_ROUND_COLUMN: usize = 92;

fn columns(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from.saturating_sub(1))
        .take(to + 1 - from)
        .collect()
}

/// One player's block for the round.
struct TrfEntry {
    line: u64,
    player: PairingNumber,
    opponent: Option<PairingNumber>,
    colour: Option<Colour>,
    code: ResultCode,
}

/// Reads round `round`'s results from TRF `001` lines (TRF16 or TRF-2026; other records are
/// ignored, so a whole file may be given): each player's round block (opponent at the block's
/// columns 1-4, colour at 6, result at 8). Each game appears on both players' lines, which must
/// agree (the opponent points back, the colours differ, the codes are complementary).
///
/// # Errors
/// [`RoundReportError`] with every bad line: unreadable pairing number, opponent, colour or result;
/// a player given twice; an opponent with no line or pointing elsewhere; colours or codes that
/// disagree; a result code of the wrong kind (a bye code with an opponent).
pub fn parse_round_trf(text: &str, round: RoundNumber) -> Result<RoundReport, RoundReportError> {
    let mut errors = Vec::new();
    let mut entries: BTreeMap<PairingNumber, TrfEntry> = BTreeMap::new();
    if round == 0 {
        return Err(RoundReportError {
            errors: vec![line_error(0, None, "0", "rounds are numbered from 1")],
        });
    }
    let column = TRF_ROUND_COLUMN + 10 * (usize::from(round) - 1);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = i as u64 + 1;
        if !raw.starts_with("001") {
            continue;
        }
        let chars: Vec<char> = raw.chars().collect();
        let pn_text = columns(&chars, 5, 8);
        let Some(player) = pairing_number(pn_text.trim()) else {
            errors.push(line_error(
                line,
                Some("columns 5-8"),
                pn_text.trim(),
                "not a pairing number",
            ));
            continue;
        };
        let block = columns(&chars, column, column + 7);
        if block.trim().is_empty() {
            continue; // no entry for this round (not paired yet)
        }
        let before = errors.len();
        let opp_text = columns(&chars, column, column + 3);
        let opponent = match opp_text.trim().parse::<u16>() {
            // `0000` or, as some files write a bye, blank: no opponent.
            _ if opp_text.trim().is_empty() => None,
            Ok(0) => None,
            Ok(n) if n <= 9999 => Some(n),
            _ => {
                errors.push(line_error(
                    line,
                    Some(&format!("column {column}")),
                    opp_text.trim(),
                    format!("player {player}: not an opponent's pairing number"),
                ));
                None
            }
        };
        let colour_char = chars.get(column + 4).copied().unwrap_or(' ');
        let colour = match colour_char {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            ' ' | '-' => None,
            c => {
                errors.push(line_error(
                    line,
                    Some(&format!("column {}", column + 5)),
                    &c.to_string(),
                    format!("player {player}: the colour must be w, b or -"),
                ));
                None
            }
        };
        let code_char = chars.get(column + 6).copied().unwrap_or(' ');
        let code = ResultCode::from_trf_char(code_char);
        if code.is_none() {
            errors.push(line_error(
                line,
                Some(&format!("column {}", column + 7)),
                &code_char.to_string(),
                format!("player {player}: not a TRF result code"),
            ));
        }
        if let (Some(_), Some(c)) = (opponent, code) {
            if c.is_bye() {
                errors.push(line_error(
                    line,
                    Some(&format!("column {}", column + 7)),
                    &code_char.to_string(),
                    format!("player {player}: a bye code with an opponent"),
                ));
            }
        }
        if errors.len() != before {
            continue;
        }
        if let Some(first) = entries.get(&player) {
            errors.push(line_error(
                line,
                Some("columns 5-8"),
                &player.to_string(),
                format!("player {player} already has a line ({})", first.line),
            ));
            continue;
        }
        entries.insert(
            player,
            TrfEntry {
                line,
                player,
                opponent,
                colour,
                code: code.unwrap_or(ResultCode::Blank),
            },
        );
    }
    let mut report = RoundReport::default();
    for e in entries.values() {
        let Some(opp) = e.opponent else {
            report.byes.push(ReportedBye {
                line: e.line,
                player: e.player,
                code: e.code,
            });
            continue;
        };
        let Some(o) = entries.get(&opp) else {
            errors.push(line_error(
                e.line,
                Some(&format!("column {column}")),
                &opp.to_string(),
                format!("player {}'s opponent {opp} has no line", e.player),
            ));
            continue;
        };
        if o.opponent != Some(e.player) {
            errors.push(line_error(
                e.line,
                Some(&format!("column {column}")),
                &opp.to_string(),
                format!(
                    "player {}'s opponent {opp} does not name him back",
                    e.player
                ),
            ));
            continue;
        }
        if e.player > opp {
            continue; // the pair is handled from the lower number's line
        }
        let colours = match (e.colour, o.colour) {
            (Some(a), Some(b)) if a != b => Some((a, true)),
            // Colours not written (as some files write forfeits): the lower number first.
            (None, None) if e.code.is_forfeit() && o.code.is_forfeit() => {
                Some((Colour::White, false))
            }
            _ => None,
        };
        let Some((my_colour, colours_known)) = colours else {
            errors.push(line_error(
                e.line,
                Some(&format!("column {}", column + 5)),
                "",
                format!(
                    "players {} and {opp}: the colours must be w and b",
                    e.player
                ),
            ));
            continue;
        };
        let (white, black, wc, bc) = match my_colour {
            Colour::White => (e.player, opp, e.code, o.code),
            Colour::Black => (opp, e.player, o.code, e.code),
        };
        let result = GameResult::new(wc, bc);
        if !result.is_coherent() || wc.complement() != Some(bc) {
            errors.push(line_error(
                e.line,
                Some(&format!("column {}", column + 7)),
                &format!("{}/{}", wc.trf_char(), bc.trf_char()),
                format!("players {white} and {black}: the two result codes do not agree"),
            ));
            continue;
        }
        report.games.push(ReportedGame {
            line: e.line,
            board: None,
            white,
            black,
            colours_known,
            result,
        });
    }
    if errors.is_empty() {
        report.games.sort_by_key(|g| g.line);
        Ok(report)
    } else {
        errors.sort_by_key(|e| e.line);
        Err(RoundReportError { errors })
    }
}

/// A round report checked against the round's pairing: the index in `round.games` and the new
/// result of each reported game, and the byes to record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundUpdate {
    /// `(index into round.games, result)`.
    pub games: Vec<(usize, GameResult)>,
    /// Results without an opponent.
    pub byes: Vec<Bye>,
}

/// Checks a report against the round's pairing: every reported game must be a game of the round
/// with the same colours (and board, when both give one), every bye must concern a player not
/// paired in the round. All or nothing.
///
/// # Errors
/// [`RoundReportError`] with every line that does not match the pairing.
pub fn match_round(round: &Round, report: &RoundReport) -> Result<RoundUpdate, RoundReportError> {
    let mut errors = Vec::new();
    let mut update = RoundUpdate::default();
    for g in &report.games {
        let straight = round
            .games
            .iter()
            .enumerate()
            .find(|(_, p)| (p.white, p.black) == (g.white, g.black));
        // Colours unknown in the report: the pairing says who had White.
        let found = straight.map(|(i, p)| (i, p, g.result.clone())).or_else(|| {
            (!g.colours_known)
                .then(|| {
                    round
                        .games
                        .iter()
                        .enumerate()
                        .find(|(_, p)| (p.white, p.black) == (g.black, g.white))
                })
                .flatten()
                .map(|(i, p)| (i, p, GameResult::new(g.result.black, g.result.white)))
        });
        if let Some((i, p, result)) = found {
            if let (Some(a), Some(b)) = (g.board, p.board) {
                if a != b {
                    errors.push(line_error(
                        g.line,
                        Some("board"),
                        &a.to_string(),
                        format!(
                            "{}-{} play on board {b} in round {}",
                            g.white, g.black, round.number
                        ),
                    ));
                    continue;
                }
            }
            update.games.push((i, result));
        } else {
            let reversed = round
                .games
                .iter()
                .any(|p| (p.white, p.black) == (g.black, g.white));
            let reason = if reversed {
                format!(
                    "the colours are reversed: {} has White against {} in round {}",
                    g.black, g.white, round.number
                )
            } else {
                format!(
                    "{} and {} are not paired in round {}",
                    g.white, g.black, round.number
                )
            };
            errors.push(line_error(
                g.line,
                None,
                &format!("{}-{}", g.white, g.black),
                reason,
            ));
        }
    }
    for b in &report.byes {
        if round
            .games
            .iter()
            .any(|p| p.white == b.player || p.black == b.player)
        {
            errors.push(line_error(
                b.line,
                None,
                &b.player.to_string(),
                format!(
                    "player {} is paired in round {}, not without an opponent",
                    b.player, round.number
                ),
            ));
            continue;
        }
        update.byes.push(Bye {
            player: b.player,
            code: b.code,
            recorded_by: None,
        });
    }
    if errors.is_empty() {
        Ok(update)
    } else {
        Err(RoundReportError { errors })
    }
}

#[cfg(test)]
mod tests;
