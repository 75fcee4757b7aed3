//! Hand-made events for the C.07 rules that matter most: the dummy opponent of 2024-08 and its
//! 2026-03 caps (Art. 16.4), cuts removing voluntarily unplayed rounds first, `/P`, DE, the
//! explanation of one player and the round-robin crosstable.

use arbiter_tournament::tiebreak::{
    CutBy, Edition, Note, StandingsOptions, TieBreak, crosstable, explain, parse_list, standings,
};
use arbiter_tournament::{Bye, Colour, Game, GameResult, Player, ResultCode, Round, Tournament};

/// Swiss, 4 players, 3 rounds: R1 1-2 1-0, 3-4 draw; R2 1 wins 3 by forfeit, 2-4 0-1;
/// R3 1-4 draw, 2-3 1-0. Scores: 1: 2.5, 2: 1, 3: 0.5, 4: 2.
fn swiss() -> Tournament {
    let mut t = Tournament {
        tournament_type: Some("Individual: Swiss-System".into()),
        ..Tournament::default()
    };
    for pn in 1..=4 {
        let mut p = Player::new(pn, format!("P{pn}"));
        p.rating = Some(2000 + 100 * (4 - pn));
        t.players.push(p);
    }
    let mut r1 = Round::new(1);
    r1.games.push(Game::new(1, 2, GameResult::white_wins()));
    r1.games.push(Game::new(3, 4, GameResult::draw()));
    let mut r2 = Round::new(2);
    r2.games
        .push(Game::new(1, 3, GameResult::forfeit(Colour::White)));
    r2.games.push(Game::new(2, 4, GameResult::black_wins()));
    let mut r3 = Round::new(3);
    r3.games.push(Game::new(4, 1, GameResult::draw()));
    r3.games.push(Game::new(2, 3, GameResult::white_wins()));
    t.rounds = vec![r1, r2, r3];
    t
}

fn values(t: &Tournament, list: &str, edition: Edition) -> Vec<(u16, Vec<Option<i64>>)> {
    let tbs = parse_list(list).unwrap_or_default();
    let options = StandingsOptions {
        edition: Some(edition),
        ..StandingsOptions::default()
    };
    let mut rows: Vec<_> = standings(t, &tbs, &options)
        .rows
        .into_iter()
        .map(|r| {
            (
                r.pairing_number,
                r.values
                    .iter()
                    .map(|v| v.map(arbiter_tournament::tiebreak::Value::hundredths))
                    .collect(),
            )
        })
        .collect();
    rows.sort_by_key(|r| r.0);
    rows
}

#[test]
fn dummy_opponent_by_edition() {
    let t = swiss();
    let v24 = values(&t, "PTS,BH,BH/P,SB,BH/C1", Edition::E2024);
    // Player 1: 1 (player 2) + own 2.5 for the forfeit win + 2 (player 4).
    assert_eq!(
        v24[0].1,
        vec![Some(250), Some(550), Some(350), Some(450), Some(450)]
    );
    // Player 3: the forfeit loss is a VUR, cut first by /C1.
    assert_eq!(v24[2].1[1], Some(350));
    assert_eq!(v24[2].1[4], Some(300));
    let v26 = values(&t, "PTS,BH,SB", Edition::E2026);
    // 2026-03: the forfeit's dummy is capped by the scheduled opponent's 0.5.
    assert_eq!(v26[0].1, vec![Some(250), Some(350), Some(250)]);
    // A pinned edition overrides the standings' edition.
    let pinned = values(&t, "BH/V1,BH/V2", Edition::E2026);
    assert_eq!(pinned[0].1, vec![Some(550), Some(350)]);
}

