//! The stages of a solve: each starts with fresh labels and the free vertices as roots, grows
//! the trees ([`super::scan`]) and changes the duals ([`super::duals`]) until it augments
//! or the solve ends.

use super::{BLOCK, DenseMatcher, NONE};
use crate::wide::Weight;

/// What one solve keeps from stage to stage: the live vertices split by the focus, where
/// each block of [`BLOCK`] vertices starts among those outside it, the least dual per block
/// outside.
pub(super) struct Sweep<W: Weight> {
    pub(super) live: Vec<usize>,
    /// `live` as bits.
    pub(super) live_bits: Vec<u64>,
    /// The live vertices in the focus, as bits.
    pub(super) inside_bits: Vec<u64>,
    pub(super) outside: Vec<usize>,
    pub(super) block_start: Vec<usize>,
    pub(super) min_out: Vec<Option<W>>,
    /// Whether a dual change moved a vertex outside the focus since `min_out` was computed.
    pub(super) outside_moved: bool,
    /// Scratch for the columns of a scan.
    pub(super) cols_buf: Vec<usize>,
}

/// One stage: whether it augmented, and whether rows outside the focus may still wait.
pub(super) struct Stage {
    pub(super) augmented: bool,
    pub(super) defer_ok: bool,
}

/// What follows a dual change: more growing, or the end of the solve.
pub(super) enum DualChange {
    Grow,
    Stop,
}

impl<W: Weight> DenseMatcher<W> {
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
    pub(super) fn run(&mut self) {
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
    pub(super) fn begin_sweep(&mut self) -> Sweep<W> {
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
    pub(super) fn begin_stage(&mut self) -> bool {
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
    pub(super) fn open_focus(&mut self, sweep: &mut Sweep<W>) -> Stage {
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

    /// The end of a stage that augmented: the S-blossoms left without dual are expanded.
    pub(super) fn end_stage(&mut self) {
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
}
