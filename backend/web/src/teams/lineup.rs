//! Line-ups: the captain of a team (or the organizer) says who plays on which board of a round,
//! before the organizer's deadline; the boards are then seated from them.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::UserRow;
use arbiter_db::team::{TeamAudit, change_team_event};
use arbiter_tournament::team::{Lineup, TeamEvent, TeamNumber, validate_lineup};
use arbiter_tournament::{PairingNumber, Tournament};
use askama::Template;
use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::form::LineupForm;
use super::{seated, team_change_error};
use crate::auth::{csrf_token, roles_in};
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{ApiUser, Checked, SignedIn};
use crate::json_body::ApiJson;
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, json, load, private, see_other_done};
use crate::state::{AppState, with_db};
use crate::zone::Zone;

/// Who is submitting: the organizer may also submit after the deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Submitter {
    Organizer,
    Captain,
}

/// The account's right to a team's line-up: the tournament's organizer, or the team's captain.
async fn submitter(
    state: &AppState,
    user: &UserRow,
    id: Uuid,
    team: TeamNumber,
) -> Result<Submitter, WebError> {
    if roles_in(state, user, id)
        .await?
        .contains(&arbiter_db::Role::Organizer)
    {
        return Ok(Submitter::Organizer);
    }
    let uid = user.uuid().map_err(|e| WebError::Database(e.to_string()))?;
    let captain = with_db(state, move |c| {
        Ok(arbiter_db::team::captain_of(c, id, uid)?)
    })
    .await?;
    if captain == Some(team) {
        Ok(Submitter::Captain)
    } else {
        Err(WebError::Forbidden(Msg::new("team-not-captain")))
    }
}

/// When the line-ups of a round are due (UTC): the round's scheduled start minus the event's
/// deadline, if both are set.
fn deadline(t: &Tournament, event: &TeamEvent, round: u16) -> Option<NaiveDateTime> {
    let start = t.round(round)?.scheduled?;
    let minutes = event.settings.lineup_deadline_minutes?;
    Some(start - Duration::minutes(i64::from(minutes)))
}

/// Why a line-up cannot be submitted now, if it cannot: no such round or team, the boards
/// already seated, the deadline passed for a captain.
fn closed(
    t: &Tournament,
    event: &TeamEvent,
    round: u16,
    team: TeamNumber,
    who: Submitter,
) -> Option<WebError> {
    let Some(r) = event.round(round) else {
        return Some(WebError::NotFound(
            Msg::new("team-round-unpaired").int("n", round),
        ));
    };
    if event.team(team).is_none() {
        return Some(WebError::NotFound(Msg::new("team-unknown").int("n", team)));
    }
    if r.match_of(team).is_none() {
        return Some(bad("team", Msg::new("team-no-match").int("n", round)));
    }
    if seated(t, round) {
        return Some(bad("round", Msg::new("team-lineup-seated").int("n", round)));
    }
    if who == Submitter::Captain
        && deadline(t, event, round).is_some_and(|d| arbiter_db::now() >= d)
    {
        return Some(bad("round", Msg::new("team-lineup-late").int("n", round)));
    }
    None
}

struct BoardChoice {
    board: String,
    field: String,
    options: Vec<(String, String, bool)>,
}

#[derive(Template)]
#[template(path = "team_lineup.html")]
struct LineupPage<'a> {
    l: &'a L10n,
    id: String,
    round: u16,
    team: TeamNumber,
    team_name: String,
    heading: String,
    csrf: String,
    error: String,
    status: String,
    due: String,
    open: bool,
    boards: Vec<BoardChoice>,
}

