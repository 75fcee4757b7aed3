//! The arbiter's settings of a tournament: the Laws edition the event is played under, and the
//! scheduled start of each round (the base of the default time).

use arbiter_tournament::arbiter::LawsEdition;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::ArbiterError;
use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::bad;
use crate::schema::{rounds, tournaments};

/// The stored name of a Laws edition: `2001` or `later` (the `tournaments.laws_edition` column).
#[must_use]
pub const fn laws_edition_text(edition: LawsEdition) -> &'static str {
    match edition {
        LawsEdition::Laws2001 => "2001",
        LawsEdition::Later => "later",
    }
}

/// Reads a Laws edition as stored or typed: `2001`, or `later` (also `2014`, `2017`, `2023`:
/// the later Laws). `None` for anything else.
#[must_use]
pub fn parse_laws_edition(text: &str) -> Option<LawsEdition> {
    match text.trim().to_ascii_lowercase().as_str() {
        "2001" => Some(LawsEdition::Laws2001),
        "later" | "2014" | "2017" | "2018" | "2023" => Some(LawsEdition::Later),
        _ => None,
    }
}

/// The edition of the Laws a tournament is played under (Art. 7.4(b), 9.5(b), 12: the rules that
/// differ); the 2001 Laws when none is set.
///
/// # Errors
/// [`ArbiterError::NotFound`] for an unknown tournament; the database's error.
pub fn laws_edition(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> Result<LawsEdition, ArbiterError> {
    let stored: Option<Option<String>> = tournaments::table
        .find(tournament.to_string())
        .select(tournaments::laws_edition)
        .first(conn)
        .optional()?;
    let stored = stored.ok_or(ArbiterError::NotFound("tournament"))?;
    match stored {
        None => Ok(LawsEdition::default()),
        Some(text) => parse_laws_edition(&text)
            .ok_or_else(|| ArbiterError::Database(bad("tournaments.laws_edition", &text))),
    }
}

#[derive(Serialize)]
pub(crate) struct EditionAudit {
    article: &'static str,
    laws_edition: &'static str,
}

/// Sets the edition of the Laws a tournament is played under; audited (before and after), the
/// tournament's last change moves.
///
/// # Errors
/// [`ArbiterError::NotFound`] for an unknown tournament; the database's error.
pub fn set_laws_edition(
    conn: &mut DbConnection,
    tournament: Uuid,
    edition: LawsEdition,
    actor: &Actor,
) -> Result<(), ArbiterError> {
    crate::atomically(conn, |conn| {
        let at = now();
        let n = diesel::update(tournaments::table.find(tournament.to_string()))
            .set(tournaments::updated_at.eq(at))
            .execute(conn)?;
        if n == 0 {
            return Err(ArbiterError::NotFound("tournament"));
        }
        let before = laws_edition(conn, tournament)?;
        diesel::update(tournaments::table.find(tournament.to_string()))
            .set(tournaments::laws_edition.eq(Some(laws_edition_text(edition))))
            .execute(conn)?;
        let audit = |e: LawsEdition| EditionAudit {
            article: "7.4(b), 9.5(b), 12",
            laws_edition: laws_edition_text(e),
        };
        append_audit(
            conn,
            actor,
            Some(tournament),
            "tournament",
            Some(&tournament.to_string()),
            "laws_edition",
            Some(&audit(before)),
            Some(&audit(edition)),
        )?;
        Ok(())
    })
}

#[derive(Serialize)]
pub(crate) struct ScheduleAudit {
    article: &'static str,
    round: i32,
    scheduled: Option<NaiveDateTime>,
}

/// Sets (or clears, with `None`) a round's scheduled start (UTC), from which the default time
/// counts (Art. 6.7). Audited with the start before and after; the tournament's last change
/// moves. A forfeit already applied stays (the arbiter can take it back with an override).
///
/// # Errors
/// [`ArbiterError::NotFound`] for an unknown round; the database's error.
pub fn set_round_schedule(
    conn: &mut DbConnection,
    tournament: Uuid,
    round: u16,
    scheduled: Option<NaiveDateTime>,
    actor: &Actor,
) -> Result<(), ArbiterError> {
    crate::atomically(conn, |conn| {
        let at = now();
        let tid = tournament.to_string();
        let n = i32::from(round);
        diesel::update(tournaments::table.find(&tid))
            .set(tournaments::updated_at.eq(at))
            .execute(conn)?;
        let before: Option<Option<NaiveDateTime>> = rounds::table
            .find((&tid, n))
            .select(rounds::scheduled)
            .first(conn)
            .optional()?;
        let before = before.ok_or(ArbiterError::NotFound("round"))?;
        diesel::update(rounds::table.find((&tid, n)))
            .set(rounds::scheduled.eq(scheduled))
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "round",
            Some(&round.to_string()),
            "schedule",
            Some(&ScheduleAudit {
                article: "6.7",
                round: n,
                scheduled: before,
            }),
            Some(&ScheduleAudit {
                article: "6.7",
                round: n,
                scheduled,
            }),
        )?;
        Ok(())
    })
}
