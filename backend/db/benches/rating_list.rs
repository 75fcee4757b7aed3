//! FIDE rating lists at full size: a synthetic list of 1,200,000 players (FIDE's full list is
//! about that size) written to temporary files in the published TXT layout (the standard list)
//! and the combined XML layout, then measured: parsing each (rows per second, peak memory) and
//! importing the TXT into a fresh SQLite file (rows per second, peak memory), then the month's
//! rapid list into the same snapshot (its players already there: one UPDATE each). Peak memory is the
//! process's VmHWM from /proc/self/status, before and after each step (reset between steps
//! through /proc/self/clear_refs where the kernel allows). Run with
//! `cargo bench -p arbiter-db --bench rating_list`; it prints its figures.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use arbiter_db::PoolOptions;
use arbiter_db::rating_list::import_rating_list;
use arbiter_tournament::Sex;
use arbiter_tournament::rating_list::{
    ListFlags, ListHint, ListKind, ListedPlayer, ListedRating, open, txt_header, txt_line,
    xml_record,
};
use chrono::NaiveDate;

const ROWS: u64 = 1_200_000;

const LAST: [&str; 12] = [
    "Rezaei",
    "Hosseini",
    "Karimi Nezhad",
    "Al-Hashimi",
    "Abdel Rahman",
    "Mueller",
    "Schmidt",
    "Ivanov",
    "Kowalski",
    "Garcia",
    "Wang",
    "Kumar",
];
const FIRST: [&str; 8] = [
    "Ali",
    "Fatemeh",
    "Mohammad Reza",
    "Mariam",
    "Jan",
    "Anna",
    "Omar",
    "Priya",
];
const FEDS: [&str; 8] = ["IRI", "IRQ", "EGY", "GER", "RUS", "POL", "ESP", "IND"];

/// Player `i` of the synthetic list.
fn player(i: u64) -> ListedPlayer {
    let r = |m: u64| (i.wrapping_mul(2_654_435_761) >> 7) % m;
    let rating = |base: u64| ListedRating {
        rating: (1000 + (base + r(1800)) % 1800) as u16,
        games: r(12) as u16,
        k: Some([10, 20, 40][r(3) as usize]),
    };
    ListedPlayer {
        fide_id: 10_000_000 + i,
        name: format!(
            "{} {}, {}",
            LAST[(i % 12) as usize],
            i / 12,
            FIRST[r(8) as usize]
        ),
        federation: FEDS[r(8) as usize].to_owned(),
        sex: Some(if i % 5 == 0 { Sex::Female } else { Sex::Male }),
        title: None,
        women_title: None,
        other_titles: if i % 97 == 0 {
            vec!["FA".into()]
        } else {
            Vec::new()
        },
        foa_title: None,
        birth_year: Some(1940 + r(80) as u16),
        flags: ListFlags::parse(if i % 3 == 0 { "i" } else { "" }),
        standard: Some(rating(0)),
        rapid: (i % 2 == 0).then(|| rating(100)),
        blitz: (i % 3 == 0).then(|| rating(200)),
    }
}

/// VmHWM (peak resident memory) and VmRSS, in KiB.
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// Resets VmHWM to the current RSS (Linux 4.0+); false when not allowed.
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn write_files(dir: &Path, month: NaiveDate) -> std::io::Result<()> {
    let mut txt = BufWriter::new(File::create(dir.join("standard_nov25frl.txt"))?);
    writeln!(txt, "{}\r", txt_header(ListKind::Standard, Some(month)))?;
    let mut rapid = BufWriter::new(File::create(dir.join("rapid_nov25frl.txt"))?);
    writeln!(rapid, "{}\r", txt_header(ListKind::Rapid, Some(month)))?;
    let mut xml = BufWriter::new(File::create(dir.join("players_list_xml_foa.xml"))?);
    writeln!(
        xml,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>"
    )?;
    for i in 0..ROWS {
        let p = player(i);
        writeln!(txt, "{}\r", txt_line(&p, ListKind::Standard))?;
        if p.rapid.is_some() {
            writeln!(rapid, "{}\r", txt_line(&p, ListKind::Rapid))?;
        }
        writeln!(xml, "{}", xml_record(&p, ListKind::Combined))?;
    }
    writeln!(xml, "</playerslist>")?;
    txt.flush()?;
    rapid.flush()?;
    xml.flush()
}

