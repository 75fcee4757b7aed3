//! The Arbiter web service: actix-web routes, HTML for people (askama pages over the top-level
//! `templates/`) and JSON for programs (`/api/v1`).
//!
//! This file only declares the modules and re-exports the crate's public API; no module imports
//! it. [`routes::configure`] is the one route table, every path with its method and handler,
//! used by the server ([`server::serve`]) and by tests ([`testing::service`]). Handlers are plain
//! `async fn`s with typed extractors; diesel runs inside `web::block` ([`state::with_db`], over
//! the [`state::AppState`] every handler shares); every failure is a [`WebError`], answered as
//! an HTML page or as problem+json by route.
//!
//! # Layout
//! Handlers are grouped by the topic a user sees, mirroring `arbiter-tournament`:
//! [`accounts`] and [`staff`] (sign-in, the account, the tournament's staff), [`tournaments`]
//! (create, import, manage, settings, exports), [`players`] (registration, uploads, byes,
//! withdrawals), [`player_edit`] (correcting a registered player), [`rounds`] (pairing, review,
//! publishing), [`results`], [`audit`], [`arbiter_board`] (the board view and the default
//! time), [`adjourn`] (Appendix A), [`penalties`], [`reports`] (score reports), [`kiosk`] (the
//! players' check-in tablet), [`public`] and [`games`] (published pages and printouts),
//! [`language`] (the reader's choice of language, digits, calendar and piece letters), [`api`],
//! [`api_settings`], [`api_patch`] and [`api_write`] (JSON).
//!
//! No handler module uses another's items; what they share has a module of its own:
//! [`state`] (the service's state and [`state::with_db`]), [`extract`] (who may call a handler:
//! [`extract::SignedIn`], [`extract::Staff`], [`extract::ApiStaff`], [`extract::Checked`]
//! forms), [`respond`] (responses and field checks), [`forms`] (forms several topics read),
//! [`pages`], [`pairing`], [`views`], [`zone`], [`auth`], [`sessions`] (server-side sessions),
//! [`throttle`] (sign-in, sign-up and API token throttles, the client's address), [`cache`],
//! [`board`], [`config`], [`limits`] (the largest bodies), [`error`], [`names`] (player search,
//! collation, duplicate refusals), [`visibility`] (the one rule of what the public may read:
//! every public page answers through [`visibility::public_page`] or [`visibility::public_api`]
//! and reads games through its filters), [`json_body`] (the API's JSON bodies, read as strictly
//! as documented), `done` (the notice after a write), `next_step` (the organizer's next action),
//! `paths` (the one check of a path the client chose). Above them all, the modules that
//! assemble the service from the handlers: [`routes`], [`openapi`], [`server`] and [`testing`].
//! `backend/cli/tests/cli/layout.rs` checks both rules.

pub mod accounts;
pub mod adjourn;
pub mod api;
pub mod api_patch;
pub mod api_settings;
pub mod api_trf;
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
pub mod fide_mode;
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
pub mod routes;
pub mod server;
pub mod sessions;
pub(crate) mod settings_guard;
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

pub use config::Config;
pub use error::WebError;
pub use routes::configure;
pub use server::{CONTENT_SECURITY_POLICY, default_headers, no_delay, serve, serve_blocking};
pub use state::AppState;
