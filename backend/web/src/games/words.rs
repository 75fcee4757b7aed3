//! The game pages' words: moves in the reader's piece letters and digits (Laws, Appendix E.1,
//! E.2, E.5), articles in the reader's digits and clause letters, and the rules core's replay
//! report in the reader's language.
//!
//! The rules core knows no language: its report carries English sentences beside its enums. The
//! stored report keeps only the sentence, so the page replays the stored score again
//! (`arbiter_rules::replay`, the options every stored score was checked with) and words the
//! enums it gets back. The English wording is checked against the stored sentence first: when
//! they differ (a report written by another workflow, such as the arbiter's scoresheet check),
//! the stored sentence is shown as it is, marked as English.

use crate::board::escape_xml as escape;
use arbiter_rules::pgn::PgnReader;
use arbiter_rules::replay::{GameText, ReplayOptions, Report, Status, replay};
use arbiter_rules::{
    Board, CastlingSide, Color, IllegalReason, MoveError, PieceKind, PieceLetters, RankDigits,
    SanFormat, Square,
};
use arbiter_tournament::pgn_event::ScoreReport;

use crate::l10n::{L10n, Lang, Pieces};

/// How moves are written for one reader: the piece letters of their choice, the ranks in their
/// digits (the files stay `a`-`h`, E.4), PGN's marks otherwise (`O-O`, `e8=Q`, `+`, `#`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Notation {
    /// The format given to the rules core's move writer.
    pub(super) format: SanFormat,
}

impl Notation {
    /// The reader's notation: the language's own letters by default (E.2: Persian in `fa`,
    /// Arabic in `ar`), English letters or figurines by choice; ranks in the reader's digits,
    /// except with English letters, which read as the international form (E.1) and as PGN.
    pub(super) fn of(l: &L10n) -> Notation {
        let letters = match l.pieces() {
            Pieces::Figurine => PieceLetters::Figurine,
            Pieces::English => PieceLetters::English,
            Pieces::Local => own_letters(l.lang()),
        };
        let digits = match reader_digits(l) {
            _ if letters == PieceLetters::English => RankDigits::Latin,
            d => d,
        };
        Notation {
            format: SanFormat::PGN.with_letters(letters).with_digits(digits),
        }
    }

    /// A rank digit `1`-`8` in the reader's digits.
    pub(super) fn rank(self, c: char) -> char {
        let base = match self.format.digits {
            RankDigits::Latin => return c,
            RankDigits::Persian => 0x06F0,
            RankDigits::ArabicIndic => 0x0660,
        };
        c.to_digit(10)
            .and_then(|d| char::from_u32(base + d))
            .unwrap_or(c)
    }

    /// A square: its file letter and its rank in the reader's digits (`e4`, `e۴`, `e٤`).
    pub(super) fn square(self, sq: Square) -> String {
        let name = sq.to_string();
        name.chars().map(|c| self.rank(c)).collect()
    }

    /// A piece's letter (empty for a pawn, E.3).
    pub(super) fn letter(self, kind: PieceKind, color: Color) -> &'static str {
        self.format.letters.letter(kind, color)
    }

    /// Moves written in English ASCII (SAN, or a scoresheet's token in English letters) rewritten
    /// for the reader: the piece letters `K Q R B N` of `side` and the digits.
    pub(super) fn rewrite(self, text: &str, side: Color) -> String {
        let mut out = String::with_capacity(text.len() * 2);
        for c in text.chars() {
            let kind = match c {
                'K' => Some(PieceKind::King),
                'Q' => Some(PieceKind::Queen),
                'R' => Some(PieceKind::Rook),
                'B' => Some(PieceKind::Bishop),
                'N' => Some(PieceKind::Knight),
                _ => None,
            };
            match kind {
                Some(k) => out.push_str(self.letter(k, side)),
                None => out.push(self.rank(c)),
            }
        }
        out
    }

    /// One side's pieces as a diagram's description lists them: kings first, pawns last, each
    /// kind by square (`Kg1, Qd1, Ra1, e4`), joined with `separator`.
    pub(super) fn pieces(self, board: &Board, side: Color, separator: &str) -> String {
        let mut items: Vec<(usize, String, String)> = board
            .iter()
            .filter(|(_, p)| p.color == side)
            .map(|(sq, p)| {
                (
                    p.kind.index(),
                    sq.to_string(),
                    format!("{}{}", self.letter(p.kind, side), self.square(sq)),
                )
            })
            .collect();
        items.sort_by_key(|(k, sq, _)| (std::cmp::Reverse(*k), sq.clone()));
        items
            .into_iter()
            .map(|(_, _, s)| s)
            .collect::<Vec<_>>()
            .join(separator)
    }
}

