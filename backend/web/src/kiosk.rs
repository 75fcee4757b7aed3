//! Players' self check-in on a tablet at the venue (Art. 6.6, 6.7; issue #6), when the organizer
//! allows it:
//!
//! - `POST /tournaments/{id}/self-check-in` (organizer): `action` = `allow`, `disallow` or
//!   `new-link`; allowing gives the tournament a secret tablet link `/check-in/{token}`, a new
//!   link replaces it (the old one is then unknown); audited. The manage page shows the form and
//!   the link;
//! - `GET /check-in/{token}` (no sign-in: the tablet is not signed in, so nobody at it reaches an
//!   organizer's or arbiter's page): the tournament's name, the round being played
//!   ([`arbiter_tournament::Tournament::round_in_play`]), its scheduled start and the default-time
//!   deadline (Art. 6.7), and per board the two players, each "present since HH:MM" or a button
//!   "I am here". Nothing else (no results, no penalties). It reloads itself every 30 seconds;
//!   an unknown or revoked link is `404`;
//! - `POST /check-in/{token}` (the session's CSRF token, `game`, `colour`): records the player's
//!   arrival through [`arbiter_db::arbiter::record_self_check_in`], which refuses a game outside
//!   the round being played, a decided game, a second check-in (the first arrival counts) and
//!   any check-in after the deadline (Art. 6.7: then only the arbiter decides). The refusal is
//!   shown on the page; success goes back to it with "Checked in: NAME at HH:MM".
//!
//! The board view and the audit log name such check-ins `self check-in (tablet): player N`.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::SelfCheckInChange;
use arbiter_db::arbiter::{ArbiterError, BoardStatus, record_self_check_in};
use arbiter_tournament::arbiter::default_time::SelfCheckInError;
use arbiter_tournament::{Colour, Tournament};
use askama::Template;
use chrono::NaiveDateTime;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::{check_csrf, csrf_token};
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Checked, Organizer, Staff, csrf_field};
use crate::l10n::L10n;
use crate::respond::{arbiter_error, bad, private, see_other, see_other_done};
use crate::state::{AppState, with_db};
use crate::views::titled_name;
use crate::zone::Zone;

/// The session key of the tablet's status line after a check-in (shown once).
const FLASH_KEY: &str = "check_in_flash";

// ---- the organizer's setting ----

