//! B.01 1.4.2c: a last-round forfeit win that was needed for the minimum number of games, counted
//! as a loss against that opponent; the base field of the parent module.
//!
//! The events have 10 rounds, so 1.4.1c (8 games in 9 rounds) never applies: rounds 1-8 against
//! nos. 2-9 (ratings 2500 2480 2400 2350 2300 2250 2200 2150, sum 18630), round 9 a half-point
//! bye (no game), round 10 against no. 10 (untitled, IRI, 2100).
//!
//! With no. 10 counted as a loss: 9 games, sum 20730, average 2303 (module table of the parent);
//! 6.5 / 9 = 72.2% -> 72 -> dp 166 -> 2469 >= 2450; 6 / 9 = 66.7% -> 67 -> dp 125 -> 2428 < 2450.

use super::*;
use crate::model::Bye;

/// Player 1's rounds 1-8 as `codes`, round 9 a half-point bye, round 10 against no. 10 with
/// `last` (player 1's code).
fn ten_rounds(codes: &[ResultCode], last: ResultCode) -> Tournament {
    let mut t = event(&base(), codes, 10);
    t.rounds.push(Round {
        byes: vec![Bye::new(1, ResultCode::HalfBye)],
        games: vec![Game::new(10, 2, GameResult::draw())],
        state: RoundState::Complete,
        ..Round::new(9)
    });
    let other = last.complement().unwrap_or(ResultCode::Blank);
    t.rounds.push(Round {
        games: vec![Game::new(1, 10, GameResult::new(last, other))],
        state: RoundState::Complete,
        ..Round::new(10)
    });
    t
}

#[test]
fn a_last_round_forfeit_win_counted_as_a_loss_keeps_the_norm() {
    // 5 wins and 3 draws: 6.5 / 8 played; with the forfeit as a loss 6.5 / 9 -> 2469.
    let r = im(&ten_rounds(&line(5, 3, 0), ResultCode::ForfeitWin));
    assert!(r.is_norm, "{r}");
    assert_eq!(
        r.basis,
        Some(NormBasis::LastRoundForfeitAsLoss {
            round: 10,
            opponent: 10
        })
    );
    assert_eq!(r.games.len(), 9);
    let last = r.games.last().expect("nine games");
    assert_eq!(
        (last.round, last.opponent, last.result, last.forfeit_as_loss),
        (10, 10, GameScore::Loss, true)
    );
    assert_eq!(r.score, Points::from_tenths(65));
    assert_eq!(r.average_rating, Some(2303));
    assert_eq!(r.performance, Some(2469));
    // The forfeit is a counted game now; only the half-point bye is left out.
    assert_eq!(
        r.not_counted,
        vec![ExcludedRound {
            round: 9,
            reason: NotCounted::NoOpponent {
                code: ResultCode::HalfBye
            }
        }]
    );
    let text = r.to_string();
    assert!(
        text.contains("counted as a loss against no. 10 (1.4.2c)"),
        "{text}"
    );
    let json = serde_json::to_value(&r).expect("serialises");
    assert_eq!(
        json["basis"],
        serde_json::json!({"LastRoundForfeitAsLoss": {"round": 10, "opponent": 10}})
    );
}

#[test]
fn the_forfeit_counted_as_a_loss_can_still_miss_the_norm() {
    // 6 / 8 played would be 2329 + 193 = 2522, but as 6 / 9 it is 2428 < 2450: no norm, and
    // the forfeit stays out of the games.
    let r = im(&ten_rounds(&line(6, 0, 2), ResultCode::ForfeitWin));
    assert!(!r.is_norm, "{r}");
    assert_eq!(r.basis, None);
    assert_eq!(r.games.len(), 8);
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
}

#[test]
fn only_a_won_forfeit_in_the_last_round_counts() {
    // A forfeit loss in round 10 is no game (the player did not come).
    let r = im(&ten_rounds(&line(5, 3, 0), ResultCode::ForfeitLoss));
    assert!(!r.is_norm, "{r}");
    // The forfeit win in round 9 with round 10 a half-point bye: not the last round.
    let mut t = ten_rounds(&line(5, 3, 0), ResultCode::ForfeitWin);
    t.rounds[8] = Round {
        games: vec![Game::new(
            1,
            10,
            GameResult::new(ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
        )],
        state: RoundState::Complete,
        ..Round::new(9)
    };
    t.rounds[9] = Round {
        byes: vec![Bye::new(1, ResultCode::HalfBye)],
        games: vec![Game::new(10, 2, GameResult::draw())],
        state: RoundState::Complete,
        ..Round::new(10)
    };
    let r = im(&t);
    assert!(!r.is_norm, "{r}");
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
}

#[test]
fn the_norm_says_which_rule_gave_it() {
    // Nine games: 1.4.1a. Eight games and a forfeit win in a 9-round event: 1.4.1c.
    let r = im(&event(&base(), &line(5, 3, 1), 9));
    assert_eq!(r.basis, Some(NormBasis::Games));
    let mut codes = line(6, 0, 2);
    codes.push(ResultCode::ForfeitWin);
    let r = im(&event(&base(), &codes, 9));
    assert_eq!(r.basis, Some(NormBasis::EightGamesWithBye));
    assert!(r.games.iter().all(|g| !g.forfeit_as_loss));
}
