//! Unit tests of `next_round`.

use super::*;
use crate::model::Player;

fn field(n: u16, system: &str) -> Tournament {
    Tournament {
        pairing_system: Some(system.into()),
        rounds_planned: Some(5),
        players: (1..=n)
            .map(|i| {
                let mut p = Player::new(i, format!("Player, {i}"));
                p.rating = Some(2400 - i * 10);
                p
            })
            .collect(),
        ..Tournament::default()
    }
}

#[test]
fn codes_round_trip() {
    for (s, code, _) in PairingSystem::ALL {
        assert_eq!(PairingSystem::from_code(code), Some(s));
        assert_eq!(s.code(), code);
    }
    assert_eq!(
        PairingSystem::from_code("fide_dutch_baku"),
        Some(PairingSystem::Dutch(Edition::Dutch2026))
    );
    assert_eq!(PairingSystem::from_code("FIDE_BURSTEIN"), None);
    assert_eq!(
        Tournament::default().system(),
        PairingSystem::Dutch(Edition::Dutch2026)
    );
}

#[test]
fn first_dutch_round_pairs_top_half_against_bottom_half_with_a_pab() {
    let t = field(7, "FIDE_DUTCH_2025");
    let (n, p) = t.propose_next_round().unwrap();
    assert_eq!(n, 1);
    // C.04.3: S1 = 1..3 against S2 = 4..6; the lowest-ranked player gets the PAB.
    let pairs: Vec<(u16, u16)> = p
        .boards
        .iter()
        .map(|b| (b.white.min(b.black), b.white.max(b.black)))
        .collect();
    assert_eq!(pairs, vec![(1, 4), (2, 5), (3, 6)]);
    assert_eq!(p.bye, Some(7));
    let round = t.round_from_pairing(n, &p);
    assert_eq!(round.games.len(), 3);
    assert_eq!(round.games[0].board, Some(1));
    assert_eq!(round.byes, vec![Bye::new(7, ResultCode::Pab)]);
    assert_eq!(round.state, crate::model::RoundState::Paired);
}

#[test]
fn requested_bye_is_kept_and_the_player_left_out() {
    let mut t = field(7, "FIDE_DUTCH_2025");
    let mut r1 = Round::new(1);
    r1.byes.push(Bye::new(2, ResultCode::HalfBye));
    t.rounds.push(r1);
    let (n, p) = t.propose_next_round().unwrap();
    assert_eq!(n, 1);
    assert!(p.bye.is_none(), "six players left: no PAB");
    assert!(p.boards.iter().all(|b| b.white != 2 && b.black != 2));
    let round = t.round_from_pairing(n, &p);
    assert_eq!(round.byes, vec![Bye::new(2, ResultCode::HalfBye)]);
}

#[test]
fn unfinished_round_blocks_a_swiss_round() {
    let mut t = field(6, "FIDE_DUTCH_2025");
    let (n, p) = t.propose_next_round().unwrap();
    t.rounds.push(t.round_from_pairing(n, &p));
    assert_eq!(t.propose_next_round(), Err(NextRoundError::Unfinished(1)));
    for g in &mut t.rounds[0].games {
        g.result = GameResult::draw();
    }
    assert_eq!(t.propose_next_round().unwrap().0, 2);
}

#[test]
fn all_rounds_paired_is_an_error() {
    let mut t = field(4, "FIDE_DUTCH_2025");
    t.rounds_planned = Some(1);
    let (n, p) = t.propose_next_round().unwrap();
    let mut r = t.round_from_pairing(n, &p);
    for g in &mut r.games {
        g.result = GameResult::white_wins();
    }
    t.rounds.push(r);
    assert_eq!(
        t.propose_next_round(),
        Err(NextRoundError::AllRoundsPaired(1))
    );
}

#[test]
fn round_robin_follows_the_berger_table_with_a_free_round() {
    let mut t = field(5, "FIDE_ROUNDROBIN");
    t.rounds_planned = None;
    let mut met = HashSet::new();
    for round in 1..=5u16 {
        let (n, p) = t.propose_next_round().unwrap();
        assert_eq!(n, round);
        assert_eq!(p.boards.len(), 2);
        let r = t.round_from_pairing(n, &p);
        assert_eq!(r.byes.len(), 1);
        assert_eq!(r.byes[0].code, ResultCode::ZeroBye);
        for b in &p.boards {
            assert!(met.insert((b.white.min(b.black), b.white.max(b.black))));
        }
        t.rounds.push(r);
    }
    assert_eq!(met.len(), 10, "everyone meets everyone once");
    assert!(matches!(
        t.propose_next_round(),
        Err(NextRoundError::BeyondTable { round: 6, .. })
    ));
}

