//! `arbiter standings` on a team event (TRF16 `013` or TRF-2026 team records): the team
//! standings in the individual command's JSON shape (`start_number` = team number), every rank
//! and value of FIDE's reference calculator (gacrux, `backend/tournament/tests/data/
//! team_tiebreaks/README.md`) for its twelve events in both editions, the two sample files
//! giving the same standings, and the errors (an unknown tie-break code, a malformed file named
//! by its line, `--team` on an individual event).

use std::process::{Command, Output};

use serde_json::Value as Json;

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the arbiter binary runs")
}

/// The oracle's column for tie-break `i`: its own, except `WIN`, `WON` and `REP` (any score),
/// which C.07 counts in matches for teams, compared with gacrux's `WIN:MP`, `WON:MP`, `REP:MP`
/// (see the data README: gacrux counts boards when they read game points).
fn reference_column(codes: &[&str], i: usize) -> usize {
    let base = codes[i].split([':', '/']).next().unwrap_or("");
    if !["WIN", "WON", "REP"].contains(&base) {
        return i;
    }
    let matches = format!("{base}:MP");
    codes.iter().position(|c| *c == matches).unwrap_or(i)
}

/// Our value of tie-break `code` in a standings row. The oracle's lists spell `MPVGP` as its
/// program does; Arbiter writes C.07's `MPvGP`: the code is matched without regard to case.
fn ours_for<'a>(row: &'a Json, code: &str) -> &'a Json {
    row["tiebreaks"]
        .as_object()
        .and_then(|values| {
            values
                .iter()
                .find(|(key, _)| key.eq_ignore_ascii_case(code))
                .map(|(_, value)| value)
        })
        .unwrap_or(&Json::Null)
}

fn json_of(out: &Output) -> Vec<Json> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice::<Json>(&out.stdout)
        .expect("JSON")
        .as_array()
        .cloned()
        .expect("an array")
}

/// A value in hundredths: the oracle's `"14.50"` or `14`, our JSON number `14.5`.
fn hundredths(v: &Json) -> Option<i64> {
    let text = match v {
        Json::Number(n) => n.to_string(),
        Json::String(s) => s.clone(),
        _ => return None,
    };
    let (neg, t) = text
        .strip_prefix('-')
        .map_or((false, text.as_str()), |r| (true, r));
    let (w, f) = t.split_once('.').unwrap_or((t, ""));
    let mut f = f.to_owned();
    while f.len() < 2 {
        f.push('0');
    }
    let v = w.parse::<i64>().ok()? * 100 + f.get(..2)?.parse::<i64>().ok()?;
    Some(if neg { -v } else { v })
}

