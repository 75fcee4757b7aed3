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

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::StoredTournament;
use arbiter_tournament::team::{
    BoardGame, BoardOrder, MatchForfeit, TeamEvent, TeamMatch, TeamNumber, TeamRoundKind,
    TeamStandings, TeamStandingsOptions, board_standings, default_team_tiebreaks, explain_team,
    team_standings,
};
use arbiter_tournament::tiebreak::{Kind, TieBreak, Value};
use arbiter_tournament::{Colour, Points, ResultCode, Tournament};
use askama::Template;
use uuid::Uuid;

use crate::cache::Validators;
use crate::error::WebError;
use crate::forms::AfterQuery;
use crate::l10n::{L10n, Msg};
use crate::respond::html;
use crate::views::{Head, code_symbol, format_value, head_in, state_in, titled_name};
use crate::{AppState, Loaded, load_if_changed};

/// The routes of the team event's public pages and their JSON (all `GET`/`HEAD`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    let page = crate::page;
    cfg.route("/tournaments/{id}/teams", page().to(teams))
        .route("/tournaments/{id}/teams/{n}", page().to(team))
        .route("/tournaments/{id}/rounds/{r}/matches", page().to(matches))
        .route(
            "/tournaments/{id}/rounds/{r}/matches/{table}/card",
            page().to(match_card),
        )
        .route("/tournaments/{id}/team-standings", page().to(standings))
        .route("/tournaments/{id}/team-crosstable", page().to(crosstable))
        .route("/tournaments/{id}/board-standings", page().to(boards))
        .route("/api/v1/tournaments/{id}/teams", page().to(api::teams))
        .route(
            "/api/v1/tournaments/{id}/rounds/{r}/matches",
            page().to(api::matches),
        )
        .route(
            "/api/v1/tournaments/{id}/team-standings",
            page().to(api::standings),
        )
        .route(
            "/api/v1/tournaments/{id}/team-crosstable",
            page().to(api::crosstable),
        )
        .route(
            "/api/v1/tournaments/{id}/board-standings",
            page().to(api::boards),
        );
}

/// A team event's tournament for a page: the client's copy is current, or the tournament (with
/// a team event, only its published rounds) and the page's validators.
pub(crate) enum TeamLoaded {
    /// The client's copy is current (`304`, or the page from the cache).
    Fresh(HttpResponse),
    /// The tournament and the validators.
    Changed(Box<StoredTournament>, Validators),
}

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

/// Loads the tournament as [`load_if_changed`] does, and keeps of its team event the rounds
/// that are published (their pairings public).
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or one that is not a team event,
/// [`WebError::Database`].
pub(crate) async fn load_team(
    state: &AppState,
    req: &HttpRequest,
    id: Uuid,
) -> Result<TeamLoaded, WebError> {
    match load_if_changed(state, req, id).await? {
        Loaded::Fresh(r) => Ok(TeamLoaded::Fresh(r)),
        Loaded::Changed(mut s, v) => {
            let t = &mut s.tournament;
            let published: Vec<u16> = t.rounds.iter().map(|r| r.number).collect();
            let event = t.team.as_mut().ok_or_else(not_team_event)?;
            event.rounds.retain(|r| published.contains(&r.number));
            Ok(TeamLoaded::Changed(s, v))
        }
    }
}

/// The team event of a loaded tournament.
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

/// How a match was forfeited, as a sentence (empty when it was not).
fn forfeit_text(e: &TeamEvent, m: &TeamMatch, l: &L10n) -> String {
    match m.forfeit {
        None => String::new(),
        Some(MatchForfeit::FirstWins) => l.ta(
            "tpub-forfeit-won",
            &[("team", l.data(&team_name(e, m.first)))],
        ),
        Some(MatchForfeit::SecondWins) => l.ta(
            "tpub-forfeit-won",
            &[("team", l.data(&team_name(e, m.second)))],
        ),
        Some(MatchForfeit::Both) => l.t("tpub-forfeit-both"),
    }
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
    let (stored, v) = match load_team(&state, &req, id).await? {
        TeamLoaded::Fresh(r) => return Ok(r),
        TeamLoaded::Changed(s, v) => (s, v),
    };
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
}

