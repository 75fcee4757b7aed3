//! The arbiter's board view and the default time (Art. 6.6, 6.7), over HTTP:
//!
//! - the round's scheduled start, set by the organizer on the round's pairing page
//!   (`POST /tournaments/{id}/rounds/{n}/schedule`, UTC, `YYYY-MM-DDTHH:MM`): the default time
//!   counts from it;
//! - the board view (`/tournaments/{id}/rounds/{n}/board`, arbiter role): per board, White and
//!   Black present or absent with their arrival and who recorded it (an arbiter, or the player
//!   himself on the check-in tablet of [`crate::kiosk`]), a check-in button per player, the deadline and
//!   the time left (the page reloads itself every 30 seconds with a `Refresh` header), the
//!   forfeits the scheduled job applied, and the arbiter's override (Art. 6.7 "unless the arbiter
//!   decides otherwise", reason required, audited);
//! - the edition of the Laws the tournament follows (`POST /tournaments/{id}/laws-edition`,
//!   organizer: `2001` or `later`; Art. 7.4(b), 9.5(b) and the mobile-phone rule differ);
//! - `POST /api/v1/games/{id}/check-in` (bearer token, arbiter role): `{"colour": "white"}`.
//!
//! The forfeits themselves are applied by the scheduled job of `arbiter serve`, which calls
//! [`arbiter_db::arbiter::apply_default_time_forfeits`] (exactly once across instances).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::arbiter::{
    ArbiterError, BoardStatus, Session as CheckInSession, laws_edition, laws_edition_text,
    parse_laws_edition,
};
use arbiter_tournament::arbiter::default_time::{DefaultTimeState, Forfeit, Override};
use arbiter_tournament::{Colour, Tournament};
use askama::Template;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::arbiter_words::{self as words, colour, default_time_msg};
use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{
    ApiStaff, Arbiter, Checked, Organizer, Staff, api_arbiter_game, csrf_field, game_of,
};
use crate::l10n::{L10n, Msg};
use crate::respond::{arbiter_error, bad, local_path, private, see_other_done};
use crate::state::{AppState, with_db};
use crate::views::{result_text, titled_name};
use crate::zone::Zone;

/// The time format of the schedule form (`datetime-local`): `YYYY-MM-DDTHH:MM`, seconds
/// optional, in the tournament's time zone (see [`Zone::to_utc`]).
///
/// # Errors
/// [`WebError::BadRequest`] naming `scheduled`.
pub fn parse_start(text: &str) -> Result<NaiveDateTime, WebError> {
    let t = text.trim();
    ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
        .ok_or_else(|| {
            bad(
                "scheduled",
                Msg::new("bad-date-time-example").ltr("value", t),
            )
        })
}

/// `h:mm:ss` for a number of seconds (never negative).
fn clock(seconds: i64) -> String {
    let s = seconds.max(0);
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// `White`, `Black` or `both players`, for a forfeit, in the reader's language.
fn forfeit_words(l: &L10n, f: Forfeit) -> String {
    match f {
        Forfeit::White => colour(l, Colour::White),
        Forfeit::Black => colour(l, Colour::Black),
        Forfeit::Both => l.t("arb-both-players"),
    }
}

fn colour_of(text: &str) -> Result<Colour, WebError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Colour::White),
        "black" | "b" => Ok(Colour::Black),
        other => Err(bad(
            "colour",
            Msg::new("bad-colour-value").ltr("value", other),
        )),
    }
}

/// The time zone of tournament `id` (UTC when unset).
///
/// # Errors
/// The database's error.
pub(crate) async fn tournament_zone(state: &AppState, id: Uuid) -> Result<Zone, WebError> {
    let name = with_db(state, move |c| Ok(arbiter_db::queries::time_zone(c, id)?)).await?;
    Ok(Zone::of(name.as_deref()))
}

// ---- the board view ----

/// One board as the page shows it.
struct BoardLine {
    game_id: String,
    board: i32,
    /// The board number in the reader's digits.
    board_no: String,
    /// The label of the override's reason field.
    reason_label: String,
    white: String,
    black: String,
    white_in: String,
    black_in: String,
    result: String,
    /// The default time's verdict in words.
    status: String,
    /// Time left until the deadline (`h:mm:ss`), while someone is missing and it has not passed.
    left: String,
    /// An override can be recorded (no override yet, the game not decided otherwise).
    can_override: bool,
    /// The stored decision in words (forfeit applied by whom, or the override's reason).
    decision: String,
    /// The players who lost this game by the default time and still play the next rounds:
    /// pairing number and the button's label, for the organizer's "withdraw" button (a forfeit
    /// without notice).
    withdrawable: Vec<(u16, String)>,
}

