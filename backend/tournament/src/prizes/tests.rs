//! Prize allocations computed by hand.

use chrono::NaiveDate;

use super::*;
use crate::model::{Bye, Player, Round, Sex, Tournament};
use crate::result::ResultCode;
use crate::tiebreak::{Row, Standings};

/// A player for [`event`]: pairing number, sex, rating, birth date, points in halves, rank.
struct P {
    pn: u16,
    sex: Sex,
    rating: Option<u16>,
    born: Option<&'static str>,
    halves: u32,
    rank: u32,
}

fn p(pn: u16, sex: Sex, halves: u32, rank: u32) -> P {
    P {
        pn,
        sex,
        rating: Some(2000),
        born: None,
        halves,
        rank,
    }
}

const ROUNDS: u16 = 9;

/// A tournament of `ROUNDS` rounds where each player's points come from full- and half-point
/// byes, and standings listing the players in the order given (their ranks as given).
fn event(players: &[P]) -> (Tournament, Standings) {
    let mut t = Tournament {
        start_date: "2026-03-01".parse().ok(),
        ..Tournament::default()
    };
    for x in players {
        let mut pl = Player::new(x.pn, format!("Player {}", x.pn));
        pl.sex = Some(x.sex);
        pl.rating = x.rating;
        pl.birth_date = x
            .born
            .and_then(|b| crate::date::PartialDate::read(b).ok().flatten());
        t.players.push(pl);
    }
    for r in 1..=ROUNDS {
        let mut round = Round::new(r);
        for x in players {
            let full = x.halves / 2;
            let code = if u32::from(r) <= full {
                ResultCode::FullBye
            } else if u32::from(r) == full + 1 && x.halves % 2 == 1 {
                ResultCode::HalfBye
            } else {
                ResultCode::ZeroBye
            };
            round.byes.push(Bye::new(x.pn, code));
        }
        t.rounds.push(round);
    }
    let standings = Standings {
        tiebreaks: Vec::new(),
        editions: Vec::new(),
        after_round: ROUNDS,
        round_robin: false,
        rows: players
            .iter()
            .map(|x| Row {
                rank: x.rank,
                pairing_number: x.pn,
                name: format!("Player {}", x.pn),
                values: Vec::new(),
            })
            .collect(),
    };
    (t, standings)
}

fn eur(units: i64) -> Award {
    Award::Money(Money {
        minor_units: units * 100,
        currency: "EUR".into(),
    })
}

fn prizes(units: &[i64]) -> Vec<Prize> {
    units
        .iter()
        .zip(1..)
        .map(|(&u, place)| Prize {
            place,
            award: eur(u),
        })
        .collect()
}

fn category(name: &str, criteria: Vec<Criterion>, units: &[i64]) -> Category {
    Category {
        name: name.into(),
        criteria,
        prizes: prizes(units),
    }
}

/// Each player's total in minor units, by pairing number.
fn totals(a: &Allocation) -> Vec<(u16, i64)> {
    let mut v: Vec<(u16, i64)> = a.players.iter().map(|p| (p.player, p.total)).collect();
    v.sort_unstable();
    v
}

use Sex::{Female as W, Male as M};

/// Overall 1000/500/300, first woman 400 (or 600). Standings A(m) 4, B(w) 3.5, C(m) 3, D(w) 2.5,
/// E(m) 2, all ranks distinct.
fn five() -> (Tournament, Standings) {
    event(&[
        p(1, M, 8, 1),
        p(2, W, 7, 2),
        p(3, M, 6, 3),
        p(4, W, 5, 4),
        p(5, M, 4, 5),
    ])
}

