//! The matcher against brute force on small graphs: the general form (`solve_general`), the
//! perfect form with and without the dummy (`solve`), and warm starts after edges change, after
//! fixed pairs leave and after a general solve.

use super::DenseMatcher;
use crate::wide::{Weight, Wide};

type W = Wide<1>;

/// A deterministic xorshift generator (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }
}

/// A small graph as a weight matrix (zero: no edge), and which vertices are still in it.
struct Graph {
    n: usize,
    w: Vec<u64>,
    alive: Vec<bool>,
}

impl Graph {
    fn random(rng: &mut Rng, n: usize, range: u64, density: usize) -> Self {
        let mut w = vec![0; n * n];
        for a in 0..n {
            for b in 0..a {
                if rng.below(4) < density {
                    let x = rng.next() % range + 1;
                    w[a * n + b] = x;
                    w[b * n + a] = x;
                }
            }
        }
        Graph {
            n,
            w,
            alive: vec![true; n],
        }
    }
    fn load(&self, m: &mut DenseMatcher<W>) {
        for a in 0..self.n {
            for b in 0..a {
                m.set(a, b, W::from_u64(self.w[a * self.n + b]));
            }
        }
    }
    /// The best total weight over matchings of the live vertices: any matching, or (with
    /// `perfect`) those leaving no vertex out, or one when the number is odd. `None`: none.
    fn best(&self, perfect: bool) -> Option<u64> {
        let free: Vec<usize> = (0..self.n).filter(|&v| self.alive[v]).collect();
        let spare = usize::from(perfect && free.len() % 2 == 1);
        self.best_from(&free, if perfect { spare } else { usize::MAX })
    }
    fn best_from(&self, free: &[usize], spare: usize) -> Option<u64> {
        let Some((&v, rest)) = free.split_first() else {
            return Some(0);
        };
        let mut best = None;
        if spare > 0 {
            best = self.best_from(rest, spare - 1);
        }
        for (i, &u) in rest.iter().enumerate() {
            let x = self.w[v * self.n + u];
            if x == 0 {
                continue;
            }
            let others: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &y)| y)
                .collect();
            if let Some(t) = self.best_from(&others, spare) {
                best = best.max(Some(t + x));
            }
        }
        best
    }
    /// The total weight of `mates` (partner or itself), after checking that it is a matching
    /// of the live vertices along edges of the graph.
    fn total(&self, mates: &[usize]) -> u64 {
        let mut sum = 0;
        for v in 0..self.n {
            let u = mates[v];
            if u == v || !self.alive[v] {
                assert_eq!(u, v, "a removed vertex matched");
                continue;
            }
            assert!(self.alive[u], "matched to a removed vertex");
            assert_eq!(mates[u], v, "not symmetric");
            assert_ne!(self.w[v * self.n + u], 0, "matched along no edge");
            if v < u {
                sum += self.w[v * self.n + u];
            }
        }
        sum
    }
    fn unmatched(&self, mates: &[usize]) -> usize {
        (0..self.n)
            .filter(|&v| self.alive[v] && mates[v] == v)
            .count()
    }
}

#[test]
fn general_form_matches_brute_force() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..600 {
        let n = rng.below(10) + 1;
        let range = [1, 2, 3, 20, 1000][rng.below(5)];
        let density = rng.below(4) + 1;
        let mut g = Graph::random(&mut rng, n, range, density);
        let mut m = DenseMatcher::new(n);
        g.load(&mut m);
        // Some fixed pairs leave the graph first.
        if n >= 4 && rng.below(3) == 0 {
            let (a, b) = (rng.below(n), rng.below(n));
            if a != b {
                m.remove(a, b);
                g.alive[a] = false;
                g.alive[b] = false;
            }
        }
        let mates = m.solve_general();
        assert_eq!(Some(g.total(&mates)), g.best(false), "n={n} w={:?}", g.w);
    }
}

