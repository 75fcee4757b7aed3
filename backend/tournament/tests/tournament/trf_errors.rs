//! The TRF reader on small hand-made files: each error names line, column and player; what is
//! tolerated comes back as a warning; TRF16 <-> TRF-2026 conversions keep every field.

use arbiter_tournament::input::InputError;
use arbiter_tournament::tiebreak::TieBreakError;
use arbiter_tournament::{
    Colour, ForbiddenPairs, IssueKind, Outcome, Points, ResultCode, ScoringSystem, TrfIssue,
    TrfVersion, read_trf, write_trf,
};

/// A `001` record in the canonical columns (round blocks as `oooo c r`).
fn p(pn: u16, name: &str, points: &str, blocks: &[&str]) -> String {
    let mut l = format!(
        "001 {pn:>4}      {name:<33} {:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}",
        "", "", "", "", ""
    );
    for b in blocks {
        l.push_str("  ");
        l.push_str(b);
    }
    l.trim_end().to_owned()
}

fn file(lines: &[String]) -> String {
    let mut s = String::from("012 Test\nXXR 3\n");
    for l in lines {
        s.push_str(l);
        s.push('\n');
    }
    s
}

fn errors(text: &str) -> Vec<TrfIssue> {
    read_trf(text.as_bytes())
        .expect_err("should be rejected")
        .errors
}

#[test]
fn opponent_who_does_not_point_back() {
    let f = file(&[
        p(1, "A", "1.0", &["   2 w 1"]),
        p(2, "B", "0.0", &["   3 b 0"]),
        p(3, "C", "1.0", &["   2 w 1"]),
    ]);
    let e = errors(&f);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].line, e[0].column, e[0].player, e[0].round),
        (3, Some(92), Some(1), Some(1))
    );
    assert_eq!(
        e[0].kind,
        IssueKind::OpponentDoesNotPointBack {
            opponent: 2,
            their_opponent: 3
        }
    );
}

#[test]
fn points_that_disagree_with_results() {
    let f = file(&[
        p(1, "A", "0.5", &["   2 w 1"]),
        p(2, "B", "0.0", &["   1 b 0"]),
    ]);
    let e = errors(&f);
    assert_eq!(e.len(), 1);
    assert_eq!(
        (e[0].line, e[0].column, e[0].player),
        (3, Some(81), Some(1))
    );
    assert_eq!(
        e[0].kind,
        IssueKind::PointsDisagree {
            reported: Points::HALF,
            computed: Points::ONE
        }
    );
    // The same file under a scoring of 3/1/0 given by BBx records is consistent.
    let f = file(&[
        "BBW 3.0".into(),
        p(1, "A", "3.0", &["   2 w 1"]),
        p(2, "B", "0.0", &["   1 b 0"]),
    ]);
    let r = read_trf(f.as_bytes()).unwrap();
    assert_eq!(r.tournament.scoring.win, Points::from_tenths(30));
    assert_eq!(r.tournament.scoring.pab, Points::from_tenths(30));
}

#[test]
fn two_pabs_in_one_round() {
    let f = file(&[
        p(1, "A", "1.0", &["0000 - U"]),
        p(2, "B", "1.0", &["0000 - U"]),
    ]);
    let e = errors(&f);
    assert_eq!(e.len(), 1);
    assert_eq!(
        (e[0].line, e[0].column, e[0].player),
        (4, Some(99), Some(2))
    );
    assert_eq!(e[0].kind, IssueKind::TwoPabs { first: 1 });
}

