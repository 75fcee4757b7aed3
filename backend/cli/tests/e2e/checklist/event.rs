//! The checklist's Swiss event: sign up, create a 9-round Swiss (its dates typed in the
//! language's calendar and digits), register 14 players by the form as a person types, pair,
//! store and publish round 1, enter its results, read the public pages, pair round 2.

use fantoccini::Locator;

use super::page::Walk;
use super::typing::{alert, ascii_digits, choose, field_value, local, main_text, person, submit};
use crate::browser::{no_error, type_into};

/// Players registered.
pub(crate) const PLAYERS: usize = 14;

/// The `i`-th player's rating (as ASCII digits): 2300 first, then falling.
fn rating(i: usize) -> String {
    (2300 - 15 * i).to_string()
}

/// The `i`-th player's FIDE ID (as ASCII digits).
fn fide_id(i: usize) -> String {
    (12_500_010 + i).to_string()
}

/// Signs up and creates the Swiss event; returns its id.
pub(crate) async fn sign_up_and_create(w: &mut Walk) -> String {
    w.goto("/").await;
    w.look("home", false).await;
    w.follow("/signup").await;
    w.look("signup", false).await;
    let form = "form[action='/signup']";
    type_into(&w.c, form, "email", "organizer@example.org").await;
    type_into(&w.c, form, "password", "correct horse battery").await;
    submit(&w.c, form).await;
    no_error(&w.c, "signing up").await;
    w.look("signed-up", false).await;
    if w.c
        .find(Locator::Css("main a[href='/tournaments/new']"))
        .await
        .is_err()
    {
        let here = w.here().await;
        w.fail(
            w.write_width,
            &here,
            "no link to create a tournament after signing up",
        );
        w.goto("/tournaments/new").await;
    } else {
        w.follow("/tournaments/new").await;
    }
    create(w, "swiss", 9).await
}

/// Creates an event of `rounds` rounds (`what`: `swiss` or `team`) from the new-event form
/// shown, reads its fields back on its settings page, and returns its id.
pub(crate) async fn create(w: &mut Walk, what: &str, rounds: u16) -> String {
    w.look(&format!("new-{what}"), false).await;
    let lang = w.lang;
    let form = "form[action='/tournaments/new']";
    let name = match (lang, what) {
        ("fa", "swiss") => "جام فجر ۱۴۰۵",
        ("fa", _) => "لیگ باشگاه‌های تهران",
        (_, "swiss") => "بطولة الربيع ٢٠٢٦",
        _ => "دوري الأندية",
    };
    type_into(&w.c, form, "name", name).await;
    type_into(
        &w.c,
        form,
        "city",
        if lang == "fa" { "تهران" } else { "دبي" },
    )
    .await;
    // Solar Hijri in Persian (the field takes year/month/day); the Gregorian date field in
    // Arabic is the browser's own, set by script (typing into it depends on the browser).
    let (start, end) = if lang == "fa" {
        ("1405/01/15", "1405/01/23")
    } else {
        ("2026-04-04", "2026-04-12")
    };
    for (field, date) in [("start_date", start), ("end_date", end)] {
        if lang == "fa" {
            type_into(&w.c, form, field, &local(lang, date)).await;
        } else {
            crate::browser::set_datetime(&w.c, form, field, date).await;
        }
    }
    choose(&w.c, form, "pairing_system", "FIDE_DUTCH_2025").await;
    type_into(
        &w.c,
        form,
        "rounds_planned",
        &local(lang, &rounds.to_string()),
    )
    .await;
    let control = if lang == "fa" {
        "۹۰ دقیقه + ۳۰ ثانیه برای هر حرکت"
    } else {
        "٩٠ دقيقة + ٣٠ ثانية لكل نقلة"
    };
    type_into(&w.c, form, "time_control", control).await;
    submit(&w.c, form).await;
    if let Some(a) = alert(&w.c).await {
        w.look(&format!("new-{what}-refused"), false).await;
        panic!("creating the {what} event: the page says {a:?}");
    }
    let url = w.c.current_url().await.expect("an address");
    let id = url
        .path()
        .strip_prefix("/tournaments/")
        .and_then(|p| p.strip_suffix("/manage"))
        .unwrap_or_else(|| panic!("creating the event led to {url}, not its manage page"))
        .to_owned();
    w.look(&format!("{what}-created"), false).await;

    // What was typed, as the settings page holds it.
    let edit = format!("/tournaments/{id}/edit");
    w.goto(&edit).await;
    w.look(&format!("{what}-settings"), false).await;
    let form = format!("form[action='{edit}']");
    for (field, typed) in [
        ("rounds_planned", rounds.to_string()),
        ("start_date", start.to_owned()),
        ("end_date", end.to_owned()),
    ] {
        let held = field_value(&w.c, &form, field).await;
        if ascii_digits(&held) != typed {
            let page = w.here().await;
            w.fail(
                w.write_width,
                &page,
                &format!("the field {field} holds {held:?}, not the {typed:?} typed"),
            );
        }
    }
    let held = field_value(&w.c, &form, "time_control").await;
    if held.trim().is_empty() {
        let page = w.here().await;
        w.fail(w.write_width, &page, "the time control typed is gone");
    }
    // The public page tells the rounds planned and the start date.
    w.goto(&format!("/tournaments/{id}")).await;
    w.look(&format!("{what}-event-page"), false).await;
    let shown = ascii_digits(&main_text(&w.c).await);
    if !shown.contains(&rounds.to_string()) {
        let page = w.here().await;
        w.fail(
            w.write_width,
            &page,
            &format!("the {rounds} rounds are not shown"),
        );
    }
    id
}

