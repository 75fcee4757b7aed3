//! The checks of [`preflight`].

use std::collections::BTreeMap;

use super::{EventField, Gap, PlayerField, Subject};
use crate::date::PartialDate;
use crate::model::Tournament;
use crate::result::ResultCode;

/// Every gap in a tournament's rating report, in this order: the header records (`012` to
/// `222`), the arbiters (`102`, `112`), the accelerations (`250`/`XXA` against `192`), the
/// rounds that have results (their `132` dates, then their games' results), then the players
/// (`001`) in pairing-number order. An empty list: nothing the rating server needs is missing.
#[must_use]
pub fn preflight(t: &Tournament) -> Vec<Gap> {
    let mut out = Vec::new();
    header(t, &mut out);
    arbiters(t, &mut out);
    accelerations(t, &mut out);
    rounds(t, &mut out);
    players(t, &mut out);
    out
}

fn blank(v: Option<&String>) -> bool {
    v.is_none_or(|s| s.trim().is_empty())
}

fn three_letters(s: &str) -> bool {
    let s = s.trim();
    s.len() == 3 && s.bytes().all(|b| b.is_ascii_alphabetic())
}

fn header(t: &Tournament, out: &mut Vec<Gap>) {
    for (field, value) in [
        (EventField::Name, &t.name),
        (EventField::City, &t.city),
        (EventField::Federation, &t.federation),
    ] {
        if blank(value.as_ref()) {
            out.push(Gap::MissingEventField { field });
        }
    }
    if let Some(f) = t.federation.as_deref().filter(|f| !f.trim().is_empty()) {
        if !three_letters(f) {
            out.push(Gap::UnreadableEventField {
                field: EventField::Federation,
                text: f.to_owned(),
            });
        }
    }
    // The dates are stored as dates: an unreadable one was read as none (the reader warned),
    // and TRF writes them `YYYY/MM/DD`. What the rating server still cannot take is a date
    // missing, only partly known (`2005/07/00`), or an end before the start.
    for (field, value) in [
        (EventField::StartDate, t.start_date),
        (EventField::EndDate, t.end_date),
    ] {
        match value {
            None => out.push(Gap::MissingEventField { field }),
            Some(d) if d.full().is_none() => out.push(Gap::PartialDate {
                field,
                text: d.to_string(),
            }),
            Some(_) => {}
        }
    }
    if let (Some(start), Some(end)) = (t.start_date, t.end_date) {
        if end.last_day() < start.first_day() {
            out.push(Gap::EndBeforeStart);
        }
    }
    let players = t.players.len() as u32;
    let rated = t
        .players
        .iter()
        .filter(|p| p.rating.is_some_and(|r| r > 0))
        .count() as u32;
    for (field, value, actual) in [
        (EventField::PlayerCount, &t.declared_players, players),
        (
            EventField::RatedPlayerCount,
            &t.declared_rated_players,
            rated,
        ),
    ] {
        match value.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => out.push(Gap::MissingEventField { field }),
            Some(text) => match text.parse::<u32>() {
                Err(_) => out.push(Gap::UnreadableEventField {
                    field,
                    text: text.to_owned(),
                }),
                Ok(declared) if declared != actual => out.push(Gap::CountMismatch {
                    field,
                    declared,
                    actual,
                }),
                Ok(_) => {}
            },
        }
    }
    for (field, value) in [
        (EventField::TournamentType, &t.tournament_type),
        (EventField::TimeControl, &t.time_control),
    ] {
        if blank(value.as_ref()) {
            out.push(Gap::MissingEventField { field });
        }
    }
    let played = t.last_round();
    match t.rounds_planned {
        None => out.push(Gap::MissingEventField {
            field: EventField::Rounds,
        }),
        Some(planned) if played < planned => out.push(Gap::RoundsUnplayed { planned, played }),
        Some(_) => {}
    }
    for (field, value) in [
        (EventField::PairingSystem, &t.pairing_system),
        (EventField::EncodedTimeControl, &t.encoded_time_control),
    ] {
        if blank(value.as_ref()) {
            out.push(Gap::MissingEventField { field });
        }
    }
}

