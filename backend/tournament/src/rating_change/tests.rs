//! Rating changes on small hand-built events; every expected value is computed by hand from B.02
//! tables 8.1.1 and 8.1.2 in the comment beside it.

use super::*;
use crate::model::{Bye, Game, Round};
use crate::result::{Colour, GameResult};

/// A player with a rating (0: unrated), a K from the list (0: none) and a birth date.
fn player(pn: PairingNumber, rating: u16, k: u8, born: Option<&str>) -> Player {
    let mut p = Player::new(pn, format!("Player {pn}"));
    p.rating = Some(rating);
    p.k_factor = (k > 0).then_some(k);
    p.birth_date = born.and_then(|b| PartialDate::read(b).ok().flatten());
    p
}

/// A tournament ending on `end` with these players and one game or bye list per round.
fn event(end: &str, players: Vec<Player>, rounds: Vec<(Vec<Game>, Vec<Bye>)>) -> Tournament {
    let mut t = Tournament {
        end_date: PartialDate::read(end).ok().flatten(),
        players,
        ..Tournament::default()
    };
    for (i, (games, byes)) in rounds.into_iter().enumerate() {
        let mut r = Round::new(u16::try_from(i + 1).expect("few rounds"));
        r.games = games;
        r.byes = byes;
        t.rounds.push(r);
    }
    t
}

fn of(changes: &[PlayerRatingChange], pn: PairingNumber) -> &PlayerRatingChange {
    changes
        .iter()
        .find(|c| c.pairing_number == pn)
        .expect("player listed")
}

#[test]
fn the_400_point_rule() {
    // 2000 (K 20 from the list) beats 1500: D = 500 counts as 400, PD = 0.92 (392-411), so
    // +0.08 × 20 = +1.60, new rating 2002. The loser: PD 0.08, −0.08 × 20 = −1.60, 1498.
    let t = event(
        "2024/06/01",
        vec![player(1, 2000, 20, None), player(2, 1500, 20, None)],
        vec![(vec![Game::new(1, 2, GameResult::white_wins())], vec![])],
    );
    let c = rating_changes(&t, RatingListKind::Standard);
    let a = of(&c, 1);
    assert_eq!(a.games[0].difference, Some(500));
    assert_eq!(a.games[0].counted_difference, Some(400));
    assert_eq!(a.expected, Some(Hundredths(92)));
    assert_eq!(a.change, Some(Change(160)));
    assert_eq!(a.new_rating, Some(2002));
    assert_eq!(a.k.map(|k| k.source), Some(KSource::List));
    let b = of(&c, 2);
    assert_eq!(b.games[0].counted_difference, Some(-400));
    assert_eq!(b.change, Some(Change(-160)));
    assert_eq!(b.new_rating, Some(1498));
    // On every game: two wins by the 2000 player over 1500 players count 400 each time
    // (no "once per event" limit since March 2024): 2 × 0.08 × 20 = +3.20.
    let t = event(
        "2024/06/01",
        vec![
            player(1, 2000, 20, None),
            player(2, 1500, 20, None),
            player(3, 1500, 20, None),
        ],
        vec![
            (vec![Game::new(1, 2, GameResult::white_wins())], vec![]),
            (vec![Game::new(3, 1, GameResult::black_wins())], vec![]),
        ],
    );
    assert_eq!(
        of(&rating_changes(&t, RatingListKind::Standard), 1).change,
        Some(Change(320))
    );
}

