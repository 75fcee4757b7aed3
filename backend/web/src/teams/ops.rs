//! The team event's changes, shared by the organizer's forms and the JSON API: each one
//! transaction, audited, guarded against a stale page when the caller gives what it saw.

use arbiter_db::Actor;
use arbiter_db::team::{TeamAudit, change_team_event};
use arbiter_tournament::team::{
    SeatedRound, Team, TeamEvent, TeamNumber, TeamPairingSystem, TeamRound, TeamSettings,
    pair_round_robin, pair_swiss, seat_round,
};
use arbiter_tournament::{PairingNumber, Round, RoundState};
use chrono::NaiveDateTime;
use uuid::Uuid;

use super::form::{RosterEntry, TeamFields};
use super::team_change_error;
use crate::error::WebError;
use crate::l10n::Msg;
use crate::respond::{bad, load};
use crate::state::{AppState, with_db};

/// Refuses when the tournament changed since `seen` (inside the caller's transaction).
fn still(
    c: &mut arbiter_db::DbConnection,
    id: Uuid,
    seen: Option<NaiveDateTime>,
) -> Result<(), WebError> {
    if let Some(seen) = seen {
        if arbiter_db::last_change(c, id)? != Some(seen) {
            return Err(arbiter_db::ChangeError::Stale.into());
        }
    }
    Ok(())
}

/// Makes the tournament a team event with `settings`, or changes its settings (the number of
/// boards only before a round is paired).
///
/// # Errors
/// [`WebError::BadRequest`] (boards locked, games already played), [`WebError::Conflict`],
/// [`WebError::NotFound`].
pub async fn setup(
    state: &AppState,
    id: Uuid,
    settings: TeamSettings,
    seen: Option<NaiveDateTime>,
    actor: Actor,
) -> Result<(), WebError> {
    let stored = load(state, id).await?;
    if stored.tournament.team.is_none() {
        return with_db(state, move |c| {
            Ok(arbiter_db::team::make_team_event(
                c, id, &settings, seen, &actor,
            )?)
        })
        .await;
    }
    with_db(state, move |c| {
        change_team_event(c, id, seen, &actor, |e| {
            if e.last_round() > 0 && e.settings.boards != settings.boards {
                return Err(bad("boards", Msg::new("team-boards-locked")));
            }
            let before = e.settings.clone();
            e.settings = settings.clone();
            Ok(TeamAudit {
                entity: "team_settings",
                entity_id: id.to_string(),
                action: "edit",
                before: Some(before),
                after: Some(settings.clone()),
            })
        })
        .map_err(team_change_error)
    })
    .await
    .map(|_| ())
}

/// The roster's pairing numbers, registering the new players first (in the caller's
/// transaction).
fn store_roster(
    c: &mut arbiter_db::DbConnection,
    id: Uuid,
    entries: &[RosterEntry],
    actor: &Actor,
) -> Result<Vec<PairingNumber>, WebError> {
    let new: Vec<arbiter_tournament::Player> = entries
        .iter()
        .filter_map(|e| match e {
            RosterEntry::New(p) => Some(p.clone()),
            RosterEntry::Registered(_) => None,
        })
        .collect();
    let mut stored = if new.is_empty() {
        Vec::new()
    } else {
        arbiter_db::add_players(c, id, &new, actor)?
    }
    .into_iter();
    Ok(entries
        .iter()
        .filter_map(|e| match e {
            RosterEntry::Registered(pn) => Some(*pn),
            RosterEntry::New(_) => stored.next().map(|p| p.pairing_number),
        })
        .collect())
}

/// Refuses a roster whose players are on another team than `team`.
fn check_membership(
    event: &TeamEvent,
    team: Option<TeamNumber>,
    roster: &[PairingNumber],
) -> Result<(), WebError> {
    for pn in roster {
        if let Some(other) = event
            .teams
            .iter()
            .find(|t| Some(t.number) != team && t.roster.contains(pn))
        {
            return Err(bad(
                "roster",
                Msg::new("team-player-elsewhere")
                    .int("player", *pn)
                    .text("team", other.name.clone()),
            ));
        }
    }
    Ok(())
}

