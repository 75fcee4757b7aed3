//! The visitor protocol of the streaming reader: what a game's parts are delivered as
//! ([`GameStart`], tag pairs, [`Control`], move tokens, NAGs, comments, [`GameEnd`]) and the
//! [`Visitor`] trait that receives them. Both the reader and [`RawGame`](super::RawGame)'s
//! builder use it; neither defines it.

use super::{PgnError, Termination};

/// Where a game starts: passed to [`Visitor::begin_game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameStart {
    /// The game's 1-based position in the input (games returned as errors count too).
    pub index: u64,
    /// The 1-based line of the game's first tag, comment or token.
    pub line: u64,
}

/// Counts of the annotations of a game (PGN standard sections 5, 8.2.4, 8.2.5): every comment
/// (`{...}` and `;...`), every variation `( ... )` at any depth, and every NAG (`$n` and suffix
/// annotations such as `!?`), on the main line or inside variations. None of them is a move token
/// of the main line. Main-line comments and NAGs are also delivered to the visitor; everything
/// inside a variation is skipped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Skipped {
    /// Comments.
    pub comments: u32,
    /// Variations (each `(`).
    pub variations: u32,
    /// NAGs and suffix annotations.
    pub nags: u32,
}

/// How a game ends: passed to [`Visitor::end_game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    /// The termination marker that ended the main line (PGN standard section 8.2.6), or `None`
    /// when the game ended because a new tag section began or the input ended.
    pub termination: Option<Termination>,
    /// The line where the game ends.
    pub line: u64,
    /// Annotation counts.
    pub skipped: Skipped,
}

/// What the reader should do with the rest of a game: returned by [`Visitor::end_tags`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Control {
    /// Deliver the movetext.
    #[default]
    Continue,
    /// Scan the movetext only to find where the game ends; deliver no moves, comments or NAGs.
    SkipMovetext,
}

/// Receives the parts of a game from [`PgnReader::read_game`](super::PgnReader::read_game).
///
/// For each game the calls are: `begin_game`; `tag` for each tag pair; `end_tags` once, before
/// the first movetext element (a comment, move, NAG, variation or result) or before `end_game`;
/// then `move_token`, `nag` and `comment` for the main line in order, with `warning` for anything
/// recovered; finally `end_game`, whose value `read_game` returns. When the game turns out to be
/// an error, `end_game` is not called and `read_game` returns the error; the next call starts with
/// `begin_game`. (Tags after a leading comment, rare, still arrive after `end_tags`.)
///
/// All `&str` arguments borrow the reader's buffers and are valid only during the call.
pub trait Visitor {
    /// What a finished game becomes.
    type Output;

    /// A game begins.
    fn begin_game(&mut self, start: GameStart) {
        let _ = start;
    }

    /// A tag pair (PGN standard section 8.1), with `\"` and `\\` in the value unescaped.
    fn tag(&mut self, name: &str, value: &str, line: u64) {
        let _ = (name, value, line);
    }

    /// The tag section is over. Return [`Control::SkipMovetext`] to skip this game's movetext.
    fn end_tags(&mut self) -> Control {
        Control::Continue
    }

    /// A main-line move token (PGN standard section 8.2.3), exactly as written minus its move
    /// number indication (`12.`, `12...`), suffix annotation (`!`, `?!`...) and en passant mark
    /// `e.p.` (Appendix E.8; a separate `e.p.` token is dropped): usually SAN
    /// (Appendix E of the Laws), possibly with figurines or national letters, a null move (`--`,
    /// `Z0`), or anything else a file holds. The consumer decides what it means.
    fn move_token(&mut self, token: &str, line: u64) {
        let _ = (token, line);
    }

    /// A main-line NAG (PGN standard section 8.2.4), or the NAG a suffix annotation stands for
    /// ([`super::suffix_nag`]). It follows the last move token delivered.
    fn nag(&mut self, nag: u8, line: u64) {
        let _ = (nag, line);
    }

    /// A main-line comment (PGN standard section 5): the text between `{` and `}` (a line break
    /// inside becomes `\n`), or after `;` to the end of the line; not trimmed. A draw offer
    /// written `(=)` in the movetext (Appendix E.12) also arrives here, as the text `(=)`, and is
    /// not counted as a variation. `line` is where the comment starts.
    fn comment(&mut self, text: &str, line: u64) {
        let _ = (text, line);
    }

    /// Something was wrong but the reader recovered (see [`PgnError`] for which variants are
    /// warnings).
    fn warning(&mut self, warning: PgnError) {
        let _ = warning;
    }

    /// The game is over.
    fn end_game(&mut self, end: GameEnd) -> Self::Output;
}
