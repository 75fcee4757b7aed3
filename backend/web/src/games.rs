// Over 800 lines: the public games pages and their printouts (pairing lists, results sheets,
// scoresheets) render the same game rows.
//! Games and printouts (public, no login, cacheable like every published page):
//!
//! - the games of a tournament (`/tournaments/{id}/games`) and of a round
//!   (`/tournaments/{id}/rounds/{n}/games`), each with its replay verdict;
//! - a game (`/tournaments/{id}/games/{game}?ply=N`): the moves in algebraic notation (Appendix E)
//!   in the reader's piece letters (E.2: the language's own, English letters or figurines, the
//!   `pieces` cookie), the board after any ply as server-drawn SVG ([`crate::board`]), the rules
//!   core's replay report in the reader's language (`words`);
//! - PGN export (PGN standard section 8) of a tournament (`/tournaments/{id}/export.pgn`: every
//!   stored score, and for a game without one its tags and result) and of one game;
//! - the game as JSON (`/api/v1/games/{id}`);
//! - a printable pairing list (`/tournaments/{id}/rounds/{n}/print`) and a result sheet to sign
//!   (`/tournaments/{id}/rounds/{n}/sheets`), one page per round (print rules in `static/`).

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_db::games::{GameScoreRow, ScoreStatus};
use arbiter_db::models::GameRow;
use arbiter_rules::pgn::{PgnWriter, Termination};
use arbiter_tournament::pgn_event::{ScoreReport, score_moves};
use arbiter_tournament::{Game, GameResult, Player, ResultCode, Tournament};
use askama::Template;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::board::board_svg;
use crate::cache::Validators;
use crate::error::WebError;
use crate::l10n::{L10n, Pieces};
use crate::respond::html;
use crate::state::{AppState, with_db};
use crate::views::{Head, bye_in, head_in, opt, result_text, titled_name};
use crate::visibility::public_view;
use crate::visibility::{of_public_games, public_game, public_games, public_page};
use crate::zone::Zone;

mod words;

use crate::board::escape_xml as escape;
use words::{Notation, ReportView, ltr_safe, report_view, status_in};

struct GameLine {
    id: String,
    board: String,
    white: String,
    white_rating: String,
    result: String,
    black: String,
    black_rating: String,
    status: String,
    flagged: bool,
    has_score: bool,
}

struct RoundGames {
    number: u16,
    label: String,
    games: Vec<GameLine>,
}

#[derive(Template)]
#[template(path = "games.html")]
struct GamesPage {
    l: L10n,
    head: Head,
    round: Option<u16>,
    /// The page's title and heading.
    title: String,
    heading: String,
    note: String,
    /// How many scores are stored and flagged, in words.
    stored: String,
    rounds: Vec<RoundGames>,
}

/// The note of an event imported from PGN (its tournament type, written in English by
/// `arbiter_tournament::pgn_event`) in the reader's language: how many games the source
/// published and which rounds it lacks; a note not in that form, as it is.
fn import_note(note: &str, l: &L10n) -> String {
    if l.lang() == "en" {
        return note.to_owned();
    }
    let games = note
        .strip_prefix("Imported from PGN: the ")
        .and_then(|r| r.split_once(' '))
        .and_then(|(n, _)| n.parse::<usize>().ok());
    let Some(games) = games else {
        return l.data(note);
    };
    let missing: Vec<String> = note
        .split_once("(the source has no games of round")
        .and_then(|(_, r)| r.split_once(')'))
        .map(|(r, _)| {
            r.trim_start_matches('s')
                .split(',')
                .filter_map(|n| n.trim().parse::<u16>().ok())
                .map(|n| l.int(n))
                .collect()
        })
        .unwrap_or_default();
    let published = l.tn("games-import-note", games);
    if missing.is_empty() {
        published
    } else {
        l.ta(
            "games-import-note-missing",
            &[
                ("published", published),
                ("rounds", missing.join(&l.t("list-separator"))),
            ],
        )
    }
}

