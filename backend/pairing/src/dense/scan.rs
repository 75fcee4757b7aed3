//! Tree growth: labels, the queue of S-vertices and the scan of their rows along tight
//! edges (labelling, forming blossoms, augmenting, recording least-slack edges).

use super::stages::{Stage, Sweep};
use super::{DenseMatcher, NONE};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// Queues an S-vertex for its scan and records it among this stage's S-vertices.
    pub(super) fn enqueue(&mut self, v: usize) {
        if self.active[v] {
            self.queue.push(v);
        } else {
            self.far.push(v);
        }
        if self.s_mark[v] != self.s_stamp {
            self.s_mark[v] = self.s_stamp;
            self.s_list.push(v);
        }
    }

    /// Labels `w`'s top-level blossom `t` (1: S, 2: T) through endpoint `p` (`NONE` for a root),
    /// in the tree of `p`'s vertex; an S-blossom's leaves are queued for their scan, and a
    /// T-blossom's mate gets the S-label in turn.
    pub(super) fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        let root = if p == NONE {
            w
        } else {
            self.rootof[self.endp(p)]
        };
        let leaves = self.take_leaves(b);
        for &v in &leaves.list {
            self.rootof[v] = root;
        }
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            for &v in &leaves.list {
                self.enqueue(v);
            }
        }
        self.put_leaves(b, leaves);
        if t == 2 {
            let base = self.blossombase[b];
            let m = self.mate[base];
            self.assign_label(self.endp(m), 1, m ^ 1);
        }
    }

    /// Grows the alternating trees along tight edges: scans the queued S-vertices (the focus
    /// first) until the queue is empty or, in a general solve, the first augmentation.
    /// Least-slack edges are recorded for the next dual change.
    pub(super) fn grow(&mut self, sweep: &mut Sweep<W>, stage: &mut Stage) {
        let n = self.n;
        let nb = self.blocks;
        let Sweep {
            live_bits,
            inside_bits,
            outside,
            block_start,
            min_out,
            cols_buf,
            ..
        } = sweep;
        loop {
            // A general solve ends its stage at the first augmentation, as the textbook
            // algorithm does (its free vertices must all stay S-vertices).
            if stage.augmented && !self.perfect {
                break;
            }
            // The focus first. Outside it, once this stage has augmented, the trees are left
            // for the next stage: the region there is mostly tight, so a tree that enters it
            // labels most of it, and the stage ends without a dual change anyway.
            let next = match self.queue.pop() {
                Some(e) => Some(e),
                None if stage.augmented => None,
                None => self.far.pop(),
            };
            let Some(e) = next else { break };
            // An entry `n + v * blocks + b`: a part of `v`'s row deferred earlier.
            let (v, rest) = if e >= n {
                ((e - n) / nb, Some((e - n) % nb))
            } else {
                (e, None)
            };
            if self.label[self.inblossom[v]] != 1 {
                // Its tree was used by an augmentation in this stage.
                continue;
            }
            if stage.defer_ok && !self.active[v] {
                // A vertex outside the focus is labelled: no more deferral, and the deferred
                // rows are read before the next dual change.
                stage.defer_ok = false;
            }
            let cols: &[usize] = if let Some(b) = rest {
                &outside[block_start[b]..block_start[b + 1]]
            } else if stage.defer_ok && v != n - 1 {
                // The focus, and each block outside whose slacks may not all be positive; the
                // others wait. (Not for the dummy: its edges weigh zero and are not interned.)
                // The focus less the vertices its scan would pass over at once, as for a
                // whole row: at 5,000 players, 41.5 million of the 110 million entries these
                // scans read were T-vertices met before or leaves of `v`'s own blossom.
                self.row_columns(v, inside_bits, cols_buf);
                for b in 0..nb {
                    if block_start[b] == block_start[b + 1] {
                        continue;
                    }
                    let bound = self.outside_bound(v, b, min_out);
                    if bound.is_none_or(|lb| !lb.is_negative() && !lb.is_zero()) {
                        self.deferred.push(v * nb + b);
                        if let Some(lb) = bound {
                            let key = lb.add(self.defer_shift);
                            if self.defer_least.is_none_or(|m| key.sub(m).is_negative()) {
                                self.defer_least = Some(key);
                            }
                        }
                    } else {
                        cols_buf.extend_from_slice(&outside[block_start[b]..block_start[b + 1]]);
                    }
                }
                cols_buf
            } else {
                self.row_columns(v, live_bits, cols_buf);
                cols_buf
            };
            let key = (self.epoch, self.s_stamp, self.drop_stamp);
            if self.twins_key != key {
                self.twins_key = key;
                self.twins.clear();
            }
            let dv = self.dualvar[v];
            let twin = self.twins.get(&dv).copied().unwrap_or(NONE);
            let whole = rest.is_none() && !(stage.defer_ok && v != n - 1);
            if self.scan(v, cols, rest.is_some(), twin) {
                stage.augmented = true;
            } else if whole {
                self.twins.insert(dv, v);
            }
        }
    }

    /// The scan of S-vertex `v`'s edges to `cols` (vertex duals do not change during it):
    /// labels along tight edges, forms blossoms, records least-slack edges; whether it
    /// augmented (which ends the scan). `deferred`: a part of the row put off earlier, whose
    /// slacks are all positive.
    #[inline]
    pub(super) fn scan(&mut self, v: usize, cols: &[usize], deferred: bool, twin: usize) -> bool {
        let n = self.n;
        let dv = self.dualvar[v];
        let row = v * n;
        let dummy_row = self.dummy_on && v == n - 1;
        // `v`'s top-level blossom, which only a blossom formed during this scan changes.
        let mut bv = self.inblossom[v];
        for &u in cols {
            let w = u;
            // No edge, inside `v`'s blossom (`v` itself too), or a T-vertex reached already:
            // nothing to do. The edge first: read in row order, it spares the labels' loads
            // for a fifth of the entries (at 5,000 players, 25.6 million of 122 million); the
            // columns already leave out most of `v`'s blossom and the T-vertices met before
            // (see [`Self::row_columns`]).
            let id = self.w[row + u];
            if id == 0 && !(dummy_row || (self.dummy_on && u == n - 1)) {
                continue;
            }
            let bw = self.inblossom[w];
            if bv == bw {
                continue;
            }
            if self.label[bw] == 2 && self.label[w] != 0 {
                self.t_bits[w / 64] |= 1 << (w % 64);
                continue;
            }
            let mut kslack = W::zero();
            let mut ok = self.allowed_pair(row + u);
            if !ok
                && twin != NONE
                && id != 0
                && self.label[w] == 0
                && self.label[bw] != 1
                && self.w[twin * n + u] == id
            {
                // A vertex outside the S-blossoms, not yet labelled: `twin` (the same dual, its
                // whole row read in this epoch and stage) offered it this same slack already,
                // which was no less than its best edge's and not zero (else `w` would be
                // labelled), so nothing here changes. (Not for the dummy's edges, id 0 in
                // every row: a row with no edge to `w` offered nothing.)
                debug_assert!(
                    self.bestedge[w] != NONE && {
                        let s = dv.add(self.dualvar[u]).sub(self.doubled.get(id));
                        !s.is_zero() && s >= *self.best_slack(w)
                    },
                    "a twin's edge would have changed the best edge"
                );
                continue;
            }
            let p = self.remote(v, u);
            let k = p / 2;
            if !ok {
                kslack = dv.add(self.dualvar[u]).sub(self.doubled.get(id));
                debug_assert!(
                    !deferred || !(kslack.is_zero() || kslack.is_negative()),
                    "a deferred edge lost its positive slack"
                );
                if kslack.is_zero() {
                    self.allow(k);
                    ok = true;
                }
            }
            if ok {
                if self.label[bw] == 0 {
                    if self.mate[self.blossombase[bw]] == NONE {
                        // A free vertex that roots no tree (a free vertex of the focus
                        // while those outside it root the trees: see [`Self::begin_stage`]).
                        let ra = self.rootof[v];
                        self.augment_matching(k);
                        if self.perfect {
                            // The other trees go on growing, as after any augmentation.
                            self.drop_trees(ra, ra);
                            self.stale = true;
                        }
                        return true;
                    }
                    self.assign_label(w, 2, p ^ 1);
                } else if self.label[bw] == 1 {
                    let base = self.scan_blossom(v, w);
                    if base == NONE {
                        let (ra, rb) = (self.rootof[v], self.rootof[w]);
                        self.augment_matching(k);
                        if self.perfect {
                            // (A general solve ends the stage here: its trees keep their
                            // labels, so that the S-blossoms without dual are expanded at the
                            // stage's end.)
                            self.drop_trees(ra, rb);
                        }
                        self.stale = true;
                        return true;
                    }
                    self.add_blossom(base, k);
                    bv = self.inblossom[v];
                } else if self.label[w] == 0 {
                    self.label[w] = 2;
                    self.labelend[w] = p ^ 1;
                }
            } else if self.label[bw] == 1 {
                debug_assert_eq!(bv, self.inblossom[v]);
                if self.bestedge[bv] == NONE || kslack < *self.best_slack(bv) {
                    self.bestedge[bv] = k;
                    self.best_cache[bv] = (k, self.epoch, kslack);
                }
            } else if self.label[w] == 0
                && (self.bestedge[w] == NONE || kslack < *self.best_slack(w))
            {
                self.bestedge[w] = k;
                self.best_cache[w] = (k, self.epoch, kslack);
            }
        }
        false
    }

    /// The columns of a scan of `v`, ascending, into `out`: those of `columns` (bits: the live
    /// vertices for a whole row, or those of the focus) less those the scan would pass over at
    /// once, the leaves of `v`'s own blossom and the T-vertices met before ([`Self::t_bits`]).
    /// A tree that enters the tight region below the next scoregroup makes most of the graph
    /// one S-blossom, and each of its leaves then reads only the vertices outside it.
    pub(super) fn row_columns(&mut self, v: usize, columns: &[u64], out: &mut Vec<usize>) {
        let b = self.inblossom[v];
        let own = b >= self.n;
        if own && self.leaf_key != (b, self.blossom_gen[b]) {
            self.leaf_key = (b, self.blossom_gen[b]);
            self.leaf_bits.fill(0);
            let mut leaves = std::mem::take(&mut self.leaf_buf);
            leaves.clear();
            self.leaves(b, &mut leaves);
            for &x in &leaves {
                self.leaf_bits[x / 64] |= 1 << (x % 64);
            }
            self.leaf_buf = leaves;
        }
        out.clear();
        for (i, &word) in columns.iter().enumerate() {
            let mut bits = word & !self.t_bits[i];
            if own {
                bits &= !self.leaf_bits[i];
            } else {
                bits &= !(u64::from(i == v / 64) << (v % 64));
            }
            while bits != 0 {
                out.push(i * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}
