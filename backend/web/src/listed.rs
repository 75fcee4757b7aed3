//! Registration from the FIDE rating list: a player given by FIDE id is completed from the
//! newest stored snapshot ([`arbiter_db::rating_list`]): the name, title, federation and the
//! rating of the list the event is rated on fill what the organizer left empty, then the sex,
//! birth year and K-factor (B.02 Art. 8.3) are set on the player. Shared by the registration
//! form and the API.

use arbiter_tournament::rating_list::{ListedPlayer, RatingListKind};
use arbiter_tournament::{Player, Tournament};

use crate::error::WebError;
use crate::forms::PlayerForm;
use crate::state::{AppState, with_db};

/// What the rating list says of one registration (nothing when the form gives no FIDE id or the
/// list does not hold it).
pub(crate) struct Listing {
    listed: Option<ListedPlayer>,
    kind: RatingListKind,
}

/// Looks each form's FIDE id up in the newest snapshot, in one database call.
///
/// # Errors
/// [`WebError::Database`].
pub(crate) async fn look_up(
    state: &AppState,
    t: &Tournament,
    forms: &[PlayerForm],
) -> Result<Vec<Listing>, WebError> {
    let kind = RatingListKind::infer(t).list;
    let ids: Vec<Option<u64>> = forms
        .iter()
        .map(|f| arbiter_tournament::typed::parse_typed::<u64>(&f.fide_id).filter(|&i| i > 0))
        .collect();
    if ids.iter().all(Option::is_none) {
        return Ok(forms
            .iter()
            .map(|_| Listing { listed: None, kind })
            .collect());
    }
    let found = with_db(state, move |c| {
        ids.into_iter()
            .map(|id| match id {
                Some(id) => Ok(arbiter_db::rating_list::listed_player(c, id, None)?),
                None => Ok(None),
            })
            .collect::<Result<Vec<_>, WebError>>()
    })
    .await?;
    Ok(found
        .into_iter()
        .map(|s| Listing {
            listed: s.map(|s| s.player),
            kind,
        })
        .collect())
}

impl Listing {
    /// Fills the form's empty fields (name, title, rating of the event's list, federation).
    pub(crate) fn fill(&self, form: &mut PlayerForm) {
        let Some(l) = &self.listed else { return };
        let p = l.to_player(0, self.kind);
        let empty = |s: &str| s.trim().is_empty();
        if empty(&form.name) {
            // TRF's name field holds 33 characters (`001` columns 15-47).
            form.name = p.name.chars().take(33).collect();
        }
        if empty(&form.title) {
            form.title = p.title.map(|t| t.as_str().to_owned()).unwrap_or_default();
        }
        if empty(&form.rating) {
            form.rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
        }
        if empty(&form.federation) {
            form.federation = p.federation.unwrap_or_default();
        }
    }

    /// Sets what the form does not carry, when the list gives it: sex and birth year, and the
    /// K-factor (B.02 Art. 8.3) only when the rating registered is the list's (a rating typed by
    /// hand keeps no K from a list it did not come from).
    pub(crate) fn complete(&self, player: &mut Player) {
        let Some(l) = &self.listed else { return };
        let p = l.to_player(0, self.kind);
        player.sex = player.sex.or(p.sex);
        if player.birth_date.is_none() {
            player.birth_date = p.birth_date;
        }
        if player.rating == p.rating {
            player.k_factor = player.k_factor.or(p.k_factor);
        }
    }
}
