//! Writing lists in FIDE's published layouts (for fixtures, benches and tests): the TXT header
//! and lines at FIDE's column positions, the XML records with FIDE's element names.

use std::fmt::Write as _;

use chrono::{Datelike, NaiveDate};

use super::{ListKind, ListedPlayer, RatingListKind};

/// FIDE's TXT column starts shared by every list: `ID Number` 0, `Name` 15, `Fed` 76, `Sex` 80,
/// `Tit` 84, `WTit` 89, `OTit` 94, `FOA` 109; the ratings from 113.
const COMMON: [(usize, &str); 9] = [
    (0, "ID Number"),
    (15, "Name"),
    (76, "Fed"),
    (80, "Sex"),
    (84, "Tit"),
    (89, "WTit"),
    (94, "OTit"),
    (109, "FOA"),
    (113, ""),
];

/// The header line of a TXT list (no line ending): a single list's rating column headed by its
/// month (`NOV25`; `RTNG` without one), the combined list's `SRtng SGm SK RRtng RGm Rk BRtng
/// BGm BK`.
#[must_use]
pub fn txt_header(kind: ListKind, month: Option<NaiveDate>) -> String {
    let mut line = String::with_capacity(170);
    let mut put = |at: usize, text: &str| {
        while line.len() < at {
            line.push(' ');
        }
        line.push_str(text);
    };
    for (at, h) in &COMMON[..8] {
        put(*at, h);
    }
    let tail: Vec<(usize, String)> = if kind == ListKind::Combined {
        [
            "SRtng", "SGm", "SK", "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK",
        ]
        .iter()
        .zip([113, 119, 123, 126, 132, 136, 139, 145, 149])
        .map(|(h, at)| (at, (*h).to_owned()))
        .chain([(152, "B-day".to_owned()), (158, "Flag".to_owned())])
        .collect()
    } else {
        let month = month.map_or_else(
            || "RTNG".to_owned(),
            |d| {
                const M: [&str; 12] = [
                    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV",
                    "DEC",
                ];
                format!("{}{:02}", M[d.month0() as usize], d.year().rem_euclid(100))
            },
        );
        vec![
            (113, month),
            (119, "Gms".into()),
            (123, "K".into()),
            (126, "B-day".into()),
            (132, "Flag".into()),
        ]
    };
    for (at, h) in &tail {
        put(*at, h);
    }
    line
}

/// One player as a TXT line of a `kind` list (no line ending; characters padded, so a name with
/// accents keeps the columns when the line is encoded in Latin-1 as FIDE's files are).
#[must_use]
pub fn txt_line(p: &ListedPlayer, kind: ListKind) -> String {
    let mut line = String::with_capacity(170);
    let mut width = 0;
    let mut put = |at: usize, text: &str| {
        while width < at {
            line.push(' ');
            width += 1;
        }
        line.push_str(text);
        width += text.chars().count();
    };
    let title = |t: Option<&crate::Title>| t.map(|t| t.as_str().to_owned()).unwrap_or_default();
    put(0, &p.fide_id.to_string());
    put(15, &p.name);
    put(76, &p.federation);
    put(
        80,
        match p.sex {
            Some(crate::Sex::Male) => "M",
            Some(crate::Sex::Female) => "F",
            None => "",
        },
    );
    put(84, &title(p.title.as_ref()));
    put(89, &title(p.women_title.as_ref()));
    put(94, &p.other_titles.join(","));
    put(109, p.foa_title.as_deref().unwrap_or(""));
    let rated = |k: RatingListKind| {
        p.rating(k).map_or_else(
            || [String::new(), String::new(), String::new()],
            |r| {
                [
                    r.rating.to_string(),
                    r.games.to_string(),
                    r.k.map(|k| k.to_string()).unwrap_or_default(),
                ]
            },
        )
    };
    let (rest, birth, flag) = if let Some(single) = kind.single() {
        let [r, g, k] = rated(single);
        (vec![(113, r), (119, g), (123, k)], 126, 132)
    } else {
        let mut v = Vec::new();
        for (i, k) in RatingListKind::ALL.into_iter().enumerate() {
            let [r, g, kk] = rated(k);
            let base = [113, 126, 139][i];
            v.extend([(base, r), (base + 6, g), (base + 10, kk)]);
        }
        (v, 152, 158)
    };
    for (at, t) in &rest {
        put(*at, t);
    }
    put(
        birth,
        &p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
    );
    put(flag, &p.flags.to_string());
    line.truncate(line.trim_end().len());
    line
}

/// One player as an XML `<player>` record of a `kind` list, with FIDE's element names (the
/// combined list's `rapid_*` and `blitz_*` elements only in the combined list), escaped.
#[must_use]
pub fn xml_record(p: &ListedPlayer, kind: ListKind) -> String {
    let mut s = String::with_capacity(600);
    let esc = |t: &str| quick_xml::escape::escape(t).into_owned();
    let title = |t: Option<&crate::Title>| t.map(|t| t.as_str().to_owned()).unwrap_or_default();
    let mut el = |name: &str, value: &str| {
        let _ = write!(s, "<{name}>{}</{name}>", esc(value));
    };
    el("fideid", &p.fide_id.to_string());
    el("name", &p.name);
    el("country", &p.federation);
    el(
        "sex",
        match p.sex {
            Some(crate::Sex::Male) => "M",
            Some(crate::Sex::Female) => "F",
            None => "",
        },
    );
    el("title", &title(p.title.as_ref()));
    el("w_title", &title(p.women_title.as_ref()));
    el("o_title", &p.other_titles.join(","));
    el("foa_title", p.foa_title.as_deref().unwrap_or(""));
    let kinds: &[(RatingListKind, &str)] = match kind.single() {
        Some(k) => &[(k, "")][..],
        None => &[
            (RatingListKind::Standard, ""),
            (RatingListKind::Rapid, "rapid_"),
            (RatingListKind::Blitz, "blitz_"),
        ][..],
    };
    let kinds: Vec<(RatingListKind, &str)> = kinds.to_vec();
    for (k, prefix) in kinds {
        let r = p.rating(k);
        el(
            &format!("{prefix}rating"),
            &r.map(|r| r.rating.to_string()).unwrap_or_default(),
        );
        el(
            &format!("{prefix}games"),
            &r.map(|r| r.games.to_string()).unwrap_or_default(),
        );
        el(
            &format!("{prefix}k"),
            &r.and_then(|r| r.k)
                .map(|k| k.to_string())
                .unwrap_or_default(),
        );
    }
    el(
        "birthday",
        &p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
    );
    el("flag", &p.flags.to_string());
    format!("<player>{s}</player>")
}
