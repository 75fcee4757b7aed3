//! The organizer's round work: pairing the next round with the tournament's system (the FIDE
//! Dutch system, C.04.3, or the Berger tables, C.05 Annex 1), reviewing the engine's pairing,
//! changing it by hand with the checker's warnings (C.04.A: a manual change that breaks an
//! absolute criterion is warned about, then logged and exported), publishing it or taking it
//! back; byes requested before a round is paired (C.04.1); withdrawals; bulk registration by
//! CSV or TRF upload; importing a whole tournament from TRF; editing the tournament. Every form
//! carries the CSRF token; every change is audited in its transaction.

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::models::{TournamentChanges, scoring_json};
use arbiter_db::{ChangeError, Role, UserRow};
use arbiter_tournament::tiebreak::Edition as TieBreakEdition;
use arbiter_tournament::{
    Colour, NextRoundError, PairingSystem, PlayerStatus, Points, ResultCode, RoundState,
    ScoringSystem, Tournament, manual_text, parse_manual_pairing,
};
use askama::Template;
use chrono::NaiveDateTime;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::{check_csrf, csrf_token, require_role, require_user};
use crate::error::WebError;
use crate::organizer::{TournamentForm, bad, private, see_other, text};
use crate::views::{bye_text, state_text, titled_name};
use crate::{AppState, with_db};

/// The form's token for "the tournament as this page showed it": its last-change time.
fn seen_token(t: NaiveDateTime) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.f").to_string()
}

fn parse_seen(v: &str) -> Result<NaiveDateTime, WebError> {
    NaiveDateTime::parse_from_str(v.trim(), "%Y-%m-%dT%H:%M:%S%.f")
        .map_err(|_| bad("seen", "missing or malformed; reload the page"))
}

/// Runs the pairing engine (seconds on a large field) on the blocking pool, not on a worker.
pub(crate) async fn off_thread<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, WebError> {
    web::block(f)
        .await
        .map_err(|e| WebError::Internal(e.to_string()))
}

async fn load(state: &AppState, id: Uuid) -> Result<arbiter_db::StoredTournament, WebError> {
    with_db(state, move |c| Ok(arbiter_db::load_tournament(c, id)?))
        .await?
        .ok_or_else(|| WebError::NotFound(format!("tournament {id}")))
}

/// A player for a table: pairing number, name with title, rating and score before the round.
fn player_cell(t: &Tournament, pn: u16, before: u16) -> String {
    let score = t
        .scores_after_round(before.saturating_sub(1))
        .get(&pn)
        .copied()
        .unwrap_or(Points::ZERO);
    t.player(pn).map_or_else(
        || format!("{pn} (not registered)"),
        |p| {
            let rating = p
                .rating
                .filter(|&r| r > 0)
                .map(|r| format!(", {r}"))
                .unwrap_or_default();
            format!("{pn} {} ({score}{rating})", titled_name(p))
        },
    )
}

/// One board of a pairing as shown.
struct BoardLine {
    board: usize,
    white: String,
    black: String,
}

