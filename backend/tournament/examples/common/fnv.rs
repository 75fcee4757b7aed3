//! The digest the pairing examples print, so that two builds' pairings can be compared without
//! keeping them: FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3).

/// FNV-1a of `bytes`, 64 bits.
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