fn player_name(t: &Tournament, pn: i32, l: &L10n) -> String {
    u16::try_from(pn)
        .ok()
        .and_then(|pn| t.player(pn))
        .map_or_else(
            || l.int(pn),
            |p| format!("{} {}", l.int(pn), l.data(&titled_name(p))),
        )
}

/// A UTC instant in the tournament's zone in the reader's digits, left to right, without the
/// zone's name.
fn stamp_local(l: &L10n, zone: Zone, utc: NaiveDateTime, format: &str) -> String {
    words::time(l, &zone.show(utc, format))
}

fn board_line(
    t: &Tournament,
    b: &BoardStatus,
    scheduled: bool,
    zone: Zone,
    l: &L10n,
) -> Result<BoardLine, WebError> {
    let g = &b.game;
    // Who recorded each arrival: the player himself on the check-in tablet, or an arbiter.
    let arrival = |colour: &str, at: Option<NaiveDateTime>| {
        let by = b.arrivals.iter().find(|r| r.colour == colour);
        at.map(|a| {
            let time = words::time(l, &zone.show(a, "%H:%M:%S"));
            match by {
                Some(r) if r.by_tablet() => l.ta("arb-present-tablet", &[("time", time)]),
                Some(r) => l.ta(
                    "arb-present-by",
                    &[("time", time), ("actor", l.data(&r.by_actor))],
                ),
                None => l.ta("arb-present-since", &[("time", time)]),
            }
        })
        .unwrap_or_default()
    };
    let (status, left) = match (&b.decision, b.verdict.as_ref().map(|v| &v.state)) {
        (Some(d), _) if d.kind == "forfeit" => (
            l.ta(
                "arb-status-forfeit",
                &[(
                    "who",
                    forfeit_words(
                        l,
                        match d.forfeit.as_deref() {
                            Some("white") => Forfeit::White,
                            Some("black") => Forfeit::Black,
                            _ => Forfeit::Both,
                        },
                    ),
                )],
            ),
            String::new(),
        ),
        (Some(_), _) => (l.t("arb-status-overridden"), String::new()),
        (None, None) if !scheduled => (l.t("arb-status-unscheduled"), String::new()),
        (None, None) => (String::new(), String::new()),
        (None, Some(DefaultTimeState::BothPresent)) => {
            (l.t("arb-status-both-present"), String::new())
        }
        (
            None,
            Some(DefaultTimeState::Waiting {
                remaining_seconds, ..
            }),
        ) => (
            l.t("arb-status-waiting"),
            words::time(l, &clock(*remaining_seconds)),
        ),
        (None, Some(DefaultTimeState::Forfeited(f))) => (
            l.ta("arb-status-to-forfeit", &[("who", forfeit_words(l, *f))]),
            String::new(),
        ),
        (None, Some(DefaultTimeState::Overridden { suppressed, reason })) => (
            l.ta(
                "arb-status-suppressed",
                &[
                    ("who", forfeit_words(l, *suppressed)),
                    ("reason", l.data(reason)),
                ],
            ),
            String::new(),
        ),
    };
    let decision = match &b.decision {
        Some(d) if d.kind == "forfeit" => l.ta(
            "arb-decision-forfeit",
            &[
                (
                    "at",
                    stamp_local(l, zone, d.decided_at, "%Y-%m-%d %H:%M:%S"),
                ),
                ("actor", l.data(&d.by_actor)),
                (
                    "deadline",
                    words::time(l, &zone.show(d.deadline, "%H:%M:%S")),
                ),
            ],
        ),
        Some(d) => l.ta(
            "arb-decision-override",
            &[
                ("actor", l.data(&d.by_actor)),
                (
                    "at",
                    stamp_local(l, zone, d.decided_at, "%Y-%m-%d %H:%M:%S"),
                ),
                ("reason", l.data(d.reason.as_deref().unwrap_or_default())),
            ],
        ),
        None => String::new(),
    };
    let result = g.result()?;
    let pending = result_text(&result).is_empty();
    let forfeit_standing = b.decision.as_ref().is_some_and(|d| d.kind == "forfeit")
        && result.white.is_forfeit()
        && result.black.is_forfeit();
    let absent: &[i32] = match b.decision.as_ref().and_then(|d| d.forfeit.as_deref()) {
        Some("white") if forfeit_standing => &[g.white],
        Some("black") if forfeit_standing => &[g.black],
        Some("both") if forfeit_standing => &[g.white, g.black],
        _ => &[],
    };
    let withdrawable = absent
        .iter()
        .filter_map(|&pn| u16::try_from(pn).ok())
        .filter_map(|pn| t.player(pn))
        .filter(|p| p.status == arbiter_tournament::PlayerStatus::Active)
        .map(|p| {
            (
                p.pairing_number,
                l.ta("arb-withdraw", &[("name", l.data(&titled_name(p)))]),
            )
        })
        .collect();
    let board = g.board.unwrap_or(g.seq + 1);
    Ok(BoardLine {
        game_id: g.id.clone(),
        board,
        board_no: l.int(board),
        reason_label: l.ta("arb-reason-for-board", &[("n", l.int(board))]),
        white: player_name(t, g.white, l),
        black: player_name(t, g.black, l),
        white_in: arrival("w", b.check_ins.white),
        black_in: arrival("b", b.check_ins.black),
        result: words::result(l, &result_text(&result)),
        status,
        left,
        can_override: (b.decision.is_none() && pending) || forfeit_standing,
        decision,
        withdrawable,
    })
}

