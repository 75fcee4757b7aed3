//! Unit tests of `penalty`.

use super::*;
use crate::model::{Game, Player, Round};
use crate::points::Points;

fn inc(offender: Colour, sanction: Sanction) -> Incident {
    Incident::new(offender, sanction, "noted by the arbiter").unwrap()
}

fn eff(i: &Incident, current: &GameResult) -> Result<Effect, PenaltyError> {
    i.effect(current, &ScoringSystem::default(), LawsEdition::Laws2001)
}

#[test]
fn warning_and_clock_sanctions() {
    let e = eff(
        &inc(Colour::White, Sanction::Warning),
        &GameResult::pending(),
    )
    .unwrap();
    assert_eq!(e.article, "13.4(a)");
    assert_eq!((e.result, e.clock, e.withdraw), (None, None, None));
    let e = eff(
        &inc(
            Colour::White,
            Sanction::TimeAddedToOpponent { seconds: 120 },
        ),
        &GameResult::pending(),
    )
    .unwrap();
    let clock = e.clock.unwrap();
    assert_eq!((clock.white_seconds, clock.black_seconds), (0, 120));
    let e = eff(
        &inc(
            Colour::Black,
            Sanction::TimeRemovedFromOffender { seconds: 300 },
        ),
        &GameResult::pending(),
    )
    .unwrap();
    let s = Duration::from_secs;
    assert_eq!(e.clock.unwrap().apply(s(600), s(200)), (s(600), s(0)));
    assert_eq!(
        eff(
            &inc(Colour::Black, Sanction::TimeAddedToOpponent { seconds: 0 }),
            &GameResult::pending()
        ),
        Err(PenaltyError::NoTime("13.4(b)"))
    );
    assert_eq!(
        Incident::new(Colour::White, Sanction::Warning, " "),
        Err(PenaltyError::NoReason)
    );
}

#[test]
fn game_declared_lost() {
    let e = eff(
        &inc(Colour::Black, Sanction::GameLost),
        &GameResult::pending(),
    )
    .unwrap();
    let r = e.result.unwrap();
    assert_eq!((r.white, r.black), (ResultCode::Win, ResultCode::Loss));
    let p = r.penalty.clone().unwrap();
    assert_eq!(p.kind, PenaltyKind::Other);
    assert!(p.reason.starts_with("Art. 13.4(d)"), "{}", p.reason);
}

#[test]
fn points_reduced_and_raised() {
    let drawn = GameResult::draw();
    let e = eff(
        &inc(
            Colour::White,
            Sanction::PointsReduced {
                to: ResultCode::Loss,
            },
        ),
        &drawn,
    )
    .unwrap();
    let r = e.result.unwrap();
    assert_eq!((r.white, r.black), (ResultCode::Loss, ResultCode::Draw));
    assert_eq!(r.outcome(), Outcome::Asymmetric);
    assert_eq!(r.penalty.unwrap().kind, PenaltyKind::OffenderReduced);
    // Not a reduction: a win is worth more; a forfeit code is of another kind.
    assert!(matches!(
        eff(
            &inc(
                Colour::White,
                Sanction::PointsReduced {
                    to: ResultCode::Win
                }
            ),
            &drawn
        ),
        Err(PenaltyError::NotAReduction { .. })
    ));
    assert!(matches!(
        eff(
            &inc(
                Colour::White,
                Sanction::PointsReduced {
                    to: ResultCode::ForfeitLoss
                }
            ),
            &drawn
        ),
        Err(PenaltyError::NotAReduction { .. })
    ));
    assert_eq!(
        eff(
            &inc(
                Colour::White,
                Sanction::PointsReduced {
                    to: ResultCode::Loss
                }
            ),
            &GameResult::pending()
        ),
        Err(PenaltyError::NoResultYet("13.4(e)"))
    );
    // 13.4(f): Black offended, White's draw becomes a win, Black keeps his half point.
    let e = eff(&inc(Colour::Black, Sanction::OpponentRaised), &drawn).unwrap();
    let r = e.result.unwrap();
    assert_eq!((r.white, r.black), (ResultCode::Win, ResultCode::Draw));
    assert_eq!(r.penalty.unwrap().kind, PenaltyKind::OpponentRaised);
    assert_eq!(
        eff(
            &inc(Colour::Black, Sanction::OpponentRaised),
            &GameResult::white_wins()
        ),
        Err(PenaltyError::AlreadyMaximum)
    );
    // Unrated family keeps its kind.
    let short = GameResult::new(ResultCode::UnratedDraw, ResultCode::UnratedDraw);
    let r = eff(&inc(Colour::White, Sanction::OpponentRaised), &short)
        .unwrap()
        .result
        .unwrap();
    assert_eq!(r.black, ResultCode::UnratedWin);
}

#[test]
fn expulsion_withdraws_the_player() {
    let mut t = Tournament {
        players: vec![Player::new(1, "A, A"), Player::new(2, "B, B")],
        ..Tournament::default()
    };
    let mut round = Round::new(1);
    round.games.push(Game::new(1, 2, GameResult::pending()));
    t.rounds.push(round);
    let lost = eff(
        &inc(Colour::Black, Sanction::GameLost),
        &GameResult::pending(),
    )
    .unwrap();
    lost.apply(&mut t, 1, 1, 2).unwrap();
    let out = eff(
        &inc(Colour::Black, Sanction::Expulsion),
        &GameResult::pending(),
    )
    .unwrap();
    assert_eq!(out.withdraw, Some(Colour::Black));
    assert_eq!(out.result, None);
    out.apply(&mut t, 1, 1, 2).unwrap();
    assert_eq!(t.players[1].status, PlayerStatus::Withdrawn);
    assert_eq!(t.players[0].status, PlayerStatus::Active);
    assert_eq!(t.rounds[0].games[0].result.white, ResultCode::Win);
    let scores = t.scores_after_round(1);
    assert_eq!(scores.get(&1).copied(), Some(Points::ONE));
    assert!(matches!(
        out.apply(&mut t, 2, 1, 2),
        Err(PenaltyError::NoSuchGame { round: 2, .. })
    ));
}

