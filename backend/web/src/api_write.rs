//! The write JSON API (`/api/v1`), for programs doing what the organizer's and arbiter's pages
//! do: create a tournament, change its settings, register players (all or none), withdraw or
//! reinstate them, request byes, pair the next round (the engine's pairing, or one given by the
//! program, reviewed by the checker), publish or take back a pairing. Every request carries a
//! bearer token (`arbiter token create EMAIL`); errors are `application/problem+json` naming
//! the field; a request made on a stale view of the tournament gets `409 Conflict`. Result
//! entry is `PUT /api/v1/games/{id}/result` (see [`crate::results::api_enter_result`]).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::ChangeError;
use arbiter_tournament::{
    Board, NextRoundError, Pairing, PlayerStatus, ResultCode, RoundNumber, Tournament,
};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::WebError;
use crate::extract::{ApiStaff, Organizer};
use crate::forms::PlayerForm;
use crate::json_body::ApiJson;
use crate::respond::{created, load, stale_api as stale};
use crate::state::{AppState, with_db};

/// A player to register.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiPlayer {
    /// `Last, First`, at most 33 characters; may be left out with a `fide_id` listed in the
    /// newest FIDE rating list, which then gives it (and the other fields left out).
    #[serde(default)]
    #[schema(pattern = r"\S")]
    pub name: String,
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
    /// `true` registers the player even when a player with the same name (folded:
    /// `arbiter_tournament::names::fold_name`) is already registered or earlier in the list; a
    /// FIDE id already registered is refused whatever this says.
    #[serde(default)]
    pub allow_duplicate_name: bool,
}

/// A registered player.
#[derive(Serialize, ToSchema)]
pub struct Registered {
    /// The pairing number given.
    pub pairing_number: u16,
    /// The name.
    pub name: String,
    /// `active` or `late_entry`.
    pub status: &'static str,
}

/// `POST /api/v1/tournaments/{id}/players`: registers a list of players, all or none, with the
/// next pairing numbers (late entries once round 1 is paired). `201` with the players.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 naming the player's index and field
/// (`players[2].rating`); a FIDE id already registered (or earlier in the list) on
/// `players[i].fide_id`, a name already registered on `players[i].name` unless the player says
/// `"allow_duplicate_name": true`.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/players",
    tag = "tournaments",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = Vec<ApiPlayer>,
    responses((status = 201, description = "The players registered, with their pairing numbers", body = [Registered])),
    security(("bearer" = []))
)]
pub async fn add_players(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<Vec<ApiPlayer>>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        if body.is_empty() {
            return Err(crate::respond::bad(
                "players",
                crate::l10n::Msg::new("bad-empty-list"),
            ));
        }
        let mut forms: Vec<PlayerForm> = body
            .iter()
            .map(|p| PlayerForm {
                name: p.name.clone(),
                title: p.title.clone().unwrap_or_default(),
                rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
                federation: p.federation.clone().unwrap_or_default(),
                fide_id: p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
                confirm_duplicate: String::new(),
                csrf: String::new(),
            })
            .collect();
        let t = load(&state, id).await?.tournament;
        // A FIDE id in the newest rating list fills what the request left out.
        let listings = crate::listed::look_up(&state, &t, &forms).await?;
        for (form, listing) in forms.iter_mut().zip(&listings) {
            listing.fill(form);
        }
        let players = forms
            .iter()
            .zip(&listings)
            .enumerate()
            .map(|(i, (form, listing))| {
                let mut p = form.to_model().map_err(|e| match e {
                    WebError::BadRequest { field, message } => WebError::BadRequest {
                        field: format!("players[{i}].{field}"),
                        message,
                    },
                    other => other,
                })?;
                listing.complete(&mut p);
                Ok(p)
            })
            .collect::<Result<Vec<_>, WebError>>()?;
        let registered = t.players;
        let duplicates = arbiter_tournament::names::duplicates_in(&players, &registered);
        for (i, d) in &duplicates {
            let allowed = body.get(*i).is_some_and(|p| p.allow_duplicate_name);
            let earlier = players.iter().position(|p| std::ptr::eq(p, d.player()));
            let refused = match earlier {
                Some(j) => crate::names::refusal_in_list(d, format!("players[{j}]"), allowed),
                None => crate::names::refusal(
                    std::slice::from_ref(d),
                    allowed,
                    crate::names::Channel::Api,
                ),
            };
            if let Some(WebError::BadRequest { field, message }) = refused {
                return Err(WebError::BadRequest {
                    field: format!("players[{i}].{field}"),
                    message,
                });
            }
        }
        let actor = user.actor();
        let stored = with_db(&state, move |c| {
            Ok(arbiter_db::add_players(c, id, &players, &actor))
        })
        .await??;
        created(
            StatusCode::CREATED,
            &stored
                .iter()
                .map(|p| Registered {
                    pairing_number: p.pairing_number,
                    name: p.name.clone(),
                    status: if p.status == PlayerStatus::LateEntry {
                        "late_entry"
                    } else {
                        "active"
                    },
                })
                .collect::<Vec<_>>(),
        )
    }
    .await
    .map_err(WebError::api)
}

