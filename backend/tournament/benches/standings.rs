//! Standings with 7 FIDE tie-breaks (C.07: PTS, BH/C1, BH, SB, DE, WIN, ARO) for a synthetic
//! 5,000-player, 11-round Swiss (pairing by score groups, deterministic results, a PAB when the
//! number is odd, a few forfeits and half-point byes). Target: under 50 ms.

use std::hint::black_box;

use arbiter_tournament::tiebreak::{StandingsOptions, TieBreak, parse_list, standings};
use arbiter_tournament::{Bye, Colour, Game, GameResult, Player, ResultCode, Round, Tournament};
use criterion::{Criterion, criterion_group, criterion_main};

fn synthetic(players: u16, rounds: u16) -> Tournament {
    let mut t = Tournament {
        tournament_type: Some("Individual: Swiss-System".into()),
        ..Tournament::default()
    };
    for pn in 1..=players {
        let mut p = Player::new(pn, format!("Player {pn}"));
        p.rating = Some(2600 - pn % 1200);
        t.players.push(p);
    }
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut score = vec![0u32; usize::from(players) + 1];
    for r in 1..=rounds {
        let mut round = Round::new(r);
        let mut order: Vec<u16> = (1..=players).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(score[usize::from(p)]), p));
        if order.len() % 2 == 1 {
            if let Some(last) = order.pop() {
                round.byes.push(Bye::new(last, ResultCode::Pab));
                score[usize::from(last)] += 10;
            }
        }
        for pair in order.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            let (w, bl) = if (a + r) % 2 == 0 { (a, b) } else { (b, a) };
            let x = next() % 100;
            let result = match x {
                0 => GameResult::forfeit(Colour::White),
                1..=40 => GameResult::white_wins(),
                41..=70 => GameResult::draw(),
                _ => GameResult::black_wins(),
            };
            let (sw, sb) = match x {
                0..=40 => (10, 0),
                41..=70 => (5, 5),
                _ => (0, 10),
            };
            score[usize::from(w)] += sw;
            score[usize::from(bl)] += sb;
            round.games.push(Game::new(w, bl, result));
        }
        t.rounds.push(round);
    }
    t
}

fn bench(c: &mut Criterion) {
    let t = synthetic(5000, 11);
    let tbs: Vec<TieBreak> = parse_list("PTS,BH/C1,BH,SB,DE,WIN,ARO").unwrap_or_default();
    let options = StandingsOptions::default();
    c.bench_function("standings 5000 players 11 rounds 7 tie-breaks", |b| {
        b.iter(|| standings(black_box(&t), black_box(&tbs), &options));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
