//! FIDE rating lists as FIDE publishes them for download (ratings.fide.com, "Download rating
//! lists"), read as a stream: one [`ListedPlayer`] at a time from any [`BufRead`], never the whole
//! file in memory (the full list has about 1.2 million players).
//!
//! The layouts read:
//! - the TXT lists, fixed width, one per rating list: `standard_nov25frl.txt`,
//!   `rapid_nov25frl.txt`, `blitz_nov25frl.txt`, with the header
//!   `ID Number  Name  Fed Sex Tit WTit OTit FOA NOV25 Gms K B-day Flag` (the rating column is
//!   headed by the list's month);
//! - the combined TXT list (`players_list_foa.txt`): `... FOA SRtng SGm SK RRtng RGm Rk BRtng BGm
//!   BK B-day Flag`, the three lists side by side;
//! - the XML lists: the combined `players_list_xml_foa.xml`
//!   (`<playerslist><player><fideid/><name/><country/><sex/><title/><w_title/><o_title/>
//!   <foa_title/><rating/><games/><k/><rapid_rating/><rapid_games/><rapid_k/><blitz_rating/>
//!   <blitz_games/><blitz_k/><birthday/><flag/></player>...`) and the single-list XML files
//!   (`standard_nov25frl_xml.xml`...), read with the same element names, where `<rating>`,
//!   `<games>` and `<k>` belong to the file's list.
//!
//! TXT columns are found from the header line (each field runs from its heading's first
//! character to the next heading's), so a list whose columns moved by a few characters reads
//! the same. Text is UTF-8 where it is valid UTF-8 and Latin-1 otherwise, line by line (TXT) or
//! field by field (XML): FIDE's TXT files have been published in Latin-1 (ISO 8859-1) and its XML
//! files declare UTF-8; both read here without being told.
//!
//! ```
//! use arbiter_tournament::rating_list::{ListHint, ListKind, RatingListKind, open};
//!
//! let file = "\
//! ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA NOV25 Gms K  B-day Flag
//! 12573981       Firouzja, Alireza                                            FRA M   GM                           2759  0   10 2003
//! ";
//! let hint = ListHint { file_name: Some("standard_nov25frl.txt"), ..ListHint::default() };
//! let mut list = open(file.as_bytes(), &hint)?;
//! assert_eq!(list.header().kind, ListKind::Standard);
//! assert_eq!(list.header().month.map(|d| d.to_string()).as_deref(), Some("2025-11-01"));
//! let p = list.next().unwrap()?;
//! assert_eq!((p.fide_id, p.name.as_str()), (12_573_981, "Firouzja, Alireza"));
//! assert_eq!(p.rating(RatingListKind::Standard).map(|r| (r.rating, r.k)), Some((2759, Some(10))));
//! # Ok::<(), arbiter_tournament::rating_list::RatingListError>(())
//! ```

mod fields;
#[cfg(test)]
mod tests;
mod txt;
mod write;
mod xml;

use std::fmt;
use std::io::BufRead;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::model::{Sex, Title};

pub use fields::{list_month, name_hint};
pub use txt::TxtList;
pub use write::{txt_header, txt_line, xml_record};
pub use xml::XmlList;

/// One of FIDE's three rating lists: the type rating changes use too.
pub use crate::rating_change::RatingListKind;

/// What a downloaded file holds: one list or the three together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListKind {
    /// The standard list alone (`standard_...frl.txt`).
    Standard,
    /// The rapid list alone (`rapid_...frl.txt`).
    Rapid,
    /// The blitz list alone (`blitz_...frl.txt`).
    Blitz,
    /// The three lists in one file (`players_list_foa.txt`, `players_list_xml_foa.xml`).
    Combined,
}