#[test]
fn players_rated_2650_use_the_real_difference_from_october_2025() {
    // 2700 (K 10) beats 2000: D = 700, real from 1 October 2025: PD 0.99 (620-735), +0.01 × 10 =
    // +0.10, rounded 0: 2700. The 2000 player is under 2650: capped at 400, PD 0.08, −0.08 × 20 =
    // −1.60 → 1998.
    let players = || vec![player(1, 2700, 10, None), player(2, 2000, 20, None)];
    let games = || vec![(vec![Game::new(1, 2, GameResult::white_wins())], vec![])];
    let after = event("2025/10/01", players(), games());
    let c = rating_changes(&after, RatingListKind::Standard);
    assert_eq!(of(&c, 1).games[0].counted_difference, Some(700));
    assert_eq!(of(&c, 1).change, Some(Change(10)));
    assert_eq!(of(&c, 1).new_rating, Some(2700));
    assert_eq!(of(&c, 2).change, Some(Change(-160)));
    // The day before: capped for both, PD 0.92, +0.08 × 10 = +0.80 → 2701.
    let before = event("2025/09/30", players(), games());
    let c = rating_changes(&before, RatingListKind::Standard);
    assert_eq!(of(&c, 1).games[0].counted_difference, Some(400));
    assert_eq!(of(&c, 1).change, Some(Change(80)));
    assert_eq!(of(&c, 1).new_rating, Some(2701));
    // Rapid has no exemption: capped even in 2026.
    let rapid = event("2026/01/10", players(), games());
    let c = rating_changes(&rapid, RatingListKind::Rapid);
    // D = 700 ≥ 600 with a player above 2600: not rated at all on the rapid list (from 1 Dec 2024).
    assert!(of(&c, 1).games.is_empty());
    assert_eq!(
        of(&c, 1).not_rated[0].reason,
        NotRatedReason::GapOver600 { difference: 700 }
    );
    assert_eq!(
        of(&c, 2).not_rated[0].reason,
        NotRatedReason::GapOver600 { difference: 700 }
    );
    assert_eq!(of(&c, 1).change, None);
    assert_eq!(of(&c, 1).new_rating, Some(2700));
}

#[test]
fn rapid_and_blitz_keep_the_400_cap_and_the_600_rule_by_date() {
    // 2700 beats 2150 on the blitz list in 2026: D = 550 < 600, rated; no 2650 exemption on
    // blitz, so 400: PD 0.92, +0.08 × 10 = +0.80.
    let t = event(
        "2026/01/10",
        vec![player(1, 2700, 10, None), player(2, 2150, 20, None)],
        vec![(vec![Game::new(1, 2, GameResult::white_wins())], vec![])],
    );
    let c = rating_changes(&t, RatingListKind::Blitz);
    assert_eq!(of(&c, 1).games[0].counted_difference, Some(400));
    assert_eq!(of(&c, 1).change, Some(Change(80)));
    // 2650 vs 2000 on the rapid list before 1 December 2024: rated, capped: PD 0.92 for the
    // higher, who draws: (0.5 − 0.92) × 10 = −4.20 → 2646.
    let t = event(
        "2024/11/30",
        vec![player(1, 2650, 10, None), player(2, 2000, 20, None)],
        vec![(vec![Game::new(1, 2, GameResult::draw())], vec![])],
    );
    let c = rating_changes(&t, RatingListKind::Rapid);
    assert_eq!(of(&c, 1).change, Some(Change(-420)));
    assert_eq!(of(&c, 1).new_rating, Some(2646));
    // The lower: (0.5 − 0.08) × 20 = +8.40 → 2008.
    assert_eq!(of(&c, 2).change, Some(Change(840)));
    assert_eq!(of(&c, 2).new_rating, Some(2008));
}

