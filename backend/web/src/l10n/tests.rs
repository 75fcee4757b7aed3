//! The reader's language: negotiation, digits, calendars.

use actix_web::test::TestRequest;

use super::*;

/// The entries of a folder of `../shared/data`; `None` (the test skips, saying so) when it is
/// missing, and a failure instead on CI.
fn shared_data(folder: &str) -> Option<std::fs::ReadDir> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(folder);
    let entries = std::fs::read_dir(&dir).ok();
    if entries.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing",
            dir.display()
        );
        println!("SKIPPED: {} is missing", dir.display());
    }
    entries
}

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

#[test]
fn languages_are_read_by_their_primary_subtag() {
    assert_eq!(Lang::parse("fa-IR"), Some(Lang::parse("fa").unwrap()));
    assert_eq!(Lang::parse("AR"), Some(Lang::parse("ar").unwrap()));
    assert_eq!(Lang::parse("en_GB"), Some(Lang::EN));
    assert_eq!(Lang::parse("de"), None);
    assert_eq!(Lang::parse(""), None);
}

#[test]
fn accept_language_is_negotiated_by_quality() {
    let lang = |h: &str| {
        let req = TestRequest::default()
            .insert_header(("Accept-Language", h))
            .to_http_request();
        L10n::negotiate(&req).language()
    };
    assert_eq!(
        lang("fa-IR,fa;q=0.9,en-US;q=0.8"),
        Lang::parse("fa").unwrap()
    );
    // Quality wins over order; unknown languages are skipped.
    assert_eq!(
        lang("de;q=1, en;q=0.5, ar;q=0.7"),
        Lang::parse("ar").unwrap()
    );
    // q=0 is a refusal.
    assert_eq!(lang("fa;q=0, ar;q=0.2"), Lang::parse("ar").unwrap());
    assert_eq!(lang("fr, *;q=0.1"), Lang::EN);
    assert_eq!(lang("not a header;;;"), Lang::EN);
    // The cookie of the switch comes first.
    let req = TestRequest::default()
        .insert_header(("Accept-Language", "fa"))
        .cookie(actix_web::cookie::Cookie::new(LANG_COOKIE, "ar"))
        .to_http_request();
    assert_eq!(L10n::negotiate(&req).language(), Lang::parse("ar").unwrap());
    assert_eq!(L10n::negotiate(&req).dir(), "rtl");
}

#[test]
fn digits_follow_the_language_and_the_readers_choice() {
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    assert_eq!(fa.digits("2.5"), "۲٫۵");
    assert_eq!(fa.digits("1½"), "۱½");
    assert_eq!(fa.digits("1–0"), "۱–۰");
    assert_eq!(fa.digits("Round 3."), "Round ۳.");
    assert_eq!(fa.int(2305), "۲۳۰۵");
    assert_eq!(fa.num(2305), "۲٬۳۰۵");
    let ar = L10n::new(Lang::parse("ar").unwrap(), false);
    assert_eq!(ar.digits("12.25"), "١٢٫٢٥");
    assert_eq!(ar.int(40), "٤٠");
    assert_eq!(
        L10n::new(Lang::parse("fa").unwrap(), true).digits("2.5"),
        "2.5"
    );
    assert_eq!(L10n::new(Lang::EN, false).digits("2.5"), "2.5");
    assert_eq!(L10n::new(Lang::EN, false).num(2305), "2,305");
}

#[test]
fn persian_dates_are_solar_hijri() {
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    // Karl-Mala-Gedenkturnier 2005: 28 to 31 July 2005 = 6 to 9 Mordad 1384.
    assert_eq!(
        fa.date_range(ymd(2005, 7, 28), ymd(2005, 7, 31)),
        "۶ تا ۹ مرداد ۱۳۸۴"
    );
    assert_eq!(fa.date(ymd(2026, 3, 21)), "۱ فروردین ۱۴۰۵");
    // A range over the new year (1403 is a leap year: Esfand has 30 days).
    assert_eq!(
        fa.date_range(ymd(2025, 3, 19), ymd(2025, 3, 22)),
        "۲۹ اسفند ۱۴۰۳ تا ۲ فروردین ۱۴۰۴"
    );
    let ar = L10n::new(Lang::parse("ar").unwrap(), false);
    assert_eq!(ar.date(ymd(2005, 7, 28)), "٢٨ يوليو ٢٠٠٥");
}

