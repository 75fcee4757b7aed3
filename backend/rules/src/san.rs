// Over 800 lines: reading and writing Appendix E notation share the tables of every national letter
// set and the normalisation of a move's text; the unit tests are in san/tests.rs.
//! Algebraic notation (Appendix E of the Laws): writing moves as PGN and printed scoresheets write
//! them, and reading every form real scoresheets use.
//!
//! Writing: [`Position::san`] gives the PGN form (`Nbd7`, `exd6`, `O-O`, `e8=Q+`, `Qxf7#`) with the
//! minimal disambiguation of E.9; [`Position::write_san_with`] with a [`SanFormat`] gives the printed
//! Appendix E form (`0-0`, `d8Q`, `exd6 e.p.`, `++` for mate), national piece letters (E.2), figurines
//! and Persian or Arabic-Indic rank digits.
//!
//! Reading: [`Position::parse_move`] accepts standard algebraic notation and its variants (captures
//! with `x`, `:`, `×` or nothing; superfluous or missing disambiguation; `O-O`/`0-0`/`o-o`;
//! promotions `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`; check, mate and annotation marks; `e.p.`), long
//! algebraic (`e2-e4`, `Ng1-f3`, `Ng1xf3`) and UCI (`e2e4`, `e7e8q`, `e1g1`, `e1h1`), with the piece
//! letters of one [`PieceLetters`] language. Which language a game is written in is decided for the
//! whole game by [`detect_letters`], never guessed token by token (English `R` is a rook, French `R`
//! a king).
//!
//! Errors separate text that is not notation at all ([`MoveError::Unreadable`]) from notation that
//! names no single legal move ([`MoveError::Ambiguous`], E.9, and [`MoveError::Illegal`], whose
//! [`IllegalReason`] cites the article of Art. 3 that forbids it).

use std::fmt;

use crate::attacks::{self, between};
use crate::bitboard::Bitboard;
use crate::movegen::Sink;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, MoveKind, Piece, PieceKind, Square};

// ---------------------------------------------------------------------------------------------
// Piece letters (Appendix E.1, E.2)
// ---------------------------------------------------------------------------------------------

/// The piece letters a game is written with (Appendix E.1 English letters; E.2 "a player may use
/// the initial letters of his own language"; figurines, recommended for publications).
///
/// Reading: files are always the Latin letters `a`-`h` (E.4); ranks may be written with Latin,
/// Persian (`۱`-`۸`) or Arabic-Indic (`١`-`٨`) digits in every language; figurines (either colour's
/// glyph, for either side) are read in every language. Upper-case Latin letters are piece letters
/// of the chosen language only, so `R` is a rook in English and a king in French: choose the
/// language for a whole game ([`detect_letters`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PieceLetters {
    /// Appendix E.1: K Q R B N (pawn, where written: P).
    English,
    /// German: K (König) D (Dame) T (Turm) L (Läufer) S (Springer); pawn B (Bauer).
    German,
    /// French: R (roi, the king) D (dame) T (tour) F (fou) C (cavalier); pawn P (pion). E.2's
    /// example `F` for the bishop.
    French,
    /// Spanish: R (rey) D (dama) T (torre) A (alfil) C (caballo); pawn P (peón).
    Spanish,
    /// Italian: R (re) D (donna) T (torre) A (alfiere) C (cavallo); pawn P (pedone). Reads exactly
    /// like Spanish.
    Italian,
    /// Dutch: K (koning) D (dame) T (toren) L (loper) P (paard, the knight). E.2's example `L`.
    /// No pawn letter (P is the knight).
    Dutch,
    /// Russian: Кр (король, the king: two letters) Ф (ферзь) Л (ладья) С (слон) К (конь, the
    /// knight: `К` alone).
    Russian,
    /// Persian: ش (شاه) و (وزیر) ر (رخ) ف (فیل) اس (اسب: two letters, the glossary's «ا / اس»,
    /// since a lone alef beside a file letter reads as a Latin `l`: `اc3` as `lc3`); pawn پ
    /// (پیاده). Reads a lone ا as the knight too, and the Arabic letters (Persian and Arabic
    /// letters do not clash).
    Persian,
    /// Arabic, as the Arabic summary of the Laws gives them (E.2): م (ملك) و (وزير) ر (رخ; also ق,
    /// قلعة) ف (فيل) ح (حصان); pawn ب (بيدق). Reads the Persian letters too.
    Arabic,
    /// Figurines ♔♕♖♗♘♙ for White and ♚♛♜♝♞♟ for Black (E.2: recommended in publications).
    /// Reads figurines and the English letters.
    Figurine,
}

impl PieceLetters {
    /// Every language, in the order [`detect_letters`] tries them: English first.
    pub const ALL: [PieceLetters; 10] = [
        PieceLetters::English,
        PieceLetters::German,
        PieceLetters::French,
        PieceLetters::Spanish,
        PieceLetters::Italian,
        PieceLetters::Dutch,
        PieceLetters::Russian,
        PieceLetters::Persian,
        PieceLetters::Arabic,
        PieceLetters::Figurine,
    ];

