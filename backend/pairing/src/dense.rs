// Over 800 lines: one primal-dual blossom algorithm (labels, blossoms, duals, warm starts) whose
// steps share the matcher's private state and invariants; the parts cannot be read apart.
//! Maximum-weight matching over a dense graph: the primal-dual blossom algorithm of Edmonds in
//! the O(n^3) form described by Galil ("Efficient algorithms for finding maximum matching in
//! graphs", ACM Computing Surveys 18, 1986), the one matcher of both Dutch engines (C.04.3):
//! the Dutch criteria are encoded as edge weights (see `dutch.rs`), as the endorsed engines do.
//! Vertex duals are stored doubled, so with integer weights every quantity stays an integer.
//!
//! Two forms:
//! - **Perfect, persistent and warm-started** ([`DenseMatcher::solve`]): the 2026 engine
//!   solves one matching per decision over all players still to pair, each differing from the
//!   last in a few edges. Vertex duals are two's complement values with no stop on a zero dual.
//!   Before each solve, the blossoms around a vertex whose edges changed (or that left the
//!   graph) are dissolved with their duals folded into their vertices (which keeps every edge
//!   feasible and every tight edge tight); the other blossoms are kept. The duals of vertices
//!   whose edges changed are raised until feasible, matched edges no longer tight are
//!   unmatched, and free vertices get duals of one parity (a free blossom's leaves move
//!   together, paid by its dual); then a few augmentations restore optimality (see `run` for
//!   how the stages grow their trees). A zero-weight dummy vertex takes the pairing-allocated
//!   bye when the number of players is odd. No perfect matching: `None`.
//! - **General, from scratch** ([`DenseMatcher::solve_general`]): any matching, every vertex
//!   dual starting at the largest weight and the solve stopping when the least reaches zero;
//!   for the 2017 engine's brackets (whose players may float), and for a 2026 round without a
//!   perfect matching. Its result is the warm start of the next perfect solve.
//!
//! Weights are interned: the matrix holds a `u32` id per ordered pair (zero: no edge).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

use crate::wide::Weight;

const NONE: usize = usize::MAX;

/// The vertices per block of a row outside the focus ([`DenseMatcher::focus`]).
const BLOCK: usize = 128;

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
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }
}

/// The interner of a matcher's doubled weights, lent to the weight function of
/// [`DenseMatcher::fill_all`].
pub(crate) struct WeightIds<'a, W: Weight>(&'a mut Interner<W>);

impl<W: Weight> WeightIds<'_, W> {
    /// The id of weight `w`, as [`DenseMatcher::intern`] gives it.
    pub(crate) fn id(&mut self, w: W) -> u32 {
        self.0.id(w.add(w))
    }
}

/// The side of a tile of [`for_each_tile`]: 64 rows of 64 `u32` ids (16 KB) in each of the two
/// orders stay in the first-level cache.
const FILL_TILE: usize = 64;

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

/// The dense matcher: weights, the live vertices and the solver state kept between solves.
pub struct DenseMatcher<W: Weight> {
    /// Vertices including the dummy (the last one).
    n: usize,
    /// For each ordered pair `a * n + b`, the id of twice its weight in `doubled`.
    w: Vec<u32>,
    doubled: Interner<W>,
    alive: Vec<bool>,
    dirty: Vec<bool>,
    dummy_on: bool,
    /// The edges (`i * n + j`, `i < j`) allowed in this stage, as bits, and the list of those set
    /// (as `u32`: a stage that labels a tight region allows millions of edges, 32 MB of `usize`
    /// at 9,999 players), or `allowed_all` when an edge's number does not fit in a `u32` (more
    /// than 65,535 vertices): the bits are then cleared all at once.
    allowed_bits: Vec<u64>,
    allowed_list: Vec<u32>,
    allowed_all: bool,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    queue: Vec<usize>,
    /// The S-vertices outside the focus waiting for their scan: read after every other one,
    /// and not at all in a stage that has augmented already (see [`Self::run`]).
    far: Vec<usize>,
    /// The live vertices (with the dummy when in use), ascending, during a solve.
    live_list: Vec<usize>,
    /// Bumped whenever vertex duals change: slacks cached in an older epoch are stale.
    epoch: u64,
    /// Per blossom or vertex: the slack of its `bestedge` as `(edge, epoch, slack)`.
    best_cache: Vec<(usize, u64, W)>,
    /// Per vertex: the root of the alternating tree that labelled it in this stage.
    rootof: Vec<usize>,
    /// Whether this stage has augmented already (best edges are then not kept).
    stale: bool,
    /// Scratch for `add_blossom`: per blossom, the least-slack edge to it and its slack.
    bestedgeto: Vec<usize>,
    bestslackto: Vec<W>,
    /// Scratch for `add_blossom`: the blossoms `bestedgeto` names an edge to.
    touched: Vec<usize>,
    /// The edges set since the last solve (with repeats), unless more than fit.
    changed: Vec<(usize, usize)>,
    changed_overflow: bool,
    /// The vertices labelled S in this stage (each queued once at least), the length of its
    /// sorted prefix, and per vertex the stage that recorded it (`s_stamp` names the stage).
    /// Within a stage, until an augmentation, an S-vertex stays one, so every vertex whose
    /// top-level blossom is an S-blossom is in the list.
    s_list: Vec<usize>,
    s_sorted: usize,
    s_mark: Vec<u64>,
    s_stamp: u64,
    /// Scratch for `drop_trees`: per blossom, the call that unlabelled it last.
    dropped: Vec<u64>,
    drop_stamp: u64,
    perfect: bool,
    failed: bool,
    /// Whether the matching is the last [`Self::solve`]'s maximum-weight perfect matching,
    /// with its duals (for [`Self::exchange`]).
    optimal: bool,
    /// Whether a fixed pair's removal since the last solve dissolved a blossom and left a
    /// matched edge with a positive slack (its base's, paid by the blossom's dual): the duals
    /// then no longer prove the matching optimal (for [`Self::excluded`]).
    loose: bool,
    /// Whether the dummy's dual must be checked against every live vertex's at the next solve
    /// (after [`Self::solve_general`], whose duals may be lower than the ones before).
    dummy_stale: bool,
    /// Whether the next solve splits each changed edge's deficit between its endpoints
    /// ([`Self::share_raises`]).
    halves: bool,
    /// Per vertex: whether it is in the group of [`Self::share_within`] for the next solve.
    grouped: Vec<bool>,
    /// The focus ([`Self::focus`]): per vertex, whether it is in it (all are, by default).
    active: Vec<bool>,
    /// Per vertex in the focus `v` and block `b` of [`BLOCK`] vertices, at
    /// `focus_index[v] * blocks + b`: a bound on the doubled weight of the edges from `v` to the
    /// block's vertices outside the focus, as the id of a weight in `doubled` (0: no such edge).
    /// Ids of 4 bytes rather than weights of up to 96: at 9,999 players the table took 33.8 MB.
    outside_max: Vec<u32>,
    /// Per vertex: its place in the focus (the rows of `outside_max`), `u32::MAX` outside.
    focus_index: Vec<u32>,
    /// Scratch for the raises at the start of a solve.
    raise: Raises<W>,
    blocks: usize,
    /// The live vertices outside the focus (ascending), during a solve.
    outside_list: Vec<usize>,
    /// The parts of rows not read yet in this stage, as `v * blocks + b`: the edges from the
    /// S-vertex `v` to block `b` outside the focus.
    deferred: Vec<usize>,
    /// The least bound of the deferred parts (`None`: none has an edge), as the bound when
    /// deferred plus [`Self::defer_shift`] then: every deferred part's bound falls by each dual
    /// change's delta (its S-vertex's dual does, the duals outside the focus stay), so the least
    /// now is this less `defer_shift`, one comparison per dual change instead of one per part.
    defer_least: Option<W>,
    /// The sum of the dual changes' deltas in this stage.
    defer_shift: W,
    /// Per vertex, a bit: a T-vertex met by a scan in this stage, which every later scan skips
    /// (see [`Self::row_columns`]). Cleared whenever a T-vertex may stop being one: a blossom
    /// formed around it, a T-blossom expanded, trees dropped, a new stage.
    t_bits: Vec<u64>,
    /// Per blossom: bumped when [`Self::add_blossom`] makes it, so `(b, gen[b])` names one
    /// blossom for its whole life (its leaves never change).
    blossom_gen: Vec<u64>,
    /// The leaves of one blossom as bits, and which blossom `(b, gen)` they are.
    leaf_bits: Vec<u64>,
    leaf_key: (usize, u64),
    /// Scratch: a blossom's leaves.
    leaf_buf: Vec<usize>,
    /// Per blossom: its leaves in the order of [`Self::leaves`], held (`None` otherwise) by a
    /// top-level blossom made by [`Self::add_blossom`] until it joins another one (which
    /// takes the list over), an augmentation reorders its children, or it is dissolved or
    /// expanded (its children then get their parts back: [`Self::hand_down`]). A
    /// blossom formed around a large S-blossom then copies that blossom's list instead of
    /// walking its tree again (at 5,000 players, 24,494 blossoms were formed with 23.6
    /// million leaves, 99.5 % of them already in S-blossoms, often nested thousands deep).
    flat: Vec<Option<Vec<usize>>>,
    /// Per blossom made by [`Self::add_blossom`]: its number of leaves (the length of its
    /// part of a parent's `flat`, which [`Self::hand_down`] gives back to it).
    nleaves: Vec<usize>,
    /// Per vertex dual, the last S-vertex with that dual whose whole row was read (its
    /// twin for [`Self::scan`]), valid while `twins_key` names the epoch, the stage and the
    /// last dropped trees: until a dual change or an augmentation, labels only grow.
    twins: HashMap<W, usize, BuildHasherDefault<LimbHasher>>,
    twins_key: (u64, u64, u64),
    /// Buffers for [`Self::take_leaves`], reused.
    leaf_pool: Vec<Vec<usize>>,
}