/// The piece letters of a language (E.2), by its code; English letters for a language the rules
/// core has none for.
fn own_letters(code: &str) -> PieceLetters {
    match code {
        "fa" => PieceLetters::Persian,
        "ar" => PieceLetters::Arabic,
        "de" => PieceLetters::German,
        "fr" => PieceLetters::French,
        "es" => PieceLetters::Spanish,
        "it" => PieceLetters::Italian,
        "nl" => PieceLetters::Dutch,
        "ru" => PieceLetters::Russian,
        _ => PieceLetters::English,
    }
}

/// The digits the reader reads (the language's, or Latin by choice), as the rules core writes
/// ranks with them (E.5).
pub(super) fn reader_digits(l: &L10n) -> RankDigits {
    match l.digits("0").chars().next() {
        Some('\u{06F0}') => RankDigits::Persian,
        Some('\u{0660}') => RankDigits::ArabicIndic,
        _ => RankDigits::Latin,
    }
}

/// A move (or a square, a move number) made safe to show left to right among right-to-left
/// text: a left-to-right mark on each side of a Persian or Arabic letter, so that the digits
/// around it (`ر۱d۲`: the rook of the first rank; `٤٣...رf٥`) do not join it in a right-to-left
/// run and get reordered. The rules core's reader ignores the marks.
pub(super) fn ltr_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        let letter = ('\u{0600}'..='\u{06FF}').contains(&c) && c.is_alphabetic();
        if letter {
            out.push('\u{200E}');
        }
        out.push(c);
        if letter {
            out.push('\u{200E}');
        }
    }
    out
}

/// The letter of a clause (`a`, `b`, ...) as the reader's text of the Laws writes it: the
/// Persian Laws letter their clauses الف ب ج د (the full 2001 text), the Arabic summary أ ب ت ث.
fn clause_letter(lang: &str, c: char) -> Option<&'static str> {
    const FA: [&str; 8] = ["الف", "ب", "ج", "د", "ه", "و", "ز", "ح"];
    const AR: [&str; 8] = ["أ", "ب", "ت", "ث", "ج", "ح", "خ", "د"];
    let i = usize::from(u8::try_from(c).ok()?.checked_sub(b'a')?);
    match lang {
        "fa" => FA.get(i).copied(),
        "ar" => AR.get(i).copied(),
        _ => None,
    }
}

/// An article's number in the reader's digits and clause letters: `5.1(a)` reads `۵٫۱(الف)` in
/// Persian, `3.8(a)(ii)` `٣٫٨(أ)(٢)` in Arabic; English as written. A list (`3.7(a), (b)`)
/// keeps its parts. Appendix letters (`E.9`) stay Latin.
pub(super) fn article_number(l: &L10n, article: &str) -> String {
    if l.lang() == "en" {
        return article.to_owned();
    }
    let mut out = String::new();
    let mut rest = article;
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('(') {
            let Some(end) = inner.find(')') else {
                out.push_str(&l.digits(rest));
                break;
            };
            let clause = &inner[..end];
            let roman = ["i", "ii", "iii", "iv", "v"]
                .iter()
                .position(|r| *r == clause)
                .map(|i| l.int(i + 1));
            let word = match clause.chars().collect::<Vec<_>>().as_slice() {
                [c] if c.is_ascii_lowercase() => clause_letter(l.lang(), *c).map(str::to_owned),
                _ => None,
            };
            out.push('(');
            out.push_str(&word.or(roman).unwrap_or_else(|| l.digits(clause)));
            out.push(')');
            rest = &inner[end + 1..];
        } else if let Some(after) = rest.strip_prefix(", ") {
            out.push_str(&l.t("list-separator"));
            rest = after;
        } else {
            let end = rest.find(['(', ',']).unwrap_or(rest.len());
            out.push_str(&l.digits(&rest[..end]));
            rest = &rest[end..];
        }
    }
    out
}

/// `Art. 9.2(a)` in the reader's language (`ماده ۹٫۲(الف)`, `المادة ٩٫٢(أ)`); an appendix's
/// clause (`E.9`) as the appendix's.
pub(super) fn article_ref(l: &L10n, article: &str) -> String {
    let key = if article.starts_with('E') {
        "game-appendix-ref"
    } else {
        "game-article-ref"
    };
    l.t1(key, "article", &article_number(l, article))
}

