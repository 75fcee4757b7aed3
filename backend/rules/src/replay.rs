//! Game replay: a whole game in, a verdict out.
//!
//! Every move is read (Appendix E, in the game's piece letters) and checked (Art. 3); the first
//! illegal, unreadable or ambiguous move is reported with its move number, side, text, reason and
//! article. The final position's status (checkmate 5.1(a), stalemate 5.2(a), dead position 5.2(b),
//! the later Laws' automatic draws 9.6) is compared with the result, including Art. 6.9 (a win on
//! time for a side that cannot checkmate is a draw). Every draw claim that became available under
//! 9.2 and 9.3 is listed with its ply.

use crate::attacks;
use crate::dead;
use crate::draw::{self, AutomaticDraw, History, LawsEdition};
use crate::pgn::{GameEnd, GameStart, PgnError, PgnReader, Termination, Visitor};
use crate::position::Position;
use crate::san::{MoveError, PieceLetters, detect_letters};
use crate::types::{Color, PieceKind};

mod parallel;

pub use parallel::validate_pgn_parallel;

/// How to replay games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Which Laws govern the games (automatic draws under the later Laws, Art. 9.6).
    pub edition: LawsEdition,
    /// The piece letters of the scoresheets (Appendix E.2); `None` detects them per game (English
    /// first, then the first language in which the whole game reads).
    pub letters: Option<PieceLetters>,
}

/// What the final position forces, whatever the result says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated (Art. 5.1(a)); `winner` mated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is stalemated (Art. 5.2(a)).
    Stalemate,
    /// Neither side can checkmate by any series of legal moves (Art. 5.2(b), 9.6).
    DeadPosition,
    /// An automatic draw of the later Laws (Art. 9.6: fivefold repetition or 75 moves).
    AutomaticDraw(AutomaticDraw),
    /// The game is not over on the board.
    Ongoing,
}

impl Outcome {
    /// A short name: `checkmate`, `stalemate`, `dead_position`, `fivefold_repetition`,
    /// `seventy_five_moves` or `ongoing`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::DeadPosition => "dead_position",
            Outcome::AutomaticDraw(AutomaticDraw::FivefoldRepetition) => "fivefold_repetition",
            Outcome::AutomaticDraw(AutomaticDraw::SeventyFiveMoves) => "seventy_five_moves",
            Outcome::Ongoing => "ongoing",
        }
    }

    /// The article that ends the game this way (`None` for an ongoing game).
    #[must_use]
    pub const fn article(self) -> Option<&'static str> {
        match self {
            Outcome::Checkmate { .. } => Some("5.1(a)"),
            Outcome::Stalemate => Some("5.2(a)"),
            Outcome::DeadPosition => Some("5.2(b)"),
            Outcome::AutomaticDraw(a) => Some(a.article()),
            Outcome::Ongoing => None,
        }
    }

    /// The only result the Laws allow for a finished game (`None` while ongoing).
    #[must_use]
    pub const fn forced_result(self) -> Option<Termination> {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => Some(Termination::WhiteWins),
            Outcome::Checkmate {
                winner: Color::Black,
            } => Some(Termination::BlackWins),
            Outcome::Stalemate | Outcome::DeadPosition | Outcome::AutomaticDraw(_) => {
                Some(Termination::Draw)
            }
            Outcome::Ongoing => None,
        }
    }
}

/// What went wrong with a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every move is legal and the result agrees with the final position.
    Ok,
    /// A move breaks Art. 3 (or is a null move).
    IllegalMove,
    /// A move cannot be read as notation (Appendix E).
    UnreadableMove,
    /// A move could mean more than one legal move (Appendix E.9).
    AmbiguousMove,
    /// A move follows a checkmate or stalemate (Art. 5.1(a), 5.2(a)): there is no legal move.
    MovesAfterEnd,
    /// The result contradicts the final position (Art. 5.1, 5.2, 6.9, 9.6).
    ResultContradicted,
    /// The FEN/SetUp tags describe no legal position.
    BadSetup,
    /// The game is not standard chess (a `Variant` tag such as Chess960 or crazyhouse).
    UnsupportedVariant,
    /// The PGN text of the game is malformed.
    PgnSyntax,
}

