//! Team events run in the browser (issue #20): a 10-team league (double round robin, 18
//! rounds) and a 40-team Swiss (FIDE C.04.6, 9 rounds), each over two boards with a reserve per
//! team. The organizer makes the event a team event, adds every team with its roster by the
//! team form, pairs each round, submits a line-up on the line-up form (a refused one first: the
//! reserve above the player listed higher), seats the boards, publishes the round and enters
//! every board's result on the results sheet. Then the public team standings show each team's
//! match and game points as the test adds them up from the results it entered, the league has
//! every pair of teams meet twice with board 1's colour reversed, the Swiss has no rematch, and
//! the TRF-2026 export, downloaded with the browser's session, reads back as the same event.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fantoccini::{Client, Locator};

use crate::browser::{
    click_and_wait, download, in_the_browser, in_the_browser_on, leading_number, no_error, press,
    sign_up_and_create, type_into,
};

#[tokio::test(flavor = "current_thread")]
async fn a_team_league_run_in_the_browser() {
    in_the_browser(
        "a_team_league_run_in_the_browser",
        &[],
        |c: Client, base: String, dir: PathBuf| async move {
            team_event(c, base, dir, 10, "double-round-robin", 18).await;
        },
    )
    .await;
}

/// The Swiss runs on PostgreSQL when `ARBITER_TEST_POSTGRES_URL` names a server (as on CI: a
/// schema of its own, dropped afterwards), so that each backend serves one team event in the
/// browser; on SQLite otherwise.
#[tokio::test(flavor = "current_thread")]
async fn a_team_swiss_run_in_the_browser() {
    let pg = arbiter_db::testing::TestDb::postgres();
    let database = pg.as_ref().map(|db| {
        let schema = db.pg_schema.as_deref().expect("a PostgreSQL test schema");
        let sep = if db.url.contains('?') { '&' } else { '?' };
        format!("{}{sep}options=-csearch_path%3D{schema}", db.url)
    });
    in_the_browser_on(
        "a_team_swiss_run_in_the_browser",
        &[],
        database.as_deref(),
        |c: Client, base: String, dir: PathBuf| async move {
            team_event(c, base, dir, 40, "swiss", 9).await;
        },
    )
    .await;
    drop(pg);
}

/// Boards per match.
const BOARDS: u16 = 2;

/// The result entered on the `k`-th game of round `round`'s sheet: its option label, and the
/// points of White and Black in halves.
fn result_for(round: u16, k: usize) -> (&'static str, (u32, u32)) {
    match (usize::from(round) * 7 + k * 3) % 5 {
        0 | 3 => ("1–0", (2, 0)),
        1 => ("½–½", (1, 1)),
        _ => ("0–1", (0, 2)),
    }
}

/// A match of a round as the team page lists it: the table's first- and second-named teams.
struct Paired {
    first: u16,
    second: u16,
}

