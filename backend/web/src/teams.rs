//! Running a team event: the organizer's team page and the captains' line-ups.
//!
//! - `GET /tournaments/{id}/teams/manage` (organizer): the event's team settings, the teams
//!   with their rosters, the captain accounts, and the current team round: its matches, whose
//!   line-up is in, the boards seated or not;
//! - `POST /tournaments/{id}/teams/setup`: makes the tournament a team event, or changes its
//!   settings (boards only before round 1 is paired);
//! - `POST /tournaments/{id}/teams/add`, `POST /tournaments/{id}/teams/{n}/edit`: a team, its
//!   roster in board order (registered players by pairing number, new players registered with
//!   it in the same transaction); every change audited with the team before and after;
//! - `POST /tournaments/{id}/teams/captains`: the captain role of an account for a team;
//! - `POST /tournaments/{id}/teams/pair`: the next round's matches (round robin, double round
//!   robin by the Berger tables);
//! - `GET|POST /tournaments/{id}/rounds/{r}/lineups/{n}` (the team's captain or the organizer):
//!   the line-up, checked against the roster order, before the organizer's deadline (after it
//!   only the organizer); `GET|POST /api/v1/tournaments/{id}/rounds/{r}/lineups/{n}` the same as
//!   JSON (`{"boards": [pairing number or null, ...]}`);
//! - `POST /tournaments/{id}/rounds/{r}/seat` (organizer): the board games from the line-ups
//!   (roster order for a team without one, and the page says so); the round is then published
//!   and its results entered board by board like any other round's.

mod form;
mod lineup;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::Actor;
use arbiter_db::team::{TeamAudit, TeamChangeError, change_team_event};
use arbiter_tournament::team::{
    Team, TeamEvent, TeamNumber, TeamPairingSystem, TeamRound, pair_round_robin, pair_swiss,
    seat_round,
};
use arbiter_tournament::{PairingNumber, Round, RoundState, Tournament};
use askama::Template;
use uuid::Uuid;

use crate::auth::csrf_token;
use crate::error::WebError;
use crate::extract::{Checked, Organizer, Staff};
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, load, parse_seen, private, see_other, seen_token};
use crate::{AppState, with_db};

use form::{CaptainForm, RosterEntry, RoundForm, SetupForm, TeamForm};

/// The routes of this module, added to [`crate::configure`]'s table before the `/api/v1` scope.
pub fn routes(cfg: &mut web::ServiceConfig) {
    let page = crate::page;
    cfg.route("/tournaments/{id}/teams/manage", page().to(manage))
        .route("/tournaments/{id}/teams/setup", web::post().to(setup))
        .route("/tournaments/{id}/teams/add", web::post().to(add_team))
        .route(
            "/tournaments/{id}/teams/{n}/edit",
            web::post().to(edit_team),
        )
        .route("/tournaments/{id}/teams/captains", web::post().to(captains))
        .route("/tournaments/{id}/teams/pair", web::post().to(pair))
        .route("/tournaments/{id}/rounds/{r}/seat", web::post().to(seat))
        .route(
            "/tournaments/{id}/rounds/{r}/lineups/{n}",
            page().to(lineup::lineup_form),
        )
        .route(
            "/tournaments/{id}/rounds/{r}/lineups/{n}",
            web::post().to(lineup::submit_lineup),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{r}/lineups/{n}",
            page().to(lineup::api_lineup),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{r}/lineups/{n}",
            web::post().to(lineup::api_submit_lineup),
        );
}

/// A refused change to a team event, as the web answers it.
fn team_change_error(e: TeamChangeError<WebError>) -> WebError {
    match e {
        TeamChangeError::Change(c) => c.into(),
        TeamChangeError::NotTeamEvent => WebError::NotFound(Msg::new("team-not-team-event")),
        TeamChangeError::Refused(w) => w,
    }
}

