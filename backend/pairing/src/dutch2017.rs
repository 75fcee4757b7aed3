//! The 2017 edition of the Dutch system (C.04.3, criteria C1-C19), as the endorsed engine of
//! that time computed it: each bracket is optimised by a maximum-weight matching over the
//! bracket and the next scoregroup only, whose weights encode the pairs (C5), the pairing score
//! difference (PSD, C6), the next bracket's pairs and PSD (C7), colours (C8-C11) and floats
//! (C12-C19); a maximum-cardinality matching over the whole round checks completion (C4). When
//! it fails, the bracket is the penultimate pairing bracket (PPB) and is paired again together
//! with all the players left, the collapsed last bracket (CLB).

use std::collections::HashMap;

use crate::PairingError;
use crate::dense::DenseMatcher;
use crate::dutch_state::{Ctx, Float, NONE, Pl, bits_for, colour_bits};
use crate::wide::{Weight, Wide};

/// The pairs fixed so far over the whole round, and a completion check (C4).
struct Validity {
    n: usize,
    fin: Vec<usize>,
}

impl Validity {
    /// Whether every player not yet paired can be paired (the PAB to an eligible player when
    /// the number is odd), respecting the absolute criteria C1-C3: whether the graph of the
    /// compatible pairs, with one more vertex for the PAB joined to its eligible players when
    /// the number is odd, has a perfect matching.
    fn complete(&self, ctx: &Ctx) -> bool {
        let live: Vec<usize> = (0..self.n).filter(|&v| self.fin[v] == NONE).collect();
        let odd = live.len() % 2 == 1;
        let total = live.len() + usize::from(odd);
        if total == 0 {
            return true;
        }
        let mut m: DenseMatcher<Wide<1>> = DenseMatcher::new(total);
        let one = m.intern(Wide::<1>::from_u64(1));
        for (i, &a) in live.iter().enumerate() {
            for (j, &b) in live.iter().enumerate().take(i) {
                if ctx.compatible(a, b) {
                    m.set_interned(i, j, one);
                }
            }
            if odd && ctx.sorted[a].bye_ok {
                m.set_interned(i, live.len(), one);
            }
        }
        m.solve().is_some()
    }
}

/// The shifts of the PSD bit fields for one bracket: one field per distinct score difference
/// (pairs) and per downfloater score (offset by 10 so that they sort above), wide enough to
/// count its occurrences.
fn psd_shifts(
    ctx: &Ctx,
    pbi: &[usize],
    sgb: usize,
    nsgb: usize,
    min: u32,
) -> (HashMap<u32, u32>, u32) {
    let score = |i: usize| ctx.sorted[pbi[i]].score;
    let mut diffs = Vec::new();
    for p in 0..nsgb {
        diffs.push(score(p) - min + 10);
        let first = sgb.max(p + 1);
        for o in first..nsgb {
            if o <= first || score(o) < score(o - 1) {
                diffs.push(score(p).saturating_sub(score(o)));
            }
        }
    }
    diffs.sort_unstable();
    let mut shifts = HashMap::new();
    let mut total = 0u32;
    let mut i = 0;
    while i < diffs.len() {
        let mut j = i;
        while j < diffs.len() && diffs[j] == diffs[i] {
            j += 1;
        }
        shifts.insert(diffs[i], total);
        total += bits_for(j - i);
        i = j;
    }
    (shifts, total)
}

struct Bracket<'a> {
    pbi: &'a [usize],
    sgb: usize,
    nsgb: usize,
    special: bool,
    last: bool,
    pcb: u32,
    npcb: u32,
    sds: u32,
    shifts: &'a HashMap<u32, u32>,
    min: u32,
}

