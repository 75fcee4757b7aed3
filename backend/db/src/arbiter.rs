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

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use arbiter_tournament::arbiter::adjournment::{
    AdjournmentError, Envelope, EnvelopeInfo, EnvelopeState, Resumption, Revealed, SealKey,
    SealedMove,
};
use arbiter_tournament::arbiter::default_time::{
    CheckIns, DefaultTime, DefaultTimeVerdict, Forfeit, Override, SelfCheckInError, decide,
    self_check_in,
};
use arbiter_tournament::arbiter::penalty::{
    Effect, IllegalMoveVerdict, IllegalMoves, Incident, PenaltyError, incorrect_claim,
};
use arbiter_tournament::arbiter::{LawsEdition, Position};
use arbiter_tournament::{Colour, GameResult, ResultCode, ScoringSystem};

use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::{GameResultChanges, GameRow, bad, unfit, uuid};
use crate::queries::{game, load_tournament, tournament_row};
use crate::schema::{
    check_ins, default_time_decisions, envelopes, games, incidents, players, rounds, tournaments,
};

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

/// The actor name of a check-in a player made himself on the tournament's check-in tablet
/// (Art. 6.6, 6.7): the audit log and the board view show `self check-in (tablet): player N`.
pub const SELF_CHECK_IN_ACTOR: &str = "self check-in (tablet)";

