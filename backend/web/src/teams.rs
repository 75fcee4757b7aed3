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
//! - `POST /tournaments/{id}/teams/upload` (multipart: `file` or pasted `text`): teams with
//!   their rosters from a CSV file (`arbiter_tournament::csv_io::import_teams`: `team`,
//!   `team_number`, `team_federation`, `team_club`, `team_captain`, `board` and the player
//!   columns), all or nothing: every bad field listed with its line and column and nothing
//!   stored, or every team added with its new players, each audited as the form's add;
//! - `POST /tournaments/{id}/teams/captains`: the captain role of an account for a team;
//! - `POST /tournaments/{id}/teams/pair`: the next round's matches (round robin, double round
//!   robin by the Berger tables, Swiss C.04.6);
//! - `POST /tournaments/{id}/teams/byes` and `POST /api/v1/tournaments/{id}/teams/byes`: a
//!   team's bye or absence before its round is paired (TRF-2026 `240`, `byes`);
//! - `GET|POST /tournaments/{id}/rounds/{r}/lineups/{n}` (the team's captain or the organizer):
//!   the line-up, checked against the roster order, before the organizer's deadline (after it
//!   only the organizer); `GET|POST /api/v1/tournaments/{id}/rounds/{r}/lineups/{n}` the same as
//!   JSON (`{"boards": [pairing number or null, ...]}`);
//! - the organizer's JSON API (bearer token): `POST /api/v1/tournaments/{id}/teams/setup`,
//!   `POST /api/v1/tournaments/{id}/teams` (a team with its roster), `POST
//!   /api/v1/tournaments/{id}/teams/rounds` (the next round's matches), `POST
//!   /api/v1/tournaments/{id}/rounds/{r}/seat` (shapes in `teams/api.rs`);
//! - `POST /tournaments/{id}/rounds/{r}/seat` (organizer): the board games from the line-ups
//!   (roster order for a team without one, and the page says so); the round is then published
//!   and its results entered board by board like any other round's.

pub(crate) mod api;
pub(crate) mod byes;
mod form;
pub(crate) mod lineup;
mod ops;

use actix_multipart::form::MultipartForm;
use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::team::TeamChangeError;
use arbiter_tournament::team::{TeamEvent, TeamNumber, TeamPairingSystem, TeamRound};
use arbiter_tournament::{RoundState, Tournament};
use askama::Template;
use uuid::Uuid;

use crate::auth::{check_csrf, csrf_token};
use crate::done::Done;
use crate::error::{FormError, WebError};
use crate::extract::{Checked, Organizer, Staff};
use crate::forms::UploadForm;
use crate::l10n::{L10n, Msg};
use crate::pages::Upload;
use crate::respond::{bad, load, parse_seen, private, see_other_done, seen_token};
use crate::state::{AppState, with_db};

use form::{CaptainForm, RoundForm, SetupForm, TeamForm};

/// A refused change to a team event, as the web answers it.
fn team_change_error(e: TeamChangeError<WebError>) -> WebError {
    match e {
        TeamChangeError::Change(c) => c.into(),
        TeamChangeError::NotTeamEvent => WebError::NotFound(Msg::new("team-not-team-event")),
        TeamChangeError::Refused(w) => w,
    }
}

struct TeamLine {
    number: String,
    n: TeamNumber,
    name: String,
    federation: String,
    club: String,
    captain: String,
    rating: String,
    players: Vec<RosterLine>,
    roster_text: String,
}

