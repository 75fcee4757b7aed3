//! Maximum-weight matching in a general graph: the primal-dual blossom algorithm of Edmonds in
//! the O(n^3) form described by Galil ("Efficient algorithms for finding maximum matching in
//! graphs", ACM Computing Surveys 18, 1986). The Dutch system (C.04.3) is encoded as edge weights
//! (see `dutch.rs`), as the endorsed engines do.
//!
//! Dual variables of vertices are stored doubled, so with integer weights every quantity stays an
//! integer; all of them stay non-negative, so unsigned wide integers serve.

use crate::wide::Weight;

const NONE: usize = usize::MAX;

/// One weighted edge `(u, v, w)` with `u != v`.
pub type Edge<W> = (usize, usize, W);

struct Solver<'a, W: Weight> {
    n: usize,
    edges: &'a [Edge<W>],
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
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
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// Perfect-matching mode: vertex duals may be negative (two's complement), there is no
    /// stopping on a zero vertex dual, and a stage without any possible dual change means no
    /// perfect matching exists.
    perfect: bool,
    /// Set in perfect mode when no perfect matching exists.
    failed: bool,
}

/// Computes a maximum-weight matching of the graph on `n` vertices. Returns for each vertex its
/// mate, or the vertex itself when unmatched.
#[must_use]
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[Edge<W>]) -> Vec<usize> {
    let mut mates: Vec<usize> = (0..n).collect();
    if edges.is_empty() || n < 2 {
        return mates;
    }
    let mut s = Solver::new(n, edges);
    s.solve();
    for v in 0..n {
        if s.mate[v] != NONE {
            mates[v] = s.endpoint[s.mate[v]];
        }
    }
    mates
}

/// A maximum-weight matching with its dual solution: the vertex duals (doubled, with every
/// blossom's dual folded into its vertices, which keeps them feasible), as a warm start for
/// [`max_weight_perfect_matching_warm`].
#[must_use]
pub fn max_weight_matching_with_duals<W: Weight>(
    n: usize,
    edges: &[Edge<W>],
) -> (Vec<usize>, Vec<W>) {
    let mut mates: Vec<usize> = (0..n).collect();
    if edges.is_empty() || n < 2 {
        return (mates, vec![W::zero(); n]);
    }
    let mut s = Solver::new(n, edges);
    s.solve();
    for v in 0..n {
        if s.mate[v] != NONE {
            mates[v] = s.endpoint[s.mate[v]];
        }
    }
    let duals = s.folded_duals();
    (mates, duals)
}

/// A maximum-weight perfect matching, started from a matching of tight edges (`mates[v]` the
/// partner or `v`) and feasible doubled vertex duals (`duals[i] + duals[j] >= 2 w(i, j)` for every
/// edge, as two's complement values). Returns `None` when no perfect matching exists. The
/// returned duals are a warm start for the next call.
/// (Kept for its test, which checks the perfect mode that [`crate::dense`] also uses.)
#[cfg(test)]
#[must_use]
pub fn max_weight_perfect_matching_warm<W: Weight>(
    n: usize,
    edges: &[Edge<W>],
    mates: &[usize],
    duals: &[W],
) -> Option<(Vec<usize>, Vec<W>)> {
    let mut s = Solver::new(n, edges);
    s.perfect = true;
    s.dualvar[..n].copy_from_slice(&duals[..n]);
    let mut index = std::collections::HashMap::new();
    for (k, &(i, j, _)) in edges.iter().enumerate() {
        index.insert((i.min(j), i.max(j)), k);
    }
    for v in 0..n {
        let m = mates[v];
        if m != v && m < n && mates[m] == v && v < m {
            if let Some(&k) = index.get(&(v, m)) {
                if s.slack(k).is_zero() {
                    let (i, _, _) = edges[k];
                    if i == v {
                        s.mate[v] = 2 * k + 1;
                        s.mate[m] = 2 * k;
                    } else {
                        s.mate[v] = 2 * k;
                        s.mate[m] = 2 * k + 1;
                    }
                }
            }
        }
    }
    // Every free vertex is the root of an alternating tree, and every vertex in a tree has its
    // root's dual parity (tree edges are tight); equal parity for all roots keeps the slack
    // between two outer vertices even, so that half of it (delta3) is exact.
    let one = W::from_u64(1);
    for v in 0..n {
        if s.mate[v] == NONE && !s.dualvar[v].and_one_is_zero() {
            s.dualvar[v] = s.dualvar[v].add(one);
        }
    }
    s.solve();
    if s.failed || (0..n).any(|v| s.mate[v] == NONE) {
        return None;
    }
    let out = (0..n).map(|v| s.endpoint[s.mate[v]]).collect();
    Some((out, s.folded_duals()))
}

impl<'a, W: Weight> Solver<'a, W> {
    fn new(n: usize, edges: &'a [Edge<W>]) -> Self {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        let mut maxw = W::zero();
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
            if w > maxw {
                maxw = w;
            }
        }
        let mut dualvar = vec![maxw; n];
        dualvar.extend(std::iter::repeat_n(W::zero(), n));
        Solver {
            n,
            edges,
            endpoint,
            neighbend,
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
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
            perfect: false,
            failed: false,
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        let s = self.dualvar[i].add(self.dualvar[j]);
        if self.perfect {
            s.sub(w.add(w))
        } else {
            s.saturating_sub(w.add(w))
        }
    }

