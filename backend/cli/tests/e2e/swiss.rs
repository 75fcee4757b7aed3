//! The organizer's Swiss event, run in the browser from sign-up to the public standings.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fantoccini::{Client, Locator};

use crate::browser::{
    click_and_wait, follow, in_the_browser, leading_number, no_error, press, register,
    sign_up_and_create, standings_shown, text,
};

#[tokio::test(flavor = "current_thread")]
async fn a_swiss_event_run_in_the_browser() {
    in_the_browser("a_swiss_event_run_in_the_browser", &[], scenario).await;
}

/// One game as entered: white's and black's pairing numbers, the value chosen and the points
/// it gives each side (Art. 11: a win or forfeit win 1, a draw ½; in halves).
struct Entered {
    white: u16,
    black: u16,
    halves: (u32, u32),
}

/// The results entered, by round and board: a forfeit (`+:-`) on board 1 of round 1; otherwise
/// 1-0, ½-½, 0-1 in turn. Returns the select's option label and value and the points in halves.
fn result_for(round: u16, board: usize) -> (&'static str, &'static str, (u32, u32)) {
    if round == 1 && board == 1 {
        return ("+ – − (White wins by forfeit)", "+:-", (2, 0));
    }
    match (usize::from(round) + board) % 3 {
        0 => ("1–0", "1:0", (2, 0)),
        1 => ("½–½", "=:=", (1, 1)),
        _ => ("0–1", "0:1", (0, 2)),
    }
}