impl ListKind {
    /// The rating lists the file fills.
    #[must_use]
    pub const fn kinds(self) -> &'static [RatingListKind] {
        match self {
            ListKind::Standard => &[RatingListKind::Standard],
            ListKind::Rapid => &[RatingListKind::Rapid],
            ListKind::Blitz => &[RatingListKind::Blitz],
            ListKind::Combined => &RatingListKind::ALL,
        }
    }

    /// The one list of a single-list file; `None` for [`ListKind::Combined`].
    #[must_use]
    pub const fn single(self) -> Option<RatingListKind> {
        match self {
            ListKind::Standard => Some(RatingListKind::Standard),
            ListKind::Rapid => Some(RatingListKind::Rapid),
            ListKind::Blitz => Some(RatingListKind::Blitz),
            ListKind::Combined => None,
        }
    }

    /// `standard`, `rapid`, `blitz`, `combined`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ListKind::Standard => "standard",
            ListKind::Rapid => "rapid",
            ListKind::Blitz => "blitz",
            ListKind::Combined => "combined",
        }
    }
}

impl From<RatingListKind> for ListKind {
    fn from(k: RatingListKind) -> ListKind {
        match k {
            RatingListKind::Standard => ListKind::Standard,
            RatingListKind::Rapid => ListKind::Rapid,
            RatingListKind::Blitz => ListKind::Blitz,
        }
    }
}

impl fmt::Display for ListKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The file's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListFormat {
    /// Fixed-width text with a header line.
    Txt,
    /// `<playerslist>` XML.
    Xml,
}

/// What the caller knows of a file before reading it: its name (FIDE's names give the list and
/// the month: `rapid_nov25frl.txt`), and the list and month when the name does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListHint<'a> {
    /// The file's name as downloaded (a path is fine: only the last component is read).
    pub file_name: Option<&'a str>,
    /// The list, when neither the header (TXT combined) nor the name says.
    pub kind: Option<ListKind>,
    /// The list's month (its first day), when neither the header nor the name says.
    pub date: Option<NaiveDate>,
}

/// What the file is: read from its header, its name, else the caller's [`ListHint`] (in that
/// order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListHeader {
    /// TXT or XML.
    pub format: ListFormat,
    /// The list(s) it holds.
    pub kind: ListKind,
    /// The list's month as its first day (`NOV25` -> 2025-11-01); `None` when nothing says.
    pub month: Option<NaiveDate>,
}

/// One rating of a player in one list (the TXT columns `NOV25 Gms K` or `SRtng SGm SK`..., the
/// XML elements `rating games k`, `rapid_rating rapid_games rapid_k`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ListedRating {
    /// The rating (Elo points, B.02); a list's `0` or blank means unrated and gives no
    /// `ListedRating` at all.
    pub rating: u16,
    /// Rated games in the rating period (blank: 0).
    pub games: u16,
    /// Development coefficient K (B.02 Art. 8.3: 40, 20 or 10); `None` when blank.
    pub k: Option<u8>,
}

/// The `Flag` column: `i` inactive (B.02 Art. 7.1: no rated game for a year), `w` woman,
/// together `wi`; any other letters kept as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ListFlags {
    /// `i`: inactive.
    pub inactive: bool,
    /// `w`: a woman.
    pub woman: bool,
    /// Other letters, in file order.
    pub other: String,
}

impl ListFlags {
    /// Reads a flag text (`""`, `i`, `w`, `wi`, ...).
    #[must_use]
    pub fn parse(text: &str) -> ListFlags {
        let mut f = ListFlags::default();
        for c in text.trim().chars() {
            match c {
                'i' | 'I' => f.inactive = true,
                'w' | 'W' => f.woman = true,
                c if c.is_whitespace() => {}
                c => f.other.push(c),
            }
        }
        f
    }
}

impl fmt::Display for ListFlags {
    /// As FIDE writes it: `w` before `i`, then the others.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.woman {
            f.write_str("w")?;
        }
        if self.inactive {
            f.write_str("i")?;
        }
        f.write_str(&self.other)
    }
}

