//! FIDE rating lists in the service: the stored monthly snapshots, an administrator's upload of
//! a downloaded list (TXT or XML, streamed to a temporary file, then imported in one transaction,
//! [`arbiter_db::rating_list::import_rating_list`]), a search by FIDE id or name, and an
//! organizer's refresh of an event's players from the newest snapshot before round 1 (previewed,
//! then applied, one audit entry per changed player).
//!
//! - `GET /rating-lists[?q=]` (signed in) and `POST /rating-lists` (administrator, multipart:
//!   `csrf` first, then `file`, optional `date` `YYYY-MM-DD` and `list`);
//! - `GET /tournaments/{id}/ratings/refresh` (organizer: what would change) and `POST` the same;
//! - `GET /api/v1/rating-lists`, `GET /api/v1/rating-lists/players/{fide_id}`,
//!   `GET /api/v1/rating-lists/search?q=`, `POST /api/v1/tournaments/{id}/ratings/refresh`
//!   (organizer's bearer token).

use std::io::Write;

use actix_multipart::Multipart;
use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use arbiter_db::rating_list::{
    FieldChange, ImportError, RefreshError, RefreshReport, StoredListedPlayer,
};
use arbiter_tournament::Sex;
use arbiter_tournament::rating_list::{
    ListField, ListHint, ListKind, ListPlace, RatingListError, RatingListKind,
};
use askama::Template;
use futures_util::StreamExt;
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::{check_csrf, csrf_token};
use crate::done::Done;
use crate::error::WebError;
use crate::extract::{ApiStaff, Checked, Organizer, SignedIn, Staff};
use crate::l10n::{L10n, Msg};
use crate::respond::{bad, json, load, ok, private, see_other_done};
use crate::state::{AppState, with_db};
use crate::views::rating_list_key;

/// The largest list file taken (FIDE's combined XML is about 500 MB).
const MAX_UPLOAD: usize = 1 << 30;

/// `?q=`: a FIDE id or the start of a name; `t`: the tournament to register the players found in
/// (the page then offers a register button per player, which the organizer's route checks).
#[derive(Debug, Default, Deserialize)]
pub struct SearchQuery {
    /// The query.
    #[serde(default)]
    pub q: String,
    /// The tournament (UUID) to register in.
    #[serde(default)]
    pub t: Option<Uuid>,
}

/// The API's `?q=` ([`api_search`]): required, as documented (the page's [`SearchQuery`] shows
/// the empty form without it).
#[derive(Debug, Deserialize)]
pub struct ApiSearchQuery {
    /// A FIDE id or the start of a name.
    pub q: String,
}

/// A FIDE id (digits) or a name, looked up in the newest snapshot (at most 50 players).
async fn search(state: &AppState, q: String) -> Result<Vec<StoredListedPlayer>, WebError> {
    let q = q.trim().to_owned();
    if q.is_empty() {
        return Ok(vec![]);
    }
    with_db(state, move |c| {
        if let Ok(id) = q.parse::<u64>() {
            return Ok(arbiter_db::rating_list::listed_player(c, id, None)?
                .into_iter()
                .collect());
        }
        Ok(arbiter_db::rating_list::search_rating_list(
            c, &q, None, 50,
        )?)
    })
    .await
}

struct SnapshotLine {
    date: String,
    lists: String,
    players: String,
    imported: String,
}

struct FoundLine {
    fide_id: String,
    name: String,
    title: String,
    federation: String,
    sex: String,
    born: String,
    standard: String,
    rapid: String,
    blitz: String,
}

#[derive(Template)]
#[template(path = "rating_lists.html")]
struct ListsPage {
    l: L10n,
    csrf: String,
    admin: bool,
    message: String,
    q: String,
    /// The tournament to register the players found in, as text (empty: none).
    register_in: String,
    snapshots: Vec<SnapshotLine>,
    found: Vec<FoundLine>,
    searched: bool,
}

