//! Title norms (FIDE Title Regulations, Handbook B.01, 1.4): which players the event is a GM,
//! IM, WGM or WIM norm for, requirement by requirement, and what the rounds left would need.
//!
//! - `GET /tournaments/{id}/norms`: the norms made and the norms still in reach (`?all=1`: every
//!   player's every open norm);
//! - `GET /tournaments/{id}/players/{pn}/norms`: one player's norm reports, printable as the
//!   content of the norm certificate;
//! - `GET /api/v1/tournaments/{id}/norms` and `GET /api/v1/tournaments/{id}/players/{pn}/norms`:
//!   the same reports as JSON ([`arbiter_tournament::norms::NormReport`]).
//!
//! The reports come from [`arbiter_tournament::norms::norm_reports`]; this module only words them
//! in the reader's language.

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::norms::{
    FederationExemption, GameScore, LastRoundNeed, NormBasis, NormReport, NormRules, NormTitle,
    NotCounted, Requirement, RequirementKind, norm_report, norm_reports, open_norms,
};
use arbiter_tournament::{Points, Tournament};
use askama::Template;
use serde::Deserialize;
use uuid::Uuid;

use actix_session::Session;
use actix_web::http::StatusCode;

use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::{FormError, WebError};
use crate::extract::{Checked, Organizer, Staff};
use crate::l10n::{L10n, Msg};
use crate::respond::{html, json, load, parse_seen, private, see_other_done, seen_token};
use crate::state::{AppState, with_db};
use crate::views::{Head, head_in, titled_name};
use crate::visibility::{public_api, public_page};

/// The event's conditions for the norms: those the organizer set
/// (`/tournaments/{id}/norms/settings`: the exemptions of B.01 1.4.3a-c, the minimum number of
/// games of 1.4.1b, federations outside FIDE, 1.4.2a), else nine games and no exemption but the
/// large foreign field of 1.4.3d, which the module finds from the event; a round robin (1.4.2b)
/// by the event's type, pairing system or size.
#[must_use]
pub fn rules_of(t: &Tournament, stored: Option<NormRules>) -> NormRules {
    let rounds = t.rounds_planned.map_or(t.rounds.len(), usize::from);
    NormRules {
        round_robin: arbiter_tournament::tiebreak::is_round_robin(t, rounds),
        ..stored.unwrap_or_default()
    }
}

/// The conditions the organizer stored, if any.
///
/// # Errors
/// [`WebError::Database`]; [`WebError::Internal`] for a stored document that no longer reads.
async fn stored_rules(state: &AppState, id: Uuid) -> Result<Option<NormRules>, WebError> {
    let text = with_db(state, move |c| {
        Ok(arbiter_db::document(
            c,
            id,
            arbiter_db::Document::NormRules,
        )?)
    })
    .await?;
    text.map(|t| serde_json::from_str(&t))
        .transpose()
        .map_err(|e| WebError::Internal(format!("stored norm conditions: {e}")))
}

/// `?all=1`: every report, not only the norms made or in reach.
#[derive(Debug, Deserialize)]
pub struct AllQuery {
    /// Show every report.
    #[serde(default)]
    pub all: Option<u8>,
}

/// Whether a report is worth the event page: a norm, or a norm the rounds left can still make.
fn in_reach(r: &NormReport) -> bool {
    r.is_norm
        || match &r.last_round {
            Some(LastRoundNeed::Paired { least, .. }) => least.is_some(),
            Some(LastRoundNeed::Unpaired { points_needed, .. }) => points_needed.is_some(),
            None => false,
        }
}

struct NormLine {
    pairing_number: u16,
    number: String,
    name: String,
    title: String,
    games: String,
    average: String,
    performance: String,
    score: String,
    status: String,
    made: bool,
}

#[derive(Template)]
#[template(path = "norms.html")]
struct NormsPage {
    l: L10n,
    head: Head,
    lines: Vec<NormLine>,
    all: bool,
}

fn points(l: &L10n, p: Points) -> String {
    l.digits(&p.to_string())
}

fn opt_int(l: &L10n, v: Option<i64>) -> String {
    v.map(|v| l.int(v)).unwrap_or_default()
}

