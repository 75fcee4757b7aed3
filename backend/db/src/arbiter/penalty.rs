//! Incidents and penalties (Art. 12.7, 12.8, 13.4; illegal moves 7.4/7.5 by the Laws edition;
//! incorrect draw claims 9.5(b)): recorded with their effect on the game's result.

use std::time::Duration;

use arbiter_tournament::arbiter::penalty::{
    Effect, IllegalMoveVerdict, IllegalMoves, Incident, incorrect_claim,
};
use arbiter_tournament::arbiter::{LawsEdition, Position};
use arbiter_tournament::{Colour, ResultCode};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::adjournment::i32_of;
use super::{ArbiterError, colour_text, lock_game, scoring_of, set_result};
use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::GameRow;
use crate::schema::{incidents, players};

/// An incident as stored.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = incidents, treat_none_as_default_value = false)]
pub struct IncidentRow {
    /// UUID as text.
    pub id: String,
    /// The game.
    pub game_id: String,
    /// `w` or `b` (for 12.8, the player named; both lose).
    pub offender: String,
    /// A sanction's name (`Sanction::name`), `illegal_move` or `incorrect_claim`.
    pub kind: String,
    /// Seconds (13.4(b)/(c); the two minutes of 7.4(b)).
    pub seconds: Option<i32>,
    /// A result code (13.4(e); the opponent's score under 12.7 or the mobile-phone rule).
    pub code: Option<String>,
    /// The article applied.
    pub article: String,
    /// The arbiter's reason.
    pub reason: String,
    /// What it did, in a sentence.
    pub message: String,
    /// When (UTC).
    pub at: NaiveDateTime,
    /// Who recorded it.
    pub by_actor: String,
    /// The account, if any.
    pub by_user: Option<String>,
}

/// The incidents of a game, oldest first.
///
/// # Errors
/// The database's error.
pub fn game_incidents(conn: &mut DbConnection, game_id: Uuid) -> QueryResult<Vec<IncidentRow>> {
    incidents::table
        .filter(incidents::game_id.eq(game_id.to_string()))
        .order((incidents::at.asc(), incidents::id.asc()))
        .select(IncidentRow::as_select())
        .load(conn)
}

#[derive(Serialize)]
pub(crate) struct IncidentAudit<'a> {
    incident: &'a IncidentRow,
    game: &'a GameRow,
    withdrawn: Option<i32>,
}

/// Records an incident and applies its effect (Art. 13.4(a)-(g), 12.7, 12.8, mobile phone) in one
/// transaction: the new result (guarded by `expected_version`, the game's version as the arbiter
/// read it), the withdrawal of an expelled player (13.4(g)), the incident row and the audit entry.
/// Clock changes are returned in the [`Effect`] for the board; they are not stored elsewhere.
///
/// # Errors
/// [`ArbiterError::Penalty`] when the sanction does not fit; [`ArbiterError::Conflict`] when the
/// game changed; [`ArbiterError::NotFound`]; the database's error.
pub fn record_incident(
    conn: &mut DbConnection,
    game_id: Uuid,
    expected_version: i32,
    incident: &Incident,
    edition: LawsEdition,
    actor: &Actor,
) -> Result<(IncidentRow, Effect, GameRow), ArbiterError> {
    crate::atomically(conn, |conn| {
        let at = now();
        let (g, tournament) = lock_game(conn, game_id, at)?;
        let scoring = scoring_of(conn, tournament)?;
        let effect = incident.effect(&g.result()?, &scoring, edition)?;
        let after = if let Some(result) = &effect.result {
            set_result(
                conn,
                &g,
                expected_version,
                &result.clone().recorded_by(actor.name.clone()),
                at,
            )?
        } else {
            if g.version != expected_version {
                return Err(ArbiterError::Conflict {
                    current: Box::new(g),
                });
            }
            g.clone()
        };
        let withdrawn = match effect.withdraw {
            Some(c) => {
                let pn = match c {
                    Colour::White => g.white,
                    Colour::Black => g.black,
                };
                diesel::update(
                    players::table
                        .filter(players::tournament_id.eq(&g.tournament_id))
                        .filter(players::pairing_number.eq(pn)),
                )
                .set(players::status.eq("withdrawn"))
                .execute(conn)?;
                Some(pn)
            }
            None => None,
        };
        let row = IncidentRow {
            id: Uuid::new_v4().to_string(),
            game_id: g.id.clone(),
            offender: colour_text(incident.offender),
            kind: incident.sanction.name().to_owned(),
            seconds: incident
                .sanction
                .seconds()
                .map(|s| i32_of("incidents.seconds", s))
                .transpose()?,
            code: incident.sanction.code().map(crate::models::code_text),
            article: effect.article.to_owned(),
            reason: incident.reason.clone(),
            message: effect.message.clone(),
            at,
            by_actor: actor.name.clone(),
            by_user: actor.user_id.map(|u| u.to_string()),
        };
        diesel::insert_into(incidents::table)
            .values(&row)
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "game",
            Some(&g.id),
            "incident",
            Some(&g),
            Some(&IncidentAudit {
                incident: &row,
                game: &after,
                withdrawn,
            }),
        )?;
        Ok((row, effect, after))
    })
}

