//! The tournament's staff: the organizer grants the arbiter or organizer role to an account (by
//! its e-mail address) or takes it back. Audited; the manage page lists who has which role.

use actix_web::{HttpResponse, web};
use arbiter_db::Role;
use serde::Deserialize;
use uuid::Uuid;

use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Checked, Organizer, Staff, csrf_field};
use crate::respond::{bad, see_other_done};
use crate::state::{AppState, with_db};

/// The grant / revoke form.
#[derive(Debug, Deserialize)]
pub struct RoleForm {
    /// The account's e-mail address.
    #[serde(default)]
    pub email: String,
    /// `arbiter` or `organizer`.
    #[serde(default)]
    pub role: String,
    /// `grant` (the default) or `revoke`.
    #[serde(default)]
    pub action: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/roles`: grants or revokes a role in the tournament. An organizer
/// cannot revoke his own organizer role (someone must stay in charge).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF, not the organizer),
/// [`WebError::BadRequest`] naming the field (unknown role or address),
/// [`WebError::NotFound`].
pub async fn change_role(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<RoleForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let role = Role::parse(form.role.trim())
        .ok_or_else(|| bad("role", crate::l10n::Msg::new("bad-role")))?;
    let revoke = match form.action.trim() {
        "" | "grant" => false,
        "revoke" => true,
        _ => return Err(bad("action", crate::l10n::Msg::new("bad-role-action"))),
    };
    let email = form.email.trim().to_owned();
    if email.is_empty() {
        return Err(bad("email", crate::l10n::Msg::new("bad-staff-email")));
    }
    let actor = user.actor();
    let me = user.email.clone();
    with_db(&state, move |c| {
        let target = arbiter_db::accounts::user_by_email(c, &email)?.ok_or_else(|| {
            bad(
                "email",
                crate::l10n::Msg::new("bad-no-account").ltr("email", email.clone()),
            )
        })?;
        if revoke {
            if role == Role::Organizer && target.email == me {
                return Err(bad("role", crate::l10n::Msg::new("bad-own-role")));
            }
            arbiter_db::accounts::revoke_role(c, target.uuid()?, id, role, &actor)?;
        } else {
            if arbiter_db::tournament_row(c, id)?.is_none() {
                return Err(WebError::no_tournament(id));
            }
            arbiter_db::accounts::grant_role(c, target.uuid()?, id, role, &actor)?;
        }
        Ok(())
    })
    .await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage"),
        Done::Staff,
    ))
}

csrf_field!(RoleForm);
