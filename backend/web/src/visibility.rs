//! The one visibility rule of every public read (issue #45): what of a tournament a reader
//! without a staff role may see. Pairings are public once published (C.04.1: the pairing is
//! announced), so a round that is planned (requested byes only) or paired and under review is
//! left out of every public page, JSON answer, PGN export, cache entry and count, with its
//! games, results, scores and a team event's matches and line-ups of that round.
//!
//! Every public handler answers through [`public_page`] or [`public_api`], which load the
//! tournament's public view ([`public_view`]) or answer `304` (`load_if_changed`), and reads the
//! games it stores through [`public_games`] and [`public_game`], which keep only the games of
//! rounds that view holds. Staff pages read the whole tournament behind a staff extractor
//! ([`crate::extract::Staff`]). The test
//! `backend/web/tests/web/visibility.rs` walks every `GET` route of the route tables as an
//! anonymous reader before and after a round is paired, given results and scores but not
//! published, and fails on any difference.

use std::collections::BTreeMap;
use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::StoredTournament;
use arbiter_db::models::GameRow;
use arbiter_tournament::{RoundState, Tournament};
use uuid::Uuid;

use crate::cache::{self, Validators};
use crate::error::WebError;
use crate::l10n;
use crate::state::{AppState, with_db};

/// A tournament for a page: either the client's copy is current (`304` ready to send), or the
/// tournament as it stands with the page's validators. The tournament is shared with the other
/// pages rendered from the same change ([`cache::PageCache::tournament`]).
enum Loaded {
    /// The client's copy is current, or the page is in the server's cache: the answer to send.
    Fresh(HttpResponse),
    /// The tournament (its public part: [`public_view`]) and the validators of this page.
    Changed(Arc<StoredTournament>, Validators),
}

/// Looks up the tournament's last change; answers `304` when the request's validators match, or
/// the page from the server's cache ([`cache::PageCache`]) when it holds this version of it,
/// else gives the tournament to render it from. A request that finds another rendering the same
/// page waits for that render and answers it ([`cache::PageCache::turn`]); the tournament is
/// loaded once per change for all pages ([`cache::PageCache::tournament`]). The tournament's
/// language for its public pages, if the organizer set one, is put on the request
/// ([`l10n::EventLanguage`]) for [`l10n::L10n::negotiate`].
///
/// # Errors
/// [`WebError::NotFound`] for an unknown id, [`WebError::Database`].
async fn load_if_changed(
    state: &AppState,
    req: &HttpRequest,
    id: Uuid,
) -> Result<Loaded, WebError> {
    let (changed, language) = with_db(state, move |c| {
        Ok((
            arbiter_db::last_change(c, id)?,
            arbiter_db::tournament_language(c, id)?,
        ))
    })
    .await?;
    let changed = changed.ok_or_else(|| WebError::no_tournament(id))?;
    // The organizer's language for the event's pages, for readers who have chosen none.
    if let Some(lang) = language.as_deref().and_then(l10n::Lang::parse) {
        actix_web::HttpMessage::extensions_mut(req).insert(l10n::EventLanguage(lang));
    }
    let cache = req
        .app_data::<web::Data<cache::PageCache>>()
        .map(|d| d.clone().into_inner());
    // The page's language and digits are part of what it is (`Vary: Cookie, Accept-Language`).
    let variant = l10n::L10n::negotiate(req).variant();
    let kind = format!("{}|{variant}", req.uri());
    let max_age = state.config.public_max_age;
    let mut v = Validators::new(&kind, changed);
    if v.is_fresh(req) {
        return Ok(Loaded::Fresh(v.not_modified(max_age)));
    }
    let load = || async move {
        with_db(state, move |c| Ok(arbiter_db::load_tournament(c, id)?))
            .await?
            .map(public_view)
            .ok_or_else(|| WebError::no_tournament(id))
    };
    let Some(cache) = cache else {
        let stored = Arc::new(load().await?);
        v = Validators::new(&kind, stored.updated_at);
        return Ok(Loaded::Changed(stored, v));
    };
    if let Some((content_type, body)) = cache.get(&v.etag) {
        return Ok(Loaded::Fresh(v.ok(content_type, body, max_age)));
    }
    let turn = cache.turn(&v.etag).await;
    // Rendered by the request whose turn it was before this one.
    if let Some((content_type, body)) = cache.get(&v.etag) {
        return Ok(Loaded::Fresh(v.ok(content_type, body, max_age)));
    }
    let stored = cache.tournament(id, changed, load).await?;
    // The validators of what was actually loaded (a change may have landed in between); the
    // turn is held until the page is stored under them, or the handler fails.
    v = Validators::new(&kind, stored.updated_at);
    v.cache = Some(cache);
    v.turn = Some(Arc::new(turn));
    Ok(Loaded::Changed(stored, v))
}

