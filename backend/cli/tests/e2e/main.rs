//! End to end in a real browser (issue #5): the `arbiter` binary serves a new empty SQLite
//! database, and headless Chromium, driven through chromedriver (WebDriver), runs a whole Swiss
//! event as an organizer would: sign up (the first account is the administrator), create a
//! Dutch-system event of 3 rounds, register 4 players by the form and 3 by uploading a CSV
//! file, pair, publish and enter the results of three rounds (a forfeit among them; 7 players,
//! so each round has a pairing-allocated bye), then read the public standings page.
//!
//! Needs `chromium` and `chromedriver` (Debian packages `chromium`, `chromium-driver`; other
//! paths by `ARBITER_CHROMIUM` and `ARBITER_CHROMEDRIVER`). Without them the test prints
//! `SKIPPED` and returns, unless `ARBITER_E2E` is set (as `.ci/run` does): then it fails.
//!
//! The test is split by topic: [`browser`] starts the server, chromedriver and Chromium and holds
//! the page helpers; [`swiss`] is the organizer's Swiss event; [`arbiter`] is the arbiter's work.

mod arbiter;
mod browser;
mod checklist;
mod settings;
mod swiss;
mod teams;
