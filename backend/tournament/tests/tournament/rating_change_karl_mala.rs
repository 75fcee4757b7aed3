//! FIDE rating changes (B.02) on a real event: the 9th Karl-Mala-Gedenkturnier, 2005
//! (`fixtures/karl-mala-2005.trf`, the same file as `shared/data/trf/real/karl-mala-2005.trf`),
//! 284 players, 7 rounds, no K-factors in the file (TRF16), so every K is derived.

use std::path::Path;

use arbiter_tournament::rating_change::{
    Change, Hundredths, InitialOutcome, KReason, KSource, NotRatedReason, PlayerRatingChange,
    RatingListKind, rating_changes,
};
use arbiter_tournament::{Tournament, read_trf};

fn karl_mala() -> Tournament {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/karl-mala-2005.trf");
    let bytes = std::fs::read(&path).expect("the fixture is in the repository");
    read_trf(&bytes).expect("reads").tournament
}

fn of(changes: &[PlayerRatingChange], pn: u16) -> &PlayerRatingChange {
    changes
        .iter()
        .find(|c| c.pairing_number == pn)
        .expect("player listed")
}

#[test]
fn the_list_is_standard() {
    // Record 122 `40/120, 60`: 120 minutes for the first 40 moves.
    assert_eq!(
        RatingListKind::infer(&karl_mala()).list,
        RatingListKind::Standard
    );
}

#[test]
fn every_rated_player_with_a_rated_game_gets_a_change() {
    let t = karl_mala();
    let c = rating_changes(&t, RatingListKind::Standard);
    assert_eq!(c.len(), 284);
    assert!(
        c.windows(2)
            .all(|w| w[0].pairing_number < w[1].pairing_number)
    );
    let mut with_change = 0;
    for p in &c {
        if let Some(r) = p.rating {
            assert!(p.initial.is_none());
            assert_eq!(p.change.is_some(), p.games_rated > 0, "{p}");
            let expected_new = i32::from(r) + p.change.map_or(0, Change::rounded);
            assert_eq!(p.new_rating.map(i32::from), Some(expected_new), "{p}");
            with_change += usize::from(p.change.is_some());
            // Rated games are against rated opponents only, one per round at most.
            assert!(p.games.iter().all(|g| g.expected.is_some()));
            assert_eq!(p.games.len() + p.not_rated.len(), 7, "{p}");
        } else {
            assert!(p.change.is_none() && p.k.is_none());
            assert!(p.initial.is_some());
        }
    }
    // Record 072 declares 146 rated players. Two have no rated game (found by reading the file's
    // rounds): 13 Bakhmatov lost round 1 by forfeit and left; 73 Karsten met seven unrated
    // opponents (214, 169, 161, 149, 158, 175, 165).
    assert_eq!(c.iter().filter(|p| p.rating.is_some()).count(), 146);
    assert_eq!(with_change, 144);
    let k = of(&c, 73);
    assert_eq!(
        (k.change, k.new_rating, k.games_rated),
        (None, Some(2087), 0)
    );
    assert!(
        k.not_rated
            .iter()
            .all(|n| n.reason == NotRatedReason::OpponentUnrated)
    );
    let b = of(&c, 13);
    assert_eq!(b.change, None);
    assert_eq!(b.new_rating, Some(2373));
    assert_eq!(b.not_rated[0].reason, NotRatedReason::Forfeit);
}

#[test]
fn both_sides_of_a_rated_game_expect_one_point_in_all() {
    // Table 8.1.2 is a mirror (PD(H) + PD(L) = 1) and the 400-point rule caps both sides alike in
    // 2005 (no player is 2650): so for every game both players rate, the two PDs sum to 1.00.
    let c = rating_changes(&karl_mala(), RatingListKind::Standard);
    let mut pairs = 0;
    for p in &c {
        for g in &p.games {
            let Some(other) = of(&c, g.opponent)
                .games
                .iter()
                .find(|h| h.round == g.round && h.opponent == p.pairing_number)
            else {
                continue;
            };
            if let (Some(a), Some(b)) = (g.expected, other.expected) {
                assert_eq!(
                    a.0 + b.0,
                    100,
                    "round {} {} v {}",
                    g.round,
                    p.pairing_number,
                    g.opponent
                );
                assert_eq!(g.score.tenths() + other.score.tenths(), 10);
                pairs += 1;
            }
        }
    }
    assert!(pairs > 300, "{pairs}");
}

