//! The Swiss Team Pairing System (C.04.6) article by article on hand-made states: round 1
//! (3.6, 4.3.1), the bye (3.4), the upfloaters (3.5), the bracket order (3.6.1), the colours
//! (4.3, type A and type B), the absolute criteria ([C1], [C2]), the checker and the explanation.

use arbiter_pairing::team_swiss::{
    ColourRule, TeamColourPreferences, TeamComparison, TeamCriterion, TeamFinding,
    TeamPairingState, TeamRoundRecord, TeamScore, TeamState, allocate_colours, check, explain,
    pair,
};
use arbiter_pairing::{Board, Colour, Pairing, PointSystem, RoundKind};

const W: Colour = Colour::White;
const B: Colour = Colour::Black;

fn played(opponent: u16, colour: Colour, mp: u32, gp: u32) -> TeamRoundRecord {
    TeamRoundRecord {
        opponent: Some(opponent),
        colour: Some(colour),
        kind: RoundKind::Played,
        match_points: mp,
        game_points: gp,
    }
}

fn unplayed(kind: RoundKind, opponent: Option<u16>, mp: u32, gp: u32) -> TeamRoundRecord {
    TeamRoundRecord {
        opponent,
        colour: None,
        kind,
        match_points: mp,
        game_points: gp,
    }
}

fn event(n: u16, round: u16, histories: &[(u16, Vec<TeamRoundRecord>)]) -> TeamPairingState {
    TeamPairingState {
        round,
        rounds_planned: 9,
        initial_colour: Some(W),
        primary: TeamScore::MatchPoints,
        use_secondary_for_colour: true,
        colour_preferences: TeamColourPreferences::TypeA,
        match_points: PointSystem {
            win: 2,
            draw: 1,
            loss: 0,
        },
        pab: (1, 4),
        teams: (1..=n)
            .map(|tpn| TeamState {
                pairing_number: tpn,
                history: histories
                    .iter()
                    .find(|h| h.0 == tpn)
                    .map(|h| h.1.clone())
                    .unwrap_or_default(),
                absent: false,
                acceleration: Vec::new(),
            })
            .collect(),
        forbidden: Vec::new(),
    }
}

fn pairs(p: &Pairing) -> Vec<(u16, u16)> {
    let mut v: Vec<(u16, u16)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    v.sort_unstable();
    v
}

#[test]
fn art_3_6_round_one_pairs_the_top_half_with_the_bottom_half() {
    // 3.6.2-3.6.3: the first identifier is 1 2 3 4 5 6; 4.3.1: odd first-teams take the initial
    // colour, even ones the other.
    let p = pair(&event(6, 1, &[])).expect("pairs");
    assert_eq!(pairs(&p), [(1, 4), (3, 6), (5, 2)]);
    assert_eq!(p.bye, None);
    let mut s = event(6, 1, &[]);
    s.initial_colour = Some(B);
    assert_eq!(pairs(&pair(&s).expect("pairs")), [(2, 5), (4, 1), (6, 3)]);
}