async fn lists_view(
    state: &AppState,
    session: &Session,
    l: L10n,
    admin: bool,
    q: String,
    message: String,
) -> Result<ListsPage, WebError> {
    let snapshots = with_db(state, |c| Ok(arbiter_db::rating_list::rating_lists(c)?)).await?;
    let found = search(state, q.clone()).await?;
    let rating = |p: &StoredListedPlayer, k: RatingListKind| {
        p.player
            .rating(k)
            .map(|r| {
                let mut s = l.int(r.rating);
                if let Some(k) = r.k {
                    s.push_str(&format!(" (K {})", l.int(k)));
                }
                s
            })
            .unwrap_or_default()
    };
    let found = found
        .iter()
        .map(|p| FoundLine {
            fide_id: p.player.fide_id.to_string(),
            name: p.player.name.clone(),
            title: p
                .player
                .best_title()
                .map(|t| t.as_str().to_owned())
                .unwrap_or_default(),
            federation: p.player.federation.clone(),
            sex: match p.player.sex {
                Some(Sex::Female) => l.t("prizes-women"),
                Some(Sex::Male) => l.t("prizes-men"),
                None => String::new(),
            },
            born: p.player.birth_year.map(|y| l.int(y)).unwrap_or_default(),
            standard: rating(p, RatingListKind::Standard),
            rapid: rating(p, RatingListKind::Rapid),
            blitz: rating(p, RatingListKind::Blitz),
        })
        .collect();
    let snapshots = snapshots
        .iter()
        .map(|s| SnapshotLine {
            date: l.date(s.date),
            lists: RatingListKind::ALL
                .into_iter()
                .filter(|&k| s.holds(k))
                .map(|k| l.t(rating_list_key(k)))
                .collect::<Vec<_>>()
                .join(&l.t("list-separator")),
            players: l.int(s.players),
            imported: l.date(s.imported_at.date()),
        })
        .collect();
    Ok(ListsPage {
        csrf: csrf_token(session)?,
        register_in: String::new(),
        admin,
        message,
        searched: !q.trim().is_empty(),
        q,
        snapshots,
        found,
        l,
    })
}

/// `GET /rating-lists[?q=]`: the snapshots stored, a search of the newest one, and (for an
/// administrator) the upload form.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Database`].
pub async fn lists_page(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
    query: web::Query<SearchQuery>,
) -> Result<HttpResponse, WebError> {
    let query = query.into_inner();
    let mut page = lists_view(&state, &session, l, user.is_admin, query.q, String::new()).await?;
    page.register_in = query.t.map(|t| t.to_string()).unwrap_or_default();
    ok(&page)
}

/// An import's refusal as a message naming the line (or record), the field and the value.
fn import_msg(e: &ImportError) -> Msg {
    match e {
        ImportError::NoDate => Msg::new("lists-no-date"),
        ImportError::AlreadyImported { date, kind } => Msg::new("lists-already")
            .ltr("date", date.to_string())
            .text("list", kind.as_str()),
        ImportError::Duplicate { fide_id } => {
            Msg::new("lists-duplicate").ltr("id", fide_id.to_string())
        }
        ImportError::List(e) => Msg::new("lists-unreadable").msg("error", list_error_msg(e)),
        other => Msg::new("lists-unreadable").data("error", other.to_string()),
    }
}

/// Where in the file: `line 12` (TXT) or `record 7, byte 1350` (XML).
fn place_msg(p: &ListPlace) -> Msg {
    match p {
        ListPlace::Line(n) => {
            Msg::new("lists-at-line").int("line", i64::try_from(*n).unwrap_or(i64::MAX))
        }
        ListPlace::Record { index, offset } => Msg::new("lists-at-record")
            .int("record", i64::try_from(*index).unwrap_or(i64::MAX))
            .int("byte", i64::try_from(*offset).unwrap_or(i64::MAX)),
    }
}

