//! The readers on hand-made lines in FIDE's layouts: each expected value is read off the line
//! written in the test (the column starts are FIDE's: ID 0, Name 15, Fed 76, Sex 80, Tit 84,
//! WTit 89, OTit 94, FOA 109, rating 113, Gms 119, K 123, B-day 126, Flag 132).

use chrono::NaiveDate;

use super::*;

const STD_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA NOV25 Gms K  B-day Flag";
const COMBINED_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// A line with each text at its column start (characters).
fn line(fields: &[(usize, &str)]) -> String {
    let mut s = String::new();
    for (at, t) in fields {
        while s.chars().count() < *at {
            s.push(' ');
        }
        s.push_str(t);
    }
    s
}

fn read_all(bytes: &[u8], hint: &ListHint<'_>) -> (ListHeader, Vec<ListedPlayer>) {
    let list = open(bytes, hint).expect("opens");
    let header = *list.header();
    let players = list.collect::<Result<Vec<_>, _>>().expect("reads");
    (header, players)
}

fn date(y: i32, m: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, 1).unwrap()
}

#[test]
fn standard_txt_reads_every_field() {
    let lines = [
        STD_HEADER.to_owned(),
        line(&[
            (0, "99100001"),
            (15, "Tabatabaei, M. Amin"),
            (76, "IRI"),
            (80, "M"),
            (84, "GM"),
            (113, "2687"),
            (119, "9"),
            (123, "10"),
            (126, "2001"),
        ]),
        line(&[
            (0, "99100002"),
            (15, "Khademalsharieh, Sarasadat"),
            (76, "ESP"),
            (80, "F"),
            (84, "IM"),
            (89, "WGM"),
            (94, "FT,FA"),
            (109, "AIM"),
            (113, "2393"),
            (119, "0"),
            (123, "20"),
            (126, "1997"),
            (132, "wi"),
        ]),
    ];
    let file = lines.join("\r\n") + "\r\n";
    let hint = ListHint {
        file_name: Some("standard_nov25frl.txt"),
        ..ListHint::default()
    };
    let (header, players) = read_all(file.as_bytes(), &hint);
    assert_eq!(header.format, ListFormat::Txt);
    assert_eq!(header.kind, ListKind::Standard);
    // `NOV25` over the rating column: November 2025.
    assert_eq!(header.month, Some(date(2025, 11)));
    assert_eq!(players.len(), 2);
    let a = &players[0];
    assert_eq!(a.fide_id, 99_100_001);
    assert_eq!(a.name, "Tabatabaei, M. Amin");
    assert_eq!(a.federation, "IRI");
    assert_eq!(a.sex, Some(Sex::Male));
    assert_eq!(a.title, Some(Title::Gm));
    assert_eq!(a.women_title, None);
    assert!(a.other_titles.is_empty());
    assert_eq!(a.birth_year, Some(2001));
    assert_eq!(a.flags, ListFlags::default());
    assert_eq!(
        a.standard,
        Some(ListedRating {
            rating: 2687,
            games: 9,
            k: Some(10)
        })
    );
    assert_eq!((a.rapid, a.blitz), (None, None));
    let b = &players[1];
    assert_eq!(b.sex, Some(Sex::Female));
    assert_eq!(b.title, Some(Title::Im));
    assert_eq!(b.women_title, Some(Title::Wgm));
    assert_eq!(b.other_titles, ["FT", "FA"]);
    assert_eq!(b.foa_title.as_deref(), Some("AIM"));
    assert!(b.flags.inactive && b.flags.woman && b.flags.other.is_empty());
    assert_eq!(b.flags.to_string(), "wi");
    assert_eq!(
        b.standard.map(|r| (r.rating, r.games, r.k)),
        Some((2393, 0, Some(20)))
    );
}

#[test]
fn combined_txt_fills_the_three_lists_and_takes_the_date_from_the_caller() {
    let l = line(&[
        (0, "703303"),
        (15, "Leko, Peter"),
        (76, "HUN"),
        (80, "M"),
        (84, "GM"),
        (113, "2676"),
        (119, "0"),
        (123, "10"),
        (126, "2700"),
        (132, "3"),
        (136, "20"),
        (139, "2738"),
        (145, "11"),
        (149, "20"),
        (152, "1979"),
    ]);
    let file = format!("{COMBINED_HEADER}\n{l}\n");
    let hint = ListHint {
        file_name: Some("players_list_foa.txt"),
        kind: None,
        date: Some(date(2025, 11)),
    };
    let (header, players) = read_all(file.as_bytes(), &hint);
    assert_eq!(header.kind, ListKind::Combined);
    // No month heading in the combined list, none in its name: the caller's.
    assert_eq!(header.month, Some(date(2025, 11)));
    let p = &players[0];
    let got: Vec<_> = RatingListKind::ALL
        .iter()
        .map(|&k| p.rating(k).map(|r| (r.rating, r.games, r.k)))
        .collect();
    assert_eq!(
        got,
        [
            Some((2676, 0, Some(10))),
            Some((2700, 3, Some(20))),
            Some((2738, 11, Some(20)))
        ]
    );
    assert_eq!(p.birth_year, Some(1979));
}

