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

use std::collections::{HashMap, HashSet};

use std::hash::{BuildHasherDefault, Hash};

use crate::dense::{DenseMatcher, Interner, LimbHasher};
use crate::matching::{Edge, max_weight_matching_with_duals};
use crate::wide::{Weight, Wide};
use crate::{
    Board, Colour, Edition, Pairing, PairingError, PairingNumber, PairingState, RoundKind,
};

pub(crate) const NONE: usize = usize::MAX;

/// A float (C.04.3 A.4) in an earlier round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Float {
    Down,
    Up,
    No,
}

/// What the rules need of one player, derived from the history.
#[derive(Clone, Debug)]
pub(crate) struct Pl {
    pub(crate) pn: PairingNumber,
    /// Index among the players present, by pairing number (0-based).
    pub(crate) rank: usize,
    /// Score with acceleration (tenths).
    pub(crate) score: u32,
    /// Score without acceleration (tenths): the board order (C.04.2).
    pub(crate) raw: u32,
    pub(crate) pref: Option<Colour>,
    pub(crate) imbalance: u32,
    pub(crate) repeated: Option<Colour>,
    pub(crate) strong: bool,
    pub(crate) bye_ok: bool,
    pub(crate) played_games: u32,
    pub(crate) float1: Float,
    pub(crate) float2: Float,
    /// Played colours, oldest first.
    pub(crate) played_colours: Vec<Colour>,
    /// Players (indices into the present list) this one may not meet (C1).
    pub(crate) forbidden: HashSet<usize>,
}

impl Pl {
    fn abs_imbalance(&self) -> bool {
        self.imbalance > 1
    }
    fn abs_pref(&self) -> bool {
        self.abs_imbalance() || self.repeated.is_some()
    }
}

