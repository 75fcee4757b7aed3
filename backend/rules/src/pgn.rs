//! # PGN: reading and writing Portable Game Notation
//!
//! This module turns PGN text into tag pairs and move *tokens*, and writes export-format PGN back.
//! It knows nothing of positions or move legality: a token such as `Nf3`, `d8Q`, `--` or `♘f3` is
//! passed on exactly as written (minus its move number and suffix annotation) and the replay code
//! interprets it with the move generator.
//!
//! - [`PgnReader`] streams games from any [`std::io::BufRead`]. Its fast interface is
//!   [`PgnReader::read_game`] with a [`Visitor`], which receives `&str` slices of an internal line
//!   buffer (no allocation per token); the convenient one is [`PgnReader::next_game`] (also the
//!   [`Iterator`] implementation), which collects each game into a [`RawGame`].
//! - [`PgnWriter`] writes export-format PGN (PGN standard section 8).
//!
//! Sources: the PGN standard (Steven J. Edwards, 1994), cited as "PGN standard section N", and the
//! Laws of Chess, Appendix E (algebraic notation) for what a move token means.

mod error;
mod raw;
mod reader;
mod visitor;
mod writer;

#[cfg(test)]
mod unit_tests;

pub use error::PgnError;
pub use raw::{Comment, MoveToken, RawGame};
pub use reader::PgnReader;
pub use visitor::{Control, GameEnd, GameStart, Skipped, Visitor};
pub use writer::PgnWriter;

use std::fmt;

/// A game termination marker (PGN standard section 8.2.6): the token that ends a game's movetext
/// and the value of its `Result` tag (section 8.1.1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// `1-0`: White won.
    WhiteWins,
    /// `0-1`: Black won.
    BlackWins,
    /// `1/2-1/2` (also read from `½-½`): drawn.
    Draw,
    /// `*`: the game is unfinished, its result unknown, or it was abandoned.
    Unknown,
}

impl Termination {
    /// Reads a termination marker token: `1-0`, `0-1`, `1/2-1/2`, `½-½` (a draw, as some
    /// scoresheets and programs write it) or `*`. Any other text gives `None`.
    #[must_use]
    pub fn from_token(token: &str) -> Option<Self> {
        match token {
            "1-0" => Some(Self::WhiteWins),
            "0-1" => Some(Self::BlackWins),
            "1/2-1/2" | "½-½" => Some(Self::Draw),
            "*" => Some(Self::Unknown),
            _ => None,
        }
    }

    /// The marker as export format writes it (PGN standard section 8.2.6): `1-0`, `0-1`,
    /// `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::WhiteWins => "1-0",
            Self::BlackWins => "0-1",
            Self::Draw => "1/2-1/2",
            Self::Unknown => "*",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The Numeric Annotation Glyph that a traditional suffix annotation stands for (PGN standard
/// section 8.2.3.8 and 10): `!` is `$1`, `?` `$2`, `!!` `$3`, `??` `$4`, `!?` `$5`, `?!` `$6`.
/// Any other text gives `None`.
#[must_use]
pub fn suffix_nag(suffix: &str) -> Option<u8> {
    match suffix {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn termination_tokens_round_trip() {
        for t in [
            Termination::WhiteWins,
            Termination::BlackWins,
            Termination::Draw,
            Termination::Unknown,
        ] {
            assert_eq!(Termination::from_token(t.as_str()), Some(t));
            assert_eq!(t.to_string(), t.as_str());
        }
        assert_eq!(Termination::from_token("½-½"), Some(Termination::Draw));
        assert_eq!(Termination::from_token("1/2"), None);
    }

    #[test]
    fn suffixes_map_to_nags_one_to_six() {
        let all = ["!", "?", "!!", "??", "!?", "?!"];
        for (i, s) in all.iter().enumerate() {
            assert_eq!(suffix_nag(s), Some(i as u8 + 1));
        }
        assert_eq!(suffix_nag("!!!"), None);
        assert_eq!(suffix_nag(""), None);
    }
}
