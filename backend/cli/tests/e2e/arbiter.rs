//! The arbiter's work in the browser: check-in, default time, adjournment, penalty, score report.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};

use crate::browser::{
    click_and_wait, follow, in_the_browser, leading_number, main_text, no_error, press, register,
    set_datetime, sign_up_and_create, standings_shown, text, type_into,
};

/// The arbiter's work (issue #6) in the browser, on the pages an arbiter uses during a round:
/// check-in on the board view and on the players' tablet (not signed in, Art. 6.6), the
/// default-time forfeit applied by the server's job
/// (Art. 6.7, a default time of one minute so the test waits less than that), the arbiter
/// deciding otherwise; an
/// adjournment sealed on the arbiter's device, the move unreadable before the envelope is
/// opened with the replier present (Appendix A.1-A.3, A.7); a penalty (13.4(d)) changing the
/// result; a score report with an illegal move flagged (Art. 7, 8) and the chief arbiter's
/// decision; and the standings as these results make them.
#[tokio::test(flavor = "current_thread")]
async fn the_arbiters_work_in_the_browser() {
    in_the_browser(
        "the_arbiters_work_in_the_browser",
        &[("ARBITER_JOB_INTERVAL_SECS", "1")],
        arbiter_scenario,
    )
    .await;
}

/// The time in UTC `minutes` from now, its seconds dropped, as a `datetime-local` value (the
/// field's precision).
fn utc_minute(minutes: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::minutes(minutes))
        .format("%Y-%m-%dT%H:%M")
        .to_string()
}

/// One board of the results sheet: board number, game id (from its links), White's and Black's
/// pairing numbers.
struct Board {
    board: usize,
    game: String,
    white: u16,
    black: u16,
}

/// The boards of round `round` from its results sheet.
async fn boards(c: &Client, base: &str, id: &str, round: u16) -> Vec<Board> {
    c.goto(&format!("{base}/tournaments/{id}/rounds/{round}/results"))
        .await
        .expect("the results sheet");
    let rows = c
        .find_all(Locator::Css("table.entry tbody tr"))
        .await
        .expect("the results sheet");
    let mut out = Vec::new();
    for r in rows {
        let cells = r.find_all(Locator::Css("td")).await.expect("cells");
        let board: usize = cells[0]
            .text()
            .await
            .expect("board")
            .trim()
            .parse()
            .expect("a board number");
        let white = leading_number(&cells[1].text().await.expect("white"));
        let black = leading_number(&cells[2].text().await.expect("black"));
        let href = r
            .find(Locator::Css("a[href$='/adjourn']"))
            .await
            .expect("the adjournment link")
            .attr("href")
            .await
            .expect("an address")
            .expect("an href");
        let game = href
            .rsplit('/')
            .nth(1)
            .expect("the game id in the address")
            .to_owned();
        out.push(Board {
            board,
            game,
            white,
            black,
        });
    }
    out
}

/// The text of board `board`'s row on the arbiter's board view.
async fn board_row(c: &Client, board: usize) -> String {
    text(c, &format!("tr#board-{board}")).await
}

/// Clicks the button labelled `label` in board `board`'s row of the board view.
async fn press_in_row(c: &Client, board: usize, label: &str) {
    let button = c
        .find(Locator::Css(&format!("tr#board-{board}")))
        .await
        .unwrap_or_else(|e| panic!("no board {board}: {e}"))
        .find(Locator::XPath(&format!(
            ".//button[normalize-space(.)='{label}']"
        )))
        .await
        .unwrap_or_else(|e| panic!("no button {label:?} on board {board}: {e}"));
    click_and_wait(c, button, &format!("pressing {label:?} on board {board}")).await;
}