#[test]
fn three_players_by_hand() {
    let c = rating_changes(&karl_mala(), RatingListKind::Standard);

    // 1 Vasquez 2558, K 10 (2400 or more). D and PD (table 8.1.2), score:
    //   r1 v 141 (1895) D 663 → 400, .92, 1     r2 v 78 (2079) D 479 → 400, .92, 1
    //   r3 v 42 (2149)  D 409 → 400, .92, 1     r4 v 21 (2302) D 256, .81, 1
    //   r5 v 16 (2346)  D 212, .77, 1           r6 v 25 (2251) D 307, .86, ½
    //   r7 v 31 (2219)  D 339, .88, ½
    // Σ PD = 2.76 + .81 + .77 + .86 + .88 = 6.08; score 6; 10 × (6 − 6.08) = −0.80 → 2557.
    let p = of(&c, 1);
    assert_eq!(
        p.k.map(|k| (k.value, k.source)),
        Some((10, KSource::Derived(KReason::Rating2400 { rating: 2558 })))
    );
    assert_eq!(p.games_rated, 7);
    assert_eq!(p.expected, Some(Hundredths(608)));
    assert_eq!(p.change, Some(Change(-80)));
    assert_eq!(p.change.map(|c| c.to_string()).as_deref(), Some("-0.8"));
    assert_eq!(p.new_rating, Some(2557));
    let counted: Vec<Option<i32>> = p.games.iter().map(|g| g.counted_difference).collect();
    assert_eq!(
        counted,
        [
            Some(400),
            Some(400),
            Some(400),
            Some(256),
            Some(212),
            Some(307),
            Some(339)
        ]
    );

    // 25 Strohhaeker 2251, born 1987: 2005 is the year of his 18th birthday, under 2300: K 40.
    //   r1 v 165 Genis, unrated: not rated.
    //   r2 v 104 (2022) D 229, .79, 1    r3 v 74 (2086) D 165, .72, 1
    //   r4 v 2 (2482)  D −231, .21, 1    r5 v 10 (2415) D −164, .28, 1
    //   r6 v 1 (2558)  D −307, .14, ½    r7 v 5 (2451)  D −200, .24, 0
    // Σ PD = 2.38; score 4.5; 6 games × 40 = 240 ≤ 700; 40 × 2.12 = +84.80 → 2336.
    let p = of(&c, 25);
    assert_eq!(
        p.k.map(|k| (k.value, k.source, k.capped_from)),
        Some((
            40,
            KSource::Derived(KReason::Junior {
                birth_year: 1987,
                event_year: 2005
            }),
            None
        ))
    );
    assert_eq!(p.not_rated.len(), 1);
    assert_eq!(p.not_rated[0].reason, NotRatedReason::OpponentUnrated);
    assert_eq!(p.not_rated[0].opponent, Some(165));
    assert_eq!(p.expected, Some(Hundredths(238)));
    assert_eq!(p.change, Some(Change(8480)));
    assert_eq!(p.new_rating, Some(2336));

    // 165 Genis, unrated. Rated opponents: 25 (2251) 0, 77 (2079) 0, 89 (2066) ½, 79 (2077) ½,
    // 73 (2087) 0; the wins over 245 and 227 (unrated) do not count. 5 games, 1 point.
    // Ra = (10560 + 3600) / 7 = 2022.857; p = (1 + 1) / 7 = 0.286 → 0.29, dp −158;
    // Ru = 1864.857 → 1865, published (5 games, at least 1400).
    let p = of(&c, 165);
    let i = p.initial.expect("unrated");
    assert_eq!(i.games, 5);
    assert_eq!(i.average, Some(Hundredths(202_286)));
    assert_eq!(i.percent, Some(29));
    assert_eq!(i.dp, Some(-158));
    assert_eq!(i.outcome, InitialOutcome::Published { rating: 1865 });
}