#[test]
fn art_3_4_the_bye_goes_to_the_lowest_score_then_most_matches_then_largest_tpn() {
    // Round 3 of five teams: 5 and 4 have no points, 4 has played two matches, 5 one.
    let h = vec![
        (1, vec![played(4, W, 2, 3), played(2, B, 2, 3)]),
        (2, vec![played(5, W, 2, 3), played(1, W, 0, 1)]),
        (
            3,
            vec![unplayed(RoundKind::Pab, None, 1, 4), played(4, B, 2, 3)],
        ),
        (4, vec![played(1, B, 0, 1), played(3, W, 0, 1)]),
        (
            5,
            vec![played(2, B, 0, 1), unplayed(RoundKind::Absent, None, 0, 0)],
        ),
    ];
    let s = event(5, 3, &h);
    assert_eq!(
        pair(&s).expect("pairs").bye,
        Some(4),
        "3.4.3: the most matches played"
    );
    // [C2]: a team that won by forfeit may not get the bye; then 5 (same score, fewer matches).
    let mut s2 = s.clone();
    s2.teams[3].history[1] = unplayed(RoundKind::ForfeitWin, Some(3), 2, 4);
    s2.teams[2].history[1] = unplayed(RoundKind::ForfeitLoss, Some(4), 0, 0);
    let p = pair(&s2).expect("pairs");
    assert_ne!(p.bye, Some(4));
    // 3.4.3 again: 2 (one match) before 3, 4 and 5 (late entries, none played).
    let h3 = vec![(1, vec![played(2, W, 2, 3)]), (2, vec![played(1, B, 0, 1)])];
    assert_eq!(pair(&event(5, 2, &h3)).expect("pairs").bye, Some(2));
    // 3.4.4: equal score and matches: the largest TPN (1 absent: 2, 4 and 6 lost round 1).
    let h5 = vec![
        (1, vec![played(2, W, 2, 3)]),
        (2, vec![played(1, B, 0, 1)]),
        (3, vec![played(4, W, 2, 3)]),
        (4, vec![played(3, B, 0, 1)]),
        (5, vec![played(6, W, 2, 3)]),
        (6, vec![played(5, B, 0, 1)]),
    ];
    let mut s5 = event(6, 2, &h5);
    s5.teams[0].absent = true;
    assert_eq!(pair(&s5).expect("pairs").bye, Some(6));
    // [C2] bars 3 (who had the bye) even when it has the lowest score.
    let h4 = vec![
        (1, vec![played(2, W, 2, 3)]),
        (2, vec![played(1, B, 2, 3)]),
        (3, vec![unplayed(RoundKind::Pab, None, 0, 0)]),
        (4, vec![played(5, W, 1, 2)]),
        (5, vec![played(4, B, 1, 2)]),
    ];
    let p4 = pair(&event(5, 2, &h4)).expect("pairs");
    assert_ne!(p4.bye, Some(3));
    assert_eq!(p4.bye, Some(5));
}

#[test]
fn art_3_4_1_the_bye_leaves_a_legal_pairing() {
    // Three teams, 1 and 2 have met: the bye must go to 1 or 2 even though 3 scores least.
    let h = vec![(1, vec![played(2, W, 2, 3)]), (2, vec![played(1, B, 0, 1)])];
    let p = pair(&event(3, 2, &h)).expect("pairs");
    assert_eq!(p.bye, Some(2));
    assert_eq!(pairs(&p), [(3, 1)]);
}

