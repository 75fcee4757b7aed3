//! The tournament's settings through the JSON API (`/api/v1/tournaments`): create (`POST`,
//! every field checked and taken), replace (`PUT`: the whole object, an absent field cleared)
//! and change some (`PATCH`: a JSON Merge Patch, RFC 7396: only the fields sent; `null` clears
//! one). The fields and their checks are the settings page's ([`crate::forms::ApiSettings`],
//! [`crate::forms::EditForm`]); a change made since `seen` (or, for `PATCH` without it, since
//! the settings were read) gets `409`, never a silent overwrite.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::ChangeError;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::WebError;
use crate::extract::{ApiStaff, ApiUser, Organizer};
use crate::forms::{ApiSettings, EditForm};
use crate::json_body::ApiJson;
use crate::l10n::Msg;
use crate::respond::{bad, created, load, patch_seen, patch_text, stale_api as stale, typed_patch};
use crate::settings_guard::{self, Guarded, Save};
use crate::state::{AppState, with_db};

/// The id of something created.
#[derive(Serialize, ToSchema)]
pub struct Created {
    /// The new tournament's id.
    pub id: Uuid,
}

/// `POST /api/v1/tournaments`: creates a tournament; the token's account becomes its organizer.
/// Every field of [`ApiSettings`] is taken (the settings-only ones too, checked as `PUT`
/// checks them), except `seen`. `201` with `{"id": ...}`.
///
/// # Errors
/// Problem JSON: 401, 400 naming the field.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    request_body = ApiSettings,
    responses((status = 201, description = "Created; the Location header names it", body = Created)),
    security(("bearer" = []))
)]
pub async fn create_tournament(
    state: web::Data<AppState>,
    ApiUser(user): ApiUser,
    body: ApiJson<ApiSettings>,
) -> Result<HttpResponse, WebError> {
    async {
        if body.seen.is_some() {
            return Err(bad("seen", Msg::new("bad-seen-on-create")));
        }
        let (t, minutes) = body.form().to_model()?;
        // Every field is checked before anything is stored, the settings-only ones too (the
        // same checks as `PUT`); they are applied in the transaction that creates.
        let form = body.edit_form();
        let settings = if body.has_settings_only() {
            Some((form.changes()?, form.time_zone()?))
        } else {
            None
        };
        let id = with_db(&state, move |c| {
            Ok(arbiter_db::atomically(c, |c| {
                let id = arbiter_db::create_tournament_for(c, &t, minutes, &user)?;
                if let Some((changes, zone)) = &settings {
                    arbiter_db::update_tournament(
                        c,
                        id,
                        changes,
                        Some(zone.as_deref()),
                        None,
                        None,
                        &user.actor(),
                    )?;
                }
                Ok::<_, ChangeError>(id)
            })?)
        })
        .await?;
        created(StatusCode::CREATED, &Created { id })
    }
    .await
    .map_err(WebError::api)
}

/// `PUT /api/v1/tournaments/{id}`: replaces the settings (every field of [`ApiSettings`]; an
/// absent field is cleared or set to its default, as on the settings page). `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 naming the field, 409 when `seen` is stale.
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = ApiSettings,
    responses((status = 204, description = "Replaced")),
    security(("bearer" = []))
)]
pub async fn update_tournament(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<ApiSettings>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let form = body.edit_form();
        let changes = form.changes()?;
        let zone = form.time_zone()?;
        let stored = load(&state, id).await?;
        // A stale view is answered first: its changes are judged against what it saw.
        if body.seen.is_some_and(|seen| seen != stored.updated_at) {
            return Err(stale());
        }
        let guarded = Guarded::of(&stored.tournament, &changes);
        guarded.require(body.confirm == Some(true))?;
        let save = Save {
            changes,
            zone,
            language: None,
            expected: body.seen,
        };
        match settings_guard::save(&state, id, save, guarded, user.actor()).await? {
            Ok(()) => Ok(HttpResponse::NoContent().finish()),
            Err(ChangeError::Stale) => Err(stale()),
            Err(e) => Err(e.into()),
        }
    }
    .await
    .map_err(WebError::api)
}

