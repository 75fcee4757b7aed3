//! Score reports for arbiters (Laws of Chess Art. 3, 5, 6.9, 8, 9.6; Appendix E):
//!
//! - `/tournaments/{id}/games/{game}/report`: the arbiter submits a game's scoresheet (PGN, or
//!   moves in any notation the rules core reads, national piece letters included) with the
//!   result; the rules core replays it (`arbiter_tournament::arbiter::score_report`) and the score
//!   is stored with its verdict, flagged when a move is illegal, unreadable or ambiguous (its
//!   number and article named) or the result contradicts the final position (a win on time for a
//!   side that cannot checkmate is a draw, 6.9; a checkmate or stalemate recorded otherwise,
//!   5.1(a), 5.2);
//! - `/tournaments/{id}/flagged`: the flagged games, where the chief arbiter confirms or corrects
//!   the result (Art. 8: an incorrectly recorded result stands unless the arbiter decides
//!   otherwise), audited;
//! - `POST /api/v1/games/{id}/score`: the same report for programs (bearer token);
//! - `/tournaments/{id}/rounds/{n}/report`: a round's results at once, as CSV
//!   (`board,white,black,result`) or the round's TRF lines, checked against the pairing and
//!   stored all or nothing in one transaction, every bad line named.

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::games::GameScoreRow;
use arbiter_db::models::GameRow;
use arbiter_db::{RecordError, StoredTournament, UserRow};
use arbiter_rules::replay::ReplayOptions;
use arbiter_tournament::arbiter::colour_name;
use arbiter_tournament::arbiter::score_report::{
    self as domain, HowDecided, RoundReportError, match_round, parse_round_csv, parse_round_trf,
};
use arbiter_tournament::pgn_event::{MoveNote, ScoreReport as StoredReport};
use arbiter_tournament::{GameResult, ResultCode};
use askama::Template;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::arbiter_words::{self as words, record_msg};
use crate::auth::{check_csrf, csrf_token};
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Arbiter, Checked, Staff, csrf_field};
use crate::json_body::ApiJson;
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, private, see_other_done};
use crate::state::{AppState, with_db};
use crate::views::{result_text, titled_name};

mod round;

pub use round::{round_report, round_report_form};

/// The results a score report may carry, as `(value, label)`.
const RESULTS: [(&str, &str); 6] = [
    ("1-0", "1-0"),
    ("0-1", "0-1"),
    ("1/2-1/2", "½-½"),
    ("+/-", "+/− (forfeit, White wins)"),
    ("-/+", "−/+ (forfeit, Black wins)"),
    ("-/-", "−/− (double forfeit)"),
];

/// The results of [`RESULTS`] in the reader's language.
fn results_in(l: &L10n) -> Vec<(&'static str, String)> {
    RESULTS
        .iter()
        .map(|(v, label)| {
            let key = match *v {
                "+/-" => "rep-result-forfeit-white",
                "-/+" => "rep-result-forfeit-black",
                "-/-" => "rep-result-double-forfeit",
                _ => return (*v, words::result(l, label)),
            };
            (*v, l.t(key))
        })
        .collect()
}

/// A stored report's status word (`ok`, `illegal_move`...) in the reader's language.
fn status_in(l: &L10n, status: &str) -> String {
    let key = match status {
        "ok" => "report-status-ok",
        "illegal_move" => "report-status-illegal-move",
        "ambiguous_move" => "report-status-ambiguous-move",
        "unreadable_move" => "report-status-unreadable-move",
        "moves_after_end" => "report-status-moves-after-end",
        "bad_score" => "report-status-bad-score",
        "result_contradicted" => "report-status-result-contradicted",
        "result_differs" => "report-status-result-differs",
        other => return l.ltr(other),
    };
    l.t(key)
}

fn read_result(field: &str, text: &str) -> Result<GameResult, WebError> {
    domain::parse_result(text)
        .ok_or_else(|| bad(field, Msg::new("rep-bad-result").ltr("value", text.trim())))
}

