//! The route table ([`configure`]): every path the service answers, with its method and
//! handler, in one list a reader can scan, used by the server ([`crate::server::serve`]) and by
//! the tests ([`crate::testing::service`]). Paths are whole (the API's start with `/api/v1`).
//! Page routes answer `GET` and `HEAD` (`page`); a write names its method.
//!
//! Actix tries the routes in the order they stand, and the first whose path and method match
//! answers: where two paths can match one request, the literal one stands first
//! (`/tournaments/new` before `/tournaments/{id}`, `/tournaments/{id}/teams/manage` before
//! `/tournaments/{id}/teams/{n}`). What no route answers is `not_found`'s. The table also sets
//! how its extractors read paths, queries and bodies, and how they answer what they refuse
//! (`extractors`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, guard, web};

use crate::error::WebError;
use crate::l10n;
use crate::limits::{FORM_LIMIT, JSON_LIMIT, UPLOAD_LIMIT};
use crate::{
    accounts, adjourn, api, api_patch, api_settings, api_trf, api_write, arbiter_board, audit,
    fide_mode, games, kiosk, language, norms, openapi, penalties, player_card, player_edit,
    players, prizes, public, rating_lists, rating_report, ratings, reports, results, rounds, staff,
    team_public, teams, tournaments,
};