fn name_of(t: &Tournament, pn: u16) -> String {
    t.player(pn).map_or_else(|| format!("#{pn}"), titled_name)
}

fn rating_of(t: &Tournament, pn: u16) -> String {
    opt(t.player(pn).and_then(|p| p.rating).filter(|&r| r > 0))
}

async fn games_page(
    state: &AppState,
    req: &HttpRequest,
    id: Uuid,
    only: Option<u16>,
) -> Result<HttpResponse, WebError> {
    public_page(state, req, id, async |stored, v| {
        let t = &stored.tournament;
        let l = L10n::negotiate(req);
        if let Some(n) = only {
            t.round(n).ok_or_else(|| WebError::no_round(n))?;
        }
        let (rows, statuses) = with_db(state, move |c| {
            Ok((
                arbiter_db::games::tournament_games(c, id)?,
                arbiter_db::games::score_statuses(c, id)?,
            ))
        })
        .await?;
        let rows = public_games(t, rows);
        let statuses = of_public_games(&rows, statuses);
        let mut rounds: BTreeMap<u16, Vec<GameLine>> = BTreeMap::new();
        for g in rows {
            let Ok(n) = u16::try_from(g.round) else {
                continue;
            };
            if only.is_some_and(|o| o != n) {
                continue;
            }
            let model = g.to_model()?;
            let s: Option<&ScoreStatus> = statuses.get(&g.id);
            rounds.entry(n).or_default().push(GameLine {
                board: l.int(g.board.unwrap_or(g.seq + 1)),
                white: name_of(t, model.white),
                white_rating: l.digits(&rating_of(t, model.white)),
                result: l.digits(&result_text(&model.result)),
                black: name_of(t, model.black),
                black_rating: l.digits(&rating_of(t, model.black)),
                status: s.map_or_else(String::new, |s| status_in(&l, &s.status)),
                flagged: s.is_some_and(|s| s.flagged),
                has_score: s.is_some(),
                id: g.id,
            });
        }
        let scores = statuses.len();
        let flagged = statuses.values().filter(|s| s.flagged).count();
        let mut stored_words = l.tn("games-scores-stored", scores);
        if flagged > 0 {
            stored_words = l.ta(
                "games-scores-flagged",
                &[
                    ("stored", stored_words),
                    ("flagged", l.tn("games-flagged", flagged)),
                ],
            );
        }
        let (title, heading) = match only {
            Some(n) => (
                l.ta("games-round-title", &[("n", l.int(n))]),
                l.ta("games-round-heading", &[("n", l.int(n))]),
            ),
            None => (l.t("link-games"), l.t("link-games")),
        };
        let page = GamesPage {
            head: head_in(id, t, &l),
            round: only,
            title,
            heading,
            note: t
                .tournament_type
                .as_deref()
                .filter(|n| n.starts_with("Imported from PGN"))
                .map(|n| import_note(n, &l))
                .unwrap_or_default(),
            stored: stored_words,
            rounds: rounds
                .into_iter()
                .map(|(number, games)| RoundGames {
                    label: l.ta("round-n", &[("n", l.int(number))]),
                    number,
                    games,
                })
                .collect(),
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

/// `GET /tournaments/{id}/games`: every game by round and board, with its score's verdict.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn games(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    games_page(&state, &req, path.into_inner(), None).await
}

/// `GET /tournaments/{id}/rounds/{n}/games`: the games of one round.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or round, [`WebError::Database`].
pub async fn round_games(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    games_page(&state, &req, id, Some(n)).await
}

/// The query of the game page.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
pub struct PlyQuery {
    /// Show the board after this many half-moves (default: the last; 0: the start).
    pub ply: Option<usize>,
}

struct MoveCell {
    ply: usize,
    san: String,
    current: bool,
}

struct MovePair {
    number: u32,
    white: Option<MoveCell>,
    black: Option<MoveCell>,
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    l: L10n,
    head: Head,
    game_id: String,
    /// The round's number (links) and its label.
    round: i32,
    round_label: String,
    /// `Round 2, board 1`.
    where_played: String,
    /// The link to the round's games.
    round_games: String,
    white: String,
    black: String,
    result: String,
    score: Option<ScoreView>,
    /// The piece letters the reader can choose: the cookie's value, the label, whether chosen.
    pieces: Vec<(&'static str, String, bool)>,
}

struct ScoreView {
    svg: String,
    /// The caption (HTML: the move isolated on a right-to-left page).
    caption: String,
    ply: usize,
    plies: usize,
    pairs: Vec<MovePair>,
    /// The CSS list style of the move numbers in the reader's digits (empty: decimal).
    list_style: &'static str,
    report: ReportView,
    submitted: String,
    tags: Vec<(String, String)>,
}

/// The game row of `game`, checked to belong to tournament `id` and to a round of its public
/// view `t` ([`public_game`]), with its stored score.
async fn load_game(
    state: &AppState,
    t: &Tournament,
    id: Uuid,
    game: Uuid,
) -> Result<(GameRow, Option<GameScoreRow>), WebError> {
    let (row, score) = with_db(state, move |c| {
        Ok((
            arbiter_db::game(c, game)?,
            arbiter_db::games::game_score(c, game)?,
        ))
    })
    .await?;
    let row = public_game(t, id, game, row)?;
    Ok((row, score))
}

/// The move number and dots of ply `ply` (1-based) from a start with `white_first` and move
/// number `first`: `12. ` (White) or `12...` (Black), written before the move.
fn move_label(ply: usize, white_first: bool, first: u32) -> String {
    let offset = ply - 1 + usize::from(!white_first);
    let number = first as usize + offset / 2;
    if offset % 2 == 0 {
        format!("{number}. ")
    } else {
        format!("{number}...")
    }
}

/// The diagram's description in the reader's words and letters, and its rank numbers in the
/// reader's digits (the files stay `a`-`h`, Appendix E.4), in the SVG [`board_svg`] drew.
fn localize_svg(svg: &str, board: &arbiter_rules::Board, l: &L10n, n: Notation) -> String {
    let separator = l.t("list-separator");
    let desc = l.ta(
        "board-desc",
        &[
            (
                "white",
                n.pieces(board, arbiter_rules::Color::White, &separator),
            ),
            (
                "black",
                n.pieces(board, arbiter_rules::Color::Black, &separator),
            ),
        ],
    );
    let open = "<desc id=\"board-desc\">";
    let mut out = match (svg.find(open), svg.find("</desc>")) {
        (Some(a), Some(b)) if a < b => format!(
            "{}{open}{}{}",
            &svg[..a],
            crate::board::escape_xml(&desc),
            &svg[b..]
        ),
        _ => svg.to_owned(),
    };
    if n.format.digits != arbiter_rules::RankDigits::Latin {
        for rank in '1'..='8' {
            out = out.replace(
                &format!("fill=\"#555\">{rank}</text>"),
                &format!("fill=\"#555\">{}</text>", n.rank(rank)),
            );
        }
    }
    out
}

fn score_view(
    score: &GameScoreRow,
    ply: Option<usize>,
    zone: Zone,
    l: &L10n,
) -> Result<ScoreView, WebError> {
    let stored = score.report()?;
    let n = Notation::of(l);
    let moves = score_moves(&score.pgn).map_err(|e| WebError::Internal(e.to_string()))?;
    let plies = moves.san.len();
    let ply = ply.unwrap_or(plies).min(plies);
    let white_first = moves.start.turn() == arbiter_rules::Color::White;
    let first = moves.start.fullmove_number();
    // Each move in the reader's letters and digits; PGN's SAN for English letters.
    let san: Vec<String> = moves
        .moves
        .iter()
        .enumerate()
        .map(|(i, &m)| moves.position_at(i).san_with(m, &n.format))
        .collect();
    let (title, caption) = match ply {
        0 => {
            let t = l.t("game-start-position");
            (t.clone(), escape(&t))
        }
        p => {
            let text = ltr_safe(&format!(
                "{}{}",
                l.digits(&move_label(p, white_first, first)),
                san.get(p - 1).map_or("", String::as_str)
            ));
            let caption = if l.rtl() {
                l.t1(
                    "game-position-after",
                    "move",
                    &format!("<bdi dir=\"ltr\">{}</bdi>", escape(&text)),
                )
            } else {
                escape(&l.t1("game-position-after", "move", &text))
            };
            (l.t1("game-position-after", "move", &l.ltr(&text)), caption)
        }
    };
    let last = ply
        .checked_sub(1)
        .and_then(|i| moves.moves.get(i))
        .map(|m| (m.from(), m.to()));
    let board = moves.position_at(ply).board();
    let svg = localize_svg(&board_svg(board, &title, last), board, l, n);
    let mut pairs: Vec<MovePair> = Vec::new();
    for (i, san) in san.into_iter().enumerate() {
        let p = i + 1;
        let offset = i + usize::from(!white_first);
        let cell = MoveCell {
            ply: p,
            san: ltr_safe(&san),
            current: p == ply,
        };
        let number = first + u32::try_from(offset / 2).unwrap_or(0);
        if offset % 2 == 0 {
            pairs.push(MovePair {
                number,
                white: Some(cell),
                black: None,
            });
        } else {
            match pairs.last_mut() {
                Some(last) if last.black.is_none() && last.number == number => {
                    last.black = Some(cell);
                }
                _ => pairs.push(MovePair {
                    number,
                    white: None,
                    black: Some(cell),
                }),
            }
        }
    }
    let who = score
        .submitted_by
        .clone()
        .unwrap_or_else(|| l.t("game-submitted-unknown"));
    let when = if l.lang() == "en" {
        zone.show(score.submitted_at, "%Y-%m-%d %H:%M")
    } else {
        let date = zone.show(score.submitted_at, "%Y-%m-%d");
        let time = zone.show(score.submitted_at, "%H:%M");
        let date = chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d")
            .map_or_else(|_| l.digits(&date), |d| l.date(d));
        format!("{date} {}", l.digits(&time))
    };
    Ok(ScoreView {
        svg,
        caption,
        ply,
        plies,
        pairs,
        list_style: match words::reader_digits(l) {
            arbiter_rules::RankDigits::Persian => "persian",
            arbiter_rules::RankDigits::ArabicIndic => "arabic-indic",
            arbiter_rules::RankDigits::Latin => "",
        },
        report: report_view(l, n, &score.pgn, &stored),
        submitted: l.ta(
            "game-submitted-by",
            &[
                ("who", l.data(&who)),
                ("time", when),
                ("zone", l.data(zone.name())),
            ],
        ),
        tags: moves
            .tags
            .into_iter()
            .filter(|(k, _)| !matches!(k.as_str(), "White" | "Black" | "Result" | "Round"))
            .collect(),
    })
}

/// The piece letters a reader can choose on a game page (English readers: letters or
/// figurines), with the current choice.
fn piece_choices(l: &L10n) -> Vec<(&'static str, String, bool)> {
    let mut all = vec![(Pieces::Local, "pieces-local")];
    let english = l.lang() == "en";
    if !english {
        all.push((Pieces::English, "pieces-english"));
    }
    all.push((Pieces::Figurine, "pieces-figurine"));
    let chosen = match l.pieces() {
        Pieces::English if english => Pieces::Local,
        p => p,
    };
    all.into_iter()
        .map(|(p, key)| (p.code(), l.t(key), p == chosen))
        .collect()
}

/// `GET /tournaments/{id}/games/{game}?ply=N`: the game: players, result, the moves in SAN with a
/// link to each ply, the board after ply `N` (default: the last) as SVG, the replay report.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or a game of another, [`WebError::Database`].
pub async fn game(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, Uuid)>,
    query: web::Query<PlyQuery>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let t = &stored.tournament;
        let l = L10n::negotiate(&req);
        let (row, score) = load_game(&state, t, id, game).await?;
        let model = row.to_model()?;
        let round = l.int(row.round);
        let page = GamePage {
            head: head_in(id, t, &l),
            game_id: row.id.clone(),
            round: row.round,
            round_label: l.ta("round-n", &[("n", round.clone())]),
            where_played: l.ta(
                "game-round-board",
                &[
                    ("round", round.clone()),
                    ("board", l.int(row.board.unwrap_or(row.seq + 1))),
                ],
            ),
            round_games: l.ta("games-round-title", &[("n", round)]),
            white: name_of(t, model.white),
            black: name_of(t, model.black),
            result: l.digits(&result_text(&model.result)),
            score: score
                .as_ref()
                .map(|s| score_view(s, query.ply, Zone::of_tournament(&stored), &l))
                .transpose()?,
            pieces: piece_choices(&l),
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

/// The PGN result of a game (PGN standard section 8.1.1.7) and a `Termination` tag value for a
/// game not played over the board: a forfeit is `1-0`/`0-1` with `rules infraction` (Art. 6.7);
/// pending, unknown and double forfeits are `*`.
fn pgn_result(r: &GameResult) -> (Termination, Option<&'static str>) {
    use ResultCode as C;
    match (r.white, r.black) {
        (C::Win | C::UnratedWin, _) => (Termination::WhiteWins, None),
        (_, C::Win | C::UnratedWin) => (Termination::BlackWins, None),
        (C::Draw | C::UnratedDraw, C::Draw | C::UnratedDraw) => (Termination::Draw, None),
        (C::ForfeitWin, _) => (Termination::WhiteWins, Some("rules infraction")),
        (_, C::ForfeitWin) => (Termination::BlackWins, Some("rules infraction")),
        _ => (Termination::Unknown, None),
    }
}

/// The tags of a game without a stored score (the Seven Tag Roster and the players' details).
fn tags_for(t: &Tournament, round: u16, g: &Game, seq: usize) -> Vec<(String, String)> {
    let (result, termination) = pgn_result(&g.result);
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), t.name.clone().unwrap_or_else(|| "?".into())),
        ("Site".into(), t.city.clone().unwrap_or_else(|| "?".into())),
        (
            "Date".into(),
            t.round(round)
                .and_then(|r| r.scheduled)
                .map_or_else(|| "????.??.??".into(), |d| d.format("%Y.%m.%d").to_string()),
        ),
        (
            "Round".into(),
            format!("{round}.{}", g.board.map_or(seq + 1, usize::from)),
        ),
    ];
    let player = |pn: u16| t.player(pn);
    let name = |p: Option<&Player>| p.map_or_else(|| "?".to_owned(), |p| p.name.clone());
    tags.push(("White".into(), name(player(g.white))));
    tags.push(("Black".into(), name(player(g.black))));
    tags.push(("Result".into(), result.as_str().into()));
    for (side, pn) in [("White", g.white), ("Black", g.black)] {
        let Some(p) = player(pn) else { continue };
        if let Some(title) = &p.title {
            tags.push((format!("{side}Title"), title.as_str().to_owned()));
        }
        if let Some(r) = p.rating.filter(|&r| r > 0) {
            tags.push((format!("{side}Elo"), r.to_string()));
        }
        if let Some(f) = p.fide_id.filter(|&f| f > 0) {
            tags.push((format!("{side}FideId"), f.to_string()));
        }
    }
    if let Some(term) = termination {
        tags.push(("Termination".into(), term.into()));
    }
    tags
}

/// The PGN of every game of a tournament: the stored score, or tags and result.
fn export_text(
    t: &Tournament,
    rows: &[GameRow],
    scores: &BTreeMap<String, GameScoreRow>,
) -> Result<String, WebError> {
    let mut out = String::new();
    for row in rows {
        if let Some(s) = scores.get(&row.id) {
            out.push_str(&s.pgn);
            if !s.pgn.ends_with("\n\n") {
                out.push('\n');
            }
            continue;
        }
        let g = row.to_model()?;
        let round = u16::try_from(row.round).unwrap_or(0);
        let seq = usize::try_from(row.seq).unwrap_or(0);
        let (result, _) = pgn_result(&g.result);
        let mut w = PgnWriter::new(Vec::new());
        w.begin_game(&tags_for(t, round, &g, seq), result)
            .and_then(|()| w.end_game())
            .map_err(|e| WebError::Internal(e.to_string()))?;
        out.push_str(&String::from_utf8_lossy(&w.into_inner()));
    }
    // No bidi control or invisible format character leaves in a PGN file, whatever a stored
    // score or a name stored before the names' gate holds (arbiter_tournament::names::hidden).
    Ok(arbiter_tournament::names::visible(&out).into_owned())
}

#[expect(
    clippy::unnecessary_wraps,
    reason = "the PGN downloads answer with it as every handler answers, `Ok` or `?`"
)]
fn pgn_response(
    body: String,
    filename: &str,
    v: &Validators,
    max_age: u32,
) -> Result<HttpResponse, WebError> {
    let mut b = HttpResponse::Ok();
    v.apply(&mut b, max_age);
    Ok(b.content_type("application/x-chess-pgn; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{filename}\""),
        ))
        .body(body))
}