/// Runs a change of the team event in the database.
async fn change<B, A, F>(
    state: &AppState,
    id: Uuid,
    expected: Option<chrono::NaiveDateTime>,
    actor: Actor,
    f: F,
) -> Result<TeamEvent, WebError>
where
    B: serde::Serialize + 'static,
    A: serde::Serialize + 'static,
    F: FnMut(&mut TeamEvent) -> Result<TeamAudit<B, A>, WebError> + Send + 'static,
{
    with_db(state, move |c| {
        change_team_event(c, id, expected, &actor, f).map_err(team_change_error)
    })
    .await
}

struct TeamLine {
    number: String,
    n: TeamNumber,
    name: String,
    federation: String,
    club: String,
    captain: String,
    rating: String,
    players: Vec<String>,
    roster_text: String,
}

struct MatchLine {
    table: String,
    first: String,
    second: String,
    first_lineup: String,
    second_lineup: String,
    first_n: TeamNumber,
    second_n: TeamNumber,
}

#[derive(Template)]
#[template(path = "teams_manage.html")]
struct ManagePage<'a> {
    l: &'a L10n,
    id: String,
    name: String,
    csrf: String,
    seen: String,
    error: String,
    is_team: bool,
    setup: SetupForm,
    boards_locked: bool,
    teams: Vec<TeamLine>,
    captains: Vec<(String, String)>,
    round: u16,
    round_state: String,
    matches: Vec<MatchLine>,
    bye: String,
    seated: bool,
    can_seat: bool,
    next_round: u16,
    add: TeamForm,
}

/// A player as the roster shows it: `pn · name (rating)`.
fn player_line(l: &L10n, t: &Tournament, pn: PairingNumber) -> String {
    t.player(pn).map_or_else(
        || l.int(pn),
        |p| match p.rating {
            Some(r) => format!("{} · {} ({})", l.int(pn), p.name, l.int(r)),
            None => format!("{} · {}", l.int(pn), p.name),
        },
    )
}

fn team_name(event: &TeamEvent, n: TeamNumber) -> String {
    event
        .team(n)
        .map_or_else(|| n.to_string(), |t| t.name.clone())
}

/// Whether round `r`'s boards are seated: its individual round holds games or forfeits.
fn seated(t: &Tournament, r: u16) -> bool {
    t.round(r)
        .is_some_and(|round| !round.games.is_empty() || !round.byes.is_empty())
}