#[test]
fn columns_come_from_the_header_not_fixed_offsets() {
    // Every column after the name moved two characters right (a name column of 63).
    let header = STD_HEADER.replacen("Fed", "  Fed", 1);
    let l = line(&[
        (0, "99000018"),
        (15, "Ghaem Maghami, Ehsan"),
        (78, "IRI"),
        (82, "M"),
        (86, "GM"),
        (115, "2450"),
        (121, "12"),
        (125, "10"),
        (128, "1982"),
        (134, "i"),
    ]);
    let file = format!("{header}\n{l}\n");
    let hint = ListHint {
        kind: Some(ListKind::Rapid),
        ..ListHint::default()
    };
    let (head, players) = read_all(file.as_bytes(), &hint);
    assert_eq!(head.kind, ListKind::Rapid);
    let p = &players[0];
    assert_eq!(p.federation, "IRI");
    assert_eq!(p.title, Some(Title::Gm));
    // A rapid list's rating column fills the rapid rating only.
    assert_eq!(p.standard, None);
    assert_eq!(
        p.rapid.map(|r| (r.rating, r.games, r.k)),
        Some((2450, 12, Some(10)))
    );
    assert_eq!(p.birth_year, Some(1982));
    assert!(p.flags.inactive);
}

#[test]
fn latin1_and_utf8_names_read_alike() {
    let name = "Müller, Jörg";
    let l = line(&[
        (0, "4600010"),
        (15, name),
        (76, "GER"),
        (80, "M"),
        (113, "2101"),
        (119, "4"),
        (123, "20"),
        (126, "1960"),
    ]);
    let text = format!("{STD_HEADER}\n{l}\n");
    let latin1 = crate::encode_latin1(&text).expect("Latin-1");
    assert_ne!(latin1.as_slice(), text.as_bytes());
    let hint = ListHint {
        file_name: Some("blitz_jan26frl.txt"),
        ..ListHint::default()
    };
    for bytes in [latin1.as_slice(), text.as_bytes()] {
        let (head, players) = read_all(bytes, &hint);
        assert_eq!(head.kind, ListKind::Blitz);
        assert_eq!(players[0].name, name);
        assert_eq!(players[0].federation, "GER");
        assert_eq!(players[0].blitz.map(|r| r.rating), Some(2101));
    }
    // A UTF-8 file padded by bytes (ü and ö take two bytes each: two characters short) is read
    // by bytes.
    let mut by_bytes = String::from("4600010        ");
    by_bytes.push_str(name);
    while by_bytes.len() < 76 {
        by_bytes.push(' ');
    }
    by_bytes.push_str("GER M                                2101  4   20 1960");
    let (_, players) = read_all(format!("{STD_HEADER}\n{by_bytes}\n").as_bytes(), &hint);
    assert_eq!(players[0].name, name);
    assert_eq!(players[0].federation, "GER");
    assert_eq!(
        players[0].blitz.map(|r| (r.rating, r.k)),
        Some((2101, Some(20)))
    );
}

#[test]
fn a_bad_field_names_its_line_field_and_value() {
    let good = line(&[(0, "1"), (15, "A, B"), (76, "FID"), (113, "1500")]);
    let bad = line(&[(0, "2"), (15, "C, D"), (76, "FID"), (113, "15O0")]);
    // Line 1 the header, 2 good, 3 blank, 4 bad.
    let file = format!("{STD_HEADER}\n{good}\n\n{bad}\n");
    let hint = ListHint {
        kind: Some(ListKind::Standard),
        ..ListHint::default()
    };
    let mut list = open(file.as_bytes(), &hint).unwrap();
    assert!(list.next().unwrap().is_ok());
    match list.next().unwrap() {
        Err(RatingListError::Field {
            place,
            field,
            value,
        }) => {
            assert_eq!(place, ListPlace::Line(4));
            assert_eq!(field, ListField::Rating(RatingListKind::Standard));
            assert_eq!(value, "15O0");
        }
        other => panic!("{other:?}"),
    }
    assert!(list.next().is_none());
    // A federation that is not three capitals, on line 2.
    let bad_fed = line(&[(0, "3"), (15, "E, F"), (76, "Ir"), (113, "1500")]);
    let file = format!("{STD_HEADER}\n{bad_fed}");
    let mut list = open(file.as_bytes(), &hint).unwrap();
    let e = list.next().unwrap().unwrap_err();
    assert_eq!(e.to_string(), "line 2: federation `Ir` does not read");
}