impl CheckInRow {
    /// Whether the player checked himself in on the check-in tablet (no account, the actor
    /// [`SELF_CHECK_IN_ACTOR`]) rather than an arbiter recording the arrival.
    #[must_use]
    pub fn by_tablet(&self) -> bool {
        self.by_user.is_none() && self.by_actor.starts_with(SELF_CHECK_IN_ACTOR)
    }
}

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
    conn.transaction(|conn| {
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
fn insert_check_in(
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
fn is_token_shaped(token: &str) -> bool {
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
    conn.transaction(|conn| {
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

fn arrivals_of(rows: &[CheckInRow]) -> QueryResult<CheckIns> {
    let mut ins = CheckIns::default();
    for r in rows {
        match colour_from("check_ins.colour", &r.colour)? {
            Colour::White => ins.white = Some(r.at),
            Colour::Black => ins.black = Some(r.at),
        }
    }
    Ok(ins)
}

/// A default-time decision as stored.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = default_time_decisions, treat_none_as_default_value = false)]
pub struct DecisionRow {
    /// The game.
    pub game_id: String,
    /// `forfeit` (applied by the default time) or `override` (the arbiter decided otherwise).
    pub kind: String,
    /// For a forfeit: `white`, `black` or `both` (who lost).
    pub forfeit: Option<String>,
    /// For an override: the arbiter's reason.
    pub reason: Option<String>,
    /// The deadline that applied (UTC).
    pub deadline: NaiveDateTime,
    /// When it was decided (UTC).
    pub decided_at: NaiveDateTime,
    /// Who decided (the scheduled job's instance name, or the arbiter).
    pub by_actor: String,
    /// The account, if any.
    pub by_user: Option<String>,
}

const fn forfeit_text(f: Forfeit) -> &'static str {
    match f {
        Forfeit::White => "white",
        Forfeit::Black => "black",
        Forfeit::Both => "both",
    }
}

/// The tournament's default time: its stored minutes, or one hour (Art. 6.7, 2001 Laws).
fn default_time_of(conn: &mut DbConnection, tournament: &str) -> QueryResult<DefaultTime> {
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

/// One board in the arbiter's board view: the game, who is present, and what the default time
/// says now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardStatus {
    /// The game.
    pub game: GameRow,
    /// Arrivals for the round's session.
    pub check_ins: CheckIns,
    /// The same arrivals as stored, with who recorded each (an arbiter, or the player himself on
    /// the check-in tablet: [`CheckInRow::by_tablet`]).
    pub arrivals: Vec<CheckInRow>,
    /// The stored decision (forfeit applied, or override), if any.
    pub decision: Option<DecisionRow>,
    /// The default-time verdict at `now` (`None` when the round has no scheduled start).
    pub verdict: Option<DefaultTimeVerdict>,
}

/// The board view of a round at `now` (Art. 6.7): per game, the check-ins, the decision and the
/// default-time verdict (time left until the deadline, or the forfeit that is due).
///
/// # Errors
/// The database's error.
pub fn board_view(
    conn: &mut DbConnection,
    tournament: Uuid,
    round: u16,
    now: NaiveDateTime,
) -> QueryResult<Vec<BoardStatus>> {
    let tid = tournament.to_string();
    let scheduled: Option<Option<NaiveDateTime>> = rounds::table
        .find((&tid, i32::from(round)))
        .select(rounds::scheduled)
        .first(conn)
        .optional()?;
    let default = default_time_of(conn, &tid)?;
    let games: Vec<GameRow> = crate::queries::round_games(conn, tournament, round)?;
    let ids: Vec<String> = games.iter().map(|g| g.id.clone()).collect();
    let mut decisions: BTreeMap<String, DecisionRow> = default_time_decisions::table
        .filter(default_time_decisions::game_id.eq_any(&ids))
        .select(DecisionRow::as_select())
        .load(conn)?
        .into_iter()
        .map(|d| (d.game_id.clone(), d))
        .collect();
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        let gid = parse_id("games.id", &g.id)?;
        let arrivals = check_in_rows(conn, gid, Session::Start)?;
        let ins = arrivals_of(&arrivals)?;
        let decision = decisions.remove(&g.id);
        let verdict = scheduled.flatten().map(|s| {
            let o = decision
                .as_ref()
                .filter(|d| d.kind == "override")
                .map(|d| Override {
                    reason: d.reason.clone().unwrap_or_default(),
                    by: Some(d.by_actor.clone()),
                });
            decide(s, default, ins, now, o.as_ref())
        });
        out.push(BoardStatus {
            game: g,
            check_ins: ins,
            arrivals,
            decision,
            verdict,
        });
    }
    Ok(out)
}

/// A forfeit applied by [`apply_default_time_forfeits`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AppliedForfeit {
    /// The tournament.
    pub tournament: Uuid,
    /// The round.
    pub round: i32,
    /// The game as stored after the forfeit.
    pub game: GameRow,
    /// Who lost.
    pub forfeit: Forfeit,
    /// The deadline that passed.
    pub deadline: NaiveDateTime,
}

#[derive(Serialize)]
struct ForfeitAudit<'a> {
    article: &'static str,
    forfeit: &'static str,
    deadline: NaiveDateTime,
    message: String,
    game: &'a GameRow,
}

/// Applies every default-time forfeit due at `now` (Art. 6.7), in every tournament: for each game
/// without a result in a round being played (state `published`: a round only paired, for example
/// one imported from TRF with a date at midnight, is never touched) whose scheduled start plus the
/// tournament's default time has passed,
/// with no override and a player not checked in by the deadline, the forfeit (`+`/`-`, or `-`/`-`)
/// is recorded. Safe to run from several server instances at once: each forfeit is one transaction
/// whose first statement is a conditional `UPDATE` of the game (still at the version read, still
/// without a result), followed by the decision row (one per game) and one audit entry; a second
/// instance's update matches no row and it moves on. Returns the forfeits this call applied.
///
/// # Errors
/// The database's error.
pub fn apply_default_time_forfeits(
    conn: &mut DbConnection,
    now: NaiveDateTime,
    actor: &Actor,
) -> QueryResult<Vec<AppliedForfeit>> {
    let due_rounds: Vec<(String, i32, Option<NaiveDateTime>)> = rounds::table
        .filter(rounds::scheduled.is_not_null())
        .filter(rounds::scheduled.le(now))
        .filter(rounds::state.eq("published"))
        .select((rounds::tournament_id, rounds::number, rounds::scheduled))
        .load(conn)?;
    let mut defaults: BTreeMap<String, DefaultTime> = BTreeMap::new();
    let mut applied = Vec::new();
    for (tid, number, scheduled) in due_rounds {
        let Some(scheduled) = scheduled else { continue };
        let default = match defaults.get(&tid) {
            Some(d) => *d,
            None => {
                let d = default_time_of(conn, &tid)?;
                defaults.insert(tid.clone(), d);
                d
            }
        };
        let deadline = default.deadline(scheduled);
        if now <= deadline {
            continue;
        }
        let pending: Vec<GameRow> = games::table
            .filter(games::tournament_id.eq(&tid))
            .filter(games::round.eq(number))
            .filter(games::white_code.eq(""))
            .filter(games::black_code.eq(""))
            .select(GameRow::as_select())
            .load(conn)?;
        if pending.is_empty() {
            continue;
        }
        let ids: Vec<String> = pending.iter().map(|g| g.id.clone()).collect();
        let decided: Vec<String> = default_time_decisions::table
            .filter(default_time_decisions::game_id.eq_any(&ids))
            .select(default_time_decisions::game_id)
            .load(conn)?;
        for g in pending {
            if decided.contains(&g.id) {
                continue;
            }
            let gid = parse_id("games.id", &g.id)?;
            let ins = check_ins_for(conn, gid, Session::Start)?;
            let Some(forfeit) = decide(scheduled, default, ins, now, None).forfeit() else {
                continue;
            };
            if let Some(done) = apply_forfeit(conn, &g, forfeit, deadline, default, actor)? {
                applied.push(AppliedForfeit {
                    tournament: parse_id("games.tournament_id", &tid)?,
                    round: number,
                    game: done,
                    forfeit,
                    deadline,
                });
            }
        }
    }
    Ok(applied)
}

/// One forfeit, exactly once: `None` when another writer got there first.
fn apply_forfeit(
    conn: &mut DbConnection,
    g: &GameRow,
    forfeit: Forfeit,
    deadline: NaiveDateTime,
    default: DefaultTime,
    actor: &Actor,
) -> QueryResult<Option<GameRow>> {
    conn.transaction(|conn| {
        let at = now();
        let result = forfeit.result().recorded_by(actor.name.clone());
        let changes = GameResultChanges::new(&result, g.version.saturating_add(1), at);
        let n = diesel::update(games::table)
            .filter(games::id.eq(&g.id))
            .filter(games::version.eq(g.version))
            .filter(games::white_code.eq(""))
            .filter(games::black_code.eq(""))
            .set(&changes)
            .execute(conn)?;
        if n == 0 {
            return Ok(None);
        }
        let gid = parse_id("games.id", &g.id)?;
        let after = game(conn, gid)?.ok_or(diesel::result::Error::NotFound)?;
        diesel::insert_into(default_time_decisions::table)
            .values(&DecisionRow {
                game_id: g.id.clone(),
                kind: "forfeit".into(),
                forfeit: Some(forfeit_text(forfeit).into()),
                reason: None,
                deadline,
                decided_at: at,
                by_actor: actor.name.clone(),
                by_user: actor.user_id.map(|u| u.to_string()),
            })
            .execute(conn)?;
        diesel::update(tournaments::table.find(&g.tournament_id))
            .set(tournaments::updated_at.eq(at))
            .execute(conn)?;
        let audit = ForfeitAudit {
            article: "6.7",
            forfeit: forfeit_text(forfeit),
            deadline,
            message: forfeit.describe(default),
            game: &after,
        };
        append_audit(
            conn,
            actor,
            Some(parse_id("games.tournament_id", &g.tournament_id)?),
            "game",
            Some(&g.id),
            "default_time_forfeit",
            Some(g),
            Some(&audit),
        )?;
        Ok(Some(after))
    })
}

/// The arbiter decides otherwise (Art. 6.7): the default time does not apply to this game. Before
/// the forfeit it prevents it; after a forfeit applied by the default time (and still standing),
/// it takes the forfeit back (the result is pending again). The reason is stored and audited; the
/// game's version moves.
///
/// # Errors
/// [`ArbiterError::AlreadyDecided`] when an override exists already or the forfeit was since
/// replaced by another result; [`ArbiterError::NotFound`]; the database's error.
pub fn override_default_time(
    conn: &mut DbConnection,
    game_id: Uuid,
    decision: &Override,
    actor: &Actor,
) -> Result<DecisionRow, ArbiterError> {
    conn.transaction(|conn| {
        let at = now();
        if touch_game(conn, game_id, at)? == 0 {
            return Err(ArbiterError::NotFound("game"));
        }
        let g = game(conn, game_id)?.ok_or(ArbiterError::NotFound("game"))?;
        let existing: Option<DecisionRow> = default_time_decisions::table
            .find(game_id.to_string())
            .select(DecisionRow::as_select())
            .first(conn)
            .optional()?;
        let scheduled: Option<NaiveDateTime> = rounds::table
            .find((&g.tournament_id, g.round))
            .select(rounds::scheduled)
            .first(conn)?;
        let default = default_time_of(conn, &g.tournament_id)?;
        let deadline = scheduled.map_or(at, |s| default.deadline(s));
        let mut before_result = None;
        if let Some(d) = &existing {
            if d.kind == "override" {
                return Err(ArbiterError::AlreadyDecided(format!(
                    "override: {}",
                    d.reason.clone().unwrap_or_default()
                )));
            }
            let result = g.result()?;
            if !result.white.is_forfeit() || !result.black.is_forfeit() {
                return Err(ArbiterError::AlreadyDecided(
                    "the forfeit was since replaced by another result".into(),
                ));
            }
            let changes = GameResultChanges::new(&GameResult::pending(), g.version, at);
            diesel::update(games::table.find(&g.id))
                .set(&changes)
                .execute(conn)?;
            diesel::delete(default_time_decisions::table.find(&g.id)).execute(conn)?;
            before_result = Some(result);
        }
        let row = DecisionRow {
            game_id: g.id.clone(),
            kind: "override".into(),
            forfeit: None,
            reason: Some(decision.reason.clone()),
            deadline,
            decided_at: at,
            by_actor: actor.name.clone(),
            by_user: actor.user_id.map(|u| u.to_string()),
        };
        diesel::insert_into(default_time_decisions::table)
            .values(&row)
            .execute(conn)?;
        #[derive(Serialize)]
        struct Before<'a> {
            decision: Option<&'a DecisionRow>,
            result: Option<GameResult>,
        }
        append_audit(
            conn,
            actor,
            Some(parse_id("games.tournament_id", &g.tournament_id)?),
            "game",
            Some(&g.id),
            "default_time_override",
            Some(&Before {
                decision: existing.as_ref(),
                result: before_result,
            }),
            Some(&row),
        )?;
        Ok(row)
    })
}

/// An envelope as stored: the A.2 information, the ciphertext and commitment, and (once opened)
/// the salt and the move.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable, Serialize)]
#[diesel(table_name = envelopes, treat_none_as_default_value = false)]
pub struct EnvelopeRow {
    /// UUID as text (it enters the commitment).
    pub id: String,
    /// The game.
    pub game_id: String,
    /// 1 for the first envelope of the game, 2 for a reply sealed under A.9(c), ...
    pub seq: i32,
    /// `sealed` or `opened`.
    pub state: String,
    /// A.2(a).
    pub white_name: String,
    /// A.2(a).
    pub black_name: String,
    /// A.2(b), FEN.
    pub position_fen: String,
    /// A.2(c), seconds.
    pub white_time_used: i32,
    /// A.2(c), seconds.
    pub black_time_used: i32,
    /// A.2(d), `w` or `b`.
    pub sealer: String,
    /// A.2(e).
    pub move_number: i32,
    /// A.2(f), `w` or `b`.
    pub draw_offer: Option<String>,
    /// A.2(g).
    pub resumption_at: NaiveDateTime,
    /// A.2(g).
    pub resumption_place: String,
    /// The cipher's nonce, hex.
    pub nonce: String,
    /// The sealed move, encrypted (hex): unreadable without the service's seal key.
    pub ciphertext: String,
    /// The commitment shown on the envelope (SHA-256, hex).
    pub commitment: String,
    /// The salt, hex: only once opened.
    pub salt: Option<String>,
    /// The sealed move: only once opened.
    pub revealed_move: Option<String>,
    /// When sealed (UTC).
    pub sealed_at: NaiveDateTime,
    /// Who stored it.
    pub sealed_by: String,
    /// When opened (UTC).
    pub opened_at: Option<NaiveDateTime>,
    /// Who opened it.
    pub opened_by: Option<String>,
    /// Incremented by every change.
    pub version: i32,
}

impl EnvelopeRow {
    /// The domain envelope (sealed, or opened with its revealed move checked against the
    /// commitment).
    ///
    /// # Errors
    /// A deserialization error for a bad column, or a tampered envelope (as a deserialization
    /// error naming `envelopes`).
    pub fn to_envelope(&self) -> QueryResult<Envelope> {
        let id = parse_id("envelopes.id", &self.id)?;
        let info = EnvelopeInfo {
            white: self.white_name.clone(),
            black: self.black_name.clone(),
            position_fen: self.position_fen.clone(),
            white_time_used: u32::try_from(self.white_time_used).map_err(|_| {
                bad(
                    "envelopes.white_time_used",
                    self.white_time_used.to_string(),
                )
            })?,
            black_time_used: u32::try_from(self.black_time_used).map_err(|_| {
                bad(
                    "envelopes.black_time_used",
                    self.black_time_used.to_string(),
                )
            })?,
            sealer: colour_from("envelopes.sealer", &self.sealer)?,
            move_number: u32::try_from(self.move_number)
                .map_err(|_| bad("envelopes.move_number", self.move_number.to_string()))?,
            draw_offer: self
                .draw_offer
                .as_deref()
                .map(|c| colour_from("envelopes.draw_offer", c))
                .transpose()?,
            resumption: Resumption {
                at: self.resumption_at,
                place: self.resumption_place.clone(),
            },
        };
        let sealed = SealedMove::from_hex(&self.nonce, &self.ciphertext, &self.commitment)
            .map_err(|e| bad("envelopes.ciphertext", e.to_string()))?;
        let (state, revealed) = match (self.state.as_str(), &self.revealed_move, &self.salt) {
            ("sealed", None, None) => (EnvelopeState::Sealed, None),
            ("opened", Some(m), Some(s)) => (
                EnvelopeState::Opened,
                Some(Revealed::from_hex(m, s).map_err(|e| bad("envelopes.salt", e.to_string()))?),
            ),
            _ => return Err(bad("envelopes.state", self.state.clone())),
        };
        Envelope::from_stored(id, info, state, sealed, revealed)
            .map_err(|e| bad("envelopes", e.to_string()))
    }
}

/// What the audit log records about an envelope (never the move before opening).
#[derive(Serialize)]
struct EnvelopeAudit<'a> {
    article: &'static str,
    envelope: &'a str,
    seq: i32,
    commitment: &'a str,
    sealer: &'a str,
    move_number: i32,
    position_fen: &'a str,
    resumption_at: NaiveDateTime,
    revealed_move: Option<&'a str>,
}

