// Over 800 lines: one streaming tokenizer for the PGN grammar (standard sections 7-8) whose states
// share the reader's line buffers.
//! The streaming PGN reader: lines in, visitor calls out.

use std::io::{self, BufRead};
use std::mem;

use super::raw::{RawGame, RawGameBuilder};
use super::visitor::{Control, GameEnd, GameStart, Skipped, Visitor};
use super::{PgnError, Termination, suffix_nag};

/// A streaming PGN reader over any [`BufRead`].
///
/// It holds one line of input at a time (plus, inside a comment that spans lines, that comment),
/// so memory is bounded by the longest line or comment, never by the file. Lines end with LF,
/// CRLF or a bare CR; a UTF-8 byte order mark is skipped; a line that is not valid UTF-8 is
/// decoded as Latin-1. Tokens are split on whitespace (any Unicode whitespace) and the PGN
/// delimiters `{ } ( ) [ ] ; $ *` only (PGN standard section 7), so any Unicode text passes.
///
/// A game ends at its termination marker on the main line, at a `[` that follows movetext (a new
/// tag section), or at the end of the input. Blank lines do not separate games. Lines with `%` in
/// the first column are skipped (PGN standard section 6), except inside a comment.
///
/// After an error in one game, reading resumes with the next game.
#[derive(Debug)]
pub struct PgnReader<R> {
    src: R,
    /// The current line, without its line end.
    line: String,
    /// A spare buffer, swapped with `line` (no allocation per line).
    spare: Vec<u8>,
    /// Byte offset of the next unread character of `line` (always a character boundary).
    pos: usize,
    /// 1-based number of the line in `line` (0 before the first).
    line_no: u64,
    /// The last line ended with CR: a LF at the start of the next read belongs to it.
    skip_lf: bool,
    /// The current line could not be decoded as UTF-8.
    line_latin1: bool,
    /// The input is exhausted or failed.
    done: bool,
    parser: Parser,
}

/// The per-game parsing state and reusable buffers, apart from the line (so that the line can be
/// borrowed while the parser changes).
#[derive(Debug, Default)]
struct Parser {
    /// Games begun so far.
    games: u64,
    /// Text of a comment that spans lines.
    comment_buf: String,
    /// An unescaped tag value.
    value_buf: String,
    /// The current line was decoded as Latin-1 (its number).
    latin1_line: Option<u64>,
    /// A control character met between games: the line and the byte, warned about when the next
    /// game begins ([`PgnError::ControlCharacter`]).
    pending_control: Option<(u64, u8)>,
    g: GameState,
}

#[derive(Debug, Default)]
struct GameState {
    begun: bool,
    tags_done: bool,
    /// The visitor asked to skip the movetext.
    skip: bool,
    /// A move, move number, NAG or variation has been read: a `[` now starts a new game.
    movetext: bool,
    /// The game has a tag or movetext: worth returning at the end of the input.
    content: bool,
    /// Variation depth.
    depth: u32,
    /// Line of the outermost open `(`.
    var_line: u64,
    /// A brace comment spanning lines is open.
    comment: Option<OpenComment>,
    stats: Skipped,
    error: Option<PgnError>,
    utf8_warned: bool,
    control_warned: bool,
}

#[derive(Debug, Clone, Copy)]
struct OpenComment {
    line: u64,
    /// Deliver it to the visitor (main line, not skipped).
    deliver: bool,
    /// A `{` was seen inside it.
    brace_warned: bool,
}

enum Step {
    More,
    End(Option<Termination>),
}

impl<R: BufRead> PgnReader<R> {
    /// A reader over `src`. Wrap a file in a [`std::io::BufReader`] (a larger buffer than the
    /// default 8 KiB helps a little).
    pub fn new(src: R) -> Self {
        Self {
            src,
            line: String::new(),
            spare: Vec::new(),
            pos: 0,
            line_no: 0,
            skip_lf: false,
            line_latin1: false,
            done: false,
            parser: Parser::default(),
        }
    }

