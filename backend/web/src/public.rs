//! Public pages (no login): the list of tournaments, a tournament with its rounds and players,
//! a round's pairings and results, standings, crosstable, player cards. Server-rendered HTML, no
//! JavaScript, cacheable (validators from the tournament's last change).

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::ResultCode;
use arbiter_tournament::tiebreak::{Note, crosstable, explain};
use askama::Template;
use uuid::Uuid;

use crate::cache::Validators;
use crate::error::WebError;
use crate::forms::AfterQuery;
use crate::respond::html;
use crate::views::{
    Head, bye_text, colour_letter, format_value, head, opt, result_text, standings_for, state_text,
    titled_name,
};
use crate::{AppState, Loaded, load_if_changed, with_db};

/// One line of the list of tournaments.
struct TournamentLine {
    id: String,
    name: String,
    place: String,
    dates: String,
    players: i64,
    rounds: String,
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage {
    tournaments: Vec<TournamentLine>,
}

/// `GET /`: every tournament, most recent first.
///
/// # Errors
/// [`WebError::Database`].
pub async fn index(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, WebError> {
    let list = with_db(&state, |c| Ok(arbiter_db::list_tournaments(c)?)).await?;
    let newest = list.iter().map(|t| t.updated_at).max().unwrap_or_default();
    let v = Validators::new(&format!("index:{}", list.len()), newest);
    if v.is_fresh(&req) {
        return Ok(v.not_modified(state.config.public_max_age));
    }
    let tournaments = list
        .into_iter()
        .map(|t| TournamentLine {
            id: t.id.to_string(),
            name: t.name.unwrap_or_else(|| "(unnamed)".into()),
            place: t.city.unwrap_or_default(),
            dates: match (t.start_date, t.end_date) {
                (Some(s), Some(e)) if s != e => format!("{s} – {e}"),
                (Some(s), _) => s,
                (None, Some(e)) => e,
                (None, None) => String::new(),
            },
            players: t.players,
            rounds: match t.rounds_planned {
                Some(p) => format!("{} / {p}", t.rounds),
                None => t.rounds.to_string(),
            },
        })
        .collect();
    html(&IndexPage { tournaments }, &v, state.config.public_max_age)
}

struct RoundLine {
    number: u16,
    state: &'static str,
    scheduled: String,
    games: usize,
    byes: usize,
}

struct PlayerLine {
    pairing_number: u16,
    name: String,
    rating: String,
    federation: String,
    status: String,
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    head: Head,
    facts: Vec<(&'static str, String)>,
    rounds: Vec<RoundLine>,
    players: Vec<PlayerLine>,
}

/// `GET /tournaments/{id}`: facts, rounds, players.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let (stored, v) = match load_if_changed(&state, &req, id).await? {
        Loaded::Fresh(r) => return Ok(r),
        Loaded::Changed(s, v) => (s, v),
    };
    let t = &stored.tournament;
    let tbs = standings_for(t, None).tiebreaks;
    let mut facts = vec![];
    let mut fact = |k: &'static str, v: Option<String>| {
        if let Some(v) = v.filter(|v| !v.trim().is_empty()) {
            facts.push((k, v));
        }
    };
    fact("Federation", t.federation.clone());
    fact("Type", t.tournament_type.clone());
    fact("Chief arbiter", t.chief_arbiter.clone());
    fact("Deputy arbiters", Some(t.deputy_arbiters.join("; ")));
    fact("Time control", t.time_control.clone());
    fact("Rounds planned", t.rounds_planned.map(|r| r.to_string()));
    fact("Pairing system", t.pairing_system.clone());
    fact(
        "Tie-breaks",
        Some(
            tbs.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
    );
    fact(
        "Default time",
        stored
            .default_time_minutes
            .map(|m| format!("{m} minutes (Art. 6.7)")),
    );
    let zone = crate::zone::Zone::of_tournament(&stored);
    fact("Time zone", Some(zone.name().to_owned()));
    let rounds = t
        .rounds
        .iter()
        .map(|r| RoundLine {
            number: r.number,
            state: state_text(r.state),
            scheduled: r.scheduled.map(|s| zone.start_text(s)).unwrap_or_default(),
            games: r.games.len(),
            byes: r.byes.len(),
        })
        .collect();
    let players = t
        .players
        .iter()
        .map(|p| PlayerLine {
            pairing_number: p.pairing_number,
            name: titled_name(p),
            rating: opt(p.rating.filter(|&r| r > 0)),
            federation: p.federation.clone().unwrap_or_default(),
            status: match p.status {
                arbiter_tournament::PlayerStatus::Active => String::new(),
                arbiter_tournament::PlayerStatus::Withdrawn => "withdrawn".into(),
                arbiter_tournament::PlayerStatus::LateEntry => "late entry".into(),
            },
        })
        .collect();
    let page = TournamentPage {
        head: head(id, t),
        facts,
        rounds,
        players,
    };
    html(&page, &v, state.config.public_max_age)
}

struct BoardLine {
    board: String,
    white_pn: u16,
    white: String,
    white_points: String,
    result: String,
    black_pn: u16,
    black: String,
    black_points: String,
    note: String,
}

struct ByeLine {
    pairing_number: u16,
    name: String,
    what: &'static str,
}

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage {
    head: Head,
    number: u16,
    state: &'static str,
    scheduled: String,
    boards: Vec<BoardLine>,
    byes: Vec<ByeLine>,
    previous: Option<u16>,
    next: Option<u16>,
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
    let (stored, v) = match load_if_changed(&state, &req, id).await? {
        Loaded::Fresh(r) => return Ok(r),
        Loaded::Changed(s, v) => (s, v),
    };
    let t = &stored.tournament;
    let r = t
        .round(n)
        .ok_or_else(|| WebError::NotFound(format!("round {n}")))?;
    let before = t.scores_after_round(n.saturating_sub(1));
    let name = |pn: u16| t.player(pn).map_or_else(|| format!("#{pn}"), titled_name);
    let pts = |pn: u16| before.get(&pn).map(ToString::to_string).unwrap_or_default();
    let boards = r
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| BoardLine {
            board: g.board.map_or(i + 1, usize::from).to_string(),
            white_pn: g.white,
            white: name(g.white),
            white_points: pts(g.white),
            result: result_text(&g.result),
            black_pn: g.black,
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
            name: name(b.player),
            what: bye_text(b.code),
        })
        .collect();
    let zone = crate::zone::Zone::of_tournament(&stored);
    let page = RoundPage {
        head: head(id, t),
        number: n,
        state: state_text(r.state),
        scheduled: r.scheduled.map(|s| zone.start_text(s)).unwrap_or_default(),
        boards,
        byes,
        previous: t.round(n.wrapping_sub(1)).map(|r| r.number),
        next: t.round(n.saturating_add(1)).map(|r| r.number),
    };
    html(&page, &v, state.config.public_max_age)
}

