//! The browser harness: the `arbiter` server on a free port, chromedriver, a headless Chromium
//! session, and the helpers the scenarios use to read and fill pages.

use std::fs::File;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

/// A child process killed (and reaped) when the guard is dropped, on success or panic.
pub(crate) struct Killed {
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
pub(crate) fn free_port() -> u16 {
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
pub(crate) fn wait_for_port(port: u16, child: &mut Killed, log: &Path) {
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
pub(crate) fn program(env: &str, candidates: &[&str], name: &str) -> Option<PathBuf> {
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
pub(crate) fn start(
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

/// Serves a new SQLite database with `arbiter serve` (with the variables `env`), starts
/// chromedriver and a headless Chromium session, and runs `scenario(client, base address,
/// temporary directory)`; on its failure prints the page the browser was at and the server's
/// log. Skips (or fails, with `ARBITER_E2E` set) without Chromium.
pub(crate) async fn in_the_browser<F, Fut>(test: &str, env: &[(&str, &str)], scenario: F)
where
    F: FnOnce(Client, String, PathBuf) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    in_the_browser_on(test, env, None, scenario).await;
}

/// [`in_the_browser`] with the server on the database `database` (a URL), or on a new SQLite
/// file when `None`.
pub(crate) async fn in_the_browser_on<F, Fut>(
    test: &str,
    env: &[(&str, &str)],
    database: Option<&str>,
    scenario: F,
) where
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
    let database = database.map_or_else(
        || format!("sqlite://{}", dir.path().join("e2e.sqlite").display()),
        str::to_owned,
    );
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

pub(crate) async fn text(c: &Client, css: &str) -> String {
    let url = c.current_url().await.ok();
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} on {url:?}: {e}"))
        .text()
        .await
        .expect("an element's text")
}

/// Types `value` into the field `name` of the form `form_css`, replacing what it held.
pub(crate) async fn type_into(c: &Client, form_css: &str, name: &str, value: &str) {
    let field = c
        .find(Locator::Css(&format!("{form_css} [name='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("no field {name} in {form_css}: {e}"));
    field.clear().await.expect("clearing a field");
    field.send_keys(value).await.expect("typing into a field");
}

/// Clicks `element` (a link or a submit button) and waits until the browser has left the page
/// and loaded the next one (WebDriver's click does not wait for a form's navigation).
pub(crate) async fn click_and_wait(c: &Client, element: fantoccini::elements::Element, what: &str) {
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
pub(crate) async fn press(c: &Client, form_css: &str, label: &str) {
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
pub(crate) async fn no_error(c: &Client, doing: &str) {
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
pub(crate) async fn follow(c: &Client, text: &str) {
    let url = c.current_url().await.ok();
    let link = c
        .find(Locator::LinkText(text))
        .await
        .unwrap_or_else(|e| panic!("no link {text:?} on {url:?}: {e}"));
    click_and_wait(c, link, &format!("following {text:?}")).await;
}

/// Sets the `datetime-local` field `name` of `form_css` to `value` (`YYYY-MM-DDTHH:MM`): typing
/// into such a field depends on the browser's locale, so the value is set by script.
pub(crate) async fn set_datetime(c: &Client, form_css: &str, name: &str, value: &str) {
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

/// Where the browser draws each decided result of a pairing table: for every row whose result
/// cell (`td.result`) starts with a result of at least three characters (`1–0`, `۱–۰`, `+–−`),
/// whether White's figure (the first) is drawn on White's side of the cell, as White's column
/// (two cells before the result) is of Black's (two cells after): `(rows checked, rows with the
/// result the wrong way round)`. The check the issue asks for: a result beside its player on a
/// right-to-left page too.
pub(crate) async fn result_sides(c: &Client) -> (u64, u64) {
    let script = r"
        let checked = 0, wrong = 0;
        const x = (node, i) => {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            const b = r.getBoundingClientRect();
            return b.left + b.width / 2;
        };
        for (const res of document.querySelectorAll('table tbody td.result')) {
            const text = res.firstChild;
            if (!text || text.nodeType !== 3) continue;
            const first = text.data.search(/\S/);
            const last = text.data.trimEnd().length - 1;
            if (first < 0 || last - first < 2) continue;
            const cells = [...res.parentElement.children];
            const at = cells.indexOf(res);
            const white = cells[at - 2], black = cells[at + 2];
            if (!white || !black) continue;
            const side = white.getBoundingClientRect().left - black.getBoundingClientRect().left;
            const drawn = x(text, first) - x(text, last);
            checked += 1;
            if (Math.sign(side) !== Math.sign(drawn)) wrong += 1;
        }
        return [checked, wrong];
    ";
    let v = c
        .execute(script, vec![])
        .await
        .expect("the result check ran");
    let pair = v.as_array().expect("two numbers");
    (
        pair[0].as_u64().expect("rows checked"),
        pair[1].as_u64().expect("rows wrong"),
    )
}

/// The text of the page's `main` element.
pub(crate) async fn main_text(c: &Client) -> String {
    text(c, "main").await
}

/// The pairing number at the start of a cell such as `5 Name, First` or
/// `5 Name, First (1, 2100)`.
pub(crate) fn leading_number(cell: &str) -> u16 {
    cell.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no pairing number at the start of {cell:?}"))
}

/// The standings page's lines, in its order: (pairing number, name, points in halves), the
/// points read from the `PTS` column.
pub(crate) async fn standings_shown(c: &Client) -> Vec<(u16, String, u32)> {
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

/// Signs up (the first account: administrator) and creates a Dutch-system event of `rounds`
/// rounds with a default time of `default_minutes`; returns its id.
pub(crate) async fn sign_up_and_create(
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

/// Downloads `url` with the browser's session (a file the browser would save rather than show:
/// an export); panics unless it answers 2xx.
pub(crate) async fn download(c: &Client, url: &str) -> Vec<u8> {
    use http_body_util::BodyExt as _;
    // The session cookie as the browser holds it (fantoccini's own raw client percent-encodes
    // cookie values, which breaks the signed session cookie).
    let cookie = c
        .get_all_cookies()
        .await
        .expect("the session's cookies")
        .iter()
        .map(|k| format!("{}={}", k.name(), k.value()))
        .collect::<Vec<_>>()
        .join("; ");
    let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .build_http::<String>();
    let request = http::Request::get(url)
        .header(http::header::COOKIE, cookie)
        .body(String::new())
        .expect("a request");
    let response = client.request(request).await.expect("downloading");
    assert!(
        response.status().is_success(),
        "{url}: {}",
        response.status()
    );
    response
        .into_body()
        .collect()
        .await
        .expect("the body")
        .to_bytes()
        .to_vec()
}

/// Registers `players` (name, rating) one by one with the manage page's form of tournament
/// `id`, each without an error.
pub(crate) async fn register(c: &Client, id: &str, players: &[(&str, &str)]) {
    let form = format!("form[action='/tournaments/{id}/players']");
    for (name, rating) in players {
        type_into(c, &form, "name", name).await;
        type_into(c, &form, "rating", rating).await;
        press(c, &form, "Register").await;
        no_error(c, &format!("registering {name}")).await;
    }
}
