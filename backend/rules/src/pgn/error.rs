//! PGN syntax errors and recovered warnings.

use std::io;

/// What is wrong with PGN text, and on which line (1-based; LF, CRLF and a bare CR each end a
/// line).
///
/// The reader reports some of these as *errors*: the game is returned as `Err` and reading resumes
/// at the next game. The others are *warnings*: the reader recovers, the game is still returned,
/// and the warning goes to [`Visitor::warning`](super::Visitor::warning) (and into
/// [`RawGame::warnings`](super::RawGame::warnings)). Each variant says which it is.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PgnError {
    /// Error: a tag pair (PGN standard section 8.1) whose value has no closing `"` followed by
    /// `]` on the line where it starts. The rest of that line is skipped and the game is read to
    /// its end (its termination marker, or the next tag section after movetext). A value that
    /// goes on to the next line is not joined: that line is read as movetext, so the tags after
    /// it begin another game.
    #[error("line {line}: unterminated tag pair (no closing `\"]` on this line)")]
    UnterminatedTag {
        /// The line of the `[`.
        line: u64,
    },
    /// Error: a tag pair without a name, or whose value is not a quoted string (PGN standard
    /// section 8.1.1).
    #[error("line {line}: malformed tag pair: {what}")]
    MalformedTag {
        /// The line of the `[`.
        line: u64,
        /// What is missing.
        what: &'static str,
    },
    /// Error: a brace comment (PGN standard section 5) still open at the end of the file.
    #[error("line {line}: comment opened here is not closed before the end of the file")]
    UnterminatedComment {
        /// The line of the `{`.
        line: u64,
    },
    /// Error: a brace comment still open when a line holding a complete tag pair begins: the
    /// closing `}` is missing, and the tag pair is taken as the start of the next game so that the
    /// rest of the file is not swallowed by the comment.
    #[error("line {line}: comment opened here runs into the tag pair on line {tag_line}")]
    CommentRunsIntoTags {
        /// The line of the `{`.
        line: u64,
        /// The line of the tag pair.
        tag_line: u64,
    },
    /// Error: a recursive annotation variation (PGN standard section 8.2.5) whose `(` is not
    /// closed when the game ends.
    #[error(
        "line {line}: variation opened here is not closed when the game ends on line {end_line}"
    )]
    UnclosedVariation {
        /// The line of the outermost unclosed `(`.
        line: u64,
        /// The line where the game ends.
        end_line: u64,
    },
    /// Warning: a closing `)`, `}` or `]` with nothing open; it is skipped.
    #[error("line {line}: `{ch}` without a matching opening")]
    UnmatchedClose {
        /// The line of the character.
        line: u64,
        /// The character.
        ch: char,
    },
    /// Warning: a `{` inside a brace comment. Comments do not nest (PGN standard section 5), so
    /// the comment ends at the first `}` and the rest of the intended comment is read as movetext.
    #[error("line {line}: `{{` inside a comment (comments do not nest)")]
    BraceInComment {
        /// The line where the comment starts.
        line: u64,
    },
    /// Warning: a `$` not followed by a number from 0 to 255 (PGN standard section 8.2.4); it is
    /// skipped.
    #[error("line {line}: malformed NAG `{text}`")]
    BadNag {
        /// The line of the `$`.
        line: u64,
        /// The text read.
        text: String,
    },
    /// Warning: a run of `!` and `?` after a move that is not one of the six suffix annotations of
    /// PGN standard section 8.2.3.8; it is stripped from the move and not recorded.
    #[error("line {line}: unknown suffix annotation `{text}`")]
    BadSuffix {
        /// The line of the move.
        line: u64,
        /// The annotation.
        text: String,
    },
    /// Warning: the line is not valid UTF-8 (PGN standard section 4.1 asks for ISO 8859-1; files
    /// exist in both); it was decoded as ISO 8859-1 (Latin-1). Reported once per game.
    #[error("line {line}: not valid UTF-8, decoded as Latin-1")]
    NotUtf8 {
        /// The first such line of the game.
        line: u64,
    },
    /// Warning: an ASCII control character other than whitespace (NUL to US, DEL), which cannot
    /// be part of PGN text (PGN standard section 4.1), between tokens of the tag section or the
    /// movetext; it ends the token before it and is skipped (never read as a move). Reported once
    /// per game, at the first; bytes between games are reported with the next game. Inside a
    /// comment or a tag value it is kept as text.
    #[error("line {line}: control character 0x{byte:02X} skipped (not PGN text)")]
    ControlCharacter {
        /// The line of the first one.
        line: u64,
        /// The byte.
        byte: u8,
    },
    /// Error: reading the input failed. The reader stops after it.
    #[error("I/O error after line {line}: {source}")]
    Io {
        /// The last line read completely.
        line: u64,
        /// The error from the input.
        #[source]
        source: io::Error,
    },
}

impl PgnError {
    /// The line the error or warning names (for [`PgnError::UnclosedVariation`], the line of
    /// the `(`).
    #[must_use]
    pub const fn line(&self) -> u64 {
        match self {
            Self::UnterminatedTag { line }
            | Self::MalformedTag { line, .. }
            | Self::UnterminatedComment { line }
            | Self::CommentRunsIntoTags { line, .. }
            | Self::UnclosedVariation { line, .. }
            | Self::UnmatchedClose { line, .. }
            | Self::BraceInComment { line }
            | Self::BadNag { line, .. }
            | Self::BadSuffix { line, .. }
            | Self::NotUtf8 { line }
            | Self::ControlCharacter { line, .. }
            | Self::Io { line, .. } => *line,
        }
    }
}
