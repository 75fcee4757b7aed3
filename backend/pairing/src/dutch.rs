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
use std::hash::Hash;

use crate::dense::{DenseMatcher, Interner, for_each_tile};
#[cfg(debug_assertions)]
use crate::dutch_state::colour_bits;
use crate::dutch_state::{Ctx, Float, NONE, Pl, RowCompat, colour_flags, prepare};
use crate::wide::{Weight, Wide};
use crate::{Board, Colour, Edition, Pairing, PairingError, PairingState};

mod bracket;
use bracket::Bracket;

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
    /// a general maximum-weight matching is computed from scratch instead
    /// ([`DenseMatcher::solve_general`]), and the next solves start from it.
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
        let p = self.m.solve_general();
        for v in 0..self.n {
            if self.fin[v] == NONE {
                out[v] = p[v];
            }
        }
        out
    }
}

/// Sets every edge to its weight outside the current and the next bracket. That weight depends
/// on compatibility and, for each player, PAB eligibility and the 2026 C9 rank only, so it is
/// computed once per class of players with equal such values.
fn fill_outside<W: Weight>(ctx: &Ctx, g: &mut Graph<W>, prm: &Params) {
    let (class, c) = classes(
        ctx.sorted
            .iter()
            .map(|p| (bye_candidate(p, prm), c9_rank(p, prm))),
    );
    // Per pair of classes, the id of their weight in the matcher (interned once).
    let mut memo: Vec<Option<u32>> = vec![None; c * c];
    let mut compat = RowCompat::new(ctx);
    g.m.fill_all(|ids, p, o| {
        if compat.compatible(o, p) {
            let slot = &mut memo[class[o] * c + class[p]];
            *slot.get_or_insert_with(|| ids.id(edge_weight::<W>(ctx, o, p, false, false, prm)))
        } else {
            0
        }
    });
}

