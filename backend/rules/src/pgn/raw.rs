//! A whole game as read: tags, main-line move tokens, comments and NAGs.

use std::ops::Range;

use super::visitor::{GameEnd, GameStart, Skipped, Visitor};
use super::{PgnError, Termination};

/// One game as read from PGN, before any interpretation of its moves: what
/// [`PgnReader::next_game`](super::PgnReader::next_game) returns.
///
/// Move tokens and comment texts share one string buffer (no allocation per token); read them
/// with [`RawGame::moves`] and [`RawGame::comments`].
#[derive(Debug, Default)]
pub struct RawGame {
    /// The game's 1-based position in the input.
    pub index: u64,
    /// The 1-based line where the game starts.
    pub line: u64,
    /// The tag pairs in input order, as `(name, value)` with `\"` and `\\` unescaped (PGN
    /// standard section 8.1).
    pub tags: Vec<(String, String)>,
    /// Main-line NAGs as `(ply, nag)`: `ply` is the number of main-line move tokens before the NAG
    /// (so the NAG annotates move token `ply - 1`); suffix annotations appear as their NAG
    /// (`!` as 1 ... `?!` as 6, PGN standard section 10).
    pub nags: Vec<(usize, u8)>,
    /// The termination marker (PGN standard section 8.2.6), `None` when the movetext ended
    /// without one.
    pub termination: Option<Termination>,
    /// Counts of comments, variations and NAGs (see [`Skipped`]).
    pub skipped: Skipped,
    /// What the reader recovered from in this game.
    pub warnings: Vec<PgnError>,
    /// Text of the move tokens and comments.
    text: String,
    /// Each move token: its text in `text` and its line.
    moves: Vec<(Range<usize>, u64)>,
    /// Each main-line comment: its ply and its text in `text`.
    comments: Vec<(usize, Range<usize>)>,
}

/// A main-line move token of a [`RawGame`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveToken<'a> {
    /// The token as written, minus move number and suffix annotation (see
    /// [`Visitor::move_token`]).
    pub text: &'a str,
    /// The 1-based line where it is written.
    pub line: u64,
}

/// A main-line comment of a [`RawGame`] (PGN standard section 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comment<'a> {
    /// The number of main-line move tokens before the comment (0: before the first move).
    pub ply: usize,
    /// The comment's text, untrimmed (see [`Visitor::comment`]).
    pub text: &'a str,
}

impl RawGame {
    /// The value of the first tag named `name` (case-sensitive, as PGN standard section 8.1.1
    /// asks).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The number of main-line move tokens (plies, if every token is a move).
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The main-line move tokens in order.
    #[must_use]
    pub fn moves(&self) -> impl ExactSizeIterator<Item = MoveToken<'_>> + '_ {
        self.moves.iter().map(|(r, line)| MoveToken {
            text: self.text.get(r.clone()).unwrap_or(""),
            line: *line,
        })
    }

    /// The main-line comments in order.
    #[must_use]
    pub fn comments(&self) -> impl ExactSizeIterator<Item = Comment<'_>> + '_ {
        self.comments.iter().map(|(ply, r)| Comment {
            ply: *ply,
            text: self.text.get(r.clone()).unwrap_or(""),
        })
    }

    /// Appends a main-line move token written on `line`.
    pub fn push_move(&mut self, text: &str, line: u64) {
        let range = self.push_text(text);
        self.moves.push((range, line));
    }

    /// Appends a main-line comment after the move tokens pushed so far.
    pub fn push_comment(&mut self, text: &str) {
        let ply = self.moves.len();
        let range = self.push_text(text);
        self.comments.push((ply, range));
    }

    /// Appends a NAG after the move tokens pushed so far.
    pub fn push_nag(&mut self, nag: u8) {
        self.nags.push((self.moves.len(), nag));
    }

    fn push_text(&mut self, text: &str) -> Range<usize> {
        let start = self.text.len();
        self.text.push_str(text);
        start..self.text.len()
    }
}

/// The visitor behind [`PgnReader::next_game`](super::PgnReader::next_game).
#[derive(Debug, Default)]
pub(super) struct RawGameBuilder {
    game: RawGame,
}

impl Visitor for RawGameBuilder {
    type Output = RawGame;

    fn begin_game(&mut self, start: GameStart) {
        self.game = RawGame {
            index: start.index,
            line: start.line,
            ..RawGame::default()
        };
    }

    fn tag(&mut self, name: &str, value: &str, _line: u64) {
        self.game.tags.push((name.to_owned(), value.to_owned()));
    }

    fn move_token(&mut self, token: &str, line: u64) {
        self.game.push_move(token, line);
    }

    fn nag(&mut self, nag: u8, _line: u64) {
        self.game.push_nag(nag);
    }

    fn comment(&mut self, text: &str, _line: u64) {
        self.game.push_comment(text);
    }

    fn warning(&mut self, warning: PgnError) {
        self.game.warnings.push(warning);
    }

    fn end_game(&mut self, end: GameEnd) -> RawGame {
        let mut game = std::mem::take(&mut self.game);
        game.termination = end.termination;
        game.skipped = end.skipped;
        game
    }
}
