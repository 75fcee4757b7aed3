// Over 800 lines: the 2026 engine's edge weights (C1-C21) and the sequence of decisions that fix a
// bracket (C.04.3 B, D) are one procedure over the same private state.
//! The FIDE Dutch system (Handbook C.04.3), computed as the endorsed engines do: the quality
//! criteria become bit fields of an edge weight, most important first, and a maximum-weight
//! matching over every player still to pair chooses, bracket by bracket, the pairs that the
//! criteria prefer; completion (C4 in 2017, C4 in 2026) comes free because the whole rest of the
//! round is always part of the matching.
//!
//! The weight of an edge between a higher-ranked player `h` and a lower-ranked `l`, from the top:
//! 1. compatibility (C1-C3: zero weight when they may not meet) and PAB eligibility (C2, C5);
//! 2. pairs in the current bracket (2017 C5, 2026 C6) and the scores they pair (2017 C6 PSD,
//!    2026 C7 downfloater scores), then the same for the next bracket (2017 C7, 2026 C8);
//! 3. (2026 C9) unplayed games of the PAB assignee;
//! 4. colours: topscorers' colour difference and colour runs (2017 C8/C9, 2026 C10/C11),
//!    preferences (C10/C11 resp. C12/C13);
//! 5. floats: repeated downfloats and upfloats one and two rounds back and their scores
//!    (2017 C12-C19, 2026 C14-C21);
//! 6. low bits for the order of S1/S2 transpositions and exchanges (C.04.3 B.3, D.1-D.3).
//!
//! After the bracket's optimum is known, decisions are fixed one at a time in the order the
//! rules generate candidates (which MDPs are paired, their opponents, which residents are
//! exchanged, each S1 player's opponent) by nudging the low bits and re-solving.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};

use crate::dense::{DenseMatcher, Interner, LimbHasher};
use crate::dutch_state::{Ctx, Float, NONE, Pl, colour_bits, colour_flags, prepare};
use crate::matching::{Edge, max_weight_matching_with_duals};
use crate::wide::{Weight, Wide};
use crate::{Board, Colour, Edition, Pairing, PairingError, PairingState};

/// Pairs one round by the Dutch system (C.04.3) in the edition the state names.
///
/// # Errors
/// [`PairingError::NoValidPairing`] when no pairing meets the absolute criteria (C1-C3, C.04.1);
/// other variants for inconsistent input.
pub fn pair(state: &PairingState) -> Result<Pairing, PairingError> {
    let players = prepare(state)?;
    let n = players.len();
    if n == 0 {
        return Ok(Pairing::default());
    }
    if n > 9999 {
        return Err(PairingError::TooLarge(n));
    }
    // Sort by score (with acceleration), then pairing number (C.04.3 A.2).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        players[b]
            .score
            .cmp(&players[a].score)
            .then(players[a].rank.cmp(&players[b].rank))
    });
    let sorted: Vec<&Pl> = order.iter().map(|&i| &players[i]).collect();
    let ctx = Ctx::new(state, &sorted, &order);
    let bits = ctx.weight_bits() + 8;
    let mates = if state.edition == Edition::Dutch2017 {
        crate::dutch2017::run(&ctx)
    } else {
        // The fewest 64-bit limbs that hold the weights, exactly from 7 to 12 (the large fields:
        // 1,000 to 9,999 players): the matching's slacks and duals cost one step per limb
        // (9,999 players: 11 limbs, not 12).
        match bits.div_ceil(64) {
            0..=1 => run::<Wide<1>>(&ctx),
            2 => run::<Wide<2>>(&ctx),
            3..=4 => run::<Wide<4>>(&ctx),
            5..=6 => run::<Wide<6>>(&ctx),
            7 => run::<Wide<7>>(&ctx),
            8 => run::<Wide<8>>(&ctx),
            9 => run::<Wide<9>>(&ctx),
            10 => run::<Wide<10>>(&ctx),
            11 => run::<Wide<11>>(&ctx),
            12 => run::<Wide<12>>(&ctx),
            13..=16 => run::<Wide<16>>(&ctx),
            17..=32 => run::<Wide<32>>(&ctx),
            33..=64 => run::<Wide<64>>(&ctx),
            _ => run::<Wide<128>>(&ctx),
        }
    }?;
    Ok(finish(&ctx, &mates))
}

struct Params<'r> {
    bye_score: u32,
    single_bye: bool,
    ranks: &'r HashMap<u32, u64>,
}