fn board_lines(t: &Tournament, round: u16, p: &arbiter_tournament::Pairing) -> Vec<BoardLine> {
    p.boards
        .iter()
        .enumerate()
        .map(|(i, b)| BoardLine {
            board: i + 1,
            white: player_cell(t, b.white, round),
            black: player_cell(t, b.black, round),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "pair.html")]
struct PairPage {
    id: String,
    name: String,
    csrf: String,
    round: u16,
    system: &'static str,
    seen: String,
    /// Why the round cannot be paired (empty when it can).
    blocked: String,
    /// The engine's pairing.
    boards: Vec<BoardLine>,
    bye: String,
    absent: Vec<String>,
    engine: String,
    /// The text in the edit box.
    text: String,
    errors: Vec<String>,
    warnings: Vec<String>,
    /// The warnings must be acknowledged before storing.
    confirm: bool,
    /// Round 1 with pairing numbers not in the initial order (C.04.2).
    unordered: bool,
}

async fn pair_page(
    state: &AppState,
    session: &Session,
    id: Uuid,
    edited: Option<(String, Vec<String>, Vec<String>)>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let stored = load(state, id).await?;
    let t = &stored.tournament;
    let system = t.system();
    let round = t.next_round_number();
    let mut page = PairPage {
        id: id.to_string(),
        name: t.name.clone().unwrap_or_default(),
        csrf: csrf_token(session)?,
        round,
        system: system.label(),
        seen: seen_token(stored.updated_at),
        blocked: String::new(),
        boards: Vec::new(),
        bye: String::new(),
        absent: Vec::new(),
        engine: String::new(),
        text: String::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
        confirm: false,
        unordered: round == 1
            && matches!(system, PairingSystem::Dutch(_))
            && !t.initial_renumbering().is_empty(),
    };
    let proposal = off_thread({
        let t = t.clone();
        move || t.propose_next_round()
    })
    .await?;
    let waiting = adjourned_wait(state, id, t, round).await?;
    match proposal {
        _ if !waiting.is_empty() => page.blocked = waiting,
        Ok((_, p)) => {
            page.boards = board_lines(t, round, &p);
            page.bye = p.bye.map(|b| player_cell(t, b, round)).unwrap_or_default();
            page.engine = manual_text(&p);
            page.text.clone_from(&page.engine);
        }
        Err(NextRoundError::Engine(e)) => {
            page.warnings.push(format!(
                "The Dutch system finds no pairing that meets the absolute criteria ({e}); \
                 pair this round by hand below."
            ));
        }
        Err(e) => page.blocked = e.to_string(),
    }
    if let Some(r) = t.round(round) {
        page.absent = r
            .byes
            .iter()
            .map(|b| format!("{}: {}", player_cell(t, b.player, round), bye_text(b.code)))
            .collect();
    }
    page.absent.extend(
        t.players
            .iter()
            .filter(|p| p.status == PlayerStatus::Withdrawn)
            .map(|p| format!("{}: withdrawn", player_cell(t, p.pairing_number, round))),
    );
    if let Some((text, errors, warnings)) = edited {
        page.confirm = errors.is_empty() && !warnings.is_empty();
        page.text = text;
        page.errors = errors;
        page.warnings.extend(warnings);
    }
    private(&page, status)
}

/// Why the round must wait for adjourned games (Appendix A), when the tournament waits for their
/// results (the default) and some game of an earlier round is adjourned (`X`); empty otherwise.
///
/// # Errors
/// [`WebError::Database`].
pub(crate) async fn adjourned_wait(
    state: &AppState,
    id: Uuid,
    t: &Tournament,
    round: u16,
) -> Result<String, WebError> {
    let adjourned = t.adjourned_before(round);
    if adjourned.is_empty() {
        return Ok(String::new());
    }
    let provisional = with_db(state, move |c| {
        Ok(arbiter_db::pairs_with_provisional_draws(c, id)?)
    })
    .await?;
    if provisional {
        return Ok(String::new());
    }
    Ok(format!(
        "{} adjourned (Appendix A) and the tournament waits for the result (Settings: pair with \
         the adjourned games as provisional draws instead)",
        adjourned
            .iter()
            .map(|(r, b)| format!("round {r} board {b}"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// `GET /tournaments/{id}/pair`: the engine's pairing of the next round, for review.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not the organizer),
/// [`WebError::NotFound`].
pub async fn pair_form(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = require_user(&state, &session).await?;
    require_role(&state, &user, id, Role::Organizer).await?;
    pair_page(&state, &session, id, None, StatusCode::OK).await
}

#[derive(Template)]
#[template(path = "pair_explain.html")]
struct ExplainPage {
    id: String,
    name: String,
    round: u16,
    text: String,
    error: String,
}

/// `GET /tournaments/{id}/pair/explain`: why the Dutch system pairs the next round as it does,
/// bracket by bracket (who floated and why, the criterion behind each game, the PAB), for the
/// arbiter answering "why am I paired with him?". Computed on request: it re-pairs the round
/// once per choice, so it takes longer than the pairing itself on large fields.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not an arbiter or organizer),
/// [`WebError::NotFound`].
pub async fn explain(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = require_user(&state, &session).await?;
    require_role(&state, &user, id, Role::Arbiter).await?;
    let stored = load(&state, id).await?;
    let round = stored.tournament.next_round_number();
    let name = stored.tournament.name.clone().unwrap_or_default();
    let explained = off_thread(move || stored.tournament.explain_next_round()).await?;
    let (text, error) = match explained {
        Ok(Some(t)) => (t, String::new()),
        Ok(None) => (
            String::new(),
            "A round robin is paired by the Berger table (C.05 Annex 1): there is no choice to \
             explain."
                .to_owned(),
        ),
        Err(e) => (String::new(), e.to_string()),
    };
    private(
        &ExplainPage {
            id: id.to_string(),
            name,
            round,
            text,
            error,
        },
        StatusCode::OK,
    )
}

/// The store-a-pairing form.
#[derive(Debug, Deserialize)]
pub struct PairForm {
    /// The round the page paired.
    #[serde(default)]
    pub round: String,
    /// The tournament's last change when the page was shown.
    #[serde(default)]
    pub seen: String,
    /// The engine's pairing as shown (`WHITE BLACK` lines, the bye as `N 0`).
    #[serde(default)]
    pub engine: String,
    /// The pairing to store, in the same format (the engine's, or changed by hand).
    #[serde(default)]
    pub pairing: String,
    /// `1` once the arbiter has read the warnings of a pairing changed by hand.
    #[serde(default)]
    pub confirm: String,
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

/// `POST /tournaments/{id}/pair`: stores the pairing (not yet public). A pairing that differs
/// from the engine's is reviewed first: errors (a player missing, twice, absent) block it,
/// warnings (absolute criteria broken, not the engine's pairing) must be acknowledged; it is
/// then stored with a note in the audit log and the TRF export.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming the
/// field or line; a stale page gets the page again with `409`.
pub async fn store_pairing(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
    form: web::Form<PairForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = require_user(&state, &session).await?;
    check_csrf(&session, &form.csrf)?;
    require_role(&state, &user, id, Role::Organizer).await?;
    let round: u16 = form
        .round
        .trim()
        .parse()
        .map_err(|_| bad("round", "missing or not a number"))?;
    let seen = parse_seen(&form.seen)?;
    let stored = load(&state, id).await?;
    let t = &stored.tournament;
    if stored.updated_at != seen || t.next_round_number() != round {
        return stale(&state, &session, id).await;
    }
    let waiting = adjourned_wait(&state, id, t, round).await?;
    if !waiting.is_empty() {
        return Err(bad("round", waiting));
    }
    let proposed = match parse_manual_pairing(&form.pairing) {
        Ok(p) => p,
        Err(e) => {
            return pair_page(
                &state,
                &session,
                id,
                Some((form.pairing.clone(), vec![e.to_string()], Vec::new())),
                StatusCode::BAD_REQUEST,
            )
            .await;
        }
    };
    let engine = parse_manual_pairing(&form.engine).ok();
    let manual = engine.as_ref() != Some(&proposed);
    let mut note = None;
    if manual {
        let review = off_thread({
            let (t, proposed) = (t.clone(), proposed.clone());
            move || t.review_manual_pairing(round, &proposed)
        })
        .await?
        .map_err(|e| bad("pairing", e.to_string()))?;
        if !review.storable() || (!review.warnings.is_empty() && form.confirm.trim() != "1") {
            let status = if review.storable() {
                StatusCode::OK
            } else {
                StatusCode::BAD_REQUEST
            };
            return pair_page(
                &state,
                &session,
                id,
                Some((form.pairing.clone(), review.errors, review.warnings)),
                status,
            )
            .await;
        }
        note = Some(arbiter_tournament::manual_change_note(
            round,
            &user.email,
            &proposed,
            &review.warnings,
        ));
    }
    let r = t.round_from_pairing(round, &proposed);
    let actor = user.actor();
    let saved = with_db(&state, move |c| {
        Ok(arbiter_db::store_pairing(
            c,
            id,
            &r,
            seen,
            note.as_deref(),
            &actor,
        ))
    })
    .await?;
    match saved {
        Ok(()) => Ok(see_other(&format!(
            "/tournaments/{id}/rounds/{round}/pairing"
        ))),
        Err(ChangeError::Stale) => stale(&state, &session, id).await,
        Err(e) => Err(e.into()),
    }
}

async fn stale(state: &AppState, session: &Session, id: Uuid) -> Result<HttpResponse, WebError> {
    pair_page(
        state,
        session,
        id,
        Some((
            String::new(),
            vec![
                "Not stored: the tournament changed since this page was shown (a result, a \
                 registration, or this pairing stored already). Here is the pairing as it stands \
                 now."
                    .into(),
            ],
            Vec::new(),
        )),
        StatusCode::CONFLICT,
    )
    .await
}

#[derive(Template)]
#[template(path = "round_admin.html")]
struct RoundAdminPage {
    id: String,
    name: String,
    csrf: String,
    round: u16,
    state: &'static str,
    paired: bool,
    published: bool,
    boards: Vec<BoardLine>,
    byes: Vec<String>,
    /// The scheduled start (local time, `YYYY-MM-DDTHH:MM`), empty when none (Art. 6.7).
    scheduled: String,
    /// The tournament's time zone (IANA name).
    zone: &'static str,
}

/// `GET /tournaments/{id}/rounds/{n}/pairing`: a stored round for its organizer: the boards,
/// the byes, and publish or take back while it is not public.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn round_admin(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let user = require_user(&state, &session).await?;
    require_role(&state, &user, id, Role::Organizer).await?;
    let stored = load(&state, id).await?;
    let t = &stored.tournament;
    let r = t
        .round(n)
        .ok_or_else(|| WebError::NotFound(format!("round {n}")))?;
    let pairing = t.recorded_pairing(n);
    let zone = crate::zone::Zone::of_tournament(&stored);
    private(
        &RoundAdminPage {
            id: id.to_string(),
            name: t.name.clone().unwrap_or_default(),
            csrf: csrf_token(&session)?,
            round: n,
            state: state_text(r.state),
            paired: r.state == RoundState::Paired,
            published: matches!(r.state, RoundState::Published | RoundState::Complete),
            boards: board_lines(t, n, &pairing),
            byes: r
                .byes
                .iter()
                .map(|b| format!("{}: {}", player_cell(t, b.player, n), bye_text(b.code)))
                .collect(),
            scheduled: r.scheduled.map(|s| zone.field(s)).unwrap_or_default(),
            zone: zone.name(),
        },
        StatusCode::OK,
    )
}

/// A form with nothing but the CSRF token.
#[derive(Debug, Deserialize)]
pub struct TokenForm {
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

async fn organizer(
    state: &AppState,
    session: &Session,
    id: Uuid,
    csrf: &str,
) -> Result<UserRow, WebError> {
    let user = require_user(state, session).await?;
    check_csrf(session, csrf)?;
    require_role(state, &user, id, Role::Organizer).await?;
    Ok(user)
}

/// `POST /tournaments/{id}/rounds/{n}/publish`: makes a paired round public.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] unless the
/// round is paired and unpublished, [`WebError::NotFound`].
pub async fn publish(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, u16)>,
    form: web::Form<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let user = organizer(&state, &session, id, &form.csrf).await?;
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::publish_round(c, id, n, &actor))
    })
    .await??;
    Ok(see_other(&format!("/tournaments/{id}/rounds/{n}/pairing")))
}

/// `POST /tournaments/{id}/rounds/{n}/unpair`: takes back an unpublished pairing (requested
/// byes stay).
///
/// # Errors
/// As [`publish`].
pub async fn unpair(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<(Uuid, u16)>,
    form: web::Form<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let user = organizer(&state, &session, id, &form.csrf).await?;
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::unpair_round(c, id, n, &actor))
    })
    .await??;
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
    session: Session,
    path: web::Path<Uuid>,
    form: web::Form<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = organizer(&state, &session, id, &form.csrf).await?;
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
    session: Session,
    path: web::Path<Uuid>,
    form: web::Form<ByeForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = organizer(&state, &session, id, &form.csrf).await?;
    let player: u16 = form
        .player
        .trim()
        .parse()
        .map_err(|_| bad("player", "not a pairing number"))?;
    let round: u16 = form
        .round
        .trim()
        .parse()
        .ok()
        .filter(|&r| (1..=99).contains(&r))
        .ok_or_else(|| bad("round", "a round number, 1-99"))?;
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
                .ok_or_else(|| bad("code", "H, Z, F or cancel"))?,
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
    session: Session,
    path: web::Path<(Uuid, u16)>,
    form: web::Form<StatusForm>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    let user = organizer(&state, &session, id, &form.csrf).await?;
    let status = match form.status.trim() {
        "withdrawn" => PlayerStatus::Withdrawn,
        "active" => PlayerStatus::Active,
        _ => return Err(bad("status", "withdrawn or active")),
    };
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::set_player_status(c, id, pn, status, &actor))
    })
    .await??;
    let prefix = format!("/tournaments/{id}/");
    if form.back.starts_with(&prefix) && !form.back.contains("//") {
        return Ok(see_other(&form.back));
    }
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

