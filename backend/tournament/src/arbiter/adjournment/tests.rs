//! Unit tests of `adjournment`.

use super::*;
use chrono::NaiveDate;

fn at(h: u32, m: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 22)
        .unwrap()
        .and_hms_opt(h, m, 0)
        .unwrap()
}

fn key() -> SealKey {
    SealKey::from_bytes([7; KEY_LEN])
}

fn random(n: u8) -> SealRandom {
    SealRandom {
        salt: [n; SALT_LEN],
        nonce: [n.wrapping_add(1); NONCE_LEN],
    }
}

fn info_for(fen: &str) -> EnvelopeInfo {
    EnvelopeInfo::new(
        "Alpha, Anna",
        "Beta, Bernd",
        &Position::from_fen(fen).unwrap(),
        5400,
        6000,
        None,
        Resumption {
            at: at(10, 0),
            place: "Hall B".into(),
        },
    )
    .unwrap()
}

/// White to move in a rook ending: Ra7+ is legal, many moves are.
const ROOK_ENDING: &str = "6k1/8/8/8/8/8/5PK1/R7 w - - 0 41";

fn sealed(text: &str) -> Envelope {
    let mut e = Envelope::new(Uuid::from_u128(1), info_for(ROOK_ENDING)).unwrap();
    e.write_move(text).unwrap();
    e.seal(&key(), random(3)).unwrap();
    e
}

#[test]
fn envelope_info_follows_a2() {
    let info = info_for(ROOK_ENDING);
    assert_eq!(info.sealer, Colour::White);
    assert_eq!(info.replier(), Colour::Black);
    assert_eq!(info.move_number, 41);
    assert_eq!(info.name(Colour::Black), "Beta, Bernd");
    let mut bad = info.clone();
    bad.sealer = Colour::Black;
    assert!(matches!(
        bad.validate(),
        Err(AdjournmentError::BadInfo { item: "A.2(d)", .. })
    ));
    let mut bad = info.clone();
    bad.move_number = 40;
    assert!(matches!(
        bad.validate(),
        Err(AdjournmentError::BadInfo { item: "A.2(e)", .. })
    ));
    let mut bad = info;
    bad.resumption.place = " ".into();
    assert!(matches!(
        bad.validate(),
        Err(AdjournmentError::BadInfo { item: "A.2(g)", .. })
    ));
    // A mated position has nothing to seal.
    let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert!(mated.is_checkmate());
    assert!(matches!(
        EnvelopeInfo::new(
            "A",
            "B",
            &mated,
            0,
            0,
            None,
            Resumption {
                at: at(10, 0),
                place: "x".into()
            }
        ),
        Err(AdjournmentError::BadInfo { item: "A.2(b)", .. })
    ));
}

#[test]
fn the_sealer_may_change_the_move_until_sealing() {
    let mut e = Envelope::new(Uuid::from_u128(9), info_for(ROOK_ENDING)).unwrap();
    assert_eq!(e.state(), EnvelopeState::Draft);
    assert_eq!(e.seal(&key(), random(1)), Err(AdjournmentError::NoMove));
    e.write_move("Ra7").unwrap();
    e.write_move("Ra8+").unwrap();
    assert_eq!(e.draft_move(), Some("Ra8+"));
    assert!(matches!(
        e.write_move(""),
        Err(AdjournmentError::BadMoveText(_))
    ));
    e.seal(&key(), random(1)).unwrap();
    assert_eq!(e.state(), EnvelopeState::Sealed);
    assert_eq!(e.draft_move(), None);
    assert!(matches!(
        e.write_move("Ra7"),
        Err(AdjournmentError::WrongState { .. })
    ));
    assert!(matches!(
        e.seal(&key(), random(2)),
        Err(AdjournmentError::WrongState { .. })
    ));
}

