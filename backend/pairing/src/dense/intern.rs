//! Interned weights: each distinct doubled weight is stored once and an edge holds its `u32`
//! id, so the matrix costs four bytes a pair whatever the weights' width.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::DenseMatcher;
use crate::wide::Weight;

/// A fast multiplicative hasher for interning weights (their limbs are well spread already).
#[derive(Default)]
pub(crate) struct LimbHasher(u64);

impl Hasher for LimbHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // A weight's limbs arrive as one slice of bytes: eight at a time, one round each.
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut limb = [0u8; 8];
            limb.copy_from_slice(word);
            self.write_u64(u64::from_le_bytes(limb));
        }
        for &b in words.remainder() {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// Interned values: each distinct weight is stored once and named by a `u32` id; id 0 is zero.
pub(crate) struct Interner<W: Weight> {
    values: Vec<W>,
    ids: HashMap<W, u32, BuildHasherDefault<LimbHasher>>,
    /// The last value interned and its id: runs of equal weights skip the hash.
    last: (W, u32),
}

impl<W: Weight> Interner<W> {
    /// An interner holding zero (id 0) only.
    pub(crate) fn new() -> Self {
        let mut ids = HashMap::default();
        ids.insert(W::zero(), 0);
        Interner {
            values: vec![W::zero()],
            ids,
            last: (W::zero(), 0),
        }
    }
    /// The id of `w`, adding it when new.
    pub(crate) fn id(&mut self, w: W) -> u32 {
        if w.is_zero() {
            return 0;
        }
        if w == self.last.0 {
            return self.last.1;
        }
        let next = u32::try_from(self.values.len()).unwrap_or(u32::MAX);
        let id = *self.ids.entry(w).or_insert(next);
        if id == next {
            self.values.push(w);
        }
        self.last = (w, id);
        id
    }
    /// The value of an id.
    #[inline]
    pub(crate) fn get(&self, id: u32) -> W {
        self.values[id as usize]
    }
    /// The number of distinct values held (zero included).
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }
}

/// The interner of a matcher's doubled weights, lent to the weight function of
/// [`DenseMatcher::fill_all`].
pub(crate) struct WeightIds<'a, W: Weight>(pub(super) &'a mut Interner<W>);

impl<W: Weight> WeightIds<'_, W> {
    /// The id of weight `w`, as [`DenseMatcher::intern`] gives it.
    pub(crate) fn id(&mut self, w: W) -> u32 {
        self.0.id(w.add(w))
    }
}

impl<W: Weight> DenseMatcher<W> {
    /// Drops the interned weights no edge uses any more when there are many of them (which
    /// renumbers the ids [`Self::intern`] gave): after a run of [`Self::set_interned`] calls.
    pub fn compact_if_large(&mut self) {
        if self.doubled.len() > (1 << 20).max(16 * self.n) {
            self.compact();
        }
    }

    /// The id of weight `w` for [`Self::set_interned`], valid until the next [`Self::set`]
    /// (which may renumber the ids).
    pub fn intern(&mut self, w: W) -> u32 {
        self.doubled.id(w.add(w))
    }

    /// Drops the interned weights no edge uses any more.
    pub(super) fn compact(&mut self) {
        let mut used = vec![false; self.doubled.len()];
        // The weights of the edges, and the bounds outside the focus.
        for &id in self.w.iter().chain(&self.outside_max) {
            used[id as usize] = true;
        }
        let mut fresh = Interner::new();
        let mut map = vec![0u32; used.len()];
        for (id, &u) in used.iter().enumerate() {
            if u {
                map[id] = fresh.id(self.doubled.values[id]);
            }
        }
        for id in self.w.iter_mut().chain(&mut self.outside_max) {
            *id = map[*id as usize];
        }
        self.doubled = fresh;
    }
}