#[expect(clippy::too_many_arguments, reason = "the page's inputs")]
fn lineup_page(
    l: &L10n,
    csrf: String,
    id: Uuid,
    t: &Tournament,
    zone: Zone,
    round: u16,
    team: TeamNumber,
    shown: &[Option<PairingNumber>],
    error: String,
    open: bool,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let Some(event) = t.team.as_ref() else {
        return Err(WebError::NotFound(Msg::new("team-not-team-event")));
    };
    let Some(this) = event.team(team) else {
        return Err(WebError::NotFound(Msg::new("team-unknown").int("n", team)));
    };
    let current = event.lineup(t, round, team);
    let opponent = event
        .round(round)
        .and_then(|r| r.match_of(team))
        .and_then(|m| m.opponent_of(team))
        .and_then(|o| event.team(o))
        .map(|o| o.name.clone())
        .unwrap_or_default();
    let status_text = match &current.submitted_by {
        Some(who) => l.ta("team-lineup-by", &[("who", who.clone())]),
        None => l.t("team-lineup-roster"),
    };
    let boards = (1..=event.settings.boards)
        .map(|k| {
            let chosen = shown.get(usize::from(k - 1)).copied().flatten();
            let mut options = vec![(String::new(), l.t("team-empty-board"), chosen.is_none())];
            options.extend(this.roster.iter().map(|pn| {
                let name = t.player(*pn).map_or_else(String::new, |p| p.name.clone());
                (
                    pn.to_string(),
                    format!("{} · {}", l.int(*pn), name),
                    chosen == Some(*pn),
                )
            }));
            BoardChoice {
                board: l.ta("team-board-n", &[("n", l.int(k))]),
                field: format!("board_{k}"),
                options,
            }
        })
        .collect();
    let page = LineupPage {
        l,
        id: id.to_string(),
        round,
        team,
        team_name: this.name.clone(),
        heading: l.ta(
            "team-lineup-for",
            &[
                ("team", this.name.clone()),
                ("round", l.int(round)),
                ("opponent", opponent),
            ],
        ),
        csrf,
        error,
        status: status_text,
        due: deadline(t, event, round)
            .map(|d| l.ta("team-lineup-due", &[("when", zone.start_text(d))]))
            .unwrap_or_default(),
        open,
        boards,
    };
    private(&page, status)
}

/// `GET /tournaments/{id}/rounds/{r}/lineups/{n}` (the team's captain or the organizer): the
/// line-up form, filled with the line-up that applies now.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn lineup_form(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<(Uuid, u16, TeamNumber)>,
    SignedIn(user): SignedIn,
) -> Result<HttpResponse, WebError> {
    let (id, round, team) = path.into_inner();
    let who = submitter(&state, &user, id, team).await?;
    let stored = load(&state, id).await?;
    let t = &stored.tournament;
    let Some(event) = t.team.as_ref() else {
        return Err(WebError::NotFound(Msg::new("team-not-team-event")));
    };
    let shut = closed(t, event, round, team, who);
    if let Some(e @ WebError::NotFound(_)) = shut {
        return Err(e);
    }
    let (error, open) = match &shut {
        Some(WebError::BadRequest { message, .. }) => (l.m(message), false),
        _ => (String::new(), true),
    };
    let shown = event.lineup(t, round, team).boards;
    lineup_page(
        &l,
        csrf_token(&session)?,
        id,
        t,
        Zone::of_tournament(&stored),
        round,
        team,
        &shown,
        error,
        open,
        StatusCode::OK,
    )
}

/// Stores a line-up after the checks (the round open for it, the roster order), audited with
/// the line-up before and after.
async fn store(
    state: &AppState,
    user: &UserRow,
    id: Uuid,
    round: u16,
    team: TeamNumber,
    boards: Vec<Option<PairingNumber>>,
) -> Result<Lineup, WebError> {
    let who = submitter(state, user, id, team).await?;
    let by = user.email.clone();
    let actor = user.actor();
    with_db(state, move |c| {
        let t = arbiter_db::load_tournament(c, id)?
            .ok_or_else(|| WebError::NotFound(Msg::new("team-not-team-event")))?
            .tournament;
        let mut saved = None;
        change_team_event(c, id, None, &actor, |e| {
            if let Some(err) = closed(&t, e, round, team, who) {
                return Err(err);
            }
            let this = e
                .team(team)
                .ok_or_else(|| WebError::NotFound(Msg::new("team-unknown").int("n", team)))?;
            validate_lineup(&t, this, &e.settings, &boards).map_err(|err| {
                bad(
                    "boards",
                    Msg::new("team-lineup-refused").text("reason", err.to_string()),
                )
            })?;
            let lineup = Lineup {
                boards: boards.clone(),
                submitted_by: Some(by.clone()),
            };
            let before = e.round_mut(round).lineups.insert(team, lineup.clone());
            saved = Some(lineup.clone());
            Ok(TeamAudit {
                entity: "lineup",
                entity_id: format!("{round}/{team}"),
                action: "submit",
                before,
                after: Some(lineup),
            })
        })
        .map_err(team_change_error)?;
        saved.ok_or_else(|| WebError::Internal("line-up not saved".into()))
    })
    .await
}