/// One player of a FIDE rating list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedPlayer {
    /// FIDE id (`ID Number`, `<fideid>`).
    pub fide_id: u64,
    /// `Last, First` as FIDE writes it (`Name`, `<name>`); FIDE's lists hold a few blank names.
    pub name: String,
    /// Federation, three letters (`Fed`, `<country>`); `FID` for FIDE's own.
    pub federation: String,
    /// `M` or `F` (`Sex`, `<sex>`).
    pub sex: Option<Sex>,
    /// The highest title (`Tit`, `<title>`): GM, IM, FM, CM, WGM, WIM, WFM, WCM.
    pub title: Option<Title>,
    /// The women's title (`WTit`, `<w_title>`): WGM, WIM, WFM, WCM.
    pub women_title: Option<Title>,
    /// Other titles (`OTit`, `<o_title>`, comma-separated): arbiter and trainer titles (IA, FA,
    /// NA, FT, FST, DI, IO, ...), as written.
    pub other_titles: Vec<String>,
    /// FIDE Online Arena title (`FOA`, `<foa_title>`): AGM, AIM, AFM, ACM.
    pub foa_title: Option<String>,
    /// Year of birth (`B-day`, `<birthday>`); `None` when blank or `0`.
    pub birth_year: Option<u16>,
    /// `Flag`, `<flag>`.
    pub flags: ListFlags,
    /// Standard rating, when rated in the file's standard list.
    pub standard: Option<ListedRating>,
    /// Rapid rating.
    pub rapid: Option<ListedRating>,
    /// Blitz rating.
    pub blitz: Option<ListedRating>,
}

impl ListedPlayer {
    /// The rating in one list.
    #[must_use]
    pub const fn rating(&self, kind: RatingListKind) -> Option<&ListedRating> {
        match kind {
            RatingListKind::Standard => self.standard.as_ref(),
            RatingListKind::Rapid => self.rapid.as_ref(),
            RatingListKind::Blitz => self.blitz.as_ref(),
        }
    }

    /// The title to register the player with: the `Tit` column, else the women's title.
    #[must_use]
    pub fn best_title(&self) -> Option<&Title> {
        self.title.as_ref().or(self.women_title.as_ref())
    }

    /// The player to register in an event rated in list `kind` (B.02 Art. 1): the name, sex,
    /// title ([`best_title`](Self::best_title)), federation, FIDE id, birth year (as the birth
    /// date, a year alone) and the rating and K-factor of that list (none when unrated in it).
    /// A hidden character the list's name may hold (a bidi control, an invisible format
    /// character: [`crate::names::hidden`]) is dropped: a name enters no tournament with one.
    #[must_use]
    pub fn to_player(
        &self,
        pairing_number: crate::PairingNumber,
        kind: RatingListKind,
    ) -> crate::Player {
        let rated = self.rating(kind);
        let mut p = crate::Player::new(pairing_number, crate::names::visible(&self.name));
        p.sex = self.sex;
        p.title = self.best_title().cloned();
        p.rating = rated.map(|r| r.rating);
        p.k_factor = rated.and_then(|r| r.k);
        p.federation = Some(self.federation.clone());
        p.fide_id = Some(self.fide_id);
        p.birth_date = self
            .birth_year
            .and_then(|y| crate::date::PartialDate::year_only(i32::from(y)));
        p
    }

    pub(crate) fn rating_mut(&mut self, kind: RatingListKind) -> &mut Option<ListedRating> {
        match kind {
            RatingListKind::Standard => &mut self.standard,
            RatingListKind::Rapid => &mut self.rapid,
            RatingListKind::Blitz => &mut self.blitz,
        }
    }
}

/// A field of a list record, as an error names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListField {
    /// `ID Number`, `<fideid>`.
    FideId,
    /// `Name`.
    Name,
    /// `Fed`, `<country>`.
    Federation,
    /// `Sex`.
    Sex,
    /// `Tit`.
    Title,
    /// `WTit`, `<w_title>`.
    WomenTitle,
    /// `FOA`.
    FoaTitle,
    /// A list's rating.
    Rating(RatingListKind),
    /// A list's games.
    Games(RatingListKind),
    /// A list's K.
    K(RatingListKind),
    /// `B-day`, `<birthday>`.
    BirthYear,
}

impl fmt::Display for ListField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListField::FideId => f.write_str("FIDE id"),
            ListField::Name => f.write_str("name"),
            ListField::Federation => f.write_str("federation"),
            ListField::Sex => f.write_str("sex"),
            ListField::Title => f.write_str("title"),
            ListField::WomenTitle => f.write_str("women's title"),
            ListField::FoaTitle => f.write_str("FOA title"),
            ListField::Rating(k) => write!(f, "{k} rating"),
            ListField::Games(k) => write!(f, "{k} games"),
            ListField::K(k) => write!(f, "{k} K-factor"),
            ListField::BirthYear => f.write_str("birth year"),
        }
    }
}

