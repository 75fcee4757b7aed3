//! The read JSON API (`/api/v1`): tournaments, one tournament, one round with game ids and
//! versions (what a result-entry client needs), standings in the shape of
//! `arbiter standings --format json`. Errors are `application/problem+json`.

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::input::PartialDate;
use arbiter_tournament::{Colour, ScoringSystem};
use chrono::NaiveDateTime;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::WebError;
use crate::forms::AfterQuery;
use crate::respond::json;
use crate::state::{AppState, with_db};
use crate::views::{StandingJson, standings_for, standings_json, state_code};
use crate::visibility::public_api;

/// One tournament in the list.
#[derive(Serialize, ToSchema)]
pub struct TournamentItem {
    /// Its id (UUID).
    pub id: Uuid,
    /// Name.
    pub name: Option<String>,
    /// City.
    pub city: Option<String>,
    /// Start date, ISO 8601 (`2005-07-28`) whatever layout it was imported in, with reduced
    /// precision when only partly known (`2005-07`, `2005`); `null` when absent or unreadable.
    #[schema(value_type = Option<String>, pattern = r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$", example = "2005-07-28")]
    pub start_date: Option<PartialDate>,
    /// End date, ISO 8601 as the start date; `null` when absent or unreadable.
    #[schema(value_type = Option<String>, pattern = r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$", example = "2005-07-31")]
    pub end_date: Option<PartialDate>,
    /// Players registered.
    pub players: i64,
    /// Rounds stored.
    pub rounds: i64,
    /// Rounds planned.
    pub rounds_planned: Option<i32>,
    /// Last change, UTC.
    #[schema(value_type = String, example = "2026-11-26T18:30:00.123456")]
    pub updated_at: NaiveDateTime,
}

/// `GET /api/v1/tournaments`: the tournaments listed publicly ([`crate::visibility::listed_tournaments`]).
///
/// # Errors
/// Problem JSON for a database failure.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments",
    tag = "tournaments",
    responses((status = 200, description = "The tournaments listed publicly: those with an organizer an administrator approved, or without any organizer (every one when the server sets ARBITER_OPEN_LISTING); the others are reachable by their id", body = [TournamentItem]))
)]
pub async fn tournaments(state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let list = crate::visibility::listed_tournaments(&state)
        .await
        .map_err(WebError::api)?;
    let items: Vec<TournamentItem> = list
        .into_iter()
        .map(|t| TournamentItem {
            id: t.id,
            name: t.name,
            city: t.city,
            start_date: t.start_date,
            end_date: t.end_date,
            players: t.players,
            rounds: t.rounds,
            rounds_planned: t.rounds_planned,
            updated_at: t.updated_at,
        })
        .collect();
    json(&items, None, 0)
}

/// A player as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct PlayerItem {
    /// Its id (UUID).
    pub id: Uuid,
    /// Pairing number.
    pub pairing_number: u16,
    /// `Last, First`.
    pub name: String,
    /// `GM`, `IM`, ...
    pub title: Option<String>,
    /// FIDE rating.
    pub rating: Option<u16>,
    /// Federation.
    pub federation: Option<String>,
    /// FIDE id.
    pub fide_id: Option<u64>,
    /// `active`, `withdrawn`, `late_entry`.
    pub status: &'static str,
}

/// A round in the tournament view.
#[derive(Serialize, ToSchema)]
pub struct RoundItem {
    /// Round number.
    pub number: u16,
    /// `planned`, `paired`, `published`, `complete`.
    pub state: &'static str,
    /// Scheduled start.
    #[schema(value_type = Option<String>, example = "2026-11-26T18:30:00")]
    pub scheduled: Option<NaiveDateTime>,
    /// Games in it.
    pub games: usize,
    /// Byes and absences in it.
    pub byes: usize,
}

