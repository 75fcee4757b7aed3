//! The public pages of a team event (no login; [`arbiter_tournament::team`]): the teams with
//! their rosters in board order, one team's boards and matches round by round, a round's
//! matches with their boards, the printable match card the captains and the arbiter sign, the
//! team standings with each tie-break explained (FIDE Handbook C.07), the team crosstable and the
//! board standings with performance ratings (C.07 Art. 10.2). Server-rendered HTML, no
//! JavaScript, cacheable with the validators of the tournament's last change, as
//! [`crate::public`]; the same data as JSON in [`api`].
//!
//! Only the rounds that are published show (their line-ups too): a line-up of a round not yet
//! published stays the captain's secret. An individual tournament answers `404` here.

pub mod api;
mod round;
mod standings;
mod tables;
mod team;

pub use round::{match_card, matches};
pub use standings::standings;
pub(crate) use standings::{after_round, standings_of};
pub use tables::{boards, crosstable};
pub use team::team;

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::team::{
    BoardGame, BoardOrder, TeamEvent, TeamMatch, TeamNumber, TeamRoundKind, TeamStandings,
    TeamStandingsOptions, board_standings, default_team_tiebreaks, explain_team, team_standings,
};
use arbiter_tournament::tiebreak::{Kind, TieBreak, Value};
use arbiter_tournament::{Colour, Points, ResultCode, Tournament};
use askama::Template;
use uuid::Uuid;

use crate::error::WebError;
use crate::forms::AfterQuery;
use crate::l10n::{L10n, Msg};
use crate::respond::html;
use crate::state::AppState;
use crate::views::{Head, code_symbol, format_value, head_in, state_in, titled_name};
use crate::visibility::public_page;

/// Not a team event (404).
pub(crate) fn not_team_event() -> WebError {
    WebError::NotFound(Msg::new("tpub-what-team-event"))
}

/// No team with the team pairing number `n` (404).
pub(crate) fn no_team(n: TeamNumber) -> WebError {
    WebError::NotFound(Msg::new("tpub-what-team").int("n", n))
}

/// No match at table `table` of the round (404).
pub(crate) fn no_match(table: u16) -> WebError {
    WebError::NotFound(Msg::new("tpub-what-match").int("n", table))
}

/// The team event of a loaded tournament: every team page and answer checks it first, so that
/// an individual tournament answers `404` ([`public_view`](crate::visibility::public_view) kept
/// of a team event only the rounds that are published).
pub(crate) fn event_of(t: &Tournament) -> Result<&TeamEvent, WebError> {
    t.team.as_ref().ok_or_else(not_team_event)
}

/// Points as the model writes them, in the reader's digits (`2.5` → `۲٫۵`).
fn pts(l: &L10n, p: Points) -> String {
    l.digits(&p.to_string())
}

/// A match score `first – second` in game points, left to right on every page.
fn score_text(l: &L10n, a: Points, b: Points) -> String {
    l.digits(&format!("{a} – {b}"))
}

/// A team's name with its number, or `#n` for an unknown number.
fn team_name(e: &TeamEvent, n: TeamNumber) -> String {
    e.team(n)
        .map_or_else(|| format!("#{n}"), |t| t.name.clone())
}

/// The federation and the club of a team, as one line.
fn affiliation(e: &TeamEvent, n: TeamNumber, l: &L10n) -> String {
    let Some(t) = e.team(n) else {
        return String::new();
    };
    [t.federation.clone(), t.club.clone()]
        .into_iter()
        .flatten()
        .filter(|s| !s.trim().is_empty())
        .collect::<Vec<_>>()
        .join(&l.t("list-separator"))
}

/// A player's rating in the reader's digits, empty when unrated.
fn rating_of(t: &Tournament, pn: u16, l: &L10n) -> String {
    t.player(pn)
        .and_then(|p| p.rating)
        .filter(|&r| r > 0)
        .map(|r| l.int(r))
        .unwrap_or_default()
}

/// A player's name with title, `#pn` when unknown.
fn player_name(t: &Tournament, pn: u16) -> String {
    t.player(pn).map_or_else(|| format!("#{pn}"), titled_name)
}