impl EnvelopeRow {
    fn audit(&self, article: &'static str) -> EnvelopeAudit<'_> {
        EnvelopeAudit {
            article,
            envelope: &self.id,
            seq: self.seq,
            commitment: &self.commitment,
            sealer: &self.sealer,
            move_number: self.move_number,
            position_fen: &self.position_fen,
            resumption_at: self.resumption_at,
            revealed_move: self.revealed_move.as_deref(),
        }
    }
}

fn i32_of(column: &'static str, v: u32) -> QueryResult<i32> {
    i32::try_from(v).map_err(|_| unfit(column, v.to_string()))
}

/// Stores a sealed envelope for a game (A.1-A.3): the game becomes adjourned (result `X`/`X`,
/// TRF-2026's unknown result) if it had no result yet; the envelope gets the next number of the
/// game (a reply sealed under A.9(c) is the second). Audited without the move.
///
/// # Errors
/// [`ArbiterError::Adjournment`] unless the envelope is sealed; [`ArbiterError::NotFound`];
/// [`ArbiterError::NotInProgress`] when the game has a result other than `X`; the database's
/// error.
pub fn store_envelope(
    conn: &mut DbConnection,
    game_id: Uuid,
    envelope: &Envelope,
    actor: &Actor,
) -> Result<EnvelopeRow, ArbiterError> {
    let sealed = match (envelope.state(), envelope.sealed()) {
        (EnvelopeState::Sealed, Some(s)) => s.clone(),
        (state, _) => {
            return Err(AdjournmentError::WrongState {
                state,
                wanted: "a sealed envelope (a draft is never stored)",
            }
            .into());
        }
    };
    conn.transaction(|conn| {
        let at = now();
        if touch_game(conn, game_id, at)? == 0 {
            return Err(ArbiterError::NotFound("game"));
        }
        let g = game(conn, game_id)?.ok_or(ArbiterError::NotFound("game"))?;
        let open_codes = |c: &str| c.is_empty() || c == "X";
        if !open_codes(&g.white_code) || !open_codes(&g.black_code) {
            return Err(ArbiterError::NotInProgress);
        }
        let adjourned = GameResult::unknown().recorded_by(actor.name.clone());
        diesel::update(games::table.find(&g.id))
            .set(&GameResultChanges::new(&adjourned, g.version, at))
            .execute(conn)?;
        let max: Option<i32> = envelopes::table
            .filter(envelopes::game_id.eq(&g.id))
            .select(diesel::dsl::max(envelopes::seq))
            .first(conn)?;
        let info = &envelope.info;
        let row = EnvelopeRow {
            id: envelope.id.to_string(),
            game_id: g.id.clone(),
            seq: max.unwrap_or(0) + 1,
            state: "sealed".into(),
            white_name: info.white.clone(),
            black_name: info.black.clone(),
            position_fen: info.position_fen.clone(),
            white_time_used: i32_of("envelopes.white_time_used", info.white_time_used)?,
            black_time_used: i32_of("envelopes.black_time_used", info.black_time_used)?,
            sealer: colour_text(info.sealer),
            move_number: i32_of("envelopes.move_number", info.move_number)?,
            draw_offer: info.draw_offer.map(colour_text),
            resumption_at: info.resumption.at,
            resumption_place: info.resumption.place.clone(),
            nonce: sealed.nonce_hex(),
            ciphertext: sealed.ciphertext_hex(),
            commitment: sealed.commitment.clone(),
            salt: None,
            revealed_move: None,
            sealed_at: at,
            sealed_by: actor.name.clone(),
            opened_at: None,
            opened_by: None,
            version: 1,
        };
        diesel::insert_into(envelopes::table)
            .values(&row)
            .execute(conn)?;
        append_audit(
            conn,
            actor,
            Some(parse_id("games.tournament_id", &g.tournament_id)?),
            "envelope",
            Some(&row.id),
            "seal",
            None::<&()>,
            Some(&row.audit("A.1(a), A.2")),
        )?;
        Ok(row)
    })
}

/// One envelope by id.
///
/// # Errors
/// The database's error.
pub fn envelope_row(conn: &mut DbConnection, id: Uuid) -> QueryResult<Option<EnvelopeRow>> {
    envelopes::table
        .find(id.to_string())
        .select(EnvelopeRow::as_select())
        .first(conn)
        .optional()
}

/// The envelopes of a game, in order.
///
/// # Errors
/// The database's error.
pub fn game_envelopes(conn: &mut DbConnection, game_id: Uuid) -> QueryResult<Vec<EnvelopeRow>> {
    envelopes::table
        .filter(envelopes::game_id.eq(game_id.to_string()))
        .order(envelopes::seq.asc())
        .select(EnvelopeRow::as_select())
        .load(conn)
}

/// Opens a stored envelope (A.7, A.9): allowed only when the player who must reply has a
/// recorded check-in for the resumption at or before `now`. The move is decrypted with `key`
/// and checked against the commitment; then, in one transaction, the envelope becomes opened
/// (only if still sealed at the version read: two arbiters opening at once open it once) with
/// its salt and move, and the opening is audited. Returns the opened envelope (its revealed move
/// is what the board view shows, and what `judge_sealed_move` reads).
///
/// # Errors
/// [`ArbiterError::Adjournment`] with `ReplierAbsent` (A.7) or `Tampered`;
/// [`ArbiterError::AlreadyOpened`]; [`ArbiterError::NotFound`]; the database's error.
pub fn open_envelope(
    conn: &mut DbConnection,
    id: Uuid,
    key: &SealKey,
    now: NaiveDateTime,
    actor: &Actor,
) -> Result<(EnvelopeRow, Envelope), ArbiterError> {
    let row = envelope_row(conn, id)?.ok_or(ArbiterError::NotFound("envelope"))?;
    if row.state != "sealed" {
        return Err(ArbiterError::AlreadyOpened);
    }
    let mut envelope = row.to_envelope()?;
    let game_id = parse_id("envelopes.game_id", &row.game_id)?;
    let replier = envelope.info.replier();
    let present = check_ins_for(conn, game_id, Session::Resumption)?
        .of(replier)
        .is_some_and(|t| t <= now);
    let text = envelope.open(key, present)?.to_owned();
    let salt = envelope
        .revealed()
        .map(Revealed::salt_hex)
        .ok_or(ArbiterError::AlreadyOpened)?;
    conn.transaction(|conn| {
        let at = crate::audit::now();
        let n = diesel::update(envelopes::table)
            .filter(envelopes::id.eq(&row.id))
            .filter(envelopes::state.eq("sealed"))
            .filter(envelopes::version.eq(row.version))
            .set((
                envelopes::state.eq("opened"),
                envelopes::salt.eq(Some(&salt)),
                envelopes::revealed_move.eq(Some(&text)),
                envelopes::opened_at.eq(Some(at)),
                envelopes::opened_by.eq(Some(&actor.name)),
                envelopes::version.eq(row.version + 1),
            ))
            .execute(conn)?;
        if n == 0 {
            return Err(ArbiterError::AlreadyOpened);
        }
        let after = envelope_row(conn, id)?.ok_or(ArbiterError::NotFound("envelope"))?;
        let g = game(conn, game_id)?.ok_or(ArbiterError::NotFound("game"))?;
        append_audit(
            conn,
            actor,
            Some(parse_id("games.tournament_id", &g.tournament_id)?),
            "envelope",
            Some(&after.id),
            "open",
            Some(&row.audit("A.7")),
            Some(&after.audit("A.7, A.9")),
        )?;
        Ok((after, envelope))
    })
}

/// What the audit log records about a decision on an adjourned game.
#[derive(Serialize)]
struct AdjournmentAudit<'a> {
    article: &'a str,
    message: &'a str,
    game: &'a GameRow,
}

