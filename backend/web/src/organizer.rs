//! Pages behind a sign-in: accounts (sign up, sign in, sign out), creating a tournament,
//! registering players, entering results board by board (a stale version gets `409 Conflict`
//! with the current result), the audit log. Every form carries the session's CSRF token; every
//! change is audited in the transaction that makes it. Never cached (`no-store`).

use actix_session::Session;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::{Actor, RecordError, Role, UserRow};
use arbiter_tournament::tiebreak::{Edition, parse_list};
use arbiter_tournament::{GameResult, Player, ResultCode, Title, Tournament};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::{
    check_csrf, csrf_token, hash_password, require_role, require_user, roles_in, sign_in, sign_out,
    verify_password,
};
use crate::error::WebError;
use crate::views::{result_text, titled_name};
use crate::{AppState, with_db};

pub(crate) fn private(
    page: &impl Template,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse, WebError> {
    let body = page
        .render()
        .map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body))
}

fn ok(page: &impl Template) -> Result<HttpResponse, WebError> {
    private(page, actix_web::http::StatusCode::OK)
}

pub(crate) fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

pub(crate) fn bad(field: &str, message: impl Into<String>) -> WebError {
    WebError::BadRequest {
        field: field.to_owned(),
        message: message.into(),
    }
}

/// A trimmed optional text field: `None` when empty.
pub(crate) fn text(v: &str) -> Option<String> {
    let t = v.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// An optional number field within `range`, naming the field on error.
fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    field: &str,
    v: &str,
    min: T,
    max: T,
) -> Result<Option<T>, WebError> {
    let Some(t) = text(v) else { return Ok(None) };
    let n: T = t
        .parse()
        .map_err(|_| bad(field, format!("`{t}` is not a whole number")))?;
    if n < min || n > max {
        return Err(bad(field, format!("must be between {min} and {max}")));
    }
    Ok(Some(n))
}

// ---- accounts ----

#[derive(Template)]
#[template(path = "signin.html")]
struct SignInPage {
    csrf: String,
    signup: bool,
    error: String,
    email: String,
}

/// The sign-in and sign-up form.
#[derive(Debug, Deserialize)]
pub struct CredentialsForm {
    /// The e-mail address.
    #[serde(default)]
    pub email: String,
    /// The password.
    #[serde(default)]
    pub password: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `GET /signin`.
///
/// # Errors
/// [`WebError::Internal`] when the session cannot be written.
pub async fn signin_form(session: Session) -> Result<HttpResponse, WebError> {
    ok(&SignInPage {
        csrf: csrf_token(&session)?,
        signup: false,
        error: String::new(),
        email: String::new(),
    })
}

/// `GET /signup`: the first account on a new database becomes the administrator.
///
/// # Errors
/// [`WebError::Internal`] when the session cannot be written.
pub async fn signup_form(session: Session) -> Result<HttpResponse, WebError> {
    ok(&SignInPage {
        csrf: csrf_token(&session)?,
        signup: true,
        error: String::new(),
        email: String::new(),
    })
}

fn retry(
    session: &Session,
    signup: bool,
    email: &str,
    error: &str,
) -> Result<HttpResponse, WebError> {
    private(
        &SignInPage {
            csrf: csrf_token(session)?,
            signup,
            error: error.to_owned(),
            email: email.to_owned(),
        },
        if signup {
            actix_web::http::StatusCode::BAD_REQUEST
        } else {
            actix_web::http::StatusCode::UNAUTHORIZED
        },
    )
}

/// `POST /signin`.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token, [`WebError::Database`].
pub async fn signin(
    state: web::Data<AppState>,
    session: Session,
    form: web::Form<CredentialsForm>,
) -> Result<HttpResponse, WebError> {
    check_csrf(&session, &form.csrf)?;
    let email = form.email.clone();
    let user = with_db(&state, move |c| {
        Ok(arbiter_db::accounts::user_by_email(c, &email)?)
    })
    .await?;
    let password = form.password.clone();
    // argon2 is deliberately slow: off the async threads.
    let verified = match user {
        Some(u) => {
            let hash = u.password_hash.clone();
            web::block(move || verify_password(&password, &hash))
                .await
                .map_err(|e| WebError::Internal(e.to_string()))?
                .then_some(u)
        }
        None => None,
    };
    match verified {
        Some(u) => {
            sign_in(&session, &u)?;
            Ok(see_other("/account"))
        }
        None => retry(
            &session,
            false,
            &form.email,
            "Unknown e-mail address or wrong password.",
        ),
    }
}

/// `POST /signup`.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token, [`WebError::Database`].
pub async fn signup(
    state: web::Data<AppState>,
    session: Session,
    form: web::Form<CredentialsForm>,
) -> Result<HttpResponse, WebError> {
    check_csrf(&session, &form.csrf)?;
    let email = form.email.trim().to_owned();
    if email.len() > 254 || !email.contains('@') || email.starts_with('@') || email.ends_with('@') {
        return retry(
            &session,
            true,
            &email,
            "email: enter an e-mail address such as name@example.org.",
        );
    }
    if form.password.chars().count() < 10 {
        return retry(
            &session,
            true,
            &email,
            "password: use at least 10 characters.",
        );
    }
    let password = form.password.clone();
    let hash = web::block(move || hash_password(&password))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))??;
    let e2 = email.clone();
    let created = with_db(&state, move |c| {
        if arbiter_db::accounts::user_by_email(c, &e2)?.is_some() {
            return Ok(None);
        }
        Ok(Some(arbiter_db::accounts::create_user(
            c,
            &e2,
            &hash,
            false,
            &Actor::system(e2.clone()),
        )?))
    })
    .await?;
    match created {
        Some(u) => {
            sign_in(&session, &u)?;
            Ok(see_other("/account"))
        }
        None => retry(
            &session,
            true,
            &email,
            "email: an account with this address exists; sign in instead.",
        ),
    }
}

