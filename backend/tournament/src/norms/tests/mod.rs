//! Constructed events, each figure computed by hand in the comments.
//!
//! The base field: player no. 1 ("Seeker", IRI, 2350, untitled, male) meets no. r + 1 in round r:
//!
//! | no. | title | fed | rating |
//! |---|---|---|---|
//! | 2 | GM | GER | 2500 |
//! | 3 | GM | FRA | 2480 |
//! | 4 | IM | ESP | 2400 |
//! | 5 | IM | GER | 2350 |
//! | 6 | FM | IRI | 2300 |
//! | 7 | IM | IRI | 2250 |
//! | 8 | FM | FRA | 2200 |
//! | 9 | WGM | IRI | 2150 |
//! | 10 | - | IRI | 2100 |
//!
//! Sum 20730, average 20730 / 9 = 2303.3 -> 2303 (IM floor 2050 below all of them). Title-holders
//! 8 of 9 (needed 5); IM or GM 5 (needed max(3, 3)); IRI 4 (at most 3 * 9 / 5 = 5); largest
//! federation IRI 4 (at most 2 * 9 / 3 = 6); foreign federations GER, FRA, ESP: 3.
//! IM performance 2450 needs dp >= 147: 70% (149). 6.5 / 9 = 72.2% -> 72 -> dp 166 -> 2469;
//! 6 / 9 = 66.7% -> 67 -> dp 125 -> 2428. So the required score is 6.5.

use super::*;
use crate::model::{Game, Round, RoundState};
use crate::result::GameResult;

mod forfeit;
mod rounds;