#[test]
fn every_error_is_reported_not_just_the_first() {
    let f = file(&[
        p(1, "A", "1.0", &["   9 w 1"]),
        p(2, "B", "x", &["   1 b ?"]),
        p(3, "C", "0.0", &["   3 q 0"]),
        p(3, "D", "0.0", &[]),
        "001 abcd".into(),
        p(4, "E", "1.0", &["   5 w 1"]),
        p(5, "F", "0.0", &["   4 w -"]),
    ]);
    let e = errors(&f);
    let got: Vec<(usize, Option<usize>, IssueKind)> = e
        .iter()
        .map(|i| (i.line, i.column, i.kind.clone()))
        .collect();
    assert!(
        got.contains(&(3, Some(92), IssueKind::OpponentOutOfRange(9))),
        "{got:#?}"
    );
    assert!(got.iter().any(|g| g.0 == 4 && g.1 == Some(81)));
    assert!(got.contains(&(4, Some(99), IssueKind::BadResult('?'))));
    assert!(got.contains(&(5, Some(97), IssueKind::BadColour('q'))));
    assert!(got.contains(&(6, Some(5), IssueKind::DuplicatePairingNumber(3))));
    assert!(got.contains(&(7, Some(5), IssueKind::BadPairingNumber("abcd".into()))));
    assert!(got.contains(&(
        8,
        Some(97),
        IssueKind::ColoursClash {
            opponent: 5,
            colour: 'w'
        }
    )));
    // Lines are in order.
    assert!(got.windows(2).all(|w| w[0].0 <= w[1].0));
}

#[test]
fn results_that_cannot_stand_together() {
    let f = file(&[
        p(1, "A", "1.0", &["   2 w 1"]),
        p(2, "B", "0.0", &["   1 b -"]),
    ]);
    let e = errors(&f);
    assert_eq!(
        e[0].kind,
        IssueKind::ResultsDisagree {
            opponent: 2,
            mine: '1',
            theirs: '-'
        }
    );
    assert_eq!(e[0].column, Some(99));
}

#[test]
fn special_outcomes_and_tolerances() {
    let f = file(&[
        p(1, "A", "0.5", &["   2 w -", "   3 w 0", "   4 b X"]),
        p(2, "B", "1.5", &["   1 b -", "0000   +", "   3 b ="]),
        p(3, "C", "1.0", &["   4 w 1", "   1 b 0", "   2 w 0"]),
        p(4, "D", "0.5", &["   3 b 0", "0000 - -", "   1 w X"]),
    ]);
    let r = read_trf(f.as_bytes()).unwrap();
    let t = &r.tournament;
    let outcome = |round: u16, pn: u16| {
        t.round(round)
            .unwrap()
            .games
            .iter()
            .find(|g| g.white == pn || g.black == pn)
            .unwrap()
            .result
            .outcome()
    };
    assert_eq!(outcome(1, 1), Outcome::DoubleForfeit);
    assert_eq!(outcome(2, 1), Outcome::LostByBoth);
    assert_eq!(outcome(3, 1), Outcome::Unknown);
    assert_eq!(outcome(3, 2), Outcome::Asymmetric);
    // `0000   +`: an old PAB spelling.
    assert_eq!(t.player_round(2, 2).code, ResultCode::Pab);
    assert_eq!(t.player_round(4, 2).code, ResultCode::ForfeitLoss);
    let kinds: Vec<&IssueKind> = r.warnings.iter().map(|w| &w.kind).collect();
    assert!(kinds.contains(&&IssueKind::PabWrittenAsForfeitWin));
    assert!(
        kinds
            .iter()
            .any(|k| matches!(k, IssueKind::AsymmetricScores { .. }))
    );
    // `X` scores as a draw by default (TRF-2026 162: X = D); the asymmetric `=`/`0` gives B ½
    // and C nothing.
    let scores = t.scores_after_round(3);
    assert_eq!(scores[&1], Points::HALF);
    assert_eq!(scores[&2], Points::from_tenths(15));
    assert_eq!(scores[&3], Points::ONE);
    assert_eq!(t.scores_after_round(1)[&2], Points::ZERO);
    // Written back and read again, nothing changes.
    for v in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let again = read_trf(write_trf(t, v).as_bytes()).unwrap();
        assert_eq!(&again.tournament, t);
    }
}