#[test]
fn one_prize_per_player_takes_the_higher() {
    let (t, s) = five();
    let mut list = PrizeList {
        main: prizes(&[1000, 500, 300]),
        categories: vec![category("Women", vec![Criterion::Sex(W)], &[400])],
        ..PrizeList::default()
    };
    // By value: 1000 -> A (1); 500 -> B (2, a woman: 2nd overall is worth more than 400);
    // 400 (1st woman) -> the best woman without a prize, D (4); 300 -> C (3).
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(
        totals(&a),
        [(1, 100_000), (2, 50_000), (3, 30_000), (4, 40_000)]
    );
    assert_eq!(a.players[1].received.len(), 1);
    assert_eq!(a.players[1].received[0].list, ListRef::Main);
    assert_eq!(a.prizes[3].holder, Some(4));
    // First woman worth 600: B takes it, 2nd overall passes to C (500), 3rd to D (300).
    list.categories[0].prizes = prizes(&[600]);
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(
        totals(&a),
        [(1, 100_000), (2, 60_000), (3, 50_000), (4, 30_000)]
    );
    // Equal values (500 and 500): the main list comes first, so B keeps 2nd overall.
    list.categories[0].prizes = prizes(&[500]);
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(a.prizes[1].holder, Some(2));
    assert_eq!(a.prizes[3].holder, Some(4));
}

#[test]
fn all_prizes_mode_gives_every_prize_due() {
    let (t, s) = five();
    let list = PrizeList {
        main: prizes(&[1000, 500, 300]),
        categories: vec![category("Women", vec![Criterion::Sex(W)], &[400])],
        settings: PrizeSettings {
            per_player: PrizesPerPlayer::All,
            ties: TieSharing::ByTieBreaks,
        },
        ..PrizeList::default()
    };
    // B is 2nd overall (500) and 1st woman (400): 900; C 3rd (300); D nothing.
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(totals(&a), [(1, 100_000), (2, 90_000), (3, 30_000)]);
    assert_eq!(a.players[1].received.len(), 2);
}

/// The Hort example of German Wikipedia ("Hort-System"): prizes 100, 80, 60, 40, 20, 10;
/// A and B 8 points, C 7.5, D, E, F 7, G 6.5.
fn hort_field() -> (Tournament, Standings) {
    event(&[
        p(1, M, 16, 1),
        p(2, M, 16, 2),
        p(3, M, 15, 3),
        p(4, M, 14, 4),
        p(5, M, 14, 5),
        p(6, M, 14, 6),
        p(7, M, 13, 7),
    ])
}

fn six_prizes(ties: TieSharing) -> PrizeList {
    PrizeList {
        main: prizes(&[100, 80, 60, 40, 20, 10]),
        settings: PrizeSettings {
            per_player: PrizesPerPlayer::HighestOnly,
            ties,
        },
        ..PrizeList::default()
    }
}

#[test]
fn ties_split_by_tiebreaks() {
    let (t, s) = hort_field();
    let a = allocate(&six_prizes(TieSharing::ByTieBreaks), &t, &s).unwrap();
    // Distinct ranks: every place is paid as listed; G (7) nothing.
    assert_eq!(
        totals(&a),
        [
            (1, 10_000),
            (2, 8_000),
            (3, 6_000),
            (4, 4_000),
            (5, 2_000),
            (6, 1_000)
        ]
    );
    assert!(a.groups.is_empty());
}

#[test]
fn same_rank_shares_equally_under_tiebreaks() {
    // B and C tied on every tie-break (both rank 2): 2nd and 3rd, 80 + 60 = 140, 70 each.
    let (t, s) = event(&[p(1, M, 16, 1), p(2, M, 15, 2), p(3, M, 15, 2)]);
    let a = allocate(&six_prizes(TieSharing::ByTieBreaks), &t, &s).unwrap();
    assert_eq!(totals(&a), [(1, 10_000), (2, 7_000), (3, 7_000)]);
    assert_eq!(a.groups.len(), 1);
    assert_eq!(a.groups[0].places, [2, 3]);
}

#[test]
fn hort_system_worked_example() {
    let (t, s) = hort_field();
    let a = allocate(&six_prizes(TieSharing::Hort), &t, &s).unwrap();
    // A and B (8 points): A keeps 50.00 of 100, B 40.00 of 80; the pot 50 + 40 = 90.00 gives
    // 45.00 each: A 95.00, B 85.00. C alone on 7.5: 60.00.
    // D, E, F (7 points): keep 20.00, 10.00, 5.00; pot 20 + 10 + 5 = 35.00 = 3500 cents, / 3 =
    // 1166 rest 2: D and E get 1167, F 1166. D 31.67, E 21.67, F 16.66 (Wikipedia rounds to
    // whole euros, 32/22/17, paying 71 of 70). Sum 95 + 85 + 60 + 31.67 + 21.67 + 16.66 = 310.
    assert_eq!(
        totals(&a),
        [
            (1, 9_500),
            (2, 8_500),
            (3, 6_000),
            (4, 3_167),
            (5, 2_167),
            (6, 1_666)
        ]
    );
    assert_eq!(a.players.iter().map(|p| p.total).sum::<i64>(), 31_000);
    let g = &a.groups[1];
    assert_eq!(g.places, [4, 5, 6]);
    assert_eq!(g.pool, 3_500);
    assert_eq!(g.share_each, 1_166);
    assert_eq!(g.remainder, 2);
    assert_eq!(g.remainder_to, [4, 5]);
    assert_eq!(g.members[0].kept, 2_000);
    assert_eq!(a.prizes[3].recipients, [4, 5, 6]);
}