/// Records an illegal move by `offender` (Art. 7.4): counts the player's earlier illegal moves in
/// this game from the stored incidents, decides (two extra minutes for the opponent, or the loss
/// at the third (2001 Laws) or second (later Laws), a draw when the opponent cannot checkmate from
/// `position`, the position restored under 7.4(a)), stores the incident and, when the game ends,
/// the result (guarded by `expected_version`). One transaction, audited.
///
/// # Errors
/// [`ArbiterError::Conflict`] when the game changed; [`ArbiterError::NotFound`]; the database's
/// error.
#[expect(
    clippy::too_many_arguments,
    reason = "the game, the move's context and the actor"
)]
pub fn record_illegal_move(
    conn: &mut DbConnection,
    game_id: Uuid,
    expected_version: i32,
    offender: Colour,
    edition: LawsEdition,
    position: &Position,
    reason: &str,
    actor: &Actor,
) -> Result<(IncidentRow, IllegalMoveVerdict, GameRow), ArbiterError> {
    crate::atomically(conn, |conn| {
        let at = now();
        let (g, tournament) = lock_game(conn, game_id, at)?;
        let earlier: i64 = incidents::table
            .filter(incidents::game_id.eq(&g.id))
            .filter(incidents::offender.eq(colour_text(offender)))
            .filter(incidents::kind.eq("illegal_move"))
            .count()
            .get_result(conn)?;
        let earlier = u8::try_from(earlier).unwrap_or(u8::MAX);
        let mut counts = match offender {
            Colour::White => IllegalMoves {
                white: earlier,
                black: 0,
            },
            Colour::Black => IllegalMoves {
                white: 0,
                black: earlier,
            },
        };
        let verdict = counts.record(offender, edition, position);
        let (after, seconds, article, message) = match &verdict {
            IllegalMoveVerdict::ExtraTime { count, .. } => {
                if g.version != expected_version {
                    return Err(ArbiterError::Conflict {
                        current: Box::new(g),
                    });
                }
                (
                    g.clone(),
                    Some(120),
                    "7.4(b)",
                    format!(
                        "illegal move number {count} by {}: two minutes added to the opponent's time (Art. 7.4(b))",
                        colour_word(offender)
                    ),
                )
            }
            IllegalMoveVerdict::GameEnds {
                count,
                result,
                article,
            } => {
                let after = set_result(
                    conn,
                    &g,
                    expected_version,
                    &result.clone().recorded_by(actor.name.clone()),
                    at,
                )?;
                let what = if result.white == ResultCode::Draw {
                    "the game is drawn: the opponent cannot checkmate by any series of legal moves"
                } else {
                    "the game is lost"
                };
                (
                    after,
                    None,
                    *article,
                    format!(
                        "illegal move number {count} by {}: {what} (Art. {article})",
                        colour_word(offender)
                    ),
                )
            }
        };
        let row = IncidentRow {
            id: Uuid::new_v4().to_string(),
            game_id: g.id.clone(),
            offender: colour_text(offender),
            kind: "illegal_move".into(),
            seconds,
            code: None,
            article: article.to_owned(),
            reason: reason.to_owned(),
            message,
            at,
            by_actor: actor.name.clone(),
            by_user: actor.user_id.map(|u| u.to_string()),
        };
        diesel::insert_into(incidents::table)
            .values(&row)
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "game",
            Some(&g.id),
            "illegal_move",
            Some(&g),
            Some(&IncidentAudit {
                incident: &row,
                game: &after,
                withdrawn: None,
            }),
        )?;
        Ok((row, verdict, after))
    })
}

pub(crate) const fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// Records an incorrect draw claim (Art. 9.5(b)) by `claimant` with the remaining times entered
/// from the clocks; returns the incident and the new `(white, black)` remaining times to set.
///
/// # Errors
/// [`ArbiterError::NotFound`]; the database's error.
#[expect(
    clippy::too_many_arguments,
    reason = "the game, the clocks and the actor"
)]
pub fn record_incorrect_claim(
    conn: &mut DbConnection,
    game_id: Uuid,
    claimant: Colour,
    edition: LawsEdition,
    white_remaining: Duration,
    black_remaining: Duration,
    reason: &str,
    actor: &Actor,
) -> Result<(IncidentRow, (Duration, Duration)), ArbiterError> {
    crate::atomically(conn, |conn| {
        let at = now();
        let (g, tournament) = lock_game(conn, game_id, at)?;
        let (w, b) = incorrect_claim(edition, claimant, white_remaining, black_remaining);
        let row = IncidentRow {
            id: Uuid::new_v4().to_string(),
            game_id: g.id.clone(),
            offender: colour_text(claimant),
            kind: "incorrect_claim".into(),
            seconds: None,
            code: None,
            article: "9.5(b)".into(),
            reason: reason.to_owned(),
            message: format!(
                "incorrect draw claim by {}: clocks from {}:{:02} / {}:{:02} to {}:{:02} / {}:{:02} (White / Black, Art. 9.5(b))",
                colour_word(claimant),
                white_remaining.as_secs() / 60,
                white_remaining.as_secs() % 60,
                black_remaining.as_secs() / 60,
                black_remaining.as_secs() % 60,
                w.as_secs() / 60,
                w.as_secs() % 60,
                b.as_secs() / 60,
                b.as_secs() % 60,
            ),
            at,
            by_actor: actor.name.clone(),
            by_user: actor.user_id.map(|u| u.to_string()),
        };
        diesel::insert_into(incidents::table)
            .values(&row)
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "game",
            Some(&g.id),
            "incorrect_claim",
            None::<&()>,
            Some(&row),
        )?;
        Ok((row, (w, b)))
    })
}
