//! The correcting form of a registered player (issue #46, item 5): a typo in a name, a rating,
//! a FIDE id, a federation or a title, found after registration (by the form, a file or a
//! team's roster), is corrected here, with the checks of registration
//! ([`crate::forms::PlayerForm::to_model`]: digits of any script, no hidden character, a name
//! required), and audited with the player before and after (`arbiter_db::update_player`). The
//! pairing number, the status and the results stay. A rating changed once round 1 is paired
//! changes the pairing order of the next rounds (C.04.3: the players are ranked by score, then
//! rating): allowed, and the form and the notice say so.
//!
//! - `GET /tournaments/{id}/players/{pn}/edit` (organizer): the form, filled in;
//! - `POST /tournaments/{id}/players/{pn}/edit` (organizer): the correction; a refused field
//!   shows the form again with what was typed and the message beside the field (400), a page
//!   older than the tournament's last change the form again (409).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::ChangeError;
use arbiter_tournament::Player;
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::{FormError, WebError};
use crate::extract::{Checked, Organizer, Staff, csrf_field};
use crate::forms::PlayerForm;
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, load, parse_seen, private, see_other_done, seen_token};
use crate::state::{AppState, with_db};

/// The correcting form as sent: the register form's fields, and the tournament's last change
/// as the page showed it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct CorrectForm {
    /// `Last, First` (required, at most 33 characters).
    #[serde(default)]
    pub name: String,
    /// FIDE title (`GM`, `IM`, ...), empty for none.
    #[serde(default)]
    pub title: String,
    /// FIDE rating, 0-3500, empty for none; digits of any script.
    #[serde(default)]
    pub rating: String,
    /// Federation, three letters, empty for none.
    #[serde(default)]
    pub federation: String,
    /// FIDE id, digits of any script, empty for none.
    #[serde(default)]
    pub fide_id: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

csrf_field!(CorrectForm);

impl CorrectForm {
    /// The register form with the same fields (its checks are registration's).
    fn player_form(&self) -> PlayerForm {
        PlayerForm {
            name: self.name.clone(),
            title: self.title.clone(),
            rating: self.rating.clone(),
            federation: self.federation.clone(),
            fide_id: self.fide_id.clone(),
            ..PlayerForm::default()
        }
    }

    /// The form filled in with player `p` as stored (ASCII digits, as typed ones are kept).
    fn of(p: &Player, seen: String) -> CorrectForm {
        CorrectForm {
            name: p.name.clone(),
            title: p
                .title
                .as_ref()
                .map(|t| t.as_str().to_owned())
                .unwrap_or_default(),
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            federation: p.federation.clone().unwrap_or_default(),
            fide_id: p.fide_id.map(|f| f.to_string()).unwrap_or_default(),
            seen,
            csrf: String::new(),
        }
    }
}

#[derive(Template)]
#[template(path = "player_edit.html")]
struct EditPage {
    l: L10n,
    id: String,
    /// The tournament's name.
    name: String,
    /// The player's pairing number, in the reader's digits, and as the forms send it.
    pairing_number: String,
    number: u16,
    /// The player's name as stored (the heading).
    stored_name: String,
    csrf: String,
    form: CorrectForm,
    error: FormError,
    /// Whether round 1 is paired (a rating changed now changes the next rounds' order).
    paired: bool,
}

/// The form page: `form` as typed (else the player as stored), with `error`.
async fn page(
    state: &AppState,
    session: &Session,
    l: L10n,
    (id, pn): (Uuid, u16),
    typed: Option<CorrectForm>,
    (error, status): (FormError, StatusCode),
) -> Result<HttpResponse, WebError> {
    let stored = load(state, id).await?;
    let t = &stored.tournament;
    let p = t.player(pn).ok_or_else(|| WebError::no_player(pn))?;
    let form = typed.unwrap_or_else(|| CorrectForm::of(p, seen_token(stored.updated_at)));
    private(
        &EditPage {
            id: id.to_string(),
            name: t.name.clone().unwrap_or_default(),
            pairing_number: l.int(pn),
            number: pn,
            stored_name: crate::views::titled_name(p),
            csrf: csrf_token(session)?,
            form,
            error,
            paired: t.next_round_number() > 1,
            l,
        },
        status,
    )
}

/// `GET /tournaments/{id}/players/{pn}/edit`: the correcting form of player `pn`, filled in.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not the organizer),
/// [`WebError::NotFound`] (no such tournament or player).
pub async fn form(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<(Uuid, u16)>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let shown = (FormError::none(), StatusCode::OK);
    page(&state, &session, l, path.into_inner(), None, shown).await
}

/// `POST /tournaments/{id}/players/{pn}/edit`: corrects player `pn`'s name, title, rating,
/// federation and FIDE id (checked as registration checks them; the sex, pairing number, status
/// and results stay), audited with the player before and after, then the manage page says so.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`]; a refused field
/// (an empty name, a FIDE id another player has, ...) is the form again (400) with the message
/// beside it, a stale page the form again (409); nothing is stored then.
pub async fn correct(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<(Uuid, u16)>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<CorrectForm>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    let stored = load(&state, id).await?;
    let before = stored
        .tournament
        .player(pn)
        .cloned()
        .ok_or_else(|| WebError::no_player(pn))?;
    let checked = form
        .player_form()
        .to_model()
        .and_then(|p| Ok((p, parse_seen(&form.seen)?)));
    let (mut player, seen) = match checked {
        Ok(checked) => checked,
        Err(e) => {
            let error = FormError::of(&e, &l, &PlayerForm::FIELDS);
            let refused = (error, StatusCode::BAD_REQUEST);
            return page(&state, &session, l, (id, pn), Some(form), refused).await;
        }
    };
    player.sex = before.sex;
    let rating_moved = player.rating != before.rating && stored.tournament.next_round_number() > 1;
    let actor = user.actor();
    let saved = with_db(&state, move |c| {
        Ok(arbiter_db::update_player(
            c,
            id,
            pn,
            &player,
            Some(seen),
            &actor,
        ))
    })
    .await?;
    let refused = match saved {
        Ok(_) => {
            let done = if rating_moved {
                Done::CorrectedRating(u32::from(pn))
            } else {
                Done::Corrected(u32::from(pn))
            };
            return Ok(see_other_done(&format!("/tournaments/{id}/manage"), done));
        }
        Err(ChangeError::Stale) => (FormError::top(l.t("edit-stale")), StatusCode::CONFLICT),
        Err(ChangeError::NotAllowed(_)) => {
            let e = bad("fide_id", Msg::new("csv-fide-id-used"));
            let error = FormError::of(&e, &l, &PlayerForm::FIELDS);
            (error, StatusCode::BAD_REQUEST)
        }
        Err(e) => return Err(e.into()),
    };
    // A stale page shows the player as stored now; a refused FIDE id what was typed.
    let typed = (refused.1 != StatusCode::CONFLICT).then_some(form);
    page(&state, &session, l, (id, pn), typed, refused).await
}
