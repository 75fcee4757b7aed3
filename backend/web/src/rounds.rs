//! The organizer's round work: pairing the next round with the tournament's system (the FIDE
//! Dutch system, C.04.3, or the Berger tables, C.05 Annex 1), reviewing the engine's pairing,
//! changing it by hand with the checker's warnings (C.04.A: a manual change that breaks an
//! absolute criterion is warned about, then logged and exported), the explanation of a pairing,
//! publishing it or taking it back. Every form carries the CSRF token; every change is audited in
//! its transaction. (Byes, withdrawals and uploads are in [`crate::players`]; the tournament's
//! settings and import in [`crate::tournaments`].)

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::ChangeError;
use arbiter_tournament::{
    NextRoundError, PairingSystem, PlayerStatus, Points, RoundState, Tournament, manual_text,
    parse_manual_pairing,
};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{Arbiter, Checked, Organizer, Staff, csrf_field};
use crate::forms::TokenForm;
use crate::l10n::review::finding;
use crate::l10n::{L10n, Msg};
use crate::pairing::{adjourned_wait, off_thread};
use crate::respond::{bad, load, parse_seen, private, see_other_done, seen_token};
use crate::state::{AppState, with_db};
use crate::views::{bye_in, state_in, system_in, titled_name};

/// A player for a table: pairing number, name with title, rating and score before the round,
/// in the reader's digits.
fn player_cell(t: &Tournament, pn: u16, before: u16, l: &L10n) -> String {
    let score = t
        .scores_after_round(before.saturating_sub(1))
        .get(&pn)
        .copied()
        .unwrap_or(Points::ZERO);
    t.player(pn).map_or_else(
        || l.ti("pair-not-registered", "n", pn),
        |p| {
            let rating = p
                .rating
                .filter(|&r| r > 0)
                .map(|r| format!("{}{}", l.t("list-separator"), l.int(r)))
                .unwrap_or_default();
            format!(
                "{} {} ({}{rating})",
                l.int(pn),
                l.data(&titled_name(p)),
                l.digits(&score.to_string())
            )
        },
    )
}

/// One board of a pairing as shown.
struct BoardLine {
    board: String,
    white: String,
    black: String,
}

fn board_lines(
    t: &Tournament,
    round: u16,
    p: &arbiter_tournament::Pairing,
    l: &L10n,
) -> Vec<BoardLine> {
    p.boards
        .iter()
        .enumerate()
        .map(|(i, b)| BoardLine {
            board: l.int(i + 1),
            white: player_cell(t, b.white, round, l),
            black: player_cell(t, b.black, round, l),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "pair.html")]
struct PairPage {
    l: L10n,
    id: String,
    name: String,
    csrf: String,
    round: u16,
    system: String,
    seen: String,
    /// Why the round cannot be paired (empty when it can).
    blocked: String,
    /// The sentence saying so.
    blocked_text: String,
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
    l: L10n,
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
        system: system_in(system, &l),
        seen: seen_token(stored.updated_at),
        blocked: String::new(),
        blocked_text: String::new(),
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
        l,
    };
    let l = &page.l;
    let proposal = off_thread({
        let t = t.clone();
        move || t.propose_next_round()
    })
    .await?;
    let waiting = adjourned_wait(state, id, t, round).await?;
    let mut blocked = String::new();
    let mut boards = Vec::new();
    let mut bye = String::new();
    let mut engine = String::new();
    let mut warnings = Vec::new();
    match proposal {
        _ if waiting.is_some() => blocked = waiting.map(|w| l.m(&w)).unwrap_or_default(),
        Ok((_, p)) => {
            boards = board_lines(t, round, &p, l);
            bye = p
                .bye
                .map(|b| player_cell(t, b, round, l))
                .unwrap_or_default();
            engine = manual_text(&p);
        }
        Err(NextRoundError::Engine(e)) => {
            warnings.push(l.t1("pair-engine-failed", "reason", &e.to_string()));
        }
        Err(e) => blocked = l.m(&next_round_error(&e)),
    }
    let mut absent: Vec<String> = t.round(round).map_or_else(Vec::new, |r| {
        r.byes
            .iter()
            .map(|b| {
                format!(
                    "{}: {}",
                    player_cell(t, b.player, round, l),
                    bye_in(b.code, l)
                )
            })
            .collect()
    });
    absent.extend(
        t.players
            .iter()
            .filter(|p| p.status == PlayerStatus::Withdrawn)
            .map(|p| {
                format!(
                    "{}: {}",
                    player_cell(t, p.pairing_number, round, l),
                    l.t("manage-withdrawn")
                )
            }),
    );
    page.blocked_text = l.ta(
        "pair-blocked",
        &[("n", l.int(round)), ("reason", blocked.clone())],
    );
    page.blocked = blocked;
    page.boards = boards;
    page.bye = bye;
    page.text.clone_from(&engine);
    page.engine = engine;
    page.warnings = warnings;
    page.absent = absent;
    if let Some((text, errors, warnings)) = edited {
        page.confirm = errors.is_empty() && !warnings.is_empty();
        page.text = text;
        page.errors = errors;
        page.warnings.extend(warnings);
    }
    private(&page, status)
}

