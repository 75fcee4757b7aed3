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
//!
//! The matcher's parts, one file each under `dense/`, in the order a solve uses them:
//! - `intern.rs`: the interned weights; `matrix.rs`: setting edges, and the numbering of edges
//!   and endpoints; `focus.rs`: the bracket in focus, whose rows read the rest only when needed;
//! - `solve.rs`: the two solves and the steps of a warm start; `raises.rs`: the raises of duals
//!   that make changed edges feasible;
//! - `stages.rs`: the stages of a solve; `scan.rs`: labels and the scans that grow the trees;
//!   `duals.rs`: slacks and the dual change;
//! - `blossom.rs`: forming a blossom; `leaves.rs`: a blossom's leaves; `expand.rs`: expanding
//!   and dissolving blossoms; `augment.rs`: augmenting along a path;
//! - `decisions.rs`: what the engines' decisions ask between solves (exchange, exclusion,
//!   a lowered dual, a fixed pair's removal);
//! - `tests.rs`: the matcher against brute force.

// The workspace allows long functions (its bound is the file's 800 lines); the matcher's steps
// stay under clippy's 100 lines, each a named step of the algorithm.
#![warn(clippy::too_many_lines)]

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::wide::Weight;
use intern::LimbHasher;
use raises::Raises;

pub(crate) use intern::Interner;
pub(crate) use matrix::for_each_tile;

const NONE: usize = usize::MAX;

/// The vertices per block of a row outside the focus ([`DenseMatcher::focus`]).
const BLOCK: usize = 128;

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
}

mod augment;
mod blossom;
mod decisions;
mod duals;
mod expand;
mod focus;
mod intern;
mod leaves;
mod matrix;
mod raises;
mod scan;
mod solve;
mod stages;
#[cfg(test)]
mod tests;
