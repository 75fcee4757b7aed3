//! The API's doors for FIDE's Tournament Report File: `POST /api/v1/tournaments/import` stores a
//! TRF (TRF16 or TRF-2026, team records included) as a new tournament, as the web import does
//! (its rounds checked against the pairing rules, VCL4THP.13 Q54-Q55), and `GET
//! /api/v1/tournaments/{id}/trf/{version}` writes a tournament back as TRF (`2026` or `16`).

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, web};
use futures_util::StreamExt as _;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::WebError;
use crate::extract::{ApiStaff, ApiUser, Arbiter};
use crate::forms::trf_problem;
use crate::l10n::Msg;
use crate::limits::UPLOAD_LIMIT;
use crate::respond::created;
use crate::state::{AppState, with_db};

/// What an import stored.
#[derive(Serialize, ToSchema)]
pub struct Imported {
    /// The new tournament's id.
    pub id: Uuid,
    /// The rounds whose pairing is not the one the pairing rules make (FIDE's checklist,
    /// VCL4THP.13 Q54): each finding is kept as a `### Import @ Round n` line of the TRF.
    pub irregular_rounds: Vec<u16>,
    /// The reader's warnings (irregularities it tolerated), each naming its line.
    pub warnings: Vec<String>,
}

/// The body, at most [`UPLOAD_LIMIT`] bytes.
async fn body(mut payload: web::Payload) -> Result<Vec<u8>, WebError> {
    let mut out = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| WebError::BadRequest {
            field: "body".to_owned(),
            message: Msg::new("bad-request-parse").ltr("detail", e.to_string()),
        })?;
        if out.len() + chunk.len() > UPLOAD_LIMIT {
            return Err(WebError::TooLarge {
                limit: UPLOAD_LIMIT,
            });
        }
        out.extend_from_slice(&chunk);
    }
    Ok(out)
}

/// `POST /api/v1/tournaments/import`: the body is a TRF file (TRF16 or TRF-2026, UTF-8 or
/// Latin-1; `Content-Type: text/plain`); it is stored as a new tournament whose organizer is
/// the token's account, its paired rounds published, each round checked against the pairing
/// rules. `201` with [`Imported`].
///
/// # Errors
/// Problem JSON: 401; 400 naming the field `file` with every error of the file by line and
/// column; 413 over 8 MiB.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/import",
    tag = "tournaments",
    request_body(content = String, content_type = "text/plain", description = "A TRF file (TRF16 or TRF-2026)"),
    responses((status = 201, description = "Imported", body = Imported)),
    security(("bearer" = []))
)]
pub async fn import(
    state: web::Data<AppState>,
    ApiUser(user): ApiUser,
    payload: web::Payload,
) -> Result<HttpResponse, WebError> {
    async {
        let bytes = body(payload).await?;
        let read = arbiter_tournament::read_trf(&bytes).map_err(|e| trf_problem(&e))?;
        let warnings: Vec<String> = read.warnings.iter().map(ToString::to_string).collect();
        let mut t = read.tournament;
        t.publish_paired_rounds();
        let (t, irregular_rounds) = web::block(move || {
            let review = arbiter_tournament::recheck::review_import(&t);
            let rounds: Vec<u16> = review.irregular().iter().map(|r| r.round).collect();
            t.other_records.extend(review.import_records());
            (t, rounds)
        })
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?;
        let id = with_db(&state, move |c| {
            Ok(arbiter_db::create_tournament_for(c, &t, None, &user)?)
        })
        .await?;
        let mut resp = created(
            StatusCode::CREATED,
            &Imported {
                id,
                irregular_rounds,
                warnings,
            },
        )?;
        if let Ok(v) = header::HeaderValue::from_str(&format!("/api/v1/tournaments/{id}")) {
            resp.headers_mut().insert(header::LOCATION, v);
        }
        Ok(resp)
    }
    .await
    .map_err(WebError::api)
}

/// `GET /api/v1/tournaments/{id}/trf/{version}` (`2026` or `16`): the tournament as a TRF file,
/// for its organizer and arbiters (the file carries birth dates and FIDE ids), `text/plain`
/// UTF-8.
///
/// # Errors
/// Problem JSON: 401, 403, 404 (also for another version).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/trf/{version}",
    tag = "tournaments",
    params(
        ("id" = Uuid, Path, description = "The tournament's id"),
        ("version" = String, Path, description = "`2026` (TRF-2026) or `16` (TRF16)"),
    ),
    responses((status = 200, description = "The TRF file", body = String, content_type = "text/plain")),
    security(("bearer" = []))
)]
pub async fn export(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, String)>,
    _staff: ApiStaff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    async {
        let (id, version) = path.into_inner();
        let version = match version.as_str() {
            "2026" => arbiter_tournament::TrfVersion::Trf2026,
            "16" => arbiter_tournament::TrfVersion::Trf16,
            other => {
                return Err(WebError::NotFound(
                    Msg::new("what-export-format").ltr("format", other),
                ));
            }
        };
        let stored = with_db(&state, move |c| Ok(arbiter_db::load_tournament(c, id)?))
            .await?
            .ok_or_else(|| WebError::no_tournament(id))?;
        let text = arbiter_tournament::write_trf(&stored.tournament, version);
        Ok(HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body(text))
    }
    .await
    .map_err(WebError::api)
}