/// Records how an adjourned game ends without being played on (Appendix A): the sealed move
/// judged (A.8, Art. 5), a draw or resignation before the resumption (A.4, A.6), lateness
/// (A.10 and its exceptions), or an annulment (A.11(b): `result` pending, the game to be
/// replayed). The result is written at `expected_version` (the game's version as the arbiter
/// read it) and audited with `action`, the article and the sentence, in one transaction.
///
/// # Errors
/// [`ArbiterError::Conflict`] when the game changed; [`ArbiterError::NotFound`]; the database's
/// error.
#[expect(
    clippy::too_many_arguments,
    reason = "one decision: game, version, result, its article, sentence, action and actor"
)]
pub fn record_adjournment_decision(
    conn: &mut DbConnection,
    game_id: Uuid,
    expected_version: i32,
    result: &GameResult,
    article: &str,
    message: &str,
    action: &str,
    actor: &Actor,
) -> Result<GameRow, ArbiterError> {
    conn.transaction(|conn| {
        let at = now();
        let (g, tournament) = lock_game(conn, game_id, at)?;
        let after = set_result(
            conn,
            &g,
            expected_version,
            &result.clone().recorded_by(actor.name.clone()),
            at,
        )?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "game",
            Some(&g.id),
            action,
            Some(&AdjournmentAudit {
                article,
                message,
                game: &g,
            }),
            Some(&AdjournmentAudit {
                article,
                message,
                game: &after,
            }),
        )?;
        Ok(after)
    })
}

