//! The web crate's integration tests, in one binary: each module was a test binary of its own,
//! and each linked the whole service (actix-web, diesel, ICU4X, Fluent); one link instead of 21
//! cuts CI's debug build. `l10n_common` is what the tests of the pages in the readers' languages
//! share (its `get_in!` is in scope in the modules after it).

#[macro_use]
mod l10n_common;

mod accounts;
mod api_write;
mod approval;
mod arbiter_adjourn;
mod arbiter_clock;
mod arbiter_reports;
mod concurrency;
mod event;
mod federation;
mod fide_mode;
mod games;
mod hidden_names;
mod http;
mod l10n;
mod l10n_arbiter;
mod l10n_organizer;
mod names;
mod next_steps;
mod norm_rule;
mod rating_lists;
mod reader_sees;
mod redirects;
mod routes;
mod self_check_in;
mod sessions;
mod team_byes;
mod team_events;
mod team_public;
mod team_upload;
mod teams;
mod throttles;
mod trf_doors;
mod typed_digits;
mod visibility;
mod way_in;
mod worded_facts;
