//! The public pages of a team event as JSON (`/api/v1/tournaments/{id}/...`): the teams, a
//! round's matches with their boards, the team standings, the team crosstable and the board
//! standings. Field names are snake_case and stable; points are JSON numbers (`2.5`), team and
//! pairing numbers integers; errors are `application/problem+json` (404 for an individual
//! tournament).

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::team::{BoardOrder, MatchForfeit, TeamRoundKind, board_standings};
use arbiter_tournament::{Colour, Points, ResultCode};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{event_of, standings_of};
use crate::error::WebError;
use crate::forms::AfterQuery;
use crate::respond::json;
use crate::state::AppState;
use crate::views::format_value;
use crate::visibility::public_api;

/// Points as a JSON number (`2.5`).
fn num(p: Points) -> f64 {
    f64::from(p.tenths()) / 10.0
}

/// `white` or `black`.
const fn colour_code(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// A result code as TRF writes it (`1 = 0 + -`), empty while pending.
fn code(c: ResultCode) -> String {
    c.trf_char().to_string().trim().to_owned()
}

/// One player of a roster.
#[derive(Serialize, ToSchema)]
pub struct RosterItem {
    /// The board in the roster's order, from 1 (beyond the event's boards: a reserve).
    pub board: usize,
    /// The player's pairing number.
    pub pairing_number: u16,
    /// `Last, First`.
    pub name: String,
    /// FIDE rating, if rated.
    pub rating: Option<u16>,
    /// Federation (FIDE code).
    pub federation: Option<String>,
    /// Whether the player is a reserve (listed after the event's number of boards).
    pub reserve: bool,
}

/// One team.
#[derive(Serialize, ToSchema)]
pub struct TeamItem {
    /// The team pairing number (TPN, C.04.6 art. 1.4).
    pub number: u16,
    /// The team's name.
    pub name: String,
    /// The federation it represents (FIDE code), if any.
    pub federation: Option<String>,
    /// Its club or school, if any.
    pub club: Option<String>,
    /// The team rating by the event's rule (average of the top boards' ratings), if any rated.
    pub rating: Option<u16>,
    /// The roster in board order.
    pub roster: Vec<RosterItem>,
}

/// The teams of an event.
#[derive(Serialize, ToSchema)]
pub struct TeamsView {
    /// Boards per match.
    pub boards: u8,
    /// The teams by team pairing number.
    pub teams: Vec<TeamItem>,
}

/// `GET /api/v1/tournaments/{id}/teams`: `{"boards", "teams": [{"number", "name",
/// "federation", "club", "rating", "roster": [{"board", "pairing_number", "name", "rating",
/// "federation", "reserve"}]}]}`.
///
/// # Errors
/// Problem JSON: 404 for an unknown tournament or one that is not a team event.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/teams",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "The teams and rosters", body = TeamsView), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn teams(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let e = event_of(t).map_err(WebError::api)?;
        let view = TeamsView {
            boards: e.settings.boards,
            teams: e
                .teams
                .iter()
                .map(|team| TeamItem {
                    number: team.number,
                    name: team.name.clone(),
                    federation: team.federation.clone(),
                    club: team.club.clone(),
                    rating: team.rating(t, &e.settings),
                    roster: team
                        .roster
                        .iter()
                        .enumerate()
                        .map(|(i, &pn)| {
                            let p = t.player(pn);
                            RosterItem {
                                board: i + 1,
                                pairing_number: pn,
                                name: p.map(|p| p.name.clone()).unwrap_or_default(),
                                rating: p.and_then(|p| p.rating).filter(|&r| r > 0),
                                federation: p.and_then(|p| p.federation.clone()),
                                reserve: i >= usize::from(e.settings.boards),
                            }
                        })
                        .collect(),
                })
                .collect(),
        };
        json(&view, Some(&v), state.config.public_max_age)
    })
    .await
}

/// One board of a match.
#[derive(Serialize, ToSchema)]
pub struct BoardItem {
    /// The board, from 1.
    pub board: u8,
    /// The first-named team's colour on this board (TRF-2026 record `352`).
    pub first_colour: &'static str,
    /// The first-named team's player (pairing number), `null` for an empty board.
    pub first_player: Option<u16>,
    /// The second-named team's player, `null` for an empty board.
    pub second_player: Option<u16>,
    /// The first-named team's TRF result code, empty while pending.
    pub first_code: String,
    /// The second-named team's TRF result code.
    pub second_code: String,
}

