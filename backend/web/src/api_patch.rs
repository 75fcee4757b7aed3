//! Changing part of a player or a round through the JSON API: `PATCH` with a JSON Merge Patch
//! (RFC 7396; `Content-Type: application/merge-patch+json` or `application/json`): only the
//! fields sent change, `null` clears one, an unknown field is refused by name. A player's
//! details are checked as registration checks them ([`crate::forms::PlayerForm`]); a change
//! made since `seen` (or, without it, while the request ran) gets `409`.

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::ChangeError;
use chrono::NaiveDateTime;
use uuid::Uuid;

use crate::error::WebError;
use crate::extract::{ApiStaff, Organizer};
use crate::forms::PlayerForm;
use crate::l10n::Msg;
use crate::respond::{arbiter_error, bad, patch_seen, patch_text, stale_api as stale, typed_patch};
use crate::state::{AppState, with_db};

/// Every field a player patch may hold.
const PLAYER_FIELDS: &[&str] = &[
    "name",
    "sex",
    "title",
    "rating",
    "federation",
    "fide_id",
    "seen",
];

/// A JSON Merge Patch of a registered player: each field sent sets it, `null` clears it.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerPatch {
    /// `Last, First`, at most 33 characters; never `null` (a player has a name).
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 33, nullable = false)]
    pub name: Option<String>,
    /// `m` or `w`.
    #[serde(default)]
    #[schema(pattern = "^[mw]$")]
    pub sex: Option<String>,
    /// FIDE title.
    #[serde(default)]
    pub title: Option<String>,
    /// FIDE rating, 0-3500.
    #[serde(default)]
    #[schema(maximum = 3500)]
    pub rating: Option<u16>,
    /// Federation, three letters.
    #[serde(default)]
    pub federation: Option<String>,
    /// FIDE id.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 99_999_999_999_u64)]
    pub fide_id: Option<u64>,
    /// The tournament's `updated_at` as read (a change since gets `409`).
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "2026-11-26T18:30:00.123456", pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?$")]
    pub seen: Option<NaiveDateTime>,
}

/// A JSON Merge Patch of a round.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundPatch {
    /// The round's start, UTC (`YYYY-MM-DDTHH:MM:SS`); `null` clears it.
    #[serde(default)]
    #[schema(
        example = "2026-12-01T14:30:00",
        pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?$"
    )]
    pub scheduled: Option<String>,
}

/// `PATCH /api/v1/tournaments/{id}/players/{pn}`: corrects a registered player's `name`,
/// `sex` (`m`, `w`), `title`, `rating`, `federation` or `fide_id`; the pairing number, status and
/// results stay. Audited with the player before and after. `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404 (no such tournament or player), 400 naming the field (checked as
/// registration checks it; a FIDE id another player has on `fide_id`), 409 when stale.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/players/{pn}",
    tag = "tournaments",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("pn" = u16, Path, description = "Pairing number")),
    request_body(content = PlayerPatch, content_type = "application/merge-patch+json", description = "A JSON Merge Patch (RFC 7396) of the player; `application/json` is taken too"),
    responses((status = 204, description = "Changed")),
    security(("bearer" = []))
)]
pub async fn patch_player(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: web::Bytes,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    async {
        let (patch, _) = typed_patch::<PlayerPatch>(&body, PLAYER_FIELDS)?;
        let seen = patch_seen(&patch)?;
        let stored = with_db(&state, move |c| {
            arbiter_db::load_tournament(c, id)?.ok_or_else(|| WebError::no_tournament(id))
        })
        .await?;
        let current = stored
            .tournament
            .player(pn)
            .ok_or_else(|| WebError::no_player(pn))?;
        let mut form = PlayerForm {
            name: current.name.clone(),
            title: current
                .title
                .as_ref()
                .map(|t| t.as_str().to_owned())
                .unwrap_or_default(),
            rating: current.rating.map(|r| r.to_string()).unwrap_or_default(),
            federation: current.federation.clone().unwrap_or_default(),
            fide_id: current.fide_id.map(|f| f.to_string()).unwrap_or_default(),
            confirm_duplicate: String::new(),
            csrf: String::new(),
        };
        let mut sex = current.sex;
        for (field, value) in &patch {
            let text = patch_text(field, value)?;
            match field.as_str() {
                "name" => form.name = text,
                "title" => form.title = text,
                "rating" => form.rating = text,
                "federation" => form.federation = text,
                "fide_id" => form.fide_id = text,
                "sex" => {
                    sex = match text.trim() {
                        "" => None,
                        "m" => Some(arbiter_tournament::Sex::Male),
                        "w" | "f" => Some(arbiter_tournament::Sex::Female),
                        _ => return Err(bad("sex", Msg::new("csv-bad-sex"))),
                    };
                }
                _ => {}
            }
        }
        let mut player = form.to_model()?;
        player.sex = sex;
        let expected = seen.unwrap_or(stored.updated_at);
        let actor = user.actor();
        match with_db(&state, move |c| {
            Ok(arbiter_db::update_player(
                c,
                id,
                pn,
                &player,
                Some(expected),
                &actor,
            ))
        })
        .await?
        {
            Ok(_) => Ok(HttpResponse::NoContent().finish()),
            Err(ChangeError::Stale) => Err(stale()),
            Err(ChangeError::NotAllowed(_)) => Err(bad("fide_id", Msg::new("csv-fide-id-used"))),
            Err(e) => Err(e.into()),
        }
    }
    .await
    .map_err(WebError::api)
}

/// Every field a round patch may hold.
const ROUND_FIELDS: &[&str] = &["scheduled"];

/// `PATCH /api/v1/tournaments/{id}/rounds/{n}`: sets the round's `scheduled` start (UTC,
/// `YYYY-MM-DDTHH:MM:SS`; the default time counts from it, Art. 6.7) or clears it with `null`.
/// Audited. `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404 (no such tournament or round), 400 naming the field.
#[utoipa::path(
    patch,
    path = "/api/v1/tournaments/{id}/rounds/{n}",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("n" = u16, Path, description = "Round number")),
    request_body(content = RoundPatch, content_type = "application/merge-patch+json", description = "A JSON Merge Patch (RFC 7396) of the round; `application/json` is taken too"),
    responses((status = 204, description = "Changed")),
    security(("bearer" = []))
)]
pub async fn patch_round(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: web::Bytes,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    async {
        let (patch, _) = typed_patch::<RoundPatch>(&body, ROUND_FIELDS)?;
        let Some(value) = patch.get("scheduled") else {
            return Ok(HttpResponse::NoContent().finish());
        };
        let scheduled = if value.is_null() {
            None
        } else {
            Some(
                serde_json::from_value::<NaiveDateTime>(value.clone()).map_err(|_| {
                    bad(
                        "scheduled",
                        Msg::new("bad-date-time-example")
                            .ltr("value", patch_text("scheduled", value).unwrap_or_default()),
                    )
                })?,
            )
        };
        let actor = user.actor();
        with_db(&state, move |c| {
            if arbiter_db::tournament_row(c, id)?.is_none() {
                return Err(WebError::no_tournament(id));
            }
            arbiter_db::arbiter::set_round_schedule(c, id, n, scheduled, &actor)
                .map_err(arbiter_error)
        })
        .await?;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}
