//! Behaviour of the Dutch system (C.04.3) on small hand-made states: round 1, the PAB
//! (C.04.1), absences, forbidden pairs, accelerations, colours and board order.

use arbiter_pairing::{
    Colour, Edition, Pairing, PairingError, PairingState, PlayerState, RoundKind, RoundRecord, pair,
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

fn fresh(n: u16, edition: Edition) -> PairingState {
    PairingState {
        edition,
        round: 1,
        rounds_planned: 5,
        initial_colour: Some(Colour::White),
        players: (1..=n).map(|pn| player(pn, Vec::new())).collect(),
        ..PairingState::default()
    }
}

fn opponent(p: &Pairing, pn: u16) -> Option<u16> {
    p.boards.iter().find_map(|b| {
        if b.white == pn {
            Some(b.black)
        } else if b.black == pn {
            Some(b.white)
        } else {
            None
        }
    })
}

fn played(opponent: u16, colour: Colour, points: u32) -> RoundRecord {
    RoundRecord {
        opponent: Some(opponent),
        colour: Some(colour),
        kind: RoundKind::Played,
        points,
    }
}

#[test]
fn round_one_top_half_meets_bottom_half_with_alternating_colours() {
    for edition in [Edition::Dutch2017, Edition::Dutch2026] {
        let p = pair(&fresh(8, edition)).expect("pairs");
        assert_eq!(p.bye, None);
        assert_eq!(p.boards.len(), 4);
        for (i, b) in p.boards.iter().enumerate() {
            let top = u16::try_from(i).expect("small") + 1;
            assert_eq!(opponent(&p, top), Some(top + 4));
            // The initial colour goes to player 1, then alternates down the boards.
            let top_is_white = b.white == top;
            assert_eq!(top_is_white, i % 2 == 0, "board {}", i + 1);
        }
    }
}

#[test]
fn odd_number_gives_the_pab_to_the_lowest_ranked() {
    let p = pair(&fresh(7, Edition::Dutch2026)).expect("pairs");
    assert_eq!(p.bye, Some(7));
    assert_eq!(p.boards.len(), 3);
}

#[test]
fn absent_players_are_left_out() {
    let mut s = fresh(6, Edition::Dutch2026);
    s.players[0].absent = true;
    let p = pair(&s).expect("pairs");
    assert!(opponent(&p, 1).is_none());
    assert_ne!(p.bye, Some(1));
    assert_eq!(p.boards.len(), 2);
    assert!(p.bye.is_some());
}

#[test]
fn forbidden_pairs_do_not_meet() {
    let mut s = fresh(6, Edition::Dutch2026);
    s.forbidden.push((1, 4));
    let p = pair(&s).expect("pairs");
    assert_ne!(opponent(&p, 1), Some(4));
    assert_eq!(p.boards.len(), 3);
}

#[test]
fn acceleration_points_move_a_player_up() {
    let mut s = fresh(4, Edition::Dutch2026);
    s.players[3].acceleration = vec![10];
    let p = pair(&s).expect("pairs");
    // Player 4 leads alone and floats down to meet the highest-ranked resident, player 1.
    assert_eq!(opponent(&p, 4), Some(1));
    assert_eq!(opponent(&p, 2), Some(3));
}

#[test]
fn rematches_are_impossible_and_reported() {
    let mut s = fresh(2, Edition::Dutch2026);
    s.round = 2;
    s.players[0].history = vec![played(2, Colour::White, 10)];
    s.players[1].history = vec![played(1, Colour::Black, 0)];
    assert_eq!(pair(&s), Err(PairingError::NoValidPairing));
}

#[test]
fn colours_alternate_after_round_one() {
    // Round 2 of four players: 1 beat 3 (1 White), 4 beat 2 (4 White... as Black: 2 White).
    let mut s = fresh(4, Edition::Dutch2026);
    s.round = 2;
    s.players[0].history = vec![played(3, Colour::White, 10)];
    s.players[2].history = vec![played(1, Colour::Black, 0)];
    s.players[1].history = vec![played(4, Colour::White, 0)];
    s.players[3].history = vec![played(2, Colour::Black, 10)];
    let p = pair(&s).expect("pairs");
    // The winners meet, the losers meet; each gets the colour he did not have.
    assert_eq!(opponent(&p, 1), Some(4));
    assert_eq!(opponent(&p, 2), Some(3));
    for b in &p.boards {
        let had_white = |pn: u16| s.players[usize::from(pn) - 1].history[0].colour;
        assert_eq!(had_white(b.white), Some(Colour::Black));
        assert_eq!(had_white(b.black), Some(Colour::White));
    }
    // Board order: the higher scores first.
    assert!(p.boards[0].white == 4 || p.boards[0].black == 4);
}

#[test]
fn a_win_without_playing_rules_out_the_pab_in_2026() {
    let mut st = player(1, Vec::new());
    st.history = vec![RoundRecord {
        opponent: None,
        colour: None,
        kind: RoundKind::FullBye,
        points: 10,
    }];
    assert!(st.had_unplayed_win(10));
    st.history[0].kind = RoundKind::HalfBye;
    st.history[0].points = 5;
    assert!(!st.had_unplayed_win(10));
}

#[test]
fn duplicate_pairing_numbers_are_rejected() {
    let mut s = fresh(4, Edition::Dutch2026);
    s.players[3].pairing_number = 1;
    assert_eq!(pair(&s), Err(PairingError::DuplicatePairingNumber(1)));
}

#[test]
fn the_checker_names_the_broken_criterion() {
    use arbiter_pairing::Board;
    use arbiter_pairing::check::{Finding, check};
    let mut s = fresh(4, Edition::Dutch2026);
    s.round = 2;
    s.players[0].history = vec![played(3, Colour::White, 10)];
    s.players[2].history = vec![played(1, Colour::Black, 0)];
    s.players[1].history = vec![played(4, Colour::White, 0)];
    s.players[3].history = vec![played(2, Colour::Black, 10)];
    let engine = pair(&s).expect("pairs");
    assert_eq!(check(&s, &engine), Ok(Vec::new()));
    let rematch = Pairing {
        boards: vec![Board { white: 3, black: 1 }, Board { white: 4, black: 2 }],
        bye: None,
    };
    let found = check(&s, &rematch).expect("checks");
    assert!(found.contains(&Finding::Rematch(3, 1)));
    assert!(found.contains(&Finding::Rematch(4, 2)));
    let reversed = Pairing {
        boards: engine
            .boards
            .iter()
            .map(|b| Board {
                white: b.black,
                black: b.white,
            })
            .collect(),
        bye: None,
    };
    let found = check(&s, &reversed).expect("checks");
    assert!(matches!(found.as_slice(), [Finding::ColoursDiffer(_)]));
    let incomplete = Pairing {
        boards: vec![Board { white: 4, black: 1 }],
        bye: None,
    };
    let found = check(&s, &incomplete).expect("checks");
    assert!(found.contains(&Finding::Unpaired(2)));
    assert!(found.contains(&Finding::Unpaired(3)));
}
