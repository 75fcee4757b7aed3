//! Rounds that give no game (forfeits), the rounds left to play (what the last round needs) and
//! the later games a Swiss norm may leave out (1.4.1e); the base field of the parent module.

use super::*;

#[test]
fn a_lost_forfeit_is_not_counted() {
    // Round 9 lost by forfeit: 8 games, 6 / 8 (2329 + 193 = 2522): only the games fail.
    let mut codes = line(6, 0, 2);
    codes.push(ResultCode::ForfeitLoss);
    let r = im(&event(&base(), &codes, 9));
    assert_eq!(r.games.len(), 8);
    assert_eq!(
        r.not_counted,
        vec![ExcludedRound {
            round: 9,
            reason: NotCounted::Forfeit {
                opponent: 10,
                won: false
            }
        }]
    );
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
}

#[test]
fn a_won_forfeit_in_nine_rounds_leaves_an_eight_game_norm() {
    // 1.4.1c: the same 8 games and a forfeit win in round 9. The forfeit's point is not counted.
    let mut codes = line(6, 0, 2);
    codes.push(ResultCode::ForfeitWin);
    let r = im(&event(&base(), &codes, 9));
    assert!(r.is_norm, "{r}");
    assert_eq!(r.score, Points::from_tenths(60));
    assert_eq!(
        r.check(RequirementKind::Games).map(|c| &c.requirement),
        Some(&Requirement::Games {
            needed: 9,
            counted: 8,
            by_bye_rule: true
        })
    );
    // In a 10-round event the rule does not apply.
    let mut codes = line(6, 0, 2);
    codes.push(ResultCode::ForfeitWin);
    let mut t = event(&base(), &codes, 9);
    t.rounds_planned = Some(10);
    t.rounds.push(Round {
        byes: vec![crate::model::Bye::new(1, ResultCode::FullBye)],
        state: RoundState::Complete,
        ..Round::new(10)
    });
    assert!(im(&t).failing().contains(&RequirementKind::Games));
}

/// Rounds 1-8 played against nos. 2-9 with `codes`; round 9 paired against no. 10, no result.
fn before_last_round(codes: Vec<ResultCode>) -> NormReport {
    let mut codes = codes;
    codes.push(ResultCode::Blank);
    im(&event(&base(), &codes, 9))
}

fn least(r: &NormReport) -> (Option<GameScore>, Vec<RequirementKind>) {
    match &r.last_round {
        Some(LastRoundNeed::Paired {
            round: 9,
            opponent: 10,
            least,
            failing,
            ..
        }) => (*least, failing.clone()),
        other => panic!("expected a paired last round, got {other:?}"),
    }
}

#[test]
fn the_last_round_needs_a_win() {
    // 5.5 of 8: a win gives 6.5 / 9 (2469), a draw 6 / 9 (2428).
    let r = before_last_round(line(5, 1, 2));
    assert!(!r.is_norm, "8 games so far");
    assert_eq!(
        r.rounds_to_play,
        vec![RoundToPlay {
            round: 9,
            opponent: Some(10)
        }]
    );
    assert_eq!(least(&r), (Some(GameScore::Win), vec![]));
}

#[test]
fn a_draw_in_the_last_round_is_enough() {
    // 6 of 8: a draw gives 6.5 / 9, a loss 6 / 9.
    let r = before_last_round(line(6, 0, 2));
    assert_eq!(least(&r), (Some(GameScore::Draw), vec![]));
    let need = r.last_round.as_ref().expect("a round left").to_string();
    assert_eq!(need, "a draw in round 9 against no. 10 makes an IM norm");
}

#[test]
fn a_loss_in_the_last_round_is_enough() {
    // 6.5 of 8: a loss leaves 6.5 / 9.
    let r = before_last_round(line(6, 1, 1));
    assert_eq!(least(&r), (Some(GameScore::Loss), vec![]));
}

#[test]
fn no_last_round_result_makes_the_norm() {
    // 4.5 of 8: a win gives 5.5 / 9 = 61.1 -> 61% -> dp 80 -> 2383 < 2450.
    let r = before_last_round(line(4, 1, 3));
    assert_eq!(least(&r), (None, vec![RequirementKind::Performance]));
    assert!(r.last_round.expect("left").to_string().starts_with(
        "no result in round 9 against no. 10 makes an IM norm; even a win leaves unmet: \
         performance rating (1.4.8)"
    ));
}