    /// The vertex duals with every blossom's dual added to the vertices inside it.
    fn folded_duals(&self) -> Vec<W> {
        let mut d: Vec<W> = self.dualvar[..self.n].to_vec();
        for b in self.n..2 * self.n {
            if self.blossombase[b] != NONE && !self.dualvar[b].is_zero() {
                for v in self.blossom_leaves(b) {
                    d[v] = d[v].add(self.dualvar[b]);
                }
            }
        }
        d
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn blossom_leaves(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let l = self.blossom_leaves(b);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.blossombase[b];
            let m = self.mate[base];
            self.assign_label(self.endpoint[m], 1, m ^ 1);
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
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
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
        let (mut v, mut w, _) = self.edges[k];
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
            v = self.endpoint[self.labelend[bv]];
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
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        self.blossomchilds[b].clone_from(&path);
        self.blossomendps[b] = endps;
        for v in self.blossom_leaves(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(l) => vec![l],
                None => self
                    .blossom_leaves(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut be = NONE;
        for &k in &best {
            if be == NONE || self.slack(k) < self.slack(be) {
                be = k;
            }
        }
        self.blossombestedges[b] = Some(best);
        self.bestedge[b] = be;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.blossom_leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = isize::try_from(childs.len()).unwrap_or(isize::MAX);
            let at = |j: isize| -> usize { usize::try_from(j.rem_euclid(len)).unwrap_or(0) };
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
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
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = endps[at(j - et)];
                self.label[self.endpoint[q ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = endps[at(j - et)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endpoint[p ^ 1];
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
                let leaves = self.blossom_leaves(bv);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
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
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let mut nc = childs[i..].to_vec();
        nc.extend_from_slice(&childs[..i]);
        let mut ne = endps[i..].to_vec();
        ne.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[nc[0]];
        self.blossomchilds[b] = nc;
        self.blossomendps[b] = ne;
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
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
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.fill(0);
            self.bestedge.fill(NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            if self.perfect && (0..n).all(|v| self.mate[v] != NONE) {
                break;
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::zero();
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack.is_zero() {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base == NONE {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                                self.add_blossom(base, k);
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // delta1: the minimum vertex dual.
                let mut deltatype = 1;
                let mut delta = if self.perfect {
                    deltatype = 0;
                    W::zero()
                } else {
                    self.dualvar[..n].iter().copied().min().unwrap_or_default()
                };
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
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
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 if self.perfect => self.dualvar[v] = self.dualvar[v].sub(delta),
                        1 => self.dualvar[v] = self.dualvar[v].saturating_sub(delta),
                        2 => self.dualvar[v] = self.dualvar[v].add(delta),
                        _ => {}
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
                match deltatype {
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    4 => self.expand_blossom(deltablossom, false),
                    0 => {
                        self.failed = true;
                        break;
                    }
                    _ => break,
                }
            }
            if !augmented {
                break;
            }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wide::Wide;

    type W = Wide<1>;
    fn w(v: u64) -> W {
        W::from_u64(v)
    }

    fn total(edges: &[Edge<W>], mates: &[usize]) -> u64 {
        edges
            .iter()
            .filter(|&&(i, j, _)| mates[i] == j)
            .map(|&(_, _, x)| x.0[0])
            .sum()
    }

    /// Brute force over all matchings of a small graph.
    fn best(edges: &[Edge<W>], used: &mut [bool], from: usize) -> u64 {
        let mut bestv = 0;
        for (k, &(i, j, x)) in edges.iter().enumerate().skip(from) {
            if !used[i] && !used[j] {
                used[i] = true;
                used[j] = true;
                bestv = bestv.max(x.0[0] + best(edges, used, k + 1));
                used[i] = false;
                used[j] = false;
            }
        }
        bestv
    }

    #[test]
    fn small_graphs_match_brute_force() {
        // A deterministic pseudo-random generator (no dependency).
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..400 {
            let n = usize::try_from(next() % 9).unwrap_or(0) + 2;
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next() % 3 != 0 {
                        edges.push((i, j, w(next() % 20 + 1)));
                    }
                }
            }
            let mates = max_weight_matching(n, &edges);
            for v in 0..n {
                assert_eq!(mates[mates[v]], v);
            }
            let expected = best(&edges, &mut vec![false; n], 0);
            assert_eq!(total(&edges, &mates), expected, "n={n} edges={edges:?}");
        }
    }

    #[test]
    fn warm_perfect_matches_cold() {
        let mut seed: u64 = 0x1234_5678_9abc_def1;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let n = 2 * (usize::try_from(next() % 5).unwrap_or(0) + 1);
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    // A heavy base makes every maximum-weight matching perfect.
                    edges.push((i, j, w(1000 + next() % 20)));
                }
            }
            let (m0, d0) = max_weight_matching_with_duals(n, &edges);
            // Change the edges of one vertex, then warm start.
            let v = usize::try_from(next() % n as u64).unwrap_or(0);
            for e in &mut edges {
                if e.0 == v || e.1 == v {
                    e.2 = w(1000 + next() % 40);
                }
            }
            let mut duals = d0.clone();
            for &(i, j, x) in &edges {
                let need = x.add(x);
                let have = duals[i].add(duals[j]);
                if have < need {
                    duals[v] = duals[v].add(need.sub(have));
                    let _ = (i, j);
                }
            }
            let mut mates = m0.clone();
            let m = mates[v];
            mates[v] = v;
            if m < n {
                mates[m] = m;
            }
            let warm = max_weight_perfect_matching_warm(n, &edges, &mates, &duals);
            let Some((wm, _)) = warm else {
                panic!("no perfect matching found");
            };
            let cold = max_weight_matching(n, &edges);
            assert_eq!(total(&edges, &wm), total(&edges, &cold));
        }
    }

    #[test]
    fn blossom_case() {
        // The classic triangle with a pendant: needs a blossom.
        let edges = vec![(0, 1, w(8)), (0, 2, w(9)), (1, 2, w(10)), (2, 3, w(7))];
        let m = max_weight_matching(4, &edges);
        assert_eq!(m[0], 1);
        assert_eq!(m[2], 3);
    }
}
