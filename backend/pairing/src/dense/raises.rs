//! The raises of vertex duals that make the changed edges feasible at the start of a warm
//! solve ([`DenseMatcher::raise_changed`]): edge by edge after a few changes, and, after many
//! edges changed at once, by weight and dual class.
//!
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

use super::DenseMatcher;
use super::intern::LimbHasher;
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

/// The raises of vertex duals a solve asks before it starts: per vertex the largest asked
/// whole (`None`: none) and the largest deficit it shares half of, and the vertices asked for.
/// Kept between solves, all `None`.
#[derive(Default)]
pub(super) struct Raises<W> {
    pub(super) by: Vec<Option<W>>,
    /// Halved (rounded up to even) only when applied: the halving is monotone, so the half of
    /// the largest shared deficit is the largest of the halves, one halving per vertex instead
    /// of one per edge (a bracket's first solve shares the deficit of most of its pairs).
    pub(super) shared: Vec<Option<W>>,
    pub(super) touched: Vec<usize>,
    /// Scratch for [`DenseMatcher::ask_pairs`].
    pub(super) scratch: PairScratch<W>,
}

impl<W: Weight> Raises<W> {
    /// Asks vertex `v`'s dual to rise by at least `need`: whole, or (`shared`) by half of it,
    /// rounded up to even, when applied.
    fn ask(&mut self, v: usize, need: W, shared: bool) {
        if self.by[v].is_none() && self.shared[v].is_none() {
            self.touched.push(v);
        }
        let slot = if shared {
            &mut self.shared[v]
        } else {
            &mut self.by[v]
        };
        if slot.is_none_or(|r| r < need) {
            *slot = Some(need);
        }
    }

    /// Asks the raises for the changed edge `(i, j)` whose slack `s` is negative, in `pass`
    /// (see [`DenseMatcher::raise_changed`]): with a group, an edge between a player in it and
    /// one outside is covered by the latter alone; otherwise both endpoints cover half of the
    /// deficit (`halves`) or the lower-numbered one all of it.
    fn cover(
        &mut self,
        grouped: &[bool],
        halves: bool,
        (i, j): (usize, usize),
        s: W,
        pass: Option<bool>,
    ) {
        let need = W::zero().sub(s);
        // (The callers pass only the edges of `pass`: see `in_pass` in `ask_changed`.)
        if pass.is_some() {
            let (gi, gj) = (grouped[i], grouped[j]);
            if gi != gj {
                // The endpoint outside the group covers all of it.
                self.ask(if gi { j } else { i }, need, false);
                return;
            }
        }
        if halves {
            self.ask(i, need, true);
            self.ask(j, need, true);
        } else {
            self.ask(i.min(j), need, false);
        }
    }

    /// Raises each vertex asked for in `dualvar` by the larger of its whole raise and half its
    /// shared deficit, rounded up to even (a raise keeps each dual's parity, on which the halved
    /// S-to-S slacks of the dual changes rely), and forgets the asks.
    fn apply(&mut self, dualvar: &mut [W]) {
        let one = W::from_u64(1);
        // Half a deficit, rounded up to even.
        let halve = |need: W| {
            let h = need.add(one).half();
            if h.and_one_is_zero() { h } else { h.add(one) }
        };
        for v in self.touched.drain(..) {
            let whole = self.by[v].take();
            let half = self.shared[v].take().map(halve);
            if let Some(r) = whole.max(half) {
                dualvar[v] = dualvar[v].add(r);
            }
        }
    }
}

impl<W: Weight> DenseMatcher<W> {
    /// Makes the next solve raise both endpoints of each changed edge in deficit by half of it,
    /// instead of the lower-numbered one by all of it: for changes that add much the same bonus
    /// to every pair of a set of players (the first weights, a bracket's weights).
    pub fn share_raises(&mut self) {
        self.halves = true;
    }

    /// With [`Self::share_raises`]: the players of `group` (the next scoregroup) share the
    /// deficits of the edges among them only, half each, and an edge between one of them and
    /// a player outside the group is covered by the latter alone. A group whose new weights
    /// among themselves add the same bonus to every pair keeps its tight pairs tight, and its
    /// players' edges to players further down, whose weights did not change, keep their slack.
    pub fn share_within(&mut self, group: &[usize]) {
        for &v in group {
            self.grouped[v] = true;
        }
    }

