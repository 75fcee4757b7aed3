//! The rating report pre-flight: before the TRF export sent to FIDE for rating, every record and
//! field the rating server needs is checked ([`arbiter_tournament::rating_report::preflight`])
//! and each gap is named with a link to the page that fixes it.
//!
//! - `GET /tournaments/{id}/rating-report` (the tournament's arbiters and organizers): the gaps,
//!   blocking ones first, with the TRF-2026 export link once none blocks;
//! - `GET /api/v1/tournaments/{id}/rating-report` (bearer token, same roles): the gaps as JSON,
//!   each with `record`, `field`, `severity`, `fix_at` and its data.

use actix_web::{HttpResponse, web};
use arbiter_tournament::rating_report::{
    EventField, FixAt, Gap, PlayerField, Severity, Subject, preflight,
};
use askama::Template;
use serde::Serialize;
use uuid::Uuid;

use crate::error::WebError;
use crate::extract::{ApiStaff, Arbiter, Staff};
use crate::l10n::{L10n, Msg};
use crate::respond::{load, ok};
use crate::state::AppState;
use crate::views::titled_name;

fn event_field(f: EventField) -> Msg {
    Msg::new(match f {
        EventField::Name => "fidereport-field-name",
        EventField::City => "fidereport-field-city",
        EventField::Federation => "fidereport-field-federation",
        EventField::StartDate => "fidereport-field-start-date",
        EventField::EndDate => "fidereport-field-end-date",
        EventField::PlayerCount => "fidereport-field-player-count",
        EventField::RatedPlayerCount => "fidereport-field-rated-count",
        EventField::TournamentType => "fidereport-field-type",
        EventField::TimeControl => "fidereport-field-time-control",
        EventField::Rounds => "fidereport-field-rounds",
        EventField::PairingSystem => "fidereport-field-pairing-system",
        EventField::EncodedTimeControl => "fidereport-field-encoded-time-control",
    })
}

fn player_field(f: PlayerField) -> Msg {
    Msg::new(match f {
        PlayerField::Name => "fidereport-player-name",
        PlayerField::Sex => "fidereport-player-sex",
        PlayerField::Federation => "fidereport-player-federation",
        PlayerField::FideId => "fidereport-player-fide-id",
        PlayerField::BirthDate => "fidereport-player-birth-date",
    })
}

/// A gap as a message (the record and field are shown in their own columns).
fn gap_msg(g: &Gap) -> Msg {
    match g {
        Gap::MissingEventField { field } => {
            Msg::new("fidereport-missing").msg("field", event_field(*field))
        }
        Gap::UnreadableEventField { field, text } => Msg::new("fidereport-unreadable")
            .msg("field", event_field(*field))
            .data("text", text.clone()),
        Gap::PartialDate { field, text } => Msg::new("fidereport-partial-date")
            .msg("field", event_field(*field))
            .ltr("text", text.clone()),
        Gap::EndBeforeStart => Msg::new("fidereport-end-before-start"),
        Gap::CountMismatch {
            field,
            declared,
            actual,
        } => Msg::new("fidereport-count")
            .msg("field", event_field(*field))
            .int("declared", *declared)
            .int("actual", *actual),
        Gap::RoundsUnplayed { planned, played } => Msg::new("fidereport-rounds-unplayed")
            .int("planned", *planned)
            .int("played", *played),
        Gap::MissingChiefArbiter => Msg::new("fidereport-no-chief-arbiter"),
        Gap::ArbiterWithoutFideId { subject, text } => {
            Msg::new(if *subject == Subject::ChiefArbiter {
                "fidereport-chief-without-id"
            } else {
                "fidereport-deputy-without-id"
            })
            .data("text", text.clone())
        }
        Gap::MissingRoundDate { round } => Msg::new("fidereport-round-date").int("round", *round),
        Gap::RoundDateOutsideEvent { round, date } => Msg::new("fidereport-round-date-outside")
            .int("round", *round)
            .ltr("date", date.to_string()),
        Gap::MissingResult {
            round,
            white,
            black,
        } => Msg::new("fidereport-missing-result")
            .int("round", *round)
            .int("white", *white)
            .int("black", *black),
        Gap::MissingPlayerField {
            player,
            field,
            new_player,
        } => Msg::new(if *new_player {
            "fidereport-player-missing-new"
        } else {
            "fidereport-player-missing"
        })
        .int("player", *player)
        .msg("field", player_field(*field)),
        Gap::UnreadablePlayerField {
            player,
            field,
            text,
            ..
        } => Msg::new("fidereport-player-unreadable")
            .int("player", *player)
            .msg("field", player_field(*field))
            .data("text", text.clone()),
        Gap::DuplicateFideId {
            player,
            other,
            fide_id,
        } => Msg::new("fidereport-duplicate-fide-id")
            .int("player", *player)
            .int("other", *other)
            .ltr("id", fide_id.to_string()),
        Gap::AccelerationUndeclared { records_present } => Msg::new(if *records_present {
            "fidereport-acceleration-no-system"
        } else {
            "fidereport-acceleration-no-records"
        }),
        Gap::AccelerationUnknownPlayer { player } => {
            Msg::new("fidereport-acceleration-unknown-player").int("player", *player)
        }
    }
}