    /// The language's English name (`"French"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceLetters::English => "English",
            PieceLetters::German => "German",
            PieceLetters::French => "French",
            PieceLetters::Spanish => "Spanish",
            PieceLetters::Italian => "Italian",
            PieceLetters::Dutch => "Dutch",
            PieceLetters::Russian => "Russian",
            PieceLetters::Persian => "Persian",
            PieceLetters::Arabic => "Arabic",
            PieceLetters::Figurine => "figurine",
        }
    }

    /// The letter (or figurine) written for a piece of `kind` and `color` (Appendix E.1, E.2);
    /// empty for a pawn, which has no letter (E.3).
    #[must_use]
    pub const fn letter(self, kind: PieceKind, color: Color) -> &'static str {
        use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
        if let Pawn = kind {
            return "";
        }
        let set: [&'static str; 5] = match self {
            PieceLetters::English => ["N", "B", "R", "Q", "K"],
            PieceLetters::German => ["S", "L", "T", "D", "K"],
            PieceLetters::French => ["C", "F", "T", "D", "R"],
            PieceLetters::Spanish | PieceLetters::Italian => ["C", "A", "T", "D", "R"],
            PieceLetters::Dutch => ["P", "L", "T", "D", "K"],
            PieceLetters::Russian => ["К", "С", "Л", "Ф", "Кр"],
            PieceLetters::Persian => ["اس", "ف", "ر", "و", "ش"],
            PieceLetters::Arabic => ["ح", "ف", "ر", "و", "م"],
            PieceLetters::Figurine => match color {
                Color::White => ["♘", "♗", "♖", "♕", "♔"],
                Color::Black => ["♞", "♝", "♜", "♛", "♚"],
            },
        };
        match kind {
            Knight => set[0],
            Bishop => set[1],
            Rook => set[2],
            Queen => set[3],
            King | Pawn => set[4],
        }
    }

    /// The piece an upper-case Latin letter names in this language (reading; `P` or the language's
    /// pawn letter gives [`PieceKind::Pawn`]).
    #[must_use]
    pub const fn piece_for_letter(self, letter: u8) -> Option<PieceKind> {
        use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
        match self {
            PieceLetters::English | PieceLetters::Figurine => match letter {
                b'K' => Some(King),
                b'Q' => Some(Queen),
                b'R' => Some(Rook),
                b'B' => Some(Bishop),
                b'N' => Some(Knight),
                b'P' => Some(Pawn),
                _ => None,
            },
            PieceLetters::German => match letter {
                b'K' => Some(King),
                b'D' => Some(Queen),
                b'T' => Some(Rook),
                b'L' => Some(Bishop),
                b'S' => Some(Knight),
                b'B' => Some(Pawn),
                _ => None,
            },
            PieceLetters::French => match letter {
                b'R' => Some(King),
                b'D' => Some(Queen),
                b'T' => Some(Rook),
                b'F' => Some(Bishop),
                b'C' => Some(Knight),
                b'P' => Some(Pawn),
                _ => None,
            },
            PieceLetters::Spanish | PieceLetters::Italian => match letter {
                b'R' => Some(King),
                b'D' => Some(Queen),
                b'T' => Some(Rook),
                b'A' => Some(Bishop),
                b'C' => Some(Knight),
                b'P' => Some(Pawn),
                _ => None,
            },
            PieceLetters::Dutch => match letter {
                b'K' => Some(King),
                b'D' => Some(Queen),
                b'T' => Some(Rook),
                b'L' => Some(Bishop),
                b'P' => Some(Knight),
                _ => None,
            },
            PieceLetters::Russian | PieceLetters::Persian | PieceLetters::Arabic => None,
        }
    }

    /// The piece a non-Latin letter names in this language: `c` followed by `next`; the flag says
    /// whether `next` is part of the letter (Russian `Кр`, the Persian knight `اس`).
    fn piece_for_char(self, c: char, next: Option<char>) -> Option<(PieceKind, bool)> {
        use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
        match self {
            PieceLetters::Russian => match c {
                'К' if next == Some('р') => Some((King, true)),
                'К' => Some((Knight, false)),
                'Ф' => Some((Queen, false)),
                'Л' => Some((Rook, false)),
                'С' => Some((Bishop, false)),
                _ => None,
            },
            PieceLetters::Persian | PieceLetters::Arabic => match c {
                'ش' | 'م' => Some((King, false)),
                'و' => Some((Queen, false)),
                'ر' | 'ق' => Some((Rook, false)),
                'ف' => Some((Bishop, false)),
                'ا' if next == Some('س') => Some((Knight, true)),
                'ا' | 'ح' => Some((Knight, false)),
                'ب' | 'پ' => Some((Pawn, false)),
                _ => None,
            },
            _ => None,
        }
    }

    /// `true` if `token` is readable as notation in this language, without looking at a position
    /// (Appendix E syntax only: a French `Fb5` is not English).
    #[must_use]
    pub fn reads(self, token: &str) -> bool {
        let mut buf = Normalized::new();
        normalize(token, self, &mut buf).is_ok()
            && parse_syntax(buf.bytes(), self == PieceLetters::English).is_ok()
    }

    /// The first language (in [`PieceLetters::ALL`] order) in which every token is readable
    /// notation, looking at syntax only (Appendix E.2: one language per game). Syntax cannot tell
    /// English from French when only `R` moves appear; [`detect_letters`], which replays the game,
    /// decides such cases by legality.
    pub fn detect<'a>(tokens: impl IntoIterator<Item = &'a str>) -> Option<PieceLetters> {
        let mut possible = [true; PieceLetters::ALL.len()];
        for token in tokens {
            for (still, letters) in possible.iter_mut().zip(PieceLetters::ALL) {
                *still = *still && letters.reads(token);
            }
            if !possible.contains(&true) {
                return None;
            }
        }
        PieceLetters::ALL
            .into_iter()
            .zip(possible)
            .find_map(|(letters, still)| still.then_some(letters))
    }

    /// The languages in which `token` is readable notation (syntax only), in [`PieceLetters::ALL`]
    /// order. A game's language is the one that reads all its moves: see [`detect_letters`].
    pub fn candidates_for(token: &str) -> impl Iterator<Item = PieceLetters> + '_ {
        PieceLetters::ALL
            .into_iter()
            .filter(move |letters| letters.reads(token))
    }
}

impl fmt::Display for PieceLetters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The first language (in [`PieceLetters::ALL`] order, English first) under which every token of
/// a game, replayed from `start`, reads as a legal move (Appendix E.2: the letters are chosen per
/// game, not per move). `None` if no language reads the whole game.
#[must_use]
pub fn detect_letters(start: &Position, tokens: &[&str]) -> Option<PieceLetters> {
    PieceLetters::ALL.into_iter().find(|&letters| {
        let mut pos = *start;
        tokens
            .iter()
            .all(|token| match pos.read_move(token, letters) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    true
                }
                Err(_) => false,
            })
    })
}

// ---------------------------------------------------------------------------------------------
// Writing (Appendix E.7-E.11, PGN)
// ---------------------------------------------------------------------------------------------

/// How check and checkmate are marked after a move (Appendix E abbreviations).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CheckMarks {
    /// No mark (declaring check is not required, Art. 3.8(b)).
    None,
    /// `+` for check, `#` for checkmate (PGN; Appendix E allows `#`).
    Pgn,
    /// `+` for check, `++` for checkmate (Appendix E).
    Doubled,
}

/// The digits ranks are written with (Appendix E.5; the Persian text of the Laws writes its own).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RankDigits {
    /// `1`-`8`.
    Latin,
    /// Extended Arabic-Indic (Persian) digits `۱`-`۸` (U+06F1..U+06F8).
    Persian,
    /// Arabic-Indic digits `١`-`٨` (U+0661..U+0668).
    ArabicIndic,
}

impl RankDigits {
    fn digit(self, rank: u8) -> char {
        let base = match self {
            RankDigits::Latin => '1',
            RankDigits::Persian => '\u{06F1}',
            RankDigits::ArabicIndic => '\u{0661}',
        };
        char::from_u32(base as u32 + u32::from(rank & 7)).unwrap_or('?')
    }
}

