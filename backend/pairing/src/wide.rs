//! Fixed-width unsigned integers of `N` 64-bit limbs: the edge weights of the maximum-weight
//! matching that encodes the Dutch system's criteria (C.04.3) lexicographically, one bit field per
//! criterion. Arithmetic wraps silently at the top (the caller sizes `N` so that it never does).

use std::cmp::Ordering;

/// An unsigned integer of `N` little-endian 64-bit limbs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The operations the matching and the weight encoding need.
pub trait Weight: Copy + Ord + Default + std::fmt::Debug + std::hash::Hash {
    /// Zero.
    fn zero() -> Self {
        Self::default()
    }
    /// A small value.
    fn from_u64(v: u64) -> Self;
    /// Is it zero?
    fn is_zero(&self) -> bool;
    /// `self + o` (wrapping).
    #[must_use]
    fn add(self, o: Self) -> Self;
    /// `self - o` (wrapping).
    #[must_use]
    fn sub(self, o: Self) -> Self;
    /// `self - o`, or zero when `o > self`.
    #[must_use]
    fn saturating_sub(self, o: Self) -> Self {
        if o > self { Self::zero() } else { self.sub(o) }
    }
    /// `self << s`.
    #[must_use]
    fn shl(self, s: u32) -> Self;
    /// `self >> 1`.
    #[must_use]
    fn half(self) -> Self;
    /// Whether the top bit is set (negative as a two's complement value).
    fn is_negative(&self) -> bool;
    /// Whether the lowest bit is clear (the value is even).
    fn and_one_is_zero(&self) -> bool;
    /// `self | v` for a small `v`.
    #[must_use]
    fn or_u64(self, v: u64) -> Self;
    /// `self + (v << s)`.
    #[must_use]
    fn add_shifted(self, v: u64, s: u32) -> Self {
        self.add(Self::from_u64(v).shl(s))
    }
    /// `self | (v << s)`.
    #[must_use]
    fn or_shifted(self, v: u64, s: u32) -> Self;
}

impl<const N: usize> Weight for Wide<N> {
    fn from_u64(v: u64) -> Self {
        let mut r = [0; N];
        r[0] = v;
        Wide(r)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
    #[inline]
    fn add(self, o: Self) -> Self {
        // Limb by limb with the carry as a flag: two overflowing adds per limb, which compile
        // to one add-with-carry chain (through `u128`, each carry went through a byte
        // register: `setb`, `movzx`, `adc`, about twice the instructions).
        let mut r = [0; N];
        let mut carry = false;
        for (i, out) in r.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *out = s2;
            carry = c1 | c2;
        }
        Wide(r)
    }
    #[inline]
    fn sub(self, o: Self) -> Self {
        // Limb by limb with the borrow as a flag, as in `add`: one subtract-with-borrow chain.
        let mut r = [0; N];
        let mut borrow = false;
        for (i, out) in r.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *out = d2;
            borrow = b1 | b2;
        }
        Wide(r)
    }
    #[inline]
    fn shl(self, s: u32) -> Self {
        if s == 0 {
            return self;
        }
        let limbs = (s / 64) as usize;
        let bits = s % 64;
        let mut r = [0; N];
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r[i] = v;
        }
        Wide(r)
    }
    fn half(self) -> Self {
        let mut r = [0; N];
        for i in 0..N {
            let hi = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            r[i] = (self.0[i] >> 1) | hi;
        }
        Wide(r)
    }
    fn is_negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }
    fn and_one_is_zero(&self) -> bool {
        self.0[0] & 1 == 0
    }
    fn or_u64(mut self, v: u64) -> Self {
        self.0[0] |= v;
        self
    }
    #[inline]
    fn add_shifted(self, v: u64, s: u32) -> Self {
        // `v << s` touches at most two limbs; the carry runs on from there.
        let limb = (s / 64) as usize;
        if v == 0 || limb >= N {
            return self;
        }
        let bits = s % 64;
        let mut r = self;
        let lo = v << bits;
        let hi = if bits > 0 { v >> (64 - bits) } else { 0 };
        let (x, c) = r.0[limb].overflowing_add(lo);
        r.0[limb] = x;
        let mut carry = u64::from(c) + hi;
        let mut i = limb + 1;
        while carry != 0 && i < N {
            let (x, c) = r.0[i].overflowing_add(carry);
            r.0[i] = x;
            carry = u64::from(c);
            i += 1;
        }
        r
    }
    fn or_shifted(self, v: u64, s: u32) -> Self {
        let o = Self::from_u64(v).shl(s);
        let mut r = self;
        for i in 0..N {
            r.0[i] |= o.0[i];
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_across_limbs() {
        let one = Wide::<2>::from_u64(1);
        let big = one.shl(64);
        assert_eq!(big.0, [0, 1]);
        assert_eq!(big.sub(one).0, [u64::MAX, 0]);
        assert_eq!(big.sub(one).add(one), big);
        assert_eq!(big.half().0, [1 << 63, 0]);
        assert!(big > one.shl(63));
        assert_eq!(one.shl(70).0, [0, 64]);
        assert_eq!(Wide::<2>::zero().add_shifted(3, 63).0, [1 << 63, 1]);
    }

    #[test]
    fn add_shifted_is_add_of_shl() {
        let bases = [
            Wide::<3>([0, 0, 0]),
            Wide([u64::MAX, 5, 0]),
            Wide([u64::MAX, u64::MAX, 7]),
            Wide([u64::MAX; 3]),
            Wide([1 << 63, u64::MAX, 1 << 63]),
        ];
        for base in bases {
            for v in [0, 1, 2, 3, 255, u64::MAX >> 1, u64::MAX] {
                for s in 0..200 {
                    let want = base.add(Wide::from_u64(v).shl(s));
                    assert_eq!(base.add_shifted(v, s), want, "{base:?} + {v} << {s}");
                }
            }
        }
    }
}
