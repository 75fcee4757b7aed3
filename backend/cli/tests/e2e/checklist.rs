//! Issue #46's checklist, walked in the browser in Persian and in Arabic: sign up, a 9-round
//! Swiss with its dates in the language's calendar, 14 players typed as a person types (the
//! language's digits, its comma), round 1 paired, stored, published and its results entered,
//! round 2 paired; then a small team event (rosters parted by «؛»), paired, seated,
//! published, its results entered. Every page reached is looked at at 1280 and at 390 px
//! ([`page::WIDTHS`]; the forms are filled at 390 px in Persian and at 1280 px in Arabic) and
//! must show:
//! - no horizontal overflow: `scrollWidth <= innerWidth` (a table may scroll inside its
//!   `.scroll` box, the page may not);
//! - no English interface word: no run of two ASCII letters in the visible text (closed
//!   `<details>` included, the language switch's other languages excepted) outside the
//!   elements that hold Latin by right, [`page::LATIN_ALLOWED`];
//! - no dead end: on a page of an event (`/tournaments/ID...`), a link outside the site's
//!   header and footer to another page of the same event (an error page too must lead back);
//!   elsewhere, a link or form to another page (the header's included);
//! - each result beside its winner on the pages of results (round, print, result sheets,
//!   matches): White's figure drawn on White's side, as `crate::browser::result_sides` checks,
//!   the figure read from the cell's first text even inside a `<bdi>`;
//! - nothing typed silently dropped: after each form, the next page (or the settings page, the
//!   player's page) shows the value typed in the language's digits (rounds ۹, rating ۲۳۰۰,
//!   the FIDE ID, the dates); a refused form keeps what was typed.
//!
//! The walk goes on after a failure and lists them all at the end. With `ARBITER_SCREENSHOTS`
//! naming a folder, it saves a screenshot of every step at each width there
//! (`fa-390-07-registered.png`); `static/screenshots/checklist/` holds the set looked at.
//!
//! Only the pages' HTML and CSS are read: the test needs nothing of the crates but the
//! `arbiter` binary.

mod event;
mod page;
mod team_event;
mod typing;

use std::path::PathBuf;

use fantoccini::Client;

use crate::browser::in_the_browser;

/// Walks the Swiss and the team event in `lang`, the forms filled at `write_width`; fails
/// listing every failure found.
async fn walk(c: Client, base: String, lang: &'static str, write_width: u32) {
    c.goto(&format!("{base}/language?lang={lang}&back=/"))
        .await
        .expect("the language switch");
    let mut w = page::Walk::new(c, base, lang, write_width).await;
    event::swiss(&mut w).await;
    team_event::teams(&mut w).await;
    assert!(
        w.failures.is_empty(),
        "the checklist found {} failures:\n{}",
        w.failures.len(),
        w.failures.join("\n")
    );
}

#[tokio::test(flavor = "current_thread")]
async fn the_checklist_in_persian() {
    in_the_browser(
        "the_checklist_in_persian",
        &[],
        |c: Client, base: String, _dir: PathBuf| walk(c, base, "fa", 390),
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_checklist_in_arabic() {
    in_the_browser(
        "the_checklist_in_arabic",
        &[],
        |c: Client, base: String, _dir: PathBuf| walk(c, base, "ar", 1280),
    )
    .await;
}
