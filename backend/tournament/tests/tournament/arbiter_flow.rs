//! The arbiter's workflows end to end in the domain: a default-time forfeit, penalties changing
//! the standings and the TRF export, and an adjournment from sealing to the resumed game.

use chrono::{NaiveDate, NaiveDateTime};
use uuid::Uuid;

use arbiter_rules::draw::LawsEdition;
use arbiter_tournament::arbiter::adjournment::{
    Envelope, EnvelopeInfo, EnvelopeState, Presence, Resumption, ResumptionStart, SealKey,
    SealRandom, SealedMoveVerdict, at_resumption, judge_sealed_move,
};
use arbiter_tournament::arbiter::default_time::{CheckIns, DefaultTime, decide};
use arbiter_tournament::arbiter::penalty::{Incident, Sanction};
use arbiter_tournament::arbiter::position_after_moves;
use arbiter_tournament::{
    Colour, Game, GameResult, Player, PlayerStatus, Points, ResultCode, Round, ScoringSystem,
    Tournament, TrfVersion, read_trf, write_trf,
};

fn at(h: u32, m: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 21)
        .unwrap()
        .and_hms_opt(h, m, 0)
        .unwrap()
}

fn tournament() -> Tournament {
    let mut round = Round::new(1);
    round.games = vec![
        Game::new(1, 2, GameResult::draw()),
        Game::new(3, 4, GameResult::pending()),
        Game::new(5, 6, GameResult::pending()),
    ];
    Tournament {
        name: Some("Arbiter flow".into()),
        players: (1..=6)
            .map(|n| Player::new(n, format!("Player, {n}")))
            .collect(),
        rounds: vec![round],
        ..Tournament::default()
    }
}

#[test]
fn penalties_change_standings_and_the_trf_export() {
    let mut t = tournament();
    let scoring = ScoringSystem::default();
    // Board 1 was drawn; White's half point is taken away (13.4(e)).
    let e = Incident::new(
        Colour::White,
        Sanction::PointsReduced {
            to: ResultCode::Loss,
        },
        "phone",
    )
    .unwrap()
    .effect(
        &t.rounds[0].games[0].result,
        &scoring,
        LawsEdition::Laws2001,
    )
    .unwrap();
    e.apply(&mut t, 1, 1, 2).unwrap();
    // Board 2: lost by both (12.8).
    let e = Incident::new(
        Colour::White,
        Sanction::LostByBoth,
        "both refused to stop talking",
    )
    .unwrap()
    .effect(&GameResult::pending(), &scoring, LawsEdition::Laws2001)
    .unwrap();
    e.apply(&mut t, 1, 3, 4).unwrap();
    // Board 3: Black absent at the default time: forfeit (6.7); then expelled (13.4(g)).
    let v = decide(
        at(15, 0),
        DefaultTime::default(),
        CheckIns {
            white: Some(at(14, 58)),
            black: None,
        },
        at(16, 1),
        None,
    );
    t.rounds[0].games[2].result = v.forfeit().unwrap().result();
    let e = Incident::new(Colour::Black, Sanction::Expulsion, "abusive to the arbiter")
        .unwrap()
        .effect(
            &t.rounds[0].games[2].result,
            &scoring,
            LawsEdition::Laws2001,
        )
        .unwrap();
    e.apply(&mut t, 1, 5, 6).unwrap();

    let scores = t.scores_after_round(1);
    let expect = [
        (1, Points::ZERO),
        (2, Points::HALF),
        (3, Points::ZERO),
        (4, Points::ZERO),
        (5, Points::ONE),
        (6, Points::ZERO),
    ];
    for (pn, points) in expect {
        assert_eq!(scores.get(&pn).copied(), Some(points), "player {pn}");
    }
    assert_eq!(t.players[5].status, PlayerStatus::Withdrawn);

    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let text = write_trf(&t, version);
        let back = read_trf(text.as_bytes()).unwrap().tournament;
        let games = &back.rounds[0].games;
        let codes: Vec<(ResultCode, ResultCode)> = games
            .iter()
            .map(|g| (g.result.white, g.result.black))
            .collect();
        assert!(
            codes.contains(&(ResultCode::Loss, ResultCode::Draw)),
            "{version:?}: {codes:?}"
        );
        assert!(
            codes.contains(&(ResultCode::Loss, ResultCode::Loss)),
            "{version:?}: {codes:?}"
        );
        assert!(codes.contains(&(ResultCode::ForfeitWin, ResultCode::ForfeitLoss)));
        assert_eq!(back.scores_after_round(1), scores, "{version:?}");
    }
}

#[test]
fn an_adjournment_from_sealing_to_resumption() {
    let key = SealKey::from_bytes([42; 32]);
    // The game so far; Black to move seals (A.1(a)).
    let position = position_after_moves(
        None,
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3",
    )
    .unwrap();
    let info = EnvelopeInfo::new(
        "Alpha, Anna",
        "Beta, Bernd",
        &position,
        7200,
        7500,
        Some(Colour::White),
        Resumption {
            at: at(10, 0),
            place: "Hall B".into(),
        },
    )
    .unwrap();
    assert_eq!(info.sealer, Colour::Black);
    assert_eq!(info.move_number, 9);
    let mut envelope = Envelope::new(Uuid::new_v4(), info).unwrap();
    envelope.write_move("Sb8").unwrap(); // German letters (Appendix E.2)
    envelope.write_move("9...Na5").unwrap(); // changed before sealing (A.1(a))
    envelope.seal(&key, SealRandom::from_os().unwrap()).unwrap();
    assert_eq!(envelope.state(), EnvelopeState::Sealed);
    // At resumption White (who must reply) is late: his clock runs (A.9(b)); no opening (A.7).
    let start = at_resumption(
        &envelope.info,
        Presence {
            sealer: true,
            replier: false,
        },
    );
    assert!(matches!(
        start,
        ResumptionStart::ReplierClockRuns {
            running: Colour::White,
            ..
        }
    ));
    assert!(envelope.open(&key, false).is_err());
    // He arrives: the envelope is opened and the move made.
    let text = envelope.open(&key, true).unwrap().to_owned();
    assert_eq!(text, "9...Na5");
    match judge_sealed_move(&envelope.info, &text).unwrap() {
        SealedMoveVerdict::Legal { san, ends, .. } => {
            assert_eq!(san, "Na5");
            assert!(ends.is_none());
        }
        other => panic!("{other:?}"),
    }
}