#[test]
fn every_rank_and_value_of_the_reference_calculator_is_reproduced() {
    let dir = "backend/tournament/tests/data/team_tiebreaks";
    let mut checked = 0usize;
    let mut bad: Vec<String> = Vec::new();
    for seed in 1..=12 {
        let name = format!("team{seed:03}");
        let oracle: Json = serde_json::from_str(
            &std::fs::read_to_string(format!(
                "{}/../../{dir}/{name}.json",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap(),
        )
        .unwrap();
        let trf = format!("{dir}/{name}.trf");
        let primary = if oracle["primary"] == "GP" {
            "gp"
        } else {
            "mp"
        };
        for run in oracle["runs"].as_array().unwrap() {
            let codes: Vec<&str> = run["tiebreaks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            let list = codes.join(",");
            let edition = run["edition"].as_str().unwrap();
            let rows = json_of(&arbiter(&[
                "standings",
                &trf,
                "--tiebreaks",
                &list,
                "--edition",
                edition,
                "--primary",
                primary,
                "--format",
                "json",
            ]));
            let teams = run["teams"].as_object().unwrap();
            assert_eq!(rows.len(), teams.len(), "{name}: one row per team");
            for row in &rows {
                let tpn = row["start_number"].as_u64().unwrap().to_string();
                let want = &teams[&tpn];
                if row["rank"] != want["rank"] {
                    bad.push(format!(
                        "{name} {edition} {list}: team {tpn} rank {} (oracle {})",
                        row["rank"], want["rank"]
                    ));
                }
                for (i, code) in codes.iter().enumerate() {
                    let ours = hundredths(ours_for(row, code));
                    let theirs = hundredths(&want["values"][reference_column(&codes, i)]);
                    checked += 1;
                    if ours != theirs {
                        bad.push(format!(
                            "{name} {edition}: team {tpn} {code}: ours {ours:?}, oracle {theirs:?}"
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} values compared");
    assert!(
        bad.is_empty(),
        "{} of {checked} differ:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn both_sample_files_give_the_same_team_standings() {
    let list = "PTS,MPVGP,EMGSB/C1,BH/C1,SB,BBE";
    let run = |v: &str| {
        arbiter(&[
            "standings",
            &format!("fixtures/teams/sample-trf{v}.trf"),
            "--tiebreaks",
            list,
            "--edition",
            "2026",
            "--format",
            "json",
        ])
    };
    let (a, b) = (run("16"), run("26"));
    let rows = json_of(&a);
    assert_eq!(a.stdout, b.stdout, "TRF16 and TRF-2026 hold the same event");
    assert_eq!(rows.len(), 9, "nine teams");
    let mut numbers: Vec<u64> = rows
        .iter()
        .map(|r| r["start_number"].as_u64().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=9).collect::<Vec<u64>>());
    // Ranked by match points, then MPvGP: the values never rise down the table.
    let key = |r: &Json| {
        (
            hundredths(&r["tiebreaks"]["PTS"]).unwrap(),
            hundredths(&r["tiebreaks"]["MPvGP"]).unwrap(),
        )
    };
    for w in rows.windows(2) {
        assert!(key(&w[0]) >= key(&w[1]), "{} before {}", w[0], w[1]);
    }
    assert_eq!(rows[0]["rank"], 1);
    assert!(
        rows.iter()
            .all(|r| r["name"].as_str().unwrap().starts_with("Club "))
    );
    // Match points: 2 for a won match (`362`), 1 each for a drawn one; the bye 1 (`320 01.0`).
    // Five rounds of four matches and a bye: 5 × (4 × 2 + 1) = 45 in all.
    let total: i64 = rows
        .iter()
        .map(|r| hundredths(&r["tiebreaks"]["PTS"]).unwrap())
        .sum();
    assert_eq!(total, 4500);
}

#[test]
fn the_text_format_lists_every_team_by_rank_and_explain_names_the_team() {
    let out = arbiter(&["standings", "fixtures/teams/sample-trf26.trf"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(head.contains("TNo") && head.contains("PTS"), "{head}");
    let body: Vec<&str> = lines.collect();
    assert_eq!(body.len(), 9, "{text}");
    assert!(body[0].trim_start().starts_with("1 "), "{text}");
    let explain = arbiter(&[
        "standings",
        "fixtures/teams/sample-trf26.trf",
        "--explain",
        "3",
    ]);
    assert!(
        explain.status.success(),
        "{}",
        String::from_utf8_lossy(&explain.stderr)
    );
    let e = String::from_utf8(explain.stdout).unwrap();
    assert!(e.starts_with("Club 3 (team 3) rank "), "{e}");
    let none = arbiter(&[
        "standings",
        "fixtures/teams/sample-trf26.trf",
        "--explain",
        "10",
    ]);
    assert!(!none.status.success());
    assert!(String::from_utf8_lossy(&none.stderr).contains("no such team"));
}

#[test]
fn an_unknown_tiebreak_code_is_refused_by_name() {
    let out = arbiter(&[
        "standings",
        "fixtures/teams/sample-trf16.trf",
        "--tiebreaks",
        "PTS,XYZ",
        "--format",
        "json",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--tiebreaks") && err.contains("XYZ"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_malformed_team_file_is_refused_naming_its_line() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/teams/sample-trf26.trf"
    ))
    .unwrap();
    // The `330` record (a forfeited match) with a type that is not one.
    let (no, _) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("330 "))
        .unwrap();
    let bad: String = text
        .lines()
        .map(|l| {
            if l.starts_with("330 ") {
                format!("330 ?? {}", &l[7..])
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.trf");
    std::fs::write(&path, bad).unwrap();
    let out = arbiter(&["standings", path.to_str().unwrap(), "--format", "json"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("line {}", no + 1)), "{err}");
    assert!(err.contains("330"), "{err}");
}

#[test]
fn team_on_an_individual_event_is_refused() {
    let out = arbiter(&["standings", "fixtures/karl-mala-2005.trf", "--team"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a team event"), "{err}");
}

#[test]
fn a_tiebreak_list_that_does_not_parse_is_refused_by_standings_and_pair() {
    // TRF26's own `202` example with one code misspelt (`BH:MX`): once kept with a warning and
    // replaced by the default team list; now every door refuses it naming the line and the code.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/teams/sample-trf26.trf"
    ))
    .unwrap();
    let bad = text.replacen(
        "142 5\n",
        "142 5\n202 EDET/P,EMGSB/C1/P,BH:MX/C1/P,MPvGP\n",
        1,
    );
    assert_ne!(bad, text);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.trf");
    std::fs::write(&path, &bad).unwrap();
    let path = path.to_str().unwrap();
    for args in [
        vec!["standings", path, "--format", "json"],
        vec!["pair", "--team", path, "-p"],
    ] {
        let out = arbiter(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("line 7"), "{args:?}: {err}");
        assert!(err.contains("`BH:MX`"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // Written as TRF26 writes it, the list reads, and the standings name C.07's codes.
    let good = bad.replace("BH:MX", "BH:MP");
    std::fs::write(dir.path().join("good.trf"), &good).unwrap();
    let good_path = dir.path().join("good.trf");
    let out = arbiter(&["standings", good_path.to_str().unwrap(), "--format", "json"]);
    let rows = json_of(&out);
    let keys: Vec<&String> = rows[0]["tiebreaks"].as_object().unwrap().keys().collect();
    for code in ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"] {
        assert!(keys.iter().any(|k| *k == code), "{code}: {keys:?}");
    }
}