/// The raises of vertex duals a solve asks before it starts: per vertex the largest asked
/// whole (`None`: none) and the largest deficit it shares half of, and the vertices asked for.
/// Kept between solves, all `None`.
#[derive(Default)]
struct Raises<W> {
    by: Vec<Option<W>>,
    /// Halved (rounded up to even) only when applied: the halving is monotone, so the half of
    /// the largest shared deficit is the largest of the halves, one halving per vertex instead
    /// of one per edge (a bracket's first solve shares the deficit of most of its pairs).
    shared: Vec<Option<W>>,
    touched: Vec<usize>,
    /// Scratch for [`DenseMatcher::ask_pairs`].
    scratch: raises::PairScratch<W>,
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
}

/// What one solve keeps from stage to stage: the live vertices split by the focus, where
/// each block of [`BLOCK`] vertices starts among those outside it, the least dual per block
/// outside.
struct Sweep<W: Weight> {
    live: Vec<usize>,
    /// `live` as bits.
    live_bits: Vec<u64>,
    /// The live vertices in the focus, as bits.
    inside_bits: Vec<u64>,
    outside: Vec<usize>,
    block_start: Vec<usize>,
    min_out: Vec<Option<W>>,
    /// Whether a dual change moved a vertex outside the focus since `min_out` was computed.
    outside_moved: bool,
    /// Scratch for the columns of a scan.
    cols_buf: Vec<usize>,
}

/// One stage: whether it augmented, and whether rows outside the focus may still wait.
struct Stage {
    augmented: bool,
    defer_ok: bool,
}

/// The leaves of a blossom lent by [`DenseMatcher::take_leaves`]: the list it holds (`held`),
/// or a buffer of the pool that its tree was walked into.
struct Leaves {
    list: Vec<usize>,
    held: bool,
}

/// What follows a dual change: more growing, or the end of the solve.
enum DualChange {
    Grow,
    Stop,
}

impl<W: Weight> DenseMatcher<W> {
    /// A matcher for `players` vertices, every edge absent (weight zero).
    #[must_use]
    pub fn new(players: usize) -> Self {
        let n = players + 1;
        let mut alive = vec![true; n];
        alive[n - 1] = false;
        DenseMatcher {
            n,
            w: vec![0; n * n],
            doubled: Interner::new(),
            alive,
            dirty: vec![true; n],
            dummy_on: false,
            allowed_bits: vec![0; (n * n).div_ceil(64)],
            allowed_list: Vec::new(),
            allowed_all: false,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar: vec![W::zero(); 2 * n],
            queue: Vec::new(),
            far: Vec::new(),
            live_list: Vec::new(),
            epoch: 0,
            best_cache: vec![(NONE, 0, W::zero()); 2 * n],
            rootof: vec![NONE; n],
            stale: false,
            bestedgeto: Vec::new(),
            bestslackto: Vec::new(),
            touched: Vec::new(),
            changed: Vec::new(),
            changed_overflow: true,
            s_list: Vec::new(),
            s_sorted: 0,
            s_mark: vec![0; n],
            s_stamp: 0,
            dropped: Vec::new(),
            drop_stamp: 0,
            perfect: true,
            failed: false,
            optimal: false,
            loose: false,
            dummy_stale: true,
            halves: false,
            grouped: vec![false; n],
            active: vec![true; n],
            outside_max: Vec::new(),
            focus_index: vec![u32::MAX; n],
            raise: Raises::default(),
            blocks: n.div_ceil(BLOCK),
            outside_list: Vec::new(),
            deferred: Vec::new(),
            defer_least: None,
            defer_shift: W::zero(),
            t_bits: vec![0; n.div_ceil(64)],
            blossom_gen: vec![0; 2 * n],
            leaf_bits: vec![0; n.div_ceil(64)],
            leaf_key: (NONE, 0),
            leaf_buf: Vec::new(),
            flat: vec![None; 2 * n],
            nleaves: vec![0; 2 * n],
            twins: HashMap::default(),
            twins_key: (0, 0, 0),
            leaf_pool: Vec::new(),
        }
    }

