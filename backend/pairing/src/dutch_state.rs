//! The round as both editions of the Dutch system (C.04.3) see it, shared by the 2026 engine
//! ([`crate::dutch`]) and the 2017 engine (`dutch2017`): each player present derived from
//! their history ([`Pl`]: score with acceleration, colour preference and its strength (A.6),
//! floats one and two rounds back (A.4), PAB eligibility (C.04.1)), the round's constants
//! ([`Ctx`]: players in score order, bit-field sizes of the edge weights, the absolute criteria
//! C1 and C3), and the colour criteria's bit fields.

use std::collections::{HashMap, HashSet};

use crate::wide::Weight;
use crate::{Colour, Edition, PairingError, PairingNumber, PairingState, RoundKind};

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
    pub(crate) fn abs_imbalance(&self) -> bool {
        self.imbalance > 1
    }
    pub(crate) fn abs_pref(&self) -> bool {
        self.abs_imbalance() || self.repeated.is_some()
    }
}

/// The bits needed to write `x` (0 for 0): a bit field that counts up to `x` pairs.
pub(crate) fn bits_for(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// The derived players present in this round, in pairing-number order.
pub(crate) fn prepare(state: &PairingState) -> Result<Vec<Pl>, PairingError> {
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
    pub(crate) edition: Edition,
    pub(crate) sorted: Vec<&'a Pl>,
    /// For each sorted position, the index in the present list.
    pub(crate) order: Vec<usize>,
    /// The vertex (sorted position) of each present player.
    pub(crate) vertex_of: Vec<usize>,
    pub(crate) played_rounds: u32,
    /// Whether this is the last round, and the score above which a player is a topscorer
    /// (A.7): read through [`Self::colour_bar`], kept for the debug builds' check.
    #[cfg(debug_assertions)]
    last_round: bool,
    #[cfg(debug_assertions)]
    topscore_threshold: u32,
    /// Bits for the largest scoregroup.
    pub(crate) b: u32,
    /// Bits for all scoregroups together.
    pub(crate) s: u32,
    /// Per score: where its scoregroup's field starts within the `s` bits (read by the
    /// reference weights that debug builds check against).
    #[cfg(debug_assertions)]
    pub(crate) shift: HashMap<u32, u32>,
    /// Per sorted position: where its scoregroup's field starts within the `s` bits of the
    /// fields counted per scoregroup.
    pub(crate) vsh: Vec<u32>,
    /// Per sorted position: the sorted positions of the players it may not meet (C1), in a
    /// short list (earlier opponents and forbidden pairs), ascending.
    pub(crate) forbid: Vec<Vec<u32>>,
    /// Per sorted position, what C3 reads of the player: 0 when it may meet anyone as far
    /// as colours go (no absolute colour preference, or a topscorer in the last round), else
    /// 1 plus its preference (none, white, black); two players with the same non-zero value
    /// may not meet. Held apart so that [`Self::compatible`], asked for every pair of a round,
    /// reads two bytes instead of two players.
    colour_bar: Vec<u8>,
    pub(crate) initial: Colour,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(state: &PairingState, sorted: &[&'a Pl], order: &[usize]) -> Self {
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
        let last_round =
            state.rounds_planned > 0 && played_rounds + 1 >= u32::from(state.rounds_planned);
        let topscore_threshold = (played_rounds * state.points.win.max(state.points.draw)) >> 1;
        let colour_bar = sorted
            .iter()
            .map(|p| {
                if !p.abs_pref() || (last_round && p.score > topscore_threshold) {
                    0
                } else {
                    match p.pref {
                        None => 1,
                        Some(Colour::White) => 2,
                        Some(Colour::Black) => 3,
                    }
                }
            })
            .collect();
        Ctx {
            edition: state.edition,
            sorted: sorted.to_vec(),
            order: order.to_vec(),
            vertex_of,
            played_rounds,
            #[cfg(debug_assertions)]
            last_round,
            #[cfg(debug_assertions)]
            topscore_threshold,
            b: bits_for(max_group),
            s: total,
            vsh,
            forbid,
            colour_bar,
            #[cfg(debug_assertions)]
            shift,
            initial: state.initial_colour.unwrap_or(Colour::White),
        }
    }

    pub(crate) fn weight_bits(&self) -> u32 {
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

    #[cfg(debug_assertions)]
    fn topscorer(&self, p: &Pl) -> bool {
        p.score > self.topscore_threshold
    }

    /// Absolute criteria C1 (no rematch, no forbidden pair) and C3 (non-topscorers with the
    /// same absolute colour preference do not meet).
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        if u32::try_from(b).is_ok_and(|b| self.forbid[a].contains(&b)) {
            return false;
        }
        self.c3(a, b)
    }

    /// Absolute criterion C3 alone (see [`Self::compatible`]).
    fn c3(&self, a: usize, b: usize) -> bool {
        let (ka, kb) = (self.colour_bar[a], self.colour_bar[b]);
        let ok = ka == 0 || ka != kb;
        #[cfg(debug_assertions)]
        {
            let (x, y) = (self.sorted[a], self.sorted[b]);
            debug_assert_eq!(
                ok,
                !x.abs_pref()
                    || !y.abs_pref()
                    || x.pref != y.pref
                    || (self.last_round && (self.topscorer(x) || self.topscorer(y))),
                "C3 read off the colour bars differs"
            );
        }
        ok
    }

    /// Where the field of `score`'s scoregroup starts within the `s` bits.
    #[cfg(debug_assertions)]
    pub(crate) fn sh(&self, score: u32) -> u32 {
        self.shift.get(&score).copied().unwrap_or(0)
    }
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
pub(crate) fn colour_flags(p: &Pl, o: &Pl) -> [bool; 4] {
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

/// [`Ctx::compatible`] for pairs asked in runs that share their second player (a row of a
/// fill's tile): C1 read off marks on the players whose list (`forbid`) names that player,
/// set once per run, instead of a search of the first player's list for every pair (a round
/// asks it for every pair of players, up to 50 million at 9,999 players, twice).
pub(crate) struct RowCompat<'c, 'a> {
    ctx: &'c Ctx<'a>,
    /// Per sorted position `b`: the positions whose list names `b`.
    named_by: Vec<Vec<u32>>,
    /// Per sorted position: whether its list names `row`.
    marks: Vec<bool>,
    row: usize,
}

impl<'c, 'a> RowCompat<'c, 'a> {
    /// The lists of `ctx` read the other way round (who names each player), no row marked yet.
    pub(crate) fn new(ctx: &'c Ctx<'a>) -> Self {
        let n = ctx.forbid.len();
        let mut named_by = vec![Vec::new(); n];
        for (a, list) in ctx.forbid.iter().enumerate() {
            for &b in list {
                named_by[b as usize].push(u32::try_from(a).unwrap_or(u32::MAX));
            }
        }
        RowCompat {
            ctx,
            named_by,
            marks: vec![false; n],
            row: usize::MAX,
        }
    }

    /// Whether `a` may meet `b`: [`Ctx::compatible`]`(a, b)`.
    pub(crate) fn compatible(&mut self, a: usize, b: usize) -> bool {
        if b != self.row {
            if let Some(old) = self.named_by.get(self.row) {
                for &x in old {
                    self.marks[x as usize] = false;
                }
            }
            for &x in &self.named_by[b] {
                self.marks[x as usize] = true;
            }
            self.row = b;
        }
        let ok = !self.marks[a] && self.ctx.c3(a, b);
        debug_assert_eq!(
            ok,
            self.ctx.compatible(a, b),
            "a row's marks differ from C1"
        );
        ok
    }
}
