//! The raises a solve asks for the pairs of changed players after many edges changed at once
//! (a bracket's weights, the remainder's S1 bonuses, the first matching's): every such pair's
//! deficit, the most any of its endpoints must rise by, read by weight and dual class instead of
//! pair by pair.
//!
//! A pair's deficit is its doubled weight less its endpoints' duals, so for one player and the
//! players of one dual class the largest deficit is the one of the heaviest weight among its
//! pairs to them. The changed players of a bracket hold a few distinct duals (1 to 5 at 9,999
//! players) and their pairs a few distinct weights (5 to 14 when a bracket opens, a few
//! thousand in the remainder), so each pair costs a rank lookup and two comparisons of `u32`
//! instead of a slack of 10 or 11 limbs and two comparisons of needs (at 9,999 players: 54
//! million pairs, 14 % of the round, before). Since a raise is the largest need asked, the raises
//! are the same as asking pair by pair.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::{DenseMatcher, LimbHasher, Raises};
use crate::wide::Weight;

/// The most distinct duals among the players of one call for the form by class; with more,
/// the pairs are read one by one.
const MAX_CLASSES: usize = 32;

/// Scratch for [`DenseMatcher::ask_pairs`], kept between solves.
#[derive(Default)]
pub(super) struct PairScratch<W> {
    /// Per vertex: its dual class (valid for the players of the current call).
    class: Vec<u16>,
    /// Per class: its dual.
    class_dual: Vec<W>,
    /// Per weight id: its rank among the distinct weights of the call, heaviest last (1 up;
    /// 0: not among them). All zero between calls.
    rank: Vec<u32>,
    /// The distinct weight ids of the call, by weight ascending once ranked.
    ids: Vec<u32>,
    /// Per player and class, at `player * classes + class`: the rank of the heaviest weight
    /// among its pairs to that class.
    best: Vec<u32>,
}

impl<W: Weight> DenseMatcher<W> {
    /// Asks in `raise` the raises that make the changed pairs feasible: the pairs of `rows`
    /// among themselves, each with the later ones (`cols` `None`; `rows` ascending), or every
    /// pair of a player of `rows` with one of `cols` (`cols` given, disjoint from `rows`). A pair
    /// in deficit asks one endpoint to rise by all of it: among `rows`, the earlier (the
    /// lower-numbered); between `rows` and `cols`, the one of `rows`. With `halves` and no
    /// `cols`, both endpoints rise by half of it instead ([`Raises::ask`]). The duals must not
    /// change during the call. Every player given must be live (not the dummy).
    pub(super) fn ask_pairs(
        &self,
        raise: &mut Raises<W>,
        rows: &[usize],
        cols: Option<&[usize]>,
        halves: bool,
    ) {
        let n = self.n;
        let both = cols.is_none() && halves;
        let mut sc = std::mem::take(&mut raise.scratch);
        // The dual classes.
        let mut classes: HashMap<W, u16, BuildHasherDefault<LimbHasher>> = HashMap::default();
        sc.class.resize(n, 0);
        sc.class_dual.clear();
        for &v in rows.iter().chain(cols.unwrap_or_default()) {
            let dv = self.dualvar[v];
            let next = sc.class_dual.len();
            let c = *classes.entry(dv).or_insert_with(|| {
                sc.class_dual.push(dv);
                u16::try_from(next).unwrap_or(u16::MAX)
            });
            if sc.class_dual.len() > MAX_CLASSES {
                raise.scratch = sc;
                self.ask_pairs_each(raise, rows, cols, halves);
                return;
            }
            sc.class[v] = c;
        }
        let nc = sc.class_dual.len();
        // The distinct weights of the pairs, ranked.
        sc.rank.resize(self.doubled.len(), 0);
        sc.ids.clear();
        let mut last = 0u32;
        for (x, &v) in rows.iter().enumerate() {
            let row = v * n;
            for &u in cols.unwrap_or(&rows[x + 1..]) {
                let id = self.w[row + u];
                debug_assert_eq!(id != 0, self.present(v, u));
                if id != 0 && id != last {
                    last = id;
                    if sc.rank[id as usize] == 0 {
                        sc.rank[id as usize] = u32::MAX;
                        sc.ids.push(id);
                    }
                }
            }
        }
        // Interned: distinct ids are distinct weights.
        sc.ids.sort_unstable_by_key(|&id| self.doubled.get(id));
        for (r, &id) in sc.ids.iter().enumerate() {
            sc.rank[id as usize] = u32::try_from(r + 1).unwrap_or(u32::MAX);
        }
        // Per player and class, the heaviest weight.
        sc.best.clear();
        sc.best.resize(n * nc, 0);
        let mut top = [0u32; MAX_CLASSES];
        for (x, &v) in rows.iter().enumerate() {
            let (row, cv) = (v * n, usize::from(sc.class[v]));
            top[..nc].fill(0);
            for &u in cols.unwrap_or(&rows[x + 1..]) {
                // Rank 0 for no edge (id 0).
                let r = sc.rank[self.w[row + u] as usize];
                let cu = usize::from(sc.class[u]);
                top[cu] = top[cu].max(r);
                if both {
                    let b = &mut sc.best[u * nc + cv];
                    *b = (*b).max(r);
                }
            }
            for (b, &t) in sc.best[v * nc..(v + 1) * nc].iter_mut().zip(&top[..nc]) {
                *b = (*b).max(t);
            }
        }
        // Each player's asks: one per class at most.
        for &v in rows {
            let dv = self.dualvar[v];
            for c in 0..nc {
                let r = sc.best[v * nc + c];
                if r != 0 {
                    let w = self.doubled.get(sc.ids[r as usize - 1]);
                    let s = dv.add(sc.class_dual[c]).sub(w);
                    if s.is_negative() {
                        raise.ask(v, W::zero().sub(s), both);
                    }
                }
            }
        }
        for &id in &sc.ids {
            sc.rank[id as usize] = 0;
        }
        raise.scratch = sc;
    }

    /// [`Self::ask_pairs`] pair by pair: the slack of each, and an ask for each in deficit.
    fn ask_pairs_each(
        &self,
        raise: &mut Raises<W>,
        rows: &[usize],
        cols: Option<&[usize]>,
        halves: bool,
    ) {
        let n = self.n;
        let both = cols.is_none() && halves;
        for (x, &v) in rows.iter().enumerate() {
            // `v`'s dual and row at hand.
            let (dv, row) = (self.dualvar[v], v * n);
            for &u in cols.unwrap_or(&rows[x + 1..]) {
                // Two live players (not the dummy): an edge is there when it has a weight.
                let id = self.w[row + u];
                debug_assert_eq!(id != 0, self.present(v, u));
                if id != 0 {
                    let s = dv.add(self.dualvar[u]).sub(self.doubled.get(id));
                    if s.is_negative() {
                        let need = W::zero().sub(s);
                        raise.ask(v, need, both);
                        if both {
                            raise.ask(u, need, true);
                        }
                    }
                }
            }
        }
    }
}
