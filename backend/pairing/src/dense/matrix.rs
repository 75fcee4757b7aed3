//! The weight matrix: setting edges (one by one, or every pair at once tile by tile), and the
//! numbering of edges (`i * n + j`) and of their endpoints (`2 k` and `2 k + 1`), with the
//! edges allowed in the current stage.

use std::ops::Range;

use super::intern::WeightIds;
use super::{BLOCK, DenseMatcher};
use crate::wide::Weight;

/// The side of a tile of [`for_each_tile`]: 64 rows of 64 `u32` ids (16 KB) in each of the two
/// orders stay in the first-level cache.
pub(super) const FILL_TILE: usize = 64;

/// Calls `f(rows, cols)` for the tiles of [`FILL_TILE`] by [`FILL_TILE`] players that cover every
/// pair `o < p < n` (`p` in `rows`, `o` in `cols`), a row of tiles at a time; a tile on the
/// diagonal holds its pairs with `o < p` only. Setting a symmetric matrix's weights tile by tile
/// keeps both of a pair's writes in a few pages.
pub(crate) fn for_each_tile(n: usize, mut f: impl FnMut(Range<usize>, Range<usize>)) {
    for p0 in (0..n).step_by(FILL_TILE) {
        let p1 = (p0 + FILL_TILE).min(n);
        for o0 in (0..p1).step_by(FILL_TILE) {
            f(p0..p1, o0..(o0 + FILL_TILE).min(p1));
        }
    }
}

impl<W: Weight> DenseMatcher<W> {
    /// Sets the weight of edge `(a, b)`.
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        let id = self.intern(w);
        if self.set_interned(a, b, id) {
            self.compact_if_large();
        }
    }

    /// Sets the weight of edge `(a, b)` to the weight [`Self::intern`] named `id`; whether it
    /// changed.
    pub fn set_interned(&mut self, a: usize, b: usize, id: u32) -> bool {
        let n = self.n;
        if id != 0 && self.active[a] != self.active[b] && !self.outside_max.is_empty() {
            let (inner, outer) = if self.active[a] { (a, b) } else { (b, a) };
            let at = self.focus_index[inner] as usize * self.blocks + outer / BLOCK;
            let held = self.outside_max[at];
            if held == 0 || self.doubled.get(held) < self.doubled.get(id) {
                self.outside_max[at] = id;
            }
        }
        if self.w[a * n + b] == id {
            return false;
        }
        self.w[a * n + b] = id;
        self.w[b * n + a] = id;
        self.dirty[a] = true;
        self.dirty[b] = true;
        if self.changed.len() < 8 * n {
            self.changed.push((a.min(b), a.max(b)));
        } else {
            self.changed_overflow = true;
        }
        true
    }

    /// Sets every pair of players `(p, o)`, `o < p < players`, to the weight `f(ids, p, o)`
    /// names (an id of `ids`, as [`Self::intern`] gives), and counts every edge as changed
    /// (every player dirty): for a weight on every pair at once (the first matching's, those
    /// outside the brackets), which [`Self::set_duals`] follows, with no focus set. Tile by
    /// tile ([`for_each_tile`]): each pair's weight computed once, written in row `p`, then in
    /// row `o` from the tile, each row's part in one run (pair by pair, every second write went
    /// to another row). Nothing is read, so each page of a fresh matrix faults once (a read
    /// before the write faulted it twice: the zero page mapped, then copied). `f` is called once
    /// per pair, in no particular order.
    pub(crate) fn fill_all(
        &mut self,
        mut f: impl FnMut(&mut WeightIds<'_, W>, usize, usize) -> u32,
    ) {
        debug_assert!(self.outside_max.is_empty(), "fill_all with a focus");
        let n = self.n;
        let players = n - 1;
        let mut ids = WeightIds(&mut self.doubled);
        let w = &mut self.w;
        let mut tile = vec![0u32; FILL_TILE * FILL_TILE];
        for_each_tile(players, |rows, cols| {
            let (p0, o0) = (rows.start, cols.start);
            for p in rows.clone() {
                let row = p * n;
                let part = &mut tile[(p - p0) * FILL_TILE..][..FILL_TILE];
                for o in cols.start..cols.end.min(p) {
                    let id = f(&mut ids, p, o);
                    part[o - o0] = id;
                    w[row + o] = id;
                }
            }
            for o in cols {
                let row = o * n;
                for p in p0.max(o + 1)..rows.end {
                    w[row + p] = tile[(p - p0) * FILL_TILE + (o - o0)];
                }
            }
        });
        self.dirty[..players].fill(true);
        self.changed.clear();
        self.changed_overflow = true;
    }

    /// The endpoints `(i, j)` of edge `k = i * n + j`.
    pub(super) fn edge(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }

    /// The vertex of endpoint `p` of edge `p / 2`: `i` for even `p`, `j` for odd (`p ^ 1` is the
    /// edge's other endpoint).
    pub(super) fn endp(&self, p: usize) -> usize {
        let k = p / 2;
        if p % 2 == 0 { k / self.n } else { k % self.n }
    }

    #[inline]
    pub(super) fn present(&self, a: usize, b: usize) -> bool {
        a != b
            && self.alive[a]
            && self.alive[b]
            && (self.w[a * self.n + b] != 0
                || (self.dummy_on && (a == self.n - 1 || b == self.n - 1)))
    }

    /// The remote endpoint `u` of the edge `(v, u)`.
    #[inline]
    pub(super) fn remote(&self, v: usize, u: usize) -> usize {
        let (i, j) = (v.min(u), v.max(u));
        let k = i * self.n + j;
        if v == i { 2 * k + 1 } else { 2 * k }
    }

    /// Whether the ordered pair `q` (`a * n + b`) is allowed; both orders are kept so that a
    /// vertex's scan reads its own row.
    #[inline]
    /// Allows edge `k` (both orders) in this stage: it is tight and may be followed.
    pub(super) fn allowed_pair(&self, q: usize) -> bool {
        self.allowed_bits[q / 64] >> (q % 64) & 1 == 1
    }

    #[inline]
    pub(super) fn allowed(&self, k: usize) -> bool {
        self.allowed_pair(k)
    }

    pub(super) fn allow(&mut self, k: usize) {
        if !self.allowed(k) {
            let (i, j) = self.edge(k);
            let q = j * self.n + i;
            self.allowed_bits[k / 64] |= 1 << (k % 64);
            self.allowed_bits[q / 64] |= 1 << (q % 64);
            match u32::try_from(k) {
                Ok(k) => self.allowed_list.push(k),
                Err(_) => self.allowed_all = true,
            }
        }
    }

    /// Forgets the allowed edges (a new stage).
    pub(super) fn disallow_all(&mut self) {
        if std::mem::take(&mut self.allowed_all) {
            self.allowed_list.clear();
            self.allowed_bits.fill(0);
            return;
        }
        for k in self.allowed_list.drain(..) {
            let k = k as usize;
            let (i, j) = (k / self.n, k % self.n);
            let q = j * self.n + i;
            self.allowed_bits[k / 64] = 0;
            self.allowed_bits[q / 64] = 0;
        }
    }
}
