//! One team's page: its players' boards round by round and its matches.

use super::{
    AppState, Colour, Head, HttpRequest, HttpResponse, L10n, Points, ResultCode, TeamRoundKind,
    Template, Uuid, WebError, affiliation, code_symbol, colour_name, event_of, head_in, html,
    kind_text, no_team, pts, public_page, roster_lines, score_text, team_name, web,
};

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
    public_page(&state, &req, id, async |stored, v| {
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
                            crate::marks::colour_mark(Some(colour), &l),
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
    })
    .await
}