/// An upload: a file, or the same text pasted.
#[derive(Debug, MultipartForm)]
pub struct UploadForm {
    /// The file (CSV or TRF), if one was chosen.
    #[multipart(limit = "8MiB")]
    pub file: Option<UploadBytes>,
    /// Pasted text, used when no file was chosen.
    pub text: Option<Text<String>>,
    /// The session's CSRF token.
    pub csrf: Option<Text<String>>,
}

impl UploadForm {
    fn csrf(&self) -> &str {
        self.csrf.as_ref().map_or("", |t| t.as_str())
    }

    fn content(&self) -> Result<Vec<u8>, WebError> {
        if let Some(f) = self.file.as_ref().filter(|f| !f.data.is_empty()) {
            return Ok(f.data.to_vec());
        }
        match self.text.as_ref().filter(|t| !t.trim().is_empty()) {
            Some(t) => Ok(t.as_bytes().to_vec()),
            None => Err(bad("file", "choose a file or paste its text")),
        }
    }
}

/// Whether an upload is a TRF file: its first record is a TRF code (`001`, `012`, ...).
fn looks_like_trf(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.trim_start_matches('\u{feff}')
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| {
            let code: String = l.chars().take(3).collect();
            l.chars().nth(3).is_none_or(|c| c == ' ')
                && (code.bytes().all(|b| b.is_ascii_digit()) || code == "XXR" || code == "XXC")
        })
}

