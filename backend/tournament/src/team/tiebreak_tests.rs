//! Team tie-breaks, board standings and derived matches on a small event computed by hand.
//!
//! Four teams of two boards (A = 1: players 1, 2 rated 2400; B = 2: 3, 4 rated 2200; C = 3:
//! 5, 6 rated 2000; D = 4: 7, 8 rated 1800), three rounds, match points 2/1/0 primary. The
//! first-named team has White on board 1, Black on board 2.
//!
//! | round | match (first-named first) | board 1 | board 2 | game points | match points |
//! |---|---|---|---|---|---|
//! | 1 | A-B | 1-3 1-0 | 2-4 ½-½ | 1½-½ | 2-0 |
//! | 1 | C-D | 5-7 ½-½ | 6-8 ½-½ | 1-1 | 1-1 |
//! | 2 | A-C | 1-5 ½-½ | 2-6 0-1 | ½-1½ | 0-2 |
//! | 2 | B-D | 3-7 1-0 | 4-8 1-0 | 2-0 | 2-0 |
//! | 3 | A-D | 1-7 1-0 | 2-8 1-0 | 2-0 | 2-0 |
//! | 3 | B-C | forfeited, C absent | | 2-0 | 2-0 |
//!
//! Totals: A 4 MP 4 GP; B 4 MP 4½ GP; C 3 MP 2½ GP; D 1 MP 1 GP. C's forfeit loss is a
//! voluntarily unplayed round; B's forfeit win is not. Adjusted scores are the totals (nobody
//! has a withdrawal tail).

use super::*;
use crate::model::{Game, Player, Round, Tournament};
use crate::result::GameResult;
use crate::tiebreak::{Edition, TieBreak, Value, parse_list};

fn game(white: PairingNumber, black: PairingNumber, result: GameResult) -> Game {
    Game::new(white, black, result)
}

/// The event with its games and the forfeited match only; matches derived from the games.
fn event() -> (Tournament, TeamEvent) {
    let rating = |pn: u16| 2400 - 200 * ((pn - 1) / 2);
    let players = (1..=8)
        .map(|pn| Player {
            rating: Some(rating(pn)),
            ..Player::new(pn, format!("Player {pn}"))
        })
        .collect();
    let w = GameResult::white_wins;
    let b = GameResult::black_wins;
    let d = GameResult::draw;
    let rounds = vec![
        Round {
            games: vec![
                game(1, 3, w()),
                game(4, 2, d()),
                game(5, 7, d()),
                game(8, 6, d()),
            ],
            ..Round::new(1)
        },
        Round {
            games: vec![
                game(1, 5, d()),
                game(6, 2, w()),
                game(3, 7, w()),
                game(8, 4, b()),
            ],
            ..Round::new(2)
        },
        Round {
            games: vec![game(1, 7, w()), game(8, 2, b())],
            ..Round::new(3)
        },
    ];
    let t = Tournament {
        players,
        rounds,
        ..Tournament::default()
    };
    let mut e = TeamEvent::new(TeamSettings::new(2));
    e.teams = vec![
        Team::new(1, "A", vec![1, 2]),
        Team::new(2, "B", vec![3, 4]),
        Team::new(3, "C", vec![5, 6]),
        Team::new(4, "D", vec![7, 8]),
    ];
    let mut forfeit = TeamMatch::new(0, 2, 3);
    forfeit.forfeit = Some(MatchForfeit::FirstWins);
    e.round_mut(3).matches.push(forfeit);
    e.derive_matches(&t);
    (t, e)
}

/// Values by team (1-4) of each tie-break of `list`, edition `ed`.
fn values(list: &str, ed: Edition) -> Vec<Vec<Option<i64>>> {
    let (t, e) = event();
    let tbs = parse_list(list).unwrap_or_default();
    let s = team_standings(
        &t,
        &e,
        &tbs,
        &TeamStandingsOptions {
            edition: Some(ed),
            after_round: None,
            round_robin: Some(false),
        },
    );
    (0..tbs.len())
        .map(|i| {
            (1..=4)
                .map(|tpn| s.row(tpn).and_then(|r| r.values[i]).map(Value::hundredths))
                .collect()
        })
        .collect()
}

fn h(v: &[i64]) -> Vec<Option<i64>> {
    v.iter().map(|x| Some(*x)).collect()
}

