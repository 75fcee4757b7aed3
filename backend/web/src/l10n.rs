//! The reader's language: English, Persian (`fa`) or Arabic (`ar`), with its direction, digits
//! and calendar. Messages come from the Fluent catalogues in `backend/web/locales/<lang>/`
//! (embedded at compile time; English is the fallback); numbers and dates are formatted by
//! ICU4X: Persian digits (U+06F0-U+06F9) and the Solar Hijri calendar in `fa`, Arabic-Indic
//! digits (U+0660-U+0669) and the Gregorian calendar in `ar`, Latin digits when the reader asks
//! for them (`digits=latn`).
//!
//! The language is negotiated per request ([`L10n::negotiate`]): the `lang` cookie (set by the
//! switch on every page, `GET /language`), else the browser's `Accept-Language` (RFC 9110
//! 12.5.4, with its quality values), else English.

use std::borrow::Cow;
use std::collections::HashMap;
use std::str::FromStr;

use actix_web::http::header::{AcceptLanguage, Header, Preference, Quality};
use actix_web::{HttpMessage, HttpRequest};
use chrono::{Datelike, NaiveDate};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};
use icu::calendar::{AnyCalendar, AnyCalendarKind, Date, Ref};
use icu::datetime::DateTimeFormatter;
use icu::datetime::fieldsets::{D, MD, YMD};
use icu::decimal::DecimalFormatter;
use icu::decimal::input::Decimal;
use icu::decimal::options::DecimalFormatterOptions;
use icu::locale::Locale;
use icu::locale::extensions::unicode::{Value, key};
use unic_langid::LanguageIdentifier;

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Bidi isolation is the templates' job (`<bdi>`, `dir="ltr"`), where it is due.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The name of the cookie that keeps the reader's language (`en`, `fa`, `ar`).
pub const LANG_COOKIE: &str = "lang";
/// The name of the cookie that keeps the reader's choice of digits (`latn`: Latin digits).
pub const DIGITS_COOKIE: &str = "digits";
/// The name of the cookie that keeps the reader's choice of calendar, when the language offers
/// another one (`islamic-umalqura` in Arabic).
pub const CALENDAR_COOKIE: &str = "calendar";
/// The name of the cookie that keeps the reader's choice of piece letters in moves (`en`,
/// `figurine`; absent: the language's own letters).
pub const PIECES_COOKIE: &str = "pieces";

/// The language the organizer set for a tournament's public pages, put on the request when the
/// tournament is loaded for a public page (`crate::visibility::public_page`): it stands in for the browser's
/// `Accept-Language`, below the reader's own choice (the `lang` cookie).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventLanguage(pub Lang);

/// The languages of the interface, one line each, in the order of the switch. Adding a
/// language is a folder of `.ftl` files in `backend/web/locales/<code>/` and one line here.
pub const LANGUAGES: &[Language] = &[
    //             code  right to left  ICU locale: calendar, digits   another calendar
    Language::new("en", false, "en", None),
    Language::new("fa", true, "fa-u-ca-persian", None),
    Language::new(
        "ar",
        true,
        "ar-u-ca-gregory-nu-arab",
        Some("islamic-umalqura"),
    ),
];

/// What Arbiter needs to know of a language besides its messages.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Language {
    /// The BCP 47 code (`fa`), the name of its catalogues' folder.
    pub code: &'static str,
    /// Whether its script runs right to left.
    pub rtl: bool,
    /// The ICU locale its dates and numbers are written in: the language with its calendar
    /// (`-u-ca-persian`: Solar Hijri) and digits (`-u-nu-arab`: Arabic-Indic) where they are
    /// not the language's CLDR defaults.
    pub locale: &'static str,
    /// A calendar its readers may choose instead, a CLDR calendar id (`islamic-umalqura`: the
    /// Hijri calendar of Umm al-Qura), offered beside the language switch.
    pub other_calendar: Option<&'static str>,
}