/// The organizer's page.
async fn manage_page(
    state: &AppState,
    session: &Session,
    l: &L10n,
    id: Uuid,
    error: String,
    add: Option<TeamForm>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let stored = load(state, id).await?;
    let t = &stored.tournament;
    let seen = seen_token(stored.updated_at);
    let captain_rows = with_db(state, move |c| {
        let list = arbiter_db::team::captains(c, id)?;
        let mut out = Vec::new();
        for (team, user) in list {
            if let Some(u) = arbiter_db::accounts::user_by_id(c, user)? {
                out.push((team, u.email));
            }
        }
        Ok(out)
    })
    .await?;
    let event = t.team.as_ref();
    let teams = event.map_or_else(Vec::new, |e| {
        e.teams
            .iter()
            .map(|team| TeamLine {
                number: l.int(team.number),
                n: team.number,
                name: team.name.clone(),
                federation: team.federation.clone().unwrap_or_default(),
                club: team.club.clone().unwrap_or_default(),
                captain: team.captain.clone().unwrap_or_default(),
                rating: team
                    .rating(t, &e.settings)
                    .map(|r| l.int(r))
                    .unwrap_or_default(),
                players: team
                    .roster
                    .iter()
                    .enumerate()
                    .map(|(i, pn)| {
                        let line = player_line(l, t, *pn);
                        if i >= usize::from(e.settings.boards) {
                            l.ta("team-reserve", &[("player", line)])
                        } else {
                            line
                        }
                    })
                    .collect(),
                roster_text: team
                    .roster
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            })
            .collect()
    });
    let last = event.map_or(0, TeamEvent::last_round);
    let current = event.and_then(|e| e.round(last));
    let is_seated = seated(t, last);
    let lineup_status = |e: &TeamEvent, r: &TeamRound, n: TeamNumber| match r.lineups.get(&n) {
        Some(x) if x.submitted_by.is_some() => l.ta(
            "team-lineup-by",
            &[("who", x.submitted_by.clone().unwrap_or_default())],
        ),
        Some(_) => l.t("team-lineup-roster"),
        None if is_seated => l.t("team-lineup-roster"),
        None => {
            let _ = e;
            l.t("team-lineup-none")
        }
    };
    let (matches, bye) = match (event, current) {
        (Some(e), Some(r)) => (
            r.matches
                .iter()
                .map(|m| MatchLine {
                    table: l.int(m.table),
                    first: team_name(e, m.first),
                    second: team_name(e, m.second),
                    first_lineup: lineup_status(e, r, m.first),
                    second_lineup: lineup_status(e, r, m.second),
                    first_n: m.first,
                    second_n: m.second,
                })
                .collect(),
            r.bye
                .map(|b| l.ta("team-bye-is", &[("team", team_name(e, b))]))
                .unwrap_or_default(),
        ),
        _ => (Vec::new(), String::new()),
    };
    let round_state = t.round(last).map_or(String::new(), |r| {
        l.t(match r.state {
            RoundState::Planned | RoundState::Paired => "team-round-paired",
            RoundState::Published => "team-round-published",
            RoundState::Complete => "team-round-complete",
        })
    });
    let can_seat = last > 0
        && t.round(last)
            .is_none_or(|r| matches!(r.state, RoundState::Planned | RoundState::Paired))
        && t.round(last).is_none_or(|r| {
            r.games
                .iter()
                .all(|g| g.result.white == arbiter_tournament::ResultCode::Blank)
        });
    let page = ManagePage {
        l,
        id: id.to_string(),
        name: t.name.clone().unwrap_or_default(),
        csrf: csrf_token(session)?,
        error,
        is_team: event.is_some(),
        setup: SetupForm::of(event.map(|e| &e.settings), &seen),
        boards_locked: last > 0,
        teams,
        captains: captain_rows
            .into_iter()
            .map(|(n, email)| {
                (
                    event.map_or_else(|| n.to_string(), |e| team_name(e, n)),
                    email,
                )
            })
            .collect(),
        round: last,
        round_state,
        matches,
        bye,
        seated: is_seated,
        can_seat,
        next_round: last + 1,
        add: add.unwrap_or_else(|| TeamForm {
            seen: seen.clone(),
            ..TeamForm::default()
        }),
        seen,
    };
    private(&page, status)
}

/// `GET /tournaments/{id}/teams/manage` (organizer).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn manage(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    manage_page(
        &state,
        &session,
        &l,
        id,
        String::new(),
        None,
        StatusCode::OK,
    )
    .await
}

/// Shows the page again with the refusal, or passes any other error on.
async fn refused(
    state: &AppState,
    session: &Session,
    l: &L10n,
    id: Uuid,
    e: WebError,
    add: Option<TeamForm>,
) -> Result<HttpResponse, WebError> {
    match e {
        WebError::BadRequest { field, message } => {
            let text = format!("{}: {}", field, l.m(&message));
            manage_page(state, session, l, id, text, add, StatusCode::BAD_REQUEST).await
        }
        other => Err(other),
    }
}

fn back(id: Uuid) -> HttpResponse {
    see_other(&format!("/tournaments/{id}/teams/manage"))
}

