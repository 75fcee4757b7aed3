//! Every team tie-break value of FIDE's reference calculator (TieBreakServer's gacrux, see
//! `tests/data/team_tiebreaks/README.md`) for random team events, in both editions: the TRF is
//! read (players and games by `read_trf`; the team records `310`, `320`, `330`, `352` here, until
//! the TRF reader carries them), the matches are derived from the board games, and every value
//! of every team for every tie-break list is compared, the event's kind (Swiss) read from its
//! `092` record. Prints the agreement per tie-break code and every mismatch, then fails if
//! anything disagrees.
//!
//! One departure, where the text wins over the reference: for teams `WIN`, `WON` and `REP`
//! count matches (C.07 Art. 7.1, 7.2, 7.6: rounds won, games won over the board, rounds elected
//! to play, a team's game being its match) whichever score they read, where gacrux counts boards
//! when they read game points; they are compared with gacrux's `WIN:MP`, `WON:MP` and `REP:MP`
//! of the same list.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

use arbiter_tournament::team::{
    MatchForfeit, PrimaryScore, Team, TeamEvent, TeamMatch, TeamSettings, TeamStandingsOptions,
    team_standings,
};
use arbiter_tournament::tiebreak::{Edition, TieBreak};
use arbiter_tournament::{Colour, Points, Tournament, read_trf};
use serde_json::Value as Json;

fn hundredths(v: &Json) -> Option<i64> {
    match v {
        Json::Number(n) => n.as_i64().map(|i| i * 100),
        Json::String(s) => {
            let (neg, s) = s
                .strip_prefix('-')
                .map_or((false, s.as_str()), |r| (true, r));
            let (w, f) = s.split_once('.').unwrap_or((s, ""));
            let mut f = f.to_owned();
            while f.len() < 2 {
                f.push('0');
            }
            let v = w.parse::<i64>().ok()? * 100 + f.get(..2)?.parse::<i64>().ok()?;
            Some(if neg { -v } else { v })
        }
        _ => None,
    }
}

fn field(line: &str, from: usize, to: usize) -> &str {
    line.get(from..to.min(line.len())).unwrap_or("").trim()
}