impl Status {
    /// The name used in reports: `ok`, `illegal_move`, `unreadable_move`, `ambiguous_move`,
    /// `moves_after_end`, `result_contradicted`, `bad_setup`, `unsupported_variant`, `pgn_syntax`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::IllegalMove => "illegal_move",
            Status::UnreadableMove => "unreadable_move",
            Status::AmbiguousMove => "ambiguous_move",
            Status::MovesAfterEnd => "moves_after_end",
            Status::ResultContradicted => "result_contradicted",
            Status::BadSetup => "bad_setup",
            Status::UnsupportedVariant => "unsupported_variant",
            Status::PgnSyntax => "pgn_syntax",
        }
    }
}

/// The first bad move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveProblem {
    /// 1-based half-move index of the bad move in the game.
    pub ply: usize,
    /// The move number as a scoresheet shows it.
    pub move_number: u32,
    /// Who made it.
    pub side: Color,
    /// The move as written.
    pub text: String,
    /// The source line in the PGN file (0 if unknown).
    pub line: u64,
}

/// A draw claim that became available during the game (Art. 9.2, 9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimAvailable {
    /// The number of half-moves played when the claim could be made: for a 9.2(a)/9.3(a) claim,
    /// the claimant writes the next move (ply + 1) instead of playing it.
    pub ply: usize,
    /// `"9.2(a)"`, `"9.2(b)"`, `"9.3(a)"` or `"9.3(b)"`.
    pub article: &'static str,
    /// The player who could claim (the one having the move).
    pub claimant: Color,
}

/// The verdict on one game.
#[derive(Clone, Debug)]
pub struct Report {
    /// 1-based index of the game in its file (0 for a game not read from a file).
    pub index: u64,
    /// What went wrong, or [`Status::Ok`].
    pub status: Status,
    /// Half-moves replayed (legal moves made before the first problem).
    pub plies: usize,
    /// The position after the last replayed move.
    pub final_position: Position,
    /// What that position forces.
    pub outcome: Outcome,
    /// The `Result` tag, if any.
    pub result_tag: Option<Termination>,
    /// The piece letters the game was read in.
    pub letters: PieceLetters,
    /// The first bad move, if the problem is a move.
    pub problem: Option<MoveProblem>,
    /// The article behind the verdict (`None` when the game is valid and over-the-board ongoing).
    pub article: Option<&'static str>,
    /// A sentence for people: what is wrong and why, or how the game ended.
    pub message: String,
    /// Draw claims that became available, in order.
    pub claims: Vec<ClaimAvailable>,
    /// The ply after which the game was over on the board (a dead position or an automatic draw
    /// reached before the last move: Art. 5.2(b), 9.6); `None` if it never ended earlier. Later
    /// moves are still replayed and checked, but do not count.
    pub ended_at: Option<usize>,
    /// What the PGN reader recovered from in this game, each naming its line (the text of a
    /// warning [`PgnError`]: a control character skipped, an unmatched bracket, a malformed NAG,
    /// a Latin-1 line...). Empty for a game not read from a file.
    pub warnings: Vec<String>,
}

impl Report {
    /// `true` when the game is valid ([`Status::Ok`]).
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.status == Status::Ok
    }
}

/// A game's moves and the tags replay needs.
#[derive(Clone, Debug, Default)]
pub struct GameText {
    /// Move tokens, concatenated; see `spans`.
    text: String,
    /// `(start, end, line)` of each token in `text`.
    spans: Vec<(usize, usize, u64)>,
    /// The `FEN` tag.
    pub fen: Option<String>,
    /// The `Variant` tag.
    pub variant: Option<String>,
    /// The `Result` tag, as written.
    pub result: Option<String>,
    /// The `Termination` tag (e.g. `time forfeit`, `normal`).
    pub termination: Option<String>,
}