#[test]
fn line_endings_encodings_and_columns_in_characters() {
    let name = "Müller, Jörg";
    let body = file(&[
        p(1, name, "1.0", &["   2 w 1"]),
        p(2, "Åse, Øy", "0.0", &["   1 b 0"]),
    ]);
    let crlf = body.replace('\n', "\r\n");
    let cr = body.replace('\n', "\r");
    let latin1: Vec<u8> = body
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    for bytes in [
        body.as_bytes().to_vec(),
        crlf.into_bytes(),
        cr.into_bytes(),
        latin1,
    ] {
        let r = read_trf(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.tournament.players[0].name, name);
        assert_eq!(r.tournament.players[1].name, "Åse, Øy");
        assert_eq!(r.tournament.player_round(1, 1).colour, Some(Colour::White));
        assert_eq!(write_trf(&r.tournament, TrfVersion::Trf16), body);
    }
}

#[test]
fn trf_2026_records_convert_to_trf16_and_back() {
    let text = [
        "012 Open 2026",
        "142 9",
        "152 B",
        "162 W 3.0 D 1.0 L 0.0 A 0.0 P 3.0 X 1.0",
        "192 FIDE_DUTCH_2025",
        "212 PTS, BH/C1, SB",
        "222 40/6000+30:1500+30",
        "240 H 2 3",
        "250 1.0 1 2 1 2",
        "260 1 9 1 2",
        "299 whatever an arbiter wrote",
        "### a comment",
        &p(1, "A", "3.0", &["   3 b 1"]),
        &p(2, "B", "3.0", &["   4 w 1"]),
        &p(3, "C", "0.0", &["   1 w 0"]),
        &p(4, "D", "0.0", &["   2 b 0"]),
    ]
    .join("\n");
    let r = read_trf(text.as_bytes()).unwrap_or_else(|e| panic!("{e:#?}"));
    assert_eq!(r.version, TrfVersion::Trf2026);
    let t = &r.tournament;
    assert_eq!(t.rounds_planned, Some(9));
    assert_eq!(t.initial_colour, Some(Colour::Black));
    assert_eq!(
        t.scoring,
        ScoringSystem::from_main(Points::from_tenths(30), Points::ONE, Points::ZERO)
    );
    assert_eq!(t.accelerations.len(), 2);
    assert_eq!(t.accelerations[0].points, vec![Points::ONE, Points::ONE]);
    assert_eq!(
        t.forbidden_pairs,
        vec![ForbiddenPairs {
            rounds: Some((1, 9)),
            players: vec![1, 2]
        }]
    );
    assert_eq!(t.announced_byes.len(), 1);
    assert_eq!(t.other_records.len(), 2);
    let trf16 = write_trf(t, TrfVersion::Trf16);
    assert!(trf16.contains("\nXXR 9\n"), "{trf16}");
    assert!(trf16.contains("\nXXC black1\n"));
    assert!(trf16.contains("\nBBW 3.0\n"));
    assert!(trf16.contains("\nXXA    1   1.0   1.0\n"));
    assert!(!trf16.contains("\n142 "));
    let back16 = read_trf(trf16.as_bytes()).unwrap();
    assert_eq!(&back16.tournament, t);
    let trf26 = write_trf(&back16.tournament, TrfVersion::Trf2026);
    assert!(
        trf26.contains("\n142 9\n152 B\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0    X 1.0\n")
    );
    // TRF-2026's columns: 10-13 the points, 15-17 and 19-21 the rounds, 23-26 and 28-31 the
    // players.
    assert!(
        trf26.contains("\n250       1.0   1   2    1    1\n"),
        "{trf26}"
    );
    assert!(trf26.contains("\n260   1   9    1    2\n"), "{trf26}");
    assert_eq!(read_trf(trf26.as_bytes()).unwrap().tournament, *t);
}