#[test]
fn half_point_bye_capped_by_draws_in_2026() {
    let mut t = swiss();
    // Player 1 takes a half-point bye in a fourth round; player 4 scores 2.5 there too.
    let mut r4 = Round::new(4);
    r4.byes.push(Bye::new(1, ResultCode::HalfBye));
    r4.games.push(Game::new(4, 2, GameResult::white_wins()));
    r4.byes.push(Bye::new(3, ResultCode::ZeroBye));
    t.rounds.push(r4);
    // Own score 3.0; a draw in every round is 2.0.
    let v24 = values(&t, "BH", Edition::E2024);
    let v26 = values(&t, "BH", Edition::E2026);
    let opp_part = 100 + 300; // player 2 (1.0), player 4 (3.0)
    assert_eq!(v24[0].1[0], Some(opp_part + 300 + 300));
    // 2026: forfeit capped by player 3 (adjusted: 0.5 + the absence after his last played round
    // counted as a draw = 1.0), bye capped by 2.0.
    assert_eq!(v26[0].1[0], Some(opp_part + 100 + 200));
}

#[test]
fn explanation_names_cuts_and_dummies() {
    let t = swiss();
    let tbs: Vec<TieBreak> = parse_list("PTS,BH/C1,WIN").unwrap_or_default();
    let options = StandingsOptions {
        edition: Some(Edition::E2024),
        ..StandingsOptions::default()
    };
    let Some((s, e)) = explain(&t, &tbs, &options, 3) else {
        panic!("player 3 exists");
    };
    let bh = &e.tiebreaks[1];
    let forfeit = bh.contributions.iter().find(|c| c.round == 2);
    assert_eq!(forfeit.map(|c| c.note), Some(Note::DummyOwnScore));
    assert_eq!(forfeit.map(|c| c.cut), Some(Some(CutBy::Unplayed)));
    assert_eq!(e.rank, 4);
    assert!(e.above.is_some() && e.below.is_none());
    let text = e.to_string();
    assert!(text.contains("CUT"), "{text}");
    let sep = s.separation(1, 4);
    assert_eq!(sep.and_then(|x| x.tiebreak), Some(0));
    assert!(explain(&t, &tbs, &options, 99).is_none());
}

#[test]
fn direct_encounter_separates_tied_players() {
    // 1 and 2 both score 1 in a 2-round Swiss; 1 beat 2.
    let mut t = Tournament::default();
    for pn in 1..=4 {
        t.players.push(Player::new(pn, format!("P{pn}")));
    }
    let mut r1 = Round::new(1);
    r1.games.push(Game::new(1, 2, GameResult::white_wins()));
    r1.games.push(Game::new(3, 4, GameResult::white_wins()));
    let mut r2 = Round::new(2);
    r2.games.push(Game::new(3, 1, GameResult::white_wins()));
    r2.games.push(Game::new(2, 4, GameResult::white_wins()));
    t.rounds = vec![r1, r2];
    let v = values(&t, "PTS,DE", Edition::E2026);
    // 3 alone on 2 points: 0 (no tie); 1 above 2 among the 1-pointers; 4 alone.
    assert_eq!(v[0].1[1], Some(100));
    assert_eq!(v[1].1[1], Some(200));
    assert_eq!(v[2].1[1], Some(0));
    let s = standings(
        &t,
        &parse_list("PTS,DE").unwrap_or_default(),
        &StandingsOptions::default(),
    );
    let order: Vec<u16> = s.rows.iter().map(|r| r.pairing_number).collect();
    assert_eq!(order, vec![3, 1, 2, 4]);
}

#[test]
fn round_robin_crosstable_is_square() {
    let mut t = Tournament::default();
    for pn in 1..=4 {
        t.players.push(Player::new(pn, format!("P{pn}")));
    }
    let pairs = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
    for (i, games) in pairs.iter().enumerate() {
        let mut r = Round::new(u16::try_from(i + 1).unwrap_or(1));
        for &(w, b) in games {
            r.games.push(Game::new(w, b, GameResult::white_wins()));
        }
        t.rounds.push(r);
    }
    let s = standings(
        &t,
        &parse_list("PTS,SB").unwrap_or_default(),
        &StandingsOptions::default(),
    );
    assert!(s.round_robin);
    let c = crosstable(&t, &s);
    assert_eq!(c.square.len(), 4);
    assert!(
        c.square
            .iter()
            .enumerate()
            .all(|(i, r)| r.len() == 4 && r[i].is_empty())
    );
    let filled: usize = c.square.iter().flatten().filter(|x| !x.is_empty()).count();
    assert_eq!(filled, 12);
    assert!(c.to_string().lines().count() == 5);
}