/// One match of a round.
#[derive(Serialize, ToSchema)]
pub struct MatchItem {
    /// The table, from 1.
    pub table: u16,
    /// The first-named team (its number).
    pub first: u16,
    /// The second-named team.
    pub second: u16,
    /// The first-named team's game points.
    pub first_game_points: f64,
    /// The second-named team's game points.
    pub second_game_points: f64,
    /// The first-named team's match points (0 until the match is complete).
    pub first_match_points: f64,
    /// The second-named team's match points.
    pub second_match_points: f64,
    /// Whether every board has a result (or the match was forfeited).
    pub complete: bool,
    /// A forfeited match (TRF-2026 `330`): `first_wins`, `second_wins`, `both`; `null` when not.
    pub forfeit: Option<&'static str>,
    /// The boards (none for a forfeited match).
    pub boards: Vec<BoardItem>,
}

/// A round's matches.
#[derive(Serialize, ToSchema)]
pub struct MatchesView {
    /// The round.
    pub round: u16,
    /// The matches by table.
    pub matches: Vec<MatchItem>,
    /// The team with the pairing-allocated bye (TRF-2026 `320`), if any.
    pub bye: Option<u16>,
    /// Its match points and game points.
    pub bye_match_points: f64,
    /// The bye's game points.
    pub bye_game_points: f64,
    /// Teams absent this round (TRF-2026 `240 Z`).
    pub absent: Vec<u16>,
    /// Teams with a bye given before pairing (TRF-2026 `240`), by team number: `"H"` (a drawn
    /// match's points) or `"F"` (a won match's).
    pub byes_before_pairing: std::collections::BTreeMap<u16, String>,
}

/// `GET /api/v1/tournaments/{id}/rounds/{r}/matches`: `{"round", "matches": [{"table",
/// "first", "second", "first_game_points", "second_game_points", "first_match_points",
/// "second_match_points", "complete", "forfeit", "boards": [...]}], "bye", "absent"}`.
///
/// # Errors
/// Problem JSON: 404 for an unknown tournament or round, or one that is not a team event.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rounds/{r}/matches",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("r" = u16, Path, description = "Round number")),
    responses((status = 200, description = "The round's matches", body = MatchesView), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn matches(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let e = event_of(t).map_err(WebError::api)?;
        let tr = e
            .round(n)
            .filter(|_| t.round(n).is_some())
            .ok_or_else(|| WebError::no_round(n).api())?;
        let view = MatchesView {
            round: n,
            matches: tr
                .matches
                .iter()
                .map(|m| {
                    let sc = e.match_score(t, n, m);
                    MatchItem {
                        table: m.table,
                        first: m.first,
                        second: m.second,
                        first_game_points: num(sc.first_game_points),
                        second_game_points: num(sc.second_game_points),
                        first_match_points: num(sc.first_match_points),
                        second_match_points: num(sc.second_match_points),
                        complete: sc.complete,
                        forfeit: m.forfeit.map(|f| match f {
                            MatchForfeit::FirstWins => "first_wins",
                            MatchForfeit::SecondWins => "second_wins",
                            MatchForfeit::Both => "both",
                        }),
                        boards: if m.forfeit.is_some() {
                            Vec::new()
                        } else {
                            e.match_boards(t, n, m)
                                .iter()
                                .map(|b| BoardItem {
                                    board: b.board,
                                    first_colour: colour_code(
                                        e.settings.first_team_colour(b.board),
                                    ),
                                    first_player: b.first,
                                    second_player: b.second,
                                    first_code: code(b.first_code),
                                    second_code: code(b.second_code),
                                })
                                .collect()
                        },
                    }
                })
                .collect(),
            bye: tr.bye,
            bye_match_points: num(e.settings.bye_match_points),
            bye_game_points: num(e.settings.bye_game_points),
            absent: tr.absent.clone(),
            byes_before_pairing: tr
                .byes_before_pairing
                .iter()
                .map(|(&team, code)| (team, code.trf_char().to_string()))
                .collect(),
        };
        json(&view, Some(&v), state.config.public_max_age)
    })
    .await
}