/// Registers the 14 players by the form, one refused first (its federation in the wrong
/// script) to see the form keep what was typed; reads the ratings and FIDE IDs back.
pub(crate) async fn register(w: &mut Walk, id: &str) {
    let lang = w.lang;
    w.goto(&format!("/tournaments/{id}/manage")).await;
    let form = format!("form[action='/tournaments/{id}/players']");
    let client = w.c.clone();
    let fill = |i: usize, federation: &'static str| {
        let c = client.clone();
        let form = form.clone();
        async move {
            type_into(&c, &form, "name", &person(lang, i)).await;
            type_into(&c, &form, "rating", &local(lang, &rating(i))).await;
            type_into(&c, &form, "federation", federation).await;
            type_into(&c, &form, "fide_id", &local(lang, &fide_id(i))).await;
        }
    };
    // Refused: the federation must be a three-letter FIDE code.
    fill(0, "ایر").await;
    submit(&w.c, &form).await;
    if alert(&w.c).await.is_none() {
        let page = w.here().await;
        w.fail(
            w.write_width,
            &page,
            "a federation «ایر» is taken without a word",
        );
    }
    w.look("register-refused", false).await;
    for (field, typed) in [
        ("name", person(lang, 0)),
        ("rating", rating(0)),
        ("fide_id", fide_id(0)),
    ] {
        let held = field_value(&w.c, &form, field).await;
        if ascii_digits(&held) != ascii_digits(&typed) {
            let page = w.here().await;
            w.fail(
                w.write_width,
                &page,
                &format!("after the refusal the field {field} holds {held:?}, not {typed:?}"),
            );
        }
    }
    for i in 0..PLAYERS {
        fill(i, "IRI").await;
        submit(&w.c, &form).await;
        no_error(&w.c, &format!("registering player {}", i + 1)).await;
        if i == 0 {
            w.look("registered", false).await;
        }
    }
    w.look("players", false).await;

    // The ratings, as the manage page lists them; the FIDE IDs, on each player's page.
    let rows =
        w.c.find_all(Locator::Css("table.players tbody tr"))
            .await
            .expect("the player list");
    let mut listed = Vec::new();
    for r in &rows {
        listed.push(ascii_digits(&r.text().await.expect("a row")));
    }
    for i in 0..PLAYERS {
        if !listed.iter().any(|r| r.contains(&rating(i))) {
            let page = w.here().await;
            w.fail(
                w.write_width,
                &page,
                &format!("player {}'s rating {} is not listed", i + 1, rating(i)),
            );
        }
    }
    for pn in 1..=PLAYERS {
        w.goto(&format!("/tournaments/{id}/players/{pn}")).await;
        if pn == 1 {
            w.look("player", false).await;
        }
        let shown = ascii_digits(&main_text(&w.c).await);
        let i = pn - 1;
        if !shown.contains(&fide_id(i)) || !shown.contains(&rating(i)) {
            let page = w.here().await;
            w.fail(
                w.write_width,
                &page,
                &format!(
                    "the FIDE ID {} or rating {} typed is not shown",
                    fide_id(i),
                    rating(i)
                ),
            );
        }
    }
}

/// Pairs round `round` and stores it, from the manage page's link; ends on the round's page.
pub(crate) async fn pair(w: &mut Walk, id: &str, round: u16) {
    w.goto(&format!("/tournaments/{id}/manage")).await;
    w.follow(&format!("/tournaments/{id}/pair")).await;
    no_error(&w.c, &format!("pairing round {round}")).await;
    w.look(&format!("pair-{round}"), false).await;
    submit(&w.c, &format!("form[action='/tournaments/{id}/pair']")).await;
    no_error(&w.c, &format!("storing round {round}")).await;
    w.look(&format!("stored-{round}"), false).await;
}