pub(crate) fn bits_for(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

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

/// The derived players present in this round, in pairing-number order.
fn prepare(state: &PairingState) -> Result<Vec<Pl>, PairingError> {
    let played_rounds = usize::from(state.round.saturating_sub(1));
    let mut by_pn: HashMap<PairingNumber, usize> = HashMap::new();
    for (i, p) in state.players.iter().enumerate() {
        if by_pn.insert(p.pairing_number, i).is_some() {
            return Err(PairingError::DuplicatePairingNumber(p.pairing_number));
        }
    }
    for p in &state.players {
        for (r, rec) in p.history.iter().enumerate() {
            if let Some(o) = rec.opponent
                && !by_pn.contains_key(&o)
            {
                return Err(PairingError::UnknownOpponent {
                    player: p.pairing_number,
                    opponent: o,
                    round: r + 1,
                });
            }
        }
    }
    let loss = state.points.loss;
    let win = state.points.win;
    // Points of player i in round index r (0-based); absent rounds score nothing.
    let pts = |i: usize, r: usize| state.players[i].history.get(r).map_or(0, |x| x.points);
    let acc = |i: usize, r: usize| state.players[i].acceleration.get(r).copied().unwrap_or(0);
    let raw_score = |i: usize| (0..played_rounds).map(|r| pts(i, r)).sum::<u32>();
    // Score with acceleration, `back` rounds before the current one.
    let score_back = |i: usize, back: usize| {
        let mut s = raw_score(i);
        for r in played_rounds - back..played_rounds {
            s = s.saturating_sub(pts(i, r));
        }
        s + acc(i, played_rounds - back)
    };
    let float = |i: usize, back: usize| -> Float {
        if played_rounds < back {
            return Float::No;
        }
        let r = played_rounds - back;
        let Some(rec) = state.players[i].history.get(r) else {
            return Float::No;
        };
        if rec.kind != RoundKind::Played {
            // 2026 (A.4): a player who scores more than a loss without playing floats down;
            // an unplayed game is no meeting, so it makes no other float. The 2017 engine
            // compares the scores with a forfeit opponent instead.
            // 2017 A.4.b: a player who, for whatever reason, does not play also floats down.
            if rec.points > loss || state.edition == Edition::Dutch2017 {
                return Float::Down;
            }
            return Float::No;
        }
        let opp = rec
            .opponent
            .and_then(|o| by_pn.get(&o).copied())
            .unwrap_or(i);
        let (a, b) = (score_back(i, back), score_back(opp, back));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::No,
        }
    };
    let mut idx: Vec<usize> = (0..state.players.len())
        .filter(|&i| !state.players[i].absent)
        .collect();
    idx.sort_by_key(|&i| state.players[i].pairing_number);
    let present: HashMap<PairingNumber, usize> = idx
        .iter()
        .enumerate()
        .map(|(k, &i)| (state.players[i].pairing_number, k))
        .collect();
    let mut out = Vec::with_capacity(idx.len());
    for (rank, &i) in idx.iter().enumerate() {
        let p = &state.players[i];
        let hist = &p.history[..p.history.len().min(played_rounds)];
        let mut white = 0u32;
        let mut black = 0u32;
        let mut run = 0u32;
        let mut last: Option<Colour> = None;
        let mut played_colours = Vec::new();
        let mut forbidden = HashSet::new();
        for rec in hist {
            if rec.kind == RoundKind::Played {
                if let Some(o) = rec.opponent.and_then(|o| present.get(&o)) {
                    forbidden.insert(*o);
                }
                if let Some(c) = rec.colour {
                    played_colours.push(c);
                    match c {
                        Colour::White => white += 1,
                        Colour::Black => black += 1,
                    }
                    if run == 0 || Some(c) != last {
                        run = 1;
                    } else {
                        run += 1;
                    }
                    last = Some(c);
                }
            }
        }
        let lower = if white > black {
            Colour::Black
        } else {
            Colour::White
        };
        let imbalance = white.abs_diff(black);
        let pref = if imbalance > 1 {
            Some(lower)
        } else if run > 1 {
            last.map(Colour::invert)
        } else if imbalance > 0 {
            Some(lower)
        } else if run > 0 {
            last.map(Colour::invert)
        } else {
            None
        };
        let repeated = if run > 1 { last } else { None };
        let abs = imbalance > 1 || repeated.is_some();
        let bye_ok = match state.edition {
            Edition::Dutch2026 => !hist
                .iter()
                .any(|r| r.kind != RoundKind::Played && r.points >= win),
            Edition::Dutch2017 => !hist
                .iter()
                .any(|r| matches!(r.kind, RoundKind::Pab | RoundKind::ForfeitWin)),
        };
        out.push(Pl {
            pn: p.pairing_number,
            rank,
            score: raw_score(i) + acc(i, played_rounds),
            raw: raw_score(i),
            pref,
            imbalance,
            repeated,
            strong: !abs && imbalance > 0,
            bye_ok,
            // The endorsed engine (bbpPairings 6.0.0) counts no played games here (its counter is
            // reset), so every PAB candidate ranks alike on 2026 C9; kept for identical output.
            played_games: u32::try_from(
                hist.iter().filter(|r| r.kind == RoundKind::Played).count(),
            )
            .unwrap_or(u32::MAX),
            float1: float(i, 1),
            float2: float(i, 2),
            played_colours,
            forbidden,
        });
    }
    for &(a, b) in &state.forbidden {
        if let (Some(&x), Some(&y)) = (present.get(&a), present.get(&b))
            && x != y
        {
            out[x].forbidden.insert(y);
            out[y].forbidden.insert(x);
        }
    }
    Ok(out)
}

/// The round's constants: sorted players and bit-field sizes.
pub(crate) struct Ctx<'a> {
    edition: Edition,
    pub(crate) sorted: Vec<&'a Pl>,
    /// For each sorted position, the index in the present list.
    order: Vec<usize>,
    /// The vertex (sorted position) of each present player.
    vertex_of: Vec<usize>,
    pub(crate) played_rounds: u32,
    last_round: bool,
    topscore_threshold: u32,
    /// Bits for the largest scoregroup.
    b: u32,
    /// Bits for all scoregroups together.
    s: u32,
    /// Per score: where its scoregroup's field starts within the `s` bits (read by the
    /// reference weights that debug builds check against).
    #[cfg(debug_assertions)]
    shift: HashMap<u32, u32>,
    /// Per sorted position: where its scoregroup's field starts within the `s` bits of the
    /// fields counted per scoregroup.
    vsh: Vec<u32>,
    /// Per sorted position: the sorted positions of the players it may not meet (C1), in a
    /// short list (earlier opponents and forbidden pairs), ascending.
    forbid: Vec<Vec<u32>>,
    initial: Colour,
}

