//! A tournament from a PGN file, and the replay verdict on a game's score.
//!
//! [`read_pgn_event`] turns the games of one event (PGN standard section 8) into a [`Tournament`]:
//! players from the `White`/`Black` tags and their companions (`WhiteElo`, `WhiteTitle`,
//! `WhiteFideId`, `WhiteFed`), rounds and boards from the `Round` tag (`"3.12"`: round 3, board 12;
//! `"3"`: round 3, board unknown), results from the `Result` tag (section 8.1.1.7), the header from
//! `Event`, `Site`, `EventDate` and `Date` (dates as PGN writes them, `2005.07.28`, with `??`
//! for unknown parts, standard 8.1.1.3: kept as a [`PartialDate`]; a tag that is not a date is a
//! warning naming the game and the tag, [`PgnEvent::warnings`]). Each game's score comes back as export-format PGN with
//! its replay verdict ([`ScoreReport`], from the rules core's `replay`). It is all or nothing: a
//! game without a usable `Round`, `White`, `Black` or `Result` tag, a player twice in one round or
//! two games on one board is an error naming the game's number in the file and its line, and no
//! tournament is returned.
//!
//! A PGN file holds the games that were published with their moves: forfeits, byes and unpublished
//! games are missing, so the tournament says so in its type (`092`) and standings computed from it
//! are those of the published games only.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use arbiter_rules::pgn::{PgnError, PgnReader, PgnWriter, RawGame, Termination};
use arbiter_rules::replay::{GameText, ReplayOptions, Report, Status, replay};
use arbiter_rules::{Move, PieceLetters, Position, detect_letters};
use serde::{Deserialize, Serialize};

use crate::date::{PartialDate, parse_date};
use crate::input::EventName;
use crate::model::{
    Game, PairingNumber, Player, Round, RoundNumber, RoundState, Title, Tournament,
};
use crate::result::GameResult;

/// One game of the event with its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventGame {
    /// The game's 1-based position in the file.
    pub index: u64,
    /// The 1-based line where the game starts.
    pub line: u64,
    /// The round it belongs to.
    pub round: RoundNumber,
    /// Its place in that round's [`Round::games`] (from 0; games are ordered by board).
    pub seq: usize,
    /// The score: the game in PGN export format (tags, movetext, termination marker).
    pub pgn: String,
    /// The replay verdict on the score.
    pub report: ScoreReport,
}

/// A tournament read from PGN and the scores of its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnEvent {
    /// The tournament: players numbered by rating (highest first, then name), rounds with their
    /// games by board.
    pub tournament: Tournament,
    /// Every game's score, in file order.
    pub games: Vec<EventGame>,
    /// What was tolerated, naming the game and the tag: a `Date` or `EventDate` tag that is
    /// not a date, read as none.
    pub warnings: Vec<PgnEventIssue>,
}

/// What is wrong with one game of the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game} (line {line}): {message}")]
pub struct PgnEventIssue {
    /// The game's 1-based position in the file (0: the file as a whole).
    pub game: u64,
    /// The line where the game starts, or of the fault.
    pub line: u64,
    /// What is wrong, naming the tag.
    pub message: String,
}

/// Why a PGN file is not a tournament: every problem found (nothing is imported).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} error(s) in the PGN file; the first: {}", issues.len(), issues.first().map(ToString::to_string).unwrap_or_default())]
pub struct PgnEventError {
    /// Every problem, in file order.
    pub issues: Vec<PgnEventIssue>,
}

/// A draw claim that became available (Art. 9.2, 9.3), as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimNote {
    /// Half-moves played when the claim could be made.
    pub ply: usize,
    /// `9.2(a)`, `9.2(b)`, `9.3(a)` or `9.3(b)`.
    pub article: String,
    /// `White` or `Black`.
    pub claimant: String,
}