#[test]
fn equal_sharing_pools_the_tied_places() {
    let (t, s) = hort_field();
    let a = allocate(&six_prizes(TieSharing::Equal), &t, &s).unwrap();
    // A, B: (100 + 80) / 2 = 90.00. C 60.00. D, E, F: (40 + 20 + 10) = 7000 cents / 3 = 2333
    // rest 1: D 2334, E and F 2333.
    assert_eq!(
        totals(&a),
        [
            (1, 9_000),
            (2, 9_000),
            (3, 6_000),
            (4, 2_334),
            (5, 2_333),
            (6, 2_333)
        ]
    );
    assert_eq!(a.groups[1].remainder_to, [4]);
}

#[test]
fn tied_players_past_the_last_place_share() {
    // Prizes 300/200/100; A 3 points, B, C, D 2 points, E 1.
    let (t, s) = event(&[
        p(1, M, 6, 1),
        p(2, M, 4, 2),
        p(3, M, 4, 3),
        p(4, M, 4, 4),
        p(5, M, 2, 5),
    ]);
    let mut list = PrizeList {
        main: prizes(&[300, 200, 100]),
        settings: PrizeSettings {
            per_player: PrizesPerPlayer::HighestOnly,
            ties: TieSharing::Equal,
        },
        ..PrizeList::default()
    };
    // Equal: places 2 and 3 (200 + 100 = 300) among B, C, D: 100.00 each.
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(
        totals(&a),
        [(1, 30_000), (2, 10_000), (3, 10_000), (4, 10_000)]
    );
    let d = &a.players[3];
    assert_eq!(d.received[0].place, None);
    // Hort: B keeps 100, C keeps 50, D keeps 0; pot 100 + 50 = 150 -> 50 each: 150, 100, 50.
    list.settings.ties = TieSharing::Hort;
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(
        totals(&a),
        [(1, 30_000), (2, 15_000), (3, 10_000), (4, 5_000)]
    );
}

#[test]
fn indivisible_amounts_leave_a_remainder_to_the_first() {
    // 1st 0.50, 2nd 0.50 EUR (100 cents) and three players tied: 100 / 3 = 33 rest 1.
    let (t, s) = event(&[p(1, M, 4, 1), p(2, M, 4, 2), p(3, M, 4, 3)]);
    let list = PrizeList {
        main: vec![
            Prize {
                place: 1,
                award: Award::Money(Money {
                    minor_units: 50,
                    currency: "EUR".into(),
                }),
            },
            Prize {
                place: 2,
                award: Award::Money(Money {
                    minor_units: 50,
                    currency: "EUR".into(),
                }),
            },
        ],
        settings: PrizeSettings {
            per_player: PrizesPerPlayer::HighestOnly,
            ties: TieSharing::Equal,
        },
        ..PrizeList::default()
    };
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(totals(&a), [(1, 34), (2, 33), (3, 33)]);
    assert_eq!(a.groups[0].remainder, 1);
    assert_eq!(a.groups[0].remainder_to, [1]);
    // Hort with an odd amount: 1st 1.01 and 2nd 0.50 between two: A keeps 50 (half of 101
    // rounded down), B keeps 25; pot 51 + 25 = 76 -> 38 each: A 88, B 63 (sum 151).
    let (t, s) = event(&[p(1, M, 4, 1), p(2, M, 4, 2)]);
    let mut list = list;
    list.main[0].award = Award::Money(Money {
        minor_units: 101,
        currency: "EUR".into(),
    });
    list.settings.ties = TieSharing::Hort;
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(totals(&a), [(1, 88), (2, 63)]);
}