/// Where the top field of [`edge_weight`] starts: the bits below it, the shifts of
/// [`edge_weight_reference`] summed.
fn top_field(ctx: &Ctx) -> u32 {
    let (b, s) = (ctx.b, ctx.s);
    let rounds = ctx.played_rounds.min(2);
    let c9 = if ctx.edition == Edition::Dutch2026 {
        2 * b
    } else {
        0
    };
    b + s + b + s + c9 + 4 * b + rounds * (2 * b + 2 * s) + 3 * b + 1
}

/// Whether a player may take the PAB at this stage (C.04.3 C2): eligible, and scoring no more
/// than the PAB score.
fn bye_candidate(p: &Pl, prm: &Params) -> bool {
    p.bye_ok && p.score <= prm.bye_score
}

/// The 2026 C9 rank [`edge_weight`] adds for player `v` (zero unless a single PAB candidate
/// scoregroup is known and `v` is in it).
fn c9_rank(p: &Pl, prm: &Params) -> u64 {
    if prm.single_bye && p.score == prm.bye_score {
        prm.ranks.get(&p.played_games).copied().unwrap_or(0)
    } else {
        0
    }
}

/// The doubled vertex duals under which every pair's weight outside the current and the
/// next bracket ([`fill_outside`]) is tight: that weight is `C + a_h + a_l` for compatible
/// pairs (the top field's pair count and the 2026 C9 ranks are a term per player), so
/// `C + 2 a_v` per player.
fn outside_duals<W: Weight>(ctx: &Ctx, prm: &Params) -> Vec<W> {
    let top = top_field(ctx);
    // Below the top field: the current and the next bracket's pair and score fields.
    let c9 = top - (ctx.b + ctx.s + ctx.b + ctx.s + 2 * ctx.b);
    let dutch2026 = ctx.edition == Edition::Dutch2026;
    ctx.sorted
        .iter()
        .map(|p| {
            let y = W::zero().add_shifted(1 + 2 * u64::from(!bye_candidate(p, prm)), top);
            if dutch2026 {
                y.add_shifted(2 * c9_rank(p, prm), c9)
            } else {
                y
            }
        })
        .collect()
}

/// The weight of the pair of sorted positions `hv < lv`: the bit fields of [`edge_weight_reference`]
/// (which shifts the whole value for each field in turn), each added in at its final bit position
/// instead. Every field is added to bits still zero (or, where the reference adds, added as
/// there), so the two agree bit for bit; debug builds check it.
fn edge_weight<W: Weight>(
    ctx: &Ctx,
    hv: usize,
    lv: usize,
    cur: bool,
    next: bool,
    prm: &Params,
) -> W {
    if !ctx.compatible(hv, lv) {
        return W::zero();
    }
    let (h, l) = (ctx.sorted[hv], ctx.sorted[lv]);
    let (b, s) = (ctx.b, ctx.s);
    let (shh, shlo) = (ctx.vsh[hv], ctx.vsh[lv]);
    let rounds = ctx.played_rounds.min(2);
    let dutch2026 = ctx.edition == Edition::Dutch2026;
    let mut pos = top_field(ctx);
    let bye_cand = |p: &Pl| bye_candidate(p, prm);
    let mut r = W::zero().add_shifted(1 + u64::from(!bye_cand(h)) + u64::from(!bye_cand(l)), pos);
    // Pairs in the current bracket, and their scores.
    pos -= b;
    r = r.add_shifted(u64::from(cur), pos);
    pos -= s;
    if cur {
        r = r.add_shifted(1, pos + shh);
    }
    // Pairs in the next bracket, and their scores.
    pos -= b;
    r = r.add_shifted(u64::from(next), pos);
    pos -= s;
    if next {
        r = r.add_shifted(1, pos + shh);
    }
    if dutch2026 {
        // C9: unplayed games of the PAB assignee.
        pos -= 2 * b;
        r = r.add_shifted(c9_rank(h, prm), pos);
        r = r.add_shifted(c9_rank(l, prm), pos);
    }
    for flag in colour_flags(l, h) {
        pos -= b;
        r = r.add_shifted(u64::from(cur && flag), pos);
    }
    let fl = |x: &Pl, back: u32| if back == 1 { x.float1 } else { x.float2 };
    for back in 1..=rounds {
        pos -= b;
        if cur {
            r = r.add_shifted(u64::from(fl(l, back) == Float::Down), pos);
            r = r.add_shifted(
                u64::from(h.score <= l.score && fl(h, back) == Float::Down),
                pos,
            );
        }
        pos -= b;
        if cur {
            r = r.add_shifted(
                u64::from(!(h.score > l.score && fl(l, back) == Float::Up)),
                pos,
            );
        }
    }
    for back in 1..=rounds {
        pos -= s;
        if cur {
            r = r.add_shifted(u64::from(fl(l, back) == Float::Down), pos + shlo);
            r = r.add_shifted(u64::from(fl(h, back) == Float::Down), pos + shh);
        }
        pos -= s;
        if cur && !(fl(l, back) == Float::Up && h.score > l.score) {
            r = r.add_shifted(1, pos + shh);
        }
    }
    debug_assert_eq!(pos, 3 * b + 1);
    #[cfg(debug_assertions)]
    assert!(r == edge_weight_reference(ctx, hv, lv, cur, next, prm));
    r
}

