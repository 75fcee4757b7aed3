use super::*;
use proptest::prelude::*;

fn d(text: &str) -> Option<PartialDate> {
    PartialDate::read(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn full_dates_in_real_layouts() {
    let full = NaiveDate::from_ymd_opt(2005, 7, 28).map(PartialDate::from);
    for text in [
        "2005/07/28",
        "2005-07-28",
        "2005.07.28",
        "28.07.2005",
        "28. 07. 2005",
        "Jul 28, 2005",
        "05/07/28",
        " 2005/7/28 ",
    ] {
        assert_eq!(d(text), full, "{text}");
    }
    assert_eq!(
        parse_date("24/09/2010"),
        NaiveDate::from_ymd_opt(2010, 9, 24)
    );
    assert_eq!(
        parse_date("May 29, 2020"),
        NaiveDate::from_ymd_opt(2020, 5, 29)
    );
    assert_eq!(parse_date("99/09/02"), NaiveDate::from_ymd_opt(1999, 9, 2));
    assert_eq!(parse_date("25/09/02"), NaiveDate::from_ymd_opt(2025, 9, 2));
    // A partial date is not a full one.
    assert_eq!(parse_date("1978"), None);
    assert_eq!(parse_date("2005.07.??"), None);
}

#[test]
fn partial_dates_in_real_layouts() {
    let year = PartialDate::year_only(1985);
    let month = PartialDate::new(1985, Some(7), None);
    for text in [
        "1985",
        "1985/00/00",
        "1985.??.??",
        "1985-00-00",
        "00.00.1985",
    ] {
        assert_eq!(d(text), year, "{text}");
    }
    for text in [
        "1985-07",
        "1985/07/00",
        "1985.07.??",
        "1985/07",
        "00.07.1985",
    ] {
        assert_eq!(d(text), month, "{text}");
    }
    for text in ["", "   ", "????.??.??", "0000/00/00", "0000"] {
        assert_eq!(d(text), None, "{text}");
    }
}

#[test]
fn unreadable_dates_are_refused_with_their_text() {
    for text in [
        "2005/13/40",
        "2005/02/30",
        "2005/00/28",
        "????.07.28",
        "1/2",
        "tomorrow",
        "85",
        "2005/07/28/1",
        "12345",
    ] {
        assert_eq!(
            PartialDate::read(text),
            Err(NotADate(text.to_owned())),
            "{text}"
        );
    }
}

#[test]
fn written_in_each_format_form() {
    let full = d("28. 07. 2005").unwrap();
    assert_eq!(full.to_string(), "2005-07-28");
    assert_eq!(full.trf(), "2005/07/28");
    assert_eq!(full.pgn(), "2005.07.28");
    let month = d("2005.07.??").unwrap();
    assert_eq!(month.to_string(), "2005-07");
    assert_eq!(month.trf(), "2005/07/00");
    assert_eq!(month.pgn(), "2005.07.??");
    let year = d("1985/00/00").unwrap();
    assert_eq!(year.to_string(), "1985");
    assert_eq!(year.trf(), "1985/00/00");
    assert_eq!(year.pgn(), "1985.??.??");
    assert_eq!(serde_json::to_string(&month).unwrap(), "\"2005-07\"");
}

#[test]
fn iso_is_strict() {
    assert_eq!(
        PartialDate::parse_iso("1985").ok(),
        PartialDate::year_only(1985)
    );
    assert!(PartialDate::parse_iso("2005/07/28").is_err());
    assert!(PartialDate::parse_iso("2005-7-28").is_err());
    assert!(PartialDate::parse_iso("2005-02-30").is_err());
    assert!(PartialDate::parse_iso("").is_err());
    assert!(PartialDate::parse_iso("0000").is_err());
}

#[test]
fn order_is_the_calendar_and_the_iso_text() {
    let dates: Vec<PartialDate> = [
        "1985",
        "1985-07",
        "1985-07-01",
        "1985-07-28",
        "1985-08",
        "1986",
    ]
    .iter()
    .map(|t| t.parse().unwrap())
    .collect();
    assert!(dates.windows(2).all(|w| w[0] < w[1]));
    let year = PartialDate::year_only(1985).unwrap();
    assert_eq!(
        year.first_day(),
        NaiveDate::from_ymd_opt(1985, 1, 1).unwrap()
    );
    assert_eq!(
        year.last_day(),
        NaiveDate::from_ymd_opt(1985, 12, 31).unwrap()
    );
    let feb = PartialDate::new(2024, Some(2), None).unwrap();
    assert_eq!(
        feb.last_day(),
        NaiveDate::from_ymd_opt(2024, 2, 29).unwrap()
    );
}

/// Any date, of any precision.
fn any_date() -> impl Strategy<Value = PartialDate> {
    (1i32..=9999, 0u32..=12, 0u32..=31).prop_filter_map("a date", |(y, m, d)| {
        let m = (m > 0).then_some(m);
        let d = (d > 0 && m.is_some()).then_some(d);
        PartialDate::new(y, m, d)
    })
}

proptest! {
    #[test]
    fn iso_round_trips(date in any_date()) {
        let iso = date.to_string();
        prop_assert_eq!(iso.parse::<PartialDate>().unwrap(), date);
        prop_assert_eq!(PartialDate::read(&iso).unwrap(), Some(date));
        let json = serde_json::to_string(&date).unwrap();
        prop_assert_eq!(serde_json::from_str::<PartialDate>(&json).unwrap(), date);
    }

    #[test]
    fn trf_form_round_trips(date in any_date()) {
        let trf = date.trf();
        prop_assert_eq!(trf.len(), 10, "{}", trf);
        prop_assert_eq!(PartialDate::read(&trf).unwrap(), Some(date));
    }

    #[test]
    fn pgn_form_round_trips(date in any_date()) {
        prop_assert_eq!(PartialDate::read(&date.pgn()).unwrap(), Some(date));
    }

    #[test]
    fn the_order_is_the_iso_texts(a in any_date(), b in any_date()) {
        prop_assert_eq!(a.cmp(&b), a.to_string().cmp(&b.to_string()));
        prop_assert!(a.first_day() <= a.last_day());
    }

    #[test]
    fn reading_any_text_never_panics(s in "\\PC{0,14}") {
        let _ = PartialDate::read(&s);
        let _ = PartialDate::parse_iso(&s);
    }
}