fn read_how(text: &str) -> Result<HowDecided, WebError> {
    match text.trim() {
        "" | "unspecified" => Ok(HowDecided::Unspecified),
        "board" | "over_the_board" => Ok(HowDecided::OverTheBoard),
        "time" | "on_time" => Ok(HowDecided::OnTime),
        other => Err(bad("how", Msg::new("rep-bad-how").ltr("value", other))),
    }
}

/// The status word stored for a report (`ok`, `illegal_move`, `ambiguous_move`,
/// `unreadable_move`, `moves_after_end`, `bad_score` (set-up or PGN syntax),
/// `result_contradicted`, `result_differs`).
fn status_of(r: &domain::ScoreReport) -> &'static str {
    if let Some(f) = &r.move_flag {
        // The replay's article tells the kind (arbiter_rules::replay): Appendix E for notation,
        // E.9 for ambiguity, Art. 3 for an illegal move, Art. 5 / 9.6 for moves after the end.
        match f.article {
            "E" => "unreadable_move",
            "E.9" => "ambiguous_move",
            a if a.starts_with('3') => "illegal_move",
            a if a.starts_with('5') || a.starts_with("9.6") => "moves_after_end",
            _ => "bad_score",
        }
    } else if r.result_flag.is_some() {
        "result_contradicted"
    } else if r.sheet_result_differs.is_some() {
        "result_differs"
    } else {
        "ok"
    }
}

/// The domain's report in the stored form of `game_scores.report_json`.
fn stored_report(r: &domain::ScoreReport, entered: &GameResult) -> StoredReport {
    StoredReport {
        status: status_of(r).to_owned(),
        plies: r.plies,
        first_bad_move: r.move_flag.as_ref().map(|f| MoveNote {
            ply: f.ply,
            move_number: f.move_number,
            side: colour_name(f.side).to_owned(),
            text: f.text.clone(),
        }),
        article: r
            .move_flag
            .as_ref()
            .map(|f| f.article.to_owned())
            .or_else(|| r.result_flag.as_ref().map(|f| f.article.to_owned())),
        message: r.message.clone(),
        final_fen: r.final_fen.clone(),
        outcome: r.final_outcome.to_owned(),
        result_tag: Some(result_word(entered)),
        contradiction: r
            .result_flag
            .as_ref()
            .map(|f| f.message.clone())
            .or_else(|| r.sheet_result_differs.clone()),
        claims: Vec::new(),
        ended_at: None,
    }
}

/// `1-0`, `0-1`, `1/2-1/2`, or the TRF codes `W:B` for anything else.
fn result_word(r: &GameResult) -> String {
    match (r.white, r.black) {
        (ResultCode::Win, ResultCode::Loss) => "1-0".into(),
        (ResultCode::Loss, ResultCode::Win) => "0-1".into(),
        (ResultCode::Draw, ResultCode::Draw) => "1/2-1/2".into(),
        (w, b) => format!("{}:{}", w.trf_char(), b.trf_char()),
    }
}

/// Replays a scoresheet against the entered result and stores both (one transaction).
async fn store_report(
    state: &AppState,
    user: &UserRow,
    game: Uuid,
    scoresheet: String,
    result: GameResult,
    how: HowDecided,
) -> Result<(GameScoreRow, domain::ScoreReport), WebError> {
    if scoresheet.trim().is_empty() {
        return Err(bad("scoresheet", Msg::new("rep-no-moves")));
    }
    let report = domain::score_report(&scoresheet, &result, how, ReplayOptions::default())
        .map_err(|e| {
            bad(
                "scoresheet",
                Msg::new("rep-unreadable").data("why", e.to_string()),
            )
        })?;
    let stored = stored_report(&report, &result);
    let result = result.recorded_by(user.email.clone());
    let actor = user.actor();
    let row = with_db(state, move |c| {
        arbiter_db::games::submit_score_report(c, game, &scoresheet, &stored, &result, &actor)
            .map_err(record_error)
    })
    .await?;
    Ok((row, report))
}

