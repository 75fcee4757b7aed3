//! The tournament's time zone: every time is stored in UTC, and the pages show and take them in
//! the zone the organizer sets (an IANA name such as `Europe/Amsterdam`; UTC when unset). Times
//! concerned: a round's scheduled start and the default-time deadline (Art. 6.7), arrivals
//! (Art. 6.6, Appendix A.7), the resumption of an adjourned game (A.2(g)), incidents and score
//! reports. The JSON API keeps UTC.

use chrono::{NaiveDateTime, TimeZone};
use chrono_tz::Tz;

use crate::error::WebError;
use crate::respond::bad;

/// A tournament's time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone(Tz);

impl Default for Zone {
    fn default() -> Self {
        Zone(Tz::UTC)
    }
}

impl Zone {
    /// The zone stored for a tournament (`tournaments.time_zone`): UTC when unset or unknown (a
    /// name is checked by [`Zone::parse`] before it is stored).
    #[must_use]
    pub fn of(stored: Option<&str>) -> Zone {
        stored
            .and_then(|n| n.parse::<Tz>().ok())
            .map_or_else(Zone::default, Zone)
    }

    /// The zone a form or API body names in `field`: an IANA name (`Europe/Amsterdam`,
    /// `America/New_York`, `UTC`), letter case ignored; empty means UTC. Returns the name to
    /// store (`None` for UTC).
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the field when the name is not in the IANA database.
    pub fn parse(field: &str, text: &str) -> Result<Option<String>, WebError> {
        if text.trim().is_empty() {
            return Ok(None);
        }
        let zone = arbiter_tournament::input::TimeZoneName::parse(text)
            .map_err(|e| crate::error::invalid(field, &e))?;
        Ok((!zone.is_utc()).then(|| zone.name().to_owned()))
    }

    /// The zone of a stored tournament (see [`Zone::of`]).
    #[must_use]
    pub fn of_tournament(stored: &arbiter_db::StoredTournament) -> Zone {
        Zone::of(stored.time_zone.as_deref())
    }

    /// The zone's IANA name (`UTC` when unset), as the pages label times with it.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The local time of a UTC instant.
    #[must_use]
    pub fn local(self, utc: NaiveDateTime) -> NaiveDateTime {
        self.0.from_utc_datetime(&utc).naive_local()
    }

    /// A UTC instant written in local time with `format` (chrono's `strftime` syntax).
    #[must_use]
    pub fn show(self, utc: NaiveDateTime, format: &str) -> String {
        self.local(utc).format(format).to_string()
    }

    /// A round's scheduled start for the public pages and print-outs: the local date and time
    /// with the zone's name, or the date alone for a round dated without a time (a TRF `132`
    /// date or a PGN `Date`, stored at midnight UTC), which no zone shifts.
    #[must_use]
    pub fn start_text(self, utc: NaiveDateTime) -> String {
        if utc.time() == chrono::NaiveTime::MIN {
            utc.format("%Y-%m-%d").to_string()
        } else {
            format!("{} {}", self.show(utc, "%Y-%m-%d %H:%M"), self.name())
        }
    }

    /// A UTC instant as a `datetime-local` field's value in this zone (`YYYY-MM-DDTHH:MM`).
    #[must_use]
    pub fn field(self, utc: NaiveDateTime) -> String {
        self.show(utc, "%Y-%m-%dT%H:%M")
    }

    /// The UTC instant of a local time entered in `field`. At a change of the clocks, a time
    /// that happens twice is its first occurrence.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the field when the local time does not exist (skipped
    /// when the clocks went forward).
    pub fn to_utc(self, field: &str, local: NaiveDateTime) -> Result<NaiveDateTime, WebError> {
        self.0
            .from_local_datetime(&local)
            .earliest()
            .map(|t| t.naive_utc())
            .ok_or_else(|| {
                bad(
                    field,
                    crate::l10n::Msg::new("bad-skipped-time")
                        .ltr("time", local.format("%Y-%m-%d %H:%M").to_string())
                        .ltr("zone", self.name()),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn names_are_checked_and_utc_is_stored_as_none() {
        assert_eq!(
            Zone::parse("time_zone", "europe/amsterdam").unwrap(),
            Some("Europe/Amsterdam".to_owned())
        );
        assert_eq!(Zone::parse("time_zone", " UTC ").unwrap(), None);
        assert_eq!(Zone::parse("time_zone", "").unwrap(), None);
        let e = Zone::parse("time_zone", "Mars/Olympus").unwrap_err();
        assert!(e.to_string().contains("Mars/Olympus"), "{e}");
        assert_eq!(Zone::of(None), Zone::default());
        assert_eq!(Zone::of(Some("Asia/Kolkata")).name(), "Asia/Kolkata");
    }

    #[test]
    fn local_times_round_trip_through_utc() {
        let z = Zone::of(Some("Europe/Amsterdam"));
        // Winter: UTC+1; summer: UTC+2.
        assert_eq!(
            z.to_utc("scheduled", at("2026-11-21 15:00")).unwrap(),
            at("2026-11-21 14:00")
        );
        assert_eq!(
            z.to_utc("scheduled", at("2026-07-01 15:00")).unwrap(),
            at("2026-07-01 13:00")
        );
        assert_eq!(z.field(at("2026-11-21 14:00")), "2026-11-21T15:00");
        assert_eq!(
            z.start_text(at("2026-11-21 14:00")),
            "2026-11-21 15:00 Europe/Amsterdam"
        );
        assert_eq!(
            Zone::of(Some("America/Chicago")).start_text(at("2026-11-21 00:00")),
            "2026-11-21",
            "a date without a time stays on its day"
        );
        assert_eq!(
            Zone::of(Some("Asia/Kolkata")).show(at("2026-11-21 09:00"), "%H:%M"),
            "14:30"
        );
        // 29 March 2026, 02:30 does not exist in Amsterdam; 25 October 2026, 02:30 happens
        // twice: the first (summer time, UTC+2) is taken.
        let e = z
            .to_utc("resumption_at", at("2026-03-29 02:30"))
            .unwrap_err();
        assert!(e.to_string().contains("resumption_at"), "{e}");
        assert_eq!(
            z.to_utc("scheduled", at("2026-10-25 02:30")).unwrap(),
            at("2026-10-25 00:30")
        );
    }
}