impl GameText {
    /// Empties it for reuse.
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
        self.fen = None;
        self.variant = None;
        self.result = None;
        self.termination = None;
    }

    /// Appends a move token read on source line `line`.
    pub fn push_move(&mut self, token: &str, line: u64) {
        let start = self.text.len();
        self.text.push_str(token);
        self.spans.push((start, self.text.len(), line));
    }

    /// The move tokens in order, with their source lines.
    #[must_use]
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (&str, u64)> + '_ {
        self.spans
            .iter()
            .map(|&(s, e, line)| (self.text.get(s..e).unwrap_or_default(), line))
    }

    /// Records a tag that matters for replay (others are ignored).
    pub fn tag(&mut self, name: &str, value: &str) {
        let slot = match name {
            "FEN" => &mut self.fen,
            "Variant" => &mut self.variant,
            "Result" => &mut self.result,
            "Termination" => &mut self.termination,
            _ => return,
        };
        *slot = Some(value.to_owned());
    }
}

fn is_standard_variant(variant: &str) -> bool {
    let v = variant.trim().to_ascii_lowercase();
    matches!(
        v.as_str(),
        "" | "standard" | "chess" | "normal" | "from position" | "fromposition"
    )
}

/// `true` if the Termination tag says the game was decided on time (PGN standard section 9.8.1
/// `time forfeit`, and the forms online servers write).
fn lost_on_time(termination: Option<&str>) -> bool {
    termination.is_some_and(|t| {
        let t = t.to_ascii_lowercase();
        t.contains("time forfeit") || t.contains("on time") || t == "time"
    })
}

/// Replays one game (tokens and tags) under `options`.
///
/// ```
/// use arbiter_rules::replay::{GameText, ReplayOptions, Status, replay};
///
/// // Fool's mate, but the score sheet's result says White won: the result contradicts the
/// // final position (Art. 5.1(a)).
/// let mut game = GameText::default();
/// for (token, line) in [("f3", 1), ("e5", 1), ("g4", 2), ("Qh4#", 2)] {
///     game.push_move(token, line);
/// }
/// game.tag("Result", "1-0");
/// let report = replay(&game, ReplayOptions::default());
/// assert_eq!(report.status, Status::ResultContradicted);
/// assert_eq!(report.plies, 4);
/// assert!(report.final_position.is_checkmate());
/// ```
#[must_use]
pub fn replay(game: &GameText, options: ReplayOptions) -> Report {
    replay_indexed(0, game, options)
}

fn replay_indexed(index: u64, game: &GameText, options: ReplayOptions) -> Report {
    let result_tag = game.result.as_deref().and_then(Termination::from_token);
    let start = Position::new();
    let mut report = Report {
        index,
        status: Status::Ok,
        plies: 0,
        final_position: start,
        outcome: Outcome::Ongoing,
        result_tag,
        letters: options.letters.unwrap_or(PieceLetters::English),
        problem: None,
        article: None,
        message: String::new(),
        claims: Vec::new(),
        ended_at: None,
        warnings: Vec::new(),
    };
    if let Some(variant) = game.variant.as_deref().filter(|v| !is_standard_variant(v)) {
        report.status = Status::UnsupportedVariant;
        report.message = format!("variant `{variant}` is not standard chess");
        return report;
    }
    let start = match game.fen.as_deref() {
        Some(fen) => match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(e) => {
                report.status = Status::BadSetup;
                report.article = Some("2");
                report.message = format!("FEN tag `{fen}`: {e}");
                return report;
            }
        },
        None => start,
    };
    report.final_position = start;

    let first = run(&start, game, report.letters, options.edition, &mut report);
    if first.is_err() && options.letters.is_none() {
        // Not English throughout: find the language in which the whole game reads.
        let tokens: Vec<&str> = game.moves().map(|(t, _)| t).collect();
        if let Some(letters) =
            detect_letters(&start, &tokens).filter(|&l| l != PieceLetters::English)
        {
            let mut retry = report.clone();
            if run(&start, game, letters, options.edition, &mut retry).is_ok() {
                report = retry;
            }
        }
    }
    if report.status == Status::Ok {
        judge_result(game, &mut report);
    }
    report
}