fn field_msg(f: ListField) -> Msg {
    let list = |k: RatingListKind| Msg::new(rating_list_key(k));
    match f {
        ListField::FideId => Msg::new("fidereport-player-fide-id"),
        ListField::Name => Msg::new("fidereport-player-name"),
        ListField::Federation => Msg::new("fidereport-player-federation"),
        ListField::Sex => Msg::new("fidereport-player-sex"),
        ListField::Title | ListField::WomenTitle | ListField::FoaTitle => {
            Msg::new("lists-field-title")
        }
        ListField::Rating(k) => Msg::new("lists-field-rating").msg("list", list(k)),
        ListField::Games(k) => Msg::new("lists-field-games").msg("list", list(k)),
        ListField::K(k) => Msg::new("lists-field-k").msg("list", list(k)),
        ListField::BirthYear => Msg::new("fidereport-player-birth-date"),
    }
}

/// A reader's refusal in the reader's language, naming the place, the field and the value.
fn list_error_msg(e: &RatingListError) -> Msg {
    let int = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    match e {
        RatingListError::NoHeader { line } => Msg::new("lists-no-header").int("line", int(*line)),
        RatingListError::MissingColumn { line, column } => Msg::new("lists-missing-column")
            .int("line", int(*line))
            .ltr("column", *column),
        RatingListError::UnknownKind => Msg::new("lists-unknown-kind"),
        RatingListError::Field {
            place,
            field,
            value,
        } => Msg::new("lists-bad-field")
            .msg("place", place_msg(place))
            .msg("field", field_msg(*field))
            .data("value", value.clone()),
        RatingListError::NoFideId { place } => {
            Msg::new("lists-no-fide-id").msg("place", place_msg(place))
        }
        RatingListError::Truncated { offset } => {
            Msg::new("lists-truncated").int("byte", int(*offset))
        }
        other => Msg::plain(other.to_string()),
    }
}

/// `POST /rating-lists` (administrator): imports a downloaded list. The multipart body gives
/// `csrf` first (checked before any byte of the file is read), then optionally `date` and
/// `list`, then `file`, streamed to a temporary file (at most 1 GiB) and imported whole or not at
/// all.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`] (not an administrator, CSRF); a refused
/// file shows the page again naming the line and field (400).
pub async fn upload(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    SignedIn(user): SignedIn,
    mut body: Multipart,
) -> Result<HttpResponse, WebError> {
    if !user.is_admin {
        return Err(WebError::Forbidden(Msg::new("lists-admin-only")));
    }
    let mut csrf_ok = false;
    let mut date: Option<chrono::NaiveDate> = None;
    let mut kind: Option<ListKind> = None;
    let mut file: Option<(tempfile::NamedTempFile, String)> = None;
    while let Some(field) = body.next().await {
        let mut field = field.map_err(|e| {
            bad(
                "file",
                Msg::new("lists-unreadable").data("error", e.to_string()),
            )
        })?;
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            if !csrf_ok {
                return Err(WebError::Forbidden(Msg::new("lists-csrf-first")));
            }
            let file_name = field
                .content_disposition()
                .and_then(|d| d.get_filename())
                .unwrap_or_default()
                .to_owned();
            let mut tmp =
                tempfile::NamedTempFile::new().map_err(|e| WebError::Internal(e.to_string()))?;
            let mut size = 0usize;
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(|e| {
                    bad(
                        "file",
                        Msg::new("lists-unreadable").data("error", e.to_string()),
                    )
                })?;
                size += chunk.len();
                if size > MAX_UPLOAD {
                    return Err(bad("file", Msg::new("lists-too-large")));
                }
                tmp.write_all(&chunk)
                    .map_err(|e| WebError::Internal(e.to_string()))?;
            }
            if size > 0 {
                file = Some((tmp, file_name));
            }
            continue;
        }
        let mut text = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| {
                bad(
                    &name,
                    Msg::new("lists-unreadable").data("error", e.to_string()),
                )
            })?;
            if text.len() + chunk.len() > 4096 {
                return Err(bad(
                    &name,
                    Msg::new("lists-unreadable").data("error", "too long"),
                ));
            }
            text.extend_from_slice(&chunk);
        }
        let text = String::from_utf8_lossy(&text).trim().to_owned();
        match name.as_str() {
            "csrf" => {
                check_csrf(&session, &text)?;
                csrf_ok = true;
            }
            "date" if !text.is_empty() => {
                date = Some(
                    chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d").map_err(|_| {
                        bad(
                            "date",
                            Msg::new("prizes-bad-date").ltr("value", text.clone()),
                        )
                    })?,
                );
            }
            "list" if !text.is_empty() => {
                kind = Some(match text.as_str() {
                    "combined" => ListKind::Combined,
                    other => match RatingListKind::parse(other) {
                        Some(RatingListKind::Standard) => ListKind::Standard,
                        Some(RatingListKind::Rapid) => ListKind::Rapid,
                        Some(RatingListKind::Blitz) => ListKind::Blitz,
                        None => {
                            return Err(bad(
                                "list",
                                Msg::new("prizes-bad-choice").ltr("value", text.clone()),
                            ));
                        }
                    },
                });
            }
            _ => {}
        }
    }
    if !csrf_ok {
        return Err(WebError::Forbidden(Msg::new("lists-csrf-first")));
    }
    let Some((tmp, file_name)) = file else {
        let message = l.t("lists-no-file");
        let page = lists_view(&state, &session, l, true, String::new(), message).await?;
        return private(&page, StatusCode::BAD_REQUEST);
    };
    let imported = with_db(&state, move |c| {
        let reader = std::io::BufReader::new(
            std::fs::File::open(tmp.path()).map_err(|e| WebError::Internal(e.to_string()))?,
        );
        let hint = ListHint {
            file_name: Some(&file_name),
            kind,
            date,
        };
        Ok(arbiter_db::rating_list::import_rating_list(
            c, reader, &hint,
        ))
    })
    .await?;
    match imported {
        Ok(_) => Ok(see_other_done("/rating-lists", Done::RatingList)),
        Err(ImportError::Database(e)) => Err(e.into()),
        Err(e) => {
            let message = l.m(&import_msg(&e));
            let page = lists_view(&state, &session, l, true, String::new(), message).await?;
            private(&page, StatusCode::BAD_REQUEST)
        }
    }
}

