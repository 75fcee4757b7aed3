//! Reads every TRF file of the shared data set, writes it back in both versions and reads it
//! again: every field must survive, and canonical `001` records must come back byte for byte.

use std::fs;
use std::path::{Path, PathBuf};

use arbiter_tournament::{Colour, IssueKind, Outcome, ResultCode, TrfVersion, read_trf, write_trf};

fn trf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            trf_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "trf") {
            out.push(p);
        }
    }
}

fn files_under(sub: &str) -> Option<Vec<PathBuf>> {
    let dir = arbiter_testdata::shared_data()?;
    let mut files = Vec::new();
    trf_files(&dir.join(sub), &mut files);
    files.sort();
    Some(files)
}

fn player_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| l.trim_end().to_owned())
        .collect()
}

/// Reads, writes in both versions, reads again; returns how many files were round-tripped.
fn round_trip_all(sub: &str, expect_canonical_001: bool) -> usize {
    let Some(files) = files_under(sub) else {
        return 0;
    };
    assert!(!files.is_empty(), "no TRF files under {sub}");
    for f in &files {
        let bytes = fs::read(f).unwrap();
        let first =
            read_trf(&bytes).unwrap_or_else(|e| panic!("{}: {e}\n{:#?}", f.display(), e.errors));
        for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
            let written = write_trf(&first.tournament, version);
            let again = read_trf(written.as_bytes())
                .unwrap_or_else(|e| panic!("{} re-read as {version:?}: {e}", f.display()));
            assert_eq!(
                again.tournament,
                first.tournament,
                "{} changed in a {version:?} round trip",
                f.display()
            );
            assert_eq!(write_trf(&again.tournament, version), written);
            if expect_canonical_001 {
                let input = String::from_utf8_lossy(&bytes);
                assert_eq!(
                    player_lines(&written),
                    player_lines(&input),
                    "{}: 001 records not reproduced",
                    f.display()
                );
            }
        }
    }
    files.len()
}

#[test]
fn the_four_real_files_load_and_round_trip() {
    let n = round_trip_all("trf/real", false);
    if n > 0 {
        assert_eq!(n, 4);
    }
}

#[test]
fn pairing_random_files_round_trip_byte_for_byte() {
    let n = round_trip_all("pairing/random", true);
    eprintln!("pairing/random: {n} files");
}

#[test]
fn pairing_large_files_round_trip_byte_for_byte() {
    let n = round_trip_all("pairing/large", true);
    eprintln!("pairing/large: {n} files");
}

#[test]
fn pairing_real_files_round_trip() {
    let n = round_trip_all("pairing/real", false);
    eprintln!("pairing/real: {n} files");
}

#[test]
fn tiebreak_real_files_round_trip() {
    let n = round_trip_all("tiebreak/real", false);
    eprintln!("tiebreak/real: {n} files");
}

fn real(name: &str) -> Option<arbiter_tournament::TrfRead> {
    let path = arbiter_testdata::shared_file(&format!("trf/real/{name}"))?;
    Some(read_trf(&fs::read(path).unwrap()).unwrap())
}

#[test]
fn karl_mala_forfeits_with_colour_dash_are_games_without_colours() {
    let Some(r) = real("karl-mala-2005.trf") else {
        return;
    };
    let t = &r.tournament;
    assert_eq!(t.players.len(), 284);
    assert_eq!(t.rounds.len(), 7);
    // 001 13 ... 153 - -   (round 1): a double forfeit? no: 153 writes `13 - +`.
    let pr = t.player_round(13, 1);
    assert_eq!(pr.opponent, Some(153));
    assert_eq!(pr.colour, None);
    assert_eq!(pr.code, ResultCode::ForfeitLoss);
    assert!(!pr.played);
    let g = t.rounds[0]
        .games
        .iter()
        .find(|g| g.white == 13 || g.black == 13)
        .unwrap();
    assert!(!g.colours_known);
    assert!(matches!(g.result.outcome(), Outcome::Forfeit { .. }));
    assert!(
        r.warnings
            .iter()
            .any(|w| matches!(w.kind, IssueKind::ColourMissing(_)) && w.line == 26)
    );
    // Written `1969.12.06`: read as a date, written back `1969/12/06`.
    let born = t.player(1).unwrap().birth_date.unwrap();
    assert_eq!(born.to_string(), "1969-12-06");
    assert_eq!(born.trf(), "1969/12/06");
    assert_eq!(
        t.start_date.map(|d| d.to_string()).as_deref(),
        Some("2005-07-28")
    );
    assert_eq!(t.federation.as_deref(), Some(""));
    assert_eq!(r.version, TrfVersion::Trf16);
}

#[test]
fn gros_2010_fields_and_announced_absences() {
    let Some(r) = real("gros-2010.trf") else {
        return;
    };
    let t = &r.tournament;
    assert_eq!(t.name.as_deref(), Some("XX Open Internacional de Gros"));
    assert_eq!(t.rounds_planned, Some(9));
    assert_eq!(t.players.len(), 52);
    let p1 = t.player(1).unwrap();
    assert_eq!(p1.title, Some(arbiter_tournament::Title::Gm));
    assert_eq!(p1.rating, Some(2527));
    assert_eq!(p1.fide_id, Some(13_400_304));
    assert_eq!(p1.federation.as_deref(), Some("AZE"));
    assert_eq!(
        p1.birth_date,
        arbiter_tournament::PartialDate::year_only(1978)
    );
    // `24/09/2010`, day first.
    assert_eq!(
        t.start_date.map(|d| d.to_string()).as_deref(),
        Some("2010-09-24")
    );
    assert_eq!(
        p1.reported_points,
        Some(arbiter_tournament::Points::from_tenths(40))
    );
    // Round 5 holds only announced absences (Z, H): planned, not paired.
    let r5 = t.round(5).unwrap();
    assert!(r5.games.is_empty());
    assert_eq!(r5.state, arbiter_tournament::RoundState::Planned);
    assert!(
        r5.byes
            .iter()
            .any(|b| b.player == 22 && b.code == ResultCode::ZeroBye)
    );
    assert_eq!(t.player_round(52, 1).code, ResultCode::Pab);
    assert_eq!(t.player_round(1, 1).colour, Some(Colour::White));
    let scores = t.scores_after_round(4);
    assert_eq!(scores[&1], arbiter_tournament::Points::from_tenths(40));
    assert_eq!(scores[&43], arbiter_tournament::Points::from_tenths(5));
}

#[test]
fn lichess_blank_opponents_and_dash_absences() {
    let Some(r) = real("lichess-2020-06.trf") else {
        return;
    };
    let t = &r.tournament;
    assert_eq!(t.initial_colour, Some(Colour::White));
    // 001 5 ... `         -` in round 2: an absence scored as a forfeit loss.
    assert_eq!(t.player_round(5, 2).code, ResultCode::ForfeitLoss);
    assert_eq!(t.player_round(5, 2).opponent, None);
    assert_eq!(t.player_round(6, 2).code, ResultCode::Pab);
    assert!(
        r.warnings
            .iter()
            .all(|w| matches!(w.kind, IssueKind::BlankOpponent))
    );
}
