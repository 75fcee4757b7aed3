//! Team events stored: the [`TeamEvent`] of a tournament (settings, teams and rosters, each
//! round's matches, team bye and line-ups) as one JSON row of `team_events` with a version
//! counter, and the captain accounts of `team_captains`. The board games are ordinary games.
//!
//! Every change goes through [`change_team_event`]: in one transaction it reads the event, lets
//! the caller change it, writes it back only if nobody else wrote in between (the version
//! compare-and-swap, so two captains saving line-ups at once on PostgreSQL never lose one) and
//! appends the caller's audit entry.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use arbiter_tournament::team::{TeamEvent, TeamNumber};

use crate::audit::{Actor, append_audit};
use crate::connection::DbConnection;
use crate::organizer::{ChangeError, Missing, touch};
use crate::schema::{team_captains, team_events};
use crate::team_row::insert_team_event;
pub use crate::team_row::team_event;

/// Makes an individual tournament a team event with `settings` and no teams yet (version 1),
/// audited (entity `team_settings`, action `create`). Refused once the tournament has games:
/// an event cannot become a team event halfway.
///
/// # Errors
/// [`ChangeError::NotAllowed`] when it has games or is a team event already,
/// [`ChangeError::Stale`], [`ChangeError::NotFound`], or the database's error.
pub fn make_team_event(
    conn: &mut DbConnection,
    tournament: Uuid,
    settings: &arbiter_tournament::team::TeamSettings,
    expected: Option<NaiveDateTime>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        touch(conn, tournament, expected)?;
        if team_event(conn, tournament)?.is_some() {
            return Err(ChangeError::NotAllowed(
                "this tournament is a team event already".into(),
            ));
        }
        let games: i64 = crate::schema::games::table
            .filter(crate::schema::games::tournament_id.eq(tournament.to_string()))
            .count()
            .get_result(conn)?;
        if games > 0 {
            return Err(ChangeError::NotAllowed(
                "a tournament with games cannot become a team event".into(),
            ));
        }
        insert_team_event(conn, tournament, &TeamEvent::new(settings.clone()))?;
        append_audit(
            conn,
            actor,
            Some(tournament),
            "team_settings",
            Some(&tournament.to_string()),
            "create",
            None::<&()>,
            Some(settings),
        )?;
        Ok(())
    })
}

/// What a change to a team event records in the audit log.
#[derive(Clone, Debug)]
pub struct TeamAudit<B: Serialize, A: Serialize> {
    /// The entity (`team`, `roster`, `lineup`, `team_round`, `team_settings`, ...).
    pub entity: &'static str,
    /// Which one (a team number, `round/team`, ...).
    pub entity_id: String,
    /// The action (`create`, `edit`, `submit`, `pair`, ...).
    pub action: &'static str,
    /// The part before the change.
    pub before: Option<B>,
    /// The part after.
    pub after: Option<A>,
}

/// Changes a tournament's team event: in one transaction, reads it, calls `change` (which edits
/// it and says what to audit, or refuses with its own error), writes it back with the version
/// moved on, and appends the audit entry. With `expected`, the tournament's last change must
/// still be that one (a form shown before another change is stale); the tournament's last
/// change moves to now. A concurrent writer (the version moved between read and write) makes
/// the change run again on the new version, up to three times.
///
/// # Errors
/// [`TeamChangeError::Change`] for an unknown tournament, a stale form or a database error;
/// [`TeamChangeError::NotTeamEvent`]; [`TeamChangeError::Refused`] with `change`'s error.
pub fn change_team_event<E, B, A, F>(
    conn: &mut DbConnection,
    tournament: Uuid,
    expected: Option<NaiveDateTime>,
    actor: &Actor,
    mut change: F,
) -> Result<TeamEvent, TeamChangeError<E>>
where
    B: Serialize,
    A: Serialize,
    F: FnMut(&mut TeamEvent) -> Result<TeamAudit<B, A>, E>,
{
    for _ in 0..3 {
        let outcome = crate::atomically(conn, |conn| {
            let Some((mut event, version)) = team_event(conn, tournament)? else {
                return Err(
                    if crate::queries::tournament_row(conn, tournament)?.is_some() {
                        TeamChangeError::NotTeamEvent
                    } else {
                        TeamChangeError::Change(ChangeError::NotFound(Missing::Tournament(
                            tournament,
                        )))
                    },
                );
            };
            let audit = change(&mut event).map_err(TeamChangeError::Refused)?;
            touch(conn, tournament, expected).map_err(TeamChangeError::Change)?;
            let body = serde_json::to_string(&event)
                .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
            let tid = tournament.to_string();
            let n = diesel::update(
                team_events::table
                    .filter(team_events::tournament_id.eq(&tid))
                    .filter(team_events::version.eq(version)),
            )
            .set((
                team_events::body.eq(body),
                team_events::version.eq(version + 1),
            ))
            .execute(conn)?;
            if n == 0 {
                return Ok(None);
            }
            append_audit(
                conn,
                actor,
                Some(tournament),
                audit.entity,
                Some(&audit.entity_id),
                audit.action,
                audit.before.as_ref(),
                audit.after.as_ref(),
            )?;
            Ok(Some(event))
        })?;
        if let Some(event) = outcome {
            return Ok(event);
        }
    }
    Err(TeamChangeError::Change(ChangeError::Stale))
}

