//! Tournaments as the organizer sees them: creating one (the form's settings: name, dates,
//! rounds, pairing system, scoring (Art. 11), tie-breaks (C.07), default time (Art. 6.7)),
//! importing one from TRF, the manage page, the settings form, and the exports (TRF, CSV).
//! Every change is audited in the transaction that makes it.

use actix_multipart::form::MultipartForm;
use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, web};
use arbiter_db::ChangeError;
use askama::Template;
use uuid::Uuid;

use crate::auth::{check_csrf, csrf_token};
use crate::done::Done;
use crate::error::{FormError, WebError};
use crate::extract::{Arbiter, Checked, Organizer, SignedIn, Staff};
use crate::forms::{EditForm, TournamentForm, UploadForm, trf_problem};
use crate::l10n::L10n;
use crate::pages::{ManageOptions, manage_page_with};
use crate::respond::{load, ok, parse_seen, private, see_other_done};
use crate::settings_guard::{self, Guarded, Save};
use crate::state::{AppState, with_db};
use crate::views::systems_in;

#[derive(Template)]
#[template(path = "new_tournament.html")]
pub(crate) struct NewTournamentPage {
    l: L10n,
    csrf: String,
    error: FormError,
    form: TournamentForm,
    systems: Vec<(&'static str, String)>,
}

/// `GET /tournaments/new`.
///
/// # Errors
/// [`WebError::Unauthorized`].
pub async fn new_tournament_form(
    _state: web::Data<AppState>,
    session: Session,
    l: L10n,
    _user: SignedIn,
) -> Result<HttpResponse, WebError> {
    ok(&NewTournamentPage {
        csrf: csrf_token(&session)?,
        error: FormError::none(),
        form: TournamentForm::default(),
        systems: systems_in(&l),
        l,
    })
}

/// `POST /tournaments/new`: creates the tournament; its creator becomes its organizer.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF), [`WebError::Database`]; a bad
/// field shows the form again with the field named (400).
pub async fn create_tournament(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
    Checked(form): Checked<TournamentForm>,
) -> Result<HttpResponse, WebError> {
    let (t, minutes) = match form.to_model() {
        Ok(x) => x,
        Err(e) => {
            return private(
                &NewTournamentPage {
                    csrf: csrf_token(&session)?,
                    error: FormError::of(&e, &l, &TournamentForm::FIELDS),
                    form,
                    systems: systems_in(&l),
                    l,
                },
                StatusCode::BAD_REQUEST,
            );
        }
    };
    let id = with_db(&state, move |c| {
        Ok(arbiter_db::create_tournament_for(c, &t, minutes, &user)?)
    })
    .await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage"),
        Done::Created,
    ))
}

/// `GET /tournaments/{id}/manage`: the organizer's and arbiters' page; `?q=` finds players by
/// name ([`crate::names::NameQuery`]).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] without a role, [`WebError::NotFound`].
pub async fn manage(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    query: web::Query<crate::names::NameQuery>,
    SignedIn(user): SignedIn,
) -> Result<HttpResponse, WebError> {
    let options = ManageOptions {
        q: query.words(),
        ..ManageOptions::default()
    };
    let id = path.into_inner();
    manage_page_with(&state, &session, l, &user, id, FormError::none(), options).await
}

/// The export formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Export {
    Trf16,
    Trf2026,
    PlayersCsv,
}