fn trf_problem(e: &arbiter_tournament::TrfError) -> WebError {
    bad("file", e.to_string())
}

/// `POST /tournaments/{id}/players/upload` (multipart): registers every player of a CSV file
/// (columns as `arbiter_tournament::csv_io` documents) or of a TRF file's `001` records, all or
/// none, with the next pairing numbers; every bad line is named.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] naming the
/// line and field.
pub async fn upload_players(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<Uuid>,
    MultipartForm(form): MultipartForm<UploadForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = organizer(&state, &session, id, form.csrf()).await?;
    let bytes = form.content()?;
    let stored = load(&state, id).await?;
    let players = if looks_like_trf(&bytes) {
        arbiter_tournament::read_trf(&bytes)
            .map_err(|e| trf_problem(&e))?
            .tournament
            .players
    } else {
        arbiter_tournament::csv_io::import_players(&bytes, &stored.tournament.players).map_err(
            |e| WebError::BadRequest {
                field: "file".into(),
                message: e
                    .errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            },
        )?
    };
    if players.is_empty() {
        return Err(bad("file", "no players in the file"));
    }
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::add_players(c, id, &players, &actor))
    })
    .await??;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
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
    MultipartForm(form): MultipartForm<UploadForm>,
) -> Result<HttpResponse, WebError> {
    let user = require_user(&state, &session).await?;
    check_csrf(&session, form.csrf())?;
    let bytes = form.content()?;
    let mut t = arbiter_tournament::read_trf(&bytes)
        .map_err(|e| trf_problem(&e))?
        .tournament;
    t.publish_paired_rounds();
    let id = with_db(&state, move |c| {
        Ok(arbiter_db::create_tournament_for(c, &t, None, &user)?)
    })
    .await?;
    Ok(see_other(&format!("/tournaments/{id}/manage")))
}