/// Why a change to a team event was not made.
#[derive(Debug, thiserror::Error)]
pub enum TeamChangeError<E> {
    /// No such tournament, a stale form, or the database's error.
    #[error(transparent)]
    Change(ChangeError),
    /// The tournament is an individual event.
    #[error("this tournament is not a team event")]
    NotTeamEvent,
    /// The change itself refused (a bad line-up, an unknown team, ...).
    #[error("the change was refused")]
    Refused(E),
}

impl<E> From<diesel::result::Error> for TeamChangeError<E> {
    fn from(e: diesel::result::Error) -> Self {
        TeamChangeError::Change(ChangeError::Database(e))
    }
}

/// The team an account captains in a tournament, if any.
///
/// # Errors
/// The database's error.
pub fn captain_of(
    conn: &mut DbConnection,
    tournament: Uuid,
    user: Uuid,
) -> QueryResult<Option<TeamNumber>> {
    let n: Option<i32> = team_captains::table
        .find((tournament.to_string(), user.to_string()))
        .select(team_captains::team_number)
        .first(conn)
        .optional()?;
    Ok(n.and_then(|n| TeamNumber::try_from(n).ok()))
}

/// The captain accounts of a tournament: (team, user id).
///
/// # Errors
/// The database's error.
pub fn captains(conn: &mut DbConnection, tournament: Uuid) -> QueryResult<Vec<(TeamNumber, Uuid)>> {
    let rows: Vec<(i32, String)> = team_captains::table
        .filter(team_captains::tournament_id.eq(tournament.to_string()))
        .order((
            team_captains::team_number.asc(),
            team_captains::user_id.asc(),
        ))
        .select((team_captains::team_number, team_captains::user_id))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(n, u)| Some((TeamNumber::try_from(n).ok()?, Uuid::parse_str(&u).ok()?)))
        .collect())
}

