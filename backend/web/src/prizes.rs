//! Prizes: the organizer's prize list (main prizes by place, category prizes: rating groups,
//! unrated, women, juniors, seniors, born on/after or on/before a date, a federation), how ties
//! share money (by the tie-breaks, by the Hort system, equally) and whether a player receives
//! only the highest prize due or all of them; the prizes given out from the standings
//! ([`arbiter_tournament::prizes::allocate`]).
//!
//! - `GET /tournaments/{id}/prizes`: the prizes given out, public and printable;
//! - `GET /tournaments/{id}/prizes/edit`, `POST` the same: the organizer's form (audited);
//! - `GET /api/v1/tournaments/{id}/prizes`: the list and the allocation as JSON;
//!   `PUT /api/v1/tournaments/{id}/prizes` (organizer's bearer token): replaces the list
//!   ([`PrizeList`] as JSON; `null` removes it).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::prizes::{
    AllocateError, Allocation, Award, Criterion, ListProblem, ListRef, Money, PrizeList,
    PrizeSettings, PrizesPerPlayer, TieSharing, allocate, check_list,
};
use arbiter_tournament::{Sex, Tournament};
use askama::Template;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::auth::csrf_token;
use crate::done::Done;
use crate::error::{FormError, WebError};
use crate::extract::{ApiStaff, Checked, Organizer, Staff};
use crate::json_body::ApiJson;
use crate::l10n::{L10n, Msg};
use crate::respond::{html, json, load, parse_seen, private, see_other_done, seen_token};
use crate::state::{AppState, with_db};
use crate::views::{Head, head_in, standings_for, titled_name};
use crate::visibility::{public_api, public_page};

mod form;

use form::{PrizeForm, form_of};

/// The stored list, read; a list that no longer reads is an internal error (it was checked when
/// saved).
fn stored_list(text: Option<&str>) -> Result<Option<PrizeList>, WebError> {
    text.map(serde_json::from_str)
        .transpose()
        .map_err(|e| WebError::Internal(format!("stored prize list: {e}")))
}

fn list_name(l: &L10n, list: &PrizeList, r: ListRef) -> String {
    match r {
        ListRef::Main => l.t("prizes-main"),
        ListRef::Category(i) => list
            .categories
            .get(i)
            .map_or_else(|| l.int(i + 1), |c| c.name.clone()),
    }
}

/// A category's criteria in the reader's language (`rated 2000-2199, women`).
fn criteria_in(l: &L10n, criteria: &[Criterion]) -> String {
    let one = |c: &Criterion| match c {
        Criterion::Rating {
            min,
            max,
            unrated_included,
        } => {
            let range = match (min, max) {
                (Some(a), Some(b)) => l.ta(
                    "prizes-rated-between",
                    &[("min", l.int(a)), ("max", l.int(b))],
                ),
                (Some(a), None) => l.ta("prizes-rated-from", &[("min", l.int(a))]),
                (None, Some(b)) => l.ta("prizes-rated-to", &[("max", l.int(b))]),
                (None, None) => l.t("prizes-rated"),
            };
            if *unrated_included {
                l.ta("prizes-or-unrated", &[("group", range)])
            } else {
                range
            }
        }
        Criterion::Unrated => l.t("prizes-unrated"),
        Criterion::Sex(Sex::Female) => l.t("prizes-women"),
        Criterion::Sex(Sex::Male) => l.t("prizes-men"),
        Criterion::JuniorUnder(a) => l.ta("prizes-junior", &[("age", l.int(a))]),
        Criterion::SeniorFrom(a) => l.ta("prizes-senior", &[("age", l.int(a))]),
        Criterion::BornOnOrAfter(d) => l.ta("prizes-born-after", &[("date", l.date(*d))]),
        Criterion::BornOnOrBefore(d) => l.ta("prizes-born-before", &[("date", l.date(*d))]),
        Criterion::Federation(f) => l.ta("prizes-federation", &[("federation", l.ltr(f))]),
    };
    criteria
        .iter()
        .map(one)
        .collect::<Vec<_>>()
        .join(&l.t("list-separator"))
}

