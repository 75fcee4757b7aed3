//! Adjourned games for arbiters (Laws of Chess, Appendix A.1-A.11), one page per game:
//! `/tournaments/{id}/games/{game}/adjourn`.
//!
//! - **Sealing** (A.1-A.3): the arbiter enters the envelope's information (A.2(a)-(g): the
//!   position before the sealed move from the game's moves or a FEN, the times used, the standing
//!   draw offer, the date, time and place of resumption; the sealer and move number are read from
//!   the position); the player having the move writes his move, reviews it and may change it
//!   until he confirms (A.1(a)). Drafts travel only in the form; nothing is stored until the
//!   confirmation, when the move is encrypted under the service's seal key
//!   ([`crate::config::SealKeySource`], never in the database) and the envelope is stored with its
//!   commitment; the game's result becomes `X`/`X` (TRF-2026: unknown). The page then shows the
//!   envelope with the commitment and never the move.
//! - **Resumption**: check-ins for the resumption (A.7, A.9, A.10); opening only with the replier
//!   recorded present (A.7), the move judged by the rules core (A.8(a)-(c), Art. 5, 6.9, 9.6);
//!   the replier's clock started in his absence (A.9(b)); a reply sealed in a new envelope when
//!   the sealer is absent (A.9(c)); lateness beyond the default time (A.10, exceptions (a)-(c));
//!   a draw agreed or a resignation before the resumption (A.4, A.6); a lost envelope (A.11).
//!
//! Every result is written through `arbiter_db::arbiter` with its article in the audit log.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::arbiter::{self as db, ArbiterError, EnvelopeRow, Session as Sitting};
use arbiter_db::models::GameRow;
use arbiter_db::{Role, StoredTournament, UserRow};
use arbiter_tournament::Colour;
use arbiter_tournament::arbiter::adjournment::{
    BeforeResumption, DrawOffer, Envelope, EnvelopeInfo, GameEnd, LateVerdict, LostEnvelope,
    Presence, Resumption, ResumptionStart, SealRandom, SealedMoveVerdict, at_resumption,
    before_resumption, judge_move_in, judge_sealed_move, late_for_resumption, lost_envelope,
};
use arbiter_tournament::arbiter::default_time::{CheckIns, DefaultTime};
use arbiter_tournament::arbiter::{colour_name, position_after_moves};
use askama::Template;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::auth::{check_csrf, csrf_token, require_role, require_user};
use crate::board::board_svg;
use crate::error::WebError;
use crate::organizer::{bad, private, see_other};
use crate::views::{result_text, titled_name};
use crate::zone::Zone;
use crate::{AppState, with_db};

/// The adjournment routes (all for the tournament's arbiters and organizers).
pub fn routes(cfg: &mut web::ServiceConfig) {
    let page = crate::page;
    cfg.route(
        "/tournaments/{id}/games/{game}/adjourn",
        page().to(adjourn_page),
    )
    .route(
        "/tournaments/{id}/games/{game}/adjourn/seal",
        web::post().to(seal),
    )
    .route(
        "/tournaments/{id}/games/{game}/adjourn/check-in",
        web::post().to(check_in),
    )
    .route(
        "/tournaments/{id}/games/{game}/adjourn/open",
        web::post().to(open),
    )
    .route(
        "/tournaments/{id}/games/{game}/adjourn/clock",
        web::post().to(start_clock),
    )
    .route(
        "/tournaments/{id}/games/{game}/adjourn/before",
        web::post().to(before),
    )
    .route(
        "/tournaments/{id}/games/{game}/adjourn/late",
        web::post().to(late),
    )
    .route(
        "/tournaments/{id}/games/{game}/adjourn/lost",
        web::post().to(lost),
    );
}

/// An `arbiter_db::arbiter` error as the web service answers it.
pub(crate) fn arbiter_error(e: ArbiterError) -> WebError {
    match e {
        ArbiterError::NotFound(what) => WebError::NotFound(what.to_owned()),
        ArbiterError::Conflict { current } => WebError::Conflict {
            current: serde_json::to_value(&*current).unwrap_or_default(),
        },
        ArbiterError::Database(e) => WebError::Database(e.to_string()),
        e => bad("envelope", e.to_string()),
    }
}

/// `h:mm:ss` for a number of seconds.
fn clock(seconds: u32) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        (seconds / 60) % 60,
        seconds % 60
    )
}

