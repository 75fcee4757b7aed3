//! One bracket of the 2026 Dutch system (C.04.3 A.3, B) as the stages that pair it: its
//! weights and first matching, its MDPs, the remainder with its exchanges, each S1 player's
//! opponent, and the players it passes down.

use super::{Base, Graph, PabPlan, Params, class_key, classes, edge_weight, for_each_pair};
use crate::dutch_state::{Ctx, NONE, RowCompat};
use crate::wide::Weight;

/// One bracket being paired (C.04.3 A.3): the MDPs passed down, the resident scoregroup and
/// the next scoregroup, whose pairs' weights carry this bracket's criteria while the matching
/// still covers every player left.
pub(super) struct Bracket<W: Weight> {
    /// Sorted positions: `pbi[..sgb]` the MDPs, `pbi[sgb..nsgb]` the resident scoregroup,
    /// `pbi[nsgb..]` the next scoregroup.
    pbi: Vec<usize>,
    sgb: usize,
    nsgb: usize,
    /// The sorted positions of the resident scoregroup, `sgbv..nsgbv`: a player is paired in
    /// the bracket when its partner is there.
    sgbv: usize,
    pub(super) nsgbv: usize,
    /// The first sorted position of the next scoregroup.
    sg_it: usize,
    /// Bits of the largest scoregroup ([`Ctx::b`]).
    b: u32,
    base: Base<W>,
    /// The current maximum-weight matching: each sorted player's partner, or itself.
    sm: Vec<usize>,
    /// The remainder (C.04.3 B.3): the bracket positions of the resident players not paired
    /// to an MDP, and how many pairs it makes.
    remainder: Vec<usize>,
    rpairs: usize,
}

impl<W: Weight> Bracket<W> {
    /// Opens the bracket of `pbi` (its first `sgb` players the MDPs) with the next
    /// scoregroup from `next_it`: sets the weights of its pairs (the bracket's criteria, the
    /// next bracket's pairs) and solves the first matching, focused on the bracket.
    pub(super) fn open(
        ctx: &Ctx,
        g: &mut Graph<W>,
        prm: &Params,
        mut pbi: Vec<usize>,
        sgb: usize,
        sgbv: usize,
        next_it: &mut usize,
    ) -> Self {
        let n = ctx.sorted.len();
        let score = |v: usize| ctx.sorted[v].score;
        let nsgb = pbi.len();
        let nsgbv = sgbv + (nsgb - sgb);
        let sg_it = *next_it;
        while *next_it < n && score(*next_it) >= score(sg_it) {
            pbi.push(*next_it);
            *next_it += 1;
        }
        let len = pbi.len();
        // The unnudged weights of the bracket's pairs `(li, si)`, si < li. Players alike in
        // everything the weights read but compatibility share a class: a compatible pair's
        // weight is computed once per pair of classes and bracket role.
        let (class, classes_count) = classes(pbi.iter().map(|&v| class_key(ctx.sorted[v], prm)));
        let mut base = Base::new(class, classes_count, nsgb);
        // Per id in `base.values`, the matcher's id of the same weight (`u32::MAX`: not yet).
        let mut matcher_id: Vec<u32> = Vec::new();
        // Tile by tile ([`for_each_pair`]): the order of the pairs changes nothing here.
        let mut compat = RowCompat::new(ctx);
        for_each_pair(len, |li, si| {
            if li < sgb {
                return;
            }
            let cur = li < nsgb;
            let (hv, lv) = (pbi[si], pbi[li]);
            let bid = if compat.compatible(hv, lv) {
                let id = base.memo(li, si, || edge_weight(ctx, hv, lv, cur, !cur, prm));
                debug_assert!(
                    base.values.get(id) == edge_weight(ctx, hv, lv, cur, !cur, prm),
                    "a class-memoized weight differs"
                );
                id
            } else {
                base.clear(li, si);
                0
            } as usize;
            if matcher_id.len() <= bid {
                matcher_id.resize(bid + 1, u32::MAX);
            }
            if matcher_id[bid] == u32::MAX {
                matcher_id[bid] = g.m.intern(base.values.get(bid as u32));
            }
            g.m.set_interned(pbi[li], pbi[si], matcher_id[bid]);
        });
        // The bracket's pairs gained the bonus of the current bracket: its players share it.
        g.m.share_raises();
        g.m.share_within(&pbi[nsgb..]);
        g.m.focus(&pbi[..nsgb]);
        let sm = g.compute();
        Bracket {
            pbi,
            sgb,
            nsgb,
            sgbv,
            nsgbv,
            sg_it,
            b: ctx.b,
            base,
            sm,
            remainder: Vec::new(),
            rpairs: 0,
        }
    }

