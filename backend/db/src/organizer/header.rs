//! The tournament header as the audit log shows it, before and after an edit.

use serde::Serialize;

use crate::models::TournamentRow;

/// The header as the audit log shows it (timestamps left out: they always differ).
#[derive(Serialize)]
pub(super) struct Header<'a> {
    name: &'a Option<String>,
    city: &'a Option<String>,
    start_date: &'a Option<String>,
    end_date: &'a Option<String>,
    chief_arbiter: &'a Option<String>,
    time_control: &'a Option<String>,
    rounds_planned: Option<i32>,
    initial_colour: &'a Option<String>,
    scoring: &'a str,
    pairing_system: &'a Option<String>,
    tiebreaks: &'a Option<String>,
    tiebreak_edition: &'a Option<String>,
    default_time_minutes: Option<i32>,
    time_zone: &'a Option<String>,
    language: &'a Option<String>,
}

impl<'a> Header<'a> {
    #[expect(
        clippy::ref_option,
        reason = "the audit's header borrows the row's fields as they are stored"
    )]
    pub(super) fn of(
        r: &'a TournamentRow,
        time_zone: &'a Option<String>,
        language: &'a Option<String>,
    ) -> Header<'a> {
        Header {
            name: &r.name,
            city: &r.city,
            start_date: &r.start_date,
            end_date: &r.end_date,
            chief_arbiter: &r.chief_arbiter,
            time_control: &r.time_control,
            rounds_planned: r.rounds_planned,
            initial_colour: &r.initial_colour,
            scoring: &r.scoring,
            pairing_system: &r.pairing_system,
            tiebreaks: &r.tiebreaks,
            tiebreak_edition: &r.tiebreak_edition,
            default_time_minutes: r.default_time_minutes,
            time_zone,
            language,
        }
    }
}