#[test]
fn perfect_form_matches_brute_force() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut none = 0;
    for _ in 0..600 {
        let n = rng.below(10) + 1;
        let range = [1, 3, 20, 1000][rng.below(4)];
        let density = rng.below(4) + 1;
        let g = Graph::random(&mut rng, n, range, density);
        let mut m = DenseMatcher::new(n);
        g.load(&mut m);
        let expected = g.best(true);
        if let Some(mates) = m.solve() {
            // With an odd number, the dummy's partner is left out (the PAB).
            assert_eq!(g.unmatched(&mates), n % 2, "n={n} w={:?}", g.w);
            assert_eq!(Some(g.total(&mates)), expected, "n={n} w={:?}", g.w);
        } else {
            none += 1;
            assert_eq!(
                expected, None,
                "a perfect matching missed: n={n} w={:?}",
                g.w
            );
        }
    }
    // The sample holds graphs of both kinds.
    assert!(none > 20, "{none} graphs without a perfect matching");
}

#[test]
fn warm_starts_match_brute_force() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    for _ in 0..400 {
        let n = 2 * (rng.below(5) + 1) + rng.below(2);
        // A heavy base: every pair is an edge, so every step has a perfect matching.
        let mut g = Graph::random(&mut rng, n, 20, 4);
        for x in &mut g.w {
            if *x != 0 {
                *x += 1000;
            }
        }
        let mut m = DenseMatcher::new(n);
        g.load(&mut m);
        let mut last: Vec<usize> = (0..n).collect();
        for step in 0..8 {
            match step % 4 {
                // The edges of one vertex change.
                0 => {
                    let v = rng.below(n);
                    for u in (0..n).filter(|&u| u != v) {
                        let x = 1000 + rng.next() % 40;
                        g.w[v * n + u] = x;
                        g.w[u * n + v] = x;
                        m.set(v, u, W::from_u64(x));
                    }
                }
                // A pair leaves: one of the last matching (a fixed pair, as the engine
                // does), or any two players.
                1 | 2 => {
                    let live: Vec<usize> = (0..n).filter(|&v| g.alive[v]).collect();
                    let pick = if step % 4 == 1 {
                        live.iter().find(|&&a| last[a] != a).map(|&a| (a, last[a]))
                    } else {
                        Some((live[0], live[live.len() - 1]))
                    };
                    if let Some((a, b)) = pick.filter(|_| live.len() >= 4) {
                        m.remove(a, b);
                        g.alive[a] = false;
                        g.alive[b] = false;
                    }
                }
                // A general solve in between: the next perfect solve starts from it.
                _ => {
                    let mates = m.solve_general();
                    assert_eq!(Some(g.total(&mates)), g.best(false));
                }
            }
            let mates = m.solve().expect("a perfect matching exists");
            assert_certificate(&m, &format!("step {step}"));
            assert_eq!(Some(g.total(&mates)), g.best(true), "step {step}");
            last = mates;
        }
    }
}

/// The partners in the matcher's current matching (itself: unmatched, removed or the dummy's).
fn current_mates(m: &DenseMatcher<W>) -> Vec<usize> {
    let d = m.n - 1;
    (0..d)
        .map(|v| {
            if !m.alive[v] || m.mate[v] == super::NONE {
                return v;
            }
            let u = m.endp(m.mate[v]);
            if u == d { v } else { u }
        })
        .collect()
}

