//! What the Dutch engines' decisions ask between solves: an exchange of partners in four
//! along tight edges, the exclusion of a pair by the current duals, a dual lowered ahead of
//! a change of weights, and the removal of a fixed pair.

use super::{DenseMatcher, NONE};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// Exchanges partners in four: when the last [`Self::solve`] found a maximum-weight perfect
    /// matching, no edge between live vertices changed since, `v` and `u` are matched to
    /// players `a` and `b` (not the dummy), all four stand in no blossom, and both `(v, u)`
    /// and `(a, b)` are present and tight under the current duals, the matching with those two
    /// pairs instead of `(v, a)` and `(u, b)` has the same weight (the four slacks are zero),
    /// and the same duals prove it optimal. Makes that exchange and returns `(a, b)`; `None`
    /// (nothing changed) when any condition fails. For a decision that only asks whether some
    /// maximum-weight matching pairs `v` with `u`: a yes found without a solve.
    pub fn exchange(&mut self, v: usize, u: usize) -> Option<(usize, usize)> {
        let d = self.n - 1;
        if !self.solved_unchanged()
            || v == u
            || v >= d
            || u >= d
            || self.mate[v] == NONE
            || self.mate[u] == NONE
        {
            return None;
        }
        let (a, b) = (self.endp(self.mate[v]), self.endp(self.mate[u]));
        let alone = |x: usize| self.inblossom[x] == x;
        if a == u
            || a >= d
            || b >= d
            || ![v, u, a, b].into_iter().all(alone)
            || !self.present(v, u)
            || !self.present(a, b)
            || !self.slack(v * self.n + u).is_zero()
            || !self.slack(a * self.n + b).is_zero()
        {
            return None;
        }
        self.mate[v] = self.remote(v, u);
        self.mate[u] = self.remote(u, v);
        self.mate[a] = self.remote(a, b);
        self.mate[b] = self.remote(b, a);
        Some((a, b))
    }

    /// Lowers the dual of `v` by `by` (doubled, as the duals are; a negative value raises it),
    /// after dissolving the blossoms around it, when every edge from `v` to a live vertex outside `spared`
    /// (per vertex; the dummy's edge included) keeps a non-negative slack; whether it did. For
    /// weights about to fall by `by` on the edges from `v` to the `spared` vertices: their
    /// slacks, and the tightness of a matched one, stay as they are.
    pub fn lower_dual(&mut self, v: usize, by: W, spared: &[bool]) -> bool {
        let n = self.n;
        let d = n - 1;
        if !self.alive[v] {
            return false;
        }
        // The next solve dissolves the blossoms around a vertex whose edges changed: done now,
        // so that the slacks below are the vertex duals' alone.
        self.dissolve_around(v);
        if by.is_negative() || by.is_zero() {
            self.dualvar[v] = self.dualvar[v].sub(by);
            return true;
        }
        let row = v * n;
        // Each edge's slack less `by`, with `v`'s dual less `by` at hand.
        let lowered = self.dualvar[v].sub(by);
        let feasible = (0..d).all(|u| {
            let id = self.w[row + u];
            u == v
                || id == 0
                || !self.alive[u]
                || spared[u]
                || !lowered
                    .add(self.dualvar[u])
                    .sub(self.doubled.get(id))
                    .is_negative()
        }) && !(self.dummy_on && lowered.add(self.dualvar[d]).is_negative());
        if feasible {
            self.dualvar[v] = self.dualvar[v].sub(by);
        }
        feasible
    }

    /// Whether the last [`Self::solve`] found a maximum-weight perfect matching and no edge
    /// between live vertices changed since (fixed pairs may have left).
    pub(super) fn solved_unchanged(&self) -> bool {
        self.optimal
            && !self.changed_overflow
            && !self
                .changed
                .iter()
                .any(|&(i, j)| self.alive[i] && self.alive[j])
    }

    /// Whether no maximum-weight perfect matching of the live vertices pairs `v` with `u`, as
    /// the current duals prove: when the last [`Self::solve`] found a maximum-weight perfect
    /// matching, no edge between live vertices changed since and every matched edge is still
    /// tight, those duals are optimal, and by complementary slackness every maximum-weight
    /// perfect matching uses only edges whose slack (with the duals of the blossoms holding
    /// both endpoints, which are never negative) is zero: an edge whose slack without them is
    /// already positive is in none. `false` when it cannot tell. A decision that asks for the
    /// highest opponent some maximum-weight matching gives a player skips, without a solve,
    /// every higher opponent this excludes.
    #[must_use]
    pub fn excluded(&self, v: usize, u: usize) -> bool {
        let d = self.n - 1;
        if !self.solved_unchanged() || self.loose || v == u || v >= d || u >= d {
            return false;
        }
        if !self.present(v, u) {
            return true;
        }
        let s = self.slack(v * self.n + u);
        !s.is_negative() && !s.is_zero()
    }

    /// Removes a pair of vertices (a fixed pair) from the graph.
    pub fn remove(&mut self, a: usize, b: usize) {
        let n = self.n;
        // Dissolving a blossom folds its dual into its leaves: an edge with both ends in it keeps
        // its slack, one with a single end in it gains the dual. Of the matched edges, only the
        // blossom's base's leaves it (the blossom is full), so the duals still prove the matching
        // optimal unless such an edge, between live vertices, is loose afterwards. (No blossom
        // left holds both its ends: those around the base that hold its partner are the ones
        // dissolved.)
        let mut bases = Vec::new();
        for v in [a, b] {
            if self.optimal && !self.loose {
                let mut p = self.blossomparent[v];
                while p != NONE {
                    if !self.dualvar[p].is_zero() {
                        bases.push(self.blossombase[p]);
                    }
                    p = self.blossomparent[p];
                }
            }
            self.dissolve_around(v);
        }
        for v in [a, b] {
            self.alive[v] = false;
            self.mate[v] = NONE;
        }
        for &x in &bases {
            if self.alive[x] && self.mate[x] != NONE {
                let m = self.endp(self.mate[x]);
                debug_assert!(self.inblossom[x] != self.inblossom[m] || self.inblossom[x] < n);
                if self.alive[m] && !self.slack(x * n + m).is_zero() {
                    self.loose = true;
                    break;
                }
            }
        }
    }
}
