//! The two solves: the perfect one, warm-started from the last matching and its duals
//! ([`DenseMatcher::solve`]), and the general one from scratch ([`DenseMatcher::solve_general`]).
//! A warm start takes these steps before the stages ([`super::stages`]) augment: the blossoms
//! around changed vertices dissolved and the dummy seated or unseated ([`DenseMatcher::seat_dummy`]),
//! the changed edges made feasible ([`DenseMatcher::raise_changed`]), the dummy's dual lifted,
//! matched edges no longer tight undone, free vertices matched along tight edges, and the free
//! vertices' duals given one parity.

use super::{DenseMatcher, NONE};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// Solves the maximum-weight perfect matching of the live vertices (with the dummy when
    /// their number is odd). Returns each vertex's partner (itself for the dummy's partner or a
    /// removed vertex), or `None` when no perfect matching exists.
    pub fn solve(&mut self) -> Option<Vec<usize>> {
        let n = self.n;
        let d = n - 1;
        let fresh_dummy = self.seat_dummy();
        self.label.fill(0);
        self.labelend.fill(NONE);
        self.bestedge.fill(NONE);
        for lists in &mut self.blossombestedges {
            *lists = None;
        }
        self.raise_changed();
        self.lift_dummy(fresh_dummy);
        self.keep_tight_matches();
        self.match_tight_free();
        self.even_free_duals();
        self.failed = false;
        self.optimal = false;
        self.run();
        if self.failed || (0..n).any(|v| self.alive[v] && self.mate[v] == NONE) {
            return None;
        }
        self.optimal = true;
        self.loose = false;
        let mut out: Vec<usize> = (0..d).collect();
        for v in 0..d {
            if self.alive[v] {
                let u = self.endp(self.mate[v]);
                out[v] = if u == d { v } else { u };
            }
        }
        Some(out)
    }

    /// The first step of a warm start: the blossoms around each vertex whose edges changed are
    /// dissolved, and the dummy joins the graph when the number of live vertices is odd (leaves
    /// it, unmatching its partner, when even). Whether the dummy's dual must be lifted
    /// ([`Self::lift_dummy`]): it has just joined, or a general solve set the duals.
    fn seat_dummy(&mut self) -> bool {
        let n = self.n;
        let d = n - 1;
        let count = (0..d).filter(|&v| self.alive[v]).count();
        // Blossoms persist between solves, but not those around a vertex whose edges changed.
        for v in 0..n {
            if self.dirty[v] && self.alive[v] {
                self.dissolve_around(v);
            }
        }
        let odd = count % 2 == 1;
        // Whether the dummy joins the graph in this solve, or a general solve set the duals: its dual
        // may then be too low.
        let fresh_dummy = odd && (!self.dummy_on || std::mem::take(&mut self.dummy_stale));
        if odd && !self.dummy_on {
            self.dissolve_around(d);
            self.dummy_on = true;
            self.alive[d] = true;
            self.mate[d] = NONE;
        } else if !odd && self.dummy_on {
            self.dissolve_around(d);
            let p = self.mate[d];
            if p != NONE {
                let u = self.endp(p);
                self.dissolve_around(u);
                self.mate[u] = NONE;
            }
            self.mate[d] = NONE;
            self.dummy_on = false;
            self.alive[d] = false;
        }
        fresh_dummy
    }

    /// When `fresh_dummy` ([`Self::seat_dummy`]): the dummy's dual raised until every edge to it
    /// is feasible, `y_v + y_dummy >= 0` for every live `v`.
    fn lift_dummy(&mut self, fresh_dummy: bool) {
        let d = self.n - 1;
        // Between solves vertex duals only grow (raises, dissolved blossoms' duals), so the
        // dummy's edges stay feasible unless the dummy has just joined or a general solve set the duals
        // (an edge inside a blossom counts the blossom's dual too).
        debug_assert!(
            fresh_dummy
                || !self.dummy_on
                || (0..d).all(|v| !self.alive[v]
                    || self.inblossom[v] == self.inblossom[d]
                    || !self.dualvar[v].add(self.dualvar[d]).is_negative()),
            "an infeasible dummy edge"
        );
        if fresh_dummy {
            // A raise of the dummy's dual alone would leave the edges inside a blossom around
            // it no longer tight, while the matched ones there are kept as tight below: the
            // blossoms around it are dissolved first (their duals folded into their vertices).
            self.dissolve_around(d);
            // d_v + d_dummy >= 0 for every live v.
            for v in 0..d {
                if self.alive[v] {
                    let need = W::zero().sub(self.dualvar[v]);
                    if self.dualvar[d].sub(need).is_negative() {
                        self.dualvar[d] = need;
                    }
                }
            }
        }
    }

    /// Keeps only the matched edges between live vertices that are still tight (or inside a
    /// blossom); the others are undone.
    fn keep_tight_matches(&mut self) {
        let n = self.n;
        // Keep only tight matched edges between live vertices.
        for v in 0..n {
            let p = self.mate[v];
            if p == NONE {
                continue;
            }
            let u = self.endp(p);
            if u < v && self.mate[u] != NONE && self.endp(self.mate[u]) == v {
                // Checked from `u` and kept (the checks are symmetric).
                continue;
            }
            let k = p / 2;
            let keep = self.alive[v]
                && self.alive[u]
                && self.present(v, u)
                && self.mate[u] != NONE
                && self.endp(self.mate[u]) == v
                && ((self.inblossom[v] == self.inblossom[u] && self.inblossom[v] >= n)
                    || self.slack(k).is_zero());
            if !keep {
                self.mate[v] = NONE;
                if self.mate[u] != NONE && self.endp(self.mate[u]) == v {
                    self.mate[u] = NONE;
                }
            }
        }
    }

    /// Matches free vertices greedily along tight edges: fewer augmentations to do.
    fn match_tight_free(&mut self) {
        let n = self.n;
        // Each free live vertex in turn, with the first free one above it along a tight edge (the
        // free live vertices listed once: a solve after a decision has a few of thousands).
        let free: Vec<usize> = (0..n)
            .filter(|&v| self.alive[v] && self.mate[v] == NONE)
            .collect();
        for (x, &v) in free.iter().enumerate() {
            if self.mate[v] != NONE {
                continue;
            }
            for &u in &free[x + 1..] {
                if self.mate[u] == NONE && self.present(v, u) {
                    let k = v * n + u;
                    if self.slack(k).is_zero() {
                        self.mate[v] = 2 * k + 1;
                        self.mate[u] = 2 * k;
                        break;
                    }
                }
            }
        }
    }

    /// Gives every free live vertex an even dual (one parity for all of them: the halved
    /// S-to-S slacks of the dual changes rely on it).
    fn even_free_duals(&mut self) {
        let n = self.n;
        let one = W::from_u64(1);
        for v in 0..n {
            if self.alive[v] && self.mate[v] == NONE && !self.dualvar[v].and_one_is_zero() {
                // A free vertex in a blossom is its base: the whole blossom moves, its dual
                // paying for the change; a blossom without dual to spare is dissolved.
                while self.inblossom[v] >= n && self.dualvar[self.inblossom[v]].is_zero() {
                    self.dissolve_top(self.inblossom[v]);
                }
                let b = self.inblossom[v];
                if b >= n {
                    self.dualvar[b] = self.dualvar[b].sub(one);
                    let leaves = self.take_leaves(b);
                    for &x in &leaves.list {
                        self.dualvar[x] = self.dualvar[x].add(one);
                    }
                    self.put_leaves(b, leaves);
                } else {
                    self.dualvar[v] = self.dualvar[v].add(one);
                }
            }
        }
    }

    /// Solves a maximum-weight matching of the live vertices from scratch, not necessarily
    /// perfect: the general form, for a graph that may have no perfect matching (a round that
    /// cannot be completed, a bracket whose players may float down). Every vertex dual starts at
    /// the largest weight, there is no dummy, and the solve stops when the least vertex dual
    /// reaches zero (Galil's delta 1); each stage grows every free vertex's tree and ends at its
    /// first augmentation, as in the textbook form. Returns each vertex's partner (itself when
    /// unmatched or removed). The matching and its duals, with every blossom's dual folded into
    /// its vertices (which keeps them feasible), stay as the warm start of the next
    /// [`Self::solve`].
    pub fn solve_general(&mut self) -> Vec<usize> {
        self.optimal = false;
        let n = self.n;
        let d = n - 1;
        self.reset_blossoms();
        // The dummy stays out of this solve; its state is kept for the next perfect solve,
        // which checks its dual against the new ones (`dummy_stale`).
        let dummy = (self.dummy_on, self.alive[d], self.mate[d], self.dualvar[d]);
        self.dummy_on = false;
        self.alive[d] = false;
        let mut top = W::zero();
        for a in 0..d {
            if !self.alive[a] {
                continue;
            }
            for b in 0..a {
                if self.alive[b] {
                    top = top.max(self.doubled.get(self.w[a * n + b]));
                }
            }
        }
        // Doubled duals: `y_a + y_b >= 2 w(a, b)` for every edge.
        let top = top.half();
        for v in 0..d {
            if self.alive[v] {
                self.mate[v] = NONE;
                self.dualvar[v] = top;
            }
        }
        // The whole graph is the focus (no deferred rows), restored afterwards.
        let active = std::mem::replace(&mut self.active, vec![true; n]);
        let outside_max = std::mem::take(&mut self.outside_max);
        self.perfect = false;
        self.failed = false;
        self.run();
        self.perfect = true;
        self.active = active;
        self.outside_max = outside_max;
        let out = (0..d)
            .map(|v| {
                if self.alive[v] && self.mate[v] != NONE {
                    self.endp(self.mate[v])
                } else {
                    v
                }
            })
            .collect();
        self.reset_blossoms();
        (self.dummy_on, self.alive[d], self.mate[d], self.dualvar[d]) = dummy;
        self.dirty.fill(false);
        self.changed.clear();
        self.changed_overflow = false;
        self.dummy_stale = true;
        out
    }
}