/// Answers a public page of tournament `id`: the `304` or the cached page when the client's
/// copy or the server's is current, else what `render` makes of the public view ([`public_view`])
/// and the page's validators ([`Validators`], which set its `ETag`, `Last-Modified`,
/// `Cache-Control` and `Vary` and store it in the server's cache). Every public HTML page and
/// printout reads its tournament here (`load_if_changed`).
///
/// # Errors
/// [`WebError::NotFound`] for an unknown id, [`WebError::Database`], or `render`'s error.
pub async fn public_page<R>(
    state: &AppState,
    req: &HttpRequest,
    id: Uuid,
    render: R,
) -> Result<HttpResponse, WebError>
where
    R: AsyncFnOnce(Arc<StoredTournament>, Validators) -> Result<HttpResponse, WebError>,
{
    match load_if_changed(state, req, id).await? {
        Loaded::Fresh(r) => Ok(r),
        Loaded::Changed(stored, v) => render(stored, v).await,
    }
}

/// [`public_page`] for a public answer of the API (`/api/v1`): an unknown id or a failed load
/// is answered as problem+json ([`WebError::api`]); `render`'s errors are answered as it made
/// them.
///
/// # Errors
/// As [`public_page`].
pub async fn public_api<R>(
    state: &AppState,
    req: &HttpRequest,
    id: Uuid,
    render: R,
) -> Result<HttpResponse, WebError>
where
    R: AsyncFnOnce(Arc<StoredTournament>, Validators) -> Result<HttpResponse, WebError>,
{
    match load_if_changed(state, req, id)
        .await
        .map_err(WebError::api)?
    {
        Loaded::Fresh(r) => Ok(r),
        Loaded::Changed(stored, v) => render(stored, v).await,
    }
}

/// What of a tournament the public sees: pairings are public once published, so rounds
/// planned (requested byes only) or paired and under review are left out of every public page
/// and API answer, and so are a team event's rounds of the same numbers.
#[must_use]
pub fn public_view(mut stored: StoredTournament) -> StoredTournament {
    let t = &mut stored.tournament;
    t.rounds.retain(|r| is_public(r.state));
    let published: Vec<u16> = t.rounds.iter().map(|r| r.number).collect();
    if let Some(event) = t.team.as_mut() {
        event.rounds.retain(|r| published.contains(&r.number));
    }
    stored
}

/// Whether a round is public: published or complete (C.04.1's announced pairing). A planned
/// round and a paired one under review are not.
#[must_use]
pub fn is_public(state: RoundState) -> bool {
    matches!(state, RoundState::Published | RoundState::Complete)
}

/// Whether the public view `t` ([`public_view`]) holds the round a stored game belongs to.
fn shows(t: &Tournament, round: i32) -> bool {
    u16::try_from(round).is_ok_and(|n| t.round(n).is_some())
}

/// The games among `rows` that the public view `t` shows: those of its published rounds.
#[must_use]
pub fn public_games(t: &Tournament, mut rows: Vec<GameRow>) -> Vec<GameRow> {
    rows.retain(|g| shows(t, g.round));
    rows
}

/// `row` if the public view `t` shows it (a game of tournament `id` in a published round).
///
/// # Errors
/// [`WebError::NotFound`] for a game of another tournament or of a round not published: to the
/// public it does not exist.
pub fn public_game(
    t: &Tournament,
    id: Uuid,
    game: Uuid,
    row: Option<GameRow>,
) -> Result<GameRow, WebError> {
    row.filter(|r| r.tournament_id == id.to_string() && shows(t, r.round))
        .ok_or_else(|| WebError::no_game(game))
}

/// The entries of `by_game` (keyed by game id) whose game is among the shown `rows`.
#[must_use]
pub fn of_public_games<V>(
    rows: &[GameRow],
    mut by_game: BTreeMap<String, V>,
) -> BTreeMap<String, V> {
    by_game.retain(|id, _| rows.iter().any(|g| &g.id == id));
    by_game
}

/// The tournaments listed publicly (the home page, `GET /api/v1/tournaments`), newest first:
/// every one when [`crate::config::Config::open_listing`] is set, else all but those whose organizers are all
/// accounts awaiting an administrator's approval (`arbiter_db::accounts::unlisted_tournaments`;
/// issue #45: a new account cannot advertise on the home page). Unlisted tournaments' pages stay
/// reachable by their link.
///
/// # Errors
/// [`WebError::Database`].
pub async fn listed_tournaments(
    state: &AppState,
) -> Result<Vec<arbiter_db::TournamentSummary>, WebError> {
    let open = state.config.open_listing;
    with_db(state, move |c| {
        let mut list = arbiter_db::list_tournaments(c)?;
        if !open {
            let unlisted = arbiter_db::accounts::unlisted_tournaments(c)?;
            list.retain(|t| !unlisted.contains(&t.id));
        }
        Ok(list)
    })
    .await
}