/// Replays the moves into `report`; `Err(())` when a move could not be played.
fn run(
    start: &Position,
    game: &GameText,
    letters: PieceLetters,
    edition: LawsEdition,
    report: &mut Report,
) -> Result<(), ()> {
    let mut pos = *start;
    let mut history = History::new(&pos);
    let mut ended: Option<(Outcome, usize)> = None;
    let mut fifty_streak = pos.halfmove_clock() >= 100;
    report.status = Status::Ok;
    report.article = None;
    report.message.clear();
    report.problem = None;
    report.plies = 0;
    report.claims.clear();
    report.letters = letters;
    for (i, (token, line)) in game.moves().enumerate() {
        let problem = |pos: &Position| MoveProblem {
            ply: i + 1,
            move_number: pos.fullmove_number(),
            side: pos.turn(),
            text: token.to_owned(),
            line,
        };
        let m = match pos.parse_move(token, letters) {
            Ok(m) => m,
            Err(e) => {
                report.problem = Some(problem(&pos));
                report.final_position = pos;
                report.outcome =
                    ended.map_or_else(|| board_outcome(&pos, &history, edition), |(o, _)| o);
                report.ended_at = ended.map(|(_, at)| at);
                if matches!(
                    report.outcome,
                    Outcome::Checkmate { .. } | Outcome::Stalemate
                ) {
                    report.status = Status::MovesAfterEnd;
                    report.article = report.outcome.article();
                    report.message = format!(
                        "move {}{} {token}: the game was already over ({}, Art. {})",
                        pos.fullmove_number(),
                        pos.turn().fold(".", "..."),
                        report.outcome.name(),
                        report.outcome.article().unwrap_or_default()
                    );
                    return Err(());
                }
                let (status, article) = match &e {
                    MoveError::Unreadable { .. } if is_null_move(token) => {
                        (Status::IllegalMove, "3")
                    }
                    MoveError::Unreadable { .. } => (Status::UnreadableMove, "E"),
                    MoveError::Ambiguous { .. } => (Status::AmbiguousMove, "E.9"),
                    MoveError::Illegal { reason, .. } => (Status::IllegalMove, reason.article()),
                };
                let what = if is_null_move(token) {
                    format!("`{token}` is a null move, not a move under the Laws (Art. 3)")
                } else {
                    e.to_string()
                };
                report.status = status;
                report.article = Some(article);
                report.message = format!(
                    "move {}{} ({}): {what}",
                    pos.fullmove_number(),
                    pos.turn().fold(".", "..."),
                    pos.turn()
                );
                return Err(());
            }
        };
        let mover = pos.turn();
        pos.play_unchecked(m);
        history.push(&pos);
        report.plies = i + 1;
        let ply = i + 1;
        if ended.is_some() {
            continue; // the game is over: later moves are checked but count for nothing
        }
        // Claims (Art. 9.2, 9.3): the mover could have written this move and claimed (a); the
        // player now to move can claim (b). Only a move that is not a capture or pawn move can
        // repeat a position or extend the 50-move count.
        if pos.halfmove_clock() > 0 {
            let occurrences = history.occurrences(&pos);
            if occurrences >= 3 {
                report.claims.push(ClaimAvailable {
                    ply: ply - 1,
                    article: "9.2(a)",
                    claimant: mover,
                });
                report.claims.push(ClaimAvailable {
                    ply,
                    article: "9.2(b)",
                    claimant: !mover,
                });
            }
            if pos.halfmove_clock() >= 100 && !fifty_streak {
                fifty_streak = true;
                report.claims.push(ClaimAvailable {
                    ply: ply - 1,
                    article: "9.3(a)",
                    claimant: mover,
                });
                report.claims.push(ClaimAvailable {
                    ply,
                    article: "9.3(b)",
                    claimant: !mover,
                });
            }
            if let Some(draw) = draw::automatic_draw(&pos, occurrences, edition) {
                ended = Some((Outcome::AutomaticDraw(draw), ply));
            }
        } else {
            fifty_streak = false;
            // Material changes only with a capture or a promotion: the proof of a dead position
            // by material (both sides lack mating material, Art. 5.2(b)) is checked then.
            if both_lack_mating_material(&pos) {
                ended = Some((Outcome::DeadPosition, ply));
            }
        }
        // Checkmate and stalemate need no test here: a move after either cannot be read, and the
        // final position is examined below.
    }
    report.final_position = pos;
    report.outcome = match ended {
        Some((outcome, _)) => outcome,
        None => match board_outcome(&pos, &history, edition) {
            Outcome::Ongoing if final_dead(&pos) => Outcome::DeadPosition,
            outcome => outcome,
        },
    };
    // Only an end before the last move is worth noting.
    report.ended_at = ended.map(|(_, at)| at).filter(|&at| at < report.plies);
    Ok(())
}