    /// Whether sorted player `v` is paired in the bracket (its partner in the resident
    /// scoregroup).
    fn in_bracket(&self, v: usize) -> bool {
        self.sm[v] >= self.sgbv && self.sm[v] < self.nsgbv
    }

    /// A remainder pair's weight with the bonus of the S1 position `sri` (S1 while below
    /// `rpairs`), the higher the earlier (C.04.3 B.3, transpositions in S2 order).
    fn ewc(&self, si: usize, li: usize, sri: usize) -> W {
        let r = self.base.get(li, si);
        if r.is_zero() {
            return r;
        }
        r.add(self.s1_bonus(sri))
    }

    /// The bonus [`Self::ewc`] adds for the S1 position `sri` (two's complement: negative from
    /// `rpairs` on). It lies below every criterion's bits, so it only orders the remainder's
    /// maximum-weight matchings.
    fn s1_bonus(&self, sri: usize) -> W {
        W::from_u64(u64::from(sri < self.rpairs))
            .shl(self.b)
            .shl(self.b)
            .sub(W::from_u64(sri as u64))
            .shl(1)
    }

    /// The MDPs (C.04.3 A.3, B.2 and C6-C7): which of them are paired in the bracket, the
    /// highest first within each score, and each one's opponent, the highest resident first.
    pub(super) fn pair_mdps(&mut self, ctx: &Ctx, g: &mut Graph<W>, matched: &mut [bool]) {
        let score = |v: usize| ctx.sorted[v].score;
        let (sgb, nsgb, len) = (self.sgb, self.nsgb, self.pbi.len());
        let pbi = std::mem::take(&mut self.pbi);
        // Which MDPs are paired in this bracket.
        let mut md_score = 0;
        let mut rem_md = 0usize;
        let mut rem_matched = 0usize;
        for pi in 0..sgb {
            if pi == 0 || score(pbi[pi]) < md_score {
                md_score = score(pbi[pi]);
                rem_md = 0;
                rem_matched = 0;
                let mut q = pi;
                while q < len && score(pbi[q]) >= md_score {
                    rem_md += 1;
                    if self.in_bracket(pbi[q]) {
                        rem_matched += 1;
                    }
                    q += 1;
                }
            }
            if rem_matched == 0 {
                continue;
            }
            let pv = pbi[pi];
            if rem_md <= rem_matched {
                matched[pv] = true;
                continue;
            }
            rem_md -= 1;
            if !self.in_bracket(pv) {
                for oi in sgb..nsgb {
                    let e = self.base.get(oi, pi);
                    if !e.is_zero() {
                        g.set(pv, pbi[oi], e.or_u64(1));
                    }
                }
                self.sm = g.compute();
            }
            if self.in_bracket(pv) {
                matched[pv] = true;
                rem_matched -= 1;
                for oi in sgb..nsgb {
                    let e = self.base.get(oi, pi);
                    if !e.is_zero() {
                        g.set(
                            pv,
                            pbi[oi],
                            e.or_u64((nsgb - sgb) as u64).add(W::from_u64(1)),
                        );
                    }
                }
            }
        }
        // The opponents of the paired MDPs.
        for pi in 0..sgb {
            let pv = pbi[pi];
            if !matched[pv] {
                continue;
            }
            // The highest opponent some maximum-weight matching may give `pv`: the current
            // one, or a higher one the duals do not exclude ([`Self::open_opponent`]).
            let target = self.open_opponent(
                g,
                pv,
                (sgb..nsgb)
                    .filter(|&oi| !matched[pbi[oi]] && !self.base.get(oi, pi).is_zero())
                    .map(|oi| pbi[oi]),
            );
            if target != self.sm[pv] && !self.exchange(g, pv, target) {
                let mut addend = len as u64;
                for oi in (sgb..nsgb).rev() {
                    let ov = pbi[oi];
                    if matched[ov] {
                        continue;
                    }
                    let e = self.base.get(oi, pi);
                    if !e.is_zero() {
                        g.set(pv, ov, e.add(W::from_u64(addend)));
                        addend += 1;
                    }
                }
                self.sm = g.compute();
            }
            let mv = self.sm[pv];
            if mv != pv {
                matched[mv] = true;
                g.finalize(pv, mv);
            }
        }
        self.pbi = pbi;
    }