/// One line of the team standings.
#[derive(Serialize, ToSchema)]
pub struct TeamStandingItem {
    /// The rank (ties share it).
    pub rank: u32,
    /// The team pairing number.
    pub team: u16,
    /// The team's name.
    pub name: String,
    /// Match points.
    pub match_points: f64,
    /// Game points.
    pub game_points: f64,
    /// Each tie-break by its code with modifiers (`"BH/C1"`), a number with the kind's digits,
    /// `null` when undefined.
    #[schema(value_type = Object)]
    pub tiebreaks: serde_json::Map<String, serde_json::Value>,
}

/// The team standings.
#[derive(Serialize, ToSchema)]
pub struct TeamStandingsView {
    /// The round they are after.
    pub after_round: u16,
    /// `MP` or `GP`: the primary score (C.04.6 art. 1.2).
    pub primary: &'static str,
    /// The tie-breaks in order (C.07 codes).
    pub tiebreaks: Vec<String>,
    /// Whether the event was treated as a round robin.
    pub round_robin: bool,
    /// The lines by rank.
    pub rows: Vec<TeamStandingItem>,
}

/// `GET /api/v1/tournaments/{id}/team-standings?after=N`: `{"after_round", "primary",
/// "tiebreaks", "round_robin", "rows": [{"rank", "team", "name", "match_points",
/// "game_points", "tiebreaks": {code: number|null}}]}`.
///
/// # Errors
/// Problem JSON: 404 for an unknown tournament or one that is not a team event.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/team-standings",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id"), AfterQuery),
    responses((status = 200, description = "The team standings", body = TeamStandingsView), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let e = event_of(t).map_err(WebError::api)?;
        let (tiebreaks, _, st) = standings_of(t, e, query.after);
        let scores = e.scores_after_round(t, st.after_round);
        let names: Vec<String> = tiebreaks.iter().map(ToString::to_string).collect();
        let view = TeamStandingsView {
            after_round: st.after_round,
            primary: e.settings.primary.code(),
            round_robin: st.round_robin,
            rows: st
                .rows
                .iter()
                .map(|row| {
                    let (mp, gp) = scores.get(&row.team).copied().unwrap_or_default();
                    let mut map = serde_json::Map::new();
                    for (i, name) in names.iter().enumerate() {
                        let number = row.values.get(i).copied().flatten().and_then(|val| {
                            serde_json::from_str::<serde_json::Number>(&format_value(
                                tiebreaks.get(i),
                                Some(val),
                            ))
                            .ok()
                        });
                        map.insert(
                            name.clone(),
                            number.map_or(serde_json::Value::Null, serde_json::Value::Number),
                        );
                    }
                    TeamStandingItem {
                        rank: row.rank,
                        team: row.team,
                        name: row.name.clone(),
                        match_points: num(mp),
                        game_points: num(gp),
                        tiebreaks: map,
                    }
                })
                .collect(),
            tiebreaks: names,
        };
        json(&view, Some(&v), state.config.public_max_age)
    })
    .await
}

/// One team's round in the crosstable.
#[derive(Serialize, ToSchema)]
pub struct CrossRoundItem {
    /// The round.
    pub round: u16,
    /// The opponent team, if paired with one.
    pub opponent: Option<u16>,
    /// The colour of the team's board 1, if paired.
    pub colour: Option<&'static str>,
    /// `played`, `pending`, `forfeit_win`, `forfeit_loss`, `double_forfeit`, `pab`, `absent`,
    /// `half_bye`, `full_bye` (a bye given before pairing, TRF-2026 `240`).
    pub kind: &'static str,
    /// Match points scored.
    pub match_points: f64,
    /// Game points scored.
    pub game_points: f64,
    /// The opponent's game points in the match.
    pub opponent_game_points: f64,
}

/// One team's line of the crosstable.
#[derive(Serialize, ToSchema)]
pub struct CrossItem {
    /// The rank.
    pub rank: u32,
    /// The team pairing number.
    pub team: u16,
    /// The team's name.
    pub name: String,
    /// Rounds 1 to `after_round`.
    pub rounds: Vec<CrossRoundItem>,
}

/// The team crosstable.
#[derive(Serialize, ToSchema)]
pub struct CrosstableView {
    /// The round it is after.
    pub after_round: u16,
    /// Whether the event is treated as a round robin.
    pub round_robin: bool,
    /// The teams by rank.
    pub rows: Vec<CrossItem>,
}