#[test]
fn k_from_the_list_or_derived() {
    let k = |p: &Player, year: Option<i32>| k_factor(p, rated(p).unwrap_or(0), year, 1);
    // From the list, whatever the rating.
    assert_eq!(k(&player(1, 2500, 20, None), Some(2026)).value, 20);
    // 2400 or more: 10.
    assert_eq!(
        k(&player(1, 2400, 0, Some("2012/01/01")), Some(2026)),
        KFactor {
            value: 10,
            source: KSource::Derived(KReason::Rating2400 { rating: 2400 }),
            capped_from: None
        }
    );
    // Born 2008, event 2026: the year of the 18th birthday, under 2300: 40.
    assert_eq!(
        k(&player(1, 1900, 0, Some("2008/12/31")), Some(2026)).source,
        KSource::Derived(KReason::Junior {
            birth_year: 2008,
            event_year: 2026
        })
    );
    assert_eq!(
        k(&player(1, 1900, 0, Some("2008")), Some(2026)).value,
        40,
        "a year alone"
    );
    // Born 2007: 19 in 2026: 20.
    assert_eq!(
        k(&player(1, 1900, 0, Some("2007/01/01")), Some(2026)),
        KFactor {
            value: 20,
            source: KSource::Derived(KReason::Adult {
                birth_year: 2007,
                event_year: 2026
            }),
            capped_from: None
        }
    );
    // A junior rated 2300-2399: 20.
    assert_eq!(
        k(&player(1, 2350, 0, Some("2012/01/01")), Some(2026)).source,
        KSource::Derived(KReason::Rating2300 { rating: 2350 })
    );
    // No birth date, or no event date: 20, said to be assumed.
    assert_eq!(
        k(&player(1, 1900, 0, None), Some(2026)).source,
        KSource::Derived(KReason::AgeUnknown)
    );
    assert_eq!(
        k(&player(1, 1900, 0, Some("2012/01/01")), None).source,
        KSource::Derived(KReason::AgeUnknown)
    );
}

/// Player 1 against players 2..=n+1, all rated 2000, winning every game.
fn many_wins(games: u16, list_k: u8, born: Option<&str>) -> Tournament {
    let mut players = vec![player(1, 2000, list_k, born)];
    let mut rounds = Vec::new();
    for opp in 2..=games + 1 {
        players.push(player(opp, 2000, 20, None));
        rounds.push((vec![Game::new(1, opp, GameResult::white_wins())], vec![]));
    }
    event("2026/03/01", players, rounds)
}

#[test]
fn the_700_cap() {
    // A junior (K 40, born 2010) with 18 rated games: 40 × 18 = 720 > 700, so K is the largest
    // whole number with K × 18 ≤ 700: 38 (684; 39 × 18 = 702). 18 wins at D = 0 (PD 0.50):
    // Σ = 18 × 0.50 = 9.00, change 38 × 9 = +342.00 → 2342.
    let c = rating_changes(&many_wins(18, 0, Some("2010")), RatingListKind::Standard);
    let p = of(&c, 1);
    assert_eq!(p.games_rated, 18);
    assert_eq!(
        p.k,
        Some(KFactor {
            value: 38,
            source: KSource::Derived(KReason::Junior {
                birth_year: 2010,
                event_year: 2026
            }),
            capped_from: Some(40)
        })
    );
    assert_eq!(p.expected, Some(Hundredths(900)));
    assert_eq!(p.change, Some(Change(34_200)));
    assert_eq!(p.new_rating, Some(2342));
    // 17 games: 40 × 17 = 680 ≤ 700, no cap: 40 × 8.50 = +340.
    let c = rating_changes(&many_wins(17, 40, None), RatingListKind::Standard);
    assert_eq!(
        of(&c, 1).k.map(|k| (k.value, k.capped_from)),
        Some((40, None))
    );
    assert_eq!(of(&c, 1).change, Some(Change(34_000)));
    // K 20 from the list with 36 games: 720 > 700 → 19 (684).
    let c = rating_changes(&many_wins(36, 20, None), RatingListKind::Standard);
    assert_eq!(
        of(&c, 1).k.map(|k| (k.value, k.capped_from)),
        Some((19, Some(20)))
    );
}

