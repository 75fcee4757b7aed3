//! Team events written by Arbiter's team RTG (`arbiter pair --team -g`), compared with FIDE's
//! reference code (TieBreakServer's gacrux, see `tests/data/team_rtg_gacrux/README.md`): each
//! round re-paired by the C.04.6 engine from the file's history must be gacrux's pairing, or,
//! where gacrux departs from the text (the round's `class`), gacrux's pairing with that
//! departure undone (`article`); each team tie-break value and rank of both editions must be
//! gacrux's, except the listed departures, each with its class. Prints the agreement, then fails
//! on any other difference.

use std::fs;
use std::path::PathBuf;

use arbiter_pairing::team_swiss;
use arbiter_tournament::team::{TeamStandingsOptions, pairing_state, team_standings};
use arbiter_tournament::tiebreak::{Edition, TieBreak, Value};
use arbiter_tournament::{Tournament, read_trf};
use serde_json::Value as Json;

/// The classes of difference the README explains; anything else fails.
const PAIRING_CLASSES: [&str; 7] = [
    "same",
    "tpnorder",
    "keeptpn",
    "accprimary",
    "tpnorder+keeptpn",
    "tpnorder+accprimary",
    "keeptpn+accprimary",
];
const TIEBREAK_CLASSES: [&str; 2] = ["EDEC", "board points of unplayed rounds"];

/// A value as hundredths: a JSON number or decimal string (`"14.0"`, `"176.00"`).
fn hundredths(v: &Json) -> Option<i64> {
    match v {
        Json::Number(n) => n.as_i64().map(|i| i * 100),
        Json::String(s) => {
            let (neg, s) = s
                .strip_prefix('-')
                .map_or((false, s.as_str()), |r| (true, r));
            let (w, f) = s.split_once('.').unwrap_or((s, ""));
            let f = format!("{f:0<2}");
            let v = w.parse::<i64>().ok()? * 100 + f.get(..2)?.parse::<i64>().ok()?;
            Some(if neg { -v } else { v })
        }
        _ => None,
    }
}

/// A pairing as sorted `(white, black)` pairs and the bye.
fn pairing(v: &Json) -> (Vec<(u64, u64)>, Option<u64>) {
    let mut pairs: Vec<(u64, u64)> = v["pairs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((p.get(0)?.as_u64()?, p.get(1)?.as_u64()?)))
        .collect();
    pairs.sort_unstable();
    (pairs, v["bye"].as_u64())
}

fn read(name: &str) -> (Tournament, Json) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/team_rtg_gacrux");
    let text = fs::read(dir.join(format!("{name}.trf"))).unwrap_or_default();
    let t = read_trf(&text)
        .unwrap_or_else(|e| panic!("{name}.trf: {e}"))
        .tournament;
    let json: Json = serde_json::from_str(
        &fs::read_to_string(dir.join(format!("{name}.json"))).unwrap_or_default(),
    )
    .unwrap_or(Json::Null);
    (t, json)
}

fn names() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/team_rtg_gacrux");
    let mut v: Vec<String> = fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
        .collect();
    v.sort();
    v
}

#[test]
fn every_round_is_gacrux_pairing_or_the_article_where_gacrux_departs() {
    let mut bad = Vec::new();
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    let events = names();
    assert!(events.len() >= 15, "the sample's events: {events:?}");
    for name in &events {
        let (t, json) = read(name);
        let e = t
            .team
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: a team event"));
        for r in json["rounds"].as_array().into_iter().flatten() {
            let round = u16::try_from(r["round"].as_u64().unwrap_or(0)).unwrap_or(0);
            let class = r["class"].as_str().unwrap_or("?").to_owned();
            assert!(
                PAIRING_CLASSES.contains(&class.as_str()),
                "{name} {round}: {class}"
            );
            *counts.entry(class.clone()).or_default() += 1;
            let want = if class == "same" {
                pairing(&r["gacrux"])
            } else {
                pairing(&r["article"])
            };
            let got = team_swiss::pair(&pairing_state(&t, e, round)).map(|p| {
                let mut pairs: Vec<(u64, u64)> = p
                    .boards
                    .iter()
                    .map(|b| (u64::from(b.white), u64::from(b.black)))
                    .collect();
                pairs.sort_unstable();
                (pairs, p.bye.map(u64::from))
            });
            if got.as_ref().ok() != Some(&want) {
                bad.push(format!(
                    "{name} round {round} ({class}): {want:?}, ours {got:?}"
                ));
            }
        }
    }
    println!("rounds by class: {counts:?}");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The expected value of `code` for `team`: gacrux's, or Arbiter's where a listed departure says.
fn expected(run: &Json, team: &str, i: usize, code: &str) -> Option<i64> {
    let dep = run["departures"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| {
            d["team"].as_u64().map(|t| t.to_string()).as_deref() == Some(team) && d["code"] == code
        });
    if let Some(d) = dep {
        let class = d["class"].as_str().unwrap_or("?");
        assert!(TIEBREAK_CLASSES.contains(&class), "{code}: {class}");
        return hundredths(&d["arbiter"]);
    }
    run["teams"][team]["values"].get(i).and_then(hundredths)
}

#[test]
fn every_team_tiebreak_value_and_rank_is_gacrux_but_for_the_listed_departures() {
    let (mut values, mut ranks, mut departures) = (0, 0, 0);
    let mut bad = Vec::new();
    for name in names() {
        let (t, json) = read(&name);
        let e = t
            .team
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: a team event"));
        for run in json["runs"].as_array().into_iter().flatten() {
            let codes: Vec<&str> = run["tiebreaks"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Json::as_str)
                .collect();
            let tbs: Vec<TieBreak> = codes
                .iter()
                .map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}")))
                .collect();
            let edition = if run["edition"] == "2024" {
                Edition::E2024
            } else {
                Edition::E2026
            };
            let options = TeamStandingsOptions {
                edition: Some(edition),
                after_round: None,
                round_robin: None,
            };
            let s = team_standings(&t, e, &tbs, &options);
            departures += run["departures"].as_array().map_or(0, Vec::len);
            for (team, exp) in run["teams"].as_object().into_iter().flatten() {
                let Some(row) = s.row(team.parse().unwrap_or(0)) else {
                    bad.push(format!("{name}: team {team} missing"));
                    continue;
                };
                for (i, code) in codes.iter().enumerate() {
                    values += 1;
                    let want = expected(run, team, i, code);
                    let got = row.values.get(i).copied().flatten().map(Value::hundredths);
                    if want != got {
                        bad.push(format!(
                            "{name} {} {}: team {team} {code}: {want:?}, ours {got:?}",
                            run["edition"],
                            codes.join(",")
                        ));
                    }
                }
                ranks += 1;
                let want_rank = run["rank_departures"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|d| d["team"].as_u64().map(|t| t.to_string()).as_deref() == Some(team))
                    .map_or(&exp["rank"], |d| &d["arbiter"])
                    .as_u64();
                if want_rank != Some(u64::from(row.rank)) {
                    bad.push(format!(
                        "{name} {} {}: team {team} rank {want_rank:?}, ours {}",
                        run["edition"],
                        codes.join(","),
                        row.rank
                    ));
                }
            }
        }
    }
    println!("{values} values, {ranks} ranks, {departures} listed departures");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