#[derive(Template)]
#[template(path = "arbiter_board.html")]
struct BoardPage {
    l: L10n,
    id: String,
    name: String,
    csrf: String,
    round: u16,
    /// "Round n boards, default time", the page's title.
    title: String,
    /// The page's heading.
    heading: String,
    /// The scheduled start, the default time and the deadline in a sentence (HTML); empty
    /// without a scheduled start.
    schedule: String,
    /// The edition of the Laws and what it changes, in a sentence.
    edition: String,
    edition_code: &'static str,
    /// The round is being played (published): only then does the scheduled job apply forfeits.
    playing: bool,
    boards: Vec<BoardLine>,
}

/// `GET /tournaments/{id}/rounds/{n}/board`: the arbiter's board view at this instant (Art. 6.7),
/// reloaded every 30 seconds (`Refresh` header). Never cached.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not an arbiter or organizer),
/// [`WebError::NotFound`] (no such tournament or round).
pub async fn board(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, u16)>,
    _staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let now = arbiter_db::audit::now();
    let (stored, boards, default, edition) = with_db(&state, move |c| {
        let stored =
            arbiter_db::load_tournament(c, id)?.ok_or_else(|| WebError::no_tournament(id))?;
        let boards = arbiter_db::arbiter::board_view(c, id, n, now)?;
        let default = arbiter_db::arbiter::tournament_default_time(c, id)?;
        let edition = laws_edition(c, id).map_err(arbiter_error)?;
        Ok((stored, boards, default, edition))
    })
    .await?;
    let t = &stored.tournament;
    let round = t.round(n).ok_or_else(|| WebError::no_round(n))?;
    let scheduled = round.scheduled;
    let zone = Zone::of_tournament(&stored);
    let l = L10n::negotiate(&req);
    let lines = boards
        .iter()
        .map(|b| board_line(t, b, scheduled.is_some(), zone, &l))
        .collect::<Result<Vec<_>, _>>()?;
    let shown = |at: NaiveDateTime, format: &str| {
        format!("{} {}", l.digits(&zone.show(at, format)), zone.name())
    };
    let schedule = scheduled
        .map(|s| {
            l.html(
                "arb-schedule",
                "strong",
                &["start", "deadline"],
                &[
                    ("start", &shown(s, "%Y-%m-%d %H:%M")),
                    ("minutes", &l.int(default.minutes)),
                    ("deadline", &shown(default.deadline(s), "%Y-%m-%d %H:%M:%S")),
                    ("now", &l.ltr(&shown(now, "%Y-%m-%d %H:%M:%S"))),
                ],
            )
        })
        .unwrap_or_default();
    let edition_code = laws_edition_text(edition);
    let page = BoardPage {
        title: l.ta("arb-title", &[("n", l.int(n))]),
        heading: l.ta("arb-heading", &[("n", l.int(n))]),
        schedule,
        edition: l.ta(
            if edition_code == "2001" {
                "arb-laws-follows-2001"
            } else {
                "arb-laws-follows-later"
            },
            &[("edition", words::edition(&l, edition))],
        ),
        edition_code,
        id: id.to_string(),
        name: t.name.clone().unwrap_or_default(),
        csrf: csrf_token(&session)?,
        round: n,
        playing: round.state == arbiter_tournament::RoundState::Published,
        boards: lines,
        l,
    };
    let mut resp = private(&page, StatusCode::OK)?;
    resp.headers_mut().insert(
        actix_web::http::header::HeaderName::from_static("refresh"),
        actix_web::http::header::HeaderValue::from_static("30"),
    );
    Ok(resp)
}

