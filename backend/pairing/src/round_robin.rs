//! Round robin by the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! With an even number of players `n` (an odd number gets a dummy player `n + 1`, and meeting
//! the dummy is the round's bye), round `r` of the `n - 1` rounds pairs player `n` with player
//! `p = ((r - 1) * n / 2 mod (n - 1)) + 1` (player `p` has White in odd rounds, player `n` in even
//! rounds), and on the following boards `p + k` (White) against `p - k` (Black), counted modulo
//! `n - 1` in `1..=n-1`, for `k = 1 .. n/2 - 1`. This reproduces the published tables board for
//! board.
//!
//! A double round robin repeats the cycle with colours reversed; as C.05 recommends, the last two
//! rounds of the first cycle are exchanged. Without the exchange, players 1 and `n/2 + 1`, who
//! have the same colour in rounds 1 and 2, would get it three times in a row where the cycles meet;
//! other players may still have the same colour twice there.

use crate::{Board, Pairing, PairingNumber};

/// The pairing of every round of a round robin of `players` players (pairing numbers `1..=players`),
/// single (`players - 1` rounds, or `players` when odd) or double (twice as many), in round order,
/// boards in the table's order. A player meeting the dummy of an odd field has the round's bye.
/// Fewer than two players give no rounds.
#[must_use]
pub fn berger_table(players: PairingNumber, double: bool) -> Vec<Pairing> {
    if players < 2 {
        return Vec::new();
    }
    let n = u32::from(players) + u32::from(players) % 2;
    let m = n - 1;
    let wrap = |x: u32| (x + m - 1) % m + 1;
    let real = |x: u32| PairingNumber::try_from(x).ok().filter(|&p| p <= players);
    let mut rounds: Vec<Pairing> = (1..=m)
        .map(|r| {
            let p = ((r - 1) * (n / 2)) % m + 1;
            let first = if r % 2 == 1 { (p, n) } else { (n, p) };
            let pairs =
                std::iter::once(first).chain((1..n / 2).map(|k| (wrap(p + k), wrap(p + m - k))));
            let mut pairing = Pairing::default();
            for (w, b) in pairs {
                match (real(w), real(b)) {
                    (Some(white), Some(black)) => pairing.boards.push(Board { white, black }),
                    (Some(alone), None) | (None, Some(alone)) => pairing.bye = Some(alone),
                    (None, None) => {}
                }
            }
            pairing
        })
        .collect();
    if double {
        if rounds.len() >= 2 {
            let last = rounds.len() - 1;
            rounds.swap(last - 1, last);
        }
        let second: Vec<Pairing> = rounds
            .iter()
            .map(|p| Pairing {
                boards: p
                    .boards
                    .iter()
                    .map(|b| Board {
                        white: b.black,
                        black: b.white,
                    })
                    .collect(),
                bye: p.bye,
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounds_as_pairs(
        players: PairingNumber,
        double: bool,
    ) -> Vec<Vec<(PairingNumber, PairingNumber)>> {
        berger_table(players, double)
            .into_iter()
            .map(|p| p.boards.into_iter().map(|b| (b.white, b.black)).collect())
            .collect()
    }

    #[test]
    fn published_tables() {
        // FIDE Handbook C.05 Annex 1, 4 and 8 players.
        assert_eq!(
            rounds_as_pairs(4, false),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)]
            ]
        );
        let eight = rounds_as_pairs(8, false);
        assert_eq!(eight[0], vec![(1, 8), (2, 7), (3, 6), (4, 5)]);
        assert_eq!(eight[1], vec![(8, 5), (6, 4), (7, 3), (1, 2)]);
        assert_eq!(eight[3], vec![(8, 6), (7, 5), (1, 4), (2, 3)]);
        assert_eq!(eight[6], vec![(4, 8), (5, 3), (6, 2), (7, 1)]);
        // 10 players, round 9.
        assert_eq!(
            rounds_as_pairs(10, false)[8],
            vec![(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]
        );
    }

    #[test]
    fn odd_fields_give_one_bye_per_round() {
        let table = berger_table(7, false);
        assert_eq!(table.len(), 7);
        let byes: Vec<_> = table.iter().map(|p| p.bye).collect();
        assert_eq!(
            byes,
            vec![
                Some(1),
                Some(5),
                Some(2),
                Some(6),
                Some(3),
                Some(7),
                Some(4)
            ]
        );
        assert!(table.iter().all(|p| p.boards.len() == 3));
    }

    #[test]
    fn everyone_meets_everyone_once_with_balanced_colours() {
        for players in 2..=20u16 {
            let table = berger_table(players, false);
            let mut met = std::collections::HashSet::new();
            let mut whites = vec![0i32; usize::from(players) + 1];
            for round in &table {
                for b in &round.boards {
                    assert!(
                        met.insert((b.white.min(b.black), b.white.max(b.black))),
                        "{players}: rematch"
                    );
                    whites[usize::from(b.white)] += 1;
                    whites[usize::from(b.black)] -= 1;
                }
            }
            let n = usize::from(players);
            assert_eq!(met.len(), n * (n - 1) / 2, "{players} players");
            assert!(
                whites[1..].iter().all(|w| w.abs() <= 1),
                "{players}: colours {whites:?}"
            );
        }
    }

    #[test]
    fn double_round_robin_reverses_colours_and_spares_players_1_and_half_plus_1() {
        for players in [4u16, 6, 8, 10, 12, 14] {
            let table = berger_table(players, true);
            let n = usize::from(players);
            assert_eq!(table.len(), 2 * (n - 1));
            let mut games = std::collections::HashMap::new();
            let mut colours: Vec<Vec<bool>> = vec![Vec::new(); n + 1];
            for round in &table {
                for b in &round.boards {
                    *games.entry((b.white, b.black)).or_insert(0) += 1;
                    colours[usize::from(b.white)].push(true);
                    colours[usize::from(b.black)].push(false);
                }
            }
            // Each pair meets twice, once with each colour.
            assert!(
                games.values().all(|&c| c == 1) && games.len() == n * (n - 1),
                "{players}"
            );
            for player in [1, n / 2 + 1] {
                let c = &colours[player];
                assert!(
                    c.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    "{players}: player {player} {c:?}"
                );
            }
        }
    }

    #[test]
    fn too_few_players() {
        assert!(berger_table(0, false).is_empty());
        assert!(berger_table(1, true).is_empty());
        assert_eq!(berger_table(2, false).len(), 1);
    }
}