#[test]
fn matches_are_derived_from_the_games() {
    let (t, e) = event();
    let pairs = |r: u16| -> Vec<(u16, u16, u16)> {
        e.round(r)
            .unwrap()
            .matches
            .iter()
            .map(|m| (m.table, m.first, m.second))
            .collect()
    };
    // Round 1: A has White on board 1 against B, C against D; all on 0, so by team number.
    assert_eq!(pairs(1), [(1, 1, 2), (2, 3, 4)]);
    // Round 2: C (1 MP) meets A (2 MP), B (0) meets D (1): A-C first.
    assert_eq!(pairs(2), [(1, 1, 3), (2, 2, 4)]);
    // Round 3: the declared forfeit kept first.
    assert_eq!(pairs(3), [(1, 2, 3), (2, 1, 4)]);
    assert_eq!(
        e.round(1).unwrap().lineups[&2].boards,
        vec![Some(3), Some(4)]
    );
    let mp: Vec<u32> = (1..=4)
        .map(|x| e.scores_after_round(&t, 3)[&x].0.tenths())
        .collect();
    assert_eq!(mp, [40, 40, 30, 10]);
}

#[test]
fn primary_and_secondary_scores() {
    let v = values("PTS,MPVGP,PTS:GP", Edition::E2026);
    assert_eq!(v[0], h(&[400, 400, 300, 100]));
    assert_eq!(v[1], h(&[400, 450, 250, 100]));
    assert_eq!(v[2], v[1]);
}

#[test]
fn buchholz_by_edition_and_cuts() {
    // A: B 4 + C 3 + D 1 = 8. B: A 4 + D 1 + round 3 (forfeit win): 2024-08 a dummy with B's
    // own 4 = 9; 2026-03 capped by C's 3 = 8. C: D 1 + A 4 + forfeit loss: own 3 (both
    // editions: B's 4 is not lower). D: C 3 + B 4 + A 4 = 11.
    let v24 = values("BH,BH/C1", Edition::E2024);
    assert_eq!(v24[0], h(&[800, 900, 800, 1100]));
    // /C1: A cuts D's 1; B cuts D's 1; C cuts its voluntarily unplayed round (3) first,
    // not the lower D (C.07 Art. 16.5); D cuts C's 3.
    assert_eq!(v24[1], h(&[700, 800, 500, 800]));
    let v26 = values("BH", Edition::E2026);
    assert_eq!(v26[0], h(&[800, 800, 800, 1100]));
}

#[test]
fn sonneborn_berger_family() {
    // EMMSB = SB on match points. A: B 4 × 2 + C 3 × 0 + D 1 × 2 = 10. B (2024-08): A 4 × 0
    // + D 1 × 2 + dummy 4 × 2 = 10; 2026-03 dummy 3: 8.
    // EMGSB: A: 4 × 1½ + 3 × ½ + 1 × 2 = 9½; B: 4 × ½ + 1 × 2 + 4 × 2 = 12 (2026-03: 10).
    // EGGSB: opponents' game points B 4½, C 2½, D 1: A: 4½ × 1½ + 2½ × ½ + 1 × 2 = 10.
    let v = values("SB,EMMSB,EMGSB,EGGSB", Edition::E2024);
    assert_eq!(v[0][..2], h(&[1000, 1000]));
    assert_eq!(v[1], v[0]);
    assert_eq!(v[2][..2], h(&[950, 1200]));
    assert_eq!(v[3][0], Some(1000));
    let v = values("EMMSB,EMGSB", Edition::E2026);
    assert_eq!(v[0][1], Some(800));
    assert_eq!(v[1][1], Some(1000));
}

#[test]
fn board_tie_breaks() {
    // Board points: A board 1: 1 + ½ + 1 = 2½, board 2: ½ + 0 + 1 = 1½; B board 1: 0 + 1 + 1
    // (forfeit) = 2, board 2: ½ + 1 + 1 = 2½. BC: A 1 × 2½ + 2 × 1½ = 5½; B 2 + 5 = 7.
    let v = values("PTS,BC", Edition::E2026);
    assert_eq!(v[1][..2], h(&[550, 700]));
    // A and B tie on 4 MP. TBR: board 1, 2½ against 2: A first. BBE: without board 2, 2½
    // against 2: A first. The others are alone on their score: 0.
    assert_eq!(values("PTS,TBR", Edition::E2026)[1], h(&[100, 200, 0, 0]));
    assert_eq!(values("PTS,BBE", Edition::E2026)[1], h(&[100, 200, 0, 0]));
    // DE and EDE: A beat B.
    assert_eq!(values("PTS,DE", Edition::E2026)[1], h(&[100, 200, 0, 0]));
    assert_eq!(values("PTS,EDE", Edition::E2026)[1], h(&[100, 200, 0, 0]));
}