/// Money in the reader's digits (`1,250.00 EUR` as `۱۲۵۰٫۰۰ EUR`).
fn money_in(l: &L10n, m: &Money) -> String {
    l.digits(&m.to_string())
}

/// `minor_units` of `currency` as money in the reader's digits, or a bare number without a
/// currency (a list of prizes in kind only).
fn amount_in(l: &L10n, minor_units: i64, currency: Option<&str>) -> String {
    currency.map_or_else(
        || l.int(minor_units),
        |c| {
            money_in(
                l,
                &Money {
                    minor_units,
                    currency: c.to_owned(),
                },
            )
        },
    )
}

fn award_in(l: &L10n, a: &Award) -> String {
    match a {
        Award::Money(m) => money_in(l, m),
        Award::Item { name, .. } => name.clone(),
    }
}

/// The name of a list as a message: the main list's from the catalogue, a category's as the
/// organizer wrote it.
fn list_msg(list: &PrizeList, r: ListRef) -> Msg {
    match r {
        ListRef::Main => Msg::new("prizes-main"),
        ListRef::Category(i) => list.categories.get(i).map_or_else(
            || Msg::plain((i + 1).to_string()),
            |c| Msg::plain(c.name.clone()),
        ),
    }
}

/// A refusal (or warning) about the list, naming the list and the place, as a message for the
/// page (rendered in the reader's language) or for the API's problem `detail`.
fn problem_msg(list: &PrizeList, p: &ListProblem) -> Msg {
    use ListProblem as P;
    let m = |key: &'static str, r: &ListRef| Msg::new(key).msg("list", list_msg(list, *r));
    match p {
        P::DuplicatePlace { list: r, place } => {
            m("prizes-problem-duplicate", r).int("place", *place)
        }
        P::PlaceZero { list: r } => m("prizes-problem-place-zero", r),
        P::EmptyCategory { list: r } => m("prizes-problem-empty", r),
        P::NegativeAmount { list: r, place, .. } => {
            m("prizes-problem-negative", r).int("place", *place)
        }
        P::BadCurrency {
            list: r, currency, ..
        } => m("prizes-problem-currency", r).ltr("currency", currency.clone()),
        P::MixedCurrency {
            list: r,
            place,
            currency,
            expected,
        } => m("prizes-problem-mixed", r)
            .int("place", *place)
            .ltr("currency", currency.clone())
            .ltr("expected", expected.clone()),
        P::UnnamedItem { list: r, place } => m("prizes-problem-unnamed", r).int("place", *place),
        P::EmptyRatingGroup { list: r, min, max } => m("prizes-problem-rating-group", r)
            .int("min", *min)
            .int("max", *max),
        P::ImpossibleCriteria { list: r } => m("prizes-problem-impossible", r),
        P::BadFederation { list: r, code } => {
            m("prizes-problem-federation", r).ltr("code", code.clone())
        }
        P::PlaceGap { list: r, missing } => m("prizes-problem-gap", r).int("place", *missing),
        P::WorseSpotWorthMore {
            list: r,
            place,
            better,
        } => m("prizes-problem-worth-more", r)
            .int("place", *place)
            .int("better", *better),
    }
}

fn problem_in(l: &L10n, list: &PrizeList, p: &ListProblem) -> String {
    l.m(&problem_msg(list, p))
}

struct PrizeLine {
    place: String,
    award: String,
    recipients: Vec<(u16, String, String)>,
    none: bool,
}

struct ListView {
    name: String,
    criteria: String,
    lines: Vec<PrizeLine>,
    groups: Vec<String>,
}

#[derive(Template)]
#[template(path = "prizes.html")]
struct PrizesPage {
    l: L10n,
    head: Head,
    settings: String,
    lists: Vec<ListView>,
    warnings: Vec<String>,
    error: String,
    totals: Vec<(u16, String, String)>,
    defined: bool,
}