#[test]
fn rating_groups_and_unrated() {
    let mut field = vec![
        p(1, M, 8, 1),
        p(2, M, 7, 2),
        p(3, M, 6, 3),
        p(4, M, 5, 4),
        p(5, M, 4, 5),
    ];
    field[0].rating = Some(2100);
    field[1].rating = Some(1800);
    field[2].rating = None;
    field[3].rating = Some(0);
    field[4].rating = Some(1900);
    let (t, s) = event(&field);
    let list = PrizeList {
        main: prizes(&[1000]),
        categories: vec![
            category(
                "U2000",
                vec![Criterion::Rating {
                    min: None,
                    max: Some(1999),
                    unrated_included: false,
                }],
                &[200, 100],
            ),
            category("Unrated", vec![Criterion::Unrated], &[150]),
            category(
                "U1800 and unrated",
                vec![Criterion::Rating {
                    min: None,
                    max: Some(1799),
                    unrated_included: true,
                }],
                &[120],
            ),
        ],
        ..PrizeList::default()
    };
    // By value: 1000 -> A (2100). 200 U2000 -> B (1800). 150 unrated -> C (no rating).
    // 120 U1800+unrated: B (1800) is above 1799, C taken, D (rating 0 = unrated) -> D.
    // 100 U2000 2nd: B taken, C/D unrated not in the group, E (1900) -> E.
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(
        totals(&a),
        [
            (1, 100_000),
            (2, 20_000),
            (3, 15_000),
            (4, 12_000),
            (5, 10_000)
        ]
    );
}

#[test]
fn juniors_and_seniors_by_year() {
    // Event year 2026 (start date 2026/03/01).
    let born = |b: &'static str| {
        let mut pl = Player::new(1, "X");
        pl.birth_date = crate::date::PartialDate::read(b).ok().flatten();
        pl
    };
    let u18 = Criterion::JuniorUnder(18);
    // 2008/06/01 is 17 on 1 January 2026: under 18. 2008/01/01 is 18 that day: not.
    assert!(is_eligible(&born("2008/06/01"), &u18, Some(2026)));
    assert!(!is_eligible(&born("2008/01/01"), &u18, Some(2026)));
    assert!(!is_eligible(&born("2007/12/31"), &u18, Some(2026)));
    // A year alone counts as born after 1 January.
    assert!(is_eligible(&born("2008"), &u18, Some(2026)));
    assert!(!is_eligible(&born("2007"), &u18, Some(2026)));
    assert!(!is_eligible(&born("2008/06/01"), &u18, None));
    // Seniors 65+: 2026 - 1961 = 65 yes, 2026 - 1962 = 64 no.
    let s65 = Criterion::SeniorFrom(65);
    assert!(is_eligible(&born("1961/12/31"), &s65, Some(2026)));
    assert!(!is_eligible(&born("1962.01.01"), &s65, Some(2026)));
    // Born on/after and on/before a date.
    let after = Criterion::BornOnOrAfter(NaiveDate::from_ymd_opt(2010, 1, 1).unwrap());
    assert!(is_eligible(&born("2010/01/01"), &after, None));
    assert!(is_eligible(&born("2010"), &after, None));
    assert!(!is_eligible(&born("2009/12/31"), &after, None));
    let after_june = Criterion::BornOnOrAfter(NaiveDate::from_ymd_opt(2010, 6, 1).unwrap());
    assert!(
        !is_eligible(&born("2010"), &after_june, None),
        "unknown day"
    );
    let before = Criterion::BornOnOrBefore(NaiveDate::from_ymd_opt(1960, 12, 31).unwrap());
    assert!(is_eligible(&born("1960"), &before, None));
    assert!(!is_eligible(&born("1961/01/01"), &before, None));

    // An allocation: A (1990) wins overall; the U18 prize goes to the best junior, C (2009),
    // not B (2007/05/05, 18 on 1 January); the 65+ prize to D (1950).
    let mut field = vec![p(1, M, 8, 1), p(2, M, 7, 2), p(3, M, 6, 3), p(4, M, 5, 4)];
    field[0].born = Some("1990/01/01");
    field[1].born = Some("2007/05/05");
    field[2].born = Some("2009");
    field[3].born = Some("1950/02/02");
    let (t, s) = event(&field);
    let list = PrizeList {
        main: prizes(&[500]),
        categories: vec![
            category("U18", vec![u18], &[100]),
            category("65+", vec![s65], &[100]),
        ],
        ..PrizeList::default()
    };
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(a.event_year, Some(2026));
    assert_eq!(totals(&a), [(1, 50_000), (3, 10_000), (4, 10_000)]);
}