/// How [`Position::write_san_with`] writes a move: PGN's form ([`SanFormat::PGN`]) or the printed
/// scoresheet form of Appendix E ([`SanFormat::APPENDIX_E`]), in any [`PieceLetters`] language.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SanFormat {
    /// Piece letters or figurines (Appendix E.1, E.2).
    pub letters: PieceLetters,
    /// `0-0`/`0-0-0` (Appendix E) when `true`, `O-O`/`O-O-O` (PGN) when `false`.
    pub castling_zeros: bool,
    /// `d8=Q` (PGN) when `true`, `d8Q` (Appendix E.11) when `false`.
    pub promotion_sign: bool,
    /// Appends ` e.p.` to an en passant capture (Appendix E.8).
    pub en_passant_suffix: bool,
    /// Check and checkmate marks.
    pub check_marks: CheckMarks,
    /// The digits of the ranks (E.5).
    pub digits: RankDigits,
}

impl SanFormat {
    /// PGN's standard algebraic notation: `Nbd7`, `exd6`, `O-O`, `e8=Q+`, `Qxf7#`.
    pub const PGN: SanFormat = SanFormat {
        letters: PieceLetters::English,
        castling_zeros: false,
        promotion_sign: true,
        en_passant_suffix: false,
        check_marks: CheckMarks::Pgn,
        digits: RankDigits::Latin,
    };

    /// The printed form of Appendix E: `0-0`, `0-0-0`, `d8Q`, `exd6 e.p.`, `+`, `++` for mate.
    pub const APPENDIX_E: SanFormat = SanFormat {
        letters: PieceLetters::English,
        castling_zeros: true,
        promotion_sign: false,
        en_passant_suffix: true,
        check_marks: CheckMarks::Doubled,
        digits: RankDigits::Latin,
    };

    /// This format with other piece letters (Appendix E.2).
    #[must_use]
    pub const fn with_letters(self, letters: PieceLetters) -> SanFormat {
        SanFormat { letters, ..self }
    }

    /// This format with other check marks.
    #[must_use]
    pub const fn with_check_marks(self, check_marks: CheckMarks) -> SanFormat {
        SanFormat {
            check_marks,
            ..self
        }
    }

    /// This format with other rank digits.
    #[must_use]
    pub const fn with_digits(self, digits: RankDigits) -> SanFormat {
        SanFormat { digits, ..self }
    }
}

impl Default for SanFormat {
    /// [`SanFormat::PGN`].
    fn default() -> SanFormat {
        SanFormat::PGN
    }
}

impl Position {
    /// The move in PGN's standard algebraic notation (Appendix E): `Nbd7`, `exd6`, `O-O`,
    /// `e8=Q+`, `Qxf7#`, disambiguated minimally as E.9 says (file first, then rank, then both).
    ///
    /// `m` should be legal here; a move of an empty square is written in UCI form.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut out = String::with_capacity(8);
        let _ = self.write_san_with(m, &SanFormat::PGN, &mut out);
        out
    }

    /// The move written in `format` (Appendix E form, national letters, figurines...).
    #[must_use]
    pub fn san_with(&self, m: Move, format: &SanFormat) -> String {
        let mut out = String::with_capacity(8);
        let _ = self.write_san_with(m, format, &mut out);
        out
    }

    /// Writes [`Position::san`] into `out` without allocating.
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_san<W: fmt::Write>(&self, m: Move, out: &mut W) -> fmt::Result {
        self.write_san_with(m, &SanFormat::PGN, out)
    }

    /// Writes the move in `format` into `out` (Appendix E.7-E.11; disambiguation by E.9: the file
    /// of departure if it tells the pieces apart, else the rank, else both).
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_san_with<W: fmt::Write>(
        &self,
        m: Move,
        format: &SanFormat,
        out: &mut W,
    ) -> fmt::Result {
        let Some(piece) = self.board.piece_at(m.from()) else {
            return write!(out, "{m}");
        };
        let letters = format.letters;
        let write_square = |out: &mut W, sq: Square| -> fmt::Result {
            out.write_char(sq.file_char())?;
            out.write_char(format.digits.digit(sq.rank()))
        };
        match m.kind() {
            MoveKind::Castle(side) => {
                let o = if format.castling_zeros { "0" } else { "O" };
                out.write_str(o)?;
                out.write_char('-')?;
                out.write_str(o)?;
                if side == CastlingSide::Queen {
                    out.write_char('-')?;
                    out.write_str(o)?;
                }
            }
            _ if piece.kind == PieceKind::Pawn => {
                if m.from().file() != m.to().file() {
                    out.write_char(m.from().file_char())?;
                    out.write_char('x')?;
                }
                write_square(out, m.to())?;
                if let Some(kind) = m.promotion() {
                    if format.promotion_sign {
                        out.write_char('=')?;
                    }
                    out.write_str(letters.letter(kind, piece.color))?;
                }
                if m.is_en_passant() && format.en_passant_suffix {
                    out.write_str(" e.p.")?;
                }
            }
            _ => {
                out.write_str(letters.letter(piece.kind, piece.color))?;
                self.write_disambiguation(m, piece, format, out)?;
                if self.board.piece_at(m.to()).is_some() {
                    out.write_char('x')?;
                }
                write_square(out, m.to())?;
            }
        }
        if format.check_marks != CheckMarks::None {
            let mut next = *self;
            next.play_unchecked(m);
            if next.is_check() {
                if next.has_legal_moves() {
                    out.write_char('+')?;
                } else if format.check_marks == CheckMarks::Pgn {
                    out.write_char('#')?;
                } else {
                    out.write_str("++")?;
                }
            }
        }
        Ok(())
    }

    /// E.9: the file of departure, the rank, or both, when another piece of the same kind could
    /// make the same move.
    fn write_disambiguation<W: fmt::Write>(
        &self,
        m: Move,
        piece: Piece,
        format: &SanFormat,
        out: &mut W,
    ) -> fmt::Result {
        let others = self.board.pieces(piece.color, piece.kind).without(m.from());
        if others.is_empty() {
            return Ok(());
        }
        let mut list = ToSquare::new();
        self.generate(others, m.to().bb(), &mut list);
        let rivals: Bitboard = list
            .moves()
            .iter()
            .filter(|r| !matches!(r.kind(), MoveKind::Castle(_)))
            .map(|r| r.from())
            .collect();
        if rivals.is_empty() {
            return Ok(());
        }
        let from = m.from();
        let same_file = (rivals & Bitboard::file(from.file())).any();
        let same_rank = (rivals & Bitboard::rank(from.rank())).any();
        if !same_file {
            out.write_char(from.file_char())
        } else if !same_rank {
            out.write_char(format.digits.digit(from.rank()))
        } else {
            out.write_char(from.file_char())?;
            out.write_char(format.digits.digit(from.rank()))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// Why a text is not the legal move of a position (Appendix E, Art. 3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in algebraic notation at all (Appendix E).
    #[error("`{text}` is not a move in algebraic notation: {reason} (Appendix E)")]
    Unreadable {
        /// The text as given.
        text: String,
        /// What could not be read.
        reason: String,
    },
    /// More than one legal move fits the text: it lacks the disambiguation of Appendix E.9.
    #[error(
        "`{text}` is ambiguous: it could be {} (Appendix E.9: add the file or rank of departure)",
        .candidates.join(" or ")
    )]
    Ambiguous {
        /// The text as given.
        text: String,
        /// Every legal move that fits, in algebraic notation (`Nbd2`, `Nfd2`).
        candidates: Vec<String>,
    },
    /// The text is notation, but no legal move fits it (Art. 3).
    #[error("`{text}` is not a legal move: {reason}")]
    Illegal {
        /// The text as given.
        text: String,
        /// Why no legal move fits.
        reason: IllegalReason,
    },
}