async fn arbiter_scenario(c: Client, base: String, _dir: PathBuf) {
    let id = sign_up_and_create(&c, &base, "Arbiters' Cup 2026", 2, 1).await;
    let manage = format!("{base}/tournaments/{id}/manage");
    register(
        &c,
        &id,
        &[
            ("Anand, Viswanathan", "2750"),
            ("Kramnik, Vladimir", "2740"),
            ("Topalov, Veselin", "2700"),
            ("Leko, Peter", "2690"),
            ("Adams, Michael", "2680"),
            ("Svidler, Peter", "2670"),
        ],
    )
    .await;
    press(
        &c,
        &format!("form[action='/tournaments/{id}/players/order']"),
        "Order pairing numbers by rating, title, name (C.04.2)",
    )
    .await;
    follow(&c, "Pair round 1").await;
    press(
        &c,
        &format!("form[action='/tournaments/{id}/pair']"),
        "Store the pairing of round 1",
    )
    .await;
    no_error(&c, "storing round 1").await;
    press(
        &c,
        &format!("form[action='/tournaments/{id}/rounds/1/publish']"),
        "Publish round 1",
    )
    .await;
    no_error(&c, "publishing round 1").await;
    let games = boards(&c, &base, &id, 1).await;
    assert_eq!(
        games.iter().map(|g| g.board).collect::<Vec<_>>(),
        [1, 2, 3],
        "6 players: 3 boards"
    );

    // The organizer schedules the round's start (the default time counts from it, Art. 6.7).
    let pairing_page = format!("{base}/tournaments/{id}/rounds/1/pairing");
    let schedule = format!("form[action='/tournaments/{id}/rounds/1/schedule']");
    c.goto(&pairing_page).await.expect("the pairing page");
    set_datetime(&c, &schedule, "scheduled", &utc_minute(30)).await;
    press(&c, &schedule, "Set the start").await;
    no_error(&c, "scheduling round 1").await;

    // Check-in (Art. 6.6) by the arbiter: both players of board 1, White on board 2.
    let board_view = format!("{base}/tournaments/{id}/rounds/1/board");
    c.goto(&board_view).await.expect("the board view");
    let page = main_text(&c).await;
    assert!(page.contains("default time 1 minutes"), "{page}");
    for (board, colour) in [(1, "White"), (1, "Black"), (2, "White")] {
        press_in_row(&c, board, &format!("Check in {colour}")).await;
        no_error(&c, &format!("checking in {colour} on board {board}")).await;
    }

    // The organizer allows self check-in; the tablet at the venue is not signed in, and two
    // players check themselves in there (Art. 6.6).
    c.goto(&manage).await.expect("the manage page");
    press(
        &c,
        &format!("form[action='/tournaments/{id}/self-check-in']"),
        "Allow self check-in",
    )
    .await;
    no_error(&c, "allowing self check-in").await;
    c.goto(&manage).await.expect("the manage page");
    let tablet = c
        .find(Locator::Css("a.tablet-link"))
        .await
        .expect("the tablet link")
        .attr("href")
        .await
        .expect("an address")
        .expect("an href");
    c.delete_all_cookies()
        .await
        .expect("signing the browser out");
    c.goto(&format!("{base}{tablet}"))
        .await
        .expect("the tablet page");
    for (board, colour) in [(2, "Black"), (3, "White")] {
        let button = c
            .find(Locator::XPath(&format!(
                "//button[starts-with(normalize-space(.), 'I am here:') and contains(., '(board {board}, {colour})')]"
            )))
            .await
            .unwrap_or_else(|e| panic!("no tablet button for board {board} {colour}: {e}"));
        click_and_wait(&c, button, "checking in on the tablet").await;
        no_error(&c, "checking in on the tablet").await;
        assert!(
            text(&c, "[role='status']").await.starts_with("Checked in:"),
            "the tablet confirms"
        );
    }
    assert!(
        !main_text(&c).await.contains("(board 1,"),
        "board 1's players are present already: no button"
    );
    // The arbiter signs in again.
    c.goto(&format!("{base}/signin"))
        .await
        .expect("the sign-in page");
    let form = "form[action='/signin']";
    type_into(&c, form, "email", "organizer@example.org").await;
    type_into(&c, form, "password", "correct horse battery").await;
    press(&c, form, "Sign in").await;
    no_error(&c, "signing in again").await;
    c.goto(&board_view).await.expect("the board view");
    assert!(
        board_row(&c, 2)
            .await
            .contains("self check-in on the tablet"),
        "the board view says who recorded the arrival: {}",
        board_row(&c, 2).await
    );
    assert!(
        board_row(&c, 3).await.contains("absent"),
        "Black on board 3 is absent: {}",
        board_row(&c, 3).await
    );

    // Still waiting: the deadline is ahead, nobody has lost.
    assert!(
        board_row(&c, 3)
            .await
            .contains("waiting: a player is absent"),
        "{}",
        board_row(&c, 3).await
    );
    // The start moved to this minute (its seconds dropped) with the default time of one minute:
    // the deadline is less than a minute away and after the arrivals above. Once it passes, the
    // server's job forfeits the absent player, without anyone asking.
    c.goto(&pairing_page).await.expect("the pairing page");
    set_datetime(&c, &schedule, "scheduled", &utc_minute(0)).await;
    press(&c, &schedule, "Set the start").await;
    no_error(&c, "moving the start of round 1").await;
    let start = Instant::now();
    loop {
        c.goto(&board_view).await.expect("the board view");
        let row = board_row(&c, 3).await;
        if row.contains("forfeit applied") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "no default-time forfeit on board 3 after 90 s: {row}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    for board in [1, 2] {
        let row = board_row(&c, board).await;
        assert!(
            !row.contains("forfeit"),
            "board {board}: both players are present: {row}"
        );
    }

    // The arbiter decides otherwise (Art. 6.7): the forfeit is taken back, with the reason.
    let reason = "train delayed, the player called the arbiter";
    type_into(&c, "tr#board-3", "reason", reason).await;
    press_in_row(&c, 3, "Decide otherwise (Art. 6.7)").await;
    no_error(&c, "deciding otherwise on board 3").await;
    let row = board_row(&c, 3).await;
    assert!(row.contains(reason), "the decision shows its reason: {row}");
    assert!(
        !row.contains("forfeit applied") && !row.contains("+–"),
        "the forfeit is taken back: {row}"
    );

    // Board 1 adjourns after 1.e4 e5 2.Nf3: Black seals 2...Nc6 on the arbiter's device (A.1).
    let b1 = &games[0];
    let adjourn = format!("{base}/tournaments/{id}/games/{}/adjourn", b1.game);
    c.goto(&adjourn).await.expect("the adjournment page");
    let form = format!(
        "form[action='/tournaments/{id}/games/{}/adjourn/seal']",
        b1.game
    );
    c.find(Locator::Css(&format!("{form} textarea[name='moves']")))
        .await
        .expect("the moves field")
        .send_keys("1. e4 e5 2. Nf3")
        .await
        .expect("typing the moves");
    type_into(&c, &form, "white_time", "0:42:10").await;
    type_into(&c, &form, "black_time", "0:51:30").await;
    set_datetime(&c, &form, "resumption_at", &utc_minute(0)).await;
    type_into(&c, &form, "place", "Hall B").await;
    // The player first writes a move, then changes it before confirming (A.1(a)).
    type_into(&c, &form, "sealed_move", "Nf6").await;
    press(&c, &form, "Review the envelope (A.1(a))").await;
    no_error(&c, "reviewing the envelope").await;
    assert!(
        main_text(&c).await.contains("Nf6"),
        "the review shows the move written"
    );
    press(&c, &form, "Change the move (A.1(a))").await;
    type_into(&c, &form, "sealed_move", "Nc6").await;
    press(&c, &form, "Review the envelope (A.1(a))").await;
    press(&c, &form, "Confirm and seal (A.1(a), A.3)").await;
    no_error(&c, "sealing").await;
    // Sealed: neither move appears on any page (A.3), the commitment does.
    let pages = [
        adjourn.clone(),
        format!("{base}/tournaments/{id}/games/{}/report", b1.game),
        format!("{base}/tournaments/{id}/rounds/1"),
        format!("{base}/tournaments/{id}/rounds/1/results"),
        format!("{base}/tournaments/{id}/audit"),
        format!("{base}/tournaments/{id}/export.pgn"),
        format!("{base}/api/v1/tournaments/{id}"),
        board_view.clone(),
    ];
    for page in &pages {
        c.goto(page).await.expect("a page");
        let source = c.source().await.expect("the page's source");
        for m in ["Nc6", "Nf6", "b8c6", "g8f6"] {
            assert!(
                !source.contains(m),
                "{page} shows the sealed (or first written) move {m} before opening"
            );
        }
    }
    c.goto(&adjourn).await.expect("the adjournment page");
    let page = main_text(&c).await;
    assert!(page.contains("Commitment (SHA-256, A.3)"), "{page}");
    assert!(
        page.contains("Hall B"),
        "the place of resumption (A.2(g)): {page}"
    );

    // The resumption: White, who must reply, is present; the envelope is opened (A.7).
    let form = format!(
        "form[action='/tournaments/{id}/games/{}/adjourn/check-in']",
        b1.game
    );
    c.find(Locator::Css(&format!("{form} select[name='colour']")))
        .await
        .expect("the colour field")
        .select_by_value("w")
        .await
        .expect("choosing White");
    press(&c, &form, "Record arrival (A.7, A.10)").await;
    no_error(&c, "recording White's arrival").await;
    let form = format!(
        "form[action='/tournaments/{id}/games/{}/adjourn/open']",
        b1.game
    );
    let open = c
        .find(Locator::Css(&format!("{form} button")))
        .await
        .expect("the opening button");
    click_and_wait(&c, open, "opening the envelope").await;
    no_error(&c, "opening the envelope").await;
    let page = main_text(&c).await;
    assert!(
        page.contains("The sealed move is Nc6"),
        "the opened envelope shows the move, validated (A.8): {page}"
    );

    // After the resumption, Black's phone rings: the arbiter declares the game lost (13.4(d)).
    c.goto(&format!(
        "{base}/tournaments/{id}/games/{}/incidents",
        b1.game
    ))
    .await
    .expect("the incidents page");
    let form = "form:has(input[name='kind'][value='game_lost'])";
    c.find(Locator::Css(&format!("{form} select[name='offender']")))
        .await
        .expect("the offender field")
        .select_by_value("black")
        .await
        .expect("choosing Black");
    type_into(
        &c,
        form,
        "reason",
        "left the playing venue without permission",
    )
    .await;
    press(&c, form, "Declare lost (13.4(d))").await;
    no_error(&c, "declaring the game lost").await;
    let page = main_text(&c).await;
    assert!(
        page.contains("13.4(d)"),
        "the incident is listed with its article: {page}"
    );
    assert!(
        page.contains("1–0") || page.contains("1-0"),
        "White wins: {page}"
    );

    // Board 2's score report: 2.Ke3 is illegal; the report is flagged (Art. 7, 8).
    let b2 = &games[1];
    c.goto(&format!("{base}/tournaments/{id}/games/{}/report", b2.game))
        .await
        .expect("the score report page");
    let form = format!("form[action='/tournaments/{id}/games/{}/report']", b2.game);
    c.find(Locator::Css(&format!("{form} textarea[name='scoresheet']")))
        .await
        .expect("the scoresheet field")
        .send_keys("1. e4 e5 2. Ke3 Nc6 3. Kd3")
        .await
        .expect("typing the scoresheet");
    c.find(Locator::Css(&format!("{form} select[name='result']")))
        .await
        .expect("the result field")
        .select_by_value("1-0")
        .await
        .expect("choosing 1-0");
    press(&c, &form, "Replay and store (Art. 3, 5, 6.9, 9.6)").await;
    let page = main_text(&c).await;
    assert!(
        page.contains("flagged") && page.contains("Ke3"),
        "the report names the illegal move: {page}"
    );
    c.goto(&format!("{base}/tournaments/{id}/flagged"))
        .await
        .expect("the flagged games");
    let page = main_text(&c).await;
    assert!(page.contains("Ke3"), "the chief arbiter sees why: {page}");
    let confirm = c
        .find(Locator::XPath(
            "//button[normalize-space(.)='Confirm the result (Art. 8)']",
        ))
        .await
        .expect("the confirm button");
    click_and_wait(&c, confirm, "confirming the result").await;
    no_error(&c, "confirming").await;
    assert!(main_text(&c).await.contains("No flagged game"));

    // Board 3 (the forfeit taken back) is played: a draw.
    let b3 = &games[2];
    c.goto(&format!("{base}/tournaments/{id}/rounds/1/results"))
        .await
        .expect("the results sheet");
    let row = c
        .find(Locator::Css("table.entry tbody tr:nth-child(3)"))
        .await
        .expect("board 3");
    row.find(Locator::Css("select[name='result']"))
        .await
        .expect("the result field")
        .select_by_value("=:=")
        .await
        .expect("choosing a draw");
    let save = row
        .find(Locator::XPath(".//button[normalize-space(.)='Save']"))
        .await
        .expect("the Save button");
    click_and_wait(&c, save, "saving board 3").await;
    no_error(&c, "saving board 3").await;

    // The standings: the 13.4(d) loss, the confirmed 1-0 and the draw (Art. 11).
    c.goto(&format!("{base}/tournaments/{id}/standings"))
        .await
        .expect("the standings");
    let points: BTreeMap<u16, u32> = standings_shown(&c)
        .await
        .into_iter()
        .map(|(pn, _, halves)| (pn, halves))
        .collect();
    let expect = |pn: u16, halves: u32| {
        assert_eq!(
            points.get(&pn).copied(),
            Some(halves),
            "player {pn}'s points: {points:?}"
        );
    };
    expect(b1.white, 2);
    expect(b1.black, 0);
    expect(b2.white, 2);
    expect(b2.black, 0);
    expect(b3.white, 1);
    expect(b3.black, 1);
    c.goto(&manage).await.expect("the manage page");
}
