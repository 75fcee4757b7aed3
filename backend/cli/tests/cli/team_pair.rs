//! `arbiter pair --team`: the next round of a team event (TRF team records) by the Swiss Team
//! Pairing System (C.04.6), in the Dutch command's output form with team numbers.

use std::collections::BTreeSet;
use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the arbiter binary runs")
}

/// The pairs of a `.pairs` text: (white, black) per line after the count, the bye as (n, 0).
fn pairs(text: &str) -> Vec<(u16, u16)> {
    let mut lines = text.lines();
    let count: usize = lines.next().unwrap().parse().unwrap();
    let out: Vec<(u16, u16)> = lines
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let mut it = l.split(' ').map(|x| x.parse::<u16>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect();
    assert_eq!(out.len(), count, "the count line: {text}");
    out
}

#[test]
fn a_team_round_is_paired_from_either_trf_version_with_team_numbers() {
    let file = |v| format!("fixtures/teams/sample-trf{v}.trf");
    let a = arbiter(&["pair", "--team", &file("26"), "-p"]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = arbiter(&["pair", "--team", &file("16"), "-p"]);
    assert_eq!(a.stdout, b.stdout, "both versions hold the same event");
    let got = pairs(&String::from_utf8(a.stdout).unwrap());
    // Nine teams: four matches and the bye.
    assert_eq!(got.len(), 5);
    let byes: Vec<u16> = got.iter().filter(|p| p.1 == 0).map(|p| p.0).collect();
    assert_eq!(byes.len(), 1);
    let seated: BTreeSet<u16> = got
        .iter()
        .flat_map(|p| [p.0, p.1])
        .filter(|n| *n != 0)
        .collect();
    assert_eq!(seated, (1..=9).collect(), "every team once");
    // No match repeats one of the file: the samples' history (from the TRF reader).
    let t = arbiter_tournament::read_trf(
        &std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/teams/sample-trf26.trf"
        ))
        .unwrap(),
    )
    .unwrap()
    .tournament;
    let event = t.team.unwrap();
    let earlier: BTreeSet<(u16, u16)> = event
        .rounds
        .iter()
        .flat_map(|r| {
            r.matches
                .iter()
                .map(|m| (m.first.min(m.second), m.first.max(m.second)))
        })
        .collect();
    for (w, b) in got.iter().filter(|p| p.1 != 0) {
        assert!(
            !earlier.contains(&((*w).min(*b), (*w).max(*b))),
            "{w}-{b} met before"
        );
    }
    // The explanation names the system and the bye's article.
    let e = arbiter(&[
        "pair",
        "--team",
        &file("26"),
        "-p",
        "--explain",
        "--type",
        "b",
    ]);
    let text = String::from_utf8(e.stdout).unwrap();
    assert!(
        text.contains("C.04.6") && text.contains("art. 3.4"),
        "{text}"
    );
}

#[test]
fn an_individual_file_or_a_missing_one_is_refused() {
    let r = arbiter(&["pair", "--team", "fixtures/karl-mala-2005.trf", "-p"]);
    assert_eq!(r.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&r.stderr).contains("not a team event"));
    let r = arbiter(&["pair", "--team", "fixtures/teams/no-such.trf", "-p"]);
    assert_eq!(r.status.code(), Some(5));
    let r = arbiter(&[
        "pair",
        "--team",
        "fixtures/teams/sample-trf26.trf",
        "--type",
        "c",
    ]);
    assert_eq!(r.status.code(), Some(2), "clap refuses an unknown type");
}

#[test]
fn a_generated_team_event_is_written_and_the_checker_accepts_it() {
    // `arbiter pair --team -g CONFIG -s SEED -o OUT`: the team RTG, TRF-2026 by default,
    // TRF16 with --trf16; `arbiter check` re-pairs every round and re-ranks every team.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = dir.path().join("rtg.cfg");
    std::fs::write(
        &config,
        "teams = 11\nrounds = 5\nboards = 3\nabsent_rate = 10\nhalf_bye_rate = 5\n\
         forfeit_match_rate = 10\nempty_board_rate = 10\nout_of_order_rate = 10\n\
         acceleration = on\nforbidden_pairs = 2\n",
    )
    .expect("write");
    let path = |name: &str| dir.path().join(name).display().to_string();
    let cfg = config.display().to_string();
    for (name, extra) in [("e26.trf", None), ("e16.trf", Some("--trf16"))] {
        let mut args = vec!["pair", "--team", "-g", &cfg, "-s", "7"];
        let out = path(name);
        args.extend(["-o", &out]);
        args.extend(extra);
        let g = arbiter(&args);
        assert!(g.status.success(), "{}", String::from_utf8_lossy(&g.stderr));
        assert!(
            String::from_utf8_lossy(&g.stdout).starts_with("11 teams, "),
            "{}",
            String::from_utf8_lossy(&g.stdout)
        );
        let c = arbiter(&["check", &out]);
        assert_eq!(
            c.status.code(),
            Some(0),
            "{}{}",
            String::from_utf8_lossy(&c.stdout),
            String::from_utf8_lossy(&c.stderr)
        );
    }
    let text = std::fs::read_to_string(path("e26.trf")).expect("written");
    assert!(
        text.contains("\n310   1 ") && text.contains("\n250 "),
        "{text}"
    );
    let text16 = std::fs::read_to_string(path("e16.trf")).expect("written");
    assert!(
        text16.contains("\n013 Team 01") && !text16.contains("\n310 "),
        "{text16}"
    );
    // The same seed again: the same file, on standard output.
    let again = arbiter(&["pair", "--team", "-g", &cfg, "-s", "7"]);
    assert_eq!(String::from_utf8_lossy(&again.stdout), text);
    // A bad key names its line; --team alone names what is missing.
    std::fs::write(&config, "teams = 8\nflavour = mint\n").expect("write");
    let bad = arbiter(&["pair", "--team", "-g", &cfg]);
    assert_eq!(bad.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("line 2: unknown key \"flavour\""));
    assert_eq!(arbiter(&["pair", "--team"]).status.code(), Some(3));
}
