//! The dual variables: slacks (cached per best edge while the duals stay), duals set in
//! closed form, and the dual change (Galil's delta) that ends each turn of a stage.

use super::stages::{DualChange, Sweep};
use super::{DenseMatcher, NONE};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// Replaces the vertex duals by `duals` (doubled, one per player: even values with
    /// `duals[a] + duals[b]` at least twice the weight of every edge `(a, b)`), after every edge
    /// changed: for weights that are (nearly) a sum of one term per player plus a constant on
    /// every edge present, whose duals are known in closed form and make (most) edges tight.
    /// The dummy's dual becomes minus the least. Blossoms are dissolved; matched edges still
    /// tight are kept by the next solve, the others are unmatched; no raise is needed.
    pub fn set_duals(&mut self, duals: &[W]) {
        self.optimal = false;
        self.reset_blossoms();
        let d = self.n - 1;
        let mut least: Option<W> = None;
        for v in 0..d {
            debug_assert!(duals[v].and_one_is_zero(), "an odd dual");
            self.dualvar[v] = duals[v];
            if self.alive[v] && least.is_none_or(|m| duals[v].sub(m).is_negative()) {
                least = Some(duals[v]);
            }
        }
        // The dummy: `y_v + y_dummy >= 0` for every live `v`, tight for the least.
        self.dualvar[d] = W::zero().sub(least.unwrap_or_default());
        #[cfg(debug_assertions)]
        for a in 0..d {
            for b in 0..a {
                if self.alive[a] && self.alive[b] && self.w[a * self.n + b] != 0 {
                    assert!(
                        !self.slack(a * self.n + b).is_negative(),
                        "infeasible duals"
                    );
                }
            }
        }
        self.dirty.fill(false);
        self.changed.clear();
        self.changed_overflow = false;
        self.halves = false;
    }

    #[inline]
    pub(super) fn slack(&self, k: usize) -> W {
        let (i, j) = self.edge(k);
        self.dualvar[i]
            .add(self.dualvar[j])
            .sub(self.doubled.get(self.w[k]))
    }

    /// The slack of `bestedge[b]` (which must be set), cached while the duals stay unchanged.
    #[inline]
    pub(super) fn best_slack(&mut self, b: usize) -> &W {
        let k = self.bestedge[b];
        let (ck, ce) = (self.best_cache[b].0, self.best_cache[b].1);
        if ck == k && ce == self.epoch {
            debug_assert!(self.best_cache[b].2 == self.slack(k), "stale cached slack");
        } else {
            let v = self.slack(k);
            self.best_cache[b] = (k, self.epoch, v);
        }
        // By reference: the callers compare it in place rather than copy it out.
        &self.best_cache[b].2
    }

    /// After a dual change by `delta` (S-vertices down, T-vertices up, all by exactly `delta`):
    /// the slacks cached in the previous epoch for the best edges that the next dual change
    /// reads are carried into the current one, as their exact new values. A free vertex's (or
    /// unlabelled blossom's) best edge goes to an S-vertex, so its slack falls by `delta`; a
    /// top-level S-blossom's goes to another S-blossom, so its slack falls by `2 delta`. (Labels
    /// only grow between dual changes: a stage that augments makes none.)
    pub(super) fn shift_best_slacks(&mut self, delta: W) {
        let n = self.n;
        let old = self.epoch - 1;
        let twice = delta.add(delta);
        for v in 0..n {
            let k = self.bestedge[v];
            if k == NONE || self.label[self.inblossom[v]] != 0 {
                continue;
            }
            let (ck, ce, cv) = self.best_cache[v];
            if ck == k && ce == old {
                self.best_cache[v] = (k, self.epoch, cv.sub(delta));
            }
        }
        for b in 0..2 * n {
            let k = self.bestedge[b];
            if k == NONE || self.blossomparent[b] != NONE || self.label[b] != 1 {
                continue;
            }
            let (ck, ce, cv) = self.best_cache[b];
            if ck == k && ce == old {
                self.best_cache[b] = (k, self.epoch, cv.sub(twice));
            }
        }
    }

    /// The dual change (Galil's delta): the least of the slack of a free vertex's best edge
    /// to an S-vertex (delta 2), half that of an S-blossom's best edge to another (delta 3),
    /// a T-blossom's dual (delta 4) and, in a general solve, the least vertex dual (delta 1).
    /// Applied when every deferred edge keeps a positive slack (else those rows are queued
    /// first); then the edge it made tight is followed, or the T-blossom expanded. `Stop`:
    /// the matching is optimal (delta 1), or no perfect matching exists (no delta at all in
    /// a perfect solve, which sets `failed`).
    pub(super) fn dual_change(&mut self, sweep: &mut Sweep<W>) -> DualChange {
        let delta = self.least_delta(sweep);
        // The dual change goes ahead only if every deferred edge keeps a positive slack
        // (`delta` below each deferred S-vertex's bound); else the deferred rows are read
        // first.
        if !self.deferred.is_empty() && !self.deferred_stay_positive(&delta, sweep) {
            self.flush_deferred();
            return DualChange::Grow;
        }
        self.apply_delta(delta.amount, sweep);
        match delta.kind {
            2 => {
                self.allow(delta.edge);
                let (mut i, j) = self.edge(delta.edge);
                if self.label[self.inblossom[i]] == 0 {
                    i = j;
                }
                self.enqueue(i);
            }
            3 => {
                self.allow(delta.edge);
                let (i, _) = self.edge(delta.edge);
                self.enqueue(i);
            }
            4 => self.expand_blossom(delta.blossom, false),
            0 => {
                self.failed = true;
                return DualChange::Stop;
            }
            _ => return DualChange::Stop,
        }
        DualChange::Grow
    }

    /// The least delta of [`Self::dual_change`] and what bounds it.
    fn least_delta(&mut self, sweep: &Sweep<W>) -> Delta<W> {
        let n = self.n;
        // delta1: the minimum vertex dual.
        let mut deltatype = 1;
        let mut delta = if self.perfect {
            deltatype = 0;
            W::zero()
        } else {
            // Over the live vertices: the others keep whatever duals they had.
            sweep
                .live
                .iter()
                .map(|&v| self.dualvar[v])
                .min()
                .unwrap_or_default()
        };
        let mut deltaedge = NONE;
        let mut deltablossom = NONE;
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.best_slack(v);
                if deltatype == 0 || *d < delta {
                    delta = *d;
                    deltatype = 2;
                    deltaedge = self.bestedge[v];
                }
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.best_slack(b).half();
                if deltatype == 0 || d < delta {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b];
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && (deltatype == 0 || self.dualvar[b] < delta)
            {
                delta = self.dualvar[b];
                deltatype = 4;
                deltablossom = b;
            }
        }
        Delta {
            kind: deltatype,
            amount: delta,
            edge: deltaedge,
            blossom: deltablossom,
        }
    }

    /// Whether every deferred edge keeps a positive slack after a dual change by `delta` (one
    /// comparison with the least deferred bound); `false` when there is no delta.
    fn deferred_stay_positive(&self, delta: &Delta<W>, sweep: &Sweep<W>) -> bool {
        let nb = self.blocks;
        let (deltatype, delta) = (delta.kind, delta.amount);
        let safe = deltatype != 0
            && self
                .defer_least
                .is_none_or(|m| delta.sub(m.sub(self.defer_shift)).is_negative());
        // The same as asking every deferred part whose vertex is still an S-vertex (all
        // are: a stage changes no dual after an augmentation).
        debug_assert!(
            deltatype == 0
                || safe
                    == self.deferred.iter().all(|&p| {
                        let v = p / nb;
                        self.label[self.inblossom[v]] != 1
                            || self
                                .outside_bound(v, p % nb, &sweep.min_out)
                                .is_none_or(|lb| delta.sub(lb).is_negative())
                    }),
            "the least deferred bound disagrees"
        );
        safe
    }

    /// Changes the duals by `delta`: S-vertices down, T-vertices up, top-level S-blossoms up,
    /// T-blossoms down (in a general solve, vertex duals stop at zero), in a new epoch whose
    /// cached slacks are carried over ([`Self::shift_best_slacks`]).
    fn apply_delta(&mut self, delta: W, sweep: &mut Sweep<W>) {
        let n = self.n;
        self.epoch += 1;
        self.defer_shift = self.defer_shift.add(delta);
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 if self.perfect => self.dualvar[v] = self.dualvar[v].sub(delta),
                1 => self.dualvar[v] = self.dualvar[v].saturating_sub(delta),
                2 => self.dualvar[v] = self.dualvar[v].add(delta),
                _ => continue,
            }
            if !self.active[v] {
                sweep.outside_moved = true;
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] = self.dualvar[b].add(delta),
                    2 => self.dualvar[b] = self.dualvar[b].saturating_sub(delta),
                    _ => {}
                }
            }
        }
        if self.perfect {
            self.shift_best_slacks(delta);
        }
    }
}

/// A dual change's amount (`delta`) and what bounds it (`kind`): 0 nothing (no perfect
/// matching), 1 the least vertex dual, 2 a free vertex's best `edge`, 3 an S-blossom's best
/// `edge`, 4 a T-blossom's dual (`blossom`).
struct Delta<W> {
    kind: u8,
    amount: W,
    edge: usize,
    blossom: usize,
}