struct PlayerRounds {
    pairing_number: u16,
    board: String,
    name: String,
    rating: String,
    reserve: bool,
    cells: Vec<String>,
    points: String,
    games: String,
}

struct TeamRoundLine {
    round: u16,
    label: String,
    table: Option<u16>,
    opponent: Option<u16>,
    opponent_name: String,
    colour: String,
    score: String,
    match_points: String,
    game_points: String,
    what: String,
}

#[derive(Template)]
#[template(path = "team.html")]
struct TeamPage {
    l: L10n,
    head: Head,
    title: String,
    facts: Vec<(String, String)>,
    rounds: Vec<String>,
    roster: Vec<PlayerRounds>,
    lines: Vec<TeamRoundLine>,
    match_points: String,
    game_points: String,
}

/// `GET /tournaments/{id}/teams/{n}`: one team: its roster with each player's board, colour
/// and result round by round (`2w ½`: board 2, White, a draw) and score, and its matches
/// (opponent, colour of board 1, match score in game points, MP, GP), the bye and forfeits.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or team, an individual tournament,
/// [`WebError::Database`].
pub async fn team(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let (stored, v) = match load_team(&state, &req, id).await? {
        TeamLoaded::Fresh(r) => return Ok(r),
        TeamLoaded::Changed(s, v) => (s, v),
    };
    let l = L10n::negotiate(&req);
    let t = &stored.tournament;
    let e = event_of(t)?;
    let team = e.team(n).ok_or_else(|| no_team(n))?;
    let records = e.team_rounds(t, n);
    // Each round's boards of the team's match: player -> (board, colour, code).
    let mut per_player: std::collections::BTreeMap<u16, Vec<String>> =
        team.roster.iter().map(|&pn| (pn, Vec::new())).collect();
    let mut totals: std::collections::BTreeMap<u16, (Points, u32)> =
        std::collections::BTreeMap::new();
    for rec in &records {
        let seats: Vec<(u16, u8, Colour, ResultCode)> = e
            .round(rec.round)
            .and_then(|r| r.match_of(n))
            .filter(|m| m.forfeit.is_none())
            .map(|m| {
                let first = m.first == n;
                e.match_boards(t, rec.round, m)
                    .iter()
                    .filter_map(|b| {
                        let (me, code) = if first {
                            (b.first?, b.first_code)
                        } else {
                            (b.second?, b.second_code)
                        };
                        let c = e.settings.first_team_colour(b.board);
                        Some((me, b.board, if first { c } else { c.opposite() }, code))
                    })
                    .collect()
            })
            .unwrap_or_default();
        for (pn, cells) in &mut per_player {
            let cell = seats.iter().find(|s| s.0 == *pn).map_or_else(
                String::new,
                |&(_, board, colour, code)| {
                    if code != ResultCode::Blank {
                        let tot = totals.entry(*pn).or_insert((Points::ZERO, 0));
                        tot.0 = tot.0.saturating_add(t.scoring.points(code));
                        tot.1 += 1;
                    }
                    l.digits(&format!(
                        "{board}{} {}",
                        colour.trf_char(),
                        code_symbol(code)
                    ))
                    .trim_end()
                    .to_owned()
                },
            );
            cells.push(cell);
        }
    }
    let roster = roster_lines(t, e, n, &l)
        .into_iter()
        .map(|r| {
            let (p, g) = totals.get(&r.pairing_number).copied().unwrap_or_default();
            PlayerRounds {
                cells: per_player.remove(&r.pairing_number).unwrap_or_default(),
                points: pts(&l, p),
                games: l.int(g),
                pairing_number: r.pairing_number,
                board: r.board,
                name: r.name,
                rating: r.rating,
                reserve: r.reserve,
            }
        })
        .collect();
    let (mut mp, mut gp) = (Points::ZERO, Points::ZERO);
    let lines = records
        .iter()
        .map(|rec| {
            mp = mp.saturating_add(rec.match_points);
            gp = gp.saturating_add(rec.game_points);
            let m = e.round(rec.round).and_then(|r| r.match_of(n));
            // A match paired and not begun shows no score yet.
            let begun = rec.kind != TeamRoundKind::Pending
                || m.is_some_and(|m| e.match_score(t, rec.round, m).boards_decided > 0);
            let played = rec.opponent.is_some() && rec.kind != TeamRoundKind::Absent && begun;
            TeamRoundLine {
                round: rec.round,
                label: l.int(rec.round),
                table: m.map(|m| m.table),
                opponent: rec.opponent,
                opponent_name: rec.opponent.map(|o| team_name(e, o)).unwrap_or_default(),
                colour: rec.colour.map(|c| colour_name(c, &l)).unwrap_or_default(),
                score: if played {
                    score_text(&l, rec.game_points, rec.opponent_game_points)
                } else {
                    String::new()
                },
                match_points: if begun {
                    pts(&l, rec.match_points)
                } else {
                    String::new()
                },
                game_points: if begun {
                    pts(&l, rec.game_points)
                } else {
                    String::new()
                },
                what: kind_text(rec.kind, &l),
            }
        })
        .collect();
    let mut facts = vec![(l.t("tpub-col-team-no"), l.int(n))];
    let aff = affiliation(e, n, &l);
    if !aff.is_empty() {
        facts.push((l.t("tpub-col-affiliation"), aff));
    }
    if let Some(r) = team.rating(t, &e.settings) {
        facts.push((l.t("tpub-col-team-rating"), l.int(r)));
    }
    let page = TeamPage {
        head: head_in(id, t, &l),
        title: team.name.clone(),
        facts,
        rounds: records.iter().map(|r| l.int(r.round)).collect(),
        roster,
        lines,
        match_points: pts(&l, mp),
        game_points: pts(&l, gp),
        l,
    };
    html(&page, &v, state.config.public_max_age)
}