// ---- forms ----

/// The schedule form.
#[derive(Debug, Deserialize)]
pub struct ScheduleForm {
    /// The scheduled start, UTC, `YYYY-MM-DDTHH:MM`; empty: no scheduled start.
    #[serde(default)]
    pub scheduled: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/rounds/{n}/schedule` (organizer): sets or clears the round's scheduled
/// start (Art. 6.7: the default time counts from it); audited.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming
/// `scheduled`, [`WebError::NotFound`] for an unknown round.
pub async fn schedule(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, u16)>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<ScheduleForm>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let zone = tournament_zone(&state, id).await?;
    let at = if form.scheduled.trim().is_empty() {
        None
    } else {
        Some(zone.to_utc("scheduled", parse_start(&form.scheduled)?)?)
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        arbiter_db::arbiter::set_round_schedule(c, id, n, at, &actor).map_err(arbiter_error)
    })
    .await?;
    let round = format!("/tournaments/{id}/rounds/{n}/pairing");
    Ok(see_other_done(&round, Done::Scheduled(u32::from(n))))
}

/// The Laws-edition form.
#[derive(Debug, Deserialize)]
pub struct EditionForm {
    /// `2001` or `later`.
    #[serde(default)]
    pub edition: String,
    /// Where to go back to (a path of this tournament), optional.
    #[serde(default)]
    pub back: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/laws-edition` (organizer): the edition of the Laws the tournament
/// follows (`2001` or `later`: Art. 7.4(b), 9.5(b) and the mobile-phone rule differ); audited.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming `edition`.
pub async fn set_edition(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<EditionForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let edition =
        parse_laws_edition(&form.edition).ok_or_else(|| bad("edition", Msg::new("bad-edition")))?;
    let actor = user.actor();
    with_db(&state, move |c| {
        arbiter_db::arbiter::set_laws_edition(c, id, edition, &actor).map_err(arbiter_error)
    })
    .await?;
    let (prefix, manage) = (
        format!("/tournaments/{id}/"),
        format!("/tournaments/{id}/manage"),
    );
    let back = local_path(&form.back).filter(|b| b.starts_with(&prefix));
    Ok(see_other_done(back.unwrap_or(&manage), Done::Edition))
}

/// The check-in form.
#[derive(Debug, Deserialize)]
pub struct CheckInForm {
    /// `white` or `black`.
    #[serde(default)]
    pub colour: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/games/{game}/check-in` (arbiter): the player of `colour` is at the
/// board now (Art. 6.7); audited. A player already checked in stays at his first arrival.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming
/// `colour`, [`WebError::NotFound`].
pub async fn check_in(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, Uuid)>,
    Staff { user, .. }: Staff<Arbiter>,
    Checked(form): Checked<CheckInForm>,
) -> Result<HttpResponse, WebError> {
    let (id, gid) = path.into_inner();
    let colour = colour_of(&form.colour)?;
    let g = game_of(&state, id, gid).await?;
    let actor = user.actor();
    let done = with_db(&state, move |c| {
        Ok(arbiter_db::arbiter::record_check_in(
            c,
            gid,
            colour,
            CheckInSession::Start,
            arbiter_db::audit::now(),
            &actor,
        ))
    })
    .await?;
    match done {
        Ok(_) | Err(ArbiterError::AlreadyCheckedIn(_)) => {}
        Err(e) => return Err(arbiter_error(e)),
    }
    Ok(to_board(id, &g, Done::CheckedIn))
}

/// The board view at game `g`'s board, saying what was `done`.
fn to_board(id: Uuid, g: &arbiter_db::models::GameRow, done: Done) -> HttpResponse {
    let (round, board) = (g.round, g.board.unwrap_or(g.seq + 1));
    let to = format!("/tournaments/{id}/rounds/{round}/board#board-{board}");
    see_other_done(&to, done)
}

/// The override form.
#[derive(Debug, Deserialize)]
pub struct OverrideForm {
    /// The arbiter's reason (required).
    #[serde(default)]
    pub reason: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/games/{game}/override` (arbiter): the arbiter decides otherwise
/// (Art. 6.7): the default time does not apply to this game; a forfeit it applied is taken back.
/// The reason is required and audited.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] (no reason,
/// already decided), [`WebError::NotFound`].
pub async fn override_default_time(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, Uuid)>,
    Staff { user, .. }: Staff<Arbiter>,
    Checked(form): Checked<OverrideForm>,
) -> Result<HttpResponse, WebError> {
    let (id, gid) = path.into_inner();
    let decision = Override::new(form.reason.trim(), Some(user.email.clone()))
        .map_err(|e| bad("reason", default_time_msg(&e)))?;
    let g = game_of(&state, id, gid).await?;
    let actor = user.actor();
    with_db(&state, move |c| {
        arbiter_db::arbiter::override_default_time(c, gid, &decision, &actor).map_err(arbiter_error)
    })
    .await?;
    Ok(to_board(id, &g, Done::DefaultTime))
}

// ---- API ----

/// One board in `GET /api/v1/tournaments/{id}/rounds/{n}/board`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BoardJson {
    /// The game's id.
    pub game: String,
    /// The board number.
    pub board: i32,
    /// White's pairing number.
    pub white: i32,
    /// Black's pairing number.
    pub black: i32,
    /// White's arrival (UTC), if checked in.
    #[schema(value_type = Option<String>, example = "2026-12-01T14:31:05")]
    pub white_checked_in: Option<NaiveDateTime>,
    /// Black's arrival (UTC), if checked in.
    #[schema(value_type = Option<String>, example = "2026-12-01T14:31:05")]
    pub black_checked_in: Option<NaiveDateTime>,
    /// The deadline (scheduled start + default time, UTC), when the round has a start.
    #[schema(value_type = Option<String>, example = "2026-12-01T15:30:00")]
    pub deadline: Option<NaiveDateTime>,
    /// `forfeited` (applied) or `overridden` (the arbiter decided otherwise) once decided, else
    /// `both_present`, `waiting`, or `unscheduled` (no scheduled start).
    pub state: &'static str,
    /// Seconds left until the deadline while waiting.
    pub remaining_seconds: Option<i64>,
    /// The stored decision: `forfeit` or `override`.
    pub decision: Option<String>,
    /// The result as printed (`1–0`, `+–−`...), empty while pending.
    pub result: String,
    /// The game's version (for result entry).
    pub version: i32,
}

