//! The team standings with each tie-break explained (FIDE Handbook C.07).

use super::{
    AfterQuery, AppState, Head, HttpRequest, HttpResponse, Kind, L10n, TeamEvent, TeamStandings,
    TeamStandingsOptions, Template, TieBreak, Tournament, Uuid, Value, WebError,
    default_team_tiebreaks, event_of, explain_team, format_value, head_in, html, pts, public_page,
    team_name, team_standings, web,
};

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

/// Whether the event is a round robin: the system its rounds were paired by, else its `092`/`192`,
/// else the rounds planned ([`arbiter_tournament::team::is_round_robin`]).
pub(crate) fn is_round_robin(t: &Tournament, e: &TeamEvent) -> bool {
    arbiter_tournament::team::is_round_robin(t, e, 0)
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
/// event's tie-breaks (TRF-2026 `212`/`202`, else `PTS, MPvGP, EMGSB/C1, BH/C1`; C.07), and
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
    public_page(&state, &req, id, async |stored, v| {
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
                                name: crate::views::tiebreak_in(&tb.tiebreak, &l),
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
                                        code: crate::marks::result_word(c.code, &l),
                                        basis: c
                                            .basis
                                            .map(|b| l.digits(&b.format(1)))
                                            .unwrap_or_default(),
                                        value: l.digits(&c.value.format(2)),
                                        note: crate::views::note_in(c.note, &l),
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
    })
    .await
}