/// One tournament.
#[derive(Serialize, ToSchema)]
pub struct TournamentView {
    /// Its id.
    pub id: Uuid,
    /// Name (`012`).
    pub name: Option<String>,
    /// City.
    pub city: Option<String>,
    /// Federation.
    pub federation: Option<String>,
    /// Start date, ISO 8601 (`2005-07-28`) whatever layout it was imported in, with reduced
    /// precision when only partly known (`2005-07`, `2005`); `null` when absent or unreadable.
    #[schema(value_type = Option<String>, pattern = r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$", example = "2005-07-28")]
    pub start_date: Option<PartialDate>,
    /// End date, ISO 8601 as the start date; `null` when absent or unreadable.
    #[schema(value_type = Option<String>, pattern = r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$", example = "2005-07-31")]
    pub end_date: Option<PartialDate>,
    /// Type (`092`).
    pub tournament_type: Option<String>,
    /// Chief arbiter.
    pub chief_arbiter: Option<String>,
    /// Time control, free text.
    pub time_control: Option<String>,
    /// Rounds planned.
    pub rounds_planned: Option<u16>,
    /// Colour of the first player in round 1: `white`/`black`.
    pub initial_colour: Option<&'static str>,
    /// Pairing system (`192`).
    pub pairing_system: Option<String>,
    /// The standings' tie-breaks (C.07 codes), in order.
    pub tiebreaks: Vec<String>,
    /// Points per result, in tenths.
    #[schema(value_type = Object)]
    pub scoring: ScoringSystem,
    /// Default time (Art. 6.7), minutes.
    pub default_time_minutes: Option<u32>,
    /// The time zone of the venue (IANA name; `UTC` when unset): the pages' times are in it,
    /// the API's are UTC.
    pub time_zone: &'static str,
    /// Players by pairing number.
    pub players: Vec<PlayerItem>,
    /// Rounds.
    pub rounds: Vec<RoundItem>,
    /// Last change, UTC.
    #[schema(value_type = String, example = "2026-11-26T18:30:00.123456")]
    pub updated_at: NaiveDateTime,
}

/// `GET /api/v1/tournaments/{id}`.
///
/// # Errors
/// Problem JSON: 404 for an unknown id.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}",
    tag = "tournaments",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "The tournament, its players and rounds", body = TournamentView), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let view = TournamentView {
            id,
            name: t.name.clone(),
            city: t.city.clone(),
            federation: t.federation.clone(),
            start_date: t.start_date,
            end_date: t.end_date,
            tournament_type: t.tournament_type.clone(),
            chief_arbiter: t.chief_arbiter.clone(),
            time_control: t.time_control.clone(),
            rounds_planned: t.rounds_planned,
            initial_colour: t.initial_colour.map(|c| match c {
                Colour::White => "white",
                Colour::Black => "black",
            }),
            pairing_system: t.pairing_system.clone(),
            tiebreaks: standings_for(t, None)
                .tiebreaks
                .iter()
                .map(ToString::to_string)
                .collect(),
            scoring: t.scoring,
            default_time_minutes: s.default_time_minutes,
            time_zone: crate::zone::Zone::of_tournament(&s).name(),
            players: t
                .players
                .iter()
                .map(|p| PlayerItem {
                    id: p.id,
                    pairing_number: p.pairing_number,
                    name: p.name.clone(),
                    title: p.title.as_ref().map(|x| x.as_str().to_owned()),
                    rating: p.rating,
                    federation: p.federation.clone(),
                    fide_id: p.fide_id,
                    status: match p.status {
                        arbiter_tournament::PlayerStatus::Active => "active",
                        arbiter_tournament::PlayerStatus::Withdrawn => "withdrawn",
                        arbiter_tournament::PlayerStatus::LateEntry => "late_entry",
                    },
                })
                .collect(),
            rounds: t
                .rounds
                .iter()
                .map(|r| RoundItem {
                    number: r.number,
                    state: state_code(r.state),
                    scheduled: r.scheduled,
                    games: r.games.len(),
                    byes: r.byes.len(),
                })
                .collect(),
            updated_at: s.updated_at,
        };
        json(&view, Some(&v), state.config.public_max_age)
    })
    .await
}

