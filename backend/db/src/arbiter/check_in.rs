//! Check-ins (Art. 6.6, 6.7): a player's arrival at the board, recorded by the arbiter or by the
//! player on the venue's tablet (the tournament's self check-in link), per sitting (the first
//! session or an adjourned game's resumption).

use arbiter_tournament::Colour;
use arbiter_tournament::arbiter::default_time::{CheckIns, SelfCheckInError, self_check_in};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::{ArbiterError, colour_from, colour_text, default_time_of, parse_id, touch_game};
use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::GameRow;
use crate::queries::{game, load_tournament};
use crate::schema::{check_ins, default_time_decisions, rounds, tournaments};

/// Which session a check-in is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Session {
    /// The round's session (Art. 6.7: the default time counts from its scheduled start).
    Start,
    /// An adjourned game's resumption (A.7, A.9, A.10).
    Resumption,
}

impl Session {
    /// `start` or `resumption`, as stored.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Session::Start => "start",
            Session::Resumption => "resumption",
        }
    }
}

/// A check-in as stored.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = check_ins, treat_none_as_default_value = false)]
pub struct CheckInRow {
    /// UUID as text.
    pub id: String,
    /// The game.
    pub game_id: String,
    /// `w` or `b`.
    pub colour: String,
    /// The player's pairing number.
    pub player: i32,
    /// `start` or `resumption`.
    pub session: String,
    /// When the player arrived at the board (UTC).
    pub at: NaiveDateTime,
    /// When it was recorded (UTC).
    pub recorded_at: NaiveDateTime,
    /// Who recorded it (an arbiter, or the player on a check-in tablet).
    pub by_actor: String,
    /// The account, if any.
    pub by_user: Option<String>,
}

impl CheckInRow {
    /// Whether the player checked himself in on the check-in tablet (no account, the actor
    /// [`SELF_CHECK_IN_ACTOR`]) rather than an arbiter recording the arrival.
    #[must_use]
    pub fn by_tablet(&self) -> bool {
        self.by_user.is_none() && self.by_actor.starts_with(SELF_CHECK_IN_ACTOR)
    }
}

/// The actor name of a check-in a player made himself on the tournament's check-in tablet
/// (Art. 6.6, 6.7): the audit log and the board view show `self check-in (tablet): player N`.
pub const SELF_CHECK_IN_ACTOR: &str = "self check-in (tablet)";

/// Records a player's arrival at the board, at `at` (the time the arbiter saw him; usually now).
/// The first check-in of a player for a session counts; the game's version moves (a forfeit
/// computed before the check-in can then no longer be applied); audited.
///
/// # Errors
/// [`ArbiterError::NotFound`] for an unknown game, [`ArbiterError::AlreadyCheckedIn`] with the
/// first check-in, or the database's error.
pub fn record_check_in(
    conn: &mut DbConnection,
    game_id: Uuid,
    colour: Colour,
    session: Session,
    at: NaiveDateTime,
    actor: &Actor,
) -> Result<CheckInRow, ArbiterError> {
    crate::atomically(conn, |conn| {
        let recorded_at = now();
        if touch_game(conn, game_id, recorded_at)? == 0 {
            return Err(ArbiterError::NotFound("game"));
        }
        let g = game(conn, game_id)?.ok_or(ArbiterError::NotFound("game"))?;
        insert_check_in(conn, &g, colour, session, at, recorded_at, actor)
    })
}

/// The check-in row and its audit entry, inside the caller's transaction (after
/// [`touch_game`]); refused when the player is already checked in for the session.
pub(crate) fn insert_check_in(
    conn: &mut DbConnection,
    g: &GameRow,
    colour: Colour,
    session: Session,
    at: NaiveDateTime,
    recorded_at: NaiveDateTime,
    actor: &Actor,
) -> Result<CheckInRow, ArbiterError> {
    let existing: Option<CheckInRow> = check_ins::table
        .filter(check_ins::game_id.eq(&g.id))
        .filter(check_ins::colour.eq(colour_text(colour)))
        .filter(check_ins::session.eq(session.name()))
        .select(CheckInRow::as_select())
        .first(conn)
        .optional()?;
    if let Some(first) = existing {
        return Err(ArbiterError::AlreadyCheckedIn(Box::new(first)));
    }
    let row = CheckInRow {
        id: Uuid::new_v4().to_string(),
        game_id: g.id.clone(),
        colour: colour_text(colour),
        player: match colour {
            Colour::White => g.white,
            Colour::Black => g.black,
        },
        session: session.name().to_owned(),
        at,
        recorded_at,
        by_actor: actor.name.clone(),
        by_user: actor.user_id.map(|u| u.to_string()),
    };
    diesel::insert_into(check_ins::table)
        .values(&row)
        .execute(conn)?;
    append_audit(
        conn,
        actor,
        Some(parse_id("games.tournament_id", &g.tournament_id)?),
        "game",
        Some(&g.id),
        "check_in",
        None::<&()>,
        Some(&row),
    )?;
    Ok(row)
}