fn weight<W: Weight>(ctx: &Ctx, br: &Bracket, si: usize, li: usize) -> W {
    let (hv, lv) = (br.pbi[si], br.pbi[li]);
    if !ctx.compatible(hv, lv) {
        return W::zero();
    }
    let (h, l) = (ctx.sorted[hv], ctx.sorted[lv]);
    let h_in = si < br.nsgb;
    let l_in = li < br.nsgb;
    let sh = |k: u32| br.shifts.get(&k).copied().unwrap_or(0);
    let elig = |p: &Pl| u64::from(!p.bye_ok);
    let (pcb, sds) = (br.pcb, br.sds);
    let mut r = W::zero();
    if br.special {
        r = r.or_u64(1 + elig(h) + elig(l));
    }
    r = r.shl(pcb).or_u64(u64::from(l_in));
    r = r.shl(sds);
    if l_in {
        r = r.add_shifted(1, sh(h.score - br.min + 10));
        r = r.add_shifted(1, sh(l.score - br.min + 10));
        r = r.sub(W::from_u64(1).shl(sh(h.score.saturating_sub(l.score))));
    }
    if !br.special {
        if br.last {
            r = r.shl(pcb.max(br.npcb)).shl(3);
        } else {
            r = r.shl(br.npcb);
        }
        r = r.or_u64(if br.last {
            1 + elig(h) + elig(l)
        } else {
            u64::from(!l_in)
        });
        r = r.shl(sds);
        if h_in {
            r = r.or_shifted(1, sh(h.score - br.min + 10));
        }
        if l_in {
            r = r.add_shifted(1, sh(l.score - br.min + 10));
        }
    }
    r = colour_bits(r, l, h, l_in, pcb);
    let fl = |x: &Pl, back: u32| if back == 1 { x.float1 } else { x.float2 };
    for back in [1, 2] {
        if ctx.played_rounds < back {
            continue;
        }
        r = r.shl(pcb);
        if l_in {
            r = r.or_u64(u64::from(fl(l, back) == Float::Down));
            r = r.add(W::from_u64(u64::from(
                h.score <= l.score && fl(h, back) == Float::Down,
            )));
        }
        r = r.shl(pcb);
        if l_in && h.score > l.score && fl(l, back) == Float::Up {
            r = r.sub(W::from_u64(1));
        }
    }
    for back in [1, 2] {
        if ctx.played_rounds < back {
            continue;
        }
        r = r.shl(sds);
        if l_in {
            r = r.add_shifted(
                u64::from(fl(l, back) == Float::Down),
                sh(l.score - br.min + 10),
            );
            if fl(h, back) == Float::Down {
                r = r.add_shifted(1, sh(h.score - br.min + 10));
                if h.score > l.score {
                    r = r.sub(W::from_u64(1).shl(sh(h.score - l.score)));
                }
            }
        }
        r = r.shl(sds);
        if l_in && fl(l, back) == Float::Up && h.score > l.score {
            r = r.sub(W::from_u64(1).shl(sh(h.score - l.score)));
        }
    }
    r.shl(pcb).shl(pcb).shl(pcb).shl(1)
}

/// The matcher over the bracket and the next scoregroup, and the pairs fixed in it.
struct Local<W: Weight> {
    n: usize,
    m: DenseMatcher<W>,
    fin: Vec<usize>,
}

impl<W: Weight> Local<W> {
    fn set(&mut self, a: usize, b: usize, w: W) {
        self.m.set(a, b, w);
    }
    fn finalize(&mut self, a: usize, b: usize) {
        self.fin[a] = b;
        self.fin[b] = a;
        self.m.remove(a, b);
    }
    /// A maximum-weight matching of the players not yet paired (a bracket's players may
    /// float, so not necessarily perfect); each vertex's partner, or itself.
    fn compute(&mut self) -> Vec<usize> {
        let p = self.m.solve_general();
        (0..self.n)
            .map(|v| {
                if self.fin[v] == NONE {
                    p[v]
                } else {
                    self.fin[v]
                }
            })
            .collect()
    }
}