fn is_null_move(token: &str) -> bool {
    matches!(token, "--" | "Z0" | "0000" | "@@" | "null")
}

/// How the game stands on the board (for the final position, or where a move cannot be read):
/// checkmate, stalemate, an automatic draw of the later Laws, a dead position by material, or
/// ongoing.
fn board_outcome(pos: &Position, history: &History, edition: LawsEdition) -> Outcome {
    if !pos.has_legal_moves() {
        return if pos.is_check() {
            Outcome::Checkmate {
                winner: !pos.turn(),
            }
        } else {
            Outcome::Stalemate
        };
    }
    if let Some(draw) = history.automatic_draw(pos, edition) {
        return Outcome::AutomaticDraw(draw);
    }
    if both_lack_mating_material(pos) {
        return Outcome::DeadPosition;
    }
    Outcome::Ongoing
}

/// Neither side has material that could ever mate: a proof of a dead position (Art. 5.2(b)).
fn both_lack_mating_material(pos: &Position) -> bool {
    Color::ALL
        .iter()
        .all(|&side| dead::insufficient_material(pos.board(), side))
}

/// Positions searched per side when replay asks whether a side can still checkmate: a bound on the
/// time one game can take (validation runs at tens of thousands of games a second). A search that
/// runs out proves nothing, and the side counts as able to mate (a draw under Art. 5.2(b) or 6.9
/// needs proof); the material and pawn-structure proofs that settle real games need no search.
const REPLAY_DEAD_BUDGET: u64 = 20_000;

/// `true` when `side` may be unable to checkmate, so that the search is worth asking: it lacks
/// mating material outright, or it has no queen or rook and its pawns can neither advance nor
/// capture (a locked chain). Only a pawn blocks a pawn for good: a pawn with a king or another
/// piece in front of it counts as able to advance, the piece stepping aside (in real games'
/// endings, a king ahead of its own pawn, a king or a bishop blockading a passed pawn, where the
/// search always found the mate). A side outside this test is taken to be able to mate; a queen or
/// rook walled in for ever, a pawn that can only move into a locked chain, or a piece entombed in
/// front of a pawn, is not examined.
fn may_be_unable_to_mate(pos: &Position, side: Color) -> bool {
    let board = pos.board();
    if dead::insufficient_material(board, side) {
        return true;
    }
    let heavy = board.pieces(side, PieceKind::Queen) | board.pieces(side, PieceKind::Rook);
    let pawns = board.pieces(side, PieceKind::Pawn);
    let all_pawns =
        board.pieces(Color::White, PieceKind::Pawn) | board.pieces(Color::Black, PieceKind::Pawn);
    let pushes = pawns.forward(side == Color::White) & !all_pawns;
    let captures = pawns
        .into_iter()
        .any(|sq| (attacks::pawn_attacks(side, sq) & board.by_color(!side)).any());
    heavy.is_empty() && pushes.is_empty() && !captures && pos.legal_en_passant().is_none()
}

/// `true` if `side` provably cannot checkmate from `pos` (Art. 6.9, 9.6).
fn cannot_mate(pos: &Position, side: Color) -> bool {
    may_be_unable_to_mate(pos, side)
        && !dead::can_checkmate_within(pos, side, REPLAY_DEAD_BUDGET).may_mate()
}

/// Whether the final position of an otherwise ongoing game is dead (Art. 5.2(b)).
/// Both sides must be proved unable to mate; the side with more material is asked first, since
/// a mate found for it (the usual answer) settles the question without the other side's search.
fn final_dead(pos: &Position) -> bool {
    let board = pos.board();
    let material = |side: Color| {
        [
            (PieceKind::Pawn, 1),
            (PieceKind::Knight, 3),
            (PieceKind::Bishop, 3),
        ]
        .iter()
        .map(|&(kind, value)| board.pieces(side, kind).count() * value)
        .sum::<u32>()
    };
    let mut sides = Color::ALL;
    if material(Color::Black) > material(Color::White) {
        sides.reverse();
    }
    sides.iter().all(|&side| may_be_unable_to_mate(pos, side))
        && sides.iter().all(|&side| cannot_mate(pos, side))
}