/// `GET /tournaments/{id}/export/{format}` (`trf16`, `trf2026`, `players.csv`): a download for
/// the tournament's organizer and arbiters (the files carry birth dates and FIDE ids).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`] (also for an
/// unknown format).
pub async fn export(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, String)>,
    _staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, format) = path.into_inner();
    let kind = match format.as_str() {
        "trf16" => Export::Trf16,
        "trf2026" => Export::Trf2026,
        "players.csv" => Export::PlayersCsv,
        other => {
            return Err(WebError::NotFound(
                crate::l10n::Msg::new("what-export-format").ltr("format", other),
            ));
        }
    };
    let stored = with_db(&state, move |c| Ok(arbiter_db::load_tournament(c, id)?))
        .await?
        .ok_or_else(|| WebError::no_tournament(id))?;
    let t = &stored.tournament;
    let (body, content_type, ext) = match kind {
        Export::Trf16 => (
            arbiter_tournament::write_trf(t, arbiter_tournament::TrfVersion::Trf16).into_bytes(),
            "text/plain; charset=utf-8",
            "trf",
        ),
        Export::Trf2026 => (
            arbiter_tournament::write_trf(t, arbiter_tournament::TrfVersion::Trf2026).into_bytes(),
            "text/plain; charset=utf-8",
            "trf",
        ),
        Export::PlayersCsv => {
            let mut out = Vec::new();
            arbiter_tournament::csv_io::export_players(&t.players, &mut out)
                .map_err(|e| WebError::Internal(e.to_string()))?;
            (out, "text/csv; charset=utf-8", "csv")
        }
    };
    let stem: String = t
        .name
        .as_deref()
        .unwrap_or("tournament")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let suffix = match kind {
        Export::Trf16 => "",
        Export::Trf2026 => "-trf2026",
        Export::PlayersCsv => "-players",
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"{}{suffix}.{ext}\"",
                stem.trim_matches('-')
            ),
        ))
        .body(body))
}

/// `POST /tournaments/import` (multipart): creates a tournament from a TRF file (TRF16 or
/// TRF-2026) with its players, rounds and results; the account becomes its organizer. Rounds
/// the file has paired are published.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (CSRF), [`WebError::BadRequest`] naming
/// the line and field of the file.
pub async fn import_tournament(
    state: web::Data<AppState>,
    session: Session,
    SignedIn(user): SignedIn,
    MultipartForm(form): MultipartForm<UploadForm>,
) -> Result<HttpResponse, WebError> {
    check_csrf(&session, form.csrf())?;
    let bytes = form.content()?;
    let mut t = arbiter_tournament::read_trf(&bytes)
        .map_err(|e| trf_problem(&e))?
        .tournament;
    t.publish_paired_rounds();
    // FIDE's checklist (VCL4THP.13 Q54, Q55): every imported round checked against the pairing
    // rules; a round they would not make is recorded (`### Import @ Round n`) and warned of.
    let (t, irregular) = web::block(move || {
        let review = arbiter_tournament::recheck::review_import(&t);
        let irregular = review.irregular().len();
        t.other_records.extend(review.import_records());
        (t, irregular)
    })
    .await
    .map_err(|e| WebError::Internal(e.to_string()))?;
    let id = with_db(&state, move |c| {
        Ok(arbiter_db::create_tournament_for(c, &t, None, &user)?)
    })
    .await?;
    let done = match u32::try_from(irregular) {
        Ok(0) => Done::Imported,
        Ok(n) => Done::ImportedIrregular(n),
        Err(_) => Done::ImportedIrregular(u32::MAX),
    };
    Ok(see_other_done(&format!("/tournaments/{id}/manage"), done))
}

#[derive(Template)]
#[template(path = "edit_tournament.html")]
pub(crate) struct EditPage<'a> {
    l: &'a L10n,
    id: String,
    csrf: String,
    error: FormError,
    form: EditForm,
    systems: Vec<(&'static str, String)>,
    /// The IANA time zone names the form suggests.
    zones: Vec<&'static str>,
    /// The Laws edition (`2001`, `later`), set by its own form (`arbiter_board::set_edition`).
    laws_edition: &'static str,
    /// The `###` lines a guarded change after the start will record, shown with the box that
    /// confirms it ([`crate::settings_guard`]); empty otherwise.
    confirm_records: Vec<String>,
    /// Whether the tournament is in FIDE mode (VCL4THP.13 Q40), and the words saying so.
    in_fide_mode: bool,
    fide_mode_text: String,
}

/// The tournament's Laws edition as stored (`2001`, `later`).
pub(crate) async fn laws_edition_code(
    state: &AppState,
    id: Uuid,
) -> Result<&'static str, WebError> {
    let e = with_db(state, move |c| {
        arbiter_db::arbiter::laws_edition(c, id).map_err(crate::respond::arbiter_error)
    })
    .await?;
    Ok(arbiter_db::arbiter::laws_edition_text(e))
}

