//! The Swiss Team Pairing System (C.04.6) against exhaustive search: small generated events (4 to
//! 12 teams) are played round by round with the engine; before each round every pairing that
//! satisfies the absolute criteria ([C1], [C2], one bye exactly when the field is odd) is
//! enumerated and ranked against the engine's on the criteria in the procedure's order
//! ([`compare`]: the bye of art. 3.4, then per bracket [C4], [C5], [C6], [C7], the set order of
//! 3.5.4, [C8], [C9], [C10], the identifier of 3.6.3). None may rank above the engine's, and the
//! engine's must satisfy the absolute criteria. When the engine finds no pairing, none may exist.

use arbiter_pairing::team_swiss::{
    TeamColourPreferences, TeamComparison, TeamPairingState, TeamRoundRecord, TeamScore, TeamState,
    check, compare, pair,
};
use arbiter_pairing::{Board, Colour, Pairing, PairingError, PointSystem, RoundKind};

/// splitmix64: a small deterministic generator for the events.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Every legal pairing of the round: perfect matchings of the present teams over pairs that may
/// meet, with each team the [C2] rule allows as the bye when their number is odd.
fn legal_pairings(state: &TeamPairingState) -> Vec<Pairing> {
    let present: Vec<&TeamState> = state.teams.iter().filter(|t| !t.absent).collect();
    let met = |a: u16, b: u16| {
        state.teams[usize::from(a) - 1]
            .history
            .iter()
            .any(|r| r.kind == RoundKind::Played && r.opponent == Some(b))
    };
    let mut out = Vec::new();
    let byes: Vec<Option<u16>> = if present.len() % 2 == 1 {
        present
            .iter()
            .filter(|t| !t.bye_barred())
            .map(|t| Some(t.pairing_number))
            .collect()
    } else {
        vec![None]
    };
    for bye in byes {
        let teams: Vec<u16> = present
            .iter()
            .map(|t| t.pairing_number)
            .filter(|&t| Some(t) != bye)
            .collect();
        let mut boards = Vec::new();
        fn rec(
            left: &[u16],
            met: &dyn Fn(u16, u16) -> bool,
            boards: &mut Vec<Board>,
            bye: Option<u16>,
            out: &mut Vec<Pairing>,
        ) {
            let Some((&first, rest)) = left.split_first() else {
                out.push(Pairing {
                    boards: boards.clone(),
                    bye,
                });
                return;
            };
            for (k, &other) in rest.iter().enumerate() {
                if met(first, other) {
                    continue;
                }
                let remaining: Vec<u16> = rest
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, &t)| t)
                    .collect();
                boards.push(Board {
                    white: first,
                    black: other,
                });
                rec(&remaining, met, boards, bye, out);
                boards.pop();
            }
        }
        rec(&teams, &met, &mut boards, bye, &mut out);
    }
    out
}

fn record(
    opponent: Option<u16>,
    colour: Option<Colour>,
    kind: RoundKind,
    mp: u32,
    gp: u32,
) -> TeamRoundRecord {
    TeamRoundRecord {
        opponent,
        colour,
        kind,
        match_points: mp,
        game_points: gp,
    }
}

/// Plays one event, checking each round; returns the number of legal pairings ranked.
fn run_event(seed: u64) -> usize {
    let mut rng = Rng(seed);
    let n = 4 + rng.below(9) as u16; // 4..=12
    let rounds = (4 + rng.below(4) as u16).min(n - 1);
    let boards = 4u32;
    let mut state = TeamPairingState {
        round: 1,
        rounds_planned: rounds,
        initial_colour: Some(if rng.below(2) == 0 {
            Colour::White
        } else {
            Colour::Black
        }),
        primary: if rng.below(2) == 0 {
            TeamScore::MatchPoints
        } else {
            TeamScore::GamePoints
        },
        use_secondary_for_colour: rng.below(3) != 0,
        colour_preferences: match rng.below(3) {
            0 => TeamColourPreferences::TypeA,
            1 => TeamColourPreferences::TypeB,
            _ => TeamColourPreferences::None,
        },
        match_points: PointSystem {
            win: 2,
            draw: 1,
            loss: 0,
        },
        pab: (1, boards),
        teams: (1..=n)
            .map(|tpn| TeamState {
                pairing_number: tpn,
                ..TeamState::default()
            })
            .collect(),
        forbidden: Vec::new(),
    };
    let mut ranked = 0;
    for round in 1..=rounds {
        state.round = round;
        for t in &mut state.teams {
            t.absent = round > 1 && rng.below(12) == 0;
        }
        let all = legal_pairings(&state);
        let engine = match pair(&state) {
            Ok(p) => p,
            Err(PairingError::NoValidPairing) => {
                assert!(
                    all.is_empty(),
                    "seed {seed} round {round}: the engine found no pairing"
                );
                return ranked;
            }
            Err(e) => panic!("seed {seed} round {round}: {e}"),
        };
        assert!(
            check(&state, &engine).expect("checked").is_empty(),
            "seed {seed} round {round}: the engine's pairing breaks a criterion"
        );
        for alt in &all {
            let verdict = compare(&state, alt, &engine).expect("compared");
            assert!(
                !matches!(verdict, TeamComparison::Better(_)),
                "seed {seed} round {round}: {alt:?} ranks above the engine's {engine:?}: {verdict:?}"
            );
        }
        ranked += all.len();
        // Results: each board drawn at random; 3% of matches forfeited.
        let mut records: Vec<Option<TeamRoundRecord>> = vec![None; usize::from(n)];
        for b in &engine.boards {
            let (w, x) = (usize::from(b.white) - 1, usize::from(b.black) - 1);
            if rng.below(33) == 0 {
                records[w] = Some(record(
                    Some(b.black),
                    None,
                    RoundKind::ForfeitWin,
                    2,
                    2 * boards,
                ));
                records[x] = Some(record(Some(b.white), None, RoundKind::ForfeitLoss, 0, 0));
                continue;
            }
            let gw: u32 = (0..boards).map(|_| rng.below(3) as u32).sum();
            let gb = 2 * boards - gw;
            let (mw, mb) = match gw.cmp(&gb) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Equal => (1, 1),
                std::cmp::Ordering::Less => (0, 2),
            };
            records[w] = Some(record(
                Some(b.black),
                Some(Colour::White),
                RoundKind::Played,
                mw,
                gw,
            ));
            records[x] = Some(record(
                Some(b.white),
                Some(Colour::Black),
                RoundKind::Played,
                mb,
                gb,
            ));
        }
        if let Some(bye) = engine.bye {
            records[usize::from(bye) - 1] = Some(record(None, None, RoundKind::Pab, 1, boards));
        }
        for (t, r) in state.teams.iter_mut().zip(records) {
            t.history
                .push(r.unwrap_or_else(|| record(None, None, RoundKind::Absent, 0, 0)));
        }
    }
    ranked
}

#[test]
fn no_legal_pairing_ranks_above_the_engines() {
    let mut ranked = 0;
    for seed in 1..=150 {
        ranked += run_event(seed);
    }
    println!("{ranked} legal pairings ranked against the engine's");
    assert!(ranked > 10_000, "{ranked}");
}
