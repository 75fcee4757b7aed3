//! The checks made at every page of the checklist walk (issue #46), at both widths: no
//! horizontal overflow of the page, no English interface word, no dead end, each result beside
//! its winner; and the screenshots, saved only when `ARBITER_SCREENSHOTS` names a folder.

use std::path::PathBuf;

use fantoccini::{Client, Locator};

use crate::browser::click_and_wait;

/// The phone width and the desktop width of the walk, in CSS pixels.
pub(crate) const WIDTHS: [u32; 2] = [1280, 390];

/// The window's height at each width, in CSS pixels (what a screenshot shows).
fn height(width: u32) -> u32 {
    if width < 600 { 900 } else { 1000 }
}

/// Elements whose text may legitimately be Latin on a Persian or Arabic page, the marker the
/// pages use for codes: `<code>`, `<abbr>` (a FIDE code such as `PTS` with its name in the
/// title), `<kbd>`, `<samp>`, a `<textarea>` (what the user typed), anything marked
/// `translate="no"`, and anything in another language by its `lang` (the language switch's
/// «English»). Besides, a value set inside a message between the isolates U+2066 and U+2069
/// (what `L10n::ltr` writes: column names, a time zone), the [`ACRONYMS`], and the Latin the
/// walk itself typed ([`TYPED_LATIN`]). A `<bdi>` is only an isolation: its words are checked
/// (every name the walk types is Persian or Arabic, so a Latin word in a `<bdi>` is the
/// interface's own, such as a tie-break's name).
pub(crate) const LATIN_ALLOWED: &str = "code, abbr, kbd, samp, textarea, [translate=no]";

/// The Latin words the walk types: the organizer's e-mail address and the federation code.
pub(crate) const TYPED_LATIN: &[&str] = &["organizer", "example", "org", "IRI"];

/// Latin capitals the Persian and Arabic texts keep inside their sentences, as Persian and Arabic
/// technical writing does (a catalogue's text cannot carry a `<code>` element), allowed as whole
/// words in capitals only: names of standards and file formats, and the codes of the FIDE
/// Handbook (C.07's tie-breaks beside their names, such as «بوخهولتس (BH)», and C.04's PAB).
pub(crate) const ACRONYMS: &[&str] = &[
    "API", "JSON", "CSV", "TRF", "UTC", "IANA", "PGN", "FEN", // standards, formats
    "PAB", "AOB", "APPO", "APRO", "ARO", "BBE", "BC", "BH", "BPG", "BWG", "DE", "EDE", "EGGSB",
    "EGMSB", "EMGSB", "EMMSB", "ESB", "FB", "GE", "KS", "MPVGP", "MPvGP", "PS", "PTP", "PTS",
    "REP", "SB", "SSSC", "TBR", "TPR", "VUR", "WIN", "WON", // FIDE Handbook C.04, C.07
];

/// One page as the checks found it at one width.
struct Found {
    /// `document.documentElement.scrollWidth`, `innerWidth`.
    scroll_width: f64,
    inner_width: f64,
    /// The deepest elements sticking out of the window (outside a `.scroll` container).
    culprits: Vec<String>,
    /// Runs of two or more ASCII letters, each with the element holding it.
    latin: Vec<String>,
    /// Links (or, off an event, forms) leading to another page (of the same event).
    exits: Vec<String>,
    /// Result cells checked, and those drawn with the loser's figure on the winner's side.
    results_checked: u64,
    results_wrong: Vec<String>,
}

impl From<&serde_json::Value> for Found {
    fn from(v: &serde_json::Value) -> Found {
        let number = |k: &str| v[k].as_f64().unwrap_or_else(|| panic!("no {k} in {v}"));
        let texts = |k: &str| -> Vec<String> {
            v[k].as_array()
                .unwrap_or_else(|| panic!("no {k} in {v}"))
                .iter()
                .map(|t| t.as_str().unwrap_or_default().to_owned())
                .collect()
        };
        Found {
            scroll_width: number("scroll_width"),
            inner_width: number("inner_width"),
            culprits: texts("culprits"),
            latin: texts("latin"),
            exits: texts("exits"),
            results_checked: v["results_checked"].as_u64().expect("results checked"),
            results_wrong: texts("results_wrong"),
        }
    }
}