/// Why a move written in readable notation is not legal (Art. 3): what stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    /// No piece of that kind (within the given file or rank) can reach the square, whatever the
    /// rest of the board (Art. 3.2-3.8).
    #[error("no {} {} can reach {to} (Art. {})", .piece.color.name().to_lowercase(), .piece.kind.name(), article(.piece.kind))]
    NoPiece {
        /// The side to move and the kind written.
        piece: Piece,
        /// The arrival square.
        to: Square,
    },
    /// The square of departure written holds no piece of the side to move.
    #[error("there is no {} piece on {square} (Art. 3)", .color.name().to_lowercase())]
    EmptySquare {
        /// The square of departure.
        square: Square,
        /// The side to move.
        color: Color,
    },
    /// The piece on the square of departure does not move that way (Art. 3.2-3.8).
    #[error("the {} {} on {from} cannot move to {to} (Art. {})", .piece.color.name().to_lowercase(), .piece.kind.name(), article(.piece.kind))]
    CannotMove {
        /// The piece.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The arrival square.
        to: Square,
    },
    /// The arrival square holds a piece of the same colour (Art. 3.1).
    #[error("{to} is occupied by a piece of the same colour (Art. 3.1)")]
    OwnPiece {
        /// The arrival square.
        to: Square,
    },
    /// A piece stands in the way (Art. 3.5 for bishop, rook, queen; 3.7(a)/(b) for a pawn).
    #[error("the {} {} on {from} cannot reach {to}: {blocker} is in the way (Art. {})", .piece.color.name().to_lowercase(), .piece.kind.name(), blocked_article(.piece.kind))]
    Blocked {
        /// The piece.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The arrival square.
        to: Square,
        /// The first occupied square on the way (or the arrival square itself for a pawn push).
        blocker: Square,
    },
    /// A pawn moves diagonally only to capture (Art. 3.7(c)).
    #[error(
        "the pawn on {from} cannot move to {to}: it moves diagonally only to capture (Art. 3.7(c))"
    )]
    NothingToCapture {
        /// The pawn's square.
        from: Square,
        /// The empty arrival square.
        to: Square,
    },
    /// En passant is not available: only immediately after the opposing pawn's two-square advance
    /// (Art. 3.7(d)).
    #[error(
        "en passant on {to} is not available: no opposing pawn has just crossed it (Art. 3.7(d))"
    )]
    EnPassantUnavailable {
        /// The arrival square written.
        to: Square,
    },
    /// The king would step onto a square attacked by an opposing piece (Art. 3.8(a)(i), 3.9).
    #[error(
        "the king cannot move to {to}: it is attacked by the piece on {attacker} (Art. 3.8(a)(i), 3.9)"
    )]
    KingIntoCheck {
        /// The arrival square.
        to: Square,
        /// An opposing piece attacking it.
        attacker: Square,
    },
    /// The move leaves the king in check (Art. 3.9).
    #[error("the move from {from} leaves the king in check from {checker} (Art. 3.9)")]
    LeavesKingInCheck {
        /// The square of departure.
        from: Square,
        /// The opposing piece giving check.
        checker: Square,
    },
    /// The piece is pinned: moving it exposes the king to check (Art. 3.9).
    #[error("the {} {} on {from} is pinned: moving it exposes the king to the piece on {attacker} (Art. 3.9)", .piece.color.name().to_lowercase(), .piece.kind.name())]
    ExposesKing {
        /// The pinned piece.
        piece: Piece,
        /// Its square.
        from: Square,
        /// The opposing piece that would give check.
        attacker: Square,
    },
    /// The castling right is lost for ever: the king or that rook has moved (Art. 3.8(a)(ii)(1)).
    #[error("castling {} is no longer possible: the king or the rook has moved (Art. 3.8(a)(ii)(1))", side_name(*.side))]
    CastlingRightLost {
        /// Which castling.
        side: CastlingSide,
    },
    /// The king is in check: castling is prevented for now (Art. 3.8(a)(ii)(2)(a)).
    #[error("castling {} is prevented: the king is in check from {checker} (Art. 3.8(a)(ii)(2)(a))", side_name(*.side))]
    CastlingInCheck {
        /// Which castling.
        side: CastlingSide,
        /// The opposing piece giving check.
        checker: Square,
    },
    /// The king would cross or land on an attacked square (Art. 3.8(a)(ii)(2)(a)).
    #[error("castling {} is prevented: {square} is attacked by the piece on {attacker} (Art. 3.8(a)(ii)(2)(a))", side_name(*.side))]
    CastlingThroughCheck {
        /// Which castling.
        side: CastlingSide,
        /// The square crossed or landed on.
        square: Square,
        /// An opposing piece attacking it.
        attacker: Square,
    },
    /// A piece stands between the king and the rook (Art. 3.8(a)(ii)(2)(b)).
    #[error("castling {} is prevented: {square} between king and rook is occupied (Art. 3.8(a)(ii)(2)(b))", side_name(*.side))]
    CastlingBlocked {
        /// Which castling.
        side: CastlingSide,
        /// The occupied square.
        square: Square,
    },
    /// A pawn reaching the last rank must be exchanged for a piece, which the notation must name
    /// (Art. 3.7(e), Appendix E.11).
    #[error(
        "the pawn reaching {to} must be promoted: name the new piece, e.g. `{to}=Q` (Art. 3.7(e), Appendix E.11)"
    )]
    PromotionMissing {
        /// The arrival square.
        to: Square,
    },
    /// A promotion piece written for a move that is not a pawn reaching the last rank
    /// (Art. 3.7(e)).
    #[error(
        "only a pawn reaching the last rank is promoted; {to} is not such a move (Art. 3.7(e))"
    )]
    NotPromotion {
        /// The arrival square.
        to: Square,
    },
    /// A pawn can be promoted only to a queen, rook, bishop or knight (Art. 3.7(e)).
    #[error("a pawn cannot be promoted to a {} (Art. 3.7(e): queen, rook, bishop or knight)", .0.name())]
    InvalidPromotion(PieceKind),
}