/// One player of a roster as the page lists it.
struct RosterLine {
    number: String,
    /// The pairing number as the forms send it (ASCII digits): the correcting form's link.
    pn: u16,
    name: String,
    rating: String,
    reserve: bool,
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
    /// A refusal: beside the new-team form's field it names, else at the top.
    error: FormError,
    is_team: bool,
    setup: SetupForm,
    boards_locked: bool,
    teams: Vec<TeamLine>,
    captains: Vec<(String, String)>,
    round: u16,
    /// The last round's heading: its number and state (`Round 2 · paired, not published`).
    round_heading: String,
    matches: Vec<MatchLine>,
    bye: String,
    seated: bool,
    can_seat: bool,
    next_round: u16,
    /// Whether the next round can be paired: every match of the last one has its result
    /// ([`arbiter_tournament::team::check_complete`]); the pair form is shown only then.
    can_pair: bool,
    /// The byes and absences known before pairing for rounds not yet paired, one line each.
    byes_known: Vec<String>,
    /// The pairing system the pair form offers first: the event's own (`swiss`, `round-robin`,
    /// `double-round-robin`).
    system: &'static str,
    add: TeamForm,
    /// The organizer's next action for the event's state.
    next: crate::next_step::NextStep,
    /// A refused upload: its text kept in the box, its problems one a line.
    upload: Upload,
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

/// The teams' byes and absences before pairing in the rounds after `last` (the last paired),
/// worded: `Round 3: Team A, half-point bye (a drawn match's points)`.
fn byes_known(e: &TeamEvent, last: u16, l: &L10n) -> Vec<String> {
    let mut out = Vec::new();
    for r in e.rounds.iter().filter(|r| r.number > last) {
        for team in e.teams.iter().map(|t| t.number) {
            let kind = match e.bye_before_pairing(team, r.number) {
                Some(arbiter_tournament::ResultCode::HalfBye) => "tpub-kind-half-bye",
                Some(arbiter_tournament::ResultCode::FullBye) => "tpub-kind-full-bye",
                Some(_) => "tpub-kind-absent",
                None => continue,
            };
            out.push(l.ta(
                "team-bye-line",
                &[
                    ("round", l.int(r.number)),
                    ("team", team_name(e, team)),
                    ("kind", l.t(kind)),
                ],
            ));
        }
    }
    out
}

/// The organizer's page.
async fn manage_page(
    state: &AppState,
    session: &Session,
    l: &L10n,
    id: Uuid,
    error: FormError,
    (add, upload): (Option<TeamForm>, Upload),
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
                    .map(|(i, pn)| RosterLine {
                        number: l.int(*pn),
                        pn: *pn,
                        name: t.player(*pn).map_or_else(String::new, |p| p.name.clone()),
                        rating: t
                            .player(*pn)
                            .and_then(|p| p.rating)
                            .map(|r| l.int(r))
                            .unwrap_or_default(),
                        reserve: i >= usize::from(e.settings.boards),
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
    let round_heading = match t.round(last) {
        Some(r) => l.ta(
            "team-round-heading",
            &[
                ("n", l.int(last)),
                (
                    "state",
                    l.t(match r.state {
                        RoundState::Planned | RoundState::Paired => "team-round-paired",
                        RoundState::Published => "team-round-published",
                        RoundState::Complete => "team-round-complete",
                    }),
                ),
            ],
        ),
        None => l.ti("team-round-n", "n", last),
    };
    let can_seat = last > 0
        && t.round(last)
            .is_none_or(|r| matches!(r.state, RoundState::Planned | RoundState::Paired))
        && t.round(last).is_none_or(|r| {
            r.games
                .iter()
                .all(|g| g.result.white == arbiter_tournament::ResultCode::Blank)
        });
    let setup = SetupForm::of(event.map(|e| &e.settings), &seen).in_digits(l);
    let byes_known = event.map_or_else(Vec::new, |e| byes_known(e, last, l));
    let page = ManagePage {
        l,
        byes_known,
        id: id.to_string(),
        name: t.name.clone().unwrap_or_default(),
        csrf: csrf_token(session)?,
        error,
        is_team: event.is_some(),
        setup,
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
        round_heading,
        matches,
        bye,
        seated: is_seated,
        can_seat,
        next_round: last + 1,
        can_pair: event
            .is_none_or(|e| arbiter_tournament::team::check_complete(t, e, last).is_ok()),
        system: match t.system() {
            arbiter_tournament::PairingSystem::RoundRobin { double: false } => "round-robin",
            arbiter_tournament::PairingSystem::RoundRobin { double: true } => "double-round-robin",
            arbiter_tournament::PairingSystem::Dutch(_) => "swiss",
        },
        next: crate::next_step::next_step(t, id, l),
        upload,
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
        FormError::none(),
        (None, Upload::default()),
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
        WebError::BadRequest { .. } => {
            // A refusal of the new-team form stands beside its field; any other (a team's
            // own form, the settings, a pairing) at the top, naming the field in the reader's
            // language where the catalogues have it.
            let error = if add.is_some() {
                FormError::of(&e, l, &TeamForm::FIELDS)
            } else {
                FormError::top(e.detail(l))
            };
            let form = (add, Upload::default());
            manage_page(state, session, l, id, error, form, StatusCode::BAD_REQUEST).await
        }
        other => Err(other),
    }
}

/// The teams page again, saying what was `done`.
fn back(id: Uuid, done: Done) -> HttpResponse {
    see_other_done(&format!("/tournaments/{id}/teams/manage"), done)
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
    let result = match form.settings() {
        Ok(settings) => {
            let seen = parse_seen(&form.seen)?;
            ops::setup(&state, id, settings, Some(seen), user.actor()).await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => Ok(back(id, Done::TeamSetup)),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}

/// `POST /tournaments/{id}/teams/add` (organizer) and `POST /tournaments/{id}/teams/{n}/edit`:
/// a new team numbered after the last, or team `n` changed: names and roster in board order,
/// new players registered with it, all in one transaction, audited with the team before and
/// after.
async fn save(
    state: &AppState,
    session: &Session,
    l: &L10n,
    id: Uuid,
    number: Option<TeamNumber>,
    user: &arbiter_db::UserRow,
    form: TeamForm,
) -> Result<HttpResponse, WebError> {
    let stored = load(state, id).await?;
    let checked = form
        .fields()
        .and_then(|f| Ok((f, form.roster(&stored.tournament)?)));
    let result = match checked {
        Ok((fields, entries)) => {
            let seen = parse_seen(&form.seen)?;
            ops::save_team(state, id, number, fields, entries, Some(seen), user.actor()).await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(_) => Ok(back(
            id,
            if number.is_none() {
                Done::TeamAdded
            } else {
                Done::TeamSaved
            },
        )),
        Err(e) => {
            let again = number.is_none().then_some(form);
            refused(state, session, l, id, e, again).await
        }
    }
}

/// `POST /tournaments/{id}/teams/add` (organizer).
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
    save(&state, &session, &l, path.into_inner(), None, &user, form).await
}

/// `POST /tournaments/{id}/teams/{n}/edit` (organizer).
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
    save(&state, &session, &l, id, Some(number), &user, form).await
}

/// `POST /tournaments/{id}/teams/upload` (organizer, multipart): the teams of a CSV file with
/// their rosters, all or nothing. A file with errors shows the page again (400) listing every
/// bad field by line and column; nothing is stored then.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn upload_teams(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    MultipartForm(form): MultipartForm<UploadForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    check_csrf(&session, form.csrf())?;
    let content = form.content();
    let bytes = content.as_ref().map(Vec::clone).unwrap_or_default();
    let result = async {
        let bytes = content?;
        let stored = load(&state, id).await?;
        let Some(event) = stored.tournament.team.as_ref() else {
            return Err(WebError::NotFound(Msg::new("team-not-team-event")).into());
        };
        let import = arbiter_tournament::csv_io::import_teams(
            &bytes,
            &stored.tournament.players,
            &event.teams,
        )
        .map_err(|e| Refusal::List(crate::l10n::csv::team_each(&e.errors)))?;
        if import.teams.is_empty() {
            return Err(bad("file", Msg::new("team-upload-empty")).into());
        }
        Ok::<_, Refusal>(ops::save_teams(&state, id, import, None, user.actor()).await?)
    }
    .await;
    let problems = match result {
        Ok(added) => {
            let n = u32::try_from(added.len()).unwrap_or(u32::MAX);
            return Ok(back(id, Done::TeamsAdded(n)));
        }
        Err(Refusal::List(list)) => list,
        Err(Refusal::Other(WebError::BadRequest { message, .. })) => vec![message],
        Err(Refusal::Other(e)) => return refused(&state, &session, &l, id, e, None).await,
    };
    // The text kept in the box to correct (a file not in UTF-8 is not: its letters would
    // change), every problem on its own line.
    let upload = Upload {
        text: std::str::from_utf8(&bytes)
            .map(str::to_owned)
            .unwrap_or_default(),
        problems: problems.iter().map(|m| l.m(m)).collect(),
    };
    let first = problems
        .into_iter()
        .next()
        .unwrap_or_else(|| Msg::plain(""));
    let error = FormError::of(&bad("file", first), &l, &["file"]);
    let status = StatusCode::BAD_REQUEST;
    manage_page(&state, &session, &l, id, error, (None, upload), status).await
}

/// Why an upload of teams was refused: its problems, one message each, or another error.
enum Refusal {
    List(Vec<Msg>),
    Other(WebError),
}

impl From<WebError> for Refusal {
    fn from(e: WebError) -> Refusal {
        Refusal::Other(e)
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
            let known = arbiter_tournament::typed::parse_typed::<TeamNumber>(t)
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
        Ok(()) => Ok(back(id, Done::Staff)),
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
    let result = match TeamPairingSystem::parse(&form.system) {
        Some(system) => ops::pair(&state, id, system, Some(seen), user.actor()).await,
        None => Err(bad(
            "system",
            Msg::new("team-bad-choice").text("value", form.system.trim()),
        )),
    };
    match result {
        Ok(round) => Ok(back(id, Done::TeamsPaired(u32::from(round.number)))),
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
    match ops::seat(&state, id, number, Some(seen), user.actor()).await {
        Ok(_) => Ok(back(id, Done::Seated(u32::from(number)))),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}
