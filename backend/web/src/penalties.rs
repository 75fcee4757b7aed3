//! Incidents and penalties of a game, over HTTP (arbiter role):
//!
//! - the incidents page (`/tournaments/{id}/games/{game}/incidents`): the game's incidents with
//!   their articles, and a form per kind: Art. 13.4(a) warning, (b) time added to the opponent,
//!   (c) time removed from the offender, (d) game declared lost, (e) points reduced, (f) the
//!   opponent's points raised to the maximum, (g) expulsion; 12.7 (loss, the opponent's score set
//!   by the arbiter); 12.8 (lost by both); an illegal move (7.4: two minutes to the opponent, the
//!   loss at the third (2001 Laws) or second (later Laws), a draw when the opponent cannot
//!   checkmate from the position given as FEN or moves); a mobile phone (later Laws: loss); an
//!   incorrect draw claim (9.5(b): the clocks entered, the new times shown);
//! - `POST /tournaments/{id}/games/{game}/incidents` (form) and `POST /api/v1/games/{id}/incidents`
//!   (bearer token, JSON): record one. A change of result is guarded by the game's version as
//!   the arbiter read it (`409` with the game as it stands otherwise) and goes to the
//!   standings, the crosstable and the TRF export with its penalty kind; every incident is
//!   audited in its transaction (`arbiter_db::arbiter::record_incident` and siblings).

use arbiter_tournament::typed::parse_typed;
use std::time::Duration;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::arbiter::{
    IncidentRow, game_incidents, laws_edition, laws_edition_text, record_illegal_move,
    record_incident, record_incorrect_claim,
};
use arbiter_db::models::GameRow;
use arbiter_tournament::arbiter::penalty::{IllegalMoveVerdict, Incident, Sanction};
use arbiter_tournament::arbiter::{Position, position_after_moves};
use arbiter_tournament::{Colour, ResultCode, Tournament};
use askama::Template;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::arbiter_words::{self as words, colour, moves_msg, penalty_msg};
use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{
    Arbiter, Checked, Staff, api_arbiter_game, csrf_field, game_of, tournament_of,
};
use crate::l10n::{L10n, Msg};
use crate::respond::{arbiter_error, bad, private, see_other_done};
use crate::state::{AppState, with_db};
use crate::views::{result_text, titled_name};

/// One incident as the form (or the API) gives it: every field text, read by [`Action::read`].
#[derive(Clone, Debug, Default, Deserialize)]
pub struct IncidentForm {
    /// A sanction's name (`warning`, `time_added`, `time_removed`, `game_lost`,
    /// `points_reduced`, `opponent_raised`, `expulsion`, `persistent_refusal`, `lost_by_both`,
    /// `mobile_phone`), `illegal_move` or `incorrect_claim`.
    #[serde(default)]
    pub kind: String,
    /// `white` or `black`: the offender (the claimant for 9.5(b); either for 12.8).
    #[serde(default)]
    pub offender: String,
    /// The arbiter's reason (required for the sanctions of 13.4, 12.7, 12.8 and the phone).
    #[serde(default)]
    pub reason: String,
    /// The game's version as the page showed it.
    #[serde(default)]
    pub version: String,
    /// Minutes, for 13.4(b) and (c).
    #[serde(default)]
    pub minutes: String,
    /// 13.4(e): the offender's new result code (TRF: `0`, `=`, `-`, `L`, `D`).
    #[serde(default)]
    pub code: String,
    /// 12.7 and the phone: the opponent's score as the arbiter decides it (`1`, `=`, `0`).
    #[serde(default)]
    pub opponent: String,
    /// 7.4: the position before the illegal move as FEN (optional).
    #[serde(default)]
    pub fen: String,
    /// 7.4: the moves so far (from the FEN, or from the initial position), optional.
    #[serde(default)]
    pub moves: String,
    /// 9.5(b): White's remaining time on the clock when the claim was made (`m:ss` or `h:mm:ss`).
    #[serde(default)]
    pub white_clock: String,
    /// 9.5(b): Black's remaining time.
    #[serde(default)]
    pub black_clock: String,
    /// The session's CSRF token (forms only).
    #[serde(default)]
    pub csrf: String,
}