#[test]
fn exchanges_keep_a_maximum_weight_matching() {
    let mut rng = Rng(0x05ee_d0f4_c0de);
    let (mut made, mut refused) = (0, 0);
    for _ in 0..300 {
        let n = 2 * (rng.below(4) + 2);
        // Few distinct weights: many tight edges, so many exchanges are possible.
        let g = Graph::random(&mut rng, n, 2, 4);
        let mut m = DenseMatcher::new(n);
        g.load(&mut m);
        if m.solve().is_none() {
            continue;
        }
        let best = g.best(true);
        for _ in 0..6 {
            let (v, u) = (rng.below(n), rng.below(n));
            let before = current_mates(&m);
            if let Some((a, b)) = m.exchange(v, u) {
                made += 1;
                assert_eq!((a, b), (before[v], before[u]));
                let after = current_mates(&m);
                assert_eq!(after[v], u);
                assert_eq!(after[a], b);
                // Still a maximum-weight perfect matching, with the same duals.
                assert_eq!(Some(g.total(&after)), best, "w={:?}", g.w);
                assert_certificate(&m, "after an exchange");
                // A solve with nothing changed keeps it.
                assert_eq!(m.solve(), Some(after));
            } else {
                refused += 1;
                assert_eq!(
                    current_mates(&m),
                    before,
                    "a refused exchange changed the matching"
                );
            }
        }
        // After an edge between live vertices changed, no exchange until the next solve.
        let (a, b) = (0, 1);
        m.set(a, b, W::from_u64(g.w[a * n + b] + 7));
        for v in 0..n {
            for u in 0..n {
                assert_eq!(m.exchange(v, u), None);
            }
        }
    }
    assert!(
        made > 50 && refused > 50,
        "{made} exchanges made, {refused} refused"
    );
}

#[test]
fn a_fill_sets_what_pair_by_pair_sets() {
    let mut rng = Rng(0x0f11_a11f_0f11_a11f);
    for round in 0..60 {
        // Sizes across several tiles, odd and even.
        let n = rng.below(150) + 2;
        let g = Graph::random(&mut rng, n, 5, 2);
        let mut by_pair = DenseMatcher::new(n);
        g.load(&mut by_pair);
        let mut filled = DenseMatcher::new(n);
        // A second fill over a first one overwrites it, as the first matching's does.
        if round % 2 == 0 {
            filled.fill_all(|ids, p, o| ids.id(W::from_u64((p + o) as u64 % 3 + 1)));
        }
        let mut calls = 0usize;
        filled.fill_all(|ids, p, o| {
            assert!(o < p && p < n, "pair ({p}, {o}) out of range");
            calls += 1;
            ids.id(W::from_u64(g.w[p * n + o]))
        });
        assert_eq!(calls, n * (n - 1) / 2, "each pair once");
        for a in 0..n {
            for b in 0..n {
                assert_eq!(
                    filled.doubled.get(filled.w[a * filled.n + b]),
                    by_pair.doubled.get(by_pair.w[a * by_pair.n + b]),
                    "({a}, {b}) of {n}"
                );
            }
        }
        if let Some(mates) = by_pair.solve() {
            let other = filled
                .solve()
                .expect("the same graph has a perfect matching");
            assert_eq!(g.total(&mates), g.total(&other));
        }
    }
}

#[test]
fn excluded_pairs_are_in_no_maximum_weight_matching() {
    let mut rng = Rng(0x00e8_c10d_ed5e_ed01);
    let (mut excluded, mut open, mut loosened) = (0usize, 0usize, 0usize);
    for _ in 0..400 {
        let n = rng.below(6) + 5;
        // Few distinct weights: ties, blossoms, and many pairs some maximum-weight matching uses.
        let mut g = Graph::random(&mut rng, n, 3, 3);
        let mut m = DenseMatcher::new(n);
        g.load(&mut m);
        if m.solve().is_none() {
            continue;
        }
        // Fixed pairs leave one by one (as decisions do), without a solve between them.
        loop {
            let best = g.best(true);
            for v in 0..n {
                for u in 0..n {
                    if v == u || !g.alive[v] || !g.alive[u] || !m.excluded(v, u) {
                        continue;
                    }
                    excluded += 1;
                    // Forcing the pair loses weight (or leaves no perfect matching).
                    let x = g.w[v * n + u];
                    let mut rest = Graph {
                        n,
                        w: g.w.clone(),
                        alive: g.alive.clone(),
                    };
                    rest.alive[v] = false;
                    rest.alive[u] = false;
                    let forced = if x == 0 {
                        None
                    } else {
                        rest.best(true).map(|t| t + x)
                    };
                    assert!(
                        forced < best,
                        "({v}, {u}) excluded but in a maximum-weight matching: w={:?} alive={:?}",
                        g.w,
                        g.alive
                    );
                }
            }
            open += (0..n)
                .flat_map(|v| (0..n).map(move |u| (v, u)))
                .filter(|&(v, u)| v != u && g.alive[v] && g.alive[u] && !m.excluded(v, u))
                .count();
            let mates = current_mates(&m);
            let Some(a) = (0..n).find(|&v| g.alive[v] && mates[v] != v) else {
                break;
            };
            let b = mates[a];
            let was_loose = m.loose;
            m.remove(a, b);
            g.alive[a] = false;
            g.alive[b] = false;
            if m.loose && !was_loose {
                loosened += 1;
            }
        }
    }
    assert!(
        excluded > 1000 && open > 1000 && loosened > 5,
        "{excluded} pairs excluded, {open} not, {loosened} removals loosened the duals"
    );
}

