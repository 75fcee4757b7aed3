//! Results, board by board: the results sheet of a round and its form (a stale version answers
//! `409 Conflict` with the result as it stands), and the same over the JSON API. The TRF result
//! codes and Art. 11's points.

use actix_session::Session;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::RecordError;
use arbiter_tournament::{GameResult, ResultCode};
use askama::Template;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::arbiter_words as words;
use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Arbiter, Checked, Staff, csrf_field};
use crate::json_body::ApiJson;
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, private, see_other_done};
use crate::state::{AppState, with_db};
use crate::views::{result_text, titled_name};

mod matches;

/// The result choices of the entry form: value `W:B` (TRF codes) and label.
pub const RESULT_CHOICES: [(&str, &str); 9] = [
    ("", "— no result yet —"),
    ("1:0", "1–0"),
    ("=:=", "½–½"),
    ("0:1", "0–1"),
    ("+:-", "+ – − (White wins by forfeit)"),
    ("-:+", "− – + (Black wins by forfeit)"),
    ("-:-", "− – − (both forfeit)"),
    ("0:0", "0–0 (lost by both, Art. 12.8)"),
    ("X:X", "? (adjourned, unknown)"),
];

/// Reads a result value `W:B` (two TRF codes; empty for none yet).
///
/// # Errors
/// [`WebError::BadRequest`] naming the field `result`.
pub fn parse_result(value: &str) -> Result<GameResult, WebError> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(GameResult::pending());
    }
    let code = |s: &str| {
        let mut cs = s.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => ResultCode::from_trf_char(c),
            _ => None,
        }
    };
    let (w, b) = v
        .split_once(':')
        .and_then(|(w, b)| Some((code(w)?, code(b)?)))
        .ok_or_else(|| bad("result", Msg::new("res-bad-result").ltr("value", v)))?;
    let r = GameResult::new(w, b);
    if !r.is_coherent() {
        return Err(bad("result", Msg::new("res-incoherent").ltr("value", v)));
    }
    Ok(r)
}

pub(crate) fn result_value(r: &GameResult) -> String {
    if r.white == ResultCode::Blank && r.black == ResultCode::Blank {
        String::new()
    } else {
        format!("{}:{}", r.white.trf_char(), r.black.trf_char())
    }
}

pub(crate) struct EntryLine {
    game_id: String,
    version: i32,
    /// The board number in the reader's digits.
    board: String,
    /// The label of the board's result field.
    label: String,
    white: String,
    black: String,
    current: String,
    shown: String,
}