/// Reads a time used: `h:mm:ss`, `mm:ss` or seconds (A.2(c)).
fn parse_clock(field: &str, text: &str) -> Result<u32, WebError> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(':').collect();
    let nums: Option<Vec<u32>> = parts.iter().map(|p| p.trim().parse().ok()).collect();
    let wrong = || {
        bad(
            field,
            format!("`{t}` is not a time used (h:mm:ss, mm:ss or seconds, A.2(c))"),
        )
    };
    let nums = nums.filter(|_| !t.is_empty()).ok_or_else(wrong)?;
    let secs = match nums.as_slice() {
        [s] => Some(*s),
        [m, s] if *s < 60 => m.checked_mul(60).and_then(|m| m.checked_add(*s)),
        [h, m, s] if *m < 60 && *s < 60 => {
            h.checked_mul(3600).and_then(|h| h.checked_add(m * 60 + s))
        }
        _ => None,
    };
    secs.ok_or_else(wrong)
}

/// Reads a date and time (`YYYY-MM-DDTHH:MM` as browsers send it, or with a space, seconds
/// optional) in the tournament's time zone; returns the UTC instant.
fn parse_when(zone: Zone, field: &str, text: &str) -> Result<NaiveDateTime, WebError> {
    let t = text.trim();
    [
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%d %H:%M:%S",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
    .ok_or_else(|| {
        bad(
            field,
            format!(
                "`{t}` is not a date and time (YYYY-MM-DDTHH:MM, {} time)",
                zone.name()
            ),
        )
    })
    .and_then(|local| zone.to_utc(field, local))
}

/// A UTC instant in the tournament's time zone, named.
fn when_text(zone: Zone, t: NaiveDateTime) -> String {
    format!("{} {}", zone.show(t, "%Y-%m-%d %H:%M"), zone.name())
}

fn colour_of(field: &str, text: &str) -> Result<Option<Colour>, WebError> {
    match text.trim() {
        "" | "none" => Ok(None),
        "w" | "white" => Ok(Some(Colour::White)),
        "b" | "black" => Ok(Some(Colour::Black)),
        other => Err(bad(field, format!("`{other}` is not white, black or none"))),
    }
}

fn colour_value(c: Colour) -> &'static str {
    match c {
        Colour::White => "w",
        Colour::Black => "b",
    }
}

/// The seal form's fields (A.2(a)-(g) and the sealed move), kept as typed while the sealer
/// reviews or changes his move (A.1(a)).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SealForm {
    /// The game's moves so far (PGN or plain moves, any notation the rules core reads).
    #[serde(default)]
    pub moves: String,
    /// A FEN: the starting position of `moves`, or the position itself when `moves` is empty.
    #[serde(default)]
    pub fen: String,
    /// A.2(c): White's time used (`h:mm:ss`, `mm:ss` or seconds).
    #[serde(default)]
    pub white_time: String,
    /// A.2(c): Black's time used.
    #[serde(default)]
    pub black_time: String,
    /// A.2(f): `w`, `b` or empty.
    #[serde(default)]
    pub draw_offer: String,
    /// A.2(g): when play resumes (`YYYY-MM-DDTHH:MM`, UTC).
    #[serde(default)]
    pub resumption_at: String,
    /// A.2(g): where.
    #[serde(default)]
    pub place: String,
    /// The sealed move as the sealer wrote it (A.1(a)): in the form only, never stored unsealed.
    #[serde(default)]
    pub sealed_move: String,
    /// `review`, `change` or `confirm`.
    #[serde(default)]
    pub step: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// An envelope as the page shows it: never the move before opening.
struct EnvelopeView {
    id: String,
    seq: i32,
    state: String,
    position_fen: String,
    white_time: String,
    black_time: String,
    sealer: String,
    replier: String,
    move_number: i32,
    draw_offer: String,
    resumption: String,
    place: String,
    commitment: String,
    sealed: String,
    opened: String,
    revealed: String,
    salt: String,
    /// The position before the sealed move as an SVG diagram: set up on the board before the
    /// resumption (A.5). Empty when the stored position cannot be read.
    diagram: String,
    /// Once opened, the position after a legal sealed move, the move tinted (A.9(a): it is made
    /// on the board); empty otherwise.
    diagram_after: String,
}

/// The diagrams of an envelope: before the sealed move (A.5) and, once `revealed`, after it
/// when it is legal (A.9(a)).
fn envelope_diagrams(row: &EnvelopeRow, sealer: Colour) -> (String, String) {
    let Ok(pos) = arbiter_rules::Position::from_fen(&row.position_fen) else {
        return (String::new(), String::new());
    };
    let before = board_svg(
        pos.board(),
        &format!(
            "Position before the sealed move {} (A.2(b), A.5)",
            row.move_number
        ),
        None,
    );
    let after = match row.revealed_move.as_deref() {
        Some(text) => match judge_move_in(&pos, sealer, text) {
            SealedMoveVerdict::Legal {
                mv,
                san,
                position_after,
                ..
            } => board_svg(
                position_after.board(),
                &format!(
                    "Position after the sealed move {} {san} (A.9(a))",
                    row.move_number
                ),
                Some((mv.from(), mv.to())),
            ),
            SealedMoveVerdict::Defective { .. } => String::new(),
        },
        None => String::new(),
    };
    (before, after)
}