/// `GET /api/v1/tournaments/{id}/rounds/{n}/board` (bearer token, arbiter role): the board view
/// as JSON at this instant (Art. 6.7).
///
/// # Errors
/// Problem JSON: 401, 403, 404 (no such tournament, or a round it does not have).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds/{n}/board",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("n" = u16, Path, description = "Round number")),
    responses((status = 200, description = "The arbiter's board: each game's check-in and default-time state", body = [BoardJson])),
    security(("bearer" = []))
)]
pub async fn api_board(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
    ApiStaff { user: _, .. }: ApiStaff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let run = async {
        let now = arbiter_db::audit::now();
        let boards = with_db(&state, move |c| {
            let stored =
                arbiter_db::load_tournament(c, id)?.ok_or_else(|| WebError::no_tournament(id))?;
            // As the page: a round the event does not have is not found (round 0 included).
            if stored.tournament.round(n).is_none() {
                return Err(WebError::no_round(n));
            }
            Ok(arbiter_db::arbiter::board_view(c, id, n, now)?)
        })
        .await?;
        let out = boards
            .iter()
            .map(|b| {
                let decided = b.decision.as_ref().map(|d| d.kind.as_str());
                let (state, remaining) = match b.verdict.as_ref().map(|v| &v.state) {
                    _ if decided == Some("forfeit") => ("forfeited", None),
                    _ if decided == Some("override") => ("overridden", None),
                    None => ("unscheduled", None),
                    Some(DefaultTimeState::BothPresent) => ("both_present", None),
                    Some(DefaultTimeState::Waiting {
                        remaining_seconds, ..
                    }) => ("waiting", Some(*remaining_seconds)),
                    Some(DefaultTimeState::Forfeited(_)) => ("forfeited", None),
                    Some(DefaultTimeState::Overridden { .. }) => ("overridden", None),
                };
                Ok(BoardJson {
                    game: b.game.id.clone(),
                    board: b.game.board.unwrap_or(b.game.seq + 1),
                    white: b.game.white,
                    black: b.game.black,
                    white_checked_in: b.check_ins.white,
                    black_checked_in: b.check_ins.black,
                    deadline: b.verdict.as_ref().map(|v| v.deadline),
                    state,
                    remaining_seconds: remaining,
                    decision: b.decision.as_ref().map(|d| d.kind.clone()),
                    result: result_text(&b.game.result()?),
                    version: b.game.version,
                })
            })
            .collect::<Result<Vec<_>, WebError>>()?;
        Ok::<_, WebError>(
            HttpResponse::Ok()
                .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
                .json(out),
        )
    };
    run.await.map_err(WebError::api)
}