/// Pairs one bracket; returns the final matching (local indices) and which bracket players are
/// paired, and records the pairs in `validity`.
fn pair_bracket<W: Weight>(
    ctx: &Ctx,
    br: &Bracket,
    validity: &mut Validity,
) -> (Vec<usize>, Vec<bool>) {
    let len = br.pbi.len();
    let (sgb, nsgb, pcb) = (br.sgb, br.nsgb, br.pcb);
    let mut base: Vec<Vec<W>> = vec![Vec::new(); len];
    let mut g: Local<W> = Local {
        n: len,
        m: DenseMatcher::new(len),
        fin: vec![NONE; len],
    };
    for li in sgb..len {
        base[li] = (0..li).map(|si| weight(ctx, br, si, li)).collect();
        for si in 0..li {
            g.set(li, si, base[li][si]);
        }
    }
    let ewc = |base: &Vec<Vec<W>>, si: usize, li: usize, sri: usize, rpairs: usize| -> W {
        let r = base[li][si];
        if r.is_zero() {
            return r;
        }
        let addend = W::from_u64(u64::from(sri < rpairs))
            .shl(pcb)
            .shl(pcb)
            .sub(W::from_u64(sri as u64))
            .shl(1);
        r.add(addend)
    };
    let finalize = |g: &mut Local<W>, validity: &mut Validity, a: usize, b: usize| {
        g.finalize(a, b);
        let (va, vb) = (br.pbi[a], br.pbi[b]);
        validity.fin[va] = vb;
        validity.fin[vb] = va;
    };
    let score = |i: usize| ctx.sorted[br.pbi[i]].score;
    let inb = |sm: &Vec<usize>, i: usize| sm[i] >= sgb && sm[i] < nsgb;
    let mut sm = g.compute();
    let mut matched = vec![false; len];
    let mut md_score = 0;
    let mut rem_md = 0usize;
    let mut rem_matched = 0usize;
    for pi in 0..sgb {
        if pi == 0 || score(pi) < md_score {
            md_score = score(pi);
            rem_md = 0;
            rem_matched = 0;
            let mut q = pi;
            while q < len && score(q) >= md_score {
                rem_md += 1;
                if inb(&sm, q) {
                    rem_matched += 1;
                }
                q += 1;
            }
        }
        if rem_matched == 0 {
            continue;
        }
        if rem_md <= rem_matched {
            matched[pi] = true;
            continue;
        }
        rem_md -= 1;
        if !inb(&sm, pi) {
            for oi in sgb..nsgb {
                let e = base[oi][pi];
                if !e.is_zero() {
                    g.set(pi, oi, e.or_u64(1));
                }
            }
            sm = g.compute();
        }
        if inb(&sm, pi) {
            matched[pi] = true;
            rem_matched -= 1;
            for oi in sgb..nsgb {
                let e = base[oi][pi];
                if !e.is_zero() {
                    g.set(pi, oi, e.or_u64((nsgb - sgb) as u64).add(W::from_u64(1)));
                }
            }
        }
    }
    for pi in 0..sgb {
        if !matched[pi] {
            continue;
        }
        let mut addend = len as u64;
        let mut best = NONE;
        for oi in (sgb..nsgb).rev() {
            if matched[oi] {
                continue;
            }
            let e = base[oi][pi];
            if !e.is_zero() {
                g.set(pi, oi, e.add(W::from_u64(addend)));
                addend += 1;
                best = oi;
            }
        }
        if sm[pi] != best {
            sm = g.compute();
        }
        let mi = sm[pi];
        if mi != pi {
            matched[mi] = true;
            finalize(&mut g, validity, pi, mi);
        }
    }
    let mut remainder: Vec<usize> = Vec::new();
    let mut rpairs = 0usize;
    for pi in sgb..nsgb {
        if sm[pi] < sgb {
            continue;
        }
        remainder.push(pi);
        if sm[pi] < pi {
            rpairs += 1;
        }
    }
    let rl = remainder.len();
    for (oa, &oi) in remainder.iter().enumerate() {
        for (sri, &pi) in remainder.iter().enumerate().take(oa) {
            g.set(pi, oi, ewc(&base, pi, oi, sri, rpairs));
        }
    }
    sm = g.compute();
    let first_end = remainder.get(rpairs).copied().unwrap_or(usize::MAX);
    let mut exchanges = 0usize;
    for &pi in &remainder {
        if pi >= first_end {
            break;
        }
        if sm[pi] <= pi || sm[pi] >= nsgb {
            exchanges += 1;
        }
    }
    let mut left = exchanges;
    let mut pri = rpairs;
    let mut pit = rpairs;
    while pit != 0 && left > 0 {
        pri -= 1;
        pit -= 1;
        let pi = remainder[pit];
        if sm[pi] > pi && sm[pi] < nsgb {
            for &oi in &remainder[pit + 1..] {
                let e = ewc(&base, pi, oi, pri, rpairs);
                if !e.is_zero() {
                    g.set(pi, oi, e.sub(W::from_u64(1)));
                }
            }
            sm = g.compute();
        }
        let exchange = sm[pi] <= pi || sm[pi] >= nsgb;
        if exchange {
            left -= 1;
        }
        for &oi in &remainder[pit + 1..] {
            if exchange {
                base[oi][pi] = W::zero();
            }
            g.set(pi, oi, ewc(&base, pi, oi, pri, rpairs));
        }
    }
    let mut left = exchanges;
    let mut ri = rpairs;
    let mut pit = rpairs;
    while pit < rl && left > 1 {
        let pi = remainder[pit];
        let already = sm[pi] > pi && sm[pi] < nsgb;
        if !already {
            for &oi in &remainder[pit + 1..] {
                let e = ewc(&base, pi, oi, ri, rpairs);
                if !e.is_zero() {
                    g.set(pi, oi, e.add(W::from_u64(1)));
                }
            }
            sm = g.compute();
        }
        if sm[pi] > pi && sm[pi] < nsgb {
            left -= 1;
            for &oi in &remainder[..pit] {
                base[pi][oi] = W::zero();
                g.set(pi, oi, W::zero());
            }
            for oi in nsgb..len {
                base[oi][pi] = W::zero();
                g.set(pi, oi, W::zero());
            }
        }
        if !already {
            for &oi in &remainder[pit + 1..] {
                g.set(pi, oi, ewc(&base, pi, oi, ri, rpairs));
            }
        }
        ri += 1;
        pit += 1;
    }
    for (a, &pi) in remainder.iter().enumerate() {
        for &oi in &remainder[a + 1..] {
            if sm[pi] <= pi || sm[pi] >= nsgb || (sm[oi] > oi && sm[oi] < nsgb) {
                base[oi][pi] = W::zero();
            }
            g.set(pi, oi, base[oi][pi]);
        }
    }
    for &pi in &remainder {
        if sm[pi] > pi && sm[pi] < nsgb {
            let mut addend = 0u64;
            let mut best = NONE;
            for &oi in remainder.iter().rev() {
                if oi <= pi || matched[oi] {
                    continue;
                }
                let e = base[oi][pi];
                if !e.is_zero() {
                    g.set(pi, oi, e.add(W::from_u64(addend)));
                    best = oi;
                }
                addend += 1;
            }
            if sm[pi] != best {
                sm = g.compute();
            }
            let mi = sm[pi];
            matched[pi] = true;
            matched[mi] = true;
            if mi != pi {
                finalize(&mut g, validity, pi, mi);
            }
        }
    }
    (sm, matched)
}