struct BoardLine {
    board: String,
    white_pn: Option<u16>,
    white: String,
    white_team: String,
    result: String,
    black_pn: Option<u16>,
    black: String,
    black_team: String,
}

struct MatchBlock {
    table: u16,
    table_no: String,
    first: u16,
    first_no: String,
    first_name: String,
    second: u16,
    second_no: String,
    second_name: String,
    score: String,
    match_points: String,
    forfeit: String,
    boards: Vec<BoardLine>,
}

#[derive(Template)]
#[template(path = "team_matches.html")]
struct MatchesPage {
    l: L10n,
    head: Head,
    number: u16,
    title: String,
    state: String,
    scheduled: String,
    matches: Vec<MatchBlock>,
    bye: Option<(u16, String, String)>,
    absent: Vec<(u16, String)>,
    previous: Option<(u16, String)>,
    next: Option<(u16, String)>,
}

/// The boards of a match for a page, by board: White and Black as they sat, the result.
/// Boards nobody sat on show empty.
fn board_lines(t: &Tournament, e: &TeamEvent, r: u16, m: &TeamMatch, l: &L10n) -> Vec<BoardLine> {
    if m.forfeit.is_some() {
        return Vec::new();
    }
    let games = e.match_boards(t, r, m);
    (1..=e.settings.boards)
        .map(|k| {
            let (w, b, wc, bc) = games
                .iter()
                .find(|g| g.board == k)
                .map_or((None, None, ResultCode::Blank, ResultCode::Blank), |g| {
                    oriented(e, g)
                });
            let first_white = e.settings.first_team_colour(k) == Colour::White;
            let (wt, bt) = if first_white {
                (m.first, m.second)
            } else {
                (m.second, m.first)
            };
            BoardLine {
                board: l.int(k),
                white_pn: w,
                white: w.map(|p| player_name(t, p)).unwrap_or_default(),
                white_team: l.int(wt),
                result: l.digits(&board_result(wc, bc)),
                black_pn: b,
                black: b.map(|p| player_name(t, p)).unwrap_or_default(),
                black_team: l.int(bt),
            }
        })
        .collect()
}