/// Adds a team (`number` `None`: numbered after the last) or changes team `number`: its names
/// and roster, new players registered with it, all in one transaction. Returns the team.
///
/// # Errors
/// [`WebError::BadRequest`] (a player on another team, a name taken), [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn save_team(
    state: &AppState,
    id: Uuid,
    number: Option<TeamNumber>,
    fields: TeamFields,
    entries: Vec<RosterEntry>,
    seen: Option<NaiveDateTime>,
    actor: Actor,
) -> Result<Team, WebError> {
    with_db(state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            still(c, id, seen)?;
            let roster = store_roster(c, id, &entries, &actor)?;
            let mut saved = None;
            change_team_event(c, id, None, &actor, |e| {
                check_membership(e, number, &roster)?;
                if e.teams
                    .iter()
                    .any(|t| Some(t.number) != number && t.name.eq_ignore_ascii_case(&fields.name))
                {
                    return Err(bad(
                        "name",
                        Msg::new("team-name-taken").text("value", fields.name.clone()),
                    ));
                }
                let (before, team) = if let Some(n) = number {
                    let Some(team) = e.teams.iter_mut().find(|t| t.number == n) else {
                        return Err(WebError::NotFound(Msg::new("team-unknown").int("n", n)));
                    };
                    (Some(team.clone()), team)
                } else {
                    let n = e.teams.iter().map(|t| t.number).max().unwrap_or(0) + 1;
                    e.teams.push(Team::new(n, fields.name.clone(), Vec::new()));
                    let last = e.teams.len() - 1;
                    (None, &mut e.teams[last])
                };
                team.name.clone_from(&fields.name);
                team.federation.clone_from(&fields.federation);
                team.club.clone_from(&fields.club);
                team.captain.clone_from(&fields.captain);
                team.roster.clone_from(&roster);
                saved = Some(team.clone());
                Ok(TeamAudit {
                    entity: "team",
                    entity_id: team.number.to_string(),
                    action: if before.is_some() { "edit" } else { "create" },
                    before,
                    after: Some(team.clone()),
                })
            })
            .map_err(team_change_error)?;
            saved.ok_or_else(|| WebError::Internal("team not saved".into()))
        })
    })
    .await
}

/// Pairs the next round's matches by `system` and opens the round (paired, not published).
///
/// # Errors
/// [`WebError::BadRequest`] naming why the round cannot be paired, [`WebError::NotFound`] for
/// an individual event, [`WebError::Conflict`].
pub async fn pair(
    state: &AppState,
    id: Uuid,
    system: TeamPairingSystem,
    seen: Option<NaiveDateTime>,
    actor: Actor,
) -> Result<TeamRound, WebError> {
    let stored = load(state, id).await?;
    let t = stored.tournament.clone();
    let Some(event) = t.team.clone() else {
        return Err(WebError::NotFound(Msg::new("team-not-team-event")));
    };
    let proposed = match system {
        TeamPairingSystem::RoundRobin => pair_round_robin(&t, &event, false),
        TeamPairingSystem::DoubleRoundRobin => pair_round_robin(&t, &event, true),
        TeamPairingSystem::Swiss => pair_swiss(&t, &event),
    };
    let team_round = proposed.map_err(|e| {
        bad(
            "system",
            Msg::new("team-pair-refused").text("reason", e.to_string()),
        )
    })?;
    let expected = seen.unwrap_or(stored.updated_at);
    with_db(state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            let round = Round {
                state: RoundState::Paired,
                ..Round::new(team_round.number)
            };
            arbiter_db::store_pairing(c, id, &round, expected, None, &actor)?;
            change_team_event(c, id, None, &actor, |e| {
                if e.round(team_round.number)
                    .is_some_and(|r| !r.matches.is_empty())
                {
                    return Err(WebError::from(arbiter_db::ChangeError::Stale));
                }
                *e.round_mut(team_round.number) = team_round.clone();
                // The system the rounds are paired by decides the standings' round-robin
                // tie-breaks and the exported `192`.
                e.system = Some(system);
                Ok(TeamAudit {
                    entity: "team_round",
                    entity_id: team_round.number.to_string(),
                    action: "pair",
                    before: None::<TeamRound>,
                    after: Some(team_round.clone()),
                })
            })
            .map_err(team_change_error)?;
            Ok(team_round)
        })
    })
    .await
}