struct StandingLine {
    rank: u32,
    pairing_number: u16,
    name: String,
    rating: String,
    federation: String,
    values: Vec<String>,
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    head: Head,
    after_round: u16,
    rounds: Vec<u16>,
    edition_note: String,
    names: Vec<String>,
    rows: Vec<StandingLine>,
    /// Adjourned games counted provisionally (Appendix A; TRF-2026 `X`).
    provisional: Vec<String>,
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
    let (stored, v) = match load_if_changed(&state, &req, id).await? {
        Loaded::Fresh(r) => return Ok(r),
        Loaded::Changed(s, v) => (s, v),
    };
    let t = &stored.tournament;
    let data = standings_for(t, query.after);
    let s = &data.standings;
    let rows = s
        .rows
        .iter()
        .map(|row| {
            let p = t.player(row.pairing_number);
            StandingLine {
                rank: row.rank,
                pairing_number: row.pairing_number,
                name: p.map_or_else(|| row.name.clone(), titled_name),
                rating: opt(p.and_then(|p| p.rating).filter(|&r| r > 0)),
                federation: p.and_then(|p| p.federation.clone()).unwrap_or_default(),
                values: row
                    .values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| format_value(data.tiebreaks.get(i), *v))
                    .collect(),
            }
        })
        .collect();
    let mut editions: Vec<String> = s.editions.iter().map(ToString::to_string).collect();
    editions.dedup();
    let page = StandingsPage {
        head: head(id, t),
        after_round: s.after_round,
        rounds: (1..=t.last_round()).collect(),
        edition_note: format!(
            "FIDE tie-breaks (Handbook C.07, edition {}){}",
            editions.join(", "),
            if s.round_robin { ", round robin" } else { "" }
        ),
        names: data.tiebreaks.iter().map(ToString::to_string).collect(),
        rows,
        provisional: t
            .adjourned_before(s.after_round.saturating_add(1))
            .iter()
            .map(|(r, b)| format!("round {r} board {b}"))
            .collect(),
    };
    html(&page, &v, state.config.public_max_age)
}

struct CrossLine {
    rank: u32,
    pairing_number: u16,
    name: String,
    cells: Vec<String>,
    points: String,
}

#[derive(Template)]
#[template(path = "crosstable.html")]
struct CrosstablePage {
    head: Head,
    after_round: u16,
    rounds: Vec<usize>,
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
    let (stored, v) = match load_if_changed(&state, &req, id).await? {
        Loaded::Fresh(r) => return Ok(r),
        Loaded::Changed(s, v) => (s, v),
    };
    let t = &stored.tournament;
    let data = standings_for(t, query.after);
    let ct = crosstable(t, &data.standings);
    let scores = t.scores_after_round(data.standings.after_round);
    let rows = ct
        .rows
        .iter()
        .map(|row| CrossLine {
            rank: row.rank,
            pairing_number: row.pairing_number,
            name: row.name.clone(),
            cells: row
                .cells
                .iter()
                .map(|c| match c.opponent_rank {
                    Some(r) => format!("{r}{}{}", colour_letter(c.colour), c.code.trf_char()),
                    None => c.code.trf_char().to_string(),
                })
                .collect(),
            points: opt(scores.get(&row.pairing_number)),
        })
        .collect();
    let page = CrosstablePage {
        head: head(id, t),
        after_round: data.standings.after_round,
        rounds: (1..=usize::from(data.standings.after_round)).collect(),
        rows,
    };
    html(&page, &v, state.config.public_max_age)
}