#[expect(
    clippy::too_many_lines,
    reason = "one scenario, step by step as the organizer works"
)]
async fn team_event(c: Client, base: String, _dir: PathBuf, teams: u16, system: &str, rounds: u16) {
    let id = sign_up_and_create(&c, &base, &format!("{system} team event"), rounds, 60).await;
    let team_page = format!("{base}/tournaments/{id}/teams/manage");

    // The event's rules: two boards, the defaults otherwise (2/1/0, match points first).
    c.goto(&team_page).await.expect("the team page");
    let setup = format!("form[action='/tournaments/{id}/teams/setup']");
    type_into(&c, &setup, "boards", &BOARDS.to_string()).await;
    press(&c, &setup, "Make this a team event").await;
    no_error(&c, "making a team event").await;

    // Every team by the form: two players and a reserve, new players registered with it. The
    // ratings fall with the team's number, so the teams' order is their number.
    let add = format!("form[action='/tournaments/{id}/teams/add']");
    for t in 1..=teams {
        type_into(&c, &add, "name", &format!("Team {t:02}")).await;
        let roster: String = (1..=3_u16)
            .map(|b| format!("Player {t:02}-{b}; {}\n", 2400 - 10 * t - b))
            .collect();
        type_into(&c, &add, "roster", &roster).await;
        press(&c, &add, "Add a team").await;
        no_error(&c, &format!("adding team {t}")).await;
    }
    // Each player's team, and each team's roster, as the team page lists them.
    let mut team_of: BTreeMap<u16, u16> = BTreeMap::new();
    let mut rosters: BTreeMap<u16, Vec<u16>> = BTreeMap::new();
    let rows = c
        .find_all(Locator::XPath("//ul[@class='roster']/ancestor::tr[1]"))
        .await
        .expect("the teams");
    assert_eq!(rows.len(), usize::from(teams), "the page lists every team");
    for row in &rows {
        let cells = row.find_all(Locator::Css("td")).await.expect("cells");
        let team: u16 = cells[0]
            .text()
            .await
            .expect("a number")
            .trim()
            .parse()
            .expect("a team number");
        let mut roster = Vec::new();
        for li in cells[4]
            .find_all(Locator::Css("ul.roster li"))
            .await
            .expect("the roster")
        {
            let pn = leading_number(&li.text().await.expect("a player"));
            team_of.insert(pn, team);
            roster.push(pn);
        }
        assert_eq!(roster.len(), 3, "team {team}: two boards and a reserve");
        rosters.insert(team, roster);
    }

    // Match and game points (in halves) as the test adds them up.
    let mut mp: BTreeMap<u16, u32> = (1..=teams).map(|t| (t, 0)).collect();
    let mut gp: BTreeMap<u16, u32> = mp.clone();
    let mut met: BTreeMap<(u16, u16), Vec<u16>> = BTreeMap::new();
    for round in 1..=rounds {
        // Pair the round.
        c.goto(&team_page).await.expect("the team page");
        let pair = format!("form[action='/tournaments/{id}/teams/pair']");
        c.find(Locator::Css(&format!("{pair} select[name='system']")))
            .await
            .expect("the system field")
            .select_by_value(system)
            .await
            .expect("choosing the pairing system");
        press(&c, &pair, &format!("Pair round {round}")).await;
        no_error(&c, &format!("pairing round {round}")).await;
        let mut paired = Vec::new();
        let rows = c
            .find_all(Locator::XPath(&format!(
                "//h3[starts-with(normalize-space(.), 'Round {round}')]/following-sibling::div[1]//tbody/tr"
            )))
            .await
            .expect("the round's matches");
        let number_of = |name: &str| -> u16 {
            name.trim()
                .strip_prefix("Team ")
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name:?} is not a team"))
        };
        for row in &rows {
            let cells = row.find_all(Locator::Css("td")).await.expect("cells");
            paired.push(Paired {
                first: number_of(&cells[1].text().await.expect("a team")),
                second: number_of(&cells[3].text().await.expect("a team")),
            });
        }
        assert_eq!(
            paired.len(),
            usize::from(teams / 2),
            "round {round}: every team plays"
        );
        for m in &paired {
            met.entry((m.first.min(m.second), m.first.max(m.second)))
                .or_default()
                .push(m.first);
        }

        // The first table's first-named team plays its reserve on board 2. Above the player
        // listed first it is refused (the roster order, C.04.6's line-up rule); below, taken.
        let captain_team = paired[0].first;
        let roster = &rosters[&captain_team];
        c.goto(&format!(
            "{base}/tournaments/{id}/rounds/{round}/lineups/{captain_team}"
        ))
        .await
        .expect("the line-up page");
        let lineup =
            format!("form[action='/tournaments/{id}/rounds/{round}/lineups/{captain_team}']");
        let choose = |board: u16, pn: u16| {
            let c = c.clone();
            let lineup = lineup.clone();
            async move {
                c.find(Locator::Css(&format!(
                    "{lineup} select[name='board_{board}']"
                )))
                .await
                .expect("a board's field")
                .select_by_value(&pn.to_string())
                .await
                .expect("choosing a player");
            }
        };
        choose(1, roster[2]).await;
        choose(2, roster[0]).await;
        press(&c, &lineup, "Submit the line-up").await;
        assert!(
            !c.find_all(Locator::Css("[role='alert']"))
                .await
                .expect("alerts")
                .is_empty(),
            "round {round}: the reserve above board 1's player is refused"
        );
        c.goto(&format!(
            "{base}/tournaments/{id}/rounds/{round}/lineups/{captain_team}"
        ))
        .await
        .expect("the line-up page");
        choose(1, roster[0]).await;
        choose(2, roster[2]).await;
        press(&c, &lineup, "Submit the line-up").await;
        no_error(&c, &format!("round {round}: the line-up")).await;

        // Seat the boards and publish the round.
        c.goto(&team_page).await.expect("the team page");
        let seat = format!("form[action='/tournaments/{id}/rounds/{round}/seat']");
        press(&c, &seat, "Seat the boards from the line-ups").await;
        no_error(&c, &format!("seating round {round}")).await;
        c.goto(&format!("{base}/tournaments/{id}/rounds/{round}/pairing"))
            .await
            .expect("the round's page");
        let publish = format!("form[action='/tournaments/{id}/rounds/{round}/publish']");
        press(&c, &publish, &format!("Publish round {round}")).await;
        no_error(&c, &format!("publishing round {round}")).await;

        // Every board's result on the results sheet.
        let sheet = format!("{base}/tournaments/{id}/rounds/{round}/results");
        c.goto(&sheet).await.expect("the results sheet");
        let games = c
            .find_all(Locator::Css("table.entry tr.board"))
            .await
            .expect("the results sheet")
            .len();
        assert_eq!(
            games,
            usize::from(teams / 2 * BOARDS),
            "round {round}: every board"
        );
        // Game points of each team in this round's match, in halves.
        let mut match_gp: BTreeMap<u16, u32> = BTreeMap::new();
        let mut played: BTreeSet<u16> = BTreeSet::new();
        for k in 0..games {
            let rows = c
                .find_all(Locator::Css("table.entry tr.board"))
                .await
                .expect("the results sheet");
            let row = &rows[k];
            let cells = row.find_all(Locator::Css("td")).await.expect("cells");
            let white = leading_number(&cells[1].text().await.expect("white"));
            let black = leading_number(&cells[2].text().await.expect("black"));
            played.extend([white, black]);
            let (label, (w, b)) = result_for(round, k);
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
            no_error(&c, &format!("round {round}, game {k}")).await;
            *match_gp.entry(team_of[&white]).or_default() += w;
            *match_gp.entry(team_of[&black]).or_default() += b;
        }
        // The line-up was played: the reserve, not the player listed second.
        assert!(played.contains(&roster[2]) && !played.contains(&roster[1]));
        for m in &paired {
            let (a, b) = (match_gp[&m.first], match_gp[&m.second]);
            *gp.get_mut(&m.first).expect("a team") += a;
            *gp.get_mut(&m.second).expect("a team") += b;
            // 2/1/0 match points, in halves.
            let (ma, mb) = match a.cmp(&b) {
                std::cmp::Ordering::Greater => (4, 0),
                std::cmp::Ordering::Equal => (2, 2),
                std::cmp::Ordering::Less => (0, 4),
            };
            *mp.get_mut(&m.first).expect("a team") += ma;
            *mp.get_mut(&m.second).expect("a team") += mb;
        }
    }

    // Who met whom.
    if system == "double-round-robin" {
        assert_eq!(
            met.len(),
            usize::from(teams * (teams - 1) / 2),
            "every pair met"
        );
        for ((a, b), firsts) in &met {
            assert_eq!(firsts.len(), 2, "{a}-{b} met twice");
            assert_ne!(firsts[0], firsts[1], "{a}-{b}: board 1's colour reversed");
        }
    } else {
        for ((a, b), firsts) in &met {
            assert_eq!(firsts.len(), 1, "{a}-{b} met more than once");
        }
    }

    // The public team standings: each team's match and game points as added up here, best
    // first by match points.
    c.goto(&format!("{base}/tournaments/{id}/team-standings"))
        .await
        .expect("the team standings");
    let shown = team_standings_shown(&c).await;
    assert_eq!(shown.len(), usize::from(teams), "every team ranked");
    let mut last_mp = u32::MAX;
    for (team, shown_mp, shown_gp) in &shown {
        assert_eq!(*shown_mp, mp[team], "team {team}'s match points");
        assert_eq!(*shown_gp, gp[team], "team {team}'s game points");
        assert!(*shown_mp <= last_mp, "ranked by match points");
        last_mp = *shown_mp;
    }

    // The TRF-2026 export, downloaded with the organizer's session, reads back as this event.
    let export = format!("{base}/tournaments/{id}/export/trf2026");
    let body = download(&c, &export).await;
    let back = arbiter_tournament::read_trf(&body[..])
        .expect("the export reads back")
        .tournament;
    let event = back.team.as_ref().expect("the export carries the teams");
    let read_rosters: BTreeMap<u16, Vec<u16>> = event
        .teams
        .iter()
        .map(|t| (t.number, t.roster.clone()))
        .collect();
    assert_eq!(read_rosters, rosters, "the rosters read back");
    assert_eq!(
        event.rounds.len(),
        usize::from(rounds),
        "every round read back"
    );
    let scores = event.scores_after_round(&back, rounds);
    for team in 1..=teams {
        let halves = |h: u32| arbiter_tournament::Points::from_halves(h);
        assert_eq!(
            scores.get(&team).copied(),
            Some((halves(mp[&team]), halves(gp[&team]))),
            "team {team}'s points read back"
        );
    }
}