/// What an incident form asks for.
#[derive(Clone, Debug)]
pub enum Action {
    /// A sanction of 13.4, 12.7, 12.8 or the mobile-phone rule.
    Sanction(Incident),
    /// An illegal move (7.4) by `offender`, with the position to judge 7.4(b)'s draw exception.
    IllegalMove {
        /// The offender.
        offender: Colour,
        /// The position before the illegal move.
        position: Box<Position>,
        /// The arbiter's note.
        reason: String,
    },
    /// An incorrect draw claim (9.5(b)) with the clock times when it was made.
    IncorrectClaim {
        /// The claimant.
        claimant: Colour,
        /// White's remaining time.
        white: Duration,
        /// Black's remaining time.
        black: Duration,
        /// The arbiter's note.
        reason: String,
    },
}

fn colour_field(field: &str, text: &str) -> Result<Colour, WebError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Colour::White),
        "black" | "b" => Ok(Colour::Black),
        other => Err(bad(field, Msg::new("bad-colour-value").ltr("value", other))),
    }
}

fn code_field(field: &str, text: &str) -> Result<ResultCode, WebError> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => ResultCode::from_trf_char(c)
            .filter(|c| *c != ResultCode::Blank)
            .ok_or_else(|| bad(field, Msg::new("inc-bad-code").ltr("value", c.to_string()))),
        _ => Err(bad(field, Msg::new("inc-one-code"))),
    }
}

/// A clock reading: `m:ss`, `h:mm:ss`, or whole minutes.
///
/// # Errors
/// [`WebError::BadRequest`] naming `field`.
pub fn parse_clock(field: &str, text: &str) -> Result<Duration, WebError> {
    let t = text.trim();
    let err = || bad(field, Msg::new("inc-bad-clock").ltr("value", t));
    let parts: Vec<u64> = t
        .split(':')
        .map(|p| parse_typed::<u64>(p).ok_or_else(err))
        .collect::<Result<_, _>>()?;
    let secs = match parts.as_slice() {
        [m] => m.checked_mul(60),
        [m, s] if *s < 60 => m.checked_mul(60).and_then(|m| m.checked_add(*s)),
        [h, m, s] if *m < 60 && *s < 60 => {
            h.checked_mul(3600).and_then(|h| h.checked_add(m * 60 + s))
        }
        _ => None,
    }
    .ok_or_else(err)?;
    Ok(Duration::from_secs(secs))
}

fn minutes_field(text: &str) -> Result<u32, WebError> {
    let m: u32 = parse_typed(text).ok_or_else(|| bad("minutes", Msg::new("inc-bad-minutes")))?;
    if m == 0 || m > 600 {
        return Err(bad("minutes", Msg::new("inc-minutes-range")));
    }
    Ok(m * 60)
}

/// The position of 7.4: FEN, moves from the FEN, moves from the initial position, or (neither
/// given) the initial position, in which either side can still checkmate.
fn position_of(fen: &str, moves: &str) -> Result<Position, WebError> {
    let fen = fen.trim();
    let moves = moves.trim();
    match (fen.is_empty(), moves.is_empty()) {
        (true, true) => Ok(Position::default()),
        (false, true) => Position::from_fen(fen).map_err(|e| {
            bad(
                "fen",
                Msg::new("inc-bad-fen")
                    .ltr("fen", fen)
                    .data("why", e.to_string()),
            )
        }),
        (_, false) => position_after_moves((!fen.is_empty()).then_some(fen), moves)
            .map_err(|e| bad("moves", moves_msg(&e))),
    }
}