/// [`edge_weight`] as the fields are defined: each shifted in below the ones before.
#[cfg(debug_assertions)]
fn edge_weight_reference<W: Weight>(
    ctx: &Ctx,
    hv: usize,
    lv: usize,
    cur: bool,
    next: bool,
    prm: &Params,
) -> W {
    if !ctx.compatible(hv, lv) {
        return W::zero();
    }
    let (h, l) = (ctx.sorted[hv], ctx.sorted[lv]);
    let (b, s) = (ctx.b, ctx.s);
    let bye_cand = |p: &Pl| p.bye_ok && p.score <= prm.bye_score;
    let mut r = W::from_u64(1 + u64::from(!bye_cand(h)) + u64::from(!bye_cand(l)));
    // Pairs in the current bracket, and their scores.
    r = r.shl(b).or_u64(u64::from(cur));
    r = r.shl(s);
    if cur {
        r = r.or_shifted(1, ctx.sh(h.score));
    }
    // Pairs in the next bracket, and their scores.
    r = r.shl(b).or_u64(u64::from(next));
    r = r.shl(s);
    if next {
        r = r.or_shifted(1, ctx.sh(h.score));
    }
    if ctx.edition == Edition::Dutch2026 {
        // C9: unplayed games of the PAB assignee.
        r = r.shl(b).shl(b);
        if prm.single_bye {
            if h.score == prm.bye_score {
                r = r.or_u64(prm.ranks.get(&h.played_games).copied().unwrap_or(0));
            }
            if l.score == prm.bye_score {
                r = r.add(W::from_u64(
                    prm.ranks.get(&l.played_games).copied().unwrap_or(0),
                ));
            }
        }
    }
    r = colour_bits(r, l, h, cur, b);
    let fl = |x: &Pl, back: u32| if back == 1 { x.float1 } else { x.float2 };
    for back in [1, 2] {
        if ctx.played_rounds < back {
            continue;
        }
        r = r.shl(b);
        if cur {
            r = r.or_u64(u64::from(fl(l, back) == Float::Down));
            r = r.add(W::from_u64(u64::from(
                h.score <= l.score && fl(h, back) == Float::Down,
            )));
        }
        r = r.shl(b);
        if cur {
            r = r.or_u64(u64::from(!(h.score > l.score && fl(l, back) == Float::Up)));
        }
    }
    for back in [1, 2] {
        if ctx.played_rounds < back {
            continue;
        }
        r = r.shl(s);
        if cur {
            r = r.add_shifted(u64::from(fl(l, back) == Float::Down), ctx.sh(l.score));
            r = r.add_shifted(u64::from(fl(h, back) == Float::Down), ctx.sh(h.score));
        }
        r = r.shl(s);
        if cur && !(fl(l, back) == Float::Up && h.score > l.score) {
            r = r.or_shifted(1, ctx.sh(h.score));
        }
    }
    r.shl(b).shl(b).shl(b).shl(1)
}

/// The matching state: the persistent dense matcher over the sorted players, and the pairs
/// fixed so far.
struct Graph<W: Weight> {
    n: usize,
    m: DenseMatcher<W>,
    fin: Vec<usize>,
}

