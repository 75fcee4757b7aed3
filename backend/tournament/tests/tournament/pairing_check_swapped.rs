//! The free pairing checker (C.04.A) names the exact board of a deliberately altered pairing: a
//! complete tournament of the shared data set (every round as the endorsed engine paired it),
//! with the colours of one board reversed, or two players exchanged between two boards.

use arbiter_pairing::Edition;
use arbiter_pairing::check::BoardDifference;
use arbiter_tournament::{Game, RoundNumber, Tournament, read_trf};

/// The games of a round in FIDE board order (C.04.2 D), restated here: the higher score of the
/// two players first (scores before the round), then the lower score, then the higher-ranked
/// (lower pairing number among equal scores) player's pairing number.
fn fide_order(t: &Tournament, round: RoundNumber) -> Vec<Game> {
    let state = t.pairing_state(round, Edition::Dutch2026);
    let score = |pn: u16| {
        state
            .players
            .iter()
            .find(|p| p.pairing_number == pn)
            .map_or(0, arbiter_pairing::PlayerState::score)
    };
    let mut games = t.round(round).expect("round").games.clone();
    games.sort_by_key(|g| {
        let (sw, sb) = (score(g.white), score(g.black));
        let hi = if sw > sb || (sw == sb && g.white < g.black) {
            g.white
        } else {
            g.black
        };
        (
            std::cmp::Reverse(sw.max(sb)),
            std::cmp::Reverse(sw.min(sb)),
            hi,
        )
    });
    games
}

fn load(n: u32) -> Option<Tournament> {
    let dir = arbiter_testdata::shared_data()?;
    let path = dir.join(format!("pairing/random/20/{n:03}.trf"));
    let bytes = std::fs::read(&path).expect("the complete tournament");
    Some(read_trf(&bytes).expect("valid TRF").tournament)
}

/// The first round the checker flags, with its boards.
fn first_flagged(t: &Tournament) -> Option<(RoundNumber, Vec<BoardDifference>)> {
    t.recheck_pairings(Edition::Dutch2026)
        .expect("pairs")
        .into_iter()
        .find(|rc| !rc.findings.is_empty())
        .map(|rc| (rc.round, rc.boards))
}

fn replace_round(t: &mut Tournament, round: RoundNumber, games: Vec<Game>) {
    let r = t
        .rounds
        .iter_mut()
        .find(|r| r.number == round)
        .expect("round");
    r.games = games;
}

#[test]
fn reversed_colours_on_one_board_are_reported_at_that_board() {
    let Some(t) = load(3) else {
        return;
    };
    assert_eq!(first_flagged(&t), None, "the original is clean");
    let round = 6;
    let mut games = fide_order(&t, round);
    let k = 4; // board 4
    let g = &mut games[k - 1];
    let (w, b) = (g.white, g.black);
    std::mem::swap(&mut g.white, &mut g.black);
    std::mem::swap(&mut g.result.white, &mut g.result.black);
    let mut altered = t.clone();
    replace_round(&mut altered, round, games);
    let (r, boards) = first_flagged(&altered).expect("a discrepancy");
    assert_eq!(r, round);
    assert_eq!(
        boards,
        vec![BoardDifference {
            board: k,
            white: b,
            black: w,
            engine: vec![(w, b)],
        }]
    );
}

#[test]
fn two_players_exchanged_between_boards_are_reported_at_both_boards() {
    let Some(t) = load(7) else {
        return;
    };
    assert_eq!(first_flagged(&t), None, "the original is clean");
    let mut tried = 0;
    for round in 3..=t.last_paired_round() {
        let state = t.pairing_state(round, Edition::Dutch2026);
        let score = |pn: u16| {
            state
                .players
                .iter()
                .find(|p| p.pairing_number == pn)
                .map_or(0, arbiter_pairing::PlayerState::score)
        };
        let met = |a: u16, b: u16| {
            state
                .players
                .iter()
                .find(|p| p.pairing_number == a)
                .is_some_and(|p| p.history.iter().any(|r| r.opponent == Some(b)))
        };
        let games = fide_order(&t, round);
        // Two boards whose four players share one score, exchangeable without a rematch.
        let Some((i, j)) = (0..games.len())
            .flat_map(|i| (i + 1..games.len()).map(move |j| (i, j)))
            .find(|&(i, j)| {
                let (a, b) = (&games[i], &games[j]);
                let s = score(a.white);
                [a.black, b.white, b.black].iter().all(|&p| score(p) == s)
                    && !met(a.white, b.black)
                    && !met(b.white, a.black)
            })
        else {
            continue;
        };
        tried += 1;
        let mut swapped = games.clone();
        let (bi, bj) = (games[i].black, games[j].black);
        swapped[i].black = bj;
        swapped[i].result.black = games[j].result.black;
        swapped[j].black = bi;
        swapped[j].result.black = games[i].result.black;
        let mut altered = t.clone();
        replace_round(&mut altered, round, swapped.clone());
        // Where the two new games stand in the altered round's board order.
        let order = fide_order(&altered, round);
        let at = |w: u16, b: u16| {
            order
                .iter()
                .position(|g| g.white == w && g.black == b)
                .expect("present")
                + 1
        };
        let mut expected = vec![
            (at(games[i].white, bj), games[i].white, bj),
            (at(games[j].white, bi), games[j].white, bi),
        ];
        expected.sort_unstable();
        let (r, boards) = first_flagged(&altered).expect("a discrepancy");
        assert_eq!(r, round);
        let got: Vec<(usize, u16, u16)> =
            boards.iter().map(|b| (b.board, b.white, b.black)).collect();
        assert_eq!(got, expected, "round {round}");
        // The engine's boards of those players are the original two games.
        for b in &boards {
            assert_eq!(b.engine.len(), 2);
            for &(w, x) in &b.engine {
                assert!(
                    games.iter().any(|g| g.white == w && g.black == x),
                    "{w}-{x}"
                );
            }
        }
    }
    assert!(tried >= 3, "only {tried} rounds had exchangeable boards");
}

#[test]
fn every_complete_tournament_of_the_data_rechecks_clean() {
    let Some(dir) = arbiter_testdata::shared_data() else {
        return;
    };
    let mut rounds = 0;
    let mut dirty = Vec::new();
    for size in ["20", "60", "150"] {
        for entry in std::fs::read_dir(dir.join("pairing/random").join(size)).expect("listing") {
            let path = entry.expect("entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            // NNN.trf only: the complete tournaments, not the NNN.rK.trf cuts.
            if !(name.len() == 7 && name.ends_with(".trf")) {
                continue;
            }
            let t = read_trf(&std::fs::read(&path).expect("readable"))
                .expect("valid TRF")
                .tournament;
            for rc in t.recheck_pairings(Edition::Dutch2026).expect("pairs") {
                rounds += 1;
                if !rc.findings.is_empty() {
                    dirty.push(format!("{} round {}", path.display(), rc.round));
                }
            }
        }
    }
    assert!(rounds > 500, "{rounds} rounds");
    assert_eq!(dirty, Vec::<String>::new());
}