/// `GET /tournaments/{id}/rounds/{r}/matches`: the round's team pairings by table: the two
/// teams, the match score in game points and the match points, under each match its boards
/// (board, White, Black, result); the team with the pairing-allocated bye, forfeited matches,
/// absent teams.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or round, an individual tournament,
/// [`WebError::Database`].
pub async fn matches(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    let (stored, v) = match load_team(&state, &req, id).await? {
        TeamLoaded::Fresh(r) => return Ok(r),
        TeamLoaded::Changed(s, v) => (s, v),
    };
    let l = L10n::negotiate(&req);
    let t = &stored.tournament;
    let e = event_of(t)?;
    let round = t.round(n).ok_or_else(|| WebError::no_round(n))?;
    let tr = e.round(n).ok_or_else(|| WebError::no_round(n))?;
    let matches = tr
        .matches
        .iter()
        .map(|m| {
            let s = e.match_score(t, n, m);
            MatchBlock {
                table: m.table,
                table_no: l.int(m.table),
                first: m.first,
                first_no: l.int(m.first),
                first_name: team_name(e, m.first),
                second: m.second,
                second_no: l.int(m.second),
                second_name: team_name(e, m.second),
                score: if s.boards_decided > 0 || m.forfeit.is_some() {
                    score_text(&l, s.first_game_points, s.second_game_points)
                } else {
                    String::new()
                },
                match_points: if s.complete {
                    score_text(&l, s.first_match_points, s.second_match_points)
                } else {
                    String::new()
                },
                forfeit: forfeit_text(e, m, &l),
                boards: board_lines(t, e, n, m, &l),
            }
        })
        .collect();
    let zone = crate::zone::Zone::of_tournament(&stored);
    let label = |key: &str, r: u16| (r, l.ta(key, &[("n", l.int(r))]));
    let page = MatchesPage {
        head: head_in(id, t, &l),
        number: n,
        title: l.ta("tpub-matches-title", &[("n", l.int(n))]),
        state: state_in(round.state, &l),
        scheduled: round
            .scheduled
            .map(|s| l.digits(&zone.start_text(s)))
            .unwrap_or_default(),
        bye: tr.bye.map(|b| {
            (
                b,
                team_name(e, b),
                l.ta(
                    "tpub-bye-points",
                    &[
                        ("mp", pts(&l, e.settings.bye_match_points)),
                        ("gp", pts(&l, e.settings.bye_game_points)),
                    ],
                ),
            )
        }),
        absent: tr.absent.iter().map(|&a| (a, team_name(e, a))).collect(),
        matches,
        previous: e
            .round(n.wrapping_sub(1))
            .map(|r| label("round-previous", r.number)),
        next: e
            .round(n.saturating_add(1))
            .map(|r| label("round-next", r.number)),
        l,
    };
    html(&page, &v, state.config.public_max_age)
}

struct CardRow {
    board: String,
    first_colour: String,
    first: String,
    first_rating: String,
    first_result: String,
    second_colour: String,
    second: String,
    second_rating: String,
    second_result: String,
}

#[derive(Template)]
#[template(path = "match_card.html")]
struct CardPage {
    l: L10n,
    head: Head,
    number: u16,
    round_label: String,
    table_label: String,
    date: String,
    first: String,
    second: String,
    rows: Vec<CardRow>,
    first_total: String,
    second_total: String,
    forfeit: String,
    first_captain: String,
    second_captain: String,
}