impl<W: Weight> Graph<W> {
    fn set(&mut self, a: usize, b: usize, w: W) {
        self.m.set(a, b, w);
    }
    fn finalize(&mut self, a: usize, b: usize) {
        self.fin[a] = b;
        self.fin[b] = a;
        self.m.remove(a, b);
    }
    /// A maximum-weight matching over the players not yet paired. Every maximum-weight matching
    /// here is perfect (or leaves one player, the PAB, when the number is odd), because the top
    /// bit field counts the pairs; so each is computed as a maximum-weight perfect matching,
    /// warm-started from the previous one ([`DenseMatcher`]). Should no perfect matching exist,
    /// a general maximum-weight matching is computed from scratch instead.
    fn compute(&mut self) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.n).collect();
        for v in 0..self.n {
            if self.fin[v] != NONE {
                out[v] = self.fin[v];
            }
        }
        if let Some(p) = self.m.solve() {
            for v in 0..self.n {
                if self.fin[v] == NONE {
                    out[v] = p[v];
                }
            }
            return out;
        }
        let live = self.m.live();
        let ln = live.len();
        let mut edges: Vec<Edge<W>> = Vec::new();
        for (i, &a) in live.iter().enumerate() {
            for (j, &b) in live.iter().enumerate().take(i) {
                let w = self.m.weight(a, b);
                if !w.is_zero() {
                    edges.push((j, i, w));
                }
            }
        }
        let (m, d) = max_weight_matching_with_duals(ln, &edges);
        let mut partner: Vec<usize> = (0..self.n).collect();
        let mut duals = vec![W::zero(); self.n];
        for (i, &a) in live.iter().enumerate() {
            partner[a] = live[m[i]];
            duals[a] = d[i];
            out[a] = live[m[i]];
        }
        self.m.load(&partner, &duals);
        out
    }
}

/// Sets every edge to its weight outside the current and the next bracket. That weight depends
/// on compatibility and, for each player, PAB eligibility and the 2026 C9 rank only, so it is
/// computed once per class of players with equal such values.
fn fill_outside<W: Weight>(ctx: &Ctx, g: &mut Graph<W>, prm: &Params) {
    let n = ctx.sorted.len();
    let (class, c) = classes(
        ctx.sorted
            .iter()
            .map(|p| (bye_candidate(p, prm), c9_rank(p, prm))),
    );
    // Per pair of classes, the id of their weight in the matcher (interned once).
    let mut memo: Vec<Option<u32>> = vec![None; c * c];
    for p in 0..n {
        for o in 0..p {
            let id = if ctx.compatible(o, p) {
                let slot = &mut memo[class[o] * c + class[p]];
                *slot.get_or_insert_with(|| {
                    g.m.intern(edge_weight::<W>(ctx, o, p, false, false, prm))
                })
            } else {
                0
            };
            g.m.set_interned(p, o, id);
        }
    }
}

/// What [`edge_weight`] reads of a player besides compatibility: the score, PAB candidacy,
/// the 2026 C9 rank, the colour state (preference, imbalance, repeated colour, strength) and
/// the floats of the last two rounds.
type ClassKey = (
    u32,
    bool,
    u64,
    Option<Colour>,
    u32,
    Option<Colour>,
    bool,
    Float,
    Float,
);

/// Numbers the distinct keys in their order of first appearance: each key's class, and the
/// number of classes.
fn classes<K: Hash + Eq>(keys: impl Iterator<Item = K>) -> (Vec<usize>, usize) {
    let mut ids: HashMap<K, usize> = HashMap::new();
    let class = keys
        .map(|k| {
            let next = ids.len();
            *ids.entry(k).or_insert(next)
        })
        .collect();
    (class, ids.len())
}

/// A player's [`ClassKey`].
fn class_key(p: &Pl, prm: &Params) -> ClassKey {
    (
        p.score,
        bye_candidate(p, prm),
        c9_rank(p, prm),
        p.pref,
        p.imbalance,
        p.repeated,
        p.strong,
        p.float1,
        p.float2,
    )
}

/// The unnudged weights of a bracket's pairs, interned: row `li` holds the pairs `(li, si)`,
/// `si < li`, as ids in `values`.
struct Base<W: Weight> {
    rows: Vec<Vec<u32>>,
    values: Interner<W>,
}

impl<W: Weight> Base<W> {
    fn get(&self, li: usize, si: usize) -> W {
        self.values.get(self.rows[li][si])
    }
    fn clear(&mut self, li: usize, si: usize) {
        self.rows[li][si] = 0;
    }
}