/// A game in a round.
#[derive(Serialize, ToSchema)]
pub struct GameItem {
    /// Its id: the key for result entry.
    pub id: Uuid,
    /// The version to name when changing the result (a stale one gets `409 Conflict`).
    pub version: i32,
    /// Board number (the game's place in the round when none was set).
    pub board: u16,
    /// White's pairing number.
    pub white: u16,
    /// Black's pairing number.
    pub black: u16,
    /// Whether colours are known.
    pub colours_known: bool,
    /// White's TRF result code (`1 = 0 W D L + - X`), empty while pending.
    pub white_code: String,
    /// Black's TRF result code.
    pub black_code: String,
    /// The arbiter's penalty, if any: kind and reason.
    pub penalty: Option<PenaltyItem>,
}

/// A penalty behind unusual scores.
#[derive(Serialize, ToSchema)]
pub struct PenaltyItem {
    /// `offender_reduced`, `opponent_raised`, `lost_by_both`, `other`.
    pub kind: String,
    /// The arbiter's reason.
    pub reason: String,
}

/// A result without an opponent.
#[derive(Serialize, ToSchema)]
pub struct ByeItem {
    /// The player's pairing number.
    pub player: u16,
    /// The TRF code (`U F H Z -`).
    pub code: String,
}

/// One round.
#[derive(Serialize, ToSchema)]
pub struct RoundView {
    /// Round number.
    pub number: u16,
    /// `planned`, `paired`, `published`, `complete`.
    pub state: &'static str,
    /// Scheduled start.
    #[schema(value_type = Option<String>, example = "2026-11-26T18:30:00")]
    pub scheduled: Option<NaiveDateTime>,
    /// Games by board.
    pub games: Vec<GameItem>,
    /// Byes and absences.
    pub byes: Vec<ByeItem>,
}

/// `GET /api/v1/tournaments/{id}/rounds/{n}`.
///
/// # Errors
/// Problem JSON: 404 for an unknown tournament or round.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds/{n}",
    tag = "rounds",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("n" = u16, Path, description = "Round number")),
    responses((status = 200, description = "The round: games with ids and versions, byes", body = RoundView), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn round(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let r = s
            .tournament
            .round(n)
            .ok_or_else(|| WebError::no_round(n).api())?;
        let rows = with_db(&state, move |c| Ok(arbiter_db::round_games(c, id, n)?))
            .await
            .map_err(WebError::api)?;
        let games = rows
            .iter()
            .enumerate()
            .map(|(i, g)| {
                Ok(GameItem {
                    id: Uuid::parse_str(&g.id).map_err(|e| WebError::Internal(e.to_string()))?,
                    version: g.version,
                    board: g
                        .board
                        .and_then(|b| u16::try_from(b).ok())
                        .unwrap_or_else(|| u16::try_from(i + 1).unwrap_or(u16::MAX)),
                    white: u16::try_from(g.white).unwrap_or_default(),
                    black: u16::try_from(g.black).unwrap_or_default(),
                    colours_known: g.colours_known,
                    white_code: g.white_code.clone(),
                    black_code: g.black_code.clone(),
                    penalty: g.penalty_kind.as_ref().map(|k| PenaltyItem {
                        kind: k.clone(),
                        reason: g.penalty_reason.clone().unwrap_or_default(),
                    }),
                })
            })
            .collect::<Result<Vec<_>, WebError>>()
            .map_err(WebError::api)?;
        let view = RoundView {
            number: r.number,
            state: state_code(r.state),
            scheduled: r.scheduled,
            games,
            byes: r
                .byes
                .iter()
                .map(|b| ByeItem {
                    player: b.player,
                    code: b.code.trf_char().to_string().trim().to_owned(),
                })
                .collect(),
        };
        json(&view, Some(&v), state.config.public_max_age)
    })
    .await
}

/// `GET /api/v1/tournaments/{id}/standings?after=N`: an array of
/// `{"start_number", "rank", "name", "tiebreaks": {code: number|null}}` by rank.
///
/// # Errors
/// Problem JSON: 404 for an unknown tournament.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/standings",
    tag = "tournaments",
    params(("id" = Uuid, Path, description = "The tournament's id"), AfterQuery),
    responses((status = 200, description = "The standings by rank", body = [StandingJson]), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let lines: Vec<StandingJson> = standings_json(&standings_for(&s.tournament, query.after));
        json(&lines, Some(&v), state.config.public_max_age)
    })
    .await
}
