//! Forming a blossom: the odd cycle two S-vertices close, its leaves, and its least-slack
//! edges to the other S-blossoms.

use super::{DenseMatcher, NONE};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// The base of the blossom that edge `(v, w)` between two S-blossoms closes, found by
    /// walking both trees up in turn (the blossoms passed marked with label 5 meanwhile), or
    /// `NONE` when the trees differ: the edge then joins two roots by an augmenting path.
    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endp(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endp(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// Forms a blossom around the cycle that the tight edge `k` between two S-blossoms of one
    /// tree closes (`base` from [`Self::scan_blossom`]): an S-blossom with a zero dual whose
    /// children are the top-level blossoms on the cycle, from the base's. Its leaves become
    /// S-vertices (the T-children's are queued for their scan) and, unless the stage has
    /// augmented already, its least-slack edges to the other S-blossoms are gathered for the
    /// next dual change. Nothing happens when no blossom number is left (never, with `n` of them).
    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let Some((b, path)) = self.link_blossom(base, k) else {
            return;
        };
        self.gather_leaves(b, &path);
        if self.stale {
            // After an augmentation the stage restarts before any dual change: no best edges.
            for &bv in &path {
                self.blossombestedges[bv] = None;
                self.bestedge[bv] = NONE;
            }
            return;
        }
        self.blossom_best_edges(b, &path);
    }

    /// The first step of [`Self::add_blossom`]: a blossom number `b` taken, the cycle's
    /// top-level blossoms made its children (from the base's, in the cycle's order, with the
    /// endpoints of the edges between them), labelled S with the base's label edge and a zero
    /// dual. Returns `b` and its children, `None` when no blossom number is left.
    fn link_blossom(&mut self, base: usize, k: usize) -> Option<(usize, Vec<usize>)> {
        let (mut v, mut w) = self.edge(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop()?;
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endp(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endp(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        self.blossom_gen[b] += 1;
        self.blossomchilds[b].clone_from(&path);
        self.blossomendps[b] = endps;
        Some((b, path))
    }

    /// The second step of [`Self::add_blossom`]: the new blossom `b`'s list of leaves, child by
    /// child from `path` (its children), each leaf's top-level blossom set to `b`.
    fn gather_leaves(&mut self, b: usize, path: &[usize]) {
        // A child's list moves or is copied into the new
        // blossom's (or its tree is walked when it holds none). Each child is top-level until
        // here, so its label is its leaves' blossom's: a T-child's leaves become S-vertices.
        // The list is allocated at its exact length rather than grown by doubling.
        let total: usize = path
            .iter()
            .map(|&c| if c < self.n { 1 } else { self.nleaves[c] })
            .sum();
        let mut flat = Vec::new();
        for &c in path {
            let start = flat.len();
            if c < self.n {
                flat.reserve_exact(total - start);
                flat.push(c);
            } else if let Some(list) = self.flat[c].take() {
                if start == 0 {
                    flat = list;
                    flat.reserve_exact(total - flat.len());
                } else {
                    flat.extend_from_slice(&list);
                }
            } else {
                flat.reserve_exact(total - start);
                self.walk_leaves(c, &mut flat);
            }
            let t_child = self.label[c] == 2;
            for &v in &flat[start..] {
                if t_child {
                    self.enqueue(v);
                }
                self.t_bits[v / 64] &= !(1 << (v % 64));
                self.inblossom[v] = b;
            }
        }
        self.nleaves[b] = flat.len();
        #[cfg(debug_assertions)]
        self.check_list(b, &flat);
        self.flat[b] = Some(flat);
    }

    /// The last step of [`Self::add_blossom`]: the least-slack edge from the new blossom `b` to
    /// each other S-blossom, from its children's (`path`) lists of best edges or, for a child
    /// without one, from its leaves' rows; `b`'s best edge is the least of them. (One function,
    /// as it was within `add_blossom`: the loop over the leaves is among the matcher's hottest.)
    fn blossom_best_edges(&mut self, b: usize, path: &[usize]) {
        // The least-slack edge from the new blossom to each other S-blossom.
        let mut bestedgeto = std::mem::take(&mut self.bestedgeto);
        let mut bestslackto = std::mem::take(&mut self.bestslackto);
        bestedgeto.resize(2 * self.n, NONE);
        bestslackto.resize(2 * self.n, W::zero());
        // The blossoms `bestedgeto` names an edge to, in the order first reached.
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        let consider = |me: &Self,
                        k: usize,
                        bestedgeto: &mut [usize],
                        bestslackto: &mut [W],
                        touched: &mut Vec<usize>| {
            let (i, j) = me.edge(k);
            let o = if me.inblossom[j] == b { i } else { j };
            let bj = me.inblossom[o];
            if bj != b && me.label[bj] == 1 {
                // `slack(k)`, with the endpoints at hand.
                let sl = me.dualvar[i]
                    .add(me.dualvar[j])
                    .sub(me.doubled.get(me.w[k]));
                if bestedgeto[bj] == NONE {
                    touched.push(bj);
                }
                if bestedgeto[bj] == NONE || sl < bestslackto[bj] {
                    bestedgeto[bj] = k;
                    bestslackto[bj] = sl;
                }
            }
        };
        let mut leaves = Vec::new();
        let mut others: Option<Vec<usize>> = None;
        for &bv in path {
            if let Some(list) = self.blossombestedges[bv].take() {
                for k in list {
                    consider(self, k, &mut bestedgeto, &mut bestslackto, &mut touched);
                }
            } else {
                // As `consider` on every edge of the leaves, in the same order, without
                // recovering the endpoints from the edge index.
                leaves.clear();
                self.leaves(bv, &mut leaves);
                let n = self.n;
                // Only the S-vertices of the other S-blossoms count, in ascending order as in a
                // scan of every vertex: listed once for all the children (labels and blossoms do
                // not change while they are read). In a stage whose tree labels the tight region
                // below the next scoregroup, most S-vertices are in the new blossom already.
                if others.is_none() {
                    if self.s_sorted != self.s_list.len() {
                        // A sorted prefix and a short tail: the stable sort finds the prefix as
                        // one run and merges it with the sorted tail (the unstable sort re-sorted
                        // the whole list: 4 % of a 5,000-player round).
                        #[expect(
                            clippy::stable_sort_primitive,
                            reason = "the stable sort merges the sorted prefix in linear time"
                        )]
                        self.s_list.sort();
                        self.s_sorted = self.s_list.len();
                    }
                    others = Some(
                        self.s_list
                            .iter()
                            .copied()
                            .filter(|&u| {
                                let bj = self.inblossom[u];
                                bj != b && self.label[bj] == 1
                            })
                            .collect(),
                    );
                }
                let others = others.as_deref().unwrap_or_default();
                let dummy = if self.dummy_on { n - 1 } else { NONE };
                for &v in &leaves {
                    // `v`'s dual and row at hand. The others are live S-vertices outside the
                    // new blossom, so an edge is there when it has a weight or joins the dummy.
                    let (dv, row) = (self.dualvar[v], v * n);
                    for &u in others {
                        let id = self.w[row + u];
                        debug_assert_eq!(id != 0 || v == dummy || u == dummy, self.present(v, u));
                        if id == 0 && v != dummy && u != dummy {
                            continue;
                        }
                        let bj = self.inblossom[u];
                        let sl = dv.add(self.dualvar[u]).sub(self.doubled.get(id));
                        if bestedgeto[bj] == NONE {
                            touched.push(bj);
                        }
                        if bestedgeto[bj] == NONE || sl < bestslackto[bj] {
                            bestedgeto[bj] = v.min(u) * n + v.max(u);
                            bestslackto[bj] = sl;
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        self.keep_best_edges(b, bestedgeto, bestslackto, touched);
    }

    /// The end of [`Self::blossom_best_edges`]: `b`'s list of best edges, one per S-blossom
    /// `touched` names (ascending), and its least; the scratch vectors go back to the matcher,
    /// `bestedgeto` all `NONE` again.
    fn keep_best_edges(
        &mut self,
        b: usize,
        mut bestedgeto: Vec<usize>,
        bestslackto: Vec<W>,
        mut touched: Vec<usize>,
    ) {
        let mut best = Vec::new();
        let mut be = NONE;
        let mut bs = W::zero();
        // In ascending order of blossom, as a pass over all of `bestedgeto`; the slacks were
        // computed with the current duals.
        touched.sort_unstable();
        for &x in &touched {
            let k = bestedgeto[x];
            best.push(k);
            bestedgeto[x] = NONE;
            let sl = bestslackto[x];
            if be == NONE || sl < bs {
                be = k;
                bs = sl;
            }
        }
        self.touched = touched;
        self.bestedgeto = bestedgeto;
        self.bestslackto = bestslackto;
        self.blossombestedges[b] = Some(best);
        self.bestedge[b] = be;
    }
}
