//! The team crosstable and the board standings (C.07 Art. 10.2).

use super::{
    AfterQuery, AppState, BoardOrder, Head, HttpRequest, HttpResponse, L10n, TeamRoundKind,
    Template, Uuid, WebError, after_round, board_standings, event_of, head_in, html, kind_text,
    player_name, pts, public_page, rating_of, standings_of, team_name, web,
};

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
    public_page(&state, &req, id, async |stored, v| {
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
                                crate::marks::colour_mark(r.colour, &l),
                                if r.kind == TeamRoundKind::Pending {
                                    String::new()
                                } else {
                                    format!("{}:{}", r.game_points, r.opponent_game_points)
                                }
                            )),
                            what: kind_text(r.kind, &l),
                        },
                        _ => CrossCell {
                            text: match r.kind {
                                TeamRoundKind::Pab => l.ta(
                                    "tpub-cell-pab",
                                    &[("points", l.digits(&r.game_points.to_string()))],
                                ),
                                // A bye before pairing: its game points, the kind worded in `what`.
                                TeamRoundKind::HalfBye | TeamRoundKind::FullBye => {
                                    l.digits(&r.game_points.to_string())
                                }
                                _ => String::new(),
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
    })
    .await
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
    public_page(&state, &req, id, async |stored, v| {
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
    })
    .await
}