/// The first bad move of a score, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveNote {
    /// 1-based half-move index.
    pub ply: usize,
    /// The move number on the scoresheet.
    pub move_number: u32,
    /// `White` or `Black`.
    pub side: String,
    /// The move as written.
    pub text: String,
}

/// The replay verdict on a game's score (from `arbiter_rules::replay::Report`), in a form that
/// stores as JSON and reads back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreReport {
    /// `ok`, `illegal_move`, `unreadable_move`, `ambiguous_move`, `moves_after_end`,
    /// `result_contradicted`, `bad_setup`, `unsupported_variant`, `pgn_syntax`.
    pub status: String,
    /// Half-moves replayed (legal moves before the first problem).
    pub plies: usize,
    /// The first illegal, unreadable or ambiguous move, if any.
    pub first_bad_move: Option<MoveNote>,
    /// The article behind the verdict (`3.9`, `5.1(a)`, `6.9`, ...), if any.
    pub article: Option<String>,
    /// A sentence for people: what is wrong and why, or how the game ended.
    pub message: String,
    /// The final position (after the last replayed move) as FEN.
    pub final_fen: String,
    /// What the final position forces: `checkmate`, `stalemate`, `dead_position`,
    /// `fivefold_repetition`, `seventy_five_moves`, `ongoing`.
    pub outcome: String,
    /// The `Result` tag as read (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result_tag: Option<String>,
    /// The contradiction between the recorded result and the final position (Art. 5.1, 5.2, 6.9,
    /// 9.6), if any.
    pub contradiction: Option<String>,
    /// Draw claims that became available.
    pub claims: Vec<ClaimNote>,
    /// The ply after which the game was already over on the board, if before the last move.
    pub ended_at: Option<usize>,
}

impl ScoreReport {
    /// The stored form of a replay report.
    #[must_use]
    pub fn from_report(r: &Report) -> ScoreReport {
        let contradicted = r.status == Status::ResultContradicted;
        ScoreReport {
            status: r.status.name().to_owned(),
            plies: r.plies,
            first_bad_move: r.problem.as_ref().map(|p| MoveNote {
                ply: p.ply,
                move_number: p.move_number,
                side: p.side.name().to_owned(),
                text: p.text.clone(),
            }),
            article: r.article.map(str::to_owned),
            message: r.message.clone(),
            final_fen: r.final_position.fen(),
            outcome: r.outcome.name().to_owned(),
            result_tag: r.result_tag.map(|t| t.as_str().to_owned()),
            contradiction: contradicted.then(|| r.message.clone()),
            claims: r
                .claims
                .iter()
                .map(|c| ClaimNote {
                    ply: c.ply,
                    article: c.article.to_owned(),
                    claimant: c.claimant.name().to_owned(),
                })
                .collect(),
            ended_at: r.ended_at,
        }
    }

    /// Whether the score needs an arbiter's look (anything but `ok`).
    #[must_use]
    pub fn flagged(&self) -> bool {
        self.status != "ok"
    }
}

/// The replay text of a raw game: its move tokens and the tags replay reads.
fn game_text(g: &RawGame) -> GameText {
    let mut t = GameText::default();
    for (name, value) in &g.tags {
        t.tag(name, value);
    }
    for m in g.moves() {
        t.push_move(m.text, m.line);
    }
    t
}

/// Writes one raw game in export format.
fn export(g: &RawGame) -> String {
    let mut w = PgnWriter::new(Vec::new());
    // Writing to memory fails only for a tag name the reader could not have produced.
    let _ = w.write_game(g);
    String::from_utf8_lossy(&w.into_inner()).into_owned()
}

/// Why a single score cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ScoreError {
    /// The text holds no game.
    #[error("the score holds no game")]
    Empty,
    /// The text holds more than one game.
    #[error("the score holds {0} games; give one")]
    SeveralGames(usize),
    /// The PGN is malformed (the line is named).
    #[error("{0}")]
    Syntax(#[from] PgnError),
}

