//! The Arbiter web service: actix-web routes, HTML for people (askama pages over the top-level
//! `templates/`) and JSON for programs (`/api/v1`).
//!
//! [`configure`] is the one route table, used by the server ([`serve`]) and by tests. Handlers
//! are plain `async fn`s with typed extractors; diesel runs inside `web::block` ([`state::with_db`]);
//! every failure is a [`WebError`], answered as an HTML page or as problem+json by route.
//!
//! # Layout
//! Handlers are grouped by the topic a user sees, mirroring `arbiter-tournament`:
//! [`accounts`] and [`staff`] (sign-in, the account, the tournament's staff), [`tournaments`]
//! (create, import, manage, settings, exports), [`players`] (registration, uploads, byes,
//! withdrawals), [`player_edit`] (correcting a registered player), [`rounds`] (pairing, review, publishing), [`results`], [`audit`],
//! [`arbiter_board`] (the board view and the default time), [`adjourn`] (Appendix A),
//! [`penalties`], [`reports`] (score reports), [`kiosk`] (the players' check-in tablet),
//! [`public`] and [`games`] (published pages and printouts), [`language`] (the reader's choice of
//! language, digits, calendar and piece letters), [`api`], [`api_settings`], [`api_patch`] and
//! [`api_write`] (JSON).
//!
//! No handler module uses another's items; what they share has a module of its own:
//! [`extract`] (who may call a handler: [`extract::SignedIn`], [`extract::Staff`],
//! [`extract::ApiStaff`], [`extract::Checked`] forms), [`respond`] (responses and field
//! checks), [`forms`] (forms several topics read), [`pages`], [`pairing`], [`views`], [`zone`],
//! [`auth`], [`sessions`] (server-side sessions), [`throttle`] (sign-in, sign-up and API token
//! throttles, the client's address), [`cache`], [`board`], [`config`], [`error`], [`names`]
//! (player search, collation, duplicate refusals), [`visibility`] (the one rule of what the
//! public may read: every public page answers through [`visibility::public_page`] or
//! [`visibility::public_api`] and reads games through
//! its filters), [`json_body`] (the API's JSON bodies, read as strictly as documented),
//! `done` (the notice after a write), `next_step` (the organizer's next action), `paths` (the
//! one check of a path the client chose). `backend/cli/tests/cli/layout.rs` checks both rules.

pub mod accounts;
pub mod adjourn;
pub mod api;
pub mod api_patch;
pub mod api_settings;
pub mod api_write;
pub mod arbiter_board;
mod arbiter_words;
pub mod audit;
pub mod auth;
pub mod board;
pub mod cache;
pub mod config;
mod done;
pub mod error;
pub mod extract;
pub mod forms;
pub mod games;
pub mod json_body;
pub mod kiosk;
pub mod l10n;
pub mod language;
pub mod limits;
mod listed;
pub mod marks;
pub mod names;
mod next_step;
pub mod norms;
pub mod openapi;
pub mod pages;
pub mod pairing;
mod paths;
pub mod penalties;
pub mod player_card;
pub mod player_edit;
pub mod players;
pub mod prizes;
pub mod public;
pub mod rating_lists;
pub mod rating_report;
pub mod ratings;
pub mod reports;
pub mod respond;
pub mod results;
pub mod rounds;
pub mod server;
pub mod sessions;
pub mod staff;
pub mod state;
pub mod team_public;
pub mod teams;
pub mod testing;
pub mod throttle;
pub mod tournaments;
pub mod views;
pub mod visibility;
pub mod zone;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, guard, web};

pub use config::Config;
pub use error::WebError;
pub use server::{CONTENT_SECURITY_POLICY, default_headers, no_delay, serve, serve_blocking};
pub use state::AppState;

use crate::limits::{FORM_LIMIT, JSON_LIMIT, UPLOAD_LIMIT};

/// The stylesheet (`static/style.css`), compiled in.
pub const STYLESHEET: &str = include_str!("../../../static/style.css");

async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(STYLESHEET)
}

fn is_api(req: &HttpRequest) -> bool {
    req.path().starts_with("/api/")
}

/// What no route answers: on the API, a path the document has with a method it does not give
/// is `405` with `Allow` (`OPTIONS` is answered `204` with `Allow`); anything else is `404`.
async fn not_found(req: HttpRequest) -> Result<HttpResponse, WebError> {
    if is_api(&req) {
        if let Some(allow) = openapi::allowed_methods(req.path()) {
            if req.method() == actix_web::http::Method::OPTIONS {
                let allow = allow.iter().copied().chain(["OPTIONS"]).collect::<Vec<_>>();
                return Ok(HttpResponse::NoContent()
                    .insert_header((header::ALLOW, allow.join(", ")))
                    .finish());
            }
            if !allow.contains(&req.method().as_str()) {
                return Err(WebError::MethodNotAllowed {
                    method: req.method().to_string(),
                    allow,
                }
                .api());
            }
        }
    }
    let e = WebError::no_page(req.path());
    Err(if is_api(&req) { e.api() } else { e })
}

