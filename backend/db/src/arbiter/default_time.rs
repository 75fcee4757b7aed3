//! The default time (Art. 6.6, 6.7): the board view of a round (who has arrived, who is past the
//! default time), the forfeits the job applies when the default time has passed, and the
//! arbiter's overrides of them.

use std::collections::BTreeMap;

use arbiter_tournament::GameResult;
use arbiter_tournament::arbiter::default_time::{
    CheckIns, DefaultTime, DefaultTimeVerdict, Forfeit, Override, decide,
};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::check_in::{CheckInRow, Session, arrivals_of, check_in_rows, check_ins_for};
use super::{ArbiterError, default_time_of, parse_id, touch_game};
use crate::audit::{Actor, append_audit, now};
use crate::connection::DbConnection;
use crate::models::{GameResultChanges, GameRow};
use crate::queries::game;
use crate::schema::{default_time_decisions, games, rounds, tournaments};

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

pub(crate) const fn forfeit_text(f: Forfeit) -> &'static str {
    match f {
        Forfeit::White => "white",
        Forfeit::Black => "black",
        Forfeit::Both => "both",
    }
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
pub(crate) struct ForfeitAudit<'a> {
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
        let default = if let Some(d) = defaults.get(&tid) {
            *d
        } else {
            let d = default_time_of(conn, &tid)?;
            defaults.insert(tid.clone(), d);
            d
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
pub(crate) fn apply_forfeit(
    conn: &mut DbConnection,
    g: &GameRow,
    forfeit: Forfeit,
    deadline: NaiveDateTime,
    default: DefaultTime,
    actor: &Actor,
) -> QueryResult<Option<GameRow>> {
    crate::atomically(conn, |conn| {
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
    crate::atomically(conn, |conn| {
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
