//! Sealing the move (Appendix A.1-A.3): the envelope's form with A.2(a)-(g), the sealed move
//! checked for legality and encrypted on the arbiter's device, and what the envelope shows before
//! it is opened.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::arbiter as db;
use arbiter_tournament::arbiter::adjournment::{Envelope, EnvelopeInfo, Resumption, SealRandom};
use arbiter_tournament::arbiter::position_after_moves;
use uuid::Uuid;

use super::{
    Context, ReviewPage, SealForm, arbiter_error, clock, colour_of, context, parse_clock,
    parse_when, render, when_in,
};
use crate::arbiter_words::{self as words, adjournment_msg, colour, moves_msg};
use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Arbiter, Checked, Staff};
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, private, see_other_done};
use crate::state::{AppState, with_db};

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
                moves_msg(&e),
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
    .map_err(|e| bad("envelope", adjournment_msg(&e)))?;
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
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<SealForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let ctx = context(&state, staff.user.clone(), id, game).await?;
    let none = Msg::plain("");
    if form.step == "change" {
        return render(&req, &session, &ctx, &none, Some(form), StatusCode::OK);
    }
    let l = L10n::negotiate(&req);
    let info = match envelope_info(&ctx, &form) {
        Ok(info) => info,
        Err(e) => {
            return render(
                &req,
                &session,
                &ctx,
                &Msg::plain(e.detail(&l)),
                Some(form),
                StatusCode::BAD_REQUEST,
            );
        }
    };
    let mut envelope =
        Envelope::new(Uuid::new_v4(), info).map_err(|e| bad("envelope", adjournment_msg(&e)))?;
    if let Err(e) = envelope.write_move(&form.sealed_move) {
        return render(
            &req,
            &session,
            &ctx,
            &Msg::plain(bad("sealed_move", adjournment_msg(&e)).detail(&l)),
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
            players: l.ta(
                "adj-players",
                &[
                    ("white", l.data(&info.white)),
                    ("black", l.data(&info.black)),
                ],
            ),
            intro: l.ta("adj-review-intro", &[("colour", colour(&l, info.sealer))]),
            sealed_by: l.ta(
                "adj-sealer-move",
                &[
                    ("colour", colour(&l, info.sealer)),
                    ("n", l.int(info.move_number)),
                ],
            ),
            times: l.ta(
                "adj-times",
                &[
                    ("white", words::time(&l, &clock(info.white_time_used))),
                    ("black", words::time(&l, &clock(info.black_time_used))),
                ],
            ),
            position_fen: info.position_fen.clone(),
            draw_offer: l.t(match info.draw_offer {
                Some(arbiter_tournament::Colour::White) => "adj-offer-white",
                Some(arbiter_tournament::Colour::Black) => "adj-offer-black",
                None => "adj-offer-none",
            }),
            resumption: l.ta(
                "adj-resumption-at",
                &[
                    ("at", when_in(&l, ctx.zone, info.resumption.at)),
                    ("place", l.data(&info.resumption.place)),
                ],
            ),
            form,
            l,
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
        .map_err(|e| bad("sealed_move", adjournment_msg(&e)))?;
    let actor = ctx.user.actor();
    with_db(&state, move |c| {
        db::store_envelope(c, game, &envelope, &actor).map_err(arbiter_error)
    })
    .await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/games/{game}/adjourn"),
        Done::Sealed,
    ))
}