/// The script gathering [`Found`]; `arguments[0]` is [`LATIN_ALLOWED`].
const SCRIPT: &str = r"
const allowed = arguments[0];
const acronyms = arguments[1];
const typed = arguments[2];
const say = e => {
  const t = (e.innerText || e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60);
  return e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).replace(/ /g, '.') : '') + ' «' + t + '»';
};
const root = document.documentElement;
const iw = window.innerWidth;
const culprits = [];
if (root.scrollWidth > iw) {
  const out = [];
  for (const e of document.body.querySelectorAll('*')) {
    const box = e.parentElement && e.parentElement.closest('.scroll');
    if (box) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > iw + 0.5 || r.left < -0.5) out.push(e);
  }
  for (const e of out) if (!out.some(o => o !== e && e.contains(o))) culprits.push(say(e));
}
const lang = root.lang;
const hidden = new Map();
const isHidden = el => {
  if (!el || el === root) return false;
  if (hidden.has(el)) return hidden.get(el);
  const h = el.hidden || (el.tagName !== 'OPTION' && getComputedStyle(el).display === 'none') || isHidden(el.parentElement);
  hidden.set(el, h);
  return h;
};
const latin = new Set();
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const el = n.parentElement;
  if (!el || el.closest('script, style, noscript, template') || el.closest(allowed)) continue;
  const other = el.closest('[lang]');
  if (other && other !== root && other.lang !== lang) continue;
  if (isHidden(el)) continue;
  const data = n.data.replace(/\u2066[^\u2069]*\u2069?/g, ' ');
  for (const m of data.matchAll(/[A-Za-z]{2,}/g)) {
    if (!acronyms.includes(m[0]) && !typed.includes(m[0])) latin.add('«' + m[0] + '» in ' + say(el));
  }
}
for (const b of document.querySelectorAll('input[type=submit], input[type=button]')) {
  for (const m of (b.value || '').matchAll(/[A-Za-z]{2,}/g)) latin.add('«' + m[0] + '» in ' + say(b));
}
const here = location.pathname + location.search;
const ev = location.pathname.match(/^\/tournaments\/(?!new$|import$)[^\/]+/);
const exits = [];
const targets = [...document.querySelectorAll('a[href]')].map(a => [a, a.href]);
if (!ev) for (const f of document.querySelectorAll('form')) targets.push([f, f.action]);
for (const [el, href] of targets) {
  if (ev && el.closest('header.site, footer.site')) continue;
  const u = new URL(href, location.href);
  if (u.origin !== location.origin || u.pathname === '/language') continue;
  if (u.pathname + u.search === here) continue;
  if (ev && u.pathname !== ev[0] && !u.pathname.startsWith(ev[0] + '/')) continue;
  exits.push(u.pathname + u.search);
}
const x = (node, i) => {
  const r = document.createRange();
  r.setStart(node, i);
  r.setEnd(node, i + 1);
  const b = r.getBoundingClientRect();
  return b.left + b.width / 2;
};
let checked = 0;
const wrong = [];
for (const res of document.querySelectorAll('table tbody td.result')) {
  const tw = document.createTreeWalker(res, NodeFilter.SHOW_TEXT);
  let text = null;
  for (let n = tw.nextNode(); n; n = tw.nextNode()) if (n.data.trim()) { text = n; break; }
  if (!text) continue;
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
  if (Math.sign(side) !== Math.sign(drawn)) wrong.push(say(res.parentElement));
}
return {scroll_width: root.scrollWidth, inner_width: iw, culprits, latin: [...latin], exits,
        results_checked: checked, results_wrong: wrong};
";

/// A walk through the pages in one language: the browser, the failures found so far (the
/// walk goes on after one, to list them all), the step number of the screenshots.
pub(crate) struct Walk {
    pub(crate) c: Client,
    pub(crate) base: String,
    /// `fa` or `ar`.
    pub(crate) lang: &'static str,
    /// The width the forms are filled at; every page is also looked at at the other.
    pub(crate) write_width: u32,
    step: u32,
    /// What failed: page, language, width and what.
    pub(crate) failures: Vec<String>,
    shots: Option<PathBuf>,
    /// Window width minus `innerWidth`, per width asked.
    chrome: i64,
}