/// `GET /tournaments/{id}/rounds/{r}/matches/{table}/card`: the match card the two captains and
/// the arbiter sign: the event, round, date, table, the teams, one row per board (board, colour,
/// player, rating, result of each side; the results empty until the board is played), the match
/// total in game points and three signature lines. Prints on one A4 page.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament, round or table, an individual tournament,
/// [`WebError::Database`].
pub async fn match_card(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n, table) = path.into_inner();
    let (stored, v) = match load_team(&state, &req, id).await? {
        TeamLoaded::Fresh(r) => return Ok(r),
        TeamLoaded::Changed(s, v) => (s, v),
    };
    let l = L10n::negotiate(&req);
    let t = &stored.tournament;
    let e = event_of(t)?;
    let round = t.round(n).ok_or_else(|| WebError::no_round(n))?;
    let tr = e.round(n).ok_or_else(|| WebError::no_round(n))?;
    let m = tr
        .matches
        .iter()
        .find(|m| m.table == table)
        .ok_or_else(|| no_match(table))?;
    let games = e.match_boards(t, n, m);
    let rows = (1..=e.settings.boards)
        .map(|k| {
            let g = games.iter().find(|g| g.board == k);
            let c = e.settings.first_team_colour(k);
            let side = |p: Option<u16>, code: ResultCode| {
                (
                    p.map(|p| player_name(t, p)).unwrap_or_default(),
                    p.map(|p| rating_of(t, p, &l)).unwrap_or_default(),
                    l.digits(code_symbol(code)),
                )
            };
            let (f, s) = match (g, m.forfeit) {
                (Some(g), None) => (side(g.first, g.first_code), side(g.second, g.second_code)),
                _ => (side(None, ResultCode::Blank), side(None, ResultCode::Blank)),
            };
            CardRow {
                board: l.int(k),
                first_colour: colour_name(c, &l),
                first: f.0,
                first_rating: f.1,
                first_result: f.2,
                second_colour: colour_name(c.opposite(), &l),
                second: s.0,
                second_rating: s.1,
                second_result: s.2,
            }
        })
        .collect();
    let score = e.match_score(t, n, m);
    let decided = score.boards_decided > 0 || m.forfeit.is_some();
    let total = |p: Points| if decided { pts(&l, p) } else { String::new() };
    let zone = crate::zone::Zone::of_tournament(&stored);
    let date = match round.scheduled {
        Some(s) => l.date(zone.local(s).date()),
        None => head_in(id, t, &l).dates,
    };
    let first = team_name(e, m.first);
    let second = team_name(e, m.second);
    let captain = |name: &str| l.ta("tpub-card-captain-of", &[("team", l.data(name))]);
    let page = CardPage {
        head: head_in(id, t, &l),
        number: n,
        round_label: l.ta("round-n", &[("n", l.int(n))]),
        table_label: l.ta("tpub-card-table", &[("n", l.int(table))]),
        date,
        first_captain: captain(&first),
        second_captain: captain(&second),
        first: l.ta(
            "tpub-numbered-team",
            &[("n", l.int(m.first)), ("team", l.data(&first))],
        ),
        second: l.ta(
            "tpub-numbered-team",
            &[("n", l.int(m.second)), ("team", l.data(&second))],
        ),
        rows,
        first_total: total(score.first_game_points),
        second_total: total(score.second_game_points),
        forfeit: forfeit_text(e, m, &l),
        l,
    };
    html(&page, &v, state.config.public_max_age)
}

/// The round the standings are after: `after` (at most the last round paired), else the last
/// round with a result (a board decided, a forfeited match, a bye only); 0 before any.
pub(crate) fn after_round(t: &Tournament, e: &TeamEvent, after: Option<u16>) -> u16 {
    if let Some(a) = after {
        return a.min(e.last_round());
    }
    (1..=e.last_round())
        .rev()
        .find(|&r| {
            e.round(r).is_some_and(|tr| {
                (tr.matches.is_empty() && tr.bye.is_some())
                    || tr
                        .matches
                        .iter()
                        .any(|m| m.forfeit.is_some() || e.match_score(t, r, m).boards_decided > 0)
            })
        })
        .unwrap_or(0)
}

/// Whether the event is a round robin by its design: the rounds planned (or paired) are those
/// of a single or double round robin of its teams (every team meets every other once or twice;
/// an odd number of teams has one round more, each team sitting one out).
pub(crate) fn is_round_robin(t: &Tournament, e: &TeamEvent) -> bool {
    let n = e.teams.len();
    let rounds = usize::from(t.rounds_planned.unwrap_or(0).max(e.last_round()));
    n > 2 && [n - 1, n, 2 * (n - 1), 2 * n].contains(&rounds)
}

