//! The Dutch system (C.04.3) against the endorsed engine's output on the shared data set
//! (`pairing/random/{20,60,150}`, `pairing/large`, `pairing/real`): every `X.trf` input is
//! paired and compared with `X.dutch2026.pairs` / `X.dutch2017.pairs` as the set of
//! (white, black) pairs plus the pairing-allocated bye.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use arbiter_pairing::{Edition, Pairing};

/// A pairing as a comparable set: pairs `(white, black)` and the bye as `(n, 0)`.
fn as_set(p: &Pairing) -> BTreeSet<(u16, u16)> {
    let mut s: BTreeSet<(u16, u16)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    if let Some(b) = p.bye {
        s.insert((b, 0));
    }
    s
}

fn read_pairs(path: &Path) -> Option<BTreeSet<(u16, u16)>> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    let count: usize = lines.next()?.trim().parse().ok()?;
    let mut s = BTreeSet::new();
    for l in lines.take(count) {
        let mut it = l.split_whitespace().map(str::parse::<u16>);
        let (Some(Ok(a)), Some(Ok(b))) = (it.next(), it.next()) else {
            return None;
        };
        s.insert((a, b));
    }
    Some(s)
}

/// Pairs one input file; `Err` describes a failure to read or pair.
fn pair_file(trf: &Path, edition: Edition) -> Result<Pairing, String> {
    let bytes = std::fs::read(trf).map_err(|e| e.to_string())?;
    let read = arbiter_tournament::read_trf(&bytes).map_err(|e| format!("{e:?}"))?;
    let state = read.tournament.next_pairing_state(edition);
    arbiter_pairing::pair(&state).map_err(|e| e.to_string())
}

/// The inputs of a folder that have an expected output for the edition, sorted.
fn cases(dir: &Path, suffix: &str) -> Vec<(PathBuf, PathBuf)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let path = e.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if let Some(stem) = name.strip_suffix(".trf") {
            let expected = dir.join(format!("{stem}.{suffix}.pairs"));
            if expected.is_file() {
                out.push((path.clone(), expected));
            }
        }
    }
    out.sort();
    out
}

/// Runs every case of the folders; prints a summary and the first differences; returns
/// (matches, total).
fn run(label: &str, dirs: &[PathBuf], edition: Edition) -> (usize, usize) {
    let suffix = match edition {
        Edition::Dutch2017 => "dutch2017",
        Edition::Dutch2026 => "dutch2026",
    };
    let filter = std::env::var("ARBITER_PAIRING_FILTER").unwrap_or_default();
    let mut ok = 0;
    let mut total = 0;
    let mut shown = 0;
    let start = Instant::now();
    for dir in dirs {
        for (trf, expected) in cases(dir, suffix) {
            if !trf.to_string_lossy().contains(&filter) {
                continue;
            }
            total += 1;
            let want = read_pairs(&expected);
            let got = pair_file(&trf, edition);
            match (&got, &want) {
                (Ok(p), Some(w)) if as_set(p) == *w => ok += 1,
                _ => {
                    if shown < 8 {
                        shown += 1;
                        let got_set = got.as_ref().map(as_set);
                        match (&got_set, &want) {
                            (Ok(g), Some(w)) => {
                                let missing: Vec<_> = w.difference(g).collect();
                                let extra: Vec<_> = g.difference(w).collect();
                                eprintln!(
                                    "  DIFF {}: expected {missing:?}, got {extra:?}",
                                    trf.display()
                                );
                            }
                            _ => eprintln!("  FAIL {}: {got_set:?}", trf.display()),
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "{label} {suffix}: {ok}/{total} match ({:.1} s)",
        start.elapsed().as_secs_f64()
    );
    (ok, total)
}

fn random_dirs(sizes: &[&str]) -> Option<Vec<PathBuf>> {
    let dir = arbiter_testdata::shared_data()?;
    Some(
        sizes
            .iter()
            .map(|s| dir.join("pairing/random").join(s))
            .collect(),
    )
}

fn check(label: &str, dirs: &[PathBuf], edition: Edition) {
    let (ok, total) = run(label, dirs, edition);
    assert!(total > 0, "no cases found for {label}");
    assert_eq!(
        ok, total,
        "{label}: {ok}/{total} pairings match the endorsed engine"
    );
}

#[test]
fn dutch2026_random_20() {
    let Some(d) = random_dirs(&["20"]) else {
        return;
    };
    check("random/20", &d, Edition::Dutch2026);
}

#[test]
fn dutch2026_random_60() {
    let Some(d) = random_dirs(&["60"]) else {
        return;
    };
    check("random/60", &d, Edition::Dutch2026);
}

#[test]
fn dutch2026_random_150() {
    let Some(d) = random_dirs(&["150"]) else {
        return;
    };
    check("random/150", &d, Edition::Dutch2026);
}

#[test]
fn dutch2017_random_20() {
    let Some(d) = random_dirs(&["20"]) else {
        return;
    };
    check("random/20", &d, Edition::Dutch2017);
}

#[test]
fn dutch2017_random_60() {
    let Some(d) = random_dirs(&["60"]) else {
        return;
    };
    check("random/60", &d, Edition::Dutch2017);
}

#[test]
fn dutch2017_random_150() {
    let Some(d) = random_dirs(&["150"]) else {
        return;
    };
    check("random/150", &d, Edition::Dutch2017);
}

#[test]
fn dutch2026_real() {
    let Some(dir) = arbiter_testdata::shared_data() else {
        return;
    };
    check("real", &[dir.join("pairing/real")], Edition::Dutch2026);
}

#[test]
#[ignore = "slow: 100, 1,000 and 2,000 players"]
fn dutch2026_large() {
    let Some(dir) = arbiter_testdata::shared_data() else {
        return;
    };
    let dirs: Vec<PathBuf> = ["100", "1000", "2000"]
        .iter()
        .map(|s| dir.join("pairing/large").join(s))
        .collect();
    check("large", &dirs, Edition::Dutch2026);
}