#[test]
fn the_sealed_move_is_unreadable_at_rest() {
    let e = sealed("Ra8+");
    let s = e.sealed().unwrap();
    assert_eq!(s.commitment.len(), 64);
    assert_eq!(e.commitment(), Some(s.commitment.as_str()));
    // Neither the move nor the salt appears in the stored form.
    let stored = format!("{s:?}");
    assert!(!stored.contains("Ra8"));
    assert!(!s.ciphertext.windows(3).any(|w| w == b"Ra8"));
    assert!(!s.ciphertext.windows(SALT_LEN).any(|w| w == [3; SALT_LEN]));
    assert_eq!(s.ciphertext.len(), SALT_LEN + 4 + 16);
    // Without the salt the commitment is not the hash of the bare move.
    assert_ne!(s.commitment, commitment(e.id, &[0; SALT_LEN], "Ra8+"));
    assert!(format!("{:?}", key()).contains("secret"));
}

#[test]
fn opening_needs_the_replier_present_a7() {
    let mut e = sealed("Ra8+");
    let err = e.open(&key(), false).unwrap_err();
    assert_eq!(err, AdjournmentError::ReplierAbsent(Colour::Black));
    assert!(err.to_string().contains("A.7"));
    assert_eq!(e.state(), EnvelopeState::Sealed);
    assert_eq!(e.open(&key(), true).unwrap(), "Ra8+");
    assert_eq!(e.state(), EnvelopeState::Opened);
    let r = e.revealed().unwrap().clone();
    assert_eq!(
        commitment(e.id, &r.salt, &r.move_text),
        e.commitment().unwrap()
    );
    assert!(matches!(
        e.open(&key(), true),
        Err(AdjournmentError::WrongState { .. })
    ));
}

#[test]
fn tampering_is_evident() {
    // A flipped ciphertext bit.
    let mut e = sealed("Ra8+");
    let mut s = e.sealed().unwrap().clone();
    s.ciphertext[5] ^= 1;
    let mut t =
        Envelope::from_stored(e.id, e.info.clone(), EnvelopeState::Sealed, s, None).unwrap();
    assert_eq!(t.open(&key(), true), Err(AdjournmentError::Tampered));
    // A replaced commitment.
    let mut s = e.sealed().unwrap().clone();
    s.commitment = commitment(e.id, &[0; SALT_LEN], "Ra7");
    let mut t =
        Envelope::from_stored(e.id, e.info.clone(), EnvelopeState::Sealed, s, None).unwrap();
    assert_eq!(t.open(&key(), true), Err(AdjournmentError::Tampered));
    // A changed position on the envelope.
    let mut info = e.info.clone();
    info.position_fen = "6k1/8/8/8/8/8/5PK1/1R6 w - - 0 41".into();
    let mut t = Envelope::from_stored(
        e.id,
        info,
        EnvelopeState::Sealed,
        e.sealed().unwrap().clone(),
        None,
    )
    .unwrap();
    assert_eq!(t.open(&key(), true), Err(AdjournmentError::Tampered));
    // Another envelope's id (ciphertext moved between envelopes).
    let mut t = Envelope::from_stored(
        Uuid::from_u128(2),
        e.info.clone(),
        EnvelopeState::Sealed,
        e.sealed().unwrap().clone(),
        None,
    )
    .unwrap();
    assert_eq!(t.open(&key(), true), Err(AdjournmentError::Tampered));
    // The wrong key.
    assert_eq!(
        e.open(&SealKey::from_bytes([8; KEY_LEN]), true),
        Err(AdjournmentError::Tampered)
    );
    // A stored "opened" envelope whose revealed move does not match.
    let forged = Revealed {
        move_text: "Ra7".into(),
        salt: [3; SALT_LEN],
    };
    assert_eq!(
        Envelope::from_stored(
            e.id,
            e.info.clone(),
            EnvelopeState::Opened,
            e.sealed().unwrap().clone(),
            Some(forged)
        ),
        Err(AdjournmentError::Tampered)
    );
    e.open(&key(), true).unwrap();
}

#[test]
fn stored_columns_round_trip() {
    let mut e = sealed("Ra8+");
    let s = e.sealed().unwrap().clone();
    let back = SealedMove::from_hex(&s.nonce_hex(), &s.ciphertext_hex(), &s.commitment).unwrap();
    assert_eq!(back, s);
    assert_eq!(
        SealedMove::from_hex("zz", &s.ciphertext_hex(), &s.commitment),
        Err(AdjournmentError::Tampered)
    );
    e.open(&key(), true).unwrap();
    let r = e.revealed().unwrap();
    assert_eq!(Revealed::from_hex(&r.move_text, &r.salt_hex()).unwrap(), *r);
    assert!(Revealed::from_hex("Ra8+", "00").is_err());
}