/// Compares the result with the final position (Art. 5.1, 5.2, 6.9, 9.6).
fn judge_result(game: &GameText, report: &mut Report) {
    let result = report.result_tag;
    if let Some(forced) = report.outcome.forced_result() {
        let article = report.outcome.article();
        let name = report.outcome.name().replace('_', " ");
        let when = match report.ended_at {
            Some(at) => format!(
                "the game ended after ply {at} ({name}, Art. {}); the {} moves after it do not count",
                article.unwrap_or_default(),
                report.plies - at
            ),
            None => format!(
                "the final position is {name} (Art. {})",
                article.unwrap_or_default()
            ),
        };
        report.article = article;
        if result == Some(forced) {
            report.message = format!("{when}; result {forced}");
        } else {
            report.status = Status::ResultContradicted;
            report.message = format!(
                "{when}: the result must be {forced}, not {}",
                game.result.as_deref().unwrap_or("missing")
            );
        }
        return;
    }
    // Ongoing on the board: a win on time needs a winner who can still checkmate (Art. 6.9).
    let winner = match result {
        Some(Termination::WhiteWins) => Some(Color::White),
        Some(Termination::BlackWins) => Some(Color::Black),
        _ => None,
    };
    if let Some(winner) = winner {
        if lost_on_time(game.termination.as_deref()) && cannot_mate(&report.final_position, winner)
        {
            report.status = Status::ResultContradicted;
            report.article = Some("6.9");
            report.message = format!(
                "{winner} won on time but cannot checkmate by any series of legal moves: the game is drawn (Art. 6.9)"
            );
        }
    }
}

/// A [`Visitor`] that collects each game's tokens and replays it.
#[derive(Debug, Default)]
pub struct Validator {
    options: ReplayOptions,
    collector: parallel::Collector,
}

impl Validator {
    /// A validator replaying under `options`.
    #[must_use]
    pub fn new(options: ReplayOptions) -> Validator {
        Validator {
            options,
            collector: parallel::Collector::default(),
        }
    }
}

impl Visitor for Validator {
    type Output = Report;

    fn begin_game(&mut self, start: GameStart) {
        self.collector.begin_game(start);
    }

    fn warning(&mut self, warning: PgnError) {
        self.collector.warning(warning);
    }

    fn tag(&mut self, name: &str, value: &str, line: u64) {
        self.collector.tag(name, value, line);
    }

    fn move_token(&mut self, token: &str, line: u64) {
        self.collector.move_token(token, line);
    }

    fn end_game(&mut self, _end: GameEnd) -> Report {
        let c = &mut self.collector;
        let mut report = replay_indexed(c.index, &c.game, self.options);
        report.warnings = std::mem::take(&mut c.warnings);
        report
    }
}

/// Reads every game of a PGN stream and replays it, calling `each` with the verdict (or the PGN
/// error of a malformed game, with the game's index). Returns the number of games.
///
/// ```
/// use arbiter_rules::replay::{ReplayOptions, Status, validate_pgn};
///
/// let pgn = "[Event \"Club\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
///            [Event \"Club\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let mut verdicts = Vec::new();
/// let games = validate_pgn(pgn.as_bytes(), ReplayOptions::default(), |verdict| {
///     verdicts.push(verdict.map(|report| (report.status, report.plies)));
/// })?;
/// assert_eq!(games, 2);
/// // The first game is sound; in the second, 2. Ke3 is no king move from e1 (Art. 3.8).
/// assert!(matches!(verdicts[0], Ok((Status::Ok, 4))));
/// assert!(matches!(verdicts[1], Ok((Status::IllegalMove, _))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// An I/O error reading the stream stops the run (`PgnError::Io`).
pub fn validate_pgn<R: std::io::BufRead>(
    input: R,
    options: ReplayOptions,
    mut each: impl FnMut(Result<Report, (u64, PgnError)>),
) -> Result<u64, PgnError> {
    let mut reader = PgnReader::new(input);
    let mut validator = Validator::new(options);
    let mut count = 0;
    while let Some(game) = reader.read_game(&mut validator) {
        count += 1;
        match game {
            Ok(report) => each(Ok(report)),
            Err(e @ PgnError::Io { .. }) => return Err(e),
            Err(e) => each(Err((reader.games_read(), e))),
        }
    }
    Ok(count)
}