fn change_in(l: &L10n, c: &FieldChange) -> String {
    let opt = |v: Option<String>| v.unwrap_or_else(|| l.t("refresh-none"));
    let (key, before, after) = match c {
        FieldChange::Rating { before, after } => (
            "refresh-rating",
            opt(before.map(|r| l.int(r))),
            opt(after.map(|r| l.int(r))),
        ),
        FieldChange::Title { before, after } => (
            "refresh-title-change",
            opt(before.as_deref().map(|t| l.data(t))),
            opt(after.as_deref().map(|t| l.data(t))),
        ),
        FieldChange::Federation { before, after } => (
            "refresh-federation",
            opt(before.as_deref().map(|f| l.data(f))),
            l.data(after),
        ),
        FieldChange::KFactor { before, after } => (
            "refresh-k",
            opt(before.map(|k| l.int(k))),
            opt(after.map(|k| l.int(k))),
        ),
        FieldChange::Sex { before, after } => {
            let sex = |s: Sex| {
                l.t(if s == Sex::Female {
                    "prizes-women"
                } else {
                    "prizes-men"
                })
            };
            ("refresh-sex", opt(before.map(sex)), sex(*after))
        }
        FieldChange::BirthYear { before, after } => (
            "refresh-born",
            opt(before.map(|b| l.digits(&b.to_string()))),
            l.int(after),
        ),
    };
    l.ta(key, &[("before", before), ("after", after)])
}

#[derive(Template)]
#[template(path = "ratings_refresh.html")]
struct RefreshPage {
    l: L10n,
    id: String,
    name: String,
    csrf: String,
    summary: String,
    changed: Vec<ChangedLine>,
    not_listed: Vec<MissingLine>,
    error: String,
    done: bool,
}

fn refresh_msg(e: &RefreshError) -> Option<Msg> {
    match e {
        RefreshError::NoRatingList(_) | RefreshError::ListMissing { .. } => {
            Some(Msg::new("refresh-no-list"))
        }
        RefreshError::RoundPaired => Some(Msg::new("refresh-round-paired")),
        _ => None,
    }
}