impl Action {
    /// Reads a form.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the first bad field.
    pub fn read(f: &IncidentForm) -> Result<Action, WebError> {
        let offender = colour_field("offender", &f.offender)?;
        let reason = f.reason.trim().to_owned();
        let sanction = match f.kind.trim() {
            "illegal_move" => {
                return Ok(Action::IllegalMove {
                    offender,
                    position: Box::new(position_of(&f.fen, &f.moves)?),
                    reason,
                });
            }
            "incorrect_claim" => {
                return Ok(Action::IncorrectClaim {
                    claimant: offender,
                    white: parse_clock("white_clock", &f.white_clock)?,
                    black: parse_clock("black_clock", &f.black_clock)?,
                    reason,
                });
            }
            "time_added" | "time_removed" => {
                Sanction::from_parts(f.kind.trim(), Some(minutes_field(&f.minutes)?), None)
            }
            "points_reduced" => {
                Sanction::from_parts("points_reduced", None, Some(code_field("code", &f.code)?))
            }
            "persistent_refusal" | "mobile_phone" => Sanction::from_parts(
                f.kind.trim(),
                None,
                Some(code_field("opponent", &f.opponent)?),
            ),
            other => Sanction::from_parts(other, None, None),
        }
        .map_err(|e| bad("kind", penalty_msg(&e)))?;
        Incident::new(offender, sanction, reason)
            .map(Action::Sanction)
            .map_err(|e| bad("reason", penalty_msg(&e)))
    }
}

/// What recording an incident did.
#[derive(Debug, Serialize)]
pub struct Recorded {
    /// The incident as stored (article, message, reason...).
    pub incident: IncidentRow,
    /// The game's result after it, as printed (`0–1`...); empty while pending.
    pub result: String,
    /// The game's version after it.
    pub version: i32,
    /// Seconds added to White's and Black's clocks (13.4(b)/(c), 7.4(b)), if any.
    pub clock_seconds: Option<(i64, i64)>,
    /// 9.5(b): the remaining times to set, `(white, black)` in seconds.
    pub new_clocks: Option<(u64, u64)>,
    /// A player withdrawn from the remaining rounds (13.4(g)), by colour (`w`/`b`).
    pub withdrawn: Option<char>,
}

fn apply(
    c: &mut arbiter_db::DbConnection,
    g: &GameRow,
    version: i32,
    action: &Action,
    actor: &arbiter_db::Actor,
) -> Result<Recorded, WebError> {
    let gid = Uuid::parse_str(&g.id).map_err(|e| WebError::Internal(e.to_string()))?;
    let edition = laws_edition(c, tournament_of(g)?).map_err(arbiter_error)?;
    let done = match action {
        Action::Sanction(incident) => {
            let (incident, effect, after) =
                record_incident(c, gid, version, incident, edition, actor)
                    .map_err(arbiter_error)?;
            Recorded {
                incident,
                result: result_text(&after.result()?),
                version: after.version,
                clock_seconds: effect.clock.map(|k| (k.white_seconds, k.black_seconds)),
                new_clocks: None,
                withdrawn: effect.withdraw.map(Colour::trf_char),
            }
        }
        Action::IllegalMove {
            offender,
            position,
            reason,
        } => {
            let (incident, verdict, after) =
                record_illegal_move(c, gid, version, *offender, edition, position, reason, actor)
                    .map_err(arbiter_error)?;
            let clock_seconds = match verdict {
                IllegalMoveVerdict::ExtraTime { clock, .. } => {
                    Some((clock.white_seconds, clock.black_seconds))
                }
                IllegalMoveVerdict::GameEnds { .. } => None,
            };
            Recorded {
                incident,
                result: result_text(&after.result()?),
                version: after.version,
                clock_seconds,
                new_clocks: None,
                withdrawn: None,
            }
        }
        Action::IncorrectClaim {
            claimant,
            white,
            black,
            reason,
        } => {
            let (incident, (w, b)) =
                record_incorrect_claim(c, gid, *claimant, edition, *white, *black, reason, actor)
                    .map_err(arbiter_error)?;
            let after = arbiter_db::game(c, gid)?.ok_or(WebError::missing("game"))?;
            Recorded {
                incident,
                result: result_text(&after.result()?),
                version: after.version,
                clock_seconds: None,
                new_clocks: Some((w.as_secs(), b.as_secs())),
                withdrawn: None,
            }
        }
    };
    Ok(done)
}

fn version_field(text: &str) -> Result<i32, WebError> {
    parse_typed(text).ok_or_else(|| bad("version", Msg::new("inc-bad-version")))
}

// ---- the page ----

struct IncidentLine {
    at: String,
    article: String,
    offender: String,
    kind: String,
    message: String,
    reason: String,
    by: String,
}