struct CardRound {
    round: u16,
    colour: String,
    opponent: Option<u16>,
    opponent_name: String,
    result: String,
}

struct CardTieBreak {
    name: String,
    value: String,
    contributions: Vec<CardContribution>,
}

struct CardContribution {
    round: usize,
    opponent: String,
    code: char,
    basis: String,
    value: String,
    note: String,
    cut: bool,
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    head: Head,
    pairing_number: u16,
    name: String,
    facts: Vec<(&'static str, String)>,
    rank: u32,
    points: String,
    rounds: Vec<CardRound>,
    tiebreaks: Vec<CardTieBreak>,
    above: String,
    below: String,
}

/// `GET /tournaments/{id}/players/{pn}`: the player card: facts, every round, and each tie-break
/// explained round by round (C.07), with what separates the player from his neighbours.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or pairing number, [`WebError::Database`].
pub async fn player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    let (stored, v) = match load_if_changed(&state, &req, id).await? {
        Loaded::Fresh(r) => return Ok(r),
        Loaded::Changed(s, v) => (s, v),
    };
    let t = &stored.tournament;
    let p = t
        .player(pn)
        .ok_or_else(|| WebError::NotFound(format!("player {pn}")))?;
    let data = standings_for(t, None);
    let (_, e) = explain(t, &data.tiebreaks, &data.options, pn)
        .ok_or_else(|| WebError::NotFound(format!("player {pn}")))?;
    let name_of = |o: u16| t.player(o).map_or_else(|| format!("#{o}"), titled_name);
    let mut facts = vec![];
    if let Some(r) = p.rating.filter(|&r| r > 0) {
        facts.push(("Rating", r.to_string()));
    }
    if let Some(f) = &p.federation {
        facts.push(("Federation", f.clone()));
    }
    if let Some(f) = p.fide_id.filter(|&f| f > 0) {
        facts.push(("FIDE id", f.to_string()));
    }
    let rounds = t
        .player_rounds(pn)
        .iter()
        .map(|r| CardRound {
            round: r.round,
            colour: colour_letter(r.colour),
            opponent: r.opponent,
            opponent_name: r.opponent.map(name_of).unwrap_or_default(),
            result: match (r.opponent, r.code) {
                (Some(_), ResultCode::Blank) => "pending".to_owned(),
                (Some(_), code) => code.trf_char().to_string(),
                (None, ResultCode::Blank) => bye_text(ResultCode::Blank).to_owned(),
                (None, code) => format!("{} ({})", code.trf_char(), bye_text(code)),
            },
        })
        .collect();
    let tiebreaks = e
        .tiebreaks
        .iter()
        .map(|x| {
            let tb = Some(&x.tiebreak);
            CardTieBreak {
                name: format!("{} ({})", x.tiebreak, x.edition),
                value: format_value(tb, x.value),
                contributions: x
                    .contributions
                    .iter()
                    .map(|c| CardContribution {
                        round: c.round,
                        opponent: c.opponent.map(name_of).unwrap_or_default(),
                        code: c.code.trf_char(),
                        basis: c
                            .basis
                            .map(|b| format_value(tb, Some(b)))
                            .unwrap_or_default(),
                        value: format_value(tb, Some(c.value)),
                        note: if c.note == Note::Played {
                            String::new()
                        } else {
                            c.note.to_string()
                        },
                        cut: c.cut.is_some(),
                    })
                    .collect(),
            }
        })
        .collect();
    let neighbour = |n: &Option<(u16, Option<arbiter_tournament::tiebreak::TieBreak>)>,
                     word: &str| {
        n.as_ref().map_or_else(String::new, |(o, tb)| match tb {
            Some(tb) => format!("{} is {word} by {tb}", name_of(*o)),
            None => format!("{} shares the rank", name_of(*o)),
        })
    };
    let points = t
        .scores_after_round(data.standings.after_round)
        .get(&pn)
        .map(ToString::to_string)
        .unwrap_or_default();
    let page = PlayerPage {
        head: head(id, t),
        pairing_number: pn,
        name: titled_name(p),
        facts,
        rank: e.rank,
        points,
        rounds,
        tiebreaks,
        above: neighbour(&e.above, "above"),
        below: neighbour(&e.below, "below"),
    };
    html(&page, &v, state.config.public_max_age)
}