#[test]
fn keys_and_randomness() {
    let k = SealKey::from_hex(&"ab".repeat(32)).unwrap();
    assert_eq!(k.to_hex(), "ab".repeat(32));
    assert_eq!(
        SealKey::from_hex("abc").unwrap_err(),
        AdjournmentError::BadKey
    );
    let a = SealRandom::from_os().unwrap();
    let b = SealRandom::from_os().unwrap();
    assert_ne!(a, b);
    assert_ne!(
        SealKey::generate().unwrap().to_hex(),
        SealKey::generate().unwrap().to_hex()
    );
}

#[test]
fn a_legal_sealed_move_is_played() {
    let info = info_for(ROOK_ENDING);
    match judge_sealed_move(&info, "41.Ra8+").unwrap() {
        SealedMoveVerdict::Legal {
            san,
            ends,
            position_after,
            ..
        } => {
            assert_eq!(san, "Ra8+");
            assert_eq!(ends, None);
            assert_eq!(position_after.turn(), Color::Black);
        }
        other => panic!("{other:?}"),
    }
    // German letters: T for the rook (Appendix E.2).
    assert!(matches!(
        judge_sealed_move(&info, "Ta8").unwrap(),
        SealedMoveVerdict::Legal { .. }
    ));
}

#[test]
fn a8_defects_lose_for_the_sealer() {
    // Two knights can reach d2: `Nd2` is ambiguous (A.8(a)).
    let knights = info_for("4k2r/8/8/8/8/8/8/1N2KN2 w - - 0 30");
    match judge_sealed_move(&knights, "Nd2").unwrap() {
        SealedMoveVerdict::Defective { defect, end, .. } => {
            assert_eq!(defect, Defect::Ambiguous);
            assert_eq!(end.article, "A.8(a)");
            assert_eq!(end.result, GameResult::black_wins());
        }
        other => panic!("{other:?}"),
    }
    // Black keeps a pawn, so Black could still checkmate.
    let rook = info_for("6k1/6p1/8/8/8/8/5PK1/R7 w - - 0 41");
    match judge_sealed_move(&rook, "Rb9").unwrap() {
        SealedMoveVerdict::Defective { defect, end, .. } => {
            assert_eq!(defect, Defect::Meaningless);
            assert_eq!(end.article, "A.8(b)");
        }
        other => panic!("{other:?}"),
    }
    match judge_sealed_move(&rook, "Ra1-h8").unwrap() {
        SealedMoveVerdict::Defective { defect, end, .. } => {
            assert_eq!(defect, Defect::Illegal);
            assert_eq!(end.article, "A.8(c)");
            assert_eq!(end.result, GameResult::black_wins());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a8_defect_draws_when_the_opponent_cannot_mate() {
    // Black has a lone king: White's illegal sealed move draws (A.8 with 6.9).
    let info = info_for(ROOK_ENDING);
    match judge_sealed_move(&info, "Kg4g5").unwrap() {
        SealedMoveVerdict::Defective { end, .. } => {
            assert_eq!(end.result, GameResult::draw());
            assert_eq!(end.article, "A.8, 6.9");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_sealed_move_can_end_the_game() {
    let mate = info_for("6k1/5ppp/8/8/8/8/5PK1/R7 w - - 0 41");
    let v = judge_sealed_move(&mate, "Ra8#").unwrap();
    let end = v.end().unwrap();
    assert_eq!(end.result, GameResult::white_wins());
    assert_eq!(end.article, "5.1(a)");
    let stalemate = info_for("k7/2Q5/8/8/8/8/8/6K1 w - - 0 60");
    let v = judge_sealed_move(&stalemate, "Qb6").unwrap();
    assert_eq!(v.end().unwrap().article, "5.2(a)");
    let dead = info_for("k7/8/8/8/8/8/1r6/K1B5 w - - 0 60");
    let v = judge_sealed_move(&dead, "Kxb2").unwrap();
    assert_eq!(v.end().unwrap().result, GameResult::draw());
    assert_eq!(v.end().unwrap().article, "5.2(b), 9.6");
}

#[test]
fn a9_who_is_present() {
    let info = info_for(ROOK_ENDING);
    let both = Presence {
        sealer: true,
        replier: true,
    };
    assert_eq!(at_resumption(&info, both), ResumptionStart::OpenAndPlay);
    assert_eq!(
        at_resumption(
            &info,
            Presence {
                sealer: true,
                replier: false
            }
        ),
        ResumptionStart::ReplierClockRuns {
            running: Colour::Black,
            since: at(10, 0)
        }
    );
    assert_eq!(
        at_resumption(
            &info,
            Presence {
                sealer: false,
                replier: true
            }
        ),
        ResumptionStart::OpenReplierMaySeal
    );
}

#[test]
fn a9c_the_replier_seals_his_answer_in_a_new_envelope() {
    let mut e = sealed("Ra8+");
    let text = e.open(&key(), true).unwrap().to_owned();
    let SealedMoveVerdict::Legal { position_after, .. } =
        judge_sealed_move(&e.info, &text).unwrap()
    else {
        panic!("legal move expected");
    };
    let reply_info = e.info.for_reply(&position_after, 5400, 6060).unwrap();
    assert_eq!(reply_info.sealer, Colour::Black);
    assert_eq!(reply_info.move_number, 41);
    let mut reply = Envelope::new(Uuid::from_u128(77), reply_info).unwrap();
    reply.write_move("Kh7").unwrap();
    reply.seal(&key(), random(5)).unwrap();
    // Opened when the absent sealer (now the one who must reply: White) arrives.
    assert_eq!(
        reply.open(&key(), false),
        Err(AdjournmentError::ReplierAbsent(Colour::White))
    );
    assert_eq!(reply.open(&key(), true).unwrap(), "Kh7");
}

#[test]
fn a10_late_for_resumption() {
    let info = info_for(ROOK_ENDING);
    let hour = DefaultTime::default();
    let only_sealer = CheckIns {
        white: Some(at(9, 55)),
        black: None,
    };
    assert_eq!(
        late_for_resumption(&info, hour, only_sealer, at(10, 59), None, false).unwrap(),
        LateVerdict::NotYet {
            deadline: at(11, 0)
        }
    );
    match late_for_resumption(&info, hour, only_sealer, at(11, 1), None, false).unwrap() {
        LateVerdict::Decided(end) => {
            assert_eq!(end.result, GameResult::white_wins());
            assert_eq!(end.article, "A.10");
            assert!(end.result.white.is_played());
        }
        other => panic!("{other:?}"),
    }
    let both = CheckIns {
        white: Some(at(9, 55)),
        black: Some(at(10, 30)),
    };
    assert_eq!(
        late_for_resumption(&info, hour, both, at(12, 0), None, false).unwrap(),
        LateVerdict::BothInTime
    );
    // The sealer late: the envelope must be opened to know.
    let only_replier = CheckIns {
        white: None,
        black: Some(at(10, 0)),
    };
    assert_eq!(
        late_for_resumption(&info, hour, only_replier, at(11, 1), None, false),
        Err(AdjournmentError::NeedsOpening)
    );
    let ordinary = judge_sealed_move(&info, "Ra8+").unwrap();
    match late_for_resumption(&info, hour, only_replier, at(11, 1), Some(&ordinary), false).unwrap()
    {
        LateVerdict::Decided(end) => {
            assert_eq!(end.result, GameResult::black_wins());
            assert_eq!(end.article, "A.10");
        }
        other => panic!("{other:?}"),
    }
    // Both late: both lose.
    match late_for_resumption(&info, hour, CheckIns::default(), at(11, 1), None, false).unwrap() {
        LateVerdict::Decided(end) => {
            assert_eq!(
                (end.result.white, end.result.black),
                (ResultCode::Loss, ResultCode::Loss)
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a10_exceptions() {
    let hour = DefaultTime::default();
    let only_replier = CheckIns {
        white: None,
        black: Some(at(10, 0)),
    };
    // (a) the sealed move mates.
    let info = info_for("6k1/5ppp/8/8/8/8/5PK1/R7 w - - 0 41");
    let v = judge_sealed_move(&info, "Ra8").unwrap();
    match late_for_resumption(&info, hour, only_replier, at(11, 1), Some(&v), false).unwrap() {
        LateVerdict::Decided(end) => {
            assert_eq!(end.result, GameResult::white_wins());
            assert_eq!(end.article, "A.10(a)");
        }
        other => panic!("{other:?}"),
    }
    // (b) stalemate.
    let info = info_for("k7/2Q5/8/8/8/8/8/6K1 w - - 0 60");
    let v = judge_sealed_move(&info, "Qb6").unwrap();
    match late_for_resumption(&info, hour, only_replier, at(11, 1), Some(&v), false).unwrap() {
        LateVerdict::Decided(end) => {
            assert_eq!(end.result, GameResult::draw());
            assert_eq!(end.article, "A.10(b)");
        }
        other => panic!("{other:?}"),
    }
    // (c) the present player ran out of time.
    let info = info_for(ROOK_ENDING);
    let v = judge_sealed_move(&info, "Ra7").unwrap();
    match late_for_resumption(&info, hour, only_replier, at(11, 1), Some(&v), true).unwrap() {
        LateVerdict::Decided(end) => {
            assert_eq!(end.result, GameResult::white_wins());
            assert_eq!(end.article, "A.10(c), 6.10");
        }
        other => panic!("{other:?}"),
    }
    // (c) with a sealer who cannot mate: a draw (6.9).
    let info = info_for("6k1/8/8/8/8/8/6K1/r7 w - - 0 41");
    let v = judge_sealed_move(&info, "Kg3").unwrap();
    match late_for_resumption(&info, hour, only_replier, at(11, 1), Some(&v), true).unwrap() {
        LateVerdict::Decided(end) => {
            assert_eq!(end.result, GameResult::draw());
            assert_eq!(end.article, "A.10(c), 6.9");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a4_a6_before_resumption() {
    assert_eq!(
        before_resumption(BeforeResumption::Resigned(Colour::White)).result,
        GameResult::black_wins()
    );
    let mut offers = DrawOffer::default();
    assert_eq!(
        offers.accept(Colour::White),
        Err(DrawOfferError::NoOffer(Colour::Black))
    );
    offers.offer(Colour::Black);
    assert_eq!(
        offers.accept(Colour::Black),
        Err(DrawOfferError::NoOffer(Colour::White))
    );
    assert_eq!(offers.reject(Colour::White), Ok(()));
    assert_eq!(offers.standing, None);
    offers.offer(Colour::Black);
    let end = offers.accept(Colour::White).unwrap();
    assert_eq!(end.result, GameResult::draw());
    assert_eq!(end.article, "A.6");
}

#[test]
fn a11_lost_envelope() {
    let pos = Position::from_fen(ROOK_ENDING).unwrap();
    match lost_envelope(Some(&pos), Some((5400, 6000)), "Ra7") {
        LostEnvelope::Resume {
            position,
            times_used,
            stated_move,
        } => {
            assert_eq!(position, pos);
            assert_eq!(times_used, Some((5400, 6000)));
            assert!(stated_move.is_ok());
        }
        other => panic!("{other:?}"),
    }
    match lost_envelope(Some(&pos), None, "Rb9") {
        LostEnvelope::Resume {
            stated_move,
            times_used,
            ..
        } => {
            assert_eq!(times_used, None);
            assert!(stated_move.is_err());
        }
        other => panic!("{other:?}"),
    }
    match lost_envelope(None, None, "Ra7") {
        LostEnvelope::Annulled(end) => {
            assert_eq!(end.result, GameResult::pending());
            assert_eq!(end.article, "A.11(b)");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a1b_sealing_before_the_nominal_end() {
    // Sealed at 18:40 with 5,000 s used; the session ends at 19:00: recorded as 6,200 s.
    assert_eq!(time_used_at_nominal_end(5000, at(18, 40), at(19, 0)), 6200);
    assert_eq!(time_used_at_nominal_end(5000, at(19, 5), at(19, 0)), 5000);
}

#[test]
fn move_numbers_are_stripped() {
    assert_eq!(strip_move_number("41.Ra8+"), "Ra8+");
    assert_eq!(strip_move_number("41... Kh7"), "Kh7");
    assert_eq!(strip_move_number(" e4 "), "e4");
    assert_eq!(strip_move_number("0-0"), "0-0");
}