/// The team event of a file: `352` colours (and the number of boards), `310` teams and rosters,
/// `320` the pairing-allocated byes with their match and game points, `330` forfeited matches.
fn team_event(text: &str, t: &Tournament, primary: PrimaryScore) -> TeamEvent {
    let lines: Vec<&str> = text.lines().collect();
    let colours: Vec<Colour> = lines
        .iter()
        .find_map(|l| l.strip_prefix("352 "))
        .map(|s| {
            s.trim()
                .chars()
                .map(|c| {
                    if c == 'B' {
                        Colour::Black
                    } else {
                        Colour::White
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let mut settings = TeamSettings::new(u8::try_from(colours.len()).unwrap_or(4));
    settings.first_team_colours = colours;
    settings.primary = primary;
    settings.bye_match_points = Points::ONE;
    let mut e = TeamEvent::new(settings);
    for l in lines.iter().filter(|l| l.starts_with("310 ")) {
        let number: u16 = field(l, 4, 7).parse().unwrap_or(0);
        let roster = (73..l.len())
            .step_by(5)
            .filter_map(|i| field(l, i, i + 4).parse().ok())
            .collect();
        e.teams.push(Team::new(number, field(l, 8, 40), roster));
    }
    for l in lines.iter().filter(|l| l.starts_with("320 ")) {
        let gp: Points = field(l, 9, 13).parse().unwrap_or(Points::ZERO);
        e.settings.bye_game_points = gp;
        let mut round = 1u16;
        let mut i = 14;
        while i < l.len() {
            if let Ok(team) = field(l, i, i + 3).parse::<u16>() {
                e.round_mut(round).bye = Some(team);
            }
            round += 1;
            i += 4;
        }
    }
    for l in lines.iter().filter(|l| l.starts_with("330 ")) {
        let kind = match field(l, 4, 6) {
            "+-" => MatchForfeit::FirstWins,
            "-+" => MatchForfeit::SecondWins,
            _ => MatchForfeit::Both,
        };
        let round: u16 = field(l, 7, 10).parse().unwrap_or(0);
        let first: u16 = field(l, 11, 14).parse().unwrap_or(0);
        let second: u16 = field(l, 15, 18).parse().unwrap_or(0);
        let mut m = TeamMatch::new(0, first, second);
        m.forfeit = Some(kind);
        e.round_mut(round).matches.push(m);
    }
    for r in 1..=t.rounds.len() {
        e.round_mut(u16::try_from(r).unwrap_or(0));
    }
    e.derive_matches(t);
    e
}

/// The column of the reference values that holds tie-break `i`'s value: its own, except for
/// `WIN`, `WON` and `REP` (any score), whose values are gacrux's `WIN:MP`, `WON:MP` and
/// `REP:MP` (see the module's note).
fn reference_column(codes: &[&str], i: usize) -> usize {
    let Some(code) = codes.get(i) else {
        return i;
    };
    let base = code.split([':', '/']).next().unwrap_or("");
    if !["WIN", "WON", "REP"].contains(&base) {
        return i;
    }
    let matches = format!("{base}:MP");
    codes.iter().position(|c| *c == matches).unwrap_or(i)
}

#[derive(Default)]
struct Tally {
    matched: u64,
    total: u64,
}

#[test]
fn team_reference_values_reproduced() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/team_tiebreaks");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "json"));
    files.sort();
    assert!(
        files.len() >= 10,
        "expected the oracle's files in {}",
        dir.display()
    );
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    let mut ranks = Tally::default();
    let mut bad: Vec<String> = Vec::new();
    for json_path in &files {
        let json: Json = serde_json::from_str(&fs::read_to_string(json_path).unwrap_or_default())
            .unwrap_or(Json::Null);
        let trf_path = json_path.with_extension("trf");
        let text = fs::read_to_string(&trf_path).unwrap_or_default();
        let t = read_trf(text.as_bytes())
            .unwrap_or_else(|e| panic!("{}: {e}", trf_path.display()))
            .tournament;
        let primary = if json["primary"] == "GP" {
            PrimaryScore::GamePoints
        } else {
            PrimaryScore::MatchPoints
        };
        let e = team_event(&text, &t, primary);
        let rounds = u16::try_from(json["rounds"].as_u64().unwrap_or(0)).unwrap_or(0);
        let name = json_path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
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
                after_round: Some(rounds),
                round_robin: None,
            };
            let s = team_standings(&t, &e, &tbs, &options);
            let Some(teams) = run["teams"].as_object() else {
                continue;
            };
            for (tpn, exp) in teams {
                let tpn: u16 = tpn.parse().unwrap_or(0);
                let Some(row) = s.row(tpn) else {
                    bad.push(format!("{name}: team {tpn} missing"));
                    continue;
                };
                for (i, code) in codes.iter().enumerate() {
                    let want = exp["values"]
                        .get(reference_column(&codes, i))
                        .and_then(hundredths);
                    let got = row
                        .values
                        .get(i)
                        .copied()
                        .flatten()
                        .map(arbiter_tournament::tiebreak::Value::hundredths);
                    let key = format!("{code} {}", run["edition"].as_str().unwrap_or(""));
                    let e = tally.entry(key).or_default();
                    e.total += 1;
                    if want == got {
                        e.matched += 1;
                    } else if bad.len() < 200 {
                        bad.push(format!(
                            "{name} {} {}: team {tpn} {code}: oracle {want:?}, ours {got:?}",
                            run["edition"],
                            codes.join(",")
                        ));
                    }
                }
                ranks.total += 1;
                if exp["rank"].as_u64() == Some(u64::from(row.rank)) {
                    ranks.matched += 1;
                } else if bad.len() < 200 {
                    bad.push(format!(
                        "{name} {} {}: team {tpn} rank: oracle {}, ours {}",
                        run["edition"],
                        codes.join(","),
                        exp["rank"],
                        row.rank
                    ));
                }
            }
        }
    }
    for (code, t) in &tally {
        println!("{code:>14}: {}/{}", t.matched, t.total);
    }
    println!("{:>14}: {}/{}", "ranks", ranks.matched, ranks.total);
    for b in &bad {
        println!("{b}");
    }
    assert!(
        bad.is_empty(),
        "{} disagreements with the oracle",
        bad.len()
    );
}

/// Issue #47's example: a seven-round Swiss of eight teams (`092 Team Swiss`) in which team 4
/// wins round 5 by forfeit (`330 +-`). Eight teams and seven rounds are also a round robin's
/// numbers, but the file says Swiss, so the forfeit is an unplayed round: in 2024-08 a dummy
/// opponent with the team's own 8 match points (BH:MP 53, as gacrux gives), not the scheduled
/// opponent's score as in a round robin (48); with `/P` the scheduled opponent counts (48).
#[test]
fn a_forfeit_win_in_a_seven_round_swiss_of_eight_teams() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/team_tiebreaks");
    let text = fs::read_to_string(dir.join("unplayed01.trf")).unwrap_or_default();
    let t = read_trf(text.as_bytes())
        .unwrap_or_else(|e| panic!("unplayed01.trf: {e}"))
        .tournament;
    let e = team_event(&text, &t, PrimaryScore::MatchPoints);
    let tbs: Vec<TieBreak> = ["PTS", "BH:MP", "BH:MP/P"]
        .iter()
        .map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}")))
        .collect();
    let options = TeamStandingsOptions {
        edition: Some(Edition::E2024),
        ..TeamStandingsOptions::default()
    };
    let s = team_standings(&t, &e, &tbs, &options);
    assert!(!s.round_robin, "the file's 092 says Swiss");
    let row = s.row(4).unwrap_or_else(|| panic!("team 4 missing"));
    let v: Vec<Option<i64>> = row
        .values
        .iter()
        .map(|v| v.map(arbiter_tournament::tiebreak::Value::hundredths))
        .collect();
    assert_eq!(
        v,
        [Some(800), Some(5300), Some(4800)],
        "PTS, BH:MP, BH:MP/P"
    );
}