// ---- editing the tournament ----

/// The edit-tournament form: the create form's fields and the pairing system, initial colour,
/// scoring and round schedule.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct EditForm {
    /// The fields the create form has.
    #[serde(flatten)]
    pub base: TournamentForm,
    /// `white` or `black`: the colour of the first player in round 1 (C.04.3 E.5, by lot).
    #[serde(default)]
    pub initial_colour: String,
    /// Points for a win, a draw, a loss (Art. 11; `1`, `0.5`, `0` by default).
    #[serde(default)]
    pub win: String,
    /// Points for a draw.
    #[serde(default)]
    pub draw: String,
    /// Points for a loss.
    #[serde(default)]
    pub loss: String,
    /// Points for the pairing-allocated bye (C.04.1; a win's by default).
    #[serde(default)]
    pub pab: String,
    /// The chief arbiter.
    #[serde(default)]
    pub chief_arbiter: String,
    /// Pairing while a game is adjourned (Appendix A): `wait` (the default) or `provisional`
    /// (the adjourned game counts as a draw, TRF-2026 `X`).
    #[serde(default)]
    pub adjourned_pairing: String,
    /// The time zone the pages show and take times in (an IANA name such as
    /// `Europe/Amsterdam`; empty: UTC).
    #[serde(default)]
    pub time_zone: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
}