fn title_in(l: &L10n, t: NormTitle) -> String {
    l.t(match t {
        NormTitle::Gm => "norm-title-gm",
        NormTitle::Im => "norm-title-im",
        NormTitle::Wgm => "norm-title-wgm",
        NormTitle::Wim => "norm-title-wim",
    })
}

fn result_in(l: &L10n, s: GameScore) -> String {
    l.t(match s {
        GameScore::Win => "norm-result-win",
        GameScore::Draw => "norm-result-draw",
        GameScore::Loss => "norm-result-loss",
    })
}

/// The rule of B.01 by which the games make the norm (1.4.1a, 1.4.1c, 1.4.2c).
fn basis_in(l: &L10n, r: &NormReport, b: NormBasis) -> String {
    match b {
        NormBasis::Games => l.ta("norm-basis-games", &[("n", l.int(r.games.len()))]),
        NormBasis::EightGamesWithBye => l.t("norm-basis-bye"),
        NormBasis::LastRoundForfeitAsLoss { round, opponent } => l.ta(
            "norm-basis-forfeit",
            &[("round", l.int(round)), ("opponent", l.int(opponent))],
        ),
    }
}

/// The report's standing in one line: a norm (with the rule that gives it), what the rounds
/// left need, or not a norm.
fn status_in(l: &L10n, r: &NormReport) -> String {
    if r.is_norm {
        return match (r.norm_through_round, r.basis) {
            (Some(n), _) => l.ta("norm-made-through", &[("round", l.int(n))]),
            (None, Some(b)) => l.ta("norm-made-rule", &[("rule", basis_in(l, r, b))]),
            (None, None) => l.t("norm-made"),
        };
    }
    match &r.last_round {
        Some(LastRoundNeed::Paired {
            round,
            opponent,
            least: Some(least),
            ..
        }) => l.ta(
            "norm-last-round",
            &[
                ("result", result_in(l, *least)),
                ("round", l.int(*round)),
                ("opponent", l.int(*opponent)),
                ("title", title_in(l, r.title)),
            ],
        ),
        Some(LastRoundNeed::Unpaired {
            rounds_left,
            points_needed: Some(p),
            ..
        }) => l.ta(
            "norm-rounds-left",
            &[
                ("points", points(l, *p)),
                ("rounds", l.int(*rounds_left)),
                ("title", title_in(l, r.title)),
            ],
        ),
        Some(_) => l.t("norm-out-of-reach"),
        None => l.t("norm-not-made"),
    }
}