impl IllegalReason {
    /// The article of the Laws the move breaks, as its message cites it (e.g. `"3.9"`,
    /// `"3.8(a)(ii)(2)(b)"`).
    #[must_use]
    pub fn article(&self) -> &'static str {
        match self {
            IllegalReason::NoPiece { piece, .. } | IllegalReason::CannotMove { piece, .. } => {
                article(piece.kind)
            }
            IllegalReason::EmptySquare { .. } => "3",
            IllegalReason::OwnPiece { .. } => "3.1",
            IllegalReason::Blocked { piece, .. } => blocked_article(piece.kind),
            IllegalReason::NothingToCapture { .. } => "3.7(c)",
            IllegalReason::EnPassantUnavailable { .. } => "3.7(d)",
            IllegalReason::KingIntoCheck { .. } => "3.8(a)(i)",
            IllegalReason::LeavesKingInCheck { .. } | IllegalReason::ExposesKing { .. } => "3.9",
            IllegalReason::CastlingRightLost { .. } => "3.8(a)(ii)(1)",
            IllegalReason::CastlingInCheck { .. } | IllegalReason::CastlingThroughCheck { .. } => {
                "3.8(a)(ii)(2)(a)"
            }
            IllegalReason::CastlingBlocked { .. } => "3.8(a)(ii)(2)(b)",
            IllegalReason::PromotionMissing { .. }
            | IllegalReason::NotPromotion { .. }
            | IllegalReason::InvalidPromotion(_) => "3.7(e)",
        }
    }
}

fn article(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "3.7",
        PieceKind::Knight => "3.6",
        PieceKind::Bishop => "3.2",
        PieceKind::Rook => "3.3",
        PieceKind::Queen => "3.4",
        PieceKind::King => "3.8",
    }
}

fn blocked_article(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "3.7(a), (b)",
        _ => "3.5",
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::King => "king side (O-O)",
        CastlingSide::Queen => "queen side (O-O-O)",
    }
}

// ---------------------------------------------------------------------------------------------
// Reading: normalisation to English ASCII, then syntax
// ---------------------------------------------------------------------------------------------

/// A token rewritten in English ASCII notation, on the stack.
struct Normalized {
    buf: [u8; 40],
    len: usize,
}

impl Normalized {
    fn new() -> Normalized {
        Normalized {
            buf: [0; 40],
            len: 0,
        }
    }

    fn push(&mut self, b: u8) -> Result<(), NormalizeError> {
        let slot = self.buf.get_mut(self.len).ok_or(NormalizeError::TooLong)?;
        *slot = b;
        self.len += 1;
        Ok(())
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Unicode bidi and format marks, ignored inside tokens.
fn is_format_mark(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}' | '\u{00AD}'
    )
}

/// Why a move's text cannot be rewritten in English ASCII (Appendix E.1, E.2); the text becomes
/// the reason of [`MoveError::Unreadable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
enum NormalizeError {
    /// Longer than any move can be written.
    #[error("too long")]
    TooLong,
    /// A capital letter that names no piece in the game's letter set.
    #[error("`{found}` is not a piece letter in {} (Appendix E.1, E.2)", letters.name())]
    NotAPieceLetter {
        /// The letter.
        found: char,
        /// The game's letter set.
        letters: PieceLetters,
    },
    /// A character no notation in the letter set uses.
    #[error("unexpected character `{found}` (U+{:04X}) for {} notation", u32::from(*found), letters.name())]
    Unexpected {
        /// The character.
        found: char,
        /// The game's letter set.
        letters: PieceLetters,
    },
}

/// Rewrites `text` in English ASCII: national letters and figurines become K Q R B N P, other
/// digits become ASCII, `×` becomes `x`, `‡` becomes `#`, dashes become `-`, format marks vanish.
fn normalize(
    text: &str,
    letters: PieceLetters,
    out: &mut Normalized,
) -> Result<(), NormalizeError> {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let byte = match c {
            'A'..='Z' if c != 'O' && c != 'X' => match letters.piece_for_letter(c as u8) {
                Some(kind) => kind.upper_char() as u8,
                None => return Err(NormalizeError::NotAPieceLetter { found: c, letters }),
            },
            _ if c.is_ascii() => c as u8,
            _ if is_format_mark(c) => continue,
            '\u{00D7}' => b'x',
            '\u{2021}' => b'#',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => b'-',
            '\u{00A0}' | '\u{202F}' | '\u{2009}' => b' ',
            '\u{06F0}'..='\u{06F9}' => b'0' + (c as u32 - 0x06F0) as u8,
            '\u{0660}'..='\u{0669}' => b'0' + (c as u32 - 0x0660) as u8,
            '♔' | '♚' => b'K',
            '♕' | '♛' => b'Q',
            '♖' | '♜' => b'R',
            '♗' | '♝' => b'B',
            '♘' | '♞' => b'N',
            '♙' | '♟' => b'P',
            _ => match letters.piece_for_char(c, chars.peek().copied()) {
                Some((kind, two)) => {
                    if two {
                        chars.next();
                    }
                    kind.upper_char() as u8
                }
                None => return Err(NormalizeError::Unexpected { found: c, letters }),
            },
        };
        out.push(byte)?;
    }
    Ok(())
}

/// Which pieces a move may be made by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mover {
    /// A piece of this kind (the pawn, when no letter is written and no full square of departure).
    Kind(PieceKind),
    /// Whatever stands on the square of departure (long algebraic and UCI without a letter).
    Any,
}

/// What the text says, before looking at the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Syntax {
    Castle(CastlingSide),
    Move {
        mover: Mover,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<PieceKind>,
        en_passant: bool,
    },
}

fn is_english_piece(b: u8) -> Option<PieceKind> {
    match b {
        b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' => PieceKind::from_char(b as char),
        _ => None,
    }
}