    /// The number of games begun so far: after `read_game` returns a game or an error, this is
    /// that game's 1-based index.
    #[must_use]
    pub const fn games_read(&self) -> u64 {
        self.parser.games
    }

    /// The number of the last line read (1-based).
    #[must_use]
    pub const fn line(&self) -> u64 {
        self.line_no
    }

    /// Gives back the input.
    pub fn into_inner(self) -> R {
        self.src
    }

    /// Reads the next game into `visitor`.
    ///
    /// Returns `None` at the end of the input, `Some(Ok(output))` with the value of
    /// [`Visitor::end_game`], or `Some(Err(error))` for a game with a syntax error (the next call
    /// goes on with the next game) or an I/O error (the next call returns `None`).
    ///
    /// # Errors
    /// [`PgnError::UnterminatedTag`], [`PgnError::MalformedTag`],
    /// [`PgnError::UnterminatedComment`], [`PgnError::CommentRunsIntoTags`],
    /// [`PgnError::UnclosedVariation`] and [`PgnError::Io`].
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PgnError>> {
        if self.done {
            return None;
        }
        loop {
            if self.pos >= self.line.len() {
                match self.next_line() {
                    Ok(true) => {}
                    Ok(false) => {
                        self.done = true;
                        return self.parser.finish_at_eof(self.line_no, visitor);
                    }
                    Err(source) => {
                        self.done = true;
                        self.parser.g = GameState::default();
                        return Some(Err(PgnError::Io {
                            line: self.line_no,
                            source,
                        }));
                    }
                }
                self.start_line();
                continue;
            }
            let step = self
                .parser
                .step(&self.line, &mut self.pos, self.line_no, visitor);
            if let Step::End(termination) = step {
                if let Some(out) = self.parser.finish(termination, self.line_no, visitor) {
                    return Some(out);
                }
            }
        }
    }

    /// Reads the next game into a [`RawGame`]; see [`PgnReader::read_game`] for the meaning of
    /// the value.
    ///
    /// # Errors
    /// As [`PgnReader::read_game`].
    pub fn next_game(&mut self) -> Option<Result<RawGame, PgnError>> {
        self.read_game(&mut RawGameBuilder::default())
    }

    /// Handles the start of a freshly read line: byte order mark, Latin-1 warning, `%` escape
    /// line, and the continuation of a comment.
    fn start_line(&mut self) {
        let ln = self.line_no;
        self.pos = if self.line.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        self.parser.latin1_line = self.line_latin1.then_some(ln);
        let rest = self.line.get(self.pos..).unwrap_or("");
        if let Some(open) = self.parser.g.comment {
            if looks_like_tag_line(rest) {
                self.parser.g.comment = None;
                // End this game at the tag pair, whatever came before the comment.
                self.parser.g.movetext = true;
                self.parser.g.content = true;
                self.parser.fail(PgnError::CommentRunsIntoTags {
                    line: open.line,
                    tag_line: ln,
                });
            } else if open.deliver {
                self.parser.comment_buf.push('\n');
            }
        } else if rest.starts_with('%') {
            self.pos = self.line.len();
        }
    }

    /// Reads the next line into `self.line` (without its line end). `Ok(false)` at the end of the
    /// input.
    fn next_line(&mut self) -> io::Result<bool> {
        let mut bytes = mem::take(&mut self.spare);
        bytes.clear();
        let result = self.fill_line(&mut bytes);
        let found = match result {
            Ok(found) => found,
            Err(e) => {
                self.spare = bytes;
                return Err(e);
            }
        };
        if !found {
            self.spare = bytes;
            return Ok(false);
        }
        self.line_no += 1;
        let old = mem::take(&mut self.line).into_bytes();
        match String::from_utf8(bytes) {
            Ok(s) => {
                self.line = s;
                self.line_latin1 = false;
                self.spare = old;
            }
            Err(e) => {
                let raw = e.into_bytes();
                let mut s = String::from_utf8(old).unwrap_or_default();
                s.clear();
                s.extend(raw.iter().map(|&b| char::from(b)));
                self.line = s;
                self.line_latin1 = true;
                self.spare = raw;
            }
        }
        Ok(true)
    }

