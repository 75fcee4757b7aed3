//! The explanation of a round's pairing (brackets, MDPs, downfloaters, the criterion behind each
//! game, the PAB) on small hand-made states.

use arbiter_pairing::explain::{FloatCause, Reason, explain};
use arbiter_pairing::{Colour, Edition, PairingState, PlayerState, RoundKind, RoundRecord};

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

fn state(edition: Edition, players: Vec<PlayerState>) -> PairingState {
    PairingState {
        edition,
        round: 2,
        rounds_planned: 5,
        initial_colour: Some(Colour::White),
        players,
        ..PairingState::default()
    }
}

#[test]
fn colour_preferences_decide_the_games_of_an_all_drawn_bracket() {
    // Round 1: 1-3 and 4-2 drawn. In round 2, 1-2 and 3-4 grant every colour preference; the
    // best pairing without 2-1 (1-4, 2-3) leaves two unmet (2026 C12).
    let s = state(
        Edition::Dutch2026,
        vec![
            player(1, vec![played(3, Colour::White, 5)]),
            player(2, vec![played(4, Colour::Black, 5)]),
            player(3, vec![played(1, Colour::Black, 5)]),
            player(4, vec![played(2, Colour::White, 5)]),
        ],
    );
    let e = explain(&s).expect("explains");
    assert_eq!(e.brackets.len(), 1);
    let b = &e.brackets[0];
    assert_eq!((b.score, b.residents.clone()), (5, vec![1, 2, 3, 4]));
    assert!(b.mdps.is_empty() && b.downfloaters.is_empty());
    let g = &b.games[0];
    assert_eq!((g.board, g.white, g.black), (1, 2, 1));
    let Reason::Criterion(d) = &g.reason else {
        panic!("{:?}", g.reason);
    };
    assert_eq!((d.criterion, d.bracket), (12, 5));
    let text = e.to_string();
    assert!(
        text.contains("Bracket 0.5: residents 1, 2, 3, 4; MDPs none"),
        "{text}"
    );
    assert!(
        text.contains(
            "board 1: 2 - 1: decided by C12 (2026): 0 colour preferences not met vs 2, bracket 0.5"
        ),
        "{text}"
    );
}

#[test]
fn a_lone_leader_is_moved_down_and_meets_an_mdp_opponent() {
    // Round 1: 1-2 drawn, 3 beat 4. In round 2 player 3 alone has 1 point: he floats (no
    // opponent in his bracket) and meets 1 or 2; the other half-pointer floats to 4.
    let s = state(
        Edition::Dutch2026,
        vec![
            player(1, vec![played(2, Colour::White, 5)]),
            player(2, vec![played(1, Colour::Black, 5)]),
            player(3, vec![played(4, Colour::White, 10)]),
            player(4, vec![played(3, Colour::Black, 0)]),
        ],
    );
    let e = explain(&s).expect("explains");
    let scores: Vec<u32> = e.brackets.iter().map(|b| b.score).collect();
    assert_eq!(scores, [10, 5, 0]);
    let top = &e.brackets[0];
    assert_eq!(top.residents, [3]);
    assert_eq!(top.downfloaters.len(), 1);
    assert_eq!(top.downfloaters[0].player, 3);
    assert_eq!(top.downfloaters[0].cause, FloatCause::NoOpponent);
    assert_eq!(top.downfloaters[0].reason, Reason::Completion);
    let middle = &e.brackets[1];
    assert_eq!(middle.mdps, [(3, 10)]);
    assert_eq!(middle.games.len(), 1);
    assert_eq!(middle.downfloaters.len(), 1);
    assert_eq!(middle.downfloaters[0].cause, FloatCause::OddBracket);
    let last = &e.brackets[2];
    assert_eq!(last.mdps.len(), 1);
    assert_eq!(last.games.len(), 1);
    let text = e.to_string();
    assert!(text.contains("Bracket 1: residents 3; MDPs none"), "{text}");
    assert!(
        text.contains("Bracket 0.5: residents 1, 2; MDPs 3 (1)"),
        "{text}"
    );
    assert!(
        text.contains("3 (1) moved down: no player of the bracket may meet him"),
        "{text}"
    );
}

