//! What both the organizer's pages and the API do around the pairing engine: run it off the
//! async workers (a large field takes seconds) and find the adjourned games a pairing waits for
//! (Appendix A; TRF-2026 `X`).

use actix_web::web;
use arbiter_tournament::Tournament;
use uuid::Uuid;

use crate::error::WebError;
use crate::state::{AppState, with_db};

/// Runs the pairing engine (seconds on a large field) on the blocking pool, not on a worker.
pub(crate) async fn off_thread<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, WebError> {
    web::block(f)
        .await
        .map_err(|e| WebError::Internal(e.to_string()))
}

/// Why the round must wait for adjourned games (Appendix A), when the tournament waits for their
/// results (the default) and some game of an earlier round is adjourned (`X`); `None` otherwise.
///
/// # Errors
/// [`WebError::Database`].
pub(crate) async fn adjourned_wait(
    state: &AppState,
    id: Uuid,
    t: &Tournament,
    round: u16,
) -> Result<Option<crate::l10n::Msg>, WebError> {
    let adjourned = t.adjourned_before(round);
    if adjourned.is_empty() {
        return Ok(None);
    }
    let provisional = with_db(state, move |c| {
        Ok(arbiter_db::pairs_with_provisional_draws(c, id)?)
    })
    .await?;
    if provisional {
        return Ok(None);
    }
    // The games as a list of messages: "round 2 board 3, round 2 board 5".
    let games = adjourned
        .iter()
        .map(|&(r, b)| {
            crate::l10n::Msg::new("adjourned-game")
                .int("round", r)
                .int("board", b)
        })
        .reduce(|list, item| {
            crate::l10n::Msg::new("list-more")
                .msg("list", list)
                .msg("item", item)
        });
    Ok(games.map(|games| crate::l10n::Msg::new("adjourned-wait").msg("games", games)))
}