/// Records in the audit log an arbiter's step on an envelope that changes no result (A.11(a):
/// the envelope is lost and play resumes from the adjourned position with the move the sealer
/// states; A.9(b): the replier's clock started). `note` is what to keep (article, sentence).
///
/// # Errors
/// [`ArbiterError::NotFound`]; the database's error.
pub fn record_envelope_note<N: Serialize>(
    conn: &mut DbConnection,
    envelope_id: Uuid,
    action: &str,
    note: &N,
    actor: &Actor,
) -> Result<(), ArbiterError> {
    conn.transaction(|conn| {
        let row = envelope_row(conn, envelope_id)?.ok_or(ArbiterError::NotFound("envelope"))?;
        let game_id = parse_id("envelopes.game_id", &row.game_id)?;
        let (_, tournament) = lock_game(conn, game_id, now())?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "envelope",
            Some(&row.id),
            action,
            None::<&()>,
            Some(note),
        )?;
        Ok(())
    })
}

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

#[derive(Serialize)]
struct IncidentAudit<'a> {
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
    conn.transaction(|conn| {
        let at = now();
        let (g, tournament) = lock_game(conn, game_id, at)?;
        let scoring = scoring_of(conn, tournament)?;
        let effect = incident.effect(&g.result()?, &scoring, edition)?;
        let after = match &effect.result {
            Some(result) => set_result(
                conn,
                &g,
                expected_version,
                &result.clone().recorded_by(actor.name.clone()),
                at,
            )?,
            None => {
                if g.version != expected_version {
                    return Err(ArbiterError::Conflict {
                        current: Box::new(g),
                    });
                }
                g.clone()
            }
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
    conn.transaction(|conn| {
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

const fn colour_word(c: Colour) -> &'static str {
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
    conn.transaction(|conn| {
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
struct EditionAudit {
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
    conn.transaction(|conn| {
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

/// The tournament's default time (Art. 6.7): its stored minutes, or one hour (2001 Laws) when
/// unset.
///
/// # Errors
/// The database's error.
pub fn tournament_default_time(
    conn: &mut DbConnection,
    tournament: Uuid,
) -> QueryResult<DefaultTime> {
    default_time_of(conn, &tournament.to_string())
}

#[derive(Serialize)]
struct ScheduleAudit {
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
    conn.transaction(|conn| {
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