/// The public team standings table: each row's team number and its match and game points in
/// halves, top to bottom; and asserts each team has its tie-break explanation.
async fn team_standings_shown(c: &Client) -> Vec<(u16, u32, u32)> {
    let rows = c
        .find_all(Locator::Css("table.standings tbody tr"))
        .await
        .expect("the team standings");
    let mut shown = Vec::new();
    for row in &rows {
        let cells = row.find_all(Locator::Css("td")).await.expect("cells");
        let cell = |i: usize| {
            let e = cells[i].clone();
            async move { e.text().await.expect("a cell").trim().to_owned() }
        };
        shown.push((
            cell(1).await.parse().expect("a team number"),
            halves(&cell(3).await),
            halves(&cell(4).await),
        ));
    }
    let explained = c
        .find_all(Locator::Css("details.team-explained"))
        .await
        .expect("the explanations")
        .len();
    assert_eq!(explained, shown.len(), "each team's tie-breaks explained");
    shown
}

/// Points as the pages write them (`3`, `3.5`, `3½`), in halves.
fn halves(text: &str) -> u32 {
    let (whole, half) = match text.strip_suffix('½') {
        Some(w) => (w, 1),
        None => match text.split_once('.') {
            Some((w, "5")) => (w, 1),
            Some((w, "0")) => (w, 0),
            None => (text, 0),
            Some(_) => panic!("{text:?} is not a number of points"),
        },
    };
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole
            .parse()
            .unwrap_or_else(|_| panic!("{text:?} is not a number of points"))
    };
    whole * 2 + half
}
