//! The XML lists (`<playerslist><player>...</player>...</playerslist>`), read element by element
//! with quick-xml's streaming reader: one `<player>` in memory at a time.

use std::io::BufRead;

use quick_xml::Reader;
use quick_xml::events::Event;

use super::fields::{RawRecord, decode, name_hint};
use super::{
    ListFormat, ListHeader, ListHint, ListKind, ListPlace, ListedPlayer, RatingListError,
    RatingListKind,
};

/// Which field an element fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    FideId,
    Name,
    Federation,
    Sex,
    Title,
    WomenTitle,
    OtherTitles,
    Foa,
    BirthYear,
    Flag,
    Rated(RatingListKind, usize),
}

/// A reader of an XML list; each [`Iterator::next`] reads up to the next `</player>`.
#[derive(Debug)]
pub struct XmlList<R> {
    reader: Reader<R>,
    header: ListHeader,
    /// The list `<rating>`, `<games>` and `<k>` belong to: the file's list, standard in the
    /// combined file.
    primary: RatingListKind,
    buf: Vec<u8>,
    raw: RawRecord,
    records: u64,
    in_player: bool,
    slot: Option<Slot>,
    done: bool,
}

impl<R: BufRead> XmlList<R> {
    /// A reader over `reader`. The list is the file name's (`rapid_nov25frl_xml.xml`), else the
    /// hint's, else the combined list (FIDE's `players_list_xml_foa.xml`); the month is the file
    /// name's, else the hint's (the XML itself carries no date).
    pub fn new(reader: R, hint: &ListHint<'_>) -> XmlList<R> {
        let (name_kind, name_month) = hint.file_name.map(name_hint).unwrap_or_default();
        let kind = name_kind.or(hint.kind).unwrap_or(ListKind::Combined);
        XmlList {
            reader: Reader::from_reader(reader),
            header: ListHeader {
                format: ListFormat::Xml,
                kind,
                month: name_month.or(hint.date),
            },
            primary: kind.single().unwrap_or(RatingListKind::Standard),
            buf: Vec::with_capacity(1024),
            raw: RawRecord::default(),
            records: 0,
            in_player: false,
            slot: None,
            done: false,
        }
    }

    /// What the file is.
    pub const fn header(&self) -> &ListHeader {
        &self.header
    }
}

/// The field an element of a `<player>` fills; `primary` is the list of `<rating>`.
fn slot(primary: RatingListKind, element: &[u8]) -> Option<Slot> {
    let p = primary;
    Some(match element {
        b"fideid" => Slot::FideId,
        b"name" => Slot::Name,
        b"country" => Slot::Federation,
        b"sex" => Slot::Sex,
        b"title" => Slot::Title,
        b"w_title" => Slot::WomenTitle,
        b"o_title" => Slot::OtherTitles,
        b"foa_title" => Slot::Foa,
        b"birthday" => Slot::BirthYear,
        b"flag" => Slot::Flag,
        b"rating" => Slot::Rated(p, 0),
        b"games" => Slot::Rated(p, 1),
        b"k" => Slot::Rated(p, 2),
        b"rapid_rating" => Slot::Rated(RatingListKind::Rapid, 0),
        b"rapid_games" => Slot::Rated(RatingListKind::Rapid, 1),
        b"rapid_k" => Slot::Rated(RatingListKind::Rapid, 2),
        b"blitz_rating" => Slot::Rated(RatingListKind::Blitz, 0),
        b"blitz_games" => Slot::Rated(RatingListKind::Blitz, 1),
        b"blitz_k" => Slot::Rated(RatingListKind::Blitz, 2),
        _ => return None,
    })
}

/// The text an element's content goes to.
fn field(raw: &mut RawRecord, slot: Option<Slot>) -> Option<&mut String> {
    Some(match slot? {
        Slot::FideId => &mut raw.fide_id,
        Slot::Name => &mut raw.name,
        Slot::Federation => &mut raw.federation,
        Slot::Sex => &mut raw.sex,
        Slot::Title => &mut raw.title,
        Slot::WomenTitle => &mut raw.women_title,
        Slot::OtherTitles => &mut raw.other_titles,
        Slot::Foa => &mut raw.foa_title,
        Slot::BirthYear => &mut raw.birth_year,
        Slot::Flag => &mut raw.flag,
        Slot::Rated(kind, i) => &mut raw.ratings[kind as usize][i],
    })
}

impl<R: BufRead> XmlList<R> {
    fn step(&mut self) -> Result<Option<ListedPlayer>, RatingListError> {
        loop {
            self.buf.clear();
            let event = self
                .reader
                .read_event_into(&mut self.buf)
                .map_err(|source| RatingListError::Xml {
                    offset: self.reader.error_position(),
                    source,
                })?;
            match event {
                Event::Start(e) => {
                    if e.local_name().as_ref() == b"player" {
                        self.in_player = true;
                        self.raw.clear();
                        self.slot = None;
                    } else if self.in_player {
                        self.slot = slot(self.primary, e.local_name().as_ref());
                    }
                }
                Event::Empty(e) if e.local_name().as_ref() == b"player" => {
                    self.records += 1;
                    return Err(RatingListError::NoFideId {
                        place: self.place(),
                    });
                }
                Event::Text(t) => {
                    let text = decode(&t).into_owned();
                    if let Some(f) = field(&mut self.raw, self.slot) {
                        f.push_str(&text);
                    }
                }
                Event::CData(t) => {
                    let text = decode(&t).into_owned();
                    if let Some(f) = field(&mut self.raw, self.slot) {
                        f.push_str(&text);
                    }
                }
                Event::GeneralRef(r) => {
                    let text = if let Ok(Some(c)) = r.resolve_char_ref() {
                        c.to_string()
                    } else {
                        let name = decode(&r).into_owned();
                        quick_xml::escape::resolve_predefined_entity(&name)
                            .map_or_else(|| format!("&{name};"), str::to_owned)
                    };
                    if let Some(f) = field(&mut self.raw, self.slot) {
                        f.push_str(&text);
                    }
                }
                Event::End(e) => {
                    if e.local_name().as_ref() == b"player" {
                        self.in_player = false;
                        self.records += 1;
                        return self.raw.build(self.place()).map(Some);
                    }
                    self.slot = None;
                }
                Event::Eof => {
                    if self.in_player {
                        self.records += 1;
                        return Err(RatingListError::Truncated {
                            offset: self.reader.buffer_position(),
                        });
                    }
                    return Ok(None);
                }
                _ => {}
            }
        }
    }

    fn place(&self) -> ListPlace {
        ListPlace::Record {
            index: self.records,
            offset: self.reader.buffer_position(),
        }
    }
}

impl<R: BufRead> Iterator for XmlList<R> {
    type Item = Result<ListedPlayer, RatingListError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.step() {
            Ok(Some(p)) => Some(Ok(p)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}