#[test]
fn age_categories_need_a_year() {
    let (mut t, s) = five();
    t.start_date = None;
    let mut list = PrizeList {
        categories: vec![category("U12", vec![Criterion::JuniorUnder(12)], &[50])],
        ..PrizeList::default()
    };
    assert_eq!(allocate(&list, &t, &s), Err(AllocateError::NoEventYear));
    list.event_year = Some(2026);
    assert!(allocate(&list, &t, &s).is_ok());
}

#[test]
fn prizes_in_kind_are_not_split() {
    // A trophy for 1st (worth 0) and 100 for 2nd; A and B tied on points, Equal sharing: the
    // trophy stays with A (the tie-breaks' 1st), the 100.00 is pooled: 50.00 each.
    let (t, s) = event(&[p(1, M, 8, 1), p(2, M, 8, 2)]);
    let list = PrizeList {
        main: vec![
            Prize {
                place: 1,
                award: Award::Item {
                    name: "Trophy".into(),
                    worth: 0,
                },
            },
            Prize {
                place: 2,
                award: eur(100),
            },
        ],
        settings: PrizeSettings {
            per_player: PrizesPerPlayer::HighestOnly,
            ties: TieSharing::Equal,
        },
        ..PrizeList::default()
    };
    // With worth 0 the 100.00 prize is the higher: it is held first by A, the trophy by B.
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(a.prizes[0].holder, Some(2));
    assert_eq!(a.prizes[0].recipients, [2]);
    assert_eq!(totals(&a), [(1, 5_000), (2, 5_000)]);
    assert_eq!(
        a.players[1].received[0].prize,
        Some(list.main[0].award.clone())
    );
}

#[test]
fn federation_prize() {
    let mut field = vec![p(1, M, 8, 1), p(2, M, 7, 2), p(3, M, 6, 3)];
    field[0].rating = Some(2400);
    let (mut t, s) = event(&field);
    t.players[0].federation = Some("IRI".into());
    t.players[2].federation = Some("iri".into());
    let list = PrizeList {
        main: prizes(&[300]),
        categories: vec![category(
            "Best Iranian",
            vec![Criterion::Federation("IRI".into())],
            &[100],
        )],
        ..PrizeList::default()
    };
    // A (IRI) takes 1st overall; the best other IRI player is C.
    let a = allocate(&list, &t, &s).unwrap();
    assert_eq!(totals(&a), [(1, 30_000), (3, 10_000)]);
}

#[test]
fn checking_a_list() {
    let list = PrizeList {
        main: vec![
            Prize {
                place: 1,
                award: eur(100),
            },
            Prize {
                place: 1,
                award: eur(50),
            },
            Prize {
                place: 3,
                award: Award::Money(Money {
                    minor_units: -5,
                    currency: "USD".into(),
                }),
            },
        ],
        categories: vec![
            Category {
                name: "Empty".into(),
                criteria: vec![Criterion::Sex(W), Criterion::Sex(M)],
                prizes: Vec::new(),
            },
            category(
                "Odd",
                vec![Criterion::Rating {
                    min: Some(2000),
                    max: Some(1800),
                    unrated_included: false,
                }],
                &[10, 20],
            ),
        ],
        ..PrizeList::default()
    };
    let c = ListRef::Category;
    let problems = check_list(&list);
    assert_eq!(
        problems,
        [
            ListProblem::DuplicatePlace {
                list: ListRef::Main,
                place: 1
            },
            ListProblem::NegativeAmount {
                list: ListRef::Main,
                place: 3,
                minor_units: -5
            },
            ListProblem::MixedCurrency {
                list: ListRef::Main,
                place: 3,
                currency: "USD".into(),
                expected: "EUR".into()
            },
            ListProblem::PlaceGap {
                list: ListRef::Main,
                missing: 2
            },
            ListProblem::EmptyCategory { list: c(0) },
            ListProblem::ImpossibleCriteria { list: c(0) },
            ListProblem::EmptyRatingGroup {
                list: c(1),
                min: 2000,
                max: 1800
            },
            ListProblem::WorseSpotWorthMore {
                list: c(1),
                place: 2,
                better: 1
            },
        ]
    );
    assert!(!problems[3].is_error());
    assert_eq!(
        problems[0].to_string(),
        "main prizes: place 1 has two prizes"
    );
    let (t, s) = five();
    let Err(AllocateError::InvalidList(errors)) = allocate(&list, &t, &s) else {
        panic!("an invalid list was allocated");
    };
    assert_eq!(errors.len(), 6, "the two warnings do not count");
    assert!(check_list(&six_prizes(TieSharing::Hort)).is_empty());
}