fn run<W: Weight>(ctx: &Ctx) -> Result<Vec<usize>, PairingError> {
    let n = ctx.sorted.len();
    let score = |v: usize| ctx.sorted[v].score;
    let odd = n % 2 == 1;
    let mut g: Graph<W> = Graph {
        n,
        m: DenseMatcher::new(n),
        fin: vec![NONE; n],
    };
    let empty = HashMap::new();
    let top = score(0);
    let (b, s) = (ctx.b, ctx.s);
    if odd {
        // Before the PAB score is known: pairs and PAB eligibility, then the scoregroups of the
        // players paired (the PAB from the lowest possible), then the top scoregroup's players.
        // The weight depends on three small numbers: each is interned once.
        let mut ids: HashMap<(u64, u64, bool), u32> = HashMap::new();
        let mut last: Option<((u64, u64, bool), u32)> = None;
        for p in 0..n {
            for o in 0..p {
                let id = if ctx.compatible(o, p) {
                    let (x, y) = (ctx.sorted[p], ctx.sorted[o]);
                    let key = (
                        1 + u64::from(!x.bye_ok) + u64::from(!y.bye_ok),
                        u64::from(ctx.vsh[p] + ctx.vsh[o]),
                        x.score >= top,
                    );
                    match last {
                        Some((k, id)) if k == key => id,
                        _ => {
                            let id = *ids.entry(key).or_insert_with(|| {
                                g.m.intern(
                                    W::from_u64(key.0)
                                        .shl(s)
                                        .or_u64(key.1)
                                        .shl(b)
                                        .or_u64(u64::from(key.2)),
                                )
                            });
                            last = Some((key, id));
                            id
                        }
                    }
                } else {
                    0
                };
                g.m.set_interned(p, o, id);
            }
        }
        // Each compatible pair's weight is a constant, a term per player and whether both are
        // in the top scoregroup: doubled duals of the constant plus twice the player's term,
        // plus 2 in the top scoregroup, make every such pair tight but those with a top
        // scoregroup player (slack 2), and the solve starts near its optimum.
        let duals: Vec<W> = (0..n)
            .map(|v| {
                let x = ctx.sorted[v];
                W::from_u64(1 + 2 * u64::from(!x.bye_ok))
                    .shl(s)
                    .add(W::from_u64(2 * u64::from(ctx.vsh[v])))
                    .shl(b)
                    .add(W::from_u64(2 * u64::from(x.score >= top)))
            })
            .collect();
        g.m.set_duals(&duals);
    } else {
        let prm = Params {
            bye_score: 0,
            single_bye: false,
            ranks: &empty,
        };
        fill_outside(ctx, &mut g, &prm);
        g.m.set_duals(&outside_duals(ctx, &prm));
    }
    let m = g.compute();
    let unmatched: Vec<usize> = (0..n).filter(|&v| m[v] == v).collect();
    if unmatched.len() > 1 || unmatched.iter().any(|&v| !ctx.sorted[v].bye_ok) {
        return Err(PairingError::NoValidPairing);
    }
    let mut bye_score = 0;
    let mut single = false;
    let mut ranks: HashMap<u32, u64> = HashMap::new();
    if odd {
        bye_score = (0..n).find(|&v| m[v] == v).map_or(0, score);
        single = bye_score >= top
            && (0..n)
                .take_while(|&v| score(v) >= top)
                .all(|v| score(m[v]) >= top);
        // 2026 C9: rank the PAB candidates by played games, most first, so that pairing a
        // player with more unplayed games weighs more and the PAB goes to the fewest.
        let mut counts: Vec<u32> = (0..n)
            .filter(|&v| score(v) == bye_score)
            .map(|v| ctx.sorted[v].played_games)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for (k, c) in counts.into_iter().enumerate() {
            ranks.insert(c, k as u64);
        }
        let prm = Params {
            bye_score,
            single_bye: single,
            ranks: &ranks,
        };
        fill_outside(ctx, &mut g, &prm);
        g.m.set_duals(&outside_duals(ctx, &prm));
    }

    let mut result = vec![NONE; n];
    let mut matched = vec![false; n];
    let mut next_it = 0;
    let mut pbi: Vec<usize> = Vec::new();
    while next_it < n && score(next_it) >= top {
        pbi.push(next_it);
        next_it += 1;
    }
    let mut sgb = 0usize;
    let mut sgbv = 0usize;
    while pbi.len() > 1 || next_it < n {
        let nsgb = pbi.len();
        let nsgbv = sgbv + (nsgb - sgb);
        let sg_it = next_it;
        while next_it < n && score(next_it) >= score(sg_it) {
            pbi.push(next_it);
            next_it += 1;
        }
        let len = pbi.len();
        let prm = Params {
            bye_score,
            single_bye: single,
            ranks: &ranks,
        };
        // The unnudged weights of the bracket's pairs `(li, si)`, si < li.
        let mut base = Base {
            rows: vec![Vec::new(); len],
            values: Interner::new(),
        };
        // Per id in `base.values`, the matcher's id of the same weight (`u32::MAX`: not yet).
        let mut matcher_id: Vec<u32> = Vec::new();
        // Players alike in everything the weights read but compatibility share a class: a
        // compatible pair's weight is computed once per pair of classes and bracket role.
        let (class, _) = classes(pbi.iter().map(|&v| class_key(ctx.sorted[v], &prm)));
        let mut memo: HashMap<u64, u32, BuildHasherDefault<LimbHasher>> = HashMap::default();
        for li in sgb..len {
            let cur = li < nsgb;
            base.rows[li] = (0..li)
                .map(|si| {
                    let (hv, lv) = (pbi[si], pbi[li]);
                    if !ctx.compatible(hv, lv) {
                        return 0;
                    }
                    let key =
                        ((class[si] as u64) << 33) | ((class[li] as u64) << 1) | u64::from(cur);
                    let id = *memo.entry(key).or_insert_with(|| {
                        base.values.id(edge_weight(ctx, hv, lv, cur, !cur, &prm))
                    });
                    debug_assert!(
                        base.values.get(id) == edge_weight(ctx, hv, lv, cur, !cur, &prm),
                        "a class-memoized weight differs"
                    );
                    id
                })
                .collect();
            for si in 0..li {
                let bid = base.rows[li][si] as usize;
                if matcher_id.len() <= bid {
                    matcher_id.resize(bid + 1, u32::MAX);
                }
                if matcher_id[bid] == u32::MAX {
                    matcher_id[bid] = g.m.intern(base.values.get(bid as u32));
                }
                g.m.set_interned(pbi[li], pbi[si], matcher_id[bid]);
            }
        }
        let ewc = |base: &Base<W>, si: usize, li: usize, sri: usize, rpairs: usize| -> W {
            let r = base.get(li, si);
            if r.is_zero() {
                return r;
            }
            let addend = W::from_u64(u64::from(sri < rpairs))
                .shl(b)
                .shl(b)
                .sub(W::from_u64(sri as u64))
                .shl(1);
            r.add(addend)
        };
        let in_bracket = |sm: &Vec<usize>, v: usize| sm[v] >= sgbv && sm[v] < nsgbv;
        // The bracket's pairs gained the bonus of the current bracket: its players share it.
        g.m.share_raises();
        g.m.share_within(&pbi[nsgb..]);
        g.m.focus(&pbi[..nsgb]);
        let mut sm = g.compute();

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
                    if in_bracket(&sm, pbi[q]) {
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
            if !in_bracket(&sm, pv) {
                for oi in sgb..nsgb {
                    let e = base.get(oi, pi);
                    if !e.is_zero() {
                        g.set(pv, pbi[oi], e.or_u64(1));
                    }
                }
                sm = g.compute();
            }
            if in_bracket(&sm, pv) {
                matched[pv] = true;
                rem_matched -= 1;
                for oi in sgb..nsgb {
                    let e = base.get(oi, pi);
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
            let mut addend = len as u64;
            let mut best = NONE;
            for oi in (sgb..nsgb).rev() {
                let ov = pbi[oi];
                if matched[ov] {
                    continue;
                }
                let e = base.get(oi, pi);
                if !e.is_zero() {
                    g.set(pv, ov, e.add(W::from_u64(addend)));
                    addend += 1;
                    best = ov;
                }
            }
            // The current matching is optimal and only this player's edges gained a bonus: if
            // it already has the opponent with the largest bonus, it stays optimal.
            if sm[pv] != best {
                sm = g.compute();
            }
            let mv = sm[pv];
            if mv != pv {
                matched[mv] = true;
                g.finalize(pv, mv);
            }
        }
        // The remainder.
        let mut remainder: Vec<usize> = Vec::new();
        let mut rpairs = 0usize;
        for pi in sgb..nsgb {
            let pv = pbi[pi];
            if sm[pv] < sgbv {
                continue;
            }
            remainder.push(pi);
            if sm[pv] < pv {
                rpairs += 1;
            }
        }
        let rl = remainder.len();
        for (oa, &oi) in remainder.iter().enumerate() {
            for (sri, &pi) in remainder.iter().enumerate().take(oa) {
                g.set(pbi[pi], pbi[oi], ewc(&base, pi, oi, sri, rpairs));
            }
        }
        sm = g.compute();
        let first_end = remainder.get(rpairs).copied().unwrap_or(usize::MAX);
        let mut exchanges = 0usize;
        for &pi in &remainder {
            if pi >= first_end {
                break;
            }
            let pv = pbi[pi];
            if sm[pv] <= pv || sm[pv] >= nsgbv {
                exchanges += 1;
            }
        }
        // Exchanges: the lowest S1 players that can go to S2.
        let mut left = exchanges;
        let mut pri = rpairs;
        let mut pit = rpairs;
        while pit != 0 && left > 0 {
            pri -= 1;
            pit -= 1;
            let pi = remainder[pit];
            let pv = pbi[pi];
            if sm[pv] > pv && sm[pv] < nsgbv {
                for &oi in &remainder[pit + 1..] {
                    let e = ewc(&base, pi, oi, pri, rpairs);
                    if !e.is_zero() {
                        g.set(pv, pbi[oi], e.sub(W::from_u64(1)));
                    }
                }
                sm = g.compute();
            }
            let exchange = sm[pv] <= pv || sm[pv] >= nsgbv;
            if exchange {
                left -= 1;
            }
            for &oi in &remainder[pit + 1..] {
                if exchange {
                    base.clear(oi, pi);
                }
                g.set(pv, pbi[oi], ewc(&base, pi, oi, pri, rpairs));
            }
        }
        // Exchanges: the highest S2 players that can go to S1.
        let mut left = exchanges;
        let mut ri = rpairs;
        let mut pit = rpairs;
        while pit < rl && left > 1 {
            let pi = remainder[pit];
            let pv = pbi[pi];
            let already = sm[pv] > pv && sm[pv] < nsgbv;
            if !already {
                for &oi in &remainder[pit + 1..] {
                    let e = ewc(&base, pi, oi, ri, rpairs);
                    if !e.is_zero() {
                        g.set(pv, pbi[oi], e.add(W::from_u64(1)));
                    }
                }
                sm = g.compute();
            }
            if sm[pv] > pv && sm[pv] < nsgbv {
                left -= 1;
                for &oi in &remainder[..pit] {
                    base.clear(pi, oi);
                    g.set(pv, pbi[oi], W::zero());
                }
                for oi in nsgb..len {
                    base.clear(oi, pi);
                    g.set(pv, pbi[oi], W::zero());
                }
                // Nor may the player float below the next scoregroup.
                for ov in pbi[len - 1] + 1..n {
                    g.set(pv, ov, W::zero());
                }
            }
            if !already {
                for &oi in &remainder[pit + 1..] {
                    g.set(pv, pbi[oi], ewc(&base, pi, oi, ri, rpairs));
                }
            }
            ri += 1;
            pit += 1;
        }
        // Fix the exchanges.
        for (a, &pi) in remainder.iter().enumerate() {
            let pv = pbi[pi];
            for &oi in &remainder[a + 1..] {
                let ov = pbi[oi];
                if sm[pv] <= pv || sm[pv] >= nsgbv || (sm[ov] > ov && sm[ov] < nsgbv) {
                    base.clear(oi, pi);
                }
                g.set(pv, ov, base.get(oi, pi));
            }
        }
        // Each S1 player's opponent, the highest possible first.
        for &pi in &remainder {
            let pv = pbi[pi];
            if sm[pv] > pv && sm[pv] < nsgbv {
                let mut addend = 0u64;
                let mut best = NONE;
                for &oi in remainder.iter().rev() {
                    let ov = pbi[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    let e = base.get(oi, pi);
                    if !e.is_zero() {
                        g.set(pv, ov, e.add(W::from_u64(addend)));
                        best = ov;
                    }
                    addend += 1;
                }
                // As above: the highest opponent already chosen needs no new matching.
                if sm[pv] != best {
                    sm = g.compute();
                }
                let mv = sm[pv];
                matched[pv] = true;
                matched[mv] = true;
                if mv != pv {
                    g.finalize(pv, mv);
                }
            }
        }
        // The next bracket: this one's unpaired players and the next scoregroup.
        let mut npbi = Vec::new();
        sgb = 0;
        single = odd && sg_it < n && bye_score >= score(sg_it);
        for (pi, &pv) in pbi.iter().enumerate() {
            if pi < nsgb && matched[pv] {
                let mv = sm[pv];
                if mv != pv {
                    result[pv] = mv;
                    result[mv] = pv;
                }
            } else {
                npbi.push(pv);
                if pi < nsgb {
                    sgb += 1;
                }
                if single && score(sm[pv]) < score(sg_it) {
                    single = false;
                }
            }
        }
        pbi = npbi;
        sgbv = nsgbv;
    }
    if (0..n).filter(|&v| result[v] == NONE).count() > 1 {
        return Err(PairingError::NoValidPairing);
    }
    Ok(result)
}

/// The colours of a pair (C.04.3 E: colour allocation): the colour `p` gets against `o`.
fn colour_for(ctx: &Ctx, p: &Pl, o: &Pl) -> Colour {
    if let Some(c) = neutral_colour(p, o) {
        return c;
    }
    // Is `p` ranked below `o`?
    let below = (p.score, o.rank) < (o.score, p.rank);
    match (p.pref, o.pref) {
        (None, _) => {
            if below {
                if o.rank % 2 == 1 {
                    ctx.initial
                } else {
                    ctx.initial.invert()
                }
            } else if p.rank % 2 == 1 {
                ctx.initial.invert()
            } else {
                ctx.initial
            }
        }
        (Some(pp), op) => {
            if below {
                op.map_or(pp, Colour::invert)
            } else {
                pp
            }
        }
    }
}

/// E.1-E.3: both preferences, the stronger one, alternation from the latest round in which the
/// two had different colours. `None` when these do not decide.
fn neutral_colour(p: &Pl, o: &Pl) -> Option<Colour> {
    if p.pref.is_none() || o.pref.is_none() || p.pref != o.pref {
        return p.pref.or(o.pref.map(Colour::invert));
    }
    if p.abs_pref() && (p.imbalance > o.imbalance || !o.abs_pref()) {
        return p.pref;
    }
    if o.abs_pref() && (o.imbalance > p.imbalance || !p.abs_pref()) {
        return o.pref.map(Colour::invert);
    }
    if p.strong && !o.strong {
        return p.pref;
    }
    if o.strong && !p.strong {
        return o.pref.map(Colour::invert);
    }
    let (a, b) = (&p.played_colours, &o.played_colours);
    let (mut i, mut j) = (a.len(), b.len());
    while i > 0 && j > 0 && a[i - 1] == b[j - 1] {
        i -= 1;
        j -= 1;
    }
    if i > 0 && j > 0 { Some(b[j - 1]) } else { None }
}

fn finish(ctx: &Ctx, mates: &[usize]) -> Pairing {
    let mut boards: Vec<(Board, usize, usize)> = Vec::new();
    let mut bye = None;
    // In pairing-number order.
    let n = ctx.sorted.len();
    let mut by_rank: Vec<usize> = (0..n).collect();
    by_rank.sort_by_key(|&v| ctx.sorted[v].rank);
    for &v in &by_rank {
        let m = mates[v];
        let p = ctx.sorted[v];
        if m == NONE {
            bye = Some(p.pn);
            continue;
        }
        let o = ctx.sorted[m];
        if p.rank < o.rank {
            let c = colour_for(ctx, p, o);
            let (w, bl) = if c == Colour::White { (p, o) } else { (o, p) };
            boards.push((
                Board {
                    white: w.pn,
                    black: bl.pn,
                },
                ctx.order[v],
                ctx.order[m],
            ));
        }
    }
    let _ = &ctx.vertex_of;
    // Board order (C.04.2 D.?): the higher score of the pair, then the lower score, then the
    // higher-ranked player's pairing number (scores without acceleration).
    let key = |bd: &(Board, usize, usize)| {
        let (x, y) = (
            ctx.sorted[ctx.vertex_of[bd.1]],
            ctx.sorted[ctx.vertex_of[bd.2]],
        );
        let (hi, lo) = if (x.raw, y.rank) < (y.raw, x.rank) {
            (y, x)
        } else {
            (x, y)
        };
        (
            std::cmp::Reverse(hi.raw),
            std::cmp::Reverse(lo.raw),
            hi.rank,
        )
    };
    boards.sort_by_key(key);
    Pairing {
        boards: boards.into_iter().map(|b| b.0).collect(),
        bye,
    }
}