/// `GET /tournaments/{id}/export.pgn`: every game by round and board in PGN export format: the
/// stored score, or for a game without one its tags and result.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn export_pgn(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        // A download, not kept in the page cache: nobody waits for it.
        let v = v.uncached();
        let (rows, scores) = with_db(&state, move |c| {
            Ok((
                arbiter_db::games::tournament_games(c, id)?,
                arbiter_db::games::tournament_scores(c, id)?,
            ))
        })
        .await?;
        let rows = public_games(&stored.tournament, rows);
        let scores = of_public_games(&rows, scores);
        let body = export_text(&stored.tournament, &rows, &scores)?;
        pgn_response(
            body,
            &format!("tournament-{id}.pgn"),
            &v,
            state.config.public_max_age,
        )
    })
    .await
}

/// `GET /tournaments/{id}/games/{game}/export.pgn`: one game in PGN export format.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn game_pgn(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, WebError> {
    let (id, game) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        // A download, not kept in the page cache: nobody waits for it.
        let v = v.uncached();
        let (row, score) = load_game(&state, &stored.tournament, id, game).await?;
        let scores: BTreeMap<String, GameScoreRow> =
            score.into_iter().map(|s| (s.game_id.clone(), s)).collect();
        let body = export_text(&stored.tournament, std::slice::from_ref(&row), &scores)?;
        pgn_response(
            body,
            &format!("game-{game}.pgn"),
            &v,
            state.config.public_max_age,
        )
    })
    .await
}