#[test]
fn list_round_trips_through_json() {
    let list = PrizeList {
        main: prizes(&[100]),
        categories: vec![category(
            "Girls U12",
            vec![
                Criterion::Sex(W),
                Criterion::JuniorUnder(12),
                Criterion::BornOnOrAfter(NaiveDate::from_ymd_opt(2014, 1, 1).unwrap()),
            ],
            &[20],
        )],
        settings: PrizeSettings {
            per_player: PrizesPerPlayer::All,
            ties: TieSharing::Hort,
        },
        event_year: Some(2026),
    };
    let json = serde_json::to_string(&list).unwrap();
    assert!(json.contains(r#""ties":"hort""#), "{json}");
    assert!(json.contains(r#""kind":"junior_under""#), "{json}");
    let back: PrizeList = serde_json::from_str(&json).unwrap();
    assert_eq!(back, list);
    // The settings may be left out: highest prize only, by tie-breaks.
    let minimal: PrizeList = serde_json::from_str(
        r#"{"main":[{"place":1,"award":{"kind":"money","minor_units":5000,"currency":"IRR"}}]}"#,
    )
    .unwrap();
    assert_eq!(minimal.settings, PrizeSettings::default());
    assert_eq!(minimal.main[0].award.value(), 5000);
    let (t, s) = five();
    let a = allocate(&list, &t, &s).unwrap();
    assert!(serde_json::to_string(&a).unwrap().contains("\"players\""));
}

#[test]
fn hort_on_karl_mala_2005() {
    use crate::tiebreak::{StandingsOptions, parse_list, standings};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/karl-mala-2005.trf"
    );
    let t = crate::read_trf(&std::fs::read(path).unwrap())
        .unwrap()
        .tournament;
    let tbs = parse_list("PTS,BH/C1,BH,DE,SB,WIN").unwrap();
    let s = standings(&t, &tbs, &StandingsOptions::default());
    // The file's ranks: 5 alone on 6.5, then 31, 3, 1, 9, 6, 8 on 6.0, then 5.5 points.
    let top: Vec<u16> = s.rows.iter().take(8).map(|r| r.pairing_number).collect();
    assert_eq!(top, [5, 31, 3, 1, 9, 6, 8, 25]);
    let list = PrizeList {
        main: prizes(&[1000, 700, 500, 300]),
        settings: PrizeSettings {
            per_player: PrizesPerPlayer::HighestOnly,
            ties: TieSharing::Hort,
        },
        ..PrizeList::default()
    };
    let a = allocate(&list, &t, &s).unwrap();
    // 5: 1000.00. The six on 6.0 share places 2-4 (and three places past the list): 31 keeps
    // 350, 3 keeps 250, 1 keeps 150, the others 0; pot 350 + 250 + 150 = 750.00 = 75000 cents,
    // / 6 = 12500 each, no remainder: 31 475.00, 3 375.00, 1 275.00, 9, 6, 8 125.00 each.
    // Sum 1000 + 475 + 375 + 275 + 3 x 125 = 2500 = the list.
    assert_eq!(
        totals(&a),
        [
            (1, 27_500),
            (3, 37_500),
            (5, 100_000),
            (6, 12_500),
            (8, 12_500),
            (9, 12_500),
            (31, 47_500)
        ]
    );
    assert_eq!(a.groups.len(), 1);
    assert_eq!(a.groups[0].places, [2, 3, 4]);
    assert_eq!(a.groups[0].remainder, 0);
}