type Opp = (Option<Title>, &'static str, Option<u16>);

fn base() -> Vec<Opp> {
    vec![
        (Some(Title::Gm), "GER", Some(2500)),
        (Some(Title::Gm), "FRA", Some(2480)),
        (Some(Title::Im), "ESP", Some(2400)),
        (Some(Title::Im), "GER", Some(2350)),
        (Some(Title::Fm), "IRI", Some(2300)),
        (Some(Title::Im), "IRI", Some(2250)),
        (Some(Title::Fm), "FRA", Some(2200)),
        (Some(Title::Wgm), "IRI", Some(2150)),
        (None, "IRI", Some(2100)),
    ]
}

/// Player 1's codes: `w` wins, then `d` draws, then `l` losses, in round order.
fn line(w: usize, d: usize, l: usize) -> Vec<ResultCode> {
    let mut v = vec![ResultCode::Win; w];
    v.extend(vec![ResultCode::Draw; d]);
    v.extend(vec![ResultCode::Loss; l]);
    v
}

fn player(pn: PairingNumber, title: Option<Title>, fed: &str, rating: Option<u16>) -> Player {
    let mut p = Player::new(pn, format!("Player {pn}"));
    p.title = title;
    p.federation = Some(fed.to_owned());
    p.rating = rating;
    p.sex = Some(Sex::Male);
    p
}

/// Player 1 meets no. r + 1 with White in round r; `codes[r - 1]` is player 1's code (blank:
/// paired, no result yet). Rounds after `codes` up to `planned` are not paired.
fn event(opponents: &[Opp], codes: &[ResultCode], planned: RoundNumber) -> Tournament {
    let mut t = Tournament {
        federation: Some("IRI".into()),
        rounds_planned: Some(planned),
        ..Tournament::default()
    };
    let mut seeker = player(1, None, "IRI", Some(2350));
    seeker.name = "Seeker".into();
    t.players.push(seeker);
    for (i, (title, fed, rating)) in opponents.iter().enumerate() {
        t.players
            .push(player(i as u16 + 2, title.clone(), fed, *rating));
    }
    for (i, &code) in codes.iter().enumerate() {
        let number = i as u16 + 1;
        let mut r = Round::new(number);
        let other = code.complement().unwrap_or(ResultCode::Blank);
        r.games
            .push(Game::new(1, number + 1, GameResult::new(code, other)));
        r.state = if code == ResultCode::Blank {
            RoundState::Published
        } else {
            RoundState::Complete
        };
        t.rounds.push(r);
    }
    t
}

fn im(t: &Tournament) -> NormReport {
    im_with(t, &NormRules::default())
}

fn im_with(t: &Tournament, rules: &NormRules) -> NormReport {
    norm_report(t, 1, NormTitle::Im, rules).expect("player 1 exists")
}

fn with_feds(feds: [&'static str; 9]) -> Vec<Opp> {
    base()
        .into_iter()
        .zip(feds)
        .map(|((t, _, r), f)| (t, f, r))
        .collect()
}

fn with_titles(titles: [Option<Title>; 9]) -> Vec<Opp> {
    base()
        .into_iter()
        .zip(titles)
        .map(|((_, f, r), t)| (t, f, r))
        .collect()
}

fn with_ratings(ratings: [Option<u16>; 9]) -> Vec<Opp> {
    base()
        .into_iter()
        .zip(ratings)
        .map(|((t, f, _), r)| (t, f, r))
        .collect()
}

#[test]
fn a_real_im_norm() {
    // 5 wins, 3 draws, 1 loss: 6.5 of 9 (module table: 2303 + 166 = 2469).
    let t = event(&base(), &line(5, 3, 1), 9);
    let r = im(&t);
    assert!(r.is_norm, "{r}");
    assert!(r.failing().is_empty());
    assert_eq!(r.games.len(), 9);
    assert_eq!(r.score, Points::from_tenths(65));
    assert_eq!(r.average_rating, Some(2303));
    assert_eq!(r.percent, Some(72));
    assert_eq!(r.performance, Some(2469));
    assert_eq!(r.required_score, Some(Points::from_tenths(65)));
    assert!(r.last_round.is_none(), "all 9 planned rounds played");
    let figures: Vec<Requirement> = r
        .requirements
        .iter()
        .map(|c| c.requirement.clone())
        .collect();
    assert_eq!(
        figures,
        vec![
            Requirement::Games {
                needed: 9,
                counted: 9,
                by_bye_rule: false
            },
            Requirement::ForeignFederations {
                needed: 2,
                achieved: 3,
                exempt: None
            },
            Requirement::OwnFederation {
                federation: Some("IRI".into()),
                most: 5,
                achieved: 4,
                exempt: None
            },
            Requirement::OneFederation {
                federation: Some("IRI".into()),
                most: 6,
                achieved: 4,
                exempt: None
            },
            Requirement::TitleHolders {
                needed: 5,
                achieved: 8
            },
            Requirement::TitledAtLevel {
                needed: 3,
                achieved: 5
            },
            Requirement::AverageRating {
                needed: 2230,
                achieved: Some(2303)
            },
            Requirement::Performance {
                needed: 2450,
                achieved: Some(2469)
            },
            // 35% of 9 = 3.15 -> 3.5 in half points.
            Requirement::MinimumScore {
                needed: Points::from_tenths(35),
                achieved: Points::from_tenths(65)
            },
        ]
    );
    let json = serde_json::to_value(&r).expect("serialises");
    assert_eq!(json["is_norm"], serde_json::json!(true));
}

#[test]
fn the_same_event_is_no_gm_norm_and_the_gm_floor_is_higher() {
    // GM floor 2200 raises no. 10 (2100): 20830 / 9 = 2314.4 -> 2314; 2314 + 166 = 2480 < 2600;
    // GMs met: 2 of the 3 needed.
    let t = event(&base(), &line(5, 3, 1), 9);
    let r = norm_report(&t, 1, NormTitle::Gm, &NormRules::default()).expect("player");
    assert_eq!(r.average_rating, Some(2314));
    assert_eq!(r.performance, Some(2480));
    assert!(r.games[8].raised_to_floor);
    assert_eq!(r.games[8].rating_used, 2200);
    assert_eq!(
        r.failing(),
        vec![
            RequirementKind::TitledAtLevel,
            RequirementKind::AverageRating,
            RequirementKind::Performance
        ]
    );
    // 100% gives 2314 + 800 = 3114, so a required score exists: 2600 - 2314 = 286 needs 84%
    // (dp 284 is 84%: 2598; 85%: 296 -> 2610); 8 / 9 = 88.9 -> 89% is the least half-point
    // score reaching 85% (7.5 / 9 = 83.3 -> 83%).
    assert_eq!(r.required_score, Some(Points::from_tenths(80)));
}

#[test]
fn only_the_number_of_games_fails() {
    // Eight rounds, nos. 2-9: 18630 / 8 = 2328.75 -> 2329; 6 / 8 = 75% -> dp 193 -> 2522.
    // Title-holders 8 (needed 4), IM or GM 5 (3), IRI 3 (at most 24 / 5 = 4), largest 3 (16 / 3 = 5).
    let opponents: Vec<Opp> = base().into_iter().take(8).collect();
    let t = event(&opponents, &line(6, 0, 2), 8);
    let r = im(&t);
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
    assert_eq!(r.average_rating, Some(2329));
    assert_eq!(r.performance, Some(2522));
    assert!(!r.is_norm);
}

#[test]
fn only_the_foreign_federations_fail() {
    // GER 4 (nos. 2-5), IRI 5: one foreign federation; IRI 5 <= 5 and 5 <= 6 hold.
    let opponents = with_feds([
        "GER", "GER", "GER", "GER", "IRI", "IRI", "IRI", "IRI", "IRI",
    ]);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert_eq!(r.failing(), vec![RequirementKind::ForeignFederations]);
    assert_eq!(
        r.check(RequirementKind::ForeignFederations)
            .map(|c| &c.requirement),
        Some(&Requirement::ForeignFederations {
            needed: 2,
            achieved: 1,
            exempt: None
        })
    );
}

#[test]
fn fid_is_no_federation() {
    // As above but no. 10 under the FIDE flag: it still counts as a game (9 games) but is no
    // second foreign federation; IRI 4.
    let opponents = with_feds([
        "GER", "GER", "GER", "GER", "IRI", "IRI", "IRI", "IRI", "FID",
    ]);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert_eq!(r.games.len(), 9);
    assert_eq!(r.failing(), vec![RequirementKind::ForeignFederations]);
}

#[test]
fn only_the_own_federation_limit_fails() {
    // IRI 6 (nos. 5-10) > 5; largest IRI 6 <= 6; foreign GER, FRA, ESP.
    let opponents = with_feds([
        "GER", "FRA", "ESP", "IRI", "IRI", "IRI", "IRI", "IRI", "IRI",
    ]);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert_eq!(r.failing(), vec![RequirementKind::OwnFederation]);
    let own = r.check(RequirementKind::OwnFederation).expect("checked");
    assert_eq!(
        own.requirement,
        Requirement::OwnFederation {
            federation: Some("IRI".into()),
            most: 5,
            achieved: 6,
            exempt: None
        }
    );
}

#[test]
fn only_the_one_federation_limit_fails() {
    // GER 7 (nos. 2-8) > 6; IRI 1 <= 5; foreign GER and FRA.
    let opponents = with_feds([
        "GER", "GER", "GER", "GER", "GER", "GER", "GER", "FRA", "IRI",
    ]);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert_eq!(r.failing(), vec![RequirementKind::OneFederation]);
    assert_eq!(
        r.check(RequirementKind::OneFederation)
            .map(|c| &c.requirement),
        Some(&Requirement::OneFederation {
            federation: Some("GER".into()),
            most: 6,
            achieved: 7,
            exempt: None
        })
    );
}

#[test]
fn only_the_title_holders_fail_and_cm_wcm_do_not_count() {
    // GM GM IM FM are title-holders (4 < 5); CM and WCM are not (with them it would be 6).
    // IM or GM: 3, enough.
    let opponents = with_titles([
        Some(Title::Gm),
        Some(Title::Gm),
        Some(Title::Im),
        Some(Title::Fm),
        Some(Title::Cm),
        Some(Title::Wcm),
        None,
        None,
        None,
    ]);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert_eq!(r.failing(), vec![RequirementKind::TitleHolders]);
    assert_eq!(
        r.check(RequirementKind::TitleHolders)
            .map(|c| &c.requirement),
        Some(&Requirement::TitleHolders {
            needed: 5,
            achieved: 4
        })
    );
}

#[test]
fn only_the_titles_at_the_norms_level_fail() {
    // Title-holders GM IM FM FM WGM WIM: 6 >= 5; IM or GM: 2 < 3 (a WGM does not count for
    // an IM norm).
    let opponents = with_titles([
        Some(Title::Gm),
        Some(Title::Im),
        Some(Title::Fm),
        Some(Title::Fm),
        Some(Title::Wgm),
        Some(Title::Wim),
        None,
        None,
        None,
    ]);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert_eq!(r.failing(), vec![RequirementKind::TitledAtLevel]);
}

#[test]
fn only_the_average_rating_fails() {
    // 2400+2350+2300+2250+2200+2150+2150+2100+2080 = 19980 -> 2220 < 2230; 8 / 9 = 88.9 -> 89%
    // -> dp 351 -> 2571 >= 2450.
    let opponents = with_ratings([
        Some(2400),
        Some(2350),
        Some(2300),
        Some(2250),
        Some(2200),
        Some(2150),
        Some(2150),
        Some(2100),
        Some(2080),
    ]);
    let r = im(&event(&opponents, &line(8, 0, 1), 9));
    assert_eq!(r.failing(), vec![RequirementKind::AverageRating]);
    assert_eq!(r.average_rating, Some(2220));
    assert_eq!(r.performance, Some(2571));
}

#[test]
fn only_the_performance_fails() {
    // 6 / 9: 2303 + 125 = 2428 < 2450 (module table).
    let r = im(&event(&base(), &line(5, 2, 2), 9));
    assert_eq!(r.failing(), vec![RequirementKind::Performance]);
    assert_eq!(r.performance, Some(2428));
    assert_eq!(r.required_score, Some(Points::from_tenths(65)));
}

#[test]
fn only_the_minimum_score_fails() {
    // All 2650: 3 / 9 = 33.3 -> 33% -> dp -125 -> 2525 >= 2450, but 3 < 3.5 (35% of 9 = 3.15).
    // Required: 3.5 / 9 = 38.9 -> 39% -> -80 -> 2570, and 3.5 >= 3.15.
    let opponents = with_ratings([Some(2650); 9]);
    let r = im(&event(&opponents, &line(3, 0, 6), 9));
    assert_eq!(r.failing(), vec![RequirementKind::MinimumScore]);
    assert_eq!(r.performance, Some(2525));
    assert_eq!(r.required_score, Some(Points::from_tenths(35)));
}

#[test]
fn the_rating_floor_changes_the_outcome() {
    // No. 10 at 1800 is raised to the IM floor 2050: (20730 - 2100 + 2050) / 9 = 20680 / 9 =
    // 2297.8 -> 2298; 2298 + 166 = 2464: a norm. Unraised it would be 20430 / 9 = 2270 -> 2436.
    let mut opponents = base();
    opponents[8].2 = Some(1800);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert!(r.is_norm, "{r}");
    assert_eq!(r.average_rating, Some(2298));
    assert_eq!(r.performance, Some(2464));
    let g = &r.games[8];
    assert_eq!(
        (g.opponent, g.opponent_rating, g.rating_used),
        (10, Some(1800), 2050)
    );
    assert!(g.raised_to_floor);
    assert_eq!(r.games.iter().filter(|g| g.raised_to_floor).count(), 1);
}

#[test]
fn only_one_opponent_is_raised_to_the_floor() {
    // Nos. 9 (1900) and 10 (1800) below 2050: only no. 10, the lowest, is raised:
    // 20730 - 2150 - 2100 + 1900 + 2050 = 20430 -> 2270; 2270 + 166 = 2436 < 2450. Raising both
    // would give 20580 / 9 = 2286.7 -> 2287 -> 2453, a norm.
    let mut opponents = base();
    opponents[7].2 = Some(1900);
    opponents[8].2 = Some(1800);
    let r = im(&event(&opponents, &line(5, 3, 1), 9));
    assert_eq!(r.average_rating, Some(2270));
    assert_eq!(r.failing(), vec![RequirementKind::Performance]);
    assert_eq!(
        (r.games[7].rating_used, r.games[7].raised_to_floor),
        (1900, false)
    );
    assert_eq!(
        (r.games[8].rating_used, r.games[8].raised_to_floor),
        (2050, true)
    );
}

#[test]
fn unrated_opponents_count_at_1400_and_one_may_be_raised() {
    // Nos. 9 and 10 unrated, both 1400: the first of them (no. 9, round 8) is raised to 2050.
    // 16480 (nos. 2-8) + 2050 + 1400 = 19930 -> 2214.4 -> 2214 < 2230; 2214 + 166 = 2380 < 2450.
    let mut opponents = base();
    opponents[7].2 = None;
    opponents[8].2 = Some(0);
    let t = event(&opponents, &line(5, 3, 1), 9);
    let r = im(&t);
    assert_eq!(
        (r.games[7].rating_used, r.games[7].raised_to_floor),
        (2050, true)
    );
    assert_eq!(
        (r.games[8].opponent_rating, r.games[8].rating_used),
        (None, 1400)
    );
    assert_eq!(r.average_rating, Some(2214));
    assert!(
        r.check(RequirementKind::UnratedOpponents).is_none(),
        "no limit by default"
    );
    assert_eq!(
        r.failing(),
        vec![RequirementKind::AverageRating, RequirementKind::Performance]
    );
    // With a 20% limit: at most 9 * 20 / 100 = 1.8 -> 1; 2 unrated.
    let rules = NormRules {
        max_unrated_percent: Some(20),
        ..NormRules::default()
    };
    let r = im_with(&t, &rules);
    assert_eq!(
        r.check(RequirementKind::UnratedOpponents),
        Some(&RequirementCheck {
            requirement: Requirement::UnratedOpponents {
                most: 1,
                achieved: 2
            },
            met: false
        })
    );
}

#[test]
fn the_norms_a_player_can_still_earn() {
    let mut t = Tournament::default();
    let cases: [(Option<Title>, Option<Sex>, &[NormTitle]); 7] = [
        (None, Some(Sex::Male), &[NormTitle::Gm, NormTitle::Im]),
        (Some(Title::Gm), Some(Sex::Male), &[]),
        (Some(Title::Im), Some(Sex::Male), &[NormTitle::Gm]),
        (
            Some(Title::Wfm),
            Some(Sex::Female),
            &[NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim],
        ),
        (
            Some(Title::Wgm),
            Some(Sex::Female),
            &[NormTitle::Gm, NormTitle::Im],
        ),
        (Some(Title::Im), Some(Sex::Female), &[NormTitle::Gm]),
        (Some(Title::Wim), None, &[NormTitle::Gm, NormTitle::Im]),
    ];
    for (i, (title, sex, _)) in cases.iter().enumerate() {
        let mut p = player(i as u16 + 1, title.clone(), "IRI", Some(2300));
        p.sex = *sex;
        t.players.push(p);
    }
    let reports = norm_reports(&t, &NormRules::default());
    let got: Vec<(PairingNumber, NormTitle)> =
        reports.iter().map(|r| (r.player, r.title)).collect();
    let want: Vec<(PairingNumber, NormTitle)> = cases
        .iter()
        .enumerate()
        .flat_map(|(i, (_, _, norms))| norms.iter().map(move |&n| (i as u16 + 1, n)))
        .collect();
    assert_eq!(got, want);
    assert!(norm_report(&t, 99, NormTitle::Gm, &NormRules::default()).is_none());
}

/// The base event with every opponent from IRI (so 1.4.3 and 1.4.4 fail) and, beside it,
/// players nos. 11-30 (GER 7, FRA 7, ESP 6; the first 10 IMs; all 2300) drawing among
/// themselves in every round.
fn with_foreign_field() -> Tournament {
    let opponents = with_feds(["IRI"; 9]);
    let mut t = event(&opponents, &line(5, 3, 1), 9);
    for i in 0..20u16 {
        let fed = match i {
            0..7 => "GER",
            7..14 => "FRA",
            _ => "ESP",
        };
        let title = (i < 10).then_some(Title::Im);
        t.players.push(player(11 + i, title, fed, Some(2300)));
    }
    for r in &mut t.rounds {
        for i in (11..31).step_by(2) {
            r.games.push(Game::new(i, i + 1, GameResult::draw()));
        }
    }
    t
}

#[test]
fn a_large_foreign_field_waives_the_federation_requirements() {
    // 1.4.3d: 20 rated players not from IRI, 3 federations, 10 IMs, none missing a round.
    let t = with_foreign_field();
    let r = im(&t);
    assert!(r.is_norm, "{r}");
    let waiver = Some(FederationExemption::ForeignField {
        players: 20,
        federations: 3,
        titled: 10,
    });
    assert_eq!(
        r.check(RequirementKind::ForeignFederations),
        Some(&RequirementCheck {
            requirement: Requirement::ForeignFederations {
                needed: 2,
                achieved: 0,
                exempt: waiver
            },
            met: true
        })
    );
    // 19 rated foreigners (no. 30 unrated): no waiver, the three federation rules fail.
    let mut t = with_foreign_field();
    t.players[29].rating = None;
    let failing = vec![
        RequirementKind::ForeignFederations,
        RequirementKind::OwnFederation,
        RequirementKind::OneFederation,
    ];
    assert_eq!(im(&t).failing(), failing);
    // Nor in a round robin, which 1.4.3d does not cover.
    let rules = NormRules {
        round_robin: true,
        ..NormRules::default()
    };
    assert_eq!(im_with(&with_foreign_field(), &rules).failing(), failing);
}

#[test]
fn a_national_championship_exempts_the_host_federations_players_only() {
    let opponents = with_feds(["IRI"; 9]);
    let mut t = event(&opponents, &line(5, 3, 1), 9);
    let rules = NormRules {
        federation_exemption: Some(FederationExemption::NationalChampionship),
        ..NormRules::default()
    };
    assert!(im_with(&t, &rules).is_norm);
    t.federation = Some("GER".into());
    assert_eq!(im_with(&t, &rules).failing().len(), 3);
}

#[test]
fn round_robin_unrated_opponent_who_scored_zero_is_not_counted() {
    // No. 10 unrated loses to player 1 (round 9) and to no. 4 (an extra game in round 2).
    let mut opponents = base();
    opponents[8].2 = None;
    let mut codes = line(4, 3, 1);
    codes.push(ResultCode::Win);
    let mut t = event(&opponents, &codes, 9);
    t.rounds[1]
        .games
        .push(Game::new(4, 10, GameResult::white_wins()));
    let rules = NormRules {
        round_robin: true,
        ..NormRules::default()
    };
    let r = im_with(&t, &rules);
    assert_eq!(r.games.len(), 8);
    assert_eq!(
        r.not_counted,
        vec![ExcludedRound {
            round: 9,
            reason: NotCounted::UnratedScoredZero { opponent: 10 }
        }]
    );
    // A Swiss counts the game; so does a round robin if no. 10 drew no. 4.
    assert_eq!(im(&t).games.len(), 9);
    t.rounds[1].games[1].result = GameResult::draw();
    assert_eq!(im_with(&t, &rules).games.len(), 9);
}

#[test]
fn an_opponent_outside_fide_is_not_counted() {
    let mut opponents = base();
    opponents[8].1 = "XXX";
    let t = event(&opponents, &line(5, 3, 1), 9);
    let rules = NormRules {
        non_fide_federations: vec!["xxx".into()],
        ..NormRules::default()
    };
    let r = im_with(&t, &rules);
    assert_eq!(
        r.not_counted,
        vec![ExcludedRound {
            round: 9,
            reason: NotCounted::NonFideOpponent {
                opponent: 10,
                federation: "XXX".into()
            }
        }]
    );
    assert_eq!(r.failing(), vec![RequirementKind::Games]);
}

#[test]
fn the_certificate_text() {
    let r = im(&event(&base(), &line(5, 3, 1), 9));
    let text = r.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "IM norm: Seeker (no. 1, IRI): norm achieved: the games counted reach the minimum (1.4.1a)"
    );
    assert_eq!(lines[1], format!("Rules: {EDITION}"));
    assert_eq!(lines[2], "Games counted: 9");
    assert_eq!(
        lines[3],
        "  round  1: no.    2 Player 2 GM GER, rating 2500, used 2500, result 1.0"
    );
    assert!(
        lines
            .contains(&"Score: 6.5 of 9 (72%); average rating of opponents 2303; performance 2469")
    );
    assert!(lines.contains(&"Required score: 6.5"));
    assert!(lines.contains(&"  [met] 1.4.7 average rating of opponents: 2303, at least 2230"));
    let r = im(&event(&base(), &line(5, 2, 2), 9));
    assert!(
        r.to_string()
            .contains("  [NOT MET] 1.4.8 performance rating: 2428, at least 2450\n")
    );
}