/// A player's status.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiStatus {
    /// `withdrawn` or `active`.
    #[schema(pattern = "^(withdrawn|active)$")]
    pub status: String,
}

/// `PUT /api/v1/tournaments/{id}/players/{pn}/status`: withdraws or reinstates a player. `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400.
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}/players/{pn}/status",
    tag = "tournaments",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("pn" = u16, Path, description = "Pairing number")),
    request_body = ApiStatus,
    responses((status = 204, description = "Changed")),
    security(("bearer" = []))
)]
pub async fn player_status(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<ApiStatus>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    async {
        let status = match body.status.as_str() {
            "withdrawn" => PlayerStatus::Withdrawn,
            "active" => PlayerStatus::Active,
            _ => {
                return Err(crate::respond::bad(
                    "status",
                    crate::l10n::Msg::new("bad-status"),
                ));
            }
        };
        let actor = user.actor();
        with_db(&state, move |c| {
            Ok(arbiter_db::set_player_status(c, id, pn, status, &actor))
        })
        .await??;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}

/// A requested bye.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiBye {
    /// The round, from 1 to the rounds planned.
    #[schema(value_type = u16, minimum = 1, maximum = 99)]
    pub round: RoundNumber,
    /// The player's pairing number.
    #[schema(minimum = 1)]
    pub player: u16,
    /// `H`, `Z` or `F`; `null` cancels the request.
    #[schema(pattern = "^[HZF]$")]
    pub code: Option<String>,
}

/// `POST /api/v1/tournaments/{id}/byes`: records or cancels a bye requested for a round not yet
/// paired (C.04.1). `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 (a round already paired, a code other than H, Z, F).
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/byes",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = ApiBye,
    responses((status = 204, description = "Recorded")),
    security(("bearer" = []))
)]
pub async fn request_bye(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<ApiBye>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let code = match body.code.as_deref() {
            None => None,
            Some(c) => Some(
                c.chars()
                    .next()
                    .filter(|_| c.len() == 1)
                    .and_then(ResultCode::from_trf_char)
                    .ok_or_else(|| {
                        crate::respond::bad("code", crate::l10n::Msg::new("bad-bye-code-api"))
                    })?,
            ),
        };
        let (round, player) = (body.round, body.player);
        let actor = user.actor();
        with_db(&state, move |c| {
            Ok(arbiter_db::request_bye(c, id, round, player, code, &actor))
        })
        .await??;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}

/// A pairing as JSON: boards in order as `[white, black]` pairing numbers, and the bye.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiPairing {
    /// Boards, board 1 first.
    #[schema(schema_with = board_pairs)]
    pub boards: Vec<[u16; 2]>,
    /// The player with the round's bye.
    #[serde(default)]
    pub bye: Option<u16>,
}

/// The schema of [`ApiPairing::boards`]: a list of `[white, black]`, exactly two pairing
/// numbers each.
fn board_pairs() -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
    let number = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(u16::MAX));
    let board = ArrayBuilder::new()
        .items(number)
        .min_items(Some(2))
        .max_items(Some(2));
    ArrayBuilder::new().items(board).build()
}