#[test]
fn only_games_over_the_board_against_rated_opponents() {
    // Player 1 (2000, K 20): round 1 beats 2 (2000): +0.50 × 20 = +10. Round 2 forfeit win over 3;
    // round 3 a half-point bye; round 4 `W` over 4 (less than one move); round 5 beats 5, unrated;
    // round 6 paired with 2, no result yet. Only round 1 counts: change +10.00, 2010.
    let t = event(
        "2024/06/01",
        vec![
            player(1, 2000, 20, None),
            player(2, 2000, 20, None),
            player(3, 2000, 20, None),
            player(4, 2000, 20, None),
            player(5, 0, 0, None),
        ],
        vec![
            (vec![Game::new(1, 2, GameResult::white_wins())], vec![]),
            (
                vec![Game::new(1, 3, GameResult::forfeit(Colour::White))],
                vec![],
            ),
            (vec![], vec![Bye::new(1, ResultCode::HalfBye)]),
            (
                vec![Game::new(
                    1,
                    4,
                    GameResult::new(ResultCode::UnratedWin, ResultCode::UnratedLoss),
                )],
                vec![],
            ),
            (vec![Game::new(1, 5, GameResult::white_wins())], vec![]),
            (vec![Game::new(1, 2, GameResult::pending())], vec![]),
        ],
    );
    let c = rating_changes(&t, RatingListKind::Standard);
    let p = of(&c, 1);
    assert_eq!(p.games_rated, 1);
    assert_eq!(p.score, Points::ONE);
    assert_eq!(p.change, Some(Change(1000)));
    assert_eq!(p.new_rating, Some(2010));
    let reasons: Vec<(RoundNumber, NotRatedReason)> =
        p.not_rated.iter().map(|n| (n.round, n.reason)).collect();
    assert_eq!(
        reasons,
        [
            (2, NotRatedReason::Forfeit),
            (3, NotRatedReason::NoGame),
            (4, NotRatedReason::LessThanOneMove),
            (5, NotRatedReason::OpponentUnrated),
            (6, NotRatedReason::NoResult),
        ]
    );
    // The forfeit loser has no rated game: no change, rating kept.
    let loser = of(&c, 3);
    assert_eq!(loser.change, None);
    assert_eq!(loser.new_rating, Some(2000));
    // The unrated player's loss to a rated player counts toward an initial rating only.
    let u = of(&c, 5);
    assert_eq!(u.k, None);
    assert_eq!(u.games_rated, 1);
    assert_eq!(
        u.initial.map(|i| i.outcome),
        Some(InitialOutcome::ZeroScore)
    );
}

#[test]
fn a_rating_under_1400_is_shown_as_unrated_next() {
    // 1405 (K 20) loses to 1405: (0 − 0.50) × 20 = −10 → 1395 < 1400.
    let t = event(
        "2024/06/01",
        vec![player(1, 1405, 20, None), player(2, 1405, 20, None)],
        vec![(vec![Game::new(1, 2, GameResult::black_wins())], vec![])],
    );
    let c = rating_changes(&t, RatingListKind::Standard);
    assert_eq!(of(&c, 1).new_rating, Some(1395));
    assert!(of(&c, 1).below_floor);
    assert_eq!(of(&c, 2).new_rating, Some(1415));
    assert!(!of(&c, 2).below_floor);
}

/// An unrated player 1 against rated opponents with these ratings and results ('1', '=', '0').
fn newcomer(opponents: &[(u16, char)]) -> InitialRating {
    let mut players = vec![player(1, 0, 0, None)];
    let mut rounds = Vec::new();
    for (i, &(rating, result)) in opponents.iter().enumerate() {
        let opp = u16::try_from(i + 2).expect("few");
        players.push(player(opp, rating, 20, None));
        let r = match result {
            '1' => GameResult::white_wins(),
            '=' => GameResult::draw(),
            _ => GameResult::black_wins(),
        };
        rounds.push((vec![Game::new(1, opp, r)], vec![]));
    }
    let t = event("2024/06/01", players, rounds);
    of(&rating_changes(&t, RatingListKind::Standard), 1)
        .initial
        .expect("unrated")
}