/// A replay status in the reader's words.
pub(super) fn status_in(l: &L10n, status: &str) -> String {
    l.t(match status {
        "ok" => "score-status-ok",
        "illegal_move" => "score-status-illegal-move",
        "unreadable_move" => "score-status-unreadable-move",
        "ambiguous_move" => "score-status-ambiguous-move",
        "moves_after_end" => "score-status-moves-after-end",
        "result_contradicted" => "score-status-result-contradicted",
        "bad_setup" => "score-status-bad-setup",
        "unsupported_variant" => "score-status-unsupported-variant",
        "pgn_syntax" => "score-status-pgn-syntax",
        _ => "score-status-other",
    })
}

/// What a final position forces, by its stored name, in the reader's words (an unknown name as
/// it is, underscores as spaces).
pub(super) fn outcome_in(l: &L10n, name: &str) -> String {
    let key = match name {
        "checkmate" => "outcome-checkmate",
        "stalemate" => "outcome-stalemate",
        "dead_position" => "outcome-dead-position",
        "fivefold_repetition" => "outcome-fivefold-repetition",
        "seventy_five_moves" => "outcome-seventy-five-moves",
        "ongoing" => "outcome-ongoing",
        other => return other.replace('_', " "),
    };
    l.t(key)
}

/// `White` or `Black` (as the stored report names a side) in the reader's words.
pub(super) fn side_in(l: &L10n, side: &str) -> String {
    match side {
        "White" => l.t("colour-white"),
        "Black" => l.t("colour-black"),
        other => other.to_owned(),
    }
}

fn colour_in(l: &L10n, c: Color) -> String {
    side_in(l, c.name())
}

/// Writes the report's sentences for one reader: messages from the catalogue, moves and squares
/// in the reader's notation, as HTML (`html`: escaped, moves isolated left to right on a
/// right-to-left page) or as plain text (to compare with the stored English sentence).
struct Writer<'a> {
    l: &'a L10n,
    n: Notation,
    html: bool,
}

