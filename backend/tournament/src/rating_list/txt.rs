//! The fixed-width TXT lists: columns found from the header line, one record per line.

use std::io::BufRead;
use std::ops::Range;

use super::fields::{RawRecord, decode, list_month, name_hint};
use super::{
    ListFormat, ListHeader, ListHint, ListKind, ListPlace, ListedPlayer, RatingListError,
    RatingListKind,
};

/// What a heading heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Id,
    Name,
    Fed,
    Sex,
    Title,
    WomenTitle,
    OtherTitles,
    Foa,
    /// Rating, games or K (0, 1, 2) of a list; `None`: the single list of the file.
    Rated(Option<RatingListKind>, usize),
    BirthYear,
    Flag,
    Ignored,
}

/// A reader of a TXT list: its header is read by [`TxtList::new`], then each [`Iterator::next`]
/// reads one line.
#[derive(Debug)]
pub struct TxtList<R> {
    reader: R,
    header: ListHeader,
    /// Each column and the characters it spans (the last one runs to the end of the line).
    columns: Vec<(Col, Range<usize>)>,
    line: u64,
    buf: Vec<u8>,
    raw: RawRecord,
    done: bool,
}

impl<R: BufRead> TxtList<R> {
    /// Reads the header line (blank lines before it are skipped) and finds the columns.
    ///
    /// # Errors
    /// [`RatingListError::NoHeader`] when the first line that is not blank does not start with
    /// `ID`, [`RatingListError::MissingColumn`] when the header lacks `ID Number`, `Name`, `Fed`
    /// or a rating column, [`RatingListError::UnknownKind`] for a single-list file whose list
    /// nothing says, [`RatingListError::Io`].
    pub fn new(mut reader: R, hint: &ListHint<'_>) -> Result<TxtList<R>, RatingListError> {
        let mut buf = Vec::new();
        let mut line = 0;
        let header_text = loop {
            buf.clear();
            if reader.read_until(b'\n', &mut buf)? == 0 {
                return Err(RatingListError::NoHeader { line: line.max(1) });
            }
            line += 1;
            let text = decode(trim_end(&buf)).into_owned();
            let text = text.trim_start_matches('\u{FEFF}').to_owned();
            if !text.trim().is_empty() {
                break text;
            }
        };
        if !header_text
            .trim_start()
            .get(..2)
            .is_some_and(|s| s.eq_ignore_ascii_case("id"))
        {
            return Err(RatingListError::NoHeader { line });
        }
        let (columns, month) = columns(&header_text);
        let has = |c: Col| columns.iter().any(|(k, _)| *k == c);
        for (col, name) in [
            (Col::Id, "ID Number"),
            (Col::Name, "Name"),
            (Col::Fed, "Fed"),
        ] {
            if !has(col) {
                return Err(RatingListError::MissingColumn { line, column: name });
            }
        }
        let combined = columns
            .iter()
            .any(|(c, _)| matches!(c, Col::Rated(Some(_), _)));
        let single = columns
            .iter()
            .any(|(c, _)| matches!(c, Col::Rated(None, 0)));
        if !combined && !single {
            return Err(RatingListError::MissingColumn {
                line,
                column: "rating",
            });
        }
        let (name_kind, name_month) = hint.file_name.map(name_hint).unwrap_or_default();
        let kind = if combined {
            ListKind::Combined
        } else {
            [name_kind, hint.kind]
                .into_iter()
                .flatten()
                .find(|k| *k != ListKind::Combined)
                .ok_or(RatingListError::UnknownKind)?
        };
        let header = ListHeader {
            format: ListFormat::Txt,
            kind,
            month: month.or(name_month).or(hint.date),
        };
        // A single list's rating columns belong to its list from here on.
        let columns = columns
            .into_iter()
            .map(|(c, r)| match c {
                Col::Rated(None, i) => (Col::Rated(kind.single(), i), r),
                c => (c, r),
            })
            .collect();
        Ok(TxtList {
            reader,
            header,
            columns,
            line,
            buf,
            raw: RawRecord::default(),
            done: false,
        })
    }

    /// What the file is.
    pub const fn header(&self) -> &ListHeader {
        &self.header
    }

    fn record(&mut self) -> Result<ListedPlayer, RatingListError> {
        let place = ListPlace::Line(self.line);
        let bytes = trim_end(&self.buf);
        self.raw.clear();
        if bytes.is_ascii() {
            let text = std::str::from_utf8(bytes).unwrap_or_default();
            let len = text.len();
            fill(&mut self.raw, &self.columns, |r| {
                text.get(r.start.min(len)..r.end.min(len)).unwrap_or("")
            });
            return self.raw.build(place);
        }
        // Columns count characters: a Latin-1 file has one byte per character, a UTF-8 file
        // written padded by characters too. A UTF-8 file padded by bytes is read by bytes.
        let text = decode(bytes);
        let starts: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        let by_char = |r: Range<usize>| {
            let a = starts.get(r.start).copied().unwrap_or(text.len());
            let b = starts.get(r.end).copied().unwrap_or(text.len());
            text.get(a..b).unwrap_or("")
        };
        let fed_ok =
            |s: &str| s.trim().len() == 3 && s.trim().bytes().all(|b| b.is_ascii_uppercase());
        let fed = self
            .columns
            .iter()
            .find(|(c, _)| *c == Col::Fed)
            .map(|(_, r)| r.clone());
        let by_bytes = std::str::from_utf8(bytes).is_ok()
            && fed.is_some_and(|r| {
                !fed_ok(by_char(r.clone()))
                    && bytes
                        .get(r)
                        .is_some_and(|b| fed_ok(&String::from_utf8_lossy(b)))
            });
        if by_bytes {
            let owned: Vec<(Col, String)> = self
                .columns
                .iter()
                .map(|(c, r)| {
                    let a = r.start.min(bytes.len());
                    let b = r.end.min(bytes.len());
                    (*c, String::from_utf8_lossy(&bytes[a..b]).into_owned())
                })
                .collect();
            let mut i = 0;
            fill(&mut self.raw, &self.columns, |_| {
                i += 1;
                owned[i - 1].1.as_str()
            });
        } else {
            fill(&mut self.raw, &self.columns, by_char);
        }
        self.raw.build(place)
    }
}