#[test]
fn unpaired_rounds_need_points_at_the_current_average() {
    // Rounds 1-7 against nos. 2-8: 16480 / 7 = 2354.3 -> 2354. Over 9 games at 2354: 5.5 / 9 ->
    // 61% -> 2434, 6 / 9 -> 67% -> 2479; so 6 in all. With 4.5 so far, 1.5 more from 2 rounds.
    let opponents: Vec<Opp> = base().into_iter().take(7).collect();
    let r = im(&event(&opponents, &line(4, 1, 2), 9));
    assert_eq!(
        r.last_round,
        Some(LastRoundNeed::Unpaired {
            title: NormTitle::Im,
            rounds_left: 2,
            assumed_average: Some(2354),
            points_needed: Some(Points::from_tenths(15)),
        })
    );
    assert_eq!(
        r.last_round.expect("left").to_string(),
        "1.5 points from the 2 rounds left make an IM norm if the opponents average 2354, as so far"
    );
    // With 3.5 so far, 2.5 would be needed from 2 rounds: out of reach.
    let r = im(&event(&opponents, &line(3, 1, 3), 9));
    match r.last_round {
        Some(LastRoundNeed::Unpaired { points_needed, .. }) => assert_eq!(points_needed, None),
        other => panic!("expected unpaired rounds, got {other:?}"),
    }
}

#[test]
fn a_swiss_norm_may_leave_out_the_later_rounds() {
    // Eleven rounds: the base nine (6.5) then losses to nos. 11 and 12 (GMs, 2500, GER and FRA).
    // All 11: 25730 / 11 = 2339.1 -> 2339; 6.5 / 11 = 59.1 -> 59% -> dp 65 -> 2404 < 2450.
    // Through round 9 it was the base norm (2469), so 1.4.1e names round 9.
    let mut opponents = base();
    opponents.push((Some(Title::Gm), "GER", Some(2500)));
    opponents.push((Some(Title::Gm), "FRA", Some(2500)));
    let t = event(&opponents, &line(5, 3, 3), 11);
    let r = im(&t);
    assert_eq!(r.games.len(), 11);
    assert_eq!(r.performance, Some(2404));
    assert_eq!(r.failing(), vec![RequirementKind::Performance]);
    assert_eq!(r.norm_through_round, Some(9));
    assert!(
        r.to_string()
            .contains("A norm through round 9: the later games may be ignored (1.4.1e)\n")
    );
    // A round robin's pairings are fixed in advance: every round counts (1.4.1e).
    let rules = NormRules {
        round_robin: true,
        ..NormRules::default()
    };
    assert_eq!(im_with(&t, &rules).norm_through_round, None);
}

/// Rounds 1-8 against nos. 2-9 (6 / 8: 2329 + 193 = 2522), round 9 a bye with `code`.
fn eight_games_and_a_bye(code: ResultCode) -> NormReport {
    let mut t = event(&base(), &line(6, 0, 2), 9);
    t.rounds.push(Round {
        byes: vec![crate::model::Bye::new(1, code)],
        games: vec![Game::new(10, 2, GameResult::draw())],
        state: RoundState::Complete,
        ..Round::new(9)
    });
    im(&t)
}

#[test]
fn a_pairing_allocated_bye_in_nine_rounds_leaves_an_eight_game_norm() {
    // 1.4.1c names the forfeit win and the pairing-allocated bye (U), not a requested bye (H).
    let r = eight_games_and_a_bye(ResultCode::Pab);
    assert!(r.is_norm, "{r}");
    assert_eq!(
        r.not_counted,
        vec![ExcludedRound {
            round: 9,
            reason: NotCounted::NoOpponent {
                code: ResultCode::Pab
            }
        }]
    );
    let r = eight_games_and_a_bye(ResultCode::HalfBye);
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
    // Absent from a round that was paired without the player: no game, no 1.4.1c either.
    let r = eight_games_and_a_bye(ResultCode::Blank);
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
    assert!(
        r.last_round.is_none(),
        "a paired round without the player is not still to play"
    );
}

#[test]
fn a_game_of_less_than_one_move_is_not_counted() {
    // Round 9 won as `W` (less than one move, not rated): 8 games, and 1.4.1c does not apply.
    let mut codes = line(6, 0, 2);
    codes.push(ResultCode::UnratedWin);
    let r = im(&event(&base(), &codes, 9));
    assert_eq!(
        r.not_counted,
        vec![ExcludedRound {
            round: 9,
            reason: NotCounted::UnratedGame {
                opponent: 10,
                code: ResultCode::UnratedWin
            }
        }]
    );
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
}
