//! Players: registration by the form and by a CSV or TRF upload (all or none), the initial order
//! of pairing numbers (C.04.2), withdrawals and reinstatements, and byes requested for a round
//! (C.04.1). Every change is audited.

use actix_multipart::form::MultipartForm;
use actix_session::Session;
use actix_web::{HttpResponse, web};
use arbiter_tournament::names::Duplicate;
use arbiter_tournament::typed::parse_typed;
use arbiter_tournament::{PlayerStatus, ResultCode};
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::check_csrf;
use crate::error::{FormError, WebError};
use crate::extract::{Checked, Organizer, Staff, csrf_field};
use crate::forms::{PlayerForm, TokenForm, UploadForm, looks_like_trf, trf_problem};
use crate::names::{Channel, refusal, upload_refusal};
use crate::pages::{ManageOptions, Retry, manage_page_with};
use crate::respond::{bad, load, local_path, see_other};
use crate::{AppState, with_db};

/// `POST /tournaments/{id}/players`: registers a player with the next pairing number.
///
/// A player whose FIDE id is already registered is refused (`fide_id`); one whose name folds to
/// a registered player's ([`arbiter_tournament::names`]) is refused (`name`) unless the form
/// says `confirm_duplicate=1`, which the refusal offers.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF, not the organizer); a bad field
/// or a duplicate shows the page again naming it (400).
pub async fn register_player(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
    l: crate::l10n::L10n,
    Staff { user, .. }: Staff<Organizer>,
    Checked(mut form): Checked<PlayerForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let t = load(&state, id).await?.tournament;
    // A FIDE id in the newest rating list fills what the form left empty.
    let listing = crate::listed::look_up(&state, &t, std::slice::from_ref(&form)).await?;
    if let Some(listing) = listing.first() {
        listing.fill(&mut form);
    }
    let mut p = match form.to_model() {
        Ok(p) => p,
        Err(e) => {
            let error = FormError::of(&e, &l, &PlayerForm::FIELDS);
            let options = ManageOptions {
                player: Some(form),
                ..ManageOptions::default()
            };
            return manage_page_with(&state, &session, l, &user, id, error, options).await;
        }
    };
    if let Some(listing) = listing.first() {
        listing.complete(&mut p);
    }
    let registered = t.players;
    let duplicates = arbiter_tournament::names::duplicates_of(&p, &registered);
    let refused = refusal(&duplicates, form.confirmed(), Channel::Form);
    if let Some(e) = refused {
        let may_confirm = duplicates.first().is_some_and(Duplicate::may_confirm);
        // A possible duplicate is the registration's, asked with its confirmation at the top;
        // a FIDE id already registered stands beside the field.
        let error = if may_confirm {
            FormError::top(e.detail(&l))
        } else {
            FormError::of(&e, &l, &PlayerForm::FIELDS)
        };
        let options = ManageOptions {
            q: String::new(),
            player: Some(form.clone()),
            retry: may_confirm.then(|| {
                Retry::Player([
                    ("name", form.name.clone()),
                    ("title", form.title.clone()),
                    ("rating", form.rating.clone()),
                    ("federation", form.federation.clone()),
                    ("fide_id", form.fide_id.clone()),
                ])
            }),
        };
        return manage_page_with(&state, &session, l, &user, id, error, options).await;
    }
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::add_player(c, id, &p, &actor)?)
    })
    .await?;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

/// `POST /tournaments/{id}/players/order`: gives the players their pairing numbers by the
/// initial order (C.04.2: rating, title, name), before round 1 is paired.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] once round 1
/// is paired, [`WebError::NotFound`].
pub async fn order_players(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(_form): Checked<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::rank_players_initially(c, id, &actor))
    })
    .await??;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