/// Reads one game's score (PGN text: tags and movetext), replays it and returns the game in
/// export format with its verdict: what the arbiter's score-report workflow stores.
///
/// # Errors
/// [`ScoreError`]: no game, several games, or malformed PGN (naming the line).
pub fn check_score(pgn: &str) -> Result<(String, ScoreReport), ScoreError> {
    let mut reader = PgnReader::new(pgn.as_bytes());
    let mut games = Vec::new();
    while let Some(g) = reader.next_game() {
        games.push(g?);
    }
    match games.len() {
        0 => Err(ScoreError::Empty),
        1 => {
            let g = &games[0];
            let report = replay(&game_text(g), ReplayOptions::default());
            Ok((export(g), ScoreReport::from_report(&report)))
        }
        n => Err(ScoreError::SeveralGames(n)),
    }
}

/// A game's moves replayed for display: each move in SAN (English letters, Appendix E) with the
/// position after it.
#[derive(Clone, Debug)]
pub struct ScoreMoves {
    /// The tags, in order.
    pub tags: Vec<(String, String)>,
    /// The starting position (the `FEN` tag, else the initial position).
    pub start: Position,
    /// The legal moves in SAN, in order, up to the first bad move.
    pub san: Vec<String>,
    /// The moves of `san`, as played.
    pub moves: Vec<Move>,
    /// The position after each move of `san`.
    pub positions: Vec<Position>,
}

impl ScoreMoves {
    /// The position after `ply` half-moves (0: the start), clamped to the last one.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> &Position {
        match ply.checked_sub(1) {
            None => &self.start,
            Some(i) => self
                .positions
                .get(i)
                .or(self.positions.last())
                .unwrap_or(&self.start),
        }
    }

    /// The value of the first tag named `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Replays a stored score for display: the moves in SAN and the positions; replay stops at the
/// first move that cannot be played (the [`ScoreReport`] says why).
///
/// # Errors
/// As [`check_score`].
pub fn score_moves(pgn: &str) -> Result<ScoreMoves, ScoreError> {
    let mut reader = PgnReader::new(pgn.as_bytes());
    let g = match reader.next_game() {
        None => return Err(ScoreError::Empty),
        Some(g) => g?,
    };
    let start = g
        .tag("FEN")
        .and_then(|f| Position::from_fen(f).ok())
        .unwrap_or_default();
    let tokens: Vec<&str> = g.moves().map(|m| m.text).collect();
    let letters = detect_letters(&start, &tokens).unwrap_or(PieceLetters::English);
    let mut pos = start;
    let mut san = Vec::new();
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for t in &tokens {
        let Ok(m) = pos.parse_move(t, letters) else {
            break;
        };
        san.push(pos.san(m));
        moves.push(m);
        pos.play_unchecked(m);
        positions.push(pos);
    }
    Ok(ScoreMoves {
        tags: g.tags.clone(),
        start,
        san,
        moves,
        positions,
    })
}

/// One side of a game as the tags describe it.
#[derive(Clone, Debug, Default)]
struct Side {
    name: String,
    rating: Option<u16>,
    title: Option<Title>,
    fide_id: Option<u64>,
    federation: Option<String>,
}

impl Side {
    /// The identity of a player across games: the FIDE id when given, else the name with spaces
    /// and commas dropped, lower case (files write `Dai,Changren` and `Dai Changren`).
    fn key(&self) -> String {
        match self.fide_id {
            Some(id) if id > 0 => format!("id:{id}"),
            _ => format!(
                "name:{}",
                self.name
                    .chars()
                    .filter(|c| !c.is_whitespace() && *c != ',')
                    .flat_map(char::to_lowercase)
                    .collect::<String>()
            ),
        }
    }
}

/// Why a player's name cannot be stored: it holds a hidden character (a bidi control, an
/// invisible format character: [`crate::names::hidden`]), which the gate of every door refuses.
fn hidden_in_name(tag: &str, name: &str) -> Option<String> {
    crate::names::first_hidden(name).map(|(position, c)| {
        format!(
            "`{tag}` tag: control character U+{:04X} at character {position} of the name",
            u32::from(c)
        )
    })
}