/// Publishes round `round` from its page, enters its results on the results sheet
/// (`results`: the option values, board by board), and looks at every page showing them.
pub(crate) async fn publish_and_enter(w: &mut Walk, id: &str, round: u16, results: &[&str]) {
    let publish = format!("form[action='/tournaments/{id}/rounds/{round}/publish']");
    submit(&w.c, &publish).await;
    no_error(&w.c, &format!("publishing round {round}")).await;
    w.look(&format!("published-{round}"), false).await;
    w.goto(&format!("/tournaments/{id}/manage")).await;
    w.follow(&format!("/tournaments/{id}/rounds/{round}/results"))
        .await;
    w.look(&format!("results-sheet-{round}"), false).await;
    // Each board's row by its game (a team event's sheet groups the boards under their match).
    let mut rows = Vec::new();
    for row in
        w.c.find_all(Locator::Css("table.entry tr.board"))
            .await
            .expect("the results sheet")
    {
        let id = row.attr("id").await.expect("the row's id").expect("an id");
        rows.push(format!("tr#{id}"));
    }
    assert_eq!(rows.len(), results.len(), "round {round}: the boards");
    for (board, (row, value)) in rows.iter().zip(results).enumerate() {
        choose(&w.c, row, "result", value).await;
        submit(&w.c, row).await;
        no_error(&w.c, &format!("round {round}, board {}", board + 1)).await;
        let held = field_value(&w.c, row, "result").await;
        if held != *value {
            let page = w.here().await;
            w.fail(
                w.write_width,
                &page,
                &format!("board {} holds {held:?} after saving {value:?}", board + 1),
            );
        }
    }
    w.look(&format!("results-entered-{round}"), false).await;
}

/// The public pages of round `round` and of the event, each result beside its winner.
pub(crate) async fn public_pages(w: &mut Walk, id: &str, round: u16, team: bool) {
    let mut pages = vec![
        (format!("/tournaments/{id}/rounds/{round}"), "round", true),
        (
            format!("/tournaments/{id}/rounds/{round}/print"),
            "print",
            true,
        ),
        (
            format!("/tournaments/{id}/rounds/{round}/sheets"),
            "result-sheets",
            true,
        ),
    ];
    if team {
        pages.extend([
            (
                format!("/tournaments/{id}/rounds/{round}/matches"),
                "matches",
                true,
            ),
            (
                format!("/tournaments/{id}/team-standings"),
                "team-standings",
                false,
            ),
            (
                format!("/tournaments/{id}/team-crosstable"),
                "team-crosstable",
                false,
            ),
            (format!("/tournaments/{id}/teams"), "teams", false),
            (format!("/tournaments/{id}/teams/1"), "team-1", false),
        ]);
    } else {
        pages.extend([
            (format!("/tournaments/{id}/standings"), "standings", false),
            (format!("/tournaments/{id}/crosstable"), "crosstable", false),
            (
                format!("/tournaments/{id}/players/1"),
                "player-after",
                false,
            ),
        ]);
    }
    pages.push((format!("/tournaments/{id}"), "event-after", false));
    let prefix = if team { "team-" } else { "" };
    for (path, name, results) in pages {
        w.goto(&path).await;
        w.look(&format!("{prefix}{name}"), results).await;
    }
}

/// The Swiss event of the walk.
pub(crate) async fn swiss(w: &mut Walk) {
    let id = sign_up_and_create(w).await;
    register(w, &id).await;
    // The pairing numbers by the initial order (C.04.2), as the pair page asks.
    w.goto(&format!("/tournaments/{id}/manage")).await;
    submit(
        &w.c,
        &format!("form[action='/tournaments/{id}/players/order']"),
    )
    .await;
    no_error(&w.c, "ordering the pairing numbers").await;
    pair(w, &id, 1).await;
    // A forfeit, the three results and a draw, on the seven boards.
    publish_and_enter(
        w,
        &id,
        1,
        &["+:-", "1:0", "0:1", "=:=", "0:1", "1:0", "-:+"],
    )
    .await;
    public_pages(w, &id, 1, false).await;
    pair(w, &id, 2).await;
    // A page that is not: it must lead back into the event.
    w.goto(&format!("/tournaments/{id}/rounds/99")).await;
    w.look("not-found", false).await;
}