impl EditForm {
    fn of(
        stored: &arbiter_db::StoredTournament,
        seen: NaiveDateTime,
        provisional: bool,
    ) -> EditForm {
        let t = &stored.tournament;
        let minutes = stored.default_time_minutes;
        let date = |d: &Option<String>| {
            d.as_deref()
                .and_then(arbiter_tournament::parse_date)
                .map(|d| d.format("%Y-%m-%d").to_string())
                .unwrap_or_default()
        };
        EditForm {
            base: TournamentForm {
                name: t.name.clone().unwrap_or_default(),
                city: t.city.clone().unwrap_or_default(),
                start_date: date(&t.start_date),
                end_date: date(&t.end_date),
                rounds_planned: t.rounds_planned.map(|r| r.to_string()).unwrap_or_default(),
                time_control: t.time_control.clone().unwrap_or_default(),
                default_time_minutes: minutes.map(|m| m.to_string()).unwrap_or_default(),
                tiebreaks: t.tiebreaks.clone().unwrap_or_default(),
                tiebreak_edition: t.tiebreak_edition.clone().unwrap_or_default(),
                pairing_system: t.system().code().to_owned(),
                csrf: String::new(),
            },
            initial_colour: match t.initial_colour {
                Some(Colour::Black) => "black".into(),
                _ => "white".into(),
            },
            win: t.scoring.win.to_string(),
            draw: t.scoring.draw.to_string(),
            loss: t.scoring.loss.to_string(),
            pab: t.scoring.pab.to_string(),
            chief_arbiter: t.chief_arbiter.clone().unwrap_or_default(),
            adjourned_pairing: if provisional { "provisional" } else { "wait" }.into(),
            time_zone: stored.time_zone.clone().unwrap_or_else(|| "UTC".into()),
            seen: seen_token(seen),
        }
    }

    /// The time zone the form asks for (`None`: UTC).
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming `time_zone` when it is not an IANA zone name.
    pub fn time_zone(&self) -> Result<Option<String>, WebError> {
        crate::zone::Zone::parse("time_zone", &self.time_zone)
    }

    /// The changes the form asks for.
    ///
    /// # Errors
    /// [`WebError::BadRequest`] naming the first bad field.
    pub fn changes(&self) -> Result<TournamentChanges, WebError> {
        let (t, minutes) = self.base.to_model()?;
        let adjourned = match self.adjourned_pairing.trim() {
            "" | "wait" => "wait",
            "provisional" => "provisional",
            _ => return Err(bad("adjourned_pairing", "wait or provisional")),
        };
        let colour = match self.initial_colour.trim() {
            "" | "white" => "w",
            "black" => "b",
            _ => return Err(bad("initial_colour", "white or black")),
        };
        let points = |field: &str, v: &str, default: Points| -> Result<Points, WebError> {
            match text(v) {
                None => Ok(default),
                Some(t) => Points::parse(&t)
                    .ok()
                    .filter(|p| p.tenths() <= 100)
                    .ok_or_else(|| bad(field, format!("`{t}` is not a score such as 1 or 0.5"))),
            }
        };
        let win = points("win", &self.win, Points::ONE)?;
        let draw = points("draw", &self.draw, Points::HALF)?;
        let loss = points("loss", &self.loss, Points::ZERO)?;
        if !(loss <= draw && draw <= win) {
            return Err(bad(
                "draw",
                "scores must not decrease from a loss to a draw to a win",
            ));
        }
        let mut scoring = ScoringSystem::from_main(win, draw, loss);
        scoring.pab = points("pab", &self.pab, win)?;
        if let Some(e) = &t.tiebreak_edition {
            if TieBreakEdition::parse(e).is_none() {
                return Err(bad("tiebreak_edition", "use 2024 or 2026"));
            }
        }
        Ok(TournamentChanges {
            name: Some(t.name),
            city: Some(t.city),
            start_date: Some(t.start_date),
            end_date: Some(t.end_date),
            chief_arbiter: Some(text(&self.chief_arbiter)),
            time_control: Some(t.time_control),
            rounds_planned: Some(t.rounds_planned.map(i32::from)),
            initial_colour: Some(Some(colour.to_owned())),
            scoring: Some(scoring_json(&scoring)?),
            pairing_system: Some(t.pairing_system),
            tiebreaks: Some(t.tiebreaks),
            tiebreak_edition: Some(t.tiebreak_edition),
            default_time_minutes: Some(
                minutes
                    .map(i32::try_from)
                    .transpose()
                    .map_err(|_| bad("default_time_minutes", "too large"))?,
            ),
            adjourned_pairing: Some(Some(adjourned.to_owned())),
            updated_at: None,
        })
    }
}

