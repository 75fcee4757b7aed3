//! Points as exact decimal tenths: never a floating-point score.

use std::fmt;
use std::iter::Sum;
use std::ops::Add;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A number of points in **tenths** of a point: `Points::from_tenths(45)` is 4.5 points.
///
/// Tenths cover every scoring system in use (1 / ½ / 0 of Art. 11, 3 / 1 / 0, 2 / 1 / 0,
/// half-point byes) and the TRF points column (`001` columns 81-84, written `4.5`).
/// Arithmetic saturates instead of overflowing.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(u32);

/// Why a text could not be read as [`Points`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointsError {
    /// The text is empty or only spaces.
    #[error("no points given")]
    Empty,
    /// The text is not a decimal number such as `4`, `4.5` or `10.0`.
    #[error("`{0}` is not a number of points such as 4.5")]
    NotANumber(String),
    /// More precision than tenths (for example `0.25`).
    #[error("`{0}` has more precision than tenths of a point")]
    TooPrecise(String),
    /// Too large to store.
    #[error("`{0}` is too large")]
    TooLarge(String),
}

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point (a draw under Art. 11).
    pub const HALF: Points = Points(5);
    /// One point (a win under Art. 11).
    pub const ONE: Points = Points(10);

    /// Points from a number of tenths: `from_tenths(15)` is 1.5.
    #[must_use]
    pub const fn from_tenths(tenths: u32) -> Points {
        Points(tenths)
    }

    /// Points from a number of half points: `from_halves(3)` is 1.5.
    #[must_use]
    pub const fn from_halves(halves: u32) -> Points {
        Points(halves.saturating_mul(5))
    }

    /// The number of tenths of a point.
    #[must_use]
    pub const fn tenths(self) -> u32 {
        self.0
    }

    /// Adds without overflowing (saturates at the largest value).
    #[must_use]
    pub const fn saturating_add(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }

    /// Subtracts without going below zero.
    #[must_use]
    pub const fn saturating_sub(self, other: Points) -> Points {
        Points(self.0.saturating_sub(other.0))
    }

    /// Reads a decimal such as `4`, `4.5`, `10.0`, `.5` or `4,5` (a decimal comma is accepted).
    /// Surrounding spaces are ignored.
    ///
    /// # Errors
    /// [`PointsError`] when the text is empty, not a number, finer than tenths (`0.25`; trailing
    /// zeros such as `0.50` are fine) or too large.
    pub fn parse(text: &str) -> Result<Points, PointsError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(PointsError::Empty);
        }
        let (whole, frac) = match t.find(['.', ',']) {
            Some(i) => (t.get(..i).unwrap_or(""), t.get(i + 1..).unwrap_or("")),
            None => (t, ""),
        };
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
            return Err(PointsError::NotANumber(t.to_owned()));
        }
        let frac = frac.trim_end_matches('0');
        if frac.len() > 1 {
            return Err(PointsError::TooPrecise(t.to_owned()));
        }
        let mut tenths: u32 = 0;
        for b in whole.bytes() {
            tenths = tenths
                .checked_mul(10)
                .and_then(|v| v.checked_add(u32::from(b - b'0')))
                .ok_or_else(|| PointsError::TooLarge(t.to_owned()))?;
        }
        let tenth = frac.bytes().next().map_or(0, |b| u32::from(b - b'0'));
        tenths
            .checked_mul(10)
            .and_then(|v| v.checked_add(tenth))
            .map(Points)
            .ok_or_else(|| PointsError::TooLarge(t.to_owned()))
    }
}

impl FromStr for Points {
    type Err = PointsError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Points::parse(s)
    }
}

/// Writes `4.5`, `10.0`, `0.0`: one decimal, as TRF writes points.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = format!("{}.{}", self.0 / 10, self.0 % 10);
        f.pad(&s)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        self.saturating_add(rhs)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Points::saturating_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_trf_points() {
        assert_eq!(Points::parse("4.5"), Ok(Points::from_tenths(45)));
        assert_eq!(Points::parse(" 11.5"), Ok(Points::from_tenths(115)));
        assert_eq!(Points::parse("3"), Ok(Points::from_tenths(30)));
        assert_eq!(Points::parse("0.50"), Ok(Points::HALF));
        assert_eq!(Points::parse(".5"), Ok(Points::HALF));
        assert_eq!(Points::parse("2,5"), Ok(Points::from_tenths(25)));
        assert!(matches!(
            Points::parse("0.25"),
            Err(PointsError::TooPrecise(_))
        ));
        assert!(matches!(
            Points::parse("x"),
            Err(PointsError::NotANumber(_))
        ));
        assert!(matches!(
            Points::parse("."),
            Err(PointsError::NotANumber(_))
        ));
        assert!(matches!(
            Points::parse("-1"),
            Err(PointsError::NotANumber(_))
        ));
        assert_eq!(Points::parse("  "), Err(PointsError::Empty));
        assert!(matches!(
            Points::parse("99999999999"),
            Err(PointsError::TooLarge(_))
        ));
    }

    #[test]
    fn displays_one_decimal() {
        assert_eq!(Points::from_tenths(45).to_string(), "4.5");
        assert_eq!(Points::from_tenths(100).to_string(), "10.0");
        assert_eq!(Points::ZERO.to_string(), "0.0");
        assert_eq!(format!("{:>4}", Points::ONE), " 1.0");
    }

    #[test]
    fn sums_saturate() {
        let total: Points = [Points::ONE, Points::HALF, Points::HALF].into_iter().sum();
        assert_eq!(total, Points::from_tenths(20));
        assert_eq!(
            Points::from_tenths(u32::MAX) + Points::ONE,
            Points::from_tenths(u32::MAX)
        );
    }
}