/// The body of `POST /api/v1/games/{id}/check-in`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInBody {
    /// `white` or `black`.
    #[schema(pattern = "^(white|black)$")]
    pub colour: String,
}

/// `POST /api/v1/games/{id}/check-in` (bearer token, arbiter role): `{"colour": "white"}`
/// records the player's arrival now (Art. 6.7); `201` with the check-in, or `409` with the first
/// one when the player was already checked in.
///
/// # Errors
/// Problem JSON: 400 naming `colour`, 401, 403, 404, 409.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/check-in",
    tag = "games",
    params(("id" = Uuid, Path, description = "The game's id")),
    request_body = CheckInBody,
    responses((status = 201, description = "Checked in", body = serde_json::Value)),
    security(("bearer" = []))
)]
pub async fn api_check_in(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, WebError> {
    let gid = path.into_inner();
    let run = async {
        let (user, _) = api_arbiter_game(&state, &req, gid).await?;
        let b: CheckInBody =
            crate::json_body::from_value(&body).map_err(|(_, e)| bad("colour", e.to_string()))?;
        let colour = colour_of(&b.colour)?;
        let actor = user.actor();
        let row = with_db(&state, move |c| {
            arbiter_db::arbiter::record_check_in(
                c,
                gid,
                colour,
                CheckInSession::Start,
                arbiter_db::audit::now(),
                &actor,
            )
            .map_err(arbiter_error)
        })
        .await?;
        Ok::<_, WebError>(HttpResponse::Created().json(row))
    };
    run.await.map_err(WebError::api)
}

/// The body of `POST /api/v1/games/{id}/override`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OverrideBody {
    /// Why the default time does not apply (required, kept with the decision and audited).
    #[schema(pattern = r"\S")]
    pub reason: String,
}

/// `POST /api/v1/games/{id}/override` (bearer token, arbiter role): `{"reason": "..."}`: the
/// arbiter decides otherwise (Art. 6.7 "unless the arbiter decides otherwise"): before the
/// deadline it prevents the forfeit, after a forfeit the default time applied (still standing)
/// it takes it back. `200` with the decision stored (`kind` `override`).
///
/// # Errors
/// Problem JSON: 401, 403, 404 (unknown game), 400 naming `reason` when it is empty, 400 naming
/// `game` when it is decided otherwise already (an override exists, or the forfeit was replaced
/// by another result).
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/override",
    tag = "games",
    params(("id" = Uuid, Path, description = "The game's id")),
    request_body = OverrideBody,
    responses((status = 200, description = "The arbiter's decision, recorded", body = serde_json::Value)),
    security(("bearer" = []))
)]
pub async fn api_override(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, WebError> {
    let gid = path.into_inner();
    let run = async {
        let (user, _) = api_arbiter_game(&state, &req, gid).await?;
        let b: OverrideBody =
            crate::json_body::from_value(&body).map_err(|(_, e)| bad("reason", e.to_string()))?;
        let decision = Override::new(b.reason.trim(), Some(user.email.clone()))
            .map_err(|e| bad("reason", default_time_msg(&e)))?;
        let actor = user.actor();
        let row = with_db(&state, move |c| {
            arbiter_db::arbiter::override_default_time(c, gid, &decision, &actor)
                .map_err(arbiter_error)
        })
        .await?;
        Ok::<_, WebError>(HttpResponse::Ok().json(row))
    };
    run.await.map_err(WebError::api)
}

csrf_field!(ScheduleForm, EditionForm, CheckInForm, OverrideForm);