#[test]
fn messages_come_in_the_readers_language_with_english_as_fallback() {
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    assert_eq!(fa.t("nav-standings"), "جدول رده‌بندی");
    assert_eq!(fa.ta("round-n", &[("n", fa.int(3))]), "دور ۳");
    assert_eq!(L10n::new(Lang::EN, false).t("nav-standings"), "Standings");
    assert_eq!(
        L10n::new(Lang::parse("ar").unwrap(), false).t("language-name"),
        "العربية"
    );
}

#[test]
fn arabic_readers_may_choose_the_hijri_calendar() {
    use actix_web::cookie::Cookie;
    let req = TestRequest::default()
        .cookie(Cookie::new(LANG_COOKIE, "ar"))
        .cookie(Cookie::new(CALENDAR_COOKIE, "islamic-umalqura"))
        .to_http_request();
    let ar = L10n::negotiate(&req);
    assert_eq!(ar.variant(), "ar-islamic-umalqura");
    // 28 to 31 July 2005 = 22 to 25 Jumada al-Akhirah 1426 in the Umm al-Qura calendar
    // (1 Jumada al-Akhirah 1426 = 7 July 2005).
    assert_eq!(
        ar.date_range(ymd(2005, 7, 28), ymd(2005, 7, 31)),
        "٢٢ إلى ٢٥ جمادى الآخرة ١٤٢٦ هـ"
    );
    assert_eq!(ar.calendar_switch().map(|s| s.0), Some("default"));
    // The calendar cookie means nothing to a language without another calendar.
    let req = TestRequest::default()
        .cookie(Cookie::new(LANG_COOKIE, "fa"))
        .cookie(Cookie::new(CALENDAR_COOKIE, "islamic-umalqura"))
        .to_http_request();
    let fa = L10n::negotiate(&req);
    assert_eq!(fa.variant(), "fa");
    assert!(fa.calendar_switch().is_none());
    assert_eq!(fa.date(ymd(2005, 7, 28)), "۶ مرداد ۱۳۸۴");
}

/// The TRF reader's findings read in English exactly as the tournament crate writes them, and
/// in Persian without an English word: on the real files of `../shared/data/trf/real` (their
/// warnings) and on each of them broken in several ways (their errors).
#[test]
fn trf_findings_read_as_the_reader_writes_them() {
    let Some(entries) = shared_data("trf/real") else {
        return;
    };
    let en = L10n::new(Lang::EN, false);
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    let (mut checked, mut rejected) = (0, 0);
    for entry in entries {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        // Broken: a start number twice, a bad sex, a bad result, an opponent out of range.
        let mut broken = text.clone();
        if let Some(i) = broken.find("\n001 ") {
            let line_end = broken[i + 1..]
                .find('\n')
                .map_or(broken.len(), |e| i + 1 + e);
            let line = broken[i + 1..line_end].to_owned();
            let mut bad_sex = line.clone();
            bad_sex.replace_range(9..10, "q");
            broken.push('\n');
            broken.push_str(&line);
            broken.push('\n');
            broken.push_str(&bad_sex);
            broken.push('\n');
        }
        for t in [text, broken] {
            let (issues, error) = match arbiter_tournament::read_trf(t.as_bytes()) {
                Ok(r) => (r.warnings, None),
                Err(e) => (
                    e.errors.iter().chain(&e.warnings).cloned().collect(),
                    Some(e),
                ),
            };
            for i in &issues {
                assert_eq!(trf::issue(i).render(&en), i.to_string());
                let persian = trf::issue(i).render(&fa);
                assert!(
                    !persian.contains("line") && !persian.contains("round"),
                    "{persian}"
                );
                checked += 1;
            }
            if let Some(e) = error {
                assert_eq!(trf::trf_error(&e).render(&en), e.to_string());
                rejected += 1;
            }
        }
    }
    assert!(checked > 3, "only {checked} findings checked");
    assert!(rejected >= 4, "only {rejected} broken files rejected");
}