/// A value that is not a placeholder (`?`, `-`, empty).
fn known(v: Option<&str>) -> Option<&str> {
    v.map(str::trim)
        .filter(|v| !v.is_empty() && !v.chars().all(|c| matches!(c, '?' | '-')))
}

fn side(g: &RawGame, colour: &str) -> Option<Side> {
    let tag = |suffix: &str| known(g.tag(&format!("{colour}{suffix}")));
    Some(Side {
        name: tag("")?.to_owned(),
        rating: tag("Elo").and_then(|v| v.parse().ok()).filter(|&r| r > 0),
        title: tag("Title").and_then(|t| Title::parse(t).map(|(t, _)| t)),
        fide_id: tag("FideId")
            .and_then(|v| v.parse().ok())
            .filter(|&f| f > 0),
        federation: tag("Fed")
            .or_else(|| tag("Federation"))
            .map(str::to_owned)
            .filter(|f| f.len() == 3),
    })
}

/// Reads a `Round` tag: `"3"` (round 3) or `"3.12"` (round 3, board 12).
fn round_board(value: &str) -> Result<(RoundNumber, Option<u16>), String> {
    let bad = || {
        format!(
            "`Round` tag \"{value}\" is not a round number (\"3\") or a round and board (\"3.12\")"
        )
    };
    let mut parts = value.trim().split('.');
    let round: RoundNumber = parts
        .next()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .ok_or_else(bad)?;
    let board = match parts.next() {
        None => None,
        Some(b) => Some(b.parse::<u16>().ok().filter(|&b| b > 0).ok_or_else(bad)?),
    };
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok((round, board))
}

/// One game as read, before players are numbered.
struct Read {
    raw: RawGame,
    round: RoundNumber,
    board: Option<u16>,
    white: Side,
    black: Side,
    result: GameResult,
}

