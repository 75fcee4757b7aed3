//! Perfect matchings over a few teams, with the crate's blossom matcher: whether a group can be
//! paired legally (\[C3\], art. 2.2.1; 3.4.1; 3.5.5) and, for a bracket, the least penalty a
//! pairing of it can reach (\[C8\]-\[C10\], art. 3.6.4).

use crate::dense::DenseMatcher;
use crate::wide::{Weight, Wide};

/// Above every penalty sum: a perfect matching of `k` pairs weighs `k * BASE - penalty`.
const BASE: u64 = 1 << 40;

/// Whether the vertices `0..n` have a perfect matching over the edges `ok(a, b)`.
pub(crate) fn perfect(n: usize, ok: impl Fn(usize, usize) -> bool) -> bool {
    if n == 0 {
        return true;
    }
    if n % 2 == 1 {
        return false;
    }
    let mut m: DenseMatcher<Wide<1>> = DenseMatcher::new(n);
    let one = m.intern(Wide::<1>::from_u64(1));
    let mut any = vec![false; n];
    for a in 0..n {
        for b in 0..a {
            if ok(a, b) {
                m.set_interned(a, b, one);
                any[a] = true;
                any[b] = true;
            }
        }
    }
    if any.iter().any(|&x| !x) {
        return false;
    }
    m.solve().is_some()
}

/// The least total penalty of a perfect matching of `0..n` over the edges where `penalty(a, b)`
/// is `Some` (a penalty below 2^39 per edge), or `None` when there is no perfect matching.
pub(crate) fn least_penalty(
    n: usize,
    penalty: impl Fn(usize, usize) -> Option<u64>,
) -> Option<u64> {
    if n == 0 {
        return Some(0);
    }
    if n % 2 == 1 {
        return None;
    }
    let mut m: DenseMatcher<Wide<1>> = DenseMatcher::new(n);
    let mut w = vec![None; n * n];
    let mut any = vec![false; n];
    for a in 0..n {
        for b in 0..a {
            if let Some(p) = penalty(a, b) {
                m.set(a, b, Wide::<1>::from_u64(BASE - p));
                w[a * n + b] = Some(p);
                any[a] = true;
                any[b] = true;
            }
        }
    }
    if any.iter().any(|&x| !x) {
        return None;
    }
    let mate = m.solve()?;
    let mut total = 0;
    for a in 0..n {
        let b = mate[a];
        if b < a {
            total += w[a * n + b]?;
        } else if b == a {
            return None;
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_of_four_has_one_perfect_matching() {
        let edges = [(0, 1), (1, 2), (2, 3)];
        let ok = |a: usize, b: usize| edges.contains(&(a.min(b), a.max(b)));
        assert!(perfect(4, ok));
        assert!(!perfect(4, |a, b| ok(a, b) && (a.min(b), a.max(b)) != (2, 3)));
        assert!(!perfect(3, ok));
    }

    #[test]
    fn the_least_penalty_avoids_the_dear_edges() {
        // 0-1 and 2-3 cost 5 each; 0-2 and 1-3 cost 1 each; 0-3, 1-2 absent.
        let cost = |a: usize, b: usize| match (a.min(b), a.max(b)) {
            (0, 1) | (2, 3) => Some(5),
            (0, 2) | (1, 3) => Some(1),
            _ => None,
        };
        assert_eq!(least_penalty(4, cost), Some(2));
        assert_eq!(least_penalty(2, |_, _| None), None);
    }
}