/// Whether a line names a FIDE id: a run of at least four digits.
fn has_fide_id(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            run += 1;
            if run >= 4 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

fn arbiters(t: &Tournament, out: &mut Vec<Gap>) {
    match t.chief_arbiter.as_deref().map(str::trim) {
        None | Some("") => out.push(Gap::MissingChiefArbiter),
        Some(text) if !has_fide_id(text) => out.push(Gap::ArbiterWithoutFideId {
            subject: Subject::ChiefArbiter,
            text: text.to_owned(),
        }),
        Some(_) => {}
    }
    for (i, d) in t.deputy_arbiters.iter().enumerate() {
        let text = d.trim();
        if !text.is_empty() && !has_fide_id(text) {
            out.push(Gap::ArbiterWithoutFideId {
                subject: Subject::DeputyArbiter(i),
                text: text.to_owned(),
            });
        }
    }
}

fn accelerations(t: &Tournament, out: &mut Vec<Gap>) {
    let system = t.pairing_system.as_deref().map_or("", str::trim);
    // A team event's `250` records name teams: they are the event's, not the players'.
    let records =
        !t.accelerations.is_empty() || t.team.as_ref().is_some_and(|e| !e.accelerations.is_empty());
    if records && system.is_empty() {
        out.push(Gap::AccelerationUndeclared {
            records_present: true,
        });
    }
    if !records && system.to_ascii_uppercase().contains("BAKU") {
        out.push(Gap::AccelerationUndeclared {
            records_present: false,
        });
    }
    for a in &t.accelerations {
        if t.player(a.player).is_none() {
            out.push(Gap::AccelerationUnknownPlayer { player: a.player });
        }
    }
}

fn rounds(t: &Tournament, out: &mut Vec<Gap>) {
    let mut start = t.start_date.map(PartialDate::first_day);
    let mut end = t.end_date.map(PartialDate::last_day);
    if let (Some(s), Some(e)) = (start, end) {
        if e < s {
            // Reported once as `EndBeforeStart`; the rounds cannot be checked against it.
            (start, end) = (None, None);
        }
    }
    let last = t.last_round();
    let mut rounds: Vec<_> = t.rounds.iter().filter(|r| r.number <= last).collect();
    rounds.sort_by_key(|r| r.number);
    for r in rounds {
        match r.scheduled.map(|d| d.date()) {
            None => out.push(Gap::MissingRoundDate { round: r.number }),
            Some(date) => {
                if start.is_some_and(|s| date < s) || end.is_some_and(|e| date > e) {
                    out.push(Gap::RoundDateOutsideEvent {
                        round: r.number,
                        date,
                    });
                }
            }
        }
        for g in &r.games {
            let pending = |c: ResultCode| matches!(c, ResultCode::Blank | ResultCode::Unknown);
            if pending(g.result.white) || pending(g.result.black) {
                out.push(Gap::MissingResult {
                    round: r.number,
                    white: g.white,
                    black: g.black,
                });
            }
        }
    }
}

fn players(t: &Tournament, out: &mut Vec<Gap>) {
    let mut ids: BTreeMap<u64, u16> = BTreeMap::new();
    let mut players: Vec<_> = t.players.iter().collect();
    players.sort_by_key(|p| p.pairing_number);
    for p in players {
        let player = p.pairing_number;
        let id = p.fide_id.filter(|&i| i > 0);
        let new_player = id.is_none();
        if p.name.trim().is_empty() {
            out.push(Gap::MissingPlayerField {
                player,
                field: PlayerField::Name,
                new_player,
            });
        }
        // No FIDE id is no gap by itself: FIDE registers a new player from his birth date, sex
        // and federation, checked below.
        if let Some(id) = id {
            if let Some(&other) = ids.get(&id) {
                out.push(Gap::DuplicateFideId {
                    player,
                    other,
                    fide_id: id,
                });
            } else {
                ids.insert(id, player);
            }
        }
        // A birth date is stored as a date (a year alone is enough for FIDE); an unreadable one
        // was read as none, the reader's warning naming its line.
        if p.birth_date.is_none() && new_player {
            out.push(Gap::MissingPlayerField {
                player,
                field: PlayerField::BirthDate,
                new_player,
            });
        }
        if p.sex.is_none() {
            out.push(Gap::MissingPlayerField {
                player,
                field: PlayerField::Sex,
                new_player,
            });
        }
        match p
            .federation
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => out.push(Gap::MissingPlayerField {
                player,
                field: PlayerField::Federation,
                new_player,
            }),
            Some(f) if !three_letters(f) => out.push(Gap::UnreadablePlayerField {
                player,
                field: PlayerField::Federation,
                text: f.to_owned(),
                new_player,
            }),
            Some(_) => {}
        }
    }
}