impl Walk {
    /// A walk in `lang`, the forms filled at `write_width`.
    pub(crate) async fn new(c: Client, base: String, lang: &'static str, write_width: u32) -> Walk {
        let shots = std::env::var_os("ARBITER_SCREENSHOTS")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from);
        if let Some(dir) = &shots {
            std::fs::create_dir_all(dir).expect("the screenshot folder");
        }
        let mut walk = Walk {
            c,
            base,
            lang,
            write_width,
            step: 0,
            failures: Vec::new(),
            shots,
            chrome: 0,
        };
        walk.width(write_width).await;
        walk
    }

    /// Sets the window so that `innerWidth` is `width` (the window's frame, if any, added).
    async fn width(&mut self, width: u32) {
        for _ in 0..3 {
            let outer = i64::from(width) + self.chrome;
            let outer = u32::try_from(outer).expect("a window width");
            self.c
                .set_window_size(outer, height(width))
                .await
                .expect("resizing the window");
            // The page sees the new size a moment later.
            let mut seen = (0, 0);
            for _ in 0..100 {
                let v = self
                    .c
                    .execute("return [window.outerWidth, window.innerWidth]", vec![])
                    .await
                    .expect("the window's width");
                seen = (
                    v[0].as_i64().expect("a number"),
                    v[1].as_i64().expect("a number"),
                );
                if seen.0 == i64::from(outer) {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            if seen.1 == i64::from(width) {
                return;
            }
            self.chrome = seen.0 - seen.1;
        }
        panic!("the window cannot be made {width} px wide");
    }

    /// Notes a failure (the walk goes on).
    pub(crate) fn fail(&mut self, width: u32, page: &str, what: &str) {
        let line = format!("{} {width} px, {page}: {what}", self.lang);
        eprintln!("checklist: FAIL {line}");
        self.failures.push(line);
    }

    /// The address of the page shown, without the server part.
    pub(crate) async fn here(&self) -> String {
        let url = self.c.current_url().await.expect("an address");
        match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_owned(),
        }
    }

    /// Goes to `path` (on the server).
    pub(crate) async fn goto(&self, path: &str) {
        self.c
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap_or_else(|e| panic!("going to {path}: {e}"));
    }

    /// Follows the link to `path` the page shows (panics if there is none: the way on the
    /// organizer would take is missing).
    pub(crate) async fn follow(&self, path: &str) {
        let here = self.here().await;
        let link = self
            .c
            .find(Locator::Css(&format!("a[href='{path}']")))
            .await
            .unwrap_or_else(|e| panic!("{here} has no link to {path}: {e}"));
        click_and_wait(&self.c, link, &format!("following the link to {path}")).await;
    }

    /// Looks at the page shown as step `name`, at both widths: the checks, and a screenshot
    /// of each when asked for. `results`: the page shows results, each to be drawn beside its
    /// winner (at least one is expected).
    pub(crate) async fn look(&mut self, name: &str, results: bool) {
        self.step += 1;
        let page = format!("{:02}-{name} ({})", self.step, self.here().await);
        let other = if self.write_width == WIDTHS[0] {
            WIDTHS[1]
        } else {
            WIDTHS[0]
        };
        for width in [self.write_width, other] {
            if width != self.write_width {
                self.width(width).await;
            }
            self.check(width, &page, results).await;
            if let Some(dir) = &self.shots {
                let png = self.c.screenshot().await.expect("a screenshot");
                let file = dir.join(format!("{}-{width}-{:02}-{name}.png", self.lang, self.step));
                std::fs::write(&file, png).expect("saving a screenshot");
            }
        }
        self.width(self.write_width).await;
    }

    /// The checks of one page at one width.
    async fn check(&mut self, width: u32, page: &str, results: bool) {
        let v = self
            .c
            .execute(
                SCRIPT,
                vec![
                    serde_json::Value::from(LATIN_ALLOWED),
                    serde_json::Value::from(ACRONYMS.to_vec()),
                    serde_json::Value::from(TYPED_LATIN.to_vec()),
                ],
            )
            .await
            .unwrap_or_else(|e| panic!("the checks on {page}: {e}"));
        let found = Found::from(&v);
        if found.scroll_width > found.inner_width {
            self.fail(
                width,
                page,
                &format!(
                    "the page scrolls sideways ({} px wide in {} px) because of {:?}",
                    found.scroll_width, found.inner_width, found.culprits
                ),
            );
        }
        if !found.latin.is_empty() {
            self.fail(width, page, &format!("English words {:?}", found.latin));
        }
        if found.exits.is_empty() {
            self.fail(
                width,
                page,
                "a dead end: no link on to another page of the event",
            );
        }
        if results {
            if found.results_checked == 0 {
                self.fail(width, page, "no result found to check");
            }
            if !found.results_wrong.is_empty() {
                self.fail(
                    width,
                    page,
                    &format!("results on the loser's side: {:?}", found.results_wrong),
                );
            }
        }
    }
}