/// The route table, used by the server and by the tests.
pub fn configure(cfg: &mut web::ServiceConfig) {
    extractors(cfg);
    cfg
        // The site: the home page, the reader's language, the stylesheet
        .route("/", page().to(public::index))
        .route("/language", page().to(language::language))
        .route("/language", web::post().to(language::choose_language))
        .route("/static/style.css", page().to(stylesheet))
        // Accounts: sign-in, sign-up, the account and its API tokens, approvals (accounts.rs)
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
        // A tournament: creating, importing, managing, settings, exports (tournaments.rs); its staff
        // (staff.rs); its audit log (audit.rs)
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
        // FIDE mode left for good (fide_mode.rs).
        .route(
            "/tournaments/{id}/fide-mode/leave",
            web::post().to(fide_mode::leave),
        )
        .route(
            "/tournaments/{id}/roles",
            web::post().to(staff::change_role),
        )
        .route("/tournaments/{id}/audit", page().to(audit::audit))
        .route(
            "/tournaments/{id}/export/{format}",
            page().to(tournaments::export),
        )
        // Players: registration, uploads, order, byes, withdrawals (players.rs); correcting a
        // registered player (player_edit.rs)
        .route(
            "/tournaments/{id}/byes",
            web::post().to(players::request_bye),
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
        .route(
            "/tournaments/{id}/players",
            web::post().to(players::register_player),
        )
        .route(
            "/tournaments/{id}/players/{pn}/edit",
            page().to(player_edit::form),
        )
        .route(
            "/tournaments/{id}/players/{pn}/edit",
            web::post().to(player_edit::correct),
        )
        // Rounds: pairing, review, publishing (rounds.rs); results (results.rs)
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
            "/tournaments/{id}/rounds/{n}/results",
            page().to(results::results_form),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/games/{game}",
            web::post().to(results::enter_result),
        )
        // The arbiters' board view, default time and check-in (arbiter_board.rs); incidents
        // (penalties.rs)
        .route(
            "/tournaments/{id}/rounds/{n}/board",
            page().to(arbiter_board::board),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/schedule",
            web::post().to(arbiter_board::schedule),
        )
        .route(
            "/tournaments/{id}/laws-edition",
            web::post().to(arbiter_board::set_edition),
        )
        .route(
            "/tournaments/{id}/games/{game}/check-in",
            web::post().to(arbiter_board::check_in),
        )
        .route(
            "/tournaments/{id}/games/{game}/override",
            web::post().to(arbiter_board::override_default_time),
        )
        .route(
            "/tournaments/{id}/games/{game}/incidents",
            page().to(penalties::incidents_page),
        )
        .route(
            "/tournaments/{id}/games/{game}/incidents",
            web::post().to(penalties::record),
        )
        // Adjourned games and sealed moves (Appendix A, adjourn/)
        .route(
            "/tournaments/{id}/games/{game}/adjourn",
            page().to(adjourn::adjourn_page),
        )
        .route(
            "/tournaments/{id}/games/{game}/adjourn/seal",
            web::post().to(adjourn::seal),
        )
        .route(
            "/tournaments/{id}/games/{game}/adjourn/check-in",
            web::post().to(adjourn::check_in),
        )
        .route(
            "/tournaments/{id}/games/{game}/adjourn/open",
            web::post().to(adjourn::open),
        )
        .route(
            "/tournaments/{id}/games/{game}/adjourn/clock",
            web::post().to(adjourn::start_clock),
        )
        .route(
            "/tournaments/{id}/games/{game}/adjourn/before",
            web::post().to(adjourn::before),
        )
        .route(
            "/tournaments/{id}/games/{game}/adjourn/late",
            web::post().to(adjourn::late),
        )
        .route(
            "/tournaments/{id}/games/{game}/adjourn/lost",
            web::post().to(adjourn::lost),
        )
        // Score reports, flagged games and round reports (Art. 8, reports.rs)
        .route(
            "/tournaments/{id}/games/{game}/report",
            page().to(reports::report_form),
        )
        .route(
            "/tournaments/{id}/games/{game}/report",
            web::post().to(reports::submit_report),
        )
        .route("/tournaments/{id}/flagged", page().to(reports::flagged))
        .route(
            "/tournaments/{id}/flagged/{game}",
            web::post().to(reports::resolve_flag),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/report",
            page().to(reports::round_report_form),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/report",
            web::post().to(reports::round_report),
        )
        // Players' self check-in on a tablet and its setting (Art. 6.6, 6.7, kiosk.rs)
        .route("/check-in/{token}", page().to(kiosk::tablet))
        .route("/check-in/{token}", web::post().to(kiosk::tablet_check_in))
        .route(
            "/tournaments/{id}/self-check-in",
            web::post().to(kiosk::set_self_check_in),
        )
        // A team event: setup, teams, captains, pairing, line-ups (teams/); before the public
        // `/teams/{n}`, which would take `/teams/manage`
        .route("/tournaments/{id}/teams/manage", page().to(teams::manage))
        .route(
            "/tournaments/{id}/teams/setup",
            web::post().to(teams::setup),
        )
        .route(
            "/tournaments/{id}/teams/add",
            web::post().to(teams::add_team),
        )
        .route(
            "/tournaments/{id}/teams/upload",
            web::post().to(teams::upload_teams),
        )
        .route(
            "/tournaments/{id}/teams/{n}/edit",
            web::post().to(teams::edit_team),
        )
        .route(
            "/tournaments/{id}/teams/captains",
            web::post().to(teams::captains),
        )
        .route("/tournaments/{id}/teams/pair", web::post().to(teams::pair))
        .route(
            "/tournaments/{id}/teams/byes",
            web::post().to(teams::byes::form),
        )
        .route(
            "/tournaments/{id}/rounds/{r}/seat",
            web::post().to(teams::seat),
        )
        .route(
            "/tournaments/{id}/rounds/{r}/lineups/{n}",
            page().to(teams::lineup::lineup_form),
        )
        .route(
            "/tournaments/{id}/rounds/{r}/lineups/{n}",
            web::post().to(teams::lineup::submit_lineup),
        )
        // The public pages: the tournament, a round, standings, crosstable (public.rs); a player's
        // card (player_card.rs); games, PGN and printouts (games.rs); after `/tournaments/new`,
        // which `/tournaments/{id}` would take
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
        .route("/tournaments/{id}/games", page().to(games::games))
        .route(
            "/tournaments/{id}/rounds/{n}/games",
            page().to(games::round_games),
        )
        .route("/tournaments/{id}/games/{game}", page().to(games::game))
        .route(
            "/tournaments/{id}/games/{game}/export.pgn",
            page().to(games::game_pgn),
        )
        .route("/tournaments/{id}/export.pgn", page().to(games::export_pgn))
        .route(
            "/tournaments/{id}/rounds/{n}/print",
            page().to(games::print_pairings),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/sheets",
            page().to(games::result_sheets),
        )
        // Norms (norms.rs), rating changes (ratings.rs), prizes (prizes.rs), the rating report
        // (rating_report.rs), the rating lists (rating_lists.rs)
        .route("/tournaments/{id}/norms", page().to(norms::norms_page))
        .route(
            "/tournaments/{id}/norms/settings",
            page().to(norms::settings_form),
        )
        .route(
            "/tournaments/{id}/norms/settings",
            web::post().to(norms::settings),
        )
        .route(
            "/tournaments/{id}/players/{pn}/norms",
            page().to(norms::player_norms),
        )
        .route(
            "/tournaments/{id}/ratings",
            page().to(ratings::ratings_page),
        )
        .route(
            "/tournaments/{id}/players/{pn}/rating",
            page().to(ratings::player_rating),
        )
        .route("/tournaments/{id}/prizes", page().to(prizes::prizes_page))
        .route(
            "/tournaments/{id}/prizes/edit",
            page().to(prizes::edit_form),
        )
        .route(
            "/tournaments/{id}/prizes/edit",
            web::post().to(prizes::edit),
        )
        .route(
            "/tournaments/{id}/rating-report",
            page().to(rating_report::report_page),
        )
        .route("/rating-lists", page().to(rating_lists::lists_page))
        .route("/rating-lists", web::post().to(rating_lists::upload))
        .route(
            "/tournaments/{id}/ratings/refresh",
            page().to(rating_lists::refresh_preview),
        )
        .route(
            "/tournaments/{id}/ratings/refresh",
            web::post().to(rating_lists::refresh),
        )
        // A team event's public pages (team_public/)
        .route("/tournaments/{id}/teams", page().to(team_public::teams))
        .route("/tournaments/{id}/teams/{n}", page().to(team_public::team))
        .route(
            "/tournaments/{id}/rounds/{r}/matches",
            page().to(team_public::matches),
        )
        .route(
            "/tournaments/{id}/rounds/{r}/matches/{table}/card",
            page().to(team_public::match_card),
        )
        .route(
            "/tournaments/{id}/team-standings",
            page().to(team_public::standings),
        )
        .route(
            "/tournaments/{id}/team-crosstable",
            page().to(team_public::crosstable),
        )
        .route(
            "/tournaments/{id}/board-standings",
            page().to(team_public::boards),
        )
        // The API (`/api/v1`, JSON): its document (openapi.rs); tournaments, rounds and standings
        // (api.rs); settings (api_settings.rs); players, byes, pairing and publishing (api_write.rs,
        // api_patch.rs); a result (results.rs)
        .route("/api/v1/openapi.json", page().to(openapi::openapi_json))
        .route("/api/v1/tournaments", page().to(api::tournaments))
        .route(
            "/api/v1/tournaments",
            web::post().to(api_settings::create_tournament),
        )
        // A TRF file in and out (api_trf.rs).
        .route(
            "/api/v1/tournaments/import",
            web::post().to(api_trf::import),
        )
        .route(
            "/api/v1/tournaments/{id}/trf/{version}",
            page().to(api_trf::export),
        )
        .route(
            "/api/v1/tournaments/{id}",
            web::put().to(api_settings::update_tournament),
        )
        .route(
            "/api/v1/tournaments/{id}",
            web::patch().to(api_settings::patch_tournament),
        )
        .route(
            "/api/v1/tournaments/{id}/players",
            web::post().to(api_write::add_players),
        )
        .route(
            "/api/v1/tournaments/{id}/players/{pn}/status",
            web::put().to(api_write::player_status),
        )
        .route(
            "/api/v1/tournaments/{id}/players/{pn}",
            web::patch().to(api_patch::patch_player),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{n}",
            web::patch().to(api_patch::patch_round),
        )
        .route(
            "/api/v1/tournaments/{id}/byes",
            web::post().to(api_write::request_bye),
        )
        .route(
            "/api/v1/tournaments/{id}/pairing",
            page().to(api_write::proposal),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds",
            web::post().to(api_write::store_round),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{n}/publish",
            web::post().to(api_write::publish),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{n}",
            web::delete().to(api_write::unpair),
        )
        .route("/api/v1/tournaments/{id}", page().to(api::tournament))
        .route("/api/v1/tournaments/{id}/rounds/{n}", page().to(api::round))
        .route(
            "/api/v1/tournaments/{id}/standings",
            page().to(api::standings),
        )
        .route(
            "/api/v1/games/{id}/result",
            web::put().to(results::api_enter_result),
        )
        // The API: a game (games.rs), its board and check-in (arbiter_board.rs), incidents
        // (penalties.rs), its score (reports.rs)
        .route("/api/v1/games/{id}", page().to(games::api_game))
        .route(
            "/api/v1/tournaments/{id}/rounds/{n}/board",
            page().to(arbiter_board::api_board),
        )
        .route(
            "/api/v1/games/{id}/check-in",
            web::post().to(arbiter_board::api_check_in),
        )
        .route(
            "/api/v1/games/{id}/override",
            web::post().to(arbiter_board::api_override),
        )
        .route(
            "/api/v1/games/{id}/incidents",
            web::post().to(penalties::api_record),
        )
        .route(
            "/api/v1/games/{id}/score",
            web::post().to(reports::api_score),
        )
        // The API: norms, rating changes, prizes, the rating report, the rating lists
        .route(
            "/api/v1/tournaments/{id}/norms",
            page().to(norms::api_norms),
        )
        .route(
            "/api/v1/tournaments/{id}/players/{pn}/norms",
            page().to(norms::api_player_norms),
        )
        .route(
            "/api/v1/tournaments/{id}/ratings",
            page().to(ratings::api_ratings),
        )
        .route(
            "/api/v1/tournaments/{id}/players/{pn}/rating",
            page().to(ratings::api_player_rating),
        )
        .route(
            "/api/v1/tournaments/{id}/prizes",
            page().to(prizes::api_prizes),
        )
        .route(
            "/api/v1/tournaments/{id}/prizes",
            web::put().to(prizes::api_put),
        )
        .route(
            "/api/v1/tournaments/{id}/rating-report",
            page().to(rating_report::api_report),
        )
        .route("/api/v1/rating-lists", page().to(rating_lists::api_lists))
        .route(
            "/api/v1/rating-lists/players/{fide_id}",
            page().to(rating_lists::api_player),
        )
        .route(
            "/api/v1/rating-lists/search",
            page().to(rating_lists::api_search),
        )
        .route(
            "/api/v1/tournaments/{id}/ratings/refresh",
            web::post().to(rating_lists::api_refresh),
        )
        // The API of a team event: setup, teams, pairing, line-ups (teams/); its public answers
        // (team_public/api.rs)
        .route(
            "/api/v1/tournaments/{id}/teams/byes",
            web::post().to(teams::byes::api),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{r}/lineups/{n}",
            page().to(teams::lineup::api_lineup),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{r}/lineups/{n}",
            web::post().to(teams::lineup::api_submit_lineup),
        )
        .route(
            "/api/v1/tournaments/{id}/teams/setup",
            web::post().to(teams::api::setup),
        )
        .route(
            "/api/v1/tournaments/{id}/teams",
            web::post().to(teams::api::add_team),
        )
        .route(
            "/api/v1/tournaments/{id}/teams/rounds",
            web::post().to(teams::api::pair),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{r}/seat",
            web::post().to(teams::api::seat),
        )
        .route(
            "/api/v1/tournaments/{id}/teams",
            page().to(team_public::api::teams),
        )
        .route(
            "/api/v1/tournaments/{id}/rounds/{r}/matches",
            page().to(team_public::api::matches),
        )
        .route(
            "/api/v1/tournaments/{id}/team-standings",
            page().to(team_public::api::standings),
        )
        .route(
            "/api/v1/tournaments/{id}/team-crosstable",
            page().to(team_public::api::crosstable),
        )
        .route(
            "/api/v1/tournaments/{id}/board-standings",
            page().to(team_public::api::boards),
        )
        .default_service(web::to(not_found));
}

/// How the table's extractors read a request (the largest bodies: [`crate::limits`]) and answer
/// what they refuse: a path segment that is not a UUID or a number is `404`, a bad query, form,
/// upload or body `400` naming it, a body over its limit `413`; on the API as problem+json.
fn extractors(cfg: &mut web::ServiceConfig) {
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
    .app_data(web::PayloadConfig::new(JSON_LIMIT));
}

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
        // A documented API path that a route of another path took for its parameter
        // (`PUT /api/v1/tournaments/import` reaching `/tournaments/{id}`): its methods decide.
        match openapi::allowed_methods(req.path()) {
            Some(allow) if is_api(req) && !allow.contains(&req.method().as_str()) => {
                WebError::MethodNotAllowed {
                    method: req.method().to_string(),
                    allow,
                }
            }
            _ => WebError::no_page(req.path()),
        }
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
