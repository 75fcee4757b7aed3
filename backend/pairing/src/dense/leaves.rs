//! The leaves of a blossom: read off its tree, or off the list a top-level blossom holds and
//! hands down to its children when it is dissolved or expanded.

use super::DenseMatcher;
use crate::wide::Weight;

/// The leaves of a blossom lent by [`DenseMatcher::take_leaves`]: the list it holds (`held`),
/// or a buffer of the pool that its tree was walked into.
pub(super) struct Leaves {
    pub(super) list: Vec<usize>,
    pub(super) held: bool,
}

impl<W: Weight> DenseMatcher<W> {
    /// The leaves of `b` (a vertex or a blossom) into `out`, depth first in the order of
    /// each blossom's children. Without recursion: a stage that enters the tight region below
    /// the next scoregroup nests blossoms thousands deep.
    pub(super) fn leaves(&self, b: usize, out: &mut Vec<usize>) {
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
    pub(super) fn hand_down(&mut self, b: usize) {
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
    pub(super) fn walk_leaves(&self, b: usize, out: &mut Vec<usize>) {
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
    pub(super) fn take_leaves(&mut self, b: usize) -> Leaves {
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
    pub(super) fn check_list(&self, b: usize, list: &[usize]) {
        let mut walked = Vec::new();
        self.walk_leaves(b, &mut walked);
        assert!(
            walked == list,
            "a stale list of leaves: it differs from the tree"
        );
    }

    /// Makes `c` (a vertex or a blossom) the top-level blossom of each of its leaves.
    pub(super) fn set_inblossom(&mut self, c: usize) {
        let leaves = self.take_leaves(c);
        for &v in &leaves.list {
            self.inblossom[v] = c;
        }
        self.put_leaves(c, leaves);
    }

    /// Gives back the leaves [`Self::take_leaves`] gave for `b`.
    pub(super) fn put_leaves(&mut self, b: usize, leaves: Leaves) {
        if leaves.held {
            self.flat[b] = Some(leaves.list);
        } else {
            self.leaf_pool.push(leaves.list);
        }
    }
}