async fn scenario(c: Client, base: String, dir: PathBuf) {
    // Sign up (the first account on the new database is the administrator) and create a
    // Dutch-system event of 3 rounds.
    c.goto(&format!("{base}/")).await.expect("the home page");
    let id = sign_up_and_create(&c, &base, "Browser Open 2026", 3, 60).await;
    let manage = format!("{base}/tournaments/{id}/manage");

    // Four players by the form.
    let by_form = [
        ("Carlsen, Magnus", "2830"),
        ("Giri, Anish", "2750"),
        ("Van Foreest, Jorden", "2690"),
        ("Muzychuk, Mariya", "2500"),
    ];
    register(&c, &id, &by_form).await;
    // Three by a CSV file.
    let by_csv = [
        ("L'Ami, Erwin", "2600"),
        ("Smeets, Jan", "2550"),
        ("Bok, Benjamin", "2580"),
    ];
    let csv = dir.join("players.csv");
    let mut lines = String::from("name,rating\n");
    for (name, rating) in by_csv {
        lines.push_str(&format!("\"{name}\",{rating}\n"));
    }
    std::fs::write(&csv, lines).expect("writing the CSV file");
    let form = format!("form[action='/tournaments/{id}/players/upload']");
    c.find(Locator::Css(&format!("{form} input[name='file']")))
        .await
        .expect("the file field")
        .send_keys(csv.to_str().expect("a UTF-8 path"))
        .await
        .expect("choosing the CSV file");
    press(&c, &form, "Register all").await;
    no_error(&c, "uploading the CSV file").await;
    let registered: BTreeSet<String> = by_form
        .iter()
        .chain(&by_csv)
        .map(|(n, _)| (*n).to_owned())
        .collect();
    let rows = c
        .find_all(Locator::Css("table.players tbody tr"))
        .await
        .expect("the player list");
    let mut listed = BTreeSet::new();
    for r in &rows {
        let cells = r
            .find_all(Locator::Css("td"))
            .await
            .expect("a player's cells");
        listed.insert(cells[1].text().await.expect("a name"));
    }
    assert_eq!(listed, registered, "the manage page lists the 7 players");

    // Before round 1 the organizer gives the pairing numbers by the initial order (C.04.2:
    // rating, title, name), as the pair page asks while they are not.
    c.goto(&manage).await.expect("the manage page");
    let form = format!("form[action='/tournaments/{id}/players/order']");
    press(
        &c,
        &form,
        "Order pairing numbers by rating, title, name (C.04.2)",
    )
    .await;
    no_error(&c, "ordering the pairing numbers").await;

    // Three rounds: pair, publish, enter the results.
    let mut entered: Vec<Entered> = Vec::new();
    let mut pab: Vec<u16> = Vec::new();
    for round in 1..=3_u16 {
        c.goto(&manage).await.expect("the manage page");
        follow(&c, &format!("Pair round {round}")).await;
        no_error(&c, &format!("pairing round {round}")).await;
        let form = format!("form[action='/tournaments/{id}/pair']");
        press(&c, &form, &format!("Store the pairing of round {round}")).await;
        no_error(&c, &format!("storing round {round}")).await;
        let here = c.current_url().await.expect("an address");
        assert!(
            here.path().ends_with(&format!("/rounds/{round}/pairing")),
            "storing round {round} led to {here}"
        );
        // The PAB (7 players), from the round's byes list.
        let byes = c
            .find_all(Locator::XPath(
                "//h3[normalize-space(.)='Byes and absences']/following-sibling::ul[1]/li",
            ))
            .await
            .expect("the byes list");
        let mut this_pab = Vec::new();
        for b in byes {
            let t = b.text().await.expect("a bye's text");
            if t.contains("(PAB)") {
                this_pab.push(leading_number(&t));
            }
        }
        assert_eq!(this_pab.len(), 1, "round {round} has one PAB");
        pab.push(this_pab[0]);

        let form = format!("form[action='/tournaments/{id}/rounds/{round}/publish']");
        press(&c, &form, &format!("Publish round {round}")).await;
        no_error(&c, &format!("publishing round {round}")).await;

        // The results sheet, from the manage page's round list.
        c.goto(&manage).await.expect("the manage page");
        let link = c
            .find(Locator::Css(&format!(
                "a[href='/tournaments/{id}/rounds/{round}/results']"
            )))
            .await
            .unwrap_or_else(|e| panic!("no results link for round {round}: {e}"));
        click_and_wait(&c, link, "opening the results sheet").await;
        let boards = c
            .find_all(Locator::Css("table.entry tbody tr"))
            .await
            .expect("the results sheet")
            .len();
        assert_eq!(boards, 3, "7 players: 3 boards in round {round}");
        for board in 1..=boards {
            // The page reloads after each save: find the row again.
            let rows = c
                .find_all(Locator::Css("table.entry tbody tr"))
                .await
                .expect("the results sheet");
            let row = &rows[board - 1];
            let cells = row.find_all(Locator::Css("td")).await.expect("cells");
            assert_eq!(
                cells[0].text().await.expect("board").trim(),
                board.to_string()
            );
            let white = leading_number(&cells[1].text().await.expect("white"));
            let black = leading_number(&cells[2].text().await.expect("black"));
            let (label, value, halves) = result_for(round, board);
            row.find(Locator::Css("select[name='result']"))
                .await
                .expect("the result field")
                .select_by_label(label)
                .await
                .unwrap_or_else(|e| panic!("choosing {label:?}: {e}"));
            let save = row
                .find(Locator::XPath(".//button[normalize-space(.)='Save']"))
                .await
                .expect("the Save button");
            click_and_wait(&c, save, "saving a result").await;
            no_error(&c, &format!("saving round {round} board {board}")).await;
            let saved = c
                .find(Locator::Css(&format!(
                    "table.entry tbody tr:nth-child({board}) select[name='result']"
                )))
                .await
                .expect("the result field after saving")
                .prop("value")
                .await
                .expect("its value");
            assert_eq!(saved.as_deref(), Some(value), "round {round} board {board}");
            entered.push(Entered {
                white,
                black,
                halves,
            });
        }
    }
    assert_eq!(
        pab.iter().collect::<BTreeSet<_>>().len(),
        3,
        "no player gets the PAB twice (C.04.1 f): {pab:?}"
    );

    // The public standings page, as the public sees it.
    c.goto(&format!("{base}/tournaments/{id}"))
        .await
        .expect("the public page");
    follow(&c, "Standings").await;
    assert!(
        text(&c, "main h2").await.contains("after round 3"),
        "the standings are after round 3"
    );
    let shown = standings_shown(&c).await;
    assert_eq!(shown.len(), 7, "the standings list all 7 players");
    eprintln!(
        "e2e: standings (pairing number, name, points in halves): {shown:?}; PAB by round: {pab:?}"
    );
    let names: BTreeSet<String> = shown.iter().map(|(_, n, _)| n.clone()).collect();
    assert_eq!(names, registered, "the standings name the 7 players");

    // The points the entered results and the PABs give (Art. 11; the PAB a win's point).
    let mut expected: BTreeMap<u16, u32> = shown.iter().map(|&(pn, _, _)| (pn, 0)).collect();
    for g in &entered {
        *expected.get_mut(&g.white).expect("white is listed") += g.halves.0;
        *expected.get_mut(&g.black).expect("black is listed") += g.halves.1;
    }
    for p in &pab {
        *expected.get_mut(p).expect("the PAB player is listed") += 2;
    }
    let points: BTreeMap<u16, u32> = shown.iter().map(|&(pn, _, h)| (pn, h)).collect();
    for p in &pab {
        let games: u32 = entered
            .iter()
            .map(|g| {
                if g.white == *p {
                    g.halves.0
                } else if g.black == *p {
                    g.halves.1
                } else {
                    0
                }
            })
            .sum();
        assert_eq!(
            points[p],
            games + 2,
            "player {p}'s score includes the PAB's point"
        );
    }
    let forfeit = &entered[0];
    assert!(
        points[&forfeit.white] >= 2,
        "the forfeit winner {} has the forfeit's point",
        forfeit.white
    );
    assert_eq!(points, expected, "points per pairing number (in halves)");
    assert!(
        shown.windows(2).all(|w| w[0].2 >= w[1].2),
        "the standings are in order of points: {shown:?}"
    );

    // The same event in Persian (issue #16): the language switch, then the standings and the
    // pairing list, right to left and in Persian digits; a screenshot of each is saved.
    c.goto(&format!(
        "{base}/language?lang=fa&back=/tournaments/{id}/standings"
    ))
    .await
    .expect("the language switch");
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for (page, name, heading) in [
        ("standings", "e2e-fa-standings.png", "رده‌بندی پس از دور ۳"),
        ("rounds/3/print", "e2e-fa-pairing-list.png", "دور ۳"),
        ("rounds/3", "e2e-fa-round.png", "دور ۳"),
    ] {
        c.goto(&format!("{base}/tournaments/{id}/{page}"))
            .await
            .expect("a Persian page");
        let html = c.find(Locator::Css("html")).await.expect("the document");
        assert_eq!(
            html.attr("dir").await.expect("dir").as_deref(),
            Some("rtl"),
            "{page} reads right to left"
        );
        let main = crate::browser::main_text(&c).await;
        assert!(main.contains(heading), "{page} in Persian: {main}");
        if page.starts_with("rounds/") {
            // Each result beside its player: White's figure on White's side (issue #46).
            let (checked, wrong) = crate::browser::result_sides(&c).await;
            assert!(checked >= 3, "{page}: {checked} results found");
            assert_eq!(wrong, 0, "{page}: results drawn on the loser's side");
        }
        let png = c.screenshot().await.expect("a screenshot");
        let path = shots.join(name);
        std::fs::write(&path, png).expect("the screenshot is saved");
        eprintln!("e2e: the Persian {page} page: {}", path.display());
    }
    c.goto(&format!("{base}/language?lang=en&back=/"))
        .await
        .expect("back to English");
}