/// One player of a game in the API.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SideJson {
    /// The pairing number.
    pub pairing_number: u16,
    /// The name, `Last, First`.
    pub name: String,
    /// The rating, if any.
    pub rating: Option<u16>,
}

/// A stored score in the API.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScoreJson {
    /// PGN export format.
    pub pgn: String,
    /// The moves in SAN (English letters), up to the first bad move.
    pub moves: Vec<String>,
    /// The replay verdict: the moves' checks against the Laws (Art. 3, 5, 9) and the result's.
    #[schema(value_type = Object)]
    pub report: ScoreReport,
    /// Whether an arbiter should look at it.
    pub flagged: bool,
    /// Who submitted it.
    pub submitted_by: Option<String>,
    /// When (UTC, ISO 8601).
    pub submitted_at: String,
}

/// `GET /api/v1/games/{id}` answers this.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameJson {
    /// The game's id.
    pub id: String,
    /// The tournament's id.
    pub tournament_id: String,
    /// The round.
    pub round: i32,
    /// The board, if known.
    pub board: Option<i32>,
    /// White.
    pub white: SideJson,
    /// Black.
    pub black: SideJson,
    /// The result as a pairing list prints it (`1–0`, `½–½`, `+–−`; empty while pending).
    pub result: String,
    /// White's TRF result code (empty while pending).
    pub white_code: String,
    /// Black's TRF result code.
    pub black_code: String,
    /// The version a result writer names (`PUT /api/v1/games/{id}/result`).
    pub version: i32,
    /// The stored score, if any.
    pub score: Option<ScoreJson>,
}