#[test]
fn a_lowered_dual_keeps_the_matching_optimal_when_its_edges_fall() {
    let mut rng = Rng(0x0b0e_5f00_d5ee_d5ed);
    let (mut lowered, mut refused) = (0, 0);
    for _ in 0..300 {
        let n = 2 * (rng.below(4) + 2);
        let mut g = Graph::random(&mut rng, n, 6, 4);
        for x in &mut g.w {
            if *x != 0 {
                *x += 10;
            }
        }
        let mut m = DenseMatcher::new(n);
        g.load(&mut m);
        let Some(mates) = m.solve() else { continue };
        // A vertex and some others, its partner among them: its edges to them fall by `fall`.
        let v = rng.below(n);
        let mut spared = vec![false; n];
        spared[mates[v]] = true;
        for u in 0..n {
            if rng.below(2) == 0 {
                spared[u] = true;
            }
        }
        spared[v] = false;
        let fall = rng.below(4) as u64 + 1;
        let before = current_mates(&m);
        // Dissolving the blossoms around `v` (as the next solve would) may leave a matched edge
        // leaving one of them no longer tight: the certificate is whole only without them.
        let alone = m.inblossom[v] == v;
        if m.lower_dual(v, W::from_u64(2 * fall), &spared) {
            lowered += 1;
            let falling: Vec<usize> = (0..n)
                .filter(|&u| spared[u] && g.w[v * n + u] != 0)
                .collect();
            for u in falling {
                let x = g.w[v * n + u] - fall;
                g.w[v * n + u] = x;
                g.w[u * n + v] = x;
                m.set(v, u, W::from_u64(x));
            }
            // Feasible and, without blossoms around `v`, the same matching still tight; it is
            // of the best weight.
            assert_duals(&m, "after a lowered dual", alone);
            assert_eq!(current_mates(&m), before);
            assert_eq!(Some(g.total(&before)), g.best(true), "w={:?}", g.w);
        } else {
            refused += 1;
        }
        let after = m.solve().expect("a perfect matching exists");
        assert_eq!(Some(g.total(&after)), g.best(true), "w={:?}", g.w);
    }
    assert!(
        lowered > 50 && refused > 20,
        "{lowered} lowered, {refused} refused"
    );
}

#[test]
fn general_form_needs_a_blossom() {
    // The classic triangle with a pendant: the best matching (0-1, 2-3, weight 15) is found
    // only by shrinking the odd cycle 0-1-2.
    let mut m: DenseMatcher<W> = DenseMatcher::new(4);
    for (a, b, x) in [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)] {
        m.set(a, b, W::from_u64(x));
    }
    assert_eq!(m.solve_general(), vec![1, 0, 3, 2]);
}