/// Calls `f(p, o)` once for every pair `o < p < n`, tile by tile ([`for_each_tile`]): the
/// matcher's matrix is symmetric, so setting a pair writes row `p` and row `o`; within a tile
/// both writes stay in a few pages (row by row, every write to row `o` was a cache and TLB
/// miss: 14 % of a 9,999-player round with the compatibility checks). For callers whose result
/// does not depend on the order of the pairs (weights set, not accumulated).
fn for_each_pair(n: usize, mut f: impl FnMut(usize, usize)) {
    for_each_tile(n, |rows, cols| {
        for p in rows {
            for o in cols.start..cols.end.min(p) {
                f(p, o);
            }
        }
    });
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

/// The unnudged weights of a bracket's pairs `(li, si)`, `si < li` (bracket positions): a
/// compatible pair's weight depends only on the two players' classes ([`class_key`]) and on
/// whether `li` is in the resident scoregroup, so it is held once per pair of classes, interned
/// in `values`; a bit per pair marks those of weight zero (incompatible, or cleared since).
/// At 9,999 players this takes a few MB where a row of ids per player took about 100 MB.
struct Base<W: Weight> {
    /// Per bracket position: its class.
    class: Vec<usize>,
    classes: usize,
    /// The first position of the next scoregroup.
    nsgb: usize,
    /// Per `2 * (class[li] * classes + class[si]) + (li < nsgb)`: the id in `values` of the
    /// pair's weight when compatible (`u32::MAX`: no compatible pair of these classes yet);
    /// empty when there are more than [`Base::TABLE_CLASSES`] classes, then `map` holds them.
    table: Vec<u32>,
    map: HashMap<usize, u32>,
    /// Bit `li * (li - 1) / 2 + si`: the pair weighs zero.
    zero: Vec<u64>,
    values: Interner<W>,
}

impl<W: Weight> Base<W> {
    /// The most classes held in a table (32 MB at most).
    const TABLE_CLASSES: usize = 2048;
    fn new(class: Vec<usize>, classes: usize, nsgb: usize) -> Self {
        let len = class.len();
        Base {
            class,
            classes,
            nsgb,
            table: if classes <= Self::TABLE_CLASSES {
                vec![u32::MAX; 2 * classes * classes]
            } else {
                Vec::new()
            },
            map: HashMap::new(),
            zero: vec![0; (len * len.saturating_sub(1) / 2).div_ceil(64)],
            values: Interner::new(),
        }
    }
    /// The id of a compatible pair's weight, computed by `weight` the first time its slot is
    /// asked.
    fn memo(&mut self, li: usize, si: usize, weight: impl FnOnce() -> W) -> u32 {
        let slot = self.slot(li, si);
        let id = if self.table.is_empty() {
            self.map.get(&slot).copied().unwrap_or(u32::MAX)
        } else {
            self.table[slot]
        };
        if id != u32::MAX {
            return id;
        }
        let id = self.values.id(weight());
        if self.table.is_empty() {
            self.map.insert(slot, id);
        } else {
            self.table[slot] = id;
        }
        id
    }
    fn bit(li: usize, si: usize) -> usize {
        debug_assert!(si < li);
        li * (li - 1) / 2 + si
    }
    fn slot(&self, li: usize, si: usize) -> usize {
        2 * (self.class[li] * self.classes + self.class[si]) + usize::from(li < self.nsgb)
    }
    /// The id in `values` of the pair's weight (0: zero).
    fn id(&self, li: usize, si: usize) -> u32 {
        let b = Self::bit(li, si);
        if self.zero[b / 64] >> (b % 64) & 1 == 1 {
            0
        } else if self.table.is_empty() {
            self.map[&self.slot(li, si)]
        } else {
            self.table[self.slot(li, si)]
        }
    }
    fn get(&self, li: usize, si: usize) -> W {
        self.values.get(self.id(li, si))
    }
    fn clear(&mut self, li: usize, si: usize) {
        let b = Self::bit(li, si);
        self.zero[b / 64] |= 1 << (b % 64);
    }
}

/// What the first matching fixes for the whole round (C.04.3 C2, and C9 in 2026): the score of
/// the PAB, whether the PAB goes to the top scoregroup with every other player there paired
/// within it (`single`, updated bracket by bracket), and per count of played games the C9 rank
/// of the PAB candidates.
struct PabPlan {
    bye_score: u32,
    single: bool,
    ranks: HashMap<u32, u64>,
}

impl PabPlan {
    fn params(&self) -> Params<'_> {
        Params {
            bye_score: self.bye_score,
            single_bye: self.single,
            ranks: &self.ranks,
        }
    }
}

/// Pairs the round: the first matching fixes the PAB, then each bracket in turn (C.04.3 A.3,
/// B): its weights, its MDPs, the remainder with its exchanges, and the players it passes down.
/// Returns each sorted player's opponent (or [`NONE`]).
fn run<W: Weight>(ctx: &Ctx) -> Result<Vec<usize>, PairingError> {
    let n = ctx.sorted.len();
    let score = |v: usize| ctx.sorted[v].score;
    let mut g: Graph<W> = Graph {
        n,
        m: DenseMatcher::new(n),
        fin: vec![NONE; n],
    };
    let mut plan = first_matching(ctx, &mut g)?;
    let mut result = vec![NONE; n];
    let mut matched = vec![false; n];
    // The first bracket: the top scoregroup.
    let top = score(0);
    let mut next_it = 0;
    let mut pbi: Vec<usize> = Vec::new();
    while next_it < n && score(next_it) >= top {
        pbi.push(next_it);
        next_it += 1;
    }
    let mut sgb = 0usize;
    let mut sgbv = 0usize;
    while pbi.len() > 1 || next_it < n {
        let mut br = Bracket::open(ctx, &mut g, &plan.params(), pbi, sgb, sgbv, &mut next_it);
        br.pair_mdps(ctx, &mut g, &mut matched);
        br.pair_remainder(n, &mut g, &mut matched);
        (pbi, sgb) = br.close(ctx, &matched, &mut result, &mut plan);
        sgbv = br.nsgbv;
    }
    if (0..n).filter(|&v| result[v] == NONE).count() > 1 {
        return Err(PairingError::NoValidPairing);
    }
    Ok(result)
}