#[test]
fn counts_progressive_and_ratings() {
    let v = values("PS,WIN,WON,WIN:GP,WON:GP,ARO,TPR", Edition::E2026);
    // PS: A 2 + 2 + 4 = 8; B 0 + 2 + 4 = 6; C 1 + 3 + 3 = 7; D 1 + 1 + 1 = 3.
    assert_eq!(v[0], h(&[800, 600, 700, 300]));
    // Matches won (B's forfeit counts), matches won over the board only; read in game points
    // they still count matches (C.07 Art. 7.1, 7.2 for teams), not boards (A won 3, B 4).
    assert_eq!(v[1], h(&[200, 200, 100, 0]));
    assert_eq!(v[2], h(&[200, 100, 100, 0]));
    assert_eq!(v[3], v[1]);
    assert_eq!(v[4], v[2]);
    // ARO on team ratings, matches played: A (2200 + 2000 + 1800) / 3 = 2000; B (2400 +
    // 1800) / 2 = 2100. TPR A: 2 wins of 3 = 67% -> +125 = 2125.
    assert_eq!(v[5][..2], h(&[200_000, 210_000]));
    assert_eq!(v[6][0], Some(212_500));
}

#[test]
fn score_strength_combination() {
    // Divisor: 2 MP × 3 rounds / (1 × 2 boards) = 3. A: 4 + 8 / 3 = 6.67; B: 4½ + 9 / 3 = 7.50
    // (2024-08), 4½ + 8 / 3 = 7.17 (2026-03). /K4: A 4 + 8 / 4 = 6.
    assert_eq!(values("SSSC", Edition::E2024)[0][..2], h(&[667, 750]));
    assert_eq!(values("SSSC", Edition::E2026)[0][..2], h(&[667, 717]));
    assert_eq!(values("SSSC/K4", Edition::E2026)[0][0], Some(600));
}

#[test]
fn standings_rank_and_explain() {
    let (t, e) = event();
    let tbs: Vec<TieBreak> = parse_list("PTS,MPVGP,BC").unwrap_or_default();
    // Four teams in three rounds would read as a round robin (where a forfeit counts as
    // played); this is a Swiss.
    let opts = TeamStandingsOptions {
        edition: Some(Edition::E2026),
        round_robin: Some(false),
        ..TeamStandingsOptions::default()
    };
    let s = team_standings(&t, &e, &tbs, &opts);
    let order: Vec<(u32, u16)> = s.rows.iter().map(|r| (r.rank, r.team)).collect();
    assert_eq!(order, [(1, 2), (2, 1), (3, 3), (4, 4)]);
    let (_, x) = explain_team(&t, &e, &tbs, &opts, 1).unwrap();
    assert_eq!(x.above.as_ref().map(|a| a.0), Some(2));
    assert_eq!(
        x.above.and_then(|a| a.1).map(|tb| tb.to_string()),
        Some("MPvGP".into())
    );
    let bc = &x.tiebreaks[2];
    assert_eq!(bc.boards, [Value::from_tenths(25), Value::from_tenths(15)]);
    // Round 3 against D: 1 × 1 + 2 × 1 = 3.
    assert_eq!(bc.contributions[2].value, Value::from_tenths(30));
    let text = x.to_string();
    assert!(text.contains("BC = 5.5"), "{text}");
    let (_, b) = explain_team(&t, &e, &parse_list("BH/C1").unwrap_or_default(), &opts, 3).unwrap();
    // C.s voluntarily unplayed round 3 is the one cut.
    let cut: Vec<usize> = b.tiebreaks[0]
        .contributions
        .iter()
        .filter(|c| c.cut.is_some())
        .map(|c| c.round)
        .collect();
    assert_eq!(cut, [3]);
}

#[test]
fn board_standings_rank_by_performance() {
    let (t, e) = event();
    let boards = board_standings(&t, &e, None, 2, BoardOrder::Performance);
    let one = boards.iter().find(|b| b.board == 1).unwrap();
    // Player 1: 1 + ½ + 1 = 2½ of 3 against 2200, 2000, 1800: 83.33%, TPR 2000 + 273 = 2273.
    let p1 = one.rows.iter().find(|r| r.player == 1).unwrap();
    assert_eq!((p1.points.tenths(), p1.rounds, p1.games), (25, 3, 3));
    assert_eq!(p1.percentage, 8333);
    assert_eq!(p1.average_opponent_rating, Some(2000));
    assert_eq!(p1.performance, Some(2273));
    assert_eq!(p1.rank, Some(1));
    // Player 3 (B): round 3 was a forfeited match, not a board game: 2 rounds, 1 of 2.
    let p3 = one.rows.iter().find(|r| r.player == 3).unwrap();
    assert_eq!((p3.points.tenths(), p3.rounds), (10, 2));
    // With a minimum of 3 rounds, player 3 is listed unranked.
    let strict = board_standings(&t, &e, None, 3, BoardOrder::Percentage);
    let one = strict.iter().find(|b| b.board == 1).unwrap();
    let p3 = one.rows.iter().find(|r| r.player == 3).unwrap();
    assert_eq!(p3.rank, None);
    assert!(!p3.eligible);
}
