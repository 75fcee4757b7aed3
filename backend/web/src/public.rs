//! Public pages (no login): the list of tournaments, a tournament with its rounds and players,
//! a round's pairings and results, standings, crosstable, player cards. Server-rendered HTML, no
//! JavaScript, cacheable (validators from the tournament's last change).

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::tiebreak::crosstable;
use askama::Template;
use uuid::Uuid;

use crate::cache::Validators;
use crate::error::WebError;
use crate::forms::AfterQuery;
use crate::l10n::L10n;
use crate::respond::html;
use crate::state::AppState;
use crate::views::{
    Head, bye_in, dates_text, format_value, head_in, opt, result_text, standings_for, state_in,
    titled_name,
};
use crate::visibility::public_page;

/// One line of the list of tournaments.
struct TournamentLine {
    id: String,
    name: String,
    place: String,
    dates: String,
    players: String,
    rounds: String,
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage {
    l: L10n,
    tournaments: Vec<TournamentLine>,
    /// The text shown without tournaments, as HTML (the commands in `<code>`).
    empty: String,
}

/// `GET /`: the tournaments listed publicly ([`crate::visibility::listed_tournaments`]), most recent first.
///
/// # Errors
/// [`WebError::Database`].
pub async fn index(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, WebError> {
    let list = crate::visibility::listed_tournaments(&state).await?;
    let l = L10n::negotiate(&req);
    let newest = list.iter().map(|t| t.updated_at).max().unwrap_or_default();
    let v = Validators::new(&format!("index:{}:{}", list.len(), l.variant()), newest);
    if v.is_fresh(&req) {
        return Ok(v.not_modified(state.config.public_max_age));
    }
    let tournaments = list
        .into_iter()
        .map(|t| TournamentLine {
            id: t.id.to_string(),
            name: t.name.unwrap_or_else(|| l.t("unnamed")),
            place: t.city.unwrap_or_default(),
            dates: dates_text(t.start_date, t.end_date, &l),
            players: l.int(t.players),
            rounds: match t.rounds_planned {
                Some(p) => format!("{} / {}", l.int(t.rounds), l.int(p)),
                None => l.int(t.rounds),
            },
        })
        .collect();
    let empty = l.html(
        "index-empty",
        "code",
        &["demo", "import"],
        &[
            ("demo", "arbiter serve --demo"),
            ("import", "arbiter import FILE.trf"),
        ],
    );
    html(
        &IndexPage {
            l,
            tournaments,
            empty,
        },
        &v,
        state.config.public_max_age,
    )
}

struct RoundLine {
    number: u16,
    label: String,
    state: String,
    scheduled: String,
    games: String,
    byes: String,
}

struct PlayerLine {
    pairing_number: u16,
    number: String,
    name: String,
    rating: String,
    federation: String,
    status: String,
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    l: L10n,
    head: Head,
    /// Label, value and the value's direction (`ltr` for a value written with Latin syntax,
    /// such as a time control `40/120, 60`; empty: its own, from its first letter).
    facts: Vec<(String, String, &'static str)>,
    rounds: Vec<RoundLine>,
    players_heading: String,
    players: Vec<PlayerLine>,
    /// The search and order of the player list (`?q=`, `?sort=name`), see [`crate::names`].
    list: crate::names::ListView,
}

/// `GET /tournaments/{id}`: facts, rounds, players (found by name with `?q=`, in alphabetical
/// order with `?sort=name`: [`crate::names::NameQuery`]).
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<crate::names::NameQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let t = &stored.tournament;
        let l = L10n::negotiate(&req);
        let tbs = if t.team.is_some() {
            arbiter_tournament::team::default_team_tiebreaks(t)
        } else {
            standings_for(t, None).tiebreaks
        };
        let mut facts = vec![];
        // A time control typed with Latin syntax (`90 min + 30 s`, `40/120, 60`) is one
        // left-to-right unit on every page; one typed in the reader's words takes its own direction.
        let control_dir = t
            .time_control
            .as_deref()
            .map_or("", crate::views::latin_syntax_dir);
        let mut fact = |k: &str, v: Option<String>| {
            let dir = if k == "fact-time-control" {
                control_dir
            } else {
                ""
            };
            if let Some(v) = v.filter(|v| !v.trim().is_empty()) {
                facts.push((l.t(k), v, dir));
            }
        };
        fact("fact-federation", t.federation.clone());
        fact("fact-type", crate::views::type_in(t, &l));
        fact("fact-chief-arbiter", t.chief_arbiter.clone());
        fact("fact-deputy-arbiters", Some(t.deputy_arbiters.join("; ")));
        fact(
            "fact-time-control",
            t.time_control.as_deref().map(|c| l.digits(c)),
        );
        fact("fact-rounds-planned", t.rounds_planned.map(|r| l.int(r)));
        // A team event is paired by its rounds' own systems (C.04.6 or Berger tables), not by the
        // individual `192` code.
        let system = t
            .pairing_system
            .as_deref()
            .and_then(arbiter_tournament::PairingSystem::from_code)
            .filter(|_| t.team.is_none());
        fact(
            "fact-pairing-system",
            system.map(|s| crate::views::system_in(s, &l)),
        );
        fact(
            "fact-tiebreaks",
            Some(
                tbs.iter()
                    .map(|tb| crate::views::tiebreak_in(tb, &l))
                    .collect::<Vec<_>>()
                    .join(l.t("list-separator").as_str()),
            ),
        );
        fact(
            "fact-default-time",
            stored.default_time_minutes.map(|m| {
                l.ta(
                    "default-time-minutes",
                    &[("n", l.int(m)), ("article", l.digits("6.7"))],
                )
            }),
        );
        let zone = crate::zone::Zone::of_tournament(&stored);
        fact(
            "fact-time-zone",
            Some(if zone.name() == "UTC" {
                l.t("zone-utc")
            } else {
                zone.name().to_owned()
            }),
        );
        let rounds = t
            .rounds
            .iter()
            .map(|r| RoundLine {
                number: r.number,
                label: l.ta("round-n", &[("n", l.int(r.number))]),
                state: state_in(r.state, &l),
                scheduled: r
                    .scheduled
                    .map(|s| l.digits(&zone.start_text(s)))
                    .unwrap_or_default(),
                games: l.int(r.games.len()),
                byes: l.int(r.byes.len()),
            })
            .collect();
        let mut listed: Vec<_> = t.players.iter().filter(|p| query.finds(p)).collect();
        if query.by_name() {
            crate::names::sort_by_name(&l, &mut listed, |p| p.name.as_str());
        }
        let list = crate::names::ListView::new(&l, &query, listed.len(), t.players.len());
        let players = listed
            .into_iter()
            .map(|p| PlayerLine {
                pairing_number: p.pairing_number,
                number: l.int(p.pairing_number),
                name: titled_name(p),
                rating: p
                    .rating
                    .filter(|&r| r > 0)
                    .map(|r| l.int(r))
                    .unwrap_or_default(),
                federation: p.federation.clone().unwrap_or_default(),
                status: match p.status {
                    arbiter_tournament::PlayerStatus::Active => String::new(),
                    arbiter_tournament::PlayerStatus::Withdrawn => l.t("status-withdrawn"),
                    arbiter_tournament::PlayerStatus::LateEntry => l.t("status-late-entry"),
                },
            })
            .collect();
        let page = TournamentPage {
            head: head_in(id, t, &l),
            facts,
            rounds,
            players_heading: l.ta("players-heading", &[("n", l.int(t.players.len()))]),
            players,
            list,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

struct BoardLine {
    board: String,
    white_pn: u16,
    white_no: String,
    white: String,
    white_points: String,
    result: String,
    black_pn: u16,
    black_no: String,
    black: String,
    black_points: String,
    note: String,
}

struct ByeLine {
    pairing_number: u16,
    number: String,
    name: String,
    what: String,
}

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage {
    l: L10n,
    head: Head,
    number: u16,
    title: String,
    state: String,
    scheduled: String,
    boards: Vec<BoardLine>,
    byes: Vec<ByeLine>,
    previous: Option<(u16, String)>,
    next: Option<(u16, String)>,
}

/// `GET /tournaments/{id}/rounds/{n}`: the pairings with each player's score before the round,
/// results as they come in, byes; printable, one page.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or round, [`WebError::Database`].
pub async fn round(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let r = t.round(n).ok_or_else(|| WebError::no_round(n))?;
        let before = t.scores_after_round(n.saturating_sub(1));
        let name = |pn: u16| t.player(pn).map_or_else(|| format!("#{pn}"), titled_name);
        let pts = |pn: u16| {
            before
                .get(&pn)
                .map(|p| l.digits(&p.to_string()))
                .unwrap_or_default()
        };
        let boards = r
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| BoardLine {
                board: l.int(g.board.map_or(i + 1, usize::from)),
                white_pn: g.white,
                white_no: l.int(g.white),
                white: name(g.white),
                white_points: pts(g.white),
                result: l.digits(&result_text(&g.result)),
                black_pn: g.black,
                black_no: l.int(g.black),
                black: name(g.black),
                black_points: pts(g.black),
                note: g
                    .result
                    .penalty
                    .as_ref()
                    .map(|p| p.reason.clone())
                    .unwrap_or_default(),
            })
            .collect();
        let byes = r
            .byes
            .iter()
            .map(|b| ByeLine {
                pairing_number: b.player,
                number: l.int(b.player),
                name: name(b.player),
                what: bye_in(b.code, &l),
            })
            .collect();
        let zone = crate::zone::Zone::of_tournament(&stored);
        let label = |key: &str, r: u16| (r, l.ta(key, &[("n", l.int(r))]));
        let page = RoundPage {
            head: head_in(id, t, &l),
            number: n,
            title: l.ta("round-n", &[("n", l.int(n))]),
            state: state_in(r.state, &l),
            scheduled: r
                .scheduled
                .map(|s| l.digits(&zone.start_text(s)))
                .unwrap_or_default(),
            boards,
            byes,
            previous: t
                .round(n.wrapping_sub(1))
                .map(|r| label("round-previous", r.number)),
            next: t
                .round(n.saturating_add(1))
                .map(|r| label("round-next", r.number)),
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

struct StandingLine {
    rank: String,
    pairing_number: u16,
    number: String,
    name: String,
    rating: String,
    federation: String,
    values: Vec<String>,
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    l: L10n,
    head: Head,
    heading: String,
    after_round: u16,
    rounds: Vec<(u16, String)>,
    edition_note: String,
    names: Vec<String>,
    rows: Vec<StandingLine>,
    /// Adjourned games counted provisionally (Appendix A; TRF-2026 `X`), as a sentence.
    provisional: String,
}

/// `GET /tournaments/{id}/standings?after=N`: standings with the tournament's tie-breaks.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
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
        let data = standings_for(t, query.after);
        let s = &data.standings;
        let rows = s
            .rows
            .iter()
            .map(|row| {
                let p = t.player(row.pairing_number);
                StandingLine {
                    rank: l.int(row.rank),
                    pairing_number: row.pairing_number,
                    number: l.int(row.pairing_number),
                    name: p.map_or_else(|| row.name.clone(), titled_name),
                    rating: p
                        .and_then(|p| p.rating)
                        .filter(|&r| r > 0)
                        .map(|r| l.int(r))
                        .unwrap_or_default(),
                    federation: p.and_then(|p| p.federation.clone()).unwrap_or_default(),
                    values: row
                        .values
                        .iter()
                        .enumerate()
                        .map(|(i, v)| l.digits(&format_value(data.tiebreaks.get(i), *v)))
                        .collect(),
                }
            })
            .collect();
        let mut editions: Vec<String> = s.editions.iter().map(ToString::to_string).collect();
        editions.dedup();
        let edition_key = if s.round_robin {
            "standings-edition-round-robin"
        } else {
            "standings-edition"
        };
        let provisional: Vec<String> = t
            .adjourned_before(s.after_round.saturating_add(1))
            .iter()
            .map(|(r, b)| {
                l.ta(
                    "standings-provisional-game",
                    &[("round", l.int(*r)), ("board", l.int(*b))],
                )
            })
            .collect();
        let page = StandingsPage {
            head: head_in(id, t, &l),
            heading: l.ta("standings-after", &[("n", l.int(s.after_round))]),
            after_round: s.after_round,
            rounds: (1..=t.last_round()).map(|r| (r, l.int(r))).collect(),
            edition_note: l.ta(edition_key, &[("edition", l.digits(&editions.join(", ")))]),
            names: data.tiebreaks.iter().map(ToString::to_string).collect(),
            rows,
            provisional: if provisional.is_empty() {
                String::new()
            } else {
                l.ta(
                    "standings-provisional",
                    &[("games", provisional.join(&l.t("list-separator")))],
                )
            },
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

struct CrossLine {
    rank: String,
    pairing_number: u16,
    number: String,
    name: String,
    cells: Vec<String>,
    points: String,
}

#[derive(Template)]
#[template(path = "crosstable.html")]
struct CrosstablePage {
    l: L10n,
    head: Head,
    heading: String,
    rounds: Vec<String>,
    rows: Vec<CrossLine>,
}

/// `GET /tournaments/{id}/crosstable?after=N`: one row per player by rank, each round's opponent
/// (by rank), colour and result.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn crosstable_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AfterQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let data = standings_for(t, query.after);
        let ct = crosstable(t, &data.standings);
        let scores = t.scores_after_round(data.standings.after_round);
        let rows = ct
            .rows
            .iter()
            .map(|row| CrossLine {
                rank: l.int(row.rank),
                pairing_number: row.pairing_number,
                number: l.int(row.pairing_number),
                name: row.name.clone(),
                cells: row
                    .cells
                    .iter()
                    .map(|c| crate::marks::cell(c.opponent_rank, c.colour, c.code, &l))
                    .collect(),
                points: l.digits(&opt(scores.get(&row.pairing_number))),
            })
            .collect();
        let after = data.standings.after_round;
        let page = CrosstablePage {
            head: head_in(id, t, &l),
            heading: l.ta("crosstable-after", &[("n", l.int(after))]),
            rounds: (1..=after).map(|r| l.int(r)).collect(),
            rows,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}
