//! The arbiter's decisions on an adjourned game (A.8-A.11): a result agreed before the resumption,
//! a player late or absent at the resumption, and a lost or unclear envelope.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::arbiter as db;
use arbiter_tournament::Colour;
use arbiter_tournament::arbiter::adjournment::{
    BeforeResumption, DrawOffer, GameEnd, LateVerdict, LostEnvelope, before_resumption,
    judge_sealed_move, late_for_resumption, lost_envelope,
};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::resumption::pending_envelope;
use super::{Context, arbiter_error, clock, context, render, when_text};
use crate::arbiter_words::{adjournment_msg, colour_msg, draw_offer_msg, end_msg};
use crate::error::WebError;
use crate::extract::{Arbiter, Checked, Staff, csrf_field};
use crate::l10n::Msg;
use crate::respond::bad;
use crate::state::{AppState, with_db};

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
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<BeforeForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    let row = ctx
        .pending()
        .ok_or_else(|| bad("event", Msg::new("adj-not-adjourned")))?;
    let env = row.to_envelope()?;
    let end = match form.event.as_str() {
        "draw" => before_resumption(BeforeResumption::DrawAgreed),
        "accept" => {
            let mut offer = DrawOffer {
                standing: env.info.draw_offer,
            };
            let by = env
                .info
                .draw_offer
                .map(Colour::opposite)
                .ok_or_else(|| bad("event", Msg::new("adj-no-offer")))?;
            offer
                .accept(by)
                .map_err(|e| bad("event", draw_offer_msg(&e)))?
        }
        "resign_w" => before_resumption(BeforeResumption::Resigned(Colour::White)),
        "resign_b" => before_resumption(BeforeResumption::Resigned(Colour::Black)),
        other => {
            return Err(bad("event", Msg::new("adj-bad-event").ltr("value", other)));
        }
    };
    let message = record_end(&state, &ctx, game, end, "before_resumption").await?;
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    render(&req, &session, &ctx, &message, None, StatusCode::OK)
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
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<LateForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    let row = ctx
        .envelopes
        .last()
        .ok_or_else(|| bad("envelope", Msg::new("adj-no-envelope-late")))?;
    if ctx.game.white_code != "X" || ctx.game.black_code != "X" {
        return Err(bad("envelope", Msg::new("adj-decided-already")));
    }
    let env = row.to_envelope()?;
    let verdict = match row.revealed_move.as_deref() {
        Some(m) => Some(
            judge_sealed_move(&env.info, m).map_err(|e| bad("envelope", adjournment_msg(&e)))?,
        ),
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
    .map_err(|e| bad("envelope", adjournment_msg(&e)))?;
    let message = match decided {
        LateVerdict::NotYet { deadline } => {
            Msg::new("adj-late-not-yet").ltr_digits("at", when_text(ctx.zone, deadline))
        }
        LateVerdict::BothInTime => Msg::new("adj-late-in-time"),
        LateVerdict::Decided(end) => {
            record_end(&state, &ctx, game, end, "late_for_resumption").await?
        }
    };
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    render(&req, &session, &ctx, &message, None, StatusCode::OK)
}

/// Records `end` as the result of the adjourned game `game` (`kind`: what decided it, for the
/// record), against the game's version as `ctx` read it; returns the page's message.
///
/// # Errors
/// `409` when the game changed since (with the game as it stands); the database's error.
pub(crate) async fn record_end(
    state: &AppState,
    ctx: &Context,
    game: Uuid,
    end: GameEnd,
    kind: &'static str,
) -> Result<Msg, WebError> {
    let version = ctx.game.version;
    let actor = ctx.user.actor();
    let message = end_msg(&end);
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
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<LostForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    let (envelope_id, env) = pending_envelope(&ctx, &form.envelope)?;
    let recoverable = form.recoverable == "on";
    let position = if recoverable {
        Some(
            env.info
                .position()
                .map_err(|e| bad("envelope", adjournment_msg(&e)))?,
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
            let (legal, shown) = match &stated_move {
                Ok(m) => (
                    true,
                    Msg::new("adj-lost-resume")
                        .ltr_digits("white", clock(env.info.white_time_used))
                        .ltr_digits("black", clock(env.info.black_time_used))
                        .msg("colour", colour_msg(env.info.sealer))
                        .ltr("move", position.san(*m)),
                ),
                Err(e) => (
                    false,
                    Msg::new("adj-lost-illegal")
                        .msg("colour", colour_msg(env.info.sealer))
                        .ltr("move", form.stated_move.trim())
                        .data("why", e.to_string()),
                ),
            };
            // The record keeps the English sentence, as every audit entry.
            let text = shown.to_string();
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
            shown
        }
        LostEnvelope::Annulled(end) => record_end(&state, &ctx, game, end, "lost_envelope").await?,
    };
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    render(&req, &session, &ctx, &message, None, StatusCode::OK)
}

csrf_field!(BeforeForm, LateForm, LostForm);