#[test]
fn art_3_5_the_upfloater_is_the_first_set_of_the_best_scores() {
    // After round 1 (1-4, 2-5, 3-6: 4, 2 and 6 win; 3-6 drawn would tie). Winners 2, 4 and 6
    // score 2, losers 0: an odd top scoregroup takes one upfloater ([C4]) from the losers, the
    // first by TPN (3.5.4) that leaves a legal pairing: 1.
    let h = vec![
        (1, vec![played(4, W, 0, 1)]),
        (4, vec![played(1, B, 2, 3)]),
        (2, vec![played(5, B, 2, 3)]),
        (5, vec![played(2, W, 0, 1)]),
        (6, vec![played(3, B, 2, 3)]),
        (3, vec![played(6, W, 0, 1)]),
    ];
    let s = event(6, 2, &h);
    let e = explain(&s).expect("explained");
    assert_eq!(e.brackets[0].residents, [2, 4, 6]);
    assert_eq!(e.brackets[0].upfloaters, [(1, 0)]);
    // 3.6.1: the bracket is read in TPN order, 1 (an upfloater) is a top member: the first
    // identifier is 1 2 6 4 (1-6, 2-4), not 2 4 1 6 (2-1, 4-6) as a residents-first reading gives.
    let p = pair(&s).expect("pairs");
    let unordered: Vec<(u16, u16)> = {
        let mut v: Vec<(u16, u16)> = p
            .boards
            .iter()
            .map(|b| (b.white.min(b.black), b.white.max(b.black)))
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(unordered, [(1, 6), (2, 4), (3, 5)]);
}

#[test]
fn art_2_3_4_c7_passes_over_an_upfloater_that_floated_last_round() {
    // Round 3: 1 alone on 4 MP; 2-7 on 2 MP; 8 on 0. 2 has met 1; 3, 4, 5 and 6 floated in
    // round 2 (they met an opponent of another score), 7 did not. [C5] takes a 2-point team;
    // [C7] prefers 7 to the earlier 3 (art. 3.5.5).
    let h = vec![
        (1, vec![played(5, W, 2, 3), played(2, W, 2, 3)]),
        (2, vec![played(6, W, 2, 3), played(1, B, 0, 1)]),
        (3, vec![played(7, W, 2, 3), played(5, W, 0, 1)]),
        (4, vec![played(8, W, 2, 3), played(6, W, 0, 1)]),
        (5, vec![played(1, B, 0, 1), played(3, B, 2, 3)]),
        (6, vec![played(2, B, 0, 1), played(4, B, 2, 3)]),
        (7, vec![played(3, B, 0, 1), played(8, W, 2, 3)]),
        (8, vec![played(4, B, 0, 1), played(7, B, 0, 1)]),
    ];
    let s = event(8, 3, &h);
    let e = explain(&s).expect("explained");
    assert_eq!(e.brackets[0].residents, [1]);
    assert_eq!(e.brackets[0].upfloaters, [(7, 2)]);
    // In the last two rounds [C7] does not apply: the first set in TPN order, 3.
    let mut last = s.clone();
    last.rounds_planned = 4;
    let e = explain(&last).expect("explained");
    assert_eq!(e.brackets[0].upfloaters, [(3, 2)]);
}

#[test]
fn art_2_1_1_c1_no_rematch_but_a_forfeited_match_may_be_replayed() {
    let h = vec![
        (1, vec![played(2, W, 2, 3)]),
        (2, vec![played(1, B, 0, 1)]),
        (3, vec![unplayed(RoundKind::ForfeitWin, Some(4), 2, 4)]),
        (4, vec![unplayed(RoundKind::ForfeitLoss, Some(3), 0, 0)]),
    ];
    let s = event(4, 2, &h);
    let p = pair(&s).expect("pairs");
    assert!(
        !pairs(&p)
            .iter()
            .any(|&(a, b)| (a.min(b), a.max(b)) == (1, 2))
    );
    // Forbid 1-3 and 1-4 is impossible with 1-2 met: no legal pairing (art. 3.3.3).
    let mut s2 = s.clone();
    s2.forbidden = vec![(1, 3), (1, 4)];
    assert_eq!(
        pair(&s2),
        Err(arbiter_pairing::PairingError::NoValidPairing)
    );
    // 3-4 did not play (a forfeit): with 3 kept from everyone else they meet.
    let mut h6 = h.clone();
    h6.push((5, vec![played(6, W, 1, 2)]));
    h6.push((6, vec![played(5, B, 1, 2)]));
    let mut s3 = event(6, 2, &h6);
    s3.forbidden = vec![(3, 1), (3, 2), (3, 5), (3, 6)];
    let p3 = pair(&s3).expect("pairs");
    assert!(
        pairs(&p3)
            .iter()
            .any(|&(a, b)| (a.min(b), a.max(b)) == (3, 4))
    );
}

#[test]
fn art_4_3_colours_type_a() {
    // 4.3.2: 1 (W, W: CD +2) prefers Black; 2 (W, B: none). 1 gets Black.
    let h = vec![
        (1, vec![played(3, W, 2, 3), played(4, W, 2, 3)]),
        (2, vec![played(5, W, 2, 3), played(6, B, 2, 3)]),
        (3, vec![played(1, B, 0, 1), played(5, W, 0, 1)]),
        (4, vec![played(6, W, 0, 1), played(1, B, 0, 1)]),
        (5, vec![played(2, B, 0, 1), played(3, B, 2, 3)]),
        (6, vec![played(4, B, 2, 3), played(2, W, 0, 1)]),
    ];
    let s = event(6, 3, &h);
    assert_eq!(
        allocate_colours(&s, 1, 2).expect("colours"),
        (2, 1, ColourRule::OnlyPreference)
    );
    // 4.3.3: 1 prefers Black, 3 (B, W... CD 0, last two B? no) - 5 (B, B: CD -2) prefers White.
    assert_eq!(
        allocate_colours(&s, 1, 5).expect("colours"),
        (5, 1, ColourRule::OppositePreferences)
    );
    // Both prefer Black (1 and 4? 4: W, B: none). 2 vs 6: none and none, CD 0 both: 4.3.6 -
    // last colours 2: B, 6: W: alternate: 2 White.
    assert_eq!(
        allocate_colours(&s, 2, 6).expect("colours"),
        (2, 6, ColourRule::Alternate)
    );
    // 4.3.5: 3 (B, W: CD 0) against 4 (W, B: CD 0)... equal; 3 vs 5 (CD -2 wants White) is 4.3.2.
    assert_eq!(
        allocate_colours(&s, 3, 5).expect("colours"),
        (5, 3, ColourRule::OnlyPreference)
    );
    // Type A: CD +1 after two Blacks in a row gives no preference (art. 1.7.1).
    let h2 = vec![
        (
            1,
            vec![
                played(2, W, 2, 3),
                played(3, W, 2, 3),
                played(4, B, 2, 3),
                played(5, B, 2, 3),
                played(6, W, 2, 3),
            ],
        ),
        (
            2,
            vec![
                played(1, B, 0, 1),
                played(3, B, 0, 1),
                played(4, W, 0, 1),
                played(5, W, 0, 1),
                played(6, B, 0, 1),
            ],
        ),
    ];
    let mut s2 = event(6, 6, &h2);
    s2.teams[0].history[4] = played(6, B, 2, 3); // 1: W W B B B -> CD -1, last two B: White
    assert_eq!(
        allocate_colours(&s2, 1, 3).expect("colours").2,
        ColourRule::OnlyPreference
    );
}

#[test]
fn art_4_3_colours_type_b_strong_over_mild() {
    // 1: W, B, W (CD +1): a mild preference for Black. 2: W, W (CD +2): strong for Black.
    let h = vec![
        (
            1,
            vec![played(3, W, 2, 3), played(4, B, 2, 3), played(5, W, 2, 3)],
        ),
        (
            2,
            vec![
                played(6, W, 2, 3),
                played(7, W, 2, 3),
                unplayed(RoundKind::HalfBye, None, 1, 2),
            ],
        ),
    ];
    let mut s = event(8, 4, &h);
    s.colour_preferences = TeamColourPreferences::TypeB;
    // 4.3.4: only 2's preference is strong: 2 gets Black.
    assert_eq!(
        allocate_colours(&s, 1, 2).expect("colours"),
        (1, 2, ColourRule::OnlyStrong)
    );
    // Type A: 1 has no preference, so 4.3.2 grants 2's.
    s.colour_preferences = TeamColourPreferences::TypeA;
    assert_eq!(
        allocate_colours(&s, 1, 2).expect("colours"),
        (1, 2, ColourRule::OnlyPreference)
    );
    // No preferences: 4.3.5, the lower colour difference (1: +1 < 2: +2) gets White.
    s.colour_preferences = TeamColourPreferences::None;
    assert_eq!(
        allocate_colours(&s, 1, 2).expect("colours"),
        (1, 2, ColourRule::LowerDifference)
    );
}

#[test]
fn art_4_3_1_an_absent_team_keeps_its_tpn() {
    // Round 1 with team 1 absent: 2-4 and 3-5. The first-team 2 has an even TPN: it takes the
    // colour opposite to the initial one (art. 1.1.3: TPNs are not renumbered).
    let mut s = event(5, 1, &[]);
    s.teams[0].absent = true;
    let p = pair(&s).expect("pairs");
    assert_eq!(p.bye, None);
    assert_eq!(pairs(&p), [(3, 5), (4, 2)]);
}

#[test]
fn art_4_3_8_and_4_3_9_alternate_from_the_one_team_that_played() {
    // 1 played White then Black (CD 0, no preference); 2 never played (a bye, a half-point
    // bye): equal scores, equal differences, nothing to compare in 4.3.6.
    let h = vec![
        (1, vec![played(3, W, 1, 2), played(4, B, 1, 2)]),
        (
            2,
            vec![
                unplayed(RoundKind::Pab, None, 1, 2),
                unplayed(RoundKind::HalfBye, None, 1, 2),
            ],
        ),
        (
            3,
            vec![played(1, B, 1, 2), unplayed(RoundKind::Absent, None, 0, 0)],
        ),
        (
            4,
            vec![unplayed(RoundKind::Absent, None, 0, 0), played(1, W, 1, 2)],
        ),
    ];
    let s = event(4, 3, &h);
    // First-team 1 (smaller TPN): 4.3.8 alternates its last colour, Black, to White.
    assert_eq!(
        allocate_colours(&s, 1, 2).expect("colours"),
        (1, 2, ColourRule::FirstAlternates)
    );
    // 2 with the higher secondary score is the first-team and never played: 4.3.9 alternates
    // 1's last colour, so 1 has White again.
    let mut s2 = s.clone();
    s2.teams[1].history[0].game_points = 4;
    assert_eq!(
        allocate_colours(&s2, 1, 2).expect("colours"),
        (1, 2, ColourRule::OtherAlternates)
    );
    // 4.3.5 comes first when the differences differ: 1 after one White (CD +1) against 2 (CD 0).
    let mut s3 = s.clone();
    s3.teams[0].history[1] = unplayed(RoundKind::HalfBye, None, 1, 2);
    assert_eq!(
        allocate_colours(&s3, 1, 2).expect("colours"),
        (2, 1, ColourRule::LowerDifference)
    );
}

#[test]
fn the_checker_names_the_broken_absolute_criterion_and_the_deciding_quality_criterion() {
    let h = vec![
        (1, vec![played(2, W, 2, 3)]),
        (2, vec![played(1, B, 0, 1)]),
        (3, vec![unplayed(RoundKind::Pab, None, 1, 4)]),
    ];
    let s = event(5, 2, &h);
    let engine = pair(&s).expect("pairs");
    assert!(check(&s, &engine).expect("checked").is_empty());
    let rematch = Pairing {
        boards: vec![Board { white: 1, black: 2 }, Board { white: 4, black: 5 }],
        bye: Some(3),
    };
    let f = check(&s, &rematch).expect("checked");
    assert!(f.contains(&TeamFinding::Rematch(1, 2)), "{f:?}");
    assert!(f.contains(&TeamFinding::ByeNotAllowed(3)), "{f:?}");
    // A legal pairing that gives the bye to 4 (no match played) instead of 2 (one played,
    // 3.4.3).
    let other = Pairing {
        boards: vec![Board { white: 1, black: 3 }, Board { white: 2, black: 5 }],
        bye: Some(4),
    };
    match check(&s, &other).expect("checked").as_slice() {
        [
            TeamFinding::DiffersFromEngine {
                verdict: TeamComparison::Worse(d),
                ..
            },
        ] => {
            assert_eq!(d.criterion, TeamCriterion::ByeMatches, "{d:?}");
            assert_eq!(
                (d.ours.as_slice(), d.theirs.as_slice()),
                ([0].as_slice(), [1].as_slice())
            );
        }
        f => panic!("{f:?}"),
    }
    // The engine's pairs with a board's colours reversed.
    let mut swapped = engine.clone();
    let b = swapped.boards[0];
    swapped.boards[0] = Board {
        white: b.black,
        black: b.white,
    };
    assert!(matches!(
        check(&s, &swapped).expect("checked").as_slice(),
        [TeamFinding::ColoursDiffer(_)]
    ));
}

#[test]
fn the_explanation_names_the_bye_the_brackets_and_the_colour_rules() {
    let e = explain(&event(7, 1, &[])).expect("explained");
    let text = e.to_string();
    assert_eq!(e.bye.as_ref().map(|b| b.team), Some(7));
    assert!(text.contains("art. 3.4"), "{text}");
    assert!(text.contains("4.3.1"), "{text}");
    assert_eq!(e.brackets.len(), 1);
    assert_eq!(e.brackets[0].matches.len(), 3);
}

#[test]
fn fictitious_points_make_the_scoregroups_of_an_accelerated_round() {
    // Teams 1-3 start round 1 with one won match's fictitious points (2 MP, 4 doubled GP):
    // the top scoregroup is {1, 2, 3}, takes one upfloater (3.5: the first set in TPN order,
    // team 4) and pairs 1-3 and 2-4 (3.6: identifier 1 2 3 4); 5-6 are left.
    let mut s = event(6, 1, &[]);
    for t in s.teams.iter_mut().take(3) {
        t.acceleration = vec![(2, 4)];
    }
    let normalised = |p: &Pairing| {
        let mut v: Vec<(u16, u16)> = p
            .boards
            .iter()
            .map(|b| (b.white.min(b.black), b.white.max(b.black)))
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(
        normalised(&pair(&s).expect("pairs")),
        [(1, 3), (2, 4), (5, 6)]
    );
    // Round 2 has no fictitious points: the scores are the matches' alone again.
    assert_eq!(s.teams[0].fictitious(2, TeamScore::MatchPoints), 0);
    assert_eq!(s.teams[0].fictitious(1, TeamScore::GamePoints), 4);
    // Without them, round 1 is the plain top half against the bottom half.
    let plain = event(6, 1, &[]);
    assert_eq!(
        normalised(&pair(&plain).expect("pairs")),
        [(1, 4), (2, 5), (3, 6)]
    );
}

#[test]
fn fictitious_points_do_not_enter_the_secondary_score_of_art_4_2_2() {
    // Round 1: 1 (White) beats 3, 2 beats 4 (White); teams 3 and 4 start round 2 with a won
    // match's fictitious points (2 MP, 4 doubled GP). All four score 2 for pairing, 1-3 and 2-4
    // have met: the bracket pairs 1-4 and 2-3 (identifier 1 2 4 3). In each pair both teams had
    // the same colour, type A gives no preference, so 4.3.8 alternates the first-team's colour.
    // The first-team (4.2): equal pairing scores, then the higher secondary score, which C.04.7
    // leaves without fictitious points: 1 (5 doubled GP) over 4 (3), 2 (5) over 3 (3). So 1 and 2
    // alternate: 4-1 and 2-3. Counting the fictitious GP (4: 7, 3: 7) would give 1-4 and 3-2.
    let mut s = event(
        4,
        2,
        &[
            (1, vec![played(3, W, 2, 5)]),
            (3, vec![played(1, B, 0, 3)]),
            (2, vec![played(4, B, 2, 5)]),
            (4, vec![played(2, W, 0, 3)]),
        ],
    );
    for t in s.teams.iter_mut().skip(2) {
        t.acceleration = vec![(0, 0), (2, 4)];
    }
    assert_eq!(pairs(&pair(&s).expect("pairs")), [(2, 3), (4, 1)]);
}