#[derive(Template)]
#[template(path = "incidents.html")]
struct IncidentsPage {
    l: L10n,
    /// The page's title and heading.
    title: String,
    heading: String,
    /// The header of the time column (with the zone: the times listed are in it).
    when_header: String,
    /// "version n".
    version_text: String,
    /// "later (2014 onwards) Laws".
    edition_text: String,
    /// The link to the round's results.
    results_link: String,
    id: String,
    name: String,
    csrf: String,
    game_id: String,
    round: i32,
    white: String,
    black: String,
    result: String,
    version: i32,
    edition_code: &'static str,
    incidents: Vec<IncidentLine>,
}

fn name_of(t: &Tournament, pn: i32, l: &L10n) -> String {
    u16::try_from(pn)
        .ok()
        .and_then(|pn| t.player(pn))
        .map_or_else(
            || l.int(pn),
            |p| format!("{} {}", l.int(pn), l.data(&titled_name(p))),
        )
}

/// The catalogue key of an incident's kind (as stored).
fn kind_key(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "warning" => "kind-warning",
        "time_added" => "kind-time-added",
        "time_removed" => "kind-time-removed",
        "game_lost" => "kind-game-lost",
        "points_reduced" => "kind-points-reduced",
        "opponent_raised" => "kind-opponent-raised",
        "expulsion" => "kind-expulsion",
        "persistent_refusal" => "kind-persistent-refusal",
        "lost_by_both" => "kind-lost-by-both",
        "mobile_phone" => "kind-mobile-phone",
        "illegal_move" => "kind-illegal-move",
        "incorrect_claim" => "kind-incorrect-claim",
        _ => return None,
    })
}

/// `GET /tournaments/{id}/games/{game}/incidents` (arbiter): the game's incidents with their
/// articles and the forms to record one.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn incidents_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    _staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, gid) = path.into_inner();
    let g = game_of(&state, id, gid).await?;
    let (stored, rows, edition) = with_db(&state, move |c| {
        let stored =
            arbiter_db::load_tournament(c, id)?.ok_or_else(|| WebError::no_tournament(id))?;
        let rows = game_incidents(c, gid)?;
        let edition = laws_edition(c, id).map_err(arbiter_error)?;
        Ok((stored, rows, edition))
    })
    .await?;
    let t = &stored.tournament;
    let zone = crate::zone::Zone::of_tournament(&stored);
    let l = L10n::negotiate(&req);
    let offender_name = |o: &str| {
        let (c, pn) = match o {
            "w" => (Colour::White, g.white),
            _ => (Colour::Black, g.black),
        };
        l.ta(
            "inc-offender-name",
            &[("colour", colour(&l, c)), ("name", name_of(t, pn, &l))],
        )
    };
    let round = l.int(g.round);
    let board = l.int(g.board.unwrap_or(g.seq + 1));
    let place = [("round", round.clone()), ("board", board)];
    let page = IncidentsPage {
        title: l.ta("inc-title", &place),
        heading: l.ta("inc-heading", &place),
        when_header: l.ta("inc-col-when", &[("zone", l.ltr(zone.name()))]),
        version_text: l.ta("inc-version", &[("n", l.int(g.version))]),
        edition_text: l.ta("inc-edition", &[("edition", words::edition(&l, edition))]),
        results_link: l.ta("inc-link-results", &[("n", round)]),
        id: id.to_string(),
        name: t.name.clone().unwrap_or_default(),
        csrf: csrf_token(&session)?,
        game_id: g.id.clone(),
        round: g.round,
        white: name_of(t, g.white, &l),
        black: name_of(t, g.black, &l),
        result: words::result(&l, &result_text(&g.result()?)),
        version: g.version,
        edition_code: laws_edition_text(edition),
        incidents: rows
            .iter()
            .map(|r| IncidentLine {
                at: words::time(&l, &zone.show(r.at, "%Y-%m-%d %H:%M:%S")),
                article: words::time(&l, &r.article),
                offender: if r.kind == "lost_by_both" {
                    l.t("arb-both-players")
                } else {
                    offender_name(&r.offender)
                },
                kind: kind_key(&r.kind).map_or_else(|| r.kind.replace('_', " "), |k| l.t(k)),
                message: l.data(&r.message),
                reason: l.data(&r.reason),
                by: l.data(&r.by_actor),
            })
            .collect(),
        l,
    };
    private(&page, StatusCode::OK)
}