/// A form with only the CSRF token.
#[derive(Debug, Deserialize)]
pub struct CsrfForm {
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /signout`.
///
/// # Errors
/// [`WebError::Forbidden`] for a bad CSRF token.
pub async fn signout(
    session: Session,
    form: web::Form<CsrfForm>,
) -> Result<HttpResponse, WebError> {
    check_csrf(&session, &form.csrf)?;
    sign_out(&session);
    Ok(see_other("/"))
}

struct MyTournament {
    id: String,
    name: String,
    role: &'static str,
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    email: String,
    is_admin: bool,
    csrf: String,
    tournaments: Vec<MyTournament>,
}

/// `GET /account`: the account's tournaments and roles.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Database`].
pub async fn account(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, WebError> {
    let user = require_user(&state, &session).await?;
    let uid = user.uuid()?;
    let mine = with_db(&state, move |c| {
        let roles = arbiter_db::accounts::tournaments_of(c, uid)?;
        let list = arbiter_db::list_tournaments(c)?;
        Ok((roles, list))
    })
    .await?;
    let (roles, list) = mine;
    let tournaments = list
        .iter()
        .filter_map(|t| {
            let role = if user.is_admin {
                "administrator"
            } else {
                roles
                    .iter()
                    .find(|(id, _)| *id == t.id)
                    .map(|(_, r)| r.as_str())?
            };
            Some(MyTournament {
                id: t.id.to_string(),
                name: t.name.clone().unwrap_or_else(|| "(unnamed)".into()),
                role,
            })
        })
        .collect();
    ok(&AccountPage {
        email: user.email.clone(),
        is_admin: user.is_admin,
        csrf: csrf_token(&session)?,
        tournaments,
    })
}

// ---- tournaments ----

#[derive(Template)]
#[template(path = "new_tournament.html")]
struct NewTournamentPage {
    csrf: String,
    error: String,
    form: TournamentForm,
    systems: Vec<(&'static str, &'static str)>,
}

/// The create-tournament form.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct TournamentForm {
    /// Name (required).
    #[serde(default)]
    pub name: String,
    /// City.
    #[serde(default)]
    pub city: String,
    /// Start date, `YYYY-MM-DD`.
    #[serde(default)]
    pub start_date: String,
    /// End date, `YYYY-MM-DD`.
    #[serde(default)]
    pub end_date: String,
    /// Rounds planned, 1-99.
    #[serde(default)]
    pub rounds_planned: String,
    /// Time control, free text.
    #[serde(default)]
    pub time_control: String,
    /// Default time (Art. 6.7), minutes, 0-600.
    #[serde(default)]
    pub default_time_minutes: String,
    /// Tie-breaks, C.07 codes separated by commas (empty: the FIDE default).
    #[serde(default)]
    pub tiebreaks: String,
    /// C.07 edition: `2024` or `2026` (empty: the one in force at the start).
    #[serde(default)]
    pub tiebreak_edition: String,
    /// The pairing system, a TRF-2026 `192` code of
    /// [`arbiter_tournament::PairingSystem::ALL`] (empty: the FIDE Dutch system).
    #[serde(default)]
    pub pairing_system: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

impl TournamentForm {
    /// The tournament the form describes, or the first bad field.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the field.
    pub fn to_model(&self) -> Result<(Tournament, Option<u32>), WebError> {
        let name = text(&self.name).ok_or_else(|| bad("name", "the tournament needs a name"))?;
        if name.chars().count() > 200 {
            return Err(bad("name", "at most 200 characters"));
        }
        let date = |field: &str, v: &str| -> Result<Option<String>, WebError> {
            let Some(t) = text(v) else { return Ok(None) };
            chrono::NaiveDate::parse_from_str(&t, "%Y-%m-%d")
                .map_err(|_| bad(field, format!("`{t}` is not a date (YYYY-MM-DD)")))?;
            Ok(Some(t.replace('-', "/")))
        };
        let start = date("start_date", &self.start_date)?;
        let end = date("end_date", &self.end_date)?;
        if let (Some(s), Some(e)) = (&start, &end) {
            if e < s {
                return Err(bad("end_date", "the end date is before the start date"));
            }
        }
        let tiebreaks = match text(&self.tiebreaks) {
            None => None,
            Some(t) => {
                let list = parse_list(&t).map_err(|e| bad("tiebreaks", e.to_string()))?;
                if list.is_empty() {
                    None
                } else {
                    Some(t.to_uppercase())
                }
            }
        };
        let edition = match text(&self.tiebreak_edition) {
            None => None,
            Some(e) => match Edition::parse(&e) {
                Some(Edition::E2024 | Edition::E2026) => Some(e),
                _ => return Err(bad("tiebreak_edition", "use 2024 or 2026")),
            },
        };
        let system = match text(&self.pairing_system) {
            None => arbiter_tournament::PairingSystem::ALL[0].0,
            Some(code) => arbiter_tournament::PairingSystem::from_code(&code)
                .ok_or_else(|| bad("pairing_system", "not a pairing system Arbiter pairs"))?,
        };
        let t = Tournament {
            name: Some(name),
            pairing_system: Some(system.code().to_owned()),
            city: text(&self.city),
            start_date: start,
            end_date: end,
            tournament_type: Some(
                match system {
                    arbiter_tournament::PairingSystem::Dutch(_) => "Individual: Swiss-System",
                    arbiter_tournament::PairingSystem::RoundRobin { .. } => {
                        "Individual: Round-Robin"
                    }
                }
                .into(),
            ),
            rounds_planned: number("rounds_planned", &self.rounds_planned, 1u16, 99)?,
            time_control: text(&self.time_control),
            tiebreaks,
            tiebreak_edition: edition,
            ..Tournament::default()
        };
        let minutes = number(
            "default_time_minutes",
            &self.default_time_minutes,
            0u32,
            600,
        )?;
        Ok((t, minutes))
    }
}

/// `GET /tournaments/new`.
///
/// # Errors
/// [`WebError::Unauthorized`].
pub async fn new_tournament_form(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, WebError> {
    require_user(&state, &session).await?;
    ok(&NewTournamentPage {
        csrf: csrf_token(&session)?,
        error: String::new(),
        form: TournamentForm::default(),
        systems: crate::rounds::systems(),
    })
}

/// `POST /tournaments/new`: creates the tournament; its creator becomes its organizer.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF), [`WebError::Database`]; a bad
/// field shows the form again with the field named (400).
pub async fn create_tournament(
    state: web::Data<AppState>,
    session: Session,
    form: web::Form<TournamentForm>,
) -> Result<HttpResponse, WebError> {
    let user = require_user(&state, &session).await?;
    check_csrf(&session, &form.csrf)?;
    let (t, minutes) = match form.to_model() {
        Ok(x) => x,
        Err(e) => {
            return private(
                &NewTournamentPage {
                    csrf: csrf_token(&session)?,
                    error: e.to_string(),
                    form: form.into_inner(),
                    systems: crate::rounds::systems(),
                },
                actix_web::http::StatusCode::BAD_REQUEST,
            );
        }
    };
    let id = with_db(&state, move |c| {
        Ok(arbiter_db::create_tournament_for(c, &t, minutes, &user)?)
    })
    .await?;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

// ---- managing one tournament ----

struct ManagedRound {
    number: u16,
    state: &'static str,
    games: usize,
    done: usize,
    results_open: bool,
}

struct ManagedPlayer {
    pairing_number: u16,
    name: String,
    rating: String,
    withdrawn: bool,
    late: bool,
}

#[derive(Template)]
#[template(path = "manage.html")]
struct ManagePage {
    id: String,
    name: String,
    csrf: String,
    organizer: bool,
    error: String,
    players: Vec<ManagedPlayer>,
    rounds: Vec<ManagedRound>,
    next_round: u16,
    system: &'static str,
    staff: Vec<(String, &'static str)>,
    /// The check-in tablet link's secret while self check-in is allowed (Art. 6.6, 6.7), shown
    /// to organizers only; empty when not allowed.
    self_check_in: String,
}

async fn manage_page(
    state: &AppState,
    session: &Session,
    user: &UserRow,
    id: Uuid,
    error: String,
) -> Result<HttpResponse, WebError> {
    let roles = roles_in(state, user, id).await?;
    if roles.is_empty() {
        return Err(WebError::Forbidden(
            "you have no role in this tournament".into(),
        ));
    }
    let (stored, staff, kiosk) = with_db(state, move |c| {
        Ok((
            arbiter_db::load_tournament(c, id)?,
            arbiter_db::accounts::tournament_roles(c, id)?,
            arbiter_db::self_check_in_token(c, id)?,
        ))
    })
    .await?;
    let organizer = roles.contains(&Role::Organizer);
    let stored = stored.ok_or_else(|| WebError::NotFound(format!("tournament {id}")))?;
    let t = &stored.tournament;
    let status = if error.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::BAD_REQUEST
    };
    private(
        &ManagePage {
            id: id.to_string(),
            name: t.name.clone().unwrap_or_default(),
            csrf: csrf_token(session)?,
            organizer,
            error,
            self_check_in: kiosk.filter(|_| organizer).unwrap_or_default(),
            players: t
                .players
                .iter()
                .map(|p| ManagedPlayer {
                    pairing_number: p.pairing_number,
                    name: titled_name(p),
                    rating: p
                        .rating
                        .filter(|&r| r > 0)
                        .map(|r| r.to_string())
                        .unwrap_or_default(),
                    withdrawn: p.status == arbiter_tournament::PlayerStatus::Withdrawn,
                    late: p.status == arbiter_tournament::PlayerStatus::LateEntry,
                })
                .collect(),
            next_round: t.next_round_number(),
            staff: staff
                .into_iter()
                .map(|(email, _, role)| (email, role.as_str()))
                .collect(),
            system: t.system().label(),
            rounds: t
                .rounds
                .iter()
                .map(|r| ManagedRound {
                    number: r.number,
                    state: crate::views::state_text(r.state),
                    results_open: matches!(
                        r.state,
                        arbiter_tournament::RoundState::Published
                            | arbiter_tournament::RoundState::Complete
                    ),
                    games: r.games.len(),
                    done: r
                        .games
                        .iter()
                        .filter(|g| g.result.white != ResultCode::Blank)
                        .count(),
                })
                .collect(),
        },
        status,
    )
}

/// `GET /tournaments/{id}/manage`: the organizer's and arbiters' page.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] without a role, [`WebError::NotFound`].
pub async fn manage(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let user = require_user(&state, &session).await?;
    manage_page(&state, &session, &user, path.into_inner(), String::new()).await
}

/// The register-player form.
#[derive(Debug, Deserialize)]
pub struct PlayerForm {
    /// `Last, First` (required, at most 33 characters: the TRF field).
    #[serde(default)]
    pub name: String,
    /// FIDE title (`GM`, `IM`, ...).
    #[serde(default)]
    pub title: String,
    /// FIDE rating, 0-3500.
    #[serde(default)]
    pub rating: String,
    /// Federation, three letters.
    #[serde(default)]
    pub federation: String,
    /// FIDE id, digits.
    #[serde(default)]
    pub fide_id: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

impl PlayerForm {
    /// The player the form describes (pairing number 0: the database assigns the next one).
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the field.
    pub fn to_model(&self) -> Result<Player, WebError> {
        let name = text(&self.name).ok_or_else(|| bad("name", "the player needs a name"))?;
        if name.chars().count() > 33 {
            return Err(bad("name", "at most 33 characters (the TRF name field)"));
        }
        let mut p = Player::new(0, name);
        p.title = match text(&self.title) {
            None => None,
            Some(t) => match Title::parse(&t) {
                Some((Title::Other(_), _)) if t.chars().count() > 3 => {
                    return Err(bad(
                        "title",
                        format!("`{t}` is not a title (at most 3 letters)"),
                    ));
                }
                Some((title, _)) => Some(title),
                None => None,
            },
        };
        p.rating = number("rating", &self.rating, 0u16, 3500)?;
        p.federation = match text(&self.federation) {
            None => None,
            Some(f) if f.len() == 3 && f.bytes().all(|b| b.is_ascii_alphabetic()) => {
                Some(f.to_ascii_uppercase())
            }
            Some(f) => return Err(bad("federation", format!("`{f}` is not three letters"))),
        };
        p.fide_id = number("fide_id", &self.fide_id, 1u64, 99_999_999_999)?;
        Ok(p)
    }
}

/// `POST /tournaments/{id}/players`: registers a player with the next pairing number.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF, not the organizer); a bad field
/// shows the page again naming it (400).
pub async fn register_player(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = require_user(&state, &session).await?;
    check_csrf(&session, &form.csrf)?;
    require_role(&state, &user, id, Role::Organizer).await?;
    let p = match form.to_model() {
        Ok(p) => p,
        Err(e) => return manage_page(&state, &session, &user, id, e.to_string()).await,
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::add_player(c, id, &p, &actor)?)
    })
    .await?;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

/// The result choices of the entry form: value `W:B` (TRF codes) and label.
pub const RESULT_CHOICES: [(&str, &str); 9] = [
    ("", "— no result yet —"),
    ("1:0", "1–0"),
    ("=:=", "½–½"),
    ("0:1", "0–1"),
    ("+:-", "+ – − (White wins by forfeit)"),
    ("-:+", "− – + (Black wins by forfeit)"),
    ("-:-", "− – − (both forfeit)"),
    ("0:0", "0–0 (lost by both, Art. 12.8)"),
    ("X:X", "? (adjourned, unknown)"),
];

/// Reads a result value `W:B` (two TRF codes; empty for none yet).
///
/// # Errors
/// [`WebError::BadRequest`] naming the field `result`.
pub fn parse_result(value: &str) -> Result<GameResult, WebError> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(GameResult::pending());
    }
    let code = |s: &str| {
        let mut cs = s.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => ResultCode::from_trf_char(c),
            _ => None,
        }
    };
    let (w, b) = v
        .split_once(':')
        .and_then(|(w, b)| Some((code(w)?, code(b)?)))
        .ok_or_else(|| {
            bad(
                "result",
                format!("`{v}` is not a result (W:B in TRF codes)"),
            )
        })?;
    let r = GameResult::new(w, b);
    if !r.is_coherent() {
        return Err(bad(
            "result",
            format!("`{v}`: these codes cannot stand together in a game"),
        ));
    }
    Ok(r)
}