/// A player changed: pairing number (in the reader's digits), name, the changes worded.
type ChangedLine = (String, String, Vec<String>);

/// A player not listed: pairing number (in the reader's digits), name, FIDE id.
type MissingLine = (String, String, String);

fn report_view(l: &L10n, r: &RefreshReport) -> (String, Vec<ChangedLine>, Vec<MissingLine>) {
    (
        l.ta(
            "refresh-summary",
            &[
                ("date", l.date(r.list_date)),
                ("list", l.t(rating_list_key(r.kind))),
                ("changed", l.int(r.changed.len())),
                ("unchanged", l.int(r.unchanged)),
                ("missing", l.int(r.not_listed.len())),
            ],
        ),
        r.changed
            .iter()
            .map(|p| {
                (
                    l.int(p.pairing_number),
                    p.name.clone(),
                    p.changes.iter().map(|c| change_in(l, c)).collect(),
                )
            })
            .collect(),
        r.not_listed
            .iter()
            .map(|p| {
                (
                    l.int(p.pairing_number),
                    p.name.clone(),
                    p.fide_id.to_string(),
                )
            })
            .collect(),
    )
}

async fn refresh_view(
    state: &AppState,
    session: &Session,
    l: L10n,
    id: Uuid,
    apply: Option<arbiter_db::Actor>,
) -> Result<(RefreshPage, StatusCode), WebError> {
    let t = load(state, id).await?.tournament;
    let kind = RatingListKind::infer(&t).list;
    let applied = apply.is_some();
    let result = with_db(state, move |c| {
        Ok(match apply {
            Some(actor) => arbiter_db::rating_list::refresh_players(c, id, kind, None, &actor),
            None => arbiter_db::rating_list::preview_refresh(c, id, kind, None),
        })
    })
    .await?;
    let mut page = RefreshPage {
        id: id.to_string(),
        name: t.name.clone().unwrap_or_else(|| l.t("unnamed")),
        csrf: csrf_token(session)?,
        summary: String::new(),
        changed: vec![],
        not_listed: vec![],
        error: String::new(),
        done: applied,
        l,
    };
    match result {
        Ok(r) => {
            (page.summary, page.changed, page.not_listed) = report_view(&page.l, &r);
            Ok((page, StatusCode::OK))
        }
        Err(e) => match refresh_msg(&e) {
            Some(m) => {
                page.error = page.l.m(&m);
                page.done = false;
                Ok((page, StatusCode::CONFLICT))
            }
            None => Err(match e {
                RefreshError::NotFound(_) => WebError::no_tournament(id),
                other => WebError::Database(other.to_string()),
            }),
        },
    }
}

/// `GET /tournaments/{id}/ratings/refresh` (organizer): what a refresh from the newest rating
/// list would change, player by player; nothing is written.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn refresh_preview(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    _staff: Staff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let (page, status) = refresh_view(&state, &session, l, path.into_inner(), None).await?;
    private(&page, status)
}

/// The refresh form: its CSRF token.
#[derive(Debug, Deserialize)]
pub struct RefreshForm {
    /// The session's CSRF token.
    #[serde(default)]
    pub csrf: String,
}

crate::extract::csrf_field!(RefreshForm);

/// `POST /tournaments/{id}/ratings/refresh` (organizer): applies the refresh (refused once round 1
/// is paired, 409), one audit entry per changed player, and shows what changed.
///
/// # Errors
/// [`WebError::Unauthorized`], [`WebError::Forbidden`], [`WebError::NotFound`].
pub async fn refresh(
    state: web::Data<AppState>,
    session: Session,
    l: L10n,
    path: web::Path<Uuid>,
    Staff { user, .. }: Staff<Organizer>,
    Checked(_form): Checked<RefreshForm>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    let (page, status) = refresh_view(&state, &session, l, id, Some(user.actor())).await?;
    if status == StatusCode::OK {
        return Ok(see_other_done(
            &format!("/tournaments/{id}/manage"),
            Done::Ratings,
        ));
    }
    private(&page, status)
}