/// `GET /tournaments/{id}/pair`: the engine's pairing of the next round, for review.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not the organizer),
/// [`WebError::NotFound`].
pub async fn pair_form(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    pair_page(&state, &session, l, id, None, StatusCode::OK).await
}

#[derive(Template)]
#[template(path = "pair_explain.html")]
struct ExplainPage {
    l: L10n,
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
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await?;
    let round = stored.tournament.next_round_number();
    let name = stored.tournament.name.clone().unwrap_or_default();
    let explained = off_thread(move || stored.tournament.explanation_of_next_round()).await?;
    let (text, error) = match explained {
        Ok(Some(e)) => (
            crate::l10n::explain::lines(&e, &l).join("\n"),
            String::new(),
        ),
        Ok(None) => (String::new(), l.t("explain-round-robin")),
        Err(e) => (String::new(), l.m(&next_round_error(&e))),
    };
    private(
        &ExplainPage {
            l,
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
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<PairForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let round: u16 = arbiter_tournament::typed::parse_typed(&form.round)
        .ok_or_else(|| bad("round", Msg::new("bad-round-missing")))?;
    let seen = parse_seen(&form.seen)?;
    let stored = load(&state, id).await?;
    let t = &stored.tournament;
    if t.team.is_some() {
        return Err(bad("pairing", Msg::new("next-team-event")));
    }
    if stored.updated_at != seen || t.next_round_number() != round {
        return stale(&state, &session, l, id).await;
    }
    if let Some(waiting) = adjourned_wait(&state, id, t, round).await? {
        return Err(bad("round", waiting));
    }
    let proposed = match parse_manual_pairing(&form.pairing) {
        Ok(p) => p,
        Err(e) => {
            return pair_page(
                &state,
                &session,
                l,
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
            let errors = review.errors.iter().map(|f| l.m(&finding(f))).collect();
            let warnings = review.warnings.iter().map(|f| l.m(&finding(f))).collect();
            return pair_page(
                &state,
                &session,
                l,
                id,
                Some((form.pairing.clone(), errors, warnings)),
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
        Ok(()) => Ok(see_other_done(
            &format!("/tournaments/{id}/rounds/{round}/pairing"),
            Done::Stored(u32::from(round)),
        )),
        Err(ChangeError::Stale) => stale(&state, &session, l, id).await,
        Err(e) => Err(e.into()),
    }
}

async fn stale(
    state: &AppState,
    session: &Session,
    l: L10n,
    id: Uuid,
) -> Result<HttpResponse, WebError> {
    let message = l.t("pair-stale");
    pair_page(
        state,
        session,
        l,
        id,
        Some((String::new(), vec![message], Vec::new())),
        StatusCode::CONFLICT,
    )
    .await
}

#[derive(Template)]
#[template(path = "round_admin.html")]
struct RoundAdminPage {
    l: L10n,
    id: String,
    name: String,
    csrf: String,
    round: u16,
    state: String,
    paired: bool,
    published: bool,
    boards: Vec<BoardLine>,
    byes: Vec<String>,
    /// The scheduled start (local time, `YYYY-MM-DDTHH:MM`), empty when none (Art. 6.7).
    scheduled: String,
    /// The tournament's time zone (IANA name).
    zone: &'static str,
    /// The organizer's next action for the tournament's state.
    next: crate::next_step::NextStep,
}

/// `GET /tournaments/{id}/rounds/{n}/pairing`: a stored round for its organizer: the boards,
/// the byes, and publish or take back while it is not public.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn round_admin(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<(Uuid, u16)>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let stored = load(&state, id).await?;
    let t = &stored.tournament;
    let r = t.round(n).ok_or_else(|| WebError::no_round(n))?;
    let pairing = t.recorded_pairing(n);
    let zone = crate::zone::Zone::of_tournament(&stored);
    private(
        &RoundAdminPage {
            id: id.to_string(),
            name: t.name.clone().unwrap_or_default(),
            csrf: csrf_token(&session)?,
            round: n,
            state: state_in(r.state, &l),
            paired: r.state == RoundState::Paired,
            published: matches!(r.state, RoundState::Published | RoundState::Complete),
            boards: board_lines(t, n, &pairing, &l),
            byes: r
                .byes
                .iter()
                .map(|b| {
                    format!(
                        "{}: {}",
                        player_cell(t, b.player, n, &l),
                        bye_in(b.code, &l)
                    )
                })
                .collect(),
            scheduled: r.scheduled.map(|s| zone.field(s)).unwrap_or_default(),
            zone: zone.name(),
            next: crate::next_step::next_step(t, id, &l),
            l,
        },
        StatusCode::OK,
    )
}

/// `POST /tournaments/{id}/rounds/{n}/publish`: makes a paired round public.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::BadRequest`] unless the
/// round is paired and unpublished, [`WebError::NotFound`].
pub async fn publish(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, u16)>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(_form): Checked<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::publish_round(c, id, n, &actor))
    })
    .await??;
    Ok(see_other_done(
        &format!("/tournaments/{id}/rounds/{n}/pairing"),
        Done::Published(u32::from(n)),
    ))
}

