//! Rating changes (FIDE Rating Regulations, Handbook B.02, edition of 1 March 2024 with its
//! amendments): every player's K, rated games, expected score, `Rtg+/-` and new rating, and
//! unrated players' initial ratings, on the list the event is rated on.
//!
//! - `GET /tournaments/{id}/ratings`: the table for the whole event;
//! - `GET /tournaments/{id}/players/{pn}/rating`: one player's computation game by game;
//! - `GET /api/v1/tournaments/{id}/ratings` and `GET /api/v1/tournaments/{id}/players/{pn}/rating`:
//!   the same as JSON ([`RatingsJson`], [`PlayerRatingChange`]; changes and expected scores in
//!   hundredths).
//!
//! The figures come from [`arbiter_tournament::rating_change`]; this module words them.

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::Tournament;
use arbiter_tournament::rating_change::{
    InitialOutcome, KFactor, KReason, KSource, ListBasis, ListInference, NotRatedReason,
    PlayerRatingChange, RatingListKind, RatingRules, player_change, rating_changes,
};
use askama::Template;
use serde::Serialize;
use uuid::Uuid;

use crate::error::WebError;
use crate::l10n::L10n;
use crate::respond::{html, json};
use crate::state::AppState;
use crate::views::{Head, head_in, rating_list_key, titled_name};
use crate::visibility::{public_api, public_page};

/// The sentence naming the list and what it was read from.
fn inference_in(l: &L10n, i: ListInference) -> String {
    let list = ("list", l.t(rating_list_key(i.list)));
    match i.basis {
        ListBasis::Encoded { seconds } | ListBasis::Text { seconds } => l.ta(
            "ratings-list-from-time",
            &[list, ("minutes", l.int(seconds / 60))],
        ),
        ListBasis::Keyword => l.ta("ratings-list-from-keyword", &[list]),
        ListBasis::Unknown => l.ta("ratings-list-assumed", &[list]),
    }
}

/// K with where it comes from (`20, derived: born 1990, ...`).
fn k_in(l: &L10n, k: &KFactor) -> String {
    let source = match k.source {
        KSource::List => l.t("ratings-k-list"),
        KSource::Derived(reason) => match reason {
            KReason::Rating2400 { rating } => l.ta("ratings-k-2400", &[("rating", l.int(rating))]),
            KReason::Junior {
                birth_year,
                event_year,
            } => l.ta(
                "ratings-k-junior",
                &[("born", l.int(birth_year)), ("year", l.int(event_year))],
            ),
            KReason::Rating2300 { rating } => l.ta("ratings-k-2300", &[("rating", l.int(rating))]),
            KReason::Adult {
                birth_year,
                event_year,
            } => l.ta(
                "ratings-k-adult",
                &[("born", l.int(birth_year)), ("year", l.int(event_year))],
            ),
            KReason::AgeUnknown => l.t("ratings-k-age-unknown"),
        },
    };
    let mut text = format!("{} ({source})", l.int(k.value));
    if let Some(from) = k.capped_from {
        text.push_str(&l.ta("ratings-k-capped", &[("from", l.int(from))]));
    }
    text
}

fn initial_in(l: &L10n, o: InitialOutcome) -> String {
    match o {
        InitialOutcome::Published { rating } => {
            l.ta("ratings-initial", &[("rating", l.int(rating))])
        }
        InitialOutcome::Provisional { rating, games } => l.ta(
            "ratings-initial-provisional",
            &[("rating", l.int(rating)), ("games", l.int(games))],
        ),
        InitialOutcome::BelowFloor { rating } => {
            l.ta("ratings-initial-below-floor", &[("rating", l.int(rating))])
        }
        InitialOutcome::ZeroScore => l.t("ratings-initial-zero"),
        InitialOutcome::NoRatedGames => l.t("ratings-initial-no-games"),
    }
}

fn not_rated_in(l: &L10n, r: NotRatedReason) -> String {
    match r {
        NotRatedReason::NoGame => l.t("ratings-skip-no-game"),
        NotRatedReason::Forfeit => l.t("ratings-skip-forfeit"),
        NotRatedReason::LessThanOneMove => l.t("ratings-skip-short-game"),
        NotRatedReason::NoResult => l.t("ratings-skip-no-result"),
        NotRatedReason::OpponentUnrated => l.t("ratings-skip-unrated-opponent"),
        NotRatedReason::GapOver600 { difference } => {
            l.ta("ratings-skip-gap-600", &[("difference", l.int(difference))])
        }
    }
}

struct RatingLine {
    pairing_number: u16,
    number: String,
    name: String,
    rating: String,
    k: String,
    games: String,
    score: String,
    expected: String,
    change: String,
    new_rating: String,
    /// For an unrated player, what the games give (initial, provisional, ...); text, not a figure.
    note: String,
    below_floor: bool,
}

#[derive(Template)]
#[template(path = "ratings.html")]
struct RatingsPage {
    l: L10n,
    head: Head,
    list: String,
    lines: Vec<RatingLine>,
}