/// The self check-in form of the manage page.
#[derive(Debug, Deserialize)]
pub struct SelfCheckInForm {
    /// `allow`, `disallow` or `new-link`.
    #[serde(default)]
    pub action: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/self-check-in` (organizer): allows or disallows players' self
/// check-in on a tablet (Art. 6.6, 6.7), or issues a new tablet link (the old one stops working
/// at once); audited. Back to the manage page, which shows the link.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF, not the organizer),
/// [`WebError::BadRequest`] naming `action`, [`WebError::NotFound`].
pub async fn set_self_check_in(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<SelfCheckInForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let change = match form.action.trim() {
        "allow" => SelfCheckInChange::Allow,
        "disallow" => SelfCheckInChange::Disallow,
        "new-link" => SelfCheckInChange::NewLink,
        other => {
            return Err(bad(
                "action",
                format!("`{other}`: allow, disallow or new-link"),
            ));
        }
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::set_self_check_in(c, id, change, &actor)?)
    })
    .await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage#self-check-in"),
        Done::SelfCheckIn,
    ))
}

// ---- the tablet ----

/// One player on the tablet.
struct TabletPlayer {
    name: String,
    /// `white` or `black` (the form's value).
    colour: &'static str,
    /// `White` or `Black`, in the reader's language.
    colour_word: String,
    /// "present since HH:MM" (the tournament's time zone) once checked in, else empty.
    present_since: String,
    /// The check-in button's text.
    button: String,
}

/// One board on the tablet.
struct TabletBoard {
    game_id: String,
    board: i32,
    label: String,
    /// White, then Black.
    players: [TabletPlayer; 2],
    /// A button may be offered (the game is not decided and the deadline has not passed).
    open: bool,
}

#[derive(Template)]
#[template(path = "check_in.html")]
struct TabletPage {
    l: L10n,
    heading: String,
    /// The scheduled start and the deadline, as HTML (times in `<strong>`).
    schedule: String,
    deadline_passed_text: String,
    times: String,
    token: String,
    name: String,
    csrf: String,
    /// The round being played; 0 between rounds.
    round: u16,
    scheduled: String,
    deadline_passed: bool,
    boards: Vec<TabletBoard>,
    /// The status line after a check-in.
    message: String,
    /// Why the last check-in was refused.
    error: String,
}

fn player_name(t: &Tournament, pn: i32) -> String {
    u16::try_from(pn)
        .ok()
        .and_then(|pn| t.player(pn))
        .map_or_else(|| format!("player {pn}"), titled_name)
}

/// `White` or `Black` in the reader's language.
fn colour_word(colour: Colour, l: &L10n) -> String {
    l.t(match colour {
        Colour::White => "colour-white",
        Colour::Black => "colour-black",
    })
}

fn tablet_player(
    t: &Tournament,
    g: (i32, i32),
    colour: Colour,
    at: Option<NaiveDateTime>,
    zone: Zone,
    l: &L10n,
) -> TabletPlayer {
    let (pn, board) = g;
    let name = player_name(t, pn);
    let word = colour_word(colour, l);
    TabletPlayer {
        colour: match colour {
            Colour::White => "white",
            Colour::Black => "black",
        },
        present_since: at
            .map(|a| {
                l.ta(
                    "checkin-present-since",
                    &[("time", l.ltr(&l.digits(&zone.show(a, "%H:%M"))))],
                )
            })
            .unwrap_or_default(),
        button: l.ta(
            "checkin-button",
            &[
                ("name", l.data(&name)),
                ("board", l.int(board)),
                ("colour", word.clone()),
            ],
        ),
        colour_word: word,
        name,
    }
}

/// The tournament of a tablet link, or `404` (unknown, revoked or replaced link).
async fn link_tournament(state: &AppState, token: String) -> Result<Uuid, WebError> {
    with_db(state, move |c| {
        Ok(arbiter_db::arbiter::tournament_for_check_in_link(
            c, &token,
        )?)
    })
    .await?
    .ok_or_else(|| WebError::missing("check-in link"))
}

/// The tablet page at `now`, with a status line or a refusal, answered with `status`.
#[expect(
    clippy::too_many_arguments,
    reason = "the page's parts, each from a different step of the handler"
)]
async fn tablet_page(
    state: &AppState,
    session: &Session,
    l: L10n,
    token: String,
    id: Uuid,
    message: String,
    error: String,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let now = arbiter_db::audit::now();
    let (stored, boards, default) = with_db(state, move |c| {
        let stored = arbiter_db::load_tournament(c, id)?
            .ok_or_else(|| WebError::missing("check-in link"))?;
        let boards = match stored.tournament.round_in_play() {
            Some(r) => arbiter_db::arbiter::board_view(c, id, r.number, now)?,
            None => Vec::new(),
        };
        let default = arbiter_db::arbiter::tournament_default_time(c, id)?;
        Ok((stored, boards, default))
    })
    .await?;
    let t = &stored.tournament;
    let zone = Zone::of_tournament(&stored);
    let round = t.round_in_play();
    let scheduled = round.and_then(|r| r.scheduled);
    let deadline = scheduled.map(|s| default.deadline(s));
    let deadline_passed = deadline.is_some_and(|d| now > d);
    let board = |b: &BoardStatus| -> Result<TabletBoard, WebError> {
        let g = &b.game;
        let decided = b.decision.is_some() || !g.white_code.is_empty() || !g.black_code.is_empty();
        let number = g.board.unwrap_or(g.seq + 1);
        Ok(TabletBoard {
            game_id: g.id.clone(),
            board: number,
            label: l.ta("checkin-board", &[("n", l.int(number))]),
            players: [
                tablet_player(
                    t,
                    (g.white, number),
                    Colour::White,
                    b.check_ins.white,
                    zone,
                    &l,
                ),
                tablet_player(
                    t,
                    (g.black, number),
                    Colour::Black,
                    b.check_ins.black,
                    zone,
                    &l,
                ),
            ],
            open: !decided && !deadline_passed,
        })
    };
    let shown = |at: NaiveDateTime, format: &str| l.digits(&zone.show(at, format));
    let schedule = match (scheduled, deadline) {
        (Some(s), Some(d)) => l.html(
            "checkin-schedule",
            "strong",
            &["start", "deadline"],
            &[
                ("start", &shown(s, "%Y-%m-%d %H:%M")),
                ("deadline", &shown(d, "%H:%M:%S")),
                ("article", &l.digits("6.7")),
            ],
        ),
        _ => String::new(),
    };
    let page = TabletPage {
        heading: l.ta(
            "checkin-heading",
            &[
                ("n", l.int(round.map_or(0, |r| r.number))),
                (
                    "articles",
                    format!(
                        "{}{}{}",
                        l.digits("6.6"),
                        l.t("list-separator"),
                        l.digits("6.7")
                    ),
                ),
            ],
        ),
        schedule,
        deadline_passed_text: l.ta("checkin-deadline-passed", &[("article", l.digits("6.7"))]),
        times: l.ta("checkin-times", &[("zone", l.ltr(zone.name()))]),
        token,
        name: t.name.clone().unwrap_or_default(),
        csrf: csrf_token(session)?,
        round: round.map_or(0, |r| r.number),
        scheduled: scheduled
            .map(|s| zone.show(s, "%Y-%m-%d %H:%M"))
            .unwrap_or_default(),
        deadline_passed,
        boards: boards.iter().map(board).collect::<Result<_, _>>()?,
        message,
        error,
        l,
    };
    let mut resp = private(&page, status)?;
    resp.headers_mut().insert(
        HeaderName::from_static("refresh"),
        HeaderValue::from_static("30"),
    );
    Ok(resp)
}

/// `GET /check-in/{token}`: the check-in tablet (Art. 6.6, 6.7), no sign-in needed; reloads
/// every 30 seconds (`Refresh` header), never cached.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown or revoked link; [`WebError::Database`].
pub async fn tablet(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let id = link_tournament(&state, token.clone()).await?;
    let message = session
        .remove_as::<String>(FLASH_KEY)
        .and_then(Result::ok)
        .unwrap_or_default();
    tablet_page(
        &state,
        &session,
        L10n::negotiate(&req),
        token,
        id,
        message,
        String::new(),
        StatusCode::OK,
    )
    .await
}

/// The tablet's check-in form.
#[derive(Debug, Deserialize)]
pub struct TabletForm {
    /// The game's id.
    #[serde(default)]
    pub game: String,
    /// `white` or `black`.
    #[serde(default)]
    pub colour: String,
    /// The session's CSRF token (the tablet's anonymous session).
    #[serde(default)]
    pub csrf: String,
}

/// `POST /check-in/{token}`: a player checks himself in (Art. 6.6, 6.7). On success back to the
/// tablet page (`303`) with "Checked in: NAME at HH:MM"; a refusal shows the page with the
/// reason: `403` for an expired form (CSRF) or after the deadline (only the arbiter decides,
/// Art. 6.7), `409` for a player already checked in ("already checked in at HH:MM") or a decided
/// game, `400` for a game not in the round being played. Nothing is written when refused.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown or revoked link; [`WebError::Database`].
pub async fn tablet_check_in(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<String>,
    form: web::Form<TabletForm>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let id = link_tournament(&state, token.clone()).await?;
    let l = L10n::negotiate(&req);
    let refuse = async |error: String, status: StatusCode| {
        tablet_page(
            &state,
            &session,
            L10n::negotiate(&req),
            token.clone(),
            id,
            String::new(),
            error,
            status,
        )
        .await
    };
    if check_csrf(&session, &form.csrf).is_err() {
        return refuse(l.t("form-expired"), StatusCode::FORBIDDEN).await;
    }
    let colour = match form.colour.trim() {
        "white" => Colour::White,
        "black" => Colour::Black,
        _ => {
            return refuse(l.t("checkin-choose-colour"), StatusCode::BAD_REQUEST).await;
        }
    };
    let Ok(gid) = Uuid::parse_str(form.game.trim()) else {
        return refuse(l.t("checkin-not-in-round"), StatusCode::BAD_REQUEST).await;
    };
    let link = token.clone();
    let (done, names, zone) = with_db(&state, move |c| {
        let done = record_self_check_in(c, &link, gid, colour, arbiter_db::audit::now());
        let stored = arbiter_db::load_tournament(c, id)?;
        let zone = stored.as_ref().map(Zone::of_tournament).unwrap_or_default();
        Ok((done, stored.map(|s| s.tournament), zone))
    })
    .await?;
    let name = |pn: i32| {
        names
            .as_ref()
            .map_or_else(|| format!("player {pn}"), |t| player_name(t, pn))
    };
    match done {
        Ok(row) => {
            let message = l.ta(
                "checkin-done",
                &[
                    ("name", l.data(&name(row.player))),
                    ("time", l.ltr(&l.digits(&zone.show(row.at, "%H:%M")))),
                ],
            );
            session
                .insert(FLASH_KEY, &message)
                .map_err(|e| WebError::Internal(e.to_string()))?;
            Ok(see_other(&format!("/check-in/{token}")))
        }
        Err(ArbiterError::NotFound("check-in link")) => Err(WebError::missing("check-in link")),
        Err(ArbiterError::AlreadyCheckedIn(first)) => {
            refuse(
                l.ta(
                    "checkin-already",
                    &[
                        ("name", l.data(&name(first.player))),
                        ("time", l.ltr(&l.digits(&zone.show(first.at, "%H:%M")))),
                    ],
                ),
                StatusCode::CONFLICT,
            )
            .await
        }
        Err(ArbiterError::SelfCheckIn(e)) => {
            let (status, text) = match e {
                SelfCheckInError::NotInRound => {
                    (StatusCode::BAD_REQUEST, l.t("checkin-not-in-round"))
                }
                SelfCheckInError::Decided => (StatusCode::CONFLICT, l.t("checkin-decided")),
                SelfCheckInError::DeadlinePassed { deadline } => (
                    StatusCode::FORBIDDEN,
                    l.ta(
                        "checkin-too-late",
                        &[
                            (
                                "time",
                                l.ltr(&l.digits(&deadline.format("%H:%M:%S").to_string())),
                            ),
                            ("article", l.digits("6.7")),
                        ],
                    ),
                ),
            };
            refuse(text, status).await
        }
        Err(e) => Err(arbiter_error(e)),
    }
}

csrf_field!(SelfCheckInForm);