/// Pairs a round by the 2017 rules; returns each sorted player's opponent (or [`NONE`]).
pub(crate) fn run(ctx: &Ctx) -> Result<Vec<usize>, PairingError> {
    let n = ctx.sorted.len();
    let score = |v: usize| ctx.sorted[v].score;
    let mut validity = Validity {
        n,
        fin: vec![NONE; n],
    };
    if !validity.complete(ctx) {
        return Err(PairingError::NoValidPairing);
    }
    let mut result = vec![NONE; n];
    let top = score(0);
    let mut next_it = 0;
    let mut pbi: Vec<usize> = Vec::new();
    while next_it < n && score(next_it) >= top {
        pbi.push(next_it);
        next_it += 1;
    }
    let mut special = next_it == n;
    let mut sgb = 0usize;
    while pbi.len() > 1 || next_it < n {
        let nsgb = pbi.len();
        let sg_it = next_it;
        while next_it < n && (special || score(next_it) >= score(sg_it)) {
            pbi.push(next_it);
            next_it += 1;
        }
        let len = pbi.len();
        let min = score(pbi[len - 1]);
        let (shifts, sds) = psd_shifts(ctx, &pbi, sgb, nsgb, min);
        let pcb = bits_for(nsgb - sgb);
        let npcb = bits_for(len - nsgb);
        let br = Bracket {
            pbi: &pbi,
            sgb,
            nsgb,
            special,
            last: next_it == n,
            pcb,
            npcb,
            sds,
            shifts: &shifts,
            min,
        };
        let bits =
            4 + pcb.max(npcb) + 3 + 2 * sds + 4 * pcb + 4 * pcb + 4 * sds + 3 * pcb + 1 + pcb + 8;
        let (sm, matched) = match bits.div_ceil(64) {
            0..=1 => pair_bracket::<Wide<1>>(ctx, &br, &mut validity),
            2 => pair_bracket::<Wide<2>>(ctx, &br, &mut validity),
            3..=4 => pair_bracket::<Wide<4>>(ctx, &br, &mut validity),
            5..=8 => pair_bracket::<Wide<8>>(ctx, &br, &mut validity),
            9..=16 => pair_bracket::<Wide<16>>(ctx, &br, &mut validity),
            17..=32 => pair_bracket::<Wide<32>>(ctx, &br, &mut validity),
            _ => pair_bracket::<Wide<64>>(ctx, &br, &mut validity),
        };
        if !special && !validity.complete(ctx) {
            // This bracket is the PPB: pair it again with everyone left (the CLB).
            pbi.truncate(nsgb);
            next_it = sg_it;
            special = true;
            continue;
        }
        special = next_it == n;
        let mut npbi = Vec::new();
        sgb = 0;
        for (pi, &pv) in pbi.iter().enumerate() {
            if pi < nsgb && matched[pi] {
                let mi = sm[pi];
                if mi != pi {
                    result[pv] = pbi[mi];
                    result[pbi[mi]] = pv;
                }
            } else {
                npbi.push(pv);
                if pi < nsgb {
                    sgb += 1;
                }
            }
        }
        pbi = npbi;
    }
    if (0..n).filter(|&v| result[v] == NONE).count() > 1 {
        return Err(PairingError::NoValidPairing);
    }
    Ok(result)
}
