//! FIDE mode on the settings page (FIDE's acceptance checklist, VCL4THP.13 Q40-Q46): every
//! tournament is in FIDE mode; the organizer may leave it, for good, giving a reason and ticking
//! the confirmation (the checklist's level-4 warning). Leaving is audited and recorded as
//! `### FIDE mode left @ Round n` in the TRF export ([`arbiter_db::leave_fide_mode`]); the
//! settings page then says so, with the round and the reason.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use uuid::Uuid;

use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Checked, Organizer, Staff, csrf_field};
use crate::l10n::Msg;
use crate::respond::{bad, see_other_done};
use crate::state::{AppState, with_db};

/// The form that leaves FIDE mode.
#[derive(Debug, Default, Deserialize)]
pub struct LeaveForm {
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// Why the tournament leaves FIDE mode (required; written in the `###` record).
    #[serde(default)]
    pub reason: String,
    /// `yes`: the organizer confirms (required).
    #[serde(default)]
    pub confirm: String,
}

csrf_field!(LeaveForm);

/// `POST /tournaments/{id}/fide-mode/leave`: takes the tournament out of FIDE mode for good.
///
/// # Errors
/// [`WebError::BadRequest`] naming `reason` (empty) or `confirm` (not ticked), or when the
/// tournament left already; [`WebError::Unauthorized`], [`WebError::Forbidden`].
pub async fn leave(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<LeaveForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let reason = form.reason.trim().to_owned();
    if reason.is_empty() {
        return Err(bad("reason", Msg::new("fide-mode-reason-missing")));
    }
    if form.confirm != "yes" {
        return Err(bad("confirm", Msg::new("fide-mode-confirm-missing")));
    }
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::leave_fide_mode(c, id, &reason, None, &actor)?)
    })
    .await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/edit"),
        Done::FideModeLeft,
    ))
}