    /// Appends the bytes of the next line to `bytes`. `Ok(false)` when the input is at its end
    /// and no line (not even an empty one) remains.
    fn fill_line(&mut self, bytes: &mut Vec<u8>) -> io::Result<bool> {
        if self.skip_lf {
            self.skip_lf = false;
            let buf = fill(&mut self.src)?;
            if buf.first() == Some(&b'\n') {
                self.src.consume(1);
            }
        }
        let mut any = false;
        loop {
            let buf = fill(&mut self.src)?;
            if buf.is_empty() {
                return Ok(any);
            }
            any = true;
            if let Some(i) = find_line_end(buf) {
                bytes.extend_from_slice(buf.get(..i).unwrap_or_default());
                self.skip_lf = buf.get(i) == Some(&b'\r');
                self.src.consume(i + 1);
                return Ok(true);
            }
            let n = buf.len();
            bytes.extend_from_slice(buf);
            self.src.consume(n);
        }
    }
}

/// The offset of the first LF or CR in `buf`. Scans eight bytes at a time for any byte below 14
/// (LF is 10, CR 13; such bytes are rare in PGN text), then byte by byte.
fn find_line_end(buf: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut offset = 0;
    for chunk in buf.chunks_exact(8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_ne_bytes(word);
        // Non-zero when some byte of `x` is below 14.
        if x.wrapping_sub(ONES * 14) & !x & HIGHS != 0 {
            break;
        }
        offset += 8;
    }
    buf.get(offset..)?
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map(|i| offset + i)
}

/// `fill_buf`, retrying when interrupted.
fn fill<R: BufRead>(src: &mut R) -> io::Result<&[u8]> {
    loop {
        match src.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    src.fill_buf()
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<RawGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game()
    }
}

/// Whether a line (inside an open comment) is a complete tag pair and nothing else:
/// `[Name "value"]` with a name of ASCII letters, digits and `_` starting with a letter.
fn looks_like_tag_line(line: &str) -> bool {
    let t = line.trim();
    let Some(inner) = t.strip_prefix('[').and_then(|s| s.strip_suffix(']')) else {
        return false;
    };
    let inner = inner.trim_end();
    let Some((name, value)) = inner.split_once(|c: char| c.is_ascii_whitespace()) else {
        return false;
    };
    let value = value.trim_start();
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"')
}

/// Byte classes for the scanner.
const TOKEN: u8 = 0;
const SPACE: u8 = 1;
const DELIM: u8 = 2;
const NON_ASCII: u8 = 3;
const CONTROL: u8 = 4;