/// `GET /api/v1/rating-lists`: the snapshots, newest first.
///
/// # Errors
/// [`WebError::Database`] (problem+json).
#[utoipa::path(
    get,
    path = "/api/v1/rating-lists",
    tag = "federation",
    responses((status = 200, description = "The FIDE rating lists imported", body = serde_json::Value))
)]
pub async fn api_lists(state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let lists = with_db(&state, |c| Ok(arbiter_db::rating_list::rating_lists(c)?))
        .await
        .map_err(WebError::api)?;
    json(&lists, None, 0)
}

/// `GET /api/v1/rating-lists/players/{fide_id}`: the player in the newest snapshot.
///
/// # Errors
/// Problem JSON: 404 when no snapshot lists the id.
#[utoipa::path(
    get,
    path = "/api/v1/rating-lists/players/{fide_id}",
    tag = "federation",
    params(("fide_id" = u64, Path, description = "FIDE id")),
    responses((status = 200, description = "The player in the newest list", body = serde_json::Value))
)]
pub async fn api_player(
    state: web::Data<AppState>,
    path: web::Path<u64>,
) -> Result<HttpResponse, WebError> {
    let fide_id = path.into_inner();
    let found = with_db(&state, move |c| {
        Ok(arbiter_db::rating_list::listed_player(c, fide_id, None)?)
    })
    .await
    .map_err(WebError::api)?;
    match found {
        Some(p) => json(&p, None, 0),
        None => Err(WebError::NotFound(
            Msg::new("lists-not-listed").ltr("id", fide_id.to_string()),
        )
        .api()),
    }
}

/// `GET /api/v1/rating-lists/search?q=`: a FIDE id, or the start of a name (folded: accents,
/// case and Persian/Arabic letter forms do not matter), at most 50 players of the newest snapshot.
///
/// # Errors
/// [`WebError::Database`] (problem+json); `400` naming `query` without `q`.
#[utoipa::path(
    get,
    path = "/api/v1/rating-lists/search",
    tag = "federation",
    params(("q" = String, Query, description = "A FIDE id, or the start of a name (folded: case and accents ignored)")),
    responses((status = 200, description = "Players found by name or FIDE id", body = serde_json::Value))
)]
pub async fn api_search(
    state: web::Data<AppState>,
    query: web::Query<ApiSearchQuery>,
) -> Result<HttpResponse, WebError> {
    let found = search(&state, query.into_inner().q)
        .await
        .map_err(WebError::api)?;
    json(&found, None, 0)
}

/// `POST /api/v1/tournaments/{id}/ratings/refresh` (organizer's bearer token): refreshes the
/// players from the newest snapshot; `200` with what changed.
///
/// # Errors
/// Problem JSON: 401, 403, 404; 409 once round 1 is paired or without a list.
#[utoipa::path(
    post,
    path = "/api/v1/tournaments/{id}/ratings/refresh",
    tag = "federation",
    params(("id" = Uuid, Path, description = "The tournament's id")),
    responses((status = 200, description = "The players changed from the rating list", body = serde_json::Value)),
    security(("bearer" = []))
)]
pub async fn api_refresh(
    state: web::Data<AppState>,
    path: web::Path<Uuid>,
    ApiStaff { user, .. }: ApiStaff<Organizer>,
) -> Result<HttpResponse, WebError> {
    let id = path.into_inner();
    async {
        let t = load(&state, id).await?.tournament;
        let kind = RatingListKind::infer(&t).list;
        let actor = user.actor();
        let r = with_db(&state, move |c| {
            Ok(arbiter_db::rating_list::refresh_players(
                c, id, kind, None, &actor,
            ))
        })
        .await?;
        match r {
            Ok(report) => json(&report, None, 0),
            Err(e) => Err(match refresh_msg(&e) {
                Some(_) => WebError::Conflict {
                    current: serde_json::json!({ "refused": e.to_string() }),
                },
                None => match e {
                    RefreshError::NotFound(_) => WebError::no_tournament(id),
                    other => WebError::Database(other.to_string()),
                },
            }),
        }
    }
    .await
    .map_err(WebError::api)
}