    /// The remainder (C.04.3 B.3): its pairs' weights favour S1 against S2 in order, then the
    /// fewest exchanges (B.4), each S1 player's opponent, the highest first.
    pub(super) fn pair_remainder(&mut self, n: usize, g: &mut Graph<W>, matched: &mut [bool]) {
        self.remainder_weights(g);
        let exchanges = self.exchange_count();
        self.exchanges_down(g, exchanges);
        self.exchanges_up(n, g, exchanges);
        self.fix_exchanges(g);
        self.pair_s1(g, matched);
    }

    /// Finds the remainder (the resident players not paired to an MDP) and gives its pairs
    /// the S1 bonuses.
    fn remainder_weights(&mut self, g: &mut Graph<W>) {
        let mut remainder: Vec<usize> = Vec::new();
        let mut rpairs = 0usize;
        for pi in self.sgb..self.nsgb {
            let pv = self.pbi[pi];
            if self.sm[pv] < self.sgbv {
                continue;
            }
            remainder.push(pi);
            if self.sm[pv] < pv {
                rpairs += 1;
            }
        }
        self.rpairs = rpairs;
        // Row by row of the S1 position: the weight is the base weight plus the row's bonus,
        // so it is interned once per base weight in each row.
        let mut ids: Vec<u32> = Vec::new();
        for (sri, &pi) in remainder.iter().enumerate() {
            ids.clear();
            ids.resize(self.base.values.len(), u32::MAX);
            for &oi in &remainder[sri + 1..] {
                let bid = self.base.id(oi, pi) as usize;
                if ids[bid] == u32::MAX {
                    ids[bid] = g.m.intern(self.ewc(pi, oi, sri));
                }
                g.m.set_interned(self.pbi[pi], self.pbi[oi], ids[bid]);
            }
            g.m.compact_if_large();
        }
        self.remainder = remainder;
        self.sm = g.compute();
    }

    /// How many S1 players of the remainder the matching sends out of S1: the exchanges
    /// (C.04.3 B.4) to make.
    fn exchange_count(&self) -> usize {
        let first_end = self
            .remainder
            .get(self.rpairs)
            .copied()
            .unwrap_or(usize::MAX);
        let mut exchanges = 0usize;
        for &pi in &self.remainder {
            if pi >= first_end {
                break;
            }
            let pv = self.pbi[pi];
            if self.sm[pv] <= pv || self.sm[pv] >= self.nsgbv {
                exchanges += 1;
            }
        }
        exchanges
    }

    /// Exchanges (C.04.3 B.4): the lowest S1 players that can go to S2.
    fn exchanges_down(&mut self, g: &mut Graph<W>, exchanges: usize) {
        let (rpairs, nsgbv) = (self.rpairs, self.nsgbv);
        let remainder = std::mem::take(&mut self.remainder);
        let mut left = exchanges;
        let mut pri = rpairs;
        let mut pit = rpairs;
        while pit != 0 && left > 0 {
            pri -= 1;
            pit -= 1;
            let pi = remainder[pit];
            let pv = self.pbi[pi];
            if self.sm[pv] > pv && self.sm[pv] < nsgbv {
                for &oi in &remainder[pit + 1..] {
                    let e = self.ewc(pi, oi, pri);
                    if !e.is_zero() {
                        g.set(pv, self.pbi[oi], e.sub(W::from_u64(1)));
                    }
                }
                self.sm = g.compute();
            }
            let exchange = self.sm[pv] <= pv || self.sm[pv] >= nsgbv;
            if exchange {
                left -= 1;
            }
            for &oi in &remainder[pit + 1..] {
                if exchange {
                    self.base.clear(oi, pi);
                }
                g.set(pv, self.pbi[oi], self.ewc(pi, oi, pri));
            }
        }
        self.remainder = remainder;
    }