#[test]
fn a_tiebreak_list_the_parser_refuses_is_an_error_naming_the_line_and_the_code() {
    // `/M1` then `/C1`: two cuts; once read as `BH/C1`, then kept with a warning while the
    // standings used a default list; now refused as the API and forms refuse it, naming the
    // line, the column of the code and the code.
    let text = "012 T\n212 PTS, BH/M1/C1, SB\n202 BH/C1, SB\n\
                001    1      Alpha, A                          2100\n";
    let e = read_trf(text.as_bytes()).unwrap_err();
    let first = &e.errors[0];
    assert_eq!((first.line, first.column), (2, Some(10)), "{e}");
    assert!(matches!(
        &first.kind,
        IssueKind::BadText { record, error: InputError::Tiebreak(TieBreakError::RepeatedModifier { code, .. }) }
            if record == "212" && code == "BH"
    ));
    let shown = first.to_string();
    assert!(
        shown.contains("line 2") && shown.contains("`212`") && shown.contains("`/C1`"),
        "{shown}"
    );
    // An unknown code in `202` (a team list, TRF26's own example with one code misspelt).
    let text = "012 T\n202 EDET/P,EMGSB/C1/P,BH:MX/C1/P,MPvGP\n\
                001    1      Alpha, A                          2100\n";
    let e = read_trf(text.as_bytes()).unwrap_err();
    assert_eq!((e.errors[0].line, e.errors[0].column), (2, Some(23)), "{e}");
    assert!(
        e.errors[0]
            .to_string()
            .contains("`BH:MX` is not a FIDE tie-break code"),
        "{e}"
    );
    // The same list written correctly reads, and is written back as C.07 spells it.
    let text = "012 T\n142 5\n202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP\n\
                001    1      Alpha, A                          2100\n";
    let r = read_trf(text.as_bytes()).unwrap();
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let out = write_trf(&r.tournament, TrfVersion::Trf2026);
    assert!(
        out.contains("202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP\n"),
        "{out}"
    );
}

#[test]
fn unreadable_header_values_are_kept_and_warned() {
    let text = "012 T\nXXR nine\nZZZ something\n\
                001    1      Alpha, A                          2100\n";
    let r = read_trf(text.as_bytes()).unwrap();
    assert_eq!(r.tournament.rounds_planned, None);
    assert_eq!(r.tournament.other_records.len(), 2);
    assert!(
        r.warnings
            .iter()
            .any(|w| w.line == 2 && matches!(w.kind, IssueKind::BadHeaderValue { .. }))
    );
    assert!(
        r.warnings
            .iter()
            .any(|w| w.line == 3 && w.kind == IssueKind::KeptVerbatim("ZZZ".into()))
    );
    let out = write_trf(&r.tournament, TrfVersion::Trf16);
    assert!(out.contains("XXR nine\n") && out.contains("ZZZ something\n"));
}

#[test]
fn a_header_record_given_twice_keeps_the_first_value_and_warns() {
    let text = "012 First name\n042 2024/05/01\n012 Second name\n042 2024/06/01\n\
                001    1      Alpha, A                          2100\n";
    let r = read_trf(text.as_bytes()).unwrap();
    assert_eq!(r.tournament.name.as_deref(), Some("First name"));
    let start = r.tournament.start_date.expect("the first start date");
    assert_eq!(start.to_string(), "2024-05-01");
    for (line, code) in [(3, "012"), (4, "042")] {
        assert!(
            r.warnings
                .iter()
                .any(|w| w.line == line && w.kind == IssueKind::DuplicateHeader(code.into())),
            "no warning for the second {code}: {:?}",
            r.warnings
        );
    }
    // Nothing is lost: both second lines are written back as they were.
    let out = write_trf(&r.tournament, TrfVersion::Trf16);
    assert!(
        out.contains("012 Second name\n") && out.contains("042 2024/06/01\n"),
        "{out}"
    );
}

#[test]
fn empty_and_garbage_input_never_panics() {
    for bytes in [
        &b""[..],
        b"\n\n",
        b"001",
        b"001 ",
        b"\xff\xfe\x00",
        b"001    1",
        b"XXA",
        b"250 1 1 999 1 9999",
    ] {
        let _ = read_trf(bytes);
    }
}