impl<'a> Ctx<'a> {
    fn new(state: &PairingState, sorted: &[&'a Pl], order: &[usize]) -> Self {
        let mut shift = HashMap::new();
        let mut total = 0u32;
        let mut max_group = 0usize;
        let mut i = sorted.len();
        while i > 0 {
            let score = sorted[i - 1].score;
            let mut j = i;
            while j > 0 && sorted[j - 1].score == score {
                j -= 1;
            }
            let count = i - j;
            shift.insert(score, total);
            total += bits_for(count);
            max_group = max_group.max(count);
            i = j;
        }
        let played_rounds = u32::from(state.round.saturating_sub(1));
        let mut vertex_of = vec![0; sorted.len()];
        for (v, &o) in order.iter().enumerate() {
            vertex_of[o] = v;
        }
        let vsh = sorted
            .iter()
            .map(|p| shift.get(&p.score).copied().unwrap_or(0))
            .collect();
        let forbid = sorted
            .iter()
            .map(|p| {
                let mut f: Vec<u32> = p
                    .forbidden
                    .iter()
                    .filter_map(|&i| u32::try_from(vertex_of[i]).ok())
                    .collect();
                f.sort_unstable();
                f
            })
            .collect();
        Ctx {
            edition: state.edition,
            sorted: sorted.to_vec(),
            order: order.to_vec(),
            vertex_of,
            played_rounds,
            last_round: state.rounds_planned > 0
                && played_rounds + 1 >= u32::from(state.rounds_planned),
            topscore_threshold: (played_rounds * state.points.win.max(state.points.draw)) >> 1,
            b: bits_for(max_group),
            s: total,
            vsh,
            forbid,
            #[cfg(debug_assertions)]
            shift,
            initial: state.initial_colour.unwrap_or(Colour::White),
        }
    }

    fn weight_bits(&self) -> u32 {
        let (b, s) = (self.b, self.s);
        let mut t = 2 + b + s + b + s + 2 * b + 4 * b + 3 * b + 1;
        if self.played_rounds >= 1 {
            t += 2 * b + 2 * s;
        }
        if self.played_rounds > 1 {
            t += 2 * b + 2 * s;
        }
        t
    }

    fn topscorer(&self, p: &Pl) -> bool {
        p.score > self.topscore_threshold
    }

    /// Absolute criteria C1 (no rematch, no forbidden pair) and C3 (non-topscorers with the
    /// same absolute colour preference do not meet).
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.sorted[a], self.sorted[b]);
        if u32::try_from(b).is_ok_and(|b| self.forbid[a].contains(&b)) {
            return false;
        }
        !x.abs_pref()
            || !y.abs_pref()
            || x.pref != y.pref
            || (self.last_round && (self.topscorer(x) || self.topscorer(y)))
    }

    /// Where the field of `score`'s scoregroup starts within the `s` bits.
    #[cfg(debug_assertions)]
    fn sh(&self, score: u32) -> u32 {
        self.shift.get(&score).copied().unwrap_or(0)
    }
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

/// The colour criteria as four bit fields of `b` bits each, set only when `mask` (the pair is
/// in the current bracket): topscorers' colour difference beyond 2 (2017 C8, 2026 C10), three
/// same colours running (C9 / C11), colour preferences (C10 / C12), strong colour preferences
/// (C11 / C13). `p` is the lower-ranked player, `o` the higher.
pub(crate) fn colour_bits<W: Weight>(mut r: W, p: &Pl, o: &Pl, mask: bool, b: u32) -> W {
    for flag in colour_flags(p, o) {
        r = r.shl(b).or_u64(u64::from(mask && flag));
    }
    r
}

/// The four criteria of [`colour_bits`], highest first, for the lower-ranked `p` and the
/// higher-ranked `o` (whether or not the pair is in the current bracket).
fn colour_flags(p: &Pl, o: &Pl) -> [bool; 4] {
    let topscorers = !p.abs_imbalance() || !o.abs_imbalance() || p.pref != o.pref;
    let run3 = !p.abs_pref()
        || !o.abs_pref()
        || p.pref != o.pref
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let q = if p.imbalance > o.imbalance { o } else { p };
            q.repeated != p.pref.map(Colour::invert)
        };
    let compat = p.pref.is_none() || o.pref.is_none() || p.pref != o.pref;
    let strong_ok = (!p.strong && !p.abs_pref())
        || (!o.strong && !o.abs_pref())
        || (p.abs_pref() && o.abs_pref())
        || p.pref != o.pref;
    [topscorers, run3, compat, strong_ok]
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
