//! The focus: the bracket being paired. Rows of the focus read the players outside it only
//! when a dual change could make one of those edges tight (a bound per block of [`BLOCK`]
//! vertices), so a tree inside the bracket costs the bracket's size rather than the graph's.

use super::{BLOCK, DenseMatcher};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// Focuses the solves on `vertices` (the bracket being paired): an S-vertex of the focus
    /// whose edges leaving the focus all have a positive slack, by a bound from the largest
    /// weight among them and the least dual outside, scans the focus only, and the rest of its
    /// row waits until a dual change could make one of those edges tight or their least slack
    /// is wanted. The result is the same; the scans of a tree inside the bracket cost the
    /// bracket's size rather than the graph's. The dummy is always in the focus.
    pub fn focus(&mut self, vertices: &[usize]) {
        let n = self.n;
        self.active.fill(false);
        for &v in vertices {
            self.active[v] = true;
        }
        self.active[n - 1] = true;
        let mut count = 0u32;
        for v in 0..n {
            self.focus_index[v] = if self.active[v] {
                count += 1;
                count - 1
            } else {
                u32::MAX
            };
        }
        let nb = self.blocks;
        // Each block's greatest weight as the greatest rank of its weights' ids (ranked by
        // value once, a few tens of thousands at 9,999 players): a row of the focus reads every
        // vertex, about n^2 entries in all, and a rank compares as one word where a weight
        // compares limb by limb. (Distinct ids hold distinct values: the ranks order them.)
        let mut by_value: Vec<u32> = (0..self.doubled.len() as u32).collect();
        by_value.sort_unstable_by_key(|&id| self.doubled.get(id));
        let mut rank = vec![0u32; by_value.len()];
        for (r, &id) in by_value.iter().enumerate() {
            rank[id as usize] = r as u32;
        }
        // Per slot: 0 for no edge, else one more than the greatest rank.
        let mut top = vec![0u32; count as usize * nb];
        // The live players outside the focus: the columns each row of the focus reads.
        let outside: Vec<usize> = (0..n - 1)
            .filter(|&u| !self.active[u] && self.alive[u])
            .collect();
        for v in 0..n - 1 {
            if !self.active[v] || !self.alive[v] {
                continue;
            }
            let row = v * n;
            let slots = &mut top[self.focus_index[v] as usize * nb..][..nb];
            for &u in &outside {
                let id = self.w[row + u];
                if id != 0 {
                    let r = rank[id as usize] + 1;
                    let slot = &mut slots[u / BLOCK];
                    if *slot < r {
                        *slot = r;
                    }
                }
            }
        }
        self.outside_max.clear();
        self.outside_max.extend(
            top.iter()
                .map(|&r| if r == 0 { 0 } else { by_value[r as usize - 1] }),
        );
    }

    /// Queues every deferred part of a row (entries `n + v * blocks + b`).
    pub(super) fn flush_deferred(&mut self) {
        let n = self.n;
        self.defer_least = None;
        for p in std::mem::take(&mut self.deferred) {
            self.queue.push(n + p);
        }
    }

    /// The bound on the slack of every edge from `v` to block `b` outside the focus,
    /// `y_v + min_out[b] - outside_max[v, b]` (`min_out[b]`: the least dual of the block's
    /// vertices outside the focus), or `None` when there is no such edge.
    pub(super) fn outside_bound(&self, v: usize, b: usize, min_out: &[Option<W>]) -> Option<W> {
        match (
            self.outside_max[self.focus_index[v] as usize * self.blocks + b],
            min_out[b],
        ) {
            (0, _) | (_, None) => None,
            (m, Some(y)) => Some(self.dualvar[v].add(y).sub(self.doubled.get(m))),
        }
    }
}