#[test]
fn initial_order_is_rating_then_title_then_name() {
    use crate::model::Title;
    let mut t = field(5, "FIDE_DUTCH_2025");
    // 1: 2390, 2: 2380 ... ; make 5 the strongest, 3 and 4 equal with titles.
    t.players[4].rating = Some(2500);
    t.players[2].rating = Some(2370);
    t.players[3].rating = Some(2370);
    t.players[3].title = Some(Title::Im);
    t.players[2].title = Some(Title::Fm);
    t.players[0].rating = None;
    assert_eq!(t.initial_order(), vec![5, 2, 4, 3, 1]);
    let map = t.initial_renumbering();
    assert_eq!(map, vec![(5, 1), (4, 3), (3, 4), (1, 5)]);
    let mut r1 = Round::new(1);
    r1.byes.push(Bye::new(5, ResultCode::HalfBye));
    t.rounds.push(r1);
    t.renumber(&map);
    assert_eq!(t.players[0].rating, Some(2500));
    assert_eq!(t.players[0].pairing_number, 1);
    assert_eq!(t.rounds[0].byes[0].player, 1, "the bye follows its player");
    assert!(t.initial_renumbering().is_empty());
}

#[test]
fn manual_text_reads_back() {
    let p = parse_manual_pairing("3\n1 4\n2-5\n\n# note\n7 0\n").unwrap();
    assert_eq!(p.boards.len(), 2);
    assert_eq!(p.bye, Some(7));
    assert_eq!(parse_manual_pairing(&manual_text(&p)).unwrap(), p);
    let e = parse_manual_pairing("1 4\n2 x\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("`x`"));
    assert_eq!(parse_manual_pairing("1 0\n2 bye\n").unwrap_err().line, 2);
    assert_eq!(parse_manual_pairing("1 2 3\n").unwrap_err().line, 1);
}

#[test]
fn manual_review_names_rematches_and_missing_players() {
    let mut t = field(6, "FIDE_DUTCH_2025");
    let (n, p) = t.propose_next_round().unwrap();
    let mut r = t.round_from_pairing(n, &p);
    for g in &mut r.games {
        g.result = GameResult::draw();
    }
    t.rounds.push(r);
    let engine = t.propose_next_round().unwrap().1;
    let clean = t.review_manual_pairing(2, &engine).unwrap();
    assert!(clean.storable() && clean.warnings.is_empty(), "{clean}");
    // Replay round 1's pairs: every pair is a rematch (C1).
    let again = t.recorded_pairing(1);
    let review = t.review_manual_pairing(2, &again).unwrap();
    assert!(review.storable());
    assert_eq!(
        review
            .warnings
            .iter()
            .filter(|w| w.to_string().contains("C1"))
            .count(),
        3,
        "{review}"
    );
    // Leave a player out: an error (completion).
    let mut short = engine.clone();
    short.boards.pop();
    let review = t.review_manual_pairing(2, &short).unwrap();
    assert!(!review.storable());
    assert!(
        review.errors.iter().any(|e| e.to_string().contains("C4")),
        "{review}"
    );
}

#[test]
fn systems_are_named_by_code_or_by_a_friendly_name() {
    assert_eq!(
        PairingSystem::from_name("dutch"),
        Some(PairingSystem::Dutch(Edition::Dutch2026))
    );
    assert_eq!(
        PairingSystem::from_name(" Dutch_2017 "),
        Some(PairingSystem::Dutch(Edition::Dutch2017))
    );
    assert_eq!(
        PairingSystem::from_name("Round Robin"),
        Some(PairingSystem::RoundRobin { double: false })
    );
    assert_eq!(
        PairingSystem::from_name("fide_double_roundrobin"),
        Some(PairingSystem::RoundRobin { double: true })
    );
    assert_eq!(PairingSystem::from_name("swiss"), None);
    // TRF's 192 record still takes codes only.
    assert_eq!(PairingSystem::from_code("dutch"), None);
    let names = PairingSystem::accepted_names();
    assert!(names.contains(&"FIDE_DUTCH_2025") && names.contains(&"dutch-2017"));
    assert!(names.iter().all(|n| PairingSystem::from_name(n).is_some()));
}