impl EnvelopeView {
    fn of(row: &EnvelopeRow, zone: Zone) -> EnvelopeView {
        let sealer = if row.sealer == "w" { "White" } else { "Black" };
        let replier = if row.sealer == "w" { "Black" } else { "White" };
        let secs = |v: i32| clock(u32::try_from(v).unwrap_or_default());
        let (diagram, diagram_after) = envelope_diagrams(
            row,
            if row.sealer == "w" {
                Colour::White
            } else {
                Colour::Black
            },
        );
        EnvelopeView {
            diagram,
            diagram_after,
            id: row.id.clone(),
            seq: row.seq,
            state: row.state.clone(),
            position_fen: row.position_fen.clone(),
            white_time: secs(row.white_time_used),
            black_time: secs(row.black_time_used),
            sealer: sealer.to_owned(),
            replier: replier.to_owned(),
            move_number: row.move_number,
            draw_offer: match row.draw_offer.as_deref() {
                Some("w") => "White's offer stands".to_owned(),
                Some("b") => "Black's offer stands".to_owned(),
                _ => "none".to_owned(),
            },
            resumption: when_text(zone, row.resumption_at),
            place: row.resumption_place.clone(),
            commitment: row.commitment.clone(),
            sealed: format!("{} by {}", when_text(zone, row.sealed_at), row.sealed_by),
            opened: row
                .opened_at
                .map(|t| {
                    format!(
                        "{} by {}",
                        when_text(zone, t),
                        row.opened_by.as_deref().unwrap_or("?")
                    )
                })
                .unwrap_or_default(),
            revealed: row.revealed_move.clone().unwrap_or_default(),
            salt: row.salt.clone().unwrap_or_default(),
        }
    }
}

#[derive(Template)]
#[template(path = "adjourn.html")]
struct AdjournPage {
    /// The tournament's time zone (IANA name): the form's times are in it.
    zone: &'static str,
    id: String,
    name: String,
    game: String,
    round: i32,
    board: String,
    white: String,
    black: String,
    result: String,
    csrf: String,
    message: String,
    envelopes: Vec<EnvelopeView>,
    /// The latest envelope still sealed, if any.
    pending: Option<EnvelopeView>,
    white_in: String,
    black_in: String,
    /// What A.9 says now for the pending envelope.
    resumption_note: String,
    /// Whether a new envelope may be sealed (the game has no result, or is adjourned with no
    /// envelope pending).
    can_seal: bool,
    form: SealForm,
    default_time: u32,
}

#[derive(Template)]
#[template(path = "adjourn_review.html")]
struct ReviewPage {
    id: String,
    name: String,
    game: String,
    csrf: String,
    white: String,
    black: String,
    sealer: String,
    move_number: u32,
    position_fen: String,
    white_time: String,
    black_time: String,
    draw_offer: String,
    resumption: String,
    form: SealForm,
}

/// Everything a page or action needs about one game.
struct Context {
    user: UserRow,
    stored: StoredTournament,
    game: GameRow,
    envelopes: Vec<EnvelopeRow>,
    check_ins: CheckIns,
    /// The tournament's time zone: the page's times are in it.
    zone: Zone,
}

impl Context {
    fn name(&self, pn: i32) -> String {
        u16::try_from(pn)
            .ok()
            .and_then(|pn| self.stored.tournament.player(pn))
            .map_or_else(|| format!("#{pn}"), titled_name)
    }

    fn pending(&self) -> Option<&EnvelopeRow> {
        self.envelopes.last().filter(|e| e.state == "sealed")
    }

    fn default_time(&self) -> DefaultTime {
        self.stored
            .default_time_minutes
            .map_or_else(DefaultTime::default, |minutes| DefaultTime { minutes })
    }
}

async fn context(
    state: &AppState,
    session: &Session,
    id: Uuid,
    game: Uuid,
    csrf: Option<&str>,
) -> Result<Context, WebError> {
    let user = require_user(state, session).await?;
    if let Some(token) = csrf {
        check_csrf(session, token)?;
    }
    require_role(state, &user, id, Role::Arbiter).await?;
    let (stored, row, envelopes, check_ins) = with_db(state, move |c| {
        let stored = arbiter_db::load_tournament(c, id)?;
        let row = arbiter_db::game(c, game)?;
        let envelopes = db::game_envelopes(c, game)?;
        let ins = db::check_ins_for(c, game, Sitting::Resumption)?;
        Ok((stored, row, envelopes, ins))
    })
    .await?;
    let stored = stored.ok_or_else(|| WebError::NotFound(format!("tournament {id}")))?;
    let row = row
        .filter(|g| g.tournament_id == id.to_string())
        .ok_or_else(|| WebError::NotFound(format!("game {game}")))?;
    Ok(Context {
        user,
        zone: Zone::of_tournament(&stored),
        stored,
        game: row,
        envelopes,
        check_ins,
    })
}