impl Language {
    /// A line of [`LANGUAGES`].
    #[must_use]
    pub const fn new(
        code: &'static str,
        rtl: bool,
        locale: &'static str,
        other_calendar: Option<&'static str>,
    ) -> Language {
        Language {
            code,
            rtl,
            locale,
            other_calendar,
        }
    }
}

/// A language of the interface: a line of [`LANGUAGES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lang(&'static Language);

impl Lang {
    /// English (left to right, Latin digits, the Gregorian calendar), the fallback.
    pub const EN: Lang = Lang(&LANGUAGES[0]);

    /// Every language, in the order of the switch.
    pub fn all() -> impl Iterator<Item = Lang> {
        LANGUAGES.iter().map(Lang)
    }

    /// The BCP 47 code: `en`, `fa`, `ar`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        self.0.code
    }

    /// The language of a code or tag (`fa`, `fa-IR`, `AR`), by its primary subtag.
    #[must_use]
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim();
        Lang::all().find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// Whether the script runs right to left.
    #[must_use]
    pub const fn rtl(self) -> bool {
        self.0.rtl
    }

    /// The calendar its readers may choose instead of its own, if any.
    #[must_use]
    pub const fn other_calendar(self) -> Option<&'static str> {
        self.0.other_calendar
    }

    fn langid(self) -> LanguageIdentifier {
        LanguageIdentifier::from_str(self.code()).unwrap_or_default()
    }

    /// The ICU locale: the language with its calendar (or `calendar`) and its digits (or Latin
    /// ones when `latin`).
    fn icu_locale(self, latin: bool, calendar: Option<&str>) -> Locale {
        let mut locale = Locale::from_str(self.0.locale).unwrap_or(Locale::UNKNOWN);
        let keywords = &mut locale.extensions.unicode.keywords;
        if latin {
            if let Ok(v) = Value::try_from_str("latn") {
                keywords.set(key!("nu"), v);
            }
        }
        if let Some(v) = calendar.and_then(|c| Value::try_from_str(c).ok()) {
            keywords.set(key!("ca"), v);
        }
        locale
    }
}

/// The reader's language and digits, and the formatters for them: what every localized page
/// holds as `l` and calls from its template (`{{ l.t("key") }}`).
pub struct L10n {
    lang: Lang,
    latin: bool,
    /// The language's other calendar, when the reader chose it.
    calendar: Option<&'static str>,
    /// Whether numbers are written in other digits than Latin ones (`۲`, `٢`).
    native_digits: bool,
    decimal: Option<DecimalFormatter>,
    /// The page's path and query, where the language switch comes back to.
    back: String,
    /// The piece letters of moves (game pages).
    pieces: Pieces,
    /// Whether the reader's session names an account ([`crate::sessions::has_account`]): the frame
    /// offers "Your account", else "Sign in" and "Sign up".
    signed_in: bool,
    /// The notice of a write just done (`?done=`, [`crate::done`]): its catalogue key and
    /// number.
    notice: Option<(&'static str, u32)>,
    /// The page of this site the reader came from (the `Referer` of this host, a local path),
    /// when it is another page: where an error page leads back to. Empty otherwise.
    came_from: String,
    /// The event page above the request's path (`/tournaments/{id}`), empty elsewhere.
    event_home: String,
}

impl std::fmt::Debug for L10n {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("L10n")
            .field("lang", &self.lang)
            .field("latin", &self.latin)
            .finish_non_exhaustive()
    }
}

impl L10n {
    /// The formatters for `lang`, with Latin digits when `latin`.
    #[must_use]
    pub fn new(lang: Lang, latin: bool) -> L10n {
        let locale = lang.icu_locale(latin, None);
        let decimal =
            DecimalFormatter::try_new((&locale).into(), DecimalFormatterOptions::default()).ok();
        L10n {
            lang,
            latin,
            calendar: None,
            native_digits: decimal
                .as_ref()
                .is_some_and(|f| f.format(&Decimal::from(0)).to_string() != "0"),
            decimal,
            back: "/".to_owned(),
            pieces: Pieces::Local,
            signed_in: false,
            notice: None,
            came_from: String::new(),
            event_home: String::new(),
        }
    }