/// `GET /api/v1/tournaments/{id}/team-crosstable?after=N`: `{"after_round", "round_robin",
/// "rows": [{"rank", "team", "name", "rounds": [{"round", "opponent", "colour", "kind",
/// "match_points", "game_points", "opponent_game_points"}]}]}`.
///
/// # Errors
/// Problem JSON: 404 for an unknown tournament or one that is not a team event.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/team-crosstable",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id"), AfterQuery),
    responses((status = 200, description = "The team crosstable", body = CrosstableView), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn crosstable(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let e = event_of(t).map_err(WebError::api)?;
        let (_, _, st) = standings_of(t, e, query.after);
        let view = CrosstableView {
            after_round: st.after_round,
            round_robin: st.round_robin,
            rows: st
                .rows
                .iter()
                .map(|row| CrossItem {
                    rank: row.rank,
                    team: row.team,
                    name: row.name.clone(),
                    rounds: e
                        .team_rounds(t, row.team)
                        .into_iter()
                        .filter(|r| r.round <= st.after_round)
                        .map(|r| CrossRoundItem {
                            round: r.round,
                            opponent: r.opponent,
                            colour: r.colour.map(colour_code),
                            kind: match r.kind {
                                TeamRoundKind::Played => "played",
                                TeamRoundKind::Pending => "pending",
                                TeamRoundKind::ForfeitWin => "forfeit_win",
                                TeamRoundKind::ForfeitLoss => "forfeit_loss",
                                TeamRoundKind::DoubleForfeit => "double_forfeit",
                                TeamRoundKind::Pab => "pab",
                                TeamRoundKind::Absent => "absent",
                                TeamRoundKind::HalfBye => "half_bye",
                                TeamRoundKind::FullBye => "full_bye",
                            },
                            match_points: num(r.match_points),
                            game_points: num(r.game_points),
                            opponent_game_points: num(r.opponent_game_points),
                        })
                        .collect(),
                })
                .collect(),
        };
        json(&view, Some(&v), state.config.public_max_age)
    })
    .await
}

/// One player's line on a board.
#[derive(Serialize, ToSchema)]
pub struct BoardPlayerItem {
    /// The place on the board (ties share it).
    pub rank: Option<u32>,
    /// The player's pairing number.
    pub pairing_number: u16,
    /// `Last, First`.
    pub name: String,
    /// The player's team.
    pub team: u16,
    /// Points scored on this board.
    pub points: f64,
    /// Rounds on this board with a result (games and forfeits).
    pub rounds: u32,
    /// Games played over the board.
    pub games: u32,
    /// `points / rounds` in percent, two decimals (`66.67`).
    pub percentage: f64,
    /// The average rating of the rated opponents (C.07 Art. 10.1), if any.
    pub average_opponent_rating: Option<i64>,
    /// The performance rating (C.07 Art. 10.2), if any rated opponent.
    pub performance: Option<i64>,
}

/// The standings of one board.
#[derive(Serialize, ToSchema)]
pub struct BoardView {
    /// The board, from 1.
    pub board: u8,
    /// Its players, ranked by performance rating.
    pub players: Vec<BoardPlayerItem>,
}

/// `GET /api/v1/tournaments/{id}/board-standings?after=N`: `[{"board", "players": [{"rank",
/// "pairing_number", "name", "team", "points", "rounds", "games", "percentage",
/// "average_opponent_rating", "performance"}]}]`.
///
/// # Errors
/// Problem JSON: 404 for an unknown tournament or one that is not a team event.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/board-standings",
    tag = "teams",
    params(("id" = Uuid, Path, description = "The tournament's id"), AfterQuery),
    responses((status = 200, description = "The board standings", body = [BoardView]), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn boards(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let e = event_of(t).map_err(WebError::api)?;
        let after = super::after_round(t, e, query.after);
        let view: Vec<BoardView> = board_standings(t, e, Some(after), 1, BoardOrder::Performance)
            .into_iter()
            .map(|b| BoardView {
                board: b.board,
                players: b
                    .rows
                    .into_iter()
                    .map(|r| BoardPlayerItem {
                        rank: r.rank,
                        pairing_number: r.player,
                        name: r.name,
                        team: r.team,
                        points: num(r.points),
                        rounds: r.rounds,
                        games: r.games,
                        percentage: f64::from(r.percentage) / 100.0,
                        average_opponent_rating: r.average_opponent_rating,
                        performance: r.performance,
                    })
                    .collect(),
            })
            .collect();
        json(&view, Some(&v), state.config.public_max_age)
    })
    .await
}