    /// The raises of a warm start: every changed edge joins two dirty vertices, and each needs
    /// its slack made non-negative by raising the duals of its endpoints, all from the same
    /// duals (each vertex takes the largest raise any of its edges asks). By default the
    /// lower-numbered endpoint covers the whole deficit: a player whose edges to those below
    /// gained a bonus (a star) takes it alone, and the others keep their duals and their tight
    /// matched edges. After [`Self::share_raises`] both endpoints cover half of it, rounded up
    /// to even: a bonus common to a whole bracket (a clique) then costs each player half, and
    /// the bracket's tight pairs stay tight. Forgets the changes (no vertex dirty afterwards).
    pub(super) fn raise_changed(&mut self) {
        let d = self.n - 1;
        let halves = std::mem::take(&mut self.halves);
        // Per vertex, the raise asked so far, and the vertices asked for (a solve after a
        // decision raises a few vertices of thousands).
        let mut raise = std::mem::take(&mut self.raise);
        raise.by.resize(self.n, None);
        raise.shared.resize(self.n, None);
        let grouped = std::mem::take(&mut self.grouped);
        let any_grouped = halves && grouped.iter().any(|&g| g);
        // With a group: its edges among themselves first (`Some(true)`), then the others with
        // the group's duals raised (`Some(false)`); without one, every edge at once (`None`).
        let passes: &[Option<bool>] = if any_grouped {
            &[Some(true), Some(false)]
        } else {
            &[None]
        };
        let dirty: Vec<usize> = if self.changed_overflow {
            (0..d).filter(|&v| self.dirty[v] && self.alive[v]).collect()
        } else {
            Vec::new()
        };
        let (dirty_grouped, dirty_other): (Vec<usize>, Vec<usize>) = if any_grouped {
            dirty.iter().partition(|&&v| grouped[v])
        } else {
            (Vec::new(), Vec::new())
        };
        let mut changed = std::mem::take(&mut self.changed);
        changed.sort_unstable();
        changed.dedup();
        for &pass in passes {
            if self.changed_overflow {
                // The pairs of dirty vertices this pass covers, each once (the raises are
                // maxima, so the order of the pairs changes nothing): all of them, those within
                // the group, or those with a vertex outside it. Within a list, the lower-numbered
                // endpoint covers all of a deficit, or both half of it; between the players
                // outside the group and those in it, the one outside covers all of it.
                let list: &[usize] = match pass {
                    None => &dirty,
                    Some(true) => &dirty_grouped,
                    Some(false) => &dirty_other,
                };
                self.ask_pairs(&mut raise, list, None, halves);
                if pass == Some(false) {
                    self.ask_pairs(&mut raise, &dirty_other, Some(&dirty_grouped), halves);
                }
            } else {
                self.ask_changed(&mut raise, &changed, &grouped, halves, pass);
            }
            raise.apply(&mut self.dualvar);
        }
        self.raise = raise;
        changed.clear();
        self.changed = changed;
        let mut grouped = grouped;
        grouped.fill(false);
        self.grouped = grouped;
        self.changed_overflow = false;
        self.dirty.fill(false);
    }

    /// Asks in `raise` the raises of the `changed` edges (sorted, each once) of `pass` that are
    /// in deficit, pair by pair ([`Raises::cover`]).
    fn ask_changed(
        &self,
        raise: &mut Raises<W>,
        changed: &[(usize, usize)],
        grouped: &[bool],
        halves: bool,
        pass: Option<bool>,
    ) {
        let n = self.n;
        let d = n - 1;
        // The edges this pass covers (`cover` passes over the others): only their slacks are
        // computed.
        let in_pass =
            |i: usize, j: usize| pass.is_none_or(|first| (grouped[i] && grouped[j]) == first);
        for &(i, j) in changed {
            if j < d && in_pass(i, j) && self.present(i, j) {
                let s = self.slack(i * n + j);
                if s.is_negative() {
                    raise.cover(grouped, halves, (i, j), s, pass);
                }
            }
        }
    }
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