/// Turns extractor failures (a path segment that is not a UUID or a round number, a bad query)
/// into the route's kind of error, naming the parameter.
fn extractor_error(field: &'static str, message: String, req: &HttpRequest) -> actix_web::Error {
    let e = if field == "path" {
        WebError::no_page(req.path())
    } else {
        // What the parser says is technical (a JSON path, a type): kept as it is, isolated
        // inside a sentence in the reader's language.
        WebError::BadRequest {
            field: field.to_owned(),
            message: l10n::Msg::new("bad-request-parse").ltr("detail", message),
        }
    };
    (if is_api(req) { e.api() } else { e }).into()
}

/// A body over `limit` bytes: `413`, as problem+json on the API, else the error page.
fn too_large(limit: usize, req: &HttpRequest) -> actix_web::Error {
    let e = WebError::TooLarge { limit };
    (if is_api(req) { e.api() } else { e }).into()
}

/// A route answering `GET` and `HEAD` (actix sends no body for `HEAD`).
fn page() -> actix_web::Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// The route table, used by the server and by the tests.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(
        web::PathConfig::default()
            .error_handler(|e, req| extractor_error("path", e.to_string(), req)),
    )
    .app_data(
        web::QueryConfig::default()
            .error_handler(|e, req| extractor_error("query", e.to_string(), req)),
    )
    .app_data(
        web::FormConfig::default()
            .limit(FORM_LIMIT)
            .error_handler(|e, req| match e {
                actix_web::error::UrlencodedError::Overflow { limit, .. } => too_large(limit, req),
                e => extractor_error("form", e.to_string(), req),
            }),
    )
    .app_data(
        actix_multipart::form::MultipartFormConfig::default()
            .total_limit(UPLOAD_LIMIT)
            .memory_limit(UPLOAD_LIMIT)
            .error_handler(|e, req| match e {
                actix_multipart::MultipartError::Payload(
                    actix_web::error::PayloadError::Overflow,
                ) => too_large(UPLOAD_LIMIT, req),
                e => extractor_error("upload", e.to_string(), req),
            }),
    )
    .app_data(
        web::JsonConfig::default()
            .limit(JSON_LIMIT)
            .error_handler(|e, req| match e {
                actix_web::error::JsonPayloadError::Overflow { limit }
                | actix_web::error::JsonPayloadError::OverflowKnownLength { limit, .. } => {
                    too_large(limit, req)
                }
                e => extractor_error("body", e.to_string(), req),
            }),
    )
    // The merge patches' bodies (`web::Bytes`); an overflow is answered by
    // [`error::localize_errors`].
    .app_data(web::PayloadConfig::new(JSON_LIMIT))
    .route("/", page().to(public::index))
    .route("/language", page().to(language::language))
    .route("/language", web::post().to(language::choose_language))
    .route("/static/style.css", page().to(stylesheet))
    .route("/signin", page().to(accounts::signin_form))
    .route("/signin", web::post().to(accounts::signin))
    .route("/signup", page().to(accounts::signup_form))
    .route("/signup", web::post().to(accounts::signup))
    .route("/signout", web::post().to(accounts::signout))
    .route("/account", page().to(accounts::account))
    .route("/account/tokens", web::post().to(accounts::create_token))
    .route(
        "/account/tokens/{id}/revoke",
        web::post().to(accounts::revoke_token),
    )
    .route(
        "/account/password",
        web::post().to(accounts::change_password),
    )
    .route(
        "/accounts/{id}/approve",
        web::post().to(accounts::approve_account),
    )
    .route(
        "/tournaments/new",
        page().to(tournaments::new_tournament_form),
    )
    .route(
        "/tournaments/new",
        web::post().to(tournaments::create_tournament),
    )
    .route(
        "/tournaments/import",
        web::post().to(tournaments::import_tournament),
    )
    .route("/tournaments/{id}/manage", page().to(tournaments::manage))
    .route("/tournaments/{id}/edit", page().to(tournaments::edit_form))
    .route("/tournaments/{id}/edit", web::post().to(tournaments::edit))
    .route("/tournaments/{id}/pair/explain", page().to(rounds::explain))
    .route("/tournaments/{id}/pair", page().to(rounds::pair_form))
    .route(
        "/tournaments/{id}/pair",
        web::post().to(rounds::store_pairing),
    )
    .route(
        "/tournaments/{id}/rounds/{n}/pairing",
        page().to(rounds::round_admin),
    )
    .route(
        "/tournaments/{id}/rounds/{n}/publish",
        web::post().to(rounds::publish),
    )
    .route(
        "/tournaments/{id}/rounds/{n}/unpair",
        web::post().to(rounds::unpair),
    )
    .route(
        "/tournaments/{id}/byes",
        web::post().to(players::request_bye),
    )
    .route(
        "/tournaments/{id}/roles",
        web::post().to(staff::change_role),
    )
    .route(
        "/tournaments/{id}/players/order",
        web::post().to(players::order_players),
    )
    .route(
        "/tournaments/{id}/players/upload",
        web::post().to(players::upload_players),
    )
    .route(
        "/tournaments/{id}/players/{pn}/status",
        web::post().to(players::player_status),
    )
    .route("/tournaments/{id}/audit", page().to(audit::audit))
    .route(
        "/tournaments/{id}/export/{format}",
        page().to(tournaments::export),
    )
    .route(
        "/tournaments/{id}/players",
        web::post().to(players::register_player),
    )
    .route(
        "/tournaments/{id}/rounds/{n}/results",
        page().to(results::results_form),
    )
    .route(
        "/tournaments/{id}/rounds/{n}/games/{game}",
        web::post().to(results::enter_result),
    )
    .route("/tournaments/{id}", page().to(public::tournament))
    .route("/tournaments/{id}/rounds/{n}", page().to(public::round))
    .route("/tournaments/{id}/standings", page().to(public::standings))
    .route(
        "/tournaments/{id}/crosstable",
        page().to(public::crosstable_page),
    )
    .route(
        "/tournaments/{id}/players/{pn}",
        page().to(player_card::player),
    )
    // Games, PGN export, printouts and `/api/v1/games/{id}` (games.rs).
    .configure(games::routes)
    // Board view, default time and check-in (arbiter_board.rs); incidents (penalties.rs).
    .configure(arbiter_board::routes)
    .configure(penalties::routes)
    // Adjourned games and sealed moves (Appendix A, adjourn.rs).
    .configure(adjourn::routes)
    // Score reports, flagged games and round reports (Art. 8, reports.rs).
    .configure(reports::routes)
    // Players' self check-in on a tablet and its setting (Art. 6.6, 6.7, kiosk.rs).
    .configure(kiosk::routes)
    .configure(norms::routes)
    .configure(ratings::routes)
    .configure(prizes::routes)
    .configure(rating_report::routes)
    .configure(rating_lists::routes)
    .configure(teams::routes)
    // The correcting form of a registered player (player_edit.rs).
    .configure(player_edit::routes)
    // The public pages of team events and their JSON (team_public.rs).
    .configure(team_public::routes)
    .service(
        web::scope("/api/v1")
            .route("/openapi.json", page().to(openapi::openapi_json))
            .route("/tournaments", page().to(api::tournaments))
            .route(
                "/tournaments",
                web::post().to(api_settings::create_tournament),
            )
            .route(
                "/tournaments/{id}",
                web::put().to(api_settings::update_tournament),
            )
            .route(
                "/tournaments/{id}",
                web::patch().to(api_settings::patch_tournament),
            )
            .route(
                "/tournaments/{id}/players",
                web::post().to(api_write::add_players),
            )
            .route(
                "/tournaments/{id}/players/{pn}/status",
                web::put().to(api_write::player_status),
            )
            .route(
                "/tournaments/{id}/players/{pn}",
                web::patch().to(api_patch::patch_player),
            )
            .route(
                "/tournaments/{id}/rounds/{n}",
                web::patch().to(api_patch::patch_round),
            )
            .route(
                "/tournaments/{id}/byes",
                web::post().to(api_write::request_bye),
            )
            .route("/tournaments/{id}/pairing", page().to(api_write::proposal))
            .route(
                "/tournaments/{id}/rounds",
                web::post().to(api_write::store_round),
            )
            .route(
                "/tournaments/{id}/rounds/{n}/publish",
                web::post().to(api_write::publish),
            )
            .route(
                "/tournaments/{id}/rounds/{n}",
                web::delete().to(api_write::unpair),
            )
            .route("/tournaments/{id}", page().to(api::tournament))
            .route("/tournaments/{id}/rounds/{n}", page().to(api::round))
            .route("/tournaments/{id}/standings", page().to(api::standings))
            .route(
                "/games/{id}/result",
                web::put().to(results::api_enter_result),
            ),
    )
    .default_service(web::to(not_found));
}
