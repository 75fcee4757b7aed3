//! Settings changed after the start (FIDE's checklist VCL4THP.13 Q57-Q61, Q75, Q201-Q202):
//! which changes are guarded, their `###` records, and the final round checked again when a
//! change of the number of rounds makes it final or no longer final.

use arbiter_tournament::DutchEdition;
use arbiter_tournament::generator::{GeneratorConfig, generate};
use arbiter_tournament::settings_change::{Setting, after_start, last_round_findings, records};
use arbiter_tournament::{Points, Tournament};

fn event(players: u32, rounds: u16, seed: u64) -> Tournament {
    let cfg = GeneratorConfig::parse(&format!("players = {players}\nrounds = {rounds}\n"))
        .expect("configuration");
    generate(&cfg, DutchEdition::Dutch2026, seed).expect("generated")
}

#[test]
fn before_the_start_nothing_is_guarded_after_it_every_listed_setting_is() {
    let started = event(12, 4, 2);
    let mut fresh = started.clone();
    fresh.rounds.clear();
    let mut after = started.clone();
    after.rounds_planned = Some(6);
    after.tiebreaks = Some("BH/C1,SB".into());
    after.scoring.pab = Points::HALF;
    after.name = Some("Renamed".into());
    assert!(after_start(&fresh, &after).is_empty(), "not started");
    let changes = after_start(&started, &after);
    let kinds: Vec<Setting> = changes.iter().map(|c| c.setting).collect();
    assert_eq!(
        kinds,
        [Setting::Rounds, Setting::Scoring, Setting::TieBreaks],
        "the name is not guarded"
    );
    let lines: Vec<String> = records(&changes, 4, None)
        .into_iter()
        .map(|r| r.line)
        .collect();
    assert_eq!(lines[0], "### Configuration @ Round 4: rounds 4 -> 6");
    assert_eq!(
        lines[1],
        "### Configuration @ Round 4: scoring W 1.0 D 0.5 L 0.0 PAB 1.0 -> W 1.0 D 0.5 L 0.0 PAB 0.5"
    );
    assert_eq!(
        lines[2],
        "### Tie-breaks @ Round 4: tie-break list - -> BH/C1,SB"
    );
}

#[test]
fn the_last_round_is_checked_again_only_when_its_finality_changes() {
    // Seed 54 (24 players, 5 rounds): round 5 was paired as the final round, where two
    // topscorers may share an absolute colour preference (C3, A.7); announced as 7 rounds it is
    // no longer final, and the rules pair it otherwise.
    let before = event(24, 5, 54);
    let mut longer = before.clone();
    longer.rounds_planned = Some(7);
    let r = last_round_findings(&before, &longer).expect("round 5 differs");
    assert_eq!(r.round, 5);
    assert!(r.lines.iter().any(|l| l.contains("(C3)")), "{:?}", r.lines);
    let lines: Vec<String> = records(&after_start(&before, &longer), 5, Some(&r))
        .into_iter()
        .map(|r| r.line)
        .collect();
    assert_eq!(lines[0], "### Configuration @ Round 5: rounds 5 -> 7");
    assert!(
        lines[1..]
            .iter()
            .all(|l| l.starts_with("### Configuration @ Round 5: "))
    );
    assert_eq!(lines.len(), 1 + r.lines.len());
    // Back from 7 to 5: final again, as it was paired: nothing to report.
    assert_eq!(last_round_findings(&longer, &before), None);
    // Finality unchanged (5 -> 5, or 7 -> 9 when round 5 is not final either): not re-checked.
    for seed in 1..=20 {
        let before = event(16, 5, seed);
        let mut renamed = before.clone();
        renamed.name = Some("x".into());
        assert_eq!(last_round_findings(&before, &renamed), None);
        let mut seven = before.clone();
        seven.rounds_planned = Some(7);
        let mut nine = before.clone();
        nine.rounds_planned = Some(9);
        assert_eq!(last_round_findings(&seven, &nine), None);
    }
}