impl From<&Pairing> for ApiPairing {
    fn from(p: &Pairing) -> Self {
        ApiPairing {
            boards: p.boards.iter().map(|b| [b.white, b.black]).collect(),
            bye: p.bye,
        }
    }
}

impl From<&ApiPairing> for Pairing {
    fn from(p: &ApiPairing) -> Self {
        Pairing {
            boards: p
                .boards
                .iter()
                .map(|&[white, black]| Board { white, black })
                .collect(),
            bye: p.bye,
        }
    }
}

/// The engine's proposal for the next round.
#[derive(Serialize, ToSchema)]
pub struct Proposal {
    /// The round to pair.
    #[schema(value_type = u16)]
    pub round: RoundNumber,
    /// The tournament's last change: send it back as `seen` when storing.
    #[schema(value_type = String, example = "2026-11-26T18:30:00.123456")]
    pub seen: NaiveDateTime,
    /// The engine's pairing.
    pub pairing: ApiPairing,
}

/// `GET /api/v1/tournaments/{id}/pairing` (organizer): the engine's pairing of the next round,
/// not stored.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 when the round cannot be paired (with the reason).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/pairing",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "The engine's pairing of the next round, not stored", body = Proposal)),
    security(("bearer" = []))
)]
pub async fn proposal(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<Uuid>,
    _staff: ApiStaff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let stored = load(&state, id).await?;
        let t = stored.tournament;
        let waiting = crate::pairing::adjourned_wait(&state, id, &t, t.next_round_number()).await?;
        if let Some(waiting) = waiting {
            return Err(crate::respond::bad("round", waiting));
        }
        let (round, p) = crate::pairing::off_thread(move || t.propose_next_round())
            .await?
            .map_err(|e| crate::respond::bad("round", e.to_string()))?;
        created(
            StatusCode::OK,
            &Proposal {
                round,
                seen: stored.updated_at,
                pairing: ApiPairing::from(&p),
            },
        )
    }
    .await
    .map_err(WebError::api)
}

/// Storing a round's pairing.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiStoreRound {
    /// The round being paired (must be the next one).
    #[schema(value_type = u16)]
    pub round: RoundNumber,
    /// The tournament's `updated_at` as read.
    #[schema(value_type = String, example = "2026-11-26T18:30:00.123456", pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?$")]
    pub seen: NaiveDateTime,
    /// The pairing; absent: the engine's.
    #[serde(default)]
    pub pairing: Option<ApiPairing>,
    /// Store a pairing that differs from the engine's despite the checker's warnings.
    #[serde(default)]
    pub accept_warnings: bool,
}

/// The answer to storing a round.
#[derive(Serialize, ToSchema)]
pub struct StoredRound {
    /// The round.
    #[schema(value_type = u16)]
    pub round: RoundNumber,
    /// The pairing stored.
    pub pairing: ApiPairing,
    /// The checker's warnings on a pairing that differs from the engine's.
    pub warnings: Vec<String>,
}

fn with_warnings(
    errors: &[arbiter_tournament::ReviewFinding],
    warnings: &[arbiter_tournament::ReviewFinding],
    key: &'static str,
) -> WebError {
    let findings = crate::l10n::review::findings(errors.iter().chain(warnings))
        .unwrap_or_else(|| crate::l10n::Msg::plain(""));
    WebError::BadRequest {
        field: "pairing".into(),
        message: crate::l10n::Msg::new(key).msg("findings", findings),
    }
}

