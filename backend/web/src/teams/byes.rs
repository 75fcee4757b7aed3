//! A team's bye or absence known before its round is paired (TRF-2026 `240` with the team's
//! pairing number): `H` a drawn match's points, `F` a won match's, `Z` absent with nothing. The
//! team is not paired in that round and keeps its pairing number (C.04.6 art. 1.1.3).
//!
//! - `POST /tournaments/{id}/teams/byes` (organizer's form: `team`, `round`, `code` = `H`, `Z`,
//!   `F` or `cancel`), back to the team page;
//! - `POST /api/v1/tournaments/{id}/teams/byes` (`{"round": R, "team": N, "code": "H" | "Z" |
//!   "F" | null}`), `204`.
//!
//! Both go through [`set`]: one transaction, audited (`team_bye`, `request-bye`, the code
//! before and after), refused once the round is paired, as an individual's requested bye is.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use arbiter_db::Actor;
use arbiter_db::team::{TeamAudit, change_team_event};
use arbiter_tournament::ResultCode;
use arbiter_tournament::team::TeamNumber;
use arbiter_tournament::typed::parse_typed;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{back, refused, team_change_error};
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{ApiStaff, Checked, Organizer, Staff, csrf_field};
use crate::json_body::ApiJson;
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, load};
use crate::state::{AppState, with_db};

/// What the audit log keeps of a team's bye before pairing.
#[derive(Debug, Serialize)]
struct ByeAudit {
    round: u16,
    team: TeamNumber,
    /// `F`, `H`, `Z`, or `null` for none.
    code: Option<char>,
}

/// A bye code `H`, `Z` or `F` (one letter, any case).
fn bye_code(text: &str) -> Option<ResultCode> {
    let mut chars = text.trim().chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    ResultCode::from_trf_char(c.to_ascii_uppercase()).filter(|code| {
        matches!(
            code,
            ResultCode::HalfBye | ResultCode::ZeroBye | ResultCode::FullBye
        )
    })
}

/// Records (`Some(H|Z|F)`) or cancels (`None`) team `team`'s bye or absence in round `round`,
/// before that round is paired.
///
/// # Errors
/// [`WebError::BadRequest`] naming `round` (not a round of the event, or already paired) or
/// `team` (no such team), [`WebError::NotFound`] for an individual event, [`WebError::Conflict`].
pub async fn set(
    state: &AppState,
    id: Uuid,
    round: i64,
    team: TeamNumber,
    code: Option<ResultCode>,
    actor: Actor,
) -> Result<(), WebError> {
    let stored = load(state, id).await?;
    let round = stored
        .tournament
        .round_in_event(round)
        .map_err(|e| bad("round", Msg::input(&e)))?;
    with_db(state, move |c| {
        change_team_event(c, id, None, &actor, |e| {
            if e.team(team).is_none() {
                return Err(bad("team", Msg::new("team-bye-no-team").int("team", team)));
            }
            if e.round(round)
                .is_some_and(|r| !r.matches.is_empty() || r.bye.is_some())
            {
                return Err(bad(
                    "round",
                    Msg::new("team-bye-round-paired").int("round", round),
                ));
            }
            let before = e.set_bye_before_pairing(team, round, code);
            let audit = |code: Option<ResultCode>| ByeAudit {
                round,
                team,
                code: code.map(ResultCode::trf_char),
            };
            Ok(TeamAudit {
                entity: "team_bye",
                entity_id: format!("{round}/{team}"),
                action: "request-bye",
                before: Some(audit(before)),
                after: Some(audit(code)),
            })
        })
        .map_err(team_change_error)
    })
    .await
    .map(|_| ())
}

/// The team bye form.
#[derive(Debug, Default, Deserialize)]
pub struct TeamByeForm {
    /// The team's pairing number.
    #[serde(default)]
    pub team: String,
    /// The round, from 1.
    #[serde(default)]
    pub round: String,
    /// `H`, `Z`, `F` or `cancel`.
    #[serde(default)]
    pub code: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

csrf_field!(TeamByeForm);

/// The form's team, round and code (`None`: cancel), or the field refused.
fn parse_form(form: &TeamByeForm) -> Result<(TeamNumber, i64, Option<ResultCode>), WebError> {
    let team: TeamNumber =
        parse_typed(&form.team).ok_or_else(|| bad("team", Msg::new("bad-pairing-number")))?;
    let round: i64 = parse_typed::<u16>(&form.round)
        .map(i64::from)
        .ok_or_else(|| bad("round", Msg::new("bad-round-number")))?;
    let code = match form.code.trim() {
        "cancel" => None,
        c => Some(bye_code(c).ok_or_else(|| bad("code", Msg::new("bad-bye-code")))?),
    };
    Ok((team, round, code))
}

/// `POST /tournaments/{id}/teams/byes` (organizer): records or cancels a team's bye or absence
/// for a round not yet paired; a refusal shows the team page again naming why (400).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`],
/// [`WebError::Conflict`].
pub async fn form(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<TeamByeForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let result = match parse_form(&form) {
        Ok((team, round, code)) => set(&state, id, round, team, code, user.actor())
            .await
            .map(|()| Done::Bye(u32::try_from(round).unwrap_or(0))),
        Err(e) => Err(e),
    };
    match result {
        Ok(done) => Ok(back(id, done)),
        Err(e) => refused(&state, &session, &l, id, e, None).await,
    }
}

/// A team's bye or absence before pairing.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamByeJson {
    /// The round, from 1 to the rounds planned; not yet paired.
    #[schema(minimum = 1, maximum = 99)]
    pub round: u16,
    /// The team's pairing number.
    #[schema(minimum = 1)]
    pub team: u16,
    /// `H` (a drawn match's points), `Z` (absent, nothing) or `F` (a won match's points);
    /// `null` cancels.
    #[schema(pattern = "^[HZF]$")]
    pub code: Option<String>,
}

/// `POST /api/v1/tournaments/{id}/teams/byes` (organizer): records or cancels a team's bye or
/// absence for a round not yet paired (TRF-2026 `240`). `204`.
///
/// # Errors
/// Problem JSON: 400 (a round already paired or not of the event, no such team, a code other
/// than H, Z, F), 401, 403, 404.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/teams/byes",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = TeamByeJson,
    responses((status = 204, description = "Recorded")),
    security(("bearer" = []))
)]
pub async fn api(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<TeamByeJson>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let code = match body.code.as_deref() {
            None => None,
            Some(c) => Some(bye_code(c).ok_or_else(|| bad("code", Msg::new("bad-bye-code-api")))?),
        };
        set(
            &state,
            id,
            i64::from(body.round),
            body.team,
            code,
            user.actor(),
        )
        .await?;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}