fn sharing_in(l: &L10n, s: TieSharing) -> String {
    l.t(match s {
        TieSharing::ByTieBreaks => "prizes-ties-tiebreaks",
        TieSharing::Hort => "prizes-ties-hort",
        TieSharing::Equal => "prizes-ties-equal",
    })
}

fn settings_in(l: &L10n, s: PrizeSettings) -> String {
    let per = l.t(match s.per_player {
        PrizesPerPlayer::HighestOnly => "prizes-highest-only",
        PrizesPerPlayer::All => "prizes-all",
    });
    format!("{per} {}", sharing_in(l, s.ties))
}

/// The allocation as the page shows it: per list, each place with its prize and who receives
/// what; the tie groups' sharing; per player the total.
fn lists_of(l: &L10n, t: &Tournament, list: &PrizeList, a: &Allocation) -> Vec<ListView> {
    let name_of = |pn: u16| t.player(pn).map_or_else(|| format!("#{pn}"), titled_name);
    list.lists()
        .map(|r| {
            let mut shown_groups = std::collections::BTreeSet::new();
            let lines = a
                .prizes
                .iter()
                .filter(|p| p.list == r)
                .filter_map(|p| {
                    // A tie group's places are shown once: the places shared, the prizes pooled,
                    // and what each member receives from them.
                    if let Some(g) = p.group.and_then(|gi| a.groups.get(gi).map(|g| (gi, g))) {
                        let (gi, g) = g;
                        if !shown_groups.insert(gi) {
                            return None;
                        }
                        let money = |v: i64| amount_in(l, v, g.currency.as_deref());
                        let places: Vec<String> = g.places.iter().map(|x| l.int(x)).collect();
                        return Some(PrizeLine {
                            place: places.join(&l.t("list-separator")),
                            award: money(g.prizes_total),
                            none: g.members.is_empty(),
                            recipients: g
                                .members
                                .iter()
                                .map(|m| (m.player, name_of(m.player), money(m.total)))
                                .collect(),
                        });
                    }
                    let recipients = p
                        .recipients
                        .iter()
                        .map(|&pn| {
                            let paid = a
                                .players
                                .iter()
                                .find(|x| x.player == pn)
                                .and_then(|x| {
                                    x.received
                                        .iter()
                                        .find(|rc| rc.list == r && rc.place == Some(p.place))
                                })
                                .map(|rc| match (&rc.paid, &rc.prize) {
                                    (Some(m), _) => money_in(l, m),
                                    (None, Some(award)) => award_in(l, award),
                                    (None, None) => String::new(),
                                })
                                .unwrap_or_default();
                            (pn, name_of(pn), paid)
                        })
                        .collect::<Vec<_>>();
                    Some(PrizeLine {
                        place: l.int(p.place),
                        award: award_in(l, &p.award),
                        none: recipients.is_empty(),
                        recipients,
                    })
                })
                .collect();
            let groups = a
                .groups
                .iter()
                .filter(|g| g.list == r)
                .map(|g| {
                    let places: Vec<String> = g.places.iter().map(|p| l.int(p)).collect();
                    let money = |v: i64| amount_in(l, v, g.currency.as_deref());
                    l.ta(
                        "prizes-group",
                        &[
                            ("n", l.int(g.members.len())),
                            ("points", l.digits(&g.points.to_string())),
                            ("places", places.join(&l.t("list-separator"))),
                            ("sharing", sharing_in(l, g.sharing)),
                            ("pool", money(g.pool)),
                            ("each", money(g.share_each)),
                        ],
                    )
                })
                .collect();
            ListView {
                name: list_name(l, list, r),
                criteria: criteria_in(l, list.criteria(r)),
                lines,
                groups,
            }
        })
        .collect()
}