/// Where in a file a record is: a TXT line, or an XML record with the byte offset of its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListPlace {
    /// TXT: line number, from 1 (the header is line 1).
    Line(u64),
    /// XML: the `<player>` element's number, from 1, and the byte offset where it ends.
    Record {
        /// From 1.
        index: u64,
        /// Bytes from the start of the file.
        offset: u64,
    },
}

impl fmt::Display for ListPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListPlace::Line(n) => write!(f, "line {n}"),
            ListPlace::Record { index, offset } => write!(f, "record {index} (byte {offset})"),
        }
    }
}

/// Why a rating list cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum RatingListError {
    /// Reading the file failed.
    #[error("reading the rating list: {0}")]
    Io(#[from] std::io::Error),
    /// A TXT file without its header line (`ID Number  Name ...`) first.
    #[error("line {line}: not a FIDE rating list header (it starts `ID Number  Name`)")]
    NoHeader {
        /// The first line that is not blank.
        line: u64,
    },
    /// The TXT header lacks a column every list has.
    #[error("line {line}: the header has no `{column}` column")]
    MissingColumn {
        /// The header's line.
        line: u64,
        /// The heading looked for.
        column: &'static str,
    },
    /// Neither the header, the file name nor the caller says which list a single-list file is.
    #[error(
        "which list (standard, rapid or blitz) this file is: neither its header nor its name says"
    )]
    UnknownKind,
    /// A field that does not read.
    #[error("{place}: {field} `{value}` does not read")]
    Field {
        /// Where.
        place: ListPlace,
        /// Which field.
        field: ListField,
        /// The text found.
        value: String,
    },
    /// A record without a FIDE id.
    #[error("{place}: no FIDE id")]
    NoFideId {
        /// Where.
        place: ListPlace,
    },
    /// An XML file that ends inside a `<player>` element.
    #[error("byte {offset}: the file ends inside a <player> record")]
    Truncated {
        /// Bytes from the start of the file.
        offset: u64,
    },
    /// Malformed XML.
    #[error("byte {offset}: malformed XML: {source}")]
    Xml {
        /// Bytes from the start of the file.
        offset: u64,
        /// The XML reader's error.
        source: quick_xml::Error,
    },
}

/// A rating list being read: TXT or XML, one [`ListedPlayer`] per item, in file order.
#[derive(Debug)]
pub enum RatingList<R> {
    /// A fixed-width TXT list.
    Txt(TxtList<R>),
    /// An XML list.
    Xml(XmlList<R>),
}

impl<R: BufRead> RatingList<R> {
    /// What the file is.
    #[must_use]
    pub const fn header(&self) -> &ListHeader {
        match self {
            RatingList::Txt(t) => t.header(),
            RatingList::Xml(x) => x.header(),
        }
    }
}

impl<R: BufRead> Iterator for RatingList<R> {
    type Item = Result<ListedPlayer, RatingListError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            RatingList::Txt(t) => t.next(),
            RatingList::Xml(x) => x.next(),
        }
    }
}

/// Opens a rating list of any published layout: XML when its first character (after a byte-order
/// mark and blanks) is `<`, TXT otherwise (its header is read here).
///
/// # Errors
/// [`RatingListError::Io`]; for TXT, [`RatingListError::NoHeader`],
/// [`RatingListError::MissingColumn`] or [`RatingListError::UnknownKind`] (a single-list TXT
/// file whose name does not say its list, with no [`ListHint::kind`]).
pub fn open<R: BufRead>(
    mut reader: R,
    hint: &ListHint<'_>,
) -> Result<RatingList<R>, RatingListError> {
    let buf = reader.fill_buf()?;
    let buf = buf.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(buf);
    let xml = buf
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'<');
    if xml {
        Ok(RatingList::Xml(XmlList::new(reader, hint)))
    } else {
        Ok(RatingList::Txt(TxtList::new(reader, hint)?))
    }
}