impl<R: BufRead> Iterator for TxtList<R> {
    type Item = Result<ListedPlayer, RatingListError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            self.buf.clear();
            match self.reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => {
                    self.done = true;
                    return None;
                }
                Ok(_) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(e.into()));
                }
            }
            self.line += 1;
            if trim_end(&self.buf).iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let r = self.record();
            if r.is_err() {
                self.done = true;
            }
            return Some(r);
        }
    }
}

/// A line without its line ending (`\n`, `\r\n`) and trailing blanks.
fn trim_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|b| !matches!(b, b'\n' | b'\r' | b' ' | b'\t'))
        .map_or(0, |i| i + 1);
    &line[..end]
}

/// Copies each column's text into its field.
fn fill<'a>(
    raw: &mut RawRecord,
    columns: &[(Col, Range<usize>)],
    mut text: impl FnMut(Range<usize>) -> &'a str,
) {
    for (col, range) in columns {
        let s = text(range.clone());
        let field = match *col {
            Col::Id => &mut raw.fide_id,
            Col::Name => &mut raw.name,
            Col::Fed => &mut raw.federation,
            Col::Sex => &mut raw.sex,
            Col::Title => &mut raw.title,
            Col::WomenTitle => &mut raw.women_title,
            Col::OtherTitles => &mut raw.other_titles,
            Col::Foa => &mut raw.foa_title,
            Col::BirthYear => &mut raw.birth_year,
            Col::Flag => &mut raw.flag,
            Col::Rated(Some(kind), i) => &mut raw.ratings[kind as usize][i],
            Col::Rated(None, _) | Col::Ignored => continue,
        };
        field.push_str(s);
    }
}

/// The header's headings, each with the characters its column spans, and the month heading's
/// date (single lists).
fn columns(header: &str) -> (Vec<(Col, Range<usize>)>, Option<chrono::NaiveDate>) {
    // Headings are runs of non-blank characters; `ID Number` is one heading of two words.
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in header.char_indices().chain([(header.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                words.push((s, &header[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    let mut month = None;
    let mut cols: Vec<(Col, usize)> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let (at, w) = words[i];
        let lower = w.to_ascii_lowercase();
        let col = match lower.as_str() {
            "id" => {
                if words
                    .get(i + 1)
                    .is_some_and(|(_, n)| n.eq_ignore_ascii_case("number"))
                {
                    i += 1;
                }
                Col::Id
            }
            "name" => Col::Name,
            "fed" => Col::Fed,
            "sex" => Col::Sex,
            "tit" | "titl" => Col::Title,
            "wtit" => Col::WomenTitle,
            "otit" => Col::OtherTitles,
            "foa" => Col::Foa,
            "gms" | "games" => Col::Rated(None, 1),
            "k" => Col::Rated(None, 2),
            "srtng" => Col::Rated(Some(RatingListKind::Standard), 0),
            "sgm" => Col::Rated(Some(RatingListKind::Standard), 1),
            "sk" => Col::Rated(Some(RatingListKind::Standard), 2),
            "rrtng" => Col::Rated(Some(RatingListKind::Rapid), 0),
            "rgm" => Col::Rated(Some(RatingListKind::Rapid), 1),
            "rk" => Col::Rated(Some(RatingListKind::Rapid), 2),
            "brtng" => Col::Rated(Some(RatingListKind::Blitz), 0),
            "bgm" => Col::Rated(Some(RatingListKind::Blitz), 1),
            "bk" => Col::Rated(Some(RatingListKind::Blitz), 2),
            "b-day" | "bday" | "born" => Col::BirthYear,
            "flag" => Col::Flag,
            "rtng" | "rating" => Col::Rated(None, 0),
            other => match list_month(other) {
                Some(d) => {
                    month = Some(d);
                    Col::Rated(None, 0)
                }
                None => Col::Ignored,
            },
        };
        // Character positions, not byte positions (the header is ASCII in every list seen).
        let at = header[..at].chars().count();
        cols.push((col, at));
        i += 1;
    }
    let mut out = Vec::with_capacity(cols.len());
    for (j, &(col, at)) in cols.iter().enumerate() {
        let end = cols.get(j + 1).map_or(usize::MAX / 2, |&(_, next)| next);
        // Every column starts at the first character of the line's field: the first column
        // (the id) from the line's start.
        let at = if j == 0 { 0 } else { at };
        out.push((col, at..end));
    }
    (out, month)
}
