//! Reading the fixed columns of a TRF line (FIDE C.04 Annex 2, TRF16 and TRF-2026: every field
//! sits at 1-based columns), shared by the player records' and the team records' readers.

/// The first column of round 1's block in a `001` player record (TRF16 column 92); round `r`'s
/// block starts 10 columns per round further.
pub(super) const ROUND_COLUMN: usize = 92;

/// The characters of 1-based columns `from` to `to` (inclusive), as many as the line holds.
pub(super) fn field(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from.saturating_sub(1))
        .take(to.saturating_sub(from) + 1)
        .collect()
}

/// A field of digits only (spaces around it allowed) as a number; `None` for anything else,
/// an empty field or a number above 65,535.
pub(super) fn parse_u16(s: &str) -> Option<u16> {
    let t = s.trim();
    (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .then(|| t.parse().ok())
        .flatten()
}