/// Every field a settings patch may hold ([`ApiSettings`]'s).
const PATCH_FIELDS: &[&str] = &[
    "name",
    "city",
    "start_date",
    "end_date",
    "rounds_planned",
    "pairing_system",
    "time_control",
    "default_time_minutes",
    "tiebreaks",
    "tiebreak_edition",
    "initial_colour",
    "win",
    "draw",
    "loss",
    "pab",
    "chief_arbiter",
    "adjourned_pairing",
    "time_zone",
    "seen",
    "confirm",
];

/// `PATCH /api/v1/tournaments/{id}`: changes only the settings the body names (a JSON Merge
/// Patch, RFC 7396, `Content-Type: application/merge-patch+json` or `application/json`): a
/// field with a value sets it, a field with `null` clears it (its default, as an empty field
/// of the settings page), an absent field keeps what is stored. Every field is checked as `PUT`
/// checks it. `seen` (optional): the `updated_at` read; without it, the settings as read by
/// this request, so that a change made meanwhile is never overwritten. `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 naming the field (an unknown one too, or a body that is not
/// a JSON object), 409 when the tournament changed since `seen`.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body(content = ApiSettings, content_type = "application/merge-patch+json", description = "A JSON Merge Patch (RFC 7396) of the settings; `application/json` is taken too"),
    responses((status = 204, description = "Changed")),
    security(("bearer" = []))
)]
pub async fn patch_tournament(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: web::Bytes,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let (patch, _) = typed_patch::<ApiSettings>(&body, PATCH_FIELDS)?;
        let seen = patch_seen(&patch)?;
        let (stored, provisional) = with_db(&state, move |c| {
            let stored =
                arbiter_db::load_tournament(c, id)?.ok_or_else(|| WebError::no_tournament(id))?;
            let provisional = arbiter_db::pairs_with_provisional_draws(c, id)?;
            Ok((stored, provisional))
        })
        .await?;
        let mut form = EditForm::of(&stored, stored.updated_at, provisional);
        for (field, value) in &patch {
            if field == "confirm" {
                continue;
            }
            let text = patch_text(field, value)?;
            let slot = match field.as_str() {
                "name" => &mut form.base.name,
                "city" => &mut form.base.city,
                "start_date" => &mut form.base.start_date,
                "end_date" => &mut form.base.end_date,
                "rounds_planned" => &mut form.base.rounds_planned,
                "pairing_system" => &mut form.base.pairing_system,
                "time_control" => &mut form.base.time_control,
                "default_time_minutes" => &mut form.base.default_time_minutes,
                "tiebreaks" => &mut form.base.tiebreaks,
                "tiebreak_edition" => &mut form.base.tiebreak_edition,
                "initial_colour" => &mut form.initial_colour,
                "win" => &mut form.win,
                "draw" => &mut form.draw,
                "loss" => &mut form.loss,
                "pab" => &mut form.pab,
                "chief_arbiter" => &mut form.chief_arbiter,
                "adjourned_pairing" => &mut form.adjourned_pairing,
                "time_zone" => &mut form.time_zone,
                _ => continue,
            };
            *slot = text;
        }
        let changes = form.changes()?;
        let zone = form.time_zone()?;
        let expected = seen.unwrap_or(stored.updated_at);
        if expected != stored.updated_at {
            return Err(stale());
        }
        let guarded = Guarded::of(&stored.tournament, &changes);
        let confirmed = patch.get("confirm").and_then(serde_json::Value::as_bool) == Some(true);
        guarded.require(confirmed)?;
        let save = Save {
            changes,
            zone,
            language: None,
            expected: Some(expected),
        };
        match settings_guard::save(&state, id, save, guarded, user.actor()).await? {
            Ok(()) => Ok(HttpResponse::NoContent().finish()),
            Err(ChangeError::Stale) => Err(stale()),
            Err(e) => Err(e.into()),
        }
    }
    .await
    .map_err(WebError::api)
}