/// `GET /tournaments/{id}/norms[?all=1]`.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn norms_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
    query: web::Query<AllQuery>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let all = query.all.unwrap_or(0) != 0;
        let rules = rules_of(t, stored_rules(&state, id).await?);
        let lines = norm_reports(t, &rules)
            .iter()
            .filter(|r| all || in_reach(r))
            .map(|r| NormLine {
                pairing_number: r.player,
                number: l.int(r.player),
                name: t
                    .player(r.player)
                    .map_or_else(|| r.name.clone(), titled_name),
                title: title_in(&l, r.title),
                games: l.int(r.games.len()),
                average: opt_int(&l, r.average_rating),
                performance: opt_int(&l, r.performance),
                score: match r.required_score {
                    Some(req) => l.ta(
                        "norm-score-of",
                        &[("score", points(&l, r.score)), ("needed", points(&l, req))],
                    ),
                    None => points(&l, r.score),
                },
                status: status_in(&l, r),
                made: r.is_norm,
            })
            .collect();
        let page = NormsPage {
            head: head_in(id, t, &l),
            lines,
            all,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

struct RequirementLine {
    name: String,
    needed: String,
    achieved: String,
    met: bool,
}

struct GameLine {
    round: String,
    opponent: u16,
    opponent_name: String,
    federation: String,
    rating: String,
    rating_used: String,
    raised: bool,
    forfeit_as_loss: bool,
    result: String,
}

struct ReportView {
    heading: String,
    status: String,
    made: bool,
    requirements: Vec<RequirementLine>,
    games: Vec<GameLine>,
    not_counted: Vec<String>,
}

#[derive(Template)]
#[template(path = "player_norms.html")]
struct PlayerNormsPage {
    l: L10n,
    head: Head,
    pairing_number: u16,
    name: String,
    reports: Vec<ReportView>,
}

fn exempt_in(l: &L10n, e: &FederationExemption) -> String {
    let key = match e {
        FederationExemption::NationalChampionship => "norm-exempt-national",
        FederationExemption::NationalTeamChampionship => "norm-exempt-national-team",
        FederationExemption::Zonal => "norm-exempt-zonal",
        FederationExemption::ForeignField { .. } => "norm-exempt-foreign-field",
    };
    l.t(key)
}

fn requirement_name(l: &L10n, k: RequirementKind) -> String {
    l.t(match k {
        RequirementKind::Games => "norm-req-games",
        RequirementKind::ForeignFederations => "norm-req-foreign-federations",
        RequirementKind::OwnFederation => "norm-req-own-federation",
        RequirementKind::OneFederation => "norm-req-one-federation",
        RequirementKind::TitleHolders => "norm-req-title-holders",
        RequirementKind::TitledAtLevel => "norm-req-titled-at-level",
        RequirementKind::UnratedOpponents => "norm-req-unrated",
        RequirementKind::AverageRating => "norm-req-average",
        RequirementKind::Performance => "norm-req-performance",
        RequirementKind::MinimumScore => "norm-req-minimum-score",
    })
}

/// A requirement's figures: what is needed (`at least 9`, `at most 5`) and what the event gives.
fn requirement_figures(l: &L10n, r: &Requirement) -> (String, String) {
    let least = |n: String| l.ta("norm-at-least", &[("n", n)]);
    let most = |n: String| l.ta("norm-at-most", &[("n", n)]);
    let with_exemption = |text: String, e: &Option<FederationExemption>| match e {
        Some(e) => format!("{text} ({})", exempt_in(l, e)),
        None => text,
    };
    let federation_count = |f: &Option<String>, n: u16| match f {
        Some(f) => format!("{} (\u{2068}{f}\u{2069})", l.int(n)),
        None => l.int(n),
    };
    match r {
        Requirement::Games {
            needed,
            counted,
            by_bye_rule,
        } => (
            least(l.int(needed)),
            if *by_bye_rule {
                l.ta("norm-games-bye-rule", &[("n", l.int(counted))])
            } else {
                l.int(counted)
            },
        ),
        Requirement::ForeignFederations {
            needed,
            achieved,
            exempt,
        } => (
            least(l.int(needed)),
            with_exemption(l.int(achieved), exempt),
        ),
        Requirement::OwnFederation {
            federation,
            most: m,
            achieved,
            exempt,
        }
        | Requirement::OneFederation {
            federation,
            most: m,
            achieved,
            exempt,
        } => (
            most(l.int(m)),
            with_exemption(federation_count(federation, *achieved), exempt),
        ),
        Requirement::TitleHolders { needed, achieved }
        | Requirement::TitledAtLevel { needed, achieved } => {
            (least(l.int(needed)), l.int(achieved))
        }
        Requirement::UnratedOpponents { most: m, achieved } => (most(l.int(m)), l.int(achieved)),
        Requirement::AverageRating { needed, achieved }
        | Requirement::Performance { needed, achieved } => {
            (least(l.int(needed)), opt_int(l, *achieved))
        }
        Requirement::MinimumScore { needed, achieved } => {
            (least(points(l, *needed)), points(l, *achieved))
        }
    }
}

fn not_counted_in(l: &L10n, round: u16, n: &NotCounted) -> String {
    let r = ("round", l.int(round));
    match n {
        NotCounted::Forfeit { opponent, won } => l.ta(
            if *won {
                "norm-skip-forfeit-won"
            } else {
                "norm-skip-forfeit-lost"
            },
            &[r, ("opponent", l.int(opponent))],
        ),
        NotCounted::NoOpponent { code } => l.ta(
            "norm-skip-no-opponent",
            &[r, ("code", l.ltr(&code.trf_char().to_string()))],
        ),
        NotCounted::UnratedGame { opponent, .. } => {
            l.ta("norm-skip-short-game", &[r, ("opponent", l.int(opponent))])
        }
        NotCounted::NonFideOpponent {
            opponent,
            federation,
        } => l.ta(
            "norm-skip-non-fide",
            &[
                r,
                ("opponent", l.int(opponent)),
                ("federation", l.ltr(federation)),
            ],
        ),
        NotCounted::UnratedScoredZero { opponent } => l.ta(
            "norm-skip-unrated-zero",
            &[r, ("opponent", l.int(opponent))],
        ),
    }
}

fn report_view(l: &L10n, t: &Tournament, r: &NormReport) -> ReportView {
    let requirements = r
        .requirements
        .iter()
        .map(|c| {
            let (needed, achieved) = requirement_figures(l, &c.requirement);
            RequirementLine {
                name: requirement_name(l, c.requirement.kind()),
                needed,
                achieved,
                met: c.met,
            }
        })
        .collect();
    let games = r
        .games
        .iter()
        .map(|g| GameLine {
            round: l.int(g.round),
            opponent: g.opponent,
            opponent_name: t
                .player(g.opponent)
                .map_or_else(|| g.opponent_name.clone(), titled_name),
            federation: g.opponent_federation.clone().unwrap_or_default(),
            rating: g.opponent_rating.map(|x| l.int(x)).unwrap_or_default(),
            rating_used: l.int(g.rating_used),
            raised: g.raised_to_floor,
            forfeit_as_loss: g.forfeit_as_loss,
            result: result_in(l, g.result),
        })
        .collect();
    ReportView {
        heading: l.ta("norm-report-heading", &[("title", title_in(l, r.title))]),
        status: status_in(l, r),
        made: r.is_norm,
        requirements,
        games,
        not_counted: r
            .not_counted
            .iter()
            .map(|e| not_counted_in(l, e.round, &e.reason))
            .collect(),
    }
}

/// `GET /tournaments/{id}/players/{pn}/norms`: every norm the player can still earn, each
/// requirement with its figures, the games counted (with the rating used after the floor
/// adjustment of 1.4.6) and the rounds not counted.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn player_norms(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let p = t.player(pn).ok_or_else(|| WebError::no_player(pn))?;
        let rules = rules_of(t, stored_rules(&state, id).await?);
        let reports = open_norms(p)
            .into_iter()
            .filter_map(|title| norm_report(t, pn, title, &rules))
            .map(|r| report_view(&l, t, &r))
            .collect();
        let page = PlayerNormsPage {
            head: head_in(id, t, &l),
            pairing_number: pn,
            name: titled_name(p),
            reports,
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

/// `GET /api/v1/tournaments/{id}/norms`: every player's report for every norm they can still
/// earn, in pairing-number order.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`] (problem+json).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/norms",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "Title norm reports", body = serde_json::Value), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn api_norms(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        json(
            &norm_reports(
                t,
                &rules_of(t, stored_rules(&state, id).await.map_err(WebError::api)?),
            ),
            Some(&v),
            state.config.public_max_age,
        )
    })
    .await
}