/// Reads the PGN text of one event as a tournament (see the module documentation). Every game of
/// the file is taken to belong to the event; the header comes from the first game's tags.
///
/// # Errors
/// [`PgnEventError`] listing every game that cannot be placed (no or malformed `Round` tag, no
/// `White`/`Black` name, no `Result` tag, a player twice in one round, two games on one board,
/// malformed PGN), or a file with no game.
pub fn read_pgn_event(input: &[u8]) -> Result<PgnEvent, PgnEventError> {
    let mut issues = Vec::new();
    let mut read = Vec::new();
    let mut reader = PgnReader::new(input);
    let mut index = 0;
    while let Some(g) = reader.next_game() {
        index += 1;
        let raw = match g {
            Ok(g) => g,
            Err(e) => {
                issues.push(PgnEventIssue {
                    game: index,
                    line: e.line(),
                    message: e.to_string(),
                });
                continue;
            }
        };
        let issue = |message: String| PgnEventIssue {
            game: raw.index,
            line: raw.line,
            message,
        };
        let rb = match known(raw.tag("Round")) {
            None => Err("no `Round` tag: the round (and board, \"3.12\") is needed".to_owned()),
            Some(v) => round_board(v),
        };
        let white = side(&raw, "White");
        let black = side(&raw, "Black");
        let result = match raw.tag("Result").and_then(Termination::from_token) {
            Some(Termination::WhiteWins) => Ok(GameResult::white_wins()),
            Some(Termination::BlackWins) => Ok(GameResult::black_wins()),
            Some(Termination::Draw) => Ok(GameResult::draw()),
            Some(Termination::Unknown) => Ok(GameResult::pending()),
            None => Err(format!(
                "`Result` tag \"{}\" is not 1-0, 0-1, 1/2-1/2 or *",
                raw.tag("Result").unwrap_or("")
            )),
        };
        match (rb, white, black, result) {
            (Ok((round, board)), Some(white), Some(black), Ok(result)) => {
                let hidden: Vec<String> = [("White", &white), ("Black", &black)]
                    .into_iter()
                    .filter_map(|(tag, s)| hidden_in_name(tag, &s.name))
                    .collect();
                if !hidden.is_empty() {
                    issues.extend(hidden.into_iter().map(issue));
                    continue;
                }
                if white.key() == black.key() {
                    issues.push(issue(format!("{} plays himself", white.name)));
                    continue;
                }
                read.push(Read {
                    raw,
                    round,
                    board,
                    white,
                    black,
                    result,
                });
            }
            (rb, white, black, result) => {
                if let Err(m) = rb {
                    issues.push(issue(m));
                }
                if white.is_none() {
                    issues.push(issue("no `White` tag with a name".into()));
                }
                if black.is_none() {
                    issues.push(issue("no `Black` tag with a name".into()));
                }
                if let Err(m) = result {
                    issues.push(issue(m));
                }
            }
        }
    }
    if index == 0 {
        issues.push(PgnEventIssue {
            game: 0,
            line: 1,
            message: "the file holds no game".into(),
        });
    }

    // Players: one per identity, the first spelling of the name, the highest rating seen.
    let mut people: BTreeMap<String, Side> = BTreeMap::new();
    for r in &read {
        for s in [&r.white, &r.black] {
            let e = people.entry(s.key()).or_insert_with(|| s.clone());
            e.rating = e.rating.max(s.rating);
            if e.title.is_none() {
                e.title.clone_from(&s.title);
            }
            if e.federation.is_none() {
                e.federation.clone_from(&s.federation);
            }
        }
    }
    let mut order: Vec<(&String, &Side)> = people.iter().collect();
    order.sort_by(|(_, a), (_, b)| b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    let mut numbers: BTreeMap<String, PairingNumber> = BTreeMap::new();
    let mut players = Vec::new();
    for (i, (key, s)) in order.into_iter().enumerate() {
        let pn = PairingNumber::try_from(i + 1).unwrap_or(PairingNumber::MAX);
        numbers.insert(key.clone(), pn);
        let mut p = Player::new(pn, s.name.clone());
        p.rating = s.rating;
        p.title.clone_from(&s.title);
        p.fide_id = s.fide_id;
        p.federation.clone_from(&s.federation);
        players.push(p);
    }

    // Rounds: games by board (unknown boards after, in file order); a player once per round.
    let mut rounds: BTreeMap<RoundNumber, Vec<&Read>> = BTreeMap::new();
    for r in &read {
        rounds.entry(r.round).or_default().push(r);
    }
    for games in rounds.values_mut() {
        games.sort_by_key(|r| (r.board.is_none(), r.board, r.raw.index));
    }
    for (n, games) in &rounds {
        let mut seen: BTreeMap<String, u64> = BTreeMap::new();
        let mut boards: BTreeMap<u16, u64> = BTreeMap::new();
        for r in games {
            for s in [&r.white, &r.black] {
                if let Some(first) = seen.insert(s.key(), r.raw.index) {
                    issues.push(PgnEventIssue {
                        game: r.raw.index,
                        line: r.raw.line,
                        message: format!(
                            "{} already plays in round {n} (game {first} of the file)",
                            s.name
                        ),
                    });
                }
            }
            if let Some(b) = r.board {
                if let Some(first) = boards.insert(b, r.raw.index) {
                    issues.push(PgnEventIssue {
                        game: r.raw.index,
                        line: r.raw.line,
                        message: format!(
                            "round {n} board {b} is already taken by game {first} of the file"
                        ),
                    });
                }
            }
        }
    }
    // The event's name (the first game's `Event` tag) goes through the gate every door uses
    // (trimmed, NFC, no control character, at most 200 characters).
    let name = read.first().and_then(|r| {
        EventName::optional(known(r.raw.tag("Event")).unwrap_or_default()).unwrap_or_else(|e| {
            issues.push(PgnEventIssue {
                game: r.raw.index,
                line: r.raw.line,
                message: format!("`Event` tag: {e}"),
            });
            None
        })
    });
    if !issues.is_empty() {
        issues.sort_by_key(|i| (i.game, i.line));
        return Err(PgnEventError { issues });
    }

    let first = read.first().map(|r| &r.raw);
    let tag = |name: &str| first.and_then(|g| known(g.tag(name))).map(str::to_owned);
    // Dates (PGN 8.1.1.3, `2005.07.??`): an unreadable one is a warning naming the game and
    // the tag. The event runs from its `EventDate` (else the earliest `Date`) to the latest
    // `Date`, full dates preferred to partial ones when the games have both.
    let mut warnings = Vec::new();
    let mut date_of = |raw: &RawGame, name: &str| match PartialDate::read(known(raw.tag(name))?) {
        Ok(d) => d,
        Err(e) => {
            warnings.push(PgnEventIssue {
                game: raw.index,
                line: raw.line,
                message: format!("`{name}` tag: {e}; read as none"),
            });
            None
        }
    };
    let event_date = first.and_then(|g| date_of(g, "EventDate"));
    let all: Vec<PartialDate> = read
        .iter()
        .filter_map(|r| date_of(&r.raw, "Date"))
        .collect();
    let full: Vec<PartialDate> = all.iter().copied().filter(|d| d.full().is_some()).collect();
    let dates = if full.is_empty() { all } else { full };
    let last = rounds.keys().copied().max().unwrap_or(0);
    let present: Vec<RoundNumber> = rounds.keys().copied().collect();
    let mut t = Tournament {
        name: name.map(EventName::into_string),
        city: tag("Site"),
        start_date: event_date.or_else(|| dates.iter().min().copied()),
        end_date: dates.iter().max().copied(),
        tournament_type: Some(published_note(read.len(), &present, last)),
        players,
        ..Tournament::default()
    };
    let mut games = Vec::new();
    for n in 1..=last {
        let mut round = Round::new(n);
        round.state = RoundState::Complete;
        for (seq, r) in rounds.get(&n).into_iter().flatten().enumerate() {
            let pn = |s: &Side| numbers.get(&s.key()).copied().unwrap_or(0);
            let mut g = Game::new(pn(&r.white), pn(&r.black), r.result.clone());
            g.board = r.board;
            round.games.push(g);
            let report = replay(&game_text(&r.raw), ReplayOptions::default());
            games.push(EventGame {
                index: r.raw.index,
                line: r.raw.line,
                round: n,
                seq,
                pgn: export(&r.raw),
                report: ScoreReport::from_report(&report),
            });
        }
        if round.games.iter().any(|g| {
            g.result.white == crate::ResultCode::Blank && g.result.black == crate::ResultCode::Blank
        }) {
            round.state = RoundState::Published;
        }
        if let Some(d) = rounds
            .get(&n)
            .and_then(|gs| gs.iter().filter_map(|r| known(r.raw.tag("Date"))).min())
        {
            round.scheduled = parse_date(d).and_then(|d| d.and_hms_opt(0, 0, 0));
        }
        t.rounds.push(round);
    }
    games.sort_by_key(|g| g.index);
    Ok(PgnEvent {
        tournament: t,
        games,
        warnings,
    })
}

/// The tournament type written for an event read from PGN: what it holds and what it lacks.
fn published_note(games: usize, present: &[RoundNumber], last: RoundNumber) -> String {
    let mut s = format!("Imported from PGN: the {games} published games only");
    let missing: Vec<String> = (1..=last)
        .filter(|n| !present.contains(n))
        .map(|n| n.to_string())
        .collect();
    if !missing.is_empty() {
        let _ = write!(
            s,
            " (the source has no games of round{} {})",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        );
    }
    s.push_str("; unpublished games, forfeits and byes are missing, so scores are partial");
    s
}

#[cfg(test)]
mod tests;