    /// Exchanges (C.04.3 B.4): the highest S2 players that can go to S1; a player moved up
    /// may no longer meet the S1 players above it, the next scoregroup or anyone below.
    fn exchanges_up(&mut self, n: usize, g: &mut Graph<W>, exchanges: usize) {
        let (rpairs, nsgb, nsgbv, len) = (self.rpairs, self.nsgb, self.nsgbv, self.pbi.len());
        let remainder = std::mem::take(&mut self.remainder);
        let rl = remainder.len();
        let mut left = exchanges;
        let mut ri = rpairs;
        let mut pit = rpairs;
        while pit < rl && left > 1 {
            let pi = remainder[pit];
            let pv = self.pbi[pi];
            let already = self.sm[pv] > pv && self.sm[pv] < nsgbv;
            if !already {
                for &oi in &remainder[pit + 1..] {
                    let e = self.ewc(pi, oi, ri);
                    if !e.is_zero() {
                        g.set(pv, self.pbi[oi], e.add(W::from_u64(1)));
                    }
                }
                self.sm = g.compute();
            }
            if self.sm[pv] > pv && self.sm[pv] < nsgbv {
                left -= 1;
                for &oi in &remainder[..pit] {
                    self.base.clear(pi, oi);
                    g.set(pv, self.pbi[oi], W::zero());
                }
                for oi in nsgb..len {
                    self.base.clear(oi, pi);
                    g.set(pv, self.pbi[oi], W::zero());
                }
                // Nor may the player float below the next scoregroup.
                for ov in self.pbi[len - 1] + 1..n {
                    g.set(pv, ov, W::zero());
                }
            }
            if !already {
                for &oi in &remainder[pit + 1..] {
                    g.set(pv, self.pbi[oi], self.ewc(pi, oi, ri));
                }
            }
            ri += 1;
            pit += 1;
        }
        self.remainder = remainder;
    }

    /// Fixes the exchanges: a pair of two S1 or two S2 players of the matching found loses
    /// its weight, the others go back to their unnudged weights.
    fn fix_exchanges(&mut self, g: &mut Graph<W>) {
        let nsgbv = self.nsgbv;
        // The matching stays a maximum-weight one without the S1 bonuses (they only ordered
        // the maximum-weight matchings). Each S1 player's pairs in the remainder lose its bonus
        // (the others are removed): its dual falls by the bonus where its other edges stay
        // feasible, so that its pair stays tight and the next solve need not re-pair the whole
        // remainder.
        let mut in_remainder = vec![false; g.n];
        for &pi in &self.remainder {
            in_remainder[self.pbi[pi]] = true;
        }
        for (sri, &pi) in self.remainder.iter().enumerate() {
            let pv = self.pbi[pi];
            if self.sm[pv] > pv && self.sm[pv] < nsgbv {
                let bonus = self.s1_bonus(sri);
                g.m.lower_dual(pv, bonus.add(bonus), &in_remainder);
            }
        }
        // The matcher's id of each base weight, interned once.
        let mut ids: Vec<u32> = vec![u32::MAX; self.base.values.len()];
        for (a, &pi) in self.remainder.iter().enumerate() {
            let pv = self.pbi[pi];
            for &oi in &self.remainder[a + 1..] {
                let ov = self.pbi[oi];
                if self.sm[pv] <= pv
                    || self.sm[pv] >= nsgbv
                    || (self.sm[ov] > ov && self.sm[ov] < nsgbv)
                {
                    self.base.clear(oi, pi);
                }
                let bid = self.base.id(oi, pi) as usize;
                if ids[bid] == u32::MAX {
                    ids[bid] = g.m.intern(self.base.values.get(bid as u32));
                }
                g.m.set_interned(pv, ov, ids[bid]);
            }
        }
        g.m.compact_if_large();
    }

