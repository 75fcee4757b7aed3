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

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

/// A child process killed (and reaped) when the guard is dropped, on success or panic.
struct Killed {
    what: &'static str,
    child: Child,
}

impl Drop for Killed {
    fn drop(&mut self) {
        if let Err(e) = self.child.kill() {
            eprintln!("e2e: stopping {}: {e}", self.what);
        }
        let _ = self.child.wait();
    }
}

/// A TCP port free on 127.0.0.1 a moment ago.
fn free_port() -> u16 {
    // The scenarios run in parallel in this process, each starting a server and a chromedriver
    // on ports found here: a port handed out once is never handed out again, or a scenario
    // could wait on the other's process and talk to it (the port is released before the
    // process that is to use it binds it).
    static GIVEN: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    let mut given = GIVEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free local port")
            .port();
        if !given.contains(&port) {
            given.push(port);
            return port;
        }
    }
}

/// Waits until something accepts connections on `port`; panics, with the log, if `child` exits
/// or nothing answers within a minute.
fn wait_for_port(port: u16, child: &mut Killed, log: &Path) {
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Ok(Some(status)) = child.child.try_wait() {
            panic!(
                "{} exited with {status} before answering:\n{}",
                child.what,
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{} does not answer on port {port}:\n{}",
            child.what,
            std::fs::read_to_string(log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The first of `candidates` that is an existing file, or the program `name` found on `PATH`.
fn program(env: &str, candidates: &[&str], name: &str) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    candidates
        .iter()
        .map(PathBuf::from)
        .chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
                .map(|d| d.join(name)),
        )
        .find(|p| p.is_file())
}

/// Starts `program args...` with the variables `env` and its output in `log`.
fn start(
    what: &'static str,
    program: &Path,
    args: &[&str],
    env: &[(&str, &str)],
    log: &Path,
) -> Killed {
    let out = File::create(log).expect("a log file");
    let err = out.try_clone().expect("a log file");
    // In the temporary directory: nothing the program writes (the server's seal key file)
    // lands in the checkout.
    let child = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(log.parent().expect("the log is in the temporary directory"))
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .unwrap_or_else(|e| panic!("starting {what} ({}): {e}", program.display()));
    Killed { what, child }
}

#[tokio::test(flavor = "current_thread")]
async fn a_swiss_event_run_in_the_browser() {
    in_the_browser("a_swiss_event_run_in_the_browser", &[], scenario).await;
}

/// Serves a new SQLite database with `arbiter serve` (with the variables `env`), starts
/// chromedriver and a headless Chromium session, and runs `scenario(client, base address,
/// temporary directory)`; on its failure prints the page the browser was at and the server's
/// log. Skips (or fails, with `ARBITER_E2E` set) without Chromium.
async fn in_the_browser<F, Fut>(test: &str, env: &[(&str, &str)], scenario: F)
where
    F: FnOnce(Client, String, PathBuf) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let required = std::env::var_os("ARBITER_E2E").is_some_and(|v| !v.is_empty());
    let chromium = program(
        "ARBITER_CHROMIUM",
        &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
        "chromium",
    );
    let chromedriver = program(
        "ARBITER_CHROMEDRIVER",
        &["/usr/bin/chromedriver"],
        "chromedriver",
    );
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        assert!(
            !required,
            "ARBITER_E2E is set but chromium or chromedriver is missing \
             (Debian packages chromium, chromium-driver; or ARBITER_CHROMIUM, ARBITER_CHROMEDRIVER)"
        );
        eprintln!(
            "SKIPPED {test}: chromium or chromedriver not found \
             (set ARBITER_E2E=1 to make this a failure)"
        );
        return;
    };

    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = format!("sqlite://{}", dir.path().join("e2e.sqlite").display());
    let web_port = free_port();
    let bind = format!("127.0.0.1:{web_port}");
    let server_log = dir.path().join("server.log");
    let mut server = start(
        "arbiter serve",
        Path::new(env!("CARGO_BIN_EXE_arbiter")),
        &["serve", "--bind", &bind, "--database", &database],
        env,
        &server_log,
    );
    wait_for_port(web_port, &mut server, &server_log);

    let driver_port = free_port();
    let driver_log = dir.path().join("chromedriver.log");
    let mut driver = start(
        "chromedriver",
        &chromedriver,
        &[&format!("--port={driver_port}")],
        &[],
        &driver_log,
    );
    wait_for_port(driver_port, &mut driver, &driver_log);

    let profile = dir.path().join("chromium-profile");
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_owned(),
        serde_json::json!({
            "binary": chromium,
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--window-size=1280,1024",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    // A loaded machine can leave chromedriver's first answer late: three tries, a second apart.
    let mut tries = 0;
    let client = loop {
        tries += 1;
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{driver_port}"))
            .await
        {
            Ok(client) => break client,
            Err(e) if tries < 3 => {
                eprintln!("starting a Chromium session, try {tries}: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(e) => panic!(
                "starting a Chromium session: {e}\n{}",
                std::fs::read_to_string(&driver_log).unwrap_or_default()
            ),
        }
    };

    // The scenario runs as a task so that its panic still lets the browser session be closed
    // (the guards then stop chromedriver and the server).
    let started = Instant::now();
    let run = tokio::spawn(scenario(
        client.clone(),
        format!("http://{bind}"),
        dir.path().to_owned(),
    ))
    .await;
    if run.is_err() {
        // The page the scenario stopped on, for the failure report.
        let url = client.current_url().await.map(|u| u.to_string());
        let source = client.source().await.unwrap_or_default();
        eprintln!("e2e: the browser was at {url:?}:\n{source}");
    }
    if let Err(e) = client.close().await {
        eprintln!("e2e: closing the browser session: {e}");
    }
    match run {
        Ok(()) => eprintln!(
            "e2e: {test} ran in the browser in {:.1} s",
            started.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!(
                "e2e: server log:\n{}",
                std::fs::read_to_string(&server_log).unwrap_or_default()
            );
            match e.try_into_panic() {
                Ok(panic) => std::panic::resume_unwind(panic),
                Err(e) => panic!("the scenario did not finish: {e}"),
            }
        }
    }
    drop(driver);
    drop(server);
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

/// The pairing number at the start of a cell such as `5 Name, First` or
/// `5 Name, First (1, 2100)`.
fn leading_number(cell: &str) -> u16 {
    cell.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no pairing number at the start of {cell:?}"))
}

async fn text(c: &Client, css: &str) -> String {
    let url = c.current_url().await.ok();
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} on {url:?}: {e}"))
        .text()
        .await
        .expect("an element's text")
}

/// Types `value` into the field `name` of the form `form_css`, replacing what it held.
async fn type_into(c: &Client, form_css: &str, name: &str, value: &str) {
    let field = c
        .find(Locator::Css(&format!("{form_css} [name='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("no field {name} in {form_css}: {e}"));
    field.clear().await.expect("clearing a field");
    field.send_keys(value).await.expect("typing into a field");
}

/// Clicks `element` (a link or a submit button) and waits until the browser has left the page
/// and loaded the next one (WebDriver's click does not wait for a form's navigation).
async fn click_and_wait(c: &Client, element: fantoccini::elements::Element, what: &str) {
    let old = c.find(Locator::Css("html")).await.expect("the page");
    element
        .click()
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let start = Instant::now();
    loop {
        // The old document's root goes stale once the next page replaces it.
        if old.tag_name().await.is_err() {
            let ready = c
                .execute("return document.readyState", vec![])
                .await
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned));
            if ready.as_deref() == Some("complete") {
                return;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{what}: no new page after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Clicks the submit button of `form_css` whose text is `label`.
async fn press(c: &Client, form_css: &str, label: &str) {
    let button = c
        .find(Locator::Css(form_css))
        .await
        .unwrap_or_else(|e| panic!("no form {form_css}: {e}"))
        .find(Locator::XPath(&format!(
            ".//button[normalize-space(.)='{label}']"
        )))
        .await
        .unwrap_or_else(|e| panic!("no button {label:?} in {form_css}: {e}"));
    click_and_wait(c, button, &format!("pressing {label:?}")).await;
}

/// Asserts the page shows no error message (`role="alert"`).
async fn no_error(c: &Client, doing: &str) {
    let alerts = c
        .find_all(Locator::Css("[role='alert']"))
        .await
        .expect("finding alerts");
    if let Some(a) = alerts.first() {
        let t = a.text().await.unwrap_or_default();
        panic!("{doing}: the page says {t:?}");
    }
}

/// Follows the link whose text is `text`.
async fn follow(c: &Client, text: &str) {
    let url = c.current_url().await.ok();
    let link = c
        .find(Locator::LinkText(text))
        .await
        .unwrap_or_else(|e| panic!("no link {text:?} on {url:?}: {e}"));
    click_and_wait(c, link, &format!("following {text:?}")).await;
}

/// The standings page's lines, in its order: (pairing number, name, points in halves), the
/// points read from the `PTS` column.
async fn standings_shown(c: &Client) -> Vec<(u16, String, u32)> {
    let headers = c
        .find_all(Locator::Css("table.standings thead th"))
        .await
        .expect("the standings header");
    let mut pts_column = None;
    for (i, h) in headers.iter().enumerate() {
        if h.text()
            .await
            .expect("a header")
            .trim()
            .eq_ignore_ascii_case("PTS")
        {
            pts_column = Some(i);
        }
    }
    let pts_column = pts_column.expect("a points (PTS) column");
    let rows = c
        .find_all(Locator::Css("table.standings tbody tr"))
        .await
        .expect("the standings");
    let mut shown = Vec::new();
    for r in &rows {
        let cells = r.find_all(Locator::Css("td")).await.expect("cells");
        let pn: u16 = cells[1]
            .text()
            .await
            .expect("a pairing number")
            .trim()
            .parse()
            .expect("a pairing number");
        let name = cells[2].text().await.expect("a name");
        let pts = cells[pts_column].text().await.expect("points");
        let value: f64 = pts
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{pts:?}: {e}"));
        let halves = (value * 2.0).round();
        assert!(
            (value * 2.0 - halves).abs() < 1e-9,
            "points in halves: {pts}"
        );
        shown.push((pn, name, halves as u32));
    }
    shown
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
    let form = format!("form[action='/tournaments/{id}/players']");
    for (name, rating) in by_form {
        type_into(&c, &form, "name", name).await;
        type_into(&c, &form, "rating", rating).await;
        press(&c, &form, "Register").await;
        no_error(&c, &format!("registering {name}")).await;
    }
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
}

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

/// Signs up (the first account: administrator) and creates a Dutch-system event of `rounds`
/// rounds with a default time of `default_minutes`; returns its id.
async fn sign_up_and_create(
    c: &Client,
    base: &str,
    name: &str,
    rounds: u16,
    default_minutes: u32,
) -> String {
    c.goto(&format!("{base}/signup"))
        .await
        .expect("the sign-up page");
    let form = "form[action='/signup']";
    type_into(c, form, "email", "organizer@example.org").await;
    type_into(c, form, "password", "correct horse battery").await;
    press(c, form, "Create the account").await;
    no_error(c, "signing up").await;
    assert!(
        text(c, "main").await.contains("Administrator"),
        "the first account is the administrator"
    );
    follow(c, "Create a tournament").await;
    let form = "form[action='/tournaments/new']";
    type_into(c, form, "name", name).await;
    c.find(Locator::Css(&format!(
        "{form} select[name='pairing_system']"
    )))
    .await
    .expect("the pairing system field")
    .select_by_value("FIDE_DUTCH_2025")
    .await
    .expect("choosing the Dutch system");
    type_into(c, form, "rounds_planned", &rounds.to_string()).await;
    type_into(
        c,
        form,
        "default_time_minutes",
        &default_minutes.to_string(),
    )
    .await;
    press(c, form, "Create").await;
    no_error(c, "creating the event").await;
    let url = c.current_url().await.expect("the manage page's address");
    url.path()
        .strip_prefix("/tournaments/")
        .and_then(|p| p.strip_suffix("/manage"))
        .unwrap_or_else(|| panic!("creating the event led to {url}, not its manage page"))
        .to_owned()
}

/// Sets the `datetime-local` field `name` of `form_css` to `value` (`YYYY-MM-DDTHH:MM`): typing
/// into such a field depends on the browser's locale, so the value is set by script.
async fn set_datetime(c: &Client, form_css: &str, name: &str, value: &str) {
    let field = c
        .find(Locator::Css(&format!("{form_css} [name='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("no field {name} in {form_css}: {e}"));
    c.execute(
        "arguments[0].value = arguments[1];",
        vec![
            serde_json::to_value(&field).expect("an element reference"),
            serde_json::Value::String(value.to_owned()),
        ],
    )
    .await
    .expect("setting a date and time");
}

/// The text of the page's `main` element.
async fn main_text(c: &Client) -> String {
    text(c, "main").await
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
    let form = format!("form[action='/tournaments/{id}/players']");
    for (name, rating) in [
        ("Anand, Viswanathan", "2750"),
        ("Kramnik, Vladimir", "2740"),
        ("Topalov, Veselin", "2700"),
        ("Leko, Peter", "2690"),
        ("Adams, Michael", "2680"),
        ("Svidler, Peter", "2670"),
    ] {
        type_into(&c, &form, "name", name).await;
        type_into(&c, &form, "rating", rating).await;
        press(&c, &form, "Register").await;
        no_error(&c, &format!("registering {name}")).await;
    }
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