    /// The reader's language for a request: the `lang` cookie (the reader's choice, kept in the
    /// account too), else the language the organizer set for the tournament's public pages
    /// ([`EventLanguage`]), else the best match of `Accept-Language` (quality values honoured,
    /// `*` and unknown languages skipped), else English; Latin digits when the `digits` cookie
    /// says `latn`.
    #[must_use]
    pub fn negotiate(req: &HttpRequest) -> L10n {
        let latin = req
            .cookie(DIGITS_COOKIE)
            .is_some_and(|c| c.value() == "latn");
        let from_cookie = req.cookie(LANG_COOKIE).and_then(|c| Lang::parse(c.value()));
        let lang = from_cookie
            .or_else(|| req.extensions().get::<EventLanguage>().map(|e| e.0))
            .or_else(|| accept_language(req))
            .unwrap_or(Lang::EN);
        let mut l = L10n::new(lang, latin);
        l.calendar = lang
            .other_calendar()
            .filter(|c| req.cookie(CALENDAR_COOKIE).is_some_and(|k| k.value() == *c));
        l.pieces = req
            .cookie(PIECES_COOKIE)
            .and_then(|c| Pieces::parse(c.value()))
            .unwrap_or_default();
        l.back = req
            .uri()
            .path_and_query()
            .map_or_else(|| "/".to_owned(), |p| crate::done::without(p.as_str()));
        l.signed_in = crate::sessions::has_account(req);
        l.notice = crate::done::asked(req.query_string());
        l.event_home = crate::paths::event_page(req.path()).unwrap_or_default();
        l.came_from = crate::paths::came_from(req)
            .filter(|p| *p != l.back)
            .unwrap_or_default();
        l
    }

    /// The page of this site the reader came from, when it is another page (the error page's
    /// way back); empty otherwise.
    #[must_use]
    pub fn came_from(&self) -> &str {
        &self.came_from
    }

    /// The page of the event the request is about (`/tournaments/{id}` for a path below it),
    /// the error page's way back into the event; empty for any other path.
    #[must_use]
    pub fn event_home(&self) -> &str {
        &self.event_home
    }