#[test]
fn persistent_refusal_and_lost_by_both() {
    let e = eff(
        &inc(
            Colour::White,
            Sanction::PersistentRefusal {
                opponent: ResultCode::Draw,
            },
        ),
        &GameResult::pending(),
    )
    .unwrap();
    let r = e.result.unwrap();
    assert_eq!((r.white, r.black), (ResultCode::Loss, ResultCode::Draw));
    assert_eq!(e.article, "12.7");
    assert!(matches!(
        eff(
            &inc(
                Colour::White,
                Sanction::PersistentRefusal {
                    opponent: ResultCode::Pab
                }
            ),
            &GameResult::pending()
        ),
        Err(PenaltyError::BadOpponentScore { .. })
    ));
    let r = eff(
        &inc(Colour::White, Sanction::LostByBoth),
        &GameResult::pending(),
    )
    .unwrap()
    .result
    .unwrap();
    assert_eq!(r.outcome(), Outcome::LostByBoth);
    assert_eq!(r.penalty.map(|p| p.kind), Some(PenaltyKind::LostByBoth));
}

#[test]
fn mobile_phone_depends_on_the_edition() {
    let i = inc(
        Colour::Black,
        Sanction::MobilePhone {
            opponent: ResultCode::Win,
        },
    );
    assert_eq!(
        i.effect(
            &GameResult::pending(),
            &ScoringSystem::default(),
            LawsEdition::Laws2001
        ),
        Err(PenaltyError::PhoneUnder2001Laws)
    );
    let r = i
        .effect(
            &GameResult::pending(),
            &ScoringSystem::default(),
            LawsEdition::Later,
        )
        .unwrap()
        .result
        .unwrap();
    assert_eq!((r.white, r.black), (ResultCode::Win, ResultCode::Loss));
}

#[test]
fn sanctions_round_trip_through_their_parts() {
    let all = [
        Sanction::Warning,
        Sanction::TimeAddedToOpponent { seconds: 60 },
        Sanction::TimeRemovedFromOffender { seconds: 90 },
        Sanction::GameLost,
        Sanction::PointsReduced {
            to: ResultCode::Loss,
        },
        Sanction::OpponentRaised,
        Sanction::Expulsion,
        Sanction::PersistentRefusal {
            opponent: ResultCode::Win,
        },
        Sanction::LostByBoth,
        Sanction::MobilePhone {
            opponent: ResultCode::Draw,
        },
    ];
    for s in all {
        assert_eq!(Sanction::from_parts(s.name(), s.seconds(), s.code()), Ok(s));
    }
    assert!(Sanction::from_parts("time_added", None, None).is_err());
    assert!(Sanction::from_parts("caning", None, None).is_err());
}

#[test]
fn third_illegal_move_loses_under_2001_laws() {
    let pos = Position::new();
    let mut count = IllegalMoves::default();
    for n in 1..=2 {
        match count.record(Colour::White, LawsEdition::Laws2001, &pos) {
            IllegalMoveVerdict::ExtraTime { count, clock } => {
                assert_eq!(count, n);
                assert_eq!(clock, ClockChange::add(Colour::Black, 120));
            }
            other => panic!("{other:?}"),
        }
    }
    // Black's count is separate.
    assert!(matches!(
        count.record(Colour::Black, LawsEdition::Laws2001, &pos),
        IllegalMoveVerdict::ExtraTime { count: 1, .. }
    ));
    match count.record(Colour::White, LawsEdition::Laws2001, &pos) {
        IllegalMoveVerdict::GameEnds {
            count,
            result,
            article,
        } => {
            assert_eq!(count, 3);
            assert_eq!(result, GameResult::black_wins());
            assert_eq!(article, "7.4(b)");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn second_illegal_move_loses_under_later_laws_and_draws_if_opponent_cannot_mate() {
    let mut count = IllegalMoves::default();
    let pos = Position::new();
    assert!(matches!(
        count.record(Colour::Black, LawsEdition::Later, &pos),
        IllegalMoveVerdict::ExtraTime { count: 1, .. }
    ));
    assert!(matches!(
        count.record(Colour::Black, LawsEdition::Later, &pos),
        IllegalMoveVerdict::GameEnds { count: 2, .. }
    ));
    // White has a lone king: Black's losing illegal move draws (7.4(b)).
    let bare = Position::from_fen("4k3/8/8/8/8/8/q7/4K3 b - - 0 60").unwrap();
    let mut count = IllegalMoves { white: 0, black: 1 };
    match count.record(Colour::Black, LawsEdition::Later, &bare) {
        IllegalMoveVerdict::GameEnds {
            result, article, ..
        } => {
            assert_eq!(result, GameResult::draw());
            assert_eq!(article, "7.4(b), 6.9");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn incorrect_claim_adjusts_the_right_clocks() {
    let s = Duration::from_secs;
    // Black claims with 5 minutes, White has 1: Black halved to 2:30, White +3 min.
    assert_eq!(
        incorrect_claim(LawsEdition::Laws2001, Colour::Black, s(60), s(300)),
        (s(240), s(150))
    );
    assert_eq!(
        incorrect_claim(LawsEdition::Later, Colour::White, s(300), s(60)),
        (s(300), s(180))
    );
}