#[test]
fn initial_ratings() {
    // 5 games against 1900, 2000, 2100, 1700, 1800, scoring 3: Ra = (9500 + 2 × 1800) / 7 =
    // 13100 / 7 = 1871.43; p = (3 + 1) / 7 = 0.571 → 0.57, dp = 50; Ru = 1921.43 → 1921.
    let i = newcomer(&[
        (1900, '1'),
        (2000, '1'),
        (2100, '1'),
        (1700, '0'),
        (1800, '0'),
    ]);
    assert_eq!(i.games, 5);
    assert_eq!(i.average, Some(Hundredths(187_143)));
    assert_eq!(i.percent, Some(57));
    assert_eq!(i.dp, Some(50));
    assert_eq!(i.outcome, InitialOutcome::Published { rating: 1921 });
    // 3 games against 2000, score 1.5: Ra = (6000 + 3600) / 5 = 1920, p = 2.5 / 5 = 0.50, dp 0:
    // 1920, provisional (5 games needed).
    let i = newcomer(&[(2000, '1'), (2000, '0'), (2000, '=')]);
    assert_eq!(
        i.outcome,
        InitialOutcome::Provisional {
            rating: 1920,
            games: 3
        }
    );
    // Five losses: zero score, disregarded.
    let i = newcomer(&[(1500, '0'); 5]);
    assert_eq!(i.outcome, InitialOutcome::ZeroScore);
    assert_eq!(i.computed, None);
    // 5 games against 1400, score 0.5: Ra = (7000 + 3600) / 7 = 1514.29, p = 1.5 / 7 = 0.214 →
    // 0.21, dp −230: 1284.29 → 1284 < 1400, not published.
    let i = newcomer(&[
        (1400, '='),
        (1400, '0'),
        (1400, '0'),
        (1400, '0'),
        (1400, '0'),
    ]);
    assert_eq!(i.outcome, InitialOutcome::BelowFloor { rating: 1284 });
    // 5 wins against 2400: Ra = (12000 + 3600) / 7 = 2228.57, p = 6 / 7 = 0.857 → 0.86, dp 309:
    // 2537.57 → 2538, above the 2200 maximum: 2200.
    let i = newcomer(&[(2400, '1'); 5]);
    assert_eq!(i.computed, Some(2538));
    assert_eq!(i.outcome, InitialOutcome::Published { rating: 2200 });
    // No rated opponent.
    assert_eq!(newcomer(&[]).outcome, InitialOutcome::NoRatedGames);
}

#[test]
fn changes_are_exact_and_rounded_away_from_zero() {
    assert_eq!(Change(1240).to_string(), "+12.4");
    assert_eq!(Change(-305).to_string(), "-3.05");
    assert_eq!(Change(0).to_string(), "0.0");
    assert_eq!(Change(5).to_string(), "+0.05");
    assert_eq!(Hundredths(608).to_string(), "6.08");
    // 8.3.4: 0.5 away from zero.
    assert_eq!(Change(150).rounded(), 2);
    assert_eq!(Change(-150).rounded(), -2);
    assert_eq!(Change(149).rounded(), 1);
    assert_eq!(Change(-50).rounded(), -1);
    assert_eq!(Change(49).rounded(), 0);
    assert_eq!(Change(-49).rounded(), 0);
}

#[test]
fn birth_years_as_files_write_them() {
    let birth_year = |text: &str| {
        PartialDate::read(text)
            .ok()
            .flatten()
            .map(PartialDate::year)
    };
    assert_eq!(birth_year("1969.12.06"), Some(1969));
    assert_eq!(birth_year("1978"), Some(1978));
    assert_eq!(birth_year("1978/00/00"), Some(1978));
    assert_eq!(birth_year("00.00.1978"), Some(1978));
    assert_eq!(birth_year(""), None);
    assert_eq!(birth_year("12/05"), None);
}