#[test]
fn a_single_list_without_a_name_or_kind_is_refused() {
    let e = open(format!("{STD_HEADER}\n").as_bytes(), &ListHint::default()).unwrap_err();
    assert!(matches!(e, RatingListError::UnknownKind), "{e:?}");
    let e = open(&b"Name Fed\n"[..], &ListHint::default()).unwrap_err();
    assert!(matches!(e, RatingListError::NoHeader { line: 1 }), "{e:?}");
    let e = open(&b"\nID Number  Name\n"[..], &ListHint::default()).unwrap_err();
    assert!(
        matches!(
            e,
            RatingListError::MissingColumn {
                line: 2,
                column: "Fed"
            }
        ),
        "{e:?}"
    );
}

const XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<playerslist>
<player><fideid>12573981</fideid><name>Firouzja, Alireza</name><country>FRA</country><sex>M</sex><title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2759</rating><games>0</games><k>10</k><rapid_rating>2740</rapid_rating><rapid_games>9</rapid_games><rapid_k>20</rapid_k><blitz_rating>2832</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k><birthday>2003</birthday><flag></flag></player>
<player><fideid>9300000</fideid><name>O&apos;Neil &amp; Sons, Ann&#233;</name><country>IRL</country><sex>F</sex><title/><w_title>WFM</w_title><o_title>NA</o_title><foa_title/><rating/><games/><k/><rapid_rating>1600</rapid_rating><rapid_games>5</rapid_games><rapid_k>40</rapid_k><blitz_rating/><blitz_games/><blitz_k/><birthday>2010</birthday><flag>w</flag></player>
</playerslist>
"#;

#[test]
fn combined_xml_reads_every_field_and_entity() {
    let hint = ListHint {
        file_name: Some("players_list_xml_foa.xml"),
        ..ListHint::default()
    };
    let (header, players) = read_all(XML.as_bytes(), &hint);
    assert_eq!(header.format, ListFormat::Xml);
    assert_eq!(header.kind, ListKind::Combined);
    assert_eq!(header.month, None);
    assert_eq!(players.len(), 2);
    let a = &players[0];
    assert_eq!(
        (a.fide_id, a.name.as_str()),
        (12_573_981, "Firouzja, Alireza")
    );
    assert_eq!(a.standard.map(|r| (r.rating, r.k)), Some((2759, Some(10))));
    assert_eq!(a.rapid.map(|r| (r.rating, r.games)), Some((2740, 9)));
    assert_eq!(a.blitz.map(|r| r.rating), Some(2832));
    let b = &players[1];
    // &apos; &amp; and &#233; (é) resolved.
    assert_eq!(b.name, "O'Neil & Sons, Anné");
    assert_eq!(b.title, None);
    assert_eq!(b.women_title, Some(Title::Wfm));
    assert_eq!(b.other_titles, ["NA"]);
    assert_eq!(b.standard, None);
    assert_eq!(
        b.rapid,
        Some(ListedRating {
            rating: 1600,
            games: 5,
            k: Some(40)
        })
    );
    assert!(b.flags.woman && !b.flags.inactive);
}

#[test]
fn single_xml_list_rating_belongs_to_its_list() {
    let xml = "<playerslist><player><fideid>5</fideid><name>X, Y</name><country>IRQ</country><sex>M</sex><rating>2000</rating><games>3</games><k>20</k><birthday>1990</birthday><flag>i</flag></player></playerslist>";
    let hint = ListHint {
        file_name: Some("blitz_nov25frl_xml.xml"),
        ..ListHint::default()
    };
    let (header, players) = read_all(xml.as_bytes(), &hint);
    assert_eq!(header.kind, ListKind::Blitz);
    assert_eq!(header.month, Some(date(2025, 11)));
    assert_eq!(players[0].standard, None);
    assert_eq!(
        players[0].blitz.map(|r| (r.rating, r.games, r.k)),
        Some((2000, 3, Some(20)))
    );
}

#[test]
fn xml_errors_name_the_record_and_offset() {
    // The second record's K is `x`.
    let xml = "<playerslist><player><fideid>1</fideid><country>FID</country></player><player><fideid>2</fideid><country>FID</country><k>x</k></player></playerslist>";
    let mut list = open(xml.as_bytes(), &ListHint::default()).unwrap();
    assert!(list.next().unwrap().is_ok());
    match list.next().unwrap() {
        Err(RatingListError::Field {
            place,
            field,
            value,
        }) => {
            // The second `</player>` ends at byte 135: `<playerslist>` 13, the first record 57
            // (8 + 8 + 1 + 9 + 9 + 3 + 10 + 9), the second 65 (the same with `<k>x</k>`, 8 more).
            assert_eq!(
                place,
                ListPlace::Record {
                    index: 2,
                    offset: 135
                }
            );
            // No file name: the combined list, whose `<k>` is the standard K.
            assert_eq!(field, ListField::K(RatingListKind::Standard));
            assert_eq!(value, "x");
        }
        other => panic!("{other:?}"),
    }
    // Malformed: a closing tag that does not match.
    let mut list = open(
        &b"<playerslist><player><fideid>1</name>"[..],
        &ListHint::default(),
    )
    .unwrap();
    assert!(matches!(
        list.next(),
        Some(Err(RatingListError::Xml { .. }))
    ));
    // Cut short inside a record.
    let mut list = open(
        &b"<playerslist><player><fideid>1</fideid>"[..],
        &ListHint::default(),
    )
    .unwrap();
    assert!(matches!(
        list.next(),
        Some(Err(RatingListError::Truncated { .. }))
    ));
}

