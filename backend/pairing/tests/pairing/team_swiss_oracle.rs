//! The Swiss Team Pairing System (C.04.6) against FIDE's reference implementation: every round
//! of the generated events in `tests/data/team_swiss/` (see the README there) is paired by our
//! engine and compared with the oracle's pairing (the set of pairs with colours, and the bye),
//! or with the article-derived answer where the README shows the oracle departs from the text.
//! Every round the engine pairs is also checked against the absolute criteria.

use std::collections::BTreeSet;

use arbiter_pairing::team_swiss::{TeamFinding, TeamScore, check, pair};
use arbiter_pairing::{Pairing, PairingError, RoundKind};

use crate::team_swiss_data::{self, Expected, RoundCase, all_rounds, oracle_units};

/// A pairing as a set of (white, black) pairs and the bye.
type PairSet = (BTreeSet<(u16, u16)>, Option<u16>);

fn as_set(p: &Pairing) -> PairSet {
    (p.boards.iter().map(|b| (b.white, b.black)).collect(), p.bye)
}

fn expected_set(e: &Expected) -> Option<PairSet> {
    e.as_ref()
        .map(|(pairs, bye)| (pairs.iter().copied().collect(), *bye))
}

/// The reader's scores are the oracle's (a check on the data and on our reading of it).
fn scores_agree(case: &RoundCase) {
    let gp_primary = case.state.primary == TeamScore::GamePoints;
    for (tpn, primary, secondary) in &case.scores {
        let t = &case.state.teams[usize::from(*tpn) - 1];
        let done = usize::from(case.state.round - 1);
        let sum = |gp: bool| -> u32 {
            t.history
                .iter()
                .take(done)
                .map(|r| if gp { r.game_points } else { r.match_points })
                .sum()
        };
        assert_eq!(
            sum(gp_primary),
            oracle_units(primary, gp_primary),
            "{} round {}: team {tpn}'s primary score",
            case.file,
            case.state.round
        );
        assert_eq!(
            sum(!gp_primary),
            oracle_units(secondary, !gp_primary),
            "{} round {}: team {tpn}'s secondary score",
            case.file,
            case.state.round
        );
    }
}

/// [C1], [C2], completeness and no team twice, on a pairing the engine made.
fn absolute_criteria_hold(case: &RoundCase, p: &Pairing) {
    let findings = check(&case.state, p).expect("checkable");
    let absolute: Vec<&TeamFinding> = findings
        .iter()
        .filter(|f| {
            !matches!(
                f,
                TeamFinding::DiffersFromEngine { .. } | TeamFinding::ColoursDiffer(_)
            )
        })
        .collect();
    assert!(
        absolute.is_empty(),
        "{} round {}: {absolute:?}",
        case.file,
        case.state.round
    );
    assert!(
        findings.is_empty(),
        "{} round {}: {findings:?}",
        case.file,
        case.state.round
    );
    let present = case.state.teams.iter().filter(|t| !t.absent).count();
    assert_eq!(p.bye.is_some(), present % 2 == 1);
    if let Some(b) = p.bye {
        let t = &case.state.teams[usize::from(b) - 1];
        assert!(
            !t.history.iter().any(|r| matches!(
                r.kind,
                RoundKind::Pab | RoundKind::ForfeitWin | RoundKind::FullBye
            )),
            "[C2]"
        );
    }
}

#[test]
fn every_round_is_paired_as_the_oracle_or_the_articles_pair_it() {
    let cases = all_rounds();
    assert!(cases.len() >= 500, "{} rounds", cases.len());
    let (mut agree, mut article, mut none, mut tpn) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    let mut variants = BTreeSet::new();
    for case in &cases {
        scores_agree(case);
        variants.insert((
            format!("{:?}", case.state.colour_preferences),
            format!("{:?}", case.state.primary),
        ));
        let ours = pair(&case.state);
        let want = match &case.article {
            Some((e, _)) => expected_set(e),
            None => expected_set(&case.expect),
        };
        let got = match &ours {
            Ok(p) => Some(as_set(p)),
            Err(PairingError::NoValidPairing) => None,
            Err(e) => panic!("{} round {}: {e}", case.file, case.state.round),
        };
        if let Ok(p) = &ours {
            absolute_criteria_hold(case, p);
        }
        if got == want {
            if case.article.is_some() {
                article += 1;
            } else if got.is_none() {
                none += 1;
            } else {
                agree += 1;
            }
        } else if case.tpn_order.as_ref().map(expected_set) == Some(got.clone()) {
            tpn += 1;
        } else {
            disagreements.push(format!(
                "{} round {}: ours {:?}, expected {:?}",
                case.file, case.state.round, got, want
            ));
        }
    }
    println!(
        "{} rounds: {agree} as the oracle pairs them, {none} with no legal pairing for both, \
         {article} as the articles pair them where the oracle departs, {tpn} as the oracle pairs \
         them with brackets read in TPN order; {} disagree",
        cases.len(),
        disagreements.len()
    );
    assert!(variants.len() >= 6, "{variants:?}");
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// Prints the explanation of one round (`TEAM_SWISS_CASE=e0001.txt:4`); does nothing without it.
#[test]
fn explain_one_round_on_request() {
    let Ok(want) = std::env::var("TEAM_SWISS_CASE") else {
        return;
    };
    let (file, round) = want.split_once(':').expect("file:round");
    let round: u16 = round.parse().expect("a round");
    let cases = team_swiss_data::read_event(&team_swiss_data::data_dir().join(file));
    let case = cases
        .iter()
        .find(|c| c.state.round == round)
        .expect("the round");
    println!(
        "{}",
        arbiter_pairing::team_swiss::explain(&case.state).expect("explained")
    );
    println!("expected {:?}", case.expect);
    for t in &case.state.teams {
        println!(
            "{} absent {} history {:?}",
            t.pairing_number, t.absent, t.history
        );
    }
}