/// The seal form's starting values: for a reply under A.9(c) (the latest envelope opened, its
/// move legal and the game going on), the position after the sealed move and the same
/// resumption; else empty.
fn form_defaults(ctx: &Context) -> SealForm {
    let mut form = SealForm::default();
    if let Some(last) = ctx.envelopes.last().filter(|e| e.state == "opened") {
        if let (Ok(env), Some(text)) = (last.to_envelope(), last.revealed_move.as_deref()) {
            if let Ok(SealedMoveVerdict::Legal {
                position_after,
                ends: None,
                ..
            }) = judge_sealed_move(&env.info, text)
            {
                form.fen = position_after.fen();
                form.white_time = clock(env.info.white_time_used);
                form.black_time = clock(env.info.black_time_used);
                form.draw_offer = env
                    .info
                    .draw_offer
                    .map(|c| colour_value(c).to_owned())
                    .unwrap_or_default();
                form.resumption_at = ctx.zone.field(env.info.resumption.at);
                form.place = env.info.resumption.place.clone();
            }
        }
    }
    form
}

fn resumption_note(ctx: &Context, now: NaiveDateTime) -> String {
    let Some(row) = ctx.pending() else {
        return String::new();
    };
    let Ok(env) = row.to_envelope() else {
        return String::new();
    };
    let info = &env.info;
    if now < info.resumption.at {
        return format!(
            "Resumption at {} in {} (A.2(g)); {} must reply to the sealed move.",
            when_text(ctx.zone, info.resumption.at),
            info.resumption.place,
            colour_name(info.replier())
        );
    }
    let here = |c: Colour| ctx.check_ins.of(c).is_some_and(|t| t <= now);
    let presence = Presence {
        sealer: here(info.sealer),
        replier: here(info.replier()),
    };
    match at_resumption(info, presence) {
        ResumptionStart::OpenAndPlay => format!(
            "A.9(a): both players are present: open the envelope, make the sealed move on the board and start {}'s clock.",
            colour_name(info.replier())
        ),
        ResumptionStart::OpenReplierMaySeal => format!(
            "A.9(c): {} is present and {} absent: open the envelope; {} may reply on the board, or seal his reply in a new envelope (the seal form below), stop his clock and start {}'s.",
            colour_name(info.replier()),
            colour_name(info.sealer),
            colour_name(info.replier()),
            colour_name(info.sealer)
        ),
        ResumptionStart::ReplierClockRuns { running, since } => format!(
            "A.9(b): {} (who must reply) is absent: his clock runs from {}; on arrival he may stop it and call the arbiter, who opens the envelope (A.7). After the default time ({} min) A.10 applies.",
            colour_name(running),
            when_text(ctx.zone, since),
            ctx.default_time().minutes
        ),
    }
}

fn render(
    session: &Session,
    ctx: &Context,
    message: String,
    form: Option<SealForm>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let g = &ctx.game;
    let result = g.result()?;
    let adjourned = ctx.envelopes.is_empty()
        && result.white == arbiter_tournament::ResultCode::Blank
        && result.black == arbiter_tournament::ResultCode::Blank;
    let reply = ctx.envelopes.last().is_some_and(|e| e.state == "opened")
        && result.white == arbiter_tournament::ResultCode::Unknown;
    let now = arbiter_db::audit::now();
    let arrival = |c: Colour| {
        ctx.check_ins
            .of(c)
            .map(|t| when_text(ctx.zone, t))
            .unwrap_or_default()
    };
    let page = AdjournPage {
        zone: ctx.zone.name(),
        id: g.tournament_id.clone(),
        name: ctx.stored.tournament.name.clone().unwrap_or_default(),
        game: g.id.clone(),
        round: g.round,
        board: g.board.map(|b| b.to_string()).unwrap_or_default(),
        white: ctx.name(g.white),
        black: ctx.name(g.black),
        result: result_text(&result),
        csrf: csrf_token(session)?,
        message,
        envelopes: ctx
            .envelopes
            .iter()
            .map(|e| EnvelopeView::of(e, ctx.zone))
            .collect(),
        pending: ctx.pending().map(|e| EnvelopeView::of(e, ctx.zone)),
        white_in: arrival(Colour::White),
        black_in: arrival(Colour::Black),
        resumption_note: resumption_note(ctx, now),
        can_seal: adjourned || reply,
        form: form.unwrap_or_else(|| form_defaults(ctx)),
        default_time: ctx.default_time().minutes,
    };
    private(&page, status)
}

/// `GET /tournaments/{id}/games/{game}/adjourn`: the game's envelopes (commitment shown, the
/// move only once opened), the resumption check-ins and the forms of Appendix A.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not an arbiter or organizer),
/// [`WebError::NotFound`].
pub async fn adjourn_page(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, &session, id, game, None).await?;
    render(&session, &ctx, String::new(), None, StatusCode::OK)
}