/// `GET /api/v1/tournaments/{id}/players/{pn}/norms`: one player's reports.
///
/// # Errors
/// [`WebError::NotFound`] (unknown tournament or player), [`WebError::Database`] (problem+json).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/players/{pn}/norms",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id"), ("pn" = u16, Path, description = "Pairing number")),
    responses((status = 200, description = "A player's title norm report", body = serde_json::Value), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn api_player_norms(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let t = &s.tournament;
        let p = t.player(pn).ok_or_else(|| WebError::no_player(pn).api())?;
        let rules = rules_of(t, stored_rules(&state, id).await.map_err(WebError::api)?);
        let reports: Vec<NormReport> = open_norms(p)
            .into_iter()
            .filter_map(|title| norm_report(t, pn, title, &rules))
            .collect();
        json(&reports, Some(&v), state.config.public_max_age)
    })
    .await
}

/// The organizer's form of the event's conditions for norms.
#[derive(Clone, Debug, Default, serde::Serialize, Deserialize)]
pub struct NormSettingsForm {
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
    /// The tournament's last change when the form was shown.
    #[serde(default)]
    pub seen: String,
    /// `none`, `national`, `national_team` or `zonal` (B.01 1.4.3a-c).
    #[serde(default)]
    pub exemption: String,
    /// The minimum number of games (1.4.1a: 9; 1.4.1b: 7 for the listed team championships).
    #[serde(default)]
    pub min_games: String,
    /// Federation codes outside FIDE (1.4.2a), separated by spaces or commas.
    #[serde(default)]
    pub non_fide: String,
}

crate::extract::csrf_field!(NormSettingsForm);