/// The team standings of the event after a round ([`after_round`]), with the event's
/// tie-breaks, as a round robin when the event is one ([`is_round_robin`]).
pub(crate) fn standings_of(
    t: &Tournament,
    e: &TeamEvent,
    after: Option<u16>,
) -> (Vec<TieBreak>, TeamStandingsOptions, TeamStandings) {
    let tiebreaks = default_team_tiebreaks(t);
    let options = TeamStandingsOptions {
        after_round: Some(after_round(t, e, after)),
        round_robin: Some(is_round_robin(t, e)),
        ..TeamStandingsOptions::default()
    };
    let s = team_standings(t, e, &tiebreaks, &options);
    (tiebreaks, options, s)
}

struct ContributionLine {
    round: String,
    opponent: String,
    code: String,
    basis: String,
    value: String,
    note: String,
    cut: bool,
}

struct TieBreakLine {
    name: String,
    value: String,
    boards: String,
    contributions: Vec<ContributionLine>,
}

struct TeamStandingLine {
    rank: String,
    team: u16,
    no: String,
    name: String,
    match_points: String,
    game_points: String,
    values: Vec<String>,
    explained: Vec<TieBreakLine>,
    neighbours: Vec<String>,
}

#[derive(Template)]
#[template(path = "team_standings.html")]
struct StandingsPage {
    l: L10n,
    head: Head,
    heading: String,
    note: String,
    after_round: u16,
    rounds: Vec<(u16, String)>,
    names: Vec<String>,
    rows: Vec<TeamStandingLine>,
}

/// Whether a tie-break column repeats the primary score (a leading `PTS`).
fn shown(tb: &TieBreak) -> bool {
    tb.kind != Kind::Pts
}

/// A tie-break value with its kind's digits, in the reader's digits (`-` when undefined).
fn value_text(l: &L10n, tb: &TieBreak, v: Option<Value>) -> String {
    l.digits(&format_value(Some(tb), v))
}

/// `GET /tournaments/{id}/team-standings?after=N`: rank, team, match points, game points and the
/// event's tie-breaks (TRF-2026 `212`/`202`, else `PTS, MPVGP, EMGSB/C1, BH/C1`; C.07), and
/// under each team every tie-break explained round by round (opponent, result, basis, value,
/// cuts) with what separates it from the teams above and below.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament, an individual tournament,
/// [`WebError::Database`].
pub async fn standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let (stored, v) = match load_team(&state, &req, id).await? {
        TeamLoaded::Fresh(r) => return Ok(r),
        TeamLoaded::Changed(s, v) => (s, v),
    };
    let l = L10n::negotiate(&req);
    let t = &stored.tournament;
    let e = event_of(t)?;
    let (tiebreaks, options, s) = standings_of(t, e, query.after);
    let scores = e.scores_after_round(t, s.after_round);
    let rows = s
        .rows
        .iter()
        .map(|row| {
            let (mp, gp) = scores.get(&row.team).copied().unwrap_or_default();
            let (explained, neighbours) = explain_team(t, e, &tiebreaks, &options, row.team)
                .map(|(_, x)| {
                    let tbs = x
                        .tiebreaks
                        .iter()
                        .map(|tb| TieBreakLine {
                            name: tb.tiebreak.to_string(),
                            value: value_text(&l, &tb.tiebreak, tb.value),
                            boards: l.digits(
                                &tb.boards
                                    .iter()
                                    .map(|b| b.format(1))
                                    .collect::<Vec<_>>()
                                    .join(" · "),
                            ),
                            contributions: tb
                                .contributions
                                .iter()
                                .map(|c| ContributionLine {
                                    round: l.int(c.round),
                                    opponent: c
                                        .opponent
                                        .map(|o| {
                                            l.ta(
                                                "tpub-numbered-team",
                                                &[
                                                    ("n", l.int(o)),
                                                    ("team", l.data(&team_name(e, o))),
                                                ],
                                            )
                                        })
                                        .unwrap_or_default(),
                                    code: c.code.trf_char().to_string(),
                                    basis: c
                                        .basis
                                        .map(|b| l.digits(&b.format(1)))
                                        .unwrap_or_default(),
                                    value: l.digits(&c.value.format(2)),
                                    note: crate::player_card::note_in(c.note, &l),
                                    cut: c.cut.is_some(),
                                })
                                .collect(),
                        })
                        .collect();
                    let neighbour = |key: &str, n: &Option<(u16, Option<TieBreak>)>| {
                        n.as_ref().map(|(o, tb)| {
                            let other = l.data(&team_name(e, *o));
                            match tb {
                                Some(tb) => l.ta(
                                    key,
                                    &[("team", other), ("tiebreak", l.ltr(&tb.to_string()))],
                                ),
                                None => l.ta("tpub-tied-with", &[("team", other)]),
                            }
                        })
                    };
                    let neighbours = [
                        neighbour("tpub-above", &x.above),
                        neighbour("tpub-below", &x.below),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    (tbs, neighbours)
                })
                .unwrap_or_default();
            TeamStandingLine {
                rank: l.int(row.rank),
                team: row.team,
                no: l.int(row.team),
                name: row.name.clone(),
                match_points: pts(&l, mp),
                game_points: pts(&l, gp),
                values: tiebreaks
                    .iter()
                    .enumerate()
                    .filter(|(_, tb)| shown(tb))
                    .map(|(i, tb)| value_text(&l, tb, row.values.get(i).copied().flatten()))
                    .collect(),
                explained,
                neighbours,
            }
        })
        .collect();
    let primary = l.t(match e.settings.primary {
        arbiter_tournament::team::PrimaryScore::MatchPoints => "tpub-primary-mp",
        arbiter_tournament::team::PrimaryScore::GamePoints => "tpub-primary-gp",
    });
    let page = StandingsPage {
        head: head_in(id, t, &l),
        heading: l.ta("tpub-standings-after", &[("n", l.int(s.after_round))]),
        note: primary,
        after_round: s.after_round,
        rounds: (1..=e.last_round()).map(|r| (r, l.int(r))).collect(),
        names: tiebreaks
            .iter()
            .filter(|tb| shown(tb))
            .map(ToString::to_string)
            .collect(),
        rows,
        l,
    };
    html(&page, &v, state.config.public_max_age)
}