    /// Each S1 player's opponent, the highest possible first (C.04.3 B.3), fixed pair by pair.
    fn pair_s1(&mut self, g: &mut Graph<W>, matched: &mut [bool]) {
        let nsgbv = self.nsgbv;
        let remainder = std::mem::take(&mut self.remainder);
        for &pi in &remainder {
            let pv = self.pbi[pi];
            if self.sm[pv] > pv && self.sm[pv] < nsgbv {
                let target = self.open_opponent(
                    g,
                    pv,
                    remainder
                        .iter()
                        .filter(|&&oi| {
                            oi > pi && !matched[self.pbi[oi]] && self.base.id(oi, pi) != 0
                        })
                        .map(|&oi| self.pbi[oi]),
                );
                if target != self.sm[pv] && !self.exchange(g, pv, target) {
                    // Every opponent left gains a bonus, the highest the largest: the solve
                    // gives `pv` the highest opponent of any maximum-weight matching.
                    let mut addend = 0u64;
                    for &oi in remainder.iter().rev() {
                        let ov = self.pbi[oi];
                        if oi <= pi || matched[ov] {
                            continue;
                        }
                        let e = self.base.get(oi, pi);
                        if !e.is_zero() {
                            g.set(pv, ov, e.add(W::from_u64(addend)));
                        }
                        addend += 1;
                    }
                    self.sm = g.compute();
                }
                let mv = self.sm[pv];
                matched[pv] = true;
                matched[mv] = true;
                if mv != pv {
                    g.finalize(pv, mv);
                }
            }
        }
        self.remainder = remainder;
    }

    /// Of `pv`'s possible opponents `candidates`, the highest first, the first that some
    /// maximum-weight matching may give it: its current partner, or a higher one that the
    /// duals do not exclude ([`crate::dense::DenseMatcher::excluded`]: no maximum-weight matching pairs them).
    /// The candidates passed over are in no maximum-weight matching, so the highest opponent
    /// any of them gives `pv` is this one or a lower one. `NONE` without candidates.
    fn open_opponent(
        &self,
        g: &Graph<W>,
        pv: usize,
        mut candidates: impl Iterator<Item = usize>,
    ) -> usize {
        let current = self.sm[pv];
        candidates
            .find(|&ov| ov == current || !g.m.excluded(pv, ov))
            .unwrap_or(NONE)
    }

    /// Pairs `pv` with `target` without a solve when an exchange of partners in four along
    /// tight edges gives it that opponent ([`crate::dense::DenseMatcher::exchange`]): another
    /// maximum-weight matching pairs them. Whether it did.
    fn exchange(&mut self, g: &mut Graph<W>, pv: usize, target: usize) -> bool {
        if target == NONE {
            return false;
        }
        let Some((a, b)) = g.m.exchange(pv, target) else {
            return false;
        };
        self.sm[pv] = target;
        self.sm[target] = pv;
        self.sm[a] = b;
        self.sm[b] = a;
        true
    }

    /// Closes the bracket: records its pairs in `result` and returns the next bracket's
    /// players (this one's unpaired players, as MDPs, then the next scoregroup) and its MDP
    /// count; updates whether the PAB stays in a single scoregroup.
    pub(super) fn close(
        &self,
        ctx: &Ctx,
        matched: &[bool],
        result: &mut [usize],
        plan: &mut PabPlan,
    ) -> (Vec<usize>, usize) {
        let n = ctx.sorted.len();
        let score = |v: usize| ctx.sorted[v].score;
        let mut npbi = Vec::new();
        let mut sgb = 0;
        let sg_it = self.sg_it;
        plan.single = n % 2 == 1 && sg_it < n && plan.bye_score >= score(sg_it);
        for (pi, &pv) in self.pbi.iter().enumerate() {
            if pi < self.nsgb && matched[pv] {
                let mv = self.sm[pv];
                if mv != pv {
                    result[pv] = mv;
                    result[mv] = pv;
                }
            } else {
                npbi.push(pv);
                if pi < self.nsgb {
                    sgb += 1;
                }
                if plan.single && score(self.sm[pv]) < score(sg_it) {
                    plan.single = false;
                }
            }
        }
        (npbi, sgb)
    }
}
