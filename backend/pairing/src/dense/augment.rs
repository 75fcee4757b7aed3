//! Augmentation: the matching flipped along the path two trees found, through the blossoms on
//! it (their children rotated so the new base comes first), and the trees it used unlabelled.

use super::{DenseMatcher, NONE};
use crate::wide::Weight;

impl<W: Weight> DenseMatcher<W> {
    /// Swaps matched and unmatched edges inside blossom `b` along the even path from its base
    /// to vertex `v`, which becomes its base (the children rotated so `v`'s comes first).
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        // The blossoms from `v` up to `b`: each level's child holding `v` is read off it
        // (walking up anew at each level cost the square of the depth, and a stage that enters
        // the tight region below the next scoregroup nests blossoms thousands deep).
        let mut chain = vec![v];
        let mut t = v;
        while t != b {
            t = self.blossomparent[t];
            chain.push(t);
        }
        self.augment_nested(&chain);
    }

    /// [`Self::augment_blossom`] of `chain`'s last blossom at `chain[0]`, `chain` the blossoms
    /// from that vertex up.
    pub(super) fn augment_nested(&mut self, chain: &[usize]) {
        let b = chain[chain.len() - 1];
        let t = chain[chain.len() - 2];
        if t >= self.n {
            self.augment_nested(&chain[..chain.len() - 1]);
        }
        // Taken out while the children are augmented (their own calls read only their own
        // children), then put back rotated in place: no copy of thousands of children.
        let mut childs = std::mem::take(&mut self.blossomchilds[b]);
        let mut endps = std::mem::take(&mut self.blossomendps[b]);
        let len = isize::try_from(childs.len()).unwrap_or(isize::MAX);
        let at = |j: isize| -> usize { usize::try_from(j.rem_euclid(len)).unwrap_or(0) };
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = isize::try_from(i).unwrap_or(0);
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let et = isize::try_from(endptrick).unwrap_or(0);
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = endps[at(j - et)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endp(p));
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endp(p ^ 1));
            }
            let t = self.endp(p);
            self.mate[t] = p ^ 1;
            let t = self.endp(p ^ 1);
            self.mate[t] = p;
        }
        childs.rotate_left(i);
        endps.rotate_left(i);
        self.blossombase[b] = self.blossombase[childs[0]];
        // The leaves' order follows the children's (and theirs, rotated in the calls above).
        self.flat[b] = None;
        self.blossomchilds[b] = childs;
        self.blossomendps[b] = endps;
    }

    /// Unlabels the two trees an augmentation joined: the other trees of the stage go on
    /// growing along tight edges (the duals are unchanged), and the stage restarts, with fresh
    /// labels and best edges, before any dual change.
    pub(super) fn drop_trees(&mut self, ra: usize, rb: usize) {
        // Blossoms unlabelled in this call: the walk up from a vertex stops at one (its
        // ancestors are unlabelled already).
        self.drop_stamp += 1;
        self.t_bits.fill(0);
        let stamp = self.drop_stamp;
        self.dropped.resize(2 * self.n, 0);
        for x in 0..self.n {
            let r = self.rootof[x];
            if r == NONE || (r != ra && r != rb) {
                continue;
            }
            self.rootof[x] = NONE;
            self.label[x] = 0;
            self.labelend[x] = NONE;
            let mut b = self.blossomparent[x];
            while b != NONE && self.dropped[b] != stamp {
                self.dropped[b] = stamp;
                self.label[b] = 0;
                self.labelend[b] = NONE;
                b = self.blossomparent[b];
            }
        }
    }

    /// Augments the matching along the path through the tight edge `k` between two S-blossoms of
    /// different trees: from each endpoint up to its tree's root, matched and unmatched edges
    /// swap (inside blossoms too, [`Self::augment_blossom`]).
    pub(super) fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.edge(k);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endp(self.labelend[bs]);
                let bt = self.inblossom[t];
                s = self.endp(self.labelend[bt]);
                let j = self.endp(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }
}
