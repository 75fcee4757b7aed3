//! Players: registration by the form and by a CSV or TRF upload (all or none), the initial order
//! of pairing numbers (C.04.2), withdrawals and reinstatements, and byes requested for a round
//! (C.04.1). Every change is audited.

use actix_multipart::form::MultipartForm;
use actix_session::Session;
use actix_web::{HttpResponse, web};
use arbiter_tournament::names::Duplicate;
use arbiter_tournament::typed::parse_typed;
use arbiter_tournament::{Player, PlayerStatus, ResultCode};
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::check_csrf;
use crate::done::Done;
use crate::error::{FormError, WebError};
use crate::extract::{Checked, Organizer, Staff, csrf_field};
use crate::forms::{PlayerForm, TokenForm, UploadForm, looks_like_trf};
use crate::l10n::Msg;
use crate::names::{Channel, refusal, upload_refusal};
use crate::pages::{ManageOptions, Retry, Upload, manage_page_with};
use crate::respond::{bad, load, local_path, see_other_done};
use crate::state::{AppState, with_db};

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
            player: Some(form.clone()),
            q: String::new(),
            upload: Upload::default(),
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
    let stored = with_db(&state, move |c| {
        Ok(arbiter_db::add_player(c, id, &p, &actor)?)
    })
    .await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage"),
        Done::Registered(u32::from(stored.pairing_number)),
    ))
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
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage"),
        Done::Ordered,
    ))
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
    let player: u16 =
        parse_typed(&form.player).ok_or_else(|| bad("player", Msg::new("bad-pairing-number")))?;
    let round: u16 =
        parse_typed(&form.round).ok_or_else(|| bad("round", Msg::new("bad-round-number")))?;
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
                .ok_or_else(|| bad("code", Msg::new("bad-bye-code")))?,
        ),
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::request_bye(c, id, round, player, code, &actor))
    })
    .await??;
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage"),
        Done::Bye(u32::from(round)),
    ))
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
        _ => return Err(bad("status", Msg::new("bad-status"))),
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::set_player_status(c, id, pn, status, &actor))
    })
    .await??;
    let done = if status == PlayerStatus::Withdrawn {
        Done::Withdrawn(u32::from(pn))
    } else {
        Done::Reinstated(u32::from(pn))
    };
    let prefix = format!("/tournaments/{id}/");
    let manage = format!("/tournaments/{id}/manage");
    let back = local_path(&form.back)
        .filter(|b| b.starts_with(&prefix))
        .unwrap_or(&manage);
    Ok(see_other_done(back, done))
}

/// `POST /tournaments/{id}/players/upload` (multipart): registers every player of a CSV file
/// (columns as `arbiter_tournament::csv_io` documents) or of a TRF file's `001` records, all or
/// none, with the next pairing numbers. A file with problems shows the manage page again (400)
/// with the text in the paste box to correct and every problem on its own line, naming the
/// file's line. A player whose FIDE id is already registered or earlier in the file, or whose
/// name folds to a registered player's or an earlier line's
/// ([`arbiter_tournament::names::duplicates_in`]), is named by its line; name duplicates are
/// registered when the form says `confirm_duplicate=1`, which the refusal offers.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`]; a refused file is the page again.
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
    let stored = load(&state, id).await?;
    let (bytes, read) = match form.content() {
        Ok(bytes) => {
            let read = read_upload(&bytes, &stored.tournament.players);
            (bytes, read)
        }
        Err(e) => (Vec::new(), Err(vec![message_of(e)])),
    };
    // What was sent, to correct or to send again confirmed, as the readers read it (a file that
    // is not UTF-8 is not put in the box: sent again, its letters would change).
    let text = if std::str::from_utf8(&bytes).is_ok() {
        crate::names::text_of(&bytes)
    } else {
        String::new()
    };
    let (players, lines) = match read {
        Ok(read) => read,
        Err(problems) => {
            let upload = Upload {
                text,
                problems: problems.iter().map(|m| l.m(m)).collect(),
            };
            let first = problems
                .into_iter()
                .next()
                .unwrap_or_else(|| Msg::plain(""));
            let error = FormError::of(&bad("file", first), &l, &["file"]);
            let options = ManageOptions {
                upload,
                ..ManageOptions::default()
            };
            return manage_page_with(&state, &session, l, &user, id, error, options).await;
        }
    };
    let duplicates = arbiter_tournament::names::duplicates_in(&players, &stored.tournament.players);
    let line_of = |i: usize| lines.get(i).copied().unwrap_or(0);
    if let Some((error, may_confirm)) =
        upload_refusal(&l, &players, &duplicates, form.confirmed(), line_of)
    {
        let options = ManageOptions {
            retry: may_confirm.then(|| Retry::Upload(text.clone())),
            upload: Upload {
                text,
                problems: Vec::new(),
            },
            ..ManageOptions::default()
        };
        let error = FormError::top(error);
        return manage_page_with(&state, &session, l, &user, id, error, options).await;
    }
    let actor = user.actor();
    let added = with_db(&state, move |c| {
        Ok(arbiter_db::add_players(c, id, &players, &actor))
    })
    .await??;
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage"),
        Done::PlayersAdded(u32::try_from(added.len()).unwrap_or(u32::MAX)),
    ))
}

/// The message of a refusal naming the upload (`400`), or the error's own words.
fn message_of(e: WebError) -> Msg {
    match e {
        WebError::BadRequest { message, .. } => message,
        e => Msg::plain(e.to_string()),
    }
}

/// The players of an upload (a TRF file's `001` records, else CSV), each with its line in the
/// file; else every problem, one message each, naming its line.
fn read_upload(bytes: &[u8], registered: &[Player]) -> Result<(Vec<Player>, Vec<u64>), Vec<Msg>> {
    let (players, lines): (Vec<Player>, Vec<u64>) = if looks_like_trf(bytes) {
        let read = arbiter_tournament::read_trf(bytes)
            .map_err(|e| vec![crate::l10n::trf::trf_error(&e)])?;
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
        let located = arbiter_tournament::csv_io::import_players_located(bytes, registered)
            .map_err(|e| crate::l10n::csv::each(&e.errors))?
            .players;
        let lines = located.iter().map(|(line, _)| *line).collect();
        (located.into_iter().map(|(_, p)| p).collect(), lines)
    };
    if players.is_empty() {
        return Err(vec![Msg::new("bad-no-players")]);
    }
    Ok((players, lines))
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