/// The class of every byte: ASCII whitespace (space, tab, LF, VT, FF, CR), the PGN delimiters
/// `{ } ( ) [ ] ; $ *` that end a token (PGN standard section 7), the bytes of non-ASCII
/// characters, the other ASCII control characters (NUL to US, DEL: not PGN text, section 4.1;
/// skipped with a warning), and the rest (token characters).
static CLASS: [u8; 256] = {
    let mut t = [TOKEN; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = CONTROL;
        i += 1;
    }
    t[0x7f] = CONTROL;
    let mut i = 0x80;
    while i < 256 {
        t[i] = NON_ASCII;
        i += 1;
    }
    t[b' ' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[b'\n' as usize] = SPACE;
    t[0x0b] = SPACE;
    t[0x0c] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[b'{' as usize] = DELIM;
    t[b'}' as usize] = DELIM;
    t[b'(' as usize] = DELIM;
    t[b')' as usize] = DELIM;
    t[b'[' as usize] = DELIM;
    t[b']' as usize] = DELIM;
    t[b';' as usize] = DELIM;
    t[b'$' as usize] = DELIM;
    t[b'*' as usize] = DELIM;
    t
};

/// Whether an ASCII byte ends a token (whitespace, a PGN delimiter or a control character).
fn is_delimiter(b: u8) -> bool {
    matches!(CLASS[usize::from(b)], SPACE | DELIM | CONTROL)
}

/// The offset of the first non-whitespace character at or after `i` in `line` (any Unicode
/// whitespace).
fn skip_whitespace(line: &str, mut i: usize) -> usize {
    let bytes = line.as_bytes();
    while let Some(&b) = bytes.get(i) {
        match CLASS[usize::from(b)] {
            SPACE => i += 1,
            NON_ASCII => match line.get(i..).and_then(|s| s.chars().next()) {
                Some(c) if c.is_whitespace() => i += c.len_utf8(),
                _ => break,
            },
            _ => break,
        }
    }
    i
}

/// The end of the token starting at `start` (exclusive byte offset; at least `start + 1`).
fn token_end(line: &str, start: usize) -> usize {
    let bytes = line.as_bytes();
    let mut j = start;
    loop {
        while j < bytes.len() && CLASS[usize::from(bytes[j])] == TOKEN {
            j += 1;
        }
        match bytes.get(j) {
            Some(&b) if CLASS[usize::from(b)] == NON_ASCII => {
                match line.get(j..).and_then(|s| s.chars().next()) {
                    Some(c) if !c.is_whitespace() => j += c.len_utf8(),
                    Some(_) => break,
                    // Not at a character boundary: cannot happen for a `&str` walked by
                    // characters; step over the byte so the loop always ends.
                    None => j += 1,
                }
            }
            _ => break,
        }
    }
    if j == start { start + 1 } else { j }
}

/// Removes a move number indication (PGN standard section 8.2.2): `12.`, `12...`, `12.e4`,
/// `...` (as in `12. ... e5`), and a bare number. Digits may be any Unicode decimal digits.
fn strip_move_number(token: &str) -> &str {
    // Fast path for ASCII: digits, then periods or the end.
    let bytes = token.as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    match bytes.get(digits) {
        None => return "",
        Some(b'.') => {
            let periods = bytes
                .get(digits..)
                .map_or(0, |rest| rest.iter().take_while(|&&b| b == b'.').count());
            return token.get(digits + periods..).unwrap_or("");
        }
        Some(b) if b.is_ascii() => return token,
        Some(_) => {}
    }
    let rest =
        token.trim_start_matches(|c: char| c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric()));
    if rest.is_empty() {
        return "";
    }
    if rest.starts_with(['.', '…']) {
        return rest.trim_start_matches(['.', '…']);
    }
    token
}

/// Whether `text` written alone as a movetext token reads back as the move token `text`: not
/// empty, no whitespace or delimiter, not a termination marker, no move number, suffix annotation
/// or en passant mark that the reader would strip, and no `%` or byte order mark that could land
/// in the first column.
pub(super) fn is_plain_move_token(text: &str) -> bool {
    !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || (c.is_ascii() && is_delimiter(c as u8)))
        && Termination::from_token(text).is_none()
        && strip_move_number(text) == text
        && !text.ends_with(['!', '?'])
        && !text.ends_with("e.p.")
        && !text.starts_with(['%', '\u{feff}'])
}

impl Parser {
    fn ensure_begun<V: Visitor>(&mut self, line: u64, visitor: &mut V) {
        if !self.g.begun {
            self.g.begun = true;
            self.games += 1;
            visitor.begin_game(GameStart {
                index: self.games,
                line,
            });
            if let Some((at, byte)) = self.pending_control.take() {
                self.g.control_warned = true;
                self.warn(PgnError::ControlCharacter { line: at, byte }, visitor);
            }
        }
    }

    /// A run of control characters between tokens, starting with `byte` on line `line`: skipped,
    /// with a warning once per game (held for the next game when none has begun, so that bytes
    /// between games or at the end of the file make no game of their own).
    fn control<V: Visitor>(&mut self, line: u64, byte: u8, visitor: &mut V) {
        if !self.g.begun {
            self.pending_control.get_or_insert((line, byte));
        } else if !self.g.control_warned {
            self.g.control_warned = true;
            self.warn(PgnError::ControlCharacter { line, byte }, visitor);
        }
    }