#[test]
fn general_form_leaves_players_without_edges() {
    // A bracket where player 2 has no compatible opponent: the others pair, 2 floats.
    let mut m: DenseMatcher<W> = DenseMatcher::new(3);
    m.set(0, 1, W::from_u64(5));
    assert_eq!(m.solve_general(), vec![1, 0, 2]);
    // Without any edge, nobody is paired.
    let mut empty: DenseMatcher<W> = DenseMatcher::new(4);
    assert_eq!(empty.solve_general(), vec![0, 1, 2, 3]);
}

/// The optimality certificate of the matcher's state after a perfect solve: every edge between
/// live vertices (the dummy's too) has a non-negative slack, counting the duals of the
/// blossoms around both ends, and every matched edge is tight.
fn assert_certificate(m: &DenseMatcher<W>, what: &str) {
    assert_duals(m, what, true);
}

/// Every edge between live vertices has a non-negative slack (see [`assert_certificate`]) and,
/// with `matched_tight`, every matched edge is tight.
fn assert_duals(m: &DenseMatcher<W>, what: &str, matched_tight: bool) {
    let n = m.n;
    let signed = |x: W| -> i128 { i128::from(x.0[0].cast_signed()) };
    let ancestors = |v: usize| -> Vec<usize> {
        let mut c = Vec::new();
        let mut b = m.blossomparent[v];
        while b != super::NONE {
            c.push(b);
            b = m.blossomparent[b];
        }
        c
    };
    for a in 0..n {
        for b in 0..a {
            if !m.present(a, b) {
                continue;
            }
            let (ca, cb) = (ancestors(a), ancestors(b));
            let z: i128 = ca
                .iter()
                .filter(|x| cb.contains(x))
                .map(|&x| signed(m.dualvar[x]))
                .sum();
            let slack = signed(m.dualvar[a]) + signed(m.dualvar[b]) + 2 * z
                - signed(m.doubled.get(m.w[a * n + b]));
            assert!(slack >= 0, "{what}: edge ({a}, {b}) has slack {slack}");
            let matched = m.mate[a] != super::NONE && m.endp(m.mate[a]) == b;
            assert!(
                !matched_tight || !matched || slack == 0,
                "{what}: matched ({a}, {b}) has slack {slack}"
            );
        }
    }
}

/// The shape the Dutch engine gives the matcher, large enough for blossoms of hundreds of
/// vertices (rows of several 64-bit words in [`DenseMatcher::row_columns`]): a focus whose
/// weights vary, and a region of alike weights with a few pairs missing, where trees that
/// enter it make it one S-blossom. After each change (one focus vertex's edges, a pair
/// leaving) the warm-started solve keeps the optimality certificate and reaches the total of a
/// solve from scratch.
#[test]
fn a_large_region_of_alike_weights_keeps_warm_starts_optimal() {
    let mut rng = Rng(0x0b1a_2c3d_4e5f_6071);
    let n = 230;
    let focus: Vec<usize> = (0..40).collect();
    let mut g = Graph {
        n,
        w: vec![0; n * n],
        alive: vec![true; n],
    };
    let weight = |rng: &mut Rng, a: usize, b: usize| -> u64 {
        if a < 40 || b < 40 {
            900 + rng.next() % 200
        } else if rng.below(40) == 0 {
            0
        } else {
            1000
        }
    };
    for a in 0..n {
        for b in 0..a {
            let x = weight(&mut rng, a, b);
            g.w[a * n + b] = x;
            g.w[b * n + a] = x;
        }
    }
    let mut m = DenseMatcher::new(n);
    g.load(&mut m);
    m.focus(&focus);
    let from_scratch = |g: &Graph| -> u64 {
        let mut fresh = DenseMatcher::new(n);
        g.load(&mut fresh);
        for v in (0..n).filter(|&v| !g.alive[v]) {
            fresh.alive[v] = false;
        }
        let mates = fresh.solve().expect("a perfect matching exists");
        g.total(&mates)
    };
    let mut last = m.solve().expect("a perfect matching exists");
    assert_certificate(&m, "first solve");
    assert_eq!(g.total(&last), from_scratch(&g), "first solve");
    for step in 0..12 {
        if step % 2 == 0 {
            let v = focus[rng.below(focus.len())];
            for u in (0..n).filter(|&u| u != v) {
                let x = 900 + rng.next() % 200;
                g.w[v * n + u] = x;
                g.w[u * n + v] = x;
                m.set(v, u, W::from_u64(x));
            }
        } else if let Some(a) = (0..n).find(|&a| g.alive[a] && last[a] != a) {
            let b = last[a];
            m.remove(a, b);
            g.alive[a] = false;
            g.alive[b] = false;
        }
        last = m.solve().expect("a perfect matching exists");
        assert_certificate(&m, &format!("step {step}"));
        assert_eq!(g.total(&last), from_scratch(&g), "step {step}");
    }
}