/// `GET /api/v1/games/{id}`: a game with its players, result, version and score.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`], as problem+json.
#[utoipa::path(
    get,
    path = "/api/v1/games/{id}",
    tag = "games",
    params(("id" = Uuid, Path, description = "The game's id")),
    responses((status = 200, description = "The game: players, result, version and score", body = GameJson), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn api_game(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let game = path.into_inner();
    // Revalidation costs two indexed lookups: the game, its tournament's last change.
    // A game of a round not published does not exist for the public (issue #45), not even as a
    // `304`.
    let found = with_db(&state, move |c| {
        let Some(row) = arbiter_db::game(c, game)? else {
            return Ok(None);
        };
        let tid = Uuid::parse_str(&row.tournament_id)
            .map_err(|e| WebError::Internal(format!("games.tournament_id: {e}")))?;
        if !arbiter_db::round_is_public(c, tid, row.round)? {
            return Ok(None);
        }
        Ok(arbiter_db::last_change(c, tid)?.map(|changed| (tid, changed)))
    })
    .await
    .map_err(WebError::api)?;
    let (tid, changed) = found
        .ok_or_else(|| WebError::no_game(game))
        .map_err(WebError::api)?;
    let kind = format!("api-game:{game}");
    if Validators::new(&kind, changed).is_fresh(&req) {
        return Ok(Validators::new(&kind, changed).not_modified(state.config.public_max_age));
    }
    let found = with_db(&state, move |c| {
        let row = arbiter_db::game(c, game)?;
        let t = arbiter_db::load_tournament(c, tid)?.map(public_view);
        let score = arbiter_db::games::game_score(c, game)?;
        Ok(t.map(|t| (row, t, score)))
    })
    .await
    .map_err(WebError::api)?;
    let (row, stored, score) = found
        .ok_or_else(|| WebError::no_game(game))
        .map_err(WebError::api)?;
    let row = public_game(&stored.tournament, tid, game, row).map_err(WebError::api)?;
    let t = &stored.tournament;
    let model = row.to_model().map_err(|e| WebError::from(e).api())?;
    let side = |pn: u16| SideJson {
        pairing_number: pn,
        name: t.player(pn).map_or_else(String::new, |p| p.name.clone()),
        rating: t.player(pn).and_then(|p| p.rating).filter(|&r| r > 0),
    };
    let score = match score {
        None => None,
        Some(s) => Some(ScoreJson {
            moves: score_moves(&s.pgn).map(|m| m.san).unwrap_or_default(),
            report: s.report().map_err(|e| WebError::from(e).api())?,
            flagged: s.flagged,
            submitted_by: s.submitted_by.clone(),
            submitted_at: s.submitted_at.and_utc().to_rfc3339(),
            pgn: s.pgn,
        }),
    };
    let body = GameJson {
        id: row.id.clone(),
        tournament_id: row.tournament_id.clone(),
        round: row.round,
        board: row.board,
        white: side(model.white),
        black: side(model.black),
        result: result_text(&model.result),
        white_code: row.white_code.clone(),
        black_code: row.black_code.clone(),
        version: row.version,
        score,
    };
    let mut b = HttpResponse::Ok();
    Validators::new(&kind, stored.updated_at).apply(&mut b, state.config.public_max_age);
    Ok(b.json(body))
}

struct PrintLine {
    board: String,
    white_no: String,
    white: String,
    white_rating: String,
    white_points: String,
    result: String,
    black_no: String,
    black: String,
    black_rating: String,
    black_points: String,
}

struct PrintBye {
    number: String,
    name: String,
    what: String,
}

#[derive(Template)]
#[template(path = "print_pairings.html")]
struct PrintPairings {
    l: L10n,
    head: Head,
    page_title: String,
    number: u16,
    round_label: String,
    scheduled: String,
    lines: Vec<PrintLine>,
    byes: Vec<PrintBye>,
}

#[derive(Template)]
#[template(path = "print_results.html")]
struct PrintResults {
    l: L10n,
    head: Head,
    page_title: String,
    heading: String,
    instructions: String,
    number: u16,
    round_label: String,
    scheduled: String,
    lines: Vec<PrintLine>,
    byes: Vec<PrintBye>,
}

/// The lines of a round for print: board, players with ratings and scores before the round; the
/// scheduled start in the tournament's time zone `zone`; numbers in the reader's digits.
fn print_lines(
    t: &Tournament,
    n: u16,
    zone: Zone,
    l: &L10n,
) -> Result<(String, Vec<PrintLine>, Vec<PrintBye>), WebError> {
    let r = t.round(n).ok_or_else(|| WebError::no_round(n))?;
    let before = t.scores_after_round(n.saturating_sub(1));
    let pts = |pn: u16| {
        before
            .get(&pn)
            .map(|p| l.digits(&p.to_string()))
            .unwrap_or_default()
    };
    let lines = r
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| PrintLine {
            board: l.int(g.board.map_or(i + 1, usize::from)),
            white_no: l.int(g.white),
            white: name_of(t, g.white),
            white_rating: l.digits(&rating_of(t, g.white)),
            white_points: pts(g.white),
            result: l.digits(&result_text(&g.result)),
            black_no: l.int(g.black),
            black: name_of(t, g.black),
            black_rating: l.digits(&rating_of(t, g.black)),
            black_points: pts(g.black),
        })
        .collect();
    let byes = r
        .byes
        .iter()
        .map(|b| PrintBye {
            number: l.int(b.player),
            name: name_of(t, b.player),
            what: bye_in(b.code, l),
        })
        .collect();
    let scheduled = r
        .scheduled
        .map(|s| l.digits(&zone.start_text(s)))
        .unwrap_or_default();
    Ok((scheduled, lines, byes))
}

