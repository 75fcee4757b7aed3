//! A month in the reader's calendar and digits (`August 2024`, `مرداد ۱۴۰۳`): the month of a
//! date, for what is dated by its month only (the edition of the tie-break regulations).

use chrono::{Datelike, NaiveDate};
use icu::calendar::Date;
use icu::datetime::DateTimeFormatter;
use icu::datetime::fieldsets::YM;

use super::{L10n, day_u8, month_u8};

impl L10n {
    /// The month and year of `d` in the reader's calendar and digits, long form (`March 2026`,
    /// `اسفند ۱۴۰۴`, `مارس ٢٠٢٦`); the ISO `YYYY-MM` when ICU4X cannot write it.
    #[must_use]
    pub fn month(&self, d: NaiveDate) -> String {
        let locale = self.lang.icu_locale(self.latin, self.calendar);
        let prefs = (&locale).into();
        Date::try_new_iso(d.year(), month_u8(d), day_u8(d))
            .ok()
            .zip(DateTimeFormatter::try_new(prefs, YM::long()).ok())
            .map_or_else(
                || d.format("%Y-%m").to_string(),
                |(date, f)| f.format(&date).to_string(),
            )
    }
}
