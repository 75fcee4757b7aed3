//! The generators' random source: ChaCha8 seeded from the seed (the same sequence on every
//! platform), with uniform helpers.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// A seeded random source.
pub(crate) struct Dice(ChaCha8Rng);

impl Dice {
    /// The source for `seed`.
    pub fn new(seed: u64) -> Dice {
        Dice(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with `percent` percent probability.
    pub fn percent(&mut self, percent: f64) -> bool {
        self.unit() * 100.0 < percent
    }

    /// A uniform number in `lo..=hi`.
    pub fn between(&mut self, lo: u16, hi: u16) -> u16 {
        let span = u64::from(hi - lo) + 1;
        lo + u16::try_from(self.0.next_u64() % span).unwrap_or(0)
    }

    /// A uniform index below `n` (0 when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        usize::try_from(self.0.next_u64() % (n as u64)).unwrap_or(0)
    }

    /// A standard normal number (Box-Muller).
    pub fn normal(&mut self) -> f64 {
        let u = 1.0 - self.unit();
        let v = self.unit();
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}