/// `POST /api/v1/tournaments/{id}/rounds`: stores the pairing of the next round (unpublished):
/// the engine's, or the one given, which the checker reviews first: errors (a player missing,
/// twice or absent) refuse it; warnings (absolute criteria broken, not the engine's pairing)
/// refuse it unless `accept_warnings`, and are then logged and exported with it. `201`.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 naming the problem, 409 when `seen` or `round` is stale.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/rounds",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = ApiStoreRound,
    responses((status = 201, description = "Stored (not published)", body = StoredRound)),
    security(("bearer" = []))
)]
pub async fn store_round(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<ApiStoreRound>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let stored = load(&state, id).await?;
        let t: &Tournament = &stored.tournament;
        if stored.updated_at != body.seen || t.next_round_number() != body.round {
            return Err(stale());
        }
        let waiting = crate::pairing::adjourned_wait(&state, id, t, body.round).await?;
        if let Some(waiting) = waiting {
            return Err(crate::respond::bad("round", waiting));
        }
        let round = body.round;
        let proposal = crate::pairing::off_thread({
            let t = t.clone();
            move || t.propose_next_round()
        })
        .await?;
        let engine = match proposal {
            Ok((_, p)) => Some(p),
            Err(NextRoundError::Engine(_)) => None,
            Err(e) => return Err(crate::respond::bad("round", e.to_string())),
        };
        let (pairing, warnings) = match (&body.pairing, &engine) {
            (None, Some(p)) => (p.clone(), Vec::new()),
            (None, None) => {
                return Err(crate::respond::bad(
                    "pairing",
                    "the Dutch system finds no pairing; give one",
                ));
            }
            (Some(given), _) => {
                let given = Pairing::from(given);
                if engine.as_ref() == Some(&given) {
                    (given, Vec::new())
                } else {
                    let review = crate::pairing::off_thread({
                        let (t, given) = (t.clone(), given.clone());
                        move || t.review_manual_pairing(round, &given)
                    })
                    .await?
                    .map_err(|e| crate::respond::bad("pairing", e.to_string()))?;
                    if !review.storable() {
                        return Err(with_warnings(
                            &review.errors,
                            &review.warnings,
                            "api-pairing-refused",
                        ));
                    }
                    if !review.warnings.is_empty() && !body.accept_warnings {
                        return Err(with_warnings(&[], &review.warnings, "api-pairing-warnings"));
                    }
                    (given, review.warnings)
                }
            }
        };
        let manual = (engine.as_ref() != Some(&pairing)).then(|| {
            arbiter_tournament::manual_change_note(round, &user.email, &pairing, &warnings)
        });
        let r = t.round_from_pairing(round, &pairing);
        let seen = body.seen;
        let actor = user.actor();
        match with_db(&state, move |c| {
            Ok(arbiter_db::store_pairing(
                c,
                id,
                &r,
                seen,
                manual.as_deref(),
                &actor,
            ))
        })
        .await?
        {
            Ok(()) => created(
                StatusCode::CREATED,
                &StoredRound {
                    round,
                    pairing: ApiPairing::from(&pairing),
                    warnings: warnings.iter().map(ToString::to_string).collect(),
                },
            ),
            Err(ChangeError::Stale) => Err(stale()),
            Err(e) => Err(e.into()),
        }
    }
    .await
    .map_err(WebError::api)
}

/// `POST /api/v1/tournaments/{id}/rounds/{n}/publish`: makes a paired round public. `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 unless the round is paired and unpublished.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/rounds/{n}/publish",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("n" = u16, Path, description = "Round number")),
    responses((status = 204, description = "Published")),
    security(("bearer" = []))
)]
pub async fn publish(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    async {
        let actor = user.actor();
        with_db(&state, move |c| {
            Ok(arbiter_db::publish_round(c, id, n, &actor))
        })
        .await??;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}

/// `DELETE /api/v1/tournaments/{id}/rounds/{n}`: takes back an unpublished pairing (requested
/// byes stay). `204`.
///
/// # Errors
/// As [`publish`].
#[utoipa::path(
    delete,
    path = "/api/v1/tournaments/{id}/rounds/{n}",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("n" = u16, Path, description = "Round number")),
    responses((status = 204, description = "The pairing is removed")),
    security(("bearer" = []))
)]
pub async fn unpair(
    state: web::Data<AppState>,
    _req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    async {
        let actor = user.actor();
        with_db(&state, move |c| {
            Ok(arbiter_db::unpair_round(c, id, n, &actor))
        })
        .await??;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}