    /// Sets the weight of edge `(a, b)`.
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        let id = self.intern(w);
        if self.set_interned(a, b, id) {
            self.compact_if_large();
        }
    }

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

    /// Focuses the solves on `vertices` (the bracket being paired): an S-vertex of the focus
    /// whose edges leaving the focus all have a positive slack, by a bound from the largest
    /// weight among them and the least dual outside, scans the focus only, and the rest of its
    /// row waits until a dual change could make one of those edges tight or their least slack
    /// is wanted. The result is the same; the scans of a tree inside the bracket cost the
    /// bracket's size rather than the graph's. The dummy is always in the focus.
    pub fn focus(&mut self, vertices: &[usize]) {
        let n = self.n;
        self.active.fill(false);
        for &v in vertices {
            self.active[v] = true;
        }
        self.active[n - 1] = true;
        let mut count = 0u32;
        for v in 0..n {
            self.focus_index[v] = if self.active[v] {
                count += 1;
                count - 1
            } else {
                u32::MAX
            };
        }
        let nb = self.blocks;
        // Each block's greatest weight as the greatest rank of its weights' ids (ranked by
        // value once, a few tens of thousands at 9,999 players): a row of the focus reads every
        // vertex, about n^2 entries in all, and a rank compares as one word where a weight
        // compares limb by limb. (Distinct ids hold distinct values: the ranks order them.)
        let mut by_value: Vec<u32> = (0..self.doubled.len() as u32).collect();
        by_value.sort_unstable_by_key(|&id| self.doubled.get(id));
        let mut rank = vec![0u32; by_value.len()];
        for (r, &id) in by_value.iter().enumerate() {
            rank[id as usize] = r as u32;
        }
        // Per slot: 0 for no edge, else one more than the greatest rank.
        let mut top = vec![0u32; count as usize * nb];
        // The live players outside the focus: the columns each row of the focus reads.
        let outside: Vec<usize> = (0..n - 1)
            .filter(|&u| !self.active[u] && self.alive[u])
            .collect();
        for v in 0..n - 1 {
            if !self.active[v] || !self.alive[v] {
                continue;
            }
            let row = v * n;
            let slots = &mut top[self.focus_index[v] as usize * nb..][..nb];
            for &u in &outside {
                let id = self.w[row + u];
                if id != 0 {
                    let r = rank[id as usize] + 1;
                    let slot = &mut slots[u / BLOCK];
                    if *slot < r {
                        *slot = r;
                    }
                }
            }
        }
        self.outside_max.clear();
        self.outside_max.extend(
            top.iter()
                .map(|&r| if r == 0 { 0 } else { by_value[r as usize - 1] }),
        );
    }

    /// Replaces the vertex duals by `duals` (doubled, one per player: even values with
    /// `duals[a] + duals[b]` at least twice the weight of every edge `(a, b)`), after every edge
    /// changed: for weights that are (nearly) a sum of one term per player plus a constant on
    /// every edge present, whose duals are known in closed form and make (most) edges tight.
    /// The dummy's dual becomes minus the least. Blossoms are dissolved; matched edges still
    /// tight are kept by the next solve, the others are unmatched; no raise is needed.
    pub fn set_duals(&mut self, duals: &[W]) {
        self.optimal = false;
        self.reset_blossoms();
        let d = self.n - 1;
        let mut least: Option<W> = None;
        for v in 0..d {
            debug_assert!(duals[v].and_one_is_zero(), "an odd dual");
            self.dualvar[v] = duals[v];
            if self.alive[v] && least.is_none_or(|m| duals[v].sub(m).is_negative()) {
                least = Some(duals[v]);
            }
        }
        // The dummy: `y_v + y_dummy >= 0` for every live `v`, tight for the least.
        self.dualvar[d] = W::zero().sub(least.unwrap_or_default());
        #[cfg(debug_assertions)]
        for a in 0..d {
            for b in 0..a {
                if self.alive[a] && self.alive[b] && self.w[a * self.n + b] != 0 {
                    assert!(
                        !self.slack(a * self.n + b).is_negative(),
                        "infeasible duals"
                    );
                }
            }
        }
        self.dirty.fill(false);
        self.changed.clear();
        self.changed_overflow = false;
        self.halves = false;
    }

    /// Drops the interned weights no edge uses any more.
    fn compact(&mut self) {
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

    /// Exchanges partners in four: when the last [`Self::solve`] found a maximum-weight perfect
    /// matching, no edge between live vertices changed since, `v` and `u` are matched to
    /// players `a` and `b` (not the dummy), all four stand in no blossom, and both `(v, u)`
    /// and `(a, b)` are present and tight under the current duals, the matching with those two
    /// pairs instead of `(v, a)` and `(u, b)` has the same weight (the four slacks are zero),
    /// and the same duals prove it optimal. Makes that exchange and returns `(a, b)`; `None`
    /// (nothing changed) when any condition fails. For a decision that only asks whether some
    /// maximum-weight matching pairs `v` with `u`: a yes found without a solve.
    pub fn exchange(&mut self, v: usize, u: usize) -> Option<(usize, usize)> {
        let d = self.n - 1;
        if !self.solved_unchanged()
            || v == u
            || v >= d
            || u >= d
            || self.mate[v] == NONE
            || self.mate[u] == NONE
        {
            return None;
        }
        let (a, b) = (self.endp(self.mate[v]), self.endp(self.mate[u]));
        let alone = |x: usize| self.inblossom[x] == x;
        if a == u
            || a >= d
            || b >= d
            || ![v, u, a, b].into_iter().all(alone)
            || !self.present(v, u)
            || !self.present(a, b)
            || !self.slack(v * self.n + u).is_zero()
            || !self.slack(a * self.n + b).is_zero()
        {
            return None;
        }
        self.mate[v] = self.remote(v, u);
        self.mate[u] = self.remote(u, v);
        self.mate[a] = self.remote(a, b);
        self.mate[b] = self.remote(b, a);
        Some((a, b))
    }

    /// Lowers the dual of `v` by `by` (doubled, as the duals are; a negative value raises it),
    /// after dissolving the blossoms around it, when every edge from `v` to a live vertex outside `spared`
    /// (per vertex; the dummy's edge included) keeps a non-negative slack; whether it did. For
    /// weights about to fall by `by` on the edges from `v` to the `spared` vertices: their
    /// slacks, and the tightness of a matched one, stay as they are.
    pub fn lower_dual(&mut self, v: usize, by: W, spared: &[bool]) -> bool {
        let n = self.n;
        let d = n - 1;
        if !self.alive[v] {
            return false;
        }
        // The next solve dissolves the blossoms around a vertex whose edges changed: done now,
        // so that the slacks below are the vertex duals' alone.
        self.dissolve_around(v);
        if by.is_negative() || by.is_zero() {
            self.dualvar[v] = self.dualvar[v].sub(by);
            return true;
        }
        let row = v * n;
        // Each edge's slack less `by`, with `v`'s dual less `by` at hand.
        let lowered = self.dualvar[v].sub(by);
        let feasible = (0..d).all(|u| {
            let id = self.w[row + u];
            u == v
                || id == 0
                || !self.alive[u]
                || spared[u]
                || !lowered
                    .add(self.dualvar[u])
                    .sub(self.doubled.get(id))
                    .is_negative()
        }) && !(self.dummy_on && lowered.add(self.dualvar[d]).is_negative());
        if feasible {
            self.dualvar[v] = self.dualvar[v].sub(by);
        }
        feasible
    }

    /// Whether the last [`Self::solve`] found a maximum-weight perfect matching and no edge
    /// between live vertices changed since (fixed pairs may have left).
    fn solved_unchanged(&self) -> bool {
        self.optimal
            && !self.changed_overflow
            && !self
                .changed
                .iter()
                .any(|&(i, j)| self.alive[i] && self.alive[j])
    }

    /// Whether no maximum-weight perfect matching of the live vertices pairs `v` with `u`, as
    /// the current duals prove: when the last [`Self::solve`] found a maximum-weight perfect
    /// matching, no edge between live vertices changed since and every matched edge is still
    /// tight, those duals are optimal, and by complementary slackness every maximum-weight
    /// perfect matching uses only edges whose slack (with the duals of the blossoms holding
    /// both endpoints, which are never negative) is zero: an edge whose slack without them is
    /// already positive is in none. `false` when it cannot tell. A decision that asks for the
    /// highest opponent some maximum-weight matching gives a player skips, without a solve,
    /// every higher opponent this excludes.
    #[must_use]
    pub fn excluded(&self, v: usize, u: usize) -> bool {
        let d = self.n - 1;
        if !self.solved_unchanged() || self.loose || v == u || v >= d || u >= d {
            return false;
        }
        if !self.present(v, u) {
            return true;
        }
        let s = self.slack(v * self.n + u);
        !s.is_negative() && !s.is_zero()
    }

    /// Removes a pair of vertices (a fixed pair) from the graph.
    pub fn remove(&mut self, a: usize, b: usize) {
        let n = self.n;
        // Dissolving a blossom folds its dual into its leaves: an edge with both ends in it keeps
        // its slack, one with a single end in it gains the dual. Of the matched edges, only the
        // blossom's base's leaves it (the blossom is full), so the duals still prove the matching
        // optimal unless such an edge, between live vertices, is loose afterwards. (No blossom
        // left holds both its ends: those around the base that hold its partner are the ones
        // dissolved.)
        let mut bases = Vec::new();
        for v in [a, b] {
            if self.optimal && !self.loose {
                let mut p = self.blossomparent[v];
                while p != NONE {
                    if !self.dualvar[p].is_zero() {
                        bases.push(self.blossombase[p]);
                    }
                    p = self.blossomparent[p];
                }
            }
            self.dissolve_around(v);
        }
        for v in [a, b] {
            self.alive[v] = false;
            self.mate[v] = NONE;
        }
        for &x in &bases {
            if self.alive[x] && self.mate[x] != NONE {
                let m = self.endp(self.mate[x]);
                debug_assert!(self.inblossom[x] != self.inblossom[m] || self.inblossom[x] < n);
                if self.alive[m] && !self.slack(x * n + m).is_zero() {
                    self.loose = true;
                    break;
                }
            }
        }
    }

    fn edge(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }

    fn endp(&self, p: usize) -> usize {
        let k = p / 2;
        if p % 2 == 0 { k / self.n } else { k % self.n }
    }

    #[inline]
    fn present(&self, a: usize, b: usize) -> bool {
        a != b
            && self.alive[a]
            && self.alive[b]
            && (self.w[a * self.n + b] != 0
                || (self.dummy_on && (a == self.n - 1 || b == self.n - 1)))
    }

    /// The remote endpoint `u` of the edge `(v, u)`.
    #[inline]
    fn remote(&self, v: usize, u: usize) -> usize {
        let (i, j) = (v.min(u), v.max(u));
        let k = i * self.n + j;
        if v == i { 2 * k + 1 } else { 2 * k }
    }

    /// Whether the ordered pair `q` (`a * n + b`) is allowed; both orders are kept so that a
    /// vertex's scan reads its own row.
    #[inline]
    fn allowed_pair(&self, q: usize) -> bool {
        self.allowed_bits[q / 64] >> (q % 64) & 1 == 1
    }

    #[inline]
    fn allowed(&self, k: usize) -> bool {
        self.allowed_pair(k)
    }

    fn allow(&mut self, k: usize) {
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
    fn disallow_all(&mut self) {
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

    #[inline]
    fn slack(&self, k: usize) -> W {
        let (i, j) = self.edge(k);
        self.dualvar[i]
            .add(self.dualvar[j])
            .sub(self.doubled.get(self.w[k]))
    }

    /// The slack of `bestedge[b]` (which must be set), cached while the duals stay unchanged.
    #[inline]
    fn best_slack(&mut self, b: usize) -> &W {
        let k = self.bestedge[b];
        let (ck, ce) = (self.best_cache[b].0, self.best_cache[b].1);
        if ck == k && ce == self.epoch {
            debug_assert!(self.best_cache[b].2 == self.slack(k), "stale cached slack");
        } else {
            let v = self.slack(k);
            self.best_cache[b] = (k, self.epoch, v);
        }
        // By reference: the callers compare it in place rather than copy it out.
        &self.best_cache[b].2
    }

    /// After a dual change by `delta` (S-vertices down, T-vertices up, all by exactly `delta`):
    /// the slacks cached in the previous epoch for the best edges that the next dual change
    /// reads are carried into the current one, as their exact new values. A free vertex's (or
    /// unlabelled blossom's) best edge goes to an S-vertex, so its slack falls by `delta`; a
    /// top-level S-blossom's goes to another S-blossom, so its slack falls by `2 delta`. (Labels
    /// only grow between dual changes: a stage that augments makes none.)
    fn shift_best_slacks(&mut self, delta: W) {
        let n = self.n;
        let old = self.epoch - 1;
        let twice = delta.add(delta);
        for v in 0..n {
            let k = self.bestedge[v];
            if k == NONE || self.label[self.inblossom[v]] != 0 {
                continue;
            }
            let (ck, ce, cv) = self.best_cache[v];
            if ck == k && ce == old {
                self.best_cache[v] = (k, self.epoch, cv.sub(delta));
            }
        }
        for b in 0..2 * n {
            let k = self.bestedge[b];
            if k == NONE || self.blossomparent[b] != NONE || self.label[b] != 1 {
                continue;
            }
            let (ck, ce, cv) = self.best_cache[b];
            if ck == k && ce == old {
                self.best_cache[b] = (k, self.epoch, cv.sub(twice));
            }
        }
    }

    /// Dissolves the top-level blossom `b`: its dual is folded into its vertices (every edge
    /// stays feasible, every tight edge tight) and its children become top-level blossoms.
    fn dissolve_top(&mut self, b: usize) {
        self.hand_down(b);
        let z = self.dualvar[b];
        if !z.is_zero() {
            let leaves = self.take_leaves(b);
            for &v in &leaves.list {
                self.dualvar[v] = self.dualvar[v].add(z);
            }
            self.put_leaves(b, leaves);
        }
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &c in &childs {
            self.blossomparent[c] = NONE;
            self.set_inblossom(c);
        }
        self.blossomchilds[b] = childs;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.flat[b] = None;
        self.blossombase[b] = NONE;
        self.blossomparent[b] = NONE;
        self.dualvar[b] = W::zero();
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.bestedge[b] = NONE;
        self.blossombestedges[b] = None;
        self.unusedblossoms.push(b);
    }

    /// Dissolves every blossom containing `v`, outermost first, so that `v` stands alone.
    fn dissolve_around(&mut self, v: usize) {
        while self.inblossom[v] >= self.n {
            self.dissolve_top(self.inblossom[v]);
        }
    }

    fn reset_blossoms(&mut self) {
        let n = self.n;
        for b in n..2 * n {
            if self.blossombase[b] != NONE && !self.dualvar[b].is_zero() {
                let z = self.dualvar[b];
                let leaves = self.take_leaves(b);
                for &v in &leaves.list {
                    self.dualvar[v] = self.dualvar[v].add(z);
                }
                self.put_leaves(b, leaves);
            }
        }
        for b in 0..2 * n {
            self.label[b] = 0;
            self.labelend[b] = NONE;
            self.blossomparent[b] = NONE;
            self.bestedge[b] = NONE;
            self.blossombestedges[b] = None;
            if b >= n {
                self.blossomchilds[b].clear();
                self.blossomendps[b].clear();
                self.flat[b] = None;
                self.blossombase[b] = NONE;
                self.dualvar[b] = W::zero();
            }
        }
        for v in 0..n {
            self.inblossom[v] = v;
        }
        self.unusedblossoms = (n..2 * n).collect();
    }

    /// Solves the maximum-weight perfect matching of the live vertices (with the dummy when
    /// their number is odd). Returns each vertex's partner (itself for the dummy's partner or a
    /// removed vertex), or `None` when no perfect matching exists.
    pub fn solve(&mut self) -> Option<Vec<usize>> {
        let n = self.n;
        let d = n - 1;
        let count = (0..d).filter(|&v| self.alive[v]).count();
        // Blossoms persist between solves, but not those around a vertex whose edges changed.
        for v in 0..n {
            if self.dirty[v] && self.alive[v] {
                self.dissolve_around(v);
            }
        }
        let odd = count % 2 == 1;
        // Whether the dummy joins the graph in this solve, or a general solve set the duals: its dual
        // may then be too low.
        let fresh_dummy = odd && (!self.dummy_on || std::mem::take(&mut self.dummy_stale));
        if odd && !self.dummy_on {
            self.dissolve_around(d);
            self.dummy_on = true;
            self.alive[d] = true;
            self.mate[d] = NONE;
        } else if !odd && self.dummy_on {
            self.dissolve_around(d);
            let p = self.mate[d];
            if p != NONE {
                let u = self.endp(p);
                self.dissolve_around(u);
                self.mate[u] = NONE;
            }
            self.mate[d] = NONE;
            self.dummy_on = false;
            self.alive[d] = false;
        }
        self.label.fill(0);
        self.labelend.fill(NONE);
        self.bestedge.fill(NONE);
        for lists in &mut self.blossombestedges {
            *lists = None;
        }
        // Feasibility of the changed edges: every changed edge joins two dirty vertices, and
        // each needs its slack made non-negative by raising the duals of its endpoints, all
        // from the same duals (each vertex takes the largest raise any of its edges asks). By
        // default the lower-numbered endpoint covers the whole deficit: a player whose edges to
        // those below gained a bonus (a star) takes it alone, and the others keep their duals
        // and their tight matched edges. After [`Self::share_raises`] both endpoints cover half
        // of it, rounded up to even: a bonus common to a whole bracket (a clique) then costs
        // each player half, and the bracket's tight pairs stay tight.
        let halves = std::mem::take(&mut self.halves);
        let one = W::from_u64(1);
        // Per vertex, the raise asked so far, and the vertices asked for (a solve after a
        // decision raises a few vertices of thousands).
        let mut raise = std::mem::take(&mut self.raise);
        raise.by.resize(n, None);
        raise.shared.resize(n, None);
        // Half a deficit, rounded up to even: a raise keeps each dual's parity, on which the
        // halved S-to-S slacks of the dual changes rely.
        let halve = |need: W| {
            let h = need.add(one).half();
            if h.and_one_is_zero() { h } else { h.add(one) }
        };
        let grouped = std::mem::take(&mut self.grouped);
        let any_grouped = halves && grouped.iter().any(|&g| g);
        // With a group: its edges among themselves first (`Some(true)`), then the others with
        // the group's duals raised (`Some(false)`); without one, every edge at once (`None`).
        let cover = |raise: &mut Raises<W>, i: usize, j: usize, s: W, pass: Option<bool>| {
            let need = W::zero().sub(s);
            // (The callers pass only the edges of `pass`: see `in_pass` below.)
            if pass.is_some() {
                let (gi, gj) = (grouped[i], grouped[j]);
                if gi != gj {
                    // The endpoint outside the group covers all of it.
                    raise.ask(if gi { j } else { i }, need, false);
                    return;
                }
            }
            if halves {
                raise.ask(i, need, true);
                raise.ask(j, need, true);
            } else {
                raise.ask(i.min(j), need, false);
            }
        };
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
            // The edges this pass covers (`cover` passes over the others): only their slacks
            // are computed.
            let in_pass =
                |i: usize, j: usize| pass.is_none_or(|first| (grouped[i] && grouped[j]) == first);
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
                for &(i, j) in &changed {
                    if j < d && in_pass(i, j) && self.present(i, j) {
                        let s = self.slack(i * n + j);
                        if s.is_negative() {
                            cover(&mut raise, i, j, s, pass);
                        }
                    }
                }
            }
            for v in raise.touched.drain(..) {
                let whole = raise.by[v].take();
                let half = raise.shared[v].take().map(halve);
                if let Some(r) = whole.max(half) {
                    self.dualvar[v] = self.dualvar[v].add(r);
                }
            }
        }
        self.raise = raise;
        changed.clear();
        self.changed = changed;
        let mut grouped = grouped;
        grouped.fill(false);
        self.grouped = grouped;
        self.changed_overflow = false;
        self.dirty.fill(false);
        // Between solves vertex duals only grow (raises, dissolved blossoms' duals), so the
        // dummy's edges stay feasible unless the dummy has just joined or a general solve set the duals
        // (an edge inside a blossom counts the blossom's dual too).
        debug_assert!(
            fresh_dummy
                || !self.dummy_on
                || (0..d).all(|v| !self.alive[v]
                    || self.inblossom[v] == self.inblossom[d]
                    || !self.dualvar[v].add(self.dualvar[d]).is_negative()),
            "an infeasible dummy edge"
        );
        if fresh_dummy {
            // A raise of the dummy's dual alone would leave the edges inside a blossom around
            // it no longer tight, while the matched ones there are kept as tight below: the
            // blossoms around it are dissolved first (their duals folded into their vertices).
            self.dissolve_around(d);
            // d_v + d_dummy >= 0 for every live v.
            for v in 0..d {
                if self.alive[v] {
                    let need = W::zero().sub(self.dualvar[v]);
                    if self.dualvar[d].sub(need).is_negative() {
                        self.dualvar[d] = need;
                    }
                }
            }
        }
        // Keep only tight matched edges between live vertices.
        for v in 0..n {
            let p = self.mate[v];
            if p == NONE {
                continue;
            }
            let u = self.endp(p);
            if u < v && self.mate[u] != NONE && self.endp(self.mate[u]) == v {
                // Checked from `u` and kept (the checks are symmetric).
                continue;
            }
            let k = p / 2;
            let keep = self.alive[v]
                && self.alive[u]
                && self.present(v, u)
                && self.mate[u] != NONE
                && self.endp(self.mate[u]) == v
                && ((self.inblossom[v] == self.inblossom[u] && self.inblossom[v] >= n)
                    || self.slack(k).is_zero());
            if !keep {
                self.mate[v] = NONE;
                if self.mate[u] != NONE && self.endp(self.mate[u]) == v {
                    self.mate[u] = NONE;
                }
            }
        }
        // Greedily match free vertices along tight edges: fewer augmentations to do. Each
        // free live vertex in turn, with the first free one above it along a tight edge (the
        // free live vertices listed once: a solve after a decision has a few of thousands).
        let free: Vec<usize> = (0..n)
            .filter(|&v| self.alive[v] && self.mate[v] == NONE)
            .collect();
        for (x, &v) in free.iter().enumerate() {
            if self.mate[v] != NONE {
                continue;
            }
            for &u in &free[x + 1..] {
                if self.mate[u] == NONE && self.present(v, u) {
                    let k = v * n + u;
                    if self.slack(k).is_zero() {
                        self.mate[v] = 2 * k + 1;
                        self.mate[u] = 2 * k;
                        break;
                    }
                }
            }
        }
        for v in 0..n {
            if self.alive[v] && self.mate[v] == NONE && !self.dualvar[v].and_one_is_zero() {
                // A free vertex in a blossom is its base: the whole blossom moves, its dual
                // paying for the change; a blossom without dual to spare is dissolved.
                while self.inblossom[v] >= n && self.dualvar[self.inblossom[v]].is_zero() {
                    self.dissolve_top(self.inblossom[v]);
                }
                let b = self.inblossom[v];
                if b >= n {
                    self.dualvar[b] = self.dualvar[b].sub(one);
                    let leaves = self.take_leaves(b);
                    for &x in &leaves.list {
                        self.dualvar[x] = self.dualvar[x].add(one);
                    }
                    self.put_leaves(b, leaves);
                } else {
                    self.dualvar[v] = self.dualvar[v].add(one);
                }
            }
        }
        self.failed = false;
        self.optimal = false;
        self.run();
        if self.failed || (0..n).any(|v| self.alive[v] && self.mate[v] == NONE) {
            return None;
        }
        self.optimal = true;
        self.loose = false;
        let mut out: Vec<usize> = (0..d).collect();
        for v in 0..d {
            if self.alive[v] {
                let u = self.endp(self.mate[v]);
                out[v] = if u == d { v } else { u };
            }
        }
        Some(out)
    }

    /// Solves a maximum-weight matching of the live vertices from scratch, not necessarily
    /// perfect: the general form, for a graph that may have no perfect matching (a round that
    /// cannot be completed, a bracket whose players may float down). Every vertex dual starts at
    /// the largest weight, there is no dummy, and the solve stops when the least vertex dual
    /// reaches zero (Galil's delta 1); each stage grows every free vertex's tree and ends at its
    /// first augmentation, as in the textbook form. Returns each vertex's partner (itself when
    /// unmatched or removed). The matching and its duals, with every blossom's dual folded into
    /// its vertices (which keeps them feasible), stay as the warm start of the next
    /// [`Self::solve`].
    pub fn solve_general(&mut self) -> Vec<usize> {
        self.optimal = false;
        let n = self.n;
        let d = n - 1;
        self.reset_blossoms();
        // The dummy stays out of this solve; its state is kept for the next perfect solve,
        // which checks its dual against the new ones (`dummy_stale`).
        let dummy = (self.dummy_on, self.alive[d], self.mate[d], self.dualvar[d]);
        self.dummy_on = false;
        self.alive[d] = false;
        let mut top = W::zero();
        for a in 0..d {
            if !self.alive[a] {
                continue;
            }
            for b in 0..a {
                if self.alive[b] {
                    top = top.max(self.doubled.get(self.w[a * n + b]));
                }
            }
        }
        // Doubled duals: `y_a + y_b >= 2 w(a, b)` for every edge.
        let top = top.half();
        for v in 0..d {
            if self.alive[v] {
                self.mate[v] = NONE;
                self.dualvar[v] = top;
            }
        }
        // The whole graph is the focus (no deferred rows), restored afterwards.
        let active = std::mem::replace(&mut self.active, vec![true; n]);
        let outside_max = std::mem::take(&mut self.outside_max);
        self.perfect = false;
        self.failed = false;
        self.run();
        self.perfect = true;
        self.active = active;
        self.outside_max = outside_max;
        let out = (0..d)
            .map(|v| {
                if self.alive[v] && self.mate[v] != NONE {
                    self.endp(self.mate[v])
                } else {
                    v
                }
            })
            .collect();
        self.reset_blossoms();
        (self.dummy_on, self.alive[d], self.mate[d], self.dualvar[d]) = dummy;
        self.dirty.fill(false);
        self.changed.clear();
        self.changed_overflow = false;
        self.dummy_stale = true;
        out
    }

    /// Queues an S-vertex for its scan and records it among this stage's S-vertices.
    fn enqueue(&mut self, v: usize) {
        if self.active[v] {
            self.queue.push(v);
        } else {
            self.far.push(v);
        }
        if self.s_mark[v] != self.s_stamp {
            self.s_mark[v] = self.s_stamp;
            self.s_list.push(v);
        }
    }

    /// The leaves of `b` (a vertex or a blossom) into `out`, depth first in the order of
    /// each blossom's children. Without recursion: a stage that enters the tight region below
    /// the next scoregroup nests blossoms thousands deep.
    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        // (A vertex holds no list: it is its own leaf.)
        if let Some(list) = &self.flat[b] {
            #[cfg(debug_assertions)]
            self.check_list(b, list);
            out.extend_from_slice(list);
            return;
        }
        self.walk_leaves(b, out);
    }

    /// Before the top-level blossom `b` is dissolved or expanded: when it holds its list of
    /// leaves, each child blossom gets its part back (the children's lists, in order, are
    /// `b`'s), so that their leaves are not walked again.
    fn hand_down(&mut self, b: usize) {
        let Some(list) = self.flat[b].take() else {
            return;
        };
        let mut at = 0;
        for &c in &self.blossomchilds[b] {
            if c < self.n {
                at += 1;
                continue;
            }
            let len = self.nleaves[c];
            self.flat[c] = Some(list[at..at + len].to_vec());
            at += len;
        }
        debug_assert_eq!(at, list.len(), "the children's leaves do not add up");
        self.flat[b] = Some(list);
    }

    /// [`Self::leaves`] read off the blossom's tree.
    fn walk_leaves(&self, b: usize, out: &mut Vec<usize>) {
        let n = self.n;
        if b < n {
            out.push(b);
            return;
        }
        // Per open blossom: the children not visited yet.
        let mut stack: Vec<&[usize]> = vec![&self.blossomchilds[b]];
        while let Some(top) = stack.last_mut() {
            let Some((&t, rest)) = top.split_first() else {
                stack.pop();
                continue;
            };
            *top = rest;
            if t < n {
                out.push(t);
            } else {
                stack.push(&self.blossomchilds[t]);
            }
        }
    }

    /// The leaves of `b` (a vertex or a blossom) to read while other state changes: the list
    /// `b` holds, taken out without a copy, or its tree walked into a reused buffer. Give it
    /// back with [`Self::put_leaves`] before `b`'s leaves are asked again. (Copying a held
    /// list into a new vector at each read, with the clones of blossoms' children, took 6 % of
    /// a 10,000-player event's samples in `memmove`: those blossoms have thousands of leaves.)
    fn take_leaves(&mut self, b: usize) -> Leaves {
        if b >= self.n {
            if let Some(list) = self.flat[b].take() {
                #[cfg(debug_assertions)]
                self.check_list(b, &list);
                return Leaves { list, held: true };
            }
        }
        let mut list = self.leaf_pool.pop().unwrap_or_default();
        list.clear();
        self.walk_leaves(b, &mut list);
        Leaves { list, held: false }
    }

    /// Debug builds: panics unless `list` is `b`'s leaves as its tree gives them.
    #[cfg(debug_assertions)]
    fn check_list(&self, b: usize, list: &[usize]) {
        let mut walked = Vec::new();
        self.walk_leaves(b, &mut walked);
        assert!(
            walked == list,
            "a stale list of leaves: it differs from the tree"
        );
    }

    /// Makes `c` (a vertex or a blossom) the top-level blossom of each of its leaves.
    fn set_inblossom(&mut self, c: usize) {
        let leaves = self.take_leaves(c);
        for &v in &leaves.list {
            self.inblossom[v] = c;
        }
        self.put_leaves(c, leaves);
    }

    /// Gives back the leaves [`Self::take_leaves`] gave for `b`.
    fn put_leaves(&mut self, b: usize, leaves: Leaves) {
        if leaves.held {
            self.flat[b] = Some(leaves.list);
        } else {
            self.leaf_pool.push(leaves.list);
        }
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        let root = if p == NONE {
            w
        } else {
            self.rootof[self.endp(p)]
        };
        let leaves = self.take_leaves(b);
        for &v in &leaves.list {
            self.rootof[v] = root;
        }
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            for &v in &leaves.list {
                self.enqueue(v);
            }
        }
        self.put_leaves(b, leaves);
        if t == 2 {
            let base = self.blossombase[b];
            let m = self.mate[base];
            self.assign_label(self.endp(m), 1, m ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endp(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endp(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.edge(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endp(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endp(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        self.blossom_gen[b] += 1;
        self.blossomchilds[b].clone_from(&path);
        self.blossomendps[b] = endps;
        // The leaves, child by child: a child's list moves or is copied into the new
        // blossom's (or its tree is walked when it holds none). Each child is top-level until
        // here, so its label is its leaves' blossom's: a T-child's leaves become S-vertices.
        // The list is allocated at its exact length rather than grown by doubling.
        let total: usize = path
            .iter()
            .map(|&c| if c < self.n { 1 } else { self.nleaves[c] })
            .sum();
        let mut flat = Vec::new();
        for &c in &path {
            let start = flat.len();
            if c < self.n {
                flat.reserve_exact(total - start);
                flat.push(c);
            } else if let Some(list) = self.flat[c].take() {
                if start == 0 {
                    flat = list;
                    flat.reserve_exact(total - flat.len());
                } else {
                    flat.extend_from_slice(&list);
                }
            } else {
                flat.reserve_exact(total - start);
                self.walk_leaves(c, &mut flat);
            }
            let t_child = self.label[c] == 2;
            for &v in &flat[start..] {
                if t_child {
                    self.enqueue(v);
                }
                self.t_bits[v / 64] &= !(1 << (v % 64));
                self.inblossom[v] = b;
            }
        }
        self.nleaves[b] = flat.len();
        #[cfg(debug_assertions)]
        self.check_list(b, &flat);
        self.flat[b] = Some(flat);
        if self.stale {
            // After an augmentation the stage restarts before any dual change: no best edges.
            for &bv in &path {
                self.blossombestedges[bv] = None;
                self.bestedge[bv] = NONE;
            }
            return;
        }
        // The least-slack edge from the new blossom to each other S-blossom.
        let mut bestedgeto = std::mem::take(&mut self.bestedgeto);
        let mut bestslackto = std::mem::take(&mut self.bestslackto);
        bestedgeto.resize(2 * self.n, NONE);
        bestslackto.resize(2 * self.n, W::zero());
        // The blossoms `bestedgeto` names an edge to, in the order first reached.
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        let consider = |me: &Self,
                        k: usize,
                        bestedgeto: &mut [usize],
                        bestslackto: &mut [W],
                        touched: &mut Vec<usize>| {
            let (i, j) = me.edge(k);
            let o = if me.inblossom[j] == b { i } else { j };
            let bj = me.inblossom[o];
            if bj != b && me.label[bj] == 1 {
                // `slack(k)`, with the endpoints at hand.
                let sl = me.dualvar[i]
                    .add(me.dualvar[j])
                    .sub(me.doubled.get(me.w[k]));
                if bestedgeto[bj] == NONE {
                    touched.push(bj);
                }
                if bestedgeto[bj] == NONE || sl < bestslackto[bj] {
                    bestedgeto[bj] = k;
                    bestslackto[bj] = sl;
                }
            }
        };
        let mut leaves = Vec::new();
        let mut others: Option<Vec<usize>> = None;
        for &bv in &path {
            if let Some(list) = self.blossombestedges[bv].take() {
                for k in list {
                    consider(self, k, &mut bestedgeto, &mut bestslackto, &mut touched);
                }
            } else {
                // As `consider` on every edge of the leaves, in the same order, without
                // recovering the endpoints from the edge index.
                leaves.clear();
                self.leaves(bv, &mut leaves);
                let n = self.n;
                // Only the S-vertices of the other S-blossoms count, in ascending order as in a
                // scan of every vertex: listed once for all the children (labels and blossoms do
                // not change while they are read). In a stage whose tree labels the tight region
                // below the next scoregroup, most S-vertices are in the new blossom already.
                if others.is_none() {
                    if self.s_sorted != self.s_list.len() {
                        // A sorted prefix and a short tail: the stable sort finds the prefix as
                        // one run and merges it with the sorted tail (the unstable sort re-sorted
                        // the whole list: 4 % of a 5,000-player round).
                        #[expect(
                            clippy::stable_sort_primitive,
                            reason = "the stable sort merges the sorted prefix in linear time"
                        )]
                        self.s_list.sort();
                        self.s_sorted = self.s_list.len();
                    }
                    others = Some(
                        self.s_list
                            .iter()
                            .copied()
                            .filter(|&u| {
                                let bj = self.inblossom[u];
                                bj != b && self.label[bj] == 1
                            })
                            .collect(),
                    );
                }
                let others = others.as_deref().unwrap_or_default();
                let dummy = if self.dummy_on { n - 1 } else { NONE };
                for &v in &leaves {
                    // `v`'s dual and row at hand. The others are live S-vertices outside the
                    // new blossom, so an edge is there when it has a weight or joins the dummy.
                    let (dv, row) = (self.dualvar[v], v * n);
                    for &u in others {
                        let id = self.w[row + u];
                        debug_assert_eq!(id != 0 || v == dummy || u == dummy, self.present(v, u));
                        if id == 0 && v != dummy && u != dummy {
                            continue;
                        }
                        let bj = self.inblossom[u];
                        let sl = dv.add(self.dualvar[u]).sub(self.doubled.get(id));
                        if bestedgeto[bj] == NONE {
                            touched.push(bj);
                        }
                        if bestedgeto[bj] == NONE || sl < bestslackto[bj] {
                            bestedgeto[bj] = v.min(u) * n + v.max(u);
                            bestslackto[bj] = sl;
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let mut best = Vec::new();
        let mut be = NONE;
        let mut bs = W::zero();
        // In ascending order of blossom, as a pass over all of `bestedgeto`; the slacks were
        // computed with the current duals.
        touched.sort_unstable();
        for &x in &touched {
            let k = bestedgeto[x];
            best.push(k);
            bestedgeto[x] = NONE;
            let sl = bestslackto[x];
            if be == NONE || sl < bs {
                be = k;
                bs = sl;
            }
        }
        self.touched = touched;
        self.bestedgeto = bestedgeto;
        self.bestslackto = bestslackto;
        self.blossombestedges[b] = Some(best);
        self.bestedge[b] = be;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        self.hand_down(b);
        self.t_bits.fill(0);
        // (Taken: `b`'s children are not read again, and it ends with none.)
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s >= self.n && endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                self.set_inblossom(s);
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = isize::try_from(childs.len()).unwrap_or(isize::MAX);
            let at = |j: isize| -> usize { usize::try_from(j.rem_euclid(len)).unwrap_or(0) };
            let endps = std::mem::take(&mut self.blossomendps[b]);
            let entrychild = self.inblossom[self.endp(self.labelend[b] ^ 1)];
            let pos = childs.iter().position(|&c| c == entrychild).unwrap_or(0);
            let mut j = isize::try_from(pos).unwrap_or(0);
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let et = isize::try_from(endptrick).unwrap_or(0);
            let mut p = self.labelend[b];
            while j != 0 {
                let t = self.endp(p ^ 1);
                self.label[t] = 0;
                let q = endps[at(j - et)];
                let t = self.endp(q ^ endptrick ^ 1);
                self.label[t] = 0;
                self.assign_label(self.endp(p ^ 1), 2, p);
                self.allow(q / 2);
                j += jstep;
                p = endps[at(j - et)] ^ endptrick;
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endp(p ^ 1);
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.take_leaves(bv);
                let found = leaves.list.iter().find(|&&v| self.label[v] != 0).copied();
                self.put_leaves(bv, leaves);
                if let Some(v) = found {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    let t = self.endp(m);
                    self.label[t] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.flat[b] = None;
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        // The blossoms from `v` up to `b`: each level's child holding `v` is read off it
        // (walking up anew at each level cost the square of the depth, and a stage that enters
        // the tight region below the next scoregroup nests blossoms thousands deep).
        let mut chain = vec![v];
        let mut t = v;
        while t != b {
            t = self.blossomparent[t];
            chain.push(t);
        }
        self.augment_nested(&chain);
    }

    /// [`Self::augment_blossom`] of `chain`'s last blossom at `chain[0]`, `chain` the blossoms
    /// from that vertex up.
    fn augment_nested(&mut self, chain: &[usize]) {
        let b = chain[chain.len() - 1];
        let t = chain[chain.len() - 2];
        if t >= self.n {
            self.augment_nested(&chain[..chain.len() - 1]);
        }
        // Taken out while the children are augmented (their own calls read only their own
        // children), then put back rotated in place: no copy of thousands of children.
        let mut childs = std::mem::take(&mut self.blossomchilds[b]);
        let mut endps = std::mem::take(&mut self.blossomendps[b]);
        let len = isize::try_from(childs.len()).unwrap_or(isize::MAX);
        let at = |j: isize| -> usize { usize::try_from(j.rem_euclid(len)).unwrap_or(0) };
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = isize::try_from(i).unwrap_or(0);
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let et = isize::try_from(endptrick).unwrap_or(0);
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = endps[at(j - et)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endp(p));
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endp(p ^ 1));
            }
            let t = self.endp(p);
            self.mate[t] = p ^ 1;
            let t = self.endp(p ^ 1);
            self.mate[t] = p;
        }
        childs.rotate_left(i);
        endps.rotate_left(i);
        self.blossombase[b] = self.blossombase[childs[0]];
        // The leaves' order follows the children's (and theirs, rotated in the calls above).
        self.flat[b] = None;
        self.blossomchilds[b] = childs;
        self.blossomendps[b] = endps;
    }

    /// Unlabels the two trees an augmentation joined: the other trees of the stage go on
    /// growing along tight edges (the duals are unchanged), and the stage restarts, with fresh
    /// labels and best edges, before any dual change.
    fn drop_trees(&mut self, ra: usize, rb: usize) {
        // Blossoms unlabelled in this call: the walk up from a vertex stops at one (its
        // ancestors are unlabelled already).
        self.drop_stamp += 1;
        self.t_bits.fill(0);
        let stamp = self.drop_stamp;
        self.dropped.resize(2 * self.n, 0);
        for x in 0..self.n {
            let r = self.rootof[x];
            if r == NONE || (r != ra && r != rb) {
                continue;
            }
            self.rootof[x] = NONE;
            self.label[x] = 0;
            self.labelend[x] = NONE;
            let mut b = self.blossomparent[x];
            while b != NONE && self.dropped[b] != stamp {
                self.dropped[b] = stamp;
                self.label[b] = 0;
                self.labelend[b] = NONE;
                b = self.blossomparent[b];
            }
        }
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.edge(k);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endp(self.labelend[bs]);
                let bt = self.inblossom[t];
                s = self.endp(self.labelend[bt]);
                let j = self.endp(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Augments to a perfect matching, stage by stage. A stage starts with fresh labels; in
    /// the first stages every free vertex roots an alternating tree (those outside the focus
    /// first: see [`Self::begin_stage`]), and after an augmentation
    /// the two trees it used are unlabelled while the others go on growing along tight edges
    /// (several augmentations for one pass over the free vertices); the stage then ends before
    /// any dual change, whose best edges would be stale. Every stage grows every tree: a mode
    /// that grew one tree per stage after three stages in a row had augmented at most once
    /// (d6199b6 and before) cost more once most decisions needed no solve (at 5,000 players
    /// 1.443 s against 1.298 s without it, the 10,000-player event 125.5 s against 111.1 s).
    /// S-vertices outside the focus ([`Self::focus`]: the next scoregroup and the players below it) are scanned after those
    /// in it, and not at all once the stage has augmented: the players below the next
    /// scoregroup have closed-form duals that make nearly every pair among them tight, so a
    /// tree that enters them labels most of them (1,200 to 4,800 rows in a stage at 5,000
    /// players), for augmentations the next stage finds anyway. The order of scans is free in
    /// Edmonds' algorithm, and a stage may end after any augmentation. Within a stage, the
    /// scan of an S-vertex whose dual equals an earlier one's passes over the unlabelled
    /// vertices that the earlier scan offered the same edge weight (see [`Self::twins`]).
    fn run(&mut self) {
        let n = self.n;
        let mut sweep = self.begin_sweep();
        for _ in 0..n {
            if !self.begin_stage() {
                break;
            }
            let mut stage = self.open_focus(&mut sweep);
            // Each turn of this loop ends in a dual change that labels a vertex, forms or
            // expands a blossom, or reads the deferred rows (once per S-vertex): a few per
            // vertex at most. A test that breaks an invariant (a label left stale, say) then
            // fails here instead of hanging.
            let mut turns = 0usize;
            loop {
                turns += 1;
                debug_assert!(turns <= 16 * n + 64, "a stage made no progress");
                self.grow(&mut sweep, &mut stage);
                if stage.augmented {
                    break;
                }
                if !stage.defer_ok && !self.deferred.is_empty() {
                    self.flush_deferred();
                    continue;
                }
                match self.dual_change(&mut sweep) {
                    DualChange::Grow => {}
                    DualChange::Stop => break,
                }
            }
            if !stage.augmented {
                break;
            }
            self.end_stage();
        }
        self.live_list = sweep.live;
        self.outside_list = sweep.outside;
    }

    /// The start of a solve: the live vertices, split by the focus, and each block's start
    /// among those outside it.
    fn begin_sweep(&mut self) -> Sweep<W> {
        let n = self.n;
        self.epoch += 1;
        let mut live = std::mem::take(&mut self.live_list);
        live.clear();
        live.extend((0..n).filter(|&v| self.alive[v]));
        let mut outside = std::mem::take(&mut self.outside_list);
        outside.clear();
        let mut live_bits = vec![0u64; n.div_ceil(64)];
        let mut inside_bits = vec![0u64; n.div_ceil(64)];
        for &v in &live {
            live_bits[v / 64] |= 1 << (v % 64);
            if self.active[v] {
                inside_bits[v / 64] |= 1 << (v % 64);
            } else {
                outside.push(v);
            }
        }
        let nb = self.blocks;
        // Where each block's vertices start in `outside`.
        let mut block_start = vec![0usize; nb + 1];
        for &u in &outside {
            block_start[u / BLOCK + 1] += 1;
        }
        for b in 0..nb {
            block_start[b + 1] += block_start[b];
        }
        Sweep {
            live,
            live_bits,
            inside_bits,
            outside,
            block_start,
            min_out: vec![None; nb],
            outside_moved: true,
            cols_buf: Vec::with_capacity(n),
        }
    }

    /// The start of a stage: fresh labels, and every free vertex labelled S as the root of its
    /// tree; in a perfect solve, while a free vertex stands outside the focus, only those
    /// outside root trees, and the free vertices of the focus wait unlabelled (reaching one
    /// along a tight edge augments: with unconstrained duals any free vertices may root the
    /// trees). A free player outside the bracket, whose pair was undone by the bracket's new weights, roots a tree
    /// that labels the tight region below the next scoregroup; rooted beside the bracket's own
    /// free players, it grew that tree again in every stage whose augmentation lay inside the
    /// bracket (at 5,000 players, 8 stages of the bracket openings took 1.44 s of the round;
    /// with this order, the same pairings). Whether any vertex is free.
    fn begin_stage(&mut self) -> bool {
        let n = self.n;
        self.label.fill(0);
        self.t_bits.fill(0);
        self.rootof.fill(NONE);
        self.bestedge.fill(NONE);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
        }
        self.disallow_all();
        self.queue.clear();
        self.far.clear();
        self.s_list.clear();
        self.s_sorted = 0;
        self.s_stamp += 1;
        let free = |me: &Self, v: usize| me.alive[v] && me.mate[v] == NONE;
        let outside_only = self.perfect && (0..n).any(|v| free(self, v) && !self.active[v]);
        for v in 0..n {
            if free(self, v)
                && (!outside_only || !self.active[v])
                && self.label[self.inblossom[v]] == 0
            {
                self.assign_label(v, 1, NONE);
            }
        }
        !(0..n).all(|v| !self.alive[v] || self.mate[v] != NONE)
    }

    /// Whether the rows outside the focus may wait in this stage: only while no vertex outside
    /// is labelled (their duals then stay as they are, and so does their least, recomputed per
    /// block after a dual change moved a vertex outside the focus).
    fn open_focus(&mut self, sweep: &mut Sweep<W>) -> Stage {
        self.stale = false;
        self.deferred.clear();
        self.defer_least = None;
        self.defer_shift = W::zero();
        let defer_ok = !sweep.outside.is_empty()
            && !self.outside_max.is_empty()
            && sweep
                .outside
                .iter()
                .all(|&u| self.label[self.inblossom[u]] == 0);
        if defer_ok && sweep.outside_moved {
            sweep.outside_moved = false;
            sweep.min_out.fill(None);
            for &u in &sweep.outside {
                let y = self.dualvar[u];
                let m = &mut sweep.min_out[u / BLOCK];
                if m.is_none_or(|m| y.sub(m).is_negative()) {
                    *m = Some(y);
                }
            }
        }
        Stage {
            augmented: false,
            defer_ok,
        }
    }

    /// Grows the alternating trees along tight edges: scans the queued S-vertices (the focus
    /// first) until the queue is empty or, in a general solve, the first augmentation.
    /// Least-slack edges are recorded for the next dual change.
    fn grow(&mut self, sweep: &mut Sweep<W>, stage: &mut Stage) {
        let n = self.n;
        let nb = self.blocks;
        let Sweep {
            live_bits,
            inside_bits,
            outside,
            block_start,
            min_out,
            cols_buf,
            ..
        } = sweep;
        loop {
            // A general solve ends its stage at the first augmentation, as the textbook
            // algorithm does (its free vertices must all stay S-vertices).
            if stage.augmented && !self.perfect {
                break;
            }
            // The focus first. Outside it, once this stage has augmented, the trees are left
            // for the next stage: the region there is mostly tight, so a tree that enters it
            // labels most of it, and the stage ends without a dual change anyway.
            let next = match self.queue.pop() {
                Some(e) => Some(e),
                None if stage.augmented => None,
                None => self.far.pop(),
            };
            let Some(e) = next else { break };
            // An entry `n + v * blocks + b`: a part of `v`'s row deferred earlier.
            let (v, rest) = if e >= n {
                ((e - n) / nb, Some((e - n) % nb))
            } else {
                (e, None)
            };
            if self.label[self.inblossom[v]] != 1 {
                // Its tree was used by an augmentation in this stage.
                continue;
            }
            if stage.defer_ok && !self.active[v] {
                // A vertex outside the focus is labelled: no more deferral, and the deferred
                // rows are read before the next dual change.
                stage.defer_ok = false;
            }
            let cols: &[usize] = if let Some(b) = rest {
                &outside[block_start[b]..block_start[b + 1]]
            } else if stage.defer_ok && v != n - 1 {
                // The focus, and each block outside whose slacks may not all be positive; the
                // others wait. (Not for the dummy: its edges weigh zero and are not interned.)
                // The focus less the vertices its scan would pass over at once, as for a
                // whole row: at 5,000 players, 41.5 million of the 110 million entries these
                // scans read were T-vertices met before or leaves of `v`'s own blossom.
                self.row_columns(v, inside_bits, cols_buf);
                for b in 0..nb {
                    if block_start[b] == block_start[b + 1] {
                        continue;
                    }
                    let bound = self.outside_bound(v, b, min_out);
                    if bound.is_none_or(|lb| !lb.is_negative() && !lb.is_zero()) {
                        self.deferred.push(v * nb + b);
                        if let Some(lb) = bound {
                            let key = lb.add(self.defer_shift);
                            if self.defer_least.is_none_or(|m| key.sub(m).is_negative()) {
                                self.defer_least = Some(key);
                            }
                        }
                    } else {
                        cols_buf.extend_from_slice(&outside[block_start[b]..block_start[b + 1]]);
                    }
                }
                cols_buf
            } else {
                self.row_columns(v, live_bits, cols_buf);
                cols_buf
            };
            let key = (self.epoch, self.s_stamp, self.drop_stamp);
            if self.twins_key != key {
                self.twins_key = key;
                self.twins.clear();
            }
            let dv = self.dualvar[v];
            let twin = self.twins.get(&dv).copied().unwrap_or(NONE);
            let whole = rest.is_none() && !(stage.defer_ok && v != n - 1);
            if self.scan(v, cols, rest.is_some(), twin) {
                stage.augmented = true;
            } else if whole {
                self.twins.insert(dv, v);
            }
        }
    }

    /// The scan of S-vertex `v`'s edges to `cols` (vertex duals do not change during it):
    /// labels along tight edges, forms blossoms, records least-slack edges; whether it
    /// augmented (which ends the scan). `deferred`: a part of the row put off earlier, whose
    /// slacks are all positive.
    #[inline]
    fn scan(&mut self, v: usize, cols: &[usize], deferred: bool, twin: usize) -> bool {
        let n = self.n;
        let dv = self.dualvar[v];
        let row = v * n;
        let dummy_row = self.dummy_on && v == n - 1;
        // `v`'s top-level blossom, which only a blossom formed during this scan changes.
        let mut bv = self.inblossom[v];
        for &u in cols {
            let w = u;
            // No edge, inside `v`'s blossom (`v` itself too), or a T-vertex reached already:
            // nothing to do. The edge first: read in row order, it spares the labels' loads
            // for a fifth of the entries (at 5,000 players, 25.6 million of 122 million); the
            // columns already leave out most of `v`'s blossom and the T-vertices met before
            // (see [`Self::row_columns`]).
            let id = self.w[row + u];
            if id == 0 && !(dummy_row || (self.dummy_on && u == n - 1)) {
                continue;
            }
            let bw = self.inblossom[w];
            if bv == bw {
                continue;
            }
            if self.label[bw] == 2 && self.label[w] != 0 {
                self.t_bits[w / 64] |= 1 << (w % 64);
                continue;
            }
            let mut kslack = W::zero();
            let mut ok = self.allowed_pair(row + u);
            if !ok
                && twin != NONE
                && id != 0
                && self.label[w] == 0
                && self.label[bw] != 1
                && self.w[twin * n + u] == id
            {
                // A vertex outside the S-blossoms, not yet labelled: `twin` (the same dual, its
                // whole row read in this epoch and stage) offered it this same slack already,
                // which was no less than its best edge's and not zero (else `w` would be
                // labelled), so nothing here changes. (Not for the dummy's edges, id 0 in
                // every row: a row with no edge to `w` offered nothing.)
                debug_assert!(
                    self.bestedge[w] != NONE && {
                        let s = dv.add(self.dualvar[u]).sub(self.doubled.get(id));
                        !s.is_zero() && s >= *self.best_slack(w)
                    },
                    "a twin's edge would have changed the best edge"
                );
                continue;
            }
            let p = self.remote(v, u);
            let k = p / 2;
            if !ok {
                kslack = dv.add(self.dualvar[u]).sub(self.doubled.get(id));
                debug_assert!(
                    !deferred || !(kslack.is_zero() || kslack.is_negative()),
                    "a deferred edge lost its positive slack"
                );
                if kslack.is_zero() {
                    self.allow(k);
                    ok = true;
                }
            }
            if ok {
                if self.label[bw] == 0 {
                    if self.mate[self.blossombase[bw]] == NONE {
                        // A free vertex that roots no tree (a free vertex of the focus
                        // while those outside it root the trees: see [`Self::begin_stage`]).
                        let ra = self.rootof[v];
                        self.augment_matching(k);
                        if self.perfect {
                            // The other trees go on growing, as after any augmentation.
                            self.drop_trees(ra, ra);
                            self.stale = true;
                        }
                        return true;
                    }
                    self.assign_label(w, 2, p ^ 1);
                } else if self.label[bw] == 1 {
                    let base = self.scan_blossom(v, w);
                    if base == NONE {
                        let (ra, rb) = (self.rootof[v], self.rootof[w]);
                        self.augment_matching(k);
                        if self.perfect {
                            // (A general solve ends the stage here: its trees keep their
                            // labels, so that the S-blossoms without dual are expanded at the
                            // stage's end.)
                            self.drop_trees(ra, rb);
                        }
                        self.stale = true;
                        return true;
                    }
                    self.add_blossom(base, k);
                    bv = self.inblossom[v];
                } else if self.label[w] == 0 {
                    self.label[w] = 2;
                    self.labelend[w] = p ^ 1;
                }
            } else if self.label[bw] == 1 {
                debug_assert_eq!(bv, self.inblossom[v]);
                if self.bestedge[bv] == NONE || kslack < *self.best_slack(bv) {
                    self.bestedge[bv] = k;
                    self.best_cache[bv] = (k, self.epoch, kslack);
                }
            } else if self.label[w] == 0
                && (self.bestedge[w] == NONE || kslack < *self.best_slack(w))
            {
                self.bestedge[w] = k;
                self.best_cache[w] = (k, self.epoch, kslack);
            }
        }
        false
    }

    /// The dual change (Galil's delta): the least of the slack of a free vertex's best edge
    /// to an S-vertex (delta 2), half that of an S-blossom's best edge to another (delta 3),
    /// a T-blossom's dual (delta 4) and, in a general solve, the least vertex dual (delta 1).
    /// Applied when every deferred edge keeps a positive slack (else those rows are queued
    /// first); then the edge it made tight is followed, or the T-blossom expanded. `Stop`:
    /// the matching is optimal (delta 1), or no perfect matching exists (no delta at all in
    /// a perfect solve, which sets `failed`).
    fn dual_change(&mut self, sweep: &mut Sweep<W>) -> DualChange {
        let n = self.n;
        let nb = self.blocks;
        // delta1: the minimum vertex dual.
        let mut deltatype = 1;
        let mut delta = if self.perfect {
            deltatype = 0;
            W::zero()
        } else {
            // Over the live vertices: the others keep whatever duals they had.
            sweep
                .live
                .iter()
                .map(|&v| self.dualvar[v])
                .min()
                .unwrap_or_default()
        };
        let mut deltaedge = NONE;
        let mut deltablossom = NONE;
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.best_slack(v);
                if deltatype == 0 || *d < delta {
                    delta = *d;
                    deltatype = 2;
                    deltaedge = self.bestedge[v];
                }
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.best_slack(b).half();
                if deltatype == 0 || d < delta {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b];
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && (deltatype == 0 || self.dualvar[b] < delta)
            {
                delta = self.dualvar[b];
                deltatype = 4;
                deltablossom = b;
            }
        }
        // The dual change goes ahead only if every deferred edge keeps a positive slack
        // (`delta` below each deferred S-vertex's bound); else the deferred rows are read
        // first.
        if !self.deferred.is_empty() {
            let safe = deltatype != 0
                && self
                    .defer_least
                    .is_none_or(|m| delta.sub(m.sub(self.defer_shift)).is_negative());
            // The same as asking every deferred part whose vertex is still an S-vertex (all
            // are: a stage changes no dual after an augmentation).
            debug_assert!(
                deltatype == 0
                    || safe
                        == self.deferred.iter().all(|&p| {
                            let v = p / nb;
                            self.label[self.inblossom[v]] != 1
                                || self
                                    .outside_bound(v, p % nb, &sweep.min_out)
                                    .is_none_or(|lb| delta.sub(lb).is_negative())
                        }),
                "the least deferred bound disagrees"
            );
            if !safe {
                self.flush_deferred();
                return DualChange::Grow;
            }
        }
        self.epoch += 1;
        self.defer_shift = self.defer_shift.add(delta);
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 if self.perfect => self.dualvar[v] = self.dualvar[v].sub(delta),
                1 => self.dualvar[v] = self.dualvar[v].saturating_sub(delta),
                2 => self.dualvar[v] = self.dualvar[v].add(delta),
                _ => continue,
            }
            if !self.active[v] {
                sweep.outside_moved = true;
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] = self.dualvar[b].add(delta),
                    2 => self.dualvar[b] = self.dualvar[b].saturating_sub(delta),
                    _ => {}
                }
            }
        }
        if self.perfect {
            self.shift_best_slacks(delta);
        }
        match deltatype {
            2 => {
                self.allow(deltaedge);
                let (mut i, j) = self.edge(deltaedge);
                if self.label[self.inblossom[i]] == 0 {
                    i = j;
                }
                self.enqueue(i);
            }
            3 => {
                self.allow(deltaedge);
                let (i, _) = self.edge(deltaedge);
                self.enqueue(i);
            }
            4 => self.expand_blossom(deltablossom, false),
            0 => {
                self.failed = true;
                return DualChange::Stop;
            }
            _ => return DualChange::Stop,
        }
        DualChange::Grow
    }

    /// The end of a stage that augmented: the S-blossoms left without dual are expanded.
    fn end_stage(&mut self) {
        let n = self.n;
        for b in n..2 * n {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dualvar[b].is_zero()
            {
                self.expand_blossom(b, true);
            }
        }
    }

    /// The columns of a scan of `v`, ascending, into `out`: those of `columns` (bits: the live
    /// vertices for a whole row, or those of the focus) less those the scan would pass over at
    /// once, the leaves of `v`'s own blossom and the T-vertices met before ([`Self::t_bits`]).
    /// A tree that enters the tight region below the next scoregroup makes most of the graph
    /// one S-blossom, and each of its leaves then reads only the vertices outside it.
    fn row_columns(&mut self, v: usize, columns: &[u64], out: &mut Vec<usize>) {
        let b = self.inblossom[v];
        let own = b >= self.n;
        if own && self.leaf_key != (b, self.blossom_gen[b]) {
            self.leaf_key = (b, self.blossom_gen[b]);
            self.leaf_bits.fill(0);
            let mut leaves = std::mem::take(&mut self.leaf_buf);
            leaves.clear();
            self.leaves(b, &mut leaves);
            for &x in &leaves {
                self.leaf_bits[x / 64] |= 1 << (x % 64);
            }
            self.leaf_buf = leaves;
        }
        out.clear();
        for (i, &word) in columns.iter().enumerate() {
            let mut bits = word & !self.t_bits[i];
            if own {
                bits &= !self.leaf_bits[i];
            } else {
                bits &= !(u64::from(i == v / 64) << (v % 64));
            }
            while bits != 0 {
                out.push(i * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// Queues every deferred part of a row (entries `n + v * blocks + b`).
    fn flush_deferred(&mut self) {
        let n = self.n;
        self.defer_least = None;
        for p in std::mem::take(&mut self.deferred) {
            self.queue.push(n + p);
        }
    }

    /// The bound on the slack of every edge from `v` to block `b` outside the focus,
    /// `y_v + min_out[b] - outside_max[v, b]` (`min_out[b]`: the least dual of the block's
    /// vertices outside the focus), or `None` when there is no such edge.
    fn outside_bound(&self, v: usize, b: usize, min_out: &[Option<W>]) -> Option<W> {
        match (
            self.outside_max[self.focus_index[v] as usize * self.blocks + b],
            min_out[b],
        ) {
            (0, _) | (_, None) => None,
            (m, Some(y)) => Some(self.dualvar[v].add(y).sub(self.doubled.get(m))),
        }
    }
}

mod raises;
#[cfg(test)]
mod tests;
