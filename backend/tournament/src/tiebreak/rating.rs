//! The FIDE rating tables (Handbook B.02, Art. 8.1: score percentage to rating difference `dp`,
//! rating difference to expected score `pd`) and the rating tie-breaks built on them (C.07
//! Art. 10: ARO, TPR, PTP). Integer arithmetic only.

/// Upper bounds of the rating difference for each expected score of the higher-rated player from
/// 0.50 to 0.99 (B.02 table 8.1(b)); above 735 the expected score is 1.00.
const PD_BOUNDS: [u16; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// Rating difference `dp` for a score percentage of 50 to 100 (B.02 table 8.1(a)); below 50 the
/// value is the negative of the mirror percentage.
const DP_UPPER: [i64; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The expected score, in hundredths, of a player rated `own` against `opponent` (B.02 table
/// 8.1(b); differences beyond 800 count as 800 — C.07 Art. 10.3 uses no 400-point cap).
#[must_use]
pub fn expected_percent(own: i64, opponent: i64) -> i64 {
    let diff = (opponent - own).clamp(-800, 800);
    let higher = |d: i64| -> i64 {
        let d = u16::try_from(d).unwrap_or(800);
        let idx = PD_BOUNDS.iter().position(|&b| d <= b);
        idx.map_or(100, |i| 50 + i64::try_from(i).unwrap_or(50))
    };
    if diff >= 0 {
        100 - higher(diff)
    } else {
        higher(-diff)
    }
}

/// `dp` for a score percentage 0..=100 (B.02 table 8.1(a)).
#[must_use]
pub fn dp_for_percent(percent: i64) -> i64 {
    let p = percent.clamp(0, 100);
    let idx = |q: i64| usize::try_from(q - 50).unwrap_or(0);
    if p >= 50 {
        DP_UPPER.get(idx(p)).copied().unwrap_or(800)
    } else {
        -DP_UPPER.get(idx(100 - p)).copied().unwrap_or(800)
    }
}

/// `a / b` rounded half up (b > 0), for averages (C.07 Art. 10.1: ARO rounded to the nearest
/// whole number, 0.5 up).
#[must_use]
pub fn div_half_up(a: i64, b: i64) -> i64 {
    if b <= 0 {
        return 0;
    }
    (2 * a + b).div_euclid(2 * b)
}

/// Average rating of opponents (C.07 Art. 10.1), rounded half up; `None` without games.
#[must_use]
pub fn aro(ratings: &[i64]) -> Option<i64> {
    let n = i64::try_from(ratings.len()).ok().filter(|&n| n > 0)?;
    Some(div_half_up(ratings.iter().sum(), n))
}

/// Tournament performance rating (C.07 Art. 10.2): ARO plus `dp` for the score percentage
/// (rounded half up to a whole percent). `score_tenths` is the score in tenths of a point.
#[must_use]
pub fn tpr(score_tenths: i64, ratings: &[i64]) -> Option<i64> {
    let avg = aro(ratings)?;
    let n = i64::try_from(ratings.len()).ok()?;
    let percent = div_half_up(score_tenths * 10, n);
    Some(avg + dp_for_percent(percent))
}

/// Perfect tournament performance (C.07 Art. 10.3): the lowest rating whose expected score
/// against these opponents reaches the score; a zero score gives the lowest rating minus 800.
#[must_use]
pub fn ptp(score_tenths: i64, ratings: &[i64]) -> Option<i64> {
    let n = i64::try_from(ratings.len()).ok().filter(|&n| n > 0)?;
    let lo_r = *ratings.iter().min()?;
    let hi_r = *ratings.iter().max()?;
    if score_tenths <= 0 {
        return Some(lo_r - 800);
    }
    if score_tenths > n * 10 {
        return Some(hi_r + 800);
    }
    let target = score_tenths * 10;
    let reaches = |r: i64| ratings.iter().map(|&o| expected_percent(r, o)).sum::<i64>() >= target;
    // Invariant: !reaches(lo), reaches(hi).
    let (mut lo, mut hi) = (lo_r - 801, hi_r + 800);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if reaches(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_follow_b02() {
        assert_eq!(expected_percent(2000, 2000), 50);
        assert_eq!(expected_percent(2004, 2000), 51);
        assert_eq!(expected_percent(2000, 2004), 49);
        assert_eq!(expected_percent(2736, 2000), 100);
        assert_eq!(expected_percent(2735, 2000), 99);
        assert_eq!(dp_for_percent(100), 800);
        assert_eq!(dp_for_percent(0), -800);
        assert_eq!(dp_for_percent(75), 193);
        assert_eq!(dp_for_percent(25), -193);
    }

    #[test]
    fn performance_values() {
        assert_eq!(aro(&[2000, 2001]), Some(2001));
        assert_eq!(aro(&[]), None);
        assert_eq!(tpr(20, &[2000, 2000, 2000, 2000]), Some(2000));
        assert_eq!(ptp(0, &[2000, 2100]), Some(1200));
        assert_eq!(ptp(20, &[2000, 2000]), Some(2736));
        assert_eq!(ptp(10, &[2000, 2000]), Some(1997));
        assert_eq!(div_half_up(5, 2), 3);
        assert_eq!(div_half_up(-5, 2), -2);
    }
}
