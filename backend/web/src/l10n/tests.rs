//! The reader's language: negotiation, digits, calendars.

use actix_web::test::TestRequest;

use super::*;

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

#[test]
fn languages_are_read_by_their_primary_subtag() {
    assert_eq!(Lang::parse("fa-IR"), Some(Lang::Fa));
    assert_eq!(Lang::parse("AR"), Some(Lang::Ar));
    assert_eq!(Lang::parse("en_GB"), Some(Lang::En));
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
    assert_eq!(lang("fa-IR,fa;q=0.9,en-US;q=0.8"), Lang::Fa);
    // Quality wins over order; unknown languages are skipped.
    assert_eq!(lang("de;q=1, en;q=0.5, ar;q=0.7"), Lang::Ar);
    // q=0 is a refusal.
    assert_eq!(lang("fa;q=0, ar;q=0.2"), Lang::Ar);
    assert_eq!(lang("fr, *;q=0.1"), Lang::En);
    assert_eq!(lang("not a header;;;"), Lang::En);
    // The cookie of the switch comes first.
    let req = TestRequest::default()
        .insert_header(("Accept-Language", "fa"))
        .cookie(actix_web::cookie::Cookie::new(LANG_COOKIE, "ar"))
        .to_http_request();
    assert_eq!(L10n::negotiate(&req).language(), Lang::Ar);
    assert_eq!(L10n::negotiate(&req).dir(), "rtl");
}

#[test]
fn digits_follow_the_language_and_the_readers_choice() {
    let fa = L10n::new(Lang::Fa, false);
    assert_eq!(fa.digits("2.5"), "۲٫۵");
    assert_eq!(fa.digits("1½"), "۱½");
    assert_eq!(fa.digits("1–0"), "۱–۰");
    assert_eq!(fa.digits("Round 3."), "Round ۳.");
    assert_eq!(fa.int(2305), "۲۳۰۵");
    assert_eq!(fa.num(2305), "۲٬۳۰۵");
    let ar = L10n::new(Lang::Ar, false);
    assert_eq!(ar.digits("12.25"), "١٢٫٢٥");
    assert_eq!(ar.int(40), "٤٠");
    assert_eq!(L10n::new(Lang::Fa, true).digits("2.5"), "2.5");
    assert_eq!(L10n::new(Lang::En, false).digits("2.5"), "2.5");
    assert_eq!(L10n::new(Lang::En, false).num(2305), "2,305");
}

#[test]
fn persian_dates_are_solar_hijri() {
    let fa = L10n::new(Lang::Fa, false);
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
    let ar = L10n::new(Lang::Ar, false);
    assert_eq!(ar.date(ymd(2005, 7, 28)), "٢٨ يوليو ٢٠٠٥");
}

#[test]
fn messages_come_in_the_readers_language_with_english_as_fallback() {
    let fa = L10n::new(Lang::Fa, false);
    assert_eq!(fa.t("nav-standings"), "جدول رده‌بندی");
    assert_eq!(fa.ta("round-n", &[("n", fa.int(3))]), "دور ۳");
    assert_eq!(L10n::new(Lang::En, false).t("nav-standings"), "Standings");
    assert_eq!(L10n::new(Lang::Ar, false).t("language-name"), "العربية");
}