/// Builds the envelope's information from the form (A.2(a)-(g)).
fn envelope_info(ctx: &Context, form: &SealForm) -> Result<EnvelopeInfo, WebError> {
    let fen = form.fen.trim();
    let position =
        position_after_moves((!fen.is_empty()).then_some(fen), &form.moves).map_err(|e| {
            bad(
                if form.moves.trim().is_empty() {
                    "fen"
                } else {
                    "moves"
                },
                e.to_string(),
            )
        })?;
    let info = EnvelopeInfo::new(
        ctx.name(ctx.game.white),
        ctx.name(ctx.game.black),
        &position,
        parse_clock("white_time", &form.white_time)?,
        parse_clock("black_time", &form.black_time)?,
        colour_of("draw_offer", &form.draw_offer)?,
        Resumption {
            at: parse_when(ctx.zone, "resumption_at", &form.resumption_at)?,
            place: form.place.trim().to_owned(),
        },
    )
    .map_err(|e| bad("envelope", e.to_string()))?;
    Ok(info)
}

/// `POST /tournaments/{id}/games/{game}/adjourn/seal` (A.1-A.3): `step=review` shows the
/// envelope and the written move for the sealer to check (nothing stored); `step=change` returns
/// to the form with what was typed (A.1(a): he may change his move); `step=confirm` seals: the
/// move is encrypted under the seal key, the envelope stored with its commitment, the game
/// adjourned (`X`/`X`), and the browser sent to the page, which shows no move.
///
/// # Errors
/// [`WebError::BadRequest`] naming the A.2 item or the field; [`WebError::Unauthorized`],
/// [`WebError::Forbidden`], [`WebError::NotFound`]; [`WebError::Internal`] without a usable seal
/// key.
pub async fn seal(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<SealForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let form = form.into_inner();
    let ctx = context(&state, &session, id, game, Some(&form.csrf)).await?;
    if form.step == "change" {
        return render(&session, &ctx, String::new(), Some(form), StatusCode::OK);
    }
    let info = match envelope_info(&ctx, &form) {
        Ok(info) => info,
        Err(e) => {
            return render(
                &session,
                &ctx,
                e.to_string(),
                Some(form),
                StatusCode::BAD_REQUEST,
            );
        }
    };
    let mut envelope =
        Envelope::new(Uuid::new_v4(), info).map_err(|e| bad("envelope", e.to_string()))?;
    if let Err(e) = envelope.write_move(&form.sealed_move) {
        return render(
            &session,
            &ctx,
            format!("sealed_move: {e}"),
            Some(form),
            StatusCode::BAD_REQUEST,
        );
    }
    if form.step != "confirm" {
        let info = &envelope.info;
        let page = ReviewPage {
            id: id.to_string(),
            name: ctx.stored.tournament.name.clone().unwrap_or_default(),
            game: game.to_string(),
            csrf: csrf_token(&session)?,
            white: info.white.clone(),
            black: info.black.clone(),
            sealer: colour_name(info.sealer).to_owned(),
            move_number: info.move_number,
            position_fen: info.position_fen.clone(),
            white_time: clock(info.white_time_used),
            black_time: clock(info.black_time_used),
            draw_offer: info.draw_offer.map_or_else(
                || "none".to_owned(),
                |c| format!("{}'s offer stands", colour_name(c)),
            ),
            resumption: format!(
                "{} in {}",
                when_text(ctx.zone, info.resumption.at),
                info.resumption.place
            ),
            form,
        };
        return private(&page, StatusCode::OK);
    }
    let key = state.config.seal_key.key().map_err(WebError::Internal)?;
    let random = SealRandom::from_os().map_err(|e| WebError::Internal(e.to_string()))?;
    envelope
        .seal(&key, random)
        .map_err(|e| bad("sealed_move", e.to_string()))?;
    let actor = ctx.user.actor();
    with_db(&state, move |c| {
        db::store_envelope(c, game, &envelope, &actor).map_err(arbiter_error)
    })
    .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/games/{game}/adjourn"
    )))
}

