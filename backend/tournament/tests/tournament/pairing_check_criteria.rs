//! The checker on a single proposed pairing (a manual edit) that breaks no absolute criterion:
//! which quality criterion (2017 C5-C19, 2026 C5-C21) it loses on against the engine's pairing,
//! in which bracket, with the figures; or that it ties on all of them.

use arbiter_pairing::check::{Finding, check};
use arbiter_pairing::criteria::{Comparison, Value};
use arbiter_pairing::{
    Board, Colour, Edition, Pairing, PairingState, PlayerState, RoundKind, RoundRecord, pair,
};

fn player(pn: u16, history: Vec<RoundRecord>) -> PlayerState {
    PlayerState {
        pairing_number: pn,
        rating: 2000 - pn,
        history,
        acceleration: Vec::new(),
        absent: false,
    }
}

fn played(opponent: u16, colour: Colour, points: u32) -> RoundRecord {
    RoundRecord {
        opponent: Some(opponent),
        colour: Some(colour),
        kind: RoundKind::Played,
        points,
    }
}

fn state(edition: Edition, round: u16, players: Vec<PlayerState>) -> PairingState {
    PairingState {
        edition,
        round,
        rounds_planned: 5,
        initial_colour: Some(Colour::White),
        players,
        ..PairingState::default()
    }
}

fn boards(list: &[(u16, u16)], bye: Option<u16>) -> Pairing {
    Pairing {
        boards: list
            .iter()
            .map(|&(white, black)| Board { white, black })
            .collect(),
        bye,
    }
}

/// The verdict of the single `DiffersFromEngine` finding.
fn verdict(s: &PairingState, proposal: &Pairing) -> (Comparison, String) {
    let found = check(s, proposal).expect("checks");
    match found.as_slice() {
        [f @ Finding::DiffersFromEngine { verdict, .. }] => (verdict.clone(), f.to_string()),
        other => panic!("expected one DiffersFromEngine finding, got {other:?}"),
    }
}

/// Four players, every game of round 1 drawn: 1-3 and 4-2. In round 2 the engine pairs 1-2 and
/// 3-4, granting every colour preference; 1-4 and 2-3 leave two preferences unmet.
fn all_drawn(edition: Edition) -> PairingState {
    state(
        edition,
        2,
        vec![
            player(1, vec![played(3, Colour::White, 5)]),
            player(2, vec![played(4, Colour::Black, 5)]),
            player(3, vec![played(1, Colour::Black, 5)]),
            player(4, vec![played(2, Colour::White, 5)]),
        ],
    )
}

#[test]
fn colour_preferences_decide_2026_c12_and_2017_c10() {
    for (edition, criterion, year) in [
        (Edition::Dutch2026, 12, 2026),
        (Edition::Dutch2017, 10, 2017),
    ] {
        let s = all_drawn(edition);
        let engine = pair(&s).expect("pairs");
        assert_eq!(engine, boards(&[(2, 1), (3, 4)], None));
        let proposal = boards(&[(4, 1), (2, 3)], None);
        let (v, text) = verdict(&s, &proposal);
        let Comparison::Worse(d) = v else {
            panic!("{v:?}");
        };
        assert_eq!(d.criterion, criterion);
        assert_eq!(d.bracket, 5);
        assert_eq!((d.ours, d.theirs), (Value::Fewer(2), Value::Fewer(0)));
        assert!(
            text.contains(&format!(
                "C{criterion} ({year}): 2 colour preferences not met vs 0, bracket 0.5"
            )),
            "{text}"
        );
        // The boards the engine does not make are named with the engine's boards.
        assert!(
            text.contains("board 1: 4-1 (the engine: 2-1, 3-4)"),
            "{text}"
        );
    }
}

/// Six players after round 1 (1, 2, 3 won against 4, 5, 6). Pairing the three winners all
/// against losers floats three players where one suffices.
fn three_winners(edition: Edition) -> PairingState {
    state(
        edition,
        2,
        vec![
            player(1, vec![played(4, Colour::White, 10)]),
            player(2, vec![played(5, Colour::Black, 10)]),
            player(3, vec![played(6, Colour::White, 10)]),
            player(4, vec![played(1, Colour::Black, 0)]),
            player(5, vec![played(2, Colour::White, 0)]),
            player(6, vec![played(3, Colour::Black, 0)]),
        ],
    )
}

#[test]
fn needless_downfloaters_lose_on_2026_c6_and_2017_c5() {
    let proposal = boards(&[(5, 1), (6, 2), (3, 4)], None);
    let s = three_winners(Edition::Dutch2026);
    let (v, text) = verdict(&s, &proposal);
    let Comparison::Worse(d) = v else {
        panic!("{v:?}");
    };
    assert_eq!((d.criterion, d.bracket), (6, 10));
    assert_eq!((d.ours, d.theirs), (Value::Fewer(3), Value::Fewer(1)));
    assert!(
        text.contains("C6 (2026): 3 downfloaters vs 1, bracket 1"),
        "{text}"
    );

    let s = three_winners(Edition::Dutch2017);
    let (v, _) = verdict(&s, &proposal);
    let Comparison::Worse(d) = v else {
        panic!("{v:?}");
    };
    assert_eq!((d.criterion, d.bracket), (5, 10));
    assert_eq!((d.ours, d.theirs), (Value::More(0), Value::More(1)));
}

