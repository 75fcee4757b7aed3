//! `arbiter check FILE.trf`, the pairing and tie-break checker (PTC, Handbook C.02 / C.04.A): a
//! generated event (Arbiter's RTG, Dutch system) with ranks computed from its own `202` list is
//! consistent; a planted wrong pairing and a planted wrong rank are found, each named; a team file
//! is checked by C.04.6; an unreadable file has its own exit status.

use std::path::Path;
use std::process::{Command, Output};

use arbiter_tournament::generator::{GeneratorConfig, generate};
use arbiter_tournament::tiebreak::{StandingsOptions, default_tiebreaks, standings};
use arbiter_tournament::{DutchEdition, Tournament, TrfVersion, write_trf};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the arbiter binary runs")
}

/// A 24-player, 7-round event from the RTG (seed 11), with the tie-break list `202 BH/C1 BH SB`
/// and, when `ranked`, every player's rank as that list gives it.
fn event(ranked: bool) -> Tournament {
    let cfg = GeneratorConfig::parse("players = 24\nrounds = 7\nforfeit_rate = 0\n")
        .expect("configuration");
    let mut t = generate(&cfg, DutchEdition::Dutch2026, 11).expect("generated");
    t.tiebreaks_202 = Some("BH/C1,BH,SB".into());
    if ranked {
        let tbs = default_tiebreaks(&t, false);
        let s = standings(&t, &tbs, &StandingsOptions::default());
        for row in &s.rows {
            let p = t
                .players
                .iter_mut()
                .find(|p| p.pairing_number == row.pairing_number)
                .expect("a player");
            p.rank = Some(u16::try_from(row.rank).expect("small"));
        }
    }
    t
}

/// The event with its last round's black players of boards 1 and 2 exchanged (their results
/// kept): a pairing the Dutch system does not make; and that round's number.
fn planted() -> (Tournament, u16) {
    let mut t = event(false);
    let last = t
        .rounds
        .iter_mut()
        .max_by_key(|r| r.number)
        .expect("rounds");
    let n = last.number;
    let (b1, b2) = (last.games[0].black, last.games[1].black);
    last.games[0].black = b2;
    last.games[1].black = b1;
    (t, n)
}

fn check(t: &Tournament, dir: &Path) -> (Option<i32>, String) {
    let path = dir.join("event.trf");
    std::fs::write(&path, write_trf(t, TrfVersion::Trf2026)).expect("written");
    let o = arbiter(&["check", path.to_str().expect("utf-8")]);
    (o.status.code(), String::from_utf8(o.stdout).expect("utf-8"))
}

#[test]
fn a_clean_file_is_consistent() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (code, out) = check(&event(true), dir.path());
    assert_eq!(code, Some(0), "{out}");
    for round in 1..=7 {
        assert!(
            out.contains(&format!("round {round}: as the rules pair it")),
            "{out}"
        );
    }
    assert!(
        out.contains("standings after round 7 by PTS, BH/C1, BH, SB: 24 ranks compared"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("consistent"), "{out}");
}

#[test]
fn a_planted_wrong_pairing_is_found() {
    let (t, n) = planted();
    let dir = tempfile::tempdir().expect("temp dir");
    let (code, out) = check(&t, dir.path());
    assert_eq!(code, Some(1), "{out}");
    let wrong: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(": round ") && !l.ends_with("as the rules pair it"))
        .collect();
    assert!(!wrong.is_empty(), "{out}");
    assert!(
        wrong.iter().all(|l| l.contains(&format!(": round {n}: "))),
        "only the changed round: {out}"
    );
    for round in 1..n {
        assert!(
            out.contains(&format!("round {round}: as the rules pair it")),
            "{out}"
        );
    }
    assert!(
        out.contains("standings not checked: the file states no rank"),
        "{out}"
    );
    assert!(
        out.contains("as the rules pair them: 1; ranks not as the tie-break list makes them: 0"),
        "{out}"
    );
}

#[test]
fn a_planted_wrong_standings_position_is_found() {
    // The ranks of the leader and of the player ranked second swapped; if they tie on points, the
    // tie-break that separates them is named, else PTS.
    let mut t = event(true);
    let pn_of = |t: &Tournament, rank: u16| {
        t.players
            .iter()
            .find(|p| p.rank == Some(rank))
            .map(|p| p.pairing_number)
    };
    let (first, second) = (
        pn_of(&t, 1).expect("a leader"),
        pn_of(&t, 2).expect("a second"),
    );
    for p in &mut t.players {
        if p.pairing_number == first {
            p.rank = Some(2);
        } else if p.pairing_number == second {
            p.rank = Some(1);
        }
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let (code, out) = check(&t, dir.path());
    assert_eq!(code, Some(1), "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("standings: no."))
        .unwrap_or_else(|| panic!("a standings line: {out}"));
    assert!(
        line.contains(&format!("no. {second} ")) && line.contains("(rank 1 in the file)"),
        "{line}"
    );
    assert!(
        line.contains(&format!("decides for no. {first} ")),
        "{line}"
    );
    assert!(
        ["PTS", "BH/C1", "BH", "SB"]
            .iter()
            .any(|tb| line.contains(&format!("but {tb} decides"))),
        "{line}"
    );
    assert!(
        out.contains("as the rules pair them: 0; ranks not as the tie-break list makes them: 1"),
        "{out}"
    );
}

#[test]
fn team_files_are_checked_by_c046() {
    let o = arbiter(&["check", "fixtures/teams/sample-trf26.trf"]);
    let out = String::from_utf8(o.stdout).expect("utf-8");
    assert!(
        out.contains("pairings by the Swiss Team Pairing System (C.04.6)"),
        "{out}"
    );
    assert!(out.contains(": round 1: "), "{out}");
    assert!(matches!(o.status.code(), Some(0 | 1)), "{out}");
}

#[test]
fn an_unreadable_file_has_its_own_exit_status() {
    let o = arbiter(&["check", "fixtures/no-such-file.trf"]);
    assert_eq!(o.status.code(), Some(2));
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bad.trf");
    std::fs::write(&path, "001 this is not a player line\n").expect("written");
    let o = arbiter(&["check", path.to_str().expect("utf-8")]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// `arbiter import` checks every imported round against the pairing rules (FIDE's checklist,
/// VCL4THP.13 Q54-Q55): a round the rules would not make is a warning naming it, and the stored
/// tournament keeps `### Import @ Round n` records for its TRF export.
#[test]
fn an_import_names_the_rounds_the_rules_would_not_make() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("import.sqlite").display());
    // A clean file: no warning about pairings.
    let (_, _) = check(&event(false), dir.path());
    let clean = dir.path().join("event.trf");
    let o = arbiter(&["import", clean.to_str().expect("utf-8"), "--database", &db]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("not paired as"), "{err}");
    // The last round planted wrong, as in `a_planted_wrong_pairing_is_found`.
    let (t, n) = planted();
    let wrong = dir.path().join("wrong.trf");
    std::fs::write(&wrong, write_trf(&t, TrfVersion::Trf2026)).expect("written");
    let o = arbiter(&["import", wrong.to_str().expect("utf-8"), "--database", &db]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains(&format!(
            "warning: round {n}: not paired as the Dutch system (C.04.3, 2026 rules) pairs it"
        )),
        "{err}"
    );
    assert!(
        !err.contains(&format!("round {}: not paired", n - 1)),
        "{err}"
    );
}