#[test]
fn written_lines_read_back() {
    let p = ListedPlayer {
        fide_id: 12_345_678,
        name: "Rezaei, Ali".into(),
        federation: "IRI".into(),
        sex: Some(Sex::Male),
        title: Some(Title::Fm),
        women_title: None,
        other_titles: vec!["FA".into(), "NI".into()],
        foa_title: Some("AFM".into()),
        birth_year: Some(1999),
        flags: ListFlags::parse("i"),
        standard: Some(ListedRating {
            rating: 2301,
            games: 7,
            k: Some(20),
        }),
        rapid: Some(ListedRating {
            rating: 2250,
            games: 0,
            k: Some(20),
        }),
        blitz: None,
    };
    let month = Some(date(2025, 11));
    for kind in [ListKind::Standard, ListKind::Combined] {
        let text = format!("{}\n{}\n", txt_header(kind, month), txt_line(&p, kind));
        let (header, back) = read_all(
            text.as_bytes(),
            &ListHint {
                kind: Some(kind),
                ..ListHint::default()
            },
        );
        assert_eq!(header.kind, kind);
        let mut expected = p.clone();
        if kind == ListKind::Standard {
            expected.rapid = None;
            assert_eq!(header.month, month);
            assert_eq!(txt_header(kind, month), STD_HEADER);
        } else {
            assert_eq!(txt_header(kind, month), COMBINED_HEADER);
        }
        assert_eq!(back, [expected.clone()]);
        let xml = format!("<playerslist>{}</playerslist>", xml_record(&p, kind));
        let (_, back) = read_all(
            xml.as_bytes(),
            &ListHint {
                kind: Some(kind),
                ..ListHint::default()
            },
        );
        assert_eq!(back, [expected]);
    }
}

#[test]
fn months_and_names() {
    assert_eq!(list_month("jan26"), Some(date(2026, 1)));
    assert_eq!(list_month("NOV2"), None);
    assert_eq!(list_month("XYZ25"), None);
    assert_eq!(
        name_hint("C:\\lists\\standard_oct24frl.txt"),
        (Some(ListKind::Standard), Some(date(2024, 10)))
    );
    assert_eq!(name_hint("mylist.txt"), (None, None));
}

#[test]
fn a_listed_player_registers_with_the_events_list() {
    let xml = "<playerslist><player><fideid>99000003</fideid><name>Hosseini, Fatemeh</name><country>IRI</country><sex>F</sex><title></title><w_title>WIM</w_title><rating>2190</rating><games>4</games><k>20</k><rapid_rating>2100</rapid_rating><rapid_games>2</rapid_games><rapid_k>40</rapid_k><birthday>2004</birthday><flag>w</flag></player></playerslist>";
    let (_, players) = read_all(xml.as_bytes(), &ListHint::default());
    let p = players[0].to_player(7, RatingListKind::Rapid);
    assert_eq!(p.pairing_number, 7);
    assert_eq!(p.name, "Hosseini, Fatemeh");
    assert_eq!((p.sex, p.title), (Some(Sex::Female), Some(Title::Wim)));
    // The rapid list's rating and K, not the standard's 2190 and 20.
    assert_eq!((p.rating, p.k_factor), (Some(2100), Some(40)));
    assert_eq!(
        (
            p.fide_id,
            p.federation.as_deref(),
            p.birth_date.map(|d| d.to_string()).as_deref()
        ),
        (Some(99_000_003), Some("IRI"), Some("2004"))
    );
    // Unrated in blitz: no rating, no K.
    let b = players[0].to_player(7, RatingListKind::Blitz);
    assert_eq!((b.rating, b.k_factor), (None, None));
    // A bidi override in the list's name does not enter the tournament.
    let xml = xml.replace("Hosseini, Fatemeh", "Hosseini\u{202E}, Fatemeh");
    let (_, players) = read_all(xml.as_bytes(), &ListHint::default());
    assert_eq!(
        players[0].to_player(7, RatingListKind::Rapid).name,
        "Hosseini, Fatemeh"
    );
}
