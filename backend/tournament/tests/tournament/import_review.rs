//! The review of an imported tournament (FIDE's checklist VCL4THP.13, questions 54 and 55):
//! every imported round is re-paired by the system the event is paired by; a round the rules
//! would not make is named, and recorded as `### Import @ Round n` lines that the TRF export
//! keeps; a round robin is not checked against a Swiss system.

use arbiter_tournament::generator::{GeneratorConfig, generate};
use arbiter_tournament::recheck::{Recheck, review_import};
use arbiter_tournament::{DutchEdition, Tournament, TrfVersion, write_trf};

fn event(seed: u64) -> Tournament {
    let cfg = GeneratorConfig::parse("players = 20\nrounds = 6\n").expect("configuration");
    generate(&cfg, DutchEdition::Dutch2026, seed).expect("generated")
}

#[test]
fn a_file_paired_by_the_rules_passes_and_gets_no_record() {
    for seed in 1..=4 {
        let t = event(seed);
        let review = review_import(&t);
        let Recheck::Checked { system, rounds } = &review else {
            panic!("seed {seed}: {review:?}");
        };
        assert!(system.contains("C.04.3, 2026"), "{system}");
        assert_eq!(rounds.len(), 6);
        assert!(review.irregular().is_empty(), "seed {seed}: {review:?}");
        assert!(review.import_records().is_empty());
    }
}

#[test]
fn a_round_the_rules_would_not_make_is_named_and_recorded() {
    let mut t = event(7);
    // The last round (6) with the black players of boards 1 and 2 exchanged.
    let r4 = t
        .rounds
        .iter_mut()
        .find(|r| r.number == 6)
        .expect("round 6");
    let (b1, b2) = (r4.games[0].black, r4.games[1].black);
    r4.games[0].black = b2;
    r4.games[1].black = b1;
    let review = review_import(&t);
    let irregular: Vec<u16> = review.irregular().iter().map(|r| r.round).collect();
    assert_eq!(irregular, [6], "{review:?}");
    let records = review.import_records();
    assert!(!records.is_empty());
    assert!(
        records
            .iter()
            .all(|r| r.line.starts_with("### Import @ Round 6: ")),
        "{records:?}"
    );
    // The records travel with the tournament into its TRF export.
    t.other_records.extend(records.clone());
    let text = write_trf(&t, TrfVersion::Trf2026);
    for r in &records {
        assert!(text.lines().any(|l| l == r.line), "{}\n{text}", r.line);
    }
}

#[test]
fn the_2017_rules_are_used_when_the_file_names_them_and_round_robins_are_not_swiss() {
    let mut t = event(3);
    t.pairing_system = Some("FIDE_DUTCH_2017".into());
    let Recheck::Checked { system, .. } = review_import(&t) else {
        panic!("checked")
    };
    assert!(system.contains("2017"), "{system}");
    t.pairing_system = Some("FIDE_ROUNDROBIN".into());
    assert_eq!(review_import(&t), Recheck::RoundRobin);
}