fn record_error(e: RecordError) -> WebError {
    match e {
        RecordError::NotFound => WebError::missing("game"),
        RecordError::Conflict { current } => WebError::Conflict {
            current: serde_json::to_value(&*current).unwrap_or_default(),
        },
        e @ RecordError::Incoherent { .. } => bad("result", record_msg(&e)),
        RecordError::Database(e) => e.into(),
    }
}

/// A game of the tournament with the tournament, for an arbiter.
async fn arbiter_game(
    state: &AppState,
    user: UserRow,
    id: Uuid,
    game: Uuid,
) -> Result<(UserRow, StoredTournament, GameRow, Option<GameScoreRow>), WebError> {
    let (stored, row, score) = with_db(state, move |c| {
        Ok((
            arbiter_db::load_tournament(c, id)?,
            arbiter_db::game(c, game)?,
            arbiter_db::games::game_score(c, game)?,
        ))
    })
    .await?;
    let stored = stored.ok_or_else(|| WebError::no_tournament(id))?;
    let row = row
        .filter(|g| g.tournament_id == id.to_string())
        .ok_or_else(|| WebError::no_game(game))?;
    Ok((user, stored, row, score))
}

fn player_name(stored: &StoredTournament, pn: i32, l: &L10n) -> String {
    u16::try_from(pn)
        .ok()
        .and_then(|pn| stored.tournament.player(pn))
        .map_or_else(
            || format!("#{}", l.int(pn)),
            |p| format!("{} {}", l.int(pn), l.data(&titled_name(p))),
        )
}

#[derive(Template)]
#[template(path = "score_report.html")]
struct ReportPage {
    l: L10n,
    /// The page's heading.
    heading: String,
    /// The players and the result in a line.
    players: String,
    /// The players, for the title.
    versus: String,
    id: String,
    name: String,
    game: String,
    csrf: String,
    message: String,
    flagged: bool,
    status: String,
    stored_message: String,
    scoresheet: String,
    entered: String,
    how: String,
    results: Vec<(&'static str, String)>,
}

#[derive(Debug, Default, Deserialize)]
/// The score-report form.
pub struct ReportForm {
    /// The scoresheet: PGN or moves.
    #[serde(default)]
    pub scoresheet: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `+/-`, `-/+`, `-/-`.
    #[serde(default)]
    pub result: String,
    /// `unspecified`, `board` or `time` (Art. 6.9).
    #[serde(default)]
    pub how: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

#[expect(
    clippy::too_many_arguments,
    reason = "the page's request, session, game and form, as each handler has them"
)]
fn report_page(
    req: &HttpRequest,
    session: &Session,
    stored: &StoredTournament,
    g: &GameRow,
    score: Option<&GameScoreRow>,
    form: &ReportForm,
    message: &Msg,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let report = score.map(GameScoreRow::report).transpose()?;
    let l = L10n::negotiate(req);
    let (white, black) = (
        player_name(stored, g.white, &l),
        player_name(stored, g.black, &l),
    );
    let mut players = l.ta(
        "adj-players",
        &[("white", white.clone()), ("black", black.clone())],
    );
    let result = words::result(&l, &result_text(&g.result()?));
    if !result.is_empty() {
        players.push_str(" · ");
        players.push_str(&l.ta("adj-with-result", &[("result", result)]));
    }
    let page = ReportPage {
        heading: l.ta("rep-heading", &[("n", l.int(g.round))]),
        players,
        versus: format!("{white} – {black}"),
        id: g.tournament_id.clone(),
        name: stored.tournament.name.clone().unwrap_or_default(),
        game: g.id.clone(),
        csrf: csrf_token(session)?,
        message: l.m(message),
        flagged: score.is_some_and(|s| s.flagged),
        status: score.map(|s| status_in(&l, &s.status)).unwrap_or_default(),
        stored_message: report.map(|r| l.data(&r.message)).unwrap_or_default(),
        scoresheet: if form.scoresheet.is_empty() {
            score.map(|s| s.pgn.clone()).unwrap_or_default()
        } else {
            form.scoresheet.clone()
        },
        entered: form.result.clone(),
        how: form.how.clone(),
        results: results_in(&l),
        l,
    };
    private(&page, status)
}