/// `GET /tournaments/{id}/prizes`: the prizes given out from the current standings.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`].
pub async fn prizes_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let text = with_db(&state, move |c| {
            Ok(arbiter_db::document(c, id, arbiter_db::Document::Prizes)?)
        })
        .await?;
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let list = stored_list(text.as_deref())?;
        let mut page = PrizesPage {
            head: head_in(id, t, &l),
            settings: String::new(),
            lists: vec![],
            warnings: vec![],
            error: String::new(),
            totals: vec![],
            defined: list.is_some(),
            l,
        };
        if let Some(list) = list {
            let l = &page.l;
            page.settings = settings_in(l, list.settings);
            page.warnings = check_list(&list)
                .iter()
                .filter(|p| !p.is_error())
                .map(|p| problem_in(l, &list, p))
                .collect();
            let data = standings_for(t, None);
            match allocate(&list, t, &data.standings) {
                Ok(a) => {
                    page.lists = lists_of(l, t, &list, &a);
                    page.totals = a
                        .players
                        .iter()
                        .filter(|p| p.total > 0)
                        .map(|p| {
                            let total = a
                                .currency
                                .as_deref()
                                .map(|c| amount_in(l, p.total, Some(c)))
                                .unwrap_or_default();
                            (
                                p.player,
                                t.player(p.player)
                                    .map_or_else(|| format!("#{}", p.player), titled_name),
                                total,
                            )
                        })
                        .collect();
                }
                Err(AllocateError::NoEventYear) => page.error = l.t("prizes-no-event-year"),
                Err(AllocateError::InvalidList(problems)) => {
                    page.error = problems
                        .first()
                        .map(|p| problem_in(l, &list, p))
                        .unwrap_or_default();
                }
            }
        }
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

#[derive(Template)]
#[template(path = "prizes_edit.html")]
struct EditPage<'a> {
    l: &'a L10n,
    id: String,
    csrf: String,
    error: FormError,
    form: PrizeForm,
    kinds: &'static [(&'static str, &'static str)],
}

/// `GET /tournaments/{id}/prizes/edit`: the organizer's form, filled with the list as stored.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn edit_form(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await?;
    let text = with_db(&state, move |c| {
        Ok(arbiter_db::document(c, id, arbiter_db::Document::Prizes)?)
    })
    .await?;
    let list = stored_list(text.as_deref())?;
    let form = form_of(list.as_ref(), &seen_token(stored.updated_at));
    private(
        &EditPage {
            l: &l,
            id: id.to_string(),
            csrf: csrf_token(&session)?,
            error: FormError::none(),
            form,
            kinds: &form::KINDS,
        },
        StatusCode::OK,
    )
}

/// `POST /tournaments/{id}/prizes/edit`: saves the list (audited, before and after); every
/// category and every amount is read and checked, and a refusal shows the form again naming the
/// field (400); a form shown before another change is refused (409). An empty form removes the
/// list.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn edit(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(form): Checked<PrizeForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let again = |error: FormError, status: StatusCode, form: PrizeForm| {
        private(
            &EditPage {
                l: &l,
                id: id.to_string(),
                csrf: csrf_token(&session)?,
                error,
                form,
                kinds: &form::KINDS,
            },
            status,
        )
    };
    let list = match form.list() {
        Ok(list) => list,
        Err(e) => {
            let error = FormError::of(&e, &l, &form.fields());
            return again(error, StatusCode::BAD_REQUEST, form);
        }
    };
    if let Some(list) = &list {
        if let Some(p) = check_list(list).iter().find(|p| p.is_error()) {
            let error = FormError::top(problem_in(&l, list, p));
            return again(error, StatusCode::BAD_REQUEST, form);
        }
    }
    let seen = parse_seen(&form.seen)?;
    let text = list
        .as_ref()
        .map(serde_json::to_string)
        .transpose()
        .map_err(|e| WebError::Internal(e.to_string()))?;
    let actor = user.actor();
    let saved = with_db(&state, move |c| {
        Ok(arbiter_db::set_document(
            c,
            id,
            arbiter_db::Document::Prizes,
            text.as_deref(),
            Some(seen),
            &actor,
        ))
    })
    .await?;
    match saved {
        Ok(()) => Ok(see_other_done(
            &format!("/tournaments/{id}/prizes"),
            Done::Prizes,
        )),
        Err(arbiter_db::ChangeError::Stale) => again(
            FormError::top(l.t("edit-stale")),
            StatusCode::CONFLICT,
            form,
        ),
        Err(e) => Err(e.into()),
    }
}