#[derive(Template)]
#[template(path = "results.html")]
pub(crate) struct ResultsPage {
    l: L10n,
    /// The page's title and heading.
    title: String,
    heading: String,
    id: String,
    name: String,
    round: u16,
    csrf: String,
    message: String,
    choices: Vec<(&'static str, String)>,
    /// The boards, match by match in a team event (one group without a heading otherwise).
    matches: Vec<matches::MatchGroup>,
    byes: Vec<String>,
}

/// The label of a result choice ([`RESULT_CHOICES`]) in the reader's language.
fn choice_label(l: &L10n, value: &str, english: &str) -> String {
    let key = match value {
        "" => "res-choice-none",
        "+:-" => "res-choice-forfeit-white",
        "-:+" => "res-choice-forfeit-black",
        "-:-" => "res-choice-double-forfeit",
        "0:0" => "res-choice-lost-both",
        "X:X" => "res-choice-adjourned",
        _ => return words::result(l, english),
    };
    l.t(key)
}

pub(crate) async fn results_page(
    state: &AppState,
    req: &HttpRequest,
    session: &Session,
    id: Uuid,
    n: u16,
    message: &Msg,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse, WebError> {
    let (stored, rows) = with_db(state, move |c| {
        let s = arbiter_db::load_tournament(c, id)?;
        let rows = arbiter_db::round_games(c, id, n)?;
        Ok((s, rows))
    })
    .await?;
    let stored = stored.ok_or_else(|| WebError::no_tournament(id))?;
    let t = &stored.tournament;
    if t.round(n).is_none() {
        return Err(WebError::no_round(n));
    }
    let l = L10n::negotiate(req);
    let name = |pn: i32| {
        u16::try_from(pn)
            .ok()
            .and_then(|pn| t.player(pn))
            .map_or_else(
                || format!("#{}", l.int(pn)),
                |p| format!("{} {}", l.int(p.pairing_number), l.data(&titled_name(p))),
            )
    };
    let games = rows
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let r = g.result()?;
            let board = g
                .board
                .and_then(|b| usize::try_from(b).ok())
                .unwrap_or(i + 1);
            let pn = |p: i32| u16::try_from(p).unwrap_or(0);
            let line = EntryLine {
                game_id: g.id.clone(),
                version: g.version,
                board: l.int(board),
                label: l.ta("res-result-of-board", &[("n", l.int(board))]),
                white: name(g.white),
                black: name(g.black),
                current: result_value(&r),
                shown: words::result(&l, &result_text(&r)),
            };
            Ok((pn(g.white), pn(g.black), line))
        })
        .collect::<Result<Vec<_>, WebError>>()?;
    let matches = matches::groups(t, n, games, &l);
    let byes = t
        .round(n)
        .map(|r| {
            r.byes
                .iter()
                .map(|b| {
                    let who = t.player(b.player).map_or_else(
                        || format!("#{}", l.int(b.player)),
                        |p| format!("{} {}", l.int(p.pairing_number), l.data(&titled_name(p))),
                    );
                    format!("{who}: {}", crate::views::bye_in(b.code, &l))
                })
                .collect()
        })
        .unwrap_or_default();
    private(
        &ResultsPage {
            title: l.ta("res-title", &[("n", l.int(n))]),
            heading: l.ta("res-heading", &[("n", l.int(n))]),
            id: id.to_string(),
            name: t.name.clone().unwrap_or_default(),
            round: n,
            csrf: csrf_token(session)?,
            message: l.m(message),
            choices: RESULT_CHOICES
                .iter()
                .map(|(v, label)| (*v, choice_label(&l, v, label)))
                .collect(),
            matches,
            byes,
            l,
        },
        status,
    )
}

/// `GET /tournaments/{id}/rounds/{n}/results`: the result-entry sheet, board by board.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not an arbiter or organizer),
/// [`WebError::NotFound`].
pub async fn results_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, u16)>,
    _staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    results_page(
        &state,
        &req,
        &session,
        id,
        n,
        &Msg::plain(""),
        actix_web::http::StatusCode::OK,
    )
    .await
}