/// `GET /tournaments/{id}/games/{game}/report`: the score-report form, with the stored score and
/// its verdict if any.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn report_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let (_, stored, g, score) = arbiter_game(&state, staff.user.clone(), id, game).await?;
    report_page(
        &req,
        &session,
        &stored,
        &g,
        score.as_ref(),
        &ReportForm::default(),
        &Msg::plain(""),
        StatusCode::OK,
    )
}

/// `POST /tournaments/{id}/games/{game}/report`: replays the scoresheet, stores the result and
/// the score with its verdict (flagged for the chief arbiter when a move is illegal or the result
/// contradicts the final position), and shows the verdict.
///
/// # Errors
/// [`WebError::BadRequest`] naming the field (an unreadable scoresheet, a bad result);
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn submit_report(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<ReportForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let (user, stored, g, score) = arbiter_game(&state, staff.user.clone(), id, game).await?;
    let outcome = async {
        let result = read_result("result", &form.result)?;
        let how = read_how(&form.how)?;
        store_report(&state, &user, game, form.scoresheet.clone(), result, how).await
    }
    .await;
    match outcome {
        Ok((row, report)) => {
            let message = Msg::new(if row.flagged {
                "rep-stored-flagged"
            } else {
                "rep-stored-ok"
            })
            .data("message", report.message);
            let g = with_db(&state, move |c| Ok(arbiter_db::game(c, game)?))
                .await?
                .unwrap_or(g);
            report_page(
                &req,
                &session,
                &stored,
                &g,
                Some(&row),
                &form,
                &message,
                StatusCode::OK,
            )
        }
        Err(e @ WebError::BadRequest { .. }) => report_page(
            &req,
            &session,
            &stored,
            &g,
            score.as_ref(),
            &form,
            &Msg::plain(e.detail(&L10n::negotiate(&req))),
            StatusCode::BAD_REQUEST,
        ),
        Err(e) => Err(e),
    }
}

/// The body of `POST /api/v1/games/{id}/score`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiScore {
    /// The scoresheet: PGN or moves.
    #[schema(pattern = r"\S")]
    pub scoresheet: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `+/-`, `-/+`, `-/-`.
    #[schema(pattern = r"^(1-0|0-1|1/2-1/2|\+/-|-/\+|-/-)$")]
    pub result: String,
    /// `unspecified` (default), `board` or `time` (Art. 6.9).
    #[serde(default)]
    #[schema(pattern = "^(unspecified|board|time)?$")]
    pub how: String,
}

/// The answer of `POST /api/v1/games/{id}/score`.
#[derive(Debug, Serialize)]
struct ApiScoreAnswer {
    game: String,
    flagged: bool,
    status: String,
    report: domain::ScoreReport,
}

/// `POST /api/v1/games/{id}/score` (`Authorization: Bearer TOKEN`, an arbiter or organizer of
/// the game's tournament): as the score-report form; `201` with `{game, flagged, status, report}`.
///
/// # Errors
/// Problem JSON: 401, 403, 404, 400 naming the field.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/score",
    tag = "games",
    params(("id" = Uuid, Path, description = "The game's id")),
    request_body = ApiScore,
    responses((status = 201, description = "The score report: `{game, flagged, status, report}`", body = serde_json::Value)),
    security(("bearer" = []))
)]
pub async fn api_score(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    body: ApiJson<ApiScore>,
) -> Result<HttpResponse, WebError> {
    let game = path.into_inner();
    let inner = async {
        let (user, _) = crate::extract::api_arbiter_game(&state, &req, game).await?;
        let body = body.into_inner();
        let result = read_result("result", &body.result)?;
        let how = read_how(&body.how)?;
        let (row, report) = store_report(&state, &user, game, body.scoresheet, result, how).await?;
        Ok::<_, WebError>(
            HttpResponse::Created()
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .json(ApiScoreAnswer {
                    game: row.game_id,
                    flagged: row.flagged,
                    status: row.status,
                    report,
                }),
        )
    };
    inner.await.map_err(WebError::api)
}