impl NormSettingsForm {
    /// The fields the form shows ([`crate::error::FormError`]).
    const FIELDS: [&'static str; 3] = ["exemption", "min_games", "non_fide"];

    fn of(rules: Option<&NormRules>, seen: &str) -> NormSettingsForm {
        let r = rules.cloned().unwrap_or_default();
        NormSettingsForm {
            csrf: String::new(),
            seen: seen.to_owned(),
            exemption: match r.federation_exemption {
                Some(FederationExemption::NationalChampionship) => "national",
                Some(FederationExemption::NationalTeamChampionship) => "national_team",
                Some(FederationExemption::Zonal) => "zonal",
                _ => "none",
            }
            .to_owned(),
            min_games: r.min_games.to_string(),
            non_fide: r.non_fide_federations.join(" "),
        }
    }

    /// The conditions the form describes.
    ///
    /// # Errors
    /// A `400` naming the field: an unknown exemption, a minimum outside 7-9 games, a federation
    /// code that is not three letters.
    fn rules(&self) -> Result<NormRules, WebError> {
        let federation_exemption = match self.exemption.as_str() {
            "" | "none" => None,
            "national" => Some(FederationExemption::NationalChampionship),
            "national_team" => Some(FederationExemption::NationalTeamChampionship),
            "zonal" => Some(FederationExemption::Zonal),
            other => {
                return Err(crate::respond::bad(
                    "exemption",
                    Msg::new("prizes-bad-choice").ltr("value", other),
                ));
            }
        };
        let min_games = crate::respond::number("min_games", &self.min_games, 7u16, 9)?.unwrap_or(9);
        let mut non_fide = Vec::new();
        for code in self
            .non_fide
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|c| !c.is_empty())
        {
            let code = code.to_ascii_uppercase();
            if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(crate::respond::bad(
                    "non_fide",
                    Msg::new("prizes-bad-federation").ltr("value", code),
                ));
            }
            non_fide.push(code);
        }
        Ok(NormRules {
            min_games,
            federation_exemption,
            non_fide_federations: non_fide,
            ..NormRules::default()
        })
    }
}

#[derive(Template)]
#[template(path = "norms_settings.html")]
struct SettingsPage<'a> {
    l: &'a L10n,
    id: String,
    csrf: String,
    error: FormError,
    form: NormSettingsForm,
}

/// `GET /tournaments/{id}/norms/settings` (organizer): the event's conditions for norms.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn settings_form(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await?;
    let rules = stored_rules(&state, id).await?;
    private(
        &SettingsPage {
            l: &l,
            id: id.to_string(),
            csrf: csrf_token(&session)?,
            error: FormError::none(),
            form: NormSettingsForm::of(rules.as_ref(), &seen_token(stored.updated_at)),
        },
        StatusCode::OK,
    )
}

/// `POST /tournaments/{id}/norms/settings` (organizer): saves the conditions (audited, before and
/// after); a bad field shows the form again naming it (400), a stale form is refused (409).
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn settings(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<NormSettingsForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let again = |error: FormError, status: StatusCode| {
        private(
            &SettingsPage {
                l: &l,
                id: id.to_string(),
                csrf: csrf_token(&session)?,
                error,
                form: form.clone(),
            },
            status,
        )
    };
    let rules = match form.rules() {
        Ok(r) => r,
        Err(e) => {
            let error = FormError::of(&e, &l, &NormSettingsForm::FIELDS);
            return again(error, StatusCode::BAD_REQUEST);
        }
    };
    let seen = parse_seen(&form.seen)?;
    let body = serde_json::to_string(&rules).map_err(|e| WebError::Internal(e.to_string()))?;
    let actor = user.actor();
    let saved = with_db(&state, move |c| {
        Ok(arbiter_db::set_document(
            c,
            id,
            arbiter_db::Document::NormRules,
            Some(&body),
            Some(seen),
            &actor,
        ))
    })
    .await?;
    match saved {
        Ok(()) => Ok(see_other_done(
            &format!("/tournaments/{id}/norms"),
            Done::Norms,
        )),
        Err(arbiter_db::ChangeError::Stale) => {
            again(FormError::top(l.t("edit-stale")), StatusCode::CONFLICT)
        }
        Err(e) => Err(e.into()),
    }
}