fn trim_ascii(mut b: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = b {
        if first.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    while let [rest @ .., last] = b {
        if last.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    b
}

/// Reads English ASCII notation (after [`normalize`]). `lenient_lower` also reads `n`, `q`, `r`, `k`
/// at the start as piece letters (English only; `b` is always the b-file).
fn parse_syntax(b: &[u8], lenient_lower: bool) -> Result<Syntax, &'static str> {
    let mut b = trim_ascii(b);
    let mut en_passant = false;
    // Suffixes: check and mate marks, annotation glyphs, `e.p.`, a draw offer `(=)` (E.12).
    loop {
        match b {
            // A trailing `x` (`×`) is the Russian mark of mate (`Кd5×`).
            [rest @ .., b'+' | b'#' | b'!' | b'?' | b' ' | b'\t' | b'x'] => b = rest,
            [rest @ .., b'e', b'.', b'p', b'.'] => {
                en_passant = true;
                b = rest;
            }
            [rest @ .., b'e', b'.', b'p'] | [rest @ .., b'e', b'p'] => {
                en_passant = true;
                b = rest;
            }
            [rest @ .., b'(', b'=', b')'] => b = rest,
            _ => break,
        }
    }
    if b.is_empty() {
        return Err("no move");
    }
    if let Some(side) = castling(b) {
        return Ok(Syntax::Castle(side));
    }
    // Promotion: `=Q`, `Q`, `(Q)`, `/Q`, and UCI's lower-case `q` after the rank.
    let mut promotion = None;
    match b {
        [rest @ .., b'(', p, b')'] => {
            promotion = Some(is_english_piece(*p).ok_or("no promotion piece in the brackets")?);
            b = rest;
        }
        [rest @ .., d, p] if d.is_ascii_digit() || *d == b'=' || *d == b'/' => {
            let lower_after_rank =
                d.is_ascii_digit() && matches!(p, b'q' | b'r' | b'b' | b'n' | b'k');
            if is_english_piece(*p).is_some() || lower_after_rank {
                promotion = PieceKind::from_char(*p as char);
                b = match d {
                    b'=' | b'/' => rest,
                    _ => &b[..b.len() - 1],
                };
            }
        }
        _ => {}
    }
    let (prefix, to) = match b {
        [prefix @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            (prefix, Square::from_coords(f - b'a', r - b'1'))
        }
        _ => return Err("no arrival square (a1 to h8) where expected"),
    };
    let to = to.ok_or("no arrival square")?;
    let (mut kind, mut prefix) = match prefix {
        [p, rest @ ..] if is_english_piece(*p).is_some() => (is_english_piece(*p), rest),
        [p @ (b'n' | b'q' | b'r' | b'k'), rest @ ..] if lenient_lower => {
            (PieceKind::from_char(*p as char), rest)
        }
        _ => (None, prefix),
    };
    // A capture sign (`x`, `:`) or long algebraic's hyphen before the arrival square.
    if let [rest @ .., b'x' | b'X' | b':' | b'-'] = prefix {
        prefix = rest;
    }
    let (file, rank) = match prefix {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
        [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
        _ => return Err("unexpected characters before the arrival square"),
    };
    let mover = match kind.take() {
        Some(kind) => Mover::Kind(kind),
        None if file.is_some() && rank.is_some() => Mover::Any,
        None if rank.is_some() => return Err("a rank of departure without a piece letter"),
        None => Mover::Kind(PieceKind::Pawn),
    };
    Ok(Syntax::Move {
        mover,
        file,
        rank,
        to,
        promotion,
        en_passant,
    })
}

/// `O-O`, `0-0`, `o-o`, `OO` (and with three for the queen side).
fn castling(b: &[u8]) -> Option<CastlingSide> {
    let mut count = 0;
    let mut last_was_o = false;
    for &c in b {
        match c {
            b'O' | b'o' | b'0' => {
                count += 1;
                last_was_o = true;
            }
            b'-' if last_was_o => last_was_o = false,
            _ => return None,
        }
    }
    match (last_was_o, count) {
        (true, 2) => Some(CastlingSide::King),
        (true, 3) => Some(CastlingSide::Queen),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Reading: resolution against the position
// ---------------------------------------------------------------------------------------------

/// The legal moves to one square, on the stack: at most 16 pieces can move there, and only pawns
/// (at most three: one push, two captures) make four moves each (the promotions, Art. 3.7(e)).
#[derive(Clone, Copy)]
struct ToSquare {
    moves: [Move; 32],
    len: usize,
}

impl ToSquare {
    fn new() -> ToSquare {
        ToSquare {
            moves: [Move::new(Square::A1, Square::A1, MoveKind::Normal); 32],
            len: 0,
        }
    }

    fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    fn retain(&mut self, keep: impl Fn(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Sink for ToSquare {
    #[inline]
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

/// The first legal move that fits a written move, and how many fit.
struct FirstFit<F> {
    fits: F,
    found: Option<Move>,
    count: usize,
}

impl<F: Fn(&Move) -> bool> Sink for FirstFit<F> {
    #[inline]
    fn push(&mut self, m: Move) {
        if (self.fits)(&m) {
            self.found.get_or_insert(m);
            self.count += 1;
        }
    }
}

/// Why a readable move was not resolved (before it becomes a [`MoveError`]).
enum Failure {
    Unreadable(String),
    /// The moves that fit.
    Ambiguous(Box<ToSquare>),
    Illegal(IllegalReason),
}

impl Position {
    /// Reads a move written in algebraic notation (Appendix E) with the piece letters `letters`
    /// (E.1, E.2), and returns the legal move it names.
    ///
    /// Accepts: standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q`), captures with `x`,
    /// `:`, `×` or no sign (`ed5`), superfluous disambiguation (`Ngf3`, `Ng1f3`) and missing
    /// disambiguation where nothing is ambiguous; castling as `O-O`, `0-0`, `o-o` (and the queen
    /// side with three); promotions `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`; marks `+`, `++`, `#`, `‡`, `!`,
    /// `?` and their combinations, a draw offer `(=)` (E.12), `e.p.` or `ep` after an en passant
    /// capture; long algebraic (`e2-e4`, `Ng1-f3`, `Ng1xf3`); UCI (`e2e4`, `e7e8q`, castling as the
    /// king's move `e1g1` or as king-takes-rook `e1h1`). Figurines, Persian and Arabic-Indic digits
    /// are read in every language; bidi marks are ignored. Check marks are not verified.
    ///
    /// Plain English SAN is read byte by byte without allocating.
    ///
    /// ```
    /// use arbiter_rules::{MoveError, PieceLetters, Position, parse_fen};
    ///
    /// let start = Position::new();
    /// // SAN, long algebraic and UCI name the same move.
    /// let nf3 = start.parse_move("Nf3", PieceLetters::English)?;
    /// assert_eq!(start.parse_move("Ng1-f3", PieceLetters::English)?, nf3);
    /// assert_eq!(start.parse_move("g1f3", PieceLetters::English)?, nf3);
    /// assert_eq!(start.san(nf3), "Nf3");
    ///
    /// // Two knights can reach d2: `Nd2` lacks the file of departure (E.9).
    /// let two = Position::from_setup(&parse_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")?)?;
    /// match two.parse_move("Nd2", PieceLetters::English) {
    ///     Err(MoveError::Ambiguous { candidates, .. }) => assert_eq!(candidates, ["Nbd2", "Nfd2"]),
    ///     other => panic!("expected an ambiguous move, got {other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MoveError::Unreadable`] when the text is not notation, [`MoveError::Ambiguous`] when several
    /// legal moves fit (E.9), [`MoveError::Illegal`] with the reason when none does (Art. 3).
    pub fn parse_move(&self, text: &str, letters: PieceLetters) -> Result<Move, MoveError> {
        self.read_move(text, letters)
            .map_err(|failure| match failure {
                Failure::Unreadable(reason) => MoveError::Unreadable {
                    text: text.to_owned(),
                    reason,
                },
                Failure::Ambiguous(list) => {
                    let format = SanFormat::PGN
                        .with_letters(letters)
                        .with_check_marks(CheckMarks::None);
                    MoveError::Ambiguous {
                        text: text.to_owned(),
                        candidates: list
                            .moves()
                            .iter()
                            .map(|&m| self.san_with(m, &format))
                            .collect(),
                    }
                }
                Failure::Illegal(reason) => MoveError::Illegal {
                    text: text.to_owned(),
                    reason,
                },
            })
    }

    /// [`Position::parse_move`] with English letters (Appendix E.1), as PGN writes.
    ///
    /// # Errors
    /// As [`Position::parse_move`].
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move(text, PieceLetters::English)
    }

    fn read_move(&self, text: &str, letters: PieceLetters) -> Result<Move, Failure> {
        let english = matches!(letters, PieceLetters::English | PieceLetters::Figurine);
        let syntax = if english && text.is_ascii() {
            parse_syntax(text.as_bytes(), true)
        } else {
            let mut buf = Normalized::new();
            normalize(text, letters, &mut buf).map_err(|e| Failure::Unreadable(e.to_string()))?;
            parse_syntax(buf.bytes(), letters == PieceLetters::English)
        };
        let syntax = syntax.map_err(|reason| Failure::Unreadable(reason.to_owned()))?;
        self.resolve(&syntax)
    }

    fn resolve(&self, syntax: &Syntax) -> Result<Move, Failure> {
        let &Syntax::Move {
            mover,
            file,
            rank,
            to,
            promotion,
            en_passant,
        } = syntax
        else {
            let Syntax::Castle(side) = *syntax else {
                return Err(Failure::Unreadable("no move".to_owned()));
            };
            return self.resolve_castling(side);
        };
        let us = self.turn;
        let board = &self.board;
        if let Some(kind @ (PieceKind::King | PieceKind::Pawn)) = promotion {
            return Err(Failure::Illegal(IllegalReason::InvalidPromotion(kind)));
        }
        let mut from_mask = match mover {
            Mover::Kind(kind) => board.pieces(us, kind),
            Mover::Any => board.by_color(us),
        };
        if let Some(f) = file {
            from_mask &= Bitboard::file(f);
        }
        if let Some(r) = rank {
            from_mask &= Bitboard::rank(r);
        }
        let full_from = file.zip(rank).and_then(|(f, r)| Square::from_coords(f, r));
        if let Some(from) = full_from {
            // UCI castling, as the king's move (`e1g1`) or as king-takes-rook (`e1h1`).
            let king_move = matches!(mover, Mover::Any | Mover::Kind(PieceKind::King));
            let rank = us.back_rank();
            if king_move
                && board.king_of(us) == Some(from)
                && Square::from_coords(4, rank) == Some(from)
            {
                let own_rook = board.piece_at(to) == Some(Piece::new(us, PieceKind::Rook));
                for side in CastlingSide::ALL {
                    let rook_square = Square::from_coords(side.rook_file(), rank) == Some(to);
                    let king_square = Square::from_coords(side.king_to_file(), rank) == Some(to);
                    if king_square || (rook_square && own_rook && self.castling.has(us, side)) {
                        return self.resolve_castling(side);
                    }
                }
            }
        }
        // Nearly always one piece can go: found without generating every candidate.
        if let (Mover::Kind(kind), false) = (mover, en_passant) {
            if let Some(m) = self.only_move_to(kind, from_mask, to, promotion) {
                return Ok(m);
            }
        }
        // Castling is read from a written square of departure (`e1g1`), never from `Kg1`.
        let fits = |m: &Move| {
            m.promotion() == promotion
                && (full_from.is_some() || !matches!(m.kind(), MoveKind::Castle(_)))
        };
        // Counted first (the usual answer is one move); listed only when ambiguous.
        let mut first = FirstFit {
            fits,
            found: None,
            count: 0,
        };
        self.generate(from_mask, to.bb(), &mut first);
        let (found, count) = (first.found, first.count);
        match (found, count) {
            (Some(m), 1) => {
                if en_passant && !m.is_en_passant() {
                    Err(Failure::Illegal(IllegalReason::EnPassantUnavailable { to }))
                } else {
                    Ok(m)
                }
            }
            (Some(_), _) => {
                let mut list = ToSquare::new();
                self.generate(from_mask, to.bb(), &mut list);
                list.retain(fits);
                Err(Failure::Ambiguous(Box::new(list)))
            }
            (None, _) => Err(Failure::Illegal(
                self.diagnose(mover, from_mask, full_from, to, promotion),
            )),
        }
    }

    fn resolve_castling(&self, side: CastlingSide) -> Result<Move, Failure> {
        let us = self.turn;
        let king = self.board.king_of(us);
        let king_to = Square::from_coords(side.king_to_file(), us.back_rank());
        if let (Some(king), Some(king_to)) = (king, king_to) {
            let mut list = ToSquare::new();
            self.generate(king.bb(), king_to.bb(), &mut list);
            if let Some(&m) = list
                .moves()
                .iter()
                .find(|m| m.castling_side() == Some(side))
            {
                return Ok(m);
            }
        }
        Err(Failure::Illegal(self.diagnose_castling(side)))
    }

    /// Why castling on `side` is not legal (Art. 3.8(a)(ii)).
    fn diagnose_castling(&self, side: CastlingSide) -> IllegalReason {
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let rank = us.back_rank();
        let (Some(king), Some(rook), Some(king_to)) = (
            board.king_of(us),
            Square::from_coords(side.rook_file(), rank),
            Square::from_coords(side.king_to_file(), rank),
        ) else {
            return IllegalReason::CastlingRightLost { side };
        };
        if !self.castling.has(us, side) {
            return IllegalReason::CastlingRightLost { side };
        }
        let occupied = board.occupied();
        if let Some(checker) = self.checkers().first() {
            return IllegalReason::CastlingInCheck { side, checker };
        }
        if let Some(square) = (between(king, rook) & occupied).first() {
            return IllegalReason::CastlingBlocked { side, square };
        }
        for square in between(king, king_to).with(king_to) {
            let attackers = board.attackers_to(square, occupied) & board.by_color(them);
            if let Some(attacker) = attackers.first() {
                return IllegalReason::CastlingThroughCheck {
                    side,
                    square,
                    attacker,
                };
            }
        }
        IllegalReason::CastlingRightLost { side }
    }

    /// Why no legal move fits (the slow path: only after the fast one failed). Compares against
    /// the moves the pieces could make ignoring what stops them.
    fn diagnose(
        &self,
        mover: Mover,
        from_mask: Bitboard,
        full_from: Option<Square>,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> IllegalReason {
        let us = self.turn;
        let board = &self.board;
        // Legal moves that differ only in the promotion piece.
        let mut list = ToSquare::new();
        self.generate(from_mask, to.bb(), &mut list);
        let castle_ok = full_from.is_some();
        let mut legal = list
            .moves()
            .iter()
            .filter(|m| castle_ok || !matches!(m.kind(), MoveKind::Castle(_)));
        if let Some(m) = legal.next() {
            return match (promotion, m.promotion()) {
                (None, Some(_)) => IllegalReason::PromotionMissing { to },
                _ => IllegalReason::NotPromotion { to },
            };
        }
        // Pseudo-legal candidates: the best (furthest from "cannot move there") reason wins.
        let mut best: Option<(u8, IllegalReason)> = None;
        for from in from_mask {
            let Some(piece) = board.piece_at(from) else {
                continue;
            };
            if let Some((rank, reason)) = self.pseudo_reason(piece, from, to, promotion) {
                if best.is_none_or(|(r, _)| rank > r) {
                    best = Some((rank, reason));
                }
            }
        }
        if let Some((_, reason)) = best {
            return reason;
        }
        if let Some(from) = full_from {
            return match board.piece_at(from) {
                Some(piece) if piece.color == us => {
                    if mover == Mover::Any || mover == Mover::Kind(piece.kind) {
                        IllegalReason::CannotMove { piece, from, to }
                    } else {
                        IllegalReason::NoPiece {
                            piece: Piece::new(us, kind_of(mover)),
                            to,
                        }
                    }
                }
                _ => IllegalReason::EmptySquare {
                    square: from,
                    color: us,
                },
            };
        }
        IllegalReason::NoPiece {
            piece: Piece::new(us, kind_of(mover)),
            to,
        }
    }

    /// What stops `piece` on `from` moving to `to`, ranked: `None` when it does not move that
    /// way at all; 1 an own piece on the square or nothing for a pawn to capture; 2 a blocked path;
    /// 3 the king's safety (Art. 3.9).
    fn pseudo_reason(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Option<(u8, IllegalReason)> {
        let us = piece.color;
        let board = &self.board;
        let occupied = board.occupied();
        let mut kind = MoveKind::Normal;
        if piece.kind == PieceKind::Pawn {
            let dir: i8 = us.fold(1, -1);
            let start_rank = us.fold(1, 6);
            if to.file() == from.file() {
                let one = from.offset(0, dir)?;
                if to == one {
                    if occupied.contains(one) {
                        return Some((2, blocked(piece, from, to, one)));
                    }
                } else if from.rank() == start_rank && from.offset(0, 2 * dir) == Some(to) {
                    if let Some(blocker) = (one.bb().with(to) & occupied).first() {
                        return Some((2, blocked(piece, from, to, blocker)));
                    }
                    kind = MoveKind::DoublePush;
                } else {
                    return None;
                }
            } else if attacks::pawn_attacks(us, from).contains(to) {
                match board.piece_at(to) {
                    Some(p) if p.color == us => {
                        return Some((1, IllegalReason::OwnPiece { to }));
                    }
                    Some(_) => {}
                    None if self.en_passant == Some(to) => kind = MoveKind::EnPassant,
                    None => {
                        let beside = Square::from_coords(to.file(), from.rank())
                            .and_then(|sq| board.piece_at(sq));
                        let reason = if beside == Some(Piece::new(!us, PieceKind::Pawn))
                            && from.rank() == us.fold(4, 3)
                        {
                            IllegalReason::EnPassantUnavailable { to }
                        } else {
                            IllegalReason::NothingToCapture { from, to }
                        };
                        return Some((1, reason));
                    }
                }
            } else {
                return None;
            }
            if to.rank() == us.fold(7, 0) {
                kind = MoveKind::Promotion(promotion.unwrap_or(PieceKind::Queen));
            }
        } else {
            if !attacks::attacks(piece.kind, us, from, Bitboard::EMPTY).contains(to) {
                return None;
            }
            if let Some(blocker) = (between(from, to) & occupied).first() {
                return Some((2, blocked(piece, from, to, blocker)));
            }
            if board.by_color(us).contains(to) {
                return Some((1, IllegalReason::OwnPiece { to }));
            }
        }
        // Pseudo-legal: the king's safety must be what forbids it (Art. 3.9).
        let mut next = *self;
        next.play_unchecked(Move::new(from, to, kind));
        let king = next.board.king_of(us)?;
        let attacker = (next.board.attackers_to(king, next.board.occupied())
            & next.board.by_color(!us))
        .first()?;
        let reason = if piece.kind == PieceKind::King {
            IllegalReason::KingIntoCheck { to, attacker }
        } else if self.checkers().contains(attacker) {
            IllegalReason::LeavesKingInCheck {
                from,
                checker: attacker,
            }
        } else {
            IllegalReason::ExposesKing {
                piece,
                from,
                attacker,
            }
        };
        Some((3, reason))
    }
}

fn blocked(piece: Piece, from: Square, to: Square, blocker: Square) -> IllegalReason {
    IllegalReason::Blocked {
        piece,
        from,
        to,
        blocker,
    }
}

fn kind_of(mover: Mover) -> PieceKind {
    match mover {
        Mover::Kind(kind) => kind,
        Mover::Any => PieceKind::Pawn,
    }
}

#[cfg(test)]
mod tests;