impl Writer<'_> {
    /// A move, square or code: escaped and, right to left, isolated left to right.
    fn code(&self, text: &str) -> String {
        match (self.html, self.l.rtl()) {
            (false, _) => text.to_owned(),
            (true, false) => escape(text),
            (true, true) => format!("<bdi dir=\"ltr\">{}</bdi>", escape(&ltr_safe(text))),
        }
    }

    /// Text from the data (a tag's value, an error of another module): escaped and isolated.
    fn data(&self, text: &str) -> String {
        match (self.html, self.l.rtl()) {
            (false, _) => text.to_owned(),
            (true, false) => escape(text),
            (true, true) => format!("<bdi>{}</bdi>", escape(text)),
        }
    }

    fn sq(&self, sq: Square) -> String {
        self.code(&self.n.square(sq))
    }

    fn art(&self, article: &str) -> String {
        // The catalogue's words hold no markup; the number is escaped with them.
        let text = article_ref(self.l, article);
        if self.html { escape(&text) } else { text }
    }

    fn t(&self, key: &str, args: &[(&'static str, String)]) -> String {
        self.l.ta(key, args)
    }

    fn piece(&self, color: Color, kind: PieceKind) -> String {
        use PieceKind as K;
        self.l.t(match (color, kind) {
            (Color::White, K::Pawn) => "piece-white-pawn",
            (Color::White, K::Knight) => "piece-white-knight",
            (Color::White, K::Bishop) => "piece-white-bishop",
            (Color::White, K::Rook) => "piece-white-rook",
            (Color::White, K::Queen) => "piece-white-queen",
            (Color::White, K::King) => "piece-white-king",
            (Color::Black, K::Pawn) => "piece-black-pawn",
            (Color::Black, K::Knight) => "piece-black-knight",
            (Color::Black, K::Bishop) => "piece-black-bishop",
            (Color::Black, K::Rook) => "piece-black-rook",
            (Color::Black, K::Queen) => "piece-black-queen",
            (Color::Black, K::King) => "piece-black-king",
        })
    }

    fn kind(&self, kind: PieceKind) -> String {
        self.l.t(match kind {
            PieceKind::Pawn => "kind-pawn",
            PieceKind::Knight => "kind-knight",
            PieceKind::Bishop => "kind-bishop",
            PieceKind::Rook => "kind-rook",
            PieceKind::Queen => "kind-queen",
            PieceKind::King => "kind-king",
        })
    }

    fn castling(&self, side: CastlingSide) -> String {
        self.l.t(match side {
            CastlingSide::King => "castling-king",
            CastlingSide::Queen => "castling-queen",
        })
    }

    /// Why a readable move is illegal (Art. 3), as [`IllegalReason`]'s English says it.
    fn reason(&self, reason: &IllegalReason, side: Color) -> String {
        use IllegalReason as R;
        // The king's step into check cites Art. 3.9 beside its own clause.
        let art = match reason {
            R::KingIntoCheck { .. } => ("art", self.art("3.8(a)(i), 3.9")),
            _ => ("art", self.art(reason.article())),
        };
        match *reason {
            R::NoPiece { piece, to } => self.t(
                "reason-no-piece",
                &[
                    ("piece", self.piece(piece.color, piece.kind)),
                    ("to", self.sq(to)),
                    art,
                ],
            ),
            R::EmptySquare { square, color } => self.t(
                match color {
                    Color::White => "reason-empty-square-white",
                    Color::Black => "reason-empty-square-black",
                },
                &[("square", self.sq(square)), art],
            ),
            R::CannotMove { piece, from, to } => self.t(
                "reason-cannot-move",
                &[
                    ("piece", self.piece(piece.color, piece.kind)),
                    ("from", self.sq(from)),
                    ("to", self.sq(to)),
                    art,
                ],
            ),
            R::OwnPiece { to } => self.t("reason-own-piece", &[("to", self.sq(to)), art]),
            R::Blocked {
                piece,
                from,
                to,
                blocker,
            } => self.t(
                "reason-blocked",
                &[
                    ("piece", self.piece(piece.color, piece.kind)),
                    ("from", self.sq(from)),
                    ("to", self.sq(to)),
                    ("blocker", self.sq(blocker)),
                    art,
                ],
            ),
            R::NothingToCapture { from, to } => self.t(
                "reason-nothing-to-capture",
                &[("from", self.sq(from)), ("to", self.sq(to)), art],
            ),
            R::EnPassantUnavailable { to } => {
                self.t("reason-en-passant", &[("to", self.sq(to)), art])
            }
            R::KingIntoCheck { to, attacker } => self.t(
                "reason-king-into-check",
                &[("to", self.sq(to)), ("attacker", self.sq(attacker)), art],
            ),
            R::LeavesKingInCheck { from, checker } => self.t(
                "reason-leaves-king-in-check",
                &[("from", self.sq(from)), ("checker", self.sq(checker)), art],
            ),
            R::ExposesKing {
                piece,
                from,
                attacker,
            } => self.t(
                "reason-pinned",
                &[
                    ("piece", self.piece(piece.color, piece.kind)),
                    ("from", self.sq(from)),
                    ("attacker", self.sq(attacker)),
                    art,
                ],
            ),
            R::CastlingRightLost { side: c } => {
                self.t("reason-castling-lost", &[("side", self.castling(c)), art])
            }
            R::CastlingInCheck { side: c, checker } => self.t(
                "reason-castling-in-check",
                &[
                    ("side", self.castling(c)),
                    ("checker", self.sq(checker)),
                    art,
                ],
            ),
            R::CastlingThroughCheck {
                side: c,
                square,
                attacker,
            } => self.t(
                "reason-castling-through-check",
                &[
                    ("side", self.castling(c)),
                    ("square", self.sq(square)),
                    ("attacker", self.sq(attacker)),
                    art,
                ],
            ),
            R::CastlingBlocked { side: c, square } => self.t(
                "reason-castling-blocked",
                &[("side", self.castling(c)), ("square", self.sq(square)), art],
            ),
            R::PromotionMissing { to } => self.t(
                "reason-promotion-missing",
                &[
                    ("to", self.sq(to)),
                    (
                        "example",
                        self.code(&self.n.rewrite(&format!("{to}=Q"), side)),
                    ),
                    art,
                ],
            ),
            R::NotPromotion { to } => self.t("reason-not-promotion", &[("to", self.sq(to)), art]),
            R::InvalidPromotion(kind) => self.t(
                "reason-invalid-promotion",
                &[("kind", self.kind(kind)), art],
            ),
        }
    }

    /// A move error (Appendix E, Art. 3) as [`MoveError`]'s English says it.
    fn move_error(&self, e: &MoveError, side: Color, letters: PieceLetters) -> String {
        let written = |text: &str| self.code(&self.written(text, side, letters));
        match e {
            MoveError::Unreadable { text, reason } => self.t(
                "report-unreadable",
                &[("move", self.code(text)), ("reason", self.data(reason))],
            ),
            MoveError::Ambiguous { text, candidates } => {
                let mut all = candidates
                    .iter()
                    .map(|c| self.code(&self.n.rewrite(c, side)));
                let first = all.next().unwrap_or_default();
                let list = all.fold(first, |a, b| {
                    self.t("report-or", &[("first", a), ("second", b)])
                });
                self.t(
                    "report-ambiguous",
                    &[("move", written(text)), ("candidates", list)],
                )
            }
            MoveError::Illegal { text, reason } => self.t(
                "report-illegal",
                &[
                    ("move", written(text)),
                    ("reason", self.reason(reason, side)),
                ],
            ),
        }
    }

    /// The replay's sentence (`Report::message`), in the reader's language.
    fn message(&self, r: &Report, game: &GameText) -> String {
        let label =
            |number: u32, side: Color| self.l.digits(&format!("{number}{}", side.fold(".", "...")));
        match r.status {
            Status::UnsupportedVariant => self.t(
                "report-variant",
                &[(
                    "variant",
                    self.code(game.variant.as_deref().unwrap_or_default()),
                )],
            ),
            Status::BadSetup => {
                let fen = game.fen.as_deref().unwrap_or_default();
                let error = arbiter_rules::Position::from_fen(fen)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                self.t(
                    "report-bad-setup",
                    &[("fen", self.code(fen)), ("error", self.data(&error))],
                )
            }
            Status::MovesAfterEnd => {
                let Some(p) = &r.problem else {
                    return String::new();
                };
                self.t(
                    "report-after-end",
                    &[
                        (
                            "move",
                            self.code(&format!(
                                "{} {}",
                                label(p.move_number, p.side),
                                self.written(&p.text, p.side, r.letters)
                            )),
                        ),
                        ("outcome", outcome_in(self.l, r.outcome.name())),
                        ("art", self.art(r.outcome.article().unwrap_or_default())),
                    ],
                )
            }
            Status::IllegalMove | Status::UnreadableMove | Status::AmbiguousMove => {
                let Some(p) = &r.problem else {
                    return String::new();
                };
                let what = if matches!(p.text.as_str(), "--" | "Z0" | "0000" | "@@" | "null") {
                    self.t(
                        "report-null-move",
                        &[("move", self.code(&p.text)), ("art", self.art("3"))],
                    )
                } else {
                    match r.final_position.parse_move(&p.text, r.letters) {
                        Err(e) => self.move_error(&e, p.side, r.letters),
                        Ok(_) => return String::new(),
                    }
                };
                self.t(
                    "report-move",
                    &[
                        ("label", label(p.move_number, p.side)),
                        ("side", colour_in(self.l, p.side)),
                        ("what", what),
                    ],
                )
            }
            Status::Ok | Status::ResultContradicted => self.judgement(r, game),
            Status::PgnSyntax => String::new(),
        }
    }

    /// The token of a bad move: rewritten in the reader's letters when the game is written in
    /// English ASCII, else as written.
    fn written(&self, text: &str, side: Color, letters: PieceLetters) -> String {
        if letters == PieceLetters::English && text.is_ascii() {
            self.n.rewrite(text, side)
        } else {
            text.to_owned()
        }
    }

    /// The result against the final position (Art. 5.1, 5.2, 6.9, 9.6).
    fn judgement(&self, r: &Report, game: &GameText) -> String {
        if r.status == Status::ResultContradicted && r.article == Some("6.9") {
            let winner = match r.result_tag {
                Some(arbiter_rules::pgn::Termination::BlackWins) => Color::Black,
                _ => Color::White,
            };
            return self.t(
                "report-time-no-mate",
                &[
                    ("side", colour_in(self.l, winner)),
                    ("art", self.art("6.9")),
                ],
            );
        }
        let Some(forced) = r.outcome.forced_result() else {
            return String::new();
        };
        let name = outcome_in(self.l, r.outcome.name());
        let art = self.art(r.outcome.article().unwrap_or_default());
        let when = match r.ended_at {
            Some(at) => self.t(
                "report-ended-after",
                &[
                    ("ply", self.l.int(at)),
                    ("outcome", name),
                    ("art", art),
                    ("count", self.l.int(r.plies - at)),
                ],
            ),
            None => self.t("report-final-is", &[("outcome", name), ("art", art)]),
        };
        let result = self.code(forced.as_str());
        if r.status == Status::Ok {
            self.t("report-result-ok", &[("when", when), ("result", result)])
        } else {
            let written = game
                .result
                .as_deref()
                .map_or_else(|| self.l.t("report-result-missing"), |w| self.code(w));
            self.t(
                "report-result-must",
                &[("when", when), ("result", result), ("written", written)],
            )
        }
    }
}

/// The replay report as a game page shows it, in the reader's language.
pub(super) struct ReportView {
    /// The verdict and its article (text).
    pub(super) verdict: String,
    /// The status, for the style (`status-illegal_move`).
    pub(super) status: String,
    /// What is wrong and why, or how the game ended (HTML; empty when there is nothing to say).
    pub(super) detail: String,
    /// Half-moves replayed, in the reader's digits.
    pub(super) plies: String,
    /// The first bad move (HTML).
    pub(super) first_bad_move: Option<String>,
    /// The contradiction between the result and the final position (HTML).
    pub(super) contradiction: Option<String>,
    /// What the final position forces.
    pub(super) outcome: String,
    /// The final position as FEN (PGN standard section 16.1: ASCII, as written).
    pub(super) final_fen: String,
    /// The draw claims that became available (HTML).
    pub(super) claims: Vec<String>,
}

/// Replays a stored score as the rules core replayed it when it was stored.
fn replay_stored(pgn: &str) -> Option<(Report, GameText)> {
    let raw = PgnReader::new(pgn.as_bytes()).next()?.ok()?;
    let mut game = GameText::default();
    for (name, value) in &raw.tags {
        game.tag(name, value);
    }
    for m in raw.moves() {
        game.push_move(m.text, m.line);
    }
    Some((replay(&game, ReplayOptions::default()), game))
}

/// The stored report of `pgn` for the reader `l`, moves in notation `n`.
pub(super) fn report_view(l: &L10n, n: Notation, pgn: &str, stored: &ScoreReport) -> ReportView {
    let english = L10n::new(Lang::EN, false);
    let plain = Writer {
        l: &english,
        n: Notation::of(&english),
        html: false,
    };
    let html = Writer { l, n, html: true };
    // The replay, when it says what the stored report says.
    let replayed = replay_stored(pgn).filter(|(r, game)| {
        r.status.name() == stored.status
            && r.plies == stored.plies
            && plain.message(r, game) == stored.message
    });
    let detail = match &replayed {
        Some((r, game)) => html.message(r, game),
        None if stored.message.is_empty() => String::new(),
        None => stored_text(l, &stored.message),
    };
    let letters = replayed
        .as_ref()
        .map_or(PieceLetters::Figurine, |(r, _)| r.letters);
    let first_bad_move = stored.first_bad_move.as_ref().map(|b| {
        let side = if b.side == "Black" {
            Color::Black
        } else {
            Color::White
        };
        let text = if replayed.is_some() {
            html.written(&b.text, side, letters)
        } else {
            b.text.clone()
        };
        l.ta(
            "game-first-bad-move",
            &[
                ("number", l.int(b.move_number)),
                ("side", side_in(l, &b.side)),
                ("move", html.code(&text)),
                ("ply", l.int(b.ply)),
            ],
        )
    });
    let contradiction = stored.contradiction.as_ref().map(|c| {
        if replayed.is_some() && *c == stored.message {
            detail.clone()
        } else {
            stored_text(l, c)
        }
    });
    let verdict = match &stored.article {
        Some(a) => l.ta(
            "game-verdict-article",
            &[
                ("status", status_in(l, &stored.status)),
                ("art", article_ref(l, a)),
            ],
        ),
        None => status_in(l, &stored.status),
    };
    ReportView {
        verdict,
        status: stored.status.clone(),
        detail,
        plies: l.int(stored.plies),
        first_bad_move,
        contradiction,
        outcome: outcome_in(l, &stored.outcome),
        final_fen: stored.final_fen.clone(),
        claims: stored
            .claims
            .iter()
            .map(|c| {
                l.ta(
                    "game-claim",
                    &[
                        ("side", side_in(l, &c.claimant)),
                        ("ply", l.int(c.ply)),
                        ("art", escape(&article_ref(l, &c.article))),
                    ],
                )
            })
            .collect(),
    }
}

/// A sentence stored in English, shown as it is (HTML): marked as English and isolated on a
/// page in another language.
fn stored_text(l: &L10n, text: &str) -> String {
    if l.lang() == "en" {
        escape(text)
    } else {
        format!("<bdi lang=\"en\" dir=\"ltr\">{}</bdi>", escape(text))
    }
}