/// `POST /tournaments/{id}/games/{game}/incidents` (arbiter): records one incident (see
/// [`IncidentForm`]) against the version the page showed; back to the incidents page.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming the
/// field (or `sanction` when the Laws refuse it, e.g. 13.4(e) on a game without a result),
/// [`WebError::Conflict`] when the game changed, [`WebError::NotFound`].
pub async fn record(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, Uuid)>,
    Staff { user, .. }: Staff<Arbiter>,
    Checked(form): Checked<IncidentForm>,
) -> Result<HttpResponse, WebError> {
    let (id, gid) = path.into_inner();
    let g = game_of(&state, id, gid).await?;
    let version = version_field(&form.version)?;
    let action = Action::read(&form)?;
    let actor = user.actor();
    with_db(&state, move |c| apply(c, &g, version, &action, &actor)).await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/games/{gid}/incidents"),
        Done::Incident,
    ))
}

/// The body of `POST /api/v1/games/{id}/incidents`: the form's fields, with `version` a number
/// and `minutes` a number or text.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IncidentBody {
    /// The game's version as read.
    pub version: i32,
    /// As [`IncidentForm::kind`].
    #[schema(
        pattern = "^(warning|time_added|time_removed|game_lost|points_reduced|opponent_raised|expulsion|persistent_refusal|lost_by_both|mobile_phone|illegal_move|incorrect_claim)$"
    )]
    pub kind: String,
    /// As [`IncidentForm::offender`]: `white` or `black`.
    #[schema(pattern = "^(white|black)$")]
    pub offender: String,
    /// As [`IncidentForm::reason`].
    #[serde(default)]
    pub reason: String,
    /// As [`IncidentForm::minutes`].
    #[serde(default)]
    pub minutes: Option<Minutes>,
    /// As [`IncidentForm::code`].
    #[serde(default)]
    pub code: String,
    /// As [`IncidentForm::opponent`].
    #[serde(default)]
    pub opponent: String,
    /// As [`IncidentForm::fen`].
    #[serde(default)]
    pub fen: String,
    /// As [`IncidentForm::moves`].
    #[serde(default)]
    pub moves: String,
    /// As [`IncidentForm::white_clock`].
    #[serde(default)]
    pub white_clock: String,
    /// As [`IncidentForm::black_clock`].
    #[serde(default)]
    pub black_clock: String,
}

/// Minutes of an incident ([`IncidentBody::minutes`]): a number or its text.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Minutes {
    /// A number of minutes.
    #[schema(value_type = f64)]
    Number(serde_json::Number),
    /// The minutes as text, read as the form reads them.
    Text(String),
}

/// `POST /api/v1/games/{id}/incidents` (bearer token, arbiter role): records one incident;
/// `201` with [`Recorded`] (the incident, the result and version after it, the clock changes).
///
/// # Errors
/// Problem JSON: 400 naming the field, 401, 403, 404, 409 with the game as it stands.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/incidents",
    tag = "games",
    params(("id" = Uuid, Path, description = "The game's id")),
    request_body = IncidentBody,
    responses((status = 201, description = "The incident, recorded", body = serde_json::Value)),
    security(("bearer" = []))
)]
pub async fn api_record(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, WebError> {
    let gid = path.into_inner();
    let run = async {
        let (user, g) = api_arbiter_game(&state, &req, gid).await?;
        let b: IncidentBody = crate::json_body::read(&body)?;
        let form = IncidentForm {
            kind: b.kind,
            offender: b.offender,
            reason: b.reason,
            version: b.version.to_string(),
            minutes: match b.minutes {
                Some(Minutes::Text(s)) => s,
                Some(Minutes::Number(n)) => n.to_string(),
                None => String::new(),
            },
            code: b.code,
            opponent: b.opponent,
            fen: b.fen,
            moves: b.moves,
            white_clock: b.white_clock,
            black_clock: b.black_clock,
            csrf: String::new(),
        };
        let action = Action::read(&form)?;
        let actor = user.actor();
        let version = b.version;
        let done = with_db(&state, move |c| apply(c, &g, version, &action, &actor)).await?;
        Ok::<_, WebError>(HttpResponse::Created().json(done))
    };
    run.await.map_err(WebError::api)
}

csrf_field!(IncidentForm);