    /// The notice of the write just done ("Round 2 published"), in the reader's words and
    /// digits; empty when there is none (`crate::done`).
    #[must_use]
    pub fn notice(&self) -> String {
        self.notice.map_or_else(String::new, |(key, n)| {
            self.tn(key, usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    /// Whether the reader is signed in (the frame's account links; part of [`L10n::variant`]).
    #[must_use]
    pub const fn signed_in(&self) -> bool {
        self.signed_in
    }

    /// Where the language switch comes back to: the page's path and query.
    #[must_use]
    pub fn back(&self) -> &str {
        &self.back
    }

    /// Whether the page runs right to left.
    #[must_use]
    pub const fn rtl(&self) -> bool {
        self.lang.rtl()
    }

    /// The calendar switch beside the languages, for a language with another calendar: the
    /// value `GET /language?calendar=` takes and the link's words (the calendar it switches to).
    #[must_use]
    pub fn calendar_switch(&self) -> Option<(&'static str, String)> {
        let other = self.lang.other_calendar()?;
        Some(if self.calendar == Some(other) {
            ("default", self.t("calendar-default"))
        } else {
            (
                other,
                self.t(match other {
                    "islamic-umalqura" => "calendar-hijri",
                    _ => "calendar-other",
                }),
            )
        })
    }

    /// The piece letters the reader reads moves in (the `pieces` cookie).
    #[must_use]
    pub const fn pieces(&self) -> Pieces {
        self.pieces
    }

    /// The reader with another choice of piece letters.
    #[must_use]
    pub fn with_pieces(mut self, pieces: Pieces) -> L10n {
        self.pieces = pieces;
        self
    }

    /// Whether the reader asked for Latin digits.
    #[must_use]
    pub const fn latin(&self) -> bool {
        self.latin
    }

    /// The language.
    #[must_use]
    pub const fn language(&self) -> Lang {
        self.lang
    }

    /// The `lang` attribute: `en`, `fa`, `ar`.
    #[must_use]
    pub const fn lang(&self) -> &'static str {
        self.lang.code()
    }

    /// The `dir` attribute: `rtl` or `ltr`.
    #[must_use]
    pub const fn dir(&self) -> &'static str {
        if self.lang.rtl() { "rtl" } else { "ltr" }
    }

    /// What the page depends on besides its data (for its cache validators): `fa`,
    /// `fa-latn`, `ar-islamic-umalqura`, `fa-pieces-en`, ... (the piece letters only when not the
    /// language's own: only game pages show moves, and most readers keep the default).
    #[must_use]
    pub fn variant(&self) -> String {
        let mut v = self.lang.code().to_owned();
        if let Some(c) = self.calendar {
            v.push('-');
            v.push_str(c);
        }
        if self.latin {
            v.push_str("-latn");
        }
        if self.pieces != Pieces::Local {
            v.push_str("-pieces-");
            v.push_str(self.pieces.code());
        }
        // The frame differs for a visitor (sign in, sign up) and an account holder.
        if self.signed_in {
            v.push_str("-account");
        }
        v
    }

    /// The message `key` in the reader's language (English when the language lacks it).
    #[must_use]
    pub fn t(&self, key: &str) -> String {
        LOCALES.lookup(&self.lang.langid(), key)
    }

    /// The message `key` with one text argument `name`.
    #[must_use]
    pub fn t1(&self, key: &str, name: &'static str, value: &str) -> String {
        let mut args = HashMap::new();
        args.insert(Cow::Borrowed(name), FluentValue::from(value.to_owned()));
        LOCALES.lookup_with_args(&self.lang.langid(), key, &args)
    }

    /// The message `key` with one integer argument `name`, in the reader's digits
    /// (`round-n` with `n`: "Round 3", «دور ۳»).
    #[must_use]
    pub fn ti<N: std::fmt::Display>(&self, key: &str, name: &'static str, n: N) -> String {
        self.t1(key, name, &self.int(n))
    }

    /// The message `key` with text arguments.
    #[must_use]
    pub fn ta(&self, key: &str, values: &[(&'static str, String)]) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue> = values
            .iter()
            .map(|(k, v)| (Cow::Borrowed(*k), FluentValue::from(v.clone())))
            .collect();
        LOCALES.lookup_with_args(&self.lang.langid(), key, &args)
    }

    /// A message as HTML: its text and arguments escaped, the arguments named in `wrap` set in
    /// the element `tag` (`code` for commands, `strong` for times), left to right and isolated
    /// from the text's direction.
    #[must_use]
    pub fn html(
        &self,
        key: &str,
        tag: &str,
        wrap: &[&str],
        args: &[(&'static str, &str)],
    ) -> String {
        let tagged: Vec<(&'static str, String)> = args
            .iter()
            .map(|(k, v)| {
                let v = v.replace(['\u{1}', '\u{2}'], "");
                if wrap.contains(k) {
                    (*k, format!("\u{1}{v}\u{2}"))
                } else {
                    (*k, v)
                }
            })
            .collect();
        let text = self.ta(key, &tagged);
        let mut out = String::with_capacity(text.len() + 32);
        for c in text.chars() {
            match c {
                '\u{1}' => {
                    out.push('<');
                    out.push_str(tag);
                    out.push_str(" dir=\"ltr\">");
                }
                '\u{2}' => {
                    out.push_str("</");
                    out.push_str(tag);
                    out.push('>');
                }
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' => out.push_str("&quot;"),
                c => out.push(c),
            }
        }
        out
    }

    /// The message `key` for a count: `$count` is the number (for the language's plural
    /// rules), `$n` the count in the reader's digits.
    #[must_use]
    pub fn tn(&self, key: &str, count: usize) -> String {
        let mut args = HashMap::new();
        args.insert(Cow::Borrowed("count"), FluentValue::from(count));
        args.insert(
            Cow::Borrowed("n"),
            FluentValue::from(self.num(i64::try_from(count).unwrap_or(i64::MAX))),
        );
        LOCALES.lookup_with_args(&self.lang.langid(), key, &args)
    }

    /// An integer in the reader's digits, grouped as the language groups them (`1,234`,
    /// `۱٬۲۳۴`, `١٬٢٣٤`).
    #[must_use]
    pub fn num<N: Into<i64>>(&self, n: N) -> String {
        let d = Decimal::from(n.into());
        match &self.decimal {
            Some(f) => f.format(&d).to_string(),
            None => d.to_string(),
        }
    }

    /// An integer in the reader's digits without grouping: pairing and board numbers, ratings,
    /// rounds.
    #[must_use]
    pub fn int<N: std::fmt::Display>(&self, n: N) -> String {
        self.digits(&n.to_string())
    }

    /// A text with its ASCII digits and decimal point in the reader's digits and decimal
    /// separator (`2.5` -> `۲٫۵`, `1½` -> `۱½`): scores and tie-break values, which the model
    /// writes with Latin digits. Each run of digits is formatted by ICU4X.
    #[must_use]
    pub fn digits(&self, text: &str) -> String {
        if !self.native_digits {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len() * 2);
        let mut run = String::new();
        let flush = |run: &mut String, out: &mut String| {
            if run.is_empty() {
                return;
            }
            // A trailing point is punctuation, not a decimal separator.
            let trailing = run.ends_with('.');
            let number = run.trim_end_matches('.');
            let formatted = Decimal::from_str(number)
                .ok()
                .zip(self.decimal.as_ref())
                .map_or_else(
                    || number.to_owned(),
                    |(d, f)| {
                        // Decimal values keep their digits as written; no grouping in a run.
                        let s = f.format(&d).to_string();
                        if number.len() > 3 && !number.contains('.') {
                            strip_grouping(&s)
                        } else {
                            s
                        }
                    },
                );
            out.push_str(&formatted);
            if trailing {
                out.push('.');
            }
            run.clear();
        };
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let point_in_number = c == '.'
                && !run.is_empty()
                && !run.contains('.')
                && chars.get(i + 1).is_some_and(char::is_ascii_digit);
            if c.is_ascii_digit() || point_in_number {
                run.push(c);
            } else {
                flush(&mut run, &mut out);
                out.push(c);
            }
        }
        flush(&mut run, &mut out);
        out
    }

    /// A text that must read left to right inside a message (`2024-08`, a code), isolated
    /// with the Unicode bidi controls LRI and PDI so that a right-to-left sentence does not
    /// reorder it.
    #[must_use]
    pub fn ltr(&self, text: &str) -> String {
        self.isolate('\u{2066}', text)
    }

    /// A piece of data inside a message (an event's name, a player's), isolated with the
    /// Unicode bidi controls FSI and PDI: it takes its own direction from its first letter and
    /// does not reorder the sentence around it.
    #[must_use]
    pub fn data(&self, text: &str) -> String {
        self.isolate('\u{2068}', text)
    }

    /// `text` between the bidi control `open` and PDI on a right-to-left page; as it is on a
    /// left-to-right one.
    fn isolate(&self, open: char, text: &str) -> String {
        if self.lang.rtl() {
            format!("{open}{text}\u{2069}")
        } else {
            text.to_owned()
        }
    }

    /// A calendar date in the reader's calendar and digits, long form (`28 July 2005`,
    /// `۶ مرداد ۱۳۸۴`, `٢٨ يوليو ٢٠٠٥`).
    #[must_use]
    pub fn date(&self, d: NaiveDate) -> String {
        self.format_date(d, Fields::Ymd)
            .unwrap_or_else(|| d.to_string())
    }

    /// A range of dates, the shared month and year written once where the reader's calendar
    /// shares them (`28 to 31 July 2005`; `۶ تا ۹ مرداد ۱۳۸۴`).
    #[must_use]
    pub fn date_range(&self, start: NaiveDate, end: NaiveDate) -> String {
        if start == end {
            return self.date(start);
        }
        let (sy, sm) = self.calendar_year_month(start);
        let (ey, em) = self.calendar_year_month(end);
        let first = if sy == ey && sm == em {
            Fields::D
        } else if sy == ey {
            Fields::Md
        } else {
            Fields::Ymd
        };
        let start_text = self
            .format_date(start, first)
            .unwrap_or_else(|| start.to_string());
        self.ta(
            "date-range",
            &[("start", start_text), ("end", self.date(end))],
        )
    }

    fn calendar_year_month(&self, d: NaiveDate) -> (i32, u8) {
        let Ok(iso) = Date::try_new_iso(d.year(), month_u8(d), day_u8(d)) else {
            return (d.year(), month_u8(d));
        };
        let locale = self.lang.icu_locale(self.latin, self.calendar);
        let calendar = AnyCalendar::new(AnyCalendarKind::new((&locale).into()));
        let date = iso.to_calendar(Ref(&calendar));
        (date.year().era_year_or_related_iso(), date.month().ordinal)
    }

    fn format_date(&self, d: NaiveDate, fields: Fields) -> Option<String> {
        let locale = self.lang.icu_locale(self.latin, self.calendar);
        let date = Date::try_new_iso(d.year(), month_u8(d), day_u8(d)).ok()?;
        let prefs = (&locale).into();
        Some(match fields {
            Fields::Ymd => DateTimeFormatter::try_new(prefs, YMD::long())
                .ok()?
                .format(&date)
                .to_string(),
            Fields::Md => DateTimeFormatter::try_new(prefs, MD::long())
                .ok()?
                .format(&date)
                .to_string(),
            Fields::D => DateTimeFormatter::try_new(prefs, D::long())
                .ok()?
                .format(&date)
                .to_string(),
        })
    }

    /// The CLDR id of the calendar the reader's dates are in: `gregory`, `persian` (Solar
    /// Hijri), `islamic-umalqura`.
    #[must_use]
    pub fn calendar_id(&self) -> String {
        if let Some(c) = self.calendar {
            return c.to_owned();
        }
        Locale::from_str(self.lang.0.locale)
            .ok()
            .and_then(|l| {
                l.extensions
                    .unicode
                    .keywords
                    .get(&key!("ca"))
                    .map(ToString::to_string)
            })
            .unwrap_or_else(|| "gregory".to_owned())
    }

    /// Whether a date field can be the browser's date picker (Gregorian, ISO values); else it
    /// is a text field in the reader's calendar ([`L10n::date_field`], [`date_in_calendar`]).
    #[must_use]
    pub fn gregorian(&self) -> bool {
        self.calendar_id() == "gregory"
    }

    /// A form's date (`YYYY-MM-DD`, as the model keeps it) as the reader's date field shows it:
    /// unchanged in the Gregorian calendar, else `year/month/day` in the reader's calendar and
    /// digits (`2026-03-01` -> `۱۴۰۴/۱۲/۱۰`). Text that is not an ISO date is shown as it is.
    #[must_use]
    pub fn date_field(&self, iso: &str) -> String {
        if self.gregorian() {
            return iso.to_owned();
        }
        let Ok(d) = NaiveDate::parse_from_str(iso.trim(), "%Y-%m-%d") else {
            return iso.to_owned();
        };
        let Ok(date) = Date::try_new_iso(d.year(), month_u8(d), day_u8(d)) else {
            return iso.to_owned();
        };
        let locale = self.lang.icu_locale(self.latin, self.calendar);
        let calendar = AnyCalendar::new(AnyCalendarKind::new((&locale).into()));
        let local = date.to_calendar(Ref(&calendar));
        self.digits(&format!(
            "{}/{:02}/{:02}",
            local.extended_year(),
            local.month().ordinal,
            local.day_of_month().0
        ))
    }

    /// The language switch: each language's own name, and whether it is the reader's.
    #[must_use]
    pub fn languages(&self) -> Vec<(&'static str, String, bool)> {
        Lang::all()
            .map(|l| {
                (
                    l.code(),
                    L10n::new(l, false).t("language-name"),
                    l == self.lang,
                )
            })
            .collect()
    }
}

impl actix_web::FromRequest for L10n {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<L10n, actix_web::Error>>;

    /// The reader's language as a handler argument ([`L10n::negotiate`]); never fails.
    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(L10n::negotiate(req)))
    }
}

/// A date typed in a form: ISO `YYYY-MM-DD` (any calendar's reader may type it), else
/// `year/month/day` (or with `-` or `.`) in the CLDR calendar `calendar` (`persian`,
/// `islamic-umalqura`; `gregory` or empty accepts ISO only), in any digits (Latin, Persian,
/// Arabic-Indic). ICU4X does the calendar arithmetic; `None` for a date that does not exist
/// (the 31st of Esfand of a common year).
#[must_use]
pub fn date_in_calendar(calendar: &str, text: &str) -> Option<NaiveDate> {
    let text: String = text
        .trim()
        .chars()
        .map(arbiter_tournament::names::ascii_digit)
        .collect();
    if let Ok(d) = NaiveDate::parse_from_str(&text, "%Y-%m-%d") {
        if calendar.is_empty() || calendar == "gregory" || d.year() >= 1700 {
            return Some(d);
        }
    }
    if calendar.is_empty() || calendar == "gregory" {
        return None;
    }
    let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
    let [y, m, d] = parts.as_slice() else {
        return None;
    };
    let (y, m, d): (i32, u8, u8) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let locale = Locale::from_str(&format!("und-u-ca-{calendar}")).ok()?;
    let cal = AnyCalendar::new(AnyCalendarKind::new((&locale).into()));
    let month = icu::calendar::types::MonthCode::new_normal(m)?;
    let date = Date::try_new_from_codes(None, y, month, d, Ref(&cal)).ok()?;
    let iso = date.to_iso();
    NaiveDate::from_ymd_opt(
        iso.extended_year(),
        u32::from(iso.month().ordinal),
        u32::from(iso.day_of_month().0),
    )
}

/// Which fields of a date to write.
#[derive(Clone, Copy)]
enum Fields {
    Ymd,
    Md,
    D,
}

fn month_u8(d: NaiveDate) -> u8 {
    u8::try_from(d.month()).unwrap_or(1)
}

fn day_u8(d: NaiveDate) -> u8 {
    u8::try_from(d.day()).unwrap_or(1)
}

/// Drops the grouping separators ICU4X puts in an integer (`,`, `٬`, no-break spaces).
fn strip_grouping(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ',' | '\u{066C}' | '\u{00A0}' | '\u{202F}' | '.'))
        .collect()
}

/// The best supported language of a request's `Accept-Language` (actix-web's typed header):
/// the languages by quality, the order given for equal ones, the first one Arbiter has; `q=0`
/// means "not this one" and `*` names none.
fn accept_language(req: &HttpRequest) -> Option<Lang> {
    let header = AcceptLanguage::parse(req).ok()?;
    let mut items: Vec<_> = header
        .0
        .into_iter()
        .filter(|i| i.quality > Quality::ZERO)
        .collect();
    // Stable: equal qualities keep the order given.
    items.sort_by_key(|i| std::cmp::Reverse(i.quality));
    items.into_iter().find_map(|i| match i.item {
        Preference::Specific(tag) => Lang::parse(tag.primary_language()),
        Preference::Any => None,
    })
}

pub(crate) mod csv;
pub(crate) mod explain;
mod month;
mod msg;
mod pieces;
pub(crate) mod review;
pub(crate) mod trf;

pub use msg::Msg;
pub use pieces::Pieces;

#[cfg(test)]
mod tests;