fn step(label: &str, f: impl FnOnce() -> u64) {
    let resettable = reset_peak();
    let (hwm_before, rss_before) = memory();
    let start = Instant::now();
    let rows = f();
    let secs = start.elapsed().as_secs_f64();
    let (hwm_after, rss_after) = memory();
    println!(
        "{label}: {rows} rows in {secs:.2} s = {:.0} rows/s; peak memory (VmHWM) {hwm_before} -> \
         {hwm_after} KiB (+{} KiB{}); RSS {rss_before} -> {rss_after} KiB",
        rows as f64 / secs,
        hwm_after.saturating_sub(hwm_before),
        if resettable {
            ""
        } else {
            ", peak not resettable"
        },
    );
}

fn parse(path: &Path) -> u64 {
    let name = path.to_string_lossy().into_owned();
    let hint = ListHint {
        file_name: Some(&name),
        date: NaiveDate::from_ymd_opt(2025, 11, 1),
        kind: None,
    };
    let reader = BufReader::with_capacity(1 << 16, File::open(path).expect("the list"));
    let list = open(reader, &hint).expect("opens");
    let mut n = 0;
    for p in list {
        let p = p.expect("reads");
        std::hint::black_box(&p);
        n += 1;
    }
    n
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let month = NaiveDate::from_ymd_opt(2025, 11, 1).expect("a date");
    let (hwm, rss) = memory();
    println!("start: VmHWM {hwm} KiB, VmRSS {rss} KiB");
    let start = Instant::now();
    write_files(dir.path(), month).expect("written");
    let size = |n: &str| std::fs::metadata(dir.path().join(n)).map_or(0, |m| m.len());
    println!(
        "wrote {ROWS} players in {:.1} s: TXT {} MB, XML {} MB",
        start.elapsed().as_secs_f64(),
        size("standard_nov25frl.txt") / 1_000_000,
        size("players_list_xml_foa.xml") / 1_000_000
    );
    let txt = dir.path().join("standard_nov25frl.txt");
    let xml = dir.path().join("players_list_xml_foa.xml");
    step("parse TXT (standard)", || parse(&txt));
    step("parse XML (combined)", || parse(&xml));
    let db = dir.path().join("ratings.sqlite");
    let pool = arbiter_db::connect(
        &format!("sqlite://{}", db.display()),
        &PoolOptions::default(),
    )
    .expect("a SQLite database");
    let mut conn = pool.get().expect("a connection");
    step("import TXT into SQLite", || {
        let name = txt.to_string_lossy().into_owned();
        let file = BufReader::with_capacity(1 << 16, File::open(&txt).expect("the list"));
        import_rating_list(
            &mut conn,
            file,
            &ListHint {
                file_name: Some(&name),
                ..ListHint::default()
            },
        )
        .expect("imported")
        .inserted
    });
    // The month's rapid list (every second player) into the same snapshot: each of its players is
    // already there, so each gets its rapid columns by an UPDATE.
    step(
        "import the rapid TXT into the same month (600,000 updates)",
        || {
            let path = dir.path().join("rapid_nov25frl.txt");
            let name = path.to_string_lossy().into_owned();
            let file = BufReader::with_capacity(1 << 16, File::open(&path).expect("the list"));
            let s = import_rating_list(
                &mut conn,
                file,
                &ListHint {
                    file_name: Some(&name),
                    ..ListHint::default()
                },
            )
            .expect("imported");
            assert_eq!(s.inserted, 0);
            s.updated
        },
    );
    println!(
        "SQLite file: {} MB",
        std::fs::metadata(&db).map_or(0, |m| m.len()) / 1_000_000
    );
    let lines = BufReader::new(File::open(&txt).expect("the list"))
        .lines()
        .count() as u64;
    assert_eq!(lines, ROWS + 1, "the TXT holds the header and every player");
}