/// Makes an account the captain of a team (`Some`), or takes the role away (`None`), with an
/// audit entry (entity `captain`).
///
/// # Errors
/// The database's error ([`ChangeError::NotFound`] for an unknown tournament).
pub fn set_captain(
    conn: &mut DbConnection,
    tournament: Uuid,
    user: Uuid,
    team: Option<TeamNumber>,
    actor: &Actor,
) -> Result<(), ChangeError> {
    crate::atomically(conn, |conn| {
        let before = captain_of(conn, tournament, user)?;
        touch(conn, tournament, None)?;
        let (tid, uid) = (tournament.to_string(), user.to_string());
        diesel::delete(team_captains::table.find((&tid, &uid))).execute(conn)?;
        if let Some(team) = team {
            diesel::insert_into(team_captains::table)
                .values((
                    team_captains::tournament_id.eq(&tid),
                    team_captains::team_number.eq(i32::from(team)),
                    team_captains::user_id.eq(&uid),
                ))
                .execute(conn)?;
        }
        append_audit(
            conn,
            actor,
            Some(tournament),
            "captain",
            Some(&uid),
            if team.is_some() { "grant" } else { "revoke" },
            before.as_ref(),
            team.as_ref(),
        )?;
        Ok(())
    })
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use super::*;
    use crate::accounts::create_user;
    use crate::queries::{create_tournament, load_tournament, tournament_row};
    use crate::testing::TestDb;
    use arbiter_tournament::team::{Lineup, Team, TeamMatch, TeamSettings};
    use arbiter_tournament::{Player, Tournament};

    fn league() -> Tournament {
        let mut team = TeamEvent::new(TeamSettings::new(2));
        team.teams = vec![
            Team::new(1, "Rooks", vec![1, 2, 3]),
            Team::new(2, "Knights", vec![4, 5]),
        ];
        team.round_mut(1).matches.push(TeamMatch::new(1, 1, 2));
        Tournament {
            name: Some("League".into()),
            players: (1..=5)
                .map(|pn| Player::new(pn, format!("P{pn}")))
                .collect(),
            team: Some(team),
            ..Tournament::default()
        }
    }

    #[test]
    fn a_team_event_is_stored_changed_and_audited_on_both_backends() {
        for db in TestDb::all() {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("t");
            let t = league();
            let id = create_tournament(c, &t, None, &sys, "create").unwrap();
            let stored = load_tournament(c, id).unwrap().unwrap().tournament;
            assert_eq!(stored.team, t.team, "{:?}", db.kind);
            let (_, v) = team_event(c, id).unwrap().unwrap();
            assert_eq!(v, 1);

            // A line-up saved: stored, version moved on, audited.
            let lineup = Lineup {
                boards: vec![Some(1), Some(3)],
                submitted_by: Some("captain".into()),
            };
            let saved = change_team_event::<(), (), Lineup, _>(c, id, None, &sys, |e| {
                e.round_mut(1).lineups.insert(1, lineup.clone());
                Ok(TeamAudit {
                    entity: "lineup",
                    entity_id: "1/1".into(),
                    action: "submit",
                    before: None,
                    after: Some(lineup.clone()),
                })
            })
            .unwrap();
            assert_eq!(saved.round(1).unwrap().lineups[&1], lineup);
            let (event, v) = team_event(c, id).unwrap().unwrap();
            assert_eq!(v, 2);
            assert_eq!(event, saved);
            let audit = crate::audit::audit_entries(c, id).unwrap();
            assert!(
                audit
                    .iter()
                    .any(|a| a.entity == "lineup" && a.action == "submit")
            );

            // A refusal changes nothing; a stale form is refused.
            let refused = change_team_event::<&str, (), (), _>(c, id, None, &sys, |e| {
                e.teams.clear();
                Err("no")
            });
            assert!(matches!(refused, Err(TeamChangeError::Refused("no"))));
            assert_eq!(team_event(c, id).unwrap().unwrap().0.teams.len(), 2);
            let old =
                tournament_row(c, id).unwrap().unwrap().updated_at - chrono::Duration::seconds(5);
            let stale = change_team_event::<(), (), (), _>(c, id, Some(old), &sys, |_| {
                Ok(TeamAudit {
                    entity: "team",
                    entity_id: "1".into(),
                    action: "edit",
                    before: None,
                    after: None,
                })
            });
            assert!(matches!(
                stale,
                Err(TeamChangeError::Change(ChangeError::Stale))
            ));
            assert_eq!(team_event(c, id).unwrap().unwrap().1, 2);

            // An individual event is not a team event.
            let solo = create_tournament(c, &Tournament::default(), None, &sys, "create").unwrap();
            assert!(team_event(c, solo).unwrap().is_none());
            let r = change_team_event::<(), (), (), _>(c, solo, None, &sys, |_| unreachable!());
            assert!(matches!(r, Err(TeamChangeError::NotTeamEvent)));

            // Captains.
            let user = create_user(c, "cap@example.org", "hash", false, &sys).unwrap();
            assert_eq!(captain_of(c, id, user.uuid().unwrap()).unwrap(), None);
            set_captain(c, id, user.uuid().unwrap(), Some(2), &sys).unwrap();
            assert_eq!(captain_of(c, id, user.uuid().unwrap()).unwrap(), Some(2));
            assert_eq!(captains(c, id).unwrap(), [(2, user.uuid().unwrap())]);
            set_captain(c, id, user.uuid().unwrap(), None, &sys).unwrap();
            assert_eq!(captain_of(c, id, user.uuid().unwrap()).unwrap(), None);
        }
    }
}