/// Seats round `number`'s boards from the line-ups and records the line-ups applied; allowed
/// until the round is published or has results.
///
/// # Errors
/// [`WebError::NotFound`] for a round not paired, [`WebError::BadRequest`] once published,
/// [`WebError::Conflict`].
pub async fn seat(
    state: &AppState,
    id: Uuid,
    number: u16,
    seen: Option<NaiveDateTime>,
    actor: Actor,
) -> Result<SeatedRound, WebError> {
    let stored = load(state, id).await?;
    let t = stored.tournament.clone();
    let Some(event) = t.team.clone() else {
        return Err(WebError::NotFound(Msg::new("team-not-team-event")));
    };
    if event.round(number).is_none_or(|r| r.matches.is_empty()) {
        return Err(WebError::NotFound(
            Msg::new("team-round-unpaired").int("n", number),
        ));
    }
    let seated = seat_round(&t, &event, number);
    let expected = seen.unwrap_or(stored.updated_at);
    with_db(state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            let round = Round {
                state: RoundState::Paired,
                games: seated.games.clone(),
                byes: seated.byes.clone(),
                scheduled: t.round(number).and_then(|r| r.scheduled),
                ..Round::new(number)
            };
            arbiter_db::store_pairing(c, id, &round, expected, None, &actor)?;
            change_team_event(c, id, None, &actor, |e| {
                let r = e.round_mut(number);
                for (team, lineup) in &seated.lineups {
                    r.lineups.insert(*team, lineup.clone());
                }
                Ok(TeamAudit {
                    entity: "team_round",
                    entity_id: number.to_string(),
                    action: "seat",
                    before: None::<()>,
                    after: Some(seated.defaulted.clone()),
                })
            })
            .map_err(team_change_error)?;
            Ok(seated)
        })
    })
    .await
}

/// Adds the teams of a CSV import (`arbiter_tournament::csv_io::import_teams`) in one
/// transaction: their new players registered first (the next free pairing numbers, in the
/// import's order), then each team with its roster renumbered accordingly, each one audited as
/// the form's add is (`team` `create`, the team after). Nothing is stored when anything fails.
/// Returns the teams as stored.
///
/// # Errors
/// [`WebError::NotFound`] for an individual event or an unknown tournament,
/// [`WebError::BadRequest`] (a team name or number taken meanwhile), [`WebError::Conflict`].
pub async fn save_teams(
    state: &AppState,
    id: Uuid,
    import: arbiter_tournament::csv_io::TeamImport,
    seen: Option<NaiveDateTime>,
    actor: Actor,
) -> Result<Vec<Team>, WebError> {
    with_db(state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            still(c, id, seen)?;
            if arbiter_db::team::team_event(c, id)?.is_none() {
                return Err(WebError::NotFound(Msg::new("team-not-team-event")));
            }
            let stored = if import.players.is_empty() {
                Vec::new()
            } else {
                arbiter_db::add_players(c, id, &import.players, &actor)?
            };
            let renumber: std::collections::BTreeMap<PairingNumber, PairingNumber> = import
                .players
                .iter()
                .zip(&stored)
                .map(|(a, b)| (a.pairing_number, b.pairing_number))
                .collect();
            let mut saved = Vec::with_capacity(import.teams.len());
            for team in &import.teams {
                let mut team = team.clone();
                for pn in &mut team.roster {
                    if let Some(n) = renumber.get(pn) {
                        *pn = *n;
                    }
                }
                change_team_event(c, id, None, &actor, |e| {
                    check_membership(e, None, &team.roster)?;
                    if e.teams
                        .iter()
                        .any(|t| t.number == team.number || t.name.eq_ignore_ascii_case(&team.name))
                    {
                        return Err(bad(
                            "team",
                            Msg::new("team-name-taken").text("value", team.name.clone()),
                        ));
                    }
                    e.teams.push(team.clone());
                    Ok(TeamAudit::<Team, Team> {
                        entity: "team",
                        entity_id: team.number.to_string(),
                        action: "create",
                        before: None,
                        after: Some(team.clone()),
                    })
                })
                .map_err(team_change_error)?;
                saved.push(team);
            }
            Ok(saved)
        })
    })
    .await
}
