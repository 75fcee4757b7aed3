//! The arbiter's work, stored (issue #6): check-ins and default-time forfeits (Art. 6.7), sealed
//! move envelopes (Appendix A), incidents and penalties (Art. 7.4, 9.5(b), 12.7, 12.8, 13.4).
//!
//! The decisions themselves are the domain's (`arbiter_tournament::arbiter`); this module keeps
//! their records. Every write that spans rows is one transaction with its audit entry, and every
//! change of a game's result is guarded by the game's `version`, so that several server instances
//! (or arbiters) acting at once never apply a decision twice or lose one:
//! [`apply_default_time_forfeits`] applies each due forfeit exactly once, even when every
//! instance runs it at the same moment.
//!
//! The sealed move is stored only as ciphertext with its commitment; the service's seal key is
//! passed in by the caller and never stored. The salt and the move are written only when the
//! envelope is opened (a `CHECK` constraint enforces it), and opening requires the replying
//! player's recorded check-in for the resumption (A.7).

pub mod adjournment;
pub mod check_in;
pub mod default_time;
pub mod penalty;
pub mod settings;

pub use adjournment::{
    EnvelopeRow, envelope_row, game_envelopes, open_envelope, record_adjournment_decision,
    record_envelope_note, store_envelope,
};
pub use check_in::{
    CheckInRow, SELF_CHECK_IN_ACTOR, Session, check_in_rows, check_ins_for, record_check_in,
    record_self_check_in, tournament_for_check_in_link,
};
pub use default_time::{
    AppliedForfeit, BoardStatus, DecisionRow, apply_default_time_forfeits, board_view,
    override_default_time, tournament_default_time,
};
pub use penalty::{
    IncidentRow, game_incidents, record_illegal_move, record_incident, record_incorrect_claim,
};
pub use settings::{
    laws_edition, laws_edition_text, parse_laws_edition, set_laws_edition, set_round_schedule,
};

use arbiter_tournament::arbiter::adjournment::AdjournmentError;
use arbiter_tournament::arbiter::default_time::{DefaultTime, SelfCheckInError};
use arbiter_tournament::arbiter::penalty::PenaltyError;
use arbiter_tournament::{Colour, GameResult, ScoringSystem};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use uuid::Uuid;

use crate::connection::DbConnection;
use crate::models::{GameResultChanges, GameRow, bad, uuid};
use crate::queries::{game, tournament_row};
use crate::schema::{games, tournaments};

/// Why an arbiter's action was not stored.
#[derive(Debug, thiserror::Error)]
pub enum ArbiterError {
    /// No such game, envelope or tournament.
    #[error("no such {0}")]
    NotFound(&'static str),
    /// The game changed since it was read: the game as it stands now. Nothing was written.
    #[error("the game was changed by someone else (now version {})", current.version)]
    Conflict {
        /// The game as it stands.
        current: Box<GameRow>,
    },
    /// The player was already checked in for that session (the first arrival counts).
    #[error("already checked in at {}", .0.at)]
    AlreadyCheckedIn(Box<CheckInRow>),
    /// A default-time decision already exists for the game and cannot be replaced.
    #[error("the default time of this game was already decided ({0})")]
    AlreadyDecided(String),
    /// The game already has a result: it cannot be adjourned.
    #[error("the game has a result; only a game in progress can be adjourned (A.1)")]
    NotInProgress,
    /// The envelope was opened by someone else meanwhile.
    #[error("the envelope was already opened")]
    AlreadyOpened,
    /// A rule of Appendix A refuses (A.7 opening without the replier, a tampered envelope...).
    #[error(transparent)]
    Adjournment(#[from] AdjournmentError),
    /// A penalty that does not fit (Art. 13.4, 12.7, 12.8, 7.4).
    #[error(transparent)]
    Penalty(#[from] PenaltyError),
    /// The check-in tablet refuses a player's own check-in (Art. 6.7: not the round being
    /// played, a decided game, or the default time has passed); the arbiter can still record it.
    #[error(transparent)]
    SelfCheckIn(#[from] SelfCheckInError),
    /// The database's error.
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

fn colour_text(c: Colour) -> String {
    c.trf_char().to_string()
}

fn colour_from(column: &'static str, text: &str) -> QueryResult<Colour> {
    match text {
        "w" => Ok(Colour::White),
        "b" => Ok(Colour::Black),
        _ => Err(bad(column, text)),
    }
}

fn parse_id(column: &'static str, text: &str) -> QueryResult<Uuid> {
    uuid(column, text)
}

/// Bumps a game's version (recording that something about it changed); the first write of a
/// transaction, so that SQLite takes its write lock before reading. Returns the number of rows.
fn touch_game(conn: &mut DbConnection, game_id: Uuid, at: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(games::table.find(game_id.to_string()))
        .set((
            games::version.eq(games::version + 1),
            games::updated_at.eq(at),
        ))
        .execute(conn)
}

/// The game's tournament scoring (Art. 11 or the announced system).
fn scoring_of(conn: &mut DbConnection, tournament: Uuid) -> Result<ScoringSystem, ArbiterError> {
    let row = tournament_row(conn, tournament)?.ok_or(ArbiterError::NotFound("tournament"))?;
    Ok(row.to_model()?.scoring)
}

/// Sets a game's result at `expected_version`, or reports the conflict.
fn set_result(
    conn: &mut DbConnection,
    g: &GameRow,
    expected_version: i32,
    result: &GameResult,
    at: NaiveDateTime,
) -> Result<GameRow, ArbiterError> {
    let changes = GameResultChanges::new(result, expected_version.saturating_add(1), at);
    let n = diesel::update(games::table)
        .filter(games::id.eq(&g.id))
        .filter(games::version.eq(expected_version))
        .set(&changes)
        .execute(conn)?;
    let gid = parse_id("games.id", &g.id)?;
    let current = game(conn, gid)?.ok_or(ArbiterError::NotFound("game"))?;
    if n == 0 {
        return Err(ArbiterError::Conflict {
            current: Box::new(current),
        });
    }
    Ok(current)
}

/// Takes the write lock first (SQLite) by touching the game's tournament; returns the game.
fn lock_game(
    conn: &mut DbConnection,
    game_id: Uuid,
    at: NaiveDateTime,
) -> Result<(GameRow, Uuid), ArbiterError> {
    let tid: Option<String> = games::table
        .find(game_id.to_string())
        .select(games::tournament_id)
        .first(conn)
        .optional()?;
    let tid = tid.ok_or(ArbiterError::NotFound("game"))?;
    diesel::update(tournaments::table.find(&tid))
        .set(tournaments::updated_at.eq(at))
        .execute(conn)?;
    let g = game(conn, game_id)?.ok_or(ArbiterError::NotFound("game"))?;
    Ok((g, parse_id("games.tournament_id", &tid)?))
}

/// The tournament's default time: its stored minutes, or one hour (Art. 6.7, 2001 Laws).
pub(crate) fn default_time_of(
    conn: &mut DbConnection,
    tournament: &str,
) -> QueryResult<DefaultTime> {
    let minutes: Option<Option<i32>> = tournaments::table
        .find(tournament)
        .select(tournaments::default_time_minutes)
        .first(conn)
        .optional()?;
    Ok(minutes
        .flatten()
        .and_then(|m| u32::try_from(m).ok())
        .and_then(|m| DefaultTime::minutes(m).ok())
        .unwrap_or_default())
}
