//! Pages that more than one topic renders: the organizer's manage page of a tournament (shown
//! by the tournaments topic and again, with the form's error, by player registration).

use actix_session::Session;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use arbiter_db::{Role, UserRow};
use arbiter_tournament::ResultCode;
use askama::Template;
use uuid::Uuid;

use crate::auth::{csrf_token, role_name, roles_in};
use crate::error::{FormError, WebError};
use crate::forms::PlayerForm;
use crate::l10n::L10n;
use crate::next_step::{NextStep, next_step};
use crate::respond::private;
use crate::state::{AppState, with_db};
use crate::views::{system_in, titled_name};

pub(crate) struct ManagedRound {
    number: u16,
    state: String,
    /// "3 of 12 in", in the reader's words and digits.
    results_in: String,
    results_open: bool,
}

pub(crate) struct ManagedPlayer {
    pairing_number: String,
    /// The pairing number as the forms send it (ASCII digits).
    number: u16,
    name: String,
    rating: String,
    withdrawn: bool,
    late: bool,
}

#[derive(Template)]
#[template(path = "manage.html")]
pub(crate) struct ManagePage {
    l: L10n,
    id: String,
    name: String,
    csrf: String,
    organizer: bool,
    /// A refusal: beside the register form's field it names, else at the top.
    error: FormError,
    /// The register form as typed (kept when it is refused).
    player: PlayerForm,
    players: Vec<ManagedPlayer>,
    rounds: Vec<ManagedRound>,
    next_round: u16,
    system: String,
    /// Each staff member: e-mail, stored role name, the role in the reader's words.
    staff: Vec<(String, &'static str, String)>,
    /// The check-in tablet link's secret while self check-in is allowed (Art. 6.6, 6.7), shown
    /// to organizers only; empty when not allowed.
    self_check_in: String,
    /// The player search (`?q=`), and how many players are registered in all.
    q: String,
    total: usize,
    /// "2 of 14 players match «ali»", when searching.
    found: String,
    /// A registration refused as a possible duplicate, to send again confirmed.
    retry: Option<Retry>,
    /// The organizer's next action for the tournament's state.
    next: NextStep,
    /// An upload refused: its text, shown again in the box, and every problem, one a line.
    upload: Upload,
}

/// A registration to send again with `confirm_duplicate=1`: the form's fields, or the uploaded
/// text.
pub(crate) enum Retry {
    /// The register form's fields (name, title, rating, federation, FIDE id).
    Player([(&'static str, String); 5]),
    /// The uploaded file's text.
    Upload(String),
}

/// What the manage page shows besides the tournament: the search and a refused registration.
#[derive(Default)]
pub(crate) struct ManageOptions {
    /// The player search (`?q=`).
    pub(crate) q: String,
    /// A registration refused as a possible duplicate.
    pub(crate) retry: Option<Retry>,
    /// The register form as typed, when it was refused.
    pub(crate) player: Option<PlayerForm>,
    /// An upload refused: its text and problems.
    pub(crate) upload: Upload,
}

/// A refused upload as the manage page shows it again: the text sent (a file's text too), kept
/// in the paste box to correct, and every problem on its own line, each naming its line.
#[derive(Clone, Debug, Default)]
pub(crate) struct Upload {
    /// The text, as the readers read it.
    pub(crate) text: String,
    /// The problems, in the reader's words.
    pub(crate) problems: Vec<String>,
}

/// The manage page with a player search or a registration to confirm ([`ManageOptions`]).
pub(crate) async fn manage_page_with(
    state: &AppState,
    session: &Session,
    l: L10n,
    user: &UserRow,
    id: Uuid,
    error: FormError,
    options: ManageOptions,
) -> Result<HttpResponse, WebError> {
    let roles = roles_in(state, user, id).await?;
    if roles.is_empty() {
        return Err(WebError::Forbidden(crate::l10n::Msg::new("error-no-role")));
    }
    let (stored, staff, kiosk) = with_db(state, move |c| {
        Ok((
            arbiter_db::load_tournament(c, id)?,
            arbiter_db::accounts::tournament_roles(c, id)?,
            arbiter_db::self_check_in_token(c, id)?,
        ))
    })
    .await?;
    let organizer = roles.contains(&Role::Organizer);
    let stored = stored.ok_or_else(|| WebError::no_tournament(id))?;
    let t = &stored.tournament;
    let shown = t
        .players
        .iter()
        .filter(|p| arbiter_tournament::names::name_matches(&options.q, &p.name))
        .count();
    let found = l.ta(
        "names-search-found",
        &[
            ("q", l.data(&options.q)),
            ("n", l.int(shown)),
            ("total", l.int(t.players.len())),
        ],
    );
    let status = if error.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    private(
        &ManagePage {
            id: id.to_string(),
            name: t.name.clone().unwrap_or_default(),
            csrf: csrf_token(session)?,
            organizer,
            error,
            player: options.player.unwrap_or_default(),
            self_check_in: kiosk.filter(|_| organizer).unwrap_or_default(),
            total: t.players.len(),
            found,
            retry: options.retry,
            next: next_step(t, id, &l),
            upload: options.upload,
            players: t
                .players
                .iter()
                .filter(|p| arbiter_tournament::names::name_matches(&options.q, &p.name))
                .map(|p| ManagedPlayer {
                    pairing_number: l.int(p.pairing_number),
                    number: p.pairing_number,
                    name: titled_name(p),
                    rating: p
                        .rating
                        .filter(|&r| r > 0)
                        .map(|r| l.int(r))
                        .unwrap_or_default(),
                    withdrawn: p.status == arbiter_tournament::PlayerStatus::Withdrawn,
                    late: p.status == arbiter_tournament::PlayerStatus::LateEntry,
                })
                .collect(),
            next_round: t.next_round_number(),
            staff: staff
                .into_iter()
                .map(|(email, _, role)| (email, role.as_str(), l.m(&role_name(role))))
                .collect(),
            system: system_in(t.system(), &l),
            rounds: t
                .rounds
                .iter()
                .map(|r| ManagedRound {
                    number: r.number,
                    state: crate::views::state_in(r.state, &l),
                    // Results may be entered once the pairing is stored.
                    results_open: r.state != arbiter_tournament::RoundState::Planned,
                    results_in: l.ta(
                        "manage-results-in",
                        &[
                            (
                                "done",
                                l.int(
                                    r.games
                                        .iter()
                                        .filter(|g| g.result.white != ResultCode::Blank)
                                        .count(),
                                ),
                            ),
                            ("games", l.int(r.games.len())),
                        ],
                    ),
                })
                .collect(),
            q: options.q,
            l,
        },
        status,
    )
}