fn result_value(r: &GameResult) -> String {
    if r.white == ResultCode::Blank && r.black == ResultCode::Blank {
        String::new()
    } else {
        format!("{}:{}", r.white.trf_char(), r.black.trf_char())
    }
}

struct EntryLine {
    game_id: String,
    version: i32,
    board: usize,
    white: String,
    black: String,
    current: String,
    shown: String,
}

#[derive(Template)]
#[template(path = "results.html")]
struct ResultsPage {
    id: String,
    name: String,
    round: u16,
    csrf: String,
    message: String,
    choices: Vec<(&'static str, &'static str)>,
    games: Vec<EntryLine>,
    byes: Vec<String>,
}

async fn results_page(
    state: &AppState,
    session: &Session,
    id: Uuid,
    n: u16,
    message: String,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse, WebError> {
    let (stored, rows) = with_db(state, move |c| {
        let s = arbiter_db::load_tournament(c, id)?;
        let rows = arbiter_db::round_games(c, id, n)?;
        Ok((s, rows))
    })
    .await?;
    let stored = stored.ok_or_else(|| WebError::NotFound(format!("tournament {id}")))?;
    let t = &stored.tournament;
    if t.round(n).is_none() {
        return Err(WebError::NotFound(format!("round {n}")));
    }
    let name = |pn: i32| {
        u16::try_from(pn)
            .ok()
            .and_then(|pn| t.player(pn))
            .map_or_else(
                || format!("#{pn}"),
                |p| format!("{} {}", p.pairing_number, titled_name(p)),
            )
    };
    let games = rows
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let r = g.result()?;
            Ok(EntryLine {
                game_id: g.id.clone(),
                version: g.version,
                board: g
                    .board
                    .and_then(|b| usize::try_from(b).ok())
                    .unwrap_or(i + 1),
                white: name(g.white),
                black: name(g.black),
                current: result_value(&r),
                shown: result_text(&r),
            })
        })
        .collect::<Result<Vec<_>, WebError>>()?;
    private(
        &ResultsPage {
            id: id.to_string(),
            name: t.name.clone().unwrap_or_default(),
            round: n,
            csrf: csrf_token(session)?,
            message,
            choices: RESULT_CHOICES.to_vec(),
            games,
            byes: t
                .round(n)
                .map(|r| {
                    r.byes
                        .iter()
                        .map(|b| {
                            let who = t.player(b.player).map_or_else(
                                || format!("#{}", b.player),
                                |p| format!("{} {}", p.pairing_number, titled_name(p)),
                            );
                            format!("{who}: {}", crate::views::bye_text(b.code))
                        })
                        .collect()
                })
                .unwrap_or_default(),
        },
        status,
    )
}

