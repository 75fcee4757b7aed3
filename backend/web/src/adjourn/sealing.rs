//! Sealing the move (Appendix A.1-A.3): the envelope's form with A.2(a)-(g), the sealed move
//! checked for legality and encrypted on the arbiter's device, and what the envelope shows before
//! it is opened.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::arbiter as db;
use arbiter_tournament::arbiter::adjournment::{Envelope, EnvelopeInfo, Resumption, SealRandom};
use arbiter_tournament::arbiter::{colour_name, position_after_moves};
use uuid::Uuid;

use super::{
    Context, ReviewPage, SealForm, arbiter_error, clock, colour_of, context, parse_clock,
    parse_when, render, when_text,
};
use crate::auth::csrf_token;
use crate::error::WebError;
use crate::extract::{Arbiter, Checked, Staff};
use crate::respond::{bad, private, see_other};
use crate::{AppState, with_db};

/// Builds the envelope's information from the form (A.2(a)-(g)).
pub(crate) fn envelope_info(ctx: &Context, form: &SealForm) -> Result<EnvelopeInfo, WebError> {
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
    staff: Staff<Arbiter>,
    Checked(form): Checked<SealForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
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
    let key = state
        .config
        .seal_key
        .key()
        .map_err(|e| WebError::Internal(e.to_string()))?;
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