#[test]
fn round_dates_are_written_at_the_round_columns_and_latin1_encoding() {
    let f = file(&[
        p(1, "Müller", "1.0", &["   2 w 1", "0000 - H"]),
        p(2, "B", "0.5", &["   1 b 0", "0000 - H"]),
    ]);
    let mut t = read_trf(f.as_bytes()).unwrap().tournament;
    assert_eq!(t.acceleration(1, 1), Points::ZERO);
    let d =
        |day| chrono::NaiveDate::from_ymd_opt(2025, 9, day).and_then(|d| d.and_hms_opt(0, 0, 0));
    t.rounds[0].scheduled = d(1);
    t.rounds[1].scheduled = d(2);
    let out = write_trf(&t, TrfVersion::Trf16);
    let line = out.lines().find(|l| l.starts_with("132")).unwrap();
    assert_eq!(line.find("25/09/01"), Some(91), "{line}");
    assert_eq!(line.find("25/09/02"), Some(101), "{line}");
    let back = read_trf(out.as_bytes()).unwrap().tournament;
    assert_eq!(back.rounds[1].scheduled, d(2));
    let latin1 = arbiter_tournament::trf::encode_latin1(&out).unwrap();
    assert!(latin1.windows(6).any(|w| w == b"M\xfcller"));
    assert_eq!(
        read_trf(&latin1).unwrap().tournament.players[0].name,
        "Müller"
    );
    assert_eq!(arbiter_tournament::trf::encode_latin1("Łódź"), None);
}

#[test]
fn persian_and_arabic_names_are_kept_byte_for_byte() {
    let names = [
        "رضایی، علی\u{200C}اکبر",
        "مرتضوی\u{200C}نیا، سارا",
        "الكعبي، فاطمة",
        "مُحَمَّد، أحمد",
    ];
    let body = file(&[
        p(1, names[0], "1.0", &["   2 w 1"]),
        p(2, names[1], "0.0", &["   1 b 0"]),
        p(3, names[2], "1.0", &["   4 w 1"]),
        p(4, names[3], "0.0", &["   3 b 0"]),
    ]);
    let r = read_trf(body.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<&str> = r
        .tournament
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(got, names);
    assert!(r.warnings.iter().all(|w| w.kind != IssueKind::Latin1));
    // The `001` records are lines 3 to 6 (after `012` and `XXR`).
    assert_eq!(r.player_lines.get(&3), Some(&5));
    // Written back, the same bytes.
    assert_eq!(write_trf(&r.tournament, TrfVersion::Trf16), body);
}

#[test]
fn a_latin1_line_is_named_and_the_utf8_lines_keep_their_names() {
    let persian = "رضایی، علی\u{200C}اکبر";
    let body = file(&[
        p(1, persian, "1.0", &["   2 w 1"]),
        p(2, "Müller, Jörg", "0.0", &["   1 b 0"]),
    ]);
    // Line 4 (player 2) in Latin-1, the rest UTF-8.
    let mut bytes = Vec::new();
    for (i, line) in body.split_inclusive('\n').enumerate() {
        if i == 3 {
            bytes.extend(line.chars().map(|c| u8::try_from(u32::from(c)).unwrap()));
        } else {
            bytes.extend_from_slice(line.as_bytes());
        }
    }
    let r = read_trf(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.tournament.players[0].name, persian);
    assert_eq!(r.tournament.players[1].name, "Müller, Jörg");
    let latin1: Vec<String> = r
        .warnings
        .iter()
        .filter(|w| w.kind == IssueKind::Latin1)
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        latin1,
        ["line 4: not UTF-8: read as Windows-1252 (Latin-1)"]
    );
}

/// A file written by a Windows program in its code page (Windows-1252) keeps the typographic
/// characters Latin-1 would read as control characters: the tournament's name with a curly
/// apostrophe (byte 0x92) passes the names' gate.
#[test]
fn a_windows_1252_line_keeps_its_apostrophe() {
    let body = file(&[p(1, "A", "0.0", &[]), p(2, "Nguyen Van An", "0.0", &[])]);
    let body = body.replacen("012 Test", "012 Players@ Cup", 1);
    let mut bytes: Vec<u8> = body.into_bytes();
    let at = bytes.iter().position(|&b| b == b'@').unwrap();
    bytes[at] = 0x92;
    let r = read_trf(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.tournament.name.as_deref(), Some("Players\u{2019} Cup"));
    assert!(
        r.warnings
            .iter()
            .any(|w| w.kind == IssueKind::Latin1 && w.line == 1)
    );
}