#[derive(Template)]
#[template(path = "edit_tournament.html")]
struct EditPage {
    id: String,
    csrf: String,
    error: String,
    form: EditForm,
    systems: Vec<(&'static str, &'static str)>,
    /// The IANA time zone names the form suggests.
    zones: Vec<&'static str>,
    /// The Laws edition (`2001`, `later`), set by its own form (`arbiter_board::set_edition`).
    laws_edition: &'static str,
}

/// The tournament's Laws edition as stored (`2001`, `later`).
async fn laws_edition_code(state: &AppState, id: Uuid) -> Result<&'static str, WebError> {
    let e = with_db(state, move |c| {
        arbiter_db::arbiter::laws_edition(c, id).map_err(crate::arbiter_board::arbiter_error)
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
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = require_user(&state, &session).await?;
    require_role(&state, &user, id, Role::Organizer).await?;
    let stored = load(&state, id).await?;
    let provisional = with_db(&state, move |c| {
        Ok(arbiter_db::pairs_with_provisional_draws(c, id)?)
    })
    .await?;
    private(
        &EditPage {
            id: id.to_string(),
            csrf: csrf_token(&session)?,
            error: String::new(),
            form: EditForm::of(&stored, stored.updated_at, provisional),
            zones: zones(),
            systems: systems(),
            laws_edition: laws_edition_code(&state, id).await?,
        },
        StatusCode::OK,
    )
}

/// The IANA time zone names, for the settings form's suggestions.
fn zones() -> Vec<&'static str> {
    chrono_tz::TZ_VARIANTS.iter().map(|z| z.name()).collect()
}

/// The pairing systems a form offers: `192` code and label.
pub(crate) fn systems() -> Vec<(&'static str, &'static str)> {
    PairingSystem::ALL.iter().map(|&(_, c, l)| (c, l)).collect()
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
    path: web::Path<Uuid>,
    form: web::Form<EditForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let user = organizer(&state, &session, id, &form.base.csrf).await?;
    let laws_edition = laws_edition_code(&state, id).await?;
    let again = |error: String, status: StatusCode| -> Result<HttpResponse, WebError> {
        private(
            &EditPage {
                id: id.to_string(),
                csrf: csrf_token(&session)?,
                error,
                form: form.clone(),
                systems: systems(),
                zones: zones(),
                laws_edition,
            },
            status,
        )
    };
    let (changes, zone) = match form.changes().and_then(|c| Ok((c, form.time_zone()?))) {
        Ok(c) => c,
        Err(e) => return again(e.to_string(), StatusCode::BAD_REQUEST),
    };
    let seen = parse_seen(&form.seen)?;
    let actor = user.actor();
    let saved = with_db(&state, move |c| {
        Ok(arbiter_db::update_tournament(
            c,
            id,
            &changes,
            Some(zone.as_deref()),
            Some(seen),
            &actor,
        ))
    })
    .await?;
    match saved {
        Ok(()) => Ok(see_other(&format!("/tournaments/{id}/manage"))),
        Err(ChangeError::Stale) => again(
            "Not saved: the tournament changed since this form was shown. Reload it to see the \
             current settings."
                .into(),
            StatusCode::CONFLICT,
        ),
        Err(e) => Err(e.into()),
    }
}

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

    #[test]
    fn seen_tokens_round_trip_to_the_microsecond() {
        let t = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_micro_opt(5, 6, 7, 123_456)
            .unwrap();
        assert_eq!(parse_seen(&seen_token(t)).unwrap(), t);
        assert!(parse_seen("yesterday").is_err());
    }

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
