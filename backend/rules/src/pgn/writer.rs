//! The export-format PGN writer (PGN standard section 8).

use std::io::{self, Write};

use super::reader::is_plain_move_token;
use super::{RawGame, Termination};

/// The Seven Tag Roster in export order, with the value written when a tag is absent (PGN
/// standard section 8.1.1). `Result` is absent from a game's tags only when the caller gave none;
/// its default is the game's termination marker.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", ""),
];

/// The longest movetext line written, in characters (PGN standard section 8.2.1 allows 255; 80 is
/// the traditional limit). A single token longer than this gets a line of its own.
const LINE_WIDTH: usize = 80;

/// Writes games in PGN export format (PGN standard section 8).
///
/// Per game: the Seven Tag Roster in its order (missing tags written as `?`, the date as
/// `????.??.??`, the result as the game's termination marker), then the other tags in the order
/// given, a blank line, the movetext (move numbers `1. e4 e5 2. Nf3`; a black move gets `N...`
/// at the start of the movetext and after a comment; comments in braces; lines of at most 80
/// characters), the termination marker, and a blank line.
///
/// Either call [`PgnWriter::begin_game`], then [`PgnWriter::write_move`],
/// [`PgnWriter::write_nag`] and [`PgnWriter::write_comment`] in order, then
/// [`PgnWriter::end_game`]; or call [`PgnWriter::write_game`] with a [`RawGame`].
#[derive(Debug)]
pub struct PgnWriter<W> {
    out: W,
    /// Characters on the current movetext line.
    col: usize,
    /// The move number of the next move.
    fullmove: u64,
    /// The next move is White's.
    white_to_move: bool,
    /// The next black move needs its `N...` indication.
    need_number: bool,
    /// The termination marker to end the current game with.
    result: Termination,
    /// Scratch space for a move with its number.
    scratch: String,
}

impl<W: Write> PgnWriter<W> {
    /// A writer into `out` (wrap a file in a [`std::io::BufWriter`]).
    pub const fn new(out: W) -> Self {
        Self {
            out,
            col: 0,
            fullmove: 1,
            white_to_move: true,
            need_number: true,
            result: Termination::Unknown,
            scratch: String::new(),
        }
    }