/// `POST /tournaments/{id}/rounds/{r}/lineups/{n}` (the team's captain or the organizer):
/// stores the line-up; a refused one shows the form again with the reason (400).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn submit_lineup(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<(Uuid, u16, TeamNumber)>,
    SignedIn(user): SignedIn,
    Checked(form): Checked<LineupForm>,
) -> Result<HttpResponse, WebError> {
    let (id, round, team) = path.into_inner();
    let stored = load(&state, id).await?;
    let boards_n = stored
        .tournament
        .team
        .as_ref()
        .map_or(0, |e| e.settings.boards);
    let boards = match form.lineup(boards_n) {
        Ok(b) => b,
        Err(e) => return Err(e),
    };
    match store(&state, &user, id, round, team, boards.clone()).await {
        Ok(_) => Ok(see_other_done(
            &format!("/tournaments/{id}/rounds/{round}/lineups/{team}"),
            Done::Lineup,
        )),
        Err(WebError::BadRequest { message, .. }) => lineup_page(
            &l,
            csrf_token(&session)?,
            id,
            &stored.tournament,
            Zone::of_tournament(&stored),
            round,
            team,
            &boards,
            l.m(&message),
            true,
            StatusCode::BAD_REQUEST,
        ),
        Err(e) => Err(e),
    }
}

/// A line-up as the API reads and writes it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LineupJson {
    /// The players' pairing numbers by board from board 1; `null` for an empty board.
    #[schema(value_type = Vec<Option<u16>>)]
    pub boards: Vec<Option<PairingNumber>>,
}

/// The API's answer: the line-up that applies, who submitted it (`null`: the roster order),
/// when line-ups are due (UTC, `null`: no deadline).
#[derive(Debug, Serialize, ToSchema)]
struct LineupAnswer {
    /// The round.
    round: u16,
    /// The team's number.
    #[schema(value_type = u16)]
    team: TeamNumber,
    /// The players' pairing numbers by board from board 1; `null` for an empty board.
    #[schema(value_type = Vec<Option<u16>>)]
    boards: Vec<Option<PairingNumber>>,
    /// Who submitted it (`null`: the roster order applies).
    submitted_by: Option<String>,
    /// When line-ups are due, UTC (`null`: no deadline).
    #[schema(value_type = Option<String>, example = "2026-12-01T13:30:00")]
    due: Option<NaiveDateTime>,
}

/// `GET /api/v1/tournaments/{id}/rounds/{r}/lineups/{n}` (the team's captain or the
/// organizer, by token): the line-up that applies now.
///
/// # Errors
/// 401, 403, 404 as problem+json.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds/{r}/lineups/{n}",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("r" = u16, Path, description = "Round number"), ("n" = u16, Path, description = "Team number")),
    responses((status = 200, description = "The line-up that applies", body = LineupAnswer)),
    security(("bearer" = []))
)]
pub async fn api_lineup(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, u16, TeamNumber)>,
    ApiUser(user): ApiUser,
) -> Result<HttpResponse, WebError> {
    let (id, round, team) = path.into_inner();
    async {
        submitter(&state, &user, id, team).await?;
        let stored = load(&state, id).await?;
        let t = &stored.tournament;
        let Some(event) = t.team.as_ref() else {
            return Err(WebError::NotFound(Msg::new("team-not-team-event")));
        };
        if event.round(round).is_none() || event.team(team).is_none() {
            return Err(WebError::NotFound(
                Msg::new("team-round-unpaired").int("n", round),
            ));
        }
        let current = event.lineup(t, round, team);
        json(
            &LineupAnswer {
                round,
                team,
                boards: current.boards,
                submitted_by: current.submitted_by,
                due: deadline(t, event, round),
            },
            None,
            0,
        )
    }
    .await
    .map_err(WebError::api)
}

/// `POST /api/v1/tournaments/{id}/rounds/{r}/lineups/{n}` (the team's captain or the
/// organizer, by token), body `{"boards": [...]}`: stores the line-up; 400 naming why it is
/// refused (out of roster order, after the deadline, boards seated, ...).
///
/// # Errors
/// 400, 401, 403, 404, 409 as problem+json.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/rounds/{r}/lineups/{n}",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("r" = u16, Path, description = "Round number"), ("n" = u16, Path, description = "Team number")),
    request_body = LineupJson,
    responses((status = 200, description = "The line-up stored", body = LineupAnswer)),
    security(("bearer" = []))
)]
pub async fn api_submit_lineup(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, u16, TeamNumber)>,
    ApiUser(user): ApiUser,
    body: ApiJson<LineupJson>,
) -> Result<HttpResponse, WebError> {
    let (id, round, team) = path.into_inner();
    async {
        let saved = store(&state, &user, id, round, team, body.into_inner().boards).await?;
        json(
            &LineupAnswer {
                round,
                team,
                boards: saved.boards,
                submitted_by: saved.submitted_by,
                due: None,
            },
            None,
            0,
        )
    }
    .await
    .map_err(WebError::api)
}