/// One board's result form.
#[derive(Debug, Deserialize)]
pub struct ResultForm {
    /// `W:B` in TRF codes (see [`RESULT_CHOICES`]).
    #[serde(default)]
    pub result: String,
    /// The version of the game the arbiter saw.
    #[serde(default)]
    pub version: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/rounds/{n}/games/{game}`: records one board's result against the
/// version the arbiter saw; someone else's newer entry gets `409` with the sheet as it stands.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming the
/// field, [`WebError::NotFound`].
pub async fn enter_result(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, u16, Uuid)>,
    Staff { user, .. }: Staff<Arbiter>,
    Checked(form): Checked<ResultForm>,
) -> Result<HttpResponse, WebError> {
    let (id, n, game) = path.into_inner();
    let result = parse_result(&form.result)?.recorded_by(user.email.clone());
    let version: i32 = arbiter_tournament::typed::parse_typed(&form.version)
        .ok_or_else(|| bad("version", Msg::new("res-bad-version")))?;
    let actor = user.actor();
    let outcome = with_db(&state, move |c| {
        // The game must belong to this tournament and round.
        match arbiter_db::game(c, game)? {
            Some(g) if g.tournament_id == id.to_string() && g.round == i32::from(n) => {}
            _ => return Ok(Err(WebError::no_game(game))),
        }
        match arbiter_db::record_result(c, game, version, &result, &actor) {
            Ok(row) => Ok(Ok(Ok(row))),
            Err(RecordError::Conflict { current }) => Ok(Ok(Err(current))),
            Err(RecordError::NotFound) => Ok(Err(WebError::no_game(game))),
            Err(e @ RecordError::Incoherent { .. }) => {
                Ok(Err(bad("result", words::record_msg(&e))))
            }
            Err(RecordError::Database(e)) => Err(e.into()),
        }
    })
    .await??;
    match outcome {
        Ok(row) => Ok(see_other_done(
            &format!("/tournaments/{id}/rounds/{n}/results"),
            Done::Result(row.board.map_or(row.seq + 1, |b| b).try_into().unwrap_or(0)),
        )),
        Err(current) => {
            let shown = current
                .result()
                .map(|r| result_text(&r))
                .unwrap_or_default();
            let msg = Msg::new("res-conflict")
                .int("board", current.board.map_or(current.seq + 1, |b| b))
                .msg(
                    "result",
                    if shown.is_empty() {
                        Msg::new("res-no-result")
                    } else {
                        Msg::new("res-shown").ltr_digits("result", shown)
                    },
                )
                .msg(
                    "by",
                    current.recorded_by.as_deref().map_or_else(
                        || Msg::new("res-unknown"),
                        |who| Msg::new("res-by-who").data("who", who),
                    ),
                );
            results_page(
                &state,
                &req,
                &session,
                id,
                n,
                &msg,
                actix_web::http::StatusCode::CONFLICT,
            )
            .await
        }
    }
}

/// The body of `PUT /api/v1/games/{id}/result`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiResult {
    /// White's TRF code (`1 = 0 W D L + - X`, empty for none); with black's, a result the
    /// Laws allow (`1` with `0`, `=` with `=`, ...).
    #[schema(pattern = r"^[10=WDL+\-X]?$")]
    pub white: String,
    /// Black's TRF code.
    #[schema(pattern = r"^[10=WDL+\-X]?$")]
    pub black: String,
    /// The version the client read.
    pub version: i32,
}

/// `PUT /api/v1/games/{id}/result` (`Authorization: Bearer TOKEN`, an arbiter or organizer of
/// the game's tournament): the stored game, or `409` problem+json whose `current` is the game as
/// it stands.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 naming the field, 409 with the current state.
#[utoipa::path(
    put,
    path = "/api/v1/games/{id}/result",
    tag = "games",
    params(("id" = Uuid, Path, description = "The game's id")),
    request_body = ApiResult,
    responses((status = 200, description = "The game as stored", body = serde_json::Value)),
    security(("bearer" = []))
)]
pub async fn api_enter_result(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    body: ApiJson<ApiResult>,
) -> Result<HttpResponse, WebError> {
    let game = path.into_inner();
    let inner = async {
        let (user, _) = crate::extract::api_arbiter_game(&state, &req, game).await?;
        let result = parse_result(&format!("{}:{}", body.white.trim(), body.black.trim()))
            .or_else(|e| {
                if body.white.trim().is_empty() && body.black.trim().is_empty() {
                    Ok(GameResult::pending())
                } else {
                    Err(e)
                }
            })?
            .recorded_by(user.email.clone());
        let version = body.version;
        let actor = user.actor();
        let saved = with_db(&state, move |c| {
            match arbiter_db::record_result(c, game, version, &result, &actor) {
                Ok(row) => Ok(Ok(row)),
                Err(RecordError::Conflict { current }) => Ok(Err(WebError::Conflict {
                    current: serde_json::to_value(&*current)
                        .map_err(|e| WebError::Internal(e.to_string()))?,
                })),
                Err(RecordError::NotFound) => Ok(Err(WebError::no_game(game))),
                Err(e @ RecordError::Incoherent { .. }) => {
                    Ok(Err(bad("result", words::record_msg(&e))))
                }
                Err(RecordError::Database(e)) => Err(e.into()),
            }
        })
        .await??;
        Ok::<_, WebError>(
            HttpResponse::Ok()
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .json(saved),
        )
    };
    inner.await.map_err(WebError::api)
}

csrf_field!(ResultForm);