struct CrossCell {
    text: String,
    what: String,
}

struct CrossRow {
    rank: String,
    team: u16,
    no: String,
    name: String,
    cells: Vec<CrossCell>,
    grid: Vec<String>,
    match_points: String,
    game_points: String,
}

#[derive(Template)]
#[template(path = "team_crosstable.html")]
struct CrossPage {
    l: L10n,
    head: Head,
    heading: String,
    round_robin: bool,
    rounds: Vec<String>,
    columns: Vec<String>,
    rows: Vec<CrossRow>,
}

/// `GET /tournaments/{id}/team-crosstable?after=N`: the teams by rank, each round's opponent
/// (team number), colour of board 1 and match score in game points (a Swiss); in a round robin
/// also the team-against-team grid, each cell the game points scored against that team (both
/// meetings of a double round robin, `2½ 1`).
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament, an individual tournament,
/// [`WebError::Database`].
pub async fn crosstable(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let (stored, v) = match load_team(&state, &req, id).await? {
        TeamLoaded::Fresh(r) => return Ok(r),
        TeamLoaded::Changed(s, v) => (s, v),
    };
    let l = L10n::negotiate(&req);
    let t = &stored.tournament;
    let e = event_of(t)?;
    let (_, _, s) = standings_of(t, e, query.after);
    let after = s.after_round;
    let scores = e.scores_after_round(t, after);
    let order: Vec<u16> = s.rows.iter().map(|r| r.team).collect();
    let rows = s
        .rows
        .iter()
        .map(|row| {
            let recs: Vec<_> = e
                .team_rounds(t, row.team)
                .into_iter()
                .filter(|r| r.round <= after)
                .collect();
            let cells = recs
                .iter()
                .map(|r| match r.opponent {
                    Some(o) if r.kind != TeamRoundKind::Absent => CrossCell {
                        text: l.digits(&format!(
                            "{o}{} {}",
                            r.colour.map_or('-', Colour::trf_char),
                            if r.kind == TeamRoundKind::Pending {
                                String::new()
                            } else {
                                format!("{}:{}", r.game_points, r.opponent_game_points)
                            }
                        )),
                        what: kind_text(r.kind, &l),
                    },
                    _ => CrossCell {
                        text: if r.kind == TeamRoundKind::Pab {
                            l.digits(&format!("PAB {}", r.game_points))
                        } else {
                            String::new()
                        },
                        what: kind_text(r.kind, &l),
                    },
                })
                .collect();
            let grid = order
                .iter()
                .map(|&o| {
                    if o == row.team {
                        return "×".to_owned();
                    }
                    let met: Vec<String> = recs
                        .iter()
                        .filter(|r| r.opponent == Some(o) && r.kind != TeamRoundKind::Pending)
                        .map(|r| r.game_points.to_string())
                        .collect();
                    l.digits(&met.join(" "))
                })
                .collect();
            let (mp, gp) = scores.get(&row.team).copied().unwrap_or_default();
            CrossRow {
                rank: l.int(row.rank),
                team: row.team,
                no: l.int(row.team),
                name: row.name.clone(),
                cells,
                grid,
                match_points: pts(&l, mp),
                game_points: pts(&l, gp),
            }
        })
        .collect();
    let page = CrossPage {
        head: head_in(id, t, &l),
        heading: l.ta("tpub-crosstable-after", &[("n", l.int(after))]),
        round_robin: s.round_robin,
        rounds: (1..=after).map(|r| l.int(r)).collect(),
        columns: s.rows.iter().map(|r| l.int(r.rank)).collect(),
        rows,
        l,
    };
    html(&page, &v, state.config.public_max_age)
}