/// `POST /tournaments/{id}/teams/setup` (organizer): makes the tournament a team event or
/// changes its settings; a bad field shows the page again naming it (400), a stale form 409.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn setup(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<SetupForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let settings = match form.settings() {
        Ok(s) => s,
        Err(e) => return refused(&state, &session, &l, id, e, None).await,
    };
    let seen = parse_seen(&form.seen)?;
    let stored = load(&state, id).await?;
    let actor = user.actor();
    let result = if stored.tournament.team.is_none() {
        with_db(&state, move |c| {
            Ok(arbiter_db::team::make_team_event(
                c,
                id,
                &settings,
                Some(seen),
                &actor,
            )?)
        })
        .await
    } else {
        change(&state, id, Some(seen), actor, move |e| {
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
        .await
        .map(|_| ())
    };
    match result {
        Ok(()) => Ok(back(id)),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}

/// The roster's pairing numbers, registering the new players first (in the caller's
/// transaction); a registered player already on another team is refused.
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

/// `POST /tournaments/{id}/teams/add` (organizer): a new team, numbered after the last, with
/// its roster; new players are registered with it, all in one transaction.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn add_team(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<TeamForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await?;
    let checked = form
        .fields()
        .and_then(|f| Ok((f, form.roster(&stored.tournament)?)));
    let (fields, entries) = match checked {
        Ok(x) => x,
        Err(e) => return refused(&state, &session, &l, id, e, Some(form)).await,
    };
    let seen = parse_seen(&form.seen)?;
    let actor = user.actor();
    let result = with_db(&state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            if arbiter_db::last_change(c, id)? != Some(seen) {
                return Err(arbiter_db::ChangeError::Stale.into());
            }
            let roster = store_roster(c, id, &entries, &actor)?;
            change_team_event(c, id, None, &actor, |e| {
                check_membership(e, None, &roster)?;
                if e.teams
                    .iter()
                    .any(|t| t.name.eq_ignore_ascii_case(&fields.name))
                {
                    return Err(bad(
                        "name",
                        Msg::new("team-name-taken").text("value", fields.name.clone()),
                    ));
                }
                let number = e.teams.iter().map(|t| t.number).max().unwrap_or(0) + 1;
                let mut team = Team::new(number, fields.name.clone(), roster.clone());
                team.federation.clone_from(&fields.federation);
                team.club.clone_from(&fields.club);
                team.captain.clone_from(&fields.captain);
                e.teams.push(team.clone());
                Ok(TeamAudit {
                    entity: "team",
                    entity_id: number.to_string(),
                    action: "create",
                    before: None::<Team>,
                    after: Some(team),
                })
            })
            .map_err(team_change_error)
        })
    })
    .await;
    match result {
        Ok(_) => Ok(back(id)),
        Err(e) => refused(&state, &session, &l, id, e, Some(form)).await,
    }
}

/// `POST /tournaments/{id}/teams/{n}/edit` (organizer): the team's names and roster (board
/// order), audited with the team before and after.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn edit_team(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<(Uuid, TeamNumber)>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<TeamForm>,
) -> Result<HttpResponse, WebError> {
    let (id, number) = path.into_inner();
    let stored = load(&state, id).await?;
    let checked = form
        .fields()
        .and_then(|f| Ok((f, form.roster(&stored.tournament)?)));
    let (fields, entries) = match checked {
        Ok(x) => x,
        Err(e) => return refused(&state, &session, &l, id, e, None).await,
    };
    let seen = parse_seen(&form.seen)?;
    let actor = user.actor();
    let result = with_db(&state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            if arbiter_db::last_change(c, id)? != Some(seen) {
                return Err(arbiter_db::ChangeError::Stale.into());
            }
            let roster = store_roster(c, id, &entries, &actor)?;
            change_team_event(c, id, None, &actor, |e| {
                check_membership(e, Some(number), &roster)?;
                let Some(team) = e.teams.iter_mut().find(|t| t.number == number) else {
                    return Err(WebError::NotFound(
                        Msg::new("team-unknown").int("n", number),
                    ));
                };
                let before = team.clone();
                team.name.clone_from(&fields.name);
                team.federation.clone_from(&fields.federation);
                team.club.clone_from(&fields.club);
                team.captain.clone_from(&fields.captain);
                team.roster.clone_from(&roster);
                Ok(TeamAudit {
                    entity: "team",
                    entity_id: number.to_string(),
                    action: "edit",
                    before: Some(before),
                    after: Some(team.clone()),
                })
            })
            .map_err(team_change_error)
        })
    })
    .await;
    match result {
        Ok(_) => Ok(back(id)),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}