    /// Gives back the output.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// Writes a game's tag section and prepares its movetext. `tags` are `(name, value)` pairs;
    /// values are escaped (`"` as `\"`, `\` as `\\`, a line break as a space). A `Result` tag is
    /// written as given (it should equal `result`, PGN standard section 8.1.1.7); without one,
    /// `result` is written. A `FEN` tag sets the side to move and move number of the first move
    /// from its second and sixth fields.
    ///
    /// # Errors
    /// [`io::ErrorKind::InvalidInput`] when a tag name is empty or holds whitespace, `"`, `[` or
    /// `]` (nothing is written then); otherwise an I/O error from the output.
    pub fn begin_game<K: AsRef<str>, V: AsRef<str>>(
        &mut self,
        tags: &[(K, V)],
        result: Termination,
    ) -> io::Result<()> {
        if let Some((name, _)) = tags.iter().find(|(k, _)| !is_tag_name(k.as_ref())) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{:?} cannot be written as a PGN tag name", name.as_ref()),
            ));
        }
        let find = |name: &str| {
            tags.iter()
                .find(|(k, _)| k.as_ref() == name)
                .map(|(_, v)| v.as_ref())
        };
        for (name, default) in ROSTER {
            let value = find(name).unwrap_or(if name == "Result" {
                result.as_str()
            } else {
                default
            });
            self.write_tag(name, value)?;
        }
        for (name, value) in tags {
            let name = name.as_ref();
            if !ROSTER.iter().any(|(r, _)| *r == name) {
                self.write_tag(name, value.as_ref())?;
            }
        }
        self.out.write_all(b"\n")?;
        self.col = 0;
        self.result = result;
        self.need_number = true;
        self.white_to_move = true;
        self.fullmove = 1;
        if let Some(fen) = find("FEN") {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            self.white_to_move = fields.get(1).is_none_or(|s| *s != "b");
            self.fullmove = fields
                .get(5)
                .and_then(|s| s.parse().ok())
                .filter(|n| *n > 0)
                .unwrap_or(1);
        }
        Ok(())
    }

    fn write_tag(&mut self, name: &str, value: &str) -> io::Result<()> {
        self.out.write_all(b"[")?;
        self.out.write_all(name.as_bytes())?;
        self.out.write_all(b" \"")?;
        let mut seg = 0;
        for (i, c) in value.char_indices() {
            let escaped: &[u8] = match c {
                '"' => b"\\\"",
                '\\' => b"\\\\",
                '\n' | '\r' => b" ",
                _ => continue,
            };
            self.out
                .write_all(value.get(seg..i).unwrap_or("").as_bytes())?;
            self.out.write_all(escaped)?;
            seg = i + c.len_utf8();
        }
        self.out
            .write_all(value.get(seg..).unwrap_or("").as_bytes())?;
        self.out.write_all(b"\"]\n")
    }

    /// Writes a movetext token, breaking the line first when it would exceed 80 characters.
    fn put(&mut self, token: &str) -> io::Result<()> {
        let width = token.chars().count();
        if self.col > 0 && self.col + 1 + width > LINE_WIDTH {
            self.out.write_all(b"\n")?;
            self.col = 0;
        }
        if self.col > 0 {
            self.out.write_all(b" ")?;
            self.col += 1;
        }
        self.out.write_all(token.as_bytes())?;
        self.col += width;
        Ok(())
    }

    /// Writes a move (normally SAN, Appendix E of the Laws) with its move number where one is
    /// due (PGN standard section 8.2.2.2).
    ///
    /// # Errors
    /// [`io::ErrorKind::InvalidInput`] when `san` would not read back as the same move token:
    /// empty, holding whitespace or a PGN delimiter (`{ } ( ) [ ] ; $ *`), a termination marker,
    /// starting with a move number (`12.`) or `%`, or ending with a suffix annotation (`!`, `?`) or
    /// `e.p.`; otherwise an I/O error from the output.
    pub fn write_move(&mut self, san: &str) -> io::Result<()> {
        if !is_plain_move_token(san) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{san:?} cannot be written as one PGN move token"),
            ));
        }
        let mut unit = std::mem::take(&mut self.scratch);
        unit.clear();
        if self.white_to_move {
            unit.push_str(&format!("{}. ", self.fullmove));
        } else if self.need_number {
            unit.push_str(&format!("{}... ", self.fullmove));
        }
        unit.push_str(san);
        let result = self.put(&unit);
        self.scratch = unit;
        result?;
        self.need_number = false;
        if !self.white_to_move {
            self.fullmove += 1;
        }
        self.white_to_move = !self.white_to_move;
        Ok(())
    }

    /// Writes a NAG `$n` (PGN standard section 8.2.4) after the last move.
    ///
    /// # Errors
    /// An I/O error from the output.
    pub fn write_nag(&mut self, nag: u8) -> io::Result<()> {
        self.put(&format!("${nag}"))
    }

    /// Writes a comment in braces (PGN standard section 5). Its words are rewrapped to fit the
    /// line width (runs of whitespace, line breaks included, become one space or a line break).
    ///
    /// # Errors
    /// [`io::ErrorKind::InvalidInput`] when `text` holds a `}`, which would end the comment early;
    /// otherwise an I/O error from the output.
    pub fn write_comment(&mut self, text: &str) -> io::Result<()> {
        if text.contains('}') {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a PGN comment cannot contain `}`",
            ));
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => self.put("{}")?,
            [only] => self.put(&format!("{{{only}}}"))?,
            [first, middle @ .., last] => {
                self.put(&format!("{{{first}"))?;
                for w in middle {
                    self.put(w)?;
                }
                self.put(&format!("{last}}}"))?;
            }
        }
        self.need_number = true;
        Ok(())
    }

    /// Writes the termination marker given to [`PgnWriter::begin_game`] and the blank line that
    /// ends a game.
    ///
    /// # Errors
    /// An I/O error from the output.
    pub fn end_game(&mut self) -> io::Result<()> {
        self.put(self.result.as_str())?;
        self.out.write_all(b"\n\n")?;
        self.col = 0;
        Ok(())
    }

    /// Writes a whole [`RawGame`]: its tags, move tokens, NAGs and comments in order, and its
    /// termination marker (when it has none: its `Result` tag if that is a marker, else `*`).
    ///
    /// # Errors
    /// As [`PgnWriter::write_move`], [`PgnWriter::write_comment`].
    pub fn write_game(&mut self, game: &RawGame) -> io::Result<()> {
        let result = game
            .termination
            .or_else(|| game.tag("Result").and_then(Termination::from_token))
            .unwrap_or(Termination::Unknown);
        self.begin_game(&game.tags, result)?;
        let mut nags = game.nags.iter().peekable();
        let mut comments = game.comments().peekable();
        let mut annotations = |w: &mut Self, ply: usize| -> io::Result<()> {
            while let Some((_, nag)) = nags.next_if(|(p, _)| *p <= ply) {
                w.write_nag(*nag)?;
            }
            while let Some(c) = comments.next_if(|c| c.ply <= ply) {
                w.write_comment(c.text)?;
            }
            Ok(())
        };
        annotations(self, 0)?;
        for (i, m) in game.moves().enumerate() {
            self.write_move(m.text)?;
            annotations(self, i + 1)?;
        }
        annotations(self, usize::MAX)?;
        self.end_game()
    }
}

/// Whether the reader takes `name` back as a tag name: not empty, no whitespace, `"`, `[` or `]`.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '[' | ']'))
}
