//! The free pairing checker (C.04.A) over complete tournaments of the shared data set: every
//! round of `pairing/random/20/NNN.trf` was paired by the endorsed 2026 engine, so re-pairing
//! it must give the same rounds.

use arbiter_pairing::Edition;
use arbiter_tournament::read_trf;

#[test]
fn complete_random_tournaments_recheck_clean() {
    let Some(dir) = arbiter_testdata::shared_data() else {
        return;
    };
    let dir = dir.join("pairing/random/20");
    let mut checked = 0;
    let mut clean = 0;
    let mut first = Vec::new();
    for n in 1..=25 {
        let path = dir.join(format!("{n:03}.trf"));
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let t = read_trf(&bytes).expect("valid TRF").tournament;
        for rc in t.recheck_pairings(Edition::Dutch2026).expect("pairs") {
            checked += 1;
            if rc.findings.is_empty() {
                clean += 1;
            } else if first.len() < 5 {
                first.push(format!(
                    "{} round {}: {:?}",
                    path.display(),
                    rc.round,
                    rc.findings
                ));
            }
        }
    }
    eprintln!("recheck: {clean}/{checked} rounds as the engine pairs them");
    for f in &first {
        eprintln!("  {f}");
    }
    assert!(checked > 0);
    assert_eq!(clean, checked, "{first:#?}");
}