/// `GET /tournaments/{id}/edit`: the tournament's settings, for its organizer.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn edit_form(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await?;
    let provisional = with_db(&state, move |c| {
        Ok(arbiter_db::pairs_with_provisional_draws(c, id)?)
    })
    .await?;
    let exit = settings_guard::exit_of(&state, id).await?;
    private(
        &EditPage {
            l: &l,
            id: id.to_string(),
            csrf: csrf_token(&session)?,
            error: FormError::none(),
            form: EditForm::of(&stored, stored.updated_at, provisional),
            zones: zones(),
            systems: systems_in(&l),
            laws_edition: laws_edition_code(&state, id).await?,
            confirm_records: Vec::new(),
            in_fide_mode: exit.is_none(),
            fide_mode_text: settings_guard::state_text(exit.as_ref(), &l),
        },
        StatusCode::OK,
    )
}

/// The IANA time zone names, for the settings form's suggestions.
pub(crate) fn zones() -> Vec<&'static str> {
    chrono_tz::TZ_VARIANTS.iter().map(|z| z.name()).collect()
}

/// `POST /tournaments/{id}/edit`: saves the settings (audited, before and after); a form shown
/// before another change is refused with `409`.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`]; a bad field shows the form again naming
/// it (400).
pub async fn edit(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<EditForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let laws_edition = laws_edition_code(&state, id).await?;
    let exit = settings_guard::exit_of(&state, id).await?;
    let again_listing = |error: FormError,
                         confirm_records: Vec<String>,
                         status: StatusCode|
     -> Result<HttpResponse, WebError> {
        private(
            &EditPage {
                l: &l,
                id: id.to_string(),
                csrf: csrf_token(&session)?,
                error,
                form: form.clone(),
                systems: systems_in(&l),
                zones: zones(),
                laws_edition,
                confirm_records,
                in_fide_mode: exit.is_none(),
                fide_mode_text: settings_guard::state_text(exit.as_ref(), &l),
            },
            status,
        )
    };
    let again = |error: FormError, status: StatusCode| again_listing(error, Vec::new(), status);
    let checked = form
        .changes()
        .and_then(|c| Ok((c, form.time_zone()?, form.language()?)));
    let (changes, zone, language) = match checked {
        Ok(c) => c,
        Err(e) => {
            let error = FormError::of(&e, &l, &EditForm::FIELDS);
            return again(error, StatusCode::BAD_REQUEST);
        }
    };
    let seen = parse_seen(&form.seen)?;
    let stored = load(&state, id).await?;
    if seen != stored.updated_at {
        return again(FormError::top(l.t("edit-stale")), StatusCode::CONFLICT);
    }
    let guarded = Guarded::of(&stored.tournament, &changes);
    if guarded.require(form.confirm == "yes").is_err() {
        // The page lists the records under the box, one a line, each isolated left to right.
        let e = crate::respond::bad("confirm", crate::l10n::Msg::new("settings-confirm-page"));
        let error = FormError::of(&e, &l, &EditForm::FIELDS);
        return again_listing(error, guarded.lines(), StatusCode::BAD_REQUEST);
    }
    let save = Save {
        changes,
        zone,
        language: Some(language),
        expected: Some(seen),
    };
    let saved = settings_guard::save(&state, id, save, guarded, user.actor()).await?;
    match saved {
        Ok(()) => Ok(see_other_done(
            &format!("/tournaments/{id}/manage"),
            Done::Settings,
        )),
        Err(ChangeError::Stale) => again(FormError::top(l.t("edit-stale")), StatusCode::CONFLICT),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_form_checks_scores_and_systems() {
        let mut f = EditForm {
            base: TournamentForm {
                name: "Open".into(),
                pairing_system: "FIDE_ROUNDROBIN".into(),
                ..TournamentForm::default()
            },
            win: "3".into(),
            draw: "1".into(),
            loss: "0".into(),
            ..EditForm::default()
        };
        let c = f.changes().unwrap();
        assert_eq!(c.pairing_system, Some(Some("FIDE_ROUNDROBIN".into())));
        assert!(c.scoring.unwrap().contains("30"), "3 points are 30 tenths");
        f.draw = "4".into();
        assert!(f.changes().unwrap_err().to_string().starts_with("draw:"));
        f.draw = "1".into();
        f.base.pairing_system = "FIDE_BURSTEIN".into();
        assert!(
            f.changes()
                .unwrap_err()
                .to_string()
                .starts_with("pairing_system:")
        );
    }
}