/// The tournament's name (`012`) goes through the gate every door uses
/// (`arbiter_tournament::input::EventName`, issue #22): at most 200 characters, no control
/// character (a tab passes the binary-data check but not the gate), trimmed; an error names the
/// line and the record.
#[test]
fn the_tournament_name_goes_through_the_input_gate() {
    use arbiter_tournament::input::InputError;
    let players = [p(1, "A", "0.0", &[]), p(2, "B", "0.0", &[])];
    let named = |name: &str| file(&players).replacen("012 Test", &format!("012 {name}"), 1);
    let t = read_trf(named(&"N".repeat(200)).as_bytes())
        .unwrap()
        .tournament;
    assert_eq!(t.name.map(|n| n.chars().count()), Some(200));
    let e = errors(&named(&"N".repeat(201)));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].column), (1, Some(5)));
    let too_long = IssueKind::BadText {
        record: "012".into(),
        error: InputError::TooLong { max: 200 },
    };
    assert_eq!(e[0].kind, too_long);
    assert_eq!(
        e[0].to_string(),
        "line 1, column 5: record `012`: at most 200 characters"
    );
    let e = errors(&named("Open\tA"));
    assert_eq!(
        e[0].kind,
        IssueKind::BadText {
            record: "012".into(),
            error: InputError::ControlCharacter {
                code: 9,
                position: 5
            }
        }
    );
    // Trimmed and in NFC, as the forms store it ("e" + combining acute: "é").
    let t = read_trf(named("  Cafe\u{301} Open").as_bytes())
        .unwrap()
        .tournament;
    assert_eq!(t.name.as_deref(), Some("Caf\u{e9} Open"));
}

/// A hidden character (a bidi control, an invisible format character:
/// `arbiter_tournament::names::hidden`) in any record is an error naming the line, the column
/// and the record; the writer never writes one that a stored tournament still holds, and keeps
/// the columns.
#[test]
fn hidden_characters_are_refused_on_reading_and_dropped_on_writing() {
    use arbiter_tournament::input::InputError;
    let players = [
        p(1, "Ca\u{202E}rlsen, Magnus", "0.0", &[]),
        p(2, "علی‌رضا، رضایی", "0.0", &[]),
    ];
    let e = errors(&file(&players));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].column), (3, Some(17)));
    assert_eq!(
        e[0].kind,
        IssueKind::BadText {
            record: "001".into(),
            error: InputError::ControlCharacter {
                code: 0x202E,
                position: 17
            }
        }
    );
    let e = errors(&file(&[p(1, "A", "0.0", &[])]).replacen("012 Test", "012 Te\u{2067}st", 1));
    assert_eq!((e[0].line, e[0].column), (1, Some(7)), "{e:?}");
    // A tournament stored before the gate: the TRF written holds none, in the right columns.
    let clean = [p(1, "Carlsen, Magnus", "0.0", &[]), players[1].clone()];
    let mut t = read_trf(file(&clean).as_bytes()).unwrap().tournament;
    t.players[0].name = "\u{2066}Carlsen\u{200F}, Magnus\u{2069}".into();
    t.name = Some("Test\u{202B}".into());
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let written = write_trf(&t, version);
        assert!(
            !written.chars().any(arbiter_tournament::names::is_hidden),
            "{written}"
        );
        assert!(written.contains("علی‌رضا"), "the non-joiner is kept");
        let back = read_trf(written.as_bytes()).unwrap().tournament;
        assert_eq!(back.players[0].name, "Carlsen, Magnus");
        assert_eq!(back.name.as_deref(), Some("Test"));
    }
}