/// `POST /tournaments/{id}/rounds/{n}/unpair`: takes back an unpublished pairing (requested
/// byes stay).
///
/// # Errors
/// As [`publish`].
pub async fn unpair(
    state: web::Data<AppState>,
    path: web::Path<(Uuid, u16)>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(_form): Checked<TokenForm>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let actor = user.actor();
    with_db(&state, move |c| {
        Ok(arbiter_db::unpair_round(c, id, n, &actor))
    })
    .await??;
    Ok(see_other_done(
        &format!("/tournaments/{id}/manage"),
        Done::Unpaired(u32::from(n)),
    ))
}

// ---- editing the tournament ----

csrf_field!(PairForm);

/// Why the next round cannot be made, in the catalogues' words.
fn next_round_error(e: &NextRoundError) -> Msg {
    match e {
        NextRoundError::AllRoundsPaired(n) => Msg::new("next-all-paired").int("n", *n),
        NextRoundError::BeyondTable {
            players,
            rounds,
            round,
        } => Msg::new("next-beyond-table")
            .int("players", i64::try_from(*players).unwrap_or(i64::MAX))
            .int("rounds", i64::try_from(*rounds).unwrap_or(i64::MAX))
            .int("round", *round),
        NextRoundError::Unfinished(n) => Msg::new("next-unfinished").int("n", *n),
        NextRoundError::TooFewPlayers => Msg::new("next-too-few"),
        NextRoundError::Engine(e) => Msg::new("next-engine").text("reason", e.to_string()),
        NextRoundError::TeamEvent => Msg::new("next-team-event"),
    }
}
