//! Every tie-break value of FIDE's reference calculator (TieBreakServer) in
//! `shared/data/tiebreak`, in both editions: real events after each round and random tournaments
//! with forfeits, byes, PABs and withdrawals. Prints every mismatch grouped by tie-break code and
//! the agreement per data set and edition, then fails if anything disagrees.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use arbiter_tournament::read_trf;
use arbiter_tournament::tiebreak::{Edition, StandingsOptions, TieBreak, standings};
use serde_json::Value as Json;

/// Expected value in hundredths: strings are decimals, numbers are whole, null is undefined.
fn expected_hundredths(v: &Json) -> Result<Option<i64>, String> {
    match v {
        Json::Null => Ok(None),
        Json::Number(n) => n
            .as_i64()
            .map(|i| Some(i * 100))
            .ok_or_else(|| format!("not an integer: {n}")),
        Json::String(s) => {
            let (neg, s) = s
                .strip_prefix('-')
                .map_or((false, s.as_str()), |r| (true, r));
            let (w, f) = s.split_once('.').unwrap_or((s, ""));
            let mut f = f.to_owned();
            while f.len() < 2 {
                f.push('0');
            }
            let whole: i64 = w.parse().map_err(|_| format!("bad number {s}"))?;
            let frac: i64 = f
                .get(..2)
                .unwrap_or("0")
                .parse()
                .map_err(|_| format!("bad number {s}"))?;
            let v = whole * 100 + frac;
            Ok(Some(if neg { -v } else { v }))
        }
        other => Err(format!("unexpected value {other}")),
    }
}

#[derive(Default)]
struct Tally {
    matched: u64,
    total: u64,
}

fn cases(dir: &Path) -> Vec<(String, PathBuf, PathBuf)> {
    let mut out = Vec::new();
    let real = dir.join("tiebreak/real");
    if let Ok(entries) = fs::read_dir(&real) {
        for e in entries.flatten() {
            let p = e.path();
            let name = p
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_owned();
            if let Some(stem) = name.strip_suffix(".expected.json") {
                out.push((
                    "real".to_owned(),
                    p.clone(),
                    real.join(format!("{stem}.trf")),
                ));
            }
        }
    }
    for size in ["20", "60", "150"] {
        let d = dir.join("tiebreak/random").join(size);
        if let Ok(entries) = fs::read_dir(&d) {
            for e in entries.flatten() {
                let p = e.path();
                let name = p
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("")
                    .to_owned();
                if let Some(stem) = name.strip_suffix(".expected.json") {
                    let trf = dir
                        .join("pairing/random")
                        .join(size)
                        .join(format!("{stem}.trf"));
                    out.push((format!("random/{size}"), p.clone(), trf));
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn reference_values_reproduced() {
    let Some(dir) = arbiter_testdata::shared_data() else {
        return;
    };
    let cases = cases(&dir);
    assert!(
        cases.len() >= 95,
        "expected 20 real and 75 random files, found {}",
        cases.len()
    );
    let mut tallies: BTreeMap<(String, String), Tally> = BTreeMap::new();
    let mut mismatches: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut rank_mismatches: Vec<String> = Vec::new();
    let mut ranks_total = 0u64;
    let mut defined = 0u64;
    for (set, json_path, trf_path) in &cases {
        let json: Json = serde_json::from_str(&fs::read_to_string(json_path).unwrap_or_default())
            .unwrap_or(Json::Null);
        let bytes = fs::read(trf_path).unwrap_or_default();
        let t = match read_trf(&bytes) {
            Ok(r) => r.tournament,
            Err(e) => panic!("{}: {e}", trf_path.display()),
        };
        let Some(runs) = json.get("runs").and_then(Json::as_object) else {
            panic!("{}: no runs", json_path.display());
        };
        for (run_name, run) in runs {
            let codes: Vec<String> = run["tiebreaks"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|c| c.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            let tbs: Vec<TieBreak> = codes
                .iter()
                .map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}")))
                .collect();
            let options = StandingsOptions {
                edition: Some(Edition::E2026),
                ..StandingsOptions::default()
            };
            let s = standings(&t, &tbs, &options);
            let comps = run["oracle_json"]["tiebreakResult"]["competitors"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let file = json_path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            for c in &comps {
                let cid = c["cid"].as_u64().unwrap_or(0);
                let Some(row) = s.rows.iter().find(|r| u64::from(r.pairing_number) == cid) else {
                    panic!("{file}: player {cid} missing");
                };
                ranks_total += 1;
                if c["rank"].as_u64() != Some(u64::from(row.rank)) {
                    rank_mismatches.push(format!(
                        "{file} {run_name} player {cid}: rank {} expected {}",
                        row.rank, c["rank"]
                    ));
                }
                let scores = c["tiebreakScore"].as_array().cloned().unwrap_or_default();
                for (i, code) in codes.iter().enumerate() {
                    let expected = expected_hundredths(scores.get(i).unwrap_or(&Json::Null))
                        .unwrap_or_else(|e| panic!("{file}: {e}"));
                    let got = row
                        .values
                        .get(i)
                        .copied()
                        .flatten()
                        .map(arbiter_tournament::tiebreak::Value::hundredths);
                    let ed = s.editions.get(i).copied().unwrap_or(Edition::E2026);
                    let tally = tallies.entry((set.clone(), format!("{ed:?}"))).or_default();
                    tally.total += 1;
                    defined += u64::from(expected.is_some());
                    if got == expected {
                        tally.matched += 1;
                    } else {
                        mismatches.entry(code.clone()).or_default().push(format!(
                            "{file} {run_name} player {cid}: got {got:?} expected {expected:?}"
                        ));
                    }
                }
            }
        }
    }
    let mut report = String::new();
    for ((set, ed), t) in &tallies {
        report.push_str(&format!(
            "{set:<12} {ed:<6} {}/{} values\n",
            t.matched, t.total
        ));
    }
    report.push_str(&format!("defined (non-null) expected values: {defined}\n"));
    report.push_str(&format!(
        "ranks: {}/{}\n",
        ranks_total - rank_mismatches.len() as u64,
        ranks_total
    ));
    for (code, list) in &mismatches {
        report.push_str(&format!("{code}: {} mismatches\n", list.len()));
        for m in list.iter().take(8) {
            report.push_str(&format!("    {m}\n"));
        }
    }
    for m in rank_mismatches.iter().take(10) {
        report.push_str(&format!("  rank: {m}\n"));
    }
    eprintln!("{report}");
    assert!(
        defined > 300_000,
        "too few defined values compared: {defined}"
    );
    assert!(
        mismatches.is_empty() && rank_mismatches.is_empty(),
        "tie-break values differ from the reference:\n{report}"
    );
}