/// The review of a pairing changed by hand reads in English as the tournament crate writes it,
/// and in Persian and Arabic with the names isolated.
#[test]
fn review_findings_read_as_the_tournament_crate_writes_them() {
    use arbiter_tournament::criteria::{Comparison, Difference, Value};
    use arbiter_tournament::pairing_check::{BoardDifference, Finding};
    use arbiter_tournament::{NamedPlayer, ReviewFinding};
    let p = |n: u16, name: Option<&str>| NamedPlayer {
        pairing_number: n,
        name: name.map(str::to_owned),
    };
    let all = [
        ReviewFinding::NotPairable(p(3, Some("Rezaei, Ali"))),
        ReviewFinding::Unpaired(p(4, None)),
        ReviewFinding::Twice(p(5, Some("حسینی، مریم"))),
        ReviewFinding::Rematch(p(1, Some("A, B")), p(2, Some("C, D"))),
        ReviewFinding::ByeNotAllowed(p(7, Some("E, F"))),
        ReviewFinding::SameAbsoluteColour(p(1, None), p(9, None)),
        ReviewFinding::NotTheEngines(Finding::DiffersFromEngine {
            missing: vec![(1, 3)],
            extra: vec![(1, 2)],
            boards: vec![
                BoardDifference {
                    board: 1,
                    white: 1,
                    black: 2,
                    engine: vec![(1, 3), (4, 2)],
                },
                BoardDifference {
                    board: 0,
                    white: 9,
                    black: 0,
                    engine: vec![(9, 5)],
                },
            ],
            verdict: Comparison::Worse(Difference {
                edition: arbiter_tournament::DutchEdition::Dutch2026,
                bracket: 25,
                criterion: 12,
                what: "colour preferences not met",
                ours: Value::Fewer(2),
                theirs: Value::Fewer(0),
            }),
        }),
        ReviewFinding::NotTheEngines(Finding::DiffersFromEngine {
            missing: vec![],
            extra: vec![],
            boards: vec![],
            verdict: Comparison::Better(Difference {
                edition: arbiter_tournament::DutchEdition::Dutch2017,
                bracket: 10,
                criterion: 7,
                what: "the downfloaters' scores",
                ours: Value::Scores(vec![25, 10]),
                theirs: Value::Scores(vec![]),
            }),
        }),
        ReviewFinding::NotTheEngines(Finding::ColoursDiffer(vec![BoardDifference {
            board: 2,
            white: 4,
            black: 3,
            engine: vec![(3, 4)],
        }])),
        ReviewFinding::NotRegistered(99),
        ReviewFinding::NotInRound(p(6, Some("G, H"))),
        ReviewFinding::NotInTable {
            white: p(1, Some("A, B")),
            black: p(4, Some("I, J")),
            round: 3,
        },
    ];
    let en = L10n::new(Lang::EN, false);
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    for f in &all {
        assert_eq!(review::finding(f).render(&en), f.to_string());
        let persian = review::finding(f).render(&fa);
        assert!(
            !persian.contains(" is ") && !persian.contains("round"),
            "{persian}"
        );
    }
    assert_eq!(
        review::findings(&all[..2]).unwrap().render(&en),
        format!("{}; {}", all[0], all[1])
    );
    assert!(review::findings(&[]).is_none());
}