/// `GET /tournaments/{id}/rounds/{n}/print`: the pairing list to post at the venue: board, White
/// and Black with pairing numbers, ratings and scores before the round, byes; one page, in the
/// reader's language.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or round, [`WebError::Database`].
pub async fn print_pairings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let (scheduled, lines, byes) = print_lines(t, n, Zone::of_tournament(&stored), &l)?;
        let page = PrintPairings {
            head: head_in(id, t, &l),
            page_title: l.ta("print-pairings-title", &[("n", l.int(n))]),
            number: n,
            round_label: l.ta("round-n", &[("n", l.int(n))]),
            scheduled,
            lines,
            byes,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

/// `GET /tournaments/{id}/rounds/{n}/sheets`: the round's result sheet for the arbiter: one line
/// per board with boxes for the result and both players' signatures; one page per round, in
/// the reader's language.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or round, [`WebError::Database`].
pub async fn result_sheets(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, n) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let (scheduled, lines, byes) = print_lines(t, n, Zone::of_tournament(&stored), &l)?;
        let head = head_in(id, t, &l);
        let page = PrintResults {
            page_title: l.ta("print-results-title", &[("n", l.int(n))]),
            heading: l.t1("print-results-heading", "name", &l.data(&head.name)),
            instructions: l.ta(
                "print-instructions",
                &[("results", l.ltr(&l.digits("1–0, ½–½, 0–1")))],
            ),
            head,
            number: n,
            round_label: l.ta("round-n", &[("n", l.int(n))]),
            scheduled,
            lines,
            byes,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

#[cfg(test)]
mod tests;
