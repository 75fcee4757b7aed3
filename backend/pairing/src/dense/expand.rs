//! Undoing blossoms: expanding a T-blossom whose dual reached zero (or an S-blossom at the end
//! of a stage), dissolving the blossoms around a vertex whose edges changed (their duals
//! folded into their vertices), and dropping them all.

use super::{DenseMatcher, NONE};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// Expands the top-level blossom `b`: its children become top-level blossoms. At the end of
    /// a stage (`endstage`), children without dual are expanded in turn; during a stage (`b` a
    /// T-blossom whose dual reached zero), the children on the even path from the entry child to
    /// the base take T- and S-labels in turn, and each other child with a leaf a scan reached is
    /// labelled T from that leaf.
    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        self.hand_down(b);
        self.t_bits.fill(0);
        // (Taken: `b`'s children are not read again, and it ends with none.)
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s >= self.n && endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                self.set_inblossom(s);
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = isize::try_from(childs.len()).unwrap_or(isize::MAX);
            let at = |j: isize| -> usize { usize::try_from(j.rem_euclid(len)).unwrap_or(0) };
            let endps = std::mem::take(&mut self.blossomendps[b]);
            let entrychild = self.inblossom[self.endp(self.labelend[b] ^ 1)];
            let pos = childs.iter().position(|&c| c == entrychild).unwrap_or(0);
            let mut j = isize::try_from(pos).unwrap_or(0);
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let et = isize::try_from(endptrick).unwrap_or(0);
            let mut p = self.labelend[b];
            while j != 0 {
                let t = self.endp(p ^ 1);
                self.label[t] = 0;
                let q = endps[at(j - et)];
                let t = self.endp(q ^ endptrick ^ 1);
                self.label[t] = 0;
                self.assign_label(self.endp(p ^ 1), 2, p);
                self.allow(q / 2);
                j += jstep;
                p = endps[at(j - et)] ^ endptrick;
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endp(p ^ 1);
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.take_leaves(bv);
                let found = leaves.list.iter().find(|&&v| self.label[v] != 0).copied();
                self.put_leaves(bv, leaves);
                if let Some(v) = found {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    let t = self.endp(m);
                    self.label[t] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.flat[b] = None;
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Dissolves the top-level blossom `b`: its dual is folded into its vertices (every edge
    /// stays feasible, every tight edge tight) and its children become top-level blossoms.
    pub(super) fn dissolve_top(&mut self, b: usize) {
        self.hand_down(b);
        let z = self.dualvar[b];
        if !z.is_zero() {
            let leaves = self.take_leaves(b);
            for &v in &leaves.list {
                self.dualvar[v] = self.dualvar[v].add(z);
            }
            self.put_leaves(b, leaves);
        }
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &c in &childs {
            self.blossomparent[c] = NONE;
            self.set_inblossom(c);
        }
        self.blossomchilds[b] = childs;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.flat[b] = None;
        self.blossombase[b] = NONE;
        self.blossomparent[b] = NONE;
        self.dualvar[b] = W::zero();
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.bestedge[b] = NONE;
        self.blossombestedges[b] = None;
        self.unusedblossoms.push(b);
    }

    /// Dissolves every blossom containing `v`, outermost first, so that `v` stands alone.
    pub(super) fn dissolve_around(&mut self, v: usize) {
        while self.inblossom[v] >= self.n {
            self.dissolve_top(self.inblossom[v]);
        }
    }

    /// Drops every blossom, each dual folded into its leaves (which keeps every edge feasible),
    /// and every label: the state of a solve from scratch.
    pub(super) fn reset_blossoms(&mut self) {
        let n = self.n;
        for b in n..2 * n {
            if self.blossombase[b] != NONE && !self.dualvar[b].is_zero() {
                let z = self.dualvar[b];
                let leaves = self.take_leaves(b);
                for &v in &leaves.list {
                    self.dualvar[v] = self.dualvar[v].add(z);
                }
                self.put_leaves(b, leaves);
            }
        }
        for b in 0..2 * n {
            self.label[b] = 0;
            self.labelend[b] = NONE;
            self.blossomparent[b] = NONE;
            self.bestedge[b] = NONE;
            self.blossombestedges[b] = None;
            if b >= n {
                self.blossomchilds[b].clear();
                self.blossomendps[b].clear();
                self.flat[b] = None;
                self.blossombase[b] = NONE;
                self.dualvar[b] = W::zero();
            }
        }
        for v in 0..n {
            self.inblossom[v] = v;
        }
        self.unusedblossoms = (n..2 * n).collect();
    }
}