fn line(l: &L10n, t: &Tournament, c: &PlayerRatingChange) -> RatingLine {
    RatingLine {
        pairing_number: c.pairing_number,
        number: l.int(c.pairing_number),
        name: t
            .player(c.pairing_number)
            .map_or_else(|| c.name.clone(), titled_name),
        rating: c.rating.map(|r| l.int(r)).unwrap_or_default(),
        k: c.k.map(|k| l.int(k.value)).unwrap_or_default(),
        games: l.int(c.games_rated),
        score: l.digits(&c.score.to_string()),
        expected: c
            .expected
            .map(|e| l.digits(&e.to_string()))
            .unwrap_or_default(),
        change: c
            .change
            .map(|x| l.digits(&x.to_string()))
            .unwrap_or_default(),
        new_rating: match (c.new_rating, c.initial.map(|i| i.outcome)) {
            (Some(r), _) | (None, Some(InitialOutcome::Published { rating: r })) => l.int(r),
            _ => String::new(),
        },
        note: c
            .initial
            .map(|i| initial_in(l, i.outcome))
            .unwrap_or_default(),
        below_floor: c.below_floor,
    }
}

/// `GET /tournaments/{id}/ratings`: one line per player: rating, K, games rated, score, expected
/// score, `Rtg+/-` and the new rating (an unrated player's initial rating).
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn ratings_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let inferred = RatingListKind::infer(t);
        let lines = rating_changes(t, inferred.list)
            .iter()
            .map(|c| line(&l, t, c))
            .collect();
        let page = RatingsPage {
            head: head_in(id, t, &l),
            list: inference_in(&l, inferred),
            lines,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

struct GameLine {
    round: String,
    opponent: u16,
    opponent_name: String,
    opponent_rating: String,
    difference: String,
    counted: String,
    expected: String,
    score: String,
}

#[derive(Template)]
#[template(path = "player_rating.html")]
struct PlayerRatingPage {
    l: L10n,
    head: Head,
    pairing_number: u16,
    name: String,
    list: String,
    summary: RatingLine,
    k: String,
    initial: String,
    games: Vec<GameLine>,
    not_rated: Vec<(String, String)>,
}

/// `GET /tournaments/{id}/players/{pn}/rating`: the player's K and where it comes from, each
/// rated game (opponent's rating, D, D as counted under the 400-point rule, PD, score), the
/// rounds not rated and why, and for an unrated player the initial rating computation.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or player, [`WebError::Database`].
pub async fn player_rating(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let p = t.player(pn).ok_or_else(|| WebError::no_player(pn))?;
        let inferred = RatingListKind::infer(t);
        let c = player_change(t, p, &RatingRules::for_event(t, inferred.list));
        let signed = |d: Option<i32>| d.map(|d| l.digits(&format!("{d:+}"))).unwrap_or_default();
        let games = c
            .games
            .iter()
            .map(|g| GameLine {
                round: l.int(g.round),
                opponent: g.opponent,
                opponent_name: t
                    .player(g.opponent)
                    .map_or_else(|| format!("#{}", g.opponent), titled_name),
                opponent_rating: l.int(g.opponent_rating),
                difference: signed(g.difference),
                counted: signed(g.counted_difference),
                expected: g
                    .expected
                    .map(|e| l.digits(&e.to_string()))
                    .unwrap_or_default(),
                score: l.digits(&g.score.to_string()),
            })
            .collect();
        let initial = c.initial.map_or_else(String::new, |i| {
            let mut text = initial_in(&l, i.outcome);
            if let (Some(ra), Some(p), Some(dp)) = (i.average, i.percent, i.dp) {
                text.push_str(&l.ta(
                    "ratings-initial-how",
                    &[
                        ("average", l.digits(&ra.to_string())),
                        ("percent", l.int(p)),
                        ("dp", l.digits(&format!("{dp:+}"))),
                    ],
                ));
            }
            text
        });
        let page = PlayerRatingPage {
            head: head_in(id, t, &l),
            pairing_number: pn,
            name: titled_name(p),
            list: inference_in(&l, inferred),
            summary: line(&l, t, &c),
            k: c.k.as_ref().map(|k| k_in(&l, k)).unwrap_or_default(),
            initial,
            games,
            not_rated: c
                .not_rated
                .iter()
                .map(|n| (l.int(n.round), not_rated_in(&l, n.reason)))
                .collect(),
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

/// The body of `GET /api/v1/tournaments/{id}/ratings`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RatingsJson {
    /// The list the event is rated on and what it was read from.
    #[schema(value_type = Object)]
    pub inferred: ListInference,
    /// The rules applied (list, event date, amendments).
    #[schema(value_type = Object)]
    pub rules: RatingRules,
    /// One entry per player, in pairing-number order; `change` and `expected` in hundredths.
    #[schema(value_type = Vec<Object>)]
    pub players: Vec<PlayerRatingChange>,
}

/// `GET /api/v1/tournaments/{id}/ratings`.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`] (problem+json).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/ratings",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "Rating changes", body = RatingsJson), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn api_ratings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let inferred = RatingListKind::infer(t);
        let body = RatingsJson {
            inferred,
            rules: RatingRules::for_event(t, inferred.list),
            players: rating_changes(t, inferred.list),
        };
        json(&body, Some(&v), state.config.public_max_age)
    })
    .await
}

/// `GET /api/v1/tournaments/{id}/players/{pn}/rating`: one [`PlayerRatingChange`].
///
/// # Errors
/// [`WebError::NotFound`] (tournament or player), [`WebError::Database`] (problem+json).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/players/{pn}/rating",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("pn" = u16, Path, description = "Pairing number")),
    responses((status = 200, description = "A player's rating change", body = serde_json::Value), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn api_player_rating(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let p = t.player(pn).ok_or_else(|| WebError::no_player(pn).api())?;
        let c = player_change(
            t,
            p,
            &RatingRules::for_event(t, RatingListKind::infer(t).list),
        );
        json(&c, Some(&v), state.config.public_max_age)
    })
    .await
}