/// The colour's name in the reader's language.
fn colour_name(c: Colour, l: &L10n) -> String {
    l.t(match c {
        Colour::White => "colour-white",
        Colour::Black => "colour-black",
    })
}

/// What a team's round was, in words (empty for a match played or pending).
fn kind_text(kind: TeamRoundKind, l: &L10n) -> String {
    match kind {
        TeamRoundKind::Played | TeamRoundKind::Pending => String::new(),
        TeamRoundKind::ForfeitWin => l.t("tpub-kind-forfeit-win"),
        TeamRoundKind::ForfeitLoss => l.t("tpub-kind-forfeit-loss"),
        TeamRoundKind::DoubleForfeit => l.t("tpub-kind-double-forfeit"),
        TeamRoundKind::Pab => l.t("tpub-kind-pab"),
        TeamRoundKind::Absent => l.t("tpub-kind-absent"),
        TeamRoundKind::HalfBye => l.t("tpub-kind-half-bye"),
        TeamRoundKind::FullBye => l.t("tpub-kind-full-bye"),
    }
}

/// The board `k` of a match with White and Black as they sat: `(white, black, white's code,
/// black's code)`; the first-named team's player has [`TeamSettings::first_team_colour`].
///
/// [`TeamSettings::first_team_colour`]: arbiter_tournament::team::TeamSettings::first_team_colour
fn oriented(e: &TeamEvent, b: &BoardGame) -> (Option<u16>, Option<u16>, ResultCode, ResultCode) {
    if e.settings.first_team_colour(b.board) == Colour::White {
        (b.first, b.second, b.first_code, b.second_code)
    } else {
        (b.second, b.first, b.second_code, b.first_code)
    }
}

/// A board's result as a pairing list prints it (`1–0`, `½–½`, `+–−`), empty while pending.
fn board_result(white: ResultCode, black: ResultCode) -> String {
    if white == ResultCode::Blank && black == ResultCode::Blank {
        return String::new();
    }
    format!("{}–{}", code_symbol(white), code_symbol(black))
}

struct RosterLine {
    pairing_number: u16,
    board: String,
    name: String,
    rating: String,
    reserve: bool,
}

struct TeamCard {
    number: u16,
    no: String,
    name: String,
    affiliation: String,
    rating: String,
    roster: Vec<RosterLine>,
}

#[derive(Template)]
#[template(path = "team_list.html")]
struct TeamsPage {
    l: L10n,
    head: Head,
    boards: String,
    teams: Vec<TeamCard>,
}

fn roster_lines(t: &Tournament, e: &TeamEvent, n: TeamNumber, l: &L10n) -> Vec<RosterLine> {
    let Some(team) = e.team(n) else {
        return Vec::new();
    };
    team.roster
        .iter()
        .enumerate()
        .map(|(i, &pn)| RosterLine {
            pairing_number: pn,
            board: l.int(i + 1),
            name: player_name(t, pn),
            rating: rating_of(t, pn, l),
            reserve: i >= usize::from(e.settings.boards),
        })
        .collect()
}

/// `GET /tournaments/{id}/teams`: every team by team pairing number: name, federation or club,
/// team rating (the event's rule, [`arbiter_tournament::team::Team::rating`]) and roster in board
/// order, the reserves marked.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or an individual one, [`WebError::Database`].
pub async fn teams(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let e = event_of(t)?;
        let teams = e
            .teams
            .iter()
            .map(|team| TeamCard {
                number: team.number,
                no: l.int(team.number),
                name: team.name.clone(),
                affiliation: affiliation(e, team.number, &l),
                rating: team
                    .rating(t, &e.settings)
                    .map(|r| l.int(r))
                    .unwrap_or_default(),
                roster: roster_lines(t, e, team.number, &l),
            })
            .collect();
        let page = TeamsPage {
            head: head_in(id, t, &l),
            boards: l.ta("tpub-boards-per-match", &[("n", l.int(e.settings.boards))]),
            teams,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}
