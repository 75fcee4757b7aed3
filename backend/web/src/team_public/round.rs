//! A round's matches with their boards, and the printable match card.

use super::{
    AppState, Colour, Head, HttpRequest, HttpResponse, L10n, Points, ResultCode, TeamEvent,
    TeamMatch, Template, Tournament, Uuid, WebError, board_result, code_symbol, colour_name,
    event_of, head_in, html, no_match, oriented, player_name, pts, public_page, rating_of,
    score_text, state_in, team_name, web,
};
use crate::marks::forfeit_text;

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
    /// Teams with a half-point or full-point bye given before pairing (TRF-2026 `240`): number,
    /// name, the bye in words.
    byes_before_pairing: Vec<(u16, String, String)>,
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
    public_page(&state, &req, id, async |stored, v| {
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
            byes_before_pairing: tr
                .byes_before_pairing
                .iter()
                .map(|(&team, &code)| {
                    let kind = if code == ResultCode::FullBye {
                        "tpub-kind-full-bye"
                    } else {
                        "tpub-kind-half-bye"
                    };
                    (team, team_name(e, team), l.t(kind))
                })
                .collect(),
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
    })
    .await
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
    public_page(&state, &req, id, async |stored, v| {
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
    })
    .await
}