struct BoardStandingLine {
    rank: String,
    pairing_number: u16,
    name: String,
    team: u16,
    team_name: String,
    rating: String,
    games: String,
    points: String,
    percentage: String,
    average: String,
    performance: String,
}

struct BoardTable {
    heading: String,
    rows: Vec<BoardStandingLine>,
}

#[derive(Template)]
#[template(path = "board_standings.html")]
struct BoardsPage {
    l: L10n,
    head: Head,
    heading: String,
    boards: Vec<BoardTable>,
}

/// `GET /tournaments/{id}/board-standings?after=N`: for every board, the players who sat on it:
/// rounds with a result there, points, percentage, average rating of the opponents (C.07 Art.
/// 10.1) and performance rating (Art. 10.2), ranked by performance (the Olympiad's board prizes).
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament, an individual tournament,
/// [`WebError::Database`].
pub async fn boards(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let (stored, v) = match load_team(&state, &req, id).await? {
        TeamLoaded::Fresh(r) => return Ok(r),
        TeamLoaded::Changed(s, v) => (s, v),
    };
    let l = L10n::negotiate(&req);
    let t = &stored.tournament;
    let e = event_of(t)?;
    let after = after_round(t, e, query.after);
    let boards = board_standings(t, e, Some(after), 1, BoardOrder::Performance)
        .into_iter()
        .map(|b| BoardTable {
            heading: l.ta("tpub-board-n", &[("n", l.int(b.board))]),
            rows: b
                .rows
                .iter()
                .map(|r| BoardStandingLine {
                    rank: r.rank.map(|r| l.int(r)).unwrap_or_default(),
                    pairing_number: r.player,
                    name: player_name(t, r.player),
                    team: r.team,
                    team_name: team_name(e, r.team),
                    rating: rating_of(t, r.player, &l),
                    games: l.int(r.rounds),
                    points: pts(&l, r.points),
                    percentage: l.digits(&format!(
                        "{}.{:02}",
                        r.percentage / 100,
                        r.percentage % 100
                    )),
                    average: r
                        .average_opponent_rating
                        .map(|a| l.int(a))
                        .unwrap_or_default(),
                    performance: r.performance.map(|p| l.int(p)).unwrap_or_default(),
                })
                .collect(),
        })
        .collect();
    let page = BoardsPage {
        head: head_in(id, t, &l),
        heading: l.ta("tpub-boards-after", &[("n", l.int(after))]),
        boards,
        l,
    };
    html(&page, &v, state.config.public_max_age)
}