/// The raises the pairs of `rows` (each with the later ones, or with every one of `cols`) ask,
/// pair by pair as the definition says: per vertex, the largest whole need and the largest
/// shared one.
fn reference_raises(
    m: &DenseMatcher<W>,
    rows: &[usize],
    cols: Option<&[usize]>,
    halves: bool,
) -> (Vec<Option<W>>, Vec<Option<W>>) {
    let n = m.n;
    let (mut by, mut shared) = (vec![None; n], vec![None; n]);
    let both = cols.is_none() && halves;
    for (x, &v) in rows.iter().enumerate() {
        for &u in cols.unwrap_or(&rows[x + 1..]) {
            let id = m.w[v * n + u];
            if id == 0 {
                continue;
            }
            let s = m.dualvar[v].add(m.dualvar[u]).sub(m.doubled.get(id));
            if !s.is_negative() {
                continue;
            }
            let need = W::zero().sub(s);
            let ask = |slot: &mut Option<W>| {
                if slot.is_none_or(|r| r < need) {
                    *slot = Some(need);
                }
            };
            if both {
                ask(&mut shared[v]);
                ask(&mut shared[u]);
            } else {
                ask(&mut by[v]);
            }
        }
    }
    (by, shared)
}

#[test]
fn pair_raises_by_class_match_the_pairs_one_by_one() {
    let mut rng = Rng(0x5eed_2026);
    for case in 0..300 {
        let n = 4 + rng.below(40);
        let (range, density) = (1 + rng.below(12) as u64, 1 + rng.below(4));
        let g = Graph::random(&mut rng, n, range, density);
        let mut m: DenseMatcher<W> = DenseMatcher::new(n);
        g.load(&mut m);
        // A few dual values (the class form) or many (more than its limit: pair by pair).
        let values = if case % 3 == 0 { 40 } else { 1 + rng.below(5) };
        let duals: Vec<u64> = (0..values).map(|_| rng.next() % 30).collect();
        for v in 0..n {
            m.dualvar[v] = W::from_u64(duals[rng.below(values)]);
        }
        let mut all: Vec<usize> = (0..n).filter(|_| rng.below(4) != 0).collect();
        let cut = rng.below(all.len() + 1);
        let cols: Vec<usize> = all.split_off(cut);
        for (rows, cols, halves) in [
            (&all[..], None, false),
            (&all[..], None, true),
            (&all[..], Some(&cols[..]), false),
        ] {
            let mut raise = super::Raises::default();
            raise.by.resize(m.n, None);
            raise.shared.resize(m.n, None);
            m.ask_pairs(&mut raise, rows, cols, halves);
            let (by, shared) = reference_raises(&m, rows, cols, halves);
            assert_eq!(raise.by[..n], by[..n], "case {case}: whole raises");
            assert_eq!(raise.shared[..n], shared[..n], "case {case}: shared raises");
            let mut touched = raise.touched.clone();
            touched.sort_unstable();
            touched.dedup();
            let asked: Vec<usize> = (0..n)
                .filter(|&v| by[v].is_some() || shared[v].is_some())
                .collect();
            assert_eq!(touched, asked, "case {case}: the vertices asked for");
        }
    }
}