/// The first matching, over the whole round: whether it can be completed (C.04.3 C1-C3) and,
/// when the number of players is odd, which score the PAB goes to (C2, the lowest possible)
/// and whether it stays in the top scoregroup. Leaves every edge at its weight outside any
/// bracket ([`fill_outside`]) with matching duals.
///
/// # Errors
/// [`PairingError::NoValidPairing`] when no pairing of the round meets the absolute criteria.
fn first_matching<W: Weight>(ctx: &Ctx, g: &mut Graph<W>) -> Result<PabPlan, PairingError> {
    let n = ctx.sorted.len();
    let score = |v: usize| ctx.sorted[v].score;
    let odd = n % 2 == 1;
    let empty = HashMap::new();
    let top = score(0);
    let (b, s) = (ctx.b, ctx.s);
    if odd {
        // Before the PAB score is known: pairs and PAB eligibility, then the scoregroups of the
        // players paired (the PAB from the lowest possible), then the top scoregroup's players.
        // The weight depends on three small numbers per pair, read off each player's class
        // (PAB eligibility, scoregroup field, top scoregroup): computed and interned once per
        // pair of classes, at its first pair (in the order of the pairs, so the ids come in the
        // same order as weight by weight).
        let (class, c) = classes(
            ctx.sorted
                .iter()
                .zip(&ctx.vsh)
                .map(|(x, &sh)| (x.bye_ok, sh, x.score >= top)),
        );
        let mut memo: Vec<Option<u32>> = vec![None; c * c];
        let mut compat = RowCompat::new(ctx);
        g.m.fill_all(|ids, p, o| {
            if compat.compatible(o, p) {
                *memo[class[p] * c + class[o]].get_or_insert_with(|| {
                    let (x, y) = (ctx.sorted[p], ctx.sorted[o]);
                    ids.id(W::from_u64(1 + u64::from(!x.bye_ok) + u64::from(!y.bye_ok))
                        .shl(s)
                        .or_u64(u64::from(ctx.vsh[p] + ctx.vsh[o]))
                        .shl(b)
                        .or_u64(u64::from(x.score >= top)))
                })
            } else {
                0
            }
        });
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
        fill_outside(ctx, g, &prm);
        g.m.set_duals(&outside_duals(ctx, &prm));
    }
    let m = g.compute();
    let unmatched: Vec<usize> = (0..n).filter(|&v| m[v] == v).collect();
    if unmatched.len() > 1 || unmatched.iter().any(|&v| !ctx.sorted[v].bye_ok) {
        return Err(PairingError::NoValidPairing);
    }
    let mut plan = PabPlan {
        bye_score: 0,
        single: false,
        ranks: HashMap::new(),
    };
    if odd {
        plan.bye_score = (0..n).find(|&v| m[v] == v).map_or(0, score);
        plan.single = plan.bye_score >= top
            && (0..n)
                .take_while(|&v| score(v) >= top)
                .all(|v| score(m[v]) >= top);
        // 2026 C9: rank the PAB candidates by played games, most first, so that pairing a
        // player with more unplayed games weighs more and the PAB goes to the fewest.
        let mut counts: Vec<u32> = (0..n)
            .filter(|&v| score(v) == plan.bye_score)
            .map(|v| ctx.sorted[v].played_games)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for (k, c) in counts.into_iter().enumerate() {
            plan.ranks.insert(c, k as u64);
        }
        let prm = plan.params();
        fill_outside(ctx, g, &prm);
        g.m.set_duals(&outside_duals(ctx, &prm));
    }
    Ok(plan)
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