/// Where a gap is fixed: the page's address and its link text.
fn fix_link(id: Uuid, f: FixAt, l: &L10n) -> (String, String) {
    match f {
        FixAt::EventSettings | FixAt::Arbiters => (
            format!("/tournaments/{id}/edit"),
            l.t("fidereport-fix-settings"),
        ),
        FixAt::Player(pn) => (
            format!("/tournaments/{id}/players/{pn}"),
            l.ta("fidereport-fix-player", &[("player", l.int(pn))]),
        ),
        FixAt::Round(n) => (
            format!("/tournaments/{id}/rounds/{n}/board"),
            l.ta("fidereport-fix-round", &[("round", l.int(n))]),
        ),
        FixAt::Results(n) => (
            format!("/tournaments/{id}/rounds/{n}/results"),
            l.ta("fidereport-fix-results", &[("round", l.int(n))]),
        ),
    }
}

struct GapLine {
    blocking: bool,
    record: String,
    text: String,
    link: String,
    link_text: String,
}

#[derive(Template)]
#[template(path = "rating_report.html")]
struct ReportPage {
    l: L10n,
    id: String,
    name: String,
    summary: String,
    lines: Vec<GapLine>,
    ready: bool,
}

/// `GET /tournaments/{id}/rating-report`: the gaps, blocking ones first.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn report_page(
    state: web::Data<AppState>,
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await?;
    let t = &stored.tournament;
    let mut gaps = preflight(t);
    gaps.sort_by_key(Gap::severity);
    let blocking = gaps
        .iter()
        .filter(|g| g.severity() == Severity::Blocking)
        .count();
    let lines = gaps
        .iter()
        .map(|g| {
            let (link, link_text) = fix_link(id, g.fix_at(), &l);
            let subject = match g.subject() {
                Subject::Player(pn) => t
                    .player(pn)
                    .map(|p| format!("{} · ", l.data(&titled_name(p))))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            GapLine {
                blocking: g.severity() == Severity::Blocking,
                record: g.record().to_owned(),
                text: format!("{subject}{}", l.m(&gap_msg(g))),
                link,
                link_text,
            }
        })
        .collect();
    let page = ReportPage {
        summary: l.ta(
            "fidereport-summary",
            &[
                ("blocking", l.int(blocking)),
                ("warnings", l.int(gaps.len() - blocking)),
            ],
        ),
        ready: blocking == 0,
        id: id.to_string(),
        name: t.name.clone().unwrap_or_else(|| l.t("unnamed")),
        lines,
        l,
    };
    ok(&page)
}

/// One gap in `GET /api/v1/tournaments/{id}/rating-report`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GapJson {
    /// The TRF record (`012`, `001`, ...).
    pub record: &'static str,
    /// The field, in English.
    pub field: &'static str,
    /// `Blocking` or `Warning`.
    #[schema(value_type = String)]
    pub severity: Severity,
    /// Where to fix it: `{"at": "settings" | "player" | ..., "number"?: N}`.
    #[schema(value_type = Object)]
    pub fix_at: FixAt,
    /// The gap with its data: `{"gap": KIND, ...}`.
    #[schema(value_type = Object)]
    pub gap: Gap,
    /// The gap in English.
    pub text: String,
}

/// `GET /api/v1/tournaments/{id}/rating-report` (bearer token of an arbiter or organizer).
///
/// # Errors
/// Problem JSON: 401, 403, 404.
#[utoipa::path(
    get,
    path = "/api/v1/tournaments/{id}/rating-report",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "The rating report's pre-flight: what FIDE would refuse", body = [GapJson])),
    security(("bearer" = []))
)]
pub async fn api_report(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    _staff: ApiStaff<Arbiter>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let stored = load(&state, id).await.map_err(WebError::api)?;
    let gaps: Vec<GapJson> = preflight(&stored.tournament)
        .into_iter()
        .map(|g| GapJson {
            record: g.record(),
            field: g.field(),
            severity: g.severity(),
            fix_at: g.fix_at(),
            text: g.to_string(),
            gap: g,
        })
        .collect();
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(gaps))
}