/// A resumption check-in (A.7, A.9, A.10).
#[derive(Debug, Deserialize)]
pub struct CheckInForm {
    /// `w` or `b`.
    #[serde(default)]
    pub colour: String,
    /// When the player arrived (`YYYY-MM-DDTHH:MM`, UTC); empty for now.
    #[serde(default)]
    pub at: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/games/{game}/adjourn/check-in`: records a player's arrival for the
/// resumption (the first counts; audited). Opening needs the replier's (A.7).
///
/// # Errors
/// [`WebError::BadRequest`] for a bad colour or time, or a second check-in; as the page.
pub async fn check_in(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<CheckInForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, &session, id, game, Some(&form.csrf)).await?;
    let colour =
        colour_of("colour", &form.colour)?.ok_or_else(|| bad("colour", "choose White or Black"))?;
    let at = if form.at.trim().is_empty() {
        arbiter_db::audit::now()
    } else {
        parse_when(ctx.zone, "at", &form.at)?
    };
    let actor = ctx.user.actor();
    with_db(&state, move |c| {
        db::record_check_in(c, game, colour, Sitting::Resumption, at, &actor).map_err(arbiter_error)
    })
    .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/games/{game}/adjourn"
    )))
}

/// A form with only the CSRF token and the envelope acted on.
#[derive(Debug, Deserialize)]
pub struct EnvelopeForm {
    /// The envelope's id.
    #[serde(default)]
    pub envelope: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

fn pending_envelope(ctx: &Context, id: &str) -> Result<(Uuid, Envelope), WebError> {
    let row = ctx
        .pending()
        .filter(|e| e.id == id.trim())
        .ok_or_else(|| bad("envelope", "no such sealed envelope of this game"))?;
    let env = row.to_envelope()?;
    let uid = Uuid::parse_str(&row.id).map_err(|e| WebError::Internal(e.to_string()))?;
    Ok((uid, env))
}

/// `POST /tournaments/{id}/games/{game}/adjourn/open` (A.7-A.9): opens the envelope, refused
/// unless the replier is recorded present; the move is judged: a legal move is made on the
/// board (A.9(a)) and ends the game when it mates, stalemates or leaves a dead position (Art. 5);
/// an ambiguous, meaningless or illegal move loses for the sealer, or draws when the opponent
/// cannot checkmate (A.8(a)-(c), 6.9, 9.6). The result is stored and audited.
///
/// # Errors
/// [`WebError::BadRequest`] with A.7 when the replier is absent; as the page.
pub async fn open(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<EnvelopeForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, &session, id, game, Some(&form.csrf)).await?;
    let (envelope_id, _) = pending_envelope(&ctx, &form.envelope)?;
    let key = state.config.seal_key.key().map_err(WebError::Internal)?;
    let actor = ctx.user.actor();
    // Opening, the verdict and the result it decides are one transaction: an error after the
    // envelope is opened leaves it sealed, not opened without its result.
    let message = with_db(&state, move |c| arbiter_db::atomically(c, |c| {
        let now = arbiter_db::audit::now();
        let (_, envelope) =
            db::open_envelope(c, envelope_id, &key, now, &actor).map_err(arbiter_error)?;
        let text = envelope
            .revealed()
            .map(|r| r.move_text.clone())
            .unwrap_or_default();
        let verdict = judge_sealed_move(&envelope.info, &text).map_err(|e| bad("envelope", e.to_string()))?;
        let message = match (verdict.end(), &verdict) {
            (Some(end), _) => {
                let g = arbiter_db::game(c, game)?
                    .ok_or_else(|| WebError::NotFound(format!("game {game}")))?;
                db::record_adjournment_decision(
                    c,
                    game,
                    g.version,
                    &end.result,
                    end.article,
                    &end.message,
                    "sealed_move",
                    &actor,
                )
                .map_err(arbiter_error)?;
                format!("{} ({}).", end.message, end.article)
            }
            (None, v) => {
                let san = match v {
                    SealedMoveVerdict::Legal { san, .. } => san.clone(),
                    SealedMoveVerdict::Defective { .. } => text.clone(),
                };
                let ins = db::check_ins_for(c, game, Sitting::Resumption)?;
                let sealer_here = ins.of(envelope.info.sealer).is_some_and(|t| t <= now);
                if sealer_here {
                    format!(
                        "The sealed move is {san}: it is made on the board and {}'s clock started (A.9(a)).",
                        colour_name(envelope.info.replier())
                    )
                } else {
                    format!(
                        "The sealed move is {san}: {} may reply on the board, or seal his reply in a new envelope below (A.9(c)).",
                        colour_name(envelope.info.replier())
                    )
                }
            }
        };
        Ok(message)
    }))
    .await?;
    let ctx = context(&state, &session, id, game, None).await?;
    render(&session, &ctx, message, None, StatusCode::OK)
}

/// `POST /tournaments/{id}/games/{game}/adjourn/clock` (A.9(b)): the replier is absent at the
/// resumption: the envelope stays closed and his clock is started; logged.
///
/// # Errors
/// [`WebError::BadRequest`] before the resumption time or when the replier is present; as the
/// page.
pub async fn start_clock(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<EnvelopeForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, &session, id, game, Some(&form.csrf)).await?;
    let (envelope_id, env) = pending_envelope(&ctx, &form.envelope)?;
    let now = arbiter_db::audit::now();
    if now < env.info.resumption.at {
        return Err(bad(
            "envelope",
            format!(
                "the resumption is at {} (A.2(g)); no clock runs before",
                when_text(ctx.zone, env.info.resumption.at)
            ),
        ));
    }
    let here = |c: Colour| ctx.check_ins.of(c).is_some_and(|t| t <= now);
    let start = at_resumption(
        &env.info,
        Presence {
            sealer: here(env.info.sealer),
            replier: here(env.info.replier()),
        },
    );
    let ResumptionStart::ReplierClockRuns { running, since } = start else {
        return Err(bad(
            "envelope",
            format!(
                "{} is present: open the envelope (A.7, A.9(a)/(c))",
                colour_name(env.info.replier())
            ),
        ));
    };
    #[derive(Serialize)]
    struct ClockNote {
        article: &'static str,
        running: &'static str,
        since: NaiveDateTime,
    }
    let note = ClockNote {
        article: "A.9(b)",
        running: colour_name(running),
        since,
    };
    let actor = ctx.user.actor();
    with_db(&state, move |c| {
        db::record_envelope_note(c, envelope_id, "replier_clock_started", &note, &actor)
            .map_err(arbiter_error)
    })
    .await?;
    let message = format!(
        "A.9(b): {}'s clock was started at {}; the envelope stays closed until he arrives (A.7).",
        colour_name(running),
        when_text(ctx.zone, since)
    );
    render(&session, &ctx, message, None, StatusCode::OK)
}

/// A decision before the resumption (A.4, A.6).
#[derive(Debug, Deserialize)]
pub struct BeforeForm {
    /// `draw` (agreed), `accept` (the standing offer accepted, A.4), `resign_w`, `resign_b`.
    #[serde(default)]
    pub event: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/games/{game}/adjourn/before` (A.4, A.6): a draw agreed (or the
/// standing offer of the envelope accepted) or a resignation before the resumption; the game is
/// over and the envelope need not be opened. Stored and audited.
///
/// # Errors
/// [`WebError::BadRequest`] for an unknown event, no standing offer, or no envelope pending; as
/// the page.
pub async fn before(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<BeforeForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, &session, id, game, Some(&form.csrf)).await?;
    let row = ctx
        .pending()
        .ok_or_else(|| bad("event", "no sealed envelope: the game is not adjourned"))?;
    let env = row.to_envelope()?;
    let end = match form.event.as_str() {
        "draw" => before_resumption(BeforeResumption::DrawAgreed),
        "accept" => {
            let mut offer = DrawOffer {
                standing: env.info.draw_offer,
            };
            let by = env.info.draw_offer.map(Colour::opposite).ok_or_else(|| {
                bad(
                    "event",
                    "no draw offer stands on the envelope (A.2(f), A.4)",
                )
            })?;
            offer.accept(by).map_err(|e| bad("event", e.to_string()))?
        }
        "resign_w" => before_resumption(BeforeResumption::Resigned(Colour::White)),
        "resign_b" => before_resumption(BeforeResumption::Resigned(Colour::Black)),
        other => {
            return Err(bad(
                "event",
                format!("`{other}` is not draw, accept, resign_w or resign_b"),
            ));
        }
    };
    let message = record_end(&state, &ctx, game, end, "before_resumption").await?;
    let ctx = context(&state, &session, id, game, None).await?;
    render(&session, &ctx, message, None, StatusCode::OK)
}

/// Lateness for the resumption (A.10).
#[derive(Debug, Deserialize)]
pub struct LateForm {
    /// `on` when the present player's time ran out while waiting (A.10(c)).
    #[serde(default)]
    pub flag_fell: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/games/{game}/adjourn/late` (A.10): after the resumption time plus the
/// default time, a player not checked in by then loses; when the late one is the sealer, unless
/// his sealed move mates (A.10(a)), stalemates or leaves a dead position (A.10(b)), or the
/// present player ran out of time (A.10(c), with 6.9). The envelope must have been opened when
/// the sealer is the late one (the replier is present, A.7). Stored and audited.
///
/// # Errors
/// [`WebError::BadRequest`] when the envelope must be opened first; as the page.
pub async fn late(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<LateForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, &session, id, game, Some(&form.csrf)).await?;
    let row = ctx
        .envelopes
        .last()
        .ok_or_else(|| bad("envelope", "the game has no envelope: it is not adjourned"))?;
    if ctx.game.white_code != "X" || ctx.game.black_code != "X" {
        return Err(bad(
            "envelope",
            "the game is no longer adjourned: its result was already decided",
        ));
    }
    let env = row.to_envelope()?;
    let verdict = match row.revealed_move.as_deref() {
        Some(m) => {
            Some(judge_sealed_move(&env.info, m).map_err(|e| bad("envelope", e.to_string()))?)
        }
        None => None,
    };
    let now = arbiter_db::audit::now();
    let decided = late_for_resumption(
        &env.info,
        ctx.default_time(),
        ctx.check_ins,
        now,
        verdict.as_ref(),
        form.flag_fell == "on",
    )
    .map_err(|e| bad("envelope", e.to_string()))?;
    let message = match decided {
        LateVerdict::NotYet { deadline } => format!(
            "A.10: the default time has not passed; a player arriving by {} is in time.",
            when_text(ctx.zone, deadline)
        ),
        LateVerdict::BothInTime => {
            "A.10: both players arrived within the default time: play on.".to_owned()
        }
        LateVerdict::Decided(end) => {
            record_end(&state, &ctx, game, end, "late_for_resumption").await?
        }
    };
    let ctx = context(&state, &session, id, game, None).await?;
    render(&session, &ctx, message, None, StatusCode::OK)
}

/// Records `end` as the result of the adjourned game `game` (`kind`: what decided it, for the
/// record), against the game's version as `ctx` read it; returns the page's message.
///
/// # Errors
/// `409` when the game changed since (with the game as it stands); the database's error.
async fn record_end(
    state: &AppState,
    ctx: &Context,
    game: Uuid,
    end: GameEnd,
    kind: &'static str,
) -> Result<String, WebError> {
    let version = ctx.game.version;
    let actor = ctx.user.actor();
    let message = format!("{} ({}).", end.message, end.article);
    with_db(state, move |c| {
        db::record_adjournment_decision(
            c,
            game,
            version,
            &end.result,
            end.article,
            &end.message,
            kind,
            &actor,
        )
        .map_err(arbiter_error)
    })
    .await?;
    Ok(message)
}

/// A lost envelope (A.11).
#[derive(Debug, Deserialize)]
pub struct LostForm {
    /// The envelope's id.
    #[serde(default)]
    pub envelope: String,
    /// `on` when the adjourned position (and the recorded times) can be re-established.
    #[serde(default)]
    pub recoverable: String,
    /// The move the sealer says he sealed.
    #[serde(default)]
    pub stated_move: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/games/{game}/adjourn/lost` (A.11): the envelope is lost. If the
/// adjourned position can be re-established (A.11(a)), play resumes from it with the recorded
/// times, and the sealer makes the move he says he sealed (an illegal one is handled as an
/// illegal move on the board, Art. 7.4); logged. Otherwise (A.11(b)) the game is annulled (its
/// result blank) and a new game is played; stored and audited.
///
/// # Errors
/// As the page.
pub async fn lost(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    form: web::Form<LostForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, &session, id, game, Some(&form.csrf)).await?;
    let (envelope_id, env) = pending_envelope(&ctx, &form.envelope)?;
    let recoverable = form.recoverable == "on";
    let position = if recoverable {
        Some(
            env.info
                .position()
                .map_err(|e| bad("envelope", e.to_string()))?,
        )
    } else {
        None
    };
    let times = Some((env.info.white_time_used, env.info.black_time_used));
    let actor = ctx.user.actor();
    let message = match lost_envelope(position.as_ref(), times, &form.stated_move) {
        LostEnvelope::Resume {
            position,
            stated_move,
            ..
        } => {
            let (legal, text) = match &stated_move {
                Ok(m) => (
                    true,
                    format!(
                        "A.11(a): play resumes from the adjourned position (times used White {}, Black {}); {} makes the move he states he sealed, {}.",
                        clock(env.info.white_time_used),
                        clock(env.info.black_time_used),
                        colour_name(env.info.sealer),
                        position.san(*m)
                    ),
                ),
                Err(e) => (
                    false,
                    format!(
                        "A.11(a): play resumes from the adjourned position; the move {} states, `{}`, cannot be made ({e}): it is handled as an illegal move on the board (Art. 7.4).",
                        colour_name(env.info.sealer),
                        form.stated_move.trim()
                    ),
                ),
            };
            #[derive(Serialize)]
            struct LostNote {
                article: &'static str,
                stated_move: String,
                legal: bool,
                message: String,
            }
            let note = LostNote {
                article: "A.11(a)",
                stated_move: form.stated_move.trim().to_owned(),
                legal,
                message: text.clone(),
            };
            with_db(&state, move |c| {
                db::record_envelope_note(c, envelope_id, "lost_envelope", &note, &actor)
                    .map_err(arbiter_error)
            })
            .await?;
            text
        }
        LostEnvelope::Annulled(end) => record_end(&state, &ctx, game, end, "lost_envelope").await?,
    };
    let ctx = context(&state, &session, id, game, None).await?;
    render(&session, &ctx, message, None, StatusCode::OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_used_read_as_arbiters_write_them() {
        assert_eq!(parse_clock("t", "1:02:03").unwrap(), 3723);
        assert_eq!(parse_clock("t", "45:10").unwrap(), 2710);
        assert_eq!(parse_clock("t", "90").unwrap(), 90);
        assert!(parse_clock("t", "1:75").is_err());
        assert!(parse_clock("t", "").is_err());
        assert_eq!(clock(3723), "1:02:03");
    }
}