/// `GET /tournaments/{id}/rounds/{n}/results`: the result-entry sheet, board by board.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not an arbiter or organizer),
/// [`WebError::NotFound`].
pub async fn results_form(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let user = require_user(&state, &session).await?;
    require_role(&state, &user, id, Role::Arbiter).await?;
    results_page(
        &state,
        &session,
        id,
        n,
        String::new(),
        actix_web::http::StatusCode::OK,
    )
    .await
}

/// One board's result form.
#[derive(Debug, Deserialize)]
pub struct ResultForm {
    /// `W:B` in TRF codes (see [`RESULT_CHOICES`]).
    #[serde(default)]
    pub result: String,
    /// The version of the game the arbiter saw.
    #[serde(default)]
    pub version: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/rounds/{n}/games/{game}`: records one board's result against the
/// version the arbiter saw; someone else's newer entry gets `409` with the sheet as it stands.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming the
/// field, [`WebError::NotFound`].
pub async fn enter_result(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, u16, Uuid)>,
    form: web::Form<ResultForm>,
) -> Result<HttpResponse, WebError> {
    let (id, n, game) = path.into_inner();
    let user = require_user(&state, &session).await?;
    check_csrf(&session, &form.csrf)?;
    require_role(&state, &user, id, Role::Arbiter).await?;
    let result = parse_result(&form.result)?.recorded_by(user.email.clone());
    let version: i32 = form
        .version
        .trim()
        .parse()
        .map_err(|_| bad("version", "missing or not a number"))?;
    let actor = user.actor();
    let outcome = with_db(&state, move |c| {
        // The game must belong to this tournament and round.
        match arbiter_db::game(c, game)? {
            Some(g) if g.tournament_id == id.to_string() && g.round == i32::from(n) => {}
            _ => return Ok(Err(WebError::NotFound(format!("game {game}")))),
        }
        match arbiter_db::record_result(c, game, version, &result, &actor) {
            Ok(row) => Ok(Ok(Ok(row))),
            Err(RecordError::Conflict { current }) => Ok(Ok(Err(current))),
            Err(RecordError::NotFound) => Ok(Err(WebError::NotFound(format!("game {game}")))),
            Err(e @ RecordError::Incoherent { .. }) => Ok(Err(bad("result", e.to_string()))),
            Err(RecordError::Database(e)) => Err(e.into()),
        }
    })
    .await??;
    match outcome {
        Ok(_) => Ok(see_other(&format!("/tournaments/{id}/rounds/{n}/results"))),
        Err(current) => {
            let shown = current
                .result()
                .map(|r| result_text(&r))
                .unwrap_or_default();
            let msg = format!(
                "Not saved: someone else entered board {} since you opened the sheet (it now reads \u{201c}{}\u{201d}, by {}). Check the sheet below and enter the result again if needed.",
                current.board.map_or(current.seq + 1, |b| b),
                if shown.is_empty() {
                    "no result"
                } else {
                    &shown
                },
                current.recorded_by.as_deref().unwrap_or("unknown"),
            );
            results_page(
                &state,
                &session,
                id,
                n,
                msg,
                actix_web::http::StatusCode::CONFLICT,
            )
            .await
        }
    }
}

struct AuditLine {
    at: String,
    actor: String,
    entity: String,
    action: String,
    before: String,
    after: String,
    changes: Vec<String>,
}

/// What changed between two audit snapshots, field by field (`path: before → after`), with
/// nested objects flattened to dotted paths and lists compared as a whole. Empty when either
/// side is missing or not a JSON object (the page then shows the snapshots as they are).
#[must_use]
pub fn audit_changes(before: Option<&str>, after: Option<&str>) -> Vec<String> {
    use serde_json::Value;
    fn flatten(prefix: &str, v: &Value, out: &mut std::collections::BTreeMap<String, String>) {
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    flatten(&key, v, out);
                }
            }
            other => {
                out.insert(prefix.to_owned(), other.to_string());
            }
        }
    }
    let parse = |t: Option<&str>| t.and_then(|t| serde_json::from_str::<Value>(t).ok());
    let (Some(b @ Value::Object(_)), Some(a @ Value::Object(_))) = (parse(before), parse(after))
    else {
        return Vec::new();
    };
    let (mut fb, mut fa) = (Default::default(), Default::default());
    flatten("", &b, &mut fb);
    flatten("", &a, &mut fa);
    let keys: std::collections::BTreeSet<&String> = fb.keys().chain(fa.keys()).collect();
    keys.into_iter()
        .filter_map(|k| {
            let (x, y) = (fb.get(k), fa.get(k));
            (x != y).then(|| {
                format!(
                    "{k}: {} \u{2192} {}",
                    x.map_or("(none)", String::as_str),
                    y.map_or("(none)", String::as_str)
                )
            })
        })
        .collect()
}

#[derive(Template)]
#[template(path = "audit.html")]
struct AuditPage {
    id: String,
    name: String,
    entries: Vec<AuditLine>,
}

/// `GET /tournaments/{id}/audit`: every change, who, when, before and after (organizer only).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn audit(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = require_user(&state, &session).await?;
    require_role(&state, &user, id, Role::Organizer).await?;
    let (row, entries, zone) = with_db(&state, move |c| {
        Ok((
            arbiter_db::queries::tournament_row(c, id)?,
            arbiter_db::audit_entries(c, id)?,
            arbiter_db::queries::time_zone(c, id)?,
        ))
    })
    .await?;
    let zone = crate::zone::Zone::of(zone.as_deref());
    let row = row.ok_or_else(|| WebError::NotFound(format!("tournament {id}")))?;
    ok(&AuditPage {
        id: id.to_string(),
        name: row.name.unwrap_or_default(),
        entries: entries
            .into_iter()
            .rev()
            .map(|e| AuditLine {
                changes: audit_changes(e.before_json.as_deref(), e.after_json.as_deref()),
                at: format!("{} {}", zone.show(e.at, "%Y-%m-%d %H:%M:%S"), zone.name()),
                actor: e.actor,
                entity: format!("{} {}", e.entity, e.entity_id.unwrap_or_default()),
                action: e.action,
                before: e.before_json.unwrap_or_default(),
                after: e.after_json.unwrap_or_default(),
            })
            .collect(),
    })
}

#[cfg(test)]
mod audit_tests {
    use super::audit_changes;

    #[test]
    fn changes_are_listed_field_by_field() {
        let c = audit_changes(
            Some(r#"{"white_code":"","version":1,"p":{"kind":"a"}}"#),
            Some(r#"{"white_code":"1","version":2,"p":{"kind":"a"},"new":true}"#),
        );
        assert_eq!(
            c,
            vec![
                "new: (none) \u{2192} true".to_owned(),
                "version: 1 \u{2192} 2".to_owned(),
                "white_code: \"\" \u{2192} \"1\"".to_owned(),
            ]
        );
        assert!(audit_changes(None, Some("{}")).is_empty());
        assert!(audit_changes(Some("\"paired\""), Some("\"published\"")).is_empty());
    }
}

/// The body of `PUT /api/v1/games/{id}/result`.
#[derive(Debug, Deserialize)]
pub struct ApiResult {
    /// White's TRF code (`1 = 0 W D L + - X`, empty for none).
    pub white: String,
    /// Black's TRF code.
    pub black: String,
    /// The version the client read.
    pub version: i32,
}

/// `PUT /api/v1/games/{id}/result` (`Authorization: Bearer TOKEN`, an arbiter or organizer of
/// the game's tournament): the stored game, or `409` problem+json whose `current` is the game as
/// it stands.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 naming the field, 409 with the current state.
pub async fn api_enter_result(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    body: web::Json<ApiResult>,
) -> Result<HttpResponse, WebError> {
    let game = path.into_inner();
    let inner = async {
        let (user, _) = crate::arbiter_board::api_arbiter_game(&state, &req, game).await?;
        let result = parse_result(&format!("{}:{}", body.white.trim(), body.black.trim()))
            .or_else(|e| {
                if body.white.trim().is_empty() && body.black.trim().is_empty() {
                    Ok(GameResult::pending())
                } else {
                    Err(e)
                }
            })?
            .recorded_by(user.email.clone());
        let version = body.version;
        let actor = user.actor();
        let saved = with_db(&state, move |c| {
            match arbiter_db::record_result(c, game, version, &result, &actor) {
                Ok(row) => Ok(Ok(row)),
                Err(RecordError::Conflict { current }) => Ok(Err(WebError::Conflict {
                    current: serde_json::to_value(&*current)
                        .map_err(|e| WebError::Internal(e.to_string()))?,
                })),
                Err(RecordError::NotFound) => Ok(Err(WebError::NotFound(format!("game {game}")))),
                Err(e @ RecordError::Incoherent { .. }) => Ok(Err(bad("result", e.to_string()))),
                Err(RecordError::Database(e)) => Err(e.into()),
            }
        })
        .await??;
        Ok::<_, WebError>(
            HttpResponse::Ok()
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .json(saved),
        )
    };
    inner.await.map_err(WebError::api)
}

/// The export formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Export {
    Trf16,
    Trf2026,
    PlayersCsv,
}

/// `GET /tournaments/{id}/export/{format}` (`trf16`, `trf2026`, `players.csv`): a download for
/// the tournament's organizer and arbiters (the files carry birth dates and FIDE ids).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`] (also for an
/// unknown format).
pub async fn export(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, String)>,
) -> Result<HttpResponse, WebError> {
    let (id, format) = path.into_inner();
    let kind = match format.as_str() {
        "trf16" => Export::Trf16,
        "trf2026" => Export::Trf2026,
        "players.csv" => Export::PlayersCsv,
        other => return Err(WebError::NotFound(format!("export format `{other}`"))),
    };
    let user = require_user(&state, &session).await?;
    require_role(&state, &user, id, Role::Arbiter).await?;
    let stored = with_db(&state, move |c| Ok(arbiter_db::load_tournament(c, id)?))
        .await?
        .ok_or_else(|| WebError::NotFound(format!("tournament {id}")))?;
    let t = &stored.tournament;
    let (body, content_type, ext) = match kind {
        Export::Trf16 => (
            arbiter_tournament::write_trf(t, arbiter_tournament::TrfVersion::Trf16).into_bytes(),
            "text/plain; charset=utf-8",
            "trf",
        ),
        Export::Trf2026 => (
            arbiter_tournament::write_trf(t, arbiter_tournament::TrfVersion::Trf2026).into_bytes(),
            "text/plain; charset=utf-8",
            "trf",
        ),
        Export::PlayersCsv => {
            let mut out = Vec::new();
            arbiter_tournament::csv_io::export_players(&t.players, &mut out)
                .map_err(|e| WebError::Internal(e.to_string()))?;
            (out, "text/csv; charset=utf-8", "csv")
        }
    };
    let stem: String = t
        .name
        .as_deref()
        .unwrap_or("tournament")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let suffix = match kind {
        Export::Trf16 => "",
        Export::Trf2026 => "-trf2026",
        Export::PlayersCsv => "-players",
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"{}{suffix}.{ext}\"",
                stem.trim_matches('-')
            ),
        ))
        .body(body))
}