#[test]
fn a_pab_above_the_lowest_score_loses_on_2026_c5() {
    // 1 and 2 beat 4 and 5; 3 had the PAB. In round 2 the PAB goes to a loser (C5), never to 3
    // (C2), and giving it to 1 breaks no absolute criterion but loses on C5.
    let s = state(
        Edition::Dutch2026,
        2,
        vec![
            player(1, vec![played(4, Colour::White, 10)]),
            player(2, vec![played(5, Colour::Black, 10)]),
            player(
                3,
                vec![RoundRecord {
                    opponent: None,
                    colour: None,
                    kind: RoundKind::Pab,
                    points: 10,
                }],
            ),
            player(4, vec![played(1, Colour::Black, 0)]),
            player(5, vec![played(2, Colour::White, 0)]),
        ],
    );
    let engine = pair(&s).expect("pairs");
    assert!(matches!(engine.bye, Some(4 | 5)), "{engine:?}");
    let proposal = boards(&[(3, 2), (4, 5)], Some(1));
    let (v, text) = verdict(&s, &proposal);
    let Comparison::Worse(d) = v else {
        panic!("{v:?}");
    };
    assert_eq!((d.criterion, d.bracket), (5, 10));
    assert_eq!(
        (d.ours, d.theirs),
        (Value::Scores(vec![10]), Value::Scores(vec![0]))
    );
    assert!(text.contains("PAB to 1"), "{text}");
    assert!(
        text.contains("C5 (2026): the PAB assignee's score [1] vs [0], bracket 1"),
        "{text}"
    );
}

#[test]
fn an_equally_good_pairing_is_told_apart_only_by_the_ordering_rules() {
    // Round 1: no colour preferences, no floats: 1-4 and 2-3 are as good as the engine's 1-3
    // and 4-2 (S1 against S2 in order, C.04.3 B).
    for edition in [Edition::Dutch2026, Edition::Dutch2017] {
        let s = state(
            edition,
            1,
            (1..=4).map(|pn| player(pn, Vec::new())).collect(),
        );
        assert_eq!(pair(&s).expect("pairs"), boards(&[(1, 3), (4, 2)], None));
        let (v, text) = verdict(&s, &boards(&[(1, 4), (2, 3)], None));
        assert_eq!(v, Comparison::Equal);
        assert!(text.contains("ties with the engine's pairing"), "{text}");
    }
}

#[test]
fn the_engines_pairing_and_broken_absolute_criteria_get_no_quality_verdict() {
    let s = all_drawn(Edition::Dutch2026);
    let engine = pair(&s).expect("pairs");
    assert_eq!(check(&s, &engine), Ok(Vec::new()));
    let rematch = boards(&[(1, 3), (2, 4)], None);
    let found = check(&s, &rematch).expect("checks");
    assert!(found.contains(&Finding::Rematch(1, 3)));
    assert!(
        !found
            .iter()
            .any(|f| matches!(f, Finding::DiffersFromEngine { .. }))
    );
}

/// On the data's round inputs, every exchange of two opponents between two of the engine's
/// boards that breaks no absolute criterion is judged no better than the engine's pairing by the
/// criteria evaluation under the 2026 rules (the engine is exact on these, so a `Better` verdict
/// would be a wrong figure in the evaluation).
///
/// Under the 2017 rules the evaluation, which applies the colour criteria (C8-C11) only inside
/// each bracket, can prefer a proposal whose downfloater choice spares a colour preference in its
/// bracket but costs one further down (008.r5: 11-14 with 17 floating instead of 11-17 with 14
/// floating; 17 then meets 20, both wanting White): the endorsed 2017 engine weighs the lower
/// brackets' colours into that choice. Such cases stay below 1% of the exchanges.
#[test]
fn exchanges_of_the_engines_pairing_never_judge_better_on_the_data() {
    let Some(dir) = arbiter_testdata::shared_data() else {
        return;
    };
    let dir = dir.join("pairing/random/20");
    let (mut worse, mut equal, mut better) = (0, 0, Vec::new());
    let mut better_2017 = Vec::new();
    for n in 1..=8 {
        for k in 1..=6 {
            let Ok(bytes) = std::fs::read(dir.join(format!("{n:03}.r{k}.trf"))) else {
                continue;
            };
            let t = arbiter_tournament::read_trf(&bytes)
                .expect("valid")
                .tournament;
            for edition in [Edition::Dutch2026, Edition::Dutch2017] {
                let s = t.next_pairing_state(edition);
                let engine = pair(&s).expect("pairs");
                let b = &engine.boards;
                for i in 0..b.len() {
                    for j in i + 1..b.len() {
                        let mut p = engine.clone();
                        p.boards[i].black = b[j].black;
                        p.boards[j].black = b[i].black;
                        let Ok(found) = check(&s, &p) else { continue };
                        if let [Finding::DiffersFromEngine { verdict, .. }] = found.as_slice() {
                            match verdict {
                                Comparison::Worse(_) => worse += 1,
                                Comparison::Equal => equal += 1,
                                Comparison::Better(d) => {
                                    let line = format!("{n:03}.r{k} {i},{j}: {d}");
                                    if edition == Edition::Dutch2017 {
                                        better_2017.push(line);
                                    } else {
                                        better.push(line);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "worse {worse}, equal {equal}, better {} (2026), {} (2017)",
        better.len(),
        better_2017.len()
    );
    assert!(worse > 100);
    assert_eq!(better, Vec::<String>::new());
    assert!(better_2017.len() * 100 < worse, "{better_2017:#?}");
}