struct FlagLine {
    game: String,
    round: String,
    board: String,
    white: String,
    black: String,
    result: String,
    status: String,
    message: String,
}

#[derive(Template)]
#[template(path = "flagged.html")]
struct FlaggedPage {
    l: L10n,
    id: String,
    name: String,
    csrf: String,
    games: Vec<FlagLine>,
    results: Vec<(&'static str, String)>,
}

async fn flagged_page(
    state: &AppState,
    req: &HttpRequest,
    session: &Session,
    id: Uuid,
) -> Result<HttpResponse, WebError> {
    let (stored, scores, games) = with_db(state, move |c| {
        Ok((
            arbiter_db::load_tournament(c, id)?,
            arbiter_db::games::tournament_scores(c, id)?,
            arbiter_db::games::tournament_games(c, id)?,
        ))
    })
    .await?;
    let stored = stored.ok_or_else(|| WebError::no_tournament(id))?;
    let l = L10n::negotiate(req);
    let mut lines = Vec::new();
    for g in &games {
        let Some(s) = scores.get(&g.id).filter(|s| s.flagged) else {
            continue;
        };
        let r = s.report()?;
        lines.push(FlagLine {
            game: g.id.clone(),
            round: l.int(g.round),
            board: g.board.map(|b| l.int(b)).unwrap_or_default(),
            white: player_name(&stored, g.white, &l),
            black: player_name(&stored, g.black, &l),
            result: words::result(&l, &result_text(&g.result()?)),
            status: status_in(&l, &s.status),
            message: l.data(&r.message),
        });
    }
    private(
        &FlaggedPage {
            id: id.to_string(),
            name: stored.tournament.name.clone().unwrap_or_default(),
            csrf: csrf_token(session)?,
            games: lines,
            results: results_in(&l),
            l,
        },
        StatusCode::OK,
    )
}

/// `GET /tournaments/{id}/flagged`: the games whose score report is flagged, for the chief
/// arbiter (organizers and arbiters).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn flagged(
    state: web::Data<AppState>,
    req: HttpRequest,
    session: Session,
    path: web::Path<Uuid>,
    _staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    flagged_page(&state, &req, &session, id).await
}

/// The chief arbiter's decision on a flagged game.
#[derive(Debug, Deserialize)]
pub struct ResolveForm {
    /// `confirm` (the entered result stands) or `correct`.
    #[serde(default)]
    pub decision: String,
    /// The corrected result (with `correct`).
    #[serde(default)]
    pub result: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/flagged/{game}`: the chief arbiter confirms the entered result or
/// corrects it (Art. 8); the game leaves the list; audited.
///
/// # Errors
/// [`WebError::BadRequest`] for an unknown decision or result; [`WebError::Unauthorized`],
/// [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn resolve_flag(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, Uuid)>,
    staff: Staff<Arbiter>,
    Checked(form): Checked<ResolveForm>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    let (user, _, _, score) = arbiter_game(&state, staff.user.clone(), id, game).await?;
    if !score.is_some_and(|s| s.flagged) {
        return Err(bad("game", Msg::new("rep-not-flagged")));
    }
    let correction = match form.decision.as_str() {
        "confirm" => None,
        "correct" => Some(read_result("result", &form.result)?.recorded_by(user.email.clone())),
        other => {
            return Err(bad(
                "decision",
                Msg::new("rep-bad-decision").ltr("value", other),
            ));
        }
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        arbiter_db::games::resolve_flagged_score(c, game, correction.as_ref(), &actor)
            .map_err(record_error)
    })
    .await?;
    Ok(see_other_done(
        &format!("/tournaments/{id}/flagged"),
        Done::Flag,
    ))
}

csrf_field!(ReportForm, ResolveForm);
