//! The resumption (A.4-A.7): the players' check-in for the adjourned game, the envelope opened
//! with the replier present, the sealed move played, and the clocks started.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::arbiter::{self as db, Session as Sitting};
use arbiter_tournament::Colour;
use arbiter_tournament::arbiter::adjournment::{
    Envelope, Presence, ResumptionStart, SealedMoveVerdict, at_resumption, judge_sealed_move,
};
use arbiter_tournament::arbiter::colour_name;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Context, arbiter_error, colour_of, context, parse_when, render, when_text};
use crate::arbiter_words::{adjournment_msg, colour_msg, end_msg};
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Arbiter, Checked, Staff, csrf_field};
use crate::l10n::Msg;
use crate::respond::{bad, see_other_done};
use crate::state::{AppState, with_db};

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
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<CheckInForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    let colour = colour_of("colour", &form.colour)?
        .ok_or_else(|| bad("colour", Msg::new("adj-choose-colour")))?;
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
    Ok(see_other_done(
        &format!("/tournaments/{id}/games/{game}/adjourn"),
        Done::CheckedIn,
    ))
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

pub(crate) fn pending_envelope(ctx: &Context, id: &str) -> Result<(Uuid, Envelope), WebError> {
    let row = ctx
        .pending()
        .filter(|e| e.id == id.trim())
        .ok_or_else(|| bad("envelope", Msg::new("adj-no-such-envelope")))?;
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
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<EnvelopeForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    let (envelope_id, _) = pending_envelope(&ctx, &form.envelope)?;
    let key = state
        .config
        .seal_key
        .key()
        .map_err(|e| WebError::Internal(e.to_string()))?;
    let actor = ctx.user.actor();
    // Opening, the verdict and the result it decides are one transaction: an error after the
    // envelope is opened leaves it sealed, not opened without its result.
    let message = with_db(&state, move |c| {
        arbiter_db::atomically(c, |c| {
            let now = arbiter_db::audit::now();
            let (_, envelope) =
                db::open_envelope(c, envelope_id, &key, now, &actor).map_err(arbiter_error)?;
            let text = envelope
                .revealed()
                .map(|r| r.move_text.clone())
                .unwrap_or_default();
            let verdict = judge_sealed_move(&envelope.info, &text)
                .map_err(|e| bad("envelope", adjournment_msg(&e)))?;
            let message = match (verdict.end(), &verdict) {
                (Some(end), _) => {
                    let g = arbiter_db::game(c, game)?.ok_or_else(|| WebError::no_game(game))?;
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
                    end_msg(end)
                }
                (None, v) => {
                    let san = match v {
                        SealedMoveVerdict::Legal { san, .. } => san.clone(),
                        SealedMoveVerdict::Defective { .. } => text.clone(),
                    };
                    let ins = db::check_ins_for(c, game, Sitting::Resumption)?;
                    let sealer_here = ins.of(envelope.info.sealer).is_some_and(|t| t <= now);
                    Msg::new(if sealer_here {
                        "adj-sealed-made"
                    } else {
                        "adj-sealed-may-reply"
                    })
                    .ltr("move", san)
                    .msg("colour", colour_msg(envelope.info.replier()))
                }
            };
            Ok(message)
        })
    })
    .await?;
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    render(&req, &session, &ctx, &message, None, StatusCode::OK)
}

/// `POST /tournaments/{id}/games/{game}/adjourn/clock` (A.9(b)): the replier is absent at the
/// resumption: the envelope stays closed and his clock is started; logged.
///
/// # Errors
/// [`WebError::BadRequest`] before the resumption time or when the replier is present; as the
/// page.
pub async fn start_clock(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<EnvelopeForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    let (envelope_id, env) = pending_envelope(&ctx, &form.envelope)?;
    let now = arbiter_db::audit::now();
    if now < env.info.resumption.at {
        return Err(bad(
            "envelope",
            Msg::new("adj-no-clock-before")
                .ltr_digits("at", when_text(ctx.zone, env.info.resumption.at)),
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
            Msg::new("adj-replier-present").msg("colour", colour_msg(env.info.replier())),
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
    let message = Msg::new("adj-clock-started")
        .msg("colour", colour_msg(running))
        .ltr_digits("at", when_text(ctx.zone, since));
    render(&req, &session, &ctx, &message, None, StatusCode::OK)
}

csrf_field!(CheckInForm, EnvelopeForm);