/// The bye-request form.
#[derive(Debug, Deserialize)]
pub struct ByeForm {
    /// The player's pairing number.
    #[serde(default)]
    pub player: String,
    /// The round, from 1.
    #[serde(default)]
    pub round: String,
    /// `H` (half point), `Z` (zero), `F` (full point), or `cancel`.
    #[serde(default)]
    pub code: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/byes`: records (or cancels) a bye requested for a round not yet
/// paired (C.04.1: the player is not paired that round).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming the
/// field, [`WebError::NotFound`] for an unknown player.
pub async fn request_bye(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<ByeForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let player: u16 = parse_typed(&form.player)
        .ok_or_else(|| bad("player", crate::l10n::Msg::new("bad-pairing-number")))?;
    let round: u16 = parse_typed(&form.round)
        .ok_or_else(|| bad("round", crate::l10n::Msg::new("bad-round-number")))?;
    let code = match form.code.trim() {
        "cancel" => None,
        c => Some(
            c.chars()
                .next()
                .and_then(ResultCode::from_trf_char)
                .filter(|code| {
                    c.len() == 1
                        && matches!(
                            code,
                            ResultCode::HalfBye | ResultCode::ZeroBye | ResultCode::FullBye
                        )
                })
                .ok_or_else(|| bad("code", crate::l10n::Msg::new("bad-bye-code")))?,
        ),
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::request_bye(c, id, round, player, code, &actor))
    })
    .await??;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

/// The withdraw / reinstate form.
#[derive(Debug, Deserialize)]
pub struct StatusForm {
    /// `withdrawn` or `active`.
    #[serde(default)]
    pub status: String,
    /// Where to go back to (a path of this tournament, such as the board view), optional: the
    /// manage page otherwise.
    #[serde(default)]
    pub back: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/players/{pn}/status`: withdraws a player (not paired any more) or
/// reinstates one.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`],
/// [`WebError::NotFound`].
pub async fn player_status(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, u16)>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<StatusForm>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    let status = match form.status.trim() {
        "withdrawn" => PlayerStatus::Withdrawn,
        "active" => PlayerStatus::Active,
        _ => return Err(bad("status", crate::l10n::Msg::new("bad-status"))),
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::set_player_status(c, id, pn, status, &actor))
    })
    .await??;
    let prefix = format!("/tournaments/{id}/");
    match local_path(&form.back).filter(|b| b.starts_with(&prefix)) {
        Some(back) => Ok(see_other(back)),
        None => Ok(see_other(&format!("/tournaments/{id}/manage"))),
    }
}

/// `POST /tournaments/{id}/players/upload` (multipart): registers every player of a CSV file
/// (columns as `arbiter_tournament::csv_io` documents) or of a TRF file's `001` records, all or
/// none, with the next pairing numbers; every bad line is named. A player whose FIDE id is
/// already registered or earlier in the file, or whose name folds to a registered player's or an
/// earlier line's ([`arbiter_tournament::names::duplicates_in`]), is named by its line; name
/// duplicates are registered when the form says `confirm_duplicate=1`, which the refusal offers.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming the
/// line and field.
pub async fn upload_players(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
    l: crate::l10n::L10n,
    Staff { user, .. }: Staff<Organizer>,
    MultipartForm(form): MultipartForm<UploadForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    check_csrf(&session, form.csrf())?;
    let bytes = form.content()?;
    let stored = load(&state, id).await?;
    let (players, lines): (Vec<_>, Vec<u64>) = if looks_like_trf(&bytes) {
        let read = arbiter_tournament::read_trf(&bytes).map_err(|e| trf_problem(&e))?;
        let lines = read
            .tournament
            .players
            .iter()
            .map(|p| {
                read.player_lines
                    .get(&p.pairing_number)
                    .map_or(0, |&n| n as u64)
            })
            .collect();
        (read.tournament.players, lines)
    } else {
        // Like a TRF file's warnings, the CSV's (an unreadable birth date, imported as none)
        // are not shown here: the player is added without it.
        let located =
            arbiter_tournament::csv_io::import_players_located(&bytes, &stored.tournament.players)
                .map_err(|e| WebError::BadRequest {
                    field: "file".into(),
                    message: crate::l10n::csv::errors(&e.errors),
                })?
                .players;
        let lines = located.iter().map(|(line, _)| *line).collect();
        (located.into_iter().map(|(_, p)| p).collect(), lines)
    };
    if players.is_empty() {
        return Err(bad("file", crate::l10n::Msg::new("bad-no-players")));
    }
    let duplicates = arbiter_tournament::names::duplicates_in(&players, &stored.tournament.players);
    let line_of = |i: usize| lines.get(i).copied().unwrap_or(0);
    if let Some((error, may_confirm)) =
        upload_refusal(&l, &players, &duplicates, form.confirmed(), line_of)
    {
        // What was sent, to send again confirmed, as the readers read it.
        let text = crate::names::text_of(&bytes);
        let options = ManageOptions {
            q: String::new(),
            retry: may_confirm.then_some(Retry::Upload(text)),
            player: None,
        };
        let error = FormError::top(error);
        return manage_page_with(&state, &session, l, &user, id, error, options).await;
    }
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::add_players(c, id, &players, &actor))
    })
    .await??;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

csrf_field!(ByeForm, StatusForm);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trf_and_csv_are_told_apart() {
        assert!(looks_like_trf(b"012 Open\n001    1 m    Doe, John"));
        assert!(looks_like_trf(b"\xef\xbb\xbf001    1      Doe, John"));
        assert!(looks_like_trf(b"\n\nXXR 7\n"));
        assert!(!looks_like_trf(b"name,rating\nDoe, John,2000\n"));
        assert!(!looks_like_trf(b"2000,Doe\n"));
    }
}