#[test]
fn forms_take_dates_in_the_readers_calendar_and_in_iso() {
    let ymd = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
    // 10 Esfand 1404 = 1 March 2026, in Latin or Persian digits, with / - or .
    assert_eq!(date_in_calendar("persian", "1404/12/10"), ymd(2026, 3, 1));
    assert_eq!(date_in_calendar("persian", "۱۴۰۴/۱۲/۱۰"), ymd(2026, 3, 1));
    assert_eq!(date_in_calendar("persian", "1404-12-10"), ymd(2026, 3, 1));
    // 1403 is a leap year (30 Esfand = 20 March 2025); 1404 is not.
    assert_eq!(date_in_calendar("persian", "1403/12/30"), ymd(2025, 3, 20));
    assert_eq!(date_in_calendar("persian", "1404/12/30"), None);
    // ISO in every calendar; nothing else in the Gregorian one.
    assert_eq!(date_in_calendar("persian", "2026-03-01"), ymd(2026, 3, 1));
    assert_eq!(date_in_calendar("", "2026-03-01"), ymd(2026, 3, 1));
    assert_eq!(date_in_calendar("gregory", "1404/12/10"), None);
    assert_eq!(date_in_calendar("persian", "next week"), None);
    // Umm al-Qura: 1 Ramadan 1447 = 18 February 2026, in Arabic-Indic digits.
    assert_eq!(
        date_in_calendar("islamic-umalqura", "١٤٤٧/٠٩/٠١"),
        ymd(2026, 2, 18)
    );
    // The field shows the reader's calendar and digits, and reads back.
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    assert!(!fa.gregorian());
    assert_eq!(fa.date_field("2026-03-01"), "۱۴۰۴/۱۲/۱۰");
    assert_eq!(
        date_in_calendar(&fa.calendar_id(), &fa.date_field("2026-03-01")),
        ymd(2026, 3, 1)
    );
    let en = L10n::new(Lang::EN, false);
    assert!(en.gregorian());
    assert_eq!(en.date_field("2026-03-01"), "2026-03-01");
}

/// "Why this pairing" reads in English exactly as the pairing crate writes it, and in Persian
/// without an English word, on generated events of `../shared/data/pairing/random/20`.
#[test]
fn the_explanation_reads_as_the_pairing_crate_writes_it() {
    let Some(entries) = shared_data("pairing/random/20") else {
        return;
    };
    let mut files: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.ends_with(".r3.trf") || name.ends_with(".r6.trf")
        })
        .collect();
    files.sort();
    files.truncate(8);
    let en = L10n::new(Lang::EN, false);
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    let (mut explained, mut with_reasons) = (0, 0);
    for f in &files {
        let t = arbiter_tournament::read_trf(&std::fs::read(f).unwrap())
            .unwrap()
            .tournament;
        let Ok(Some(e)) = t.explanation_of_next_round() else {
            continue;
        };
        let english = format!("{}\n", explain::lines(&e, &en).join("\n"));
        assert_eq!(english, e.to_string(), "{}", f.display());
        let persian = explain::lines(&e, &fa).join("\n");
        for word in ["board", "Bracket", "decided", "moved down", "none", "PAB:"] {
            assert!(!persian.contains(word), "{word} in {persian}");
        }
        explained += 1;
        if english.contains("decided by C") {
            with_reasons += 1;
        }
    }
    assert!(explained >= 6, "only {explained} explained");
    assert!(
        with_reasons >= 1,
        "no criterion decided a choice in {explained} rounds"
    );
}

/// A rejected CSV import reads in English as the tournament crate writes it, and in Persian
/// without the English reasons.
#[test]
fn csv_refusals_read_as_the_tournament_crate_writes_them() {
    let files: [&[u8]; 4] = [
        b"name,rating,sex,federation,fide_id,birth_date,status,title,pairing_number\n\
          ,99999,q,GERMANY,12a,soon,gone,XX,0\n\
          A very long name that does not fit the field,1,m,GER,1,1985,active,GM,1\n\
          B,2,w,GER,1,1985,late,IM,1\n",
        b"nmae,rating\nA,1\n",
        b"name,name\nA,B\n",
        b"name,rating\nA,1,extra\n",
    ];
    let en = L10n::new(Lang::EN, false);
    let fa = L10n::new(Lang::parse("fa").unwrap(), false);
    let mut rows = 0;
    for f in files {
        let e = arbiter_tournament::csv_io::import_players(f, &[]).unwrap_err();
        let english: Vec<String> = e.errors.iter().map(ToString::to_string).collect();
        let each = csv::each(&e.errors);
        let rendered: Vec<String> = each.iter().map(|m| m.render(&en)).collect();
        assert_eq!(rendered, english);
        let persian: String = each.iter().map(|m| m.render(&fa)).collect();
        for word in ["line", "not a", "must be", "required", "column given"] {
            assert!(!persian.contains(word), "{word} in {persian}");
        }
        rows += e.errors.len();
    }
    assert!(rows >= 12, "only {rows} refusals");
}