/// The body of `GET /api/v1/tournaments/{id}/prizes`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PrizesJson {
    /// The organizer's list; `null` when none is set.
    #[schema(value_type = Option<Object>)]
    pub list: Option<PrizeList>,
    /// The prizes given out from the current standings (money in minor units); `null` without a
    /// list or when it cannot be allocated (`error` says why).
    #[schema(value_type = Option<Object>)]
    pub allocation: Option<Allocation>,
    /// Why the list cannot be allocated (English; the problems are also in `problems`).
    pub error: Option<String>,
    /// The list's problems, errors and warnings (`check_list`).
    #[schema(value_type = Vec<Object>)]
    pub problems: Vec<ListProblem>,
}

/// `GET /api/v1/tournaments/{id}/prizes`.
///
/// # Errors
/// [`WebError::NotFound`], [`WebError::Database`] (problem+json).
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/prizes",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "The prize list and its winners", body = PrizesJson), (status = 304, description = "Not modified (If-None-Match)"))
)]
pub async fn api_prizes(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    public_api(&state, &req, id, async |s, v| {
        let text = with_db(&state, move |c| {
            Ok(arbiter_db::document(c, id, arbiter_db::Document::Prizes)?)
        })
        .await
        .map_err(WebError::api)?;
        let list = stored_list(text.as_deref()).map_err(WebError::api)?;
        let t = &s.tournament;
        let (allocation, error, problems) = match &list {
            None => (None, None, vec![]),
            Some(list) => {
                let problems = check_list(list);
                match allocate(list, t, &standings_for(t, None).standings) {
                    Ok(a) => (Some(a), None, problems),
                    Err(e) => (None, Some(e.to_string()), problems),
                }
            }
        };
        let body = PrizesJson {
            list,
            allocation,
            error,
            problems,
        };
        json(&body, Some(&v), state.config.public_max_age)
    })
    .await
}

/// The body of `PUT /api/v1/tournaments/{id}/prizes`: the list (or `null`) and, optionally, the
/// tournament's last change as the client saw it (a stale one is refused with 409).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PutPrizes {
    /// The new list; `null` removes it.
    #[schema(value_type = Option<Object>)]
    pub list: Option<PrizeList>,
    /// `updated_at` of the tournament as last read.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "2026-11-26T18:30:00.123456", pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?$")]
    pub seen: Option<chrono::NaiveDateTime>,
}

/// `PUT /api/v1/tournaments/{id}/prizes` (organizer's bearer token): replaces the list. `204`.
///
/// # Errors
/// Problem JSON: 401, 403, 404; 400 naming the first error of the list (field `list`); 409 when
/// `seen` is stale.
#[utoipa::path(
    put,
    path = "/api/v1/tournaments/{id}/prizes",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    request_body = PutPrizes,
    responses((status = 204, description = "Replaced")),
    security(("bearer" = []))
)]
pub async fn api_put(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
    body: ApiJson<PutPrizes>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let body = body.into_inner();
        if let Some(list) = &body.list {
            if let Some(p) = check_list(list).into_iter().find(ListProblem::is_error) {
                return Err(WebError::BadRequest {
                    field: "list".into(),
                    message: problem_msg(list, &p),
                });
            }
        }
        let text = body
            .list
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| WebError::Internal(e.to_string()))?;
        let actor = user.actor();
        let seen = body.seen;
        with_db(&state, move |c| {
            Ok(arbiter_db::set_document(
                c,
                id,
                arbiter_db::Document::Prizes,
                text.as_deref(),
                seen,
                &actor,
            ))
        })
        .await??;
        Ok(HttpResponse::NoContent().finish())
    }
    .await
    .map_err(WebError::api)
}