    /// Whether visitor calls for movetext are off (skipped or failed game).
    const fn muted(&self) -> bool {
        self.g.skip || self.g.error.is_some()
    }

    fn end_tags<V: Visitor>(&mut self, visitor: &mut V) {
        if !self.g.tags_done {
            self.g.tags_done = true;
            if self.g.error.is_none() && visitor.end_tags() == Control::SkipMovetext {
                self.g.skip = true;
            }
        }
    }

    fn begin_movetext<V: Visitor>(&mut self, line: u64, visitor: &mut V) {
        self.ensure_begun(line, visitor);
        self.end_tags(visitor);
        self.g.movetext = true;
        self.g.content = true;
    }

    fn warn<V: Visitor>(&self, warning: PgnError, visitor: &mut V) {
        if self.g.error.is_none() {
            visitor.warning(warning);
        }
    }

    fn fail(&mut self, error: PgnError) {
        if self.g.error.is_none() {
            self.g.error = Some(error);
        }
    }

    /// Ends the current game. `None` when there was nothing worth returning.
    fn finish<V: Visitor>(
        &mut self,
        termination: Option<Termination>,
        line: u64,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PgnError>> {
        if !self.g.begun {
            return None;
        }
        if self.g.depth > 0 {
            let var_line = self.g.var_line;
            self.fail(PgnError::UnclosedVariation {
                line: var_line,
                end_line: line,
            });
        }
        let g = mem::take(&mut self.g);
        if let Some(error) = g.error {
            return Some(Err(error));
        }
        if !g.content {
            return None;
        }
        if !g.tags_done {
            let _ = visitor.end_tags();
        }
        Some(Ok(visitor.end_game(GameEnd {
            termination,
            line,
            skipped: g.stats,
        })))
    }

    fn finish_at_eof<V: Visitor>(
        &mut self,
        line: u64,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PgnError>> {
        if let Some(open) = self.g.comment.take() {
            self.fail(PgnError::UnterminatedComment { line: open.line });
        }
        self.finish(None, line, visitor)
    }

    /// Reads one element of the line at `*pos`.
    fn step<V: Visitor>(&mut self, line: &str, pos: &mut usize, ln: u64, visitor: &mut V) -> Step {
        let step = self.element(line, pos, ln, visitor);
        if let Some(latin1) = self.latin1_line {
            if self.g.begun && !self.g.utf8_warned && matches!(step, Step::More) {
                self.g.utf8_warned = true;
                self.warn(PgnError::NotUtf8 { line: latin1 }, visitor);
            }
        }
        step
    }

    /// Reads one element of the line at `*pos`.
    fn element<V: Visitor>(
        &mut self,
        line: &str,
        pos: &mut usize,
        ln: u64,
        visitor: &mut V,
    ) -> Step {
        if let Some(open) = self.g.comment {
            self.continue_comment(open, line, pos, visitor);
            return Step::More;
        }
        let bytes = line.as_bytes();
        let i = skip_whitespace(line, *pos);
        *pos = i;
        let Some(&b) = bytes.get(i) else {
            return Step::More;
        };
        match b {
            b'{' => self.open_comment(line, pos, ln, visitor),
            b';' => {
                self.ensure_begun(ln, visitor);
                self.end_tags(visitor);
                self.g.stats.comments += 1;
                if self.g.depth == 0 && !self.muted() {
                    visitor.comment(line.get(i + 1..).unwrap_or(""), ln);
                }
                *pos = line.len();
            }
            b'(' if line.get(i..).is_some_and(|s| s.starts_with("(=)")) => {
                // A draw offer as the Laws write it on a scoresheet (Appendix E.12), not a
                // variation: delivered as a comment.
                self.ensure_begun(ln, visitor);
                self.end_tags(visitor);
                self.g.stats.comments += 1;
                if self.g.depth == 0 && !self.muted() {
                    visitor.comment("(=)", ln);
                }
                *pos = i + 3;
            }
            b'(' => {
                self.begin_movetext(ln, visitor);
                if self.g.depth == 0 {
                    self.g.var_line = ln;
                }
                self.g.depth += 1;
                self.g.stats.variations += 1;
                *pos = i + 1;
            }
            b')' | b'}' | b']' => {
                *pos = i + 1;
                if b == b')' && self.g.depth > 0 {
                    self.g.depth -= 1;
                } else {
                    self.ensure_begun(ln, visitor);
                    self.warn(
                        PgnError::UnmatchedClose {
                            line: ln,
                            ch: char::from(b),
                        },
                        visitor,
                    );
                }
            }
            b'[' => {
                if self.g.movetext {
                    return Step::End(None);
                }
                self.tag(line, pos, ln, visitor);
            }
            b'$' => self.nag(line, pos, ln, visitor),
            b'*' => {
                *pos = i + 1;
                self.begin_movetext(ln, visitor);
                if self.g.depth == 0 {
                    return Step::End(Some(Termination::Unknown));
                }
            }
            _ if CLASS[usize::from(b)] == CONTROL => {
                let mut j = i + 1;
                while bytes
                    .get(j)
                    .is_some_and(|&c| CLASS[usize::from(c)] == CONTROL)
                {
                    j += 1;
                }
                *pos = j;
                self.control(ln, b, visitor);
            }
            _ => {
                let end = token_end(line, i);
                *pos = end;
                let token = line.get(i..end).unwrap_or("");
                return self.token(token, ln, visitor);
            }
        }
        Step::More
    }

    fn open_comment<V: Visitor>(&mut self, line: &str, pos: &mut usize, ln: u64, visitor: &mut V) {
        self.ensure_begun(ln, visitor);
        self.end_tags(visitor);
        self.g.stats.comments += 1;
        let deliver = self.g.depth == 0 && !self.muted();
        let start = *pos + 1;
        let rest = line.get(start..).unwrap_or("");
        let close = rest.find('}');
        let body = close.map_or(rest, |k| rest.get(..k).unwrap_or(""));
        let brace_warned = body.contains('{');
        if brace_warned {
            self.warn(PgnError::BraceInComment { line: ln }, visitor);
        }
        if let Some(k) = close {
            if deliver {
                visitor.comment(body, ln);
            }
            *pos = start + k + 1;
        } else {
            self.comment_buf.clear();
            if deliver {
                self.comment_buf.push_str(body);
            }
            self.g.comment = Some(OpenComment {
                line: ln,
                deliver,
                brace_warned,
            });
            *pos = line.len();
        }
    }

    fn continue_comment<V: Visitor>(
        &mut self,
        mut open: OpenComment,
        line: &str,
        pos: &mut usize,
        visitor: &mut V,
    ) {
        let rest = line.get(*pos..).unwrap_or("");
        let close = rest.find('}');
        let body = close.map_or(rest, |k| rest.get(..k).unwrap_or(""));
        if !open.brace_warned && body.contains('{') {
            open.brace_warned = true;
            self.warn(PgnError::BraceInComment { line: open.line }, visitor);
        }
        if open.deliver {
            self.comment_buf.push_str(body);
        }
        if let Some(k) = close {
            if open.deliver {
                visitor.comment(&self.comment_buf, open.line);
            }
            self.comment_buf.clear();
            self.g.comment = None;
            *pos += k + 1;
        } else {
            self.g.comment = Some(open);
            *pos = line.len();
        }
    }

    fn tag<V: Visitor>(&mut self, line: &str, pos: &mut usize, ln: u64, visitor: &mut V) {
        self.ensure_begun(ln, visitor);
        self.g.content = true;
        let b = line.as_bytes();
        let skip_ws = |mut i: usize| {
            while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            i
        };
        let name_start = skip_ws(*pos + 1);
        let mut i = name_start;
        while let Some(&c) = b.get(i) {
            if c.is_ascii_whitespace() || matches!(c, b'"' | b']' | b'[') {
                break;
            }
            i += 1;
        }
        let name = line.get(name_start..i).unwrap_or("");
        if name.is_empty() {
            *pos = line.len();
            self.fail(PgnError::MalformedTag {
                line: ln,
                what: "the tag name is missing",
            });
            return;
        }
        i = skip_ws(i);
        if b.get(i) != Some(&b'"') {
            *pos = line.len();
            self.fail(PgnError::MalformedTag {
                line: ln,
                what: "the tag value is not a quoted string",
            });
            return;
        }
        i += 1;
        self.value_buf.clear();
        let mut seg = i;
        loop {
            match b.get(i) {
                None => {
                    *pos = line.len();
                    self.fail(PgnError::UnterminatedTag { line: ln });
                    return;
                }
                Some(b'\\') => {
                    self.value_buf.push_str(line.get(seg..i).unwrap_or(""));
                    if let Some(&c @ (b'"' | b'\\')) = b.get(i + 1) {
                        self.value_buf.push(char::from(c));
                        i += 2;
                    } else {
                        self.value_buf.push('\\');
                        i += 1;
                    }
                    seg = i;
                }
                Some(b'"') => {
                    let k = skip_ws(i + 1);
                    if b.get(k) == Some(&b']') {
                        self.value_buf.push_str(line.get(seg..i).unwrap_or(""));
                        *pos = k + 1;
                        if self.g.error.is_none() {
                            visitor.tag(name, &self.value_buf, ln);
                        }
                        return;
                    }
                    // A quote inside the value, not escaped: keep it.
                    i += 1;
                }
                Some(_) => i += 1,
            }
        }
    }

    fn nag<V: Visitor>(&mut self, line: &str, pos: &mut usize, ln: u64, visitor: &mut V) {
        let b = line.as_bytes();
        let start = *pos;
        let mut i = start + 1;
        let mut value: u32 = 0;
        while let Some(&c) = b.get(i) {
            if !c.is_ascii_digit() {
                break;
            }
            value = value.saturating_mul(10).saturating_add(u32::from(c - b'0'));
            i += 1;
        }
        *pos = i;
        self.begin_movetext(ln, visitor);
        match u8::try_from(value) {
            Ok(nag) if i > start + 1 => {
                self.g.stats.nags += 1;
                if self.g.depth == 0 && !self.muted() {
                    visitor.nag(nag, ln);
                }
            }
            _ => self.warn(
                PgnError::BadNag {
                    line: ln,
                    text: line.get(start..i).unwrap_or("$").to_owned(),
                },
                visitor,
            ),
        }
    }

    fn token<V: Visitor>(&mut self, token: &str, ln: u64, visitor: &mut V) -> Step {
        let first = token.as_bytes().first().copied().unwrap_or(0);
        // Only `0-1`, `1-0`, `1/2-1/2`, `*` and `½-½` (U+00BD is C2 BD in UTF-8) can be markers.
        let marker = if matches!(first, b'0' | b'1' | 0xc2) {
            Termination::from_token(token)
        } else {
            None
        };
        if let Some(t) = marker {
            self.begin_movetext(ln, visitor);
            if self.g.depth == 0 {
                return Step::End(Some(t));
            }
            return Step::More;
        }
        self.begin_movetext(ln, visitor);
        let text = strip_move_number(token);
        let marks = text
            .as_bytes()
            .iter()
            .rev()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
        let split = text.len() - marks;
        let (san, suffix) = (
            text.get(..split).unwrap_or(""),
            text.get(split..).unwrap_or(""),
        );
        // The optional en passant mark of Appendix E.8 (`exd6 e.p.`, also glued: `exd6e.p.`).
        let san = san.strip_suffix("e.p.").unwrap_or(san);
        let deliver = self.g.depth == 0 && !self.muted();
        if deliver && !san.is_empty() {
            visitor.move_token(san, ln);
        }
        if !suffix.is_empty() {
            match suffix_nag(suffix) {
                Some(nag) => {
                    self.g.stats.nags += 1;
                    if deliver {
                        visitor.nag(nag, ln);
                    }
                }
                None => self.warn(
                    PgnError::BadSuffix {
                        line: ln,
                        text: suffix.to_owned(),
                    },
                    visitor,
                ),
            }
        }
        Step::More
    }
}