/// `POST /tournaments/{id}/teams/captains` (organizer): gives an account (by e-mail) the
/// captain role of a team, or takes it away (`team=none`).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn captains(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<CaptainForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await?;
    let Some(event) = stored.tournament.team.clone() else {
        return Err(WebError::NotFound(Msg::new("team-not-team-event")));
    };
    let team = match form.team.trim() {
        "none" | "" => None,
        t => {
            let known = t
                .parse::<TeamNumber>()
                .ok()
                .filter(|n| event.team(*n).is_some());
            if known.is_none() {
                let e = bad("team", Msg::new("team-unknown-text").text("value", t));
                return refused(&state, &session, &l, id, e, None).await;
            }
            known
        }
    };
    let email = form.email.clone();
    let actor = user.actor();
    let result = with_db(&state, move |c| {
        let Some(account) = arbiter_db::accounts::user_by_email(c, &email)? else {
            return Err(bad(
                "email",
                Msg::new("team-no-account").text("value", email.trim()),
            ));
        };
        let uid = account
            .uuid()
            .map_err(|e| WebError::Database(e.to_string()))?;
        arbiter_db::team::set_captain(c, id, uid, team, &actor)?;
        Ok(())
    })
    .await;
    match result {
        Ok(()) => Ok(back(id)),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}

/// `POST /tournaments/{id}/teams/pair` (organizer): pairs the next round's matches and opens
/// the round (paired, not published; its boards are seated from the line-ups later).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn pair(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<RoundForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let seen = parse_seen(&form.seen)?;
    let stored = load(&state, id).await?;
    let t = stored.tournament.clone();
    let Some(event) = t.team.clone() else {
        return Err(WebError::NotFound(Msg::new("team-not-team-event")));
    };
    let proposed = match TeamPairingSystem::parse(&form.system) {
        Some(TeamPairingSystem::RoundRobin) => pair_round_robin(&t, &event, false),
        Some(TeamPairingSystem::DoubleRoundRobin) => pair_round_robin(&t, &event, true),
        Some(TeamPairingSystem::Swiss) => pair_swiss(&t, &event),
        None => {
            let e = bad(
                "system",
                Msg::new("team-bad-choice").text("value", form.system.trim()),
            );
            return refused(&state, &session, &l, id, e, None).await;
        }
    };
    let team_round = match proposed {
        Ok(r) => r,
        Err(e) => {
            let e = bad(
                "system",
                Msg::new("team-pair-refused").text("reason", e.to_string()),
            );
            return refused(&state, &session, &l, id, e, None).await;
        }
    };
    let actor = user.actor();
    let result = with_db(&state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            let round = Round {
                state: RoundState::Paired,
                ..Round::new(team_round.number)
            };
            arbiter_db::store_pairing(c, id, &round, seen, None, &actor)?;
            change_team_event(c, id, None, &actor, |e| {
                if e.round(team_round.number)
                    .is_some_and(|r| !r.matches.is_empty())
                {
                    return Err(WebError::Conflict {
                        current: serde_json::Value::Null,
                    });
                }
                *e.round_mut(team_round.number) = team_round.clone();
                Ok(TeamAudit {
                    entity: "team_round",
                    entity_id: team_round.number.to_string(),
                    action: "pair",
                    before: None::<TeamRound>,
                    after: Some(team_round.clone()),
                })
            })
            .map_err(team_change_error)
        })
    })
    .await;
    match result {
        Ok(_) => Ok(back(id)),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}

/// `POST /tournaments/{id}/rounds/{r}/seat` (organizer): the round's board games from the
/// line-ups (roster order for teams without a valid one), stored as the round's pairing, and
/// the line-ups applied recorded; allowed until the round is published or has results.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn seat(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<(Uuid, u16)>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<RoundForm>,
) -> Result<HttpResponse, WebError> {
    let (id, number) = path.into_inner();
    let seen = parse_seen(&form.seen)?;
    let stored = load(&state, id).await?;
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
    let actor = user.actor();
    let result = with_db(&state, move |c| {
        arbiter_db::atomically::<_, WebError, _>(c, |c| {
            let round = Round {
                state: RoundState::Paired,
                games: seated.games.clone(),
                byes: seated.byes.clone(),
                scheduled: t.round(number).and_then(|r| r.scheduled),
                ..Round::new(number)
            };
            arbiter_db::store_pairing(c, id, &round, seen, None, &actor)?;
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
                    after: Some(&seated.defaulted).cloned(),
                })
            })
            .map_err(team_change_error)
        })
    })
    .await;
    match result {
        Ok(_) => Ok(back(id)),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}
