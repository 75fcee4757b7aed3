//! The reader's language: negotiation, digits, calendars.

use actix_web::test::TestRequest;

use super::*;

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
