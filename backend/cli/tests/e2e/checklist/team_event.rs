//! The checklist's team event: created, made a team event of two boards, four teams added by
//! the form with rosters typed as a person types («نام؛ ریتینگ؛ شناسهٔ فیده؛ فدراسیون»),
//! round 1 paired, seated, published, its results entered, the public pages read.

use fantoccini::Locator;

use super::event::{create, public_pages, publish_and_enter};
use super::page::Walk;
use super::typing::{ascii_digits, choose, field_value, local, main_text, person, submit};
use crate::browser::{no_error, type_into};

/// Teams added.
const TEAMS: usize = 4;

/// A team's name in `lang`.
fn team_name(lang: &str, t: usize) -> String {
    let fa = ["تیم تهران", "تیم تبریز", "تیم شیراز", "تیم مشهد"];
    let ar = ["فريق دبي", "فريق الشارقة", "فريق عمان", "فريق الدوحة"];
    (if lang == "fa" { fa[t] } else { ar[t] }).to_owned()
}

/// The `b`-th player of team `t`: name, rating and FIDE ID in ASCII digits.
fn member(lang: &str, t: usize, b: usize) -> (String, String, String) {
    let i = t * 3 + b;
    (
        format!("{} {}", person(lang, i), local(lang, &(t + 1).to_string())),
        (2400 - 20 * t - 5 * b).to_string(),
        (12_600_001 + i).to_string(),
    )
}

/// The team event of the walk, by the same signed-in organizer.
pub(crate) async fn teams(w: &mut Walk) {
    let lang = w.lang;
    w.goto("/tournaments/new").await;
    let id = create(w, "team", 3).await;
    w.goto(&format!("/tournaments/{id}/manage")).await;
    w.follow(&format!("/tournaments/{id}/teams/manage")).await;
    w.look("teams-manage", false).await;
    let setup = format!("form[action='/tournaments/{id}/teams/setup']");
    type_into(&w.c, &setup, "boards", &local(lang, "2")).await;
    submit(&w.c, &setup).await;
    no_error(&w.c, "making a team event").await;
    w.look("team-event", false).await;
    let held = field_value(&w.c, &setup, "boards").await;
    if ascii_digits(&held) != "2" {
        let page = w.here().await;
        w.fail(
            w.write_width,
            &page,
            &format!("the boards field holds {held:?}, not 2"),
        );
    }

    let add = format!("form[action='/tournaments/{id}/teams/add']");
    for t in 0..TEAMS {
        type_into(&w.c, &add, "name", &team_name(lang, t)).await;
        type_into(&w.c, &add, "federation", "IRI").await;
        // Two boards and a reserve, the fields parted by the language's semicolon.
        let roster: String = (0..3)
            .map(|b| {
                let (name, rating, fide) = member(lang, t, b);
                format!(
                    "{name}؛ {}؛ {}؛ IRI\n",
                    local(lang, &rating),
                    local(lang, &fide)
                )
            })
            .collect();
        type_into(&w.c, &add, "roster", &roster).await;
        submit(&w.c, &add).await;
        no_error(&w.c, &format!("adding team {}", t + 1)).await;
        if t == 0 {
            w.look("team-added", false).await;
        }
    }
    // Each roster as typed: the names and ratings on the team page, the FIDE IDs on the
    // players' pages.
    let rosters = ascii_digits(
        &w.c.find(Locator::Css("main"))
            .await
            .expect("the page")
            .text()
            .await
            .expect("its text"),
    );
    for t in 0..TEAMS {
        for b in 0..3 {
            let (name, rating, _) = member(lang, t, b);
            if !rosters.contains(&ascii_digits(&name)) || !rosters.contains(&rating) {
                let page = w.here().await;
                w.fail(
                    w.write_width,
                    &page,
                    &format!("team {}'s player {name} ({rating}) is not listed", t + 1),
                );
            }
        }
    }
    let (_, rating, fide) = member(lang, 0, 0);
    w.goto(&format!("/tournaments/{id}/players/1")).await;
    let shown = ascii_digits(&main_text(&w.c).await);
    if !shown.contains(&fide) || !shown.contains(&rating) {
        let page = w.here().await;
        w.fail(
            w.write_width,
            &page,
            &format!("the FIDE ID {fide} or rating {rating} typed in the roster is not shown"),
        );
    }
    w.look("team-player", false).await;

    // Round 1: paired, seated by the rosters' order, published, its results entered.
    w.goto(&format!("/tournaments/{id}/teams/manage")).await;
    let pair = format!("form[action='/tournaments/{id}/teams/pair']");
    choose(&w.c, &pair, "system", "round-robin").await;
    submit(&w.c, &pair).await;
    no_error(&w.c, "pairing the teams").await;
    w.look("teams-paired", false).await;
    submit(
        &w.c,
        &format!("form[action='/tournaments/{id}/rounds/1/seat']"),
    )
    .await;
    no_error(&w.c, "seating the boards").await;
    w.look("teams-seated", false).await;
    w.follow(&format!("/tournaments/{id}/rounds/1/pairing"))
        .await;
    w.look("team-round-1", false).await;
    publish_and_enter(w, &id, 1, &["1:0", "=:=", "0:1", "1:0"]).await;
    public_pages(w, &id, 1, true).await;
}