/// Whether `token` looks like a check-in link's secret (32 lowercase hex digits), before any
/// query.
pub(crate) fn is_token_shaped(token: &str) -> bool {
    token.len() == 32
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The tournament whose check-in tablet link is `/check-in/{token}` (Art. 6.6, 6.7), while the
/// organizer allows self check-in; `None` for an unknown, revoked or replaced link.
///
/// # Errors
/// The database's error, or a bad stored id.
pub fn tournament_for_check_in_link(
    conn: &mut DbConnection,
    token: &str,
) -> QueryResult<Option<Uuid>> {
    if !is_token_shaped(token) {
        return Ok(None);
    }
    let id: Option<String> = tournaments::table
        .filter(tournaments::self_check_in_token.eq(token))
        .select(tournaments::id)
        .first(conn)
        .optional()?;
    id.map(|i| parse_id("tournaments.id", &i)).transpose()
}

/// A player checks himself in on the check-in tablet of link `token` (Art. 6.6, 6.7): the
/// player of `colour` in game `game_id` is at the board at `now`. The game must be one of the
/// round being played ([`arbiter_tournament::Tournament::round_in_play`]) of the link's
/// tournament, without a result or default-time decision, and the default time must not have
/// passed ([`self_check_in`]: after the deadline only the arbiter decides). Stored as the
/// arbiter's check-in is (the first arrival counts, the game's version moves), recorded by the
/// actor `self check-in (tablet): player N` ([`SELF_CHECK_IN_ACTOR`]); one transaction with its
/// audit entry. Nothing is written when refused.
///
/// # Errors
/// [`ArbiterError::NotFound`] (`check-in link`) for an unknown or revoked link,
/// [`ArbiterError::SelfCheckIn`] when the tablet refuses, [`ArbiterError::AlreadyCheckedIn`] with
/// the first check-in, or the database's error.
pub fn record_self_check_in(
    conn: &mut DbConnection,
    token: &str,
    game_id: Uuid,
    colour: Colour,
    now: NaiveDateTime,
) -> Result<CheckInRow, ArbiterError> {
    crate::atomically(conn, |conn| {
        let recorded_at = crate::audit::now();
        // The first statement writes (SQLite then holds the write lock); a refusal rolls it back.
        let touched = touch_game(conn, game_id, recorded_at)?;
        let tournament = tournament_for_check_in_link(conn, token)?
            .ok_or(ArbiterError::NotFound("check-in link"))?;
        let g = game(conn, game_id)?
            .filter(|g| touched > 0 && g.tournament_id == tournament.to_string())
            .ok_or(SelfCheckInError::NotInRound)?;
        let stored =
            load_tournament(conn, tournament)?.ok_or(ArbiterError::NotFound("tournament"))?;
        let in_play = stored
            .tournament
            .round_in_play()
            .map(|r| i32::from(r.number));
        if in_play != Some(g.round) {
            return Err(SelfCheckInError::NotInRound.into());
        }
        let scheduled: Option<Option<NaiveDateTime>> = rounds::table
            .find((&g.tournament_id, g.round))
            .select(rounds::scheduled)
            .first(conn)
            .optional()?;
        let decisions: i64 = default_time_decisions::table
            .find(&g.id)
            .count()
            .get_result(conn)?;
        let decided = !g.white_code.is_empty() || !g.black_code.is_empty() || decisions > 0;
        let default = default_time_of(conn, &g.tournament_id)?;
        self_check_in(scheduled.flatten(), default, decided, now)?;
        let pn = match colour {
            Colour::White => g.white,
            Colour::Black => g.black,
        };
        let actor = Actor::system(format!("{SELF_CHECK_IN_ACTOR}: player {pn}"));
        insert_check_in(conn, &g, colour, Session::Start, now, recorded_at, &actor)
    })
}

/// The check-ins of a game for a session, as the domain's [`CheckIns`].
///
/// # Errors
/// The database's error, or a bad stored colour.
pub fn check_ins_for(
    conn: &mut DbConnection,
    game_id: Uuid,
    session: Session,
) -> QueryResult<CheckIns> {
    arrivals_of(&check_in_rows(conn, game_id, session)?)
}

/// The stored check-ins of a game for a session (who recorded each: an arbiter, or the player on
/// the tablet).
///
/// # Errors
/// The database's error.
pub fn check_in_rows(
    conn: &mut DbConnection,
    game_id: Uuid,
    session: Session,
) -> QueryResult<Vec<CheckInRow>> {
    check_ins::table
        .filter(check_ins::game_id.eq(game_id.to_string()))
        .filter(check_ins::session.eq(session.name()))
        .order(check_ins::at)
        .select(CheckInRow::as_select())
        .load(conn)
}

pub(crate) fn arrivals_of(rows: &[CheckInRow]) -> QueryResult<CheckIns> {
    let mut ins = CheckIns::default();
    for r in rows {
        match colour_from("check_ins.colour", &r.colour)? {
            Colour::White => ins.white = Some(r.at),
            Colour::Black => ins.black = Some(r.at),
        }
    }
    Ok(ins)
}