#[test]
fn the_pab_goes_to_the_lowest_score_and_the_explanation_says_so() {
    // Round 1: 3 had the PAB, 1 beat 2. Round 2: 2 alone has 0 points and gets the PAB.
    for edition in [Edition::Dutch2026, Edition::Dutch2017] {
        let s = state(
            edition,
            vec![
                player(1, vec![played(2, Colour::White, 10)]),
                player(2, vec![played(1, Colour::Black, 0)]),
                player(
                    3,
                    vec![RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::Pab,
                        points: 10,
                    }],
                ),
            ],
        );
        let e = explain(&s).expect("explains");
        let bye = e.bye.as_ref().expect("a PAB");
        assert_eq!((bye.player, bye.score), (2, 0));
        assert!(bye.others_eligible.is_empty());
        let text = e.to_string();
        assert!(text.contains("PAB to 2"), "{text}");
        assert!(text.contains("PAB: 2 (0), the lowest score"), "{text}");
        assert!(text.contains("no other player of that score"), "{text}");
        // 1 and 3 meet in the top bracket. Without that game 1 would get the PAB and 3 meet
        // 2: a PAB at 1 point (2026 C5) and no pair in the top bracket (2017 C5).
        let g = &e.brackets[0].games[0];
        assert_eq!([g.white.min(g.black), g.white.max(g.black)], [1, 3]);
        let Reason::Criterion(d) = &g.reason else {
            panic!("{:?}", g.reason);
        };
        assert_eq!((d.criterion, d.bracket), (5, 10));
    }
}

/// On the data's round inputs the explanation covers the engine's pairing exactly: every game
/// once in its bracket with its FIDE board number, every player paired or given the PAB, a
/// reason for every game.
#[test]
fn explanations_of_data_rounds_cover_every_game() {
    let Some(dir) = arbiter_testdata::shared_data() else {
        return;
    };
    let dir = dir.join("pairing/random/20");
    let (mut by_criterion, mut by_order, mut by_completion) = (0, 0, 0);
    for n in 1..=5 {
        for k in [1, 3, 5] {
            let Ok(bytes) = std::fs::read(dir.join(format!("{n:03}.r{k}.trf"))) else {
                continue;
            };
            let t = arbiter_tournament::read_trf(&bytes)
                .expect("valid")
                .tournament;
            for edition in [Edition::Dutch2026, Edition::Dutch2017] {
                let s = t.next_pairing_state(edition);
                let e = explain(&s).expect("explains");
                let engine = arbiter_pairing::pair(&s).expect("pairs");
                assert_eq!(e.pairing, engine, "the engine's pairing in board order");
                let mut boards: Vec<usize> = Vec::new();
                for b in &e.brackets {
                    for g in &b.games {
                        assert_eq!(
                            e.pairing.boards[g.board - 1],
                            arbiter_pairing::Board {
                                white: g.white,
                                black: g.black
                            }
                        );
                        boards.push(g.board);
                        match &g.reason {
                            Reason::Criterion(_) => by_criterion += 1,
                            Reason::Order => by_order += 1,
                            Reason::Completion => by_completion += 1,
                            Reason::NotExamined => panic!("a small field is examined"),
                        }
                    }
                }
                boards.sort_unstable();
                assert_eq!(boards, (1..=e.pairing.boards.len()).collect::<Vec<_>>());
                let text = e.to_string();
                for g in 1..=e.pairing.boards.len() {
                    assert!(text.contains(&format!("  board {g}: ")), "{text}");
                }
            }
        }
    }
    eprintln!(
        "games decided by a criterion {by_criterion}, by the order {by_order}, by completion {by_completion}"
    );
    assert!(by_criterion > 0 && by_order > 0);
}
